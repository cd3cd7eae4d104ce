/* SPDX-License-Identifier: MIT */
/* region.c - connected regions by two scans of the rows (runs of walkable
 * tiles joined by union-find, then labelled), and the nearest tile of a
 * region by rings around the goal. */
#include "region.h"

#include "buf.h"
#include "units.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

NavStatus nav_region_copy(NavRegion *dst, const NavRegion *src)
{
    if (dst->label && dst->grid_version == src->grid_version && dst->w == src->w && dst->h == src->h)
        return NAV_DONE; /* labelled from the same tiles: the same labels */
    uint32_t *label = dst->label;
    if (!buf_copy(&label, src->label, (size_t)src->w * (size_t)src->h * sizeof *label))
        return NAV_OUT_OF_MEMORY;
    *dst = *src;
    dst->label = label;
    return NAV_DONE;
}

/* The labelling, in three passes over the rows (a NavRegionBuild step can stop
 * after any row of any pass):
 *   1. read the rows into bits (bit i of word j: column 64 j + i walkable;
 *      eight tiles at a time from the grid's bytes, grid.h) and count the
 *      runs of walkable tiles, so the union-find forest is allocated once;
 *   2. number the runs in row-major order and join each to the runs of the
 *      row above that share a column with it (4-connectivity): one join for
 *      each stretch of columns walkable in both rows. Every run's parent is
 *      a run before it, so the root of a region is its first run;
 *   3. go through the runs in the same order again: a root takes the next
 *      label, any other run its parent's label (its parent came before it,
 *      so parent[] holds that label by then), and its tiles are written.
 * The labels are thus numbered by the regions' first tiles in row-major
 * order, as a flood fill started at each unlabelled tile in that order
 * numbers them. The runs and the stretches are found a word at a time
 * (lowest set bit), so no branch depends on a single tile, and a maze of
 * short runs costs little more than an open floor. */

enum { PASS_START, PASS_COUNT, PASS_JOIN, PASS_LABEL, PASS_DONE };

#define WORD_BITS 64
#define ROW_WORDS(w) (((size_t)(w) + WORD_BITS - 1) / WORD_BITS)

