/* SPDX-License-Identifier: MIT */
/* test_restart.c - sim_restart puts back only what play changed (the cells
 * taken, the doors opened; the droid and the sentries start afresh) and
 * gives the very play a fresh sim_init of the level gives: the same hash at
 * the start and tick for tick after the same commands, after random play on
 * the shipped levels, and after random edits given through sim_edit_tile
 * (cells, doors and exits painted and painted over, a taken cell painted
 * over), as the editor does; after an edit on a big level, the regions
 * labelled over ticks, the same whoever makes them. */
#include "testlevel.h"

#include "edit.h"
#include "level.h"
#include "sim.h"

static void random_play(Sim *s, uint64_t *seed, int ticks)
{
    for (int t = 0; t < ticks; t++) {
        uint32_t r = test_rand(seed) % 100;
        int x = (int)(test_rand(seed) % (uint32_t)s->terrain->w), y = (int)(test_rand(seed) % (uint32_t)s->terrain->h);
        if (r < 3)
            sim_command(s, &(SimCmd){SIM_CMD_GOTO, x, y});
        else if (r == 3)
            sim_command(s, &(SimCmd){SIM_CMD_HOLD, x, y});
        else if (r == 4)
            sim_command(s, &(SimCmd){SIM_CMD_RELEASE, 0, 0});
        sim_tick(s);
    }
}

/* s, restarted, plays as a fresh start of its level does. */
static void same_as_fresh(Sim *s, uint64_t seed)
{
    Sim f;
    assert_true(sim_init(&f, sim_level(s)));
    assert_int_equal(sim_hash(s), sim_hash(&f));
    assert_int_equal(s->terrain->cells_total, f.terrain->cells_total);
    assert_int_equal(s->terrain->has_exit, f.terrain->has_exit);
    if (f.terrain->has_exit)
        assert_true(nav_pos_eq(s->terrain->exit, f.terrain->exit));
    assert_int_equal(s->terrain->door_count, f.terrain->door_count);
    assert_int_equal(s->state.door_count, f.state.door_count);
    assert_int_equal(s->state.cell_count, f.state.cell_count);
    uint64_t a = seed, b = seed;
    random_play(s, &a, 0);
    for (int t = 0; t < 600; t++) {
        random_play(s, &a, 1);
        random_play(&f, &b, 1);
        assert_int_equal(sim_hash(s), sim_hash(&f));
    }
    sim_deinit(&f);
}

static void test_restart_after_play(void **state)
{
    (void)state;
    static const char *files[] = {"levels/01_tutorial.txt", "levels/extra/doors.txt", "levels/11_flooded.txt",
                                  "levels/14_detour.txt"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        Level l;
        NavDiags d;
        nav_diag_clear(&d);
        if (!level_load(files[i], &l, &d))
            fail_msg("%s does not load: %s", files[i], d.count ? d.msg[0] : "?");
        Sim s;
        assert_true(sim_init(&s, &l));
        uint64_t seed = 7 + i;
        for (int round = 0; round < 4; round++) {
            random_play(&s, &seed, 900);
            assert_true(sim_restart(&s));
            same_as_fresh(&s, seed);
        }
        sim_deinit(&s);
        level_free(&l);
    }
}

/* The editor's way: the level painted, each change given to the Sim. */
static void test_restart_after_edits(void **state)
{
    (void)state;
    Level l = test_level_from_text("name: Edits\n"
                                   "##########\n"
                                   "#@..*..+.#\n"
                                   "#.##.#.#.#\n"
                                   "#..*.+..>#\n"
                                   "#.~~..,,.#\n"
                                   "#*......>#\n"
                                   "##########\n");
    Sim s;
    assert_true(sim_init(&s, &l));
    EditHistory h;
    edit_init(&h);
    static const char glyphs[] = "#.,+~*>";
    uint64_t seed = 99;
    for (int round = 0; round < 60; round++) {
        random_play(&s, &seed, 240); /* cells taken, doors opened */
        int edits = 1 + (int)(test_rand(&seed) % 6);
        for (int e = 0; e < edits; e++) {
            NavPos t = nav_pos(1 + (int)(test_rand(&seed) % 8), 1 + (int)(test_rand(&seed) % 5));
            if (round % 5 == 0 && s.state.taken_count > 0) /* a cell taken in play, painted over */
                t = s.terrain->cells[s.state.taken[test_rand(&seed) % (uint32_t)s.state.taken_count]];
            char g = glyphs[test_rand(&seed) % (sizeof glyphs - 1)];
            if (edit_paint(&h, &l, t, g) == EDIT_CHANGED)
                sim_edit_tile(&s, t.x, t.y, level_glyph(&l, t.x, t.y));
        }
        assert_true(sim_restart(&s));
        same_as_fresh(&s, seed);
    }
    edit_deinit(&h);
    sim_deinit(&s);
    level_free(&l);
}

