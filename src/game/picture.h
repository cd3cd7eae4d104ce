/* SPDX-License-Identifier: MIT */
/* picture.h - a level drawn from above into one RGBA buffer, for isopath
 * render: a square of scale x scale pixels a tile in the minimap's colours
 * (mapcolor.h), a flow field's cost to its goal as a heat map, the
 * sentries' patrols, a path, and the minimap's markers (doors, energy
 * cells, sentries, the exit, the droid's start, the path's goal). Pure C;
 * the PNG file is isopath's (isopath_png_save, src/isopath/png.c). A Picture owns
 * its pixels: picture_init allocates them, picture_deinit frees them, and
 * nothing else is allocated while drawing. */
#ifndef ISODROID_PICTURE_H
#define ISODROID_PICTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "field.h"
#include "level.h"
#include "mapcolor.h"

/* The scale is 1..PICTURE_SCALE_MAX pixels a tile; a picture is at most
 * PICTURE_SIDE_MAX pixels a side and PICTURE_PIXELS_MAX pixels in all (its
 * buffer 256 MiB), so a 4096x4096 level is drawn at scale 1 or 2. The
 * default scale brings the long side to PICTURE_LONG_SIDE pixels or just
 * under (at least 1, at most PICTURE_SCALE_MAX pixels a tile). */
enum { PICTURE_SCALE_MAX = 32, PICTURE_SIDE_MAX = 16384, PICTURE_LONG_SIDE = 1024 };
#define PICTURE_PIXELS_MAX ((size_t)1 << 26)

typedef struct Picture {
    int w, h;      /* pixels */
    int scale;     /* pixels a side of a tile */
    uint8_t *rgba; /* w * h pixels, rows top down, 4 bytes each: R G B A (not premultiplied) */
} Picture;

/* What is drawn over the tiles; NULL or 0 leaves it out. */
typedef struct PictureLayers {
    const NavField *field; /* the level's size: each reachable tile in the heat
                            * colour of its cost (0 at the goal, 1 the farthest) */
    const NavPos *walk;    /* a path over it, its start first, and a ring on its goal */
    int walk_count;
} PictureLayers;

int picture_default_scale(int level_w, int level_h);
/* The largest scale (at most PICTURE_SCALE_MAX) within the limits; 0 when
 * even 1 is not (a side past PICTURE_SIDE_MAX tiles). */
int picture_max_scale(int level_w, int level_h);
/* Allocates a transparent picture of a level_w x level_h level at scale;
 * false (p zeroed) when the scale is outside 1..picture_max_scale or memory
 * runs out. */
bool picture_init(Picture *p, int level_w, int level_h, int scale);
void picture_deinit(Picture *p); /* accepts a zeroed picture */

/* Draws l (p made for its size) and the layers, from the bottom up: the
 * tiles, the heat map, the patrols, the path, its goal, the markers. Where
 * a tile is smaller than a marker's least size, doors, cells and sentries
 * colour their tile instead; the exit, the droid's start and the goal keep
 * that size, so they show on any level. */
void picture_draw(Picture *p, const Level *l, const PictureLayers *layers);

/* Pixel (x, y), inside the picture. */
MapColor picture_pixel(const Picture *p, int x, int y);

#endif
