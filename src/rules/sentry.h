/* SPDX-License-Identifier: MIT */
/* sentry.h - the sentries: what each one is doing (guard, alert, chase,
 * search, return), what it sees and hears, and the step it takes next.
 * Pure C, deterministic (no randomness; every tie is broken by id, then by
 * direction). The behaviour decides and a Mover per sentry walks, with the
 * droid's corner rule and time-is-cost rule.
 *
 * Shared work: every chaser reads its step from ONE bounded flow field
 * towards the droid (field.h), made again only when the droid enters a new
 * tile; hearing reads the same field. A sentry's own walks (a patrol leg, to
 * the droid's last known tile, back to its post) come from one planner that
 * all sentries queue for, with a budget of expansions a tick. So a tick
 * costs O(1) a sentry plus bounded shared work, whatever the number of
 * chasers.
 *
 * Memory: the caller owns the Sentries (sentries_init / sentries_deinit);
 * everything inside is allocated once at sentries_init and reused. */
#ifndef ISODROID_SENTRY_H
#define ISODROID_SENTRY_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "field.h"
#include "grid.h"
#include "level.h"
#include "mover.h"
#include "query.h"
#include "region.h"
#include "sight.h"

/* The rules' numbers. Distances of hearing and the chase are path costs in
 * floor steps (a straight floor step is 1, rough ground 3, a door 5). */
enum {
    SENTRY_SIGHT_RANGE = 8,     /* tiles, centre to centre; the cone is SIGHT_CONE_DEGREES */
    SENTRY_HEAR_RADIUS = 6,     /* a floor step is heard within this path cost */
    SENTRY_HEAR_ROUGH = 2,      /* a step onto rough ground carries this much further */
    SENTRY_HEAR_DOOR = 3,       /* a step into a door (it slides open) carries this much further */
    SENTRY_CHASE_BOUND = 40,    /* the chase field reaches this far from the droid */
    SENTRY_ALERT_TICKS = 30,    /* the "!" before a chase: half a second at 60 ticks a second */
    SENTRY_MEMORY_TICKS = 180,  /* a chaser goes on this long after it last saw or heard the droid */
    SENTRY_LOOK_TICKS = 90,     /* a guard turns its head this often */
    SENTRY_SEARCH_LOOKS = 4,    /* turns of a quarter circle at the last known tile */
    SENTRY_PAUSE_TICKS = 60,    /* a patrol stops this long at each waypoint */
    SENTRY_PLAN_BUDGET = 1000,  /* planner expansions a tick, all sentries together (docs/performance.md,
                                 * "Simulation tick with sentries") */
    SENTRY_PLAN_MAX = 250000,   /* expansions one walk may take before it is given up */
    SENTRY_AHEAD = 4,           /* tiles of another's way a sentry giving way keeps clear of */
    SENTRY_LURE_REACH = 10,     /* a lure's noise is heard within this path cost (floor steps) */
    SENTRY_MAX = LEVEL_SENTRY_MAX, /* 'S' tiles a level may hold (its parser refuses more) */
};

typedef enum SentryState {
    SENTRY_GUARD,  /* at its post looking around, or walking its patrol */
    SENTRY_ALERT,  /* saw or heard the droid: stops, faces it, "!" */
    SENTRY_CHASE,  /* follows the shared field to the droid */
    SENTRY_SEARCH, /* walks to the droid's last known tile and looks around */
    SENTRY_RETURN, /* walks back to its post */
    SENTRY_STATE_COUNT
} SentryState;

typedef enum SentryEventType {
    SENTRY_EV_STATE,  /* id changed state; tile is where it stands */
    SENTRY_EV_ALERT,  /* id noticed the droid (the "!" and its sound) */
    SENTRY_EV_STEP,   /* id begins to enter tile (a door there opens) */
    SENTRY_EV_CAUGHT, /* id caught the droid, standing on tile */
    SENTRY_EV_INVESTIGATE, /* id heard a lure and goes to look at tile */
} SentryEventType;

typedef struct SentryEvent {
    SentryEventType type;
    int id;
    SentryState state;
    NavPos tile;
    bool heard;      /* SENTRY_EV_ALERT: it heard the droid's step (else it saw the droid) */
} SentryEvent;

typedef struct Sentry {
    int id;                /* its index: the reading order of the 'S' tiles */
    SentryState state;
    Mover mover;           /* tile, next, facing; the walk */
    NavPos post;          /* its 'S' tile */
    Dir8 post_facing;      /* the way it looks at its post (the longest clear view) */
    int patrol_first, patrol_count; /* its waypoints in Sentries.points (post first); count 0: none */
    int leg;               /* the waypoint a patrol walks to */
    int timer;             /* ticks left: of the alert, of a look, of the chase's memory, of a pause */
    int phase;             /* look-around step (guard: 0..3; search: looks done) */
    bool walking;          /* guard with a patrol: on a leg (else pausing) */
    bool heard;            /* the droid's last step was within earshot (this tick) */
    bool alert_heard;      /* its last alert came from hearing (else from sight); for drawing */
    NavPos last_known;    /* where the droid was last seen or heard */
    NavPos goal;          /* where its walk leads */
    NavPos *walk;         /* the planned tiles (goal last), walk_pos the next one */
    int walk_len, walk_pos, walk_cap;
    bool has_walk;         /* walk is current */
    bool queued;           /* waiting in the planner's queue */
    bool has_want;         /* idle at a centre and wants to step to want */
    NavPos want;
    int yield_to;          /* the sentry it gave way to, -1: none */
} Sentry;

