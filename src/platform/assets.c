/* SPDX-License-Identifier: MIT */
/* assets.c - loads PNG sprites and the TTF font (the assets folder's, else
 * the system's when built with USE_SYSTEM_FONTS=1), and checks that each
 * sprite sheet is as large as its layout in assets.h; every failure names
 * the file and what is wrong with it. The files are read whole by fileio_read_all
 * (regular files only, never waited on) and decoded from memory. */
#include "assets.h"

#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"

static const char *const FILES[IMAGE_COUNT] = {
    [IMAGE_FLOOR] = "floor.png",
    [IMAGE_ROUGH] = "rough.png",
    [IMAGE_DOOR] = "door.png",
    [IMAGE_WATER] = "water.png",
    [IMAGE_EXIT] = "exit.png",
    [IMAGE_WALL] = "wall.png",
    [IMAGE_CELL] = "cell.png",
    [IMAGE_DROID] = "droid.png",
    [IMAGE_DOOR_FRAMES] = "door_frames.png",
    [IMAGE_EXIT_LOCKED] = "exit_locked.png",
    [IMAGE_EXIT_OPEN] = "exit_open.png",
    [IMAGE_SENTRY] = "sentry.png",
    [IMAGE_SPARKLE] = "sparkle.png",
    [IMAGE_ALERT] = "alert.png",
    [IMAGE_EDGES] = "edges.png",
    [IMAGE_LOGO] = "logo.png",
};

/* the size each image must have, as frames: frame w x h, columns x rows */
typedef struct Sheet {
    AssetImage image;
    int w, h, cols, rows;
    const char *what;
} Sheet;

static const Sheet SHEETS[] = {
    {IMAGE_DROID, DROID_FRAME_W, DROID_FRAME_H, 1 + DROID_WALK_FRAMES, 8, "8 facings x 5 frames"},
    {IMAGE_SENTRY, SENTRY_FRAME_W, SENTRY_FRAME_H, 1 + SENTRY_WALK_FRAMES, 8, "8 facings x 5 frames"},
    {IMAGE_DOOR_FRAMES, DOOR_FRAME_W, DOOR_FRAME_H, DOOR_FRAMES, DOOR_ROWS, "5 frames x 4 rows"},
    {IMAGE_EXIT_LOCKED, EXIT_FRAME_W, EXIT_FRAME_H, 1, 1, "one frame"},
    {IMAGE_EXIT_OPEN, EXIT_FRAME_W, EXIT_FRAME_H, EXIT_FRAMES, 1, "6 frames"},
    {IMAGE_CELL, CELL_W, CELL_H, 1, 1, "one frame"},
    {IMAGE_SPARKLE, SPARKLE_FRAME_W, SPARKLE_FRAME_H, SPARKLE_FRAMES, 1, "6 frames"},
    {IMAGE_ALERT, ALERT_W, ALERT_H, 1, 1, "one frame"},
    {IMAGE_EDGES, EDGE_W, EDGE_H, EDGE_FRAMES, EDGE_ROWS, "4 sides x 2 rows"},
};

/* The whole of path (malloc'd, *len bytes; the caller frees it); NULL with
 * "PATH: cannot load WHAT: why" in err. */
static char *read_file(const char *path, const char *what, size_t *len, char *err, size_t n)
{
    char *bytes;
    int errnum;
    char why[64] = "";
    switch (fileio_read_all(path, ASSETS_FILE_MAX_BYTES, &bytes, len, &errnum)) {
    case FILEIO_READ_OK: return bytes;
    case FILEIO_READ_CANNOT_OPEN: snprintf(why, sizeof why, "%s", fileio_strerror(errnum)); break;
    case FILEIO_READ_FOLDER: snprintf(why, sizeof why, "is a folder"); break;
    case FILEIO_READ_TOO_LARGE: snprintf(why, sizeof why, "file larger than %d bytes", ASSETS_FILE_MAX_BYTES); break;
    case FILEIO_READ_FAILED: snprintf(why, sizeof why, "%s", strerror(errnum)); break;
    case FILEIO_READ_NO_MEMORY: snprintf(why, sizeof why, "out of memory"); break;
    }
    snprintf(err, n, "%s: cannot load %s: %s", path, what, why);
    return NULL;
}

SDL_Surface *assets_load_image(const char *path, char *err, size_t n)
{
    size_t len;
    char *bytes = read_file(path, "image", &len, err, n);
    if (!bytes)
        return NULL;
    SDL_RWops *rw = SDL_RWFromConstMem(bytes, (int)len); /* len <= ASSETS_FILE_MAX_BYTES */
    SDL_Surface *raw = rw ? IMG_Load_RW(rw, 1) : NULL;
    free(bytes);
    if (!raw) {
        snprintf(err, n, "%s: cannot load image: %s", path, IMG_GetError());
        return NULL;
    }
    SDL_Surface *s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(raw);
    if (!s)
        snprintf(err, n, "%s: cannot convert image: %s", path, SDL_GetError());
    return s;
}

static SDL_Surface *load_png(const char *dir, const char *name, char *err, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return assets_load_image(path, err, n);
}

#ifndef ISODROID_FONTDIR
#define ISODROID_FONTDIR ""
#endif

/* The font at size, from the assets folder, else from the system's fonts'
 * folder when the game was built with one (ISODROID_FONTDIR, the Makefile's
 * USE_SYSTEM_FONTS=1: the DejaVu fonts a distribution ships once for every
 * program). *bytes, its file, stays with it until TTF_CloseFont. */
