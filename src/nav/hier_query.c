/* SPDX-License-Identifier: MIT */
/* hier_query.c - a query on the contraction hierarchy (hier.h): two upward
 * searches by cost, from the start along outgoing edges and from the goal
 * along incoming ones, with stalling, then the meeting's path unfolded into
 * tiles. */
#include "hier_int.h"

#include <stdlib.h>
#include <string.h>

void hier_query_free(NavHier *hr)
{
    for (int s = 0; s < 2; s++) {
        free(hr->dist[s]);
        free(hr->seen[s]);
        free(hr->parent[s]);
        free(hr->via[s]);
        free(hr->heap[s]);
        hr->dist[s] = NULL;
        hr->seen[s] = hr->parent[s] = hr->via[s] = NULL;
        hr->heap[s] = NULL;
        hr->heap_cap[s] = 0;
    }
    free(hr->path);
    free(hr->stack);
    hr->path = hr->stack = NULL;
    hr->path_n = hr->path_cap = hr->stack_cap = 0;
}

static bool query_alloc(NavHier *hr)
{
    size_t n = hr->n ? hr->n : 1;
    for (int s = 0; s < 2; s++) {
        hr->dist[s] = malloc(n * sizeof *hr->dist[s]);
        hr->seen[s] = calloc(n, sizeof *hr->seen[s]);
        hr->parent[s] = malloc(n * sizeof *hr->parent[s]);
        hr->via[s] = malloc(n * sizeof *hr->via[s]);
        hr->heap_cap[s] = 1024;
        hr->heap[s] = malloc(hr->heap_cap[s] * sizeof *hr->heap[s]);
        if (!hr->dist[s] || !hr->seen[s] || !hr->parent[s] || !hr->via[s] || !hr->heap[s])
            return false;
    }
    hr->gen = 0;
    return true;
}

/* Room for `more` more of n items of size `size` at *p (capacity *cap). */
static bool grow(void *p, uint32_t *cap, uint32_t n, uint32_t more, size_t size)
{
    if (n + more <= *cap)
        return true;
    uint32_t c = *cap ? *cap : 64;
    while (c < n + more)
        c *= 2;
    void *q = realloc(*(void **)p, c * size);
    if (!q)
        return false;
    *(void **)p = q;
    *cap = c;
    return true;
}

/* True when a node above x, already reached by side s's search, reaches x
 * more cheaply than d: x is then not on a cheapest upward path. */
static bool stalled(const NavHier *hr, int s, uint32_t x, uint64_t d)
{
    const uint32_t *first = s == 0 ? hr->in_first : hr->out_first;
    const HierEdge *e = s == 0 ? hr->up_in : hr->up_out;
    for (uint32_t i = first[x]; i < first[x + 1]; i++) {
        uint32_t y = e[i].to;
        if (hr->seen[s][y] == hr->gen && hr->dist[s][y] + e[i].cost < d)
            return true;
    }
    return false;
}

/* Side s's upward edges out of x (settled at cost d), relaxed. */
static bool relax(NavHier *hr, int s, uint32_t x, uint64_t d)
{
    const uint32_t *first = s == 0 ? hr->out_first : hr->in_first;
    const HierEdge *e = s == 0 ? hr->up_out : hr->up_in;
    uint32_t lo = first[x], hi = first[x + 1];
    if (!grow(&hr->heap[s], &hr->heap_cap[s], hr->heap_n[s], hi - lo, sizeof(HeapSlot)))
        return false;
    for (uint32_t i = lo; i < hi; i++) {
        uint32_t y = e[i].to;
        uint64_t nd = d + e[i].cost;
        if (hr->seen[s][y] == hr->gen && hr->dist[s][y] <= nd)
            continue;
        hr->seen[s][y] = hr->gen;
        hr->dist[s][y] = nd;
        hr->parent[s][y] = x;
        hr->via[s][y] = e[i].mid;
        heap_push(hr->heap[s], &hr->heap_n[s], NULL, heap_slot(nd, y), 0);
    }
    return true;
}

/* The mid of edge a -> b or b -> a kept in m's lists: `in` for a -> m. */
static uint32_t mid_of(const NavHier *hr, uint32_t m, uint32_t other, bool in)
{
    const uint32_t *first = in ? hr->in_first : hr->out_first;
    const HierEdge *e = in ? hr->up_in : hr->up_out;
    for (uint32_t i = first[m]; i < first[m + 1]; i++)
        if (e[i].to == other)
            return e[i].mid;
    return HIER_NONE; /* not reached: a shortcut's halves are kept at its mid */
}

