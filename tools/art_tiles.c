/* SPDX-License-Identifier: MIT */
/* art_tiles.c - the ground and wall tiles, painted flat in the game's
 * projection: the tile kinds of the ducts (the default set) and of every
 * other area of the campaign (assets.h's area sheets). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "art.h"

/* ---- tiles -------------------------------------------------------------- */

static RGBA paint_area_top(const Surface *s, float a, float b, int x, int y);

static RGBA paint_top(float u, float v, int x, int y, void *ctx)
{
    Surface *s = ctx;
    RGBA c = s->base;
    float n = hash2(x, y, s->style);
    /* diamond-local coordinates: a along +x (down-right), b along +y (down-left) */
    float a = (u - 0.5f) + (v - 0.5f) + 0.5f, b = (v - 0.5f) - (u - 0.5f) + 0.5f;
    switch (s->style) {
    case 0: { /* metal plates: four panels, seams, rivets, a soft sheen */
        c = shade(c, 0.94f + 0.1f * n);
        float pa = fmodf(a * 2, 1), pb = fmodf(b * 2, 1);
        if (pa < 0.05f || pb < 0.05f)
            c = shade(c, 0.72f);
        else if (pa > 0.95f || pb > 0.95f)
            c = shade(c, 1.18f);
        float ra = fabsf(pa - 0.15f), rb = fabsf(pb - 0.15f);
        if (ra < 0.05f && rb < 0.05f)
            c = shade(c, 1.35f);
        c = shade(c, 1.05f - 0.15f * v);
        break;
    }
    case 1: { /* rough ground: gravel speckles */
        float m = hash2(x / 2, y / 2, 7);
        c = shade(c, 0.78f + 0.4f * m);
        if (n > 0.93f)
            c = mix(c, rgba(60, 45, 35, 1), 0.6f);
        break;
    }
    case 2: { /* water: bands of light */
        float w = sinf((a * 9 + b * 3) * 3.14159f) * 0.5f + 0.5f;
        c = mix(c, rgba(120, 200, 255, 1), 0.25f * w * w);
        c = shade(c, 0.92f + 0.12f * n);
        c.a = 0.93f;
        break;
    }
    case 3: { /* door: two brass leaves with a seam and hazard chevrons */
        c = shade(c, 0.9f + 0.12f * n);
        if (fabsf(a - 0.5f) < 0.025f)
            c = rgba(40, 30, 15, 1);
        float stripe = fmodf((b * 6 + a * 2), 1.0f);
        if (b < 0.16f || b > 0.84f)
            c = stripe < 0.5f ? rgba(230, 180, 40, 1) : rgba(35, 30, 25, 1);
        break;
    }
    case 4: { /* exit: dark pad with a glowing ring */
        float r = hypotf(a - 0.5f, b - 0.5f);
        c = shade(c, 0.9f + 0.1f * n);
        float ring = expf(-powf((r - 0.3f) / 0.05f, 2));
        c = mix(c, rgba(120, 255, 170, 1), 0.9f * ring);
        if (r < 0.22f)
            c = mix(c, rgba(40, 120, 80, 1), 0.6f);
        break;
    }
    case 5: { /* wall top: bevelled stone cap */
        c = shade(c, 0.95f + 0.1f * n);
        if (a < 0.08f || b < 0.08f)
            c = shade(c, 1.2f);
        if (a > 0.92f || b > 0.92f)
            c = shade(c, 0.8f);
        break;
    }
    default: return paint_area_top(s, a, b, x, y);
    }
    return c;
}

typedef struct Side {
    RGBA base;
    int pattern; /* SidePattern */
    float height;
} Side;

static RGBA paint_area_side(const Side *s, RGBA c, float u, float v, int x, int y);

static RGBA paint_side(float u, float v, int x, int y, void *ctx)
{
    Side *s = ctx;
    RGBA c = shade(s->base, 0.92f + 0.12f * hash2(x, y, 3));
    if (s->pattern > SIDE_BRICKS)
        return shade(paint_area_side(s, c, u, v, x, y), 1.0f - 0.25f * v);
    if (s->pattern == SIDE_BRICKS) {
        float row = v * s->height / 8.0f;
        int r = (int)row;
        float off = (r % 2) ? 0.5f : 0.0f;
        float col = u * 4 + off;
        if (row - r < 0.14f || fmodf(col, 1.0f) < 0.06f)
            c = shade(c, 0.62f);
    }
    return shade(c, 1.0f - 0.25f * v);
}

