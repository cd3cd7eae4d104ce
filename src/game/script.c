/* SPDX-License-Identifier: MIT */
/* script.c - parses --script files: whole lines (never split), checked
 * numbers, every bad line reported as FILE:LINE:COL: message and nothing
 * runs. Pure C; main.c executes the commands. */
#include "script.h"

#include "fileio.h"
#include "text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "num.h"

enum { ARG_PIXEL, ARG_TILE, ARG_MS };
#define PIXELS " (pixels, -1000000 to 1000000)"
_Static_assert(SCRIPT_COORD_MAX == 1000000 && SCRIPT_WAIT_MAX_MS == 3600000, "ops[] names these limits");

static const struct {
    const char *name;
    ScriptOp op;
    int ints;          /* integer arguments */
    int kind;          /* what they are (ARG_...) */
    bool text;         /* one word argument */
    const char *want;  /* the arguments, for messages */
} ops[] = {
    {"click", SCRIPT_CLICK, 2, ARG_PIXEL, false, "PX PY" PIXELS},
    {"rclick", SCRIPT_RCLICK, 2, ARG_PIXEL, false, "PX PY" PIXELS},
    {"drag", SCRIPT_DRAG, 4, ARG_PIXEL, false, "PX PY PX2 PY2" PIXELS},
    {"move", SCRIPT_MOVE, 2, ARG_PIXEL, false, "PX PY" PIXELS},
    {"mousedown", SCRIPT_MOUSEDOWN, 2, ARG_PIXEL, false, "PX PY" PIXELS},
    {"mouseup", SCRIPT_MOUSEUP, 2, ARG_PIXEL, false, "PX PY" PIXELS},
    {"clicktile", SCRIPT_CLICKTILE, 2, ARG_TILE, false, "X Y (tiles, -1000000 to 1000000)"},
    {"rclicktile", SCRIPT_RCLICKTILE, 2, ARG_TILE, false, "X Y (tiles, -1000000 to 1000000)"},
    {"key", SCRIPT_KEY, 0, 0, true, "NAME (with ctrl+, shift+ or alt+ before it if held)"},
    {"keydown", SCRIPT_KEYDOWN, 0, 0, true, "NAME (with ctrl+, shift+ or alt+ before it if held)"},
    {"keyup", SCRIPT_KEYUP, 0, 0, true, "NAME (with ctrl+, shift+ or alt+ before it if held)"},
    {"wait", SCRIPT_WAIT, 1, ARG_MS, false, "MS (0 to 3600000)"},
    {"screenshot", SCRIPT_SCREENSHOT, 0, 0, true, "PATH.png"},
    {"quit", SCRIPT_QUIT, 0, 0, false, "nothing"},
    {"pad", SCRIPT_PAD, 0, 0, true, "plug, unplug, a, b, start, up, down, left or right (a virtual gamepad)"},
};
enum { OP_COUNT = sizeof ops / sizeof ops[0], WORDS_MAX = 6 };

#define COMMAND_LIST \
    "click, rclick, drag, move, mousedown, mouseup, clicktile, rclicktile, key, keydown, keyup, wait, " \
    "screenshot, quit, pad"

/* One command line (a copy the words may be cut into) -> c; false after
 * reporting. */
static bool parse_command(char *line, const char *file, int lineno, ScriptCmd *c, NavDiags *d)
{
    char *word[WORDS_MAX];
    int nw = text_split_words(line, word, WORDS_MAX);
    int col = (int)(word[0] - line) + 1, k = -1;
    for (int i = 0; i < OP_COUNT; i++)
        if (!strcmp(word[0], ops[i].name))
            k = i;
    if (k < 0) {
        nav_diag_add(d, file, lineno, col, "unknown command '%s' (" COMMAND_LIST ")", word[0]);
        return false;
    }
    int args = ops[k].text ? 1 : ops[k].ints;
    if (nw - 1 != args) {
        nav_diag_add(d, file, lineno, col, "'%s' takes %s", word[0], ops[k].want);
        return false;
    }
    *c = (ScriptCmd){ops[k].op, {0, 0, 0, 0}, NULL, lineno, col};
    for (int i = 0; i < ops[k].ints; i++) {
        int lo = ops[k].kind == ARG_MS ? 0 : -SCRIPT_COORD_MAX;
        int hi = ops[k].kind == ARG_MS ? SCRIPT_WAIT_MAX_MS : SCRIPT_COORD_MAX;
        NumStatus st = num_parse_int(word[1 + i], lo, hi, &c->arg[i]);
        if (st != NUM_OK) {
            nav_diag_add(d, file, lineno, col, "'%s' takes %s; '%s': %s", word[0], ops[k].want, word[1 + i],
                     num_status_text(st));
            return false;
        }
    }
    if (ops[k].text && !(c->text = strdup(word[1]))) {
        nav_diag_add(d, file, lineno, col, "out of memory");
        return false;
    }
    return true;
}

