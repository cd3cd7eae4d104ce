/* SPDX-License-Identifier: MIT */
/* test_iso.c - iso math: round trips through every space, picking at
 * diamond edges and corners, bounds on both axes, zoom about a point, the
 * screen's footprint and polygon clipping (against a sampled reference). */
#include "testlib.h"

#include <math.h>

#include "iso.h"

static void test_round_trips(void **state)
{
    (void)state;
    uint64_t seed = 3;
    for (int i = 0; i < 2000; i++) {
        IsoView v = iso_view(64, 32);
        v.zoom = 0.25 + (test_rand(&seed) % 1000) / 250.0;
        v.off_x = (double)(test_rand(&seed) % 4000) - 2000.0;
        v.off_y = (double)(test_rand(&seed) % 4000) - 2000.0;
        WorldPos w = {(double)(test_rand(&seed) % 100000) / 997.0 - 20.0,
                      (double)(test_rand(&seed) % 100000) / 991.0 - 20.0};
        WorldPos back = iso_screen_to_world(&v, iso_world_to_screen(&v, w));
        assert_true(fabs(back.x - w.x) < 1e-9 && fabs(back.y - w.y) < 1e-9);
        /* tile centres land back in their tile */
        NavPos t = nav_pos((int)(test_rand(&seed) % 300), (int)(test_rand(&seed) % 300));
        NavPos got;
        assert_true(iso_screen_to_tile(&v, iso_world_to_screen(&v, iso_tile_center(t)), 300, 300, &got));
        assert_int_equal(got.x, t.x);
        assert_int_equal(got.y, t.y);
    }
}

static void test_projection(void **state)
{
    (void)state;
    IsoView v = iso_view(64, 32);
    v.off_x = 100;
    v.off_y = 50;
    /* tile (0,0): top corner at the offset, centre half a tile lower */
    ScreenPos top = iso_tile_to_screen(&v, nav_pos(0, 0));
    assert_true(top.x == 100 && top.y == 50);
    ScreenPos c = iso_world_to_screen(&v, iso_tile_center(nav_pos(0, 0)));
    assert_true(c.x == 100 && c.y == 66);
    /* +x goes right-down, +y goes left-down */
    ScreenPos tx = iso_tile_to_screen(&v, nav_pos(1, 0)), ty = iso_tile_to_screen(&v, nav_pos(0, 1));
    assert_true(tx.x == 132 && tx.y == 66);
    assert_true(ty.x == 68 && ty.y == 66);
}

static void test_edges(void **state)
{
    (void)state;
    IsoView v = iso_view(64, 32);
    v.off_x = 320;
    v.off_y = 10;
    NavPos t;
    /* tile (2,3): corners top, right, bottom, left */
    ScreenPos top = iso_tile_to_screen(&v, nav_pos(2, 3));
    ScreenPos right = {top.x + 32, top.y + 16}, bottom = {top.x, top.y + 32}, left = {top.x - 32, top.y + 16};
    /* the top corner belongs to this tile (floor on both axes) */
    assert_true(iso_screen_to_tile(&v, top, 10, 10, &t));
    assert_true(t.x == 2 && t.y == 3);
    /* the other corners are world (3,3), (3,4), (2,4): floor gives those tiles */
    assert_true(iso_screen_to_tile(&v, right, 10, 10, &t));
    assert_true(t.x == 3 && t.y == 3);
    assert_true(iso_screen_to_tile(&v, bottom, 10, 10, &t));
    assert_true(t.x == 3 && t.y == 4);
    assert_true(iso_screen_to_tile(&v, left, 10, 10, &t));
    assert_true(t.x == 2 && t.y == 4);
    /* midpoint of the upper-right edge (the world line y = 3): on the edge it is (2,3) */
    ScreenPos ur = {top.x + 16, top.y + 8};
    assert_true(iso_screen_to_tile(&v, ur, 10, 10, &t));
    assert_true(t.x == 2 && t.y == 3);
    /* a hair outside that edge is the neighbour (2,2) */
    ScreenPos out = {top.x + 16 + 0.01, top.y + 8 - 0.01};
    assert_true(iso_screen_to_tile(&v, out, 10, 10, &t));
    assert_true(t.x == 2 && t.y == 2);
    /* midpoint of the lower-right edge (x = 3): belongs to (3,3); a hair inside is (2,3) */
    ScreenPos lr = {top.x + 16, top.y + 24};
    assert_true(iso_screen_to_tile(&v, lr, 10, 10, &t));
    assert_true(t.x == 3 && t.y == 3);
    ScreenPos in = {top.x + 16 - 0.01, top.y + 24 - 0.01};
    assert_true(iso_screen_to_tile(&v, in, 10, 10, &t));
    assert_true(t.x == 2 && t.y == 3);
    /* pixel centres right inside each edge */
    ScreenPos px = {top.x + 0.5, top.y + 0.5};
    assert_true(iso_screen_to_tile(&v, px, 10, 10, &t));
    assert_true(t.x == 2 && t.y == 3);
    /* the pixel just above the top corner is the tile above on screen, (1,2) */
    ScreenPos above = {top.x + 0.5, top.y - 0.5};
    assert_true(iso_screen_to_tile(&v, above, 10, 10, &t));
    assert_true(t.x == 1 && t.y == 2);
}

