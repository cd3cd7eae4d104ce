/* SPDX-License-Identifier: MIT */
/* field.c - reverse Dijkstra from the goal: a tile's cost is the cheapest
 * cost of walking from it to the goal, and next[] points along that walk.
 * A step from n into m costs unit x cost(m), so relaxing n from m adds m's
 * cost. A bounded field stops at its cost bound and marks what it wrote
 * with a generation stamp, so the next update starts without clearing. */
#include "field.h"

#include "buf.h"
#include "heap.h"

#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void nav_field_deinit(NavField *f)
{
    free(f->cost);
    free(f->next);
    free(f->stamp);
    free(f->heap);
    memset(f, 0, sizeof *f);
}

size_t nav_field_bytes(const NavField *f)
{
    size_t n = f->cost ? (size_t)f->w * (size_t)f->h : 0;
    return n * (sizeof *f->cost + sizeof *f->next + (f->stamp ? sizeof *f->stamp : 0)) +
           (f->heap ? f->heap_cap * sizeof *f->heap : 0);
}

NavStatus nav_field_copy(NavField *dst, const NavField *src)
{
    if (dst == src)
        return NAV_DONE; /* a realloc of dst's arrays would free src's */
    size_t n = src->cost ? (size_t)src->w * (size_t)src->h : 0;
    uint64_t *cost = dst->cost;
    int8_t *next = dst->next;
    uint32_t *stamp = dst->stamp;
    if (!buf_copy(&cost, src->cost, n * sizeof *cost) || !buf_copy(&next, src->next, n * sizeof *next) ||
        !buf_copy(&stamp, src->stamp, src->stamp ? n * sizeof *stamp : 0)) {
        /* the arrays already copied hold src's; dst is then made empty */
        dst->cost = cost;
        dst->next = next;
        dst->stamp = stamp;
        nav_field_deinit(dst);
        return NAV_OUT_OF_MEMORY;
    }
    HeapSlot *heap = dst->heap;
    size_t heap_cap = dst->heap_cap;
    if (src->heap && heap_cap < src->heap_cap) { /* scratch: sized, not copied */
        HeapSlot *h = realloc(heap, src->heap_cap * sizeof *h);
        if (!h) {
            dst->cost = cost;
            dst->next = next;
            dst->stamp = stamp;
            nav_field_deinit(dst);
            return NAV_OUT_OF_MEMORY;
        }
        heap = h;
        heap_cap = src->heap_cap;
    }
    *dst = *src;
    dst->cost = cost;
    dst->next = next;
    dst->stamp = stamp;
    dst->heap = heap;
    dst->heap_cap = heap_cap;
    return NAV_DONE;
}

static bool known_topology(NavTopology t)
{
    return t == NAV_TOPO_8 || t == NAV_TOPO_4 || t == NAV_TOPO_HEX;
}

/* A tile's cost in this search: bounded fields read the stamp first. */
static inline uint64_t cost_of(const NavField *f, uint32_t i)
{
    return !f->stamp || f->stamp[i] == f->gen ? f->cost[i] : UINT64_MAX;
}

/* Seeds the Dijkstra both kinds share from goal: its cost 0, in the heap.
 * Unbounded fields come in with every cost UINT64_MAX; bounded ones with
 * a fresh gen. */
static void search_begin(NavField *f, const NavGrid *g, NavPos goal)
{
    uint32_t gi = (uint32_t)goal.y * (uint32_t)g->w + (uint32_t)goal.x;
    f->cost[gi] = 0;
    f->next[gi] = -1;
    if (f->stamp)
        f->stamp[gi] = f->gen;
    f->heap_len = 0;
    heap_push(f->heap, &f->heap_len, NULL, heap_slot(0, gi), HEAP_BY_NODE);
    f->settled = 0;
}

typedef enum SearchEnd { SEARCH_DONE, SEARCH_MORE, SEARCH_NO_MEMORY } SearchEnd;

/* Runs the search from where it stands, settling tiles while their cost
 * is at most f->max_cost, at most `work` of them when work > 0:
 * SEARCH_MORE when it stopped for that with tiles left, SEARCH_NO_MEMORY
 * when the heap cannot grow. */