void script_free(Script *s)
{
    for (int i = 0; i < s->count; i++)
        free(s->cmd[i].text);
    free(s->cmd);
    free(s->file);
    memset(s, 0, sizeof *s);
}

bool script_parse(const char *text, size_t len, const char *file, Script *s, NavDiags *d)
{
    memset(s, 0, sizeof *s);
    int errors = nav_diag_total(d), cap = 0, lineno = 0;
    char *line = malloc(SCRIPT_LINE_MAX + 1);
    s->file = strdup(file);
    if (!line || !s->file) {
        free(line);
        nav_diag_add(d, file, 0, 0, "out of memory");
        script_free(s);
        return false;
    }
    for (size_t begin = 0; begin < len;) {
        const char *nl = memchr(text + begin, '\n', len - begin);
        size_t end = nl ? (size_t)(nl - text) : len, n = end - begin;
        lineno++;
        const char *src = text + begin;
        begin = end + 1;
        if (n > 0 && src[n - 1] == '\r')
            n--;
        if (n > SCRIPT_LINE_MAX) {
            nav_diag_add(d, file, lineno, 0, "line too long (more than %d bytes)", SCRIPT_LINE_MAX);
            continue;
        }
        const char *nul = memchr(src, '\0', n);
        if (nul) {
            nav_diag_add(d, file, lineno, (int)(nul - src) + 1, "NUL byte (0x00): scripts are text");
            continue;
        }
        memcpy(line, src, n);
        line[n] = '\0';
        char *p = line + strspn(line, " \t");
        if (!*p || *p == '#')
            continue;
        ScriptCmd c;
        if (!parse_command(line, file, lineno, &c, d))
            continue;
        if (!buf_grow_int(&s->cmd, &cap, sizeof *s->cmd, (size_t)s->count + 1, 32)) {
            free(c.text);
            nav_diag_add(d, file, lineno, 1, "out of memory");
            break;
        }
        s->cmd[s->count++] = c;
    }
    free(line);
    if (nav_diag_total(d) == errors && s->count == 0)
        nav_diag_add(d, file, 0, 0, "no commands: a script needs at least one (" COMMAND_LIST ")");
    if (nav_diag_total(d) > errors) {
        script_free(s);
        return false;
    }
    return true;
}

bool script_load(const char *path, Script *s, NavDiags *d)
{
    memset(s, 0, sizeof *s);
    char *buf;
    size_t len;
    int err;
    switch (fileio_read_all(path, SCRIPT_MAX_BYTES, &buf, &len, &err)) {
    case FILEIO_READ_OK: break;
    case FILEIO_READ_CANNOT_OPEN: nav_diag_add(d, path, 0, 0, "cannot open script: %s", fileio_strerror(err)); return false;
    case FILEIO_READ_FOLDER: nav_diag_add(d, path, 0, 0, "is a folder, not a script"); return false;
    case FILEIO_READ_TOO_LARGE:
        nav_diag_add(d, path, 0, 0, "script larger than %d bytes", SCRIPT_MAX_BYTES);
        return false;
    case FILEIO_READ_FAILED: nav_diag_add(d, path, 0, 0, "cannot read script: %s", strerror(err)); return false;
    case FILEIO_READ_NO_MEMORY: nav_diag_add(d, path, 0, 0, "out of memory"); return false;
    }
    bool ok = script_parse(buf, len, path, s, d);
    free(buf);
    return ok;
}