/* A floor of side x side, walls around, the droid top left, a sentry
 * patrolling a row. */
static char *patrol_text(int side)
{
    size_t cap = (size_t)(side + 1) * (size_t)side + 128, n = 0;
    char *t = malloc(cap);
    assert_non_null(t);
    n += (size_t)snprintf(t, cap, "name: Patrol\npatrol: 40,40 90,40\n");
    for (int y = 0; y < side; y++) {
        for (int x = 0; x < side; x++)
            t[n++] = x == 0 || y == 0 || x == side - 1 || y == side - 1 ? '#'
                     : x == 1 && y == 1                                ? '@'
                     : x == 40 && y == 40                              ? 'S'
                                                                       : '.';
        t[n++] = '\n';
    }
    t[n] = '\0';
    return t;
}

/* After an edit on a level too big to label in one tick, the regions are
 * labelled over the next ticks (SIM_REGION_TICK_WORK a tick), shared by the
 * copies of the play: the restart labels none of them, the sentries plan no
 * walk until the ticks have labelled them, and the play goes on tick for
 * tick the same whether a copy of it ran ahead and made the labels first
 * (as the prediction does) or a planner asked for them at once (the
 * preview's sim_plan), or nobody did. */
static void test_regions_after_edit(void **state)
{
    (void)state;
    enum { SIDE = 1200 };
    char *text = patrol_text(SIDE);
    Level l = test_level_from_text(text);
    free(text);
    Sim s, alone;
    assert_true(sim_init(&s, &l) && sim_init(&alone, &l));
    for (Sim *p = &s; p; p = p == &s ? &alone : NULL) {
        for (int t = 0; t < 30; t++)
            sim_tick(p);
        sim_edit_tile(p, 600, 600, '#');
        assert_true(sim_restart(p));
        assert_true(p->state.region_done == 0 && !sim_regions_ready(p)); /* the restart labelled nothing */
    }
    const long work = 3L * SIDE * SIDE + 1, to_label = (work + SIM_REGION_TICK_WORK - 1) / SIM_REGION_TICK_WORK;
    assert_true(to_label > 2);
    Sim ahead;
    memset(&ahead, 0, sizeof ahead);
    assert_true(sim_copy(&ahead, &s));
    for (int t = 0; t < 2 * to_label; t++) /* makes the shared labels, far ahead of s */
        sim_tick(&ahead);
    assert_true(sim_regions_ready(&s) && !sim_regions_ready(&alone));
    NavQuery *st = nav_query_create(SIDE, SIDE);
    assert_non_null(st);
    NavPos end;
    assert_true(sim_plan(&s, st, nav_pos(1, 1), nav_pos(600, 600), &end) == NAV_PARTIAL); /* the new wall */
    for (int t = 1; t <= 240; t++) {
        sim_tick(&s);
        sim_tick(&alone);
        assert_true(s.state.region_done == alone.state.region_done);
        if (t < to_label)
            assert_true(s.state.sentries.planning < 0 && alone.state.sentries.planning < 0);
        if (sim_hash(&s) != sim_hash(&alone))
            fail_msg("tick %d after the restart: the play differs from the one labelled alone", t);
    }
    assert_true(s.state.region_done == work);
    nav_query_destroy(st);
    sim_deinit(&ahead);
    sim_deinit(&alone);
    sim_deinit(&s);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_restart_after_play),
        cmocka_unit_test(test_restart_after_edits),
        cmocka_unit_test(test_regions_after_edit),
    };
    return cmocka_run_group_tests_name("restart", tests, NULL, NULL);
}
