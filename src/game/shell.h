/* SPDX-License-Identifier: MIT */
/* shell.h - the game as the player meets it, without SDL: the Game, the
 * screens around the play (front.h), the pause panel and its quit question,
 * the help, the settings, the level files listed for the screens and a
 * generated level being made, all under ONE mode stack. Input comes in
 * through one entry point (shell_event) as abstract events; the top of the
 * stack decides who gets each one (shell.c, shell_dispatch). The platform is
 * reached only through a small function table (ShellPlatform): threads,
 * fullscreen, volume, the layout's hit-tests, the clock. shell_null.c has a
 * table of no-ops with which the shell runs with no SDL at all (tests).
 *
 * The mode stack, from the bottom: SHELL_PLAY always; above it at most one
 * screen around the play (title ... ending) or one of the help, the pause
 * panel and the quit question; the game's unsaved-edits question
 * (Game.ask) on top of whatever is open while the game asks it.
 * Front.screen says which screen around the play is open (front.c moves
 * between them); the shell keeps the stack's entry equal to it.
 *
 * Lifetimes. The caller owns the Shell (zeroed, then shell_init) and its
 * platform table's ctx, which must outlive it; shell_deinit waits for a job
 * under way and frees everything the shell holds: the game, the screens'
 * lists, the catalog, the settings' path. Events are borrowed for the call. */
#ifndef ISODROID_SHELL_H
#define ISODROID_SHELL_H

#include <stdbool.h>
#include <stdio.h>

#include "bindings.h"
#include "catalog.h"
#include "front.h"
#include "game.h"
#include "levelset.h"
#include "settings.h"

/* What is open, one entry of the mode stack. */
typedef enum ShellMode {
    SHELL_PLAY,                 /* the level played or edited (the bottom, always) */
    SHELL_TITLE, SHELL_LEVELS, SHELL_GENERATED, SHELL_SETTINGS, SHELL_KEYS, SHELL_ENDING, /* front.h's screens */
    SHELL_HELP,                 /* H: the help over the play */
    SHELL_PAUSE,                /* Esc: the pause panel */
    SHELL_QUESTION,             /* the panel's quit question: quit Isodroid (or leave the level)? */
    SHELL_UNSAVED,              /* the game's question about unsaved edits (Game.ask) */
    SHELL_MODES
} ShellMode;
enum { SHELL_STACK_MAX = 4 };

/* The panel open (the renderer's name for SHELL_PAUSE and SHELL_QUESTION). */
typedef enum MenuKind { MENU_NONE, MENU_PAUSE, MENU_QUIT } MenuKind;
enum { MENU_RESUME, MENU_RESTART, MENU_LEVELS, MENU_SETTINGS, MENU_LEAVE, MENU_PAUSE_ITEMS }; /* MENU_PAUSE's items */
enum { MENU_YES, MENU_NO, MENU_QUIT_ITEMS };                      /* MENU_QUIT's */

/* An input, as the platform saw it. Positions are in the pixels the game
 * draws and picks in (the platform scales a HiDPI window's points). */
typedef enum ShellEventKind {
    SHELL_EV_KEY_DOWN,      /* key (a key NAME as bindings.h has them: "Escape", "Keypad 6"), mods */
    SHELL_EV_KEY_UP,        /* key, mods */
    SHELL_EV_ACTION_DOWN,   /* action: a binding's action with no key (translated already) */
    SHELL_EV_ACTION_UP,
    SHELL_EV_POINTER_MOVE,  /* x, y */
    SHELL_EV_POINTER_DOWN,  /* x, y, button, mods (held at the press) */
    SHELL_EV_POINTER_UP,    /* x, y, button, mods */
    SHELL_EV_WHEEL,         /* x, y (the pointer), wheel (> 0 away from the player) */
    SHELL_EV_FOCUS_LOST, SHELL_EV_FOCUS_GAINED,
    SHELL_EV_HIDDEN, SHELL_EV_SHOWN, /* the window minimised, shown again */
    SHELL_EV_QUIT,          /* the window closed, or the system asks the game to end */
} ShellEventKind;
enum { SHELL_BUTTON_LEFT = 1, SHELL_BUTTON_MIDDLE = 2, SHELL_BUTTON_RIGHT = 3 };
typedef struct ShellEvent {
    ShellEventKind kind;
    const char *key;        /* KEY_*: borrowed for the call */
    unsigned mods;          /* BIND_MOD_* */
    BindAction action;      /* ACTION_* */
    int x, y, button, wheel;
} ShellEvent;

