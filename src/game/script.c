/* script.c - parses --script files; every bad line is reported as
 * FILE:LINE:COL: message and nothing runs. */
#include "script.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    ScriptOp op;
    int ints;          /* integer arguments */
    bool text;         /* one word argument */
    const char *want;  /* the arguments, for messages */
} ops[] = {
    {"click", SCRIPT_CLICK, 2, false, "PX PY"},
    {"rclick", SCRIPT_RCLICK, 2, false, "PX PY"},
    {"drag", SCRIPT_DRAG, 4, false, "PX PY PX2 PY2"},
    {"move", SCRIPT_MOVE, 2, false, "PX PY"},
    {"clicktile", SCRIPT_CLICKTILE, 2, false, "X Y"},
    {"rclicktile", SCRIPT_RCLICKTILE, 2, false, "X Y"},
    {"key", SCRIPT_KEY, 0, true, "NAME (with ctrl+, shift+ or alt+ before it if held)"},
    {"wait", SCRIPT_WAIT, 1, false, "MS (0 or more)"},
    {"screenshot", SCRIPT_SCREENSHOT, 0, true, "PATH.png"},
    {"quit", SCRIPT_QUIT, 0, false, "nothing"},
};

bool script_load(const char *path, Script *s, Diags *d)
{
    memset(s, 0, sizeof *s);
    FILE *f = fopen(path, "r");
    if (!f) {
        diag_add(d, path, 0, 0, "cannot open script: %s", strerror(errno));
        return false;
    }
    char line[512];
    int lineno = 0, cap = 0, errors = diag_total(d);
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        char *p = line + strspn(line, " \t");
        if (!*p || *p == '#')
            continue;
        char word[32];
        int used = 0;
        sscanf(p, "%31s%n", word, &used);
        int k = -1;
        for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
            if (!strcmp(word, ops[i].name))
                k = (int)i;
        int col = (int)(p - line) + 1;
        if (k < 0) {
            diag_add(d, path, lineno, col,
                     "unknown command '%s' (click, rclick, drag, move, clicktile, rclicktile, key, wait, "
                     "screenshot, quit)",
                     word);
            continue;
        }
        ScriptCmd c = {ops[k].op, {0, 0, 0, 0}, "", lineno};
        char *rest = p + used, extra[8];
        int n = 0;
        bool ok;
        if (ops[k].text)
            ok = sscanf(rest, "%255s%n", c.text, &n) == 1;
        else if (ops[k].ints == 4)
            ok = sscanf(rest, "%d %d %d %d%n", &c.arg[0], &c.arg[1], &c.arg[2], &c.arg[3], &n) == 4;
        else if (ops[k].ints == 2)
            ok = sscanf(rest, "%d %d%n", &c.arg[0], &c.arg[1], &n) == 2;
        else if (ops[k].ints == 1)
            ok = sscanf(rest, "%d%n", &c.arg[0], &n) == 1 && c.arg[0] >= 0;
        else
            ok = true;
        ok = ok && sscanf(rest + n, "%7s", extra) != 1; /* nothing after the arguments */
        if (!ok) {
            diag_add(d, path, lineno, col, "'%s' takes %s", word, ops[k].want);
            continue;
        }
        if (s->count == cap) {
            cap = cap ? cap * 2 : 32;
            ScriptCmd *bigger = realloc(s->cmd, (size_t)cap * sizeof *bigger);
            if (!bigger) {
                diag_add(d, path, lineno, 1, "out of memory");
                break;
            }
            s->cmd = bigger;
        }
        s->cmd[s->count++] = c;
    }
    fclose(f);
    if (diag_total(d) > errors) {
        script_free(s);
        return false;
    }
    return true;
}

void script_free(Script *s)
{
    free(s->cmd);
    memset(s, 0, sizeof *s);
}
