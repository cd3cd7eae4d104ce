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
 *   assets, render, game    app_open.c (render draws the assets; the game owns its levels)
 *   replay                  app_open.c (--replay: loaded before the level is chosen)
 *   sound, pad              app_open.c (either may be NULL: no audio, no gamepads)
 *   front, extras, gen      app_front.c (the screens, the extra levels, a level being made)
 *   own                     app_scan.c (the player's own levels, listed again with the catalog)
 *   catalog, scan           app_scan.c (what the screens know of each level file)
 *   settings, settings_path app_front.c writes them; app_open.c reads them at the start
 * The files, from the top down (each calls only files below it):
 *   main.c        main and the frame loop
 *   app_open.c    the App's start and end: SDL, the window, the game
 *   script_run.c  a --script's commands fed as input
 *   bench.c       --bench-frames and --frame-stats
 *   input.c       SDL events to the screens, the panel, the question or the play
 *   app_front.c   the screens around the play, the settings, the pause panel
 *   app_scan.c    the level files read for the screens, on a thread
 *   controls.c    keys to bound actions, held keys and button, the pointer's tile
 *   display.c     the window's size and fullscreen, a frame drawn, a screenshot (a script's, F12's)
 *   args.c        the command line
 *   datadir.c     the data folder (assets/, levels/) */
#ifndef ISODROID_APP_H
#define ISODROID_APP_H

#include <SDL.h>
#include <stdbool.h>
#include <stdio.h>

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
#include "sound.h"

#define STEP (1.0 / 60.0) /* fixed timestep, seconds */

/* Exit codes:
 *   0 ok
 *   1 runtime failure (level, assets, display; stdout not written, main.c)
 *   2 usage (bad arguments)
 *   3 script error (unreadable or bad script, unknown key, a clicktile
 *     outside the level, a failed screenshot): FILE:LINE:COL: message */
enum { EXIT_SCRIPT = 3 };
/* --size: 64x64 to 8192x8192, for a window (its minimum size) or headless */
enum { SIZE_MIN = 64, SIZE_MAX_SIDE = 8192 };
enum { BENCH_FRAMES_MAX = 1000000 };

typedef struct Options {
    const char *level;
    int w, h;
    bool headless, trace, no_progress, mute, frame_stats;
    bool size_given;      /* --size: the settings' window size does not apply */
    const char *script, *record, *replay;
    long bench_frames;
    double bench_zoom; /* 0: the level's own framing */
    const char *data;  /* --data DIR, or NULL */
} Options;

typedef struct App {
    Options opt;
    char data_dir[DATADIR_PATH_MAX]; /* the data folder (datadir.h), found before anything opens */
    SDL_Window *window;
    SDL_Surface *surface; /* headless target */
    SDL_Renderer *sdl;
    Assets assets;
    Renderer *render;
    Game game;
    bool quit;
    bool dragging;
    int drag_x, drag_y;
    /* a right press in play: a lure where it is let go, unless it dragged (panned) */
    bool right_click;
    int right_x, right_y;
    bool shift_down;       /* a Shift key is down (by its own key events) */
    double fps;
    bool fullscreen;    /* F11 on X11: borderless over the display */
    SDL_Rect windowed;  /* the window to go back to */
    /* held input: direction keys (screen directions) and the left button */
    bool key_up, key_down, key_left, key_right;
    int pad_dx, pad_dy;        /* the keypad key held (screen directions) */
    int push_dx, push_dy;      /* the grid direction last sent */
    bool mouse_held;
    NavPos held_tile;
    int mouse_x, mouse_y;
    bool pointer_in;           /* the pointer has been over the window */
    Replay replay;
    Sound *sound;
    bool said_sound;           /* the no-audio notice was shown */
    MenuKind menu;             /* the pause panel (Esc) or the quit question, when open */
    bool leave_to_title;       /* the unsaved-edits question was asked by "Quit to the title": yes goes there */
    int menu_sel;              /* its highlighted item */
    bool debug;                /* F3: the frame rate */
    bool focus_lost, minimized; /* the window is in the background */
    /* The title, the level select and the ending, when started without a
     * level (a campaign, game.campaign): front.screen FRONT_PLAY while playing. */
    Front front;
    LevelSet extras;    /* the campaign folder's "extra" folder, listed after it */
    LevelSet own;       /* the player's own levels (Game.own_dir: copies the editor saved), listed last */
    Pad *pad;           /* gamepads (pad.h), NULL when SDL has none to offer */
    struct GenJob *gen; /* a generated level being made (on a thread), or NULL */
    Catalog catalog;    /* what was read of the campaign's and the extras' files */
    struct ScanJob *scan; /* a level file being read for it (on a thread), or NULL */
    const char *screen_traced; /* the screen --trace last named (screen_now) */
    Settings settings;  /* settings.h: read at the start, written when changed */
    char *settings_path; /* NULL: neither read nor written (--no-progress, or no home) */
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
void handle_event(App *app, const SDL_Event *e);
void pump_events(App *app);

/* ---- app_front.c ---- */
void settings_keep(App *app);
void settings_apply(App *app);
void settings_note_window(App *app);
void request_quit(App *app);
void sync_pause(App *app);
void unpause_player(App *app);
void open_menu(App *app, MenuKind m);
void set_screen(App *app, FrontScreen s);
void trace_screen(App *app);
void front_do(App *app, FrontInput in);
void front_key(App *app, SDL_Keycode k, Uint16 mod);
void gen_poll(App *app);
void gen_free(App *app);
void ending_poll(App *app);
void menu_choose(App *app, int item);
void menu_key(App *app, SDL_Keycode k, Uint16 mod);

/* ---- app_scan.c ---- */
/* The catalog made to match the level folders (a stat a file) and the
 * screens' list made from it; a headless script reads what changed now. */
void scan_levels(App *app);
/* Each frame: files a finished read, starts the next. */
void scan_poll(App *app);
void scan_free(App *app);

/* ---- controls.c ---- */
bool pick_tile(App *app, int px, int py, NavPos *t);
/* A pointer position (px, py) in window points as renderer pixels: on a
 * scaled (HiDPI) display the output (out_w x out_h) is larger than the
 * window (win_w x win_h) and the game draws, lays out and picks in pixels.
 * A pixel's top-left corner for a point; identity for a size not above 0. */
void points_to_pixels(int px, int py, int win_w, int win_h, int out_w, int out_h, int *x, int *y);
/* An SDL event's pointer position in renderer pixels (points_to_pixels with
 * the window's and the renderer's sizes now). An event of no window
 * (window_id 0: a script's, the headless surface's) is in pixels already. */
void event_pixels(const App *app, Uint32 window_id, int *x, int *y);
void hover_at(App *app, int px, int py);
BindAction key_action_in(const App *app, SDL_Keycode k, Uint16 mod, unsigned where);
unsigned key_mods(Uint16 mod);
BindAction key_action(const App *app, SDL_Keycode k, Uint16 mod);
bool direction_key(App *app, SDL_Keycode k, Uint16 mod, bool down);
void follow_pointer(App *app);
void release_held(App *app, bool tell);

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

/* ---- args.c ---- */
int parse_args(int argc, char **argv, Options *o);
char *resolve_level(const char *arg, const char *data_dir);

#endif