/* A slab: the diamond top at y0 with sides of the given thickness. */
void draw_slab(Canvas *c, float y0, float thick, Surface top, RGBA side, int pattern)
{
    float left[] = {0, y0 + TH / 2.0f, TW / 2.0f, y0 + TH, TW / 2.0f, y0 + TH + thick, 0, y0 + TH / 2.0f + thick};
    float right[] = {TW / 2.0f, y0 + TH, TW, y0 + TH / 2.0f, TW, y0 + TH / 2.0f + thick, TW / 2.0f, y0 + TH + thick};
    Side ls = {shade(side, 0.78f), pattern, thick}, rs = {shade(side, 0.58f), pattern, thick};
    if (thick > 0) {
        fill_poly(c, left, 4, paint_side, &ls);
        fill_poly(c, right, 4, paint_side, &rs);
    }
    float d[] = {TW / 2.0f, y0, TW, y0 + TH / 2.0f, TW / 2.0f, y0 + TH, 0, y0 + TH / 2.0f};
    fill_poly(c, d, 4, paint_top, &top);
}

bool make_tile(const char *dir, const char *name, Surface top, RGBA side, float thick)
{
    Canvas c = canvas_new(TW, TH + 8);
    draw_slab(&c, 8 - thick, thick, top, side, SIDE_PLAIN);
    bool ok = save(&c, dir, name);
    free(c.px);
    return ok;
}

/* ---- the areas' materials ---------------------------------------------------- */

/* The tops of the areas' tiles; (a, b) are the diamond's own coordinates,
 * a along grid +x (down-right), b along +y (down-left), each 0..1. */
static RGBA paint_area_top(const Surface *s, float a, float b, int x, int y)
{
    RGBA c = s->base;
    float n = hash2(x, y, s->style), m = hash2(x / 3, y / 3, s->style + 50);
    switch (s->style) {
    case TOP_CONCRETE: /* two by two cast slabs, joints, a few stains */
    case TOP_LINED: {  /* ... with a painted line along one edge (the warehouse) */
        c = shade(c, 0.9f + 0.08f * n + 0.08f * m);
        float pa = fmodf(a * 2, 1), pb = fmodf(b * 2, 1);
        if (pa < 0.035f || pb < 0.035f)
            c = shade(c, 0.7f);
        if (hash2((int)(a * 2), (int)(b * 2), 9) > 0.6f && m > 0.7f)
            c = shade(c, 0.88f);
        if (s->style == TOP_LINED && b > 0.885f && b < 0.93f)
            c = mix(c, rgba(214, 178, 64, 1), 0.45f);
        break;
    }
    case TOP_PARQUET: { /* wood strips along x, staggered, with grain */
        float row = b * 6;
        int r = (int)row;
        float along = a * 2 + (r % 2) * 0.5f;
        c = shade(c, 0.86f + 0.16f * hash2(r, (int)along, 21) + 0.05f * sinf(a * 40 + r * 3));
        if (row - r < 0.1f || fmodf(along, 1.0f) < 0.03f)
            c = shade(c, 0.66f);
        break;
    }
    case TOP_FLAGS: { /* irregular stone flags, wet sheen near the joints */
        float pa = fmodf(a * 3 + 0.3f * hash2((int)(b * 3), 1, 31), 1), pb = fmodf(b * 3, 1);
        c = shade(c, 0.86f + 0.16f * hash2((int)(a * 3), (int)(b * 3), 33) + 0.06f * n);
        if (pa < 0.06f || pb < 0.06f)
            c = shade(c, 0.62f);
        else if (pa < 0.12f || pb < 0.12f)
            c = mix(c, rgba(170, 210, 210, 1), 0.12f);
        break;
    }
    case TOP_SAND: /* packed sand: soft ripples and grains */
        c = shade(c, 0.92f + 0.06f * sinf((a * 7 + b * 2) * 3.14159f) + 0.08f * n);
        if (n > 0.96f)
            c = shade(c, 0.75f);
        break;
    case TOP_PAVERS: { /* brick pavers in a herringbone of two rows */
        float row = a * 4;
        int r = (int)row;
        float along = b * 2 + (r % 2) * 0.5f;
        c = shade(c, 0.86f + 0.14f * hash2(r, (int)along, 41) + 0.05f * n);
        if (row - r < 0.09f || fmodf(along, 1.0f) < 0.045f)
            c = rgba(70, 58, 52, 1);
        break;
    }
    case TOP_CARPET: /* tufted carpet with a border */
        c = shade(c, 0.9f + 0.1f * n);
        if (a < 0.1f || b < 0.1f || a > 0.9f || b > 0.9f)
            c = shade(c, 0.8f);
        else if ((int)(a * 8 + b * 8) % 2 == 0)
            c = shade(c, 1.05f);
        break;
    case TOP_CAP: /* a wall's cap: flat, a bright bevel on the lit edges */
        c = shade(c, 0.96f + 0.06f * n);
        if (a < 0.07f || b < 0.07f)
            c = shade(c, 1.18f);
        if (a > 0.93f || b > 0.93f)
            c = shade(c, 0.82f);
        break;
    }
    return c;
}

