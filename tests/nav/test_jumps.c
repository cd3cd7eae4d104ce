/* SPDX-License-Identifier: MIT */
/* test_jumps.c - JPS on weighted grids and the shared jump table (NavJumps):
 * every pair of tiles of random grids with patches of rough ground against
 * the brute-force reference, with and without landmarks; a table made in slices, shared, edited under
 * and cloned, its clones sharing its memory; a JPS search copied while under way. */
#include "testlib.h"

#include <limits.h>
#include <math.h>

#include "prepared.h"
#include "query.h"

/* Every start and goal of the grid: JPS's length is the reference's, its
 * walk legal. Returns the paths checked. */
static int all_pairs(NavQuery *st, const NavGrid *g, const NavQueryOptions *opt, bool want_jps)
{
    int checked = 0;
    for (int s = 0; s < g->w * g->h; s++)
        for (int t = 0; t < g->w * g->h; t++) {
            NavPos a = nav_pos(s % g->w, s / g->w), b = nav_pos(t % g->w, t / g->w);
            double want = test_brute_force(g, a, b, NAV_TOPO_8);
            NavQueryResult r;
            NavStatus got = nav_query_find(st, g, a, b, opt, &r);
            if (want < 0) {
                assert_int_equal(got, NAV_NO_PATH);
                continue;
            }
            assert_int_equal(got, NAV_DONE);
            assert_int_equal(r.planner == NAV_PLANNER_JPS, want_jps);
            double len = test_check_walk(st, g, NAV_TOPO_8);
            if (fabs(len - want) > 1e-9)
                fail_msg("%dx%d %d,%d->%d,%d: length %.9f, reference %.9f", g->w, g->h, a.x, a.y, b.x, b.y, len,
                         want);
            checked++;
        }
    return checked;
}

static void test_weighted_all_pairs(void **state)
{
    (void)state;
    uint64_t seed = 41;
    long checked = 0;
    for (int round = 0; round < 90; round++) {
        int w = 2 + (int)(test_rand(&seed) % 9), h = 2 + (int)(test_rand(&seed) % 9);
        NavGrid g;
        test_patchy_grid(&g, w, h, round % 2 ? 3 : 15, &seed);
        NavQuery *st = nav_query_create(w, h);
        NavPrepared *pd = nav_prepared_create(w, h);
        assert_non_null(st);
        NavQueryOptions opt = nav_query_options_default();
        opt.prepared = pd;
        opt.algo = NAV_JPS;
        opt.landmarks = round % 3; /* the one-sided landmark bound, or none */
        assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
        checked += all_pairs(st, &g, &opt, true);
        nav_query_destroy(st);
        nav_prepared_destroy(pd);
        nav_grid_deinit(&g);
    }
    print_message("%ld weighted JPS paths checked\n", checked);
    assert_true(checked > 30000);
}

/* A table made in slices and shared by two states: until it is current,
 * NAV_ROUTE runs A*; then JPS, on the grid and on a copy of it; an edit
 * makes it out of date (A* again, never a wrong read) until made again. */
static void test_shared_table_in_slices(void **state)
{
    (void)state;
    uint64_t seed = 7;
    enum { W = 9, H = 7 };
    NavGrid g, copy = {0};
    test_patchy_grid(&g, W, H, 5, &seed);
    NavJumps *j = nav_jumps_create(W, H);
    assert_non_null(j);
    NavQuery *a = nav_query_create(W, H), *b = nav_query_create(W, H);
    assert_non_null(a);
    assert_non_null(b);
    NavQueryOptions opt = nav_query_options_default();
    opt.algo = NAV_ROUTE;
    opt.jumps = j;
    for (int edit = 0; edit < 4; edit++) {
        long slices = 0;
        NavStatus s;
        while ((s = nav_jumps_prepare(j, &g, 100)) == NAV_IN_PROGRESS) {
            assert_false(nav_jumps_current(j, &g));
            if (slices++ % 4 == 0)
                all_pairs(a, &g, &opt, false);
        }
        assert_int_equal(s, NAV_DONE);
        assert_int_equal(slices, (nav_jumps_work(&g) + 99) / 100 - 1);
        assert_int_equal(nav_grid_copy(&copy, &g), NAV_DONE);
        assert_true(nav_jumps_current(j, &copy));
        all_pairs(a, &g, &opt, true);
        all_pairs(b, &copy, &opt, true);
        assert_int_equal(nav_query_bytes(a), nav_query_bytes(b)); /* scratch alone: they read the shared one */
        int x = (int)(test_rand(&seed) % W), y = (int)(test_rand(&seed) % H);
        nav_grid_set(&g, x, y, (uint8_t)(nav_grid_walkable(&g, x, y) ? 0 : 3));
        assert_false(nav_jumps_current(j, &g));
        assert_true(nav_jumps_current(j, &copy));
        all_pairs(a, &g, &opt, false);
    }
    NavGrid other;
    assert_int_equal(nav_grid_init(&other, W + 1, H), NAV_DONE);
    assert_int_equal(nav_jumps_prepare(j, &other, 0), NAV_INVALID);
    nav_grid_deinit(&other);
    nav_query_destroy(a);
    nav_query_destroy(b);
    nav_jumps_release(j);
    nav_grid_deinit(&copy);
    nav_grid_deinit(&g);
}

