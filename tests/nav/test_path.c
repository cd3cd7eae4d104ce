/* SPDX-License-Identifier: MIT */
/* test_path.c - the pathfinder against the brute-force reference on random
 * grids for every topology and option, plus corner cutting, natural paths,
 * incremental search, nearest reachable tile and limits. */
#include "testlib.h"

#include <math.h>

#include <limits.h>

#include "hier.h"
#include "prepared.h"
#include "query.h"
#include "route.h"

/* landmarks > 0: nav_prepared_make places that many on each grid first. */
static void against_brute_force(NavTopology topo, NavAlgo algo, int max_cost, int landmarks, uint64_t seed)
{
    int checked = 0, unreachable = 0;
    for (int round = 0; round < 150; round++) {
        int w = 1 + (int)(test_rand(&seed) % 22), h = 1 + (int)(test_rand(&seed) % 22);
        int walls = (int)(test_rand(&seed) % 45);
        NavGrid g;
        test_random_grid(&g, w, h, walls, max_cost, &seed);
        NavQuery *st = nav_query_create(w, h);
        NavPrepared *pd = nav_prepared_create(w, h);
        assert_non_null(st);
        NavQueryOptions opt = nav_query_options_default();
        opt.prepared = pd;
        opt.topology = topo;
        opt.algo = algo;
        opt.landmarks = landmarks;
        if (landmarks > 0) {
            assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
            assert_true(nav_prepared_landmark_bytes(pd) > 0);
        }
        for (int q = 0; q < 6; q++) {
            NavPos s = nav_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
            NavPos t = nav_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
            double want = test_brute_force(&g, s, t, topo);
            NavStatus got = nav_query_find(st, &g, s, t, &opt, NULL);
            if (want < 0) {
                if (got != NAV_NO_PATH)
                    fail_msg("%dx%d %d,%d->%d,%d: found a path the reference says does not exist", w, h, s.x,
                             s.y, t.x, t.y);
                unreachable++;
                continue;
            }
            if (got != NAV_DONE)
                fail_msg("%dx%d %d,%d->%d,%d: no path, reference %.6f", w, h, s.x, s.y, t.x, t.y, want);
            double len = test_check_walk(st, &g, topo);
            if (fabs(len - want) > 1e-9)
                fail_msg("%dx%d seed round %d %d,%d->%d,%d: length %.9f, reference %.9f", w, h, round, s.x, s.y,
                         t.x, t.y, len, want);
            checked++;
        }
        nav_query_destroy(st);
        nav_prepared_destroy(pd);
        nav_grid_deinit(&g);
    }
    assert_true(checked > 300);
    assert_true(unreachable > 10);
}

static void test_astar8_costs(void **state)
{
    (void)state;
    against_brute_force(NAV_TOPO_8, NAV_ASTAR, 5, 0, 1);
}
static void test_astar8_uniform(void **state)
{
    (void)state;
    against_brute_force(NAV_TOPO_8, NAV_ASTAR, 1, 0, 2);
}
static void test_jps_uniform(void **state)
{
    (void)state;
    against_brute_force(NAV_TOPO_8, NAV_JPS, 1, 0, 3);
}
static void test_jps_landmarks(void **state)
{
    (void)state;
    against_brute_force(NAV_TOPO_8, NAV_JPS, 1, 3, 5); /* many grids have several regions */
}
/* A wall between start and goal, open only at its far end, with scattered
 * rocks on the start's side: the octile distance sends the search through
 * all of that side first, the landmarks do not. */
