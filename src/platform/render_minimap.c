/* SPDX-License-Identifier: MIT */
/* render_minimap.c - the minimap: the terrain as an image made once per
 * level version, the path and the hovered walk (red where a sentry would
 * notice it, with its eye or ear mark), a marker per thing that matters
 * (each its own shape and colour, drawn above the path) and the part of the
 * level the screen shows, clipped to the map. The markers that stay put
 * (doors, cells, the exit) are a layer drawn once and then only where one
 * changed, so a frame does not cost a draw per cell or door of the level;
 * the droid, the sentries and the paths are drawn every frame. Decides
 * nothing. */
#include "render_int.h"

#include <math.h>
#include <stdlib.h>

#include "buf.h"
#include "i18n.h"

/* ---- the tiles with markers ------------------------------------------------------- */

static bool marked(TileKind k)
{
    return k == TILE_CELL || k == TILE_DOOR || k == TILE_EXIT || k == TILE_SENTRY || k == TILE_START;
}

/* The first column from x on of a row of TileKinds (the level's, scene.h)
 * whose tile is marked, or w: eight tiles a step where none is (a byte is
 * marked when it is 3 or 5 or at least 7, as marked() says). */
static int next_marked(const uint8_t *row, int x, int w)
{
    _Static_assert(TILE_START == 3 && TILE_DOOR == 5 && TILE_CELL == 7 && TILE_EXIT == 8 && TILE_SENTRY == 9 &&
                       TILE_KIND_COUNT == 10,
                   "next_marked knows the marked kinds by number");
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    for (; x + 8 <= w; x += 8) {
        uint64_t v;
        memcpy(&v, row + x, 8);
        uint64_t a = v ^ (3 * ones), b = v ^ (5 * ones);
        uint64_t hit = ((v + 0x79 * ones) | ((a - ones) & ~a) | ((b - ones) & ~b)) & highs;
        if (hit)
            break;
    }
    for (; x < w; x++)
        if (marked((TileKind)row[x]))
            return x;
    return w;
}

/* A tile whose marker came, went or changed, for the minimap's marker layer. */
static void note_change(MiniMarks *m, NavPos t)
{
    if (m->changed_all)
        return;
    if (m->changed_count == MINI_CHANGES)
        m->changed_all = true;
    else
        m->changed[m->changed_count++] = t;
}

/* The list grows to hold one more; false when out of memory. */
static bool marks_grow(MiniMarks *m)
{
    if (m->count < m->cap)
        return true;
    /* both lists to the tiles' new capacity, or the count stays where it is */
    size_t tiles = m->cap > 0 ? (size_t)m->cap : 0, kinds = tiles;
    if (!buf_room(&m->tile, &tiles, sizeof *m->tile, (size_t)m->count + 1, 64, INT_MAX) ||
        !buf_room(&m->kind, &kinds, sizeof *m->kind, tiles, tiles, INT_MAX))
        return false;
    m->cap = (int)tiles;
    return true;
}

/* Is the list still the level's: no tile the scene's journal names since
 * the list was made has a marker of another kind (or one it had not)? */
static bool marks_current(const MiniMarks *m, const Scene *sc)
{
    if (!m->valid || m->w != sc->frame.w || m->h != sc->frame.h || !scene_journal_known(sc, m->gen))
        return false;
    for (uint64_t k = m->gen; k != sc->journal->gen; k++) {
        NavPos t = scene_journal_tile(sc, k);
        int i = render_marks_from(m, t.x, t.y);
        bool listed = i < m->count && nav_pos_eq(m->tile[i], t);
        TileKind now = scene_kind(sc, t.x, t.y);
        if (listed ? m->kind[i] != now : marked(now))
            return false;
    }
    return true;
}

/* The list again when a tile's marker changed (the journal says which
 * tiles to look at: cells taken or put back, edits, a new level). It is
 * made in the memory of the list before last, beside the last one, so the
 * two are compared on the way (both in level order): what differs is
 * noted. */
