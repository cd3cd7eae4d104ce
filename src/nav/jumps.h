/* SPDX-License-Identifier: MIT */
/* jumps.h - NavJumps: the jump table JPS reads (jump.h), as map data that
 * many searches share: made once for a grid's tiles, at once or in slices
 * spread over frames, and then read by any number of NavQuery searches, on
 * any threads, on that grid or on any copy of it (nav_grid_copy keeps the
 * tiles' version). Pass it in NavQueryOptions.jumps.
 *
 * Lifetime: nav_jumps_create makes a table with one reference; every
 * nav_jumps_share adds one and every nav_jumps_release drops one (atomic),
 * and the last frees it. A table is prepared only by its holder while it
 * holds the one reference (nav_jumps_shared tells): a shared table is
 * complete or stands still. A clone (nav_jumps_clone) is another table
 * that shares the original's memory: each goes on from its own progress,
 * the memory is written once, as far as the furthest of them has come,
 * and read by a table only once its own progress is complete, so a clone
 * costs no memory and no time of its own. A table whose grid was edited
 * starts over in memory of its own when clones share the old one.
 *
 * Memory: 16 bytes a bordered tile, allocated by the first preparation
 * (nav_jumps_bytes), shared by clones (nav_jumps_own_bytes). */
#ifndef ISONAV_JUMPS_H
#define ISONAV_JUMPS_H

#include <stdbool.h>
#include <stddef.h>

#include "grid.h"
#include "status.h"

typedef struct NavJumps NavJumps;

/* A table for w x h grids, describing none yet (its memory comes with its
 * first preparation); NULL when out of memory or a side is outside
 * 1..NAV_GRID_MAX_SIDE. */
NavJumps *nav_jumps_create(int w, int h);
NavJumps *nav_jumps_share(NavJumps *j); /* one more reference; returns j */
void nav_jumps_release(NavJumps *j);    /* one fewer; accepts NULL */
bool nav_jumps_shared(const NavJumps *j);
/* A new table (one reference) with j's contents and progress, so that it
 * goes on from where j stands, sharing j's memory (nav_jumps_clone_bytes
 * of its own); NULL when out of memory. */
NavJumps *nav_jumps_clone(const NavJumps *j);

/* Makes the table for g as it is now, `work` units of it (a unit is a tile
 * of one of the eight direction passes; <= 0: all) and on from there at
 * the next call; an edit of g meanwhile starts it over. NAV_DONE once it is
 * current, NAV_IN_PROGRESS meanwhile, NAV_INVALID when g is of another
 * size, NAV_OUT_OF_MEMORY when its memory cannot be had (nothing done). */
NavStatus nav_jumps_prepare(NavJumps *j, const NavGrid *g, long work);
/* Begins the preparation for g as it is now (nothing done yet), its
 * memory had now, so that clones made before the first nav_jumps_prepare
 * share it; nothing when it is begun already. NAV_DONE, NAV_INVALID when g
 * is of another size, NAV_OUT_OF_MEMORY. The holder calls it as it would
 * nav_jumps_prepare. */
NavStatus nav_jumps_begin(NavJumps *j, const NavGrid *g);
/* True when the table describes g's tiles as they are now; false for a
 * NULL table (as NavQueryOptions.jumps may be). */
bool nav_jumps_current(const NavJumps *j, const NavGrid *g);
/* True when the table's preparation is for g's tiles as they are now,
 * complete or under way; false for a NULL table. */
bool nav_jumps_begun(const NavJumps *j, const NavGrid *g);
/* Units a whole preparation for g takes (8 per bordered tile). */
long nav_jumps_work(const NavGrid *g);
/* Bytes of the table: its memory, shared or not. */
size_t nav_jumps_bytes(const NavJumps *j);
/* Bytes that releasing j would free: its own, and its memory's while no
 * clone shares it; 0 when j is shared (more than one reference) or NULL. */
size_t nav_jumps_own_bytes(const NavJumps *j);
/* Bytes a clone holds of its own (nav_jumps_own_bytes of a new clone). */
size_t nav_jumps_clone_bytes(void);

#endif
