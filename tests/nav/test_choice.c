/* SPDX-License-Identifier: MIT */
/* test_choice.c - NAV_ROUTE's choice of planner on uniform grids
 * (prepared.h's rule, measure.h's width): an open map with chokes and
 * diagonal walls, prepared without landmarks, keeps the planner alone and
 * its preparation ends within a bounded number of work units (the
 * hierarchy was once made there, for minutes); on one small map of each
 * kind (mazes 1, 2, 4 and 8 wide, rooms, the open map) the width is about
 * what the map was drawn with, the planner answering is the one the rule names,
 * and every sampled answer matches the brute-force reference. */
#include "testlib.h"

#include <math.h>

#include "hier.h"
#include "measure.h"
#include "prepared.h"
#include "query.h"

/* Tiles within r of (cx, cy) set to cost c (0: blocked). */
static void disc(NavGrid *g, int cx, int cy, int r, uint8_t c)
{
    for (int y = cy - r; y <= cy + r; y++)
        for (int x = cx - r; x <= cx + r; x++)
            if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r)
                nav_grid_set(g, x, y, c);
}

/* A w x h open map in the manner of StarCraft's (tools/gen_maps.c sc): 24
 * wide areas (the cells of random centres) walled off from each other by
 * cliffs 4 tiles thick at every angle, 40 passages 7 tiles wide cut
 * through the cliffs, lakes and rocks. */
static void open_map(NavGrid *g, int w, int h, uint64_t *seed)
{
    enum { AREAS = 24 };
    int ax[AREAS], ay[AREAS];
    for (int a = 0; a < AREAS; a++) {
        ax[a] = (int)(test_rand(seed) % (uint32_t)w);
        ay[a] = (int)(test_rand(seed) % (uint32_t)h);
    }
    assert_int_equal(nav_grid_init(g, w, h), NAV_DONE);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            long d1 = -1, d2 = -1;
            int a1 = 0, a2 = 0;
            for (int a = 0; a < AREAS; a++) {
                long d = (long)(x - ax[a]) * (x - ax[a]) + (long)(y - ay[a]) * (y - ay[a]);
                if (d1 < 0 || d < d1) {
                    d2 = d1, a2 = a1;
                    d1 = d, a1 = a;
                } else if (d2 < 0 || d < d2) {
                    d2 = d, a2 = a;
                }
            }
            /* the distance to the bisector of the two nearest centres */
            double sep = sqrt((double)((ax[a1] - ax[a2]) * (ax[a1] - ax[a2]) + (ay[a1] - ay[a2]) * (ay[a1] - ay[a2])));
            if ((double)(d2 - d1) / (2 * (sep > 0 ? sep : 1)) > 2)
                nav_grid_set(g, x, y, 1);
        }
    for (int k = 0; k < 40;) { /* passages, each at a cliff tile */
        int x = (int)(test_rand(seed) % (uint32_t)w), y = (int)(test_rand(seed) % (uint32_t)h);
        if (nav_grid_walkable(g, x, y))
            continue;
        disc(g, x, y, 3, 1);
        k++;
    }
    for (int k = 0; k < w * h / 6000; k++) { /* rocks, and a lake in five */
        int r = test_rand(seed) % 5 ? 1 + (int)(test_rand(seed) % 4) : 6 + (int)(test_rand(seed) % 20);
        disc(g, (int)(test_rand(seed) % (uint32_t)w), (int)(test_rand(seed) % (uint32_t)h), r, 0);
    }
}

/* Rooms of `room` x `room` tiles behind walls 1 thick, each joined to its
 * right and lower neighbours by a door of 1 tile. */
static void rooms_map(NavGrid *g, int n, int room, uint64_t *seed)
{
    int side = room + 1;
    assert_int_equal(nav_grid_init(g, side * n + 1, side * n + 1), NAV_DONE);
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            if (x % side && y % side)
                nav_grid_set(g, x, y, 1);
    for (int cy = 0; cy < n; cy++)
        for (int cx = 0; cx < n; cx++) {
            int d = 1 + (int)(test_rand(seed) % (uint32_t)room);
            if (cx + 1 < n)
                nav_grid_set(g, side * (cx + 1), side * cy + d, 1);
            if (cy + 1 < n)
                nav_grid_set(g, side * cx + d, side * (cy + 1), 1);
        }
}

