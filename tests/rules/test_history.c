/* SPDX-License-Identifier: MIT */
/* test_history.c - the history's memory (history.c): on the plays that
 * used to hold gigabytes (a level full of doors, a walk along a huge
 * serpentine, clicks on a bigger one, each copy holding the doors, the
 * walk or the search under way) what the History holds never passes
 * HISTORY_BUDGET, its count (history_bytes) is what it really allocated,
 * a copy holds what sim_copy_bytes foresaw, and rewinding stays exact. The
 * levels are made here. */
#include "testlevel.h"

#include <malloc.h>

#include "history.h"
#include "level.h"
#include "sim.h"
#include "tile.h"

/* ---- what is allocated -------------------------------------------------------
 * The Makefile links this test with -Wl,--wrap=malloc,--wrap=calloc,
 * --wrap=realloc,--wrap=free: every allocation and free of the libraries
 * comes here. Sizes are read with malloc_usable_size, which under
 * AddressSanitizer (every test's build) is the size asked for. What is
 * allocated and freed while `counting` is the History's. */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static bool counting;
static long long held; /* bytes allocated less freed while counting */

static void *noted(void *p)
{
    if (p && counting)
        held += (long long)malloc_usable_size(p);
    return p;
}

void *__wrap_malloc(size_t n)
{
    return noted(__real_malloc(n));
}

void *__wrap_calloc(size_t n, size_t size)
{
    return noted(__real_calloc(n, size));
}

void *__wrap_realloc(void *p, size_t n)
{
    long long was = p && counting ? (long long)malloc_usable_size(p) : 0;
    void *q = __real_realloc(p, n);
    if (q || n == 0) /* failing, p is left as it was */
        held -= was;
    return noted(q);
}

void __wrap_free(void *p)
{
    if (p && counting)
        held -= (long long)malloc_usable_size(p);
    __real_free(p);
}

/* ---- the levels ------------------------------------------------------------------ */

/* w x h doors, the droid's start top left. */
static char *doors_text(int w, int h)
{
    size_t cap = (size_t)(w + 1) * (size_t)h + 64, n = 0;
    char *t = malloc(cap);
    assert_non_null(t);
    n += (size_t)snprintf(t, cap, "name: Doors\n");
    for (int y = 0; y < h; y++) {
        memset(t + n, '+', (size_t)w);
        if (y == 0)
            t[n] = '@';
        n += (size_t)w;
        t[n++] = '\n';
    }
    t[n] = '\0';
    return t;
}

/* A serpentine of corridors two tiles wide: every third row a wall open at
 * alternate ends. Start top left. With `checker`, a checkerboard of floor
 * and rough ground, where jump point search stops at every tile: a long
 * walk's search takes many ticks (test_plan.c's level). */
static char *serpentine_text(int w, int h, bool checker)
{
    size_t cap = (size_t)(w + 1) * (size_t)h + 64, n = 0;
    char *t = malloc(cap);
    assert_non_null(t);
    n += (size_t)snprintf(t, cap, "name: Serpentine\n");
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            char c = checker && (x + y) % 2 ? ',' : '.';
            if (y % 3 == 2) { /* a wall row, open at one end */
                bool gap_right = (y / 3) % 2 == 0;
                c = (gap_right ? x >= w - 2 : x < 2) ? '.' : '#';
            }
            t[n++] = x == 0 && y == 0 ? '@' : c;
        }
        t[n++] = '\n';
    }
    t[n] = '\0';
    return t;
}

/* The far end of a serpentine of side h: the last corridor row's far end. */
static NavPos serpentine_end(int w, int h)
{
    int y = h - 1;
    while (y % 3 == 2)
        y--;
    bool right = ((y / 3) % 2) == 0;
    return nav_pos(right ? w - 1 : 0, y);
}

/* ---- keeping a play ------------------------------------------------------------- */

typedef struct Kept {
    Sim sim;
    History h;
    size_t most;    /* the most history_bytes was */
    int skipped;    /* copies due that were not kept */
} Kept;

/* The History's calls, their allocations counted; after each, what it
 * holds is what it counts and within its budget. */
static void checked(Kept *k)
{
    size_t n = history_bytes(&k->h);
    if ((long long)n != held)
        fail_msg("the history counts %zu bytes, holds %lld", n, held);
    assert_true(n <= HISTORY_BUDGET);
    if (n > k->most)
        k->most = n;
}

