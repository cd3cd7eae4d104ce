/* path.h - the pathfinder: A* (and JPS for uniform-cost 8-way grids) over a
 * Grid, with 8-way (no corner cutting), 4-way and hex topologies, nearest
 * reachable tile, cost and expansion limits, and incremental stepping; and
 * the front of the prepared planner (PATH_ROUTE, route.h), whose data the
 * state owns.
 *
 * Costs: a step costs (1 straight, sqrt 2 diagonal) x the cost of the tile
 * entered; hex and 4-way steps cost 1 x that. The heuristic is the topology's
 * distance x the grid's cheapest cost (JPS with landmarks: the larger of that
 * and the landmark bound, landmark.h), so every returned path is optimal.
 *
 * Memory: a PathState is made for one grid size by path_create and freed by
 * path_destroy. Its search state is 16 bytes per tile (a 4-byte tag and a
 * 12-byte open-list slot) and nothing grows: queries never allocate. Tags
 * carry a generation stamp, so nothing is cleared between queries. JPS also
 * reads a JPS+ jump table (jump.h, 16 bytes per tile of map data), which the
 * state allocates once and rebuilds, in O(tiles), whenever the grid it is
 * asked about has changed; path_prepare does that ahead of time. Landmarks
 * (8 bytes per tile and landmark of map data) are only ever placed by
 * path_prepare, since that takes a whole-grid pass per landmark; a JPS search
 * asking for them uses them while the grid is unchanged, and does without
 * them after an edit until path_prepare runs again. */
#ifndef ISODROID_PATH_H
#define ISODROID_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "units.h"

/* PATH_ROUTE: the prepared planner (route.h) on 8-way uniform-cost grids,
 * once path_prepare or path_prepare_step has made its data for the grid as
 * it is; until then, and for searches it does not run (other topologies or
 * costs, nearest tile, limits), JPS when JPS's jump table is current, else
 * A*. Searches never prepare it themselves. */
typedef enum PathAlgo { PATH_ASTAR, PATH_JPS, PATH_ROUTE } PathAlgo;

typedef enum PathStatus {
    PATH_RUNNING,   /* incremental search not finished */
    PATH_FOUND,     /* path to the goal */
    PATH_NEAREST,   /* goal blocked or unreachable: path to the nearest reachable tile */
    PATH_NONE,      /* no path (PathResult.why says why) */
    PATH_LIMIT,     /* a cost or expansion limit stopped the search */
} PathStatus;

typedef struct PathOptions {
    PathTopology topology;
    /* JPS runs only on 8-way grids whose walkable tiles all cost the same and
     * with no nearest/limit options; otherwise A* runs. */
    PathAlgo algo;
    /* Unreachable or blocked goal: return the path to the reachable tile
     * nearest the goal (topology distance; ties: lower path cost, then lower
     * row, then lower column). With a limit, the best tile seen so far. */
    bool nearest;
    double cost_limit;      /* > 0: never extend a path beyond this cost */
    long expansion_limit;   /* > 0: stop after this many expansions */
    /* JPS: > 0, path_prepare places this many landmarks (at most
     * LANDMARK_MAX, 16, landmark.h) and searches use them while the grid is
     * unchanged. PATH_ROUTE: the landmarks its preparation places (at most
     * ROUTE_MARKS_MAX, 8, route.h). */
    int landmarks;
} PathOptions;

typedef struct PathResult {
    PathStatus status;
    const char *why;  /* short reason for NONE/LIMIT/NEAREST, else "" */
    TilePos start;
    TilePos end;      /* last tile of the path: the goal, or the nearest tile */
    int steps;        /* tiles in the path, start excluded */
    double length;    /* summed step costs */
    long expanded;    /* nodes expanded */
    bool used_jps;
    bool used_route;  /* the prepared planner answered */
} PathResult;

typedef struct PathState PathState;