/* The platform as the shell reaches it. Any function may be NULL: then
 * there is no such thing (no thread: jobs run at once; no fullscreen; no
 * sound; nothing under any point; the clock stands). ctx is passed back. */
typedef struct ShellPlatform {
    void *ctx;
    double (*now_ms)(void *ctx);
    /* run(arg) on a thread of its own: a handle for join, NULL when none
     * was started (the shell then runs it at once). NULL: jobs never get
     * threads, and the level files are all read at once (a headless run,
     * the same every time). */
    void *(*thread_start)(void *ctx, int (*run)(void *arg), void *arg, const char *name);
    void (*thread_join)(void *ctx, void *thread);
    bool (*fullscreen)(void *ctx);              /* the window covers the display now */
    void (*set_fullscreen)(void *ctx, bool on);
    void (*set_volume)(void *ctx, int master, int effects, int music); /* percent */
    bool (*muted)(void *ctx);
    void (*set_muted)(void *ctx, bool muted);
    void (*screenshot)(void *ctx);              /* the screenshot key: saved, said and traced */
    /* the layout's hit-tests at a point, as the frame is laid out now */
    int (*front_row)(void *ctx, int x, int y);  /* the open screen's row, or -1 */
    int (*front_more)(void *ctx, int x, int y); /* a list's "more" mark: the row to highlight, or -1 */
    int (*front_arrow)(void *ctx, int x, int y); /* a row's value arrows: -1 left, +1 right, 0 none */
    int (*menu_item)(void *ctx, int x, int y);  /* the open panel's item, or -1 */
    int (*answer)(void *ctx, int x, int y);     /* the unsaved-edits question's GameAnswer, or -1 */
    int (*help_arrow)(void *ctx, int x, int y); /* the help's page arrows: -1, +1, 0 elsewhere */
    void (*help_pages)(void *ctx, int *pages, int *cut); /* the help's pages and its rows cut */
    bool (*minimap_tile)(void *ctx, int x, int y, NavPos *t);  /* on the minimap: its tile */
    bool (*palette_glyph)(void *ctx, int x, int y, char *glyph); /* on the editor's palette */
} ShellPlatform;

/* A generated level being made, a level file being read (shell_jobs.c). */
struct ShellGenJob;
struct ShellScanJob;

typedef struct Shell {
    Game game;                  /* game_init'ed by the caller into place; shell_deinit ends it */
    ShellPlatform plat;
    ShellMode stack[SHELL_STACK_MAX];
    int depth;                  /* entries in stack (>= 1: SHELL_PLAY at the bottom) */
    int menu_sel;               /* the open panel's highlighted item */
    ShellMode after_unsaved;    /* where Save or Discard of the unsaved-edits question goes: the title
                                 * (the panel's "Quit to the title"), the level select (its "Levels"),
                                 * else (SHELL_PLAY) the game quits */
    bool quit;                  /* the run is to end (the caller reads it) */
    bool debug;                 /* F3: the frame rate shown */
    bool time_jobs;             /* stopping a generated level is timed on stderr (--frame-stats) */
    bool focus_lost, hidden;    /* the window is in the background */
    /* the screens around the play: what they show, and what they list */
    Front front;
    LevelSet extras;            /* the campaign folder's "extra" folder, listed after it */
    LevelSet own;               /* the player's own levels (Game.own_dir), listed last */
    Catalog catalog;            /* what was read of each listed level file */
    struct ShellScanJob *scan;  /* a level file being read, or NULL */
    struct ShellGenJob *gen;    /* a generated level being made, or NULL */
    Settings settings;          /* read by the caller at the start; kept in settings_path when changed */
    char *settings_path;        /* malloc'd, owned; NULL: never written */
    const char *screen_traced;  /* the screen --trace named last */
    /* held input, and the pointer */
    bool key_up, key_down, key_left, key_right;
    int pad_dx, pad_dy;         /* a diagonal step key held (screen directions) */
    int push_dx, push_dy;       /* the grid direction last sent */
    bool mouse_held;            /* the left button held over the level: the droid follows */
    NavPos held_tile;
    int mouse_x, mouse_y;
    bool pointer_in;            /* the pointer has been over the window */
    bool pointer_moved;         /* the last move was the player's (not the window's first report) */
    bool dragging;              /* a right or middle drag pans */
    int drag_x, drag_y;
    bool right_click;           /* a right press in play: a lure where it is let go, unless it dragged */
    int right_x, right_y;
    bool shift_down;            /* a Shift key is down (by its own key events) */
} Shell;