static void kept_start(Kept *k, const Level *l)
{
    memset(k, 0, sizeof *k);
    assert_true(sim_init(&k->sim, l));
    held = 0;
    counting = true;
    history_init(&k->h);
    history_start(&k->h, &k->sim);
    counting = false;
    checked(k);
    assert_int_equal(k->h.copy_count, 1);
}

static void kept_command(Kept *k, SimCmdType type, NavPos t)
{
    SimCmd c = {type, t.x, t.y};
    counting = true;
    history_command(&k->h, k->sim.state.tick, &c);
    counting = false;
    checked(k);
    sim_command(&k->sim, &c);
}

static void kept_tick(Kept *k)
{
    sim_tick(&k->sim);
    int before = k->h.copy_count;
    uint64_t last = k->h.copy[k->h.copy_count - 1].tick;
    counting = true;
    history_tick(&k->h, &k->sim);
    counting = false;
    checked(k);
    assert_false(k->h.broken);
    if (k->sim.state.tick % HISTORY_EVERY == 0 && k->h.copy[k->h.copy_count - 1].tick == last) {
        k->skipped++; /* not kept: it would not fit */
        assert_true(k->h.copy_count <= before);
    }
}

static void kept_end(Kept *k)
{
    counting = true;
    history_deinit(&k->h);
    counting = false;
    assert_true(held == 0);
    sim_deinit(&k->sim);
}

/* A copy holds what sim_copy_bytes foresaw, byte for byte, and what it
 * allocated (twice: into a zeroed Sim each time). */
static void copy_foreseen(const Sim *s)
{
    long long was = held;
    for (int whole = 0; whole < 2; whole++) {
        Sim c;
        memset(&c, 0, sizeof c);
        held = 0;
        counting = true;
        assert_true(sim_copy(&c, s));
        counting = false;
        assert_true(sim_bytes(&c) == sim_copy_bytes(s));
        if ((long long)sim_bytes(&c) != held)
            fail_msg("a copy (%s) counts %zu bytes, holds %lld", whole ? "whole" : "of the play", sim_bytes(&c),
                     held);
        counting = true;
        sim_deinit(&c);
        counting = false;
        assert_true(held == 0);
    }
    held = was;
}

/* ---- the tests ------------------------------------------------------------------ */

/* 1024x1024 doors: every copy holds a million of them (about 13 MB: a
 * door's state is its open and hold, 8 bytes, and the tick's lists).
 * Walking through them for 22 seconds keeps more copies than the budget
 * holds: the older ones go, and a rewind to a moment still kept, or let
 * go, is exact. */
static void test_doors(void **state)
{
    (void)state;
    enum { SIDE = 1024, SECONDS = 22 };
    char *text = doors_text(SIDE, SIDE);
    Level l = test_level_from_text(text);
    free(text);
    Kept k;
    kept_start(&k, &l);
    assert_int_equal(k.sim.terrain->door_count, SIDE * SIDE - 1);
    /* the moments gone back to, latest first (a hash of a million doors
     * is not taken every tick) */
    enum { END = SECONDS * SIM_TICK_HZ };
    static const uint64_t back_to[] = {END - 30, END / 2 + 7, END / 4 + 1, 70};
    uint64_t hash_at[4];
    kept_command(&k, SIM_CMD_GOTO, nav_pos(SIDE - 1, SIDE - 1));
    while (k.sim.state.tick < END) {
        if (k.sim.state.tick % 200 == 100) /* a turn now and then */
            kept_command(&k, SIM_CMD_GOTO, nav_pos((int)(k.sim.state.tick % SIDE), SIDE - 1));
        for (int i = 0; i < 4; i++)
            if (k.sim.state.tick == back_to[i])
                hash_at[i] = sim_hash(&k.sim);
        kept_tick(&k);
    }
    copy_foreseen(&k.sim);
    /* more copies were due than fit: the older ones went */
    assert_true((size_t)SECONDS * sim_copy_bytes(&k.sim) > HISTORY_BUDGET);
    assert_true(k.h.copy_count < SECONDS);
    assert_true(k.most > HISTORY_BUDGET / 2);
    for (int i = 0; i < 4; i++) {
        /* the History lets the copies after it go; the play takes a copy */
        long long hb = (long long)history_bytes(&k.h), sb = (long long)sim_bytes(&k.sim), was = held;
        counting = true;
        bool ok = history_rewind(&k.h, &k.sim, back_to[i]);
        counting = false;
        assert_true(ok);
        assert_true(k.sim.state.tick == back_to[i] && sim_hash(&k.sim) == hash_at[i]);
        assert_true(held - was == (long long)history_bytes(&k.h) - hb + (long long)sim_bytes(&k.sim) - sb);
        held = (long long)history_bytes(&k.h);
        checked(&k);
    }
    kept_end(&k);
    level_free(&l);
}

