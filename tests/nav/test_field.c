/* SPDX-License-Identifier: MIT */
/* test_field.c - flow fields: following next steps from any tile costs
 * exactly what A* says, for every topology; unreachable tiles agree. */
#include "testlib.h"

#include <math.h>

#include "field.h"

static void fields_match_astar(NavTopology topo, uint64_t seed)
{
    int compared = 0;
    for (int round = 0; round < 40; round++) {
        int w = 2 + (int)(test_rand(&seed) % 25), h = 2 + (int)(test_rand(&seed) % 25);
        NavGrid g;
        test_random_grid(&g, w, h, 30, round % 2 ? 5 : 1, &seed);
        NavPos goal = nav_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
        NavField f;
        if (!nav_grid_walkable(&g, goal.x, goal.y)) {
            assert_int_equal(nav_field_init(&f, &g, goal, topo), NAV_INVALID);
            nav_grid_deinit(&g);
            continue;
        }
        assert_int_equal(nav_field_init(&f, &g, goal, topo), NAV_DONE);
        NavQuery *st = nav_query_create(w, h);
        NavQueryOptions opt = nav_query_options_default();
        opt.topology = topo;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                if (!nav_grid_walkable(&g, x, y))
                    continue;
                NavQueryResult r;
                NavStatus s = nav_query_find(st, &g, nav_pos(x, y), goal, &opt, &r);
                double want = nav_field_distance(&f, nav_pos(x, y));
                if (s != NAV_DONE) {
                    assert_true(want < 0);
                    NavPos to;
                    assert_false(nav_field_next(&f, nav_pos(x, y), &to));
                    continue;
                }
                /* walk the field: each step legal, total cost = A* length */
                NavPos at = nav_pos(x, y), to;
                double len = 0;
                int steps = 0;
                while (nav_field_next(&f, at, &to)) {
                    int dx = to.x - at.x, dy = to.y - at.y;
                    assert_true(nav_query_can_step(&g, topo, at.x, at.y, dx, dy));
                    len += nav_grid_cost(&g, to.x, to.y) * (topo == NAV_TOPO_8 && dx && dy ? sqrt(2.0) : 1.0);
                    at = to;
                    assert_true(++steps <= w * h);
                }
                assert_true(at.x == goal.x && at.y == goal.y);
                if (fabs(len - r.length) > 1e-9)
                    fail_msg("field walk from %d,%d costs %.9f, A* %.9f", x, y, len, r.length);
                assert_true(fabs(want - r.length) < 1e-6);
                compared++;
            }
        nav_query_destroy(st);
        nav_field_deinit(&f);
        nav_grid_deinit(&g);
    }
    assert_true(compared > 1000);
}

static void test_field8(void **state)
{
    (void)state;
    fields_match_astar(NAV_TOPO_8, 31);
}
static void test_field4(void **state)
{
    (void)state;
    fields_match_astar(NAV_TOPO_4, 32);
}
static void test_field_hex(void **state)
{
    (void)state;
    fields_match_astar(NAV_TOPO_HEX, 33);
}

static void test_field_edges(void **state)
{
    (void)state;
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, 3, 1), NAV_DONE);
    nav_grid_set(&g, 0, 0, 1);
    nav_grid_set(&g, 2, 0, 1);
    NavField f;
    assert_int_equal(nav_field_init(&f, &g, nav_pos(1, 0), NAV_TOPO_8), NAV_INVALID); /* blocked goal */
    assert_int_equal(nav_field_init(&f, &g, nav_pos(5, 0), NAV_TOPO_8), NAV_INVALID); /* outside */
    assert_int_equal(nav_field_init(&f, &g, nav_pos(0, 0), NAV_TOPO_8), NAV_DONE);
    NavPos to;
    assert_false(nav_field_next(&f, nav_pos(0, 0), &to)); /* at the goal */
    assert_false(nav_field_next(&f, nav_pos(2, 0), &to)); /* cut off */
    assert_false(nav_field_next(&f, nav_pos(-1, 0), &to));
    assert_true(nav_field_distance(&f, nav_pos(2, 0)) < 0);
    assert_true(nav_field_distance(&f, nav_pos(0, 0)) == 0.0);
    nav_field_deinit(&f);
    nav_field_deinit(&f); /* deinit twice is harmless */
    nav_grid_deinit(&g);
}

/* Bounded fields: within the bound every cost and step is the whole
 * field's, beyond it nothing is known, the work is the tiles within the
 * bound, and updates in one allocation never leak an older goal's values. */
