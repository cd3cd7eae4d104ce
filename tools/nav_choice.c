/* SPDX-License-Identifier: MIT */
/* nav_choice.c - the planner choice measured: for one Moving AI map and
 * scenario, the map's measures (measure.h, route.h's counts), what
 * NAV_ROUTE picks (prepared.h) and why, and each candidate's preparation
 * and query time side by side in one process: route alone (route.h), the
 * contraction hierarchy (hier.h) and JPS (query.h), every length checked
 * against the scenario. One line of key=value pairs.
 *
 *   nav_choice MAP SCEN [--landmarks K] [--repeat N] [--hier-limit S]
 *
 * --hier-limit S gives up the hierarchy after S seconds of preparation
 * (default 30; reported as hier_us=gaveup). Built against the bench
 * library: tools/bench_maps.sh builds it into build/. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hier.h"
#include "measure.h"
#include "movingai.h"
#include "prepared.h"
#include "query.h"
#include "route.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct Timing {
    double us;  /* mean per query */
    int optimal;
} Timing;

static Timing time_route(NavRoute *rm, const NavGrid *g, const NavScenario *s, int repeat)
{
    Timing t = {0, 0};
    NavRouteResult r;
    nav_route_find(rm, g, s->q[0].start, s->q[0].goal, &r); /* its scratch made untimed */
    double t0 = now();
    for (int k = 0; k < repeat; k++)
        for (int i = 0; i < s->count; i++)
            nav_route_find(rm, g, s->q[i].start, s->q[i].goal, &r);
    t.us = (now() - t0) * 1e6 / ((double)repeat * s->count);
    for (int i = 0; i < s->count; i++)
        if (nav_route_find(rm, g, s->q[i].start, s->q[i].goal, &r) == NAV_DONE &&
            nav_movingai_length_matches(&s->q[i], (double)r.straight + (double)r.diagonal * 1.41421356237309504880))
            t.optimal++;
    return t;
}

static Timing time_hier(NavHier *hr, const NavGrid *g, const NavScenario *s, int repeat)
{
    Timing t = {0, 0};
    NavHierResult r;
    nav_hier_find(hr, g, s->q[0].start, s->q[0].goal, &r);
    double t0 = now();
    for (int k = 0; k < repeat; k++)
        for (int i = 0; i < s->count; i++)
            nav_hier_find(hr, g, s->q[i].start, s->q[i].goal, &r);
    t.us = (now() - t0) * 1e6 / ((double)repeat * s->count);
    for (int i = 0; i < s->count; i++)
        if (nav_hier_find(hr, g, s->q[i].start, s->q[i].goal, &r) == NAV_DONE &&
            nav_movingai_length_matches(&s->q[i], r.length))
            t.optimal++;
    return t;
}

