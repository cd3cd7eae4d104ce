/* SPDX-License-Identifier: MIT */
/* picture.c - a level drawn from above into an RGBA buffer (picture.h):
 * tiles as squares, the heat map, and shapes (discs, convex polygons, the
 * strokes of a walk) with antialiased edges blended over them. Decides
 * nothing; the colours are mapcolor.c's. */
#include "picture.h"

#include <math.h>
#include <stdlib.h>

/* ---- the buffer ---------------------------------------------------------------------- */

int picture_max_scale(int level_w, int level_h)
{
    for (int s = PICTURE_SCALE_MAX; s >= 1; s--)
        if (level_w >= 1 && level_h >= 1 && (long)level_w * s <= PICTURE_SIDE_MAX &&
            (long)level_h * s <= PICTURE_SIDE_MAX && (size_t)level_w * (size_t)level_h * (size_t)s * (size_t)s <=
                                                         PICTURE_PIXELS_MAX)
            return s;
    return 0;
}

int picture_default_scale(int level_w, int level_h)
{
    int side = level_w > level_h ? level_w : level_h;
    int s = side > 0 ? PICTURE_LONG_SIDE / side : 1;
    int most = picture_max_scale(level_w, level_h);
    s = s > most ? most : s;
    return s < 1 ? 1 : s;
}

bool picture_init(Picture *p, int level_w, int level_h, int scale)
{
    *p = (Picture){0};
    if (scale < 1 || scale > picture_max_scale(level_w, level_h))
        return false;
    int w = level_w * scale, h = level_h * scale;
    p->rgba = calloc((size_t)w * (size_t)h, 4);
    if (!p->rgba)
        return false;
    p->w = w;
    p->h = h;
    p->scale = scale;
    return true;
}

void picture_deinit(Picture *p)
{
    free(p->rgba);
    *p = (Picture){0};
}

MapColor picture_pixel(const Picture *p, int x, int y)
{
    const uint8_t *d = p->rgba + ((size_t)y * (size_t)p->w + (size_t)x) * 4;
    return (MapColor){d[0], d[1], d[2], d[3]};
}

static void put(Picture *p, int x, int y, MapColor c)
{
    uint8_t *d = p->rgba + ((size_t)y * (size_t)p->w + (size_t)x) * 4;
    d[0] = c.r;
    d[1] = c.g;
    d[2] = c.b;
    d[3] = c.a;
}

/* c over pixel (x, y), covering `cover` (0..1) of it. */
static void blend(Picture *p, int x, int y, MapColor c, float cover)
{
    float a = c.a / 255.0f * cover;
    if (a >= 1.0f) {
        put(p, x, y, c);
        return;
    }
    uint8_t *d = p->rgba + ((size_t)y * (size_t)p->w + (size_t)x) * 4;
    float da = d[3] / 255.0f, out = a + da * (1.0f - a);
    if (out <= 0.0f)
        return;
    const uint8_t s[3] = {c.r, c.g, c.b};
    for (int k = 0; k < 3; k++)
        d[k] = (uint8_t)((s[k] * a + d[k] * da * (1.0f - a)) / out + 0.5f);
    d[3] = (uint8_t)(out * 255.0f + 0.5f);
}

/* Tile (tx, ty)'s square. */
static void fill_tile(Picture *p, int tx, int ty, MapColor c)
{
    for (int y = ty * p->scale; y < (ty + 1) * p->scale; y++)
        for (int x = tx * p->scale; x < (tx + 1) * p->scale; x++)
            put(p, x, y, c);
}

/* Tile (tx, ty)'s square with its top and left edges a shade darker, so
 * that from 8 pixels a tile up the tiles one walks on show one by one. */
static void fill_tile_lined(Picture *p, int tx, int ty, MapColor c)
{
    fill_tile(p, tx, ty, c);
    if (p->scale < 8)
        return;
    MapColor d = {(uint8_t)(c.r * 7 / 8), (uint8_t)(c.g * 7 / 8), (uint8_t)(c.b * 7 / 8), c.a};
    for (int i = 0; i < p->scale; i++) {
        put(p, tx * p->scale + i, ty * p->scale, d);
        put(p, tx * p->scale, ty * p->scale + i, d);
    }
}

/* ---- shapes ---------------------------------------------------------------------------- */

/* A disc (n 0: centre cx, cy and radius r) or a convex polygon of n corners
 * going clockwise on the picture (y down), in pixels. */
typedef struct Shape {
    int n;
    float x[4], y[4];
    float cx, cy, r;
} Shape;