/* The neighbour offsets {dx, dy} of a topology and their count. 8-way lists
 * E SE S SW W NW N NE (even indices straight); hex lists axial neighbours. */
const int (*path_topology_dirs(PathTopology t, int *count))[2];
/* True when the step (x,y) -> (x+dx,y+dy) is a neighbour move of the topology
 * and allowed on the grid (8-way: no corner cutting). */
bool path_can_step(const Grid *g, PathTopology t, int x, int y, int dx, int dy);

/* A search state for grids of w x h tiles; NULL when out of memory. */
PathState *path_create(int w, int h);
void path_destroy(PathState *st); /* accepts NULL */
/* Bytes the state holds: about 16 per tile (with its border; a quarter more
 * for the list of tags to reset) plus a fixed header. */
size_t path_state_bytes(const PathState *st);
/* The tags reset so far when the search generations wrapped (the cost of
 * clearing: only what searches touched, see path.c). For tests and reports. */
uint64_t path_tags_cleared(const PathState *st);
/* dst (made for the same w x h) takes over src's search, finished or under
 * way (path_step goes on from where src stands, with the same results),
 * run on g: a grid equal to src's (a copy of it). For A* searches: a
 * search using JPS or landmarks is not copied (false), nor is the prepared
 * map data (jump table, landmarks, planner), which dst keeps as it is.
 * False also when the sizes differ. */
bool path_copy_search(PathState *dst, const PathState *src, const Grid *g);

/* Bytes of the JPS jump table (0 until a JPS search or path_prepare made it). */
size_t path_jump_bytes(const PathState *st);
/* Bytes of the landmark table (0 until path_prepare placed landmarks). */
size_t path_landmark_bytes(const PathState *st);
/* Makes ready what JPS searches on g with options opt (NULL: defaults) read:
 * the jump table, which the first search would otherwise make, and with
 * opt->landmarks the landmarks, which only this places. Call it at level
 * load, or before timing. False when out of memory or g is of another size;
 * a JPS search then runs as A*, or without landmarks. */
bool path_prepare(PathState *st, const Grid *g, const PathOptions *opt);

/* PATH_ROUTE: path_prepare makes the planner's data in one go (0.1 s or less
 * on a 512x512 map); this does at most about `work` units of it (about 5 ns
 * a unit: 200000 take 1 to 2 ms; <= 0: all) and carries on from there at the
 * next call, so a game can spread it over frames after an edit. An edit
 * meanwhile starts it over. Searches use the planner once all but its
 * landmarks is made. True once it is complete for g as it is now. */
bool path_prepare_step(PathState *st, const Grid *g, const PathOptions *opt, long work);
/* The prepared planner's data (NULL until prepared), for reports (route.h). */
const struct RouteMap *path_route(const PathState *st);

/* Default options: 8-way A*, no nearest, no limits. */
PathOptions path_options_default(void);

/* One-shot search; the result is also kept in the state. */
PathStatus path_find(PathState *st, const Grid *g, TilePos start, TilePos goal,
                     const PathOptions *opt, PathResult *out);

/* Incremental search: path_begin, then path_step until it returns something
 * other than PATH_RUNNING. The grid must stay unchanged and alive meanwhile. */
void path_begin(PathState *st, const Grid *g, TilePos start, TilePos goal, const PathOptions *opt);
PathStatus path_step(PathState *st, long max_expansions);

/* The latest result and its tiles (i in 0..steps-1, start excluded). Valid
 * until the next path_begin or path_find on this state. The prepared
 * planner's paths are straight runs; a tile is made from them when asked
 * for, in O(1) going forwards. */
const PathResult *path_result(const PathState *st);
TilePos path_tile(const PathState *st, int i);
/* Copies the latest path's tiles into *tiles (grown with realloc, the
 * caller frees; *cap is its size in tiles). Returns the number of tiles, or
 * -1 when out of memory (with *tiles unchanged). */
int path_copy_tiles(const PathState *st, TilePos **tiles, int *cap);

#endif
