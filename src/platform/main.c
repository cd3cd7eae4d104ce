/* isodroid - the game: SDL2 window (or an offscreen surface with --headless),
 * input (keys through the binding table, bindings.h; gamepads, pad.h), a
 * fixed-timestep loop, the screens around play (front.h: title, level
 * select, generated levels made on a thread, settings kept in the settings
 * file, ending), levels loaded on a thread (loader.h), scripted replays and
 * frame benchmarks. The rules live in game.c and the drawing in render.c;
 * this file connects them to SDL. Exit codes:
 *   0 ok
 *   1 runtime failure (level, assets, display)
 *   2 usage (bad arguments)
 *   3 script error (unreadable or bad script, unknown key, a clicktile
 *     outside the level, a failed screenshot): FILE:LINE:COL: message */
#define _POSIX_C_SOURCE 200809L
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "assets.h"
#include "bindings.h"
#include "front.h"
#include "fileio.h"
#include "game.h"
#include "gen.h"
#include "levelset.h"
#include "loader.h"
#include "num.h"
#include "pad.h"
#include "render.h"
#include "replay.h"
#include "script.h"
#include "settings.h"
#include "sound.h"

#define STEP (1.0 / 60.0) /* fixed timestep, seconds */

enum { EXIT_SCRIPT = 3 }; /* see the exit codes above */
/* --size: 64x64 to 8192x8192, for a window (its minimum size) or headless */
enum { SIZE_MIN = 64, SIZE_MAX_SIDE = 8192 };
enum { BENCH_FRAMES_MAX = 1000000 };

static const char usage[] =
    "usage: isodroid [LEVEL.txt | FOLDER] [options]\n"
    "  LEVEL.txt / FOLDER   the level to play (default: the first level in levels/)\n"
    "  --size WxH           window or surface size (default 1280x720)\n"
    "  --headless           draw offscreen with the software renderer; needs no display\n"
    "  --script FILE        replay input: click PX PY, move PX PY, drag PX PY PX2 PY2,\n"
    "                       clicktile X Y, key NAME, wait MS, screenshot PATH.png, quit\n"
    "                       (README.md, Scripts); a script error exits with 3\n"
    "  --trace              print events: hover X Y, click X Y, path STEPS LENGTH,\n"
    "                       arrive X Y, idle X Y, pickup X Y ENERGY, door X Y open|closed,\n"
    "                       win, lose REASON, ...; at the end: state HASH\n"
    "  --bench-frames N     (headless) draw N frames, print median and 95th percentile\n"
    "  --bench-zoom Z       --bench-frames looks at the middle of the level at zoom Z (0.25 .. 3)\n"
    "  --frame-stats        at the end print the median and the longest frame (headless: drawn too)\n"
    "                       and the script line before the longest\n"
    "  --record FILE        write every input with its tick to FILE\n"
    "  --replay FILE        play a recording back (with --headless: no display needed)\n"
    "  --no-progress        do not read or write the progress and settings files\n"
    "  --mute               start with the sound off (K toggles it)\n"
    "  --help\n"
    "In the game press H for the controls.\n";

typedef struct Options {
    const char *level;
    int w, h;
    bool headless, trace, no_progress, mute, frame_stats;
    bool size_given;      /* --size: the settings' window size does not apply */
    const char *script, *record, *replay;
    long bench_frames;
    double bench_zoom; /* 0: the level's own framing */
} Options;

typedef struct App {
    Options opt;
    SDL_Window *window;
    SDL_Surface *surface; /* headless target */
    SDL_Renderer *sdl;
    Assets assets;
    Renderer *render;
    Game game;
    bool quit;
    bool dragging;
    int drag_x, drag_y;
    double fps;
    bool fullscreen;    /* F11 on X11: borderless over the display */
    SDL_Rect windowed;  /* the window to go back to */
    /* held input: direction keys (screen directions) and the left button */
    bool key_up, key_down, key_left, key_right;
    int pad_dx, pad_dy;        /* the keypad key held (screen directions) */
    int push_dx, push_dy;      /* the grid direction last sent */
    bool mouse_held;
    TilePos held_tile;
    int mouse_x, mouse_y;
    bool pointer_in;           /* the pointer has been over the window */
    Replay replay;
    Sound *sound;
    bool said_sound;           /* the no-audio notice was shown */
    MenuKind menu;             /* the pause panel (Esc) or the quit question, when open */
    int menu_sel;              /* its highlighted item */
    bool debug;                /* F3: the frame rate */
    bool focus_lost, minimized; /* the window is in the background */
    /* The title, the level select and the ending, when started without a
     * level (a campaign): front.screen FRONT_PLAY while playing. */
    bool campaign;
    Front front;
    LevelSet extras;    /* the campaign folder's "extra" folder, listed after it */
    Pad *pad;           /* gamepads (pad.h), NULL when SDL has none to offer */
    struct GenJob *gen; /* a generated level being made (on a thread), or NULL */
    const char *screen_traced; /* the screen --trace last named (screen_now) */
    Settings settings;  /* settings.h: read at the start, written when changed */
    char *settings_path; /* NULL: neither read nor written (--no-progress, or no home) */
} App;

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "isodroid: ");
    fprintf(stderr, msg, arg);
    fprintf(stderr, "\nrun 'isodroid --help' for usage\n");
    return 2;
}

static int parse_args(int argc, char **argv, Options *o)
{
    *o = (Options){NULL, 1280, 720, false, false, false, false, false, false, NULL, NULL, NULL, 0, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage, stdout);
            return 0;
        } else if (!strcmp(a, "--headless")) {
            o->headless = true;
        } else if (!strcmp(a, "--trace")) {
            o->trace = true;
        } else if (!strcmp(a, "--no-progress")) {
            o->no_progress = true;
        } else if (!strcmp(a, "--frame-stats")) {
            o->frame_stats = true;
        } else if (!strcmp(a, "--mute")) {
            o->mute = true;
        } else if (!strcmp(a, "--size") || !strcmp(a, "--script") || !strcmp(a, "--bench-frames") ||
                   !strcmp(a, "--record") || !strcmp(a, "--replay")) {
            if (i + 1 >= argc)
                return usage_error("%s needs a value", a);
            const char *v = argv[++i];
            if (!strcmp(a, "--script")) {
                o->script = v;
            } else if (!strcmp(a, "--record")) {
                o->record = v;
            } else if (!strcmp(a, "--replay")) {
                o->replay = v;
            } else if (!strcmp(a, "--size")) {
                const char *end;
                long w = 0, h = 0;
                if (num_scan_long(v, &end, 1, SIZE_MAX_SIDE, &w) != NUM_OK || (*end != 'x' && *end != 'X') ||
                    num_parse_long(end + 1, 1, SIZE_MAX_SIDE, &h) != NUM_OK)
                    return usage_error("--size wants WxH between 64x64 and 8192x8192, not '%s'", v);
                o->w = (int)w;
                o->h = (int)h;
                o->size_given = true;
            } else if (num_parse_long(v, 1, BENCH_FRAMES_MAX, &o->bench_frames) != NUM_OK) {
                return usage_error("--bench-frames wants a whole number from 1 to 1000000, not '%s'", v);
            }
        } else if (!strcmp(a, "--bench-zoom")) {
            if (i + 1 >= argc)
                return usage_error("%s needs a value", a);
            if (num_parse_double(argv[++i], GAME_ZOOM_MIN, GAME_ZOOM_MAX, &o->bench_zoom) != NUM_OK)
                return usage_error("--bench-zoom wants a zoom from 0.25 to 3, not '%s'", argv[i]);
        } else if (a[0] == '-') {
            return usage_error("unknown option '%s'", a);
        } else if (!o->level) {
            o->level = a;
        } else {
            return usage_error("unexpected argument '%s'", a);
        }
    }
    if (o->bench_frames && !o->headless)
        return usage_error("%s", "--bench-frames runs with --headless");
    if (o->headless && !o->script && !o->bench_frames && !o->replay)
        return usage_error("%s", "--headless needs --script FILE, --replay FILE or --bench-frames N");
    if (o->replay && o->record)
        return usage_error("%s", "--replay and --record do not go together");
    if (o->w < SIZE_MIN || o->h < SIZE_MIN) { /* said, never silently raised */
        char msg[128];
        snprintf(msg, sizeof msg, "--size %dx%d is below the minimum %dx%d", o->w, o->h, SIZE_MIN, SIZE_MIN);
        return usage_error("%s", msg);
    }
    return -1;
}

/* The first level of a folder in name order (malloc'd), or NULL. */
static char *first_level(const char *dir)
{
    LevelSet set;
    char *path = levelset_scan(&set, dir) && set.count > 0 ? levelset_path_new(&set, 0) : NULL;
    levelset_free(&set);
    return path;
}

