/* SPDX-License-Identifier: MIT */
/* test_mover.c - the mover: step timing in ticks (time is cost: straight,
 * diagonal, rough ground), turning back mid-step, facings, and random
 * retargets that must never put the droid in a blocked tile. */
#include "testlib.h"

#include <math.h>

#include "mover.h"

static NavGrid open_grid(int w, int h)
{
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, w, h), NAV_DONE);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            nav_grid_set(&g, x, y, 1);
    return g;
}

/* Ticks until the n-th ARRIVE (or -1), advancing speed units a tick. */
static long ticks_to_arrival(Mover *m, const NavGrid *g, int n)
{
    int arrivals = 0;
    for (long t = 1; t < 100000; t++) {
        uint64_t budget = m->speed;
        while (budget > 0) {
            MoverEvent ev[4];
            int k = 0;
            uint64_t used = mover_advance(m, g, budget, ev, 4, &k);
            budget -= used;
            for (int j = 0; j < k; j++)
                if (ev[j].type == MOVER_ARRIVE && ++arrivals == n)
                    return t;
            if (used == 0 && k == 0)
                break;
        }
    }
    return -1;
}

/* Time is cost: a step takes (1 or sqrt 2) x the cost of the tile entered. */
static void test_timing(void **state)
{
    (void)state;
    NavGrid g = open_grid(10, 10);
    nav_grid_set(&g, 5, 1, 3); /* rough ground */
    Mover m;
    uint64_t speed = (NAV_UNIT_STRAIGHT + 9) / 10; /* 10 ticks a floor step */
    mover_init(&m, nav_pos(1, 1), speed);
    NavPos straight[] = {{2, 1}, {3, 1}, {4, 1}};
    assert_true(mover_set_path(&m, &g, straight, 3));
    assert_int_equal(ticks_to_arrival(&m, &g, 3), 30);
    assert_true(m.tile.x == 4 && m.tile.y == 1 && !m.moving);
    NavPos rough[] = {{5, 1}};
    assert_true(mover_set_path(&m, &g, rough, 1));
    assert_int_equal(ticks_to_arrival(&m, &g, 1), 30); /* three floor steps' time */
    NavPos diag[] = {{6, 2}, {7, 3}};
    assert_true(mover_set_path(&m, &g, diag, 2));
    long t = ticks_to_arrival(&m, &g, 2);
    assert_int_equal(t, (long)((2 * NAV_UNIT_DIAGONAL + speed - 1) / speed)); /* 2 sqrt 2 steps */
    assert_true(m.pos.x == 7.5 && m.pos.y == 3.5);
    assert_int_equal(mover_step_cost(&g, nav_pos(4, 1), nav_pos(5, 1)), 3 * NAV_UNIT_STRAIGHT);
    assert_int_equal(mover_step_cost(&g, nav_pos(4, 0), nav_pos(5, 1)), 3 * NAV_UNIT_DIAGONAL);
    /* 4 tiles a second at 60 ticks: a floor step in exactly 15 ticks */
    assert_int_equal((NAV_UNIT_STRAIGHT + mover_speed(4.0, 60) - 1) / mover_speed(4.0, 60), 15);
    mover_deinit(&m);
    nav_grid_deinit(&g);
}

static void test_facings(void **state)
{
    (void)state;
    NavGrid g = open_grid(5, 5);
    Mover m;
    mover_init(&m, nav_pos(2, 2), NAV_UNIT_STRAIGHT / 4);
    NavPos ring[] = {{3, 2}, {3, 3}, {2, 3}, {1, 3}, {1, 2}, {1, 1}, {2, 1}, {3, 1}};
    Dir8 want[] = {DIR_E, DIR_S, DIR_W, DIR_W, DIR_N, DIR_N, DIR_E, DIR_E};
    assert_true(mover_set_path(&m, &g, ring, 8));
    int step = 0;
    Dir8 facing = DIR_S;
    for (int t = 0; t < 1000 && step < 8; t++) {
        MoverEvent ev[4];
        int k = 0;
        mover_advance(&m, &g, m.speed, ev, 4, &k);
        for (int i = 0; i < k; i++) {
            if (ev[i].type == MOVER_STEP)
                facing = ev[i].dir;
            if (ev[i].type == MOVER_ARRIVE)
                assert_int_equal(facing, want[step++]);
        }
    }
    assert_int_equal(step, 8);
    assert_int_equal(mover_dir_of(1, 1), DIR_SE);
    assert_int_equal(mover_dir_of(-1, -1), DIR_NW);
    assert_int_equal(mover_dir_of(1, -1), DIR_NE);
    assert_int_equal(mover_dir_of(-1, 1), DIR_SW);
    mover_deinit(&m);
    nav_grid_deinit(&g);
}