/* A walk along a 2048x2048 serpentine: every copy holds the walk (1.4
 * million tiles, 11 MB). */
static void test_long_walk(void **state)
{
    (void)state;
    enum { SIDE = 2048, SECONDS = 30 };
    char *text = serpentine_text(SIDE, SIDE, false);
    Level l = test_level_from_text(text);
    free(text);
    Kept k;
    kept_start(&k, &l);
    kept_command(&k, SIM_CMD_GOTO, serpentine_end(SIDE, SIDE));
    while (k.sim.state.tick < SECONDS * SIM_TICK_HZ)
        kept_tick(&k);
    assert_true(mover_remaining(&k.sim.state.droid) > 1000000);
    copy_foreseen(&k.sim);
    assert_true((size_t)SECONDS * sim_copy_bytes(&k.sim) > HISTORY_BUDGET);
    assert_true(k.most > HISTORY_BUDGET / 2);
    kept_end(&k);
    level_free(&l);
}

/* Clicks, one after the other, at the far ends of a 4096x4096 serpentine
 * of floor and rough ground: each walk's search takes many ticks, and a
 * copy of a play that is planning holds the search (about 20 bytes a tile,
 * 330 MB): such copies do not fit and are not made. */
static void test_clicks_on_huge_level(void **state)
{
    (void)state;
    enum { SIDE = 4096 };
    char *text = serpentine_text(SIDE, SIDE, true);
    Level l = test_level_from_text(text);
    free(text);
    Kept k;
    kept_start(&k, &l);
    NavPos ends[] = {serpentine_end(SIDE, SIDE), nav_pos(SIDE - 1, SIDE - 4)};
    for (int click = 0; click < 3; click++) {
        kept_command(&k, SIM_CMD_GOTO, ends[click % 2]);
        for (int t = 0; t < 30; t++)
            kept_tick(&k);
    }
    assert_true(k.sim.state.planning != SIM_PLAN_NONE);
    assert_true(sim_copy_bytes(&k.sim) > HISTORY_BUDGET / 2);
    assert_true(k.skipped > 0);
    kept_end(&k);
    level_free(&l);
}

/* A copy kept while the droid's walk is being planned (a click on a
 * 1536x1536 serpentine takes several ticks to search): kept, and a rewind
 * from it, or from before the click, is exact. */
static void test_copy_while_planning(void **state)
{
    (void)state;
    enum { SIDE = 1536 };
    char *text = serpentine_text(SIDE, SIDE, true);
    Level l = test_level_from_text(text);
    free(text);
    Kept k;
    kept_start(&k, &l);
    while (k.sim.state.tick < 57)
        kept_tick(&k);
    kept_command(&k, SIM_CMD_GOTO, serpentine_end(SIDE, SIDE));
    uint64_t hash_at[2] = {0, 0}, back_to[2] = {75, 58};
    while (k.sim.state.tick < 100) {
        for (int i = 0; i < 2; i++)
            if (k.sim.state.tick == back_to[i])
                hash_at[i] = sim_hash(&k.sim);
        kept_tick(&k);
        if (k.sim.state.tick == 60) { /* kept, with the search under way */
            assert_int_equal(k.sim.state.planning, SIM_PLAN_GOTO);
            assert_int_equal(k.h.copy_count, 2);
            assert_int_equal(k.h.copy[1].sim.state.planning, SIM_PLAN_GOTO);
        }
    }
    for (int i = 0; i < 2; i++) {
        assert_true(history_rewind(&k.h, &k.sim, back_to[i]));
        assert_true(sim_hash(&k.sim) == hash_at[i]);
    }
    held = (long long)history_bytes(&k.h); /* the copies let go by the rewinds were not counted */
    kept_end(&k);
    level_free(&l);
}

