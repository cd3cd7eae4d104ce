/* SPDX-License-Identifier: MIT */
/* history.c - copies every HISTORY_EVERY ticks, a log of commands, and
 * rewinding by restoring a copy and playing the log forward (history.h).
 * What it holds is counted byte for byte and kept within HISTORY_BUDGET. */
#include "history.h"

#include <stdlib.h>
#include <string.h>

void history_init(History *h)
{
    memset(h, 0, sizeof *h);
}

void history_deinit(History *h)
{
    for (int i = 0; i < h->copy_max; i++)
        sim_deinit(&h->copy[i].sim);
    free(h->copy);
    free(h->cmd);
    memset(h, 0, sizeof *h);
}

/* What a copy holds of its own in memory shared by reference (its jump
 * table, its region labels) as it stands: that memory counts once no other
 * Sim shares it (sim_shared_held). */
static size_t shared_held(const Sim *s)
{
    return sim_shared_held(s);
}

/* The bytes of the copy in slot c as it stands, its shared memory aside. */
static size_t copy_bytes(const HistoryCopy *c)
{
    return sim_bytes(&c->sim) - shared_held(&c->sim);
}

/* What slot c holds now, its shared memory included. */
static size_t slot_bytes(const HistoryCopy *c)
{
    return c->bytes + shared_held(&c->sim);
}

size_t history_bytes(const History *h)
{
    size_t n = (size_t)h->copy_max * sizeof *h->copy + (size_t)h->cmd_cap * sizeof *h->cmd;
    for (int i = 0; i < h->copy_max; i++)
        n += slot_bytes(&h->copy[i]);
    return n;
}

/* Lets the copy in slot i go: its memory freed. */
static void let_go(History *h, int i)
{
    sim_deinit(&h->copy[i].sim);
    h->copy[i].bytes = 0;
    h->copy[i].tick = 0;
}

/* Room for the copies of a play (made when there is none yet, or made
 * again when `fresh`, the copies before freed); the past forgotten. The
 * start's slot keeps its memory (not `fresh`) for the next start's copy.
 * False (and the history broken) when out of memory. */
static bool start_slots(History *h, bool fresh)
{
    for (int i = fresh ? 0 : 1; h->copy && i < h->copy_max; i++)
        let_go(h, i);
    if (!h->copy) {
        h->copy = calloc(HISTORY_MAX_COPIES, sizeof *h->copy);
        h->copy_max = h->copy ? HISTORY_MAX_COPIES : 0;
    }
    h->copy_count = 0;
    h->cmd_count = 0;
    h->broken = !h->copy;
    return !h->broken;
}

void history_drop(History *h)
{
    if (!h->copy)
        return;
    start_slots(h, false);
    sim_drop_shared(&h->copy[0].sim);
    h->copy[0].bytes = copy_bytes(&h->copy[0]);
    h->copy[0].tick = 0;
}

void history_start(History *h, const Sim *s)
{
    if (start_slots(h, false))
        history_tick(h, s);
}


void history_start_from(History *h, Sim *first)
{
    if (!start_slots(h, true)) { /* another level's copies: no use to reuse them */
        sim_deinit(first);
        return;
    }
    h->copy[0] = (HistoryCopy){first->state.tick, 0, *first};
    memset(first, 0, sizeof *first);
    h->copy[0].bytes = copy_bytes(&h->copy[0]);
    h->copy_count = 1;
    if (history_bytes(h) > HISTORY_BUDGET) { /* the start alone is too big: no rewinding */
        let_go(h, 0);
        h->copy_count = 0;
        h->broken = true;
    }
}

/* Lets every other copy of the older half go (never the start); false when
 * none went (fewer than four copies). */
static bool thin(History *h)
{
    int half = h->copy_count / 2, out = 1;
    for (int i = 1; i < h->copy_count; i++) {
        bool keep = i >= half || i % 2 == 0;
        if (keep) {
            HistoryCopy c = h->copy[out]; /* swapped, so every Sim's memory stays owned once */
            h->copy[out] = h->copy[i];
            h->copy[i] = c;
            out++;
        }
    }
    bool went = out < h->copy_count;
    for (int i = out; i < h->copy_count; i++)
        let_go(h, i);
    h->copy_count = out;
    return went;
}

/* Lets older copies go to make room: every other of the older half, else
 * the oldest after the start. False when only the start is left. */
static bool make_room(History *h)
{
    if (h->copy_count < 2)
        return false;
    if (thin(h))
        return true;
    HistoryCopy c = h->copy[1];
    memmove(&h->copy[1], &h->copy[2], (size_t)(h->copy_count - 2) * sizeof *h->copy);
    h->copy[h->copy_count - 1] = c;
    let_go(h, --h->copy_count);
    return true;
}

