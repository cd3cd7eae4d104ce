/* render_world.c - the iso world: ground, path marks, and the objects that
 * stand on tiles (walls, cells) and move between them (the droid), drawn
 * back to front from one sweep. The screen is cut into blocks: a block with
 * nothing moving in it is drawn from a cached image, the others tile by
 * tile, so a frame costs about the same at every zoom. Decides nothing. */
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
    bool bake;
} Pass;

/* Things that move between tiles, depth-sorted among the walls. */
typedef enum ActorKind { ACTOR_DROID } ActorKind;

typedef struct Actor {
    ActorKind kind;
    int index;
    double depth; /* x + y of its feet */
} Actor;

enum { ACTOR_MAX = 64 };

static Visible visible_in(const IsoView *v, const Level *l, double x0, double y0, double x1, double y1)
{
    ScreenPos c[4] = {{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}};
    double smin = 1e18, smax = -1e18, dmin = 1e18, dmax = -1e18;
    for (int i = 0; i < 4; i++) {
        WorldPos w = iso_screen_to_world(v, c[i]);
        smin = fmin(smin, w.x + w.y);
        smax = fmax(smax, w.x + w.y);
        dmin = fmin(dmin, w.x - w.y);
        dmax = fmax(dmax, w.x - w.y);
    }
    /* ground reaches half a diagonal below its tile; walls and the droid rise
     * up to 4 diagonals above theirs */
    Visible vis = {(int)floor(smin) - 3, (int)ceil(smax) + 4, (int)floor(dmin) - 2, (int)ceil(dmax) + 2};
    int maxs = l->w + l->h - 2;
    if (vis.s0 < 0)
        vis.s0 = 0;
    if (vis.s1 > maxs)
        vis.s1 = maxs;
    return vis;
}

/* The columns of diagonal s that are on the level and in vis. */
static void diagonal_span(const Level *l, const Visible *v, int s, int *x0, int *x1)
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

static bool in_visible(const Visible *v, TilePos t)
{
    int s = t.x + t.y, d = t.x - t.y;
    return s >= v->s0 && s <= v->s1 && d >= v->d0 && d <= v->d1;
}

/* ---- shapes on tiles ------------------------------------------------------------ */

/* The diamond of tile t shrunk by inset, raised rise pixels. */
static void diamond_points(const IsoView *v, TilePos t, double inset, double rise, SDL_FPoint p[5])
{
    WorldPos corners[4] = {{t.x + inset, t.y + inset}, {t.x + 1 - inset, t.y + inset},
                           {t.x + 1 - inset, t.y + 1 - inset}, {t.x + inset, t.y + 1 - inset}};
    for (int i = 0; i < 4; i++) {
        ScreenPos s = iso_world_to_screen(v, corners[i]);
        p[i] = (SDL_FPoint){(float)s.x, (float)(s.y - rise)};
    }
    p[4] = p[0];
}

static void fill_diamond(Renderer *r, const IsoView *v, TilePos t, double inset, SDL_Color c)
{
    SDL_FPoint p[5];
    diamond_points(v, t, inset, 0, p);
    render_fill_polygon(r, p, 4, c);
}

