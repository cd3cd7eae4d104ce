/* SPDX-License-Identifier: MIT */
/* render_int.h - what the renderer's parts share: the Renderer itself, the
 * window layout, text and panel helpers. Private to them. From the top down
 * (each calls only parts below it): render.c owns the Renderer and the
 * frame; render_front.c the screens around the play; render_ui.c the
 * banners, palette and questions; render_hud.c the HUD; render_help.c the help; render_world.c
 * the iso world; render_world_marks.c its marks on the floor and what
 * points over it; render_minimap.c the minimap (and its markers, the help's
 * legend too); render_cut.c the wall cut-away; render_layout.c the window's
 * layout; render_draw.c sprites, text, panels, shapes and badges. */
#ifndef ISODROID_RENDER_INT_H
#define ISODROID_RENDER_INT_H

#include "render.h"

#include "mapcolor.h"
#include "scene.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

/* ---- the art's geometry at zoom 1 (tools/make_art.c draws to it) ------------ */
enum {
    TILE_PX_W = 64, TILE_PX_H = 32, /* the floor diamond */
    GROUND_PX_H = 40,               /* floor sprites: the diamond and 8 px of edge */
    WALL_PX_H = 72, WALL_RISE = 40, /* wall sprite: top face 32 px, then the faces */
    TALL_RISE = 56,                 /* the most anything on a tile rises above its top corner (doors, the exit) */
};
#define WALL_LOW 0.2 /* a lowered wall keeps this much of its height */

/* ---- text ------------------------------------------------------------------------ */
enum { TEXT_CACHE = 160, TEXT_LEN = 200 };

/* The panels' text: titles, body, notes, keys. */
static const SDL_Color HEAD = {255, 220, 120, 255}, BODY = {225, 230, 240, 255}, DIM = {150, 165, 185, 255},
                       KEY = {140, 210, 255, 255};