/* The index of the lowest bit set in v (not 0). */
static int low_bit(uint64_t v)
{
#if defined(__GNUC__)
    return __builtin_ctzll(v);
#else
    static const unsigned char debruijn[64] = {
        0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
        43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
        44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
    return debruijn[((v & (0 - v)) * UINT64_C(0x03f79d71b4cb0a89)) >> 58];
#endif
}

/* The number of bits set. */
static int ones(uint64_t v)
{
#if defined(__GNUC__) && defined(__POPCNT__)
    return __builtin_popcountll(v);
#else /* without the instruction the builtin is a call */
    v -= v >> 1 & UINT64_C(0x5555555555555555);
    v = (v & UINT64_C(0x3333333333333333)) + (v >> 2 & UINT64_C(0x3333333333333333));
    v = (v + (v >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((v * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

/* Bit i set when byte p[i] is not 0, for the 8 bytes at p. */
static uint64_t nonzero8(const uint8_t *p)
{
    /* byte i at bits 8 i whatever the machine's byte order (compilers make it one load) */
    uint64_t v = (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
                 (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
    const uint64_t low7 = UINT64_C(0x7f7f7f7f7f7f7f7f);
    uint64_t top = (((v & low7) + low7) | v) & ~low7; /* the top bit of each byte not 0 */
    return (top >> 7) * UINT64_C(0x0102040810204080) >> 56; /* gathered into the low byte */
}

/* The walkable tiles among columns 64 j .. 64 j + 63 of a row of width w. */
static uint64_t walkable_word(const uint8_t *row, int w, int j)
{
    int x = j * WORD_BITS, n = w - x < WORD_BITS ? w - x : WORD_BITS, i = 0;
    uint64_t bits = 0;
    for (; i + 8 <= n; i += 8)
        bits |= nonzero8(row + x + i) << i;
    for (; i < n; i++)
        bits |= (uint64_t)(row[x + i] != 0) << i;
    return bits;
}

/* The first tiles of runs among the walkable bits of a word, given the
 * walkable bits of the word before it (0 for the first word). */
static uint64_t run_starts(uint64_t walk, uint64_t walk_before)
{
    return walk & ~(walk << 1 | walk_before >> (WORD_BITS - 1));
}

/* Reads row y of the grid into the build's bits; returns its number of runs. */
static uint32_t read_row(NavRegionBuild *b, int y)
{
    const NavGrid *g = b->grid;
    const uint8_t *row = g->cost + nav_grid_index(g, 0, y);
    size_t nw = ROW_WORDS(g->w);
    uint64_t *walk = b->bits + (size_t)y * nw, before = 0;
    uint32_t n = 0;
    for (size_t j = 0; j < nw; j++) {
        walk[j] = walkable_word(row, g->w, (int)j);
        n += (uint32_t)ones(run_starts(walk[j], before));
        before = walk[j];
    }
    return n;
}

/* The column after the run that starts at bit i of word j: its first blocked
 * column (the bits past the row's end are 0, so the row's width at most). */
static size_t run_end(const uint64_t *walk, size_t nw, size_t j, int i)
{
    uint64_t blocked = ~walk[j] & (~UINT64_C(0) << i);
    while (!blocked) {
        if (++j == nw)
            return nw * WORD_BITS; /* the row's width, a multiple of 64 here */
        blocked = ~walk[j];
    }
    return j * WORD_BITS + (size_t)low_bit(blocked);
}

/* out[x0..x1) = v, writing 8 at once for a short run: out[x1..x0 + 8) may be
 * written as well, which the caller has room for and writes again after. */
static void fill_run(uint32_t *out, size_t x0, size_t x1, uint32_t v)
{
    for (int k = 0; k < 8; k++)
        out[x0 + k] = v;
    for (size_t x = x0 + 8; x < x1; x++)
        out[x] = v;
}

/* The root of run x, halving the path to it on the way. */
static uint32_t find_root(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Numbers the runs of row y and joins them to those of the row above. */
static void join_row(NavRegionBuild *b, int w, int y)
{
    size_t nw = ROW_WORDS(w), at_len = (size_t)w + 8;
    const uint64_t *walk = b->bits + (size_t)y * nw;
    uint32_t *at = b->at + (size_t)(y & 1) * at_len; /* the run of each walkable column */
    const uint32_t *up_at = b->at + (size_t)((y + 1) & 1) * at_len;
    uint32_t *parent = b->parent, k = b->next_run;
    for (size_t j = 0; j < nw; j++)
        for (uint64_t s = run_starts(walk[j], j ? walk[j - 1] : 0); s; s &= s - 1) {
            int i = low_bit(s);
            fill_run(at, j * WORD_BITS + (size_t)i, run_end(walk, nw, j, i), k);
            parent[k] = k;
            k++;
        }
    b->next_run = k;
    if (y == 0)
        return;
    const uint64_t *up_walk = walk - nw;
    /* A run's first join hangs it (a root until then) under the parent of
     * the run above, which keeps the paths short; a further join unites
     * the two roots, the later under the earlier. */
    uint32_t last = UINT32_MAX, root = UINT32_MAX;
    uint64_t shared_before = 0;
    for (size_t j = 0; j < nw; j++) {
        uint64_t shared = walk[j] & up_walk[j];
        for (uint64_t s = run_starts(shared, shared_before); s; s &= s - 1) {
            size_t x = j * WORD_BITS + (size_t)low_bit(s);
            uint32_t a = at[x], c = up_at[x];
            if (a != last) {
                parent[a] = parent[c];
                last = a;
                root = UINT32_MAX;
                continue;
            }
            if (root == UINT32_MAX)
                root = find_root(parent, a);
            uint32_t q = find_root(parent, c);
            if (q < root) {
                parent[root] = q;
                root = q;
            } else if (q > root) {
                parent[q] = root;
            }
        }
        shared_before = shared;
    }
}

/* Labels the runs of row y (in the order join_row numbered them) and writes
 * the row's labels. */
static void label_row(NavRegionBuild *b, int w, int y)
{
    size_t nw = ROW_WORDS(w);
    const uint64_t *walk = b->bits + (size_t)y * nw;
    uint32_t *parent = b->parent, k = b->next_run, count = b->out.count;
    size_t first = (size_t)y * (size_t)w, room = (size_t)w * (size_t)b->grid->h - first;
    uint32_t *out = b->out.label + first;
    if (b->spare) /* reused memory: the row as calloc gives it */
        memset(out, 0, (size_t)w * sizeof *out);
    for (size_t j = 0; j < nw; j++)
        for (uint64_t s = run_starts(walk[j], j ? walk[j - 1] : 0); s; s &= s - 1) {
            int i = low_bit(s);
            size_t x0 = j * WORD_BITS + (size_t)i, x1 = run_end(walk, nw, j, i);
            uint32_t p = parent[k];
            bool root = p == k;
            uint32_t label = root ? count + 1 : parent[p];
            count += root;
            parent[k++] = label;
            if (x1 + 8 <= room) {
                fill_run(out, x0, x1, label);
                for (int q = 0; q < 8; q++) /* the blocked tiles after it: the next run comes later */
                    out[x1 + q] = 0;
            } else { /* near the end of the labels */
                for (size_t x = x0; x < x1; x++)
                    out[x] = label;
            }
        }
    b->next_run = k;
    b->out.count = count;
}

/* Frees what the build holds but the labels. */
static void drop_scratch(NavRegionBuild *b)
{
    if (b->spare != b->out.label)
        free(b->spare); /* not yet taken for the labels */
    b->spare = NULL;
    free(b->parent);
    free(b->bits);
    free(b->at);
    b->parent = NULL;
    b->bits = NULL;
    b->at = NULL;
}

static NavStatus stop(NavRegionBuild *b, NavStatus status)
{
    drop_scratch(b);
    nav_region_deinit(&b->out);
    b->status = status;
    return status;
}

/* Moves to the next pass and allocates what it needs; false when out of memory. */
static bool next_pass(NavRegionBuild *b)
{
    const NavGrid *g = b->grid;
    size_t nw = ROW_WORDS(g->w), tiles = (size_t)g->w * (size_t)g->h;
    b->pass++;
    b->row = 0;
    b->next_run = 0;
    if (b->pass == PASS_COUNT && tiles > 0) {
        b->bits = malloc(nw * (size_t)g->h * sizeof *b->bits);
        return b->bits != NULL;
    }
    if (b->pass == PASS_JOIN && b->runs > 0) {
        b->parent = malloc((size_t)b->runs * sizeof *b->parent);
        b->at = malloc(2 * ((size_t)g->w + 8) * sizeof *b->at);
        return b->parent && b->at;
    }
    if (b->pass == PASS_LABEL && tiles > 0) {
        b->out.label = b->spare ? b->spare : calloc(tiles, sizeof *b->out.label);
        return b->out.label != NULL;
    }
    if (b->pass == PASS_DONE)
        drop_scratch(b);
    return true;
}

void nav_region_begin(NavRegionBuild *b, const NavGrid *g)
{
    memset(b, 0, sizeof *b);
    b->grid = g;
    b->grid_version = g->version;
    b->status = NAV_IN_PROGRESS;
    b->pass = PASS_START;
    b->out.w = g->w;
    b->out.h = g->h;
    b->out.grid_version = g->version;
}

void nav_region_begin_reuse(NavRegionBuild *b, const NavGrid *g, NavRegion *old)
{
    nav_region_begin(b, g);
    if (old->label && old->w == g->w && old->h == g->h)
        b->spare = old->label;
    else
        free(old->label);
    memset(old, 0, sizeof *old);
}

void nav_region_build_restart(NavRegionBuild *b, const NavGrid *g)
{
    uint32_t *mem = b->out.label ? b->out.label : b->spare; /* the one label memory it holds, if any */
    bool fits = mem && b->grid && b->out.w == g->w && b->out.h == g->h;
    b->spare = NULL;
    b->out.label = NULL;
    nav_region_build_free(b);
    NavRegion old = {g->w, g->h, fits ? mem : NULL, 0, 0};
    if (!fits)
        free(mem);
    nav_region_begin_reuse(b, g, &old);
}

NavStatus nav_region_build_step(NavRegionBuild *b, long work)
{
    if (!b->grid)
        return NAV_INVALID; /* zeroed, finished or freed: no labelling under way */
    if (b->status != NAV_IN_PROGRESS)
        return b->status;
    const NavGrid *g = b->grid;
    if (g->version != b->grid_version)
        return stop(b, NAV_GRID_CHANGED);
    long done = 0;
    if (work < 1)
        work = 1;
    do {
        if (b->pass == PASS_START || b->row == g->h) {
            if (!next_pass(b))
                return stop(b, NAV_OUT_OF_MEMORY);
            if (b->pass == PASS_DONE) {
                b->status = NAV_DONE;
                return NAV_DONE;
            }
            continue;
        }
        if (b->pass == PASS_COUNT && b->bits) {
            uint64_t runs = (uint64_t)b->runs + read_row(b, b->row);
            if (runs >= UINT32_MAX) /* more than labels can number (not with grid.h's sides) */
                return stop(b, NAV_OUT_OF_MEMORY);
            b->runs = (uint32_t)runs;
        } else if (b->pass != PASS_COUNT && b->runs > 0) {
            (b->pass == PASS_JOIN ? join_row : label_row)(b, g->w, b->row);
        }
        b->row++;
        done += g->w > 0 ? g->w : 1;
    } while (done < work);
    return NAV_IN_PROGRESS;
}

double nav_region_build_progress(const NavRegionBuild *b)
{
    const NavGrid *g = b->grid;
    if (b->status == NAV_DONE || b->pass == PASS_DONE)
        return 1.0;
    if (!g || g->h <= 0 || b->pass == PASS_START)
        return 0.0;
    return ((double)(b->pass - PASS_COUNT) * g->h + b->row) / (3.0 * g->h);
}

NavStatus nav_region_build_finish(NavRegionBuild *b, NavRegion *out)
{
    if (!b->grid || b->status != NAV_DONE) {
        memset(out, 0, sizeof *out);
        return b->grid ? b->status : NAV_INVALID;
    }
    *out = b->out;
    memset(&b->out, 0, sizeof b->out);
    nav_region_build_free(b);
    return NAV_DONE;
}

bool nav_region_build_rebind(NavRegionBuild *b, const NavGrid *g)
{
    if (!b->grid || g->version != b->grid_version || g->w != b->out.w || g->h != b->out.h)
        return false;
    b->grid = g;
    return true;
}

size_t nav_region_build_bytes(const NavRegionBuild *b)
{
    if (!b->grid)
        return 0;
    size_t n = 0, w = (size_t)b->out.w, h = (size_t)b->out.h;
    if (b->bits)
        n += ROW_WORDS(w) * h * sizeof *b->bits;
    if (b->parent)
        n += (size_t)b->runs * sizeof *b->parent;
    if (b->at)
        n += 2 * (w + 8) * sizeof *b->at;
    if (b->out.label)
        n += w * h * sizeof *b->out.label;
    if (b->spare && b->spare != b->out.label)
        n += w * h * sizeof *b->spare;
    return n;
}

void nav_region_build_free(NavRegionBuild *b)
{
    drop_scratch(b);
    nav_region_deinit(&b->out);
    memset(b, 0, sizeof *b);
}

NavStatus nav_region_init(NavRegion *r, const NavGrid *g)
{
    NavRegionBuild b;
    nav_region_begin(&b, g);
    nav_region_build_step(&b, LONG_MAX);
    NavStatus st = nav_region_build_finish(&b, r);
    nav_region_build_free(&b);
    return st;
}

void nav_region_deinit(NavRegion *r)
{
    free(r->label);
    memset(r, 0, sizeof *r);
}

uint32_t nav_region_of(const NavRegion *r, int x, int y)
{
    if (x < 0 || y < 0 || x >= r->w || y >= r->h)
        return 0;
    return r->label[(size_t)y * (size_t)r->w + (size_t)x];
}

static void consider(const NavRegion *r, uint32_t label, NavPos goal, int x, int y, uint64_t *best, NavPos *out)
{
    if (nav_region_of(r, x, y) != label)
        return;
    uint64_t d = nav_octile(x - goal.x, y - goal.y);
    if (d < *best || (d == *best && (y < out->y || (y == out->y && x < out->x)))) {
        *best = d;
        *out = nav_pos(x, y);
    }
}

/* How far c lies past the span 0..n-1 (0 inside it), in 64 bits. */
static int64_t overshoot(int c, int n)
{
    return c < 0 ? -(int64_t)c : c >= n ? (int64_t)c - (n - 1) : 0;
}

/* c moved by k towards the span 0..n-1 (k at most its overshoot). */
static int towards(int c, int n, int64_t k)
{
    return (int)(c < 0 ? c + k : c >= n ? c - k : c);
}

/* A goal at most max(w, h) - 1 past the grid on each side that orders the
 * tiles as goal does, with the same ties: octile distances are
 * hi S + lo (D - S) (hi, lo the larger and smaller of |dx|, |dy|). Moving a
 * goal outside on both axes diagonally towards the grid takes the same from
 * |dx| and |dy| of every tile, so from every distance the same; and once
 * the goal is outside on one axis alone, by at least the other side's
 * length, that axis's distance is hi for every tile and moving it in takes
 * the same from every distance too. Any ints, no overflow. */
static NavPos near_goal(const NavRegion *r, NavPos goal)
{
    int64_t ox = overshoot(goal.x, r->w), oy = overshoot(goal.y, r->h);
    int64_t both = ox < oy ? ox : oy;
    ox -= both;
    oy -= both;
    int64_t kx = both + (ox > r->h - 1 ? ox - (r->h - 1) : 0);
    int64_t ky = both + (oy > r->w - 1 ? oy - (r->w - 1) : 0);
    return nav_pos(towards(goal.x, r->w, kx), towards(goal.y, r->h, ky));
}

bool nav_region_nearest(const NavRegion *r, uint32_t label, NavPos goal, NavPos *out)
{
    if (label == 0 || label > r->count)
        return false;
    goal = near_goal(r, goal);
    uint64_t best = UINT64_MAX;
    int far = r->w + r->h; /* no tile is further in Chebyshev distance */
    for (int ring = 0; ring <= far; ring++) {
        /* every tile on ring k is at least k straight steps from the goal */
        if (best != UINT64_MAX && (uint64_t)ring * NAV_UNIT_STRAIGHT > best)
            break;
        int x0 = goal.x - ring, x1 = goal.x + ring, y0 = goal.y - ring, y1 = goal.y + ring;
        if (x0 < 0 && y0 < 0 && x1 >= r->w && y1 >= r->h && best != UINT64_MAX)
            break;
        if (ring == 0) {
            consider(r, label, goal, goal.x, goal.y, &best, out);
            continue;
        }
        for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < r->w; x++) {
            consider(r, label, goal, x, y0, &best, out);
            consider(r, label, goal, x, y1, &best, out);
        }
        for (int y = (y0 + 1 < 0 ? 0 : y0 + 1); y < y1 && y < r->h; y++) {
            consider(r, label, goal, x0, y, &best, out);
            consider(r, label, goal, x1, y, &best, out);
        }
    }
    return best != UINT64_MAX;
}
