/* SPDX-License-Identifier: MIT */
/* render_cut.c - the wall cut-away: walls whose face would hide the droid,
 * the hovered tile, the path, the destination, a sentry, an energy cell,
 * the exit or a tile near them are lowered, with a fade over distance and
 * over time; T lowers them all. Only looks at the game; keeps, per tile,
 * how far each wall is lowered now. */
#include "render_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

/* How a point of interest clears the walls in front of it: walls within
 * `full` tiles of hiding it are lowered all the way, fading out to `fade`. */
typedef struct Focus {
    WorldPos at;
    double full, fade;
} Focus;

/* A wall's face, seen from the camera, hides the floor from its own tile up
 * to WALL_RISE / TILE_PX_H = 1.25 diagonal steps behind it (towards -x, -y). */
#define HIDE_REACH 1.25
/* walls behind the focus are lowered only when much closer than walls in front */
#define BEHIND_WEIGHT 2.5
#define EASE_RATE 12.0 /* 1/s */

static void cut_clear(CutAway *c)
{
    free(c->target);
    free(c->shown);
    free(c->listed);
    free(c->active);
    memset(c, 0, sizeof *c);
}

static bool cut_fit(CutAway *c, int w, int h)
{
    if (c->w == w && c->h == h && c->target)
        return true;
    float down = c->down;
    double clock = c->clock;
    cut_clear(c);
    size_t n = (size_t)w * (size_t)h;
    c->target = calloc(n, sizeof *c->target);
    c->shown = calloc(n, sizeof *c->shown);
    c->listed = calloc(n, 1);
    if (!c->target || !c->shown || !c->listed) {
        cut_clear(c);
        return false;
    }
    c->w = w;
    c->h = h;
    c->down = down;
    c->clock = clock;
    return true;
}

static void cut_list(CutAway *c, int i)
{
    if (c->listed[i])
        return;
    if (!buf_grow_int(&c->active, &c->cap, sizeof *c->active, (size_t)c->count + 1, 256))
        return;
    c->active[c->count++] = i;
    c->listed[i] = 1;
}

static double smoothstep(double e0, double e1, double x)
{
    if (x <= e0)
        return 0.0;
    if (x >= e1)
        return 1.0;
    double t = (x - e0) / (e1 - e0);
    return t * t * (3 - 2 * t);
}

/* True for the tiles drawn standing up, which the cut-away may lower. */
static bool tall(TileKind k)
{
    return k == TILE_WALL;
}

/* How far from hiding f the wall on tile (x, y) stands, in tiles: 0 when its
 * face covers f. In the view's frame, a runs towards the camera (+x +y) and
 * b across the screen; one diagonal step is 1 in a, a side step 0.5 in each. */
static double hide_distance(WorldPos f, int x, int y)
{
    double dx = x + 0.5 - f.x, dy = y + 0.5 - f.y;
    double a = (dx + dy) * 0.5, b = fabs(dx - dy) * 0.5;
    double da = a < 0.5 ? (0.5 - a) * BEHIND_WEIGHT : a > HIDE_REACH ? a - HIDE_REACH : 0.0;
    double db = b > 0.5 ? b - 0.5 : 0.0;
    return sqrt(2.0 * (da * da + db * db)); /* (a, b) units to tiles */
}

static void stamp(CutAway *c, const Scene *sc, Focus f)
{
    int fx = (int)floor(f.at.x), fy = (int)floor(f.at.y), reach = (int)ceil(f.fade) + 1;
    for (int y = fy - reach; y <= fy + reach + 2; y++) {
        if (y < 0 || y >= c->h)
            continue;
        for (int x = fx - reach; x <= fx + reach + 2; x++) {
            if (x < 0 || x >= c->w || !tall(scene_kind(sc, x, y)))
                continue;
            float v = (float)(1.0 - smoothstep(f.full, f.fade, hide_distance(f.at, x, y)));
            if (v <= 0.0f)
                continue;
            int i = y * c->w + x;
            if (v > c->target[i])
                c->target[i] = v;
            cut_list(c, i);
        }
    }
}

