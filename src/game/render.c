/* render.c - draws what the game decided: the iso world back to front (only
 * the tiles on screen), the droid depth-sorted among the walls, path marks,
 * the minimap, the HUD and the help overlay. Decides nothing. */
#include "render.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* ---- text: rendered once, kept while it is used -------------------------- */

enum { TEXT_CACHE = 96 };

typedef struct TextEntry {
    char s[160];
    TTF_Font *font;
    SDL_Color color;
    SDL_Texture *tex;
    int w, h;
    unsigned long used;
} TextEntry;

/* An image scaled to the current zoom, drawn 1:1 (the software renderer's
 * fast path); remade only when the zoom changes. */
typedef struct Sprite {
    SDL_Texture *tex;
    int w, h;
    int fw, fh; /* one frame of a sheet at this zoom (the whole image otherwise) */
} Sprite;

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
};

struct Renderer {
    SDL_Renderer *sdl;
    Assets *assets;
    Sprite sprite[IMAGE_COUNT];
    double sprite_zoom;
    int frame_w, frame_h; /* droid frame at this zoom */
    TextEntry text[TEXT_CACHE];
    unsigned long frame;
    SDL_Texture *minimap;
    int minimap_w, minimap_h;
    unsigned minimap_version; /* the level_version it shows */
    SDL_Texture *icon[IMAGE_COUNT]; /* unscaled images for the editor's palette */
    SDL_Rect minimap_rect;
};

Renderer *render_create(SDL_Renderer *sdl, Assets *assets)
{
    Renderer *r = calloc(1, sizeof *r);
    if (r) {
        r->sdl = sdl;
        r->assets = assets;
    }
    return r;
}

void render_destroy(Renderer *r)
{
    if (!r)
        return;
    for (int i = 0; i < TEXT_CACHE; i++)
        if (r->text[i].tex)
            SDL_DestroyTexture(r->text[i].tex);
    if (r->minimap)
        SDL_DestroyTexture(r->minimap);
    for (int i = 0; i < IMAGE_COUNT; i++) {
        if (r->sprite[i].tex)
            SDL_DestroyTexture(r->sprite[i].tex);
        if (r->icon[i])
            SDL_DestroyTexture(r->icon[i]);
    }
    free(r);
}

