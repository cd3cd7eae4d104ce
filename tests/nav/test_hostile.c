/* SPDX-License-Identifier: MIT */
/* test_hostile.c - every public call of the navigation library (the headers
 * nav.h includes) given hostile arguments: coordinates and sizes at the int
 * limits, -1, w and h; zeroed structs; calls out of order (a step before a
 * begin, after a finish); NULL wherever a header says NULL is accepted. Each
 * call either does what its header says it does with such input or refuses
 * it with the status the header names; under ASan and UBSan nothing reads
 * out of bounds or overflows. NULL where a header does not accept it is a
 * broken precondition (nav.h), not tested here.
 *
 * test_hostile NAME runs only the cases whose names match NAME (cmocka's
 * filter, * and ? as wildcards), each in a process of its own if need be. */
#include "testlib.h"

#include <limits.h>
#include <stdint.h>

#include "nav.h"

/* Coordinates no grid holds, for a grid of w x h tiles. */
#define OFF_GRID(w, h)                                                                                       \
    {                                                                                                        \
        {-1, 0}, {0, -1}, {(w), 0}, {0, (h)}, {-1, -1}, {(w), (h)}, {INT_MIN, 0}, {0, INT_MIN}, {INT_MAX, 0}, \
            {0, INT_MAX}, {INT_MIN, INT_MIN}, {INT_MAX, INT_MAX}, {INT_MIN, INT_MAX}, {INT_MAX, INT_MIN}     \
    }
enum { OFF_GRID_COUNT = 14 };

/* Sizes no grid, search state or table is made for. */
static const int bad_sides[][2] = {{0, 1},       {1, 0},       {-1, 5},       {5, -1},           {INT_MIN, 5},
                                   {5, INT_MIN}, {INT_MAX, 1}, {1, INT_MAX},  {INT_MAX, INT_MAX}, {INT_MIN, INT_MIN},
                                   {NAV_GRID_MAX_SIDE + 1, 1}, {1, NAV_GRID_MAX_SIDE + 1}};
enum { BAD_SIDES = sizeof bad_sides / sizeof bad_sides[0] };

/* An all-floor w x h grid with a wall down column wall_x (rows 0..h-2:
 * the bottom row gets round it). */
static void floor_grid(NavGrid *g, int w, int h, int wall_x)
{
    assert_int_equal(nav_grid_init(g, w, h), NAV_DONE);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            nav_grid_set(g, x, y, x == wall_x && y < h - 1 ? 0 : 1);
}

/* ---- grid.h, coord.h, units.h ---------------------------------------------- */

static void test_grid_sizes_and_zeroed(void **state)
{
    (void)state;
    for (int i = 0; i < BAD_SIDES; i++) {
        NavGrid g;
        memset(&g, 0xAB, sizeof g);
        assert_int_equal(nav_grid_init(&g, bad_sides[i][0], bad_sides[i][1]), NAV_INVALID);
        assert_null(g.cost); /* zeroed */
        assert_int_equal(g.w, 0);
        nav_grid_deinit(&g);
    }
    /* a zeroed grid has no tiles: every call takes it */
    NavGrid z = {0};
    nav_grid_set(&z, 0, 0, 1);
    assert_int_equal(nav_grid_cost(&z, 0, 0), 0);
    assert_false(nav_grid_walkable(&z, 0, 0));
    assert_false(nav_grid_in_bounds(&z, 0, 0));
    assert_false(nav_grid_can_step(&z, 0, 0, 1, 0));
    assert_false(nav_grid_can_step(&z, -1, 0, 1, 0));
    assert_int_equal(nav_grid_min_cost(&z), 1);
    assert_true(nav_grid_uniform(&z));
    assert_int_equal(nav_grid_count_walkable(&z), 0);
    assert_int_equal(nav_grid_count_reachable(&z, 0, 0), 0);
    nav_grid_deinit(&z);
    nav_grid_deinit(&z); /* deinited twice */

    /* writes outside, and costs past the maximum */
    NavGrid g;
    floor_grid(&g, 5, 4, -1);
    uint64_t version = g.version;
    NavPos off[] = OFF_GRID(5, 4);
    for (int i = 0; i < OFF_GRID_COUNT; i++) {
        nav_grid_set(&g, off[i].x, off[i].y, 0);
        assert_int_equal(nav_grid_cost(&g, off[i].x, off[i].y), 0);
        assert_false(nav_grid_walkable(&g, off[i].x, off[i].y));
        assert_int_equal(nav_grid_count_reachable(&g, off[i].x, off[i].y), 0);
    }
    assert_true(g.version == version); /* nothing written */
    assert_int_equal(nav_grid_count_walkable(&g), 20);
    nav_grid_set(&g, 4, 3, 255);
    assert_int_equal(nav_grid_cost(&g, 4, 3), NAV_GRID_MAX_COST);
    assert_false(nav_grid_uniform(&g));
    assert_int_equal(nav_grid_min_cost(&g), 1);
    assert_int_equal(nav_grid_count_reachable(&g, 4, 3), 20);
    /* the border (-1 and w, h) is the one place outside nav_grid_index reads */
    assert_int_equal(g.cost[nav_grid_index(&g, -1, -1)], 0);
    assert_int_equal(g.cost[nav_grid_index(&g, 5, 4)], 0);
    nav_grid_deinit(&g);
}

static void test_grid_copy_zeroed(void **state)
{
    (void)state;
    NavGrid z = {0}, dst = {0};
    assert_int_equal(nav_grid_copy(&dst, &z), NAV_DONE); /* zeroed onto zeroed */
    assert_null(dst.cost);
    assert_int_equal(dst.w, 0);
    NavGrid g;
    floor_grid(&g, 3, 3, 1);
    assert_int_equal(nav_grid_copy(&dst, &g), NAV_DONE);
    assert_int_equal(nav_grid_count_walkable(&dst), 7);
    assert_int_equal(nav_grid_copy(&dst, &z), NAV_DONE); /* zeroed onto a grid: dst is emptied */
    assert_null(dst.cost);
    assert_int_equal(nav_grid_count_walkable(&dst), 0);
    assert_int_equal(nav_grid_copy(&g, &g), NAV_DONE); /* onto itself */
    assert_int_equal(nav_grid_count_walkable(&g), 7);
    nav_grid_deinit(&g);
    assert_int_equal(nav_grid_copy(&dst, &g), NAV_DONE); /* a deinited grid */
    assert_null(dst.cost);
    nav_grid_deinit(&dst);
}

