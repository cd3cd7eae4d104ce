/* SPDX-License-Identifier: MIT */
/* gen.h - the level generator (isopath gen; the game's generated levels):
 * from a seed, a size and a difficulty it makes a level of rooms joined by
 * doors and archways, with rough ground, water, energy cells, an exit and
 * sentries that guard or patrol, and proves it before handing it out: every
 * walkable tile reachable from the start (isopath check), winnable on its
 * energy (tour.h), won unseen with a margin of at least GEN_MARGIN_MIN ticks
 * (solve.h). The `energy:` budget is the least energy the solver's plan
 * wins on, plus a slack of what it spends that shrinks with the difficulty.
 * Pure C, no SDL.
 *
 * The difficulty is what the proof needs, measured against the
 * wait-for-green player (naive.h) on the level as written: at difficulty 1
 * it wins; from 3 on it loses while the solver's plan wins unseen with a
 * margin of GEN_MARGIN_MIN or more (the plan makes a decision the player
 * misses); at 5 that margin is GEN_WINDOW_MAX at most, a window to hit,
 * or the plan throws a lure.
 * Candidates that miss their difficulty's test are rejected like any other.
 *
 * Deterministic: its own random numbers (splitmix64), no clock, no rand(),
 * and the solver run on a work budget with no time limit, so the same seed,
 * size and difficulty give the same bytes on every machine and every run.
 *
 * Bounded: candidates are made and proven in turn, each from a random
 * stream of its own (up to GEN_LAYOUTS layouts until everything finds a
 * place, then one proof); the first that passes is the level. At most
 * GenOptions.candidates candidates (GEN_CANDIDATES by default), at most
 * GEN_SOLVER_RUNS of them solved, twice each (the budget, then the proof),
 * each solve at most three fifths of gen_solve_work() simulated ticks, so a
 * call never runs unbounded (its time: docs/performance.md, "Generated
 * levels"; the worst case: docs/generator.md); when none passes,
 * GEN_NO_LEVEL.
 * Only the solver's robust passes run (SolveOptions.robust_only), and only
 * a plan found within three fifths of the work counts: then `isopath solve
 * --margin`, with its larger budget, finds the very same plan and margin
 * (solve.c's search is deterministic up to the point a budget stops it).
 *
 * Memory: gen_level fills a GenResult the caller owns; gen_result_free
 * releases its text and its Level (both the generator's allocations) and
 * accepts a zeroed or failed result. Nothing else outlives the call.
 * It keeps no state between calls, so a game may run it on a worker thread
 * (it takes seconds at difficulty 5, too long for a frame).
 *
 * Cancelling: GenOptions.cancel points at a flag the caller owns (an
 * atomic int, read with atomic loads only): once another thread sets it,
 * gen_level returns GEN_CANCELLED, nothing made, within a slice of its work:
 * it is asked before each layout and each step of a proof, and the solver
 * asks it between its walks, its margin's shifted plays and its set-up's
 * slices (solve.h). docs/performance.md, "Cancelling a generated level",
 * gives the time from the flag to the return. */
#ifndef ISODROID_GEN_H
#define ISODROID_GEN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "level.h"
#include "naive.h"

enum {
    GEN_SIDE_MIN = 12,           /* a side of the level, tiles (walls included) */
    GEN_SIDE_MAX = 32,           /* larger levels of many sentries outgrow the proof's budget */
    GEN_WIDTH_DEFAULT = 24,
    GEN_HEIGHT_DEFAULT = 16,
    GEN_DIFFICULTY_MIN = 1,
    GEN_DIFFICULTY_MAX = 5,
    GEN_DIFFICULTY_DEFAULT = 2,
    GEN_CANDIDATES = 256,        /* candidates made and proven before giving up */
    GEN_SOLVER_RUNS = 64,        /* ... and candidates the solver is run on (most are settled for far
                                  * less, by the tour or the wait-for-green player) */
    GEN_CANDIDATES_MAX = 1000,   /* the most a caller may ask for */
    GEN_LAYOUTS = 50,            /* layouts a candidate tries until its things all find a place
                                  * (the second half settle for fewer sentries, at least one) */
    GEN_MARGIN_MIN = 15,         /* ticks of timing slack the solver's plan must have */
    GEN_WINDOW_MAX = 30,         /* ... and at most, at difficulty 5: a window to hit */
    GEN_ROOM_MIN = 3,            /* the narrowest room, tiles of floor */
};
#define GEN_SEED_MAX INT64_MAX           /* seeds are 0 .. GEN_SEED_MAX */
#define GEN_SOLVE_WORK 500000L           /* solver ticks a solve may simulate, difficulty 1 and 2 */
#define GEN_SOLVE_WORK_HARD 1000000L     /* ... 3 to 5, whose plans need longer searches */
#define GEN_SOLVE_WORK_MAX 400000000L    /* the most a caller may allow */

