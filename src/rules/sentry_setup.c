/* SPDX-License-Identifier: MIT */
/* sentry_setup.c - the sentries made from a level's 'S' tiles and
 * patrols, copied, freed and hashed (sentry.h); their tick is sentry.c's. */
#include "sentry.h"
#include "sentry_int.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "hash.h"

/* ---- set-up ----------------------------------------------------------------------- */

/* The facing with the longest clear view from t (ties: the first direction). */
static Dir8 open_facing(NavPos t, const SentryWorld *w)
{
    int best = -1;
    Dir8 facing = DIR_S;
    for (int d = 0; d < 8; d++) {
        int len = 0;
        while (len < SENTRY_SIGHT_RANGE) {
            NavPos n = nav_pos(t.x + nav_dir8[d][0] * (len + 1), t.y + nav_dir8[d][1] * (len + 1));
            if (w->opaque(w->ctx, n.x, n.y) || !sight_line(t, n, w->opaque, w->ctx))
                break;
            len++;
        }
        if (len > best) {
            best = len;
            facing = (Dir8)d;
        }
    }
    return facing;
}

void sentries_deinit(Sentries *s)
{
    for (int i = 0; i < s->count; i++) {
        mover_deinit(&s->list[i].mover);
        free(s->list[i].walk);
    }
    free(s->list);
    free(s->points);
    free(s->occ);
    sentry_field_release(s->field_mem);
    nav_query_destroy(s->plan);
    free(s->queue);
    free(s->events);
    memset(s, 0, sizeof *s);
}

/* Allocates what a copy of src needs (the lists sized as src's). */
static bool alloc_like(Sentries *dst, const Sentries *src)
{
    memset(dst, 0, sizeof *dst);
    dst->list = calloc((size_t)src->count, sizeof *dst->list);
    dst->occ = calloc((size_t)src->w * (size_t)src->h, sizeof *dst->occ);
    dst->queue = malloc((size_t)src->count * sizeof *dst->queue);
    dst->plan = nav_query_create(src->w, src->h);
    if (dst->list)
        dst->count = src->count; /* the movers and walks sentries_deinit frees */
    return dst->list && dst->occ && dst->queue && dst->plan;
}

bool sentries_copy(Sentries *dst, const Sentries *src, const NavGrid *grid)
{
    if (src->count == 0) {
        sentries_deinit(dst);
        *dst = *src; /* nothing allocated */
        dst->events = NULL;
        dst->event_count = dst->event_cap = 0;
        return true;
    }
    if (dst->count != src->count || dst->w != src->w || dst->h != src->h) {
        sentries_deinit(dst);
        if (!alloc_like(dst, src))
            goto fail;
    }
    Sentries keep = *dst;
    *dst = *src;
    dst->list = keep.list;
    dst->occ = keep.occ;
    dst->queue = keep.queue;
    dst->points = keep.points;
    dst->plan = keep.plan;
    /* the chase field shared, read only (fill_field) */
    dst->field_mem = src->field_mem;
    atomic_fetch_add_explicit(&dst->field_mem->refs, 1, memory_order_relaxed);
    sentry_field_release(keep.field_mem);
    dst->events = keep.events;
    dst->event_cap = keep.event_cap;
    dst->event_count = 0;
    for (int i = 0; i < src->count; i++) {
        Sentry *d = &dst->list[i];
        Mover m = d->mover;
        NavPos *walk = d->walk;
        *d = src->list[i];
        d->mover = m;
        d->walk = walk;
        if (!mover_copy(&d->mover, &src->list[i].mover) ||
            !buf_copy(&d->walk, src->list[i].walk, (size_t)src->list[i].walk_len * sizeof *walk))
            goto fail;
        d->walk_cap = src->list[i].walk_len;
    }
    memcpy(dst->occ, src->occ, (size_t)src->w * (size_t)src->h * sizeof *dst->occ);
    memcpy(dst->queue, src->queue, (size_t)src->count * sizeof *dst->queue);
    if (!buf_copy(&dst->points, src->points, (size_t)src->point_count * sizeof *dst->points))
        goto fail;
    /* the planner's search matters only while one is under way */
    if (src->planning >= 0 && nav_query_copy_search(dst->plan, src->plan, grid) != NAV_DONE)
        goto fail;
    return true;
fail:
    sentries_deinit(dst);
    return false;
}

