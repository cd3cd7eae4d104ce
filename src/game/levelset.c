/* levelset.c - lists a folder's level files in name order (dirent + qsort);
 * the game walks them with PageDown/PageUp. */
#include "levelset.h"

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
    snprintf(s->dir, sizeof s->dir, "%s", dir);
    DIR *d = opendir(dir);
    if (!d)
        return false;
    int cap = 0;
    struct dirent *e;
    bool ok = true;
    while (ok && (e = readdir(d))) {
        if (!is_level_name(e->d_name))
            continue;
        if (s->count == cap) {
            cap = cap ? cap * 2 : 16;
            char **bigger = realloc(s->names, (size_t)cap * sizeof *bigger);
            if (!bigger) {
                ok = false;
                break;
            }
            s->names = bigger;
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
    qsort(s->names, (size_t)s->count, sizeof *s->names, compare_names);
    return true;
}

void levelset_free(LevelSet *s)
{
    for (int i = 0; i < s->count; i++)
        free(s->names[i]);
    free(s->names);
    memset(s, 0, sizeof *s);
}

void levelset_dir_of(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out, n, ".");
    else if (slash == path)
        snprintf(out, n, "/");
    else
        snprintf(out, n, "%.*s", (int)(slash - path), path);
}

void levelset_path(const LevelSet *s, int i, char *out, size_t n)
{
    snprintf(out, n, "%s/%s", s->dir, s->names[i]);
}

int levelset_find(const LevelSet *s, const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    for (int i = 0; i < s->count; i++)
        if (!strcmp(s->names[i], name))
            return i;
    return -1;
}
