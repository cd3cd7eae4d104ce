/* SPDX-License-Identifier: MIT */
/* gen.c - the level generator (gen.h): on a layout of rooms (gen_layout.c),
 * the start, the exit far from it, the cells and the sentries; each
 * candidate proven by the tour and the stealth solver before it is
 * written. Never prints. */
#include "gen.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "field.h"
#include "gen_int.h"
#include "grid.h"
#include "naive.h"
#include "query.h"
#include "sight.h"
#include "sim.h"
#include "solve.h"
#include "tile.h"
#include "tour.h"

/* ---- what the difficulty changes ---------------------------------------------- */

/* Per difficulty 1..5, for a level of GEN_AREA_BASE floor-able tiles (the
 * default size's inside); other sizes scale the counts by area. */
enum { GEN_AREA_BASE = (GEN_WIDTH_DEFAULT - 2) * (GEN_HEIGHT_DEFAULT - 2) };
static const int sentries_base[GEN_DIFFICULTY_MAX] = {1, 2, 3, 4, 5};
static const int cells_base[GEN_DIFFICULTY_MAX] = {3, 3, 4, 4, 5};
static const int patrol_pct[GEN_DIFFICULTY_MAX] = {100, 80, 70, 60, 60}; /* a sentry patrols, else guards */
/* The energy written over the least the solver's plan wins on, % of what
 * the plan spends (walking and standing). */
static const int slack_pct[GEN_DIFFICULTY_MAX] = {50, 30, 15, 10, 8};
/* What the wait-for-green player (naive.h) must come to on the level. */
enum { NAIVE_ANY, NAIVE_MUST_WIN, NAIVE_MUST_LOSE };
static const int naive_rule[GEN_DIFFICULTY_MAX] = {NAIVE_MUST_WIN, NAIVE_ANY, NAIVE_MUST_LOSE, NAIVE_MUST_LOSE,
                                                   NAIVE_MUST_LOSE};
/* Whether the proof's solver may throw lures. Not yet: its lure passes come
 * only after the passes without lures, so on every candidate they fail
 * they spend the work left (difficulty 5 took a third as long again, 50
 * seeds, and no plan threw one), and a lure plan found after a first pass
 * with no win at all is not the one `isopath solve --margin` finds (it runs
 * the pass without slack first). A plan with a lure would pass at
 * difficulty 5 whatever its window. */
#define GEN_SOLVE_LURES false
/* The widest window the plan may have (its margin, ticks); 0: any. */
static const int window_max[GEN_DIFFICULTY_MAX] = {0, 0, 0, 0, GEN_WINDOW_MAX};
static const char *const speed_text[GEN_DIFFICULTY_MAX] = {"2", "2.5", "3", "3.25", "3.5"};
static const int room_area[GEN_DIFFICULTY_MAX] = {60, 60, 50, 45, 40}; /* floor tiles a room aims at */
/* The droid's way to every cell and the exit keeps this many floor steps
 * from every patrol's way (the sentries hear a floor step within 6). */
static const int patrol_clear_steps[GEN_DIFFICULTY_MAX] = {5, 5, 4, 4, 4};

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

/* ---- random numbers: the candidates' seeds ------------------------------------- */

static uint64_t rng_mix(uint64_t h, uint64_t v)
{
    uint64_t s = h ^ (v * UINT64_C(0xff51afd7ed558ccd));
    return rng_next(&s);
}

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

static int sentry_count(int w, int h, int difficulty)
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

/* The start, the exit far from it, the sentries (out of the start's
 * sight and earshot, the exit still reachable out of theirs), then the
 * cells, in rooms of their own as far as they go, where the droid can
 * walk to them out of every sentry's earshot; false when something found
 * no place (but with every_sentry false, as many sentries as find a place,
 * at least one: a small level may hold fewer than its difficulty asks). */
static bool place_things(Map *m, uint64_t *rng, int difficulty, bool every_sentry)
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
    int sentries = sentry_count(m->w, m->h, difficulty);
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

/* ---- the level's text ------------------------------------------------------------ */

