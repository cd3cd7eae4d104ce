/* route.c - the prepared planner (route.h): preparation as a resumable run of
 * passes over the grid (rows, queues, Dijkstra passes), and the query: tree
 * walks, octile paths of up to three runs, JPS+ over the core with landmarks.
 *
 * Search costs are exact integers in path.h's units (2^-32 straight steps).
 * A landmark distance is kept exactly in 32 bits as the counts of straight
 * and diagonal steps of a shortest path (a + b sqrt 2 is one value for one
 * pair), and turned into search units with the search's own step costs, so
 * the landmark bound ties exactly with the costs the search adds up. */
#include "route.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "heap.h"
#include "region.h"
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
#define PREFETCH(p) ((void)0)
#endif

enum { KIND_BLOCKED, KIND_CORE, KIND_TREE, KIND_ROOT };

/* Diagonals are followed through (route.h) when fewer than one core tile in
 * ROUTE_SCAN_CORNERS is a convex corner. */
enum { ROUTE_SCAN_CORNERS = 10 };

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
    uint32_t via;  /* 0, or the parent's diagonal before the arrival: steps << 3 | direction */
} Node;

/* A straight line of a path: the tiles after `from` (a bordered index) in
 * direction dir, up to path index end (exclusive). */
typedef struct Run {
    uint32_t from, end;
    uint32_t dir;
} Run;

typedef struct Build {
    Phase phase;
    const Grid *grid;
    uint64_t version;
    int marks;          /* landmarks to place */
    uint32_t row;       /* row cursor of row passes */
    int pass;           /* PH_JUMP: direction pass; PH_MARKS: landmark (-1 placing) */
    uint32_t ohead, otail; /* peel queue (order): next to peel, end */
    RegionBuild regions; /* PH_REGIONS: the labelling under way (region.h) */
    uint32_t region;    /* regions labelled */
    uint32_t best_count, source; /* the region with the most core tiles: its count, a tile */
    uint32_t far_tile;  /* farthest tile of the current Dijkstra pass */
    uint64_t far_cost;
    bool overflow;      /* a distance had too many steps for its field */
    long walkable, core, tree, corners;
    uint8_t *moves;     /* per tile: allowed moves (bit d: nav_dir8[d]) */
    uint8_t *deg;       /* per tile: moves left while peeling; then the step to the parent */
    uint32_t *order;    /* peel order */
    uint32_t *aux;      /* core tiles per region; placing distances */
    uint32_t *nearest;  /* distance (packed as the marks) to the nearest landmark placed */
    Ring ring[2];       /* Dijkstra: straight and diagonal arrivals */
} Build;

struct RouteMap {
    int w, h;
    uint32_t tiles;
    uint64_t row_magic; /* y = (u * row_magic) >> 40 */
    int off[8];         /* a step in tile indices */
    int boff[8];        /* the same step in bordered indices (grid_index) */
    /* prepared data, one entry per tile (no border), see route.h */
    int16_t *jump;      /* [u * 8 + d], as jump.h, on the core */
    uint32_t *mark;     /* [u * slots + j] */
    uint8_t *forced;
    uint32_t *link;
    uint32_t *region;   /* region.c's labels: 0 blocked, else the region (1..regions) */
    int slots;          /* landmark slots a tile */
    /* what the data describes */
    const Grid *grid;
    uint64_t version;
    bool ready;         /* all but landmarks current for (grid, version) */
    bool scan;          /* searches follow diagonals to their end (few corners) */
    int marks;          /* landmarks current (0 until they are) */
    int asked;          /* landmarks asked for by the finished preparation */
    bool failed;
    long walkable, core, tree, regions, corners;
    Build b;
    /* search state */
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
    /* the last path, as runs */
    Run *run;
    uint32_t run_n, run_cap;
    uint32_t steps;     /* tiles in the runs */
    long straight, diagonal;
    uint32_t cursor;    /* the run route_tile found last */
    /* the current query */
    int gx, gy;
    int nmarks;
    uint8_t use[ROUTE_MARKS_MAX];        /* the landmarks in use */
    uint32_t goal_mark[ROUTE_MARKS_MAX]; /* their distances to the goal */
    uint64_t goal_cost[ROUTE_MARKS_MAX]; /* the same in search units */
};

static inline int link_kind(uint32_t link)
{
    return (int)(link >> LINK_KIND_SHIFT);
}

static inline int tile_y(const RouteMap *rm, uint32_t u)
{
    return (int)(((uint64_t)u * rm->row_magic) >> 40);
}

/* Tile u, on row y, as a bordered index (grid_index). */
static inline uint32_t bordered(const RouteMap *rm, uint32_t u, int y)
{
    return u + (uint32_t)(rm->w + 3) + 2u * (uint32_t)y;
}

/* ---- growing arrays -------------------------------------------------------------- */

static bool grow(void **p, uint32_t *cap, size_t elem, uint64_t need)
{
    if (need <= *cap)
        return true;
    uint64_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    if (c > UINT32_MAX / 2)
        return false;
    void *q = realloc(*p, (size_t)c * elem);
    if (!q)
        return false;
    *p = q;
    *cap = (uint32_t)c;
    return true;
}

static bool ring_push(Ring *r, uint32_t node, uint32_t key)
{
    if (r->n == r->cap) {
        uint32_t cap = r->cap ? r->cap * 2 : 4096;
        QItem *q = malloc((size_t)cap * sizeof *q);
        if (!q)
            return false;
        for (uint32_t i = 0; i < r->n; i++)
            q[i] = r->item[(r->head + i) & (r->cap - 1)];
        free(r->item);
        r->item = q;
        r->cap = cap;
        r->head = 0;
    }
    r->item[(r->head + r->n) & (r->cap - 1)] = (QItem){node, key};
    r->n++;
    return true;
}

/* ---- lifetime ---------------------------------------------------------------------- */

/* Bytes a tile of prepared data takes with k landmark slots. */
static size_t tile_bytes(int k)
{
    return 8 * sizeof(int16_t) + (size_t)k * sizeof(uint32_t) + 1 + 2 * sizeof(uint32_t);
}

