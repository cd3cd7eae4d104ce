/* SPDX-License-Identifier: MIT */
/* test_naive.c - the wait-for-green player (naive.c) on small text
 * fixtures: with no sentry it walks the tour's order without waiting; it
 * waits for a patrol exactly until the preview turns green (no earlier
 * departure is green) and its gotos replay to the same win; a guard beside
 * the only way leaves no green departure; a patrol that walks up to the
 * droid notices it standing; free play and too little energy are not
 * played. */
#include "testlevel.h"

#include "level.h"
#include "naive.h"
#include "predict.h"
#include "sim.h"
#include "solve.h"
#include "tour.h"

/* No sentries: three cells, then the exit. */
static const char *plain_level = "##########\n"
                                 "#*.....*.#\n"
                                 "#.##@###.#\n"
                                 "#....*..>#\n"
                                 "##########\n";

/* A patrol walks the long hall; the droid must cross it at the gap while
 * the sentry is at the far end (test_solve.c's). */
static const char *wait_level = TEST_PATROL_HALL;

/* The only way passes right beside a guard in its alcove: always seen. */
static const char *watched_level = TEST_WATCHED_WAY;

/* A patrol walks down the corridor to the droid's dead end; the way out
 * leads past it. */
static const char *trap_level = "patrol: 10,1 2,1\n"
                                "############\n"
                                "#@........S#\n"
                                "#########.##\n"
                                "#########*##\n"
                                "#########>##\n"
                                "############\n";

/* The legs as a plan: replayed from the level's start it must win unseen,
 * at the clock the player reported. */
static void replays_to_the_win(const Level *l, const NaiveResult *r)
{
    SolveCmd plan[64];
    assert_true(r->count <= 64);
    for (int i = 0; i < r->count; i++)
        plan[i] = (SolveCmd){r->leg[i].depart, r->leg[i].to, SIM_CMD_GOTO};
    SolveOutcome out;
    assert_true(solve_replay(l, plan, r->count, &out, NULL));
    assert_true(out.play_ticks == r->play_ticks);
    assert_true(out.steps == r->steps);
    assert_true(out.energy_used == r->energy_used);
}

static void test_no_sentry_follows_the_tour(void **state)
{
    (void)state;
    Level l = test_level_from_text(plain_level);
    TourResult t;
    assert_int_equal(tour_plan(&l, &t), TOUR_WINNABLE);
    NaiveResult r;
    assert_int_equal(naive_play(&l, &r), NAIVE_WON);
    assert_true(r.played);
    assert_int_equal(r.count, t.cells + 1);
    for (int i = 0; i <= t.cells; i++) {
        assert_true(nav_pos_eq(r.leg[i].to, t.order[i]));
        assert_int_equal(r.leg[i].waited, 0);
        assert_int_equal(r.leg[i].exit, i == t.cells);
        assert_true(i == 0 || r.leg[i].depart == r.leg[i - 1].end);
    }
    assert_true(r.wait_ticks == 0);
    assert_int_equal(r.sentry, -1);
    assert_true(r.play_ticks == r.end_tick); /* no wait before the first goto: the clock ran throughout */
    replays_to_the_win(&l, &r);
    naive_result_free(&r);
    tour_free(&t);
    level_free(&l);
}

/* Would a goto to `to` on s now be predicted unseen? */
static bool green_now(Predictor *p, const Sim *s, NavPos to)
{
    assert_true(predict_begin(p, s, to));
    return predict_run(p, 0) == PREDICT_UNSEEN;
}

