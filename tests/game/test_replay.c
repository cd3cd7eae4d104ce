/* SPDX-License-Identifier: MIT */
/* test_replay.c - reading recordings (replay.c): line numbers count blank
 * lines, ticks never go back (but after a restart, a level line or a
 * rewind), each command's numbers are checked against its own range, the
 * end tick is bounded, what the writers write reads back, a level path
 * that cannot stand on one line is refused before anything is written, and
 * the ticks a whole recording plays are bounded: counted when it is read,
 * and for each rewind as it plays. */
#include "testlib.h"

#include "replay.h"

/* Loads text as a recording; returns whether it loaded, the first message in msg. */
static bool load(const char *text, Replay *r, char *msg, size_t size)
{
    char *path = test_write_temp(text, strlen(text));
    NavDiags d;
    nav_diag_clear(&d);
    bool ok = replay_load(path, r, &d);
    snprintf(msg, size, "%s", d.count ? d.msg[0] : "");
    /* messages name the file: keep only what follows its name */
    size_t n = strlen(path);
    if (!strncmp(msg, path, n))
        memmove(msg, msg + n, strlen(msg + n) + 1);
    unlink(path);
    free(path);
    return ok;
}

/* Both versions load, and say which they are; anything else is refused. */
static void test_versions(void **state)
{
    (void)state;
    Replay r;
    char msg[512];
    assert_true(load("isodroid-replay 2\nlevel a.txt\n10 end\n", &r, msg, sizeof msg));
    assert_int_equal(r.version, 2);
    replay_free(&r);
    assert_true(load("isodroid-replay 1\nlevel a.txt\n10 end\n", &r, msg, sizeof msg));
    assert_int_equal(r.version, 1);
    replay_free(&r);
    assert_false(load("isodroid-replay 3\nlevel a.txt\n10 end\n", &r, msg, sizeof msg));
    if (!strstr(msg, ":1:1: not a recording"))
        fail_msg("%s", msg);
}

static void test_blank_lines_keep_line_numbers(void **state)
{
    (void)state;
    Replay r;
    char msg[512];
    assert_false(load("isodroid-replay 1\nlevel a.txt\n\n\n10 goto 1 1\n\n12 jump 1 1\n", &r, msg, sizeof msg));
    if (strncmp(msg, ":7:", 3))
        fail_msg("%s", msg);
    assert_true(load("isodroid-replay 1\nlevel a.txt\n\n# a comment\n10 goto 1 1\n\n12 end\n", &r, msg, sizeof msg));
    assert_int_equal(r.count, 2);
    assert_int_equal(r.line[0].line, 5);
    assert_int_equal(r.line[1].line, 7);
    replay_free(&r);
}

static void test_ticks_never_go_back(void **state)
{
    (void)state;
    Replay r;
    char msg[512];
    assert_false(load("isodroid-replay 1\nlevel a.txt\n10 goto 1 1\n9 goto 2 2\n", &r, msg, sizeof msg));
    if (strncmp(msg, ":4:1: tick 9 goes back", 22))
        fail_msg("%s", msg);
    /* a restart, a level line and a rewind let them start lower */
    assert_true(load("isodroid-replay 1\nlevel a.txt\n10 goto 1 1\n20 restart 0 0\n3 goto 2 2\n"
                     "40 level b.txt\n5 goto 1 1\n90 rewind 60\n61 goto 3 3\n70 end\n",
                     &r, msg, sizeof msg));
    assert_int_equal(r.count, 8);
    assert_int_equal(r.line[5].kind, REPLAY_REWIND);
    assert_int_equal(r.line[5].to, 60);
    replay_free(&r);
    /* but not below the rewind's tick */
    assert_false(load("isodroid-replay 1\nlevel a.txt\n90 rewind 60\n59 goto 1 1\n", &r, msg, sizeof msg));
    if (strncmp(msg, ":4:1: tick 59 goes back", 23))
        fail_msg("%s", msg);
}

static void test_arguments_in_their_range(void **state)
{
    (void)state;
    Replay r;
    char msg[512];
    assert_false(load("isodroid-replay 1\nlevel a.txt\n1 push 4096 0\n", &r, msg, sizeof msg));
    if (!strstr(msg, ":3:3: 'push' wants two whole numbers from -1 to 1"))
        fail_msg("%s", msg);
    assert_false(load("isodroid-replay 1\nlevel a.txt\n1 restart 5 0\n", &r, msg, sizeof msg));
    assert_false(load("isodroid-replay 1\nlevel a.txt\n1 goto 4097 0\n", &r, msg, sizeof msg));
    assert_true(load("isodroid-replay 1\nlevel a.txt\n1 goto 4096 -1\n2 push -1 1\n", &r, msg, sizeof msg));
    replay_free(&r);
}

