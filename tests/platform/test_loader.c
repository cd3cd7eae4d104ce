/* SPDX-License-Identifier: MIT */
/* test_loader.c - the background level loader (src/platform/loader.c, SDL
 * threads): a small level and a generated 1024 x 1024 one come out of it
 * exactly as a synchronous level_load + sim_init makes them (the level's
 * canonical text, the state hash, and the same play tick for tick after
 * the handover); a bad file gives the same FILE:LINE:COL diagnostics; the
 * states go RUNNING, then DONE, FAILED or CANCELLED, and never back;
 * cancelling, freeing and abandoning a job at any point neither leaks nor
 * touches freed memory (ASan). No assertion on timings: every wait is a
 * deadline loop on a condition. */
#include "testlib.h"

#include <errno.h>
#include <sys/stat.h>
#include <time.h>

#include "loader.h"
#include "sim.h"

enum { BIG_SIDE = 1024 };
#define DEADLINE_SECONDS 300.0 /* generous: the sanitizers on a loaded machine */

static const char small_level[] = "; a room with everything in it\n"
                                  "name: Loader room\n"
                                  "energy: 400\n"
                                  "cell: 25\n"
                                  "sentry_speed: 2.5\n"
                                  "patrol: 3,1 10,1 10,4\n"
                                  "############\n"
                                  "#..S......*#\n"
                                  "#.@..+.....#\n"
                                  "#...#..,,..#\n"
                                  "#...#..~~..#\n"
                                  "#.*...S..>.#\n"
                                  "############\n";

typedef struct Files {
    char *small;
    char *big;
} Files;

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void pause_a_moment(void)
{
    struct timespec t = {0, 1000000}; /* 1 ms between looks */
    while (nanosleep(&t, &t) != 0 && errno == EINTR) {
    }
}

/* A 1024 x 1024 level with every kind of tile, sentries and a patrol, the
 * same every run. */
static char *big_level_text(size_t *len)
{
    size_t cap = (size_t)(BIG_SIDE + 1) * BIG_SIDE + 256;
    char *t = malloc(cap);
    assert_non_null(t);
    int n = snprintf(t, cap, "name: Big %dx%d\nenergy: 100000\npatrol: 10,10 40,10 40,40\n", BIG_SIDE, BIG_SIDE);
    size_t at = (size_t)n;
    uint64_t seed = 0x1d0c0de5eedULL;
    for (int y = 0; y < BIG_SIDE; y++) {
        for (int x = 0; x < BIG_SIDE; x++) {
            char c = '.';
            uint32_t r = test_rand(&seed) % 1000;
            if (x == 0 || y == 0 || x == BIG_SIDE - 1 || y == BIG_SIDE - 1)
                c = '#';
            else if (x == 2 && y == 2)
                c = '@';
            else if (x == BIG_SIDE - 3 && y == BIG_SIDE - 3)
                c = '>';
            else if (x == 10 && y == 10)
                c = 'S';
            else if ((x == 40 && y == 10) || (x == 40 && y == 40))
                c = '.';
            else if (r < 100)
                c = '#';
            else if (r < 150)
                c = ',';
            else if (r < 170)
                c = '~';
            else if (r < 180)
                c = '+';
            else if (r < 183)
                c = '*';
            else if (r < 184)
                c = 'S';
            t[at++] = c;
        }
        t[at++] = '\n';
    }
    *len = at;
    return t;
}

static int group_setup(void **state)
{
    Files *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->small = test_write_temp(small_level, strlen(small_level));
    size_t len;
    char *big = big_level_text(&len);
    f->big = test_write_temp(big, len);
    free(big);
    *state = f;
    return 0;
}

static int group_teardown(void **state)
{
    Files *f = *state;
    unlink(f->small);
    unlink(f->big);
    free(f->small);
    free(f->big);
    free(f);
    loader_shutdown();
    return 0;
}

/* Polls until the job ends, checking on the way that it only ever says
 * RUNNING and that its progress stays in 0..1 and never goes back. */
