/* script.h - replayed input for --script FILE: one command a line,
 *   click PX PY | rclick PX PY | drag PX PY PX2 PY2 | move PX PY |
 *   clicktile X Y | rclicktile X Y | key [ctrl+|shift+|alt+]NAME |
 *   wait MS | screenshot PATH.png | quit
 * (README.md, "Scripts"). Blank lines and lines starting with '#' are
 * skipped. script_load owns the command array until script_free. */
#ifndef ISODROID_SCRIPT_H
#define ISODROID_SCRIPT_H

#include <stdbool.h>

#include "diag.h"

typedef enum ScriptOp {
    SCRIPT_CLICK, SCRIPT_RCLICK, SCRIPT_DRAG, SCRIPT_MOVE, SCRIPT_CLICKTILE, SCRIPT_RCLICKTILE,
    SCRIPT_KEY, SCRIPT_WAIT, SCRIPT_SCREENSHOT, SCRIPT_QUIT
} ScriptOp;

typedef struct ScriptCmd {
    ScriptOp op;
    int arg[4];      /* pixels, tiles, or milliseconds */
    char text[256];  /* key name or screenshot path */
    int line;
} ScriptCmd;

typedef struct Script {
    ScriptCmd *cmd;
    int count, next;
} Script;

bool script_load(const char *path, Script *s, Diags *d);
void script_free(Script *s);

#endif
