/* SPDX-License-Identifier: MIT */
/* progress.c - the progress file: a header line, then one tab-separated
 * line a level: "best KEY TIME STEPS ENERGY NAME" (keyed by the level's
 * content), or an earlier version's "level NAME TIME STEPS ENERGY" (keyed
 * by its file's name), kept as it is. Each line is parsed on its own (a
 * damaged one is dropped, the rest read); a win locks FILE.lock, merges
 * what the file holds now, keeps a damaged file aside under a free
 * FILE.bad[.N] name and writes the whole file with fileio_write_atomic. */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include "buf.h"
#include "fileio.h"
#include "num.h"
#include "text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PROGRESS_HEADER "# isodroid progress 2"
#define PROGRESS_HEADER_1 "# isodroid progress 1" /* an earlier version's, of "level" lines; read all the same */

/* the longest line the writer can produce fits PROGRESS_LINE_MAX, and a file
 * of PROGRESS_MAX_LEVELS of them fits what the reader reads */
_Static_assert(sizeof "best\t0123456789abcdef\t1000000000.000\t1000000000\t1000000000000.000\t\t1\n" - 1 +
                       PROGRESS_NAME_ESCAPED_MAX <=
                   PROGRESS_LINE_MAX,
               "a progress line fits PROGRESS_LINE_MAX");
_Static_assert(sizeof "level\t\t1000000000.000\t1000000000\t1000000000000.000\n" - 1 + PROGRESS_NAME_MAX <=
                   PROGRESS_LINE_MAX,
               "an earlier version's line fits PROGRESS_LINE_MAX");
_Static_assert(PROGRESS_NAME_ESCAPED_MAX == TEXT_FIELD_GROWTH * PROGRESS_NAME_MAX, "an escaped name's bound");
_Static_assert(sizeof PROGRESS_HEADER + (long long)PROGRESS_MAX_LEVELS * PROGRESS_LINE_MAX <= PROGRESS_MAX_BYTES,
               "a full progress file fits PROGRESS_MAX_BYTES");

char *progress_default_path(void)
{
    return fileio_user_path("XDG_DATA_HOME", "/isodroid/progress", "/.local/share/isodroid/progress");
}

char *progress_levels_dir(void)
{
    return fileio_user_path("XDG_DATA_HOME", "/isodroid/levels", "/.local/share/isodroid/levels");
}

/* A level file's name a "best" line holds (escaped). */
static bool name_ok(const char *name)
{
    size_t n = strlen(name);
    return n > 0 && n <= PROGRESS_NAME_MAX && !strchr(name, '/');
}

/* A name an earlier version's "level" line holds as it is. */
static bool old_name_ok(const char *name)
{
    return name_ok(name) && !strpbrk(name, "\t\n\r");
}

/* The entry of e's kind and key: its content's, or by_name its file name's. */
static ProgressEntry *find(const Progress *p, const ProgressEntry *e)
{
    for (int i = 0; i < p->count; i++) {
        const ProgressEntry *x = &p->entry[i];
        if (x->by_name == e->by_name && (e->by_name ? !strcmp(x->level, e->level) : x->key == e->key))
            return &p->entry[i];
    }
    return NULL;
}

static ProgressEntry *find_key(const Progress *p, uint64_t key)
{
    return find(p, &(ProgressEntry){.key = key});
}

static ProgressEntry *find_name(const Progress *p, const char *name)
{
    return find(p, &(ProgressEntry){.by_name = true, .level = (char *)name});
}

/* A new entry of e's kind, key and name, its values zero. */
static ProgressEntry *add(Progress *p, const ProgressEntry *from)
{
    if (p->count >= PROGRESS_MAX_LEVELS)
        return NULL;
    if (!buf_grow_int(&p->entry, &p->cap, sizeof *p->entry, (size_t)p->count + 1, 16))
        return NULL;
    char *copy = strdup(from->level);
    if (!copy)
        return NULL;
    ProgressEntry *e = &p->entry[p->count++];
    *e = (ProgressEntry){from->key, from->by_name, copy, 0, 0, 0, false};
    return e;
}

static void clear_entries(Progress *p)
{
    for (int i = 0; i < p->count; i++)
        free(p->entry[i].level);
    p->count = 0;
}

/* Keeps the best of each of v's values in the entry of v's kind and key;
 * *best when one of them improved (or the level is new). rename: that
 * entry takes v's name (a win: the name it was last won under). False when
 * a new level cannot be added (the limit, memory). */
