/* SPDX-License-Identifier: MIT */
/* hier_int.h - what hier_build.c (the preparation) and hier_query.c (the
 * search) share: the NavHier's layout and its edges. Internal to
 * src/nav/hier_*.c.
 *
 * Lifetime: nav_hier_create (hier_build.c) makes the NavHier and
 * nav_hier_destroy frees all of it. A preparation allocates the upward
 * edges and its scratch (HierBuild) when it starts and frees the scratch
 * when it ends. A search's scratch is a HierSearch apart from the NavHier:
 * the NavHier's own for nav_hier_find, or a query's (NavQuery). */
#ifndef ISONAV_HIER_INT_H
#define ISONAV_HIER_INT_H

#include "hier.h"

#include "heap.h"
#include "runs.h"
#include "scratch.h"
#include "units.h"

#define HIER_NONE UINT32_MAX

/* An edge: the node at its other end, the node a shortcut passes, and its
 * cost as the sums of the tile costs of its straight and diagonal steps
 * (exact: a path's length is straight + diagonal x sqrt 2). mid is HIER_NONE when the edge is one straight line
 * of tiles: a step of the grid, or a shortcut that unfolds into steps all
 * in one direction (it needs no unfolding: its tiles are the line's). */
typedef struct HierEdge {
    uint32_t to, mid;
    uint32_t straight, diagonal; /* the costs of the tiles its steps enter, by kind */
} HierEdge;

/* An edge's cost in path units. */
static inline uint64_t hier_cost(HierEdge e)
{
    return e.straight * NAV_UNIT_STRAIGHT + e.diagonal * NAV_UNIT_DIAGONAL;
}

/* A reference to a packed edge, for unfolding: its index in up_out, or in
 * up_in with HIER_IN set; HIER_LINE set when the edge is a straight line. */
#define HIER_IN 0x80000000u
#define HIER_LINE 0x40000000u
#define HIER_INDEX 0x3fffffffu

/* How a shortcut a -> b unfolds: the node it passes and references to its
 * halves, a -> mid (under mid, in up_in) and mid -> b (in up_out). */
typedef struct HierUnfold {
    uint32_t mid, first, second;
} HierUnfold;

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
    HP_UNFOLD,   /* nodes: how their shortcuts unfold */
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

/* A search's scratch (hier_query.c), per direction (0 from the start, 1
 * from the goal): what one query writes, apart from the hierarchy it
 * reads, so that many searches (NavQuery, query.h) read one NavHier. Made
 * by its first search for the hierarchy's node count (hier_search_alloc),
 * its lists grow and stay; freed by hier_search_free. */
typedef struct HierSearch {
    uint32_t n;               /* nodes it is made for (0: not made) */
    uint64_t *dist[2];
    uint32_t *seen[2];        /* generation stamps */
    uint32_t *parent[2];      /* the node the search came from */
    uint32_t *via[2];         /* that edge: its index in up_out (0), up_in (1) */
    uint32_t gen;
    HeapSlot *heap[2];
    uint32_t heap_n[2], heap_cap[2];
    NavRuns path;             /* the last path, start excluded */
    uint32_t *stack;          /* edges still to unfold: reference, end node */
    uint32_t stack_cap;
} HierSearch;

struct NavHier {
    int w, h, stride;
    uint32_t cells, n;        /* bordered cells; nodes (walkable tiles) */
    uint32_t *node_of;        /* cell -> node, HIER_NONE when blocked */
    uint32_t *tile_of;        /* node -> cell */
    /* Upward edges: out_first[v] .. out_first[v + 1] - 1 of up_out are v's
     * edges v -> w, up_in likewise w -> v (to = w), w removed after v. */
    uint32_t *out_first, *in_first;
    HierEdge *up_out, *up_in;
    HierUnfold *out_unfold, *in_unfold; /* per edge of up_out, up_in; shortcuts only */
    long steps, shortcuts;
    long units;               /* work units done by the preparation under way or made */
    uint64_t version;         /* the grid's, when prepared */
    HierPhase phase;
    HierBuild b;

    int boff[8];              /* a step in cells, per direction (nav_dir8) */
    HierSearch own;           /* nav_hier_find's (made by its first call) */
};

/* The direction (nav_dir8) from cell a towards cell b when b lies on one of
 * the 8 lines through a, else -1; *steps gets the steps between them. */
static inline int hier_line(const NavHier *hr, uint32_t a, uint32_t b, uint32_t *steps)
{
    uint32_t s = (uint32_t)hr->stride;
    int dx = (int)(b % s) - (int)(a % s), dy = (int)(b / s) - (int)(a / s);
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    *steps = (uint32_t)(ax > ay ? ax : ay);
    if (ax && ay && ax != ay)
        return -1;
    int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    for (int d = 0; d < 8; d++)
        if (nav_dir8[d][0] == sx && nav_dir8[d][1] == sy)
            return d;
    return -1;
}

/* hier_query.c: frees what q holds and leaves it empty (not q itself).
 * The rest of a HierSearch's calls are scratch.h's. */
void hier_search_free(HierSearch *q);

#endif
