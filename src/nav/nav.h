/* SPDX-License-Identifier: MIT */
/* nav.h - the navigation library's one public header (libisonav, installed
 * as <isonav/nav.h>): everything a program using the library includes.
 *
 *   status.h    NavStatus, what every call that can be sliced or fail returns
 *   coord.h     NavPos, a tile
 *   units.h     step costs, topologies, the 8 directions, the octile distance
 *   grid.h      NavGrid, the cost grid, and the one-step move rule
 *   path.h      NavPath: A*, JPS, landmarks and the prepared planner, whole
 *               or sliced
 *   jumps.h     NavJumps, JPS's jump table shared by many searches
 *   route.h     NavRoute, the prepared planner's data (reports)
 *   field.h     NavField, flow fields
 *   region.h    NavRegion, connected regions, whole or sliced
 *   movingai.h  the Moving AI .map and .scen readers
 *   diag.h      NavDiags, the FILE:LINE:COL messages the readers fill
 *
 * Every public name starts with nav_, Nav or NAV_. The library's internals
 * (heap.h, jump.h, landmark.h, route_int.h, buf.h, num.h, text.h) are not
 * installed, and the installed archive exports only nav_ symbols. */
#ifndef ISONAV_NAV_H
#define ISONAV_NAV_H

#include "status.h"
#include "coord.h"
#include "units.h"
#include "grid.h"
#include "jumps.h"
#include "path.h"
#include "route.h"
#include "field.h"
#include "region.h"
#include "movingai.h"
#include "diag.h"

#endif
