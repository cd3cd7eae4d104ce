/* SPDX-License-Identifier: MIT */
/* test_mapcolor.c - the colour-blind safe palette (mapcolor.h), checked not
 * by eye: each pair of colours the player must tell apart (the hovered
 * route's seen and unseen marks, the verdicts' yes and no, the minimap's
 * route against its seen part, the minimap's sentry against the floor, the
 * droid and the exit) is seen through a simulated colour-vision deficiency
 * (Machado, Oliveira and Fernandes 2009, severity 1.0, deuteranopia and
 * protanopia, applied to linear RGB) and the two must stay at least
 * CVD_DELTA_E apart (CIE76 in CIELAB, D65). The standard palette's
 * red/green verdicts fall under it for a deuteranope, which is what the
 * safe palette is for. */
#include "testlib.h"

#include <math.h>

#include "mapcolor.h"

#define CVD_DELTA_E 40.0 /* a difference seen at a glance (CIE76: ~2.3 is just noticeable) */

typedef struct Lab {
    double l, a, b;
} Lab;

/* Machado et al. 2009, severity 1.0 (linear RGB in, linear RGB out). */
static const double DEUTERANOPIA[3][3] = {
    {0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}};
static const double PROTANOPIA[3][3] = {
    {0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}};

static double linear(uint8_t v)
{
    double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double lab_f(double t)
{
    return t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
}

/* The colour as seen through matrix m (NULL: normal vision), in CIELAB. */
static Lab seen(MapColor c, const double (*m)[3])
{
    double in[3] = {linear(c.r), linear(c.g), linear(c.b)}, rgb[3];
    for (int i = 0; i < 3; i++) {
        rgb[i] = m ? m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2] : in[i];
        rgb[i] = rgb[i] < 0 ? 0 : rgb[i] > 1 ? 1 : rgb[i];
    }
    double x = 0.4124564 * rgb[0] + 0.3575761 * rgb[1] + 0.1804375 * rgb[2];
    double y = 0.2126729 * rgb[0] + 0.7151522 * rgb[1] + 0.0721750 * rgb[2];
    double z = 0.0193339 * rgb[0] + 0.1191920 * rgb[1] + 0.9503041 * rgb[2];
    double fx = lab_f(x / 0.95047), fy = lab_f(y), fz = lab_f(z / 1.08883);
    return (Lab){116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)};
}

static double delta_e(MapPalette p, MapColorId x, MapColorId y, const double (*m)[3])
{
    Lab a = seen(mapcolor_in(p, x), m), b = seen(mapcolor_in(p, y), m);
    return sqrt((a.l - b.l) * (a.l - b.l) + (a.a - b.a) * (a.a - b.a) + (a.b - b.b) * (a.b - b.b));
}

/* What must be told apart. */
static const struct {
    MapColorId x, y;
    const char *what;
} PAIRS[] = {
    {MAPCOLOR_ROUTE, MAPCOLOR_ROUTE_SEEN, "route: unseen / seen marks"},
    {MAPCOLOR_BADGE_UNSEEN, MAPCOLOR_BADGE_SEEN, "route: the tick / the eye's ring"},
    {MAPCOLOR_GOOD, MAPCOLOR_WARN, "verdicts: yes / no"},
    {MAPCOLOR_PATH, MAPCOLOR_SEEN, "minimap: route / its seen part"},
    {MAPCOLOR_SENTRY, MAPCOLOR_FLOOR, "minimap: sentry / floor"},
    {MAPCOLOR_SENTRY, MAPCOLOR_DROID, "minimap: sentry / droid"},
    {MAPCOLOR_SENTRY, MAPCOLOR_DROID_CORE, "minimap: sentry / droid's core"},
    {MAPCOLOR_SENTRY, MAPCOLOR_EXIT, "minimap: sentry / open exit"},
    {MAPCOLOR_SENTRY, MAPCOLOR_EXIT_LOCKED, "minimap: sentry / locked exit"},
};
enum { PAIR_COUNT = sizeof PAIRS / sizeof PAIRS[0] };

