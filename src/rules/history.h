/* SPDX-License-Identifier: MIT */
/* history.h - the play's past, for rewinding: copies of the Sim taken
 * every HISTORY_EVERY ticks and every command given since the level's
 * (re)start, so that the play can be put back exactly as it stood at any
 * tick since then (the copy at or before it, then its commands and ticks
 * again). Pure C.
 *
 * Memory: the History owns its copies and its command log (history_init /
 * history_deinit). Every copy (sim_copy) shares the play's terrain (play
 * changes no tile: the cells taken are the state's), holding one reference
 * to it, and keeps no planner nor scratch (sim_work_trim), so a copy costs
 * what the play holds, not the level's size, and no copy touches fresh
 * level-sized memory. An edit of the tiles (a new tiles_serial) starts the
 * past again.
 *
 * Budget: everything the History holds (history_bytes: its copies counted
 * byte for byte by sim_bytes, the doors, the walks, the sentries and a
 * planner under way included, its slots and its command log) stays within
 * HISTORY_BUDGET, and it keeps at most HISTORY_MAX_COPIES copies. Before a
 * copy is made its size is known (sim_copy_bytes); when it would not fit,
 * every other copy of the older half is let go (the level's start always
 * stays), then the oldest after the start, so the last seconds stay one
 * second apart and a rewind replays at most a second there, more further
 * back. A copy that does not fit even alone beside the start (a walk being
 * planned on a huge level: its search state is 20 bytes a tile) is not
 * made: a rewind replays from the copy before. A level whose start alone
 * does not fit has no rewinding (history_first says so). */
#ifndef ISODROID_HISTORY_H
#define ISODROID_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim.h"

enum {
    HISTORY_EVERY = SIM_TICK_HZ, /* ticks between copies */
    HISTORY_MAX_COPIES = 64,
};
#define HISTORY_BUDGET ((size_t)256 << 20) /* bytes held at most (history_bytes) */

typedef struct HistoryCmd {
    uint64_t tick; /* applied at this tick, before it ran */
    SimCmd cmd;
} HistoryCmd;

typedef struct HistoryCopy {
    uint64_t tick;
    size_t bytes; /* sim_bytes(&sim) but its shared memory's (jump table and region labels,
                   * counted as they stand, history_bytes) */
    Sim sim;
} HistoryCopy;

typedef struct History {
    HistoryCopy *copy;     /* HISTORY_MAX_COPIES slots, by tick; copy[0] is the (re)start. The
                            * slots from copy_count on hold nothing, but for copy[0] between a
                            * start and its copy (its memory is reused) */
    int copy_count, copy_max;
    HistoryCmd *cmd;       /* by tick, in the order given */
    int cmd_count, cmd_cap;
    bool broken;           /* out of memory once, or a start too big for the budget: no
                            * rewinding until the next start */
} History;

void history_init(History *h);
void history_deinit(History *h);
/* Forgets the past and starts it at s (a level opened or restarted: tick 0). */
void history_start(History *h, const Sim *s);
/* The same with the copy of s made already (a sim_copy of it, as a loader
 * thread makes it: a big level's first copy costs its memory's first
 * touch): *first is moved in (zeroed here) and the copies kept before are
 * freed, not reused, as they are another level's. */
void history_start_from(History *h, Sim *first);
/* Forgets the past before the play's tiles are edited: no rewinding until
 * the next start, whose copy reuses the start's memory as history_start
 * does; what the copies shared with the play (sim_drop_shared) is let go
 * now, so that the edit changes the play's memory in place. */
void history_drop(History *h);
/* Notes a command applied at tick `tick` (s->tick before sim_command). */
void history_command(History *h, uint64_t tick, const SimCmd *c);
/* After each sim_tick: keeps a copy every HISTORY_EVERY ticks. */
void history_tick(History *h, const Sim *s);
/* The earliest tick the play can go back to; UINT64_MAX when none. */
uint64_t history_first(const History *h);
/* The bytes the History holds now, all told (at most HISTORY_BUDGET): its
 * copies (sim_bytes), its slots and its command log. A jump table or region
 * labels a copy shares with the play are the play's: they count only once
 * the copy holds the last reference. O(copies). */
size_t history_bytes(const History *h);
/* Puts s back as it stood at tick `to` (history_first <= to <= s->tick), before
 * the commands of that tick, and forgets what came after. False when that
 * tick is not kept (s unchanged), or when memory runs out (s is then zeroed
 * and must be started again). The events of the ticks played again are
 * dropped. */
bool history_rewind(History *h, Sim *s, uint64_t to);

#endif
