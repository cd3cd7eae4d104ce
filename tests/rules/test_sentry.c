/* SPDX-License-Identifier: MIT */
/* test_sentry.c - the sentries through the simulation, headless and
 * deterministic: sight through walls, void, water and doors both ways,
 * hearing at the radius and one step beyond (also through a door), chases
 * that never cut a corner or overlap, the corridor meeting, search and
 * return, caught means lost, the same commands give the same hash, and the
 * level syntax (sentry_speed:, patrol:). */
#include "testlevel.h"

#include "sentry.h"
#include "sight.h"
#include "sim.h"

typedef struct Play {
    Level level;
    Sim sim;
    int states[SENTRY_STATE_COUNT]; /* SIM_EV_SENTRY seen, by state */
    int alerts;
    int lost;
    SentryState order[64]; /* sentry 0's states, in order */
    int order_n;
} Play;

static void play_start(Play *p, const char *text)
{
    memset(p, 0, sizeof *p);
    NavDiags d;
    nav_diag_clear(&d);
    bool ok = level_parse(text, strlen(text), "test.txt", &p->level, &d);
    if (!ok)
        fail_msg("%s", d.count ? d.msg[0] : "level");
    assert_true(sim_init(&p->sim, &p->level));
}

static void play_end(Play *p)
{
    sim_deinit(&p->sim);
    level_free(&p->level);
}

/* No two sentries on one tile or entering one, and every step allowed. */
static void check_sentries(const Sim *s)
{
    const Sentries *ss = &s->state.sentries;
    for (int i = 0; i < ss->count; i++) {
        const Mover *a = &ss->list[i].mover;
        if (a->moving)
            assert_true(nav_grid_can_step(&s->terrain->grid, a->tile.x, a->tile.y, a->next.x - a->tile.x, a->next.y - a->tile.y));
        assert_true(nav_grid_walkable(&s->terrain->grid, a->tile.x, a->tile.y));
        for (int j = i + 1; j < ss->count; j++) {
            const Mover *b = &ss->list[j].mover;
            NavPos at[2] = {a->tile, a->next}, bt[2] = {b->tile, b->next};
            for (int u = 0; u < (a->moving ? 2 : 1); u++)
                for (int v = 0; v < (b->moving ? 2 : 1); v++)
                    if (nav_pos_eq(at[u], bt[v]))
                        fail_msg("tick %llu: sentries %d and %d share %d,%d", (unsigned long long)s->state.tick, i, j,
                                 at[u].x, at[u].y);
        }
    }
}

static void play_ticks(Play *p, int n)
{
    for (int t = 0; t < n; t++) {
        sim_tick(&p->sim);
        for (int i = 0; i < p->sim.work.event_count; i++) {
            const SimEvent *e = &p->sim.work.events[i];
            if (e->type == SIM_EV_SENTRY) {
                p->states[e->b]++;
                if (e->a == 0 && p->order_n < 64)
                    p->order[p->order_n++] = (SentryState)e->b;
            }
            else if (e->type == SIM_EV_ALERT)
                p->alerts++;
            else if (e->type == SIM_EV_LOSE)
                p->lost++;
        }
        check_sentries(&p->sim);
    }
}

static void play_goto(Play *p, int x, int y)
{
    SimCmd c = {SIM_CMD_GOTO, x, y};
    sim_command(&p->sim, &c);
}

/* Walks the droid to (x, y) and waits until it stands there. */
static void play_walk(Play *p, int x, int y)
{
    play_goto(p, x, y);
    for (int t = 0; t < 2000 && (p->sim.state.droid.moving || !nav_pos_eq(p->sim.state.droid.tile, nav_pos(x, y))); t++)
        play_ticks(p, 1);
    assert_true(nav_pos_eq(p->sim.state.droid.tile, nav_pos(x, y)));
}

static const Sentry *sentry(const Play *p, int id)
{
    assert_true(id < p->sim.state.sentries.count);
    return &p->sim.state.sentries.list[id];
}

/* ---- sight -------------------------------------------------------------------- */

static bool sees_both_ways(const Sim *s, NavPos a, NavPos b)
{
    bool ab = sight_line(a, b, (SightOpaque)sim_opaque, s), ba = sight_line(b, a, (SightOpaque)sim_opaque, s);
    assert_int_equal(ab, ba);
    return ab;
}

