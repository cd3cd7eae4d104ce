/* SPDX-License-Identifier: MIT */
/* route_build.c - the prepared planner's data (route.h): its lifetime, and
 * its preparation as a resumable run of passes over the grid (rows, queues,
 * Dijkstra passes), each phase a function of its own. The search that reads
 * the data is route_query.c's.
 *
 * A landmark distance is kept exactly in 32 bits as the counts of straight
 * and diagonal steps of a shortest path (a + b sqrt 2 is one value for one
 * pair), and turned into search units with the search's own step costs, so
 * the landmark bound ties exactly with the costs the search adds up. */
#include "route_int.h"

#include <limits.h>
#include <string.h>

#include "jump.h"

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

/* Bytes a tile of prepared data takes with k landmark slots, and
 * corridors or not. */
size_t route_tile_bytes(int k, bool corridors)
{
    return 8 * sizeof(int16_t) + (size_t)k * sizeof(uint32_t) + 1 + 2 * sizeof(uint32_t) +
           (corridors ? sizeof(Corridor) : 0);
}

NavRoute *nav_route_create(int w, int h)
{
    if (w < 1 || h < 1 || w > NAV_GRID_MAX_SIDE || h > NAV_GRID_MAX_SIDE)
        return NULL;
    NavRoute *rm = calloc(1, sizeof *rm);
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
    rm->slots = NAV_ROUTE_MARKS_MAX;
    while (rm->slots > 0 && (size_t)rm->tiles * route_tile_bytes(rm->slots, false) > NAV_ROUTE_BUDGET_BYTES)
        rm->slots--;
    return rm;
}

static void build_free(Build *b)
{
    nav_region_build_free(&b->regions);
    free(b->moves);
    free(b->deg);
    free(b->order);
    free(b->aux);
    free(b->nearest);
    free(b->ring[0].item);
    free(b->ring[1].item);
    memset(b, 0, sizeof *b);
}

void nav_route_destroy(NavRoute *rm)
{
    if (!rm)
        return;
    build_free(&rm->b);
    free(rm->jump);
    free(rm->mark);
    free(rm->forced);
    free(rm->link);
    free(rm->region);
    free(rm->corridor);
    route_search_free(&rm->own);
    free(rm);
}

bool nav_route_ready(const NavRoute *rm, const NavGrid *g)
{
    return rm->ready && rm->grid == g && rm->version == g->version;
}

void nav_route_info(const NavRoute *rm, NavRouteInfo *out)
{
    memset(out, 0, sizeof *out);
    out->ready = rm->ready;
    out->complete = rm->ready && rm->b.phase == PH_IDLE;
    out->landmarks = rm->marks;
    out->tile_bytes = (int)route_tile_bytes(rm->slots, rm->corridor != NULL);
    out->walkable = rm->walkable;
    out->core = rm->core;
    out->tree = rm->tree;
    out->regions = rm->regions;
    out->corners = rm->corners;
    out->scan = rm->scan;
    out->corridors = rm->corridor != NULL;
    out->corridor = rm->corridors;
    out->bytes = rm->jump ? (size_t)rm->tiles * (size_t)out->tile_bytes : 0;
    out->search_bytes = route_search_bytes(&rm->own) - sizeof rm->own;
}

/* ---- preparation ------------------------------------------------------------------------- */

