/* SPDX-License-Identifier: MIT */
/* sim.h - the game's rules as one deterministic simulation: the droid, its
 * energy, energy cells, doors, the exit, winning and losing. Pure C. It
 * advances in fixed ticks (SIM_TICK_HZ a second) from commands only (no
 * clock, no input devices, no randomness), so the same level and the same
 * commands at the same ticks give the same state bit for bit, which
 * sim_hash proves. The game draws it, plays its sounds and traces its
 * events; none of them change it.
 *
 * Units: time, energy and path length share one unit, the cost of a
 * straight floor step (NAV_UNIT_STRAIGHT, units.h). A step costs (1 straight,
 * sqrt 2 diagonal) x the cost of the tile entered, takes that long to walk at
 * the droid's speed and spends that much energy.
 *
 * Memory: a Sim is three parts (below): its terrain (SimTerrain: the level,
 * its tiles and costs, shared by reference between copies and copied on
 * edit), its state (SimState: plain data, copied and hashed from one table)
 * and its work (SimWork: planner, scratch, events, never copied). sim_init
 * copies the Level given (the terrain owns the copy: the caller's Level may
 * move or go); everything is freed by sim_deinit. */
#ifndef ISODROID_SIM_H
#define ISODROID_SIM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "level.h"
#include "mover.h"
#include "query.h"
#include "region.h"
#include "sentry.h"
#include "tile.h"

enum {
    SIM_TICK_HZ = 60,
    SIM_DOOR_HOLD_TICKS = 2 * SIM_TICK_HZ, /* a door stays open this long after it empties */
    SIM_PUSH_DELAY_TICKS = 3,             /* a key step waits this long for a second arrow key */
    /* The held mouse never sends the droid straight back to the tile it just
     * left for a tile this close, unless it has stood still this long. */
    SIM_HOLD_NEAR = 2,
    SIM_HOLD_PAUSE_TICKS = SIM_TICK_HZ / 3,
    /* The droid's planner searches at most this many tiles a tick (its
     * time: docs/performance.md, "Player actions on big levels"; a
     * command's search is the share of the tick it comes before): any walk
     * on a level of up to 512x512 tiles is planned in the command that
     * asks for it. A longer search goes on over the next ticks while the
     * droid finishes its step and waits (SimState.planning), so no click stalls
     * a frame, and every run waits the same ticks. */
    SIM_PLAN_TICK_WORK = 512 * 512,
    /* After an edit, the jump table that JPS reads (Sim.jumps) is made again
     * this many units a tick (a unit is a tile of one of its eight passes,
     * about a nanosecond); searches run A* until it is done. */
    SIM_JUMPS_TICK_WORK = 1 << 19,
    /* After an edit, the regions (Sim.regions) are labelled again this many
     * units a tick from the restart on (a unit is a tile of one of the
     * labelling's three passes; about 2.5 ms a tick, 24 ticks on a
     * 4096x4096 level: docs/performance.md); the sentries plan no walk
     * until they are done. */
    SIM_REGION_TICK_WORK = 1 << 21,
};

/* A walk being planned over several ticks (SimState.planning). */
typedef enum SimPlanKind {
    SIM_PLAN_NONE,
    SIM_PLAN_GOTO, /* a click's walk: announced with SIM_EV_PATH or SIM_EV_NOPATH */
    SIM_PLAN_HOLD, /* the held mouse's next stretch */
} SimPlanKind;
#define SIM_DROID_SPEED 4.0 /* straight floor steps a second */
/* Waiting has a price: on a level of limited energy, every tick of play
 * (the clock running) in which the droid stands still, with no walk being
 * planned and no key step pending, spends SIM_STAND_DRAIN units, one floor
 * step's energy a second (a quarter of walking's). A goto given on the tick
 * the droid arrives (or while it walks) costs no standing at all. Energy
 * that runs out while standing loses the level as a walk's does. */