/* The optimal length from a to b (-1: none): the brute force on small
 * maps; on big ones (its minimum scan is quadratic) the library's A*,
 * itself checked against the brute force in test_path.c. */
static double reference(NavQuery *ref, const NavGrid *g, NavPos a, NavPos b)
{
    if ((long)g->w * g->h <= 20000)
        return test_brute_force(g, a, b, NAV_TOPO_8);
    NavQueryOptions opt = nav_query_options_default();
    NavQueryResult r;
    NavStatus s = nav_query_find(ref, g, a, b, &opt, &r);
    assert_int_equal(r.planner, NAV_PLANNER_ASTAR);
    return s == NAV_DONE ? r.length : -1;
}

/* Pairs of walkable tiles picked by *seed: each answered by `planner`,
 * optimally (reference()), along a legal walk. */
static void check_answers(const NavPrepared *pd, const NavGrid *g, NavPlanner planner, int pairs, uint64_t *seed)
{
    NavQuery *st = nav_query_create(g->w, g->h), *ref = nav_query_create(g->w, g->h);
    assert_non_null(st);
    assert_non_null(ref);
    NavQueryOptions opt = nav_query_options_default();
    opt.algo = NAV_ROUTE;
    opt.prepared = pd;
    for (int k = 0; k < pairs;) {
        NavPos a = nav_pos((int)(test_rand(seed) % (uint32_t)g->w), (int)(test_rand(seed) % (uint32_t)g->h));
        NavPos b = nav_pos((int)(test_rand(seed) % (uint32_t)g->w), (int)(test_rand(seed) % (uint32_t)g->h));
        if (!nav_grid_walkable(g, a.x, a.y) || !nav_grid_walkable(g, b.x, b.y))
            continue;
        k++;
        double want = reference(ref, g, a, b);
        NavQueryResult r;
        NavStatus got = nav_query_find(st, g, a, b, &opt, &r);
        assert_int_equal(r.planner, planner);
        if (want < 0) {
            assert_int_equal(got, NAV_NO_PATH);
            continue;
        }
        assert_int_equal(got, NAV_DONE);
        double len = test_check_walk(st, g, NAV_TOPO_8);
        if (fabs(len - want) > 1e-9)
            fail_msg("%dx%d %d,%d->%d,%d: length %.9f, reference %.9f", g->w, g->h, a.x, a.y, b.x, b.y, len, want);
    }
    nav_query_destroy(st);
    nav_query_destroy(ref);
}

/* Prepares g for NAV_ROUTE with `landmarks` in slices of SLICE units and
 * returns the slices it took; fails past `max_units` units a walkable tile
 * (the preparation not ending in bounded work). */
enum { SLICE = 1 << 14 };
static long prepare_counted(NavPrepared *pd, const NavGrid *g, int landmarks, long max_units)
{
    NavQueryOptions opt = nav_query_options_default();
    opt.algo = NAV_ROUTE;
    opt.landmarks = landmarks;
    long walkable = (long)g->w * g->h - (long)g->count[0];
    long slices = 0, max_slices = max_units * walkable / SLICE + 1;
    NavStatus s;
    while ((s = nav_prepared_make_step(pd, g, &opt, SLICE)) == NAV_IN_PROGRESS)
        if (++slices > max_slices)
            fail_msg("%dx%d: preparation past %ld units a tile (%ld slices of %d)", g->w, g->h, max_units, slices,
                     SLICE);
    assert_int_equal(s, NAV_DONE);
    return slices;
}

