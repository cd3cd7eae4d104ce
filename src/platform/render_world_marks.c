/* SPDX-License-Identifier: MIT */
/* render_world_marks.c - what render_world.c draws over the tiles: the
 * marks on the floor, under the walls in front of them (the droid's walk,
 * the hovered walk and what it would meet, the sentries' view cones and
 * patrols, the noise of the droid's last step, the sentry starts in the
 * editor), and on top of everything what points at things (the
 * destination, the pointer, sparkles, the prediction's badges, alerted
 * sentries off screen). Also what of the long lists is on screen each
 * frame (OnScreen). Decides nothing. */
#include "render_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "i18n.h"

static bool in_visible(const Visible *v, NavPos t)
{
    int s = t.x + t.y, d = t.x - t.y;
    return s >= v->s0 && s <= v->s1 && d >= v->d0 && d <= v->d1;
}

/* ---- shapes on tiles ------------------------------------------------------------ */

/* The diamond of tile t shrunk by inset, raised rise pixels. */
static void diamond_points(const IsoView *v, NavPos t, double inset, double rise, SDL_FPoint p[5])
{
    WorldPos corners[4] = {{t.x + inset, t.y + inset}, {t.x + 1 - inset, t.y + inset},
                           {t.x + 1 - inset, t.y + 1 - inset}, {t.x + inset, t.y + 1 - inset}};
    for (int i = 0; i < 4; i++) {
        ScreenPos s = iso_world_to_screen(v, corners[i]);
        p[i] = (SDL_FPoint){(float)s.x, (float)(s.y - rise)};
    }
    p[4] = p[0];
}

static void fill_diamond(Renderer *r, const IsoView *v, NavPos t, double inset, SDL_Color c)
{
    SDL_FPoint p[5];
    diamond_points(v, t, inset, 0, p);
    render_fill_polygon(r, p, 4, c);
}

/* A diamond outline, `thick` pixels wide inwards. */
static void outline_diamond(Renderer *r, const IsoView *v, NavPos t, double inset, double rise, int thick,
                            SDL_Color c)
{
    SDL_FPoint p[5];
    diamond_points(v, t, inset, rise, p);
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, c.r, c.g, c.b, c.a);
    for (int k = 0; k < thick; k++) {
        SDL_RenderDrawLinesF(r->sdl, p, 5);
        p[0].y += 1;
        p[2].y -= 1;
        p[1].x -= 2;
        p[3].x += 2;
        p[4] = p[0];
    }
}

/* (the hovered route's marks, seen and not, are the palette's: MAPCOLOR_ROUTE, MAPCOLOR_ROUTE_SEEN) */
static const SDL_Color PATH_COLOR = {70, 225, 255, 205}, SHORT_COLOR = {255, 170, 40, 235},
                       NOISE_COLOR = {175, 215, 255, 255};
#define NOISE_SHOW 0.7 /* seconds a step's noise stays on the floor */

/* ---- per-frame maps of tiles ------------------------------------------------------- */

static bool tilemap_fit(TileMap *m, int w, int h)
{
    if (m->cell && m->w == w && m->h == h)
        return true;
    free(m->cell);
    m->cell = calloc((size_t)w * (size_t)h, 1);
    m->w = m->cell ? w : 0;
    m->h = m->cell ? h : 0;
    m->count = 0;
    return m->cell != NULL;
}

static void tilemap_clear(TileMap *m)
{
    for (int i = 0; i < m->count; i++)
        m->cell[m->list[i]] = 0;
    m->count = 0;
}

/* Sets tile (x, y) to at least v (1..255). */
static void tilemap_raise(TileMap *m, int x, int y, int v)
{
    if (x < 0 || y < 0 || x >= m->w || y >= m->h)
        return;
    int i = y * m->w + x;
    if (!m->cell[i]) {
        if (!buf_grow_int(&m->list, &m->cap, sizeof *m->list, (size_t)m->count + 1, 256))
            return;
        m->list[m->count++] = i;
    }
    if (m->cell[i] < v)
        m->cell[i] = (unsigned char)v;
}

static int tilemap_get(const TileMap *m, int x, int y)
{
    return x < 0 || y < 0 || x >= m->w || y >= m->h ? 0 : m->cell[y * m->w + x];
}

static void tilemap_free(TileMap *m)
{
    free(m->cell);
    free(m->list);
    memset(m, 0, sizeof *m);
}

/* ---- the view cones: one translucent fan per tile, outlined ------------------------- */
/* Each tile a sentry sees is filled, most strongly near it and fading
 * towards the edge of its sight, so the tiles read as one fan with a soft
 * edge (the outline keeps where it ends exact). A tile's value in the map
 * is its severity x CONE_NEAR_STEPS + how near the nearest sentry seeing it
 * stands, so the most alarmed one's colour wins where they overlap. */
enum { CONE_NEAR_STEPS = 16 };

