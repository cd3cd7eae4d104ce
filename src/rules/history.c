/* SPDX-License-Identifier: MIT */
/* history.c - copies every HISTORY_EVERY ticks, a log of commands, and
 * rewinding by restoring a copy and playing the log forward (history.h). */
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

/* Bytes one copy after the start holds, roughly: what sim_copy_play
 * allocates (no tiles; no planner of the droid's unless it was planning). */
static size_t copy_bytes(const Sim *s)
{
    size_t tiles = (size_t)s->w * (size_t)s->h;
    size_t per_tile = s->sentries.count ? 4 + 13 + 20 : 0; /* occupancy, the chase field, their planner */
    return tiles * per_tile + (size_t)s->sentries.count * (sizeof(Sentry) + 64) +
           (size_t)s->taken_count * sizeof(NavPos) + sizeof(Sim);
}

/* Room for the copies of a play like s (made when there is none yet, or
 * made again when `fresh`, the copies before freed); the past forgotten.
 * False (and the history broken) when out of memory. */
static bool start_slots(History *h, const Sim *s, bool fresh)
{
    if (fresh) {
        for (int i = 0; h->copy && i < h->copy_max; i++)
            sim_deinit(&h->copy[i].sim);
        free(h->copy);
        h->copy = NULL;
    }
    if (!h->copy) {
        size_t fit = HISTORY_BUDGET / copy_bytes(s);
        int max = fit > HISTORY_MAX_COPIES ? HISTORY_MAX_COPIES : fit < 4 ? 4 : (int)fit;
        h->copy = calloc((size_t)max, sizeof *h->copy);
        h->copy_max = h->copy ? max : 0;
    }
    h->copy_count = 0;
    h->cmd_count = 0;
    h->broken = !h->copy;
    return !h->broken;
}

void history_start(History *h, const Sim *s)
{
    if (start_slots(h, s, false))
        history_tick(h, s);
}

void history_start_from(History *h, Sim *first)
{
    if (!start_slots(h, first, true)) { /* another level's copies: no use to reuse them */
        sim_deinit(first);
        return;
    }
    h->copy[0] = (HistoryCopy){first->tick, *first};
    memset(first, 0, sizeof *first);
    h->copy_count = 1;
}

/* Lets every other copy of the older half go (never the start). */
static void thin(History *h)
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
    h->copy_count = out;
}

void history_tick(History *h, const Sim *s)
{
    if (h->broken || s->tick % HISTORY_EVERY != 0)
        return;
    if (h->copy_count > 0 && h->copy[h->copy_count - 1].tick >= s->tick)
        return; /* a copy of this tick is kept already */
    if (h->copy_count > 0 && s->tiles_serial != h->copy[0].sim.tiles_serial) {
        history_start(h, s); /* the tiles were edited, not played: the past no longer leads here */
        return;
    }
    if (h->copy_count == h->copy_max)
        thin(h);
    HistoryCopy *c = &h->copy[h->copy_count];
    /* the start whole, every later moment without the tiles (they are the
     * start's but for the cells taken): one level's worth of memory in all */
    if (!(h->copy_count == 0 ? sim_copy(&c->sim, s) : sim_copy_play(&c->sim, s))) {
        h->broken = true;
        return;
    }
    c->tick = s->tick;
    h->copy_count++;
}

void history_command(History *h, uint64_t tick, const SimCmd *c)
{
    if (h->broken)
        return;
    if (h->cmd_count == h->cmd_cap) {
        int cap = h->cmd_cap ? h->cmd_cap * 2 : 256;
        HistoryCmd *n = realloc(h->cmd, (size_t)cap * sizeof *n);
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
    if (h->broken || h->copy_count == 0 || to < h->copy[0].tick || to > s->tick)
        return false;
    int c = h->copy_count - 1;
    while (c > 0 && h->copy[c].tick > to)
        c--;
    if (!(c == 0 ? sim_copy(s, &h->copy[0].sim) : sim_copy_onto(s, &h->copy[c].sim, &h->copy[0].sim))) {
        h->broken = true; /* s is zeroed: the caller starts the level again */
        return false;
    }
    int k = 0;
    while (k < h->cmd_count && h->cmd[k].tick < s->tick)
        k++;
    while (s->tick < to) {
        while (k < h->cmd_count && h->cmd[k].tick == s->tick)
            sim_command(s, &h->cmd[k++].cmd);
        sim_tick(s);
    }
    sim_clear_events(s);
    /* what came after `to` never happened */
    while (k < h->cmd_count && h->cmd[k].tick < to)
        k++;
    h->cmd_count = k;
    h->copy_count = c + 1;
    return true;
}
