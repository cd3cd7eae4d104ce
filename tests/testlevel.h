/* SPDX-License-Identifier: MIT */
/* testlevel.h - for the tests of the rules and above: testlib.h and a
 * level made from a text fixture. Header only. */
#ifndef ISODROID_TESTLEVEL_H
#define ISODROID_TESTLEVEL_H

#include "testlib.h"

#include "level.h"

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
