/* SPDX-License-Identifier: MIT */
/* tile.c - the glyph table and glyph lookup. Costs here drive the pathfinder,
 * the level loader and docs/levels.md (a test keeps the doc in sync). */
#include "tile.h"
#include "words.h"

const TileInfo tile_table[TILE_KIND_COUNT] = {
    [TILE_VOID]   = {' ', N_("void"), 0, false},
    [TILE_FLOOR]  = {'.', N_("floor"), 1, true},
    [TILE_WALL]   = {'#', N_("wall"), 0, true},
    [TILE_START]  = {'@', N_("droid start"), 1, true},
    [TILE_ROUGH]  = {',', N_("rough ground"), 3, true},
    [TILE_DOOR]   = {'+', N_("door"), 5, true},
    [TILE_WATER]  = {'~', N_("water"), 0, true},
    [TILE_CELL]   = {'*', N_("energy cell"), 1, true},
    [TILE_EXIT]   = {'>', N_("exit"), 1, true},
    [TILE_SENTRY] = {'S', N_("sentry start"), 1, true},
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
