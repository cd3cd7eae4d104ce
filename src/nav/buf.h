/* SPDX-License-Identifier: MIT */
/* buf.h - copying an array into a buffer the destination owns, reusing its
 * memory (the deep copies of sim_copy and its parts), and growing an array
 * by doubling: buf_room is the one growth of every layer's lists (search
 * state, events, queues, text buffers), buf_grow and buf_grow_int its
 * faces for uint32_t and int capacities. Header only; not installed. */
#ifndef ISONAV_BUF_H
#define ISONAV_BUF_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
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

/* The one way an array grows, for every layer (src/nav is the bottom one,
 * so all of them may include this). Room for `need` elements of `elem`
 * bytes in the malloc'd array *p (p: a pointer to it; NULL while empty)
 * of *cap elements: the capacity doubled, from `first` when it is 0 (from
 * need when first is 0 too), until they fit, and held to `max`. False when
 * out of memory or need is past max, with the array and *cap unchanged;
 * true at once, allocating nothing, when they fit already. */
static inline bool buf_room(void *p, size_t *cap, size_t elem, size_t need, size_t first, size_t max)
{
    if (need <= *cap)
        return true;
    if (max > SIZE_MAX / elem)
        max = SIZE_MAX / elem;
    if (need > max)
        return false;
    size_t c = *cap ? *cap : first ? first : need;
    while (c < need)
        c = c > max / 2 ? max : c * 2;
    if (c > max)
        c = max;
    void **q = p;
    void *grown = realloc(*q, c * elem);
    if (!grown)
        return false;
    *q = grown;
    *cap = c;
    return true;
}

/* buf_room for a uint32_t capacity, held to UINT32_MAX / 2 elements (the
 * search lists of src/nav). */
static inline bool buf_grow(void *p, uint32_t *cap, size_t elem, uint64_t need, uint32_t first)
{
    size_t c = *cap;
    if (need > UINT32_MAX / 2 || !buf_room(p, &c, elem, (size_t)need, first, UINT32_MAX / 2))
        return false;
    *cap = (uint32_t)c;
    return true;
}

/* buf_room for an int capacity (a negative one counts as 0), held to
 * INT_MAX elements. */
static inline bool buf_grow_int(void *p, int *cap, size_t elem, size_t need, int first)
{
    size_t c = *cap > 0 ? (size_t)*cap : 0;
    if (!buf_room(p, &c, elem, need, first > 0 ? (size_t)first : 0, INT_MAX))
        return false;
    *cap = (int)c;
    return true;
}

#endif