static void test_safe_palette_apart_under_deuteranopia_and_protanopia(void **state)
{
    (void)state;
    for (int i = 0; i < PAIR_COUNT; i++) {
        double d = delta_e(MAP_PALETTE_COLORBLIND, PAIRS[i].x, PAIRS[i].y, DEUTERANOPIA);
        double p = delta_e(MAP_PALETTE_COLORBLIND, PAIRS[i].x, PAIRS[i].y, PROTANOPIA);
        double n = delta_e(MAP_PALETTE_COLORBLIND, PAIRS[i].x, PAIRS[i].y, NULL);
        if (d < CVD_DELTA_E || p < CVD_DELTA_E || n < CVD_DELTA_E)
            fail_msg("%s: dE %.1f normal, %.1f deuteranopia, %.1f protanopia (want >= %.0f)", PAIRS[i].what, n, d,
                     p, CVD_DELTA_E);
    }
}

/* The check can fail: the standard palette's green / red verdicts (and its
 * red sentry against the green exit) come too close for a deuteranope,
 * while they are far apart for normal vision. */
static void test_standard_red_green_too_close_for_deuteranopia(void **state)
{
    (void)state;
    assert_true(delta_e(MAP_PALETTE_STANDARD, MAPCOLOR_GOOD, MAPCOLOR_WARN, NULL) > 2 * CVD_DELTA_E);
    assert_true(delta_e(MAP_PALETTE_STANDARD, MAPCOLOR_GOOD, MAPCOLOR_WARN, DEUTERANOPIA) < CVD_DELTA_E);
    assert_true(delta_e(MAP_PALETTE_STANDARD, MAPCOLOR_SENTRY, MAPCOLOR_EXIT, DEUTERANOPIA) < CVD_DELTA_E);
    assert_true(delta_e(MAP_PALETTE_STANDARD, MAPCOLOR_BADGE_UNSEEN, MAPCOLOR_BADGE_SEEN, DEUTERANOPIA) < CVD_DELTA_E);
}

/* The simulation itself: grey stays grey, and the matrices keep white white. */
static void test_simulation_keeps_greys(void **state)
{
    (void)state;
    MapColor grey = {128, 128, 128, 255}, white = {255, 255, 255, 255};
    Lab g = seen(grey, DEUTERANOPIA), w = seen(white, PROTANOPIA);
    assert_true(fabs(g.a) < 1.0 && fabs(g.b) < 1.0 && fabs(g.l - 53.6) < 0.5);
    assert_true(fabs(w.l - 100.0) < 0.5 && fabs(w.a) < 1.5 && fabs(w.b) < 1.5);
}

/* Only the colours that carry a verdict differ between the palettes: the
 * terrain (the minimap's cached picture) is the same in both. */
static void test_palettes_share_the_terrain(void **state)
{
    (void)state;
    static const MapColorId same[] = {MAPCOLOR_VOID, MAPCOLOR_FLOOR, MAPCOLOR_WALL, MAPCOLOR_ROUGH, MAPCOLOR_WATER,
                                      MAPCOLOR_DROID, MAPCOLOR_PATH, MAPCOLOR_ROUTE};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        MapColor a = mapcolor_in(MAP_PALETTE_STANDARD, same[i]), b = mapcolor_in(MAP_PALETTE_COLORBLIND, same[i]);
        assert_true(a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a);
    }
    for (int id = 0; id < MAPCOLOR_COUNT; id++) /* every colour set in both (VOID alone transparent) */
        assert_true(id == MAPCOLOR_VOID || (mapcolor_in(MAP_PALETTE_STANDARD, (MapColorId)id).a > 0 &&
                                            mapcolor_in(MAP_PALETTE_COLORBLIND, (MapColorId)id).a > 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_safe_palette_apart_under_deuteranopia_and_protanopia),
        cmocka_unit_test(test_standard_red_green_too_close_for_deuteranopia),
        cmocka_unit_test(test_simulation_keeps_greys),
        cmocka_unit_test(test_palettes_share_the_terrain),
    };
    return cmocka_run_group_tests_name("mapcolor", tests, NULL, NULL);
}
