/* SPDX-License-Identifier: MIT */
/* path.h - the pathfinder: A* (and JPS for 8-way grids, weighted or not)
 * over a NavGrid, with 8-way (no corner cutting), 4-way and hex topologies, nearest
 * reachable tile, cost and expansion limits, and incremental stepping; and
 * the front of the prepared planner (NAV_ROUTE, route.h), whose data the
 * state owns.
 *
 * Costs: a step costs (1 straight, sqrt 2 diagonal) x the cost of the tile
 * entered; hex and 4-way steps cost 1 x that. The heuristic is the topology's
 * distance x the grid's cheapest cost (JPS with landmarks: the larger of that
 * and the landmark bound, landmark.h), so every returned path is optimal.
 *
 * Memory: a NavPath is made for one grid size by nav_path_create and freed by
 * nav_path_destroy. Its search state is 16 bytes per tile (a 4-byte tag and a
 * 12-byte open-list slot) and nothing grows: queries never allocate. Tags
 * carry a generation stamp, so nothing is cleared between queries. JPS also
 * reads a JPS+ jump table (jump.h, 16 bytes per tile of map data): a shared
 * NavJumps given in the options (jumps.h: made once, in slices if need be,
 * for many searches), or else the state's own, which it allocates once and
 * rebuilds, in O(tiles), whenever the grid it is asked about has changed;
 * nav_path_prepare does that ahead of time. Landmarks
 * (8 bytes per tile and landmark of map data) are only ever placed by
 * nav_path_prepare, since that takes a whole-grid pass per landmark; a JPS search
 * asking for them uses them while the grid is unchanged, and does without
 * them after an edit until nav_path_prepare runs again. */
#ifndef ISONAV_PATH_H
#define ISONAV_PATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "jumps.h"
#include "status.h"
#include "units.h"

/* NAV_ROUTE: the fastest planner prepared. On 8-way grids, once
 * nav_path_prepare or nav_path_prepare_step has made its data for the grid
 * as it is: on uniform costs the prepared planner (route.h), on weighted
 * ones the contraction hierarchy (hier.h), whose preparation first makes
 * the JPS jump table (unless the options' shared one is current). On
 * uniform costs where 32 sample searches of the prepared planner work hard
 * through narrow passages (mazes, rooms), the hierarchy is made after it and
 * answers once made (path_prepared.c). Until then, and for searches the
 * planners do not run (other topologies, nearest tile, limits), JPS when a
 * jump table is current (the options' shared one or the state's own), else
 * A*. Searches never prepare it themselves; preparing may replace the last
 * path found. */
typedef enum NavAlgo { NAV_ASTAR, NAV_JPS, NAV_ROUTE } NavAlgo;

typedef struct NavPathOptions {
    NavTopology topology;
    /* JPS runs only on 8-way grids, without the nearest and cost limit
     * options; otherwise A* runs. */
    NavAlgo algo;
    /* Unreachable or blocked goal: return the path to the reachable tile
     * nearest the goal (topology distance; ties: lower path cost, then lower
     * row, then lower column). With a limit, the best tile seen so far. */
    bool nearest;
    double cost_limit;      /* > 0: never extend a path beyond this cost */
    long expansion_limit;   /* > 0: stop after this many expansions */
    /* JPS: > 0, nav_path_prepare places this many landmarks (at most
     * LANDMARK_MAX, 16, landmark.h) and searches use them while the grid is
     * unchanged. NAV_ROUTE: the landmarks its preparation places (at most
     * NAV_ROUTE_MARKS_MAX, 8, route.h). */
    int landmarks;
    /* JPS (and NAV_ROUTE's fallback to it) reads this shared jump table
     * (jumps.h) when it describes the grid as it is; NULL, or out of date:
     * NAV_JPS makes and reads the state's own, NAV_ROUTE runs A* unless the
     * state's own is current. Read only while a search runs. */
    const NavJumps *jumps;
} NavPathOptions;

/* Which planner answered a search (NavPathResult.planner). */
typedef enum NavPlanner {
    NAV_PLANNER_NONE,  /* none ran: the search was refused (or none begun) */
    NAV_PLANNER_ASTAR, /* A* */
    NAV_PLANNER_JPS,   /* jump point search over a jump table */
    NAV_PLANNER_ROUTE, /* the prepared planner for uniform costs (route.h) */
    NAV_PLANNER_HIER,  /* the contraction hierarchy (hier.h) */
} NavPlanner;

typedef struct NavPathResult {
    NavStatus status;
    const char *why;  /* short reason for NONE/LIMIT/NEAREST, else "" */
    NavPos start;
    NavPos end;      /* last tile of the path: the goal, or the nearest tile */
    int steps;        /* tiles in the path, start excluded */
    double length;    /* summed step costs */
    long expanded;    /* nodes expanded (route: over its core; hier: settled) */
    NavPlanner planner; /* which one answered: NAV_ROUTE asks for the fastest
                         * prepared, and this says which that was */
} NavPathResult;

typedef struct NavPath NavPath;

/* True when the step (x,y) -> (x+dx,y+dy) is a neighbour move of the topology
 * and allowed on the grid (8-way: no corner cutting). Any ints; false for
 * a topology that is none of NavTopology's. */
bool nav_path_can_step(const NavGrid *g, NavTopology t, int x, int y, int dx, int dy);

/* A search state for grids of w x h tiles; NULL when out of memory or a
 * side is outside 1..NAV_GRID_MAX_SIDE. */
