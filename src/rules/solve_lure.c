/* SPDX-License-Identifier: MIT */
/* solve_lure.c - the lure tiles the solver tries from a tile where the
 * droid stands (solve.h, "Lures"): for the sentries a lure can send, the
 * tiles it may be thrown on that send one, the farthest off the droid's way
 * first. It reads the play and changes nothing in it: the search (solve.c)
 * throws the lures. */
#include <stdlib.h>
#include <string.h>

#include "sim.h"
#include "solve.h"
#include "solve_int.h"

enum { LURE_SIDE = 2 * SIM_LURE_RANGE + 1, LURE_TILES = LURE_SIDE * LURE_SIDE };

int solve_lure_count(const SolveCmd *cmd, int n)
{
    int lures = 0;
    for (int i = 0; i < n; i++)
        lures += cmd[i].type == SIM_CMD_LURE;
    return lures;
}

bool solve_lure_init(SolveLures *l, const Sim *s)
{
    memset(l, 0, sizeof *l);
    if (s->state.sentries.count == 0)
        return true;
    l->pulled = calloc((size_t)s->state.sentries.count, sizeof *l->pulled);
    if (l->pulled && nav_field_init_bounded(&l->near, s->terrain->w, s->terrain->h, NAV_TOPO_8) == NAV_DONE &&
        nav_field_init_bounded(&l->heard, s->terrain->w, s->terrain->h, NAV_TOPO_8) == NAV_DONE)
        return true;
    solve_lure_deinit(l);
    return false;
}

void solve_lure_deinit(SolveLures *l)
{
    free(l->pulled);
    nav_field_deinit(&l->near);
    nav_field_deinit(&l->heard);
    memset(l, 0, sizeof *l);
}

/* Can a lure send e (it is not after the droid already)? */
static bool sendable(const Sentry *e)
{
    return e->state != SENTRY_ALERT && e->state != SENTRY_CHASE;
}