/* The states by how alarming they are (the cones' colour where several overlap). */
static const SentryState by_severity[] = {SENTRY_GUARD, SENTRY_RETURN, SENTRY_SEARCH, SENTRY_ALERT, SENTRY_CHASE};

static int severity(SentryState st)
{
    for (int i = 0; i < (int)(sizeof by_severity / sizeof by_severity[0]); i++)
        if (by_severity[i] == st)
            return i + 1;
    return 1;
}

/* The tiles the shown sentries see, each once, with the most alarmed one's severity. */
void render_world_marks_cones(Renderer *r, const Scene *sc)
{
    TileMap *m = &r->cones;
    tilemap_clear(m);
    if (!tilemap_fit(m, sc->frame.w, sc->frame.h))
        return;
    for (int k = 0; k < r->actor_count; k++) {
        int id = r->actors[k].index;
        if (r->actors[k].kind != ACTOR_SENTRY || !render_sentry_telegraphed(sc, id))
            continue;
        const SceneSentry *e = &sc->sentries[id];
        NavPos at = e->body.tile;
        int sev = severity(e->state) * CONE_NEAR_STEPS;
        for (int y = at.y - SENTRY_SIGHT_RANGE; y <= at.y + SENTRY_SIGHT_RANGE; y++)
            for (int x = at.x - SENTRY_SIGHT_RANGE; x <= at.x + SENTRY_SIGHT_RANGE; x++) {
                double d = hypot(x - at.x, y - at.y) / SENTRY_SIGHT_RANGE;
                int v = sev + (CONE_NEAR_STEPS - 1) - (int)lround(fmin(d, 1.0) * (CONE_NEAR_STEPS - 1));
                if (tilemap_get(m, x, y) < v && scene_kind(sc, x, y) != TILE_VOID && !scene_opaque(sc, x, y) &&
                    scene_sentry_sees(sc, id, nav_pos(x, y)))
                    tilemap_raise(m, x, y, v);
            }
    }
}

/* The edges of tile t whose neighbour is outside the area (value 0 in m,
 * or below `at_least`), as lines; its corners top, right, bottom, left are
 * (x, y), (x+1, y), (x+1, y+1), (x, y+1). */
static void outline_area(Renderer *r, const IsoView *v, const TileMap *m, NavPos t, int at_least, SDL_Color c)
{
    static const int nx[4] = {0, 1, 0, -1}, ny[4] = {-1, 0, 1, 0};
    static const double cx[5] = {0, 1, 1, 0, 0}, cy[5] = {0, 0, 1, 1, 0};
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, c.r, c.g, c.b, c.a);
    for (int k = 0; k < 4; k++) {
        int n = tilemap_get(m, t.x + nx[k], t.y + ny[k]);
        if (n && n >= at_least)
            continue;
        ScreenPos a = iso_world_to_screen(v, (WorldPos){t.x + cx[k], t.y + cy[k]});
        ScreenPos b = iso_world_to_screen(v, (WorldPos){t.x + cx[k + 1], t.y + cy[k + 1]});
        SDL_RenderDrawLineF(r->sdl, (float)a.x, (float)a.y, (float)b.x, (float)b.y);
        SDL_RenderDrawLineF(r->sdl, (float)a.x, (float)a.y + 1, (float)b.x, (float)b.y + 1);
    }
}

static void draw_cones(Renderer *r, const Pass *p)
{
    const TileMap *m = &r->cones;
    for (int i = 0; i < m->count; i++) {
        NavPos t = nav_pos(m->list[i] % m->w, m->list[i] / m->w);
        if (!in_visible(&p->floor, t))
            continue;
        int v = m->cell[m->list[i]], near = v % CONE_NEAR_STEPS;
        SDL_Color c = render_sentry_color(by_severity[v / CONE_NEAR_STEPS - 1]);
        c.a = (Uint8)(28 + 4 * near); /* 28 at the edge of sight .. 88 beside the sentry */
        fill_diamond(r, &p->v, t, 0.0, c);
        c.a = 150;
        outline_area(r, &p->v, m, t, 1, c);
    }
}

/* ---- patrols: a dotted line through the waypoints ------------------------------------ */

enum { PATROL_DOTS_PER_TILE = 2 };

/* Calls f on every dot of sentry e's patrol loop (world points), and on its
 * waypoints (way >= 0: the waypoint's index, 0 the post). */
void render_world_marks_patrol(Renderer *r, const Scene *sc, const SceneSentry *e, PatrolFn f, const Pass *p, void *ctx)
{
    (void)sc;
    int n = e->patrol_count;
    if (n < 2)
        return;
    for (int k = 0; k < n; k++) {
        NavPos a = e->patrol[k], b = e->patrol[(k + 1) % n];
        double dx = b.x - a.x, dy = b.y - a.y, len = sqrt(dx * dx + dy * dy);
        int dots = (int)ceil(len * PATROL_DOTS_PER_TILE);
        f(r, p, ctx, (WorldPos){a.x + 0.5, a.y + 0.5}, k);
        for (int i = 1; i < dots; i++)
            f(r, p, ctx, (WorldPos){a.x + 0.5 + dx * i / dots, a.y + 0.5 + dy * i / dots}, -1);
    }
}