static void test_grid_can_step_int_limits(void **state)
{
    (void)state;
    NavGrid g;
    floor_grid(&g, 4, 3, -1);
    static const int far[] = {INT_MIN, INT_MIN + 1, -2, 5, 6, INT_MAX - 1, INT_MAX}; /* two or more tiles off */
    for (size_t i = 0; i < sizeof far / sizeof far[0]; i++)
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                assert_false(nav_grid_can_step(&g, far[i], 1, dx, dy));
                assert_false(nav_grid_can_step(&g, 1, far[i], dx, dy));
                assert_false(nav_grid_can_step(&g, far[i], far[i], dx, dy));
            }
    /* steps that are not one tile */
    static const int bad_d[] = {INT_MIN, -2, 2, INT_MAX};
    for (size_t i = 0; i < sizeof bad_d / sizeof bad_d[0]; i++) {
        assert_false(nav_grid_can_step(&g, 1, 1, bad_d[i], 0));
        assert_false(nav_grid_can_step(&g, 1, 1, 0, bad_d[i]));
    }
    assert_false(nav_grid_can_step(&g, 1, 1, 0, 0));
    /* from the border in, and along the edge: the rule is about the tiles entered */
    assert_true(nav_grid_can_step(&g, -1, 0, 1, 0));
    assert_true(nav_grid_can_step(&g, 4, 2, -1, 0));
    assert_true(nav_grid_can_step(&g, 3, 2, 0, -1));
    assert_false(nav_grid_can_step(&g, 3, 2, 1, 0));
    nav_grid_deinit(&g);
}

static void test_units_int_limits(void **state)
{
    (void)state;
    assert_true(nav_pos_eq(nav_pos(INT_MIN, INT_MAX), nav_pos(INT_MIN, INT_MAX)));
    assert_false(nav_pos_eq(nav_pos(INT_MIN, 0), nav_pos(INT_MAX, 0)));
    /* the octile distance of any two ints: no overflow (at most about 1.3e19) */
    assert_true(nav_octile(INT_MIN, 0) == (uint64_t)1 << 31 << 32);
    assert_true(nav_octile(0, INT_MIN) == nav_octile(INT_MIN, 0));
    assert_true(nav_octile(INT_MAX, 0) == (uint64_t)INT_MAX << 32);
    assert_true(nav_octile(INT_MIN, INT_MIN) == NAV_UNIT_DIAGONAL << 31);
    assert_true(nav_octile(INT_MAX, INT_MIN) == NAV_UNIT_DIAGONAL * (uint64_t)INT_MAX + NAV_UNIT_STRAIGHT);
    assert_true(nav_octile(-3, 2) == 2 * NAV_UNIT_DIAGONAL + NAV_UNIT_STRAIGHT);
    for (int d = 0; d < 8; d++)
        assert_int_equal(nav_dir8_of(nav_dir8[d][0], nav_dir8[d][1]), d);
    assert_int_equal(nav_dir8_of(0, 0), -1);
    int n = 0;
    assert_ptr_equal(nav_topology_dirs((NavTopology)-1, &n), nav_dir8); /* unknown: the 8-way table */
    assert_int_equal(n, 8);
    assert_ptr_equal(nav_topology_dirs(NAV_TOPO_HEX, &n), nav_dirhex);
    assert_int_equal(n, 6);
}

/* ---- jumps.h ----------------------------------------------------------------- */

static void test_jumps_hostile(void **state)
{
    (void)state;
    for (int i = 0; i < BAD_SIDES; i++)
        assert_null(nav_jumps_create(bad_sides[i][0], bad_sides[i][1]));
    nav_jumps_release(NULL);
    NavGrid g, z = {0}, other;
    floor_grid(&g, 6, 5, 2);
    floor_grid(&other, 5, 6, 2);
    NavJumps *j = nav_jumps_create(6, 5);
    assert_non_null(j);
    assert_false(nav_jumps_current(j, &g));
    assert_false(nav_jumps_current(NULL, &g));
    assert_false(nav_jumps_current(j, &z));
    assert_int_equal(nav_jumps_prepare(j, &z, 0), NAV_INVALID);
    assert_int_equal(nav_jumps_prepare(j, &other, 0), NAV_INVALID);
    assert_int_equal(nav_jumps_begin(j, &z), NAV_INVALID);
    assert_int_equal(nav_jumps_begin(j, &other), NAV_INVALID);
    assert_false(nav_jumps_begun(NULL, &g));
    assert_false(nav_jumps_begun(j, &z));
    assert_int_equal(nav_jumps_own_bytes(NULL), 0);
    assert_int_equal(nav_jumps_work(&z), 8 * 2 * 2); /* the border alone */
    assert_int_equal(nav_jumps_prepare(j, &g, LONG_MIN), NAV_DONE); /* <= 0: all of it */
    assert_true(nav_jumps_current(j, &g));
    assert_int_equal(nav_jumps_prepare(j, &g, LONG_MAX), NAV_DONE);
    nav_grid_set(&g, 0, 0, 0);
    assert_int_equal(nav_jumps_prepare(j, &g, 1), NAV_IN_PROGRESS);
    assert_int_equal(nav_jumps_prepare(j, &g, LONG_MAX), NAV_DONE);
    assert_false(nav_jumps_shared(j));
    NavJumps *c = nav_jumps_clone(j);
    assert_non_null(c);
    assert_true(nav_jumps_current(c, &g));
    assert_true(nav_jumps_bytes(c) == nav_jumps_bytes(j));
    assert_ptr_equal(nav_jumps_share(c), c);
    assert_true(nav_jumps_shared(c));
    nav_jumps_release(c);
    assert_false(nav_jumps_shared(c));
    nav_jumps_release(c);
    nav_jumps_release(j);
    nav_grid_deinit(&other);
    nav_grid_deinit(&g);
}

/* ---- path.h ------------------------------------------------------------------ */

