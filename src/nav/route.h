/* route.h - the prepared planner: per-map data, made once and again in slices
 * after an edit, that answers optimal 8-way queries (no corner cutting) on
 * uniform-cost grids quickly. Pure C; reads a Grid, never writes it.
 *
 * What is prepared (route_prepare), one entry per tile (no border):
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
 *    as the numbers of straight and diagonal steps).
 * 25 bytes a tile plus 4 a landmark: 57 with 8, the most a map gets; fewer
 * when that would pass ROUTE_BUDGET_BYTES (a 4096 x 4096 map gets one, 29
 * bytes a tile, 464 MiB). Preparing also holds about 10 bytes a tile of
 * scratch, freed when it ends.
 *
 * A query walks the trees up to where the two ends meet or reach the core;
 * between two core tiles it takes an octile path (the shortest possible) if
 * one with at most two turns is open, and otherwise runs JPS over the core
 * with the largest of the octile distance and the bounds of the four
 * landmarks that bound the start best. On maps with few corners (fewer than
 * one core tile in 10) a diagonal jump is followed to its end and the
 * straight jump points found from it become successors at once (JPS2's
 * pruning of intermediate nodes); among many corners (random rubble) its
 * stops stay jump points of their own. Paths are kept as straight runs, and
 * tiles made from them when asked for.
 *
 * Searching holds 5 bytes a tile (node tags, the tree climb) plus arrays
 * that grow with the largest search and stay: the nodes touched (32 bytes
 * each), the open list and the runs; route_prepare makes them.
 *
 * Lifetime: route_create makes an empty RouteMap for one map size (it
 * allocates nothing); route_destroy frees everything. The data describes the
 * grid it was prepared from only while that grid's version is unchanged
 * (route_ready tells); after an edit, searches must go elsewhere until
 * route_prepare has made it again (route_ready holds again before the
 * landmarks, the last and longest part, are placed: searches meanwhile do
 * without them). */
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
    size_t bytes;         /* prepared data: tile_bytes a tile */
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
 * to what the budget leaves room for), doing at most about `work` units (a
 * unit is about 5 ns, at most 10: 200000 take 1 to 2 ms) when work > 0,
 * everything when work <= 0 (0.1 s or less on a 512 x 512 map). Calls
 * continue where the last one stopped; an edit to g, or another g or
 * landmark count, starts over. Returns true once all of it is
 * done for g as it is now; false meanwhile, and when out of memory or g is
 * of another size (route_failed tells those apart). */
bool route_prepare(RouteMap *rm, const Grid *g, int landmarks, long work);
bool route_failed(const RouteMap *rm);
/* True when searches on g may use the map: everything but the landmarks is
 * made for g as it is now. */
bool route_ready(const RouteMap *rm, const Grid *g);
void route_info(const RouteMap *rm, RouteInfo *out);

/* An optimal path from start to goal on g, both tiles walkable. Writes out
 * and returns its found flag; false when the goal is unreachable, and with
 * out->expanded -1 when the map is not ready for g (route_ready) or (rarely)
 * the search state cannot grow. The path is kept as straight runs, not tiles:
 * route_tile gives them. */
bool route_find(RouteMap *rm, const Grid *g, TilePos start, TilePos goal, RouteResult *out);
/* Tile i (0 <= i < out->steps, start excluded) of the last path found, as a
 * bordered index (grid_index). O(1) when called in order, else O(log runs).
 * Valid until the next route_find. */
uint32_t route_tile(RouteMap *rm, int i);

#endif
