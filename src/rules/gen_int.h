/* SPDX-License-Identifier: MIT */
/* gen_int.h - what the generator's files share beyond gen.h: the random
 * numbers, the map being made, its layout (gen_layout.c) and the placing
 * of things on it (gen_place.c), for gen.c to prove. Not for other files. */
#ifndef ISODROID_GEN_INT_H
#define ISODROID_GEN_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "gen.h"
#include "grid.h"
#include "tour.h"

enum { TRIES = 200 }; /* random picks before a placement gives up */

/* ---- random numbers: splitmix64 ------------------------------------------------ */

static inline uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* lo..hi, both included (hi >= lo). */
static inline int rng_int(uint64_t *s, int lo, int hi)
{
    return lo + (int)(((rng_next(s) >> 32) * (uint64_t)(hi - lo + 1)) >> 32);
}

static inline bool rng_pct(uint64_t *s, int pct)
{
    return rng_int(s, 0, 99) < pct;
}

/* ---- the map being made ---------------------------------------------------------- */

typedef struct Rect {
    int x0, y0, x1, y1; /* floor tiles, both ends included */
} Rect;

typedef struct Split {
    bool vertical;      /* a wall column at x = at (else a wall row at y = at) */
    int at, from, to;   /* ... from row (column) `from` to `to` */
} Split;

typedef struct Map {
    int w, h;
    char *g;            /* w*h glyphs */
    int *room_of;       /* w*h: the room a tile of floor lies in, -1 elsewhere */
    uint8_t *by_gap;    /* w*h: 1 on an opening and the 8 tiles around it */
    Rect *room;
    int rooms;
    Split *split;
    int splits, cap;    /* rooms and splits hold cap each */
    int room_area;      /* floor tiles a room aims at: larger ones are split */
    int patrol_clear;   /* floor steps from a patrol's way the droid can keep */
    NavGrid grid;          /* the costs, once the terrain is done */
    NavPos start, exit;
    NavPos cell[TOUR_EXACT_MAX];
    int cells;
    NavPos *post;      /* sentry posts, in the order placed */
    NavPos (*patrol)[2]; /* each sentry's waypoints after its post */
    int *patrol_n;      /* 0: a guard */
    int sentries, sentry_cap;
    NavPos *pick;      /* w*h scratch for picking tiles */
} Map;

static inline size_t at(const Map *m, int x, int y)
{
    return (size_t)y * (size_t)m->w + (size_t)x;
}

static inline char glyph(const Map *m, int x, int y)
{
    return x >= 0 && y >= 0 && x < m->w && y < m->h ? m->g[at(m, x, y)] : '#';
}

/* A map of w x h with room for sentry_cap sentries; false when out of memory. */
bool gen_map_init(Map *m, int w, int h, int sentry_cap);
void gen_map_free(Map *m);
/* The rooms, their openings and terrain; false when a wall found no room
 * for an opening (or out of memory). */
bool gen_map_layout(Map *m, uint64_t *rng);

/* gen_place.c. Per difficulty, for a level of GEN_AREA_BASE floor-able
 * tiles (the default size's inside); other sizes scale the counts by area. */
enum { GEN_AREA_BASE = (GEN_WIDTH_DEFAULT - 2) * (GEN_HEIGHT_DEFAULT - 2) };
/* The sentries a w x h level of a difficulty gets. */
int gen_sentry_count(int w, int h, int difficulty);
/* The start, the exit far from it, the sentries (out of the start's
 * sight and earshot, the exit still reachable out of theirs), then the
 * cells, in rooms of their own as far as they go, where the droid can
 * walk to them out of every sentry's earshot; false when something found
 * no place (but with every_sentry false, as many sentries as find a place,
 * at least one: a small level may hold fewer than its difficulty asks). */
bool gen_place_things(Map *m, uint64_t *rng, int difficulty, bool every_sentry);

#endif
