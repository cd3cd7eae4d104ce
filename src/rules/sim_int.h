/* SPDX-License-Identifier: MIT */
/* sim_int.h - what the two files of the simulation share, beyond sim.h:
 * sim.c (the rules in play) gives sim_setup.c (making, restarting and
 * copying a play) the droid's planner and the sentries' start;
 * sim_terrain.c the terrain, sim_shared.c the region labels. Not for
 * other files. */
#ifndef ISODROID_SIM_INT_H
#define ISODROID_SIM_INT_H

#include "sim.h"

/* The droid's planner (SimWork.search), made when first needed: a copy of the
 * play goes without one until it plans. NULL when out of memory. */
NavQuery *sim_droid_search(Sim *s);

/* ---- the terrain (sim_terrain.c) ------------------------------------------------ */

/* A terrain made from l (its own copy of l), one reference; NULL when out
 * of memory. O(tiles). */
SimTerrain *sim_terrain_new(const Level *l);
SimTerrain *sim_terrain_share(SimTerrain *t); /* one more reference; NULL stays NULL */
void sim_terrain_release(SimTerrain *t);      /* one fewer; the last frees; accepts NULL */
/* s's terrain made its own (copied) when other Sims share it, before it is
 * changed. False when out of memory (s unchanged). */
bool sim_terrain_own(Sim *s);
/* The cells and doors of t's kinds, listed (sorted by row, then column)
 * into fresh arrays, for sim_terrain_take_lists. False when out of memory. */
typedef struct SimLists {
    NavPos *cells, *doors;
    int cell_count, door_count;
} SimLists;
bool sim_terrain_list(const SimTerrain *t, SimLists *out);
/* t's lists become l's (t's former ones freed, l emptied, lists_stale cleared). */
void sim_terrain_take_lists(SimTerrain *t, SimLists *l);
/* Puts glyph (of kind k) on (x, y), inside t: the level, kinds, costs, the
 * cell count, the exit; lists_stale when a cell or a door came or went.
 * Returns the kind the tile had. t must be s's own (sim_terrain_own). */
TileKind sim_terrain_set(SimTerrain *t, int x, int y, char glyph, TileKind k);
/* The index of (x, y) in a list of n tiles sorted by row then column, or -1. */
int sim_terrain_find(const NavPos *list, int n, int x, int y);
/* The bytes releasing t would free: all of it while no other Sim holds it, else 0. */
size_t sim_terrain_own_bytes(const SimTerrain *t);

/* ---- the state's parts (sim_setup.c; SIM_STATE_PARTS) ------------------------------
 * Each copies into a zeroed or older part of its kind (memory reused), on
 * the grid the play's searches run on; bytes counts what it holds (`copy`:
 * what a copy of it would). */
bool sim_droid_copy(Mover *dst, const Mover *src, const NavGrid *grid);
size_t sim_droid_bytes(const Mover *m, bool copy);
bool sim_sentries_copy(Sentries *dst, const Sentries *src, const NavGrid *grid);
size_t sim_sentries_bytes(const Sentries *s, bool copy);

/* ---- what copies share besides the terrain (sim_shared.c) ------------------------
 * SimRegions holds the region labels of one version of the tiles or their
 * labelling under way, with a reference count (atomic). */

/* Units of a whole labelling of s's tiles (SimState.region_done counts them). */
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