static void test_end_tick_bounded(void **state)
{
    (void)state;
    Replay r;
    char msg[512], text[200];
    snprintf(text, sizeof text, "isodroid-replay 1\nlevel a.txt\n%ld end\n", (long)REPLAY_MAX_TICK + 1);
    assert_false(load(text, &r, msg, sizeof msg));
    snprintf(text, sizeof text, "isodroid-replay 1\nlevel a.txt\n%ld end\n", (long)REPLAY_MAX_TICK);
    assert_true(load(text, &r, msg, sizeof msg));
    replay_free(&r);
}

/* Writes a recording: the header, then `lines` copies of line, then last. */
static char *repeated(const char *line, int lines, const char *last)
{
    size_t n = strlen(line), size = 64 + (size_t)lines * n + strlen(last);
    char *text = malloc(size), *p = text;
    assert_non_null(text);
    p += sprintf(p, "isodroid-replay 2\nlevel a.txt\n");
    for (int i = 0; i < lines; i++, p += n)
        memcpy(p, line, n);
    strcpy(p, last);
    return text;
}

/* Loads a recording that should be refused at line `no` for its ticks in all. */
static void expect_too_long(const char *text, int no)
{
    Replay r;
    char msg[512], where[32];
    assert_false(load(text, &r, msg, sizeof msg));
    snprintf(where, sizeof where, ":%d:1: ", no);
    if (strncmp(msg, where, strlen(where)) || !strstr(msg, "ticks in all"))
        fail_msg("%s", msg);
}

/* Each line's tick is bounded, and so are the ticks the lines make the game
 * play in all: a rewind plays again from its tick, a restart and a level
 * line from 0, so five lines of five hours each pass the day a recording
 * may play, and are refused where they pass it, before anything plays. */
static void test_total_ticks_bounded(void **state)
{
    (void)state;
    const char *lines[] = {"1080000 rewind 0\n", "1080000 restart 0 0\n", "1080000 level a.txt\n"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        char *text = repeated(lines[i], 150, "0 end\n"); /* 150 lines: 3 KB */
        expect_too_long(text, 7);                       /* lines 3 to 7: 25 hours */
        free(text);
        /* four lines and the rest of the day: the bound itself plays */
        Replay r;
        char msg[512];
        text = repeated(lines[i], 4, "864000 end\n");
        assert_true(load(text, &r, msg, sizeof msg));
        replay_free(&r);
        free(text);
        text = repeated(lines[i], 4, "864001 end\n");
        expect_too_long(text, 7);
        free(text);
    }
    /* a rewind part way plays again from where it goes back to: the first
     * line plays 1080000 ticks, each after it 80000, so 51 more fit the day
     * (5160000 ticks, lines 3 to 54) and the next (line 55) does not */
    Replay r;
    char msg[512];
    char *text = repeated("1080000 rewind 1000000\n", 52, "1000000 end\n");
    assert_true(load(text, &r, msg, sizeof msg));
    replay_free(&r);
    free(text);
    text = repeated("1080000 rewind 1000000\n", 51, "1080000 end\n"); /* the end line as the 52nd */
    assert_true(load(text, &r, msg, sizeof msg));
    replay_free(&r);
    free(text);
    text = repeated("1080000 rewind 1000000\n", 53, "");
    expect_too_long(text, 55);
    free(text);
}

/* What replay_load counts: each line's ticks from where the play stands
 * (a rewind's tick, 0 after a restart or a level line). */
static void test_ticks_counted(void **state)
{
    (void)state;
    Replay r;
    char msg[512];
    assert_true(load("isodroid-replay 2\nlevel a.txt\n100 goto 1 1\n400 rewind 200\n500 end\n", &r, msg, sizeof msg));
    assert_int_equal(r.ticks, 100 + 300 + 300);
    replay_free(&r);
    assert_true(load("isodroid-replay 2\nlevel a.txt\n50 restart 0 0\n20 level b.txt\n30 goto 1 1\n30 end\n", &r, msg,
                     sizeof msg));
    assert_int_equal(r.ticks, 50 + 20 + 30);
    replay_free(&r);
}

/* A rewind, as it plays, counts the ticks it plays again: from the
 * history's copy at or before its tick; one that would pass the bound is
 * refused and counts nothing. */
