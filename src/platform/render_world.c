/* SPDX-License-Identifier: MIT */
/* render_world.c - the iso world: ground, marks on the floor (paths, view
 * cones), and the objects that stand on tiles (walls, doors, the exit, cells)
 * or move between them (the droid, sentries), drawn back to front from one
 * sweep; then what points at things (destination, pointer, sparkles, alerted
 * sentries off screen). The screen is cut into blocks: a block with nothing
 * moving in it is drawn from a cached image, the others tile by tile, so a
 * frame costs about the same at every zoom. Decides nothing. */
#include "render_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BACKGROUND 22, 26, 36

/* The tiles whose sprites can touch a screen area: diagonals s = x + y in
 * [s0, s1], and on each, x - y in [d0, d1]. */
typedef struct Visible {
    int s0, s1, d0, d1;
} Visible;

/* One drawing pass over a screen area: the view (offsets on whole pixels,
 * so cached and live blocks meet exactly), the tiles, and whether it bakes
 * a cached block (static looks: no actors, no marks, walls at rest). */
typedef struct Pass {
    IsoView v;
    Visible vis;
    Visible floor;          /* the tiles whose floor (and marks on it) touch the area */
    bool bake;
} Pass;


/* The range of the diagonals (x + y, x - y) a screen rectangle's corners
 * fall on: b[0..1] for x + y, b[2..3] for x - y. */
static void screen_diagonals(const IsoView *v, double x0, double y0, double x1, double y1, double b[4])
{
    ScreenPos c[4] = {{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}};
    b[0] = b[2] = 1e18;
    b[1] = b[3] = -1e18;
    for (int i = 0; i < 4; i++) {
        WorldPos w = iso_screen_to_world(v, c[i]);
        b[0] = fmin(b[0], w.x + w.y);
        b[1] = fmax(b[1], w.x + w.y);
        b[2] = fmin(b[2], w.x - w.y);
        b[3] = fmax(b[3], w.x - w.y);
    }
}

static Visible visible_in(const IsoView *v, const Sim *l, double x0, double y0, double x1, double y1)
{
    double b[4];
    screen_diagonals(v, x0, y0, x1, y1, b);
    /* ground reaches half a diagonal below its tile; walls, doors, the exit
     * and the actors rise up to 4 diagonals above theirs */
    Visible vis = {(int)floor(b[0]) - 3, (int)ceil(b[1]) + 4, (int)floor(b[2]) - 2, (int)ceil(b[3]) + 2};
    int maxs = l->w + l->h - 2;
    if (vis.s0 < 0)
        vis.s0 = 0;
    if (vis.s1 > maxs)
        vis.s1 = maxs;
    return vis;
}

/* The tiles whose floor diamond can touch a screen area (marks on the floor). */
static Visible floor_visible_in(const IsoView *v, double x0, double y0, double x1, double y1)
{
    double b[4];
    screen_diagonals(v, x0, y0, x1, y1, b);
    return (Visible){(int)floor(b[0]) - 2, (int)ceil(b[1]) + 1, (int)floor(b[2]) - 1, (int)ceil(b[3]) + 1};
}

