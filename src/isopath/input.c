/* SPDX-License-Identifier: MIT */
/* input.c - what the commands share beside main.c's parsing: the files
 * 'isopath path' and 'check' read (level files and Moving AI maps, told
 * apart by name or first line), the FILE... [--json] arguments of check
 * and tour, and the problems a loader found as JSON (json.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isopath.h"
#include "level.h"
#include "movingai.h"

enum { SNIFF_BYTES = 256 };

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

/* Only a regular file is a map here: the Moving AI reader would wait for
 * ever on a named pipe, while the level loader names a pipe, a device, a
 * folder or a missing file at once. */
bool isopath_is_movingai(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
        return false;
    if (ends_with(path, ".map"))
        return true;
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char buf[SNIFF_BYTES + 1];
    size_t n = fread(buf, 1, SNIFF_BYTES, f);
    fclose(f);
    buf[n] = '\0';
    const char *p = buf + strspn(buf, " \t\r\n");
    return strncmp(p, "type", 4) == 0 && (p[4] == ' ' || p[4] == '\t');
}

/* ---- standard input: "-" where a level or a map is read ---------------------- */
static char *stdin_text; /* all of standard input, read at its first use */
static size_t stdin_len;
static bool stdin_done;

/* Standard input, read whole at the first call (later ones get the same
 * bytes); ISOPATH_EXIT_OK, else the exit code after saying why in d. */
static int read_stdin(NavDiags *d)
{
    if (stdin_done)
        return stdin_text ? ISOPATH_EXIT_OK : ISOPATH_EXIT_INPUT;
    stdin_done = true;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        len += fread(buf + len, 1, cap - len, stdin);
        if (len < cap || len > (size_t)LEVEL_MAX_FILE_BYTES)
            break;
        char *more = realloc(buf, cap * 2 + 1);
        if (!more) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = more;
        cap *= 2;
    }
    if (!buf) {
        nav_diag_add(d, "-", 0, 0, "out of memory");
        return ISOPATH_EXIT_FAILURE;
    }
    if (ferror(stdin) || len > (size_t)LEVEL_MAX_FILE_BYTES) {
        if (ferror(stdin))
            nav_diag_add(d, "-", 0, 0, "read error on standard input");
        else
            nav_diag_add(d, "-", 0, 0, "standard input larger than %ld bytes", LEVEL_MAX_FILE_BYTES);
        free(buf);
        return ISOPATH_EXIT_INPUT;
    }
    buf[len] = '\0';
    stdin_text = buf;
    stdin_len = len;
    return ISOPATH_EXIT_OK;
}

FILE *isopath_stdin_open(NavDiags *d, int *rc)
{
    if ((*rc = read_stdin(d)) != ISOPATH_EXIT_OK)
        return NULL;
    /* fmemopen wants at least a byte: an empty input reads as the file "" would */
    FILE *f = stdin_len ? fmemopen(stdin_text, stdin_len, "rb") : fopen("/dev/null", "rb");
    if (!f) {
        nav_diag_add(d, "-", 0, 0, "out of memory");
        *rc = ISOPATH_EXIT_FAILURE;
    }
    return f;
}

void isopath_stdin_free(void)
{
    free(stdin_text);
    stdin_text = NULL;
    stdin_len = 0;
}

/* A Moving AI map on standard input: its first word is "type" */
static bool stdin_is_movingai(void)
{
    const char *p = stdin_text + strspn(stdin_text, " \t\r\n");
    return strncmp(p, "type", 4) == 0 && (p[4] == ' ' || p[4] == '\t');
}

int isopath_input_load(const char *path, bool maps, IsopathInput *in, NavDiags *d)
{
    memset(in, 0, sizeof *in);
    nav_diag_clear(d);
    if (strcmp(path, "-") == 0) {
        int rc = read_stdin(d);
        if (rc != ISOPATH_EXIT_OK)
            return rc;
        in->movingai = maps && stdin_is_movingai();
        if (in->movingai) {
            FILE *f = isopath_stdin_open(d, &rc);
            if (!f)
                return rc;
            rc = isopath_load_exit(nav_movingai_read_map(f, "-", &in->grid, d));
            fclose(f);
            return rc;
        }
        if (!level_parse(stdin_text, stdin_len, "-", &in->level, d))
            return ISOPATH_EXIT_INPUT;
    } else {
        in->movingai = maps && isopath_is_movingai(path);
        if (in->movingai)
            return isopath_load_exit(nav_movingai_load_map(path, &in->grid, d));
        if (!level_load(path, &in->level, d))
            return ISOPATH_EXIT_INPUT;
    }
    if (!level_build_grid(&in->level, &in->grid)) {
        nav_diag_add(d, path, 0, 0, "out of memory");
        level_free(&in->level);
        return ISOPATH_EXIT_FAILURE;
    }
    return ISOPATH_EXIT_OK;
}

