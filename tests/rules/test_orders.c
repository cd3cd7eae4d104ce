/* SPDX-License-Identifier: MIT */
/* test_orders.c - plans of several legs (orders.h): legs are given one after
 * another (a wait from the tick it began, a walk when the droid stands at
 * its end, a lure at once); the prediction of a whole plan (predict.h) says
 * exactly what carrying it out on the real play does: the tick and the
 * energy at the end of every leg, and the leg and tick of a notice. */
#include "testlevel.h"

#include "level.h"
#include "orders.h"
#include "predict.h"
#include "sim.h"

/* A patrol walks the long hall; the droid crosses it at the gap. */
static const char *hall = "energy: 60\n" TEST_PATROL_HALL;

/* What carrying out o on the real play came to. */
typedef struct Carried {
    int legs_done;
    int leg_ticks[ORDERS_MAX];
    int64_t leg_energy[ORDERS_MAX];
    bool seen;
    int seen_leg, seen_ticks;
    int commands;
} Carried;

static Carried carry_out(const Level *l, const Orders *o, int ticks_first)
{
    Carried c = {0};
    Sim s;
    assert_true(sim_init(&s, l));
    for (int t = 0; t < ticks_first; t++) /* the play goes on a while before the plan */
        sim_tick(&s);
    uint64_t from = s.state.tick;
    OrdersRun run = {0};
    for (int t = 0; t < 60 * 60 && s.state.status == SIM_PLAYING && !c.seen; t++) {
        SimCmd cmd;
        OrdersNext n;
        int before = run.leg;
        while ((n = orders_next(o, &run, &s, &cmd)) == ORDERS_GIVE) {
            sim_command(&s, &cmd);
            c.commands++;
        }
        for (int i = before; i < run.leg; i++) {
            c.leg_ticks[i] = (int)(s.state.tick - from);
            c.leg_energy[i] = s.state.energy;
            c.legs_done = i + 1;
        }
        if (n == ORDERS_DONE)
            break;
        sim_tick(&s);
        for (int i = 0; i < s.work.event_count; i++)
            if (s.work.events[i].type == SIM_EV_ALERT && !c.seen) {
                c.seen = true;
                c.seen_leg = run.leg;
                c.seen_ticks = (int)(s.state.tick - from);
            }
    }
    sim_deinit(&s);
    return c;
}

static Prediction predict_plan(const Level *l, const Orders *o, int ticks_first)
{
    Sim s;
    assert_true(sim_init(&s, l));
    for (int t = 0; t < ticks_first; t++)
        sim_tick(&s);
    Predictor p;
    predict_init(&p);
    assert_true(predict_begin_orders(&p, &s, o));
    predict_run(&p, 0);
    Prediction r = p.result;
    predict_deinit(&p);
    sim_deinit(&s);
    return r;
}

static void test_legs_in_turn(void **state)
{
    (void)state;
    Orders o = {0};
    assert_true(orders_add(&o, (Order){ORDER_GOTO, nav_pos(13, 1), 0}));
    assert_true(orders_add(&o, (Order){ORDER_WAIT, nav_pos(13, 1), ORDER_WAIT_STEP}));
    assert_true(orders_add(&o, (Order){ORDER_WAIT, nav_pos(13, 1), ORDER_WAIT_STEP})); /* lengthens the wait */
    assert_int_equal(o.count, 2);
    assert_int_equal(o.leg[1].ticks, 2 * ORDER_WAIT_STEP);
    assert_true(orders_shorten_wait(&o, ORDER_WAIT_STEP));
    assert_int_equal(o.leg[1].ticks, ORDER_WAIT_STEP);
    assert_true(orders_add(&o, (Order){ORDER_GOTO, nav_pos(20, 1), 0}));
    assert_true(nav_pos_eq(orders_end(&o, nav_pos(3, 1)), nav_pos(20, 1)));
    /* a level without sentries: nothing notices, the legs run back to back */
    Level l = test_level_from_text("energy: 40\n"
                                   "########################\n"
                                   "#..@...................#\n"
                                   "########################\n");
    Carried c = carry_out(&l, &o, 0);
    assert_int_equal(c.legs_done, 3);
    assert_int_equal(c.commands, 2);
    /* 10 steps, 30 ticks standing, 7 steps: the wait is paid, the walks are not waited for */
    assert_int_equal(c.leg_ticks[1] - c.leg_ticks[0], ORDER_WAIT_STEP);
    int64_t u = (int64_t)NAV_UNIT_STRAIGHT;
    assert_true(c.leg_energy[0] == 40 * u - 10 * u);
    assert_true(c.leg_energy[1] == 30 * u - ORDER_WAIT_STEP * SIM_STAND_DRAIN);
    assert_true(c.leg_energy[2] == c.leg_energy[1] - 7 * u);
    Prediction p = predict_plan(&l, &o, 0);
    assert_int_equal(p.outcome, PREDICT_UNSEEN);
    assert_int_equal(p.legs_done, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(p.leg_ticks[i], c.leg_ticks[i]);
        assert_true(p.leg_energy[i] == c.leg_energy[i]);
    }
    level_free(&l);
}

/* Many plans on the patrol's hall, begun at many moments: the prediction
 * is what the play does, leg for leg, seen or not. */
static void test_prediction_is_exact(void **state)
{
    (void)state;
    Level l = test_level_from_text(hall);
    int seen = 0, unseen = 0;
    for (int first = 0; first < 600; first += 37)
        for (int wait = 0; wait <= 8; wait += 2) {
            Orders o = {0};
            orders_add(&o, (Order){ORDER_GOTO, nav_pos(13, 1), 0});
            if (wait)
                orders_add(&o, (Order){ORDER_WAIT, nav_pos(13, 1), wait * ORDER_WAIT_STEP});
            orders_add(&o, (Order){ORDER_GOTO, nav_pos(6, 5), 0});
            orders_add(&o, (Order){ORDER_GOTO, nav_pos(25, 5), 0});
            Carried c = carry_out(&l, &o, first);
            Prediction p = predict_plan(&l, &o, first);
            assert_int_equal(p.outcome == PREDICT_SEEN, c.seen);
            if (c.seen) {
                assert_int_equal(p.seen_leg, c.seen_leg);
                assert_int_equal(p.ticks, c.seen_ticks);
                seen++;
            } else {
                assert_int_equal(p.outcome, PREDICT_UNSEEN);
                assert_true(p.won);
                unseen++;
            }
            assert_int_equal(p.legs_done, c.legs_done);
            for (int i = 0; i < c.legs_done; i++) {
                assert_int_equal(p.leg_ticks[i], c.leg_ticks[i]);
                assert_true(p.leg_energy[i] == c.leg_energy[i]);
            }
        }
    /* both answers come up: the test looks at both */
    assert_true(seen > 0 && unseen > 0);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legs_in_turn),
        cmocka_unit_test(test_prediction_is_exact),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
