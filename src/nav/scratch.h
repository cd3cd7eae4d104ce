/* SPDX-License-Identifier: MIT */
/* scratch.h - the prepared planners' search scratch as a query holds it
 * (query.h): a RouteSearch for the planner for uniform costs
 * (route_query.c) and a HierSearch for the contraction hierarchy
 * (hier_query.c), each apart from the data it reads, so that many queries
 * read one NavRoute or NavHier (prepared.h). Their layouts are in
 * route_int.h and hier_int.h. Internal to src/nav.
 *
 * Lifetime: _new makes an empty one (it allocates its arrays at its first
 * search, for the map or hierarchy it searches, and keeps them); _delete
 * frees it (accepts NULL). */
#ifndef ISONAV_SCRATCH_H
#define ISONAV_SCRATCH_H

#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "hier.h"
#include "route.h"
#include "status.h"

struct RouteSearch;
struct HierSearch;

struct RouteSearch *route_search_new(void); /* NULL when out of memory */
void route_search_delete(struct RouteSearch *q);
/* Bytes q holds, itself included. */
size_t route_search_bytes(const struct RouteSearch *q);
/* nav_route_find and nav_route_tile with the scratch q: rm is only read. */
NavStatus route_find(const NavRoute *rm, struct RouteSearch *q, const NavGrid *g, NavPos start, NavPos goal,
                     NavRouteResult *out);
uint32_t route_tile(const NavRoute *rm, struct RouteSearch *q, int i);

struct HierSearch *hier_search_new(void); /* NULL when out of memory */
void hier_search_delete(struct HierSearch *q);
/* Bytes q holds, itself included. */
size_t hier_search_bytes(const struct HierSearch *q);
/* nav_hier_find and nav_hier_tile with the scratch q: hr is only read. */
NavStatus hier_find(const NavHier *hr, struct HierSearch *q, const NavGrid *g, NavPos start, NavPos goal,
                    NavHierResult *out);
uint32_t hier_tile(const NavHier *hr, struct HierSearch *q, int i);

#endif