/* The sides' patterns past bricks; (u, v) across and down the face. */
static RGBA paint_area_side(const Side *s, RGBA c, float u, float v, int x, int y)
{
    float h = s->height;
    switch (s->pattern) {
    case SIDE_PANELS: /* cast panels with tie holes */
        if (fmodf(u * 2, 1) < 0.04f || v * h < 1.2f)
            c = shade(c, 0.7f);
        if (fabsf(fmodf(u * 4, 1) - 0.5f) < 0.05f && fabsf(v * h - h * 0.5f) < 1.0f)
            c = shade(c, 0.6f);
        c = shade(c, 0.95f + 0.08f * hash2(x / 2, y / 4, 61));
        break;
    case SIDE_BLOCKS: { /* large dressed stones, moss at the foot */
        float row = v * h / 13.0f;
        int r = (int)row;
        float col = u * 2 + (r % 2) * 0.5f;
        c = shade(c, 0.88f + 0.14f * hash2(r, (int)col, 63));
        if (row - r < 0.1f || fmodf(col, 1.0f) < 0.05f)
            c = shade(c, 0.6f);
        if (v > 0.8f)
            c = mix(c, rgba(70, 110, 60, 1), (v - 0.8f) * 2.5f * hash2(x, y, 64));
        break;
    }
    case SIDE_PLASTER: /* smooth plaster over a dark skirting */
        if (v * h > h - 5)
            c = shade(c, 0.45f);
        else if (v * h > h - 6)
            c = shade(c, 1.15f);
        break;
    case SIDE_STRATA: /* rock in layers */
        c = shade(c, 0.86f + 0.18f * hash2((int)(v * h / 4 + 0.3f * sinf(u * 6)), 0, 65) + 0.05f * hash2(x, y, 66));
        break;
    case SIDE_CORRUGATED: /* ribbed sheet steel, rust streaks */
        c = shade(c, 0.8f + 0.25f * fabsf(sinf(u * 3.14159f * 10)));
        if (hash2((int)(u * 20), 1, 67) > 0.75f)
            c = mix(c, rgba(120, 60, 30, 1), 0.35f * v);
        break;
    }
    return c;
}

/* An area's tile set: floor, rough ground, water and the wall, with the
 * side colours and patterns of its material. */
typedef struct Area {
    const char *name;
    Surface floor, rough, water, top;
    RGBA floor_side, rough_side, water_side, wall_side;
    int wall_pattern;
} Area;

#define C(r, g, b, a) {(r) / 255.0f, (g) / 255.0f, (b) / 255.0f, (a)}
static const Area areas[] = {
    {"yard", {C(150, 146, 138, 1), TOP_CONCRETE}, {C(146, 128, 100, 1), 1}, {C(64, 96, 118, 1), 2},
     {C(178, 174, 166, 1), TOP_CAP}, C(120, 116, 110, 1), C(120, 100, 76, 1), C(40, 64, 84, 1), C(132, 128, 120, 1),
     SIDE_PANELS},
    {"offices", {C(168, 118, 74, 1), TOP_PARQUET}, {C(132, 62, 66, 1), TOP_CARPET}, {C(60, 110, 160, 1), 2},
     {C(214, 204, 178, 1), TOP_CAP}, C(120, 84, 56, 1), C(100, 50, 52, 1), C(36, 70, 110, 1), C(196, 186, 160, 1),
     SIDE_PLASTER},
    {"cistern", {C(98, 122, 124, 1), TOP_FLAGS}, {C(86, 104, 76, 1), 1}, {C(18, 78, 96, 1), 2},
     {C(128, 142, 136, 1), TOP_CAP}, C(70, 88, 90, 1), C(66, 80, 58, 1), C(14, 50, 64, 1), C(92, 108, 104, 1),
     SIDE_BLOCKS},
    {"quarry", {C(200, 168, 116, 1), TOP_SAND}, {C(166, 126, 84, 1), 1}, {C(58, 112, 132, 1), 2},
     {C(214, 178, 126, 1), TOP_CAP}, C(160, 126, 86, 1), C(130, 96, 62, 1), C(40, 74, 92, 1), C(176, 136, 94, 1),
     SIDE_STRATA},
    {"warehouse", {C(128, 128, 124, 1), TOP_LINED}, {C(136, 112, 80, 1), 1}, {C(50, 92, 120, 1), 2},
     {C(176, 100, 72, 1), TOP_CAP}, C(100, 100, 96, 1), C(110, 90, 64, 1), C(34, 62, 84, 1), C(146, 74, 52, 1),
     SIDE_CORRUGATED},
    {"canal", {C(154, 94, 72, 1), TOP_PAVERS}, {C(124, 114, 104, 1), 1}, {C(30, 84, 72, 1), 2},
     {C(176, 118, 96, 1), TOP_CAP}, C(116, 70, 54, 1), C(100, 90, 82, 1), C(20, 56, 48, 1), C(142, 74, 58, 1),
     SIDE_BRICKS},
    {"night", {C(74, 84, 116, 1), 0}, {C(84, 78, 88, 1), 1}, {C(22, 42, 84, 1), 2}, {C(100, 108, 136, 1), TOP_CAP},
     C(56, 62, 88, 1), C(64, 58, 66, 1), C(14, 28, 58, 1), C(66, 72, 100, 1), SIDE_BRICKS},
};
#undef C

