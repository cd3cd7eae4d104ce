/* SPDX-License-Identifier: MIT */
/* shell_int.h - what the shell's files share (shell.h is the contract):
 *   shell.c        the mode stack, the one entry of input and its dispatch,
 *                  the pause made to match, the screen traced, the settings
 *   shell_play.c   the play's layer and the help's: keys, actions, the
 *                  pointer, held input
 *   shell_front.c  the screens around the play, the pause panel and its quit
 *                  question, the unsaved-edits question
 *   shell_jobs.c   a generated level made and the level files read, on the
 *                  platform's threads
 * Each layer's handler returns true when it kept the event, false to pass
 * it to the layer below; one that changes the stack keeps the event. */
#ifndef ISODROID_SHELL_INT_H
#define ISODROID_SHELL_INT_H

#include "shell.h"

/* A key or an action (ShellEvent KEY_* or ACTION_*), borrowed for a call. */
typedef struct ShellKey {
    const char *name; /* NULL for an action */
    unsigned mods;
    BindAction action;
} ShellKey;

/* ---- shell.c ---- */
/* The action of k where the player is (BIND_IN_*); for an action event the
 * action itself when it acts there. */
BindAction shell_key_action(const Shell *sh, const ShellKey *k, unsigned where);
/* Whether k is the key named (an action is no key). */
bool shell_key_is(const ShellKey *k, const char *name);
/* The stack's layer above the play set to m (SHELL_PLAY: none), the game's
 * question kept on top. */
void shell_set_layer(Shell *sh, ShellMode m);
/* The front screen's entry made equal to Front.screen again. */
void shell_front_sync(Shell *sh);
/* A panel or a question covers the world: no hover, no held direction sent. */
bool shell_covers_world(const Shell *sh);
/* The game may quit (no unsaved edits, or it asks first): the shell quits. */
void shell_request_quit(Shell *sh);
/* A fresh start (restart, another level) is not paused by the player. */
void shell_unpause_player(Shell *sh);
/* --trace: "screen NAME" when what is shown changed. */
void shell_trace_screen(Shell *sh);

/* ---- shell_play.c ---- */
bool shell_play_key(Shell *sh, const ShellKey *k);
bool shell_play_pointer_down(Shell *sh, const ShellEvent *e);
void shell_play_pointer_up(Shell *sh, const ShellEvent *e);
bool shell_play_pointer_move(Shell *sh, const ShellEvent *e);
bool shell_play_wheel(Shell *sh, const ShellEvent *e);
bool shell_help_event(Shell *sh, const ShellEvent *e, const ShellKey *k);
/* A step key going down or up (the held keys walk on); false for others. */
bool shell_direction_key(Shell *sh, const ShellKey *k, bool down);
void shell_hover_at(Shell *sh, int x, int y);
void shell_follow_pointer(Shell *sh);
/* Nothing held any more; tell: the rules hear of it. */
void shell_release_held(Shell *sh, bool tell);

/* ---- shell_front.c ---- */
bool shell_front_event(Shell *sh, const ShellEvent *e, const ShellKey *k);
bool shell_menu_event(Shell *sh, const ShellEvent *e, const ShellKey *k);
bool shell_unsaved_event(Shell *sh, const ShellEvent *e, const ShellKey *k);
void shell_open_menu(Shell *sh, MenuKind m);

/* ---- shell_jobs.c ---- */
void shell_gen_start(Shell *sh);
void shell_gen_poll(Shell *sh);
void shell_gen_cancel(Shell *sh);
void shell_gen_stop(Shell *sh);
/* The catalog made to match the level folders and the screens' list made
 * from it (without threads: every file read now). */
void shell_scan_levels(Shell *sh);
void shell_scan_poll(Shell *sh);
void shell_scan_free(Shell *sh);

#endif
