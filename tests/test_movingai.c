/* test_movingai.c - Moving AI readers: the shipped arena scenario solved
 * optimally by A* and JPS, file variants as they occur in the wild, bad
 * files with located messages, and the length-matching rule. */
#include "testlib.h"

#include <math.h>

#include "movingai.h"

static void test_arena_optimal(void **state)
{
    (void)state;
    Diags d;
    diag_clear(&d);
    Grid g;
    Scenario s;
    assert_true(movingai_load_map("tests/data/movingai/arena.map", &g, &d));
    assert_true(movingai_load_scen("tests/data/movingai/arena.map.scen", &s, &d));
    assert_int_equal(g.w, 49);
    assert_int_equal(g.h, 49);
    assert_int_equal(s.count, 160);
    PathState *st = path_create(g.w, g.h);
    for (int algo = 0; algo < 2; algo++) {
        PathOptions opt = path_options_default();
        opt.algo = (PathAlgo)algo;
        for (int i = 0; i < s.count; i++) {
            PathResult r;
            assert_int_equal(path_find(st, &g, s.q[i].start, s.q[i].goal, &opt, &r), PATH_FOUND);
            if (!movingai_length_matches(&s.q[i], r.length))
                fail_msg("line %d: length %.8f, file %.8f", s.q[i].line, r.length, s.q[i].optimal);
            if (i % 16 == 0)
                assert_true(fabs(test_brute_force(&g, s.q[i].start, s.q[i].goal, PATH_TOPO_8) - r.length) < 1e-9);
        }
    }
    path_destroy(st);
    movingai_scen_free(&s);
    grid_deinit(&g);
}

static void test_variants(void **state)
{
    (void)state;
    /* CRLF, no final newline, a non-square map, G and S walkable, T blocked */
    const char *map = "type octile\r\nheight 3\r\nwidth 5\r\nmap\r\n.G@S.\r\n.TTT.\r\n.....";
    char *mp = test_write_temp(map, strlen(map));
    Diags d;
    diag_clear(&d);
    Grid g;
    assert_true(movingai_load_map(mp, &g, &d));
    assert_int_equal(g.w, 5);
    assert_int_equal(g.h, 3);
    assert_true(grid_walkable(&g, 1, 0) && grid_walkable(&g, 3, 0));
    assert_false(grid_walkable(&g, 2, 0) || grid_walkable(&g, 2, 1));
    grid_deinit(&g);
    /* tabs or spaces, version 1.0, blank lines at the end */
    const char *scen = "version 1.0\n0 m.map 5 3 0 0 4 0 6.82843\n0\tm.map\t5\t3\t0\t2\t4\t2\t4\n\n\n";
    char *sp = test_write_temp(scen, strlen(scen));
    Scenario s;
    assert_true(movingai_load_scen(sp, &s, &d));
    assert_int_equal(s.count, 2);
    assert_int_equal(s.map_w, 5);
    assert_int_equal(s.map_h, 3);
    assert_int_equal(s.q[1].start.y, 2);
    assert_true(s.q[0].ulp == 1e-5 || fabs(s.q[0].ulp - 1e-5) < 1e-18);
    assert_true(s.q[1].ulp == 1.0);
    assert_int_equal(s.q[1].line, 3);
    movingai_scen_free(&s);
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
    };
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        char *p = test_write_temp(maps[i].text, strlen(maps[i].text));
        Diags d;
        diag_clear(&d);
        Grid g;
        assert_false(movingai_load_map(p, &g, &d));
        assert_non_null(strstr(d.msg[0], p));
        if (!strstr(d.msg[0], maps[i].want))
            fail_msg("got '%s', want '%s'", d.msg[0], maps[i].want);
        unlink(p);
        free(p);
    }
    const char *scen = "version 1\n0 m.map 5 3 0 0 4\n";
    char *p = test_write_temp(scen, strlen(scen));
    Diags d;
    diag_clear(&d);
    Scenario s;
    assert_false(movingai_load_scen(p, &s, &d));
    assert_non_null(strstr(d.msg[0], ":2:1: expected 9 columns"));
    assert_null(s.q);
    unlink(p);
    free(p);
}

static void test_length_rule(void **state)
{
    (void)state;
    ScenQuery q = {0};
    q.optimal = 10.89949493; /* 1 + 7 sqrt 2 = 10.8994949366, truncated */
    q.ulp = 1e-8;
    assert_true(movingai_length_matches(&q, 1 + 7 * sqrt(2.0)));
    q.optimal = 10.89949494; /* the same, rounded */
    assert_true(movingai_length_matches(&q, 1 + 7 * sqrt(2.0)));
    q.optimal = 10.89949492; /* two units off */
    assert_false(movingai_length_matches(&q, 1 + 7 * sqrt(2.0)));
    /* a path one detour longer never passes */
    q.optimal = 29 * sqrt(2.0);
    q.ulp = 1e-8;
    assert_false(movingai_length_matches(&q, 41.0));
    q.optimal = 4786;
    q.ulp = 1;
    assert_true(movingai_length_matches(&q, 4786.0));
    assert_false(movingai_length_matches(&q, 4787.0 + 1e-6));
    /* long Berlin-style drift: 746.80317396 written for a longer exact value */
    q.optimal = 746.80317396;
    q.ulp = 1e-8;
    assert_true(movingai_length_matches(&q, 746.80317396 + 14e-8));
    assert_false(movingai_length_matches(&q, 746.80317396 + 1e-5));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arena_optimal), cmocka_unit_test(test_variants), cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_length_rule),
    };
    return cmocka_run_group_tests_name("movingai", tests, NULL, NULL);
}