static bool keep(Progress *p, const ProgressEntry *v, bool rename, bool *best)
{
    ProgressEntry *e = find(p, v);
    bool better = false;
    if (!e) {
        if (!(e = add(p, v)))
            return false;
        e->best_time = v->best_time;
        e->best_steps = v->best_steps;
        e->best_energy = v->best_energy;
        e->unseen = v->unseen;
        better = true;
    } else {
        if (v->unseen && !e->unseen)
            e->unseen = true, better = true;
        if (v->best_time < e->best_time)
            e->best_time = v->best_time, better = true;
        if (v->best_steps < e->best_steps)
            e->best_steps = v->best_steps, better = true;
        if (v->best_energy < e->best_energy)
            e->best_energy = v->best_energy, better = true;
        char *name;
        if (rename && strcmp(e->level, v->level) && (name = strdup(v->level))) {
            free(e->level);
            e->level = name;
        }
    }
    if (best)
        *best = better;
    return true;
}

/* Keeps a win (a content entry). A level with no entry of its own yet whose
 * file name has an earlier version's entry starts from that entry's bests:
 * they were this level's until now. */
static bool keep_win(Progress *p, const ProgressEntry *win, bool *best)
{
    const ProgressEntry *old = find_key(p, win->key) ? NULL : find_name(p, win->level);
    if (old) {
        ProgressEntry start = *old;
        start.key = win->key;
        start.by_name = false;
        start.level = win->level;
        if (!keep(p, &start, true, NULL))
            return false;
    }
    return keep(p, win, true, best);
}

/* 16 hex digits into *key */
static bool parse_key(const char *s, uint64_t *key)
{
    uint64_t k = 0;
    for (int i = 0; i < 16; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return false;
        k = k << 4 | (uint64_t)d;
    }
    *key = k;
    return s[16] == '\0';
}

/* One "best KEY TIME STEPS ENERGY NAME [UNSEEN]" or "level NAME TIME STEPS
 * ENERGY" line (its end already trimmed), kept into p; false when it is not
 * one or cannot be kept. UNSEEN is 1 when the level was won unseen (a
 * line without it, from before, 0). */
static bool parse_line(Progress *p, char *line)
{
    char *f[7] = {0};
    int n = 0;
    for (char *c = line;;) {
        if (n == 7)
            return false; /* an eighth field */
        f[n++] = c;
        char *tab = strchr(c, '\t');
        if (!tab)
            break;
        *tab = '\0';
        c = tab + 1;
    }
    ProgressEntry e = {0};
    if ((n == 6 || n == 7) && !strcmp(f[0], "best")) {
        if (!parse_key(f[1], &e.key) || strlen(f[5]) > PROGRESS_NAME_ESCAPED_MAX || !text_unescape_field(f[5]) ||
            !name_ok(f[5]))
            return false;
        if (n == 7 && strcmp(f[6], "0") && strcmp(f[6], "1"))
            return false;
        e.unseen = n == 7 && f[6][0] == '1';
        e.level = f[5];
    } else {
        if (n != 5 || strcmp(f[0], "level") || !old_name_ok(f[1]))
            return false;
        e.by_name = true;
        e.level = f[1];
    }
    if (num_parse_double(f[2], 0, PROGRESS_TIME_MAX, &e.best_time) != NUM_OK ||
        num_parse_long(f[3], 0, PROGRESS_STEPS_MAX, &e.best_steps) != NUM_OK ||
        num_parse_double(f[4], 0, PROGRESS_ENERGY_MAX, &e.best_energy) != NUM_OK)
        return false;
    return keep(p, &e, false, NULL); /* a level twice: its best values, its first name */
}

typedef enum FileState {
    FILE_ABSENT,    /* no file: nothing to keep */
    FILE_WHOLE,     /* every line read */
    FILE_LINES,     /* read, but some lines were damaged and dropped */
    FILE_UNREAD,    /* not read at all: too large, a folder, not a regular file, an error */
} FileState;

typedef struct Reading {
    FileState state;
    int first_bad, bad_lines; /* FILE_LINES: the first damaged line's number, how many */
    char why[160];            /* FILE_UNREAD: why */
} Reading;

static void bad_line(Reading *r, int line)
{
    if (r->bad_lines++ == 0)
        r->first_bad = line;
}

