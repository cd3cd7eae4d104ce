/* SPDX-License-Identifier: MIT */
/* test_window.c - the departure window (window.c) against brute force: on
 * small fixtures with a patrolling sentry, every departure up to the
 * horizon and beyond is predicted on its own (a copy of the play waited on
 * tick by tick, a prediction at every tick), and the window read after
 * window_run (whole, or sliced as the game slices it while the play moves
 * on) says exactly what those predictions say: safe now and for how long,
 * or safe after how long and for how long, or not at all; for how long it
 * has been safe; a plan of several legs and a plan being carried out while
 * waiting as well. */
#include "testlevel.h"

#include "level.h"
#include "orders.h"
#include "predict.h"
#include "sim.h"
#include "window.h"

/* A patrol walks the long hall; the droid must cross it at the gap while
 * the sentry is at the far end (test_naive.c's). */
static const char *wait_level = TEST_PATROL_HALL;

/* The only way passes right beside a guard in its alcove: always seen. */
static const char *watched_level = TEST_WATCHED_WAY;

/* A patrol walks down the corridor to the droid's dead end: once it has
 * noticed the droid standing, no departure is safe. */
static const char *trap_level = "patrol: 10,1 2,1\n"
                                "############\n"
                                "#@........S#\n"
                                "#########.##\n"
                                "#########*##\n"
                                "#########>##\n"
                                "############\n";

enum { SPAN = 900 }; /* ticks of play brute force looks at, the horizon past the last `now` */

static Orders walk_to(NavPos t)
{
    Orders o = {.count = 0};
    assert_true(orders_add(&o, (Order){ORDER_GOTO, t, 0}));
    return o;
}

/* safe[t]: the plan o given at tick start->tick + t of the play left
 * standing from `start` (carrying out `running` meanwhile, as the game's
 * plan_give does) is predicted unseen. Every tick, its own prediction. */
static void brute_force(const Sim *start, const Orders *o, const Orders *running, bool *safe, int n)
{
    Sim s;
    memset(&s, 0, sizeof s);
    assert_true(sim_copy(&s, start));
    Predictor p;
    predict_init(&p);
    OrdersRun run = {0};
    bool on = running && running->count > 0;
    for (int t = 0; t < n; t++) {
        assert_true(predict_begin_orders(&p, &s, o));
        PredictOutcome out = predict_run(&p, 0);
        assert_int_not_equal(out, PREDICT_CUT);
        safe[t] = out == PREDICT_UNSEEN;
        SimCmd c;
        OrdersNext next = ORDERS_BUSY;
        while (on && (next = orders_next(running, &run, &s, &c)) == ORDERS_GIVE)
            sim_command(&s, &c);
        if (on && next == ORDERS_DONE)
            on = false;
        sim_tick(&s);
    }
    predict_deinit(&p);
    sim_deinit(&s);
}

/* What the window from tick `now` says by brute force (the look begun at
 * tick `begun`; ticks relative to the brute force's start). */
static Window expected(const bool *safe, int now, int begun)
{
    Window r = {.says = WINDOW_NOW, .settled = true};
    int last = now + WINDOW_HORIZON, t = now;
    assert_true(last < SPAN);
    if (!safe[t]) {
        while (t <= last && !safe[t])
            t++;
        if (t > last)
            return (Window){.says = WINDOW_NONE, .length = WINDOW_HORIZON + 1, .settled = true};
        r.says = WINDOW_LATER;
        r.start = t - now;
    } else {
        int u = now;
        while (u > begun && safe[u - 1])
            u--;
        r.since_seen = u > begun;
        r.elapsed = now - u;
    }
    int e = t;
    while (e <= last && safe[e])
        e++;
    r.length = e - t;
    r.open = e > last;
    return r;
}

static void same(Window got, Window want, int now)
{
    if (got.says != want.says || got.start != want.start || got.length != want.length || got.open != want.open ||
        got.settled != want.settled || got.elapsed != want.elapsed || got.since_seen != want.since_seen)
        fail_msg("tick %d: window says %d start %d length %d open %d settled %d elapsed %d seen %d; brute force "
                 "%d %d %d %d %d %d %d",
                 now, got.says, got.start, got.length, got.open, got.settled, got.elapsed, got.since_seen, want.says,
                 want.start, want.length, want.open, want.settled, want.elapsed, want.since_seen);
}