static void test_path_can_step_int_limits(void **state)
{
    (void)state;
    NavGrid g;
    floor_grid(&g, 4, 3, -1);
    static const NavTopology topo[] = {NAV_TOPO_8, NAV_TOPO_4, NAV_TOPO_HEX};
    static const int far[] = {INT_MIN, INT_MIN + 1, -2, 5, INT_MAX - 1, INT_MAX};
    for (int t = 0; t < 3; t++)
        for (size_t i = 0; i < sizeof far / sizeof far[0]; i++)
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    assert_false(nav_query_can_step(&g, topo[t], far[i], 1, dx, dy));
                    assert_false(nav_query_can_step(&g, topo[t], 1, far[i], dx, dy));
                    assert_false(nav_query_can_step(&g, topo[t], far[i], far[i], dx, dy));
                }
    assert_false(nav_query_can_step(&g, NAV_TOPO_4, 1, 1, 1, 1));
    assert_true(nav_query_can_step(&g, NAV_TOPO_HEX, 1, 1, 1, -1));
    assert_false(nav_query_can_step(&g, NAV_TOPO_HEX, 1, 1, 1, 1));
    assert_false(nav_query_can_step(&g, NAV_TOPO_8, 1, 1, INT_MAX, INT_MIN));
    nav_grid_deinit(&g);
}

static void test_path_sizes_and_ends(void **state)
{
    (void)state;
    for (int i = 0; i < BAD_SIDES; i++) {
        assert_null(nav_query_create(bad_sides[i][0], bad_sides[i][1]));
        assert_null(nav_prepared_create(bad_sides[i][0], bad_sides[i][1]));
    }
    nav_query_destroy(NULL);
    nav_prepared_destroy(NULL);
    NavGrid g, z = {0}, other;
    floor_grid(&g, 6, 5, 2);
    floor_grid(&other, 5, 6, 2);
    NavQuery *st = nav_query_create(6, 5);
    NavPrepared *pd = nav_prepared_create(6, 5);
    assert_non_null(st);
    assert_true(nav_query_bytes(st) > 0);
    assert_true(nav_query_tags_cleared(st) == 0);
    assert_true(nav_prepared_bytes(pd) > 0);
    assert_true(nav_prepared_jump_bytes(pd) == 0);
    assert_true(nav_prepared_landmark_bytes(pd) == 0);
    assert_null(nav_prepared_route(pd));
    assert_null(nav_prepared_hier(pd));

    /* off the grid, at the int limits, for every algorithm; NULL out and opt accepted */
    NavPos off[] = OFF_GRID(6, 5);
    for (int algo = NAV_ASTAR; algo <= NAV_ROUTE; algo++) {
        NavQueryOptions opt = nav_query_options_default();
        opt.prepared = pd;
        opt.algo = (NavAlgo)algo;
        for (int i = 0; i < OFF_GRID_COUNT; i++) {
            NavQueryResult r;
            assert_int_equal(nav_query_find(st, &g, off[i], nav_pos(5, 4), &opt, &r), NAV_INVALID);
            assert_string_equal(r.why, "start outside the map");
            assert_int_equal(r.steps, 0);
            assert_int_equal(r.planner, NAV_PLANNER_NONE);
            assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), off[i], &opt, NULL), NAV_INVALID);
            assert_string_equal(nav_query_result(st)->why, "goal outside the map");
            opt.nearest = true; /* no nearest tile to a goal off the map either */
            assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), off[i], &opt, NULL), NAV_INVALID);
            opt.nearest = false;
            assert_true(nav_pos_eq(nav_query_tile(st, 0), nav_pos(0, 0))); /* no tiles: the start */
        }
    }
    NavQueryResult r;
    assert_int_equal(nav_query_find(st, &g, nav_pos(2, 0), nav_pos(0, 0), NULL, &r), NAV_NO_PATH);
    assert_string_equal(r.why, "start is blocked");
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(2, 1), NULL, &r), NAV_NO_PATH);
    assert_string_equal(r.why, "goal is blocked");
    assert_int_equal(nav_query_find(st, &z, nav_pos(0, 0), nav_pos(0, 0), NULL, &r), NAV_INVALID);
    assert_string_equal(r.why, "search state made for another map size");
    assert_int_equal(nav_query_find(st, &other, nav_pos(0, 0), nav_pos(1, 1), NULL, &r), NAV_INVALID);
    assert_int_equal(nav_prepared_make(pd, &z, NULL), NAV_INVALID);
    assert_int_equal(nav_prepared_make(pd, &other, NULL), NAV_INVALID);
    assert_int_equal(nav_prepared_make_step(pd, &z, NULL, 1), NAV_INVALID);

    /* options at their limits */
    NavQueryOptions opt = nav_query_options_default();
    opt.prepared = pd;
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(5, 0), &opt, &r), NAV_DONE);
    const int steps = r.steps;
    assert_true(steps > 5);
    opt.expansion_limit = LONG_MIN;
    opt.cost_limit = -1e308;
    opt.landmarks = INT_MIN;
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(5, 0), &opt, &r), NAV_DONE);
    assert_int_equal(r.steps, steps);
    opt.cost_limit = 1e308; /* past what the units hold: no limit */
    opt.expansion_limit = LONG_MAX;
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(5, 0), &opt, &r), NAV_DONE);
    opt.cost_limit = 1e-300; /* below one unit */
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(5, 0), &opt, &r), NAV_LIMIT);
    opt = nav_query_options_default();
    opt.expansion_limit = 1;
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(5, 0), &opt, &r), NAV_LIMIT);
    opt = nav_query_options_default();
    opt.prepared = pd;
    opt.algo = NAV_JPS;
    opt.landmarks = INT_MAX; /* at most LANDMARK_MAX placed */
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(5, 0), &opt, &r), NAV_DONE);
    opt.algo = NAV_ROUTE;
    assert_int_equal(nav_prepared_make_step(pd, &g, &opt, LONG_MIN), NAV_DONE);
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(5, 0), &opt, &r), NAV_DONE);
    assert_true(r.planner >= NAV_PLANNER_ROUTE);
    assert_int_equal(r.steps, steps);
    assert_non_null(nav_prepared_route(pd));
    assert_true(nav_pos_eq(nav_query_tile(st, INT_MIN), nav_pos(0, 0))); /* out of range: the start */
    assert_true(nav_pos_eq(nav_query_tile(st, INT_MAX), nav_pos(0, 0)));
    assert_true(nav_pos_eq(nav_query_tile(st, -1), nav_pos(0, 0)));
    assert_true(nav_pos_eq(nav_query_tile(st, steps), nav_pos(0, 0)));
    assert_true(nav_pos_eq(nav_query_tile(st, steps - 1), nav_pos(5, 0)));
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&other);
    nav_grid_deinit(&g);
}

