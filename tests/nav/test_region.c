/* SPDX-License-Identifier: MIT */
/* test_region.c - region labels: equal to a plain flood fill's, numbered
 * the same way, on random grids of many sizes and densities; a build spread
 * over steps of any size gives the one-shot labels; the nearest tile of a
 * region is the brute-force scan's; a grid edited during a build is
 * reported; out of memory is reported and leaks nothing. */
#include "testlib.h"

#include <limits.h>

#include "region.h"

/* ---- the reference ----------------------------------------------------------
 * A breadth-first flood fill over the 4 neighbours of each walkable tile,
 * started at each unlabelled walkable tile in row-major order: region k is
 * the k-th met. Reads the tiles through nav_grid_cost only. */
static uint32_t reference_labels(const NavGrid *g, uint32_t *label)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    size_t *queue = malloc((n ? n : 1) * sizeof *queue);
    memset(label, 0, n * sizeof *label);
    uint32_t count = 0;
    for (size_t seed = 0; seed < n; seed++) {
        int sx = (int)(seed % (size_t)g->w), sy = (int)(seed / (size_t)g->w);
        if (label[seed] || nav_grid_cost(g, sx, sy) == 0)
            continue;
        count++;
        size_t head = 0, tail = 0;
        label[seed] = count;
        queue[tail++] = seed;
        while (head < tail) {
            size_t i = queue[head++];
            int x = (int)(i % (size_t)g->w), y = (int)(i / (size_t)g->w);
            const int nx[4] = {x, x - 1, x + 1, x}, ny[4] = {y - 1, y, y, y + 1};
            for (int k = 0; k < 4; k++) {
                if (nav_grid_cost(g, nx[k], ny[k]) == 0)
                    continue;
                size_t j = (size_t)ny[k] * (size_t)g->w + (size_t)nx[k];
                if (!label[j]) {
                    label[j] = count;
                    queue[tail++] = j;
                }
            }
        }
    }
    free(queue);
    return count;
}

/* Fails unless r holds exactly the reference's labels of g. */
static void expect_reference(const NavRegion *r, const NavGrid *g)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    uint32_t *want = malloc((n ? n : 1) * sizeof *want);
    uint32_t count = reference_labels(g, want);
    assert_int_equal(r->w, g->w);
    assert_int_equal(r->h, g->h);
    assert_true(r->grid_version == g->version);
    if (r->count != count)
        fail_msg("%dx%d: %u regions, the reference %u", g->w, g->h, r->count, count);
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            if (nav_region_of(r, x, y) != want[(size_t)y * (size_t)g->w + (size_t)x])
                fail_msg("%dx%d: tile %d,%d labelled %u, the reference %u", g->w, g->h, x, y, nav_region_of(r, x, y),
                         want[(size_t)y * (size_t)g->w + (size_t)x]);
    free(want);
}

static bool same_labels(const NavRegion *a, const NavRegion *b)
{
    return a->w == b->w && a->h == b->h && a->count == b->count && a->grid_version == b->grid_version &&
           memcmp(a->label, b->label, (size_t)a->w * (size_t)a->h * sizeof *a->label) == 0;
}

/* The sizes tried: thin ones, and widths on both sides of 64-tile words. */
static void random_size(uint64_t *seed, int round, int *w, int *h)
{
    static const int sides[] = {1, 2, 3, 7, 8, 9, 31, 63, 64, 65, 66, 127, 128, 129, 130, 200};
    int n = (int)(sizeof sides / sizeof sides[0]);
    switch (round % 4) {
    case 0: /* 1xN and Nx1 */
        *w = 1 + (int)(test_rand(seed) % 300);
        *h = 1;
        if (test_rand(seed) & 1) {
            *h = *w;
            *w = 1;
        }
        break;
    case 1:
        *w = sides[test_rand(seed) % (uint32_t)n];
        *h = 1 + (int)(test_rand(seed) % 40);
        break;
    default:
        *w = 1 + (int)(test_rand(seed) % 90);
        *h = 1 + (int)(test_rand(seed) % 90);
        break;
    }
}

