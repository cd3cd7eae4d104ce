/* SPDX-License-Identifier: MIT */
/* gen_place.c - the generator's placing (gen_int.h): on a layout of rooms
 * (gen_layout.c), the start, the exit far from it, the energy cells and
 * the sentries, each where the rules of fairness below allow; gen.c
 * proves what it places. Never prints. */
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "gen.h"
#include "gen_int.h"
#include "grid.h"
#include "sight.h"
#include "tile.h"

/* Per difficulty 1..5, at GEN_AREA_BASE tiles (gen_int.h). */
static const int sentries_base[GEN_DIFFICULTY_MAX] = {1, 2, 3, 4, 5};
static const int cells_base[GEN_DIFFICULTY_MAX] = {3, 3, 4, 4, 5};
static const int patrol_pct[GEN_DIFFICULTY_MAX] = {100, 80, 70, 60, 60}; /* a sentry patrols, else guards */

enum {
    START_CLEAR = 10,    /* floor steps from the start to any sentry's post or waypoint */
    GUARD_CLEAR = 9,     /* ... from a guard's post to the exit (and its earshot: cells lie beyond) */
    PAUSE_CLEAR = 7,     /* ... from a patrol's post or waypoint to the exit */
    PATROL_NEAR = 4,     /* a patrol's waypoints lie this far ... */
    PATROL_FAR = 20,     /* ... to this far from its post, floor steps */
    PATROL_GAP = 3,      /* and this many tiles (king moves) from one another */
    ROAM_PCT = 30,       /* a patrol may leave its room */
    POST_TRIES = 3,      /* posts tried in a room, waypoints tried for a patrol */
    EXIT_FAR_PCT = 70,   /* the exit lies at least this share of the farthest tile's cost */
    CELL_MIN = 3,        /* floor steps from the start to a cell */
};
/* ---- placing things -------------------------------------------------------------- */

static double steps_of(const NavField *f, NavPos t)
{
    uint64_t c = nav_field_cost(f, t);
    return c == UINT64_MAX ? -1 : (double)c / (double)NAV_UNIT_STRAIGHT;
}

/* A plain floor tile, away from openings, in room `room` (-1: any), that
 * `ok` accepts; false when there is none. */
typedef bool (*TileOk)(const Map *m, NavPos t, const void *ctx);

static bool pick_tile(Map *m, uint64_t *rng, int room, TileOk ok, const void *ctx, NavPos *out)
{
    int n = 0;
    for (int y = 1; y < m->h - 1; y++)
        for (int x = 1; x < m->w - 1; x++) {
            size_t i = at(m, x, y);
            if (m->g[i] != '.' || m->by_gap[i] || (room >= 0 && m->room_of[i] != room))
                continue;
            if (!ok || ok(m, nav_pos(x, y), ctx))
                m->pick[n++] = nav_pos(x, y);
        }
    if (n == 0)
        return false;
    *out = m->pick[rng_int(rng, 0, n - 1)];
    return true;
}