static void patrol_dot(Renderer *r, const Pass *p, void *ctx, WorldPos at, int way)
{
    (void)ctx;
    NavPos t = nav_pos((int)floor(at.x), (int)floor(at.y));
    if (!in_visible(&p->floor, t))
        return;
    double z = p->v.zoom;
    ScreenPos s = iso_world_to_screen(&p->v, at);
    if (way < 0) {
        render_fill_circle(r, (float)s.x, (float)s.y, (float)fmax(1.5, 2.6 * z), (SDL_Color){20, 20, 30, 140});
        render_fill_circle(r, (float)s.x, (float)s.y, (float)fmax(1.0, 1.9 * z), render_map_color(r, MAPCOLOR_PATROL));
        return;
    }
    /* a waypoint: a ring on the floor, the post a filled one */
    outline_diamond(r, &p->v, t, 0.22, 0, z >= 1.5 ? 3 : 2, render_map_color(r, MAPCOLOR_PATROL));
    if (way == 0)
        fill_diamond(r, &p->v, t, 0.3, render_map_color_alpha(r, MAPCOLOR_PATROL, 110));
}

/* ---- the noise of the droid's last step ----------------------------------------------- */

/* The tiles from which a sentry would hear the droid's last step, while it
 * shows (NOISE_SHOW seconds after the step), on levels with sentries. */
void render_world_marks_noise(Renderer *r, const Scene *sc)
{
    double age = sc->clock - sc->noise_since;
    bool show = sc->sentry_count > 0 && !sc->frame.editing && sc->status == SIM_PLAYING && sc->noise_since > 0 && age >= 0 &&
                age < NOISE_SHOW;
    if (!show) {
        tilemap_clear(&r->noise);
        r->noise_for = -1;
        return;
    }
    if (r->noise_for == sc->noise_since && nav_pos_eq(r->noise_at, sc->droid.tile) && r->noise.w == sc->frame.w &&
        r->noise.h == sc->frame.h)
        return;
    tilemap_clear(&r->noise);
    if (!tilemap_fit(&r->noise, sc->frame.w, sc->frame.h))
        return;
    r->noise_for = sc->noise_since;
    r->noise_at = sc->droid.tile;
    int reach = SENTRY_HEAR_RADIUS + SENTRY_HEAR_DOOR + 1;
    NavPos d = sc->droid.tile;
    for (int y = d.y - reach; y <= d.y + reach; y++)
        for (int x = d.x - reach; x <= d.x + reach; x++)
            if (x >= 0 && y >= 0 && x < sc->frame.w && y < sc->frame.h && scene_hears_at(sc, nav_pos(x, y))) {
                int dist = abs(x - d.x) > abs(y - d.y) ? abs(x - d.x) : abs(y - d.y);
                tilemap_raise(&r->noise, x, y, 1 + dist);
            }
}

/* The noise spreads from the droid over the first part of its time, then fades. */
static int noise_front(const Scene *sc)
{
    double age = sc->clock - sc->noise_since;
    return 1 + (int)((SENTRY_HEAR_RADIUS + SENTRY_HEAR_DOOR + 1) * fmin(1.0, age / (0.4 * NOISE_SHOW)));
}

static void draw_noise(Renderer *r, const Scene *sc, const Pass *p)
{
    const TileMap *m = &r->noise;
    if (!m->count)
        return;
    double fade = 1.0 - (sc->clock - sc->noise_since) / NOISE_SHOW;
    int front = noise_front(sc);
    for (int i = 0; i < m->count; i++) {
        NavPos t = nav_pos(m->list[i] % m->w, m->list[i] / m->w);
        int v = m->cell[m->list[i]];
        if (v > front || !in_visible(&p->floor, t))
            continue;
        SDL_Color c = NOISE_COLOR;
        c.a = (Uint8)(95 * fade);
        fill_diamond(r, &p->v, t, 0.0, c);
        c.a = (Uint8)(255 * fade);
        /* the edge of what is heard (and, while it spreads, its front) */
        static const int nx[4] = {0, 1, 0, -1}, ny[4] = {-1, 0, 1, 0};
        bool edge = false;
        for (int k = 0; k < 4 && !edge; k++) {
            int n = tilemap_get(m, t.x + nx[k], t.y + ny[k]);
            edge = !n || n > front;
        }
        if (edge)
            outline_area(r, &p->v, m, t, 1, c);
    }
}

/* ---- the hovered walk and what it would meet --------------------------------------------- */

