/* SPDX-License-Identifier: MIT */
/* coord.h - NavPos, a tile of a grid: column x of row y, row 0 the top row
 * (the first row of a level or a Moving AI map). Header only. */
#ifndef ISONAV_COORD_H
#define ISONAV_COORD_H

typedef struct NavPos { int x, y; } NavPos;

static inline NavPos nav_pos(int x, int y) { NavPos t = {x, y}; return t; }
static inline int nav_pos_eq(NavPos a, NavPos b) { return a.x == b.x && a.y == b.y; }

#endif
