/* SPDX-License-Identifier: MIT */
/* hier_build.c - preparing the contraction hierarchy (hier.h): the grid's
 * steps as a graph, every node's importance, the nodes removed least
 * important first with the shortcuts that keep every cheapest path, and the
 * upward edges packed for the searches. Resumable in slices of work units. */
#include "hier_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "units.h"

/* A witness search gives up after settling this many nodes: the shortcut is
 * then added, which is never wrong, only more to search. Estimating a
 * node's importance looks less far than removing it. */
enum { HIER_WITNESS_LIMIT = 500, HIER_ESTIMATE_LIMIT = 64 };

/* ---- lists ------------------------------------------------------------- */

static bool list_push(HierList *l, HierEdge e)
{
    if (!buf_grow(&l->e, &l->cap, sizeof *l->e, (uint64_t)l->n + 1, 8))
        return false;
    l->e[l->n++] = e;
    return true;
}

static HierEdge *list_find(const HierList *l, uint32_t to)
{
    for (uint32_t i = 0; i < l->n; i++)
        if (l->e[i].to == to)
            return &l->e[i];
    return NULL;
}

static void list_remove(HierList *l, uint32_t to)
{
    HierEdge *e = list_find(l, to);
    if (e)
        *e = l->e[--l->n];
}

/* Edge e from u (e.to: w): a new edge, or a cheaper way for the one there
 * (kept in u's outgoing and w's incoming list alike). */
static bool add_edge(HierBuild *b, uint32_t u, HierEdge e)
{
    uint32_t w = e.to;
    HierEdge *o = list_find(&b->out[u], w);
    if (o) {
        if (hier_cost(*o) <= hier_cost(e))
            return true;
        HierEdge *i = list_find(&b->in[w], u);
        *o = e;
        *i = e;
        i->to = u;
        return true;
    }
    HierEdge back = e;
    back.to = u;
    return list_push(&b->out[u], e) && list_push(&b->in[w], back);
}

/* ---- freeing ----------------------------------------------------------- */

static void build_free(NavHier *hr)
{
    HierBuild *b = &hr->b;
    for (uint32_t v = 0; b->out && v < hr->n; v++) {
        free(b->out[v].e);
        free(b->in[v].e);
    }
    free(b->out);
    free(b->in);
    free(b->gone);
    free(b->order);
    free(b->packed_tile);
    free(b->queue);
    free(b->where);
    free(b->local.dist);
    free(b->local.seen);
    free(b->local.heap);
    memset(b, 0, sizeof *b);
}

static void drop(NavHier *hr)
{
    build_free(hr);
    hier_search_free(&hr->own);
    free(hr->node_of);
    free(hr->tile_of);
    free(hr->out_first);
    free(hr->in_first);
    free(hr->up_out);
    free(hr->up_in);
    free(hr->out_unfold);
    free(hr->in_unfold);
    hr->node_of = hr->tile_of = hr->out_first = hr->in_first = NULL;
    hr->up_out = hr->up_in = NULL;
    hr->out_unfold = hr->in_unfold = NULL;
    hr->n = 0;
    hr->steps = hr->shortcuts = 0;
    hr->units = 0;
    hr->phase = HP_IDLE;
}

NavHier *nav_hier_create(int w, int h)
{
    if (w < 1 || h < 1 || w > NAV_GRID_MAX_SIDE || h > NAV_GRID_MAX_SIDE)
        return NULL;
    NavHier *hr = calloc(1, sizeof *hr);
    if (!hr)
        return NULL;
    hr->w = w;
    hr->h = h;
    hr->stride = w + 2;
    hr->cells = (uint32_t)(w + 2) * (uint32_t)(h + 2);
    for (int d = 0; d < 8; d++)
        hr->boff[d] = nav_dir8[d][1] * hr->stride + nav_dir8[d][0];
    return hr;
}

void nav_hier_destroy(NavHier *hr)
{
    if (!hr)
        return;
    drop(hr);
    free(hr);
}

/* ---- witness searches -------------------------------------------------- */

/* Dijkstra from `from` over the remaining nodes but `skip`, up to cost
 * `bound` or `limit` nodes settled. Its distances (upper bounds
 * of the cheapest ways, all real paths) are in b->local. Returns the nodes
 * settled. */
