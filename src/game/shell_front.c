/* SPDX-License-Identifier: MIT */
/* shell_front.c - the shell's layers above the play: the screens around it
 * (front.h: title, level select, generated levels, settings, keys, ending),
 * the pause panel with its quit question, and the game's unsaved-edits
 * question. Each takes what shell.c offers it: keys through the bindings
 * table (a panel's, else the play's), clicks through the platform's
 * hit-tests; the settings changed and kept, keys rebound. */
#include "shell_int.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

/* ---- the unsaved-edits question ---- */

/* The question answered (a key or a click on its button). */
static void answer_with(Shell *sh, GameAnswer answer)
{
    ShellMode after = sh->after_unsaved;
    sh->after_unsaved = SHELL_PLAY;
    if (!game_answer(&sh->game, answer))
        return; /* (the stack loses the question at the next shell_sync_pause) */
    if (after == SHELL_LEVELS) /* the pause panel's "Levels", asked about unsaved edits */
        sh->game.campaign = true;
    if (after == SHELL_TITLE || after == SHELL_LEVELS)
        shell_open(sh, after);
    else
        sh->quit = true;
}

bool shell_unsaved_event(Shell *sh, const ShellEvent *e, const ShellKey *k)
{
    if (e->kind == SHELL_EV_POINTER_DOWN) { /* its buttons */
        int answer = e->button == SHELL_BUTTON_LEFT && sh->plat.answer ? sh->plat.answer(sh->plat.ctx, e->x, e->y) : -1;
        if (answer >= 0)
            answer_with(sh, (GameAnswer)answer);
        return true;
    }
    if (e->kind != SHELL_EV_KEY_DOWN && e->kind != SHELL_EV_ACTION_DOWN)
        return false; /* the pointer moves and the wheel turns below it */
    BindAction a = shell_key_action(sh, k, BIND_IN_ASK);
    if (a == BIND_ASK_SAVE)
        answer_with(sh, GAME_ANSWER_SAVE);
    else if (a == BIND_ASK_DISCARD)
        answer_with(sh, GAME_ANSWER_DISCARD);
    else if (a == BIND_ASK_CANCEL || a == BIND_BACK)
        answer_with(sh, GAME_ANSWER_CANCEL);
    return true;
}

/* ---- the pause panel and its quit question ---- */

void shell_open_menu(Shell *sh, MenuKind m)
{
    shell_set_layer(sh, m == MENU_QUIT ? SHELL_QUESTION : m == MENU_PAUSE ? SHELL_PAUSE : SHELL_PLAY);
    sh->menu_sel = 0;
    shell_sync_pause(sh);
}

/* The quit question answered: the title (a campaign), quitting, or back to the panel. */
static void question_choose(Shell *sh, int item)
{
    if (item == MENU_YES && sh->game.campaign)
        shell_open(sh, SHELL_TITLE); /* the level left, back to the title */
    else if (item == MENU_YES)
        shell_request_quit(sh);
    else
        shell_open_menu(sh, MENU_PAUSE);
}

/* "Quit" on the panel: the unsaved edits' own question, the title at once
 * (nothing of the level is lost), or the quit question. */
static void menu_leave(Shell *sh)
{
    Game *g = &sh->game;
    if (game_dirty(g)) {
        shell_set_layer(sh, SHELL_PLAY);
        sh->after_unsaved = g->campaign ? SHELL_TITLE : SHELL_PLAY;
        shell_request_quit(sh);
    } else if (g->campaign && (g->editing || g->sim.state.status != SIM_PLAYING)) {
        shell_open(sh, SHELL_TITLE);
    } else {
        shell_open_menu(sh, MENU_QUIT); /* asks once: quit Isodroid, or leave the level mid-play */
    }
}

/* An item of the open panel chosen (Enter, its key or a click). */
static void menu_choose(Shell *sh, int item)
{
    Game *g = &sh->game;
    if (shell_is_open(sh, SHELL_QUESTION)) {
        question_choose(sh, item);
        return;
    }
    switch (item) {
    case MENU_RESUME: shell_set_layer(sh, SHELL_PLAY); break;
    case MENU_RESTART:
        shell_set_layer(sh, SHELL_PLAY);
        shell_unpause_player(sh);
        game_restart(g);
        break;
    case MENU_LEVELS:
        if (game_request_quit(g)) { /* unsaved edits ask first: Save or Discard go on to the levels */
            g->campaign = true;
            shell_open(sh, SHELL_LEVELS);
        } else {
            sh->after_unsaved = SHELL_LEVELS;
            shell_set_layer(sh, SHELL_PLAY);
        }
        break;
    case MENU_SETTINGS:
        shell_open(sh, SHELL_SETTINGS);
        sh->front.back = FRONT_PLAY; /* Esc: back to the play */
        break;
    case MENU_LEAVE: menu_leave(sh); break;
    default: break;
    }
    shell_sync_pause(sh);
}

