/* SPDX-License-Identifier: MIT */
/* gen_layout.c - the generator's map (gen_int.h) and its layout: rooms by
 * binary space partition, openings (doors and archways) in every partition
 * wall and a few more for loops, rough ground and water in the rooms. What
 * is placed in them and the proof are gen.c's. */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

#include "gen_int.h"
#include "tile.h"

enum {
    DOOR_PCT = 50,       /* an opening is a door, else an archway */
    WIDE_PCT = 30,       /* an archway two tiles wide */
    ROUGH_PCT = 35,      /* a room gets a patch of rough ground */
    WATER_PCT = 30,      /* a room of at least 5x5 gets a pool */
};

/* ---- the map being made ---------------------------------------------------------- */

void gen_map_free(Map *m)
{
    free(m->g);
    free(m->room_of);
    free(m->by_gap);
    free(m->room);
    free(m->split);
    free(m->post);
    free(m->patrol);
    free(m->patrol_n);
    free(m->pick);
    nav_grid_deinit(&m->grid);
    memset(m, 0, sizeof *m);
}

bool gen_map_init(Map *m, int w, int h, int sentry_cap)
{
    memset(m, 0, sizeof *m);
    size_t n = (size_t)w * (size_t)h;
    m->w = w;
    m->h = h;
    m->cap = (int)(n / ((GEN_ROOM_MIN + 1) * (GEN_ROOM_MIN + 1))) + 2;
    m->sentry_cap = sentry_cap;
    m->g = malloc(n);
    m->room_of = malloc(n * sizeof *m->room_of);
    m->by_gap = malloc(n);
    m->room = malloc((size_t)m->cap * sizeof *m->room);
    m->split = malloc((size_t)m->cap * sizeof *m->split);
    m->post = malloc((size_t)sentry_cap * sizeof *m->post);
    m->patrol = malloc((size_t)sentry_cap * sizeof *m->patrol);
    m->patrol_n = malloc((size_t)sentry_cap * sizeof *m->patrol_n);
    m->pick = malloc(n * sizeof *m->pick);
    if (!m->g || !m->room_of || !m->by_gap || !m->room || !m->split || !m->post || !m->patrol || !m->patrol_n ||
        !m->pick) {
        gen_map_free(m);
        return false;
    }
    return true;
}

static void map_clear(Map *m)
{
    size_t n = (size_t)m->w * (size_t)m->h;
    memset(m->g, '#', n);
    memset(m->by_gap, 0, n);
    for (size_t i = 0; i < n; i++)
        m->room_of[i] = -1;
    m->rooms = m->splits = m->cells = m->sentries = 0;
    nav_grid_deinit(&m->grid);
}

/* ---- rooms ----------------------------------------------------------------------- */

/* Splits the floor rectangle r by a wall line into two rooms of at least
 * GEN_ROOM_MIN, and those again, until a room is about room_area tiles. */
static void split_rect(Map *m, uint64_t *rng, Rect r)
{
    int rw = r.x1 - r.x0 + 1, rh = r.y1 - r.y0 + 1, area = rw * rh;
    bool can_v = rw >= 2 * GEN_ROOM_MIN + 1, can_h = rh >= 2 * GEN_ROOM_MIN + 1;
    bool leaf = (!can_v && !can_h) || m->splits + 1 >= m->cap || area <= m->room_area ||
                (area <= 2 * m->room_area && rng_pct(rng, 25));
    if (leaf) {
        m->room[m->rooms++] = r;
        return;
    }
    bool vertical;
    if (!can_h)
        vertical = true;
    else if (!can_v)
        vertical = false;
    else if (4 * rw >= 5 * rh)
        vertical = true;
    else if (4 * rh >= 5 * rw)
        vertical = false;
    else
        vertical = rng_pct(rng, 50);
    Rect a = r, b = r;
    Split s;
    s.vertical = vertical;
    if (vertical) {
        s.at = rng_int(rng, r.x0 + GEN_ROOM_MIN, r.x1 - GEN_ROOM_MIN);
        s.from = r.y0, s.to = r.y1;
        a.x1 = s.at - 1, b.x0 = s.at + 1;
    } else {
        s.at = rng_int(rng, r.y0 + GEN_ROOM_MIN, r.y1 - GEN_ROOM_MIN);
        s.from = r.x0, s.to = r.x1;
        a.y1 = s.at - 1, b.y0 = s.at + 1;
    }
    m->split[m->splits++] = s;
    split_rect(m, rng, a);
    split_rect(m, rng, b);
}

static void mark_gap(Map *m, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (x + dx >= 0 && y + dy >= 0 && x + dx < m->w && y + dy < m->h)
                m->by_gap[at(m, x + dx, y + dy)] = 1;
}

/* Opens the wall tile (x, y): a door, or an archway (floor). */
static void open_wall(Map *m, int x, int y, bool door)
{
    m->g[at(m, x, y)] = door ? '+' : '.';
    mark_gap(m, x, y);
}

