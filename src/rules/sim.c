/* SPDX-License-Identifier: MIT */
/* sim.c - the rules, tick by tick: planning walks, key steps and the held
 * mouse, doors, cells, the exit, energy, winning and losing, the state hash.
 * Integer time and energy throughout; nothing here reads a clock. A play's
 * making, restarting and copying is sim_setup.c's. */
#include "sim.h"

#include "buf.h"
#include "hash.h"
#include "sim_int.h"
#include "words.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- events ------------------------------------------------------------------- */

/* Appends an event; NULL (and the event dropped) when memory runs out. */
static SimEvent *emit(Sim *s, SimEventType type, int x, int y, int64_t a)
{
    if (!buf_grow_int(&s->work.events, &s->work.event_cap, sizeof *s->work.events, (size_t)s->work.event_count + 1, 64))
        return NULL; /* events are for the views; the rules go on without them */
    s->work.events[s->work.event_count] = (SimEvent){type, x, y, a, 0.0, 0};
    return &s->work.events[s->work.event_count++];
}

void sim_clear_events(Sim *s)
{
    s->work.event_count = 0;
}

/* ---- reading ------------------------------------------------------------------ */

/* The index of terrain cell (x, y) in SimState.taken, or -1 (a cell
 * painted since the play started is not listed: never taken). */
static int cell_index(const Sim *s, int x, int y)
{
    const SimTerrain *t = s->terrain;
    int n = t->cell_count < s->state.cell_count ? t->cell_count : s->state.cell_count;
    return sim_terrain_find(t->cells, n, x, y);
}

