/* SPDX-License-Identifier: MIT */
/* window.h - the departure window of a plan (orders.h): for how long the
 * same orders, given after the droid has waited, are still predicted
 * unseen (predict.h), or how long until they are. Pure C, deterministic.
 *
 * A departure d ticks from now is the plan given after d ticks of waiting:
 * a copy of the play (the stand) goes on with no command of the player's
 * (the droid finishes the walk under way and stands, a plan being carried
 * out goes on), and the plan is predicted from it. A departure is safe
 * when its prediction is PREDICT_UNSEEN, the preview's green.
 *
 * Departures are looked at every WINDOW_STEP ticks, up to WINDOW_HORIZON
 * ticks ahead; where two looks differ, the ticks between are looked at one
 * by one, so the window's edges are exact to the tick (a change and back
 * within one step would go unseen). What was learnt is kept by the play's
 * tick, not by delay: as the play moves on with no command of the player's,
 * it moves along the same course as the stand, so every look stays true
 * and only the newest departures are looked at (window_advance). Any other
 * change of the play (a command, a rewind, a restart, an edit) or of the
 * plan starts a new look (window_begin).
 *
 * The look is sliced: window_run advances it by a budget of work in
 * predict.h's units (a tick costs PREDICT_TICK_BASE + the number of
 * sentries; a copy of the play a unit for WINDOW_COPY_TILES tiles).
 *
 * Memory: the WindowScan owns its two copies of the play and its Predictor
 * (window_init / window_deinit). The plans it is given are copied. */
#ifndef ISODROID_WINDOW_H
#define ISODROID_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "orders.h"
#include "predict.h"
#include "sim.h"

enum {
    WINDOW_STEP = 3,                  /* ticks between departures looked at */
    WINDOW_HORIZON = 5 * SIM_TICK_HZ, /* the latest departure looked at, ticks from now */
    WINDOW_RING = 512,                /* ticks kept (a power of two above WINDOW_HORIZON + WINDOW_STEP) */
    WINDOW_COPY_TILES = 16,           /* a copy of the play costs a unit of work per this many tiles */
};

typedef enum WindowSays {
    WINDOW_UNKNOWN, /* not looked at far enough yet, or a prediction was cut (WindowScan.cut) */
    WINDOW_NOW,     /* safe to go now, for `length` ticks */
    WINDOW_LATER,   /* unsafe now; safe from `start` ticks on, for `length` ticks */
    WINDOW_NONE,    /* no safe departure within `length` ticks (settled: up to WINDOW_HORIZON) */
} WindowSays;

/* The window as seen from one tick of the play. What it says is true as
 * far as the look has gone; `settled` when looking further cannot change it. */
typedef struct Window {
    WindowSays says;
    int start;       /* LATER: ticks from now to the first safe departure; NOW: 0 */
    int length;      /* NOW, LATER: safe departures from start on; the first unsafe one is at start + length;
                      * NONE: the unsafe ones looked at */
    bool open;       /* the last of them is the last looked at: `length` or more */
    bool settled;    /* looking further cannot change it (an unsafe departure ends it, or the horizon does) */
    int elapsed;     /* NOW: ticks it has been safe already, as far as this look knows */
    bool since_seen; /* NOW: the look saw it turn safe (else it was safe when the look began) */
} Window;

typedef struct WindowScan {
    Orders orders;         /* the plan looked at */
    Orders running;        /* the plan being carried out on the play, carried on while waiting */
    Sim stand;             /* the play left standing: at the last departure sampled */
    Sim back;              /* the stand at the sample before it, for the ticks between */
    OrdersRun stand_run, back_run; /* how far each has carried `running` out */
    bool stand_on, back_on;        /* and whether it still does */
    Predictor predictor;
    uint8_t mark[WINDOW_RING]; /* by tick % WINDOW_RING: the departures' verdicts */
    uint64_t begun;        /* the play's tick the look began at */
    uint64_t from;         /* the earliest tick kept: the play's tick now */
    uint64_t known;        /* ticks [from, known) are marked */
    uint64_t last_unsafe;  /* the last tick before `from` marked unsafe; UINT64_MAX: none */
    /* the departure being predicted: a sample (stand) or a tick between
     * (back, ticked on to it) */
    uint64_t target;
    bool predicting, between;
    uint8_t pending;       /* between: the verdict of the sample after the ticks between */
    bool active;           /* begun, and not given up */
    bool cut;              /* a prediction reached the look-ahead limit: the window is not known */
    bool behind;           /* the play moved past what was looked at (window_advance) */
    bool failed;           /* out of memory: the look was given up */
    int64_t owed;          /* window_begin's copy, paid by the next window_run */
    long predictions;      /* departures predicted since window_begin */
    int64_t work;          /* spent since window_begin */
} WindowScan;

void window_init(WindowScan *w);
void window_deinit(WindowScan *w);
/* Starts a look at plan o given on the play `now` (as it stands, before
 * its next tick) or later, with `running` (NULL: none) being carried out
 * at `run`. Copies the play: false when out of memory. */
bool window_begin(WindowScan *w, const Sim *now, const Orders *o, const Orders *running, const OrdersRun *run);
/* Forgets the look (window_read says UNKNOWN until the next window_begin). */
void window_forget(WindowScan *w);
/* The play has moved on to tick `now` along the stand's course: the ticks
 * before it are dropped. False when the look fell behind the play (it
 * knows nothing from `now` on and its stand is in the past): begin again. */
bool window_advance(WindowScan *w, uint64_t now);
/* Looks on by at most `work` units (<= 0: until WINDOW_HORIZON ticks past
 * `from` are marked). Returns the units spent. */
int64_t window_run(WindowScan *w, long work);
/* Is the look done (everything up to the horizon marked, or given up)? */
bool window_done(const WindowScan *w);
/* The window from the tick `from` (window_advance). */
Window window_read(const WindowScan *w);

/* Is a departure with this prediction safe? */
bool window_safe(const Prediction *p);

#endif