static LoaderState wait_for_end(Loader *L)
{
    double deadline = now_seconds() + DEADLINE_SECONDS;
    double last = 0;
    for (;;) {
        double p = loader_progress(L);
        LoaderState st = loader_poll(L);
        assert_true(p >= last && p <= 1.0);
        last = p;
        if (st != LOADER_RUNNING) {
            assert_true(loader_progress(L) == 1.0);
            return st;
        }
        if (now_seconds() > deadline)
            fail_msg("the loader did not end within %.0f s", DEADLINE_SECONDS);
        pause_a_moment();
    }
}

static void assert_diags_equal(const NavDiags *a, const NavDiags *b)
{
    assert_int_equal(a->count, b->count);
    assert_int_equal(a->dropped, b->dropped);
    for (int i = 0; i < a->count; i++)
        assert_string_equal(a->msg[i], b->msg[i]);
}

static void assert_levels_equal(const Level *a, const Level *b)
{
    assert_int_equal(a->w, b->w);
    assert_int_equal(a->h, b->h);
    size_t na, nb;
    char *ta = level_format(a, &na), *tb = level_format(b, &nb);
    assert_non_null(ta);
    assert_non_null(tb);
    assert_int_equal(na, nb);
    assert_memory_equal(ta, tb, na);
    free(ta);
    free(tb);
}

/* The same commands to both, tick by tick: the same hash every tick. */
static void play_both(Sim *a, Sim *b, int ticks)
{
    const SimCmd cmds[] = {
        {SIM_CMD_GOTO, 9, 5},
        {SIM_CMD_GOTO, 2, 5},
        {SIM_CMD_PUSH, 1, 0},
        {SIM_CMD_PUSH, 0, 0},
        {SIM_CMD_GOTO, 10, 1},
        {SIM_CMD_RESTART, 0, 0}, /* sim_reset from the Sim's level pointer */
        {SIM_CMD_GOTO, 9, 5},
    };
    int ncmd = (int)(sizeof cmds / sizeof cmds[0]);
    for (int t = 0; t < ticks; t++) {
        if (t % 40 == 0) {
            SimCmd c = cmds[(t / 40) % ncmd];
            if (c.type == SIM_CMD_GOTO) { /* spread over the level's size */
                c.x = c.x * (a->terrain->w - 1) / 11;
                c.y = c.y * (a->terrain->h - 1) / 6;
            }
            sim_command(a, &c);
            sim_command(b, &c);
        }
        sim_tick(a);
        sim_tick(b);
        assert_true(sim_hash(a) == sim_hash(b));
    }
}

/* Loads path both ways and checks they agree, then plays both. */
static void check_same_as_sync(const char *path, int ticks)
{
    Level sync_level, level;
    Sim sync_sim, sim, start;
    NavDiags sd, d;
    nav_diag_clear(&sd);
    assert_true(level_load(path, &sync_level, &sd));
    assert_true(sim_init(&sync_sim, &sync_level));

    Loader *L = loader_start(path, LOADER_LEVEL_SIM);
    assert_non_null(L);
    assert_string_equal(loader_path(L), path);
    assert_int_equal(wait_for_end(L), LOADER_DONE);
    assert_true(loader_take(L, &level, &sim, &start, &d));
    assert_int_equal(loader_poll(L), LOADER_TAKEN);
    loader_free(L); /* the job is gone: a pointer into it would now fail under ASan */

    assert_true(sim.terrain && start.terrain == sim.terrain); /* the copy for the history's start: the same play */
    assert_true(sim_level(&sim) != &level); /* the play owns its level */
    assert_true(sim_hash(&start) == sim_hash(&sync_sim));
    play_both(&start, &sync_sim, ticks / 2);
    sim_deinit(&start);
    sim_deinit(&sync_sim);
    assert_true(sim_init(&sync_sim, &sync_level));
    assert_diags_equal(&d, &sd);
    assert_levels_equal(&level, &sync_level);
    assert_true(sim_hash(&sim) == sim_hash(&sync_sim));
    play_both(&sim, &sync_sim, ticks);

    sim_deinit(&sim);
    level_free(&level);
    sim_deinit(&sync_sim);
    level_free(&sync_level);
}

static void test_small_level(void **state)
{
    Files *f = *state;
    check_same_as_sync(f->small, 600);
}

static void test_big_level(void **state)
{
    Files *f = *state;
    check_same_as_sync(f->big, 120);
}

