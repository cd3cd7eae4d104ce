/* SPDX-License-Identifier: MIT */
/* test_picture.c - the pictures of isopath render, without SDL: their size
 * at a scale, the default scale and the limits; each tile in the
 * minimap's colour (mapcolor.h), walkable ones lined from 8 pixels a
 * tile; a path's tiles in the path's colour; the heat map's colour the
 * ramp's at each tile's cost, lighter at every step of the path towards
 * the goal, unreachable tiles keeping theirs; the markers, shapes on large
 * tiles, coloured tiles on small ones but for the exit and the start. */
#include "testlevel.h"

#include "field.h"
#include "picture.h"

/* 14 x 7: the start at 1,1, rough ground at 5,1, the exit at 12,1, water,
 * a cell at 3,3, a floor tile walled in at 1,5 and void past row 5's wall. */
static const char *const LEVEL =
    "##############\n"
    "#@...,......>#\n"
    "#.##########.#\n"
    "#..*~~.......#\n"
    "##############\n"
    "#.#\n"
    "###\n";

static void expect_color(const Picture *p, int x, int y, MapColor want)
{
    MapColor c = picture_pixel(p, x, y);
    if (c.r != want.r || c.g != want.g || c.b != want.b || c.a != want.a)
        fail_msg("pixel %d,%d is %d,%d,%d,%d, not %d,%d,%d,%d", x, y, c.r, c.g, c.b, c.a, want.r, want.g, want.b,
                 want.a);
}

/* The pixel at the centre of tile t. */
static MapColor tile_centre(const Picture *p, NavPos t)
{
    return picture_pixel(p, t.x * p->scale + p->scale / 2, t.y * p->scale + p->scale / 2);
}

static long lightness(MapColor c)
{
    return 2126L * c.r + 7152L * c.g + 722L * c.b;
}

/* The optimal walk from start to goal, start first (count in *n). */
static NavPos *walk_of(const NavGrid *g, NavPos start, NavPos goal, int *n)
{
    NavQuery *st = nav_query_create(g->w, g->h);
    assert_non_null(st);
    NavQueryOptions opt = nav_query_options_default();
    assert_int_equal(nav_query_find(st, g, start, goal, &opt, NULL), NAV_DONE);
    const NavQueryResult *r = nav_query_result(st);
    NavPos *walk = malloc(((size_t)r->steps + 1) * sizeof *walk);
    assert_non_null(walk);
    walk[0] = start;
    for (int i = 0; i < r->steps; i++)
        walk[i + 1] = nav_query_tile(st, i);
    *n = r->steps + 1;
    nav_query_destroy(st);
    return walk;
}

static void test_size_and_scale(void **state)
{
    (void)state;
    Picture p;
    assert_true(picture_init(&p, 10, 7, 3));
    assert_int_equal(p.w, 30);
    assert_int_equal(p.h, 21);
    assert_int_equal(p.scale, 3);
    picture_deinit(&p);
    assert_null(p.rgba);
    picture_deinit(&p); /* twice is harmless */
    /* the long side within 1024 pixels, 1 to 32 pixels a tile */
    assert_int_equal(picture_default_scale(10, 7), 32);
    assert_int_equal(picture_default_scale(100, 40), 10);
    assert_int_equal(picture_default_scale(40, 300), 3);
    assert_int_equal(picture_default_scale(2000, 5), 1);
    assert_int_equal(picture_default_scale(4096, 4096), 1);
    /* the limits: 16384 pixels a side, 2^26 pixels */
    assert_int_equal(picture_max_scale(10, 7), PICTURE_SCALE_MAX);
    assert_int_equal(picture_max_scale(4096, 4096), 2);
    assert_int_equal(picture_max_scale(4096, 1), 4);
    assert_int_equal(picture_max_scale(1000, 1000), 8);
    assert_false(picture_init(&p, 4096, 4096, 3));
    assert_null(p.rgba);
    assert_false(picture_init(&p, 10, 7, 0));
    assert_false(picture_init(&p, 10, 7, PICTURE_SCALE_MAX + 1));
}

