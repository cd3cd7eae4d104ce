/* test_path.c - the pathfinder against the brute-force reference on random
 * grids for every topology and option, plus corner cutting, natural paths,
 * incremental search, nearest reachable tile and limits. */
#include "testlib.h"

#include <math.h>

#include "level.h"
#include "path.h"

/* landmarks > 0: path_prepare places that many on each grid first. */
static void against_brute_force(PathTopology topo, PathAlgo algo, int max_cost, int landmarks, uint64_t seed)
{
    int checked = 0, unreachable = 0;
    for (int round = 0; round < 150; round++) {
        int w = 1 + (int)(test_rand(&seed) % 22), h = 1 + (int)(test_rand(&seed) % 22);
        int walls = (int)(test_rand(&seed) % 45);
        Grid g;
        test_random_grid(&g, w, h, walls, max_cost, &seed);
        PathState *st = path_create(w, h);
        assert_non_null(st);
        PathOptions opt = path_options_default();
        opt.topology = topo;
        opt.algo = algo;
        opt.landmarks = landmarks;
        if (landmarks > 0) {
            assert_true(path_prepare(st, &g, &opt));
            assert_true(path_landmark_bytes(st) > 0);
        }
        for (int q = 0; q < 6; q++) {
            TilePos s = tile_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
            TilePos t = tile_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
            double want = test_brute_force(&g, s, t, topo);
            PathStatus got = path_find(st, &g, s, t, &opt, NULL);
            if (want < 0) {
                if (got != PATH_NONE)
                    fail_msg("%dx%d %d,%d->%d,%d: found a path the reference says does not exist", w, h, s.x,
                             s.y, t.x, t.y);
                unreachable++;
                continue;
            }
            if (got != PATH_FOUND)
                fail_msg("%dx%d %d,%d->%d,%d: no path, reference %.6f", w, h, s.x, s.y, t.x, t.y, want);
            double len = test_check_walk(st, &g, topo);
            if (fabs(len - want) > 1e-9)
                fail_msg("%dx%d seed round %d %d,%d->%d,%d: length %.9f, reference %.9f", w, h, round, s.x, s.y,
                         t.x, t.y, len, want);
            checked++;
        }
        path_destroy(st);
        grid_deinit(&g);
    }
    assert_true(checked > 300);
    assert_true(unreachable > 10);
}

static void test_astar8_costs(void **state)
{
    (void)state;
    against_brute_force(PATH_TOPO_8, PATH_ASTAR, 5, 0, 1);
}
static void test_astar8_uniform(void **state)
{
    (void)state;
    against_brute_force(PATH_TOPO_8, PATH_ASTAR, 1, 0, 2);
}
static void test_jps_uniform(void **state)
{
    (void)state;
    against_brute_force(PATH_TOPO_8, PATH_JPS, 1, 0, 3);
}
static void test_jps_landmarks(void **state)
{
    (void)state;
    against_brute_force(PATH_TOPO_8, PATH_JPS, 1, 3, 5); /* many grids have several regions */
}
/* A wall between start and goal, open only at its far end, with scattered
 * rocks on the start's side: the octile distance sends the search through
 * all of that side first, the landmarks do not. */
