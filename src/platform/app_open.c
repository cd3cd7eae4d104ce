/* SPDX-License-Identifier: MIT */
/* app_open.c - the App's start and end: the recording to replay and the settings
 * read, SDL and its image and font libraries started, the window (or the
 * headless surface), the assets, the game with its level loader thread, the
 * campaign's title; and all of it closed again in the reverse order. */
#define _POSIX_C_SOURCE 200809L
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "app.h"
#include "fileio.h"
#include "loader.h"

static bool sdl_key_name(const char *name, char *canon, size_t n)
{
    SDL_Keycode k = SDL_GetKeyFromName(name);
    if (k == SDLK_UNKNOWN)
        return false;
    SDL_strlcpy(canon, SDL_GetKeyName(k), n);
    return true;
}

/* Opens --record FILE for writing, before the game starts; NULL (said on
 * stderr) when it cannot be written, when it is the level being played
 * (writing would wipe the level), or when the level's path cannot stand on
 * a recording's line. */
FILE *open_record(const char *path, const char *level)
{
    if (fileio_same_file(path, level)) {
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

static bool loader_job_take(void *job, Level *level, Sim *sim, Sim *start, NavDiags *d)
{
    return loader_take(job, level, sim, start, d);
}

static void loader_job_drop(void *job)
{
    loader_abandon(job); /* never waits; loader_shutdown joins it before exit */
}

/* --replay FILE loaded (its level is played unless another is given);
 * false after saying why. */
bool app_read_replay(App *app)
{
    if (!app->opt.replay)
        return true;
    NavDiags rd;
    nav_diag_clear(&rd);
    if (!replay_load(app->opt.replay, &app->replay, &rd)) {
        for (int i = 0; i < rd.count; i++)
            fprintf(stderr, "%s\n", rd.msg[i]);
        return false;
    }
    if (app->replay.version == 1)
        fprintf(stderr, "%s: recorded by Isodroid 0.9.0, whose walks could take other paths as short as "
                        "today's: it may not play the same\n", app->opt.replay);
    if (!app->opt.level)
        app->opt.level = app->replay.level;
    return true;
}

/* The settings: read before the window opens (its size); none with --no-progress. */
void app_read_settings(App *app)
{
    settings_default(&app->shell.settings);
    app->shell.settings_path = app->opt.no_progress ? NULL : settings_path_default();
    if (app->shell.settings_path)
        settings_load(&app->shell.settings, app->shell.settings_path, sdl_key_name, NULL);
    if (!app->opt.size_given && !app->opt.headless) {
        app->opt.w = app->shell.settings.window_w;
        app->opt.h = app->shell.settings.window_h;
    }
}

/* SDL (with a display unless headless), SDL_image and SDL_ttf; false after
 * saying why, with nothing left started. */
/* the desktop entry's id: dist/APP_ID.desktop, the icons' and metainfo's name */
#define APP_ID "org.isodroid.Isodroid"

bool sdl_start(bool headless)
{
    /* the window's class is the desktop entry's name (StartupWMClass in
     * dist/org.isodroid.Isodroid.desktop), so that a desktop matches the
     * window to its launcher: SDL 2 takes it from these variables (X11's
     * WM_CLASS, Wayland's app id) when it starts its video, and the
     * executable's name otherwise; one the player set is kept */
    setenv("SDL_VIDEO_X11_WMCLASS", APP_ID, 0);
    setenv("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID, 0);
    if (headless)
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(headless ? 0 : SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "isodroid: cannot start the display: %s\n"
                        "No display here? Run 'isodroid --headless --script FILE', or set DISPLAY.\n",
                SDL_GetError());
        return false;
    }
    if (!headless) {
        /* SDL falls back to drivers that show nothing; a player wants a window */
        const char *drv = SDL_GetCurrentVideoDriver(), *asked = SDL_getenv("SDL_VIDEODRIVER");
        if (drv && (!strcmp(drv, "offscreen") || !strcmp(drv, "dummy")) && !(asked && !strcmp(asked, drv))) {
            fprintf(stderr, "isodroid: no display found (SDL could only start its '%s' video driver).\n"
                            "No display here? Run 'isodroid --headless --script FILE', or set DISPLAY.\n",
                    drv);
            SDL_Quit();
            return false;
        }
    }
    if (IMG_Init(IMG_INIT_PNG) == 0 || TTF_Init() != 0) {
        fprintf(stderr, "isodroid: cannot start SDL_image/SDL_ttf: %s\n", SDL_GetError());
        SDL_Quit();
        return false;
    }
    return true;
}

void sdl_stop(void)
{
    TTF_Quit();
    IMG_Quit();
    SDL_Quit();
}

/* The window's icon: the droid of the desktop entry's icon (make_art draws
 * both); a window without it keeps the system's, silently when there is no
 * file, else saying why (a named pipe, a broken PNG). */
static void set_window_icon(SDL_Window *w, const char *assets)
{
    char path[DATADIR_PATH_MAX + 32], err[DATADIR_PATH_MAX + 256];
    snprintf(path, sizeof path, "%s/icon-64.png", assets);
    SDL_Surface *icon = assets_load_image(path, err, sizeof err);
    struct stat sb;
    if (icon) {
        SDL_SetWindowIcon(w, icon);
        SDL_FreeSurface(icon);
    } else if (lstat(path, &sb) == 0) {
        fprintf(stderr, "isodroid: %s (the window keeps the system's icon)\n", err);
    }
}

/* The surface to draw on headless, else the window (its icon from assets);
 * app->sdl NULL when neither opened. */
static void open_target(App *app, const char *assets)
{
    if (app->opt.headless) {
        app->surface = SDL_CreateRGBSurfaceWithFormat(0, app->opt.w, app->opt.h, 32, SDL_PIXELFORMAT_ARGB8888);
        app->sdl = app->surface ? SDL_CreateSoftwareRenderer(app->surface) : NULL;
        return;
    }
    app->window = SDL_CreateWindow("Isodroid", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, app->opt.w,
                                   app->opt.h, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (app->window) {
        SDL_SetWindowMinimumSize(app->window, SIZE_MIN, SIZE_MIN); /* as small as --size takes: the layout fits any */
        set_window_icon(app->window, assets);
        app->sdl = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_PRESENTVSYNC);
        if (!app->sdl)
            app->sdl = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_SOFTWARE);
    }
}

/* The window (or surface), the assets (the data folder's), the game on
 * `level` and the renderer; false after saying which did not open
 * (app_close closes the rest). */
bool app_open(App *app, const char *level)
{
    char err[1200], assets[DATADIR_PATH_MAX + sizeof "/assets"];
    NavDiags d;
    nav_diag_clear(&d);
    datadir_join(app->data_dir, "assets", assets, sizeof assets); /* fits: data_dir is shorter */
    shell_init(&app->shell, app_platform(app));
    app->shell.time_jobs = app->opt.frame_stats;
    open_target(app, assets);
    if (!app->sdl) {
        fprintf(stderr, "isodroid: cannot open a window: %s\n"
                        "No display here? Run 'isodroid --headless --script FILE', or set DISPLAY.\n",
                SDL_GetError());
    } else if (!assets_load(&app->assets, assets, err, sizeof err)) {
        fprintf(stderr, "isodroid: %s\nReinstall the assets folder (git checkout assets) or rebuild it: make art\n",
                err);
    } else if (!game_init(&app->shell.game, level, app->opt.w, app->opt.h, &d)) {
        for (int i = 0; i < d.count; i++)
            fprintf(stderr, "%s\n", d.msg[i]);
        if (d.dropped)
            fprintf(stderr, "%s: (and %d more)\n", level, d.dropped);
    } else if (!(app->render = render_create(app->sdl, &app->assets))) {
        fprintf(stderr, "isodroid: out of memory\n");
    } else {
        return true;
    }
    return false;
}

/* The level of the day's seed: the date, YYYYMMDD (0 when the clock cannot say). */
static unsigned long long day_seed(void)
{
    time_t now = time(NULL);
    struct tm day;
    if (!localtime_r(&now, &day))
        return 0;
    return (unsigned long long)(day.tm_year + 1900) * 10000 + (unsigned long long)(day.tm_mon + 1) * 100 +
           (unsigned long long)day.tm_mday;
}

/* The opened game made ready to play: its size, the loader, the sound, the
 * gamepads, then the shell begun (the trace, the progress, the title of a
 * campaign, the settings, the recording: owned by main, written by the game). */
void app_begin(App *app, FILE *record)
{
    Game *g = &app->shell.game;
    if (app->window) {
        int w, h;
        SDL_GetRendererOutputSize(app->sdl, &w, &h);
        game_resize(g, w, h);
        game_center_on_droid(g);
    }
    /* a replay switches levels on its ticks, and a headless run steps
     * faster than a thread loads: both load at once, so that they play
     * the same every time (--frame-stats keeps real time: in the background) */
    if (!app->opt.replay && (!app->opt.headless || app->opt.frame_stats))
        game_set_loader(g, (GameLoader){loader_job_start, loader_job_poll, loader_job_progress, loader_job_take,
                                        loader_job_drop, NULL});
    if (!app->opt.bench_frames)
        app->sound = sound_create(app->opt.mute, app->opt.headless);
    if (sound_no_device(app->sound)) /* one line of ours, not the sound library's */
        fprintf(stderr, "isodroid: no sound device; playing silently\n");
    app->pad = pad_create();
    char *progress = app->opt.no_progress ? NULL : progress_default_path();
    char shipped[DATADIR_PATH_MAX + sizeof "/levels"];
    datadir_join(app->data_dir, "levels", shipped, sizeof shipped);
    char *own = app->opt.no_progress ? NULL : progress_levels_dir();
    shell_begin(&app->shell, &(ShellStart){.trace = app->opt.trace ? stdout : NULL,
                                           .replaying = app->opt.replay != NULL,
                                           .campaign = !app->opt.level && !app->opt.replay,
                                           .day_seed = day_seed(),
                                           .progress = progress,
                                           .shipped = shipped,
                                           .own = own,
                                           .record = record});
    free(progress);
    free(own);
}

/* Everything the App holds, freed or closed (what never opened is NULL or zeroed). */
void app_close(App *app)
{
    pad_destroy(app->pad);
    sound_destroy(app->sound);
    replay_free(&app->replay);
    render_destroy(app->render);
    shell_deinit(&app->shell); /* the game, the screens, a job under way */
    loader_shutdown();
    assets_free(&app->assets);
    if (app->sdl)
        SDL_DestroyRenderer(app->sdl);
    if (app->surface)
        SDL_FreeSurface(app->surface);
    if (app->window)
        SDL_DestroyWindow(app->window);
}