void render_marks_refresh(Renderer *r, const Scene *sc)
{
    MiniMarks *m = &r->marks;
    bool current = marks_current(m, sc);
    m->gen = sc->journal->gen;
    if (current)
        return;
    bool compare = m->valid && m->w == sc->frame.w && m->h == sc->frame.h;
    if (!compare)
        m->changed_all = true;
    const NavPos *was = m->tile;
    const TileKind *was_kind = m->kind;
    int was_count = compare ? m->count : 0, j = 0;
    NavPos *t = m->tile;
    TileKind *k = m->kind;
    int cap = m->cap;
    m->tile = m->spare_tile;
    m->kind = m->spare_kind;
    m->cap = m->spare_cap;
    m->spare_tile = t;
    m->spare_kind = k;
    m->spare_cap = cap;
    m->count = 0;
    m->valid = true;
    m->w = sc->frame.w;
    m->h = sc->frame.h;
    for (int y = 0; y < sc->frame.h; y++)
        for (int x = next_marked(sc->level_kind + (size_t)y * (size_t)sc->frame.w, 0, sc->frame.w); x < sc->frame.w;
             x = next_marked(sc->level_kind + (size_t)y * (size_t)sc->frame.w, x + 1, sc->frame.w)) {
            TileKind kind = scene_kind(sc, x, y);
            if (kind == TILE_FLOOR) /* a cell taken */
                continue;
            if (!m->changed_all) {
                while (j < was_count && (was[j].y < y || (was[j].y == y && was[j].x < x)))
                    note_change(m, was[j++]); /* gone */
                if (j < was_count && was[j].x == x && was[j].y == y) {
                    if (was_kind[j] != kind)
                        note_change(m, was[j]);
                    j++;
                } else {
                    note_change(m, nav_pos(x, y)); /* new */
                }
            }
            if (!marks_grow(m)) {
                m->valid = false; /* try again next frame */
                m->changed_all = true;
                return;
            }
            m->tile[m->count] = nav_pos(x, y);
            m->kind[m->count++] = kind;
        }
    while (!m->changed_all && j < was_count)
        note_change(m, was[j++]);
}

/* ---- long walks as pixels (MiniBand) ------------------------------------------------ */

/* A walk to show: tile(src, i) for i in [head, n), red from red_from. */
typedef struct BandWalk {
    uint64_t key;
    int n, head, red_from;
    NavPos (*tile)(const void *src, int i);
    const void *src;
    SDL_Color color, red;
} BandWalk;

static void band_free(MiniBand *b)
{
    if (b->tex)
        SDL_DestroyTexture(b->tex);
    free(b->px);
    free(b->last);
    *b = (MiniBand){0};
}