static void test_landmarks_guide(void **state)
{
    (void)state;
    enum { W = 31, H = 31 };
    uint64_t seed = 17;
    Grid g;
    assert_true(grid_init(&g, W, H));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if ((x != 15 || y == H - 1) && (x > 15 || y == 0 || test_rand(&seed) % 100 >= 20))
                grid_set(&g, x, y, 1);
    PathState *st = path_create(W, H);
    PathOptions opt = path_options_default();
    opt.algo = PATH_JPS;
    opt.landmarks = 2;
    PathResult plain, guided;
    TilePos s = tile_pos(14, 0), t = tile_pos(16, 0);
    assert_int_equal(path_find(st, &g, s, t, &opt, &plain), PATH_FOUND); /* not prepared: none yet */
    assert_true(path_prepare(st, &g, &opt));
    assert_int_equal(path_find(st, &g, s, t, &opt, &guided), PATH_FOUND);
    assert_true(fabs(plain.length - guided.length) < 1e-9);
    assert_true(fabs(guided.length - test_brute_force(&g, s, t, PATH_TOPO_8)) < 1e-9);
    print_message("expanded %ld without landmarks, %ld with\n", plain.expanded, guided.expanded);
    assert_true(guided.expanded * 3 < plain.expanded);
    path_destroy(st);
    grid_deinit(&g);
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
    PathState *st = path_create(W, H);
    assert_non_null(st);
    PathOptions opt = path_options_default();
    opt.algo = PATH_JPS;
    opt.landmarks = 2;
    int checked = 0;
    {
        /* path_prepare makes the table only for searches that run JPS */
        Grid g, other;
        test_random_grid(&g, W, H, 30, 1, &seed);
        assert_true(grid_init(&other, W + 1, H));
        assert_true(path_prepare(st, &g, NULL));
        assert_int_equal(path_jump_bytes(st), 0);
        assert_true(path_prepare(st, &g, &opt));
        assert_true(path_jump_bytes(st) >= (size_t)W * H * 16);
        assert_true(path_landmark_bytes(st) >= (size_t)W * H * 16);
        assert_false(path_prepare(st, &other, &opt));
        grid_deinit(&other);
        grid_deinit(&g);
    }
    for (int map = 0; map < 8; map++) {
        Grid g; /* same variable, so usually the same address, every map */
        test_random_grid(&g, W, H, 30, 1, &seed);
        for (int round = 0; round < 25; round++) {
            for (int e = 0; e < 6; e++) {
                int x = (int)(test_rand(&seed) % W), y = (int)(test_rand(&seed) % H);
                grid_set(&g, x, y, grid_walkable(&g, x, y) ? 0 : 1);
            }
            if (round % 3 == 0)
                assert_true(path_prepare(st, &g, &opt));
            for (int q = 0; q < 8; q++) {
                TilePos s = tile_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H));
                TilePos t = tile_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H));
                double want = test_brute_force(&g, s, t, PATH_TOPO_8);
                PathResult r;
                PathStatus got = path_find(st, &g, s, t, &opt, &r);
                if (want < 0) {
                    assert_int_equal(got, PATH_NONE);
                    continue;
                }
                assert_int_equal(got, PATH_FOUND);
                assert_true(r.used_jps);
                if (fabs(test_check_walk(st, &g, PATH_TOPO_8) - want) > 1e-9)
                    fail_msg("map %d round %d %d,%d->%d,%d: length %.9f, reference %.9f", map, round, s.x, s.y,
                             t.x, t.y, r.length, want);
                checked++;
            }
        }
        grid_deinit(&g);
    }
    path_destroy(st);
    print_message("%d JPS queries checked\n", checked);
    assert_true(checked > 250);
}
static void test_jps_falls_back(void **state)
{
    (void)state;
    against_brute_force(PATH_TOPO_8, PATH_JPS, 5, 0, 4); /* costs vary: A* runs */
}
static void test_astar4(void **state)
{
    (void)state;
    against_brute_force(PATH_TOPO_4, PATH_ASTAR, 5, 0, 5);
}
static void test_hex(void **state)
{
    (void)state;
    against_brute_force(PATH_TOPO_HEX, PATH_ASTAR, 5, 0, 6);
}

static Grid grid_from(const char *rows[], int h)
{
    Grid g;
    int w = (int)strlen(rows[0]);
    assert_true(grid_init(&g, w, h));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            grid_set(&g, x, y, rows[y][x] == '#' ? 0 : rows[y][x] == ',' ? 3 : 1);
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
    Grid g = grid_from(rows, 2);
    PathState *st = path_create(2, 2);
    for (int algo = 0; algo < 2; algo++) {
        PathOptions opt = path_options_default();
        opt.algo = (PathAlgo)algo;
        assert_int_equal(path_find(st, &g, tile_pos(0, 0), tile_pos(1, 1), &opt, NULL), PATH_NONE);
    }
    path_destroy(st);
    grid_deinit(&g);

    /* one wall at a corner forces the way round it: 2 straight steps, not 1 diagonal */
    const char *rows2[] = {
        "..",
        "#.",
    };
    g = grid_from(rows2, 2);
    st = path_create(2, 2);
    for (int algo = 0; algo < 2; algo++) {
        PathOptions opt = path_options_default();
        opt.algo = (PathAlgo)algo;
        PathResult r;
        assert_int_equal(path_find(st, &g, tile_pos(0, 0), tile_pos(1, 1), &opt, &r), PATH_FOUND);
        assert_int_equal(r.steps, 2);
        assert_true(fabs(r.length - 2.0) < 1e-12);
        assert_int_equal(path_tile(st, 0).x, 1);
        assert_int_equal(path_tile(st, 0).y, 0);
    }
    path_destroy(st);
    grid_deinit(&g);
}

