/* SPDX-License-Identifier: MIT */
/* test_hidpi.c - the pointer on a scaled (HiDPI) display: SDL reports it in
 * window points, the game draws and picks in renderer pixels
 * (points_to_pixels, input.c), so a point maps to the pixel under it at
 * 1x, 2x, 1.5x and unequal scales; without sizes (the headless surface) it
 * is left alone. */
#include "testlib.h"

#include "app.h"

static void expect(int px, int py, int ww, int wh, int ow, int oh, int x, int y)
{
    int gx = -9999, gy = -9999;
    points_to_pixels(px, py, ww, wh, ow, oh, &gx, &gy);
    assert_int_equal(gx, x);
    assert_int_equal(gy, y);
}

static void test_same_size_is_identity(void **state)
{
    (void)state;
    expect(0, 0, 1280, 720, 1280, 720, 0, 0);
    expect(639, 359, 1280, 720, 1280, 720, 639, 359);
    expect(1279, 719, 1280, 720, 1280, 720, 1279, 719);
}

static void test_double_scale(void **state)
{
    (void)state;
    /* a 1280x720 window drawn at 2560x1440: the point's top-left pixel */
    expect(0, 0, 1280, 720, 2560, 1440, 0, 0);
    expect(1, 1, 1280, 720, 2560, 1440, 2, 2);
    expect(640, 360, 1280, 720, 2560, 1440, 1280, 720); /* the middle stays the middle */
    expect(1279, 719, 1280, 720, 2560, 1440, 2558, 1438);
}

static void test_fractional_and_unequal_scales(void **state)
{
    (void)state;
    /* 150%: 1000x600 points, 1500x900 pixels */
    expect(3, 5, 1000, 600, 1500, 900, 4, 7);
    expect(999, 599, 1000, 600, 1500, 900, 1498, 898);
    /* unequal axes (x 2, y 1.5) */
    expect(10, 10, 800, 600, 1600, 900, 20, 15);
    /* a drag past the window's left or top edge rounds down, as inside */
    expect(-1, -3, 800, 600, 1600, 900, -2, -5);
}

static void test_no_sizes_left_alone(void **state)
{
    (void)state;
    expect(123, 45, 0, 0, 0, 0, 123, 45);
    expect(123, 45, 640, 400, 0, 0, 123, 45);
    expect(123, 45, 0, 400, 1280, 800, 123, 45);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_size_is_identity),
        cmocka_unit_test(test_double_scale),
        cmocka_unit_test(test_fractional_and_unequal_scales),
        cmocka_unit_test(test_no_sizes_left_alone),
    };
    return cmocka_run_group_tests_name("hidpi", tests, NULL, NULL);
}
