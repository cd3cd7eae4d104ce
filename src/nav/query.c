/* SPDX-License-Identifier: MIT */
/* query.c - NavQuery (query.h), one search engine for every topology: A* over generation-stamped
 * node tags with a plateau stack and a binary heap (trying only canonical
 * successors on uniform 8-way grids), and JPS reading a JPS+ jump table.
 *
 * Costs are exact integers in units of 2^-32 straight steps (a diagonal is
 * round(sqrt 2 * 2^32)), so equal-cost paths compare equal and ties break the
 * same way every time; reported lengths are re-summed in double.
 *
 * Search state, 16 bytes per tile: a 4-byte tag per stored tile (generation
 * 4 bits | closed 1 bit | arrival direction 3 bits | position 24 bits) and
 * one 12-byte slot {f, node} per tile. Slots hold the open heap (growing from
 * the front), the back region (growing from the back: the plateau stack and,
 * for JPS, the log of closed nodes with their f), and at the end the path.
 * A quarter of a byte per tile more lists the tags written since the last
 * clear: when the generation wraps, every 15 searches, only those are reset,
 * so a short search costs the same on a 4096x4096 map as on a small one.
 *
 * The heuristic is consistent, so a closed node is final and never reopens:
 * A* rebuilds its path by following arrival directions. A JPS parent lies
 * somewhere back along the arrival line; the closed log's f tells it apart
 * from other jump points on that line. */
#include "query_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

static inline uint64_t slot_key(const Slot *s)
{
    return heap_key(s);
}

static inline void slot_set(Slot *s, uint64_t key, uint32_t node)
{
    heap_slot_set(s, key, node);
}

/* ---- coordinates and the heuristic --------------------------------------- */

static inline void node_xy(const NavQuery *st, uint32_t i, int *px, int *py)
{
    uint32_t row = (uint32_t)(((uint64_t)i * st->row_magic) >> 40);
    *py = (int)row;
    *px = (int)(i - row * (uint32_t)st->stride);
}

static NavPos node_tile(const NavQuery *st, uint32_t i)
{
    int px, py;
    node_xy(st, i, &px, &py);
    return nav_pos(px - 1, py - 1);
}

/* Topology distance to the goal x the cheapest cost, from bordered
 * coordinates. The hot loops pass a constant topology, so the switch folds. */
HOT_INLINE uint64_t distance_xy(const NavQuery *st, NavTopology topo, int px, int py)
{
    switch (topo) {
    case NAV_TOPO_4:
        return st->cmin * UNIT_STRAIGHT * (uint64_t)(abs(px - st->goal_px) + abs(py - st->goal_py));
    case NAV_TOPO_HEX: {
        int64_t dq = px - st->goal_px, dr = py - st->goal_py, ds = dq + dr;
        return st->cmin * UNIT_STRAIGHT * (uint64_t)((llabs(dq) + llabs(dr) + llabs(ds)) / 2);
    }
    case NAV_TOPO_8:
    default:
        return st->cmin * nav_octile(px - st->goal_px, py - st->goal_py);
    }
}

/* JPS's heuristic at node i (px, py): the octile distance, raised to each
 * landmark L's bound d(i, L) - d(goal, L) (landmark.h), or on a uniform
 * grid, where costs are the same both ways, |d(L, goal) - d(L, i)|. */
HOT_INLINE uint64_t jps_heuristic(const NavQuery *st, uint32_t i, int px, int py)
{
    uint64_t h = distance_xy(st, NAV_TOPO_8, px, py);
    if (st->nmarks) {
        const uint64_t *d = st->mark_dist + (size_t)i * (size_t)st->nmarks;
        for (int j = 0; j < st->nmarks; j++) {
            uint64_t a = d[j], b = st->goal_mark[j];
            uint64_t diff = a > b ? a - b : st->weighted ? 0 : b - a;
            h = diff > h ? diff : h;
        }
    }
    return h;
}

static inline uint64_t heuristic(const NavQuery *st, uint32_t i)
{
    int px, py;
    node_xy(st, i, &px, &py);
    return st->jps ? jps_heuristic(st, i, px, py) : distance_xy(st, st->opt.topology, px, py);
}

static inline int tag_dir(uint32_t t)
{
    return (int)((t >> TAG_DIR_SHIFT) & 7u);
}

static inline bool tag_closed_now(const NavQuery *st, uint32_t t)
{
    return (t & TAG_STATE_MASK) == ((st->gen << TAG_GEN_SHIFT) | TAG_CLOSED);
}