void isopath_input_free(IsopathInput *in)
{
    nav_grid_deinit(&in->grid);
    level_free(&in->level);
}

/* A number of at least one digit at *s, moved past; -1 without one. */
static long scan_number(const char **s)
{
    if (**s < '0' || **s > '9')
        return -1;
    long v = 0;
    for (; **s >= '0' && **s <= '9'; ++*s)
        if (v < 100000000L)
            v = v * 10 + (**s - '0');
    return v;
}

/* The message after "FILE: ", "FILE:LINE: " or "FILE:LINE:COL: " (the
 * forms nav_diag_add writes), with *line and *col (-1 where absent); NULL
 * when msg has none of these forms for this file. */
static const char *split_place(const char *msg, const char *file, long *line, long *col)
{
    size_t n = strlen(file);
    *line = *col = -1;
    if (strncmp(msg, file, n) != 0 || msg[n] != ':')
        return NULL;
    const char *p = msg + n + 1;
    if (*p != ' ') {
        if ((*line = scan_number(&p)) < 0 || *p++ != ':')
            return NULL;
        if (*p != ' ' && ((*col = scan_number(&p)) < 0 || *p++ != ':'))
            return NULL;
    }
    return *p == ' ' ? p + 1 : NULL;
}

bool isopath_diag_at_line(const char *msg)
{
    /* FILE:LINE: or FILE:LINE:COL: with FILE not empty (a name may hold ':') */
    for (const char *p = strchr(msg, ':'); p; p = strchr(p + 1, ':')) {
        const char *q = p + 1;
        if (p == msg || scan_number(&q) < 0 || *q != ':')
            continue;
        return true;
    }
    return false;
}

static void write_problem(Json *j, const char *file, long line, long col, const char *text)
{
    json_object_begin(j);
    json_member_string(j, "file", file);
    json_key(j, "line");
    line >= 0 ? json_int(j, line) : json_null(j);
    json_key(j, "col");
    col >= 0 ? json_int(j, col) : json_null(j);
    json_member_string(j, "message", text);
    json_object_end(j);
}

/* One problem as an object: the line and column are null where the message
 * gives none; a message of another form is kept whole. */
static void json_problem(Json *j, const char *file, const char *msg)
{
    long line, col;
    const char *text = split_place(msg, file, &line, &col);
    if (text)
        write_problem(j, file, line, col, text);
    else
        write_problem(j, file, -1, -1, msg);
}

void isopath_json_diags(Json *j, const char *file, const NavDiags *d)
{
    for (int k = 0; d && k < d->count; k++)
        json_problem(j, file, d->msg[k]);
    if (d && d->dropped) {
        char more[64];
        snprintf(more, sizeof more, "(and %d more)", d->dropped);
        write_problem(j, file, -1, -1, more);
    }
}

void isopath_json_problems(Json *j, const char *file, const NavDiags *d)
{
    json_key(j, "problems");
    json_array_begin(j);
    isopath_json_diags(j, file, d);
    json_array_end(j);
}

/* The arguments after the command: FILE... and --json. False after a usage
 * error (an unknown option; no file: the message none). */
static bool file_args(int argc, char **argv, bool *json, const char *none)
{
    int files = 0;
    *json = false;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            *json = true;
        else if (argv[i][0] == '-' && argv[i][1] == '-') {
            isopath_usage_error("unknown option '%s'", argv[i]);
            return false;
        } else
            files++;
    }
    if (files == 0)
        isopath_usage_error("%s", none);
    return files > 0;
}

int isopath_json_finish(Json *j)
{
    if (json_finish(j))
        return ISOPATH_EXIT_OK;
    return isopath_stdout_failed("the JSON", 0);
}

int isopath_each_file(int argc, char **argv, const char *none, const char *list_key,
                      int (*one)(const char *file, Json *j))
{
    bool json;
    if (!file_args(argc, argv, &json, none))
        return ISOPATH_EXIT_USAGE;
    Json j;
    json_init(&j, stdout);
    if (json) {
        json_object_begin(&j);
        json_key(&j, list_key);
        json_array_begin(&j);
    }
    int rc = ISOPATH_EXIT_OK;
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--json") != 0)
            rc = isopath_exit_max(rc, one(argv[i], json ? &j : NULL));
    if (json) {
        json_array_end(&j);
        json_member_bool(&j, "ok", rc == ISOPATH_EXIT_OK);
        json_object_end(&j);
        rc = isopath_exit_max(rc, isopath_json_finish(&j));
    }
    return rc;
}
