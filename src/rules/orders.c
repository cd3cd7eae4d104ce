/* SPDX-License-Identifier: MIT */
/* orders.c - a plan of several legs, given one after another (orders.h). */
#include "orders.h"

bool orders_add(Orders *o, Order leg)
{
    if (leg.kind == ORDER_WAIT && o->count > 0 && o->leg[o->count - 1].kind == ORDER_WAIT) {
        Order *w = &o->leg[o->count - 1];
        w->ticks = w->ticks + leg.ticks > ORDER_WAIT_MAX ? ORDER_WAIT_MAX : w->ticks + leg.ticks;
        return true;
    }
    if (o->count >= ORDERS_MAX || (leg.kind == ORDER_WAIT && leg.ticks <= 0))
        return false;
    if (leg.kind == ORDER_WAIT && leg.ticks > ORDER_WAIT_MAX)
        leg.ticks = ORDER_WAIT_MAX;
    o->leg[o->count++] = leg;
    return true;
}

bool orders_shorten_wait(Orders *o, int ticks)
{
    if (o->count == 0 || o->leg[o->count - 1].kind != ORDER_WAIT)
        return false;
    Order *w = &o->leg[o->count - 1];
    w->ticks -= ticks;
    if (w->ticks <= 0)
        o->count--;
    return true;
}

NavPos orders_end(const Orders *o, NavPos from)
{
    for (int i = o->count - 1; i >= 0; i--)
        if (o->leg[i].kind == ORDER_GOTO)
            return o->leg[i].at;
    return from;
}

long orders_wait_ticks(const Orders *o)
{
    long ticks = 0;
    for (int i = 0; i < o->count; i++)
        ticks += o->leg[i].kind == ORDER_WAIT ? o->leg[i].ticks : 0;
    return ticks;
}

/* The droid stands idle: its walk is over (or never began). */
static bool idle(const Sim *s)
{
    return !s->state.droid.moving && mover_remaining(&s->state.droid) == 0 && s->state.planning == SIM_PLAN_NONE && !s->state.has_target;
}

OrdersNext orders_next(const Orders *o, OrdersRun *r, const Sim *s, SimCmd *cmd)
{
    while (r->leg < o->count && s->state.status == SIM_PLAYING) {
        const Order *l = &o->leg[r->leg];
        if (!r->given) {
            r->given = true;
            r->since = s->state.tick;
            if (l->kind == ORDER_GOTO) {
                *cmd = (SimCmd){SIM_CMD_GOTO, l->at.x, l->at.y};
                return ORDERS_GIVE;
            }
            if (l->kind == ORDER_LURE) {
                *cmd = (SimCmd){SIM_CMD_LURE, l->at.x, l->at.y};
                return ORDERS_GIVE;
            }
        }
        bool done = l->kind == ORDER_LURE || (l->kind == ORDER_GOTO && idle(s)) ||
                    (l->kind == ORDER_WAIT && s->state.tick >= r->since + (uint64_t)l->ticks);
        if (!done)
            return ORDERS_BUSY;
        r->leg++;
        r->given = false;
    }
    return ORDERS_DONE;
}
