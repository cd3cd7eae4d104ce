/* SPDX-License-Identifier: MIT */
/* test_plan.c - the droid's walks planned over several ticks (sim.c,
 * SIM_PLAN_TICK_WORK): a click whose search needs more than a tick's work
 * lets the droid finish its step and wait, is searched no more than a
 * tick's work a tick, then walks the same optimal path a one-shot search
 * finds; a copy taken mid-plan goes on exactly as the original; a new order
 * replaces the plan; a short walk is still planned in the tick it is asked
 * for. The level is a serpentine too long to search in one tick, even
 * with jump point search. */
#include "testlevel.h"

#include <math.h>

#include "level.h"
#include "predict.h"
#include "sim.h"

/* A serpentine of corridors two tiles wide: every row pair is open, the
 * walls between them leave a gap at alternate ends. Start top left, the
 * far end bottom right. The ground is a checkerboard of floor and rough
 * ground: every tile is an edge of two costs, where jump point search (the
 * play's planner) stops, so it expands nearly every tile as A* does. */
static char *serpentine_text(int w, int h)
{
    size_t cap = (size_t)(w + 1) * (size_t)h + 64, n = 0;
    char *t = malloc(cap);
    assert_non_null(t);
    n += (size_t)snprintf(t, cap, "name: Serpentine\n");
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            char c = (x + y) % 2 ? ',' : '.';
            if (y % 3 == 2) { /* a wall row, open at one end */
                bool gap_right = (y / 3) % 2 == 0;
                c = (gap_right ? x >= w - 2 : x < 2) ? '.' : '#';
            }
            if (x == 0 && y == 0)
                c = '@';
            t[n++] = c;
        }
        t[n++] = '\n';
    }
    t[n] = '\0';
    return t;
}

typedef struct Fixture {
    char *text;
    Level level;
} Fixture;

enum { SIDE = 760 }; /* about 385000 open tiles: more than one tick's search */

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    f->text = serpentine_text(SIDE, SIDE);
    f->level = test_level_from_text(f->text);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    level_free(&f->level);
    free(f->text);
    free(f);
    return 0;
}

static NavPos far_end(void)
{
    return nav_pos(SIDE - 1, SIDE - 1); /* SIDE - 1 is a corridor row */
}

static bool has_event(const Sim *s, SimEventType type, const SimEvent **out)
{
    for (int i = 0; i < s->work.event_count; i++)
        if (s->work.events[i].type == type) {
            if (out)
                *out = &s->work.events[i];
            return true;
        }
    return false;
}

/* The one-shot search the sliced one must agree with. */
static NavQuery *one_shot(Sim *s, NavPos from, NavPos goal, NavPos *end)
{
    NavQuery *st = nav_query_create(s->terrain->w, s->terrain->h);
    assert_non_null(st);
    assert_int_equal(sim_plan(s, st, from, goal, end), NAV_DONE);
    return st;
}

static void test_long_plan_spans_ticks(void **state)
{
    Fixture *f = *state;
    Sim s;
    assert_true(sim_init(&s, &f->level));
    NavPos goal = far_end(), end;
    NavQuery *ref = one_shot(&s, f->level.start, goal, &end);
    assert_true(nav_query_result(ref)->expanded > SIM_PLAN_TICK_WORK);

    sim_command(&s, &(SimCmd){SIM_CMD_GOTO, goal.x, goal.y});
    assert_int_equal(s.state.planning, SIM_PLAN_GOTO);
    assert_false(has_event(&s, SIM_EV_PATH, NULL));
    assert_true(s.state.plan_work > 0 && s.state.plan_work <= SIM_PLAN_TICK_WORK);
    /* the command searched its tick's share: that tick searches no more, so
     * the click's frame pays for one share, not two */
    long asked = s.state.plan_work;
    sim_tick(&s);
    assert_int_equal(s.state.plan_work, asked);
    int ticks = 1;
    const SimEvent *ev = NULL;
    while (s.state.planning) {
        long before = s.state.plan_work;
        sim_tick(&s);
        ticks++;
        assert_true(s.state.plan_work - before <= SIM_PLAN_TICK_WORK);
        assert_true(nav_pos_eq(s.state.droid.tile, f->level.start)); /* it waits where it stands */
        assert_false(s.state.droid.moving && s.state.planning);
        assert_true(ticks < 100);
    }
    assert_true(has_event(&s, SIM_EV_PATH, &ev));
    assert_true(ticks >= 1);
    /* the walk is the one-shot search's optimal path */
    const NavQueryResult *r = nav_query_result(ref);
    assert_int_equal(ev->a, r->steps);
    assert_true(ev->length == r->length);
    assert_int_equal(mover_remaining(&s.state.droid), r->steps);
    for (int i = 0; i < r->steps; i++)
        assert_true(nav_pos_eq(mover_walk_tile(&s.state.droid, i), nav_query_tile(ref, i)));
    nav_query_destroy(ref);
    sim_deinit(&s);
}

