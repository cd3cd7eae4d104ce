/* SPDX-License-Identifier: MIT */
/* prepared.c - NavPrepared (prepared.h), the map data queries share: the
 * JPS jump table and landmarks, and NAV_ROUTE's prepared planners, the
 * planner for uniform costs (route.h) and the contraction hierarchy
 * (hier.h) for weighted grids, and for uniform ones where the planner's
 * searches work hard through narrow passages (prepared.h's rule); making it (at
 * once, or in slices), and answering a query from it when it is current,
 * with the query's own search scratch. While the hierarchy is being made,
 * the planner made first answers: route on uniform grids, JPS on its jump
 * table on weighted ones. */
#include "query_int.h"

#include "measure.h"

#include <stdlib.h>
#include <string.h>

/* Route's sample searches (prepared.h's rule). */
#define SAMPLE_SEARCHES 32

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

/* The sample searches' mean expansions on g, route being ready, run with
 * scratch of their own that is freed after (the data holds none). */
static double sample_expanded(const NavPrepared *pd, const NavGrid *g)
{
    struct RouteSearch *scratch = route_search_new();
    long expanded = 0;
    uint32_t seed = 1;
    for (int i = 0; i < SAMPLE_SEARCHES; i++) {
        NavPos a = sample_tile(g, &seed), b = sample_tile(g, &seed);
        NavRouteResult r;
        if (scratch && route_find(pd->route, scratch, g, a, b, &r) == NAV_DONE)
            expanded += r.expanded;
    }
    route_search_delete(scratch);
    return (double)expanded / SAMPLE_SEARCHES;
}

/* Whether the hierarchy is to be made for uniform grid g, route being
 * ready: prepared.h's rule, decided once per grid version. */
static bool hier_chosen(NavPrepared *pd, const NavGrid *g)
{
    NavPreparedChoice *c = &pd->choice;
    if (pd->sampled == g && pd->sampled_version == g->version)
        return c->planner == NAV_PLANNER_HIER;
    *c = (NavPreparedChoice){.made = true, .planner = NAV_PLANNER_ROUTE};
    pd->sampled = g;
    pd->sampled_version = g->version;
    c->width = nav_measure_width(g);
    if (c->width < 0) {
        c->why = "route: no memory to measure the map";
        return false;
    }
    c->expanded = sample_expanded(pd, g);
    if (c->width > NAV_HIER_WIDTH_MAX) {
        c->why = "route: wide passages (width above NAV_HIER_WIDTH_MAX)";
        return false;
    }
    if (c->expanded < NAV_HIER_SAMPLE_EXPANDED) {
        c->why = "route: narrow passages, short searches (sample below NAV_HIER_SAMPLE_EXPANDED)";
        return false;
    }
    c->planner = NAV_PLANNER_HIER;
    c->why = "hierarchy: narrow passages, long searches";
    return true;
}

/* The hierarchy's preparation on a uniform grid past its work budget
 * (prepared.h): dropped, and route answers. */
static NavStatus hier_over_budget(NavPrepared *pd, const NavGrid *g)
{
    NavHierInfo hi;
    nav_hier_info(pd->hier, &hi);
    long walkable = (long)g->w * (long)g->h - (long)g->count[0];
    if (hi.units <= (long)NAV_HIER_UNITS_PER_TILE * walkable)
        return NAV_IN_PROGRESS;
    nav_hier_destroy(pd->hier);
    pd->hier = NULL;
    pd->choice.planner = NAV_PLANNER_ROUTE;
    pd->choice.why = "route: the hierarchy passed its work budget (NAV_HIER_UNITS_PER_TILE) and was dropped";
    return NAV_DONE;
}

/* The prepared planners answer 8-way searches without nearest tile or
 * limits. */
static bool runs_prepared(const NavQueryOptions *opt)
{
    return opt->topology == NAV_TOPO_8 && !opt->nearest && opt->cost_limit <= 0 && opt->expansion_limit <= 0;
}

NavPrepared *nav_prepared_create(int w, int h)
{
    if (w < 1 || h < 1 || w > NAV_GRID_MAX_SIDE || h > NAV_GRID_MAX_SIDE)
        return NULL;
    NavPrepared *pd = calloc(1, sizeof *pd);
    if (!pd)
        return NULL;
    pd->w = w;
    pd->h = h;
    return pd;
}

void nav_prepared_destroy(NavPrepared *pd)
{
    if (!pd)
        return;
    jump_deinit(&pd->jump);
    landmark_deinit(&pd->marks);
    nav_route_destroy(pd->route);
    nav_hier_destroy(pd->hier);
    free(pd);
}

/* The jump table made current for g, unless the options' shared one is;
 * false when out of memory. */
static bool jump_ready(NavPrepared *pd, const NavGrid *g, const NavQueryOptions *opt)
{
    if (nav_jumps_current(opt->jumps, g) || jump_current(&pd->jump, g))
        return true;
    if (!pd->jump.dist && !jump_init(&pd->jump, g->w, g->h))
        return false;
    jump_build(&pd->jump, g);
    return true;
}