static bool stack_push(NavHier *hr, uint32_t *top, uint32_t a, uint32_t b, uint32_t mid)
{
    if (!grow(&hr->stack, &hr->stack_cap, *top, 3, sizeof *hr->stack))
        return false;
    hr->stack[(*top)++] = a;
    hr->stack[(*top)++] = b;
    hr->stack[(*top)++] = mid;
    return true;
}

/* The edges of the meeting's path onto the stack, the first on top, then
 * each unfolded into its halves until only steps remain, whose tiles make
 * the path. */
static bool unfold(NavHier *hr, uint32_t start, uint32_t meet, uint32_t goal)
{
    uint32_t top = 0;
    for (uint32_t x = meet; x != goal; x = hr->parent[1][x])
        if (!stack_push(hr, &top, x, hr->parent[1][x], hr->via[1][x]))
            return false;
    for (uint32_t i = 0, j = top - 3; top && i < j; i += 3, j -= 3) /* goal's half: last edge first */
        for (int k = 0; k < 3; k++) {
            uint32_t t = hr->stack[i + k];
            hr->stack[i + k] = hr->stack[j + k];
            hr->stack[j + k] = t;
        }
    for (uint32_t x = meet; x != start; x = hr->parent[0][x])
        if (!stack_push(hr, &top, hr->parent[0][x], x, hr->via[0][x]))
            return false;
    hr->path_n = 0;
    while (top) {
        uint32_t mid = hr->stack[--top], b = hr->stack[--top], a = hr->stack[--top];
        if (mid == HIER_NONE) {
            if (!grow(&hr->path, &hr->path_cap, hr->path_n, 1, sizeof *hr->path))
                return false;
            hr->path[hr->path_n++] = hr->tile_of[b];
            continue;
        }
        if (!stack_push(hr, &top, mid, b, mid_of(hr, mid, b, false)) ||
            !stack_push(hr, &top, a, mid, mid_of(hr, mid, a, true)))
            return false;
    }
    return true;
}

static void begin(NavHier *hr, uint32_t a, uint32_t z)
{
    if (++hr->gen == 0) {
        for (int s = 0; s < 2; s++)
            memset(hr->seen[s], 0, hr->n * sizeof *hr->seen[s]);
        hr->gen = 1;
    }
    uint32_t ends[2] = {a, z};
    for (int s = 0; s < 2; s++) {
        hr->seen[s][ends[s]] = hr->gen;
        hr->dist[s][ends[s]] = 0;
        hr->heap_n[s] = 0;
        heap_push(hr->heap[s], &hr->heap_n[s], NULL, heap_slot(0, ends[s]), 0);
    }
}

NavStatus nav_hier_find(NavHier *hr, const NavGrid *g, NavPos start, NavPos goal, NavHierResult *out)
{
    memset(out, 0, sizeof *out);
    if (!nav_hier_ready(hr, g) || !nav_grid_walkable(g, start.x, start.y) || !nav_grid_walkable(g, goal.x, goal.y))
        return NAV_INVALID;
    if (!hr->dist[0] && !query_alloc(hr)) {
        hier_query_free(hr);
        return NAV_OUT_OF_MEMORY;
    }
    uint32_t a = hr->node_of[nav_grid_index(g, start.x, start.y)], z = hr->node_of[nav_grid_index(g, goal.x, goal.y)];
    hr->path_n = 0;
    if (a == z)
        return NAV_DONE;
    begin(hr, a, z);
    uint64_t best = UINT64_MAX;
    uint32_t meet = HIER_NONE;
    for (;;) {
        uint64_t k0 = hr->heap_n[0] ? heap_key(&hr->heap[0][0]) : UINT64_MAX;
        uint64_t k1 = hr->heap_n[1] ? heap_key(&hr->heap[1][0]) : UINT64_MAX;
        int s = k0 <= k1 ? 0 : 1;
        uint64_t d = s == 0 ? k0 : k1;
        if (d >= best)
            break;
        uint32_t x = hr->heap[s][0].node;
        heap_pop(hr->heap[s], &hr->heap_n[s], NULL, 0);
        if (d > hr->dist[s][x])
            continue; /* improved since it was pushed */
        out->settled++;
        if (hr->seen[!s][x] == hr->gen && d + hr->dist[!s][x] < best) {
            best = d + hr->dist[!s][x];
            meet = x;
        }
        if (stalled(hr, s, x, d))
            continue;
        if (!relax(hr, s, x, d))
            return NAV_OUT_OF_MEMORY;
    }
    if (meet == HIER_NONE)
        return NAV_NO_PATH;
    if (!unfold(hr, a, meet, z))
        return NAV_OUT_OF_MEMORY;
    out->steps = (int)hr->path_n;
    out->cost = best;
    return NAV_DONE;
}

uint32_t nav_hier_tile(const NavHier *hr, int i)
{
    return hr->path[i];
}