static long witness(HierBuild *b, uint32_t n, uint32_t from, uint32_t skip, uint64_t bound, long limit)
{
    HierLocal *L = &b->local;
    if (++L->gen == 0) {
        memset(L->seen, 0, n * sizeof *L->seen);
        L->gen = 1;
    }
    L->dist[from] = 0;
    L->seen[from] = L->gen;
    L->heap_n = 0;
    heap_push(L->heap, &L->heap_n, NULL, heap_slot(0, from), 0);
    long settled = 0;
    while (L->heap_n && settled < limit) {
        uint64_t d = heap_key(&L->heap[0]);
        uint32_t x = L->heap[0].node;
        heap_pop(L->heap, &L->heap_n, NULL, 0);
        if (d > bound)
            break;
        if (d > L->dist[x])
            continue; /* improved since it was pushed */
        settled++;
        const HierList *o = &b->out[x];
        for (uint32_t i = 0; i < o->n; i++) {
            uint32_t y = o->e[i].to;
            uint64_t nd = d + hier_cost(o->e[i]);
            if (y == skip || (L->seen[y] == L->gen && L->dist[y] <= nd))
                continue;
            if (!buf_grow(&L->heap, &L->heap_cap, sizeof *L->heap, (uint64_t)L->heap_n + 1, 256))
                return settled; /* too little memory to look further: shortcuts instead */
            L->seen[y] = L->gen;
            L->dist[y] = nd;
            heap_push(L->heap, &L->heap_n, NULL, heap_slot(nd, y), 0);
        }
    }
    return settled;
}

/* The mid of shortcut u -> v -> w made of edges uv and vw: HIER_NONE when
 * both are straight lines going the same way (hier_int.h), else v. */
static uint32_t shortcut_mid(const NavHier *hr, HierEdge uv, uint32_t v, HierEdge vw)
{
    if (uv.mid != HIER_NONE || vw.mid != HIER_NONE)
        return v;
    uint32_t n;
    int d = hier_line(hr, hr->tile_of[uv.to], hr->tile_of[v], &n);
    return d >= 0 && d == hier_line(hr, hr->tile_of[v], hr->tile_of[vw.to], &n) ? HIER_NONE : v;
}

/* The shortcuts removing v needs: for every way u -> v -> w between two
 * remaining nodes with no witness as cheap. Adds them when `add`. Returns
 * their number, or -1 when out of memory; *units grows by the work done. */
static long shortcuts(NavHier *hr, uint32_t v, bool add, long *units)
{
    HierBuild *b = &hr->b;
    const HierList *in = &b->in[v], *out = &b->out[v];
    long count = 0;
    long limit = add ? HIER_WITNESS_LIMIT : HIER_ESTIMATE_LIMIT;
    for (uint32_t i = 0; i < in->n; i++) {
        HierEdge uv = in->e[i];
        uint64_t bound = 0;
        for (uint32_t j = 0; j < out->n; j++)
            if (out->e[j].to != uv.to && hier_cost(uv) + hier_cost(out->e[j]) > bound)
                bound = hier_cost(uv) + hier_cost(out->e[j]);
        if (bound == 0)
            continue;
        *units += witness(b, hr->n, uv.to, v, bound, limit);
        const HierLocal *L = &b->local;
        for (uint32_t j = 0; j < out->n; j++) {
            uint32_t w = out->e[j].to;
            uint64_t c = hier_cost(uv) + hier_cost(out->e[j]);
            if (w == uv.to || (L->seen[w] == L->gen && L->dist[w] <= c))
                continue;
            count++;
            HierEdge uw = {w, shortcut_mid(hr, uv, v, out->e[j]), uv.straight + out->e[j].straight,
                           uv.diagonal + out->e[j].diagonal};
            if (add && !add_edge(b, uv.to, uw))
                return -1;
        }
    }
    return count;
}

/* How soon v is removed (smaller first): the shortcuts it needs against the
 * edges it takes away, and the neighbours already removed, so that removals
 * spread over the map. */
static uint64_t importance(NavHier *hr, uint32_t v, long *units)
{
    long added = shortcuts(hr, v, false, units);
    long edges = (long)hr->b.in[v].n + (long)hr->b.out[v].n;
    long p = 2 * (added - edges) + (long)hr->b.gone[v] + (1L << 30);
    return (uint64_t)(p < 0 ? 0 : p);
}

/* Removes v: its shortcuts added, its edges gone from its neighbours' lists
 * (its own lists, all to nodes removed later, stay: its upward edges). */
