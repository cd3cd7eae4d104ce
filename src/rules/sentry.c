/* SPDX-License-Identifier: MIT */
/* sentry.c - the sentries' tick in four passes: think (perceive, change
 * state, say which step it wants), plan (the shared planner's budget),
 * move (steps begin in id order; a blocked sentry waits, or asks the one in
 * its way to give way), walk (the movers advance) and then catching.
 * Deterministic: ids and direction numbers break every tie. Set-up, copies
 * and the hash: sentry_setup.c. */
#include "sentry.h"
#include "sentry_int.h"

#include "buf.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static const char *const state_names[SENTRY_STATE_COUNT] = {"guard", "alert", "chase", "search", "return"};

const char *sentry_state_name(SentryState st)
{
    return (unsigned)st < SENTRY_STATE_COUNT ? state_names[st] : "?";
}

static uint64_t steps_units(int steps)
{
    return (uint64_t)steps * NAV_UNIT_STRAIGHT;
}

uint64_t sentry_noise_reach(uint8_t tile_cost)
{
    int extra = tile_cost >= 5 ? SENTRY_HEAR_DOOR : tile_cost >= 3 ? SENTRY_HEAR_ROUGH : 0;
    return steps_units(SENTRY_HEAR_RADIUS + extra);
}

/* ---- small helpers ------------------------------------------------------------- */

static void emit(Sentries *s, SentryEventType type, const Sentry *e, NavPos t)
{
    if (!buf_grow_int(&s->events, &s->event_cap, sizeof *s->events, (size_t)s->event_count + 1, 64))
        return; /* events are for the views; the rules go on without them */
    s->events[s->event_count++] = (SentryEvent){type, e->id, e->state, t, e->heard};
}


const Sentry *sentries_at(const Sentries *s, int x, int y)
{
    int id = s->count ? sentry_occupant(s, nav_pos(x, y)) : -1;
    return id >= 0 ? &s->list[id] : NULL;
}

/* A step begun or queued: the mover is not standing at a centre. */
static bool busy(const Sentry *e)
{
    return mover_remaining(&e->mover) > 0;
}

static bool same(NavPos a, NavPos b)
{
    return a.x == b.x && a.y == b.y;
}

/* The facing nearest the direction (dx, dy): a diagonal unless one axis is
 * more than 2.4 times the other (tan 67.5 degrees, in integers). */
static Dir8 dir_towards(int dx, int dy)
{
    int ax = abs(dx), ay = abs(dy);
    if (5 * ax > 12 * ay)
        dy = 0;
    else if (5 * ay > 12 * ax)
        dx = 0;
    return mover_dir_of(dx, dy);
}

static void face(Sentry *e, NavPos t)
{
    if (!same(t, e->mover.tile) && !busy(e))
        e->mover.facing = dir_towards(t.x - e->mover.tile.x, t.y - e->mover.tile.y);
}

static void turn(Sentry *e, int eighths)
{
    e->mover.facing = (Dir8)(((int)e->mover.facing + eighths + 8) % 8);
}

static void set_state(Sentries *s, Sentry *e, SentryState st)
{
    if (e->state == st)
        return;
    s->chasers += (st == SENTRY_CHASE) - (e->state == SENTRY_CHASE);
    bool was = e->state == SENTRY_ALERT || e->state == SENTRY_CHASE;
    bool now = st == SENTRY_ALERT || st == SENTRY_CHASE;
    s->alerted += now - was;
    e->state = st;
    emit(s, SENTRY_EV_STATE, e, mover_plan_tile(&e->mover));
}

/* ---- walks from the planner ------------------------------------------------------- */

/* States that follow a walk of their own (and need the planner for it). */
static bool wants_walk(const Sentry *e)
{
    return (e->state == SENTRY_GUARD && e->patrol_count > 0 && e->walking) ||
           (e->state == SENTRY_SEARCH && e->walking) || e->state == SENTRY_RETURN;
}

static void request_walk(Sentries *s, Sentry *e, NavPos goal)
{
    e->goal = goal;
    e->has_walk = false;
    e->walk_len = e->walk_pos = 0;
    if (!e->queued) {
        e->queued = true;
        s->queue[(s->queue_head + s->queue_len) % s->count] = e->id;
        s->queue_len++;
    }
}

