/* tour.h - proves a level winnable: an order of its energy cells, then the
 * exit, whose optimal legs the energy covers (each leg paid from the energy
 * in hand, each cell adding its energy on arrival). Pure C. Exact (dynamic
 * programming over subsets of cells) for up to TOUR_EXACT_MAX cells; above
 * that, nearest affordable cell first from every possible first cell, so a
 * "not winnable" there means only that the heuristic found no order.
 * Sentries are not considered. tour_plan fills a TourResult the caller owns
 * and frees with tour_free. */
#ifndef ISODROID_TOUR_H
#define ISODROID_TOUR_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "level.h"

enum { TOUR_EXACT_MAX = 12, TOUR_MAX_CELLS = 4096 };

typedef enum TourVerdict { TOUR_WINNABLE, TOUR_NOT_WINNABLE, TOUR_NO_EXIT, TOUR_ERROR } TourVerdict;

typedef struct TourResult {
    TourVerdict verdict;
    bool exact;            /* the order search was exhaustive */
    int cells;             /* energy cells in the level */
    TilePos *order;        /* cells in the order walked, then the exit (cells + 1 tiles) */
    double length;         /* the whole walk, floor steps (= time = energy used) */
    double energy_left;    /* at the exit (limited energy), floor steps */
    double tightest;       /* least energy in hand at the end of any leg, floor steps */
    char why[160];         /* TOUR_NOT_WINNABLE / TOUR_ERROR: the reason */
} TourResult;

TourVerdict tour_plan(const Level *l, TourResult *out);
void tour_free(TourResult *r); /* accepts a zeroed result */

#endif