static void test_retarget(void **state)
{
    (void)state;
    NavGrid g = open_grid(10, 10);
    Mover m;
    uint64_t speed = NAV_UNIT_STRAIGHT / 8; /* exact: 8 ticks a floor step */
    mover_init(&m, nav_pos(2, 2), speed);
    NavPos east[] = {{3, 2}, {4, 2}};
    assert_true(mover_set_path(&m, &g, east, 2));
    MoverEvent ev[4];
    int k;
    mover_advance(&m, &g, 2 * speed, ev, 4, &k); /* a quarter of the way */
    assert_true(fabs(m.pos.x - 2.75) < 1e-9);
    /* mid-step, the plan starts at the tile being entered */
    assert_int_equal(mover_plan_tile(&m).x, 3);
    /* turning back: the first step runs from where the droid is, a quarter step */
    NavPos west[] = {{2, 2}, {1, 2}};
    assert_true(mover_set_path(&m, &g, west, 2));
    assert_true(fabs(m.pos.x - 2.75) < 1e-9); /* no jump */
    assert_int_equal(ticks_to_arrival(&m, &g, 1), 2);
    assert_true(m.tile.x == 2 && m.tile.y == 2);
    /* going on elsewhere: it first finishes entering the plan tile (no snapping) */
    assert_int_equal(ticks_to_arrival(&m, &g, 1), 8); /* reaches 1,2 */
    NavPos east2[] = {{2, 2}, {3, 2}};
    assert_true(mover_set_path(&m, &g, east2, 2));
    mover_advance(&m, &g, 4 * speed, ev, 4, &k); /* halfway to 2,2 */
    double x_before = m.pos.x;
    NavPos south[] = {{2, 3}};
    assert_true(mover_set_path(&m, &g, south, 1));
    assert_true(m.pos.x == x_before); /* no jump */
    assert_int_equal(ticks_to_arrival(&m, &g, 1), 4);
    assert_true(m.tile.x == 2 && m.tile.y == 2);
    assert_int_equal(ticks_to_arrival(&m, &g, 1), 8);
    assert_true(m.tile.x == 2 && m.tile.y == 3);
    mover_deinit(&m);
    nav_grid_deinit(&g);
}

static void test_refuses_bad_paths(void **state)
{
    (void)state;
    NavGrid g = open_grid(4, 4);
    nav_grid_set(&g, 1, 0, 0);
    Mover m;
    mover_init(&m, nav_pos(0, 0), NAV_UNIT_STRAIGHT / 60);
    NavPos cut[] = {{1, 1}};   /* corner of the wall at 1,0 */
    NavPos wall[] = {{1, 0}};
    NavPos jump[] = {{2, 2}};
    assert_false(mover_set_path(&m, &g, cut, 1));
    assert_false(mover_set_path(&m, &g, wall, 1));
    assert_false(mover_set_path(&m, &g, jump, 1));
    assert_int_equal(mover_remaining(&m), 0);
    mover_deinit(&m);
    nav_grid_deinit(&g);
}

/* Every tile the point touches (two when it lies on a tile edge) is walkable. */
static void assert_position_safe(const NavGrid *g, WorldPos p)
{
    int xs[2] = {(int)floor(p.x), (int)floor(p.x)}, ys[2] = {(int)floor(p.y), (int)floor(p.y)};
    if (p.x == floor(p.x))
        xs[1] = xs[0] - 1;
    if (p.y == floor(p.y))
        ys[1] = ys[0] - 1;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            if (!nav_grid_walkable(g, xs[i], ys[j]))
                fail_msg("droid at %.4f,%.4f touches blocked tile %d,%d", p.x, p.y, xs[i], ys[j]);
}

