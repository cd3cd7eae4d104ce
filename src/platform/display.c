/* SPDX-License-Identifier: MIT */
/* display.c - the window or the headless surface: its size read back,
 * fullscreen, a frame drawn with what the HUD is told of the App, and a
 * screenshot of what was drawn last. */
#include <SDL_image.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "i18n.h"
#include "shotpath.h"

/* The game's screen is the renderer's output, read back after any window
 * event rather than taken from the event: window managers (or their absence)
 * differ in what they report and when. */
void sync_size(App *app)
{
    int w, h;
    if (!app->window || SDL_GetRendererOutputSize(app->sdl, &w, &h) != 0)
        return;
    SceneFrame f = game_scene_frame(&app->shell.game);
    if (w != f.screen_w || h != f.screen_h)
        game_resize(&app->shell.game, w, h);
}

/* Whether the window covers the screen now. */
bool is_fullscreen(const App *app)
{
    return app->window && (app->fullscreen || (SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN_DESKTOP));
}

/* Fullscreen as a borderless window over the whole display. On X11 a
 * fullscreen request is the window manager's to carry out, and with none
 * running nothing happens while SDL believes the window grew (the picture is
 * drawn for the wrong size); moving and sizing the window ourselves works
 * with or without one. Elsewhere SDL's desktop fullscreen does the job. */
void toggle_fullscreen(App *app)
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

HudStats hud_stats(const App *app)
{
    const Shell *sh = &app->shell;
    return (HudStats){app->fps,  sh->debug,     shell_menu(sh), sh->menu_sel, &sh->front,
                      game_scene_frame(&sh->game).campaign, &sh->settings, sh->settings_path, sh};
}

void draw(App *app)
{
    HudStats hs = hud_stats(app);
    render_frame(app->render, game_scene(&app->shell.game), &hs);
    SDL_RenderPresent(app->sdl);
}

/* Draws nothing itself: saves what was last drawn. False with the reason in err. */
bool screenshot(App *app, const char *path, char *err, size_t err_size)
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

void screenshot_key(App *app)
{
    char path[SHOTPATH_MAX], shown[SHOTPATH_MAX], err[256];
    time_t now = time(NULL);
    struct tm when;
    if (!localtime_r(&now, &when) || !shotpath_next(&when, path, sizeof path, shown, sizeof shown)) {
        game_trace(&app->shell.game, "screenshot failed: no pictures folder");
        game_say(&app->shell.game, 3.0, _("Screenshot not saved: no pictures folder."));
        return;
    }
    HudStats hs = hud_stats(app); /* the frame drawn afresh and read before it is shown: */
    render_frame(app->render, game_scene(&app->shell.game), &hs); /* a window's buffer is undefined after a present */
    if (!screenshot(app, path, err, sizeof err)) {
        game_trace(&app->shell.game, "screenshot failed: %s", err);
        game_say(&app->shell.game, 3.0, _("Screenshot not saved: %s"), shown);
        return;
    }
    game_trace(&app->shell.game, "screenshot %s", path);
    game_say(&app->shell.game, 3.0, _("Screenshot saved: %s"), shown);
}
