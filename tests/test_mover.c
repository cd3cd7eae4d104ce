/* test_mover.c - the mover: step timing (straight 1/speed, diagonal
 * sqrt 2/speed, off-centre first step distance/speed), facings, and random
 * retargets that must never put the droid in a blocked tile. */
#include "testlib.h"

#include <math.h>

#include "mover.h"

static Grid open_grid(int w, int h)
{
    Grid g;
    assert_true(grid_init(&g, w, h));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            grid_set(&g, x, y, 1);
    return g;
}

/* Runs the mover in small steps; returns the time of the n-th ARRIVE (or -1). */
static double time_of_arrival(Mover *m, int n, double dt)
{
    MoverEvent ev[16];
    double t = 0;
    int arrivals = 0;
    for (int i = 0; i < 100000; i++) {
        int k = mover_update(m, dt, ev, 16);
        t += dt;
        for (int j = 0; j < k; j++)
            if (ev[j].type == MOVER_ARRIVE && ++arrivals == n)
                return t;
    }
    return -1;
}

static void test_timing(void **state)
{
    (void)state;
    Grid g = open_grid(10, 10);
    Mover m;
    mover_init(&m, tile_pos(1, 1), 2.0);
    TilePos straight[] = {{2, 1}, {3, 1}, {4, 1}};
    assert_true(mover_set_path(&m, &g, straight, 3));
    assert_true(fabs(time_of_arrival(&m, 3, 0.001) - 1.5) < 0.0015);
    assert_true(m.tile.x == 4 && m.tile.y == 1 && !m.moving);

    TilePos diag[] = {{5, 2}, {6, 3}};
    assert_true(mover_set_path(&m, &g, diag, 2));
    assert_true(fabs(time_of_arrival(&m, 2, 0.001) - 2 * sqrt(2.0) / 2.0) < 0.0015);

    /* one big dt crosses several steps and reports every arrival in order */
    TilePos back[] = {{5, 3}, {4, 3}, {3, 3}};
    assert_true(mover_set_path(&m, &g, back, 3));
    MoverEvent ev[16];
    int k = mover_update(&m, 10.0, ev, 16);
    int arrivals = 0;
    for (int i = 0; i < k; i++)
        if (ev[i].type == MOVER_ARRIVE)
            assert_int_equal(ev[i].tile.x, back[arrivals++].x);
    assert_int_equal(arrivals, 3);
    assert_int_equal(ev[k - 1].type, MOVER_IDLE);
    assert_true(m.pos.x == 3.5 && m.pos.y == 3.5);
    mover_deinit(&m);
    grid_deinit(&g);
}

static void test_facings(void **state)
{
    (void)state;
    Grid g = open_grid(5, 5);
    Mover m;
    mover_init(&m, tile_pos(2, 2), 4.0);
    TilePos ring[] = {{3, 2}, {3, 3}, {2, 3}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}};
    Dir8 want[] = {DIR_E, DIR_S, DIR_W, DIR_W, DIR_N, DIR_N, DIR_E, DIR_E};
    assert_true(mover_set_path(&m, &g, ring, 8));
    MoverEvent ev[64];
    int k = mover_update(&m, 100.0, ev, 64);
    int step = 0;
    Dir8 facing = DIR_S;
    for (int i = 0; i < k; i++) {
        if (ev[i].type == MOVER_FACE)
            facing = ev[i].dir;
        if (ev[i].type == MOVER_ARRIVE) {
            assert_int_equal(facing, want[step]);
            step++;
        }
    }
    assert_int_equal(step, 8);
    assert_int_equal(mover_dir_of(1, 1), DIR_SE);
    assert_int_equal(mover_dir_of(-1, -1), DIR_NW);
    assert_int_equal(mover_dir_of(1, -1), DIR_NE);
    assert_int_equal(mover_dir_of(-1, 1), DIR_SW);
    mover_deinit(&m);
    grid_deinit(&g);
}

