/* SPDX-License-Identifier: MIT */
/* art.h - what the art generator's files share (tools/make_art.c draws the
 * models and writes everything; art_canvas.c paints and saves; art_tiles.c
 * paints the tiles). Everything is drawn at SS x its size and box-filtered
 * down, so edges are anti-aliased; the output is the same on every run.
 * A Canvas owns its pixels (canvas_new; free(c.px)). */
#ifndef ISODROID_ART_H
#define ISODROID_ART_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#define SS 4 /* supersampling */
#define PI_F 3.14159265f

typedef struct Canvas {
    int w, h; /* final size */
    float *px; /* (w*SS) x (h*SS) x RGBA, premultiplied */
} Canvas;

typedef struct RGBA {
    float r, g, b, a;
} RGBA;

typedef RGBA (*Paint)(float u, float v, int x, int y, void *ctx);

static inline float clampf(float x, float lo, float hi) { return fminf(fmaxf(x, lo), hi); }

/* ---- the canvas (art_canvas.c) ---- */
RGBA rgba(int r, int g, int b, float a);
RGBA shade(RGBA c, float k);          /* c's colour times k, capped at 1 */
RGBA mix(RGBA a, RGBA b, float t);
Canvas canvas_new(int w, int h);      /* transparent; its pixels are the caller's */
void plot(Canvas *c, int x, int y, RGBA col); /* blends over supersampled pixel (x, y) */
float hash2(int x, int y, int seed);  /* deterministic noise in [0, 1) */
/* Fills the convex polygon (final-pixel coordinates) with paint(u, v), (u, v)
 * the pixel's place in the polygon's bounding box, in [0, 1]. */
void fill_poly(Canvas *c, const float *xy, int n, Paint paint, void *ctx);
void fill_ellipse(Canvas *c, float cx, float cy, float rx, float ry, Paint paint, void *ctx);
RGBA paint_solid(float u, float v, int x, int y, void *ctx); /* ctx: an RGBA */
/* Writes c as dir/name, box-filtered by `box` supersampled pixels a side
 * (SS: at its final size); save is save_box at SS. */
bool save_box(const Canvas *c, int box, const char *dir, const char *name);
bool save(const Canvas *c, const char *dir, const char *name);
/* Adds light: a soft round glow of colour col and peak strength k. */
void add_glow(Canvas *c, float cx, float cy, float rx, float ry, RGBA col, float k);
bool make_sparkle(const char *dir);
bool make_alert(const char *dir);
bool make_logo(const char *dir); /* logo.png: the title's word in blocks */

/* ---- the tiles (art_tiles.c) ---- */
enum { TW = 64, TH = 32 }; /* a tile's diamond */
typedef struct Surface {
    RGBA base;
    int style; /* 0 plates, 1 gravel, 2 water, 3 door, 4 exit, 5 wall top */
} Surface;
/* The tops' styles past the default set's (0 plates .. 5 wall top). */
enum {
    TOP_CONCRETE = 6, TOP_PARQUET, TOP_FLAGS, TOP_SAND, TOP_PAVERS, TOP_CARPET, TOP_LINED, TOP_CAP,
};
/* The sides' patterns. */
typedef enum SidePattern {
    SIDE_PLAIN, SIDE_BRICKS, SIDE_PANELS, SIDE_BLOCKS, SIDE_PLASTER, SIDE_STRATA, SIDE_CORRUGATED
} SidePattern;
/* A slab: the diamond top at y0 with sides of the given thickness. */
void draw_slab(Canvas *c, float y0, float thick, Surface top, RGBA side, int pattern);
bool make_tile(const char *dir, const char *name, Surface top, RGBA side, float thick);
/* The areas' sheets (area-NAME.png, assets.h) and the edge marks (edges.png). */
bool make_areas(const char *dir);
bool make_edges(const char *dir);

#endif
