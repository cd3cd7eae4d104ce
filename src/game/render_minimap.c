/* render_minimap.c - the minimap: the terrain as an image made once per
 * level version, the path and the hovered route (red where a sentry would
 * notice it, with its eye or ear mark), a marker per thing that matters
 * (each its own shape and colour, drawn above the path) and the part of the
 * level the screen shows, clipped to the map. Decides nothing. */
#include "render_int.h"

#include <math.h>
#include <stdlib.h>

/* ---- the tiles with markers ------------------------------------------------------- */

static bool marked(TileKind k)
{
    return k == TILE_CELL || k == TILE_DOOR || k == TILE_EXIT || k == TILE_SENTRY || k == TILE_START;
}

void render_marks_refresh(Renderer *r, const Game *g)
{
    MiniMarks *m = &r->marks;
    const Sim *l = &g->sim;
    if (m->valid && m->version == g->level_version && m->cells_left == l->cells_left)
        return;
    m->count = 0;
    m->valid = true;
    m->version = g->level_version;
    m->cells_left = l->cells_left;
    for (int y = 0; y < l->h; y++)
        for (int x = 0; x < l->w; x++) {
            TileKind k = sim_kind(l, x, y);
            if (!marked(k))
                continue;
            if (m->count == m->cap) {
                int cap = m->cap ? m->cap * 2 : 64;
                TilePos *t = realloc(m->tile, (size_t)cap * sizeof *t);
                if (t)
                    m->tile = t;
                TileKind *kk = realloc(m->kind, (size_t)cap * sizeof *kk);
                if (kk)
                    m->kind = kk;
                if (!t || !kk) {
                    m->valid = false; /* try again next frame */
                    return;
                }
                m->cap = cap;
            }
            m->tile[m->count] = tile_pos(x, y);
            m->kind[m->count++] = k;
        }
}

void render_minimap_free(Renderer *r)
{
    if (r->minimap)
        SDL_DestroyTexture(r->minimap);
    r->minimap = NULL;
    free(r->marks.tile);
    free(r->marks.kind);
    r->marks = (MiniMarks){0};
}

/* ---- the terrain image ------------------------------------------------------------ */

static SDL_Color terrain_color(TileKind k)
{
    switch (k) {
    case TILE_WALL: return (SDL_Color){150, 142, 134, 255};
    case TILE_ROUGH: return (SDL_Color){138, 108, 74, 255};
    case TILE_WATER: return (SDL_Color){40, 92, 170, 255};
    case TILE_VOID: return (SDL_Color){0, 0, 0, 0};
    default: return (SDL_Color){62, 70, 86, 255}; /* floor, and what has a marker */
    }
}

/* The minimap at its on-screen size (each pixel shows the tile under its
 * centre), made when the level or the minimap's size changes, then drawn 1:1. */
static void minimap_build(Renderer *r, const Game *g, SDL_Rect rect)
{
    const Sim *l = &g->sim;
    if (r->minimap && r->minimap_version == g->level_version && r->minimap_w == rect.w && r->minimap_h == rect.h)
        return;
    if (r->minimap)
        SDL_DestroyTexture(r->minimap);
    r->minimap = NULL;
    if (rect.w <= 0 || rect.h <= 0)
        return;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, rect.w, rect.h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return;
    for (int y = 0; y < rect.h; y++)
        for (int x = 0; x < rect.w; x++) {
            int tx = (int)((x + 0.5) * l->w / rect.w), ty = (int)((y + 0.5) * l->h / rect.h);
            SDL_Color c = terrain_color(sim_kind(l, tx, ty));
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
    return render_layout(g).minimap;
}

bool render_minimap_pick(const Game *g, int px, int py, TilePos *out)
{
    if (!g->show_minimap)
        return false;
    SDL_Rect rect = render_minimap_rect(g);
    if (rect.w <= 0 || px < rect.x || py < rect.y || px >= rect.x + rect.w || py >= rect.y + rect.h)
        return false;
    int x = (int)((px - rect.x + 0.5) * g->sim.grid.w / rect.w), y = (int)((py - rect.y + 0.5) * g->sim.grid.h / rect.h);
    *out = tile_pos(x < g->sim.grid.w ? x : g->sim.grid.w - 1, y < g->sim.grid.h ? y : g->sim.grid.h - 1);
    return true;
}

/* ---- markers ------------------------------------------------------------------------ */

static const SDL_Color OUTLINE = {8, 12, 20, 255};

static void outline_polygon(Renderer *r, const SDL_FPoint *p, int n, SDL_Color c)
{
    SDL_FPoint q[25];
    for (int i = 0; i < n && i < 24; i++)
        q[i] = p[i];
    q[n] = p[0];
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, c.r, c.g, c.b, c.a);
    SDL_RenderDrawLinesF(r->sdl, q, n + 1);
}

