/* SPDX-License-Identifier: MIT */
/* diag.h - diagnostics: a bounded list of "FILE:LINE:COL: message" lines that
 * loaders fill instead of printing or aborting. The caller owns the struct:
 * zeroed or cleared before the first message. NULL diagnostics are
 * accepted everywhere (the readers' too) and keep nothing. */
#ifndef ISONAV_DIAG_H
#define ISONAV_DIAG_H

#include <stddef.h>

enum { NAV_DIAG_MAX = 32, NAV_DIAG_LEN = 320 };

typedef struct NavDiags {
    int count;    /* messages stored (at most NAV_DIAG_MAX) */
    int dropped;  /* further problems seen but not stored */
    char msg[NAV_DIAG_MAX][NAV_DIAG_LEN];
} NavDiags;

void nav_diag_clear(NavDiags *d);
/* Adds "FILE:LINE:COL: message" (file and fmt not NULL); a line below 1
 * leaves out the line and the column, a column below 1 the column. A message longer
 * than NAV_DIAG_LEN - 1 bytes is cut; past NAV_DIAG_MAX it is only
 * counted (dropped). */
void nav_diag_add(NavDiags *d, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Total problems, stored or not (0 for NULL). */
int nav_diag_total(const NavDiags *d);

#endif