static void test_tutorial_level(void **state)
{
    (void)state;
    Level l;
    Diags d;
    diag_clear(&d);
    assert_true(level_load("levels/01_tutorial.txt", &l, &d));
    Grid g;
    assert_true(level_build_grid(&l, &g));
    PathState *st = path_create(g.w, g.h);
    /* from the droid at 2,2 to below the inner wall: around it, optimally */
    PathResult r;
    assert_int_equal(path_find(st, &g, l.start, tile_pos(3, 6), NULL, &r), PATH_FOUND);
    double want = test_brute_force(&g, l.start, tile_pos(3, 6), PATH_TOPO_8);
    assert_true(fabs(r.length - want) < 1e-9);
    test_check_walk(st, &g, PATH_TOPO_8);
    for (int i = 0; i < r.steps; i++)
        assert_true(grid_walkable(&g, path_tile(st, i).x, path_tile(st, i).y));
    path_destroy(st);
    grid_deinit(&g);
    level_free(&l);
}

static int turns(const PathState *st)
{
    const PathResult *r = path_result(st);
    TilePos prev = r->start;
    int last_dx = 9, last_dy = 9, n = 0;
    for (int i = 0; i < r->steps; i++) {
        TilePos t = path_tile(st, i);
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
    Grid g;
    assert_true(grid_init(&g, 30, 20));
    for (int y = 0; y < 20; y++)
        for (int x = 0; x < 30; x++)
            grid_set(&g, x, y, 1);
    PathState *st = path_create(30, 20);
    uint64_t seed = 7;
    static const char *names[3] = {"astar", "jps", "jps with landmarks"};
    for (int kind = 0; kind < 3; kind++) {
        PathOptions opt = path_options_default();
        opt.algo = kind ? PATH_JPS : PATH_ASTAR;
        opt.landmarks = kind == 2 ? 4 : 0;
        assert_true(path_prepare(st, &g, &opt));
        for (int q = 0; q < 300; q++) {
            TilePos s = tile_pos((int)(test_rand(&seed) % 30), (int)(test_rand(&seed) % 20));
            TilePos t = tile_pos((int)(test_rand(&seed) % 30), (int)(test_rand(&seed) % 20));
            assert_int_equal(path_find(st, &g, s, t, &opt, NULL), PATH_FOUND);
            if (turns(st) > 1)
                fail_msg("%s %d,%d -> %d,%d turns %d times", names[kind], s.x, s.y, t.x, t.y, turns(st));
        }
    }
    path_destroy(st);
    grid_deinit(&g);
}

static void test_incremental(void **state)
{
    (void)state;
    uint64_t seed = 11;
    for (int round = 0; round < 60; round++) {
        Grid g;
        test_random_grid(&g, 40, 30, 30, round % 2 ? 5 : 1, &seed);
        PathState *one = path_create(40, 30), *inc = path_create(40, 30);
        TilePos s = tile_pos((int)(test_rand(&seed) % 40), (int)(test_rand(&seed) % 30));
        TilePos t = tile_pos((int)(test_rand(&seed) % 40), (int)(test_rand(&seed) % 30));
        PathOptions opt = path_options_default();
        opt.algo = round % 3 == 0 ? PATH_JPS : PATH_ASTAR;
        opt.nearest = round % 4 == 1;
        PathStatus want = path_find(one, &g, s, t, &opt, NULL);
        long k = 1 + round % 9;
        path_begin(inc, &g, s, t, &opt);
        PathStatus got;
        int calls = 0;
        while ((got = path_step(inc, k)) == PATH_RUNNING)
            calls++;
        assert_int_equal(got, want);
        const PathResult *a = path_result(one), *b = path_result(inc);
        assert_int_equal(a->steps, b->steps);
        assert_int_equal(a->expanded, b->expanded);
        assert_true(a->length == b->length);
        for (int i = 0; i < a->steps; i++) {
            assert_int_equal(path_tile(one, i).x, path_tile(inc, i).x);
            assert_int_equal(path_tile(one, i).y, path_tile(inc, i).y);
        }
        if (a->expanded > k)
            assert_true(calls >= (a->expanded - 1) / k);
        path_destroy(one);
        path_destroy(inc);
        grid_deinit(&g);
    }
}

static long octile_units(TilePos a, TilePos b)
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
        Grid g;
        test_random_grid(&g, w, h, 40, 3, &seed);
        TilePos s = tile_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
        TilePos t = tile_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
        if (!grid_walkable(&g, s.x, s.y) || test_brute_force(&g, s, t, PATH_TOPO_8) >= 0) {
            grid_deinit(&g);
            continue;
        }
        /* the reference: nearest reachable by octile distance, then cost, then row, then column */
        TilePos best = s;
        double best_cost = 0;
        long best_d = octile_units(s, t);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                double c = test_brute_force(&g, s, tile_pos(x, y), PATH_TOPO_8);
                if (c < 0)
                    continue;
                long dd = octile_units(tile_pos(x, y), t);
                if (dd < best_d || (dd == best_d && c < best_cost - 1e-9)) {
                    best = tile_pos(x, y);
                    best_d = dd;
                    best_cost = c;
                }
            }
        PathState *st = path_create(w, h);
        PathOptions opt = path_options_default();
        opt.nearest = true;
        PathResult r;
        assert_int_equal(path_find(st, &g, s, t, &opt, &r), PATH_NEAREST);
        if (r.end.x != best.x || r.end.y != best.y)
            fail_msg("nearest to %d,%d from %d,%d: got %d,%d, want %d,%d", t.x, t.y, s.x, s.y, r.end.x, r.end.y,
                     best.x, best.y);
        assert_true(fabs(r.length - best_cost) < 1e-9);
        test_check_walk(st, &g, PATH_TOPO_8);
        /* the same question again, and again from the answer: the same answer */
        PathResult r2;
        assert_int_equal(path_find(st, &g, s, t, &opt, &r2), PATH_NEAREST);
        assert_true(r2.end.x == r.end.x && r2.end.y == r.end.y);
        PathStatus again = path_find(st, &g, r.end, t, &opt, &r2);
        assert_int_equal(again, PATH_NEAREST);
        assert_true(r2.end.x == r.end.x && r2.end.y == r.end.y);
        assert_int_equal(r2.steps, 0);
        path_destroy(st);
        grid_deinit(&g);
        cases++;
    }
    assert_true(cases > 20);
}