RouteMap *route_create(int w, int h)
{
    if (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE)
        return NULL;
    RouteMap *rm = calloc(1, sizeof *rm);
    if (!rm)
        return NULL;
    rm->w = w;
    rm->h = h;
    rm->tiles = (uint32_t)w * (uint32_t)h;
    rm->row_magic = ((UINT64_C(1) << 40) + (uint64_t)w - 1) / (uint64_t)w;
    for (int d = 0; d < 8; d++) {
        rm->off[d] = nav_dir8[d][1] * w + nav_dir8[d][0];
        rm->boff[d] = nav_dir8[d][1] * (w + 2) + nav_dir8[d][0];
    }
    /* as many landmark slots as the budget leaves room for */
    rm->slots = ROUTE_MARKS_MAX;
    while (rm->slots > 0 && (size_t)rm->tiles * tile_bytes(rm->slots) > ROUTE_BUDGET_BYTES)
        rm->slots--;
    return rm;
}

static void build_free(Build *b)
{
    region_build_free(&b->regions);
    free(b->moves);
    free(b->deg);
    free(b->order);
    free(b->aux);
    free(b->nearest);
    free(b->ring[0].item);
    free(b->ring[1].item);
    memset(b, 0, sizeof *b);
}

void route_destroy(RouteMap *rm)
{
    if (!rm)
        return;
    build_free(&rm->b);
    free(rm->jump);
    free(rm->mark);
    free(rm->forced);
    free(rm->link);
    free(rm->region);
    free(rm->tag);
    free(rm->node);
    free(rm->heap);
    free(rm->stack);
    free(rm->climb);
    free(rm->run);
    free(rm);
}

bool route_ready(const RouteMap *rm, const Grid *g)
{
    return rm->ready && rm->grid == g && rm->version == g->version;
}

bool route_failed(const RouteMap *rm)
{
    return rm->failed;
}

void route_info(const RouteMap *rm, RouteInfo *out)
{
    memset(out, 0, sizeof *out);
    out->ready = rm->ready;
    out->complete = rm->ready && rm->b.phase == PH_IDLE;
    out->landmarks = rm->marks;
    out->tile_bytes = (int)tile_bytes(rm->slots);
    out->walkable = rm->walkable;
    out->core = rm->core;
    out->tree = rm->tree;
    out->regions = rm->regions;
    out->corners = rm->corners;
    out->scan = rm->scan;
    out->bytes = rm->jump ? (size_t)rm->tiles * tile_bytes(rm->slots) : 0;
    out->search_bytes = (rm->tag ? (size_t)rm->tiles * (sizeof *rm->tag + sizeof *rm->climb) : 0) +
                        (size_t)rm->node_cap * sizeof *rm->node + (size_t)rm->heap_cap * sizeof *rm->heap +
                        (size_t)rm->stack_cap * sizeof *rm->stack + (size_t)rm->run_cap * sizeof *rm->run;
}

/* ---- preparation ------------------------------------------------------------------------- */

static bool search_alloc(RouteMap *rm);

static bool build_start(RouteMap *rm, const Grid *g, int marks)
{
    Build *b = &rm->b;
    build_free(b);
    rm->ready = false;
    rm->marks = 0;
    rm->failed = false;
    size_t n = rm->tiles;
    if (!rm->jump) {
        rm->jump = malloc(n * 8 * sizeof *rm->jump);
        rm->mark = rm->slots ? aligned_alloc(64, (n * (size_t)rm->slots * sizeof *rm->mark + 63) / 64 * 64) : NULL;
        rm->forced = malloc(n);
        rm->link = malloc(n * sizeof *rm->link);
    }
    b->moves = malloc(n);
    b->deg = malloc(n);
    b->order = malloc(n * sizeof *b->order);
    b->aux = malloc((n + 1) * sizeof *b->aux); /* indexed by tile, or by region number 1..regions <= n */
    if (!rm->jump || (rm->slots && !rm->mark) || !rm->forced || !rm->link || !b->moves ||
        !b->deg || !b->order || !b->aux) {
        build_free(b);
        rm->failed = true;
        return false;
    }
    b->grid = g;
    b->version = g->version;
    b->marks = marks;
    b->phase = PH_MOVES;
    b->source = NONE;
    return true;
}

/* Moves, degrees and kinds of row y; dead ends (at most one move) queued. */
static void pass_moves(RouteMap *rm, Build *b, int y)
{
    const uint8_t *cost = b->grid->cost;
    const int stride = b->grid->stride;
    for (int x = 0; x < rm->w; x++) {
        uint32_t u = (uint32_t)y * (uint32_t)rm->w + (uint32_t)x;
        int c = grid_index(b->grid, x, y);
        uint8_t m = 0, deg = 0;
        if (cost[c]) {
            for (int d = 0; d < 8; d++) {
                int dx = nav_dir8[d][0], dy = nav_dir8[d][1];
                if (cost[c + dy * stride + dx] && (!(d & 1) || (cost[c + dx] && cost[c + dy * stride]))) {
                    m |= (uint8_t)(1u << d);
                    deg++;
                }
            }
            b->walkable++;
            if (deg <= 1)
                b->order[b->otail++] = u;
        }
        b->moves[u] = m;
        b->deg[u] = deg;
        rm->link[u] = (uint32_t)(cost[c] ? KIND_CORE : KIND_BLOCKED) << LINK_KIND_SHIFT;
        rm->forced[u] = 0;
    }
    memset(rm->jump + (size_t)y * (size_t)rm->w * 8, 0, (size_t)rm->w * 8 * sizeof *rm->jump);
}

/* Labels the regions with region.c (the same connectivity: 8-way moves
 * without corner cutting connect what 4-way moves do; the same numbering,
 * by first tile in row order); a unit a tile of each of its three passes.
 * True once the labels are in rm->region. */
static bool pass_regions(RouteMap *rm, Build *b, long *budget)
{
    if (!b->regions.grid)
        region_begin(&b->regions, b->grid);
    double done = region_build_progress(&b->regions);
    RegionStatus status = region_build_step(&b->regions, *budget);
    *budget -= 1 + (long)((region_build_progress(&b->regions) - done) * 3.0 * (double)rm->tiles);
    if (status == REGION_IN_PROGRESS)
        return false;
    Region labels;
    if (!region_build_finish(&b->regions, &labels)) {
        rm->failed = true;
        return false;
    }
    free(rm->region);
    rm->region = labels.label;
    b->region = labels.count;
    return true;
}

/* Peels dead ends: each keeps its one remaining move (or none) as the step
 * to its parent in deg, and may leave its neighbour a dead end. */
