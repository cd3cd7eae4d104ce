/* SPDX-License-Identifier: MIT */
/* shotpath.c - the screenshots' folder from the XDG user dirs and a free
 * file name in it by the date and time. Reads the user-dirs file with a
 * fixed line buffer; allocates nothing. */
#define _POSIX_C_SOURCE 200809L
#include "shotpath.h"

#include "fileio.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The user-dirs file's XDG_PICTURES_DIR, expanded, into out; false when the
 * file or the line is not there (or names nothing usable). */
static bool from_user_dirs(const char *home, char *out, size_t out_size)
{
    const char *conf = getenv("XDG_CONFIG_HOME");
    char file[SHOTPATH_MAX], line[SHOTPATH_MAX];
    int n = conf && conf[0] == '/' ? snprintf(file, sizeof file, "%s/user-dirs.dirs", conf)
            : home && home[0]       ? snprintf(file, sizeof file, "%s/.config/user-dirs.dirs", home)
                                    : -1;
    if (n < 0 || (size_t)n >= sizeof file)
        return false;
    FILE *f = fopen(file, "r");
    if (!f)
        return false;
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        const char *p = line + strspn(line, " \t");
        static const char key[] = "XDG_PICTURES_DIR=\"";
        if (strncmp(p, key, sizeof key - 1) != 0)
            continue;
        p += sizeof key - 1;
        const char *end = strchr(p, '"');
        if (!end)
            continue;
        int len = (int)(end - p);
        if (!strncmp(p, "$HOME", 5) && (p[5] == '/' || p + 5 == end) && home && home[0])
            n = snprintf(out, out_size, "%s%.*s", home, len - 5, p + 5);
        else if (p[0] == '/')
            n = snprintf(out, out_size, "%.*s", len, p);
        else
            continue;
        found = n > 0 && (size_t)n < out_size;
    }
    fclose(f);
    /* "$HOME/" alone means the home folder: no pictures folder, as xdg-user-dir reads it */
    return found && (!home || strcmp(out, home) != 0);
}

bool shotpath_pictures(char *out, size_t out_size)
{
    const char *home = getenv("HOME");
    if (from_user_dirs(home, out, out_size))
        return true;
    if (!home || !home[0])
        return false;
    int n = snprintf(out, out_size, "%s/Pictures", home);
    return n > 0 && (size_t)n < out_size;
}

bool shotpath_next(const struct tm *when, char *path, size_t path_size, char *shown, size_t shown_size)
{
    char dir[SHOTPATH_MAX], stamp[32];
    if (!shotpath_pictures(dir, sizeof dir) || !strftime(stamp, sizeof stamp, "%Y-%m-%d_%H-%M-%S", when))
        return false;
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/')
        dir[--len] = '\0';
    const char *base = strrchr(dir, '/');
    base = base && base[1] ? base + 1 : dir;
    for (int i = 1; i < 1000; i++) {
        char suffix[8] = "";
        if (i > 1)
            snprintf(suffix, sizeof suffix, "-%d", i);
        int n = snprintf(path, path_size, "%s/Isodroid/isodroid-%s%s.png", dir, stamp, suffix);
        if (n < 0 || (size_t)n >= path_size)
            return false;
        if (i == 1 && !fileio_make_dirs_for(path))
            return false;
        struct stat st;
        if (stat(path, &st) == 0)
            continue;
        snprintf(shown, shown_size, "%s/Isodroid/isodroid-%s%s.png", base, stamp, suffix);
        return true;
    }
    return false;
}
