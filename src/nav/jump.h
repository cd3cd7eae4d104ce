/* SPDX-License-Identifier: MIT */
/* jump.h - JPS+ jump distances: for every tile of a NavGrid and each of the 8
 * directions, where a jump point search going that way stops. Pure C.
 *
 * A straight jump stops at the first tile with a forced neighbour (a side
 * tile that is open while the side tile one step back is blocked); a diagonal
 * jump stops at the first tile from which a straight jump along either of its
 * components stops at such a tile. Diagonal steps never cut a corner.
 *
 * Weighted grids (after JPSW, Carlson et al., AAAI 2023): a jump also stops
 * on an edge tile, one with a walkable neighbour of another cost, and JPS
 * expands an edge tile towards the neighbours its parent cannot reach as
 * cheaply without it (jump_edge_dirs). Every tile a jump passes is then
 * surrounded by tiles of its own cost, so a jump crosses tiles of one cost
 * (its first tile's) and JPS's pruning, which only compares paths through
 * the 3x3 tiles around a tile, holds there as on a uniform grid.
 *
 * Lifetime: jump_init allocates 16 bytes per bordered cell, jump_deinit frees
 * them. A table describes the tiles of the grid version it was last built
 * for, once complete (jump_current tells); a build in slices keeps its
 * progress in the table. NavJumps (jumps.h) is a table with a reference
 * count, for sharing, whose clones share its memory (JumpStore). */
#ifndef ISONAV_JUMP_H
#define ISONAV_JUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <stdatomic.h>

#include "grid.h"
#include "jumps.h"

typedef struct JumpTable {
    int w, h;
    /* dist[cell * 8 + d], cell a bordered index, d indexing nav_dir8
     * (E SE S SW W NW N NE): > 0, a jump point that many steps away;
     * <= 0, none, and -dist steps can be taken before a wall or a corner. */
    int16_t *dist;
    uint64_t version;    /* the grid version described, once complete; else 0 */
    /* a build under way: for this grid version, at this pass and tile */
    uint64_t building;
    int pass;
    int64_t done;        /* tiles of the pass done */
} JumpTable;

/* A table's memory and how far it is built, shared by a NavJumps and its
 * clones (nav_jumps_clone): all of them on tiles of one grid version, each
 * at its own progress, the memory built as far as the furthest of them has
 * come. Written only under `lock`, and only while it is incomplete: a
 * NavJumps reads it once its own progress is complete. */
typedef struct JumpStore {
    JumpTable table;
    atomic_int refs;
    atomic_flag lock;
} JumpStore;

struct NavJumps {
    JumpStore *store;  /* NULL until its first preparation needs it */
    int w, h;
    uint64_t version;  /* the grid version it describes, once its preparation is complete; else 0 */
    uint64_t building; /* the grid version its preparation is for (0: none begun) */
    int64_t done;      /* units of that preparation done (nav_jumps_work) */
    atomic_int refs;
};

/* The rule of a jump table, which both builders follow: jump_build below on
 * a NavGrid, and route_build.c on the prepared planner's core (its own layout,
 * a tile each with no border, tree tiles taken as walls, built in slices).
 * Each tile takes its distance from the next tile along direction d, so a
 * pass visits that one first; straight directions come first, since
 * diagonal stops are defined by them. */
static const int jump_pass_order[8] = {0, 2, 4, 6, 1, 3, 5, 7};

/* One more step before whatever the next tile along reaches. */
static inline int16_t jump_one_more(int next)
{
    return (int16_t)(next > 0 ? next + 1 : next - 1);
}

/* A straight jump's distance at a tile whose next tile along is open:
 * it stops there when that tile has a forced neighbour. */
static inline int16_t jump_straight(bool next_forced, int next)
{
    return next_forced ? 1 : jump_one_more(next);
}

/* A diagonal jump's distance at a tile whose next tile along is reachable:
 * it stops there when a straight jump along either component stops from it. */
static inline int16_t jump_diagonal(int next_horizontal, int next_vertical, int next)
{
    return next_horizontal > 0 || next_vertical > 0 ? 1 : jump_one_more(next);
}

/* A table for w x h grids; false when out of memory. */
bool jump_init(JumpTable *jt, int w, int h);
void jump_deinit(JumpTable *jt); /* accepts a zeroed or deinited table */
/* Rebuilds the table from g (same size), O(tiles). */
void jump_build(JumpTable *jt, const NavGrid *g);
/* Builds at most about `work` tiles' worth (<= 0: all) of the table for g
 * as it is now, going on from the last call's progress unless g changed
 * since; true once the table is complete. */
bool jump_build_step(JumpTable *jt, const NavGrid *g, long work);
/* True when tile n (a bordered index, walkable) has a walkable neighbour of
 * another cost: where a weighted jump stops. */
static inline bool jump_edge(const uint8_t *cost, int64_t n, int stride)
{
    const uint8_t c = cost[n];
    const int64_t s = stride;
    const int64_t around[8] = {1, s + 1, s, s - 1, -1, -s - 1, -s, -s + 1};
    bool edge = false;
    for (int k = 0; k < 8; k++) {
        uint8_t o = cost[n + around[k]];
        edge |= o && o != c;
    }
    return edge;
}
/* Weighted grids: the directions (a mask of nav_dir8 indices) JPS tries
 * from edge tile n (a bordered index) reached in direction d, given the
 * bordered grid's costs and the 8 directions' index offsets. */
unsigned jump_edge_dirs(const uint8_t *cost, const int off[8], uint32_t n, int d);
/* True when the table describes g's tiles as they are now. */
bool jump_current(const JumpTable *jt, const NavGrid *g);
size_t jump_bytes(const JumpTable *jt);

#endif
