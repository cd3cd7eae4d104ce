/* SPDX-License-Identifier: MIT */
/* test_movingai.c - Moving AI readers: the shipped arena scenario solved
 * optimally by A* and JPS, weighted maps (rough ground and doors) read with
 * their costs and solved as the brute force does, file variants as they
 * occur in the wild, bad files with located messages, and the
 * length-matching rule. */
#include "testlib.h"

#include <math.h>
#include <string.h>

#include "movingai.h"

static void test_arena_optimal(void **state)
{
    (void)state;
    NavDiags d;
    nav_diag_clear(&d);
    NavGrid g;
    NavScenario s;
    assert_int_equal(nav_movingai_load_map("tests/data/movingai/arena.map", &g, &d), NAV_DONE);
    assert_int_equal(nav_movingai_load_scen("tests/data/movingai/arena.map.scen", &s, &d), NAV_DONE);
    assert_int_equal(g.w, 49);
    assert_int_equal(g.h, 49);
    assert_int_equal(s.count, 160);
    NavQuery *st = nav_query_create(g.w, g.h);
    for (int algo = 0; algo < 2; algo++) {
        NavQueryOptions opt = nav_query_options_default();
        opt.algo = (NavAlgo)algo;
        for (int i = 0; i < s.count; i++) {
            NavQueryResult r;
            assert_int_equal(nav_query_find(st, &g, s.q[i].start, s.q[i].goal, &opt, &r), NAV_DONE);
            if (!nav_movingai_length_matches(&s.q[i], r.length))
                fail_msg("line %d: length %.8f, file %.8f", s.q[i].line, r.length, s.q[i].optimal);
            if (i % 16 == 0)
                assert_true(fabs(test_brute_force(&g, s.q[i].start, s.q[i].goal, NAV_TOPO_8) - r.length) < 1e-9);
        }
    }
    nav_query_destroy(st);
    nav_movingai_scen_free(&s);
    nav_grid_deinit(&g);
}

/* Loads a map from text; the caller deinits g. */
static void load_map_text(const char *text, NavGrid *g)
{
    char *p = test_write_temp(text, strlen(text));
    NavDiags d;
    nav_diag_clear(&d);
    assert_int_equal(nav_movingai_load_map(p, g, &d), NAV_DONE);
    unlink(p);
    free(p);
}

/* ',' is rough ground (3) and '+' a door (5): the way round the wall, 8,
 * beats the way through both, 3 + 5 + 1 + 1. */
static void test_weighted_costs(void **state)
{
    (void)state;
    NavGrid g;
    load_map_text("type octile\nheight 3\nwidth 5\nmap\nS,+.G\n.@T@.\n.....\n", &g);
    static const char row0[] = "S,+.G", row1[] = ".@T@.";
    for (int x = 0; x < 5; x++) {
        assert_int_equal(nav_grid_cost(&g, x, 0), nav_movingai_tile_cost(row0[x]));
        assert_int_equal(nav_grid_cost(&g, x, 1), nav_movingai_tile_cost(row1[x]));
        assert_int_equal(nav_grid_cost(&g, x, 2), 1);
    }
    assert_int_equal(nav_grid_cost(&g, 1, 0), 3);
    assert_int_equal(nav_grid_cost(&g, 2, 0), 5);
    assert_int_equal(nav_grid_cost(&g, 2, 1), 0);
    assert_int_equal(nav_grid_count_walkable(&g), 12);
    assert_false(nav_grid_uniform(&g));
    NavQuery *st = nav_query_create(g.w, g.h);
    NavQueryOptions opt = nav_query_options_default();
    NavQueryResult r;
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 0), nav_pos(4, 0), &opt, &r), NAV_DONE);
    assert_true(r.length == 8.0);
    assert_int_equal(r.steps, 8);
    assert_true(test_check_walk(st, &g, NAV_TOPO_8) == 8.0);
    /* into the door from below-left is a diagonal past a wall corner: no */
    assert_int_equal(nav_query_find(st, &g, nav_pos(0, 1), nav_pos(2, 0), &opt, &r), NAV_DONE);
    assert_true(fabs(r.length - (1 + 3 + 5)) < 1e-12);
    nav_query_destroy(st);
    nav_grid_deinit(&g);
}

