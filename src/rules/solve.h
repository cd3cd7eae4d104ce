/* SPDX-License-Identifier: MIT */
/* solve.h - the stealth solver (isopath solve): searches for a win in which
 * no sentry ever notices the droid, and measures how much timing slack the
 * plan it finds has. Pure C, deterministic for a given work budget.
 *
 * A plan is a list of commands, gotos and lures, each given at a tick (the
 * recording's ticks: applied when Sim.tick reaches it, before that tick is
 * played). The search runs on copies of the real simulation (sim_copy): a
 * node is the play with the droid standing idle on a tile. From a node it
 * tries every target: the cells left (on a level of more than
 * SOLVE_FIELD_CELLS cells only the SOLVE_NEAREST_CELLS nearest), the exit
 * once open, and waypoint tiles (outer corners of walls and water, at least
 * SOLVE_WAYPOINT_GAP tiles apart, within SOLVE_WAYPOINT_REACH floor steps,
 * at most SOLVE_WAYPOINT_RUN in a row between cells), departing every
 * SOLVE_SCAN_STEP ticks from the droid's arrival for up to SOLVE_MAX_WAIT
 * ticks of waiting (watched too: a wait that is noticed ends the tries).
 * Per target it keeps the first departure whose neighbours `robust` ticks
 * earlier and later all reach the target unseen, and departs no sooner than
 * `robust` ticks after arriving. Nodes are taken best first: fewest cells
 * left, then the arrival tick plus a lower bound of the ticks still needed;
 * one node per tile, cells taken and SOLVE_BUCKET ticks of arrival. A node
 * is dropped when its energy in hand (the simulation's, so whatever the
 * rules spend besides walking counts) is short of the least the win still
 * needs: the walk through the cells still lying to the exit, each leg at
 * its least cost paid from the energy in hand, each cell adding its energy
 * on arrival; exact over the cells' orders for up to SOLVE_NEED_CELLS
 * cells (tour.c's rule over every subset, made once), above that no less
 * than the nearest cell's leg nor the longest way through one cell to the
 * exit less the energy of every cell still lying. Each pass also follows
 * tour_plan's order (tour.h, the least-energy order of the cells, sentries
 * aside): from each node only the order's next cell still lying, then the
 * exit, departing as above. On a level without sentries it comes first,
 * and the whole search only when it gives no win good enough (below); on
 * a level with sentries it comes after the whole search, with the work
 * left, when that found no win good enough (the search's walks, chosen
 * rather than waited for, win sooner). A first pass asks `robust` ticks of
 * slack; when it finds no win a second asks none. Every win found is
 * replayed from the level's start (solve_replay) before it is kept; a win
 * is good enough when it has a margin of SOLVE_MARGIN_GOAL (any win
 * without margins), and the best kept is the one of largest margin, then
 * the shortest.
 *
 * Lures: on a level with sentries, when the passes above find no win good
 * enough (and `lures` is asked), they run again with the work left, now
 * also throwing lures (SIM_CMD_LURE), so a level that needs none is solved
 * as before, by the same work. From a node where some cell or the exit
 * (the goals) found no unseen departure, and which was not reached by
 * SOLVE_LURE_RUN lures in a row, it tries up to SOLVE_LURE_TILES lure
 * tiles: for the sentries a lure can send (not alert or chasing), the
 * tiles sim_lure_check allows whose lure sends one of them
 * (sim_lure_hears), those off the droid's way first (the farthest from the
 * droid and from its next goal, the tour's next cell or the exit), at
 * least SOLVE_WAYPOINT_GAP tiles apart, chosen at the first departure at
 * which such a sentry is near and again whenever the sentries near have
 * moved, while fewer are chosen. A lure tile is thrown at its first
 * departure whose neighbours `robust` ticks either side would send the
 * same sentry, and the play goes on from there as a node on the same tile
 * (its energy, the lure's cost and the standing, is the simulation's).
 * Nodes after a lure are told apart by the lures thrown and where the
 * sentries sent are searching.
 *
 * The margin of a plan is the largest M <= cap such that moving any one of
 * its commands (a lure as a goto) by any whole number of ticks from -M to
 * +M (never before tick 0) still wins unseen, each shift played out by the
 * real simulation (from a copy taken before the change, until it wins or
 * rejoins the plan's own play).
 *
 * Limits: the work (simulated ticks), the processor time and a cancel
 * flag. The clock starts as solve_level is called and covers the set-up:
 * the whole-map distance fields, the tour's fields and the waypoints are
 * made in slices with the clock and the flag asked between them (stop.h),
 * as the search asks them between its walks and the margin between its
 * shifted plays. Only the play's own set-up (sim_init: its grid, jump
 * table and regions, O(tiles), under a second at 4096x4096) is not sliced.
 * On a 4096x4096 level a slice is about 18 ms (docs/performance.md).
 *
 * Memory: solve_level fills a SolveResult whose commands the caller frees
 * with solve_result_free; everything else is the solver's own and freed
 * before it returns (queued copies of the play are kept within
 * SOLVE_OPEN_BYTES). The Level is borrowed. */
#ifndef ISODROID_SOLVE_H
#define ISODROID_SOLVE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "level.h"
#include "sim.h"

