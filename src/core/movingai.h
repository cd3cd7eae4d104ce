/* movingai.h - readers for the Moving AI Lab benchmark formats: octile .map
 * grids and version 1 .scen scenario files (N. Sturtevant, 2012). Pure C.
 * Problems go to Diags as FILE:LINE:COL: message; nothing is half-loaded. */
#ifndef ISODROID_MOVINGAI_H
#define ISODROID_MOVINGAI_H

#include <stdbool.h>

#include "coord.h"
#include "diag.h"
#include "grid.h"

typedef struct ScenQuery {
    int bucket;
    TilePos start, goal;
    double optimal;    /* the length the file gives */
    double ulp;        /* one unit in its last printed decimal */
    int line;          /* where it stands in the file */
} ScenQuery;

typedef struct Scenario {
    int map_w, map_h;  /* from the first query */
    ScenQuery *q;
    int count;
} Scenario;

/* '.', 'G' and 'S' are walkable (cost 1); every other glyph is blocked.
 * Initialises g (caller deinits) only on success. */
bool movingai_load_map(const char *path, Grid *g, Diags *d);
bool movingai_load_scen(const char *path, Scenario *s, Diags *d);
void movingai_scen_free(Scenario *s); /* accepts a zeroed scenario */
/* True when length is the file's optimum as the file wrote it: rounded or
 * truncated (optimal - ulp/2 <= length < optimal + ulp), or within
 * ulp/2 + 4e-10 * length of it.
 * The shipped files round some lengths and truncate others (1 + 7 sqrt 2 =
 * 10.8994949366 is written 10.89949493), and Berlin_0_512 was computed with
 * sqrt 2 ~ 1.414213562, which drifts 3.7e-10 per diagonal below the exact
 * length (up to 1.5e-7 on its longest paths). A path that is not optimal is
 * longer by at least 1/(3 length), e.g. 4e-4 at length 750: far outside. */
bool movingai_length_matches(const ScenQuery *q, double length);

#endif