static void test_landmarks_guide(void **state)
{
    (void)state;
    enum { W = 31, H = 31 };
    uint64_t seed = 17;
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, W, H), NAV_DONE);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if ((x != 15 || y == H - 1) && (x > 15 || y == 0 || test_rand(&seed) % 100 >= 20))
                nav_grid_set(&g, x, y, 1);
    NavQuery *st = nav_query_create(W, H);
    NavPrepared *pd = nav_prepared_create(W, H);
    NavQueryOptions opt = nav_query_options_default();
    opt.prepared = pd;
    opt.algo = NAV_JPS;
    opt.landmarks = 2;
    NavQueryResult plain, guided;
    NavPos s = nav_pos(14, 0), t = nav_pos(16, 0);
    assert_int_equal(nav_query_find(st, &g, s, t, &opt, &plain), NAV_DONE); /* not prepared: none yet */
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    assert_int_equal(nav_query_find(st, &g, s, t, &opt, &guided), NAV_DONE);
    assert_true(fabs(plain.length - guided.length) < 1e-9);
    assert_true(fabs(guided.length - test_brute_force(&g, s, t, NAV_TOPO_8)) < 1e-9);
    print_message("expanded %ld without landmarks, %ld with\n", plain.expanded, guided.expanded);
    assert_true(guided.expanded * 3 < plain.expanded);
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);
}

/* One search state kept across tile edits and across grids made at the same
 * address: JPS must never use a jump table or landmarks built for another
 * map (landmarks are placed only now and then, so most searches meet an
 * out-of-date table; one read would overestimate where an edit opened a
 * shortcut). */
static void test_jps_after_edits(void **state)
{
    (void)state;
    uint64_t seed = 11;
    enum { W = 20, H = 16 };
    NavQuery *st = nav_query_create(W, H);
    NavPrepared *pd = nav_prepared_create(W, H);
    assert_non_null(st);
    NavQueryOptions opt = nav_query_options_default();
    opt.prepared = pd;
    opt.algo = NAV_JPS;
    opt.landmarks = 2;
    int checked = 0;
    {
        /* nav_prepared_make makes the table only for searches that run JPS */
        NavGrid g, other;
        test_random_grid(&g, W, H, 30, 1, &seed);
        assert_int_equal(nav_grid_init(&other, W + 1, H), NAV_DONE);
        assert_int_equal(nav_prepared_make(pd, &g, NULL), NAV_DONE);
        assert_int_equal(nav_prepared_jump_bytes(pd), 0);
        assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
        assert_true(nav_prepared_jump_bytes(pd) >= (size_t)W * H * 16);
        assert_true(nav_prepared_landmark_bytes(pd) >= (size_t)W * H * 16);
        assert_int_equal(nav_prepared_make(pd, &other, &opt), NAV_INVALID);
        nav_grid_deinit(&other);
        nav_grid_deinit(&g);
    }
    for (int map = 0; map < 8; map++) {
        NavGrid g; /* same variable, so usually the same address, every map */
        test_random_grid(&g, W, H, 30, 1, &seed);
        for (int round = 0; round < 25; round++) {
            for (int e = 0; e < 6; e++) {
                int x = (int)(test_rand(&seed) % W), y = (int)(test_rand(&seed) % H);
                nav_grid_set(&g, x, y, nav_grid_walkable(&g, x, y) ? 0 : 1);
            }
            if (round % 3 == 0)
                assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
            for (int q = 0; q < 8; q++) {
                NavPos s = nav_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H));
                NavPos t = nav_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H));
                double want = test_brute_force(&g, s, t, NAV_TOPO_8);
                NavQueryResult r;
                NavStatus got = nav_query_find(st, &g, s, t, &opt, &r);
                if (want < 0) {
                    assert_int_equal(got, NAV_NO_PATH);
                    continue;
                }
                assert_int_equal(got, NAV_DONE);
                /* JPS on the data made this round; after an edit it is
                 * stale, and the query does without it */
                assert_int_equal(r.planner, round % 3 == 0 ? NAV_PLANNER_JPS : NAV_PLANNER_ASTAR);
                if (fabs(test_check_walk(st, &g, NAV_TOPO_8) - want) > 1e-9)
                    fail_msg("map %d round %d %d,%d->%d,%d: length %.9f, reference %.9f", map, round, s.x, s.y,
                             t.x, t.y, r.length, want);
                checked++;
            }
        }
        nav_grid_deinit(&g);
    }
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    print_message("%d JPS queries checked\n", checked);
    assert_true(checked > 250);
}
static void test_jps_weighted_tiles(void **state)
{
    (void)state;
    against_brute_force(NAV_TOPO_8, NAV_JPS, 5, 0, 4); /* every tile its own cost: edges everywhere */
}
static void test_astar4(void **state)
{
    (void)state;
    against_brute_force(NAV_TOPO_4, NAV_ASTAR, 5, 0, 5);
}
static void test_hex(void **state)
{
    (void)state;
    against_brute_force(NAV_TOPO_HEX, NAV_ASTAR, 5, 0, 6);
}

