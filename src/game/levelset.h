/* levelset.h - the levels of one folder (*.txt) in file-name order, for
 * playing them one after another. Pure C (POSIX dirent). The caller owns the
 * LevelSet (levelset_scan / levelset_free). */
#ifndef ISODROID_LEVELSET_H
#define ISODROID_LEVELSET_H

#include <stdbool.h>
#include <stddef.h>

typedef struct LevelSet {
    char dir[512];   /* the folder, as given ("." for a bare file name) */
    char **names;    /* file names, sorted */
    int count;
} LevelSet;

/* Lists dir's *.txt files. False when the folder cannot be read (set empty). */
bool levelset_scan(LevelSet *s, const char *dir);
void levelset_free(LevelSet *s); /* accepts a zeroed set */
/* The folder part of a file path ("." when there is none), into out. */
void levelset_dir_of(const char *path, char *out, size_t n);
/* "dir/name" of level i, into out. */
void levelset_path(const LevelSet *s, int i, char *out, size_t n);
/* The index of the file that path names (by file name), or -1. */
int levelset_find(const LevelSet *s, const char *path);

#endif