bool sentries_init(Sentries *s, const Level *l, const SentryWorld *w, uint64_t speed)
{
    memset(s, 0, sizeof *s);
    s->w = l->w;
    s->h = l->h;
    s->speed = speed ? speed : 1;
    s->planning = -1;
    /* the 'S' glyphs, found with memchr: a big level without sentries costs
     * a fast scan, not a look at every tile */
    size_t n = (size_t)l->w * (size_t)l->h;
    int count = 0;
    for (const char *g = l->glyphs, *end = l->glyphs + n; g < end && (g = memchr(g, 'S', (size_t)(end - g))); g++)
        count++;
    if (count == 0)
        return true;
    if (count > SENTRY_MAX) /* a file cannot say so (level.c refuses it); an edit in the game might */
        count = SENTRY_MAX;
    int points = 0;
    for (int i = 0; i < l->patrol_count; i++)
        points += l->patrols[i].count;
    s->list = calloc((size_t)count, sizeof *s->list);
    s->occ = calloc((size_t)l->w * (size_t)l->h, sizeof *s->occ);
    s->queue = malloc((size_t)count * sizeof *s->queue);
    s->points = points ? malloc((size_t)points * sizeof *s->points) : NULL;
    s->plan = nav_query_create(l->w, l->h);
    s->field_mem = sentry_field_new(l->w, l->h);
    if (!s->list || !s->occ || !s->queue || (points && !s->points) || !s->plan || !s->field_mem) {
        sentries_deinit(s);
        return false;
    }
    s->field = s->field_mem->field;
    for (const char *g = l->glyphs, *end = l->glyphs + n; s->count < count && (g = memchr(g, 'S', (size_t)(end - g)));
         g++) {
        size_t i = (size_t)(g - l->glyphs);
        int x = (int)(i % (size_t)l->w), y = (int)(i / (size_t)l->w);
        Sentry *e = &s->list[s->count];
        e->id = s->count++;
        e->state = SENTRY_GUARD;
        e->post = e->last_known = e->goal = nav_pos(x, y);
        mover_init(&e->mover, e->post, s->speed);
        e->post_facing = open_facing(e->post, w);
        e->yield_to = -1;
        *sentry_occ_of(s, e->post) = e->id + 1;
    }
    /* each patrol belongs to the sentry on its first tile */
    for (int i = 0; i < l->patrol_count; i++) {
        const LevelPatrol *p = &l->patrols[i];
        int id = sentry_occupant(s, p->points[0]);
        if (id < 0 || s->list[id].patrol_count > 0)
            continue;
        Sentry *e = &s->list[id];
        int first = s->point_count;
        s->points[s->point_count++] = p->points[0];
        for (int k = 1; k < p->count; k++)
            if (nav_grid_walkable(w->grid, p->points[k].x, p->points[k].y))
                s->points[s->point_count++] = p->points[k];
        if (s->point_count - first < 2) {
            s->point_count = first;
            continue;
        }
        e->patrol_first = first;
        e->patrol_count = s->point_count - first;
    }
    s->droid_at = w->droid;
    for (int i = 0; i < s->count; i++) {
        Sentry *e = &s->list[i];
        e->state = SENTRY_RETURN; /* start_guard announces nothing for the first state */
        sentry_start_guard(s, e);
    }
    s->event_count = 0;
    return true;
}

/* ---- the hash ------------------------------------------------------------------------ */

uint64_t sentries_hash(const Sentries *s)
{
    uint64_t h = HASH_BASIS;
    hash_u64(&h, (uint64_t)s->count);
    hash_u64(&h, s->speed);
    hash_u64(&h, (uint64_t)s->field_ok);
    hash_u64(&h, s->field.max_cost);
    hash_tile(&h, s->droid_at);
    hash_u64(&h, (uint64_t)s->chasers);
    hash_u64(&h, (uint64_t)s->alerted);
    hash_u64(&h, (uint64_t)(int64_t)s->planning);
    hash_tile(&h, s->plan_from);
    hash_tile(&h, s->plan_goal);
    for (int i = 0; i < s->queue_len; i++)
        hash_u64(&h, (uint64_t)s->queue[(s->queue_head + i) % s->count]);
    for (int i = 0; i < s->count; i++) {
        const Sentry *e = &s->list[i];
        const Mover *m = &e->mover;
        hash_u64(&h, (uint64_t)e->state);
        hash_tile(&h, m->tile);
        hash_tile(&h, m->next);
        hash_u64(&h, (uint64_t)m->facing);
        hash_u64(&h, (uint64_t)m->moving);
        hash_u64(&h, m->need);
        hash_u64(&h, m->done);
        for (int k = m->queue_head; k < m->queue_len; k++)
            hash_tile(&h, m->queue[k]);
        hash_tile(&h, e->post);
        hash_u64(&h, (uint64_t)e->post_facing);
        hash_u64(&h, (uint64_t)(int64_t)e->leg);
        hash_u64(&h, (uint64_t)(int64_t)e->timer);
        hash_u64(&h, (uint64_t)(int64_t)e->phase);
        hash_u64(&h, (uint64_t)e->walking);
        hash_tile(&h, e->last_known);
        hash_tile(&h, e->goal);
        hash_u64(&h, (uint64_t)e->has_walk);
        hash_u64(&h, (uint64_t)e->queued);
        for (int k = e->walk_pos; e->has_walk && k < e->walk_len; k++)
            hash_tile(&h, e->walk[k]);
        hash_u64(&h, (uint64_t)(int64_t)e->yield_to);
    }
    return h;
}