typedef struct Out {
    char *p;
    size_t len, cap;
    bool failed;
} Out;

static void out_printf(Out *o, const char *fmt, ...)
{
    if (o->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(o->p ? o->p + o->len : NULL, o->p ? o->cap - o->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            o->failed = true;
            return;
        }
        if (o->p && o->len + (size_t)n < o->cap) {
            o->len += (size_t)n;
            return;
        }
        if (!buf_room(&o->p, &o->cap, 1, o->len + (size_t)n + 1, 4096, SIZE_MAX)) {
            o->failed = true;
            return;
        }
    }
}

/* The proof, written as a comment, once it is known. */
typedef struct Proof {
    long energy, least, plan;
    double length, seconds;
    long long steps;
    int margin, lures;
    NaiveEnd naive;
} Proof;

/* The level file: the comment naming the command, the proof (when known),
 * the header, the rows. Canonical form (docs/levels.md). */
static char *compose(const Map *m, const GenOptions *o, const Proof *pf, size_t *len)
{
    Out out = {0};
    out_printf(&out, "; Generated by isopath gen --seed %llu --size %dx%d --difficulty %d\n",
               (unsigned long long)o->seed, o->w, o->h, o->difficulty);
    if (pf)
        out_printf(&out,
                   "; Proven: the tour's least energy is %ld (a walk of %.2f), the solver's plan's %ld, the budget "
                   "%ld; won unseen in %.2f s, %lld steps, %d lure%s, margin %d ticks; the wait-for-green player %s "
                   "(%s)\n",
                   pf->least, pf->length, pf->plan, pf->energy, pf->seconds, pf->steps, pf->lures,
                   pf->lures == 1 ? "" : "s", pf->margin, pf->naive == NAIVE_WON ? "wins" : "loses",
                   naive_end_name(pf->naive));
    out_printf(&out, "name: Generated #%llu\n", (unsigned long long)o->seed);
    out_printf(&out, "author: isopath gen\n");
    out_printf(&out, "description: %d rooms, %d energy cell%s, %d sentr%s; difficulty %d of %d.\n", m->rooms,
               m->cells, m->cells == 1 ? "" : "s", m->sentries, m->sentries == 1 ? "y" : "ies", o->difficulty,
               GEN_DIFFICULTY_MAX);
    if (pf)
        out_printf(&out, "energy: %ld\npar_time: %.3f\n", pf->energy, pf->seconds); /* the solver's unseen win */
    out_printf(&out, "sentry_speed: %s\n", speed_text[o->difficulty - 1]);
    /* patrols in the sentries' reading order, as the editor keeps them */
    for (int y = 0; y < m->h; y++)
        for (int x = 0; x < m->w; x++)
            for (int i = 0; i < m->sentries; i++) {
                if (m->post[i].x != x || m->post[i].y != y || m->patrol_n[i] == 0)
                    continue;
                out_printf(&out, "patrol: %d,%d", x, y);
                for (int k = 0; k < m->patrol_n[i]; k++)
                    out_printf(&out, " %d,%d", m->patrol[i][k].x, m->patrol[i][k].y);
                out_printf(&out, "\n");
            }
    for (int y = 0; y < m->h; y++)
        out_printf(&out, "%.*s\n", m->w, m->g + at(m, 0, y));
    if (out.failed) {
        free(out.p);
        return NULL;
    }
    *len = out.len;
    return out.p;
}

/* ---- the proof ------------------------------------------------------------------- */

enum { REJECT_NONE = GEN_REJECT_COUNT, REJECT_MEMORY };

/* The least whole starting energy with which the tour wins; 0 when none up
 * to LEVEL_ENERGY_MAX. l->energy is changed. */
