/* SPDX-License-Identifier: MIT */
/* route_int.h - what route_build.c (the preparation) and route_query.c (the
 * search) share: the NavRoute's layout, its per-tile encodings (links, tags,
 * landmark distances) and small helpers. Internal to src/nav/route_*.c.
 *
 * Lifetime: nav_route_create (route_build.c) makes the NavRoute and
 * nav_route_destroy frees all of it; the preparation allocates the prepared
 * arrays once and its scratch (Build) for each run, freed when the run
 * ends. A search's scratch is a RouteSearch apart from the NavRoute: the
 * NavRoute's own for nav_route_find, or a query's (NavQuery); it is made
 * by its first search and its arrays grow (buf_grow) and stay until it is
 * freed (nav_route_destroy for the NavRoute's own). */
#ifndef ISONAV_ROUTE_INT_H
#define ISONAV_ROUTE_INT_H

#include "route.h"

#include <stdlib.h>

#include "buf.h"
#include "heap.h"
#include "region.h"
#include "runs.h"
#include "scratch.h"
#include "units.h"

#define NONE UINT32_MAX
/* A landmark distance: straight steps (bits 15-31), diagonal steps (0-14). */
#define MARK_SHIFT 15
#define MARK_DIAG 0x7FFFu
#define MARK_STRAIGHT_MAX 0x1FFFEu
#define FAR UINT32_MAX /* the landmark does not reach the tile */

#if defined(__GNUC__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

enum { KIND_BLOCKED, KIND_CORE, KIND_TREE, KIND_ROOT };

/* Diagonals are followed through (route.h) when fewer than one core tile in
 * ROUTE_SCAN_CORNERS is a convex corner. */
enum { ROUTE_SCAN_CORNERS = 10 };

/* Corridors are followed (route.h) when at least one core tile in
 * ROUTE_CORRIDOR_SHARE is a corridor tile (exactly two moves, both
 * straight) and their table fits in NAV_ROUTE_BUDGET_BYTES. */
enum { ROUTE_CORRIDOR_SHARE = 2 };

/* A core tile's ways into corridors, one for each straight direction d (at
 * d / 2): leaving the tile that way along a corridor, the first tile that
 * is not a corridor tile (the end), and info = steps to it << 3 | the
 * direction of the last step, into the end. info 0: no corridor that way
 * (or a loop of corridor tiles with no end). A corridor tile has its two
 * ways out; another tile the corridors that start beside it. */
typedef struct Corridor {
    uint32_t end[4];
    uint32_t info[4];
} Corridor;
#define CORRIDOR_STEPS_SHIFT 3

/* Node.via of a node reached along a corridor: this bit | the direction
 * leaving the parent. */
#define VIA_CORRIDOR (1u << 31)

/* A tile's link: kind (bits 30-31); for a tree tile the step towards its
 * root (bits 27-29) and its depth (bits 0-26: a tile next to the core, or
 * next to a whole-tree root, is at depth 1). */
#define LINK_KIND_SHIFT 30
#define LINK_DIR_SHIFT 27
#define LINK_DEPTH 0x07FFFFFFu

/* Tags: query stamp (bits 24-31, 0 never used) | closed | node index. */
#define TAG_STAMP_SHIFT 24
#define TAG_CLOSED (1u << 23)
#define TAG_NODE 0x7FFFFFu
#define NODE_MAX TAG_NODE

typedef enum Phase {
    PH_IDLE,      /* nothing under way */
    PH_MOVES,     /* rows: moves on the grid, degrees, kinds, dead ends queued */
    PH_REGIONS,   /* region.c's labelling, in steps */
    PH_PEEL,      /* the dead-end queue: peeling trees */
    PH_DEPTH,     /* peel order backwards: tree links and depths */
    PH_CORE,      /* rows: moves within the core, the largest core region */
    PH_FORCED,    /* rows: forced turns of straight arrivals */
    PH_CORRIDOR,  /* rows: corridors walked from their ends (mazes only) */
    PH_JUMP,      /* eight passes of rows: jump distances */
    PH_MARK_INIT, /* rows: landmark distances reset */
    PH_MARKS,     /* Dijkstra passes: placing landmarks, filling distances */
    PH_DONE,
} Phase;

typedef struct QItem {
    uint32_t node, key;
} QItem;

/* A ring queue that grows (power-of-two capacity). */
typedef struct Ring {
    QItem *item;
    uint32_t cap, head, n;
} Ring;

typedef struct Node {
    uint64_t g, h;
    uint32_t tile;
    uint32_t link; /* parent node << 3 | arrival direction; NONE for the start */
    uint32_t via;  /* 0, or the parent's diagonal before the arrival: steps << 3 | direction,
                    * or VIA_CORRIDOR | the direction leaving the parent along a corridor */
} Node;

