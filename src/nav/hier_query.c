/* SPDX-License-Identifier: MIT */
/* hier_query.c - a query on the contraction hierarchy (hier.h): two upward
 * searches by cost, from the start along outgoing edges and from the goal
 * along incoming ones, with stalling, then the meeting's path unfolded into
 * straight runs (runs.h). */
#include "hier_int.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

void hier_search_free(HierSearch *q)
{
    for (int s = 0; s < 2; s++) {
        free(q->dist[s]);
        free(q->seen[s]);
        free(q->parent[s]);
        free(q->via[s]);
        free(q->heap[s]);
    }
    runs_free(&q->path);
    free(q->stack);
    memset(q, 0, sizeof *q);
}

struct HierSearch *hier_search_new(void)
{
    return calloc(1, sizeof(HierSearch));
}

void hier_search_delete(HierSearch *q)
{
    if (!q)
        return;
    hier_search_free(q);
    free(q);
}

size_t hier_search_bytes(const HierSearch *q)
{
    size_t n = q->dist[0] ? (q->n ? q->n : 1) : 0, b = sizeof *q + runs_bytes(&q->path) + q->stack_cap * sizeof *q->stack;
    for (int s = 0; s < 2; s++)
        b += n * (sizeof *q->dist[s] + sizeof *q->seen[s] + sizeof *q->parent[s] + sizeof *q->via[s]) +
             q->heap_cap[s] * sizeof *q->heap[s];
    return b;
}

/* q made for hr's nodes, if it is not; false when out of memory (q then
 * holds nothing). */
static bool search_alloc(const NavHier *hr, HierSearch *q)
{
    if (q->dist[0] && q->n == hr->n)
        return true;
    hier_search_free(q);
    size_t n = hr->n ? hr->n : 1;
    for (int s = 0; s < 2; s++) {
        q->dist[s] = malloc(n * sizeof *q->dist[s]);
        q->seen[s] = calloc(n, sizeof *q->seen[s]);
        q->parent[s] = malloc(n * sizeof *q->parent[s]);
        q->via[s] = malloc(n * sizeof *q->via[s]);
        q->heap_cap[s] = 1024;
        q->heap[s] = malloc(q->heap_cap[s] * sizeof *q->heap[s]);
        if (!q->dist[s] || !q->seen[s] || !q->parent[s] || !q->via[s] || !q->heap[s]) {
            hier_search_free(q);
            return false;
        }
    }
    q->n = hr->n;
    q->gen = 0;
    return true;
}

/* True when a node above x, already reached by side s's search, reaches x
 * more cheaply than d: x is then not on a cheapest upward path. */
static bool stalled(const NavHier *hr, HierSearch *q, int s, uint32_t x, uint64_t d)
{
    const uint32_t *first = s == 0 ? hr->in_first : hr->out_first;
    const HierEdge *e = s == 0 ? hr->up_in : hr->up_out;
    for (uint32_t i = first[x]; i < first[x + 1]; i++) {
        uint32_t y = e[i].to;
        if (q->seen[s][y] == q->gen && q->dist[s][y] + hier_cost(e[i]) < d)
            return true;
    }
    return false;
}

/* Side s's upward edges out of x (settled at cost d), relaxed. */
static bool relax(const NavHier *hr, HierSearch *q, int s, uint32_t x, uint64_t d)
{
    const uint32_t *first = s == 0 ? hr->out_first : hr->in_first;
    const HierEdge *e = s == 0 ? hr->up_out : hr->up_in;
    uint32_t lo = first[x], hi = first[x + 1];
    if (!buf_grow(&q->heap[s], &q->heap_cap[s], sizeof(HeapSlot), (uint64_t)q->heap_n[s] + (hi - lo), 64))
        return false;
    for (uint32_t i = lo; i < hi; i++) {
        uint32_t y = e[i].to;
        uint64_t nd = d + hier_cost(e[i]);
        if (q->seen[s][y] == q->gen && q->dist[s][y] <= nd)
            continue;
        q->seen[s][y] = q->gen;
        q->dist[s][y] = nd;
        q->parent[s][y] = x;
        q->via[s][y] = i;
        heap_push(q->heap[s], &q->heap_n[s], NULL, heap_slot(nd, y), 0);
    }
    return true;
}

/* A reference (hier_int.h) to edge i of up_in (list HIER_IN) or up_out (0). */
static uint32_t edge_ref(const NavHier *hr, uint32_t i, uint32_t list)
{
    const HierEdge *e = list ? &hr->up_in[i] : &hr->up_out[i];
    return i | list | (e->mid == HIER_NONE ? HIER_LINE : 0);
}

static bool stack_push(HierSearch *q, uint32_t *top, uint32_t ref, uint32_t end)
{
    if (!buf_grow(&q->stack, &q->stack_cap, sizeof *q->stack, (uint64_t)*top + 2, 64))
        return false;
    q->stack[(*top)++] = ref;
    q->stack[(*top)++] = end;
    return true;
}

/* The edges of the meeting's path onto the stack, the first on top, each
 * with the node it ends at; then each shortcut split into its halves
 * until only straight lines remain, which make the path's runs. */