/* A key while the pause panel or the quit question is open (the binding table's panel keys). */
static void menu_key(Shell *sh, const ShellKey *k)
{
    bool question = shell_is_open(sh, SHELL_QUESTION);
    int items = question ? MENU_QUIT_ITEMS : MENU_PAUSE_ITEMS;
    BindAction a = shell_key_action(sh, k, BIND_IN_MENU);
    if (question) {
        if (a == BIND_YES)
            menu_choose(sh, MENU_YES);
        else if (a == BIND_BACK || a == BIND_NO)
            menu_choose(sh, MENU_NO);
        else if (a == BIND_CONFIRM)
            menu_choose(sh, sh->menu_sel);
    } else if (a == BIND_BACK || a == BIND_PAUSE) {
        menu_choose(sh, MENU_RESUME);
    } else if (a == BIND_RESTART) {
        menu_choose(sh, MENU_RESTART);
    } else if (a == BIND_QUIT) {
        menu_choose(sh, MENU_LEAVE);
    } else if (a == BIND_LEVELS) {
        menu_choose(sh, MENU_LEVELS);
    } else if (a == BIND_CONFIRM) {
        menu_choose(sh, sh->menu_sel);
    }
    if (a == BIND_STEP_UP || a == BIND_PAN_UP)
        sh->menu_sel = (sh->menu_sel + items - 1) % items;
    else if (a == BIND_STEP_DOWN || a == BIND_PAN_DOWN || a == BIND_MENU_NEXT)
        sh->menu_sel = (sh->menu_sel + 1) % items;
}

bool shell_menu_event(Shell *sh, const ShellEvent *e, const ShellKey *k)
{
    int item;
    switch (e->kind) {
    case SHELL_EV_KEY_DOWN:
    case SHELL_EV_ACTION_DOWN: menu_key(sh, k); return true;
    case SHELL_EV_POINTER_DOWN: /* the panel takes the clicks */
        item = e->button == SHELL_BUTTON_LEFT && sh->plat.menu_item ? sh->plat.menu_item(sh->plat.ctx, e->x, e->y) : -1;
        if (item >= 0)
            menu_choose(sh, item);
        return true;
    case SHELL_EV_POINTER_MOVE: /* the item under the pointer highlighted; the play hovers on below */
        item = sh->plat.menu_item ? sh->plat.menu_item(sh->plat.ctx, e->x, e->y) : -1;
        if (item >= 0)
            sh->menu_sel = item;
        return false;
    default: return false; /* the wheel zooms the level under it */
    }
}

/* ---- the screens around the play ---- */

/* Setting `item` of the settings screen changed by delta (-1 or +1). */
static void settings_change(Shell *sh, int item, int delta)
{
    Settings *set = &sh->settings;
    int *percent = item == FRONT_SET_MASTER    ? &set->master_volume
                   : item == FRONT_SET_EFFECTS ? &set->effects_volume
                   : item == FRONT_SET_MUSIC   ? &set->music_volume
                                               : NULL;
    if (percent) { /* a step of 10 up or down, within 0..100 */
        int v = *percent + 10 * delta;
        *percent = v < 0 ? 0 : v > SETTINGS_VOLUME_MAX ? SETTINGS_VOLUME_MAX : v;
    } else if (item == FRONT_SET_FULLSCREEN) {
        set->fullscreen = !set->fullscreen;
    } else if (item == FRONT_SET_MINIMAP) {
        set->minimap = !set->minimap;
    } else if (item == FRONT_SET_COLOURS) {
        set->colour_blind = !set->colour_blind;
    } else if (item == FRONT_SET_TEXT) {
        int t = set->text_size + 10 * delta;
        set->text_size = t < SETTINGS_TEXT_MIN ? SETTINGS_TEXT_MIN : t > SETTINGS_TEXT_MAX ? SETTINGS_TEXT_MAX : t;
    } else if (item == FRONT_SET_LANGUAGE) { /* system, en, de, round */
        set->language = (SettingsLanguage)(((int)set->language + delta + SETTINGS_LANG_COUNT) % SETTINGS_LANG_COUNT);
        game_trace(&sh->game, "setting %d language %s", item, settings_language_code(set->language));
        shell_settings_apply(sh);
        front_scan(&sh->front, &sh->catalog, &sh->game.progress); /* the levels' names in it */
        shell_settings_keep(sh);
        return;
    } else {
        return;
    }
    game_trace(&sh->game, "setting %d master %d effects %d music %d fullscreen %d minimap %d text %d colours %s", item,
               set->master_volume, set->effects_volume, set->music_volume, set->fullscreen, set->minimap,
               set->text_size, set->colour_blind ? "colour-blind" : "standard");
    shell_settings_apply(sh);
    shell_settings_keep(sh);
}