/* Route's own preparation, for a bound: 21 to 24 units a walkable tile
 * without landmarks, 75 to 82 with 8 (1024x1024 open map, 512x512 mazes);
 * the hierarchy's is bounded by NAV_HIER_UNITS_PER_TILE. */
enum { ROUTE_UNITS = 64 };

/* The defect: open ground with chokes, no landmarks (the library's and
 * isopath path's default). The planner's sample searches work hard there,
 * and the hierarchy used to be made after it, taking minutes on 1024 x
 * 1024; now the wide passages keep the planner, and the preparation is
 * route's alone. */
static void test_open_map_no_landmarks(void **state)
{
    (void)state;
    uint64_t seed = 5;
    NavGrid g;
    open_map(&g, 1024, 1024, &seed);
    NavPrepared *pd = nav_prepared_create(g.w, g.h);
    prepare_counted(pd, &g, 0, ROUTE_UNITS);
    NavPreparedChoice c;
    nav_prepared_choice(pd, &c);
    assert_true(c.made);
    assert_int_equal(c.planner, NAV_PLANNER_ROUTE);
    assert_true(c.width > NAV_HIER_WIDTH_MAX);
    assert_null(nav_prepared_hier(pd));
    check_answers(pd, &g, NAV_PLANNER_ROUTE, 6, &seed);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);
}

/* One small map of each kind: the width it was drawn with, the planner the
 * rule names answering, optimally, and the preparation bounded. */
static void test_each_kind(void **state)
{
    (void)state;
    uint64_t seed = 9;
    for (int kind = 0; kind < 6; kind++) {
        NavGrid g;
        int want_width = 0;
        switch (kind) {
        case 0:
        case 1:
        case 2:
        case 3: { /* mazes 1, 2, 4, 8 wide, about 100 x 100 */
            int wide = 1 << kind;
            test_maze(&g, 100 / (wide + 1), 100 / (wide + 1), wide, &seed);
            want_width = wide;
            break;
        }
        case 4:
            rooms_map(&g, 10, 9, &seed);
            want_width = 9;
            break;
        default:
            open_map(&g, 140, 140, &seed);
            break;
        }
        NavPrepared *pd = nav_prepared_create(g.w, g.h);
        prepare_counted(pd, &g, kind % 2 ? 0 : 4, ROUTE_UNITS + NAV_HIER_UNITS_PER_TILE);
        NavPreparedChoice c;
        nav_prepared_choice(pd, &c);
        assert_true(c.made);
        assert_int_equal(c.width, nav_measure_width(&g));
        if (want_width) /* at bends and junctions wider: at most twice, and the wall */
            assert_true(c.width >= want_width && c.width <= 2 * want_width + 1);
        else
            assert_true(c.width > 8);
        bool hier = c.width <= NAV_HIER_WIDTH_MAX && c.expanded >= NAV_HIER_SAMPLE_EXPANDED;
        assert_int_equal(c.planner, hier ? NAV_PLANNER_HIER : NAV_PLANNER_ROUTE);
        assert_int_equal(nav_hier_ready(nav_prepared_hier(pd), &g), hier);
        check_answers(pd, &g, c.planner, 10, &seed);
        nav_prepared_destroy(pd);
        nav_grid_deinit(&g);
    }
}

/* The width on hand-drawn grids: a corridor, a room, nothing walkable. */
static void test_width(void **state)
{
    (void)state;
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, 20, 10), NAV_DONE);
    assert_int_equal(nav_measure_width(&g), 0);
    for (int x = 0; x < 20; x++)
        for (int y = 4; y < 7; y++)
            nav_grid_set(&g, x, y, 1); /* a corridor 3 wide */
    assert_int_equal(nav_measure_width(&g), 3);
    for (int x = 0; x < 20; x++)
        for (int y = 0; y < 10; y++)
            nav_grid_set(&g, x, y, 1); /* all open: the shorter side */
    assert_int_equal(nav_measure_width(&g), 10);
    nav_grid_deinit(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_width),
        cmocka_unit_test(test_open_map_no_landmarks),
        cmocka_unit_test(test_each_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
