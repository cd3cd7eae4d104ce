/* SPDX-License-Identifier: MIT */
/* test_solve.c - the stealth solver (solve.c) on small text fixtures: a
 * level won only by waiting for a patrol to pass, one won only off the
 * shortest path, one a guard makes unwinnable unseen, one won only with a
 * lure; every plan replays to a win no sentry notices, and the margin means
 * what it says (shifts within it win, one tick more fails). Levels that
 * need no lure are solved without one, by the same work as with lures
 * forbidden. Also: free play, the work budget, a margin known exactly on a
 * level without sentries, a level whose energy allows few orders of its
 * cells, and a lure's energy counted. */
#include "testlevel.h"

#include "level.h"
#include "sim.h"
#include "solve.h"

/* A patrol walks the long hall; the droid must cross it at the gap while
 * the sentry is at the far end. */
static const char *wait_level = TEST_PATROL_HALL;

/* The straight way along the top passes the guard's alcove, where every
 * step is heard; the way round the bottom is out of its sight and hearing. */
static const char *detour_level = "###############\n"
                                  "#@..........>*#\n"
                                  "#.#####.#####.#\n"
                                  "#.#####S#####.#\n"
                                  "#.###########.#\n"
                                  "#.............#\n"
                                  "###############\n";

/* The cell lies beside the guard: stepping on it is always heard. */
static const char *stare_level = "##############\n"
                                 "#@..........S#\n"
                                 "###########*##\n"
                                 "###########>##\n"
                                 "##############\n";

/* The guard in the alcove hears every step along the corridor near it,
 * the only way to the exit. A shaft leads up from its post and west along
 * the top to a dead end that the droid, at the start, sees across a column
 * of water: a lure there sends the guard 8 steps away, out of earshot of
 * the corridor and its back to the droid's way. */
static const char *lure_level = "#######################\n"
                                "#####.......###########\n"
                                "#####~#####.###########\n"
                                "#####~#####S###########\n"
                                "#####~#####.###########\n"
                                "#....@...............>#\n"
                                "#######################\n";

/* No sentries: the cell four steps one way, the exit the other way. */
static const char *plain_level = "########\n"
                                 "#>@...*#\n"
                                 "########\n";

/* No sentries, seven cells and little energy: 17 to start, 5 a cell.
 * Walking alone, 38 of the 5040 orders of the cells reach the exit (2 with
 * 13 to start, none with 11); standing costs energy too (SIM_STAND_DRAIN),
 * so the waits that give a plan its margin take part of what is left. A
 * search that tries the cells as they come drowns in the other orders
 * (without a bound on the energy still needed, 40 million ticks were not
 * enough). */
static const char *tight_grid = "###############\n"
                                "#...........*.#\n"
                                "#.>....######.#\n"
                                "#*....###...###\n"
                                "#......@......#\n"
                                "#.......####*.#\n"
                                "#....#*.....*.#\n"
                                "#..*.#...*....#\n"
                                "###############\n";

/* The tight level's text with `energy` to start. */
static void tight_text(char *text, size_t size, int energy)
{
    snprintf(text, size, "energy: %d\ncell: 5\n%s", energy, tight_grid);
}

static SolveOptions options(bool margin)
{
    SolveOptions o = solve_options_default();
    o.margin = margin;
    o.max_seconds = 0; /* the work budget alone: the same result under sanitizers */
    return o;
}

/* The level needs no lure: the plan has none, and forbidding lures finds
 * the same plan by the same work. */
static void same_without_lures(const Level *l, const SolveResult *r)
{
    assert_int_equal(solve_lure_count(r->cmd, r->count), 0);
    SolveOptions o = options(true);
    o.lures = false;
    SolveResult plain;
    assert_int_equal(solve_level(l, &o, &plain), SOLVE_SOLVED);
    assert_int_equal(plain.count, r->count);
    for (int i = 0; i < r->count; i++) {
        assert_true(plain.cmd[i].tick == r->cmd[i].tick && plain.cmd[i].type == r->cmd[i].type);
        assert_true(nav_pos_eq(plain.cmd[i].to, r->cmd[i].to));
    }
    assert_int_equal(plain.margin, r->margin);
    assert_int_equal(plain.work, r->work);
    assert_int_equal(plain.nodes, r->nodes);
    solve_result_free(&plain);
}

/* Gives the gotos one after the other, each as soon as the droid stands
 * still (the first at tick 0): true when a sentry notices the droid. */