static SearchEnd search_run(NavField *f, const NavGrid *g, long work)
{
    int ndirs;
    const int (*dirs)[2] = nav_topology_dirs(f->topology, &ndirs);
    const uint8_t *cost = g->cost; /* bordered: a neighbour's lookup never leaves it */
    ptrdiff_t off[8];
    bool diag[8];
    for (int d = 0; d < ndirs; d++) {
        off[d] = (ptrdiff_t)dirs[d][1] * g->stride + dirs[d][0];
        diag[d] = f->topology == NAV_TOPO_8 && dirs[d][0] && dirs[d][1];
    }
    uint32_t count = f->heap_len;
    long stop = work > 0 ? f->settled + work : LONG_MAX;
    SearchEnd end = SEARCH_DONE;
    while (count) {
        uint64_t key = heap_key(&f->heap[0]);
        uint32_t idx = f->heap[0].node;
        if (key == f->cost[idx] && key <= f->max_cost && f->settled >= stop) {
            end = SEARCH_MORE; /* a tile to settle, left for the next slice */
            break;
        }
        heap_pop(f->heap, &count, NULL, HEAP_BY_NODE);
        if (key != f->cost[idx])
            continue; /* stale entry */
        if (key > f->max_cost)
            break; /* everything at most the bound is settled */
        f->settled++;
        int mx = (int)(idx % (uint32_t)g->w), my = (int)(idx / (uint32_t)g->w);
        ptrdiff_t m = nav_grid_index(g, mx, my);
        uint64_t enter = cost[m];
        for (int d = 0; d < ndirs; d++) {
            /* the tile 'from' steps into m in direction d (8-way: not across a corner) */
            ptrdiff_t from = m - off[d];
            if (!cost[from] ||
                (diag[d] && !(cost[from + dirs[d][0]] && cost[from + (ptrdiff_t)dirs[d][1] * g->stride])))
                continue;
            uint64_t c = key + enter * (diag[d] ? NAV_UNIT_DIAGONAL : NAV_UNIT_STRAIGHT);
            uint32_t ni = (uint32_t)(my - dirs[d][1]) * (uint32_t)g->w + (uint32_t)(mx - dirs[d][0]);
            if (c < cost_of(f, ni)) {
                if (!buf_room(&f->heap, &f->heap_cap, sizeof *f->heap, (size_t)count + 1, 64, UINT32_MAX)) {
                    f->heap_len = count;
                    return SEARCH_NO_MEMORY;
                }
                f->cost[ni] = c;
                f->next[ni] = (int8_t)d;
                if (f->stamp)
                    f->stamp[ni] = f->gen;
                heap_push(f->heap, &count, NULL, heap_slot(c, ni), HEAP_BY_NODE);
            }
        }
    }
    f->heap_len = end == SEARCH_MORE ? count : 0;
    return end;
}

NavStatus nav_field_begin(NavField *f, const NavGrid *g, NavPos goal, NavTopology topology)
{
    memset(f, 0, sizeof *f);
    if (!nav_grid_walkable(g, goal.x, goal.y) || !known_topology(topology))
        return NAV_INVALID;
    size_t n = (size_t)g->w * (size_t)g->h;
    f->w = g->w;
    f->h = g->h;
    f->goal = goal;
    f->topology = topology;
    f->max_cost = UINT64_MAX;
    f->cost = malloc(n * sizeof *f->cost);
    f->next = malloc(n);
    f->heap_cap = n / 4 + 64; /* grows: a tile is pushed once per improvement */
    f->heap = malloc(f->heap_cap * sizeof *f->heap);
    if (!f->cost || !f->next || !f->heap) {
        nav_field_deinit(f);
        return NAV_OUT_OF_MEMORY;
    }
    for (size_t i = 0; i < n; i++) {
        f->cost[i] = UINT64_MAX;
        f->next[i] = -1;
    }
    search_begin(f, g, goal);
    f->building = true;
    return NAV_IN_PROGRESS;
}