static uint32_t band_argb(SDL_Color c)
{
    return (uint32_t)c.a << 24 | (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b;
}

static void band_touch(MiniBand *b, int x0, int y0, int x1, int y1)
{
    if (b->dirty.w == 0) {
        b->dirty = (SDL_Rect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
        return;
    }
    int dx1 = b->dirty.x + b->dirty.w - 1, dy1 = b->dirty.y + b->dirty.h - 1;
    b->dirty.x = x0 < b->dirty.x ? x0 : b->dirty.x;
    b->dirty.y = y0 < b->dirty.y ? y0 : b->dirty.y;
    dx1 = x1 > dx1 ? x1 : dx1;
    dy1 = y1 > dy1 ? y1 : dy1;
    b->dirty.w = dx1 - b->dirty.x + 1;
    b->dirty.h = dy1 - b->dirty.y + 1;
}

/* The pixels tile t's stroke covers, clipped to the band. */
static bool band_box(const MiniBand *b, NavPos t, int box[4])
{
    int cx = (int)((t.x + 0.5) * b->w / b->gw), cy = (int)((t.y + 0.5) * b->h / b->gh);
    box[0] = cx - (b->thick - 1) / 2;
    box[1] = cy - (b->thick - 1) / 2;
    box[2] = box[0] + b->thick - 1;
    box[3] = box[1] + b->thick - 1;
    box[0] = box[0] < 0 ? 0 : box[0];
    box[1] = box[1] < 0 ? 0 : box[1];
    box[2] = box[2] > b->w - 1 ? b->w - 1 : box[2];
    box[3] = box[3] > b->h - 1 ? b->h - 1 : box[3];
    return box[0] <= box[2] && box[1] <= box[3];
}

/* Sizes the band to the minimap's w x h pixels; false when it cannot be. */
static bool band_fit(Renderer *r, MiniBand *b, int w, int h)
{
    if (b->tex && b->w == w && b->h == h)
        return true;
    band_free(b);
    size_t n = (size_t)w * (size_t)h;
    b->px = malloc(n * sizeof *b->px);
    b->last = malloc(n * sizeof *b->last);
    b->tex = SDL_CreateTexture(r->sdl, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, w, h);
    if (!b->px || !b->last || !b->tex) {
        band_free(b);
        return false;
    }
    SDL_SetTextureBlendMode(b->tex, SDL_BLENDMODE_BLEND);
    b->w = w;
    b->h = h;
    return true;
}

/* Brings the band's pixels to walk `wk`: a new walk starts over, a new
 * red_from colours the pixels again, the tiles walked since the last frame
 * clear the pixels no later tile covers, and up to BAND_FRAME_WORK more
 * tiles of the walk go in. */
static void band_update(MiniBand *b, const Scene *sc, const BandWalk *wk, int thick)
{
    size_t n = (size_t)b->w * (size_t)b->h;
    if (!b->valid || b->key != wk->key || b->n != wk->n || b->thick != thick || wk->head < b->head ||
        b->gw != sc->frame.w || b->gh != sc->frame.h) {
        memset(b->px, 0, n * sizeof *b->px);
        for (size_t i = 0; i < n; i++)
            b->last[i] = -1;
        b->key = wk->key;
        b->n = wk->n;
        b->thick = thick;
        b->gw = sc->frame.w;
        b->gh = sc->frame.h;
        b->red_from = wk->red_from;
        b->built = b->head = wk->head;
        b->dirty = (SDL_Rect){0, 0, b->w, b->h};
        b->valid = true;
    }
    uint32_t color = band_argb(wk->color), red = band_argb(wk->red);
    if (b->red_from != wk->red_from) {
        b->red_from = wk->red_from;
        for (size_t i = 0; i < n; i++)
            if (b->last[i] >= 0)
                b->px[i] = b->last[i] >= b->red_from ? red : color;
        b->dirty = (SDL_Rect){0, 0, b->w, b->h};
    }
    int box[4];
    for (int i = b->head; i < wk->head && i < b->built; i++) /* walked: gone where nothing later lies */
        if (band_box(b, wk->tile(wk->src, i), box)) {
            for (int y = box[1]; y <= box[3]; y++)
                for (int x = box[0]; x <= box[2]; x++) {
                    int p = y * b->w + x;
                    if (b->last[p] >= 0 && b->last[p] < wk->head) {
                        b->last[p] = -1;
                        b->px[p] = 0;
                    }
                }
            band_touch(b, box[0], box[1], box[2], box[3]);
        }
    b->head = wk->head;
    if (b->built < b->head)
        b->built = b->head;
    int end = wk->n - b->built > BAND_FRAME_WORK ? b->built + BAND_FRAME_WORK : wk->n;
    for (int i = b->built; i < end; i++)
        if (band_box(b, wk->tile(wk->src, i), box)) {
            uint32_t c = i >= b->red_from ? red : color;
            for (int y = box[1]; y <= box[3]; y++)
                for (int x = box[0]; x <= box[2]; x++) {
                    b->last[y * b->w + x] = i;
                    b->px[y * b->w + x] = c;
                }
            band_touch(b, box[0], box[1], box[2], box[3]);
        }
    b->built = end;
    if (b->dirty.w > 0) {
        SDL_UpdateTexture(b->tex, &b->dirty, b->px + (size_t)b->dirty.y * (size_t)b->w + (size_t)b->dirty.x,
                          b->w * (int)sizeof *b->px);
        b->dirty.w = 0;
    }
}

static NavPos walk_tile(const void *src, int i)
{
    return ((const Scene *)src)->walk_queue[i];
}

static NavPos preview_tile(const void *src, int i)
{
    return ((const Scene *)src)->preview[i];
}

void render_minimap_free(Renderer *r)
{
    if (r->minimap)
        SDL_DestroyTexture(r->minimap);
    r->minimap = NULL;
    free(r->marks.tile);
    free(r->marks.kind);
    free(r->marks.spare_tile);
    free(r->marks.spare_kind);
    r->marks = (MiniMarks){0};
    if (r->mini_layer.tex)
        SDL_DestroyTexture(r->mini_layer.tex);
    if (r->mini_layer.scratch)
        SDL_DestroyTexture(r->mini_layer.scratch);
    free(r->mini_layer.last);
    r->mini_layer = (MiniLayer){0};
    band_free(&r->band_walk);
    band_free(&r->band_preview);
}

/* ---- the terrain image ------------------------------------------------------------ */

/* The minimap at its on-screen size (each pixel shows the tile under its
 * centre), made when the level or the minimap's size changes, then drawn 1:1. */
static void minimap_build(Renderer *r, const Scene *sc, SDL_Rect rect)
{
    if (r->minimap && r->minimap_version == sc->level_version && r->minimap_w == rect.w && r->minimap_h == rect.h)
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
            int tx = (int)((x + 0.5) * sc->frame.w / rect.w), ty = (int)((y + 0.5) * sc->frame.h / rect.h);
            MapColor c = mapcolor_in(r->palette, mapcolor_terrain(scene_kind(sc, tx, ty)));
            ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x] = SDL_MapRGBA(s->format, c.r, c.g, c.b, c.a);
        }
    r->minimap = SDL_CreateTextureFromSurface(r->sdl, s);
    SDL_FreeSurface(s);
    r->minimap_version = sc->level_version;
    r->minimap_w = rect.w;
    r->minimap_h = rect.h;
}

static SDL_Rect render_minimap_rect_in(const Scene *sc)
{
    return render_layout(&sc->frame).minimap;
}

static bool render_minimap_pick_in(const Scene *sc, int px, int py, NavPos *out)
{
    if (!sc->frame.show_minimap)
        return false;
    SDL_Rect rect = render_minimap_rect_in(sc);
    if (rect.w <= 0 || px < rect.x || py < rect.y || px >= rect.x + rect.w || py >= rect.y + rect.h)
        return false;
    int x = (int)((px - rect.x + 0.5) * sc->frame.w / rect.w), y = (int)((py - rect.y + 0.5) * sc->frame.h / rect.h);
    *out = nav_pos(x < sc->frame.w ? x : sc->frame.w - 1, y < sc->frame.h ? y : sc->frame.h - 1);
    return true;
}

