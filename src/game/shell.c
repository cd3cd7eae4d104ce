/* SPDX-License-Identifier: MIT */
/* shell.c - the shell's mode stack and its one entry of input (shell.h):
 * what every event does whoever has it (the pointer's place, held keys let
 * go, the focus), then the one place that decides who gets it, the top of
 * the stack down; the pause made to match what is open, the screen traced,
 * the settings applied and kept. */
#include "shell_int.h"

#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "replay.h"

void shell_init(Shell *sh, ShellPlatform plat)
{
    sh->plat = plat;
    sh->stack[0] = SHELL_PLAY;
    sh->depth = 1;
    sh->screen_traced = "play"; /* a level given starts in play: traced from its first change */
}

void shell_deinit(Shell *sh)
{
    free(sh->settings_path);
    sh->settings_path = NULL;
    shell_gen_stop(sh); /* quitting while a level is made */
    shell_scan_free(sh);
    front_free(&sh->front);
    levelset_free(&sh->extras);
    levelset_free(&sh->own);
    game_deinit(&sh->game);
}

/* ---- the stack ---- */

ShellMode shell_top(const Shell *sh)
{
    return sh->depth > 0 ? sh->stack[sh->depth - 1] : SHELL_PLAY;
}

bool shell_is_open(const Shell *sh, ShellMode m)
{
    for (int i = 0; i < sh->depth; i++)
        if (sh->stack[i] == m)
            return true;
    return false;
}

static bool is_front(ShellMode m)
{
    return m >= SHELL_TITLE && m <= SHELL_ENDING;
}

bool shell_on_front(const Shell *sh)
{
    for (int i = 0; i < sh->depth; i++)
        if (is_front(sh->stack[i]))
            return true;
    return false;
}

MenuKind shell_menu(const Shell *sh)
{
    return shell_is_open(sh, SHELL_QUESTION) ? MENU_QUIT : shell_is_open(sh, SHELL_PAUSE) ? MENU_PAUSE : MENU_NONE;
}

void shell_set_layer(Shell *sh, ShellMode m)
{
    bool asking = shell_top(sh) == SHELL_UNSAVED;
    sh->depth = 1;
    if (m != SHELL_PLAY)
        sh->stack[sh->depth++] = m;
    if (asking)
        sh->stack[sh->depth++] = SHELL_UNSAVED;
}

/* Front's screens are the stack's modes SHELL_TITLE .. SHELL_ENDING, in order. */
static ShellMode front_mode(FrontScreen s)
{
    return s == FRONT_PLAY ? SHELL_PLAY : (ShellMode)(SHELL_TITLE + (s - FRONT_TITLE));
}

void shell_front_sync(Shell *sh)
{
    ShellMode want = front_mode(sh->front.screen);
    if (want != SHELL_PLAY || shell_on_front(sh))
        shell_set_layer(sh, want);
}

/* The game asks its question (Game.ask) on top of whatever is open, and
 * the stack loses it once answered. */
static void sync_ask(Shell *sh)
{
    bool asking = sh->game.ask != GAME_ASK_NONE, shown = shell_top(sh) == SHELL_UNSAVED;
    if (asking && !shown && sh->depth < SHELL_STACK_MAX)
        sh->stack[sh->depth++] = SHELL_UNSAVED;
    else if (!asking && shown)
        sh->depth--;
}

bool shell_covers_world(const Shell *sh)
{
    return shell_is_open(sh, SHELL_PAUSE) || shell_is_open(sh, SHELL_QUESTION) || shell_is_open(sh, SHELL_HELP) ||
           sh->game.ask != GAME_ASK_NONE;
}

