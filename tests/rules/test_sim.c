/* SPDX-License-Identifier: MIT */
/* test_sim.c - the game's rules (sim.c): cells, energy, the exit, winning
 * and losing, door timing, time is cost, key steps and the corner rule, the
 * held mouse never dancing, restart, and the same commands giving the same
 * state hash. Every level is a small text fixture. */
#include "testlevel.h"

#include <math.h>

#include "history.h"
#include "level.h"
#include "sim.h"
#include "tour.h"

/* ---- allocation failure ------------------------------------------------------
 * The Makefile links this test with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc:
 * every allocation of the core (and of this file) comes here. While
 * alloc_fail_at > 0, the alloc_fail_at-th allocation counted from when it was
 * set fails (and every one after it when alloc_fail_rest). */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

static long alloc_count, alloc_fail_at;
static bool alloc_fail_rest;
static size_t alloc_bytes; /* asked for so far, all told */

static bool alloc_fails(void)
{
    if (alloc_fail_at <= 0)
        return false;
    long k = ++alloc_count;
    return k == alloc_fail_at || (alloc_fail_rest && k > alloc_fail_at);
}

void *__wrap_malloc(size_t n)
{
    alloc_bytes += n;
    return alloc_fails() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size)
{
    alloc_bytes += n * size;
    return alloc_fails() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n)
{
    alloc_bytes += n;
    return alloc_fails() ? NULL : __real_realloc(p, n); /* failing, p is left as it was */
}

static void fail_allocations(long at, bool rest)
{
    alloc_count = 0;
    alloc_fail_at = at;
    alloc_fail_rest = rest;
}

static void cmd(Sim *s, SimCmdType t, int x, int y)
{
    SimCmd c = {t, x, y};
    sim_command(s, &c);
}

/* Ticks until the droid stands still (or max); counts events of one type on the way. */
static int run(Sim *s, int max, SimEventType count_type, int *count)
{
    int t = 0;
    for (; t < max; t++) {
        sim_tick(s);
        for (int i = 0; count && i < s->work.event_count; i++)
            if (s->work.events[i].type == count_type)
                (*count)++;
        if (s->state.status != SIM_PLAYING || (!s->state.droid.moving && mover_remaining(&s->state.droid) == 0 && !s->state.push_wait &&
                                         !s->state.hold_dirty))
            break;
    }
    return t + 1;
}

/* The first event of that type since the events were last cleared, or NULL. */
static const SimEvent *find_event(const Sim *s, SimEventType type)
{
    for (int i = 0; i < s->work.event_count; i++)
        if (s->work.events[i].type == type)
            return &s->work.events[i];
    return NULL;
}

static int64_t U(double floor_steps)
{
    return (int64_t)(floor_steps * (double)NAV_UNIT_STRAIGHT);
}

static void test_pickup_and_exit(void **state)
{
    (void)state;
    Level l = test_level_from_text("energy: 20\ncell: 7\n#######\n#@.*.>#\n#..*..#\n#######\n");
    Sim s;
    assert_true(sim_init(&s, &l));
    assert_int_equal(s.state.cells_left, 2);
    assert_false(s.state.exit_open);
    /* walking over the locked exit does nothing but cost */
    cmd(&s, SIM_CMD_GOTO, 5, 1);
    int pickups = 0;
    run(&s, 1000, SIM_EV_PICKUP, &pickups);
    assert_int_equal(pickups, 1); /* the cell at 3,1 on the way */
    assert_int_equal(s.state.status, SIM_PLAYING);
    assert_int_equal(sim_kind(&s, 3, 1), TILE_FLOOR);
    assert_int_equal(s.state.cells_left, 1);
    assert_int_equal(s.state.energy, U(20 - 4 + 7)); /* four straight steps, one cell */
    assert_false(s.state.exit_open);
    assert_int_equal(s.state.droid.tile.x, 5);
    /* the last cell opens the exit; entering it wins */
    cmd(&s, SIM_CMD_GOTO, 3, 2);
    int opened = 0;
    run(&s, 1000, SIM_EV_EXIT_OPEN, &opened);
    assert_int_equal(opened, 1);
    assert_true(s.state.exit_open);
    cmd(&s, SIM_CMD_GOTO, 5, 1);
    run(&s, 1000, SIM_EV_WIN, NULL);
    assert_int_equal(s.state.status, SIM_WON);
    assert_int_equal(s.state.steps, 4 + 2 + 2);
    /* a won level takes no more walking, but restarts */
    cmd(&s, SIM_CMD_GOTO, 1, 1);
    sim_tick(&s);
    assert_int_equal(s.state.droid.tile.x, 5);
    cmd(&s, SIM_CMD_RESTART, 0, 0);
    assert_int_equal(s.state.status, SIM_PLAYING);
    assert_int_equal(s.state.cells_left, 2);
    assert_int_equal(sim_kind(&s, 3, 1), TILE_CELL);
    assert_int_equal(s.state.droid.tile.x, 1);
    assert_int_equal(s.state.energy, U(20));
    sim_deinit(&s);
    level_free(&l);
}