#define SIM_STAND_DRAIN ((int64_t)(NAV_UNIT_STRAIGHT / SIM_TICK_HZ))
/* Energy in hand never passes SIM_ENERGY_MAX units (2^30 floor steps, eight
 * years of walking): a cell taken beyond it fills up to it, so no number of
 * cells of any `cell:` value overflows. */
#define SIM_ENERGY_MAX (INT64_C(1) << 62)

/* e plus gain (both at least 0), saturated at SIM_ENERGY_MAX: what a cell
 * taken with e in hand leaves in hand. */
static inline int64_t sim_energy_gain(int64_t e, int64_t gain)
{
    return e > SIM_ENERGY_MAX - gain ? SIM_ENERGY_MAX : e + gain;
}

/* The lure (SIM_CMD_LURE): the droid throws a noise onto a walkable tile
 * it sees (a clear line from its tile, walls, void and closed doors
 * blocking it, as for the sentries) within SIM_LURE_RANGE tiles, centre to
 * centre, for SIM_LURE_COST units of energy (levels of limited energy).
 * The sentries that hear it go to look there (sentries_lure, sentry.h). */
enum { SIM_LURE_RANGE = 8 };
#define SIM_LURE_COST ((int64_t)(3 * NAV_UNIT_STRAIGHT))
typedef enum SimLureCheck {
    SIM_LURE_OK,
    SIM_LURE_OVER,    /* the play is over */
    SIM_LURE_FAR,     /* beyond SIM_LURE_RANGE */
    SIM_LURE_HIDDEN,  /* no clear line from the droid */
    SIM_LURE_BLOCKED, /* not a tile one walks on */
    SIM_LURE_ENERGY,  /* no more energy in hand than it costs (it would leave none) */
} SimLureCheck;

typedef enum SimStatus { SIM_PLAYING, SIM_WON, SIM_LOST } SimStatus;
typedef enum SimLose { SIM_LOSE_NONE, SIM_LOSE_ENERGY, SIM_LOSE_CAUGHT } SimLose;

/* What the player can tell the droid. Coordinates are tiles, or a step. */
typedef enum SimCmdType {
    SIM_CMD_GOTO,    /* x, y: walk there (or as close as possible) */
    SIM_CMD_PUSH,    /* x, y = dx, dy in -1..1: the held direction keys; 0, 0 when none */
    SIM_CMD_HOLD,    /* x, y: the held mouse button is over this tile: follow it */
    SIM_CMD_RELEASE, /* the mouse button is up: walk on to the last tile held */
    SIM_CMD_RESTART, /* the level again from its start (SIM_EV_RESTART); out of memory,
                      * the play goes on as it was and there is no event */
    SIM_CMD_LURE,    /* x, y: throw a lure there (sim_lure_check; SIM_EV_LURE or SIM_EV_NOLURE) */
    SIM_CMD_COUNT
} SimCmdType;

typedef struct SimCmd {
    SimCmdType type;
    int x, y;
} SimCmd;

typedef enum SimEventType {
    SIM_EV_PATH,       /* a walk was planned: x, y its end; a = steps, length */
    SIM_EV_NOPATH,     /* x, y: nothing reachable towards it */
    SIM_EV_STEP,       /* x, y: the droid begins to enter this tile; a = its TileKind */
    SIM_EV_ARRIVE,     /* x, y: the droid reached this tile's centre */
    SIM_EV_IDLE,       /* x, y: the droid stands still here */
    SIM_EV_BUMP,       /* x, y: a key step into this tile is not allowed */
    SIM_EV_PICKUP,     /* x, y: an energy cell; a = energy after (units, -1 unlimited) */
    SIM_EV_ENERGY,     /* a = energy left after a step (units); only with limited energy */
    SIM_EV_DOOR,       /* x, y: a door; a = 1 opens, 0 closes */
    SIM_EV_EXIT_OPEN,  /* x, y: the exit (the last cell was taken) */
    SIM_EV_WIN,        /* x, y: the exit entered; a = the clock (play_ticks) */
    SIM_EV_LOSE,       /* a = SimLose */
    SIM_EV_RESTART,
    SIM_EV_SENTRY,     /* x, y: a sentry's tile; a = its id, b = its new SentryState */
    SIM_EV_ALERT,      /* x, y: a sentry noticed the droid ("!" and a sound); a = its id,
                        * b = 1 it heard the droid's step, 0 it saw the droid */
    SIM_EV_LURE,       /* x, y: a lure was thrown there; a = the sentries it sends */
    SIM_EV_NOLURE,     /* x, y: a lure could not be thrown there; a = SimLureCheck */
    SIM_EV_INVESTIGATE, /* x, y: the lure a sentry goes to look at; a = its id */
} SimEventType;

