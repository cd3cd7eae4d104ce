/* field.h - flow fields: one Dijkstra pass from a goal, after which any
 * number of agents read their next step in O(1). Same step costs and corner
 * rule as path.h. Two kinds: field_init searches the whole grid once;
 * field_init_bounded makes a field that field_update fills again and again,
 * only as far as a cost bound, in the same memory (the sentries' chase).
 * The caller owns the Field (field_init / field_init_bounded allocate,
 * field_deinit frees). */
#ifndef ISODROID_FIELD_H
#define ISODROID_FIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "units.h"

typedef struct Field {
    int w, h;
    TilePos goal;
    PathTopology topology;
    uint64_t *cost;  /* w*h exact costs to the goal (path.h units); UINT64_MAX unreachable */
    int8_t *next;    /* w*h direction index of the next step; -1 at the goal or unreachable */
    /* Bounded fields only (NULL / 0 otherwise): a tile's cost and next are
     * this update's when stamp[i] == gen, so an update never clears the map;
     * the heap is kept between updates. */
    uint32_t *stamp;
    uint32_t gen;
    uint64_t max_cost;   /* tiles costing more are unknown (UINT64_MAX when unbounded) */
    struct HeapSlot *heap; /* heap.h, field.c's own */
    size_t heap_cap;
    long settled;        /* tiles the last search settled (work done) */
} Field;

/* Computes the field towards goal; false when the goal is outside or blocked
 * or memory runs out (the field is then zeroed). */
bool field_init(Field *f, const Grid *g, TilePos goal, PathTopology topology);
void field_deinit(Field *f); /* accepts a zeroed field */
/* dst becomes a copy of src's field (its heap, scratch, is not copied); dst
 * is zeroed or a field, its memory reused. False when out of memory (dst is
 * then empty, as after field_deinit). */
bool field_copy(Field *dst, const Field *src);
/* Allocates a bounded field for grids of w x h tiles, empty (every tile
 * unknown) until field_update; false when out of memory (f zeroed). */
bool field_init_bounded(Field *f, int w, int h, PathTopology topology);
/* Fills a bounded field towards goal as far as max_cost (path.h units):
 * tiles whose cost to the goal is at most max_cost get their exact cost and
 * next step, the rest are unknown. The work is proportional to the tiles
 * within the bound, never to the map. The grid must be f's size. False,
 * with every tile unknown, when the goal is blocked or outside or the heap
 * cannot grow. */
bool field_update(Field *f, const Grid *g, TilePos goal, uint64_t max_cost);
/* Cost from 'from' to the goal in path.h units; UINT64_MAX when unknown,
 * unreachable or outside. */
uint64_t field_cost(const Field *f, TilePos from);
/* The next tile from 'from' towards the goal; false at the goal or when unreachable. */
bool field_next(const Field *f, TilePos from, TilePos *to);
/* Cost from 'from' to the goal; negative when unreachable or outside. */
double field_distance(const Field *f, TilePos from);

#endif