static void test_out_of_energy(void **state)
{
    (void)state;
    Level l = test_level_from_text("energy: 3\n#########\n#@......#\n#########\n");
    Sim s;
    assert_true(sim_init(&s, &l));
    cmd(&s, SIM_CMD_GOTO, 7, 1);
    int lost = 0;
    run(&s, 2000, SIM_EV_LOSE, &lost);
    assert_int_equal(lost, 1);
    assert_int_equal(s.state.status, SIM_LOST);
    assert_int_equal(s.state.lose, SIM_LOSE_ENERGY);
    assert_int_equal(s.state.energy, 0);
    assert_int_equal(s.state.droid.tile.x, 4); /* stopped after three steps */
    assert_int_equal((int64_t)s.state.energy_used, U(3));
    /* no walking once lost */
    int t = (int)s.state.tick;
    cmd(&s, SIM_CMD_GOTO, 1, 1);
    sim_tick(&s);
    assert_int_equal(s.state.droid.tile.x, 4);
    assert_int_equal((int)s.state.tick, t + 1);
    /* no energy line: unlimited */
    Level free_l = test_level_from_text("#####\n#@..#\n#####\n");
    Sim f;
    assert_true(sim_init(&f, &free_l));
    assert_false(f.state.limited);
    assert_false(f.terrain->has_exit);
    cmd(&f, SIM_CMD_GOTO, 3, 1);
    run(&f, 1000, SIM_EV_LOSE, NULL);
    assert_int_equal(f.state.status, SIM_PLAYING);
    assert_int_equal(f.state.droid.tile.x, 3);
    sim_deinit(&f);
    level_free(&free_l);
    sim_deinit(&s);
    level_free(&l);
}

/* A step takes (1 or sqrt 2) x the tile's cost; the walk lasts its planned length. */
static void test_time_is_cost(void **state)
{
    (void)state;
    Level l = test_level_from_text("#######\n#@.,,.#\n#######\n");
    Sim s;
    assert_true(sim_init(&s, &l));
    uint64_t per_floor = (NAV_UNIT_STRAIGHT + s.state.droid.speed - 1) / s.state.droid.speed;
    assert_int_equal(per_floor, 15); /* 4 floor steps a second at 60 ticks */
    cmd(&s, SIM_CMD_GOTO, 2, 1);
    int floor_ticks = run(&s, 1000, SIM_EV_ARRIVE, NULL);
    cmd(&s, SIM_CMD_GOTO, 3, 1);
    int rough_ticks = run(&s, 1000, SIM_EV_ARRIVE, NULL);
    assert_int_equal(floor_ticks, 15);
    assert_true(rough_ticks >= 3 * 15 - 1 && rough_ticks <= 3 * 15 + 1);
    /* the whole walk: its planned length in floor steps x 15 ticks */
    cmd(&s, SIM_CMD_RESTART, 0, 0);
    cmd(&s, SIM_CMD_GOTO, 5, 1);
    const SimEvent *path = find_event(&s, SIM_EV_PATH); /* planned by the command */
    assert_non_null(path);
    assert_true(fabs(path->length - 8.0) < 1e-9); /* 1 + 3 + 3 + 1 */
    int walk = run(&s, 1000, SIM_EV_ARRIVE, NULL);
    assert_true(walk >= 8 * 15 - 1 && walk <= 8 * 15 + 1);
    assert_int_equal((int64_t)s.state.energy_used, U(8));
    sim_deinit(&s);
    level_free(&l);
}

static void test_door_timing(void **state)
{
    (void)state;
    Level l = test_level_from_text("#######\n#@.+..#\n#######\n");
    Sim s;
    assert_true(sim_init(&s, &l));
    const SimDoor *d = sim_door_at(&s, 3, 1);
    assert_non_null(d);
    assert_false(d->open);
    cmd(&s, SIM_CMD_GOTO, 5, 1);
    int tick_open = -1, tick_closed = -1, tick_left = -1;
    for (int t = 1; t < 2000 && tick_closed < 0; t++) {
        sim_tick(&s);
        for (int i = 0; i < s.work.event_count; i++)
            if (s.work.events[i].type == SIM_EV_DOOR)
                (s.work.events[i].a ? &tick_open : &tick_closed)[0] = t;
        if (tick_left < 0 && s.state.droid.tile.x == 4)
            tick_left = t; /* out of the door's tile */
        if (tick_open > 0 && tick_closed < 0 && tick_left < 0)
            assert_true(d->open);
    }
    /* opens as the droid begins to enter it (after one floor step) */
    assert_int_equal(tick_open, 15);
    /* a door step takes five floor steps in all */
    assert_true(tick_left - tick_open >= 5 * 15 + 15 - 2 && tick_left - tick_open <= 5 * 15 + 15 + 2);
    /* closes two seconds after the droid has left its tile */
    assert_true(tick_closed > tick_left);
    assert_true(tick_closed - tick_left <= SIM_DOOR_HOLD_TICKS + 1);
    assert_true(tick_closed - tick_left >= SIM_DOOR_HOLD_TICKS - 15);
    assert_false(d->open);
    sim_deinit(&s);
    level_free(&l);
}