typedef struct SimEvent {
    SimEventType type;
    int x, y;
    int64_t a;
    double length;  /* SIM_EV_PATH: the planned length in floor steps */
    int b;          /* SIM_EV_SENTRY: the SentryState */
} SimEvent;

/* A door's state in play; where it stands is SimTerrain.doors[i] (the same
 * index). */
typedef struct SimDoor {
    bool open;
    int32_t hold;   /* ticks left open once nothing stands in it */
} SimDoor;

typedef struct SimRegions SimRegions; /* the region labels, shared (sim_shared.c) */

/* ---- the terrain: what the level is ---------------------------------------------
 * Made by sim_reset from a Level and shared, read-only, by every copy of
 * the play (one reference each, counted atomically: a copy costs no tile).
 * Play never changes it: a cell taken is SimState.taken, a door opened is
 * SimState.doors. sim_edit_tile changes it, in its memory when no other Sim
 * holds it (sim_drop_shared), else in a copy of its own made first
 * (copy-on-write). It owns its Level, so a Sim never points into its
 * caller's memory. */
typedef struct SimTerrain {
    atomic_int refs;
    Level level;          /* a copy of the level as given to sim_reset, with every sim_edit_tile
                           * since: what sim_restart starts from */
    int w, h;
    uint8_t *kind;        /* w*h TileKind of the level (energy cells as placed; see sim_kind) */
    NavGrid grid;         /* step costs (a door costs 5 open or closed); memory owned */
    NavPos *cells;        /* the energy cells, sorted by row, then column (SimState.taken's index) */
    int cell_count;
    NavPos *doors;        /* the doors, sorted by row, then column (SimState.doors' index) */
    int door_count;
    bool lists_stale;     /* a cell or door was painted or painted over since cells and doors
                           * were listed: sim_restart lists them again (until then they stay
                           * those the play's arrays are indexed by) */
    int cells_total;      /* energy cells on the tiles now (cell_count until an edit) */
    NavPos exit;          /* the first '>' (others are plain exits too) */
    bool has_exit;
} SimTerrain;

/* ---- the state: what changes in play ----------------------------------------------
 * Plain data, described once. Every field is listed in SIM_STATE_FIELDS
 * (values), SIM_STATE_ARRAYS (arrays the state owns, with their length) or
 * SIM_STATE_PARTS (structures with their own copy and hash); sim_copy
 * copies and sim_hash hashes exactly what these tables list, so a field
 * added to a table is copied and hashed with no other line written.
 * How a field is hashed: INT (as a number), TILE (a NavPos), PLAN_INT and
 * PLAN_TILE (only while a walk is being planned), NO (copied only: it
 * follows from the rest, or is bookkeeping of the tick). */