/* A copy taken while the plan is under way, and on through the walk, has
 * the original's hash every tick (the plan's progress is in the hash). */
static void test_copy_mid_plan(void **state)
{
    Fixture *f = *state;
    Sim a, b;
    assert_true(sim_init(&a, &f->level));
    memset(&b, 0, sizeof b);
    NavPos goal = far_end();
    sim_command(&a, &(SimCmd){SIM_CMD_GOTO, goal.x, goal.y});
    assert_int_equal(a.state.planning, SIM_PLAN_GOTO);
    assert_true(sim_copy(&b, &a));
    assert_int_equal(b.state.planning, SIM_PLAN_GOTO);
    uint64_t planning_hash = sim_hash(&a);
    for (int i = 0; i < 400; i++) {
        assert_int_equal(sim_hash(&a), sim_hash(&b));
        sim_tick(&a);
        sim_tick(&b);
    }
    assert_int_equal(a.state.planning, SIM_PLAN_NONE);
    assert_true(a.state.steps > 10);
    assert_int_equal(sim_hash(&a), sim_hash(&b));
    /* the hash says that a plan is under way */
    Sim c;
    assert_true(sim_init(&c, &f->level));
    assert_true(sim_hash(&c) != planning_hash);
    sim_deinit(&a);
    sim_deinit(&b);
    sim_deinit(&c);
}

/* A tile edited while the walk is being planned: the search starts again
 * on the new tiles (A*, as the jump table is being made again), and the
 * droid walks the one-shot search's optimal path on them. */
static void test_edit_during_plan(void **state)
{
    Fixture *f = *state;
    Sim s;
    assert_true(sim_init(&s, &f->level));
    NavPos goal = far_end(), end;
    sim_command(&s, &(SimCmd){SIM_CMD_GOTO, goal.x, goal.y});
    assert_int_equal(s.state.planning, SIM_PLAN_GOTO);
    NavPos block = nav_pos(SIDE / 2, 1); /* in the first corridor */
    sim_edit_tile(&s, block.x, block.y, '#');
    assert_int_equal(s.state.planning, SIM_PLAN_GOTO);
    for (int i = 0; i < 100 && s.state.planning; i++)
        sim_tick(&s);
    assert_int_equal(s.state.planning, SIM_PLAN_NONE);
    NavQuery *ref = one_shot(&s, f->level.start, goal, &end);
    const NavQueryResult *r = nav_query_result(ref);
    assert_int_equal(mover_remaining(&s.state.droid), r->steps);
    double len = 0;
    NavPos at = f->level.start;
    for (int i = 0; i < r->steps; i++) {
        NavPos t = mover_walk_tile(&s.state.droid, i);
        assert_false(nav_pos_eq(t, block));
        assert_true(nav_grid_can_step(&s.terrain->grid, at.x, at.y, t.x - at.x, t.y - at.y));
        len += nav_grid_cost(&s.terrain->grid, t.x, t.y) * (t.x != at.x && t.y != at.y ? 1.4142135623730951 : 1.0);
        at = t;
    }
    assert_true(nav_pos_eq(at, goal));
    assert_true(fabs(len - r->length) < 1e-6);
    nav_query_destroy(ref);
    sim_deinit(&s);
}

/* An order given while a long plan is under way replaces it; a short walk
 * is planned and started in the tick it is asked for. */
