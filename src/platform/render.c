/* SPDX-License-Identifier: MIT */
/* render.c - the renderer's lifetime and the frame: sprites scaled once per
 * zoom, the fonts sized to the window's layout (render_draw.c draws with
 * them); render_frame draws the world, the minimap and the UI in that order.
 * Draws what the game decided and decides nothing. */
#include "render_int.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

Renderer *render_create(SDL_Renderer *sdl, Assets *assets)
{
    Renderer *r = calloc(1, sizeof *r);
    if (r) {
        r->sdl = sdl;
        r->assets = assets;
        r->font_px = 14; /* what assets_load opened them at */
        r->big_px = 20;
    }
    return r;
}

void render_destroy(Renderer *r)
{
    if (!r)
        return;
    render_text_flush(r);
    render_minimap_free(r);
    render_world_free(r);
    for (int i = 0; i < IMAGE_COUNT; i++) {
        if (r->sprite[i].tex)
            SDL_DestroyTexture(r->sprite[i].tex);
        if (r->icon[i])
            SDL_DestroyTexture(r->icon[i]);
    }
    free(r);
}

/* The sprite sheets: frame size and columns x rows (assets.h). Each frame is
 * scaled to a whole number of pixels so frames never straddle pixels. */
static const struct {
    AssetImage image;
    int fw, fh, cols, rows;
} sheets[] = {
    {IMAGE_DROID, DROID_FRAME_W, DROID_FRAME_H, 1 + DROID_WALK_FRAMES, 8},
    {IMAGE_SENTRY, SENTRY_FRAME_W, SENTRY_FRAME_H, 1 + SENTRY_WALK_FRAMES, 8},
    {IMAGE_DOOR_FRAMES, DOOR_FRAME_W, DOOR_FRAME_H, DOOR_FRAMES, DOOR_ROWS},
    {IMAGE_EXIT_OPEN, EXIT_FRAME_W, EXIT_FRAME_H, EXIT_FRAMES, 1},
    {IMAGE_SPARKLE, SPARKLE_FRAME_W, SPARKLE_FRAME_H, SPARKLE_FRAMES, 1},
    {IMAGE_EDGES, EDGE_W, EDGE_H, EDGE_FRAMES, EDGE_ROWS},
};

/* The sprites at zoom, the tiles those of area. */
static void sprites_for_zoom(Renderer *r, double zoom, LevelArea area)
{
    if (r->sprite_zoom == zoom && r->sprite_area == area && r->sprite[0].tex)
        return;
    r->sprite_zoom = zoom;
    r->sprite_area = area;
    for (int i = 0; i < IMAGE_COUNT; i++) {
        Sprite *sp = &r->sprite[i];
        if (sp->tex)
            SDL_DestroyTexture(sp->tex);
        sp->tex = NULL;
        SDL_Surface *src = assets_tile(r->assets, area, (AssetImage)i);
        int w = (int)lround(src->w * zoom), h = (int)lround(src->h * zoom);
        sp->fw = w;
        sp->fh = h;
        for (size_t k = 0; k < sizeof sheets / sizeof sheets[0]; k++)
            if ((int)sheets[k].image == i) {
                sp->fw = (int)lround(sheets[k].fw * zoom);
                sp->fh = (int)lround(sheets[k].fh * zoom);
                w = sp->fw * sheets[k].cols;
                h = sp->fh * sheets[k].rows;
            }
        SDL_Surface *dst = SDL_CreateRGBSurfaceWithFormat(0, w > 0 ? w : 1, h > 0 ? h : 1, 32, SDL_PIXELFORMAT_ARGB8888);
        if (!dst)
            continue;
        if (SDL_SoftStretchLinear(src, NULL, dst, NULL) != 0)
            SDL_BlitScaled(src, NULL, dst, NULL);
        sp->tex = SDL_CreateTextureFromSurface(r->sdl, dst);
        sp->w = dst->w;
        sp->h = dst->h;
        SDL_FreeSurface(dst);
        if (sp->tex)
            SDL_SetTextureBlendMode(sp->tex, SDL_BLENDMODE_BLEND);
    }
}


/* The assets' fonts at the layout's sizes; the cache holds text of the old
 * sizes, so it is emptied when they change. */
void render_fonts_for_layout(Renderer *r, const Layout *lay)
{
    if (r->font_px == lay->font_px && r->big_px == lay->big_px)
        return;
    if (TTF_SetFontSize(r->assets->font, lay->font_px) == 0)
        r->font_px = lay->font_px;
    if (TTF_SetFontSize(r->assets->font_big, lay->big_px) == 0)
        r->big_px = lay->big_px;
    render_text_flush(r);
}


/* ---- the frame ------------------------------------------------------------------ */

void render_frame(Renderer *r, const Scene *sc, const HudStats *hs)
{
    r->frame++;
    r->palette = hs->settings && hs->settings->colour_blind ? MAP_PALETTE_COLORBLIND : MAP_PALETTE_STANDARD;
    r->lay = render_layout(&sc->frame);
    render_fonts_for_layout(r, &r->lay);
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r->sdl, 22, 26, 36, 255);
    SDL_RenderClear(r->sdl);
    sprites_for_zoom(r, sc->frame.view.zoom, sc->area);
    render_marks_refresh(r, sc);
    render_world(r, sc);
    if (hs->front && hs->front->screen != FRONT_PLAY) {
        render_front(r, sc, hs);
        return;
    }
    if (sc->frame.show_minimap)
        render_minimap_draw(r, sc);
    render_ui(r, sc, hs);
}