#define SIM_STATE_FIELDS(X)                                                                          \
    X(uint64_t, tiles_serial, NO) /* counts sim_reset and sim_edit_tile: another moment of the      \
                                   * same terrain has this serial */                                \
    X(long, region_done, NO)      /* units of the region labelling this play has done */            \
    X(uint64_t, tick, INT)        /* ticks since the level's (re)start */                           \
    X(bool, started, INT)         /* the player gave a first command: the clock runs */            \
    X(uint64_t, play_ticks, INT)  /* the clock: ticks from the first command to the win or loss */ \
    X(uint64_t, end_tick, INT)    /* the tick the level was won or lost */                          \
    X(int, caught_by, INT)        /* the sentry that caught the droid, else -1 */                  \
    X(SimStatus, status, INT)                                                                        \
    X(SimLose, lose, INT)                                                                            \
    X(bool, limited, INT)         /* energy: header given */                                       \
    X(int64_t, energy, INT)       /* units; meaningful when limited */                             \
    X(int64_t, cell_energy, INT)  /* units a cell gives */                                         \
    X(uint64_t, energy_used, INT) /* units spent, walking and standing (SIM_STAND_DRAIN) */        \
    X(int64_t, steps, INT)        /* tiles entered */                                              \
    X(int, noticed, NO)           /* times a sentry noticed the droid (SIM_EV_ALERT) */            \
    X(int, lures, INT)            /* lures thrown since the start */                               \
    X(int, cells_left, INT)                                                                          \
    X(bool, exit_open, INT)                                                                          \
    X(bool, has_target, INT)                                                                         \
    X(NavPos, target, TILE)       /* where the walk ends */                                        \
    X(int, push_dx, INT)          /* the held direction keys */                                    \
    X(int, push_dy, INT)                                                                             \
    X(int, push_wait, INT)        /* ticks before a key step starts, when idle */                  \
    X(int, pending_dx, INT)       /* the key step asked for while waiting */                       \
    X(int, pending_dy, INT)                                                                          \
    X(bool, holding, INT)         /* the mouse button is held */                                   \
    X(NavPos, hold, TILE)         /* the tile held (or last clicked) */                            \
    X(bool, hold_dirty, INT)      /* hold moved since the last plan: plan again at a tile centre */ \
    X(NavPos, came_from, TILE)    /* the tile before the current one (held-mouse rule) */          \
    X(int, still, INT)            /* ticks the droid has stood still */                            \
    X(SimPlanKind, planning, INT) /* a walk still being planned (in SimWork.search) */             \
    X(NavPos, plan_goal, PLAN_TILE) /* the tile asked for */                                       \
    X(NavPos, plan_end, PLAN_TILE)  /* where the planned walk ends */                              \
    X(long, plan_work, PLAN_INT)    /* tiles searched for it so far */                             \
    X(bool, plan_searched, NO)    /* a command searched this tick's share (false after a tick) */  \
    X(int, door_active_count, NO) /* doors[door_active[0..count)] are open or closing */           \
    X(int, door_entered, NO)      /* ... and door_active[count..count+entered) entered since */    \
    X(int, cell_count, NO)        /* the terrain's cells and doors when the play started */        \
    X(int, door_count, NO)        /* (the length of the door arrays below) */                      \
    X(int, taken_count, NO)       /* cells taken (the length of taken; hashed with it) */          \
    SIM_STATE_TEST_FIELDS(X)
/* Arrays: X(type, name, length, hash); `length` is read from the SimState
 * `st` being copied or hashed. */
#define SIM_STATE_ARRAYS(X)                                                                          \
    X(int, taken, (st)->taken_count, INT) /* the cells taken: their index in SimTerrain.cells, \
                                           * ascending */                                         \
    X(SimDoor, doors, (st)->door_count, DOOR)  /* the doors' open and hold */               \
    X(int, door_active, (st)->door_count, NO)  /* the doors a tick looks at (ascending), \
                                                        * then those entered since the last tick */ \
    X(uint8_t, door_listed, (st)->door_count, NO) /* door i is in door_active */
/* Parts: X(type, name, copy, hash, free, bytes), each a function of the
 * part (sim_setup.c). */