static bool seen_without_waiting(const Level *l, const NavPos *to, int n)
{
    Sim s;
    assert_true(sim_init(&s, l));
    bool seen = false;
    for (int k = 0, t = 0; t < 60 * 120 && s.state.status == SIM_PLAYING && !seen; t++) {
        if (k < n && !s.state.droid.moving && mover_remaining(&s.state.droid) == 0) {
            SimCmd c = {SIM_CMD_GOTO, to[k].x, to[k].y};
            sim_command(&s, &c);
            k++;
        }
        sim_tick(&s);
        for (int i = 0; i < s.work.event_count; i++)
            seen |= s.work.events[i].type == SIM_EV_ALERT;
    }
    sim_deinit(&s);
    return seen;
}

/* The plan's targets, given without waiting. */
static bool plan_seen_without_waiting(const Level *l, const SolveResult *r)
{
    NavPos to[64];
    assert_true(r->count <= 64);
    for (int i = 0; i < r->count; i++)
        to[i] = r->cmd[i].to;
    return seen_without_waiting(l, to, r->count);
}

/* Solves text; checks the plan wins unseen from the start and that the
 * reported numbers are the replay's. */
static void solve_ok(const char *text, Level *l, SolveResult *r)
{
    *l = test_level_from_text(text);
    SolveOptions o = options(true);
    assert_int_equal(solve_level(l, &o, r), SOLVE_SOLVED);
    assert_true(r->count > 0);
    for (int i = 1; i < r->count; i++)
        assert_true(r->cmd[i].tick >= r->cmd[i - 1].tick);
    SolveOutcome out;
    assert_true(solve_replay(l, r->cmd, r->count, &out, NULL));
    assert_true(out.won);
    assert_false(out.seen);
    assert_true(out.play_ticks == r->play_ticks && out.steps == r->steps && out.energy_used == r->energy_used);
    assert_true(r->margin >= 0);
    assert_int_equal(solve_margin(l, r->cmd, r->count, SOLVE_MARGIN_CAP, NULL, 0), r->margin);
}

static bool shifted_wins(const Level *l, const SolveResult *r, int k, long by)
{
    SolveCmd plan[64];
    assert_true(r->count <= 64);
    memcpy(plan, r->cmd, (size_t)r->count * sizeof *plan);
    if (by < 0 && plan[k].tick < (uint64_t)-by)
        return true; /* before the start: not a shift the margin counts */
    plan[k].tick = (uint64_t)((long)plan[k].tick + by);
    /* keep the list in tick order, as a recording would be */
    while (k > 0 && plan[k].tick < plan[k - 1].tick) {
        SolveCmd t = plan[k];
        plan[k] = plan[k - 1];
        plan[k - 1] = t;
        k--;
    }
    while (k + 1 < r->count && plan[k].tick > plan[k + 1].tick) {
        SolveCmd t = plan[k];
        plan[k] = plan[k + 1];
        plan[k + 1] = t;
        k++;
    }
    SolveOutcome out;
    return solve_replay(l, plan, r->count, &out, NULL);
}

/* Every command moved by -m..+m (a few of them) wins; when m is below the
 * cap, some command moved by m + 1 one way fails. */
static void check_margin(const Level *l, const SolveResult *r)
{
    int m = r->margin;
    for (int k = 0; k < r->count; k++)
        for (int by = -m; by <= m; by += m > 4 ? m / 4 : 1)
            if (!shifted_wins(l, r, k, by))
                fail_msg("command %d moved by %d ticks loses, inside the margin %d", k, by, m);
    if (m >= SOLVE_MARGIN_CAP)
        return;
    bool fails = false;
    for (int k = 0; k < r->count && !fails; k++)
        fails = !shifted_wins(l, r, k, m + 1) || !shifted_wins(l, r, k, -(m + 1));
    assert_true(fails);
}

static void test_wait_for_the_patrol(void **state)
{
    (void)state;
    Level l;
    SolveResult r;
    solve_ok(wait_level, &l, &r);
    /* the same walks without waits are seen: the plan's waits matter */
    assert_true(plan_seen_without_waiting(&l, &r));
    NavPos direct[2] = {{6, 5}, {25, 5}};
    assert_true(seen_without_waiting(&l, direct, 2));
    assert_true(r.margin >= SOLVE_MARGIN_GOAL);
    check_margin(&l, &r);
    same_without_lures(&l, &r);
    solve_result_free(&r);
    level_free(&l);
}

