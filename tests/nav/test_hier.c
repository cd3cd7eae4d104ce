/* SPDX-License-Identifier: MIT */
/* test_hier.c - the contraction hierarchy (hier.h) behind NAV_ROUTE on
 * weighted grids: every pair of tiles of random grids with patches of
 * dearer ground against the brute-force reference; made in slices (JPS
 * answering meanwhile), an edit starting it over; unreachable goals;
 * uniform grids on the planner for uniform costs, but for mazes, where the
 * hierarchy is made after it and answers. */
#include "testlib.h"

#include <limits.h>
#include <math.h>

#include "hier.h"
#include "prepared.h"
#include "query.h"

/* The search from a to b on g: the reference's length, a legal walk, and
 * the hierarchy answering (NAV_PLANNER_HIER) when `prepared`, JPS or A*
 * otherwise. */
static void check_pair(NavQuery *st, const NavPrepared *pd, const NavGrid *g, NavPos a, NavPos b, bool prepared)
{
    NavQueryOptions opt = nav_query_options_default();
    opt.prepared = pd;
    opt.algo = NAV_ROUTE;
    double want = test_brute_force(g, a, b, NAV_TOPO_8);
    NavQueryResult r;
    NavStatus got = nav_query_find(st, g, a, b, &opt, &r);
    if (prepared)
        assert_int_equal(r.planner, NAV_PLANNER_HIER);
    else
        assert_true(r.planner == NAV_PLANNER_JPS || r.planner == NAV_PLANNER_ASTAR);
    if (want < 0) {
        assert_int_equal(got, NAV_NO_PATH);
        return;
    }
    assert_int_equal(got, NAV_DONE);
    double len = test_check_walk(st, g, NAV_TOPO_8);
    if (fabs(len - want) > 1e-9 || fabs(r.length - want) > 1e-6)
        fail_msg("%dx%d %d,%d->%d,%d: length %.9f (walked %.9f), reference %.9f", g->w, g->h, a.x, a.y, b.x, b.y,
                 r.length, len, want);
}

static void test_all_pairs(void **state)
{
    (void)state;
    uint64_t seed = 77;
    long checked = 0;
    for (int round = 0; round < 120; round++) {
        int w = 2 + (int)(test_rand(&seed) % 10), h = 2 + (int)(test_rand(&seed) % 10);
        NavGrid g;
        test_patchy_grid(&g, w, h, round % 2 ? 5 : 15, &seed);
        if (nav_grid_uniform(&g)) {
            nav_grid_deinit(&g);
            continue;
        }
        NavQuery *st = nav_query_create(w, h);
        NavPrepared *pd = nav_prepared_create(w, h);
        assert_non_null(st);
        NavQueryOptions opt = nav_query_options_default();
        opt.prepared = pd;
        opt.algo = NAV_ROUTE;
        assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
        assert_true(nav_hier_ready(nav_prepared_hier(pd), &g));
        for (int s = 0; s < w * h; s++)
            for (int t = 0; t < w * h; t++) {
                NavPos a = nav_pos(s % w, s / w), b = nav_pos(t % w, t / w);
                if (nav_grid_walkable(&g, a.x, a.y) && nav_grid_walkable(&g, b.x, b.y)) {
                    check_pair(st, pd, &g, a, b, true);
                    checked++;
                }
            }
        nav_query_destroy(st);
        nav_prepared_destroy(pd);
        nav_grid_deinit(&g);
    }
    print_message("%ld pairs checked\n", checked);
    assert_true(checked > 50000);
}

/* A 40 x 30 grid made in slices of 500 units: until it is done, NAV_ROUTE
 * runs JPS (once the jump table is made; A* before); after, the hierarchy.
 * An edit makes it stale (A*: the state's own jump table is stale too) and
 * preparing again brings the hierarchy back for the new tiles. */
static void test_slices_and_edit(void **state)
{
    (void)state;
    enum { W = 40, H = 30 };
    uint64_t seed = 5;
    NavGrid g;
    test_patchy_grid(&g, W, H, 5, &seed);
    for (int x = 0; x < W; x++) /* a river of rough ground with one ford */
        if (x != 17)
            nav_grid_set(&g, x, H / 2, 4);
    NavQuery *st = nav_query_create(W, H);
    NavPrepared *pd = nav_prepared_create(W, H);
    NavQueryOptions opt = nav_query_options_default();
    opt.prepared = pd;
    opt.algo = NAV_ROUTE;
    NavPos a = nav_pos(1, 1), b = nav_pos(W - 2, H - 2);
    nav_grid_set(&g, a.x, a.y, 1);
    nav_grid_set(&g, b.x, b.y, 1);
    int slices = 0, on_jps = 0;
    NavStatus s;
    while ((s = nav_prepared_make_step(pd, &g, &opt, 500)) == NAV_IN_PROGRESS) {
        slices++;
        check_pair(st, pd, &g, a, b, false);
        bool jps = nav_query_result(st)->planner == NAV_PLANNER_JPS;
        assert_true(jps || !on_jps); /* once the jump table is made, JPS until the end */
        on_jps += jps;
    }
    assert_int_equal(s, NAV_DONE);
    assert_true(on_jps > 5);
    check_pair(st, pd, &g, a, b, true);
    nav_grid_set(&g, 17, H / 2, 0); /* the ford closes */
    nav_grid_set(&g, 30, H / 2, 1); /* another opens */
    check_pair(st, pd, &g, a, b, false);
    assert_int_equal(nav_query_result(st)->planner, NAV_PLANNER_ASTAR);
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    check_pair(st, pd, &g, a, b, true);
    nav_grid_set(&g, 30, H / 2, 0); /* no way across: both halves apart */
    for (int x = 0; x < W; x++)
        nav_grid_set(&g, x, H / 2, 0);
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    check_pair(st, pd, &g, a, b, true);
    assert_int_equal(nav_query_result(st)->status, NAV_NO_PATH);
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);
}