static void drop_walk(Sentries *s, Sentry *e)
{
    if (wants_walk(e))
        request_walk(s, e, e->goal);
    else
        e->has_walk = false;
}

void sentries_replan(Sentries *s)
{
    if (s->planning < 0)
        return;
    Sentry *e = &s->list[s->planning];
    s->planning = -1;
    drop_walk(s, e);
}

/* The walk is followed to its end and the sentry stands there. */
static bool arrived(const Sentry *e)
{
    return e->has_walk && e->walk_pos >= e->walk_len && !busy(e);
}

/* No way found: the walk ends where the sentry stands. A sentry that cannot
 * get back to its post takes up its post there. */
static void walk_failed(Sentry *e)
{
    e->has_walk = true;
    e->walk_len = e->walk_pos = 0;
    if (e->state == SENTRY_RETURN)
        e->post = mover_plan_tile(&e->mover);
}

static bool take_walk(Sentry *e, const NavQuery *st)
{
    int n = nav_query_copy_tiles(st, &e->walk, &e->walk_cap);
    if (n < 0)
        return false;
    e->walk_len = n;
    e->walk_pos = 0;
    e->has_walk = true;
    return true;
}

/* The planner: sentries wait their turn in id order of asking; at most
 * SENTRY_PLAN_BUDGET expansions a tick, a search going on over ticks. */
static void plan(Sentries *s, const SentryWorld *w)
{
    if (!w->region)
        return; /* being labelled again after an edit: no walk is planned until they are */
    long budget = SENTRY_PLAN_BUDGET;
    while (budget > 0) {
        if (s->planning < 0) {
            if (s->queue_len == 0)
                return;
            Sentry *e = &s->list[s->queue[s->queue_head]];
            s->queue_head = (s->queue_head + 1) % s->count;
            s->queue_len--;
            e->queued = false;
            if (e->has_walk || !wants_walk(e))
                continue; /* asked, then changed its mind */
            NavPos from = mover_plan_tile(&e->mover);
            if (same(from, e->goal)) {
                e->has_walk = true;
                e->walk_len = e->walk_pos = 0;
                continue;
            }
            uint32_t home = nav_region_of(w->region, from.x, from.y);
            if (home == 0 || nav_region_of(w->region, e->goal.x, e->goal.y) != home) {
                walk_failed(e);
                continue;
            }
            NavQueryOptions opt = nav_query_options_default();
            opt.expansion_limit = SENTRY_PLAN_MAX;
            opt.algo = NAV_ROUTE; /* JPS while the jump table is current, else A* */
            opt.jumps = w->jumps;
            nav_query_begin(s->plan, w->grid, from, e->goal, &opt);
            s->planning = e->id;
            s->plan_from = from;
            s->plan_goal = e->goal;
        }
        long before = nav_query_result(s->plan)->expanded;
        NavStatus r = nav_query_step(s->plan, budget);
        long used = nav_query_result(s->plan)->expanded - before;
        budget -= used > 0 ? used : 1;
        if (r == NAV_IN_PROGRESS)
            return;
        Sentry *e = &s->list[s->planning];
        s->planning = -1;
        if (e->has_walk || !wants_walk(e))
            continue;
        if (!same(s->plan_goal, e->goal) || !same(s->plan_from, mover_plan_tile(&e->mover))) {
            request_walk(s, e, e->goal); /* made for an older wish: ask again */
            continue;
        }
        if (r != NAV_DONE || !take_walk(e, s->plan))
            walk_failed(e);
    }
}

/* ---- thinking --------------------------------------------------------------------- */

static bool sees_droid(const Sentry *e, const SentryWorld *w)
{
    const int *f = nav_dir8[e->mover.facing];
    return sight_sees(e->mover.tile, f[0], f[1], w->droid, SENTRY_SIGHT_RANGE, w->opaque, w->ctx);
}

