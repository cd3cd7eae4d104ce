/* SPDX-License-Identifier: MIT */
/* test_route.c - the prepared planner (route.h, NAV_ROUTE): against the
 * brute-force reference on random grids, mazes (all trees) and mazes with
 * loops, mazes whose cores are corridors, a big open map, small open maps whose diagonals stop at almost
 * every tile; edits between searches while the data is remade in
 * slices; the shipped scenarios; what it falls back to; its memory budget. */
#include "testlib.h"

#include <math.h>

#include "movingai.h"
#include "route.h"

/* test_check_walk's walk, 8-way; and its tiles are the same asked for in
 * any order. */
static double check_walk(const NavQuery *st, const NavGrid *g)
{
    const NavQueryResult *r = nav_query_result(st);
    double len = test_check_walk(st, g, NAV_TOPO_8);
    /* the same tiles asked for backwards and by halves (the planner keeps
     * paths as runs and finds a tile's run) */
    NavPos *tiles = malloc(sizeof *tiles * (size_t)(r->steps + 1));
    for (int i = 0; i < r->steps; i++)
        tiles[i] = nav_query_tile(st, i);
    for (int i = r->steps - 1; i >= 0; i--) {
        int j = i % 2 ? i : r->steps - 1 - i;
        NavPos a = nav_query_tile(st, j), b = nav_query_tile(st, i / 2);
        assert_true(a.x == tiles[j].x && a.y == tiles[j].y);
        assert_true(b.x == tiles[i / 2].x && b.y == tiles[i / 2].y);
    }
    free(tiles);
    return len;
}

static NavQueryOptions route_options(int landmarks)
{
    NavQueryOptions o = nav_query_options_default();
    o.algo = NAV_ROUTE;
    o.landmarks = landmarks;
    return o;
}

/* q random queries on g against the reference; the planner must answer
 * them itself when route is set. Returns the paths checked. */
static int check_queries(NavQuery *st, const NavGrid *g, const NavQueryOptions *opt, int q, bool route, uint64_t *seed)
{
    int checked = 0;
    for (int i = 0; i < q; i++) {
        NavPos s = nav_pos((int)(test_rand(seed) % (uint32_t)g->w), (int)(test_rand(seed) % (uint32_t)g->h));
        NavPos t = nav_pos((int)(test_rand(seed) % (uint32_t)g->w), (int)(test_rand(seed) % (uint32_t)g->h));
        double want = test_brute_force(g, s, t, NAV_TOPO_8);
        NavQueryResult r;
        NavStatus got = nav_query_find(st, g, s, t, opt, &r);
        if (want < 0) {
            if (got != NAV_NO_PATH)
                fail_msg("%dx%d %d,%d->%d,%d: a path the reference says does not exist", g->w, g->h, s.x, s.y, t.x,
                         t.y);
            continue;
        }
        if (got != NAV_DONE)
            fail_msg("%dx%d %d,%d->%d,%d: no path, reference %.6f", g->w, g->h, s.x, s.y, t.x, t.y, want);
        if (route && !(r.planner >= NAV_PLANNER_ROUTE))
            fail_msg("%dx%d %d,%d->%d,%d: not answered by the planner", g->w, g->h, s.x, s.y, t.x, t.y);
        double len = check_walk(st, g);
        if (fabs(len - want) > 1e-9)
            fail_msg("%dx%d %d,%d->%d,%d: length %.9f, reference %.9f", g->w, g->h, s.x, s.y, t.x, t.y, len, want);
        checked++;
    }
    return checked;
}

