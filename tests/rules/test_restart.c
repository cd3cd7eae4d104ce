/* SPDX-License-Identifier: MIT */
/* test_restart.c - sim_restart puts back only what play changed (the cells
 * taken, the doors opened; the droid and the sentries start afresh) and
 * gives the very play a fresh sim_init of the level gives: the same hash at
 * the start and tick for tick after the same commands, after random play on
 * the shipped levels, and after random edits given through sim_edit_tile
 * (cells, doors and exits painted and painted over, a taken cell painted
 * over), as the editor does. */
#include "testlevel.h"

#include "edit.h"
#include "level.h"
#include "sim.h"

static void random_play(Sim *s, uint64_t *seed, int ticks)
{
    for (int t = 0; t < ticks; t++) {
        uint32_t r = test_rand(seed) % 100;
        int x = (int)(test_rand(seed) % (uint32_t)s->w), y = (int)(test_rand(seed) % (uint32_t)s->h);
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
    assert_true(sim_init(&f, s->level));
    assert_int_equal(sim_hash(s), sim_hash(&f));
    assert_int_equal(s->cells_total, f.cells_total);
    assert_int_equal(s->has_exit, f.has_exit);
    if (f.has_exit)
        assert_true(nav_pos_eq(s->exit, f.exit));
    assert_int_equal(s->door_count, f.door_count);
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
            if (round % 5 == 0 && s.taken_count > 0) /* a cell taken in play, painted over */
                t = s.taken[test_rand(&seed) % (uint32_t)s.taken_count];
            char g = glyphs[test_rand(&seed) % (sizeof glyphs - 1)];
            if (edit_paint(&h, &l, t, g) == EDIT_CHANGED)
                sim_edit_tile(&s, t.x, t.y, level_kind(&l, t.x, t.y));
        }
        assert_true(sim_restart(&s));
        same_as_fresh(&s, seed);
    }
    edit_deinit(&h);
    sim_deinit(&s);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_restart_after_play),
        cmocka_unit_test(test_restart_after_edits),
    };
    return cmocka_run_group_tests_name("restart", tests, NULL, NULL);
}