static long least_energy(Level *l, double length)
{
    long lo = 1, hi = (long)length + 2;
    if (hi > LEVEL_ENERGY_MAX)
        hi = LEVEL_ENERGY_MAX;
    TourResult t;
    l->energy = hi;
    bool ok = tour_plan(l, &t) == TOUR_WINNABLE;
    tour_free(&t);
    if (!ok)
        return 0;
    while (lo < hi) { /* the least winnable lies in lo..hi */
        long mid = lo + (hi - lo) / 2;
        l->energy = mid;
        ok = tour_plan(l, &t) == TOUR_WINNABLE;
        tour_free(&t);
        if (ok)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* pct% of `units` of energy (path.h units: integers, the same on every
 * build) in whole floor steps, rounded up; at least 1. */
static long pct_steps(uint64_t units, int pct)
{
    uint64_t per = 100 * NAV_UNIT_STRAIGHT;
    uint64_t n = units / per * (uint64_t)pct + (units % per * (uint64_t)pct + per - 1) / per;
    return n < 1 ? 1 : (long)n;
}

static void set_energy(Level *l, long energy)
{
    l->energy = energy < LEVEL_ENERGY_MAX ? energy : LEVEL_ENERGY_MAX;
}

/* What a plan played out came to (play_plan). */
enum { PLAN_WON, PLAN_LOST, PLAN_NO_MEMORY };

/* Plays a plan (gotos and lures at ticks, applied when the play's tick
 * reaches theirs, as solve_replay does) on l from its start until it wins, is
 * noticed or loses: PLAN_WON when it wins unseen, and then *least is the
 * least whole starting energy on which it plays the same, what it has
 * spent at the point where it holds the least, in whole floor steps, and
 * one more (energy changes a play only where it runs out). */
static int play_plan(const Level *l, const SolveCmd *cmd, int n, long *least, long *work)
{
    Sim s;
    if (!sim_init(&s, l))
        return PLAN_NO_MEMORY;
    int64_t top = s.energy, low = s.energy;
    uint64_t stop = SOLVE_WALK_MAX;
    for (int i = 0; i < n; i++)
        if (cmd[i].tick + SOLVE_WALK_MAX > stop)
            stop = cmd[i].tick + SOLVE_WALK_MAX;
    int next = 0;
    while (s.status == SIM_PLAYING && s.noticed == 0 && s.tick <= stop) {
        for (; next < n && cmd[next].tick <= s.tick; next++)
            solve_command(&s, &cmd[next]);
        sim_tick(&s);
        ++*work;
        if (s.energy < low)
            low = s.energy;
    }
    bool won = s.status == SIM_WON && s.noticed == 0;
    *least = (long)((uint64_t)(top - low) / NAV_UNIT_STRAIGHT) + 1;
    sim_deinit(&s);
    return won ? PLAN_WON : PLAN_LOST;
}

/* The candidate's level, without its proof, loaded; every tile reachable,
 * winnable by the tour on some energy: the least in *least, the walk in
 * *length. REJECT_NONE, or why not. */
static int prove_tour(const Map *m, const GenOptions *o, Level *l, long *least, double *length)
{
    size_t len;
    char *text = compose(m, o, NULL, &len);
    if (!text)
        return REJECT_MEMORY;
    NavDiags d;
    nav_diag_clear(&d);
    bool parsed = level_parse(text, len, "generated", l, &d);
    free(text);
    if (!parsed)
        return GEN_REJECT_LAYOUT; /* cannot happen: the generator writes valid levels */
    NavGrid g;
    if (!level_build_grid(l, &g))
        return REJECT_MEMORY;
    bool whole = nav_grid_count_reachable(&g, l->start.x, l->start.y) == nav_grid_count_walkable(&g);
    nav_grid_deinit(&g);
    if (!whole)
        return GEN_REJECT_LAYOUT;
    TourResult t;
    memset(&t, 0, sizeof t);
    TourVerdict v = tour_plan(l, &t);
    *length = t.length;
    tour_free(&t);
    if (v != TOUR_WINNABLE)
        return v == TOUR_ERROR ? REJECT_MEMORY : GEN_REJECT_TOUR;
    *least = least_energy(l, *length);
    return *least > 0 ? REJECT_NONE : GEN_REJECT_TOUR;
}

/* The wait-for-green player on l (its play left in nr) against the
 * difficulty's rule. On the loose budget (`cheap` > 0), where the energy
 * is not yet the level's, only what no budget changes rejects: a loss but
 * for the energy where it must win, a win on no more than `cheap` energy
 * where it must lose (the least budget the level may get). */
static int prove_naive(const Level *l, int difficulty, long cheap, NaiveResult *nr, long *work)
{
    naive_result_free(nr);
    NaiveEnd e = naive_play(l, nr);
    *work += nr->work;
    if (e == NAIVE_NO_MEMORY)
        return REJECT_MEMORY;
    int rule = naive_rule[difficulty - 1];
    if (rule == NAIVE_MUST_WIN && e != NAIVE_WON && !(cheap > 0 && e == NAIVE_ENERGY))
        return GEN_REJECT_HARD;
    if (rule != NAIVE_MUST_LOSE || e != NAIVE_WON)
        return REJECT_NONE;
    if (cheap == 0)
        return GEN_REJECT_EASY;
    SolveCmd *cmd = malloc(((size_t)nr->count + 1) * sizeof *cmd);
    if (!cmd)
        return REJECT_MEMORY;
    for (int i = 0; i < nr->count; i++)
        cmd[i] = (SolveCmd){nr->leg[i].depart, nr->leg[i].to, SIM_CMD_GOTO};
    long need = 0;
    int played = play_plan(l, cmd, nr->count, &need, work); /* won: the player's gotos replay to its win */
    free(cmd);
    if (played == PLAN_NO_MEMORY)
        return REJECT_MEMORY;
    return played == PLAN_WON && need <= cheap ? GEN_REJECT_EASY : REJECT_NONE;
}

/* The solver on l as the proof runs it: its work alone bounds it (no time
 * limit: the same result on every machine), only its robust passes
 * (SolveOptions.robust_only), and only a plan found within three fifths of
 * the work, where the first pass stops (solve.h): within it `isopath solve
 * --margin`, with far more work, finds the very same plan. The plan's
 * margin must be GEN_MARGIN_MIN or more and, unless it throws a lure,
 * within the difficulty's window. REJECT_NONE, or why not; sr is filled
 * either way. */
static int prove_solve(const Level *l, const GenOptions *o, SolveResult *sr, long *work)
{
    SolveOptions so = solve_options_default();
    so.margin = true;
    so.max_work = gen_solve_work(o);
    so.max_seconds = 0;
    so.robust_only = true;
    so.lures = GEN_SOLVE_LURES;
    solve_level(l, &so, sr);
    *work += sr->work;
    int window = window_max[o->difficulty - 1];
    if (sr->status == SOLVE_NO_MEMORY)
        return REJECT_MEMORY;
    if (sr->status != SOLVE_SOLVED || sr->work > so.max_work / 5 * 3)
        return GEN_REJECT_UNSEEN; /* past the pass's work, even the margin measured may be cut short */
    if (sr->margin < GEN_MARGIN_MIN)
        return GEN_REJECT_MARGIN;
    if (window > 0 && sr->margin > window && solve_lure_count(sr->cmd, sr->count) == 0)
        return GEN_REJECT_WIDE;
    return REJECT_NONE;
}

/* The budget, set in l: the solver's plan on l's (loose) budget, the
 * least energy it wins on (*plan) and the difficulty's slack of what it
 * spends. */
static int prove_budget(Level *l, const GenOptions *o, long *plan, long *work)
{
    SolveResult sr;
    int verdict = prove_solve(l, o, &sr, work);
    int played = verdict == REJECT_NONE ? play_plan(l, sr.cmd, sr.count, plan, work) : PLAN_WON;
    if (played != PLAN_WON) /* the solver replayed its win: only memory can fail it here */
        verdict = played == PLAN_NO_MEMORY ? REJECT_MEMORY : GEN_REJECT_UNSEEN;
    if (verdict == REJECT_NONE)
        set_energy(l, *plan + pct_steps(sr.energy_used, slack_pct[o->difficulty - 1]));
    solve_result_free(&sr);
    return verdict;
}

/* Proves the candidate (docs/generator.md, "The proof"); on success fills
 * r's figures and pf. */
static int prove(const Map *m, const GenOptions *o, GenResult *r, Proof *pf)
{
    Level l;
    memset(&l, 0, sizeof l);
    long least = 0, plan = 0;
    double length = 0;
    NaiveResult nr;
    memset(&nr, 0, sizeof nr);
    int verdict = prove_tour(m, o, &l, &least, &length);
    if (verdict == REJECT_NONE) /* loose: the tour's least and its walk again */
        set_energy(&l, least + (long)length + 1);
    if (verdict == REJECT_NONE && naive_rule[o->difficulty - 1] != NAIVE_ANY) {
        uint64_t walk = (uint64_t)(length * (double)NAV_UNIT_STRAIGHT);
        long cheap = least + pct_steps(walk, slack_pct[o->difficulty - 1]);
        verdict = prove_naive(&l, o->difficulty, cheap, &nr, &r->work);
    }
    if (verdict == REJECT_NONE) {
        r->solver_runs++;
        verdict = prove_budget(&l, o, &plan, &r->work);
    }
    if (verdict == REJECT_NONE)
        verdict = prove_naive(&l, o->difficulty, 0, &nr, &r->work);
    SolveResult sr;
    memset(&sr, 0, sizeof sr);
    if (verdict == REJECT_NONE)
        verdict = prove_solve(&l, o, &sr, &r->work);
    if (verdict == REJECT_NONE) {
        *pf = (Proof){l.energy, least, plan, length, (double)sr.play_ticks / SIM_TICK_HZ, (long long)sr.steps,
                      sr.margin, solve_lure_count(sr.cmd, sr.count), nr.end};
        r->energy = l.energy;
        r->energy_least = least;
        r->energy_plan = plan;
        r->tour_length = length;
        r->solve_ticks = sr.play_ticks;
        r->solve_steps = sr.steps;
        r->solve_energy = sim_units((int64_t)sr.energy_used);
        r->margin = sr.margin;
        r->lures = solve_lure_count(sr.cmd, sr.count);
        r->naive = nr.end;
        r->naive_ticks = nr.play_ticks;
        r->naive_wait = nr.wait_ticks;
    }
    naive_result_free(&nr);
    solve_result_free(&sr);
    level_free(&l);
    return verdict;
}

/* ---- the generator --------------------------------------------------------------- */

GenOptions gen_options_default(uint64_t seed)
{
    GenOptions o;
    o.seed = seed;
    o.w = GEN_WIDTH_DEFAULT;
    o.h = GEN_HEIGHT_DEFAULT;
    o.difficulty = GEN_DIFFICULTY_DEFAULT;
    o.candidates = GEN_CANDIDATES;
    o.solve_work = 0;
    return o;
}

long gen_solve_work(const GenOptions *o)
{
    if (o->solve_work > 0)
        return o->solve_work;
    long base = o->difficulty >= 3 ? GEN_SOLVE_WORK_HARD : GEN_SOLVE_WORK;
    long area = (long)(o->w - 2) * (long)(o->h - 2);
    return area <= GEN_AREA_BASE ? base : base / GEN_AREA_BASE * area;
}

const char *gen_status_name(GenStatus s)
{
    switch (s) {
    case GEN_OK: return "ok";
    case GEN_BAD_OPTIONS: return "bad options";
    case GEN_NO_LEVEL: return "no level";
    case GEN_NO_MEMORY: return "out of memory";
    }
    return "?";
}

void gen_result_free(GenResult *r)
{
    free(r->text);
    level_free(&r->level);
    memset(r, 0, sizeof *r);
}

static bool check_options(const GenOptions *o, GenResult *r)
{
    const char *why = NULL;
    if (o->seed > (uint64_t)GEN_SEED_MAX)
        why = "the seed is out of range";
    else if (o->w < GEN_SIDE_MIN || o->w > GEN_SIDE_MAX || o->h < GEN_SIDE_MIN || o->h > GEN_SIDE_MAX)
        why = "the size is out of range";
    else if (o->difficulty < GEN_DIFFICULTY_MIN || o->difficulty > GEN_DIFFICULTY_MAX)
        why = "the difficulty is out of range";
    else if (o->candidates < 1 || o->candidates > GEN_CANDIDATES_MAX)
        why = "the number of candidates is out of range";
    else if (o->solve_work < 0 || o->solve_work > GEN_SOLVE_WORK_MAX)
        why = "the solver's work is out of range";
    if (why)
        snprintf(r->why, sizeof r->why, "%s", why);
    return !why;
}

/* The candidate's own random stream: the same for the same options. */
static uint64_t candidate_seed(const GenOptions *o, int k)
{
    uint64_t s = rng_mix(UINT64_C(0x6a09e667f3bcc908), o->seed);
    s = rng_mix(s, (uint64_t)o->w);
    s = rng_mix(s, (uint64_t)o->h);
    s = rng_mix(s, (uint64_t)o->difficulty);
    return rng_mix(s, (uint64_t)k);
}

/* The level written with its proof, parsed back into r. */
static GenStatus finish(const Map *m, const GenOptions *o, const Proof *pf, GenResult *r)
{
    r->text = compose(m, o, pf, &r->len);
    if (!r->text)
        return r->status = GEN_NO_MEMORY;
    NavDiags d;
    nav_diag_clear(&d);
    if (!level_parse(r->text, r->len, "generated", &r->level, &d)) {
        snprintf(r->why, sizeof r->why, "the level does not load: %.150s", d.count ? d.msg[0] : "out of memory");
        free(r->text);
        r->text = NULL;
        return r->status = GEN_NO_MEMORY; /* only memory can make a written level fail to load */
    }
    r->rooms = m->rooms;
    r->cells = m->cells;
    r->sentries = m->sentries;
    return r->status = GEN_OK;
}

GenStatus gen_level(const GenOptions *o, GenResult *r)
{
    memset(r, 0, sizeof *r);
    r->margin = -1;
    if (!check_options(o, r))
        return r->status = GEN_BAD_OPTIONS;
    Map m;
    if (!gen_map_init(&m, o->w, o->h, sentry_count(o->w, o->h, o->difficulty)))
        return r->status = GEN_NO_MEMORY;
    m.room_area = room_area[o->difficulty - 1];
    m.patrol_clear = patrol_clear_steps[o->difficulty - 1];
    r->status = GEN_NO_LEVEL;
    for (int k = 0; k < o->candidates && r->solver_runs < GEN_SOLVER_RUNS && r->status == GEN_NO_LEVEL; k++) {
        uint64_t rng = candidate_seed(o, k);
        r->tried = k + 1;
        int verdict = GEN_REJECT_LAYOUT;
        Proof pf;
        for (int j = 0; j < GEN_LAYOUTS && verdict == GEN_REJECT_LAYOUT; j++)
            if (gen_map_layout(&m, &rng) && place_things(&m, &rng, o->difficulty, j < GEN_LAYOUTS / 2))
                verdict = prove(&m, o, r, &pf);
        if (verdict == REJECT_MEMORY) {
            r->status = GEN_NO_MEMORY;
        } else if (verdict == REJECT_NONE) {
            r->candidate = k;
            finish(&m, o, &pf, r);
        } else {
            r->rejected[verdict]++;
        }
    }
    if (r->status == GEN_NO_LEVEL)
        snprintf(r->why, sizeof r->why,
                 "none of %d candidate%s passed its proof (the solver ran on %d; %d without a layout, %d not "
                 "winnable on energy, %d not won unseen within %ld ticks of solving, %d with a margin under %d "
                 "ticks, %d won by the wait-for-green player, %d lost by it, %d with a window over %d ticks)",
                 r->tried, r->tried == 1 ? "" : "s", r->solver_runs, r->rejected[GEN_REJECT_LAYOUT],
                 r->rejected[GEN_REJECT_TOUR], r->rejected[GEN_REJECT_UNSEEN], gen_solve_work(o),
                 r->rejected[GEN_REJECT_MARGIN], GEN_MARGIN_MIN,
                 r->rejected[GEN_REJECT_EASY], r->rejected[GEN_REJECT_HARD], r->rejected[GEN_REJECT_WIDE],
                 GEN_WINDOW_MAX);
    gen_map_free(&m);
    return r->status;
}
