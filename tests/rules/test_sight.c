/* SPDX-License-Identifier: MIT */
/* test_sight.c - the line-of-sight rule: symmetric on random maps, equal to
 * an independent geometric reference (every tile whose closed square the
 * segment touches, ends excepted, must be clear), corners, range and cone. */
#include "testlib.h"

#include "sight.h"

typedef struct Map {
    int w, h;
    const char *cells; /* '#' opaque */
} Map;

static bool map_opaque(const void *ctx, int x, int y)
{
    const Map *m = ctx;
    if (x < 0 || y < 0 || x >= m->w || y >= m->h)
        return true;
    return m->cells[y * m->w + x] == '#';
}

/* Does the segment between the centres of a and b touch the closed square
 * of tile (x, y)? Separating axes in doubled coordinates (centres odd,
 * tile edges even): x, y and the segment's normal. */
static bool touches(NavPos a, NavPos b, int x, int y)
{
    long ax = 2 * a.x + 1, ay = 2 * a.y + 1, bx = 2 * b.x + 1, by = 2 * b.y + 1;
    long x0 = 2 * x, x1 = 2 * x + 2, y0 = 2 * y, y1 = 2 * y + 2;
    if ((ax < x0 && bx < x0) || (ax > x1 && bx > x1) || (ay < y0 && by < y0) || (ay > y1 && by > y1))
        return false;
    long nx = -(by - ay), ny = bx - ax;
    long cx[4] = {x0, x1, x0, x1}, cy[4] = {y0, y0, y1, y1};
    int pos = 0, neg = 0;
    for (int i = 0; i < 4; i++) {
        long side = nx * (cx[i] - ax) + ny * (cy[i] - ay);
        pos += side > 0;
        neg += side < 0;
    }
    return !(pos == 4 || neg == 4);
}

static bool reference(const Map *m, NavPos a, NavPos b)
{
    int xl = a.x < b.x ? a.x : b.x, xh = a.x < b.x ? b.x : a.x;
    int yl = a.y < b.y ? a.y : b.y, yh = a.y < b.y ? b.y : a.y;
    for (int y = yl - 1; y <= yh + 1; y++)
        for (int x = xl - 1; x <= xh + 1; x++) {
            if ((x == a.x && y == a.y) || (x == b.x && y == b.y))
                continue;
            if (touches(a, b, x, y) && map_opaque(m, x, y))
                return false;
        }
    return true;
}

static void test_sight_symmetric_and_exact(void **state)
{
    (void)state;
    uint64_t seed = 77;
    long pairs = 0, clear = 0;
    for (int round = 0; round < 12; round++) {
        int w = 8 + (int)(test_rand(&seed) % 10), h = 8 + (int)(test_rand(&seed) % 10);
        char *cells = malloc((size_t)(w * h));
        for (int i = 0; i < w * h; i++)
            cells[i] = test_rand(&seed) % 100 < (uint32_t)(8 + round * 2) ? '#' : '.';
        Map m = {w, h, cells};
        for (int ay = 0; ay < h; ay++)
            for (int ax = 0; ax < w; ax++)
                for (int by = 0; by < h; by++)
                    for (int bx = 0; bx < w; bx++) {
                        NavPos a = nav_pos(ax, ay), b = nav_pos(bx, by);
                        bool ab = sight_line(a, b, map_opaque, &m), ba = sight_line(b, a, map_opaque, &m);
                        if (ab != ba)
                            fail_msg("not symmetric: %d,%d -> %d,%d is %d, back %d", ax, ay, bx, by, ab, ba);
                        bool want = reference(&m, a, b);
                        if (ab != want)
                            fail_msg("%d,%d -> %d,%d: %d, the reference says %d", ax, ay, bx, by, ab, want);
                        pairs++;
                        clear += ab;
                    }
        free(cells);
    }
    assert_true(pairs > 100000);
    assert_true(clear > pairs / 10 && clear < pairs - pairs / 10); /* both answers were tested */
}