static void test_random_grids(void **state)
{
    (void)state;
    uint64_t seed = 21;
    int checked = 0, scanned = 0;
    for (int round = 0; round < 240; round++) {
        int w = 1 + (int)(test_rand(&seed) % 24), h = 1 + (int)(test_rand(&seed) % 24);
        int walls = (int)(test_rand(&seed) % 60);
        int marks = (int)(test_rand(&seed) % 3) * 4; /* 0, 4, 8 */
        NavGrid g;
        test_random_grid(&g, w, h, walls, 1, &seed);
        NavQuery *st = nav_query_create(w, h);
        NavPrepared *pd = nav_prepared_create(w, h);
        assert_non_null(st);
        NavQueryOptions opt = route_options(marks);
        opt.prepared = pd;
        assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
        NavRouteInfo ri;
        nav_route_info(nav_prepared_route(pd), &ri);
        scanned += ri.scan; /* both kinds of search: diagonals followed through or not */
        checked += check_queries(st, &g, &opt, 6, true, &seed);
        nav_query_destroy(st);
        nav_prepared_destroy(pd);
        nav_grid_deinit(&g);
    }
    print_message("%d paths checked, %d of 240 grids with diagonals followed through\n", checked, scanned);
    assert_true(checked > 500);
    assert_true(scanned > 40 && scanned < 200);
}

/* A maze of corridors one tile wide on a (2n+1) x (2m+1) grid, carved by a
 * depth-first walk: every tile a tree tile. extra > 0 knocks out that many
 * more walls between cells, making loops (a core) with trees hanging off. */
static void make_maze(NavGrid *g, int n, int m, int extra, uint64_t *seed)
{
    test_maze(g, n, m, 1, seed);
    int w = g->w, h = g->h;
    for (int i = 0; i < extra; i++) {
        int x = 1 + (int)(test_rand(seed) % (uint32_t)(w - 2)), y = 1 + (int)(test_rand(seed) % (uint32_t)(h - 2));
        if ((x + y) % 2 == 1)
            nav_grid_set(g, x, y, 1); /* a wall between two cells */
    }
}

static void test_mazes(void **state)
{
    (void)state;
    uint64_t seed = 22;
    int checked = 0;
    for (int round = 0; round < 24; round++) {
        int n = 2 + (int)(test_rand(&seed) % 11), m = 2 + (int)(test_rand(&seed) % 11);
        int extra = round % 3 == 0 ? 0 : (int)(test_rand(&seed) % 12);
        NavGrid g;
        make_maze(&g, n, m, extra, &seed);
        NavQuery *st = nav_query_create(g.w, g.h);
        NavPrepared *pd = nav_prepared_create(g.w, g.h);
        NavQueryOptions opt = route_options(4);
        opt.prepared = pd;
        assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
        NavRouteInfo ri;
        nav_route_info(nav_prepared_route(pd), &ri);
        assert_int_equal(ri.core + ri.tree, ri.walkable);
        if (extra == 0) /* a perfect maze is one tree: nothing to search */
            assert_int_equal(ri.core, 0);
        checked += check_queries(st, &g, &opt, 40, true, &seed); /* a quarter of them between open tiles */
        nav_query_destroy(st);
        nav_prepared_destroy(pd);
        nav_grid_deinit(&g);
    }
    print_message("%d maze paths checked\n", checked);
    assert_true(checked > 150);
}

/* Mazes with loops enough that their cores are mostly corridors, which the
 * search follows to their ends: ends, starts and goals inside corridors,
 * corridors from a junction back to itself, parallel corridors between
 * the same two junctions; in half of them open squares with diagonal moves
 * beside the corridors. */