/* ---- open list -------------------------------------------------------------
 * Nodes whose f equals the smallest open f (the plateau) go on a LIFO stack:
 * O(1), and depth-first along the plateau, which keeps one direction and so
 * gives straight paths. Larger f values wait in a binary heap of slots that
 * carry their key, so sifting never leaves the heap array.
 *
 * The stack lives in the back region; each stacked slot keeps, in place of
 * its f (the plateau, known), the position of the slot stacked before it.
 * JPS logs every node it closes in the back region too: a node popped from
 * the stack is logged in the slot it leaves, one from the heap in a new slot.
 * Every node has at most one back slot, so heap and back region always fit. */

/* The heap keeps each open node's slot position in its tag (heap.h's where).
 * Rising is in the hot loop: inlined there (the compiler may not, by size). */
HOT_INLINE void path_heap_up(NavQuery *st, uint32_t pos)
{
    heap_up(st->slot, st->tag, pos, st->slot[pos], HEAP_WHERE);
}

static void path_heap_pop(NavQuery *st)
{
    heap_pop(st->slot, &st->heap_n, st->tag, HEAP_WHERE);
}

static void path_heap_remove(NavQuery *st, uint32_t pos)
{
    heap_remove(st->slot, &st->heap_n, st->tag, pos, HEAP_WHERE);
}

static inline void open_push(NavQuery *st, uint32_t node, uint64_t f)
{
    if (f == st->plateau) {
        uint32_t pos = st->slots - ++st->back_n;
        slot_set(&st->slot[pos], st->stack_top, node);
        st->stack_top = pos;
        st->tag[node] |= TAG_STACKED;
        return;
    }
    heap_put(st->slot, st->tag, st->heap_n++, heap_slot(f, node), HEAP_WHERE);
    path_heap_up(st, st->heap_n - 1);
}

static inline bool open_empty(const NavQuery *st)
{
    return st->heap_n == 0 && st->stack_top == NO_SLOT;
}

/* Takes the best open node and closes it (JPS: and logs it with its f);
 * returns it and its f. */
static inline uint32_t open_pop(NavQuery *st, uint64_t *f)
{
    uint32_t top, pos = NO_SLOT;
    if (st->stack_top != NO_SLOT) {
        pos = st->stack_top;
        top = st->slot[pos].node;
        st->stack_top = st->slot[pos].key_lo;
        *f = st->plateau;
        if (!st->jps)
            st->back_n--; /* without a log, the stack top is the last back slot */
    } else {
        top = st->slot[0].node;
        *f = slot_key(&st->slot[0]);
        st->plateau = *f;
        path_heap_pop(st);
    }
    uint32_t closed = (st->tag[top] & ~TAG_POS_MASK) | TAG_CLOSED;
    if (st->jps) {
        if (pos == NO_SLOT)
            pos = st->slots - ++st->back_n;
        slot_set(&st->slot[pos], *f, top);
        closed |= pos;
    }
    st->tag[top] = closed;
    return top;
}

/* Node i's tag is written for the first time in this search. */
static inline void note_touched(NavQuery *st, uint32_t i)
{
    if (st->touched_n < st->touched_cap)
        st->touched[st->touched_n++] = i;
    else
        st->touched_all = true;
}

/* Every tag back to 0 (generation 0, which no search uses), then the
 * generations start again: only the tags written since the last clear are
 * reset, unless there were too many to list. */
static void clear_tags(NavQuery *st)
{
    if (st->touched_all) {
        memset(st->tag, 0, st->cells * sizeof *st->tag);
        st->cleared += st->cells;
    } else {
        for (uint32_t k = 0; k < st->touched_n; k++)
            st->tag[st->touched[k]] = 0;
        st->cleared += st->touched_n;
    }
    st->touched_n = 0;
    st->touched_all = false;
    st->gen = 1;
}

/* Records a path to node m (tag t, not closed) with f = g + h(m), arriving
 * in direction d, unless m already has one at least as short. */
HOT_INLINE void relax(NavQuery *st, uint32_t m, uint32_t t, uint64_t f, int d)
{
    uint32_t dirbits = (uint32_t)d << TAG_DIR_SHIFT;
    if ((t >> TAG_GEN_SHIFT) != st->gen) {
        st->tag[m] = (st->gen << TAG_GEN_SHIFT) | dirbits;
        note_touched(st, m);
        open_push(st, m, f);
        return;
    }
    uint32_t pos = t & TAG_POS_MASK;
    if (pos == TAG_STACKED || f >= slot_key(&st->slot[pos]))
        return; /* stacked nodes already have the smallest f */
    st->tag[m] = (t & ~(7u << TAG_DIR_SHIFT)) | dirbits;
    slot_set(&st->slot[pos], f, m);
    if (f == st->plateau) {
        path_heap_remove(st, pos);
        open_push(st, m, f);
    } else {
        path_heap_up(st, pos);
    }
}

