/* SPDX-License-Identifier: MIT */
/* solve_int.h - what the solver's two files share beyond solve.h:
 * solve_replay.c plays (a walk, a replay, the margin) and solve.c's search
 * reads them. Not for other files. */
#ifndef ISODROID_SOLVE_INT_H
#define ISODROID_SOLVE_INT_H

#include "sim.h"

enum { PLAY_ON = 0, PLAY_SEEN = 1, PLAY_LOST = 2, PLAY_WON = 4 };

/* What the last tick's events say: seen, lost, won (PLAY_* bits). */
int solve_read_events(const Sim *s);

typedef enum WalkEnd { WALK_IDLE, WALK_WON, WALK_FAILED } WalkEnd;

/* Gives a goto to `to` on s (the droid idle) and plays until the droid
 * stands still again, wins, is noticed or loses; *work counts the ticks. */
WalkEnd solve_walk_run(Sim *s, NavPos to, long *work);

#endif
