/* field.h - flow fields: one Dijkstra pass from a goal over the whole grid,
 * after which any number of agents read their next step in O(1). Same step
 * costs and corner rule as path.h. The caller owns the Field (field_init
 * allocates, field_deinit frees). */
#ifndef ISODROID_FIELD_H
#define ISODROID_FIELD_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "path.h"

typedef struct Field {
    int w, h;
    TilePos goal;
    PathTopology topology;
    uint64_t *cost;  /* w*h exact costs to the goal (path.h units); UINT64_MAX unreachable */
    int8_t *next;    /* w*h direction index of the next step; -1 at the goal or unreachable */
} Field;

/* Computes the field towards goal; false when the goal is outside or blocked
 * or memory runs out (the field is then zeroed). */
bool field_init(Field *f, const Grid *g, TilePos goal, PathTopology topology);
void field_deinit(Field *f); /* accepts a zeroed field */
/* The next tile from 'from' towards the goal; false at the goal or when unreachable. */
bool field_next(const Field *f, TilePos from, TilePos *to);
/* Cost from 'from' to the goal; negative when unreachable or outside. */
double field_distance(const Field *f, TilePos from);

#endif