static NavGrid grid_from(const char *rows[], int h)
{
    NavGrid g;
    int w = (int)strlen(rows[0]);
    assert_int_equal(nav_grid_init(&g, w, h), NAV_DONE);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            nav_grid_set(&g, x, y, rows[y][x] == '#' ? 0 : rows[y][x] == ',' ? 3 : 1);
    return g;
}

static void test_no_corner_cutting(void **state)
{
    (void)state;
    /* a diagonal squeeze between two walls is not allowed */
    const char *rows[] = {
        ".#",
        "#.",
    };
    NavGrid g = grid_from(rows, 2);
    NavQuery *st = nav_query_create(2, 2);
    for (int algo = 0; algo < 2; algo++) {
        NavQueryOptions opt = nav_query_options_default();
        opt.algo = (NavAlgo)algo;
        assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(1, 1), &opt, NULL), NAV_NO_PATH);
    }
    nav_query_destroy(st);
    nav_grid_deinit(&g);

    /* one wall at a corner forces the way round it: 2 straight steps, not 1 diagonal */
    const char *rows2[] = {
        "..",
        "#.",
    };
    g = grid_from(rows2, 2);
    st = nav_query_create(2, 2);
    for (int algo = 0; algo < 2; algo++) {
        NavQueryOptions opt = nav_query_options_default();
        opt.algo = (NavAlgo)algo;
        NavQueryResult r;
        assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(1, 1), &opt, &r), NAV_DONE);
        assert_int_equal(r.steps, 2);
        assert_true(fabs(r.length - 2.0) < 1e-12);
        assert_int_equal(nav_query_tile(st, 0).x, 1);
        assert_int_equal(nav_query_tile(st, 0).y, 0);
    }
    nav_query_destroy(st);
    nav_grid_deinit(&g);
}

static int turns(const NavQuery *st)
{
    const NavQueryResult *r = nav_query_result(st);
    NavPos prev = r->start;
    int last_dx = 9, last_dy = 9, n = 0;
    for (int i = 0; i < r->steps; i++) {
        NavPos t = nav_query_tile(st, i);
        int dx = t.x - prev.x, dy = t.y - prev.y;
        if (i > 0 && (dx != last_dx || dy != last_dy))
            n++;
        last_dx = dx;
        last_dy = dy;
        prev = t;
    }
    return n;
}

static void test_natural_paths(void **state)
{
    (void)state;
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, 30, 20), NAV_DONE);
    for (int y = 0; y < 20; y++)
        for (int x = 0; x < 30; x++)
            nav_grid_set(&g, x, y, 1);
    NavQuery *st = nav_query_create(30, 20);
    NavPrepared *pd = nav_prepared_create(30, 20);
    uint64_t seed = 7;
    static const char *names[3] = {"astar", "jps", "jps with landmarks"};
    for (int kind = 0; kind < 3; kind++) {
        NavQueryOptions opt = nav_query_options_default();
        opt.prepared = pd;
        opt.algo = kind ? NAV_JPS : NAV_ASTAR;
        opt.landmarks = kind == 2 ? 4 : 0;
        assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
        for (int q = 0; q < 300; q++) {
            NavPos s = nav_pos((int)(test_rand(&seed) % 30), (int)(test_rand(&seed) % 20));
            NavPos t = nav_pos((int)(test_rand(&seed) % 30), (int)(test_rand(&seed) % 20));
            assert_int_equal(nav_query_find(st, &g, s, t, &opt, NULL), NAV_DONE);
            if (turns(st) > 1)
                fail_msg("%s %d,%d -> %d,%d turns %d times", names[kind], s.x, s.y, t.x, t.y, turns(st));
        }
    }
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);
}