static bool pass_peel(RouteMap *rm, Build *b, long *budget)
{
    while (b->ohead < b->otail) {
        if (*budget <= 0)
            return false;
        *budget -= 2;
        uint32_t u = b->order[b->ohead++];
        int parent = -1;
        for (int d = 0; d < 8; d++) {
            uint32_t v = u + (uint32_t)rm->off[d];
            if (!(b->moves[u] >> d & 1) || link_kind(rm->link[v]) != KIND_CORE)
                continue; /* no move, or peeled already */
            parent = d;
            if (--b->deg[v] == 1)
                b->order[b->otail++] = v;
        }
        rm->link[u] = (uint32_t)(parent < 0 ? KIND_ROOT : KIND_TREE) << LINK_KIND_SHIFT;
        b->deg[u] = (uint8_t)(parent < 0 ? 0xFF : parent);
        b->tree++;
    }
    return true;
}

/* Backwards through the peel order, so a parent comes before its children:
 * links and depths. */
static bool pass_depth(RouteMap *rm, Build *b, long *budget)
{
    while (b->otail > 0) {
        if (*budget <= 0)
            return false;
        --*budget;
        uint32_t u = b->order[--b->otail];
        if (b->deg[u] == 0xFF)
            continue; /* a whole tree's root: depth 0 */
        int d = b->deg[u];
        uint32_t p = rm->link[u + (uint32_t)rm->off[d]];
        uint32_t depth = link_kind(p) == KIND_TREE ? (p & LINK_DEPTH) + 1 : 1;
        rm->link[u] = (uint32_t)KIND_TREE << LINK_KIND_SHIFT | (uint32_t)d << LINK_DIR_SHIFT | depth;
    }
    return true;
}

/* Row y: moves restricted to the core (a diagonal between core tiles only
 * passes core tiles, so the corner rule holds as it was); core tiles counted
 * per region, keeping the region with the most and one of its tiles. */
static void pass_core(RouteMap *rm, Build *b, int y)
{
    for (int x = 0; x < rm->w; x++) {
        uint32_t u = (uint32_t)y * (uint32_t)rm->w + (uint32_t)x;
        if (link_kind(rm->link[u]) != KIND_CORE) {
            b->moves[u] = 0;
            continue;
        }
        uint8_t m = 0;
        for (int d = 0; d < 8; d++)
            if ((b->moves[u] >> d & 1) && link_kind(rm->link[u + (uint32_t)rm->off[d]]) == KIND_CORE)
                m |= (uint8_t)(1u << d);
        b->moves[u] = m;
        b->core++;
        for (int d = 1; d < 8; d += 2) /* a convex corner: a diagonal blocked, its two sides open */
            if (!(m >> d & 1) && (m >> (d - 1) & 1) && (m >> ((d + 1) & 7) & 1)) {
                b->corners++;
                break;
            }
        uint32_t r = rm->region[u];
        if (++b->aux[r] > b->best_count) {
            b->best_count = b->aux[r];
            b->source = u;
        }
    }
}

/* Row y: for each straight arrival d at a core tile, bit d is set when the
 * side d + 2 is open but was blocked beside the tile behind, bit d + 1 the
 * same for the side d + 6 (JPS's forced neighbours). */
static void pass_forced(RouteMap *rm, Build *b, int y)
{
    for (int x = 0; x < rm->w; x++) {
        uint32_t u = (uint32_t)y * (uint32_t)rm->w + (uint32_t)x;
        uint8_t f = 0;
        for (int d = 0; d < 8; d += 2) {
            int back = (d + 4) & 7;
            if (!(b->moves[u] >> back & 1))
                continue; /* nothing arrives this way */
            uint32_t p = u + (uint32_t)rm->off[back];
            int right = (d + 2) & 7, left = (d + 6) & 7;
            if ((b->moves[u] >> right & 1) && !(b->moves[p] >> right & 1))
                f |= (uint8_t)(1u << d);
            if ((b->moves[u] >> left & 1) && !(b->moves[p] >> left & 1))
                f |= (uint8_t)(1u << (d + 1));
        }
        rm->forced[u] = f;
    }
}

/* One more step before whatever the next tile reaches. */
static inline int one_more(int next)
{
    return next > 0 ? next + 1 : next - 1;
}

/* The jump pass order: straight directions first (diagonal stops are
 * defined by them). A direction whose step goes down the tile order is
 * filled from the last row up, so the next tile along is always done. */
static const int jump_order[8] = {0, 2, 4, 6, 1, 3, 5, 7};

static void pass_jump(RouteMap *rm, Build *b, int d, int y)
{
    int off = rm->off[d];
    bool down = off > 0;
    int hor = nav_dir8[d][0] > 0 ? 0 : 4, ver = nav_dir8[d][1] > 0 ? 2 : 6;
    for (int i = 0; i < rm->w; i++) {
        int x = down ? rm->w - 1 - i : i;
        uint32_t u = (uint32_t)y * (uint32_t)rm->w + (uint32_t)x;
        if (!(b->moves[u] >> d & 1))
            continue; /* 0 from pass_moves */
        uint32_t t = u + (uint32_t)off;
        const int16_t *jt = rm->jump + (size_t)t * 8;
        int v;
        if (d % 2 == 0) /* stops where the tile ahead has a forced neighbour */
            v = rm->forced[t] & (3u << d) ? 1 : one_more(jt[d]);
        else
            v = jt[hor] > 0 || jt[ver] > 0 ? 1 : one_more(jt[d]);
        rm->jump[(size_t)u * 8 + (size_t)d] = (int16_t)v;
    }
}

/* A landmark distance in search units. */
static inline uint64_t mark_cost(uint32_t m)
{
    return (uint64_t)(m >> MARK_SHIFT) * PATH_UNIT_STRAIGHT + (uint64_t)(m & MARK_DIAG) * PATH_UNIT_DIAGONAL;
}

/* Dijkstra with one FIFO per step cost: keys enter each in order, so the
 * smaller head is the next tile. Pass -1 keeps its distances in aux. */