/* The hierarchy on its own: the path's tiles are steps of the grid ending
 * at the goal, its cost theirs; a uniform grid goes to the other planner. */
static void test_direct(void **state)
{
    (void)state;
    uint64_t seed = 9;
    NavGrid g;
    test_patchy_grid(&g, 24, 24, 9, &seed);
    NavHier *hr = nav_hier_create(24, 24);
    assert_non_null(hr);
    NavHierResult r;
    NavPos a = nav_pos(0, 0), b = nav_pos(23, 23);
    nav_grid_set(&g, a.x, a.y, 2);
    nav_grid_set(&g, b.x, b.y, 2);
    assert_int_equal(nav_hier_find(hr, &g, a, b, &r), NAV_INVALID); /* not prepared */
    assert_int_equal(nav_hier_prepare(hr, &g, 0), NAV_DONE);
    NavStatus found = nav_hier_find(hr, &g, a, b, &r);
    double want = test_brute_force(&g, a, b, NAV_TOPO_8);
    assert_int_equal(found, want < 0 ? NAV_NO_PATH : NAV_DONE);
    if (found == NAV_DONE) {
        assert_true(fabs((double)r.cost / (double)NAV_UNIT_STRAIGHT - want) < 1e-6);
        int x = a.x, y = a.y;
        for (int i = 0; i < r.steps; i++) {
            uint32_t c = nav_hier_tile(hr, i);
            int nx = (int)(c % (uint32_t)g.stride) - 1, ny = (int)(c / (uint32_t)g.stride) - 1;
            assert_true(nav_grid_can_step(&g, x, y, nx - x, ny - y));
            x = nx;
            y = ny;
        }
        assert_true(x == b.x && y == b.y);
    }
    NavGrid other;
    assert_int_equal(nav_grid_init(&other, 23, 24), NAV_DONE);
    assert_int_equal(nav_hier_prepare(hr, &other, 0), NAV_INVALID);
    nav_hier_destroy(hr);
    nav_grid_deinit(&other);
    /* uniform costs: the planner for uniform grids answers, not the hierarchy */
    nav_grid_deinit(&g);
    test_random_grid(&g, 24, 24, 20, 1, &seed);
    NavQuery *st = nav_query_create(24, 24);
    NavPrepared *pd = nav_prepared_create(24, 24);
    NavQueryOptions opt = nav_query_options_default();
    opt.prepared = pd;
    opt.algo = NAV_ROUTE;
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    assert_null(nav_prepared_hier(pd));
    assert_non_null(nav_prepared_route(pd));
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);
}

/* Pairs of walkable tiles picked by *seed, each checked (check_pair) with
 * the hierarchy answering when `hier`. */
static void check_sample(NavQuery *st, const NavPrepared *pd, const NavGrid *g, int pairs, uint64_t *seed, bool hier)
{
    assert_int_equal(nav_hier_ready(nav_prepared_hier(pd), g), hier);
    for (int k = 0; k < pairs;) {
        NavPos a = nav_pos((int)(test_rand(seed) % (uint32_t)g->w), (int)(test_rand(seed) % (uint32_t)g->h));
        NavPos b = nav_pos((int)(test_rand(seed) % (uint32_t)g->w), (int)(test_rand(seed) % (uint32_t)g->h));
        if (!nav_grid_walkable(g, a.x, a.y) || !nav_grid_walkable(g, b.x, b.y))
            continue;
        check_pair(st, pd, g, a, b, true);
        k++;
    }
}

/* A uniform 2-wide maze: the planner for uniform costs works hard there, so
 * the hierarchy is made after it and answers, optimally; made again in
 * slices after walls open (the planner answering once it is made again), it
 * answers for the new maze. An open grid keeps the planner alone. */
static void test_uniform_maze(void **state)
{
    (void)state;
    uint64_t seed = 12;
    NavGrid g;
    test_maze(&g, 40, 40, 2, &seed);
    NavQuery *st = nav_query_create(g.w, g.h);
    NavPrepared *pd = nav_prepared_create(g.w, g.h);
    NavQueryOptions opt = nav_query_options_default();
    opt.prepared = pd;
    opt.algo = NAV_ROUTE;
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    check_sample(st, pd, &g, 20, &seed, true);
    for (int k = 0; k < 20; k++) { /* loops: walls between cells open */
        int x = 3 * (int)(test_rand(&seed) % 39) + 3, y = 3 * (int)(test_rand(&seed) % 40) + 1;
        nav_grid_set(&g, x, y, 1);
        nav_grid_set(&g, x, y + 1, 1);
    }
    NavStatus s;
    int slices = 0;
    while ((s = nav_prepared_make_step(pd, &g, &opt, 20000)) == NAV_IN_PROGRESS)
        slices++;
    assert_int_equal(s, NAV_DONE);
    assert_true(slices > 3);
    check_sample(st, pd, &g, 20, &seed, true);
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);

    test_random_grid(&g, 120, 120, 20, 1, &seed);
    st = nav_query_create(g.w, g.h);
    pd = nav_prepared_create(g.w, g.h);
    opt.prepared = pd;
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    assert_null(nav_prepared_hier(pd));
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_pairs),
        cmocka_unit_test(test_slices_and_edit),
        cmocka_unit_test(test_direct),
        cmocka_unit_test(test_uniform_maze),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