NavStatus nav_field_build_step(NavField *f, const NavGrid *g, long work)
{
    if (!f->building || g->w != f->w || g->h != f->h)
        return NAV_INVALID;
    SearchEnd end = search_run(f, g, work);
    if (end == SEARCH_MORE)
        return NAV_IN_PROGRESS;
    if (end == SEARCH_NO_MEMORY) {
        nav_field_deinit(f);
        return NAV_OUT_OF_MEMORY;
    }
    free(f->heap); /* a whole-grid field is made once: its heap is not kept */
    f->heap = NULL;
    f->heap_cap = 0;
    f->building = false;
    return NAV_DONE;
}

NavStatus nav_field_init(NavField *f, const NavGrid *g, NavPos goal, NavTopology topology)
{
    NavStatus st = nav_field_begin(f, g, goal, topology);
    return st == NAV_IN_PROGRESS ? nav_field_build_step(f, g, 0) : st;
}

NavStatus nav_field_init_bounded(NavField *f, int w, int h, NavTopology topology)
{
    memset(f, 0, sizeof *f);
    if (w < 1 || h < 1 || w > NAV_GRID_MAX_SIDE || h > NAV_GRID_MAX_SIDE || !known_topology(topology))
        return NAV_INVALID;
    size_t n = (size_t)w * (size_t)h;
    f->w = w;
    f->h = h;
    f->goal = nav_pos(-1, -1);
    f->topology = topology;
    f->max_cost = 0;
    f->cost = malloc(n * sizeof *f->cost);
    f->next = malloc(n);
    f->stamp = calloc(n, sizeof *f->stamp);
    f->heap_cap = 1024;
    f->heap = malloc(f->heap_cap * sizeof *f->heap);
    f->gen = 1; /* every stamp is 0: nothing known */
    if (!f->cost || !f->next || !f->stamp || !f->heap) {
        nav_field_deinit(f);
        return NAV_OUT_OF_MEMORY;
    }
    return NAV_DONE;
}

NavStatus nav_field_update(NavField *f, const NavGrid *g, NavPos goal, uint64_t max_cost)
{
    if (!f->stamp)
        return NAV_INVALID; /* not a bounded field: left as it is */
    if (++f->gen == 0) { /* the stamps wrapped: clear them once in 2^32 updates */
        memset(f->stamp, 0, (size_t)f->w * (size_t)f->h * sizeof *f->stamp);
        f->gen = 1;
    }
    f->goal = goal;
    f->max_cost = max_cost;
    f->settled = 0;
    if (g->w != f->w || g->h != f->h || !nav_grid_walkable(g, goal.x, goal.y))
        return NAV_INVALID;
    search_begin(f, g, goal);
    if (search_run(f, g, 0) == SEARCH_NO_MEMORY) {
        f->gen++; /* forget the half-made field */
        if (f->gen == 0)
            f->gen = 1;
        return NAV_OUT_OF_MEMORY;
    }
    return NAV_DONE;
}

uint64_t nav_field_cost(const NavField *f, NavPos from)
{
    if (!f->cost || from.x < 0 || from.y < 0 || from.x >= f->w || from.y >= f->h)
        return UINT64_MAX;
    uint32_t i = (uint32_t)from.y * (uint32_t)f->w + (uint32_t)from.x;
    uint64_t c = cost_of(f, i);
    return c <= f->max_cost ? c : UINT64_MAX;
}

bool nav_field_next(const NavField *f, NavPos from, NavPos *to)
{
    if (nav_field_cost(f, from) == UINT64_MAX)
        return false;
    int d = f->next[(size_t)from.y * (size_t)f->w + (size_t)from.x];
    if (d < 0)
        return false;
    int n;
    const int (*dirs)[2] = nav_topology_dirs(f->topology, &n);
    *to = nav_pos(from.x + dirs[d][0], from.y + dirs[d][1]);
    return true;
}

double nav_field_distance(const NavField *f, NavPos from)
{
    uint64_t c = nav_field_cost(f, from);
    return c == UINT64_MAX ? -1.0 : (double)c / (double)NAV_UNIT_STRAIGHT;
}
