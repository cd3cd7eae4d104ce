/* SPDX-License-Identifier: MIT */
/* runs.c - a path as straight runs (runs.h): growing the array and finding
 * a tile in it. */
#include "runs.h"

#include <stdlib.h>

#include "buf.h"

bool runs_room(NavRuns *r, uint64_t more)
{
    return buf_grow(&r->run, &r->cap, sizeof *r->run, (uint64_t)r->n + more, 64);
}

uint32_t runs_tile(NavRuns *r, const int boff[8], int i)
{
    uint32_t k = (uint32_t)i, at = r->cursor;
    if (at >= r->n || k >= r->run[at].end || (at > 0 && k < r->run[at - 1].end)) {
        /* not the run of the last call: the next one, or halving */
        if (at + 1 < r->n && k >= r->run[at].end && k < r->run[at + 1].end) {
            at++;
        } else {
            uint32_t lo = 0, hi = r->n - 1;
            while (lo < hi) {
                uint32_t mid = lo + (hi - lo) / 2;
                if (k < r->run[mid].end)
                    hi = mid;
                else
                    lo = mid + 1;
            }
            at = lo;
        }
        r->cursor = at;
    }
    uint32_t first = at ? r->run[at - 1].end : 0;
    return r->run[at].from + (k - first + 1) * (uint32_t)boff[r->run[at].dir];
}

void runs_free(NavRuns *r)
{
    free(r->run);
    *r = (NavRuns){0};
}