#define SIM_STATE_PARTS(X)                                                                          \
    X(Mover, droid, sim_droid_copy, mover_hash, mover_deinit, sim_droid_bytes)                     \
    X(Sentries, sentries, sim_sentries_copy, sentries_hash, sentries_deinit, sim_sentries_bytes)
/* A test build adds fields here (tests/rules/test_state_fields.c). */
#ifndef SIM_STATE_TEST_FIELDS
#define SIM_STATE_TEST_FIELDS(X)
#endif

#define SIM_STATE_DECLARE_FIELD(type, name, hash) type name;
#define SIM_STATE_DECLARE_ARRAY(type, name, length, hash) type *name;
#define SIM_STATE_DECLARE_PART(type, name, copy, hash, free, bytes) type name;
typedef struct SimState {
    SIM_STATE_FIELDS(SIM_STATE_DECLARE_FIELD)
    SIM_STATE_ARRAYS(SIM_STATE_DECLARE_ARRAY)
    SIM_STATE_PARTS(SIM_STATE_DECLARE_PART)
} SimState;

/* ---- the work: this instance's planner, scratch and events ----------------------------
 * Never copied nor hashed: a copy starts with its own, empty (a search
 * under way is the play's, though: sim_copy copies it into the copy's own
 * planner). */
typedef struct SimWork {
    NavQuery *search;     /* the droid's planner, for levels of search_w x search_h; made when
                           * first needed (NULL in a copy that has not planned yet) */
    int search_w, search_h;
    NavPos *scratch;      /* a planned path's tiles */
    int scratch_cap;
    int *door_scratch;    /* door_count ints, for merging the doors' list */
    int door_scratch_cap;
    long doors_visited;   /* doors the last tick looked at (tests) */
    bool out_of_memory;   /* a cell could not be noted taken (out of memory) since this instance
                           * was made or copied into: the play is not what a replay would be
                           * (history_rewind then fails) */
    /* the events of the last sim_tick / sim_command (read them, then they are gone) */
    SimEvent *events;
    int event_count, event_cap;
} SimWork;

/* A play: the terrain it is on (shared), what was prepared from it (shared
 * too, each copy at its own progress), its state (copied, hashed) and its
 * work (its own). */
typedef struct Sim {
    SimTerrain *terrain;  /* shared with copies (sim_terrain.c); NULL in a zeroed Sim */
    /* What reaches what, for clicks on blocked or cut-off tiles and the
     * sentries' walks (sim_shared.c): labelled whole by sim_reset; after an
     * edit, none (the tiles are stale) until sim_restart begins labelling
     * them again, SIM_REGION_TICK_WORK units a tick. Shared by every copy
     * (one reference each: a copy costs no labels), each at its own
     * progress (SimState.region_done), so when the sentries read them again
     * is a matter of ticks, the same in every copy; the droid's planner
     * reads them at once (sim_plan: the rest of the labelling in that call). */
    SimRegions *regions;
    /* JPS's jump table for the terrain's grid (jumps.h): every search of the
     * play (the droid's, the sentries', the preview's) runs JPS while it
     * describes the grid, else A*. Made whole by sim_reset; after an edit,
     * made again SIM_JUMPS_TICK_WORK a tick, so when searches switch back to
     * JPS is a matter of ticks, the same in every copy. Copies share it once
     * it is complete (one reference each), and take a clone of it while it
     * is not (its memory shared, jumps.h: a copy costs no table). NULL when
     * out of memory: A* only. */
    NavJumps *jumps;
    SimState state;
    SimWork work;
} Sim;

/* Sets up play of level l (copied: l is only read during the call). False
 * when out of memory, with s zeroed. */
bool sim_init(Sim *s, const Level *l);
void sim_deinit(Sim *s); /* accepts a zeroed Sim */
/* Starts l from its file's state on a new terrain (a copy of l; l is only
 * read). The new play is made aside and takes the old one's place only
 * when complete: false when out of memory, and s goes on as it was (its
 * planner dropped if made for another size: made again when it plans).
 * O(tiles): it builds everything from l. */
