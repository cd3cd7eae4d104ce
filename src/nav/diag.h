/* diag.h - diagnostics: a bounded list of "FILE:LINE:COL: message" lines that
 * loaders fill instead of printing or aborting. The caller owns the struct. */
#ifndef ISODROID_DIAG_H
#define ISODROID_DIAG_H

#include <stddef.h>

enum { DIAG_MAX = 32, DIAG_LEN = 320 };

typedef struct Diags {
    int count;    /* messages stored (at most DIAG_MAX) */
    int dropped;  /* further problems seen but not stored */
    char msg[DIAG_MAX][DIAG_LEN];
} Diags;

void diag_clear(Diags *d);
/* Adds "FILE:LINE:COL: message"; line/col 0 leave them out. */
void diag_add(Diags *d, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Total problems, stored or not. */
int diag_total(const Diags *d);

#endif
