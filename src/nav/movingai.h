/* SPDX-License-Identifier: MIT */
/* movingai.h - readers for the Moving AI Lab benchmark formats: octile .map
 * grids and version 1 .scen scenario files (N. Sturtevant, 2012). Pure C.
 * Problems go to NavDiags as FILE:LINE:COL: message; nothing is half-loaded.
 * The readers return NAV_DONE, NAV_INVALID (the file is not one: the
 * messages say why) or NAV_OUT_OF_MEMORY.
 *
 * The diagnostics d may be NULL: the same statuses, no messages kept. A
 * NULL path or stream is refused (NAV_INVALID, "cannot open: no file
 * named" for "(no path)", "cannot read: no stream"); a stream's NULL name
 * is "(stream)" in the messages. The grid or scenario to fill must not be
 * NULL. */
#ifndef ISONAV_MOVINGAI_H
#define ISONAV_MOVINGAI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "coord.h"
#include "diag.h"
#include "grid.h"
#include "status.h"

typedef struct NavScenQuery {
    int bucket;
    NavPos start, goal;
    double optimal;    /* the length the file gives */
    double ulp;        /* one unit in its last printed decimal */
    int line;          /* where it stands in the file */
} NavScenQuery;

typedef struct NavScenario {
    int map_w, map_h;  /* from the first query */
    NavScenQuery *q;
    int count;
} NavScenario;

/* Limits: a line longer than NAV_MOVINGAI_LINE_MAX bytes, a file larger than
 * NAV_MOVINGAI_FILE_MAX bytes or more than NAV_MOVINGAI_QUERY_MAX queries is refused
 * (a map side is at most NAV_GRID_MAX_SIDE, 4096). */
enum { NAV_MOVINGAI_LINE_MAX = 8192, NAV_MOVINGAI_QUERY_MAX = 1000000 };
#define NAV_MOVINGAI_FILE_MAX (64L * 1024 * 1024)

/* The weighted tiles, the game's own (docs/levels.md): rough ground and a
 * door. Not in the Moving AI set; bench/weighted/ has maps that use them. */
enum { NAV_MOVINGAI_ROUGH_COST = 3, NAV_MOVINGAI_DOOR_COST = 5 };

/* The cost of entering a map glyph: '.', 'G' and 'S' cost 1, ',' (rough
 * ground) NAV_MOVINGAI_ROUGH_COST, '+' (a door) NAV_MOVINGAI_DOOR_COST;
 * every other glyph is blocked (0). */
uint8_t nav_movingai_tile_cost(char c);

/* Each tile costs what nav_movingai_tile_cost gives its glyph. Exactly
 * `height` rows of exactly `width` tiles (trailing blanks are not tiles),
 * then nothing but blank lines: a longer row or a line after the last row
 * is an error, never cut silently. Initialises g (caller deinits)
 * only on success, else leaves it as it was. A read error, a folder and
 * running out of memory are problems like any other, never an end of file. */
NavStatus nav_movingai_load_map(const char *path, NavGrid *g, NavDiags *d);
/* A scenario: an optional "version 1" first, then lines of exactly 9
 * columns (bucket map width height sx sy gx gy length) whose coordinates lie
 * inside the width and height they give. No queries is an error. *s is
 * zeroed but for NAV_DONE (caller frees with nav_movingai_scen_free). */
NavStatus nav_movingai_load_scen(const char *path, NavScenario *s, NavDiags *d);
/* The same from an open stream; name names it in messages. */
NavStatus nav_movingai_read_map(FILE *f, const char *name, NavGrid *g, NavDiags *d);
NavStatus nav_movingai_read_scen(FILE *f, const char *name, NavScenario *s, NavDiags *d);
void nav_movingai_scen_free(NavScenario *s); /* accepts a zeroed scenario */
/* True when length is the file's optimum as the file wrote it: rounded or
 * truncated (optimal - ulp/2 <= length < optimal + ulp), or within
 * ulp/2 + 4e-10 * length of it. Never for a length that is not finite
 * (NaN, an infinity).
 * The shipped files round some lengths and truncate others (1 + 7 sqrt 2 =
 * 10.8994949366 is written 10.89949493), and Berlin_0_512 was computed with
 * sqrt 2 ~ 1.414213562, which drifts 3.7e-10 per diagonal below the exact
 * length (up to 1.5e-7 on its longest paths). A path that is not optimal is
 * longer by at least 1/(3 length), e.g. 4e-4 at length 750: far outside. */
bool nav_movingai_length_matches(const NavScenQuery *q, double length);

#endif
