/* SPDX-License-Identifier: MIT */
/* assets.h - the game's art and fonts, loaded from the assets folder with
 * SDL2_image and SDL2_ttf (the fonts, in a game built with
 * USE_SYSTEM_FONTS=1, from the system's DejaVu folder when the assets
 * folder has none). Each file is read whole first by the one reader
 * (fileio_read_all): regular files only, at most ASSETS_FILE_MAX_BYTES, so a
 * named pipe or a device in the folder is refused at once instead of
 * blocking the start. assets_load fills an Assets or names the file that is
 * missing or broken; assets_free releases what was loaded. The renderer
 * makes its own scaled copies of the images (render.c). */
#ifndef ISODROID_ASSETS_H
#define ISODROID_ASSETS_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdbool.h>

#include "level.h"
#include "tile.h"

typedef enum AssetImage {
    IMAGE_FLOOR, IMAGE_ROUGH, IMAGE_DOOR, IMAGE_WATER, IMAGE_EXIT, IMAGE_WALL, IMAGE_CELL, IMAGE_DROID,
    IMAGE_DOOR_FRAMES, IMAGE_EXIT_LOCKED, IMAGE_EXIT_OPEN, IMAGE_SENTRY, IMAGE_SPARKLE, IMAGE_ALERT, IMAGE_EDGES, IMAGE_LOGO,
    IMAGE_COUNT
} AssetImage;

/* The tiles each area has its own of (level.h's LevelArea). */
typedef enum AreaTile { AREA_TILE_FLOOR, AREA_TILE_ROUGH, AREA_TILE_WATER, AREA_TILE_WALL, AREA_TILES } AreaTile;

/* The largest asset file read (the fonts are under 1 MiB). */
enum { ASSETS_FILE_MAX_BYTES = 16 << 20 };

typedef struct Assets {
    SDL_Surface *image[IMAGE_COUNT]; /* ARGB8888 */
    /* Each area's floor, rough ground, water and wall, in the layouts of
     * floor.png and wall.png; the ducts' are image[]'s (not owned here). */
    SDL_Surface *area[AREA_COUNT][AREA_TILES];
    int ground[TILE_KIND_COUNT];     /* flat image per tile kind, or -1 (void, wall) */
    TTF_Font *font, *font_big;
    char *font_bytes, *font_big_bytes; /* the font files, which SDL2_ttf reads as long as the font lives */
} Assets;

/* The images' layouts (tools/make_art.c draws them). Sizes are at zoom 1, in
 * pixels; a sheet's frame (column c, row r) starts at (c * W, r * H). Every
 * frame keeps a transparent margin, so scaled frames do not bleed. Ground
 * tiles (floor, rough, door, water, exit) are 64 x 40 with the tile's top
 * corner at (32, 0); the wall is 64 x 72 with it at (32, 40). */

/* droid.png: 8 rows, one per facing in Dir8 order (E SE S SW W NW N NE, grid
 * space), of 1 idle + DROID_WALK_FRAMES walk frames. The droid's position on
 * the ground (its feet) is at (DROID_FEET_X, DROID_FEET_Y) of a frame. */
enum { DROID_FRAME_W = 48, DROID_FRAME_H = 64, DROID_FEET_X = 24, DROID_FEET_Y = 56, DROID_WALK_FRAMES = 4 };

/* sentry.png: the droid's layout in larger frames (the sentry is as tall as
 * the droid and wider): 8 facings (Dir8 order) x (1 idle + walk frames);
 * the ground point under the hovering sentry at (FEET_X, FEET_Y). */
enum { SENTRY_FRAME_W = 64, SENTRY_FRAME_H = 80, SENTRY_FEET_X = 32, SENTRY_FEET_Y = 70, SENTRY_WALK_FRAMES = 4 };

/* door_frames.png: a sliding door in its frame, standing on door.png. Columns
 * 0 (shut) to DOOR_FRAMES - 1 (open). Rows: DOOR_ROW_ALONG_X, the door spans
 * its tile along grid x (walls at x-1 and x+1), DOOR_ROW_ALONG_Y along grid y
 * (walls at y-1 and y+1); DOOR_ROW_FRONT + either is only the part in front
 * of a droid in the doorway (the near post and the lintel), to draw over it.
 * The tile's top corner is at (DOOR_ANCHOR_X, DOOR_ANCHOR_Y) of a frame. */