static WorldPos centre(NavPos t)
{
    return (WorldPos){t.x + 0.5, t.y + 0.5};
}

static bool on_screen(const Scene *sc, WorldPos at, double margin)
{
    ScreenPos p = iso_world_to_screen(&sc->frame.view, at);
    return p.x >= -margin && p.y >= -margin && p.x <= sc->frame.screen_w + margin && p.y <= sc->frame.screen_h + margin;
}

void render_cut_update(Renderer *r, const Scene *sc)
{
    CutAway *c = &r->cut;
    if (!cut_fit(c, sc->frame.w, sc->frame.h))
        return;
    for (int k = 0; k < c->count; k++)
        c->target[c->active[k]] = 0.0f;
    /* what the player must see, and how much room around it */
    stamp(c, sc, (Focus){sc->droid.pos, 1.0, 2.4});
    if (sc->hover_valid)
        stamp(c, sc, (Focus){centre(sc->hover), 0.8, 2.0});
    NavPos end;
    if (render_destination(sc, &end))
        stamp(c, sc, (Focus){centre(end), 0.5, 1.6});
    /* the walks, the sentries, the cells and the exit on screen (a walk
     * across a big maze has many thousand tiles: r->shown holds the ones
     * near the screen) */
    double margin = 2 * TILE_PX_W * sc->frame.view.zoom;
    const OnScreen *sh = &r->shown;
    for (int k = 0; k < sh->walk.count; k++) {
        WorldPos at = centre(render_walk_tile(sc, sh->walk.at[k]));
        if (on_screen(sc, at, margin))
            stamp(c, sc, (Focus){at, 0.25, 1.2});
    }
    for (int k = 0; k < sh->preview.count; k++) {
        WorldPos at = centre(sc->preview[sh->preview.at[k]]);
        if (on_screen(sc, at, margin))
            stamp(c, sc, (Focus){at, 0.25, 1.2});
    }
    for (int i = 0; i < sc->sentry_count && !sc->frame.editing; i++) {
        WorldPos at = sc->sentries[i].body.pos;
        if (on_screen(sc, at, margin))
            stamp(c, sc, (Focus){at, 0.8, 2.0});
    }
    const MiniMarks *m = &r->marks;
    for (int k = 0; k < sh->marks.count; k++) {
        int i = sh->marks.at[k];
        if ((m->kind[i] == TILE_CELL || m->kind[i] == TILE_EXIT) && on_screen(sc, centre(m->tile[i]), margin))
            stamp(c, sc, (Focus){centre(m->tile[i]), 0.5, 1.4});
    }

    /* ease towards the targets over game time (a long gap jumps there) */
    double dt = sc->clock - c->clock;
    c->clock = sc->clock;
    double k = dt < 0 || dt > 1.0 ? 1.0 : 1.0 - exp(-dt * EASE_RATE);
    float down = sc->frame.walls_down ? 1.0f : 0.0f;
    c->down += (float)((down - c->down) * k);
    if (fabsf(c->down - down) < 0.01f)
        c->down = down;
    for (int n = 0; n < c->count;) {
        int i = c->active[n];
        c->shown[i] += (float)((c->target[i] - c->shown[i]) * k);
        if (fabsf(c->shown[i] - c->target[i]) < 0.01f)
            c->shown[i] = c->target[i];
        if (c->shown[i] == 0.0f && c->target[i] == 0.0f) {
            c->listed[i] = 0;
            c->active[n] = c->active[--c->count];
        } else {
            n++;
        }
    }
}

float render_cut_height(const Renderer *r, int x, int y)
{
    const CutAway *c = &r->cut;
    float cut = c->down;
    if (c->target && x >= 0 && y >= 0 && x < c->w && y < c->h && c->shown[y * c->w + x] > cut)
        cut = c->shown[y * c->w + x];
    return 1.0f - (1.0f - (float)WALL_LOW) * cut;
}

float render_cut_height_static(const Renderer *r)
{
    return 1.0f - (1.0f - (float)WALL_LOW) * r->cut.down;
}

void render_cut_free(Renderer *r)
{
    cut_clear(&r->cut);
}