/* ---- results ----------------------------------------------------------------- */

/* Sets steps and end, and sums the length over slot[path_off..] as exact
 * integer sums of straight and diagonal costs. */
static void measure_path(NavQuery *st, uint32_t end)
{
    const uint8_t *cost = st->grid->cost;
    uint64_t straight = 0, diagonal = 0;
    uint32_t from = st->start;
    for (uint32_t i = st->path_off; i < st->path_off + (uint32_t)st->res.steps; i++) {
        uint32_t to = st->slot[i].node;
        uint32_t delta = to > from ? to - from : from - to;
        if (st->opt.topology == NAV_TOPO_8 && delta != 1 && delta != (uint32_t)st->stride)
            diagonal += cost[to];
        else
            straight += cost[to];
        from = to;
    }
    st->res.end = node_tile(st, end);
    st->res.length = (double)straight + (double)diagonal * SQRT2;
}

/* A*: follow arrival directions back from end, writing the tiles into the
 * back of the slots (the plateau stack is not needed any more). */
static void build_path_astar(NavQuery *st, uint32_t end)
{
    uint32_t pos = st->slots;
    for (uint32_t cur = end; cur != st->start && pos > 0;) {
        st->slot[--pos].node = cur;
        cur -= (uint32_t)st->off[tag_dir(st->tag[cur])];
    }
    st->path_off = pos;
    st->res.steps = (int)(st->slots - pos);
    measure_path(st, end);
}

/* The exact g of closed JPS node i (tag t), from its logged f. */
static inline uint64_t jps_logged_g(const NavQuery *st, uint32_t i, uint32_t t)
{
    return slot_key(&st->slot[t & TAG_POS_MASK]) - heuristic(st, i);
}

/* JPS: walk back from the goal (of cost g) along each arrival line to the
 * closed node whose g (logged f - h) plus the segment is exactly g. Each
 * parent's log entry then keeps the link to its child (direction, length)
 * and the key LINKED, so no later walk stops there; a second pass writes the
 * tiles from the start. */
#define LINKED UINT64_MAX
static void build_path_jps(NavQuery *st, uint32_t end, uint64_t g)
{
    const uint8_t *cost = st->grid->cost;
    uint32_t cur = end;
    long steps = 0;
    while (cur != st->start) {
        int d = tag_dir(st->tag[cur]);
        /* the jump that ended at cur crossed tiles of cur's cost (jump.h) */
        uint64_t step = (uint64_t)cost[cur] * (st->diag[d] ? UNIT_DIAGONAL : UNIT_STRAIGHT);
        uint32_t p = cur, k = 0;
        for (;;) {
            p -= (uint32_t)st->off[d];
            k++;
            if (!cost[p]) {
                st->res.status = NAV_NO_PATH; /* cannot happen: the chain is complete */
                st->res.why = "internal error: broken jump chain";
                st->res.steps = 0;
                return;
            }
            uint32_t t = st->tag[p];
            if (tag_closed_now(st, t) && slot_key(&st->slot[t & TAG_POS_MASK]) != LINKED &&
                jps_logged_g(st, p, t) + k * step == g)
                break;
        }
        Slot *log = &st->slot[st->tag[p] & TAG_POS_MASK];
        g = jps_logged_g(st, p, st->tag[p]);
        slot_set(log, LINKED, (uint32_t)d << 21 | k);
        steps += k;
        cur = p;
    }
    /* move each link into its node's tag (direction 3 bits, length 21 bits),
     * so writing tiles over the slots cannot lose one */
    for (cur = st->start; cur != end;) {
        uint32_t link = st->slot[st->tag[cur] & TAG_POS_MASK].node;
        st->tag[cur] = (st->tag[cur] & ~TAG_POS_MASK) | link;
        cur += (uint32_t)st->off[link >> 21] * (link & 0x1FFFFFu);
    }
    uint32_t pos = 0;
    for (cur = st->start; cur != end;) {
        uint32_t link = st->tag[cur] & TAG_POS_MASK;
        int d = (int)(link >> 21);
        for (uint32_t i = 0; i < (link & 0x1FFFFFu); i++) {
            cur += (uint32_t)st->off[d];
            st->slot[pos++].node = cur;
        }
    }
    st->path_off = 0;
    st->res.steps = (int)steps;
    measure_path(st, end);
}