NavStatus nav_prepared_make_step(NavPrepared *pd, const NavGrid *g, const NavQueryOptions *opt, long work)
{
    NavQueryOptions o = opt ? *opt : nav_query_options_default();
    if (g->w != pd->w || g->h != pd->h)
        return NAV_INVALID;
    if (o.algo != NAV_ROUTE || o.topology != NAV_TOPO_8)
        return nav_prepared_make(pd, g, &o);
    if (nav_grid_uniform(g)) {
        if (!pd->route && !(pd->route = nav_route_create(g->w, g->h)))
            return NAV_OUT_OF_MEMORY;
        NavStatus made = nav_route_prepare(pd->route, g, o.landmarks, work);
        if (made != NAV_DONE || !hier_chosen(pd, g))
            return made;
        if (!pd->hier && !(pd->hier = nav_hier_create(g->w, g->h)))
            return NAV_OUT_OF_MEMORY;
        /* in slices of at most a budget's tenth, so that the budget is checked */
        long walkable = (long)g->w * (long)g->h - (long)g->count[0];
        long slice = (long)NAV_HIER_UNITS_PER_TILE * (walkable / 10 + 1);
        for (;;) {
            long step = work > 0 && work < slice ? work : slice;
            NavStatus st = nav_hier_prepare(pd->hier, g, step);
            if (st != NAV_IN_PROGRESS)
                return st;
            if (hier_over_budget(pd, g) == NAV_DONE)
                return NAV_DONE;
            if (work > 0)
                return NAV_IN_PROGRESS;
        }
    } else if (!nav_jumps_current(o.jumps, g)) {
        /* weighted: the jump table first (searches run JPS meanwhile), then the hierarchy */
        if (!pd->jump.dist && !jump_init(&pd->jump, g->w, g->h))
            return NAV_OUT_OF_MEMORY;
        if (!jump_build_step(&pd->jump, g, work))
            return NAV_IN_PROGRESS;
    }
    if (!pd->hier && !(pd->hier = nav_hier_create(g->w, g->h)))
        return NAV_OUT_OF_MEMORY;
    return nav_hier_prepare(pd->hier, g, work);
}

NavStatus nav_prepared_make(NavPrepared *pd, const NavGrid *g, const NavQueryOptions *opt)
{
    NavQueryOptions o = opt ? *opt : nav_query_options_default();
    if (g->w != pd->w || g->h != pd->h)
        return NAV_INVALID;
    if (o.algo == NAV_ROUTE && o.topology == NAV_TOPO_8)
        return nav_prepared_make_step(pd, g, &o, 0);
    if (!query_runs_jps(&o))
        return NAV_DONE;
    if (!jump_ready(pd, g, &o))
        return NAV_OUT_OF_MEMORY;
    int k = o.landmarks < LANDMARK_MAX ? o.landmarks : LANDMARK_MAX;
    if (k <= 0 || (landmark_current(&pd->marks, g) && pd->marks.count == k))
        return NAV_DONE;
    return landmark_build(&pd->marks, g, k) ? NAV_DONE : NAV_OUT_OF_MEMORY;
}

size_t nav_prepared_bytes(const NavPrepared *pd)
{
    size_t n = sizeof *pd + jump_bytes(&pd->jump) + landmark_bytes(&pd->marks);
    if (pd->route) {
        NavRouteInfo ri;
        nav_route_info(pd->route, &ri);
        n += ri.bytes;
    }
    if (pd->hier) {
        NavHierInfo hi;
        nav_hier_info(pd->hier, &hi);
        n += hi.bytes;
    }
    return n;
}

size_t nav_prepared_jump_bytes(const NavPrepared *pd)
{
    return jump_bytes(&pd->jump);
}

size_t nav_prepared_landmark_bytes(const NavPrepared *pd)
{
    return landmark_bytes(&pd->marks);
}

const struct NavRoute *nav_prepared_route(const NavPrepared *pd)
{
    return pd->route;
}

const struct NavHier *nav_prepared_hier(const NavPrepared *pd)
{
    return pd->hier;
}

void nav_prepared_choice(const NavPrepared *pd, NavPreparedChoice *out)
{
    *out = pd->choice;
}

/* The search ends with the prepared planner's answer: a path of `steps`
 * tiles costing `length`, or none. */
static void answered(NavQuery *st, NavPlanner by, NavStatus found, NavPos goal, int steps, double length,
                     long expanded)
{
    st->res.planner = by; /* nav_query_tile asks the planner for its tiles */
    if (found == NAV_NO_PATH) {
        query_finish(st, NAV_NO_PATH, "goal unreachable", NO_NODE, 0);
        return;
    }
    st->res.steps = steps;
    st->res.end = goal;
    st->res.length = length;
    st->res.expanded = expanded;
    st->res.status = NAV_DONE;
    st->done = true;
}

bool prepared_answer(NavQuery *st, const NavGrid *g, NavPos start, NavPos goal)
{
    const NavPrepared *pd = st->opt.prepared;
    if (!pd || !runs_prepared(&st->opt))
        return false;
    if (nav_grid_uniform(g) && !nav_hier_ready(pd->hier, g)) {
        if (!pd->route || !nav_route_ready(pd->route, g))
            return false;
        if (!st->route_q && !(st->route_q = route_search_new()))
            return false;
        NavRouteResult r = {0};
        NavStatus found = route_find(pd->route, st->route_q, g, start, goal, &r);
        if (nav_status_failed(found))
            return false;
        double c = nav_grid_min_cost(g);
        answered(st, NAV_PLANNER_ROUTE, found, goal, r.steps, c * (double)r.straight + c * (double)r.diagonal * SQRT2,
                 r.expanded);
        return true;
    }
    if (!nav_hier_ready(pd->hier, g))
        return false;
    if (!st->hier_q && !(st->hier_q = hier_search_new()))
        return false;
    NavHierResult r;
    NavStatus found = hier_find(pd->hier, st->hier_q, g, start, goal, &r);
    if (nav_status_failed(found))
        return false;
    answered(st, NAV_PLANNER_HIER, found, goal, r.steps, r.length, r.settled);
    return true;
}

uint32_t prepared_tile(const NavQuery *st, int i)
{
    const NavPrepared *pd = st->opt.prepared;
    return st->res.planner == NAV_PLANNER_HIER ? hier_tile(pd->hier, st->hier_q, i)
                                                : route_tile(pd->route, st->route_q, i);
}