static void test_incremental(void **state)
{
    (void)state;
    uint64_t seed = 11;
    for (int round = 0; round < 60; round++) {
        NavGrid g;
        test_random_grid(&g, 40, 30, 30, round % 2 ? 5 : 1, &seed);
        NavQuery *one = nav_query_create(40, 30), *inc = nav_query_create(40, 30);
        NavPos s = nav_pos((int)(test_rand(&seed) % 40), (int)(test_rand(&seed) % 30));
        NavPos t = nav_pos((int)(test_rand(&seed) % 40), (int)(test_rand(&seed) % 30));
        NavQueryOptions opt = nav_query_options_default();
        opt.algo = round % 3 == 0 ? NAV_JPS : NAV_ASTAR;
        opt.nearest = round % 4 == 1;
        NavStatus want = nav_query_find(one, &g, s, t, &opt, NULL);
        long k = 1 + round % 9;
        nav_query_begin(inc, &g, s, t, &opt);
        NavStatus got;
        int calls = 0;
        while ((got = nav_query_step(inc, k)) == NAV_IN_PROGRESS)
            calls++;
        assert_int_equal(got, want);
        const NavQueryResult *a = nav_query_result(one), *b = nav_query_result(inc);
        assert_int_equal(a->steps, b->steps);
        assert_int_equal(a->expanded, b->expanded);
        assert_true(a->length == b->length);
        for (int i = 0; i < a->steps; i++) {
            assert_int_equal(nav_query_tile(one, i).x, nav_query_tile(inc, i).x);
            assert_int_equal(nav_query_tile(one, i).y, nav_query_tile(inc, i).y);
        }
        if (a->expanded > k)
            assert_true(calls >= (a->expanded - 1) / k);
        nav_query_destroy(one);
        nav_query_destroy(inc);
        nav_grid_deinit(&g);
    }
}

static long octile_units(NavPos a, NavPos b)
{
    long dx = labs((long)a.x - b.x), dy = labs((long)a.y - b.y);
    long lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return lo * 1414214L + (hi - lo) * 1000000L;
}

static void test_nearest(void **state)
{
    (void)state;
    uint64_t seed = 13;
    int cases = 0;
    for (int round = 0; round < 200; round++) {
        int w = 2 + (int)(test_rand(&seed) % 14), h = 2 + (int)(test_rand(&seed) % 14);
        NavGrid g;
        test_random_grid(&g, w, h, 40, 3, &seed);
        NavPos s = nav_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
        NavPos t = nav_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
        if (!nav_grid_walkable(&g, s.x, s.y) || test_brute_force(&g, s, t, NAV_TOPO_8) >= 0) {
            nav_grid_deinit(&g);
            continue;
        }
        /* the reference: nearest reachable by octile distance, then cost, then row, then column */
        NavPos best = s;
        double best_cost = 0;
        long best_d = octile_units(s, t);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                double c = test_brute_force(&g, s, nav_pos(x, y), NAV_TOPO_8);
                if (c < 0)
                    continue;
                long dd = octile_units(nav_pos(x, y), t);
                if (dd < best_d || (dd == best_d && c < best_cost - 1e-9)) {
                    best = nav_pos(x, y);
                    best_d = dd;
                    best_cost = c;
                }
            }
        NavQuery *st = nav_query_create(w, h);
        NavQueryOptions opt = nav_query_options_default();
        opt.nearest = true;
        NavQueryResult r;
        assert_int_equal(nav_query_find(st, &g, s, t, &opt, &r), NAV_PARTIAL);
        if (r.end.x != best.x || r.end.y != best.y)
            fail_msg("nearest to %d,%d from %d,%d: got %d,%d, want %d,%d", t.x, t.y, s.x, s.y, r.end.x, r.end.y,
                     best.x, best.y);
        assert_true(fabs(r.length - best_cost) < 1e-9);
        test_check_walk(st, &g, NAV_TOPO_8);
        /* the same question again, and again from the answer: the same answer */
        NavQueryResult r2;
        assert_int_equal(nav_query_find(st, &g, s, t, &opt, &r2), NAV_PARTIAL);
        assert_true(r2.end.x == r.end.x && r2.end.y == r.end.y);
        NavStatus again = nav_query_find(st, &g, r.end, t, &opt, &r2);
        assert_int_equal(again, NAV_PARTIAL);
        assert_true(r2.end.x == r.end.x && r2.end.y == r.end.y);
        assert_int_equal(r2.steps, 0);
        nav_query_destroy(st);
        nav_grid_deinit(&g);
        cases++;
    }
    assert_true(cases > 20);
}