static void test_detour(void **state)
{
    (void)state;
    Level l;
    SolveResult r;
    solve_ok(detour_level, &l, &r);
    /* straight to the cell is heard, however long the droid waits first */
    for (int wait = 0; wait <= 600; wait += 60) {
        SolveCmd direct[2] = {{(uint64_t)wait, {13, 1}, SIM_CMD_GOTO}, {(uint64_t)wait + 400, {12, 1}, SIM_CMD_GOTO}};
        SolveOutcome out;
        assert_false(solve_replay(&l, direct, 2, &out, NULL));
        assert_true(out.seen);
    }
    /* so the plan walks somewhere that is neither the cell nor the exit first */
    assert_false(r.cmd[0].to.x == 13 && r.cmd[0].to.y == 1);
    assert_false(r.cmd[0].to.x == 12 && r.cmd[0].to.y == 1);
    check_margin(&l, &r);
    same_without_lures(&l, &r);
    solve_result_free(&r);
    level_free(&l);
}

static void test_unsolvable(void **state)
{
    (void)state;
    Level l = test_level_from_text(stare_level);
    SolveOptions o = options(true);
    SolveResult r;
    assert_int_equal(solve_level(&l, &o, &r), SOLVE_EXHAUSTED);
    assert_null(r.cmd);
    assert_int_equal(r.count, 0);
    assert_string_equal(solve_status_name(r.status), "exhausted");
    solve_result_free(&r);
    /* walking straight there is noticed */
    SolveCmd seen[2] = {{0, {11, 2}, SIM_CMD_GOTO}, {200, {11, 3}, SIM_CMD_GOTO}};
    SolveOutcome out;
    assert_false(solve_replay(&l, seen, 2, &out, NULL));
    assert_true(out.seen);
    level_free(&l);
}

/* Without sentries the margin is the slack between arriving and the next
 * command: the cell is reached at tick 60, the exit goto comes 10 ticks
 * later, so 11 ticks either way turns the droid back before the cell. */
static void test_margin_exact(void **state)
{
    (void)state;
    Level l = test_level_from_text(plain_level);
    SolveCmd plan[2] = {{0, {6, 1}, SIM_CMD_GOTO}, {0, {1, 1}, SIM_CMD_GOTO}};
    plan[1].tick = 4 * 15 + 10; /* four floor steps of 15 ticks, then 10 ticks still */
    SolveOutcome out;
    assert_true(solve_replay(&l, plan, 2, &out, NULL));
    assert_int_equal(solve_margin(&l, plan, 2, SOLVE_MARGIN_CAP, NULL, 0), 10);
    plan[1].tick = 4 * 15 - 1; /* before the droid arrives: the walk is cut short */
    assert_false(solve_replay(&l, plan, 2, &out, NULL));
    assert_int_equal(solve_margin(&l, plan, 2, SOLVE_MARGIN_CAP, NULL, 0), -1);
    plan[1].tick = 4 * 15 + 100; /* more slack than the cap: the cap */
    assert_int_equal(solve_margin(&l, plan, 2, 30, NULL, 0), 30);
    /* the solver's own plan there waits SOLVE_ROBUST_DEFAULT ticks at the cell */
    SolveOptions o = options(true);
    SolveResult r;
    assert_int_equal(solve_level(&l, &o, &r), SOLVE_SOLVED);
    assert_int_equal(r.count, 2);
    assert_int_equal(r.margin, SOLVE_ROBUST_DEFAULT);
    check_margin(&l, &r);
    solve_result_free(&r);
    level_free(&l);
}

static void test_tight_energy(void **state)
{
    (void)state;
    Level l;
    SolveResult r;
    char text[512];
    tight_text(text, sizeof text, 17);
    solve_ok(text, &l, &r);
    assert_true(r.margin >= SOLVE_MARGIN_GOAL);
    check_margin(&l, &r);
    /* found straight away, not after the budget: a few nodes, little work */
    assert_true(r.nodes <= 3 * 8);
    assert_true(r.work < SOLVE_WORK_DEFAULT / 100);
    solve_result_free(&r);
    level_free(&l);
    /* with 11 no order reaches the exit: no search at all */
    tight_text(text, sizeof text, 11);
    l = test_level_from_text(text);
    SolveOptions o = options(true);
    assert_int_equal(solve_level(&l, &o, &r), SOLVE_EXHAUSTED);
    assert_int_equal(r.work, 0);
    solve_result_free(&r);
    level_free(&l);
}

