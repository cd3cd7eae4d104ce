/* SPDX-License-Identifier: MIT */
/* controls.c - the player's controls as the game's commands: a key (with
 * its modifiers) to its action through the bindings table, the direction
 * keys and the left button held, the tile under the pointer (in renderer
 * pixels, from the window's points on a scaled display). */
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

void event_pixels(const App *app, Uint32 window_id, int *x, int *y)
{
    int win_w = 0, win_h = 0, out_w = 0, out_h = 0;
    if (window_id != 0 && app->window && SDL_GetWindowID(app->window) == window_id) {
        SDL_GetWindowSize(app->window, &win_w, &win_h);
        if (SDL_GetRendererOutputSize(app->sdl, &out_w, &out_h) != 0)
            out_w = out_h = 0;
    }
    points_to_pixels(*x, *y, win_w, win_h, out_w, out_h, x, y);
}

bool pick_tile(App *app, int px, int py, NavPos *t)
{
    return game_pick(&app->game, (ScreenPos){px + 0.5, py + 0.5}, t);
}

/* The tile the pointer is over: none while a panel (the help, the pause
 * panel, a question) covers the world; on the minimap the tile a click
 * there walks to (none while editing, where it moves the camera); on the
 * palette none; else the tile of the world under it. */
void hover_at(App *app, int px, int py)
{
    Game *g = &app->game;
    NavPos t = {0, 0};
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

/* SDL's modifiers as the binding table's (BIND_MOD_*). */
unsigned key_mods(Uint16 mod)
{
    return (mod & KMOD_CTRL ? BIND_MOD_CTRL : 0) | (mod & KMOD_SHIFT ? BIND_MOD_SHIFT : 0) |
           (mod & KMOD_ALT ? BIND_MOD_ALT : 0);
}

/* The action of key k (with the modifiers held) where the player is now:
 * play or the editor (bindings.h: the player's keys over the defaults). */
BindAction key_action_in(const App *app, SDL_Keycode k, Uint16 mod, unsigned where)
{
    char chord[BIND_NAME_MAX];
    if (!bindings_chord(SDL_GetKeyName(k), key_mods(mod), chord, sizeof chord))
        return BIND_NONE;
    return bindings_action_for_key(&app->settings, chord, where);
}

BindAction key_action(const App *app, SDL_Keycode k, Uint16 mod)
{
    return key_action_in(app, k, mod, app->game.editing ? BIND_IN_EDITOR : BIND_IN_PLAY);
}

/* A step key going down or up (the held keys walk on); false for other keys. */
bool direction_key(App *app, SDL_Keycode k, Uint16 mod, bool down)
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
void follow_pointer(App *app)
{
    NavPos t;
    if (!app->mouse_held || app->game.editing || !pick_tile(app, app->mouse_x, app->mouse_y, &t))
        return;
    if (nav_pos_eq(t, app->held_tile))
        return;
    app->held_tile = t;
    game_command(&app->game, (SimCmd){SIM_CMD_HOLD, t.x, t.y});
}

/* Nothing is held any more (the window lost the focus, the play went back). */
void release_held(App *app, bool tell)
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