static void test_tiles_in_the_minimap_colours(void **state)
{
    (void)state;
    Level l = test_level_from_text(LEVEL);
    Picture p;
    assert_true(picture_init(&p, l.w, l.h, 8));
    picture_draw(&p, &l, NULL);
    expect_color(&p, 4, 4, mapcolor(MAPCOLOR_WALL));
    expect_color(&p, 7, 7, mapcolor(MAPCOLOR_WALL)); /* walls are not lined */
    expect_color(&p, 2 * 8 + 4, 1 * 8 + 4, mapcolor(MAPCOLOR_FLOOR));
    expect_color(&p, 5 * 8 + 4, 1 * 8 + 4, mapcolor(MAPCOLOR_ROUGH));
    expect_color(&p, 4 * 8 + 4, 3 * 8 + 4, mapcolor(MAPCOLOR_WATER));
    expect_color(&p, 6 * 8 + 4, 5 * 8 + 4, mapcolor(MAPCOLOR_VOID));
    /* a walkable tile's top and left edges a shade darker, the rest not */
    MapColor f = mapcolor(MAPCOLOR_FLOOR), edge = {f.r * 7 / 8, f.g * 7 / 8, f.b * 7 / 8, 255};
    expect_color(&p, 3 * 8, 1 * 8 + 5, edge);
    expect_color(&p, 3 * 8 + 5, 1 * 8, edge);
    expect_color(&p, 3 * 8 + 7, 1 * 8 + 7, f);
    /* at 4 pixels a tile, no lines */
    picture_deinit(&p);
    assert_true(picture_init(&p, l.w, l.h, 4));
    picture_draw(&p, &l, NULL);
    for (int y = 1 * 4; y < 2 * 4; y++)
        for (int x = 3 * 4; x < 4 * 4; x++)
            expect_color(&p, x, y, f);
    picture_deinit(&p);
    level_free(&l);
}

static void test_path_drawn_over_its_tiles(void **state)
{
    (void)state;
    Level l = test_level_from_text(LEVEL);
    NavGrid g;
    assert_true(level_build_grid(&l, &g));
    int n;
    NavPos *walk = walk_of(&g, nav_pos(6, 3), nav_pos(12, 3), &n);
    assert_int_equal(n, 7);
    for (int scale = 4; scale <= 16; scale *= 2) {
        Picture p;
        assert_true(picture_init(&p, l.w, l.h, scale));
        PictureLayers layers = {NULL, walk, n};
        picture_draw(&p, &l, &layers);
        /* the path's tiles (but those the goal's ring covers), not the others */
        for (int i = 0; i < n - 2; i++) {
            MapColor c = tile_centre(&p, walk[i]), want = mapcolor(MAPCOLOR_PATH);
            assert_memory_equal(&c, &want, sizeof c);
        }
        MapColor c = tile_centre(&p, nav_pos(7, 1)), want = mapcolor(MAPCOLOR_FLOOR);
        assert_memory_equal(&c, &want, sizeof c);
        /* the ring on the goal: dark in its middle, the path's colour around */
        c = tile_centre(&p, nav_pos(12, 3)), want = mapcolor(MAPCOLOR_OUTLINE);
        assert_memory_equal(&c, &want, sizeof c);
        picture_deinit(&p);
    }
    free(walk);
    nav_grid_deinit(&g);
    level_free(&l);
}

