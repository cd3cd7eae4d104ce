/* grid.h - the cost grid the pathfinder and mover read: one byte per tile,
 * 0 = blocked, else the cost multiplier of entering it. Pure C; one allocation.
 * Stored with a one-tile blocked border so neighbour lookups never leave it. */
#ifndef ISODROID_GRID_H
#define ISODROID_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "units.h"

enum { GRID_MAX_SIDE = 4096, GRID_MAX_COST = 15 };

typedef struct Grid {
    int w, h;        /* tiles */
    int stride;      /* w + 2 */
    uint8_t *cost;   /* (w + 2) * (h + 2) bytes; border is 0. Write with grid_set. */
    uint32_t count[GRID_MAX_COST + 1]; /* tiles per cost, kept by grid_set */
    /* Changes whenever a tile's cost does; unique across all grids of the
     * process, so derived tables (jump.h) can tell they are out of date. */
    uint64_t version;
} Grid;

/* The 8-way steps {dx, dy} (E SE S SW W NW N NE): units.h's one table,
 * under the name the layers above know. */
static const int (*const grid_dir8)[2] = nav_dir8;

/* Allocates an all-blocked w x h grid (one byte a tile); false when out of memory or a side is
 * outside 1..GRID_MAX_SIDE. The caller owns it and calls grid_deinit. */
bool grid_init(Grid *g, int w, int h);
void grid_deinit(Grid *g);
/* dst becomes a copy of src (same version: the same tiles); dst is zeroed
 * or a grid, its memory reused. False when out of memory (dst unchanged). */
bool grid_copy(Grid *dst, const Grid *src); /* accepts a zeroed or deinited grid */

static inline int grid_index(const Grid *g, int x, int y) { return (y + 1) * g->stride + x + 1; }
static inline bool grid_in_bounds(const Grid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->w && y < g->h;
}
/* Cost of entering (x, y); 0 when blocked or outside. */
static inline uint8_t grid_cost(const Grid *g, int x, int y)
{
    return grid_in_bounds(g, x, y) ? g->cost[grid_index(g, x, y)] : 0;
}
static inline bool grid_walkable(const Grid *g, int x, int y) { return grid_cost(g, x, y) != 0; }
/* cost is clamped to GRID_MAX_COST; out-of-bounds writes are ignored. */
void grid_set(Grid *g, int x, int y, uint8_t cost);
/* The one-step move rule: (x, y) -> (x+dx, y+dy) with |dx|,|dy| <= 1, the
 * target walkable and, for a diagonal, both orthogonal neighbours walkable
 * (no corner cutting). */
bool grid_can_step(const Grid *g, int x, int y, int dx, int dy);
/* Cheapest walkable cost (1 on a grid with nothing walkable). O(1). */
uint8_t grid_min_cost(const Grid *g);
/* True when every walkable tile has the same cost. O(1). */
bool grid_uniform(const Grid *g);
/* Walkable tiles reachable from (x, y) with 8-way no-corner-cutting steps;
 * 0 when (x, y) is blocked. */
long grid_count_reachable(const Grid *g, int x, int y);
long grid_count_walkable(const Grid *g);

#endif