static void test_retarget(void **state)
{
    (void)state;
    Grid g = open_grid(10, 10);
    Mover m;
    mover_init(&m, tile_pos(2, 2), 1.0);
    TilePos east[] = {{3, 2}, {4, 2}};
    assert_true(mover_set_path(&m, &g, east, 2));
    MoverEvent ev[8];
    mover_update(&m, 0.25, ev, 8);
    assert_true(fabs(m.pos.x - 2.75) < 1e-12);
    /* mid-step, the plan starts at the tile being entered */
    assert_int_equal(mover_plan_tile(&m).x, 3);
    /* turning back: the first step runs from where the droid is, 0.25 tiles */
    TilePos west[] = {{2, 2}, {1, 2}};
    assert_true(mover_set_path(&m, &g, west, 2));
    assert_true(fabs(time_of_arrival(&m, 1, 0.0001) - 0.25) < 0.0002);
    assert_true(m.tile.x == 2 && m.tile.y == 2);
    assert_true(fabs(m.pos.x - 2.5) < 0.0002); /* already on its way on */
    /* going on elsewhere: it first finishes entering the plan tile (no snapping) */
    assert_true(fabs(time_of_arrival(&m, 1, 0.0001) - 1.0) < 0.0002); /* reaches 1,2 */
    TilePos east2[] = {{2, 2}, {3, 2}};
    assert_true(mover_set_path(&m, &g, east2, 2));
    mover_update(&m, 0.5, ev, 8); /* halfway to 2,2 */
    double x_before = m.pos.x;
    TilePos south[] = {{2, 3}};
    assert_true(mover_set_path(&m, &g, south, 1));
    assert_true(m.pos.x == x_before); /* no jump */
    assert_true(fabs(time_of_arrival(&m, 1, 0.0001) - 0.5) < 0.0002);
    assert_true(m.tile.x == 2 && m.tile.y == 2);
    assert_true(fabs(time_of_arrival(&m, 1, 0.0001) - 1.0) < 0.0002);
    assert_true(m.tile.x == 2 && m.tile.y == 3);
    mover_deinit(&m);
    grid_deinit(&g);
}

static void test_refuses_bad_paths(void **state)
{
    (void)state;
    Grid g = open_grid(4, 4);
    grid_set(&g, 1, 0, 0);
    Mover m;
    mover_init(&m, tile_pos(0, 0), 1.0);
    TilePos cut[] = {{1, 1}};   /* corner of the wall at 1,0 */
    TilePos wall[] = {{1, 0}};
    TilePos jump[] = {{2, 2}};
    assert_false(mover_set_path(&m, &g, cut, 1));
    assert_false(mover_set_path(&m, &g, wall, 1));
    assert_false(mover_set_path(&m, &g, jump, 1));
    assert_int_equal(mover_remaining(&m), 0);
    mover_deinit(&m);
    grid_deinit(&g);
}

/* Every tile the point touches (two when it lies on a tile edge) is walkable. */
static void assert_position_safe(const Grid *g, WorldPos p)
{
    int xs[2] = {(int)floor(p.x), (int)floor(p.x)}, ys[2] = {(int)floor(p.y), (int)floor(p.y)};
    if (p.x == floor(p.x))
        xs[1] = xs[0] - 1;
    if (p.y == floor(p.y))
        ys[1] = ys[0] - 1;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            if (!grid_walkable(g, xs[i], ys[j]))
                fail_msg("droid at %.4f,%.4f touches blocked tile %d,%d", p.x, p.y, xs[i], ys[j]);
}

static void test_random_retargets_stay_safe(void **state)
{
    (void)state;
    uint64_t seed = 21;
    int retargets = 0;
    for (int round = 0; round < 40; round++) {
        Grid g;
        test_random_grid(&g, 20, 20, 30, 1, &seed);
        TilePos start = tile_pos(-1, -1);
        for (int i = 0; i < 400 && start.x < 0; i++) {
            TilePos t = tile_pos((int)(test_rand(&seed) % 20), (int)(test_rand(&seed) % 20));
            if (grid_walkable(&g, t.x, t.y))
                start = t;
        }
        if (start.x < 0) {
            grid_deinit(&g);
            continue;
        }
        Mover m;
        mover_init(&m, start, 3.0 + (test_rand(&seed) % 50) / 10.0);
        PathState *st = path_create(20, 20);
        PathOptions opt = path_options_default();
        opt.nearest = true;
        MoverEvent ev[32];
        WorldPos last = m.pos;
        for (int tick = 0; tick < 3000; tick++) {
            if (test_rand(&seed) % 40 == 0) {
                TilePos goal = tile_pos((int)(test_rand(&seed) % 20), (int)(test_rand(&seed) % 20));
                PathStatus s = path_find(st, &g, mover_plan_tile(&m), goal, &opt, NULL);
                if (s == PATH_FOUND || s == PATH_NEAREST) {
                    const PathResult *r = path_result(st);
                    TilePos steps[400];
                    for (int i = 0; i < r->steps; i++)
                        steps[i] = path_tile(st, i);
                    assert_true(mover_set_path(&m, &g, steps, r->steps));
                    retargets++;
                }
            }
            double dt = 1.0 / 60.0;
            mover_update(&m, dt, ev, 32);
            assert_position_safe(&g, m.pos);
            /* continuous: never moves further than speed x dt */
            double moved = hypot(m.pos.x - last.x, m.pos.y - last.y);
            assert_true(moved <= m.speed * dt + 1e-9);
            last = m.pos;
        }
        path_destroy(st);
        mover_deinit(&m);
        grid_deinit(&g);
    }
    assert_true(retargets > 500);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timing),           cmocka_unit_test(test_facings),
        cmocka_unit_test(test_retarget),         cmocka_unit_test(test_refuses_bad_paths),
        cmocka_unit_test(test_random_retargets_stay_safe),
    };
    return cmocka_run_group_tests_name("mover", tests, NULL, NULL);
}