static void test_heat_map(void **state)
{
    (void)state;
    Level l = test_level_from_text(LEVEL);
    NavGrid g;
    assert_true(level_build_grid(&l, &g));
    NavPos goal = nav_pos(12, 1);
    NavField f;
    assert_int_equal(nav_field_init(&f, &g, goal, NAV_TOPO_8), NAV_DONE);
    uint64_t far = 0;
    for (int i = 0; i < f.w * f.h; i++)
        if (f.cost[i] != UINT64_MAX && f.cost[i] > far)
            far = f.cost[i];
    Picture p;
    assert_true(picture_init(&p, l.w, l.h, 16)); /* each marker within its tile */
    PictureLayers layers = {&f, NULL, 0};
    picture_draw(&p, &l, &layers);
    /* every reachable tile without a marker in the ramp's colour at its cost */
    int heated = 0;
    for (int y = 0; y < l.h; y++)
        for (int x = 0; x < l.w; x++) {
            uint64_t c = nav_field_cost(&f, nav_pos(x, y));
            TileKind k = level_kind(&l, x, y);
            if (c == UINT64_MAX || (k != TILE_FLOOR && k != TILE_ROUGH))
                continue;
            MapColor got = tile_centre(&p, nav_pos(x, y)), want = mapcolor_heat((double)c / (double)far);
            assert_memory_equal(&got, &want, sizeof got);
            heated++;
        }
    assert_int_equal(heated, 21);
    /* the tile walled in keeps the floor's colour */
    MapColor got = tile_centre(&p, nav_pos(1, 5)), want = mapcolor(MAPCOLOR_FLOOR);
    assert_memory_equal(&got, &want, sizeof got);
    /* lighter at every step of the path towards the goal */
    int n;
    NavPos *walk = walk_of(&g, nav_pos(1, 3), goal, &n);
    long last = -1;
    int steps = 0;
    for (int i = 0; i < n; i++) {
        if (level_kind(&l, walk[i].x, walk[i].y) != TILE_FLOOR)
            continue;
        long now = lightness(tile_centre(&p, walk[i]));
        assert_true(now > last);
        last = now;
        steps++;
    }
    assert_int_equal(steps, 11);
    free(walk);
    picture_deinit(&p);
    nav_field_deinit(&f);
    nav_grid_deinit(&g);
    level_free(&l);
}

static void test_heat_ramp_darkens_from_near_to_far(void **state)
{
    (void)state;
    long last = lightness(mapcolor_heat(0));
    for (int i = 1; i <= 100; i++) {
        long now = lightness(mapcolor_heat(i / 100.0));
        assert_true(now < last);
        last = now;
    }
    MapColor a = mapcolor_heat(-1), b = mapcolor_heat(0), c = mapcolor_heat(2), d = mapcolor_heat(1);
    assert_memory_equal(&a, &b, sizeof a);
    assert_memory_equal(&c, &d, sizeof c);
}

static void test_markers(void **state)
{
    (void)state;
    Level l = test_level_from_text(LEVEL);
    Picture p;
    /* large tiles: the shapes, each with its colour at its centre */
    assert_true(picture_init(&p, l.w, l.h, 16));
    picture_draw(&p, &l, NULL);
    MapColor c = tile_centre(&p, nav_pos(3, 3)), want = mapcolor(MAPCOLOR_CELL);
    assert_memory_equal(&c, &want, sizeof c);
    c = tile_centre(&p, nav_pos(12, 1)), want = mapcolor(MAPCOLOR_EXIT_CORE);
    assert_memory_equal(&c, &want, sizeof c);
    c = tile_centre(&p, nav_pos(1, 1)), want = mapcolor(MAPCOLOR_DROID_CORE);
    assert_memory_equal(&c, &want, sizeof c);
    /* the cell's diamond leaves the tile's corners alone */
    c = picture_pixel(&p, 3 * 16 + 14, 3 * 16 + 14), want = mapcolor(MAPCOLOR_FLOOR);
    assert_memory_equal(&c, &want, sizeof c);
    picture_deinit(&p);
    /* small tiles: the cell's tile all in its colour; the exit keeps its size */
    assert_true(picture_init(&p, l.w, l.h, 3));
    picture_draw(&p, &l, NULL);
    want = mapcolor(MAPCOLOR_CELL);
    for (int y = 3 * 3; y < 4 * 3; y++)
        for (int x = 3 * 3; x < 4 * 3; x++)
            expect_color(&p, x, y, want);
    int exit_px = 0;
    for (int y = 0; y < p.h; y++)
        for (int x = 0; x < p.w; x++) {
            MapColor e = picture_pixel(&p, x, y), ex = mapcolor(MAPCOLOR_EXIT);
            exit_px += e.r == ex.r && e.g == ex.g && e.b == ex.b;
        }
    assert_true(exit_px > 3 * 3);
    picture_deinit(&p);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_and_scale),
        cmocka_unit_test(test_tiles_in_the_minimap_colours),
        cmocka_unit_test(test_path_drawn_over_its_tiles),
        cmocka_unit_test(test_heat_map),
        cmocka_unit_test(test_heat_ramp_darkens_from_near_to_far),
        cmocka_unit_test(test_markers),
    };
    return cmocka_run_group_tests_name("picture", tests, NULL, NULL);
}