static void test_waits_for_the_patrol(void **state)
{
    (void)state;
    Level l = test_level_from_text(wait_level);
    NaiveResult r;
    assert_int_equal(naive_play(&l, &r), NAIVE_WON);
    assert_int_equal(r.count, 2);
    int w = r.leg[0].waited;
    assert_true(w > 0 && w <= NAIVE_MAX_WAIT && w % NAIVE_STEP_TICKS == 0);
    assert_true(r.leg[0].depart == (uint64_t)w);
    assert_true(nav_pos_eq(r.leg[0].to, nav_pos(6, 5)));
    assert_true(r.leg[1].exit);
    assert_true(r.wait_ticks == (uint64_t)(r.leg[0].waited + r.leg[1].waited));
    assert_true(r.predictions >= w / NAIVE_STEP_TICKS + 2);
    replays_to_the_win(&l, &r);

    /* the departure is the first green one: every earlier step is not */
    Sim s;
    Predictor p;
    predict_init(&p);
    assert_true(sim_init(&s, &l));
    for (int t = 0; t <= w; t++) {
        if (t % NAIVE_STEP_TICKS == 0)
            assert_int_equal(green_now(&p, &s, r.leg[0].to), t == w);
        if (t < w)
            sim_tick(&s);
    }
    predict_deinit(&p);
    sim_deinit(&s);

    /* and it is the same every time */
    NaiveResult again;
    assert_int_equal(naive_play(&l, &again), NAIVE_WON);
    assert_int_equal(again.count, r.count);
    for (int i = 0; i < r.count; i++)
        assert_true(nav_pos_eq(again.leg[i].to, r.leg[i].to) && again.leg[i].depart == r.leg[i].depart &&
                    again.leg[i].end == r.leg[i].end && again.leg[i].waited == r.leg[i].waited);
    assert_true(again.play_ticks == r.play_ticks && again.work == r.work);
    naive_result_free(&again);
    naive_result_free(&r);
    level_free(&l);
}

static void test_always_watched(void **state)
{
    (void)state;
    Level l = test_level_from_text(watched_level);
    NaiveResult r;
    assert_int_equal(naive_play(&l, &r), NAIVE_NO_SAFE_DEPARTURE);
    assert_string_equal(naive_end_name(r.end), "no-safe-departure");
    assert_int_equal(r.count, 0);
    assert_true(r.wait_ticks == NAIVE_MAX_WAIT);
    assert_int_equal(r.predictions, NAIVE_MAX_WAIT / NAIVE_STEP_TICKS + 1); /* one target, every step */
    assert_true(r.play_ticks == 0); /* no order given: the clock never started */
    naive_result_free(&r);
    level_free(&l);
}

static void test_seen_while_standing(void **state)
{
    (void)state;
    Level l = test_level_from_text(trap_level);
    NaiveResult r;
    assert_int_equal(naive_play(&l, &r), NAIVE_SEEN);
    assert_string_equal(naive_end_name(r.end), "seen");
    assert_int_equal(r.sentry, 0);
    assert_int_equal(r.count, 0);
    assert_true(r.wait_ticks > 0 && r.wait_ticks < NAIVE_MAX_WAIT);
    assert_true(r.end_tick == r.wait_ticks);
    /* no departure was looked at past the notice */
    assert_true(r.predictions <= (long)r.wait_ticks / NAIVE_STEP_TICKS + 1);
    naive_result_free(&r);
    level_free(&l);
}

static void test_not_played(void **state)
{
    (void)state;
    Level l = test_level_from_text("#####\n#@.*#\n#####\n");
    NaiveResult r;
    assert_int_equal(naive_play(&l, &r), NAIVE_NO_EXIT);
    assert_false(r.played);
    assert_int_equal(r.count, 0);
    naive_result_free(&r);
    level_free(&l);
    l = test_level_from_text("energy: 2\n########\n#@...*>#\n########\n");
    assert_int_equal(naive_play(&l, &r), NAIVE_NOT_WINNABLE);
    assert_false(r.played);
    assert_true(r.why[0] != '\0');
    assert_string_equal(naive_end_name(r.end), "not-winnable");
    naive_result_free(&r);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_sentry_follows_the_tour), cmocka_unit_test(test_waits_for_the_patrol),
        cmocka_unit_test(test_always_watched),             cmocka_unit_test(test_seen_while_standing),
        cmocka_unit_test(test_not_played),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