NavStatus query_finish(NavQuery *st, NavStatus status, const char *why, uint32_t end, uint64_t g)
{
    st->done = true;
    st->res.status = status;
    st->res.why = why;
    if (end != NO_NODE) {
        if (st->jps)
            build_path_jps(st, end, g);
        else
            build_path_astar(st, end);
    }
    return st->res.status;
}

/* The open list ran dry, or a limit stopped the search, without the goal. */
static NavStatus finish_without_goal(NavQuery *st, bool limited)
{
    const char *why = !limited ? "goal unreachable"
                      : (st->limit_hit && st->opt.expansion_limit <= 0) ? "cost limit reached"
                                                                       : "limit reached";
    if (st->opt.nearest && st->best != NO_NODE) {
        if (!limited)
            why = st->grid->cost[st->goal] ? "goal unreachable: going to the nearest reachable tile"
                                           : "goal is blocked: going to the nearest reachable tile";
        return query_finish(st, limited ? NAV_LIMIT : NAV_PARTIAL, why, st->best, st->best_g);
    }
    return query_finish(st, limited ? NAV_LIMIT : NAV_NO_PATH, why, NO_NODE, 0);
}

static inline void track_nearest(NavQuery *st, uint32_t n, uint64_t h, uint64_t g)
{
    if (st->best == NO_NODE || h < st->best_h ||
        (h == st->best_h && (g < st->best_g || (g == st->best_g && n < st->best)))) {
        st->best = n;
        st->best_h = h;
        st->best_g = g;
    }
}

/* ---- A* ---------------------------------------------------------------------- */

/* 8-way, where the 3x3 tiles around n cost the same (a uniform grid, or
 * JPS's jumps): the directions worth trying from node n, reached in
 * direction d (JPS's pruning). The others lead to tiles the parent reaches
 * at least as cheaply without n: a diagonal arrival keeps its diagonal and
 * both straight components; a straight arrival its direction, plus a side
 * and the diagonal towards it when the side tile is open but the one
 * beside the parent is blocked. */
static inline unsigned canonical_dirs(const NavQuery *st, uint32_t n, int d)
{
    if (d & 1)
        return 1u << d | 1u << ((d + 7) & 7) | 1u << ((d + 1) & 7);
    const uint8_t *cost = st->grid->cost;
    uint32_t back = n - (uint32_t)st->off[d];
    unsigned mask = 1u << d;
    int left = (d + 6) & 7, right = (d + 2) & 7;
    if (cost[n + (uint32_t)st->off[right]] && !cost[back + (uint32_t)st->off[right]])
        mask |= 1u << right | 1u << ((d + 1) & 7);
    if (cost[n + (uint32_t)st->off[left]] && !cost[back + (uint32_t)st->off[left]])
        mask |= 1u << left | 1u << ((d + 7) & 7);
    return mask;
}

#if defined(__GNUC__) && !defined(__clang__)
#define UNROLL_NEIGHBOURS _Pragma("GCC unroll 8")
#else
#define UNROLL_NEIGHBOURS
#endif

/* Expands up to budget nodes. topo is a constant at each call site, so each
 * topology gets its own loop with its neighbour steps unrolled. */
HOT_INLINE NavStatus astar_loop(NavQuery *st, long budget, NavTopology topo, bool prune)
{
    const uint8_t *restrict cost = st->grid->cost;
    const uint32_t *restrict tag = st->tag;
    /* generation and closed bit of a node closed in this search */
    const uint32_t closed_state = ((st->gen << TAG_GEN_SHIFT) | TAG_CLOSED) >> TAG_CLOSED_SHIFT;
    const int stride = st->stride;
    const bool nearest = st->opt.nearest;
    const long expansion_limit = st->opt.expansion_limit;
    const uint64_t cost_limit = st->cost_limit;
    int ndirs;
    const int (*dirs)[2] = nav_topology_dirs(topo, &ndirs);
    while (budget-- > 0) {
        if (open_empty(st))
            return finish_without_goal(st, st->limit_hit);
        uint64_t f;
        uint32_t n = open_pop(st, &f);
        int px, py;
        node_xy(st, n, &px, &py);
        uint64_t h = distance_xy(st, topo, px, py), g = f - h;
        if (n == st->goal)
            return query_finish(st, NAV_DONE, "", n, g);
        if (nearest)
            track_nearest(st, n, h, g);
        if (expansion_limit > 0 && st->res.expanded >= expansion_limit)
            return finish_without_goal(st, true);
        st->res.expanded++;
        unsigned dirmask = prune && n != st->start ? canonical_dirs(st, n, tag_dir(tag[n])) : 0xFFu;
        UNROLL_NEIGHBOURS
        for (int d = 0; d < ndirs; d++) {
            if (!(dirmask >> d & 1u))
                continue;
            int dx = dirs[d][0], dy = dirs[d][1];
            uint32_t m = n + (uint32_t)(dy * stride + dx);
            uint64_t c = cost[m];
            uint32_t t = tag[m];
            if (!c || (t >> TAG_CLOSED_SHIFT) == closed_state)
                continue;
            bool diag = topo == NAV_TOPO_8 && dx && dy;
            if (diag && !(cost[n + (uint32_t)dx] && cost[n + (uint32_t)(dy * stride)]))
                continue;
            uint64_t ng = g + c * (diag ? UNIT_DIAGONAL : UNIT_STRAIGHT);
            if (ng > cost_limit) {
                st->limit_hit = true;
                continue;
            }
            relax(st, m, t, ng + distance_xy(st, topo, px + dx, py + dy), d);
        }
    }
    return NAV_IN_PROGRESS;
}

