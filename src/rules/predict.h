/* SPDX-License-Identifier: MIT */
/* predict.h - what a walk, or a plan of several legs, would meet: it is run
 * forward on a copy of the simulation (sentries, doors and all), to where a sentry would first
 * notice the droid, by sight or by hearing, and which one. The simulation is
 * deterministic, so a goto given on the same state meets exactly this.
 * Pure C.
 *
 * The run is sliced: predict_begin copies the state, predict_run advances it
 * by a budget of work and can be called again on later frames until it is
 * done. The look-ahead is bounded: PREDICT_MAX_TICKS of play, and
 * PREDICT_MAX_WORK units of work in all (a tick costs PREDICT_TICK_BASE + the
 * number of sentries, more while the droid's walk is still being planned), so a level with many sentries is looked at less far ahead
 * (PREDICT_CUT says so).
 *
 * Memory: the Predictor owns its copy of the Sim (predict_init / predict_deinit). */
#ifndef ISODROID_PREDICT_H
#define ISODROID_PREDICT_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "orders.h"
#include "sim.h"

enum {
    PREDICT_MAX_TICKS = 60 * SIM_TICK_HZ, /* a minute of play */
    PREDICT_MAX_WORK = 400000,            /* ticks x (PREDICT_TICK_BASE + sentries), and ticks of planning */
    /* what a tick costs besides its sentries (the droid, the doors, the
     * plan's legs): about as much as 16 sentries, so that a budget of work
     * a frame is a budget of time on a level of few sentries too */
    PREDICT_TICK_BASE = 16,
    /* a tick in which the droid's plan goes on (SIM_PLAN_TICK_WORK tiles
     * searched): as much as the tick of that many sentries */
    PREDICT_PLAN_TICK_WORK = SIM_PLAN_TICK_WORK / 20,
};

typedef enum PredictOutcome {
    PREDICT_RUNNING, /* not finished: call predict_run again */
    PREDICT_UNSEEN,  /* the walk ends and no sentry noticed the droid */
    PREDICT_SEEN,    /* a sentry notices the droid on the way (or is after it already: ticks 0) */
    PREDICT_CUT,     /* the look-ahead limit came first: unseen as far as it looked */
    PREDICT_NOWALK,  /* nothing to walk (no way, or the play is over) */
} PredictOutcome;

typedef struct Prediction {
    PredictOutcome outcome;
    NavPos goal;        /* the tile the goto was for */
    uint64_t from_tick;  /* the play's tick it was made at */
    int ticks;           /* SEEN: ticks from then to the notice; else ticks looked at */
    NavPos at;          /* SEEN: the droid's tile then (the last tile centre it reached) */
    int sentry;          /* SEEN: its id */
    NavPos sentry_at;   /* SEEN: where it stood */
    bool heard;          /* SEEN: it heard the droid's step (else it saw the droid) */
    bool already;        /* SEEN: it was after the droid before the walk began */
    bool caught;         /* the walk ends in a catch (after a notice) */
    bool won;            /* the walk wins the level */
    bool out_of_energy;  /* the walk runs out of energy */
    /* a plan's legs (predict_begin_orders; one walk is a plan of one leg):
     * legs_done of them were done, leg_ticks[i] ticks after from_tick with
     * leg_energy[i] units in hand then; a notice came in leg seen_leg */
    int legs_done;
    int leg_ticks[ORDERS_MAX];
    int64_t leg_energy[ORDERS_MAX];
    int seen_leg;
} Prediction;

typedef struct Predictor {
    Sim sim;          /* the copy being run forward */
    Orders orders;    /* the plan it carries out */
    OrdersRun run;
    Prediction result;
    int64_t work;     /* spent so far */
    bool walking;     /* the droid has begun its walk (or stands at its goal) */
} Predictor;

void predict_init(Predictor *p);
void predict_deinit(Predictor *p);
/* Starts a prediction of a goto to `goal` given on state `now` (as it
 * stands, before its next tick). False when out of memory. */
bool predict_begin(Predictor *p, const Sim *now, NavPos goal);
/* The same for a plan of legs, each given when the one before is done
 * (orders.h), as the game carries a plan out: the prediction ends with the
 * first notice or when every leg is done. A plan of one walk is
 * predict_begin's. */
bool predict_begin_orders(Predictor *p, const Sim *now, const Orders *o);
/* Runs on by at most `work` units (<= 0: to the end). Returns the outcome:
 * PREDICT_RUNNING until it is known. p->result holds the details. */
PredictOutcome predict_run(Predictor *p, long work);

#endif