static void test_path_step_before_begin(void **state)
{
    (void)state;
    NavQuery *st = nav_query_create(4, 4);
    assert_non_null(st);
    assert_int_equal(nav_query_step(st, LONG_MAX), NAV_INVALID);
    assert_int_equal(nav_query_step(st, LONG_MIN), NAV_INVALID);
    const NavQueryResult *r = nav_query_result(st);
    assert_int_equal(r->status, NAV_INVALID);
    assert_non_null(r->why);
    assert_int_equal(r->steps, 0);
    NavPos *tiles = NULL;
    int cap = 0;
    assert_int_equal(nav_query_copy_tiles(st, &tiles, &cap), 0);
    assert_null(tiles);
    /* a copy of a state that never searched cannot step either */
    NavQuery *dst = nav_query_create(4, 4);
    NavGrid g;
    floor_grid(&g, 4, 4, -1);
    assert_int_equal(nav_query_copy_search(dst, st, &g), NAV_DONE);
    assert_int_equal(nav_query_step(dst, 10), NAV_INVALID);
    /* once begun it searches as ever */
    nav_query_begin(st, &g, nav_pos(0, 0), nav_pos(3, 3), NULL);
    assert_int_equal(nav_query_step(st, LONG_MIN), NAV_IN_PROGRESS); /* at least one expansion */
    assert_int_equal(nav_query_step(st, LONG_MAX), NAV_DONE);
    assert_int_equal(nav_query_step(st, LONG_MAX), NAV_DONE); /* again: the same */
    nav_grid_deinit(&g);
    nav_query_destroy(dst);
    nav_query_destroy(st);
}

/* Two states mid-search on g (8 x 6) and the path the search finds. */
static void copy_search_setup(NavGrid *g, NavGrid *other, NavQuery **a, NavQuery **b, NavQueryResult *want)
{
    floor_grid(g, 8, 6, 3);
    floor_grid(other, 6, 8, 3);
    *a = nav_query_create(8, 6);
    *b = nav_query_create(8, 6);
    assert_int_equal(nav_query_find(*b, g, nav_pos(0, 0), nav_pos(7, 0), NULL, want), NAV_DONE);
    nav_query_begin(*a, g, nav_pos(0, 0), nav_pos(7, 0), NULL);
    assert_int_equal(nav_query_step(*a, 3), NAV_IN_PROGRESS);
}

static void copy_search_check(NavQuery *st, const NavQueryResult *want)
{
    assert_int_equal(nav_query_step(st, LONG_MAX), NAV_DONE);
    assert_int_equal(nav_query_result(st)->steps, want->steps);
    assert_true(nav_query_result(st)->length == want->length);
}

static void test_path_copy_search_other_size(void **state)
{
    (void)state;
    NavGrid g, other;
    NavQuery *a, *b;
    NavQueryResult want;
    copy_search_setup(&g, &other, &a, &b, &want);
    NavQuery *c = nav_query_create(6, 8);
    assert_int_equal(nav_query_copy_search(c, a, &other), NAV_INVALID); /* a state of another size */
    assert_int_equal(nav_query_copy_search(b, a, &other), NAV_INVALID); /* to go on on a grid of another size */
    assert_int_equal(nav_query_copy_search(b, a, &g), NAV_DONE);
    copy_search_check(b, &want);
    copy_search_check(a, &want);
    nav_query_destroy(c);
    nav_query_destroy(b);
    nav_query_destroy(a);
    nav_grid_deinit(&other);
    nav_grid_deinit(&g);
}

static void test_path_copy_search_onto_itself(void **state)
{
    (void)state;
    NavGrid g, other;
    NavQuery *a, *b;
    NavQueryResult want;
    copy_search_setup(&g, &other, &a, &b, &want);
    assert_int_equal(nav_query_copy_search(a, a, &g), NAV_DONE); /* as it was */
    copy_search_check(a, &want);
    nav_query_destroy(b);
    nav_query_destroy(a);
    nav_grid_deinit(&other);
    nav_grid_deinit(&g);
}

static void test_path_copy_tiles_hostile(void **state)
{
    (void)state;
    NavGrid g;
    floor_grid(&g, 4, 4, -1);
    NavQuery *st = nav_query_create(4, 4);
    NavPos *tiles = malloc(2 * sizeof *tiles);
    int cap = INT_MIN; /* a size no array has */
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(0, 0), NULL, NULL), NAV_DONE);
    assert_int_equal(nav_query_copy_tiles(st, &tiles, &cap), 0); /* no tiles: the array is left alone */
    assert_non_null(tiles);
    cap = -1;
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(3, 3), NULL, NULL), NAV_DONE);
    assert_int_equal(nav_query_copy_tiles(st, &tiles, &cap), 3);
    assert_int_equal(cap, 3);
    assert_true(nav_pos_eq(tiles[2], nav_pos(3, 3)));
    free(tiles);
    nav_query_destroy(st);
    nav_grid_deinit(&g);
}

/* An option no search knows is refused, not read as another. */
static void test_unknown_options(void **state)
{
    (void)state;
    NavGrid g;
    floor_grid(&g, 4, 4, -1);
    NavQuery *st = nav_query_create(4, 4);
    static const int bad[] = {-1, 3, 99, INT_MAX, INT_MIN};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        NavQueryOptions opt = nav_query_options_default();
        opt.topology = (NavTopology)bad[i];
        NavQueryResult r;
        assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(3, 3), &opt, &r), NAV_INVALID);
        assert_string_equal(r.why, "unknown topology or algorithm");
        opt = nav_query_options_default();
        opt.algo = (NavAlgo)bad[i];
        assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(3, 3), &opt, &r), NAV_INVALID);
        assert_false(nav_query_can_step(&g, (NavTopology)bad[i], 1, 1, 1, 1));
        assert_false(nav_query_can_step(&g, (NavTopology)bad[i], 1, 1, 1, 0));
        NavField f;
        assert_int_equal(nav_field_init(&f, &g, nav_pos(0, 0), (NavTopology)bad[i]), NAV_INVALID);
        assert_null(f.cost);
        assert_int_equal(nav_field_init_bounded(&f, 4, 4, (NavTopology)bad[i]), NAV_INVALID);
        assert_null(f.cost);
    }
    nav_query_destroy(st);
    nav_grid_deinit(&g);
}

/* ---- route.h ----------------------------------------------------------------- */

