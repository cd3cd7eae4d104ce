/* SPDX-License-Identifier: MIT */
/* movingai.c - tolerant readers for .map and .scen files as they ship:
 * tabs or spaces, "version 1" or "version 1.0", CRLF, no final newline,
 * non-square maps; strict about sizes, numbers and read errors. */
#include "movingai.h"

#include "text.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "num.h"

/* A file read line by line, with its place and the size limits. */
typedef struct Reader {
    FILE *f;
    const char *name;
    NavDiags *d;
    char *buf;
    size_t cap, len;
    int line;       /* of the line in buf, 1-based */
    long bytes;     /* read so far */
    bool no_memory; /* an allocation failed (reported): NAV_OUT_OF_MEMORY, not NAV_INVALID */
} Reader;

/* Reports running out of memory at the reader's next line. */
static void out_of_memory(Reader *r)
{
    nav_diag_add(r->d, r->name, r->line + 1, 0, "out of memory");
    r->no_memory = true;
}

/* What a reader that stopped (ok false) or finished returns. */
static NavStatus reader_status(const Reader *r, bool ok)
{
    return ok ? NAV_DONE : r->no_memory ? NAV_OUT_OF_MEMORY : NAV_INVALID;
}

typedef enum ReadStatus { READ_LINE, READ_EOF, READ_FAILED } ReadStatus;

/* Reads the next line into r->buf without its newline, CR and trailing blanks.
 * READ_FAILED after a read error, an over-long line, a file over the size
 * limit or no memory (each reported). */
static ReadStatus read_line(Reader *r)
{
    size_t n = 0;
    int c;
    bool any = false;
    while ((c = fgetc(r->f)) != EOF) {
        any = true;
        if (++r->bytes > NAV_MOVINGAI_FILE_MAX) {
            nav_diag_add(r->d, r->name, 0, 0, "file larger than %ld bytes", NAV_MOVINGAI_FILE_MAX);
            return READ_FAILED;
        }
        if (c == '\n')
            break;
        if (n == NAV_MOVINGAI_LINE_MAX) {
            nav_diag_add(r->d, r->name, r->line + 1, 0, "line longer than %d bytes", NAV_MOVINGAI_LINE_MAX);
            return READ_FAILED;
        }
        if (!buf_room(&r->buf, &r->cap, 1, n + 2, 256, SIZE_MAX)) {
            out_of_memory(r);
            return READ_FAILED;
        }
        r->buf[n++] = (char)c;
    }
    if (ferror(r->f)) {
        nav_diag_add(r->d, r->name, r->line + 1, 0, "read error: %s", strerror(errno));
        return READ_FAILED;
    }
    if (!any)
        return READ_EOF;
    if (r->cap == 0) {
        r->buf = malloc(1);
        if (!r->buf) {
            out_of_memory(r);
            return READ_FAILED;
        }
        r->cap = 1;
    }
    while (n > 0 && (r->buf[n - 1] == '\r' || r->buf[n - 1] == ' ' || r->buf[n - 1] == '\t'))
        n--;
    r->buf[n] = '\0';
    r->len = n;
    r->line++;
    return READ_LINE;
}

enum { WORDS_MAX = 10 }; /* a map or scenario line is split into at most this many words */

static int column(const Reader *r, const char *p)
{
    return (int)(p - r->buf) + 1;
}

