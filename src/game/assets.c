/* assets.c - loads PNG sprites and the TTF font; every failure names the
 * file and what SDL said about it. */
#include "assets.h"

#include <SDL_image.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static SDL_Texture *load_png(SDL_Renderer *r, const char *dir, const char *name, char *err, size_t n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    SDL_Surface *s = IMG_Load(path);
    if (!s) {
        snprintf(err, n, "%s: cannot load image: %s", path, IMG_GetError());
        return NULL;
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    if (!t)
        snprintf(err, n, "%s: cannot make a texture: %s", path, SDL_GetError());
    return t;
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

bool assets_load(Assets *a, SDL_Renderer *r, const char *dir, char *err, size_t n)
{
    memset(a, 0, sizeof *a);
    static const struct {
        TileKind kind;
        const char *file;
    } ground[] = {
        {TILE_FLOOR, "floor.png"}, {TILE_START, "floor.png"}, {TILE_SENTRY, "floor.png"}, {TILE_CELL, "floor.png"},
        {TILE_ROUGH, "rough.png"}, {TILE_DOOR, "door.png"},   {TILE_WATER, "water.png"},   {TILE_EXIT, "exit.png"},
    };
    for (size_t i = 0; i < sizeof ground / sizeof ground[0]; i++)
        if (!(a->ground[ground[i].kind] = load_png(r, dir, ground[i].file, err, n)))
            goto fail;
    if (!(a->wall = load_png(r, dir, "wall.png", err, n)) || !(a->cell = load_png(r, dir, "cell.png", err, n)) ||
        !(a->droid = load_png(r, dir, "droid.png", err, n)))
        goto fail;
    int w, h;
    SDL_QueryTexture(a->droid, NULL, NULL, &w, &h);
    if (w < DROID_FRAME_W * (1 + DROID_WALK_FRAMES) || h < DROID_FRAME_H * 8) {
        snprintf(err, n, "%s/droid.png: sheet is %dx%d, needs %dx%d (8 facings x 5 frames)", dir, w, h,
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
    SDL_Texture *seen[TILE_KIND_COUNT] = {0};
    for (int k = 0; k < TILE_KIND_COUNT; k++) {
        bool dup = false;
        for (int j = 0; j < k; j++)
            dup |= seen[j] == a->ground[k];
        if (a->ground[k] && !dup)
            SDL_DestroyTexture(a->ground[k]);
        seen[k] = a->ground[k];
    }
    if (a->wall)
        SDL_DestroyTexture(a->wall);
    if (a->cell)
        SDL_DestroyTexture(a->cell);
    if (a->droid)
        SDL_DestroyTexture(a->droid);
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
