/* SPDX-License-Identifier: MIT */
/* buf.h - copying an array into a buffer the destination owns, reusing its
 * memory (the deep copies of sim_copy and its parts). */
#ifndef ISONAV_BUF_H
#define ISONAV_BUF_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* *dst becomes a malloc'd copy of the n bytes at src (realloc'd in place
 * where it can be). n == 0 frees it and leaves NULL. False when out of
 * memory, with *dst unchanged. */
static inline bool buf_copy(void *dst, const void *src, size_t n)
{
    void **p = dst;
    if (n == 0) {
        free(*p);
        *p = NULL;
        return true;
    }
    void *q = realloc(*p, n);
    if (!q)
        return false;
    memcpy(q, src, n);
    *p = q;
    return true;
}

#endif
