/* SPDX-License-Identifier: MIT */
/* art_tiles.c - the ground and wall tiles, painted flat in the game's
 * projection: the tile kinds of the ducts (the default set) and of every
 * other area of the campaign (assets.h's area sheets). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "art.h"

/* ---- tiles -------------------------------------------------------------- */



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
    }
    return c;
}

typedef struct Side {
    RGBA base;
    bool bricks;
    float height;
} Side;

static RGBA paint_side(float u, float v, int x, int y, void *ctx)
{
    Side *s = ctx;
    RGBA c = shade(s->base, 0.92f + 0.12f * hash2(x, y, 3));
    if (s->bricks) {
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
void draw_slab(Canvas *c, float y0, float thick, Surface top, RGBA side, bool bricks)
{
    float left[] = {0, y0 + TH / 2.0f, TW / 2.0f, y0 + TH, TW / 2.0f, y0 + TH + thick, 0, y0 + TH / 2.0f + thick};
    float right[] = {TW / 2.0f, y0 + TH, TW, y0 + TH / 2.0f, TW, y0 + TH / 2.0f + thick, TW / 2.0f, y0 + TH + thick};
    Side ls = {shade(side, 0.78f), bricks, thick}, rs = {shade(side, 0.58f), bricks, thick};
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
    draw_slab(&c, 8 - thick, thick, top, side, false);
    bool ok = save(&c, dir, name);
    free(c.px);
    return ok;
}