static void test_labels_equal_flood_fill(void **state)
{
    (void)state;
    static const int walls[] = {0, 5, 20, 35, 41, 45, 50, 60, 80, 95, 100};
    uint64_t seed = 7;
    long tiles = 0;
    for (int round = 0; round < 600; round++) {
        int w, h;
        random_size(&seed, round, &w, &h);
        int wall_pct = walls[test_rand(&seed) % (sizeof walls / sizeof walls[0])];
        NavGrid g;
        test_random_grid(&g, w, h, wall_pct, round % 3 == 0 ? NAV_GRID_MAX_COST : 1, &seed);
        NavRegion r;
        assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
        expect_reference(&r, &g);
        tiles += (long)w * h;
        nav_region_deinit(&r);
        nav_grid_deinit(&g);
    }
    print_message("%ld tiles compared\n", tiles);
}

/* Tiles that touch only at a corner are apart (8-way moves never cut a
 * corner), whatever their costs; the labels go in row-major order. */
static void test_diagonals_apart(void **state)
{
    (void)state;
    for (int side = 1; side <= 70; side += 23) {
        NavGrid g;
        assert_int_equal(nav_grid_init(&g, side, side), NAV_DONE);
        for (int y = 0; y < side; y++)
            for (int x = 0; x < side; x++)
                if ((x + y) % 2 == 0)
                    nav_grid_set(&g, x, y, (uint8_t)(1 + (x * 7 + y) % NAV_GRID_MAX_COST));
        NavRegion r;
        assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
        uint32_t next = 0;
        for (int y = 0; y < side; y++)
            for (int x = 0; x < side; x++)
                assert_int_equal(nav_region_of(&r, x, y), (x + y) % 2 == 0 ? ++next : 0);
        assert_int_equal(r.count, next);
        expect_reference(&r, &g);
        nav_region_deinit(&r);
        nav_grid_deinit(&g);
    }
    /* rooms that touch only at corners */
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, 6, 4), NAV_DONE);
    const char *rows[] = {"##..#.", "##..#.", "..####", "..##.."};
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 6; x++)
            nav_grid_set(&g, x, y, rows[y][x] == '.' ? 3 : 0);
    NavRegion r;
    assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
    assert_int_equal(r.count, 4);
    static const uint32_t want[4][6] = {{0, 0, 1, 1, 0, 2}, {0, 0, 1, 1, 0, 2}, {3, 3, 0, 0, 0, 0}, {3, 3, 0, 0, 4, 4}};
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 6; x++)
            assert_int_equal(nav_region_of(&r, x, y), want[y][x]);
    assert_int_equal(nav_region_of(&r, -1, 0), 0);
    assert_int_equal(nav_region_of(&r, 6, 0), 0);
    assert_int_equal(nav_region_of(&r, 0, 4), 0);
    expect_reference(&r, &g);
    nav_region_deinit(&r);
    nav_grid_deinit(&g);
}

static void test_all_walls_all_floor(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1, 1}, {1, 9}, {9, 1}, {64, 3}, {65, 65}, {300, 2}};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int w = sizes[s][0], h = sizes[s][1];
        NavGrid g;
        assert_int_equal(nav_grid_init(&g, w, h), NAV_DONE);
        NavRegion r;
        assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
        assert_int_equal(r.count, 0);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                assert_int_equal(nav_region_of(&r, x, y), 0);
        nav_region_deinit(&r);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                nav_grid_set(&g, x, y, (uint8_t)(1 + (x + y) % NAV_GRID_MAX_COST));
        assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
        assert_int_equal(r.count, 1);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                assert_int_equal(nav_region_of(&r, x, y), 1);
        NavPos at;
        assert_true(nav_region_nearest(&r, 1, nav_pos(w - 1, h / 2), &at));
        assert_int_equal(at.x, w - 1);
        assert_int_equal(at.y, h / 2);
        assert_false(nav_region_nearest(&r, 2, nav_pos(0, 0), &at));
        assert_false(nav_region_nearest(&r, 0, nav_pos(0, 0), &at));
        nav_region_deinit(&r);
        nav_grid_deinit(&g);
    }
}

