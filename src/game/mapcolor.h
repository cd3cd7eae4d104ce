/* SPDX-License-Identifier: MIT */
/* mapcolor.h - the colours of the level seen from above: the minimap's
 * (render_minimap.c) and isopath render's pictures (picture.c) read this
 * one table, so the two always agree. Plain RGBA, no SDL; the table says
 * nothing about where or how big anything is drawn. */
#ifndef ISODROID_MAPCOLOR_H
#define ISODROID_MAPCOLOR_H

#include <stdint.h>

#include "tile.h"

typedef struct MapColor {
    uint8_t r, g, b, a; /* a: 255 opaque, 0 transparent */
} MapColor;

typedef enum MapColorId {
    /* the tiles (mapcolor_terrain); a tile with a marker is drawn as floor */
    MAPCOLOR_VOID, MAPCOLOR_FLOOR, MAPCOLOR_WALL, MAPCOLOR_ROUGH, MAPCOLOR_WATER,
    /* the markers: the rim around them, the droid (a white disc with a blue
     * core), the exit (open, still locked, its light core), doors, energy
     * cells, sentries */
    MAPCOLOR_OUTLINE, MAPCOLOR_DROID, MAPCOLOR_DROID_CORE, MAPCOLOR_EXIT, MAPCOLOR_EXIT_LOCKED,
    MAPCOLOR_EXIT_CORE, MAPCOLOR_DOOR, MAPCOLOR_CELL, MAPCOLOR_SENTRY,
    /* walks: the droid's path and its destination, the hovered walk, a walk
     * where a sentry would notice it, a sentry's patrol, the screen's outline */
    MAPCOLOR_PATH, MAPCOLOR_HOVER, MAPCOLOR_SEEN, MAPCOLOR_PATROL, MAPCOLOR_VIEW,
    MAPCOLOR_COUNT
} MapColorId;

extern const MapColor mapcolor_table[MAPCOLOR_COUNT];

static inline MapColor mapcolor(MapColorId id)
{
    return mapcolor_table[id < MAPCOLOR_COUNT ? id : MAPCOLOR_VOID];
}
/* A tile kind's colour: floor for the kinds that carry a marker. */
MapColorId mapcolor_terrain(TileKind k);
/* The heat map's colour for t in 0..1 (clamped): 0 the near end, light
 * yellow, through orange, red and purple to 1 the far end, deep violet
 * (matplotlib's "inferno" from 0.2 up, reversed: lightness falls steadily
 * from near to far, and it never looks like the path's cyan). */
MapColor mapcolor_heat(double t);

#endif