static void test_no_exit_and_budget(void **state)
{
    (void)state;
    Level l = test_level_from_text("#####\n#@.*#\n#####\n");
    SolveOptions o = options(false);
    SolveResult r;
    assert_int_equal(solve_level(&l, &o, &r), SOLVE_NO_EXIT);
    solve_result_free(&r);
    level_free(&l);
    l = test_level_from_text(wait_level);
    o.max_work = 1000; /* far too little to find the wait */
    assert_int_equal(solve_level(&l, &o, &r), SOLVE_BUDGET);
    assert_null(r.cmd);
    assert_true(r.work < 1000 + SOLVE_WALK_MAX + SOLVE_MAX_WAIT);
    solve_result_free(&r);
    /* without --margin the first verified win is kept, margin unmeasured */
    o = options(false);
    assert_int_equal(solve_level(&l, &o, &r), SOLVE_SOLVED);
    assert_int_equal(r.margin, -1);
    SolveOutcome out;
    assert_true(solve_replay(&l, r.cmd, r.count, &out, NULL));
    solve_result_free(&r);
    level_free(&l);
}

/* The plan without its lures: its gotos at their ticks. */
static int gotos_of(const SolveResult *r, SolveCmd *out)
{
    int n = 0;
    for (int i = 0; i < r->count; i++)
        if (r->cmd[i].type == SIM_CMD_GOTO)
            out[n++] = r->cmd[i];
    return n;
}

static void test_lure_needed(void **state)
{
    (void)state;
    Level l;
    SolveResult r;
    solve_ok(lure_level, &l, &r);
    assert_true(r.margin >= SOLVE_MARGIN_GOAL);
    check_margin(&l, &r);
    /* a lure into the dead end along the top sends the guard */
    int lures = 0;
    for (int i = 0; i < r.count; i++)
        if (r.cmd[i].type == SIM_CMD_LURE) {
            assert_int_equal(r.cmd[i].to.y, 1);
            assert_true(r.cmd[i].to.x >= 5 && r.cmd[i].to.x <= 8);
            lures++;
        } else {
            assert_int_equal(r.cmd[i].type, SIM_CMD_GOTO);
        }
    assert_int_equal(lures, solve_lure_count(r.cmd, r.count));
    assert_true(lures >= 1);
    /* the same gotos without the lures are heard */
    SolveCmd gotos[64];
    assert_true(r.count <= 64);
    SolveOutcome out;
    assert_false(solve_replay(&l, gotos, gotos_of(&r, gotos), &out, NULL));
    assert_true(out.seen);
    solve_result_free(&r);
    /* without lures every plan is heard */
    SolveOptions o = options(true);
    o.lures = false;
    assert_int_equal(solve_level(&l, &o, &r), SOLVE_EXHAUSTED);
    assert_null(r.cmd);
    solve_result_free(&r);
    level_free(&l);
}

/* A lure costs SIM_LURE_COST: the walk to the exit costs 16, so with 20
 * to start the lure and the wait are paid for, with 19 no plan is. */
static void test_lure_energy(void **state)
{
    (void)state;
    char text[512];
    snprintf(text, sizeof text, "energy: 20\n%s", lure_level);
    Level l;
    SolveResult r;
    solve_ok(text, &l, &r);
    assert_true(solve_lure_count(r.cmd, r.count) >= 1);
    assert_true(r.energy_used >= (uint64_t)(16 * NAV_UNIT_STRAIGHT + SIM_LURE_COST));
    solve_result_free(&r);
    level_free(&l);
    snprintf(text, sizeof text, "energy: 19\n%s", lure_level);
    l = test_level_from_text(text);
    SolveOptions o = options(true);
    assert_int_equal(solve_level(&l, &o, &r), SOLVE_EXHAUSTED);
    solve_result_free(&r);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wait_for_the_patrol), cmocka_unit_test(test_detour),
        cmocka_unit_test(test_unsolvable),          cmocka_unit_test(test_margin_exact),
        cmocka_unit_test(test_no_exit_and_budget), cmocka_unit_test(test_tight_energy),
        cmocka_unit_test(test_lure_needed),        cmocka_unit_test(test_lure_energy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