static void test_route_hostile(void **state)
{
    (void)state;
    for (int i = 0; i < BAD_SIDES; i++)
        assert_null(nav_route_create(bad_sides[i][0], bad_sides[i][1]));
    nav_route_destroy(NULL);
    NavGrid g, z = {0}, weighted, other;
    floor_grid(&g, 7, 5, 3);
    floor_grid(&weighted, 7, 5, 3);
    nav_grid_set(&weighted, 0, 0, 2);
    floor_grid(&other, 5, 7, 3);
    NavRoute *rm = nav_route_create(7, 5);
    assert_non_null(rm);
    NavRouteInfo info;
    nav_route_info(rm, &info);
    assert_false(info.ready);
    NavRouteResult out;
    assert_int_equal(nav_route_find(rm, &g, nav_pos(0, 0), nav_pos(6, 0), &out), NAV_INVALID); /* not prepared */
    assert_int_equal(out.steps, 0);
    assert_int_equal(nav_route_prepare(rm, &z, 0, 0), NAV_INVALID);
    assert_int_equal(nav_route_prepare(rm, &other, 0, 0), NAV_INVALID);
    assert_int_equal(nav_route_prepare(rm, &weighted, 0, 0), NAV_INVALID);
    assert_false(nav_route_ready(rm, &z));
    assert_int_equal(nav_route_prepare(rm, &g, INT_MIN, LONG_MIN), NAV_DONE);
    assert_int_equal(nav_route_prepare(rm, &g, INT_MAX, LONG_MAX), NAV_DONE); /* clamped */
    assert_true(nav_route_ready(rm, &g));
    assert_false(nav_route_ready(rm, &z));
    nav_route_info(rm, &info);
    assert_true(info.ready);
    assert_true(info.landmarks <= NAV_ROUTE_MARKS_MAX);
    assert_int_equal(nav_route_find(rm, &g, nav_pos(0, 0), nav_pos(6, 0), NULL), NAV_DONE); /* NULL out */
    assert_int_equal(nav_route_find(rm, &g, nav_pos(3, 0), nav_pos(6, 0), &out), NAV_NO_PATH); /* blocked */
    assert_int_equal(nav_route_find(rm, &g, nav_pos(0, 0), nav_pos(3, 1), &out), NAV_NO_PATH);
    assert_int_equal(nav_route_find(rm, &other, nav_pos(0, 0), nav_pos(1, 0), &out), NAV_INVALID);
    nav_route_destroy(rm);
    nav_grid_deinit(&other);
    nav_grid_deinit(&weighted);
    nav_grid_deinit(&g);
}

static void test_route_find_off_grid(void **state)
{
    (void)state;
    NavGrid g;
    floor_grid(&g, 7, 5, 3);
    NavRoute *rm = nav_route_create(7, 5);
    assert_int_equal(nav_route_prepare(rm, &g, 2, 0), NAV_DONE);
    NavPos off[] = OFF_GRID(7, 5);
    for (int i = 0; i < OFF_GRID_COUNT; i++) {
        NavRouteResult out;
        memset(&out, 0x5A, sizeof out);
        assert_int_equal(nav_route_find(rm, &g, off[i], nav_pos(6, 0), &out), NAV_INVALID);
        assert_int_equal(out.steps, 0);
        assert_int_equal(nav_route_find(rm, &g, nav_pos(0, 0), off[i], &out), NAV_INVALID);
        assert_int_equal(out.steps, 0);
        assert_int_equal(nav_route_find(rm, &g, off[i], off[i], NULL), NAV_INVALID);
    }
    /* and a query that is fine still is */
    NavRouteResult out;
    assert_int_equal(nav_route_find(rm, &g, nav_pos(0, 0), nav_pos(6, 0), &out), NAV_DONE);
    NavQuery *st = nav_query_create(7, 5);
    NavQueryResult want;
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(6, 0), NULL, &want), NAV_DONE);
    assert_int_equal(out.steps, want.steps);
    nav_query_destroy(st);
    nav_route_destroy(rm);
    nav_grid_deinit(&g);
}