static bool remove_node(NavHier *hr, uint32_t v, long *units)
{
    HierBuild *b = &hr->b;
    long added = shortcuts(hr, v, true, units);
    if (added < 0)
        return false;
    hr->shortcuts += added;
    b->order[b->removed_n++] = v;
    const HierList *out = &b->out[v], *in = &b->in[v];
    for (uint32_t j = 0; j < out->n; j++) {
        uint32_t w = out->e[j].to;
        list_remove(&b->in[w], v);
        b->gone[w]++;
    }
    for (uint32_t i = 0; i < in->n; i++) {
        uint32_t u = in->e[i].to;
        list_remove(&b->out[u], v);
        b->gone[u]++;
    }
    return true;
}

/* ---- the phases -------------------------------------------------------- */

static bool start(NavHier *hr, const NavGrid *g)
{
    drop(hr);
    hr->node_of = malloc(hr->cells * sizeof *hr->node_of);
    hr->tile_of = malloc((size_t)hr->w * (size_t)hr->h * sizeof *hr->tile_of);
    if (!hr->node_of || !hr->tile_of)
        return false;
    memset(hr->node_of, 0xFF, hr->cells * sizeof *hr->node_of);
    hr->version = g->version;
    hr->phase = HP_NODES;
    return true;
}

static bool alloc_build(NavHier *hr)
{
    HierBuild *b = &hr->b;
    size_t n = hr->n ? hr->n : 1;
    b->out = calloc(n, sizeof *b->out);
    b->in = calloc(n, sizeof *b->in);
    b->gone = calloc(n, sizeof *b->gone);
    b->order = malloc(n * sizeof *b->order);
    b->queue = malloc(n * sizeof *b->queue);
    b->where = calloc(n, sizeof *b->where);
    b->local.dist = malloc(n * sizeof *b->local.dist);
    b->local.seen = calloc(n, sizeof *b->local.seen);
    b->local.heap_cap = 256;
    b->local.heap = malloc(b->local.heap_cap * sizeof *b->local.heap);
    return b->out && b->in && b->gone && b->order && b->queue && b->where && b->local.dist && b->local.seen &&
           b->local.heap;
}

/* Numbers the walkable tiles of the next rows. */
static bool phase_nodes(NavHier *hr, const NavGrid *g, long budget, long *used)
{
    HierBuild *b = &hr->b;
    for (; (int)b->cursor < hr->h && *used < budget; b->cursor++) {
        for (int x = 0; x < hr->w; x++) {
            uint32_t c = (uint32_t)nav_grid_index(g, x, (int)b->cursor);
            if (g->cost[c]) {
                hr->node_of[c] = hr->n;
                hr->tile_of[hr->n++] = c;
            }
        }
        *used += hr->w;
    }
    if ((int)b->cursor < hr->h)
        return true;
    if (!alloc_build(hr))
        return false;
    b->cursor = 0;
    hr->phase = HP_STEPS;
    return true;
}

/* The grid's legal steps out of the next nodes, as edges. */
static bool phase_steps(NavHier *hr, const NavGrid *g, long budget, long *used)
{
    HierBuild *b = &hr->b;
    for (; b->cursor < hr->n && *used < budget; b->cursor++, (*used)++) {
        uint32_t v = b->cursor, c = hr->tile_of[v];
        int x = (int)(c % (uint32_t)hr->stride) - 1, y = (int)(c / (uint32_t)hr->stride) - 1;
        for (int d = 0; d < 8; d++) {
            int dx = nav_dir8[d][0], dy = nav_dir8[d][1];
            if (!nav_grid_can_step(g, x, y, dx, dy))
                continue;
            uint32_t t = (uint32_t)nav_grid_index(g, x + dx, y + dy);
            HierEdge e = {hr->node_of[t], HIER_NONE, d % 2 ? 0 : g->cost[t], d % 2 ? g->cost[t] : 0};
            if (!add_edge(b, v, e))
                return false;
            hr->steps++;
        }
    }
    if (b->cursor == hr->n) {
        b->cursor = 0;
        hr->phase = HP_ORDER;
    }
    return true;
}

static void phase_order(NavHier *hr, long budget, long *used)
{
    HierBuild *b = &hr->b;
    for (; b->cursor < hr->n && *used < budget; b->cursor++, (*used)++) {
        uint64_t key = importance(hr, b->cursor, used);
        heap_push(b->queue, &b->queue_n, b->where, heap_slot(key, b->cursor), HEAP_WHERE | HEAP_BY_NODE);
    }
    if (b->cursor == hr->n)
        hr->phase = HP_REMOVE;
}