/* Key steps: 8 ways, a held key keeps walking, a corner is never cut. */
static void test_key_steps(void **state)
{
    (void)state;
    Level l = test_level_from_text("######\n#@...#\n#.#..#\n#....#\n######\n");
    Sim s;
    assert_true(sim_init(&s, &l));
    /* south-east from 1,1 would cut the wall at 2,2's corner... 2,2 is the wall itself: blocked */
    cmd(&s, SIM_CMD_PUSH, 1, 1);
    int bumps = 0;
    for (int t = 0; t < 60; t++) {
        sim_tick(&s);
        for (int i = 0; i < s.work.event_count; i++)
            bumps += s.work.events[i].type == SIM_EV_BUMP;
    }
    assert_int_equal(bumps, 1);
    assert_int_equal(s.state.droid.tile.x, 1);
    assert_int_equal(s.state.droid.tile.y, 1);
    cmd(&s, SIM_CMD_PUSH, 0, 0);
    /* a tap is one step */
    cmd(&s, SIM_CMD_PUSH, 1, 0);
    cmd(&s, SIM_CMD_PUSH, 0, 0);
    run(&s, 200, SIM_EV_ARRIVE, NULL);
    assert_int_equal(s.state.droid.tile.x, 2);
    /* from 2,1 south-west to 1,2 cuts the corner of the wall at 2,2: refused */
    cmd(&s, SIM_CMD_PUSH, -1, 1);
    cmd(&s, SIM_CMD_PUSH, 0, 0);
    run(&s, 200, SIM_EV_ARRIVE, NULL);
    assert_int_equal(s.state.droid.tile.x, 2);
    assert_int_equal(s.state.droid.tile.y, 1);
    /* held east: walks until the wall, then stands */
    cmd(&s, SIM_CMD_PUSH, 1, 0);
    for (int t = 0; t < 200; t++)
        sim_tick(&s);
    assert_int_equal(s.state.droid.tile.x, 4);
    assert_false(s.state.droid.moving);
    /* two held directions: a diagonal step, both sides open */
    cmd(&s, SIM_CMD_PUSH, -1, 1);
    for (int t = 0; t < 20; t++)
        sim_tick(&s);
    cmd(&s, SIM_CMD_PUSH, 0, 0);
    run(&s, 200, SIM_EV_ARRIVE, NULL);
    assert_int_equal(s.state.droid.tile.x, 3);
    assert_int_equal(s.state.droid.tile.y, 2);
    sim_deinit(&s);
    level_free(&l);
}

/* The held mouse wobbling around the droid never makes it go back and forth. */
static void test_hold_never_dances(void **state)
{
    (void)state;
    Level l = test_level_from_text("###########\n#.........#\n#.........#\n#....@....#\n#.........#\n#.........#\n###########\n");
    Sim s;
    assert_true(sim_init(&s, &l));
    uint64_t seed = 5;
    NavPos trail[4000];
    int left_at[4000], arrived_at[4000], n = 0, steps = 0;
    for (int t = 0; t < 3000; t++) {
        if (t % 7 == 0) {
            /* the pointer jitters within a tile of the droid, as a follow camera makes it */
            NavPos at = s.state.droid.tile;
            int dx = (int)(test_rand(&seed) % 3) - 1, dy = (int)(test_rand(&seed) % 3) - 1;
            cmd(&s, SIM_CMD_HOLD, at.x + dx, at.y + dy);
        }
        sim_tick(&s);
        for (int i = 0; i < s.work.event_count; i++) {
            if (s.work.events[i].type == SIM_EV_STEP && steps < 4000)
                left_at[steps++] = t;
            if (s.work.events[i].type == SIM_EV_ARRIVE && n < 4000) {
                arrived_at[n] = t;
                trail[n++] = nav_pos(s.work.events[i].x, s.work.events[i].y);
            }
        }
    }
    assert_true(n > 20); /* it did walk */
    /* going back to the tile just left is a dance unless it stood still a moment first */
    for (int i = 2; i < n && i < steps; i++)
        if (nav_pos_eq(trail[i], trail[i - 2]) && left_at[i] - arrived_at[i - 1] < SIM_HOLD_PAUSE_TICKS)
            fail_msg("turned back at once: %d,%d -> %d,%d -> %d,%d", trail[i - 2].x, trail[i - 2].y, trail[i - 1].x,
                     trail[i - 1].y, trail[i].x, trail[i].y);
    /* and a held tile further away is followed, replanned as it moves */
    cmd(&s, SIM_CMD_HOLD, 1, 1);
    run(&s, 2000, SIM_EV_ARRIVE, NULL);
    cmd(&s, SIM_CMD_HOLD, 9, 5);
    for (int t = 0; t < 20; t++)
        sim_tick(&s);
    cmd(&s, SIM_CMD_HOLD, 9, 1);
    run(&s, 2000, SIM_EV_ARRIVE, NULL);
    assert_int_equal(s.state.droid.tile.x, 9);
    assert_int_equal(s.state.droid.tile.y, 1);
    cmd(&s, SIM_CMD_RELEASE, 0, 0);
    sim_deinit(&s);
    level_free(&l);
}

/* Clicks on walls and cut-off tiles go to the nearest reachable tile. */
static void test_nearest(void **state)
{
    (void)state;
    Level l = test_level_from_text("#########\n#@..#...#\n#...#...#\n#########\n");
    Sim s;
    assert_true(sim_init(&s, &l));
    cmd(&s, SIM_CMD_GOTO, 6, 1); /* the other room */
    const SimEvent *e = find_event(&s, SIM_EV_PATH);
    assert_non_null(e);
    assert_int_equal(e->x, 3);
    assert_int_equal(e->y, 1);
    sim_clear_events(&s);
    cmd(&s, SIM_CMD_GOTO, 0, 0); /* a wall */
    e = find_event(&s, SIM_EV_PATH);
    assert_non_null(e);
    assert_int_equal(e->x, 1);
    assert_int_equal(e->y, 1);
    sim_deinit(&s);
    level_free(&l);
}