/* The columns of diagonal s that are on the level and in vis. */
static void diagonal_span(const Sim *l, const Visible *v, int s, int *x0, int *x1)
{
    int lo = (int)floor((s + v->d0) / 2.0), hi = (int)ceil((s + v->d1) / 2.0);
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

static double zoom_px(const IsoView *v, double px)
{
    return px * v->zoom;
}

/* The screen rectangle a sprite w x h (at zoom 1) covers, its top `rise`
 * pixels above tile t's top corner and centred on it. */
static SDL_FRect tile_sprite_rect(const IsoView *v, NavPos t, int w, int h, int rise)
{
    ScreenPos top = iso_tile_to_screen(v, t);
    SDL_FRect d = {(float)(top.x - zoom_px(v, w * 0.5)), (float)(top.y - zoom_px(v, rise)), (float)zoom_px(v, w),
                   (float)zoom_px(v, h)};
    return d;
}

/* ---- the pieces of a pass --------------------------------------------------------- */

static void draw_ground(Renderer *r, const Game *g, const Pass *p)
{
    const Sim *sim = &g->sim;
    for (int s = p->vis.s0; s <= p->vis.s1; s++) {
        int x0, x1;
        diagonal_span(sim, &p->vis, s, &x0, &x1);
        for (int x = x0; x <= x1; x++) {
            TileKind k = sim_kind(sim, x, s - x);
            int img = r->assets->ground[k];
            if (img < 0)
                continue;
            SDL_FRect d = tile_sprite_rect(&p->v, nav_pos(x, s - x), TILE_PX_W, GROUND_PX_H, 0);
            if (k == TILE_WATER)
                d.y += (float)zoom_px(&p->v, 4);
            render_blit(r, img, NULL, d.x, d.y, r->sprite[img].w, r->sprite[img].h);
        }
    }
}

static const SDL_Color PATH_COLOR = {70, 225, 255, 205}, PREVIEW_COLOR = {185, 240, 255, 190},
                       SEEN_COLOR = {255, 60, 50, 175}, SHORT_COLOR = {255, 170, 40, 235},
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
        if (m->count == m->cap) {
            int cap = m->cap ? 2 * m->cap : 256;
            int *l = realloc(m->list, (size_t)cap * sizeof *l);
            if (!l)
                return;
            m->list = l;
            m->cap = cap;
        }
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

/* The states by how alarming they are (the cones' colour where several overlap). */
static const SentryState by_severity[] = {SENTRY_GUARD, SENTRY_RETURN, SENTRY_SEARCH, SENTRY_ALERT, SENTRY_CHASE};

static int severity(SentryState st)
{
    for (int i = 0; i < (int)(sizeof by_severity / sizeof by_severity[0]); i++)
        if (by_severity[i] == st)
            return i + 1;
    return 1;
}

/* Does sentry id show its cone and patrol now (V, or the pointer on it)? */
static bool sentry_telegraphed(const Game *g, int id)
{
    return !g->editing && (g->show_cones || render_sentry_hovered(g, id));
}

/* The tiles the shown sentries see, each once, with the most alarmed one's severity. */
static void build_cones(Renderer *r, const Game *g)
{
    TileMap *m = &r->cones;
    tilemap_clear(m);
    if (!tilemap_fit(m, g->sim.w, g->sim.h))
        return;
    for (int k = 0; k < r->actor_count; k++) {
        int id = r->actors[k].index;
        if (r->actors[k].kind != ACTOR_SENTRY || !sentry_telegraphed(g, id))
            continue;
        const Sentry *e = &g->sim.sentries.list[id];
        NavPos at = e->mover.tile;
        int v = severity(e->state);
        for (int y = at.y - SENTRY_SIGHT_RANGE; y <= at.y + SENTRY_SIGHT_RANGE; y++)
            for (int x = at.x - SENTRY_SIGHT_RANGE; x <= at.x + SENTRY_SIGHT_RANGE; x++)
                if (tilemap_get(m, x, y) < v && sim_kind(&g->sim, x, y) != TILE_VOID && !sim_opaque(&g->sim, x, y) &&
                    sim_sentry_sees(&g->sim, id, nav_pos(x, y)))
                    tilemap_raise(m, x, y, v);
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
        int v = m->cell[m->list[i]];
        SDL_Color c = render_sentry_color(by_severity[v - 1]);
        c.a = 52;
        fill_diamond(r, &p->v, t, 0.0, c);
        c.a = 150;
        outline_area(r, &p->v, m, t, 1, c);
    }
}

/* ---- patrols: a dotted line through the waypoints ------------------------------------ */

enum { PATROL_DOTS_PER_TILE = 2 };

/* Calls f on every dot of sentry e's patrol loop (world points), and on its
 * waypoints (way >= 0: the waypoint's index, 0 the post). */
typedef void (*PatrolFn)(Renderer *r, const Pass *p, void *ctx, WorldPos at, int way);

static void patrol_walk(Renderer *r, const Game *g, const Sentry *e, PatrolFn f, const Pass *p, void *ctx)
{
    const Sentries *ss = &g->sim.sentries;
    int n = e->patrol_count;
    if (n < 2)
        return;
    for (int k = 0; k < n; k++) {
        NavPos a = ss->points[e->patrol_first + k], b = ss->points[e->patrol_first + (k + 1) % n];
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
        render_fill_circle(r, (float)s.x, (float)s.y, (float)fmax(1.0, 1.9 * z), render_map_color(MAPCOLOR_PATROL));
        return;
    }
    /* a waypoint: a ring on the floor, the post a filled one */
    outline_diamond(r, &p->v, t, 0.22, 0, z >= 1.5 ? 3 : 2, render_map_color(MAPCOLOR_PATROL));
    if (way == 0)
        fill_diamond(r, &p->v, t, 0.3, render_map_color_alpha(MAPCOLOR_PATROL, 110));
}

/* ---- the noise of the droid's last step ----------------------------------------------- */

/* The tiles from which a sentry would hear the droid's last step, while it
 * shows (NOISE_SHOW seconds after the step), on levels with sentries. */
static void build_noise(Renderer *r, const Game *g)
{
    const Sim *s = &g->sim;
    double age = g->clock - g->noise_since;
    bool show = s->sentries.count > 0 && !g->editing && s->status == SIM_PLAYING && g->noise_since > 0 && age >= 0 &&
                age < NOISE_SHOW;
    if (!show) {
        tilemap_clear(&r->noise);
        r->noise_for = -1;
        return;
    }
    if (r->noise_for == g->noise_since && nav_pos_eq(r->noise_at, s->droid.tile) && r->noise.w == s->w &&
        r->noise.h == s->h)
        return;
    tilemap_clear(&r->noise);
    if (!tilemap_fit(&r->noise, s->w, s->h))
        return;
    r->noise_for = g->noise_since;
    r->noise_at = s->droid.tile;
    int reach = SENTRY_HEAR_RADIUS + SENTRY_HEAR_DOOR + 1;
    NavPos d = s->droid.tile;
    for (int y = d.y - reach; y <= d.y + reach; y++)
        for (int x = d.x - reach; x <= d.x + reach; x++)
            if (x >= 0 && y >= 0 && x < s->w && y < s->h && sim_hears_at(s, nav_pos(x, y))) {
                int dist = abs(x - d.x) > abs(y - d.y) ? abs(x - d.x) : abs(y - d.y);
                tilemap_raise(&r->noise, x, y, 1 + dist);
            }
}

/* The noise spreads from the droid over the first part of its time, then fades. */
static int noise_front(const Game *g)
{
    double age = g->clock - g->noise_since;
    return 1 + (int)((SENTRY_HEAR_RADIUS + SENTRY_HEAR_DOOR + 1) * fmin(1.0, age / (0.4 * NOISE_SHOW)));
}

static void draw_noise(Renderer *r, const Game *g, const Pass *p)
{
    const TileMap *m = &r->noise;
    if (!m->count)
        return;
    double fade = 1.0 - (g->clock - g->noise_since) / NOISE_SHOW;
    int front = noise_front(g);
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
static int cut_index(const Game *g)
{
    const Sim *s = &g->sim;
    double walk = g->predict.ticks * SIM_DROID_SPEED / SIM_TICK_HZ, at_cost = 0;
    NavPos at = g->preview_from;
    for (int i = 0; i < g->preview.count; i++) {
        at_cost += sim_units((int64_t)mover_step_cost(&s->grid, at, g->preview.tiles[i]));
        if (at_cost > walk)
            return i;
        at = g->preview.tiles[i];
    }
    return g->preview.count;
}

/* From which preview tile on the walk is noticed, and from which it was
 * not looked at (preview.count: none). */
static void preview_spans(const Game *g, int *seen_from, int *cut_from)
{
    *seen_from = *cut_from = g->preview.count;
    if (!render_prediction_shown(g))
        return;
    if (g->predict.outcome == PREDICT_SEEN)
        *seen_from = g->predict_step;
    else if (g->predict.outcome == PREDICT_CUT)
        *cut_from = cut_index(g);
}

/* ---- what of the long lists is on screen (OnScreen) ---------------------------------- */

enum { SHOWN_MARGIN = 4 }; /* diagonal rows and columns around the screen looked at too */

static void index_add(IndexList *l, int i)
{
    if (l->count == l->cap) {
        int cap = l->cap ? l->cap * 2 : 256;
        int *a = realloc(l->at, (size_t)cap * sizeof *a);
        if (!a) {
            l->short_of_memory = true;
            return;
        }
        l->at = a;
        l->cap = cap;
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
static void walk_on_screen(IndexList *out, const Visible *vis, int n, NavPos (*tile)(const Game *, int),
                           const Game *g)
{
    out->count = 0;
    out->short_of_memory = false;
    for (int i = 0; i < n;) {
        int gap = visible_gap(vis, tile(g, i));
        if (gap == 0) {
            index_add(out, i);
            i++;
        } else {
            i += (gap + 1) / 2;
        }
    }
}

static NavPos walk_tile_at(const Game *g, int i)
{
    return render_walk_tile(g, i);
}

static NavPos preview_tile_at(const Game *g, int i)
{
    return g->preview.tiles[i];
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
static void collect_on_screen(Renderer *r, const Game *g, const IsoView *v)
{
    OnScreen *sh = &r->shown;
    Visible vis = floor_visible_in(v, 0, 0, g->screen_w, g->screen_h);
    vis.s0 -= SHOWN_MARGIN;
    vis.s1 += SHOWN_MARGIN;
    vis.d0 -= SHOWN_MARGIN;
    vis.d1 += SHOWN_MARGIN;
    walk_on_screen(&sh->walk, &vis, render_walk_left(g), walk_tile_at, g);
    walk_on_screen(&sh->preview, &vis, g->preview.count, preview_tile_at, g);
    sh->marks_cells = v->zoom >= 0.5;
    marks_on_screen(&sh->marks, &r->marks, &vis, sh->marks_cells);
    preview_spans(g, &sh->seen_from, &sh->cut_from);
}

static void on_screen_free(OnScreen *sh)
{
    index_free(&sh->walk);
    index_free(&sh->preview);
    index_free(&sh->marks);
}

static void draw_preview(Renderer *r, const Game *g, const Pass *p)
{
    if (g->sim.status != SIM_PLAYING) /* the play is over: nothing to walk */
        return;
    const OnScreen *sh = &r->shown;
    int seen_from = sh->seen_from, cut_from = sh->cut_from;
    int thick = p->v.zoom >= 1.5 ? 3 : 2;
    for (int k = 0; k < sh->preview.count; k++) {
        int i = sh->preview.at[k];
        NavPos t = g->preview.tiles[i];
        if (!in_visible(&p->floor, t))
            continue;
        if (i >= g->preview_afford) { /* the energy runs out before: an empty outline */
            outline_diamond(r, &p->v, t, 0.3, 0, thick, SHORT_COLOR);
            continue;
        }
        SDL_Color c = i >= seen_from ? SEEN_COLOR : PREVIEW_COLOR;
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
static void draw_marks(Renderer *r, const Game *g, const Pass *p)
{
    const MiniMarks *m = &r->marks;
    const OnScreen *sh = &r->shown;
    if (g->editing)
        for (int k = 0; k < sh->marks.count; k++) {
            int i = sh->marks.at[k];
            if (m->kind[i] == TILE_SENTRY && in_visible(&p->floor, m->tile[i]))
                fill_diamond(r, &p->v, m->tile[i], 0.18, (SDL_Color){230, 60, 60, 150});
        }
    draw_cones(r, p);
    draw_noise(r, g, p);
    for (int i = 0; i < r->actor_count; i++)
        if (r->actors[i].kind == ACTOR_SENTRY && sentry_telegraphed(g, r->actors[i].index))
            patrol_walk(r, g, &g->sim.sentries.list[r->actors[i].index], patrol_dot, p, NULL);
    for (int k = 0; k < sh->walk.count; k++) {
        NavPos t = render_walk_tile(g, sh->walk.at[k]);
        if (in_visible(&p->floor, t))
            fill_diamond(r, &p->v, t, 0.3, PATH_COLOR);
    }
    draw_preview(r, g, p); /* over the walk: what it would meet shows on it too */
}

/* The screen rectangle of a frame w x h (zoomed) whose point (fx, fy) (at
 * zoom 1) stands on world point pos. */
static SDL_FRect frame_rect(const IsoView *v, WorldPos pos, int fx, int fy, int w, int h)
{
    ScreenPos feet = iso_world_to_screen(v, pos);
    SDL_FRect d = {(float)(feet.x - zoom_px(v, fx)), (float)(feet.y - zoom_px(v, fy)), (float)w, (float)h};
    return d;
}

static SDL_FRect droid_rect(const Renderer *r, const IsoView *v, WorldPos pos)
{
    const Sprite *sp = &r->sprite[IMAGE_DROID];
    return frame_rect(v, pos, DROID_FEET_X, DROID_FEET_Y, sp->fw, sp->fh);
}

/* A sentry's frame and, above it, its "!" (alert) or "?" (search). */
static SDL_FRect sentry_rect(const Renderer *r, const IsoView *v, const Sentry *e)
{
    const Sprite *sp = &r->sprite[IMAGE_SENTRY];
    SDL_FRect d = frame_rect(v, e->mover.pos, SENTRY_FEET_X, SENTRY_FEET_Y, sp->fw, sp->fh);
    float above = (float)zoom_px(v, ALERT_H);
    d.y -= above;
    d.h += above;
    return d;
}

/* A door from the sheet: its row by the walls it stands between, its frame
 * by how far open the sim says it is. front: only the near post and lintel,
 * drawn over the droid standing in the doorway. */
static void draw_door(Renderer *r, const Game *g, const IsoView *v, NavPos t, bool front)
{
    const Sim *sim = &g->sim;
    bool along_x = sim_kind(sim, t.x - 1, t.y) == TILE_WALL || sim_kind(sim, t.x + 1, t.y) == TILE_WALL;
    int row = (along_x ? DOOR_ROW_ALONG_X : DOOR_ROW_ALONG_Y) + (front ? DOOR_ROW_FRONT : 0);
    const Sprite *sp = &r->sprite[IMAGE_DOOR_FRAMES];
    SDL_FRect dst = tile_sprite_rect(v, t, DOOR_FRAME_W, DOOR_FRAME_H, DOOR_ANCHOR_Y);
    SDL_Rect src = {render_door_frame(sim, t) * sp->fw, row * sp->fh, sp->fw, sp->fh};
    render_blit(r, IMAGE_DOOR_FRAMES, &src, dst.x, dst.y, sp->fw, sp->fh);
}

/* The exit: dark and shut while locked, a lit, animated beam once open (a
 * cached block holds its first frame). */
static void draw_exit(Renderer *r, const Game *g, const Pass *p, NavPos t)
{
    SDL_FRect dst = tile_sprite_rect(&p->v, t, EXIT_FRAME_W, EXIT_FRAME_H, EXIT_ANCHOR_Y);
    if (!g->sim.exit_open) {
        const Sprite *sp = &r->sprite[IMAGE_EXIT_LOCKED];
        render_blit(r, IMAGE_EXIT_LOCKED, NULL, dst.x, dst.y, sp->w, sp->h);
        return;
    }
    const Sprite *sp = &r->sprite[IMAGE_EXIT_OPEN];
    int frame = p->bake ? 0 : (int)(g->clock * 10) % EXIT_FRAMES;
    SDL_Rect src = {frame * sp->fw, 0, sp->fw, sp->fh};
    render_blit(r, IMAGE_EXIT_OPEN, &src, dst.x, dst.y, sp->fw, sp->fh);
}

/* A sentry: its own sheet (8 facings, idle and walk frames), tinted a
 * little by its state past guarding; the "!" sprite above it while alert and
 * a "?" while searching. */
static void draw_sentry(Renderer *r, const IsoView *v, const Sentry *e)
{
    const Sprite *sp = &r->sprite[IMAGE_SENTRY];
    int frame = 0;
    if (e->mover.moving)
        frame = 1 + (int)(e->mover.walked * SENTRY_WALK_FRAMES) % SENTRY_WALK_FRAMES;
    SDL_Rect src = {frame * sp->fw, (int)e->mover.facing * sp->fh, sp->fw, sp->fh};
    SDL_FRect d = frame_rect(v, e->mover.pos, SENTRY_FEET_X, SENTRY_FEET_Y, sp->fw, sp->fh);
    SDL_Color c = render_sentry_color(e->state);
    if (e->state != SENTRY_GUARD && sp->tex)
        SDL_SetTextureColorMod(sp->tex, (Uint8)(128 + c.r / 2), (Uint8)(128 + c.g / 2), (Uint8)(128 + c.b / 2));
    render_blit(r, IMAGE_SENTRY, &src, d.x, d.y, sp->fw, sp->fh);
    if (sp->tex)
        SDL_SetTextureColorMod(sp->tex, 255, 255, 255);
    ScreenPos feet = iso_world_to_screen(v, e->mover.pos);
    const Sprite *al = &r->sprite[IMAGE_ALERT];
    if (e->state == SENTRY_ALERT && e->alert_heard) /* heard, not seen: sound waves instead of the "!" */
        render_badge(r, BADGE_EAR, (float)feet.x, (float)(d.y - zoom_px(v, ALERT_FOOT_Y - 8) + zoom_px(v, ALERT_H) * 0.5),
                     (float)fmax(14.0, zoom_px(v, 24)));
    else if (e->state == SENTRY_ALERT)
        render_blit(r, IMAGE_ALERT, NULL, feet.x - zoom_px(v, ALERT_FOOT_X), d.y - zoom_px(v, ALERT_FOOT_Y - 8), al->w,
                    al->h);
    else if (e->state == SENTRY_SEARCH)
        render_text(r, r->assets->font_big, (int)(feet.x - 5), (int)(d.y - zoom_px(v, 14)), c, "?");
}

static void draw_actor(Renderer *r, const Game *g, const Pass *p, const Actor *a)
{
    switch (a->kind) {
    case ACTOR_DROID: {
        const Mover *m = &g->sim.droid;
        const Sprite *sp = &r->sprite[IMAGE_DROID];
        int frame = 0;
        if (m->moving) /* a stride a tile: slower ground, slower steps */
            frame = 1 + (int)(m->walked * DROID_WALK_FRAMES) % DROID_WALK_FRAMES;
        SDL_Rect src = {frame * sp->fw, (int)m->facing * sp->fh, sp->fw, sp->fh};
        SDL_FRect d = droid_rect(r, &p->v, m->pos);
        render_blit(r, IMAGE_DROID, &src, d.x, d.y, sp->fw, sp->fh);
        /* in a doorway the door's near post and lintel stand in front of the droid */
        if (sim_kind(&g->sim, m->tile.x, m->tile.y) == TILE_DOOR)
            draw_door(r, g, &p->v, m->tile, true);
        if (m->moving && sim_kind(&g->sim, m->next.x, m->next.y) == TILE_DOOR)
            draw_door(r, g, &p->v, m->next, true);
        break;
    }
    case ACTOR_SENTRY:
        draw_sentry(r, &p->v, &g->sim.sentries.list[a->index]);
        break;
    }
}

static int by_depth(const void *a, const void *b)
{
    const Actor *x = a, *y = b;
    return x->depth < y->depth ? -1 : x->depth > y->depth ? 1 : x->kind != y->kind ? (int)x->kind - (int)y->kind
                                                                                    : x->index - y->index;
}

/* The actors near the screen, back to front, into r->actors (once a frame). */
static void collect_actors(Renderer *r, const Game *g, const IsoView *v)
{
    const Sentries *ss = &g->sim.sentries;
    int need = 1 + ss->count;
    if (need > r->actor_cap) {
        Actor *a = realloc(r->actors, (size_t)need * sizeof *a);
        if (!a)
            need = r->actor_cap;
        else {
            r->actors = a;
            r->actor_cap = need;
        }
    }
    int n = 0;
    /* caught: the droid in front of the sentry that holds it */
    double caught = render_catcher(g) >= 0 ? 0.02 : 0.0;
    if (n < r->actor_cap)
        r->actors[n++] = (Actor){ACTOR_DROID, 0, g->sim.droid.pos.x + g->sim.droid.pos.y + caught};
    for (int i = 0; i < ss->count && n < r->actor_cap && !g->editing; i++) {
        SDL_FRect d = sentry_rect(r, v, &ss->list[i]);
        if (d.x + d.w < 0 || d.y + d.h < 0 || d.x > g->screen_w || d.y > g->screen_h) {
            /* off screen; its view cone may still reach in */
            float reach = (float)zoom_px(v, SENTRY_SIGHT_RANGE * TILE_PX_W);
            if (!g->show_cones || d.x + d.w < -reach || d.y + d.h < -reach || d.x > g->screen_w + reach ||
                d.y > g->screen_h + reach)
                continue;
        }
        r->actors[n++] = (Actor){ACTOR_SENTRY, i, ss->list[i].mover.pos.x + ss->list[i].mover.pos.y};
    }
    qsort(r->actors, (size_t)n, sizeof *r->actors, by_depth);
    r->actor_count = n;
}

/* A wall at height hf (1 full, WALL_LOW a low block). A lowered wall is its
 * sprite's lower faces with the top face moved down onto them. faces_hidden:
 * walls in front on all three sides hide everything but the top face. */
static void draw_wall(Renderer *r, const IsoView *v, NavPos t, float hf, bool faces_hidden)
{
    const Sprite *sp = &r->sprite[IMAGE_WALL];
    SDL_FRect d = tile_sprite_rect(v, t, TILE_PX_W, WALL_PX_H, WALL_RISE);
    int x = (int)lround(d.x), y = (int)lround(d.y);
    int top_h = (int)lround(zoom_px(v, TILE_PX_H)), mid = (int)lround(zoom_px(v, TILE_PX_H / 2));
    if (hf >= 0.999f) {
        SDL_Rect src = {0, 0, sp->w, faces_hidden ? top_h + 1 : sp->h};
        render_blit(r, IMAGE_WALL, &src, x, y, src.w, src.h);
        return;
    }
    int drop = (int)lround(zoom_px(v, WALL_RISE) * (1.0 - hf));
    if (sp->h - mid - drop > 0) {
        SDL_Rect faces = {0, mid + drop, sp->w, sp->h - mid - drop};
        render_blit(r, IMAGE_WALL, &faces, x, y + mid + drop, faces.w, faces.h);
    }
    /* the cut top reads darker than a standing wall's */
    Uint8 shade = (Uint8)(255 - 70 * (1.0f - hf) / (1.0f - (float)WALL_LOW));
    if (sp->tex)
        SDL_SetTextureColorMod(sp->tex, shade, shade, shade);
    SDL_Rect top = {0, 0, sp->w, top_h};
    render_blit(r, IMAGE_WALL, &top, x, y + drop, top.w, top.h);
    if (sp->tex)
        SDL_SetTextureColorMod(sp->tex, 255, 255, 255);
}

static float wall_height(const Renderer *r, const Pass *p, int x, int y)
{
    return p->bake ? render_cut_height_static(r) : render_cut_height(r, x, y);
}

/* What stands on tile (x, y): one place for every kind of tile object. A
 * kind whose look changes during play needs that state in tile_look() (so
 * cached blocks are redrawn when it changes) or its tile in mark_live(). */
static void draw_tile_object(Renderer *r, const Game *g, const Pass *p, int x, int y, TileKind k)
{
    const Sim *sim = &g->sim;
    switch (k) {
    case TILE_WALL: {
        float hf = wall_height(r, p, x, y);
        bool hidden = hf >= 0.999f && sim_kind(sim, x + 1, y) == TILE_WALL && sim_kind(sim, x, y + 1) == TILE_WALL &&
                      sim_kind(sim, x + 1, y + 1) == TILE_WALL && wall_height(r, p, x + 1, y) >= 0.999f &&
                      wall_height(r, p, x, y + 1) >= 0.999f && wall_height(r, p, x + 1, y + 1) >= 0.999f;
        draw_wall(r, &p->v, nav_pos(x, y), hf, hidden);
        break;
    }
    case TILE_DOOR:
        draw_door(r, g, &p->v, nav_pos(x, y), false);
        break;
    case TILE_EXIT:
        draw_exit(r, g, p, nav_pos(x, y));
        break;
    case TILE_CELL: {
        double bob = p->bake ? 0.0 : 2 * sin(g->clock * 3 + x);
        SDL_FRect d = tile_sprite_rect(&p->v, nav_pos(x, y), CELL_W, CELL_H, CELL_ANCHOR_Y);
        d.y += (float)zoom_px(&p->v, bob);
        render_blit(r, IMAGE_CELL, NULL, d.x, d.y, r->sprite[IMAGE_CELL].w, r->sprite[IMAGE_CELL].h);
        break;
    }
    default:
        break;
    }
}

/* Back to front: diagonal by diagonal, each actor just before the first
 * diagonal in front of its feet. */
static void draw_objects(Renderer *r, const Game *g, const Pass *p)
{
    const Sim *sim = &g->sim;
    int n = p->bake ? 0 : r->actor_count, next = 0;
    const Actor *actors = r->actors;
    for (int s = p->vis.s0; s <= p->vis.s1; s++) {
        while (next < n && actors[next].depth < s + 0.5)
            draw_actor(r, g, p, &actors[next++]);
        int x0, x1;
        diagonal_span(sim, &p->vis, s, &x0, &x1);
        for (int x = x0; x <= x1; x++)
            draw_tile_object(r, g, p, x, s - x, sim_kind(sim, x, s - x));
    }
    while (next < n)
        draw_actor(r, g, p, &actors[next++]);
}

static void draw_pass(Renderer *r, const Game *g, const Pass *p)
{
    draw_ground(r, g, p);
    if (!p->bake)
        draw_marks(r, g, p);
    draw_objects(r, g, p);
}

/* ---- on top of everything: what the pointer and the walk point at --------------- */

/* The burst where a cell was picked up, played once. */
static void draw_effects(Renderer *r, const Game *g, const IsoView *v)
{
    const Sprite *sp = &r->sprite[IMAGE_SPARKLE];
    double length = 0.6;
    for (int i = 0; i < GAME_EFFECTS; i++) {
        const GameEffect *e = &g->effects[i];
        double age = g->clock - e->start;
        if (e->start <= 0 || age < 0 || age >= length)
            continue;
        int frame = (int)(age / length * SPARKLE_FRAMES);
        ScreenPos c = iso_world_to_screen(v, (WorldPos){e->at.x + 0.5, e->at.y + 0.5});
        SDL_Rect src = {frame * sp->fw, 0, sp->fw, sp->fh};
        render_blit(r, IMAGE_SPARKLE, &src, c.x - zoom_px(v, SPARKLE_CENTRE_X), c.y - zoom_px(v, 16 + SPARKLE_CENTRE_Y),
                    sp->fw, sp->fh);
    }
}

/* An alerted or chasing sentry off screen: a marker on the screen's edge in
 * its direction from the screen's centre. */
static void draw_edge_markers(Renderer *r, const Game *g, const IsoView *v)
{
    const Sentries *ss = &g->sim.sentries;
    double cx = g->screen_w / 2.0, cy = g->screen_h / 2.0, m = 14 * r->lay.ui, half = 6 * r->lay.ui;
    for (int i = 0; i < ss->count; i++) {
        const Sentry *e = &ss->list[i];
        if (e->state != SENTRY_ALERT && e->state != SENTRY_CHASE)
            continue;
        ScreenPos p = iso_world_to_screen(v, e->mover.pos);
        if (p.x >= 0 && p.y >= 0 && p.x <= g->screen_w && p.y <= g->screen_h)
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
static void draw_prediction(Renderer *r, const Game *g, const IsoView *v)
{
    if (!render_prediction_shown(g))
        return;
    const Prediction *pr = &g->predict;
    double z = v->zoom;
    if (pr->outcome == PREDICT_SEEN) {
        Badge b = pr->heard ? BADGE_EAR : BADGE_EYE;
        WorldPos at = {pr->at.x + 0.5, pr->at.y + 0.5};
        if (pr->sentry >= 0 && pr->sentry < g->sim.sentries.count) {
            const Sentry *e = &g->sim.sentries.list[pr->sentry];
            ScreenPos a = iso_world_to_screen(v, at), s = iso_world_to_screen(v, e->mover.pos);
            double dx = s.x - a.x, dy = s.y - a.y, len = sqrt(dx * dx + dy * dy), step = fmax(8.0, 14 * z);
            for (double t = step; t < len - step * 0.5; t += step) /* the dotted line between them */
                render_fill_circle(r, (float)(a.x + dx * t / len), (float)(a.y + dy * t / len), (float)fmax(1.5, 2.2 * z),
                                   (SDL_Color){255, 70, 60, 200});
            /* over its head, where its own "!" goes (an alerted one shows that already) */
            if (e->state != SENTRY_ALERT) {
                ScreenPos head = iso_world_to_screen(v, e->mover.pos);
                render_badge(r, b, (float)head.x, (float)(head.y - zoom_px(v, SENTRY_FEET_Y + 6)),
                             (float)fmax(16.0, 26 * z));
            }
        }
        pin_badge(r, v, at, b, 72, 26); /* above the droid's head, should it stand there */
    } else if (pr->outcome == PREDICT_UNSEEN) {
        NavPos end = g->preview.tiles[g->preview.count - 1];
        pin_badge(r, v, (WorldPos){end.x + 0.5, end.y + 0.5}, BADGE_CHECK, 60, 20); /* above the destination's arrow */
    } else if (pr->outcome == PREDICT_CUT) {
        int i = r->shown.cut_from; /* cut_index, found this frame */
        NavPos t = i < g->preview.count ? g->preview.tiles[i] : g->preview.tiles[g->preview.count - 1];
        pin_badge(r, v, (WorldPos){t.x + 0.5, t.y + 0.5}, BADGE_CUT, 60, 20);
        const char *say = "not predicted past here";
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

/* On top of the world: what the walk and the pointer point at, sparkles, and
 * the alerted sentries off screen. */
static void draw_overlay(Renderer *r, const Game *g, const IsoView *v)
{
    double z = v->zoom;
    int thick = z >= 1.5 ? 3 : 2;
    draw_effects(r, g, v);
    /* the destination: where the walk ends, a marker floating over it */
    NavPos end;
    if (render_destination(g, &end)) {
        double pulse = 0.5 + 0.5 * sin(g->clock * 5);
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
    if (g->editing)
        outline_diamond(r, v, g->level.start, 0.12, 0, thick, (SDL_Color){255, 210, 60, 255});
    /* the hovered tile; a wall is outlined on its top, where it is seen */
    if (g->hover_valid) {
        NavPos h = g->hover;
        bool wall = sim_kind(&g->sim, h.x, h.y) == TILE_WALL;
        bool blocked = !nav_grid_walkable(&g->sim.grid, h.x, h.y);
        double rise = wall ? zoom_px(v, WALL_RISE) * render_cut_height(r, h.x, h.y) : 0.0;
        SDL_Color c = blocked ? (SDL_Color){255, 110, 90, 255} : (SDL_Color){255, 240, 150, 255};
        outline_diamond(r, v, h, 0.0, rise, thick, c);
    }
    if (!g->editing) {
        draw_prediction(r, g, v);
        draw_edge_markers(r, g, v);
    }
}

/* ---- cached blocks ---------------------------------------------------------------- */

static void blocks_clear(BlockCache *c)
{
    for (int i = 0; i < c->count; i++)
        if (c->block[i].tex)
            SDL_DestroyTexture(c->block[i].tex);
    free(c->block);
    free(c->slot);
    free(c->look);
    free(c->watch);
    free(c->live);
    memset(c, 0, sizeof *c);
}

void render_world_free(Renderer *r)
{
    blocks_clear(&r->blocks);
    render_cut_free(r);
    tilemap_free(&r->cones);
    tilemap_free(&r->noise);
    on_screen_free(&r->shown);
    free(r->actors);
    r->actors = NULL;
    r->actor_count = r->actor_cap = 0;
}

static unsigned block_hash(int bx, int by)
{
    return (unsigned)bx * 73856093u ^ (unsigned)by * 19349663u;
}

static void blocks_rehash(BlockCache *c)
{
    int n = 2 * c->cap;
    for (int i = 0; i < n; i++)
        c->slot[i] = -1;
    for (int i = 0; i < c->count; i++) {
        unsigned h = block_hash(c->block[i].bx, c->block[i].by) % (unsigned)n;
        while (c->slot[h] >= 0)
            h = (h + 1) % (unsigned)n;
        c->slot[h] = i;
    }
}

static int blocks_find(const BlockCache *c, int bx, int by)
{
    if (!c->cap)
        return -1;
    unsigned n = (unsigned)(2 * c->cap), h = block_hash(bx, by) % n;
    for (; c->slot[h] >= 0; h = (h + 1) % n) {
        const Block *b = &c->block[c->slot[h]];
        if (b->bx == bx && b->by == by)
            return c->slot[h];
    }
    return -1;
}

/* Room for `need` blocks (what the screen shows, and some to spare); no
 * more textures than that are ever made. */
static bool blocks_reserve(BlockCache *c, int need)
{
    if (c->cap >= need)
        return true;
    int cap = need;
    Block *b = realloc(c->block, (size_t)cap * sizeof *b);
    if (!b)
        return false;
    c->block = b;
    int *slot = realloc(c->slot, (size_t)cap * 2 * sizeof *slot);
    if (!slot)
        return false;
    c->slot = slot;
    c->cap = cap;
    blocks_rehash(c);
    return true;
}

/* Marks the blocks that show tile t (its ground and anything standing on it) stale. */
static void blocks_forget_tile(BlockCache *c, const IsoView *v0, NavPos t)
{
    SDL_FRect d = tile_sprite_rect(v0, t, TILE_PX_W, TALL_RISE + GROUND_PX_H, TALL_RISE);
    int bx0 = (int)floor(d.x / BLOCK) - 1, bx1 = (int)floor((d.x + d.w) / BLOCK) + 1;
    int by0 = (int)floor(d.y / BLOCK) - 1, by1 = (int)floor((d.y + d.h) / BLOCK) + 1;
    for (int by = by0; by <= by1; by++)
        for (int bx = bx0; bx <= bx1; bx++) {
            int i = blocks_find(c, bx, by);
            if (i >= 0)
                c->block[i].valid = false;
        }
}

/* What a cached block shows of a tile: its kind, a door's frame, whether
 * the exit is open. */
static unsigned char tile_look(const Sim *sim, int x, int y)
{
    TileKind k = sim_kind(sim, x, y);
    if (k == TILE_DOOR)
        return (unsigned char)(k | render_door_frame(sim, nav_pos(x, y)) << 4);
    if (k == TILE_EXIT)
        return (unsigned char)(k | (sim->exit_open ? 0x80 : 0));
    return (unsigned char)k;
}

/* Changes when the whole level may look different: another level, or
 * another size. Play and edits change single tiles (blocks_check). */
static uint64_t look_signature(const Game *g)
{
    const Sim *s = &g->sim;
    uint64_t h = 1469598103934665603u;
    uint64_t parts[3] = {g->level_loads, (uint64_t)s->w, (uint64_t)s->h};
    for (int i = 0; i < 3; i++)
        h = (h ^ parts[i]) * 1099511628211u;
    return h;
}

/* Looks at tile t again: forgets the images around it if its look changed. */
static void look_again(BlockCache *c, const Sim *sim, const IsoView *v0, NavPos t)
{
    if (t.x < 0 || t.y < 0 || t.x >= sim->w || t.y >= sim->h)
        return;
    size_t i = (size_t)t.y * (size_t)sim->w + (size_t)t.x;
    unsigned char lk = tile_look(sim, t.x, t.y);
    if (t.y >= c->look_rows || c->look[i] != lk)
        blocks_forget_tile(c, v0, t);
    c->look[i] = lk;
}

static void watch_add(BlockCache *c, NavPos t)
{
    if (c->watch_count == c->watch_cap) {
        int cap = c->watch_cap ? c->watch_cap * 2 : 64;
        NavPos *w = realloc(c->watch, (size_t)cap * sizeof *w);
        if (!w)
            return;
        c->watch = w;
        c->watch_cap = cap;
    }
    c->watch[c->watch_count++] = t;
}

/* Forgets the images that no longer show the level as it is drawn now: all
 * of them when the zoom or the walls' height changed; else those around the
 * tiles whose look changed, looking only where it can have: the tiles
 * edited since the last frame, the cells taken, the doors not at rest and
 * the exit, now and at the last frame. A new level (or too many edits at
 * once) looks at every tile. */
static void blocks_check(Renderer *r, const Game *g, const IsoView *v0, bool bob)
{
    BlockCache *c = &r->blocks;
    const Sim *sim = &g->sim;
    float down = render_cut_height_static(r);
    bool all = c->zoom != v0->zoom || c->down != down || c->bob != bob || c->w != sim->w || c->h != sim->h || !c->look;
    uint64_t sig = look_signature(g);
    if (all) {
        for (int i = 0; i < c->count; i++)
            c->block[i].valid = false;
        if (c->w != sim->w || c->h != sim->h || !c->look) {
            free(c->look);
            c->look = malloc((size_t)sim->w * (size_t)sim->h);
            c->w = c->look ? sim->w : 0;
            c->h = c->look ? sim->h : 0;
        }
        c->zoom = v0->zoom;
        c->down = down;
        c->bob = bob;
    }
    if (!c->look)
        return;
    unsigned edits = g->edit_serial - c->edit_serial;
    if (all || sig != c->sig || edits > GAME_EDIT_RING) { /* every image drawn again; the looks taken anew */
        for (int i = 0; i < c->count; i++)
            c->block[i].valid = false;
        c->look_rows = 0;
        c->sig = sig;
    } else {
        for (unsigned k = c->edit_serial; k != g->edit_serial; k++)
            look_again(c, sim, v0, g->edit_ring[k % GAME_EDIT_RING]);
        for (int i = 0; i < c->watch_count; i++) /* as they were: back to how they are */
            look_again(c, sim, v0, c->watch[i]);
    }
    /* the looks of a few more rows (the images drawn meanwhile show the tiles as they are) */
    int rows = sim->w > 0 ? BLOCK_LOOK_WORK / sim->w : 0;
    for (int y = c->look_rows; y < sim->h && y < c->look_rows + (rows > 0 ? rows : 1); y++) {
        unsigned char *look = c->look + (size_t)y * (size_t)sim->w;
        memcpy(look, sim->kind + (size_t)y * (size_t)sim->w, (size_t)sim->w); /* a kind is its look ... */
        for (int x = 0; x < sim->w; x++)
            if (look[x] == TILE_DOOR || look[x] == TILE_EXIT) /* ... but a door's and the exit's */
                look[x] = tile_look(sim, x, y);
    }
    c->look_rows += rows > 0 ? rows : 1;
    if (c->look_rows > sim->h)
        c->look_rows = sim->h;
    c->edit_serial = g->edit_serial;
    c->watch_count = 0;
    for (int i = 0; i < sim->taken_count; i++)
        watch_add(c, sim->taken[i]);
    for (int k = 0; k < sim->door_active_count + sim->door_entered; k++) {
        const SimDoor *d = &sim->doors[sim->door_active[k]];
        watch_add(c, nav_pos(d->x, d->y));
    }
    if (sim->has_exit)
        watch_add(c, sim->exit);
    for (int i = 0; i < c->watch_count; i++)
        look_again(c, sim, v0, c->watch[i]);
}

/* The image of block (bx, by), drawn now if it is missing or stale; NULL
 * when it cannot be made (the caller draws the block live). */
static SDL_Texture *block_image(Renderer *r, const Game *g, const IsoView *v0, int bx, int by)
{
    BlockCache *c = &r->blocks;
    int i = blocks_find(c, bx, by);
    if (i < 0) {
        if (c->count < c->cap) {
            i = c->count++;
            c->block[i] = (Block){NULL, bx, by, false, 0};
        } else { /* the block drawn longest ago gives its texture */
            i = 0;
            for (int k = 1; k < c->count; k++)
                if (c->block[k].used < c->block[i].used)
                    i = k;
            if (c->block[i].used == r->frame)
                return NULL;
            c->block[i].bx = bx;
            c->block[i].by = by;
            c->block[i].valid = false;
        }
        blocks_rehash(c);
    }
    Block *b = &c->block[i];
    b->used = r->frame;
    if (b->valid)
        return b->tex;
    if (!b->tex) {
        b->tex = SDL_CreateTexture(r->sdl, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, BLOCK, BLOCK);
        if (!b->tex)
            return NULL;
        SDL_SetTextureBlendMode(b->tex, SDL_BLENDMODE_NONE);
    }
    if (SDL_SetRenderTarget(r->sdl, b->tex) != 0)
        return NULL;
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r->sdl, BACKGROUND, 255);
    SDL_RenderClear(r->sdl);
    Pass p = {*v0, {0, 0, 0, 0}, {0, 0, 0, 0}, true};
    p.v.off_x = -(double)bx * BLOCK;
    p.v.off_y = -(double)by * BLOCK;
    p.vis = visible_in(&p.v, &g->sim, 0, 0, BLOCK, BLOCK);
    draw_pass(r, g, &p);
    SDL_SetRenderTarget(r->sdl, NULL);
    b->valid = true;
    return b->tex;
}

/* ---- which blocks are live this frame -------------------------------------------- */

typedef struct BlockGrid {
    int bx0, by0, nx, ny;   /* the blocks on screen */
    int ox, oy;             /* the view's offset: block (bx, by) is at bx * BLOCK + ox */
    unsigned char *live;
} BlockGrid;

static void live_rect(BlockGrid *bg, SDL_FRect d)
{
    int bx0 = (int)floor((d.x - bg->ox) / BLOCK) - bg->bx0, bx1 = (int)floor((d.x + d.w - bg->ox) / BLOCK) - bg->bx0;
    int by0 = (int)floor((d.y - bg->oy) / BLOCK) - bg->by0, by1 = (int)floor((d.y + d.h - bg->oy) / BLOCK) - bg->by0;
    if (bx0 < 0)
        bx0 = 0;
    if (by0 < 0)
        by0 = 0;
    if (bx1 >= bg->nx)
        bx1 = bg->nx - 1;
    if (by1 >= bg->ny)
        by1 = bg->ny - 1;
    for (int by = by0; by <= by1; by++)
        for (int bx = bx0; bx <= bx1; bx++)
            bg->live[by * bg->nx + bx] = 1;
}

static void live_tile(BlockGrid *bg, const IsoView *v, NavPos t, bool tall)
{
    live_rect(bg, tall ? tile_sprite_rect(v, t, TILE_PX_W, TALL_RISE + GROUND_PX_H, TALL_RISE)
                       : tile_sprite_rect(v, t, TILE_PX_W, GROUND_PX_H + 8, 0));
}

typedef struct PatrolLive {
    BlockGrid *bg;
    const IsoView *v;
} PatrolLive;

static void patrol_live(Renderer *r, const Pass *p, void *ctx, WorldPos at, int way)
{
    (void)r;
    (void)p;
    (void)way;
    const PatrolLive *pl = ctx;
    live_tile(pl->bg, pl->v, nav_pos((int)floor(at.x), (int)floor(at.y)), false);
}

/* Everything that is not drawn the way a cached block shows it: the actors
 * (and the sentries' view cones), lowered walls, paths, the open exit's
 * beam, bobbing cells, and in the editor the sentry starts. */
static void mark_live(Renderer *r, const Game *g, const IsoView *v, BlockGrid *bg, bool bob)
{
    const CutAway *c = &r->cut;
    if (c->down > 0.0f && c->down < 1.0f) { /* walls going down or up: all of them move */
        memset(bg->live, 1, (size_t)bg->nx * (size_t)bg->ny);
        return;
    }
    const Mover *m = &g->sim.droid;
    live_rect(bg, droid_rect(r, v, m->pos));
    live_tile(bg, v, m->tile, true); /* a door's front drawn over it */
    live_tile(bg, v, m->next, true);
    for (int i = 0; i < r->actor_count; i++) {
        const Actor *a = &r->actors[i];
        if (a->kind != ACTOR_SENTRY)
            continue;
        const Sentry *e = &g->sim.sentries.list[a->index];
        live_rect(bg, sentry_rect(r, v, e));
        if (sentry_telegraphed(g, a->index)) { /* the square of tiles it may see, and its patrol */
            PatrolLive pl = {bg, v};
            patrol_walk(r, g, e, patrol_live, NULL, &pl);
            int k = SENTRY_SIGHT_RANGE;
            ScreenPos top = iso_tile_to_screen(v, nav_pos(e->mover.tile.x - k, e->mover.tile.y - k));
            double half = zoom_px(v, (2 * k + 1) * TILE_PX_W * 0.5);
            live_rect(bg, (SDL_FRect){(float)(top.x - half), (float)top.y, (float)(2 * half), (float)(2 * half)});
        }
    }
    for (int k = 0; k < c->count; k++)
        live_tile(bg, v, nav_pos(c->active[k] % c->w, c->active[k] / c->w), true);
    const OnScreen *sh = &r->shown;
    for (int k = 0; k < sh->walk.count; k++)
        live_tile(bg, v, render_walk_tile(g, sh->walk.at[k]), false);
    for (int k = 0; k < sh->preview.count; k++)
        live_tile(bg, v, g->preview.tiles[sh->preview.at[k]], false);
    for (int i = 0; i < r->noise.count; i++)
        live_tile(bg, v, nav_pos(r->noise.list[i] % r->noise.w, r->noise.list[i] / r->noise.w), false);
    const MiniMarks *mk = &r->marks;
    for (int k = 0; k < sh->marks.count; k++) {
        int i = sh->marks.at[k];
        if ((bob && mk->kind[i] == TILE_CELL) || (g->editing && mk->kind[i] == TILE_SENTRY) ||
            (g->sim.exit_open && mk->kind[i] == TILE_EXIT))
            live_tile(bg, v, mk->tile[i], true);
    }
}

void render_world(Renderer *r, const Game *g)
{
    const Sim *sim = &g->sim;
    IsoView v = g->view;
    v.off_x = round(v.off_x);
    v.off_y = round(v.off_y);
    collect_on_screen(r, g, &v);
    render_cut_update(r, g);
    IsoView v0 = v; /* the level's pixel plane: blocks are cut from it */
    v0.off_x = v0.off_y = 0;
    bool bob = v.zoom >= 0.5; /* a cell's bob moves it a pixel or more */
    blocks_check(r, g, &v0, bob);
    collect_actors(r, g, &v);
    build_cones(r, g);
    build_noise(r, g);

    /* the blocks on screen that hold some of the level */
    double z = v.zoom;
    double lx0 = -sim->h * TILE_PX_W * 0.5 * z, lx1 = sim->w * TILE_PX_W * 0.5 * z;
    double ly0 = -TALL_RISE * z, ly1 = (sim->w + sim->h) * TILE_PX_H * 0.5 * z + 8 * z;
    BlockGrid bg = {0, 0, 0, 0, (int)v.off_x, (int)v.off_y, NULL};
    int bx0 = (int)floor(fmax(-bg.ox, lx0) / BLOCK), bx1 = (int)floor(fmin(g->screen_w - 1 - bg.ox, lx1) / BLOCK);
    int by0 = (int)floor(fmax(-bg.oy, ly0) / BLOCK), by1 = (int)floor(fmin(g->screen_h - 1 - bg.oy, ly1) / BLOCK);
    if (bx1 >= bx0 && by1 >= by0) {
        bg.bx0 = bx0;
        bg.by0 = by0;
        bg.nx = bx1 - bx0 + 1;
        bg.ny = by1 - by0 + 1;
    }
    int n = bg.nx * bg.ny;
    BlockCache *c = &r->blocks;
    if (n > c->live_cap) {
        unsigned char *live = realloc(c->live, (size_t)n);
        if (live) {
            c->live = live;
            c->live_cap = n;
        }
    }
    bool cached = n <= c->live_cap && blocks_reserve(c, n + n / 4 + 8);
    bg.live = c->live;
    if (cached) {
        memset(bg.live, 0, (size_t)n);
        mark_live(r, g, &v, &bg, bob);
    }
    for (int j = 0; j < bg.ny; j++)
        for (int i = 0; i < bg.nx; i++) {
            int bx = bg.bx0 + i, by = bg.by0 + j;
            SDL_Rect at = {bx * BLOCK + bg.ox, by * BLOCK + bg.oy, BLOCK, BLOCK};
            SDL_Texture *img = cached && !bg.live[j * bg.nx + i] ? block_image(r, g, &v0, bx, by) : NULL;
            if (img) {
                SDL_RenderCopy(r->sdl, img, NULL, &at);
                continue;
            }
            Pass p = {v, visible_in(&v, sim, at.x, at.y, at.x + BLOCK, at.y + BLOCK),
                      floor_visible_in(&v, at.x, at.y, at.x + BLOCK, at.y + BLOCK), false};
            SDL_RenderSetClipRect(r->sdl, &at);
            draw_pass(r, g, &p);
            SDL_RenderSetClipRect(r->sdl, NULL);
        }
    draw_overlay(r, g, &v);
}
