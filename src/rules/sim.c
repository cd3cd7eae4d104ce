/* SPDX-License-Identifier: MIT */
/* sim.c - the rules, tick by tick: planning walks, key steps and the held
 * mouse, doors, cells, the exit, energy, winning and losing, the state hash.
 * Integer time and energy throughout; nothing here reads a clock. A play's
 * making, restarting and copying is sim_setup.c's. */
#include "sim.h"

#include "buf.h"
#include "hash.h"
#include "sim_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- events ------------------------------------------------------------------- */

/* Appends an event; NULL (and the event dropped) when memory runs out. */
static SimEvent *emit(Sim *s, SimEventType type, int x, int y, int64_t a)
{
    if (!buf_grow_int(&s->events, &s->event_cap, sizeof *s->events, (size_t)s->event_count + 1, 64))
        return NULL; /* events are for the views; the rules go on without them */
    s->events[s->event_count] = (SimEvent){type, x, y, a, 0.0, 0};
    return &s->events[s->event_count++];
}

void sim_clear_events(Sim *s)
{
    s->event_count = 0;
}

/* ---- reading ------------------------------------------------------------------ */

TileKind sim_kind(const Sim *s, int x, int y)
{
    if (x < 0 || y < 0 || x >= s->w || y >= s->h)
        return TILE_VOID;
    return (TileKind)s->kind[(size_t)y * (size_t)s->w + (size_t)x];
}

