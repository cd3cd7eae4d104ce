/* region.c - connected regions by a flood fill with an explicit stack (no
 * recursion), and the nearest tile of a region by rings around the goal. */
#include "region.h"

#include "buf.h"
#include "path.h"

#include <stdlib.h>
#include <string.h>

bool region_copy(Region *dst, const Region *src)
{
    if (dst->label && dst->grid_version == src->grid_version && dst->w == src->w && dst->h == src->h)
        return true; /* labelled from the same tiles: the same labels */
    uint32_t *label = dst->label;
    if (!buf_copy(&label, src->label, (size_t)src->w * (size_t)src->h * sizeof *label))
        return false;
    *dst = *src;
    dst->label = label;
    return true;
}

bool region_init(Region *r, const Grid *g)
{
    memset(r, 0, sizeof *r);
    size_t n = (size_t)g->w * (size_t)g->h;
    r->label = calloc(n, sizeof *r->label);
    uint32_t *stack = malloc(n * sizeof *stack);
    if (!r->label || !stack) {
        free(stack);
        region_deinit(r);
        return false;
    }
    r->w = g->w;
    r->grid_version = g->version;
    r->h = g->h;
    static const int d4[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            size_t i = (size_t)y * (size_t)g->w + (size_t)x;
            if (r->label[i] || !grid_walkable(g, x, y))
                continue;
            uint32_t id = ++r->count;
            size_t top = 0;
            r->label[i] = id;
            stack[top++] = (uint32_t)i;
            while (top > 0) {
                uint32_t c = stack[--top];
                int cx = (int)(c % (uint32_t)g->w), cy = (int)(c / (uint32_t)g->w);
                for (int k = 0; k < 4; k++) {
                    int nx = cx + d4[k][0], ny = cy + d4[k][1];
                    if (!grid_walkable(g, nx, ny))
                        continue;
                    size_t j = (size_t)ny * (size_t)g->w + (size_t)nx;
                    if (!r->label[j]) {
                        r->label[j] = id;
                        stack[top++] = (uint32_t)j;
                    }
                }
            }
        }
    free(stack);
    return true;
}

void region_deinit(Region *r)
{
    free(r->label);
    memset(r, 0, sizeof *r);
}

uint32_t region_of(const Region *r, int x, int y)
{
    if (x < 0 || y < 0 || x >= r->w || y >= r->h)
        return 0;
    return r->label[(size_t)y * (size_t)r->w + (size_t)x];
}

static uint64_t octile(int dx, int dy)
{
    uint64_t a = (uint64_t)(dx < 0 ? -dx : dx), b = (uint64_t)(dy < 0 ? -dy : dy);
    uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    return (hi - lo) * PATH_UNIT_STRAIGHT + lo * PATH_UNIT_DIAGONAL;
}

static void consider(const Region *r, uint32_t label, TilePos goal, int x, int y, uint64_t *best, TilePos *out)
{
    if (region_of(r, x, y) != label)
        return;
    uint64_t d = octile(x - goal.x, y - goal.y);
    if (d < *best || (d == *best && (y < out->y || (y == out->y && x < out->x)))) {
        *best = d;
        *out = tile_pos(x, y);
    }
}

bool region_nearest(const Region *r, uint32_t label, TilePos goal, TilePos *out)
{
    if (label == 0 || label > r->count)
        return false;
    uint64_t best = UINT64_MAX;
    int far = r->w + r->h; /* no tile is further in Chebyshev distance */
    for (int ring = 0; ring <= far; ring++) {
        /* every tile on ring k is at least k straight steps from the goal */
        if (best != UINT64_MAX && (uint64_t)ring * PATH_UNIT_STRAIGHT > best)
            break;
        int x0 = goal.x - ring, x1 = goal.x + ring, y0 = goal.y - ring, y1 = goal.y + ring;
        if (x0 < 0 && y0 < 0 && x1 >= r->w && y1 >= r->h && best != UINT64_MAX)
            break;
        if (ring == 0) {
            consider(r, label, goal, goal.x, goal.y, &best, out);
            continue;
        }
        for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < r->w; x++) {
            consider(r, label, goal, x, y0, &best, out);
            consider(r, label, goal, x, y1, &best, out);
        }
        for (int y = (y0 + 1 < 0 ? 0 : y0 + 1); y < y1 && y < r->h; y++) {
            consider(r, label, goal, x0, y, &best, out);
            consider(r, label, goal, x1, y, &best, out);
        }
    }
    return best != UINT64_MAX;
}