static uint64_t play(const Level *l, bool other)
{
    Sim s;
    assert_true(sim_init(&s, l));
    static const SimCmd script[] = {{SIM_CMD_GOTO, 6, 3}, {SIM_CMD_PUSH, 0, -1}, {SIM_CMD_PUSH, 0, 0},
                                    {SIM_CMD_HOLD, 1, 1}, {SIM_CMD_RELEASE, 0, 0}, {SIM_CMD_GOTO, 3, 2}};
    for (int t = 0; t < 900; t++) {
        if (t % 60 == 0 && t / 60 < 6)
            sim_command(&s, &script[t / 60]);
        if (other && t == 200)
            cmd(&s, SIM_CMD_PUSH, 1, 0);
        sim_tick(&s);
    }
    uint64_t h = sim_hash(&s);
    sim_deinit(&s);
    return h;
}

static void test_same_commands_same_hash(void **state)
{
    (void)state;
    Level l = test_level_from_text("energy: 40\n########\n#@.*..,#\n#..+...#\n#,,#.*>#\n########\n");
    uint64_t a = play(&l, false), b = play(&l, false), c = play(&l, true);
    assert_true(a == b);
    assert_true(a != c);
    level_free(&l);
}

/* Plays random commands (seeded) from the state at hand for `ticks` ticks;
 * returns the hash after each tick, folded. */
static uint64_t play_on(Sim *s, uint64_t seed, int ticks)
{
    uint64_t fold = 0;
    for (int t = 0; t < ticks; t++) {
        uint32_t r = test_rand(&seed);
        if (r % 40 == 0) {
            SimCmd c = {SIM_CMD_GOTO, (int)(test_rand(&seed) % (uint32_t)s->terrain->w), (int)(test_rand(&seed) % (uint32_t)s->terrain->h)};
            sim_command(s, &c);
        } else if (r % 97 == 1) {
            SimCmd c = {SIM_CMD_PUSH, (int)(test_rand(&seed) % 3) - 1, (int)(test_rand(&seed) % 3) - 1};
            sim_command(s, &c);
        }
        sim_tick(s);
        fold = fold * UINT64_C(31) + sim_hash(s);
    }
    return fold;
}

/* A copy goes on exactly as the original: sentries mid-walk, mid-plan and
 * chasing, doors opening, the clock. One copy Sim is reused (its memory
 * kept) across copies taken at many moments. */
static void test_copy_goes_on_the_same(void **state)
{
    (void)state;
    static const char *const files[] = {"levels/extra/doors.txt", "levels/11_flooded.txt", "levels/14_detour.txt"};
    Sim copy;
    memset(&copy, 0, sizeof copy);
    int compared = 0, chasing = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        Level l;
        NavDiags d;
        nav_diag_clear(&d);
        assert_true(level_load(files[f], &l, &d));
        Sim s;
        assert_true(sim_init(&s, &l));
        uint64_t seed = 0x5eed + f;
        for (int round = 0; round < 30; round++) {
            if (s.state.status != SIM_PLAYING)
                cmd(&s, SIM_CMD_RESTART, 0, 0);
            play_on(&s, seed + (uint64_t)round, 37 + round * 11);
            assert_true(sim_copy(&copy, &s));
            assert_true(sim_hash(&copy) == sim_hash(&s));
            chasing += s.state.sentries.chasers > 0;
            uint64_t a = play_on(&s, seed * 7 + (uint64_t)round, 120);
            Sim again;
            memset(&again, 0, sizeof again);
            uint64_t b = play_on(&copy, seed * 7 + (uint64_t)round, 120);
            assert_true(a == b);
            assert_true(sim_copy(&copy, &s) && sim_copy(&again, &copy));
            assert_true(sim_hash(&again) == sim_hash(&s));
            sim_deinit(&again);
            compared++;
        }
        sim_deinit(&s);
        level_free(&l);
    }
    sim_deinit(&copy);
    assert_true(compared > 20);
    assert_true(chasing > 0); /* the copies were taken during chases too */
}

/* The planner's search under way (a long patrol leg on a big level, more
 * than one tick's budget of expansions: the floor a checkerboard of two
 * costs, so that jump point search stops on every tile) is copied and goes
 * on the same. */
static void test_copy_mid_plan(void **state)
{
    (void)state;
    Level l = test_long_patrol_level();
    Sim s, copy;
    memset(&copy, 0, sizeof copy);
    assert_true(sim_init(&s, &l));
    int mid = 0;
    for (int t = 0; t < 400 && !mid; t++) {
        sim_tick(&s);
        if (s.state.sentries.planning >= 0) {
            mid++;
            assert_true(sim_copy(&copy, &s));
            uint64_t a = play_on(&s, 11, 300), b = play_on(&copy, 11, 300);
            assert_true(a == b);
        }
    }
    assert_true(mid > 0);
    sim_deinit(&s);
    sim_deinit(&copy);
    level_free(&l);
}

/* One tick of random play kept in a History as the game keeps it: the
 * commands noted, the copies taken after the tick. */
static void play_kept(Sim *s, History *h, uint64_t *seed)
{
    uint32_t r = test_rand(seed);
    SimCmd c = {SIM_CMD_COUNT, 0, 0};
    if (r % 30 == 0)
        c = (SimCmd){SIM_CMD_GOTO, (int)(test_rand(seed) % (uint32_t)s->terrain->w), (int)(test_rand(seed) % (uint32_t)s->terrain->h)};
    else if (r % 97 == 1)
        c = (SimCmd){SIM_CMD_PUSH, (int)(test_rand(seed) % 3) - 1, (int)(test_rand(seed) % 3) - 1};
    if (c.type != SIM_CMD_COUNT) {
        history_command(h, s->state.tick, &c);
        sim_command(s, &c);
    }
    sim_tick(s);
    history_tick(h, s);
}

