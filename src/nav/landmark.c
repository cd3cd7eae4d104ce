/* SPDX-License-Identifier: MIT */
/* landmark.c - placing landmarks and filling their distance table, one flow
 * field (field.h, a whole-grid Dijkstra pass) per landmark, the first placed
 * in the largest region (region.h).
 *
 * The prepared planner places its own (route_build.c): on its core only,
 * as packed step counts, in slices; the two compute different tables. */
#include "landmark.h"

#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "region.h"

void landmark_deinit(LandmarkTable *lt)
{
    free(lt->dist);
    memset(lt, 0, sizeof *lt);
}

bool landmark_current(const LandmarkTable *lt, const NavGrid *g)
{
    return lt->dist && lt->grid == g && lt->version == g->version;
}

size_t landmark_bytes(const LandmarkTable *lt)
{
    return lt->dist ? (size_t)(lt->w + 2) * (size_t)(lt->h + 2) * (size_t)lt->count * sizeof *lt->dist : 0;
}

/* The tile with the largest cost other than LANDMARK_FAR (the first of
 * equals), or NO_TILE. */
#define NO_TILE SIZE_MAX
static size_t farthest(const uint64_t *cost, size_t n)
{
    size_t best = NO_TILE;
    uint64_t best_cost = 0;
    for (size_t i = 0; i < n; i++)
        if (cost[i] != LANDMARK_FAR && (best == NO_TILE || cost[i] > best_cost)) {
            best_cost = cost[i];
            best = i;
        }
    return best;
}

/* Finds the largest region (region.h; the first in row order of equals)
 * and returns, in *at, its tile farthest from its first tile in row order
 * (NO_TILE when nothing is walkable); false when out of memory. */
static bool first_landmark(const NavGrid *g, size_t *at)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    NavRegion r;
    if (nav_region_init(&r, g) != NAV_DONE)
        return false;
    *at = NO_TILE;
    uint32_t *size = calloc((size_t)r.count + 1, sizeof *size);
    if (!size) {
        nav_region_deinit(&r);
        return false;
    }
    for (size_t i = 0; i < n; i++)
        size[r.label[i]]++;
    uint32_t largest = 0;
    for (uint32_t k = 1; k <= r.count; k++)
        if (!largest || size[k] > size[largest])
            largest = k;
    free(size);
    size_t first = 0;
    while (largest && r.label[first] != largest)
        first++;
    nav_region_deinit(&r);
    if (!largest)
        return true;
    NavField f;
    NavPos from = nav_pos((int)(first % (size_t)g->w), (int)(first / (size_t)g->w));
    if (nav_field_init(&f, g, from, NAV_TOPO_8) != NAV_DONE)
        return false;
    *at = farthest(f.cost, n);
    nav_field_deinit(&f);
    return true;
}

/* The table's bytes for count landmarks on a w x h grid, rounded up to a
 * cache line (with 8 landmarks a cell's distances fill one line). */
static size_t table_bytes(int w, int h, int count)
{
    size_t cells = (size_t)(w + 2) * (size_t)(h + 2);
    return (cells * (size_t)count * sizeof(uint64_t) + 63) / 64 * 64;
}

int landmark_max_count(int w, int h)
{
    int k = 0;
    while (k < LANDMARK_MAX && table_bytes(w, h, k + 1) <= LANDMARK_BUDGET_BYTES)
        k++;
    return k;
}

bool landmark_build(LandmarkTable *lt, const NavGrid *g, int count)
{
    landmark_deinit(lt);
    if (count < 1 || count > landmark_max_count(g->w, g->h))
        return false;
    size_t n = (size_t)g->w * (size_t)g->h, cells = (size_t)(g->w + 2) * (size_t)(g->h + 2);
    size_t k = (size_t)count;
    size_t bytes = table_bytes(g->w, g->h, count);
    lt->dist = aligned_alloc(64, bytes);
    uint64_t *nearest = malloc(n * sizeof *nearest); /* cost to the closest landmark placed */
    size_t at;
    if (!lt->dist || !nearest || !first_landmark(g, &at)) {
        free(nearest);
        landmark_deinit(lt);
        return false;
    }
    for (size_t c = 0; c < cells * k; c++)
        lt->dist[c] = LANDMARK_FAR;
    for (size_t i = 0; i < n; i++)
        nearest[i] = LANDMARK_FAR;
    for (size_t j = 0; j < k; j++) {
        if (at == NO_TILE)
            break; /* nothing walkable: every distance stays LANDMARK_FAR */
        NavPos t = nav_pos((int)(at % (size_t)g->w), (int)(at / (size_t)g->w));
        NavField f;
        if (nav_field_init(&f, g, t, NAV_TOPO_8) != NAV_DONE) {
            free(nearest);
            landmark_deinit(lt);
            return false;
        }
        for (size_t i = 0; i < n; i++) {
            size_t cell = (size_t)nav_grid_index(g, (int)(i % (size_t)g->w), (int)(i / (size_t)g->w));
            lt->dist[cell * k + j] = f.cost[i];
            if (f.cost[i] < nearest[i])
                nearest[i] = f.cost[i];
        }
        nav_field_deinit(&f);
        at = farthest(nearest, n);
    }
    free(nearest);
    lt->w = g->w;
    lt->h = g->h;
    lt->count = count;
    lt->grid = g;
    lt->version = g->version;
    return true;
}
