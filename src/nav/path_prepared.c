/* SPDX-License-Identifier: MIT */
/* path_prepared.c - NAV_ROUTE's prepared planners behind the NavPath: the
 * planner for uniform costs (route.h) and the contraction hierarchy (hier.h)
 * for weighted grids, and for uniform ones where the planner's searches work
 * hard through narrow passages (mazes, rooms); making their data (at once,
 * or in slices) and answering a search from it when it is current. While the
 * hierarchy is being made, the planner made first answers: route on uniform
 * grids, JPS on its jump table on weighted ones. */
#include "path_int.h"

#include <string.h>

/* Uniform grids: the hierarchy is made too, and answers, when SAMPLE_SEARCHES
 * searches between tiles picked by a fixed sequence expand SAMPLE_EXPANDED
 * nodes or more on average and the passages are narrow: corridors followed,
 * or wall corners at under a fifth of the core tiles. Mazes and rooms pass;
 * open ground, streets and rubble (many corners, no corridors) do not, as
 * their hierarchies take many shortcuts and answer no faster
 * (docs/performance.md). */
#define SAMPLE_SEARCHES 32
#define SAMPLE_EXPANDED 200

/* A walkable tile of g picked by *seed, or (0, 0) after 64 tries. */
static NavPos sample_tile(const NavGrid *g, uint32_t *seed)
{
    for (int k = 0; k < 64; k++) {
        *seed = *seed * 1664525u + 1013904223u;
        uint32_t i = (*seed >> 8) % ((uint32_t)g->w * (uint32_t)g->h);
        int x = (int)(i % (uint32_t)g->w), y = (int)(i / (uint32_t)g->w);
        if (nav_grid_walkable(g, x, y))
            return nav_pos(x, y);
    }
    return nav_pos(0, 0);
}

/* Whether the hierarchy is worth making for uniform grid g, route being
 * ready: decided once per grid version by the sample searches. */
static bool route_works_hard(NavPath *st, const NavGrid *g)
{
    if (st->sampled == g && st->sampled_version == g->version)
        return st->hard;
    NavRouteInfo ri;
    nav_route_info(st->route, &ri);
    long expanded = 0;
    uint32_t seed = 1;
    for (int i = 0; i < SAMPLE_SEARCHES; i++) {
        NavPos a = sample_tile(g, &seed), b = sample_tile(g, &seed);
        NavRouteResult r;
        if (nav_route_find(st->route, g, a, b, &r) == NAV_DONE)
            expanded += r.expanded;
    }
    st->sampled = g;
    st->sampled_version = g->version;
    st->hard = expanded >= (long)SAMPLE_SEARCHES * SAMPLE_EXPANDED && (ri.corridors || ri.corners * 5 < ri.core);
    return st->hard;
}

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
        NavStatus made = nav_route_prepare(st->route, g, o.landmarks, work);
        if (made != NAV_DONE || !route_works_hard(st, g))
            return made;
    } else if (!path_shared_jumps(&o, g)) {
        /* weighted: the jump table first (searches run JPS meanwhile), then the hierarchy */
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
static void answered(NavPath *st, NavPlanner by, NavStatus found, NavPos goal, int steps, double length,
                     long expanded)
{
    st->res.planner = by; /* nav_path_tile asks the planner for its tiles */
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
    if (nav_grid_uniform(g) && !nav_hier_ready(st->hier, g)) {
        NavRouteResult r = {0};
        NavStatus found = st->route && nav_route_ready(st->route, g) ? nav_route_find(st->route, g, start, goal, &r)
                                                                      : NAV_INVALID;
        if (nav_status_failed(found))
            return false;
        double c = nav_grid_min_cost(g);
        answered(st, NAV_PLANNER_ROUTE, found, goal, r.steps, c * (double)r.straight + c * (double)r.diagonal * SQRT2, r.expanded);
        return true;
    }
    NavHierResult r;
    NavStatus found = nav_hier_ready(st->hier, g) ? nav_hier_find(st->hier, g, start, goal, &r) : NAV_INVALID;
    if (nav_status_failed(found))
        return false;
    answered(st, NAV_PLANNER_HIER, found, goal, r.steps, r.length, r.settled);
    return true;
}

uint32_t path_prepared_tile(const NavPath *st, int i)
{
    return st->res.planner == NAV_PLANNER_HIER ? nav_hier_tile(st->hier, i) : nav_route_tile(st->route, i);
}