static void test_sight_rule(void **state)
{
    (void)state;
    Play p;
    play_start(&p, "#########\n"
                   "#@..#...#\n"
                   "#...+...#\n"
                   "#~~~....#\n"
                   "#.......#\n"
                   "#... ...#\n"
                   "#.......#\n"
                   "#########\n");
    Sim *s = &p.sim;
    assert_true(sees_both_ways(s, nav_pos(1, 2), nav_pos(3, 2)));
    assert_false(sees_both_ways(s, nav_pos(3, 1), nav_pos(5, 1)));  /* wall */
    assert_false(sees_both_ways(s, nav_pos(3, 2), nav_pos(5, 2)));  /* closed door */
    assert_false(sees_both_ways(s, nav_pos(3, 5), nav_pos(5, 5)));  /* void */
    assert_true(sees_both_ways(s, nav_pos(2, 2), nav_pos(2, 4)));   /* across water */
    assert_true(sees_both_ways(s, nav_pos(3, 3), nav_pos(5, 1)) == false); /* past the door's corner */
    /* the droid opens the door: sight passes while it is open */
    play_walk(&p, 4, 2);
    assert_true(sim_door_at(s, 4, 2)->open);
    play_walk(&p, 5, 2);
    assert_true(sim_door_at(s, 4, 2)->open);
    assert_true(sees_both_ways(s, nav_pos(3, 2), nav_pos(6, 2)));
    play_ticks(&p, SIM_DOOR_HOLD_TICKS + 2);
    assert_false(sim_door_at(s, 4, 2)->open);
    assert_false(sees_both_ways(s, nav_pos(3, 2), nav_pos(6, 2)));
    play_end(&p);
}

/* ---- hearing -------------------------------------------------------------------- */

/* The droid walks east along row 1; the sentry in row 3 cannot see it (the
 * wall of row 2 is between) and hears by path cost: round by column 8. The
 * path cost from the sentry at (x, 3) to the droid at (t, 1) is
 * (8 - x) + 2 + (8 - t) floor steps. */
static const char hear_open[] = "##########\n"
                                "#@.......#\n"
                                "########.#\n"
                                "#.....S..#\n"
                                "##########\n";

static void test_hearing_at_the_radius(void **state)
{
    (void)state;
    Play p;
    play_start(&p, hear_open);
    assert_int_equal(p.sim.state.sentries.count, 1);
    /* sentry at (6, 3): cost 12 - t. At t = 5 the cost is 7, one beyond the radius 6 */
    play_walk(&p, 5, 1);
    play_ticks(&p, 5);
    assert_int_equal(sentry(&p, 0)->state, SENTRY_GUARD);
    assert_int_equal(p.alerts, 0);
    /* t = 6: exactly the radius */
    play_goto(&p, 6, 1);
    for (int t = 0; t < 200 && !nav_pos_eq(p.sim.state.droid.tile, nav_pos(6, 1)); t++) {
        play_ticks(&p, 1);
        if (!nav_pos_eq(p.sim.state.droid.tile, nav_pos(6, 1)))
            assert_int_equal(p.alerts, 0);
    }
    assert_int_equal(p.alerts, 1);
    assert_int_equal(sentry(&p, 0)->state, SENTRY_ALERT);
    assert_true(nav_pos_eq(sentry(&p, 0)->last_known, nav_pos(6, 1)));
    play_end(&p);
}

/* Through a closed door (5, 2), which counts 5: from (x, 3) to (t, 1) the
 * cost is (5 - x) + 5 + 1 + (5 - t). */
static const char hear_door[] = "#######\n"
                                "#@....#\n"
                                "#####+#\n"
                                "#...S.#\n"
                                "#######\n";

static void test_hearing_through_a_door(void **state)
{
    (void)state;
    Play p;
    play_start(&p, hear_door);
    /* sentry at (4, 3): at t = 4 the cost is 8, at t = 5 it is 7: never heard */
    play_walk(&p, 5, 1);
    play_ticks(&p, 5);
    assert_int_equal(p.alerts, 0);
    play_end(&p);

    play_start(&p, "#######\n"
                   "#@....#\n"
                   "#####+#\n"
                   "#....S#\n"
                   "#######\n");
    /* sentry at (5, 3): t = 4 costs 7 (one beyond), t = 5 costs 6 (the radius) */
    play_walk(&p, 4, 1);
    play_ticks(&p, 5);
    assert_int_equal(p.alerts, 0);
    play_walk(&p, 5, 1);
    assert_int_equal(p.alerts, 1);
    assert_true(sentry(&p, 0)->state == SENTRY_ALERT || sentry(&p, 0)->state == SENTRY_CHASE);
    play_end(&p);
}

