/* SPDX-License-Identifier: MIT */
/* query.h - NavQuery: one search over a NavGrid, and nothing but its
 * scratch, in the manner of Detour's dtNavMeshQuery: A* (and JPS for 8-way
 * grids, weighted or not), with 8-way (no corner cutting), 4-way and hex
 * topologies, nearest reachable tile, cost and expansion limits, and
 * incremental stepping; and the prepared planners (NAV_ROUTE). What the
 * faster planners read (the JPS jump table, landmarks, the prepared
 * planner, the contraction hierarchy) is map data made apart, once, and
 * shared by any number of queries: a NavPrepared (prepared.h) or a NavJumps
 * (jumps.h), named in the options.
 *
 * Costs: a step costs (1 straight, sqrt 2 diagonal) x the cost of the tile
 * entered; hex and 4-way steps cost 1 x that. The heuristic is the topology's
 * distance x the grid's cheapest cost (JPS with landmarks: the larger of that
 * and the landmark bound, landmark.h), so every returned path is optimal.
 *
 * Memory: a NavQuery is made for one grid size by nav_query_create and freed
 * by nav_query_destroy. Its search state is 16 bytes per tile (a 4-byte tag
 * and a 12-byte open-list slot) and nothing grows: A* and JPS never
 * allocate. Tags carry a generation stamp, so nothing is cleared between
 * searches. A query the prepared planners answer also holds their search
 * scratch, made by the first such search and kept (route.h, hier.h: 5
 * bytes a tile for the planner for uniform costs, 32 a node for the
 * hierarchy, and lists that grow). nav_query_bytes counts all of it; the
 * prepared data is the NavPrepared's (nav_prepared_bytes), never a query's.
 *
 * Sharing: a query only reads the NavPrepared and NavJumps of its options,
 * and only while a search runs; many queries, on any threads, may read one
 * (as long as none is being made meanwhile). A query itself is one
 * search's: one thread at a time. */
#ifndef ISONAV_QUERY_H
#define ISONAV_QUERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "jumps.h"
#include "status.h"
#include "units.h"

/* What a search asks for. NAV_ASTAR: A*. NAV_JPS: jump point search, on
 * 8-way grids without the nearest and cost limit options, when a jump table
 * describes the grid as it is (the options' shared NavJumps, or the
 * NavPrepared's own); else A*. NAV_ROUTE: the fastest planner prepared for
 * the grid as it is (prepared.h): on uniform costs the prepared planner
 * (route.h), on weighted ones the contraction hierarchy (hier.h), and the
 * hierarchy on uniform grids where the planner works hard; until they are
 * made, and for searches they do not run (other topologies, nearest tile,
 * limits), JPS when a jump table is current, else A*. Searches never make
 * any of it themselves. The result says which answered (NavPlanner). */
typedef enum NavAlgo { NAV_ASTAR, NAV_JPS, NAV_ROUTE } NavAlgo;

typedef struct NavQueryOptions {
    NavTopology topology;
    NavAlgo algo;
    /* Unreachable or blocked goal: return the path to the reachable tile
     * nearest the goal (topology distance; ties: lower path cost, then lower
     * row, then lower column). With a limit, the best tile seen so far. */
    bool nearest;
    double cost_limit;      /* > 0: never extend a path beyond this cost */
    long expansion_limit;   /* > 0: stop after this many expansions */
    /* JPS: > 0, nav_prepared_make places this many landmarks (at most
     * LANDMARK_MAX, 16, landmark.h) and searches use them while the grid is
     * unchanged. NAV_ROUTE: the landmarks its preparation places (at most
     * NAV_ROUTE_MARKS_MAX, 8, route.h). */
    int landmarks;
    /* JPS (and NAV_ROUTE's fallback to it) reads this shared jump table
     * (jumps.h) when it describes the grid as it is, before the prepared
     * data's. NULL: none. */
    const NavJumps *jumps;
    /* The prepared data searches read (prepared.h): its jump table,
     * landmarks and planners, where they describe the grid as it is. NULL:
     * none (A*, or JPS on the shared jumps). */
    const struct NavPrepared *prepared;
} NavQueryOptions;

/* Which planner answered a search (NavQueryResult.planner). */
typedef enum NavPlanner {
    NAV_PLANNER_NONE,  /* none ran: the search was refused (or none begun) */
    NAV_PLANNER_ASTAR, /* A* */
    NAV_PLANNER_JPS,   /* jump point search over a jump table */
    NAV_PLANNER_ROUTE, /* the prepared planner for uniform costs (route.h) */
    NAV_PLANNER_HIER,  /* the contraction hierarchy (hier.h) */
} NavPlanner;

