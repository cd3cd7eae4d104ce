/* SPDX-License-Identifier: MIT */
/* game.h - the game around the rules, without SDL: the level file and its
 * play (a Sim, sim.h), input turned into sim commands (recorded with --record),
 * the hover preview, the camera, the editor (paint, undo, save), hot reload,
 * switching between the levels of a folder (loaded in the background through
 * a GameLoader the SDL side gives), progress, the level's energy par and the
 * stars, and the trace of events. The shell (shell.h) feeds it input; the
 * SDL side (render.c, main.c) draws it and plays its sounds.
 * game_init/game_deinit own everything inside. */
#ifndef ISODROID_GAME_H
#define ISODROID_GAME_H

#include <stdbool.h>
#include <stdio.h>

#include "coord.h"
#include "edit.h"
#include "grid.h"
#include "history.h"
#include "iso.h"
#include "level.h"
#include "levelset.h"
#include "mover.h"
#include "query.h"
#include "orders.h"
#include "predict.h"
#include "progress.h"
#include "scene.h"
#include "music.h"
#include "sim.h"
#include "window.h"

enum { GAME_MESSAGE_LEN = 400 };
#define GAME_ZOOM_MIN 0.25
#define GAME_ZOOM_MAX 3.0
/* The editor's palette, in the order of keys 1..9, 0. */
#define GAME_PALETTE "#.,+~*>S@ "
enum { GAME_PALETTE_SIZE = 10 };
#define GAME_RELOAD_POLL 0.25  /* seconds between looks at the level file */

/* Why the play stands still; any of them pauses it (Game.pause). */
enum {
    GAME_PAUSE_PLAYER = 1, /* Space */
    GAME_PAUSE_HELP = 2,   /* the help is open */
    GAME_PAUSE_MENU = 4,   /* the pause panel (Esc) or a question is open */
    GAME_PAUSE_FOCUS = 8,  /* the window lost the focus or is minimised */
    GAME_PAUSE_LOADING = 16, /* the next level is loading */
};
enum {
    GAME_REWIND_TICKS = 3 * SIM_TICK_HZ, /* Backspace goes back this far */
    GAME_PREDICT_EVERY = 6,              /* ticks between predictions of the hovered walk */
    GAME_PREDICT_FRAME_WORK = 20000,     /* prediction work a tick (predict.h units): at most about 0.7 ms */
    GAME_WINDOW_FRAME_WORK = 16000,      /* the departure window's work a frame (window.h; its time:
                                          * docs/performance.md, "The departure window") */
    GAME_PREVIEW_FRAME_WORK = 100000,    /* tiles the hover preview's search looks at a frame (its time:
                                          * docs/performance.md, "Player actions on big levels") */
};

/* What identifies one version of a file on disk. */
typedef struct FileStamp {
    long long dev, ino, size, sec, nsec;
    bool exists;
} FileStamp;

/* Loading a level file off the UI thread. The SDL side (main.c) hands the
 * game a loader (game_set_loader); without one, or when a job cannot be
 * started, a file is loaded at once. A job is an opaque handle:
 *   start(ctx, path)   begins loading path and building its Sim (NULL: could not);
 *   poll(job)          GAME_LOAD_RUNNING, GAME_LOAD_DONE or GAME_LOAD_FAILED; never waits;
 *   progress(job)      0..1;
 *   take(job, l, s, c, d) once DONE or FAILED: on DONE true with *l, *s and
 *                      *c (a copy of *s for the history's start) the caller's
 *                      (their level pointers to be pointed at l's final
 *                      place), on FAILED false with the file's problems in d;
 *   drop(job)          ends the job (taken or not) without waiting. */
typedef enum GameLoadState { GAME_LOAD_RUNNING, GAME_LOAD_DONE, GAME_LOAD_FAILED } GameLoadState;
typedef struct GameLoader {
    void *(*start)(void *ctx, const char *path);
    GameLoadState (*poll)(void *job);
    double (*progress)(void *job);
    bool (*take)(void *job, Level *level, Sim *sim, Sim *start, NavDiags *d);
    void (*drop)(void *job);
    void *ctx;
} GameLoader;