static Timing time_query(NavQuery *q, const NavGrid *g, const NavScenario *s, const NavQueryOptions *o, int repeat)
{
    Timing t = {0, 0};
    NavQueryResult r;
    nav_query_find(q, g, s->q[0].start, s->q[0].goal, o, &r);
    double t0 = now();
    for (int k = 0; k < repeat; k++)
        for (int i = 0; i < s->count; i++)
            nav_query_find(q, g, s->q[i].start, s->q[i].goal, o, &r);
    t.us = (now() - t0) * 1e6 / ((double)repeat * s->count);
    for (int i = 0; i < s->count; i++)
        if (nav_query_find(q, g, s->q[i].start, s->q[i].goal, o, &r) == NAV_DONE &&
            nav_movingai_length_matches(&s->q[i], r.length))
            t.optimal++;
    return t;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: nav_choice MAP SCEN [--landmarks K] [--repeat N] [--hier-limit S]\n");
        return 2;
    }
    int landmarks = 8, repeat = 1;
    double hier_limit = 30;
    for (int i = 3; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--landmarks"))
            landmarks = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--repeat"))
            repeat = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--hier-limit"))
            hier_limit = atof(argv[i + 1]);
    }
    NavGrid g = {0};
    NavScenario s = {0};
    NavDiags d;
    nav_diag_clear(&d);
    if (nav_movingai_load_map(argv[1], &g, &d) != NAV_DONE || nav_movingai_load_scen(argv[2], &s, &d) != NAV_DONE ||
        s.count < 1) {
        fprintf(stderr, "nav_choice: cannot read %s or %s\n", argv[1], argv[2]);
        return 2;
    }
    const char *name = strrchr(argv[1], '/');
    name = name ? name + 1 : argv[1];

    double t0 = now();
    int width = nav_measure_width(&g);
    double width_ms = (now() - t0) * 1e3;

    /* what NAV_ROUTE picks */
    NavQueryOptions o = nav_query_options_default();
    o.algo = NAV_ROUTE;
    o.landmarks = landmarks;
    NavPrepared *pd = nav_prepared_create(g.w, g.h);
    t0 = now();
    nav_prepared_make(pd, &g, &o);
    double pick_ms = (now() - t0) * 1e3;
    NavPreparedChoice choice;
    nav_prepared_choice(pd, &choice);
    o.prepared = pd;
    NavQuery *q = nav_query_create(g.w, g.h);
    Timing picked = time_query(q, &g, &s, &o, repeat);

    /* route alone */
    NavRoute *rm = nav_route_create(g.w, g.h);
    t0 = now();
    nav_route_prepare(rm, &g, landmarks, 0);
    double route_ms = (now() - t0) * 1e3;
    NavRouteInfo ri;
    nav_route_info(rm, &ri);
    Timing route = time_route(rm, &g, &s, repeat);

    /* JPS with as many landmarks */
    NavQueryOptions j = nav_query_options_default();
    j.algo = NAV_JPS;
    j.landmarks = landmarks;
    NavPrepared *jd = nav_prepared_create(g.w, g.h);
    t0 = now();
    nav_prepared_make(jd, &g, &j);
    double jps_ms = (now() - t0) * 1e3;
    j.prepared = jd;
    Timing jps = time_query(q, &g, &s, &j, repeat);

    /* the hierarchy, given up after hier_limit seconds */
    NavHier *hr = nav_hier_create(g.w, g.h);
    t0 = now();
    NavStatus st;
    while ((st = nav_hier_prepare(hr, &g, 1L << 20)) == NAV_IN_PROGRESS && now() - t0 < hier_limit) {
    }
    double hier_ms = (now() - t0) * 1e3;
    printf("map=%s width=%d width_ms=%.1f core=%ld corners=%.3f corridors=%.3f sample=%.0f picked=%s "
           "pick_prep_ms=%.0f pick_us=%.2f pick_opt=%d/%d route_prep_ms=%.0f route_bpt=%d route_us=%.2f "
           "route_opt=%d jps_prep_ms=%.0f jps_us=%.2f jps_opt=%d",
           name, width, width_ms, ri.core, ri.core ? (double)ri.corners / (double)ri.core : 0,
           ri.core ? (double)ri.corridor / (double)ri.core : 0, choice.expanded, choice.why, pick_ms, picked.us,
           picked.optimal, s.count, route_ms, ri.tile_bytes, route.us, route.optimal, jps_ms, jps.us, jps.optimal);
    if (st == NAV_DONE) {
        NavHierInfo hi;
        nav_hier_info(hr, &hi);
        Timing hier = time_hier(hr, &g, &s, repeat);
        printf(" hier_prep_ms=%.0f hier_bpt=%.0f hier_us=%.2f hier_opt=%d\n", hier_ms,
               (double)hi.bytes / ((double)g.w * g.h), hier.us, hier.optimal);
    } else {
        printf(" hier_prep_ms=%.0f hier_us=gaveup\n", hier_ms);
    }
    nav_hier_destroy(hr);
    nav_prepared_destroy(jd);
    nav_route_destroy(rm);
    nav_query_destroy(q);
    nav_prepared_destroy(pd);
    nav_movingai_scen_free(&s);
    nav_grid_deinit(&g);
    return 0;
}
