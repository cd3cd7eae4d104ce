/* SPDX-License-Identifier: MIT */
/* mover.h - walks a path one step at a time (face one of 8 directions, then
 * move one tile) in exact integer time. Pure C. A step takes its path cost in
 * time: (1 straight or sqrt 2 diagonal) x the cost of the tile entered, in the
 * units of units.h (NAV_UNIT_STRAIGHT per straight floor step); speed is in
 * those units per tick, so a walk lasts its planned length / speed ticks.
 * The caller owns the Mover (mover_init / mover_deinit); it keeps a copy of
 * the path it follows. */
#ifndef ISODROID_MOVER_H
#define ISODROID_MOVER_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "iso.h"

/* Facings in grid space (x right, y down), clockwise from east. */
typedef enum Dir8 { DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW, DIR_N, DIR_NE } Dir8;

typedef enum MoverEventType {
    MOVER_STEP,   /* a step begins: tile is the one being entered, dir the facing */
    MOVER_ARRIVE, /* the centre of tile is reached */
    MOVER_IDLE,   /* nothing more to walk: stands on tile */
} MoverEventType;

typedef struct MoverEvent {
    MoverEventType type;
    NavPos tile;
    Dir8 dir;
} MoverEvent;

typedef struct Mover {
    NavPos tile;       /* last tile centre reached */
    NavPos next;       /* tile being entered (== tile when idle) */
    Dir8 facing;
    bool moving;
    uint64_t speed;     /* progress units per tick, > 0 */
    uint64_t need;      /* units the current step takes */
    uint64_t done;      /* units of it done */
    NavPos *queue;     /* tiles still to enter after next */
    int queue_len, queue_head, queue_cap;
    /* Derived from the above, never read by the rules (the camera and the scene): */
    WorldPos pos;       /* continuous position; tile centres at +0.5 */
} Mover;

/* Progress units per tick for a speed in tiles (straight floor steps) per
 * second at ticks_per_second, rounded up so a step never takes a tick more.
 * The speed counts in whole hundredths (more decimals round to the nearest)
 * and the rest is integer arithmetic: every build gives the same units. */
uint64_t mover_speed(double tiles_per_second, int ticks_per_second);
/* Units a step from a to the adjacent b takes on g (0 when b is blocked). */
uint64_t mover_step_cost(const NavGrid *g, NavPos a, NavPos b);

void mover_init(Mover *m, NavPos at, uint64_t speed);
void mover_deinit(Mover *m);
/* dst becomes a copy of src (its queue too); dst is zeroed or a mover, its
 * memory reused. False when out of memory (dst unchanged). */
bool mover_copy(Mover *dst, const Mover *src);
/* What decides the walk to come, hashed (FNV-1a, hash.h): the tiles, the
 * facing, the step under way, the speed and the tiles queued. O(queue). */
uint64_t mover_hash(const Mover *m);
/* Puts the mover on a tile centre, idle, with nothing queued. */
void mover_place(Mover *m, NavPos at);
/* The tile a new path must start from: the one being entered, else the current one. */
NavPos mover_plan_tile(const Mover *m);
/* Follows steps (n tiles, the plan tile excluded). Mid-step, the mover first
 * finishes entering the plan tile, unless steps[0] is the tile it came from,
 * in which case it turns back along the same segment (the time already
 * spent on it is given back in proportion, in integers: between tiles of
 * one cost, exactly need - done). Every step is checked against
 * the grid (walkable, no corner cutting); false, and nothing changes, when
 * one is not allowed or memory runs out. n == 0 stops at the plan tile. */
bool mover_set_path(Mover *m, const NavGrid *g, const NavPos *steps, int n);
/* Advances by at most budget units, stopping at the first tile centre
 * reached so the caller can act there (pick up, replan) before going on.
 * Step costs are read from g when a step begins. Writes up to max events
 * (at most 4 per call) and returns the units used: less than budget only
 * when the mover arrived or is idle. */
uint64_t mover_advance(Mover *m, const NavGrid *g, uint64_t budget, MoverEvent *ev, int max, int *count);
/* Tiles left to enter, including the one being entered. */
int mover_remaining(const Mover *m);
/* The i-th tile still to enter (0: the one being entered when moving). */
NavPos mover_walk_tile(const Mover *m, int i);
Dir8 mover_dir_of(int dx, int dy);

#endif
