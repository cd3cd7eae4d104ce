/* SPDX-License-Identifier: MIT */
/* region.h - which walkable tiles can reach which: each tile's connected
 * region (8-way moves that never cut a corner connect exactly the tiles that
 * 4-way moves connect), and the reachable tile nearest a goal. Pure C.
 *
 * The labelling scans the rows: each row's runs of walkable tiles are
 * joined (union-find) to the runs of the row above that they touch, then a
 * second scan gives each run its region's label. Regions are numbered
 * 1..count in the row-major order of their first tile. It is done in one
 * call (nav_region_init), or spread over frames (nav_region_begin, then
 * nav_region_build_step until it is no longer NAV_IN_PROGRESS): the same
 * labels either way.
 *
 * Memory: a NavRegion keeps 4 bytes a tile (the labels). While it is built,
 * the union-find table takes 4 bytes a run of walkable tiles (a row has at
 * most (w + 1) / 2 runs), and the rows read as bits 1 bit a tile, plus 8
 * bytes a column. nav_region_deinit frees the labels. */
#ifndef ISONAV_REGION_H
#define ISONAV_REGION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "status.h"

typedef struct NavRegion {
    int w, h;
    uint32_t *label;   /* w*h: 0 blocked, else the region's number (1..count) */
    uint32_t count;
    uint64_t grid_version; /* the grid's version it was labelled from (grid.h): the labels
                            * are that grid's, and never change afterwards */
} NavRegion;

/* Labels the walkable tiles of g in O(tiles): NAV_DONE, or NAV_OUT_OF_MEMORY
 * (r zeroed). The same as a sliced build (nav_region_begin) done in one step.
 * A zeroed grid gives a region of no tiles (count 0). */
NavStatus nav_region_init(NavRegion *r, const NavGrid *g);
void nav_region_deinit(NavRegion *r); /* accepts a zeroed region */
/* dst becomes a copy of src; dst is zeroed or a region, its memory reused;
 * src may be zeroed (dst becomes so) and may be dst. NAV_OUT_OF_MEMORY
 * leaves dst unchanged. */
NavStatus nav_region_copy(NavRegion *dst, const NavRegion *src);
/* The label of (x, y); 0 when blocked or outside (any ints). */
uint32_t nav_region_of(const NavRegion *r, int x, int y);
/* The tile of region label nearest goal by octile distance (ties: lower row,
 * then lower column), found ring by ring around goal so a near answer is
 * found in time proportional to its distance squared. goal may be any tile,
 * on the grid or off it (any ints: one far off is first brought to within
 * the grid's sides of it, which changes no answer). False, *out untouched,
 * when label is 0 or no region's (above count). */
bool nav_region_nearest(const NavRegion *r, uint32_t label, NavPos goal, NavPos *out);

/* ---- labelling spread over frames ------------------------------------------
 *
 *     NavRegionBuild b;
 *     nav_region_begin(&b, &grid);
 *     each frame: if (nav_region_build_step(&b, 200000) != NAV_IN_PROGRESS) ...
 *     when NAV_DONE: nav_region_build_finish(&b, &region);
 *     in every case, at the end: nav_region_build_free(&b);
 *
 * The grid (the NavGrid given to nav_region_begin, at that address) must stay
 * alive until the build is freed, and unchanged: a step that finds the
 * grid's version changed since nav_region_begin labels nothing and returns
 * NAV_GRID_CHANGED (the build is then of no use: free it, begin again).
 * The labels of a finished build are those nav_region_init gives the same
 * grid, whatever the steps' sizes. */
/* The state of a build; its fields are region.c's. Zeroed, it is a freed
 * build: no labelling under way (a step or a finish on it is NAV_INVALID). */
typedef struct NavRegionBuild {
    const NavGrid *grid;
    uint64_t grid_version; /* the grid's version at nav_region_begin */
    NavStatus status;
    int pass;              /* reading the rows, joining their runs, labelling (region.c) */
    int row;               /* the pass's next row */
    uint32_t runs;         /* runs of walkable tiles in the grid (counted by the first pass) */
    uint32_t next_run;     /* the number of the next run the pass meets */
    uint32_t *parent;      /* one a run: the union-find forest, then the runs' labels */
    uint64_t *bits;        /* the walkable tiles, a bit each, (w + 63) / 64 words a row */
    uint32_t *at;          /* the run at each walkable column, of this row and the row above */
    NavRegion out;            /* the labels being written */
    uint32_t *spare;       /* label memory handed back (nav_region_begin_reuse), for the labels */
} NavRegionBuild;

/* Starts labelling g (allocates nothing, never fails; whatever b held is
 * forgotten, not freed: free a build before beginning it again). */
void nav_region_begin(NavRegionBuild *b, const NavGrid *g);
/* The same, writing the labels into old's label memory (when it is of
 * g's size) rather than new memory: old is zeroed, the build owns that
 * memory (freed with the build, or the finished labels'). A build that
 * reuses memory costs no fresh pages (their first touch is the kernel's
 * time, about a third of a labelling's on 4096x4096); each labelled row is
 * cleared first. Allocates nothing, never fails. */
void nav_region_begin_reuse(NavRegionBuild *b, const NavGrid *g, NavRegion *old);
/* Begins b (a build in any state: zeroed, under way, stopped, finished)
 * again on g, keeping the label memory it holds for the new labels when of
 * g's size (as nav_region_begin_reuse), freeing the rest. Never fails. */
void nav_region_build_restart(NavRegionBuild *b, const NavGrid *g);
/* Does about `work` tiles' worth of the labelling (whole rows: at least one
 * row of one pass, whatever work is; each pass is one look at every tile).
 * Returns the build's status; once it is not NAV_IN_PROGRESS, further steps
 * return it again, until the build is finished or freed: a step on a
 * zeroed, finished or freed build does nothing and returns NAV_INVALID. */
NavStatus nav_region_build_step(NavRegionBuild *b, long work);
/* The share of the work done, 0 to 1 (1 once NAV_DONE), for a progress bar. */
double nav_region_build_progress(const NavRegionBuild *b);
/* When the build is NAV_DONE: *out becomes the labels (its former
 * contents are not freed, as with nav_region_init), the build is freed, and
 * NAV_DONE. Otherwise the build's status, with *out zeroed and the build
 * left as it is; NAV_INVALID on a zeroed, finished or freed build. */
NavStatus nav_region_build_finish(NavRegionBuild *b, NavRegion *out);
/* The build goes on reading g, a grid of the same version as the one it
 * was begun on (the same tiles: a copy of it, grid.h), from the next step:
 * for a build shared by the owners of several copies of one grid, each of
 * which steps it on its own. False, and nothing changed, when g's version
 * is another. */
bool nav_region_build_rebind(NavRegionBuild *b, const NavGrid *g);
/* The bytes a build holds now: its scratch and the labels written so far.
 * 0 for a zeroed, finished or freed build. */
size_t nav_region_build_bytes(const NavRegionBuild *b);
/* Frees what the build holds (the labels too, unless finished). Accepts a
 * zeroed, finished or freed build; the build is zeroed after. */
void nav_region_build_free(NavRegionBuild *b);

#endif
