/* SPDX-License-Identifier: MIT */
/* test_landmark.c - landmark tables: every distance is the brute-force path
 * cost to its landmark, landmarks sit in the largest region, apart, and the
 * table follows the grid's version. */
#include "testlib.h"

#include <math.h>

#include "landmark.h"

static uint64_t mark_dist(const LandmarkTable *lt, const NavGrid *g, int x, int y, int j)
{
    return lt->dist[(size_t)nav_grid_index(g, x, y) * (size_t)lt->count + (size_t)j];
}

/* The tile at distance 0 from landmark j: the landmark itself. */
static NavPos landmark_at(const LandmarkTable *lt, const NavGrid *g, int j)
{
    NavPos at = nav_pos(-1, -1);
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            if (mark_dist(lt, g, x, y, j) == 0) {
                assert_int_equal(at.x, -1); /* only one */
                at = nav_pos(x, y);
            }
    return at;
}

static void test_distances_exact(void **state)
{
    (void)state;
    uint64_t seed = 21;
    int compared = 0;
    for (int round = 0; round < 30; round++) {
        int w = 1 + (int)(test_rand(&seed) % 20), h = 1 + (int)(test_rand(&seed) % 20);
        NavGrid g;
        test_random_grid(&g, w, h, (int)(test_rand(&seed) % 40), 1, &seed);
        int count = 1 + (int)(test_rand(&seed) % 4);
        LandmarkTable lt = {0};
        assert_true(landmark_build(&lt, &g, count));
        assert_true(landmark_current(&lt, &g));
        assert_int_equal(landmark_bytes(&lt), (size_t)(w + 2) * (size_t)(h + 2) * (size_t)count * 8);
        if (nav_grid_count_walkable(&g) == 0) {
            for (int j = 0; j < count; j++)
                assert_int_equal(landmark_at(&lt, &g, j).x, -1);
        }
        long largest = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                long region = nav_grid_count_reachable(&g, x, y);
                largest = region > largest ? region : largest;
            }
        for (int j = 0; j < count && largest > 0; j++) {
            NavPos at = landmark_at(&lt, &g, j);
            assert_true(nav_grid_walkable(&g, at.x, at.y));
            assert_int_equal(nav_grid_count_reachable(&g, at.x, at.y), largest);
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    uint64_t d = mark_dist(&lt, &g, x, y, j);
                    double want = test_brute_force(&g, at, nav_pos(x, y), NAV_TOPO_8);
                    if (want < 0) {
                        assert_true(d == LANDMARK_FAR);
                        continue;
                    }
                    assert_true(d != LANDMARK_FAR);
                    if (fabs((double)d / (double)NAV_UNIT_STRAIGHT - want) > 1e-6)
                        fail_msg("%dx%d landmark %d at %d,%d: tile %d,%d at %.9f, reference %.9f", w, h, j, at.x,
                                 at.y, x, y, (double)d / (double)NAV_UNIT_STRAIGHT, want);
                    compared++;
                }
        }
        nav_grid_set(&g, 0, 0, nav_grid_walkable(&g, 0, 0) ? 0 : 1);
        assert_false(landmark_current(&lt, &g));
        landmark_deinit(&lt);
        nav_grid_deinit(&g);
    }
    print_message("%d landmark distances compared\n", compared);
    assert_true(compared > 1000);
}

/* On an open floor the first two landmarks take opposite corners; each
 * further one is a tile farthest from those before it. */
static void test_placement_spreads(void **state)
{
    (void)state;
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, 12, 9), NAV_DONE);
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 12; x++)
            nav_grid_set(&g, x, y, 1);
    LandmarkTable lt = {0};
    assert_true(landmark_build(&lt, &g, 4));
    NavPos a = landmark_at(&lt, &g, 0), b = landmark_at(&lt, &g, 1);
    assert_int_equal(abs(a.x - b.x), 11);
    assert_int_equal(abs(a.y - b.y), 8);
    for (int j = 2; j < 4; j++) {
        uint64_t best = 0, got = UINT64_MAX;
        NavPos at = landmark_at(&lt, &g, j);
        for (int y = 0; y < 9; y++)
            for (int x = 0; x < 12; x++) {
                uint64_t nearest = UINT64_MAX;
                for (int i = 0; i < j; i++) {
                    uint64_t d = mark_dist(&lt, &g, x, y, i);
                    nearest = d < nearest ? d : nearest;
                }
                best = nearest > best ? nearest : best;
                if (x == at.x && y == at.y)
                    got = nearest;
            }
        assert_true(got == best && got > 0);
    }
    assert_false(landmark_build(&lt, &g, 0));
    assert_false(landmark_build(&lt, &g, LANDMARK_MAX + 1));
    assert_int_equal(landmark_bytes(&lt), 0);
    landmark_deinit(&lt);
    nav_grid_deinit(&g);
}

/* The table stays within its memory budget: a 4096 x 4096 grid holds one
 * landmark, and asking for more is refused before anything is allocated
 * (16 used to take 2.1 GB). */
static void test_budget(void **state)
{
    (void)state;
    assert_int_equal(landmark_max_count(1024, 1024), LANDMARK_MAX);
    assert_int_equal(landmark_max_count(2048, 2048), 7);
    assert_int_equal(landmark_max_count(4096, 4096), 1);
    assert_int_equal(landmark_max_count(9, 10), LANDMARK_MAX);
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, 4096, 4096), NAV_DONE);
    LandmarkTable lt = {0};
    assert_false(landmark_build(&lt, &g, 2));
    assert_null(lt.dist);
    assert_int_equal(landmark_bytes(&lt), 0);
    nav_grid_deinit(&g);
    /* the budget holds whatever is asked for */
    for (int side = 64; side <= 4096; side *= 2) {
        int k = landmark_max_count(side, side);
        assert_true((size_t)(side + 2) * (size_t)(side + 2) * (size_t)k * 8 <= LANDMARK_BUDGET_BYTES);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_distances_exact),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_placement_spreads),
    };
    return cmocka_run_group_tests_name("landmark", tests, NULL, NULL);
}