/* Runs that meet only lower down (a U: the region keeps the number of its
 * first tile), and a spiral corridor, whose runs join far from where the
 * region starts. */
static void test_late_joins(void **state)
{
    (void)state;
    const char *rows[] = {
        ".#.#.#....", /* four runs on row 0: the first two meet on row 2, */
        ".#.#.#.##.", "...#.#.##.", "####...##.", ".........." /* the others on row 3 */
    };
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, 10, 5), NAV_DONE);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 10; x++)
            nav_grid_set(&g, x, y, rows[y][x] == '.' ? 1 : 0);
    NavRegion r;
    assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
    assert_int_equal(r.count, 2);
    assert_int_equal(nav_region_of(&r, 0, 0), 1);
    assert_int_equal(nav_region_of(&r, 2, 0), 1);
    assert_int_equal(nav_region_of(&r, 4, 0), 2);
    assert_int_equal(nav_region_of(&r, 9, 4), 2);
    expect_reference(&r, &g);
    nav_region_deinit(&r);
    nav_grid_deinit(&g);

    int side = 61;
    assert_int_equal(nav_grid_init(&g, side, side), NAV_DONE);
    /* a square spiral of floor, a wall between its turns */
    int x0 = 0, y0 = 0, x1 = side - 1, y1 = side - 1;
    while (x0 <= x1 && y0 <= y1) {
        for (int x = x0; x <= x1; x++)
            nav_grid_set(&g, x, y0, 1);
        for (int y = y0; y <= y1; y++)
            nav_grid_set(&g, x1, y, 1);
        for (int x = x0; x <= x1; x++)
            nav_grid_set(&g, x, y1, 1);
        for (int y = y0 + 2; y <= y1; y++)
            nav_grid_set(&g, x0, y, 1);
        if (x0 + 2 <= x1)
            nav_grid_set(&g, x0 + 1, y0 + 2, 1);
        x0 += 2;
        y0 += 2;
        x1 -= 2;
        y1 -= 2;
    }
    assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
    expect_reference(&r, &g);
    nav_region_deinit(&r);
    nav_grid_deinit(&g);
}

/* Builds g in steps of `work` tiles (or random sizes when work is 0),
 * checking the status and progress on the way. */
static void build_sliced(const NavGrid *g, long work, uint64_t *seed, NavRegion *out)
{
    NavRegionBuild b;
    nav_region_begin(&b, g);
    assert_true(nav_region_build_progress(&b) == 0.0);
    double progress = 0;
    long steps = 0;
    NavStatus st;
    do {
        long slice = work ? work : (long)(test_rand(seed) % 300) - 20; /* some below 1 */
        st = nav_region_build_step(&b, slice);
        double p = nav_region_build_progress(&b);
        assert_true(p >= progress && p <= 1.0);
        progress = p;
        steps++;
        assert_true(steps <= 3L * g->w * g->h + 3L * g->h + 10); /* each step does something */
    } while (st == NAV_IN_PROGRESS);
    assert_int_equal(st, NAV_DONE);
    assert_true(progress == 1.0);
    assert_int_equal(nav_region_build_step(&b, 1), NAV_DONE); /* stays done */
    assert_int_equal(nav_region_build_finish(&b, out), NAV_DONE);
    nav_region_build_free(&b); /* harmless after finish */
    nav_region_build_free(&b);
}