bool sentries_sees(const Sentries *s, int id, NavPos t, const SentryWorld *w)
{
    if (id < 0 || id >= s->count)
        return false;
    const Sentry *e = &s->list[id];
    const int *f = nav_dir8[e->mover.facing];
    return sight_sees(e->mover.tile, f[0], f[1], t, SENTRY_SIGHT_RANGE, w->opaque, w->ctx);
}

bool sentries_hears_at(const Sentries *s, NavPos t, const SentryWorld *w)
{
    if (s->count == 0 || !s->field_ok || !same(s->droid_at, w->droid))
        return false;
    uint64_t c = nav_field_cost(&s->field, t);
    return c != UINT64_MAX && c <= sentry_noise_reach(nav_grid_cost(w->grid, w->droid.x, w->droid.y));
}

static void alert(Sentries *s, Sentry *e, NavPos droid)
{
    e->last_known = droid;
    e->timer = SENTRY_ALERT_TICKS;
    e->has_walk = false;
    e->walking = false;
    e->alert_heard = e->heard;
    face(e, droid);
    set_state(s, e, SENTRY_ALERT);
    emit(s, SENTRY_EV_ALERT, e, mover_plan_tile(&e->mover));
}

static void start_search(Sentries *s, Sentry *e)
{
    set_state(s, e, SENTRY_SEARCH);
    e->walking = true;
    e->phase = 0;
    e->timer = SENTRY_LOOK_TICKS;
    request_walk(s, e, e->last_known);
}

static void start_return(Sentries *s, Sentry *e)
{
    set_state(s, e, SENTRY_RETURN);
    e->walking = true;
    request_walk(s, e, e->post);
}

void sentry_start_guard(Sentries *s, Sentry *e)
{
    set_state(s, e, SENTRY_GUARD);
    e->mover.facing = e->post_facing;
    e->phase = 0;
    e->timer = SENTRY_LOOK_TICKS;
    e->walking = e->patrol_count > 0;
    if (e->walking) {
        e->leg = 1;
        request_walk(s, e, s->points[e->patrol_first + 1]);
    }
}

/* The path cost from every tile within SENTRY_LURE_REACH of t to t (the
 * footsteps' measure: a step is one a walk may take, never across a wall's
 * corner, and costs what mover_step_cost says), on a window
 * round t: a Dijkstra over at most (2 * reach + 1)^2 tiles, whatever the
 * level's size. cost[] is LURE_SIDE x LURE_SIDE, t at its centre. */
enum { LURE_SIDE = 2 * SENTRY_LURE_REACH + 1 };
static void lure_costs(const SentryWorld *w, NavPos t, uint64_t *cost)
{
    static const int dx[8] = {1, -1, 0, 0, 1, 1, -1, -1}, dy[8] = {0, 0, 1, -1, 1, -1, 1, -1};
    bool done[LURE_SIDE * LURE_SIDE] = {0};
    uint64_t reach = steps_units(SENTRY_LURE_REACH);
    for (int i = 0; i < LURE_SIDE * LURE_SIDE; i++)
        cost[i] = UINT64_MAX;
    cost[SENTRY_LURE_REACH * LURE_SIDE + SENTRY_LURE_REACH] = 0;
    for (;;) {
        int best = -1;
        for (int i = 0; i < LURE_SIDE * LURE_SIDE; i++)
            if (!done[i] && cost[i] != UINT64_MAX && (best < 0 || cost[i] < cost[best]))
                best = i;
        if (best < 0)
            return;
        done[best] = true;
        int bx = best % LURE_SIDE, by = best / LURE_SIDE;
        NavPos v = nav_pos(t.x + bx - SENTRY_LURE_REACH, t.y + by - SENTRY_LURE_REACH);
        for (int d = 0; d < 8; d++) {
            int ux = bx + dx[d], uy = by + dy[d];
            if (ux < 0 || uy < 0 || ux >= LURE_SIDE || uy >= LURE_SIDE || done[uy * LURE_SIDE + ux])
                continue;
            NavPos u = nav_pos(v.x + dx[d], v.y + dy[d]);
            if (u.x < 0 || u.y < 0 || u.x >= w->grid->w || u.y >= w->grid->h ||
                !nav_grid_can_step(w->grid, u.x, u.y, -dx[d], -dy[d])) /* a step from u towards t, corners kept */
                continue;
            uint64_t step = mover_step_cost(w->grid, u, v);
            if (step == 0 || cost[best] + step > reach)
                continue;
            if (cost[best] + step < cost[uy * LURE_SIDE + ux])
                cost[uy * LURE_SIDE + ux] = cost[best] + step;
        }
    }
}