/* Shuffles the rooms into order[] (Fisher-Yates). */
static void shuffle_rooms(const Map *m, uint64_t *rng, int *order)
{
    for (int i = 0; i < m->rooms; i++)
        order[i] = i;
    for (int i = m->rooms - 1; i > 0; i--) {
        int j = rng_int(rng, 0, i), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

typedef struct Near {
    const NavField *from;  /* costs from a tile */
    uint64_t lo, hi;    /* the cost a pick must lie within (path.h units: integers, the same on every build) */
} Near;

static bool within(const Map *m, NavPos t, const void *ctx)
{
    (void)m;
    const Near *n = ctx;
    uint64_t c = nav_field_cost(n->from, t);
    return c != UINT64_MAX && c >= n->lo && c <= n->hi;
}

/* Sight as sentries have it, but with doors counted open: never blocked by
 * anything that may open. */
static bool wall_opaque(const void *ctx, int x, int y)
{
    const Map *m = ctx;
    char c = glyph(m, x, y);
    return c == '#' || c == ' ';
}

/* A tile a sentry may stand on or pass through as a waypoint: far enough
 * from the start by path, out of its sight, not beside another sentry's
 * post, far enough from the exit. */
typedef struct Watch {
    const NavField *start; /* costs from the start */
    const NavField *exit;  /* costs from the exit */
    double exit_clear;  /* floor steps from it, at least */
    const NavField *post;  /* costs from the post (waypoints), or NULL */
    double lo, hi;      /* ... within these floor steps of it */
} Watch;

static bool sentry_spot(const Map *m, NavPos t, const void *ctx)
{
    const Watch *w = ctx;
    if (steps_of(w->start, t) < START_CLEAR)
        return false;
    int dx = t.x - m->start.x, dy = t.y - m->start.y;
    if (dx * dx + dy * dy <= (SENTRY_SIGHT_RANGE + 1) * (SENTRY_SIGHT_RANGE + 1) &&
        sight_line(t, m->start, wall_opaque, m))
        return false;
    for (int i = 0; i < m->sentries; i++)
        if (abs(m->post[i].x - t.x) <= 1 && abs(m->post[i].y - t.y) <= 1)
            return false;
    if (steps_of(w->exit, t) < w->exit_clear)
        return false;
    if (w->post) {
        double d = steps_of(w->post, t);
        return d >= w->lo && d <= w->hi;
    }
    return true;
}

/* Does the patrol leg from a to b (a shortest way, as the sentry walks it)
 * keep out of the start's sight (walls alone blocking it)? */
static bool leg_clear(const Map *m, NavPos a, NavPos b)
{
    NavField f;
    if (nav_field_init(&f, &m->grid, b, NAV_TOPO_8) != NAV_DONE)
        return false;
    bool ok = true;
    for (NavPos t = a;;) {
        int dx = t.x - m->start.x, dy = t.y - m->start.y;
        if (dx * dx + dy * dy <= (SENTRY_SIGHT_RANGE + 1) * (SENTRY_SIGHT_RANGE + 1) &&
            sight_line(t, m->start, wall_opaque, m)) {
            ok = false;
            break;
        }
        if (!nav_field_next(&f, t, &t))
            break;
    }
    nav_field_deinit(&f);
    return ok;
}

/* Is every leg of sentry i's patrol out of the start's sight? */
static bool patrol_clear(const Map *m, NavPos post, const NavPos *way, int n)
{
    for (int k = 0; k <= n; k++) {
        NavPos a = k == 0 ? post : way[k - 1], b = k == n ? post : way[k];
        if (!leg_clear(m, a, b))
            return false;
    }
    return true;
}

/* Blocks in g every tile within reach floor steps of t (near: a bounded
 * field of the map's size, reused). */
static bool block_near(NavGrid *g, const Map *m, NavField *near, NavPos t, double reach)
{
    if (nav_field_update(near, &m->grid, t, (uint64_t)(reach * (double)NAV_UNIT_STRAIGHT)) != NAV_DONE)
        return false;
    int r = (int)reach; /* a step costs at least 1: nothing farther is within reach */
    for (int y = t.y - r; y <= t.y + r; y++)
        for (int x = t.x - r; x <= t.x + r; x++)
            if (nav_field_cost(near, nav_pos(x, y)) != UINT64_MAX)
                nav_grid_set(g, x, y, 0);
    return true;
}

/* Blocks in g the tiles within earshot of sentry i: of a guard's post
 * (GUARD_CLEAR), of every tile of a patrol's legs (m->patrol_clear). */
static bool block_sentry(NavGrid *g, const Map *m, NavField *near, int i)
{
    int n = m->patrol_n[i];
    if (n == 0)
        return block_near(g, m, near, m->post[i], GUARD_CLEAR);
    const NavPos *way = m->patrol[i];
    for (int k = 0; k <= n; k++) {
        NavPos a = k == 0 ? m->post[i] : way[k - 1], b = k == n ? m->post[i] : way[k];
        NavField f;
        if (nav_field_init(&f, &m->grid, b, NAV_TOPO_8) != NAV_DONE)
            return false;
        bool ok = true;
        for (NavPos t = a; ok;) {
            ok = block_near(g, m, near, t, m->patrol_clear);
            if (!nav_field_next(&f, t, &t))
                break;
        }
        nav_field_deinit(&f);
        if (!ok)
            return false;
    }
    return true;
}

/* g becomes the map's grid with every tile within earshot of a sentry
 * `mask` names (bit i: sentry i; all past 63 when bit 63) blocked. */
static bool earshot_grid(const Map *m, uint64_t mask, NavGrid *g)
{
    NavField near = {0};
    bool ok = nav_grid_copy(g, &m->grid) == NAV_DONE &&
              nav_field_init_bounded(&near, m->w, m->h, NAV_TOPO_8) == NAV_DONE;
    for (int i = 0; i < m->sentries && ok; i++)
        if (mask & (UINT64_C(1) << (i < 63 ? i : 63)))
            ok = block_sentry(g, m, &near, i);
    nav_field_deinit(&near);
    return ok;
}

/* Can the droid reach every cell and the exit keeping out of earshot of
 * the sentries `mask` names? */
static bool passable(const Map *m, uint64_t mask)
{
    NavGrid g = {0};
    NavField fs;
    bool ok = earshot_grid(m, mask, &g) && nav_grid_walkable(&g, m->start.x, m->start.y) &&
              nav_field_init(&fs, &g, m->start, NAV_TOPO_8) == NAV_DONE;
    if (ok) {
        ok = steps_of(&fs, m->exit) >= 0;
        for (int i = 0; i < m->cells && ok; i++)
            ok = steps_of(&fs, m->cell[i]) >= 0;
        nav_field_deinit(&fs);
    }
    nav_grid_deinit(&g);
    return ok;
}

/* Can the droid reach every cell and the exit out of every sentry's
 * earshot (a guard's whole, a patrol's near its way)? Then a patrol is
 * only ever passed in its outer earshot, by timing, and a guard never: a
 * guard on the only way would make a level no timing wins. */
static bool sentries_passable(const Map *m)
{
    return passable(m, ~UINT64_C(0));
}

/* Patrol waypoints after the post, in the post's room (room >= 0) or
 * anywhere in reach, each PATROL_NEAR..PATROL_FAR floor steps from the
 * post and at least PATROL_GAP tiles from the waypoints before it;
 * returns how many (0..2). */
static int pick_patrol(Map *m, uint64_t *rng, Watch *w, int room, NavPos post, NavPos *way)
{
    int want = rng_int(rng, 1, 2), n = 0;
    for (int t = 0; t < POST_TRIES && n < want; t++) {
        if (!pick_tile(m, rng, room, sentry_spot, w, &way[n]))
            break;
        bool apart = true;
        for (int k = -1; k < n && apart; k++) {
            NavPos o = k < 0 ? post : way[k];
            apart = abs(o.x - way[n].x) >= PATROL_GAP || abs(o.y - way[n].y) >= PATROL_GAP;
        }
        n += apart;
    }
    return n;
}

/* One sentry: a post in a room other than the start's and, when it
 * patrols, one or two waypoints; false when no spot is left. */
static bool place_sentry(Map *m, uint64_t *rng, const NavField *from_start, const NavField *from_exit, int difficulty,
                         const int *rooms)
{
    int start_room = m->room_of[at(m, m->start.x, m->start.y)];
    bool patrols = rng_pct(rng, patrol_pct[difficulty - 1]);
    bool roams = patrols && rng_pct(rng, ROAM_PCT);
    for (int t = 0; t < m->rooms * POST_TRIES; t++) {
        int room = rooms[(m->sentries + t / POST_TRIES) % m->rooms];
        bool taken = room == start_room;
        for (int i = 0; i < m->sentries && !taken; i++)
            taken = m->room_of[at(m, m->post[i].x, m->post[i].y)] == room;
        if (taken)
            continue; /* one sentry a room: two in one leave no way through */
        Watch w = {from_start, from_exit, patrols ? PAUSE_CLEAR : GUARD_CLEAR, NULL, 0, 0};
        NavPos post;
        if (!pick_tile(m, rng, room, sentry_spot, &w, &post))
            continue;
        NavField f;
        if (nav_field_init(&f, &m->grid, post, NAV_TOPO_8) != NAV_DONE)
            return false;
        NavPos *way = m->patrol[m->sentries];
        int n = 0;
        if (patrols) {
            w = (Watch){from_start, from_exit, PAUSE_CLEAR, &f, PATROL_NEAR, PATROL_FAR};
            n = pick_patrol(m, rng, &w, roams ? -1 : room, post, way);
        }
        nav_field_deinit(&f);
        if (patrols && (n == 0 || !patrol_clear(m, post, way, n)))
            continue;
        m->post[m->sentries] = post;
        m->patrol_n[m->sentries] = n;
        m->sentries++;
        if (!sentries_passable(m)) {
            m->sentries--;
            continue;
        }
        m->g[at(m, post.x, post.y)] = 'S';
        return true;
    }
    return false;
}

/* Scales a count made for the default size to a w x h level: by the
 * square root of the area (the way across grows so; the solver's work
 * grows much faster with cells and sentries than with tiles), rounded to
 * the nearest: the n with (n - 1/2)^2 <= base^2 area / GEN_AREA_BASE,
 * found in integers, so every build agrees. */
static int scaled(int w, int h, int base)
{
    long long want = 4LL * base * base * (long long)(w - 2) * (long long)(h - 2);
    int n = 0;
    while ((2LL * n + 1) * (2LL * n + 1) * GEN_AREA_BASE <= want)
        n++;
    return n < 1 ? 1 : n;
}

int gen_sentry_count(int w, int h, int difficulty)
{
    return scaled(w, h, sentries_base[difficulty - 1]);
}

/* Puts the rooms the shortest way from the start to the exit (fe: costs
 * to the exit) goes through first in rooms[], keeping the order otherwise:
 * sentries go there first, where they are met. */
static void way_first(const Map *m, const NavField *fe, int *rooms)
{
    uint8_t *on = calloc((size_t)m->rooms, 1);
    if (!on)
        return; /* the order stays as it was */
    for (NavPos t = m->start;;) {
        int r = m->room_of[at(m, t.x, t.y)];
        if (r >= 0)
            on[r] = 1;
        if (!nav_field_next(fe, t, &t))
            break;
    }
    int k = 0;
    for (int pass = 1; pass >= 0; pass--)
        for (int i = 0; i < m->rooms; i++)
            if (on[rooms[i]] == pass)
                m->pick[k++].y = rooms[i];
    for (int i = 0; i < m->rooms; i++)
        rooms[i] = m->pick[i].y;
    free(on);
}

bool gen_place_things(Map *m, uint64_t *rng, int difficulty, bool every_sentry)
{
    int *rooms = malloc((size_t)m->rooms * sizeof *rooms);
    if (!rooms)
        return false;
    shuffle_rooms(m, rng, rooms);
    bool ok = pick_tile(m, rng, rooms[0], NULL, NULL, &m->start);
    NavField fs = {0}, fe = {0};
    ok = ok && nav_field_init(&fs, &m->grid, m->start, NAV_TOPO_8) == NAV_DONE;
    if (ok) {
        m->g[at(m, m->start.x, m->start.y)] = '@';
        uint64_t far = 0;
        for (int y = 0; y < m->h; y++)
            for (int x = 0; x < m->w; x++) {
                uint64_t c = nav_field_cost(&fs, nav_pos(x, y));
                if (glyph(m, x, y) == '.' && c != UINT64_MAX && c > far)
                    far = c;
            }
        Near n = {&fs, far / 100 * EXIT_FAR_PCT, far};
        ok = pick_tile(m, rng, -1, within, &n, &m->exit) &&
             nav_field_init(&fe, &m->grid, m->exit, NAV_TOPO_8) == NAV_DONE;
        if (ok)
            m->g[at(m, m->exit.x, m->exit.y)] = '>';
    }
    int sentries = gen_sentry_count(m->w, m->h, difficulty);
    shuffle_rooms(m, rng, rooms);
    if (ok)
        way_first(m, &fe, rooms);
    for (int i = 0; ok && i < sentries; i++)
        if (!place_sentry(m, rng, &fs, &fe, difficulty, rooms))
            ok = !every_sentry && i > 0;
    nav_field_deinit(&fe);
    nav_field_deinit(&fs);

    NavGrid quiet = {0};
    NavField fq = {0};
    ok = ok && earshot_grid(m, ~UINT64_C(0), &quiet) && nav_field_init(&fq, &quiet, m->start, NAV_TOPO_8) == NAV_DONE;
    int cells = scaled(m->w, m->h, cells_base[difficulty - 1]);
    if (cells > TOUR_EXACT_MAX)
        cells = TOUR_EXACT_MAX;
    shuffle_rooms(m, rng, rooms);
    Near cn = {&fq, (uint64_t)CELL_MIN * NAV_UNIT_STRAIGHT, UINT64_MAX - 1};
    for (int i = 0; ok && i < cells; i++) {
        int room = rooms[i % m->rooms];
        ok = pick_tile(m, rng, room, within, &cn, &m->cell[m->cells]) ||
             pick_tile(m, rng, -1, within, &cn, &m->cell[m->cells]);
        if (ok)
            m->g[at(m, m->cell[m->cells].x, m->cell[m->cells].y)] = '*';
        m->cells += ok;
    }
    nav_field_deinit(&fq);
    nav_grid_deinit(&quiet);
    free(rooms);
    return ok;
}
