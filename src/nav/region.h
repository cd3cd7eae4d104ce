/* region.h - which walkable tiles can reach which: each tile's connected
 * region (8-way moves that never cut a corner connect exactly the tiles that
 * 4-way moves connect), and the reachable tile nearest a goal. Pure C.
 *
 * The labelling scans the rows: each row's runs of walkable tiles are
 * joined (union-find) to the runs of the row above that they touch, then a
 * second scan gives each run its region's label. Regions are numbered
 * 1..count in the row-major order of their first tile. It is done in one
 * call (region_init), or spread over frames (region_begin, then
 * region_build_step until it is no longer REGION_IN_PROGRESS): the same
 * labels either way.
 *
 * Memory: a Region keeps 4 bytes a tile (the labels). While it is built,
 * the union-find table takes 4 bytes a run of walkable tiles (a row has at
 * most (w + 1) / 2 runs), and the rows read as bits 1 bit a tile, plus 8
 * bytes a column. region_deinit frees the labels. */
#ifndef ISODROID_REGION_H
#define ISODROID_REGION_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"

typedef struct Region {
    int w, h;
    uint32_t *label;   /* w*h: 0 blocked, else the region's number (1..count) */
    uint32_t count;
    uint64_t grid_version; /* the grid's version it was labelled from (grid.h): the labels
                            * are that grid's, and never change afterwards */
} Region;

/* Labels the walkable tiles of g in O(tiles); false when out of memory (r
 * zeroed). The same as a sliced build (region_begin) done in one step. */
bool region_init(Region *r, const Grid *g);
void region_deinit(Region *r); /* accepts a zeroed region */
/* dst becomes a copy of src; dst is zeroed or a region, its memory reused.
 * False when out of memory (dst unchanged). */
bool region_copy(Region *dst, const Region *src);
/* The label of (x, y); 0 when blocked or outside. */
uint32_t region_of(const Region *r, int x, int y);
/* The tile of region label nearest goal by octile distance (ties: lower row,
 * then lower column), found ring by ring around goal so a near answer is
 * found in time proportional to its distance squared. False when label is 0. */
bool region_nearest(const Region *r, uint32_t label, TilePos goal, TilePos *out);

/* ---- labelling spread over frames ------------------------------------------
 *
 *     RegionBuild b;
 *     region_begin(&b, &grid);
 *     each frame: if (region_build_step(&b, 200000) != REGION_IN_PROGRESS) ...
 *     when REGION_DONE: region_build_finish(&b, &region);
 *     in every case, at the end: region_build_free(&b);
 *
 * The grid (the Grid given to region_begin, at that address) must stay
 * alive until the build is freed, and unchanged: a step that finds the
 * grid's version changed since region_begin labels nothing and returns
 * REGION_GRID_CHANGED (the build is then of no use: free it, begin again).
 * The labels of a finished build are those region_init gives the same
 * grid, whatever the steps' sizes. */
typedef enum RegionStatus {
    REGION_IN_PROGRESS,   /* more steps to do */
    REGION_DONE,          /* labelled: region_build_finish takes the result */
    REGION_OUT_OF_MEMORY, /* an allocation failed; the build stops there */
    REGION_GRID_CHANGED,  /* the grid was edited since region_begin; the build stops there */
} RegionStatus;

/* The state of a build; its fields are region.c's. Zeroed, it is a freed build. */
typedef struct RegionBuild {
    const Grid *grid;
    uint64_t grid_version; /* the grid's version at region_begin */
    RegionStatus status;
    int pass;              /* reading the rows, joining their runs, labelling (region.c) */
    int row;               /* the pass's next row */
    uint32_t runs;         /* runs of walkable tiles in the grid (counted by the first pass) */
    uint32_t next_run;     /* the number of the next run the pass meets */
    uint32_t *parent;      /* one a run: the union-find forest, then the runs' labels */
    uint64_t *bits;        /* the walkable tiles, a bit each, (w + 63) / 64 words a row */
    uint32_t *at;          /* the run at each walkable column, of this row and the row above */
    Region out;            /* the labels being written */
} RegionBuild;

/* Starts labelling g (allocates nothing, never fails). */
void region_begin(RegionBuild *b, const Grid *g);
/* Does about `work` tiles' worth of the labelling (whole rows: at least one
 * row of one pass; each pass is one look at every tile). Returns the build's
 * status; once it is not REGION_IN_PROGRESS, further steps return it again. */
RegionStatus region_build_step(RegionBuild *b, long work);
/* The share of the work done, 0 to 1 (1 once REGION_DONE), for a progress bar. */
double region_build_progress(const RegionBuild *b);
/* When the build is REGION_DONE: *out becomes the labels (its former
 * contents are not freed, as with region_init), the build is freed, and
 * true. Otherwise false, with *out zeroed and the build left as it is. */
bool region_build_finish(RegionBuild *b, Region *out);
/* Frees what the build holds (the labels too, unless finished). Accepts a
 * zeroed, finished or freed build; the build is zeroed after. */
void region_build_free(RegionBuild *b);

#endif