static bool pass_dijkstra(RouteMap *rm, Build *b, long *budget)
{
    const int j = b->pass;
    const size_t k = (size_t)rm->slots;
    uint32_t *dist = j < 0 ? b->aux : rm->mark + j;
    const size_t stride = j < 0 ? 1 : k;
    while (b->ring[0].n || b->ring[1].n) {
        if (*budget <= 0)
            return false;
        *budget -= 6;
        Ring *r = &b->ring[0];
        if (!b->ring[0].n || (b->ring[1].n && mark_cost(b->ring[1].item[b->ring[1].head].key) <
                                                  mark_cost(b->ring[0].item[b->ring[0].head].key)))
            r = &b->ring[1];
        QItem it = r->item[r->head];
        r->head = (r->head + 1) & (r->cap - 1);
        r->n--;
        uint32_t u = it.node, du = dist[u * stride];
        if (it.key != du)
            continue; /* a later, shorter arrival was queued */
        uint64_t far = mark_cost(du);
        if (j >= 0) {
            if (b->nearest[u] == FAR || far < mark_cost(b->nearest[u]))
                b->nearest[u] = du;
            else
                far = mark_cost(b->nearest[u]);
        }
        if (b->far_tile == NONE || far > b->far_cost || (far == b->far_cost && u < b->far_tile)) {
            b->far_cost = far;
            b->far_tile = u;
        }
        for (int d = 0; d < 8; d++) {
            if (!(b->moves[u] >> d & 1))
                continue;
            uint32_t v = u + (uint32_t)rm->off[d];
            if ((d & 1) ? (du & MARK_DIAG) == MARK_DIAG : (du >> MARK_SHIFT) >= MARK_STRAIGHT_MAX) {
                b->overflow = true;
                continue;
            }
            uint32_t nd = du + (d & 1 ? 1u : 1u << MARK_SHIFT);
            uint32_t dv = dist[v * stride];
            if (dv != FAR && mark_cost(nd) >= mark_cost(dv))
                continue;
            dist[v * stride] = nd;
            if (!ring_push(&b->ring[d & 1], v, nd)) {
                rm->failed = true;
                return false;
            }
        }
    }
    return true;
}

static void marks_begin_pass(RouteMap *rm, Build *b, uint32_t source)
{
    b->far_tile = NONE;
    b->far_cost = 0;
    if (b->pass < 0)
        b->aux[source] = 0;
    else
        rm->mark[(size_t)source * (size_t)rm->slots + (size_t)b->pass] = 0;
    if (!ring_push(&b->ring[0], source, 0))
        rm->failed = true;
}

/* Runs the build until it ends or the budget runs out. Work is counted so
 * that a unit takes about 5 ns whatever the phase: a tile of a row pass 1
 * to 4 units, a queue or Dijkstra step 1 to 6. */
static void build_run(RouteMap *rm, long budget)
{
    Build *b = &rm->b;
    const uint32_t rows = (uint32_t)rm->h;
    while (budget > 0 && !rm->failed) {
        switch (b->phase) {
        case PH_IDLE:
        case PH_DONE:
            return;
        case PH_MOVES:
            while (b->row < rows && budget > 0) {
                pass_moves(rm, b, (int)b->row++);
                budget -= 4 * (long)rm->w;
            }
            if (b->row == rows)
                b->phase = PH_REGIONS;
            break;
        case PH_REGIONS:
            if (pass_regions(rm, b, &budget))
                b->phase = PH_PEEL;
            break;
        case PH_PEEL:
            if (pass_peel(rm, b, &budget))
                b->phase = PH_DEPTH;
            break;
        case PH_DEPTH:
            if (pass_depth(rm, b, &budget)) {
                b->phase = PH_CORE;
                b->row = 0;
                memset(b->aux, 0, ((size_t)b->region + 1) * sizeof *b->aux);
                budget -= b->region / 16;
            }
            break;
        case PH_CORE:
            while (b->row < rows && budget > 0) {
                pass_core(rm, b, (int)b->row++);
                budget -= 2 * (long)rm->w;
            }
            if (b->row == rows) {
                b->phase = PH_FORCED;
                b->row = 0;
            }
            break;
        case PH_FORCED:
            while (b->row < rows && budget > 0) {
                pass_forced(rm, b, (int)b->row++);
                budget -= 2 * (long)rm->w;
            }
            if (b->row == rows) {
                b->phase = PH_JUMP;
                b->pass = 0;
                b->row = 0;
            }
            break;
        case PH_JUMP:
            while (b->pass < 8 && budget > 0) {
                int d = jump_order[b->pass];
                bool down = rm->off[d] > 0;
                while (b->row < rows && budget > 0) {
                    uint32_t y = down ? rows - 1 - b->row : b->row;
                    pass_jump(rm, b, d, (int)y);
                    b->row++;
                    budget -= rm->w;
                }
                if (b->row == rows) {
                    b->pass++;
                    b->row = 0;
                }
            }
            if (b->pass < 8)
                break;
            /* searches may start: everything but the landmarks is made */
            rm->grid = b->grid;
            rm->version = b->version;
            rm->walkable = b->walkable;
            rm->core = b->core;
            rm->tree = b->tree;
            rm->regions = b->region;
            rm->corners = b->corners;
            /* where corners are few, diagonals run long between them and
             * following them through pays; among many (random rubble) their
             * stops are reached again and again, and as jump points of their
             * own they are expanded once */
            rm->scan = b->corners * ROUTE_SCAN_CORNERS < b->core;
            rm->ready = true;
            free(b->deg);
            b->deg = NULL;
            free(b->order);
            b->order = NULL;
            if (b->marks == 0 || b->source == NONE) {
                b->phase = PH_DONE;
                break;
            }
            b->phase = PH_MARK_INIT;
            b->row = 0;
            b->nearest = malloc((size_t)rm->tiles * sizeof *b->nearest);
            if (!b->nearest)
                rm->failed = true;
            break;
        case PH_MARK_INIT:
            while (b->row < rows && budget > 0) {
                size_t u0 = (size_t)b->row * (size_t)rm->w, k = (size_t)rm->slots;
                for (size_t u = u0; u < u0 + (size_t)rm->w; u++) {
                    for (size_t j = 0; j < k; j++)
                        rm->mark[u * k + j] = FAR;
                    b->aux[u] = FAR;
                    b->nearest[u] = FAR;
                }
                b->row++;
                budget -= 3 * (long)rm->w;
            }
            if (b->row == rows) {
                b->phase = PH_MARKS;
                b->pass = -1; /* the first pass only finds the tile farthest from the source */
                marks_begin_pass(rm, b, b->source);
            }
            break;
        case PH_MARKS:
            if (!pass_dijkstra(rm, b, &budget))
                break;
            if (++b->pass == b->marks || b->overflow) {
                b->phase = PH_DONE;
                break;
            }
            marks_begin_pass(rm, b, b->far_tile);
            break;
        }
    }
}