static void test_new_order_replaces_plan(void **state)
{
    Fixture *f = *state;
    Sim s;
    assert_true(sim_init(&s, &f->level));
    NavPos goal = far_end();
    sim_command(&s, &(SimCmd){SIM_CMD_GOTO, goal.x, goal.y});
    assert_int_equal(s.state.planning, SIM_PLAN_GOTO);
    sim_tick(&s);
    sim_clear_events(&s);
    sim_command(&s, &(SimCmd){SIM_CMD_GOTO, 5, 1});
    assert_int_equal(s.state.planning, SIM_PLAN_NONE);
    const SimEvent *ev = NULL;
    assert_true(has_event(&s, SIM_EV_PATH, &ev));
    assert_int_equal(ev->x, 5);
    assert_int_equal(ev->y, 1);
    for (int i = 0; i < 200; i++)
        sim_tick(&s);
    assert_true(nav_pos_eq(s.state.droid.tile, nav_pos(5, 1)));
    /* a key step drops a plan under way */
    sim_command(&s, &(SimCmd){SIM_CMD_GOTO, goal.x, goal.y});
    assert_int_equal(s.state.planning, SIM_PLAN_GOTO);
    sim_command(&s, &(SimCmd){SIM_CMD_PUSH, 1, 0});
    assert_int_equal(s.state.planning, SIM_PLAN_NONE);
    sim_deinit(&s);
}

/* A click given mid-step: the droid finishes the step it is on, then waits
 * on that tile for the plan, which starts from there. */
static void test_plan_from_the_next_tile(void **state)
{
    Fixture *f = *state;
    Sim s;
    assert_true(sim_init(&s, &f->level));
    sim_command(&s, &(SimCmd){SIM_CMD_GOTO, 6, 0});
    for (int i = 0; i < 5; i++)
        sim_tick(&s);
    assert_true(s.state.droid.moving);
    NavPos next = s.state.droid.next;
    NavPos goal = far_end();
    sim_command(&s, &(SimCmd){SIM_CMD_GOTO, goal.x, goal.y});
    assert_int_equal(s.state.planning, SIM_PLAN_GOTO);
    assert_int_equal(mover_remaining(&s.state.droid), 1); /* only the step it is on */
    while (s.state.planning) {
        sim_tick(&s);
        assert_true(nav_pos_eq(mover_plan_tile(&s.state.droid), next)); /* never past that tile */
    }
    /* the walk is the one-shot search's from that tile, after the step to it */
    NavPos end;
    NavQuery *ref = one_shot(&s, next, goal, &end);
    const NavQueryResult *r = nav_query_result(ref);
    int skip = s.state.droid.moving ? 1 : 0;
    assert_int_equal(mover_remaining(&s.state.droid), r->steps + skip);
    for (int i = 0; i < r->steps; i++)
        assert_true(nav_pos_eq(mover_walk_tile(&s.state.droid, i + skip), nav_query_tile(ref, i)));
    nav_query_destroy(ref);
    sim_deinit(&s);
}

/* The prediction of such a click waits for the plan like the play does:
 * it is not "nothing to walk", and it runs on to an answer. */
static void test_prediction_waits_for_plan(void **state)
{
    Fixture *f = *state;
    char *text = strdup(f->text);
    size_t header = strlen("name: Serpentine\n");
    text[header + (size_t)(SIDE - 1) * (SIDE + 1) + 0] = 'S'; /* far away, bottom left */
    Level l = test_level_from_text(text);
    Sim s;
    assert_true(sim_init(&s, &l));
    assert_int_equal(s.state.sentries.count, 1);
    Predictor p;
    predict_init(&p);
    NavPos goal = far_end();
    assert_true(predict_begin(&p, &s, goal));
    assert_int_equal(p.result.outcome, PREDICT_RUNNING);
    assert_int_equal(p.sim.state.planning, SIM_PLAN_GOTO);
    PredictOutcome o = predict_run(&p, 0);
    assert_true(o == PREDICT_SEEN || o == PREDICT_UNSEEN || o == PREDICT_CUT);
    assert_int_equal(p.sim.state.planning, SIM_PLAN_NONE); /* it planned, and walked */
    assert_true(p.sim.state.steps > 0);
    predict_deinit(&p);
    sim_deinit(&s);
    level_free(&l);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_long_plan_spans_ticks),
        cmocka_unit_test(test_copy_mid_plan),
        cmocka_unit_test(test_edit_during_plan),
        cmocka_unit_test(test_new_order_replaces_plan),
        cmocka_unit_test(test_plan_from_the_next_tile),
        cmocka_unit_test(test_prediction_waits_for_plan),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
