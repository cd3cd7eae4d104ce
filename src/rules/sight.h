/* SPDX-License-Identifier: MIT */
/* sight.h - the line-of-sight rule the sentries see by: range, a cone around
 * a facing, and a line between tile centres that no opaque tile crosses.
 * Pure C, no allocation. The caller says which tiles are opaque (sim.c:
 * walls, void and closed doors; water is low and does not block sight).
 *
 * The line is symmetric: sight_line(a, b) == sight_line(b, a) always. It is
 * the segment from a's centre to b's centre; every tile whose inside it
 * crosses must be clear, and where it passes exactly through a tile corner
 * the two tiles beside that corner must both be clear, the same rule as the
 * droid's no-corner-cutting step. The set of tiles is a property of the
 * segment, not of the direction it is walked in, and the walk uses exact
 * integer arithmetic, so both directions test the same tiles. The end tiles
 * themselves are not tested. */
#ifndef ISODROID_SIGHT_H
#define ISODROID_SIGHT_H

#include <stdbool.h>

#include "coord.h"

/* True when (x, y) blocks sight. ctx is the caller's. */
typedef bool (*SightOpaque)(const void *ctx, int x, int y);

/* The cone: SIGHT_CONE_DEGREES wide, centred on the facing. */
enum { SIGHT_CONE_DEGREES = 120 };

/* True when the segment between the centres of a and b crosses no opaque tile. */
bool sight_line(NavPos a, NavPos b, SightOpaque opaque, const void *ctx);
/* True when to is within range tiles (centre to centre, Euclidean) of from
 * and inside the cone around the facing (fx, fy) (a step vector, e.g. 1,-1);
 * to == from is always inside, and so is any tile next to from (the
 * sentry feels what touches it). Exact integer arithmetic. */
bool sight_in_view(NavPos from, int fx, int fy, NavPos to, int range);
/* Both: in view and a clear line. */
bool sight_sees(NavPos from, int fx, int fy, NavPos to, int range, SightOpaque opaque, const void *ctx);

#endif
