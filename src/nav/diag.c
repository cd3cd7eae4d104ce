/* diag.c - collects located diagnostics for loaders; never prints. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

void diag_clear(Diags *d)
{
    d->count = 0;
    d->dropped = 0;
}

void diag_add(Diags *d, const char *file, int line, int col, const char *fmt, ...)
{
    if (d->count >= DIAG_MAX) {
        d->dropped++;
        return;
    }
    char *out = d->msg[d->count++];
    int n;
    if (line > 0 && col > 0)
        n = snprintf(out, DIAG_LEN, "%s:%d:%d: ", file, line, col);
    else if (line > 0)
        n = snprintf(out, DIAG_LEN, "%s:%d: ", file, line);
    else
        n = snprintf(out, DIAG_LEN, "%s: ", file);
    if (n < 0 || n >= DIAG_LEN)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + n, (size_t)(DIAG_LEN - n), fmt, ap);
    va_end(ap);
}

int diag_total(const Diags *d)
{
    return d->count + d->dropped;
}
