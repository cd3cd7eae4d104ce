/* SPDX-License-Identifier: MIT */
/* sim_shared.c - the region labels, level-sized data that copies of a play
 * share by reference rather than copy (sim_int.h; the terrain's is
 * sim_terrain.c's, the jump table's jumps.h's, the sentries' chase field's
 * sentry.c's): the region labels (SimRegions), made whole by
 * sim_reset and again over ticks after an edit, SIM_REGION_TICK_WORK a tick
 * from the restart on. Like the jump table (jumps.h), each Sim keeps its own
 * progress (SimState.region_done) while the labelling is done once, as far as the
 * furthest holder has come; the labels are a function of the tiles alone,
 * so whoever finishes them, whenever, they are the same. Copies of one play
 * live on one thread at a time: the counts are atomic, the labelling is not
 * locked. */
#include "sim_int.h"

#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* ---- the region labels ----------------------------------------------------------- */

struct SimRegions {
    atomic_int refs;
    uint64_t version;     /* the grid version labelled, or being labelled */
    NavRegion region;     /* the labels, once made (label NULL before) */
    NavRegionBuild build; /* the labelling under way (zeroed once made, or when none) */
    long built;           /* units asked of the build so far (it did at least as many) */
    bool failed;          /* out of memory while labelling: made whole when needed */
};

long sim_regions_work(const Sim *s)
{
    return 3 * (long)s->terrain->w * (long)s->terrain->h + 1; /* three passes over the tiles; one for an empty level */
}

SimRegions *sim_regions_share(SimRegions *r)
{
    if (r)
        atomic_fetch_add_explicit(&r->refs, 1, memory_order_relaxed);
    return r;
}

void sim_regions_release(SimRegions *r)
{
    if (!r || atomic_fetch_sub_explicit(&r->refs, 1, memory_order_acq_rel) != 1)
        return;
    nav_region_build_free(&r->build);
    nav_region_deinit(&r->region);
    free(r);
}

static bool regions_shared(const SimRegions *r)
{
    return atomic_load_explicit(&r->refs, memory_order_acquire) > 1;
}

SimRegions *sim_regions_whole(const NavGrid *g)
{
    SimRegions *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    if (nav_region_init(&r->region, g) != NAV_DONE) {
        free(r);
        return NULL;
    }
    atomic_init(&r->refs, 1);
    r->version = g->version;
    return r;
}

/* True when s's regions are of its tiles as they are (made or being made). */
static bool regions_current(const Sim *s)
{
    return s->regions && s->regions->version == s->terrain->grid.version;
}

void sim_regions_edited(Sim *s)
{
    if (regions_current(s))
        return; /* no tile changed whether it is walked on: the same labels */
    s->state.region_done = 0;
    if (s->regions && regions_shared(s->regions)) { /* the others keep theirs */
        sim_regions_release(s->regions);
        s->regions = NULL;
    }
    /* one of its own is kept, stale, so that its memory serves the next labelling */
}

void sim_regions_renew(Sim *s)
{
    if (regions_current(s))
        return;
    s->state.region_done = 0;
    SimRegions *r = s->regions;
    if (r && !regions_shared(r)) { /* the stale labels' memory, made or being made, for the new ones */
        if (r->region.label) {
            nav_region_build_free(&r->build);
            nav_region_begin_reuse(&r->build, &s->terrain->grid, &r->region);
        } else {
            nav_region_build_restart(&r->build, &s->terrain->grid);
        }
    } else {
        sim_regions_release(r);
        s->regions = r = calloc(1, sizeof *r);
        if (!r)
            return; /* out of memory: labelled whole when needed (sim_regions_now) */
        atomic_init(&r->refs, 1);
        nav_region_begin(&r->build, &s->terrain->grid);
    }
    r->version = s->terrain->grid.version;
    r->built = 0;
    r->failed = false;
}

