/* SPDX-License-Identifier: MIT */
/* jump.c - building the JPS+ jump distance table: one pass per direction over
 * the grid, each tile taking its distance from the next tile along the way,
 * in slices when asked; and NavJumps, the table shared by reference. */
#include "jump.h"

#include <stdlib.h>
#include <string.h>

static size_t jump_cells(int w, int h)
{
    return (size_t)(w + 2) * (size_t)(h + 2);
}

bool jump_init(JumpTable *jt, int w, int h)
{
    memset(jt, 0, sizeof *jt);
    if (w < 1 || h < 1 || w > NAV_GRID_MAX_SIDE || h > NAV_GRID_MAX_SIDE)
        return false;
    jt->dist = calloc(jump_cells(w, h) * 8, sizeof *jt->dist);
    if (!jt->dist)
        return false;
    jt->w = w;
    jt->h = h;
    return true;
}

void jump_deinit(JumpTable *jt)
{
    free(jt->dist);
    memset(jt, 0, sizeof *jt);
}

size_t jump_bytes(const JumpTable *jt)
{
    return jt->dist ? jump_cells(jt->w, jt->h) * 8 * sizeof *jt->dist : 0;
}

bool jump_current(const JumpTable *jt, const NavGrid *g)
{
    return jt->dist && jt->version == g->version && jt->w == g->w && jt->h == g->h;
}

/* Tiles [from, to) of direction d's pass. Tiles are visited so that
 * n + off[d] comes before n: downwards through the array when the step goes
 * up it, upwards otherwise (jump.h's rule). On a weighted grid a jump also
 * stops on an edge tile. */
static void build_pass(JumpTable *jt, const NavGrid *g, int d, int64_t from, int64_t to)
{
    const uint8_t *cost = g->cost;
    const int stride = g->stride;
    const int64_t cells = (int64_t)jump_cells(g->w, g->h);
    const bool weighted = !nav_grid_uniform(g);
    int16_t *dist = jt->dist;
    int dx = nav_dir8[d][0], dy = nav_dir8[d][1];
    int64_t off = (int64_t)dy * stride + dx;
    int64_t inc = off > 0 ? -1 : 1, first = off > 0 ? cells - 1 : 0;
    if (d % 2 == 0) {
        /* the side tiles and the tile one step back */
        int64_t s1 = (int64_t)nav_dir8[(d + 2) % 8][1] * stride + nav_dir8[(d + 2) % 8][0];
        int64_t s2 = -s1;
        for (int64_t i = from; i < to; i++) {
            int64_t n = first + i * inc, t = n + off;
            if (!cost[n] || !cost[t]) {
                dist[n * 8 + d] = 0;
                continue;
            }
            bool stop = (cost[t + s1] && !cost[n + s1]) || (cost[t + s2] && !cost[n + s2]) ||
                        (weighted && jump_edge(cost, t, stride));
            dist[n * 8 + d] = jump_straight(stop, dist[t * 8 + d]);
        }
    } else {
        int horizontal = dx > 0 ? 0 : 4, vertical = dy > 0 ? 2 : 6;
        for (int64_t i = from; i < to; i++) {
            int64_t n = first + i * inc, t = n + off;
            if (!cost[n] || !cost[n + dx] || !cost[n + (int64_t)dy * stride] || !cost[t])
                dist[n * 8 + d] = 0;
            else if (weighted && jump_edge(cost, t, stride))
                dist[n * 8 + d] = 1;
            else
                dist[n * 8 + d] = jump_diagonal(dist[t * 8 + horizontal], dist[t * 8 + vertical], dist[t * 8 + d]);
        }
    }
}

bool jump_build_step(JumpTable *jt, const NavGrid *g, long work)
{
    if (jump_current(jt, g))
        return true;
    if (jt->building != g->version) {
        jt->building = g->version;
        jt->pass = 0;
        jt->done = 0;
        jt->version = 0;
    }
    const int64_t cells = (int64_t)jump_cells(g->w, g->h);
    int64_t left = work > 0 ? work : INT64_MAX;
    while (jt->pass < 8 && left > 0) {
        int64_t n = cells - jt->done < left ? cells - jt->done : left;
        build_pass(jt, g, jump_pass_order[jt->pass], jt->done, jt->done + n);
        jt->done += n;
        left -= n;
        if (jt->done == cells) {
            jt->pass++;
            jt->done = 0;
        }
    }
    if (jt->pass < 8)
        return false;
    jt->version = g->version;
    jt->building = 0;
    return true;
}