static void test_bad_queries(void **state)
{
    (void)state;
    const char *rows[] = {"..#", "..."};
    Grid g = grid_from(rows, 2);
    PathState *st = path_create(3, 2);
    PathResult r;
    assert_int_equal(path_find(st, &g, tile_pos(0, 0), tile_pos(3, 0), NULL, &r), PATH_NONE);
    assert_string_equal(r.why, "goal outside the map");
    assert_int_equal(path_find(st, &g, tile_pos(0, 0), tile_pos(0, 2), NULL, &r), PATH_NONE);
    assert_string_equal(r.why, "goal outside the map");
    assert_int_equal(path_find(st, &g, tile_pos(0, 0), tile_pos(-1, 0), NULL, &r), PATH_NONE);
    assert_int_equal(path_find(st, &g, tile_pos(0, 0), tile_pos(2, 0), NULL, &r), PATH_NONE);
    assert_string_equal(r.why, "goal is blocked");
    assert_int_equal(path_find(st, &g, tile_pos(2, 0), tile_pos(0, 0), NULL, &r), PATH_NONE);
    assert_string_equal(r.why, "start is blocked");
    assert_int_equal(path_find(st, &g, tile_pos(1, 1), tile_pos(1, 1), NULL, &r), PATH_FOUND);
    assert_int_equal(r.steps, 0);
    assert_true(r.length == 0.0);
    /* nearest with a blocked goal walks next to it */
    PathOptions opt = path_options_default();
    opt.nearest = true;
    assert_int_equal(path_find(st, &g, tile_pos(0, 0), tile_pos(2, 0), &opt, &r), PATH_NEAREST);
    assert_int_equal(r.end.x, 1);
    assert_int_equal(r.end.y, 0); /* 1,0 and 2,1 are both 1 away; 1,0 is cheaper */
    Grid other;
    assert_true(grid_init(&other, 4, 4));
    assert_int_equal(path_find(st, &other, tile_pos(0, 0), tile_pos(1, 1), NULL, &r), PATH_NONE);
    grid_deinit(&other);
    path_destroy(st);
    grid_deinit(&g);
}