/* Opens path for a reader; a folder is said to be one. */
static FILE *open_file(const char *path, const char *what, NavDiags *d)
{
    /* without blocking: opening a named pipe would wait for a writer */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        nav_diag_add(d, path, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat sb;
    mode_t mode = fstat(fd, &sb) == 0 ? sb.st_mode : 0;
    const char *not = NULL;
    if (S_ISDIR(mode))
        not = "a folder";
    else if (S_ISFIFO(mode) || S_ISSOCK(mode))
        not = "a named pipe or socket";
    FILE *f = NULL;
    if (!not) {
        int flags = fcntl(fd, F_GETFL);
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
        f = fdopen(fd, "rb");
    }
    if (!f) {
        if (not)
            nav_diag_add(d, path, 0, 0, "is %s, not a %s file", not, what);
        else
            nav_diag_add(d, path, 0, 0, "cannot open: %s", strerror(errno));
        close(fd);
    }
    return f;
}

/* A "height N" or "width N" value, 1..NAV_GRID_MAX_SIDE. */
static bool map_side(Reader *r, char *word[], int nw, int *side)
{
    if (nw != 2) {
        nav_diag_add(r->d, r->name, r->line, 1, "'%s' takes one number", word[0]);
        return false;
    }
    if (*side >= 0) {
        nav_diag_add(r->d, r->name, r->line, 1, "'%s' given twice", word[0]);
        return false;
    }
    NumStatus st = num_parse_int(word[1], 1, NAV_GRID_MAX_SIDE, side);
    if (st != NUM_OK) {
        nav_diag_add(r->d, r->name, r->line, column(r, word[1]), "%s must be a whole number from 1 to %d, not '%s' (%s)",
                 word[0], NAV_GRID_MAX_SIDE, word[1], num_status_text(st));
        return false;
    }
    return true;
}

/* The header up to the 'map' line, every bad line reported; false when
 * one was bad or the grid's size is missing. */
static bool read_map_header(Reader *r, int *w, int *h)
{
    bool ok = true, in_map = false;
    ReadStatus rs = READ_EOF;
    while (!in_map && (rs = read_line(r)) == READ_LINE) {
        char *word[WORDS_MAX];
        int nw = text_split_words(r->buf, word, WORDS_MAX);
        if (nw == 0)
            continue;
        if (nw == 1 && strcmp(word[0], "map") == 0)
            in_map = true;
        else if (strcmp(word[0], "height") == 0)
            ok = map_side(r, word, nw, h) && ok;
        else if (strcmp(word[0], "width") == 0)
            ok = map_side(r, word, nw, w) && ok;
        else if (strcmp(word[0], "type") == 0 && nw == 2) {
            if (strcmp(word[1], "octile") != 0) {
                nav_diag_add(r->d, r->name, r->line, column(r, word[1]),
                         "map type '%s' is not supported (octile only)", word[1]);
                ok = false;
            }
        } else {
            nav_diag_add(r->d, r->name, r->line, 1, "unexpected header line (type, height, width, map)");
            ok = false;
        }
    }
    if (rs == READ_FAILED)
        ok = false;
    if (ok && !in_map) {
        nav_diag_add(r->d, r->name, r->line + 1, 1, "no 'map' line: the grid never starts");
        ok = false;
    }
    if (ok && (*w < 0 || *h < 0)) {
        nav_diag_add(r->d, r->name, r->line, 1, "no '%s' line before 'map'", *h < 0 ? "height" : "width");
        ok = false;
    }
    return ok;
}

uint8_t nav_movingai_tile_cost(char c)
{
    switch (c) {
    case '.':
    case 'G':
    case 'S':
        return 1;
    case ',':
        return NAV_MOVINGAI_ROUGH_COST;
    case '+':
        return NAV_MOVINGAI_DOOR_COST;
    default:
        return 0;
    }
}

/* The name a stream's messages carry when none is given. */
static const char *stream_name(const char *name)
{
    return name ? name : "(stream)";
}

NavStatus nav_movingai_read_map(FILE *f, const char *name, NavGrid *g, NavDiags *d)
{
    name = stream_name(name);
    if (!f) {
        nav_diag_add(d, name, 0, 0, "cannot read: no stream");
        return NAV_INVALID;
    }
    Reader r = {f, name, d, NULL, 0, 0, 0, 0, false};
    int w = -1, h = -1;
    bool ok = read_map_header(&r, &w, &h);
    ReadStatus rs = READ_EOF;
    NavGrid tmp = {0};
    if (ok && nav_grid_init(&tmp, w, h) != NAV_DONE) { /* the header's size is valid */
        out_of_memory(&r);
        ok = false;
    }
    for (int y = 0; ok && y < h; y++) {
        rs = read_line(&r);
        if (rs != READ_LINE) {
            if (rs == READ_EOF)
                nav_diag_add(d, name, r.line + 1, 1, "map has %d rows; the header says height %d", y, h);
            ok = false;
            break;
        }
        if ((int)r.len != w) {
            nav_diag_add(d, name, r.line, (int)r.len < w ? (int)r.len + 1 : w + 1,
                     "row is %zu tiles wide; the header says width %d", r.len, w);
            ok = false;
            break;
        }
        for (int x = 0; x < w; x++) {
            uint8_t c = nav_movingai_tile_cost(r.buf[x]);
            if (c)
                nav_grid_set(&tmp, x, y, c);
        }
    }
    /* after the last row only blank lines (a map is not cut short or
     * padded silently) */
    while (ok && (rs = read_line(&r)) == READ_LINE)
        if (r.len > 0) {
            nav_diag_add(d, name, r.line, 1, "line after the last row: the header says height %d", h);
            ok = false;
        }
    if (rs == READ_FAILED)
        ok = false;
    free(r.buf);
    if (!ok)
        nav_grid_deinit(&tmp);
    else
        *g = tmp;
    return reader_status(&r, ok);
}

NavStatus nav_movingai_load_map(const char *path, NavGrid *g, NavDiags *d)
{
    if (!path) {
        nav_diag_add(d, "(no path)", 0, 0, "cannot open: no file named");
        return NAV_INVALID;
    }
    FILE *f = open_file(path, "map", d);
    if (!f)
        return NAV_INVALID;
    NavStatus st = nav_movingai_read_map(f, path, g, d);
    fclose(f);
    return st;
}

bool nav_movingai_length_matches(const NavScenQuery *q, double length)
{
    if (!isfinite(length))
        return false; /* an infinite drift allowance would match it */
    double slack = 1e-9 * q->ulp; /* binary noise of the decimal value */
    double diff = length - q->optimal;
    bool printed = diff >= -q->ulp / 2 - slack && diff < q->ulp - slack; /* rounded or truncated */
    bool drifted = fabs(diff) <= q->ulp / 2 + 4e-10 * length;            /* sqrt 2 ~ 1.414213562 */
    return printed || drifted;
}

void nav_movingai_scen_free(NavScenario *s)
{
    free(s->q);
    memset(s, 0, sizeof *s);
}

static double ulp_of(const char *num)
{
    const char *dot = strchr(num, '.');
    double t = 1.0;
    if (dot)
        for (const char *p = dot + 1; *p >= '0' && *p <= '9'; p++)
            t /= 10.0;
    return t;
}

/* The longest path a 4096 x 4096 map can hold, with room to spare. */
#define SCEN_LENGTH_MAX 1e9

/* Parses one query line of 9 words into q and the map size it names; false
 * after reporting. */
static bool scen_query(Reader *r, char *word[], int nw, NavScenQuery *q, int *map_w, int *map_h)
{
    if (nw < 9) {
        nav_diag_add(r->d, r->name, r->line, 1, "expected 9 columns: bucket map width height sx sy gx gy length");
        return false;
    }
    if (nw > 9) {
        nav_diag_add(r->d, r->name, r->line, column(r, word[9]), "more than 9 columns: '%s' after the length", word[9]);
        return false;
    }
    static const char *const what[] = {"bucket", NULL, "map width", "map height", "start x",
                                       "start y", "goal x", "goal y"};
    int v[8] = {0};
    for (int i = 0; i < 8; i++) {
        if (i == 1)
            continue; /* the map's file name */
        int lo = i == 0 ? 0 : i < 4 ? 1 : 0;
        int hi = i == 0 ? 2147483647 : i < 4 ? NAV_GRID_MAX_SIDE : (i % 2 == 0 ? v[2] : v[3]) - 1;
        NumStatus st = num_parse_int(word[i], lo, hi, &v[i]);
        if (st != NUM_OK) {
            nav_diag_add(r->d, r->name, r->line, column(r, word[i]), "%s must be a whole number from %d to %d, not '%s' (%s)",
                     what[i], lo, hi, word[i], num_status_text(st));
            return false;
        }
    }
    NumStatus st = num_parse_double(word[8], 0, SCEN_LENGTH_MAX, &q->optimal);
    if (st != NUM_OK) {
        nav_diag_add(r->d, r->name, r->line, column(r, word[8]), "bad optimal length '%s' (%s)", word[8],
                 num_status_text(st));
        return false;
    }
    q->bucket = v[0];
    *map_w = v[2];
    *map_h = v[3];
    q->start = nav_pos(v[4], v[5]);
    q->goal = nav_pos(v[6], v[7]);
    q->ulp = ulp_of(word[8]);
    q->line = r->line;
    return true;
}

NavStatus nav_movingai_read_scen(FILE *f, const char *name, NavScenario *s, NavDiags *d)
{
    memset(s, 0, sizeof *s);
    name = stream_name(name);
    if (!f) {
        nav_diag_add(d, name, 0, 0, "cannot read: no stream");
        return NAV_INVALID;
    }
    Reader r = {f, name, d, NULL, 0, 0, 0, 0, false};
    int qcap = 0;
    bool ok = true, first = true;
    NavScenario out = {0};
    ReadStatus rs = READ_EOF;
    while (ok && (rs = read_line(&r)) == READ_LINE) {
        char *word[WORDS_MAX];
        int nw = text_split_words(r.buf, word, WORDS_MAX);
        if (nw == 0)
            continue;
        bool was_first = first;
        first = false;
        if (strcmp(word[0], "version") == 0) {
            double version = 0;
            if (!was_first) {
                nav_diag_add(d, name, r.line, 1, "'version' must come before the first query");
                ok = false;
            } else if (nw != 2 || num_parse_double(word[1], 0, 1e9, &version) != NUM_OK) {
                nav_diag_add(d, name, r.line, 1, "expected 'version 1'");
                ok = false;
            } else if (version < 1.0 || version >= 2.0) {
                nav_diag_add(d, name, r.line, column(&r, word[1]), "scenario version %s is not supported (1)", word[1]);
                ok = false;
            }
            continue;
        }
        NavScenQuery q;
        int mw, mh;
        if (!scen_query(&r, word, nw, &q, &mw, &mh)) {
            ok = false;
            break;
        }
        if (out.count == 0) {
            out.map_w = mw;
            out.map_h = mh;
        }
        if (out.count == NAV_MOVINGAI_QUERY_MAX) {
            nav_diag_add(d, name, r.line, 1, "more than %d queries", NAV_MOVINGAI_QUERY_MAX);
            ok = false;
            break;
        }
        if (!buf_grow_int(&out.q, &qcap, sizeof *out.q, (size_t)out.count + 1, 256)) {
            out_of_memory(&r);
            ok = false;
            break;
        }
        out.q[out.count++] = q;
    }
    if (ok && rs == READ_FAILED)
        ok = false;
    if (ok && out.count == 0) {
        nav_diag_add(d, name, 0, 0, "no queries: a scenario needs lines of bucket map width height sx sy gx gy length");
        ok = false;
    }
    free(r.buf);
    if (!ok)
        nav_movingai_scen_free(&out);
    else
        *s = out;
    return reader_status(&r, ok);
}

NavStatus nav_movingai_load_scen(const char *path, NavScenario *s, NavDiags *d)
{
    memset(s, 0, sizeof *s);
    if (!path) {
        nav_diag_add(d, "(no path)", 0, 0, "cannot open: no file named");
        return NAV_INVALID;
    }
    FILE *f = open_file(path, "scenario", d);
    if (!f)
        return NAV_INVALID;
    NavStatus st = nav_movingai_read_scen(f, path, s, d);
    fclose(f);
    return st;
}