/* The level file to play (malloc'd, any length), or NULL after saying why. */
static char *resolve_level(const char *arg)
{
    struct stat sb;
    char *path = NULL;
    if (!arg) {
        if ((path = first_level("levels")))
            return path;
        char *base = SDL_GetBasePath();
        if (base) {
            size_t n = strlen(base) + sizeof "../levels";
            char *dir = malloc(n);
            if (dir) {
                snprintf(dir, n, "%s../levels", base);
                path = first_level(dir);
                free(dir);
            }
            SDL_free(base);
        }
        if (!path)
            fprintf(stderr, "isodroid: no level files (*.txt) in levels/; give one: isodroid LEVEL.txt\n");
        return path;
    }
    if (stat(arg, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        if (!(path = first_level(arg)))
            fprintf(stderr, "isodroid: %s: no level files (*.txt) in this folder\n", arg);
        return path;
    }
    if (!(path = strdup(arg)))
        fprintf(stderr, "isodroid: out of memory\n");
    return path;
}

/* ---- input ------------------------------------------------------------------- */

static bool pick_tile(App *app, int px, int py, TilePos *t)
{
    return game_pick(&app->game, (ScreenPos){px + 0.5, py + 0.5}, t);
}

/* The tile the pointer is over: none while a panel (the help, the pause
 * panel, a question) covers the world; on the minimap the tile a click
 * there walks to (none while editing, where it moves the camera); on the
 * palette none; else the tile of the world under it. */
static void hover_at(App *app, int px, int py)
{
    Game *g = &app->game;
    TilePos t = {0, 0};
    char glyph;
    bool valid;
    if (app->menu != MENU_NONE || g->ask != GAME_ASK_NONE || g->show_help)
        valid = false; /* a panel covers the world */
    else if (render_minimap_pick(g, px, py, &t))
        valid = !g->editing;
    else if (g->editing && render_palette_pick(g, px, py, &glyph))
        valid = false;
    else
        valid = pick_tile(app, px, py, &t);
    game_hover(g, valid, t);
}

/* The game's screen is the renderer's output, read back after any window
 * event rather than taken from the event: window managers (or their absence)
 * differ in what they report and when. */
static void sync_size(App *app)
{
    int w, h;
    if (!app->window || SDL_GetRendererOutputSize(app->sdl, &w, &h) != 0)
        return;
    if (w != app->game.screen_w || h != app->game.screen_h)
        game_resize(&app->game, w, h);
}

/* Screen directions (sx right, sy down) to a grid step: screen up is grid
 * north-west, screen up-right grid north, and so on round the compass. */
static void screen_to_grid_step(int sx, int sy, int *dx, int *dy)
{
    int gx = sx + sy, gy = sy - sx;
    *dx = gx > 0 ? 1 : gx < 0 ? -1 : 0;
    *dy = gy > 0 ? 1 : gy < 0 ? -1 : 0;
}

/* The held direction keys changed: tell the rules the direction now held. */
static void send_push(App *app)
{
    int sx = app->pad_dx + (app->key_right ? 1 : 0) - (app->key_left ? 1 : 0);
    int sy = app->pad_dy + (app->key_down ? 1 : 0) - (app->key_up ? 1 : 0);
    int dx, dy;
    screen_to_grid_step(sx, sy, &dx, &dy);
    if (dx == app->push_dx && dy == app->push_dy)
        return;
    app->push_dx = dx;
    app->push_dy = dy;
    game_command(&app->game, (SimCmd){SIM_CMD_PUSH, dx, dy});
}

/* A direction key went down or up; false when k is not one. */
/* The action of key k (with the modifiers held) where the player is now:
 * play or the editor (bindings.h: the player's keys over the defaults). */
static BindAction key_action_in(const App *app, SDL_Keycode k, Uint16 mod, unsigned where)
{
    unsigned mods = (mod & KMOD_CTRL ? BIND_MOD_CTRL : 0) | (mod & KMOD_SHIFT ? BIND_MOD_SHIFT : 0) |
                    (mod & KMOD_ALT ? BIND_MOD_ALT : 0);
    char chord[BIND_NAME_MAX];
    if (!bindings_chord(SDL_GetKeyName(k), mods, chord, sizeof chord))
        return BIND_NONE;
    return bindings_action_for_key(&app->settings, chord, where);
}

static BindAction key_action(const App *app, SDL_Keycode k, Uint16 mod)
{
    return key_action_in(app, k, mod, app->game.editing ? BIND_IN_EDITOR : BIND_IN_PLAY);
}

/* A step key going down or up (the held keys walk on); false for other keys. */
static bool direction_key(App *app, SDL_Keycode k, Uint16 mod, bool down)
{
    static const struct {
        BindAction a;
        int sx, sy;
    } diag[] = {{BIND_STEP_DOWN_LEFT, -1, 1}, {BIND_STEP_DOWN_RIGHT, 1, 1}, {BIND_STEP_UP_LEFT, -1, -1},
                {BIND_STEP_UP_RIGHT, 1, -1}};
    BindAction a = key_action(app, k, down ? mod : 0); /* released: the key alone */
    switch (a) {
    case BIND_STEP_UP: app->key_up = down; break;
    case BIND_STEP_DOWN: app->key_down = down; break;
    case BIND_STEP_LEFT: app->key_left = down; break;
    case BIND_STEP_RIGHT: app->key_right = down; break;
    default: {
        size_t i = 0;
        while (i < sizeof diag / sizeof diag[0] && diag[i].a != a)
            i++;
        if (i == sizeof diag / sizeof diag[0])
            return false;
        if (down) {
            app->pad_dx = diag[i].sx;
            app->pad_dy = diag[i].sy;
        } else if (app->pad_dx == diag[i].sx && app->pad_dy == diag[i].sy) {
            app->pad_dx = app->pad_dy = 0;
        }
    }
    }
    if (!app->game.editing && app->game.ask == GAME_ASK_NONE)
        send_push(app);
    return true;
}

/* The left button held over the level: the droid follows the tile under the pointer. */
static void follow_pointer(App *app)
{
    TilePos t;
    if (!app->mouse_held || app->game.editing || !pick_tile(app, app->mouse_x, app->mouse_y, &t))
        return;
    if (tile_pos_eq(t, app->held_tile))
        return;
    app->held_tile = t;
    game_command(&app->game, (SimCmd){SIM_CMD_HOLD, t.x, t.y});
}

/* Fullscreen as a borderless window over the whole display. On X11 a
 * fullscreen request is the window manager's to carry out, and with none
 * running nothing happens while SDL believes the window grew (the picture is
 * drawn for the wrong size); moving and sizing the window ourselves works
 * with or without one. Elsewhere SDL's desktop fullscreen does the job. */
static void toggle_fullscreen(App *app)
{
    SDL_Window *win = app->window;
    if (!win)
        return;
    const char *driver = SDL_GetCurrentVideoDriver();
    SDL_Rect display;
    if (!driver || strcmp(driver, "x11") != 0) {
        bool full = SDL_GetWindowFlags(win) & SDL_WINDOW_FULLSCREEN_DESKTOP;
        SDL_SetWindowFullscreen(win, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
    } else if (!app->fullscreen) {
        if (SDL_GetDisplayBounds(SDL_GetWindowDisplayIndex(win), &display) != 0)
            return;
        SDL_GetWindowPosition(win, &app->windowed.x, &app->windowed.y);
        SDL_GetWindowSize(win, &app->windowed.w, &app->windowed.h);
        SDL_SetWindowBordered(win, SDL_FALSE);
        SDL_SetWindowPosition(win, display.x, display.y);
        SDL_SetWindowSize(win, display.w, display.h);
        SDL_RaiseWindow(win);
        app->fullscreen = true;
    } else {
        SDL_SetWindowBordered(win, SDL_TRUE);
        SDL_SetWindowSize(win, app->windowed.w, app->windowed.h);
        SDL_SetWindowPosition(win, app->windowed.x, app->windowed.y);
        app->fullscreen = false;
    }
    sync_size(app);
}

/* ---- the settings (settings.h) ---- */

static bool sdl_key_name(const char *name, char *canon, size_t n)
{
    SDL_Keycode k = SDL_GetKeyFromName(name);
    if (k == SDLK_UNKNOWN)
        return false;
    SDL_strlcpy(canon, SDL_GetKeyName(k), n);
    return true;
}

/* Whether the window covers the screen now. */
static bool is_fullscreen(const App *app)
{
    return app->window && (app->fullscreen || (SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN_DESKTOP));
}

static void settings_keep(App *app)
{
    if (app->settings_path && !settings_save(&app->settings, app->settings_path))
        game_say(&app->game, 8.0, "%s", app->settings.error);
}

/* What the settings say, made so: the volumes, the text size, fullscreen. */
static void settings_apply(App *app)
{
    const Settings *set = &app->settings;
    sound_set_volume(app->sound, set->master_volume, set->effects_volume);
    app->game.text_size = set->text_size;
    if (app->window && set->fullscreen != is_fullscreen(app))
        toggle_fullscreen(app);
}

/* Setting `item` of the settings screen changed by delta (-1 or +1). */
static void settings_change(App *app, int item, int delta)
{
    Settings *set = &app->settings;
    switch (item) {
    case FRONT_SET_MASTER:
        set->master_volume = set->master_volume + 10 * delta < 0     ? 0
                             : set->master_volume + 10 * delta > 100 ? 100
                                                                     : set->master_volume + 10 * delta;
        break;
    case FRONT_SET_EFFECTS:
        set->effects_volume = set->effects_volume + 10 * delta < 0     ? 0
                              : set->effects_volume + 10 * delta > 100 ? 100
                                                                       : set->effects_volume + 10 * delta;
        break;
    case FRONT_SET_FULLSCREEN:
        set->fullscreen = !set->fullscreen;
        break;
    case FRONT_SET_MINIMAP:
        set->minimap = !set->minimap;
        break;
    case FRONT_SET_TEXT: {
        int t = set->text_size + 10 * delta;
        set->text_size = t < SETTINGS_TEXT_MIN ? SETTINGS_TEXT_MIN : t > SETTINGS_TEXT_MAX ? SETTINGS_TEXT_MAX : t;
        break;
    }
    default:
        return;
    }
    if (app->game.trace)
        fprintf(app->game.trace, "setting %d master %d effects %d fullscreen %d minimap %d text %d\n", item,
                set->master_volume, set->effects_volume, set->fullscreen, set->minimap, set->text_size);
    settings_apply(app);
    settings_keep(app);
}

/* The window's size as the player left it (not while fullscreen). */
static void settings_note_window(App *app)
{
    if (!app->window || is_fullscreen(app))
        return;
    int w, h;
    SDL_GetWindowSize(app->window, &w, &h);
    if (w >= SETTINGS_WINDOW_MIN && h >= SETTINGS_WINDOW_MIN) {
        app->settings.window_w = w;
        app->settings.window_h = h;
    }
}

static void request_quit(App *app)
{
    if (game_request_quit(&app->game))
        app->quit = true;
}

/* Every reason the play stands, as it is now: the help, a panel or
 * question open, the window in the background (the player's own pause,
 * Space, is toggled where it is asked for). */
static void sync_pause(App *app)
{
    Game *g = &app->game;
    const struct {
        unsigned why;
        bool on;
    } now[] = {
        {GAME_PAUSE_HELP, g->show_help},
        {GAME_PAUSE_MENU, app->menu != MENU_NONE || g->ask != GAME_ASK_NONE || app->front.screen != FRONT_PLAY},
        {GAME_PAUSE_FOCUS, app->focus_lost || app->minimized},
    };
    for (size_t i = 0; i < sizeof now / sizeof now[0]; i++)
        if (((g->pause & now[i].why) != 0) != now[i].on)
            game_set_pause(g, now[i].why, now[i].on);
}

/* A fresh start (restart, another level) is not paused by the player. */
static void unpause_player(App *app)
{
    if (app->game.pause & GAME_PAUSE_PLAYER)
        game_set_pause(&app->game, GAME_PAUSE_PLAYER, false);
}

/* Nothing is held any more (the window lost the focus, the play went back). */
static void release_held(App *app, bool tell)
{
    app->key_up = app->key_down = app->key_left = app->key_right = false;
    app->pad_dx = app->pad_dy = 0;
    if (tell && !app->game.editing && app->game.ask == GAME_ASK_NONE)
        send_push(app);
    app->push_dx = app->push_dy = 0;
    if (app->mouse_held && tell)
        game_command(&app->game, (SimCmd){SIM_CMD_RELEASE, 0, 0});
    app->mouse_held = false;
}

static void open_menu(App *app, MenuKind m)
{
    app->menu = m;
    app->menu_sel = 0;
    sync_pause(app);
}

/* ---- the title, the level select and the ending (front.h) ---- */

/* Shows screen s (FRONT_PLAY: the play), traced "screen NAME"; the title
 * and the level select read the levels and the progress again. */
static void set_screen(App *app, FrontScreen s)
{
    Game *g = &app->game;
    if (s == FRONT_TITLE || s == FRONT_LEVELS || s == FRONT_ENDING)
        front_scan(&app->front, &g->levels, &app->extras, &g->progress);
    front_open(&app->front, s);
    app->menu = MENU_NONE;
    g->show_help = false;
    release_held(app, true);
    sync_pause(app);
}

/* The screen shown now, by name: a screen of the title, else the pause
 * panel, the result panel, or the play. */
static const char *screen_now(const App *app)
{
    if (app->front.screen != FRONT_PLAY)
        return front_screen_name(app->front.screen);
    if (app->menu != MENU_NONE)
        return "pause";
    return app->game.sim.status != SIM_PLAYING && !app->game.editing ? "result" : "play";
}

/* --trace: "screen NAME" each time the screen shown changes (looked at once a frame). */
static void trace_screen(App *app)
{
    const char *now = screen_now(app);
    if (app->game.trace && (!app->screen_traced || strcmp(now, app->screen_traced)))
        fprintf(app->game.trace, "screen %s\n", now);
    app->screen_traced = now;
}

/* Plays level i of the level select (the campaign's, then the extras') from its start. */
static void play_level(App *app, int i)
{
    Game *g = &app->game;
    char path[4096];
    bool extra = i >= app->front.campaign;
    if (!levelset_path(extra ? &app->extras : &g->levels, extra ? i - app->front.campaign : i, path, sizeof path) ||
        !game_open(g, path)) /* opened afresh, welcomed (the one shown behind the title too) */
        return;              /* game_open said why */
    unpause_player(app);
    set_screen(app, FRONT_PLAY);
}

static void gen_start(App *app); /* below: generated levels */

static void front_do(App *app, FrontInput in)
{
    int index = 0;
    FrontScreen was = app->front.screen;
    FrontChoice c = front_input(&app->front, in, &index);
    if (c == FRONT_PLAY_LEVEL)
        play_level(app, index);
    else if (c == FRONT_QUIT)
        request_quit(app);
    else if (c == FRONT_CHANGE)
        settings_change(app, index, app->front.delta);
    else if (c == FRONT_GENERATE)
        gen_start(app);
    else if (app->front.screen != was)
        sync_pause(app);
}

/* The keys' screen waits for a key: it becomes the action's (Esc: no change). */
static void rebind_key(App *app, SDL_Keycode k, Uint16 mod)
{
    Front *f = &app->front;
    f->capturing = false;
    BindAction a = (BindAction)f->key_action[f->sel];
    if (k == SDLK_ESCAPE) {
        snprintf(f->key_note, sizeof f->key_note, "Kept as it was.");
        return;
    }
    unsigned mods = (mod & KMOD_CTRL ? BIND_MOD_CTRL : 0) | (mod & KMOD_SHIFT ? BIND_MOD_SHIFT : 0) |
                    (mod & KMOD_ALT ? BIND_MOD_ALT : 0);
    char chord[BIND_NAME_MAX], err[120];
    const char *keys[1] = {bindings_chord(SDL_GetKeyName(k), mods, chord, sizeof chord)};
    BindAction other = BIND_NONE;
    if (!keys[0] || !bindings_set(&app->settings, a, keys, 1, &other, err, sizeof err)) {
        snprintf(f->key_note, sizeof f->key_note, "Not changed: %s", keys[0] ? err : "no such key");
        return;
    }
    if (other != BIND_NONE)
        snprintf(f->key_note, sizeof f->key_note, "%s: %s (taken from \"%s\")", bindings_info(a)->label, chord,
                 bindings_info(other)->label);
    else
        snprintf(f->key_note, sizeof f->key_note, "%s: %s", bindings_info(a)->label, chord);
    if (app->game.trace)
        fprintf(app->game.trace, "key %s %s\n", bindings_info(a)->name, chord);
    settings_keep(app);
}

static void front_key(App *app, SDL_Keycode k, Uint16 mod)
{
    if (app->front.capturing) {
        rebind_key(app, k, mod);
        return;
    }
    if (app->front.screen == FRONT_KEYS && k == SDLK_DELETE) {
        int index = 0;
        if (front_input(&app->front, FRONT_LEFT, &index) == FRONT_RESET_KEYS) {
            BindAction a = (BindAction)app->front.key_action[index];
            bindings_reset(&app->settings, a);
            snprintf(app->front.key_note, sizeof app->front.key_note, "%s: back to its keys", bindings_info(a)->label);
            settings_keep(app);
        }
        return;
    }
    if ((k >= SDLK_0 && k <= SDLK_9 && front_type_digit(&app->front, (int)(k - SDLK_0))) ||
        (k >= SDLK_KP_1 && k <= SDLK_KP_0 && app->front.screen == FRONT_GENERATED &&
         front_type_digit(&app->front, k == SDLK_KP_0 ? 0 : (int)(k - SDLK_KP_1) + 1)) ||
        (k == SDLK_BACKSPACE && front_type_digit(&app->front, -1)))
        return;
    if (k == SDLK_UP || k == SDLK_w || k == SDLK_KP_8)
        front_input(&app->front, FRONT_UP, NULL);
    else if (k == SDLK_DOWN || k == SDLK_s || k == SDLK_KP_2 || k == SDLK_TAB)
        front_input(&app->front, FRONT_DOWN, NULL);
    else if (k == SDLK_LEFT || k == SDLK_a || k == SDLK_KP_4 || k == SDLK_MINUS || k == SDLK_KP_MINUS)
        front_do(app, FRONT_LEFT);
    else if (k == SDLK_RIGHT || k == SDLK_d || k == SDLK_KP_6 || k == SDLK_PLUS || k == SDLK_EQUALS ||
             k == SDLK_KP_PLUS)
        front_do(app, FRONT_RIGHT);
    else if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE)
        front_do(app, FRONT_CONFIRM);
    else if (k == SDLK_ESCAPE || k == SDLK_BACKSPACE)
        front_do(app, FRONT_BACK);
}

/* ---- generated levels (gen.h), made on a thread of their own ---- */

typedef struct GenJob {
    GenOptions opt;
    GenResult result;
    SDL_Thread *thread; /* NULL: made at once */
    SDL_atomic_t done;
} GenJob;

static int gen_job_run(void *data)
{
    GenJob *j = data;
    gen_level(&j->opt, &j->result);
    SDL_AtomicSet(&j->done, 1);
    return 0;
}

/* Where a generated level's file goes: beside the progress file
 * (generated/seed-N-dD.txt), else in the temporary folder. malloc'd. */
static char *gen_file(const App *app, uint64_t seed, int difficulty)
{
    const char *progress = app->game.progress.path, *tmp = getenv("TMPDIR");
    char name[96];
    snprintf(name, sizeof name, "seed-%llu-d%d.txt", (unsigned long long)seed, difficulty);
    size_t n = (progress ? strlen(progress) : strlen(tmp ? tmp : "/tmp")) + sizeof "/generated/" + sizeof name;
    char *path = malloc(n);
    if (!path)
        return NULL;
    if (progress) {
        const char *slash = strrchr(progress, '/');
        int dir = slash ? (int)(slash - progress) : 1;
        snprintf(path, n, "%.*s/generated/%s", dir, slash ? progress : ".", name);
    } else {
        snprintf(path, n, "%s/isodroid-generated/%s", tmp ? tmp : "/tmp", name);
    }
    return path;
}

/* Starts making the level Front asks for: on a thread when the game keeps
 * real time, at once in a headless script (the same every run). */
static void gen_start(App *app)
{
    if (app->gen)
        return;
    GenJob *j = calloc(1, sizeof *j);
    if (!j)
        return;
    j->opt = gen_options_default(app->front.gen_seed);
    j->opt.difficulty = app->front.gen_difficulty;
    app->gen = j;
    app->front.generating = true;
    if (app->game.trace)
        fprintf(app->game.trace, "generating %llu %d\n", app->front.gen_seed, j->opt.difficulty);
    if (!app->opt.headless || app->opt.frame_stats)
        j->thread = SDL_CreateThread(gen_job_run, "level-gen", j);
    if (!j->thread)
        gen_job_run(j);
}

/* Once the level is made: written to its file and played. */
static void gen_poll(App *app)
{
    GenJob *j = app->gen;
    if (!j || !SDL_AtomicGet(&j->done))
        return;
    if (j->thread)
        SDL_WaitThread(j->thread, NULL);
    app->gen = NULL;
    app->front.generating = false;
    Game *g = &app->game;
    char err[300] = "";
    char *path = j->result.status == GEN_OK ? gen_file(app, j->opt.seed, j->opt.difficulty) : NULL;
    if (j->result.status != GEN_OK)
        snprintf(err, sizeof err, "no level made from seed %llu: %s", (unsigned long long)j->opt.seed,
                 gen_status_name(j->result.status));
    else if (!path || !fileio_make_dirs_for(path) ||
             !fileio_write_atomic(path, j->result.text, j->result.len, err, sizeof err))
        snprintf(err + strlen(err), sizeof err - strlen(err), "%s(cannot write %s)", err[0] ? " " : "",
                 path ? path : "the level");
    else if (game_open(g, path))
        set_screen(app, FRONT_PLAY);
    if (err[0])
        game_say(g, 10.0, "%s", err);
    free(path);
    gen_result_free(&j->result);
    free(j);
}

static void gen_free(App *app)
{
    if (app->gen && app->gen->thread)
        SDL_WaitThread(app->gen->thread, NULL); /* at most one proof, about a second */
    if (app->gen)
        gen_result_free(&app->gen->result);
    free(app->gen);
    app->gen = NULL;
}

/* The level won was the folder's last: the ending, in a campaign. */
static bool campaign_over(const App *app)
{
    const Game *g = &app->game;
    return app->campaign && g->levels.count > 0 && g->level_index == g->levels.count - 1;
}

/* An item of the open panel chosen (Enter, its key or a click). */
static void menu_choose(App *app, int item)
{
    Game *g = &app->game;
    if (app->menu == MENU_QUIT) {
        if (item == MENU_YES)
            request_quit(app);
        else
            open_menu(app, MENU_PAUSE);
        return;
    }
    switch (item) {
    case MENU_RESUME:
        app->menu = MENU_NONE;
        break;
    case MENU_RESTART:
        app->menu = MENU_NONE;
        unpause_player(app);
        game_restart(g);
        break;
    case MENU_LEVELS:
        if (game_request_quit(g)) { /* unsaved edits ask first */
            if (!app->campaign) {
                front_scan(&app->front, &g->levels, &app->extras, &g->progress);
                app->campaign = true;
            }
            set_screen(app, FRONT_LEVELS);
        } else {
            app->menu = MENU_NONE;
        }
        break;
    case MENU_SETTINGS:
        set_screen(app, FRONT_SETTINGS);
        app->front.back = FRONT_PLAY; /* Esc: back to the play */
        break;
    case MENU_LEAVE:
        if (app->campaign && !game_dirty(g)) {
            set_screen(app, FRONT_TITLE);
            break;
        }
        /* unsaved edits have their own question; otherwise ask once */
        if (game_dirty(g)) {
            app->menu = MENU_NONE;
            request_quit(app);
        } else {
            open_menu(app, MENU_QUIT);
        }
        break;
    default:
        break;
    }
    sync_pause(app);
}

/* A key while the pause panel or the quit question is open (the binding table's panel keys). */
static void menu_key(App *app, SDL_Keycode k, Uint16 mod)
{
    int items = app->menu == MENU_QUIT ? MENU_QUIT_ITEMS : MENU_PAUSE_ITEMS;
    BindAction a = key_action_in(app, k, mod, BIND_IN_MENU);
    if (app->menu == MENU_QUIT) {
        if (a == BIND_YES)
            menu_choose(app, MENU_YES);
        else if (a == BIND_BACK || a == BIND_NO)
            menu_choose(app, MENU_NO);
        else if (a == BIND_CONFIRM)
            menu_choose(app, app->menu_sel);
    } else if (a == BIND_BACK || a == BIND_PAUSE) {
        menu_choose(app, MENU_RESUME);
    } else if (a == BIND_RESTART) {
        menu_choose(app, MENU_RESTART);
    } else if (a == BIND_QUIT) {
        menu_choose(app, MENU_LEAVE);
    } else if (a == BIND_LEVELS) {
        menu_choose(app, MENU_LEVELS);
    } else if (a == BIND_CONFIRM) {
        menu_choose(app, app->menu_sel);
    }
    if (a == BIND_STEP_UP || a == BIND_PAN_UP)
        app->menu_sel = (app->menu_sel + items - 1) % items;
    else if (a == BIND_STEP_DOWN || a == BIND_PAN_DOWN || a == BIND_MENU_NEXT)
        app->menu_sel = (app->menu_sel + 1) % items;
}

static HudStats hud_stats(const App *app)
{
    return (HudStats){app->fps,      app->debug,     app->menu,          app->menu_sel,
                      &app->front,   app->campaign,  &app->settings,     app->settings_path};
}

/* A key while the unsaved-edits question is open. */
static void answer_key(App *app, SDL_Keycode k, Uint16 mod)
{
    GameAnswer answer;
    BindAction a = key_action_in(app, k, mod, BIND_IN_ASK);
    if (a == BIND_ASK_SAVE)
        answer = GAME_ANSWER_SAVE;
    else if (a == BIND_ASK_DISCARD)
        answer = GAME_ANSWER_DISCARD;
    else if (a == BIND_ASK_CANCEL || a == BIND_BACK)
        answer = GAME_ANSWER_CANCEL;
    else
        return;
    if (game_answer(&app->game, answer))
        app->quit = true;
}

static void key_down(App *app, SDL_Keycode k, Uint16 mod)
{
    Game *g = &app->game;
    if (g->ask != GAME_ASK_NONE) {
        answer_key(app, k, mod);
        return;
    }
    if (app->front.screen != FRONT_PLAY) {
        front_key(app, k, mod);
        return;
    }
    if (app->menu != MENU_NONE) {
        menu_key(app, k, mod);
        return;
    }
    BindAction a = key_action(app, k, mod);
    if (!g->editing && (a == BIND_STEP_UP || a == BIND_STEP_DOWN || a == BIND_STEP_LEFT || a == BIND_STEP_RIGHT ||
                        a == BIND_STEP_UP_LEFT || a == BIND_STEP_UP_RIGHT || a == BIND_STEP_DOWN_LEFT ||
                        a == BIND_STEP_DOWN_RIGHT)) {
        direction_key(app, k, mod, true);
        return;
    }
    if (!g->editing && g->sim.status == SIM_WON && (a == BIND_CONFIRM || a == BIND_PAUSE)) {
        unpause_player(app);
        if (campaign_over(app))
            set_screen(app, FRONT_ENDING);
        else
            game_next_level(g);
        return;
    }
    if (g->editing && !(mod & (KMOD_CTRL | KMOD_ALT))) { /* the palette: fixed keys */
        if (k >= SDLK_1 && k <= SDLK_9) {
            game_edit_brush(g, GAME_PALETTE[k - SDLK_1]);
            return;
        }
        if (k == SDLK_0) {
            game_edit_brush(g, GAME_PALETTE[9]);
            return;
        }
    }
    switch (a) {
    case BIND_FRAME_RATE:
        app->debug = !app->debug;
        break;
    case BIND_SAVE:
        game_save(g);
        break;
    case BIND_UNDO:
        game_undo(g);
        break;
    case BIND_REDO:
        game_redo(g);
        break;
    case BIND_BACK:
        if (g->show_help)
            g->show_help = false;
        else if (g->editing)
            game_edit_toggle(g);
        else
            open_menu(app, MENU_PAUSE);
        break;
    case BIND_PAUSE:
        if (!g->editing)
            game_set_pause(g, GAME_PAUSE_PLAYER, !(g->pause & GAME_PAUSE_PLAYER));
        break;
    case BIND_REWIND:
        if (!g->editing && game_rewind(g))
            release_held(app, false);
        break;
    case BIND_EDITOR:
        game_edit_toggle(g);
        break;
    case BIND_RESTART:
        if (!g->editing) {
            unpause_player(app);
            game_restart(g);
        }
        break;
    case BIND_SOUND:
        sound_set_muted(app->sound, !sound_muted(app->sound));
        game_say(g, 2.0, sound_muted(app->sound) ? "Sound off (K turns it on)." : "Sound on.");
        break;
    case BIND_NEXT_LEVEL:
        game_request_switch(g, +1);
        break;
    case BIND_PREV_LEVEL:
        game_request_switch(g, -1);
        break;
    case BIND_HELP:
        g->show_help = !g->show_help;
        break;
    case BIND_MINIMAP:
        g->show_minimap = !g->show_minimap;
        break;
    case BIND_CONES:
        g->show_cones = !g->show_cones;
        break;
    case BIND_CAMERA:
        game_toggle_follow(g);
        break;
    case BIND_WALLS:
        g->walls_down = !g->walls_down;
        game_say(g, 2.0, g->walls_down ? "Walls down: T raises them again." : "Walls up.");
        break;
    case BIND_FULLSCREEN:
        toggle_fullscreen(app);
        app->settings.fullscreen = is_fullscreen(app);
        settings_keep(app);
        break;
    case BIND_PAN_UP:
        game_pan(g, 0, 48);
        break;
    case BIND_PAN_DOWN:
        game_pan(g, 0, -48);
        break;
    case BIND_PAN_LEFT:
        game_pan(g, 48, 0);
        break;
    case BIND_PAN_RIGHT:
        game_pan(g, -48, 0);
        break;
    case BIND_ZOOM_IN:
        game_zoom_at(g, (ScreenPos){g->screen_w / 2.0, g->screen_h / 2.0}, 1.25);
        break;
    case BIND_ZOOM_OUT:
        game_zoom_at(g, (ScreenPos){g->screen_w / 2.0, g->screen_h / 2.0}, 0.8);
        break;
    default:
        break;
    }
}

static void mouse_down(App *app, int button, int px, int py)
{
    Game *g = &app->game;
    TilePos t;
    char glyph;
    if (g->ask != GAME_ASK_NONE)
        return;
    if (app->front.screen != FRONT_PLAY) { /* the title, the level select or the ending */
        int item = button == SDL_BUTTON_LEFT ? render_front_pick(g, &app->front, px, py) : -1;
        if (app->front.screen == FRONT_ENDING && button == SDL_BUTTON_LEFT) {
            front_do(app, FRONT_CONFIRM);
        } else if (item >= 0) {
            app->front.sel = item;
            front_do(app, FRONT_CONFIRM);
        }
        return;
    }
    if (g->show_help && button == SDL_BUTTON_LEFT) { /* a click closes the help, as Esc does */
        g->show_help = false;
        return;
    }
    if (app->menu != MENU_NONE) { /* the panel takes the clicks */
        HudStats hs = hud_stats(app);
        int item = button == SDL_BUTTON_LEFT ? render_menu_pick(g, &hs, px, py) : -1;
        if (item >= 0)
            menu_choose(app, item);
        return;
    }
    if (button == SDL_BUTTON_LEFT && g->editing && render_palette_pick(g, px, py, &glyph)) {
        game_edit_brush(g, glyph);
    } else if (button == SDL_BUTTON_LEFT && render_minimap_pick(g, px, py, &t)) {
        if (g->editing) /* the minimap moves the camera while editing */
            game_look_at_tile(g, t);
        else
            game_click_tile(g, t);
    } else if (button == SDL_BUTTON_LEFT) {
        if (!pick_tile(app, px, py, &t))
            return;
        if (g->editing) {
            game_edit_press(g, t, false);
        } else {
            game_click_tile(g, t);
            app->mouse_held = g->sim.status == SIM_PLAYING;
            app->held_tile = t;
        }
    } else if (button == SDL_BUTTON_RIGHT && g->editing) {
        if (pick_tile(app, px, py, &t))
            game_edit_press(g, t, true);
    } else {
        app->dragging = true;
        app->drag_x = px;
        app->drag_y = py;
    }
}

static void mouse_up(App *app, int button)
{
    if (button == SDL_BUTTON_LEFT) {
        game_edit_release(&app->game);
        if (app->mouse_held)
            game_command(&app->game, (SimCmd){SIM_CMD_RELEASE, 0, 0});
        app->mouse_held = false;
    } else {
        app->dragging = false;
    }
}

static void mouse_move(App *app, int px, int py)
{
    Game *g = &app->game;
    if (app->dragging) {
        game_pan(g, px - app->drag_x, py - app->drag_y);
        app->drag_x = px;
        app->drag_y = py;
    }
    TilePos t;
    /* the pointer moved by the player (not the window's first report of
     * where it stands): only that picks a screen's item */
    bool moved = app->pointer_in && (px != app->mouse_x || py != app->mouse_y);
    app->mouse_x = px;
    app->mouse_y = py;
    app->pointer_in = true;
    if (app->front.screen != FRONT_PLAY) {
        int item = moved ? render_front_pick(g, &app->front, px, py) : -1;
        if (item >= 0)
            app->front.sel = item;
        return;
    }
    if (g->painting && pick_tile(app, px, py, &t))
        game_edit_drag(g, t);
    if (app->menu != MENU_NONE) {
        HudStats hs = hud_stats(app);
        int item = render_menu_pick(g, &hs, px, py);
        if (item >= 0)
            app->menu_sel = item;
    }
    hover_at(app, px, py);
    follow_pointer(app);
}

static void handle_event_now(App *app, const SDL_Event *e);

/* Every input, then the screen it may have changed (--trace). */
static void handle_event(App *app, const SDL_Event *e)
{
    handle_event_now(app, e);
    trace_screen(app);
}

static void handle_event_now(App *app, const SDL_Event *e)
{
    Game *g = &app->game;
    if (e->type >= SDL_CONTROLLERAXISMOTION && e->type <= SDL_CONTROLLERDEVICEREMAPPED) { /* a gamepad: as keys */
        SDL_Event keys[PAD_KEYS_MAX];
        const char *note;
        int n = pad_translate(app->pad, e, app->front.screen != FRONT_PLAY, keys, &note);
        if (note && g->trace)
            fprintf(g->trace, "%s\n", note);
        for (int i = 0; i < n; i++)
            handle_event(app, &keys[i]);
        return;
    }
    switch (e->type) {
    case SDL_QUIT:
        request_quit(app);
        break;
    case SDL_WINDOWEVENT:
        switch (e->window.event) {
        case SDL_WINDOWEVENT_FOCUS_LOST:
            app->focus_lost = true;
            release_held(app, true);
            break;
        case SDL_WINDOWEVENT_FOCUS_GAINED: app->focus_lost = false; break;
        case SDL_WINDOWEVENT_MINIMIZED: app->minimized = true; break;
        case SDL_WINDOWEVENT_RESTORED:
        case SDL_WINDOWEVENT_MAXIMIZED:
        case SDL_WINDOWEVENT_SHOWN: app->minimized = false; break;
        default: break;
        }
        sync_size(app); /* resized, maximized, restored, shown: whatever it was */
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
            settings_note_window(app);
        break;
    case SDL_KEYDOWN:
        key_down(app, e->key.keysym.sym, e->key.keysym.mod);
        sync_pause(app);
        if (app->pointer_in)
            hover_at(app, app->mouse_x, app->mouse_y); /* the view or the level may have changed under it */
        break;
    case SDL_KEYUP:
        direction_key(app, e->key.keysym.sym, 0, false);
        break;
    case SDL_MOUSEBUTTONDOWN:
        mouse_down(app, e->button.button, e->button.x, e->button.y);
        break;
    case SDL_MOUSEBUTTONUP:
        mouse_up(app, e->button.button);
        break;
    case SDL_MOUSEMOTION:
        mouse_move(app, e->motion.x, e->motion.y);
        break;
    case SDL_MOUSEWHEEL: {
        int mx, my;
        SDL_GetMouseState(&mx, &my);
        game_zoom_at(g, (ScreenPos){mx, my}, e->wheel.y > 0 ? 1.15 : 1 / 1.15);
        break;
    }
    default:
        break;
    }
    sync_pause(app);
}

/* ---- frames, screenshots, scripts ---------------------------------------------- */

static void draw(App *app)
{
    HudStats hs = hud_stats(app);
    render_frame(app->render, &app->game, &hs);
    SDL_RenderPresent(app->sdl);
}

/* Draws nothing itself: saves what was last drawn. False with the reason in err. */
static bool screenshot(App *app, const char *path, char *err, size_t err_size)
{
    SDL_Surface *shot = app->surface;
    bool own = false;
    if (!shot) {
        int w, h;
        SDL_GetRendererOutputSize(app->sdl, &w, &h);
        shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        own = true;
        if (!shot || SDL_RenderReadPixels(app->sdl, NULL, SDL_PIXELFORMAT_ARGB8888, shot->pixels, shot->pitch)) {
            snprintf(err, err_size, "%s", SDL_GetError());
            SDL_FreeSurface(shot);
            return false;
        }
    }
    int rc = IMG_SavePNG(shot, path);
    if (rc)
        snprintf(err, err_size, "%s", IMG_GetError());
    if (own)
        SDL_FreeSurface(shot);
    return rc == 0;
}

/* Scripted input goes through handle_event, as a player's would. */
static void send_motion(App *app, int px, int py)
{
    SDL_Event e = {.motion = {.type = SDL_MOUSEMOTION, .x = px, .y = py}};
    handle_event(app, &e);
}

static void send_button(App *app, Uint32 type, Uint8 button, int px, int py)
{
    SDL_Event e = {.button = {.type = type, .button = button, .x = px, .y = py}};
    handle_event(app, &e);
}

static void send_click(App *app, Uint8 button, int px, int py)
{
    send_motion(app, px, py);
    send_button(app, SDL_MOUSEBUTTONDOWN, button, px, py);
    send_button(app, SDL_MOUSEBUTTONUP, button, px, py);
}

/* A left-button drag in a straight line, a motion event every 4 pixels,
 * clipped to the window (Liang-Barsky): pressed where the line enters the
 * window, released where it leaves; a line wholly outside sends nothing.
 * The arithmetic is in doubles, so no endpoints overflow. */
static void send_drag(App *app, int x0, int y0, int x1, int y1)
{
    double dx = (double)x1 - x0, dy = (double)y1 - y0, t0 = 0, t1 = 1;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {x0, app->game.screen_w - 1.0 - x0, y0, app->game.screen_h - 1.0 - y0};
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return; /* parallel to this edge and outside it */
        } else if (p[i] < 0) {
            t0 = fmax(t0, q[i] / p[i]);
        } else {
            t1 = fmin(t1, q[i] / p[i]);
        }
    }
    if (t0 > t1)
        return;
    int sx = (int)floor(x0 + t0 * dx + 0.5), sy = (int)floor(y0 + t0 * dy + 0.5);
    int ex = (int)floor(x0 + t1 * dx + 0.5), ey = (int)floor(y0 + t1 * dy + 0.5);
    send_motion(app, sx, sy);
    send_button(app, SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT, sx, sy);
    int n = (abs(ex - sx) > abs(ey - sy) ? abs(ex - sx) : abs(ey - sy)) / 4 + 1;
    for (int i = 1; i <= n; i++)
        send_motion(app, sx + (ex - sx) * i / n, sy + (ey - sy) * i / n);
    send_button(app, SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT, ex, ey);
}

