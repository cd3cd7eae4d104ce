/* region.h - which walkable tiles can reach which: each tile's connected
 * region (8-way moves that never cut a corner connect exactly the tiles that
 * 4-way moves connect), and the reachable tile nearest a goal. Pure C.
 * region_init allocates 4 bytes a tile; region_deinit frees them. */
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

/* Labels the walkable tiles of g in O(tiles); false when out of memory (r zeroed). */
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

#endif
