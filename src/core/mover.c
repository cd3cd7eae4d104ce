/* mover.c - the droid's walk: a queue of tiles, one straight segment at a
 * time between tile centres, so the position only ever crosses the tiles of
 * allowed steps (and touches a diagonal's corner point, never a wall). */
#include "mover.h"

#include "iso.h"

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

void mover_init(Mover *m, TilePos at, double speed)
{
    memset(m, 0, sizeof *m);
    m->speed = speed > 0 ? speed : 1.0;
    m->facing = DIR_S;
    mover_place(m, at);
}

void mover_deinit(Mover *m)
{
    free(m->queue);
    memset(m, 0, sizeof *m);
}

void mover_place(Mover *m, TilePos at)
{
    m->tile = m->next = at;
    m->pos = m->seg_from = iso_tile_center(at);
    m->moving = false;
    m->seg_len = m->seg_done = 0.0;
    m->queue_len = m->queue_head = 0;
}

TilePos mover_plan_tile(const Mover *m)
{
    return m->moving ? m->next : m->tile;
}

int mover_remaining(const Mover *m)
{
    return (m->moving ? 1 : 0) + m->queue_len - m->queue_head;
}

static void begin_segment(Mover *m, TilePos to)
{
    WorldPos c = iso_tile_center(to);
    m->seg_from = m->pos;
    m->seg_len = hypot(c.x - m->pos.x, c.y - m->pos.y);
    m->seg_done = 0.0;
    m->next = to;
    m->moving = true;
}

bool mover_set_path(Mover *m, const Grid *g, const TilePos *steps, int n)
{
    TilePos from = mover_plan_tile(m);
    bool back = m->moving && n > 0 && tile_pos_eq(steps[0], m->tile);
    for (int i = 0; i < n; i++) {
        TilePos prev = i == 0 ? from : steps[i - 1];
        if (!grid_can_step(g, prev.x, prev.y, steps[i].x - prev.x, steps[i].y - prev.y))
            return false;
    }
    if (n > m->queue_cap) {
        TilePos *q = realloc(m->queue, (size_t)n * sizeof *q);
        if (!q)
            return false;
        m->queue = q;
        m->queue_cap = n;
    }
    int first = 0;
    if (back) {
        /* turn around on the segment we are on: it is the one we came along */
        m->tile = m->next;
        begin_segment(m, steps[0]);
        m->facing = mover_dir_of(steps[0].x - m->tile.x, steps[0].y - m->tile.y);
        first = 1;
    }
    m->queue_len = n - first;
    m->queue_head = 0;
    if (m->queue_len > 0)
        memcpy(m->queue, steps + first, (size_t)m->queue_len * sizeof *m->queue);
    return true;
}

static int emit(MoverEvent *ev, int count, int max, MoverEventType type, TilePos t, Dir8 d)
{
    if (count < max) {
        ev[count].type = type;
        ev[count].tile = t;
        ev[count].dir = d;
    }
    return count + 1;
}

int mover_update(Mover *m, double dt, MoverEvent *ev, int max)
{
    int count = 0;
    double budget = dt > 0 ? dt * m->speed : 0.0;
    if (!m->moving && m->queue_head < m->queue_len) {
        /* an idle mover with a queued path starts its first step */
        TilePos to = m->queue[m->queue_head++];
        begin_segment(m, to);
        Dir8 d = mover_dir_of(to.x - m->tile.x, to.y - m->tile.y);
        m->facing = d;
        count = emit(ev, count, max, MOVER_FACE, to, d);
    }
    while (m->moving && budget > 0.0) {
        double left = m->seg_len - m->seg_done;
        if (budget < left) {
            m->seg_done += budget;
            budget = 0.0;
        } else {
            budget -= left;
            m->seg_done = m->seg_len;
            m->tile = m->next;
            m->pos = iso_tile_center(m->tile);
            m->moving = false;
            count = emit(ev, count, max, MOVER_ARRIVE, m->tile, m->facing);
            if (m->queue_head < m->queue_len) {
                TilePos to = m->queue[m->queue_head++];
                begin_segment(m, to);
                Dir8 d = mover_dir_of(to.x - m->tile.x, to.y - m->tile.y);
                if (d != m->facing)
                    count = emit(ev, count, max, MOVER_FACE, to, d);
                m->facing = d;
            } else {
                m->queue_len = m->queue_head = 0;
                count = emit(ev, count, max, MOVER_IDLE, m->tile, m->facing);
            }
            continue;
        }
        WorldPos c = iso_tile_center(m->next);
        double t = m->seg_len > 0 ? m->seg_done / m->seg_len : 1.0;
        m->pos.x = m->seg_from.x + (c.x - m->seg_from.x) * t;
        m->pos.y = m->seg_from.y + (c.y - m->seg_from.y) * t;
    }
    return count < max ? count : max;
}
