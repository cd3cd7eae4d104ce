/* SPDX-License-Identifier: MIT */
/* gen.h - the level generator (isopath gen; the game's generated levels):
 * from a seed, a size and a difficulty it makes a level of rooms joined by
 * doors and archways, with rough ground, water, energy cells, an exit and
 * sentries that guard or patrol, and proves it before handing it out: every
 * walkable tile reachable from the start (isopath check), winnable on its
 * energy (tour.h), won unseen with a margin of at least GEN_MARGIN_MIN ticks
 * (solve.h). The `energy:` budget is the least energy the tour proves
 * enough, plus a slack that shrinks with the difficulty. Pure C, no SDL.
 *
 * Deterministic: its own random numbers (splitmix64), no clock, no rand(),
 * and the solver run on a work budget with no time limit, so the same seed,
 * size and difficulty give the same bytes on every machine and every run.
 *
 * Bounded: candidates are made and proven in turn, each from a random
 * stream of its own (up to GEN_LAYOUTS layouts until everything finds a
 * place, then one proof); the first that passes is the level. At most
 * GenOptions.candidates candidates (GEN_CANDIDATES by default) and at most
 * gen_solve_work() simulated ticks of the solver each (GEN_SOLVE_WORK on the
 * default size), so a call never runs unbounded (its time: docs/performance.md,
 * "Generated levels"; the worst case: docs/generator.md); when none passes,
 * GEN_NO_LEVEL.
 * A candidate counts as proven only when its proof stayed within three
 * fifths of that budget: then `isopath solve --margin`, with its larger
 * budget, finds the very same plan (solve.c's search is deterministic up to
 * the point a budget stops it).
 *
 * Memory: gen_level fills a GenResult the caller owns; gen_result_free
 * releases its text and its Level (both the generator's allocations) and
 * accepts a zeroed or failed result. Nothing else outlives the call.
 * It keeps no state between calls, so a game may run it on a worker thread
 * (it takes a few seconds at worst, too long for a frame). */
#ifndef ISODROID_GEN_H
#define ISODROID_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "level.h"

enum {
    GEN_SIDE_MIN = 12,           /* a side of the level, tiles (walls included) */
    GEN_SIDE_MAX = 32,           /* larger levels of many sentries outgrow the proof's budget */
    GEN_WIDTH_DEFAULT = 24,
    GEN_HEIGHT_DEFAULT = 16,
    GEN_DIFFICULTY_MIN = 1,
    GEN_DIFFICULTY_MAX = 5,
    GEN_DIFFICULTY_DEFAULT = 2,
    GEN_CANDIDATES = 64,         /* candidates made and proven before giving up */
    GEN_CANDIDATES_MAX = 1000,   /* the most a caller may ask for */
    GEN_LAYOUTS = 50,            /* layouts a candidate tries until its things all find a place
                                  * (the second half settle for fewer sentries, at least one) */
    GEN_MARGIN_MIN = 15,         /* ticks of timing slack the solver's plan must have */
    GEN_ROOM_MIN = 3,            /* the narrowest room, tiles of floor */
};
#define GEN_SEED_MAX INT64_MAX           /* seeds are 0 .. GEN_SEED_MAX */
#define GEN_SOLVE_WORK 500000L           /* solver ticks a candidate's proof may simulate */
#define GEN_SOLVE_WORK_MAX 400000000L    /* the most a caller may allow */

typedef struct GenOptions {
    uint64_t seed;       /* 0 .. GEN_SEED_MAX */
    int w, h;            /* GEN_SIDE_MIN .. GEN_SIDE_MAX */
    int difficulty;      /* GEN_DIFFICULTY_MIN .. _MAX: more, faster sentries, less energy slack */
    int candidates;      /* 1 .. GEN_CANDIDATES_MAX */
    long solve_work;     /* solver ticks per candidate, 1 .. GEN_SOLVE_WORK_MAX; 0: gen_solve_work's */
} GenOptions;

typedef enum GenStatus {
    GEN_OK,
    GEN_BAD_OPTIONS,     /* an option out of its range (why says which) */
    GEN_NO_LEVEL,        /* no candidate passed the proof (why says what failed most) */
    GEN_NO_MEMORY,
} GenStatus;

typedef struct GenResult {
    GenStatus status;
    char *text;          /* GEN_OK: the level file, canonical form, NUL-terminated (malloc'd) */
    size_t len;          /* its bytes, the NUL not counted */
    Level level;         /* GEN_OK: the same level, parsed */
    int candidate;       /* the candidate that passed, counted from 0 */
    int tried;           /* candidates made (and proven or rejected) */
    int rooms, cells, sentries;
    long energy;         /* the `energy:` budget written */
    long energy_least;   /* the least starting energy the tour proves enough */
    double tour_length;  /* the tour's least walk, floor steps: the energy par */
    uint64_t solve_ticks; /* the solver's unseen win: its clock (60 ticks a second) */
    int64_t solve_steps;
    double solve_energy; /* ... and the energy it spent, floor steps */
    int margin;          /* ... and its margin, ticks (>= GEN_MARGIN_MIN) */
    long work;           /* solver ticks simulated over every candidate */
    int rejected[4];     /* candidates rejected by: layout, tour, unseen win, margin */
    char why[200];       /* GEN_BAD_OPTIONS / GEN_NO_LEVEL: the reason */
} GenResult;

/* The defaults for a seed: GEN_WIDTH_DEFAULT x GEN_HEIGHT_DEFAULT,
 * GEN_DIFFICULTY_DEFAULT, GEN_CANDIDATES, GEN_SOLVE_WORK. */
GenOptions gen_options_default(uint64_t seed);
/* The solver ticks a candidate's proof may take: o->solve_work, or when
 * that is 0, GEN_SOLVE_WORK for a level of the default size or smaller and
 * as much more as the level's inside is larger. */
long gen_solve_work(const GenOptions *o);
/* Makes and proves a level (see above); fills r, returns r->status. */
GenStatus gen_level(const GenOptions *o, GenResult *r);
void gen_result_free(GenResult *r);
const char *gen_status_name(GenStatus s);

#endif
