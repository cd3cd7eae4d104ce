/* SPDX-License-Identifier: MIT */
/* datadir.h - the game's data folder, the one holding assets/ and levels/.
 * It is looked for once at the start, in this order: --data DIR, the
 * environment's ISODROID_DATA, the build tree (the working folder, the
 * executable's folder and its parent), the data folder where make install
 * puts it seen from the executable's folder (a moved install) and the folder
 * make install put it in (ISODROID_DATADIR, compiled in from the Makefile's
 * GAME_DATADIR). */
#ifndef ISODROID_DATADIR_H
#define ISODROID_DATADIR_H

#include <stdbool.h>
#include <stddef.h>

enum { DATADIR_PATH_MAX = 4096 };

/* The data folder into dir (dir_size bytes), `given` (--data, or NULL)
 * first. A folder that --data or ISODROID_DATA names must hold the data.
 * False after saying why on stderr: the named folder and what it lacks, or
 * every place tried when none holds the data. */
bool datadir_find(const char *given, char *dir, size_t dir_size);
/* dir/sub into out, or sub alone when dir is the working folder ("."), so
 * that paths read as they always did; false when it does not fit. */
bool datadir_join(const char *dir, const char *sub, char *out, size_t out_size);

#endif