/* Rewinding puts the play back exactly as it stood (the state hash of that
 * tick), from copies taken while cells were taken, doors opened and
 * sentries walked and chased, and plays on from there. */
static void test_history_rewinds_exactly(void **state)
{
    (void)state;
    static const char *const files[] = {"levels/extra/doors.txt", "levels/11_flooded.txt", "levels/14_detour.txt",
                                        "levels/24_night_shift.txt"};
    enum { TICKS = 1500 };
    static uint64_t hash_at[TICKS + 32];
    int rewinds = 0, taken = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        Level l;
        NavDiags d;
        nav_diag_clear(&d);
        assert_true(level_load(files[f], &l, &d));
        Sim s;
        assert_true(sim_init(&s, &l));
        History h;
        history_init(&h);
        history_start(&h, &s);
        uint64_t seed = 0x600d + f;
        while (s.state.tick < TICKS) {
            hash_at[s.state.tick] = sim_hash(&s);
            play_kept(&s, &h, &seed);
        }
        taken += s.terrain->cells_total - s.state.cells_left;
        /* back to ever earlier moments, playing on a little between */
        for (uint64_t to = TICKS - 7; to > 40; to = to * 2 / 3) {
            assert_true(history_rewind(&h, &s, to));
            assert_int_equal(s.state.tick, to);
            assert_true(sim_hash(&s) == hash_at[to]);
            rewinds++;
            for (int t = 0; t < 25; t++) {
                hash_at[s.state.tick] = sim_hash(&s);
                play_kept(&s, &h, &seed);
            }
        }
        history_deinit(&h);
        sim_deinit(&s);
        level_free(&l);
    }
    assert_true(rewinds > 20);
    assert_true(taken > 0); /* cells were taken before the moments gone back to */
}

/* The copies a History keeps after the start cost what the play holds, not
 * the level's size: walking a 256x256 level of floor and cells for 20
 * seconds, its copies ask for less memory than one copy of the tiles. */
static void test_history_copies_hold_no_tiles(void **state)
{
    (void)state;
    enum { W = 256 };
    static char text[W * (W + 1) + 1];
    int n = 0;
    for (int y = 0; y < W; y++) {
        for (int x = 0; x < W; x++)
            text[n++] = x == 0 || y == 0 || x == W - 1 || y == W - 1 ? '#'
                        : x == 1 && y == 1                           ? '@'
                        : (x + y) % 3 == 0                           ? '*'
                                                                     : '.';
        text[n++] = '\n';
    }
    text[n] = '\0';
    Level l = test_level_from_text(text);
    Sim s;
    assert_true(sim_init(&s, &l));
    History h;
    history_init(&h);
    history_start(&h, &s);
    cmd(&s, SIM_CMD_GOTO, W - 2, W - 2);
    size_t kept = 0;
    for (int t = 0; t < 20 * SIM_TICK_HZ; t++) {
        sim_tick(&s);
        size_t before = alloc_bytes;
        history_tick(&h, &s);
        kept += alloc_bytes - before;
    }
    assert_true(h.copy_count > 10);
    assert_true(s.terrain->cells_total - s.state.cells_left > 10);
    assert_true(kept < (size_t)W * W);
    /* and they bring the cells taken back as they stood */
    uint64_t now = sim_hash(&s);
    int left = s.state.cells_left;
    assert_true(history_rewind(&h, &s, 10 * SIM_TICK_HZ));
    assert_true(s.state.cells_left > left);
    for (int t = 0; t < 10 * SIM_TICK_HZ; t++)
        sim_tick(&s); /* the same walk, no command since */
    assert_true(sim_hash(&s) == now);
    history_deinit(&h);
    sim_deinit(&s);
    level_free(&l);
}

/* A rewind that runs out of memory at any allocation says so and leaves the
 * Sim zeroed (the game starts the level again), never half put back; with
 * memory, it is exact. */
static void test_history_rewind_out_of_memory(void **state)
{
    (void)state;
    Level l = test_level_from_text("#########\n#@..*..+#\n#.##*#..#\n#..*..#*#\n#+#.*...#\n#...*.#>#\n#########\n");
    bool whole = false;
    int failed = 0;
    for (long at = 1; !whole && at < 200; at++) {
        Sim s;
        assert_true(sim_init(&s, &l));
        History h;
        history_init(&h);
        history_start(&h, &s);
        uint64_t seed = 7, hash_at_90 = 0;
        while (s.state.tick < 200) {
            if (s.state.tick == 90)
                hash_at_90 = sim_hash(&s);
            play_kept(&s, &h, &seed);
        }
        fail_allocations(at, false);
        bool ok = history_rewind(&h, &s, 90);
        fail_allocations(0, false);
        if (ok) {
            assert_true(sim_hash(&s) == hash_at_90);
            whole = true;
        } else {
            assert_null(s.terrain);
            assert_true(h.broken);
            failed++;
        }
        history_deinit(&h);
        sim_deinit(&s);
    }
    assert_true(whole);
    assert_true(failed > 0);
    level_free(&l);
}

/* Plays random commands (seeded: gotos, key steps, the held mouse) on a
 * level for `ticks` ticks, restarting after a win or a loss; returns
 * the hashes after each tick, folded. */
