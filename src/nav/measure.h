/* SPDX-License-Identifier: MIT */
/* measure.h - measures of a map's shape that choose its planner
 * (prepared.c): how wide its passages are. Pure C; reads a NavGrid, holds
 * nothing.
 *
 * A walkable tile's width is the shorter of its two free runs: the walkable
 * tiles in line with it along its row, and along its column, itself
 * included. In a corridor c tiles wide every tile has width c (at a bend or
 * a junction, more); in a room of r x r, about r; in open ground, the
 * distance between obstacles. The map's width is their median: half its
 * walkable tiles lie in passages at most that wide. */
#ifndef ISONAV_MEASURE_H
#define ISONAV_MEASURE_H

#include "grid.h"

/* The width of g (above), in tiles; 0 when no tile is walkable, -1 when
 * out of memory. Two passes over the grid, O(w h) time; holds 2 bytes a
 * tile (and 16 KiB) while it runs. */
int nav_measure_width(const NavGrid *g);

#endif