static NavPos random_walkable(const NavGrid *g, uint64_t *seed)
{
    for (;;) {
        NavPos p = nav_pos((int)(test_rand(seed) % (uint32_t)g->w), (int)(test_rand(seed) % (uint32_t)g->h));
        if (nav_grid_walkable(g, p.x, p.y))
            return p;
    }
}

/* Random maps of every glyph, read from text and solved by A* and JPS:
 * each length is the brute force's (testlib.h), each walk legal. */
static void test_weighted_optimal(void **state)
{
    (void)state;
    static const char glyphs[] = "...,,,+@@GST";
    enum { W = 23, H = 17 };
    uint64_t seed = 0x5eed7e44a1u;
    int paths = 0;
    for (int round = 0; round < 4; round++) {
        char text[64 + (W + 1) * H];
        int n = snprintf(text, sizeof text, "type octile\nheight %d\nwidth %d\nmap\n", H, W);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++)
                text[n++] = glyphs[test_rand(&seed) % (sizeof glyphs - 1)];
            text[n++] = '\n';
        }
        text[n] = '\0';
        NavGrid g;
        load_map_text(text, &g);
        NavQuery *st = nav_query_create(W, H);
        for (int i = 0; i < 40; i++) {
            NavPos s = random_walkable(&g, &seed), t = random_walkable(&g, &seed);
            double want = test_brute_force(&g, s, t, NAV_TOPO_8);
            for (int algo = NAV_ASTAR; algo <= NAV_JPS; algo++) {
                NavQueryOptions opt = nav_query_options_default();
                opt.algo = (NavAlgo)algo;
                NavQueryResult r;
                NavStatus found = nav_query_find(st, &g, s, t, &opt, &r);
                if (want < 0) {
                    assert_int_not_equal(found, NAV_DONE);
                    continue;
                }
                assert_int_equal(found, NAV_DONE);
                if (fabs(r.length - want) > 1e-9)
                    fail_msg("round %d, %d,%d -> %d,%d, algo %d: length %.9f, brute force %.9f", round, s.x, s.y,
                             t.x, t.y, algo, r.length, want);
                test_check_walk(st, &g, NAV_TOPO_8);
                paths++;
            }
        }
        nav_query_destroy(st);
        nav_grid_deinit(&g);
    }
    printf("%d weighted paths checked\n", paths);
    assert_true(paths > 200); /* most pairs are connected */
}

static void test_variants(void **state)
{
    (void)state;
    /* CRLF, no final newline, a non-square map, G and S walkable, T blocked */
    const char *map = "type octile\r\nheight 3\r\nwidth 5\r\nmap\r\n.G@S.\r\n.TTT.\r\n.....";
    /* trailing blanks on a row and blank lines after the last are no tiles */
    const char *padded = "type octile\nheight 2\nwidth 2\nmap\n.. \t\n..\r\n\n \n";
    char *pp = test_write_temp(padded, strlen(padded));
    NavDiags pd;
    nav_diag_clear(&pd);
    NavGrid pg;
    assert_int_equal(nav_movingai_load_map(pp, &pg, &pd), NAV_DONE);
    assert_int_equal(pg.w, 2);
    nav_grid_deinit(&pg);
    unlink(pp);
    free(pp);
    char *mp = test_write_temp(map, strlen(map));
    NavDiags d;
    nav_diag_clear(&d);
    NavGrid g;
    assert_int_equal(nav_movingai_load_map(mp, &g, &d), NAV_DONE);
    assert_int_equal(g.w, 5);
    assert_int_equal(g.h, 3);
    assert_true(nav_grid_walkable(&g, 1, 0) && nav_grid_walkable(&g, 3, 0));
    assert_false(nav_grid_walkable(&g, 2, 0) || nav_grid_walkable(&g, 2, 1));
    nav_grid_deinit(&g);
    /* tabs or spaces, version 1.0, blank lines at the end */
    const char *scen = "version 1.0\n0 m.map 5 3 0 0 4 0 6.82843\n0\tm.map\t5\t3\t0\t2\t4\t2\t4\n\n\n";
    char *sp = test_write_temp(scen, strlen(scen));
    NavScenario s;
    assert_int_equal(nav_movingai_load_scen(sp, &s, &d), NAV_DONE);
    assert_int_equal(s.count, 2);
    assert_int_equal(s.map_w, 5);
    assert_int_equal(s.map_h, 3);
    assert_int_equal(s.q[1].start.y, 2);
    assert_true(s.q[0].ulp == 1e-5 || fabs(s.q[0].ulp - 1e-5) < 1e-18);
    assert_true(s.q[1].ulp == 1.0);
    assert_int_equal(s.q[1].line, 3);
    nav_movingai_scen_free(&s);
    unlink(mp);
    unlink(sp);
    free(mp);
    free(sp);
}