static void test_sliced_equals_one_shot(void **state)
{
    (void)state;
    static const long works[] = {1, 7, 1000, 0, LONG_MAX};
    uint64_t seed = 99;
    for (int round = 0; round < 200; round++) {
        int w, h;
        random_size(&seed, round, &w, &h);
        NavGrid g;
        test_random_grid(&g, w, h, (int)(test_rand(&seed) % 101), round % 2 ? 4 : 1, &seed);
        NavRegion whole;
        assert_int_equal(nav_region_init(&whole, &g), NAV_DONE);
        for (size_t k = 0; k < sizeof works / sizeof works[0]; k++) {
            NavRegion part;
            build_sliced(&g, works[k], &seed, &part);
            if (!same_labels(&whole, &part))
                fail_msg("%dx%d, steps of %ld: not nav_region_init's labels", w, h, works[k]);
            nav_region_deinit(&part);
        }
        /* steps of exactly one row, and of a row and one tile */
        for (long extra = 0; extra <= 1; extra++) {
            NavRegion part;
            build_sliced(&g, w + extra, &seed, &part);
            assert_true(same_labels(&whole, &part));
            nav_region_deinit(&part);
        }
        nav_region_deinit(&whole);
        nav_grid_deinit(&g);
    }
}

/* Two builds of two grids, stepped in turn, do not disturb each other. */
static void test_builds_interleaved(void **state)
{
    (void)state;
    uint64_t seed = 5;
    NavGrid g[2];
    NavRegion whole[2];
    NavRegionBuild b[2];
    for (int i = 0; i < 2; i++) {
        test_random_grid(&g[i], 50 + 20 * i, 40 - 10 * i, 40, 1, &seed);
        assert_int_equal(nav_region_init(&whole[i], &g[i]), NAV_DONE);
        nav_region_begin(&b[i], &g[i]);
    }
    NavStatus st[2] = {NAV_IN_PROGRESS, NAV_IN_PROGRESS};
    while (st[0] == NAV_IN_PROGRESS || st[1] == NAV_IN_PROGRESS)
        for (int i = 0; i < 2; i++)
            st[i] = nav_region_build_step(&b[i], 13);
    for (int i = 0; i < 2; i++) {
        NavRegion r;
        assert_int_equal(st[i], NAV_DONE);
        assert_int_equal(nav_region_build_finish(&b[i], &r), NAV_DONE);
        assert_true(same_labels(&whole[i], &r));
        nav_region_deinit(&r);
        nav_region_deinit(&whole[i]);
        nav_region_build_free(&b[i]);
        nav_grid_deinit(&g[i]);
    }
}

/* The reference for nav_region_nearest: every tile of the region, the least
 * octile distance, ties to the lower row, then the lower column. */
static bool nearest_by_scan(const NavRegion *r, uint32_t label, NavPos goal, NavPos *out)
{
    bool found = false;
    uint64_t best = 0;
    for (int y = 0; y < r->h; y++)
        for (int x = 0; x < r->w; x++) {
            if (label == 0 || nav_region_of(r, x, y) != label)
                continue;
            uint64_t dx = (uint64_t)(x > goal.x ? x - goal.x : goal.x - x);
            uint64_t dy = (uint64_t)(y > goal.y ? y - goal.y : goal.y - y);
            uint64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
            uint64_t d = (hi - lo) * NAV_UNIT_STRAIGHT + lo * NAV_UNIT_DIAGONAL;
            if (!found || d < best) { /* row-major order: the first of equals is the wanted one */
                found = true;
                best = d;
                *out = nav_pos(x, y);
            }
        }
    return found;
}

