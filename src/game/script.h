/* SPDX-License-Identifier: MIT */
/* script.h - replayed input for --script FILE: one command a line,
 *   click PX PY | rclick PX PY | drag PX PY PX2 PY2 | move PX PY |
 *   mousedown PX PY | mouseup PX PY | clicktile X Y | rclicktile X Y |
 *   key NAME | keydown NAME | keyup NAME (NAME with ctrl+, shift+, alt+) |
 *   wait MS | screenshot PATH.png | quit
 * (README.md, "Scripts"). Blank lines and lines starting with '#' are
 * skipped. Pure C. script_load owns the commands and their texts until
 * script_free. */
#ifndef ISODROID_SCRIPT_H
#define ISODROID_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/* Limits: a larger file, a longer line or a number outside its range is an
 * error, never cut, wrapped or read as something else. */
enum {
    SCRIPT_MAX_BYTES = 1 << 20,      /* the whole file */
    SCRIPT_LINE_MAX = 8192,          /* one line, without its newline */
    SCRIPT_COORD_MAX = 1000000,      /* |PX|, |PY|, |X|, |Y| */
    SCRIPT_WAIT_MAX_MS = 3600000,    /* one wait: an hour */
};

typedef enum ScriptOp {
    SCRIPT_CLICK, SCRIPT_RCLICK, SCRIPT_DRAG, SCRIPT_MOVE, SCRIPT_MOUSEDOWN, SCRIPT_MOUSEUP,
    SCRIPT_CLICKTILE, SCRIPT_RCLICKTILE, SCRIPT_KEY, SCRIPT_KEYDOWN, SCRIPT_KEYUP,
    SCRIPT_WAIT, SCRIPT_SCREENSHOT, SCRIPT_QUIT, SCRIPT_PAD
} ScriptOp;

typedef struct ScriptCmd {
    ScriptOp op;
    int arg[4];      /* pixels, tiles, or milliseconds */
    char *text;      /* key name or screenshot path (owned by the Script), else NULL */
    int line, col;   /* where the command stands */
} ScriptCmd;

typedef struct Script {
    char *file;      /* the script's name, for messages (owned) */
    ScriptCmd *cmd;
    int count, next;
} Script;

/* Parses len bytes of script text; file names it in messages. False (and
 * *s empty) when any line is bad or there is no command at all; every
 * problem is in d as FILE:LINE:COL: message. */
bool script_parse(const char *text, size_t len, const char *file, Script *s, NavDiags *d);
/* Reads and parses a script file (at most SCRIPT_MAX_BYTES; not a folder). */
bool script_load(const char *path, Script *s, NavDiags *d);
void script_free(Script *s); /* accepts a zeroed script */

#endif