static Shape disc(float cx, float cy, float r)
{
    return (Shape){.n = 0, .cx = cx, .cy = cy, .r = r};
}

static bool shape_covers(const Shape *s, float x, float y)
{
    if (s->n == 0)
        return (x - s->cx) * (x - s->cx) + (y - s->cy) * (y - s->cy) <= s->r * s->r;
    for (int i = 0; i < s->n; i++) {
        int j = (i + 1) % s->n;
        if ((s->x[j] - s->x[i]) * (y - s->y[i]) - (s->y[j] - s->y[i]) * (x - s->x[i]) < 0)
            return false;
    }
    return true;
}

/* The shape grown by `by` pixels around (cx, cy): a rim to draw under it. */
static Shape shape_grown(const Shape *s, float cx, float cy, float size, float by)
{
    Shape g = *s;
    if (s->n == 0) {
        g.r += by;
        return g;
    }
    float f = (size * 0.5f + by) / (size * 0.5f);
    for (int i = 0; i < s->n; i++) {
        g.x[i] = cx + (s->x[i] - cx) * f;
        g.y[i] = cy + (s->y[i] - cy) * f;
    }
    return g;
}

/* Fills the shape: a pixel takes the share of its 4x4 sample points inside
 * (its centre alone on a shape smaller than 12 pixels). */
static void shape_fill(Picture *p, const Shape *s, MapColor c)
{
    float x0 = s->cx - s->r, x1 = s->cx + s->r, y0 = s->cy - s->r, y1 = s->cy + s->r;
    for (int i = 0; i < s->n; i++) {
        x0 = i == 0 || s->x[i] < x0 ? s->x[i] : x0;
        x1 = i == 0 || s->x[i] > x1 ? s->x[i] : x1;
        y0 = i == 0 || s->y[i] < y0 ? s->y[i] : y0;
        y1 = i == 0 || s->y[i] > y1 ? s->y[i] : y1;
    }
    int n = x1 - x0 >= 12.0f ? 4 : 1;
    int px0 = (int)fmaxf(floorf(x0), 0.0f), px1 = (int)fminf(ceilf(x1), (float)p->w - 1);
    int py0 = (int)fmaxf(floorf(y0), 0.0f), py1 = (int)fminf(ceilf(y1), (float)p->h - 1);
    for (int y = py0; y <= py1; y++)
        for (int x = px0; x <= px1; x++) {
            int in = 0;
            for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++)
                    in += shape_covers(s, x + (i + 0.5f) / n, y + (j + 0.5f) / n);
            if (in > 0)
                blend(p, x, y, c, (float)in / (float)(n * n));
        }
}

/* A stroke of radius r from (ax, ay) to (bx, by), round at both ends,
 * its edge antialiased by the distance of each pixel's centre. */
static void stroke(Picture *p, float ax, float ay, float bx, float by, float r, MapColor c)
{
    int x0 = (int)fmaxf(floorf(fminf(ax, bx) - r - 1), 0.0f), x1 = (int)fminf(ceilf(fmaxf(ax, bx) + r + 1), (float)p->w - 1);
    int y0 = (int)fmaxf(floorf(fminf(ay, by) - r - 1), 0.0f), y1 = (int)fminf(ceilf(fmaxf(ay, by) + r + 1), (float)p->h - 1);
    float dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            float px = x + 0.5f - ax, py = y + 0.5f - ay;
            float t = len2 > 0 ? (px * dx + py * dy) / len2 : 0;
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            float ex = px - t * dx, ey = py - t * dy;
            float cover = r + 0.5f - sqrtf(ex * ex + ey * ey);
            if (cover > 0)
                blend(p, x, y, c, cover < 1 ? cover : 1);
        }
}

/* ---- the layers ------------------------------------------------------------------------ */

static void draw_tiles(Picture *p, const Level *l)
{
    for (int y = 0; y < l->h; y++)
        for (int x = 0; x < l->w; x++) {
            TileKind k = level_kind(l, x, y);
            (tile_info(k)->cost ? fill_tile_lined : fill_tile)(p, x, y, mapcolor(mapcolor_terrain(k)));
        }
}

/* Each reachable tile in the heat colour of its cost over the farthest's. */
static void draw_heat(Picture *p, const NavField *f)
{
    uint64_t far = 0;
    size_t n = (size_t)f->w * (size_t)f->h;
    for (size_t i = 0; i < n; i++)
        if (f->cost[i] != UINT64_MAX && f->cost[i] > far)
            far = f->cost[i];
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            uint64_t c = f->cost[(size_t)y * (size_t)f->w + (size_t)x];
            if (c != UINT64_MAX)
                fill_tile_lined(p, x, y, mapcolor_heat(far ? (double)c / (double)far : 0.0));
        }
}

