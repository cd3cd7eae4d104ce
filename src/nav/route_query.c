/* SPDX-License-Identifier: MIT */
/* route_query.c - the prepared planner's search (route.h): tree walks,
 * octile paths of up to three runs, JPS+ over the core with landmarks (on
 * mazes, corridors taken to their ends in one step), and the path kept as
 * straight runs. Reads what route_build.c prepared.
 *
 * Search costs are exact integers in units.h's units (2^-32 straight steps). */
#include "route_int.h"

#include <limits.h>
#include <string.h>

/* ---- the query ----------------------------------------------------------------------------- */

/* The octile distance from (x, y) (tile u) to the goal, raised to the
 * largest landmark bound |d(L, goal) - d(L, u)|. */
static inline uint64_t heuristic(const NavRoute *rm, RouteSearch *q, uint32_t u, int x, int y)
{
    uint64_t h = nav_octile(x - q->gx, y - q->gy);
    const uint32_t *m = rm->mark + (size_t)u * (size_t)rm->slots;
    for (int j = 0; j < q->nmarks; j++) {
        uint32_t mj = m[q->use[j]];
        if (mj == q->goal_mark[j])
            continue; /* also both FAR */
        uint64_t a = mark_cost(mj), b = q->goal_cost[j];
        uint64_t diff = a > b ? a - b : b - a;
        h = diff > h ? diff : h;
    }
    return h;
}

/* The landmarks a search from a to b uses: the ROUTE_ACTIVE_MARKS whose
 * bound at a is largest. Any subset keeps the bound consistent; fewer cost
 * less a node, and the others rarely raise h where these do not (4 of 8 cost
 * 3 to 7% more expansions on the 512x512 maps and are 10% faster). On
 * mazes, where each node costs a corridor entry read as well, all of them
 * pay (8 save 10 to 15% of expansions and as much time). */
enum { ROUTE_ACTIVE_MARKS = 4 };
static void choose_landmarks(const NavRoute *rm, RouteSearch *q, uint32_t a, uint32_t b)
{
    const uint32_t *ma = rm->mark + (size_t)a * (size_t)rm->slots, *mb = rm->mark + (size_t)b * (size_t)rm->slots;
    uint64_t bound[NAV_ROUTE_MARKS_MAX];
    uint8_t which[NAV_ROUTE_MARKS_MAX];
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
    int active = rm->corridor ? NAV_ROUTE_MARKS_MAX : ROUTE_ACTIVE_MARKS;
    q->nmarks = n < active ? n : active;
    for (int k = 0; k < q->nmarks; k++) {
        q->use[k] = which[k];
        q->goal_mark[k] = mb[which[k]];
        q->goal_cost[k] = mark_cost(q->goal_mark[k]);
    }
}

/* True when n steps in direction d from u are open (on the core). */
static bool can_go(const NavRoute *rm, uint32_t u, int d, int n)
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

static inline bool run_room(RouteSearch *q, uint64_t more)
{
    return runs_room(&q->path, more);
}

/* Adds n steps in direction d after bordered index c to the path, counting
 * them by kind (runs_add); returns the last tile. */
static inline uint32_t run_add(const NavRoute *rm, RouteSearch *q, uint32_t c, int d, uint32_t n)
{
    if (d & 1)
        q->diagonal += n;
    else
        q->straight += n;
    return runs_add(&q->path, rm->boff, c, d, n);
}

/* Paths of octile length (the shortest possible) that turn at most twice:
 * diagonal then straight, straight then diagonal, and for short queries
 * (at most ROUTE_THREE_RUNS steps, so the scan stays cheap) diagonal,
 * straight, diagonal and straight, diagonal, straight, split anywhere. From
 * a (bordered ca) by dx, dy; adds the runs and returns true, or false when
 * none of them is open. */
enum { ROUTE_THREE_RUNS = 64 };
static bool octile_path(const NavRoute *rm, RouteSearch *q, uint32_t a, uint32_t ca, int dx, int dy)
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
    run_add(rm, q, run_add(rm, q, run_add(rm, q, ca, d1, (uint32_t)n1), d2, (uint32_t)n2), d1, (uint32_t)n3);
    return true;
}

