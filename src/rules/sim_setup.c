/* SPDX-License-Identifier: MIT */
/* sim_setup.c - a play's lifetime (sim.h): sim_reset makes it from a level,
 * sim_restart puts back only what play changed, sim_copy, sim_copy_play and
 * sim_copy_onto copy it, sim_deinit frees it. A failure leaves the Sim as it
 * was. The rules in play are sim.c's. */
#include "sim.h"

#include "buf.h"
#include "sim_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- set-up ------------------------------------------------------------------- */

static void free_play(Sim *s)
{
    free(s->kind);
    free(s->doors);
    free(s->door_active);
    free(s->door_scratch);
    free(s->door_listed);
    if (s->costs)
        sim_costs_release(s->costs);
    else
        nav_grid_deinit(&s->grid); /* not yet handed to a holder (sim_reset) */
    s->costs = NULL;
    memset(&s->grid, 0, sizeof s->grid);
    sim_regions_release(s->regions);
    s->regions = NULL;
    mover_deinit(&s->droid);
    sentries_deinit(&s->sentries);
    s->kind = NULL;
    s->doors = NULL;
    s->door_active = s->door_scratch = NULL;
    s->door_listed = NULL;
    s->door_count = s->door_active_count = s->door_entered = 0;
}

/* The play's own state at the level's start: the clock, the droid (a
 * zeroed or freed Mover: its walk starts empty), energy, the orders.
 * Allocates nothing. */
static void start_state(Sim *n, const Level *l)
{
    n->tick = 0;
    n->started = false;
    n->play_ticks = 0;
    n->end_tick = 0;
    n->caught_by = -1;
    n->status = SIM_PLAYING;
    n->lose = SIM_LOSE_NONE;
    mover_init(&n->droid, l->start, mover_speed(SIM_DROID_SPEED, SIM_TICK_HZ));
    n->limited = l->energy > 0;
    n->energy = n->limited ? (int64_t)l->energy * (int64_t)NAV_UNIT_STRAIGHT : 0;
    n->cell_energy = (int64_t)l->cell_energy * (int64_t)NAV_UNIT_STRAIGHT;
    n->energy_used = 0;
    n->steps = 0;
    n->noticed = 0;
    n->lures = 0;
    n->cells_left = n->cells_total;
    n->exit_open = n->cells_left == 0;
    n->has_target = false;
    n->target = l->start;
    n->push_dx = n->push_dy = n->push_wait = n->pending_dx = n->pending_dy = 0;
    n->holding = n->hold_dirty = false;
    n->planning = SIM_PLAN_NONE;
    n->hold = n->came_from = l->start;
    n->still = 0;
}

/* A Sim's door arrays (Sim.doors, door_active, door_scratch, door_listed). */
typedef struct SimDoorSet {
    SimDoor *doors;
    int *active, *scratch;
    uint8_t *listed;
    int count;
} SimDoorSet;

static void free_door_set(SimDoorSet *d)
{
    free(d->doors);
    free(d->active);
    free(d->scratch);
    free(d->listed);
}

/* The doors of the tiles as they are (sorted by row, then column), in a
 * fresh set of door arrays. */
static bool list_doors(const Sim *s, SimDoorSet *out)
{
    size_t n = (size_t)s->w * (size_t)s->h;
    int count = 0;
    for (size_t i = 0; i < n; i++)
        count += s->kind[i] == TILE_DOOR;
    memset(out, 0, sizeof *out);
    if (count) {
        out->doors = calloc((size_t)count, sizeof *out->doors);
        out->active = malloc((size_t)count * sizeof *out->active);
        out->scratch = malloc((size_t)count * sizeof *out->scratch);
        out->listed = calloc((size_t)count, 1);
        if (!out->doors || !out->active || !out->scratch || !out->listed) {
            free_door_set(out);
            return false;
        }
    }
    for (size_t i = 0; i < n; i++)
        if (s->kind[i] == TILE_DOOR)
            out->doors[out->count++] = (SimDoor){(int)(i % (size_t)s->w), (int)(i / (size_t)s->w), false, 0};
    return true;
}