/* References: shared means do not prepare; a clone goes on from where its
 * original stands and ends with the same table. */
static void test_share_and_clone(void **state)
{
    (void)state;
    uint64_t seed = 9;
    NavGrid g;
    test_patchy_grid(&g, 16, 16, 5, &seed);
    NavJumps *j = nav_jumps_create(16, 16);
    assert_non_null(j);
    assert_false(nav_jumps_shared(j));
    assert_true(nav_jumps_share(j) == j);
    assert_true(nav_jumps_shared(j));
    nav_jumps_release(j);
    assert_false(nav_jumps_shared(j));
    assert_int_equal(nav_jumps_prepare(j, &g, 500), NAV_IN_PROGRESS);
    NavJumps *c = nav_jumps_clone(j);
    assert_non_null(c);
    assert_false(nav_jumps_current(c, &g));
    long left = nav_jumps_work(&g) - 500;
    assert_int_equal(nav_jumps_prepare(c, &g, left - 1), NAV_IN_PROGRESS);
    assert_int_equal(nav_jumps_prepare(c, &g, 1), NAV_DONE);
    assert_int_equal(nav_jumps_prepare(j, &g, 0), NAV_DONE);
    assert_true(nav_jumps_bytes(c) == nav_jumps_bytes(j));
    NavQuery *st = nav_query_create(16, 16);
    NavPrepared *pd = nav_prepared_create(16, 16);
    assert_non_null(st);
    NavQueryOptions opt = nav_query_options_default();
    opt.prepared = pd;
    opt.algo = NAV_JPS;
    opt.jumps = c;
    all_pairs(st, &g, &opt, true);
    assert_int_equal(nav_prepared_jump_bytes(pd), 0);
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_jumps_release(c);
    nav_jumps_release(j);
    nav_jumps_release(NULL);
    nav_grid_deinit(&g);
}

/* Clones share the table's memory: a clone costs a few bytes, each goes
 * on from its own progress (current only once its own is complete, however
 * far the memory was made by another), the memory is made once; a clone on
 * other tiles (an edit) starts memory of its own and leaves the others as
 * they were; a table begun before its first preparation has its memory, so
 * clones made then share it. */
static void test_clones_share_memory(void **state)
{
    (void)state;
    uint64_t seed = 13;
    enum { W = 12, H = 10 };
    NavGrid g, g2 = {0};
    test_patchy_grid(&g, W, H, 5, &seed);
    const long all = nav_jumps_work(&g);
    NavJumps *j = nav_jumps_create(W, H);
    assert_non_null(j);
    assert_int_equal(nav_jumps_own_bytes(j), nav_jumps_clone_bytes()); /* no memory before it is begun */
    assert_int_equal(nav_jumps_prepare(j, &g, 100), NAV_IN_PROGRESS);
    size_t whole = nav_jumps_bytes(j);
    assert_true(whole > (size_t)all);
    assert_int_equal(nav_jumps_own_bytes(j), whole);
    NavJumps *c = nav_jumps_clone(j);
    assert_non_null(c);
    assert_int_equal(nav_jumps_own_bytes(c), nav_jumps_clone_bytes());
    assert_int_equal(nav_jumps_own_bytes(j), nav_jumps_clone_bytes()); /* shared: neither's own */
    assert_true(nav_jumps_bytes(c) == whole);
    /* j made whole: c is not current until its own progress is */
    assert_int_equal(nav_jumps_prepare(j, &g, 0), NAV_DONE);
    assert_false(nav_jumps_current(c, &g));
    assert_true(nav_jumps_begun(c, &g));
    assert_int_equal(nav_jumps_prepare(c, &g, all - 101), NAV_IN_PROGRESS);
    assert_false(nav_jumps_current(c, &g));
    assert_int_equal(nav_jumps_prepare(c, &g, 1), NAV_DONE);
    NavQuery *st = nav_query_create(W, H);
    assert_non_null(st);
    NavQueryOptions opt = nav_query_options_default();
    opt.algo = NAV_ROUTE;
    opt.jumps = c;
    all_pairs(st, &g, &opt, true);
    /* a clone on edited tiles: memory of its own, the original's untouched */
    assert_int_equal(nav_grid_copy(&g2, &g), NAV_DONE);
    int x = (int)(test_rand(&seed) % W), y = (int)(test_rand(&seed) % H);
    nav_grid_set(&g2, x, y, (uint8_t)(nav_grid_walkable(&g2, x, y) ? 0 : 3));
    assert_int_equal(nav_jumps_prepare(c, &g2, 50), NAV_IN_PROGRESS);
    assert_int_equal(nav_jumps_own_bytes(c), whole);
    assert_int_equal(nav_jumps_own_bytes(j), whole);
    assert_true(nav_jumps_current(j, &g));
    opt.jumps = j;
    all_pairs(st, &g, &opt, true);
    assert_int_equal(nav_jumps_prepare(c, &g2, 0), NAV_DONE);
    opt.jumps = c;
    all_pairs(st, &g2, &opt, true);
    /* begun before any preparation: clones share its memory from then on */
    nav_jumps_release(j);
    j = nav_jumps_create(W, H);
    assert_non_null(j);
    assert_int_equal(nav_jumps_begin(j, &g), NAV_DONE);
    assert_true(nav_jumps_begun(j, &g) && !nav_jumps_current(j, &g));
    NavJumps *d = nav_jumps_clone(j);
    assert_non_null(d);
    assert_int_equal(nav_jumps_prepare(d, &g, 0), NAV_DONE);
    assert_int_equal(nav_jumps_own_bytes(d), nav_jumps_clone_bytes());
    assert_int_equal(nav_jumps_prepare(j, &g, 0), NAV_DONE); /* made already: nothing to do but say so */
    assert_int_equal(nav_jumps_begin(j, &g), NAV_DONE);
    assert_true(nav_jumps_current(j, &g));
    nav_jumps_release(d);
    assert_int_equal(nav_jumps_own_bytes(j), whole);
    nav_query_destroy(st);
    nav_jumps_release(c);
    nav_jumps_release(j);
    nav_grid_deinit(&g2);
    nav_grid_deinit(&g);
}

