/* SPDX-License-Identifier: MIT */
/* sim_setup.c - a play's lifetime (sim.h): sim_reset makes it from a level
 * (a new terrain), sim_restart starts its state afresh on the same
 * terrain, sim_copy copies it, sim_deinit frees it. The state's copy, its
 * memory and its freeing are generated from its tables (SIM_STATE_*,
 * sim.h); its hash is sim.c's. A failure leaves the Sim as it was. The
 * rules in play are sim.c's. */
#include "sim.h"

#include "buf.h"
#include "sim_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- the state, from its tables -------------------------------------------------- */

#define FREE_ARRAY(type, name, length, hash) free(st->name);
#define FREE_PART(type, name, copy, hash, free, bytes) free(&st->name);
/* Frees what the state owns; st is left to be zeroed or overwritten. */
static void state_free(SimState *st)
{
    SIM_STATE_ARRAYS(FREE_ARRAY)
    SIM_STATE_PARTS(FREE_PART)
}

/* *p becomes n zeroed bytes (NULL for none), its memory reused. */
static bool zeroed(void *p, size_t n)
{
    void **q = p;
    if (n == 0) {
        free(*q);
        *q = NULL;
        return true;
    }
    void *m = realloc(*q, n);
    if (!m)
        return false;
    memset(m, 0, n);
    *q = m;
    return true;
}

#define START_ARRAY(type, name, length, hash) &&zeroed(&n->name, (size_t)(length) * sizeof(type))
/* A state's arrays as at the start (no cell taken, every door closed and
 * at rest), of the lengths n says, in n's memory. */
static bool start_arrays(SimState *n)
{
    const SimState *st = n;
    return true SIM_STATE_ARRAYS(START_ARRAY);
}

/* What every copy's arrays hold, copied from s into dst's memory. */
#define COPY_ARRAY(type, name, length, hash) &&buf_copy(&dst->state.name, s->state.name, (size_t)(length) * sizeof(type))
#define COPY_PART(type, name, copy, hash, free, bytes) &&copy(&dst->state.name, &s->state.name, grid)
#define COPY_FIELD(type, name, hash) dst->state.name = s->state.name;
static bool copy_state(Sim *dst, const Sim *s, const NavGrid *grid)
{
    const SimState *st = &s->state;
    SIM_STATE_FIELDS(COPY_FIELD)
    return true SIM_STATE_ARRAYS(COPY_ARRAY) SIM_STATE_PARTS(COPY_PART);
}

#define BYTES_ARRAY(type, name, length, hash) +(size_t)(length) * sizeof(type)
#define BYTES_PART(type, name, copy, hash, free, bytes) +bytes(&s->state.name, copy_of)
/* The bytes s's state holds (copy_of: a copy of it would hold). */
static size_t state_bytes(const Sim *s, bool copy_of)
{
    const SimState *st = &s->state;
    return 0 SIM_STATE_ARRAYS(BYTES_ARRAY) SIM_STATE_PARTS(BYTES_PART);
}

bool sim_droid_copy(Mover *dst, const Mover *src, const NavGrid *grid)
{
    (void)grid;
    return mover_copy(dst, src);
}

size_t sim_droid_bytes(const Mover *m, bool copy)
{
    return (size_t)(copy ? m->queue_len : m->queue_cap) * sizeof *m->queue;
}

bool sim_sentries_copy(Sentries *dst, const Sentries *src, const NavGrid *grid)
{
    return sentries_copy(dst, src, grid);
}

/* ---- set-up ------------------------------------------------------------------- */

/* Sight at the start of a play: every door is closed. */
static bool start_opaque(const void *ctx, int x, int y)
{
    const SimTerrain *t = ctx;
    if (x < 0 || y < 0 || x >= t->w || y >= t->h)
        return true;
    TileKind k = (TileKind)t->kind[(size_t)y * (size_t)t->w + (size_t)x];
    return k == TILE_WALL || k == TILE_VOID || k == TILE_DOOR;
}

/* n (zeroed) becomes the state of the start of s's terrain's level, but for
 * its arrays (start_arrays) and its sentries: the clock, the droid, energy,
 * the orders. Allocates nothing. */
static void start_fields(SimState *n, const SimTerrain *t)
{
    const Level *l = &t->level;
    n->caught_by = -1;
    n->status = SIM_PLAYING;
    n->lose = SIM_LOSE_NONE;
    mover_init(&n->droid, l->start, mover_speed(SIM_DROID_SPEED, SIM_TICK_HZ));
    n->limited = l->energy > 0;
    n->energy = n->limited ? (int64_t)l->energy * (int64_t)NAV_UNIT_STRAIGHT : 0;
    n->cell_energy = (int64_t)l->cell_energy * (int64_t)NAV_UNIT_STRAIGHT;
    n->cells_left = t->cells_total;
    n->exit_open = n->cells_left == 0;
    n->target = n->hold = n->came_from = l->start;
    n->planning = SIM_PLAN_NONE;
}