/* A diamond outline, `thick` pixels wide inwards. */
static void outline_diamond(Renderer *r, const IsoView *v, TilePos t, double inset, double rise, int thick,
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
static SDL_FRect tile_sprite_rect(const IsoView *v, TilePos t, int w, int h, int rise)
{
    ScreenPos top = iso_tile_to_screen(v, t);
    SDL_FRect d = {(float)(top.x - zoom_px(v, w * 0.5)), (float)(top.y - zoom_px(v, rise)), (float)zoom_px(v, w),
                   (float)zoom_px(v, h)};
    return d;
}

/* ---- the pieces of a pass --------------------------------------------------------- */

static void draw_ground(Renderer *r, const Game *g, const Pass *p)
{
    const Level *l = &g->level;
    for (int s = p->vis.s0; s <= p->vis.s1; s++) {
        int x0, x1;
        diagonal_span(l, &p->vis, s, &x0, &x1);
        for (int x = x0; x <= x1; x++) {
            TileKind k = level_kind(l, x, s - x);
            int img = r->assets->ground[k];
            if (img < 0)
                continue;
            SDL_FRect d = tile_sprite_rect(&p->v, tile_pos(x, s - x), TILE_PX_W, GROUND_PX_H, 0);
            if (k == TILE_WATER)
                d.y += (float)zoom_px(&p->v, 4);
            render_blit(r, img, NULL, d.x, d.y, r->sprite[img].w, r->sprite[img].h);
        }
    }
}

static const SDL_Color PATH_COLOR = {70, 225, 255, 205}, PREVIEW_COLOR = {220, 245, 255, 80};

/* Marks on the floor, under the walls in front of them: the path the droid
 * walks, the one a click would walk, and in the editor the sentry starts. */
static void draw_marks(Renderer *r, const Game *g, const Pass *p)
{
    const MiniMarks *m = &r->marks;
    if (g->editing)
        for (int i = 0; i < m->count; i++)
            if (m->kind[i] == TILE_SENTRY && in_visible(&p->vis, m->tile[i]))
                fill_diamond(r, &p->v, m->tile[i], 0.18, (SDL_Color){230, 60, 60, 150});
    for (int i = 0; i < g->preview.count; i++)
        if (in_visible(&p->vis, g->preview.tiles[i]))
            fill_diamond(r, &p->v, g->preview.tiles[i], 0.36, PREVIEW_COLOR);
    for (int i = g->route_done; i < g->route.count; i++)
        if (in_visible(&p->vis, g->route.tiles[i]))
            fill_diamond(r, &p->v, g->route.tiles[i], 0.3, PATH_COLOR);
}

static SDL_FRect droid_rect(const Renderer *r, const IsoView *v, WorldPos pos)
{
    ScreenPos feet = iso_world_to_screen(v, pos);
    SDL_FRect d = {(float)(feet.x - zoom_px(v, DROID_FEET_X)), (float)(feet.y - zoom_px(v, DROID_FEET_Y)),
                   (float)r->frame_w, (float)r->frame_h};
    return d;
}

static void draw_actor(Renderer *r, const Game *g, const Pass *p, const Actor *a)
{
    switch (a->kind) {
    case ACTOR_DROID: {
        int frame = 0;
        if (g->walking)
            frame = 1 + (int)(g->walk_time * 2.5 * DROID_WALK_FRAMES) % DROID_WALK_FRAMES;
        SDL_Rect src = {frame * r->frame_w, (int)g->droid.facing * r->frame_h, r->frame_w, r->frame_h};
        SDL_FRect d = droid_rect(r, &p->v, g->droid.pos);
        render_blit(r, IMAGE_DROID, &src, d.x, d.y, r->frame_w, r->frame_h);
        break;
    }
    }
}

/* The actors, by depth. */
static int collect_actors(const Game *g, Actor *out)
{
    int n = 0;
    out[n++] = (Actor){ACTOR_DROID, 0, g->droid.pos.x + g->droid.pos.y};
    for (int i = 1; i < n; i++) /* insertion sort: a handful */
        for (int j = i; j > 0 && out[j].depth < out[j - 1].depth; j--) {
            Actor t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* A wall at height hf (1 full, WALL_LOW a low block). A lowered wall is its
 * sprite's lower faces with the top face moved down onto them. faces_hidden:
 * walls in front on all three sides hide everything but the top face. */
static void draw_wall(Renderer *r, const IsoView *v, TilePos t, float hf, bool faces_hidden)
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

/* What stands on tile (x, y): one place for every kind of tile object. */
static void draw_tile_object(Renderer *r, const Game *g, const Pass *p, int x, int y, TileKind k)
{
    const Level *l = &g->level;
    switch (k) {
    case TILE_WALL: {
        float hf = wall_height(r, p, x, y);
        bool hidden = hf >= 0.999f && level_kind(l, x + 1, y) == TILE_WALL && level_kind(l, x, y + 1) == TILE_WALL &&
                      level_kind(l, x + 1, y + 1) == TILE_WALL && wall_height(r, p, x + 1, y) >= 0.999f &&
                      wall_height(r, p, x, y + 1) >= 0.999f && wall_height(r, p, x + 1, y + 1) >= 0.999f;
        draw_wall(r, &p->v, tile_pos(x, y), hf, hidden);
        break;
    }
    case TILE_CELL: {
        double bob = p->bake ? 0.0 : 2 * sin(g->clock * 3 + x);
        SDL_FRect d = tile_sprite_rect(&p->v, tile_pos(x, y), CELL_PX_W, CELL_PX_H, CELL_RISE);
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
    const Level *l = &g->level;
    Actor actors[ACTOR_MAX];
    int n = p->bake ? 0 : collect_actors(g, actors), next = 0;
    for (int s = p->vis.s0; s <= p->vis.s1; s++) {
        while (next < n && actors[next].depth < s + 0.5)
            draw_actor(r, g, p, &actors[next++]);
        int x0, x1;
        diagonal_span(l, &p->vis, s, &x0, &x1);
        for (int x = x0; x <= x1; x++)
            draw_tile_object(r, g, p, x, s - x, level_kind(l, x, s - x));
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

static void draw_overlay(Renderer *r, const Game *g, const IsoView *v)
{
    double z = v->zoom;
    int thick = z >= 1.5 ? 3 : 2;
    /* the destination: where the walk ends, a marker floating over it */
    if (g->route_done < g->route.count) {
        TilePos end = g->route.tiles[g->route.count - 1];
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
    /* the tile clicked, when the walk ends elsewhere (it was out of reach) */
    if (g->has_target && g->route.count > 0 && !tile_pos_eq(g->target, g->route.tiles[g->route.count - 1])) {
        float rise = level_kind(&g->level, g->target.x, g->target.y) == TILE_WALL
                         ? (float)(zoom_px(v, WALL_RISE) * render_cut_height(r, g->target.x, g->target.y))
                         : 0.0f;
        outline_diamond(r, v, g->target, 0.1, rise, 1, (SDL_Color){255, 150, 110, 220});
    }
    if (g->editing)
        outline_diamond(r, v, g->level.start, 0.12, 0, thick, (SDL_Color){255, 210, 60, 255});
    /* the hovered tile; a wall is outlined on its top, where it is seen */
    if (g->hover_valid) {
        TilePos h = g->hover;
        bool wall = level_kind(&g->level, h.x, h.y) == TILE_WALL;
        bool blocked = !grid_walkable(&g->grid, h.x, h.y);
        double rise = wall ? zoom_px(v, WALL_RISE) * render_cut_height(r, h.x, h.y) : 0.0;
        SDL_Color c = blocked ? (SDL_Color){255, 110, 90, 255} : (SDL_Color){255, 240, 150, 255};
        outline_diamond(r, v, h, 0.0, rise, thick, c);
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
    free(c->glyphs);
    free(c->live);
    memset(c, 0, sizeof *c);
}

void render_world_free(Renderer *r)
{
    blocks_clear(&r->blocks);
    render_cut_free(r);
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

/* Room for `need` blocks (what the screen shows, and some to spare). */
static bool blocks_reserve(BlockCache *c, int need)
{
    if (c->cap >= need)
        return true;
    int cap = need + need / 2;
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
static void blocks_forget_tile(BlockCache *c, const IsoView *v0, TilePos t)
{
    SDL_FRect d = tile_sprite_rect(v0, t, TILE_PX_W, WALL_PX_H + 8, WALL_RISE);
    int bx0 = (int)floor(d.x / BLOCK) - 1, bx1 = (int)floor((d.x + d.w) / BLOCK) + 1;
    int by0 = (int)floor(d.y / BLOCK) - 1, by1 = (int)floor((d.y + d.h) / BLOCK) + 1;
    for (int by = by0; by <= by1; by++)
        for (int bx = bx0; bx <= bx1; bx++) {
            int i = blocks_find(c, bx, by);
            if (i >= 0)
                c->block[i].valid = false;
        }
}

/* Forgets the images that no longer show the level as it is drawn now. */
static void blocks_check(Renderer *r, const Game *g, const IsoView *v0, bool bob)
{
    BlockCache *c = &r->blocks;
    const Level *l = &g->level;
    float down = render_cut_height_static(r);
    bool all = c->zoom != v0->zoom || c->down != down || c->bob != bob || c->w != l->w || c->h != l->h || !c->glyphs;
    if (!all && c->version != g->level_version) {
        /* an edit: only the blocks around the tiles that changed */
        for (int i = 0; i < l->w * l->h; i++)
            if (c->glyphs[i] != l->glyphs[i])
                blocks_forget_tile(c, v0, tile_pos(i % l->w, i / l->w));
    }
    if (all)
        for (int i = 0; i < c->count; i++)
            c->block[i].valid = false;
    if (all || c->version != g->level_version) {
        size_t n = (size_t)l->w * (size_t)l->h;
        if (c->w != l->w || c->h != l->h || !c->glyphs) {
            free(c->glyphs);
            c->glyphs = malloc(n);
        }
        if (c->glyphs)
            memcpy(c->glyphs, l->glyphs, n);
        c->w = l->w;
        c->h = l->h;
        c->version = g->level_version;
        c->zoom = v0->zoom;
        c->down = down;
        c->bob = bob;
    }
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
    Pass p = {*v0, {0, 0, 0, 0}, true};
    p.v.off_x = -(double)bx * BLOCK;
    p.v.off_y = -(double)by * BLOCK;
    p.vis = visible_in(&p.v, &g->level, 0, 0, BLOCK, BLOCK);
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

static void live_tile(BlockGrid *bg, const IsoView *v, TilePos t, bool tall)
{
    live_rect(bg, tall ? tile_sprite_rect(v, t, TILE_PX_W, WALL_PX_H + 8, WALL_RISE)
                       : tile_sprite_rect(v, t, TILE_PX_W, GROUND_PX_H + 8, 0));
}

/* Everything that is not drawn the way a cached block shows it. */
static void mark_live(Renderer *r, const Game *g, const IsoView *v, BlockGrid *bg, bool bob)
{
    const CutAway *c = &r->cut;
    if (c->down > 0.0f && c->down < 1.0f) { /* walls going down or up: all of them move */
        memset(bg->live, 1, (size_t)bg->nx * (size_t)bg->ny);
        return;
    }
    SDL_FRect d = droid_rect(r, v, g->droid.pos);
    live_rect(bg, d);
    for (int k = 0; k < c->count; k++)
        live_tile(bg, v, tile_pos(c->active[k] % c->w, c->active[k] / c->w), true);
    for (int i = g->route_done; i < g->route.count; i++)
        live_tile(bg, v, g->route.tiles[i], false);
    for (int i = 0; i < g->preview.count; i++)
        live_tile(bg, v, g->preview.tiles[i], false);
    const MiniMarks *m = &r->marks;
    for (int i = 0; i < m->count; i++)
        if ((bob && m->kind[i] == TILE_CELL) || (g->editing && m->kind[i] == TILE_SENTRY))
            live_tile(bg, v, m->tile[i], true);
}

void render_world(Renderer *r, const Game *g)
{
    render_cut_update(r, g);
    const Level *l = &g->level;
    IsoView v = g->view;
    v.off_x = round(v.off_x);
    v.off_y = round(v.off_y);
    IsoView v0 = v; /* the level's pixel plane: blocks are cut from it */
    v0.off_x = v0.off_y = 0;
    bool bob = v.zoom >= 0.5; /* a cell's bob moves it a pixel or more */
    blocks_check(r, g, &v0, bob);

    /* the blocks on screen that hold some of the level */
    double z = v.zoom;
    double lx0 = -l->h * TILE_PX_W * 0.5 * z, lx1 = l->w * TILE_PX_W * 0.5 * z;
    double ly0 = -WALL_RISE * z, ly1 = (l->w + l->h) * TILE_PX_H * 0.5 * z + 8 * z;
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
            Pass p = {v, visible_in(&v, l, at.x, at.y, at.x + BLOCK, at.y + BLOCK), false};
            SDL_RenderSetClipRect(r->sdl, &at);
            draw_pass(r, g, &p);
            SDL_RenderSetClipRect(r->sdl, NULL);
        }
    draw_overlay(r, g, &v);
}