static void sprites_for_zoom(Renderer *r, double zoom)
{
    if (r->sprite_zoom == zoom && r->sprite[0].tex)
        return;
    r->sprite_zoom = zoom;
    r->frame_w = (int)lround(DROID_FRAME_W * zoom);
    r->frame_h = (int)lround(DROID_FRAME_H * zoom);
    for (int i = 0; i < IMAGE_COUNT; i++) {
        Sprite *sp = &r->sprite[i];
        if (sp->tex)
            SDL_DestroyTexture(sp->tex);
        sp->tex = NULL;
        SDL_Surface *src = r->assets->image[i];
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

/* Draws sprite i with its top-left at (x, y), rounded to whole pixels. */
static void blit(Renderer *r, int i, const SDL_Rect *src, double x, double y, int w, int h)
{
    SDL_Rect d = {(int)lround(x), (int)lround(y), w, h};
    if (r->sprite[i].tex)
        SDL_RenderCopy(r->sdl, r->sprite[i].tex, src, &d);
}

static TextEntry *text_get(Renderer *r, TTF_Font *font, const char *s, SDL_Color c)
{
    TextEntry *free_slot = NULL, *oldest = &r->text[0];
    for (int i = 0; i < TEXT_CACHE; i++) {
        TextEntry *e = &r->text[i];
        if (e->tex && e->font == font && !memcmp(&e->color, &c, sizeof c) && !strcmp(e->s, s)) {
            e->used = r->frame;
            return e;
        }
        if (!e->tex && !free_slot)
            free_slot = e;
        if (e->used < oldest->used)
            oldest = e;
    }
    TextEntry *e = free_slot ? free_slot : oldest;
    if (e->tex)
        SDL_DestroyTexture(e->tex);
    e->tex = NULL;
    SDL_Surface *surf = TTF_RenderUTF8_Blended(font, s[0] ? s : " ", c);
    if (!surf)
        return NULL;
    e->tex = SDL_CreateTextureFromSurface(r->sdl, surf);
    e->w = surf->w;
    e->h = surf->h;
    SDL_FreeSurface(surf);
    snprintf(e->s, sizeof e->s, "%s", s);
    e->font = font;
    e->color = c;
    e->used = r->frame;
    return e->tex ? e : NULL;
}

/* Draws text with a soft shadow; returns its width. */
static int text(Renderer *r, TTF_Font *font, int x, int y, SDL_Color c, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static int text(Renderer *r, TTF_Font *font, int x, int y, SDL_Color c, const char *fmt, ...)
{
    char s[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s, sizeof s, fmt, ap);
    va_end(ap);
    SDL_Color black = {0, 0, 0, 200};
    TextEntry *sh = text_get(r, font, s, black);
    if (sh) {
        SDL_Rect d = {x + 1, y + 1, sh->w, sh->h};
        SDL_RenderCopy(r->sdl, sh->tex, NULL, &d);
    }
    TextEntry *e = text_get(r, font, s, c);
    if (!e)
        return 0;
    SDL_Rect d = {x, y, e->w, e->h};
    SDL_RenderCopy(r->sdl, e->tex, NULL, &d);
    return e->w;
}

static void panel(Renderer *r, SDL_Rect rect, Uint8 alpha)
{
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, 12, 16, 26, alpha);
    SDL_RenderFillRect(r->sdl, &rect);
    SDL_SetRenderDrawColor(r->sdl, 90, 120, 170, 160);
    SDL_RenderDrawRect(r->sdl, &rect);
}

/* ---- the world ---------------------------------------------------------------- */

static void diamond_points(const Game *g, TilePos t, double inset, SDL_FPoint p[5])
{
    const IsoView *v = &g->view;
    WorldPos corners[4] = {{t.x + inset, t.y + inset}, {t.x + 1 - inset, t.y + inset},
                           {t.x + 1 - inset, t.y + 1 - inset}, {t.x + inset, t.y + 1 - inset}};
    for (int i = 0; i < 4; i++) {
        ScreenPos s = iso_world_to_screen(v, corners[i]);
        p[i].x = (float)s.x;
        p[i].y = (float)s.y;
    }
    p[4] = p[0];
}

static void fill_diamond(Renderer *r, const Game *g, TilePos t, double inset, SDL_Color c)
{
    SDL_FPoint p[5];
    diamond_points(g, t, inset, p);
    SDL_Vertex v[4];
    for (int i = 0; i < 4; i++) {
        v[i].position = p[i];
        v[i].color = c;
        v[i].tex_coord = (SDL_FPoint){0, 0};
    }
    int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(r->sdl, NULL, v, 4, idx, 6);
}

static void outline_diamond(Renderer *r, const Game *g, TilePos t, double inset, SDL_Color c)
{
    SDL_FPoint p[5];
    diamond_points(g, t, inset, p);
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, c.r, c.g, c.b, c.a);
    SDL_RenderDrawLinesF(r->sdl, p, 5);
    for (int i = 0; i < 5; i++)
        p[i].y += 1;
    SDL_RenderDrawLinesF(r->sdl, p, 5);
}

/* The tiles whose sprites can touch the screen: diagonals s = x + y in
 * [s0, s1], and on each, x - y in [d0, d1]. Cost follows the screen. */
typedef struct Visible {
    int s0, s1, d0, d1;
} Visible;

static Visible visible_tiles(const Game *g)
{
    ScreenPos c[4] = {{0, 0}, {g->screen_w, 0}, {0, g->screen_h}, {g->screen_w, g->screen_h}};
    double smin = 1e18, smax = -1e18, dmin = 1e18, dmax = -1e18;
    for (int i = 0; i < 4; i++) {
        WorldPos w = iso_screen_to_world(&g->view, c[i]);
        smin = fmin(smin, w.x + w.y);
        smax = fmax(smax, w.x + w.y);
        dmin = fmin(dmin, w.x - w.y);
        dmax = fmax(dmax, w.x - w.y);
    }
    /* walls and the droid rise up to 2.5 diagonals above their tile */
    Visible v = {(int)floor(smin) - 2, (int)ceil(smax) + 4, (int)floor(dmin) - 2, (int)ceil(dmax) + 2};
    int maxs = g->sim.grid.w + g->sim.grid.h - 2;
    if (v.s0 < 0)
        v.s0 = 0;
    if (v.s1 > maxs)
        v.s1 = maxs;
    return v;
}

/* The columns of diagonal s that are on the level and on screen. */
static void diagonal_span(const Level *l, const Visible *v, int s, int *x0, int *x1)
{
    int lo = (s + v->d0 + 1) / 2, hi = (s + v->d1) / 2;
    if (lo < 0)
        lo = 0;
    if (lo < s - (l->h - 1))
        lo = s - (l->h - 1);
    if (hi > l->w - 1)
        hi = l->w - 1;
    if (hi > s)
        hi = s;
    *x0 = lo;
    *x1 = hi;
}

static void tile_rect(const Game *g, TilePos t, int tex_w, int tex_h, int rise, SDL_FRect *out)
{
    ScreenPos top = iso_tile_to_screen(&g->view, t);
    double z = g->view.zoom;
    out->x = (float)(top.x - tex_w * 0.5 * z);
    out->y = (float)(top.y - rise * z);
    out->w = (float)(tex_w * z);
    out->h = (float)(tex_h * z);
}

static void draw_ground(Renderer *r, const Game *g, const Visible *v)
{
    const Level *l = &g->level;
    for (int s = v->s0; s <= v->s1; s++) {
        int x0, x1;
        diagonal_span(l, v, s, &x0, &x1);
        for (int x = x0; x <= x1; x++) {
            TileKind k = sim_kind(&g->sim, x, s - x);
            int img = r->assets->ground[k];
            if (img < 0)
                continue;
            SDL_FRect d;
            tile_rect(g, tile_pos(x, s - x), 64, 40, 0, &d);
            if (k == TILE_WATER)
                d.y += (float)(4 * g->view.zoom);
            blit(r, img, NULL, d.x, d.y, r->sprite[img].w, r->sprite[img].h);
        }
    }
}

static void draw_marks(Renderer *r, const Game *g, const Visible *v)
{
    if (g->editing) {
        /* what the floor sprites do not show: the start and the sentries */
        for (int s = v->s0; s <= v->s1; s++) {
            int x0, x1;
            diagonal_span(&g->level, v, s, &x0, &x1);
            for (int x = x0; x <= x1; x++)
                if (level_glyph(&g->level, x, s - x) == 'S')
                    fill_diamond(r, g, tile_pos(x, s - x), 0.18, (SDL_Color){230, 60, 60, 150});
        }
        outline_diamond(r, g, g->level.start, 0.12, (SDL_Color){255, 210, 60, 255});
    }
    /* the path a click would take: faint, red where the energy runs out */
    for (int i = 0; i < g->preview.count; i++)
        fill_diamond(r, g, g->preview.tiles[i], 0.36,
                     i < g->preview_afford ? (SDL_Color){255, 255, 255, 70} : (SDL_Color){255, 60, 50, 150});
    /* the active path: bright, and the target */
    int left = mover_remaining(&g->sim.droid);
    for (int i = 0; i < left; i++)
        fill_diamond(r, g, mover_route_tile(&g->sim.droid, i), 0.3, (SDL_Color){80, 220, 255, 170});
    if (g->sim.has_target) {
        double pulse = 0.1 + 0.04 * sin(g->clock * 6);
        outline_diamond(r, g, g->sim.target, pulse, (SDL_Color){80, 220, 255, 230});
    }
    if (g->hover_valid) {
        bool blocked = !grid_walkable(&g->sim.grid, g->hover.x, g->hover.y);
        outline_diamond(r, g, g->hover, 0.02, blocked ? (SDL_Color){255, 110, 90, 230} : (SDL_Color){255, 240, 150, 230});
    }
}

static SDL_FRect droid_rect(const Renderer *r, const Game *g)
{
    ScreenPos feet = iso_world_to_screen(&g->view, g->sim.droid.pos);
    double z = g->view.zoom;
    SDL_FRect d = {(float)(feet.x - DROID_FEET_X * z), (float)(feet.y - DROID_FEET_Y * z), (float)r->frame_w,
                   (float)r->frame_h};
    return d;
}

static void draw_droid(Renderer *r, const Game *g)
{
    int frame = 0;
    if (g->sim.droid.moving) /* a stride a tile: slower ground, slower steps */
        frame = 1 + (int)(g->sim.droid.walked * DROID_WALK_FRAMES) % DROID_WALK_FRAMES;
    SDL_Rect src = {frame * r->frame_w, (int)g->sim.droid.facing * r->frame_h, r->frame_w, r->frame_h};
    SDL_FRect d = droid_rect(r, g);
    blit(r, IMAGE_DROID, &src, d.x, d.y, r->frame_w, r->frame_h);
}

/* A door from the sheet: its row by the walls it stands between, its frame
 * by how far open the sim says it is. front: only the near post and lintel,
 * drawn over the droid standing in the doorway. */
static void draw_door(Renderer *r, const Game *g, TilePos t, bool front)
{
    const SimDoor *d = sim_door_at(&g->sim, t.x, t.y);
    int anim = d ? d->anim : 0;
    int frame = (anim * (DOOR_FRAMES - 1) + SIM_DOOR_ANIM_TICKS / 2) / SIM_DOOR_ANIM_TICKS;
    bool along_x = sim_kind(&g->sim, t.x - 1, t.y) == TILE_WALL || sim_kind(&g->sim, t.x + 1, t.y) == TILE_WALL;
    int row = (along_x ? DOOR_ROW_ALONG_X : DOOR_ROW_ALONG_Y) + (front ? DOOR_ROW_FRONT : 0);
    const Sprite *sp = &r->sprite[IMAGE_DOOR_FRAMES];
    SDL_FRect dst;
    tile_rect(g, t, DOOR_FRAME_W, DOOR_FRAME_H, DOOR_ANCHOR_Y, &dst);
    SDL_Rect src = {frame * sp->fw, row * sp->fh, sp->fw, sp->fh};
    blit(r, IMAGE_DOOR_FRAMES, &src, dst.x, dst.y, sp->fw, sp->fh);
}

/* The exit: dark and shut while locked, a lit, animated beam once open. */
static void draw_exit(Renderer *r, const Game *g, TilePos t)
{
    SDL_FRect dst;
    tile_rect(g, t, EXIT_FRAME_W, EXIT_FRAME_H, EXIT_ANCHOR_Y, &dst);
    if (!g->sim.exit_open) {
        blit(r, IMAGE_EXIT_LOCKED, NULL, dst.x, dst.y, r->sprite[IMAGE_EXIT_LOCKED].w, r->sprite[IMAGE_EXIT_LOCKED].h);
        return;
    }
    const Sprite *sp = &r->sprite[IMAGE_EXIT_OPEN];
    int frame = (int)(g->clock * 10) % EXIT_FRAMES;
    SDL_Rect src = {frame * sp->fw, 0, sp->fw, sp->fh};
    blit(r, IMAGE_EXIT_OPEN, &src, dst.x, dst.y, sp->fw, sp->fh);
}

/* The burst where a cell was picked up, played once. */
static void draw_effects(Renderer *r, const Game *g)
{
    const Sprite *sp = &r->sprite[IMAGE_SPARKLE];
    double z = g->view.zoom, length = 0.6;
    for (int i = 0; i < GAME_EFFECTS; i++) {
        const GameEffect *e = &g->effects[i];
        double age = g->clock - e->start;
        if (e->start <= 0 || age < 0 || age >= length)
            continue;
        int frame = (int)(age / length * SPARKLE_FRAMES);
        ScreenPos c = iso_world_to_screen(&g->view, (WorldPos){e->at.x + 0.5, e->at.y + 0.5});
        SDL_Rect src = {frame * sp->fw, 0, sp->fw, sp->fh};
        blit(r, IMAGE_SPARKLE, &src, c.x - SPARKLE_CENTRE_X * z, c.y - 16 * z - SPARKLE_CENTRE_Y * z, sp->fw, sp->fh);
    }
}

/* ---- sentries ------------------------------------------------------------------ */

/* A colour per state, for the sprite's tint, its mark and the minimap. */
static SDL_Color sentry_color(SentryState st)
{
    switch (st) {
    case SENTRY_ALERT: return (SDL_Color){255, 200, 40, 255};
    case SENTRY_CHASE: return (SDL_Color){255, 60, 50, 255};
    case SENTRY_SEARCH: return (SDL_Color){200, 110, 255, 255};
    case SENTRY_RETURN: return (SDL_Color){150, 170, 200, 255};
    default: return (SDL_Color){255, 140, 90, 255};
    }
}

static SDL_FRect sentry_rect(const Renderer *r, const Game *g, const Sentry *e)
{
    ScreenPos feet = iso_world_to_screen(&g->view, e->mover.pos);
    double z = g->view.zoom;
    SDL_FRect d = {(float)(feet.x - DROID_FEET_X * z), (float)(feet.y - DROID_FEET_Y * z), (float)r->frame_w,
                   (float)r->frame_h};
    return d;
}

/* A sentry: its own sheet (8 facings, idle and walk frames), tinted a
 * little by its state past guarding; the "!" sprite above it while alert and
 * a "?" while searching. */
static void draw_sentry(Renderer *r, const Game *g, const Sentry *e)
{
    const Sprite *sp = &r->sprite[IMAGE_SENTRY];
    int frame = 0;
    if (e->mover.moving)
        frame = 1 + (int)(e->mover.walked * SENTRY_WALK_FRAMES) % SENTRY_WALK_FRAMES;
    SDL_Rect src = {frame * sp->fw, (int)e->mover.facing * sp->fh, sp->fw, sp->fh};
    ScreenPos feet = iso_world_to_screen(&g->view, e->mover.pos);
    double z = g->view.zoom;
    float x = (float)(feet.x - SENTRY_FEET_X * z), y = (float)(feet.y - SENTRY_FEET_Y * z);
    SDL_Color c = sentry_color(e->state);
    if (e->state != SENTRY_GUARD)
        SDL_SetTextureColorMod(sp->tex, (Uint8)(128 + c.r / 2), (Uint8)(128 + c.g / 2), (Uint8)(128 + c.b / 2));
    blit(r, IMAGE_SENTRY, &src, x, y, sp->fw, sp->fh);
    SDL_SetTextureColorMod(sp->tex, 255, 255, 255);
    const Sprite *al = &r->sprite[IMAGE_ALERT];
    if (e->state == SENTRY_ALERT)
        blit(r, IMAGE_ALERT, NULL, (float)(feet.x - ALERT_FOOT_X * z), (float)(y - ALERT_FOOT_Y * z + 8 * z), al->w,
             al->h);
    else if (e->state == SENTRY_SEARCH)
        text(r, r->assets->font_big, (int)(feet.x - 5), (int)(y - 14 * z), c, "?");
}

/* The sentries on screen, nearest the back first (their depth x + y). */
enum { SENTRY_DRAW_MAX = 2048 };
typedef struct SentryOrder {
    double depth;
    int id;
} SentryOrder;

static int by_depth(const void *a, const void *b)
{
    const SentryOrder *x = a, *y = b;
    return x->depth < y->depth ? -1 : x->depth > y->depth ? 1 : x->id - y->id;
}

static int sentries_on_screen(const Renderer *r, const Game *g, SentryOrder *out)
{
    int n = 0;
    const Sentries *ss = &g->sim.sentries;
    for (int i = 0; i < ss->count && n < SENTRY_DRAW_MAX; i++) {
        SDL_FRect d = sentry_rect(r, g, &ss->list[i]);
        if (d.x + d.w < 0 || d.y + d.h < 0 || d.x > g->screen_w || d.y > g->screen_h)
            continue;
        out[n++] = (SentryOrder){ss->list[i].mover.pos.x + ss->list[i].mover.pos.y, i};
    }
    qsort(out, (size_t)n, sizeof *out, by_depth);
    return n;
}

/* V: every tile a sentry on screen sees now, tinted faintly on the floor. */
static void draw_cones(Renderer *r, const Game *g, const SentryOrder *on, int n)
{
    for (int k = 0; k < n; k++) {
        const Sentry *e = &g->sim.sentries.list[on[k].id];
        SDL_Color c = sentry_color(e->state);
        c.a = 60;
        TilePos at = e->mover.tile;
        for (int y = at.y - SENTRY_SIGHT_RANGE; y <= at.y + SENTRY_SIGHT_RANGE; y++)
            for (int x = at.x - SENTRY_SIGHT_RANGE; x <= at.x + SENTRY_SIGHT_RANGE; x++)
                if (sim_kind(&g->sim, x, y) != TILE_VOID && !sim_opaque(&g->sim, x, y) &&
                    sim_sentry_sees(&g->sim, on[k].id, tile_pos(x, y)))
                    fill_diamond(r, g, tile_pos(x, y), 0.08, c);
    }
}

/* An alerted or chasing sentry off screen: a marker on the screen's edge in
 * its direction from the screen's centre. */
static void draw_edge_markers(Renderer *r, const Game *g)
{
    const Sentries *ss = &g->sim.sentries;
    double cx = g->screen_w / 2.0, cy = g->screen_h / 2.0, m = 14;
    for (int i = 0; i < ss->count; i++) {
        const Sentry *e = &ss->list[i];
        if (e->state != SENTRY_ALERT && e->state != SENTRY_CHASE)
            continue;
        ScreenPos p = iso_world_to_screen(&g->view, e->mover.pos);
        if (p.x >= 0 && p.y >= 0 && p.x <= g->screen_w && p.y <= g->screen_h)
            continue;
        double dx = p.x - cx, dy = p.y - cy;
        double t = fmin(fabs(dx) > 1e-9 ? (cx - m) / fabs(dx) : 1e9, fabs(dy) > 1e-9 ? (cy - m) / fabs(dy) : 1e9);
        SDL_Color c = sentry_color(e->state);
        SDL_SetRenderDrawColor(r->sdl, c.r, c.g, c.b, 230);
        SDL_FRect d = {(float)(cx + dx * t - 6), (float)(cy + dy * t - 6), 12, 12};
        SDL_RenderFillRectF(r->sdl, &d);
    }
}

static bool overlaps(const SDL_FRect *a, const SDL_FRect *b)
{
    return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

static void draw_objects(Renderer *r, const Game *g, const Visible *v)
{
    const Level *l = &g->level;
    double depth = g->sim.droid.pos.x + g->sim.droid.pos.y;
    SDL_FRect droid = droid_rect(r, g);
    /* only the body, not the empty margin of the frame, decides see-through walls */
    droid.x += droid.w * 0.2f;
    droid.w *= 0.6f;
    droid.y += droid.h * 0.25f;
    droid.h *= 0.65f;
    bool drawn = false;
    static SentryOrder on[SENTRY_DRAW_MAX];
    int n_on = g->editing ? 0 : sentries_on_screen(r, g, on), next_on = 0;
    if (g->show_cones)
        draw_cones(r, g, on, n_on);
    for (int s = v->s0; s <= v->s1; s++) {
        if (!drawn && s > depth - 0.5) {
            draw_droid(r, g);
            /* in a doorway the door's near post and lintel stand in front of the droid */
            const Mover *m = &g->sim.droid;
            if (sim_kind(&g->sim, m->tile.x, m->tile.y) == TILE_DOOR)
                draw_door(r, g, m->tile, true);
            if (m->moving && sim_kind(&g->sim, m->next.x, m->next.y) == TILE_DOOR)
                draw_door(r, g, m->next, true);
            drawn = true;
        }
        while (next_on < n_on && s > on[next_on].depth - 0.5)
            draw_sentry(r, g, &g->sim.sentries.list[on[next_on++].id]);
        int x0, x1;
        diagonal_span(l, v, s, &x0, &x1);
        for (int x = x0; x <= x1; x++) {
            TileKind k = sim_kind(&g->sim, x, s - x);
            SDL_FRect d;
            if (k == TILE_WALL) {
                tile_rect(g, tile_pos(x, s - x), 64, 72, 40, &d);
                bool see_through = drawn && overlaps(&d, &droid);
                SDL_SetTextureAlphaMod(r->sprite[IMAGE_WALL].tex, see_through ? 105 : 255);
                /* walls in front on all three sides hide everything but the top face */
                int y = s - x, h = r->sprite[IMAGE_WALL].h;
                if (!see_through && sim_kind(&g->sim, x + 1, y) == TILE_WALL && sim_kind(&g->sim, x, y + 1) == TILE_WALL &&
                    sim_kind(&g->sim, x + 1, y + 1) == TILE_WALL)
                    h = (int)lround(32 * g->view.zoom) + 1;
                SDL_Rect src = {0, 0, r->sprite[IMAGE_WALL].w, h};
                blit(r, IMAGE_WALL, &src, d.x, d.y, src.w, h);
            } else if (k == TILE_DOOR) {
                draw_door(r, g, tile_pos(x, s - x), false);
            } else if (k == TILE_EXIT) {
                draw_exit(r, g, tile_pos(x, s - x));
            } else if (k == TILE_CELL) {
                double bob = 2 * sin(g->clock * 3 + x);
                tile_rect(g, tile_pos(x, s - x), 32, 40, 16, &d);
                d.y += (float)(bob * g->view.zoom);
                blit(r, IMAGE_CELL, NULL, d.x, d.y, r->sprite[IMAGE_CELL].w, r->sprite[IMAGE_CELL].h);
            }
        }
    }
    if (!drawn)
        draw_droid(r, g);
    while (next_on < n_on)
        draw_sentry(r, g, &g->sim.sentries.list[on[next_on++].id]);
    SDL_SetTextureAlphaMod(r->sprite[IMAGE_WALL].tex, 255);
    if (!g->editing)
        draw_edge_markers(r, g);
}

/* ---- minimap ---------------------------------------------------------------- */

static SDL_Color minimap_color(TileKind k)
{
    switch (k) {
    case TILE_WALL: return (SDL_Color){150, 142, 134, 255};
    case TILE_ROUGH: return (SDL_Color){150, 118, 80, 255};
    case TILE_DOOR: return (SDL_Color){220, 170, 60, 255};
    case TILE_WATER: return (SDL_Color){40, 100, 190, 255};
    case TILE_EXIT: return (SDL_Color){110, 240, 160, 255};
    case TILE_CELL: return (SDL_Color){240, 220, 90, 255};
    case TILE_VOID: return (SDL_Color){0, 0, 0, 0};
    default: return (SDL_Color){70, 78, 92, 255};
    }
}

/* The minimap at its on-screen size (each pixel shows the tile under its
 * centre), made when the level or the minimap's size changes, then drawn 1:1. */
static void minimap_build(Renderer *r, const Game *g, SDL_Rect rect)
{
    const Level *l = &g->level;
    if (r->minimap && r->minimap_version == g->level_version && r->minimap_w == rect.w && r->minimap_h == rect.h)
        return;
    if (r->minimap)
        SDL_DestroyTexture(r->minimap);
    r->minimap = NULL;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, rect.w, rect.h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return;
    for (int y = 0; y < rect.h; y++)
        for (int x = 0; x < rect.w; x++) {
            int tx = (int)((x + 0.5) * l->w / rect.w), ty = (int)((y + 0.5) * l->h / rect.h);
            SDL_Color c = minimap_color(sim_kind(&g->sim, tx, ty));
            ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x] = SDL_MapRGBA(s->format, c.r, c.g, c.b, c.a);
        }
    r->minimap = SDL_CreateTextureFromSurface(r->sdl, s);
    SDL_FreeSurface(s);
    r->minimap_version = g->level_version;
    r->minimap_w = rect.w;
    r->minimap_h = rect.h;
}

SDL_Rect render_minimap_rect(const Game *g)
{
    int size = g->screen_w < 500 || g->screen_h < 400 ? 110 : 200;
    double scale = fmin((double)size / g->sim.grid.w, (double)size / g->sim.grid.h);
    int w = (int)ceil(g->sim.grid.w * scale), h = (int)ceil(g->sim.grid.h * scale);
    SDL_Rect rect = {g->screen_w - w - 14, 14, w, h};
    return rect;
}

bool render_minimap_pick(const Game *g, int px, int py, TilePos *out)
{
    if (!g->show_minimap)
        return false;
    SDL_Rect rect = render_minimap_rect(g);
    if (px < rect.x || py < rect.y || px >= rect.x + rect.w || py >= rect.y + rect.h)
        return false;
    int x = (int)((px - rect.x + 0.5) * g->sim.grid.w / rect.w), y = (int)((py - rect.y + 0.5) * g->sim.grid.h / rect.h);
    *out = tile_pos(x < g->sim.grid.w ? x : g->sim.grid.w - 1, y < g->sim.grid.h ? y : g->sim.grid.h - 1);
    return true;
}

static SDL_FPoint mini_point(SDL_Rect rect, const Game *g, double wx, double wy)
{
    SDL_FPoint p = {(float)(rect.x + wx * rect.w / g->sim.grid.w), (float)(rect.y + wy * rect.h / g->sim.grid.h)};
    return p;
}

static void draw_minimap(Renderer *r, const Game *g)
{
    SDL_Rect rect = render_minimap_rect(g);
    minimap_build(r, g, rect);
    SDL_Rect back = {rect.x - 6, rect.y - 6, rect.w + 12, rect.h + 12};
    panel(r, back, 200);
    if (r->minimap)
        SDL_RenderCopy(r->sdl, r->minimap, NULL, &rect);
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    double cw = (double)rect.w / g->sim.grid.w, ch = (double)rect.h / g->sim.grid.h;
    float dot = (float)fmax(2.0, fmin(cw, ch));
    /* the path in red, alpha rising from 0.25 to 0.5 along it */
    int n = mover_remaining(&g->sim.droid);
    for (int i = 0; i < n; i++) {
        TilePos rt = mover_route_tile(&g->sim.droid, i);
        double t = n > 1 ? (double)i / (n - 1) : 1.0;
        SDL_SetRenderDrawColor(r->sdl, 255, 40, 40, (Uint8)(255 * (0.25 + 0.25 * t)));
        SDL_FPoint c = mini_point(rect, g, rt.x + 0.5, rt.y + 0.5);
        SDL_FRect d = {c.x - dot / 2, c.y - dot / 2, dot, dot};
        SDL_RenderFillRectF(r->sdl, &d);
    }
    /* the part of the level the view shows */
    ScreenPos corners[4] = {{0, 0}, {g->screen_w, 0}, {g->screen_w, g->screen_h}, {0, g->screen_h}};
    SDL_FPoint q[5];
    for (int i = 0; i < 4; i++) {
        WorldPos w = iso_screen_to_world(&g->view, corners[i]);
        w.x = fmax(0, fmin(g->sim.grid.w, w.x));
        w.y = fmax(0, fmin(g->sim.grid.h, w.y));
        q[i] = mini_point(rect, g, w.x, w.y);
    }
    q[4] = q[0];
    SDL_SetRenderDrawColor(r->sdl, 255, 255, 255, 200);
    SDL_RenderDrawLinesF(r->sdl, q, 5);
    /* the sentries, in their state's colour */
    if (!g->editing)
        for (int i = 0; i < g->sim.sentries.count; i++) {
            const Sentry *e = &g->sim.sentries.list[i];
            SDL_Color sc = sentry_color(e->state);
            SDL_SetRenderDrawColor(r->sdl, sc.r, sc.g, sc.b, 255);
            SDL_FPoint sp = mini_point(rect, g, e->mover.pos.x, e->mover.pos.y);
            SDL_FRect sd = {sp.x - dot / 2, sp.y - dot / 2, dot, dot};
            SDL_RenderFillRectF(r->sdl, &sd);
        }
    /* the droid */
    SDL_FPoint c = mini_point(rect, g, g->sim.droid.pos.x, g->sim.droid.pos.y);
    float ds = dot + 3;
    SDL_FRect d = {c.x - ds / 2, c.y - ds / 2, ds, ds};
    SDL_SetRenderDrawColor(r->sdl, 255, 220, 60, 255);
    SDL_RenderFillRectF(r->sdl, &d);
}

/* ---- HUD and help ------------------------------------------------------------- */

static const char *const help_lines[][2] = {
    {"Goal", "collect every energy cell, then walk into the exit"},
    {"Left click", "walk to a tile (or to the nearest reachable one)"},
    {"Hold the left button", "the droid follows the pointer"},
    {"Arrow keys, keypad", "step; two arrows: diagonal; hold: walk on"},
    {"R", "restart the level"},
    {"K", "sound on / off"},
    {"Click the minimap", "walk there"},
    {"Right / middle drag, W A S D", "pan the camera"},
    {"Mouse wheel", "zoom around the cursor"},
    {"C", "camera follows the droid / stays put"},
    {"V", "sentries' view cones on / off"},
    {"M", "show or hide the minimap"},
    {"PageDown / PageUp, N / P", "next / previous level of the folder"},
    {"E", "edit the level / play again"},
    {"  1 ... 9, 0 or the palette", "  pick what to paint (9 moves the start)"},
    {"  Left drag / right click", "  paint / toggle wall and floor"},
    {"  Ctrl+Z, Ctrl+Y", "  undo, redo"},
    {"  Ctrl+S", "  save the level file"},
    {"H or F1", "this help"},
    {"F11", "fullscreen"},
    {"Esc", "close this help, stop editing, or quit"},
};

static void draw_help(Renderer *r, const Game *g)
{
    int rows = (int)(sizeof help_lines / sizeof help_lines[0]);
    SDL_Rect p = {g->screen_w / 2 - 290, g->screen_h / 2 - (60 + rows * 24) / 2, 580, 60 + rows * 24};
    if (p.x < 4)
        p.x = 4;
    if (p.y < 4)
        p.y = 4;
    panel(r, p, 230);
    SDL_Color title = {255, 220, 120, 255}, key = {140, 210, 255, 255}, body = {230, 232, 240, 255};
    text(r, r->assets->font_big, p.x + 20, p.y + 14, title, "Controls");
    for (int i = 0; i < rows; i++) {
        text(r, r->assets->font, p.x + 20, p.y + 52 + i * 24, key, "%s", help_lines[i][0]);
        text(r, r->assets->font, p.x + 250, p.y + 52 + i * 24, body, "%s", help_lines[i][1]);
    }
}

/* ---- the editor's palette ------------------------------------------------------ */

static int swatch_size(const Game *g)
{
    int w = (g->screen_w - 40) / GAME_PALETTE_SIZE;
    return w > 58 ? 58 : w;
}

static SDL_Rect palette_rect(const Game *g)
{
    int sw = swatch_size(g);
    SDL_Rect p = {10, 0, GAME_PALETTE_SIZE * sw + 16, sw + 44};
    p.y = g->screen_h - p.h - 10;
    return p;
}

static SDL_Rect swatch_rect(const Game *g, int i)
{
    SDL_Rect p = palette_rect(g);
    int sw = swatch_size(g);
    SDL_Rect q = {p.x + 8 + i * sw, p.y + 36, sw - 4, sw};
    return q;
}

bool render_palette_pick(const Game *g, int px, int py, char *glyph)
{
    SDL_Rect p = palette_rect(g);
    if (!g->editing || px < p.x || py < p.y || px >= p.x + p.w || py >= p.y + p.h)
        return false;
    *glyph = g->brush; /* the panel's margin keeps the brush */
    for (int i = 0; i < GAME_PALETTE_SIZE; i++) {
        SDL_Rect q = swatch_rect(g, i);
        if (px >= q.x && py >= q.y && px < q.x + q.w && py < q.y + q.h)
            *glyph = GAME_PALETTE[i];
    }
    return true;
}

/* Image i scaled to width w, its bottom centre at (cx, bottom). */
static void icon(Renderer *r, AssetImage i, const SDL_Rect *src, int cx, int bottom, int w)
{
    if (!r->icon[i] && !(r->icon[i] = SDL_CreateTextureFromSurface(r->sdl, r->assets->image[i])))
        return;
    SDL_SetTextureBlendMode(r->icon[i], SDL_BLENDMODE_BLEND);
    int sw = src ? src->w : r->assets->image[i]->w, sh = src ? src->h : r->assets->image[i]->h;
    int h = sh * w / sw;
    SDL_Rect d = {cx - w / 2, bottom - h, w, h};
    SDL_RenderCopy(r->sdl, r->icon[i], src, &d);
}

static void draw_palette(Renderer *r, const Game *g)
{
    SDL_Rect p = palette_rect(g);
    panel(r, p, 215);
    TileKind bk = TILE_VOID;
    tile_from_glyph(g->brush, &bk);
    text(r, r->assets->font, p.x + 10, p.y + 9, (SDL_Color){255, 220, 120, 255}, "Paint: %s", tile_info(bk)->name);
    for (int i = 0; i < GAME_PALETTE_SIZE; i++) {
        SDL_Rect q = swatch_rect(g, i);
        char glyph = GAME_PALETTE[i];
        TileKind k = TILE_VOID;
        tile_from_glyph(glyph, &k);
        bool chosen = glyph == g->brush;
        SDL_SetRenderDrawColor(r->sdl, chosen ? 70 : 30, chosen ? 80 : 36, chosen ? 50 : 50, 255);
        SDL_RenderFillRect(r->sdl, &q);
        int cx = q.x + q.w / 2, bottom = q.y + q.h - 4, w = q.w - 8;
        int ground = r->assets->ground[k];
        if (ground >= 0)
            icon(r, (AssetImage)ground, NULL, cx, bottom, w);
        if (k == TILE_WALL)
            icon(r, IMAGE_WALL, NULL, cx, bottom, w);
        else if (k == TILE_CELL)
            icon(r, IMAGE_CELL, NULL, cx, bottom - w / 6, w / 2);
        else if (k == TILE_START) {
            SDL_Rect src = {0, DIR_S * DROID_FRAME_H, DROID_FRAME_W, DROID_FRAME_H};
            icon(r, IMAGE_DROID, &src, cx, bottom - w / 10, w * 2 / 3);
        } else if (k == TILE_SENTRY) {
            SDL_SetRenderDrawColor(r->sdl, 230, 60, 60, 200);
            SDL_Rect m = {cx - w / 6, bottom - w / 3 - w / 10, w / 3, w / 5};
            SDL_RenderFillRect(r->sdl, &m);
        } else if (k == TILE_VOID) {
            text(r, r->assets->font, cx - 14, bottom - 22, (SDL_Color){120, 130, 150, 255}, "void");
        }
        SDL_SetRenderDrawColor(r->sdl, chosen ? 255 : 90, chosen ? 220 : 110, chosen ? 120 : 150, 255);
        SDL_RenderDrawRect(r->sdl, &q);
        text(r, r->assets->font, q.x + 4, q.y + 2, (SDL_Color){230, 232, 240, 255}, "%d", (i + 1) % 10);
    }
}

/* ---- HUD, banners and the question ------------------------------------------- */

enum { HUD_RIGHT = 320, HUD_BOTTOM = 168 }; /* the HUD panel and a margin */

/* A one-line panel centred across the screen at y, moved below the HUD panel
 * when it would cover it. Returns the y under it. */
static int banner(Renderer *r, const Game *g, int y, SDL_Color back, SDL_Color fore, const char *msg)
{
    TextEntry *t = text_get(r, r->assets->font, msg, fore);
    int w = (t ? t->w : (int)strlen(msg) * 8) + 30;
    SDL_Rect m = {g->screen_w / 2 - w / 2, y, w, 30};
    if (m.x < HUD_RIGHT && m.y < HUD_BOTTOM)
        m.y += HUD_BOTTOM - 10;
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, back.r, back.g, back.b, back.a);
    SDL_RenderFillRect(r->sdl, &m);
    text(r, r->assets->font, m.x + 15, m.y + 6, fore, "%s", msg);
    return m.y + m.h;
}