static void test_bad_queries(void **state)
{
    (void)state;
    const char *rows[] = {"..#", "..."};
    NavGrid g = grid_from(rows, 2);
    NavQuery *st = nav_query_create(3, 2);
    NavQueryResult r;
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(3, 0), NULL, &r), NAV_INVALID);
    assert_string_equal(r.why, "goal outside the map");
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(0, 2), NULL, &r), NAV_INVALID);
    assert_string_equal(r.why, "goal outside the map");
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(-1, 0), NULL, &r), NAV_INVALID);
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(2, 0), NULL, &r), NAV_NO_PATH);
    assert_string_equal(r.why, "goal is blocked");
    assert_int_equal(nav_query_find(st, &g, nav_pos(2, 0), nav_pos(0, 0), NULL, &r), NAV_NO_PATH);
    assert_string_equal(r.why, "start is blocked");
    assert_int_equal(nav_query_find(st, &g, nav_pos(1, 1), nav_pos(1, 1), NULL, &r), NAV_DONE);
    assert_int_equal(r.steps, 0);
    assert_true(r.length == 0.0);
    /* nearest with a blocked goal walks next to it */
    NavQueryOptions opt = nav_query_options_default();
    opt.nearest = true;
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(2, 0), &opt, &r), NAV_PARTIAL);
    assert_int_equal(r.end.x, 1);
    assert_int_equal(r.end.y, 0); /* 1,0 and 2,1 are both 1 away; 1,0 is cheaper */
    NavGrid other;
    assert_int_equal(nav_grid_init(&other, 4, 4), NAV_DONE);
    assert_int_equal(nav_query_find(st, &other, nav_pos(0, 0), nav_pos(1, 1), NULL, &r), NAV_INVALID);
    nav_grid_deinit(&other);
    nav_query_destroy(st);
    nav_grid_deinit(&g);
}

/* nav_status_ok and nav_status_failed sort every status: ok is a result to
 * use, failed an error, and an answer (no path, a limit) or a sliced call
 * under way is neither. */
static void test_status_sorts(void **state)
{
    (void)state;
    for (int s = NAV_IN_PROGRESS; s <= NAV_GRID_CHANGED; s++) {
        bool ok = s == NAV_DONE || s == NAV_PARTIAL;
        bool failed = s == NAV_OUT_OF_MEMORY || s == NAV_INVALID || s == NAV_GRID_CHANGED;
        assert_int_equal(nav_status_ok((NavStatus)s), ok);
        assert_int_equal(nav_status_failed((NavStatus)s), failed);
    }
}

/* Every search entry (the search state for each algorithm, the prepared
 * planner and the hierarchy) answers the same input the same way: a tile
 * off the grid or a grid of another size is NAV_INVALID, a blocked end or a
 * goal cut off NAV_NO_PATH. */
