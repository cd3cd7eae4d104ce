/* SPDX-License-Identifier: MIT */
/* window.c - the departure window (window.h): a copy of the play left
 * standing, ticked on a step at a time, a prediction of the plan from it
 * at every step, and the ticks between two steps that differ predicted one
 * by one from the copy kept of the step before. Depends on the simulation,
 * the plans and the prediction; changes none of what it is given. */
#include "window.h"

#include <string.h>

enum { MARK_NONE, MARK_SAFE, MARK_UNSAFE };

static uint8_t *slot(WindowScan *w, uint64_t t)
{
    return &w->mark[t & (WINDOW_RING - 1)];
}

static uint8_t mark_at(const WindowScan *w, uint64_t t)
{
    return w->mark[t & (WINDOW_RING - 1)];
}

void window_init(WindowScan *w)
{
    memset(w, 0, sizeof *w);
    predict_init(&w->predictor);
    w->last_unsafe = UINT64_MAX;
}

void window_deinit(WindowScan *w)
{
    sim_deinit(&w->stand);
    sim_deinit(&w->back);
    predict_deinit(&w->predictor);
    memset(w, 0, sizeof *w);
    w->last_unsafe = UINT64_MAX;
}

bool window_safe(const Prediction *p)
{
    return p->outcome == PREDICT_UNSEEN;
}

/* The work of a tick of s (predict.h's), and of a copy of it (window.h). */
static int64_t tick_cost(const Sim *s)
{
    return PREDICT_TICK_BASE + s->state.sentries.count + (s->state.planning ? PREDICT_PLAN_TICK_WORK : 0);
}

static int64_t copy_cost(const Sim *s)
{
    return 1 + s->state.sentries.count + (int64_t)s->terrain->w * s->terrain->h / WINDOW_COPY_TILES;
}

void window_forget(WindowScan *w)
{
    w->active = w->predicting = w->between = false;
    w->cut = w->behind = w->failed = false;
    w->known = w->from = w->begun = 0;
    w->last_unsafe = UINT64_MAX;
}

/* Out of memory: the look is given up. */
static void fail(WindowScan *w)
{
    window_forget(w);
    w->failed = true;
}

bool window_begin(WindowScan *w, const Sim *now, const Orders *o, const Orders *running, const OrdersRun *run)
{
    window_forget(w);
    w->orders = *o;
    w->running = running ? *running : (Orders){.count = 0};
    w->stand_on = w->running.count > 0;
    w->stand_run = running && run ? *run : (OrdersRun){0};
    w->predictions = 0;
    w->work = 0;
    if (!sim_copy(&w->stand, now)) {
        fail(w);
        return false;
    }
    w->begun = w->from = w->known = now->state.tick;
    w->owed = copy_cost(now);
    w->active = true;
    return true;
}

/* One tick of waiting on s: the running plan's commands that are due, then
 * the tick, as the game gives them (game.c, plan_give and game_update). */
static void wait_tick(const Orders *running, OrdersRun *run, bool *on, Sim *s)
{
    SimCmd c;
    OrdersNext n = ORDERS_BUSY;
    while (*on && (n = orders_next(running, run, s, &c)) == ORDERS_GIVE)
        sim_command(s, &c);
    if (*on && n == ORDERS_DONE)
        *on = false;
    sim_tick(s);
}

/* Begins the prediction of the departure at tick t from s (which stands at t). */
static bool predict_from(WindowScan *w, const Sim *s, bool between, int64_t *spent)
{
    *spent += 2 * copy_cost(s); /* the predictor's copy, and its walk planned (a search of the level at most) */
    if (!predict_begin_orders(&w->predictor, s, &w->orders)) {
        fail(w);
        return false;
    }
    w->target = s->state.tick;
    w->between = between;
    w->predicting = true;
    w->predictions++;
    return true;
}

/* The next sample: the first one where the look began, then WINDOW_STEP
 * ticks of waiting on from the last (kept in back first). */
static bool next_sample(WindowScan *w, int64_t *spent)
{
    if (w->known > w->begun) {
        if (!sim_copy(&w->back, &w->stand)) {
            fail(w);
            return false;
        }
        *spent += copy_cost(&w->stand);
        w->back_run = w->stand_run;
        w->back_on = w->stand_on;
        for (int i = 0; i < WINDOW_STEP; i++) {
            *spent += tick_cost(&w->stand);
            wait_tick(&w->running, &w->stand_run, &w->stand_on, &w->stand);
        }
    }
    return predict_from(w, &w->stand, false, spent);
}

