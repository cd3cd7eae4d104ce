/* assets.c - loads PNG sprites and the TTF font; every failure names the
 * file and what SDL said about it. */
#include "assets.h"

#include <SDL_image.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static SDL_Surface *load_png(const char *dir, const char *name, char *err, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    SDL_Surface *raw = IMG_Load(path);
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

static TTF_Font *load_font(const char *dir, const char *name, int size, char *err, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    TTF_Font *f = TTF_OpenFont(path, size);
    if (!f)
        snprintf(err, n, "%s: cannot load font: %s", path, TTF_GetError());
    return f;
}

bool assets_load(Assets *a, const char *dir, char *err, size_t n)
{
    memset(a, 0, sizeof *a);
    static const char *const files[IMAGE_COUNT] = {"floor.png", "rough.png", "door.png", "water.png",
                                                   "exit.png",  "wall.png",  "cell.png", "droid.png"};
    for (int i = 0; i < IMAGE_COUNT; i++)
        if (!(a->image[i] = load_png(dir, files[i], err, n)))
            goto fail;
    for (int k = 0; k < TILE_KIND_COUNT; k++)
        a->ground[k] = -1;
    a->ground[TILE_FLOOR] = a->ground[TILE_START] = a->ground[TILE_SENTRY] = a->ground[TILE_CELL] = IMAGE_FLOOR;
    a->ground[TILE_ROUGH] = IMAGE_ROUGH;
    a->ground[TILE_DOOR] = IMAGE_DOOR;
    a->ground[TILE_WATER] = IMAGE_WATER;
    a->ground[TILE_EXIT] = IMAGE_EXIT;
    SDL_Surface *sheet = a->image[IMAGE_DROID];
    if (sheet->w < DROID_FRAME_W * (1 + DROID_WALK_FRAMES) || sheet->h < DROID_FRAME_H * 8) {
        snprintf(err, n, "%s/droid.png: sheet is %dx%d, needs %dx%d (8 facings x 5 frames)", dir, sheet->w, sheet->h,
                 DROID_FRAME_W * (1 + DROID_WALK_FRAMES), DROID_FRAME_H * 8);
        goto fail;
    }
    if (!(a->font = load_font(dir, "DejaVuSans.ttf", 14, err, n)) ||
        !(a->font_big = load_font(dir, "DejaVuSans-Bold.ttf", 20, err, n)))
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
    if (a->font)
        TTF_CloseFont(a->font);
    if (a->font_big)
        TTF_CloseFont(a->font_big);
    memset(a, 0, sizeof *a);
}

const char *assets_find_dir(void)
{
    static char dir[1024];
    struct stat sb;
    if (stat("assets/floor.png", &sb) == 0)
        return "assets";
    char *base = SDL_GetBasePath();
    if (base) {
        snprintf(dir, sizeof dir, "%s../assets", base);
        SDL_free(base);
        if (stat(dir, &sb) == 0)
            return dir;
    }
    return "assets";
}
