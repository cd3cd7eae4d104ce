/* SPDX-License-Identifier: MIT */
/* solve_int.h - what the solver's files share beyond solve.h: the
 * search's state (solve.c's), the bounds it reads (solve_bound.c), the
 * plays it runs (solve_replay.c: a walk, a replay, the margin) and the lure
 * tiles it tries (solve_lure.c). Not for other files. */
#ifndef ISODROID_SOLVE_INT_H
#define ISODROID_SOLVE_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "field.h"
#include "heap.h"
#include "sim.h"
#include "solve.h"
#include "stop.h"

/* One step of the solver's hashes (node keys, signatures). */
static inline uint64_t solve_mix(uint64_t h, uint64_t v)
{
    h ^= v + UINT64_C(0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
    return h * UINT64_C(0xff51afd7ed558ccd);
}

enum { PLAY_ON = 0, PLAY_SEEN = 1, PLAY_LOST = 2, PLAY_WON = 4 };

/* What the last tick's events say: seen, lost, won (PLAY_* bits). */
int solve_read_events(const Sim *s);

typedef enum WalkEnd { WALK_IDLE, WALK_WON, WALK_FAILED } WalkEnd;

/* Gives a goto to `to` on s (the droid idle) and plays until the droid
 * stands still again, wins, is noticed or loses; *work counts the ticks. */
WalkEnd solve_walk_run(Sim *s, NavPos to, long *work);
/* solve_margin asking stop (may be NULL) before each shifted play: when it
 * says give up, the measure ends as at max_work, with what it has proven. */
int solve_margin_stop(const Level *l, const SolveCmd *cmd, int n, int cap, long *work, long max_work,
                      const RulesStop *stop);

/* ---- solve_lure.c: the lure tiles tried from a node ---------------------------- */

/* A lure tile tried from a node. */
typedef struct LureTry {
    NavPos to;
    int sentry;        /* the sentry it must send */
    int streak;        /* departures in a row at which it would */
    bool done;
} LureTry;

/* The chooser's scratch and the tiles chosen from one node. The search
 * owns it: solve_lure_init / solve_lure_deinit. */
typedef struct SolveLures {
    bool *pulled;      /* sim_lure_hears's answer, one a sentry; NULL without sentries */
    NavField near;     /* bounded, from the droid's tile */
    NavField heard;    /* bounded, towards a sentry's tile */
    LureTry tries[SOLVE_LURE_TILES];
    int count;         /* tiles chosen (the search sets 0 for each node) */
} SolveLures;

/* Sets l up for the play s's level (nothing to do without sentries);
 * false when out of memory, l zeroed. */
bool solve_lure_init(SolveLures *l, const Sim *s);
void solve_lure_deinit(SolveLures *l); /* accepts a zeroed one */
/* What a choice reads besides the droid's tile: the sentries near enough
 * to be sent and where they stand. Never 0. */
uint64_t solve_lure_signature(const Sim *s);
/* Adds tiles to l->tries until SOLVE_LURE_TILES are chosen: of those a
 * lure from the play s may land on (sim_lure_check), the ones that send a
 * sentry (sim_lure_hears) no tile chosen sends, then any, the farthest
 * off the droid's way (its path cost from the droid and on to goal's tile)
 * first, at least SOLVE_WAYPOINT_GAP apart; sim_lure_hears asked at most
 * SOLVE_LURE_TRIES times. */
void solve_lure_choose(SolveLures *l, const Sim *s, const NavField *goal);
/* Would a lure on `to` from the play s send sentry id? */
bool solve_lure_sends(SolveLures *l, const Sim *s, NavPos to, int id);

/* ---- solve.c: the search ------------------------------------------------------------- */

/* A node: the droid standing still on a tile (solve.h). */
typedef struct Node {
    int parent;        /* -1: the level's start */
    SolveCmd cmd;      /* the goto or the lure that led here */
    NavPos at;        /* where the droid stands still */
    int cells_left;
    int run;           /* waypoints in a row that led here */
    int lure_run;      /* lures in a row that led here */
    uint64_t f;        /* arrival tick + a lower bound of the ticks still to play */
    Sim *sim;          /* the play at the arrival, while the node waits in the queue */
} Node;

/* A walk's target from the node being expanded. */
typedef struct Target {
    NavPos to;
    int streak;        /* departures in a row that reached it unseen */
    bool done;
} Target;

/* The search: the level's goals and distances, the queue of nodes, the
 * scratch of an expansion and the best plan so far. solve_level owns it. */
typedef struct Solver {
    const Level *level;
    SolveOptions opt;
    SolveResult *r;          /* the best plan so far */
    SolveOutcome best;       /* its replay */
    int robust;              /* ticks of slack asked of each walk in this pass */
    long work, work_limit;
    clock_t clock0;          /* solve_level's start: the one clock (max_seconds) */
    RulesStop stop;          /* the clock and the cancel flag, for the set-up's slices and the margin */
    bool budget_hit, memory_hit, pruned, finished;
    bool cancelled;          /* opt.cancel was seen set */
    NavPos *cell;           /* the level's energy cells */
    int cell_count;
    bool has_exit;
    NavPos exit;
    bool sentries;           /* the level has sentries */
    NavField *cell_field;       /* cost to each cell, when there are few cells */
    int cell_field_count;
    NavField exit_field;
    bool limited;            /* the level's energy is limited */
    int64_t cell_gain;       /* units a cell gives */
    int64_t *need;           /* need[lying * cell_count + c] (solve_bound_make_need); NULL above SOLVE_NEED_CELLS */
    NavPos *tour;           /* tour_plan's order (cells, then the exit); NULL when it has none */
    int tour_len;
    bool follow;             /* this pass tries the tour's next cell alone (or the exit) */
    uint64_t speed;          /* the droid's progress units a tick */
    NavPos *waypoint;
    int waypoint_count;
    NavField near;              /* bounded, from the tile being expanded */
    Node *node;
    int node_count, node_cap, open_count, open_max;
    HeapSlot *heap;          /* the queue (heap.h): node ids in solve.c's order */
    uint32_t heap_len, heap_cap;
    uint64_t *seen;          /* open addressing set of node keys; 0 is empty */
    size_t seen_cap, seen_count;
    Sim *ring;               /* the wait's last ring_len departures */
    int ring_len;
    Sim wait, run;
    Target *target;
    int target_cap;
    bool lures;              /* this pass throws lures too */
    int plans_base;          /* wins looked at before this stage (lures or not) */
    SolveLures lure;         /* the lure tiles chosen from the node being expanded (solve_lure.c) */
} Solver;

/* ---- solve_bound.c: what a play still needs ----------------------------------------- */

/* A lower bound of the ticks from s to the win: the longest way through a
 * cell still lying to the exit, walked, and one more wait. UINT64_MAX when
 * the exit or a cell cannot be reached. */
uint64_t solve_bound_ticks(const Solver *sv, const Sim *s);
/* Makes sv->need (see Solver) when the level's energy is limited and it has
 * at most SOLVE_NEED_CELLS cells; false when out of memory. */
bool solve_bound_make_need(Solver *sv);
/* Is the energy in hand in the play s short of the least the win still
 * needs (exact over the orders of the cells still lying with sv->need,
 * else a bound)? Read from the simulation, so whatever it spends besides
 * walking counts. */
bool solve_bound_short(const Solver *sv, const Sim *s);

#endif