static void test_random_retargets_stay_safe(void **state)
{
    (void)state;
    uint64_t seed = 21;
    int retargets = 0;
    for (int round = 0; round < 40; round++) {
        NavGrid g;
        test_random_grid(&g, 20, 20, 30, 1, &seed);
        NavPos start = nav_pos(-1, -1);
        for (int i = 0; i < 400 && start.x < 0; i++) {
            NavPos t = nav_pos((int)(test_rand(&seed) % 20), (int)(test_rand(&seed) % 20));
            if (nav_grid_walkable(&g, t.x, t.y))
                start = t;
        }
        if (start.x < 0) {
            nav_grid_deinit(&g);
            continue;
        }
        Mover m;
        mover_init(&m, start, mover_speed(3.0 + (test_rand(&seed) % 50) / 10.0, 60));
        nav_grid_set(&g, 0, 0, nav_grid_cost(&g, 0, 0) ? 3 : 0); /* some rough ground */
        NavQuery *st = nav_query_create(20, 20);
        NavQueryOptions opt = nav_query_options_default();
        opt.nearest = true;
        MoverEvent ev[32];
        WorldPos last = m.pos;
        for (int tick = 0; tick < 3000; tick++) {
            if (test_rand(&seed) % 40 == 0) {
                NavPos goal = nav_pos((int)(test_rand(&seed) % 20), (int)(test_rand(&seed) % 20));
                NavStatus s = nav_query_find(st, &g, mover_plan_tile(&m), goal, &opt, NULL);
                if (nav_status_ok(s)) {
                    const NavQueryResult *r = nav_query_result(st);
                    NavPos steps[400];
                    for (int i = 0; i < r->steps; i++)
                        steps[i] = nav_query_tile(st, i);
                    assert_true(mover_set_path(&m, &g, steps, r->steps));
                    retargets++;
                }
            }
            int k = 0;
            for (uint64_t budget = m.speed; budget > 0;) {
                uint64_t used = mover_advance(&m, &g, budget, ev, 32, &k);
                budget -= used;
                if (used == 0)
                    break;
            }
            assert_position_safe(&g, m.pos);
            /* continuous: never moves further than a floor step's share of the speed */
            double moved = hypot(m.pos.x - last.x, m.pos.y - last.y);
            assert_true(moved <= (double)m.speed / NAV_UNIT_STRAIGHT + 1e-9);
            last = m.pos;
        }
        nav_query_destroy(st);
        mover_deinit(&m);
        nav_grid_deinit(&g);
    }
    assert_true(retargets > 500);
}

/* The done a turn back leaves, the mover put mid-step at done units of the
 * step from a to b. */
static uint64_t turned_back_done(Mover *m, const NavGrid *g, NavPos a, NavPos b, uint64_t done)
{
    mover_place(m, a);
    assert_true(mover_set_path(m, g, &b, 1));
    MoverEvent ev[4];
    int k;
    assert_true(mover_advance(m, g, done, ev, 4, &k) == done);
    assert_true(m->moving && m->done == done);
    assert_true(mover_set_path(m, g, &a, 1));
    assert_true(m->moving && nav_pos_eq(m->next, a));
    return m->done;
}

/* Turning back between tiles of one cost gives back exactly the time spent:
 * done becomes need - done to the unit, for straight and diagonal steps on
 * every cost (the double arithmetic of old was one unit off for about one
 * done in 16 on a diagonal, one in 2 with x87's extended precision). The
 * needs have 2^32 or more units each, so every done near both ends and a
 * fixed-seed sample in between. */
