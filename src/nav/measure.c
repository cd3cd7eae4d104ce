/* SPDX-License-Identifier: MIT */
/* measure.c - the map's passage width (measure.h): one pass along the rows
 * keeps each tile's row run, one down the columns counts each tile's
 * width (the smaller run) in a histogram, whose median is the answer. */
#include "measure.h"

#include <stdint.h>
#include <stdlib.h>

int nav_measure_width(const NavGrid *g)
{
    size_t tiles = (size_t)g->w * (size_t)g->h;
    uint16_t *rowrun = malloc(tiles * sizeof *rowrun);
    uint32_t *count = calloc(NAV_GRID_MAX_SIDE + 1, sizeof *count);
    if (!rowrun || !count) {
        free(rowrun);
        free(count);
        return -1;
    }
    const int s = g->stride;
    for (int y = 0; y < g->h; y++) {
        const uint8_t *row = g->cost + (y + 1) * s + 1;
        int x = 0;
        while (x < g->w) {
            int x0 = x;
            while (x < g->w && row[x])
                x++;
            for (int t = x0; t < x; t++)
                rowrun[(size_t)y * (size_t)g->w + (size_t)t] = (uint16_t)(x - x0);
            if (x == x0)
                x++;
        }
    }
    uint64_t walkable = 0;
    for (int x = 0; x < g->w; x++) {
        int y = 0;
        while (y < g->h) {
            int y0 = y;
            while (y < g->h && g->cost[(y + 1) * s + x + 1])
                y++;
            for (int t = y0; t < y; t++) {
                int r = rowrun[(size_t)t * (size_t)g->w + (size_t)x];
                count[r < y - y0 ? r : y - y0]++;
            }
            walkable += (uint64_t)(y - y0);
            if (y == y0)
                y++;
        }
    }
    int median = 0;
    uint64_t seen = 0;
    while (walkable && median < NAV_GRID_MAX_SIDE && 2 * (seen + count[median]) < walkable)
        seen += count[median++];
    free(rowrun);
    free(count);
    return walkable ? median : 0;
}
