/* SPDX-License-Identifier: MIT */
/* text.c - splitting lines into words for the line-based readers,
 * escaping control bytes for display, and the reversible escape of a field
 * in a line-based file (text.h). */
#include "text.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

int text_split_words(char *s, char *word[], int max)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            return n;
        if (n == max)
            return n + 1;
        word[n++] = s;
        while (*s && *s != ' ' && *s != '\t')
            s++;
        if (*s)
            *s++ = '\0';
    }
}

/* Writes byte c as \xHH at out[*n]; the caller made room for 4 bytes. */
static void put_hex(char *out, size_t *n, unsigned char c)
{
    static const char hex[] = "0123456789abcdef";
    out[(*n)++] = '\\';
    out[(*n)++] = 'x';
    out[(*n)++] = hex[c >> 4];
    out[(*n)++] = hex[c & 15];
}

const char *text_escape(const char *s, char *out, size_t size)
{
    size_t n = 0;
    for (; *s && size > 0; s++) {
        unsigned char c = (unsigned char)*s;
        bool control = c < 0x20 || c == 0x7f;
        size_t need = control ? 4 : 1;
        if (n + need >= size)
            break;
        if (control)
            put_hex(out, &n, c);
        else
            out[n++] = (char)c;
    }
    if (size > 0)
        out[n] = '\0';
    return out;
}

bool text_escape_field(const char *s, char *out, size_t size)
{
    size_t n = 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char two = c == '\\' ? '\\' : c == '\t' ? 't' : c == '\n' ? 'n' : c == '\r' ? 'r' : 0;
        bool four = !two && (c < 0x20 || c == 0x7f || (c == ' ' && !s[1]));
        size_t need = two ? 2 : four ? 4 : 1;
        if (n + need >= size) {
            if (size > 0)
                out[0] = '\0';
            return false;
        }
        if (two) {
            out[n++] = '\\';
            out[n++] = two;
        } else if (four) {
            put_hex(out, &n, c);
        } else {
            out[n++] = (char)c;
        }
    }
    if (size == 0)
        return false;
    out[n] = '\0';
    return true;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

bool text_unescape_field(char *s)
{
    char *out = s;
    while (*s) {
        if (*s != '\\') {
            *out++ = *s++;
            continue;
        }
        char e = s[1];
        if (e == '\\' || e == 't' || e == 'n' || e == 'r') {
            *out++ = e == 't' ? '\t' : e == 'n' ? '\n' : e == 'r' ? '\r' : '\\';
            s += 2;
            continue;
        }
        int hi = e == 'x' ? hex_digit(s[2]) : -1, lo = hi >= 0 ? hex_digit(s[3]) : -1;
        if (lo < 0 || (hi == 0 && lo == 0))
            return false;
        *out++ = (char)(hi << 4 | lo);
        s += 4;
    }
    *out = '\0';
    return true;
}

void text_format(char *out, size_t n, const char *fmt, ...)
{
    if (!out || n == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, n, fmt, ap);
    va_end(ap);
}

const char *text_base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}