static void test_corridors(void **state)
{
    (void)state;
    uint64_t seed = 41;
    int checked = 0;
    for (int round = 0; round < 16; round++) {
        int n = 6 + (int)(test_rand(&seed) % 20), m = 6 + (int)(test_rand(&seed) % 20);
        NavGrid g;
        make_maze(&g, n, m, n * m / 4 + (int)(test_rand(&seed) % (uint32_t)(n * m / 2)), &seed);
        for (int i = round % 2 ? n * m / 12 : 0; i > 0; i--) /* any wall: open squares, diagonal moves */
            nav_grid_set(&g, 1 + (int)(test_rand(&seed) % (uint32_t)(g.w - 2)),
                         1 + (int)(test_rand(&seed) % (uint32_t)(g.h - 2)), 1);
        NavQuery *st = nav_query_create(g.w, g.h);
        NavPrepared *pd = nav_prepared_create(g.w, g.h);
        NavQueryOptions opt = route_options(round % 4 == 0 ? 0 : 4);
        opt.prepared = pd;
        assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
        NavRouteInfo ri;
        nav_route_info(nav_prepared_route(pd), &ri);
        assert_true(ri.corridors);
        assert_true(ri.corridor * 2 >= ri.core);
        checked += check_queries(st, &g, &opt, 120, true, &seed); /* a third between open tiles */
        nav_query_destroy(st);
        nav_prepared_destroy(pd);
        nav_grid_deinit(&g);
    }
    print_message("%d corridor paths checked\n", checked);
    assert_true(checked > 300);
}

/* In a perfect maze every answer is a walk through the tree, with no search. */
static void test_tree_walk(void **state)
{
    (void)state;
    uint64_t seed = 23;
    NavGrid g;
    make_maze(&g, 12, 9, 0, &seed);
    NavQuery *st = nav_query_create(g.w, g.h);
    NavPrepared *pd = nav_prepared_create(g.w, g.h);
    NavQueryOptions opt = route_options(8);
    opt.prepared = pd;
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    for (int q = 0; q < 40; q++) {
        NavPos s = nav_pos(1 + 2 * (int)(test_rand(&seed) % 12), 1 + 2 * (int)(test_rand(&seed) % 9));
        NavPos t = nav_pos(1 + 2 * (int)(test_rand(&seed) % 12), 1 + 2 * (int)(test_rand(&seed) % 9));
        NavQueryResult r;
        assert_int_equal(nav_query_find(st, &g, s, t, &opt, &r), NAV_DONE);
        assert_true(r.planner >= NAV_PLANNER_ROUTE);
        assert_int_equal(r.expanded, 0);
        assert_true(fabs(check_walk(st, &g) - test_brute_force(&g, s, t, NAV_TOPO_8)) < 1e-9);
    }
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);
}

/* One state kept across edits: after each batch of edits the data is made
 * again a slice at a time (as a game would, a slice a frame) while searches
 * run between the slices. Every answer is optimal; before the data is
 * current they come from the fallback, after it from the planner. Grids
 * made at the same address are told apart too. */
static void test_edits_between_searches(void **state)
{
    (void)state;
    uint64_t seed = 24;
    enum { W = 26, H = 19 };
    NavQuery *st = nav_query_create(W, H);
    NavPrepared *pd = nav_prepared_create(W, H);
    NavQueryOptions opt = route_options(3);
    opt.prepared = pd;
    int by_route = 0, by_fallback = 0, slices_most = 0;
    for (int map = 0; map < 5; map++) {
        NavGrid g; /* same variable, so usually the same address, every map */
        test_random_grid(&g, W, H, 25 + 5 * map, 1, &seed);
        for (int round = 0; round < 12; round++) {
            for (int e = 0; e < 4; e++) {
                int x = (int)(test_rand(&seed) % W), y = (int)(test_rand(&seed) % H);
                nav_grid_set(&g, x, y, nav_grid_walkable(&g, x, y) ? 0 : 1);
            }
            int slices = 0;
            bool done = false;
            while (!done) {
                done = nav_prepared_make_step(pd, &g, &opt, 150) == NAV_DONE;
                slices++;
                assert_true(slices < 1000);
                for (int q = 0; q < 2; q++) {
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
                    if (fabs(check_walk(st, &g) - want) > 1e-9)
                        fail_msg("map %d round %d slice %d %d,%d->%d,%d: length %.9f, reference %.9f", map, round,
                                 slices, s.x, s.y, t.x, t.y, r.length, want);
                    if (r.planner >= NAV_PLANNER_ROUTE)
                        by_route++;
                    else
                        by_fallback++;
                }
            }
            if (slices > slices_most)
                slices_most = slices;
            /* complete: the planner answers */
            check_queries(st, &g, &opt, 3, true, &seed);
        }
        nav_grid_deinit(&g);
    }
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    print_message("%d answers by the planner, %d by the fallback, up to %d slices\n", by_route, by_fallback,
                  slices_most);
    assert_true(by_fallback > 100);
    assert_true(by_route > 100);
    assert_true(slices_most > 5); /* 150 units is well under one preparation */
}