static void test_bad_input_everywhere(void **state)
{
    (void)state;
    const char *rows[] = {"..#.", "..#."};
    NavGrid g = grid_from(rows, 2), other;
    assert_int_equal(nav_grid_init(&other, 5, 5), NAV_DONE);
    NavPos off[] = {{-1, 0}, {0, -1}, {4, 0}, {0, 2}, {INT_MIN, INT_MAX}};
    struct { NavPos a, b; NavStatus want; } cases[] = {
        {{0, 0}, {3, 0}, NAV_NO_PATH}, /* cut off */
        {{2, 0}, {0, 0}, NAV_NO_PATH}, /* start blocked */
        {{0, 0}, {2, 1}, NAV_NO_PATH}, /* goal blocked */
        {{0, 0}, {1, 1}, NAV_DONE},
    };
    NavQuery *st = nav_query_create(4, 2);
    NavRoute *rm = nav_route_create(4, 2);
    NavHier *hr = nav_hier_create(4, 2);
    assert_int_equal(nav_route_prepare(rm, &g, 0, 0), NAV_DONE);
    assert_int_equal(nav_hier_prepare(hr, &g, 0), NAV_DONE);
    for (int algo = NAV_ASTAR; algo <= NAV_ROUTE; algo++) {
        NavQueryOptions opt = nav_query_options_default();
        opt.algo = (NavAlgo)algo;
        for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
            assert_int_equal(nav_query_find(st, &g, off[i], nav_pos(0, 0), &opt, NULL), NAV_INVALID);
            assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), off[i], &opt, NULL), NAV_INVALID);
        }
        assert_int_equal(nav_query_find(st, &other, nav_pos(0, 0), nav_pos(1, 1), &opt, NULL), NAV_INVALID);
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
            assert_int_equal(nav_query_find(st, &g, cases[i].a, cases[i].b, &opt, NULL), cases[i].want);
    }
    NavRouteResult rr;
    NavHierResult hres;
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
        assert_int_equal(nav_route_find(rm, &g, off[i], nav_pos(0, 0), &rr), NAV_INVALID);
        assert_int_equal(nav_route_find(rm, &g, nav_pos(0, 0), off[i], &rr), NAV_INVALID);
        assert_int_equal(nav_hier_find(hr, &g, off[i], nav_pos(0, 0), &hres), NAV_INVALID);
        assert_int_equal(nav_hier_find(hr, &g, nav_pos(0, 0), off[i], &hres), NAV_INVALID);
    }
    assert_int_equal(nav_route_find(rm, &other, nav_pos(0, 0), nav_pos(1, 1), &rr), NAV_INVALID);
    assert_int_equal(nav_hier_find(hr, &other, nav_pos(0, 0), nav_pos(1, 1), &hres), NAV_INVALID);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(nav_route_find(rm, &g, cases[i].a, cases[i].b, &rr), cases[i].want);
        assert_int_equal(nav_hier_find(hr, &g, cases[i].a, cases[i].b, &hres), cases[i].want);
    }
    nav_hier_destroy(hr);
    nav_route_destroy(rm);
    nav_query_destroy(st);
    nav_grid_deinit(&other);
    nav_grid_deinit(&g);
}

/* The result names the planner that answered: A* and JPS as asked, and for
 * NAV_ROUTE the fastest prepared (A* before any preparation, the planner
 * for uniform costs once prepared, the hierarchy on a weighted grid); none
 * for a search refused. */
static void test_result_names_planner(void **state)
{
    (void)state;
    const char *rows[] = {"......", "..##..", "......"};
    NavGrid g = grid_from(rows, 3);
    NavQuery *st = nav_query_create(6, 3);
    NavPrepared *pd = nav_prepared_create(6, 3);
    NavQueryOptions opt = nav_query_options_default();
    opt.prepared = pd;
    NavQueryResult r;
    NavPos a = nav_pos(0, 1), b = nav_pos(5, 1);
    assert_int_equal(nav_query_find(st, &g, a, b, &opt, &r), NAV_DONE);
    assert_int_equal(r.planner, NAV_PLANNER_ASTAR);
    opt.algo = NAV_ROUTE; /* nothing prepared: A* */
    assert_int_equal(nav_query_find(st, &g, a, b, &opt, &r), NAV_DONE);
    assert_int_equal(r.planner, NAV_PLANNER_ASTAR);
    opt.algo = NAV_JPS; /* no jump table made: A* */
    assert_int_equal(nav_query_find(st, &g, a, b, &opt, &r), NAV_DONE);
    assert_int_equal(r.planner, NAV_PLANNER_ASTAR);
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    assert_int_equal(nav_query_find(st, &g, a, b, &opt, &r), NAV_DONE);
    assert_int_equal(r.planner, NAV_PLANNER_JPS);
    opt.nearest = true; /* JPS does not do nearest: A* */
    assert_int_equal(nav_query_find(st, &g, a, b, &opt, &r), NAV_DONE);
    assert_int_equal(r.planner, NAV_PLANNER_ASTAR);
    opt.nearest = false;
    opt.algo = NAV_ROUTE;
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    assert_int_equal(nav_query_find(st, &g, a, b, &opt, &r), NAV_DONE);
    assert_int_equal(r.planner, NAV_PLANNER_ROUTE);
    double uniform = r.length;
    nav_grid_set(&g, 0, 0, 3); /* weighted now */
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    assert_int_equal(nav_query_find(st, &g, a, b, &opt, &r), NAV_DONE);
    assert_int_equal(r.planner, NAV_PLANNER_HIER);
    assert_true(fabs(r.length - uniform) < 1e-9);
    assert_int_equal(nav_query_find(st, &g, nav_pos(-1, 0), b, &opt, &r), NAV_INVALID);
    assert_int_equal(r.planner, NAV_PLANNER_NONE);
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);
}