static void test_bounds(void **state)
{
    (void)state;
    IsoView v = iso_view(64, 32);
    v.off_x = 500;
    v.off_y = 100;
    NavPos t;
    /* just above the top corner of tile (0,0): world y < 0 and x < 0 */
    ScreenPos s = {500, 99.5};
    assert_false(iso_screen_to_tile(&v, s, 5, 7, &t));
    /* negative x only (left of the x = 0 edge): floor, not truncation, refuses it */
    ScreenPos l = iso_world_to_screen(&v, (WorldPos){-0.2, 3.0});
    assert_false(iso_screen_to_tile(&v, l, 5, 7, &t));
    /* >= on both axes, with a non-square map */
    assert_false(iso_screen_to_tile(&v, iso_world_to_screen(&v, (WorldPos){5.0, 1.0}), 5, 7, &t));
    assert_true(iso_screen_to_tile(&v, iso_world_to_screen(&v, (WorldPos){4.99, 6.99}), 5, 7, &t));
    assert_true(t.x == 4 && t.y == 6);
    assert_false(iso_screen_to_tile(&v, iso_world_to_screen(&v, (WorldPos){1.0, 7.0}), 5, 7, &t));
    assert_true(iso_screen_to_tile(&v, iso_world_to_screen(&v, (WorldPos){1.0, 5.5}), 5, 7, &t));
}

static void test_zoom_and_look(void **state)
{
    (void)state;
    IsoView v = iso_view(64, 32);
    v.off_x = 37;
    v.off_y = -12;
    ScreenPos anchor = {400, 300};
    WorldPos before = iso_screen_to_world(&v, anchor);
    iso_zoom_at(&v, anchor, 2.5, 0.25, 4.0);
    WorldPos after = iso_screen_to_world(&v, anchor);
    assert_true(fabs(before.x - after.x) < 1e-9 && fabs(before.y - after.y) < 1e-9);
    assert_true(v.zoom == 2.5);
    iso_zoom_at(&v, anchor, 99, 0.25, 4.0);
    assert_true(v.zoom == 4.0);
    iso_look_at(&v, (WorldPos){10.5, 3.5}, (ScreenPos){640, 360});
    ScreenPos s = iso_world_to_screen(&v, (WorldPos){10.5, 3.5});
    assert_true(fabs(s.x - 640) < 1e-9 && fabs(s.y - 360) < 1e-9);
}

static double area(const WorldPos *p, int n)
{
    double a = 0;
    for (int i = 0; i < n; i++)
        a += p[i].x * p[(i + 1) % n].y - p[(i + 1) % n].x * p[i].y;
    return a * 0.5;
}

static bool inside_convex(const WorldPos *p, int n, WorldPos q)
{
    double sign = 0;
    for (int i = 0; i < n; i++) {
        WorldPos a = p[i], b = p[(i + 1) % n];
        double c = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x);
        if (c * sign < 0)
            return false;
        if (c != 0)
            sign = c;
    }
    return true;
}

static void test_footprint(void **state)
{
    (void)state;
    IsoView v = iso_view(64, 32);
    v.zoom = 1.5;
    v.off_x = 300;
    v.off_y = -40;
    WorldPos f[4];
    iso_screen_footprint(&v, 1280, 720, f);
    ScreenPos want[4] = {{0, 0}, {1280, 0}, {1280, 720}, {0, 720}};
    for (int i = 0; i < 4; i++) {
        ScreenPos s = iso_world_to_screen(&v, f[i]);
        assert_true(fabs(s.x - want[i].x) < 1e-9 && fabs(s.y - want[i].y) < 1e-9);
    }
    /* a parallelogram: opposite sides equal */
    assert_true(fabs((f[1].x - f[0].x) - (f[2].x - f[3].x)) < 1e-9);
    assert_true(fabs((f[1].y - f[0].y) - (f[2].y - f[3].y)) < 1e-9);
}