typedef struct Build {
    Phase phase;
    const NavGrid *grid;
    uint64_t version;
    int marks;          /* landmarks to place */
    uint32_t row;       /* row cursor of row passes */
    int pass;           /* PH_JUMP: direction pass; PH_MARKS: landmark (-1 placing) */
    uint32_t ohead, otail; /* peel queue (order): next to peel, end */
    NavRegionBuild regions; /* PH_REGIONS: the labelling under way (region.h) */
    uint32_t region;    /* regions labelled */
    uint32_t best_count, source; /* the region with the most core tiles: its count, a tile */
    uint32_t far_tile;  /* farthest tile of the current Dijkstra pass */
    uint64_t far_cost;
    bool overflow;      /* a distance had too many steps for its field */
    long walkable, core, tree, corners;
    long corridor;      /* corridor tiles (Corridor) */
    uint8_t *moves;     /* per tile: allowed moves (bit d: nav_dir8[d]) */
    uint8_t *deg;       /* per tile: moves left while peeling; then the step to the parent */
    uint32_t *order;    /* peel order */
    uint32_t *aux;      /* core tiles per region; placing distances */
    uint32_t *nearest;  /* distance (packed as the marks) to the nearest landmark placed */
    Ring ring[2];       /* Dijkstra: straight and diagonal arrivals */
} Build;

/* A search's scratch (route_query.c): what one query writes, apart from
 * the prepared data it reads, so that many searches (NavQuery, query.h)
 * read one NavRoute. Made by its first search (route_search_alloc), freed
 * by route_search_free; sized for one map size (tiles). */
typedef struct RouteSearch {
    uint32_t tiles;     /* tiles it is made for (0: not made) */
    uint32_t *tag;
    uint32_t stamp;
    Node *node;
    uint32_t node_n, node_cap;
    HeapSlot *heap;     /* the open list's heap (heap.h) */
    uint32_t heap_n, heap_cap;
    uint32_t *stack;
    uint32_t stack_n, stack_cap;
    uint64_t plateau;
    uint8_t *climb;     /* a tree climb from the goal: the steps up, in order */
    NavRuns path;       /* the last path */
    long straight, diagonal;
    /* the current query */
    int gx, gy;
    int nmarks;
    uint8_t use[NAV_ROUTE_MARKS_MAX];        /* the landmarks in use */
    uint32_t goal_mark[NAV_ROUTE_MARKS_MAX]; /* their distances to the goal */
    uint64_t goal_cost[NAV_ROUTE_MARKS_MAX]; /* the same in search units */
    Corridor goal_way;  /* the goal's Corridor entry (info 0: none) */
} RouteSearch;

struct NavRoute {
    int w, h;
    uint32_t tiles;
    uint64_t row_magic; /* y = (u * row_magic) >> 40 */
    int off[8];         /* a step in tile indices */
    int boff[8];        /* the same step in bordered indices (nav_grid_index) */
    /* prepared data, one entry per tile (no border), see route.h */
    int16_t *jump;      /* [u * 8 + d], as jump.h, on the core */
    uint32_t *mark;     /* [u * slots + j] */
    uint8_t *forced;
    uint32_t *link;
    uint32_t *region;   /* region.c's labels: 0 blocked, else the region (1..regions) */
    Corridor *corridor; /* on mazes (ROUTE_CORRIDOR_SHARE), else NULL */
    int slots;          /* landmark slots a tile */
    /* what the data describes */
    const NavGrid *grid;
    uint64_t version;
    bool ready;         /* all but landmarks current for (grid, version) */
    bool scan;          /* searches follow diagonals to their end (few corners) */
    int marks;          /* landmarks current (0 until they are) */
    int asked;          /* landmarks asked for by the finished preparation */
    bool failed;
    long walkable, core, tree, regions, corners, corridors;
    Build b;
    RouteSearch own;    /* nav_route_find's (made by its first call) */
};

static inline int link_kind(uint32_t link)
{
    return (int)(link >> LINK_KIND_SHIFT);
}

static inline int tile_y(const NavRoute *rm, uint32_t u)
{
    return (int)(((uint64_t)u * rm->row_magic) >> 40);
}

/* Tile u, on row y, as a bordered index (nav_grid_index). */
static inline uint32_t bordered(const NavRoute *rm, uint32_t u, int y)
{
    return u + (uint32_t)(rm->w + 3) + 2u * (uint32_t)y;
}

/* A landmark distance in search units. */
static inline uint64_t mark_cost(uint32_t m)
{
    return (uint64_t)(m >> MARK_SHIFT) * NAV_UNIT_STRAIGHT + (uint64_t)(m & MARK_DIAG) * NAV_UNIT_DIAGONAL;
}

/* Bytes a tile of prepared data takes with k landmark slots, and
 * corridors or not (route_build.c). */
size_t route_tile_bytes(int k, bool corridors);
/* route_query.c: q made for rm's map size, if it is not; false when out
 * of memory (q then holds nothing). The rest of a RouteSearch's calls are
 * scratch.h's. */
bool route_search_alloc(const NavRoute *rm, RouteSearch *q);
/* Frees what q holds and leaves it empty (not q itself). */
void route_search_free(RouteSearch *q);

#endif