/* A search never prepares: unprepared, edited or unsuitable grids and
 * options go to JPS or A*, still optimal. */
static void test_fallbacks(void **state)
{
    (void)state;
    uint64_t seed = 25;
    NavGrid g;
    test_random_grid(&g, 20, 15, 25, 1, &seed);
    NavQuery *st = nav_query_create(20, 15);
    NavPrepared *pd = nav_prepared_create(20, 15);
    NavQueryOptions opt = route_options(2);
    opt.prepared = pd;
    check_queries(st, &g, &opt, 20, false, &seed); /* not prepared */
    assert_null(nav_prepared_route(pd));
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    check_queries(st, &g, &opt, 20, true, &seed);
    NavQueryOptions near = opt;
    near.nearest = true;
    NavQueryResult r;
    nav_query_find(st, &g, nav_pos(0, 0), nav_pos(19, 14), &near, &r);
    assert_false(r.planner >= NAV_PLANNER_ROUTE);
    /* an edit: not current until prepared again */
    int x = 3, y = 4;
    nav_grid_set(&g, x, y, nav_grid_walkable(&g, x, y) ? 0 : 1);
    check_queries(st, &g, &opt, 20, false, &seed);
    for (int i = 0; i < 30; i++) {
        NavPos s = nav_pos((int)(test_rand(&seed) % 20), (int)(test_rand(&seed) % 15));
        if (nav_grid_walkable(&g, s.x, s.y) && nav_query_find(st, &g, s, s, &opt, &r) == NAV_DONE)
            assert_false(r.planner >= NAV_PLANNER_ROUTE);
    }
    nav_grid_deinit(&g);
    /* costs that differ: the hierarchy (hier.h, test_hier.c) answers instead */
    test_random_grid(&g, 20, 15, 20, 4, &seed);
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    for (int i = 0; i < 30; i++) {
        NavPos s = nav_pos((int)(test_rand(&seed) % 20), (int)(test_rand(&seed) % 15));
        NavPos t = nav_pos((int)(test_rand(&seed) % 20), (int)(test_rand(&seed) % 15));
        double want = test_brute_force(&g, s, t, NAV_TOPO_8);
        if (nav_query_find(st, &g, s, t, &opt, &r) == NAV_DONE) {
            assert_int_equal(r.planner, NAV_PLANNER_HIER);
            assert_true(fabs(r.length - want) < 1e-9);
        } else {
            assert_true(want < 0);
        }
    }
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);
}

/* Every query of the shipped arena scenario, and of our own scenarios for
 * the maps without one when those maps are present. */
static void run_scenario(const char *map, const char *scen)
{
    NavDiags d;
    nav_diag_clear(&d);
    NavGrid g;
    NavScenario s;
    assert_int_equal(nav_movingai_load_map(map, &g, &d), NAV_DONE);
    assert_int_equal(nav_movingai_load_scen(scen, &s, &d), NAV_DONE);
    NavQuery *st = nav_query_create(g.w, g.h);
    NavPrepared *pd = nav_prepared_create(g.w, g.h);
    NavQueryOptions opt = route_options(8);
    opt.prepared = pd;
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    for (int i = 0; i < s.count; i++) {
        NavQueryResult r;
        assert_int_equal(nav_query_find(st, &g, s.q[i].start, s.q[i].goal, &opt, &r), NAV_DONE);
        assert_true(r.planner >= NAV_PLANNER_ROUTE);
        if (!nav_movingai_length_matches(&s.q[i], r.length))
            fail_msg("%s:%d: length %.8f, file %.8f", scen, s.q[i].line, r.length, s.q[i].optimal);
        check_walk(st, &g);
    }
    print_message("%s: %d queries optimal\n", map, s.count);
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_movingai_scen_free(&s);
    nav_grid_deinit(&g);
}

