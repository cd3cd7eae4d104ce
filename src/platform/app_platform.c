/* SPDX-License-Identifier: MIT */
/* app_platform.c - the shell's platform table (shell.h, ShellPlatform) for
 * this App: SDL's threads and clock, the window's fullscreen, the sound's
 * volume and mute, the screenshot key, and the renderer's hit-tests at a
 * point as the frame is laid out now. Each function's ctx is the App, which
 * outlives the shell it holds. Decides nothing: it answers the shell. */
#include "app.h"

static double now_ms(void *ctx)
{
    (void)ctx;
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

static void *thread_start(void *ctx, int (*run)(void *), void *arg, const char *name)
{
    (void)ctx;
    return SDL_CreateThread(run, name, arg);
}

static void thread_join(void *ctx, void *thread)
{
    (void)ctx;
    SDL_WaitThread(thread, NULL);
}

static bool fullscreen(void *ctx)
{
    return is_fullscreen(ctx);
}

static void set_fullscreen(void *ctx, bool on)
{
    if (on != is_fullscreen(ctx))
        toggle_fullscreen(ctx);
}

static void set_volume(void *ctx, int master, int effects, int music)
{
    sound_set_volume(((App *)ctx)->sound, master, effects, music);
}

static bool muted(void *ctx)
{
    return sound_muted(((App *)ctx)->sound);
}

static void set_muted(void *ctx, bool on)
{
    sound_set_muted(((App *)ctx)->sound, on);
}

static void shot(void *ctx)
{
    screenshot_key(ctx);
}

static int front_row(void *ctx, int x, int y)
{
    App *app = ctx;
    return render_front_pick(&app->shell.game, &app->shell.front, x, y);
}

static int front_more(void *ctx, int x, int y)
{
    App *app = ctx;
    return render_front_more(&app->shell.game, &app->shell.front, x, y);
}

static int front_arrow(void *ctx, int x, int y)
{
    App *app = ctx;
    HudStats hs = hud_stats(app);
    return render_front_arrow(app->render, &app->shell.game, &hs, x, y);
}

static int menu_item(void *ctx, int x, int y)
{
    App *app = ctx;
    HudStats hs = hud_stats(app);
    return render_menu_pick(&app->shell.game, &hs, x, y);
}

static int answer(void *ctx, int x, int y)
{
    App *app = ctx;
    return render_question_pick(app->render, &app->shell.game, x, y);
}

static int help_arrow(void *ctx, int x, int y)
{
    App *app = ctx;
    HudStats hs = hud_stats(app);
    return render_help_pick(app->render, &app->shell.game, &hs, x, y);
}

static void help_pages(void *ctx, int *pages, int *cut)
{
    App *app = ctx;
    HudStats hs = hud_stats(app);
    HelpInfo h = render_help_info(app->render, &app->shell.game, &hs);
    *pages = h.pages;
    *cut = h.cut;
}

static bool minimap_tile(void *ctx, int x, int y, NavPos *t)
{
    return render_minimap_pick(&((App *)ctx)->shell.game, x, y, t);
}

static bool palette_glyph(void *ctx, int x, int y, char *glyph)
{
    return render_palette_pick(&((App *)ctx)->shell.game, x, y, glyph);
}

ShellPlatform app_platform(App *app)
{
    bool threads = !app->opt.headless || app->opt.frame_stats; /* real time: work off the frame */
    return (ShellPlatform){
        .ctx = app,
        .now_ms = now_ms,
        .thread_start = threads ? thread_start : NULL,
        .thread_join = thread_join,
        .fullscreen = fullscreen,
        .set_fullscreen = set_fullscreen,
        .set_volume = set_volume,
        .muted = muted,
        .set_muted = set_muted,
        .screenshot = shot,
        .front_row = front_row,
        .front_more = front_more,
        .front_arrow = front_arrow,
        .menu_item = menu_item,
        .answer = answer,
        .help_arrow = help_arrow,
        .help_pages = help_pages,
        .minimap_tile = minimap_tile,
        .palette_glyph = palette_glyph,
    };
}