bool sim_reset(Sim *s, const Level *l);
/* Starts the terrain's level again: the state starts afresh (no cell
 * taken, every door closed, the droid and the sentries at their start) on
 * the same terrain, so a restart of a big level takes no longer than its
 * sentries' start. After an edit (sim_edit_tile) the cells and doors are
 * listed again (the terrain made its own first when shared), the regions
 * are labelled again over the next ticks (Sim.regions), the jump table made
 * again over them (Sim.jumps): the restart itself labels nothing. False
 * when out of memory, with the play as it was. SIM_CMD_RESTART does this. */
bool sim_restart(Sim *s);
/* dst becomes a copy of src that goes on exactly as src would, command for
 * command and tick for tick (sim_hash equal now and after); dst is zeroed
 * or a Sim (its arrays reused). The state is copied field by field from
 * its tables (SIM_STATE_*); the terrain, the region labels, the jump table
 * and the sentries' chase field are shared, one more reference each; the
 * work is dst's own (events not copied; its planner kept, or made when src
 * is planning, to go on with src's search). False when out of memory (dst
 * is then zeroed). O(cells + doors + sentries + walks): nothing level-sized
 * is copied. */
bool sim_copy(Sim *dst, const Sim *src);
/* Frees s's work but its planner's search under way, if any (the planner,
 * the scratch, the events; made again when needed): for copies kept rather
 * than played (history.h). */
void sim_work_trim(Sim *s);
/* The bytes of memory s owns: every array at its capacity, its planners,
 * the sentries' lists and planner, and what releasing its grid, jump table,
 * region labels and chase field would free (sim_shared_held: memory shared
 * with other Sims is counted by none). Exact for a copy; for a Sim made by sim_reset the
 * sentries' waypoints count as kept (a level's ignored waypoints are not
 * counted). O(sentries). */
size_t sim_bytes(const Sim *s);
/* The bytes a copy of src made now into a zeroed Sim would own (sim_bytes
 * of it). O(sentries). */
size_t sim_copy_bytes(const Sim *src);
/* The bytes of sim_bytes(s) in memory shared by reference (the terrain, the
 * jump table, the region labels, the sentries' chase field) that releasing
 * s would free: 0 for those
 * another Sim holds too. O(1). */
size_t sim_shared_held(const Sim *s);
/* Lets go of what s shares with other Sims (the terrain, the jump table, the
 * region labels; not the sentries' chase field, which an edit never
 * changes: the restart fills the play's anew) and keeps the rest of its memory: s can then only be
 * copied into (its arrays reused) or freed. For copies of no more use
 * (history.h's past, a prediction's copy) before the play is edited, so
 * that the play is the only holder and edits its memory in place: no
 * level-sized memory is then made for the edit, nor freed after it. */
void sim_drop_shared(Sim *s);
/* True when the region labels of s's tiles are made (shared by copies):
 * until then a sim_plan or sim_plan_begin finishes them, which costs up to
 * an O(tiles) labelling (about 40 ms on 4096x4096) in that call. For views
 * that can wait a frame (the hover preview); the rules never ask. */
bool sim_regions_ready(const Sim *s);
/* Labels about `work` units more of the regions (SIM_REGION_TICK_WORK is a
 * tick's), ahead of the ticks, those of the tiles as they are (begun again
 * after an edit): the labels shared by s's copies, not s's own progress, so
 * nothing the rules decide changes. For a view that waits on
 * sim_regions_ready while play stands still (paused, or in the editor). */
void sim_regions_prepare(Sim *s, long work);

/* Applies a command at the current tick. Events go to s->work.events. */
void sim_command(Sim *s, const SimCmd *c);
/* One tick of play. Clears, then fills, s->work.events. */
void sim_tick(Sim *s);
/* Forgets the events read. */
void sim_clear_events(Sim *s);