/* "ctrl+shift+z" -> the key and its held modifiers; false for an unknown key. */
static bool parse_key(const char *spec, SDL_Keycode *key, Uint16 *mod)
{
    static const struct {
        const char *prefix;
        Uint16 mod;
    } mods[] = {{"ctrl+", KMOD_LCTRL}, {"shift+", KMOD_LSHIFT}, {"alt+", KMOD_LALT}};
    *mod = 0;
    for (bool more = true; more;) {
        more = false;
        for (size_t i = 0; i < sizeof mods / sizeof mods[0]; i++) {
            size_t n = strlen(mods[i].prefix);
            if (strlen(spec) > n && !SDL_strncasecmp(spec, mods[i].prefix, n)) {
                *mod |= mods[i].mod;
                spec += n;
                more = true;
            }
        }
    }
    *key = SDL_GetKeyFromName(spec);
    return *key != SDLK_UNKNOWN;
}

static void send_key(App *app, Uint32 type, SDL_Keycode k, Uint16 mod)
{
    SDL_Event e = {.key = {.type = type,
                           .state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED,
                           .keysym = {.sym = k, .mod = mod}}};
    handle_event(app, &e);
}

/* Handles the events SDL has now (a headless run polls none of its own). */
static void pump_events(App *app)
{
    SDL_Event e;
    while (SDL_PollEvent(&e))
        handle_event(app, &e);
}