/* A copy made while a sentry's walk is being planned (a long patrol leg:
 * test_sim.c's level), kept as the history keeps it (sim_work_trim) and
 * copied back, goes on exactly as the play. */
static void test_play_copy_while_sentry_plans(void **state)
{
    (void)state;
    Level l = test_long_patrol_level();
    Sim s, start, play, back;
    memset(&start, 0, sizeof start);
    memset(&play, 0, sizeof play);
    memset(&back, 0, sizeof back);
    assert_true(sim_init(&s, &l));
    assert_true(sim_copy(&start, &s));
    int mid = 0;
    for (int t = 0; t < 400 && !mid; t++) {
        sim_tick(&s);
        if (s.state.sentries.planning < 0)
            continue;
        mid++;
        assert_true(sim_copy(&play, &s));
        sim_work_trim(&play);
        assert_true(sim_copy(&back, &play));
        for (int i = 0; i < 300; i++) {
            assert_true(sim_hash(&back) == sim_hash(&s));
            sim_tick(&s);
            sim_tick(&back);
        }
    }
    assert_true(mid > 0);
    sim_deinit(&s);
    sim_deinit(&start);
    sim_deinit(&play);
    sim_deinit(&back);
    level_free(&l);
}

/* Copies of plays with sentries (chasing, planning, walking patrols),
 * doors and cells hold what sim_copy_bytes foresees, byte for byte. */
static void test_copies_foreseen(void **state)
{
    (void)state;
    static const char *const files[] = {"levels/24_night_shift.txt", "levels/extra/swarm.txt",
                                        "levels/extra/doors.txt", "levels/14_detour.txt"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        Level l;
        NavDiags d;
        nav_diag_clear(&d);
        assert_true(level_load(files[f], &l, &d));
        Sim s;
        assert_true(sim_init(&s, &l));
        uint64_t seed = 0xc0b1e5 + f;
        for (int t = 1; t <= 900; t++) {
            if (t % 45 == 0) {
                SimCmd c = {SIM_CMD_GOTO, (int)(test_rand(&seed) % (uint32_t)s.terrain->w),
                            (int)(test_rand(&seed) % (uint32_t)s.terrain->h)};
                sim_command(&s, &c);
            }
            sim_tick(&s);
            if (t % 150 == 0 || (t % 10 == 0 && s.state.sentries.planning >= 0))
                copy_foreseen(&s);
        }
        sim_deinit(&s);
        level_free(&l);
    }
}

/* After an edit (a wall painted, the level started again, as the editor
 * does) the jump table is made again over the next ticks (64 on 2048x2048),
 * and so are the regions (SIM_REGION_TICK_WORK a tick, 7 ticks here). Meanwhile no
 * copy holds a table or labels of its own, nor a grid: the history's start
 * (its tile kinds alone, a byte a tile), the copies after it, a copy for
 * the preview, a rewind take none (a table is 16 bytes a tile, the labels 4,
 * the grid 1); and a play put back from any of them has its table and its
 * regions ready at the very tick the original had, and goes on the same.
 * The restart labels nothing. */
