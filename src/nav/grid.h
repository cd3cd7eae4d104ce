/* SPDX-License-Identifier: MIT */
/* grid.h - the cost grid the pathfinder and mover read: one byte per tile,
 * 0 = blocked, else the cost multiplier of entering it. Pure C; one allocation.
 * Stored with a one-tile blocked border so neighbour lookups never leave it.
 *
 * A zeroed NavGrid (or one after nav_grid_deinit) is a grid of no tiles:
 * every call here takes it (nothing is walkable, writes are ignored), and
 * the rest of the library refuses searches on it as on a grid of another
 * size. Coordinates may be any int: outside the grid a tile is blocked. */
#ifndef ISONAV_GRID_H
#define ISONAV_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "status.h"
#include "units.h"

enum { NAV_GRID_MAX_SIDE = 4096, NAV_GRID_MAX_COST = 15 };

typedef struct NavGrid {
    int w, h;        /* tiles */
    int stride;      /* w + 2 */
    uint8_t *cost;   /* (w + 2) * (h + 2) bytes; border is 0. Write with nav_grid_set. */
    uint32_t count[NAV_GRID_MAX_COST + 1]; /* tiles per cost, kept by nav_grid_set */
    /* Changes whenever a tile's cost does; unique across all grids of the
     * process, so derived tables (jump.h) can tell they are out of date. */
    uint64_t version;
} NavGrid;

/* Allocates an all-blocked w x h grid (one byte a tile): NAV_DONE;
 * NAV_INVALID when a side is outside 1..NAV_GRID_MAX_SIDE, NAV_OUT_OF_MEMORY
 * (g zeroed in both). The caller owns it and calls nav_grid_deinit. */
NavStatus nav_grid_init(NavGrid *g, int w, int h);
void nav_grid_deinit(NavGrid *g); /* accepts a zeroed or deinited grid */
/* dst becomes a copy of src (same version: the same tiles); dst is zeroed
 * or a grid, its memory reused. NAV_OUT_OF_MEMORY leaves dst unchanged. A
 * zeroed or deinited src makes dst zeroed too (its memory freed): NAV_DONE.
 * dst may be src. */
NavStatus nav_grid_copy(NavGrid *dst, const NavGrid *src);

/* The index of (x, y) in g->cost. Not checked: x from -1 to w and y from -1
 * to h (the border included) only. */
static inline int nav_grid_index(const NavGrid *g, int x, int y) { return (y + 1) * g->stride + x + 1; }
static inline bool nav_grid_in_bounds(const NavGrid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->w && y < g->h;
}
/* Cost of entering (x, y); 0 when blocked or outside. */
static inline uint8_t nav_grid_cost(const NavGrid *g, int x, int y)
{
    return nav_grid_in_bounds(g, x, y) ? g->cost[nav_grid_index(g, x, y)] : 0;
}
static inline bool nav_grid_walkable(const NavGrid *g, int x, int y) { return nav_grid_cost(g, x, y) != 0; }
/* cost is clamped to NAV_GRID_MAX_COST; out-of-bounds writes are ignored. */
void nav_grid_set(NavGrid *g, int x, int y, uint8_t cost);
/* The one-step move rule: (x, y) -> (x+dx, y+dy) with |dx|,|dy| <= 1, the
 * target walkable and, for a diagonal, both orthogonal neighbours walkable
 * (no corner cutting). Any ints: false for a longer step, no step, or a
 * target off the grid (the start tile itself is not looked at). */
bool nav_grid_can_step(const NavGrid *g, int x, int y, int dx, int dy);
/* Cheapest walkable cost (1 on a grid with nothing walkable). O(1). */
uint8_t nav_grid_min_cost(const NavGrid *g);
/* True when every walkable tile has the same cost. O(1). */
bool nav_grid_uniform(const NavGrid *g);
/* Walkable tiles reachable from (x, y) with 8-way no-corner-cutting steps;
 * 0 when (x, y) is blocked or outside, -1 when out of memory. */
long nav_grid_count_reachable(const NavGrid *g, int x, int y);
long nav_grid_count_walkable(const NavGrid *g);

#endif