/* A look right after the start finds a big job still running, and the
 * states then go RUNNING ... DONE. (Should the machine stall the test
 * longer than the whole job between two lines, it starts again.) */
static void test_poll_while_running(void **state)
{
    Files *f = *state;
    bool seen_running = false;
    for (int attempt = 0; attempt < 5 && !seen_running; attempt++) {
        Loader *L = loader_start(f->big, LOADER_LEVEL_SIM);
        assert_non_null(L);
        LoaderState first = loader_poll(L);
        assert_true(first == LOADER_RUNNING || first == LOADER_DONE);
        seen_running = first == LOADER_RUNNING;
        if (seen_running) {
            double p = loader_progress(L);
            assert_true(p >= 0 && p < 1.0);
        }
        assert_int_equal(wait_for_end(L), LOADER_DONE);
        assert_int_equal(loader_poll(L), LOADER_DONE); /* it stays so */
        loader_free(L); /* results not taken: freed here */
    }
    assert_true(seen_running);
}

static void test_level_only(void **state)
{
    Files *f = *state;
    Level sync_level, level;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_load(f->small, &sync_level, &d));
    Loader *L = loader_start(f->small, LOADER_LEVEL);
    assert_non_null(L);
    Sim sim;
    memset(&sim, 0xab, sizeof sim);
    assert_int_equal(loader_wait(L), LOADER_DONE);
    assert_true(loader_take(L, &level, &sim, NULL, NULL));
    assert_null(sim.terrain); /* no Sim asked for: zeroed */
    assert_levels_equal(&level, &sync_level);
    /* a second take has nothing to give */
    Level again;
    assert_false(loader_take(L, &again, NULL, NULL, &d));
    assert_int_equal(again.w, 0);
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.msg[0], "already taken"));
    loader_free(L);
    level_free(&level);
    level_free(&sync_level);

    /* a Sim asked for but not wanted at the take is freed there (ASan) */
    L = loader_start(f->small, LOADER_LEVEL_SIM);
    assert_non_null(L);
    assert_int_equal(loader_wait(L), LOADER_DONE);
    assert_true(loader_take(L, &level, NULL, NULL, NULL));
    loader_free(L);
    level_free(&level);
}

/* Each bad file gives the synchronous load's diagnostics, whatever was asked. */
static void check_bad(const char *path)
{
    for (int want = LOADER_LEVEL; want <= LOADER_LEVEL_SIM; want++) {
        Level sync_level, level;
        Sim sim;
        NavDiags sd, d;
        nav_diag_clear(&sd);
        assert_false(level_load(path, &sync_level, &sd));
        assert_true(nav_diag_total(&sd) > 0);
        Loader *L = loader_start(path, (LoaderWant)want);
        assert_non_null(L);
        assert_int_equal(wait_for_end(L), LOADER_FAILED);
        memset(&level, 0xab, sizeof level);
        assert_false(loader_take(L, &level, &sim, NULL, &d));
        assert_diags_equal(&d, &sd);
        assert_int_equal(level.w, 0);
        assert_null(level.glyphs);
        assert_null(sim.terrain);
        assert_int_equal(loader_poll(L), LOADER_FAILED);
        loader_free(L);
    }
}

static void check_bad_text(const char *text)
{
    char *path = test_write_temp(text, strlen(text));
    check_bad(path);
    unlink(path);
    free(path);
}

static void test_bad_files(void **state)
{
    (void)state;
    check_bad_text("name: two starts\n#####\n#.@.#\n#.@.#\n#####\n");
    check_bad_text("energy: -5\nfoo: bar\n#####\n#.Q.#\n#####\n");
    check_bad_text("patrol: 1,1 99,99\n#####\n#S@.#\n#####\n");
    check_bad_text("");
    /* more problems than NavDiags holds: the same ones kept, the same dropped */
    char many[4096] = "#####\n#.@.#\n";
    for (int i = 0; i < NAV_DIAG_MAX + 8; i++)
        strcat(many, "#QQQ#\n");
    check_bad_text(many);

    char dir[] = "/tmp/isodroid-loader-XXXXXX";
    assert_non_null(mkdtemp(dir));
    check_bad(dir); /* a folder */
    char missing[sizeof dir + 16];
    snprintf(missing, sizeof missing, "%s/missing.txt", dir);
    check_bad(missing);
    rmdir(dir);
}

