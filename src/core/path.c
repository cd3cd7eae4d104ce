/* path.c - one search engine for every topology: A* with a binary-heap open
 * list over generation-stamped node records, JPS for uniform 8-way grids.
 *
 * Costs are exact integers in units of 2^-32 straight steps (a diagonal is
 * round(sqrt 2 * 2^32)), so equal-cost paths compare equal and ties are
 * broken the same way every time; reported lengths are re-summed in double.
 * Per tile the state keeps key (f = g + h, 8 bytes), tag (4 bytes: generation
 * 5 bits | arrival direction 3 bits | open-list slot 24 bits) and an open-list
 * slot (4 bytes), which also holds the finished path. g is key - h. */
#include "path.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define UNIT_STRAIGHT PATH_UNIT_STRAIGHT
#define UNIT_DIAGONAL PATH_UNIT_DIAGONAL
#define TAG_POS_MASK 0xFFFFFFu
#define TAG_CLOSED 0xFFFFFFu
#define TAG_DIR_SHIFT 24
#define TAG_GEN_SHIFT 27
#define TAG_GEN_MAX 31u
#define NO_NODE UINT32_MAX
#define SQRT2 1.41421356237309504880

/* 8-way directions, even = straight: E SE S SW W NW N NE (y grows down). */
static const int dir8[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
static const int dir4[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
/* Hex in axial coordinates (q = x, r = y): the six neighbours. */
static const int dirhex[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};

struct PathState {
    int w, h, stride;
    uint32_t cells;
    uint64_t row_magic; /* row = (idx * row_magic) >> 40, exact for idx < 2^25 */
    uint64_t *key;
    uint32_t *tag;
    uint32_t *heap;     /* open list while searching, then the path */
    uint32_t heap_n;
    uint32_t gen;

    /* the current query */
    const Grid *grid;
    PathOptions opt;
    bool jps;
    bool done;
    bool limit_hit;
    uint32_t start, goal;
    int goal_px, goal_py; /* padded coordinates */
    uint64_t cmin;
    int ndirs;
    const int (*dirs)[2];
    int off[8];
    bool diag[8];
    uint64_t unit[8];
    uint64_t cost_limit;
    uint32_t best;
    uint64_t best_h, best_g;
    uint32_t path_off;
    PathResult res;
};

/* ---- node records ---------------------------------------------------- */

static inline bool node_seen(const PathState *st, uint32_t i)
{
    return (st->tag[i] >> TAG_GEN_SHIFT) == st->gen;
}

static inline int node_dir(const PathState *st, uint32_t i)
{
    return (int)((st->tag[i] >> TAG_DIR_SHIFT) & 7u);
}

static inline void node_row_col(const PathState *st, uint32_t i, int *px, int *py)
{
    uint32_t row = (uint32_t)(((uint64_t)i * st->row_magic) >> 40);
    *py = (int)row;
    *px = (int)(i - row * (uint32_t)st->stride);
}

static inline uint64_t heuristic(const PathState *st, uint32_t i)
{
    int px, py;
    node_row_col(st, i, &px, &py);
    uint64_t dx = (uint64_t)abs(px - st->goal_px), dy = (uint64_t)abs(py - st->goal_py);
    switch (st->opt.topology) {
    case PATH_TOPO_4:
        return st->cmin * UNIT_STRAIGHT * (dx + dy);
    case PATH_TOPO_HEX: {
        int64_t dq = px - st->goal_px, dr = py - st->goal_py, ds = dq + dr;
        uint64_t d = (uint64_t)((llabs(dq) + llabs(dr) + llabs(ds)) / 2);
        return st->cmin * UNIT_STRAIGHT * d;
    }
    case PATH_TOPO_8:
    default: {
        uint64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
        return st->cmin * (UNIT_DIAGONAL * lo + UNIT_STRAIGHT * (hi - lo));
    }
    }
}

static inline uint64_t node_g(const PathState *st, uint32_t i)
{
    return st->key[i] - heuristic(st, i);
}

/* ---- open list: binary heap on f, ties to the larger g (smaller h) ---- */

static inline bool node_before(const PathState *st, uint32_t a, uint32_t b)
{
    uint64_t ka = st->key[a], kb = st->key[b];
    if (ka != kb)
        return ka < kb;
    return heuristic(st, a) < heuristic(st, b);
}

static inline void heap_place(PathState *st, uint32_t pos, uint32_t node)
{
    st->heap[pos] = node;
    st->tag[node] = (st->tag[node] & ~TAG_POS_MASK) | pos;
}

static void heap_up(PathState *st, uint32_t pos)
{
    uint32_t node = st->heap[pos];
    while (pos > 0) {
        uint32_t parent = (pos - 1) / 2;
        if (!node_before(st, node, st->heap[parent]))
            break;
        heap_place(st, pos, st->heap[parent]);
        pos = parent;
    }
    heap_place(st, pos, node);
}

static void heap_down(PathState *st, uint32_t pos)
{
    uint32_t node = st->heap[pos], n = st->heap_n;
    for (;;) {
        uint32_t child = 2 * pos + 1;
        if (child >= n)
            break;
        if (child + 1 < n && node_before(st, st->heap[child + 1], st->heap[child]))
            child++;
        if (!node_before(st, st->heap[child], node))
            break;
        heap_place(st, pos, st->heap[child]);
        pos = child;
    }
    heap_place(st, pos, node);
}

static void heap_push(PathState *st, uint32_t node)
{
    heap_place(st, st->heap_n++, node);
    heap_up(st, st->heap_n - 1);
}

static uint32_t heap_pop(PathState *st)
{
    uint32_t top = st->heap[0];
    if (--st->heap_n > 0) {
        heap_place(st, 0, st->heap[st->heap_n]);
        heap_down(st, 0);
    }
    st->tag[top] |= TAG_CLOSED;
    return top;
}

/* Records a path of cost g to node m, arriving in direction d. */
static inline void relax(PathState *st, uint32_t m, uint64_t g, int d)
{
    uint64_t f = g + heuristic(st, m);
    uint32_t t = st->tag[m];
    uint32_t dirbits = (uint32_t)d << TAG_DIR_SHIFT;
    if ((t >> TAG_GEN_SHIFT) == st->gen) {
        if (f >= st->key[m])
            return;
        st->key[m] = f;
        st->tag[m] = (t & ~(7u << TAG_DIR_SHIFT)) | dirbits;
        if ((t & TAG_POS_MASK) == TAG_CLOSED)
            heap_push(st, m); /* reopen: only with an inconsistent heuristic */
        else
            heap_up(st, t & TAG_POS_MASK);
        return;
    }
    st->tag[m] = (st->gen << TAG_GEN_SHIFT) | dirbits;
    st->key[m] = f;
    heap_push(st, m);
}

/* ---- the finished path ---------------------------------------------- */

static TilePos node_tile(const PathState *st, uint32_t i)
{
    int px, py;
    node_row_col(st, i, &px, &py);
    return tile_pos(px - 1, py - 1);
}

static bool step_allowed(const PathState *st, uint32_t from, int d)
{
    const uint8_t *cost = st->grid->cost;
    if (!cost[from + (uint32_t)st->off[d]])
        return false;
    if (!st->diag[d])
        return true;
    return cost[from + (uint32_t)st->dirs[d][0]] &&
           cost[from + (uint32_t)(st->dirs[d][1] * st->stride)];
}

/* Walks back from end to the start through exactly-matching costs, keeping
 * the previous direction while it stays optimal (straighter paths), and writes
 * the tiles into the tail of the heap array. */
static void path_build(PathState *st, uint32_t end)
{
    uint32_t pos = st->cells, cur = end;
    int prev = -1;
    while (cur != st->start && pos > 0) {
        uint64_t g = node_g(st, cur);
        int d = node_dir(st, cur);
        uint64_t step = (uint64_t)st->grid->cost[cur] * st->unit[d];
        uint32_t k = 1;
        if (st->jps) {
            /* jump points: walk back along the arrival line to the parent */
            uint32_t p = cur - (uint32_t)st->off[d];
            while (st->grid->cost[p] && !(node_seen(st, p) && node_g(st, p) + k * step == g)) {
                p -= (uint32_t)st->off[d];
                k++;
            }
        } else if (prev >= 0 && prev != d) {
            uint32_t p = cur - (uint32_t)st->off[prev];
            uint64_t pstep = (uint64_t)st->grid->cost[cur] * st->unit[prev];
            if (node_seen(st, p) && step_allowed(st, p, prev) && node_g(st, p) + pstep == g)
                d = prev;
        }
        for (uint32_t i = 0; i < k && pos > 0; i++) {
            st->heap[--pos] = cur;
            cur -= (uint32_t)st->off[d];
        }
        prev = d;
    }
    st->path_off = pos;
    st->res.steps = (int)(st->cells - pos);
    st->res.end = node_tile(st, end);

    /* length = A + B sqrt 2, with A and B exact integer sums */
    uint64_t straight = 0, diagonal = 0;
    uint32_t from = st->start;
    for (uint32_t i = pos; i < st->cells; i++) {
        uint32_t to = st->heap[i];
        uint32_t delta = to > from ? to - from : from - to;
        bool diag = st->opt.topology == PATH_TOPO_8 && delta != 1 && delta != (uint32_t)st->stride;
        if (diag)
            diagonal += st->grid->cost[to];
        else
            straight += st->grid->cost[to];
        from = to;
    }
    st->res.length = (double)straight + (double)diagonal * SQRT2;
}

static PathStatus finish(PathState *st, PathStatus status, const char *why, uint32_t end)
{
    st->done = true;
    st->res.status = status;
    st->res.why = why;
    if (end != NO_NODE)
        path_build(st, end);
    return status;
}

/* The open list ran dry (or a limit stopped the search) without the goal. */
static PathStatus finish_without_goal(PathState *st, bool limited)
{
    PathStatus status = limited ? PATH_LIMIT : PATH_NONE;
    const char *why = limited ? (st->limit_hit && !st->opt.expansion_limit ? "cost limit reached"
                                                                           : "limit reached")
                              : "goal unreachable";
    if (st->opt.nearest && st->best != NO_NODE)
        return finish(st, limited ? PATH_LIMIT : PATH_NEAREST,
                      limited ? why : "goal unreachable: nearest reachable tile", st->best);
    return finish(st, status, why, NO_NODE);
}

static inline void track_nearest(PathState *st, uint32_t n, uint64_t h, uint64_t g)
{
    if (st->best == NO_NODE || h < st->best_h || (h == st->best_h && (g < st->best_g ||
                                                  (g == st->best_g && n < st->best)))) {
        st->best = n;
        st->best_h = h;
        st->best_g = g;
    }
}

/* ---- A* ---------------------------------------------------------------- */

static PathStatus astar_run(PathState *st, long budget)
{
    const uint8_t *cost = st->grid->cost;
    while (budget-- > 0) {
        if (st->heap_n == 0)
            return finish_without_goal(st, st->limit_hit);
        uint32_t n = heap_pop(st);
        if (n == st->goal)
            return finish(st, PATH_FOUND, "", n);
        uint64_t h = heuristic(st, n), g = st->key[n] - h;
        if (st->opt.nearest)
            track_nearest(st, n, h, g);
        if (st->opt.expansion_limit > 0 && st->res.expanded >= st->opt.expansion_limit)
            return finish_without_goal(st, true);
        st->res.expanded++;
        for (int d = 0; d < st->ndirs; d++) {
            uint32_t m = n + (uint32_t)st->off[d];
            uint64_t c = cost[m];
            if (!c)
                continue;
            if (st->diag[d] && !(cost[n + (uint32_t)st->dirs[d][0]] &&
                                 cost[n + (uint32_t)(st->dirs[d][1] * st->stride)]))
                continue;
            uint64_t ng = g + c * st->unit[d];
            if (ng > st->cost_limit) {
                st->limit_hit = true;
                continue;
            }
            relax(st, m, ng, d);
        }
    }
    return PATH_RUNNING;
}

/* ---- JPS (8-way, uniform cost, no corner cutting) ----------------------
 * A straight scan stops at a tile with a forced neighbour: a side tile that
 * is open while the side tile one step back is blocked (so the parent could
 * not reach it diagonally). A diagonal scan stops where a straight scan from
 * it finds something. Diagonal arrivals have no forced neighbours because the
 * corner rule already required both orthogonal tiles open. */

static uint32_t jump_straight(const uint8_t *cost, uint32_t n, int step, int side, uint32_t goal)
{
    for (;;) {
        n += (uint32_t)step;
        if (!cost[n])
            return 0;
        if (n == goal)
            return n;
        if ((cost[n + (uint32_t)side] && !cost[n - (uint32_t)step + (uint32_t)side]) ||
            (cost[n - (uint32_t)side] && !cost[n - (uint32_t)step - (uint32_t)side]))
            return n;
    }
}

static uint32_t jump_diagonal(const uint8_t *cost, uint32_t n, int sx, int sy, int stride, uint32_t goal)
{
    for (;;) {
        if (!cost[n + (uint32_t)sx] || !cost[n + (uint32_t)sy])
            return 0;
        n += (uint32_t)(sx + sy);
        if (!cost[n])
            return 0;
        if (n == goal)
            return n;
        if (jump_straight(cost, n, sx, stride, goal) || jump_straight(cost, n, sy, 1, goal))
            return n;
    }
}

static void jps_successor(PathState *st, uint32_t n, uint64_t g, int d)
{
    const uint8_t *cost = st->grid->cost;
    int stride = st->stride;
    int sx = dir8[d][0], sy = dir8[d][1] * stride;
    uint32_t jp = st->diag[d] ? jump_diagonal(cost, n, sx, sy, stride, st->goal)
                              : jump_straight(cost, n, sx + sy, sx ? stride : 1, st->goal);
    if (!jp)
        return;
    int nx, ny, jx, jy;
    node_row_col(st, n, &nx, &ny);
    node_row_col(st, jp, &jx, &jy);
    uint64_t k = (uint64_t)(abs(jx - nx) > abs(jy - ny) ? abs(jx - nx) : abs(jy - ny));
    relax(st, jp, g + k * (uint64_t)cost[jp] * st->unit[d], d);
}

static PathStatus jps_run(PathState *st, long budget)
{
    const uint8_t *cost = st->grid->cost;
    while (budget-- > 0) {
        if (st->heap_n == 0)
            return finish_without_goal(st, false);
        uint32_t n = heap_pop(st);
        if (n == st->goal)
            return finish(st, PATH_FOUND, "", n);
        uint64_t g = node_g(st, n);
        st->res.expanded++;
        if (n == st->start) {
            for (int d = 0; d < 8; d++)
                jps_successor(st, n, g, d);
            continue;
        }
        int d = node_dir(st, n);
        jps_successor(st, n, g, d);
        if (st->diag[d]) {
            jps_successor(st, n, g, (d + 7) & 7);
            jps_successor(st, n, g, (d + 1) & 7);
            continue;
        }
        for (int turn = 2; turn <= 6; turn += 4) {
            int s = (d + turn) & 7;
            uint32_t back = n - (uint32_t)st->off[d];
            if (cost[n + (uint32_t)st->off[s]] && !cost[back + (uint32_t)st->off[s]]) {
                jps_successor(st, n, g, s);
                jps_successor(st, n, g, (d + (turn == 2 ? 1 : 7)) & 7);
            }
        }
    }
    return PATH_RUNNING;
}

/* ---- public API -------------------------------------------------------- */

PathState *path_create(int w, int h)
{
    if (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE)
        return NULL;
    PathState *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->w = w;
    st->h = h;
    st->stride = w + 2;
    st->cells = (uint32_t)(w + 2) * (uint32_t)(h + 2);
    st->row_magic = ((UINT64_C(1) << 40) + (uint64_t)st->stride - 1) / (uint64_t)st->stride;
    st->key = malloc(st->cells * sizeof *st->key);
    st->tag = calloc(st->cells, sizeof *st->tag);
    st->heap = malloc(st->cells * sizeof *st->heap);
    if (!st->key || !st->tag || !st->heap) {
        path_destroy(st);
        return NULL;
    }
    return st;
}

void path_destroy(PathState *st)
{
    if (!st)
        return;
    free(st->key);
    free(st->tag);
    free(st->heap);
    free(st);
}

PathOptions path_options_default(void)
{
    PathOptions o = {PATH_TOPO_8, PATH_ASTAR, false, 0.0, 0};
    return o;
}

const int (*path_topology_dirs(PathTopology t, int *count))[2]
{
    switch (t) {
    case PATH_TOPO_4:
        *count = 4;
        return dir4;
    case PATH_TOPO_HEX:
        *count = 6;
        return dirhex;
    case PATH_TOPO_8:
    default:
        *count = 8;
        return dir8;
    }
}

bool path_can_step(const Grid *g, PathTopology t, int x, int y, int dx, int dy)
{
    int n;
    const int (*dirs)[2] = path_topology_dirs(t, &n);
    for (int d = 0; d < n; d++)
        if (dirs[d][0] == dx && dirs[d][1] == dy)
            return t == PATH_TOPO_8 ? grid_can_step(g, x, y, dx, dy) : grid_walkable(g, x + dx, y + dy);
    return false;
}

static void setup_topology(PathState *st)
{
    st->dirs = path_topology_dirs(st->opt.topology, &st->ndirs);
    for (int d = 0; d < st->ndirs; d++) {
        int dx = st->dirs[d][0], dy = st->dirs[d][1];
        st->off[d] = dy * st->stride + dx;
        st->diag[d] = st->opt.topology == PATH_TOPO_8 && dx && dy;
        st->unit[d] = st->diag[d] ? UNIT_DIAGONAL : UNIT_STRAIGHT;
    }
}

void path_begin(PathState *st, const Grid *g, TilePos start, TilePos goal, const PathOptions *opt)
{
    st->grid = g;
    st->opt = opt ? *opt : path_options_default();
    st->done = false;
    st->limit_hit = false;
    st->best = NO_NODE;
    st->heap_n = 0;
    st->path_off = st->cells;
    memset(&st->res, 0, sizeof st->res);
    st->res.start = start;
    st->res.end = start;
    st->res.why = "";

    if (g->w != st->w || g->h != st->h) {
        finish(st, PATH_NONE, "search state made for another map size", NO_NODE);
        return;
    }
    if (!grid_in_bounds(g, start.x, start.y)) {
        finish(st, PATH_NONE, "start outside the map", NO_NODE);
        return;
    }
    if (!grid_walkable(g, start.x, start.y)) {
        finish(st, PATH_NONE, "start is blocked", NO_NODE);
        return;
    }
    if (!grid_in_bounds(g, goal.x, goal.y)) {
        finish(st, PATH_NONE, "goal outside the map", NO_NODE);
        return;
    }
    if (!grid_walkable(g, goal.x, goal.y) && !st->opt.nearest) {
        finish(st, PATH_NONE, "goal is blocked", NO_NODE);
        return;
    }

    setup_topology(st);
    st->cmin = grid_min_cost(g);
    st->start = (uint32_t)grid_index(g, start.x, start.y);
    st->goal = (uint32_t)grid_index(g, goal.x, goal.y);
    st->goal_px = goal.x + 1;
    st->goal_py = goal.y + 1;
    st->cost_limit = UINT64_MAX;
    if (st->opt.cost_limit > 0) {
        double units = st->opt.cost_limit * (double)UNIT_STRAIGHT;
        st->cost_limit = units >= 1.8e19 ? UINT64_MAX : (uint64_t)units;
    }
    st->jps = st->opt.algo == PATH_JPS && st->opt.topology == PATH_TOPO_8 && grid_uniform(g) &&
              !st->opt.nearest && st->opt.cost_limit <= 0 && st->opt.expansion_limit <= 0;
    st->res.used_jps = st->jps;

    if (++st->gen > TAG_GEN_MAX) {
        memset(st->tag, 0, st->cells * sizeof *st->tag);
        st->gen = 1;
    }
    st->tag[st->start] = st->gen << TAG_GEN_SHIFT;
    st->key[st->start] = heuristic(st, st->start);
    heap_push(st, st->start);
}

PathStatus path_step(PathState *st, long max_expansions)
{
    if (st->done)
        return st->res.status;
    if (max_expansions < 1)
        max_expansions = 1;
    return st->jps ? jps_run(st, max_expansions) : astar_run(st, max_expansions);
}

PathStatus path_find(PathState *st, const Grid *g, TilePos start, TilePos goal,
                     const PathOptions *opt, PathResult *out)
{
    path_begin(st, g, start, goal, opt);
    PathStatus s = path_step(st, LONG_MAX);
    if (out)
        *out = st->res;
    return s;
}

const PathResult *path_result(const PathState *st)
{
    return &st->res;
}

TilePos path_tile(const PathState *st, int i)
{
    if (i < 0 || i >= st->res.steps)
        return st->res.start;
    return node_tile(st, st->heap[st->path_off + (uint32_t)i]);
}

const char *path_status_name(PathStatus s)
{
    switch (s) {
    case PATH_RUNNING: return "running";
    case PATH_FOUND: return "found";
    case PATH_NEAREST: return "nearest";
    case PATH_NONE: return "no path";
    case PATH_LIMIT: return "limit reached";
    }
    return "?";
}