/* Tile t's centre in pixels. */
static void centre(const Picture *p, NavPos t, float *x, float *y)
{
    *x = (t.x + 0.5f) * p->scale;
    *y = (t.y + 0.5f) * p->scale;
}

/* Each patrol as the game shows it: a dotted loop through its points
 * (two dots a tile), each dot on a soft dark rim. */
static void draw_patrols(Picture *p, const Level *l)
{
    float r = fmaxf(0.5f, p->scale * 0.07f);
    MapColor rim = mapcolor(MAPCOLOR_OUTLINE);
    rim.a = 140;
    for (int k = 0; k < l->patrol_count; k++) {
        const LevelPatrol *pt = &l->patrols[k];
        for (int i = 0; i < pt->count; i++) {
            float ax, ay, bx, by;
            centre(p, pt->points[i], &ax, &ay);
            centre(p, pt->points[(i + 1) % pt->count], &bx, &by);
            int dots = (int)ceilf(hypotf(bx - ax, by - ay) / p->scale * 2.0f);
            for (int d = 0; d < dots; d++) {
                float x = ax + (bx - ax) * d / dots, y = ay + (by - ay) * d / dots;
                if (p->scale >= 4)
                    stroke(p, x, y, x, y, r + 1.0f, rim);
                stroke(p, x, y, x, y, r, mapcolor(MAPCOLOR_PATROL));
            }
        }
    }
}

/* The walk as a band from tile centre to tile centre on a dark rim (at
 * scale 4 and up), a stroke a straight run (strokes meeting in a line would
 * blend their edges twice), then the ring on its goal that the minimap puts
 * there. */
static void draw_walk(Picture *p, const NavPos *walk, int n)
{
    float r = fmaxf(1.25f, p->scale * 0.14f), rim = p->scale >= 4 ? fmaxf(1.0f, p->scale / 16.0f) : 0;
    for (int pass = rim > 0 ? 0 : 1; pass < 2; pass++) {
        MapColor c = mapcolor(pass == 0 ? MAPCOLOR_OUTLINE : MAPCOLOR_PATH);
        float w = pass == 0 ? r + rim : r, ax, ay, bx, by;
        for (int i = 0, j; i == 0 || i < n - 1; i = j) {
            /* walk[i] to walk[j]: the run of steps in the direction of walk[i]'s */
            int dx = n > 1 ? walk[i + 1].x - walk[i].x : 0, dy = n > 1 ? walk[i + 1].y - walk[i].y : 0;
            for (j = i + 1; j + 1 < n && walk[j + 1].x - walk[j].x == dx && walk[j + 1].y - walk[j].y == dy; j++)
                ;
            centre(p, walk[i], &ax, &ay);
            centre(p, walk[j < n ? j : i], &bx, &by);
            stroke(p, ax, ay, bx, by, w, c);
        }
    }
    float x, y, h = fmaxf(p->scale * 1.6f, 12.0f) * 0.5f;
    centre(p, walk[n - 1], &x, &y);
    Shape ring = disc(x, y, h + 1.0f), in = disc(x, y, h), hole = disc(x, y, h * 0.5f);
    shape_fill(p, &ring, mapcolor(MAPCOLOR_OUTLINE));
    shape_fill(p, &in, mapcolor(MAPCOLOR_PATH));
    shape_fill(p, &hole, mapcolor(MAPCOLOR_OUTLINE));
}

/* ---- the markers ----------------------------------------------------------------------- */

/* The minimap's markers, the least important first: a size per tile's side
 * and a least size in pixels; `keeps` that size on small tiles. */
static const struct {
    TileKind kind;
    MapColorId color;
    float per_tile, least;
    bool keeps;
} MARKS[] = {
    {TILE_DOOR, MAPCOLOR_DOOR, 0.9f, 2.5f, false},   {TILE_CELL, MAPCOLOR_CELL, 0.9f, 6.0f, false},
    {TILE_SENTRY, MAPCOLOR_SENTRY, 0.9f, 7.0f, false}, {TILE_EXIT, MAPCOLOR_EXIT, 0.9f, 8.0f, true},
    {TILE_START, MAPCOLOR_DROID, 1.2f, 9.0f, true},
};
enum { MARK_KINDS = sizeof MARKS / sizeof MARKS[0] };

