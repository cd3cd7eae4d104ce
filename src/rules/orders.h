/* SPDX-License-Identifier: MIT */
/* orders.h - a plan of several legs (Shift+click in the game): walks, waits
 * and lures given one after another, each when the one before is done. Pure
 * C, deterministic: the same plan on the same play gives the same commands
 * at the same ticks, so the preview (predict.h) runs exactly what the game
 * will. The plan itself is never recorded: its legs become ordinary
 * commands (SimCmd) at their ticks, which recordings keep.
 *
 * When a leg is done: a walk when the droid stands idle at its end (or
 * could not walk at all); a wait after its ticks, counted from the tick it
 * began; a lure at once.
 *
 * Memory: Orders and OrdersRun are plain values (ORDERS_MAX legs), copied
 * freely; nothing is allocated. */
#ifndef ISODROID_ORDERS_H
#define ISODROID_ORDERS_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "sim.h"

enum {
    ORDERS_MAX = 16,                  /* legs a plan holds */
    ORDER_WAIT_STEP = SIM_TICK_HZ / 2, /* a wait leg grows and shrinks by half a second */
    ORDER_WAIT_MAX = 20 * SIM_TICK_HZ, /* and lasts at most 20 s */
};

typedef enum OrderKind { ORDER_GOTO, ORDER_WAIT, ORDER_LURE } OrderKind;

typedef struct Order {
    OrderKind kind;
    NavPos at;  /* GOTO: where to; LURE: where it lands */
    int ticks;  /* WAIT: how long */
} Order;

typedef struct Orders {
    Order leg[ORDERS_MAX];
    int count;
} Orders;

/* A plan being carried out: the leg under way and whether its command was given. */
typedef struct OrdersRun {
    int leg;        /* the leg under way (count: all done) */
    bool given;     /* its command was given (a wait: it began) */
    uint64_t since; /* the tick it was given */
} OrdersRun;

typedef enum OrdersNext {
    ORDERS_GIVE, /* give *cmd now, then ask again */
    ORDERS_BUSY, /* a leg is under way: ask again before the next tick */
    ORDERS_DONE, /* every leg is done (or the play is over) */
} OrdersNext;

/* Adds a leg; false when the plan is full. A wait after a wait lengthens it
 * instead (up to ORDER_WAIT_MAX). */
bool orders_add(Orders *o, Order leg);
/* Shortens the last wait by ticks (it goes when it reaches 0); false when the last leg is not a wait. */
bool orders_shorten_wait(Orders *o, int ticks);
/* The plan's waits, all told, in ticks. */
long orders_wait_ticks(const Orders *o);
/* Where the droid stands when the plan is done, from `from`: the last walk's end. */
NavPos orders_end(const Orders *o, NavPos from);

/* Before each tick of s: what to do for the plan. Call it again after each
 * ORDERS_GIVE (with *cmd applied to s), until it says BUSY or DONE. */
OrdersNext orders_next(const Orders *o, OrdersRun *r, const Sim *s, SimCmd *cmd);

#endif
