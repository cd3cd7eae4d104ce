/* SPDX-License-Identifier: MIT */
/* landmark.h - landmark distances for the JPS heuristic: the exact path cost
 * from every tile of a grid to a few far-apart tiles. Pure C.
 *
 * For landmark L, d(n, L) - d(goal, L) never exceeds the cost from n to the
 * goal (the triangle inequality) and changes by at most a step's cost per
 * step; on a uniform grid, where costs are the same both ways, so does
 * |d(L, goal) - d(L, n)|. The largest of these and the octile distance is
 * still a consistent heuristic; in mazes and rooms it is a much closer one. Landmarks are placed one after another on
 * the tile farthest from those already placed, starting from the largest
 * region of the grid.
 *
 * Lifetime: landmark_build allocates (8 bytes per bordered cell and
 * landmark, at most LANDMARK_BUDGET_BYTES in all) and may be called again on
 * the same table; landmark_deinit frees.
 * A table describes the grid it was built from only as long as that grid's
 * version is unchanged (landmark_current tells). */
#ifndef ISONAV_LANDMARK_H
#define ISONAV_LANDMARK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grid.h"

enum { LANDMARK_MAX = 16 };
/* The table's memory budget: 256 MiB holds 16 landmarks up to 1024 x 1024,
 * 7 on 2048 x 2048 and 1 on 4096 x 4096 (each also costs a whole-grid pass). */
#define LANDMARK_BUDGET_BYTES ((size_t)256 * 1024 * 1024)
#define LANDMARK_FAR UINT64_MAX /* no path between the tile and the landmark */

typedef struct LandmarkTable {
    int w, h;
    int count;
    /* dist[cell * count + j], cell a bordered index: the exact cost (units.h
     * units) from the cell to landmark j, or LANDMARK_FAR. */
    uint64_t *dist;
    const NavGrid *grid; /* built from; only compared, never read through */
    uint64_t version;
} LandmarkTable;

/* Places count (1..LANDMARK_MAX) landmarks on g and fills the table: a labelling of the regions
 * (region.h), then count + 1 Dijkstra passes over the largest region.
 * False when out of memory, count is out of range or more than
 * landmark_max_count (the table is then empty; nothing was allocated). */
bool landmark_build(LandmarkTable *lt, const NavGrid *g, int count);
/* How many landmarks (0..LANDMARK_MAX) a w x h grid's table holds within
 * LANDMARK_BUDGET_BYTES. */
int landmark_max_count(int w, int h);
void landmark_deinit(LandmarkTable *lt); /* accepts a zeroed or deinited table */
/* True when the table was built from g as it is now. */
bool landmark_current(const LandmarkTable *lt, const NavGrid *g);
size_t landmark_bytes(const LandmarkTable *lt);

#endif