void jump_build(JumpTable *jt, const NavGrid *g)
{
    jump_build_step(jt, g, 0);
}

/* ---- what JPS expands at an edge tile ----------------------------------------- */

/* The directions worth trying from an edge tile n reached in direction d. A neighbour is dropped only when the parent
 * reaches it without n for strictly less, or, where the tiles compared all
 * cost the same, as on a uniform grid (diagonal first); step costs are
 * integers, and these sums of straight and diagonal costs can only tie when
 * the costs are equal. */
unsigned jump_edge_dirs(const uint8_t *cost, const int off[8], uint32_t n, int d)
{
    const uint64_t S = NAV_UNIT_STRAIGHT, D = NAV_UNIT_DIAGONAL, cn = cost[n];
    uint32_t p = n - (uint32_t)off[d];
    unsigned mask = 1u << d;
    if (d & 1) {
        mask |= 1u << ((d + 7) & 7) | 1u << ((d + 1) & 7);
        /* the far sides d-2 and d+2: the parent reaches each through the
         * tile beside both, two straight steps */
        for (int turn = -2; turn <= 2; turn += 4) {
            uint32_t m = n + (uint32_t)off[(d + turn) & 7];
            uint32_t via = n + (uint32_t)off[(d + (turn < 0 ? -3 : 3)) & 7];
            if (cost[m] && cost[via] * S + cost[m] * S >= cn * D + cost[m] * D)
                mask |= 1u << ((d + turn) & 7);
        }
        return mask;
    }
    for (int turn = 2; turn <= 6; turn += 4) {
        int side = (d + turn) & 7, fwd = (d + (turn == 2 ? 1 : 7)) & 7;
        uint32_t ns = n + (uint32_t)off[side], m = n + (uint32_t)off[fwd];
        if (!cost[ns])
            continue;
        bool alt = cost[p + (uint32_t)off[side]] != 0; /* the parent's diagonal to ns */
        if (!alt || cost[ns] * D >= cn * S + cost[ns] * S)
            mask |= 1u << side;
        if (!cost[m])
            continue;
        uint64_t through = cn * S + cost[m] * D, beside = cost[ns] * D + cost[m] * S;
        bool tie_uniform = through == beside && cn == cost[ns] && cn == cost[m];
        if (!alt || through < beside || (through == beside && !tie_uniform))
            mask |= 1u << fwd;
    }
    return mask;
}

/* ---- NavJumps ---------------------------------------------------------------- */

NavJumps *nav_jumps_create(int w, int h)
{
    if (w < 1 || h < 1 || w > NAV_GRID_MAX_SIDE || h > NAV_GRID_MAX_SIDE)
        return NULL;
    NavJumps *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->w = w;
    j->h = h;
    atomic_init(&j->refs, 1);
    return j;
}

NavJumps *nav_jumps_share(NavJumps *j)
{
    atomic_fetch_add_explicit(&j->refs, 1, memory_order_relaxed);
    return j;
}

static void store_release(JumpStore *st)
{
    if (!st || atomic_fetch_sub_explicit(&st->refs, 1, memory_order_acq_rel) != 1)
        return;
    jump_deinit(&st->table);
    free(st);
}

void nav_jumps_release(NavJumps *j)
{
    if (!j || atomic_fetch_sub_explicit(&j->refs, 1, memory_order_acq_rel) != 1)
        return;
    store_release(j->store);
    free(j);
}

bool nav_jumps_shared(const NavJumps *j)
{
    return atomic_load_explicit(&j->refs, memory_order_acquire) > 1;
}

NavJumps *nav_jumps_clone(const NavJumps *j)
{
    NavJumps *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    c->store = j->store;
    if (c->store)
        atomic_fetch_add_explicit(&c->store->refs, 1, memory_order_relaxed);
    c->w = j->w;
    c->h = j->h;
    c->version = j->version;
    c->building = j->building;
    c->done = j->done;
    atomic_init(&c->refs, 1);
    return c;
}

static bool store_shared(const JumpStore *st)
{
    return atomic_load_explicit(&st->refs, memory_order_acquire) > 1;
}

/* Units of the store's build for g's tiles done: all once complete, 0 when
 * it is of other tiles. */
static int64_t store_done(const JumpTable *t, const NavGrid *g)
{
    int64_t cells = (int64_t)jump_cells(g->w, g->h);
    if (jump_current(t, g))
        return 8 * cells;
    return t->dist && t->building == g->version ? (int64_t)t->pass * cells + t->done : 0;
}

