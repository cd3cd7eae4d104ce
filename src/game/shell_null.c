/* SPDX-License-Identifier: MIT */
/* shell_null.c - the null platform (shell.h): the shell run with no window,
 * no sound and no threads, as headless replays and the screens' tests run
 * it. Jobs run at once, the clock stands at 0, the help has one page, and
 * nothing is under any point but the level itself (game_pick needs no
 * layout): every other entry is NULL, which the shell reads as "none".
 * Holds no state; nothing to free. */
#include "shell.h"

static double null_now_ms(void *ctx)
{
    (void)ctx;
    return 0;
}

static void null_help_pages(void *ctx, int *pages, int *cut)
{
    (void)ctx;
    *pages = 1;
    *cut = 0;
}

ShellPlatform shell_platform_null(void)
{
    return (ShellPlatform){.now_ms = null_now_ms, .help_pages = null_help_pages};
}