static void test_noise_reach(void **state)
{
    (void)state;
    assert_true(sentry_noise_reach(1) == SENTRY_HEAR_RADIUS * NAV_UNIT_STRAIGHT);
    assert_true(sentry_noise_reach(3) == (SENTRY_HEAR_RADIUS + SENTRY_HEAR_ROUGH) * NAV_UNIT_STRAIGHT);
    assert_true(sentry_noise_reach(5) == (SENTRY_HEAR_RADIUS + SENTRY_HEAR_DOOR) * NAV_UNIT_STRAIGHT);
}

/* ---- chase, catch ---------------------------------------------------------------- */

static void test_chase_and_catch(void **state)
{
    (void)state;
    Play p;
    /* pillars make corners to cut; three sentries see the droid at once */
    play_start(&p, "################\n"
                   "#..............#\n"
                   "#.S.#.#.#.#....#\n"
                   "#...#...#......#\n"
                   "#S..##.##.#..@.#\n"
                   "#.....#...#....#\n"
                   "#.S.#...#......#\n"
                   "#..............#\n"
                   "################\n");
    assert_int_equal(p.sim.state.sentries.count, 3);
    /* the droid walks up to them and stands */
    play_goto(&p, 5, 1);
    int chased = 0;
    for (int t = 0; t < 3000 && p.sim.state.status == SIM_PLAYING; t++) {
        play_ticks(&p, 1);
        chased |= p.sim.state.sentries.chasers > 0;
    }
    assert_true(chased);
    assert_int_equal(p.sim.state.status, SIM_LOST);
    assert_int_equal(p.sim.state.lose, SIM_LOSE_CAUGHT);
    assert_int_equal(p.lost, 1);
    assert_true(p.alerts >= 1);
    assert_true(p.states[SENTRY_ALERT] >= 1 && p.states[SENTRY_CHASE] >= 1);
    /* the catcher stands next to the droid (or on its tile) */
    bool next_to = false;
    for (int i = 0; i < p.sim.state.sentries.count; i++) {
        NavPos t = sentry(&p, i)->mover.tile, d = p.sim.state.droid.tile;
        next_to |= sentry(&p, i)->state == SENTRY_CHASE && abs(t.x - d.x) <= 1 && abs(t.y - d.y) <= 1;
    }
    assert_true(next_to);
    /* lost is final until a restart, which puts the sentries back */
    play_ticks(&p, 10);
    assert_int_equal(p.sim.state.status, SIM_LOST);
    SimCmd r = {SIM_CMD_RESTART, 0, 0};
    sim_command(&p.sim, &r);
    assert_int_equal(p.sim.state.status, SIM_PLAYING);
    assert_true(nav_pos_eq(sentry(&p, 0)->mover.tile, nav_pos(2, 2)));
    assert_int_equal(sentry(&p, 0)->state, SENTRY_GUARD);
    play_end(&p);
}

/* Copies of the play share the sentries' chase field (13 bytes a tile),
 * never copy it: a copy costs none of it (sim_copy_bytes), and the first of
 * them to fill it again while they share it (the droid on a new tile) fills
 * one of its own, leaving the others' as they were; a copy made while the
 * sentries chase goes on as the play does, tick for tick. */
static void test_copies_share_the_chase_field(void **state)
{
    (void)state;
    Play p;
    play_start(&p, "################\n"
                   "#..............#\n"
                   "#.S.#.#.#.#....#\n"
                   "#...#...#......#\n"
                   "#S..##.##.#..@.#\n"
                   "#.....#...#....#\n"
                   "#.S.#...#......#\n"
                   "#..............#\n"
                   "################\n");
    play_goto(&p, 5, 1);
    while (p.sim.state.sentries.chasers == 0 && p.sim.state.status == SIM_PLAYING)
        play_ticks(&p, 1);
    assert_int_equal(p.sim.state.status, SIM_PLAYING);
    Sim c;
    memset(&c, 0, sizeof c);
    size_t field = nav_field_bytes(&p.sim.state.sentries.field);
    assert_true(field >= 13 * 16 * 9);
    assert_true(sim_copy(&c, &p.sim));
    assert_ptr_equal(c.state.sentries.field.cost, p.sim.state.sentries.field.cost); /* shared */
    assert_true(sim_copy_bytes(&p.sim) < field);
    assert_true(sentries_field_own_bytes(&p.sim.state.sentries) == 0); /* counted by neither while shared */
    const uint64_t *was = c.state.sentries.field.cost;
    SimCmd away = {SIM_CMD_GOTO, 14, 7}; /* both walk on: the field follows the droid */
    sim_command(&p.sim, &away);
    sim_command(&c, &away);
    bool apart = false;
    for (int t = 0; t < 600 && p.sim.state.status == SIM_PLAYING; t++) {
        play_ticks(&p, 1);
        sim_tick(&c);
        apart |= c.state.sentries.field.cost != p.sim.state.sentries.field.cost;
        assert_true(sim_hash(&c) == sim_hash(&p.sim));
        if (apart) /* the copy, filled first, made its own; the play's is the one they shared */
            assert_true(c.state.sentries.field.cost != was || p.sim.state.sentries.field.cost != was);
    }
    assert_true(apart);
    sim_deinit(&c);
    play_end(&p);
}

