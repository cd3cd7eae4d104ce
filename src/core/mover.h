/* mover.h - turns a path into per-step move actions (face one of 8
 * directions, then move one tile) and advances them by dt. Pure C.
 * Speed is in tiles per second; a diagonal step takes sqrt 2 times as long.
 * The caller owns the Mover (mover_init / mover_deinit); it keeps a copy of
 * the path it follows. */
#ifndef ISODROID_MOVER_H
#define ISODROID_MOVER_H

#include <stdbool.h>

#include "coord.h"
#include "grid.h"

/* Facings in grid space (x right, y down), clockwise from east. */
typedef enum Dir8 { DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW, DIR_N, DIR_NE } Dir8;

typedef enum MoverEventType { MOVER_FACE, MOVER_ARRIVE, MOVER_IDLE } MoverEventType;

typedef struct MoverEvent {
    MoverEventType type;
    TilePos tile;  /* ARRIVE/IDLE: the tile; FACE: the tile being entered */
    Dir8 dir;      /* FACE: the new facing */
} MoverEvent;

typedef struct Mover {
    WorldPos pos;       /* continuous position; tile centres at +0.5 */
    TilePos tile;       /* last tile centre reached */
    TilePos next;       /* tile being entered (== tile when idle) */
    Dir8 facing;
    double speed;       /* tiles per second, > 0 */
    bool moving;
    WorldPos seg_from;  /* the current segment runs seg_from -> centre of next */
    double seg_len, seg_done;
    TilePos *queue;     /* tiles still to enter after next */
    int queue_len, queue_head, queue_cap;
} Mover;

void mover_init(Mover *m, TilePos at, double speed);
void mover_deinit(Mover *m);
/* Puts the mover on a tile centre, idle. */
void mover_place(Mover *m, TilePos at);
/* The tile a new path must start from: the one being entered, else the current one. */
TilePos mover_plan_tile(const Mover *m);
/* Follows steps (n tiles, the plan tile excluded). Mid-step, the mover first
 * finishes entering the plan tile, unless steps[0] is the tile it came from,
 * in which case it turns back along the same segment. Every step is checked
 * against the grid (walkable, no corner cutting); false, and nothing changes,
 * when one is not allowed or memory runs out. n == 0 stops at the plan tile. */
bool mover_set_path(Mover *m, const Grid *g, const TilePos *steps, int n);
/* Advances by dt seconds; writes up to max events; returns how many. */
int mover_update(Mover *m, double dt, MoverEvent *events, int max);
/* Tiles left to enter, including the one being entered. */
int mover_remaining(const Mover *m);
Dir8 mover_dir_of(int dx, int dy);

#endif
