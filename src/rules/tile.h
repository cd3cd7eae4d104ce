/* SPDX-License-Identifier: MIT */
/* tile.h - the glyph table: every tile kind a level can hold, its glyph,
 * name and movement cost. The single source of truth for walkability; pure C. */
#ifndef ISODROID_TILE_H
#define ISODROID_TILE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum TileKind {
    TILE_VOID, TILE_FLOOR, TILE_WALL, TILE_START, TILE_ROUGH,
    TILE_DOOR, TILE_WATER, TILE_CELL, TILE_EXIT, TILE_SENTRY,
    TILE_KIND_COUNT
} TileKind;

/* Cost 0 means blocked; otherwise the multiplier of a step entering the tile. */
typedef struct TileInfo {
    char glyph;
    const char *name;
    uint8_t cost;
    bool drawn; /* false for void: no tile at all */
} TileInfo;

extern const TileInfo tile_table[TILE_KIND_COUNT];

/* The kind for a glyph; false when the glyph is unknown. */
bool tile_from_glyph(char glyph, TileKind *kind);
const TileInfo *tile_info(TileKind kind);
/* "# . @ ..." : every known glyph, for error messages. */
const char *tile_glyph_list(void);

#endif