static void test_field_bounded(void **state)
{
    (void)state;
    uint64_t seed = 41;
    NavField b;
    int w = 40, h = 30;
    assert_int_equal(nav_field_init_bounded(&b, w, h, NAV_TOPO_8), NAV_DONE);
    NavPos to;
    assert_false(nav_field_next(&b, nav_pos(3, 3), &to)); /* empty until updated */
    assert_true(nav_field_cost(&b, nav_pos(3, 3)) == UINT64_MAX);
    NavGrid g;
    test_random_grid(&g, w, h, 25, 3, &seed);
    uint64_t *before = b.cost;
    for (int round = 0; round < 30; round++) {
        NavPos goal = nav_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
        uint64_t bound = (uint64_t)(test_rand(&seed) % 20) * NAV_UNIT_STRAIGHT + (round % 3) * NAV_UNIT_DIAGONAL;
        if (!nav_grid_walkable(&g, goal.x, goal.y)) {
            assert_int_equal(nav_field_update(&b, &g, goal, bound), NAV_INVALID);
            assert_true(nav_field_cost(&b, goal) == UINT64_MAX);
            continue;
        }
        assert_int_equal(nav_field_update(&b, &g, goal, bound), NAV_DONE);
        assert_true(b.cost == before); /* the same memory */
        NavField full;
        assert_int_equal(nav_field_init(&full, &g, goal, NAV_TOPO_8), NAV_DONE);
        long within = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                NavPos t = nav_pos(x, y);
                uint64_t want = nav_field_cost(&full, t), got = nav_field_cost(&b, t);
                if (want <= bound) {
                    within++;
                    if (got != want)
                        fail_msg("round %d: %d,%d costs %llu bounded, %llu whole", round, x, y,
                                 (unsigned long long)got, (unsigned long long)want);
                    NavPos n1, n2;
                    bool s1 = nav_field_next(&b, t, &n1), s2 = nav_field_next(&full, t, &n2);
                    assert_int_equal(s1, s2);
                    if (s1)
                        assert_true(n1.x == n2.x && n1.y == n2.y);
                } else {
                    assert_true(got == UINT64_MAX);
                    NavPos n;
                    assert_false(nav_field_next(&b, t, &n));
                }
            }
        assert_int_equal(b.settled, within); /* nothing beyond the bound was expanded */
        nav_field_deinit(&full);
    }
    /* a goal on a grid of another size is refused */
    NavGrid small;
    assert_int_equal(nav_grid_init(&small, 5, 5), NAV_DONE);
    nav_grid_set(&small, 1, 1, 1);
    assert_int_equal(nav_field_update(&b, &small, nav_pos(1, 1), NAV_UNIT_STRAIGHT), NAV_INVALID);
    nav_grid_deinit(&small);
    nav_field_deinit(&b);
    nav_field_deinit(&b);
    nav_grid_deinit(&g);
}

/* A field built in slices (nav_field_begin, nav_field_build_step) is the
 * one nav_field_init makes, whatever the slices' sizes; each step settles
 * at most its work; a step on a field not being built is refused. */
static void test_field_sliced(void **state)
{
    (void)state;
    uint64_t seed = 51;
    int w = 37, h = 23;
    NavGrid g;
    test_random_grid(&g, w, h, 30, 3, &seed);
    NavPos goal = nav_pos(-1, -1);
    for (int i = 0; i < w * h && goal.x < 0; i++)
        if (nav_grid_walkable(&g, i % w, i / w))
            goal = nav_pos(i % w, i / w);
    NavField whole, part;
    assert_int_equal(nav_field_init(&whole, &g, goal, NAV_TOPO_8), NAV_DONE);
    assert_false(whole.building);
    assert_int_equal(nav_field_build_step(&whole, &g, 10), NAV_INVALID); /* already made */
    const long slices[] = {1, 7, 100, 0};
    for (size_t k = 0; k < sizeof slices / sizeof slices[0]; k++) {
        assert_int_equal(nav_field_begin(&part, &g, goal, NAV_TOPO_8), NAV_IN_PROGRESS);
        assert_true(part.building);
        int steps = 0;
        NavStatus st;
        long settled = 0;
        while ((st = nav_field_build_step(&part, &g, slices[k])) == NAV_IN_PROGRESS) {
            if (slices[k] > 0)
                assert_true(part.settled - settled <= slices[k]);
            settled = part.settled;
            steps++;
        }
        assert_int_equal(st, NAV_DONE);
        assert_false(part.building);
        assert_null(part.heap);
        assert_int_equal(part.settled, whole.settled);
        if (slices[k] > 0)
            assert_true(steps >= whole.settled / slices[k] - 1);
        assert_memory_equal(part.cost, whole.cost, (size_t)w * (size_t)h * sizeof *whole.cost);
        assert_memory_equal(part.next, whole.next, (size_t)w * (size_t)h);
        nav_field_deinit(&part);
    }
    /* given up half-made: freed by nav_field_deinit */
    assert_int_equal(nav_field_begin(&part, &g, goal, NAV_TOPO_8), NAV_IN_PROGRESS);
    assert_int_equal(nav_field_build_step(&part, &g, 3), NAV_IN_PROGRESS);
    nav_field_deinit(&part);
    /* a grid of another size, a blocked goal */
    NavGrid small;
    assert_int_equal(nav_grid_init(&small, 5, 5), NAV_DONE);
    nav_grid_set(&small, 1, 1, 1);
    assert_int_equal(nav_field_begin(&part, &g, goal, NAV_TOPO_8), NAV_IN_PROGRESS);
    assert_int_equal(nav_field_build_step(&part, &small, 3), NAV_INVALID);
    nav_field_deinit(&part);
    assert_int_equal(nav_field_begin(&part, &small, nav_pos(0, 0), NAV_TOPO_8), NAV_INVALID);
    assert_null(part.cost);
    nav_grid_deinit(&small);
    nav_field_deinit(&whole);
    nav_grid_deinit(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_field8), cmocka_unit_test(test_field4), cmocka_unit_test(test_field_hex),
        cmocka_unit_test(test_field_edges), cmocka_unit_test(test_field_bounded),
        cmocka_unit_test(test_field_sliced),
    };
    return cmocka_run_group_tests_name("field", tests, NULL, NULL);
}
