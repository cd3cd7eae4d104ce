/* SPDX-License-Identifier: MIT */
/* num.h - the one checked number parser every file reader and argument
 * parser uses: whole decimal numbers with a range, nothing after them, no
 * wrap-around. Pure C (strtol/strtod underneath); never prints or allocates. */
#ifndef ISONAV_NUM_H
#define ISONAV_NUM_H

#include <stdbool.h>

typedef enum NumStatus {
    NUM_OK,
    NUM_EMPTY,   /* no digits where the number should start (also leading spaces) */
    NUM_JUNK,    /* something follows the number */
    NUM_RANGE    /* a number, but outside [min, max] (or beyond long / double) */
} NumStatus;

/* The whole of s as a decimal whole number in [min, max]: optional sign,
 * digits, nothing else (no leading or trailing space, no "0x", no "1e3").
 * *out is written only on NUM_OK. */
NumStatus num_parse_long(const char *s, long min, long max, long *out);
NumStatus num_parse_int(const char *s, int min, int max, int *out);
/* The number at the start of s, as num_parse_long; *end is set after its
 * digits (to s when there are none), for texts such as "640x480" or "3,4". */
NumStatus num_scan_long(const char *s, const char **end, long min, long max, long *out);
/* The whole of s as a finite decimal number in [min, max] ("1.5", "2",
 * "1e-3"; no "nan", "inf" or hexadecimal). */
NumStatus num_parse_double(const char *s, double min, double max, double *out);
/* "not a number", "junk after the number", "out of range" (NUM_OK: "ok"). */
const char *num_status_text(NumStatus st);

#endif