/* The index of the preview tile the prediction looked as far as (PREDICT_CUT):
 * the droid's walking time laid along the walk. */
static int cut_index(const Scene *sc)
{
    double walk = sc->predict.ticks * SIM_DROID_SPEED / SIM_TICK_HZ, at_cost = 0;
    NavPos at = sc->preview_from;
    for (int i = 0; i < sc->preview_count; i++) {
        at_cost += sim_units((int64_t)mover_step_cost(sc->grid, at, sc->preview[i]));
        if (at_cost > walk)
            return i;
        at = sc->preview[i];
    }
    return sc->preview_count;
}

/* From which preview tile on the walk is noticed, and from which it was
 * not looked at (preview.count: none). */
static void preview_spans(const Scene *sc, int *seen_from, int *cut_from)
{
    *seen_from = *cut_from = sc->preview_count;
    if (!render_prediction_shown(sc))
        return;
    if (sc->predict.outcome == PREDICT_SEEN)
        *seen_from = sc->predict_step;
    else if (sc->predict.outcome == PREDICT_CUT)
        *cut_from = cut_index(sc);
}

/* ---- what of the long lists is on screen (OnScreen) ---------------------------------- */

enum { SHOWN_MARGIN = 4 }; /* diagonal rows and columns around the screen looked at too */

static void index_add(IndexList *l, int i)
{
    if (!buf_grow_int(&l->at, &l->cap, sizeof *l->at, (size_t)l->count + 1, 256)) {
        l->short_of_memory = true;
        return;
    }
    l->at[l->count++] = i;
}

static void index_free(IndexList *l)
{
    free(l->at);
    *l = (IndexList){0};
}

/* How many diagonal rows or columns tile t lies outside vis (0: inside). */
static int visible_gap(const Visible *vis, NavPos t)
{
    int s = t.x + t.y, d = t.x - t.y;
    int gs = s < vis->s0 ? vis->s0 - s : s > vis->s1 ? s - vis->s1 : 0;
    int gd = d < vis->d0 ? vis->d0 - d : d > vis->d1 ? d - vis->d1 : 0;
    return gs > gd ? gs : gd;
}

/* The indices 0..n-1 of a walk (tile(i) a step from tile(i - 1)) in vis: a
 * step changes x + y and x - y by at most 2 each, so from a tile g rows or
 * columns away the next (g + 1) / 2 - 1 tiles are off it too. */
static void walk_on_screen(IndexList *out, const Visible *vis, int n, NavPos (*tile)(const Scene *, int),
                           const Scene *sc)
{
    out->count = 0;
    out->short_of_memory = false;
    for (int i = 0; i < n;) {
        int gap = visible_gap(vis, tile(sc, i));
        if (gap == 0) {
            index_add(out, i);
            i++;
        } else {
            i += (gap + 1) / 2;
        }
    }
}

static NavPos walk_tile_at(const Scene *sc, int i)
{
    return render_walk_tile(sc, i);
}

static NavPos preview_tile_at(const Scene *sc, int i)
{
    return sc->preview[i];
}

/* The markers in vis, row by row; cells only when `cells`. */
static void marks_on_screen(IndexList *out, const MiniMarks *m, const Visible *vis, bool cells)
{
    out->count = 0;
    out->short_of_memory = false;
    int y0 = (vis->s0 - vis->d1) / 2 - 1, y1 = (vis->s1 - vis->d0) / 2 + 1;
    if (y0 < 0)
        y0 = 0;
    if (y1 > m->h - 1)
        y1 = m->h - 1;
    for (int y = y0; y <= y1; y++) {
        int x0 = vis->s0 - y > vis->d0 + y ? vis->s0 - y : vis->d0 + y;
        int x1 = vis->s1 - y < vis->d1 + y ? vis->s1 - y : vis->d1 + y;
        if (x1 < 0 || x0 > m->w - 1 || x0 > x1)
            continue;
        for (int i = render_marks_from(m, x0, y); i < m->count && m->tile[i].y == y && m->tile[i].x <= x1; i++)
            if (cells || m->kind[i] != TILE_CELL)
                index_add(out, i);
    }
}

/* Fills r->shown for this frame's view. */
void render_world_marks_on_screen(Renderer *r, const Scene *sc, const IsoView *v)
{
    OnScreen *sh = &r->shown;
    Visible vis = render_floor_visible(v, 0, 0, sc->frame.screen_w, sc->frame.screen_h);
    vis.s0 -= SHOWN_MARGIN;
    vis.s1 += SHOWN_MARGIN;
    vis.d0 -= SHOWN_MARGIN;
    vis.d1 += SHOWN_MARGIN;
    walk_on_screen(&sh->walk, &vis, render_walk_left(sc), walk_tile_at, sc);
    walk_on_screen(&sh->preview, &vis, sc->preview_count, preview_tile_at, sc);
    sh->marks_cells = v->zoom >= 0.5;
    marks_on_screen(&sh->marks, &r->marks, &vis, sh->marks_cells);
    preview_spans(sc, &sh->seen_from, &sh->cut_from);
}

