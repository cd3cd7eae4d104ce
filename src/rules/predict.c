/* SPDX-License-Identifier: MIT */
/* predict.c - a goto, or a plan of legs, run forward on a copy of the play
 * until a sentry notices the droid, the plan is done or the look-ahead runs
 * out (predict.h). */
#include "predict.h"

#include <string.h>

void predict_init(Predictor *p)
{
    memset(p, 0, sizeof *p);
}

void predict_deinit(Predictor *p)
{
    sim_deinit(&p->sim);
    memset(p, 0, sizeof *p);
}

/* The legs the plan finished since the last look: when, and the energy then. */
static void note_legs(Predictor *p, int before)
{
    Prediction *r = &p->result;
    for (int i = before; i < p->run.leg && i < ORDERS_MAX; i++) {
        r->leg_ticks[i] = (int)(p->sim.state.tick - r->from_tick);
        r->leg_energy[i] = p->sim.state.energy;
        r->legs_done = i + 1;
    }
}

/* Reads a tick's (or a command's) events; true when the outcome is known. */
static bool look(Predictor *p)
{
    Prediction *r = &p->result;
    Sim *s = &p->sim;
    for (int i = 0; i < s->work.event_count; i++) {
        const SimEvent *e = &s->work.events[i];
        if (e->type == SIM_EV_ALERT && r->outcome != PREDICT_SEEN) {
            r->outcome = PREDICT_SEEN;
            r->ticks = (int)(s->state.tick - r->from_tick);
            r->at = s->state.droid.tile;
            r->sentry = (int)e->a;
            r->sentry_at = nav_pos(e->x, e->y);
            r->heard = e->b != 0;
            r->seen_leg = p->run.leg;
            return true;
        }
        if (e->type == SIM_EV_WIN)
            r->won = true;
        if (e->type == SIM_EV_LOSE) {
            r->caught = e->a == SIM_LOSE_CAUGHT;
            r->out_of_energy = e->a == SIM_LOSE_ENERGY;
        }
    }
    return false;
}

/* Gives the plan's commands due before the next tick; true when the
 * outcome is known (a notice, or the plan is done). */
static bool give(Predictor *p)
{
    Prediction *r = &p->result;
    SimCmd c;
    int before = p->run.leg;
    OrdersNext n;
    while ((n = orders_next(&p->orders, &p->run, &p->sim, &c)) == ORDERS_GIVE) {
        sim_clear_events(&p->sim);
        sim_command(&p->sim, &c);
        if (look(p))
            return true;
    }
    note_legs(p, before);
    if (n == ORDERS_DONE || p->sim.state.status != SIM_PLAYING) {
        r->outcome = PREDICT_UNSEEN;
        r->ticks = (int)(p->sim.state.tick - r->from_tick);
        return true;
    }
    return false;
}

bool predict_begin(Predictor *p, const Sim *now, NavPos goal)
{
    Orders o = {.count = 1};
    o.leg[0] = (Order){ORDER_GOTO, goal, 0};
    return predict_begin_orders(p, now, &o);
}

bool predict_begin_orders(Predictor *p, const Sim *now, const Orders *o)
{
    memset(&p->result, 0, sizeof p->result);
    bool one_walk = o->count == 1 && o->leg[0].kind == ORDER_GOTO;
    p->result.goal = orders_end(o, now->state.droid.tile);
    p->result.from_tick = now->state.tick;
    p->result.sentry = -1;
    p->orders = *o;
    p->run = (OrdersRun){0};
    p->work = 0;
    if (now->state.status != SIM_PLAYING || o->count == 0) {
        p->result.outcome = PREDICT_NOWALK;
        return true;
    }
    if (now->state.sentries.count == 0 && one_walk) { /* nobody to notice: nothing to run */
        p->result.outcome = PREDICT_UNSEEN;
        return true;
    }
    for (int i = 0; i < now->state.sentries.count; i++) {
        const Sentry *e = &now->state.sentries.list[i];
        if (e->state == SENTRY_ALERT || e->state == SENTRY_CHASE) { /* noticed already: from here on */
            p->result.outcome = PREDICT_SEEN;
            p->result.at = now->state.droid.tile;
            p->result.sentry = e->id;
            p->result.sentry_at = e->mover.tile;
            p->result.heard = e->alert_heard;
            p->result.already = true;
            return true;
        }
    }
    if (!sim_copy(&p->sim, now)) {
        p->result.outcome = PREDICT_NOWALK;
        return false;
    }
    p->result.outcome = PREDICT_RUNNING;
    SimCmd c;
    if (one_walk) { /* a walk that plans nothing is no walk */
        orders_next(&p->orders, &p->run, &p->sim, &c);
        sim_command(&p->sim, &c);
        bool planned = p->sim.state.planning != SIM_PLAN_NONE; /* a long plan: found on later ticks */
        for (int i = 0; i < p->sim.work.event_count; i++)
            planned |= p->sim.work.events[i].type == SIM_EV_PATH;
        if (!planned) {
            p->result.outcome = PREDICT_NOWALK;
            return true;
        }
        look(p);
    }
    if (p->result.outcome == PREDICT_RUNNING)
        give(p);
    return true;
}

PredictOutcome predict_run(Predictor *p, long work)
{
    Prediction *r = &p->result;
    int64_t spent = 0;
    while (r->outcome == PREDICT_RUNNING) {
        int64_t per_tick = PREDICT_TICK_BASE + p->sim.state.sentries.count + (p->sim.state.planning ? PREDICT_PLAN_TICK_WORK : 0);
        if (p->sim.state.tick - r->from_tick >= PREDICT_MAX_TICKS || p->work + per_tick > PREDICT_MAX_WORK) {
            r->outcome = PREDICT_CUT;
            r->ticks = (int)(p->sim.state.tick - r->from_tick);
            break;
        }
        if (work > 0 && spent + per_tick > work && spent > 0)
            break;
        sim_tick(&p->sim);
        p->work += per_tick;
        spent += per_tick;
        if (!look(p))
            give(p);
    }
    return r->outcome;
}