/* Keeps a copy of s in the next slot, within the budget: older copies go
 * first if need be; the copy is not made when it cannot fit. */
static void keep(History *h, const Sim *s)
{
    if (h->copy_count == h->copy_max)
        thin(h);
    bool start = h->copy_count == 0;
    size_t need = sim_copy_bytes(s);
    /* the slot's own memory is reused (the start's) or freed */
    while (history_bytes(h) - slot_bytes(&h->copy[h->copy_count]) + need > HISTORY_BUDGET && make_room(h))
        ;
    HistoryCopy *c = &h->copy[h->copy_count];
    if (history_bytes(h) - slot_bytes(c) + need > HISTORY_BUDGET) {
        if (start) { /* the level's start alone is too big: no rewinding */
            let_go(h, 0);
            h->broken = true;
        }
        return; /* a rewind replays from the copy before */
    }
    for (int pass = 0; pass < 2; pass++) {
        /* every moment shares the play's terrain (its tiles are the same but
         * for the cells taken, which are the state's): no level's worth of
         * memory in any copy; a copy kept has no planner nor scratch */
        if (!sim_copy(&c->sim, s)) {
            c->bytes = 0;
            h->broken = true;
            return;
        }
        sim_work_trim(&c->sim);
        c->tick = s->state.tick;
        c->bytes = copy_bytes(c);
        if (history_bytes(h) <= HISTORY_BUDGET)
            break;
        /* a reused slot's arrays kept more than the copy needs: made afresh,
         * it holds what was foreseen */
        let_go(h, h->copy_count);
        if (pass == 1) {
            h->broken = start;
            return;
        }
    }
    h->copy_count++;
}

void history_tick(History *h, const Sim *s)
{
    if (h->broken || s->state.tick % HISTORY_EVERY != 0)
        return;
    if (h->copy_count > 0 && h->copy[h->copy_count - 1].tick >= s->state.tick)
        return; /* a copy of this tick is kept already */
    if (h->copy_count > 0 && s->state.tiles_serial != h->copy[0].sim.state.tiles_serial) {
        history_start(h, s); /* the tiles were edited, not played: the past no longer leads here */
        return;
    }
    keep(h, s);
}

void history_command(History *h, uint64_t tick, const SimCmd *c)
{
    if (h->broken)
        return;
    if (h->cmd_count == h->cmd_cap) {
        int cap = h->cmd_cap ? h->cmd_cap * 2 : 256;
        size_t more = (size_t)(cap - h->cmd_cap) * sizeof *h->cmd;
        while (history_bytes(h) + more > HISTORY_BUDGET && make_room(h))
            ;
        HistoryCmd *n = history_bytes(h) + more <= HISTORY_BUDGET ? realloc(h->cmd, (size_t)cap * sizeof *n) : NULL;
        if (!n) {
            h->broken = true;
            return;
        }
        h->cmd = n;
        h->cmd_cap = cap;
    }
    h->cmd[h->cmd_count++] = (HistoryCmd){tick, *c};
}

uint64_t history_first(const History *h)
{
    return h->copy_count > 0 && !h->broken ? h->copy[0].tick : UINT64_MAX;
}

bool history_rewind(History *h, Sim *s, uint64_t to)
{
    if (h->broken || h->copy_count == 0 || to < h->copy[0].tick || to > s->state.tick)
        return false;
    int c = h->copy_count - 1;
    while (c > 0 && h->copy[c].tick > to)
        c--;
    if (!sim_copy(s, &h->copy[c].sim)) {
        h->broken = true; /* s is zeroed: the caller starts the level again */
        return false;
    }
    int k = 0;
    while (k < h->cmd_count && h->cmd[k].tick < s->state.tick)
        k++;
    while (s->state.tick < to) {
        while (k < h->cmd_count && h->cmd[k].tick == s->state.tick)
            sim_command(s, &h->cmd[k++].cmd);
        sim_tick(s);
    }
    sim_clear_events(s);
    if (s->work.out_of_memory) { /* played otherwise than it was: not put back */
        sim_deinit(s);
        h->broken = true;
        return false;
    }
    /* what came after `to` never happened */
    while (k < h->cmd_count && h->cmd[k].tick < to)
        k++;
    h->cmd_count = k;
    for (int i = c + 1; i < h->copy_count; i++)
        let_go(h, i);
    h->copy_count = c + 1;
    return true;
}