static void test_rewinds_count_what_they_play_again(void **state)
{
    (void)state;
    HistoryCopy copy[3] = {{.tick = 0}, {.tick = 60}, {.tick = 1200}};
    History h = {.copy = copy, .copy_count = 3, .copy_max = 3};
    Replay r = {0};
    uint64_t again;
    assert_true(replay_count_rewind(&r, &h, 1100, &again));
    assert_int_equal(again, 1040); /* from the copy at 60 */
    assert_true(replay_count_rewind(&r, &h, 1200, &again));
    assert_int_equal(again, 0);
    assert_true(replay_count_rewind(&r, &h, 30, &again));
    assert_int_equal(again, 30);
    assert_int_equal(r.ticks, 1070);
    r.ticks = REPLAY_MAX_TOTAL_TICKS - 10;
    assert_false(replay_count_rewind(&r, &h, 1100, &again));
    assert_int_equal(r.ticks, REPLAY_MAX_TOTAL_TICKS - 10);
    assert_true(replay_count_rewind(&r, &h, 70, &again));
    assert_int_equal(r.ticks, REPLAY_MAX_TOTAL_TICKS);
    assert_false(replay_count_rewind(&r, &h, 61, &again));
    assert_true(replay_count_rewind(&r, &h, 60, &again));
    /* no copy kept (the history broken): the rewind fails on its own, nothing counted */
    h.copy_count = 0;
    assert_true(replay_count_rewind(&r, &h, 1100, &again));
    assert_int_equal(again, 0);
}

/* What the writers write reads back the same; a path with a line break is refused. */
static void test_written_reads_back(void **state)
{
    (void)state;
    char path[] = "/tmp/isodroid-rec-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    replay_write_header(f, "levels/x y\tz.txt");
    SimCmd c = {SIM_CMD_PUSH, -1, 1};
    replay_write_cmd(f, 7, &c);
    replay_write_rewind(f, 30, 2);
    assert_true(replay_write_level(f, 40, "other\tlevel.txt"));
    assert_false(replay_write_level(f, 41, "bad\nname.txt"));
    assert_false(replay_path_ok("bad\rname"));
    fprintf(f, "50 end\n");
    fclose(f);
    Replay r;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(replay_load(path, &r, &d));
    assert_string_equal(r.level, "levels/x y\tz.txt");
    assert_int_equal(r.count, 4);
    assert_int_equal(r.line[0].cmd.type, SIM_CMD_PUSH);
    assert_int_equal(r.line[0].cmd.x, -1);
    assert_int_equal(r.line[1].to, 2);
    assert_string_equal(r.line[2].path, "other\tlevel.txt");
    replay_free(&r);
    unlink(path);
}

/* A level path with a tab, spaces or other control bytes round-trips on
 * both kinds of level line; one with a line feed or a carriage return is
 * refused before anything is written (the header used to write it as is:
 * the recording then failed to load on its third line), so the reader
 * stays strict: one line, one input. */
static void test_level_paths_round_trip_or_are_refused(void **state)
{
    (void)state;
    const char *good = " levels/a\tb \x01\x1b[2J\\n\xc3\xa9 .txt ";
    const char *bad[] = {"a\nb.txt", "a\rb.txt", "a.txt\n", "a.txt\r", ""};
    char path[] = "/tmp/isodroid-rec-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_false(replay_path_ok(bad[i]));
        assert_false(replay_write_header(f, bad[i]));
        assert_false(replay_write_level(f, 1, bad[i]));
        fflush(f);
        assert_int_equal(ftell(f), 0); /* nothing written */
    }
    assert_true(replay_path_ok(good));
    assert_true(replay_write_header(f, good));
    assert_true(replay_write_level(f, 3, good));
    fprintf(f, "4 end\n");
    fclose(f);
    Replay r;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(replay_load(path, &r, &d));
    assert_string_equal(r.level, good);
    assert_int_equal(r.count, 2);
    assert_int_equal(r.line[0].kind, REPLAY_LEVEL);
    assert_string_equal(r.line[0].path, good);
    replay_free(&r);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_versions),
        cmocka_unit_test(test_blank_lines_keep_line_numbers), cmocka_unit_test(test_ticks_never_go_back),
        cmocka_unit_test(test_arguments_in_their_range),      cmocka_unit_test(test_end_tick_bounded),
        cmocka_unit_test(test_written_reads_back),        cmocka_unit_test(test_level_paths_round_trip_or_are_refused),
        cmocka_unit_test(test_total_ticks_bounded),           cmocka_unit_test(test_ticks_counted),
        cmocka_unit_test(test_rewinds_count_what_they_play_again),
    };
    return cmocka_run_group_tests_name("replay", tests, NULL, NULL);
}
