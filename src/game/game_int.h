/* SPDX-License-Identifier: MIT */
/* game_int.h - what the two files of the Game share, beyond game.h:
 * game.c (play: commands, the preview and its prediction, rewinding, the
 * events) and game_level.c (the level's file: opening, editing, saving,
 * reloading, switching). Not for other files. */
#ifndef ISODROID_GAME_INT_H
#define ISODROID_GAME_INT_H

#include "game.h"

/* ---- game.c ---- */

/* The play (re)started: its past begins here (first: the start a loader
 * made, or NULL to copy the play). */
void game_begin_history(Game *g, Sim *first);
/* Starts play of g->level afresh (the file's state). */
void game_start_play(Game *g);
/* The hover preview begun again from the play as it stands. */
void game_refresh_preview(Game *g);
/* The plan the prediction runs: the plan built, then a walk to the hovered
 * tile when it has a route; false when there is nothing to predict. */
bool game_prediction_orders(const Game *g, Orders *o);

/* ---- game_window.c ---- */

/* The departure window looked at on (work units a frame; <= 0: to its end),
 * begun again when the plan changed; traces "window ..." lines. */
void game_window_update(Game *g, long work);
/* The play's course changed (a command, a rewind, a restart): what the
 * window knew is forgotten. */
void game_window_forget(Game *g);
/* Before the play's tiles are edited: the copies of the play (history,
 * prediction, departure window) let go of what they share with it. */
void game_drop_copies(Game *g);

/* ---- game_level.c ---- */

/* Puts a loaded level in place of the current one and starts play; false,
 * with nothing changed and nl freed, when memory runs out. */
bool game_adopt_level(Game *g, Level *nl, Sim *ready, Sim *start, const char *path, bool keep_droid);
/* What to do here, said when a level opens. */
void game_welcome(Game *g);
/* The background load: once its job has ended, what it made is adopted. */
void game_load_poll(Game *g);
/* Hot reload: looks at the level file every GAME_RELOAD_POLL seconds. */
void game_watch_file(Game *g, double dt);

#endif
