/* SPDX-License-Identifier: MIT */
/* predict.c - a goto run forward on a copy of the play until a sentry
 * notices the droid, the walk ends or the look-ahead runs out (predict.h). */
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

/* Reads a tick's (or the goto's) events; true when the outcome is known. */
static bool look(Predictor *p)
{
    Prediction *r = &p->result;
    Sim *s = &p->sim;
    for (int i = 0; i < s->event_count; i++) {
        const SimEvent *e = &s->events[i];
        if (e->type == SIM_EV_ALERT && r->outcome != PREDICT_SEEN) {
            r->outcome = PREDICT_SEEN;
            r->ticks = (int)(s->tick - r->from_tick);
            r->at = s->droid.tile;
            r->sentry = (int)e->a;
            r->sentry_at = nav_pos(e->x, e->y);
            r->heard = e->b != 0;
            return true;
        }
        if (e->type == SIM_EV_WIN)
            r->won = true;
        if (e->type == SIM_EV_LOSE) {
            r->caught = e->a == SIM_LOSE_CAUGHT;
            r->out_of_energy = e->a == SIM_LOSE_ENERGY;
        }
    }
    if (s->status != SIM_PLAYING || (!s->has_target && !s->droid.moving)) {
        r->outcome = PREDICT_UNSEEN;
        r->ticks = (int)(s->tick - r->from_tick);
        return true;
    }
    return false;
}

bool predict_begin(Predictor *p, const Sim *now, NavPos goal)
{
    memset(&p->result, 0, sizeof p->result);
    p->result.goal = goal;
    p->result.from_tick = now->tick;
    p->result.sentry = -1;
    p->work = 0;
    if (now->status != SIM_PLAYING) {
        p->result.outcome = PREDICT_NOWALK;
        return true;
    }
    if (now->sentries.count == 0) { /* nobody to notice: nothing to run */
        p->result.outcome = PREDICT_UNSEEN;
        return true;
    }
    for (int i = 0; i < now->sentries.count; i++) {
        const Sentry *e = &now->sentries.list[i];
        if (e->state == SENTRY_ALERT || e->state == SENTRY_CHASE) { /* noticed already: from here on */
            p->result.outcome = PREDICT_SEEN;
            p->result.at = now->droid.tile;
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
    SimCmd c = {SIM_CMD_GOTO, goal.x, goal.y};
    sim_command(&p->sim, &c);
    bool planned = p->sim.planning != SIM_PLAN_NONE; /* a long plan: found on later ticks */
    for (int i = 0; i < p->sim.event_count; i++)
        planned |= p->sim.events[i].type == SIM_EV_PATH;
    if (!planned) {
        p->result.outcome = PREDICT_NOWALK;
        return true;
    }
    p->result.outcome = PREDICT_RUNNING;
    look(p);
    return true;
}

PredictOutcome predict_run(Predictor *p, long work)
{
    Prediction *r = &p->result;
    int64_t spent = 0;
    while (r->outcome == PREDICT_RUNNING) {
        int64_t per_tick = 1 + p->sim.sentries.count + (p->sim.planning ? PREDICT_PLAN_TICK_WORK : 0);
        if (p->sim.tick - r->from_tick >= PREDICT_MAX_TICKS || p->work + per_tick > PREDICT_MAX_WORK) {
            r->outcome = PREDICT_CUT;
            r->ticks = (int)(p->sim.tick - r->from_tick);
            break;
        }
        if (work > 0 && spent + per_tick > work && spent > 0)
            break;
        sim_tick(&p->sim);
        p->work += per_tick;
        spent += per_tick;
        look(p);
    }
    return r->outcome;
}