/* Takes the least important node; if its importance, looked at again, still
 * comes first it is removed, else it goes back in its new place. */
static bool phase_remove(NavHier *hr, long budget, long *used)
{
    HierBuild *b = &hr->b;
    while (b->queue_n && *used < budget) {
        uint32_t v = b->queue[0].node;
        (*used)++;
        heap_pop(b->queue, &b->queue_n, b->where, HEAP_WHERE | HEAP_BY_NODE);
        uint64_t key = importance(hr, v, used);
        if (b->queue_n && key > heap_key(&b->queue[0])) {
            heap_push(b->queue, &b->queue_n, b->where, heap_slot(key, v), HEAP_WHERE | HEAP_BY_NODE);
            continue;
        }
        if (!remove_node(hr, v, used))
            return false;
    }
    if (!b->queue_n) {
        b->cursor = 0;
        hr->phase = HP_PACK;
    }
    return true;
}

/* The packed arrays, and the nodes' new numbers: the last removed is 0, so
 * that the nodes searches meet most, the highest, lie together. */
static bool alloc_packed(NavHier *hr)
{
    HierBuild *b = &hr->b;
    size_t outs = 0, ins = 0;
    for (uint32_t v = 0; v < hr->n; v++) {
        outs += b->out[v].n;
        ins += b->in[v].n;
        b->where[b->order[v]] = hr->n - 1 - v;
    }
    hr->out_first = malloc(((size_t)hr->n + 1) * sizeof *hr->out_first);
    hr->in_first = malloc(((size_t)hr->n + 1) * sizeof *hr->in_first);
    hr->up_out = malloc((outs ? outs : 1) * sizeof *hr->up_out);
    hr->up_in = malloc((ins ? ins : 1) * sizeof *hr->up_in);
    if (outs > HIER_INDEX || ins > HIER_INDEX)
        return false; /* more edges than a reference can name */
    hr->out_unfold = malloc((outs ? outs : 1) * sizeof *hr->out_unfold);
    hr->in_unfold = malloc((ins ? ins : 1) * sizeof *hr->in_unfold);
    b->packed_tile = malloc((hr->n ? hr->n : 1) * sizeof *b->packed_tile);
    if (!hr->out_first || !hr->in_first || !hr->up_out || !hr->up_in || !hr->out_unfold || !hr->in_unfold ||
        !b->packed_tile)
        return false;
    hr->out_first[0] = hr->in_first[0] = 0;
    return true;
}

/* A list's edges, renumbered, at dst. */
static void pack_list(const HierBuild *b, HierEdge *dst, const HierList *l)
{
    for (uint32_t k = 0; k < l->n; k++) {
        HierEdge e = l->e[k];
        dst[k] = (HierEdge){b->where[e.to], e.mid == HIER_NONE ? HIER_NONE : b->where[e.mid], e.straight, e.diagonal};
    }
}

/* Each node's lists, now its upward edges, into the packed arrays under
 * the node's new number. */
static bool phase_pack(NavHier *hr, long budget, long *used)
{
    HierBuild *b = &hr->b;
    if (b->cursor == 0 && !hr->out_first && !alloc_packed(hr))
        return false;
    for (; b->cursor < hr->n && *used < budget; b->cursor++, (*used)++) {
        uint32_t i = b->cursor, v = b->order[hr->n - 1 - i];
        HierList *o = &b->out[v], *in = &b->in[v];
        pack_list(b, hr->up_out + hr->out_first[i], o);
        pack_list(b, hr->up_in + hr->in_first[i], in);
        hr->out_first[i + 1] = hr->out_first[i] + o->n;
        hr->in_first[i + 1] = hr->in_first[i] + in->n;
        b->packed_tile[i] = hr->tile_of[v];
        free(o->e);
        free(in->e);
        *o = *in = (HierList){0};
    }
    if (b->cursor < hr->n)
        return true;
    for (uint32_t i = 0; i < hr->n; i++)
        hr->node_of[b->packed_tile[i]] = i;
    free(hr->tile_of);
    hr->tile_of = b->packed_tile;
    b->packed_tile = NULL;
    build_free(hr); /* the cursor starts again at 0 */
    hr->phase = HP_UNFOLD;
    return true;
}

