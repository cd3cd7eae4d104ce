/* fuzz_movingai.c - Moving AI readers, then the searches on what they
 * loaded. The input is a .map text, a NUL byte and a .scen text. Whatever
 * loads is searched with A*, with JPS (two landmarks) and with the prepared
 * planner (route): all must agree, and every path must step legally and
 * cost what it claims. */
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "movingai.h"
#include "path.h"

enum { QUERIES_MAX = 24 }; /* searched per input */

/* The path just found steps from tile to tile legally and costs its length. */
static void check_path(const PathState *st, const Grid *g, const PathResult *r, TilePos goal)
{
    TilePos at = r->start;
    double cost = 0;
    for (int i = 0; i < r->steps; i++) {
        TilePos t = path_tile(st, i);
        int dx = t.x - at.x, dy = t.y - at.y;
        FUZZ_CHECK(path_can_step(g, PATH_TOPO_8, at.x, at.y, dx, dy));
        cost += grid_cost(g, t.x, t.y) * (dx && dy ? sqrt(2.0) : 1.0);
        at = t;
    }
    FUZZ_CHECK(at.x == r->end.x && at.y == r->end.y);
    FUZZ_CHECK(fabs(cost - r->length) <= 1e-9 * (1.0 + cost));
    if (r->status == PATH_FOUND)
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
    Grid g;
    Scenario s;
    Diags d;
    diag_clear(&d);
    bool map_ok = movingai_read_map(mf, "fuzz.map", &g, &d);
    int problems = diag_total(&d);
    FUZZ_CHECK(map_ok == (problems == 0));
    bool scen_ok = movingai_read_scen(sf, "fuzz.scen", &s, &d);
    FUZZ_CHECK(scen_ok == (diag_total(&d) == problems));
    fclose(mf);
    fclose(sf);
    if (!scen_ok)
        FUZZ_CHECK(s.q == NULL && s.count == 0);
    else
        FUZZ_CHECK(s.count >= 1 && s.map_w >= 1 && s.map_h >= 1);
    if (map_ok && scen_ok) {
        PathState *st = path_create(g.w, g.h);
        FUZZ_CHECK(st != NULL);
        PathOptions astar = path_options_default(), jps = astar, route = astar;
        jps.algo = PATH_JPS;
        jps.landmarks = 2;
        route.algo = PATH_ROUTE;
        route.landmarks = 2;
        path_prepare(st, &g, &jps);
        path_prepare(st, &g, &route);
        for (int i = 0; i < s.count && i < QUERIES_MAX; i++) {
            const ScenQuery *q = &s.q[i];
            FUZZ_CHECK(q->start.x >= 0 && q->start.y >= 0 && q->goal.x >= 0 && q->goal.y >= 0);
            FUZZ_CHECK(q->start.x < GRID_MAX_SIDE && q->start.y < GRID_MAX_SIDE && q->goal.x < GRID_MAX_SIDE &&
                       q->goal.y < GRID_MAX_SIDE && q->optimal >= 0);
            PathResult ra, rj;
            PathStatus sa = path_find(st, &g, q->start, q->goal, &astar, &ra);
            if (sa == PATH_FOUND)
                check_path(st, &g, &ra, q->goal);
            PathStatus sj = path_find(st, &g, q->start, q->goal, &jps, &rj);
            if (sj == PATH_FOUND)
                check_path(st, &g, &rj, q->goal);
            PathResult rr;
            PathStatus sr = path_find(st, &g, q->start, q->goal, &route, &rr);
            if (sr == PATH_FOUND)
                check_path(st, &g, &rr, q->goal);
            FUZZ_CHECK(sa == sj && sa == sr);
            if (sa == PATH_FOUND)
                FUZZ_CHECK(fabs(ra.length - rj.length) <= 1e-9 * (1.0 + ra.length) &&
                           fabs(ra.length - rr.length) <= 1e-9 * (1.0 + ra.length));
        }
        path_destroy(st);
    }
    if (map_ok)
        grid_deinit(&g);
    if (scen_ok)
        movingai_scen_free(&s);
    return 0;
}