static void test_limits(void **state)
{
    (void)state;
    Grid g;
    assert_true(grid_init(&g, 50, 50));
    for (int y = 0; y < 50; y++)
        for (int x = 0; x < 50; x++)
            grid_set(&g, x, y, (x == 25 && y < 45) ? 0 : 1);
    PathState *st = path_create(50, 50);
    PathResult full, r;
    assert_int_equal(path_find(st, &g, tile_pos(5, 5), tile_pos(45, 5), NULL, &full), PATH_FOUND);
    PathOptions opt = path_options_default();
    opt.expansion_limit = 20;
    assert_int_equal(path_find(st, &g, tile_pos(5, 5), tile_pos(45, 5), &opt, &r), PATH_LIMIT);
    assert_true(r.expanded <= 20);
    assert_int_equal(r.steps, 0);
    opt.nearest = true; /* with nearest: the best tile seen so far */
    assert_int_equal(path_find(st, &g, tile_pos(5, 5), tile_pos(45, 5), &opt, &r), PATH_LIMIT);
    assert_true(r.steps > 0);
    test_check_walk(st, &g, PATH_TOPO_8);

    opt = path_options_default();
    opt.cost_limit = full.length - 0.5;
    assert_int_equal(path_find(st, &g, tile_pos(5, 5), tile_pos(45, 5), &opt, &r), PATH_LIMIT);
    assert_string_equal(r.why, "cost limit reached");
    opt.cost_limit = full.length + 1e-6;
    assert_int_equal(path_find(st, &g, tile_pos(5, 5), tile_pos(45, 5), &opt, &r), PATH_FOUND);
    assert_true(fabs(r.length - full.length) < 1e-12);
    opt.expansion_limit = full.expanded + 1;
    opt.cost_limit = 0;
    assert_int_equal(path_find(st, &g, tile_pos(5, 5), tile_pos(45, 5), &opt, &r), PATH_FOUND);
    /* a limit on an unreachable goal still stops early */
    grid_set(&g, 45, 5, 0);
    opt = path_options_default();
    opt.expansion_limit = 10;
    opt.nearest = false;
    grid_set(&g, 45, 5, 1);
    for (int y = 0; y < 50; y++)
        grid_set(&g, 25, y, 0);
    assert_int_equal(path_find(st, &g, tile_pos(5, 5), tile_pos(45, 5), &opt, &r), PATH_LIMIT);
    assert_true(r.expanded <= 10);
    path_destroy(st);
    grid_deinit(&g);
}

static void test_state_size(void **state)
{
    (void)state;
    /* 16 bytes a tile (border included), a quarter of a byte for the list
     * of tags to clear, plus a fixed header */
    for (int side = 10; side <= 1000; side *= 10) {
        PathState *st = path_create(side, side);
        size_t tiles = (size_t)(side + 2) * (size_t)(side + 2);
        assert_true(path_state_bytes(st) <= 16 * tiles + tiles / 4 + 1024);
        assert_true(path_state_bytes(st) >= 16 * (size_t)side * (size_t)side);
        path_destroy(st);
    }
}

