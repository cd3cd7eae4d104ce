/* SPDX-License-Identifier: MIT */
/* sentry_int.h - what the sentries' two files share beyond sentry.h:
 * sentry.c (the tick, the chase field's memory) and sentry_setup.c (set-up,
 * copies, the hash). Not for other files. */
#ifndef ISODROID_SENTRY_INT_H
#define ISODROID_SENTRY_INT_H

#include <stdatomic.h>

#include "sentry.h"

/* The chase field's memory, shared by the copies of the play (one
 * reference each); whoever fills it while it is shared takes a new one. */
struct SentryField {
    atomic_int refs;
    NavField field;
};

static inline bool sentry_inside(const Sentries *s, NavPos t)
{
    return t.x >= 0 && t.y >= 0 && t.x < s->w && t.y < s->h;
}

static inline int32_t *sentry_occ_of(Sentries *s, NavPos t)
{
    return &s->occ[(size_t)t.y * (size_t)s->w + (size_t)t.x];
}

/* The sentry on t or entering it; -1 when none. */
static inline int sentry_occupant(const Sentries *s, NavPos t)
{
    return sentry_inside(s, t) ? s->occ[(size_t)t.y * (size_t)s->w + (size_t)t.x] - 1 : -1;
}

/* Back to its post's watch (a guard) or its patrol's first leg. */
void sentry_start_guard(Sentries *s, Sentry *e);
/* An empty bounded chase field of w x h tiles, one reference; NULL when
 * out of memory. */
SentryField *sentry_field_new(int w, int h);
/* Lets go of one reference; the last frees it. NULL is nothing. */
void sentry_field_release(SentryField *f);

#endif