/* n (zeroed) becomes the state at the start of the level of s's terrain,
 * whose cells and doors are `lists` (the terrain's, or those it is about
 * to take): its fields, its arrays and its sentries (in a world where every
 * door is closed, with the region labels `regions`). False when out of
 * memory (n's memory freed). */
static bool start_state(SimState *n, const Sim *s, const SimLists *lists, const NavRegion *regions)
{
    const SimTerrain *t = s->terrain;
    start_fields(n, t);
    n->cells_left = lists->cell_count;
    n->exit_open = n->cells_left == 0;
    n->cell_count = lists->cell_count;
    n->door_count = lists->door_count;
    SentryWorld w = {&t->grid, regions, s->jumps, t->level.start, start_opaque, t};
    if (start_arrays(n) &&
        sentries_init(&n->sentries, &t->level, &w, mover_speed(t->level.sentry_speed, SIM_TICK_HZ)))
        return true;
    state_free(n);
    memset(n, 0, sizeof *n);
    return false;
}

bool sim_restart(Sim *s)
{
    if (!s->terrain)
        return false;
    SimLists lists = {s->terrain->cells, s->terrain->doors, s->terrain->cell_count, s->terrain->door_count};
    bool relist = s->terrain->lists_stale; /* edited: the cells and doors listed again */
    if (relist && (!sim_terrain_own(s) || !sim_terrain_list(s->terrain, &lists)))
        return false;
    SimState n = {0};
    if (!start_state(&n, s, &lists, sim_regions_ticked(s))) {
        if (relist) {
            free(lists.cells);
            free(lists.doors);
        }
        return false;
    }
    if (relist)
        sim_terrain_take_lists(s->terrain, &lists);
    n.tiles_serial = s->state.tiles_serial;
    n.region_done = s->state.region_done;
    state_free(&s->state);
    s->state = n;
    s->work.doors_visited = 0;
    /* the regions of the tiles as they are: after an edit, labelled over
     * the next ticks (sim_regions_tick), shared by the copies of the play
     * (history.h), so that a restart costs no labelling and a play put back
     * from a copy labels nothing again (out of memory: begun by the first
     * tick) */
    sim_regions_renew(s);
    return true;
}

/* The new play is built aside in n, on a terrain of its own: s is not
 * touched until everything is there, then n takes its place. A failure
 * frees only what n made, so s goes on as it was. Nothing built keeps n's
 * address (the sentries' planner is given the grid at each search), so n
 * moves into s as it is. */
static bool build_play(Sim *n, const Level *l)
{
    if (!(n->terrain = sim_terrain_new(l)) || !(n->regions = sim_regions_whole(&n->terrain->grid)))
        return false;
    n->state.region_done = sim_regions_work(n);
    /* the jump table whole, now: a play starts as every replay of it does */
    if ((n->jumps = nav_jumps_create(l->w, l->h)) && nav_jumps_prepare(n->jumps, &n->terrain->grid, 0) != NAV_DONE)
        return false;
    if (!n->work.search) {
        if (!(n->work.search = nav_query_create(l->w, l->h)))
            return false;
        n->work.search_w = l->w;
        n->work.search_h = l->h;
    }
    SimState st = {0};
    const SimTerrain *t = n->terrain;
    SimLists lists = {t->cells, t->doors, t->cell_count, t->door_count};
    if (!start_state(&st, n, &lists, sim_regions_ticked(n)))
        return false;
    st.region_done = n->state.region_done;
    n->state = st;
    return true;
}

bool sim_reset(Sim *s, const Level *l)
{
    if (s->work.search && (s->work.search_w != l->w || s->work.search_h != l->h)) {
        nav_query_destroy(s->work.search); /* made for a level of another size; a Sim without one makes it when it plans */
        s->work.search = NULL;
    }
    Sim n = {.work = s->work};
    n.work.doors_visited = 0;
    n.work.out_of_memory = false;
    n.state.tiles_serial = s->state.tiles_serial + 1;
    uint64_t serial = n.state.tiles_serial;
    if (!build_play(&n, l)) {
        if (n.work.search != s->work.search)
            nav_query_destroy(n.work.search);
        nav_jumps_release(n.jumps);
        sim_regions_release(n.regions);
        sim_terrain_release(n.terrain);
        return false;
    }
    n.state.tiles_serial = serial;
    /* in place: the old play goes, its work stays (n's) */
    state_free(&s->state);
    sim_drop_shared(s);
    *s = n;
    return true;
}

bool sim_init(Sim *s, const Level *l)
{
    memset(s, 0, sizeof *s);
    if (sim_reset(s, l))
        return true;
    sim_deinit(s);
    return false;
}

void sim_deinit(Sim *s)
{
    state_free(&s->state);
    sim_drop_shared(s);
    nav_query_destroy(s->work.search);
    free(s->work.scratch);
    free(s->work.door_scratch);
    free(s->work.events);
    memset(s, 0, sizeof *s);
}

