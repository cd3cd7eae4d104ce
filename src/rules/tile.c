/* SPDX-License-Identifier: MIT */
/* tile.c - the glyph table and glyph lookup. Costs here drive the pathfinder,
 * the level loader and docs/levels.md (a test keeps the doc in sync). */
#include "tile.h"

const TileInfo tile_table[TILE_KIND_COUNT] = {
    [TILE_VOID]   = {' ', "void", 0, false},
    [TILE_FLOOR]  = {'.', "floor", 1, true},
    [TILE_WALL]   = {'#', "wall", 0, true},
    [TILE_START]  = {'@', "droid start", 1, true},
    [TILE_ROUGH]  = {',', "rough ground", 3, true},
    [TILE_DOOR]   = {'+', "door", 5, true},
    [TILE_WATER]  = {'~', "water", 0, true},
    [TILE_CELL]   = {'*', "energy cell", 1, true},
    [TILE_EXIT]   = {'>', "exit", 1, true},
    [TILE_SENTRY] = {'S', "sentry start", 1, true},
};

bool tile_from_glyph(char glyph, TileKind *kind)
{
    for (int k = 0; k < TILE_KIND_COUNT; k++) {
        if (tile_table[k].glyph == glyph) {
            *kind = (TileKind)k;
            return true;
        }
    }
    return false;
}

const TileInfo *tile_info(TileKind kind)
{
    return &tile_table[kind < TILE_KIND_COUNT ? kind : TILE_VOID];
}

const char *tile_glyph_list(void)
{
    return "'#' '.' '@' ' ' ',' '+' '~' '*' '>' 'S'";
}
