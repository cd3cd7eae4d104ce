/* SPDX-License-Identifier: MIT */
/* heap.h - the one open list of src/nav: a binary min-heap of 12-byte slots
 * {key, node} in an array the caller owns and sizes (nothing here
 * allocates). Header only, static inline, so every search keeps its heap
 * in its own loop: path.c (A* and JPS, whose tags remember where each node
 * sits, for decrease-key), route_query.c (entries never updated: a node
 * improved is pushed again) and field.c (Dijkstra, ties broken by node so
 * the order is total and the field the same whatever the heap's shape).
 *
 * A slot carries its key, so sifting never leaves the array. `flags`, a
 * constant at every call so that what a caller does not use folds away:
 * HEAP_WHERE, `where` is an array indexed by node whose low HEAP_POS_BITS
 * bits the heap keeps equal to the node's position (the other bits are left
 * alone; without the flag `where` is not read and may be NULL); HEAP_BY_NODE,
 * equal keys come out in the order of their nodes. */
#ifndef ISONAV_HEAP_H
#define ISONAV_HEAP_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__)
#define HEAP_INLINE static inline __attribute__((always_inline))
#else
#define HEAP_INLINE static inline
#endif

#define HEAP_POS_BITS 24
#define HEAP_POS_MASK ((1u << HEAP_POS_BITS) - 1u)

enum { HEAP_WHERE = 1, HEAP_BY_NODE = 2 };

typedef struct HeapSlot {
    uint32_t key_lo, key_hi;
    uint32_t node;
} HeapSlot;

static inline uint64_t heap_key(const HeapSlot *s)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t k;
    memcpy(&k, s, sizeof k); /* key_lo, key_hi: one load */
    return k;
#else
    return (uint64_t)s->key_hi << 32 | s->key_lo;
#endif
}

static inline void heap_slot_set(HeapSlot *s, uint64_t key, uint32_t node)
{
    s->key_lo = (uint32_t)key;
    s->key_hi = (uint32_t)(key >> 32);
    s->node = node;
}

static inline HeapSlot heap_slot(uint64_t key, uint32_t node)
{
    HeapSlot s;
    heap_slot_set(&s, key, node);
    return s;
}

/* a comes out before b */
HEAP_INLINE bool heap_before(const HeapSlot *a, const HeapSlot *b, unsigned flags)
{
    uint64_t ka = heap_key(a), kb = heap_key(b);
    return ka < kb || ((flags & HEAP_BY_NODE) && ka == kb && a->node < b->node);
}

/* Slot s at position pos. */
HEAP_INLINE void heap_put(HeapSlot *heap, uint32_t *where, uint32_t pos, HeapSlot s, unsigned flags)
{
    heap[pos] = s;
    if (flags & HEAP_WHERE)
        where[s.node] = (where[s.node] & ~HEAP_POS_MASK) | pos;
}

/* s, whose place is the hole at pos, rises to where it belongs. */
HEAP_INLINE void heap_up(HeapSlot *heap, uint32_t *where, uint32_t pos, HeapSlot s, unsigned flags)
{
    while (pos > 0) {
        uint32_t parent = (pos - 1) / 2;
        if (!heap_before(&s, &heap[parent], flags))
            break;
        heap_put(heap, where, pos, heap[parent], flags);
        pos = parent;
    }
    heap_put(heap, where, pos, s, flags);
}

/* s, whose place is the hole at pos of a heap of n, sinks to where it belongs. */
HEAP_INLINE void heap_down(HeapSlot *heap, uint32_t n, uint32_t *where, uint32_t pos, HeapSlot s, unsigned flags)
{
    for (;;) {
        uint32_t child = 2 * pos + 1;
        if (child >= n)
            break;
        if (child + 1 < n && heap_before(&heap[child + 1], &heap[child], flags))
            child++;
        if (!heap_before(&heap[child], &s, flags))
            break;
        heap_put(heap, where, pos, heap[child], flags);
        pos = child;
    }
    heap_put(heap, where, pos, s, flags);
}

/* Adds s to a heap of *n slots (room for one more is the caller's). */
HEAP_INLINE void heap_push(HeapSlot *heap, uint32_t *n, uint32_t *where, HeapSlot s, unsigned flags)
{
    heap_up(heap, where, (*n)++, s, flags);
}

/* Removes the root: the hole sinks to a leaf along the smaller children (no
 * comparison with the moved slot, so no unpredictable exit), then the last
 * slot fills it and rises, usually by a level or none. */
HEAP_INLINE void heap_pop(HeapSlot *restrict heap, uint32_t *n, uint32_t *restrict where, unsigned flags)
{
    uint32_t m = --*n;
    if (m == 0)
        return;
    HeapSlot last = heap[m];
    uint32_t pos = 0;
    for (;;) {
        uint32_t child = 2 * pos + 1;
        if (child + 1 < m)
            child += heap_before(&heap[child + 1], &heap[child], flags);
        else if (child >= m)
            break;
        heap_put(heap, where, pos, heap[child], flags);
        pos = child;
    }
    heap_up(heap, where, pos, last, flags);
}

/* Removes the slot at pos (with HEAP_WHERE: where tells the caller where a node is). */
HEAP_INLINE void heap_remove(HeapSlot *heap, uint32_t *n, uint32_t *where, uint32_t pos, unsigned flags)
{
    HeapSlot last = heap[--*n];
    if (pos == *n)
        return;
    heap_up(heap, where, pos, last, flags);
    heap_down(heap, *n, where, where[last.node] & HEAP_POS_MASK, last, flags);
}

#endif