static uint64_t play_level(const Level *l, uint64_t seed, int ticks)
{
    Sim s;
    assert_true(sim_init(&s, l));
    uint64_t fold = 0;
    for (int t = 0; t < ticks; t++) {
        uint32_t r = test_rand(&seed) % 200;
        int x = (int)(test_rand(&seed) % (uint32_t)s.terrain->w), y = (int)(test_rand(&seed) % (uint32_t)s.terrain->h);
        if (s.state.status != SIM_PLAYING)
            cmd(&s, SIM_CMD_RESTART, 0, 0);
        else if (r < 4)
            cmd(&s, SIM_CMD_GOTO, x, y);
        else if (r == 4)
            cmd(&s, SIM_CMD_PUSH, x % 3 - 1, y % 3 - 1);
        else if (r == 5)
            cmd(&s, SIM_CMD_PUSH, 0, 0);
        else if (r < 9)
            cmd(&s, SIM_CMD_HOLD, x, y);
        else if (r == 9)
            cmd(&s, SIM_CMD_RELEASE, 0, 0);
        sim_tick(&s);
        fold = fold * UINT64_C(31) + sim_hash(&s);
    }
    sim_deinit(&s);
    return fold;
}

static uint64_t play_file(const char *file, uint64_t seed, int ticks)
{
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_load(file, &l, &d));
    uint64_t fold = play_level(&l, seed, ticks);
    level_free(&l);
    return fold;
}

/* A 40x40 hall whose every third row and column is doors, with 16 sentries
 * walking patrols across them: doors opened and closed by many at once. */
static Level door_hall(void)
{
    char text[40 * 41 + 16 * 40 + 1];
    int n = 0;
    for (int i = 0; i < 16; i++) {
        int x = 2 + (i % 4) * 9, y = 2 + (i / 4) * 9;
        n += snprintf(text + n, sizeof text - (size_t)n, "patrol: %d,%d %d,%d %d,%d\n", x, y, 37 - x, y, 37 - x,
                      37 - y);
    }
    for (int y = 0; y < 40; y++) {
        for (int x = 0; x < 40; x++) {
            char c = x == 0 || y == 0 || x == 39 || y == 39 ? '#' : (x % 3 == 0 || y % 3 == 0) ? '+' : '.';
            if ((x - 2) % 9 == 0 && (y - 2) % 9 == 0 && x < 38 && y < 38)
                c = 'S';
            if (x == 20 && y == 20)
                c = '@';
            text[n++] = c;
        }
        text[n++] = '\n';
    }
    text[n] = '\0';
    return test_level_from_text(text);
}

/* The same plays reach the same states as they always have: these folded
 * hashes were taken when the plays' searches moved to jump point search
 * (another optimal path where several tie; 11_flooded's plays are the same
 * as before), and they held before through the doors' list and the
 * planners' partial clears. The plays on levels of limited energy were
 * taken again when standing began to cost energy (SIM_STAND_DRAIN), and
 * all of them when the state's hash came to be made from its field table
 * (SIM_STATE_FIELDS: the cells taken hashed instead of every tile's kind,
 * the droid through mover_hash); the plays themselves were the same, their
 * traces line for line. The plays with doors were taken again when the
 * doors' open amount (drawing only) left the Sim and its hash: the same
 * plays, hashed without it. */
static void test_hashes_as_before(void **state)
{
    (void)state;
    static const struct {
        const char *file;
        uint64_t seed;
        int ticks;
        uint64_t want;
    } plays[] = {
        {"levels/extra/doors.txt", 1, 3000, UINT64_C(0x36075c5f8dd49d56)},
        {"levels/11_flooded.txt", 2, 3000, UINT64_C(0x8e564a466c5525af)},
        {"levels/14_detour.txt", 3, 3000, UINT64_C(0xc97a1c933f6e522e)},
        {"levels/extra/expanse.txt", 4, 3000, UINT64_C(0x54926ac19d8b67e9)},
        {"levels/extra/swarm.txt", 5, 1500, UINT64_C(0x38f837535c201830)},
        {NULL, 6, 6000, UINT64_C(0xaf24755c035ac023)},
    };
    int differ = 0;
    for (size_t i = 0; i < sizeof plays / sizeof *plays; i++) {
        uint64_t got;
        if (plays[i].file) {
            got = play_file(plays[i].file, plays[i].seed, plays[i].ticks);
        } else {
            Level l = door_hall();
            got = play_level(&l, plays[i].seed, plays[i].ticks);
            level_free(&l);
        }
        if (got != plays[i].want) {
            print_error("%s: hash 0x%016llx, before 0x%016llx\n", plays[i].file ? plays[i].file : "door hall",
                        (unsigned long long)got, (unsigned long long)plays[i].want);
            differ++;
        }
    }
    assert_int_equal(differ, 0);
}

/* A tick looks only at the doors open, closing or just entered, never at
 * every door of the level: on a 64x64 level of 4094 doors a walk across it
 * has at most a few doors to look at a tick, none once they have closed;
 * a copy taken on the way goes on the same. */
