/* SPDX-License-Identifier: MIT */
/* mover.c - the walk: a queue of tiles, one straight segment at a time
 * between tile centres, timed in integer cost units so every run of the same
 * inputs is the same to the unit. The position only ever crosses the tiles
 * of allowed steps (and touches a diagonal's corner point, never a wall). */
#include "mover.h"

#include "buf.h"
#include "hash.h"
#include "iso.h"
#include "query.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

Dir8 mover_dir_of(int dx, int dy)
{
    static const Dir8 table[3][3] = {
        {DIR_NW, DIR_N, DIR_NE}, /* dy = -1 */
        {DIR_W, DIR_E, DIR_E},   /* dy = 0 (0,0 keeps east) */
        {DIR_SW, DIR_S, DIR_SE}, /* dy = +1 */
    };
    int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
    return table[sy + 1][sx + 1];
}

/* Speeds have at most two decimals (level.h), so the units come from whole
 * hundredths in integers: the same on every build, whatever its floating
 * point (x87's extended precision included). */
uint64_t mover_speed(double tiles_per_second, int ticks_per_second)
{
    if (!(tiles_per_second > 0.0) || ticks_per_second <= 0)
        return 1;
    double h = tiles_per_second * 100.0;
    uint64_t hundredths = h < 1e9 ? (uint64_t)llround(h) : UINT64_C(1000000000); /* x 2^32 < 2^63 */
    uint64_t per = UINT64_C(100) * (uint64_t)ticks_per_second;
    uint64_t u = (hundredths * NAV_UNIT_STRAIGHT + per - 1) / per;
    return u > 0 ? u : 1;
}

/* floor(a * b / c) for b < c, exact: the product in 128 bits (two 64-bit
 * halves, since C11 has no wider integer), then long division by c. Step
 * costs reach 15 x 6074001000 (< 2^37), so a * b does not fit in 64 bits. */
static uint64_t mul_div_floor(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    uint64_t lo = (ll & 0xFFFFFFFFu) | (mid << 32);
    uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    /* b < c makes the quotient < a, so hi < c and each step's remainder stays below c */
    uint64_t q = 0, r = hi;
    for (int i = 63; i >= 0; i--) {
        uint64_t top = r >> 63;
        r = (r << 1) | ((lo >> i) & 1u);
        q <<= 1;
        if (top || r >= c) {
            r -= c;
            q |= 1u;
        }
    }
    return q;
}

uint64_t mover_step_cost(const NavGrid *g, NavPos a, NavPos b)
{
    uint64_t base = (a.x != b.x && a.y != b.y) ? NAV_UNIT_DIAGONAL : NAV_UNIT_STRAIGHT;
    return base * nav_grid_cost(g, b.x, b.y);
}

static void update_pos(Mover *m)
{
    WorldPos a = iso_tile_center(m->tile);
    if (!m->moving || m->need == 0) {
        m->pos = a;
        return;
    }
    WorldPos b = iso_tile_center(m->next);
    double t = (double)m->done / (double)m->need;
    m->pos.x = a.x + (b.x - a.x) * t;
    m->pos.y = a.y + (b.y - a.y) * t;
}

void mover_init(Mover *m, NavPos at, uint64_t speed)
{
    memset(m, 0, sizeof *m);
    m->speed = speed > 0 ? speed : 1;
    m->facing = DIR_S;
    mover_place(m, at);
}

void mover_deinit(Mover *m)
{
    free(m->queue);
    memset(m, 0, sizeof *m);
}

bool mover_copy(Mover *dst, const Mover *src)
{
    NavPos *q = dst->queue;
    if (!buf_copy(&q, src->queue, (size_t)src->queue_len * sizeof *q))
        return false;
    *dst = *src;
    dst->queue = q;
    dst->queue_cap = src->queue_len;
    return true;
}

uint64_t mover_hash(const Mover *m)
{
    uint64_t h = HASH_BASIS;
    hash_tile(&h, m->tile);
    hash_tile(&h, m->next);
    hash_u64(&h, (uint64_t)m->facing);
    hash_u64(&h, (uint64_t)m->moving);
    hash_u64(&h, m->speed);
    hash_u64(&h, m->need);
    hash_u64(&h, m->done);
    for (int i = m->queue_head; i < m->queue_len; i++)
        hash_tile(&h, m->queue[i]);
    return h;
}

