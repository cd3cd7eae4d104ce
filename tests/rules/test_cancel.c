/* SPDX-License-Identifier: MIT */
/* test_cancel.c - cancelling the stealth solver and the level generator
 * from another thread, as the game's Generated levels screen does when
 * Esc is pressed or the game quits while a level is being made: the
 * caller's flag (an atomic int) set after the work has started ends it
 * with SOLVE_CANCELLED / GEN_CANCELLED, having done a small part of the
 * work the same call does uncancelled (counted in simulated ticks, not
 * timed: the machine is shared); a flag set before the call ends it before
 * any work. The time from the flag to the return is printed. */
#include "testlevel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "gen.h"
#include "solve.h"

/* An open hall of pillars whose exit lies in an alcove a guard always
 * sees: never won unseen, and the solver searches it for as long as its
 * work lasts (tens of seconds on the default work). */
#define WATCHED_HALL                                   \
    "########################################\n" \
    "#@.....................................#\n" \
    "#......................................#\n" \
    "#..#...#...#...#...#...#...#...#...#...#\n" \
    "#......................................#\n" \
    "#......................................#\n" \
    "#......................................#\n" \
    "#..#...#...#...#...#...#...#...#...#...#\n" \
    "#......................................#\n" \
    "#......................................#\n" \
    "#......................................#\n" \
    "#..#...#...#...#...#...#...#...#...#...#\n" \
    "#......................................#\n" \
    "#......................................#\n" \
    "#......................................#\n" \
    "#..#...#...#...#...#...#...#...#...#...#\n" \
    "#......................................#\n" \
    "#......................................#\n" \
    "#......................................#\n" \
    "#..#...#...#...#...#...#...#...#...#...#\n" \
    "#.....................................S#\n" \
    "#....................................#.#\n" \
    "#....................................#>#\n" \
    "########################################\n"

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* One call on a thread of its own: the solver's or the generator's. */
typedef struct Job {
    const Level *level;     /* the solver's level; NULL: the generator */
    SolveOptions so;
    SolveResult sr;
    GenOptions go;
    GenResult gr;
    atomic_int cancel;      /* the caller's flag */
    atomic_int started;     /* set by the thread just before the call */
} Job;

static void *job_run(void *data)
{
    Job *j = data;
    atomic_store(&j->started, 1);
    if (j->level)
        solve_level(j->level, &j->so, &j->sr);
    else
        gen_level(&j->go, &j->gr);
    return NULL;
}

/* Starts j's call, lets it work `ms` milliseconds, sets the flag and joins;
 * the milliseconds from the flag to the join. */
static double run_and_cancel(Job *j, long ms)
{
    pthread_t t;
    atomic_init(&j->cancel, 0);
    atomic_init(&j->started, 0);
    assert_int_equal(pthread_create(&t, NULL, job_run, j), 0);
    while (!atomic_load(&j->started))
        sleep_ms(1);
    sleep_ms(ms);
    double at = now_ms();
    atomic_store(&j->cancel, 1);
    assert_int_equal(pthread_join(t, NULL), 0);
    return now_ms() - at;
}

/* The solver on a level it would search for its whole work: cancelled
 * after 50 ms, it stops with a small part of that work done. */
static void test_solve_cancelled(void **state)
{
    (void)state;
    Level l = test_level_from_text(WATCHED_HALL);
    static Job j; /* zeroed */
    j.level = &l;
    j.so = solve_options_default();
    j.so.max_seconds = 0; /* the work alone bounds it, as in the generator */
    j.so.cancel = &j.cancel;
    double ms = run_and_cancel(&j, 50);
    print_message("# the solver answered the flag in %.1f ms, after %ld of its %ld ticks of work\n", ms, j.sr.work,
                  j.so.max_work);
    assert_int_equal(j.sr.status, SOLVE_CANCELLED);
    assert_string_equal(solve_status_name(j.sr.status), "cancelled");
    assert_null(j.sr.cmd);
    assert_true(j.sr.work > 0);                   /* it had started */
    assert_true(j.sr.work < j.so.max_work / 10); /* and stopped well before its work ran out */
    solve_result_free(&j.sr);
    /* the flag set before the call: no tick simulated */
    atomic_store(&j.cancel, 1);
    assert_int_equal(solve_level(&l, &j.so, &j.sr), SOLVE_CANCELLED);
    assert_int_equal(j.sr.work, 0);
    assert_int_equal(j.sr.nodes, 0);
    solve_result_free(&j.sr);
    level_free(&l);
}

/* The generator at difficulty 5 (seconds of work, most of it the
 * solver's): cancelled 300 ms after it starts, it returns GEN_CANCELLED,
 * no level, having simulated a small part of the ticks the same call
 * simulates uncancelled. */
static void test_gen_cancelled(void **state)
{
    (void)state;
    GenOptions o = gen_options_default(3);
    o.difficulty = 5;
    GenResult full;
    double t0 = now_ms();
    assert_int_equal(gen_level(&o, &full), GEN_OK);
    double full_ms = now_ms() - t0;
    static Job j;
    j.go = o;
    j.go.cancel = &j.cancel;
    double ms = run_and_cancel(&j, 300);
    print_message("# uncancelled: %ld ticks simulated, %.0f ms; cancelled after 300 ms: %ld ticks, %d candidate%s, "
                  "the flag answered in %.1f ms\n",
                  full.work, full_ms, j.gr.work, j.gr.tried, j.gr.tried == 1 ? "" : "s", ms);
    assert_int_equal(j.gr.status, GEN_CANCELLED);
    assert_string_equal(gen_status_name(j.gr.status), "cancelled");
    assert_null(j.gr.text);
    assert_true(strstr(j.gr.why, "cancelled") != NULL);
    assert_true(j.gr.work * 4 < full.work); /* stopped early: a small part of the work */
    gen_result_free(&j.gr);
    gen_result_free(&full);
    /* the flag set before the call: nothing made, nothing simulated */
    atomic_store(&j.cancel, 1);
    assert_int_equal(gen_level(&j.go, &j.gr), GEN_CANCELLED);
    assert_int_equal(j.gr.work, 0);
    assert_int_equal(j.gr.solver_runs, 0);
    gen_result_free(&j.gr);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_cancelled),
        cmocka_unit_test(test_gen_cancelled),
    };
    return cmocka_run_group_tests_name("cancel", tests, NULL, NULL);
}
