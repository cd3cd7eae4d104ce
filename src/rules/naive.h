/* SPDX-License-Identifier: MIT */
/* naive.h - the wait-for-green player (isopath naive): plays a level the
 * way a player who trusts the route preview does, to check levels against
 * it. Pure C, deterministic, on the real simulation (sim.h) and the
 * preview's own prediction (predict.h).
 *
 * Its targets are the energy cells in tour_plan's least-energy order
 * (tour.h), then the exit once open. For each leg it tries the cells still
 * lying in that order: for one target it stands where it is and looks at a
 * departure every NAIVE_STEP_TICKS ticks, from no wait up to
 * NAIVE_MAX_WAIT ticks, for the first at which a goto to the target is
 * predicted unseen all the way (PREDICT_UNSEEN: the walk ends, or wins,
 * and no sentry notices the droid; as in the game, a walk the prediction
 * did not look at to its end, PREDICT_CUT, is not green). The first target
 * in order with such a departure is walked, leaving at its earliest one;
 * the waiting is played in the simulation (the sentries move, and a sentry
 * may notice the droid standing, which ends the look at later departures).
 * Then the next leg from where the walk ended. No waypoints, no lures:
 * gotos to targets only, nothing but the preview's green to go by.
 *
 * The play ends won, or lost at the first notice (also while standing), a
 * catch, the energy, or a leg with no green departure within the wait.
 *
 * Memory: naive_play fills a NaiveResult whose legs the caller frees with
 * naive_result_free; everything else is its own and freed before it
 * returns. The Level is borrowed. */
#ifndef ISODROID_NAIVE_H
#define ISODROID_NAIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "level.h"
#include "sim.h"
#include "stop.h"

enum {
    NAIVE_STEP_TICKS = SIM_TICK_HZ / 10,   /* a departure is looked at every 0.1 s */
    NAIVE_MAX_WAIT = 20 * SIM_TICK_HZ,     /* and for at most 20 s of standing */
};

typedef enum NaiveEnd {
    NAIVE_WON,
    NAIVE_SEEN,            /* a sentry noticed the droid, walking or standing */
    NAIVE_CAUGHT,          /* a catch (it follows a notice, which ends the play first) */
    NAIVE_ENERGY,          /* the energy ran out on a walk predicted unseen */
    NAIVE_NO_SAFE_DEPARTURE, /* no target had a green departure within NAIVE_MAX_WAIT */
    NAIVE_NO_EXIT,         /* free play: nothing to win */
    NAIVE_NOT_WINNABLE,    /* tour_plan finds no order the energy covers */
    NAIVE_STUCK,           /* a walk ended short of its target (never expected) */
    NAIVE_TOO_MANY_CELLS,  /* past TOUR_MAX_CELLS */
    NAIVE_NO_MEMORY,
    NAIVE_STOPPED,         /* naive_play_stop's stop said give up: no verdict */
} NaiveEnd;

/* One walk the player made. */
typedef struct NaiveLeg {
    NavPos to;
    bool exit;             /* the exit (else an energy cell) */
    int waited;            /* ticks the droid stood before it left */
    uint64_t depart;       /* the play's tick the goto was given at (a recording's tick) */
    uint64_t end;          /* the tick the walk ended (arrived, won or lost) */
} NaiveLeg;

typedef struct NaiveResult {
    NaiveEnd end;
    bool played;           /* the level was played (the tour gave an order); the rest is of the play */
    char why[160];         /* NOT_WINNABLE, TOO_MANY_CELLS: the tour's reason */
    NaiveLeg *leg;         /* the walks in order (malloc'd) */
    int count;
    uint64_t wait_ticks;   /* all the standing, that of a last leg without departure too */
    uint64_t play_ticks;   /* the clock at the end (Sim.play_ticks): the win's time when won */
    uint64_t end_tick;     /* the play's tick where it stopped */
    int64_t steps;         /* Sim.steps then */
    uint64_t energy_used;  /* Sim.energy_used then (units) */
    int sentry;            /* SEEN, CAUGHT: the sentry's id; else -1 */
    long predictions;      /* departures predicted */
    long work;             /* ticks simulated in all (predictions, waits, walks) */
} NaiveResult;

/* Plays l from its start as described above; fills r (r->end is returned). */
NaiveEnd naive_play(const Level *l, NaiveResult *r);
/* naive_play asking stop (may be NULL; stop.h) before each departure it
 * looks at and each leg: NAIVE_STOPPED when it said give up. */
NaiveEnd naive_play_stop(const Level *l, NaiveResult *r, const RulesStop *stop);
void naive_result_free(NaiveResult *r); /* accepts a zeroed result */
/* "won", "seen", "caught", "energy", "no-safe-departure", "no-exit",
 * "not-winnable", "stuck", "too-many-cells", "memory", "stopped". */
const char *naive_end_name(NaiveEnd e);

#endif