/* "pad plug", "pad unplug" or a button pressed and let go, on the virtual gamepad. */
static bool script_pad(App *app, const char *what)
{
    SDL_GameControllerButton b;
    bool ok;
    if (!strcmp(what, "plug")) {
        ok = pad_virtual_plug(app->pad);
    } else if (!strcmp(what, "unplug")) {
        ok = pad_virtual_unplug(app->pad);
    } else if ((ok = pad_button_from_name(what, &b) && pad_virtual_button(app->pad, b, true))) {
        pump_events(app);
        ok = pad_virtual_button(app->pad, b, false);
    }
    pump_events(app);
    return ok;
}

/* A script error at command c: "FILE:LINE:COL: message" on stderr. */
static void script_error(const Script *s, const ScriptCmd *c, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void script_error(const Script *s, const ScriptCmd *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d:%d: ", s->file, c->line, c->col);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

enum { SCRIPT_FAILED = -1 }; /* script_step's answer after a script error */

/* Runs script commands up to the next wait; returns the frames to wait, or
 * SCRIPT_FAILED after a script error (reported). */
static long script_step(App *app, Script *s)
{
    Game *g = &app->game;
    while (s->next < s->count && !app->quit) {
        const ScriptCmd *c = &s->cmd[s->next++];
        const int *a = c->arg;
        SDL_Keycode key;
        Uint16 mod;
        char err[512];
        switch (c->op) {
        case SCRIPT_CLICK:
            send_click(app, SDL_BUTTON_LEFT, a[0], a[1]);
            break;
        case SCRIPT_RCLICK:
            send_click(app, SDL_BUTTON_RIGHT, a[0], a[1]);
            break;
        case SCRIPT_DRAG:
            send_drag(app, a[0], a[1], a[2], a[3]);
            break;
        case SCRIPT_MOVE:
            send_motion(app, a[0], a[1]);
            break;
        case SCRIPT_MOUSEDOWN:
        case SCRIPT_MOUSEUP:
            send_motion(app, a[0], a[1]);
            send_button(app, c->op == SCRIPT_MOUSEDOWN ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP, SDL_BUTTON_LEFT,
                        a[0], a[1]);
            break;
        case SCRIPT_CLICKTILE:
        case SCRIPT_RCLICKTILE:
            if (!grid_in_bounds(&g->sim.grid, a[0], a[1])) {
                script_error(s, c, "tile %d,%d is outside the %dx%d level", a[0], a[1], g->sim.grid.w,
                             g->sim.grid.h);
                return SCRIPT_FAILED;
            } else if (g->editing) {
                game_edit_press(g, tile_pos(a[0], a[1]), c->op == SCRIPT_RCLICKTILE);
                game_edit_release(g);
            } else if (c->op == SCRIPT_CLICKTILE) {
                /* as a player would: the pointer on the tile, its route's prediction, then the click */
                game_hover(g, true, tile_pos(a[0], a[1]));
                game_predict_now(g, true);
                game_click_tile(g, tile_pos(a[0], a[1]));
            }
            break;
        case SCRIPT_KEY:
        case SCRIPT_KEYDOWN:
        case SCRIPT_KEYUP:
            if (!parse_key(c->text, &key, &mod)) { /* checked at load; kept for safety */
                script_error(s, c, "unknown key '%s'", c->text);
                return SCRIPT_FAILED;
            }
            if (c->op != SCRIPT_KEYUP)
                send_key(app, SDL_KEYDOWN, key, mod);
            if (c->op != SCRIPT_KEYDOWN)
                send_key(app, SDL_KEYUP, key, mod);
            break;
        case SCRIPT_PAD:
            if (!script_pad(app, c->text)) {
                script_error(s, c, "the virtual gamepad cannot '%s' (%s)", c->text, SDL_GetError());
                return SCRIPT_FAILED;
            }
            break;
        case SCRIPT_WAIT:
            return (long)(a[0] / (STEP * 1000.0) + 0.5);
        case SCRIPT_SCREENSHOT:
            draw(app);
            if (!screenshot(app, c->text, err, sizeof err)) {
                script_error(s, c, "screenshot %s: %s", c->text, err);
                return SCRIPT_FAILED;
            }
            break;
        case SCRIPT_QUIT:
            app->quit = true;
            return 0;
        }
    }
    if (s->next == s->count)
        app->quit = app->quit || app->opt.headless; /* a finished script ends a headless run */
    return 0;
}

/* Loads --script FILE and checks its key names; false after printing every
 * problem as FILE:LINE:COL: message. */
static bool script_ready(const char *path, Script *s)
{
    Diags d;
    diag_clear(&d);
    if (script_load(path, s, &d)) {
        for (int i = 0; i < s->count; i++) {
            const ScriptCmd *c = &s->cmd[i];
            SDL_Keycode key;
            Uint16 mod;
            SDL_GameControllerButton b;
            if ((c->op == SCRIPT_KEY || c->op == SCRIPT_KEYDOWN || c->op == SCRIPT_KEYUP) &&
                !parse_key(c->text, &key, &mod))
                diag_add(&d, path, c->line, c->col,
                         "unknown key '%s' (SDL key names: E, 3, Escape, PageDown, F1; ctrl+, shift+, alt+ before)",
                         c->text);
            if (c->op == SCRIPT_PAD && strcmp(c->text, "plug") && strcmp(c->text, "unplug") &&
                !pad_button_from_name(c->text, &b))
                diag_add(&d, path, c->line, c->col,
                         "unknown pad input '%s' (plug, unplug, a, b, start, up, down, left, right)", c->text);
        }
    }
    for (int i = 0; i < d.count; i++)
        fprintf(stderr, "%s\n", d.msg[i]);
    if (d.dropped)
        fprintf(stderr, "%s: (and %d more)\n", path, d.dropped);
    if (diag_total(&d) == 0)
        return true;
    script_free(s);
    return false;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void bench_frames(App *app)
{
    long n = app->opt.bench_frames;
    double *ms = malloc((size_t)n * sizeof *ms), *sim = malloc((size_t)n * sizeof *sim);
    if (!ms || !sim) {
        free(ms);
        free(sim);
        fprintf(stderr, "isodroid: out of memory for %ld frame times\n", n);
        return;
    }
    Game *g = &app->game;
    if (app->opt.bench_zoom > 0) { /* the middle of the level, where the screen is full of it */
        game_look_at_tile(g, tile_pos(g->sim.grid.w / 2, g->sim.grid.h / 2));
        game_zoom_at(g, (ScreenPos){g->screen_w * 0.5, g->screen_h * 0.5}, app->opt.bench_zoom / g->view.zoom);
    }
    Uint64 freq = SDL_GetPerformanceFrequency();
    for (long i = 0; i < n; i++) {
        Uint64 t0 = SDL_GetPerformanceCounter();
        game_update(&app->game);
        Uint64 t1 = SDL_GetPerformanceCounter();
        draw(app);
        ms[i] = (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)freq;
        sim[i] = (double)(t1 - t0) * 1000.0 / (double)freq;
    }
    qsort(ms, (size_t)n, sizeof *ms, compare_doubles);
    qsort(sim, (size_t)n, sizeof *sim, compare_doubles);
    long p95 = (long)(n * 0.95) < n ? (long)(n * 0.95) : n - 1;
    printf("%s: %ld frames at %dx%d: median %.2f ms, p95 %.2f ms (zoom %.2f); the rules alone: median %.3f ms, "
           "p95 %.3f ms a tick\n",
           g->path, n, app->opt.w, app->opt.h, ms[n / 2], ms[p95], g->view.zoom, sim[n / 2], sim[p95]);
    free(ms);
    free(sim);
}

/* The sim's events of the last frames as sounds; the no-audio notice once. */
static void play_sounds(App *app)
{
    Game *g = &app->game;
    for (int i = 0; i < g->frame_event_count; i++) {
        const SimEvent *e = &g->frame_events[i];
        switch (e->type) {
        case SIM_EV_STEP:
            sound_play(app->sound, e->a == TILE_ROUGH  ? SOUND_STEP_ROUGH
                                   : e->a == TILE_DOOR ? SOUND_STEP_DOOR
                                                       : SOUND_STEP_FLOOR);
            break;
        case SIM_EV_DOOR: sound_play(app->sound, e->a ? SOUND_DOOR_OPEN : SOUND_DOOR_CLOSE); break;
        case SIM_EV_PICKUP: sound_play(app->sound, SOUND_PICKUP); break;
        case SIM_EV_EXIT_OPEN: sound_play(app->sound, SOUND_EXIT_OPEN); break;
        case SIM_EV_WIN: sound_play(app->sound, SOUND_WIN); break;
        case SIM_EV_LOSE: sound_play(app->sound, SOUND_LOSE); break;
        case SIM_EV_BUMP: sound_play(app->sound, SOUND_BUMP); break;
        case SIM_EV_ALERT: sound_play(app->sound, SOUND_ALERT); break;
        default: break;
        }
    }
    g->frame_event_count = 0;
    /* said once, after the level's own message, which matters more */
    if (!app->said_sound && sound_status(app->sound)[0] && !app->opt.headless && g->message_left <= 0) {
        game_say(g, 6.0, "%s", sound_status(app->sound));
        app->said_sound = true;
    }
}

/* Opens --record FILE for writing, before the game starts; NULL (said on
 * stderr) when it cannot be written, when it is the level being played
 * (writing would wipe the level), or when the level's path cannot stand on
 * a recording's line. */
static FILE *open_record(const char *path, const char *level)
{
    struct stat rs, ls;
    if (stat(path, &rs) == 0 && stat(level, &ls) == 0 && rs.st_dev == ls.st_dev && rs.st_ino == ls.st_ino) {
        fprintf(stderr, "isodroid: --record %s is the level being played; name another file\n", path);
        return NULL;
    }
    if (!replay_path_ok(level)) {
        fprintf(stderr, "isodroid: cannot record play of a level whose path holds a line break\n");
        return NULL;
    }
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "isodroid: cannot write the recording %s: %s\n", path, strerror(errno));
    return f;
}

typedef enum ReplayFeed { FEED_GOING, FEED_ENDED, FEED_FAILED } ReplayFeed;

/* Applies the recording's inputs that are due at this tick. A level that
 * does not load or a rewind the play cannot make fails the replay, with
 * FILE:LINE: and the reason on stderr. */
static ReplayFeed replay_feed(App *app)
{
    Replay *r = &app->replay;
    Game *g = &app->game;
    while (r->next < r->count && r->line[r->next].tick <= g->sim.tick) {
        const ReplayLine *l = &r->line[r->next++];
        if (l->kind == REPLAY_END)
            return FEED_ENDED;
        if (l->kind == REPLAY_LEVEL && !game_open(g, l->path)) {
            fprintf(stderr, "%s:%d: the level %s does not load: %s\n", app->opt.replay, l->line, l->path, g->message);
            return FEED_FAILED;
        }
        if (l->kind == REPLAY_REWIND && !game_replay_rewind(g, l->to)) {
            fprintf(stderr, "%s:%d: cannot go back to tick %llu\n", app->opt.replay, l->line,
                    (unsigned long long)l->to);
            return FEED_FAILED;
        }
        if (l->kind == REPLAY_CMD)
            game_replay_command(g, l->cmd);
    }
    return r->next >= r->count ? FEED_ENDED : FEED_GOING;
}

/* SIGTERM, SIGINT or SIGHUP in a run without a window: it stops at the next
 * frame (the recording ended and closed) and exits 128 + the signal. */
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
}

static void catch_stop_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

/* The game loop; returns the exit code (EXIT_SCRIPT after a script error). */
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

static void frame_stats_add(FrameStats *f, double ms, int line, int cmd)
{
    if (f->after && cmd >= 0 && ms > f->after[cmd])
        f->after[cmd] = ms;
    if (f->count == f->cap) {
        long cap = f->cap ? f->cap * 2 : 1024;
        double *m = realloc(f->ms, (size_t)cap * sizeof *m);
        if (!m)
            return;
        f->ms = m;
        f->cap = cap;
    }
    if (ms > f->longest) {
        f->longest = ms;
        f->longest_frame = f->count;
        f->longest_line = line;
    }
    f->ms[f->count++] = ms;
}

static void frame_stats_print(FrameStats *f, const Script *s)
{
    if (f->count == 0)
        return;
    qsort(f->ms, (size_t)f->count, sizeof *f->ms, compare_doubles);
    fprintf(stderr, "frames: %ld, median %.2f ms, longest %.2f ms (frame %ld", f->count, f->ms[f->count / 2],
            f->longest, f->longest_frame);
    if (f->longest_line > 0)
        fprintf(stderr, ", after %s:%d", s->file, f->longest_line);
    fprintf(stderr, ")\n");
    for (int i = 0; f->after && i < s->count; i++)
        if (s->cmd[i].op != SCRIPT_WAIT)
            fprintf(stderr, "  %s:%d: longest frame after it %.2f ms\n", s->file, s->cmd[i].line, f->after[i]);
    free(f->ms);
    free(f->after);
}

static int run(App *app)
{
    FrameStats stats = {0};
    int stats_line = 0, stats_cmd = -1;
    Script script = {0};
    if (app->opt.script && !script_ready(app->opt.script, &script))
        return EXIT_SCRIPT;
    int rc = 0;
    Uint64 freq = SDL_GetPerformanceFrequency(), last = SDL_GetPerformanceCounter();
    double acc = 0;
    long wait_frames = 0;
    bool scripted = script.count > 0;
    if (app->opt.frame_stats && scripted)
        stats.after = calloc((size_t)script.count, sizeof *stats.after);
    while (!app->quit) {
        Uint64 frame_start = SDL_GetPerformanceCounter();
        if (stop_signal) {
            rc = 128 + stop_signal;
            break;
        }
        if (!app->opt.headless) {
            SDL_Event e;
            while (SDL_PollEvent(&e))
                handle_event(app, &e);
        }
        gen_poll(app);
        trace_screen(app);
        if (scripted && wait_frames == 0 && !app->quit) {
            if ((wait_frames = script_step(app, &script)) == SCRIPT_FAILED) {
                rc = EXIT_SCRIPT;
                break;
            }
            for (stats_cmd = script.next - 1; stats_cmd >= 0 && script.cmd[stats_cmd].op == SCRIPT_WAIT;)
                stats_cmd--;
            stats_line = stats_cmd >= 0 ? script.cmd[stats_cmd].line : 0;
        }
        if (app->quit)
            break;
        /* headless runs step once a frame; a window keeps real time */
        int steps = 1;
        if (!app->opt.headless) {
            Uint64 now = SDL_GetPerformanceCounter();
            double dt = (double)(now - last) / (double)freq;
            last = now;
            app->fps = app->fps * 0.9 + (dt > 0 ? 0.1 / dt : 0);
            acc += dt > 0.25 ? 0.25 : dt;
            steps = (int)(acc / STEP);
            acc -= steps * STEP;
        } else {
            app->fps = 60;
        }
        sync_pause(app); /* a question the game opened itself, the help closed by a script */
        for (int i = 0; i < steps && !app->quit; i++) {
            ReplayFeed fed = app->game.replaying ? replay_feed(app) : FEED_GOING;
            if (fed == FEED_FAILED) {
                rc = 1;
                app->quit = true;
                break;
            }
            if (fed == FEED_ENDED) {
                app->game.replaying = false;
                if (app->opt.headless && !scripted)
                    app->quit = true;
                else
                    game_say(&app->game, 4.0, "The recording has ended: your turn.");
                break;
            }
            follow_pointer(app);
            game_update(&app->game);
            trace_screen(app); /* a win or a loss shows the result */
            if (app->pointer_in)
                hover_at(app, app->mouse_x, app->mouse_y); /* the camera may move under a still pointer */
            if (wait_frames > 0)
                wait_frames--;
        }
        play_sounds(app);
        bool minimized = app->window && (SDL_GetWindowFlags(app->window) & SDL_WINDOW_MINIMIZED);
        if (minimized)
            SDL_Delay(50);
        else if (!app->opt.headless || app->opt.frame_stats)
            draw(app);
        if (app->opt.frame_stats)
            frame_stats_add(&stats, (double)(SDL_GetPerformanceCounter() - frame_start) * 1000.0 / (double)freq,
                            stats_line, stats_cmd);
    }
    if (app->opt.frame_stats)
        frame_stats_print(&stats, &script);
    script_free(&script);
    return rc;
}

/* ---- level files loaded on a thread of their own (loader.h), for the game ---- */

static void *loader_job_start(void *ctx, const char *path)
{
    (void)ctx;
    return loader_start(path, LOADER_LEVEL_SIM);
}

static GameLoadState loader_job_poll(void *job)
{
    switch (loader_poll(job)) {
    case LOADER_RUNNING:
        return GAME_LOAD_RUNNING;
    case LOADER_DONE:
        return GAME_LOAD_DONE;
    default:
        return GAME_LOAD_FAILED;
    }
}

static double loader_job_progress(void *job)
{
    return loader_progress(job);
}

static bool loader_job_take(void *job, Level *level, Sim *sim, Sim *start, Diags *d)
{
    return loader_take(job, level, sim, start, d);
}

static void loader_job_drop(void *job)
{
    loader_abandon(job); /* never waits; loader_shutdown joins it before exit */
}

int main(int argc, char **argv)
{
    App app;
    memset(&app, 0, sizeof app);
    int rc = parse_args(argc, argv, &app.opt);
    if (rc >= 0)
        return rc;
    if (app.opt.replay) {
        Diags rd;
        diag_clear(&rd);
        if (!replay_load(app.opt.replay, &app.replay, &rd)) {
            for (int i = 0; i < rd.count; i++)
                fprintf(stderr, "%s\n", rd.msg[i]);
            return 1;
        }
        if (!app.opt.level)
            app.opt.level = app.replay.level;
    }
    char *level = resolve_level(app.opt.level);
    if (!level) {
        replay_free(&app.replay);
        return 1;
    }

    /* the settings: read before the window opens (its size); none with --no-progress */
    settings_default(&app.settings);
    app.settings_path = app.opt.no_progress ? NULL : settings_path_default();
    if (app.settings_path)
        settings_load(&app.settings, app.settings_path, sdl_key_name, NULL);
    if (!app.opt.size_given && !app.opt.headless) {
        app.opt.w = app.settings.window_w;
        app.opt.h = app.settings.window_h;
    }
    int window_w = app.settings.window_w, window_h = app.settings.window_h;

    if (app.opt.headless)
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(app.opt.headless ? 0 : SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "isodroid: cannot start the display: %s\n"
                        "No display here? Run 'isodroid --headless --script FILE', or set DISPLAY.\n",
                SDL_GetError());
        free(level);
        return 1;
    }
    if (!app.opt.headless) {
        /* SDL falls back to drivers that show nothing; a player wants a window */
        const char *drv = SDL_GetCurrentVideoDriver(), *asked = SDL_getenv("SDL_VIDEODRIVER");
        if (drv && (!strcmp(drv, "offscreen") || !strcmp(drv, "dummy")) && !(asked && !strcmp(asked, drv))) {
            fprintf(stderr, "isodroid: no display found (SDL could only start its '%s' video driver).\n"
                            "No display here? Run 'isodroid --headless --script FILE', or set DISPLAY.\n",
                    drv);
            SDL_Quit();
            free(level);
            return 1;
        }
    }
    if (IMG_Init(IMG_INIT_PNG) == 0 || TTF_Init() != 0) {
        fprintf(stderr, "isodroid: cannot start SDL_image/SDL_ttf: %s\n", SDL_GetError());
        SDL_Quit();
        free(level);
        return 1;
    }
    FILE *record = NULL; /* --record: owned here; the game writes through app.game.record */
    if (app.opt.record && !(record = open_record(app.opt.record, level))) {
        TTF_Quit();
        IMG_Quit();
        SDL_Quit();
        free(level);
        replay_free(&app.replay);
        return 1;
    }
    if (app.opt.headless)
        catch_stop_signals();
    rc = 1;
    if (app.opt.headless) {
        app.surface = SDL_CreateRGBSurfaceWithFormat(0, app.opt.w, app.opt.h, 32, SDL_PIXELFORMAT_ARGB8888);
        app.sdl = app.surface ? SDL_CreateSoftwareRenderer(app.surface) : NULL;
    } else {
        app.window = SDL_CreateWindow("Isodroid", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, app.opt.w,
                                      app.opt.h, SDL_WINDOW_RESIZABLE);
        if (app.window) {
            SDL_SetWindowMinimumSize(app.window, SIZE_MIN, SIZE_MIN); /* as small as --size takes: the layout fits any */
            app.sdl = SDL_CreateRenderer(app.window, -1, SDL_RENDERER_PRESENTVSYNC);
            if (!app.sdl)
                app.sdl = SDL_CreateRenderer(app.window, -1, SDL_RENDERER_SOFTWARE);
        }
    }
    char err[1200];
    Diags d;
    diag_clear(&d);
    if (!app.sdl) {
        fprintf(stderr, "isodroid: cannot open a window: %s\n"
                        "No display here? Run 'isodroid --headless --script FILE', or set DISPLAY.\n",
                SDL_GetError());
    } else if (!assets_load(&app.assets, assets_find_dir(), err, sizeof err)) {
        fprintf(stderr, "isodroid: %s\nReinstall the assets folder (git checkout assets) or rebuild it: make art\n",
                err);
    } else if (!game_init(&app.game, level, app.opt.w, app.opt.h, &d)) {
        for (int i = 0; i < d.count; i++)
            fprintf(stderr, "%s\n", d.msg[i]);
        if (d.dropped)
            fprintf(stderr, "%s: (and %d more)\n", level, d.dropped);
    } else if (!(app.render = render_create(app.sdl, &app.assets))) {
        fprintf(stderr, "isodroid: out of memory\n");
    } else {
        if (app.window) {
            int w, h;
            SDL_GetRendererOutputSize(app.sdl, &w, &h);
            game_resize(&app.game, w, h);
            game_center_on_droid(&app.game);
        }
        app.game.trace = app.opt.trace ? stdout : NULL;
        app.game.replaying = app.opt.replay != NULL;
        app.campaign = !app.opt.level && !app.opt.replay; /* started without a level: the title first */
        /* a replay switches levels on its ticks, and a headless run steps
         * faster than a thread loads: both load at once, so that they play
         * the same every time (--frame-stats keeps real time: in the background) */
        if (!app.game.replaying && (!app.opt.headless || app.opt.frame_stats))
            game_set_loader(&app.game, (GameLoader){loader_job_start, loader_job_poll, loader_job_progress,
                                                    loader_job_take, loader_job_drop, NULL});
        char *progress = app.opt.no_progress ? NULL : progress_default_path();
        progress_load(&app.game.progress, progress);
        free(progress);
        if (app.game.progress.error[0])
            game_say(&app.game, 10.0, "%s", app.game.progress.error);
        app.screen_traced = "play"; /* a level given starts in play: traced from its first change */
        if (app.campaign) {
            time_t now = time(NULL); /* the level of the day: its seed is the date, YYYYMMDD */
            struct tm day;
            if (localtime_r(&now, &day))
                app.front.day_seed = (unsigned long long)(day.tm_year + 1900) * 10000 +
                                     (unsigned long long)(day.tm_mon + 1) * 100 + (unsigned long long)day.tm_mday;
            char extra[4096];
            if (snprintf(extra, sizeof extra, "%s/extra", app.game.levels.dir) < (int)sizeof extra)
                levelset_scan(&app.extras, extra); /* none: no extras */
            set_screen(&app, FRONT_TITLE);
        }
        if (!app.opt.bench_frames)
            app.sound = sound_create(app.opt.mute, app.opt.headless);
        app.pad = pad_create();
        app.game.show_minimap = app.settings.minimap;
        settings_apply(&app);
        if (app.settings.error[0])
            game_say(&app.game, 10.0, "%s", app.settings.error);
        if (record) {
            app.game.record = record;
            replay_write_header(record, app.game.path);
        }
        rc = 0;
        if (app.opt.bench_frames)
            bench_frames(&app);
        else
            rc = run(&app);
        if (app.game.record)
            fprintf(app.game.record, "%llu end\n", (unsigned long long)app.game.sim.tick);
        app.game.record = NULL;
        if (app.opt.trace && !app.opt.bench_frames)
            printf("state %016llx\n", (unsigned long long)sim_hash(&app.game.sim));
    }
    if (record && fclose(record) != 0) {
        fprintf(stderr, "isodroid: the recording %s was not written completely\n", app.opt.record);
        rc = rc ? rc : 1;
    }
    settings_note_window(&app);
    if (app.settings.window_w != window_w || app.settings.window_h != window_h)
        settings_keep(&app);
    free(app.settings_path);
    pad_destroy(app.pad);
    sound_destroy(app.sound);
    replay_free(&app.replay);
    render_destroy(app.render);
    gen_free(&app);
    front_free(&app.front);
    levelset_free(&app.extras);
    game_deinit(&app.game);
    loader_shutdown();
    assets_free(&app.assets);
    if (app.sdl)
        SDL_DestroyRenderer(app.sdl);
    if (app.surface)
        SDL_FreeSurface(app.surface);
    if (app.window)
        SDL_DestroyWindow(app.window);
    TTF_Quit();
    IMG_Quit();
    SDL_Quit();
    free(level);
    return rc;
}