/* Is the wall tile at position p of split s one with floor on both sides? */
static bool split_gap_ok(const Map *m, const Split *s, int p)
{
    if (s->vertical)
        return glyph(m, s->at - 1, p) == '.' && glyph(m, s->at + 1, p) == '.' && !m->by_gap[at(m, s->at, p)];
    return glyph(m, p, s->at - 1) == '.' && glyph(m, p, s->at + 1) == '.' && !m->by_gap[at(m, p, s->at)];
}

/* One or two openings in the wall line of split s, which joins the rooms
 * on its two sides (so the rooms stay one connected whole); false when the
 * walls from further splits leave no place for one. */
static bool open_split(Map *m, uint64_t *rng, const Split *s)
{
    int n = 0;
    for (int p = s->from; p <= s->to; p++)
        if (split_gap_ok(m, s, p))
            m->pick[n++] = nav_pos(p, 0);
    if (n == 0)
        return false;
    int want = n >= 8 && rng_pct(rng, 30) ? 2 : 1;
    for (int k = 0; k < want; k++) {
        int p = m->pick[rng_int(rng, 0, n - 1)].x;
        if (!split_gap_ok(m, s, p))
            continue; /* beside the first opening */
        bool door = rng_pct(rng, DOOR_PCT);
        bool wide = !door && p + 1 <= s->to && split_gap_ok(m, s, p + 1) && rng_pct(rng, WIDE_PCT);
        for (int q = p; q <= p + (wide ? 1 : 0); q++) {
            if (s->vertical)
                open_wall(m, s->at, q, door);
            else
                open_wall(m, q, s->at, door);
        }
    }
    return true;
}

/* A few more openings in straight walls between two rooms: loops, so a
 * sentry can be walked round. */
static void open_loops(Map *m, uint64_t *rng)
{
    int want = m->rooms / 4;
    for (int t = 0; t < TRIES && want > 0; t++) {
        int x = rng_int(rng, 1, m->w - 2), y = rng_int(rng, 1, m->h - 2);
        if (glyph(m, x, y) != '#' || m->by_gap[at(m, x, y)])
            continue;
        bool across = glyph(m, x - 1, y) == '.' && glyph(m, x + 1, y) == '.' && glyph(m, x, y - 1) == '#' &&
                      glyph(m, x, y + 1) == '#';
        bool down = glyph(m, x, y - 1) == '.' && glyph(m, x, y + 1) == '.' && glyph(m, x - 1, y) == '#' &&
                    glyph(m, x + 1, y) == '#';
        if (!across && !down)
            continue;
        open_wall(m, x, y, rng_pct(rng, DOOR_PCT));
        want--;
    }
}

/* Rough ground and water in some rooms. A pool keeps a ring of floor
 * between it and the room's walls, so every opening still reaches every
 * other. */
static void add_terrain(Map *m, uint64_t *rng)
{
    for (int i = 0; i < m->rooms; i++) {
        Rect r = m->room[i];
        int rw = r.x1 - r.x0 + 1, rh = r.y1 - r.y0 + 1;
        if (rng_pct(rng, ROUGH_PCT)) {
            int pw = rng_int(rng, 2, rw), ph = rng_int(rng, 2, rh);
            int px = rng_int(rng, r.x0, r.x1 - pw + 1), py = rng_int(rng, r.y0, r.y1 - ph + 1);
            for (int y = py; y < py + ph; y++)
                for (int x = px; x < px + pw; x++)
                    m->g[at(m, x, y)] = ',';
        }
        if (rw >= 5 && rh >= 5 && rng_pct(rng, WATER_PCT)) {
            int pw = rng_int(rng, 1, rw - 4 > 1 ? rw - 4 : 1), ph = rng_int(rng, 1, rh - 4 > 1 ? rh - 4 : 1);
            int px = rng_int(rng, r.x0 + 1, r.x1 - pw), py = rng_int(rng, r.y0 + 1, r.y1 - ph);
            for (int y = py; y < py + ph; y++)
                for (int x = px; x < px + pw; x++)
                    m->g[at(m, x, y)] = '~';
        }
    }
}

/* The rooms, their openings and terrain; false when a wall found no room
 * for an opening (or, rarer than rare on these sizes, out of memory: the
 * candidate then counts as one without a layout). */
bool gen_map_layout(Map *m, uint64_t *rng)
{
    map_clear(m);
    split_rect(m, rng, (Rect){1, 1, m->w - 2, m->h - 2});
    for (int i = 0; i < m->rooms; i++) {
        Rect r = m->room[i];
        for (int y = r.y0; y <= r.y1; y++)
            for (int x = r.x0; x <= r.x1; x++) {
                m->g[at(m, x, y)] = '.';
                m->room_of[at(m, x, y)] = i;
            }
    }
    for (int i = 0; i < m->splits; i++)
        if (!open_split(m, rng, &m->split[i]))
            return false;
    open_loops(m, rng);
    add_terrain(m, rng);
    if (nav_grid_init(&m->grid, m->w, m->h) != NAV_DONE)
        return false;
    for (int y = 0; y < m->h; y++)
        for (int x = 0; x < m->w; x++) {
            TileKind k = TILE_WALL;
            tile_from_glyph(glyph(m, x, y), &k);
            nav_grid_set(&m->grid, x, y, tile_info(k)->cost);
        }
    return true;
}