bool route_prepare(RouteMap *rm, const Grid *g, int landmarks, long work)
{
    Build *b = &rm->b;
    int want = landmarks < 0 ? 0 : landmarks > rm->slots ? rm->slots : landmarks;
    if (route_ready(rm, g) && b->phase == PH_IDLE && rm->asked == want)
        return true;
    bool under_way = b->phase != PH_IDLE && b->grid == g && b->version == g->version && b->marks == want;
    if (!under_way) {
        if (g->w != rm->w || g->h != rm->h || !grid_uniform(g)) {
            build_free(b);
            rm->ready = false;
            rm->failed = true;
            return false;
        }
        if (!build_start(rm, g, want))
            return false;
    }
    build_run(rm, work > 0 ? work : LONG_MAX);
    if (rm->failed) {
        build_free(b);
        rm->ready = false;
        return false;
    }
    if (b->phase != PH_DONE)
        return false;
    if (!search_alloc(rm)) {
        build_free(b);
        rm->ready = false;
        rm->failed = true;
        return false;
    }
    rm->marks = b->source == NONE || b->overflow ? 0 : want;
    rm->asked = want;
    build_free(b); /* phase back to PH_IDLE */
    return true;
}

/* ---- the query ----------------------------------------------------------------------------- */

/* The octile distance from (x, y) (tile u) to the goal, raised to the
 * largest landmark bound |d(L, goal) - d(L, u)|. */
static inline uint64_t heuristic(const RouteMap *rm, uint32_t u, int x, int y)
{
    uint64_t h = nav_octile(x - rm->gx, y - rm->gy);
    const uint32_t *m = rm->mark + (size_t)u * (size_t)rm->slots;
    for (int j = 0; j < rm->nmarks; j++) {
        uint32_t mj = m[rm->use[j]];
        if (mj == rm->goal_mark[j])
            continue; /* also both FAR */
        uint64_t a = mark_cost(mj), b = rm->goal_cost[j];
        uint64_t diff = a > b ? a - b : b - a;
        h = diff > h ? diff : h;
    }
    return h;
}

/* The landmarks a search from a to b uses: the ROUTE_ACTIVE_MARKS whose
 * bound at a is largest. Any subset keeps the bound consistent; fewer cost
 * less a node, and the others rarely raise h where these do not (4 of 8 cost
 * 3 to 7% more expansions on the 512x512 maps and are 10% faster). */
enum { ROUTE_ACTIVE_MARKS = 4 };
static void choose_landmarks(RouteMap *rm, uint32_t a, uint32_t b)
{
    const uint32_t *ma = rm->mark + (size_t)a * (size_t)rm->slots, *mb = rm->mark + (size_t)b * (size_t)rm->slots;
    uint64_t bound[ROUTE_MARKS_MAX];
    uint8_t which[ROUTE_MARKS_MAX];
    int n = 0;
    for (int j = 0; j < rm->marks; j++) {
        if (ma[j] == FAR || mb[j] == FAR)
            continue; /* a and b share a region: both reached or neither */
        uint64_t x = mark_cost(ma[j]), y = mark_cost(mb[j]), diff = x > y ? x - y : y - x;
        int i = n++; /* insertion, largest bound first */
        for (; i > 0 && bound[i - 1] < diff; i--) {
            bound[i] = bound[i - 1];
            which[i] = which[i - 1];
        }
        bound[i] = diff;
        which[i] = (uint8_t)j;
    }
    rm->nmarks = n < ROUTE_ACTIVE_MARKS ? n : ROUTE_ACTIVE_MARKS;
    for (int k = 0; k < rm->nmarks; k++) {
        rm->use[k] = which[k];
        rm->goal_mark[k] = mb[which[k]];
        rm->goal_cost[k] = mark_cost(rm->goal_mark[k]);
    }
}

/* True when n steps in direction d from u are open (on the core). */
static bool can_go(const RouteMap *rm, uint32_t u, int d, int n)
{
    while (n > 0) {
        int j = rm->jump[(size_t)u * 8 + (size_t)d];
        if (j <= 0)
            return -j >= n;
        if (j >= n)
            return true;
        u += (uint32_t)(j * rm->off[d]);
        n -= j;
    }
    return true;
}

/* Room for `more` runs; false when they cannot grow. */
static bool run_room(RouteMap *rm, uint64_t more)
{
    return grow((void **)&rm->run, &rm->run_cap, sizeof *rm->run, (uint64_t)rm->run_n + more);
}

/* Adds n steps in direction d after bordered index c to the path (joining
 * the last run when it goes the same way; run_room made room); returns the
 * last tile. */
static inline uint32_t run_add(RouteMap *rm, uint32_t c, int d, uint32_t n)
{
    if (!n)
        return c;
    rm->steps += n;
    if (d & 1)
        rm->diagonal += n;
    else
        rm->straight += n;
    if (rm->run_n && rm->run[rm->run_n - 1].dir == (uint32_t)d)
        rm->run[rm->run_n - 1].end = rm->steps;
    else
        rm->run[rm->run_n++] = (Run){c, rm->steps, (uint32_t)d};
    return c + n * (uint32_t)rm->boff[d];
}

/* Paths of octile length (the shortest possible) that turn at most twice:
 * diagonal then straight, straight then diagonal, and for short queries
 * (at most ROUTE_THREE_RUNS steps, so the scan stays cheap) diagonal,
 * straight, diagonal and straight, diagonal, straight, split anywhere. From
 * a (bordered ca) by dx, dy; adds the runs and returns true, or false when
 * none of them is open. */