static void on_screen_free(OnScreen *sh)
{
    index_free(&sh->walk);
    index_free(&sh->preview);
    index_free(&sh->marks);
}

static void draw_preview(Renderer *r, const Scene *sc, const Pass *p)
{
    if (sc->status != SIM_PLAYING || sc->frame.aiming) /* the play is over, or a click throws: nothing to walk */
        return;
    const OnScreen *sh = &r->shown;
    int seen_from = sh->seen_from, cut_from = sh->cut_from;
    int thick = p->v.zoom >= 1.5 ? 3 : 2;
    for (int k = 0; k < sh->preview.count; k++) {
        int i = sh->preview.at[k];
        NavPos t = sc->preview[i];
        if (!in_visible(&p->floor, t))
            continue;
        if (i >= sc->preview_afford) { /* the energy runs out before: an empty outline */
            outline_diamond(r, &p->v, t, 0.3, 0, thick, SHORT_COLOR);
            continue;
        }
        SDL_Color c = render_map_color(r, i >= seen_from ? MAPCOLOR_ROUTE_SEEN : MAPCOLOR_ROUTE);
        if (i > cut_from)
            c.a = 60;
        fill_diamond(r, &p->v, t, i >= seen_from ? 0.3 : 0.36, c);
    }
}

/* Marks on the floor, under the walls in front of them: the sentries' view
 * cones and patrols (V, or the sentry under the pointer), the noise of the
 * droid's last step, the path a click would walk (red where a sentry would
 * notice it, an empty outline where the energy runs out), the path the
 * droid walks, and in the editor the sentry starts. */
void render_world_marks_draw(Renderer *r, const Scene *sc, const Pass *p)
{
    const MiniMarks *m = &r->marks;
    const OnScreen *sh = &r->shown;
    if (sc->frame.editing)
        for (int k = 0; k < sh->marks.count; k++) {
            int i = sh->marks.at[k];
            if (m->kind[i] == TILE_SENTRY && in_visible(&p->floor, m->tile[i]))
                fill_diamond(r, &p->v, m->tile[i], 0.18, (SDL_Color){230, 60, 60, 150});
        }
    draw_cones(r, p);
    draw_noise(r, sc, p);
    for (int i = 0; i < r->actor_count; i++)
        if (r->actors[i].kind == ACTOR_SENTRY && render_sentry_telegraphed(sc, r->actors[i].index))
            render_world_marks_patrol(r, sc, &sc->sentries[r->actors[i].index], patrol_dot, p, NULL);
    for (int k = 0; k < sh->walk.count; k++) {
        NavPos t = render_walk_tile(sc, sh->walk.at[k]);
        if (in_visible(&p->floor, t))
            fill_diamond(r, &p->v, t, 0.3, PATH_COLOR);
    }
    draw_preview(r, sc, p); /* over the walk: what it would meet shows on it too */
}

/* ---- on top of everything: what the pointer and the walk point at --------------- */

/* The burst where a cell was picked up, played once. */
static void draw_effects(Renderer *r, const Scene *sc, const IsoView *v)
{
    const Sprite *sp = &r->sprite[IMAGE_SPARKLE];
    double length = 0.6;
    for (int i = 0; i < GAME_EFFECTS; i++) {
        const SceneEffect *e = &sc->effects[i];
        double age = sc->clock - e->start;
        if (e->start <= 0 || age < 0 || age >= length)
            continue;
        int frame = (int)(age / length * SPARKLE_FRAMES);
        ScreenPos c = iso_world_to_screen(v, (WorldPos){e->at.x + 0.5, e->at.y + 0.5});
        SDL_Rect src = {frame * sp->fw, 0, sp->fw, sp->fh};
        render_blit(r, IMAGE_SPARKLE, &src, c.x - render_zoom_px(v, SPARKLE_CENTRE_X),
                    c.y - render_zoom_px(v, 16 + SPARKLE_CENTRE_Y), sp->fw, sp->fh);
    }
}

/* An alerted or chasing sentry off screen: a marker on the screen's edge in
 * its direction from the screen's centre. */
