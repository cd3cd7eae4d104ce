/* SPDX-License-Identifier: MIT */
/* prepared.h - NavPrepared: the map data that makes searches fast, made
 * once for a grid and shared by any number of queries (query.h), in the
 * manner of Detour's dtNavMesh: the JPS jump table (jump.h, 16 bytes a
 * bordered tile), landmarks (landmark.h, 8 bytes a tile and landmark), the
 * prepared planner for uniform costs (route.h) and the contraction
 * hierarchy for weighted grids (hier.h). A query names it in
 * NavQueryOptions.prepared and reads what of it describes the grid as it
 * is; it holds no search state of its own.
 *
 * What is made follows the options given to nav_prepared_make: NAV_JPS
 * (8-way) the jump table, and with options.landmarks that many landmarks;
 * NAV_ROUTE (8-way) on uniform costs the prepared planner, and after it the
 * hierarchy where the map's passages are narrow and the planner's searches
 * work hard (the rule below, NavPreparedChoice); on weighted costs the jump
 * table (unless the options' shared NavJumps is current), then the
 * hierarchy. While the hierarchy is made, the planner made first answers
 * NAV_ROUTE: route on uniform grids, JPS on its jump table on weighted ones.
 *
 * The rule on uniform grids (docs/performance.md shows it against the map
 * kinds): the hierarchy when the map's passage width (measure.h) is at most
 * NAV_HIER_WIDTH_MAX tiles and 32 sample searches of the planner, between
 * tiles picked by a fixed sequence, expand NAV_HIER_SAMPLE_EXPANDED nodes
 * or more on average; else the planner alone. A hierarchy's shortcuts, its
 * preparation and its memory grow with the width of the passages it
 * crosses, while the planner's jumps and corridors cross wide passages in
 * a step, so wide passages (open ground, wide corridors, big rooms) stay
 * with the planner; on narrow ones the hierarchy wins where the planner's
 * searches are long. Its preparation is also bounded: past
 * NAV_HIER_UNITS_PER_TILE work units a walkable tile it is dropped and the
 * planner answers (about 2 s on a 512 x 512 maze).
 *
 * Lifetime: nav_prepared_create makes an empty one for a grid size (it
 * allocates nothing more); nav_prepared_make (or _step, in slices) makes
 * its data for a grid as it is now, and again after an edit (an edit makes
 * it stale: queries then do without it until it is made again);
 * nav_prepared_destroy frees it. It is written only by those calls, so it
 * must not be made while a query reads it; read by queries only. */
#ifndef ISONAV_PREPARED_H
#define ISONAV_PREPARED_H

#include <stddef.h>

#include "grid.h"
#include "query.h"
#include "status.h"

typedef struct NavPrepared NavPrepared;

/* The rule's thresholds (above). */
enum { NAV_HIER_WIDTH_MAX = 2, NAV_HIER_SAMPLE_EXPANDED = 200, NAV_HIER_UNITS_PER_TILE = 200 };

/* NAV_ROUTE's choice on a uniform grid, for reports. */
typedef struct NavPreparedChoice {
    bool made;          /* decided for the grid last prepared (else the rest is zero) */
    NavPlanner planner; /* NAV_PLANNER_ROUTE or NAV_PLANNER_HIER */
    int width;          /* passage width, tiles (measure.h) */
    double expanded;    /* the sample searches' mean expansions */
    const char *why;    /* the rule's reason, a static string */
} NavPreparedChoice;

/* Empty prepared data for w x h grids; NULL when out of memory or a side
 * is outside 1..NAV_GRID_MAX_SIDE. */
NavPrepared *nav_prepared_create(int w, int h);
void nav_prepared_destroy(NavPrepared *pd); /* accepts NULL */

/* Makes what searches on g with options opt (NULL: defaults) read: for
 * NAV_JPS the jump table and opt->landmarks landmarks, for NAV_ROUTE the
 * prepared planners (above); nothing for A* or other topologies. Call it at
 * level load, after an edit, or before timing. NAV_DONE when ready;
 * NAV_INVALID when g is of another size; NAV_OUT_OF_MEMORY (searches then
 * do without what could not be made). */
NavStatus nav_prepared_make(NavPrepared *pd, const NavGrid *g, const NavQueryOptions *opt);
/* NAV_ROUTE: at most about `work` units of it (a unit is a tile's share of
 * a phase, docs/performance.md gives their time; <= 0: all), carrying on
 * from there at the next call, so a game can spread it over frames after
 * an edit. An edit meanwhile starts it over. Queries use the planner once
 * all but its landmarks is made. NAV_DONE once it is complete for g as it
 * is now, NAV_IN_PROGRESS meanwhile, else as nav_prepared_make. Other
 * algorithms: as nav_prepared_make. */
NavStatus nav_prepared_make_step(NavPrepared *pd, const NavGrid *g, const NavQueryOptions *opt, long work);

/* Bytes of all its data (the parts below and a fixed header). */
size_t nav_prepared_bytes(const NavPrepared *pd);
/* Bytes of the JPS jump table (0 until made). */
size_t nav_prepared_jump_bytes(const NavPrepared *pd);
/* Bytes of the landmark table (0 until landmarks are placed). */
size_t nav_prepared_landmark_bytes(const NavPrepared *pd);
/* The prepared planners' data (NULL until made), for reports: the planner
 * for uniform costs (route.h) and the hierarchy (hier.h). */
const struct NavRoute *nav_prepared_route(const NavPrepared *pd);
const struct NavHier *nav_prepared_hier(const NavPrepared *pd);
/* NAV_ROUTE's choice on the uniform grid last prepared (above). */
void nav_prepared_choice(const NavPrepared *pd, NavPreparedChoice *out);

#endif