/* ---- markers ------------------------------------------------------------------------ */

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
        outline_polygon(r, p, n, render_map_color(r, MAPCOLOR_OUTLINE));
}

void render_minimap_marker(Renderer *r, MiniMarker m, float x, float y, float px, const SDL_Color *fill)
{
    float h = px * 0.5f;
    switch (m) {
    case MARK_DROID: { /* white disc in a dark ring */
        render_fill_circle(r, x, y, h + 1.0f, render_map_color(r, MAPCOLOR_OUTLINE));
        render_fill_circle(r, x, y, h, render_map_color(r, MAPCOLOR_DROID));
        render_fill_circle(r, x, y, h * 0.45f, render_map_color(r, MAPCOLOR_DROID_CORE));
        break;
    }
    case MARK_TARGET: { /* a ring in the path's colour */
        render_fill_circle(r, x, y, h + 1.0f, render_map_color(r, MAPCOLOR_OUTLINE));
        render_fill_circle(r, x, y, h, render_map_color(r, MAPCOLOR_PATH));
        render_fill_circle(r, x, y, h * 0.5f, render_map_color(r, MAPCOLOR_OUTLINE));
        break;
    }
    case MARK_EXIT: { /* green square with a light rim */
        SDL_FPoint p[4] = {{x - h, y - h}, {x + h, y - h}, {x + h, y + h}, {x - h, y + h}};
        shape(r, p, 4, fill ? *fill : render_map_color(r, MAPCOLOR_EXIT), px);
        SDL_FPoint q[4] = {{x - h * 0.4f, y - h * 0.4f}, {x + h * 0.4f, y - h * 0.4f}, {x + h * 0.4f, y + h * 0.4f},
                           {x - h * 0.4f, y + h * 0.4f}};
        render_fill_polygon(r, q, 4, render_map_color(r, MAPCOLOR_EXIT_CORE));
        break;
    }
    case MARK_DOOR: { /* an amber bar */
        SDL_FPoint p[4] = {{x - h, y - h * 0.45f}, {x + h, y - h * 0.45f}, {x + h, y + h * 0.45f},
                           {x - h, y + h * 0.45f}};
        shape(r, p, 4, render_map_color(r, MAPCOLOR_DOOR), px);
        break;
    }
    case MARK_CELL: { /* a yellow diamond */
        SDL_FPoint p[4] = {{x, y - h}, {x + h * 0.75f, y}, {x, y + h}, {x - h * 0.75f, y}};
        shape(r, p, 4, render_map_color(r, MAPCOLOR_CELL), px);
        break;
    }
    case MARK_SENTRY: { /* a red triangle */
        SDL_FPoint p[3] = {{x, y - h}, {x + h, y + h * 0.8f}, {x - h, y + h * 0.8f}};
        shape(r, p, 3, fill ? *fill : render_map_color(r, MAPCOLOR_SENTRY), px);
        break;
    }
    case MARK_PATH: { /* a stroke of the path */
        SDL_FPoint p[4] = {{x - h, y - 1.0f}, {x + h, y - 1.0f}, {x + h, y + 1.0f}, {x - h, y + 1.0f}};
        render_fill_polygon(r, p, 4, render_map_color_alpha(r, MAPCOLOR_PATH, 230));
        break;
    }
    case MARK_COUNT:
        break;
    }
}

const char *render_minimap_marker_name(MiniMarker m)
{
    static const char *const names[MARK_COUNT] = {N_("droid"), N_("destination"), N_("exit"), N_("door"),
                                                  N_("energy cell"), N_("sentry"), N_("path")};
    return m < MARK_COUNT ? _(names[m]) : "";
}

static SDL_FPoint mini_point(SDL_Rect rect, const Scene *sc, double wx, double wy)
{
    SDL_FPoint p = {(float)(rect.x + wx * rect.w / sc->frame.w), (float)(rect.y + wy * rect.h / sc->frame.h)};
    return p;
}

/* A walk as a band from the droid: the path it walks (walk NULL), or the
 * hovered walk (red from tile `red_from` on). */