static NavStatus astar_run(NavQuery *st, long budget)
{
    switch (st->opt.topology) {
    case NAV_TOPO_4:
        return astar_loop(st, budget, NAV_TOPO_4, false);
    case NAV_TOPO_HEX:
        return astar_loop(st, budget, NAV_TOPO_HEX, false);
    case NAV_TOPO_8:
    default:
        return st->prune ? astar_loop(st, budget, NAV_TOPO_8, true) : astar_loop(st, budget, NAV_TOPO_8, false);
    }
}

/* ---- JPS (8-way, no corner cutting; weighted grids: jump.h) --------------------
 * Jumps read the JPS+ table: one lookup gives where a jump stops, or how far
 * it can go before a wall. The goal is the one query-dependent stop: a
 * straight jump that passes it stops on it, and a diagonal jump stops where
 * it reaches the goal's row or column with the goal ahead of it. Diagonal
 * arrivals have no forced neighbours (the corner rule). */

/* A successor found by a jump: k steps from the expanded node in direction d. */
typedef struct JumpTarget {
    uint32_t node;
    int k, d;
} JumpTarget;

/* Adds to out the jump point (or goal) that a jump from n (at px, py) in
 * direction d reaches, if any, and starts loading what relaxing it reads. */
HOT_INLINE void jps_target(const NavQuery *st, uint32_t n, int px, int py, int d, JumpTarget *out, int *count)
{
    int dist = st->jt->dist[(size_t)n * 8 + (size_t)d];
    int reach = dist > 0 ? dist : -dist;
    int k = dist > 0 ? dist : INT_MAX; /* steps to the successor */
    int sx = nav_dir8[d][0], sy = nav_dir8[d][1];
    int gx = (st->goal_px - px) * sx, gy = (st->goal_py - py) * sy; /* goal ahead, per axis */
    if (d & 1) {
        int m = gx < gy ? gx : gy;
        if (m > 0 && m <= reach && m < k)
            k = m;
    } else {
        int ahead = sx ? gx : gy, across = sx ? st->goal_py - py : st->goal_px - px;
        if (across == 0 && ahead > 0 && ahead <= reach && ahead < k)
            k = ahead;
    }
    if (k == INT_MAX)
        return;
    uint32_t jp = n + (uint32_t)(k * st->off[d]);
#if defined(__GNUC__)
    __builtin_prefetch(&st->tag[jp]);
    if (st->nmarks)
        __builtin_prefetch(&st->mark_dist[(size_t)jp * (size_t)st->nmarks]);
#endif
    out[*count] = (JumpTarget){jp, k, d};
    ++*count;
}

/* The jump points a jump point search finds from n (at px, py), reached in
 * direction d: the start goes every way, an edge tile of a weighted grid
 * where jump_edge_dirs says, any other tile where A*'s canonical_dirs says,
 * in the order: the way on, then (straight arrival) a side and the diagonal
 * towards it, or (diagonal arrival) both components. */
