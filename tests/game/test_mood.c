/* SPDX-License-Identifier: MIT */
/* test_mood.c - the music's mood follows the play: calm before the sentry
 * sees the droid, danger while it notices and chases, wary while it
 * searches and walks back, calm again once it guards its post, and calm
 * once the level is lost. Played on a real Sim. */
#include "testlib.h"

#include "mood.h"
#include "testlevel.h"

/* Ticks until the sentry is in state want (at most limit ticks); the moods
 * seen on the way are or-ed into seen (a bit each). */
static void play_until(Sim *s, SentryState want, int limit, unsigned *seen)
{
    for (int t = 0; t < limit && s->state.sentries.list[0].state != want; t++) {
        sim_tick(s);
        sim_clear_events(s);
        *seen |= 1u << mood_of_play(s);
    }
    assert_int_equal(s->state.sentries.list[0].state, want);
}

static void test_moods_of_a_chase(void **state)
{
    (void)state;
    Level l = test_level_from_text(TEST_SEEN_THEN_HIDES);
    Sim s;
    assert_true(sim_init(&s, &l));
    assert_int_equal(mood_of_play(&s), MOOD_CALM);
    unsigned seen = 0;
    play_until(&s, SENTRY_ALERT, 10, &seen);
    assert_int_equal(mood_of_play(&s), MOOD_DANGER);
    sim_command(&s, &(SimCmd){SIM_CMD_GOTO, 1, 6});
    play_until(&s, SENTRY_CHASE, 600, &seen);
    assert_int_equal(mood_of_play(&s), MOOD_DANGER);
    seen = 0;
    play_until(&s, SENTRY_SEARCH, 20000, &seen);
    assert_int_equal(seen & ~(1u << MOOD_WARY), 1u << MOOD_DANGER); /* danger all the chase long */
    assert_int_equal(mood_of_play(&s), MOOD_WARY);
    play_until(&s, SENTRY_RETURN, 20000, &seen);
    assert_int_equal(mood_of_play(&s), MOOD_WARY);
    play_until(&s, SENTRY_GUARD, 20000, &seen);
    assert_int_equal(mood_of_play(&s), MOOD_CALM);
    sim_deinit(&s);
    level_free(&l);
}

static void test_calm_once_lost(void **state)
{
    (void)state;
    Level l = test_level_from_text(TEST_WATCHED_WAY);
    Sim s;
    assert_true(sim_init(&s, &l));
    sim_command(&s, &(SimCmd){SIM_CMD_GOTO, 8, 1});
    MusicMood before_end = MOOD_CALM;
    for (int t = 0; t < 3000 && s.state.status == SIM_PLAYING; t++) {
        before_end = mood_of_play(&s);
        sim_tick(&s);
        sim_clear_events(&s);
    }
    assert_int_equal(s.state.status, SIM_LOST);
    assert_int_equal(before_end, MOOD_DANGER);
    assert_int_equal(mood_of_play(&s), MOOD_CALM);
    sim_deinit(&s);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moods_of_a_chase),
        cmocka_unit_test(test_calm_once_lost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
