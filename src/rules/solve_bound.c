/* SPDX-License-Identifier: MIT */
/* solve_bound.c - the solver's lower bounds of what a play still needs to
 * win (solve.h): the ticks, which order the search's queue, and the energy
 * in hand, which drops a node that cannot cover it. Read from the level's
 * distance fields and the play; they change nothing. */
#include <stdlib.h>

#include "field.h"
#include "sim.h"
#include "solve_int.h"

/* ---- ticks: the least walk still to play ---------------------------------------------- */

/* A lower bound of the walk from s to the win, units: the longest way
 * through a cell still lying to the exit (or to the exit). UINT64_MAX when
 * the exit or a cell cannot be reached. */
static uint64_t bound_units(const Solver *sv, const Sim *s)
{
    NavPos at = s->state.droid.tile;
    uint64_t units = nav_field_cost(&sv->exit_field, at);
    for (int i = 0; i < sv->cell_field_count && units != UINT64_MAX; i++) {
        NavPos c = sv->cell[i];
        if (sim_kind(s, c.x, c.y) != TILE_CELL)
            continue;
        uint64_t a = nav_field_cost(&sv->cell_field[i], at), b = nav_field_cost(&sv->exit_field, c);
        if (a == UINT64_MAX || b == UINT64_MAX)
            return UINT64_MAX;
        if (a + b > units)
            units = a + b;
    }
    return units;
}

/* A lower bound of the ticks from s to the win: bound_units walked, and
 * one more wait. UINT64_MAX when the exit or a cell cannot be reached. */
uint64_t solve_bound_ticks(const Solver *sv, const Sim *s)
{
    if (!sv->has_exit)
        return 0;
    uint64_t units = bound_units(sv, s);
    if (units == UINT64_MAX)
        return UINT64_MAX;
    return units / sv->speed + (uint64_t)sv->robust;
}

/* ---- energy: the least a play still needs in hand ----------------------------------- */

#define NEED_NONE INT64_MAX

/* The least cost of a walk from tile `from` to cell c (the exit when c < 0),
 * units; NEED_NONE when there is none. */
static int64_t leg_to(const Solver *sv, NavPos from, int c)
{
    uint64_t u = nav_field_cost(c < 0 ? &sv->exit_field : &sv->cell_field[c], from);
    return u > (uint64_t)INT64_MAX / 64 ? NEED_NONE : (int64_t)u;
}

/* The energy needed before a leg of cost `leg` onto a cell when, with the
 * cell's energy added, `after` is needed there: the leg itself, and what
 * is still short after the cell. */
static int64_t need_via(const Solver *sv, int64_t leg, int64_t after)
{
    if (leg == NEED_NONE || after == NEED_NONE)
        return NEED_NONE;
    int64_t n = leg + after - sv->cell_gain;
    return n > leg ? n : leg;
}

/* On a level of at most SOLVE_NEED_CELLS cells with limited energy, the
 * table need[lying * cell_count + c]: the least energy in hand, just after
 * taking cell c (its energy added), from which the cells of the set
 * `lying` (a bit a cell, c not among them) can be taken in some order and
 * the exit reached, each leg at its least cost paid from the energy in
 * hand and each cell adding its energy on arrival (tour.c's rule, over
 * every subset, backwards). Walking alone and without the SIM_ENERGY_MAX
 * cap: never more than the simulation will spend. */
bool solve_bound_make_need(Solver *sv)
{
    int k = sv->cell_count;
    if (!sv->limited || !sv->has_exit || k == 0 || k > SOLVE_NEED_CELLS || sv->cell_field_count < k)
        return true;
    size_t sets = (size_t)1 << k;
    sv->need = malloc(sets * (size_t)k * sizeof *sv->need);
    if (!sv->need)
        return false;
    for (size_t m = 0; m < sets; m++) /* a set's subsets come before it */
        for (int c = 0; c < k; c++) {
            int64_t best = NEED_NONE;
            if (m == 0)
                best = leg_to(sv, sv->cell[c], -1);
            for (int n = 0; n < k && !(m & ((size_t)1 << c)); n++) {
                if (!(m & ((size_t)1 << n)))
                    continue;
                size_t rest = (m & ~((size_t)1 << n)) * (size_t)k + (size_t)n;
                int64_t v = need_via(sv, leg_to(sv, sv->cell[c], n), sv->need[rest]);
                if (v < best)
                    best = v;
            }
            sv->need[m * (size_t)k + (size_t)c] = best;
        }
    return true;
}

/* The least energy the droid needs in hand in the play s to win: exact
 * over the orders of the cells still lying with the table need; without
 * it, bound_units's walk less the energy of every cell still lying, and no
 * less than the nearest cell's leg. NEED_NONE when the win is out of
 * reach. */
static int64_t need_at(const Solver *sv, const Sim *s)
{
    NavPos at = s->state.droid.tile;
    int k = sv->cell_count;
    if (sv->need) {
        size_t lying = 0;
        for (int c = 0; c < k; c++)
            if (sim_kind(s, sv->cell[c].x, sv->cell[c].y) == TILE_CELL)
                lying |= (size_t)1 << c;
        if (!lying)
            return leg_to(sv, at, -1);
        int64_t best = NEED_NONE;
        for (int c = 0; c < k; c++) {
            if (!(lying & ((size_t)1 << c)))
                continue;
            size_t rest = (lying & ~((size_t)1 << c)) * (size_t)k + (size_t)c;
            int64_t v = need_via(sv, leg_to(sv, at, c), sv->need[rest]);
            if (v < best)
                best = v;
        }
        return best;
    }
    uint64_t walk = bound_units(sv, s);
    if (walk > (uint64_t)INT64_MAX / 64)
        return NEED_NONE;
    int64_t first = NEED_NONE;
    for (int c = 0; c < sv->cell_field_count; c++) {
        int64_t leg = sim_kind(s, sv->cell[c].x, sv->cell[c].y) == TILE_CELL ? leg_to(sv, at, c) : NEED_NONE;
        if (leg < first)
            first = leg;
    }
    if (first == NEED_NONE)
        first = 0; /* no cell lying, or many cells: the exit's leg is in walk */
    int64_t left = s->state.cells_left, gains = INT64_MAX / 64;
    if (left == 0 || sv->cell_gain <= gains / left)
        gains = left * sv->cell_gain;
    int64_t rest = (int64_t)walk > gains ? (int64_t)walk - gains : 0;
    return rest > first ? rest : first;
}

/* Is the energy in hand short of the least the win still needs? Read from
 * the simulation, so whatever it spends besides walking is counted. */
bool solve_bound_short(const Solver *sv, const Sim *s)
{
    if (!sv->limited || !sv->has_exit)
        return false;
    int64_t need = need_at(sv, s);
    return need == NEED_NONE || s->state.energy < need;
}