typedef struct Seen {
    int now, later, none;
} Seen;

/* The play moves on from `play` (a copy) tick by tick up to SPAN -
 * WINDOW_HORIZON - 1 ticks; a look begun at tick `begin` is moved along and
 * run `work` units a tick (<= 0: whole), and read at every tick once it
 * is settled: it must say what brute force says. Counts what it said. */
static Seen follow(const Sim *play, const Orders *o, const Orders *running, int begin, long work)
{
    static bool safe[SPAN];
    brute_force(play, o, running, safe, SPAN);
    Sim s;
    memset(&s, 0, sizeof s);
    assert_true(sim_copy(&s, play));
    OrdersRun run = {0};
    bool on = running && running->count > 0;
    WindowScan w;
    window_init(&w);
    Seen seen = {0};
    int unsettled = 0;
    for (int t = 0; t < SPAN - WINDOW_HORIZON - 1; t++) {
        if (t == begin)
            assert_true(window_begin(&w, &s, o, on ? running : NULL, &run));
        if (t >= begin) {
            assert_true(window_advance(&w, s.state.tick));
            int64_t spent = window_run(&w, work);
            if (work > 0) /* a budget is kept to a few copies and ticks */
                assert_true(spent <= work + 4 * (2 + s.terrain->w * s.terrain->h / WINDOW_COPY_TILES +
                                                 2 * (PREDICT_TICK_BASE + s.state.sentries.count)));
            Window got = window_read(&w), want = expected(safe, t, begin);
            assert_false(w.cut || w.failed || w.behind);
            if (got.settled) {
                same(got, want, t);
                seen.now += got.says == WINDOW_NOW;
                seen.later += got.says == WINDOW_LATER;
                seen.none += got.says == WINDOW_NONE;
                unsettled = 0;
            } else if (++unsettled >= 2 * SIM_TICK_HZ) {
                fail_msg("tick %d: two seconds without a settled window", t);
            } else { /* still looking: what it says is true, as far as it goes */
                assert_true(work > 0);
                if (got.says == WINDOW_NONE) /* none yet: the first safe one, if any, is further */
                    assert_true(want.says == WINDOW_NONE || (want.says == WINDOW_LATER && want.start >= got.length));
                else
                    assert_true(got.says == WINDOW_UNKNOWN || (got.says == want.says && got.start == want.start &&
                                                               got.open && got.length <= want.length));
            }
        }
        SimCmd c;
        OrdersNext next = ORDERS_BUSY;
        while (on && (next = orders_next(running, &run, &s, &c)) == ORDERS_GIVE)
            sim_command(&s, &c);
        if (on && next == ORDERS_DONE)
            on = false;
        sim_tick(&s);
    }
    assert_true(unsettled < 2 * SIM_TICK_HZ); /* sliced, it keeps up with the play */
    window_deinit(&w);
    sim_deinit(&s);
    return seen;
}

static void test_patrol_matches_brute_force(void **state)
{
    (void)state;
    Level l = test_level_from_text(wait_level);
    Sim s;
    assert_true(sim_init(&s, &l));
    Orders o = walk_to(nav_pos(6, 5));
    Seen seen = follow(&s, &o, NULL, 0, 0);
    /* the patrol comes and goes: safe now, safe later, both seen */
    assert_true(seen.now > 0 && seen.later > 0);
    /* begun later, and sliced as the game does */
    follow(&s, &o, NULL, 37, 30000);
    follow(&s, &o, NULL, 100, 20000);
    sim_deinit(&s);
    level_free(&l);
}

static void test_plan_of_legs(void **state)
{
    (void)state;
    Level l = test_level_from_text(wait_level);
    Sim s;
    assert_true(sim_init(&s, &l));
    /* to the gap, half a second there, then down to the cell */
    Orders o = walk_to(nav_pos(13, 1));
    assert_true(orders_add(&o, (Order){ORDER_WAIT, nav_pos(13, 1), ORDER_WAIT_STEP}));
    assert_true(orders_add(&o, (Order){ORDER_GOTO, nav_pos(6, 5), 0}));
    follow(&s, &o, NULL, 0, 0);
    follow(&s, &o, NULL, 11, 25000);
    sim_deinit(&s);
    level_free(&l);
}