bool sim_restart(Sim *s)
{
    const Level *l = s->level;
    if (!l || !s->kind)
        return false;
    if (s->taken_lost) /* which cells were taken is not known: from the level */
        return sim_reset(s, l);
    /* what can fail is made first; the rest is put back if the sentries fail */
    SimDoorSet fresh = {0};
    if (s->doors_stale && !list_doors(s, &fresh))
        return false;
    int active = s->door_active_count + s->door_entered;
    SimDoor *saved = active ? malloc((size_t)active * sizeof *saved) : NULL;
    if (active && !saved) {
        free_door_set(&fresh);
        return false;
    }
    Sim before = *s;
    /* the tiles and doors as at the start: the sentries start from them */
    for (int i = 0; i < s->taken_count; i++)
        s->kind[(size_t)s->taken[i].y * (size_t)s->w + (size_t)s->taken[i].x] = TILE_CELL;
    for (int k = 0; k < active; k++) { /* only listed doors can be other than closed and at rest */
        int i = s->door_active[k];
        saved[k] = s->doors[i];
        s->doors[i].open = false;
        s->doors[i].hold = 0;
        s->door_listed[i] = 0;
    }
    s->door_active_count = s->door_entered = 0;
    memset(&s->droid, 0, sizeof s->droid);
    memset(&s->sentries, 0, sizeof s->sentries);
    start_state(s, l);
    if (!sim_reset_sentries(s, l)) {
        sentries_deinit(&s->sentries);
        mover_deinit(&s->droid);
        for (int i = 0; i < before.taken_count; i++)
            s->kind[(size_t)before.taken[i].y * (size_t)s->w + (size_t)before.taken[i].x] = TILE_FLOOR;
        for (int k = 0; k < active; k++) {
            int i = before.door_active[k];
            s->doors[i] = saved[k];
            s->door_listed[i] = 1;
        }
        *s = before;
        free(saved);
        free_door_set(&fresh);
        return false;
    }
    free(saved);
    mover_deinit(&before.droid);
    sentries_deinit(&before.sentries);
    s->taken_count = 0;
    s->doors_visited = 0;
    /* the regions of the tiles as they are: after an edit, labelled over
     * the next ticks (sim_regions_tick), shared by the copies of the play
     * (history.h), so that a restart costs no labelling and a play put back
     * from a copy labels nothing again (out of memory: begun by the first
     * tick) */
    sim_regions_renew(s);
    if (s->doors_stale) {
        SimDoorSet old = {s->doors, s->door_active, s->door_scratch, s->door_listed, s->door_count};
        free_door_set(&old);
        s->doors = fresh.doors;
        s->door_active = fresh.active;
        s->door_scratch = fresh.scratch;
        s->door_listed = fresh.listed;
        s->door_count = fresh.count;
        s->doors_stale = false;
    }
    return true;
}

/* The new play is built aside in n, a copy of s whose play memory is its
 * own: s is not touched until everything is there, then n takes its place.
 * A failure frees only what n made, so s goes on as it was. Nothing built
 * keeps n's address (the sentries' planner is given the grid at each
 * search), so n moves into s as it is. */
bool sim_reset(Sim *s, const Level *l)
{
    if (s->search && (s->search_w != l->w || s->search_h != l->h)) {
        nav_query_destroy(s->search); /* made for a level of another size; a Sim without one makes it when it plans */
        s->search = NULL;
    }
    Sim n = *s;
    n.kind = NULL;
    n.doors = NULL;
    n.door_active = n.door_scratch = NULL;
    n.door_listed = NULL;
    n.door_count = n.door_active_count = n.door_entered = 0;
    memset(&n.grid, 0, sizeof n.grid);
    n.regions = NULL;
    n.costs = NULL;
    memset(&n.droid, 0, sizeof n.droid);
    memset(&n.sentries, 0, sizeof n.sentries);
    n.level = l;
    n.tiles_serial++;
    n.w = l->w;
    n.h = l->h;
    size_t count = (size_t)l->w * (size_t)l->h;
    n.kind = malloc(count ? count : 1);
    if (!n.kind)
        goto fail;
    n.cells_total = 0;
    n.has_exit = false;
    for (int y = 0; y < l->h; y++)
        for (int x = 0; x < l->w; x++) {
            TileKind k = level_kind(l, x, y);
            n.kind[(size_t)y * (size_t)l->w + (size_t)x] = (uint8_t)k;
            n.cells_total += k == TILE_CELL;
            if (k == TILE_EXIT && !n.has_exit) {
                n.has_exit = true;
                n.exit = nav_pos(x, y);
            }
        }
    SimDoorSet set;
    if (!list_doors(&n, &set))
        goto fail;
    n.doors = set.doors;
    n.door_active = set.active;
    n.door_scratch = set.scratch;
    n.door_listed = set.listed;
    n.door_count = set.count;
    n.doors_visited = 0;
    if (!level_build_grid(l, &n.grid) || !(n.costs = sim_costs_adopt(&n.grid)) || !(n.regions = sim_regions_whole(&n.grid)))
        goto fail;
    n.region_done = sim_regions_work(&n);
    /* the jump table whole, now: a play starts as every replay of it does */
    if ((n.jumps = nav_jumps_create(l->w, l->h)) && nav_jumps_prepare(n.jumps, &n.grid, 0) != NAV_DONE)
        goto fail;
    if (!n.search) {
        if (!(n.search = nav_query_create(l->w, l->h)))
            goto fail;
        n.search_w = l->w;
        n.search_h = l->h;
    }
    n.taken_count = 0;
    n.taken_lost = n.doors_stale = false;
    start_state(&n, l);
    if (!sim_reset_sentries(&n, l))
        goto fail;
    /* in place: the old play goes */
    free_play(s);
    nav_jumps_release(s->jumps);
    *s = n;
    return true;
fail:
    if (n.search != s->search)
        nav_query_destroy(n.search);
    if (n.jumps != s->jumps)
        nav_jumps_release(n.jumps);
    free_play(&n);
    return false;
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
    free_play(s);
    nav_jumps_release(s->jumps);
    nav_query_destroy(s->search);
    free(s->scratch);
    free(s->taken);
    free(s->events);
    memset(s, 0, sizeof *s);
}