enum { ROUTE_THREE_RUNS = 64 };
static bool octile_path(RouteMap *rm, uint32_t a, uint32_t ca, int dx, int dy)
{
    int adx = abs(dx), ady = abs(dy);
    int m = adx < ady ? adx : ady, r = (adx < ady ? ady : adx) - m;
    int dd = nav_dir8_of((dx > 0) - (dx < 0), (dy > 0) - (dy < 0));
    int ds = adx > ady ? (dx > 0 ? 0 : 4) : (dy > 0 ? 2 : 6);
    /* the runs: first, second, third (n3 0: two runs) */
    int d1 = dd, n1 = m, d2 = ds, n2 = r, n3 = 0;
    if (m == 0 || r == 0) {
        if (!can_go(rm, a, m ? dd : ds, m + r))
            return false;
        d1 = m ? dd : ds, n1 = m + r, n2 = 0;
    } else if (can_go(rm, a, dd, m) && can_go(rm, a + (uint32_t)(m * rm->off[dd]), ds, r)) {
        /* diagonal, straight */
    } else if (can_go(rm, a, ds, r) && can_go(rm, a + (uint32_t)(r * rm->off[ds]), dd, m)) {
        d1 = ds, n1 = r, d2 = dd, n2 = m;
    } else {
        if (m + r > ROUTE_THREE_RUNS)
            return false;
        bool found = false;
        for (int pass = 0; pass < 2 && !found; pass++) {
            /* pass 0: diagonal k, straight r, diagonal m - k; pass 1 the other way round */
            d1 = pass ? ds : dd, d2 = pass ? dd : ds;
            int total = pass ? r : m;
            n2 = pass ? m : r;
            uint32_t p = a;
            for (n1 = 1; n1 < total; n1++) {
                if (!rm->jump[(size_t)p * 8 + (size_t)d1])
                    break; /* not even one more step */
                p += (uint32_t)rm->off[d1];
                n3 = total - n1;
                if (can_go(rm, p, d2, n2) && can_go(rm, p + (uint32_t)(n2 * rm->off[d2]), d1, n3)) {
                    found = true;
                    break;
                }
            }
        }
        if (!found)
            return false;
    }
    run_add(rm, run_add(rm, run_add(rm, ca, d1, (uint32_t)n1), d2, (uint32_t)n2), d1, (uint32_t)n3);
    return true;
}

/* ---- open list: a LIFO stack for the smallest f (the plateau), a binary
 * heap for the rest. Entries are not updated: a node whose g improves is
 * pushed again and the older entry skipped when it comes out. */

static inline void open_push(RouteMap *rm, uint64_t f, uint32_t node)
{
    if (f == rm->plateau)
        rm->stack[rm->stack_n++] = node;
    else
        heap_push(rm->heap, &rm->heap_n, NULL, heap_slot(f, node), 0);
}

/* The next open node, closed now; NONE when none is left. Entries of
 * nodes closed already (reached again later at a lower cost) are skipped. */
static inline uint32_t open_pop(RouteMap *rm)
{
    for (;;) {
        uint32_t i;
        if (rm->stack_n) {
            i = rm->stack[--rm->stack_n];
        } else if (rm->heap_n) {
            i = rm->heap[0].node;
            rm->plateau = heap_key(&rm->heap[0]);
            heap_pop(rm->heap, &rm->heap_n, NULL, 0);
        } else {
            return NONE;
        }
        uint32_t *t = &rm->tag[rm->node[i].tile];
        if (*t & TAG_CLOSED)
            continue;
        *t |= TAG_CLOSED;
        return i;
    }
}

/* Successor directions of a node reached in direction d with forced-turn
 * bits f (pass_forced): a diagonal keeps its diagonal and both components;
 * a straight arrival its direction, plus each forced side and the diagonal
 * towards it. */
static inline unsigned successors(int d, unsigned f)
{
    if (d & 1)
        return 1u << d | 1u << ((d + 1) & 7) | 1u << ((d + 7) & 7);
    unsigned m = 1u << d;
    if (f >> d & 1)
        m |= 1u << ((d + 2) & 7) | 1u << (d + 1);
    if (f >> (d + 1) & 1)
        m |= 1u << ((d + 6) & 7) | 1u << ((d + 7) & 7);
    return m;
}

/* A successor found by a jump: k steps in direction d from the expanded
 * node, or from the end of a diagonal run (via, as Node.via) of it. */
typedef struct Target {
    uint32_t tile, via;
    int k, d;
    int x, y;
} Target;

/* The straight jump from tile u at (x, y) in direction d: where it stops
 * (a jump point, or the goal when it passes it) in *k steps; false when
 * it reaches neither. */
static inline bool straight_stop(const RouteMap *rm, uint32_t u, int x, int y, int d, int *k)
{
    int dist = rm->jump[(size_t)u * 8 + (size_t)d];
    int reach = dist > 0 ? dist : -dist;
    int stop = dist > 0 ? dist : INT_MAX;
    int sx = nav_dir8[d][0], sy = nav_dir8[d][1];
    int ahead = sx ? (rm->gx - x) * sx : (rm->gy - y) * sy, across = sx ? rm->gy - y : rm->gx - x;
    if (across == 0 && ahead > 0 && ahead <= reach && ahead < stop)
        stop = ahead;
    *k = stop;
    return stop != INT_MAX;
}

enum { ROUTE_BATCH = 32 }; /* successors relaxed together */

/* Relaxes the successors found of node cur (a copy in n); false when the
 * search state cannot grow. */
static bool relax_all(RouteMap *rm, uint32_t cur, const Node *n, const Target *next, int count, uint32_t stamp)
{
    if (rm->node_n + (uint64_t)count > NODE_MAX ||
        !grow((void **)&rm->node, &rm->node_cap, sizeof *rm->node, (uint64_t)rm->node_n + (uint64_t)count) ||
        !grow((void **)&rm->heap, &rm->heap_cap, sizeof *rm->heap, (uint64_t)rm->heap_n + (uint64_t)count) ||
        !grow((void **)&rm->stack, &rm->stack_cap, sizeof *rm->stack, (uint64_t)rm->stack_n + (uint64_t)count))
        return false;
    for (int i = 0; i < count; i++) {
        uint32_t v = next[i].tile, via = next[i].via;
        int d = next[i].d, k = next[i].k;
        uint64_t g = n->g + (uint64_t)k * (d & 1 ? PATH_UNIT_DIAGONAL : PATH_UNIT_STRAIGHT) +
                     (uint64_t)(via >> 3) * PATH_UNIT_DIAGONAL;
        uint32_t t = rm->tag[v];
        uint32_t link = cur << 3 | (uint32_t)d;
        if ((t & ~(TAG_CLOSED | TAG_NODE)) == stamp) {
            if (t & TAG_CLOSED)
                continue;
            Node *m = &rm->node[t & TAG_NODE];
            if (g >= m->g)
                continue;
            m->g = g;
            m->link = link;
            m->via = via;
            open_push(rm, g + m->h, t & TAG_NODE);
        } else {
            PREFETCH(&rm->jump[(size_t)v * 8]); /* read when v is expanded, often soon */
            uint64_t h = heuristic(rm, v, next[i].x, next[i].y);
            uint32_t fresh = rm->node_n++;
            rm->node[fresh] = (Node){g, h, v, link, via};
            rm->tag[v] = stamp | fresh;
            open_push(rm, g + h, fresh);
        }
    }
    return true;
}

