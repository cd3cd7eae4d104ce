/* SPDX-License-Identifier: MIT */
/* jump.c - building the JPS+ jump distance table: one pass per direction over
 * the grid, each tile taking its distance from the next tile along the way. */
#include "jump.h"

#include <stdlib.h>
#include <string.h>

static size_t jump_cells(int w, int h)
{
    return (size_t)(w + 2) * (size_t)(h + 2);
}

bool jump_init(JumpTable *jt, int w, int h)
{
    memset(jt, 0, sizeof *jt);
    if (w < 1 || h < 1 || w > NAV_GRID_MAX_SIDE || h > NAV_GRID_MAX_SIDE)
        return false;
    jt->dist = calloc(jump_cells(w, h) * 8, sizeof *jt->dist);
    if (!jt->dist)
        return false;
    jt->w = w;
    jt->h = h;
    return true;
}

void jump_deinit(JumpTable *jt)
{
    free(jt->dist);
    memset(jt, 0, sizeof *jt);
}

size_t jump_bytes(const JumpTable *jt)
{
    return jt->dist ? jump_cells(jt->w, jt->h) * 8 * sizeof *jt->dist : 0;
}

bool jump_current(const JumpTable *jt, const NavGrid *g)
{
    return jt->dist && jt->grid == g && jt->version == g->version;
}

/* Tiles are visited so that n + off[d] comes before n: downwards through the
 * array when the step goes up it, upwards otherwise (jump.h's rule). */
void jump_build(JumpTable *jt, const NavGrid *g)
{
    const uint8_t *cost = g->cost;
    const int stride = g->stride;
    const int64_t cells = (int64_t)jump_cells(g->w, g->h);
    int16_t *dist = jt->dist;
    for (int k = 0; k < 8; k++) {
        int d = jump_pass_order[k];
        int dx = nav_dir8[d][0], dy = nav_dir8[d][1];
        int64_t off = (int64_t)dy * stride + dx;
        int64_t first = off > 0 ? cells - 1 : 0, last = off > 0 ? -1 : cells, inc = off > 0 ? -1 : 1;
        if (d % 2 == 0) {
            /* the side tiles and the tile one step back */
            int64_t s1 = (int64_t)nav_dir8[(d + 2) % 8][1] * stride + nav_dir8[(d + 2) % 8][0];
            int64_t s2 = -s1;
            for (int64_t n = first; n != last; n += inc) {
                if (!cost[n]) {
                    dist[n * 8 + d] = 0;
                    continue;
                }
                int64_t t = n + off;
                if (!cost[t])
                    dist[n * 8 + d] = 0;
                else
                    dist[n * 8 + d] = jump_straight((cost[t + s1] && !cost[n + s1]) || (cost[t + s2] && !cost[n + s2]),
                                                    dist[t * 8 + d]);
            }
        } else {
            int horizontal = dx > 0 ? 0 : 4, vertical = dy > 0 ? 2 : 6;
            for (int64_t n = first; n != last; n += inc) {
                int64_t t = n + off;
                if (!cost[n] || !cost[n + dx] || !cost[n + (int64_t)dy * stride] || !cost[t])
                    dist[n * 8 + d] = 0;
                else
                    dist[n * 8 + d] = jump_diagonal(dist[t * 8 + horizontal], dist[t * 8 + vertical], dist[t * 8 + d]);
            }
        }
    }
    jt->grid = g;
    jt->version = g->version;
}