void shell_sync_pause(Shell *sh)
{
    Game *g = &sh->game;
    sync_ask(sh);
    const struct {
        unsigned why;
        bool on;
    } now[] = {
        {GAME_PAUSE_HELP, shell_is_open(sh, SHELL_HELP)},
        {GAME_PAUSE_MENU, shell_top(sh) != SHELL_PLAY && shell_top(sh) != SHELL_HELP},
        {GAME_PAUSE_FOCUS, sh->focus_lost || sh->hidden},
    };
    for (size_t i = 0; i < sizeof now / sizeof now[0]; i++)
        if (((g->pause & now[i].why) != 0) != now[i].on)
            game_set_pause(g, now[i].why, now[i].on);
}

void shell_unpause_player(Shell *sh)
{
    if (sh->game.pause & GAME_PAUSE_PLAYER)
        game_set_pause(&sh->game, GAME_PAUSE_PLAYER, false);
}

void shell_request_quit(Shell *sh)
{
    if (game_request_quit(&sh->game))
        sh->quit = true;
}

const char *shell_screen_name(const Shell *sh)
{
    ShellMode m = shell_top(sh);
    if (m == SHELL_UNSAVED && sh->front.screen != FRONT_PLAY)
        m = front_mode(sh->front.screen); /* a screen around the play is named, asked over or not */
    if (is_front(m))
        return front_screen_name(sh->front.screen);
    if (m == SHELL_UNSAVED)
        return "unsaved"; /* the unsaved edits: save, discard, go back */
    if (m == SHELL_QUESTION)
        return "question"; /* Quit? (or leave the level?) Yes / No */
    if (m == SHELL_PAUSE)
        return "pause";
    return game_screen_name(&sh->game);
}

void shell_trace_screen(Shell *sh)
{
    sync_ask(sh); /* a question the game opened itself (a switch after a win) */
    const char *now = shell_screen_name(sh);
    if (!sh->screen_traced || strcmp(now, sh->screen_traced))
        game_trace(&sh->game, "screen %s", now);
    sh->screen_traced = now;
}

void shell_open(Shell *sh, ShellMode m)
{
    FrontScreen s = is_front(m) ? (FrontScreen)(FRONT_TITLE + (m - SHELL_TITLE)) : FRONT_PLAY;
    if (s == FRONT_TITLE || s == FRONT_LEVELS || s == FRONT_ENDING)
        shell_scan_levels(sh);
    front_open(&sh->front, s);
    shell_set_layer(sh, front_mode(s));
    shell_release_held(sh, true);
    shell_sync_pause(sh);
}

void shell_begin(Shell *sh, const ShellStart *st)
{
    Game *g = &sh->game;
    g->trace = st->trace;
    g->replaying = st->replaying;
    g->campaign = st->campaign;
    progress_load(&g->progress, st->progress);
    /* the game's levels are never written over: the editor saves a copy among the player's */
    game_set_level_folders(g, st->shipped, st->own);
    if (g->progress.error[0])
        game_say(g, 10.0, "%s", g->progress.error);
    i18n_set_language(settings_language_code(sh->settings.language)); /* before the first words */
    if (g->campaign)
        shell_start_campaign(sh, st->day_seed);
    g->show_minimap = sh->settings.minimap;
    shell_settings_apply(sh);
    if (sh->settings.error[0])
        game_say(g, 10.0, "%s", sh->settings.error);
    if (st->record) {
        g->record = st->record;
        replay_write_header(st->record, g->path);
    }
}

GameReplayFeed shell_replay_feed(Shell *sh, struct Replay *r, const char *name, FILE *err)
{
    if (!sh->game.replaying)
        return GAME_FEED_GOING;
    GameReplayFeed fed = game_replay_feed(&sh->game, r, name, err);
    if (fed == GAME_FEED_ENDED)
        sh->game.replaying = false;
    return fed;
}

void shell_end(Shell *sh, bool state)
{
    Game *g = &sh->game;
    if (g->record)
        fprintf(g->record, "%llu end\n", (unsigned long long)g->sim.state.tick);
    g->record = NULL;
    if (state)
        game_trace(g, "state %016llx", (unsigned long long)sim_hash(&g->sim));
}