/* ---- open list: a LIFO stack for the smallest f (the plateau), a binary
 * heap for the rest. Entries are not updated: a node whose g improves is
 * pushed again and the older entry skipped when it comes out. */

static inline void open_push(RouteSearch *q, uint64_t f, uint32_t node)
{
    if (f == q->plateau)
        q->stack[q->stack_n++] = node;
    else
        heap_push(q->heap, &q->heap_n, NULL, heap_slot(f, node), 0);
}

/* The next open node, closed now; NONE when none is left. Entries of
 * nodes closed already (reached again later at a lower cost) are skipped. */
static inline uint32_t open_pop(RouteSearch *q)
{
    for (;;) {
        uint32_t i;
        if (q->stack_n) {
            i = q->stack[--q->stack_n];
        } else if (q->heap_n) {
            i = q->heap[0].node;
            q->plateau = heap_key(&q->heap[0]);
            heap_pop(q->heap, &q->heap_n, NULL, 0);
        } else {
            return NONE;
        }
        uint32_t *t = &q->tag[q->node[i].tile];
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
static inline bool straight_stop(const NavRoute *rm, RouteSearch *q, uint32_t u, int x, int y, int d, int *k)
{
    int dist = rm->jump[(size_t)u * 8 + (size_t)d];
    int reach = dist > 0 ? dist : -dist;
    int stop = dist > 0 ? dist : INT_MAX;
    int sx = nav_dir8[d][0], sy = nav_dir8[d][1];
    int ahead = sx ? (q->gx - x) * sx : (q->gy - y) * sy, across = sx ? q->gy - y : q->gx - x;
    if (across == 0 && ahead > 0 && ahead <= reach && ahead < stop)
        stop = ahead;
    *k = stop;
    return stop != INT_MAX;
}

enum { ROUTE_BATCH = 32 }; /* successors relaxed together */

/* Starts loading what relaxing tile v reads. */
static inline void prefetch_target(const NavRoute *rm, RouteSearch *q, uint32_t v)
{
    PREFETCH(&q->tag[v]);
    if (q->nmarks)
        PREFETCH(&rm->mark[(size_t)v * (size_t)rm->slots]);
}

/* Node x's way along a corridor in straight direction d, if one starts
 * there: every path through a corridor tile runs along the corridor, so
 * the successor is its end, or the goal when it lies on the way (the
 * goal's way to the same end, by the same last step, is shorter). */
static inline bool along_corridor(const NavRoute *rm, RouteSearch *q, uint32_t x, int d, Target *t)
{
    const Corridor *c = &rm->corridor[x];
    uint32_t info = c->info[d / 2];
    if (!info)
        return false;
    uint32_t end = c->end[d / 2], steps = info >> CORRIDOR_STEPS_SHIFT, last = info & 7;
    const Corridor *gw = &q->goal_way;
    for (int j = 0; j < 4; j++)
        if (gw->info[j] && gw->end[j] == end && (gw->info[j] & 7) == last &&
            (gw->info[j] >> CORRIDOR_STEPS_SHIFT) < steps) {
            steps -= gw->info[j] >> CORRIDOR_STEPS_SHIFT;
            end = (uint32_t)q->gy * (uint32_t)rm->w + (uint32_t)q->gx;
            break;
        }
    int ey = tile_y(rm, end), ex = (int)(end - (uint32_t)ey * (uint32_t)rm->w);
    *t = (Target){end, VIA_CORRIDOR | (uint32_t)d, (int)steps, (int)last, ex, ey};
    prefetch_target(rm, q, end);
    return true;
}

/* Relaxes the successors found of node cur (a copy in n); false when the
 * search state cannot grow. */
static bool relax_all(const NavRoute *rm, RouteSearch *q, uint32_t cur, const Node *n, const Target *next, int count, uint32_t stamp)
{
    if (q->node_n + (uint64_t)count > NODE_MAX ||
        !buf_grow(&q->node, &q->node_cap, sizeof *q->node, (uint64_t)q->node_n + (uint64_t)count, 1024) ||
        !buf_grow(&q->heap, &q->heap_cap, sizeof *q->heap, (uint64_t)q->heap_n + (uint64_t)count, 1024) ||
        !buf_grow(&q->stack, &q->stack_cap, sizeof *q->stack, (uint64_t)q->stack_n + (uint64_t)count, 1024))
        return false;
    for (int i = 0; i < count; i++) {
        uint32_t v = next[i].tile, via = next[i].via;
        int d = next[i].d, k = next[i].k;
        uint64_t g = n->g + (uint64_t)k * (d & 1 ? NAV_UNIT_DIAGONAL : NAV_UNIT_STRAIGHT) +
                     (via & VIA_CORRIDOR ? 0 : (uint64_t)(via >> 3) * NAV_UNIT_DIAGONAL);
        uint32_t t = q->tag[v];
        uint32_t link = cur << 3 | (uint32_t)d;
        if ((t & ~(TAG_CLOSED | TAG_NODE)) == stamp) {
            if (t & TAG_CLOSED)
                continue;
            Node *m = &q->node[t & TAG_NODE];
            if (g >= m->g)
                continue;
            m->g = g;
            m->link = link;
            m->via = via;
            open_push(q, g + m->h, t & TAG_NODE);
        } else {
            PREFETCH(&rm->jump[(size_t)v * 8]); /* read when v is expanded, often soon */
            if (rm->corridor)
                PREFETCH(&rm->corridor[v]);
            uint64_t h = heuristic(rm, q, v, next[i].x, next[i].y);
            uint32_t fresh = q->node_n++;
            q->node[fresh] = (Node){g, h, v, link, via};
            q->tag[v] = stamp | fresh;
            open_push(q, g + h, fresh);
        }
    }
    return true;
}

/* Starts a search from a to b: a fresh stamp, the goal, its landmarks, and
 * a on the open list. Returns the stamp of this search's tags. */
static uint32_t search_start(const NavRoute *rm, RouteSearch *q, uint32_t a, uint32_t b)
{
    const int w = rm->w;
    if (++q->stamp >> 8) {
        memset(q->tag, 0, (size_t)rm->tiles * sizeof *q->tag);
        q->stamp = 1;
    }
    const uint32_t stamp = q->stamp << TAG_STAMP_SHIFT;
    q->gy = tile_y(rm, b);
    q->gx = (int)(b - (uint32_t)q->gy * (uint32_t)w);
    choose_landmarks(rm, q, a, b);
    q->goal_way = rm->corridor ? rm->corridor[b] : (Corridor){{0}, {0}};
    q->node_n = 1;
    q->heap_n = 0;
    q->stack_n = 0;
    int ay = tile_y(rm, a), ax = (int)(a - (uint32_t)ay * (uint32_t)w);
    uint64_t h0 = heuristic(rm, q, a, ax, ay);
    q->node[0] = (Node){0, h0, a, NONE, 0};
    q->tag[a] = stamp;
    q->plateau = h0;
    q->stack[q->stack_n++] = 0;
    return stamp;
}

/* Starts loading the jump entries of the ROUTE_DIAGONAL_AHEAD tiles after
 * p on diagonal d (see expand_diagonal); tiles past the map's ends are
 * skipped (a step off the top wraps past rm->tiles). */
enum { ROUTE_DIAGONAL_AHEAD = 3 };
static inline void prefetch_diagonal(const NavRoute *rm, uint32_t p, int d)
{
    for (int i = 1; i <= ROUTE_DIAGONAL_AHEAD; i++) {
        uint32_t q = p + (uint32_t)(i * rm->off[d]);
        if (q < rm->tiles)
            PREFETCH(&rm->jump[(size_t)q * 8]);
    }
}

/* A followed diagonal's straight jumps are taken at its first
 * ROUTE_SCAN_STOPS stops only; the next stop is left as a jump point of its
 * own (as on maps where diagonals are not followed), searched from only if
 * it is expanded. On open maps with scattered blocks a long diagonal stops
 * at almost every tile and each stop finds two jump points, most of them
 * never expanded: following it to its end costs more than it saves. */
enum { ROUTE_SCAN_STOPS = 8 };

/* The diagonal d from node cur (a copy in n, at px, py): its stops, or with
 * rm->scan the straight jump points found from each stop (up to
 * ROUTE_SCAN_STOPS of them), added to next (relaxed in batches when it
 * fills). False when the search state cannot grow.
 *
 * Each stop's jump entries are on a row of their own, so reading them is a
 * cache miss on a big map, and the next stop is known only once they are
 * read. On open maps with scattered blocks the stops come a tile or two
 * apart, so the entries of the next few tiles along start loading as soon
 * as a stop is known, side by side with the stop's own. */
static inline bool expand_diagonal(const NavRoute *rm, RouteSearch *q, uint32_t cur, const Node *n, int px, int py, int d,
                                   Target *next, int *count, uint32_t stamp)
{
    int sx = nav_dir8[d][0], sy = nav_dir8[d][1], hor = sx > 0 ? 0 : 4, ver = sy > 0 ? 2 : 6;
    uint32_t p = n->tile;
    int x = px, y = py, kd = 0;
    prefetch_diagonal(rm, p, d);
    for (int stops = 0;; stops++) {
        int dist = rm->jump[(size_t)p * 8 + (size_t)d];
        int reach = dist > 0 ? dist : -dist;
        int k = dist > 0 ? dist : INT_MAX;
        int gxr = (q->gx - x) * sx, gyr = (q->gy - y) * sy, m = gxr < gyr ? gxr : gyr;
        if (m > 0 && m <= reach && m < k)
            k = m; /* the goal's row or column */
        if (k == INT_MAX)
            return true;
        p += (uint32_t)(k * rm->off[d]);
        prefetch_diagonal(rm, p, d); /* while p's own entries load */
        x += k * sx;
        y += k * sy;
        kd += k;
        if (*count > ROUTE_BATCH - 3) {
            bool ok = relax_all(rm, q, cur, n, next, *count, stamp);
            *count = 0;
            if (!ok)
                return false;
        }
        if (!rm->scan || stops == ROUTE_SCAN_STOPS || (x == q->gx && y == q->gy)) {
            /* the goal, a map where stops are jump points of their own, or
             * a stop past the scanned ones: searched from when expanded */
            prefetch_target(rm, q, p);
            next[(*count)++] = (Target){p, 0, kd, d, x, y};
            return true;
        }
        for (int c = 0; c < 2; c++) {
            int e = c ? ver : hor, j;
            if (!straight_stop(rm, q, p, x, y, e, &j))
                continue;
            uint32_t v = p + (uint32_t)(j * rm->off[e]);
            prefetch_target(rm, q, v);
            next[(*count)++] = (Target){v, (uint32_t)kd << 3 | (uint32_t)d, j, e, x + j * nav_dir8[e][0],
                                        y + j * nav_dir8[e][1]};
        }
    }
}

/* Expands node cur: finds its successors first, so what relaxing them
 * reads loads side by side, then relaxes them. With rm->scan a diagonal is
 * followed to its end: the straight jump points found from its stops are
 * successors of this node (JPS2's pruning of intermediate nodes), the stops
 * themselves never enter the open list. False when the search state cannot
 * grow. */
static inline bool expand(const NavRoute *rm, RouteSearch *q, uint32_t cur, uint32_t stamp)
{
    const Node n = q->node[cur];
    int py = tile_y(rm, n.tile), px = (int)(n.tile - (uint32_t)py * (uint32_t)rm->w);
    unsigned mask = n.link == NONE ? 0xFFu : successors((int)(n.link & 7), rm->forced[n.tile]);
    Target next[ROUTE_BATCH];
    int count = 0;
    for (int d = 0; d < 8; d++) {
        if (!(mask >> d & 1))
            continue;
        if (d & 1) {
            if (!expand_diagonal(rm, q, cur, &n, px, py, d, next, &count, stamp))
                return false;
            continue;
        }
        /* a diagonal can leave the batch all but full, and the next
         * diagonal (which makes room first) may not be in the mask */
        if (count == ROUTE_BATCH) {
            bool ok = relax_all(rm, q, cur, &n, next, count, stamp);
            count = 0;
            if (!ok)
                return false;
        }
        int k;
        if (rm->corridor && along_corridor(rm, q, n.tile, d, &next[count])) {
            count++;
        } else if (straight_stop(rm, q, n.tile, px, py, d, &k)) {
            uint32_t v = n.tile + (uint32_t)(k * rm->off[d]);
            prefetch_target(rm, q, v);
            next[count++] = (Target){v, 0, k, d, px + k * nav_dir8[d][0], py + k * nav_dir8[d][1]};
        }
    }
    return relax_all(rm, q, cur, &n, next, count, stamp);
}

/* Adds the corridor leaving tile p (bordered c) in direction d, up to tile
 * end (its end, or the goal on it), as runs: at each tile the way on (d
 * first, then not back), as far as its jump entry goes (a corridor turns
 * only where a jump stops) or to end if that comes first. False when the
 * runs cannot grow. */
static bool corridor_runs(const NavRoute *rm, RouteSearch *q, uint32_t c, uint32_t p, int d, uint32_t end)
{
    int py = tile_y(rm, p), px = (int)(p - (uint32_t)py * (uint32_t)rm->w);
    int ey = tile_y(rm, end), ex = (int)(end - (uint32_t)ey * (uint32_t)rm->w);
    while (p != end) {
        const int16_t *j = rm->jump + (size_t)p * 8;
        int e = d;
        while (e == ((d + 4) & 7) || !j[e])
            e = (e + 2) & 7;
        int sx = nav_dir8[e][0], sy = nav_dir8[e][1];
        int k = j[e] > 0 ? j[e] : -j[e];
        int ahead = sx ? (ex - px) * sx : (ey - py) * sy, across = sx ? ey - py : ex - px;
        if (across == 0 && ahead > 0 && ahead < k)
            k = ahead;
        if (!run_room(q, 1))
            return false;
        c = run_add(rm, q, c, e, (uint32_t)k);
        p += (uint32_t)(k * rm->off[e]);
        px += k * sx;
        py += k * sy;
        d = e;
    }
    return true;
}

/* Unwinds the search from node end: the jump points back to the start, kept
 * on the stack (free now), then their lines forwards as runs. False when
 * the runs cannot grow. */
static bool unwind(const NavRoute *rm, RouteSearch *q, uint32_t end)
{
    const int w = rm->w;
    q->stack_n = 0;
    for (uint32_t i = end; q->node[i].link != NONE; i = q->node[i].link >> 3) {
        if (!buf_grow(&q->stack, &q->stack_cap, sizeof *q->stack, (uint64_t)q->stack_n + 1, 1024))
            return false;
        q->stack[q->stack_n++] = i;
    }
    if (!run_room(q, 2 * (uint64_t)q->stack_n))
        return false;
    while (q->stack_n) {
        const Node *n = &q->node[q->stack[--q->stack_n]];
        uint32_t p = q->node[n->link >> 3].tile;
        int py = tile_y(rm, p);
        uint32_t c = bordered(rm, p, py);
        if (n->via & VIA_CORRIDOR) {
            if (!corridor_runs(rm, q, c, p, (int)(n->via & 7), n->tile))
                return false;
            continue;
        }
        if (n->via) { /* the diagonal first */
            int d = (int)(n->via & 7), k = (int)(n->via >> 3);
            c = run_add(rm, q, c, d, (uint32_t)k);
            p += (uint32_t)(k * rm->off[d]);
            py += k * nav_dir8[d][1];
        }
        int uy = tile_y(rm, n->tile);
        int dx = (int)(n->tile - (uint32_t)uy * (uint32_t)w) - (int)(p - (uint32_t)py * (uint32_t)w), dy = uy - py;
        int k = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
        run_add(rm, q, c, (int)(n->link & 7), (uint32_t)k);
    }
    return true;
}

/* JPS over the core from a to b (core tiles of one region); adds the path's
 * runs. NAV_OUT_OF_MEMORY when the search state cannot grow. */
static NavStatus core_search(const NavRoute *rm, RouteSearch *q, uint32_t a, uint32_t b, NavRouteResult *res)
{
    const uint32_t stamp = search_start(rm, q, a, b);
    uint32_t cur;
    while ((cur = open_pop(q)) != NONE) {
        if (q->node[cur].tile == b)
            break;
        res->expanded++;
        if (!expand(rm, q, cur, stamp))
            return NAV_OUT_OF_MEMORY;
    }
    if (cur == NONE) /* cannot happen: a and b share a region */
        return NAV_NO_PATH;
    return unwind(rm, q, cur) ? NAV_DONE : NAV_OUT_OF_MEMORY;
}

/* The search state: tags and the climb buffer (a tile each), and the
 * arrays that grow, to start with room for a search over an eighth of the
 * map (at most 65536 nodes); pages are written now, not on first use. */
bool route_search_alloc(const NavRoute *rm, RouteSearch *q)
{
    if (q->tag && q->tiles == rm->tiles)
        return true;
    route_search_free(q);
    uint32_t room = rm->tiles / 8 < 1024 ? 1024 : rm->tiles / 8 > 65536 ? 65536 : rm->tiles / 8;
    q->tag = calloc(rm->tiles, sizeof *q->tag);
    q->climb = malloc(rm->tiles);
    if (!q->tag || !q->climb || !buf_grow(&q->node, &q->node_cap, sizeof *q->node, room, 1024) ||
        !buf_grow(&q->heap, &q->heap_cap, sizeof *q->heap, room, 1024) ||
        !buf_grow(&q->stack, &q->stack_cap, sizeof *q->stack, room, 1024) || !runs_room(&q->path, 1024)) {
        route_search_free(q);
        return false;
    }
    q->tiles = rm->tiles;
    memset(q->tag, 0, (size_t)rm->tiles * sizeof *q->tag);
    memset(q->climb, 0, rm->tiles);
    memset(q->node, 0, (size_t)q->node_cap * sizeof *q->node);
    memset(q->heap, 0, (size_t)q->heap_cap * sizeof *q->heap);
    memset(q->stack, 0, (size_t)q->stack_cap * sizeof *q->stack);
    memset(q->path.run, 0, runs_bytes(&q->path));
    return true;
}

void route_search_free(RouteSearch *q)
{
    free(q->tag);
    free(q->node);
    free(q->heap);
    free(q->stack);
    free(q->climb);
    runs_free(&q->path);
    memset(q, 0, sizeof *q);
}

struct RouteSearch *route_search_new(void)
{
    return calloc(1, sizeof(RouteSearch));
}

void route_search_delete(RouteSearch *q)
{
    if (!q)
        return;
    route_search_free(q);
    free(q);
}

size_t route_search_bytes(const RouteSearch *q)
{
    return sizeof *q + (q->tag ? (size_t)q->tiles * (sizeof *q->tag + sizeof *q->climb) : 0) + (size_t)q->node_cap * sizeof *q->node +
           (size_t)q->heap_cap * sizeof *q->heap + (size_t)q->stack_cap * sizeof *q->stack + runs_bytes(&q->path);
}

static inline uint32_t tree_depth(uint32_t link)
{
    return link_kind(link) == KIND_TREE ? link & LINK_DEPTH : 0;
}

/* Climbs the trees from tiles *a and *b (ca: *a as a bordered index) to
 * the deepest tile both share, or to the core: the start's side as runs,
 * the goal's steps up in q->climb (*nb of them). False when the runs
 * cannot grow. */
static inline bool climb_trees(const NavRoute *rm, RouteSearch *q, uint32_t *pa, uint32_t *pb, uint32_t *pca, uint32_t *pnb)
{
    uint32_t a = *pa, b = *pb, ca = *pca, nb = 0;
    uint32_t la = rm->link[a], lb = rm->link[b];
    uint32_t da = tree_depth(la), db = tree_depth(lb);
    if (!run_room(q, (uint64_t)da + db + 3))
        return false;
    while (da > db) {
        int d = (int)(la >> LINK_DIR_SHIFT & 7);
        a += (uint32_t)rm->off[d];
        ca = run_add(rm, q, ca, d, 1);
        la = rm->link[a];
        da--;
    }
    while (db > da) {
        int d = (int)(lb >> LINK_DIR_SHIFT & 7);
        q->climb[nb++] = (uint8_t)d;
        b += (uint32_t)rm->off[d];
        lb = rm->link[b];
        db--;
    }
    while (a != b && da > 0) {
        int d = (int)(la >> LINK_DIR_SHIFT & 7), e = (int)(lb >> LINK_DIR_SHIFT & 7);
        a += (uint32_t)rm->off[d];
        ca = run_add(rm, q, ca, d, 1);
        q->climb[nb++] = (uint8_t)e;
        b += (uint32_t)rm->off[e];
        la = rm->link[a];
        lb = rm->link[b];
        da--;
    }
    *pa = a;
    *pb = b;
    *pca = ca;
    *pnb = nb;
    return true;
}

static bool on_map(const NavRoute *rm, NavPos p)
{
    return p.x >= 0 && p.y >= 0 && p.x < rm->w && p.y < rm->h;
}

/* nav_route_find on a prepared map, start and goal on it. */
static NavStatus find(const NavRoute *rm, RouteSearch *q, NavPos start, NavPos goal, NavRouteResult *out)
{
    if (!route_search_alloc(rm, q))
        return NAV_OUT_OF_MEMORY;
    const int w = rm->w;
    uint32_t s = (uint32_t)start.y * (uint32_t)w + (uint32_t)start.x;
    uint32_t t = (uint32_t)goal.y * (uint32_t)w + (uint32_t)goal.x;
    if (rm->region[s] != rm->region[t] || !rm->region[s])
        return NAV_NO_PATH;
    /* climb the trees to the deepest tile both ends share, or to the core */
    uint32_t a = s, b = t, nb = 0;
    uint32_t ca = bordered(rm, s, start.y);
    if (!climb_trees(rm, q, &a, &b, &ca, &nb)) {
        return NAV_OUT_OF_MEMORY;
    }
    if (a != b) {
        /* two core tiles: the octile path if one of its forms with few turns
         * is open, else a search */
        int ay = tile_y(rm, a), by = tile_y(rm, b);
        int ax = (int)(a - (uint32_t)ay * (uint32_t)w), bx = (int)(b - (uint32_t)by * (uint32_t)w);
        if (!octile_path(rm, q, a, ca, bx - ax, by - ay)) {
            NavStatus st = core_search(rm, q, a, b, out);
            if (st != NAV_DONE)
                return st;
        }
        ca = bordered(rm, b, by);
        if (!run_room(q, nb))
            return NAV_OUT_OF_MEMORY;
    }
    /* the goal's side, down the climb */
    while (nb) {
        int d = (q->climb[--nb] + 4) & 7;
        ca = run_add(rm, q, ca, d, 1);
    }
    out->steps = (int)q->path.steps;
    out->straight = q->straight;
    out->diagonal = q->diagonal;
    return NAV_DONE;
}

NavStatus route_find(const NavRoute *rm, RouteSearch *q, const NavGrid *g, NavPos start, NavPos goal,
                     NavRouteResult *out)
{
    NavRouteResult unused;
    if (!out)
        out = &unused;
    memset(out, 0, sizeof *out);
    runs_clear(&q->path);
    q->straight = q->diagonal = 0;
    if (!on_map(rm, start) || !on_map(rm, goal) || !nav_route_ready(rm, g))
        return NAV_INVALID;
    NavStatus st = find(rm, q, start, goal, out);
    if (st != NAV_DONE) { /* no path: no tiles (nav_route_tile), nothing counted */
        runs_clear(&q->path);
        memset(out, 0, sizeof *out);
    }
    return st;
}

uint32_t route_tile(const NavRoute *rm, RouteSearch *q, int i)
{
    if (i < 0 || (uint32_t)i >= q->path.steps)
        return 0; /* the border's first tile: no path's */
    return runs_tile(&q->path, rm->boff, i);
}

NavStatus nav_route_find(NavRoute *rm, const NavGrid *g, NavPos start, NavPos goal, NavRouteResult *out)
{
    return route_find(rm, &rm->own, g, start, goal, out);
}

uint32_t nav_route_tile(NavRoute *rm, int i)
{
    return route_tile(rm, &rm->own, i);
}
