/* SPDX-License-Identifier: MIT */
/* mapcolor.c - the table of the map's colours and the heat map's ramp. */
#include "mapcolor.h"

/* The colours both palettes share, then each palette's own. */
#define MAPCOLOR_SHARED                                                                                   \
    [MAPCOLOR_VOID] = {0, 0, 0, 0}, [MAPCOLOR_FLOOR] = {62, 70, 86, 255},                                 \
    [MAPCOLOR_WALL] = {150, 142, 134, 255}, [MAPCOLOR_ROUGH] = {138, 108, 74, 255},                       \
    [MAPCOLOR_WATER] = {40, 92, 170, 255}, [MAPCOLOR_OUTLINE] = {8, 12, 20, 255},                         \
    [MAPCOLOR_DROID] = {255, 255, 255, 255}, [MAPCOLOR_DROID_CORE] = {40, 120, 255, 255},                 \
    [MAPCOLOR_EXIT_CORE] = {230, 255, 235, 255}, [MAPCOLOR_CELL] = {255, 228, 60, 255},                   \
    [MAPCOLOR_DOOR] = {240, 160, 40, 255}, [MAPCOLOR_PATH] = {70, 225, 255, 255},                         \
    [MAPCOLOR_HOVER] = {225, 245, 255, 170}, [MAPCOLOR_PATROL] = {255, 225, 190, 255},                    \
    [MAPCOLOR_VIEW] = {255, 255, 255, 210}, [MAPCOLOR_ROUTE] = {185, 240, 255, 190}

const MapColor mapcolor_table[MAP_PALETTE_COUNT][MAPCOLOR_COUNT] = {
    [MAP_PALETTE_STANDARD] = {
        MAPCOLOR_SHARED,
        [MAPCOLOR_EXIT] = {90, 235, 140, 255},
        [MAPCOLOR_EXIT_LOCKED] = {70, 120, 90, 255},
        [MAPCOLOR_SENTRY] = {235, 60, 50, 255},
        [MAPCOLOR_SEEN] = {255, 70, 60, 235},
        [MAPCOLOR_ROUTE_SEEN] = {255, 60, 50, 175},
        [MAPCOLOR_BADGE_UNSEEN] = {90, 230, 150, 255},
        [MAPCOLOR_BADGE_SEEN] = {255, 70, 60, 255},
        [MAPCOLOR_GOOD] = {120, 255, 170, 255},
        [MAPCOLOR_WARN] = {255, 110, 90, 255},
    },
    /* blue for what is safe (the exit, the verdicts' yes), orange for a
     * sentry and what it would see (the minimap's doors, orange too, are
     * squares, its sentries triangles) */
    [MAP_PALETTE_COLORBLIND] = {
        MAPCOLOR_SHARED,
        [MAPCOLOR_EXIT] = {60, 140, 255, 255},
        [MAPCOLOR_EXIT_LOCKED] = {60, 90, 140, 255},
        [MAPCOLOR_SENTRY] = {255, 120, 0, 255},
        [MAPCOLOR_SEEN] = {255, 140, 0, 235},
        [MAPCOLOR_ROUTE_SEEN] = {255, 140, 0, 190},
        [MAPCOLOR_BADGE_UNSEEN] = {70, 160, 255, 255},
        [MAPCOLOR_BADGE_SEEN] = {255, 140, 0, 255},
        [MAPCOLOR_GOOD] = {90, 180, 255, 255},
        [MAPCOLOR_WARN] = {255, 150, 40, 255},
    },
};

MapColorId mapcolor_terrain(TileKind k)
{
    switch (k) {
    case TILE_VOID: return MAPCOLOR_VOID;
    case TILE_WALL: return MAPCOLOR_WALL;
    case TILE_ROUGH: return MAPCOLOR_ROUGH;
    case TILE_WATER: return MAPCOLOR_WATER;
    default: return MAPCOLOR_FLOOR; /* floor, and what has a marker */
    }
}

/* inferno at 1.0, 0.9, ... 0.2: the near end first */
static const MapColor heat_ramp[] = {
    {252, 255, 164, 255}, {246, 215, 70, 255}, {252, 165, 10, 255}, {243, 120, 25, 255},
    {221, 81, 58, 255},   {188, 55, 84, 255},  {147, 38, 103, 255}, {106, 23, 110, 255},
    {66, 10, 104, 255},
};
enum { HEAT_STOPS = sizeof heat_ramp / sizeof heat_ramp[0] };

static uint8_t mix(uint8_t a, uint8_t b, double f)
{
    return (uint8_t)(a + (b - a) * f + 0.5);
}

MapColor mapcolor_heat(double t)
{
    t = t > 0 ? (t < 1 ? t : 1) : 0; /* NaN too becomes 0 */
    double at = t * (HEAT_STOPS - 1);
    int i = (int)at;
    if (i >= HEAT_STOPS - 1)
        return heat_ramp[HEAT_STOPS - 1];
    double f = at - i;
    MapColor a = heat_ramp[i], b = heat_ramp[i + 1];
    return (MapColor){mix(a.r, b.r, f), mix(a.g, b.g, f), mix(a.b, b.b, f), 255};
}
