/* SPDX-License-Identifier: MIT */
/* game_replay.c - a recording (replay.h) fed to the game at its ticks: the
 * one implementation both players of recordings use, the game's window
 * (isodroid --replay) and the headless tool (isopath replay), so both
 * print the same trace and reach the same state. No SDL. */
#include "game.h"

#include <string.h>

#include "replay.h"

GameReplayFeed game_replay_feed(Game *g, Replay *r, const char *name, FILE *err)
{
    while (r->next < r->count && r->line[r->next].tick <= g->sim.state.tick) {
        const ReplayLine *l = &r->line[r->next++];
        if (l->kind == REPLAY_END)
            return GAME_FEED_ENDED;
        if (l->kind == REPLAY_LEVEL && !game_open(g, l->path)) {
            fprintf(err, "%s:%d: the level %s does not load: %s\n", name, l->line, l->path, g->message);
            return GAME_FEED_FAILED;
        }
        uint64_t again;
        if (l->kind == REPLAY_REWIND && !replay_count_rewind(r, &g->history, l->to, &again)) {
            fprintf(err,
                    "%s:%d:1: going back to tick %llu plays %llu ticks again (from tick %llu): the recording would "
                    "play more than the %ld ticks in all (a day of play) a recording may\n",
                    name, l->line, (unsigned long long)l->to, (unsigned long long)again,
                    (unsigned long long)(l->to - again), REPLAY_MAX_TOTAL_TICKS);
            return GAME_FEED_FAILED;
        }
        if (l->kind == REPLAY_REWIND && !game_replay_rewind(g, l->to)) {
            fprintf(err, "%s:%d: cannot go back to tick %llu\n", name, l->line, (unsigned long long)l->to);
            return GAME_FEED_FAILED;
        }
        if (l->kind == REPLAY_CMD)
            game_replay_command(g, l->cmd);
    }
    return r->next >= r->count ? GAME_FEED_ENDED : GAME_FEED_GOING;
}

const char *game_screen_name(const Game *g)
{
    return g->sim.state.status != SIM_PLAYING && !g->editing ? "result" : "play";
}

int game_replay_play(Game *g, Replay *r, const char *name, FILE *err)
{
    const char *traced = "play"; /* a level given starts in play: traced from its first change */
    g->replaying = true;
    for (;;) {
        GameReplayFeed fed = game_replay_feed(g, r, name, err);
        if (fed == GAME_FEED_FAILED)
            return 1;
        if (fed == GAME_FEED_ENDED)
            break;
        game_update(g);
        g->frame_event_count = 0; /* no one to hear them */
        scene_cues_taken(&g->scene_anim);
        const char *now = game_screen_name(g);
        if (strcmp(now, traced))
            game_trace(g, "screen %s", now);
        traced = now;
    }
    g->replaying = false;
    return 0;
}
