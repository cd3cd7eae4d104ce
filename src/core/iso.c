/* iso.c - the one place where tile, world and screen coordinates convert.
 * Screen -> tile floors (never truncates) so negative coordinates and edge
 * points are exact; bounds are checked on both axes. */
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

TilePos iso_world_to_tile(WorldPos w)
{
    return tile_pos((int)floor(w.x), (int)floor(w.y));
}

WorldPos iso_tile_center(TilePos t)
{
    WorldPos w = {t.x + 0.5, t.y + 0.5};
    return w;
}

ScreenPos iso_tile_to_screen(const IsoView *v, TilePos t)
{
    WorldPos w = {t.x, t.y};
    return iso_world_to_screen(v, w);
}

bool iso_screen_to_tile(const IsoView *v, ScreenPos s, int w, int h, TilePos *out)
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
