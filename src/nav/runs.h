/* SPDX-License-Identifier: MIT */
/* runs.h - a path kept as straight runs of steps instead of tiles: what the
 * prepared planners hand back (route_query.c, hier_query.c), its tiles given
 * on demand. Internal to src/nav.
 *
 * Lifetime: the owner keeps a zeroed NavRuns, empties it before each path
 * (runs_clear), adds runs after making room (runs_room, runs_add) and frees
 * it with runs_free; the array grows and stays in between. */
#ifndef ISONAV_RUNS_H
#define ISONAV_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* `end - (the previous run's end)` steps in direction dir (nav_dir8) after
 * bordered index from; end counts the path's steps up to this run's last. */
typedef struct NavRun {
    uint32_t from, end;
    uint32_t dir;
} NavRun;

typedef struct NavRuns {
    NavRun *run;
    uint32_t n, cap;
    uint32_t steps;  /* tiles in the runs */
    uint32_t cursor; /* the run runs_tile found last */
} NavRuns;

static inline void runs_clear(NavRuns *r)
{
    r->n = r->steps = r->cursor = 0;
}

/* Room for `more` runs; false when they cannot grow. */
bool runs_room(NavRuns *r, uint64_t more);

/* Adds n steps in direction d after bordered index c (joining the last run
 * when it goes the same way; runs_room made room); boff[d] is the step in
 * bordered indices. Returns the last tile. */
static inline uint32_t runs_add(NavRuns *r, const int boff[8], uint32_t c, int d, uint32_t n)
{
    if (!n)
        return c;
    r->steps += n;
    if (r->n && r->run[r->n - 1].dir == (uint32_t)d)
        r->run[r->n - 1].end = r->steps;
    else
        r->run[r->n++] = (NavRun){c, r->steps, (uint32_t)d};
    return c + n * (uint32_t)boff[d];
}

/* Tile i (0 <= i < r->steps, the path's start excluded) as a bordered index.
 * O(1) when called in order, else O(log runs). */
uint32_t runs_tile(NavRuns *r, const int boff[8], int i);

/* Bytes the runs' array takes. */
static inline size_t runs_bytes(const NavRuns *r)
{
    return (size_t)r->cap * sizeof *r->run;
}

void runs_free(NavRuns *r);

#endif
