/* SPDX-License-Identifier: MIT */
/* datadir.c - finds the game's data folder (datadir.h). A folder holds the
 * data when it has assets/floor.png, the first file the assets load; a
 * folder the player named that does not is an error, and when no place
 * holds it the message lists every place tried. */
#include "datadir.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DATA_MARK "assets/floor.png"

enum { PLACES_MAX = 5 };

static bool holds_data(const char *dir)
{
    char path[DATADIR_PATH_MAX + sizeof DATA_MARK];
    struct stat sb;
    return datadir_join(dir, DATA_MARK, path, sizeof path) && stat(path, &sb) == 0;
}

static bool keep(const char *found, char *dir, size_t n)
{
    size_t len = strlen(found);
    if (len < n) {
        memcpy(dir, found, len + 1);
        return true;
    }
    fprintf(stderr, "isodroid: the data folder's name is too long: %s\n", found);
    return false;
}

/* A folder the player named (by: "--data " or "ISODROID_DATA="): it holds the data, or that is said. */
static bool named(const char *by, const char *found, char *dir, size_t n)
{
    struct stat sb;
    if (stat(found, &sb) != 0 || !S_ISDIR(sb.st_mode))
        fprintf(stderr, "isodroid: %s%s: no such folder\n", by, found);
    else if (!holds_data(found))
        fprintf(stderr, "isodroid: %s%s: no game data there (no %s)\n", by, found, DATA_MARK);
    else
        return keep(found, dir, n);
    return false;
}

#ifndef ISODROID_DATA_FROM_BIN
#define ISODROID_DATA_FROM_BIN "../share/isodroid"
#endif

/* The places to look when none is named, in order: the working folder, the
 * executable's folder and its parent (the build tree), the data folder as
 * make install places it from the programs' folder (ISODROID_DATA_FROM_BIN,
 * the Makefile's GAME_DATADIR seen from its BINDIR: ../share/isodroid, or
 * ../share/games/isodroid from /usr/games), for an installed tree moved
 * elsewhere, and the installed folder. */
static int unnamed_places(char place[PLACES_MAX][DATADIR_PATH_MAX])
{
    int count = 0;
    snprintf(place[count++], DATADIR_PATH_MAX, ".");
    char *base = SDL_GetBasePath(); /* ends in '/' */
    if (base && strlen(base) + sizeof "/" ISODROID_DATA_FROM_BIN <= DATADIR_PATH_MAX) {
        size_t len = strlen(base);
        if (len > 1 && base[len - 1] == '/')
            base[len - 1] = '\0';
        snprintf(place[count++], DATADIR_PATH_MAX, "%s", base);
        snprintf(place[count++], DATADIR_PATH_MAX, "%s/..", base);
        snprintf(place[count++], DATADIR_PATH_MAX, "%s/%s", base, ISODROID_DATA_FROM_BIN);
    }
    SDL_free(base);
#ifdef ISODROID_DATADIR
    snprintf(place[count++], DATADIR_PATH_MAX, "%s", ISODROID_DATADIR);
#endif
    return count;
}

static void say_tried(char place[PLACES_MAX][DATADIR_PATH_MAX], int count)
{
    fputs("isodroid: no game data (assets/ and levels/) found; tried: ", stderr);
    for (int i = 0; i < count; i++)
        fprintf(stderr, "%s%s", i ? ", " : "", strcmp(place[i], ".") ? place[i] : "./ (working folder)");
    fputs("; give --data DIR or set ISODROID_DATA\n", stderr);
}

bool datadir_find(const char *given, char *dir, size_t dir_size)
{
    const char *env = getenv("ISODROID_DATA");
    if (given)
        return named("--data ", given, dir, dir_size);
    if (env && env[0])
        return named("ISODROID_DATA=", env, dir, dir_size);
    char place[PLACES_MAX][DATADIR_PATH_MAX];
    int count = unnamed_places(place);
    for (int i = 0; i < count; i++)
        if (holds_data(place[i]))
            return keep(place[i], dir, dir_size);
    say_tried(place, count);
    return false;
}

bool datadir_join(const char *dir, const char *sub, char *out, size_t out_size)
{
    int len = strcmp(dir, ".") ? snprintf(out, out_size, "%s/%s", dir, sub) : snprintf(out, out_size, "%s", sub);
    return len >= 0 && (size_t)len < out_size;
}
