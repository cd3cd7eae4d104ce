/* SPDX-License-Identifier: MIT */
/* sim_terrain.c - the terrain a play is on (SimTerrain, sim.h): made from a
 * Level (of which it keeps its own copy), shared by reference between the
 * copies of a play (an atomic count; the last release frees it) and copied
 * before an edit when shared (copy-on-write). Play never changes it; only
 * sim_edit_tile (sim.c) and sim_restart's listing of cells and doors after
 * an edit do, on a terrain no other Sim holds. */
#include "sim_int.h"

#include "buf.h"

#include <stdlib.h>
#include <string.h>

static void terrain_free(SimTerrain *t)
{
    level_free(&t->level);
    free(t->kind);
    nav_grid_deinit(&t->grid);
    free(t->cells);
    free(t->doors);
    free(t);
}

/* The tiles of kind k, sorted by row then column, into a fresh array. */
static bool list_kind(const SimTerrain *t, TileKind k, NavPos **out, int *count)
{
    size_t n = (size_t)t->w * (size_t)t->h;
    int c = 0;
    for (size_t i = 0; i < n; i++)
        c += t->kind[i] == k;
    *out = NULL;
    *count = 0;
    NavPos *list = c ? malloc((size_t)c * sizeof *list) : NULL;
    if (c && !list)
        return false;
    c = 0;
    for (size_t i = 0; i < n; i++)
        if (t->kind[i] == k)
            list[c++] = nav_pos((int)(i % (size_t)t->w), (int)(i / (size_t)t->w));
    *out = list;
    *count = c;
    return true;
}

bool sim_terrain_list(const SimTerrain *t, SimLists *out)
{
    memset(out, 0, sizeof *out);
    if (!list_kind(t, TILE_CELL, &out->cells, &out->cell_count) ||
        !list_kind(t, TILE_DOOR, &out->doors, &out->door_count)) {
        free(out->cells);
        memset(out, 0, sizeof *out);
        return false;
    }
    return true;
}

void sim_terrain_take_lists(SimTerrain *t, SimLists *l)
{
    free(t->cells);
    free(t->doors);
    t->cells = l->cells;
    t->cell_count = t->cells_total = l->cell_count;
    t->doors = l->doors;
    t->door_count = l->door_count;
    t->lists_stale = false;
    memset(l, 0, sizeof *l);
}

SimTerrain *sim_terrain_new(const Level *l)
{
    SimTerrain *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    atomic_init(&t->refs, 1);
    t->w = l->w;
    t->h = l->h;
    size_t n = (size_t)l->w * (size_t)l->h;
    if (!level_copy(&t->level, l) || !(t->kind = malloc(n ? n : 1)) || !level_build_grid(l, &t->grid)) {
        terrain_free(t);
        return NULL;
    }
    for (int y = 0; y < l->h; y++)
        for (int x = 0; x < l->w; x++) {
            TileKind k = level_kind(l, x, y);
            t->kind[(size_t)y * (size_t)l->w + (size_t)x] = (uint8_t)k;
            if (k == TILE_EXIT && !t->has_exit) {
                t->has_exit = true;
                t->exit = nav_pos(x, y);
            }
        }
    SimLists lists;
    if (!sim_terrain_list(t, &lists)) {
        terrain_free(t);
        return NULL;
    }
    sim_terrain_take_lists(t, &lists);
    return t;
}

SimTerrain *sim_terrain_share(SimTerrain *t)
{
    if (t)
        atomic_fetch_add_explicit(&t->refs, 1, memory_order_relaxed);
    return t;
}

void sim_terrain_release(SimTerrain *t)
{
    if (t && atomic_fetch_sub_explicit(&t->refs, 1, memory_order_acq_rel) == 1)
        terrain_free(t);
}

static bool terrain_shared(const SimTerrain *t)
{
    return atomic_load_explicit(&t->refs, memory_order_acquire) > 1;
}

static size_t grid_bytes(const NavGrid *g)
{
    return g->cost ? (size_t)g->stride * (size_t)(g->h + 2) : 0;
}

/* dst (zeroed) becomes a copy of g, its version too: the same tiles, so the
 * jump table and the regions made for g are current for it. */