HOT_INLINE int jps_successors(const NavQuery *st, uint32_t n, int px, int py, JumpTarget *next)
{
    static const int turns[2][5] = {{0, 2, 1, 6, 7}, {0, 7, 1, -1, -1}};
    const uint8_t *cost = st->grid->cost;
    int count = 0;
    if (n == st->start || (st->weighted && jump_edge(cost, n, st->stride))) {
        unsigned mask = n == st->start ? 0xFFu : jump_edge_dirs(cost, st->off, n, tag_dir(st->tag[n]));
        for (int k = 0; k < 8; k++)
            if (mask >> k & 1u)
                jps_target(st, n, px, py, k, next, &count);
        return count;
    }
    int d = tag_dir(st->tag[n]);
    unsigned mask = canonical_dirs(st, n, d);
    for (int i = 0; i < 5 && turns[d & 1][i] >= 0; i++) {
        int k = (d + turns[d & 1][i]) & 7;
        if (mask >> k & 1u)
            jps_target(st, n, px, py, k, next, &count);
    }
    return count;
}

static NavStatus jps_run(NavQuery *st, long budget)
{
    const uint8_t *cost = st->grid->cost;
    const long expansion_limit = st->opt.expansion_limit;
    JumpTarget next[8];
    while (budget-- > 0) {
        if (open_empty(st))
            return finish_without_goal(st, false);
        uint64_t f;
        uint32_t n = open_pop(st, &f);
        int px, py;
        node_xy(st, n, &px, &py);
        uint64_t g = f - jps_heuristic(st, n, px, py);
        if (n == st->goal)
            return query_finish(st, NAV_DONE, "", n, g);
        if (expansion_limit > 0 && st->res.expanded >= expansion_limit)
            return finish_without_goal(st, true);
        st->res.expanded++;
        /* find the successors first, so that what relaxing them reads loads
         * side by side */
        int count = jps_successors(st, n, px, py, next);
        for (int i = 0; i < count; i++) {
            uint32_t jp = next[i].node, t = st->tag[jp];
            if (tag_closed_now(st, t))
                continue;
#if defined(__GNUC__)
            __builtin_prefetch(&st->jt->dist[(size_t)jp * 8]); /* read when jp is expanded, often soon */
#endif
            int d = next[i].d, k = next[i].k;
            /* a jump crosses tiles of one cost (jump.h) */
            uint64_t step = cost[n + (uint32_t)st->off[d]] * (d & 1 ? UNIT_DIAGONAL : UNIT_STRAIGHT);
            uint64_t h = jps_heuristic(st, jp, px + k * nav_dir8[d][0], py + k * nav_dir8[d][1]);
            relax(st, jp, t, g + (uint64_t)k * step + h, d);
        }
    }
    return NAV_IN_PROGRESS;
}

/* ---- public API ---------------------------------------------------------------- */

NavQuery *nav_query_create(int w, int h)
{
    if (w < 1 || h < 1 || w > NAV_GRID_MAX_SIDE || h > NAV_GRID_MAX_SIDE)
        return NULL;
    NavQuery *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->w = w;
    st->h = h;
    st->stride = w + 2;
    st->cells = (uint32_t)(w + 2) * (uint32_t)(h + 2);
    st->slots = (uint32_t)w * (uint32_t)h;
    st->row_magic = ((UINT64_C(1) << 40) + (uint64_t)st->stride - 1) / (uint64_t)st->stride;
    st->tag = calloc(st->cells, sizeof *st->tag);
    st->slot = malloc(st->slots * sizeof *st->slot);
    st->touched_cap = st->slots / 16 + 64;
    st->touched = malloc(st->touched_cap * sizeof *st->touched);
    if (!st->tag || !st->slot || !st->touched) {
        nav_query_destroy(st);
        return NULL;
    }
    /* no search yet: a step before any begin says so, and reads no grid */
    query_finish(st, NAV_INVALID, "no search begun", NO_NODE, 0);
    return st;
}

void nav_query_destroy(NavQuery *st)
{
    if (!st)
        return;
    free(st->tag);
    free(st->slot);
    free(st->touched);
    route_search_delete(st->route_q);
    hier_search_delete(st->hier_q);
    free(st);
}

NavStatus nav_query_copy_search(NavQuery *dst, const NavQuery *src, const NavGrid *g)
{
    /* the copy reads the same shared data: the options' NavJumps or NavPrepared */
    bool prepared = src->res.planner == NAV_PLANNER_ROUTE || src->res.planner == NAV_PLANNER_HIER;
    if (dst->w != src->w || dst->h != src->h || src->nmarks > 0 || prepared)
        return NAV_INVALID;
    if (src->grid && (g->w != src->w || g->h != src->h))
        return NAV_INVALID; /* the search would read past g's tiles */
    if (dst == src) {
        dst->grid = src->grid ? g : NULL;
        return NAV_DONE;
    }
    memcpy(dst->tag, src->tag, src->cells * sizeof *dst->tag);
    memcpy(dst->slot, src->slot, src->slots * sizeof *dst->slot);
    memcpy(dst->touched, src->touched, src->touched_n * sizeof *dst->touched);
    NavQuery keep = *dst;
    *dst = *src;
    dst->tag = keep.tag;
    dst->slot = keep.slot;
    dst->touched = keep.touched;
    dst->route_q = keep.route_q;
    dst->hier_q = keep.hier_q;
    dst->grid = src->grid ? g : NULL;
    dst->mark_dist = NULL;
    return NAV_DONE;
}