static void test_route_tile_out_of_range(void **state)
{
    (void)state;
    NavGrid g;
    floor_grid(&g, 7, 5, 3);
    NavRoute *rm = nav_route_create(7, 5);
    assert_int_equal(nav_route_tile(rm, 0), 0); /* before any path: 0, a border tile */
    assert_int_equal(nav_route_prepare(rm, &g, 0, 0), NAV_DONE);
    assert_int_equal(nav_route_tile(rm, 0), 0); /* prepared, no path yet */
    NavRouteResult out;
    assert_int_equal(nav_route_find(rm, &g, nav_pos(0, 0), nav_pos(6, 0), &out), NAV_DONE);
    assert_true(nav_route_tile(rm, out.steps - 1) == (uint32_t)nav_grid_index(&g, 6, 0));
    const int bad[] = {INT_MIN, -1, out.steps, out.steps + 1, INT_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(nav_route_tile(rm, bad[i]), 0);
    assert_int_equal(nav_route_find(rm, &g, nav_pos(0, 0), nav_pos(3, 0), &out), NAV_NO_PATH);
    assert_int_equal(nav_route_tile(rm, 0), 0); /* no path */
    nav_route_destroy(rm);
    nav_grid_deinit(&g);
}

/* ---- field.h ----------------------------------------------------------------- */

static void test_field_hostile(void **state)
{
    (void)state;
    NavGrid g, z = {0}, other;
    floor_grid(&g, 6, 4, 2);
    floor_grid(&other, 4, 6, 2);
    NavField f, zf = {0};
    NavPos off[] = OFF_GRID(6, 4);
    for (int i = 0; i < OFF_GRID_COUNT; i++) {
        assert_int_equal(nav_field_init(&f, &g, off[i], NAV_TOPO_8), NAV_INVALID);
        assert_null(f.cost);
    }
    assert_int_equal(nav_field_init(&f, &g, nav_pos(2, 0), NAV_TOPO_8), NAV_INVALID); /* blocked */
    assert_int_equal(nav_field_init(&f, &z, nav_pos(0, 0), NAV_TOPO_8), NAV_INVALID);
    /* a zeroed field knows nothing */
    NavPos to = nav_pos(7, 7);
    assert_true(nav_field_cost(&zf, nav_pos(0, 0)) == UINT64_MAX);
    assert_false(nav_field_next(&zf, nav_pos(0, 0), &to));
    assert_true(nav_field_distance(&zf, nav_pos(0, 0)) < 0);
    assert_int_equal(nav_field_bytes(&zf), 0);
    NavField copy = {0};
    assert_int_equal(nav_field_copy(&copy, &zf), NAV_DONE);
    assert_null(copy.cost);
    assert_int_equal(nav_field_update(&zf, &g, nav_pos(0, 0), UINT64_MAX), NAV_INVALID);
    nav_field_deinit(&zf);
    /* queries off the field */
    assert_int_equal(nav_field_init(&f, &g, nav_pos(0, 0), NAV_TOPO_HEX), NAV_DONE);
    for (int i = 0; i < OFF_GRID_COUNT; i++) {
        assert_true(nav_field_cost(&f, off[i]) == UINT64_MAX);
        assert_false(nav_field_next(&f, off[i], &to));
        assert_true(nav_field_distance(&f, off[i]) < 0);
    }
    assert_true(nav_pos_eq(to, nav_pos(7, 7))); /* untouched */
    assert_false(nav_field_next(&f, nav_pos(0, 0), &to)); /* at the goal */
    assert_true(nav_field_next(&f, nav_pos(5, 3), &to));
    assert_int_equal(nav_field_copy(&copy, &f), NAV_DONE);
    assert_true(nav_field_cost(&copy, nav_pos(5, 3)) == nav_field_cost(&f, nav_pos(5, 3)));
    assert_true(nav_field_bytes(&copy) == nav_field_bytes(&f) && nav_field_bytes(&f) > 0);
    nav_field_deinit(&copy);
    nav_field_deinit(&f);
    nav_field_deinit(&f);
    /* bounded: a goal off the grid, another grid, the bounds at their limits */
    assert_int_equal(nav_field_init_bounded(&f, 6, 4, NAV_TOPO_4), NAV_DONE);
    for (int i = 0; i < OFF_GRID_COUNT; i++)
        assert_int_equal(nav_field_update(&f, &g, off[i], UINT64_MAX), NAV_INVALID);
    assert_int_equal(nav_field_update(&f, &other, nav_pos(0, 0), UINT64_MAX), NAV_INVALID);
    assert_int_equal(nav_field_update(&f, &z, nav_pos(0, 0), UINT64_MAX), NAV_INVALID);
    assert_true(nav_field_cost(&f, nav_pos(0, 0)) == UINT64_MAX); /* nothing known after a refusal */
    assert_int_equal(nav_field_update(&f, &g, nav_pos(0, 0), 0), NAV_DONE);
    assert_true(nav_field_cost(&f, nav_pos(0, 0)) == 0);
    assert_true(nav_field_cost(&f, nav_pos(1, 0)) == UINT64_MAX);
    assert_int_equal(nav_field_update(&f, &g, nav_pos(0, 0), UINT64_MAX), NAV_DONE);
    assert_true(nav_field_cost(&f, nav_pos(5, 0)) != UINT64_MAX);
    nav_field_deinit(&f);
    nav_grid_deinit(&other);
    nav_grid_deinit(&g);
}

static void test_field_update_whole_field(void **state)
{
    (void)state;
    NavGrid g;
    floor_grid(&g, 5, 5, -1);
    NavField f;
    assert_int_equal(nav_field_init(&f, &g, nav_pos(0, 0), NAV_TOPO_8), NAV_DONE);
    assert_int_equal(nav_field_update(&f, &g, nav_pos(4, 4), UINT64_MAX), NAV_INVALID); /* not a bounded field */
    assert_true(nav_field_cost(&f, nav_pos(0, 0)) == 0); /* as it was */
    assert_true(nav_field_cost(&f, nav_pos(4, 4)) == 4 * NAV_UNIT_DIAGONAL);
    nav_field_deinit(&f);
    nav_grid_deinit(&g);
}

static void test_field_bounded_sizes(void **state)
{
    (void)state;
    for (int i = 0; i < BAD_SIDES; i++) {
        NavField f;
        assert_int_equal(nav_field_init_bounded(&f, bad_sides[i][0], bad_sides[i][1], NAV_TOPO_8), NAV_INVALID);
        assert_null(f.cost);
        nav_field_deinit(&f);
    }
}

static void test_field_copy_onto_itself(void **state)
{
    (void)state;
    NavGrid g;
    floor_grid(&g, 5, 4, 2);
    NavField f;
    assert_int_equal(nav_field_init_bounded(&f, 5, 4, NAV_TOPO_8), NAV_DONE);
    assert_int_equal(nav_field_update(&f, &g, nav_pos(4, 3), UINT64_MAX), NAV_DONE);
    uint64_t c = nav_field_cost(&f, nav_pos(0, 0));
    assert_true(c != UINT64_MAX);
    assert_int_equal(nav_field_copy(&f, &f), NAV_DONE);
    assert_true(nav_field_cost(&f, nav_pos(0, 0)) == c);
    nav_field_deinit(&f);
    nav_grid_deinit(&g);
}

/* ---- region.h ---------------------------------------------------------------- */

static void test_region_hostile(void **state)
{
    (void)state;
    NavGrid g, z = {0};
    floor_grid(&g, 6, 4, 2);
    NavRegion r, zr = {0};
    /* a zeroed grid: no tiles, no regions */
    assert_int_equal(nav_region_init(&r, &z), NAV_DONE);
    assert_int_equal(r.count, 0);
    assert_int_equal(nav_region_of(&r, 0, 0), 0);
    nav_region_deinit(&r);
    /* a zeroed region */
    NavPos at = nav_pos(9, 9);
    assert_int_equal(nav_region_of(&zr, 0, 0), 0);
    assert_false(nav_region_nearest(&zr, 1, nav_pos(0, 0), &at));
    NavRegion copy = {0};
    assert_int_equal(nav_region_copy(&copy, &zr), NAV_DONE);
    assert_null(copy.label);
    nav_region_deinit(&zr);
    nav_region_deinit(&zr);
    /* labels asked for off the grid and of labels that are not */
    assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
    assert_int_equal(r.count, 1);
    NavPos off[] = OFF_GRID(6, 4);
    for (int i = 0; i < OFF_GRID_COUNT; i++)
        assert_int_equal(nav_region_of(&r, off[i].x, off[i].y), 0);
    assert_false(nav_region_nearest(&r, 0, nav_pos(0, 0), &at));
    assert_false(nav_region_nearest(&r, 2, nav_pos(0, 0), &at));
    assert_false(nav_region_nearest(&r, UINT32_MAX, nav_pos(0, 0), &at));
    assert_true(nav_pos_eq(at, nav_pos(9, 9))); /* untouched */
    assert_int_equal(nav_region_copy(&copy, &r), NAV_DONE);
    assert_int_equal(nav_region_copy(&copy, &copy), NAV_DONE);
    assert_int_equal(nav_region_of(&copy, 5, 3), 1);
    assert_int_equal(nav_region_copy(&copy, &zr), NAV_DONE); /* zeroed onto labels */
    assert_int_equal(nav_region_of(&copy, 5, 3), 0);
    nav_region_deinit(&copy);
    nav_region_deinit(&r);
    /* a build of steps of every size */
    NavRegionBuild b;
    nav_region_begin(&b, &g);
    assert_true(nav_region_build_progress(&b) == 0.0);
    assert_int_equal(nav_region_build_step(&b, LONG_MIN), NAV_IN_PROGRESS);
    assert_int_equal(nav_region_build_finish(&b, &r), NAV_IN_PROGRESS); /* not done: out zeroed */
    assert_null(r.label);
    assert_int_equal(nav_region_build_step(&b, LONG_MAX), NAV_DONE);
    assert_true(nav_region_build_progress(&b) == 1.0);
    assert_int_equal(nav_region_build_finish(&b, &r), NAV_DONE);
    assert_int_equal(r.count, 1);
    nav_region_deinit(&r);
    nav_region_build_free(&b);
    nav_region_build_free(&b);
    nav_grid_deinit(&g);
}

static void test_region_step_after_finish(void **state)
{
    (void)state;
    NavGrid g;
    floor_grid(&g, 6, 4, 2);
    NavRegionBuild b;
    NavRegion r;
    nav_region_begin(&b, &g);
    assert_int_equal(nav_region_build_step(&b, LONG_MAX), NAV_DONE);
    assert_int_equal(nav_region_build_step(&b, 1), NAV_DONE); /* done: said again */
    assert_int_equal(nav_region_build_finish(&b, &r), NAV_DONE);
    /* finished, the build is freed: no labelling is under way */
    assert_int_equal(nav_region_build_step(&b, 1), NAV_INVALID);
    assert_int_equal(nav_region_build_step(&b, LONG_MAX), NAV_INVALID);
    NavRegion again;
    assert_int_equal(nav_region_build_finish(&b, &again), NAV_INVALID);
    assert_null(again.label);
    assert_true(nav_region_build_progress(&b) == 0.0);
    nav_region_build_free(&b);
    assert_int_equal(nav_region_build_step(&b, 1), NAV_INVALID); /* freed */
    NavRegionBuild zb = {0};
    assert_int_equal(nav_region_build_step(&zb, 1), NAV_INVALID); /* zeroed */
    assert_int_equal(nav_region_build_finish(&zb, &again), NAV_INVALID);
    nav_region_build_free(&zb);
    assert_int_equal(r.count, 1);
    nav_region_deinit(&r);
    nav_grid_deinit(&g);
}

/* The nearest tile by octile distance, ties to the lower row, then column,
 * by a plain scan in 64 bits: an octile distance is hi S + lo (D - S) (hi,
 * lo: the larger and smaller of |dx|, |dy|), and two tiles' hi and lo
 * differ by less than the grid's side, so their difference is exact. */
static bool nearest_by_scan(const NavRegion *r, uint32_t label, NavPos goal, NavPos *out)
{
    bool found = false;
    int64_t best_hi = 0, best_lo = 0;
    const int64_t e = (int64_t)(NAV_UNIT_DIAGONAL - NAV_UNIT_STRAIGHT);
    for (int y = 0; y < r->h; y++)
        for (int x = 0; x < r->w; x++) {
            if (nav_region_of(r, x, y) != label)
                continue;
            int64_t dx = llabs((long long)x - goal.x), dy = llabs((long long)y - goal.y);
            int64_t hi = dx > dy ? dx : dy, lo = dx > dy ? dy : dx;
            if (found && (hi - best_hi) * (int64_t)NAV_UNIT_STRAIGHT + (lo - best_lo) * e >= 0)
                continue;
            found = true;
            best_hi = hi;
            best_lo = lo;
            *out = nav_pos(x, y);
        }
    return found;
}

static void test_region_nearest_far_goals(void **state)
{
    (void)state;
    /* two regions: a wall down column 3 with a gap at the bottom would join
     * them, so the wall goes all the way */
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, 7, 5), NAV_DONE);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 7; x++)
            nav_grid_set(&g, x, y, x == 3 || (x == 5 && y == 2) ? 0 : 1);
    NavRegion r;
    assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
    assert_int_equal(r.count, 2);
    static const int coord[] = {INT_MIN, INT_MIN + 1, -1000000, -13, -12, -5, -1, 0,      2,
                                3,       5,           6,        7,   8,   11, 12, 1000000, INT_MAX - 1, INT_MAX};
    enum { N = sizeof coord / sizeof coord[0] };
    for (uint32_t label = 1; label <= 2; label++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                NavPos goal = nav_pos(coord[i], coord[j]), got = nav_pos(-7, -7), want = nav_pos(-9, -9);
                assert_true(nearest_by_scan(&r, label, goal, &want));
                if (!nav_region_nearest(&r, label, goal, &got))
                    fail_msg("no tile of region %u found near %d,%d", label, goal.x, goal.y);
                if (!nav_pos_eq(got, want))
                    fail_msg("region %u near %d,%d: %d,%d, the scan %d,%d", label, goal.x, goal.y, got.x, got.y,
                             want.x, want.y);
            }
    nav_region_deinit(&r);
    nav_grid_deinit(&g);
}

