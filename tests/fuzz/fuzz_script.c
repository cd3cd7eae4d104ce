/* SPDX-License-Identifier: MIT */
/* fuzz_script.c - the --script parser: any bytes parse or are refused with
 * messages, never half-parsed; a parsed script has at least one command,
 * each with its place and its arguments inside their ranges. */
#include <string.h>

#include "fuzz.h"
#include "script.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Script s;
    NavDiags d;
    nav_diag_clear(&d);
    if (!script_parse((const char *)data, size, "fuzz.txt", &s, &d)) {
        FUZZ_CHECK(nav_diag_total(&d) > 0);
        FUZZ_CHECK(s.cmd == NULL && s.count == 0 && s.file == NULL);
        return 0;
    }
    FUZZ_CHECK(nav_diag_total(&d) == 0 && s.count >= 1 && s.next == 0);
    FUZZ_CHECK(s.file && strcmp(s.file, "fuzz.txt") == 0);
    int last_line = 0;
    for (int i = 0; i < s.count; i++) {
        const ScriptCmd *c = &s.cmd[i];
        FUZZ_CHECK(c->line > last_line && c->col >= 1 && c->col <= SCRIPT_LINE_MAX);
        last_line = c->line;
        bool text = c->op == SCRIPT_KEY || c->op == SCRIPT_KEYDOWN || c->op == SCRIPT_KEYUP ||
                    c->op == SCRIPT_SCREENSHOT;
        FUZZ_CHECK(text == (c->text != NULL));
        if (text)
            FUZZ_CHECK(c->text[0] && !strpbrk(c->text, " \t\n"));
        for (int k = 0; k < 4; k++) {
            if (c->op == SCRIPT_WAIT && k == 0)
                FUZZ_CHECK(c->arg[k] >= 0 && c->arg[k] <= SCRIPT_WAIT_MAX_MS);
            else
                FUZZ_CHECK(c->arg[k] >= -SCRIPT_COORD_MAX && c->arg[k] <= SCRIPT_COORD_MAX);
        }
    }
    script_free(&s);
    FUZZ_CHECK(s.cmd == NULL && s.count == 0);
    return 0;
}
