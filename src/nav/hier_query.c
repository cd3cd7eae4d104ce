/* SPDX-License-Identifier: MIT */
/* hier_query.c - a query on the contraction hierarchy (hier.h): two upward
 * searches by cost, from the start along outgoing edges and from the goal
 * along incoming ones, with stalling, then the meeting's path unfolded into
 * straight runs (runs.h). */
#include "hier_int.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

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
    runs_free(&hr->path);
    free(hr->stack);
    hr->stack = NULL;
    hr->stack_cap = 0;
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
/* True when a node above x, already reached by side s's search, reaches x
 * more cheaply than d: x is then not on a cheapest upward path. */
static bool stalled(const NavHier *hr, int s, uint32_t x, uint64_t d)
{
    const uint32_t *first = s == 0 ? hr->in_first : hr->out_first;
    const HierEdge *e = s == 0 ? hr->up_in : hr->up_out;
    for (uint32_t i = first[x]; i < first[x + 1]; i++) {
        uint32_t y = e[i].to;
        if (hr->seen[s][y] == hr->gen && hr->dist[s][y] + hier_cost(e[i]) < d)
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
    if (!buf_grow(&hr->heap[s], &hr->heap_cap[s], sizeof(HeapSlot), (uint64_t)hr->heap_n[s] + (hi - lo), 64))
        return false;
    for (uint32_t i = lo; i < hi; i++) {
        uint32_t y = e[i].to;
        uint64_t nd = d + hier_cost(e[i]);
        if (hr->seen[s][y] == hr->gen && hr->dist[s][y] <= nd)
            continue;
        hr->seen[s][y] = hr->gen;
        hr->dist[s][y] = nd;
        hr->parent[s][y] = x;
        hr->via[s][y] = i;
        heap_push(hr->heap[s], &hr->heap_n[s], NULL, heap_slot(nd, y), 0);
    }
    return true;
}

/* A reference (hier_int.h) to edge i of up_in (list HIER_IN) or up_out (0). */
static uint32_t edge_ref(const NavHier *hr, uint32_t i, uint32_t list)
{
    const HierEdge *e = list ? &hr->up_in[i] : &hr->up_out[i];
    return i | list | (e->mid == HIER_NONE ? HIER_LINE : 0);
}

static bool stack_push(NavHier *hr, uint32_t *top, uint32_t ref, uint32_t end)
{
    if (!buf_grow(&hr->stack, &hr->stack_cap, sizeof *hr->stack, (uint64_t)*top + 2, 64))
        return false;
    hr->stack[(*top)++] = ref;
    hr->stack[(*top)++] = end;
    return true;
}

/* The edges of the meeting's path onto the stack, the first on top, each
 * with the node it ends at; then each shortcut split into its halves
 * until only straight lines remain, which make the path's runs. */
static bool unfold(NavHier *hr, uint32_t start, uint32_t meet, uint32_t goal)
{
    uint32_t top = 0;
    for (uint32_t x = meet; x != goal; x = hr->parent[1][x])
        if (!stack_push(hr, &top, edge_ref(hr, hr->via[1][x], HIER_IN), hr->parent[1][x]))
            return false;
    for (uint32_t i = 0, j = top - 2; top && i < j; i += 2, j -= 2) /* goal's half: last edge first */
        for (int k = 0; k < 2; k++) {
            uint32_t t = hr->stack[i + k];
            hr->stack[i + k] = hr->stack[j + k];
            hr->stack[j + k] = t;
        }
    for (uint32_t x = meet; x != start; x = hr->parent[0][x])
        if (!stack_push(hr, &top, edge_ref(hr, hr->via[0][x], 0), x))
            return false;
    uint32_t at = hr->tile_of[start];
    while (top) {
        uint32_t end = hr->stack[--top], ref = hr->stack[--top];
        if (ref & HIER_LINE) {
            uint32_t n, to = hr->tile_of[end];
            int d = hier_line(hr, at, to, &n);
            if (!runs_room(&hr->path, 1))
                return false;
            runs_add(&hr->path, hr->boff, at, d, n);
            at = to;
            continue;
        }
        HierUnfold u = ref & HIER_IN ? hr->in_unfold[ref & HIER_INDEX] : hr->out_unfold[ref & HIER_INDEX];
        if (!stack_push(hr, &top, u.second, end) || !stack_push(hr, &top, u.first, u.mid))
            return false;
    }
    return true;
}

/* The length of the meeting's path: its edges' straight tile costs plus
 * sqrt 2 times their diagonal ones. */
static double path_length(const NavHier *hr, uint32_t start, uint32_t meet, uint32_t goal)
{
    uint64_t straight = 0, diagonal = 0;
    for (uint32_t x = meet; x != start; x = hr->parent[0][x]) {
        straight += hr->up_out[hr->via[0][x]].straight;
        diagonal += hr->up_out[hr->via[0][x]].diagonal;
    }
    for (uint32_t x = meet; x != goal; x = hr->parent[1][x]) {
        straight += hr->up_in[hr->via[1][x]].straight;
        diagonal += hr->up_in[hr->via[1][x]].diagonal;
    }
    return (double)straight + (double)diagonal * 1.41421356237309504880;
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
    if (!nav_hier_ready(hr, g) || !nav_grid_in_bounds(g, start.x, start.y) || !nav_grid_in_bounds(g, goal.x, goal.y))
        return NAV_INVALID;
    if (!nav_grid_walkable(g, start.x, start.y) || !nav_grid_walkable(g, goal.x, goal.y))
        return NAV_NO_PATH;
    if (!hr->dist[0] && !query_alloc(hr)) {
        hier_query_free(hr);
        return NAV_OUT_OF_MEMORY;
    }
    uint32_t a = hr->node_of[nav_grid_index(g, start.x, start.y)], z = hr->node_of[nav_grid_index(g, goal.x, goal.y)];
    runs_clear(&hr->path);
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
    out->steps = (int)hr->path.steps;
    out->cost = best;
    out->length = path_length(hr, a, meet, z);
    return NAV_DONE;
}

uint32_t nav_hier_tile(NavHier *hr, int i)
{
    return runs_tile(&hr->path, hr->boff, i);
}