static void test_turn_back_exact(void **state)
{
    (void)state;
    NavGrid g = open_grid(4, 4);
    Mover m;
    mover_init(&m, nav_pos(1, 1), 1);
    uint64_t seed = 99;
    for (int cost = 1; cost <= NAV_GRID_MAX_COST; cost++) {
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++)
                nav_grid_set(&g, x, y, (uint8_t)cost);
        for (int diag = 0; diag < 2; diag++) {
            NavPos a = nav_pos(1, 1), b = nav_pos(2, diag ? 2 : 1);
            uint64_t need = mover_step_cost(&g, a, b);
            assert_true(need == mover_step_cost(&g, b, a));
            for (int i = 0; i < 60000; i++) {
                uint64_t done;
                if (i < 20000)
                    done = 1 + (uint64_t)i;
                else if (i < 40000)
                    done = need - 1 - (uint64_t)(i - 20000);
                else
                    done = 1 + (((uint64_t)test_rand(&seed) << 32) | test_rand(&seed)) % (need - 1);
                uint64_t got = turned_back_done(&m, &g, a, b, done);
                if (got != need - done)
                    fail_msg("cost %d %s, need %llu: done %llu turned back to %llu, not %llu", cost,
                             diag ? "diagonal" : "straight", (unsigned long long)need, (unsigned long long)done,
                             (unsigned long long)got, (unsigned long long)(need - done));
            }
        }
    }
    /* onto a dearer tile the share walked is kept: a third of a floor step
     * back from a tile of cost 3 is a third of three floor steps */
    nav_grid_set(&g, 1, 1, 3);
    nav_grid_set(&g, 2, 1, 1);
    uint64_t third = NAV_UNIT_STRAIGHT / 3;
    uint64_t got = turned_back_done(&m, &g, nav_pos(1, 1), nav_pos(2, 1), third);
    assert_true(got == 3 * NAV_UNIT_STRAIGHT - third * 3); /* 3 * 2^32 * third / 2^32, exact */
    got = turned_back_done(&m, &g, nav_pos(2, 1), nav_pos(1, 1), NAV_UNIT_STRAIGHT);
    assert_true(got == NAV_UNIT_STRAIGHT - NAV_UNIT_STRAIGHT / 3); /* a third of a step of cost 3 back onto floor */
    /* the largest need (a diagonal onto cost 15) back onto floor, and the other way: floor(a * b / c) exactly */
    nav_grid_set(&g, 1, 1, 1);
    nav_grid_set(&g, 2, 2, NAV_GRID_MAX_COST);
    uint64_t big = (uint64_t)NAV_GRID_MAX_COST * NAV_UNIT_DIAGONAL;
    for (uint64_t done = big - 5; done < big; done++) {
        got = turned_back_done(&m, &g, nav_pos(1, 1), nav_pos(2, 2), done);
        /* NAV_UNIT_DIAGONAL * done / big = done / 15, exact in 64 bits here */
        assert_true(got == NAV_UNIT_DIAGONAL - done / NAV_GRID_MAX_COST);
    }
    mover_deinit(&m);
    nav_grid_deinit(&g);
}

/* Speeds count in hundredths: every legal speed (two decimals, as level.c
 * reads them) gives ceil(hundredths x 2^32 / (100 x ticks)) exactly. */
static void test_speed_hundredths(void **state)
{
    (void)state;
    for (long h = 1; h <= 100000; h++) {
        double speed = (double)(h / 100) + (double)(h % 100) / 100.0; /* level.c's parse_speed */
        for (int hz = 1; hz <= 240; hz += (hz < 60 ? 59 : 60)) {
            uint64_t per = 100 * (uint64_t)hz;
            uint64_t want = ((uint64_t)h * NAV_UNIT_STRAIGHT + per - 1) / per;
            if (mover_speed(speed, hz) != want)
                fail_msg("speed %.2f at %d Hz: %llu units, not %llu", speed, hz,
                         (unsigned long long)mover_speed(speed, hz), (unsigned long long)want);
        }
    }
    assert_true(mover_speed(4.0, 60) == (4 * NAV_UNIT_STRAIGHT + 59) / 60);
    assert_true(mover_speed(0.0, 60) == 1 && mover_speed(-1.0, 60) == 1 && mover_speed(1e300, 60) > 0);
    assert_true(mover_speed(0.004, 60) == 1); /* rounds to 0 hundredths: still moves */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timing),           cmocka_unit_test(test_facings),
        cmocka_unit_test(test_retarget),         cmocka_unit_test(test_refuses_bad_paths),
        cmocka_unit_test(test_random_retargets_stay_safe),
        cmocka_unit_test(test_turn_back_exact),  cmocka_unit_test(test_speed_hundredths),
    };
    return cmocka_run_group_tests_name("mover", tests, NULL, NULL);
}