typedef struct NavQueryResult {
    NavStatus status;
    const char *why;  /* short reason for NONE/LIMIT/NEAREST, else "" */
    NavPos start;
    NavPos end;      /* last tile of the path: the goal, or the nearest tile */
    int steps;        /* tiles in the path, start excluded */
    double length;    /* summed step costs */
    long expanded;    /* nodes expanded (route: over its core; hier: settled) */
    NavPlanner planner; /* which one answered: NAV_ROUTE asks for the fastest
                         * prepared, and this says which that was */
} NavQueryResult;

typedef struct NavQuery NavQuery;

/* True when the step (x,y) -> (x+dx,y+dy) is a neighbour move of the topology
 * and allowed on the grid (8-way: no corner cutting). Any ints; false for
 * a topology that is none of NavTopology's. */
bool nav_query_can_step(const NavGrid *g, NavTopology t, int x, int y, int dx, int dy);

/* A query for grids of w x h tiles; NULL when out of memory or a side is
 * outside 1..NAV_GRID_MAX_SIDE. */
NavQuery *nav_query_create(int w, int h);
void nav_query_destroy(NavQuery *q); /* accepts NULL */
/* Bytes the query holds, all scratch: about 16 per tile (with its border;
 * a quarter more for the list of tags to reset), a fixed header, and the
 * prepared planners' search scratch once they have answered it. Never any
 * of the prepared data it reads. */
size_t nav_query_bytes(const NavQuery *q);
/* The tags reset so far when the search generations wrapped (the cost of
 * clearing: only what searches touched, see query.c). For tests and reports. */
uint64_t nav_query_tags_cleared(const NavQuery *q);
/* dst (made for the same w x h) takes over src's search, finished or under
 * way (nav_query_step goes on from where src stands, with the same
 * results), run on g: a grid equal to src's (a copy of it). The copy reads
 * the same shared data as src (its options' NavJumps and NavPrepared). Not
 * copied (NAV_INVALID): a search using landmarks, or one the prepared
 * planners answered; NAV_INVALID also when the sizes differ (dst's, or
 * g's once src has begun a search). dst may be src (it then goes on on
 * g). It allocates nothing. */
NavStatus nav_query_copy_search(NavQuery *dst, const NavQuery *src, const NavGrid *g);

/* Default options: 8-way A*, no nearest, no limits, no shared data. */
NavQueryOptions nav_query_options_default(void);

/* One-shot search; the result is also kept in the query (and copied to
 * *out unless out is NULL; opt NULL: the defaults). Refused at once, with no
 * tiles and no planner, the result's why saying which: NAV_INVALID for input
 * that is not valid: a start or goal outside g (any ints), g of another size
 * than the query's (a zeroed grid too), an opt->topology or opt->algo that
 * is none of the enum's; NAV_NO_PATH for a blocked start, or a blocked goal
 * without opt->nearest. Limits at or below 0 are none (a NaN cost limit
 * too); a cost limit past what the units hold is none either.
 * nav_status_ok (status.h) tells a path to use. */
NavStatus nav_query_find(NavQuery *q, const NavGrid *g, NavPos start, NavPos goal, const NavQueryOptions *opt,
                         NavQueryResult *out);

/* Incremental search: nav_query_begin, then nav_query_step until it returns
 * something other than NAV_IN_PROGRESS. The grid, and the shared data of
 * the options, must stay unchanged and alive meanwhile. nav_query_begin
 * refuses what nav_query_find refuses (the first step then returns that
 * status). nav_query_step expands at most max_expansions nodes (at least
 * 1); once the search has ended it returns its status again, and before
 * any nav_query_begin or nav_query_find on the query NAV_INVALID (the
 * result's why "no search begun"). */
void nav_query_begin(NavQuery *q, const NavGrid *g, NavPos start, NavPos goal, const NavQueryOptions *opt);
NavStatus nav_query_step(NavQuery *q, long max_expansions);

/* The latest result and its tiles (i in 0..steps-1, start excluded; any
 * other i gives the start). Valid until the next nav_query_begin or
 * nav_query_find on this query. The prepared planners' paths are straight
 * runs; a tile is made from them when asked for, in O(1) going forwards. */
const NavQueryResult *nav_query_result(const NavQuery *q);
NavPos nav_query_tile(const NavQuery *q, int i);
/* Copies the latest path's tiles into *tiles (grown with realloc to
 * exactly the tiles, the caller frees; *cap is its size in tiles: *tiles
 * NULL with *cap 0 to start; a negative *cap counts as 0). Returns the
 * number of tiles, or -1 when out of memory (with *tiles and *cap
 * unchanged). With no tiles (none found, or no search yet) it returns 0
 * and touches neither. */
int nav_query_copy_tiles(const NavQuery *q, NavPos **tiles, int *cap);

#endif