/* JPS over the core from a to b (core tiles of one region); adds the path's
 * runs. False when the search state cannot grow (res->expanded is then -1). */
static bool core_search(RouteMap *rm, uint32_t a, uint32_t b, RouteResult *res)
{
    const int w = rm->w;
    if (++rm->stamp >> 8) {
        memset(rm->tag, 0, (size_t)rm->tiles * sizeof *rm->tag);
        rm->stamp = 1;
    }
    const uint32_t stamp = rm->stamp << TAG_STAMP_SHIFT;
    rm->gy = tile_y(rm, b);
    rm->gx = (int)(b - (uint32_t)rm->gy * (uint32_t)w);
    choose_landmarks(rm, a, b);
    rm->node_n = 1;
    rm->heap_n = 0;
    rm->stack_n = 0;
    int ay = tile_y(rm, a), ax = (int)(a - (uint32_t)ay * (uint32_t)w);
    uint64_t h0 = heuristic(rm, a, ax, ay);
    rm->node[0] = (Node){0, h0, a, NONE, 0};
    rm->tag[a] = stamp;
    rm->plateau = h0;
    rm->stack[rm->stack_n++] = 0;
    long expanded = 0;
    uint32_t cur;
    while ((cur = open_pop(rm)) != NONE) {
        if (rm->node[cur].tile == b)
            break;
        expanded++;
        const Node n = rm->node[cur];
        int py = tile_y(rm, n.tile), px = (int)(n.tile - (uint32_t)py * (uint32_t)w);
        unsigned mask = n.link == NONE ? 0xFFu : successors((int)(n.link & 7), rm->forced[n.tile]);
        /* find the successors first, so what relaxing them reads loads side
         * by side. With rm->scan a diagonal is followed to its end: the
         * straight jump points found from its stops are successors of this
         * node (JPS2's pruning of intermediate nodes), the stops themselves
         * never enter the open list. */
        Target next[ROUTE_BATCH];
        int count = 0;
        bool ok = true;
        for (int d = 0; d < 8 && ok; d++) {
            if (!(mask >> d & 1))
                continue;
            int k;
            if (!(d & 1)) {
                if (straight_stop(rm, n.tile, px, py, d, &k)) {
                    uint32_t v = n.tile + (uint32_t)(k * rm->off[d]);
                    PREFETCH(&rm->tag[v]);
                    if (rm->nmarks)
                        PREFETCH(&rm->mark[(size_t)v * (size_t)rm->slots]);
                    next[count++] = (Target){v, 0, k, d, px + k * nav_dir8[d][0], py + k * nav_dir8[d][1]};
                }
                continue;
            }
            int sx = nav_dir8[d][0], sy = nav_dir8[d][1], hor = sx > 0 ? 0 : 4, ver = sy > 0 ? 2 : 6;
            uint32_t p = n.tile;
            int x = px, y = py, kd = 0;
            for (;;) {
                int dist = rm->jump[(size_t)p * 8 + (size_t)d];
                int reach = dist > 0 ? dist : -dist;
                k = dist > 0 ? dist : INT_MAX;
                int gxr = (rm->gx - x) * sx, gyr = (rm->gy - y) * sy, m = gxr < gyr ? gxr : gyr;
                if (m > 0 && m <= reach && m < k)
                    k = m; /* the goal's row or column */
                if (k == INT_MAX)
                    break;
                p += (uint32_t)(k * rm->off[d]);
                x += k * sx;
                y += k * sy;
                kd += k;
                if (count > ROUTE_BATCH - 3) {
                    ok = relax_all(rm, cur, &n, next, count, stamp);
                    count = 0;
                    if (!ok)
                        break;
                }
                if (!rm->scan || (x == rm->gx && y == rm->gy)) {
                    /* the goal, or a map where stops are jump points of their
                     * own: searched from when they are expanded */
                    PREFETCH(&rm->tag[p]);
                    if (rm->nmarks)
                        PREFETCH(&rm->mark[(size_t)p * (size_t)rm->slots]);
                    next[count++] = (Target){p, 0, kd, d, x, y};
                    break;
                }
                for (int c = 0; c < 2; c++) {
                    int e = c ? ver : hor, j;
                    if (!straight_stop(rm, p, x, y, e, &j))
                        continue;
                    uint32_t v = p + (uint32_t)(j * rm->off[e]);
                    PREFETCH(&rm->tag[v]);
                    if (rm->nmarks)
                        PREFETCH(&rm->mark[(size_t)v * (size_t)rm->slots]);
                    next[count++] = (Target){v, (uint32_t)kd << 3 | (uint32_t)d, j, e, x + j * nav_dir8[e][0], y + j * nav_dir8[e][1]};
                }
            }
        }
        if (!ok || !relax_all(rm, cur, &n, next, count, stamp)) {
            res->expanded = -1;
            return false;
        }
    }
    res->expanded = expanded;
    if (cur == NONE) { /* cannot happen: a and b share a region */
        res->expanded = -1;
        return false;
    }
    /* the jump points back to a, kept on the stack (free now), then their
     * lines forwards as runs */
    rm->stack_n = 0;
    for (uint32_t i = cur; rm->node[i].link != NONE; i = rm->node[i].link >> 3) {
        if (!grow((void **)&rm->stack, &rm->stack_cap, sizeof *rm->stack, (uint64_t)rm->stack_n + 1)) {
            res->expanded = -1;
            return false;
        }
        rm->stack[rm->stack_n++] = i;
    }
    if (!run_room(rm, 2 * (uint64_t)rm->stack_n)) {
        res->expanded = -1;
        return false;
    }
    while (rm->stack_n) {
        const Node *n = &rm->node[rm->stack[--rm->stack_n]];
        uint32_t p = rm->node[n->link >> 3].tile;
        int py = tile_y(rm, p);
        uint32_t c = bordered(rm, p, py);
        if (n->via) { /* the diagonal first */
            int d = (int)(n->via & 7), k = (int)(n->via >> 3);
            c = run_add(rm, c, d, (uint32_t)k);
            p += (uint32_t)(k * rm->off[d]);
            py += k * nav_dir8[d][1];
        }
        int uy = tile_y(rm, n->tile);
        int dx = (int)(n->tile - (uint32_t)uy * (uint32_t)w) - (int)(p - (uint32_t)py * (uint32_t)w), dy = uy - py;
        int k = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
        run_add(rm, c, (int)(n->link & 7), (uint32_t)k);
    }
    return true;
}

