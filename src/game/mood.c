/* SPDX-License-Identifier: MIT */
/* mood.c - the play's mood from the sentries' states (mood.h). */
#include "mood.h"

MusicMood mood_of_play(const Sim *s)
{
    if (s->state.status != SIM_PLAYING)
        return MOOD_CALM;
    MusicMood mood = MOOD_CALM;
    for (int i = 0; i < s->state.sentries.count; i++) {
        switch (s->state.sentries.list[i].state) {
        case SENTRY_ALERT:
        case SENTRY_CHASE: return MOOD_DANGER;
        case SENTRY_SEARCH:
        case SENTRY_RETURN: mood = MOOD_WARY; break;
        default: break;
        }
    }
    return mood;
}

MusicMood mood_of_game(const Game *g)
{
    return g->editing ? MOOD_CALM : mood_of_play(&g->sim);
}