static void test_scenarios(void **state)
{
    (void)state;
    run_scenario("tests/data/movingai/arena.map", "tests/data/movingai/arena.map.scen");
    const char *dir = getenv("MOVINGAI_DIR") ? getenv("MOVINGAI_DIR") : "../shared/data/movingai";
    static const char *own[] = {"lak303d", "ost003d", "Berlin_0_256"};
    for (size_t i = 0; i < sizeof own / sizeof *own; i++) {
        char map[512], scen[512];
        snprintf(map, sizeof map, "%s/%s.map", dir, own[i]);
        snprintf(scen, sizeof scen, "tests/data/movingai/%s.map.scen", own[i]);
        if (access(map, R_OK) == 0)
            run_scenario(map, scen);
        else
            print_message("%s not present: skipped\n", map);
    }
}

/* Prepared data stays within 64 bytes a tile and NAV_ROUTE_BUDGET_BYTES: 8
 * landmarks on a 512x512 map, 1 on a 4096x4096 one (nothing is allocated
 * before preparing). */
/* splitmix64, as the generator of the maps below uses */
static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* An open 1024 x 1024 map with 5% of its tiles in blocks of 1 to 8 x 1 to
 * 8 (seed 301): one expansion there finds more successors than a batch
 * holds (a diagonal crossing many rows and columns whose straight jumps
 * stop, then two straight ones), and the batch must make room before every
 * one; a query that overran it before is among those checked. Against A*'s
 * lengths. */
static void test_open_map(void **state)
{
    (void)state;
    enum { S = 1024 };
    uint64_t seed = 301;
    NavGrid g;
    test_random_grid(&g, S, S, 0, 1, &seed);
    seed = 301;
    for (long blocked = 0; blocked < (long)S * S * 50 / 1000;) {
        int bw = 1 + (int)(splitmix(&seed) % 8), bh = 1 + (int)(splitmix(&seed) % 8);
        int x0 = (int)(splitmix(&seed) % S), y0 = (int)(splitmix(&seed) % S);
        for (int y = y0; y < y0 + bh && y < S; y++)
            for (int x = x0; x < x0 + bw && x < S; x++)
                if (nav_grid_walkable(&g, x, y)) {
                    nav_grid_set(&g, x, y, 0);
                    blocked++;
                }
    }
    NavQuery *st = nav_query_create(S, S), *ref = nav_query_create(S, S);
    NavPrepared *pd = nav_prepared_create(S, S);
    assert_non_null(st);
    assert_non_null(ref);
    NavQueryOptions opt = route_options(0);
    opt.prepared = pd;
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    int checked = 0;
    for (int q = 0; q < 40; q++) {
        NavPos a = nav_pos(378, 391), b = nav_pos(741, 635);
        if (q > 0) {
            a = nav_pos((int)(test_rand(&seed) % S), (int)(test_rand(&seed) % S));
            b = nav_pos((int)(test_rand(&seed) % S), (int)(test_rand(&seed) % S));
        }
        NavQueryResult want, got;
        NavStatus w = nav_query_find(ref, &g, a, b, NULL, &want);
        assert_int_equal(nav_query_find(st, &g, a, b, &opt, &got), w);
        if (w != NAV_DONE)
            continue;
        assert_true(got.planner >= NAV_PLANNER_ROUTE);
        assert_true(fabs(check_walk(st, &g) - want.length) < 1e-9);
        checked++;
    }
    assert_true(checked > 30);
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_query_destroy(ref);
    nav_grid_deinit(&g);
}

/* Open maps with single blocks scattered over 1.5% of their tiles: almost
 * every row and column has jump points, so a diagonal stops at almost every
 * tile, more often than the planner follows a diagonal's straight jumps
 * (route_query.c's ROUTE_SCAN_STOPS), and the stop after those must stay a
 * jump point of its own for paths to be optimal. Against A*'s lengths. */