/* src copied whole into dst with its top left at (x, y) (final pixels):
 * both premultiplied, so the copy is exact. src must fit. */
static void paste(Canvas *dst, const Canvas *src, int x, int y)
{
    for (int sy = 0; sy < src->h * SS; sy++)
        memcpy(dst->px + ((size_t)(sy + y * SS) * dst->w * SS + (size_t)x * SS) * 4,
               src->px + (size_t)sy * src->w * SS * 4, (size_t)src->w * SS * 4 * sizeof(float));
}

/* One area's sheet: four frames of AREA_FRAME_W x AREA_FRAME_H (assets.h),
 * floor, rough ground, water and the wall, each with the tile's top corner
 * on the ground at (32, 40). */
static bool make_area(const char *dir, const Area *ar)
{
    enum { FW = TW, FH = 80, GROUND = 40 };
    Canvas c = canvas_new(4 * FW, FH);
    const Surface *ground[3] = {&ar->floor, &ar->rough, &ar->water};
    const RGBA sides[3] = {ar->floor_side, ar->rough_side, ar->water_side};
    for (int k = 0; k < 3; k++) {
        float thick = k == 2 ? 4 : 8;
        Canvas t = canvas_new(TW, TH + 8);
        draw_slab(&t, 8 - thick, thick, *ground[k], sides[k], SIDE_PLAIN);
        paste(&c, &t, k * FW, GROUND);
        free(t.px);
    }
    Canvas wall = canvas_new(TW, TH + 40);
    draw_slab(&wall, 0, 40, ar->top, ar->wall_side, ar->wall_pattern);
    paste(&c, &wall, 3 * FW, 0);
    free(wall.px);
    char name[64];
    snprintf(name, sizeof name, "area-%s.png", ar->name);
    bool ok = save(&c, dir, name);
    free(c.px);
    return ok;
}

bool make_areas(const char *dir)
{
    bool ok = true;
    for (size_t i = 0; i < sizeof areas / sizeof areas[0]; i++)
        ok &= make_area(dir, &areas[i]);
    return ok;
}

/* ---- the edge marks --------------------------------------------------------- */

typedef struct Edge {
    int side;  /* 0 E (+x), 1 S (+y), 2 W (-x), 3 N (-y) */
    bool rim;  /* a wall top's bright rim, else the floor's shade at a wall's foot */
} Edge;

static RGBA paint_edge(float u, float v, int x, int y, void *ctx)
{
    (void)x, (void)y;
    const Edge *e = ctx;
    float a = (u - 0.5f) + (v - 0.5f) + 0.5f, b = (v - 0.5f) - (u - 0.5f) + 0.5f;
    float d = e->side == 0 ? 1 - a : e->side == 1 ? 1 - b : e->side == 2 ? a : b; /* 0 at the edge */
    if (e->rim) {
        float k = d < 0.045f ? 0.85f : d < 0.12f ? 0.3f * (0.12f - d) / 0.075f : 0.0f;
        return rgba(236, 242, 255, k); /* a cool white: the light from above, apart from every warm colour */
    }
    float k = d < 0.42f ? 0.5f * powf(1 - d / 0.42f, 1.6f) : 0.0f;
    return rgba(8, 10, 16, k);
}

/* edges.png: EDGE_FRAMES columns (E S W N) by two rows of TW x TH
 * diamonds: row 0 the shade a wall casts on the floor at its foot, row 1
 * the bright rim of a wall's top where it meets no wall (assets.h). */
bool make_edges(const char *dir)
{
    Canvas c = canvas_new(4 * TW, 2 * TH);
    for (int row = 0; row < 2; row++)
        for (int side = 0; side < 4; side++) {
            Edge e = {side, row == 1};
            float x0 = (float)side * TW, y0 = (float)row * TH;
            float d[] = {x0 + TW / 2.0f, y0, x0 + TW, y0 + TH / 2.0f, x0 + TW / 2.0f, y0 + TH, x0, y0 + TH / 2.0f};
            fill_poly(&c, d, 4, paint_edge, &e);
        }
    bool ok = save(&c, dir, "edges.png");
    free(c.px);
    return ok;
}
