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

#endif