static void test_sight_walls_and_corners(void **state)
{
    (void)state;
    static const char cells[] = "......."
                                "...#..."
                                "......."
                                "..#...."
                                "...#..."
                                ".......";
    Map m = {7, 6, cells};
    /* straight through a wall, and past it */
    assert_false(sight_line(nav_pos(3, 0), nav_pos(3, 2), map_opaque, &m));
    assert_true(sight_line(nav_pos(4, 0), nav_pos(4, 2), map_opaque, &m));
    /* a diagonal between two walls that touch at a corner: the corner rule blocks it */
    assert_false(sight_line(nav_pos(2, 4), nav_pos(3, 3), map_opaque, &m));
    assert_false(sight_line(nav_pos(3, 3), nav_pos(2, 4), map_opaque, &m));
    assert_false(sight_line(nav_pos(1, 5), nav_pos(4, 2), map_opaque, &m));
    /* a diagonal through a wall tile */
    assert_false(sight_line(nav_pos(2, 0), nav_pos(4, 2), map_opaque, &m));
    /* a diagonal step past one wall's corner: blocked too (either side blocks, as for a step) */
    assert_false(sight_line(nav_pos(2, 1), nav_pos(3, 2), map_opaque, &m));
    assert_true(sight_line(nav_pos(4, 1), nav_pos(5, 2), map_opaque, &m));
    /* a shallow line that passes beside a wall without touching it */
    assert_true(sight_line(nav_pos(0, 2), nav_pos(6, 1), map_opaque, &m) ==
                sight_line(nav_pos(6, 1), nav_pos(0, 2), map_opaque, &m));
    /* the ends are not tested: a wall sees its neighbour */
    assert_true(sight_line(nav_pos(3, 1), nav_pos(4, 1), map_opaque, &m));
    assert_true(sight_line(nav_pos(5, 5), nav_pos(5, 5), map_opaque, &m));
}

static void test_sight_range_and_cone(void **state)
{
    (void)state;
    NavPos o = nav_pos(10, 10);
    /* facing east (1, 0): 60 degrees either side */
    assert_true(sight_in_view(o, 1, 0, nav_pos(18, 10), 8));
    assert_false(sight_in_view(o, 1, 0, nav_pos(19, 10), 8));
    assert_true(sight_in_view(o, 1, 0, nav_pos(14, 13), 8));   /* 5 tiles away, inside range */
    assert_false(sight_in_view(o, 1, 0, nav_pos(16, 16), 8));  /* 8.49 tiles: beyond */
    assert_true(sight_in_view(o, 1, 0, nav_pos(12, 13), 8));   /* 56 degrees: inside */
    assert_false(sight_in_view(o, 1, 0, nav_pos(11, 13), 8));  /* 72 degrees: outside */
    assert_false(sight_in_view(o, 1, 0, nav_pos(7, 10), 8));   /* behind */
    /* a diagonal facing */
    assert_true(sight_in_view(o, 1, 1, nav_pos(14, 10), 8));   /* 45 degrees off a diagonal facing */
    /* touching tiles are felt whatever the facing */
    assert_true(sight_in_view(o, 1, 0, nav_pos(9, 9), 8));
    assert_true(sight_in_view(o, 1, 0, nav_pos(10, 11), 8));
    assert_true(sight_in_view(o, 1, 0, o, 8));
    assert_false(sight_in_view(o, 1, 0, nav_pos(8, 10), 8));
    /* sight_sees is both */
    static const char cells[] = "..#..";
    Map m = {5, 1, cells};
    assert_false(sight_sees(nav_pos(0, 0), 1, 0, nav_pos(4, 0), 8, map_opaque, &m));
    assert_true(sight_sees(nav_pos(0, 0), 1, 0, nav_pos(1, 0), 8, map_opaque, &m));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sight_symmetric_and_exact),
        cmocka_unit_test(test_sight_walls_and_corners),
        cmocka_unit_test(test_sight_range_and_cone),
    };
    return cmocka_run_group_tests_name("sight", tests, NULL, NULL);
}