enum {
    DOOR_FRAME_W = 64, DOOR_FRAME_H = 88, DOOR_ANCHOR_X = 32, DOOR_ANCHOR_Y = 56, DOOR_FRAMES = 5,
    DOOR_ROW_ALONG_X = 0, DOOR_ROW_ALONG_Y = 1, DOOR_ROW_FRONT = 2, DOOR_ROWS = 4
};

/* exit_locked.png (one frame) and exit_open.png (EXIT_FRAMES frames in a row,
 * a loop): the exit pad drawn over exit.png, the tile's top corner at
 * (EXIT_ANCHOR_X, EXIT_ANCHOR_Y); the open one's beam rises above the tile. */
enum { EXIT_FRAME_W = 64, EXIT_FRAME_H = 88, EXIT_ANCHOR_X = 32, EXIT_ANCHOR_Y = 56, EXIT_FRAMES = 6 };

/* cell.png: the energy cell, the tile's top corner at (CELL_ANCHOR_X, CELL_ANCHOR_Y). */
enum { CELL_W = 32, CELL_H = 40, CELL_ANCHOR_X = 16, CELL_ANCHOR_Y = 16 };

/* sparkle.png: the burst when a cell is taken, SPARKLE_FRAMES frames in a
 * row, each centred on (SPARKLE_CENTRE_X, SPARKLE_CENTRE_Y); light on
 * transparent, fine blended normally or added. */
enum { SPARKLE_FRAME_W = 48, SPARKLE_FRAME_H = 48, SPARKLE_CENTRE_X = 24, SPARKLE_CENTRE_Y = 24, SPARKLE_FRAMES = 6 };

/* alert.png: a sentry's "!", its foot at (ALERT_FOOT_X, ALERT_FOOT_Y). */
enum { ALERT_W = 20, ALERT_H = 32, ALERT_FOOT_X = 10, ALERT_FOOT_Y = 30 };

/* area-NAME.png, for every area but the ducts (whose tiles are floor.png,
 * rough.png, water.png and wall.png): AREA_TILES frames of AREA_FRAME_W x
 * AREA_FRAME_H in a row, floor, rough ground, water and the wall, the
 * tile's top corner on the ground at (AREA_ANCHOR_X, AREA_ANCHOR_Y) of each:
 * the ground tiles fill the frame's lower 40 rows, the wall all 72 above. */
enum { AREA_FRAME_W = 64, AREA_FRAME_H = 80, AREA_ANCHOR_X = 32, AREA_ANCHOR_Y = 40 };

/* edges.png: EDGE_FRAMES columns, one per side of a tile (E, S, W, N: grid
 * +x, +y, -x, -y), of EDGE_W x EDGE_H diamonds; row EDGE_ROW_SHADE is the
 * shade a wall casts on the floor at its foot on that side, row
 * EDGE_ROW_RIM the bright rim of a wall's top on a side with no wall. The
 * diamond's top corner is at (EDGE_W / 2, 0). */
enum { EDGE_W = 64, EDGE_H = 32, EDGE_FRAMES = 4, EDGE_ROW_SHADE = 0, EDGE_ROW_RIM = 1, EDGE_ROWS = 2 };

/* The image drawn for img in an area: its own floor, rough ground, water and
 * wall, every other image the same in all. */
SDL_Surface *assets_tile(const Assets *a, LevelArea area, AssetImage img);

/* dir: the assets folder (the data folder's, datadir.h). On failure err
 * says which file and why. */
bool assets_load(Assets *a, const char *dir, char *err, size_t err_size);
void assets_free(Assets *a);
/* One PNG file as an ARGB8888 surface (the caller frees it), read as the
 * assets are; NULL with "PATH: cannot load image: why" in err. */
SDL_Surface *assets_load_image(const char *path, char *err, size_t err_size);

#endif
