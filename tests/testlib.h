/* SPDX-License-Identifier: MIT */
/* testlib.h - what every test file needs, the navigation library's tests
 * too (it sees only src/nav): cmocka, a fixed-seed random generator,
 * temporary files, the independent brute-force reference and the walk
 * check. Level fixtures are in testlevel.h. */
#ifndef ISODROID_TESTLIB_H
#define ISODROID_TESTLIB_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "grid.h"
#include "prepared.h"
#include "query.h"

/* xorshift64*: deterministic across platforms */
static inline uint32_t test_rand(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (uint32_t)((*s * UINT64_C(2685821657736338717)) >> 32);
}

/* Writes text to a fresh temporary file; returns its malloc'd path. */
static inline char *test_write_temp(const char *text, size_t len)
{
    char tmpl[] = "/tmp/isodroid-test-XXXXXX";
    int fd = mkstemp(tmpl);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
    return strdup(tmpl);
}

/* Reads a whole file (malloc'd, NUL-terminated); NULL if it cannot. */
static inline char *test_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 >= cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

/* The reference: plain Dijkstra with double costs and an O(n^2) minimum
 * scan, written from the rules (entering cost x 1 or sqrt 2, no corner
 * cutting on 8-way, axial neighbours on hex) and sharing no code with
 * path.c. Returns the cost from start to goal, or -1 when unreachable. */
static inline double test_brute_force(const NavGrid *g, NavPos s, NavPos t, NavTopology topo)
{
    static const int n8[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    static const int n4[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static const int nh[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}};
    const int (*nb)[2] = topo == NAV_TOPO_8 ? n8 : topo == NAV_TOPO_4 ? n4 : nh;
    int nn = topo == NAV_TOPO_8 ? 8 : topo == NAV_TOPO_4 ? 4 : 6;
    int w = g->w, h = g->h;
    if (s.x < 0 || s.y < 0 || s.x >= w || s.y >= h || t.x < 0 || t.y < 0 || t.x >= w || t.y >= h)
        return -1;
#define BF_COST(x, y) ((x) >= 0 && (y) >= 0 && (x) < w && (y) < h ? g->cost[((y) + 1) * (w + 2) + (x) + 1] : 0)
    if (!BF_COST(s.x, s.y) || !BF_COST(t.x, t.y))
        return -1;
    double *dist = malloc(sizeof(double) * (size_t)(w * h));
    char *done = calloc((size_t)(w * h), 1);
    for (int i = 0; i < w * h; i++)
        dist[i] = 1e300;
    dist[s.y * w + s.x] = 0;
    double result = -1;
    for (;;) {
        int best = -1;
        for (int i = 0; i < w * h; i++)
            if (!done[i] && dist[i] < 1e299 && (best < 0 || dist[i] < dist[best]))
                best = i;
        if (best < 0)
            break;
        done[best] = 1;
        int x = best % w, y = best / w;
        if (x == t.x && y == t.y) {
            result = dist[best];
            break;
        }
        for (int k = 0; k < nn; k++) {
            int dx = nb[k][0], dy = nb[k][1], nx = x + dx, ny = y + dy;
            int c = BF_COST(nx, ny);
            if (!c)
                continue;
            int diagonal = topo == NAV_TOPO_8 && dx && dy;
            if (diagonal && (!BF_COST(x + dx, y) || !BF_COST(x, y + dy)))
                continue;
            double nd = dist[best] + c * (diagonal ? 1.4142135623730951 : 1.0);
            if (nd < dist[ny * w + nx])
                dist[ny * w + nx] = nd;
        }
    }
#undef BF_COST
    free(dist);
    free(done);
    return result;
}

/* Checks that st's path is a legal walk from its start (no corner cut, a
 * step of the topology) whose summed cost is the reported length, ending at
 * the reported end tile; returns that length. The brute force's companion:
 * one checks the length is optimal, this that the tiles walk it. */
static inline double test_check_walk(const NavQuery *st, const NavGrid *g, NavTopology topo)
{
    const NavQueryResult *r = nav_query_result(st);
    NavPos at = r->start;
    double len = 0;
    for (int i = 0; i < r->steps; i++) {
        NavPos t = nav_query_tile(st, i);
        int dx = t.x - at.x, dy = t.y - at.y;
        if (!nav_query_can_step(g, topo, at.x, at.y, dx, dy))
            fail_msg("illegal step %d,%d -> %d,%d", at.x, at.y, t.x, t.y);
        bool diag = topo == NAV_TOPO_8 && dx && dy;
        len += nav_grid_cost(g, t.x, t.y) * (diag ? 1.4142135623730951 : 1.0);
        at = t;
    }
    assert_int_equal(at.x, r->end.x);
    assert_int_equal(at.y, r->end.y);
    assert_true(fabs(len - r->length) < 1e-9);
    return len;
}
/* A random w x h grid: each tile blocked with probability wall_pct %, else
 * cost 1, or a random cost in 1..max_cost when max_cost > 1. */
static inline void test_random_grid(NavGrid *g, int w, int h, int wall_pct, int max_cost, uint64_t *seed)
{
    assert_int_equal(nav_grid_init(g, w, h), NAV_DONE);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if ((int)(test_rand(seed) % 100) < wall_pct)
                continue;
            nav_grid_set(g, x, y, (uint8_t)(max_cost > 1 ? 1 + test_rand(seed) % (uint32_t)max_cost : 1));
        }
}