/* Does e hear a lure whose costs lure_costs gave? Not when it is after the droid already. */
static bool hears_lure(const uint64_t *cost, NavPos t, const Sentry *e)
{
    int x = e->mover.tile.x - t.x + SENTRY_LURE_REACH, y = e->mover.tile.y - t.y + SENTRY_LURE_REACH;
    return e->state != SENTRY_ALERT && e->state != SENTRY_CHASE && x >= 0 && y >= 0 && x < LURE_SIDE &&
           y < LURE_SIDE && cost[y * LURE_SIDE + x] != UINT64_MAX;
}

int sentries_lure_hears(const Sentries *s, const SentryWorld *w, NavPos t, bool *pulled)
{
    if (s->count == 0)
        return 0;
    uint64_t cost[LURE_SIDE * LURE_SIDE];
    lure_costs(w, t, cost);
    int n = 0;
    for (int i = 0; i < s->count; i++)
        n += pulled[i] = hears_lure(cost, t, &s->list[i]);
    return n;
}

int sentries_lure(Sentries *s, const SentryWorld *w, NavPos t)
{
    s->event_count = 0;
    if (s->count == 0)
        return 0;
    uint64_t cost[LURE_SIDE * LURE_SIDE];
    lure_costs(w, t, cost);
    int n = 0;
    for (int i = 0; i < s->count; i++) {
        Sentry *e = &s->list[i];
        if (!hears_lure(cost, t, e))
            continue;
        /* as a search for the droid's last known tile, which t now is */
        e->last_known = t;
        if (e->state == SENTRY_SEARCH) { /* searching already: that search starts over at t */
            e->walking = true;
            e->phase = 0;
            e->timer = SENTRY_LOOK_TICKS;
            request_walk(s, e, t);
        } else {
            start_search(s, e);
        }
        emit(s, SENTRY_EV_INVESTIGATE, e, t);
        n++;
    }
    return n;
}

void sentries_alarm(Sentries *s, NavPos at)
{
    for (int i = 0; i < s->count; i++)
        if (s->list[i].state != SENTRY_ALERT && s->list[i].state != SENTRY_CHASE)
            alert(s, &s->list[i], at);
}

/* Perception and the state machine. noise: the reach of the droid's step
 * this tick (0: it made none). */
static void think(Sentries *s, Sentry *e, const SentryWorld *w, uint64_t noise)
{
    bool heard = noise && nav_field_cost(&s->field, e->mover.tile) <= noise;
    bool perceives = heard || sees_droid(e, w);
    e->heard = heard;
    switch (e->state) {
    case SENTRY_GUARD:
    case SENTRY_SEARCH:
    case SENTRY_RETURN:
        if (perceives) {
            alert(s, e, w->droid);
            return;
        }
        break;
    case SENTRY_ALERT:
        if (perceives)
            e->last_known = w->droid;
        face(e, e->last_known);
        if (--e->timer <= 0) {
            e->timer = SENTRY_MEMORY_TICKS;
            set_state(s, e, SENTRY_CHASE);
        }
        return;
    case SENTRY_CHASE:
        if (perceives) {
            e->last_known = w->droid;
            e->timer = SENTRY_MEMORY_TICKS;
        } else if (--e->timer <= 0) {
            start_search(s, e);
        }
        return;
    default:
        return;
    }

    if (e->state == SENTRY_GUARD && e->patrol_count == 0) {
        /* at its post: looks ahead, a quarter to one side, ahead, to the other */
        static const int look[4] = {0, 2, 0, -2};
        if (!busy(e) && --e->timer <= 0) {
            e->phase = (e->phase + 1) % 4;
            e->mover.facing = e->post_facing;
            turn(e, look[e->phase]);
            e->timer = SENTRY_LOOK_TICKS;
        }
    } else if (e->state == SENTRY_GUARD) {
        if (e->walking && arrived(e)) {
            e->walking = false;
            e->timer = SENTRY_PAUSE_TICKS;
        } else if (!e->walking && --e->timer <= 0) {
            e->leg = (e->leg + 1) % e->patrol_count;
            e->walking = true;
            request_walk(s, e, s->points[e->patrol_first + e->leg]);
        } else if (e->walking && !e->has_walk && !e->queued) {
            request_walk(s, e, s->points[e->patrol_first + e->leg]);
        }
    } else if (e->state == SENTRY_SEARCH) {
        if (e->walking && arrived(e)) {
            e->walking = false;
            e->timer = SENTRY_LOOK_TICKS;
            e->phase = 0;
        } else if (!e->walking && --e->timer <= 0) {
            turn(e, 2);
            e->timer = SENTRY_LOOK_TICKS;
            if (++e->phase >= SENTRY_SEARCH_LOOKS)
                start_return(s, e);
        }
    } else if (e->state == SENTRY_RETURN) {
        if (arrived(e))
            sentry_start_guard(s, e);
    }
}

