/* SPDX-License-Identifier: MIT */
/* levelset.h - the levels of one folder (*.txt) in file-name order, for
 * playing them one after another. Pure C (POSIX dirent). The caller owns the
 * LevelSet (levelset_scan / levelset_free) and the strings the _new
 * functions return; no path is ever cut to fit a buffer. */
#ifndef ISODROID_LEVELSET_H
#define ISODROID_LEVELSET_H

#include <stdbool.h>
#include <stddef.h>

typedef struct LevelSet {
    char *dir;       /* the folder, as given ("." for a bare file name); owned */
    char **names;    /* file names, sorted */
    int count;
} LevelSet;

/* Lists dir's *.txt files. False when the folder cannot be read or memory
 * runs out (the set is then empty). An empty folder is an empty set. */
bool levelset_scan(LevelSet *s, const char *dir);
void levelset_free(LevelSet *s); /* accepts a zeroed set */
/* The folder part of a file path ("." when there is none, "/" for the root);
 * malloc'd, NULL when out of memory. */
char *levelset_dir_new(const char *path);
/* "dir/name" of level i; malloc'd, NULL when out of memory. */
char *levelset_path_new(const LevelSet *s, int i);
/* levelset_path_new into a caller's buffer: false (and out holding "") when
 * it does not fit, never a cut path. */
bool levelset_path(const LevelSet *s, int i, char *out, size_t n);
/* The index of the file that path names (by file name), or -1. */
int levelset_find(const LevelSet *s, const char *path);

#endif