static void test_bad_files(void **state)
{
    (void)state;
    struct {
        const char *text, *want;
    } maps[] = {
        {"type octile\nheight 2\nwidth 3\nmap\n...\n..\n", ":6:3: row is 2 tiles wide; the header says width 3"},
        {"type octile\nheight 3\nwidth 2\nmap\n..\n..\n", ":7:1: map has 2 rows; the header says height 3"},
        {"type hex\nheight 1\nwidth 1\nmap\n.\n", ":1:6: map type 'hex' is not supported (octile only)"},
        {"type octile\nheight 1\nwidth 1\n", ":4:1: no 'map' line: the grid never starts"},
        {"type octile\nbreadth 1\nmap\n.\n", ":2:1: unexpected header line (type, height, width, map)"},
        /* rows longer than the width, lines after the last row: never cut silently */
        {"type octile\nheight 2\nwidth 3\nmap\n...\n....\n", ":6:4: row is 4 tiles wide; the header says width 3"},
        {"type octile\nheight 2\nwidth 3\nmap\n...@@\n...\n", ":5:4: row is 5 tiles wide; the header says width 3"},
        {"type octile\nheight 2\nwidth 3\nmap\n...\n...\n...\n", ":7:1: line after the last row: the header says height 2"},
        {"type octile\nheight 1\nwidth 1\nmap\n.\n\n\nT\n", ":8:1: line after the last row: the header says height 1"},
    };
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        char *p = test_write_temp(maps[i].text, strlen(maps[i].text));
        NavDiags d;
        nav_diag_clear(&d);
        NavGrid g;
        assert_int_equal(nav_movingai_load_map(p, &g, &d), NAV_INVALID);
        assert_non_null(strstr(d.msg[0], p));
        if (!strstr(d.msg[0], maps[i].want))
            fail_msg("got '%s', want '%s'", d.msg[0], maps[i].want);
        unlink(p);
        free(p);
    }
    const char *scen = "version 1\n0 m.map 5 3 0 0 4\n";
    char *p = test_write_temp(scen, strlen(scen));
    NavDiags d;
    nav_diag_clear(&d);
    NavScenario s;
    assert_int_equal(nav_movingai_load_scen(p, &s, &d), NAV_INVALID);
    assert_non_null(strstr(d.msg[0], ":2:1: expected 9 columns"));
    assert_null(s.q);
    unlink(p);
    free(p);
}

/* Loads text as a map (or a scenario) from a temporary file; returns the
 * first message with the file name cut off, or "ok". */
static const char *load_text(const char *text, size_t len, bool scen)
{
    static char msg[NAV_DIAG_LEN];
    char *p = test_write_temp(text, len);
    NavDiags d;
    nav_diag_clear(&d);
    NavGrid g;
    NavScenario s;
    bool ok = scen ? nav_movingai_load_scen(p, &s, &d) == NAV_DONE : nav_movingai_load_map(p, &g, &d) == NAV_DONE;
    if (ok) {
        snprintf(msg, sizeof msg, "ok");
        if (scen)
            nav_movingai_scen_free(&s);
        else
            nav_grid_deinit(&g);
    } else {
        assert_true(d.count > 0);
        assert_true(strncmp(d.msg[0], p, strlen(p)) == 0);
        snprintf(msg, sizeof msg, "%s", d.msg[0] + strlen(p));
        if (scen)
            assert_null(s.q);
    }
    unlink(p);
    free(p);
    return msg;
}

/* Numbers that used to wrap, junk after the last column, a version line
 * after blank lines, lines and files without end. */
