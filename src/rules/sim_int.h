/* SPDX-License-Identifier: MIT */
/* sim_int.h - what the two files of the simulation share, beyond sim.h:
 * sim.c (the rules in play) gives sim_setup.c (making, restarting and
 * copying a play) the droid's planner and the sentries' start. Not for
 * other files. */
#ifndef ISODROID_SIM_INT_H
#define ISODROID_SIM_INT_H

#include "sim.h"

/* The droid's planner (Sim.search), made when first needed: a copy of the
 * play goes without one until it plans. NULL when out of memory. */
NavQuery *sim_droid_search(Sim *s);
/* The sentries of level l at their start (Sim.sentries, zeroed or freed
 * before), in the world of s: its grid, regions, droid and doors. */
bool sim_reset_sentries(Sim *s, const Level *l);

#endif