/* ---- wanting a step ----------------------------------------------------------------- */

/* ---- the chase field's memory ----------------------------------------------------- */

SentryField *sentry_field_new(int w, int h)
{
    SentryField *f = malloc(sizeof *f);
    if (!f)
        return NULL;
    if (nav_field_init_bounded(&f->field, w, h, NAV_TOPO_8) != NAV_DONE) {
        free(f);
        return NULL;
    }
    atomic_init(&f->refs, 1);
    return f;
}

static bool field_shared(const SentryField *f)
{
    return atomic_load_explicit(&f->refs, memory_order_acquire) > 1;
}

void sentry_field_release(SentryField *f)
{
    if (!f || atomic_fetch_sub_explicit(&f->refs, 1, memory_order_acq_rel) != 1)
        return;
    nav_field_deinit(&f->field);
    free(f);
}

size_t sentries_field_own_bytes(const Sentries *s)
{
    const SentryField *f = s->field_mem;
    return f && !field_shared(f) ? sizeof *f + nav_field_bytes(&f->field) : 0;
}

/* The chase field filled towards goal as far as bound (nav_field_update),
 * in the field's own memory, or in a new one when copies share it: the
 * same known tiles either way (a bounded field knows only what its last
 * fill reached). */
static bool fill_field(Sentries *s, const NavGrid *g, NavPos goal, uint64_t bound)
{
    if (field_shared(s->field_mem)) {
        SentryField *n = sentry_field_new(s->w, s->h);
        if (!n)
            return false; /* out of memory: no field until the next fill */
        sentry_field_release(s->field_mem);
        s->field_mem = n;
        s->field = n->field;
    }
    NavStatus st = nav_field_update(&s->field_mem->field, g, goal, bound);
    s->field = s->field_mem->field;
    return st == NAV_DONE;
}

static void chase_field(Sentries *s, const SentryWorld *w)
{
    if (s->field.max_cost < steps_units(SENTRY_CHASE_BOUND) || !same(s->droid_at, w->droid)) {
        s->droid_at = w->droid;
        s->field_ok = fill_field(s, w->grid, w->droid, steps_units(SENTRY_CHASE_BOUND));
    }
}

/* A chaser's step: a neighbour on a cheapest way to the droid (its step
 * cost plus its field cost equals the chaser's own), free ones first, then
 * by direction. Only those: a chaser never steps to a worse tile, so it can
 * never turn back and forth. False when none (at the droid, or off the
 * field). *free_found says whether the one given is free. */
