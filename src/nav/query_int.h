/* SPDX-License-Identifier: MIT */
/* query_int.h - what query.c (the search engine) and prepared.c (the
 * prepared data: making it, and which planner answers NAV_ROUTE from it)
 * share: the layouts of NavQuery and NavPrepared and a few helpers.
 * Internal to src/nav/query.c and prepared.c. Lifetimes: see query.h and
 * prepared.h. */
#ifndef ISONAV_QUERY_INT_H
#define ISONAV_QUERY_INT_H

#include "prepared.h"
#include "query.h"

#include "heap.h"
#include "hier.h"
#include "jump.h"
#include "landmark.h"
#include "route.h"
#include "scratch.h"

#define UNIT_STRAIGHT NAV_UNIT_STRAIGHT
#define UNIT_DIAGONAL NAV_UNIT_DIAGONAL
#define SQRT2 1.41421356237309504880
#define NO_NODE UINT32_MAX
#define NO_SLOT UINT32_MAX

#define TAG_POS_MASK HEAP_POS_MASK /* bits 0-23: heap.h keeps an open node's position there */
#define TAG_STACKED 0xFFFFFFu
#define TAG_DIR_SHIFT 24
#define TAG_CLOSED_SHIFT 27
#define TAG_CLOSED (1u << TAG_CLOSED_SHIFT)
#define TAG_GEN_SHIFT 28
#define TAG_GEN_MAX 15u
#define TAG_STATE_MASK (~((7u << TAG_DIR_SHIFT) | TAG_POS_MASK)) /* generation + closed */

#if defined(__GNUC__)
#define HOT_INLINE static inline __attribute__((always_inline))
#else
#define HOT_INLINE static inline
#endif

/* A slot of the open heap (heap.h), of the back region or of the path. */
typedef HeapSlot Slot;

/* The prepared data (prepared.h): map data only, read by queries. */
struct NavPrepared {
    int w, h;
    /* JPS+ jump distances: made by nav_prepared_make for NAV_JPS, and for
     * NAV_ROUTE on weighted grids. */
    JumpTable jump;
    /* Landmark distances: placed by nav_prepared_make for NAV_JPS. */
    LandmarkTable marks;
    /* NAV_ROUTE's planners: the planner for uniform costs, the hierarchy
     * for weighted ones and for uniform ones where the planner works hard
     * (prepared.c). Their own search scratch is never made here: queries
     * bring theirs. */
    NavRoute *route;
    NavHier *hier;
    /* NAV_ROUTE's choice on a uniform grid (prepared.c), made once for
     * the grid `sampled` at version sampled_version. */
    const NavGrid *sampled;
    uint64_t sampled_version;
    NavPreparedChoice choice;
};

/* A query (query.h): scratch only. */
struct NavQuery {
    int w, h, stride;
    uint32_t cells;      /* (w + 2) * (h + 2) tags */
    uint32_t slots;      /* w * h slots */
    uint64_t row_magic;  /* row = (idx * row_magic) >> 40, exact for idx < 2^25 */
    uint32_t *tag;
    Slot *slot;
    uint32_t heap_n;
    uint32_t back_n;     /* slots used at the back: stacked nodes and the JPS log */
    uint32_t stack_top;  /* the last stacked slot, or NO_SLOT */
    uint32_t gen;
    /* The tiles whose tags the searches since the last clear have written,
     * so that a clear (when gen wraps) resets only those, not the map; past
     * touched_cap of them (1/16 of the tiles, where one pass over every tag
     * costs about as much) the clear is the whole array. */
    uint32_t *touched;
    uint32_t touched_n, touched_cap;
    bool touched_all;
    uint64_t cleared;    /* tags reset by clears, in all (tests) */
    uint64_t plateau;    /* f of the stacked nodes, the smallest open f */
    const JumpTable *jt; /* the table the current JPS search reads: the options' NavJumps's or NavPrepared's */
    /* The prepared planners' search scratch, made by the first search they
     * answer (NULL until then) and kept. */
    struct RouteSearch *route_q;
    struct HierSearch *hier_q;

    /* the current query */
    const NavGrid *grid;
    NavQueryOptions opt;
    bool jps, done, limit_hit;
    bool weighted;       /* JPS on a grid of more than one cost: edge tiles (jump.h) stop jumps */
    bool prune;          /* A*, 8-way, uniform costs: canonical successors only */
    uint32_t start, goal;
    int goal_px, goal_py; /* bordered coordinates */
    uint64_t cmin;
    int nmarks;          /* JPS: landmarks in use (0: octile distance alone) */
    const uint64_t *mark_dist;
    uint64_t goal_mark[LANDMARK_MAX];
    int off[8];
    bool diag[8];
    uint64_t cost_limit;
    uint32_t best;
    uint64_t best_h, best_g;
    uint32_t path_off;
    NavQueryResult res;
};

/* JPS runs on 8-way grids, for searches without options that need every
 * node's exact order (nearest tile, cost limit). */
bool query_runs_jps(const NavQueryOptions *opt);
/* The jump table current for g that a JPS search with opt reads: the
 * options' shared NavJumps, else the NavPrepared's own; NULL when none is. */
const JumpTable *query_jump_table(const NavQueryOptions *opt, const NavGrid *g);
/* Ends the search with status and why; a path to `end` (NO_NODE: none) at cost g. */
NavStatus query_finish(NavQuery *q, NavStatus status, const char *why, uint32_t end, uint64_t g);

/* prepared.c: NAV_ROUTE with a prepared planner of opt.prepared current for
 * g answers the search begun on q (true); false when none is, or it could
 * not (out of memory for its scratch: the search goes on by JPS or A*). */
bool prepared_answer(NavQuery *q, const NavGrid *g, NavPos start, NavPos goal);
/* Tile i of a path the prepared planners gave, as a bordered index. */
uint32_t prepared_tile(const NavQuery *q, int i);

#endif
