/* SPDX-License-Identifier: MIT */
/* stop.h - RulesStop: the question the rules' long computations ask
 * between slices of their work (a flow field's tiles, the tour's legs, the
 * solver's walks and margins, the generator's candidates): give up now?
 * Whoever sets the limits answers it: the solver from its processor clock
 * (SolveOptions.max_seconds, solve.c's one clock) and its caller's cancel
 * flag (SolveOptions.cancel, GenOptions.cancel: an atomic int another
 * thread may set). So a deadline or a cancel is heard within a slice
 * wherever the work is, the set-up of whole-map fields included.
 * Pure C; owns nothing, allocates nothing but the field it is asked for. */
#ifndef ISODROID_STOP_H
#define ISODROID_STOP_H

#include <stdbool.h>

#include "field.h"

typedef struct RulesStop {
    bool (*asked)(void *ctx); /* true: give up now (may be NULL: never) */
    void *ctx;
} RulesStop;

/* Tiles a whole-map field settles between two questions: about 18 ms on
 * the release build (docs/performance.md, "Solving a 4096x4096 level"). */
enum { STOP_FIELD_SLICE = 1 << 16 };

/* True when stop says give up; a NULL stop never does. */
bool stop_asked(const RulesStop *stop);
/* nav_field_init towards goal (8-way), in slices of STOP_FIELD_SLICE
 * tiles with stop asked before each: NAV_DONE, nav_field_init's failures,
 * or NAV_LIMIT when stop said give up (f zeroed, nothing kept). */
NavStatus stop_field_init(NavField *f, const NavGrid *g, NavPos goal, const RulesStop *stop);

#endif