static void test_nearest_equals_scan(void **state)
{
    (void)state;
    uint64_t seed = 1234;
    int compared = 0;
    for (int round = 0; round < 150; round++) {
        int w, h;
        random_size(&seed, round, &w, &h);
        if (w * h > 2500)
            continue;
        NavGrid g;
        test_random_grid(&g, w, h, 30 + (int)(test_rand(&seed) % 50), 1, &seed);
        NavRegion r;
        assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
        for (int q = 0; q < 40; q++) {
            /* goals on the grid: rings reach every tile from there (region.c) */
            NavPos goal = nav_pos((int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h));
            uint32_t label = r.count ? 1 + test_rand(&seed) % r.count : 0;
            if (q % 8 == 0)
                label = nav_region_of(&r, goal.x, goal.y);
            NavPos got = nav_pos(-9, -9), want = nav_pos(-9, -9);
            bool ok = nav_region_nearest(&r, label, goal, &got);
            assert_int_equal(ok, nearest_by_scan(&r, label, goal, &want));
            if (ok && (got.x != want.x || got.y != want.y))
                fail_msg("%dx%d, region %u, goal %d,%d: %d,%d, the scan %d,%d", w, h, label, goal.x, goal.y, got.x,
                         got.y, want.x, want.y);
            compared++;
        }
        assert_false(nav_region_nearest(&r, r.count + 1, nav_pos(0, 0), &(NavPos){0, 0}));
        nav_region_deinit(&r);
        nav_grid_deinit(&g);
    }
    print_message("%d nearest tiles compared\n", compared);
    assert_true(compared > 2000);
}

/* An edit between two steps (whatever the pass) stops the build with
 * NAV_GRID_CHANGED, and finishing it gives nothing. */
static void test_grid_edited_mid_build(void **state)
{
    (void)state;
    uint64_t seed = 3;
    NavGrid g;
    test_random_grid(&g, 20, 15, 30, 1, &seed);
    for (int before = 0; before < 3 * 15 + 3; before += 4) {
        NavRegionBuild b;
        nav_region_begin(&b, &g);
        for (int s = 0; s < before; s++)
            assert_int_equal(nav_region_build_step(&b, 1), NAV_IN_PROGRESS);
        nav_grid_set(&g, 3, 4, nav_grid_walkable(&g, 3, 4) ? 0 : 1);
        assert_int_equal(nav_region_build_step(&b, 1), NAV_GRID_CHANGED);
        assert_int_equal(nav_region_build_step(&b, LONG_MAX), NAV_GRID_CHANGED); /* stays so */
        NavRegion r = {.count = 77};
        assert_int_equal(nav_region_build_finish(&b, &r), NAV_GRID_CHANGED);
        assert_null(r.label);
        assert_int_equal(r.count, 0);
        nav_region_build_free(&b);
    }
    /* edited and edited back: still another version of the grid */
    NavRegionBuild b;
    nav_region_begin(&b, &g);
    assert_int_equal(nav_region_build_step(&b, 1), NAV_IN_PROGRESS);
    uint8_t c = nav_grid_cost(&g, 0, 0);
    nav_grid_set(&g, 0, 0, c ? 0 : 1);
    nav_grid_set(&g, 0, 0, c);
    assert_int_equal(nav_region_build_step(&b, LONG_MAX), NAV_GRID_CHANGED);
    nav_region_build_free(&b);
    /* unfinished builds are freed without a leak, and are not finished */
    nav_region_begin(&b, &g);
    assert_int_equal(nav_region_build_step(&b, 50), NAV_IN_PROGRESS);
    NavRegion r;
    assert_int_equal(nav_region_build_finish(&b, &r), NAV_IN_PROGRESS);
    assert_null(r.label);
    nav_region_build_free(&b);
    nav_region_begin(&b, &g);
    nav_region_build_free(&b);
    nav_grid_deinit(&g);
}

/* A build begun again (nav_region_build_restart) at any point of any pass,
 * or begun on the memory of old labels (nav_region_begin_reuse), on a grid
 * edited since, labels as a fresh one does: the memory kept is cleared
 * row by row, never read. */
