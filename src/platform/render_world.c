/* SPDX-License-Identifier: MIT */
/* render_world.c - the iso world: ground, marks on the floor, and the
 * objects that stand on tiles (walls, doors, the exit, cells) or move between
 * them (the droid, sentries), drawn back to front from one sweep; then what
 * points at things. The marks and the pointers are render_world_marks.c's.
 * The screen is cut into blocks: a block with nothing moving in it is drawn
 * from a cached image, the others tile by tile, so a frame costs about the
 * same at every zoom. Decides nothing. */
#include "render_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

#define BACKGROUND 22, 26, 36

static Visible visible_in(const IsoView *v, const SceneFrame *l, double x0, double y0, double x1, double y1)
{
    double b[4];
    render_screen_diagonals(v, x0, y0, x1, y1, b);
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

/* The columns of diagonal s that are on the level and in vis. */
static void diagonal_span(const SceneFrame *l, const Visible *v, int s, int *x0, int *x1)
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

/* The screen rectangle a sprite w x h (at zoom 1) covers, its top `rise`
 * pixels above tile t's top corner and centred on it. */
static SDL_FRect tile_sprite_rect(const IsoView *v, NavPos t, int w, int h, int rise)
{
    ScreenPos top = iso_tile_to_screen(v, t);
    SDL_FRect d = {(float)(top.x - render_zoom_px(v, w * 0.5)), (float)(top.y - render_zoom_px(v, rise)),
                   (float)render_zoom_px(v, w), (float)render_zoom_px(v, h)};
    return d;
}

/* ---- the pieces of a pass --------------------------------------------------------- */

/* The sides of a tile in edges.png's order (E S W N), as steps. */
static const int SIDE_STEP[EDGE_FRAMES][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};

/* Frame (side, row) of edges.png over the diamond whose top corner is at
 * (x, y) on screen. */
static void draw_edge(Renderer *r, int side, int row, float x, float y)
{
    const Sprite *sp = &r->sprite[IMAGE_EDGES];
    SDL_Rect src = {side * sp->fw, row * sp->fh, sp->fw, sp->fh};
    render_blit(r, IMAGE_EDGES, &src, x, y, src.w, src.h);
}

static void draw_ground(Renderer *r, const Scene *sc, const Pass *p)
{
    for (int s = p->vis.s0; s <= p->vis.s1; s++) {
        int x0, x1;
        diagonal_span(&sc->frame, &p->vis, s, &x0, &x1);
        for (int x = x0; x <= x1; x++) {
            TileKind k = scene_kind(sc, x, s - x);
            int img = r->assets->ground[k];
            if (img < 0)
                continue;
            SDL_FRect d = tile_sprite_rect(&p->v, nav_pos(x, s - x), TILE_PX_W, GROUND_PX_H, 0);
            if (k == TILE_WATER)
                d.y += (float)render_zoom_px(&p->v, 4);
            render_blit(r, img, NULL, d.x, d.y, r->sprite[img].w, r->sprite[img].h);
            if (k == TILE_WATER)
                continue;
            /* the shade of a wall behind (W or N) on the floor at its foot; those in
             * front stand over their edges */
            for (int side = 2; side < EDGE_FRAMES; side++)
                if (scene_kind(sc, x + SIDE_STEP[side][0], s - x + SIDE_STEP[side][1]) == TILE_WALL)
                    draw_edge(r, side, EDGE_ROW_SHADE, d.x, d.y);
        }
    }
}

/* The screen rectangle of a frame w x h (zoomed) whose point (fx, fy) (at
 * zoom 1) stands on world point pos. */
static SDL_FRect frame_rect(const IsoView *v, WorldPos pos, int fx, int fy, int w, int h)
{
    ScreenPos feet = iso_world_to_screen(v, pos);
    SDL_FRect d = {(float)(feet.x - render_zoom_px(v, fx)), (float)(feet.y - render_zoom_px(v, fy)), (float)w,
                   (float)h};
    return d;
}

static SDL_FRect droid_rect(const Renderer *r, const IsoView *v, WorldPos pos)
{
    const Sprite *sp = &r->sprite[IMAGE_DROID];
    return frame_rect(v, pos, DROID_FEET_X, DROID_FEET_Y, sp->fw, sp->fh);
}

/* A sentry's frame and, above it, its "!" (alert) or "?" (search). */
static SDL_FRect sentry_rect(const Renderer *r, const IsoView *v, const SceneSentry *e)
{
    const Sprite *sp = &r->sprite[IMAGE_SENTRY];
    SDL_FRect d = frame_rect(v, e->body.pos, SENTRY_FEET_X, SENTRY_FEET_Y, sp->fw, sp->fh);
    float above = (float)render_zoom_px(v, ALERT_H);
    d.y -= above;
    d.h += above;
    return d;
}

/* A door from the sheet: its row by the walls it stands between, its frame
 * by how far open the scene says it is. front: only the near post and lintel,
 * drawn over the droid standing in the doorway. */
static void draw_door(Renderer *r, const Scene *sc, const IsoView *v, NavPos t, bool front)
{
    bool along_x = scene_kind(sc, t.x - 1, t.y) == TILE_WALL || scene_kind(sc, t.x + 1, t.y) == TILE_WALL;
    int row = (along_x ? DOOR_ROW_ALONG_X : DOOR_ROW_ALONG_Y) + (front ? DOOR_ROW_FRONT : 0);
    const Sprite *sp = &r->sprite[IMAGE_DOOR_FRAMES];
    SDL_FRect dst = tile_sprite_rect(v, t, DOOR_FRAME_W, DOOR_FRAME_H, DOOR_ANCHOR_Y);
    SDL_Rect src = {render_door_frame(sc, t) * sp->fw, row * sp->fh, sp->fw, sp->fh};
    render_blit(r, IMAGE_DOOR_FRAMES, &src, dst.x, dst.y, sp->fw, sp->fh);
}

/* The exit: dark and shut while locked, a lit, animated beam once open (a
 * cached block holds its first frame). */
static void draw_exit(Renderer *r, const Scene *sc, const Pass *p, NavPos t)
{
    SDL_FRect dst = tile_sprite_rect(&p->v, t, EXIT_FRAME_W, EXIT_FRAME_H, EXIT_ANCHOR_Y);
    if (!sc->exit_open) {
        const Sprite *sp = &r->sprite[IMAGE_EXIT_LOCKED];
        render_blit(r, IMAGE_EXIT_LOCKED, NULL, dst.x, dst.y, sp->w, sp->h);
        return;
    }
    const Sprite *sp = &r->sprite[IMAGE_EXIT_OPEN];
    int frame = p->bake ? 0 : (int)(sc->clock * 10) % EXIT_FRAMES;
    SDL_Rect src = {frame * sp->fw, 0, sp->fw, sp->fh};
    render_blit(r, IMAGE_EXIT_OPEN, &src, dst.x, dst.y, sp->fw, sp->fh);
}

/* A sentry: its own sheet (8 facings, idle and walk frames), tinted a
 * little by its state past guarding; the "!" sprite above it while alert and
 * a "?" while searching. */
static void draw_sentry(Renderer *r, const IsoView *v, const SceneSentry *e)
{
    const Sprite *sp = &r->sprite[IMAGE_SENTRY];
    int frame = 0;
    if (e->body.moving)
        frame = 1 + (int)(e->body.walked * SENTRY_WALK_FRAMES) % SENTRY_WALK_FRAMES;
    SDL_Rect src = {frame * sp->fw, (int)e->body.facing * sp->fh, sp->fw, sp->fh};
    SDL_FRect d = frame_rect(v, e->body.pos, SENTRY_FEET_X, SENTRY_FEET_Y, sp->fw, sp->fh);
    SDL_Color c = render_sentry_color(e->state);
    if (e->state != SENTRY_GUARD && sp->tex)
        SDL_SetTextureColorMod(sp->tex, (Uint8)(128 + c.r / 2), (Uint8)(128 + c.g / 2), (Uint8)(128 + c.b / 2));
    render_blit(r, IMAGE_SENTRY, &src, d.x, d.y, sp->fw, sp->fh);
    if (sp->tex)
        SDL_SetTextureColorMod(sp->tex, 255, 255, 255);
    ScreenPos feet = iso_world_to_screen(v, e->body.pos);
    const Sprite *al = &r->sprite[IMAGE_ALERT];
    if (e->state == SENTRY_ALERT && e->alert_heard) /* heard, not seen: sound waves instead of the "!" */
        render_badge(r, BADGE_EAR, (float)feet.x,
                     (float)(d.y - render_zoom_px(v, ALERT_FOOT_Y - 8) + render_zoom_px(v, ALERT_H) * 0.5),
                     (float)fmax(14.0, render_zoom_px(v, 24)));
    else if (e->state == SENTRY_ALERT)
        render_blit(r, IMAGE_ALERT, NULL, feet.x - render_zoom_px(v, ALERT_FOOT_X),
                    d.y - render_zoom_px(v, ALERT_FOOT_Y - 8), al->w, al->h);
    else if (e->state == SENTRY_SEARCH)
        render_text(r, r->assets->font_big, (int)(feet.x - 5), (int)(d.y - render_zoom_px(v, 14)), c, "?");
}

static void draw_actor(Renderer *r, const Scene *sc, const Pass *p, const Actor *a)
{
    switch (a->kind) {
    case ACTOR_DROID: {
        const SceneActor *m = &sc->droid;
        const Sprite *sp = &r->sprite[IMAGE_DROID];
        int frame = 0;
        if (m->moving) /* a stride a tile: slower ground, slower steps */
            frame = 1 + (int)(m->walked * DROID_WALK_FRAMES) % DROID_WALK_FRAMES;
        SDL_Rect src = {frame * sp->fw, (int)m->facing * sp->fh, sp->fw, sp->fh};
        SDL_FRect d = droid_rect(r, &p->v, m->pos);
        render_blit(r, IMAGE_DROID, &src, d.x, d.y, sp->fw, sp->fh);
        /* in a doorway the door's near post and lintel stand in front of the droid */
        if (scene_kind(sc, m->tile.x, m->tile.y) == TILE_DOOR)
            draw_door(r, sc, &p->v, m->tile, true);
        if (m->moving && scene_kind(sc, m->next.x, m->next.y) == TILE_DOOR)
            draw_door(r, sc, &p->v, m->next, true);
        break;
    }
    case ACTOR_SENTRY:
        draw_sentry(r, &p->v, &sc->sentries[a->index]);
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
static void collect_actors(Renderer *r, const Scene *sc, const IsoView *v)
{
    int need = 1 + sc->sentry_count;
    if (!buf_grow_int(&r->actors, &r->actor_cap, sizeof *r->actors, (size_t)need, need))
        need = r->actor_cap;
    int n = 0;
    /* caught: the droid in front of the sentry that holds it */
    double caught = render_catcher(sc) >= 0 ? 0.02 : 0.0;
    if (n < r->actor_cap)
        r->actors[n++] = (Actor){ACTOR_DROID, 0, sc->droid.pos.x + sc->droid.pos.y + caught};
    for (int i = 0; i < sc->sentry_count && n < r->actor_cap && !sc->frame.editing; i++) {
        SDL_FRect d = sentry_rect(r, v, &sc->sentries[i]);
        if (d.x + d.w < 0 || d.y + d.h < 0 || d.x > sc->frame.screen_w || d.y > sc->frame.screen_h) {
            /* off screen; its view cone may still reach in */
            float reach = (float)render_zoom_px(v, SENTRY_SIGHT_RANGE * TILE_PX_W);
            if (!sc->frame.show_cones || d.x + d.w < -reach || d.y + d.h < -reach || d.x > sc->frame.screen_w + reach ||
                d.y > sc->frame.screen_h + reach)
                continue;
        }
        r->actors[n++] = (Actor){ACTOR_SENTRY, i, sc->sentries[i].body.pos.x + sc->sentries[i].body.pos.y};
    }
    qsort(r->actors, (size_t)n, sizeof *r->actors, by_depth);
    r->actor_count = n;
}

/* A wall at height hf (1 full, WALL_LOW a low block). A lowered wall is its
 * sprite's lower faces with the top face moved down onto them. faces_hidden:
 * walls in front on all three sides hide everything but the top face. open:
 * a bit per side (E S W N, edges.png's order) with no wall, whose edge of a
 * standing wall's top gets a bright rim, so that a maze's walls read as a
 * plan from above (a lowered wall, a low dark block, has none). */
static void draw_wall(Renderer *r, const IsoView *v, NavPos t, float hf, bool faces_hidden, unsigned open)
{
    const Sprite *sp = &r->sprite[IMAGE_WALL];
    SDL_FRect d = tile_sprite_rect(v, t, TILE_PX_W, WALL_PX_H, WALL_RISE);
    int x = (int)lround(d.x), y = (int)lround(d.y);
    int top_h = (int)lround(render_zoom_px(v, TILE_PX_H)), mid = (int)lround(render_zoom_px(v, TILE_PX_H / 2));
    if (hf >= 0.999f) {
        SDL_Rect src = {0, 0, sp->w, faces_hidden ? top_h + 1 : sp->h};
        render_blit(r, IMAGE_WALL, &src, x, y, src.w, src.h);
        for (int side = 0; side < EDGE_FRAMES; side++)
            if (open & 1u << side)
                draw_edge(r, side, EDGE_ROW_RIM, (float)x, (float)y);
        return;
    }
    int drop = (int)lround(render_zoom_px(v, WALL_RISE) * (1.0 - hf));
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
 * kind whose look changes during play needs that state in the scene's tile look (scene.c, so
 * cached blocks are redrawn when it changes) or its tile in mark_live(). */
static void draw_tile_object(Renderer *r, const Scene *sc, const Pass *p, int x, int y, TileKind k)
{
    switch (k) {
    case TILE_WALL: {
        float hf = wall_height(r, p, x, y);
        bool hidden = hf >= 0.999f && scene_kind(sc, x + 1, y) == TILE_WALL && scene_kind(sc, x, y + 1) == TILE_WALL &&
                      scene_kind(sc, x + 1, y + 1) == TILE_WALL && wall_height(r, p, x + 1, y) >= 0.999f &&
                      wall_height(r, p, x, y + 1) >= 0.999f && wall_height(r, p, x + 1, y + 1) >= 0.999f;
        unsigned open = 0;
        for (int side = 0; side < EDGE_FRAMES; side++)
            if (scene_kind(sc, x + SIDE_STEP[side][0], y + SIDE_STEP[side][1]) != TILE_WALL)
                open |= 1u << side;
        draw_wall(r, &p->v, nav_pos(x, y), hf, hidden, open);
        break;
    }
    case TILE_DOOR:
        draw_door(r, sc, &p->v, nav_pos(x, y), false);
        break;
    case TILE_EXIT:
        draw_exit(r, sc, p, nav_pos(x, y));
        break;
    case TILE_CELL: {
        double bob = p->bake ? 0.0 : 2 * sin(sc->clock * 3 + x);
        SDL_FRect d = tile_sprite_rect(&p->v, nav_pos(x, y), CELL_W, CELL_H, CELL_ANCHOR_Y);
        d.y += (float)render_zoom_px(&p->v, bob);
        render_blit(r, IMAGE_CELL, NULL, d.x, d.y, r->sprite[IMAGE_CELL].w, r->sprite[IMAGE_CELL].h);
        break;
    }
    default:
        break;
    }
}

/* Back to front: diagonal by diagonal, each actor just before the first
 * diagonal in front of its feet. */
static void draw_objects(Renderer *r, const Scene *sc, const Pass *p)
{
    int n = p->bake ? 0 : r->actor_count, next = 0;
    const Actor *actors = r->actors;
    for (int s = p->vis.s0; s <= p->vis.s1; s++) {
        while (next < n && actors[next].depth < s + 0.5)
            draw_actor(r, sc, p, &actors[next++]);
        int x0, x1;
        diagonal_span(&sc->frame, &p->vis, s, &x0, &x1);
        for (int x = x0; x <= x1; x++)
            draw_tile_object(r, sc, p, x, s - x, scene_kind(sc, x, s - x));
    }
    while (next < n)
        draw_actor(r, sc, p, &actors[next++]);
}

static void draw_pass(Renderer *r, const Scene *sc, const Pass *p)
{
    draw_ground(r, sc, p);
    if (!p->bake)
        render_world_marks_draw(r, sc, p);
    draw_objects(r, sc, p);
}

/* ---- cached blocks ---------------------------------------------------------------- */

static void blocks_clear(BlockCache *c)
{
    for (int i = 0; i < c->count; i++)
        if (c->block[i].tex)
            SDL_DestroyTexture(c->block[i].tex);
    free(c->block);
    free(c->slot);
    free(c->live);
    memset(c, 0, sizeof *c);
}

void render_world_free(Renderer *r)
{
    blocks_clear(&r->blocks);
    render_cut_free(r);
    render_world_marks_free(r);
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
    /* exactly need blocks (held to it), and twice as many hash slots */
    size_t blocks = c->cap > 0 ? (size_t)c->cap : 0, slots = 2 * blocks, n = (size_t)need;
    if (!buf_room(&c->block, &blocks, sizeof *c->block, n, n, n) ||
        !buf_room(&c->slot, &slots, sizeof *c->slot, 2 * n, 2 * n, 2 * n))
        return false;
    c->cap = need;
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

/* Forgets the images that no longer show the level as it is drawn now: all
 * of them when the zoom, the walls' height or the level's size changed, or
 * when the scene's journal no longer holds every change since the last
 * frame (a new level, a rewind of many tiles); else those around the tiles
 * the journal says changed since then. */
static void blocks_check(Renderer *r, const Scene *sc, const IsoView *v0, bool bob)
{
    BlockCache *c = &r->blocks;
    float down = render_cut_height_static(r);
    bool all = c->zoom != v0->zoom || c->down != down || c->bob != bob || c->w != sc->frame.w ||
               c->h != sc->frame.h || !scene_journal_known(sc, c->gen);
    if (all) {
        for (int i = 0; i < c->count; i++)
            c->block[i].valid = false;
        c->zoom = v0->zoom;
        c->down = down;
        c->bob = bob;
        c->w = sc->frame.w;
        c->h = sc->frame.h;
    } else {
        for (uint64_t k = c->gen; k != sc->journal->gen; k++)
            blocks_forget_tile(c, v0, scene_journal_tile(sc, k));
    }
    c->gen = sc->journal->gen;
}

/* The image of block (bx, by), drawn now if it is missing or stale; NULL
 * when it cannot be made (the caller draws the block live). */
static SDL_Texture *block_image(Renderer *r, const Scene *sc, const IsoView *v0, int bx, int by)
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
    p.vis = visible_in(&p.v, &sc->frame, 0, 0, BLOCK, BLOCK);
    draw_pass(r, sc, &p);
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
static void mark_live(Renderer *r, const Scene *sc, const IsoView *v, BlockGrid *bg, bool bob)
{
    const CutAway *c = &r->cut;
    if (c->down > 0.0f && c->down < 1.0f) { /* walls going down or up: all of them move */
        memset(bg->live, 1, (size_t)bg->nx * (size_t)bg->ny);
        return;
    }
    const SceneActor *m = &sc->droid;
    live_rect(bg, droid_rect(r, v, m->pos));
    live_tile(bg, v, m->tile, true); /* a door's front drawn over it */
    live_tile(bg, v, m->next, true);
    for (int i = 0; i < r->actor_count; i++) {
        const Actor *a = &r->actors[i];
        if (a->kind != ACTOR_SENTRY)
            continue;
        const SceneSentry *e = &sc->sentries[a->index];
        live_rect(bg, sentry_rect(r, v, e));
        if (render_sentry_telegraphed(sc, a->index)) { /* the square of tiles it may see, and its patrol */
            PatrolLive pl = {bg, v};
            render_world_marks_patrol(r, sc, e, patrol_live, NULL, &pl);
            int k = SENTRY_SIGHT_RANGE;
            ScreenPos top = iso_tile_to_screen(v, nav_pos(e->body.tile.x - k, e->body.tile.y - k));
            double half = render_zoom_px(v, (2 * k + 1) * TILE_PX_W * 0.5);
            live_rect(bg, (SDL_FRect){(float)(top.x - half), (float)top.y, (float)(2 * half), (float)(2 * half)});
        }
    }
    for (int k = 0; k < c->count; k++)
        live_tile(bg, v, nav_pos(c->active[k] % c->w, c->active[k] / c->w), true);
    const OnScreen *sh = &r->shown;
    for (int k = 0; k < sh->walk.count; k++)
        live_tile(bg, v, render_walk_tile(sc, sh->walk.at[k]), false);
    for (int k = 0; k < sh->preview.count; k++)
        live_tile(bg, v, sc->preview[sh->preview.at[k]], false);
    for (int i = 0; i < r->noise.count; i++)
        live_tile(bg, v, nav_pos(r->noise.list[i] % r->noise.w, r->noise.list[i] / r->noise.w), false);
    const MiniMarks *mk = &r->marks;
    for (int k = 0; k < sh->marks.count; k++) {
        int i = sh->marks.at[k];
        if ((bob && mk->kind[i] == TILE_CELL) || (sc->frame.editing && mk->kind[i] == TILE_SENTRY) ||
            (sc->exit_open && mk->kind[i] == TILE_EXIT))
            live_tile(bg, v, mk->tile[i], true);
    }
}

void render_world(Renderer *r, const Scene *sc)
{
    IsoView v = sc->frame.view;
    v.off_x = round(v.off_x);
    v.off_y = round(v.off_y);
    render_world_marks_on_screen(r, sc, &v);
    render_cut_update(r, sc);
    IsoView v0 = v; /* the level's pixel plane: blocks are cut from it */
    v0.off_x = v0.off_y = 0;
    bool bob = v.zoom >= 0.5; /* a cell's bob moves it a pixel or more */
    blocks_check(r, sc, &v0, bob);
    collect_actors(r, sc, &v);
    render_world_marks_cones(r, sc);
    render_world_marks_noise(r, sc);

    /* the blocks on screen that hold some of the level */
    double z = v.zoom;
    double lx0 = -sc->frame.h * TILE_PX_W * 0.5 * z, lx1 = sc->frame.w * TILE_PX_W * 0.5 * z;
    double ly0 = -TALL_RISE * z, ly1 = (sc->frame.w + sc->frame.h) * TILE_PX_H * 0.5 * z + 8 * z;
    BlockGrid bg = {0, 0, 0, 0, (int)v.off_x, (int)v.off_y, NULL};
    int bx0 = (int)floor(fmax(-bg.ox, lx0) / BLOCK), bx1 = (int)floor(fmin(sc->frame.screen_w - 1 - bg.ox, lx1) / BLOCK);
    int by0 = (int)floor(fmax(-bg.oy, ly0) / BLOCK), by1 = (int)floor(fmin(sc->frame.screen_h - 1 - bg.oy, ly1) / BLOCK);
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
        mark_live(r, sc, &v, &bg, bob);
    }
    for (int j = 0; j < bg.ny; j++)
        for (int i = 0; i < bg.nx; i++) {
            int bx = bg.bx0 + i, by = bg.by0 + j;
            SDL_Rect at = {bx * BLOCK + bg.ox, by * BLOCK + bg.oy, BLOCK, BLOCK};
            SDL_Texture *img = cached && !bg.live[j * bg.nx + i] ? block_image(r, sc, &v0, bx, by) : NULL;
            if (img) {
                SDL_RenderCopy(r->sdl, img, NULL, &at);
                continue;
            }
            Pass p = {v, visible_in(&v, &sc->frame, at.x, at.y, at.x + BLOCK, at.y + BLOCK),
                      render_floor_visible(&v, at.x, at.y, at.x + BLOCK, at.y + BLOCK), false};
            SDL_RenderSetClipRect(r->sdl, &at);
            draw_pass(r, sc, &p);
            SDL_RenderSetClipRect(r->sdl, NULL);
        }
    render_world_marks_overlay(r, sc, &v);
}