static void store_lock(JumpStore *st)
{
    while (atomic_flag_test_and_set_explicit(&st->lock, memory_order_acquire))
        ; /* a clone on another thread is building it */
}

static void store_unlock(JumpStore *st)
{
    atomic_flag_clear_explicit(&st->lock, memory_order_release);
}

/* j's store, locked, ready to be built for g: the one it has, or one of
 * its own when that one is shared and of other tiles (its other holders go
 * on with it) or when it has none. NULL when out of memory. */
static JumpStore *store_for(NavJumps *j, const NavGrid *g)
{
    JumpStore *st = j->store;
    if (st) {
        store_lock(st);
        if (!store_shared(st) || store_done(&st->table, g) > 0 || st->table.building == g->version) {
            if (store_done(&st->table, g) == 0 && st->table.building != g->version) {
                /* its own, of other tiles: made again in its memory, for g's
                 * tiles from the start, so that clones made now keep to it */
                st->table.building = g->version;
                st->table.pass = 0;
                st->table.done = 0;
                st->table.version = 0;
            }
            return st;
        }
        store_unlock(st);
        store_release(st);
        j->store = NULL;
    }
    st = malloc(sizeof *st);
    if (!st || !jump_init(&st->table, j->w, j->h)) { /* calloc: untouched until built */
        free(st);
        return NULL;
    }
    st->table.building = g->version; /* for g's tiles, nothing built: its clones keep to it */
    atomic_init(&st->refs, 1);
    atomic_flag_clear(&st->lock);
    store_lock(st);
    j->store = st;
    return st;
}

/* The store built for g at least `upto` units, on from where it stands.
 * False when out of memory. */
static bool store_build(NavJumps *j, const NavGrid *g, int64_t upto)
{
    JumpStore *st = store_for(j, g);
    if (!st)
        return false;
    int64_t at = store_done(&st->table, g);
    if (at < upto)
        jump_build_step(&st->table, g, (long)(upto - at));
    store_unlock(st);
    return true;
}

/* Starts j's preparation for g over (nothing done yet). */
static void begin(NavJumps *j, const NavGrid *g)
{
    j->building = g->version;
    j->done = 0;
    j->version = 0;
}

NavStatus nav_jumps_begin(NavJumps *j, const NavGrid *g)
{
    if (g->w != j->w || g->h != j->h)
        return NAV_INVALID;
    if (nav_jumps_begun(j, g))
        return NAV_DONE;
    JumpStore *st = store_for(j, g);
    if (!st)
        return NAV_OUT_OF_MEMORY;
    store_unlock(st);
    begin(j, g);
    return NAV_DONE;
}

NavStatus nav_jumps_prepare(NavJumps *j, const NavGrid *g, long work)
{
    if (g->w != j->w || g->h != j->h)
        return NAV_INVALID;
    if (nav_jumps_current(j, g))
        return NAV_DONE;
    if (j->building != g->version) /* an edit since: from the start */
        begin(j, g);
    int64_t all = 8 * (int64_t)jump_cells(g->w, g->h);
    int64_t upto = work > 0 && work < all - j->done ? j->done + work : all;
    if (!store_build(j, g, upto))
        return NAV_OUT_OF_MEMORY;
    j->done = upto;
    if (upto < all)
        return NAV_IN_PROGRESS;
    j->version = g->version;
    return NAV_DONE;
}

bool nav_jumps_current(const NavJumps *j, const NavGrid *g)
{
    return j && j->version != 0 && j->version == g->version && j->w == g->w && j->h == g->h;
}

bool nav_jumps_begun(const NavJumps *j, const NavGrid *g)
{
    return j && j->building != 0 && j->building == g->version && j->w == g->w && j->h == g->h;
}

long nav_jumps_work(const NavGrid *g)
{
    return (long)jump_cells(g->w, g->h) * 8;
}

size_t nav_jumps_bytes(const NavJumps *j)
{
    return sizeof *j + (j->store ? sizeof *j->store + jump_bytes(&j->store->table) : 0);
}

size_t nav_jumps_own_bytes(const NavJumps *j)
{
    if (!j || nav_jumps_shared(j))
        return 0;
    return sizeof *j + (j->store && !store_shared(j->store) ? sizeof *j->store + jump_bytes(&j->store->table) : 0);
}

size_t nav_jumps_clone_bytes(void)
{
    return sizeof(NavJumps);
}