/* A w x h grid with walls, and ground of costs 2..max_cost in 1 to 5
 * round patches (on the rest, cost 1). */
static inline void test_patchy_grid(NavGrid *g, int w, int h, int max_cost, uint64_t *seed)
{
    test_random_grid(g, w, h, (int)(test_rand(seed) % 40), 1, seed);
    int patches = 1 + (int)(test_rand(seed) % 5);
    for (int p = 0; p < patches; p++) {
        int cx = (int)(test_rand(seed) % (uint32_t)w), cy = (int)(test_rand(seed) % (uint32_t)h);
        int r = (int)(test_rand(seed) % 4);
        uint8_t c = (uint8_t)(2 + test_rand(seed) % (uint32_t)(max_cost - 1));
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r && nav_grid_walkable(g, x, y))
                    nav_grid_set(g, x, y, c);
    }
}

/* A maze of n x m cells, corridors `wide` tiles wide, walls 1 wide and a
 * wall all round: a ((wide + 1) n + 1) x ((wide + 1) m + 1) grid, carved by
 * a depth-first walk from the top left cell, one way between any two cells.
 * Cell (cx, cy) is the tiles from (wide + 1) cx + 1 across, (wide + 1) cy + 1
 * down; the wall between it and the next cell is at (wide + 1) (cx + 1). */
static inline void test_maze(NavGrid *g, int n, int m, int wide, uint64_t *seed)
{
    int side = wide + 1;
    assert_int_equal(nav_grid_init(g, side * n + 1, side * m + 1), NAV_DONE);
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            if (x % side && y % side)
                nav_grid_set(g, x, y, 1);
    char *seen = calloc((size_t)(n * m), 1);
    int *stack = malloc(sizeof *stack * (size_t)(n * m));
    assert_true(seen && stack);
    int top = 0;
    stack[top++] = 0;
    seen[0] = 1;
    static const int step[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    while (top) {
        int c = stack[top - 1], cx = c % n, cy = c / n;
        int options[4], k = 0;
        for (int d = 0; d < 4; d++) {
            int nx = cx + step[d][0], ny = cy + step[d][1];
            if (nx >= 0 && ny >= 0 && nx < n && ny < m && !seen[ny * n + nx])
                options[k++] = d;
        }
        if (!k) {
            top--;
            continue;
        }
        int d = options[test_rand(seed) % (uint32_t)k];
        int nx = cx + step[d][0], ny = cy + step[d][1];
        for (int i = 1; i <= wide; i++) /* the wall between the two cells opens */
            nav_grid_set(g, step[d][0] ? side * (cx > nx ? cx : nx) : side * cx + i,
                         step[d][1] ? side * (cy > ny ? cy : ny) : side * cy + i, 1);
        seen[ny * n + nx] = 1;
        stack[top++] = ny * n + nx;
    }
    free(seen);
    free(stack);
}

/* ---- a folder of its own for a per-user file (the progress, the settings) ---- */
typedef struct TestDir {
    char path[64];
    char file[128]; /* DIR/isodroid/NAME: its folder made by the first write */
} TestDir;

static inline void test_dir_make(TestDir *d, const char *name)
{
    snprintf(d->path, sizeof d->path, "/tmp/isodroid-%s-XXXXXX", name);
    assert_non_null(mkdtemp(d->path));
    snprintf(d->file, sizeof d->file, "%s/isodroid/%s", d->path, name);
}

static inline void test_dir_remove(TestDir *d)
{
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf %s", d->path);
    assert_int_equal(system(cmd), 0);
}

/* "FILE" + suffix in a static buffer (two in turn) */
static inline const char *test_dir_at(const TestDir *d, const char *suffix)
{
    static char buf[2][200];
    static int k;
    k ^= 1;
    snprintf(buf[k], sizeof buf[k], "%s%s", d->file, suffix);
    return buf[k];
}

/* Writes FILE + suffix, its folder made first. */
static inline void test_dir_put(const TestDir *d, const char *suffix, const char *text, size_t len)
{
    char folder[100];
    snprintf(folder, sizeof folder, "%s/isodroid", d->path);
    mkdir(folder, 0755);
    FILE *f = fopen(test_dir_at(d, suffix), "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
}

static inline void test_dir_put_text(const TestDir *d, const char *suffix, const char *text)
{
    test_dir_put(d, suffix, text, strlen(text));
}

#endif
