/* coord.h - the three coordinate spaces, as distinct types: tiles (integer
 * grid cells), world (continuous tile units) and screen (pixels). iso.c converts. */
#ifndef ISODROID_COORD_H
#define ISODROID_COORD_H

/* Column x of row y; row 0 is the top row of the level file. */
typedef struct TilePos { int x, y; } TilePos;
/* Continuous grid space: tile (x, y) covers [x, x+1) x [y, y+1); its centre is (x+0.5, y+0.5). */
typedef struct WorldPos { double x, y; } WorldPos;
/* Window pixels, origin top-left. */
typedef struct ScreenPos { double x, y; } ScreenPos;

static inline TilePos tile_pos(int x, int y) { TilePos t = {x, y}; return t; }
static inline int tile_pos_eq(TilePos a, TilePos b) { return a.x == b.x && a.y == b.y; }

#endif