static void test_cancel(void **state)
{
    Files *f = *state;
    Level level;
    Sim sim;
    NavDiags d;

    /* cancelled at once: it stops and says so; take gives nothing */
    Loader *L = loader_start(f->big, LOADER_LEVEL_SIM);
    assert_non_null(L);
    loader_cancel(L);
    LoaderState st = loader_poll(L);
    assert_true(st == LOADER_RUNNING || st == LOADER_CANCELLED);
    assert_int_equal(loader_wait(L), LOADER_CANCELLED);
    assert_false(loader_take(L, &level, &sim, NULL, &d));
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.msg[0], "cancelled"));
    assert_int_equal(level.w, 0);
    loader_cancel(L); /* again: nothing changes */
    assert_int_equal(loader_poll(L), LOADER_CANCELLED);
    loader_free(L);

    /* cancelled mid-job, once it has begun parsing or building */
    L = loader_start(f->big, LOADER_LEVEL_SIM);
    assert_non_null(L);
    double deadline = now_seconds() + DEADLINE_SECONDS;
    while (loader_progress(L) == 0 && loader_poll(L) == LOADER_RUNNING) {
        assert_true(now_seconds() < deadline);
        pause_a_moment();
    }
    loader_cancel(L);
    assert_int_equal(wait_for_end(L), LOADER_CANCELLED);
    loader_free(L);

    /* cancelled after it ended: still cancelled, its results freed by free */
    L = loader_start(f->small, LOADER_LEVEL_SIM);
    assert_non_null(L);
    assert_int_equal(loader_wait(L), LOADER_DONE);
    loader_cancel(L);
    assert_int_equal(loader_poll(L), LOADER_CANCELLED);
    loader_free(L);

    /* freed while running: free waits for it */
    L = loader_start(f->big, LOADER_LEVEL_SIM);
    assert_non_null(L);
    loader_free(L);

    /* cancel after the take changes nothing for the taker */
    L = loader_start(f->small, LOADER_LEVEL_SIM);
    assert_non_null(L);
    assert_int_equal(loader_wait(L), LOADER_DONE);
    assert_true(loader_take(L, &level, &sim, NULL, &d));
    loader_cancel(L);
    assert_int_equal(loader_poll(L), LOADER_TAKEN);
    loader_free(L);
    sim_tick(&sim);
    sim_deinit(&sim);
    level_free(&level);

    loader_free(NULL);
    loader_cancel(NULL);
    loader_abandon(NULL);
    assert_null(loader_start(NULL, LOADER_LEVEL));
}

/* The player switches level again and again: each job is dropped without
 * waiting; the dropped ones end on their own and are reaped, and shutdown
 * waits for the rest. ASan checks nothing leaks or is touched after. */
static void test_abandon(void **state)
{
    Files *f = *state;
    for (int i = 0; i < 4; i++) {
        Loader *L = loader_start(i % 2 ? f->big : f->small, LOADER_LEVEL_SIM);
        assert_non_null(L);
        loader_abandon(L);
    }
    int running = loader_reap();
    assert_true(running >= 0 && running <= 4);
    double deadline = now_seconds() + DEADLINE_SECONDS;
    while (loader_reap() > 0) { /* they end by themselves */
        assert_true(now_seconds() < deadline);
        pause_a_moment();
    }

    /* an ended job, results not taken: freed at once */
    Loader *L = loader_start(f->small, LOADER_LEVEL_SIM);
    assert_non_null(L);
    assert_int_equal(loader_wait(L), LOADER_DONE);
    loader_abandon(L);
    assert_int_equal(loader_reap(), 0);

    /* still running at shutdown: it waits for them */
    for (int i = 0; i < 3; i++) {
        L = loader_start(f->big, LOADER_LEVEL_SIM);
        assert_non_null(L);
        loader_abandon(L);
    }
    loader_shutdown();
    assert_int_equal(loader_reap(), 0);

    /* a new job after all that works as ever */
    check_same_as_sync(f->small, 60);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_level),
        cmocka_unit_test(test_big_level),
        cmocka_unit_test(test_poll_while_running),
        cmocka_unit_test(test_level_only),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_cancel),
        cmocka_unit_test(test_abandon),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