static void test_hardening(void **state)
{
    (void)state;
    static const struct {
        bool scen;
        const char *text, *want;
    } cases[] = {
        /* 4294967297 = 2^32 + 1 loaded as height 1 */
        {false, "type octile\nheight 4294967297\nwidth 1\nmap\n.\n",
         ":2:8: height must be a whole number from 1 to 4096, not '4294967297' (out of range)"},
        {false, "type octile\nheight 99999999999\nwidth 1\nmap\n.\n",
         ":2:8: height must be a whole number from 1 to 4096, not '99999999999' (out of range)"},
        {false, "type octile\nheight 2x\nwidth 1\nmap\n.\n",
         ":2:8: height must be a whole number from 1 to 4096, not '2x' (junk after the number)"},
        {false, "type octile\nheight 1\nwidth 0\nmap\n.\n",
         ":3:7: width must be a whole number from 1 to 4096, not '0' (out of range)"},
        {false, "type octile\nheight 1 2\nwidth 1\nmap\n.\n", ":2:1: 'height' takes one number"},
        {false, "type octile\nwidth 1\nmap\n.\n", ":3:1: no 'height' line before 'map'"},
        {false, "", ":1:1: no 'map' line: the grid never starts"},
        {false, "type octile\nheight 1\nwidth 1\nmap\n.\n", "ok"},
        /* scenario coordinates wrapped and the query was called optimal */
        {true, "version 1\n0 m.map 5 3 4294967296 0 4 0 4\n",
         ":2:13: start x must be a whole number from 0 to 4, not '4294967296' (out of range)"},
        {true, "version 1\n0 m.map 5 3 0 0 4 3 4\n", ":2:19: goal y must be a whole number from 0 to 2, not '3' (out of range)"},
        {true, "version 1\n0 m.map 5 3 -1 0 4 0 4\n",
         ":2:13: start x must be a whole number from 0 to 4, not '-1' (out of range)"},
        {true, "version 1\n0 m.map 5 3 0 0 4 0 4 junk\n", ":2:23: more than 9 columns: 'junk' after the length"},
        {true, "version 1\n0 m.map 5 3 0 0 4 0 4x\n", ":2:21: bad optimal length '4x' (junk after the number)"},
        {true, "version 1\n0 m.map 5 3 0 0 4 0 nan\n", ":2:21: bad optimal length 'nan' (not a number)"},
        {true, "\n\nversion 1\n0 m.map 5 3 0 0 4 0 4\n", "ok"},
        {true, "0 m.map 5 3 0 0 4 0 4\nversion 1\n", ":2:1: 'version' must come before the first query"},
        {true, "version 2\n0 m.map 5 3 0 0 4 0 4\n", ":1:9: scenario version 2 is not supported (1)"},
        {true, "version one\n", ":1:1: expected 'version 1'"},
        {true, "", ": no queries: a scenario needs lines of bucket map width height sx sy gx gy length"},
        {true, "version 1\n\n", ": no queries: a scenario needs lines of bucket map width height sx sy gx gy length"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *got = load_text(cases[i].text, strlen(cases[i].text), cases[i].scen);
        if (strcmp(got, cases[i].want) != 0)
            fail_msg("case %zu\n got: '%s'\nwant: '%s'", i, got, cases[i].want);
    }

    /* a line without end (/dev/zero grew a map to gigabytes) */
    size_t n = NAV_MOVINGAI_LINE_MAX + 10;
    char *zeros = calloc(n, 1);
    assert_string_equal(load_text(zeros, n, false), ":1: line longer than 8192 bytes");
    assert_string_equal(load_text(zeros, n, true), ":1: line longer than 8192 bytes");
    free(zeros);

    /* folders, and devices that never end */
    NavDiags d;
    nav_diag_clear(&d);
    NavGrid g;
    NavScenario s;
    assert_int_equal(nav_movingai_load_map("tests", &g, &d), NAV_INVALID);
    assert_string_equal(d.msg[0], "tests: is a folder, not a map file");
    assert_int_equal(nav_movingai_load_scen("tests", &s, &d), NAV_INVALID);
    assert_string_equal(d.msg[1], "tests: is a folder, not a scenario file");
    assert_int_equal(nav_movingai_load_map("/dev/zero", &g, &d), NAV_INVALID);
    assert_string_equal(d.msg[2], "/dev/zero:1: line longer than 8192 bytes");
    assert_int_equal(nav_movingai_load_scen("/dev/null", &s, &d), NAV_INVALID);
    assert_string_equal(d.msg[3],
                        "/dev/null: no queries: a scenario needs lines of bucket map width height sx sy gx gy length");
    assert_int_equal(nav_movingai_load_map("/nonexistent.map", &g, &d), NAV_INVALID);
    assert_string_equal(d.msg[4], "/nonexistent.map: cannot open: No such file or directory");

    /* a named pipe no one writes to is refused at once, never waited on */
    char fifo[] = "/tmp/isodroid-test-fifo-XXXXXX";
    assert_non_null(mkdtemp(fifo));
    char path[64];
    snprintf(path, sizeof path, "%s/p.map", fifo);
    assert_int_equal(mkfifo(path, 0600), 0);
    nav_diag_clear(&d);
    assert_int_equal(nav_movingai_load_map(path, &g, &d), NAV_INVALID);
    assert_non_null(strstr(d.msg[0], "p.map: is a named pipe or socket, not a map file"));
    assert_int_equal(nav_movingai_load_scen(path, &s, &d), NAV_INVALID);
    unlink(path);
    rmdir(fifo);
}

/* A stream that fails mid-way is a read error, named, not an end of file. */
static void test_read_error(void **state)
{
    (void)state;
    FILE *f = fopen("tests", "rb"); /* a folder opens, and every read of it fails */
    assert_non_null(f);
    NavDiags d;
    nav_diag_clear(&d);
    NavScenario s;
    assert_int_equal(nav_movingai_read_scen(f, "scen", &s, &d), NAV_INVALID);
    assert_string_equal(d.msg[0], "scen:1: read error: Is a directory");
    fclose(f);
}

static void test_length_rule(void **state)
{
    (void)state;
    NavScenQuery q = {0};
    q.optimal = 10.89949493; /* 1 + 7 sqrt 2 = 10.8994949366, truncated */
    q.ulp = 1e-8;
    assert_true(nav_movingai_length_matches(&q, 1 + 7 * sqrt(2.0)));
    q.optimal = 10.89949494; /* the same, rounded */
    assert_true(nav_movingai_length_matches(&q, 1 + 7 * sqrt(2.0)));
    q.optimal = 10.89949492; /* two units off */
    assert_false(nav_movingai_length_matches(&q, 1 + 7 * sqrt(2.0)));
    /* a path one detour longer never passes */
    q.optimal = 29 * sqrt(2.0);
    q.ulp = 1e-8;
    assert_false(nav_movingai_length_matches(&q, 41.0));
    q.optimal = 4786;
    q.ulp = 1;
    assert_true(nav_movingai_length_matches(&q, 4786.0));
    assert_false(nav_movingai_length_matches(&q, 4787.0 + 1e-6));
    /* long Berlin-style drift: 746.80317396 written for a longer exact value */
    q.optimal = 746.80317396;
    q.ulp = 1e-8;
    assert_true(nav_movingai_length_matches(&q, 746.80317396 + 14e-8));
    assert_false(nav_movingai_length_matches(&q, 746.80317396 + 1e-5));
}

/* ---- memory ----------------------------------------------------------------
 * Under AddressSanitizer (make test) allocations above 24 MiB fail; a
 * scenario whose queries outgrow that is refused as out of memory, not as
 * a bad file, and nothing of it is kept. Elsewhere the test is skipped. */
#if defined(__SANITIZE_ADDRESS__)
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1:max_allocation_size_mb=24";
}
#define CAN_FAIL_ALLOCATIONS 1
#else
#define CAN_FAIL_ALLOCATIONS 0
#endif