typedef struct TextEntry {
    char s[TEXT_LEN];
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

/* ---- the wall cut-away: per tile, how far a wall is lowered ------------------ */
typedef struct CutAway {
    int w, h;               /* the level size the arrays are for */
    float *target, *shown;  /* 0 full height .. 1 lowered; shown eases to target */
    unsigned char *listed;  /* 1 while the tile is in active */
    int *active;            /* the tiles whose target or shown is not 0 */
    int count, cap;
    double clock;           /* sc->clock at the last update */
    float down;             /* walls down (T), eased */
} CutAway;

/* ---- cached blocks of the world: square screen areas drawn once -------------- */
enum { BLOCK = 128 }; /* pixels */
enum { BLOCK_LOOK_WORK = 1 << 19 }; /* tiles whose look a frame takes after a new level (BlockCache.look_rows) */

typedef struct Block {
    SDL_Texture *tex;       /* BLOCK x BLOCK, opaque */
    int bx, by;             /* its place in the level's pixel plane (view offset 0) */
    bool valid;
    unsigned long used;     /* frame it was last drawn */
} Block;

typedef struct BlockCache {
    Block *block;
    int count, cap;
    int *slot;              /* hash of (bx, by) -> block index, -1 empty; 2 x cap */
    double zoom;            /* the zoom the images are for */
    float down;             /* the walls' height they show */
    bool bob;               /* cells are live (their bob shows) */
    int w, h;               /* the level size they are for */
    uint64_t gen;           /* the scene's journal read up to here */
    unsigned char *live;    /* per block on screen: drawn tile by tile this frame */
    int live_cap;
} BlockCache;

/* ---- things that move between tiles, depth-sorted among the walls ------------- */
typedef enum ActorKind { ACTOR_DROID, ACTOR_SENTRY } ActorKind;

typedef struct Actor {
    ActorKind kind;
    int index;              /* ACTOR_SENTRY: its index in the scene's sentries */
    double depth;           /* x + y of its feet */
} Actor;

/* ---- marks on the floor made once a frame: the view cones' union, the
 * noise of the droid's last step --------------------------------------------- */
typedef struct TileMap {
    int w, h;
    unsigned char *cell;    /* w*h: 0 none, else a value per use */
    int *list;              /* the tiles set, as y * w + x */
    int count, cap;
} TileMap;

/* ---- minimap markers, collected once per level version ----------------------- */
enum { MINI_CHANGES = 256 }; /* changed markers remembered for the minimap; past that it redraws them all */

/* The tiles drawn with their own marker or animation: cells, doors, the
 * exit, sentry and droid starts, in level order (by row, then column). */
typedef struct MiniMarks {
    NavPos *tile;
    TileKind *kind;
    int count, cap;
    int w, h;               /* the level's size they are for */
    uint64_t gen;           /* the scene's journal read up to here */
    bool valid;
    /* The tiles whose marker came, went or changed kind since the minimap's
     * marker layer last looked (changed_all: more than MINI_CHANGES, or a
     * list not made from the one before). */
    NavPos changed[MINI_CHANGES];
    int changed_count;
    bool changed_all;
    NavPos *spare_tile;    /* the list before's memory, where the next one goes */
    TileKind *spare_kind;
    int spare_cap;
} MiniMarks;

/* The minimap's markers that stay put (doors, cells, the exit, and the
 * sentry starts while editing), drawn once into a texture the size of the
 * minimap's panel and then only around the tiles whose marker changed. */
typedef struct MiniLayer {
    SDL_Texture *tex;       /* transparent but for the markers */
    int tex_w, tex_h;
    SDL_Texture *scratch;   /* the layer's size: where the markers around a change are drawn again */
    int scratch_w, scratch_h;
    SDL_Rect panel, rect;   /* the layout it was drawn for */
    int w, h;               /* the level's size */
    double ui;
    bool editing;           /* the sentry starts shown */
    bool locked;            /* the exit drawn locked */
    bool valid;
    int *last;              /* per pixel of the area being drawn: the last marker of a kind there */
    size_t last_cap;
} MiniLayer;

/* A walk on a minimap whose tiles are smaller than BAND_MASK_TILE pixels,
 * kept as the minimap's pixels: each holds the last index of the walk that
 * covers it, so that the part walked fades pixel by pixel in time with the
 * steps, and a frame pays for the steps taken and a share of a new walk
 * (BAND_FRAME_WORK tiles), never for the whole of a walk across a big maze. */
#define BAND_MASK_TILE 2.0f
enum { BAND_FRAME_WORK = 1 << 18 };
typedef struct MiniBand {
    SDL_Texture *tex;       /* w x h, transparent but the band */
    uint32_t *px;           /* its pixels (ARGB8888) */
    int *last;              /* w x h: the last index of the walk covering the pixel, -1: none */
    int w, h;
    uint64_t key;           /* the walk shown (a hash or a serial), */
    int n, red_from, thick; /* its length, the index it turns red from, its width in pixels */
    int gw, gh;             /* and the level's size */
    int built;              /* indices [0, built) are in */
    int head;               /* those before head are walked: gone */
    SDL_Rect dirty;         /* pixels changed since the texture was updated (w 0: none) */
    bool valid;
} MiniBand;

/* ---- what of the level's long lists is on screen, found once a frame ---------
 * Indices into the droid's walk (render_walk_tile), the hovered walk
 * (sc->preview.tiles) and r->marks of the tiles within a few tiles of the
 * screen, so that a frame costs what the screen shows, not what the level
 * holds. Walks are stepped through with skips (a step moves a tile at most
 * one diagonal row or column, so a tile D rows off the screen is at least D
 * steps from it); markers are found by row (they are in level order). The
 * renderer owns the arrays; render_world refills them each frame. */
typedef struct IndexList {
    int *at;
    int count, cap;
    bool short_of_memory;   /* some did not fit: the list holds the first ones */
} IndexList;
typedef struct OnScreen {
    IndexList walk, preview, marks;
    bool marks_cells;       /* the cells are in marks (they bob: zoom >= 0.5) */
    int seen_from, cut_from; /* preview tiles from which the walk is noticed, and
                              * from which it was not looked at (count: none) */
} OnScreen;

/* ---- the world's drawing passes (render_world.c, render_world_marks.c) ------- */
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
static inline void render_screen_diagonals(const IsoView *v, double x0, double y0, double x1, double y1, double b[4])
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

/* The tiles whose floor diamond can touch a screen area (marks on the floor). */
static inline Visible render_floor_visible(const IsoView *v, double x0, double y0, double x1, double y1)
{
    double b[4];
    render_screen_diagonals(v, x0, y0, x1, y1, b);
    return (Visible){(int)floor(b[0]) - 2, (int)ceil(b[1]) + 1, (int)floor(b[2]) - 1, (int)ceil(b[3]) + 1};
}

/* ---- the window's layout, from its size alone -------------------------------- */
/* Image i unscaled by the world's zoom (the UI's images: the palette's
 * tiles, the logo), scaled to width w, its bottom centre at (cx, bottom);
 * src: a part of it, or NULL. Its texture is made once (Renderer.icon). */
void render_icon(Renderer *r, AssetImage i, const SDL_Rect *src, int cx, int bottom, int w);

typedef struct Layout {
    double ui;              /* UI scale: 1 at 1280x720 */
    int font_px, big_px;    /* body and title text sizes */
    int line, big_line;     /* their line steps */
    int pad;                /* margin to the window's edge and between panels */
    int box_lines;          /* lines a banner or the message may wrap to */
    SDL_Rect hud;           /* the HUD panel */
    SDL_Rect minimap;       /* the minimap's image (its panel is pad/2 wider) */
    SDL_Rect minimap_panel;
    SDL_Rect palette;       /* the editor's palette */
    int swatch;             /* one palette cell */
} Layout;

struct Renderer {
    SDL_Renderer *sdl;
    MapPalette palette; /* the settings' colours, taken at each frame's start */
    Assets *assets;
    Sprite sprite[IMAGE_COUNT];
    double sprite_zoom;
    LevelArea sprite_area;  /* the area whose tiles the sprites are (assets_tile) */
    TextEntry text[TEXT_CACHE];
    unsigned long frame;
    int font_px, big_px;    /* the sizes the assets' fonts are set to */
    SDL_Texture *minimap;
    int minimap_w, minimap_h;
    unsigned minimap_version; /* the level_version it shows */
    MiniMarks marks;
    MiniLayer mini_layer;
    MiniBand band_walk, band_preview; /* the droid's walk and the hovered walk */
    SDL_Texture *icon[IMAGE_COUNT]; /* unscaled images for the editor's palette */
    CutAway cut;
    OnScreen shown;         /* this frame's */
    BlockCache blocks;
    Actor *actors;          /* this frame's, back to front */
    int actor_count, actor_cap;
    TileMap cones;          /* tiles some shown sentry sees: 1 + the most alarmed state's severity */
    TileMap noise;          /* tiles where the droid's last step is heard: 1 + Chebyshev distance */
    double noise_for;       /* the sc->noise_since the noise map is for (-1: none) */
    NavPos noise_at;       /* and the droid's tile */
    Layout lay;
};

/* ---- what the play shows (the scene, read only) ------------------------------------ */
static inline int render_walk_left(const Scene *sc)
{
    return sc->walk_left;
}
static inline NavPos render_walk_tile(const Scene *sc, int i)
{
    return scene_walk_tile(sc, i);
}
/* Where the walk ends, when the droid is walking somewhere. */
static inline bool render_destination(const Scene *sc, NavPos *out)
{
    if (!sc->has_destination)
        return false;
    *out = sc->destination;
    return true;
}

/* A door's frame in its sheet: 0 shut .. DOOR_FRAMES - 1 open. */
static inline int render_door_frame(const Scene *sc, NavPos t)
{
    return scene_door_frame(sc, t, DOOR_FRAMES);
}

/* The scene a hit test reads between frames: the last one drawn (what the
 * player saw), with the window's state as it is now (a key may have opened
 * the help since). A copy: its pointers are the last scene's. */
static inline Scene render_pick_scene(const Game *g)
{
    Scene sc = *game_scene_last(g);
    sc.frame = game_scene_frame(g);
    return sc;
}

/* A colour of the map's table (mapcolor.h, the minimap's and the pictures'),
 * in the palette the settings chose (Renderer.palette), as is or with
 * another alpha. */
static inline SDL_Color render_map_color(const Renderer *r, MapColorId id)
{
    MapColor c = mapcolor_in(r->palette, id);
    return (SDL_Color){c.r, c.g, c.b, c.a};
}
static inline SDL_Color render_map_color_alpha(const Renderer *r, MapColorId id, Uint8 alpha)
{
    SDL_Color c = render_map_color(r, id);
    c.a = alpha;
    return c;
}

/* A colour per sentry state, for its sprite's tint, its marks and the minimap. */
static inline SDL_Color render_sentry_color(SentryState st)
{
    switch (st) {
    case SENTRY_ALERT: return (SDL_Color){255, 200, 40, 255};
    case SENTRY_CHASE: return (SDL_Color){255, 60, 50, 255};
    case SENTRY_SEARCH: return (SDL_Color){200, 110, 255, 255};
    case SENTRY_RETURN: return (SDL_Color){150, 170, 200, 255};
    default: return (SDL_Color){255, 140, 90, 255};
    }
}

/* The sentry that caught the droid, or -1 when the level was not lost that way. */
static inline int render_catcher(const Scene *sc)
{
    return sc->catcher;
}

/* Is sentry id under the pointer (its tile, the one it enters, or the one
 * its body stands over on screen)? */
static inline bool render_sentry_hovered(const Scene *sc, int id)
{
    if (!sc->hover_valid || sc->frame.editing)
        return false;
    const SceneActor *m = &sc->sentries[id].body;
    NavPos h = sc->hover;
    return nav_pos_eq(h, m->tile) || (m->moving && nav_pos_eq(h, m->next)) ||
           (h.x == m->tile.x - 1 && h.y == m->tile.y - 1);
}

/* Does sentry id show its cone and patrol now (V, or the pointer on it)? */
static inline bool render_sentry_telegraphed(const Scene *sc, int id)
{
    return !sc->frame.editing && (sc->frame.show_cones || render_sentry_hovered(sc, id));
}

/* Does the prediction speak of the hovered walk, and of a level with sentries? */
static inline bool render_prediction_shown(const Scene *sc)
{
    return sc->prediction_shown;
}

/* A length of v pixels at UI scale ui (Layout.ui), whole. */
static inline int render_px(double ui, double v)
{
    return (int)lround(v * ui);
}

/* A length of px pixels at zoom 1 in the world's view v. */
static inline double render_zoom_px(const IsoView *v, double px)
{
    return px * v->zoom;
}

/* ---- render_draw.c: what every part draws with ------------------------------------ */
void render_text_flush(Renderer *r); /* empties the text cache */
void render_blit(Renderer *r, int image, const SDL_Rect *src, double x, double y, int w, int h);
TextEntry *render_text_get(Renderer *r, TTF_Font *font, const char *s, SDL_Color c);
/* Draws s with a soft shadow at (x, y); returns its width. */
int render_text(Renderer *r, TTF_Font *font, int x, int y, SDL_Color c, const char *s);
int render_text_width(TTF_Font *font, const char *s);
/* s cut to max_w pixels with an ellipsis when it is wider, into out. */
void render_text_fit(TTF_Font *font, const char *s, int max_w, char *out, size_t n);
/* Word-wraps s into lines of at most max_w pixels; returns how many (at most
 * max_lines; the last one is cut with an ellipsis when text is left over). */
int render_text_wrap(TTF_Font *font, const char *s, int max_w, char (*lines)[TEXT_LEN], int max_lines);
void render_panel(Renderer *r, SDL_Rect rect, Uint8 alpha);
void render_fill_circle(Renderer *r, float cx, float cy, float radius, SDL_Color c);
void render_fill_polygon(Renderer *r, const SDL_FPoint *p, int n, SDL_Color c);
/* A band `thick` wide along the arc of radius rad round (cx, cy), from angle
 * a0 to a1 (radians, y down). */
void render_arc(Renderer *r, float cx, float cy, float rad, double a0, double a1, float thick, SDL_Color c);
/* A line `thick` wide. */
void render_line(Renderer *r, SDL_FPoint a, SDL_FPoint b, float thick, SDL_Color c);

/* The marks for what the sentries notice, each a round badge `size` across
 * centred at (cx, cy): an eye (seen), sound waves (heard), a tick (unseen
 * all the way), an open ring (not predicted further), the noise ripple (the
 * help's legend), a "!" (alerted). */
typedef enum Badge { BADGE_EYE, BADGE_EAR, BADGE_CHECK, BADGE_CUT, BADGE_RIPPLE, BADGE_ALERT } Badge;
void render_badge(Renderer *r, Badge b, float cx, float cy, float size);

/* ---- the parts ------------------------------------------------------------------ */
Layout render_layout(const SceneFrame *f);                      /* render_layout.c */
void render_fonts_for_layout(Renderer *r, const Layout *lay); /* render.c: the fonts at lay's sizes */
void render_world(Renderer *r, const Scene *sc);             /* render_world.c */
void render_world_free(Renderer *r);
/* render_world_marks.c: before the passes, r->shown for this frame's view and
 * the tiles the shown sentries see (r->cones) and where the droid's last step
 * is heard (r->noise); in each pass, the marks on the floor; after them, what
 * points at things. */
void render_world_marks_on_screen(Renderer *r, const Scene *sc, const IsoView *v);
void render_world_marks_cones(Renderer *r, const Scene *sc);
void render_world_marks_noise(Renderer *r, const Scene *sc);
void render_world_marks_draw(Renderer *r, const Scene *sc, const Pass *p);
void render_world_marks_overlay(Renderer *r, const Scene *sc, const IsoView *v);
/* Calls f on every dot of sentry e's patrol loop (world points), and on its
 * waypoints (way >= 0: the waypoint's index, 0 the post). */
typedef void (*PatrolFn)(Renderer *r, const Pass *p, void *ctx, WorldPos at, int way);
void render_world_marks_patrol(Renderer *r, const Scene *sc, const SceneSentry *e, PatrolFn f, const Pass *p, void *ctx);
void render_world_marks_free(Renderer *r);
void render_cut_update(Renderer *r, const Scene *sc);        /* render_cut.c */
float render_cut_height(const Renderer *r, int x, int y);  /* a wall's height now, WALL_LOW .. 1 */
float render_cut_height_static(const Renderer *r);         /* a wall's height with nothing near it */
void render_cut_free(Renderer *r);
void render_marks_refresh(Renderer *r, const Scene *sc);     /* render_minimap.c: r->marks */
/* The index of the first marker at (x, y) or after it in level order (count: none). */
int render_marks_from(const MiniMarks *m, int x, int y);
void render_minimap_draw(Renderer *r, const Scene *sc);
void render_minimap_free(Renderer *r);
/* A minimap marker's shape, centred at (x, y), size px across, in its own colour or
 * fill's (the help's legend uses it too). */
typedef enum MiniMarker {
    MARK_DROID, MARK_TARGET, MARK_EXIT, MARK_DOOR, MARK_CELL, MARK_SENTRY, MARK_PATH, MARK_COUNT
} MiniMarker;
void render_minimap_marker(Renderer *r, MiniMarker m, float x, float y, float px, const SDL_Color *fill);
const char *render_minimap_marker_name(MiniMarker m); /* in the player's language */
void render_ui(Renderer *r, const Scene *sc, const HudStats *hs); /* render_ui.c */
void render_hud(Renderer *r, const Scene *sc, const HudStats *hs); /* render_hud.c: the HUD's lines */
void render_help(Renderer *r, const Scene *sc, const HudStats *hs); /* render_help.c */
void render_front(Renderer *r, const Scene *sc, const HudStats *hs); /* render_front.c */

#endif