/* A level being loaded in the background (Game.load). */
typedef enum GameLoadKind { GAME_LOADING_NONE, GAME_LOADING_SWITCH, GAME_LOADING_RELOAD } GameLoadKind;
typedef struct GameLoad {
    GameLoadKind kind;
    void *job;
    char *path;            /* the file loading (owned) */
    int index;             /* a switch: the level's index in the folder, */
    int delta, tries;      /* the direction, and the files tried so far */
    int queued;            /* levels more to move once this switch is done (keys pressed meanwhile) */
    char skipped[NAV_DIAG_LEN]; /* the first file skipped for not loading */
    uint64_t left_at;      /* the tick the old level was left at */
    FileStamp stamp;       /* a reload: the version of the file it loads */
} GameLoad;

/* A question the player must answer before the game goes on. */
typedef enum GameAsk { GAME_ASK_NONE, GAME_ASK_QUIT, GAME_ASK_SWITCH } GameAsk;
typedef enum GameAnswer { GAME_ANSWER_SAVE, GAME_ANSWER_DISCARD, GAME_ANSWER_CANCEL } GameAnswer;

typedef struct TileList {
    NavPos *tiles;
    int count, cap;
} TileList;

/* A cell picked up, for the sparkle: where and when (g->clock). */
typedef struct GameEffect {
    NavPos at;
    double start;
} GameEffect;
enum { GAME_EFFECTS = SCENE_EFFECTS, GAME_FRAME_EVENTS = 256, GAME_EDIT_RING = 1024 };