static void draw_band(Renderer *r, const Scene *sc, SDL_Rect rect, float w, const NavPos *walk, int walk_count,
                      int red_from, SDL_Color c)
{
    int n = walk ? walk_count : render_walk_left(sc);
    SDL_FPoint prev = walk ? mini_point(rect, sc, sc->preview_from.x + 0.5, sc->preview_from.y + 0.5)
                            : mini_point(rect, sc, sc->droid.pos.x, sc->droid.pos.y);
    for (int i = 0; i < n; i++) {
        NavPos t = walk ? walk[i] : render_walk_tile(sc, i);
        if (walk && i >= red_from)
            c = render_map_color(r, MAPCOLOR_SEEN);
        SDL_FPoint at = mini_point(rect, sc, t.x + 0.5, t.y + 0.5);
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

/* The hovered walk, then the droid's walk: as bands from tile to tile, or
 * where the tiles are smaller than BAND_MASK_TILE pixels as pixels (MiniBand). */
static void draw_path(Renderer *r, const Scene *sc, SDL_Rect rect, float tile)
{
    float w = fmaxf(2.0f, fminf(4.0f, tile * 0.45f));
    SDL_Color walk = render_map_color_alpha(r, MAPCOLOR_PATH, 235), hover = render_map_color(r, MAPCOLOR_HOVER),
              red = render_map_color(r, MAPCOLOR_SEEN);
    bool mask = tile < BAND_MASK_TILE;
    if (sc->preview_count > 0 && sc->hover_valid && !sc->frame.editing) {
        bool seen = render_prediction_shown(sc) && sc->predict.outcome == PREDICT_SEEN;
        int red_from = seen ? sc->predict_step : sc->preview_count;
        BandWalk wk = {sc->preview_serial, sc->preview_count, 0, red_from, preview_tile, sc, hover, red};
        if (!mask) {
            draw_band(r, sc, rect, fmaxf(1.5f, w * 0.6f), sc->preview, sc->preview_count, red_from, hover);
        } else if (band_fit(r, &r->band_preview, rect.w, rect.h)) {
            band_update(&r->band_preview, sc, &wk, 1 + (int)(r->lay.ui + 0.5));
            SDL_RenderCopy(r->sdl, r->band_preview.tex, NULL, &rect);
        }
    }
    if (!mask) {
        draw_band(r, sc, rect, w, NULL, 0, 0, walk);
    } else if (sc->walk_queue_len > sc->walk_queue_head && band_fit(r, &r->band_walk, rect.w, rect.h)) {
        BandWalk wk = {sc->walk_key, sc->walk_queue_len, sc->walk_queue_head, sc->walk_queue_len, walk_tile, sc, walk, walk};
        band_update(&r->band_walk, sc, &wk, 2 + (int)(r->lay.ui + 0.5));
        SDL_RenderCopy(r->sdl, r->band_walk.tex, NULL, &rect);
    }
}

/* Where the hovered walk would be noticed: the eye or the sound waves, small. */
static void draw_notice(Renderer *r, const Scene *sc, SDL_Rect rect)
{
    if (!render_prediction_shown(sc) || sc->predict.outcome != PREDICT_SEEN)
        return;
    SDL_FPoint c = mini_point(rect, sc, sc->predict.at.x + 0.5, sc->predict.at.y + 0.5);
    render_badge(r, sc->predict.heard ? BADGE_EAR : BADGE_EYE, c.x, c.y, fmaxf(12.0f, 14.0f * (float)r->lay.ui));
}

/* The screen's footprint on the map, clipped to the map. */
static void draw_view_outline(Renderer *r, const Scene *sc, SDL_Rect rect)
{
    WorldPos f[4], clip[ISO_CLIP_MAX];
    iso_screen_footprint(&sc->frame.view, sc->frame.screen_w, sc->frame.screen_h, f);
    int n = iso_clip_polygon(f, 4, (WorldPos){0, 0}, (WorldPos){sc->frame.w, sc->frame.h}, clip);
    if (n < 3)
        return;
    SDL_FPoint q[ISO_CLIP_MAX + 1];
    for (int i = 0; i < n; i++) {
        q[i] = mini_point(rect, sc, clip[i].x, clip[i].y);
        /* the right and bottom edges sit on the map's last pixel, not past it */
        q[i].x = fminf(q[i].x, (float)(rect.x + rect.w - 1));
        q[i].y = fminf(q[i].y, (float)(rect.y + rect.h - 1));
    }
    q[n] = q[0];
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_Color view = render_map_color(r, MAPCOLOR_VIEW);
    SDL_SetRenderDrawColor(r->sdl, view.r, view.g, view.b, view.a);
    SDL_RenderDrawLinesF(r->sdl, q, n + 1);
}

/* ---- the marker layer: doors, cells, the exit, sentry starts --------------------------- */

/* The markers that stay put, the least important first; none smaller than
 * it must be to read. Sentries: where they start, in the editor (in play the
 * sentries themselves are drawn every frame). */
static const struct {
    TileKind kind;
    MiniMarker mark;
    float min_px;
} ORDER[] = {{TILE_DOOR, MARK_DOOR, 2.5f}, {TILE_CELL, MARK_CELL, 6.0f}, {TILE_SENTRY, MARK_SENTRY, 7.0f},
             {TILE_EXIT, MARK_EXIT, 8.0f}};
enum { ORDERS = sizeof ORDER / sizeof ORDER[0] };

/* Where the markers go in a target whose minimap sits at `rect`. */
typedef struct MarkGeom {
    SDL_Rect rect;
    int w, h;               /* the level's size */
    float px[ORDERS];       /* each kind's size */
    int reach;              /* the most a marker reaches from its centre, in pixels */
    bool snap;              /* tiles smaller than a pixel: each marker centred on the pixel its tile's
                             * centre falls in, and of those of a kind on one pixel only the last drawn */
    bool editing;
    bool exit_locked;       /* in play with the exit still shut: drawn in MAPCOLOR_EXIT_LOCKED */
    SDL_Color locked_fill;
} MarkGeom;

static MarkGeom mark_geom(const Renderer *r, const Scene *sc, SDL_Rect rect)
{
    MarkGeom mg = {rect, sc->frame.w, sc->frame.h, {0}, 0, false, sc->frame.editing, false,
                   render_map_color(r, MAPCOLOR_EXIT_LOCKED)};
    float tile = (float)rect.w / mg.w, ui = (float)r->lay.ui, most = 0;
    for (int o = 0; o < ORDERS; o++) {
        mg.px[o] = fmaxf(tile * 0.9f, ORDER[o].min_px * ui);
        most = fmaxf(most, mg.px[o]);
    }
    mg.reach = (int)ceilf(most * 0.5f) + 2; /* the rim's lines may stand a pixel out */
    mg.snap = rect.w < mg.w || rect.h < mg.h;
    mg.exit_locked = !sc->exit_open && !sc->frame.editing;
    return mg;
}

static SDL_FPoint mark_centre(const MarkGeom *mg, NavPos t)
{
    SDL_FPoint p = {(float)(mg->rect.x + (t.x + 0.5) * mg->rect.w / mg->w),
                    (float)(mg->rect.y + (t.y + 0.5) * mg->rect.h / mg->h)};
    if (mg->snap) {
        p.x = floorf(p.x) + 0.5f;
        p.y = floorf(p.y) + 0.5f;
    }
    return p;
}

/* The first marker at or after (x, y) in level order. */
int render_marks_from(const MiniMarks *m, int x, int y)
{
    int lo = 0, hi = m->count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        NavPos t = m->tile[mid];
        if (t.y < y || (t.y == y && t.x < x))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Draws the markers that reach into `box` (the target's pixels), in the
 * order and with the merging of the whole layer drawn at once, so that the
 * box shows what that would; what they draw outside it is the caller's. */
static void draw_marks_in(Renderer *r, const MarkGeom *mg, SDL_Rect box)
{
    const MiniMarks *m = &r->marks;
    MiniLayer *L = &r->mini_layer;
    /* the tiles whose centre is within reach of the box */
    double fx0 = box.x - mg->reach - mg->rect.x, fx1 = box.x + box.w + mg->reach - mg->rect.x;
    double fy0 = box.y - mg->reach - mg->rect.y, fy1 = box.y + box.h + mg->reach - mg->rect.y;
    int tx0 = (int)floor(fx0 * mg->w / mg->rect.w) - 1, tx1 = (int)ceil(fx1 * mg->w / mg->rect.w) + 1;
    int ty0 = (int)floor(fy0 * mg->h / mg->rect.h) - 1, ty1 = (int)ceil(fy1 * mg->h / mg->rect.h) + 1;
    tx0 = tx0 < 0 ? 0 : tx0;
    ty0 = ty0 < 0 ? 0 : ty0;
    tx1 = tx1 >= mg->w ? mg->w - 1 : tx1;
    ty1 = ty1 >= mg->h ? mg->h - 1 : ty1;
    if (tx0 > tx1 || ty0 > ty1)
        return;
    /* merging: per pixel of the box and its reach, the last marker of the kind centred there */
    int ax = box.x - mg->reach - 1, ay = box.y - mg->reach - 1;
    int aw = box.w + 2 * mg->reach + 2, ah = box.h + 2 * mg->reach + 2;
    bool merge = mg->snap;
    if (merge && (size_t)aw * (size_t)ah > L->last_cap) {
        int *last = realloc(L->last, (size_t)aw * (size_t)ah * sizeof *last);
        if (last) {
            L->last = last;
            L->last_cap = (size_t)aw * (size_t)ah;
        } else {
            merge = false; /* every marker drawn: slower, the same picture */
        }
    }
    for (int o = 0; o < ORDERS; o++) {
        if (ORDER[o].kind == TILE_SENTRY && !mg->editing)
            continue;
        const SDL_Color *fill = ORDER[o].kind == TILE_EXIT && mg->exit_locked ? &mg->locked_fill : NULL;
        if (merge) {
            for (size_t i = 0; i < (size_t)aw * (size_t)ah; i++)
                L->last[i] = -1;
            for (int y = ty0; y <= ty1; y++)
                for (int i = render_marks_from(m, tx0, y); i < m->count && m->tile[i].y == y && m->tile[i].x <= tx1; i++)
                    if (m->kind[i] == ORDER[o].kind) {
                        SDL_FPoint c = mark_centre(mg, m->tile[i]);
                        int px = (int)floorf(c.x) - ax, py = (int)floorf(c.y) - ay;
                        if (px >= 0 && py >= 0 && px < aw && py < ah)
                            L->last[py * aw + px] = i;
                    }
        }
        for (int y = ty0; y <= ty1; y++)
            for (int i = render_marks_from(m, tx0, y); i < m->count && m->tile[i].y == y && m->tile[i].x <= tx1; i++) {
                if (m->kind[i] != ORDER[o].kind)
                    continue;
                SDL_FPoint c = mark_centre(mg, m->tile[i]);
                if (c.x + mg->reach < box.x || c.y + mg->reach < box.y || c.x - mg->reach >= box.x + box.w ||
                    c.y - mg->reach >= box.y + box.h)
                    continue; /* does not reach the box */
                if (merge) {
                    int px = (int)floorf(c.x) - ax, py = (int)floorf(c.y) - ay;
                    if (px < 0 || py < 0 || px >= aw || py >= ah || L->last[py * aw + px] != i)
                        continue; /* out of reach, or drawn over by the same marker later */
                }
                render_minimap_marker(r, ORDER[o].mark, c.x, c.y, mg->px[o], fill);
            }
    }
}

/* Draws the whole layer again. */
static void layer_full(Renderer *r, const MarkGeom *mg)
{
    const MiniLayer *L = &r->mini_layer;
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r->sdl, 0, 0, 0, 0);
    SDL_RenderClear(r->sdl);
    draw_marks_in(r, mg, (SDL_Rect){0, 0, L->tex_w, L->tex_h});
}

/* Draws `box` of the layer again, exactly as layer_full does. The markers
 * that reach into it are drawn whole, at the same coordinates, into a
 * scratch texture the layer's size, and the box is copied from there:
 * drawn into the layer clipped to the box, a rim line cut by the clip
 * could come out a pixel off. The layer is the render target before and
 * after; false when the scratch texture could not be made or targeted. */
static bool layer_patch(Renderer *r, const MarkGeom *mg, SDL_Rect box)
{
    MiniLayer *L = &r->mini_layer;
    SDL_Rect all = {0, 0, L->tex_w, L->tex_h}, area;
    if (!SDL_IntersectRect(&box, &all, &box))
        return true;
    if (!L->scratch || L->scratch_w != L->tex_w || L->scratch_h != L->tex_h) {
        if (L->scratch)
            SDL_DestroyTexture(L->scratch);
        L->scratch = SDL_CreateTexture(r->sdl, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, L->tex_w, L->tex_h);
        if (!L->scratch)
            return false;
        SDL_SetTextureBlendMode(L->scratch, SDL_BLENDMODE_NONE);
        L->scratch_w = L->tex_w;
        L->scratch_h = L->tex_h;
    }
    if (SDL_SetRenderTarget(r->sdl, L->scratch) != 0)
        return false;
    /* what those markers can cover: the box and twice their reach around it */
    int pad = 2 * mg->reach + 1;
    SDL_Rect wide = {box.x - pad, box.y - pad, box.w + 2 * pad, box.h + 2 * pad};
    SDL_IntersectRect(&wide, &all, &area);
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r->sdl, 0, 0, 0, 0);
    SDL_RenderFillRect(r->sdl, &area);
    draw_marks_in(r, mg, box);
    if (SDL_SetRenderTarget(r->sdl, L->tex) != 0)
        return false;
    SDL_RenderCopy(r->sdl, L->scratch, &box, &box);
    return true;
}

/* The box a marker on tile t can touch. */
static SDL_Rect mark_box(const MarkGeom *mg, NavPos t)
{
    SDL_FPoint c = mark_centre(mg, t);
    SDL_Rect b = {(int)floorf(c.x) - mg->reach, (int)floorf(c.y) - mg->reach, 2 * mg->reach + 1, 2 * mg->reach + 1};
    return b;
}

static bool rect_eq(SDL_Rect a, SDL_Rect b)
{
    return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h;
}

/* Brings the layer up to date: all of it when the layout, the level's size
 * or the editor's view changed (or too many markers did), else only around
 * the markers that changed. False when there is no layer to draw (no texture
 * could be made): the caller draws the markers itself. */
static bool layer_update(Renderer *r, const Scene *sc)
{
    MiniLayer *L = &r->mini_layer;
    MiniMarks *m = &r->marks;
    const Layout *lay = &r->lay;
    SDL_Rect panel = lay->minimap_panel;
    if (!L->tex || L->tex_w != panel.w || L->tex_h != panel.h) {
        if (L->tex)
            SDL_DestroyTexture(L->tex);
        L->valid = false;
        L->tex = SDL_CreateTexture(r->sdl, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, panel.w, panel.h);
        if (!L->tex)
            return false;
        SDL_SetTextureBlendMode(L->tex, SDL_BLENDMODE_BLEND);
        L->tex_w = panel.w;
        L->tex_h = panel.h;
    }
    SDL_Rect inner = {lay->minimap.x - panel.x, lay->minimap.y - panel.y, lay->minimap.w, lay->minimap.h};
    MarkGeom mg = mark_geom(r, sc, inner);
    bool locked = mg.exit_locked;
    bool all = !L->valid || m->changed_all || !rect_eq(L->panel, panel) || !rect_eq(L->rect, lay->minimap) ||
               L->w != sc->frame.w || L->h != sc->frame.h || L->ui != lay->ui || L->editing != sc->frame.editing;
    int exits = 0;
    if (!all && locked != L->locked) { /* the exit opened or (rewound) closed again */
        for (int i = 0; i < m->count; i++)
            exits += m->kind[i] == TILE_EXIT;
        all = m->changed_count + exits > MINI_CHANGES;
    }
    if (!all && m->changed_count == 0 && exits == 0) {
        L->locked = locked;
        return true;
    }
    if (SDL_SetRenderTarget(r->sdl, L->tex) != 0) {
        L->valid = false;
        return false;
    }
    bool ok = true;
    if (all) {
        layer_full(r, &mg);
    } else {
        for (int i = 0; ok && i < m->changed_count; i++)
            ok = layer_patch(r, &mg, mark_box(&mg, m->changed[i]));
        for (int i = 0; ok && exits && i < m->count; i++)
            if (m->kind[i] == TILE_EXIT)
                ok = layer_patch(r, &mg, mark_box(&mg, m->tile[i]));
    }
    SDL_SetRenderTarget(r->sdl, NULL);
    if (!ok) { /* drawn whole by the next frame, when it can */
        L->valid = false;
        return false;
    }
    m->changed_count = 0;
    m->changed_all = false;
    L->valid = true;
    L->panel = panel;
    L->rect = lay->minimap;
    L->w = sc->frame.w;
    L->h = sc->frame.h;
    L->ui = lay->ui;
    L->editing = sc->frame.editing;
    L->locked = locked;
    return true;
}

void render_minimap_draw(Renderer *r, const Scene *sc)
{
    const Layout *lay = &r->lay;
    SDL_Rect rect = lay->minimap;
    if (rect.w <= 0 || rect.h <= 0)
        return;
    minimap_build(r, sc, rect);
    bool layer = layer_update(r, sc);
    render_panel(r, lay->minimap_panel, 200);
    if (r->minimap)
        SDL_RenderCopy(r->sdl, r->minimap, NULL, &rect);
    SDL_RenderSetClipRect(r->sdl, &lay->minimap_panel);
    float tile = (float)rect.w / sc->frame.w;
    draw_path(r, sc, rect, tile);
    draw_view_outline(r, sc, rect);
    /* the destination: a ring around its tile, so an exit or a cell there still shows */
    float ui = (float)lay->ui;
    NavPos end;
    if (render_destination(sc, &end)) {
        SDL_FPoint c = mini_point(rect, sc, end.x + 0.5, end.y + 0.5);
        render_minimap_marker(r, MARK_TARGET, c.x, c.y, fmaxf(tile * 1.6f, 12.0f * ui), NULL);
    }
    /* the markers that stay put: the layer, or (no texture for it) drawn here */
    if (layer) {
        SDL_RenderCopy(r->sdl, r->mini_layer.tex, NULL, &lay->minimap_panel);
    } else {
        MarkGeom mg = mark_geom(r, sc, rect);
        draw_marks_in(r, &mg, lay->minimap_panel);
    }
    if (!sc->frame.editing)
        for (int i = 0; i < sc->sentry_count; i++) {
            const SceneSentry *e = &sc->sentries[i];
            SDL_Color ec = render_sentry_color(e->state);
            SDL_FPoint c = mini_point(rect, sc, e->body.pos.x, e->body.pos.y);
            render_minimap_marker(r, MARK_SENTRY, c.x, c.y, fmaxf(tile * 1.1f, 7.0f * ui), &ec);
        }
    SDL_FPoint d = mini_point(rect, sc, sc->droid.pos.x, sc->droid.pos.y);
    render_minimap_marker(r, MARK_DROID, d.x, d.y, fmaxf(tile * 1.2f, 9.0f * ui), NULL);
    draw_notice(r, sc, rect);
    SDL_RenderSetClipRect(r->sdl, NULL);
}

/* ---- the hit tests the shell asks (render.h), on the scene last drawn ---- */

SDL_Rect render_minimap_rect(const Game *g)
{
    Scene sc = render_pick_scene(g);
    return render_minimap_rect_in(&sc);
}

bool render_minimap_pick(const Game *g, int px, int py, NavPos *out)
{
    Scene sc = render_pick_scene(g);
    return render_minimap_pick_in(&sc, px, py, out);
}
