/* SPDX-License-Identifier: MIT */
/* test_query.c - the data and the query apart: several NavQuery read one
 * NavPrepared (jump table and landmarks, the planner for uniform costs,
 * the contraction hierarchy), with searches interleaved, and each gives
 * what a query alone on its own prepared data gives, every path optimal;
 * a query's bytes are its scratch alone, whatever data it reads. */
#include "testlib.h"

#include <math.h>

#include "prepared.h"
#include "query.h"

enum { QUERIES = 3 };

/* The path of q's latest search as tiles, into t (room for w * h). */
static int tiles_of(const NavQuery *q, NavPos *t)
{
    int n = nav_query_result(q)->steps;
    for (int i = 0; i < n; i++)
        t[i] = nav_query_tile(q, i);
    return n;
}

/* On g, with opt's algorithm: QUERIES queries on one prepared data, their
 * searches interleaved (each path read only after the others searched),
 * against a query with data of its own and the brute-force reference. */
static void shared_against_alone(NavGrid *g, NavQueryOptions opt, NavPlanner want, uint64_t *seed)
{
    NavPrepared *shared = nav_prepared_create(g->w, g->h), *own = nav_prepared_create(g->w, g->h);
    NavQuery *q[QUERIES], *alone = nav_query_create(g->w, g->h);
    for (int k = 0; k < QUERIES; k++)
        q[k] = nav_query_create(g->w, g->h);
    NavQueryOptions o_shared = opt, o_own = opt;
    o_shared.prepared = shared;
    o_own.prepared = own;
    assert_int_equal(nav_prepared_make(shared, g, &o_shared), NAV_DONE);
    assert_int_equal(nav_prepared_make(own, g, &o_own), NAV_DONE);
    size_t n = (size_t)g->w * (size_t)g->h;
    NavPos *want_t = malloc(n * sizeof *want_t), *got_t = malloc(n * sizeof *got_t);
    int answered = 0;
    for (int round = 0; round < 30; round++) {
        NavPos a[QUERIES], b[QUERIES];
        NavStatus s[QUERIES];
        for (int k = 0; k < QUERIES; k++) {
            a[k] = nav_pos((int)(test_rand(seed) % (uint32_t)g->w), (int)(test_rand(seed) % (uint32_t)g->h));
            b[k] = nav_pos((int)(test_rand(seed) % (uint32_t)g->w), (int)(test_rand(seed) % (uint32_t)g->h));
            s[k] = nav_query_find(q[k], g, a[k], b[k], &o_shared, NULL);
        }
        for (int k = 0; k < QUERIES; k++) { /* every search done before any path is read */
            NavQueryResult r;
            assert_int_equal(nav_query_find(alone, g, a[k], b[k], &o_own, &r), s[k]);
            const NavQueryResult *got = nav_query_result(q[k]);
            double ref = test_brute_force(g, a[k], b[k], NAV_TOPO_8);
            if (s[k] != NAV_DONE) {
                assert_true(ref < 0 || !nav_grid_walkable(g, a[k].x, a[k].y));
                continue;
            }
            assert_int_equal(got->planner, r.planner);
            assert_int_equal(got->planner, want);
            assert_int_equal(got->steps, r.steps);
            assert_int_equal(got->expanded, r.expanded);
            assert_true(got->length == r.length);
            assert_true(fabs(got->length - ref) < 1e-9);
            int m = tiles_of(alone, want_t);
            assert_int_equal(tiles_of(q[k], got_t), m);
            assert_memory_equal(got_t, want_t, (size_t)m * sizeof *got_t);
            assert_true(fabs(test_check_walk(q[k], g, NAV_TOPO_8) - ref) < 1e-9);
            answered++;
        }
    }
    assert_true(answered > 20);
    free(want_t);
    free(got_t);
    for (int k = 0; k < QUERIES; k++)
        nav_query_destroy(q[k]);
    nav_query_destroy(alone);
    nav_prepared_destroy(shared);
    nav_prepared_destroy(own);
}

static void test_shared_jps(void **state)
{
    (void)state;
    uint64_t seed = 41;
    NavGrid g;
    test_random_grid(&g, 40, 30, 25, 4, &seed);
    NavQueryOptions opt = nav_query_options_default();
    opt.algo = NAV_JPS;
    opt.landmarks = 4;
    shared_against_alone(&g, opt, NAV_PLANNER_JPS, &seed);
    nav_grid_deinit(&g);
}