/* A filled shape with a dark rim, so it reads on any terrain; a shape too
 * small for a rim is only filled (the rim would swallow it). */
static void shape(Renderer *r, const SDL_FPoint *p, int n, SDL_Color fill, float px)
{
    render_fill_polygon(r, p, n, fill);
    if (px >= 6.0f)
        outline_polygon(r, p, n, OUTLINE);
}

void render_minimap_marker(Renderer *r, MiniMarker m, float x, float y, float px, const SDL_Color *fill)
{
    float h = px * 0.5f;
    switch (m) {
    case MARK_DROID: { /* white disc in a dark ring */
        render_fill_circle(r, x, y, h + 1.0f, OUTLINE);
        render_fill_circle(r, x, y, h, (SDL_Color){255, 255, 255, 255});
        render_fill_circle(r, x, y, h * 0.45f, (SDL_Color){40, 120, 255, 255});
        break;
    }
    case MARK_TARGET: { /* a ring in the path's colour */
        render_fill_circle(r, x, y, h + 1.0f, OUTLINE);
        render_fill_circle(r, x, y, h, (SDL_Color){70, 225, 255, 255});
        render_fill_circle(r, x, y, h * 0.5f, OUTLINE);
        break;
    }
    case MARK_EXIT: { /* green square with a light rim */
        SDL_FPoint p[4] = {{x - h, y - h}, {x + h, y - h}, {x + h, y + h}, {x - h, y + h}};
        shape(r, p, 4, fill ? *fill : (SDL_Color){90, 235, 140, 255}, px);
        SDL_FPoint q[4] = {{x - h * 0.4f, y - h * 0.4f}, {x + h * 0.4f, y - h * 0.4f}, {x + h * 0.4f, y + h * 0.4f},
                           {x - h * 0.4f, y + h * 0.4f}};
        render_fill_polygon(r, q, 4, (SDL_Color){230, 255, 235, 255});
        break;
    }
    case MARK_DOOR: { /* an amber bar */
        SDL_FPoint p[4] = {{x - h, y - h * 0.45f}, {x + h, y - h * 0.45f}, {x + h, y + h * 0.45f},
                           {x - h, y + h * 0.45f}};
        shape(r, p, 4, (SDL_Color){240, 160, 40, 255}, px);
        break;
    }
    case MARK_CELL: { /* a yellow diamond */
        SDL_FPoint p[4] = {{x, y - h}, {x + h * 0.75f, y}, {x, y + h}, {x - h * 0.75f, y}};
        shape(r, p, 4, (SDL_Color){255, 228, 60, 255}, px);
        break;
    }
    case MARK_SENTRY: { /* a red triangle */
        SDL_FPoint p[3] = {{x, y - h}, {x + h, y + h * 0.8f}, {x - h, y + h * 0.8f}};
        shape(r, p, 3, fill ? *fill : (SDL_Color){235, 60, 50, 255}, px);
        break;
    }
    case MARK_PATH: { /* a stroke of the path */
        SDL_FPoint p[4] = {{x - h, y - 1.0f}, {x + h, y - 1.0f}, {x + h, y + 1.0f}, {x - h, y + 1.0f}};
        render_fill_polygon(r, p, 4, (SDL_Color){70, 225, 255, 230});
        break;
    }
    case MARK_COUNT:
        break;
    }
}

