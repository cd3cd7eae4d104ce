/* movingai.c - tolerant readers for .map and .scen files as they ship:
 * tabs or spaces, "version 1" or "version 1.0", CRLF, no final newline,
 * non-square maps. */
#include "movingai.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a line without its newline and CR; false at end of file. */
static bool read_line(FILE *f, char **buf, size_t *cap, size_t *len)
{
    size_t n = 0;
    int c;
    bool any = false;
    while ((c = fgetc(f)) != EOF) {
        any = true;
        if (c == '\n')
            break;
        if (n + 1 >= *cap) {
            size_t nc = *cap ? *cap * 2 : 256;
            char *b = realloc(*buf, nc);
            if (!b)
                return false;
            *buf = b;
            *cap = nc;
        }
        (*buf)[n++] = (char)c;
    }
    if (!any)
        return false;
    while (n > 0 && ((*buf)[n - 1] == '\r' || (*buf)[n - 1] == ' ' || (*buf)[n - 1] == '\t'))
        n--;
    if (*cap == 0) {
        *buf = malloc(1);
        if (!*buf)
            return false;
        *cap = 1;
    }
    (*buf)[n] = '\0';
    *len = n;
    return true;
}

bool movingai_load_map(const char *path, Grid *g, Diags *d)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_add(d, path, 0, 0, "cannot open: %s", strerror(errno));
        return false;
    }
    char *line = NULL;
    size_t cap = 0, len = 0;
    int lineno = 0, w = -1, h = -1;
    bool ok = true, in_map = false;
    while (!in_map && read_line(f, &line, &cap, &len)) {
        lineno++;
        char key[32];
        int v;
        if (len == 0)
            continue;
        if (strcmp(line, "map") == 0)
            in_map = true;
        else if (sscanf(line, "height %d", &v) == 1)
            h = v;
        else if (sscanf(line, "width %d", &v) == 1)
            w = v;
        else if (sscanf(line, "type %31s", key) == 1) {
            if (strcmp(key, "octile") != 0) {
                diag_add(d, path, lineno, 6, "map type '%s' is not supported (octile only)", key);
                ok = false;
            }
        } else {
            diag_add(d, path, lineno, 1, "unexpected header line (type, height, width, map)");
            ok = false;
        }
    }
    if (ok && !in_map) {
        diag_add(d, path, lineno + 1, 1, "no 'map' line: the grid never starts");
        ok = false;
    }
    if (ok && (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE)) {
        diag_add(d, path, lineno, 1, "width and height must be 1..%d (got %d x %d)", GRID_MAX_SIDE, w, h);
        ok = false;
    }
    Grid tmp = {0};
    if (ok && !grid_init(&tmp, w, h)) {
        diag_add(d, path, 0, 0, "out of memory");
        ok = false;
    }
    for (int y = 0; ok && y < h; y++) {
        if (!read_line(f, &line, &cap, &len)) {
            diag_add(d, path, lineno + 1, 1, "map has %d rows; the header says height %d", y, h);
            ok = false;
            break;
        }
        lineno++;
        if ((int)len < w) {
            diag_add(d, path, lineno, (int)len + 1, "row is %zu tiles wide; the header says width %d", len, w);
            ok = false;
            break;
        }
        for (int x = 0; x < w; x++) {
            char c = line[x];
            if (c == '.' || c == 'G' || c == 'S')
                grid_set(&tmp, x, y, 1);
        }
    }
    free(line);
    fclose(f);
    if (!ok) {
        grid_deinit(&tmp);
        return false;
    }
    *g = tmp;
    return true;
}

bool movingai_length_matches(const ScenQuery *q, double length)
{
    double slack = 1e-9 * q->ulp; /* binary noise of the decimal value */
    double diff = length - q->optimal;
    bool printed = diff >= -q->ulp / 2 - slack && diff < q->ulp - slack; /* rounded or truncated */
    bool drifted = fabs(diff) <= q->ulp / 2 + 4e-10 * length;            /* sqrt 2 ~ 1.414213562 */
    return printed || drifted;
}

void movingai_scen_free(Scenario *s)
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

bool movingai_load_scen(const char *path, Scenario *s, Diags *d)
{
    memset(s, 0, sizeof *s);
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_add(d, path, 0, 0, "cannot open: %s", strerror(errno));
        return false;
    }
    char *line = NULL;
    size_t cap = 0, len = 0;
    int lineno = 0, qcap = 0;
    bool ok = true;
    Scenario out = {0};
    while (ok && read_line(f, &line, &cap, &len)) {
        lineno++;
        if (len == 0)
            continue;
        double version;
        if (lineno == 1 && sscanf(line, "version %lf", &version) == 1) {
            if (version < 1.0 || version >= 2.0) {
                diag_add(d, path, 1, 9, "scenario version %g is not supported (1)", version);
                ok = false;
            }
            continue;
        }
        ScenQuery q;
        char map[512], opt[64];
        int mw, mh;
        if (sscanf(line, "%d %511s %d %d %d %d %d %d %63s", &q.bucket, map, &mw, &mh, &q.start.x, &q.start.y,
                   &q.goal.x, &q.goal.y, opt) != 9) {
            diag_add(d, path, lineno, 1, "expected 9 columns: bucket map width height sx sy gx gy length");
            ok = false;
            break;
        }
        char *end;
        q.optimal = strtod(opt, &end);
        if (*end || q.optimal < 0) {
            diag_add(d, path, lineno, 1, "bad optimal length '%s'", opt);
            ok = false;
            break;
        }
        q.ulp = ulp_of(opt);
        q.line = lineno;
        if (out.count == 0) {
            out.map_w = mw;
            out.map_h = mh;
        }
        if (out.count == qcap) {
            qcap = qcap ? qcap * 2 : 256;
            ScenQuery *bigger = realloc(out.q, (size_t)qcap * sizeof *bigger);
            if (!bigger) {
                diag_add(d, path, 0, 0, "out of memory");
                ok = false;
                break;
            }
            out.q = bigger;
        }
        out.q[out.count++] = q;
    }
    free(line);
    fclose(f);
    if (!ok) {
        movingai_scen_free(&out);
        return false;
    }
    *s = out;
    return true;
}