static void test_restart_and_reuse(void **state)
{
    (void)state;
    uint64_t seed = 41;
    for (int round = 0; round < 24; round++) {
        int w, h;
        random_size(&seed, round, &w, &h);
        NavGrid g;
        test_random_grid(&g, w, h, 35, 1, &seed);
        long all = 3L * w * h + 3;
        long before = (long)(test_rand(&seed) % (uint32_t)(all + 4));
        NavRegionBuild b;
        nav_region_begin(&b, &g);
        for (long k = 0; k < before && nav_region_build_step(&b, 1 + (long)(test_rand(&seed) % 9)) == NAV_IN_PROGRESS; k++)
            ;
        for (int e = 0; e < 3; e++) /* edits: walls become floor and floor walls */
            nav_grid_set(&g, (int)(test_rand(&seed) % (uint32_t)w), (int)(test_rand(&seed) % (uint32_t)h),
                         (uint8_t)(test_rand(&seed) % 2));
        nav_region_build_restart(&b, &g);
        NavRegion sliced, fresh, again;
        assert_int_equal(nav_region_build_step(&b, LONG_MAX), NAV_DONE);
        assert_int_equal(nav_region_build_finish(&b, &sliced), NAV_DONE);
        assert_int_equal(nav_region_init(&fresh, &g), NAV_DONE);
        assert_true(same_labels(&sliced, &fresh));
        expect_reference(&sliced, &g);
        /* the finished labels' memory, for the labels of the grid edited again */
        for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
            sliced.label[i] = 0xdeadbeef; /* what the new labels must not keep */
        nav_grid_set(&g, 0, 0, nav_grid_walkable(&g, 0, 0) ? 0 : 1);
        nav_region_begin_reuse(&b, &g, &sliced);
        assert_null(sliced.label);
        while (nav_region_build_step(&b, 1 + (long)(test_rand(&seed) % 50)) == NAV_IN_PROGRESS)
            ;
        assert_int_equal(nav_region_build_finish(&b, &again), NAV_DONE);
        nav_region_deinit(&fresh);
        assert_int_equal(nav_region_init(&fresh, &g), NAV_DONE);
        assert_true(same_labels(&again, &fresh));
        nav_region_build_free(&b);
        nav_region_deinit(&again);
        nav_region_deinit(&fresh);
        nav_grid_deinit(&g);
    }
}

/* ---- memory ---------------------------------------------------------------
 * Under AddressSanitizer (make test) allocations above 24 MiB fail (the
 * allocator returns NULL), and its hooks measure what a build holds at
 * most. Elsewhere these tests are skipped. */
#if defined(__SANITIZE_ADDRESS__)
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1:max_allocation_size_mb=24";
}

int __sanitizer_install_malloc_and_free_hooks(void (*malloc_hook)(const volatile void *, size_t),
                                              void (*free_hook)(const volatile void *));
size_t __sanitizer_get_allocated_size(const volatile void *p);

static struct {
    bool on;
    long long now, peak;
} heap;

static void on_malloc(const volatile void *p, size_t n)
{
    (void)p;
    if (heap.on && (heap.now += (long long)n) > heap.peak)
        heap.peak = heap.now;
}

static void on_free(const volatile void *p)
{
    if (heap.on && p)
        heap.now -= (long long)__sanitizer_get_allocated_size(p);
}

static bool measuring(void)
{
    static bool hooked;
    if (!hooked)
        hooked = __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free) != 0;
    heap.now = heap.peak = 0;
    return hooked;
}
#define CAN_FAIL_ALLOCATIONS 1
#else
static struct {
    bool on;
    long long now, peak;
} heap;
static bool measuring(void)
{
    return false;
}
#define CAN_FAIL_ALLOCATIONS 0
#endif

/* Runs of walkable tiles in g, counted plainly. */
static long count_runs(const NavGrid *g)
{
    long n = 0;
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++)
            n += nav_grid_walkable(g, x, y) && !nav_grid_walkable(g, x - 1, y);
    return n;
}

/* What a build holds at most: the labels, 4 bytes a run, 1 bit a tile and
 * 8 bytes a column (region.h), give or take a few words. */
