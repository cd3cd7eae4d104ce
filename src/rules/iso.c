/* SPDX-License-Identifier: MIT */
/* iso.c - the one place where tile, world and screen coordinates convert.
 * Screen -> tile floors (never truncates) so negative coordinates and edge
 * points are exact; bounds are checked on both axes. Also the screen's
 * footprint in world space and polygon clipping against a rectangle. */
#include "iso.h"

#include <math.h>

IsoView iso_view(double tile_w, double tile_h)
{
    IsoView v = {tile_w, tile_h, 1.0, 0.0, 0.0};
    return v;
}

ScreenPos iso_world_to_screen(const IsoView *v, WorldPos w)
{
    ScreenPos s = {(w.x - w.y) * v->tile_w * 0.5 * v->zoom + v->off_x,
                   (w.x + w.y) * v->tile_h * 0.5 * v->zoom + v->off_y};
    return s;
}

WorldPos iso_screen_to_world(const IsoView *v, ScreenPos s)
{
    double u = (s.x - v->off_x) / (v->tile_w * 0.5 * v->zoom);
    double t = (s.y - v->off_y) / (v->tile_h * 0.5 * v->zoom);
    WorldPos w = {(t + u) * 0.5, (t - u) * 0.5};
    return w;
}

/* floor on both axes: a point on a diamond edge belongs to the tile with the
 * larger coordinate, the same rule the drawing uses */
static NavPos iso_world_to_tile(WorldPos w)
{
    return nav_pos((int)floor(w.x), (int)floor(w.y));
}

WorldPos iso_tile_center(NavPos t)
{
    WorldPos w = {t.x + 0.5, t.y + 0.5};
    return w;
}

ScreenPos iso_tile_to_screen(const IsoView *v, NavPos t)
{
    WorldPos w = {t.x, t.y};
    return iso_world_to_screen(v, w);
}

bool iso_screen_to_tile(const IsoView *v, ScreenPos s, int w, int h, NavPos *out)
{
    WorldPos p = iso_screen_to_world(v, s);
    if (!(p.x >= 0.0 && p.y >= 0.0 && p.x < (double)w && p.y < (double)h))
        return false;
    *out = iso_world_to_tile(p);
    return out->x >= 0 && out->y >= 0 && out->x < w && out->y < h;
}

void iso_zoom_at(IsoView *v, ScreenPos anchor, double zoom, double min, double max)
{
    WorldPos w = iso_screen_to_world(v, anchor);
    v->zoom = zoom < min ? min : zoom > max ? max : zoom;
    iso_look_at(v, w, anchor);
}

void iso_look_at(IsoView *v, WorldPos w, ScreenPos s)
{
    v->off_x = 0.0;
    v->off_y = 0.0;
    ScreenPos at = iso_world_to_screen(v, w);
    v->off_x = s.x - at.x;
    v->off_y = s.y - at.y;
}

void iso_screen_footprint(const IsoView *v, double w, double h, WorldPos out[4])
{
    out[0] = iso_screen_to_world(v, (ScreenPos){0, 0});
    out[1] = iso_screen_to_world(v, (ScreenPos){w, 0});
    out[2] = iso_screen_to_world(v, (ScreenPos){w, h});
    out[3] = iso_screen_to_world(v, (ScreenPos){0, h});
}

/* One side of the clip rectangle: axis 0 is x, 1 is y; keep points whose
 * coordinate is >= limit (sign 1) or <= limit (sign -1). */
typedef struct ClipSide {
    int axis;
    double limit, sign;
} ClipSide;

static double clip_coord(WorldPos p, int axis)
{
    return axis ? p.y : p.x;
}

static bool clip_inside(WorldPos p, ClipSide s)
{
    return (clip_coord(p, s.axis) - s.limit) * s.sign >= 0.0;
}

/* Where segment a-b crosses the side's line; the crossing coordinate is set
 * exactly so that it lies on the rectangle. */
static WorldPos clip_cross(WorldPos a, WorldPos b, ClipSide s)
{
    double ca = clip_coord(a, s.axis), cb = clip_coord(b, s.axis);
    double t = (s.limit - ca) / (cb - ca);
    WorldPos p = {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
    if (s.axis)
        p.y = s.limit;
    else
        p.x = s.limit;
    return p;
}

/* Clips to one side; out has room for ISO_CLIP_MAX points (a polygon that
 * is not convex and would need more is cut short, never overrun). */
static int clip_side(const WorldPos *in, int n, ClipSide s, WorldPos *out)
{
    int m = 0;
    for (int i = 0; i < n && m < ISO_CLIP_MAX - 1; i++) {
        WorldPos a = in[i], b = in[(i + 1) % n];
        bool ia = clip_inside(a, s), ib = clip_inside(b, s);
        if (ia)
            out[m++] = a;
        if (ia != ib)
            out[m++] = clip_cross(a, b, s);
    }
    return m;
}

int iso_clip_polygon(const WorldPos *in, int n, WorldPos lo, WorldPos hi, WorldPos *out)
{
    if (n < 3 || n > ISO_CLIP_MAX - 4 || !(lo.x <= hi.x && lo.y <= hi.y))
        return 0;
    /* a convex polygon gains at most one point per side */
    WorldPos a[ISO_CLIP_MAX], b[ISO_CLIP_MAX];
    for (int i = 0; i < n; i++)
        a[i] = in[i];
    const ClipSide sides[4] = {{0, lo.x, 1.0}, {0, hi.x, -1.0}, {1, lo.y, 1.0}, {1, hi.y, -1.0}};
    WorldPos *src = a, *dst = b;
    for (int k = 0; k < 4 && n > 0; k++) {
        n = clip_side(src, n, sides[k], dst);
        WorldPos *t = src;
        src = dst;
        dst = t;
    }
    if (n < 3)
        return 0;
    for (int i = 0; i < n; i++)
        out[i] = src[i];
    return n;
}
