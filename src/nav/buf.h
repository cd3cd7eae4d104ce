/* SPDX-License-Identifier: MIT */
/* buf.h - copying an array into a buffer the destination owns, reusing its
 * memory (the deep copies of sim_copy and its parts), and growing an array
 * by doubling (search state and lists that grow and stay). */
#ifndef ISONAV_BUF_H
#define ISONAV_BUF_H

#include <stdbool.h>
#include <stdint.h>
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

/* Room for `need` elements of `elem` bytes in the malloc'd array *p
 * (p: a pointer to it) of *cap elements: doubled, from `first` when empty,
 * until they fit. False when out of memory or past UINT32_MAX / 2
 * elements, with the array and *cap unchanged. */
static inline bool buf_grow(void *p, uint32_t *cap, size_t elem, uint64_t need, uint32_t first)
{
    if (need <= *cap)
        return true;
    uint64_t c = *cap ? *cap : first;
    while (c < need)
        c *= 2;
    if (c > UINT32_MAX / 2)
        return false;
    void **q = p;
    void *grown = realloc(*q, (size_t)c * elem);
    if (!grown)
        return false;
    *q = grown;
    *cap = (uint32_t)c;
    return true;
}

#endif
