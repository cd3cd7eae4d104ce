/* SPDX-License-Identifier: MIT */
/* route.h - the prepared planner: per-map data, made once and again in slices
 * after an edit, that answers optimal 8-way queries (no corner cutting) on
 * uniform-cost grids quickly. Pure C; reads a NavGrid, never writes it.
 *
 * What is prepared (nav_route_prepare), one entry per tile (no border):
 *  - regions: tiles that reach each other share an id, so an unreachable
 *    goal is answered without a search (4 bytes);
 *  - trees: tiles peeled off by repeatedly removing tiles with at most one
 *    move left (dead ends, corridors to them, whole maze branches). Each keeps
 *    its step towards what remains and its depth there (4 bytes). A tree's
 *    moves are all straight (a diagonal step closes a cycle with its two
 *    sides). The rest, the core, is where cycles are: a path between two
 *    tiles of one tree is their walk through the tree, and any other path
 *    leaves a tree by its root tile;
 *  - on the core: a JPS+ jump table (jump.h's rules, tree tiles taken as
 *    walls; 16 bytes), each straight arrival's forced turns (1 byte), and up
 *    to 8 landmark distances (landmark.h's bound; 4 bytes each, kept exactly
 *    as the numbers of straight and diagonal steps);
 *  - on mazes (at least half the core corridor tiles: two moves, both
 *    straight), each core tile's ways along corridors, one for each
 *    straight direction: a corridor tile's two ways out, another tile's
 *    corridors that start beside it; each the first tile that is not a
 *    corridor tile that way, and the steps to it (32 bytes).
 * 25 bytes a tile plus 4 a landmark: 57 with 8, the most a map gets; fewer
 * when that would pass NAV_ROUTE_BUDGET_BYTES (a 4096 x 4096 map gets one, 29
 * bytes a tile, 464 MiB); mazes add 32 when that still fits. Preparing also
 * holds about 10 bytes a tile of scratch, freed when it ends.
 *
 * A query walks the trees up to where the two ends meet or reach the core;
 * between two core tiles it takes an octile path (the shortest possible) if
 * one with at most two turns is open, and otherwise runs JPS over the core
 * with the largest of the octile distance and the bounds of the four
 * landmarks that bound the start best. On maps with few corners (fewer than
 * one core tile in 10) a diagonal jump is followed through its first 8
 * stops and the straight jump points found from them become successors at
 * once (JPS2's pruning of intermediate nodes), the stop after them a jump
 * point of its own (on open maps a long diagonal stops at almost every
 * tile); among many corners (random rubble) its stops stay jump points of
 * their own. On mazes a straight move into a corridor goes to the
 * corridor's end (or the goal on the way) at once, in place of the straight
 * jump: every path through a corridor tile runs along the corridor, so only
 * tiles where corridors meet (and the start) are searched from. Paths are kept as straight runs, and tiles
 * made from them when asked for.
 *
 * Searching holds 5 bytes a tile (node tags, the tree climb) plus arrays
 * that grow with the largest search and stay: the nodes touched (32 bytes
 * each), the open list and the runs. That scratch is the searcher's, apart
 * from the prepared data: each NavQuery (query.h) that the planner answers
 * holds its own, so many read one NavRoute; nav_route_find uses one the
 * NavRoute keeps, made by its first call (nav_route_info's search_bytes).
 *
 * Lifetime: nav_route_create makes an empty NavRoute for one map size (it
 * allocates nothing); nav_route_destroy frees everything. The data describes the
 * grid it was prepared from only while that grid's version is unchanged
 * (nav_route_ready tells); after an edit, searches must go elsewhere until
 * nav_route_prepare has made it again (nav_route_ready holds again before the
 * landmarks, the last and longest part, are placed: searches meanwhile do
 * without them). */
#ifndef ISONAV_ROUTE_H
#define ISONAV_ROUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "status.h"

enum { NAV_ROUTE_MARKS_MAX = 8 }; /* landmarks at most */
/* Prepared data never takes more than this: maps where 8 landmarks would
 * pass it get fewer. */
#define NAV_ROUTE_BUDGET_BYTES ((size_t)512 << 20)

typedef struct NavRoute NavRoute;

/* What nav_route_prepare made, for reports. */
typedef struct NavRouteInfo {
    bool ready;           /* searches can use it (landmarks may still be coming) */
    bool complete;        /* landmarks too */
    int landmarks;        /* in use */
    int tile_bytes;       /* prepared bytes a tile */
    long walkable, core, tree; /* tiles */
    long regions;
    long corners;         /* core tiles at a convex corner of a wall */
    bool scan;            /* diagonals followed through (few corners) */
    long corridor;        /* core tiles with two straight moves and no others */
    bool corridors;       /* corridors followed through (mazes) */
    size_t bytes;         /* prepared data: tile_bytes a tile */
    size_t search_bytes;  /* search state as it stands */
} NavRouteInfo;

typedef struct NavRouteResult {
    int steps;            /* tiles in the path, start excluded */
    long straight, diagonal; /* steps of each kind */
    long expanded;        /* JPS expansions over the core */
} NavRouteResult;

/* An empty NavRoute for w x h grids; NULL when out of memory or a side is
 * outside 1..NAV_GRID_MAX_SIDE. */
NavRoute *nav_route_create(int w, int h);
void nav_route_destroy(NavRoute *rm); /* accepts NULL */

/* Prepares for g (w x h, uniform costs) with `landmarks` landmarks (clamped
 * to 0 and to what the budget leaves room for), doing at most about `work` units
 * when work > 0 (a unit is a tile's share of a phase; docs/performance.md
 * gives their time), everything when work <= 0. Calls continue where the
 * last one stopped; an edit to g, or another g or landmark count, starts
 * over. NAV_DONE once all of it is done for g as it is now, NAV_IN_PROGRESS
 * meanwhile; NAV_INVALID when g is of another size or not of uniform cost,
 * NAV_OUT_OF_MEMORY when an allocation failed (both drop what was made). */
NavStatus nav_route_prepare(NavRoute *rm, const NavGrid *g, int landmarks, long work);
/* True when searches on g may use the map: everything but the landmarks is
 * made for g as it is now. */
bool nav_route_ready(const NavRoute *rm, const NavGrid *g);
void nav_route_info(const NavRoute *rm, NavRouteInfo *out);

/* An optimal path from start to goal on g: NAV_DONE with out filled in;
 * NAV_NO_PATH when the goal is unreachable or either tile is blocked;
 * NAV_INVALID when start or goal is outside the map (any ints) or the map
 * is not ready for g (nav_route_ready); NAV_OUT_OF_MEMORY (rarely) when the
 * search state cannot grow. But for NAV_DONE, out is zeroed and there is
 * no path. out may be NULL. The path is kept as straight runs, not tiles:
 * nav_route_tile gives them. */
NavStatus nav_route_find(NavRoute *rm, const NavGrid *g, NavPos start, NavPos goal, NavRouteResult *out);
/* Tile i (0 <= i < out->steps, start excluded) of the last path found, as a
 * bordered index (nav_grid_index). O(1) when called in order, else O(log runs).
 * Valid until the next nav_route_find. Any other i, or no path (none found
 * yet, or the last query not NAV_DONE): 0, the border's corner, which no
 * path holds. */
uint32_t nav_route_tile(NavRoute *rm, int i);

#endif