static void draw_edge_markers(Renderer *r, const Scene *sc, const IsoView *v)
{
    double cx = sc->frame.screen_w / 2.0, cy = sc->frame.screen_h / 2.0, m = 14 * r->lay.ui, half = 6 * r->lay.ui;
    for (int i = 0; i < sc->sentry_count; i++) {
        const SceneSentry *e = &sc->sentries[i];
        if (e->state != SENTRY_ALERT && e->state != SENTRY_CHASE)
            continue;
        ScreenPos p = iso_world_to_screen(v, e->body.pos);
        if (p.x >= 0 && p.y >= 0 && p.x <= sc->frame.screen_w && p.y <= sc->frame.screen_h)
            continue;
        double dx = p.x - cx, dy = p.y - cy;
        double t = fmin(fabs(dx) > 1e-9 ? (cx - m) / fabs(dx) : 1e9, fabs(dy) > 1e-9 ? (cy - m) / fabs(dy) : 1e9);
        SDL_Color c = render_sentry_color(e->state);
        SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r->sdl, c.r, c.g, c.b, 230);
        SDL_FRect d = {(float)(cx + dx * t - half), (float)(cy + dy * t - half), (float)(2 * half), (float)(2 * half)};
        SDL_RenderFillRectF(r->sdl, &d);
    }
}

/* A badge floating over tile t on a short stem, as the destination's arrow does. */
static void pin_badge(Renderer *r, const IsoView *v, WorldPos at, Badge b, double lift_px, double size_px)
{
    ScreenPos c = iso_world_to_screen(v, at);
    float size = (float)fmax(16.0, size_px * v->zoom), lift = (float)fmax(18.0, lift_px * v->zoom);
    float cy = (float)c.y - lift;
    SDL_FPoint stem[3] = {{(float)c.x - size * 0.18f, cy + size * 0.3f}, {(float)c.x + size * 0.18f, cy + size * 0.3f},
                          {(float)c.x, (float)c.y - 2.0f}};
    render_fill_polygon(r, stem, 3, (SDL_Color){16, 20, 30, 235});
    render_badge(r, b, (float)c.x, cy, size);
}

/* What the hovered walk would meet: the tile where a sentry would notice
 * the droid and that sentry, each with an eye (it would see the droid) or
 * sound waves (it would hear its step), joined by a dotted red line; a tick
 * at the end of a walk no sentry would notice; an open mark where the
 * look-ahead stopped, with its words. */
static void draw_prediction(Renderer *r, const Scene *sc, const IsoView *v)
{
    if (!render_prediction_shown(sc))
        return;
    const Prediction *pr = &sc->predict;
    double z = v->zoom;
    if (pr->outcome == PREDICT_SEEN) {
        Badge b = pr->heard ? BADGE_EAR : BADGE_EYE;
        WorldPos at = {pr->at.x + 0.5, pr->at.y + 0.5};
        if (pr->sentry >= 0 && pr->sentry < sc->sentry_count) {
            const SceneSentry *e = &sc->sentries[pr->sentry];
            ScreenPos a = iso_world_to_screen(v, at), s = iso_world_to_screen(v, e->body.pos);
            double dx = s.x - a.x, dy = s.y - a.y, len = sqrt(dx * dx + dy * dy), step = fmax(8.0, 14 * z);
            for (double t = step; t < len - step * 0.5; t += step) /* the dotted line between them */
                render_fill_circle(r, (float)(a.x + dx * t / len), (float)(a.y + dy * t / len), (float)fmax(1.5, 2.2 * z),
                                   render_map_color_alpha(r, MAPCOLOR_ROUTE_SEEN, 200));
            /* over its head, where its own "!" goes (an alerted one shows that already) */
            if (e->state != SENTRY_ALERT) {
                ScreenPos head = iso_world_to_screen(v, e->body.pos);
                render_badge(r, b, (float)head.x, (float)(head.y - render_zoom_px(v, SENTRY_FEET_Y + 6)),
                             (float)fmax(16.0, 26 * z));
            }
        }
        pin_badge(r, v, at, b, 72, 26); /* above the droid's head, should it stand there */
    } else if (pr->outcome == PREDICT_UNSEEN) {
        NavPos end = sc->preview[sc->preview_count - 1];
        pin_badge(r, v, (WorldPos){end.x + 0.5, end.y + 0.5}, BADGE_CHECK, 60, 20); /* above the destination's arrow */
    } else if (pr->outcome == PREDICT_CUT) {
        int i = r->shown.cut_from; /* cut_index, found this frame */
        NavPos t = i < sc->preview_count ? sc->preview[i] : sc->preview[sc->preview_count - 1];
        pin_badge(r, v, (WorldPos){t.x + 0.5, t.y + 0.5}, BADGE_CUT, 60, 20);
        const char *say = _("not predicted past here");
        TTF_Font *f = r->assets->font;
        ScreenPos c = iso_world_to_screen(v, (WorldPos){t.x + 0.5, t.y + 0.5});
        int tw = render_text_width(f, say), lh = r->lay.line, x = (int)(c.x + fmax(12.0, 14 * z)),
            y = (int)(c.y - fmax(18.0, 30 * z) - lh / 2);
        SDL_Rect box = {x - 4, y - 1, tw + 8, lh + 2};
        SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r->sdl, 16, 20, 30, 210);
        SDL_RenderFillRect(r->sdl, &box);
        render_text(r, f, x, y, (SDL_Color){200, 210, 225, 255}, say);
    }
}

