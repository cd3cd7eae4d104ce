/* SPDX-License-Identifier: MIT */
/* nav.h - the navigation library's one public header (libisonav, installed
 * as <isonav/nav.h>): everything a program using the library includes.
 *
 *   status.h    NavStatus, what every call that can be sliced or fail returns
 *   coord.h     NavPos, a tile
 *   units.h     step costs, topologies, the 8 directions, the octile distance
 *   grid.h      NavGrid, the cost grid, and the one-step move rule
 *   query.h     NavQuery, one search's scratch: A*, JPS, landmarks and the
 *               prepared planners, whole or sliced (after dtNavMeshQuery)
 *   prepared.h  NavPrepared, the map data queries share: jump table,
 *               landmarks, prepared planners, made once (after dtNavMesh)
 *   jumps.h     NavJumps, JPS's jump table shared by many searches
 *   route.h     NavRoute, the prepared planner's data (reports)
 *   field.h     NavField, flow fields
 *   region.h    NavRegion, connected regions, whole or sliced
 *   movingai.h  the Moving AI .map and .scen readers
 *   diag.h      NavDiags, the FILE:LINE:COL messages the readers fill
 *
 * Every public name starts with nav_, Nav or NAV_. The library's internals
 * (heap.h, jump.h, landmark.h, route_int.h, scratch.h, buf.h, num.h, text.h,
 * measure.h) are not installed, and the installed archive exports only nav_ symbols.
 *
 * Bad input. Each header says what its calls do with bad values: sizes and
 * coordinates may be any int (a side outside 1..NAV_GRID_MAX_SIDE is
 * refused, a tile off the grid is blocked or refused, never read), and
 * calls out of order are answered with a status (a step before a begin or
 * after a finish). A zeroed NavGrid, NavRegion, NavField, NavScenario,
 * NavDiags or NavRegionBuild is an empty one that every call takes. NULL is
 * accepted only where a header says so: by the destroy and release calls,
 * for NavQueryOptions (the defaults), for nav_query_find's and nav_route_find's
 * out, for shared data (NavQueryOptions.jumps and .prepared, nav_jumps_current),
 * for diagnostics (nothing kept), and for the Moving AI readers' path,
 * stream and name (refused, or named "(stream)"). Anywhere else a pointer
 * must point at what the call takes: NULL there is a broken precondition,
 * not a reported error. tests/nav/test_hostile.c calls every function here
 * with such input under ASan and UBSan. */
#ifndef ISONAV_NAV_H
#define ISONAV_NAV_H

#include "status.h"
#include "coord.h"
#include "units.h"
#include "grid.h"
#include "jumps.h"
#include "query.h"
#include "prepared.h"
#include "route.h"
#include "field.h"
#include "region.h"
#include "movingai.h"
#include "diag.h"

#endif