/* ---- copies ------------------------------------------------------------------- */

static bool copy_taken(Sim *dst, const Sim *src)
{
    if (src->taken_count > dst->taken_cap) {
        NavPos *m = realloc(dst->taken, (size_t)src->taken_count * sizeof *m);
        if (!m)
            return false;
        dst->taken = m;
        dst->taken_cap = src->taken_count;
    }
    if (src->taken_count)
        memcpy(dst->taken, src->taken, (size_t)src->taken_count * sizeof *dst->taken);
    return true;
}

/* The tiles of a copy of `play` made whole on `tiles` (a copy of the same
 * play's start, or play itself): tiles' kinds with the cells taken as
 * play took them; the grid is the same, shared, as play never changes it. */
static bool copy_tiles(Sim *dst, const Sim *play, const Sim *tiles)
{
    size_t n = (size_t)play->w * (size_t)play->h;
    if (!buf_copy(&dst->kind, tiles->kind, n))
        return false;
    sim_costs_share_grid(dst, tiles);
    if (tiles != play) {
        for (int i = 0; i < tiles->taken_count; i++)
            dst->kind[(size_t)tiles->taken[i].y * (size_t)play->w + (size_t)tiles->taken[i].x] = TILE_CELL;
        for (int i = 0; i < play->taken_count; i++)
            dst->kind[(size_t)play->taken[i].y * (size_t)play->w + (size_t)play->taken[i].x] = TILE_FLOOR;
    }
    return true;
}

/* The jump table for a copy of a play whose table is t, on tiles of g's
 * version: t itself (one more reference) once complete; while it is being
 * made, a clone that goes on being made as t does, sharing its memory (no
 * copy of it, and none made again); before it is begun on these tiles (an
 * edit since, and no tick yet), a new one, begun by the copy's first tick as
 * t would be. A copy without the tiles keeps its table too, so a copy put
 * back on the start's tiles goes on with the table as it stood then (and
 * holds the table a search under way reads). False when out of memory. */
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

/* dst becomes a copy of src with the tiles of `tiles` (copy_tiles), or
 * none (kind NULL, grid zeroed) when tiles is NULL. */
