/* SPDX-License-Identifier: MIT */
/* sight.c - the symmetric line walk (a supercover of the segment between two
 * tile centres, corners included) and the range and cone test. Integers only:
 * the same question gets the same answer on every machine. */
#include "sight.h"

#include <stdint.h>
#include <stdlib.h>

bool sight_line(NavPos a, NavPos b, SightOpaque opaque, const void *ctx)
{
    int dx = b.x - a.x, dy = b.y - a.y;
    int nx = abs(dx), ny = abs(dy);
    int sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
    int x = a.x, y = a.y;
    /* ix, iy: tile borders crossed so far along x and y. The segment meets
     * the next x border at t = (2 ix + 1) / (2 nx), the next y border at
     * (2 iy + 1) / (2 ny); cross-multiplied, the comparison is exact. */
    for (int ix = 0, iy = 0; ix < nx || iy < ny;) {
        int64_t cmp = (int64_t)(2 * ix + 1) * ny - (int64_t)(2 * iy + 1) * nx;
        if (cmp == 0) {
            /* through a corner: the two tiles beside it, then the diagonal one */
            if (opaque(ctx, x + sx, y) || opaque(ctx, x, y + sy))
                return false;
            x += sx;
            y += sy;
            ix++;
            iy++;
        } else if (cmp < 0) {
            x += sx;
            ix++;
        } else {
            y += sy;
            iy++;
        }
        if ((x != b.x || y != b.y) && opaque(ctx, x, y))
            return false;
    }
    return true;
}

bool sight_in_view(NavPos from, int fx, int fy, NavPos to, int range)
{
    int64_t dx = to.x - from.x, dy = to.y - from.y;
    int64_t d2 = dx * dx + dy * dy;
    if (d2 <= 2)
        return true;
    if (d2 > (int64_t)range * range)
        return false;
    /* angle to the facing at most half the cone (60 degrees): cos >= 1/2,
     * that is dot >= |d| |f| / 2, squared as 4 dot^2 >= d2 f2 with dot > 0 */
    int64_t dot = dx * fx + dy * fy, f2 = (int64_t)fx * fx + (int64_t)fy * fy;
    return dot > 0 && 4 * dot * dot >= d2 * f2;
}

bool sight_sees(NavPos from, int fx, int fy, NavPos to, int range, SightOpaque opaque, const void *ctx)
{
    return sight_in_view(from, fx, fy, to, range) && sight_line(from, to, opaque, ctx);
}