NavPath *nav_path_create(int w, int h);
void nav_path_destroy(NavPath *st); /* accepts NULL */
/* Bytes the state holds: about 16 per tile (with its border; a quarter more
 * for the list of tags to reset) plus a fixed header. */
size_t nav_path_state_bytes(const NavPath *st);
/* The tags reset so far when the search generations wrapped (the cost of
 * clearing: only what searches touched, see path.c). For tests and reports. */
uint64_t nav_path_tags_cleared(const NavPath *st);
/* dst (made for the same w x h) takes over src's search, finished or under
 * way (nav_path_step goes on from where src stands, with the same results),
 * run on g: a grid equal to src's (a copy of it). A JPS search goes on
 * reading the shared jump table of its options (jumps.h), or dst's own when
 * that describes g (else NAV_INVALID); a search using landmarks is not
 * copied (NAV_INVALID), nor is the prepared map data (jump table,
 * landmarks, planner), which dst keeps as it is. NAV_INVALID also when the
 * sizes differ (dst's, or g's once src has begun a search); dst may be src
 * (it then goes on on g). It allocates nothing. */
NavStatus nav_path_copy_search(NavPath *dst, const NavPath *src, const NavGrid *g);

/* Bytes of the JPS jump table (0 until a JPS search or nav_path_prepare made it). */
size_t nav_path_jump_bytes(const NavPath *st);
/* Bytes of the landmark table (0 until nav_path_prepare placed landmarks). */
size_t nav_path_landmark_bytes(const NavPath *st);
/* Makes ready what JPS searches on g with options opt (NULL: defaults) read:
 * the jump table, which the first search would otherwise make, and with
 * opt->landmarks the landmarks, which only this places. Call it at level
 * load, or before timing. NAV_DONE when ready; NAV_INVALID when g is of
 * another size; NAV_OUT_OF_MEMORY (a JPS search then runs as A*, or
 * without landmarks). */
NavStatus nav_path_prepare(NavPath *st, const NavGrid *g, const NavPathOptions *opt);

/* NAV_ROUTE: nav_path_prepare makes the planner's data in one go; this does
 * at most about `work` units of it (a unit is a tile's share of a phase,
 * docs/performance.md gives their time; <= 0: all) and carries on from
 * there at the next call, so a game can spread it over frames after an
 * edit. An edit meanwhile starts it over. Searches use the planner once all
 * but its landmarks is made. NAV_DONE once it is complete for g as it is
 * now, NAV_IN_PROGRESS meanwhile, else as nav_path_prepare. */
NavStatus nav_path_prepare_step(NavPath *st, const NavGrid *g, const NavPathOptions *opt, long work);
/* The prepared planners' data (NULL until prepared), for reports: the
 * planner for uniform costs (route.h) and the hierarchy for weighted grids
 * (hier.h). */
const struct NavRoute *nav_path_route(const NavPath *st);
const struct NavHier *nav_path_hier(const NavPath *st);

/* Default options: 8-way A*, no nearest, no limits. */
NavPathOptions nav_path_options_default(void);

/* One-shot search; the result is also kept in the state (and copied to
 * *out unless out is NULL; opt NULL: the defaults). Refused at once, with no
 * tiles and no planner, the result's why saying which: NAV_INVALID for input
 * that is not valid: a start or goal outside g (any ints), g of another size
 * than the state's (a zeroed grid too), an opt->topology or opt->algo that
 * is none of the enum's; NAV_NO_PATH for a blocked start, or a blocked goal
 * without opt->nearest. nav_status_ok (status.h) tells a path to use.
 * Limits at or below 0 are none (a NaN cost limit too); a cost limit past
 * what the units hold is none either. */
NavStatus nav_path_find(NavPath *st, const NavGrid *g, NavPos start, NavPos goal,
                     const NavPathOptions *opt, NavPathResult *out);

/* Incremental search: nav_path_begin, then nav_path_step until it returns something
 * other than NAV_IN_PROGRESS. The grid must stay unchanged and alive meanwhile.
 * nav_path_begin refuses what nav_path_find refuses (the first step then
 * returns that status). nav_path_step expands at most max_expansions nodes
 * (at least 1); once the search has ended it returns its status again, and
 * before any nav_path_begin or nav_path_find on the state NAV_INVALID (the
 * result's why "no search begun"). */
void nav_path_begin(NavPath *st, const NavGrid *g, NavPos start, NavPos goal, const NavPathOptions *opt);
NavStatus nav_path_step(NavPath *st, long max_expansions);

/* The latest result and its tiles (i in 0..steps-1, start excluded; any
 * other i gives the start). Valid until the next nav_path_begin or
 * nav_path_find on this state. The prepared planner's paths are straight
 * runs; a tile is made from them when asked for, in O(1) going forwards. */
const NavPathResult *nav_path_result(const NavPath *st);
NavPos nav_path_tile(const NavPath *st, int i);
/* Copies the latest path's tiles into *tiles (grown with realloc, the
 * caller frees; *cap is its size in tiles: *tiles NULL with *cap 0 to
 * start; a negative *cap counts as 0). Returns the number of tiles, or -1
 * when out of memory (with *tiles and *cap unchanged). With no tiles
 * (none found, or no search yet) it returns 0 and touches neither. */
int nav_path_copy_tiles(const NavPath *st, NavPos **tiles, int *cap);

#endif
