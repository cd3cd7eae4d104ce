/* SPDX-License-Identifier: MIT */
/* replay.c - reads and starts recordings (replay.h); the game writes the
 * input lines as it applies them (game.c, game_command). */
#define _POSIX_C_SOURCE 200809L
#include "replay.h"

#include "buf.h"
#include "fileio.h"
#include "num.h"

#include <stdlib.h>
#include <string.h>

bool replay_write_header(FILE *f, const char *level_path)
{
    if (!replay_path_ok(level_path))
        return false;
    fprintf(f, "%s\nlevel %s\n", REPLAY_HEADER, level_path);
    fflush(f);
    return true;
}

void replay_write_cmd(FILE *f, uint64_t tick, const SimCmd *c)
{
    fprintf(f, "%llu %s %d %d\n", (unsigned long long)tick, sim_cmd_name(c->type), c->x, c->y);
    fflush(f);
}

void replay_write_rewind(FILE *f, uint64_t tick, uint64_t to)
{
    fprintf(f, "%llu rewind %llu\n", (unsigned long long)tick, (unsigned long long)to);
    fflush(f);
}

bool replay_path_ok(const char *path)
{
    return path[0] && !strpbrk(path, "\r\n");
}

bool replay_write_level(FILE *f, uint64_t tick, const char *path)
{
    if (!replay_path_ok(path))
        return false;
    fprintf(f, "%llu level %s\n", (unsigned long long)tick, path);
    fflush(f);
    return true;
}

void replay_free(Replay *r)
{
    for (int i = 0; i < r->count; i++)
        free(r->line[i].path);
    free(r->line);
    free(r->level);
    memset(r, 0, sizeof *r);
}

bool replay_count_rewind(Replay *r, const History *h, uint64_t to, uint64_t *again)
{
    int c = h->copy_count - 1; /* the copy history_rewind starts from */
    while (c > 0 && h->copy[c].tick > to)
        c--;
    *again = c >= 0 && h->copy[c].tick <= to ? to - h->copy[c].tick : 0;
    if (r->ticks > REPLAY_MAX_TOTAL_TICKS || *again > REPLAY_MAX_TOTAL_TICKS - r->ticks)
        return false;
    r->ticks += *again;
    return true;
}

static char *read_all(const char *path, NavDiags *d)
{
    char *text;
    size_t n;
    int err;
    switch (fileio_read_all(path, REPLAY_MAX_BYTES, &text, &n, &err)) {
    case FILEIO_READ_OK: break;
    case FILEIO_READ_CANNOT_OPEN: nav_diag_add(d, path, 0, 0, "cannot open the recording: %s", fileio_strerror(err)); return NULL;
    case FILEIO_READ_FOLDER: nav_diag_add(d, path, 0, 0, "is a folder, not a recording"); return NULL;
    case FILEIO_READ_TOO_LARGE:
        nav_diag_add(d, path, 0, 0, "recording larger than %d bytes", REPLAY_MAX_BYTES);
        return NULL;
    case FILEIO_READ_FAILED: nav_diag_add(d, path, 0, 0, "cannot read the recording: %s", strerror(err)); return NULL;
    case FILEIO_READ_NO_MEMORY: nav_diag_add(d, path, 0, 0, "out of memory"); return NULL;
    }
    if (memchr(text, '\0', n)) {
        nav_diag_add(d, path, 0, 0, "not a recording (it holds a NUL byte)");
        free(text);
        return NULL;
    }
    return text;
}

static bool push_line(Replay *r, ReplayLine l)
{
    /* doubling: loading is linear in the lines */
    if (!buf_grow_int(&r->line, &r->cap, sizeof *r->line, (size_t)r->count + 1, 64))
        return false;
    r->line[r->count++] = l;
    return true;
}

/* The range of a command's two numbers. */
static void cmd_range(SimCmdType t, long *lo, long *hi)
{
    switch (t) {
    case SIM_CMD_GOTO:
    case SIM_CMD_HOLD:
    case SIM_CMD_LURE: *lo = -1, *hi = LEVEL_MAX_SIDE; break;
    case SIM_CMD_PUSH: *lo = -1, *hi = 1; break;
    default: *lo = 0, *hi = 0; break;
    }
}

