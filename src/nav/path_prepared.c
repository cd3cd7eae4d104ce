/* SPDX-License-Identifier: MIT */
/* path_prepared.c - NAV_ROUTE's prepared planners behind the NavPath: the
 * planner for uniform costs (route.h) and the contraction hierarchy for
 * weighted grids (hier.h); making their data (at once, or in slices) and
 * answering a search from it when it is current. While the hierarchy is
 * being made, the JPS jump table, made first, lets searches run JPS. */
#include "path_int.h"

#include <string.h>

/* The prepared planners answer 8-way searches without nearest tile or
 * limits. */
static bool runs_prepared(const NavPathOptions *opt)
{
    return opt->topology == NAV_TOPO_8 && !opt->nearest && opt->cost_limit <= 0 && opt->expansion_limit <= 0;
}

NavStatus nav_path_prepare_step(NavPath *st, const NavGrid *g, const NavPathOptions *opt, long work)
{
    NavPathOptions o = opt ? *opt : nav_path_options_default();
    if (g->w != st->w || g->h != st->h)
        return NAV_INVALID;
    if (o.algo != NAV_ROUTE || o.topology != NAV_TOPO_8)
        return nav_path_prepare(st, g, &o);
    if (nav_grid_uniform(g)) {
        if (!st->route && !(st->route = nav_route_create(g->w, g->h)))
            return NAV_OUT_OF_MEMORY;
        return nav_route_prepare(st->route, g, o.landmarks, work);
    }
    /* weighted: the jump table first (searches run JPS meanwhile), then the hierarchy */
    if (!path_shared_jumps(&o, g)) {
        if (!st->jump.dist && !jump_init(&st->jump, g->w, g->h))
            return NAV_OUT_OF_MEMORY;
        if (!jump_build_step(&st->jump, g, work))
            return NAV_IN_PROGRESS;
    }
    if (!st->hier && !(st->hier = nav_hier_create(g->w, g->h)))
        return NAV_OUT_OF_MEMORY;
    return nav_hier_prepare(st->hier, g, work);
}

NavStatus nav_path_prepare(NavPath *st, const NavGrid *g, const NavPathOptions *opt)
{
    NavPathOptions o = opt ? *opt : nav_path_options_default();
    if (g->w != st->w || g->h != st->h)
        return NAV_INVALID;
    if (o.algo == NAV_ROUTE && o.topology == NAV_TOPO_8)
        return nav_path_prepare_step(st, g, &o, 0);
    if (!path_runs_jps(&o))
        return NAV_DONE;
    if (!path_jump_ready(st, g, &o))
        return NAV_OUT_OF_MEMORY;
    int k = o.landmarks < LANDMARK_MAX ? o.landmarks : LANDMARK_MAX;
    if (k <= 0 || (landmark_current(&st->marks, g) && st->marks.count == k))
        return NAV_DONE;
    return landmark_build(&st->marks, g, k) ? NAV_DONE : NAV_OUT_OF_MEMORY;
}

const struct NavRoute *nav_path_route(const NavPath *st)
{
    return st->route;
}

const struct NavHier *nav_path_hier(const NavPath *st)
{
    return st->hier;
}

/* The search ends with the prepared planner's answer: a path of `steps`
 * tiles costing `length`, or none. */
static void answered(NavPath *st, NavStatus found, NavPos goal, int steps, double length, long expanded)
{
    st->res.used_route = true; /* nav_path_tile asks the planner for its tiles */
    if (found == NAV_NO_PATH) {
        path_finish(st, NAV_NO_PATH, "goal unreachable", NO_NODE, 0);
        return;
    }
    st->res.steps = steps;
    st->res.end = goal;
    st->res.length = length;
    st->res.expanded = expanded;
    st->res.status = NAV_DONE;
    st->done = true;
}

bool path_prepared_answer(NavPath *st, const NavGrid *g, NavPos start, NavPos goal)
{
    if (!runs_prepared(&st->opt))
        return false;
    if (nav_grid_uniform(g)) {
        NavRouteResult r = {0};
        NavStatus found = st->route && nav_route_ready(st->route, g) ? nav_route_find(st->route, g, start, goal, &r)
                                                                      : NAV_INVALID;
        if (found != NAV_DONE && found != NAV_NO_PATH)
            return false;
        double c = nav_grid_min_cost(g);
        answered(st, found, goal, r.steps, c * (double)r.straight + c * (double)r.diagonal * SQRT2, r.expanded);
        return true;
    }
    NavHierResult r;
    NavStatus found = nav_hier_ready(st->hier, g) ? nav_hier_find(st->hier, g, start, goal, &r) : NAV_INVALID;
    if (found != NAV_DONE && found != NAV_NO_PATH)
        return false;
    st->by_hier = true;
    answered(st, found, goal, r.steps, (double)r.cost / (double)UNIT_STRAIGHT, r.settled);
    return true;
}

uint32_t path_prepared_tile(const NavPath *st, int i)
{
    return st->by_hier ? nav_hier_tile(st->hier, i) : nav_route_tile(st->route, i);
}
