/* SPDX-License-Identifier: MIT */
/* field.h - flow fields: one Dijkstra pass from a goal, after which any
 * number of agents read their next step in O(1). Same step costs and corner
 * rule as query.h. Two kinds: nav_field_init searches the whole grid once;
 * nav_field_init_bounded makes a field that nav_field_update fills again and again,
 * only as far as a cost bound, in the same memory (the sentries' chase).
 * A whole field may also be built in slices (nav_field_begin, then
 * nav_field_build_step until it is no longer NAV_IN_PROGRESS), so that a
 * caller with a deadline can ask its clock between them: the same field
 * either way. The caller owns the NavField (nav_field_init,
 * nav_field_begin and nav_field_init_bounded allocate, nav_field_deinit
 * frees, a half-built field too). */
#ifndef ISONAV_FIELD_H
#define ISONAV_FIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "status.h"
#include "units.h"

typedef struct NavField {
    int w, h;
    NavPos goal;
    NavTopology topology;
    uint64_t *cost;  /* w*h exact costs to the goal (units.h units); UINT64_MAX unreachable */
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
    uint32_t heap_len;   /* the heap's entries while a build is under way (field.c's) */
    bool building;       /* nav_field_begin'd, not yet NAV_DONE: read nothing from it */
} NavField;

/* Computes the field towards goal: NAV_DONE; NAV_INVALID when the goal is
 * outside (any ints) or blocked, or the topology none of NavTopology's
 * (a zeroed grid has no tiles: NAV_INVALID), NAV_OUT_OF_MEMORY; the field
 * is zeroed but for NAV_DONE. */
NavStatus nav_field_init(NavField *f, const NavGrid *g, NavPos goal, NavTopology topology);
void nav_field_deinit(NavField *f); /* accepts a zeroed field */
/* The sliced nav_field_init: nav_field_begin allocates the field (every
 * tile unknown, O(tiles) to clear) and seeds it at goal: NAV_IN_PROGRESS,
 * or as nav_field_init says for a bad goal or topology or no memory (f
 * zeroed). Each nav_field_build_step then settles about `work` more tiles
 * (all that are left when work <= 0): NAV_IN_PROGRESS while some are left,
 * NAV_DONE once the field is the one nav_field_init makes (its heap
 * freed); NAV_OUT_OF_MEMORY when the heap cannot grow (f zeroed);
 * NAV_INVALID on a field not being built or a grid of another size. The
 * grid must not change between the steps. Until NAV_DONE the field's costs
 * are not yet its own: read none of them, copy it not; give it up with
 * nav_field_deinit. The work of a whole build is O(tiles log tiles),
 * wherever it is sliced. */
NavStatus nav_field_begin(NavField *f, const NavGrid *g, NavPos goal, NavTopology topology);
NavStatus nav_field_build_step(NavField *f, const NavGrid *g, long work);
/* dst becomes a copy of src's field (its heap, scratch, is not copied); dst
 * is zeroed or a field, its memory reused; src may be zeroed (dst becomes
 * empty) and may be dst. NAV_OUT_OF_MEMORY leaves dst empty, as after
 * nav_field_deinit. */
NavStatus nav_field_copy(NavField *dst, const NavField *src);
/* Bytes the field's arrays hold (its heap too, at its capacity); 0 for a
 * zeroed field. */
size_t nav_field_bytes(const NavField *f);
/* Allocates a bounded field for grids of w x h tiles, empty (every tile
 * unknown) until nav_field_update: NAV_DONE; NAV_INVALID for a side outside
 * 1..NAV_GRID_MAX_SIDE or a topology none of NavTopology's,
 * NAV_OUT_OF_MEMORY (f zeroed in both). */
NavStatus nav_field_init_bounded(NavField *f, int w, int h, NavTopology topology);
/* Fills a bounded field towards goal as far as max_cost (units.h units):
 * tiles whose cost to the goal is at most max_cost get their exact cost and
 * next step, the rest are unknown. The work is proportional to the tiles
 * within the bound, never to the map. NAV_DONE; with every tile unknown,
 * NAV_INVALID when the goal is blocked or outside or the grid is not f's
 * size, NAV_OUT_OF_MEMORY when the heap cannot grow. A field that is not a
 * bounded one (zeroed, or made by nav_field_init) is refused with
 * NAV_INVALID and left as it is. */
NavStatus nav_field_update(NavField *f, const NavGrid *g, NavPos goal, uint64_t max_cost);
/* Cost from 'from' to the goal in units.h units; UINT64_MAX when unknown,
 * unreachable or outside (any ints; a zeroed field knows no tile). */
uint64_t nav_field_cost(const NavField *f, NavPos from);
/* The next tile from 'from' towards the goal; false (*to untouched) at the
 * goal or when unknown, unreachable or outside. */
bool nav_field_next(const NavField *f, NavPos from, NavPos *to);
/* Cost from 'from' to the goal; negative when unreachable or outside. */
double nav_field_distance(const NavField *f, NavPos from);

#endif