void sim_work_trim(Sim *s)
{
    SimWork *w = &s->work;
    if (!s->state.planning) {
        nav_query_destroy(w->search);
        w->search = NULL;
    }
    free(w->scratch);
    free(w->door_scratch);
    free(w->events);
    w->scratch = NULL;
    w->door_scratch = NULL;
    w->events = NULL;
    w->scratch_cap = w->door_scratch_cap = w->event_count = w->event_cap = 0;
}

const Level *sim_level(const Sim *s)
{
    return s->terrain ? &s->terrain->level : NULL;
}

/* ---- copies ------------------------------------------------------------------- */

/* The jump table for a copy of a play whose table is t, on grid g: t
 * itself (one more reference) once complete; while it is being made, a
 * clone that goes on being made as t does, sharing its memory (no copy of
 * it, and none made again); before it is begun on these tiles (an edit
 * since, and no tick yet), a new one, begun by the copy's first tick as t
 * would be. False when out of memory. */
static bool copy_jumps(Sim *dst, NavJumps *t, const NavGrid *g)
{
    NavJumps *j = NULL;
    if (t) {
        j = nav_jumps_current(t, g) ? nav_jumps_share(t)
            : nav_jumps_begun(t, g) ? nav_jumps_clone(t)
                                    : nav_jumps_create(g->w, g->h);
        if (!j)
            return false;
    }
    nav_jumps_release(dst->jumps);
    dst->jumps = j;
    return true;
}

/* The terrain and the region labels shared (one more reference each). */
static void share_terrain(Sim *dst, const Sim *src)
{
    SimTerrain *t = sim_terrain_share(src->terrain);
    sim_terrain_release(dst->terrain);
    dst->terrain = t;
    SimRegions *r = sim_regions_share(src->regions);
    sim_regions_release(dst->regions);
    dst->regions = r;
}

bool sim_copy(Sim *dst, const Sim *src)
{
    if (dst == src)
        return true;
    share_terrain(dst, src);
    SimWork *w = &dst->work;
    w->event_count = 0;
    w->out_of_memory = false;
    if (w->search && (w->search_w != src->terrain->w || w->search_h != src->terrain->h)) {
        nav_query_destroy(w->search); /* made again when the copy first plans */
        w->search = NULL;
    }
    const NavGrid *grid = &dst->terrain->grid;
    if (!copy_jumps(dst, src->jumps, grid) || !copy_state(dst, src, grid) ||
        (src->state.planning &&
         (!sim_droid_search(dst) || nav_query_copy_search(w->search, src->work.search, grid) != NAV_DONE))) {
        sim_deinit(dst);
        return false;
    }
    return true;
}

/* ---- memory ------------------------------------------------------------------- */

/* A planner's bytes: its search scratch (a query holds no map data; the
 * play's planners read the shared jump table). */
static size_t path_bytes(const NavQuery *st)
{
    return st ? nav_query_bytes(st) : 0;
}

/* What the Sentries hold: their lists, the occupancy, the planner, every
 * sentry's walk and queue (the chase field, shared, aside). Equal to what sentries_copy
 * allocates for a copy of them (walks and queues cut to their length, no
 * events) when `copy`. */
static size_t sentries_bytes(const Sentries *s, bool copy)
{
    if (!s->list)
        return 0;
    size_t n = (size_t)s->count * (sizeof *s->list + sizeof *s->queue) +
               (size_t)s->w * (size_t)s->h * sizeof *s->occ + (size_t)s->point_count * sizeof *s->points;
    for (int i = 0; i < s->count; i++) {
        const Sentry *e = &s->list[i];
        n += (size_t)(copy ? e->mover.queue_len : e->mover.queue_cap) * sizeof *e->mover.queue +
             (size_t)(copy ? e->walk_len : e->walk_cap) * sizeof *e->walk;
    }
    /* the chase field is shared by copies: sim_shared_held counts it */
    if (copy) /* a copy's planner is made afresh: its search state alone */
        n += s->plan ? nav_query_bytes(s->plan) : 0;
    else
        n += path_bytes(s->plan) + (size_t)s->event_cap * sizeof *s->events;
    return n;
}

size_t sim_sentries_bytes(const Sentries *s, bool copy)
{
    return sentries_bytes(s, copy);
}

size_t sim_bytes(const Sim *s)
{
    const SimWork *w = &s->work;
    size_t n = sim_shared_held(s) + state_bytes(s, false);
    n += (size_t)w->scratch_cap * sizeof *w->scratch + (size_t)w->door_scratch_cap * sizeof *w->door_scratch +
         (size_t)w->event_cap * sizeof *w->events + path_bytes(w->search);
    return n;
}

size_t sim_copy_bytes(const Sim *src)
{
    size_t n = state_bytes(src, true);
    if (src->jumps && !nav_jumps_current(src->jumps, &src->terrain->grid)) /* a clone or a new one (copy_jumps) */
        n += nav_jumps_clone_bytes();
    if (src->state.planning) /* a planner of its own, made afresh */
        n += src->work.search ? nav_query_bytes(src->work.search) : 0;
    return n;
}
