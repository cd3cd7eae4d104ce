/* SPDX-License-Identifier: MIT */
/* jumps.h - NavJumps: the jump table JPS reads (jump.h), as map data that
 * many searches share: made once for a grid's tiles, at once or in slices
 * spread over frames, and then read by any number of NavPath searches, on
 * any threads, on that grid or on any copy of it (nav_grid_copy keeps the
 * tiles' version). Pass it in NavPathOptions.jumps.
 *
 * Lifetime: nav_jumps_create makes a table with one reference; every
 * nav_jumps_share adds one and every nav_jumps_release drops one (atomic),
 * and the last frees it. A table is written only by nav_jumps_prepare, which
 * its holder calls only while it holds the one reference (nav_jumps_shared
 * tells): a shared table is complete or abandoned, never half written. */
#ifndef ISONAV_JUMPS_H
#define ISONAV_JUMPS_H

#include <stdbool.h>
#include <stddef.h>

#include "grid.h"
#include "status.h"

typedef struct NavJumps NavJumps;

/* A table for w x h grids, describing none yet; NULL when out of memory or
 * a side is outside 1..NAV_GRID_MAX_SIDE. */
NavJumps *nav_jumps_create(int w, int h);
NavJumps *nav_jumps_share(NavJumps *j); /* one more reference; returns j */
void nav_jumps_release(NavJumps *j);    /* one fewer; accepts NULL */
bool nav_jumps_shared(const NavJumps *j);
/* A new table (one reference) with j's contents and progress, so that it
 * goes on from where j stands; NULL when out of memory. */
NavJumps *nav_jumps_clone(const NavJumps *j);

/* Makes the table for g as it is now, at most about `work` units of it (a
 * unit is a tile of one of the eight direction passes; <= 0: all) and on
 * from there at the next call; an edit of g meanwhile starts it over.
 * NAV_DONE once it is current, NAV_IN_PROGRESS meanwhile, NAV_INVALID when
 * g is of another size. */
NavStatus nav_jumps_prepare(NavJumps *j, const NavGrid *g, long work);
/* True when the table describes g's tiles as they are now; false for a
 * NULL table (as NavPathOptions.jumps may be). */
bool nav_jumps_current(const NavJumps *j, const NavGrid *g);
/* Units a whole preparation for g takes (8 per bordered tile). */
long nav_jumps_work(const NavGrid *g);
size_t nav_jumps_bytes(const NavJumps *j);

#endif
