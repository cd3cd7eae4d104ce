/* route.h - the prepared planner: per-map data, made once and again in slices
 * after an edit, that answers optimal 8-way queries (no corner cutting) on
 * uniform-cost grids quickly. Pure C; reads a Grid, never writes it.
 *
 * What is prepared (route_prepare):
 *  - regions: tiles that reach each other share an id, so an unreachable
 *    goal is answered without a search;
 *  - trees: tiles peeled off by repeatedly removing tiles with at most one
 *    move left (dead ends, corridors to them, whole maze branches). Each keeps
 *    its step towards what remains and its depth there; a tree's moves are
 *    all straight. The rest, the core, is where cycles are: a path between
 *    two tree tiles of one tree is their walk through the tree, and any
 *    other path leaves a tree by its root tile;
 *  - on the core: a JPS+ jump table (jump.h's rules, the tree tiles taken as
 *    walls), each straight arrival's forced turns, and landmark distances
 *    (landmark.h's bound, computed in slightly rounded-down step costs so the
 *    bound stays consistent in 32 bits).
 * A query walks trees up to the core, tries the two-segment octile path
 * (diagonal then straight, or straight then diagonal) between the core
 * ends, and otherwise runs JPS over the core.
 *
 * Memory, per tile (no border): 25 bytes (jump table 16, forced turns 1,
 * tree link 4, region 4) plus 4 a landmark: 57 with the 8 landmarks a map
 * may have at most; fewer when that would pass ROUTE_BUDGET_BYTES (on a
 * 4096 x 4096 map one, 29 bytes a tile). Preparing also holds scratch of
 * about 14 bytes a tile plus two queues, freed when it ends. Searching holds
 * 8 bytes a tile (node tags, the path) plus arrays that grow with the
 * largest search and stay: the nodes touched and the open list.
 *
 * Lifetime: route_create makes an empty RouteMap for one map size (it
 * allocates lazily); route_destroy frees everything. The data describes the
 * grid it was prepared from only while that grid's version is unchanged
 * (route_ready tells); after an edit, searches must go elsewhere until
 * route_prepare has run to its end again. */
#ifndef ISODROID_ROUTE_H
#define ISODROID_ROUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"

enum { ROUTE_MARKS_MAX = 8 }; /* landmarks at most */
/* Prepared data never takes more than this: maps where 8 landmarks would
 * pass it get fewer. */
#define ROUTE_BUDGET_BYTES ((size_t)512 << 20)

typedef struct RouteMap RouteMap;

/* What route_prepare made, for reports. */
typedef struct RouteInfo {
    bool ready;           /* searches can use it (landmarks may still be coming) */
    bool complete;        /* landmarks too */
    int landmarks;        /* in use */
    int tile_bytes;       /* prepared bytes a tile */
    long walkable, core, tree; /* tiles */
    long regions;
    long corners;         /* core tiles at a convex corner of a wall */
    bool scan;            /* diagonals followed through (few corners) */
    size_t bytes;         /* prepared data (cells) */
    size_t search_bytes;  /* search state as it stands */
} RouteInfo;

typedef struct RouteResult {
    bool found;
    int steps;            /* tiles in the path, start excluded */
    long straight, diagonal; /* steps of each kind */
    long expanded;        /* JPS expansions over the core */
} RouteResult;

/* An empty RouteMap for w x h grids; NULL when out of memory. */
RouteMap *route_create(int w, int h);
void route_destroy(RouteMap *rm); /* accepts NULL */

/* Prepares for g (w x h, uniform costs) with `landmarks` landmarks (clamped
 * to what the cell holds), doing at most about `work` units (a unit is a
 * tile visited once; some 5 ns each) when work > 0, everything when
 * work <= 0. Calls continue where the last one stopped; an edit to g, or
 * another g or landmark count, starts over. Returns true once all of it is
 * done for g as it is now; false meanwhile, and when out of memory or g is
 * of another size (route_failed tells those apart). */
bool route_prepare(RouteMap *rm, const Grid *g, int landmarks, long work);
bool route_failed(const RouteMap *rm);
/* True when searches on g may use the map: everything but the landmarks is
 * made for g as it is now. */
bool route_ready(const RouteMap *rm, const Grid *g);
void route_info(const RouteMap *rm, RouteInfo *out);

/* An optimal path from start to goal on g, for which route_ready must hold;
 * both tiles walkable. Writes out and returns its found flag; false when
 * the goal is unreachable, or (rarely) when the search state cannot grow
 * (out->expanded is then -1). The path is kept as straight runs, not tiles:
 * route_tile gives them. */
bool route_find(RouteMap *rm, const Grid *g, TilePos start, TilePos goal, RouteResult *out);
/* Tile i (0 <= i < out->steps, start excluded) of the last path found, as a
 * bordered index (grid_index). O(1) when called in order, else O(log runs).
 * Valid until the next route_find. */
uint32_t route_tile(RouteMap *rm, int i);

#endif
