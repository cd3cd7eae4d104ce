/* SPDX-License-Identifier: MIT */
/* num.c - checked decimal parsing on top of strtol and strtod: the digits are
 * looked at first, so whitespace, hexadecimal, "inf" and "nan" never slip
 * through, and ERANGE is a refusal, never a clamped or wrapped value. */
#include "num.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

NumStatus num_scan_long(const char *s, const char **end, long min, long max, long *out)
{
    *end = s;
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    if (!is_digit(*p))
        return NUM_EMPTY;
    char *stop;
    errno = 0;
    long v = strtol(s, &stop, 10);
    *end = stop;
    if (errno == ERANGE || v < min || v > max)
        return NUM_RANGE;
    *out = v;
    return NUM_OK;
}

NumStatus num_parse_long(const char *s, long min, long max, long *out)
{
    const char *end;
    long v;
    NumStatus st = num_scan_long(s, &end, min, max, &v);
    if (st == NUM_EMPTY)
        return st;
    if (*end)
        return NUM_JUNK;
    if (st == NUM_OK)
        *out = v;
    return st;
}

NumStatus num_parse_int(const char *s, int min, int max, int *out)
{
    long v;
    NumStatus st = num_parse_long(s, min, max, &v);
    if (st == NUM_OK)
        *out = (int)v;
    return st;
}

NumStatus num_parse_double(const char *s, double min, double max, double *out)
{
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    if (!is_digit(*p) && !(*p == '.' && is_digit(p[1])))
        return NUM_EMPTY;
    for (const char *q = p; *q; q++)
        if (*q == 'x' || *q == 'X')
            return NUM_JUNK; /* strtod would read hexadecimal */
    char *stop;
    errno = 0;
    double v = strtod(s, &stop);
    if (*stop)
        return NUM_JUNK;
    if (errno == ERANGE || !isfinite(v) || v < min || v > max)
        return NUM_RANGE;
    *out = v;
    return NUM_OK;
}

const char *num_status_text(NumStatus st)
{
    switch (st) {
    case NUM_OK: return "ok";
    case NUM_EMPTY: return "not a number";
    case NUM_JUNK: return "junk after the number";
    case NUM_RANGE: return "out of range";
    }
    return "?";
}
