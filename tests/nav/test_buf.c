/* SPDX-License-Identifier: MIT */
/* test_buf.c - the one array growth (buf.h: buf_room and its faces for
 * uint32_t and int capacities) and the one heap (heap.h) under an order
 * function of the caller's, as the solver uses it. */
#include "testlib.h"

#include <limits.h>

#include "buf.h"
#include "heap.h"

/* Doubling from `first`, held to max, nothing done when it fits, and a
 * need past max refused with the array and its capacity as they were. */
static void test_room_doubles_and_holds(void **state)
{
    (void)state;
    int *a = NULL;
    size_t cap = 0;
    assert_true(buf_room(&a, &cap, sizeof *a, 3, 4, 100));
    assert_non_null(a);
    assert_int_equal(cap, 4);
    a[0] = 7;
    int *was = a;
    assert_true(buf_room(&a, &cap, sizeof *a, 4, 4, 100)); /* fits: nothing done */
    assert_ptr_equal(a, was);
    assert_int_equal(cap, 4);
    assert_true(buf_room(&a, &cap, sizeof *a, 9, 4, 100)); /* 4 -> 8 -> 16 */
    assert_int_equal(cap, 16);
    assert_int_equal(a[0], 7);
    assert_true(buf_room(&a, &cap, sizeof *a, 70, 4, 100)); /* 32, 64, then held to 100 */
    assert_int_equal(cap, 100);
    was = a;
    assert_false(buf_room(&a, &cap, sizeof *a, 101, 4, 100)); /* past max */
    assert_ptr_equal(a, was);
    assert_int_equal(cap, 100);
    assert_false(buf_room(&a, &cap, sizeof *a, SIZE_MAX, 4, SIZE_MAX)); /* past what size_t counts in bytes */
    assert_int_equal(cap, 100);
    free(a);

    char *s = NULL;
    cap = 0;
    assert_true(buf_room(&s, &cap, 1, 5, 0, 5)); /* first 0: exactly need */
    assert_int_equal(cap, 5);
    free(s);
}

static void test_faces(void **state)
{
    (void)state;
    int *a = NULL;
    int icap = -3; /* negative: counted as 0 */
    assert_true(buf_grow_int(&a, &icap, sizeof *a, 1, 16));
    assert_int_equal(icap, 16);
    assert_true(buf_grow_int(&a, &icap, sizeof *a, 17, 16));
    assert_int_equal(icap, 32);
    assert_false(buf_grow_int(&a, &icap, sizeof *a, (size_t)INT_MAX + 1, 16));
    assert_int_equal(icap, 32);
    free(a);

    uint32_t *u = NULL, ucap = 0;
    assert_true(buf_grow(&u, &ucap, sizeof *u, 1000, 64));
    assert_int_equal(ucap, 1024);
    assert_false(buf_grow(&u, &ucap, sizeof *u, (uint64_t)UINT32_MAX, 64)); /* past UINT32_MAX / 2 */
    assert_int_equal(ucap, 1024);
    free(u);
}

/* The solver's order: a pair of keys read through the node, then the node. */
typedef struct Pair {
    int first;
    uint64_t second;
} Pair;

static bool pair_before(const void *ctx, const HeapSlot *a, const HeapSlot *b)
{
    const Pair *p = ctx, *x = &p[a->node], *y = &p[b->node];
    if (x->first != y->first)
        return x->first < y->first;
    if (x->second != y->second)
        return x->second < y->second;
    return a->node < b->node;
}

static int compare_pairs(const Pair *p, uint32_t a, uint32_t b)
{
    HeapSlot x = heap_slot(0, a), y = heap_slot(0, b);
    return pair_before(p, &x, &y) ? -1 : pair_before(p, &y, &x) ? 1 : 0;
}

/* Under an order function the heap gives its nodes in that order, also
 * with slots taken out anywhere (heap_remove_o, no where array), as
 * against a sorted reference. */
static void test_heap_order_function(void **state)
{
    (void)state;
    enum { N = 600 };
    Pair p[N];
    uint64_t seed = 11;
    for (int i = 0; i < N; i++)
        p[i] = (Pair){(int)(test_rand(&seed) % 5), test_rand(&seed) % 7 + ((uint64_t)1 << 40)};
    HeapSlot heap[N];
    uint32_t n = 0;
    HeapOrder o = heap_order_by(pair_before, p);
    bool gone[N] = {false};
    for (uint32_t i = 0; i < N; i++) {
        heap_push_o(heap, &n, NULL, heap_slot(0, i), o);
        if (i % 7 == 6) { /* take one out from the middle */
            uint32_t at = test_rand(&seed) % n;
            gone[heap[at].node] = true;
            heap_remove_o(heap, &n, NULL, at, o);
        }
    }
    uint32_t last = UINT32_MAX;
    int out = 0;
    while (n > 0) {
        uint32_t top = heap[0].node;
        assert_false(gone[top]);
        if (last != UINT32_MAX)
            assert_true(compare_pairs(p, last, top) < 0);
        last = top;
        heap_pop_o(heap, &n, NULL, o);
        out++;
    }
    assert_int_equal(out, N - N / 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_room_doubles_and_holds),
        cmocka_unit_test(test_faces),
        cmocka_unit_test(test_heap_order_function),
    };
    return cmocka_run_group_tests_name("buf", tests, NULL, NULL);
}
