/* SPDX-License-Identifier: MIT */
/* measure.c - the map's passage width (measure.h): a pass down the rows
 * keeps each tile's free tiles above it (itself included); a pass back up
 * counts those below per column and takes each row's runs, so each tile's
 * column run and row run meet in row order, and its width (the smaller)
 * goes into a histogram whose median is the answer. */
#include "measure.h"

#include <stdint.h>
#include <stdlib.h>

int nav_measure_width(const NavGrid *g)
{
    size_t w = (size_t)g->w;
    uint16_t *up = malloc(w * (size_t)g->h * sizeof *up);
    uint16_t *below = calloc(w, sizeof *below), *rowrun = malloc(w * sizeof *rowrun);
    uint32_t *count = calloc(NAV_GRID_MAX_SIDE + 1, sizeof *count);
    if (!up || !below || !rowrun || !count) {
        free(up);
        free(below);
        free(rowrun);
        free(count);
        return -1;
    }
    const int s = g->stride;
    for (int y = 0; y < g->h; y++) {
        const uint8_t *row = g->cost + (y + 1) * s + 1;
        uint16_t *u = up + (size_t)y * w, *prev = y ? u - w : NULL;
        for (size_t x = 0; x < w; x++)
            u[x] = row[x] ? (uint16_t)((prev ? prev[x] : 0) + 1) : 0;
    }
    uint64_t walkable = 0;
    for (int y = g->h - 1; y >= 0; y--) {
        const uint8_t *row = g->cost + (y + 1) * s + 1;
        const uint16_t *u = up + (size_t)y * w;
        size_t x = 0;
        while (x < w) { /* this row's runs */
            size_t x0 = x;
            while (x < w && row[x])
                x++;
            for (size_t t = x0; t < x; t++)
                rowrun[t] = (uint16_t)(x - x0);
            if (x == x0)
                x++;
        }
        for (x = 0; x < w; x++) {
            below[x] = row[x] ? (uint16_t)(below[x] + 1) : 0;
            if (!row[x])
                continue;
            int col = u[x] + below[x] - 1;
            count[rowrun[x] < col ? rowrun[x] : col]++;
            walkable++;
        }
    }
    int median = 0;
    uint64_t seen = 0;
    while (walkable && median < NAV_GRID_MAX_SIDE && 2 * (seen + count[median]) < walkable)
        seen += count[median++];
    free(up);
    free(below);
    free(rowrun);
    free(count);
    return walkable ? median : 0;
}