typedef struct Game {
    char *path;            /* the level file (malloc'd) */
    /* The level folders (game_set_level_folders; malloc'd, resolved, NULL:
     * none): the game's own levels, which the editor never writes (a save
     * makes a copy in own_dir, the player's levels), and the player's. */
    char *shipped_dir, *own_dir;
    bool path_shipped;     /* path is in shipped_dir (or a folder in it) */
    bool path_own;         /* path is in own_dir */
    Level level;           /* the file's level: what the editor edits and play starts from */
    unsigned level_version; /* bumped whenever a tile changes or the level is replaced */
    unsigned level_loads;   /* bumped whenever the level is replaced (every tile may differ) */
    /* The last tiles edited: edit_ring[k % GAME_EDIT_RING] for k up to
     * edit_serial, so a view can look at just those (or at every tile when
     * more than GAME_EDIT_RING came since it looked). */
    NavPos edit_ring[GAME_EDIT_RING];
    unsigned edit_serial;
    LevelSet levels;       /* the level files of path's folder */
    int level_index;       /* path's place in levels, or -1 */
    double par_energy;     /* the level's energy par (tour_least_energy), 0: none known */
    Sim sim;               /* the play (the editor also shows its tiles) */
    NavQuery *search;     /* the hover preview's planner */

    TileList preview;      /* what a click on the hovered tile would walk */
    unsigned preview_serial; /* changes whenever preview.tiles does (drawing caches) */
    /* What that walk would meet (predict.h): `predict` is the last finished
     * prediction for the hovered tile (outcome PREDICT_NOWALK when none);
     * predict_step is the index in preview.tiles from which the walk is
     * noticed (-1: from the tile the droid stands on; preview.count: never). */
    Prediction predict;
    int predict_step;
    Predictor predictor;   /* the one being made */
    bool predicting;       /* predictor is under way */
    int predict_wait;      /* ticks to the next prediction */
    int preview_afford;    /* tiles of it the energy covers (all when unlimited) */
    double preview_cost;   /* its length = time = energy, in floor steps */
    int64_t preview_left;  /* energy in hand at its end (units; limited energy) */
    int64_t preview_energy; /* the energy in hand preview_afford and preview_left were made for */
    int64_t preview_gain;  /* the energy the energy cell it ends on gives (units, sim_units converts):
                            * the hovered tile is a cell the walk reaches, energy is limited; else 0 */

    bool hover_valid;
    NavPos hover;
    NavPos preview_from;  /* plan tile the preview was made from */
    NavPos preview_end;   /* where it ends: the hovered tile, or the reachable tile nearest it */
    bool previewing;       /* its search is still under way (preview.count is 0 meanwhile) */
    int64_t preview_steps; /* the droid's steps when it was made (each step changes energy and cells) */

    /* the sim's events since the last look (tests; sound takes the scene's cues) */
    SimEvent frame_events[GAME_FRAME_EVENTS];
    int frame_event_count;
    /* what drawing and sound are given (scene.h): the frame's scene and the
     * scene's animation state and journal, kept up as the play ticks */
    Scene scene;
    SceneAnim scene_anim;
    GameEffect effects[GAME_EFFECTS];
    int effect_next;
    double status_since;   /* g->clock when the level was won or lost */

    Progress progress;     /* bests per level; progress.path NULL with --no-progress */
    bool new_best;         /* the win just recorded beat the old best */

    unsigned pause;        /* GAME_PAUSE_* bits: the simulation stands while any is set */
    History history;       /* for rewinding (Backspace) */
    int rewinds;           /* rewinds this attempt, for the result panel */
    bool noticed;          /* a sentry noticed the droid this attempt (SIM_EV_ALERT since the play's
                            * last start or restart): a rewind back before it does not clear it, so
                            * the win is not unseen (game_unseen) */
    MusicMood mood;        /* the play's mood for the music (mood.h): traced when it changes */
    double noise_since;    /* g->clock when the droid last reached a tile centre (its step is heard then) */
    /* the lure (sim.h): aimed with F, thrown with a click; while aimed, the
     * hovered tile's verdict and the sentries it would send (lure_pulled:
     * lure_pulled_cap entries, one a sentry; made again every update) */
    bool aiming;
    SimLureCheck lure_check;
    bool *lure_pulled;
    int lure_pulled_cap, lure_pull_count;
    NavPos lure_at;        /* the last lure thrown, and when (g->clock), for its ripple */
    double lure_since;
    /* a plan of several legs (orders.h): built with Shift+click (walks),
     * X / Shift+X (waits), Shift+right click (lures); run with Enter or a
     * click on its last tile, dropped with Esc. While it is built the hover
     * previews from its end and the prediction covers the whole plan.
     * plan_tiles holds its walks' tiles, leg after leg (plan_leg_end[i]:
     * the count after leg i), for drawing. */
    Orders plan;
    TileList plan_tiles;
    int plan_leg_end[ORDERS_MAX];
    double plan_cost;      /* its walks' length, floor steps */
    Orders running;        /* the plan being carried out (running.count 0: none) */
    OrdersRun run;
    bool giving;           /* the plan gives a command now (game_command keeps it running) */

    /* the departure window of the prediction's plan (game_window.c,
     * window.h): `window` is what it says from the play's tick now */
    WindowScan window_scan;
    Window window;
    bool window_on;        /* window_scan was begun for this course of the play */
    bool window_safe_now;  /* window.says was WINDOW_NOW at the last look */
    Window window_traced;  /* the last "window" line, its start and end as ticks of play */
    uint64_t window_traced_at;

    FILE *record;          /* --record: every command with its tick, or NULL (borrowed: the
                            * caller opens and closes it; the game sets it NULL when the
                            * recording must end early) */
    bool replaying;        /* --replay: player input is ignored until the recording ends */
    bool campaign;         /* the folder is played as a campaign (the shell's title, level select and
                            * ending): going on after the last level's win leads to the ending */
    bool ending_due;       /* the player went on after the campaign's last win: the shell shows the
                            * ending and clears it */

    IsoView view;
    bool follow;           /* camera follows the droid */
    int screen_w, screen_h;

    bool show_minimap;
    int help_page;         /* the help's page shown (the renderer lays it out in pages; it clamps this) */
    bool show_cones;      /* V: the sentries' view cones drawn on the floor */
    char message[GAME_MESSAGE_LEN];
    double message_left;   /* seconds */
    double clock;          /* seconds of game time */

    /* the editor */
    bool editing;
    char brush;            /* the glyph left-drag paints */
    bool painting;         /* a left-drag stroke is open */
    NavPos paint_last;
    EditHistory edits;

    /* the level file on disk */
    FileStamp loaded;      /* the version the level matches (loaded or saved) */
    FileStamp seen;        /* the version last looked at */
    FileStamp tried;       /* the version last tried and refused (file_error says why) */
    double poll_left;      /* seconds to the next look */
    bool disk_changed;     /* changed on disk while edits were unsaved */
    bool overwrite_armed;  /* a second Ctrl+S overwrites a file changed on disk */
    char file_error[NAV_DIAG_LEN + 40]; /* the file on disk does not load: why (shown until fixed) */

    GameLoader loader;     /* how files load in the background (start NULL: at once) */
    GameLoad load;         /* the level loading now (kind NONE: none) */

    GameAsk ask;           /* unsaved edits: asking before quitting or switching */
    int ask_delta;         /* GAME_ASK_SWITCH: levels to move */

    FILE *trace;           /* --trace: one event a line, or NULL */

    /* ---- the view (camera.c, render*.c) ---------------------------------- */
    bool walls_down;       /* T: every wall drawn as a low block */
    int text_size;         /* text and panels, percent of their size for the window (0: 100) */
    double follow_dx, follow_dy; /* follow keeps the droid this far from the screen centre */
} Game;