size_t nav_query_bytes(const NavQuery *st)
{
    size_t n = sizeof *st + st->cells * sizeof *st->tag + st->slots * sizeof *st->slot +
               st->touched_cap * sizeof *st->touched;
    if (st->route_q)
        n += route_search_bytes(st->route_q);
    if (st->hier_q)
        n += hier_search_bytes(st->hier_q);
    return n;
}

uint64_t nav_query_tags_cleared(const NavQuery *st)
{
    return st->cleared;
}

NavQueryOptions nav_query_options_default(void)
{
    NavQueryOptions o = {NAV_TOPO_8, NAV_ASTAR, false, 0.0, 0, 0, NULL, NULL};
    return o;
}

static bool known_topology(NavTopology t)
{
    return t == NAV_TOPO_8 || t == NAV_TOPO_4 || t == NAV_TOPO_HEX;
}

bool nav_query_can_step(const NavGrid *g, NavTopology t, int x, int y, int dx, int dy)
{
    if (!known_topology(t))
        return false;
    int n;
    const int (*dirs)[2] = nav_topology_dirs(t, &n);
    for (int d = 0; d < n; d++)
        if (dirs[d][0] == dx && dirs[d][1] == dy) {
            if (x < -1 || y < -1 || x > g->w || y > g->h)
                return false; /* no step from there lands on the grid (nor does x + dx overflow) */
            return t == NAV_TOPO_8 ? nav_grid_can_step(g, x, y, dx, dy) : nav_grid_walkable(g, x + dx, y + dy);
        }
    return false;
}

static void setup_topology(NavQuery *st)
{
    int ndirs;
    const int (*dirs)[2] = nav_topology_dirs(st->opt.topology, &ndirs);
    for (int d = 0; d < ndirs; d++) {
        int dx = dirs[d][0], dy = dirs[d][1];
        st->off[d] = dy * st->stride + dx;
        st->diag[d] = st->opt.topology == NAV_TOPO_8 && dx && dy;
    }
}

bool query_runs_jps(const NavQueryOptions *opt)
{
    return opt->algo == NAV_JPS && opt->topology == NAV_TOPO_8 && !opt->nearest && opt->cost_limit <= 0;
}

const JumpTable *query_jump_table(const NavQueryOptions *opt, const NavGrid *g)
{
    if (nav_jumps_current(opt->jumps, g))
        return &opt->jumps->store->table;
    const NavPrepared *pd = opt->prepared;
    return pd && jump_current(&pd->jump, g) ? &pd->jump : NULL;
}

/* JPS with landmarks asked for and current: takes them into use for a search
 * from start to goal. A landmark that does not reach both ends bounds
 * nothing, and the search only meets tiles of the start's region: measuring
 * from the start's own distance keeps its term finite (0 out of its reach). */
static void use_landmarks(NavQuery *st, const NavGrid *g)
{
    st->nmarks = 0;
    const NavPrepared *pd = st->opt.prepared;
    if (!st->jps || st->opt.landmarks <= 0 || !pd || !landmark_current(&pd->marks, g))
        return;
    size_t k = (size_t)pd->marks.count;
    const uint64_t *from = pd->marks.dist + st->start * k, *to = pd->marks.dist + st->goal * k;
    for (size_t j = 0; j < k; j++)
        st->goal_mark[j] = from[j] != LANDMARK_FAR && to[j] != LANDMARK_FAR ? to[j] : from[j];
    st->mark_dist = pd->marks.dist;
    st->nmarks = (int)k;
}

