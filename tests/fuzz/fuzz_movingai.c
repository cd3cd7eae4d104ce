/* SPDX-License-Identifier: MIT */
/* fuzz_movingai.c - Moving AI readers, then the searches on what they
 * loaded. The input is a .map text, a NUL byte and a .scen text. Whatever
 * loads is searched with A*, with JPS (two landmarks) and with the prepared
 * planner (route): all must agree, and every path must step legally and
 * cost what it claims. */
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "movingai.h"
#include "prepared.h"
#include "query.h"

enum { QUERIES_MAX = 24 }; /* searched per input */

/* The path just found steps from tile to tile legally and costs its length. */
static void check_path(const NavQuery *st, const NavGrid *g, const NavQueryResult *r, NavPos goal)
{
    NavPos at = r->start;
    double cost = 0;
    for (int i = 0; i < r->steps; i++) {
        NavPos t = nav_query_tile(st, i);
        int dx = t.x - at.x, dy = t.y - at.y;
        FUZZ_CHECK(nav_query_can_step(g, NAV_TOPO_8, at.x, at.y, dx, dy));
        cost += nav_grid_cost(g, t.x, t.y) * (dx && dy ? sqrt(2.0) : 1.0);
        at = t;
    }
    FUZZ_CHECK(at.x == r->end.x && at.y == r->end.y);
    FUZZ_CHECK(fabs(cost - r->length) <= 1e-9 * (1.0 + cost));
    if (r->status == NAV_DONE)
        FUZZ_CHECK(at.x == goal.x && at.y == goal.y);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, '\0', size);
    size_t map_len = nul ? (size_t)(nul - data) : size;
    const uint8_t *scen = nul ? nul + 1 : data + size;
    size_t scen_len = nul ? size - map_len - 1 : 0;
    FILE *mf = fuzz_open_bytes(data, map_len), *sf = fuzz_open_bytes(scen, scen_len);
    if (!mf || !sf) {
        if (mf)
            fclose(mf);
        if (sf)
            fclose(sf);
        return 0;
    }
    NavGrid g;
    NavScenario s;
    NavDiags d;
    nav_diag_clear(&d);
    bool map_ok = nav_movingai_read_map(mf, "fuzz.map", &g, &d) == NAV_DONE;
    int problems = nav_diag_total(&d);
    FUZZ_CHECK(map_ok == (problems == 0));
    bool scen_ok = nav_movingai_read_scen(sf, "fuzz.scen", &s, &d) == NAV_DONE;
    FUZZ_CHECK(scen_ok == (nav_diag_total(&d) == problems));
    fclose(mf);
    fclose(sf);
    if (!scen_ok)
        FUZZ_CHECK(s.q == NULL && s.count == 0);
    else
        FUZZ_CHECK(s.count >= 1 && s.map_w >= 1 && s.map_h >= 1);
    if (map_ok && scen_ok) {
        NavQuery *st = nav_query_create(g.w, g.h);
        NavPrepared *pd = nav_prepared_create(g.w, g.h);
        FUZZ_CHECK(st != NULL && pd != NULL);
        NavQueryOptions astar = nav_query_options_default(), jps = astar, route = astar;
        jps.prepared = route.prepared = pd; /* one prepared data, read by both */
        jps.algo = NAV_JPS;
        jps.landmarks = 2;
        route.algo = NAV_ROUTE;
        route.landmarks = 2;
        nav_prepared_make(pd, &g, &jps);
        nav_prepared_make(pd, &g, &route);
        for (int i = 0; i < s.count && i < QUERIES_MAX; i++) {
            const NavScenQuery *q = &s.q[i];
            FUZZ_CHECK(q->start.x >= 0 && q->start.y >= 0 && q->goal.x >= 0 && q->goal.y >= 0);
            FUZZ_CHECK(q->start.x < NAV_GRID_MAX_SIDE && q->start.y < NAV_GRID_MAX_SIDE && q->goal.x < NAV_GRID_MAX_SIDE &&
                       q->goal.y < NAV_GRID_MAX_SIDE && q->optimal >= 0);
            NavQueryResult ra, rj;
            NavStatus sa = nav_query_find(st, &g, q->start, q->goal, &astar, &ra);
            if (sa == NAV_DONE)
                check_path(st, &g, &ra, q->goal);
            NavStatus sj = nav_query_find(st, &g, q->start, q->goal, &jps, &rj);
            if (sj == NAV_DONE)
                check_path(st, &g, &rj, q->goal);
            NavQueryResult rr;
            NavStatus sr = nav_query_find(st, &g, q->start, q->goal, &route, &rr);
            if (sr == NAV_DONE)
                check_path(st, &g, &rr, q->goal);
            FUZZ_CHECK(sa == sj && sa == sr);
            if (sa == NAV_DONE)
                FUZZ_CHECK(fabs(ra.length - rj.length) <= 1e-9 * (1.0 + ra.length) &&
                           fabs(ra.length - rr.length) <= 1e-9 * (1.0 + ra.length));
        }
        nav_query_destroy(st);
        nav_prepared_destroy(pd);
    }
    if (map_ok)
        nav_grid_deinit(&g);
    if (scen_ok)
        nav_movingai_scen_free(&s);
    return 0;
}