/* What the sentries read of the game each tick (all borrowed). */
typedef struct SentryWorld {
    const NavGrid *grid;      /* step costs; the same grid every tick of a play */
    const NavRegion *region;  /* which tiles reach which (walks never search for the unreachable);
                               * NULL while they are being labelled: no walk is planned meanwhile */
    const NavJumps *jumps;    /* JPS's table for grid, when current (else walks are planned by A*) */
    NavPos droid;         /* the droid's tile: its last tile centre */
    SightOpaque opaque;    /* what blocks sight (walls, void, closed doors) */
    const void *ctx;
} SentryWorld;

typedef struct SentryField SentryField; /* the chase field's memory, shared (sentry.c) */

typedef struct Sentries {
    int w, h;
    Sentry *list;
    int count;
    uint64_t speed;        /* progress units a tick */
    NavPos *points;       /* every patrol's waypoints, post first */
    int point_count;
    int32_t *occ;          /* w*h: id + 1 of the sentry on the tile or entering it; 0 free */
    /* The shared chase field towards the droid. Its memory (13 bytes a tile)
     * is held by field_mem and shared read-only by every copy
     * (sentries_copy: a copy costs no field); the one that next fills it
     * while others share it fills a new one of its own (a bounded field
     * touches only the tiles within its bound). */
    NavField field;
    SentryField *field_mem;
    bool field_ok;         /* the field is towards droid_at */
    NavPos droid_at;      /* the droid tile the field and the hearing were made for */
    int chasers;           /* sentries in SENTRY_CHASE */
    int alerted;           /* sentries in ALERT or CHASE (the HUD's count) */
    NavQuery *plan;       /* the one planner */
    int planning;          /* the sentry whose walk is being planned, -1 none */
    NavPos plan_from, plan_goal; /* ... from where to where */
    int *queue;            /* ring of ids waiting for the planner */
    int queue_head, queue_len;
    SentryEvent *events;   /* this tick's (read them, then they are gone) */
    int event_count, event_cap;
} Sentries;

/* Places a sentry on every 'S' tile of l (reading order gives the ids) with
 * the patrols of l's "patrol:" lines (a line whose first tile holds no 'S',
 * or a second line for the same 'S', is ignored; so are waypoints that
 * cannot be walked on), walking speed progress units a tick (mover_speed).
 * w->grid is l's grid. Ticks are SIM_TICK_HZ (60) a second. False when out
 * of memory (s zeroed). A level without sentries allocates nothing. */
bool sentries_init(Sentries *s, const Level *l, const SentryWorld *w, uint64_t speed);
void sentries_deinit(Sentries *s); /* accepts a zeroed Sentries */
/* dst becomes a copy of src that goes on exactly as src would (its planner's
 * search under way too, run on grid: a copy of the grid src runs on); dst is
 * zeroed or Sentries, its memory reused when the sizes match; the chase
 * field is shared, not copied. Events are not copied. False when out of memory (dst is then zeroed). */
bool sentries_copy(Sentries *dst, const Sentries *src, const NavGrid *grid);
/* The bytes of the chase field that releasing s would free: its memory
 * while no copy shares it, else 0. */
size_t sentries_field_own_bytes(const Sentries *s);

/* One tick, after the droid's walk: perception, states, the planner, steps,
 * catching. Events go to s->events (cleared first). */
void sentries_tick(Sentries *s, const SentryWorld *w);

/* A lure: a noise made on tile t. The sentries not after the droid (on
 * guard, searching or returning) that hear it, by the footsteps' rule (the
 * path cost from where a sentry stands to t) within SENTRY_LURE_REACH, go
 * to investigate: they walk to t, look around (SENTRY_SEARCH), go back to
 * their post and take up their patrol. Returns how many go (each one an
 * SENTRY_EV_INVESTIGATE, after this call's events are cleared). */
int sentries_lure(Sentries *s, const SentryWorld *w, NavPos t);
/* Who would: pulled[id] set for each sentry a lure on t would send (count
 * entries); returns how many. Changes nothing (the preview's question). */
int sentries_lure_hears(const Sentries *s, const SentryWorld *w, NavPos t, bool *pulled);

/* An alarm: every sentry not yet alert or chasing is alerted towards at, as
 * if it had heard the droid there (benchmarks; an alarm in a level). */
void sentries_alarm(Sentries *s, NavPos at);
/* The grid changed: a walk being planned is asked for again (it read the
 * old tiles). */
void sentries_replan(Sentries *s);
/* The sentry on tile (x, y) or entering it, or NULL. O(1). */
const Sentry *sentries_at(const Sentries *s, int x, int y);
/* Does sentry id see tile t now (range, cone, line)? For drawing the cones. */
bool sentries_sees(const Sentries *s, int id, NavPos t, const SentryWorld *w);
/* Would a sentry standing on t hear the droid's step onto the tile it last
 * reached (w->droid)? The hearing rule itself: path cost from t to the
 * droid within sentry_noise_reach of that tile. Valid once a tick has run
 * since the droid reached it; false on a level without sentries. */
bool sentries_hears_at(const Sentries *s, NavPos t, const SentryWorld *w);
/* The reach of the noise of a step onto a tile of this cost, in units.h units. */
uint64_t sentry_noise_reach(uint8_t tile_cost);
/* Everything that decides what the sentries do next, hashed (FNV-1a). */
uint64_t sentries_hash(const Sentries *s);

const char *sentry_state_name(SentryState st);

#endif
