/* SPDX-License-Identifier: MIT */
/* json.c - the JSON writer of isopath --json (json.h): separators, string
 * escapes, numbers. Writes to a stream only; allocates nothing. */
#include "json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void json_init(Json *j, FILE *f)
{
    j->f = f;
    j->depth = 0;
    j->comma = false;
    j->misused = false;
}

/* Before any value or key: the comma that separates it from the one before. */
static void separate(Json *j)
{
    if (j->comma)
        putc(',', j->f);
    j->comma = true;
}

static void open_container(Json *j, char c)
{
    separate(j);
    putc(c, j->f);
    j->comma = false;
    if (++j->depth > JSON_DEPTH_MAX)
        j->misused = true;
}

static void close_container(Json *j, char c)
{
    putc(c, j->f);
    j->comma = true;
    if (--j->depth < 0)
        j->misused = true;
}

void json_object_begin(Json *j) { open_container(j, '{'); }
void json_object_end(Json *j) { close_container(j, '}'); }
void json_array_begin(Json *j) { open_container(j, '['); }
void json_array_end(Json *j) { close_container(j, ']'); }

/* Bytes of the valid UTF-8 sequence at s (1 to 4), or 0 when s starts none:
 * a stray continuation byte, a sequence cut short, an overlong form, a
 * surrogate (U+D800..U+DFFF) or a code point past U+10FFFF. */
static int utf8_length(const unsigned char *s)
{
    unsigned char c = s[0];
    int n;
    unsigned char lo = 0x80, hi = 0xbf; /* the range of the second byte */
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        lo = c == 0xe0 ? 0xa0 : 0x80;
        hi = c == 0xed ? 0x9f : 0xbf;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        lo = c == 0xf0 ? 0x90 : 0x80;
        hi = c == 0xf4 ? 0x8f : 0xbf;
    } else
        return 0;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (int i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return n;
}

static void write_escaped(FILE *f, const char *str)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)str;
    putc('"', f);
    while (*s) {
        int n = utf8_length(s);
        if (n == 0) {
            fputs("\\ufffd", f);
            s++;
        } else if (*s == '"' || *s == '\\') {
            putc('\\', f);
            putc(*s++, f);
        } else if (*s < 0x20 || *s == 0x7f) {
            fprintf(f, "\\u00%c%c", hex[*s >> 4], hex[*s & 15]);
            s++;
        } else {
            fwrite(s, 1, (size_t)n, f);
            s += n;
        }
    }
    putc('"', f);
}

void json_key(Json *j, const char *key)
{
    separate(j);
    write_escaped(j->f, key);
    putc(':', j->f);
    j->comma = false;
}

void json_string(Json *j, const char *s)
{
    if (!s) {
        json_null(j);
        return;
    }
    separate(j);
    write_escaped(j->f, s);
}

void json_int(Json *j, long long v)
{
    separate(j);
    fprintf(j->f, "%lld", v);
}

/* The fewest significant digits (up to 17, which always suffice) that
 * strtod reads back as v. %g writes a JSON number for every finite v
 * ("1e+20", "-0", "0.5"): never a leading '.', 'inf' or a bare point. */
void json_double(Json *j, double v)
{
    if (!isfinite(v)) {
        json_null(j);
        return;
    }
    char buf[40];
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    separate(j);
    fputs(buf, j->f);
}

void json_bool(Json *j, bool v)
{
    separate(j);
    fputs(v ? "true" : "false", j->f);
}

void json_null(Json *j)
{
    separate(j);
    fputs("null", j->f);
}

void json_pair(Json *j, long long a, long long b)
{
    json_array_begin(j);
    json_int(j, a);
    json_int(j, b);
    json_array_end(j);
}

void json_member_string(Json *j, const char *key, const char *s)
{
    json_key(j, key);
    json_string(j, s);
}

void json_member_int(Json *j, const char *key, long long v)
{
    json_key(j, key);
    json_int(j, v);
}

void json_member_double(Json *j, const char *key, double v)
{
    json_key(j, key);
    json_double(j, v);
}

void json_member_bool(Json *j, const char *key, bool v)
{
    json_key(j, key);
    json_bool(j, v);
}

void json_member_null(Json *j, const char *key)
{
    json_key(j, key);
    json_null(j);
}

void json_member_pair(Json *j, const char *key, long long a, long long b)
{
    json_key(j, key);
    json_pair(j, a, b);
}

bool json_finish(Json *j)
{
    putc('\n', j->f);
    bool ok = fflush(j->f) == 0 && !ferror(j->f);
    return ok && j->depth == 0 && !j->misused;
}
