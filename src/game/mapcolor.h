/* SPDX-License-Identifier: MIT */
/* mapcolor.h - the colours of the level seen from above: the minimap's
 * (render_minimap.c) and isopath render's pictures (picture.c) read this
 * one table, so the two always agree; the colours that tell the player
 * yes from no (the hovered route's seen and unseen marks, the verdicts'
 * green and red, the sentries' marker) are here too. Two palettes: the
 * standard one and a colour-blind safe one (the Settings screen's
 * "Colours"), where nothing that must be told apart differs by red against
 * green alone: blue against orange, kept apart under deuteranopia and
 * protanopia (tests/game/test_mapcolor.c simulates both). Plain RGBA, no
 * SDL; the table says nothing about where or how big anything is drawn. */
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
    /* in the world: the hovered route's marks where no sentry would notice
     * the droid and where one would; the badges' rings that say so (a tick:
     * unseen; an eye or an ear: seen); the verdicts (the HUD's "safe", a
     * lure that lands; "a sentry would see", a lure refused) */
    MAPCOLOR_ROUTE, MAPCOLOR_ROUTE_SEEN, MAPCOLOR_BADGE_UNSEEN, MAPCOLOR_BADGE_SEEN, MAPCOLOR_GOOD, MAPCOLOR_WARN,
    MAPCOLOR_COUNT
} MapColorId;

typedef enum MapPalette {
    MAP_PALETTE_STANDARD,   /* green for go, red for a sentry */
    MAP_PALETTE_COLORBLIND, /* blue for go, orange for a sentry */
    MAP_PALETTE_COUNT
} MapPalette;

extern const MapColor mapcolor_table[MAP_PALETTE_COUNT][MAPCOLOR_COUNT];

/* Colour id in palette p (the standard one for a p out of range). */
static inline MapColor mapcolor_in(MapPalette p, MapColorId id)
{
    return mapcolor_table[p >= 0 && p < MAP_PALETTE_COUNT ? p : MAP_PALETTE_STANDARD]
                         [id >= 0 && id < MAPCOLOR_COUNT ? id : MAPCOLOR_VOID];
}
/* Colour id in the standard palette (isopath's pictures). */
static inline MapColor mapcolor(MapColorId id)
{
    return mapcolor_in(MAP_PALETTE_STANDARD, id);
}
/* A tile kind's colour: floor for the kinds that carry a marker. */
MapColorId mapcolor_terrain(TileKind k);
/* The heat map's colour for t in 0..1 (clamped): 0 the near end, light
 * yellow, through orange, red and purple to 1 the far end, deep violet
 * (matplotlib's "inferno" from 0.2 up, reversed: lightness falls steadily
 * from near to far, and it never looks like the path's cyan). */
MapColor mapcolor_heat(double t);

#endif