/* Reads path into p (adding to what p holds, best values kept). */
static Reading read_file(Progress *p, const char *path)
{
    Reading r = {FILE_WHOLE, 0, 0, ""};
    char *text = NULL;
    size_t len = 0;
    int err = 0;
    switch (fileio_read_all(path, PROGRESS_MAX_BYTES, &text, &len, &err)) {
    case FILEIO_READ_OK: break;
    case FILEIO_READ_CANNOT_OPEN:
        if (err == ENOENT) {
            r.state = FILE_ABSENT;
            return r;
        }
        if (err == FILEIO_ENOTREG)
            text_format(r.why, sizeof r.why, "is %s", fileio_strerror(err));
        else
            text_format(r.why, sizeof r.why, "cannot be read (%s)", strerror(err));
        r.state = FILE_UNREAD;
        return r;
    case FILEIO_READ_FOLDER:
        text_format(r.why, sizeof r.why, "is a folder");
        r.state = FILE_UNREAD;
        return r;
    case FILEIO_READ_TOO_LARGE:
        text_format(r.why, sizeof r.why, "is larger than %d bytes", PROGRESS_MAX_BYTES);
        r.state = FILE_UNREAD;
        return r;
    case FILEIO_READ_FAILED:
        text_format(r.why, sizeof r.why, "cannot be read (%s)", strerror(err));
        r.state = FILE_UNREAD;
        return r;
    case FILEIO_READ_NO_MEMORY:
        text_format(r.why, sizeof r.why, "cannot be read (out of memory)");
        r.state = FILE_UNREAD;
        return r;
    }
    char *s = text, *end = text + len;
    if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
        s += 3; /* a byte-order mark, as some editors save */
    bool header = false;
    for (int line_no = 1; s < end; line_no++) {
        char *nl = memchr(s, '\n', (size_t)(end - s)), *stop = nl ? nl : end;
        char *line = s;
        s = nl ? nl + 1 : end;
        size_t n = (size_t)(stop - line);
        while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
            n--; /* CRLF and trailing blanks */
        if (n == 0)
            continue; /* a blank line holds nothing */
        if (memchr(line, '\0', n)) {
            bad_line(&r, line_no);
            continue;
        }
        line[n] = '\0';
        if (!header) {
            header = true; /* the first line that holds something */
            if (!strcmp(line, PROGRESS_HEADER) || !strcmp(line, PROGRESS_HEADER_1))
                continue;
            bad_line(&r, line_no);
            continue;
        }
        if (!parse_line(p, line))
            bad_line(&r, line_no);
    }
    free(text);
    if (r.bad_lines)
        r.state = FILE_LINES;
    return r;
}

/* "kept as progress.bad when a new one is written", or what stands in the way. */
static void kept_as(const char *path, char *out, size_t n)
{
    int err;
    char *name = fileio_free_bad_name(path, PROGRESS_BAD_MAX, &err);
    const char *base = text_base_name(path);
    if (name)
        text_format(out, n, "kept as %s when a new one is written", text_base_name(name));
    else if (err)
        text_format(out, n, "not written over (%s)", strerror(err));
    else
        text_format(out, n, "not written over: %d damaged copies are kept already (%s.bad to %s.bad.%d); remove some",
            PROGRESS_BAD_MAX, base, base, PROGRESS_BAD_MAX - 1);
    free(name);
}

static void describe(char *out, size_t n, const char *path, const Reading *r)
{
    char kept[300];
    kept_as(path, kept, sizeof kept);
    if (r->state == FILE_UNREAD)
        text_format(out, n, "progress file %s %s: ignored; it is %s", path, r->why, kept);
    else if (r->bad_lines == 1)
        text_format(out, n, "progress file %s:%d is damaged: that line is dropped, the rest is read; the file is %s", path,
            r->first_bad, kept);
    else
        text_format(out, n, "progress file %s:%d is damaged: %d lines are dropped (the first is line %d), the rest is read; "
            "the file is %s", path, r->first_bad, r->bad_lines, r->first_bad, kept);
}

void progress_load(Progress *p, const char *path)
{
    memset(p, 0, sizeof *p);
    if (!path)
        return;
    p->path = strdup(path);
    Reading r = read_file(p, path);
    if (r.state == FILE_LINES || r.state == FILE_UNREAD) {
        p->corrupt = true; /* what did not read whole is never written over */
        describe(p->error, sizeof p->error, path, &r);
    }
}

void progress_free(Progress *p)
{
    clear_entries(p);
    free(p->entry);
    free(p->path);
    memset(p, 0, sizeof *p);
}

const ProgressEntry *progress_get(const Progress *p, uint64_t key, const char *level_path)
{
    const ProgressEntry *e = find_key(p, key);
    return e ? e : find_name(p, text_base_name(level_path));
}

/* Moves the damaged file aside to the first free FILE.bad[.N], never over
 * another one kept before. */
static bool keep_damaged(Progress *p)
{
    int err;
    char *bad = fileio_free_bad_name(p->path, PROGRESS_BAD_MAX, &err);
    if (!bad) {
        if (err)
            text_format(p->error, sizeof p->error, "progress not saved: cannot keep the damaged %s aside (%s)", p->path,
                strerror(err));
        else {
            const char *base = text_base_name(p->path);
            text_format(p->error, sizeof p->error,
                "progress not saved: %s is damaged and %d damaged copies are kept already (%s.bad to %s.bad.%d); "
                "remove some", p->path, PROGRESS_BAD_MAX, base, base, PROGRESS_BAD_MAX - 1);
        }
        return false;
    }
    char *real = fileio_beside(p->path, "");
    bool ok = real && (rename(real, bad) == 0 || errno == ENOENT);
    if (!ok)
        text_format(p->error, sizeof p->error, "progress not saved: cannot keep the damaged %s as %s (%s)", p->path, bad,
            real ? strerror(errno) : "out of memory");
    free(real);
    free(bad);
    return ok;
}