static bool chase_step(const Sentries *s, const Sentry *e, const SentryWorld *w, NavPos *out, bool *free_found)
{
    NavPos at = e->mover.tile;
    uint64_t here = nav_field_cost(&s->field, at);
    if (here == UINT64_MAX || here == 0)
        return false;
    bool found = false;
    *free_found = false;
    for (int d = 0; d < 8; d++) {
        int dx = nav_dir8[d][0], dy = nav_dir8[d][1];
        if (!nav_grid_can_step(w->grid, at.x, at.y, dx, dy))
            continue;
        NavPos n = nav_pos(at.x + dx, at.y + dy);
        uint64_t there = nav_field_cost(&s->field, n);
        if (there == UINT64_MAX || there + mover_step_cost(w->grid, at, n) != here)
            continue;
        bool is_free = sentry_occupant(s, n) < 0;
        if (!found || (is_free && !*free_found)) {
            *out = n;
            *free_found = is_free;
            found = true;
        }
    }
    return found;
}

/* The tiles another sentry means to walk next (up to SENTRY_AHEAD), its
 * wanted step first. */
static int ahead_of(const Sentries *s, const Sentry *o, NavPos *out)
{
    int n = 0;
    if (o->has_want)
        out[n++] = o->want;
    if (o->state == SENTRY_CHASE) {
        NavPos at = n ? out[0] : o->mover.tile, to;
        while (n < SENTRY_AHEAD && nav_field_next(&s->field, at, &to))
            out[n++] = at = to;
    } else if (o->has_walk) {
        for (int i = o->walk_pos + (n ? 1 : 0); i < o->walk_len && n < SENTRY_AHEAD; i++)
            out[n++] = o->walk[i];
    }
    return n;
}

static int index_in(const NavPos *list, int n, NavPos t)
{
    for (int i = 0; i < n; i++)
        if (same(list[i], t))
            return i;
    return -1;
}

static void want_step(Sentries *s, Sentry *e, const SentryWorld *w)
{
    e->has_want = false;
    if (busy(e))
        return;
    if (e->state == SENTRY_CHASE) {
        chase_field(s, w);
        bool free_found;
        if (chase_step(s, e, w, &e->want, &free_found))
            e->has_want = true;
        else if (nav_field_cost(&s->field, e->mover.tile) == UINT64_MAX)
            start_search(s, e); /* the droid is out of the field's reach: the trail is lost */
    } else if (wants_walk(e) && e->has_walk && e->walk_pos < e->walk_len) {
        e->want = e->walk[e->walk_pos];
        e->has_want = nav_grid_can_step(w->grid, e->mover.tile.x, e->mover.tile.y, e->want.x - e->mover.tile.x,
                                    e->want.y - e->mover.tile.y);
        if (!e->has_want)
            drop_walk(s, e); /* the walk no longer starts here */
    }
    /* having given way, keep off the way of the one it gave way to */
    if (e->yield_to >= 0) {
        NavPos way[SENTRY_AHEAD];
        int n = ahead_of(s, &s->list[e->yield_to], way);
        if (e->has_want && index_in(way, n, e->want) >= 0)
            e->has_want = false;
        else
            e->yield_to = -1;
    }
}

/* ---- moving ----------------------------------------------------------------------- */

static bool begin_step(Sentries *s, Sentry *e, const SentryWorld *w, NavPos t)
{
    if (!mover_set_path(&e->mover, w->grid, &t, 1))
        return false;
    *sentry_occ_of(s, t) = e->id + 1;
    if (e->has_walk && e->walk_pos < e->walk_len && same(e->walk[e->walk_pos], t))
        e->walk_pos++;
    else if (e->state != SENTRY_CHASE)
        drop_walk(s, e); /* stepped off its walk */
    emit(s, SENTRY_EV_STEP, e, t);
    return true;
}

/* e outranks o when o wants no step, or both want one and e's id is higher. */
static bool outranks(const Sentry *e, const Sentry *o)
{
    return !o->has_want || e->id > o->id;
}

/* o, standing, steps out of e's way: to a free neighbour off e's next tiles
 * if there is one, else to the one furthest along them (backing off ahead
 * of e until a side tile comes), by step cost and direction on ties. */