void mover_place(Mover *m, NavPos at)
{
    m->tile = m->next = at;
    m->moving = false;
    m->need = m->done = 0;
    m->queue_len = m->queue_head = 0;
    update_pos(m);
}

NavPos mover_plan_tile(const Mover *m)
{
    return m->moving ? m->next : m->tile;
}

int mover_remaining(const Mover *m)
{
    return (m->moving ? 1 : 0) + m->queue_len - m->queue_head;
}

NavPos mover_walk_tile(const Mover *m, int i)
{
    if (m->moving) {
        if (i == 0)
            return m->next;
        i--;
    }
    return m->queue[m->queue_head + i];
}

static void begin_step(Mover *m, const NavGrid *g, NavPos to)
{
    m->next = to;
    m->need = mover_step_cost(g, m->tile, to);
    if (m->need == 0) /* the grid changed under a queued path: stop rather than walk into it */
        m->need = NAV_UNIT_STRAIGHT;
    m->done = 0;
    m->moving = true;
    m->facing = mover_dir_of(to.x - m->tile.x, to.y - m->tile.y);
}

bool mover_set_path(Mover *m, const NavGrid *g, const NavPos *steps, int n)
{
    NavPos from = mover_plan_tile(m);
    bool back = m->moving && n > 0 && nav_pos_eq(steps[0], m->tile);
    for (int i = 0; i < n; i++) {
        NavPos prev = i == 0 ? from : steps[i - 1];
        if (!nav_grid_can_step(g, prev.x, prev.y, steps[i].x - prev.x, steps[i].y - prev.y))
            return false;
    }
    /* exactly n: the copies of the play count it (sim_bytes) */
    size_t cap = m->queue_cap > 0 ? (size_t)m->queue_cap : 0;
    if (n > 0 && !buf_room(&m->queue, &cap, sizeof *m->queue, (size_t)n, (size_t)n, (size_t)n))
        return false;
    m->queue_cap = (int)cap;
    int first = 0;
    if (back) {
        /* turn around on the segment it is on: the part walked is the part to
         * walk back, in proportion when the two tiles cost differently; in
         * integers, so every build gives the same unit (with equal costs,
         * exactly need - done) */
        uint64_t done = m->done, need = m->need;
        NavPos was = m->tile;
        m->tile = m->next;
        begin_step(m, g, was);
        if (need == 0)
            m->done = m->need; /* (never moving without a cost; kept safe) */
        else if (done >= need)
            m->done = 0;
        else
            m->done = m->need - mul_div_floor(m->need, done, need);
        if (m->done >= m->need)
            m->done = m->need - 1;
        first = 1;
    }
    m->queue_len = n - first;
    m->queue_head = 0;
    if (m->queue_len > 0)
        memcpy(m->queue, steps + first, (size_t)m->queue_len * sizeof *m->queue);
    update_pos(m);
    return true;
}

static void emit(MoverEvent *ev, int max, int *count, MoverEventType type, NavPos t, Dir8 d)
{
    if (*count < max)
        ev[(*count)++] = (MoverEvent){type, t, d};
}

uint64_t mover_advance(Mover *m, const NavGrid *g, uint64_t budget, MoverEvent *ev, int max, int *count)
{
    *count = 0;
    if (!m->moving) {
        if (m->queue_head >= m->queue_len) {
            m->queue_len = m->queue_head = 0;
                    return 0;
        }
        begin_step(m, g, m->queue[m->queue_head++]);
        emit(ev, max, count, MOVER_STEP, m->next, m->facing);
    }
    uint64_t left = m->need - m->done;
    if (budget < left) {
        m->done += budget;
        update_pos(m);
        return budget;
    }
    m->tile = m->next;
    m->moving = false;
    m->need = m->done = 0;
    update_pos(m);
    emit(ev, max, count, MOVER_ARRIVE, m->tile, m->facing);
    if (m->queue_head >= m->queue_len) {
        m->queue_len = m->queue_head = 0;
            emit(ev, max, count, MOVER_IDLE, m->tile, m->facing);
    }
    return left;
}