static void test_clip_cases(void **state)
{
    (void)state;
    WorldPos lo = {0, 0}, hi = {9, 10}, out[ISO_CLIP_MAX];
    /* wholly inside: unchanged */
    WorldPos tri[3] = {{1, 1}, {5, 2}, {3, 8}};
    assert_int_equal(iso_clip_polygon(tri, 3, lo, hi, out), 3);
    for (int i = 0; i < 3; i++)
        assert_true(out[i].x == tri[i].x && out[i].y == tri[i].y);
    /* wholly outside, beside a corner: nothing */
    WorldPos far[4] = {{20, 20}, {30, 20}, {30, 30}, {20, 30}};
    assert_int_equal(iso_clip_polygon(far, 4, lo, hi, out), 0);
    /* a diamond around the whole rectangle (a zoomed-out view): the rectangle itself */
    WorldPos big[4] = {{4.5, -40}, {50, 5}, {4.5, 50}, {-40, 5}};
    int n = iso_clip_polygon(big, 4, lo, hi, out);
    assert_int_equal(n, 4);
    assert_true(fabs(area(out, n) - 90.0) < 1e-9);
    for (int i = 0; i < n; i++)
        assert_true((out[i].x == 0 || out[i].x == 9) && (out[i].y == 0 || out[i].y == 10));
    /* a view whose corners are all off the map but whose middle crosses it:
     * clamping each corner on its own gave a sliver; the clip keeps the band */
    WorldPos band[4] = {{-20, 2}, {30, 2}, {30, 6}, {-20, 6}};
    n = iso_clip_polygon(band, 4, lo, hi, out);
    assert_int_equal(n, 4);
    assert_true(fabs(area(out, n) - 36.0) < 1e-9);
    /* a diamond over the map's corner (9, 10): a pentagon of area 18 - 4 - 3.5 */
    WorldPos rot[4] = {{8, 6}, {11, 9}, {8, 12}, {5, 9}};
    n = iso_clip_polygon(rot, 4, lo, hi, out);
    assert_int_equal(n, 5);
    assert_true(fabs(area(out, n) - 10.5) < 1e-9);
    /* orientation is kept */
    WorldPos cw[4] = {{-1, -1}, {-1, 5}, {5, 5}, {5, -1}};
    n = iso_clip_polygon(cw, 4, lo, hi, out);
    assert_true(area(cw, 4) < 0 && area(out, n) < 0 && fabs(area(out, n) + 25.0) < 1e-9);
    /* bad input */
    assert_int_equal(iso_clip_polygon(tri, 2, lo, hi, out), 0);
    assert_int_equal(iso_clip_polygon(tri, 3, hi, lo, out), 0);
}

/* Random views of random maps: the clipped polygon lies in the rectangle
 * and covers exactly the sample points the view and the map both hold. */
static void test_clip_random(void **state)
{
    (void)state;
    uint64_t seed = 11;
    for (int round = 0; round < 300; round++) {
        int mw = 1 + (int)(test_rand(&seed) % 300), mh = 1 + (int)(test_rand(&seed) % 300);
        IsoView v = iso_view(64, 32);
        v.zoom = 0.25 + (test_rand(&seed) % 1100) / 400.0;
        v.off_x = (double)(test_rand(&seed) % 20000) - 10000.0;
        v.off_y = (double)(test_rand(&seed) % 8000) - 4000.0;
        WorldPos f[4], out[ISO_CLIP_MAX];
        iso_screen_footprint(&v, 200 + test_rand(&seed) % 3000, 150 + test_rand(&seed) % 2000, f);
        WorldPos lo = {0, 0}, hi = {mw, mh};
        int n = iso_clip_polygon(f, 4, lo, hi, out);
        assert_true(n == 0 || (n >= 3 && n <= 8));
        for (int i = 0; i < n; i++)
            assert_true(out[i].x >= -1e-9 && out[i].x <= mw + 1e-9 && out[i].y >= -1e-9 && out[i].y <= mh + 1e-9);
        int both = 0, miss = 0;
        for (int sy = 0; sy < 40; sy++)
            for (int sx = 0; sx < 40; sx++) {
                WorldPos q = {(sx + 0.37) * mw / 40.0, (sy + 0.61) * mh / 40.0};
                bool in_view = inside_convex(f, 4, q), in_clip = n > 0 && inside_convex(out, n, q);
                both += in_view;
                miss += in_view != in_clip;
            }
        /* points on the clip's boundary may go either way; there are none this exact */
        assert_int_equal(miss, 0);
        if (both == 0)
            assert_true(n == 0 || fabs(area(out, n)) < mw * mh / 40.0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips), cmocka_unit_test(test_projection), cmocka_unit_test(test_edges),
        cmocka_unit_test(test_bounds),      cmocka_unit_test(test_zoom_and_look),
        cmocka_unit_test(test_footprint),   cmocka_unit_test(test_clip_cases),
        cmocka_unit_test(test_clip_random),
    };
    return cmocka_run_group_tests_name("iso", tests, NULL, NULL);
}