/* Is e near enough to the droid on d for a lure it sees to reach e? */
static bool within_lure(const Sentry *e, NavPos d)
{
    int reach = SIM_LURE_RANGE + SENTRY_LURE_REACH;
    return sendable(e) && abs(e->mover.tile.x - d.x) <= reach && abs(e->mover.tile.y - d.y) <= reach;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + UINT64_C(0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
    return h * UINT64_C(0xff51afd7ed558ccd);
}

uint64_t solve_lure_signature(const Sim *s)
{
    uint64_t h = 1;
    for (int i = 0; i < s->state.sentries.count; i++) {
        const Sentry *e = &s->state.sentries.list[i];
        if (within_lure(e, s->state.droid.tile))
            h = mix(mix(mix(h, (uint64_t)i), (uint64_t)e->mover.tile.x), (uint64_t)e->mover.tile.y);
    }
    return h ? h : 1;
}

/* A tile a lure could be thrown on, and how far off the droid's way it is. */
typedef struct LureTile {
    NavPos at;
    uint64_t off;      /* path cost from the droid, and on to the next goal */
    int sends;         /* the sentry it would send (-1 none; -2 not asked yet) */
} LureTile;

/* Most off the way first, then reading order. */
static int lure_tile_order(const void *a, const void *b)
{
    const LureTile *x = a, *y = b;
    if (x->off != y->off)
        return x->off > y->off ? -1 : 1;
    if (x->at.y != y->at.y)
        return x->at.y < y->at.y ? -1 : 1;
    return (x->at.x > y->at.x) - (x->at.x < y->at.x);
}

/* The tile of the square round the droid on d (side LURE_SIDE) at index k. */
static NavPos square_tile(NavPos d, int k)
{
    return nav_pos(d.x + k % LURE_SIDE - SIM_LURE_RANGE, d.y + k / LURE_SIDE - SIM_LURE_RANGE);
}

/* The tiles of the square round the droid that a sentry near enough may
 * hear a lure on: within SENTRY_LURE_REACH and a little of its tile by the
 * field towards it (the way there may cost a little more than the way
 * back; sim_lure_hears decides). */
static void mark_heard(SolveLures *l, const Sim *s, bool *maybe)
{
    NavPos d = s->state.droid.tile;
    uint64_t reach = (uint64_t)(SENTRY_LURE_REACH + 3) * NAV_UNIT_STRAIGHT;
    memset(maybe, 0, LURE_TILES * sizeof *maybe);
    for (int i = 0; i < s->state.sentries.count; i++) {
        const Sentry *e = &s->state.sentries.list[i];
        if (!within_lure(e, d) || nav_field_update(&l->heard, &s->terrain->grid, e->mover.tile, reach) != NAV_DONE)
            continue;
        for (int k = 0; k < LURE_TILES; k++)
            maybe[k] |= nav_field_cost(&l->heard, square_tile(d, k)) <= reach;
    }
}

/* The tiles a lure from the play s may land on that a sentry may hear,
 * most off the droid's way first (the path cost from the droid to the
 * tile and on to goal's tile); their number. */
static int lure_tiles(SolveLures *l, const Sim *s, const NavField *goal, LureTile *out)
{
    bool maybe[LURE_TILES];
    mark_heard(l, s, maybe);
    NavPos d = s->state.droid.tile;
    uint64_t far = (uint64_t)(3 * SIM_LURE_RANGE) * NAV_UNIT_STRAIGHT;
    if (nav_field_update(&l->near, &s->terrain->grid, d, far) != NAV_DONE)
        return 0;
    int n = 0;
    for (int k = 0; k < LURE_TILES; k++) {
        NavPos t = square_tile(d, k);
        if (!maybe[k] || nav_pos_eq(t, d) || sim_lure_check(s, t) != SIM_LURE_OK)
            continue;
        uint64_t a = nav_field_cost(&l->near, t), b = nav_field_cost(goal, t);
        out[n++] = (LureTile){t, (a == UINT64_MAX ? far : a) + (b == UINT64_MAX ? 0 : b), -2};
    }
    qsort(out, (size_t)n, sizeof *out, lure_tile_order);
    return n;
}

/* Is t at least SOLVE_WAYPOINT_GAP tiles from the tiles chosen? */
static bool apart(const SolveLures *l, NavPos t)
{
    for (int k = 0; k < l->count; k++)
        if (abs(l->tries[k].to.x - t.x) < SOLVE_WAYPOINT_GAP && abs(l->tries[k].to.y - t.y) < SOLVE_WAYPOINT_GAP)
            return false;
    return true;
}

/* Does a tile chosen send sentry id already? */
static bool covered(const SolveLures *l, int id)
{
    for (int k = 0; k < l->count; k++)
        if (l->tries[k].sentry == id)
            return true;
    return false;
}

/* The sentry a lure on t sends from the play s, one no tile chosen sends
 * first; -1 when it sends none. */
static int sends_one(SolveLures *l, const Sim *s, NavPos t)
{
    if (sim_lure_hears(s, t, l->pulled) == 0)
        return -1;
    int first = -1;
    for (int i = 0; i < s->state.sentries.count; i++) {
        if (!l->pulled[i])
            continue;
        if (!covered(l, i))
            return i;
        if (first < 0)
            first = i;
    }
    return first;
}

void solve_lure_choose(SolveLures *l, const Sim *s, const NavField *goal)
{
    if (!l->pulled)
        return;
    LureTile tile[LURE_TILES];
    int n = lure_tiles(l, s, goal, tile), tries = 0;
    for (int round = 0; round < 2; round++) /* a sentry no tile sends yet, then any */
        for (int k = 0; k < n && l->count < SOLVE_LURE_TILES; k++) {
            LureTile *t = &tile[k];
            if (!apart(l, t->at))
                continue;
            if (t->sends == -2) {
                if (tries == SOLVE_LURE_TRIES)
                    continue;
                tries++;
                t->sends = sends_one(l, s, t->at);
            }
            if (t->sends >= 0 && (round == 1 || !covered(l, t->sends)))
                l->tries[l->count++] = (LureTry){t->at, t->sends, 0, false};
        }
}

bool solve_lure_sends(SolveLures *l, const Sim *s, NavPos to, int id)
{
    return sim_lure_check(s, to) == SIM_LURE_OK && sim_lure_hears(s, to, l->pulled) > 0 && l->pulled[id];
}