static void test_limits(void **state)
{
    (void)state;
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, 50, 50), NAV_DONE);
    for (int y = 0; y < 50; y++)
        for (int x = 0; x < 50; x++)
            nav_grid_set(&g, x, y, (x == 25 && y < 45) ? 0 : 1);
    NavQuery *st = nav_query_create(50, 50);
    NavQueryResult full, r;
    assert_int_equal(nav_query_find(st, &g, nav_pos(5, 5), nav_pos(45, 5), NULL, &full), NAV_DONE);
    NavQueryOptions opt = nav_query_options_default();
    opt.expansion_limit = 20;
    assert_int_equal(nav_query_find(st, &g, nav_pos(5, 5), nav_pos(45, 5), &opt, &r), NAV_LIMIT);
    assert_true(r.expanded <= 20);
    assert_int_equal(r.steps, 0);
    opt.nearest = true; /* with nearest: the best tile seen so far */
    assert_int_equal(nav_query_find(st, &g, nav_pos(5, 5), nav_pos(45, 5), &opt, &r), NAV_LIMIT);
    assert_true(r.steps > 0);
    test_check_walk(st, &g, NAV_TOPO_8);

    opt = nav_query_options_default();
    opt.cost_limit = full.length - 0.5;
    assert_int_equal(nav_query_find(st, &g, nav_pos(5, 5), nav_pos(45, 5), &opt, &r), NAV_LIMIT);
    assert_string_equal(r.why, "cost limit reached");
    opt.cost_limit = full.length + 1e-6;
    assert_int_equal(nav_query_find(st, &g, nav_pos(5, 5), nav_pos(45, 5), &opt, &r), NAV_DONE);
    assert_true(fabs(r.length - full.length) < 1e-12);
    opt.expansion_limit = full.expanded + 1;
    opt.cost_limit = 0;
    assert_int_equal(nav_query_find(st, &g, nav_pos(5, 5), nav_pos(45, 5), &opt, &r), NAV_DONE);
    /* a limit on an unreachable goal still stops early */
    nav_grid_set(&g, 45, 5, 0);
    opt = nav_query_options_default();
    opt.expansion_limit = 10;
    opt.nearest = false;
    nav_grid_set(&g, 45, 5, 1);
    for (int y = 0; y < 50; y++)
        nav_grid_set(&g, 25, y, 0);
    assert_int_equal(nav_query_find(st, &g, nav_pos(5, 5), nav_pos(45, 5), &opt, &r), NAV_LIMIT);
    assert_true(r.expanded <= 10);
    nav_query_destroy(st);
    nav_grid_deinit(&g);
}

static void test_state_size(void **state)
{
    (void)state;
    /* 16 bytes a tile (border included), a quarter of a byte for the list
     * of tags to clear, plus a fixed header */
    for (int side = 10; side <= 1000; side *= 10) {
        NavQuery *st = nav_query_create(side, side);
        size_t tiles = (size_t)(side + 2) * (size_t)(side + 2);
        assert_true(nav_query_bytes(st) <= 16 * tiles + tiles / 4 + 1024);
        assert_true(nav_query_bytes(st) >= 16 * (size_t)side * (size_t)side);
        nav_query_destroy(st);
    }
}