typedef struct GenOptions {
    uint64_t seed;       /* 0 .. GEN_SEED_MAX */
    int w, h;            /* GEN_SIDE_MIN .. GEN_SIDE_MAX */
    int difficulty;      /* GEN_DIFFICULTY_MIN .. _MAX: more, faster sentries, less energy slack,
                          * and the test of the proof (above) */
    int candidates;      /* 1 .. GEN_CANDIDATES_MAX */
    long solve_work;     /* solver ticks per solve, 1 .. GEN_SOLVE_WORK_MAX; 0: gen_solve_work's */
    const atomic_int *cancel; /* NULL, or the caller's flag: non-zero cancels (above) */
} GenOptions;

typedef enum GenStatus {
    GEN_OK,
    GEN_BAD_OPTIONS,     /* an option out of its range (why says which) */
    GEN_NO_LEVEL,        /* no candidate passed the proof (why says what failed most) */
    GEN_NO_MEMORY,
    GEN_CANCELLED,       /* GenOptions.cancel was set: no level */
} GenStatus;

/* Why a candidate was rejected (GenResult.rejected counts them). */
typedef enum GenReject {
    GEN_REJECT_LAYOUT,   /* no layout held everything (or left a tile unreachable) */
    GEN_REJECT_TOUR,     /* not winnable on any energy */
    GEN_REJECT_UNSEEN,   /* no unseen win within the solver's first pass */
    GEN_REJECT_MARGIN,   /* the win's margin under GEN_MARGIN_MIN */
    GEN_REJECT_EASY,     /* the wait-for-green player wins where it must lose (difficulty 3 to 5) */
    GEN_REJECT_HARD,     /* ... loses where it must win (difficulty 1) */
    GEN_REJECT_WIDE,     /* the win's margin over GEN_WINDOW_MAX and no lure (difficulty 5) */
    GEN_REJECT_COUNT
} GenReject;

typedef struct GenResult {
    GenStatus status;
    char *text;          /* GEN_OK: the level file, canonical form, NUL-terminated (malloc'd) */
    size_t len;          /* its bytes, the NUL not counted */
    Level level;         /* GEN_OK: the same level, parsed */
    int candidate;       /* the candidate that passed, counted from 0 */
    int tried;           /* candidates made (and proven or rejected) */
    int solver_runs;     /* ... of which the solver was run on */
    int rooms, cells, sentries;
    long energy;         /* the `energy:` budget written */
    long energy_least;   /* the least starting energy the tour proves enough */
    long energy_plan;    /* the least starting energy the solver's plan (on a loose budget) wins on */
    double tour_length;  /* the tour's least walk, floor steps: the energy par */
    uint64_t solve_ticks; /* the solver's unseen win: its clock (60 ticks a second) */
    int64_t solve_steps;
    double solve_energy; /* ... and the energy it spent, floor steps */
    int margin;          /* ... and its margin, ticks (>= GEN_MARGIN_MIN) */
    int lures;           /* ... and the lures it throws */
    NaiveEnd naive;      /* how the wait-for-green player's play of the level ended */
    uint64_t naive_ticks; /* ... its clock then (the win's time when won) */
    uint64_t naive_wait; /* ... and the ticks it stood waiting */
    long work;           /* ticks simulated over every candidate: the solver's, the player's, replays */
    int rejected[GEN_REJECT_COUNT]; /* candidates rejected, by reason */
    char why[400];       /* GEN_BAD_OPTIONS / GEN_NO_LEVEL: the reason */
} GenResult;

/* The defaults for a seed: GEN_WIDTH_DEFAULT x GEN_HEIGHT_DEFAULT,
 * GEN_DIFFICULTY_DEFAULT, GEN_CANDIDATES, GEN_SOLVE_WORK, no cancel flag. */
GenOptions gen_options_default(uint64_t seed);
/* The solver's work for one solve of a candidate (its first pass gets
 * three fifths of it): o->solve_work, or when that is 0, GEN_SOLVE_WORK
 * (GEN_SOLVE_WORK_HARD from difficulty 3) for a level of the default size
 * or smaller and as much more as the level's inside is larger. */
long gen_solve_work(const GenOptions *o);
/* Makes and proves a level (see above); fills r, returns r->status. */
GenStatus gen_level(const GenOptions *o, GenResult *r);
void gen_result_free(GenResult *r);
const char *gen_status_name(GenStatus s);

#endif