static bool give_way(Sentries *s, Sentry *o, const Sentry *e, const SentryWorld *w)
{
    NavPos way[SENTRY_AHEAD];
    int n = ahead_of(s, e, way);
    NavPos at = o->mover.tile, best = at;
    long best_key = -1;
    for (int d = 0; d < 8; d++) {
        int dx = nav_dir8[d][0], dy = nav_dir8[d][1];
        NavPos t = nav_pos(at.x + dx, at.y + dy);
        if (!nav_grid_can_step(w->grid, at.x, at.y, dx, dy) || sentry_occupant(s, t) >= 0 || same(t, e->mover.tile))
            continue;
        int i = index_in(way, n, t);
        long rank = i < 0 ? 0 : 1 + (SENTRY_AHEAD - i); /* off the way first, then furthest along */
        long key = (rank * 64 + (long)(mover_step_cost(w->grid, at, t) / NAV_UNIT_STRAIGHT)) * 8 + d;
        if (best_key < 0 || key < best_key) {
            best_key = key;
            best = t;
        }
    }
    if (best_key < 0)
        return false;
    if (o->state == SENTRY_GUARD && o->patrol_count == 0)
        start_return(s, o); /* it comes back once the way is clear */
    if (!begin_step(s, o, w, best))
        return false;
    o->yield_to = e->id;
    o->has_want = false;
    return true;
}

static void move(Sentries *s, Sentry *e, const SentryWorld *w)
{
    if (!e->has_want || busy(e))
        return;
    NavPos t = e->want;
    if (e->state == SENTRY_CHASE) {
        bool free_found; /* again: the ones before it in this pass may have taken tiles */
        if (!chase_step(s, e, w, &t, &free_found))
            return;
        e->want = t;
    }
    int j = sentry_occupant(s, t);
    if (j < 0) {
        begin_step(s, e, w, t);
        return;
    }
    Sentry *o = &s->list[j];
    if (busy(o) || !outranks(e, o))
        return; /* wait: it is on its way, or it has the right of way */
    if (!give_way(s, o, e, w) && e->has_walk && e->walk_pos == e->walk_len - 1) {
        e->walk_len = e->walk_pos; /* its goal is taken for good: near enough */
    }
}

static void walk(Sentries *s, Sentry *e, const SentryWorld *w)
{
    if (!busy(e))
        return;
    NavPos from = e->mover.tile;
    MoverEvent ev[4];
    int n = 0;
    mover_advance(&e->mover, w->grid, s->speed, ev, 4, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].type == MOVER_ARRIVE && !same(from, e->mover.tile)) {
            if (*sentry_occ_of(s, from) == e->id + 1)
                *sentry_occ_of(s, from) = 0;
        }
}

/* A chaser standing on the droid's tile or one step from it (a step the
 * corner rule allows) catches it. */
static bool catches(const Sentry *e, const SentryWorld *w)
{
    int dx = w->droid.x - e->mover.tile.x, dy = w->droid.y - e->mover.tile.y;
    if (e->state != SENTRY_CHASE || abs(dx) > 1 || abs(dy) > 1)
        return false;
    return (dx == 0 && dy == 0) || nav_grid_can_step(w->grid, e->mover.tile.x, e->mover.tile.y, dx, dy);
}

void sentries_tick(Sentries *s, const SentryWorld *w)
{
    s->event_count = 0;
    if (s->count == 0)
        return;
    /* the droid entered a new tile: the field follows it, and its step is heard */
    uint64_t noise = 0;
    if (!same(w->droid, s->droid_at)) {
        s->droid_at = w->droid;
        uint64_t bound = s->chasers ? steps_units(SENTRY_CHASE_BOUND) : sentry_noise_reach(NAV_GRID_MAX_COST);
        s->field_ok = fill_field(s, w->grid, w->droid, bound);
        noise = sentry_noise_reach(nav_grid_cost(w->grid, w->droid.x, w->droid.y));
    }
    for (int i = 0; i < s->count; i++)
        think(s, &s->list[i], w, noise);
    plan(s, w);
    for (int i = 0; i < s->count; i++)
        want_step(s, &s->list[i], w);
    for (int i = 0; i < s->count; i++)
        move(s, &s->list[i], w);
    for (int i = 0; i < s->count; i++)
        walk(s, &s->list[i], w);
    for (int i = 0; i < s->count; i++)
        if (catches(&s->list[i], w)) {
            emit(s, SENTRY_EV_CAUGHT, &s->list[i], s->list[i].mover.tile);
            break;
        }
}