/* ---- movingai.h, diag.h -------------------------------------------------------- */

static void test_movingai_null_diags(void **state)
{
    (void)state;
    NavGrid g;
    NavScenario s;
    static const char bm[] = "type octile\nheight 4294967297\nwidth 2\nmap\n..\n";
    static const char bs[] = "version 1\n0 a.map 2 2 0 0 5 5 1\n";
    static const char gm[] = "type octile\nheight 1\nwidth 2\nmap\n..\n";
    static const char gs[] = "version 1\n0 a.map 2 1 0 0 1 0 1\n";
    char *bad_map = test_write_temp(bm, strlen(bm)), *bad_scen = test_write_temp(bs, strlen(bs));
    char *good_map = test_write_temp(gm, strlen(gm)), *good_scen = test_write_temp(gs, strlen(gs));
    /* NULL diagnostics: the same statuses, no messages kept */
    assert_int_equal(nav_movingai_load_map(bad_map, &g, NULL), NAV_INVALID);
    assert_int_equal(nav_movingai_load_map("/nonexistent/isodroid/x.map", &g, NULL), NAV_INVALID);
    assert_int_equal(nav_movingai_load_scen(bad_scen, &s, NULL), NAV_INVALID);
    assert_null(s.q);
    assert_int_equal(nav_movingai_load_scen("/nonexistent/isodroid/x.scen", &s, NULL), NAV_INVALID);
    FILE *f = fopen(bad_map, "rb");
    assert_int_equal(nav_movingai_read_map(f, "bad.map", &g, NULL), NAV_INVALID);
    fclose(f);
    f = fopen(bad_scen, "rb");
    assert_int_equal(nav_movingai_read_scen(f, "bad.scen", &s, NULL), NAV_INVALID);
    fclose(f);
    assert_int_equal(nav_movingai_load_map(good_map, &g, NULL), NAV_DONE);
    assert_int_equal(nav_grid_count_walkable(&g), 2);
    nav_grid_deinit(&g);
    assert_int_equal(nav_movingai_load_scen(good_scen, &s, NULL), NAV_DONE);
    assert_int_equal(s.count, 1);
    nav_movingai_scen_free(&s);
    /* NULL names and streams are refused, with a message */
    NavDiags d;
    nav_diag_clear(&d);
    assert_int_equal(nav_movingai_load_map(NULL, &g, &d), NAV_INVALID);
    assert_int_equal(nav_movingai_load_scen(NULL, &s, &d), NAV_INVALID);
    assert_int_equal(nav_movingai_read_map(NULL, "x.map", &g, &d), NAV_INVALID);
    assert_int_equal(nav_movingai_read_scen(NULL, "x.scen", &s, &d), NAV_INVALID);
    assert_int_equal(nav_diag_total(&d), 4);
    assert_int_equal(nav_movingai_read_map(NULL, NULL, &g, NULL), NAV_INVALID);
    nav_diag_clear(&d);
    f = fopen(bad_map, "rb");
    assert_int_equal(nav_movingai_read_map(f, NULL, &g, &d), NAV_INVALID); /* a stream without a name */
    fclose(f);
    assert_int_equal(nav_diag_total(&d), 1);
    assert_non_null(strstr(d.msg[0], "(stream):2:8: height"));
    unlink(bad_map);
    unlink(bad_scen);
    unlink(good_map);
    unlink(good_scen);
    free(bad_map);
    free(bad_scen);
    free(good_map);
    free(good_scen);
}

