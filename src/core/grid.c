/* grid.c - cost grid storage, the corner-cutting rule and reachability
 * counting (an iterative flood fill: no recursion, so any map size is safe). */
#include "grid.h"

#include <stdlib.h>
#include <string.h>

bool grid_init(Grid *g, int w, int h)
{
    memset(g, 0, sizeof *g);
    if (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE)
        return false;
    g->row_words = (w + 2 + 128 + 63) / 64 + 1;
    g->col_words = (h + 2 + 128 + 63) / 64 + 1;
    g->cost = calloc((size_t)(w + 2) * (size_t)(h + 2), 1);
    g->row_bits = calloc((size_t)(h + 2) * (size_t)g->row_words, sizeof *g->row_bits);
    g->col_bits = calloc((size_t)(w + 2) * (size_t)g->col_words, sizeof *g->col_bits);
    if (!g->cost || !g->row_bits || !g->col_bits) {
        grid_deinit(g);
        return false;
    }
    g->w = w;
    g->h = h;
    g->stride = w + 2;
    g->count[0] = (uint32_t)w * (uint32_t)h;
    return true;
}

void grid_deinit(Grid *g)
{
    free(g->cost);
    free(g->row_bits);
    free(g->col_bits);
    memset(g, 0, sizeof *g);
}

void grid_set(Grid *g, int x, int y, uint8_t cost)
{
    if (!grid_in_bounds(g, x, y))
        return;
    uint8_t *cell = &g->cost[grid_index(g, x, y)];
    g->count[*cell]--;
    *cell = cost > GRID_MAX_COST ? GRID_MAX_COST : cost;
    g->count[*cell]++;
    size_t rb = (size_t)(x + 1 + 64), cb = (size_t)(y + 1 + 64);
    uint64_t *rw = &g->row_bits[(size_t)(y + 1) * (size_t)g->row_words + rb / 64];
    uint64_t *cw = &g->col_bits[(size_t)(x + 1) * (size_t)g->col_words + cb / 64];
    if (*cell) {
        *rw |= UINT64_C(1) << (rb % 64);
        *cw |= UINT64_C(1) << (cb % 64);
    } else {
        *rw &= ~(UINT64_C(1) << (rb % 64));
        *cw &= ~(UINT64_C(1) << (cb % 64));
    }
}

bool grid_can_step(const Grid *g, int x, int y, int dx, int dy)
{
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
        return false;
    if (!grid_walkable(g, x + dx, y + dy))
        return false;
    return dx == 0 || dy == 0 || (grid_walkable(g, x + dx, y) && grid_walkable(g, x, y + dy));
}

uint8_t grid_min_cost(const Grid *g)
{
    for (int c = 1; c <= GRID_MAX_COST; c++)
        if (g->count[c])
            return (uint8_t)c;
    return 1;
}

bool grid_uniform(const Grid *g)
{
    int kinds = 0;
    for (int c = 1; c <= GRID_MAX_COST; c++)
        kinds += g->count[c] != 0;
    return kinds <= 1;
}

long grid_count_walkable(const Grid *g)
{
    return (long)g->w * g->h - (long)g->count[0];
}

long grid_count_reachable(const Grid *g, int x, int y)
{
    if (!grid_walkable(g, x, y))
        return 0;
    size_t n = (size_t)g->w * (size_t)g->h;
    uint8_t *seen = calloc(n, 1);
    TilePos *stack = malloc(n * sizeof *stack);
    if (!seen || !stack) {
        free(seen);
        free(stack);
        return -1;
    }
    long count = 0;
    size_t top = 0;
    stack[top++] = tile_pos(x, y);
    seen[(size_t)y * (size_t)g->w + (size_t)x] = 1;
    while (top) {
        TilePos p = stack[--top];
        count++;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (!grid_can_step(g, p.x, p.y, dx, dy))
                    continue;
                size_t i = (size_t)(p.y + dy) * (size_t)g->w + (size_t)(p.x + dx);
                if (!seen[i]) {
                    seen[i] = 1;
                    stack[top++] = tile_pos(p.x + dx, p.y + dy);
                }
            }
    }
    free(seen);
    free(stack);
    return count;
}