static void test_shared_route(void **state)
{
    (void)state;
    uint64_t seed = 42;
    NavGrid g;
    test_random_grid(&g, 48, 40, 25, 1, &seed);
    NavQueryOptions opt = nav_query_options_default();
    opt.algo = NAV_ROUTE;
    opt.landmarks = 4;
    shared_against_alone(&g, opt, NAV_PLANNER_ROUTE, &seed);
    nav_grid_deinit(&g);
}

static void test_shared_hierarchy(void **state)
{
    (void)state;
    uint64_t seed = 43;
    NavGrid g;
    test_patchy_grid(&g, 40, 36, 5, &seed);
    nav_grid_set(&g, 20, 18, 4); /* weighted, whatever the patches */
    NavQueryOptions opt = nav_query_options_default();
    opt.algo = NAV_ROUTE;
    shared_against_alone(&g, opt, NAV_PLANNER_HIER, &seed);
    nav_grid_deinit(&g);
}

/* A query's bytes are scratch: the same for the same searches whatever the
 * prepared data it reads holds (8 landmarks or none, a hierarchy or not
 * yet), never counting that data; a query that no prepared planner has
 * answered holds its 16 bytes a tile and nothing more. */
static void test_query_bytes_are_scratch(void **state)
{
    (void)state;
    uint64_t seed = 44;
    enum { W = 64, H = 48 };
    NavGrid g;
    test_random_grid(&g, W, H, 20, 1, &seed);
    NavPrepared *rich = nav_prepared_create(W, H), *lean = nav_prepared_create(W, H);
    NavQuery *a = nav_query_create(W, H), *b = nav_query_create(W, H), *fresh = nav_query_create(W, H);
    size_t empty = nav_query_bytes(fresh);
    assert_true(empty >= (size_t)W * H * 16);
    NavQueryOptions ro = nav_query_options_default(), lo;
    ro.algo = NAV_ROUTE;
    lo = ro;
    ro.landmarks = 8;
    ro.prepared = rich;
    lo.prepared = lean;
    assert_int_equal(nav_prepared_make(rich, &g, &ro), NAV_DONE);
    assert_int_equal(nav_prepared_make(lean, &g, &lo), NAV_DONE);
    NavQueryOptions jo = nav_query_options_default(); /* rich holds JPS's table and 16 landmarks too */
    jo.algo = NAV_JPS;
    jo.landmarks = 16;
    jo.prepared = rich;
    assert_int_equal(nav_prepared_make(rich, &g, &jo), NAV_DONE);
    assert_true(nav_prepared_bytes(rich) > nav_prepared_bytes(lean) + (size_t)W * H * (16 + 8 * 16));
    assert_int_equal(nav_query_bytes(a), empty); /* preparing made nothing in any query */
    for (int i = 0; i < 40; i++) {
        NavPos s = nav_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H));
        NavPos t = nav_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H));
        nav_query_find(a, &g, s, t, &ro, NULL);
        nav_query_find(b, &g, s, t, &lo, NULL);
    }
    assert_int_equal(nav_query_bytes(a), nav_query_bytes(b));
    assert_true(nav_query_bytes(a) > empty);                  /* the planner's scratch */
    assert_true(nav_query_bytes(a) - empty < nav_prepared_bytes(lean)); /* 5 bytes a tile, and lists */
    /* A* and JPS on the data: scratch alone, nothing grows */
    for (int i = 0; i < 20; i++) {
        NavPos s = nav_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H));
        NavPos t = nav_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H));
        nav_query_find(fresh, &g, s, t, &jo, NULL);
    }
    assert_int_equal(nav_query_bytes(fresh), empty);
    nav_query_destroy(a);
    nav_query_destroy(b);
    nav_query_destroy(fresh);
    nav_prepared_destroy(rich);
    nav_prepared_destroy(lean);
    nav_grid_deinit(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shared_jps),
        cmocka_unit_test(test_shared_route),
        cmocka_unit_test(test_shared_hierarchy),
        cmocka_unit_test(test_query_bytes_are_scratch),
    };
    return cmocka_run_group_tests_name("query", tests, NULL, NULL);
}