/* A reference (hier_int.h) to the edge to `to` among e[lo .. hi - 1]. */
static uint32_t find_to(const HierEdge *e, uint32_t lo, uint32_t hi, uint32_t to, uint32_t list)
{
    for (uint32_t i = lo; i < hi; i++)
        if (e[i].to == to)
            return i | list | (e[i].mid == HIER_NONE ? HIER_LINE : 0);
    return HIER_NONE; /* not reached: a shortcut's halves are kept at its mid */
}

/* How shortcut a -> b through m unfolds: its halves are m's upward edges. */
static HierUnfold unfold_of(const NavHier *hr, uint32_t a, uint32_t b, uint32_t m)
{
    return (HierUnfold){m, find_to(hr->up_in, hr->in_first[m], hr->in_first[m + 1], a, HIER_IN),
                        find_to(hr->up_out, hr->out_first[m], hr->out_first[m + 1], b, 0)};
}

/* How the next nodes' shortcuts unfold, so that unfolding a path reads
 * their halves instead of searching for them. */
static void phase_unfold(NavHier *hr, long budget, long *used)
{
    HierBuild *b = &hr->b;
    for (; b->cursor < hr->n && *used < budget; b->cursor++, (*used)++) {
        uint32_t v = b->cursor;
        for (uint32_t i = hr->out_first[v]; i < hr->out_first[v + 1]; i++)
            if (hr->up_out[i].mid != HIER_NONE)
                hr->out_unfold[i] = unfold_of(hr, v, hr->up_out[i].to, hr->up_out[i].mid);
        for (uint32_t i = hr->in_first[v]; i < hr->in_first[v + 1]; i++)
            if (hr->up_in[i].mid != HIER_NONE)
                hr->in_unfold[i] = unfold_of(hr, hr->up_in[i].to, v, hr->up_in[i].mid);
    }
    if (b->cursor == hr->n) {
        b->cursor = 0;
        hr->phase = HP_DONE;
    }
}

static bool run_phase(NavHier *hr, const NavGrid *g, long budget, long *used)
{
    switch (hr->phase) {
    case HP_NODES:
        return phase_nodes(hr, g, budget, used);
    case HP_STEPS:
        return phase_steps(hr, g, budget, used);
    case HP_ORDER:
        phase_order(hr, budget, used);
        return true;
    case HP_REMOVE:
        return phase_remove(hr, budget, used);
    case HP_PACK:
        return phase_pack(hr, budget, used);
    case HP_UNFOLD:
        phase_unfold(hr, budget, used);
        return true;
    case HP_IDLE:
    case HP_DONE:
    default:
        return true;
    }
}

NavStatus nav_hier_prepare(NavHier *hr, const NavGrid *g, long work)
{
    if (g->w != hr->w || g->h != hr->h)
        return NAV_INVALID;
    if (hr->phase == HP_IDLE || hr->version != g->version) {
        if (!start(hr, g)) {
            drop(hr);
            return NAV_OUT_OF_MEMORY;
        }
    }
    long budget = work > 0 ? work : LONG_MAX, used = 0;
    while (hr->phase != HP_DONE && used < budget) {
        if (!run_phase(hr, g, budget, &used)) {
            drop(hr);
            return NAV_OUT_OF_MEMORY;
        }
    }
    hr->units += used;
    return hr->phase == HP_DONE ? NAV_DONE : NAV_IN_PROGRESS;
}

bool nav_hier_ready(const NavHier *hr, const NavGrid *g)
{
    return hr && hr->phase == HP_DONE && hr->version == g->version && g->w == hr->w && g->h == hr->h;
}

void nav_hier_info(const NavHier *hr, NavHierInfo *out)
{
    memset(out, 0, sizeof *out);
    out->ready = hr->phase == HP_DONE;
    out->nodes = hr->n;
    out->steps = hr->steps;
    out->shortcuts = hr->shortcuts;
    out->units = hr->units;
    if (!out->ready)
        return;
    size_t edges = (size_t)hr->out_first[hr->n] + hr->in_first[hr->n];
    out->bytes = hr->cells * sizeof *hr->node_of + hr->n * sizeof *hr->tile_of +
                 2 * ((size_t)hr->n + 1) * sizeof *hr->out_first + edges * (sizeof(HierEdge) + sizeof(HierUnfold));
}
