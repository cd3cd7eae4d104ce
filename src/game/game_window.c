/* SPDX-License-Identifier: MIT */
/* game_window.c - the departure window of the hovered route (window.h) for
 * the HUD: looked at with the plan the prediction runs, from the play as it
 * stands, moved along as the play ticks and begun again when the plan or
 * the play's course changes; GAME_WINDOW_FRAME_WORK units a frame. Traces
 * "window X Y safe TICKS", "window X Y after TICKS for TICKS" and "window
 * X Y none" (a "+" after a length: that long or more). No SDL. */
#include "game.h"

#include "game_int.h"

static bool same_orders(const Orders *a, const Orders *b)
{
    if (a->count != b->count)
        return false;
    for (int i = 0; i < a->count; i++)
        if (a->leg[i].kind != b->leg[i].kind || !nav_pos_eq(a->leg[i].at, b->leg[i].at) ||
            a->leg[i].ticks != b->leg[i].ticks)
            return false;
    return true;
}

void game_window_forget(Game *g)
{
    window_forget(&g->window_scan);
    g->window_on = false;
    g->window_safe_now = false;
    g->window = (Window){.says = WINDOW_UNKNOWN};
    g->window_traced = (Window){.says = WINDOW_UNKNOWN};
}

/* Does window a, seen at tick at, say what b says at tick bt (the same
 * ticks of play)? */
static bool same_window(const Window *a, uint64_t at, const Window *b, uint64_t bt)
{
    if (a->says != b->says || a->open != b->open)
        return false;
    if (a->says != WINDOW_NOW && a->says != WINDOW_LATER)
        return true;
    if (a->says == WINDOW_LATER && at + (uint64_t)a->start != bt + (uint64_t)b->start)
        return false;
    return a->open || at + (uint64_t)(a->start + a->length) == bt + (uint64_t)(b->start + b->length);
}

/* A settled window is traced when it says something new (or always with force). */
static void trace_window(Game *g, const Orders *o, bool force)
{
    const Window *w = &g->window;
    uint64_t now = g->sim.state.tick;
    if (!w->settled || (!force && same_window(w, now, &g->window_traced, g->window_traced_at)))
        return;
    g->window_traced = *w;
    g->window_traced_at = now;
    NavPos goal = orders_end(o, g->sim.state.droid.tile);
    const char *more = w->open ? "+" : "";
    switch (w->says) {
    case WINDOW_NOW: game_trace(g, "window %d %d safe %d%s", goal.x, goal.y, w->length, more); break;
    case WINDOW_LATER:
        game_trace(g, "window %d %d after %d for %d%s", goal.x, goal.y, w->start, w->length, more);
        break;
    case WINDOW_NONE: game_trace(g, "window %d %d none", goal.x, goal.y); break;
    case WINDOW_UNKNOWN: break;
    }
}

/* A look at plan o begun from the play as it stands (the plan being
 * carried out goes on while the droid waits). */
static void begin_look(Game *g, const Orders *o)
{
    game_window_forget(g);
    bool running = g->running.count > 0 && !g->replaying;
    window_begin(&g->window_scan, &g->sim, o, running ? &g->running : NULL, &g->run);
    g->window_on = true;
}

/* Is the route's own prediction of o known, and neither cut nor empty?
 * The window is looked at only then: where the look-ahead is cut (a big
 * level), each of its departures would be. */
static bool predicted(const Game *g, const Orders *o)
{
    const Prediction *p = &g->predict;
    return (p->outcome == PREDICT_SEEN || p->outcome == PREDICT_UNSEEN) &&
           nav_pos_eq(p->goal, orders_end(o, g->sim.state.droid.tile));
}

static void window_look(Game *g, long work, bool force)
{
    WindowScan *w = &g->window_scan;
    Orders o;
    if (!g->hover_valid || g->sim.state.sentries.count == 0 || !game_prediction_orders(g, &o)) {
        if (g->window_on)
            game_window_forget(g);
        return;
    }
    bool was_safe = g->window_safe_now;
    if (!g->window_on || !same_orders(&o, &w->orders)) {
        if (!predicted(g, &o)) {
            game_window_forget(g);
            return;
        }
        begin_look(g, &o);
        was_safe = false;
    } else if (!window_advance(w, g->sim.state.tick) && w->behind) { /* the play went past what it looked at */
        begin_look(g, &o);
    }
    window_run(w, work);
    g->window = window_read(w); /* shown as far as it is known: true, and "or more" until settled */
    g->window_safe_now = g->window.says == WINDOW_NOW;
    /* an edge of the window passed: the route's prediction is made again at once */
    if (g->window.says != WINDOW_UNKNOWN && g->window_safe_now != was_safe && g->window_on) {
        g->predicting = false;
        g->predict_wait = 0;
    }
    trace_window(g, &o, force);
}

void game_window_update(Game *g, long work)
{
    window_look(g, work, false);
}

void game_window_now(Game *g)
{
    window_look(g, 0, true);
}