static void test_doors_looked_at(void **state)
{
    (void)state;
    char text[64 * 65 + 1];
    int n = 0;
    for (int y = 0; y < 64; y++) {
        for (int x = 0; x < 64; x++)
            text[n++] = x == 2 && y == 2 ? '@' : x == 40 && y == 12 ? '.' : '+';
        text[n++] = '\n';
    }
    text[n] = '\0';
    Level l = test_level_from_text(text);
    Sim s, copy;
    memset(&copy, 0, sizeof copy);
    assert_true(sim_init(&s, &l));
    assert_int_equal(s.terrain->door_count, 64 * 64 - 2);
    cmd(&s, SIM_CMD_GOTO, 40, 12);
    long most = 0, opened = 0;
    int t = 0;
    for (; t < 20000 && (s.state.planning || s.state.droid.moving || mover_remaining(&s.state.droid) > 0 || s.work.doors_visited > 0); t++) {
        sim_tick(&s);
        for (int i = 0; i < s.work.event_count; i++)
            opened += s.work.events[i].type == SIM_EV_DOOR && s.work.events[i].a == 1;
        if (s.work.doors_visited > most)
            most = s.work.doors_visited;
        if (t == 700)
            assert_true(sim_copy(&copy, &s));
        if (t > 700) {
            sim_tick(&copy);
            assert_int_equal(s.work.doors_visited, copy.work.doors_visited);
            if (t % 64 == 0)
                assert_true(sim_hash(&copy) == sim_hash(&s));
        }
    }
    assert_true(sim_hash(&copy) == sim_hash(&s));
    assert_true(opened == 37);     /* a door a step, the last tile floor */
    assert_true(most >= 2);        /* the one it stands in, the one it enters, the ones closing */
    assert_true(most <= 8);        /* not 4094 */
    assert_int_equal(s.work.doors_visited, 0);
    assert_int_equal(s.state.door_active_count, 0);
    for (int i = 0; i < s.terrain->door_count; i++)
        assert_true(!s.state.doors[i].open && s.state.doors[i].hold == 0);
    sim_deinit(&s);
    sim_deinit(&copy);
    level_free(&l);
}

/* A row of 2200 cells of the largest value, with the largest energy to
 * start: their sum (2.2e9 floor steps) is past what the units hold. */
static Level many_cells(void)
{
    enum { CELLS = 2200 };
    char *text = malloc(CELLS + 64);
    int n = sprintf(text, "energy: %d\ncell: %d\n@", LEVEL_ENERGY_MAX, LEVEL_ENERGY_MAX);
    memset(text + n, '*', CELLS);
    strcpy(text + n + CELLS, ">\n");
    Level l = test_level_from_text(text);
    free(text);
    return l;
}

/* Energy never overflows: the droid takes every cell and fills up to
 * SIM_ENERGY_MAX, no further, and walks on. */
static void test_energy_saturates(void **state)
{
    (void)state;
    Level l = many_cells();
    Sim s;
    assert_true(sim_init(&s, &l));
    assert_int_equal(s.terrain->cells_total, 2200);
    cmd(&s, SIM_CMD_GOTO, 2201, 0);
    int64_t most = 0;
    for (int t = 0; t < 50000 && s.state.status == SIM_PLAYING; t++) {
        sim_tick(&s);
        for (int i = 0; i < s.work.event_count; i++)
            if (s.work.events[i].type == SIM_EV_PICKUP && s.work.events[i].a > most)
                most = s.work.events[i].a;
        assert_true(s.state.energy > 0 && s.state.energy <= SIM_ENERGY_MAX);
    }
    assert_int_equal(s.state.status, SIM_WON);
    assert_true(most == SIM_ENERGY_MAX);
    assert_true(s.state.energy == SIM_ENERGY_MAX - (int64_t)NAV_UNIT_STRAIGHT); /* the last step, onto the exit */
    assert_true(sim_energy_gain(SIM_ENERGY_MAX - 5, 3) == SIM_ENERGY_MAX - 2);
    assert_true(sim_energy_gain(SIM_ENERGY_MAX - 5, 7) == SIM_ENERGY_MAX);
    sim_deinit(&s);
    level_free(&l);
}

/* isopath tour on the same level: the game's energy (no overflow), and its
 * heuristic order search within its bound: quadratic in cells, not cubic. */
static void test_tour_many_cells(void **state)
{
    (void)state;
    Level l = many_cells();
    TourResult t;
    assert_int_equal(tour_plan(&l, &t), TOUR_WINNABLE);
    assert_int_equal(t.cells, 2200);
    assert_false(t.exact);
    assert_true(t.work > 0 && t.work <= TOUR_GREEDY_WORK + 2200L * 2200L);
    assert_true(fabs(t.energy_left - (sim_units(SIM_ENERGY_MAX) - 1.0)) < 1e-6);
    assert_true(fabs(t.length - 2201.0) < 1e-9);
    for (int i = 0; i < 2200; i++)
        assert_int_equal(t.order[i].x, i + 1);
    tour_free(&t);
    level_free(&l);
}

/* The clock starts with the first command, stands after the win. */
static void test_clock(void **state)
{
    (void)state;
    Level l = test_level_from_text("#####\n#@.>#\n#####\n");
    Sim s;
    assert_true(sim_init(&s, &l));
    for (int t = 0; t < 50; t++)
        sim_tick(&s);
    assert_int_equal(s.state.play_ticks, 0);
    cmd(&s, SIM_CMD_GOTO, 3, 1);
    int ticks = run(&s, 1000, SIM_EV_WIN, NULL);
    assert_int_equal(s.state.status, SIM_WON);
    assert_int_equal(s.state.play_ticks, (uint64_t)ticks);
    for (int t = 0; t < 50; t++)
        sim_tick(&s);
    assert_int_equal(s.state.play_ticks, (uint64_t)ticks);
    sim_deinit(&s);
    level_free(&l);
}

/* Every reader of a Sim on s: the tiles, the doors, the hash, a copy that
 * goes on the same; then ticks. */
