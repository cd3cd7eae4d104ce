/* SPDX-License-Identifier: MIT */
/* grid.c - cost grid storage, the corner-cutting rule and reachability
 * counting (an iterative flood fill: no recursion, so any map size is safe). */
#include "grid.h"

#include "buf.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static atomic_uint_fast64_t grid_versions;

static uint64_t next_version(void)
{
    return (uint64_t)atomic_fetch_add(&grid_versions, 1) + 1;
}

NavStatus nav_grid_init(NavGrid *g, int w, int h)
{
    memset(g, 0, sizeof *g);
    if (w < 1 || h < 1 || w > NAV_GRID_MAX_SIDE || h > NAV_GRID_MAX_SIDE)
        return NAV_INVALID;
    g->cost = calloc((size_t)(w + 2) * (size_t)(h + 2), 1);
    if (!g->cost)
        return NAV_OUT_OF_MEMORY;
    g->version = next_version();
    g->w = w;
    g->h = h;
    g->stride = w + 2;
    g->count[0] = (uint32_t)w * (uint32_t)h;
    return NAV_DONE;
}

void nav_grid_deinit(NavGrid *g)
{
    free(g->cost);
    memset(g, 0, sizeof *g);
}

NavStatus nav_grid_copy(NavGrid *dst, const NavGrid *src)
{
    if (!src->cost) { /* zeroed or deinited: so is the copy */
        nav_grid_deinit(dst);
        return NAV_DONE;
    }
    if (dst->cost && dst->version == src->version && dst->w == src->w && dst->h == src->h)
        return NAV_DONE; /* versions are unique to their tiles: it holds these already */
    uint8_t *cost = dst->cost;
    if (!buf_copy(&cost, src->cost, (size_t)(src->w + 2) * (size_t)(src->h + 2)))
        return NAV_OUT_OF_MEMORY;
    *dst = *src;
    dst->cost = cost;
    return NAV_DONE;
}

void nav_grid_set(NavGrid *g, int x, int y, uint8_t cost)
{
    if (!nav_grid_in_bounds(g, x, y))
        return;
    uint8_t *cell = &g->cost[nav_grid_index(g, x, y)];
    uint8_t c = cost > NAV_GRID_MAX_COST ? NAV_GRID_MAX_COST : cost;
    if (*cell == c)
        return;
    g->count[*cell]--;
    *cell = c;
    g->count[c]++;
    g->version = next_version();
}

bool nav_grid_can_step(const NavGrid *g, int x, int y, int dx, int dy)
{
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
        return false;
    /* from further out no step lands on the grid (and x + dx cannot overflow) */
    if (x < -1 || y < -1 || x > g->w || y > g->h)
        return false;
    if (!nav_grid_walkable(g, x + dx, y + dy))
        return false;
    return dx == 0 || dy == 0 || (nav_grid_walkable(g, x + dx, y) && nav_grid_walkable(g, x, y + dy));
}

uint8_t nav_grid_min_cost(const NavGrid *g)
{
    for (int c = 1; c <= NAV_GRID_MAX_COST; c++)
        if (g->count[c])
            return (uint8_t)c;
    return 1;
}

bool nav_grid_uniform(const NavGrid *g)
{
    int kinds = 0;
    for (int c = 1; c <= NAV_GRID_MAX_COST; c++)
        kinds += g->count[c] != 0;
    return kinds <= 1;
}

long nav_grid_count_walkable(const NavGrid *g)
{
    return (long)g->w * g->h - (long)g->count[0];
}

long nav_grid_count_reachable(const NavGrid *g, int x, int y)
{
    if (!nav_grid_walkable(g, x, y))
        return 0;
    size_t n = (size_t)g->w * (size_t)g->h;
    uint8_t *seen = calloc(n, 1);
    NavPos *stack = malloc(n * sizeof *stack);
    if (!seen || !stack) {
        free(seen);
        free(stack);
        return -1;
    }
    long count = 0;
    size_t top = 0;
    stack[top++] = nav_pos(x, y);
    seen[(size_t)y * (size_t)g->w + (size_t)x] = 1;
    while (top) {
        NavPos p = stack[--top];
        count++;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (!nav_grid_can_step(g, p.x, p.y, dx, dy))
                    continue;
                size_t i = (size_t)(p.y + dy) * (size_t)g->w + (size_t)(p.x + dx);
                if (!seen[i]) {
                    seen[i] = 1;
                    stack[top++] = nav_pos(p.x + dx, p.y + dy);
                }
            }
    }
    free(seen);
    free(stack);
    return count;
}