enum {
    SOLVE_SCAN_STEP = 10,          /* ticks between the departures tried from a tile */
    SOLVE_MAX_WAIT = 15 * 60,      /* the longest wait on a tile before a walk, ticks */
    SOLVE_WALK_MAX = 120 * 60,     /* a walk longer than this is dropped, ticks */
    SOLVE_BUCKET = 30,             /* arrival ticks that count as the same node */
    SOLVE_WAYPOINT_RUN = 2,        /* waypoints in a row between cells */
    SOLVE_WAYPOINT_GAP = 3,        /* waypoints are at least this many tiles apart */
    SOLVE_WAYPOINT_REACH = 20,     /* and tried within this path cost (floor steps) of the droid */
    SOLVE_ROBUST_DEFAULT = 20,     /* ticks of slack asked of each walk first */
    SOLVE_MARGIN_GOAL = 15,        /* a plan with this margin ends the search */
    SOLVE_MARGIN_CAP = 120,        /* margins are measured up to this */
    SOLVE_PLANS_MAX = 24,          /* wins looked at before the best is kept */
    SOLVE_FIELD_CELLS = 16,        /* on a level of more cells the bound counts the exit alone */
    SOLVE_NEAREST_CELLS = 4,       /* and only this many nearest cells are tried from a node */
    SOLVE_NEED_CELLS = 12,         /* up to this many cells the energy a play needs is exact over their orders */
    SOLVE_LURE_TILES = 3,          /* lure tiles tried from a node */
    SOLVE_LURE_RUN = 2,            /* lures in a row without a walk between */
    SOLVE_LURE_TRIES = 16,         /* sim_lure_hears asked at most this often for a choice of tiles */
};
#define SOLVE_WORK_DEFAULT 40000000L /* simulated ticks in all (search and margins) */
#define SOLVE_SECONDS_DEFAULT 60.0   /* processor seconds */
#define SOLVE_OPEN_BYTES ((size_t)256 << 20) /* copies of the play waiting in the search, at most */

typedef struct SolveCmd {
    uint64_t tick;    /* applied when the play's tick reaches it */
    NavPos to;       /* the goto's tile, or the lure's */
    SimCmdType type;  /* SIM_CMD_GOTO or SIM_CMD_LURE */
} SolveCmd;

typedef struct SolveOptions {
    bool margin;      /* measure margins and prefer a plan with SOLVE_MARGIN_GOAL */
    int margin_cap;   /* measured up to this many ticks */
    int robust;       /* ticks of slack asked of each walk (then 0 if none is found) */
    long max_work;    /* simulated ticks in all (the first pass stops at 3/5 of them) */
    double max_seconds; /* processor time; <= 0: no limit but the work */
    bool lures;       /* may throw lures when a plan without them is not good enough */
    bool robust_only; /* only the robust passes: none without slack after them */
    const atomic_int *cancel; /* NULL, or a flag the caller owns (another thread may set it while
                               * the solve runs): once non-zero, the solve stops within a slice
                               * (SOLVE_CANCELLED) */
} SolveOptions;

typedef enum SolveStatus {
    SOLVE_SOLVED,
    SOLVE_NO_EXIT,    /* free play: nothing to win */
    SOLVE_EXHAUSTED,  /* every plan searched is seen, caught or out of energy */
    SOLVE_BUDGET,     /* the work or time ran out first */
    SOLVE_NO_MEMORY,
    SOLVE_CANCELLED,  /* SolveOptions.cancel was set */
} SolveStatus;

typedef struct SolveResult {
    SolveStatus status;
    SolveCmd *cmd;         /* the plan (malloc'd), in tick order */
    int count;
    uint64_t play_ticks;   /* the win's clock (Sim.play_ticks) */
    int64_t steps;         /* Sim.steps at the win */
    uint64_t energy_used;  /* Sim.energy_used at the win (units) */
    int margin;            /* -1 when not measured */
    long nodes;            /* nodes expanded */
    long work;             /* ticks simulated */
    int plans;             /* wins found (and replayed), the tour's order's among them */
} SolveResult;

/* What a replay of a plan from the level's start came to. */
typedef struct SolveOutcome {
    bool won;              /* won, and no sentry noticed the droid */
    bool seen;             /* a sentry noticed the droid */
    uint64_t play_ticks;
    int64_t steps;
    uint64_t energy_used;
    uint64_t end_tick;     /* the tick the replay stopped at */
} SolveOutcome;

SolveOptions solve_options_default(void);
/* Searches l for an unseen win; fills r (see above). */
SolveStatus solve_level(const Level *l, const SolveOptions *o, SolveResult *r);
void solve_result_free(SolveResult *r); /* accepts a zeroed result */
const char *solve_status_name(SolveStatus s);

/* Gives the command on s at its tick (the commands' one dispatch). */
void solve_command(Sim *s, const SolveCmd *c);
/* How many of the plan's commands are lures. */
int solve_lure_count(const SolveCmd *cmd, int n);

/* Plays the plan (n commands, any order of ticks: applied in list order as
 * a recording is) from the level's start until a win, an alert, a loss or
 * SOLVE_WALK_MAX ticks after the last command. True when it wins unseen.
 * *work (may be NULL) gains the ticks played. False also when out of memory. */
bool solve_replay(const Level *l, const SolveCmd *cmd, int n, SolveOutcome *out, long *work);
/* The plan's margin up to cap (see above); -1 when the plan itself does not
 * win unseen or memory runs out. *work (may be NULL) gains the ticks played;
 * the measure stops early, returning what it has proven, when *work passes
 * max_work (<= 0: no limit). */
int solve_margin(const Level *l, const SolveCmd *cmd, int n, int cap, long *work, long max_work);

#endif
