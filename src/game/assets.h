/* assets.h - the game's art and fonts, loaded from the assets folder with
 * SDL2_image and SDL2_ttf. assets_load fills an Assets or names the file that
 * is missing or broken; assets_free releases what was loaded. The renderer
 * makes its own scaled copies of the images (render.c). */
#ifndef ISODROID_ASSETS_H
#define ISODROID_ASSETS_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdbool.h>

#include "tile.h"

typedef enum AssetImage {
    IMAGE_FLOOR, IMAGE_ROUGH, IMAGE_DOOR, IMAGE_WATER, IMAGE_EXIT, IMAGE_WALL, IMAGE_CELL, IMAGE_DROID,
    IMAGE_COUNT
} AssetImage;

typedef struct Assets {
    SDL_Surface *image[IMAGE_COUNT]; /* ARGB8888 */
    int ground[TILE_KIND_COUNT];     /* flat image per tile kind, or -1 (void, wall) */
    TTF_Font *font, *font_big;
} Assets;

/* The sprite sheet's layout (tools/make_art.c draws it). */
enum { DROID_FRAME_W = 48, DROID_FRAME_H = 64, DROID_FEET_X = 24, DROID_FEET_Y = 58, DROID_WALK_FRAMES = 4 };

/* dir: the assets folder. On failure err says which file and why. */
bool assets_load(Assets *a, const char *dir, char *err, size_t err_size);
void assets_free(Assets *a);
/* The assets folder: ./assets, else beside the executable (../assets). */
const char *assets_find_dir(void);

#endif