void nav_query_begin(NavQuery *st, const NavGrid *g, NavPos start, NavPos goal, const NavQueryOptions *opt)
{
    st->grid = g;
    st->opt = opt ? *opt : nav_query_options_default();
    st->done = false;
    st->jps = false;
    st->nmarks = 0;
    st->limit_hit = false;
    st->best = NO_NODE;
    st->heap_n = 0;
    st->back_n = 0;
    st->stack_top = NO_SLOT;
    st->path_off = 0;
    memset(&st->res, 0, sizeof st->res);
    st->res.start = start;
    st->res.end = start;
    st->res.why = "";

    if (!known_topology(st->opt.topology) ||
        !(st->opt.algo == NAV_ASTAR || st->opt.algo == NAV_JPS || st->opt.algo == NAV_ROUTE)) {
        query_finish(st, NAV_INVALID, "unknown topology or algorithm", NO_NODE, 0);
        return;
    }
    /* input that is not valid, then ends that are valid but leave no path */
    const char *invalid = NULL, *blocked = NULL;
    if (g->w != st->w || g->h != st->h)
        invalid = "search state made for another map size";
    else if (!nav_grid_in_bounds(g, start.x, start.y))
        invalid = "start outside the map";
    else if (!nav_grid_in_bounds(g, goal.x, goal.y))
        invalid = "goal outside the map";
    else if (!nav_grid_walkable(g, start.x, start.y))
        blocked = "start is blocked";
    else if (!nav_grid_walkable(g, goal.x, goal.y) && !st->opt.nearest)
        blocked = "goal is blocked";
    if (invalid || blocked) {
        query_finish(st, invalid ? NAV_INVALID : NAV_NO_PATH, invalid ? invalid : blocked, NO_NODE, 0);
        return;
    }
    if (st->opt.algo == NAV_ROUTE) {
        if (prepared_answer(st, g, start, goal))
            return;
        /* not prepared for g as it is now: JPS if a jump table is, else A* */
        st->opt.algo = query_jump_table(&st->opt, g) ? NAV_JPS : NAV_ASTAR;
    }

    setup_topology(st);
    st->cmin = nav_grid_min_cost(g);
    st->start = (uint32_t)nav_grid_index(g, start.x, start.y);
    st->goal = (uint32_t)nav_grid_index(g, goal.x, goal.y);
    st->goal_px = goal.x + 1;
    st->goal_py = goal.y + 1;
    st->cost_limit = UINT64_MAX;
    if (st->opt.cost_limit > 0) {
        double units = st->opt.cost_limit * (double)UNIT_STRAIGHT;
        st->cost_limit = units >= 1.8e19 ? UINT64_MAX : (uint64_t)units;
    }
    /* no jump table current for g: A* needs none */
    st->jps = query_runs_jps(&st->opt) && (st->jt = query_jump_table(&st->opt, g)) != NULL;
    st->weighted = !nav_grid_uniform(g);
    st->res.planner = st->jps ? NAV_PLANNER_JPS : NAV_PLANNER_ASTAR;
    use_landmarks(st, g);
    st->prune = st->opt.topology == NAV_TOPO_8 && nav_grid_uniform(g);

    if (++st->gen > TAG_GEN_MAX)
        clear_tags(st);
    uint64_t f = heuristic(st, st->start);
    st->tag[st->start] = st->gen << TAG_GEN_SHIFT;
    note_touched(st, st->start);
    st->plateau = f;
    open_push(st, st->start, f);
}

NavStatus nav_query_step(NavQuery *st, long max_expansions)
{
    if (st->done)
        return st->res.status;
    if (max_expansions < 1)
        max_expansions = 1;
    return st->jps ? jps_run(st, max_expansions) : astar_run(st, max_expansions);
}

NavStatus nav_query_find(NavQuery *st, const NavGrid *g, NavPos start, NavPos goal,
                     const NavQueryOptions *opt, NavQueryResult *out)
{
    nav_query_begin(st, g, start, goal, opt);
    NavStatus s = nav_query_step(st, LONG_MAX);
    if (out)
        *out = st->res;
    return s;
}

const NavQueryResult *nav_query_result(const NavQuery *st)
{
    return &st->res;
}

NavPos nav_query_tile(const NavQuery *st, int i)
{
    if (i < 0 || i >= st->res.steps)
        return st->res.start;
    if (st->res.planner == NAV_PLANNER_ROUTE || st->res.planner == NAV_PLANNER_HIER)
        return node_tile(st, prepared_tile(st, i));
    return node_tile(st, st->slot[st->path_off + (uint32_t)i].node);
}

int nav_query_copy_tiles(const NavQuery *st, NavPos **tiles, int *cap)
{
    int n = st->res.steps;
    if (n > 0 && n > *cap) { /* exactly n: a sentry's walk is kept as long as it lasts */
        size_t room = 0;
        if (!buf_room(tiles, &room, sizeof **tiles, (size_t)n, (size_t)n, (size_t)n))
            return -1;
        *cap = n;
    }
    for (int i = 0; i < n; i++)
        (*tiles)[i] = nav_query_tile(st, i);
    return n;
}