/* This frame's scene (scene.h), built now: what drawing and sound read.
 * It and its pointers stay valid until the next call that changes g. */
const Scene *game_scene(Game *g);
/* The scene game_scene built last (zeroed before the first): hit tests
 * between frames read it. */
const Scene *game_scene_last(const Game *g);
/* The window's part of the scene, by value (layouts and hit tests). */
SceneFrame game_scene_frame(const Game *g);
/* The sound cues of the scene were played: the next scene starts anew. */
void game_scene_cues_played(Game *g);

/* Loads the level at path and lists the levels of its folder; on failure
 * writes every problem into d and leaves g zeroed. */
bool game_init(Game *g, const char *path, int screen_w, int screen_h, NavDiags *d);
void game_deinit(Game *g);
/* Loads level files in the background from now on (see GameLoader). */
void game_set_loader(Game *g, GameLoader loader);
/* The level loading in the background, and how far (0..1): false when none. */
bool game_loading(const Game *g, const char **path, double *progress);

/* Plans from the droid to tile t and walks there (to the nearest reachable
 * tile when t is blocked or cut off). Traces "click X Y" and "path STEPS LENGTH". */
void game_click_tile(Game *g, NavPos t);
/* Any input for the rules: recorded, traced, applied at the current tick
 * (ignored while a recording plays: game_replay_command feeds those). */
void game_command(Game *g, SimCmd c);
void game_replay_command(Game *g, SimCmd c);
/* The plan: adds a leg (a walk to t, a lure on t, or ticks of waiting; a
 * negative wait shortens the last one), runs it, drops it. Traced as "plan
 * walk X Y", "plan lure X Y", "plan wait TICKS", "plan run", "plan drop". */
void game_plan_walk(Game *g, NavPos t);
void game_plan_lure(Game *g, NavPos t);
void game_plan_wait(Game *g, int ticks);
void game_plan_run(Game *g);
void game_plan_drop(Game *g);
/* Where the hover's walk starts: the plan's end while one is built, else the droid. */
NavPos game_plan_origin(const Game *g);

/* Throws a lure onto t (SIM_CMD_LURE) and stops aiming. */
void game_lure(Game *g, NavPos t);
/* Aims a lure (on) or stops (off): while aimed the hover shows the lure's
 * verdict and the sentries it would send (game_update keeps them). */
void game_aim(Game *g, bool on);
/* Restarts the level (R). */
void game_restart(Game *g);
/* Whether this attempt is unseen, the third star: no sentry has noticed the
 * droid since the play last started or restarted (R, SIM_CMD_RESTART, a level
 * opened or reloaded). Rewinding back before a notice does not make it
 * unseen again: only a restart does. */
bool game_unseen(const Game *g);
/* Pauses (on) or lets go of one reason to pause (why: GAME_PAUSE_*).
 * Traces "pause" when the play comes to stand, "resume" when it goes on. */
void game_set_pause(Game *g, unsigned why, bool on);
bool game_paused(const Game *g);
/* Backspace: the play goes back GAME_REWIND_TICKS (or to its start), exactly
 * as it stood then; recorded, traced "rewind TICK", counted in g->rewinds.
 * False (and said) when there is nothing to go back to. Ignored while a
 * recording plays. */
bool game_rewind(Game *g);
/* A recording's "rewind TO"; false when the play cannot go back there. */
bool game_replay_rewind(Game *g, uint64_t to);
/* Finishes the prediction for the hovered tile now (scripts: what
 * "clicktile" checks before it clicks). Traces its "preview" line when it
 * changed, or always with force. */
void game_predict_now(Game *g, bool force);
/* Finishes the departure window of the hovered route now (scripts, with
 * game_predict_now) and traces its "window" line. */
void game_window_now(Game *g);
/* A line of the trace (Game.trace, when there is one), flushed: the one
 * writer of --trace, the shell's lines ("screen", "setting", ...) too. */
