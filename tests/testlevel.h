/* SPDX-License-Identifier: MIT */
/* testlevel.h - for the tests of the rules and above: testlib.h and a
 * level made from a text fixture. Header only. */
#ifndef ISODROID_TESTLEVEL_H
#define ISODROID_TESTLEVEL_H

#include "testlib.h"

#include "level.h"

/* Fixtures several tests share. A patrol walks the long hall; the droid
 * must cross it at the gap while the sentry is at the far end (energy
 * unlimited: put an "energy: N\n" line before it for a budget). */
#define TEST_PATROL_HALL                                                                                           \
    "patrol: 1,3 25,3\n"                                                                                           \
    "###########################\n"                                                                                \
    "#..@......................#\n"                                                                                \
    "#############.#############\n"                                                                                \
    "#S........................#\n"                                                                                \
    "#############.#############\n"                                                                                \
    "#.....*..................>#\n"                                                                                \
    "###########################\n"
/* A slow sentry sees the droid, which can run round the corner to (1, 6)
 * and hide: the whole alert, chase, search and return. */
#define TEST_SEEN_THEN_HIDES                                                                                          \
    "sentry_speed: 1\n"                                                                                              \
    "################\n"                                                                                             \
    "#S..@.........##\n"                                                                                             \
    "#############.##\n"                                                                                             \
    "#############.##\n"                                                                                             \
    "#############.##\n"                                                                                             \
    "#############.##\n"                                                                                             \
    "#.............##\n"                                                                                             \
    "################\n"
/* The only way passes right beside a guard in its alcove: always seen. */
#define TEST_WATCHED_WAY "###########\n#@.......*#\n#####S###>#\n###########\n"

/* A level from a text fixture (the test fails when it does not load). */
static inline Level test_level_from_text(const char *text)
{
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    if (!level_parse(text, strlen(text), "t.txt", &l, &d))
        fail_msg("fixture does not load: %s", d.count ? d.msg[0] : "?");
    return l;
}

/* 64x64: a sentry whose patrol leg runs a serpentine (more than one tick's
 * budget of planning) over a checkerboard of floor and rough ground (so
 * that jump point search stops on every tile); the droid at 3,61. */
static inline Level test_long_patrol_level(void)
{
    char text[64 * 70 + 200];
    int n = snprintf(text, sizeof text, "patrol: 1,1 61,61\n");
    for (int y = 0; y < 64; y++) {
        for (int x = 0; x < 64; x++) {
            char c = x == 0 || y == 0 || x == 63 || y == 63 ? '#' : (x + y) % 2 ? ',' : '.';
            if (x % 4 == 2 && y > 0 && y < 63 && (y != (x % 8 == 2 ? 62 : 1)))
                c = '#'; /* a serpentine: the leg is long */
            if (x == 1 && y == 1)
                c = 'S';
            if (x == 3 && y == 61)
                c = '@';
            text[n++] = c;
        }
        text[n++] = '\n';
    }
    text[n] = '\0';
    return test_level_from_text(text);
}

#endif