/* Plays level i of the level select (the campaign's, the extras', then the player's own) from its start. */
static void play_level(Shell *sh, int i)
{
    Game *g = &sh->game;
    char path[4096];
    int c = sh->front.campaign, e = sh->front.extras;
    const LevelSet *set = i < c ? &g->levels : i < c + e ? &sh->extras : &sh->own;
    if (!levelset_path(set, i < c ? i : i < c + e ? i - c : i - c - e, path, sizeof path) ||
        !game_open(g, path)) /* opened afresh, welcomed (the one shown behind the title too) */
        return;              /* game_open said why */
    shell_unpause_player(sh);
    shell_open(sh, SHELL_PLAY);
}

/* An input on the screen open, and what its choice does. */
static void front_do(Shell *sh, FrontInput in)
{
    int index = 0;
    FrontChoice c = front_input(&sh->front, in, &index);
    shell_front_sync(sh); /* front.c may have opened another screen, or gone back to the play */
    if (c == FRONT_PLAY_LEVEL)
        play_level(sh, index);
    else if (c == FRONT_QUIT)
        shell_request_quit(sh);
    else if (c == FRONT_CHANGE)
        settings_change(sh, index, sh->front.delta);
    else if (c == FRONT_GENERATE)
        shell_gen_start(sh);
    else if (c == FRONT_CANCEL_GENERATE)
        shell_gen_cancel(sh);
    shell_sync_pause(sh);
}

/* --trace: what the Keys screen's note says now ("key-note TEXT"). */
static void trace_key_note(const Shell *sh)
{
    game_trace(&sh->game, "key-note %s", sh->front.key_note);
}

/* The note after key chord became action a's: an action left with no key is named. */
static void rebind_note(Shell *sh, BindAction a, const char *chord, const bool *had)
{
    Front *f = &sh->front;
    BindAction lost = BIND_NONE; /* an action the key was taken from, left with none */
    for (int i = 0; i < f->key_count && lost == BIND_NONE; i++)
        if (had[i] && f->key_action[i] != (int)a && bindings_key_count(&sh->settings, (BindAction)f->key_action[i]) == 0)
            lost = (BindAction)f->key_action[i];
    if (lost != BIND_NONE)
        snprintf(f->key_note, sizeof f->key_note,
                 _("%s: %s.  \"%s\" has no key now: choose it to give it one, or Delete for its own"),
                 _(bindings_info(a)->label), chord, _(bindings_info(lost)->label));
    else
        snprintf(f->key_note, sizeof f->key_note, "%s: %s", _(bindings_info(a)->label), chord);
}

/* The keys' screen waits for a key: it becomes the action's (Esc: no change). */
static void rebind_key(Shell *sh, const ShellKey *k)
{
    Front *f = &sh->front;
    f->capturing = false;
    BindAction a = (BindAction)f->key_action[f->sel];
    if (shell_key_is(k, "Escape")) {
        snprintf(f->key_note, sizeof f->key_note, "%s", _("Kept as it was."));
        return;
    }
    char chord[BIND_NAME_MAX], err[120];
    const char *keys[1] = {k->name ? bindings_chord(k->name, k->mods, chord, sizeof chord) : NULL};
    BindAction other = BIND_NONE;
    bool had[BIND_COUNT]; /* which actions of the list had a key before */
    for (int i = 0; i < f->key_count; i++)
        had[i] = bindings_key_count(&sh->settings, (BindAction)f->key_action[i]) > 0;
    if (!keys[0] || !bindings_set(&sh->settings, a, keys, 1, &other, err, sizeof err)) {
        snprintf(f->key_note, sizeof f->key_note, _("Not changed: %s"), keys[0] ? err : _("no such key"));
        trace_key_note(sh);
        return;
    }
    rebind_note(sh, a, chord, had);
    game_trace(&sh->game, "key %s %s", bindings_info(a)->name, chord);
    trace_key_note(sh);
    shell_settings_keep(sh);
}