static void draw_question(Renderer *r, const Game *g)
{
    SDL_Rect p = {g->screen_w / 2 - 250, g->screen_h / 2 - 70, 500, 140};
    panel(r, p, 240);
    text(r, r->assets->font_big, p.x + 20, p.y + 16, (SDL_Color){255, 220, 120, 255}, "Unsaved edits");
    text(r, r->assets->font, p.x + 20, p.y + 52, (SDL_Color){230, 232, 240, 255}, "%s has changes that are not saved.",
         g->level.name);
    text(r, r->assets->font, p.x + 20, p.y + 92, (SDL_Color){140, 210, 255, 255},
         g->ask == GAME_ASK_QUIT ? "S: save and quit    D: quit without saving    Esc: go back"
                                 : "S: save and go on    D: go on without saving    Esc: go back");
}

static void draw_hud(Renderer *r, const Game *g, const HudStats *hs)
{
    SDL_Color head = {255, 220, 120, 255}, body = {225, 230, 240, 255}, dim = {150, 165, 185, 255};
    TTF_Font *f = r->assets->font;
    bool sentry_line = g->sim.sentries.count > 0 && !g->editing;
    SDL_Rect p = {10, 10, 300, (g->sim.limited && !g->editing ? 168 : 148) + (sentry_line ? 20 : 0)};
    panel(r, p, 190);
    int x = 20, y = 16;
    text(r, r->assets->font_big, x, y, head, "%s%s", g->level.name, game_dirty(g) ? " *" : "");
    y += 30;
    if (g->level_index >= 0)
        text(r, f, x, y, dim, "Level %d of %d", g->level_index + 1, g->levels.count);
    else
        text(r, f, x, y, dim, "%s", g->path);
    y += 20;
    const Sim *sim = &g->sim;
    if (g->editing) {
        text(r, f, x, y, body, "Droid start %d,%d", g->level.start.x, g->level.start.y);
    } else {
        double secs = (double)sim->tick / SIM_TICK_HZ;
        text(r, f, x, y, body, "Time %d:%04.1f   Steps %lld", (int)(secs / 60), fmod(secs, 60.0), (long long)sim->steps);
    }
    y += 20;
    if (sim->limited && !g->editing) {
        /* the energy bar: full at the level's start energy (or more) */
        double e = sim_units(sim->energy), full = fmax((double)g->level.energy, e);
        SDL_Color ec = e < 5 ? (SDL_Color){255, 110, 90, 255} : (SDL_Color){140, 230, 255, 255};
        int w = text(r, f, x, y, ec, "Energy %.1f", e);
        SDL_Rect bar = {x + w + 8, y + 5, 270 - w - 8, 9};
        SDL_SetRenderDrawColor(r->sdl, 40, 50, 66, 255);
        SDL_RenderFillRect(r->sdl, &bar);
        bar.w = (int)(bar.w * (full > 0 ? e / full : 0));
        SDL_SetRenderDrawColor(r->sdl, ec.r, ec.g, ec.b, 255);
        SDL_RenderFillRect(r->sdl, &bar);
        y += 20;
    }
    if (sim->sentries.count > 0 && !g->editing) {
        text(r, f, x, y, sim->sentries.alerted ? (SDL_Color){255, 110, 90, 255} : dim, "Sentries %d, alerted %d",
             sim->sentries.count, sim->sentries.alerted);
        y += 20;
    }
    if (!sim->has_exit)
        text(r, f, x, y, dim, "Free play: this level has no exit");
    else if (sim->cells_total > 0)
        text(r, f, x, y, sim->exit_open ? (SDL_Color){120, 255, 170, 255} : body, "Cells %d of %d   Exit %s",
             sim->cells_total - sim->cells_left, sim->cells_total, sim->exit_open ? "open" : "locked");
    else
        text(r, f, x, y, (SDL_Color){120, 255, 170, 255}, "Exit open: walk into it");
    y += 20;
    if (g->hover_valid && g->preview.count > 0 && !g->editing) {
        bool short_of = g->preview_afford < g->preview.count;
        text(r, f, x, y, short_of ? (SDL_Color){255, 120, 100, 255} : body, "Route %d steps, cost %.1f%s",
             g->preview.count, g->preview_cost, short_of ? ": not enough energy" : "");
    } else if (g->hover_valid) {
        const TileInfo *k = tile_info(sim_kind(sim, g->hover.x, g->hover.y));
        text(r, f, x, y, dim, "Cursor %d,%d %s", g->hover.x, g->hover.y, k->name);
    }
    y += 20;
    text(r, f, x, y, dim, "%.0f fps   H help   R restart   %s", hs->fps, g->editing ? "E play" : "E edit");

    int top = 10;
    if (g->editing) {
        char line[200];
        snprintf(line, sizeof line, "EDITING   Ctrl+Z undo (%d)   Ctrl+Y redo (%d)   Ctrl+S save   E play",
                 edit_undo_count(&g->edits), edit_redo_count(&g->edits));
        top = banner(r, g, top, (SDL_Color){120, 70, 20, 220}, (SDL_Color){255, 236, 200, 255}, line) + 6;
    }
    if (g->file_error[0]) {
        SDL_Color back = {130, 20, 24, 235}, fore = {255, 225, 225, 255};
        top = banner(r, g, top, back, fore, g->file_error);
        banner(r, g, top, back, fore, "The file has errors: playing the last good version until it is fixed.");
    }
    if (g->message_left > 0 && g->message[0])
        banner(r, g, g->screen_h - (g->editing ? palette_rect(g).h + 60 : 50), (SDL_Color){12, 16, 26, 215},
               (SDL_Color){255, 236, 180, 255}, g->message);
}