/* The search state: tags and the climb buffer (a tile each), and the
 * arrays that grow, to start with room for a search over an eighth of the
 * map (at most 65536 nodes). Made by route_prepare, so a first search does not pay for it; pages
 * are written now, not on first use. */
static bool search_alloc(RouteMap *rm)
{
    if (rm->tag)
        return true;
    uint32_t room = rm->tiles / 8 < 1024 ? 1024 : rm->tiles / 8 > 65536 ? 65536 : rm->tiles / 8;
    rm->tag = calloc(rm->tiles, sizeof *rm->tag);
    rm->climb = malloc(rm->tiles);
    if (!rm->tag || !rm->climb || !grow((void **)&rm->node, &rm->node_cap, sizeof *rm->node, room) ||
        !grow((void **)&rm->heap, &rm->heap_cap, sizeof *rm->heap, room) ||
        !grow((void **)&rm->stack, &rm->stack_cap, sizeof *rm->stack, room) || !run_room(rm, 1024)) {
        free(rm->tag);
        free(rm->climb);
        rm->tag = NULL;
        rm->climb = NULL;
        return false;
    }
    memset(rm->tag, 0, (size_t)rm->tiles * sizeof *rm->tag);
    memset(rm->climb, 0, rm->tiles);
    memset(rm->node, 0, (size_t)rm->node_cap * sizeof *rm->node);
    memset(rm->heap, 0, (size_t)rm->heap_cap * sizeof *rm->heap);
    memset(rm->stack, 0, (size_t)rm->stack_cap * sizeof *rm->stack);
    memset(rm->run, 0, (size_t)rm->run_cap * sizeof *rm->run);
    return true;
}

static inline uint32_t tree_depth(uint32_t link)
{
    return link_kind(link) == KIND_TREE ? link & LINK_DEPTH : 0;
}

bool route_find(RouteMap *rm, const Grid *g, TilePos start, TilePos goal, RouteResult *out)
{
    memset(out, 0, sizeof *out);
    rm->run_n = rm->steps = 0;
    rm->straight = rm->diagonal = 0;
    rm->cursor = 0;
    if (!route_ready(rm, g) || !search_alloc(rm)) {
        out->expanded = -1;
        return false;
    }
    const int w = rm->w;
    uint32_t s = (uint32_t)start.y * (uint32_t)w + (uint32_t)start.x;
    uint32_t t = (uint32_t)goal.y * (uint32_t)w + (uint32_t)goal.x;
    if (rm->region[s] != rm->region[t] || !rm->region[s])
        return false;
    /* climb the trees to the deepest tile both ends share, or to the core:
     * the start's side as runs, the goal's steps up in climb; a and b are
     * tile indices, ca the same as a bordered one */
    uint32_t a = s, b = t, nb = 0;
    uint32_t ca = bordered(rm, s, start.y);
    uint32_t la = rm->link[s], lb = rm->link[t];
    uint32_t da = tree_depth(la), db = tree_depth(lb);
    if (!run_room(rm, (uint64_t)da + db + 3)) {
        out->expanded = -1;
        return false;
    }
    while (da > db) {
        int d = (int)(la >> LINK_DIR_SHIFT & 7);
        a += (uint32_t)rm->off[d];
        ca = run_add(rm, ca, d, 1);
        la = rm->link[a];
        da--;
    }
    while (db > da) {
        int d = (int)(lb >> LINK_DIR_SHIFT & 7);
        rm->climb[nb++] = (uint8_t)d;
        b += (uint32_t)rm->off[d];
        lb = rm->link[b];
        db--;
    }
    while (a != b && da > 0) {
        int d = (int)(la >> LINK_DIR_SHIFT & 7), e = (int)(lb >> LINK_DIR_SHIFT & 7);
        a += (uint32_t)rm->off[d];
        ca = run_add(rm, ca, d, 1);
        rm->climb[nb++] = (uint8_t)e;
        b += (uint32_t)rm->off[e];
        la = rm->link[a];
        lb = rm->link[b];
        da--;
    }
    if (a != b) {
        /* two core tiles: the octile path if one of its forms with few turns
         * is open, else a search */
        int ay = tile_y(rm, a), by = tile_y(rm, b);
        int ax = (int)(a - (uint32_t)ay * (uint32_t)w), bx = (int)(b - (uint32_t)by * (uint32_t)w);
        if (!octile_path(rm, a, ca, bx - ax, by - ay) && !core_search(rm, a, b, out))
            return false;
        ca = bordered(rm, b, by);
        if (!run_room(rm, nb)) {
            out->expanded = -1;
            return false;
        }
    }
    /* the goal's side, down the climb */
    while (nb) {
        int d = (rm->climb[--nb] + 4) & 7;
        ca = run_add(rm, ca, d, 1);
    }
    out->found = true;
    out->steps = (int)rm->steps;
    out->straight = rm->straight;
    out->diagonal = rm->diagonal;
    return true;
}

uint32_t route_tile(RouteMap *rm, int i)
{
    uint32_t k = (uint32_t)i, r = rm->cursor;
    if (r >= rm->run_n || k >= rm->run[r].end || (r > 0 && k < rm->run[r - 1].end)) {
        /* not the run of the last call: the next one, or halving */
        if (r + 1 < rm->run_n && k >= rm->run[r].end && k < rm->run[r + 1].end) {
            r++;
        } else {
            uint32_t lo = 0, hi = rm->run_n - 1;
            while (lo < hi) {
                uint32_t mid = lo + (hi - lo) / 2;
                if (k < rm->run[mid].end)
                    hi = mid;
                else
                    lo = mid + 1;
            }
            r = lo;
        }
        rm->cursor = r;
    }
    uint32_t first = r ? rm->run[r - 1].end : 0;
    return rm->run[r].from + (k - first + 1) * (uint32_t)rm->boff[rm->run[r].dir];
}