/* A JPS search copied half way goes on to the same path; an expansion
 * limit stops JPS as it stops A*. */
static void test_copy_and_limit(void **state)
{
    (void)state;
    uint64_t seed = 3;
    enum { W = 40, H = 30 };
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, W, H), NAV_DONE);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            nav_grid_set(&g, x, y, (uint8_t)(test_rand(&seed) % 9 == 0 ? 0 : (x / 5 + y / 7) % 3 == 0 ? 3 : 1));
    nav_grid_set(&g, 0, 0, 1);
    nav_grid_set(&g, W - 1, H - 1, 1);
    NavJumps *j = nav_jumps_create(W, H);
    assert_int_equal(nav_jumps_prepare(j, &g, 0), NAV_DONE);
    NavQuery *a = nav_query_create(W, H), *b = nav_query_create(W, H), *own = nav_query_create(W, H);
    NavQueryOptions opt = nav_query_options_default();
    opt.algo = NAV_JPS;
    opt.jumps = j;
    NavQueryResult whole;
    assert_int_equal(nav_query_find(a, &g, nav_pos(0, 0), nav_pos(W - 1, H - 1), &opt, &whole), NAV_DONE);
    assert_true((whole.planner == NAV_PLANNER_JPS) && whole.expanded > 4);
    nav_query_begin(a, &g, nav_pos(0, 0), nav_pos(W - 1, H - 1), &opt);
    assert_int_equal(nav_query_step(a, whole.expanded / 2), NAV_IN_PROGRESS);
    assert_int_equal(nav_query_copy_search(b, a, &g), NAV_DONE);
    assert_int_equal(nav_query_step(b, LONG_MAX), NAV_DONE);
    assert_int_equal(nav_query_step(a, LONG_MAX), NAV_DONE);
    const NavQueryResult *ra = nav_query_result(a), *rb = nav_query_result(b);
    assert_int_equal(ra->steps, rb->steps);
    assert_true(ra->length == rb->length && rb->length == whole.length);
    for (int i = 0; i < ra->steps; i++)
        assert_true(nav_pos_eq(nav_query_tile(a, i), nav_query_tile(b, i)));
    /* JPS on a NavPrepared's table: the copy reads the same table */
    NavPrepared *pd = nav_prepared_create(W, H);
    opt.jumps = NULL;
    opt.prepared = pd;
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    nav_query_begin(own, &g, nav_pos(0, 0), nav_pos(W - 1, H - 1), &opt);
    assert_int_equal(nav_query_step(own, 2), NAV_IN_PROGRESS);
    assert_int_equal(nav_query_copy_search(b, own, &g), NAV_DONE);
    assert_int_equal(nav_query_step(b, LONG_MAX), NAV_DONE);
    assert_int_equal(nav_query_step(own, LONG_MAX), NAV_DONE);
    assert_true(nav_query_result(b)->length == whole.length && nav_query_result(own)->length == whole.length);
    opt.expansion_limit = whole.expanded / 2;
    NavQueryResult lim;
    assert_int_equal(nav_query_find(a, &g, nav_pos(0, 0), nav_pos(W - 1, H - 1), &opt, &lim), NAV_LIMIT);
    assert_true(lim.planner == NAV_PLANNER_JPS);
    assert_int_equal(lim.expanded, whole.expanded / 2);
    nav_query_destroy(a);
    nav_query_destroy(b);
    nav_query_destroy(own);
    nav_prepared_destroy(pd);
    nav_jumps_release(j);
    nav_grid_deinit(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weighted_all_pairs),
        cmocka_unit_test(test_shared_table_in_slices),
        cmocka_unit_test(test_share_and_clone),
        cmocka_unit_test(test_clones_share_memory),
        cmocka_unit_test(test_copy_and_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