static void test_out_of_memory(void **state)
{
    (void)state;
    if (!CAN_FAIL_ALLOCATIONS)
        skip();
    FILE *f = tmpfile();
    assert_non_null(f);
    /* the query array doubles past 24 MiB before this many queries */
    int queries = (24 << 20) / (int)sizeof(NavScenQuery) + 1;
    fprintf(f, "version 1\n");
    for (int i = 0; i < queries; i++)
        fprintf(f, "0\tm.map\t9\t9\t1\t1\t2\t2\t1.41421356\n");
    rewind(f);
    NavDiags d;
    nav_diag_clear(&d);
    NavScenario s = {.count = 5};
    assert_int_equal(nav_movingai_read_scen(f, "big.scen", &s, &d), NAV_OUT_OF_MEMORY);
    assert_int_equal(s.count, 0);
    assert_null(s.q);
    assert_int_equal(d.count, 1);
    assert_non_null(strstr(d.msg[0], "out of memory"));
    fclose(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arena_optimal), cmocka_unit_test(test_weighted_costs),
        cmocka_unit_test(test_weighted_optimal), cmocka_unit_test(test_variants), cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_length_rule), cmocka_unit_test(test_hardening), cmocka_unit_test(test_read_error),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests_name("movingai", tests, NULL, NULL);
}
