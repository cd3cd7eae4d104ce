/* SPDX-License-Identifier: MIT */
/* app.h - what the files of the isodroid program share: the App (the
 * window, the game and the screens around it, for the whole run), the
 * options it was started with, and each file's functions that others call.
 *
 * Lifetimes. main owns the one App, zeroed at the start; app_open.c opens
 * its parts in order (app_open, app_begin) and closes them all (app_close),
 * whether or not they were opened. Options point into argv (and at the
 * replay's level name): they live as long as the run. Who owns what:
 *   window, surface, sdl    app_open.c: the surface when headless, else the window
 *   assets, render          app_open.c (render draws the assets)
 *   shell                   app_open.c: the game, the screens, the settings (src/game/shell.h)
 *   replay                  app_open.c (--replay: loaded before the level is chosen)
 *   sound, pad              app_open.c (either may be NULL: no audio, no gamepads)
 *   shell.settings          app_open.c reads them at the start; the shell keeps them
 * The files, from the top down (each calls only files below it):
 *   main.c        main and the frame loop
 *   app_open.c    the App's start and end: SDL, the window, the game
 *   script_run.c  a --script's commands fed as input
 *   bench.c       --bench-frames and --frame-stats
 *   input.c       SDL events as the shell's events (shell_event decides who gets them)
 *   app_platform.c the shell's platform table: threads, fullscreen, volume, hit-tests
 *   display.c     the window's size and fullscreen, a frame drawn, a screenshot (a script's, F12's)
 *   datadir.c     the data folder (assets/, levels/) */
#ifndef ISODROID_APP_H
#define ISODROID_APP_H

#include <SDL.h>
#include <stdbool.h>
#include <stdio.h>

#include "args.h"
#include "assets.h"
#include "bindings.h"
#include "catalog.h"
#include "datadir.h"
#include "front.h"
#include "game.h"
#include "levelset.h"
#include "pad.h"
#include "render.h"
#include "replay.h"
#include "script.h"
#include "settings.h"
#include "shell.h"
#include "sound.h"

#define STEP (1.0 / 60.0) /* fixed timestep, seconds */

/* Exit codes:
 *   0 ok
 *   1 runtime failure (level, assets, display; stdout not written, main.c)
 *   2 usage (bad arguments, args.h)
 *   3 script error (unreadable or bad script, unknown key, a clicktile
 *     outside the level, a failed screenshot): FILE:LINE:COL: message */
enum { EXIT_SCRIPT = 3 };

typedef struct App {
    Options opt;
    char data_dir[DATADIR_PATH_MAX]; /* the data folder (datadir.h), found before anything opens */
    SDL_Window *window;
    SDL_Surface *surface; /* headless target */
    SDL_Renderer *sdl;
    Assets assets;
    Renderer *render;
    /* the game, the screens around it, the settings, held input and the
     * mode stack that decides who gets an input (src/game/shell.h); it
     * reaches this App through app_platform's table */
    Shell shell;
    double fps;
    bool fullscreen;    /* F11 on X11: borderless over the display */
    SDL_Rect windowed;  /* the window to go back to */
    Replay replay;
    Sound *sound;
    bool said_sound;           /* the no-audio notice was shown */
    Pad *pad;           /* gamepads (pad.h), NULL when SDL has none to offer */
} App;

/* ---- app_open.c: the App's start and end ---- */
bool app_read_replay(App *app);
void app_read_settings(App *app);
bool sdl_start(bool headless);
void sdl_stop(void);
FILE *open_record(const char *path, const char *level);
bool app_open(App *app, const char *level);
void app_begin(App *app, FILE *record);
void app_close(App *app);

/* ---- script_run.c ---- */
enum { SCRIPT_FAILED = -1 }; /* script_step's answer after a script error */
bool script_ready(const char *path, Script *s);
long script_step(App *app, Script *s);

/* ---- bench.c ---- */
void bench_frames(App *app);
/* --frame-stats: every frame's time, and the script line the longest one
 * followed (the input that cost it). */
typedef struct FrameStats {
    double *ms;
    long count, cap;
    double longest;
    long longest_frame;
    int longest_line; /* 0: no script line */
    double *after;    /* the longest frame after each script command (script.count), or NULL */
} FrameStats;
void frame_stats_add(FrameStats *f, double ms, int line, int cmd);
void frame_stats_print(FrameStats *f, const Script *s);

/* ---- input.c ---- */
/* An SDL event as the shell's (a gamepad's as keys, pad.h; a window's
 * size read back), given to shell_event. */
void handle_event(App *app, const SDL_Event *e);
void pump_events(App *app);
/* A pointer position (px, py) in window points as renderer pixels: on a
 * scaled (HiDPI) display the output (out_w x out_h) is larger than the
 * window (win_w x win_h) and the game draws, lays out and picks in pixels.
 * A pixel's top-left corner for a point; identity for a size not above 0. */
void points_to_pixels(int px, int py, int win_w, int win_h, int out_w, int out_h, int *x, int *y);
/* SDL's modifiers as the binding table's (BIND_MOD_*). */
unsigned key_mods(Uint16 mod);
/* The window's size (in points) as the player left it, noted in the settings. */
void note_window(App *app);

/* ---- app_platform.c ---- */
/* The shell's platform table for this App (threads only when the game
 * keeps real time: a window, or --frame-stats). */
ShellPlatform app_platform(App *app);

/* ---- display.c ---- */
void sync_size(App *app);
bool is_fullscreen(const App *app);
void toggle_fullscreen(App *app);
HudStats hud_stats(const App *app);
void draw(App *app);
bool screenshot(App *app, const char *path, char *err, size_t err_size);
/* The screenshot key: what was drawn last (screenshot above) saved into the
 * pictures folder (shotpath.h), said on the HUD by its short name and
 * traced "screenshot PATH" (or "screenshot failed: REASON"). */
void screenshot_key(App *app);


#endif
