/* test_iso.c - iso math: round trips through every space, picking at
 * diamond edges and corners, bounds on both axes, zoom about a point. */
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
        TilePos t = tile_pos((int)(test_rand(&seed) % 300), (int)(test_rand(&seed) % 300));
        TilePos got;
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
    ScreenPos top = iso_tile_to_screen(&v, tile_pos(0, 0));
    assert_true(top.x == 100 && top.y == 50);
    ScreenPos c = iso_world_to_screen(&v, iso_tile_center(tile_pos(0, 0)));
    assert_true(c.x == 100 && c.y == 66);
    /* +x goes right-down, +y goes left-down */
    ScreenPos tx = iso_tile_to_screen(&v, tile_pos(1, 0)), ty = iso_tile_to_screen(&v, tile_pos(0, 1));
    assert_true(tx.x == 132 && tx.y == 66);
    assert_true(ty.x == 68 && ty.y == 66);
}

static void test_edges(void **state)
{
    (void)state;
    IsoView v = iso_view(64, 32);
    v.off_x = 320;
    v.off_y = 10;
    TilePos t;
    /* tile (2,3): corners top, right, bottom, left */
    ScreenPos top = iso_tile_to_screen(&v, tile_pos(2, 3));
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
    TilePos t;
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips), cmocka_unit_test(test_projection), cmocka_unit_test(test_edges),
        cmocka_unit_test(test_bounds),      cmocka_unit_test(test_zoom_and_look),
    };
    return cmocka_run_group_tests_name("iso", tests, NULL, NULL);
}