const char *render_minimap_marker_name(MiniMarker m)
{
    static const char *const names[MARK_COUNT] = {"droid", "destination", "exit", "door", "energy cell", "sentry",
                                                  "path"};
    return m < MARK_COUNT ? names[m] : "";
}

static SDL_FPoint mini_point(SDL_Rect rect, const Game *g, double wx, double wy)
{
    SDL_FPoint p = {(float)(rect.x + wx * rect.w / g->sim.grid.w), (float)(rect.y + wy * rect.h / g->sim.grid.h)};
    return p;
}

/* A route as a band from the droid: the path it walks (route NULL), or the
 * hovered route (red from tile `red_from` on). */
static void draw_band(Renderer *r, const Game *g, SDL_Rect rect, float w, const TileList *route, int red_from,
                      SDL_Color c)
{
    int n = route ? route->count : render_route_left(g);
    SDL_FPoint prev = route ? mini_point(rect, g, g->preview_from.x + 0.5, g->preview_from.y + 0.5)
                            : mini_point(rect, g, g->sim.droid.pos.x, g->sim.droid.pos.y);
    for (int i = 0; i < n; i++) {
        TilePos t = route ? route->tiles[i] : render_route_tile(g, i);
        if (route && i >= red_from)
            c = (SDL_Color){255, 70, 60, 235};
        SDL_FPoint at = mini_point(rect, g, t.x + 0.5, t.y + 0.5);
        /* a band w wide from prev to at */
        float dx = at.x - prev.x, dy = at.y - prev.y, len = sqrtf(dx * dx + dy * dy);
        if (len > 0.01f) {
            float nx = -dy / len * w * 0.5f, ny = dx / len * w * 0.5f;
            SDL_FPoint q[4] = {{prev.x + nx, prev.y + ny}, {at.x + nx, at.y + ny}, {at.x - nx, at.y - ny},
                               {prev.x - nx, prev.y - ny}};
            render_fill_polygon(r, q, 4, c);
        }
        render_fill_circle(r, at.x, at.y, w * 0.5f, c);
        prev = at;
    }
}

static void draw_path(Renderer *r, const Game *g, SDL_Rect rect, float tile)
{
    float w = fmaxf(2.0f, fminf(4.0f, tile * 0.45f));
    if (g->preview.count > 0 && g->hover_valid && !g->editing) {
        bool seen = render_prediction_shown(g) && g->predict.outcome == PREDICT_SEEN;
        draw_band(r, g, rect, fmaxf(1.5f, w * 0.6f), &g->preview, seen ? g->predict_step : g->preview.count,
                  (SDL_Color){225, 245, 255, 170});
    }
    draw_band(r, g, rect, w, NULL, 0, (SDL_Color){70, 225, 255, 235});
}

/* Where the hovered route would be noticed: the eye or the sound waves, small. */
static void draw_notice(Renderer *r, const Game *g, SDL_Rect rect)
{
    if (!render_prediction_shown(g) || g->predict.outcome != PREDICT_SEEN)
        return;
    SDL_FPoint c = mini_point(rect, g, g->predict.at.x + 0.5, g->predict.at.y + 0.5);
    render_badge(r, g->predict.heard ? BADGE_EAR : BADGE_EYE, c.x, c.y, fmaxf(12.0f, 14.0f * (float)r->lay.ui));
}