void shell_start_campaign(Shell *sh, unsigned long long day_seed)
{
    sh->front.day_seed = day_seed;
    char extra[4096];
    if (snprintf(extra, sizeof extra, "%s/extra", sh->game.levels.dir) < (int)sizeof extra)
        levelset_scan(&sh->extras, extra); /* none: no extras */
    shell_open(sh, SHELL_TITLE);
}

/* ---- keys ---- */

BindAction shell_key_action(const Shell *sh, const ShellKey *k, unsigned where)
{
    if (!k->name)
        return k->action != BIND_NONE && (bindings_info(k->action)->where & where) ? k->action : BIND_NONE;
    char chord[BIND_NAME_MAX];
    if (!bindings_chord(k->name, k->mods, chord, sizeof chord))
        return BIND_NONE;
    return bindings_action_for_key(&sh->settings, chord, where);
}

bool shell_key_is(const ShellKey *k, const char *name)
{
    return k->name && !strcmp(k->name, name);
}

/* The screenshot key, everywhere but while a key is being rebound. */
static bool screenshot_key(Shell *sh, const ShellKey *k)
{
    char chord[BIND_NAME_MAX];
    bool is = k->name ? bindings_chord(k->name, k->mods, chord, sizeof chord) &&
                            bindings_key_is(&sh->settings, BIND_SCREENSHOT, chord)
                      : k->action == BIND_SCREENSHOT;
    if (!is || sh->front.capturing)
        return false;
    if (sh->plat.screenshot)
        sh->plat.screenshot(sh->plat.ctx);
    return true;
}

static bool is_shift(const ShellKey *k)
{
    return shell_key_is(k, "Left Shift") || shell_key_is(k, "Right Shift");
}

/* ---- who gets an input: the one place ---- */

/* The layer m's handler: true when it kept the event. */
static bool layer_event(Shell *sh, ShellMode m, const ShellEvent *e, const ShellKey *k)
{
    switch (m) {
    case SHELL_UNSAVED: return shell_unsaved_event(sh, e, k);
    case SHELL_PAUSE:
    case SHELL_QUESTION: return shell_menu_event(sh, e, k);
    case SHELL_HELP: return shell_help_event(sh, e, k);
    case SHELL_PLAY:
        switch (e->kind) {
        case SHELL_EV_KEY_DOWN:
        case SHELL_EV_ACTION_DOWN: return shell_play_key(sh, k);
        case SHELL_EV_POINTER_DOWN: return shell_play_pointer_down(sh, e);
        case SHELL_EV_POINTER_MOVE: return shell_play_pointer_move(sh, e);
        case SHELL_EV_WHEEL: return shell_play_wheel(sh, e);
        default: return true;
        }
    default: return shell_front_event(sh, e, k);
    }
}

/* The event offered to the stack from its top down, until a layer keeps it. */
static void dispatch(Shell *sh, const ShellEvent *e, const ShellKey *k)
{
    for (int i = sh->depth - 1; i >= 0; i--)
        if (layer_event(sh, sh->stack[i], e, k))
            return;
}

/* The pointer moved: a drag pans (and is no lure then), its place kept;
 * true when the player moved it (not the window's first report of where it
 * stands): only that picks a screen's row. */
static bool pointer_moved(Shell *sh, int x, int y)
{
    if (sh->dragging) {
        if (abs(x - sh->right_x) + abs(y - sh->right_y) > 4)
            sh->right_click = false; /* a drag pans: no lure */
        game_pan(&sh->game, x - sh->drag_x, y - sh->drag_y);
        sh->drag_x = x;
        sh->drag_y = y;
    }
    bool moved = sh->pointer_in && (x != sh->mouse_x || y != sh->mouse_y);
    sh->mouse_x = x;
    sh->mouse_y = y;
    sh->pointer_in = true;
    return moved;
}

