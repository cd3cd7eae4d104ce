/* SPDX-License-Identifier: MIT */
/* heap.h - the one open list of the project: a binary min-heap of 12-byte slots
 * {key, node} in an array the caller owns and sizes (nothing here
 * allocates). Header only, static inline, so every search keeps its heap
 * in its own loop: path.c (A* and JPS, whose tags remember where each node
 * sits, for decrease-key), route_query.c (entries never updated: a node
 * improved is pushed again), field.c (Dijkstra, ties broken by node so
 * the order is total and the field the same whatever the heap's shape),
 * hier_*.c, and the solver (src/rules/solve.c), whose order is no key's:
 * the _o calls take a HeapOrder, with an order function of the caller's.
 *
 * A slot carries its key, so sifting never leaves the array. `flags`, a
 * constant at every call so that what a caller does not use folds away:
 * HEAP_WHERE, `where` is an array indexed by node whose low HEAP_POS_BITS
 * bits the heap keeps equal to the node's position (the other bits are left
 * alone; without the flag `where` is not read and may be NULL); HEAP_BY_NODE,
 * equal keys come out in the order of their nodes. Which of equal slots
 * comes out first is set by the heap's shape, so a caller that needs one
 * answer whatever the shape (field.c, the solver) gives a total order. */
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

/* An order other than the keys': before(ctx, a, b) says a comes out before
 * b, and should be a strict total order (the solver's, src/rules/solve.c:
 * cells left, then its bound, then the older node, read through each
 * slot's node). NULL: by key, and with HEAP_BY_NODE then by node. */
typedef bool (*HeapBefore)(const void *ctx, const HeapSlot *a, const HeapSlot *b);

/* How a heap is ordered and whether it keeps `where`: flags, and an order
 * function with its context (NULL: by key). A constant at every call, so
 * that the calls below fold to the order's comparison. */
typedef struct HeapOrder {
    unsigned flags;
    HeapBefore before;
    const void *ctx;
} HeapOrder;

static inline HeapOrder heap_order(unsigned flags)
{
    return (HeapOrder){flags, NULL, NULL};
}

static inline HeapOrder heap_order_by(HeapBefore before, const void *ctx)
{
    return (HeapOrder){0, before, ctx};
}

/* a comes out before b */
HEAP_INLINE bool heap_before_o(const HeapSlot *a, const HeapSlot *b, HeapOrder o)
{
    if (o.before)
        return o.before(o.ctx, a, b);
    uint64_t ka = heap_key(a), kb = heap_key(b);
    return ka < kb || ((o.flags & HEAP_BY_NODE) && ka == kb && a->node < b->node);
}

/* Slot s at position pos. */
HEAP_INLINE void heap_put_o(HeapSlot *heap, uint32_t *where, uint32_t pos, HeapSlot s, HeapOrder o)
{
    heap[pos] = s;
    if (o.flags & HEAP_WHERE)
        where[s.node] = (where[s.node] & ~HEAP_POS_MASK) | pos;
}

/* s, whose place is the hole at pos, rises to where it belongs. */
HEAP_INLINE void heap_up_o(HeapSlot *heap, uint32_t *where, uint32_t pos, HeapSlot s, HeapOrder o)
{
    while (pos > 0) {
        uint32_t parent = (pos - 1) / 2;
        if (!heap_before_o(&s, &heap[parent], o))
            break;
        heap_put_o(heap, where, pos, heap[parent], o);
        pos = parent;
    }
    heap_put_o(heap, where, pos, s, o);
}

/* s, whose place is the hole at pos of a heap of n, sinks to where it belongs. */
HEAP_INLINE void heap_down_o(HeapSlot *heap, uint32_t n, uint32_t *where, uint32_t pos, HeapSlot s, HeapOrder o)
{
    for (;;) {
        uint32_t child = 2 * pos + 1;
        if (child >= n)
            break;
        if (child + 1 < n && heap_before_o(&heap[child + 1], &heap[child], o))
            child++;
        if (!heap_before_o(&heap[child], &s, o))
            break;
        heap_put_o(heap, where, pos, heap[child], o);
        pos = child;
    }
    heap_put_o(heap, where, pos, s, o);
}

/* Adds s to a heap of *n slots (room for one more is the caller's). */
HEAP_INLINE void heap_push_o(HeapSlot *heap, uint32_t *n, uint32_t *where, HeapSlot s, HeapOrder o)
{
    heap_up_o(heap, where, (*n)++, s, o);
}

/* Removes the root: the hole sinks to a leaf along the smaller children (no
 * comparison with the moved slot, so no unpredictable exit), then the last
 * slot fills it and rises, usually by a level or none. */
HEAP_INLINE void heap_pop_o(HeapSlot *restrict heap, uint32_t *n, uint32_t *restrict where, HeapOrder o)
{
    uint32_t m = --*n;
    if (m == 0)
        return;
    HeapSlot last = heap[m];
    uint32_t pos = 0;
    for (;;) {
        uint32_t child = 2 * pos + 1;
        if (child + 1 < m)
            child += heap_before_o(&heap[child + 1], &heap[child], o);
        else if (child >= m)
            break;
        heap_put_o(heap, where, pos, heap[child], o);
        pos = child;
    }
    heap_up_o(heap, where, pos, last, o);
}

/* Removes the slot at pos: the last slot takes its place and rises, or if
 * it does not come before the parent there, sinks. */
HEAP_INLINE void heap_remove_o(HeapSlot *heap, uint32_t *n, uint32_t *where, uint32_t pos, HeapOrder o)
{
    HeapSlot last = heap[--*n];
    if (pos == *n)
        return;
    if (pos > 0 && heap_before_o(&last, &heap[(pos - 1) / 2], o))
        heap_up_o(heap, where, pos, last, o);
    else
        heap_down_o(heap, *n, where, pos, last, o);
}

/* The same, ordered by key (flags: HEAP_WHERE, HEAP_BY_NODE), as the
 * searches of src/nav call them. */
HEAP_INLINE bool heap_before(const HeapSlot *a, const HeapSlot *b, unsigned flags)
{
    return heap_before_o(a, b, heap_order(flags));
}

HEAP_INLINE void heap_put(HeapSlot *heap, uint32_t *where, uint32_t pos, HeapSlot s, unsigned flags)
{
    heap_put_o(heap, where, pos, s, heap_order(flags));
}

HEAP_INLINE void heap_up(HeapSlot *heap, uint32_t *where, uint32_t pos, HeapSlot s, unsigned flags)
{
    heap_up_o(heap, where, pos, s, heap_order(flags));
}

HEAP_INLINE void heap_down(HeapSlot *heap, uint32_t n, uint32_t *where, uint32_t pos, HeapSlot s, unsigned flags)
{
    heap_down_o(heap, n, where, pos, s, heap_order(flags));
}

HEAP_INLINE void heap_push(HeapSlot *heap, uint32_t *n, uint32_t *where, HeapSlot s, unsigned flags)
{
    heap_push_o(heap, n, where, s, heap_order(flags));
}

HEAP_INLINE void heap_pop(HeapSlot *restrict heap, uint32_t *n, uint32_t *restrict where, unsigned flags)
{
    heap_pop_o(heap, n, where, heap_order(flags));
}

HEAP_INLINE void heap_remove(HeapSlot *heap, uint32_t *n, uint32_t *where, uint32_t pos, unsigned flags)
{
    heap_remove_o(heap, n, where, pos, heap_order(flags));
}

#endif