/* An ellipse's outline (rx by ry pixels round cx, cy), two pixels wide: a ring on the floor. */
static void ring(Renderer *r, float cx, float cy, float rx, float ry, SDL_Color c)
{
    SDL_FPoint p[33];
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, c.r, c.g, c.b, c.a);
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i <= 32; i++) {
            double a = i * (6.283185307179586 / 32);
            p[i] = (SDL_FPoint){cx + (rx - k) * (float)cos(a), cy + (ry - k) * (float)sin(a)};
        }
        SDL_RenderDrawLinesF(r->sdl, p, 33);
    }
}

/* The lure: while aimed, the hovered tile ringed green where it can land
 * (red where not), each sentry it would send ringed, with a dashed line
 * to where it would go; after a throw, a ripple on the tile for a second. */
static void draw_lure(Renderer *r, const Scene *sc, const IsoView *v)
{
    double z = v->zoom;
    SDL_Color go = render_map_color_alpha(r, MAPCOLOR_GOOD, 235), no = render_map_color_alpha(r, MAPCOLOR_WARN, 235),
              pull = {255, 200, 80, 230};
    double age = sc->clock - sc->lure_since;
    if (sc->lure_since > 0 && age >= 0 && age < 1.0) {
        ScreenPos c = iso_world_to_screen(v, (WorldPos){sc->lure_at.x + 0.5, sc->lure_at.y + 0.5});
        for (int k = 0; k < 3; k++) {
            double a = age - k * 0.18;
            if (a <= 0)
                continue;
            SDL_Color c2 = pull;
            c2.a = (Uint8)(230 * (1 - age));
            ring(r, (float)c.x, (float)c.y, (float)(a * 90 * z), (float)(a * 45 * z), c2);
        }
    }
    if (!sc->frame.aiming || !sc->hover_valid)
        return;
    bool ok = sc->lure_check == SIM_LURE_OK;
    ScreenPos c = iso_world_to_screen(v, (WorldPos){sc->hover.x + 0.5, sc->hover.y + 0.5});
    double pulse = 0.5 + 0.5 * sin(sc->clock * 6);
    ring(r, (float)c.x, (float)c.y, (float)((14 + 4 * pulse) * z), (float)((7 + 2 * pulse) * z), ok ? go : no);
    ring(r, (float)c.x, (float)c.y, (float)(5 * z), (float)(2.5 * z), ok ? go : no);
    for (int i = 0; ok && i < sc->sentry_count && i < sc->lure_pulled_cap && sc->lure_pull_count > 0; i++) {
        if (!sc->lure_pulled[i])
            continue;
        ScreenPos sp = iso_world_to_screen(v, sc->sentries[i].body.pos);
        ring(r, (float)sp.x, (float)sp.y, (float)(22 * z), (float)(11 * z), pull);
        double dx = c.x - sp.x, dy = c.y - sp.y, len = sqrt(dx * dx + dy * dy), step = fmax(8.0, 12 * z);
        for (double t = step; t < len - step * 0.5; t += step)
            render_fill_circle(r, (float)(sp.x + dx * t / len), (float)(sp.y + dy * t / len), (float)fmax(1.5, 2.4 * z),
                               pull);
    }
}

/* Is the prediction shown the plan's (with or without the hovered walk after it)? */
static bool plan_predicted(const Scene *sc)
{
    const Prediction *p = &sc->predict;
    return sc->plan->count > 0 && (p->outcome == PREDICT_SEEN || p->outcome == PREDICT_UNSEEN) && !p->already;
}

/* A short label in a dark box, its left end at x, centred on y. */
static void plan_label(Renderer *r, int x, int y, SDL_Color c, const char *text)
{
    TTF_Font *f = r->assets->font;
    int tw = render_text_width(f, text), lh = r->lay.line;
    SDL_Rect box = {x - 4, y - lh / 2 - 1, tw + 8, lh + 2};
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, 16, 20, 30, 215);
    SDL_RenderFillRect(r->sdl, &box);
    render_text(r, f, x, y - lh / 2, c, text);
}

/* The plan being built: its walks' tiles, and at each leg's end its number
 * with the energy left then (once predicted), a wait's length, a lure's ring. */