static void test_state_reuse(void **state)
{
    (void)state;
    /* many queries on one state (past the generation wrap) match fresh states */
    uint64_t seed = 17;
    Grid g;
    test_random_grid(&g, 30, 30, 25, 3, &seed);
    PathState *shared = path_create(30, 30);
    for (int q = 0; q < 200; q++) {
        TilePos s = tile_pos((int)(test_rand(&seed) % 30), (int)(test_rand(&seed) % 30));
        TilePos t = tile_pos((int)(test_rand(&seed) % 30), (int)(test_rand(&seed) % 30));
        PathState *fresh = path_create(30, 30);
        PathResult a, b;
        assert_int_equal(path_find(shared, &g, s, t, NULL, &a), path_find(fresh, &g, s, t, NULL, &b));
        assert_true(a.length == b.length);
        assert_int_equal(a.expanded, b.expanded);
        path_destroy(fresh);
    }
    path_destroy(shared);
    grid_deinit(&g);
}

/* Short searches on a big map: when the generations wrap (every 15
 * searches) only the tags they wrote are reset, never the whole map's; a
 * search over the whole map is followed by one whole clear, and the
 * answers stay those of fresh states throughout. */
static void test_clears_what_was_touched(void **state)
{
    (void)state;
    enum { SIDE = 1024 };
    Grid g;
    assert_true(grid_init(&g, SIDE, SIDE));
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            grid_set(&g, x, y, x == 500 && y > 0 ? 0 : 1); /* a wall with a gap at the top */
    PathState *st = path_create(SIDE, SIDE), *fresh = path_create(SIDE, SIDE);
    uint64_t seed = 5;
    for (int q = 0; q < 300; q++) {
        TilePos a = tile_pos(20 + (int)(test_rand(&seed) % 900), 20 + (int)(test_rand(&seed) % 900));
        TilePos b = tile_pos(a.x + (int)(test_rand(&seed) % 9) - 4, a.y + (int)(test_rand(&seed) % 9) - 4);
        if (a.x == 500 || b.x == 500)
            continue;
        PathResult r;
        path_find(st, &g, a, b, NULL, &r);
    }
    uint64_t cleared = path_tags_cleared(st);
    assert_true(cleared > 0);              /* the generations wrapped */
    assert_true(cleared < 300 * 200);      /* a few dozen tiles a search; the map has a million */
    /* a search round the wall touches more tiles than a list holds: the
     * next wrap clears everything once */
    for (int q = 0; q < 16; q++) {
        TilePos a = tile_pos(490, 1000 - q), b = tile_pos(q ? 480 : 510, 1000 - q);
        PathResult r1, r2;
        assert_int_equal(path_find(st, &g, a, b, NULL, &r1), PATH_FOUND);
        assert_int_equal(path_find(fresh, &g, a, b, NULL, &r2), PATH_FOUND);
        assert_true(r1.length == r2.length && r1.expanded == r2.expanded);
        if (q == 0)
            assert_true(r1.expanded > SIDE * SIDE / 16);
    }
    assert_true(path_tags_cleared(st) >= cleared + (uint64_t)SIDE * SIDE);
    path_destroy(st);
    path_destroy(fresh);
    grid_deinit(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_astar8_costs),   cmocka_unit_test(test_astar8_uniform),
        cmocka_unit_test(test_jps_uniform),    cmocka_unit_test(test_jps_falls_back),
        cmocka_unit_test(test_jps_landmarks),  cmocka_unit_test(test_landmarks_guide),
        cmocka_unit_test(test_jps_after_edits),
        cmocka_unit_test(test_astar4),         cmocka_unit_test(test_hex),
        cmocka_unit_test(test_no_corner_cutting), cmocka_unit_test(test_tutorial_level),
        cmocka_unit_test(test_natural_paths),  cmocka_unit_test(test_incremental),
        cmocka_unit_test(test_nearest),        cmocka_unit_test(test_bad_queries),
        cmocka_unit_test(test_limits),         cmocka_unit_test(test_state_reuse),
        cmocka_unit_test(test_state_size),    cmocka_unit_test(test_clears_what_was_touched),
    };
    return cmocka_run_group_tests_name("path", tests, NULL, NULL);
}
