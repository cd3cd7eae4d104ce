/* SPDX-License-Identifier: MIT */
/* status.h - NavStatus: what every call of the navigation library that can
 * be sliced or fail returns, in the manner of Detour's dtStatus. A search
 * tells how it ended (a path, a partial path, none, a limit); a sliced call
 * (a search stepped, a preparation or a labelling spread over frames) says
 * whether it has more to do; any call says when memory ran out or its input
 * was not valid. nav_status_ok and nav_status_failed sort them, so that
 * callers test one call rather than list cases. Header only. */
#ifndef ISONAV_STATUS_H
#define ISONAV_STATUS_H

#include <stdbool.h>

typedef enum NavStatus {
    NAV_IN_PROGRESS,   /* a sliced call has more to do: call it again */
    NAV_DONE,          /* finished: the path to the goal, the data prepared, the labels made */
    NAV_PARTIAL,       /* a path to the reachable tile nearest the goal, not to the goal */
    NAV_NO_PATH,       /* no path: the goal cannot be reached (the result's why says more) */
    NAV_LIMIT,         /* a cost or expansion limit stopped the search first */
    NAV_OUT_OF_MEMORY, /* an allocation failed; nothing half-made is used */
    NAV_INVALID,       /* bad input: a tile off the grid, another grid size, an unknown
                        * option, or data not prepared for this grid */
    NAV_GRID_CHANGED,  /* the grid was edited since the sliced call began: begin again */
} NavStatus;

/* True when the call did what it was asked and its result is there to use:
 * NAV_DONE, or NAV_PARTIAL (a search's path to the nearest tile). */
static inline bool nav_status_ok(NavStatus s)
{
    return s == NAV_DONE || s == NAV_PARTIAL;
}

/* True when the call failed rather than answered: out of memory, input not
 * valid, or the grid changed under a sliced call. NAV_IN_PROGRESS,
 * NAV_NO_PATH and NAV_LIMIT are neither ok nor failed: a sliced call under
 * way, and a search's answers. */
static inline bool nav_status_failed(NavStatus s)
{
    return s == NAV_OUT_OF_MEMORY || s == NAV_INVALID || s == NAV_GRID_CHANGED;
}

#endif