static void test_running_plan_goes_on_while_waiting(void **state)
{
    (void)state;
    Level l = test_level_from_text(wait_level);
    Sim s;
    assert_true(sim_init(&s, &l));
    /* the plan carried out walks east and back while the window of a walk
     * to the cell is looked at: waiting, the droid still walks */
    Orders running = walk_to(nav_pos(20, 1));
    assert_true(orders_add(&running, (Order){ORDER_WAIT, nav_pos(20, 1), 2 * ORDER_WAIT_STEP}));
    assert_true(orders_add(&running, (Order){ORDER_GOTO, nav_pos(2, 1), 0}));
    Orders o = walk_to(nav_pos(6, 5));
    follow(&s, &o, &running, 0, 0);
    follow(&s, &o, &running, 0, 20000);
    sim_deinit(&s);
    level_free(&l);
}

static void test_no_safe_departure(void **state)
{
    (void)state;
    Level l = test_level_from_text(watched_level);
    Sim s;
    assert_true(sim_init(&s, &l));
    Orders o = walk_to(nav_pos(9, 1));
    WindowScan w;
    window_init(&w);
    assert_true(window_begin(&w, &s, &o, NULL, NULL));
    window_run(&w, 0);
    Window r = window_read(&w);
    assert_int_equal(r.says, WINDOW_NONE);
    assert_true(r.settled);
    /* steps of WINDOW_STEP, and no two differ: no tick between looked at */
    assert_int_equal(w.predictions, WINDOW_HORIZON / WINDOW_STEP + 1);
    Seen seen = follow(&s, &o, NULL, 0, 0);
    assert_true(seen.none > 0 && seen.now == 0 && seen.later == 0);
    window_deinit(&w);
    sim_deinit(&s);
    level_free(&l);
}

static void test_noticed_while_waiting(void **state)
{
    (void)state;
    Level l = test_level_from_text(trap_level);
    Sim s;
    assert_true(sim_init(&s, &l));
    Orders o = walk_to(nav_pos(9, 4));
    Seen seen = follow(&s, &o, NULL, 0, 0);
    assert_true(seen.none > 0);
    sim_deinit(&s);
    level_free(&l);
}

static void test_forget_and_behind(void **state)
{
    (void)state;
    Level l = test_level_from_text(wait_level);
    Sim s;
    assert_true(sim_init(&s, &l));
    Orders o = walk_to(nav_pos(6, 5));
    WindowScan w;
    window_init(&w);
    assert_int_equal(window_read(&w).says, WINDOW_UNKNOWN);
    assert_true(window_begin(&w, &s, &o, NULL, NULL));
    assert_int_equal(window_read(&w).says, WINDOW_UNKNOWN); /* nothing looked at yet */
    while (w.known == w.begun) /* a little at a time: the first departure */
        window_run(&w, 1);
    assert_true(w.known == s.state.tick + 1);
    for (int i = 0; i < 10; i++)
        sim_tick(&s);
    assert_false(window_advance(&w, s.state.tick)); /* the play went past what was looked at */
    assert_true(w.behind && !w.active);
    assert_int_equal(window_read(&w).says, WINDOW_UNKNOWN);
    assert_true(window_done(&w));
    assert_true(window_begin(&w, &s, &o, NULL, NULL));
    window_run(&w, 0);
    assert_true(window_read(&w).settled);
    window_forget(&w);
    assert_int_equal(window_read(&w).says, WINDOW_UNKNOWN);
    window_deinit(&w);
    window_deinit(&w); /* twice is harmless */
    sim_deinit(&s);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_patrol_matches_brute_force),
        cmocka_unit_test(test_plan_of_legs),
        cmocka_unit_test(test_running_plan_goes_on_while_waiting),
        cmocka_unit_test(test_no_safe_departure),
        cmocka_unit_test(test_noticed_while_waiting),
        cmocka_unit_test(test_forget_and_behind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
