/* field.c - reverse Dijkstra from the goal: a tile's cost is the cheapest
 * cost of walking from it to the goal, and next[] points along that walk.
 * A step from n into m costs unit x cost(m), so relaxing n from m adds m's cost. */
#include "field.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct Entry {
    uint64_t key;
    uint32_t idx;
} Entry;

static bool entry_before(Entry a, Entry b)
{
    return a.key < b.key || (a.key == b.key && a.idx < b.idx);
}

static void push(Entry *heap, size_t *n, Entry e)
{
    size_t i = (*n)++;
    while (i > 0 && entry_before(e, heap[(i - 1) / 2])) {
        heap[i] = heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap[i] = e;
}

static Entry pop(Entry *heap, size_t *n)
{
    Entry top = heap[0], last = heap[--(*n)];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n)
            break;
        if (c + 1 < *n && entry_before(heap[c + 1], heap[c]))
            c++;
        if (!entry_before(heap[c], last))
            break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = last;
    return top;
}

void field_deinit(Field *f)
{
    free(f->cost);
    free(f->next);
    memset(f, 0, sizeof *f);
}

bool field_init(Field *f, const Grid *g, TilePos goal, PathTopology topology)
{
    memset(f, 0, sizeof *f);
    if (!grid_walkable(g, goal.x, goal.y))
        return false;
    size_t n = (size_t)g->w * (size_t)g->h;
    f->w = g->w;
    f->h = g->h;
    f->goal = goal;
    f->topology = topology;
    f->cost = malloc(n * sizeof *f->cost);
    f->next = malloc(n);
    size_t cap = n / 4 + 64, count = 0; /* grows: a tile is pushed once per improvement */
    Entry *heap = malloc(cap * sizeof *heap);
    if (!f->cost || !f->next || !heap) {
        free(heap);
        field_deinit(f);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        f->cost[i] = UINT64_MAX;
        f->next[i] = -1;
    }
    int ndirs;
    const int (*dirs)[2] = path_topology_dirs(topology, &ndirs);
    const uint8_t *cost = g->cost; /* bordered: a neighbour's lookup never leaves it */
    ptrdiff_t off[8];
    bool diag[8];
    for (int d = 0; d < ndirs; d++) {
        off[d] = (ptrdiff_t)dirs[d][1] * g->stride + dirs[d][0];
        diag[d] = topology == PATH_TOPO_8 && dirs[d][0] && dirs[d][1];
    }
    uint32_t gi = (uint32_t)goal.y * (uint32_t)g->w + (uint32_t)goal.x;
    f->cost[gi] = 0;
    push(heap, &count, (Entry){0, gi});
    while (count) {
        Entry e = pop(heap, &count);
        if (e.key != f->cost[e.idx])
            continue; /* stale entry */
        int mx = (int)(e.idx % (uint32_t)g->w), my = (int)(e.idx / (uint32_t)g->w);
        ptrdiff_t m = grid_index(g, mx, my);
        uint64_t enter = cost[m];
        for (int d = 0; d < ndirs; d++) {
            /* the tile 'from' steps into m in direction d (8-way: not across a corner) */
            ptrdiff_t from = m - off[d];
            if (!cost[from] ||
                (diag[d] && !(cost[from + dirs[d][0]] && cost[from + (ptrdiff_t)dirs[d][1] * g->stride])))
                continue;
            uint64_t c = e.key + enter * (diag[d] ? PATH_UNIT_DIAGONAL : PATH_UNIT_STRAIGHT);
            uint32_t ni = (uint32_t)(my - dirs[d][1]) * (uint32_t)g->w + (uint32_t)(mx - dirs[d][0]);
            if (c < f->cost[ni]) {
                if (count == cap) {
                    Entry *bigger = realloc(heap, cap * 2 * sizeof *heap);
                    if (!bigger) {
                        free(heap);
                        field_deinit(f);
                        return false;
                    }
                    heap = bigger;
                    cap *= 2;
                }
                f->cost[ni] = c;
                f->next[ni] = (int8_t)d;
                push(heap, &count, (Entry){c, ni});
            }
        }
    }
    free(heap);
    return true;
}

bool field_next(const Field *f, TilePos from, TilePos *to)
{
    if (from.x < 0 || from.y < 0 || from.x >= f->w || from.y >= f->h)
        return false;
    int d = f->next[(size_t)from.y * (size_t)f->w + (size_t)from.x];
    if (d < 0)
        return false;
    int n;
    const int (*dirs)[2] = path_topology_dirs(f->topology, &n);
    *to = tile_pos(from.x + dirs[d][0], from.y + dirs[d][1]);
    return true;
}

double field_distance(const Field *f, TilePos from)
{
    if (from.x < 0 || from.y < 0 || from.x >= f->w || from.y >= f->h)
        return -1.0;
    uint64_t c = f->cost[(size_t)from.y * (size_t)f->w + (size_t)from.x];
    return c == UINT64_MAX ? -1.0 : (double)c / (double)PATH_UNIT_STRAIGHT;
}