static bool write_file(Progress *p)
{
    size_t cap = sizeof PROGRESS_HEADER + (size_t)p->count * PROGRESS_LINE_MAX + 1, len = 0;
    char *text = malloc(cap);
    if (!text) {
        text_format(p->error, sizeof p->error, "progress not saved: out of memory");
        return false;
    }
    len += (size_t)snprintf(text, cap, "%s\n", PROGRESS_HEADER);
    for (int i = 0; i < p->count && len < cap; i++) {
        const ProgressEntry *e = &p->entry[i];
        char name[PROGRESS_NAME_ESCAPED_MAX + 1];
        if (e->by_name)
            len += (size_t)snprintf(text + len, cap - len, "level\t%s\t%.3f\t%ld\t%.3f\n", e->level, e->best_time,
                                    e->best_steps, e->best_energy);
        else if (text_escape_field(e->level, name, sizeof name))
            len += (size_t)snprintf(text + len, cap - len, "best\t%016llx\t%.3f\t%ld\t%.3f\t%s\t%d\n",
                                    (unsigned long long)e->key, e->best_time, e->best_steps, e->best_energy, name,
                                    e->unseen ? 1 : 0);
        else
            len = cap; /* not so: the names are bounded */
    }
    char err[300];
    bool ok = len < cap && len <= PROGRESS_MAX_BYTES; /* what the reader takes; the limits make it so */
    if (!ok)
        text_format(p->error, sizeof p->error, "progress not saved: the file would pass %d bytes", PROGRESS_MAX_BYTES);
    if (ok && !(ok = fileio_write_atomic(p->path, text, len, err, sizeof err)))
        text_format(p->error, sizeof p->error, "progress not saved: %s", err);
    free(text);
    return ok;
}

static double clamp(double v, double max)
{
    return v >= 0 ? (v <= max ? v : max) : 0; /* NaN and negatives: 0 */
}

bool progress_record(Progress *p, uint64_t key, const char *level_path, double time, long steps, double energy,
                     bool unseen, bool *best)
{
    *best = false;
    const char *name = text_base_name(level_path);
    if (!name_ok(name)) {
        char shown[4 * 200 + 1];
        text_format(p->error, sizeof p->error,
            "progress not saved: the level name '%s' cannot be kept (empty or over %d bytes)",
            text_escape(name, shown, sizeof shown), PROGRESS_NAME_MAX);
        return false;
    }
    /* what the reader takes back: the values within their ranges */
    ProgressEntry win = {key, false, (char *)name, clamp(time, PROGRESS_TIME_MAX),
                         steps < 0 ? 0 : steps > PROGRESS_STEPS_MAX ? PROGRESS_STEPS_MAX : steps,
                         clamp(energy, PROGRESS_ENERGY_MAX), unseen};
    if (!p->path) {
        if (keep_win(p, &win, best))
            return true;
        text_format(p->error, sizeof p->error, "progress not kept: %d levels are kept already", PROGRESS_MAX_LEVELS);
        return false;
    }
    if (!fileio_make_dirs_for(p->path)) {
        text_format(p->error, sizeof p->error, "progress not saved: cannot make the folder of %s (%s)", p->path,
            strerror(errno));
        keep_win(p, &win, best);
        return false;
    }
    char why[300];
    int fd = fileio_lock_beside(p->path, PROGRESS_LOCK_WAIT_MS, why, sizeof why);
    if (fd == -1) {
        text_format(p->error, sizeof p->error, "progress not saved: %s", why);
        keep_win(p, &win, best);
        return false;
    }
    /* the file as it is now: another game may have written it since */
    Progress now = {0};
    Reading r = read_file(&now, p->path);
    bool ok = true;
    for (int i = 0; i < now.count && ok; i++) {
        ok = keep(p, &now.entry[i], false, NULL);
    }
    progress_free(&now);
    if (!ok)
        text_format(p->error, sizeof p->error, "progress not saved: the file and this game hold more than %d levels",
            PROGRESS_MAX_LEVELS);
    if (ok && !(ok = keep_win(p, &win, best)))
        text_format(p->error, sizeof p->error, "progress not saved: %d levels are kept already, the most the file holds",
            PROGRESS_MAX_LEVELS);
    if (ok && (r.state == FILE_LINES || r.state == FILE_UNREAD))
        ok = keep_damaged(p);
    ok = ok && write_file(p);
    if (ok) {
        p->corrupt = false;
        p->error[0] = '\0';
    }
    if (fd >= 0)
        close(fd); /* unlocks */
    return ok;
}