/* The shell around an opened game (sh->game game_init'ed; the rest zeroed):
 * the stack holds the play. */
void shell_init(Shell *sh, ShellPlatform plat);
/* Everything the shell holds, freed (a job under way stopped and joined). */
void shell_deinit(Shell *sh);

/* THE entry point of input: the event goes to the top of the mode stack,
 * which keeps it or passes it down; then the play's pause is made to match
 * what is open and a changed screen traced. */
void shell_event(Shell *sh, const ShellEvent *e);
/* Once a frame: a generated level made, a level file read, the ending due,
 * the screen traced. */
void shell_frame(Shell *sh);
/* Every reason the play stands (GAME_PAUSE_*), made to match what is open
 * and the window's focus; traced by game_set_pause when it changes. */
void shell_sync_pause(Shell *sh);
/* One tick of play: the held pointer followed, game_update, the screen
 * traced, the hover made again under a still pointer. */
void shell_tick(Shell *sh);

/* How the run was started: what the platform read of its command line and
 * its folders. Everything is borrowed for the call but trace and record,
 * which the caller keeps open until shell_end. */
typedef struct ShellStart {
    FILE *trace;              /* --trace: where its lines go, or NULL */
    bool replaying;           /* --replay: the player's input waits for the recording's end */
    bool campaign;            /* started without a level: the title first (shell_start_campaign) */
    unsigned long long day_seed; /* the level of the day's seed (YYYYMMDD) */
    const char *progress;     /* the progress file, or NULL (none read or written) */
    const char *shipped;      /* the game's own levels' folder (never written) */
    const char *own;          /* the player's levels' folder, or NULL */
    FILE *record;             /* --record: every input written there, or NULL */
} ShellStart;
/* The opened game made ready to play as st says: the trace, the progress,
 * the level folders, the title (a campaign), the settings applied (the
 * platform's sound and window must be open), the recording's header. */
void shell_begin(Shell *sh, const ShellStart *st);
/* Started without a level (Game.campaign): the title, with the level of
 * the day (day_seed) and the levels of the folder's "extra". */
void shell_start_campaign(Shell *sh, unsigned long long day_seed);
/* A tick's inputs of the recording r (named name) played, while it plays:
 * GAME_FEED_ENDED once (the player's input counts from then on),
 * GAME_FEED_FAILED with the reason on err; GAME_FEED_GOING otherwise. */
GameReplayFeed shell_replay_feed(Shell *sh, struct Replay *r, const char *name, FILE *err);
/* The run ends: the recording's last line ("TICK end"; the game stops
 * writing to it, the caller closes it) and, with state, the trace's last
 * line, "state HASH" (sim_hash). */
void shell_end(Shell *sh, bool state);
/* Shows a screen around the play, or the play (SHELL_PLAY); lists the
 * levels again for the title, the level select and the ending. */
void shell_open(Shell *sh, ShellMode m);

/* The mode on top of the stack, and whether m is anywhere on it. */
ShellMode shell_top(const Shell *sh);
bool shell_is_open(const Shell *sh, ShellMode m);
/* The panel open (MENU_NONE, MENU_PAUSE, MENU_QUIT), for the renderer. */
MenuKind shell_menu(const Shell *sh);
/* Whether a screen around the play is shown (the game's question over it or not). */
bool shell_on_front(const Shell *sh);
/* The name --trace gives what is shown ("title", "pause", "unsaved", "play", "result"). */
const char *shell_screen_name(const Shell *sh);

/* The settings: made so (volumes, text size, fullscreen), kept in their
 * file (a failure said on the HUD), the window's size noted (w x h points,
 * not while fullscreen). */
void shell_settings_apply(Shell *sh);
void shell_settings_keep(Shell *sh);
void shell_note_window(Shell *sh, int w, int h);

/* The null platform: no threads, no window, no sound, nothing under any
 * point, a clock that stands at 0 (shell_null.c). */
ShellPlatform shell_platform_null(void);

#endif