/* The tick after back's, between two samples that differ. */
static void next_between(WindowScan *w, int64_t *spent)
{
    *spent += tick_cost(&w->back);
    wait_tick(&w->running, &w->back_run, &w->back_on, &w->back);
    predict_from(w, &w->back, true, spent);
}

static void mark_range(WindowScan *w, uint64_t a, uint64_t b, uint8_t m)
{
    for (uint64_t t = a; t <= b; t++)
        *slot(w, t) = m;
    w->known = b + 1;
}

/* A prediction is done: its verdict m marks its tick, and the ticks before
 * it back to the last mark, or the ticks between are looked at. */
static void record(WindowScan *w, uint8_t m, int64_t *spent)
{
    uint64_t s = w->stand.state.tick;
    if (!w->between) {
        if (s == w->begun) {
            mark_range(w, s, s, m);
            return;
        }
        if (mark_at(w, s - WINDOW_STEP) == m) { /* the same at both ends: the same between */
            mark_range(w, s - WINDOW_STEP + 1, s, m);
            return;
        }
        w->pending = m; /* it changed between: where, to the tick */
        next_between(w, spent);
        return;
    }
    uint64_t t = w->target;
    if (m == w->pending) { /* changed here: as the sample from here on */
        mark_range(w, t, s, m);
        w->between = false;
        return;
    }
    mark_range(w, t, t, m);
    if (t + 1 == s) { /* changed at the sample itself */
        mark_range(w, s, s, w->pending);
        w->between = false;
        return;
    }
    next_between(w, spent);
}

bool window_done(const WindowScan *w)
{
    return !w->active || (!w->predicting && w->known > w->from + WINDOW_HORIZON);
}

int64_t window_run(WindowScan *w, long work)
{
    int64_t spent = w->owed;
    w->owed = 0;
    while (!window_done(w) && (work <= 0 || spent < work)) {
        if (!w->predicting && !next_sample(w, &spent))
            break;
        long left = work > 0 ? work - (long)spent : 0;
        if (work > 0 && left <= 0)
            break;
        int64_t before = w->predictor.work;
        PredictOutcome o = predict_run(&w->predictor, left);
        spent += w->predictor.work - before;
        if (o == PREDICT_RUNNING)
            break;
        w->predicting = false;
        if (o == PREDICT_CUT) { /* not known that far ahead: no window */
            window_forget(w);
            w->cut = true;
            break;
        }
        record(w, window_safe(&w->predictor.result) ? MARK_SAFE : MARK_UNSAFE, &spent);
    }
    w->work += spent;
    return spent;
}

bool window_advance(WindowScan *w, uint64_t now)
{
    if (!w->active || now == w->from)
        return w->active;
    if (now < w->from || now > w->known) { /* another course, or past what was looked at */
        window_forget(w);
        w->behind = true;
        return false;
    }
    for (uint64_t t = w->from; t < now; t++)
        if (mark_at(w, t) == MARK_UNSAFE)
            w->last_unsafe = t;
    w->from = now;
    return true;
}

/* The end of the run of departures marked m from t (the first tick past it,
 * at most one past the horizon or the last marked). */
static uint64_t run_end(const WindowScan *w, uint64_t t, uint8_t m)
{
    uint64_t last = w->from + WINDOW_HORIZON + 1;
    if (w->known < last)
        last = w->known;
    while (t < last && mark_at(w, t) == m)
        t++;
    return t;
}

Window window_read(const WindowScan *w)
{
    Window r = {.says = WINDOW_UNKNOWN};
    if (!w->active || w->known <= w->from)
        return r;
    uint64_t last = w->from + WINDOW_HORIZON + 1; /* past the horizon */
    bool whole = w->known >= last;                /* every departure up to the horizon is marked */
    uint64_t reach = whole ? last : w->known;
    uint64_t t = w->from;
    if (mark_at(w, t) == MARK_UNSAFE) {
        t = run_end(w, t, MARK_UNSAFE);
        if (t == reach) /* none as far as it looked (settled: none up to the horizon) */
            return (Window){.says = WINDOW_NONE, .length = (int)(t - w->from), .settled = whole};
        r.says = WINDOW_LATER;
        r.start = (int)(t - w->from);
    } else {
        r.says = WINDOW_NOW;
        r.since_seen = w->last_unsafe != UINT64_MAX;
        r.elapsed = (int)(w->from - (r.since_seen ? w->last_unsafe + 1 : w->begun));
    }
    uint64_t e = run_end(w, t, MARK_SAFE);
    r.length = (int)(e - t);
    r.open = e == reach;
    r.settled = !r.open || whole;
    return r;
}