static void assert_sim_usable(Sim *s, int ticks)
{
    long kinds = 0;
    for (int y = -1; y <= s->terrain->h; y++)
        for (int x = -1; x <= s->terrain->w; x++) {
            kinds += sim_kind(s, x, y);
            if (sim_kind(s, x, y) == TILE_DOOR)
                assert_non_null(sim_door_at(s, x, y));
        }
    assert_true(kinds > 0);
    Sim c;
    memset(&c, 0, sizeof c);
    assert_true(sim_copy(&c, s));
    for (int t = 0; t < ticks; t++) {
        assert_true(sim_hash(&c) == sim_hash(s));
        if (t == ticks / 2)
            cmd(s, SIM_CMD_GOTO, 1, 5), cmd(&c, SIM_CMD_GOTO, 1, 5);
        sim_tick(s);
        sim_tick(&c);
        for (int i = 0; i < s->work.event_count; i++)
            (void)s->work.events[i].type;
    }
    assert_true(sim_hash(&c) == sim_hash(s));
    sim_deinit(&c);
}

/* A restart that runs out of memory at any one of its allocations (or at
 * one and every one after it) leaves the play as it was, tick for tick, and
 * says nothing; one with memory enough starts the level again. */
static void test_restart_out_of_memory(void **state)
{
    (void)state;
    Level l = test_level_from_text("energy: 40\n"
                                   "patrol: 8,5 8,2\n"
                                   "############\n"
                                   "#@..*..+..>#\n"
                                   "#.##.#.#...#\n"
                                   "#..*.....#.#\n"
                                   "#.####.#...#\n"
                                   "#.....+.S..#\n"
                                   "############\n");
    int points = 0, failed = 0;
    for (int rest = 0; rest < 2; rest++) {
        for (long at = 1;; at++) {
            Sim s;
            assert_true(sim_init(&s, &l));
            cmd(&s, SIM_CMD_GOTO, 9, 1);
            for (int t = 0; t < 50; t++)
                sim_tick(&s);
            assert_true(s.state.started && s.state.droid.moving && s.state.cells_left == 1);
            Sim before;
            memset(&before, 0, sizeof before);
            assert_true(sim_copy(&before, &s));
            uint64_t hash = sim_hash(&s), tick = s.state.tick;
            sim_clear_events(&s);
            fail_allocations(at, rest);
            cmd(&s, SIM_CMD_RESTART, 0, 0);
            long made = alloc_count;
            fail_allocations(0, false);
            bool restarted = s.work.event_count == 1 && s.work.events[0].type == SIM_EV_RESTART;
            if (made < at) { /* it needed fewer allocations: nothing failed */
                assert_true(restarted);
                assert_true(s.state.tick == 0 && !s.state.started && s.state.cells_left == 2);
                assert_sim_usable(&s, 200);
                sim_deinit(&before);
                sim_deinit(&s);
                break;
            }
            points++;
            if (restarted) { /* what failed was not needed (an event for the views) */
                assert_true(s.state.tick == 0 && !s.state.started && s.state.cells_left == 2);
                assert_sim_usable(&s, 200);
                sim_deinit(&before);
                sim_deinit(&s);
                continue;
            }
            /* the play as it was: same hash, and it goes on as its copy from before does */
            failed++;
            assert_int_equal(s.work.event_count, 0);
            assert_true(sim_hash(&s) == hash && s.state.tick == tick);
            for (int t = 0; t < 100; t++) {
                sim_tick(&s);
                sim_tick(&before);
                assert_true(sim_hash(&s) == sim_hash(&before));
            }
            assert_sim_usable(&s, 200);
            /* and a restart with memory works */
            cmd(&s, SIM_CMD_RESTART, 0, 0);
            assert_true(s.state.tick == 0 && s.work.event_count == 1 && s.work.events[0].type == SIM_EV_RESTART);
            assert_sim_usable(&s, 100);
            sim_deinit(&before);
            sim_deinit(&s);
        }
    }
    /* kind, doors (4), grid, region, the sentries' (5 and more), each failing alone and with all after it */
    assert_true(points >= 2 * 12 && failed >= points - 4);
    /* sim_init out of memory: zeroed, and deinit takes it */
    for (long at = 1;; at++) {
        Sim s;
        fail_allocations(at, false);
        bool ok = sim_init(&s, &l);
        long made = alloc_count;
        fail_allocations(0, false);
        if (ok) {
            sim_deinit(&s);
            if (made < at)
                break;
            continue;
        }
        Sim zero;
        memset(&zero, 0, sizeof zero);
        assert_memory_equal(&s, &zero, sizeof s);
        sim_deinit(&s);
    }
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pickup_and_exit),   cmocka_unit_test(test_out_of_energy),
        cmocka_unit_test(test_time_is_cost),      cmocka_unit_test(test_door_timing),
        cmocka_unit_test(test_key_steps),         cmocka_unit_test(test_hold_never_dances),
        cmocka_unit_test(test_nearest),           cmocka_unit_test(test_same_commands_same_hash),
        cmocka_unit_test(test_copy_goes_on_the_same), cmocka_unit_test(test_copy_mid_plan),
        cmocka_unit_test(test_history_rewinds_exactly), cmocka_unit_test(test_history_copies_hold_no_tiles),
        cmocka_unit_test(test_history_rewind_out_of_memory),
        cmocka_unit_test(test_clock),             cmocka_unit_test(test_hashes_as_before),
        cmocka_unit_test(test_doors_looked_at),   cmocka_unit_test(test_restart_out_of_memory),
        cmocka_unit_test(test_energy_saturates), cmocka_unit_test(test_tour_many_cells),
    };
    return cmocka_run_group_tests_name("sim", tests, NULL, NULL);
}
