/* SPDX-License-Identifier: MIT */
/* json.h - the one JSON writer of isopath --json: a value written piece by
 * piece to a stream, on one line, the commas placed here. Strings are
 * escaped here alone: '"' and '\' get a backslash, control bytes (below
 * 0x20, and 0x7f) are written \u00XX, and a byte that is not part of valid
 * UTF-8 becomes U+FFFD (JSON text is UTF-8). Whole numbers are written
 * exactly; a double in the fewest digits that read back to the same value
 * (at most 17), and NaN or an infinity as null. Knows nothing of isopath. */
#ifndef ISODROID_JSON_H
#define ISODROID_JSON_H

#include <stdbool.h>
#include <stdio.h>

enum { JSON_DEPTH_MAX = 32 };

/* The writer's state; the caller owns it (json_init). */
typedef struct Json {
    FILE *f;
    int depth;       /* open objects and arrays */
    bool comma;      /* the next value or key follows another in its container */
    bool misused;    /* an end without a begin, or nesting past JSON_DEPTH_MAX */
} Json;

void json_init(Json *j, FILE *f);
void json_object_begin(Json *j);
void json_object_end(Json *j);
void json_array_begin(Json *j);
void json_array_end(Json *j);
/* A member's key; its value comes next. */
void json_key(Json *j, const char *key);

void json_string(Json *j, const char *s); /* NULL writes null */
void json_int(Json *j, long long v);
void json_double(Json *j, double v);
void json_bool(Json *j, bool v);
void json_null(Json *j);
void json_pair(Json *j, long long a, long long b); /* [a,b], e.g. a tile */

/* A key and its value in one call. */
void json_member_string(Json *j, const char *key, const char *s);
void json_member_int(Json *j, const char *key, long long v);
void json_member_double(Json *j, const char *key, double v);
void json_member_bool(Json *j, const char *key, bool v);
void json_member_null(Json *j, const char *key);
void json_member_pair(Json *j, const char *key, long long a, long long b);

/* Ends the value with a line feed and flushes the stream. False when the
 * writes failed or the value is not whole (an object or array left open). */
bool json_finish(Json *j);

#endif
