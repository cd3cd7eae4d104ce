/* SPDX-License-Identifier: MIT */
/* script_run.c - a --script run: its file loaded and checked, and its
 * commands fed one wait at a time as the player's input would come
 * (through handle_event), with screenshots and the virtual gamepad. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

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
    SceneFrame f = game_scene_frame(&app->shell.game);
    const double q[4] = {x0, f.screen_w - 1.0 - x0, y0, f.screen_h - 1.0 - y0};
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
    /* a modifier key on its own, held with keydown: "shift", "ctrl", "alt" (the left ones) */
    *key = !SDL_strcasecmp(spec, "shift") ? SDLK_LSHIFT
         : !SDL_strcasecmp(spec, "ctrl")  ? SDLK_LCTRL
         : !SDL_strcasecmp(spec, "alt")   ? SDLK_LALT
                                          : SDL_GetKeyFromName(spec);
    return *key != SDLK_UNKNOWN;
}

static void send_key(App *app, Uint32 type, SDL_Keycode k, Uint16 mod)
{
    SDL_Event e = {.key = {.type = type,
                           .state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED,
                           .keysym = {.sym = k, .mod = mod}}};
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

/* clicktile / rclicktile X Y: in the editor a paint, in play as a player
 * would click (the pointer on the tile, its route's prediction and window,
 * then the click); false after a script error (reported). */
static bool click_tile(App *app, Script *s, const ScriptCmd *c)
{
    Game *g = &app->shell.game;
    const int *a = c->arg;
    SceneFrame f = game_scene_frame(g);
    if (a[0] < 0 || a[1] < 0 || a[0] >= f.w || a[1] >= f.h) {
        script_error(s, c, "tile %d,%d is outside the %dx%d level", a[0], a[1], f.w, f.h);
        return false;
    }
    if (f.editing) {
        game_edit_press(g, nav_pos(a[0], a[1]), c->op == SCRIPT_RCLICKTILE);
        game_edit_release(g);
    } else if (c->op == SCRIPT_CLICKTILE) {
        game_hover(g, true, nav_pos(a[0], a[1]));
        game_predict_now(g, true);
        game_window_now(g);
        game_click_tile(g, nav_pos(a[0], a[1]));
    }
    return true;
}

/* key / keydown / keyup NAME as SDL events; false after a script error. */
static bool press_key(App *app, Script *s, const ScriptCmd *c)
{
    SDL_Keycode key;
    Uint16 mod;
    if (!parse_key(c->text, &key, &mod)) { /* checked at load; kept for safety */
        script_error(s, c, "unknown key '%s'", c->text);
        return false;
    }
    if (c->op != SCRIPT_KEYUP)
        send_key(app, SDL_KEYDOWN, key, mod);
    if (c->op != SCRIPT_KEYDOWN)
        send_key(app, SDL_KEYUP, key, mod);
    return true;
}

/* Runs script commands up to the next wait; returns the frames to wait, or
 * SCRIPT_FAILED after a script error (reported). */
long script_step(App *app, Script *s)
{
    while (s->next < s->count && !app->shell.quit) {
        const ScriptCmd *c = &s->cmd[s->next++];
        const int *a = c->arg;
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
            if (!click_tile(app, s, c))
                return SCRIPT_FAILED;
            break;
        case SCRIPT_KEY:
        case SCRIPT_KEYDOWN:
        case SCRIPT_KEYUP:
            if (!press_key(app, s, c))
                return SCRIPT_FAILED;
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
            app->shell.quit = true;
            return 0;
        }
    }
    if (s->next == s->count)
        app->shell.quit = app->shell.quit || app->opt.headless; /* a finished script ends a headless run */
    return 0;
}

/* Loads --script FILE and checks its key names; false after printing every
 * problem as FILE:LINE:COL: message. */
bool script_ready(const char *path, Script *s)
{
    NavDiags d;
    nav_diag_clear(&d);
    if (script_load(path, s, &d)) {
        for (int i = 0; i < s->count; i++) {
            const ScriptCmd *c = &s->cmd[i];
            SDL_Keycode key;
            Uint16 mod;
            SDL_GameControllerButton b;
            if ((c->op == SCRIPT_KEY || c->op == SCRIPT_KEYDOWN || c->op == SCRIPT_KEYUP) &&
                !parse_key(c->text, &key, &mod))
                nav_diag_add(&d, path, c->line, c->col,
                         "unknown key '%s' (SDL key names: E, 3, Escape, PageDown, F1; ctrl+, shift+, alt+ before)",
                         c->text);
            if (c->op == SCRIPT_PAD && strcmp(c->text, "plug") && strcmp(c->text, "unplug") &&
                !pad_button_from_name(c->text, &b))
                nav_diag_add(&d, path, c->line, c->col,
                         "unknown pad input '%s' (plug, unplug, a, b, start, up, down, left, right)", c->text);
        }
    }
    for (int i = 0; i < d.count; i++)
        fprintf(stderr, "%s\n", d.msg[i]);
    if (d.dropped)
        fprintf(stderr, "%s: (and %d more)\n", path, d.dropped);
    if (nav_diag_total(&d) == 0)
        return true;
    script_free(s);
    return false;
}
