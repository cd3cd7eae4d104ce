/* SPDX-License-Identifier: MIT */
/* cmd_replay.c - isopath replay RECORDING [--trace]: plays a recording
 * (replay.h) with no window and no SDL, through the game's own player of
 * recordings (game_replay_play), and prints "state HASH" (sim_hash) at its
 * end; --trace first prints the game's trace, line for line what
 * `isodroid --headless --replay RECORDING --trace` prints. The level paths
 * in the recording are opened as written (relative to the working folder).
 * Exit 0, or 1 when the recording cannot be played to its end (a level that
 * does not load, a rewind it cannot make, past REPLAY_MAX_TOTAL_TICKS), 3
 * when it does not read. Progress is neither read nor written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "isopath.h"
#include "replay.h"

int isopath_replay(int argc, char **argv)
{
    const char *file = NULL;
    bool trace = false;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--trace"))
            trace = true;
        else if (argv[i][0] == '-' && argv[i][1] == '-')
            return isopath_usage_error("unknown option '%s'", argv[i]);
        else if (!file)
            file = argv[i];
        else
            return isopath_usage_error("unexpected argument '%s'", argv[i]);
    }
    if (!file)
        return isopath_usage_error("%s", "replay needs RECORDING");
    Replay r;
    NavDiags d;
    nav_diag_clear(&d);
    if (!replay_load(file, &r, &d)) {
        isopath_print_diags(file, &d);
        return ISOPATH_EXIT_INPUT;
    }
    Game *g = calloc(1, sizeof *g);
    if (!g) {
        replay_free(&r);
        fprintf(stderr, "isopath: out of memory\n");
        return ISOPATH_EXIT_FAILURE;
    }
    nav_diag_clear(&d);
    int rc = ISOPATH_EXIT_INPUT;
    if (!game_init(g, r.level, 1280, 720, &d)) { /* isodroid's size without --size */
        isopath_print_diags(r.level, &d);
    } else {
        g->trace = trace ? stdout : NULL;
        rc = game_replay_play(g, &r, file, stderr) ? ISOPATH_EXIT_NO : ISOPATH_EXIT_OK;
        printf("state %016llx\n", (unsigned long long)sim_hash(&g->sim));
        game_deinit(g);
    }
    free(g);
    replay_free(&r);
    return rc;
}