bool sim_regions_made(const SimRegions *r)
{
    return r && r->region.label;
}

/* The build stepped on grid g (of the tiles it was begun on) up to `upto`
 * units asked, or to its end (made: the labels taken). */
static void build_to(SimRegions *r, const NavGrid *g, long upto, bool end)
{
    if (r->region.label || r->failed || !nav_region_build_rebind(&r->build, g))
        return;
    NavStatus st = NAV_IN_PROGRESS;
    if (end)
        st = nav_region_build_step(&r->build, LONG_MAX);
    else if (upto > r->built)
        st = nav_region_build_step(&r->build, upto - r->built);
    if (upto > r->built)
        r->built = upto;
    if (st == NAV_DONE)
        st = nav_region_build_finish(&r->build, &r->region);
    if (st != NAV_DONE && st != NAV_IN_PROGRESS) {
        nav_region_build_free(&r->build);
        r->failed = true;
    }
}

void sim_regions_tick(Sim *s)
{
    long all = sim_regions_work(s);
    if (!regions_current(s)) /* edited and ticked without a restart, or out of memory at it */
        sim_regions_renew(s);
    if (!s->regions || s->state.region_done >= all)
        return;
    s->state.region_done = all - s->state.region_done > SIM_REGION_TICK_WORK ? s->state.region_done + SIM_REGION_TICK_WORK : all;
    build_to(s->regions, &s->terrain->grid, s->state.region_done, s->state.region_done == all);
    if (s->state.region_done == all && !sim_regions_made(s->regions))
        sim_regions_now(s); /* out of memory on the way: whole, if it can be had */
}

const NavRegion *sim_regions_ticked(const Sim *s)
{
    const SimRegions *r = s->regions;
    return regions_current(s) && s->state.region_done >= sim_regions_work(s) && r->region.label ? &r->region : NULL;
}

const NavRegion *sim_regions_now(Sim *s)
{
    long done = s->state.region_done; /* the Sim's own progress stays as the ticks made it */
    sim_regions_renew(s);
    s->state.region_done = done;
    SimRegions *r = s->regions;
    if (r && !r->region.label)
        build_to(r, &s->terrain->grid, r->built, true);
    if (r && r->region.label)
        return &r->region;
    SimRegions *n = sim_regions_whole(&s->terrain->grid); /* out of memory on the way: at once */
    if (!n)
        return NULL;
    sim_regions_release(s->regions);
    s->regions = n;
    return &n->region;
}

void sim_regions_prepare(Sim *s, long work)
{
    long done = s->state.region_done; /* the Sim's own progress stays as the ticks made it */
    sim_regions_renew(s);      /* edited (in the editor): the edited tiles' */
    s->state.region_done = done;
    SimRegions *r = s->regions;
    if (r && !r->region.label)
        build_to(r, &s->terrain->grid, r->built + (work > 0 ? work : 1), false);
}

bool sim_regions_ready(const Sim *s)
{
    return regions_current(s) && s->regions->region.label;
}

static size_t regions_own_bytes(const SimRegions *r)
{
    if (!r || regions_shared(r))
        return 0;
    return sizeof *r + (r->region.label ? (size_t)r->region.w * (size_t)r->region.h * sizeof *r->region.label : 0) +
           nav_region_build_bytes(&r->build);
}

/* ---- all of it ------------------------------------------------------------------ */

size_t sim_shared_held(const Sim *s)
{
    return nav_jumps_own_bytes(s->jumps) + regions_own_bytes(s->regions) + sim_terrain_own_bytes(s->terrain) +
           sentries_field_own_bytes(&s->state.sentries);
}

void sim_drop_shared(Sim *s)
{
    nav_jumps_release(s->jumps);
    s->jumps = NULL;
    sim_regions_release(s->regions);
    s->regions = NULL;
    s->state.region_done = 0;
    sim_terrain_release(s->terrain);
    s->terrain = NULL;
}
