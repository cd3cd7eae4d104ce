/* SPDX-License-Identifier: MIT */
/* iso.h - isometric math: tile <-> world <-> screen for a 2:1 diamond
 * projection with a camera offset and zoom, and the screen's footprint on
 * the map clipped to it (the minimap's view outline). Pure C, no state of its own.
 * World (x, y) is the top corner of tile (floor x, floor y); the tile's
 * diamond spans world [x, x+1) x [y, y+1). */
#ifndef ISODROID_ISO_H
#define ISODROID_ISO_H

#include <stdbool.h>

#include "coord.h"

/* The three coordinate spaces are distinct types: tiles (NavPos, coord.h),
 * world and screen. World: continuous grid space, tile (x, y) covers
 * [x, x+1) x [y, y+1) and its centre is (x+0.5, y+0.5). */
typedef struct WorldPos { double x, y; } WorldPos;
/* Window pixels, origin top-left. */
typedef struct ScreenPos { double x, y; } ScreenPos;

typedef struct IsoView {
    double tile_w, tile_h; /* diamond size in pixels at zoom 1 (2:1, e.g. 64 x 32) */
    double zoom;           /* > 0 */
    double off_x, off_y;   /* screen position of world (0, 0) */
} IsoView;

IsoView iso_view(double tile_w, double tile_h);
ScreenPos iso_world_to_screen(const IsoView *v, WorldPos w);
WorldPos iso_screen_to_world(const IsoView *v, ScreenPos s);
WorldPos iso_tile_center(NavPos t);
/* Screen position of the tile's top corner. */
ScreenPos iso_tile_to_screen(const IsoView *v, NavPos t);
/* The tile under a screen point; false when it lies outside w x h tiles. */
bool iso_screen_to_tile(const IsoView *v, ScreenPos s, int w, int h, NavPos *out);
/* Sets the zoom (clamped to [min, max]) keeping the world point under anchor fixed. */
void iso_zoom_at(IsoView *v, ScreenPos anchor, double zoom, double min, double max);
/* Moves the camera so that world point w appears at screen point s. */
void iso_look_at(IsoView *v, WorldPos w, ScreenPos s);

/* The world points under the corners of a w x h screen, in the order
 * top-left, top-right, bottom-right, bottom-left (a parallelogram on the map). */
void iso_screen_footprint(const IsoView *v, double w, double h, WorldPos out[4]);

enum { ISO_CLIP_MAX = 16 }; /* room clipping needs: at most ISO_CLIP_MAX - 4 points in */
/* Clips the convex polygon in[0..n) to the rectangle [lo.x, hi.x] x [lo.y, hi.y]
 * (Sutherland-Hodgman: one rectangle side at a time). out needs room for
 * n + 4 points; returns how many it holds, 0 when no part is inside (or n is
 * outside 3 .. ISO_CLIP_MAX - 4). The order (clockwise or not) is kept. */
int iso_clip_polygon(const WorldPos *in, int n, WorldPos lo, WorldPos hi, WorldPos *out);

#endif