static void test_long_diagonals(void **state)
{
    (void)state;
    enum { S = 128 };
    uint64_t seed = 7;
    int checked = 0;
    for (int map = 0; map < 5; map++) {
        NavGrid g;
        test_random_grid(&g, S, S, 0, 1, &seed);
        for (int i = 0; i < S * S * 15 / 1000; i++)
            nav_grid_set(&g, (int)(test_rand(&seed) % S), (int)(test_rand(&seed) % S), 0);
        NavQuery *st = nav_query_create(S, S), *ref = nav_query_create(S, S);
        NavPrepared *pd = nav_prepared_create(S, S);
        NavQueryOptions opt = route_options(0);
        opt.prepared = pd;
        assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
        NavRouteInfo ri;
        nav_route_info(nav_prepared_route(pd), &ri);
        assert_true(ri.scan);
        for (int q = 0; q < 60; q++) {
            NavPos a = nav_pos((int)(test_rand(&seed) % S), (int)(test_rand(&seed) % S));
            NavPos b = nav_pos((int)(test_rand(&seed) % S), (int)(test_rand(&seed) % S));
            NavQueryResult want, got;
            NavStatus w = nav_query_find(ref, &g, a, b, NULL, &want);
            assert_int_equal(nav_query_find(st, &g, a, b, &opt, &got), w);
            if (w != NAV_DONE)
                continue;
            assert_true(got.planner >= NAV_PLANNER_ROUTE);
            if (fabs(check_walk(st, &g) - want.length) > 1e-9)
                fail_msg("map %d %d,%d->%d,%d: length %.9f, A* %.9f", map, a.x, a.y, b.x, b.y, got.length,
                         want.length);
            checked++;
        }
        nav_query_destroy(st);
        nav_prepared_destroy(pd);
        nav_query_destroy(ref);
        nav_grid_deinit(&g);
    }
    print_message("%d paths checked\n", checked);
    assert_true(checked > 250);
}

static void test_budget(void **state)
{
    (void)state;
    NavRouteInfo ri;
    NavRoute *rm = nav_route_create(512, 512);
    nav_route_info(rm, &ri);
    assert_int_equal(ri.tile_bytes, 57);
    assert_int_equal(ri.bytes, 0);
    nav_route_destroy(rm);
    rm = nav_route_create(4096, 4096);
    nav_route_info(rm, &ri);
    assert_int_equal(ri.tile_bytes, 29);
    assert_true((size_t)ri.tile_bytes * 4096 * 4096 <= NAV_ROUTE_BUDGET_BYTES);
    nav_route_destroy(rm);
    nav_route_destroy(NULL);

    uint64_t seed = 26;
    NavGrid g;
    test_random_grid(&g, 40, 30, 30, 1, &seed);
    NavQuery *st = nav_query_create(40, 30);
    NavPrepared *pd = nav_prepared_create(40, 30);
    NavQueryOptions opt = route_options(8);
    opt.prepared = pd;
    assert_int_equal(nav_prepared_make(pd, &g, &opt), NAV_DONE);
    nav_route_info(nav_prepared_route(pd), &ri);
    assert_true(ri.ready && ri.complete);
    assert_int_equal(ri.landmarks, 8);
    assert_int_equal(ri.bytes, (size_t)57 * 40 * 30);
    assert_int_equal(ri.core + ri.tree, ri.walkable);
    assert_int_equal(ri.walkable, nav_grid_count_walkable(&g));
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    nav_grid_deinit(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_grids),   cmocka_unit_test(test_mazes),
        cmocka_unit_test(test_tree_walk),      cmocka_unit_test(test_edits_between_searches),
        cmocka_unit_test(test_fallbacks),      cmocka_unit_test(test_scenarios),
        cmocka_unit_test(test_open_map),       cmocka_unit_test(test_long_diagonals),
        cmocka_unit_test(test_budget),         cmocka_unit_test(test_corridors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