static void draw_plan(Renderer *r, const Scene *sc, const IsoView *v)
{
    if (sc->plan->count == 0 || sc->status != SIM_PLAYING)
        return;
    SDL_Color tile = {255, 214, 120, 200}, text = {255, 230, 170, 255};
    for (int i = 0; i < sc->plan_tile_count; i++) {
        NavPos t = sc->plan_tiles[i];
        ScreenPos c = iso_world_to_screen(v, (WorldPos){t.x + 0.5, t.y + 0.5});
        render_fill_circle(r, (float)c.x, (float)c.y, (float)fmax(2.0, 3.5 * v->zoom), tile);
    }
    bool known = plan_predicted(sc);
    const Prediction *p = &sc->predict;
    NavPos at = sc->plan_tile, marks[ORDERS_MAX];
    for (int i = 0; i < sc->plan->count; i++) {
        const Order *o = &sc->plan->leg[i];
        char words[64];
        int n = snprintf(words, sizeof words, "%d", i + 1);
        if (o->kind == ORDER_GOTO)
            at = o->at;
        if (o->kind == ORDER_WAIT)
            n += snprintf(words + n, sizeof words - (size_t)n, _(" wait %.1f s"), (double)o->ticks / SIM_TICK_HZ);
        else if (o->kind == ORDER_LURE)
            n += snprintf(words + n, sizeof words - (size_t)n, _(" lure"));
        if (known && i < p->legs_done && sc->limited)
            snprintf(words + n, sizeof words - (size_t)n, _(": %.1f left"), sim_units(p->leg_energy[i]));
        NavPos mark = o->kind == ORDER_LURE ? o->at : at;
        ScreenPos c = iso_world_to_screen(v, (WorldPos){mark.x + 0.5, mark.y + 0.5});
        if (o->kind == ORDER_LURE)
            ring(r, (float)c.x, (float)c.y, (float)(16 * v->zoom), (float)(8 * v->zoom), (SDL_Color){255, 200, 80, 230});
        else
            outline_diamond(r, v, mark, 0.1, 0, 2, tile);
        bool noticed = known && p->outcome == PREDICT_SEEN && p->seen_leg == i;
        int stacked = 0; /* labels of earlier legs on the same tile: this one goes below them */
        for (int k = 0; k < i; k++)
            stacked += nav_pos_eq(marks[k], mark);
        marks[i] = mark;
        plan_label(r, (int)(c.x + fmax(10.0, 14 * v->zoom)),
                   (int)(c.y - fmax(14.0, 22 * v->zoom)) + stacked * (r->lay.line + 4),
                   noticed ? render_map_color(r, MAPCOLOR_WARN) : text, words);
    }
}

/* On top of the world: what the walk and the pointer point at, sparkles, and
 * the alerted sentries off screen. */
void render_world_marks_overlay(Renderer *r, const Scene *sc, const IsoView *v)
{
    double z = v->zoom;
    int thick = z >= 1.5 ? 3 : 2;
    draw_effects(r, sc, v);
    /* the destination: where the walk ends, a marker floating over it */
    NavPos end;
    if (render_destination(sc, &end)) {
        double pulse = 0.5 + 0.5 * sin(sc->clock * 5);
        outline_diamond(r, v, end, 0.08 + 0.05 * pulse, 0, thick, (SDL_Color){140, 240, 255, 255});
        ScreenPos c = iso_world_to_screen(v, (WorldPos){end.x + 0.5, end.y + 0.5});
        float s = (float)fmax(5.0, 9 * z), lift = (float)((30 + 5 * pulse) * z);
        SDL_FPoint tri[3] = {{(float)c.x - s, (float)c.y - lift - 1.6f * s},
                             {(float)c.x + s, (float)c.y - lift - 1.6f * s},
                             {(float)c.x, (float)c.y - lift}};
        render_fill_polygon(r, tri, 3, (SDL_Color){140, 240, 255, 255});
        SDL_FPoint edge[4] = {tri[0], tri[1], tri[2], tri[0]};
        SDL_SetRenderDrawColor(r->sdl, 10, 40, 60, 255);
        SDL_RenderDrawLinesF(r->sdl, edge, 4);
    }
    if (sc->frame.editing)
        outline_diamond(r, v, sc->start, 0.12, 0, thick, (SDL_Color){255, 210, 60, 255});
    /* the hovered tile; a wall is outlined on its top, where it is seen */
    if (sc->hover_valid) {
        NavPos h = sc->hover;
        bool wall = scene_kind(sc, h.x, h.y) == TILE_WALL;
        bool blocked = !nav_grid_walkable(sc->grid, h.x, h.y);
        double rise = wall ? render_zoom_px(v, WALL_RISE) * render_cut_height(r, h.x, h.y) : 0.0;
        SDL_Color c = blocked ? render_map_color(r, MAPCOLOR_WARN) : (SDL_Color){255, 240, 150, 255};
        outline_diamond(r, v, h, 0.0, rise, thick, c);
    }
    if (!sc->frame.editing) {
        if (!sc->frame.aiming)
            draw_prediction(r, sc, v);
        draw_plan(r, sc, v);
        draw_lure(r, sc, v);
        draw_edge_markers(r, sc, v);
    }
}

void render_world_marks_free(Renderer *r)
{
    tilemap_free(&r->cones);
    tilemap_free(&r->noise);
    on_screen_free(&r->shown);
}
