/* SPDX-License-Identifier: MIT */
/* test_sim_jumps.c - the play's searches on the level's jump table
 * (Sim.jumps): after each edit the table is out of date and searches run
 * A*, until sim_tick has made it again SIM_JUMPS_TICK_WORK a tick; then
 * JPS. Every path, either way, is as short as the brute-force reference's;
 * a copy made while the table is being made has it ready at the same tick
 * (test_plan.c has an edit during a walk's search). */
#include "testlevel.h"

#include <math.h>

#include "sim.h"
#include "tile.h"

enum { W = 300, H = 240 }; /* a jump table of more than one tick's work */

/* Rooms of floor with rough patches, doors and walls, the droid top left. */
static Level rough_level(uint64_t *seed)
{
    static char text[(W + 1) * H + 64];
    int n = snprintf(text, sizeof text, "name: Rough\n");
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            uint32_t r = test_rand(seed) % 100;
            char c = r < 12 ? '#' : r < 14 ? '+' : ((x / 6 + y / 5) % 3 == 0) ? ',' : '.';
            if (x == 0 && y == 0)
                c = '@';
            text[n++] = c;
        }
        text[n++] = '\n';
    }
    text[n] = '\0';
    return test_level_from_text(text);
}

/* A search by the play's rules from the droid's tile to t: NAV_DONE with
 * the length of plain A* (tests/nav check it against brute force), or no
 * path where A* finds none. */
static void plan_checked(Sim *s, NavQuery *st, NavPos t, bool want_jps)
{
    NavPos from = s->state.droid.tile, end;
    NavQueryResult ref;
    double want = nav_query_find(st, &s->terrain->grid, from, t, NULL, &ref) == NAV_DONE ? ref.length : -1;
    NavStatus r = sim_plan(s, st, from, t, &end);
    if (want < 0 || !nav_grid_walkable(&s->terrain->grid, t.x, t.y)) {
        assert_true(r != NAV_DONE);
        return;
    }
    assert_int_equal(r, NAV_DONE);
    assert_int_equal(nav_query_result(st)->planner == NAV_PLANNER_JPS, want_jps);
    if (fabs(test_check_walk(st, &s->terrain->grid, NAV_TOPO_8) - want) > 1e-9)
        fail_msg("%d,%d -> %d,%d: length %.9f, reference %.9f", from.x, from.y, t.x, t.y,
                 nav_query_result(st)->length, want);
}

static void test_edits_between_searches(void **state)
{
    (void)state;
    uint64_t seed = 5;
    Level l = rough_level(&seed);
    Sim s, copy;
    memset(&copy, 0, sizeof copy);
    assert_true(sim_init(&s, &l));
    NavQuery *st = nav_query_create(W, H);
    assert_non_null(st);
    assert_true(nav_jumps_current(s.jumps, &s.terrain->grid)); /* made whole at the start */
    const long ticks_to_make = (nav_jumps_work(&s.terrain->grid) + SIM_JUMPS_TICK_WORK - 1) / SIM_JUMPS_TICK_WORK;
    static const TileKind kinds[] = {TILE_WALL, TILE_FLOOR, TILE_ROUGH, TILE_DOOR};
    int checked = 0;
    for (int edit = 0; edit < 30; edit++) {
        NavPos t = nav_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H));
        for (int q = 0; q < 4; q++)
            plan_checked(&s, st, nav_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H)), true);
        TileKind k = kinds[test_rand(&seed) % 4];
        if (nav_pos_eq(t, s.state.droid.tile) || nav_grid_cost(&s.terrain->grid, t.x, t.y) == tile_info(k)->cost)
            continue; /* the droid's own tile, or no change of cost */
        sim_edit_tile(&s, t.x, t.y, tile_info(k)->glyph);
        assert_false(nav_jumps_current(s.jumps, &s.terrain->grid));
        for (int q = 0; q < 4; q++, checked++)
            plan_checked(&s, st, nav_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H)), false);
        sim_tick(&s);
        bool copied = false;
        long ticks = 1;
        while (!nav_jumps_current(s.jumps, &s.terrain->grid)) {
            if (!copied) { /* a copy while the table is half made: a clone, ready at the same tick */
                assert_true(sim_copy(&copy, &s));
                assert_false(copy.jumps == s.jumps);
                copied = true;
            }
            sim_tick(&s);
            if (copied)
                sim_tick(&copy);
            ticks++;
            if (copied)
                assert_int_equal(nav_jumps_current(copy.jumps, &copy.terrain->grid), nav_jumps_current(s.jumps, &s.terrain->grid));
        }
        assert_true(ticks <= ticks_to_make);
        assert_true(copied); /* the table took more than a tick */
        assert_true(sim_copy(&copy, &s)); /* complete: shared */
        assert_true(copy.jumps == s.jumps);
        for (int q = 0; q < 4; q++, checked++)
            plan_checked(&s, st, nav_pos((int)(test_rand(&seed) % W), (int)(test_rand(&seed) % H)), true);
    }
    assert_true(checked > 150);
    nav_query_destroy(st);
    sim_deinit(&copy);
    sim_deinit(&s);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edits_between_searches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