/* What an event does whoever has it; false when no layer is offered it. */
static bool before_dispatch(Shell *sh, const ShellEvent *e, const ShellKey *k)
{
    switch (e->kind) {
    case SHELL_EV_KEY_DOWN:
        if (is_shift(k))
            sh->shift_down = true;
        return !screenshot_key(sh, k);
    case SHELL_EV_KEY_UP:
    case SHELL_EV_ACTION_UP:
        if (is_shift(k))
            sh->shift_down = false;
        shell_direction_key(sh, &(ShellKey){k->name, 0, k->action}, false); /* released: the key alone */
        return false;
    case SHELL_EV_ACTION_DOWN: return !screenshot_key(sh, k);
    case SHELL_EV_POINTER_UP: shell_play_pointer_up(sh, e); return false; /* lets go of what a press began */
    case SHELL_EV_POINTER_MOVE: sh->pointer_moved = pointer_moved(sh, e->x, e->y); return true;
    case SHELL_EV_FOCUS_LOST:
        sh->focus_lost = true;
        sh->shift_down = false;
        shell_release_held(sh, true);
        return false;
    case SHELL_EV_FOCUS_GAINED: sh->focus_lost = false; return false;
    case SHELL_EV_HIDDEN: sh->hidden = true; return false;
    case SHELL_EV_SHOWN: sh->hidden = false; return false;
    case SHELL_EV_QUIT: shell_request_quit(sh); return false;
    default: return true;
    }
}

void shell_event(Shell *sh, const ShellEvent *e)
{
    ShellKey k = {e->key, e->mods, e->kind == SHELL_EV_ACTION_DOWN || e->kind == SHELL_EV_ACTION_UP ? e->action
                                                                                                   : BIND_NONE};
    if (e->kind == SHELL_EV_ACTION_DOWN || e->kind == SHELL_EV_ACTION_UP)
        k.name = NULL;
    sync_ask(sh);
    if (before_dispatch(sh, e, &k))
        dispatch(sh, e, &k);
    if (e->kind == SHELL_EV_KEY_DOWN || e->kind == SHELL_EV_ACTION_DOWN) {
        shell_sync_pause(sh);
        if (sh->pointer_in)
            shell_hover_at(sh, sh->mouse_x, sh->mouse_y); /* the view or the level may have changed under it */
    }
    shell_sync_pause(sh);
    shell_trace_screen(sh);
}

/* ---- a frame, a tick ---- */

void shell_frame(Shell *sh)
{
    shell_gen_poll(sh);
    shell_scan_poll(sh);
    if (sh->game.ending_due) { /* the player went on after the campaign's last win */
        sh->game.ending_due = false;
        shell_open(sh, SHELL_ENDING);
    }
    shell_trace_screen(sh);
}

void shell_tick(Shell *sh)
{
    shell_follow_pointer(sh);
    game_update(&sh->game);
    shell_trace_screen(sh); /* a win or a loss shows the result */
    if (sh->pointer_in)
        shell_hover_at(sh, sh->mouse_x, sh->mouse_y); /* the camera may move under a still pointer */
}

/* ---- the settings ---- */

void shell_settings_keep(Shell *sh)
{
    if (sh->settings_path && !settings_save(&sh->settings, sh->settings_path))
        game_say(&sh->game, 8.0, "%s", sh->settings.error);
}

void shell_settings_apply(Shell *sh)
{
    const Settings *set = &sh->settings;
    const ShellPlatform *p = &sh->plat;
    if (p->set_volume)
        p->set_volume(p->ctx, set->master_volume, set->effects_volume, set->music_volume);
    sh->game.text_size = set->text_size;
    i18n_set_language(settings_language_code(set->language));
    if (p->fullscreen && p->set_fullscreen && set->fullscreen != p->fullscreen(p->ctx))
        p->set_fullscreen(p->ctx, set->fullscreen);
}

void shell_note_window(Shell *sh, int w, int h)
{
    if (sh->plat.fullscreen && sh->plat.fullscreen(sh->plat.ctx))
        return;
    if (w >= SETTINGS_WINDOW_MIN && h >= SETTINGS_WINDOW_MIN) {
        sh->settings.window_w = w;
        sh->settings.window_h = h;
    }
}