void game_trace(const Game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Where the level comes from, in the player's words, for the HUD: "Level
 * N of M" in a folder's order, "Your own level", "Generated, seed S,
 * difficulty D"; "" for a level of its own (its name says it). Never a
 * file name. */
void game_level_label(const Game *g, char *out, size_t n);

/* ---- a recording played (game_replay.c) ---- */
typedef enum GameReplayFeed { GAME_FEED_GOING, GAME_FEED_ENDED, GAME_FEED_FAILED } GameReplayFeed;
struct Replay;
/* Applies the recording's inputs due at the play's tick (from r->next on).
 * A level that does not load, a rewind the play cannot make or one that
 * would play the recording past REPLAY_MAX_TOTAL_TICKS in all fails, with
 * "NAME:LINE:" and the reason written to err. */
GameReplayFeed game_replay_feed(Game *g, struct Replay *r, const char *name, FILE *err);
/* What the window shows of the play: "result" once won or lost (not
 * while editing), else "play". */
const char *game_screen_name(const Game *g);
/* Plays the recording r (named name) to its end with no window: each tick
 * its inputs, then game_update; the trace has "screen NAME" at each change,
 * as the window's does. 0, or 1 when it failed (said on err). */
int game_replay_play(Game *g, struct Replay *r, const char *name, FILE *err);

/* After a win: the next level of the folder. */
void game_next_level(Game *g);
/* The level won is the campaign's last: going on leads to the ending. */
bool game_campaign_over(const Game *g);
/* Going on after a win (a click, Enter): the next level, or, after the
 * campaign's last, ending_due for the shell. Nothing before a win. */
void game_go_on(Game *g);
/* Opens another level file and plays it (replays use it); false, with the
 * reason said, when it does not load. */
bool game_open(Game *g, const char *path);
/* The tile under a screen point; false off the level. */
bool game_pick(const Game *g, ScreenPos s, NavPos *out);
/* Hover over a screen point (or nothing): updates the preview; traces "hover X Y". */
void game_hover(Game *g, bool valid, NavPos t);
/* One tick of play (1 / SIM_TICK_HZ seconds) and the timers; traces the
 * sim's events ("arrive X Y", "idle X Y", "pickup X Y ENERGY", ...).
 * Every GAME_RELOAD_POLL seconds it looks at the level file: a new version
 * that has stayed the same (size, time, file) from one look to the next, so
 * never a file half written in place, is loaded ("reload FILE"), with the droid kept on its tile when that is
 * still walkable; a version with errors keeps the old level and sets
 * file_error ("reload-error FILE"). While edits are unsaved nothing is
 * reloaded (disk_changed tells). */
void game_update(Game *g);

/* The editor. Press/drag/release with the left button paint the brush along
 * the pointer (one undo step a drag); a right press toggles wall and floor.
 * Painting '@' moves the droid start. Each change traces "edit X Y GLYPH". */
void game_edit_toggle(Game *g);
void game_edit_brush(Game *g, char glyph);
void game_edit_press(Game *g, NavPos t, bool right);
void game_edit_drag(Game *g, NavPos t);
void game_edit_release(Game *g);
void game_undo(Game *g);
void game_redo(Game *g);
bool game_dirty(const Game *g);
/* Writes the level back to its file atomically; on failure the HUD says why
 * and the file is untouched. Traces "save FILE" or "save-failed FILE". A
 * level that came with the game (g->path_shipped) is never written: the
 * first save writes a copy into own_dir (its file's name, or NAME-2.txt ...
 * when taken), which is played and saved from then on; without own_dir it is not saved, saying why. */
bool game_save(Game *g);
/* Where the game's own levels are (shipped: the data folder's levels/) and
 * where the player's go (own: NULL for none, as with --no-progress); each
 * resolved and kept (copies). The level open now is placed again. */
void game_set_level_folders(Game *g, const char *shipped, const char *own);

/* Leaving: true when the game may quit now; with unsaved edits it asks
 * first (g->ask) and the answer comes through game_answer. */
bool game_request_quit(Game *g);
/* Goes delta levels on in the folder (wrapping), asking first when edits are unsaved. */
void game_request_switch(Game *g, int delta);
/* Answers g->ask; true when the game should quit now. */
bool game_answer(Game *g, GameAnswer a);

/* Camera (camera.c). */
void game_frame_level(Game *g);                    /* zoom and centre for a newly opened level */
void game_camera_update(Game *g, double dt);       /* follow: ease towards the droid */
void game_resize(Game *g, int w, int h);
void game_center_on_droid(Game *g);
void game_pan(Game *g, double dx, double dy);      /* screen pixels; stops following */
void game_zoom_at(Game *g, ScreenPos anchor, double factor);
void game_toggle_follow(Game *g);
void game_look_at_tile(Game *g, NavPos t);                   /* centres it; stops following */

void game_say(Game *g, double seconds, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