static void test_edit_shares_jump_table(void **state)
{
    (void)state;
    enum { SIDE = 2048, END = 200 };
    char *text = serpentine_text(SIDE, SIDE, false);
    Level l = test_level_from_text(text);
    free(text);
    Kept k;
    kept_start(&k, &l);
    const size_t table = (size_t)nav_jumps_work(&k.sim.terrain->grid) * 2; /* an int16 a unit */
    const size_t tiles = (size_t)SIDE * SIDE;
    /* the copies let go of what they share with the play before it is
     * edited (history_drop, as the game does): the edit is made in place */
    const uint8_t *cost = k.sim.terrain->grid.cost;
    held = (long long)history_bytes(&k.h);
    counting = true;
    history_drop(&k.h);
    counting = false;
    checked(&k);
    sim_edit_tile(&k.sim, 5, 4, '#');
    assert_ptr_equal(k.sim.terrain->grid.cost, cost);
    assert_false(sim_regions_ready(&k.sim));
    assert_true(sim_restart(&k.sim));
    assert_false(nav_jumps_current(k.sim.jumps, &k.sim.terrain->grid));
    /* the regions are labelled over the ticks, not by the restart */
    assert_false(sim_regions_ready(&k.sim));
    assert_true(k.sim.state.region_done == 0);
    held = (long long)history_bytes(&k.h);
    counting = true;
    history_start(&k.h, &k.sim);
    counting = false;
    checked(&k);
    /* the start shares the play's grid: its tile kinds alone are its own */
    assert_ptr_equal(k.h.copy[0].sim.terrain->grid.cost, k.sim.terrain->grid.cost);
    assert_true(history_bytes(&k.h) < 2 * tiles);
    /* the play, with a walk planned by A* and then JPS */
    static bool ready[END + 1];
    static long labelled[END + 1];
    uint64_t hash_100 = 0, hash_end = 0;
    for (int t = 0; t < END; t++) {
        if (k.sim.state.tick == 10)
            kept_command(&k, SIM_CMD_GOTO, serpentine_end(SIDE, SIDE));
        if (k.sim.state.tick == 40) { /* the preview's copy, mid-way */
            Sim c;
            memset(&c, 0, sizeof c);
            long long was = held;
            counting = true;
            assert_true(sim_copy(&c, &k.sim));
            counting = false;
            assert_true(held - was == (long long)sim_copy_bytes(&k.sim));
            assert_true(held - was < (long long)table); /* the tiles, 6 bytes a tile, and the walk */
            counting = true;
            sim_deinit(&c);
            counting = false;
            held = was;
        }
        kept_tick(&k);
        ready[k.sim.state.tick] = nav_jumps_current(k.sim.jumps, &k.sim.terrain->grid);
        labelled[k.sim.state.tick] = k.sim.state.region_done;
        if (k.sim.state.tick == 100)
            hash_100 = sim_hash(&k.sim);
    }
    hash_end = sim_hash(&k.sim);
    assert_false(ready[60]);
    assert_true(ready[END]);
    const long work = 3 * (long)tiles + 1;
    const long to_label = (work + SIM_REGION_TICK_WORK - 1) / SIM_REGION_TICK_WORK;
    assert_true(to_label > 1 && to_label < END);
    assert_true(labelled[to_label - 1] < work && labelled[to_label] == work && sim_regions_ready(&k.sim));
    /* back to a copy taken while the table was being made, and to the start */
    static const uint64_t back_to[] = {61, 30, 3};
    for (int i = 0; i < 3; i++) {
        long long hb = (long long)history_bytes(&k.h), was = held;
        counting = true;
        assert_true(history_rewind(&k.h, &k.sim, back_to[i]));
        counting = false;
        assert_true(held - was - ((long long)history_bytes(&k.h) - hb) < (long long)(table / 2));
        held = (long long)history_bytes(&k.h);
        while (k.sim.state.tick < END) {
            if (k.sim.state.tick == 10) /* forgotten by a rewind to before it: given again */
                kept_command(&k, SIM_CMD_GOTO, serpentine_end(SIDE, SIDE));
            kept_tick(&k);
            if (ready[k.sim.state.tick] != nav_jumps_current(k.sim.jumps, &k.sim.terrain->grid))
                fail_msg("rewound to %d: the table is %s at tick %d", (int)back_to[i],
                         ready[k.sim.state.tick] ? "not ready" : "ready too soon", (int)k.sim.state.tick);
            if (labelled[k.sim.state.tick] != k.sim.state.region_done)
                fail_msg("rewound to %d: the regions are at %ld, not %ld, at tick %d", (int)back_to[i],
                         k.sim.state.region_done, labelled[k.sim.state.tick], (int)k.sim.state.tick);
            if (k.sim.state.tick == 100 && sim_hash(&k.sim) != hash_100)
                fail_msg("rewound to %d: another state at tick 100", (int)back_to[i]);
        }
        assert_true(sim_hash(&k.sim) == hash_end);
    }
    kept_end(&k);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_doors),
        cmocka_unit_test(test_long_walk),
        cmocka_unit_test(test_clicks_on_huge_level),
        cmocka_unit_test(test_copy_while_planning),
        cmocka_unit_test(test_play_copy_while_sentry_plans),
        cmocka_unit_test(test_copies_foreseen),
        cmocka_unit_test(test_edit_shares_jump_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
