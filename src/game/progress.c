/* progress.c - the progress file: a header line, then one tab-separated
 * line a level: "level NAME TIME STEPS ENERGY". Parsed strictly; written
 * whole to a temporary file beside it, flushed and renamed over it. */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include "fileio.h"
#include "num.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PROGRESS_HEADER "# isodroid progress 1"
enum { PROGRESS_MAX_BYTES = 1 << 20, PROGRESS_MAX_LEVELS = 10000 };

char *progress_default_path(void)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    const char *base = xdg && xdg[0] == '/' ? xdg : NULL, *tail = "/isodroid/progress";
    if (!base && home && home[0]) {
        base = home;
        tail = "/.local/share/isodroid/progress";
    }
    if (!base)
        return NULL;
    size_t n = strlen(base) + strlen(tail) + 1;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s%s", base, tail);
    return p;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static ProgressEntry *find(const Progress *p, const char *name)
{
    for (int i = 0; i < p->count; i++)
        if (!strcmp(p->entry[i].level, name))
            return &p->entry[i];
    return NULL;
}

static ProgressEntry *add(Progress *p, const char *name)
{
    if (p->count == p->cap) {
        int cap = p->cap ? p->cap * 2 : 16;
        ProgressEntry *e = realloc(p->entry, (size_t)cap * sizeof *e);
        if (!e)
            return NULL;
        p->entry = e;
        p->cap = cap;
    }
    char *copy = strdup(name);
    if (!copy)
        return NULL;
    ProgressEntry *e = &p->entry[p->count++];
    *e = (ProgressEntry){copy, 0, 0, 0};
    return e;
}

static void clear_entries(Progress *p)
{
    for (int i = 0; i < p->count; i++)
        free(p->entry[i].level);
    p->count = 0;
}

/* One "level NAME TIME STEPS ENERGY" line; false when it is not one. */
static bool parse_line(Progress *p, char *line)
{
    char *f[5], *save = NULL;
    int n = 0;
    for (char *t = strtok_r(line, "\t", &save); t && n < 6; t = strtok_r(NULL, "\t", &save))
        if (n < 5)
            f[n++] = t;
        else
            return false;
    if (n != 5 || strcmp(f[0], "level") || !f[1][0] || strchr(f[1], '/') || find(p, f[1]))
        return false;
    double time, energy;
    long steps;
    if (num_parse_double(f[2], 0, 1e9, &time) != NUM_OK || num_parse_long(f[3], 0, 1000000000L, &steps) != NUM_OK ||
        num_parse_double(f[4], 0, 1e12, &energy) != NUM_OK)
        return false;
    ProgressEntry *e = add(p, f[1]);
    if (!e)
        return false;
    e->best_time = time;
    e->best_steps = steps;
    e->best_energy = energy;
    return true;
}

void progress_load(Progress *p, const char *path)
{
    memset(p, 0, sizeof *p);
    if (!path)
        return;
    p->path = strdup(path);
    char *text = NULL;
    size_t len = 0;
    int err = 0;
    FileioRead got = fileio_read_all(path, PROGRESS_MAX_BYTES, &text, &len, &err);
    if (got == FILEIO_READ_CANNOT_OPEN && err == ENOENT)
        return; /* no progress yet */
    if (got == FILEIO_READ_CANNOT_OPEN || got == FILEIO_READ_FAILED || got == FILEIO_READ_NO_MEMORY) {
        snprintf(p->error, sizeof p->error, "progress file %s cannot be read (%s): ignored (kept as %s.bad when a new one is written)",
                 path, got == FILEIO_READ_NO_MEMORY ? "out of memory" : strerror(err), path);
        p->corrupt = true; /* what cannot be read is never written over */
        return;
    }
    bool ok = got == FILEIO_READ_OK; /* a folder or a huge file: damaged */
    int line_no = 0;
    if (ok) {
        ok = memchr(text, '\0', len) == NULL;
        char *save = NULL;
        for (char *line = ok ? strtok_r(text, "\n", &save) : NULL; line && ok; line = strtok_r(NULL, "\n", &save)) {
            line_no++;
            if (line_no == 1)
                ok = !strcmp(line, PROGRESS_HEADER);
            else
                ok = p->count < PROGRESS_MAX_LEVELS && parse_line(p, line);
        }
        ok = ok && line_no >= 1;
    }
    free(text);
    if (!ok) {
        clear_entries(p);
        p->corrupt = true;
        if (line_no > 0)
            snprintf(p->error, sizeof p->error, "progress file %s:%d is damaged: ignored (kept as %s.bad when a new one is written)",
                     path, line_no, path);
        else
            snprintf(p->error, sizeof p->error, "progress file %s is damaged: ignored (kept as %s.bad when a new one is written)",
                     path, path);
    }
}

