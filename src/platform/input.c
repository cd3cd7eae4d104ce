/* SPDX-License-Identifier: MIT */
/* input.c - SDL's events as the shell's (shell.h): keys by their SDL names
 * with the binding table's modifiers, a gamepad's buttons as keys (pad.h),
 * the pointer in renderer pixels (HiDPI: from the window's points), the
 * window's focus and size. Who gets an input is the shell's to decide
 * (shell_event); nothing here looks at what is open but the pad's Start. */
#include "app.h"

void points_to_pixels(int px, int py, int win_w, int win_h, int out_w, int out_h, int *x, int *y)
{
    if (win_w <= 0 || win_h <= 0 || out_w <= 0 || out_h <= 0) {
        *x = px;
        *y = py;
        return;
    }
    /* floor of px * out_w / win_w, negative (a drag outside the window) too */
    long long nx = (long long)px * out_w, ny = (long long)py * out_h;
    *x = (int)(nx >= 0 ? nx / win_w : -((-nx + win_w - 1) / win_w));
    *y = (int)(ny >= 0 ? ny / win_h : -((-ny + win_h - 1) / win_h));
}

/* An SDL event's pointer position in renderer pixels (points_to_pixels with
 * the window's and the renderer's sizes now). An event of no window
 * (window_id 0: a script's, the headless surface's) is in pixels already. */
static void event_pixels(const App *app, Uint32 window_id, int *x, int *y)
{
    int win_w = 0, win_h = 0, out_w = 0, out_h = 0;
    if (window_id != 0 && app->window && SDL_GetWindowID(app->window) == window_id) {
        SDL_GetWindowSize(app->window, &win_w, &win_h);
        if (SDL_GetRendererOutputSize(app->sdl, &out_w, &out_h) != 0)
            out_w = out_h = 0;
    }
    points_to_pixels(*x, *y, win_w, win_h, out_w, out_h, x, y);
}

unsigned key_mods(Uint16 mod)
{
    return (mod & KMOD_CTRL ? BIND_MOD_CTRL : 0) | (mod & KMOD_SHIFT ? BIND_MOD_SHIFT : 0) |
           (mod & KMOD_ALT ? BIND_MOD_ALT : 0);
}

void note_window(App *app)
{
    if (!app->window)
        return;
    int w, h;
    SDL_GetWindowSize(app->window, &w, &h);
    shell_note_window(&app->shell, w, h);
}

/* A window event: the focus and the minimised window to the shell, the size read back. */
static void window_event(App *app, Uint8 what)
{
    static const struct {
        Uint8 sdl;
        ShellEventKind kind;
    } kinds[] = {{SDL_WINDOWEVENT_FOCUS_LOST, SHELL_EV_FOCUS_LOST}, {SDL_WINDOWEVENT_FOCUS_GAINED, SHELL_EV_FOCUS_GAINED},
                 {SDL_WINDOWEVENT_MINIMIZED, SHELL_EV_HIDDEN},      {SDL_WINDOWEVENT_RESTORED, SHELL_EV_SHOWN},
                 {SDL_WINDOWEVENT_MAXIMIZED, SHELL_EV_SHOWN},       {SDL_WINDOWEVENT_SHOWN, SHELL_EV_SHOWN}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].sdl == what)
            shell_event(&app->shell, &(ShellEvent){.kind = kinds[i].kind});
    sync_size(app); /* resized, maximized, restored, shown: whatever it was */
    if (what == SDL_WINDOWEVENT_SIZE_CHANGED)
        note_window(app);
    shell_sync_pause(&app->shell);
}

/* A gamepad's event: its buttons as keys (Start confirms on the screens around the play). */
static void pad_event(App *app, const SDL_Event *e)
{
    SDL_Event keys[PAD_KEYS_MAX];
    const char *note;
    int n = pad_translate(app->pad, e, shell_on_front(&app->shell), keys, &note);
    if (note)
        game_trace(&app->shell.game, "%s", note);
    for (int i = 0; i < n; i++)
        handle_event(app, &keys[i]);
}

static void pointer_event(App *app, ShellEventKind kind, Uint32 window_id, int x, int y, int button)
{
    ShellEvent se = {.kind = kind, .x = x, .y = y, .button = button, .mods = key_mods(SDL_GetModState())};
    event_pixels(app, window_id, &se.x, &se.y);
    shell_event(&app->shell, &se);
}

void handle_event(App *app, const SDL_Event *e)
{
    Shell *sh = &app->shell;
    if (e->type >= SDL_CONTROLLERAXISMOTION && e->type <= SDL_CONTROLLERDEVICEREMAPPED) {
        pad_event(app, e);
        return;
    }
    switch (e->type) {
    case SDL_QUIT: shell_event(sh, &(ShellEvent){.kind = SHELL_EV_QUIT}); break;
    case SDL_WINDOWEVENT: window_event(app, e->window.event); break;
    case SDL_KEYDOWN:
    case SDL_KEYUP:
        shell_event(sh, &(ShellEvent){.kind = e->type == SDL_KEYDOWN ? SHELL_EV_KEY_DOWN : SHELL_EV_KEY_UP,
                                      .key = SDL_GetKeyName(e->key.keysym.sym),
                                      .mods = key_mods(e->key.keysym.mod)});
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        pointer_event(app, e->type == SDL_MOUSEBUTTONDOWN ? SHELL_EV_POINTER_DOWN : SHELL_EV_POINTER_UP,
                      e->button.windowID, e->button.x, e->button.y, e->button.button);
        break;
    case SDL_MOUSEMOTION:
        pointer_event(app, SHELL_EV_POINTER_MOVE, e->motion.windowID, e->motion.x, e->motion.y, 0);
        break;
    case SDL_MOUSEWHEEL: {
        ShellEvent se = {.kind = SHELL_EV_WHEEL, .wheel = e->wheel.y};
        SDL_GetMouseState(&se.x, &se.y); /* in the window's points, as the events' */
        event_pixels(app, e->wheel.windowID, &se.x, &se.y);
        shell_event(sh, &se);
        break;
    }
    default: break;
    }
}

/* Handles the events SDL has now (a headless run polls none of its own). */
void pump_events(App *app)
{
    SDL_Event e;
    while (SDL_PollEvent(&e))
        handle_event(app, &e);
}