/* Everything that decides what happens next, hashed (FNV-1a, 64 bits): the
 * terrain's size and the state's fields as the tables say (SIM_STATE_*). */
uint64_t sim_hash(const Sim *s);

/* The tile kind as the game stands (a cell taken is floor); TILE_VOID
 * outside. O(1), O(log cells) on a cell. */
TileKind sim_kind(const Sim *s, int x, int y);
/* The door at (x, y), or NULL. O(log doors). */
const SimDoor *sim_door_at(const Sim *s, int x, int y);
/* Plans a walk from `from` to goal, or to the tile of from's region nearest
 * goal when goal is blocked or cut off. The tiles are nav_query_tile(st, i);
 * returns NAV_DONE, NAV_PARTIAL or NAV_NO_PATH (from itself is nearest:
 * *end == from, zero steps). Never a whole-map search for a blocked goal. */
NavStatus sim_plan(Sim *s, NavQuery *st, NavPos from, NavPos goal, NavPos *end);
/* The same in slices: sets *end and begins the search on st (then
 * nav_query_step(st, work) until sim_plan_status is no longer NAV_IN_PROGRESS), or
 * returns NAV_NO_PATH when nothing is walkable towards goal. The grid must
 * stay as it is meanwhile. */
NavStatus sim_plan_begin(Sim *s, NavQuery *st, NavPos from, NavPos goal, NavPos *end);
/* NAV_IN_PROGRESS, or what sim_plan would have returned, for a search begun by
 * sim_plan_begin towards goal that ends at end. */
NavStatus sim_plan_status(const NavQuery *st, NavPos goal, NavPos end);

/* Puts glyph on tile (x, y) of the terrain's level while the level is being
 * edited (play is stopped; '@' moves the start there, as edit_paint does):
 * keeps kind, costs, regions, the cell count, the exit and the doors in
 * step, so that sim_restart starts the edited level. Give every change of
 * the level's tiles through here (or start it with sim_reset). The terrain,
 * the jump table and the region labels are changed in their memory when no
 * other Sim shares them (sim_drop_shared), else s makes its own (the
 * terrain's copy: its level, kinds and costs; out of memory for it, the
 * tile is left as it was). An unknown glyph changes nothing. */
void sim_edit_tile(Sim *s, int x, int y, char glyph);
/* The level s plays (the terrain's own copy, as edited); NULL for a zeroed Sim. */
const Level *sim_level(const Sim *s);

/* Does (x, y) block sight as the game stands? Walls, void and closed doors
 * do; floor, rough ground, water and open doors do not. */
bool sim_opaque(const Sim *s, int x, int y);
/* Does sentry id see tile t now (its range, cone and the line rule)? For
 * drawing the view cones. */
bool sim_sentry_sees(const Sim *s, int id, NavPos t);

/* Would a sentry standing on t hear the droid's last step (onto the tile it
 * last reached)? The sentries' own hearing rule; false without sentries. */
bool sim_hears_at(const Sim *s, NavPos t);

/* Can the droid throw a lure onto t now? The rule of SIM_CMD_LURE. */
SimLureCheck sim_lure_check(const Sim *s, NavPos t);
/* The sentries a lure on t would send now: pulled[id] for each of the
 * sentries.count; returns how many (sentries_lure_hears). */
int sim_lure_hears(const Sim *s, NavPos t, bool *pulled);
/* "far", "hidden", ... for a trace; a player's words for the HUD. */
const char *sim_lure_check_name(SimLureCheck c);
const char *sim_lure_check_words(SimLureCheck c);

/* Units <-> numbers a player reads (floor steps). */
double sim_units(int64_t u);
const char *sim_lose_name(SimLose why);
const char *sim_cmd_name(SimCmdType t);
/* "goto", "push", ... -> the type; false when unknown. */
bool sim_cmd_from_name(const char *name, SimCmdType *t);

#endif