/* The screen's footprint on the map, clipped to the map. */
static void draw_view_outline(Renderer *r, const Game *g, SDL_Rect rect)
{
    WorldPos f[4], clip[ISO_CLIP_MAX];
    iso_screen_footprint(&g->view, g->screen_w, g->screen_h, f);
    int n = iso_clip_polygon(f, 4, (WorldPos){0, 0}, (WorldPos){g->sim.grid.w, g->sim.grid.h}, clip);
    if (n < 3)
        return;
    SDL_FPoint q[ISO_CLIP_MAX + 1];
    for (int i = 0; i < n; i++) {
        q[i] = mini_point(rect, g, clip[i].x, clip[i].y);
        /* the right and bottom edges sit on the map's last pixel, not past it */
        q[i].x = fminf(q[i].x, (float)(rect.x + rect.w - 1));
        q[i].y = fminf(q[i].y, (float)(rect.y + rect.h - 1));
    }
    q[n] = q[0];
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, 255, 255, 255, 210);
    SDL_RenderDrawLinesF(r->sdl, q, n + 1);
}

void render_minimap_draw(Renderer *r, const Game *g)
{
    const Layout *lay = &r->lay;
    SDL_Rect rect = lay->minimap;
    if (rect.w <= 0 || rect.h <= 0)
        return;
    minimap_build(r, g, rect);
    render_panel(r, lay->minimap_panel, 200);
    if (r->minimap)
        SDL_RenderCopy(r->sdl, r->minimap, NULL, &rect);
    SDL_RenderSetClipRect(r->sdl, &lay->minimap_panel);
    float tile = (float)rect.w / g->sim.grid.w;
    draw_path(r, g, rect, tile);
    draw_view_outline(r, g, rect);
    /* the destination: a ring around its tile, so an exit or a cell there still shows */
    float ui = (float)lay->ui;
    TilePos end;
    if (render_destination(g, &end)) {
        SDL_FPoint c = mini_point(rect, g, end.x + 0.5, end.y + 0.5);
        render_minimap_marker(r, MARK_TARGET, c.x, c.y, fmaxf(tile * 1.6f, 12.0f * ui), NULL);
    }
    /* the markers, the least important first; none smaller than it must be to
     * read. Sentries: where they start in the editor, where they are in play. */
    const MiniMarks *m = &r->marks;
    SDL_Color locked = {70, 120, 90, 255};
    static const struct {
        TileKind kind;
        MiniMarker mark;
        float min_px;
    } order[] = {{TILE_DOOR, MARK_DOOR, 2.5f}, {TILE_CELL, MARK_CELL, 6.0f}, {TILE_SENTRY, MARK_SENTRY, 7.0f},
                 {TILE_EXIT, MARK_EXIT, 8.0f}};
    for (size_t o = 0; o < sizeof order / sizeof order[0]; o++) {
        if (order[o].kind == TILE_SENTRY && !g->editing)
            continue;
        float px = fmaxf(tile * 0.9f, order[o].min_px * ui);
        const SDL_Color *fill = order[o].kind == TILE_EXIT && !g->sim.exit_open && !g->editing ? &locked : NULL;
        for (int i = 0; i < m->count; i++)
            if (m->kind[i] == order[o].kind) {
                SDL_FPoint c = mini_point(rect, g, m->tile[i].x + 0.5, m->tile[i].y + 0.5);
                render_minimap_marker(r, order[o].mark, c.x, c.y, px, fill);
            }
    }
    if (!g->editing)
        for (int i = 0; i < g->sim.sentries.count; i++) {
            const Sentry *e = &g->sim.sentries.list[i];
            SDL_Color sc = render_sentry_color(e->state);
            SDL_FPoint c = mini_point(rect, g, e->mover.pos.x, e->mover.pos.y);
            render_minimap_marker(r, MARK_SENTRY, c.x, c.y, fmaxf(tile * 1.1f, 7.0f * ui), &sc);
        }
    SDL_FPoint d = mini_point(rect, g, g->sim.droid.pos.x, g->sim.droid.pos.y);
    render_minimap_marker(r, MARK_DROID, d.x, d.y, fmaxf(tile * 1.2f, 9.0f * ui), NULL);
    draw_notice(r, g, rect);
    SDL_RenderSetClipRect(r->sdl, NULL);
}
