/* SPDX-License-Identifier: MIT */
/* diag.c - collects located diagnostics for loaders; never prints. NULL
 * diagnostics keep nothing. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

void nav_diag_clear(NavDiags *d)
{
    if (!d)
        return;
    d->count = 0;
    d->dropped = 0;
}

void nav_diag_add(NavDiags *d, const char *file, int line, int col, const char *fmt, ...)
{
    if (!d)
        return;
    if (d->count >= NAV_DIAG_MAX) {
        d->dropped++;
        return;
    }
    char *out = d->msg[d->count++];
    int n;
    if (line > 0 && col > 0)
        n = snprintf(out, NAV_DIAG_LEN, "%s:%d:%d: ", file, line, col);
    else if (line > 0)
        n = snprintf(out, NAV_DIAG_LEN, "%s:%d: ", file, line);
    else
        n = snprintf(out, NAV_DIAG_LEN, "%s: ", file);
    if (n < 0 || n >= NAV_DIAG_LEN)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + n, (size_t)(NAV_DIAG_LEN - n), fmt, ap);
    va_end(ap);
}

int nav_diag_total(const NavDiags *d)
{
    return d ? d->count + d->dropped : 0;
}