static bool unfold(const NavHier *hr, HierSearch *q, uint32_t start, uint32_t meet, uint32_t goal)
{
    uint32_t top = 0;
    for (uint32_t x = meet; x != goal; x = q->parent[1][x])
        if (!stack_push(q, &top, edge_ref(hr, q->via[1][x], HIER_IN), q->parent[1][x]))
            return false;
    for (uint32_t i = 0, j = top - 2; top && i < j; i += 2, j -= 2) /* goal's half: last edge first */
        for (int k = 0; k < 2; k++) {
            uint32_t t = q->stack[i + k];
            q->stack[i + k] = q->stack[j + k];
            q->stack[j + k] = t;
        }
    for (uint32_t x = meet; x != start; x = q->parent[0][x])
        if (!stack_push(q, &top, edge_ref(hr, q->via[0][x], 0), x))
            return false;
    uint32_t at = hr->tile_of[start];
    while (top) {
        uint32_t end = q->stack[--top], ref = q->stack[--top];
        if (ref & HIER_LINE) {
            uint32_t n, to = hr->tile_of[end];
            int d = hier_line(hr, at, to, &n);
            if (!runs_room(&q->path, 1))
                return false;
            runs_add(&q->path, hr->boff, at, d, n);
            at = to;
            continue;
        }
        HierUnfold u = ref & HIER_IN ? hr->in_unfold[ref & HIER_INDEX] : hr->out_unfold[ref & HIER_INDEX];
        if (!stack_push(q, &top, u.second, end) || !stack_push(q, &top, u.first, u.mid))
            return false;
    }
    return true;
}

/* The length of the meeting's path: its edges' straight tile costs plus
 * sqrt 2 times their diagonal ones. */
static double path_length(const NavHier *hr, HierSearch *q, uint32_t start, uint32_t meet, uint32_t goal)
{
    uint64_t straight = 0, diagonal = 0;
    for (uint32_t x = meet; x != start; x = q->parent[0][x]) {
        straight += hr->up_out[q->via[0][x]].straight;
        diagonal += hr->up_out[q->via[0][x]].diagonal;
    }
    for (uint32_t x = meet; x != goal; x = q->parent[1][x]) {
        straight += hr->up_in[q->via[1][x]].straight;
        diagonal += hr->up_in[q->via[1][x]].diagonal;
    }
    return (double)straight + (double)diagonal * 1.41421356237309504880;
}

static void begin(const NavHier *hr, HierSearch *q, uint32_t a, uint32_t z)
{
    if (++q->gen == 0) {
        for (int s = 0; s < 2; s++)
            memset(q->seen[s], 0, hr->n * sizeof *q->seen[s]);
        q->gen = 1;
    }
    uint32_t ends[2] = {a, z};
    for (int s = 0; s < 2; s++) {
        q->seen[s][ends[s]] = q->gen;
        q->dist[s][ends[s]] = 0;
        q->heap_n[s] = 0;
        heap_push(q->heap[s], &q->heap_n[s], NULL, heap_slot(0, ends[s]), 0);
    }
}

NavStatus hier_find(const NavHier *hr, HierSearch *q, const NavGrid *g, NavPos start, NavPos goal, NavHierResult *out)
{
    memset(out, 0, sizeof *out);
    if (!nav_hier_ready(hr, g) || !nav_grid_in_bounds(g, start.x, start.y) || !nav_grid_in_bounds(g, goal.x, goal.y))
        return NAV_INVALID;
    if (!nav_grid_walkable(g, start.x, start.y) || !nav_grid_walkable(g, goal.x, goal.y))
        return NAV_NO_PATH;
    if (!search_alloc(hr, q))
        return NAV_OUT_OF_MEMORY;
    uint32_t a = hr->node_of[nav_grid_index(g, start.x, start.y)], z = hr->node_of[nav_grid_index(g, goal.x, goal.y)];
    runs_clear(&q->path);
    if (a == z)
        return NAV_DONE;
    begin(hr, q, a, z);
    uint64_t best = UINT64_MAX;
    uint32_t meet = HIER_NONE;
    for (;;) {
        uint64_t k0 = q->heap_n[0] ? heap_key(&q->heap[0][0]) : UINT64_MAX;
        uint64_t k1 = q->heap_n[1] ? heap_key(&q->heap[1][0]) : UINT64_MAX;
        int s = k0 <= k1 ? 0 : 1;
        uint64_t d = s == 0 ? k0 : k1;
        if (d >= best)
            break;
        uint32_t x = q->heap[s][0].node;
        heap_pop(q->heap[s], &q->heap_n[s], NULL, 0);
        if (d > q->dist[s][x])
            continue; /* improved since it was pushed */
        out->settled++;
        if (q->seen[!s][x] == q->gen && d + q->dist[!s][x] < best) {
            best = d + q->dist[!s][x];
            meet = x;
        }
        if (stalled(hr, q, s, x, d))
            continue;
        if (!relax(hr, q, s, x, d))
            return NAV_OUT_OF_MEMORY;
    }
    if (meet == HIER_NONE)
        return NAV_NO_PATH;
    if (!unfold(hr, q, a, meet, z))
        return NAV_OUT_OF_MEMORY;
    out->steps = (int)q->path.steps;
    out->cost = best;
    out->length = path_length(hr, q, a, meet, z);
    return NAV_DONE;
}

uint32_t hier_tile(const NavHier *hr, HierSearch *q, int i)
{
    return runs_tile(&q->path, hr->boff, i);
}

NavStatus nav_hier_find(NavHier *hr, const NavGrid *g, NavPos start, NavPos goal, NavHierResult *out)
{
    return hier_find(hr, &hr->own, g, start, goal, out);
}

uint32_t nav_hier_tile(NavHier *hr, int i)
{
    return hier_tile(hr, &hr->own, i);
}
