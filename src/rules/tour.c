/* SPDX-License-Identifier: MIT */
/* tour.c - the winnability proof: one flow field (field.h) from each cell
 * and from the exit gives every leg's exact optimal cost; then the order. */
#include "tour.h"

#include "field.h"
#include "query.h"
#include "sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NONE UINT64_MAX

void tour_free(TourResult *r)
{
    free(r->order);
    memset(r, 0, sizeof *r);
}

static double floor_steps(uint64_t u)
{
    return (double)u / (double)NAV_UNIT_STRAIGHT;
}

static int by_index(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Exact: best[mask][last] = least cost to take the cells of mask, ending on
 * last, with the energy never short; least cost also leaves most energy. */
static bool exact_order(int k, const uint64_t *d, int stride, int64_t e0, int64_t cell, bool limited, int *order,
                        uint64_t *total)
{
    size_t states = ((size_t)1 << k) * (size_t)k;
    uint64_t *best = malloc(states * sizeof *best);
    int8_t *prev = malloc(states);
    if (!best || !prev) {
        free(best);
        free(prev);
        return false;
    }
    for (size_t i = 0; i < states; i++)
        best[i] = NONE, prev[i] = -1;
    /* point 0 is the start, 1..k the cells, k+1 the exit: d[a * stride + b] */
    for (int c = 0; c < k; c++) {
        uint64_t leg = d[0 * stride + c + 1];
        if (leg != NONE && (!limited || (int64_t)leg <= e0))
            best[((size_t)1 << c) * (size_t)k + (size_t)c] = leg;
    }
    for (size_t mask = 1; mask < ((size_t)1 << k); mask++) {
        int taken = __builtin_popcountll(mask);
        for (int last = 0; last < k; last++) {
            uint64_t cost = best[mask * (size_t)k + (size_t)last];
            if (cost == NONE)
                continue;
            for (int c = 0; c < k; c++) {
                if (mask & ((size_t)1 << c))
                    continue;
                uint64_t leg = d[(last + 1) * stride + c + 1];
                if (leg == NONE)
                    continue;
                uint64_t nc = cost + leg;
                if (limited && (int64_t)nc > e0 + taken * cell)
                    continue;
                size_t at = (mask | ((size_t)1 << c)) * (size_t)k + (size_t)c;
                if (nc < best[at]) {
                    best[at] = nc;
                    prev[at] = (int8_t)last;
                }
            }
        }
    }
    size_t full = ((size_t)1 << k) - 1;
    int end = -1;
    uint64_t end_cost = NONE;
    for (int last = 0; last < k; last++) {
        uint64_t cost = best[full * (size_t)k + (size_t)last], leg = d[(last + 1) * stride + k + 1];
        if (cost == NONE || leg == NONE)
            continue;
        if (limited && (int64_t)(cost + leg) > e0 + k * cell)
            continue;
        if (cost + leg < end_cost)
            end_cost = cost + leg, end = last;
    }
    bool ok = end >= 0;
    if (ok) {
        size_t mask = full;
        for (int i = k - 1, c = end; i >= 0; i--) {
            order[i] = c;
            int p = prev[mask * (size_t)k + (size_t)c];
            mask &= ~((size_t)1 << c);
            c = p;
        }
        *total = end_cost;
    }
    free(best);
    free(prev);
    return ok;
}

/* Sums of leg costs, saturated (an unlimited-energy walk of thousands of
 * legs across a 4096x4096 maze could pass 2^64 units). */
static uint64_t add_sat(uint64_t a, uint64_t b)
{
    return a > NONE - 1 - b ? NONE - 1 : a + b;
}

typedef struct Near {
    uint64_t leg; /* from the start */
    int cell;
} Near;

static int by_leg(const void *a, const void *b)
{
    const Near *x = a, *y = b;
    if (x->leg != y->leg)
        return (x->leg > y->leg) - (x->leg < y->leg);
    return (x->cell > y->cell) - (x->cell < y->cell);
}

/* The cells greedy_order starts from (firsts[0 .. tries)): every cell, or
 * when it cannot try them all the `tries` nearest to the start, in reading
 * order. False when memory runs out. */
static bool greedy_firsts(int k, const uint64_t *d, int tries, int *firsts)
{
    for (int c = 0; c < k; c++)
        firsts[c] = c;
    if (tries >= k)
        return true;
    Near *near = malloc((size_t)k * sizeof *near);
    if (!near)
        return false;
    for (int c = 0; c < k; c++)
        near[c] = (Near){d[c + 1], c}; /* row 0 of d: the legs from the start */
    qsort(near, (size_t)k, sizeof *near, by_leg);
    for (int f = 0; f < tries; f++)
        firsts[f] = near[f].cell;
    free(near);
    qsort(firsts, (size_t)tries, sizeof *firsts, by_index);
    return true;
}

/* Heuristic: from a first cell, always the nearest cell the energy reaches
 * (ties: the first in reading order). Every first cell is tried while that
 * costs at most TOUR_GREEDY_WORK leg looks (k^3), else the cells nearest
 * the start, as many as k^2 looks each fit in it (at least one): at most
 * quadratic in cells. The energy in hand is the game's: spent leg by leg,
 * each cell adding its energy up to SIM_ENERGY_MAX. *work counts the leg
 * looks. */
static bool greedy_order(int k, const uint64_t *d, int stride, int64_t e0, int64_t cell, bool limited, int *order,
                         uint64_t *total, long *work)
{
    int *try = malloc((size_t)k * sizeof *try);
    int *firsts = malloc((size_t)k * sizeof *firsts);
    bool *used = malloc((size_t)k);
    if (!try || !firsts || !used) {
        free(try);
        free(firsts);
        free(used);
        return false;
    }
    long per_first = (long)k * (long)k;
    int tries = TOUR_GREEDY_WORK / per_first >= k ? k : (int)(TOUR_GREEDY_WORK / per_first);
    if (tries < 1)
        tries = 1;
    if (!greedy_firsts(k, d, tries, firsts)) {
        free(try);
        free(firsts);
        free(used);
        return false;
    }
    uint64_t best = NONE;
    for (int f = 0; f < tries; f++) {
        int first = firsts[f];
        memset(used, 0, (size_t)k);
        int at = 0; /* point index: 0 start */
        uint64_t cost = 0;
        int64_t hand = e0;
        bool ok = true;
        for (int i = 0; i < k && ok; i++) {
            int pick = -1;
            if (i == 0) {
                uint64_t leg = d[at * stride + first + 1];
                if (leg != NONE && (!limited || leg <= (uint64_t)hand))
                    pick = first;
                ++*work;
            } else {
                for (int c = 0; c < k; c++) {
                    if (used[c])
                        continue;
                    uint64_t leg = d[at * stride + c + 1];
                    if (leg == NONE || (limited && leg > (uint64_t)hand))
                        continue;
                    if (pick < 0 || leg < d[at * stride + pick + 1])
                        pick = c;
                }
                *work += k;
            }
            ok = pick >= 0;
            if (ok) {
                uint64_t leg = d[at * stride + pick + 1];
                cost = add_sat(cost, leg);
                if (limited)
                    hand = sim_energy_gain(hand - (int64_t)leg, cell);
                used[pick] = true;
                try[i] = pick;
                at = pick + 1;
            }
        }
        uint64_t leg = ok ? d[at * stride + k + 1] : NONE;
        if (!ok || leg == NONE || (limited && leg > (uint64_t)hand))
            continue;
        if (add_sat(cost, leg) < best) {
            best = add_sat(cost, leg);
            memcpy(order, try, (size_t)k * sizeof *order);
        }
    }
    free(try);
    free(firsts);
    free(used);
    *total = best;
    return best != NONE;
}

/* The number of cells of l, and in *exit its first exit in reading order
 * ({-1, -1} when it has none). */
static int count_cells(const Level *l, NavPos *exit)
{
    *exit = (NavPos){-1, -1};
    int k = 0;
    for (int y = 0; y < l->h; y++)
        for (int x = 0; x < l->w; x++) {
            TileKind t = level_kind(l, x, y);
            k += t == TILE_CELL;
            if (t == TILE_EXIT && exit->x < 0)
                *exit = nav_pos(x, y);
        }
    return k;
}

/* The tour's points: 0 the start, 1..k the cells in reading order, k+1 the exit. */
static void place_points(const Level *l, NavPos exit, int k, NavPos *pt)
{
    pt[0] = l->start;
    int c = 1;
    for (int y = 0; y < l->h; y++)
        for (int x = 0; x < l->w; x++)
            if (level_kind(l, x, y) == TILE_CELL)
                pt[c++] = nav_pos(x, y);
    pt[k + 1] = exit;
}

/* d[a][b]: from point a to point b = the field towards b, read at a;
 * false when a field does not fit in memory. */
static NavStatus leg_costs(const NavGrid *g, const NavPos *pt, int n, uint64_t *d, const RulesStop *stop)
{
    NavStatus st = NAV_DONE;
    for (int b = 1; b < n && st == NAV_DONE; b++) {
        NavField f;
        st = stop_field_init(&f, g, pt[b], stop);
        for (int a = 0; a < n && st == NAV_DONE; a++)
            d[a * n + b] = f.cost[(size_t)pt[a].y * (size_t)f.w + (size_t)pt[a].x];
        nav_field_deinit(&f);
    }
    return st;
}

/* The order of the k cells: none to plan without cells, exact up to
 * TOUR_EXACT_MAX, else greedy; its cost in *total; false when none is found. */
static bool plan_order(int k, const uint64_t *d, int64_t e0, int64_t cell, bool limited, int *order,
                       uint64_t *total, TourResult *out)
{
    int stride = k + 2;
    if (k == 0) {
        *total = d[0 * stride + 1];
        out->exact = true;
        return *total != NONE && (!limited || (int64_t)*total <= e0);
    }
    if (k <= TOUR_EXACT_MAX) {
        out->exact = true;
        return exact_order(k, d, stride, e0, cell, limited, order, total);
    }
    return greedy_order(k, d, stride, e0, cell, limited, order, total, &out->work);
}

/* A winnable tour's report: the walk, and the least energy in hand after
 * any leg (before its cell), with the game's energy: spent, then each
 * cell's added up to SIM_ENERGY_MAX. */
static void report_walk(int k, const uint64_t *d, const NavPos *pt, const int *order, uint64_t total, int64_t e0,
                        int64_t cell, bool limited, TourResult *out)
{
    int stride = k + 2, at = 0;
    int64_t hand = e0, tight = INT64_MAX;
    double length = 0;
    for (int i = 0; i <= k; i++) {
        int to = i < k ? order[i] + 1 : k + 1;
        uint64_t leg = d[at * stride + to];
        length += floor_steps(leg);
        if (limited) {
            hand -= (int64_t)leg; /* the order was found affordable: never below 0 */
            if (hand < tight)
                tight = hand;
            if (i < k)
                hand = sim_energy_gain(hand, cell);
        }
        out->order[i] = pt[to];
        at = to;
    }
    out->length = total < NONE - 1 ? floor_steps(total) : length;
    out->energy_left = limited ? floor_steps((uint64_t)hand) : 0;
    out->tightest = limited ? floor_steps((uint64_t)tight) : 0;
    out->verdict = TOUR_WINNABLE;
}

/* Why a tour without an order is not winnable: a point out of reach, or the energy. */
static void report_not_winnable(int k, const uint64_t *d, TourResult *out)
{
    int stride = k + 2;
    bool reach = d[0 * stride + k + 1] != NONE;
    for (int b = 1; b <= k; b++)
        reach = reach && d[0 * stride + b] != NONE;
    snprintf(out->why, sizeof out->why, "%s",
             !reach ? "a cell or the exit cannot be reached from the start"
             : out->exact ? "no order of the cells leaves enough energy to reach the exit"
                          : "no order found (nearest affordable cell first) leaves enough energy");
    out->verdict = TOUR_NOT_WINNABLE;
}

TourVerdict tour_plan(const Level *l, TourResult *out)
{
    return tour_plan_stop(l, out, NULL);
}

TourVerdict tour_plan_stop(const Level *l, TourResult *out, const RulesStop *stop)
{
    memset(out, 0, sizeof *out);
    NavPos exit;
    int k = count_cells(l, &exit);
    out->cells = k;
    if (exit.x < 0)
        return out->verdict = TOUR_NO_EXIT;
    if (k > TOUR_MAX_CELLS) {
        snprintf(out->why, sizeof out->why, "%d cells: at most %d are planned", k, TOUR_MAX_CELLS);
        return out->verdict = TOUR_ERROR;
    }
    int n = k + 2;
    NavPos *pt = malloc((size_t)n * sizeof *pt);
    uint64_t *d = malloc((size_t)n * (size_t)n * sizeof *d);
    int *order = malloc(((size_t)k + 1) * sizeof *order);
    out->order = malloc(((size_t)k + 1) * sizeof *out->order);
    NavGrid g;
    bool grid_ok = level_build_grid(l, &g);
    bool ok = pt && d && order && out->order && grid_ok;
    NavStatus legs = NAV_OUT_OF_MEMORY;
    if (ok) {
        place_points(l, exit, k, pt);
        legs = leg_costs(&g, pt, n, d, stop);
        ok = legs == NAV_DONE;
    }
    if (grid_ok)
        nav_grid_deinit(&g);
    if (!ok) {
        free(pt);
        free(d);
        free(order);
        free(out->order);
        out->order = NULL;
        bool stopped = legs == NAV_LIMIT;
        snprintf(out->why, sizeof out->why, "%s", stopped ? "stopped" : "out of memory");
        return out->verdict = stopped ? TOUR_STOPPED : TOUR_ERROR;
    }
    bool limited = l->energy > 0;
    int64_t e0 = (int64_t)l->energy * (int64_t)NAV_UNIT_STRAIGHT, cell = (int64_t)l->cell_energy * (int64_t)NAV_UNIT_STRAIGHT;
    uint64_t total = 0;
    if (plan_order(k, d, e0, cell, limited, order, &total, out))
        report_walk(k, d, pt, order, total, e0, cell, limited, out);
    else
        report_not_winnable(k, d, out);
    free(pt);
    free(d);
    free(order);
    return out->verdict;
}

bool tour_least_energy(const Level *l, double *energy)
{
    if ((long)l->w * l->h > TOUR_PAR_TILES_MAX)
        return false;
    int cells = 0;
    for (long i = 0, n = (long)l->w * l->h; i < n && cells <= TOUR_EXACT_MAX; i++)
        cells += l->glyphs[i] == '*';
    if (cells > TOUR_EXACT_MAX)
        return false;
    TourResult r;
    bool ok = tour_plan(l, &r) == TOUR_WINNABLE && r.exact;
    if (ok)
        *energy = r.length;
    tour_free(&r);
    return ok;
}
