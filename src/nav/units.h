/* SPDX-License-Identifier: MIT */
/* units.h - what every part of src/nav counts in, in one place at the
 * bottom of the library: exact step costs, the topologies, the one table of
 * the 8 directions (and the 4-way and hex neighbour lists), and the octile
 * distance. Header only; includes nothing of nav. */
#ifndef ISONAV_UNITS_H
#define ISONAV_UNITS_H

#include <stdint.h>

/* Exact step costs in units of 2^-32 straight steps: equal paths compare equal. */
#define NAV_UNIT_STRAIGHT (UINT64_C(1) << 32)
#define NAV_UNIT_DIAGONAL UINT64_C(6074001000) /* round(sqrt(2) * 2^32) */

typedef enum NavTopology { NAV_TOPO_8, NAV_TOPO_4, NAV_TOPO_HEX } NavTopology;

/* The 8-way steps {dx, dy}, even indices straight: E SE S SW W NW N NE (y
 * grows down). Every direction number in src/nav indexes this table. */
static const int nav_dir8[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
/* 4-way: E S W N. */
static const int nav_dir4[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
/* Hex in axial coordinates (q = x, r = y): the six neighbours. */
static const int nav_dirhex[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};

/* The direction of the step with signs (sx, sy), each -1, 0 or 1, not both 0. */
static inline int nav_dir8_of(int sx, int sy)
{
    static const int8_t of[3][3] = {{5, 6, 7}, {4, -1, 0}, {3, 2, 1}};
    return of[sy + 1][sx + 1];
}

/* A topology's neighbour offsets and their count (a value that is none of
 * NavTopology's gives the 8-way ones; the searches refuse it). */
static inline const int (*nav_topology_dirs(NavTopology t, int *count))[2]
{
    switch (t) {
    case NAV_TOPO_4:
        *count = 4;
        return nav_dir4;
    case NAV_TOPO_HEX:
        *count = 6;
        return nav_dirhex;
    case NAV_TOPO_8:
    default:
        *count = 8;
        return nav_dir8;
    }
}

/* The octile distance of (dx, dy) in path units: the cost of the shortest
 * 8-way path on an open floor of cost 1. Any ints (at most about 1.3e19). */
static inline uint64_t nav_octile(int dx, int dy)
{
    uint64_t ax = (uint64_t)(dx < 0 ? -(int64_t)dx : dx), ay = (uint64_t)(dy < 0 ? -(int64_t)dy : dy);
    uint64_t lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;
    return NAV_UNIT_DIAGONAL * lo + NAV_UNIT_STRAIGHT * (hi - lo);
}

#endif