static void test_memory_bound(void **state)
{
    (void)state;
    if (!measuring())
        skip();
    uint64_t seed = 8;
    for (int round = 0; round < 20; round++) {
        int w = 1 + (int)(test_rand(&seed) % 500), h = 1 + (int)(test_rand(&seed) % 500);
        NavGrid g;
        test_random_grid(&g, w, h, (int)(test_rand(&seed) % 101), 1, &seed);
        long long tiles = (long long)w * h, runs = count_runs(&g);
        measuring();
        heap.on = true;
        NavRegion r;
        assert_int_equal(nav_region_init(&r, &g), NAV_DONE);
        heap.on = false;
        long long bound = 4 * tiles + 4 * runs + (tiles + 7) / 8 + 8 * ((long long)w + 8) + 8 * (long long)h + 64;
        if (heap.peak > bound)
            fail_msg("%dx%d, %lld runs: %lld bytes held, more than %lld", w, h, runs, heap.peak, bound);
        assert_int_equal(heap.now, 4 * tiles); /* all but the labels freed */
        nav_region_deinit(&r);
        nav_grid_deinit(&g);
    }
}

/* Allocations the size of the labels of a 4096x4096 grid (64 MiB) or of the
 * union-find table of its 8 million runs (32 MiB) fail: the build says so,
 * stays so, and frees all it held (LeakSanitizer checks at exit). */
static void test_out_of_memory(void **state)
{
    (void)state;
    if (!CAN_FAIL_ALLOCATIONS)
        skip();
    void *probe = malloc((size_t)32 << 20);
    if (probe) { /* the limit is not in force */
        free(probe);
        skip();
    }
    int side = NAV_GRID_MAX_SIDE;
    NavGrid g;
    assert_int_equal(nav_grid_init(&g, side, side), NAV_DONE);
    for (int y = 0; y < side; y++) /* every other column: side / 2 runs a row */
        for (int x = 0; x < side; x += 2)
            nav_grid_set(&g, x, y, 1);
    NavRegionBuild b;
    nav_region_begin(&b, &g);
    NavStatus st;
    while ((st = nav_region_build_step(&b, 1 << 20)) == NAV_IN_PROGRESS)
        ;
    assert_int_equal(st, NAV_OUT_OF_MEMORY);
    assert_int_equal(nav_region_build_step(&b, 1), NAV_OUT_OF_MEMORY);
    NavRegion r;
    assert_int_equal(nav_region_build_finish(&b, &r), NAV_OUT_OF_MEMORY);
    assert_null(r.label);
    nav_region_build_free(&b);
    assert_int_equal(nav_region_init(&r, &g), NAV_OUT_OF_MEMORY);
    assert_null(r.label);
    assert_int_equal(r.count, 0);
    /* an open floor has one run a row; its labels cannot be allocated */
    for (int y = 0; y < side; y++)
        for (int x = 1; x < side; x += 2)
            nav_grid_set(&g, x, y, 1);
    nav_region_begin(&b, &g);
    while ((st = nav_region_build_step(&b, 1 << 20)) == NAV_IN_PROGRESS)
        ;
    assert_int_equal(st, NAV_OUT_OF_MEMORY);
    assert_true(nav_region_build_progress(&b) > 0.5); /* it got as far as the labels */
    nav_region_build_free(&b);
    assert_int_equal(nav_region_init(&r, &g), NAV_OUT_OF_MEMORY);
    assert_null(r.label);
    nav_grid_deinit(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_labels_equal_flood_fill),
        cmocka_unit_test(test_diagonals_apart),
        cmocka_unit_test(test_all_walls_all_floor),
        cmocka_unit_test(test_late_joins),
        cmocka_unit_test(test_sliced_equals_one_shot),
        cmocka_unit_test(test_builds_interleaved),
        cmocka_unit_test(test_nearest_equals_scan),
        cmocka_unit_test(test_grid_edited_mid_build),
        cmocka_unit_test(test_restart_and_reuse),
        cmocka_unit_test(test_memory_bound),
        cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests_name("region", tests, NULL, NULL);
}