static bool grid_copy(NavGrid *dst, const NavGrid *g)
{
    *dst = *g;
    dst->cost = NULL;
    return buf_copy(&dst->cost, g->cost, grid_bytes(g));
}

/* A copy of t of its own: its level, kinds, costs and lists. */
static SimTerrain *terrain_clone(const SimTerrain *t)
{
    SimTerrain *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    *c = (SimTerrain){.w = t->w, .h = t->h, .door_count = t->door_count, .cell_count = t->cell_count,
                      .lists_stale = t->lists_stale, .cells_total = t->cells_total, .exit = t->exit,
                      .has_exit = t->has_exit};
    atomic_init(&c->refs, 1);
    size_t n = (size_t)t->w * (size_t)t->h;
    bool ok = level_copy(&c->level, &t->level) && buf_copy(&c->kind, t->kind, n ? n : 1) &&
              grid_copy(&c->grid, &t->grid) &&
              buf_copy(&c->cells, t->cells, (size_t)t->cell_count * sizeof *t->cells) &&
              buf_copy(&c->doors, t->doors, (size_t)t->door_count * sizeof *t->doors);
    if (!ok) {
        terrain_free(c);
        return NULL;
    }
    return c;
}

bool sim_terrain_own(Sim *s)
{
    SimTerrain *t = s->terrain;
    if (!t || !terrain_shared(t))
        return true;
    SimTerrain *c = terrain_clone(t);
    if (!c)
        return false;
    sim_terrain_release(t);
    s->terrain = c;
    return true;
}

/* The index of (x, y) in a sorted list of n tiles, or -1. O(log n). */
int sim_terrain_find(const NavPos *list, int n, int x, int y)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        NavPos p = list[mid];
        if (p.y == y && p.x == x)
            return mid;
        if (p.y < y || (p.y == y && p.x < x))
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

size_t sim_terrain_own_bytes(const SimTerrain *t)
{
    if (!t || terrain_shared(t))
        return 0;
    const Level *l = &t->level;
    size_t text = 0;
    for (int i = 0; i < l->line_count; i++)
        text += l->lines[i].len;
    size_t level = (size_t)l->w * (size_t)l->h + (size_t)l->patrol_count * sizeof *l->patrols +
                   (size_t)l->patrol_point_count * sizeof *l->patrol_points +
                   (size_t)l->line_count * sizeof *l->lines + text;
    return sizeof *t + level + (size_t)t->w * (size_t)t->h + grid_bytes(&t->grid) +
           ((size_t)t->cell_count + (size_t)t->door_count) * sizeof(NavPos);
}

/* The first exit from index i on in reading order, if any. */
static void next_exit(SimTerrain *t, size_t i)
{
    size_t n = (size_t)t->w * (size_t)t->h;
    const uint8_t *next = i < n ? memchr(t->kind + i, TILE_EXIT, n - i) : NULL;
    t->has_exit = next != NULL;
    if (next)
        t->exit = nav_pos((int)((size_t)(next - t->kind) % (size_t)t->w), (int)((size_t)(next - t->kind) / (size_t)t->w));
}

TileKind sim_terrain_set(SimTerrain *t, int x, int y, char glyph, TileKind k)
{
    size_t i = (size_t)y * (size_t)t->w + (size_t)x;
    TileKind was = (TileKind)t->kind[i];
    t->level.glyphs[i] = glyph;
    if (glyph == '@')
        t->level.start = nav_pos(x, y);
    t->kind[i] = (uint8_t)k;
    nav_grid_set(&t->grid, x, y, tile_info(k)->cost);
    t->cells_total += (k == TILE_CELL) - (was == TILE_CELL);
    if ((was == TILE_DOOR) != (k == TILE_DOOR) || (was == TILE_CELL) != (k == TILE_CELL))
        t->lists_stale = true;
    size_t exit = (size_t)t->exit.y * (size_t)t->w + (size_t)t->exit.x;
    if (k == TILE_EXIT && (!t->has_exit || i < exit)) {
        t->has_exit = true;
        t->exit = nav_pos(x, y);
    } else if (was == TILE_EXIT && k != TILE_EXIT && t->has_exit && i == exit) {
        next_exit(t, i); /* the first exit goes: the next one in reading order, if any */
    }
    return was;
}