void progress_free(Progress *p)
{
    clear_entries(p);
    free(p->entry);
    free(p->path);
    memset(p, 0, sizeof *p);
}

const ProgressEntry *progress_get(const Progress *p, const char *level_path)
{
    return find(p, base_name(level_path));
}

/* mkdir -p for the file's folder. */
static bool make_dirs(const char *file)
{
    char *d = strdup(file);
    if (!d)
        return false;
    for (char *s = d + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(d, 0755) != 0 && errno != EEXIST) {
            free(d);
            return false;
        }
        *s = '/';
    }
    free(d);
    return true;
}

/* Moves a damaged file aside to FILE.bad, so writing never destroys it. */
static bool back_up_damaged(Progress *p)
{
    size_t bn = strlen(p->path) + 5;
    char *bad = malloc(bn);
    if (!bad)
        return false;
    snprintf(bad, bn, "%s.bad", p->path);
    bool ok = rename(p->path, bad) == 0 || errno == ENOENT;
    if (!ok)
        snprintf(p->error, sizeof p->error, "progress not saved: cannot keep the damaged %s as %s (%s)", p->path, bad,
                 strerror(errno));
    free(bad);
    if (ok)
        p->corrupt = false;
    return ok;
}

static bool write_file(Progress *p)
{
    size_t cap = 64, len = 0;
    for (int i = 0; i < p->count; i++)
        cap += strlen(p->entry[i].level) + 96;
    char *text = malloc(cap);
    if (!text)
        return false;
    len += (size_t)snprintf(text, cap, "%s\n", PROGRESS_HEADER);
    for (int i = 0; i < p->count; i++)
        len += (size_t)snprintf(text + len, cap - len, "level\t%s\t%.3f\t%ld\t%.3f\n", p->entry[i].level,
                                p->entry[i].best_time, p->entry[i].best_steps, p->entry[i].best_energy);
    char err[300];
    bool ok = make_dirs(p->path);
    if (!ok)
        snprintf(p->error, sizeof p->error, "progress not saved: cannot make the folder of %s (%s)", p->path,
                 strerror(errno));
    ok = ok && (!p->corrupt || back_up_damaged(p));
    if (ok && !(ok = fileio_write_atomic(p->path, text, len, err, sizeof err)))
        snprintf(p->error, sizeof p->error, "progress not saved: %s", err);
    free(text);
    return ok;
}

bool progress_record(Progress *p, const char *level_path, double time, long steps, double energy, bool *best)
{
    *best = false;
    const char *name = base_name(level_path);
    ProgressEntry *e = find(p, name);
    if (!e) {
        if (!(e = add(p, name)))
            return false;
        e->best_time = time;
        e->best_steps = steps;
        e->best_energy = energy;
        *best = true;
    } else {
        if (time < e->best_time)
            e->best_time = time, *best = true;
        if (steps < e->best_steps)
            e->best_steps = steps, *best = true;
        if (energy < e->best_energy)
            e->best_energy = energy, *best = true;
    }
    return p->path ? write_file(p) : true;
}