/* Won or lost: what happened, the figures, and what the keys do now. */
static void draw_result(Renderer *r, const Game *g)
{
    const Sim *s = &g->sim;
    double t = g->clock - g->status_since;
    if (g->editing || s->status == SIM_PLAYING || t < 0.4)
        return;
    bool won = s->status == SIM_WON;
    SDL_Rect p = {g->screen_w / 2 - 230, g->screen_h / 2 - 90, 460, won ? 170 : 140};
    if (p.x < 4)
        p.x = 4;
    panel(r, p, 235);
    SDL_Color title = won ? (SDL_Color){120, 255, 170, 255} : (SDL_Color){255, 120, 100, 255};
    SDL_Color body = {230, 232, 240, 255}, keys = {140, 210, 255, 255}, dim = {160, 170, 190, 255};
    int x = p.x + 24, y = p.y + 16;
    if (won) {
        text(r, r->assets->font_big, x, y, title, "Level complete!%s", g->new_best ? "  New best" : "");
        y += 40;
        double secs = (double)s->tick / SIM_TICK_HZ;
        text(r, r->assets->font, x, y, body, "Time %.1f s    Steps %lld    Energy used %.1f", secs, (long long)s->steps,
             sim_units((int64_t)s->energy_used));
        y += 26;
        const ProgressEntry *b = progress_get(&g->progress, g->path);
        if (b)
            text(r, r->assets->font, x, y, dim, "Best so far: %.1f s, %ld steps, %.1f energy", b->best_time,
                 b->best_steps, b->best_energy);
        else if (!g->progress.path)
            text(r, r->assets->font, x, y, dim, "Progress is not kept in this run.");
        y += 40;
        text(r, r->assets->font, x, y, keys, "Enter or click: next level     R: play it again");
    } else {
        text(r, r->assets->font_big, x, y, title, "%s",
             s->lose == SIM_LOSE_CAUGHT ? "Caught by a sentry" : "Out of energy");
        y += 40;
        text(r, r->assets->font, x, y, body, "%s",
             s->lose == SIM_LOSE_CAUGHT ? "A sentry reached the droid." : "The droid stopped where its energy ran out.");
        y += 40;
        text(r, r->assets->font, x, y, keys, "R: restart the level     PageDown: skip it");
    }
}

void render_frame(Renderer *r, const Game *g, const HudStats *hs)
{
    r->frame++;
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r->sdl, 22, 26, 36, 255);
    SDL_RenderClear(r->sdl);
    sprites_for_zoom(r, g->view.zoom);
    Visible v = visible_tiles(g);
    draw_ground(r, g, &v);
    draw_marks(r, g, &v);
    draw_objects(r, g, &v);
    draw_effects(r, g);
    if (g->show_minimap)
        draw_minimap(r, g);
    if (g->editing)
        draw_palette(r, g);
    draw_hud(r, g, hs);
    draw_result(r, g);
    if (g->show_help)
        draw_help(r, g);
    if (g->ask != GAME_ASK_NONE)
        draw_question(r, g);
}