/* Delete on the keys' screen: the highlighted action's keys back to the defaults. */
static void reset_keys(Shell *sh)
{
    int index = 0;
    if (front_input(&sh->front, FRONT_LEFT, &index) != FRONT_RESET_KEYS)
        return;
    BindAction a = (BindAction)sh->front.key_action[index];
    bindings_reset(&sh->settings, a);
    snprintf(sh->front.key_note, sizeof sh->front.key_note, _("%s: back to its keys"), _(bindings_info(a)->label));
    trace_key_note(sh);
    shell_settings_keep(sh);
}

/* A digit of the seed on the generated levels' screen (Backspace: one off). */
static bool seed_key(Shell *sh, const ShellKey *k)
{
    const char *n = k->name;
    if (!n)
        return false;
    if (n[0] >= '0' && n[0] <= '9' && !n[1])
        return front_type_digit(&sh->front, n[0] - '0');
    if (!strncmp(n, "Keypad ", 7) && n[7] >= '0' && n[7] <= '9' && !n[8] && sh->front.screen == FRONT_GENERATED)
        return front_type_digit(&sh->front, n[7] - '0');
    return !strcmp(n, "Backspace") && front_type_digit(&sh->front, -1);
}

/* A key on a screen around play: the Keys screen's capture and Delete,
 * the seed's digits, else the binding table's action (a panel's, else the
 * play's: its steps, pans and zooms move the choice and change a value). */
static void front_key(Shell *sh, const ShellKey *k)
{
    if (sh->front.capturing) {
        rebind_key(sh, k);
        return;
    }
    if (sh->front.screen == FRONT_KEYS && shell_key_is(k, "Delete")) {
        reset_keys(sh);
        return;
    }
    if (seed_key(sh, k))
        return;
    BindAction a = shell_key_action(sh, k, BIND_IN_MENU);
    if (a == BIND_NONE)
        a = shell_key_action(sh, k, BIND_IN_PLAY);
    switch (a) {
    case BIND_STEP_UP:
    case BIND_PAN_UP: front_input(&sh->front, FRONT_UP, NULL); break;
    case BIND_STEP_DOWN:
    case BIND_PAN_DOWN:
    case BIND_MENU_NEXT: front_input(&sh->front, FRONT_DOWN, NULL); break;
    case BIND_STEP_LEFT:
    case BIND_PAN_LEFT:
    case BIND_ZOOM_OUT: front_do(sh, FRONT_LEFT); break;
    case BIND_STEP_RIGHT:
    case BIND_PAN_RIGHT:
    case BIND_ZOOM_IN: front_do(sh, FRONT_RIGHT); break;
    case BIND_CONFIRM:
    case BIND_PAUSE: front_do(sh, FRONT_CONFIRM); break;
    case BIND_BACK:
    case BIND_REWIND: front_do(sh, FRONT_BACK); break;
    default: break;
    }
}

/* A click on a screen around the play: a row's arrows change its value, a
 * row with arrows is highlighted, any other row is chosen (as Enter); a
 * list's "more" marks scroll it; a click on the ending goes on. */
static void front_click(Shell *sh, const ShellEvent *e)
{
    Front *f = &sh->front;
    const ShellPlatform *p = &sh->plat;
    if (e->button != SHELL_BUTTON_LEFT)
        return;
    if (f->screen == FRONT_ENDING) {
        front_do(sh, FRONT_CONFIRM);
        return;
    }
    int more = p->front_more ? p->front_more(p->ctx, e->x, e->y) : -1;
    int item = p->front_row ? p->front_row(p->ctx, e->x, e->y) : -1;
    if (more >= 0 && !f->capturing) {
        f->sel = more;
        return;
    }
    if (item < 0)
        return;
    int arrow = p->front_arrow ? p->front_arrow(p->ctx, e->x, e->y) : 0;
    f->sel = item;
    if (arrow)
        front_do(sh, arrow < 0 ? FRONT_LEFT : FRONT_RIGHT);
    else if (!front_row_adjusts(f, item))
        front_do(sh, FRONT_CONFIRM);
}

bool shell_front_event(Shell *sh, const ShellEvent *e, const ShellKey *k)
{
    switch (e->kind) {
    case SHELL_EV_KEY_DOWN:
    case SHELL_EV_ACTION_DOWN: front_key(sh, k); break;
    case SHELL_EV_POINTER_DOWN: front_click(sh, e); break;
    case SHELL_EV_POINTER_MOVE: {
        int item = sh->pointer_moved && sh->plat.front_row ? sh->plat.front_row(sh->plat.ctx, e->x, e->y) : -1;
        if (item >= 0)
            sh->front.sel = item;
        break;
    }
    case SHELL_EV_WHEEL: /* the screens' rows */
        if (e->wheel)
            front_move(&sh->front, e->wheel > 0 ? -1 : +1);
        break;
    default: break;
    }
    return true;
}
