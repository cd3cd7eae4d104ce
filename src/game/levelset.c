/* SPDX-License-Identifier: MIT */
/* levelset.c - lists a folder's level files in name order (dirent + qsort);
 * the game walks them with PageDown/PageUp. Paths are allocated to fit. */
#include "levelset.h"

#include "buf.h"
#include "text.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_level_name(const char *name)
{
    size_t len = strlen(name);
    return len > 4 && name[0] != '.' && !strcmp(name + len - 4, ".txt");
}

bool levelset_scan(LevelSet *s, const char *dir)
{
    memset(s, 0, sizeof *s);
    s->dir = strdup(dir);
    DIR *d = s->dir ? opendir(dir) : NULL;
    if (!d) {
        levelset_free(s);
        return false;
    }
    int cap = 0;
    struct dirent *e;
    bool ok = true;
    while (ok && (e = readdir(d))) {
        if (!is_level_name(e->d_name))
            continue;
        if (!buf_grow_int(&s->names, &cap, sizeof *s->names, (size_t)s->count + 1, 16)) {
            ok = false;
            break;
        }
        if (!(s->names[s->count] = strdup(e->d_name)))
            ok = false;
        else
            s->count++;
    }
    closedir(d);
    if (!ok) {
        levelset_free(s);
        return false;
    }
    if (s->count > 0) /* an empty folder has no array to sort */
        qsort(s->names, (size_t)s->count, sizeof *s->names, compare_names);
    return true;
}

void levelset_free(LevelSet *s)
{
    for (int i = 0; i < s->count; i++)
        free(s->names[i]);
    free(s->names);
    free(s->dir);
    memset(s, 0, sizeof *s);
}

char *levelset_dir_new(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *out = malloc(n + 1);
    if (out) {
        memcpy(out, path, n);
        out[n] = '\0';
    }
    return out;
}

char *levelset_path_new(const LevelSet *s, int i)
{
    size_t dn = strlen(s->dir), nn = strlen(s->names[i]);
    char *out = malloc(dn + nn + 2);
    if (out) {
        memcpy(out, s->dir, dn);
        out[dn] = '/';
        memcpy(out + dn + 1, s->names[i], nn + 1);
    }
    return out;
}

/* Copies a malloc'd string into out when it fits; frees it. */
static bool copy_out(char *str, char *out, size_t n)
{
    bool fits = str && strlen(str) < n;
    if (n > 0)
        snprintf(out, n, "%s", fits ? str : "");
    free(str);
    return fits;
}

bool levelset_path(const LevelSet *s, int i, char *out, size_t n)
{
    return copy_out(levelset_path_new(s, i), out, n);
}

int levelset_find(const LevelSet *s, const char *path)
{
    const char *name = text_base_name(path);
    for (int i = 0; i < s->count; i++)
        if (!strcmp(s->names[i], name))
            return i;
    return -1;
}