static void test_state_reuse(void **state)
{
    (void)state;
    /* many queries on one state (past the generation wrap) match fresh states */
    uint64_t seed = 17;
    NavGrid g;
    test_random_grid(&g, 30, 30, 25, 3, &seed);
    NavQuery *shared = nav_query_create(30, 30);
    for (int q = 0; q < 200; q++) {
        NavPos s = nav_pos((int)(test_rand(&seed) % 30), (int)(test_rand(&seed) % 30));
        NavPos t = nav_pos((int)(test_rand(&seed) % 30), (int)(test_rand(&seed) % 30));
        NavQuery *fresh = nav_query_create(30, 30);
        NavQueryResult a, b;
        assert_int_equal(nav_query_find(shared, &g, s, t, NULL, &a), nav_query_find(fresh, &g, s, t, NULL, &b));
        assert_true(a.length == b.length);
        assert_int_equal(a.expanded, b.expanded);
        nav_query_destroy(fresh);
    }
    nav_query_destroy(shared);
    nav_grid_deinit(&g);
}

/* Short searches on a big map: when the generations wrap (every 15
 * searches) only the tags they wrote are reset, never the whole map's; a
 * search over the whole map is followed by one whole clear, and the
 * answers stay those of fresh states throughout. */
static void test_clears_what_was_touched(void **state)
{
    (void)state;
    enum { SIDE = 1024 };
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, SIDE, SIDE), NAV_DONE);
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            nav_grid_set(&g, x, y, x == 500 && y > 0 ? 0 : 1); /* a wall with a gap at the top */
    NavQuery *st = nav_query_create(SIDE, SIDE), *fresh = nav_query_create(SIDE, SIDE);
    uint64_t seed = 5;
    for (int q = 0; q < 300; q++) {
        NavPos a = nav_pos(20 + (int)(test_rand(&seed) % 900), 20 + (int)(test_rand(&seed) % 900));
        NavPos b = nav_pos(a.x + (int)(test_rand(&seed) % 9) - 4, a.y + (int)(test_rand(&seed) % 9) - 4);
        if (a.x == 500 || b.x == 500)
            continue;
        NavQueryResult r;
        nav_query_find(st, &g, a, b, NULL, &r);
    }
    uint64_t cleared = nav_query_tags_cleared(st);
    assert_true(cleared > 0);              /* the generations wrapped */
    assert_true(cleared < 300 * 200);      /* a few dozen tiles a search; the map has a million */
    /* a search round the wall touches more tiles than a list holds: the
     * next wrap clears everything once */
    for (int q = 0; q < 16; q++) {
        NavPos a = nav_pos(490, 1000 - q), b = nav_pos(q ? 480 : 510, 1000 - q);
        NavQueryResult r1, r2;
        assert_int_equal(nav_query_find(st, &g, a, b, NULL, &r1), NAV_DONE);
        assert_int_equal(nav_query_find(fresh, &g, a, b, NULL, &r2), NAV_DONE);
        assert_true(r1.length == r2.length && r1.expanded == r2.expanded);
        if (q == 0)
            assert_true(r1.expanded > SIDE * SIDE / 16);
    }
    assert_true(nav_query_tags_cleared(st) >= cleared + (uint64_t)SIDE * SIDE);
    nav_query_destroy(st);
    nav_query_destroy(fresh);
    nav_grid_deinit(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_astar8_costs),   cmocka_unit_test(test_astar8_uniform),
        cmocka_unit_test(test_jps_uniform),    cmocka_unit_test(test_jps_weighted_tiles),
        cmocka_unit_test(test_jps_landmarks),  cmocka_unit_test(test_landmarks_guide),
        cmocka_unit_test(test_jps_after_edits),
        cmocka_unit_test(test_astar4),         cmocka_unit_test(test_hex),
        cmocka_unit_test(test_no_corner_cutting),
        cmocka_unit_test(test_natural_paths),  cmocka_unit_test(test_incremental),
        cmocka_unit_test(test_nearest),        cmocka_unit_test(test_bad_queries),
        cmocka_unit_test(test_status_sorts),   cmocka_unit_test(test_bad_input_everywhere),
        cmocka_unit_test(test_result_names_planner),
        cmocka_unit_test(test_limits),         cmocka_unit_test(test_state_reuse),
        cmocka_unit_test(test_state_size),    cmocka_unit_test(test_clears_what_was_touched),
    };
    return cmocka_run_group_tests_name("path", tests, NULL, NULL);
}
