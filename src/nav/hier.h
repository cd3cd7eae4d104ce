/* SPDX-License-Identifier: MIT */
/* hier.h - the prepared planner for weighted grids: a contraction hierarchy
 * over the 8-way moves (no corner cutting) of a grid whose tiles cost 1 to
 * NAV_GRID_MAX_COST, answering optimal queries with a search that only ever
 * climbs. Pure C; reads a NavGrid, never writes it.
 *
 * Preparing (hier_build.c) numbers the walkable tiles, takes each legal step
 * as an edge (cost: the entered tile's cost times 1 or sqrt 2, in path
 * units, units.h), then removes the tiles one by one, least important first
 * (the fewest shortcuts added for the edges removed, spread out by how many
 * neighbours went before). Removing tile v adds a shortcut u -> w for each
 * pair of remaining neighbours whose cheapest way is through v, unless a
 * local search finds another way no dearer (a witness). A tile's edges to
 * the tiles removed after it are its upward edges; a shortcut remembers the
 * tile it passes, so it unfolds into steps, unless its steps all go one way
 * (then it is a straight line and needs no unfolding).
 *
 * A query (hier_query.c) searches upward from the start along outgoing
 * edges and upward from the goal along incoming ones, both by cost, until
 * neither can beat the best meeting; a node that the other direction's
 * edges reach more cheaply than its own search did is not expanded (stalled).
 * The meeting's two halves unfold into straight runs of tiles, read one
 * tile at a time with nav_hier_tile.
 *
 * Memory: 8 bytes a cell (tile to node and back), the upward edges (28
 * bytes each: 16 for the edge, 12 for how a shortcut unfolds; about 3 to 10
 * a tile on the benchmark maps); preparing holds the live graph (16 bytes
 * an edge, both ways) and about 30 bytes a node of scratch, freed when it
 * ends. A search holds 32 bytes a node and the last path's runs: the
 * searcher's scratch, apart from the hierarchy, so that many NavQuery
 * (query.h) read one NavHier, each with its own; nav_hier_find uses one the
 * NavHier keeps, made by its first call.
 *
 * Lifetime: nav_hier_create makes an empty NavHier for one map size (it
 * allocates nothing); nav_hier_destroy frees everything. The data describes
 * the grid it was prepared from while that grid's version is unchanged
 * (nav_hier_ready); an edit, or another grid, makes nav_hier_prepare start
 * over. */
#ifndef ISONAV_HIER_H
#define ISONAV_HIER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "status.h"

typedef struct NavHier NavHier;

/* What nav_hier_prepare made, for reports. */
typedef struct NavHierInfo {
    bool ready;
    long nodes;          /* walkable tiles */
    long steps;          /* legal one-tile moves */
    long shortcuts;      /* added while removing tiles */
    long units;          /* work units the preparation has done so far */
    size_t bytes;        /* prepared data (not the search state) */
} NavHierInfo;

typedef struct NavHierResult {
    int steps;           /* tiles in the path, start excluded */
    uint64_t cost;       /* path units (units.h) */
    double length;       /* exactly: straight steps' tile costs + sqrt 2 x diagonal ones' */
    long settled;        /* nodes the two searches took off their lists */
} NavHierResult;

/* An empty NavHier for w x h grids; NULL when out of memory. */
NavHier *nav_hier_create(int w, int h);
void nav_hier_destroy(NavHier *hr); /* accepts NULL */

/* Prepares for g (w x h, 8-way), doing at most about `work` units when
 * work > 0 (a unit is a node placed or a node settled by a witness search;
 * docs/performance.md gives their time), everything when work <= 0. Calls
 * continue where the last one stopped; an edit to g or another grid starts
 * over. NAV_DONE once it is complete for g as it is now, NAV_IN_PROGRESS
 * meanwhile, NAV_INVALID when g is of another size, NAV_OUT_OF_MEMORY when
 * an allocation failed (what was made is dropped). */
NavStatus nav_hier_prepare(NavHier *hr, const NavGrid *g, long work);
/* True when searches on g may use it: complete for g as it is now. */
bool nav_hier_ready(const NavHier *hr, const NavGrid *g);
void nav_hier_info(const NavHier *hr, NavHierInfo *out);

/* An optimal path from start to goal on g: NAV_DONE with out filled in,
 * NAV_NO_PATH when the goal is unreachable or either tile is blocked,
 * NAV_INVALID when start or goal is outside the map (any ints) or it is
 * not ready for g, NAV_OUT_OF_MEMORY when the search state cannot grow. */
NavStatus nav_hier_find(NavHier *hr, const NavGrid *g, NavPos start, NavPos goal, NavHierResult *out);
/* Tile i (0 <= i < out->steps, start excluded) of the last path found, as a
 * bordered index (nav_grid_index). O(1) when called in order, else
 * O(log runs). Valid until the next nav_hier_find. */
uint32_t nav_hier_tile(NavHier *hr, int i);

#endif
