/* SPDX-License-Identifier: MIT */
/* hier_int.h - what hier_build.c (the preparation) and hier_query.c (the
 * search) share: the NavHier's layout and its edges. Internal to
 * src/nav/hier_*.c.
 *
 * Lifetime: nav_hier_create (hier_build.c) makes the NavHier and
 * nav_hier_destroy frees all of it. A preparation allocates the upward
 * edges and its scratch (HierBuild) when it starts and frees the scratch
 * when it ends; the search state is allocated by the first query after a
 * preparation (hier_query_alloc) and its lists grow and stay. */
#ifndef ISONAV_HIER_INT_H
#define ISONAV_HIER_INT_H

#include "hier.h"

#include "heap.h"

#define HIER_NONE UINT32_MAX

/* An edge: the node at its other end, the node a shortcut passes (HIER_NONE
 * for a step of the grid) and its cost in path units. */
typedef struct HierEdge {
    uint32_t to, mid;
    uint64_t cost;
} HierEdge;

/* A growable list of edges. */
typedef struct HierList {
    HierEdge *e;
    uint32_t n, cap;
} HierList;

typedef enum HierPhase {
    HP_IDLE,     /* nothing made */
    HP_NODES,    /* rows: walkable tiles numbered */
    HP_STEPS,    /* nodes: the grid's steps as edges */
    HP_ORDER,    /* nodes: each one's importance, into the queue */
    HP_REMOVE,   /* the queue: nodes removed, shortcuts added */
    HP_PACK,     /* nodes: upward edges into the arrays searches read */
    HP_DONE
} HierPhase;

/* A local search from one node (witness searches while preparing). */
typedef struct HierLocal {
    uint64_t *dist;
    uint32_t *seen;      /* generation stamps */
    uint32_t gen;
    HeapSlot *heap;
    uint32_t heap_n, heap_cap;
} HierLocal;

/* The preparation's scratch: the graph of the nodes not yet removed. */
typedef struct HierBuild {
    HierList *out, *in;  /* per node: edges to and from remaining nodes */
    uint32_t *gone;      /* neighbours removed before the node */
    uint32_t *order;     /* the nodes in the order they were removed */
    uint32_t removed_n;
    uint32_t *packed_tile; /* packing: the cells of the nodes renumbered */
    HeapSlot *queue;     /* remaining nodes by importance */
    uint32_t *where;     /* queue position per node (heap.h); packing: new numbers */
    uint32_t queue_n;
    HierLocal local;
    uint32_t cursor;     /* the phase's next row or node */
} HierBuild;

struct NavHier {
    int w, h, stride;
    uint32_t cells, n;        /* bordered cells; nodes (walkable tiles) */
    uint32_t *node_of;        /* cell -> node, HIER_NONE when blocked */
    uint32_t *tile_of;        /* node -> cell */
    /* Upward edges: out_first[v] .. out_first[v + 1] - 1 of up_out are v's
     * edges v -> w, up_in likewise w -> v (to = w), w removed after v. */
    uint32_t *out_first, *in_first;
    HierEdge *up_out, *up_in;
    long steps, shortcuts;
    uint64_t version;         /* the grid's, when prepared */
    HierPhase phase;
    HierBuild b;

    /* search state, per direction (0 from the start, 1 from the goal) */
    uint64_t *dist[2];
    uint32_t *seen[2];        /* generation stamps */
    uint32_t *parent[2];      /* the node the search came from */
    uint32_t *via[2];         /* that edge's mid */
    uint32_t gen;
    HeapSlot *heap[2];
    uint32_t heap_n[2], heap_cap[2];
    uint32_t *path;           /* the last path's cells, start excluded */
    uint32_t path_n, path_cap;
    uint32_t *stack;          /* edges still to unfold: from, to, mid */
    uint32_t stack_cap;
};

/* Frees the search state (hier_query.c). */
void hier_query_free(NavHier *hr);

#endif