/* Chasers in a crowd: many sentries in a hall chase the droid, never
 * sharing a tile, never cutting a corner (check_sentries every tick). */
static void test_chase_crowd(void **state)
{
    (void)state;
    Play p;
    play_start(&p, "####################\n"
                   "#SSSS..............#\n"
                   "#SSSS...#..#.......#\n"
                   "#SSSS...#..#.......#\n"
                   "#SSSS...##.#....@..#\n"
                   "#.......#..........#\n"
                   "####################\n");
    assert_int_equal(p.sim.state.sentries.count, 16);
    SimCmd c = {SIM_CMD_GOTO, 7, 5}; /* walk towards them: heard, seen */
    sim_command(&p.sim, &c);
    int most = 0;
    for (int t = 0; t < 4000 && p.sim.state.status == SIM_PLAYING; t++) {
        play_ticks(&p, 1);
        if (p.sim.state.sentries.chasers > most)
            most = p.sim.state.sentries.chasers;
    }
    assert_true(most >= 4);
    assert_int_equal(p.sim.state.lose, SIM_LOSE_CAUGHT);
    play_end(&p);
}

/* ---- give way ------------------------------------------------------------------------ */

/* Two patrols cross through a one-tile corridor in opposite directions:
 * they meet in it, and both still get through, again and again. The droid
 * is shut away where nobody sees or hears it. */
static void test_corridor_meeting(void **state)
{
    (void)state;
    Play p;
    play_start(&p, "patrol: 2,2 16,3\n"
                   "patrol: 18,2 3,1\n"
                   "####################\n"
                   "#....#########.....#\n"
                   "#.S...............S#\n"
                   "#....#########.....#\n"
                   "#....###@#####.....#\n"
                   "####################\n");
    assert_int_equal(p.sim.state.sentries.count, 2);
    assert_int_equal(sentry(&p, 0)->patrol_count, 2);
    assert_int_equal(sentry(&p, 1)->patrol_count, 2);
    /* count waypoints reached: the leg changes at each */
    int legs[2] = {0, 0}, last[2] = {sentry(&p, 0)->leg, sentry(&p, 1)->leg};
    bool met = false;
    for (int t = 0; t < 12000; t++) {
        play_ticks(&p, 1);
        for (int i = 0; i < 2; i++)
            if (sentry(&p, i)->leg != last[i]) {
                legs[i]++;
                last[i] = sentry(&p, i)->leg;
            }
        NavPos a = sentry(&p, 0)->mover.tile, b = sentry(&p, 1)->mover.tile;
        met |= a.y == 2 && b.y == 2 && a.x >= 5 && a.x <= 13 && b.x >= 5 && b.x <= 13 && abs(a.x - b.x) <= 2;
    }
    assert_true(met);
    assert_true(legs[0] >= 4);
    assert_true(legs[1] >= 4);
    assert_int_equal(p.alerts, 0);
    play_end(&p);
}

/* Head on with no room at all to step aside except back the way it came:
 * the lower id backs off into the room behind it. */
static void test_corridor_backing_off(void **state)
{
    (void)state;
    Play p;
    play_start(&p, "patrol: 2,1 13,1\n"
                   "patrol: 13,1 2,1\n"
                   "################\n"
                   "#.S..........S.#\n"
                   "################\n"
                   "#@##############\n");
    /* both patrols are on one line with no side tile: physically they cannot
     * pass, and neither may they swap through each other */
    play_ticks(&p, 3000);
    NavPos a = sentry(&p, 0)->mover.tile, b = sentry(&p, 1)->mover.tile;
    assert_true(a.x < b.x);
    play_end(&p);

    play_start(&p, "patrol: 3,1 12,3\n"
                   "patrol: 13,3 2,1\n"
                   "##############\n"
                   "#..S.........#\n"
                   "#....##########\n"
                   "####.........S#\n"
                   "##############\n"
                   "#@############\n");
    /* here they meet in the lower corridor, which has no side tile: the
     * lower id backs off ahead of the other into the room above, steps
     * aside there and goes on once the way is clear */
    int legs[2] = {0, 0}, last[2] = {sentry(&p, 0)->leg, sentry(&p, 1)->leg};
    for (int t = 0; t < 12000; t++) {
        play_ticks(&p, 1);
        for (int i = 0; i < 2; i++)
            if (sentry(&p, i)->leg != last[i]) {
                legs[i]++;
                last[i] = sentry(&p, i)->leg;
            }
    }
    assert_true(legs[0] >= 3);
    assert_true(legs[1] >= 3);
    play_end(&p);
}