static bool copy_sim(Sim *dst, const Sim *src, const Sim *tiles)
{
    if (dst == src)
        return true;
    Sim keep = *dst;
    *dst = *src;
    /* dst's own memory, then src's contents copied into it */
    dst->kind = keep.kind;
    dst->grid = keep.grid;
    dst->costs = keep.costs;
    /* the labels shared (one reference), whatever the tiles: a copy put
     * back on the start's tiles goes on with the labelling as it stood */
    dst->regions = sim_regions_share(src->regions);
    sim_regions_release(keep.regions);
    dst->doors = keep.doors;
    dst->door_active = keep.door_active;
    dst->door_scratch = keep.door_scratch;
    dst->door_listed = keep.door_listed;
    dst->droid = keep.droid;
    dst->sentries = keep.sentries;
    dst->search = keep.search;
    dst->search_w = keep.search_w;
    dst->search_h = keep.search_h;
    dst->jumps = keep.jumps;
    dst->scratch = keep.scratch;
    dst->scratch_cap = keep.scratch_cap;
    dst->taken = keep.taken;
    dst->taken_cap = keep.taken_cap;
    dst->events = keep.events;
    dst->event_cap = keep.event_cap;
    dst->event_count = 0;
    if (dst->search && (dst->search_w != src->w || dst->search_h != src->h)) {
        nav_query_destroy(dst->search); /* made again when the copy first plans */
        dst->search = NULL;
    }
    if (!tiles && !src->planning) { /* a play copy keeps no planner it does not need */
        nav_query_destroy(dst->search);
        dst->search = NULL;
    }
    /* the grid the searches under way go on on and the jump table is for: a
     * copy without the tiles never runs them (sim_copy_onto copies them again
     * onto its tiles), so they are copied as src's, for src's grid */
    const NavGrid *grid = tiles ? &dst->grid : &src->grid;
    if (!tiles) {
        free(dst->kind);
        dst->kind = NULL;
        sim_costs_release(dst->costs);
        dst->costs = NULL;
        memset(&dst->grid, 0, sizeof dst->grid);
    }
    if ((tiles && !copy_tiles(dst, src, tiles)) || !copy_jumps(dst, src->jumps, grid) || !copy_taken(dst, src) ||
        !buf_copy(&dst->doors, src->doors, (size_t)src->door_count * sizeof *src->doors) ||
        !buf_copy(&dst->door_active, src->door_active, (size_t)src->door_count * sizeof *src->door_active) ||
        !buf_copy(&dst->door_scratch, src->door_scratch, (size_t)src->door_count * sizeof *src->door_scratch) ||
        !buf_copy(&dst->door_listed, src->door_listed, (size_t)src->door_count) ||
        !mover_copy(&dst->droid, &src->droid) || !sentries_copy(&dst->sentries, &src->sentries, grid) ||
        (src->planning && (!sim_droid_search(dst) || nav_query_copy_search(dst->search, src->search, grid) != NAV_DONE))) {
        sim_deinit(dst);
        return false;
    }
    return true;
}

bool sim_copy(Sim *dst, const Sim *src)
{
    return copy_sim(dst, src, src);
}

bool sim_copy_play(Sim *dst, const Sim *src)
{
    if (src->taken_lost) /* the cells taken are not all known: no way back to the tiles */
        return false;
    return copy_sim(dst, src, NULL);
}

bool sim_copy_onto(Sim *dst, const Sim *play, const Sim *start)
{
    return copy_sim(dst, play, start);
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

size_t sim_bytes(const Sim *s)
{
    size_t tiles = (size_t)s->w * (size_t)s->h;
    size_t n = (s->kind ? tiles : 0) + sim_shared_held(s);
    n += (size_t)s->taken_cap * sizeof *s->taken + (size_t)s->scratch_cap * sizeof *s->scratch +
         (size_t)s->event_cap * sizeof *s->events;
    n += (size_t)s->door_count * (sizeof *s->doors + sizeof *s->door_active + sizeof *s->door_scratch +
                                  sizeof *s->door_listed);
    n += (size_t)s->droid.queue_cap * sizeof *s->droid.queue;
    n += path_bytes(s->search) + sentries_bytes(&s->sentries, false);
    return n;
}

size_t sim_copy_bytes(const Sim *src, bool whole)
{
    size_t tiles = (size_t)src->w * (size_t)src->h;
    size_t n = 0;
    if (whole) {
        n += src->kind ? tiles : 0; /* the grid and the regions are shared */
    }
    if (src->jumps && !nav_jumps_current(src->jumps, &src->grid)) /* a clone or a new one (copy_jumps) */
        n += nav_jumps_clone_bytes();
    n += (size_t)src->taken_count * sizeof *src->taken;
    n += (size_t)src->door_count * (sizeof *src->doors + sizeof *src->door_active + sizeof *src->door_scratch +
                                    sizeof *src->door_listed);
    n += (size_t)src->droid.queue_len * sizeof *src->droid.queue;
    n += sentries_bytes(&src->sentries, true);
    if (src->planning) /* a planner of its own, made afresh */
        n += src->search ? nav_query_bytes(src->search) : 0;
    return n;
}