static Shape polygon(int n, const float *xy)
{
    Shape s = {.n = n};
    for (int i = 0; i < n; i++) {
        s.x[i] = xy[2 * i];
        s.y[i] = xy[2 * i + 1];
    }
    return s;
}

/* The shape in c on a dark rim, as the minimap draws one 6 pixels or more. */
static void fill_rimmed(Picture *p, const Shape *s, float x, float y, float size, MapColor c)
{
    if (size >= 6.0f) {
        Shape rim = shape_grown(s, x, y, size, fmaxf(1.0f, size / 14.0f));
        shape_fill(p, &rim, mapcolor(MAPCOLOR_OUTLINE));
    }
    shape_fill(p, s, c);
}

/* Marker m (an index of MARKS) of `size` pixels centred on (x, y). */
static void draw_mark(Picture *p, int m, float x, float y, float size)
{
    float h = size * 0.5f;
    MapColor c = mapcolor(MARKS[m].color);
    switch (MARKS[m].kind) {
    case TILE_DOOR: { /* an amber bar */
        float xy[8] = {x - h, y - h * 0.45f, x + h, y - h * 0.45f, x + h, y + h * 0.45f, x - h, y + h * 0.45f};
        Shape s = polygon(4, xy);
        fill_rimmed(p, &s, x, y, size, c);
        break;
    }
    case TILE_CELL: { /* a yellow diamond */
        float xy[8] = {x, y - h, x + h * 0.75f, y, x, y + h, x - h * 0.75f, y};
        Shape s = polygon(4, xy);
        fill_rimmed(p, &s, x, y, size, c);
        break;
    }
    case TILE_SENTRY: { /* a red triangle */
        float xy[6] = {x, y - h, x + h, y + h * 0.8f, x - h, y + h * 0.8f};
        Shape s = polygon(3, xy);
        fill_rimmed(p, &s, x, y, size, c);
        break;
    }
    case TILE_EXIT: { /* a green square with a light core */
        float xy[8] = {x - h, y - h, x + h, y - h, x + h, y + h, x - h, y + h};
        float in[8] = {x - h * 0.4f, y - h * 0.4f, x + h * 0.4f, y - h * 0.4f, x + h * 0.4f, y + h * 0.4f,
                       x - h * 0.4f, y + h * 0.4f};
        Shape s = polygon(4, xy), core = polygon(4, in);
        fill_rimmed(p, &s, x, y, size, c);
        shape_fill(p, &core, mapcolor(MAPCOLOR_EXIT_CORE));
        break;
    }
    default: { /* the droid: a white disc in a dark ring, a blue core */
        Shape ring = disc(x, y, h + 1.0f), body = disc(x, y, h), core = disc(x, y, h * 0.45f);
        shape_fill(p, &ring, mapcolor(MAPCOLOR_OUTLINE));
        shape_fill(p, &body, c);
        shape_fill(p, &core, mapcolor(MAPCOLOR_DROID_CORE));
        break;
    }
    }
}

static void draw_marks(Picture *p, const Level *l)
{
    for (int m = 0; m < MARK_KINDS; m++) {
        char glyph = tile_info(MARKS[m].kind)->glyph;
        float size = p->scale * MARKS[m].per_tile;
        bool tiles = size < MARKS[m].least && !MARKS[m].keeps;
        size = size < MARKS[m].least ? MARKS[m].least : size;
        for (int y = 0; y < l->h; y++) {
            const char *row = l->glyphs + (size_t)y * (size_t)l->w;
            for (int x = 0; x < l->w; x++) {
                if (row[x] != glyph)
                    continue;
                if (tiles) {
                    fill_tile(p, x, y, mapcolor(MARKS[m].color));
                    continue;
                }
                float cx, cy;
                centre(p, nav_pos(x, y), &cx, &cy);
                draw_mark(p, m, cx, cy, size);
            }
        }
    }
}

void picture_draw(Picture *p, const Level *l, const PictureLayers *layers)
{
    if (!p->rgba || (long)l->w * p->scale != p->w || (long)l->h * p->scale != p->h)
        return;
    draw_tiles(p, l);
    if (layers && layers->field && layers->field->w == l->w && layers->field->h == l->h)
        draw_heat(p, layers->field);
    draw_patrols(p, l);
    if (layers && layers->walk && layers->walk_count > 0)
        draw_walk(p, layers->walk, layers->walk_count);
    draw_marks(p, l);
}
