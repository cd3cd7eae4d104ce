/* SPDX-License-Identifier: MIT */
/* tour.h - proves a level winnable: an order of its energy cells, then the
 * exit, whose optimal legs the energy covers (each leg paid from the energy
 * in hand, each cell adding its energy on arrival, up to the game's
 * SIM_ENERGY_MAX). Pure C. Exact (dynamic programming over subsets of
 * cells) for up to TOUR_EXACT_MAX cells; above that, nearest affordable
 * cell first from every possible first cell while that takes at most
 * TOUR_GREEDY_WORK leg looks (up to 256 cells), else from the cells
 * nearest the start, as many as fit in it (at least one), so a "not
 * winnable" there means only that the heuristic found no order. At most
 * TOUR_MAX_CELLS cells (more is TOUR_ERROR). Cost: a flow field over the
 * map per cell, O(cells x tiles), and an order search at most quadratic in
 * cells. Sentries are not considered. tour_plan fills a TourResult the
 * caller owns and frees with tour_free. */
#ifndef ISODROID_TOUR_H
#define ISODROID_TOUR_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "level.h"
#include "stop.h"

enum { TOUR_EXACT_MAX = 12, TOUR_MAX_CELLS = 4096 };
#define TOUR_GREEDY_WORK (1L << 24) /* leg looks the heuristic order search spends on trying first cells */

typedef enum TourVerdict {
    TOUR_WINNABLE, TOUR_NOT_WINNABLE, TOUR_NO_EXIT, TOUR_ERROR,
    TOUR_STOPPED,      /* tour_plan_stop's stop said give up: no verdict */
} TourVerdict;

typedef struct TourResult {
    TourVerdict verdict;
    bool exact;            /* the order search was exhaustive */
    int cells;             /* energy cells in the level */
    NavPos *order;        /* cells in the order walked, then the exit (cells + 1 tiles) */
    double length;         /* the whole walk, floor steps (= time = energy used) */
    double energy_left;    /* at the exit (limited energy), floor steps */
    double tightest;       /* least energy in hand at the end of any leg, floor steps */
    char why[160];         /* TOUR_NOT_WINNABLE / TOUR_ERROR: the reason */
    long work;             /* legs the heuristic order search looked at (0 when exact) */
} TourResult;

TourVerdict tour_plan(const Level *l, TourResult *out);
/* tour_plan asking stop (may be NULL) before each leg's field and between
 * its slices (stop.h): TOUR_STOPPED, out freed but for cells and why, when
 * it said give up. The order search after the fields is not asked (at
 * most TOUR_GREEDY_WORK leg looks). */
TourVerdict tour_plan_stop(const Level *l, TourResult *out, const RulesStop *stop);
void tour_free(TourResult *r); /* accepts a zeroed result */

/* A level's energy par: the least energy a win uses (the walk through
 * every cell to the exit in the best order, sentries aside), when it is
 * known exactly and cheaply: a winnable level with an exit, at most
 * TOUR_EXACT_MAX cells and TOUR_PAR_TILES_MAX tiles. False otherwise. */
enum { TOUR_PAR_TILES_MAX = 1 << 16 };
bool tour_least_energy(const Level *l, double *energy);

#endif