static SimDoor *door_at(const Sim *s, int x, int y)
{
    int lo = 0, hi = s->door_count - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        SimDoor *d = &s->doors[mid];
        if (d->y == y && d->x == x)
            return d;
        if (d->y < y || (d->y == y && d->x < x))
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

const SimDoor *sim_door_at(const Sim *s, int x, int y)
{
    return door_at(s, x, y);
}

double sim_units(int64_t u)
{
    return (double)u / (double)NAV_UNIT_STRAIGHT;
}

const char *sim_lose_name(SimLose why)
{
    switch (why) {
    case SIM_LOSE_ENERGY: return "energy";
    case SIM_LOSE_CAUGHT: return "caught";
    default: return "none";
    }
}

static const char *const cmd_names[SIM_CMD_COUNT] = {"goto", "push", "hold", "release", "restart", "lure"};

const char *sim_cmd_name(SimCmdType t)
{
    return (unsigned)t < SIM_CMD_COUNT ? cmd_names[t] : "?";
}

bool sim_cmd_from_name(const char *name, SimCmdType *t)
{
    for (int i = 0; i < SIM_CMD_COUNT; i++)
        if (!strcmp(name, cmd_names[i])) {
            *t = (SimCmdType)i;
            return true;
        }
    return false;
}

/* ---- planning ----------------------------------------------------------------- */

NavStatus sim_plan_begin(Sim *s, NavQuery *st, NavPos from, NavPos goal, NavPos *end)
{
    const NavRegion *r = sim_regions_now(s); /* the same labels whenever made: nothing ticked changes */
    uint32_t home = r ? nav_region_of(r, from.x, from.y) : 0;
    if (home == 0)
        return NAV_NO_PATH;
    NavPos to = goal;
    if (nav_region_of(r, goal.x, goal.y) != home && !nav_region_nearest(r, home, goal, &to))
        return NAV_NO_PATH;
    *end = to;
    NavQueryOptions opt = nav_query_options_default();
    opt.algo = NAV_ROUTE; /* the fastest prepared: JPS while the jump table is current, else A* */
    opt.jumps = s->jumps;
    nav_query_begin(st, &s->grid, from, to, &opt);
    return NAV_IN_PROGRESS;
}

NavStatus sim_plan_status(const NavQuery *st, NavPos goal, NavPos end)
{
    NavStatus got = nav_query_result(st)->status;
    if (got == NAV_IN_PROGRESS)
        return NAV_IN_PROGRESS;
    if (got != NAV_DONE)
        return NAV_NO_PATH;
    return nav_pos_eq(end, goal) ? NAV_DONE : NAV_PARTIAL;
}

NavStatus sim_plan(Sim *s, NavQuery *st, NavPos from, NavPos goal, NavPos *end)
{
    if (sim_plan_begin(s, st, from, goal, end) == NAV_NO_PATH)
        return NAV_NO_PATH;
    nav_query_step(st, LONG_MAX);
    return sim_plan_status(st, goal, *end);
}

/* The droid's planner, made when first needed: a copy of the play goes
 * without one until it plans (history.c keeps many copies). NULL when out
 * of memory. */
NavQuery *sim_droid_search(Sim *s)
{
    if (!s->search) {
        s->search = nav_query_create(s->w, s->h);
        s->search_w = s->w;
        s->search_h = s->h;
    }
    return s->search;
}

/* A plan was asked for: the walk to plan_goal (a click, or the held tile).
 * It is searched SIM_PLAN_TICK_WORK expansions now (a command's search is
 * the share of the tick it comes before: that tick searches no more, so a
 * click costs one share in its frame) and as many each tick after; a plan
 * that needs more lets the droid finish the step it is on and wait there
 * for it. */
static void plan_done(Sim *s);

static void plan_walk(Sim *s, NavPos goal, SimPlanKind kind, bool command)
{
    s->planning = SIM_PLAN_NONE;
    if (!sim_droid_search(s))
        return;
    NavPos from = mover_plan_tile(&s->droid);
    if (kind == SIM_PLAN_HOLD && nav_pos_eq(from, goal)) {
        mover_set_path(&s->droid, &s->grid, NULL, 0);
        return;
    }
    if (sim_plan_begin(s, s->search, from, goal, &s->plan_end) == NAV_NO_PATH) {
        if (kind == SIM_PLAN_GOTO)
            emit(s, SIM_EV_NOPATH, goal.x, goal.y, 0);
        return;
    }
    s->planning = kind;
    s->plan_goal = goal;
    s->plan_work = 0;
    nav_query_step(s->search, SIM_PLAN_TICK_WORK);
    if (nav_query_result(s->search)->status == NAV_IN_PROGRESS) {
        s->plan_work = nav_query_result(s->search)->expanded;
        s->plan_searched = command;
        mover_set_path(&s->droid, &s->grid, NULL, 0); /* on to the next tile centre, and wait there */
        s->has_target = true;
        s->target = s->plan_end;
        return;
    }
    plan_done(s);
}

/* Goes on with a plan that needed more than a tick. */
static void plan_tick(Sim *s)
{
    if (!s->planning)
        return;
    if (!s->search) { /* lost with a restart that failed: asked again by the player */
        s->planning = SIM_PLAN_NONE;
        return;
    }
    if (s->plan_searched) { /* this tick's share went to the command */
        s->plan_searched = false;
        return;
    }
    nav_query_step(s->search, SIM_PLAN_TICK_WORK);
    s->plan_work = nav_query_result(s->search)->expanded;
    if (nav_query_result(s->search)->status != NAV_IN_PROGRESS)
        plan_done(s);
}

/* Walks the finished plan: a click's walk (announced), or the held mouse's
 * next stretch, which never sends the droid straight back to the tile it
 * just left for a tile next to it (the cursor wobbling around the droid
 * must not make it dance). */
static void plan_done(Sim *s)
{
    SimPlanKind kind = s->planning;
    s->planning = SIM_PLAN_NONE;
    NavPos goal = s->plan_goal, end = s->plan_end;
    NavStatus r = sim_plan_status(s->search, goal, end);
    if (r == NAV_NO_PATH) {
        s->has_target = s->droid.moving;
        if (kind == SIM_PLAN_GOTO)
            emit(s, SIM_EV_NOPATH, goal.x, goal.y, 0);
        return;
    }
    const NavQueryResult *res = nav_query_result(s->search);
    if (kind == SIM_PLAN_HOLD) {
        if (res->steps == 0)
            return;
        NavPos at = mover_plan_tile(&s->droid), first = nav_query_tile(s->search, 0);
        int near = abs(goal.x - at.x) <= SIM_HOLD_NEAR && abs(goal.y - at.y) <= SIM_HOLD_NEAR;
        if (near && s->steps > 0 && nav_pos_eq(first, s->came_from) && s->still < SIM_HOLD_PAUSE_TICKS) {
            mover_set_path(&s->droid, &s->grid, NULL, 0);
            s->hold_dirty = true; /* looked at again once it has stood still a moment */
            return;
        }
    }
    int n = nav_query_copy_tiles(s->search, &s->scratch, &s->scratch_cap);
    if (n < 0 || !mover_set_path(&s->droid, &s->grid, s->scratch, n))
        return;
    s->has_target = n > 0 || s->droid.moving;
    s->target = end;
    if (kind == SIM_PLAN_GOTO) {
        SimEvent *e = emit(s, SIM_EV_PATH, end.x, end.y, n);
        if (e)
            e->length = res->length;
    }
}

/* One key step from the plan tile; a step the corner rule or a wall
 * forbids bumps and changes nothing. */
static void key_step(Sim *s, int dx, int dy)
{
    NavPos from = mover_plan_tile(&s->droid), to = nav_pos(from.x + dx, from.y + dy);
    if (!nav_grid_can_step(&s->grid, from.x, from.y, dx, dy)) {
        emit(s, SIM_EV_BUMP, to.x, to.y, 0);
        return;
    }
    if (mover_set_path(&s->droid, &s->grid, &to, 1)) {
        s->has_target = true;
        s->target = to;
    }
}

/* The held mouse: walk towards the held tile, planned again only at a tile
 * centre (plan_done keeps the droid from dancing around the cursor). */
static void hold_replan(Sim *s)
{
    s->hold_dirty = false;
    plan_walk(s, s->hold, SIM_PLAN_HOLD, false);
}

/* ---- commands ----------------------------------------------------------------- */

static void sentry_events(Sim *s);
static SentryWorld sentry_world(const Sim *s);
static bool sight_opaque(const void *ctx, int x, int y);
static void lose(Sim *s, SimLose why);

/* SIM_CMD_LURE: paid for, announced, and the sentries that hear it sent. A
 * lure that cannot be thrown changes nothing (not even the clock). */
static void throw_lure(Sim *s, NavPos t)
{
    SimLureCheck why = sim_lure_check(s, t);
    if (why != SIM_LURE_OK) {
        emit(s, SIM_EV_NOLURE, t.x, t.y, why);
        return;
    }
    s->started = true;
    if (s->limited) {
        s->energy -= SIM_LURE_COST;
        s->energy_used += (uint64_t)SIM_LURE_COST;
    }
    s->lures++;
    SentryWorld w = sentry_world(s);
    SimEvent *ev = emit(s, SIM_EV_LURE, t.x, t.y, 0);
    int n = sentries_lure(&s->sentries, &w, t);
    if (ev)
        ev->a = n; /* written before sentry_events emits again (which may move the events) */
    sentry_events(s);
    if (s->limited && s->energy <= 0)
        lose(s, SIM_LOSE_ENERGY);
}

SimLureCheck sim_lure_check(const Sim *s, NavPos t)
{
    if (s->status != SIM_PLAYING)
        return SIM_LURE_OVER;
    NavPos d = s->droid.tile;
    long dx = (long)t.x - d.x, dy = (long)t.y - d.y;
    if (dx * dx + dy * dy > (long)SIM_LURE_RANGE * SIM_LURE_RANGE)
        return SIM_LURE_FAR;
    if (t.x < 0 || t.y < 0 || t.x >= s->w || t.y >= s->h || nav_grid_cost(&s->grid, t.x, t.y) == 0 ||
        sim_opaque(s, t.x, t.y))
        return SIM_LURE_BLOCKED;
    if (!sight_line(d, t, sight_opaque, s))
        return SIM_LURE_HIDDEN;
    if (s->limited && s->energy <= SIM_LURE_COST)
        return SIM_LURE_ENERGY;
    return SIM_LURE_OK;
}

int sim_lure_hears(const Sim *s, NavPos t, bool *pulled)
{
    SentryWorld w = sentry_world(s);
    return sentries_lure_hears(&s->sentries, &w, t, pulled);
}

const char *sim_lure_check_name(SimLureCheck c)
{
    static const char *const names[] = {"ok", "over", "far", "hidden", "blocked", "energy"};
    return (unsigned)c < sizeof names / sizeof *names ? names[c] : "?";
}

const char *sim_lure_check_words(SimLureCheck c)
{
    switch (c) {
    case SIM_LURE_OK: return "a lure can land here";
    case SIM_LURE_OVER: return "the play is over";
    case SIM_LURE_FAR: return "too far: a lure reaches 8 tiles";
    case SIM_LURE_HIDDEN: return "the droid cannot see this tile";
    case SIM_LURE_BLOCKED: return "a lure needs a tile to land on";
    case SIM_LURE_ENERGY: return "not enough energy for a lure";
    }
    return "?";
}

void sim_command(Sim *s, const SimCmd *c)
{
    if (c->type == SIM_CMD_RESTART) {
        if (sim_restart(s))
            emit(s, SIM_EV_RESTART, s->level->start.x, s->level->start.y, 0);
        return;
    }
    if (s->status != SIM_PLAYING)
        return;
    if (c->type == SIM_CMD_LURE) {
        throw_lure(s, nav_pos(c->x, c->y));
        return;
    }
    if (c->type != SIM_CMD_RELEASE && (c->type != SIM_CMD_PUSH || c->x || c->y))
        s->started = true; /* the clock starts with the player's first order */
    switch (c->type) {
    case SIM_CMD_GOTO:
        s->holding = s->hold_dirty = false;
        s->hold = nav_pos(c->x, c->y);
        if (c->x >= 0 && c->y >= 0 && c->x < s->w && c->y < s->h)
            plan_walk(s, nav_pos(c->x, c->y), SIM_PLAN_GOTO, true);
        break;
    case SIM_CMD_PUSH: {
        int dx = c->x > 0 ? 1 : c->x < 0 ? -1 : 0, dy = c->y > 0 ? 1 : c->y < 0 ? -1 : 0;
        s->push_dx = dx;
        s->push_dy = dy;
        if (!dx && !dy)
            break;
        s->holding = s->hold_dirty = false;
        s->planning = SIM_PLAN_NONE;
        if (s->droid.moving) {
            key_step(s, dx, dy);
        } else {
            if (s->push_wait == 0)
                s->push_wait = SIM_PUSH_DELAY_TICKS;
            s->pending_dx = dx;
            s->pending_dy = dy;
        }
        break;
    }
    case SIM_CMD_HOLD:
        if (c->x < 0 || c->y < 0 || c->x >= s->w || c->y >= s->h)
            break;
        if (!s->holding || !nav_pos_eq(s->hold, nav_pos(c->x, c->y))) {
            s->hold_dirty = true;
            s->planning = SIM_PLAN_NONE;
        }
        s->holding = true;
        s->hold = nav_pos(c->x, c->y);
        break;
    case SIM_CMD_RELEASE:
        s->holding = false; /* a moved hold is still walked to (hold_dirty) */
        break;
    default:
        break;
    }
}

/* ---- a tick ------------------------------------------------------------------- */

static void tick_sentries(Sim *s);

static void lose(Sim *s, SimLose why)
{
    s->status = SIM_LOST;
    s->end_tick = s->tick;
    s->lose = why;
    s->has_target = false;
    emit(s, SIM_EV_LOSE, s->droid.tile.x, s->droid.tile.y, why);
}

static void open_door(Sim *s, NavPos t)
{
    SimDoor *d = door_at(s, t.x, t.y);
    if (!d)
        return;
    int i = (int)(d - s->doors);
    if (!s->door_listed[i]) { /* looked at from the next door pass on */
        s->door_listed[i] = 1;
        s->door_active[s->door_active_count + s->door_entered++] = i;
    }
    d->hold = SIM_DOOR_HOLD_TICKS;
    if (!d->open) {
        d->open = true;
        emit(s, SIM_EV_DOOR, t.x, t.y, 1);
    }
}

/* Remembers a cell taken, so that a restart puts it back (sim_restart).
 * Out of memory, the tiles are put back from the level by the next
 * sim_reset instead (taken_lost). */
static void note_taken(Sim *s, NavPos t)
{
    if (!buf_grow_int(&s->taken, &s->taken_cap, sizeof *s->taken, (size_t)s->taken_count + 1, 16)) {
        s->taken_lost = true;
        return;
    }
    s->taken[s->taken_count++] = t;
}

static void arrive(Sim *s, NavPos t)
{
    s->steps++;
    uint8_t *k = &s->kind[(size_t)t.y * (size_t)s->w + (size_t)t.x];
    if (*k == TILE_CELL) {
        *k = TILE_FLOOR;
        note_taken(s, t);
        s->cells_left--;
        if (s->limited)
            s->energy = sim_energy_gain(s->energy, s->cell_energy);
        emit(s, SIM_EV_PICKUP, t.x, t.y, s->limited ? s->energy : -1);
        if (s->cells_left == 0 && s->has_exit && !s->exit_open) {
            s->exit_open = true;
            emit(s, SIM_EV_EXIT_OPEN, s->exit.x, s->exit.y, 0);
        }
    }
    if (s->limited)
        emit(s, SIM_EV_ENERGY, t.x, t.y, s->energy);
    if (*k == TILE_EXIT && s->exit_open) {
        s->status = SIM_WON;
        s->end_tick = s->tick;
        s->has_target = false;
        mover_set_path(&s->droid, &s->grid, NULL, 0);
        emit(s, SIM_EV_WIN, t.x, t.y, (int64_t)s->play_ticks);
        return;
    }
    if (s->push_dx || s->push_dy)
        key_step(s, s->push_dx, s->push_dy);
    else if (s->hold_dirty)
        hold_replan(s); /* the held tile moved: planned again here, once a tile */
}

static void walk(Sim *s)
{
    uint64_t budget = s->droid.speed;
    if (s->limited && (int64_t)budget > s->energy)
        budget = s->energy > 0 ? (uint64_t)s->energy : 0;
    for (int guard = 0; guard < 64 && s->status == SIM_PLAYING; guard++) {
        MoverEvent ev[4];
        int n = 0;
        NavPos was = s->droid.tile;
        uint64_t used = mover_advance(&s->droid, &s->grid, budget, ev, 4, &n);
        budget -= used;
        s->energy_used += used;
        if (s->limited)
            s->energy -= (int64_t)used;
        for (int i = 0; i < n && s->status == SIM_PLAYING; i++) {
            NavPos t = ev[i].tile;
            if (ev[i].type == MOVER_STEP) {
                s->came_from = was;
                open_door(s, t);
                emit(s, SIM_EV_STEP, t.x, t.y, sim_kind(s, t.x, t.y));
            } else if (ev[i].type == MOVER_ARRIVE) {
                emit(s, SIM_EV_ARRIVE, t.x, t.y, 0);
                arrive(s, t);
            } else if (ev[i].type == MOVER_IDLE && !s->droid.moving && mover_remaining(&s->droid) == 0) {
                s->has_target = false;
                emit(s, SIM_EV_IDLE, t.x, t.y, 0);
            }
        }
        if (budget == 0 || (n == 0 && used == 0))
            break;
    }
    if (s->status == SIM_PLAYING && s->limited && s->energy <= 0)
        lose(s, SIM_LOSE_ENERGY);
}

/* A tick in which the droid spent nothing on walking: standing still costs
 * SIM_STAND_DRAIN once the clock runs (sim.h), unless the droid only waits
 * for its planner or for a key step to start. */
static void stand(Sim *s)
{
    if (s->status != SIM_PLAYING || !s->limited || !s->started || s->droid.moving || s->planning ||
        s->push_wait > 0)
        return;
    int64_t d = s->energy < SIM_STAND_DRAIN ? s->energy : SIM_STAND_DRAIN;
    s->energy -= d;
    s->energy_used += (uint64_t)d;
    if (s->energy <= 0)
        lose(s, SIM_LOSE_ENERGY);
}

static int by_index(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The doors entered since the last pass join the active ones, all in
 * ascending order: the order of the doors array, as a pass over every
 * door would meet them. */
static void merge_entered(Sim *s)
{
    int *act = s->door_active, *out = s->door_scratch;
    int a = s->door_active_count, e = s->door_entered;
    qsort(act + a, (size_t)e, sizeof *act, by_index);
    int i = 0, j = a, n = 0;
    while (i < a || j < a + e)
        out[n++] = j == a + e || (i < a && act[i] < act[j]) ? act[i++] : act[j++];
    s->door_active = out;
    s->door_scratch = act;
    s->door_active_count = n;
    s->door_entered = 0;
}

/* Doors: held open while something stands in them, then closing. Only the
 * listed doors are looked at: a door that is not listed is closed, at rest
 * and empty (a step into a door opens it and lists it), so a pass over it
 * would change nothing and say nothing. */
static void update_doors(Sim *s)
{
    const Mover *m = &s->droid;
    if (s->door_entered)
        merge_entered(s);
    int kept = 0;
    s->doors_visited = s->door_active_count;
    for (int k = 0; k < s->door_active_count; k++) {
        int i = s->door_active[k];
        SimDoor *d = &s->doors[i];
        NavPos t = nav_pos(d->x, d->y);
        bool occupied = nav_pos_eq(m->tile, t) || (m->moving && nav_pos_eq(m->next, t)) ||
                        sentries_at(&s->sentries, t.x, t.y);
        if (occupied)
            d->hold = SIM_DOOR_HOLD_TICKS;
        else if (d->open && --d->hold <= 0) {
            d->open = false;
            d->hold = 0;
            emit(s, SIM_EV_DOOR, d->x, d->y, 0);
        }
        if (d->open || d->hold > 0)
            s->door_active[kept++] = i;
        else
            s->door_listed[i] = 0;
    }
    s->door_active_count = kept;
}

void sim_tick(Sim *s)
{
    sim_clear_events(s);
    s->tick++;
    if (s->jumps && !nav_jumps_current(s->jumps, &s->grid))
        nav_jumps_prepare(s->jumps, &s->grid, SIM_JUMPS_TICK_WORK);
    sim_regions_tick(s);
    if (s->status != SIM_PLAYING)
        return;
    s->play_ticks += s->started;
    if (s->push_wait > 0 && --s->push_wait == 0 && !s->droid.moving) {
        int dx = s->push_dx || s->push_dy ? s->push_dx : s->pending_dx;
        int dy = s->push_dx || s->push_dy ? s->push_dy : s->pending_dy;
        key_step(s, dx, dy);
    }
    s->still = s->droid.moving ? 0 : s->still + 1;
    plan_tick(s);
    if (s->hold_dirty && !s->droid.moving && !s->planning)
        hold_replan(s);
    uint64_t walked = s->energy_used;
    walk(s);
    if (s->energy_used == walked)
        stand(s);
    if (s->status == SIM_PLAYING)
        tick_sentries(s);
    update_doors(s);
}

/* ---- editing ------------------------------------------------------------------ */

void sim_edit_tile(Sim *s, int x, int y, TileKind k)
{
    if (x < 0 || y < 0 || x >= s->w || y >= s->h)
        return;
    if (!sim_costs_own(s)) /* the grid is shared with copies, and no memory for one of its own */
        return;
    size_t i = (size_t)y * (size_t)s->w + (size_t)x;
    TileKind was = (TileKind)s->kind[i];
    for (int j = 0; j < s->taken_count; j++) /* a cell taken in play: the level's tile was a cell */
        if (s->taken[j].x == x && s->taken[j].y == y) {
            was = TILE_CELL;
            s->taken[j] = s->taken[--s->taken_count];
            break;
        }
    s->kind[i] = (uint8_t)k;
    s->tiles_serial++;
    nav_grid_set(&s->grid, x, y, tile_info(k)->cost);
    sim_regions_edited(s); /* labelled again from the restart on (sim_restart) */
    /* the jump table is made again (sim_tick), a shared one aside (a clone
     * of it), in memory of its own had now when others still hold the old
     * one, so that copies made before the next tick share it (jumps.h);
     * searches under way read the old tiles and table: they start again */
    if (s->jumps && nav_jumps_shared(s->jumps)) {
        NavJumps *own = nav_jumps_clone(s->jumps);
        nav_jumps_release(s->jumps);
        s->jumps = own;
    }
    if (s->jumps)
        nav_jumps_begin(s->jumps, &s->grid);
    if (s->planning)
        plan_walk(s, s->plan_goal, s->planning, false);
    sentries_replan(&s->sentries);
    s->cells_total += (k == TILE_CELL) - (was == TILE_CELL);
    if (was == TILE_DOOR || k == TILE_DOOR)
        s->doors_stale = true;
    size_t exit = (size_t)s->exit.y * (size_t)s->w + (size_t)s->exit.x;
    if (k == TILE_EXIT && (!s->has_exit || i < exit)) {
        s->has_exit = true;
        s->exit = nav_pos(x, y);
    } else if (was == TILE_EXIT && k != TILE_EXIT && s->has_exit && i == exit) {
        /* the first exit goes: the next one in reading order, if any */
        const uint8_t *next = memchr(s->kind + i, TILE_EXIT, (size_t)s->w * (size_t)s->h - i);
        s->has_exit = next != NULL;
        if (next)
            s->exit = nav_pos((int)((size_t)(next - s->kind) % (size_t)s->w), (int)((size_t)(next - s->kind) / (size_t)s->w));
    }
}

/* ---- the hash ------------------------------------------------------------------ */

uint64_t sim_hash(const Sim *s)
{
    uint64_t h = HASH_BASIS;
    hash_u64(&h, (uint64_t)s->w);
    hash_u64(&h, (uint64_t)s->h);
    hash_bytes(&h, s->kind, (size_t)s->w * (size_t)s->h);
    hash_u64(&h, s->tick);
    hash_u64(&h, (uint64_t)s->started);
    hash_u64(&h, s->play_ticks);
    hash_u64(&h, s->end_tick);
    hash_u64(&h, (uint64_t)s->status);
    hash_u64(&h, (uint64_t)s->lose);
    const Mover *m = &s->droid;
    hash_tile(&h, m->tile);
    hash_tile(&h, m->next);
    hash_u64(&h, (uint64_t)m->facing);
    hash_u64(&h, (uint64_t)m->moving);
    hash_u64(&h, m->speed);
    hash_u64(&h, m->need);
    hash_u64(&h, m->done);
    for (int i = m->queue_head; i < m->queue_len; i++)
        hash_tile(&h, m->queue[i]);
    hash_u64(&h, (uint64_t)s->limited);
    hash_u64(&h, (uint64_t)s->energy);
    hash_u64(&h, (uint64_t)s->cell_energy);
    hash_u64(&h, s->energy_used);
    hash_u64(&h, (uint64_t)s->steps);
    hash_u64(&h, (uint64_t)s->cells_left);
    hash_u64(&h, (uint64_t)s->exit_open);
    hash_u64(&h, (uint64_t)s->has_target);
    hash_tile(&h, s->target);
    hash_u64(&h, (uint64_t)(int64_t)s->push_dx);
    hash_u64(&h, (uint64_t)(int64_t)s->push_dy);
    hash_u64(&h, (uint64_t)s->push_wait);
    hash_u64(&h, (uint64_t)(int64_t)s->pending_dx);
    hash_u64(&h, (uint64_t)(int64_t)s->pending_dy);
    hash_u64(&h, (uint64_t)s->holding);
    hash_tile(&h, s->hold);
    hash_u64(&h, (uint64_t)s->hold_dirty);
    hash_tile(&h, s->came_from);
    hash_u64(&h, (uint64_t)s->still);
    if (s->lures) /* only then, so that a play without lures hashes as it always did */
        hash_u64(&h, (uint64_t)s->lures);
    for (int i = 0; i < s->door_count; i++) {
        const SimDoor *d = &s->doors[i];
        hash_tile(&h, nav_pos(d->x, d->y));
        hash_u64(&h, (uint64_t)d->open);
        hash_u64(&h, (uint64_t)(int64_t)d->hold);
    }
    hash_u64(&h, sentries_hash(&s->sentries));
    if (s->planning) { /* only then, so that a play with every plan made at once hashes as it always did */
        hash_u64(&h, (uint64_t)s->planning);
        hash_tile(&h, s->plan_goal);
        hash_tile(&h, s->plan_end);
        hash_u64(&h, (uint64_t)s->plan_work);
    }
    return h;
}

/* ---- the sentries' hooks (sentry.h does their thinking) -------------------------- */

/* Sight is blocked by walls, void and closed doors; water is low and does not block it. */
bool sim_opaque(const Sim *s, int x, int y)
{
    TileKind k = sim_kind(s, x, y);
    if (k == TILE_DOOR) {
        const SimDoor *d = door_at(s, x, y);
        return !d || !d->open;
    }
    return k == TILE_WALL || k == TILE_VOID;
}

static bool sight_opaque(const void *ctx, int x, int y)
{
    return sim_opaque(ctx, x, y);
}

static SentryWorld sentry_world(const Sim *s)
{
    return (SentryWorld){&s->grid, sim_regions_ticked(s), s->jumps, s->droid.tile, sight_opaque, s};
}

/* The level's sentries at their start, in the world of s (sim_setup.c's start of a play). */
bool sim_reset_sentries(Sim *s, const Level *l)
{
    SentryWorld w = sentry_world(s);
    return sentries_init(&s->sentries, l, &w, mover_speed(l->sentry_speed, SIM_TICK_HZ));
}

/* After the droid's walk: the sentries act; their steps open doors, their
 * state changes are traced, and a catch loses the level. */
static void tick_sentries(Sim *s)
{
    SentryWorld w = sentry_world(s);
    sentries_tick(&s->sentries, &w);
    sentry_events(s);
}

/* The sentries' events of their last tick or lure, as the play's. */
static void sentry_events(Sim *s)
{
    for (int i = 0; i < s->sentries.event_count; i++) {
        const SentryEvent *e = &s->sentries.events[i];
        switch (e->type) {
        case SENTRY_EV_STEP:
            open_door(s, e->tile);
            break;
        case SENTRY_EV_STATE: {
            SimEvent *ev = emit(s, SIM_EV_SENTRY, e->tile.x, e->tile.y, e->id);
            if (ev)
                ev->b = (int)e->state;
            break;
        }
        case SENTRY_EV_ALERT: {
            s->noticed++;
            SimEvent *ev = emit(s, SIM_EV_ALERT, e->tile.x, e->tile.y, e->id);
            if (ev)
                ev->b = e->heard;
            break;
        }
        case SENTRY_EV_INVESTIGATE:
            emit(s, SIM_EV_INVESTIGATE, e->tile.x, e->tile.y, e->id);
            break;
        case SENTRY_EV_CAUGHT:
            if (s->status == SIM_PLAYING) {
                s->caught_by = e->id;
                lose(s, SIM_LOSE_CAUGHT);
            }
            break;
        }
    }
}

bool sim_sentry_sees(const Sim *s, int id, NavPos t)
{
    SentryWorld w = sentry_world(s);
    return sentries_sees(&s->sentries, id, t, &w);
}

bool sim_hears_at(const Sim *s, NavPos t)
{
    SentryWorld w = sentry_world(s);
    return sentries_hears_at(&s->sentries, t, &w);
}
