/* SPDX-License-Identifier: MIT */
/* render_layout.c - the window's layout, from its size alone (and the
 * player's text size): the UI scale, the text sizes, where the HUD, the
 * minimap and the editor's palette go. Every part that places a panel asks it. */
#include "render_int.h"

#include <math.h>

Layout render_layout(const SceneFrame *f)
{
    Layout L;
    int w = f->screen_w, h = f->screen_h;
    /* text and panels scale with the window, in eighths, never below what reads */
    double ui = floor(fmin(w / 1280.0, h / 720.0) * 8.0) / 8.0;
    ui *= f->text_size > 0 ? f->text_size / 100.0 : 1.0; /* the player's text size (settings) */
    L.ui = ui < 0.75 ? 0.75 : ui > 3.0 ? 3.0 : ui;
    L.font_px = render_px(L.ui, 14);
    L.big_px = render_px(L.ui, 20);
    L.line = render_px(L.ui, 20);
    L.big_line = render_px(L.ui, 28);
    L.pad = render_px(L.ui, 10);
    L.box_lines = h / (8 * L.line);
    L.box_lines = L.box_lines < 1 ? 1 : L.box_lines > 4 ? 4 : L.box_lines;

    /* the minimap: top right, at most a third of the width and of the height */
    int rim = render_px(L.ui, 6);
    double size = fmin(200 * L.ui, fmin(0.3 * w, 0.36 * h) - 2 * rim);
    double scale = fmin(size / f->w, size / f->h);
    int mw = (int)fmax(1, ceil(f->w * scale)), mh = (int)fmax(1, ceil(f->h * scale));
    L.minimap = (SDL_Rect){w - mw - L.pad - rim, L.pad + rim, mw, mh};
    L.minimap_panel = (SDL_Rect){L.minimap.x - rim, L.minimap.y - rim, mw + 2 * rim, mh + 2 * rim};
    if (size < 8) /* no room: no minimap */
        L.minimap.w = L.minimap.h = L.minimap_panel.w = L.minimap_panel.h = 0;

    /* the HUD: top left, at most 40% of the height, clear of the minimap and of
     * the middle column, where the droid stands while the camera follows it */
    int right = f->show_minimap && L.minimap_panel.w ? L.minimap_panel.x - L.pad : w - L.pad;
    int middle = w / 2 - render_px(L.ui, 32);
    L.hud = (SDL_Rect){L.pad, L.pad, (int)fmin(300 * L.ui, fmin(right, middle) - L.pad - L.pad),
                       (int)fmin(250 * L.ui, 0.4 * h)};
    if (L.hud.w < 0)
        L.hud.w = 0;

    /* the palette: bottom left, ten cells across at most the width */
    L.swatch = (int)fmin(58 * L.ui, (w - 2 * L.pad - render_px(L.ui, 16)) / (double)GAME_PALETTE_SIZE);
    if (L.swatch < 8)
        L.swatch = 8;
    int ph = L.swatch + L.line + render_px(L.ui, 16);
    L.palette = (SDL_Rect){L.pad, h - ph - L.pad, GAME_PALETTE_SIZE * L.swatch + render_px(L.ui, 16), ph};
    return L;
}