/* Where cell index i is, or would go, in the ascending list of cells taken. */
static int taken_at(const SimState *st, int i)
{
    int lo = 0, hi = st->taken_count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (st->taken[mid] < i)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Notes cell i taken: one more in the list, in its place (the list is as
 * long as it is held, so that a copy holds what the play does). Out of
 * memory, the cell is not taken (it stays on its tile). */
static bool note_taken(SimState *st, int i)
{
    int at = taken_at(st, i);
    int *m = realloc(st->taken, (size_t)(st->taken_count + 1) * sizeof *m);
    if (!m)
        return false;
    memmove(m + at + 1, m + at, (size_t)(st->taken_count - at) * sizeof *m);
    m[at] = i;
    st->taken = m;
    st->taken_count++;
    return true;
}

TileKind sim_kind(const Sim *s, int x, int y)
{
    const SimTerrain *t = s->terrain;
    if (x < 0 || y < 0 || x >= t->w || y >= t->h)
        return TILE_VOID;
    TileKind k = (TileKind)t->kind[(size_t)y * (size_t)t->w + (size_t)x];
    if (k == TILE_CELL) {
        int i = cell_index(s, x, y);
        if (i >= 0 && taken_at(&s->state, i) < s->state.taken_count && s->state.taken[taken_at(&s->state, i)] == i)
            return TILE_FLOOR;
    }
    return k;
}

/* The door at (x, y) as the play's arrays list it, or NULL. */
static SimDoor *door_at(const Sim *s, int x, int y)
{
    const SimTerrain *t = s->terrain;
    int n = t->door_count < s->state.door_count ? t->door_count : s->state.door_count;
    int i = sim_terrain_find(t->doors, n, x, y);
    return i >= 0 ? &s->state.doors[i] : NULL;
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
    nav_query_begin(st, &s->terrain->grid, from, to, &opt);
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
    if (!s->work.search) {
        s->work.search = nav_query_create(s->terrain->w, s->terrain->h);
        s->work.search_w = s->terrain->w;
        s->work.search_h = s->terrain->h;
    }
    return s->work.search;
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
    s->state.planning = SIM_PLAN_NONE;
    if (!sim_droid_search(s))
        return;
    NavPos from = mover_plan_tile(&s->state.droid);
    if (kind == SIM_PLAN_HOLD && nav_pos_eq(from, goal)) {
        mover_set_path(&s->state.droid, &s->terrain->grid, NULL, 0);
        return;
    }
    if (sim_plan_begin(s, s->work.search, from, goal, &s->state.plan_end) == NAV_NO_PATH) {
        if (kind == SIM_PLAN_GOTO)
            emit(s, SIM_EV_NOPATH, goal.x, goal.y, 0);
        return;
    }
    s->state.planning = kind;
    s->state.plan_goal = goal;
    s->state.plan_work = 0;
    nav_query_step(s->work.search, SIM_PLAN_TICK_WORK);
    if (nav_query_result(s->work.search)->status == NAV_IN_PROGRESS) {
        s->state.plan_work = nav_query_result(s->work.search)->expanded;
        s->state.plan_searched = command;
        mover_set_path(&s->state.droid, &s->terrain->grid, NULL, 0); /* on to the next tile centre, and wait there */
        s->state.has_target = true;
        s->state.target = s->state.plan_end;
        return;
    }
    plan_done(s);
}

/* Goes on with a plan that needed more than a tick. */
static void plan_tick(Sim *s)
{
    if (!s->state.planning)
        return;
    if (!s->work.search) { /* lost with a restart that failed: asked again by the player */
        s->state.planning = SIM_PLAN_NONE;
        return;
    }
    if (s->state.plan_searched) { /* this tick's share went to the command */
        s->state.plan_searched = false;
        return;
    }
    nav_query_step(s->work.search, SIM_PLAN_TICK_WORK);
    s->state.plan_work = nav_query_result(s->work.search)->expanded;
    if (nav_query_result(s->work.search)->status != NAV_IN_PROGRESS)
        plan_done(s);
}

/* Walks the finished plan: a click's walk (announced), or the held mouse's
 * next stretch, which never sends the droid straight back to the tile it
 * just left for a tile next to it (the cursor wobbling around the droid
 * must not make it dance). */
static void plan_done(Sim *s)
{
    SimPlanKind kind = s->state.planning;
    s->state.planning = SIM_PLAN_NONE;
    NavPos goal = s->state.plan_goal, end = s->state.plan_end;
    NavStatus r = sim_plan_status(s->work.search, goal, end);
    if (r == NAV_NO_PATH) {
        s->state.has_target = s->state.droid.moving;
        if (kind == SIM_PLAN_GOTO)
            emit(s, SIM_EV_NOPATH, goal.x, goal.y, 0);
        return;
    }
    const NavQueryResult *res = nav_query_result(s->work.search);
    if (kind == SIM_PLAN_HOLD) {
        if (res->steps == 0)
            return;
        NavPos at = mover_plan_tile(&s->state.droid), first = nav_query_tile(s->work.search, 0);
        int near = abs(goal.x - at.x) <= SIM_HOLD_NEAR && abs(goal.y - at.y) <= SIM_HOLD_NEAR;
        if (near && s->state.steps > 0 && nav_pos_eq(first, s->state.came_from) && s->state.still < SIM_HOLD_PAUSE_TICKS) {
            mover_set_path(&s->state.droid, &s->terrain->grid, NULL, 0);
            s->state.hold_dirty = true; /* looked at again once it has stood still a moment */
            return;
        }
    }
    int n = nav_query_copy_tiles(s->work.search, &s->work.scratch, &s->work.scratch_cap);
    if (n < 0 || !mover_set_path(&s->state.droid, &s->terrain->grid, s->work.scratch, n))
        return;
    s->state.has_target = n > 0 || s->state.droid.moving;
    s->state.target = end;
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
    NavPos from = mover_plan_tile(&s->state.droid), to = nav_pos(from.x + dx, from.y + dy);
    if (!nav_grid_can_step(&s->terrain->grid, from.x, from.y, dx, dy)) {
        emit(s, SIM_EV_BUMP, to.x, to.y, 0);
        return;
    }
    if (mover_set_path(&s->state.droid, &s->terrain->grid, &to, 1)) {
        s->state.has_target = true;
        s->state.target = to;
    }
}

/* The held mouse: walk towards the held tile, planned again only at a tile
 * centre (plan_done keeps the droid from dancing around the cursor). */
static void hold_replan(Sim *s)
{
    s->state.hold_dirty = false;
    plan_walk(s, s->state.hold, SIM_PLAN_HOLD, false);
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
    s->state.started = true;
    if (s->state.limited) {
        s->state.energy -= SIM_LURE_COST;
        s->state.energy_used += (uint64_t)SIM_LURE_COST;
    }
    s->state.lures++;
    SentryWorld w = sentry_world(s);
    SimEvent *ev = emit(s, SIM_EV_LURE, t.x, t.y, 0);
    int n = sentries_lure(&s->state.sentries, &w, t);
    if (ev)
        ev->a = n; /* written before sentry_events emits again (which may move the events) */
    sentry_events(s);
    if (s->state.limited && s->state.energy <= 0)
        lose(s, SIM_LOSE_ENERGY);
}

SimLureCheck sim_lure_check(const Sim *s, NavPos t)
{
    if (s->state.status != SIM_PLAYING)
        return SIM_LURE_OVER;
    NavPos d = s->state.droid.tile;
    long dx = (long)t.x - d.x, dy = (long)t.y - d.y;
    if (dx * dx + dy * dy > (long)SIM_LURE_RANGE * SIM_LURE_RANGE)
        return SIM_LURE_FAR;
    if (t.x < 0 || t.y < 0 || t.x >= s->terrain->w || t.y >= s->terrain->h || nav_grid_cost(&s->terrain->grid, t.x, t.y) == 0 ||
        sim_opaque(s, t.x, t.y))
        return SIM_LURE_BLOCKED;
    if (!sight_line(d, t, sight_opaque, s))
        return SIM_LURE_HIDDEN;
    if (s->state.limited && s->state.energy <= SIM_LURE_COST)
        return SIM_LURE_ENERGY;
    return SIM_LURE_OK;
}

int sim_lure_hears(const Sim *s, NavPos t, bool *pulled)
{
    SentryWorld w = sentry_world(s);
    return sentries_lure_hears(&s->state.sentries, &w, t, pulled);
}

const char *sim_lure_check_name(SimLureCheck c)
{
    static const char *const names[] = {"ok", "over", "far", "hidden", "blocked", "energy"};
    return (unsigned)c < sizeof names / sizeof *names ? names[c] : "?";
}

const char *sim_lure_check_words(SimLureCheck c)
{
    switch (c) {
    case SIM_LURE_OK: return N_("a lure can land here");
    case SIM_LURE_OVER: return N_("the play is over");
    case SIM_LURE_FAR: return N_("too far: a lure reaches 8 tiles");
    case SIM_LURE_HIDDEN: return N_("the droid cannot see this tile");
    case SIM_LURE_BLOCKED: return N_("a lure needs a tile to land on");
    case SIM_LURE_ENERGY: return N_("not enough energy for a lure");
    }
    return "?";
}

void sim_command(Sim *s, const SimCmd *c)
{
    if (c->type == SIM_CMD_RESTART) {
        if (sim_restart(s))
            emit(s, SIM_EV_RESTART, s->terrain->level.start.x, s->terrain->level.start.y, 0);
        return;
    }
    if (s->state.status != SIM_PLAYING)
        return;
    if (c->type == SIM_CMD_LURE) {
        throw_lure(s, nav_pos(c->x, c->y));
        return;
    }
    if (c->type != SIM_CMD_RELEASE && (c->type != SIM_CMD_PUSH || c->x || c->y))
        s->state.started = true; /* the clock starts with the player's first order */
    switch (c->type) {
    case SIM_CMD_GOTO:
        s->state.holding = s->state.hold_dirty = false;
        s->state.hold = nav_pos(c->x, c->y);
        if (c->x >= 0 && c->y >= 0 && c->x < s->terrain->w && c->y < s->terrain->h)
            plan_walk(s, nav_pos(c->x, c->y), SIM_PLAN_GOTO, true);
        break;
    case SIM_CMD_PUSH: {
        int dx = c->x > 0 ? 1 : c->x < 0 ? -1 : 0, dy = c->y > 0 ? 1 : c->y < 0 ? -1 : 0;
        s->state.push_dx = dx;
        s->state.push_dy = dy;
        if (!dx && !dy)
            break;
        s->state.holding = s->state.hold_dirty = false;
        s->state.planning = SIM_PLAN_NONE;
        if (s->state.droid.moving) {
            key_step(s, dx, dy);
        } else {
            if (s->state.push_wait == 0)
                s->state.push_wait = SIM_PUSH_DELAY_TICKS;
            s->state.pending_dx = dx;
            s->state.pending_dy = dy;
        }
        break;
    }
    case SIM_CMD_HOLD:
        if (c->x < 0 || c->y < 0 || c->x >= s->terrain->w || c->y >= s->terrain->h)
            break;
        if (!s->state.holding || !nav_pos_eq(s->state.hold, nav_pos(c->x, c->y))) {
            s->state.hold_dirty = true;
            s->state.planning = SIM_PLAN_NONE;
        }
        s->state.holding = true;
        s->state.hold = nav_pos(c->x, c->y);
        break;
    case SIM_CMD_RELEASE:
        s->state.holding = false; /* a moved hold is still walked to (hold_dirty) */
        break;
    default:
        break;
    }
}

/* ---- a tick ------------------------------------------------------------------- */

static void tick_sentries(Sim *s);

static void lose(Sim *s, SimLose why)
{
    s->state.status = SIM_LOST;
    s->state.end_tick = s->state.tick;
    s->state.lose = why;
    s->state.has_target = false;
    emit(s, SIM_EV_LOSE, s->state.droid.tile.x, s->state.droid.tile.y, why);
}

static void open_door(Sim *s, NavPos t)
{
    SimDoor *d = door_at(s, t.x, t.y);
    if (!d)
        return;
    int i = (int)(d - s->state.doors);
    if (!s->state.door_listed[i]) { /* looked at from the next door pass on */
        s->state.door_listed[i] = 1;
        s->state.door_active[s->state.door_active_count + s->state.door_entered++] = i;
    }
    d->hold = SIM_DOOR_HOLD_TICKS;
    if (!d->open) {
        d->open = true;
        emit(s, SIM_EV_DOOR, t.x, t.y, 1);
    }
}

static void arrive(Sim *s, NavPos t)
{
    s->state.steps++;
    TileKind k = sim_kind(s, t.x, t.y);
    int cell = k == TILE_CELL ? cell_index(s, t.x, t.y) : -1; /* -1: painted in the editor since the start */
    if (cell >= 0 && !note_taken(&s->state, cell))
        s->work.out_of_memory = true; /* the cell stays */
    else if (cell >= 0) {
        s->state.cells_left--;
        if (s->state.limited)
            s->state.energy = sim_energy_gain(s->state.energy, s->state.cell_energy);
        emit(s, SIM_EV_PICKUP, t.x, t.y, s->state.limited ? s->state.energy : -1);
        if (s->state.cells_left == 0 && s->terrain->has_exit && !s->state.exit_open) {
            s->state.exit_open = true;
            emit(s, SIM_EV_EXIT_OPEN, s->terrain->exit.x, s->terrain->exit.y, 0);
        }
    }
    if (s->state.limited)
        emit(s, SIM_EV_ENERGY, t.x, t.y, s->state.energy);
    if (k == TILE_EXIT && s->state.exit_open) {
        s->state.status = SIM_WON;
        s->state.end_tick = s->state.tick;
        s->state.has_target = false;
        mover_set_path(&s->state.droid, &s->terrain->grid, NULL, 0);
        emit(s, SIM_EV_WIN, t.x, t.y, (int64_t)s->state.play_ticks);
        return;
    }
    if (s->state.push_dx || s->state.push_dy)
        key_step(s, s->state.push_dx, s->state.push_dy);
    else if (s->state.hold_dirty)
        hold_replan(s); /* the held tile moved: planned again here, once a tile */
}

static void walk(Sim *s)
{
    uint64_t budget = s->state.droid.speed;
    if (s->state.limited && (int64_t)budget > s->state.energy)
        budget = s->state.energy > 0 ? (uint64_t)s->state.energy : 0;
    for (int guard = 0; guard < 64 && s->state.status == SIM_PLAYING; guard++) {
        MoverEvent ev[4];
        int n = 0;
        NavPos was = s->state.droid.tile;
        uint64_t used = mover_advance(&s->state.droid, &s->terrain->grid, budget, ev, 4, &n);
        budget -= used;
        s->state.energy_used += used;
        if (s->state.limited)
            s->state.energy -= (int64_t)used;
        for (int i = 0; i < n && s->state.status == SIM_PLAYING; i++) {
            NavPos t = ev[i].tile;
            if (ev[i].type == MOVER_STEP) {
                s->state.came_from = was;
                open_door(s, t);
                emit(s, SIM_EV_STEP, t.x, t.y, sim_kind(s, t.x, t.y));
            } else if (ev[i].type == MOVER_ARRIVE) {
                emit(s, SIM_EV_ARRIVE, t.x, t.y, 0);
                arrive(s, t);
            } else if (ev[i].type == MOVER_IDLE && !s->state.droid.moving && mover_remaining(&s->state.droid) == 0) {
                s->state.has_target = false;
                emit(s, SIM_EV_IDLE, t.x, t.y, 0);
            }
        }
        if (budget == 0 || (n == 0 && used == 0))
            break;
    }
    if (s->state.status == SIM_PLAYING && s->state.limited && s->state.energy <= 0)
        lose(s, SIM_LOSE_ENERGY);
}

/* A tick in which the droid spent nothing on walking: standing still costs
 * SIM_STAND_DRAIN once the clock runs (sim.h), unless the droid only waits
 * for its planner or for a key step to start. */
static void stand(Sim *s)
{
    if (s->state.status != SIM_PLAYING || !s->state.limited || !s->state.started || s->state.droid.moving || s->state.planning ||
        s->state.push_wait > 0)
        return;
    int64_t d = s->state.energy < SIM_STAND_DRAIN ? s->state.energy : SIM_STAND_DRAIN;
    s->state.energy -= d;
    s->state.energy_used += (uint64_t)d;
    if (s->state.energy <= 0)
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
    int *act = s->state.door_active;
    int a = s->state.door_active_count, e = s->state.door_entered;
    SimWork *w = &s->work;
    if (!buf_grow_int(&w->door_scratch, &w->door_scratch_cap, sizeof *w->door_scratch, (size_t)(a + e), 64)) {
        qsort(act, (size_t)(a + e), sizeof *act, by_index); /* no room to merge: the same order, sorted whole */
    } else {
        int *out = w->door_scratch;
        qsort(act + a, (size_t)e, sizeof *act, by_index);
        int i = 0, j = a, n = 0;
        while (i < a || j < a + e)
            out[n++] = j == a + e || (i < a && act[i] < act[j]) ? act[i++] : act[j++];
        memcpy(act, out, (size_t)n * sizeof *act);
    }
    s->state.door_active_count = a + e;
    s->state.door_entered = 0;
}

/* Doors: held open while something stands in them, then closing. Only the
 * listed doors are looked at: a door that is not listed is closed, at rest
 * and empty (a step into a door opens it and lists it), so a pass over it
 * would change nothing and say nothing. */
static void update_doors(Sim *s)
{
    const Mover *m = &s->state.droid;
    if (s->state.door_entered)
        merge_entered(s);
    int kept = 0;
    s->work.doors_visited = s->state.door_active_count;
    for (int k = 0; k < s->state.door_active_count; k++) {
        int i = s->state.door_active[k];
        SimDoor *d = &s->state.doors[i];
        NavPos t = s->terrain->doors[i];
        bool occupied = nav_pos_eq(m->tile, t) || (m->moving && nav_pos_eq(m->next, t)) ||
                        sentries_at(&s->state.sentries, t.x, t.y);
        if (occupied)
            d->hold = SIM_DOOR_HOLD_TICKS;
        else if (d->open && --d->hold <= 0) {
            d->open = false;
            d->hold = 0;
            emit(s, SIM_EV_DOOR, t.x, t.y, 0);
        }
        if (d->open || d->hold > 0)
            s->state.door_active[kept++] = i;
        else
            s->state.door_listed[i] = 0;
    }
    s->state.door_active_count = kept;
}

void sim_tick(Sim *s)
{
    sim_clear_events(s);
    s->state.tick++;
    if (s->jumps && !nav_jumps_current(s->jumps, &s->terrain->grid))
        nav_jumps_prepare(s->jumps, &s->terrain->grid, SIM_JUMPS_TICK_WORK);
    sim_regions_tick(s);
    if (s->state.status != SIM_PLAYING)
        return;
    s->state.play_ticks += s->state.started;
    if (s->state.push_wait > 0 && --s->state.push_wait == 0 && !s->state.droid.moving) {
        int dx = s->state.push_dx || s->state.push_dy ? s->state.push_dx : s->state.pending_dx;
        int dy = s->state.push_dx || s->state.push_dy ? s->state.push_dy : s->state.pending_dy;
        key_step(s, dx, dy);
    }
    s->state.still = s->state.droid.moving ? 0 : s->state.still + 1;
    plan_tick(s);
    if (s->state.hold_dirty && !s->state.droid.moving && !s->state.planning)
        hold_replan(s);
    uint64_t walked = s->state.energy_used;
    walk(s);
    if (s->state.energy_used == walked)
        stand(s);
    if (s->state.status == SIM_PLAYING)
        tick_sentries(s);
    update_doors(s);
}

/* ---- editing ------------------------------------------------------------------ */

void sim_edit_tile(Sim *s, int x, int y, char glyph)
{
    TileKind k;
    if (!s->terrain || x < 0 || y < 0 || x >= s->terrain->w || y >= s->terrain->h || !tile_from_glyph(glyph, &k))
        return;
    if (!sim_terrain_own(s)) /* the terrain is shared with copies, and no memory for one of its own */
        return;
    sim_terrain_set(s->terrain, x, y, glyph, k);
    s->state.tiles_serial++;
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
        nav_jumps_begin(s->jumps, &s->terrain->grid);
    if (s->state.planning)
        plan_walk(s, s->state.plan_goal, s->state.planning, false);
    sentries_replan(&s->state.sentries);
}

/* ---- the hash ------------------------------------------------------------------ */

static void hash_door(uint64_t *h, SimDoor d)
{
    hash_u64(h, (uint64_t)d.open);
    hash_u64(h, (uint64_t)(int64_t)d.hold);
}

/* How a field is hashed (SIM_STATE_FIELDS' last column). */
#define SIM_HASH_INT(h, st, v) hash_u64(h, (uint64_t)(v))
#define SIM_HASH_TILE(h, st, v) hash_tile(h, v)
#define SIM_HASH_DOOR(h, st, v) hash_door(h, v)
#define SIM_HASH_PLAN_INT(h, st, v) if ((st)->planning) SIM_HASH_INT(h, st, v)
#define SIM_HASH_PLAN_TILE(h, st, v) if ((st)->planning) SIM_HASH_TILE(h, st, v)
#define SIM_HASH_NO(h, st, v) (void)0
#define HASH_FIELD(type, name, how) SIM_HASH_##how(&h, st, st->name);
#define HASH_ARRAY(type, name, length, how)                                                                       \
    for (size_t i = 0; i < (size_t)(length); i++)                                                                  \
        SIM_HASH_##how(&h, st, st->name[i]);
#define HASH_PART(type, name, copy, hash, free, bytes) hash_u64(&h, hash(&st->name));

uint64_t sim_hash(const Sim *s)
{
    const SimState *st = &s->state;
    uint64_t h = HASH_BASIS;
    hash_u64(&h, (uint64_t)(s->terrain ? s->terrain->w : 0));
    hash_u64(&h, (uint64_t)(s->terrain ? s->terrain->h : 0));
    SIM_STATE_FIELDS(HASH_FIELD)
    SIM_STATE_ARRAYS(HASH_ARRAY)
    SIM_STATE_PARTS(HASH_PART)
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
    return (SentryWorld){&s->terrain->grid, sim_regions_ticked(s), s->jumps, s->state.droid.tile, sight_opaque, s};
}

/* After the droid's walk: the sentries act; their steps open doors, their
 * state changes are traced, and a catch loses the level. */
static void tick_sentries(Sim *s)
{
    SentryWorld w = sentry_world(s);
    sentries_tick(&s->state.sentries, &w);
    sentry_events(s);
}

/* The sentries' events of their last tick or lure, as the play's. */
static void sentry_events(Sim *s)
{
    for (int i = 0; i < s->state.sentries.event_count; i++) {
        const SentryEvent *e = &s->state.sentries.events[i];
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
            s->state.noticed++;
            SimEvent *ev = emit(s, SIM_EV_ALERT, e->tile.x, e->tile.y, e->id);
            if (ev)
                ev->b = e->heard;
            break;
        }
        case SENTRY_EV_INVESTIGATE:
            emit(s, SIM_EV_INVESTIGATE, e->tile.x, e->tile.y, e->id);
            break;
        case SENTRY_EV_CAUGHT:
            if (s->state.status == SIM_PLAYING) {
                s->state.caught_by = e->id;
                lose(s, SIM_LOSE_CAUGHT);
            }
            break;
        }
    }
}

bool sim_sentry_sees(const Sim *s, int id, NavPos t)
{
    SentryWorld w = sentry_world(s);
    return sentries_sees(&s->state.sentries, id, t, &w);
}

bool sim_hears_at(const Sim *s, NavPos t)
{
    SentryWorld w = sentry_world(s);
    return sentries_hears_at(&s->state.sentries, t, &w);
}