static void test_movingai_and_diag_hostile(void **state)
{
    (void)state;
    for (int c = CHAR_MIN; c <= CHAR_MAX; c++) {
        uint8_t cost = nav_movingai_tile_cost((char)c);
        assert_true(cost == 0 || cost == 1 || cost == NAV_MOVINGAI_ROUGH_COST || cost == NAV_MOVINGAI_DOOR_COST);
    }
    NavScenQuery zq = {0};
    assert_true(nav_movingai_length_matches(&zq, 0.0));
    assert_false(nav_movingai_length_matches(&zq, 1.0));
    assert_false(nav_movingai_length_matches(&zq, NAN));
    assert_false(nav_movingai_length_matches(&zq, INFINITY));
    assert_false(nav_movingai_length_matches(&zq, -INFINITY));
    NavScenario zs = {0};
    nav_movingai_scen_free(&zs);
    nav_movingai_scen_free(&zs);
    /* a folder is no map */
    NavDiags d;
    nav_diag_clear(&d);
    NavGrid g;
    assert_int_equal(nav_movingai_load_map("/", &g, &d), NAV_INVALID);
    assert_int_equal(nav_diag_total(&d), 1);
    /* diagnostics: NULL keeps nothing; line and column at the limits; past the most kept */
    nav_diag_add(NULL, "x", 1, 1, "nothing %d", 1);
    nav_diag_clear(NULL);
    assert_int_equal(nav_diag_total(NULL), 0);
    NavDiags zd = {0};
    assert_int_equal(nav_diag_total(&zd), 0);
    nav_diag_add(&zd, "f", INT_MAX, INT_MAX, "big");
    nav_diag_add(&zd, "f", INT_MIN, INT_MIN, "small");
    nav_diag_add(&zd, "f", 1, INT_MIN, "line only");
    assert_string_equal(zd.msg[0], "f:2147483647:2147483647: big");
    assert_string_equal(zd.msg[1], "f: small");
    assert_string_equal(zd.msg[2], "f:1: line only");
    char name[2 * NAV_DIAG_LEN];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    nav_diag_add(&zd, name, 1, 1, "cut"); /* cut to the line's room */
    assert_int_equal((int)strlen(zd.msg[3]), NAV_DIAG_LEN - 1);
    for (int i = 0; i < 2 * NAV_DIAG_MAX; i++)
        nav_diag_add(&zd, "f", 0, 0, "%d", i);
    assert_int_equal(zd.count, NAV_DIAG_MAX);
    assert_int_equal(nav_diag_total(&zd), 4 + 2 * NAV_DIAG_MAX);
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_sizes_and_zeroed),
        cmocka_unit_test(test_grid_copy_zeroed),
        cmocka_unit_test(test_grid_can_step_int_limits),
        cmocka_unit_test(test_units_int_limits),
        cmocka_unit_test(test_jumps_hostile),
        cmocka_unit_test(test_path_can_step_int_limits),
        cmocka_unit_test(test_path_sizes_and_ends),
        cmocka_unit_test(test_path_step_before_begin),
        cmocka_unit_test(test_path_copy_search_other_size),
        cmocka_unit_test(test_path_copy_search_onto_itself),
        cmocka_unit_test(test_path_copy_tiles_hostile),
        cmocka_unit_test(test_unknown_options),
        cmocka_unit_test(test_route_hostile),
        cmocka_unit_test(test_route_find_off_grid),
        cmocka_unit_test(test_route_tile_out_of_range),
        cmocka_unit_test(test_field_hostile),
        cmocka_unit_test(test_field_update_whole_field),
        cmocka_unit_test(test_field_bounded_sizes),
        cmocka_unit_test(test_field_copy_onto_itself),
        cmocka_unit_test(test_region_hostile),
        cmocka_unit_test(test_region_step_after_finish),
        cmocka_unit_test(test_region_nearest_far_goals),
        cmocka_unit_test(test_movingai_null_diags),
        cmocka_unit_test(test_movingai_and_diag_hostile),
    };
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    return cmocka_run_group_tests_name("hostile", tests, NULL, NULL);
}