/* "TICK word ..." into l; false with a message. */
static bool parse_input(const char *path, int no, char *s, ReplayLine *l, NavDiags *d)
{
    const char *end;
    long tick;
    if (num_scan_long(s, &end, 0, REPLAY_MAX_TICK, &tick) != NUM_OK || *end != ' ') {
        nav_diag_add(d, path, no, 1, "expected a tick (a whole number from 0 to %ld) first", (long)REPLAY_MAX_TICK);
        return false;
    }
    char *word = s + (end - s) + 1, *rest = strchr(word, ' ');
    if (rest)
        *rest++ = '\0';
    l->tick = (uint64_t)tick;
    l->line = no;
    if (!strcmp(word, "end") && !rest) {
        l->kind = REPLAY_END;
        return true;
    }
    if (!strcmp(word, "rewind")) {
        long to;
        if (!rest || num_parse_long(rest, 0, tick, &to) != NUM_OK) {
            nav_diag_add(d, path, no, (int)(word - s) + 1, "'rewind' wants the tick it goes back to (0 to %ld)", tick);
            return false;
        }
        l->kind = REPLAY_REWIND;
        l->to = (uint64_t)to;
        return true;
    }
    if (!strcmp(word, "level") && rest && *rest) {
        l->kind = REPLAY_LEVEL;
        l->path = strdup(rest);
        return l->path != NULL;
    }
    SimCmdType t;
    if (!sim_cmd_from_name(word, &t)) {
        nav_diag_add(d, path, no, (int)(word - s) + 1, "unknown input '%s' (goto, push, hold, release, restart, level, rewind, end)",
                 word);
        return false;
    }
    char *second = rest ? strchr(rest, ' ') : NULL;
    if (second)
        *second++ = '\0';
    long x, y, lo, hi;
    cmd_range(t, &lo, &hi);
    if (!rest || !second || num_parse_long(rest, lo, hi, &x) != NUM_OK || num_parse_long(second, lo, hi, &y) != NUM_OK) {
        nav_diag_add(d, path, no, (int)(word - s) + 1, "'%s' wants two whole numbers from %ld to %ld", word, lo, hi);
        return false;
    }
    l->kind = REPLAY_CMD;
    l->cmd = (SimCmd){t, (int)x, (int)y};
    return true;
}

bool replay_load(const char *path, Replay *r, NavDiags *d)
{
    memset(r, 0, sizeof *r);
    char *text = read_all(path, d);
    if (!text)
        return false;
    int no = 0;
    bool ok = true;
    uint64_t floor_tick = 0; /* where the play stands: the next line's tick may not be below it */
    for (char *s = text, *next; s && *s && ok; s = next) {
        no++;
        next = strchr(s, '\n');
        if (next)
            *next++ = '\0';
        size_t n = strlen(s);
        if (n && s[n - 1] == '\r')
            s[n - 1] = '\0';
        if (no == 1) {
            r->version = !strcmp(s, REPLAY_HEADER) ? 2 : !strcmp(s, REPLAY_HEADER_V1) ? 1 : 0;
            ok = r->version != 0;
            if (!ok)
                nav_diag_add(d, path, 1, 1, "not a recording: the first line must be '%s' (or '%s')", REPLAY_HEADER,
                             REPLAY_HEADER_V1);
        } else if (no == 2) {
            ok = !strncmp(s, "level ", 6) && s[6] && (r->level = strdup(s + 6)) != NULL;
            if (!ok)
                nav_diag_add(d, path, 2, 1, "the second line must be 'level PATH'");
        } else if (s[0] && s[0] != '#') {
            ReplayLine l = {0};
            ok = parse_input(path, no, s, &l, d);
            if (ok && l.tick < floor_tick) {
                nav_diag_add(d, path, no, 1, "tick %llu goes back (the line before was at %llu)",
                         (unsigned long long)l.tick, (unsigned long long)floor_tick);
                ok = false;
            }
            if (ok && (r->ticks += l.tick - floor_tick) > REPLAY_MAX_TOTAL_TICKS) {
                nav_diag_add(d, path, no, 1,
                             "by this line the recording plays %llu ticks in all, more than the %ld (a day of play) a "
                             "recording may (a rewind plays again from the tick it goes back to, a restart or a "
                             "level line from 0)",
                             (unsigned long long)r->ticks, REPLAY_MAX_TOTAL_TICKS);
                ok = false;
            }
            ok = ok && push_line(r, l);
            if (!ok) {
                free(l.path);
                break;
            }
            /* where the play stands after it: the next line plays from there */
            bool restarts = l.kind == REPLAY_LEVEL || (l.kind == REPLAY_CMD && l.cmd.type == SIM_CMD_RESTART);
            floor_tick = restarts ? 0 : l.kind == REPLAY_REWIND ? l.to : l.tick;
        }
    }
    free(text);
    if (ok && !r->level) {
        nav_diag_add(d, path, no, 1, "not a recording: it is empty");
        ok = false;
    }
    if (!ok)
        replay_free(r);
    return ok;
}