static TTF_Font *load_font(const char *dir, const char *name, int size, char **bytes, char *err, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len;
    *bytes = read_file(path, "font", &len, err, n);
    if (!*bytes && ISODROID_FONTDIR[0]) {
        char first[512];
        snprintf(first, sizeof first, "%s", err);
        snprintf(path, sizeof path, "%s/%s", ISODROID_FONTDIR, name);
        if (!(*bytes = read_file(path, "font", &len, err, n))) {
            size_t used = strlen(err);
            snprintf(err + used, n - used, " (and %s)", first);
        }
    }
    if (!*bytes)
        return NULL;
    SDL_RWops *rw = SDL_RWFromConstMem(*bytes, (int)len);
    TTF_Font *f = rw ? TTF_OpenFontRW(rw, 1, size) : NULL;
    if (!f) {
        snprintf(err, n, "%s: cannot load font: %s", path, TTF_GetError());
        free(*bytes);
        *bytes = NULL;
    }
    return f;
}

/* Area a's sheet cut into its tiles (a->area[a]); false with err. */
static bool load_area(Assets *as, const char *dir, LevelArea area, char *err, size_t n)
{
    char name[64];
    snprintf(name, sizeof name, "area-%s.png", level_area_name(area));
    SDL_Surface *sheet = load_png(dir, name, err, n);
    if (!sheet)
        return false;
    bool ok = sheet->w >= AREA_TILES * AREA_FRAME_W && sheet->h >= AREA_FRAME_H;
    if (!ok)
        snprintf(err, n, "%s/%s: sheet is %dx%d, needs %dx%d (floor, rough, water, wall)", dir, name, sheet->w,
                 sheet->h, AREA_TILES * AREA_FRAME_W, AREA_FRAME_H);
    SDL_SetSurfaceBlendMode(sheet, SDL_BLENDMODE_NONE); /* copied as they are */
    for (int t = 0; ok && t < AREA_TILES; t++) {
        const SDL_Surface *like = as->image[t == AREA_TILE_WALL ? IMAGE_WALL : IMAGE_FLOOR];
        SDL_Rect from = {t * AREA_FRAME_W, t == AREA_TILE_WALL ? 0 : AREA_ANCHOR_Y, like->w, like->h};
        SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, like->w, like->h, 32, SDL_PIXELFORMAT_ARGB8888);
        ok = s && SDL_BlitSurface(sheet, &from, s, NULL) == 0;
        if (!ok)
            snprintf(err, n, "%s/%s: %s", dir, name, SDL_GetError());
        as->area[area][t] = s;
        if (s)
            SDL_SetSurfaceBlendMode(s, SDL_BLENDMODE_BLEND);
    }
    SDL_FreeSurface(sheet);
    return ok;
}

SDL_Surface *assets_tile(const Assets *a, LevelArea area, AssetImage img)
{
    int t = img == IMAGE_FLOOR ? AREA_TILE_FLOOR
            : img == IMAGE_ROUGH ? AREA_TILE_ROUGH
            : img == IMAGE_WATER ? AREA_TILE_WATER
            : img == IMAGE_WALL  ? AREA_TILE_WALL
                                 : -1;
    if (t < 0 || (unsigned)area >= AREA_COUNT || !a->area[area][t])
        return a->image[img];
    return a->area[area][t];
}

bool assets_load(Assets *a, const char *dir, char *err, size_t n)
{
    memset(a, 0, sizeof *a);
    for (int i = 0; i < IMAGE_COUNT; i++)
        if (!(a->image[i] = load_png(dir, FILES[i], err, n)))
            goto fail;
    for (int k = 0; k < TILE_KIND_COUNT; k++)
        a->ground[k] = -1;
    a->ground[TILE_FLOOR] = a->ground[TILE_START] = a->ground[TILE_SENTRY] = a->ground[TILE_CELL] = IMAGE_FLOOR;
    a->ground[TILE_ROUGH] = IMAGE_ROUGH;
    a->ground[TILE_DOOR] = IMAGE_DOOR;
    a->ground[TILE_WATER] = IMAGE_WATER;
    a->ground[TILE_EXIT] = IMAGE_EXIT;
    for (size_t i = 0; i < sizeof SHEETS / sizeof SHEETS[0]; i++) {
        const Sheet *sh = &SHEETS[i];
        const SDL_Surface *s = a->image[sh->image];
        if (s->w < sh->w * sh->cols || s->h < sh->h * sh->rows) {
            snprintf(err, n, "%s/%s: sheet is %dx%d, needs %dx%d (%s)", dir, FILES[sh->image], s->w, s->h,
                     sh->w * sh->cols, sh->h * sh->rows, sh->what);
            goto fail;
        }
    }
    for (int area = AREA_DUCTS + 1; area < AREA_COUNT; area++)
        if (!load_area(a, dir, (LevelArea)area, err, n))
            goto fail;
    if (!(a->font = load_font(dir, "DejaVuSans.ttf", 14, &a->font_bytes, err, n)) ||
        !(a->font_big = load_font(dir, "DejaVuSans-Bold.ttf", 20, &a->font_big_bytes, err, n)))
        goto fail;
    return true;
fail:
    assets_free(a);
    return false;
}

void assets_free(Assets *a)
{
    for (int i = 0; i < IMAGE_COUNT; i++)
        SDL_FreeSurface(a->image[i]);
    for (int area = AREA_DUCTS + 1; area < AREA_COUNT; area++)
        for (int t = 0; t < AREA_TILES; t++)
            SDL_FreeSurface(a->area[area][t]);
    if (a->font)
        TTF_CloseFont(a->font);
    if (a->font_big)
        TTF_CloseFont(a->font_big);
    free(a->font_bytes);
    free(a->font_big_bytes);
    memset(a, 0, sizeof *a);
}