/* ---- search and return ------------------------------------------------------------- */

static void test_search_and_return(void **state)
{
    (void)state;
    Play p;
    play_start(&p, TEST_SEEN_THEN_HIDES);
    NavPos post = sentry(&p, 0)->post;
    Dir8 facing = sentry(&p, 0)->post_facing;
    assert_int_equal(facing, DIR_E);
    play_ticks(&p, 2);
    assert_int_equal(p.alerts, 1);
    play_walk(&p, 1, 6);
    /* then waits, out of sight and earshot, for the whole search */
    for (int t = 0; t < 20000 && p.order_n < 5; t++)
        play_ticks(&p, 1);
    while (sentry(&p, 0)->mover.moving)
        play_ticks(&p, 1);
    assert_int_equal(p.sim.state.status, SIM_PLAYING);
    static const SentryState want[5] = {SENTRY_ALERT, SENTRY_CHASE, SENTRY_SEARCH, SENTRY_RETURN, SENTRY_GUARD};
    assert_int_equal(p.order_n, 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(p.order[i], want[i]);
    /* the search went to the last tile it perceived the droid on, beyond where it lost it */
    assert_true(sentry(&p, 0)->last_known.y == 1 && sentry(&p, 0)->last_known.x > 4);
    assert_true(nav_pos_eq(sentry(&p, 0)->mover.tile, post));
    assert_int_equal(sentry(&p, 0)->mover.facing, facing);
    assert_true(p.states[SENTRY_SEARCH] >= 1 && p.states[SENTRY_RETURN] >= 1);
    play_end(&p);
}

/* ---- the lure ------------------------------------------------------------------------------- */

static int play_lure(Play *p, int x, int y, SimLureCheck *why)
{
    SimCmd c = {SIM_CMD_LURE, x, y};
    sim_command(&p->sim, &c);
    int sent = -1;
    *why = SIM_LURE_OK;
    for (int i = 0; i < p->sim.work.event_count; i++) {
        const SimEvent *e = &p->sim.work.events[i];
        if (e->type == SIM_EV_LURE)
            sent = (int)e->a;
        else if (e->type == SIM_EV_NOLURE)
            *why = (SimLureCheck)e->a;
    }
    sim_clear_events(&p->sim);
    return sent;
}

static void test_lure(void **state)
{
    (void)state;
    Play p;
    /* sentry 0 stands 6 steps from the lure's tile; sentry 1 is as near as
     * the crow flies but 20 steps away by the corridor round the wall */
    play_start(&p, "energy: 20\n"
                   "##############\n"
                   "#@...........#\n"
                   "#.####.#######\n"
                   "#.#S.......#.#\n"
                   "#.#.########.#\n"
                   "#.#..........#\n"
                   "#.##########.#\n"
                   "#............#\n"
                   "##############\n");
    SimLureCheck why;
    /* beyond 8 tiles, out of sight, onto a wall: refused, nothing paid, the clock still */
    assert_int_equal(play_lure(&p, 12, 1, &why), -1);
    assert_int_equal(why, SIM_LURE_FAR);
    assert_int_equal(play_lure(&p, 12, 7, &why), -1);
    assert_int_equal(why, SIM_LURE_FAR);
    assert_int_equal(play_lure(&p, 3, 2, &why), -1);
    assert_int_equal(why, SIM_LURE_BLOCKED);
    assert_int_equal(play_lure(&p, 4, 3, &why), -1);
    assert_int_equal(why, SIM_LURE_HIDDEN);
    assert_false(p.sim.state.started);
    assert_true(p.sim.state.energy == 20 * (int64_t)NAV_UNIT_STRAIGHT);
    /* the one it reaches by path cost goes */
    bool pulled[1];
    assert_int_equal(sim_lure_hears(&p.sim, nav_pos(6, 1), pulled), 1);
    assert_true(pulled[0]);
    assert_int_equal(play_lure(&p, 6, 1, &why), 1);
    assert_true(p.sim.state.started);
    assert_true(p.sim.state.energy == 20 * (int64_t)NAV_UNIT_STRAIGHT - SIM_LURE_COST);
    assert_int_equal(sentry(&p, 0)->state, SENTRY_SEARCH);
    assert_true(nav_pos_eq(sentry(&p, 0)->last_known, nav_pos(6, 1)));
    /* the droid hides round the corner; the sentry looks, goes back and takes up its post */
    play_walk(&p, 1, 7);
    for (int t = 0; t < 4000 && p.order_n < 2; t++)
        play_ticks(&p, 1);
    assert_int_equal(p.alerts, 0);
    assert_int_equal(p.order_n, 2);
    assert_int_equal(p.order[0], SENTRY_RETURN);
    assert_int_equal(p.order[1], SENTRY_GUARD);
    assert_true(nav_pos_eq(sentry(&p, 0)->mover.tile, nav_pos(3, 3)));
    play_end(&p);

    /* a wall between: near as the crow flies, far by path cost, not heard */
    play_start(&p, "##########\n"
                   "#@.....S.#\n"
                   "#.#####..#\n"
                   "#.#...#..#\n"
                   "#.#...#..#\n"
                   "#.#...#..#\n"
                   "#.#####..#\n"
                   "#........#\n"
                   "##########\n");
    assert_int_equal(sim_lure_hears(&p.sim, nav_pos(1, 6), pulled), 0);  /* 12 steps round */
    assert_int_equal(sim_lure_hears(&p.sim, nav_pos(3, 1), pulled), 1);  /* 4 steps along */
    play_end(&p);
}

/* A lure is heard by the footsteps' measure: a sentry goes exactly when the
 * path cost from it to the lure's tile (a flow field over the level, the
 * walks' rule, corners never cut) is within SENTRY_LURE_REACH. Sentries
 * all over a level of wall stubs and rough ground, lures on every floor tile. */
static void test_lure_reach_is_the_path_cost(void **state)
{
    (void)state;
    Play p;
    play_start(&p, "####################\n"
                   "#S..#....S.#...,,.S#\n"
                   "#.#.#.##.#.#.#.,,#.#\n"
                   "#.#S..#..#...#S..#.#\n"
                   "#@#.#.#S.##.##.#.#.#\n"
                   "#...#...#...S.#.#..#\n"
                   "##.##.#.#.###.#...S#\n"
                   "#S....#...#.....#..#\n"
                   "####################\n");
    const Sim *s = &p.sim;
    int n = s->state.sentries.count, checked = 0, heard = 0;
    bool pulled[16];
    assert_true(n >= 8 && n <= 16);
    for (int y = 0; y < s->terrain->h; y++)
        for (int x = 0; x < s->terrain->w; x++) {
            if (!nav_grid_walkable(&s->terrain->grid, x, y))
                continue;
            NavField f;
            assert_int_equal(nav_field_init(&f, &s->terrain->grid, nav_pos(x, y), NAV_TOPO_8), NAV_DONE);
            sim_lure_hears(s, nav_pos(x, y), pulled);
            for (int i = 0; i < n; i++) {
                uint64_t c = nav_field_cost(&f, s->state.sentries.list[i].mover.tile);
                bool want = c != UINT64_MAX && c <= (uint64_t)SENTRY_LURE_REACH * NAV_UNIT_STRAIGHT;
                if (pulled[i] != want)
                    fail_msg("lure on %d,%d: sentry %d %s, its path cost is %.2f", x, y, i,
                             pulled[i] ? "goes" : "stays", (double)c / NAV_UNIT_STRAIGHT);
                heard += want;
                checked++;
            }
            nav_field_deinit(&f);
        }
    assert_true(checked > 500 && heard > 100 && heard < checked);
    play_end(&p);
}

/* Waiting has a price: standing spends SIM_STAND_DRAIN a tick once the clock
 * runs, walking spends only the steps, and a goto on the tick of arrival
 * costs no standing. */
static void test_standing_drains(void **state)
{
    (void)state;
    Play p;
    play_start(&p, "energy: 6\n"
                   "#########\n"
                   "#@......#\n"
                   "#########\n");
    play_ticks(&p, 300); /* before the first command the clock stands: nothing spent */
    assert_true(p.sim.state.energy == 6 * (int64_t)NAV_UNIT_STRAIGHT);
    play_goto(&p, 3, 1);
    while (p.sim.state.droid.moving || mover_remaining(&p.sim.state.droid) > 0)
        play_ticks(&p, 1);
    assert_true(p.sim.state.energy == 4 * (int64_t)NAV_UNIT_STRAIGHT); /* two steps, nothing else */
    play_goto(&p, 5, 1); /* given on the tick it arrived: no standing */
    while (p.sim.state.droid.moving || mover_remaining(&p.sim.state.droid) > 0)
        play_ticks(&p, 1);
    assert_true(p.sim.state.energy == 2 * (int64_t)NAV_UNIT_STRAIGHT);
    play_ticks(&p, 60); /* a second standing: one floor step's energy */
    assert_true(p.sim.state.energy == 2 * (int64_t)NAV_UNIT_STRAIGHT - 60 * SIM_STAND_DRAIN);
    assert_int_equal(p.sim.state.status, SIM_PLAYING);
    play_ticks(&p, 70); /* and standing on loses, as a walk would */
    assert_int_equal(p.sim.state.status, SIM_LOST);
    assert_int_equal(p.sim.state.lose, SIM_LOSE_ENERGY);
    play_end(&p);
}

/* ---- determinism ------------------------------------------------------------------------ */

static uint64_t replay(const char *text)
{
    Play p;
    play_start(&p, text);
    static const SimCmd cmds[] = {{SIM_CMD_GOTO, 9, 1}, {SIM_CMD_GOTO, 1, 5}, {SIM_CMD_GOTO, 14, 5}};
    uint64_t h = 0;
    for (int t = 0; t < 1500; t++) {
        if (t % 500 == 0)
            sim_command(&p.sim, &cmds[t / 500]);
        sim_tick(&p.sim);
        h = h * 31 + sim_hash(&p.sim);
    }
    play_end(&p);
    return h;
}

static void test_replay_same_hash(void **state)
{
    (void)state;
    const char *level = "patrol: 8,3 14,3 14,1\n"
                        "################\n"
                        "#@......#......#\n"
                        "#.......+......#\n"
                        "#..S....#S.....#\n"
                        "#,,,,,,,#......#\n"
                        "#...S..........#\n"
                        "################\n";
    uint64_t a = replay(level), b = replay(level);
    assert_true(a == b);
    /* and the sentries are in the hash: another speed, another game */
    char other[512];
    snprintf(other, sizeof other, "sentry_speed: 2.5\n%s", level);
    assert_true(replay(other) != a);
}

/* ---- the shipped levels ----------------------------------------------------------- */

/* The designed levels with sentries are won with their sentries, not only on
 * paper (isopath tour ignores them): a plan of legs, each walked after
 * waiting some ticks, that a player could follow. */
typedef struct Leg {
    int wait, x, y;
} Leg;

static void win_with_sentries(const char *path, const Leg *legs, int n)
{
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    if (!level_load(path, &l, &d))
        fail_msg("%s", d.msg[0]);
    Sim s;
    assert_true(sim_init(&s, &l));
    assert_true(s.state.sentries.count > 0);
    int k = 0, wait = legs[0].wait;
    for (long t = 0; t < 60 * 300 && s.state.status == SIM_PLAYING; t++) {
        if (!s.state.droid.moving && mover_remaining(&s.state.droid) == 0 && k < n) {
            if (wait > 0) {
                wait--;
            } else {
                SimCmd c = {SIM_CMD_GOTO, legs[k].x, legs[k].y};
                sim_command(&s, &c);
                k++;
                wait = k < n ? legs[k].wait : 0;
            }
        }
        sim_tick(&s);
    }
    if (s.state.status != SIM_WON)
        fail_msg("%s: %s", path, s.state.status == SIM_LOST ? sim_lose_name(s.state.lose) : "not won in 5 minutes");
    sim_deinit(&s);
    level_free(&l);
}

static void test_levels_won_with_sentries(void **state)
{
    (void)state;
    static const Leg doors[] = {{0, 5, 14}, {0, 21, 3}, {0, 23, 14}};
    static const Leg quarry[] = {{0, 14, 6}, {0, 10, 16}};
    static const Leg flooded[] = {{0, 14, 6}, {0, 13, 6}, {30, 26, 16}}; /* let the shore guard turn */
    static const Leg detour[] = {{0, 2, 11}, {0, 8, 3}, {0, 32, 7}, {0, 19, 19}};
    win_with_sentries("levels/extra/doors.txt", doors, 3);
    win_with_sentries("levels/08_quarry.txt", quarry, 2);
    win_with_sentries("levels/11_flooded.txt", flooded, 3);
    win_with_sentries("levels/14_detour.txt", detour, 4);
}

/* ---- the level syntax ----------------------------------------------------------------- */

static void test_level_syntax(void **state)
{
    (void)state;
    const char *text = "sentry_speed:  2.5\n"
                       "patrol: 1,1   3,1 3,2\n"
                       "#####\n"
                       "#S.S#\n"
                       "#@..#\n"
                       "#####\n";
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_parse(text, strlen(text), "t.txt", &l, &d));
    assert_true(l.sentry_speed == 2.5);
    assert_int_equal(l.patrol_count, 1);
    assert_int_equal(l.patrols[0].count, 3);
    assert_true(nav_pos_eq(l.patrols[0].points[2], nav_pos(3, 2)));
    size_t len;
    char *canon = level_format(&l, &len);
    assert_string_equal(canon, "sentry_speed: 2.5\npatrol: 1,1 3,1 3,2\n#####\n#S.S#\n#@..#\n#####\n");
    free(canon);
    level_free(&l);

    Level none;
    assert_true(level_parse("#@#\n", 4, "t.txt", &none, &d));
    assert_true(none.sentry_speed == LEVEL_SENTRY_SPEED_DEFAULT);
    assert_int_equal(none.patrol_count, 0);
    level_free(&none);

    static const char *const bad[][2] = {
        {"sentry_speed: 0\n#@#\n", "t.txt:1:15: sentry_speed wants"},
        {"sentry_speed: 2.555\n#@#\n", "t.txt:1:15: sentry_speed wants"},
        {"sentry_speed: fast\n#@#\n", "t.txt:1:15: sentry_speed wants"},
        {"sentry_speed: 3\nsentry_speed: 3\n#@#\n", "t.txt:2:1: header 'sentry_speed' given twice"},
        {"patrol: 1,0\n#@#\n", "t.txt:1:1: patrol wants the sentry's tile and at least one more"},
        {"patrol: 1,0 5,0\n#@#\n", "t.txt:1:13: patrol tile 5,0 is outside the 3x1 grid"},
        {"patrol: 1,0 2;0\n#@#\n", "t.txt:1:13: patrol wants tiles as X,Y"},
        {"patrol: 1,0 -1,0\n#@#\n", "t.txt:1:13: patrol wants tiles as X,Y"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        NavDiags e;
        nav_diag_clear(&e);
        Level x;
        assert_false(level_parse(bad[i][0], strlen(bad[i][0]), "t.txt", &x, &e));
        if (strncmp(e.msg[0], bad[i][1], strlen(bad[i][1])) != 0)
            fail_msg("'%s': got '%s', want '%s...'", bad[i][0], e.msg[0], bad[i][1]);
    }
}

/* A patrol whose first tile holds no sentry, a second patrol for the same
 * sentry and waypoints on walls are ignored: the file still plays. */
static void test_patrol_binding(void **state)
{
    (void)state;
    Play p;
    play_start(&p, "patrol: 2,1 2,3\n"
                   "patrol: 2,1 4,1\n"
                   "patrol: 3,1 4,3\n"
                   "patrol: 4,2 1,3 0,0\n"
                   "######\n"
                   "#.S..#\n"
                   "#...S#\n"
                   "#@...#\n"
                   "######\n");
    assert_int_equal(p.sim.state.sentries.count, 2);
    assert_int_equal(sentry(&p, 0)->patrol_count, 2);
    assert_true(nav_pos_eq(p.sim.state.sentries.points[sentry(&p, 0)->patrol_first + 1], nav_pos(2, 3)));
    assert_int_equal(sentry(&p, 1)->patrol_count, 2); /* 0,0 is a wall: dropped */
    play_end(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sight_rule),
        cmocka_unit_test(test_hearing_at_the_radius),
        cmocka_unit_test(test_hearing_through_a_door),
        cmocka_unit_test(test_noise_reach),
        cmocka_unit_test(test_chase_and_catch),
        cmocka_unit_test(test_copies_share_the_chase_field),
        cmocka_unit_test(test_chase_crowd),
        cmocka_unit_test(test_corridor_meeting),
        cmocka_unit_test(test_corridor_backing_off),
        cmocka_unit_test(test_search_and_return),
        cmocka_unit_test(test_lure),
        cmocka_unit_test(test_lure_reach_is_the_path_cost),
        cmocka_unit_test(test_standing_drains),
        cmocka_unit_test(test_replay_same_hash),
        cmocka_unit_test(test_levels_won_with_sentries),
        cmocka_unit_test(test_level_syntax),
        cmocka_unit_test(test_patrol_binding),
    };
    return cmocka_run_group_tests_name("sentry", tests, NULL, NULL);
}
