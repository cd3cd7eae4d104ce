/* SPDX-License-Identifier: MIT */
/* sim_int.h - what the two files of the simulation share, beyond sim.h:
 * sim.c (the rules in play) gives sim_setup.c (making, restarting and
 * copying a play) the droid's planner and the sentries' start. Not for
 * other files. */
#ifndef ISODROID_SIM_INT_H
#define ISODROID_SIM_INT_H

#include "sim.h"

/* The droid's planner (Sim.search), made when first needed: a copy of the
 * play goes without one until it plans. NULL when out of memory. */
NavQuery *sim_droid_search(Sim *s);
/* The sentries of level l at their start (Sim.sentries, zeroed or freed
 * before), in the world of s: its grid, regions, droid and doors. */
bool sim_reset_sentries(Sim *s, const Level *l);

/* ---- what copies share (sim_shared.c) -----------------------------------------
 * SimCosts holds a grid's cost memory (Sim.grid.cost), SimRegions the region
 * labels of one version of the tiles or their labelling under way, each
 * with a reference count (atomic). */

/* A holder of g's cost memory (one reference; the memory is then its own,
 * freed with its last reference); NULL when out of memory (g untouched). */
SimCosts *sim_costs_adopt(const NavGrid *g);
void sim_costs_release(SimCosts *c); /* one fewer; the last frees; accepts NULL */
/* dst's grid becomes src's, its memory shared (one more reference), dst's
 * former one released. */
void sim_costs_share_grid(Sim *dst, const Sim *src);
/* s's grid memory made its own (copied) when other Sims share it, before
 * it is changed. False when out of memory (s unchanged). */
bool sim_costs_own(Sim *s);

/* Units of a whole labelling of s's tiles (Sim.region_done counts them). */
long sim_regions_work(const Sim *s);
SimRegions *sim_regions_share(SimRegions *r); /* one more reference; NULL stays NULL */
void sim_regions_release(SimRegions *r);      /* one fewer; the last frees; accepts NULL */
/* The labels of g made now (O(tiles)); NULL when out of memory. */
SimRegions *sim_regions_whole(const NavGrid *g);
/* After s's tiles changed (sim_edit_tile): its regions are stale when a
 * tile changed whether it is walked on; s's progress starts over, and
 * shared labels are let go (its own are kept for their memory). */
void sim_regions_edited(Sim *s);
/* Stale regions labelled again from now on (nothing labelled yet; the
 * stale labels' memory reused when no other Sim holds them; allocates
 * only when it cannot reuse). Nothing when they are current. */
void sim_regions_renew(Sim *s);
/* True once r's labels are made. */
bool sim_regions_made(const SimRegions *r);
/* A tick's share of the labelling: s's own progress goes on by
 * SIM_REGION_TICK_WORK, and the shared labelling as far as that. */
void sim_regions_tick(Sim *s);
/* The labels when s's own progress is complete (a matter of ticks since the
 * restart, the same in every copy), else NULL: what the sentries read. */
const NavRegion *sim_regions_ticked(const Sim *s);
/* The labels now: the shared labelling finished at once if need be (its
 * rest of the O(tiles) work; s's own progress unchanged, so nothing the
 * rules decide by ticks changes), or made whole when s has none. NULL when
 * out of memory. */
const NavRegion *sim_regions_now(Sim *s);

#endif