static bool build_start(NavRoute *rm, const NavGrid *g, int marks)
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
static void pass_moves(NavRoute *rm, Build *b, int y)
{
    const uint8_t *cost = b->grid->cost;
    const int stride = b->grid->stride;
    for (int x = 0; x < rm->w; x++) {
        uint32_t u = (uint32_t)y * (uint32_t)rm->w + (uint32_t)x;
        int c = nav_grid_index(b->grid, x, y);
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
static bool pass_regions(NavRoute *rm, Build *b, long *budget)
{
    if (!b->regions.grid)
        nav_region_begin(&b->regions, b->grid);
    double done = nav_region_build_progress(&b->regions);
    NavStatus status = nav_region_build_step(&b->regions, *budget);
    *budget -= 1 + (long)((nav_region_build_progress(&b->regions) - done) * 3.0 * (double)rm->tiles);
    if (status == NAV_IN_PROGRESS)
        return false;
    NavRegion labels;
    if (nav_region_build_finish(&b->regions, &labels) != NAV_DONE) {
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
static bool pass_peel(NavRoute *rm, Build *b, long *budget)
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
static bool pass_depth(NavRoute *rm, Build *b, long *budget)
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

/* True for a corridor tile's moves: exactly two, both straight (a tile
 * with a diagonal move also has the two straight ones beside it). */
static inline bool corridor_tile(uint8_t m)
{
    uint8_t rest = m & (uint8_t)(m - 1); /* m without its lowest move */
    return !(m & 0xAAu) && rest && !(rest & (uint8_t)(rest - 1));
}

/* Row y: moves restricted to the core (a diagonal between core tiles only
 * passes core tiles, so the corner rule holds as it was); core tiles counted
 * per region, keeping the region with the most and one of its tiles. */
static void pass_core(NavRoute *rm, Build *b, int y)
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
        b->corridor += corridor_tile(m);
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
static void pass_forced(NavRoute *rm, Build *b, int y)
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

/* After PH_FORCED: corridors are walked when they are a large share of the
 * core (ROUTE_CORRIDOR_SHARE) and their table fits in the budget; their
 * table is dropped otherwise. */
static void corridor_begin(NavRoute *rm, Build *b)
{
    b->pass = 0;
    if (b->corridor * ROUTE_CORRIDOR_SHARE < b->core || !b->corridor ||
        (size_t)rm->tiles * route_tile_bytes(rm->slots, true) > NAV_ROUTE_BUDGET_BYTES) {
        free(rm->corridor);
        rm->corridor = NULL;
        b->phase = PH_JUMP;
        return;
    }
    if (!rm->corridor)
        rm->corridor = aligned_alloc(64, ((size_t)rm->tiles * sizeof *rm->corridor + 63) / 64 * 64);
    if (!rm->corridor) {
        rm->failed = true;
        return;
    }
    memset(rm->corridor, 0, (size_t)rm->tiles * sizeof *rm->corridor);
    b->phase = PH_CORRIDOR;
}

/* Walks the corridor leaving tile x (not a corridor tile) in straight
 * direction d: each of its tiles gets its way back to x (x, the steps to
 * it, the last step's direction), and x its way to the far end. */
static void walk_corridor(NavRoute *rm, const Build *b, uint32_t x, int d)
{
    const uint32_t last = (uint32_t)((d + 4) & 7);
    uint32_t t = x + (uint32_t)rm->off[d], s = 1;
    int came = d;
    for (; corridor_tile(b->moves[t]); s++) {
        int back = (came + 4) & 7;
        rm->corridor[t].end[back / 2] = x;
        rm->corridor[t].info[back / 2] = s << CORRIDOR_STEPS_SHIFT | last;
        int e = 0;
        while (e == back || !(b->moves[t] >> e & 1))
            e += 2;
        t += (uint32_t)rm->off[e];
        came = e;
    }
    rm->corridor[x].end[d / 2] = t;
    rm->corridor[x].info[d / 2] = s << CORRIDOR_STEPS_SHIFT | (uint32_t)came;
}

/* Row y: the corridors leaving its tiles that are not corridor tiles.
 * Every corridor tile is walked twice, once from each end (a loop of
 * corridor tiles with no end is never walked: its tiles stay info 0). */
static void pass_corridor(NavRoute *rm, Build *b, int y)
{
    for (int x = 0; x < rm->w; x++) {
        uint32_t u = (uint32_t)y * (uint32_t)rm->w + (uint32_t)x;
        uint8_t m = b->moves[u];
        if (!m || corridor_tile(m))
            continue;
        for (int d = 0; d < 8; d += 2)
            if ((m >> d & 1) && corridor_tile(b->moves[u + (uint32_t)rm->off[d]]))
                walk_corridor(rm, b, u, d);
    }
}

/* Row y of direction d's jump distances on the core (jump.h's rule; a
 * direction whose step goes down the tile order is filled from the last
 * row up, so the next tile along is always done). */
static void pass_jump(NavRoute *rm, Build *b, int d, int y)
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
        rm->jump[(size_t)u * 8 + (size_t)d] =
            d % 2 == 0 ? jump_straight(rm->forced[t] & (3u << d), jt[d]) : jump_diagonal(jt[hor], jt[ver], jt[d]);
    }
}

/* The planner places its landmarks itself rather than with landmark.c:
 * its distances are on the core only (tree tiles are walls), packed in 32
 * bits as step counts, placed from the region with the most core tiles,
 * and made in slices; landmark.c's are 64-bit costs over the whole grid,
 * a flow field each. Either made by the other would be another table
 * (other landmarks, other expansions) or slower to make.
 *
 * Dijkstra with one FIFO per step cost: keys enter each in order, so the
 * smaller head is the next tile. Pass -1 keeps its distances in aux. */
static bool pass_dijkstra(NavRoute *rm, Build *b, long *budget)
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

static void marks_begin_pass(NavRoute *rm, Build *b, uint32_t source)
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

/* Rows of a row pass while the budget lasts, each costing `per_tile` units a
 * tile; true once every row is done (b->row is then back at 0). */
static bool rows_pass(NavRoute *rm, Build *b, long *budget, long per_tile, void (*pass)(NavRoute *, Build *, int))
{
    const uint32_t rows = (uint32_t)rm->h;
    while (b->row < rows && *budget > 0) {
        pass(rm, b, (int)b->row++);
        *budget -= per_tile * (long)rm->w;
    }
    if (b->row < rows)
        return false;
    b->row = 0;
    return true;
}

/* PH_JUMP: the eight direction passes in jump.h's order; true once done. */
static bool phase_jump(NavRoute *rm, Build *b, long *budget)
{
    const uint32_t rows = (uint32_t)rm->h;
    while (b->pass < 8 && *budget > 0) {
        int d = jump_pass_order[b->pass];
        bool down = rm->off[d] > 0;
        while (b->row < rows && *budget > 0) {
            uint32_t y = down ? rows - 1 - b->row : b->row;
            pass_jump(rm, b, d, (int)y);
            b->row++;
            *budget -= rm->w;
        }
        if (b->row == rows) {
            b->pass++;
            b->row = 0;
        }
    }
    return b->pass == 8;
}

/* After PH_JUMP: everything but the landmarks is made, and searches may
 * start; then the landmarks' phases, or the end. */
static void phase_ready(NavRoute *rm, Build *b)
{
    rm->grid = b->grid;
    rm->version = b->version;
    rm->walkable = b->walkable;
    rm->core = b->core;
    rm->tree = b->tree;
    rm->regions = b->region;
    rm->corners = b->corners;
    rm->corridors = b->corridor;
    /* where corners are few, diagonals run long between them and following
     * them through pays; among many (random rubble) their stops are reached
     * again and again, and as jump points of their own they are expanded once */
    rm->scan = b->corners * ROUTE_SCAN_CORNERS < b->core;
    rm->ready = true;
    free(b->deg);
    b->deg = NULL;
    free(b->order);
    b->order = NULL;
    if (b->marks == 0 || b->source == NONE) {
        b->phase = PH_DONE;
        return;
    }
    b->phase = PH_MARK_INIT;
    b->row = 0;
    b->nearest = malloc((size_t)rm->tiles * sizeof *b->nearest);
    if (!b->nearest)
        rm->failed = true;
}

/* PH_MARK_INIT, row y: every landmark distance unknown. */
static void pass_mark_init(NavRoute *rm, Build *b, int y)
{
    size_t u0 = (size_t)y * (size_t)rm->w, k = (size_t)rm->slots;
    for (size_t u = u0; u < u0 + (size_t)rm->w; u++) {
        for (size_t j = 0; j < k; j++)
            rm->mark[u * k + j] = FAR;
        b->aux[u] = FAR;
        b->nearest[u] = FAR;
    }
}

/* Runs the build until it ends or the budget runs out. Work is counted so
 * that a unit takes about the same time whatever the phase (docs/
 * performance.md): a tile of a row pass 1 to 4 units, a queue or Dijkstra
 * step 1 to 6. */
static void build_run(NavRoute *rm, long budget)
{
    Build *b = &rm->b;
    while (budget > 0 && !rm->failed) {
        switch (b->phase) {
        case PH_IDLE:
        case PH_DONE:
            return;
        case PH_MOVES:
            if (rows_pass(rm, b, &budget, 4, pass_moves))
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
                memset(b->aux, 0, ((size_t)b->region + 1) * sizeof *b->aux);
                budget -= b->region / 16;
            }
            break;
        case PH_CORE:
            if (rows_pass(rm, b, &budget, 2, pass_core))
                b->phase = PH_FORCED;
            break;
        case PH_FORCED:
            if (rows_pass(rm, b, &budget, 2, pass_forced))
                corridor_begin(rm, b);
            break;
        case PH_CORRIDOR:
            if (rows_pass(rm, b, &budget, 2, pass_corridor))
                b->phase = PH_JUMP;
            break;
        case PH_JUMP:
            if (phase_jump(rm, b, &budget))
                phase_ready(rm, b);
            break;
        case PH_MARK_INIT:
            if (rows_pass(rm, b, &budget, 3, pass_mark_init)) {
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

/* Ends a preparation that cannot go on: nothing of it is used. */
static NavStatus build_fail(NavRoute *rm, NavStatus why)
{
    build_free(&rm->b);
    rm->ready = false;
    rm->failed = true;
    return why;
}

NavStatus nav_route_prepare(NavRoute *rm, const NavGrid *g, int landmarks, long work)
{
    Build *b = &rm->b;
    int want = landmarks < 0 ? 0 : landmarks > rm->slots ? rm->slots : landmarks;
    if (nav_route_ready(rm, g) && b->phase == PH_IDLE && rm->asked == want)
        return NAV_DONE;
    bool under_way = b->phase != PH_IDLE && b->grid == g && b->version == g->version && b->marks == want;
    if (!under_way) {
        if (g->w != rm->w || g->h != rm->h || !nav_grid_uniform(g))
            return build_fail(rm, NAV_INVALID);
        if (!build_start(rm, g, want))
            return NAV_OUT_OF_MEMORY;
    }
    build_run(rm, work > 0 ? work : LONG_MAX);
    if (rm->failed)
        return build_fail(rm, NAV_OUT_OF_MEMORY);
    if (b->phase != PH_DONE)
        return NAV_IN_PROGRESS;
    rm->marks = b->source == NONE || b->overflow ? 0 : want;
    rm->asked = want;
    build_free(b); /* phase back to PH_IDLE */
    return NAV_DONE;
}
