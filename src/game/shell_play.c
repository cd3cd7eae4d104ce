/* SPDX-License-Identifier: MIT */
/* shell_play.c - the play's layer of the shell and the help's over it: keys
 * to the bindings table's actions (the play's or the editor's), steps held,
 * clicks on the level, the minimap and the palette, drags that pan, the
 * wheel that zooms, the left button held (the droid follows), the tile
 * under the pointer; the help's pages. Decides nothing about who gets an
 * input: shell.c offers it here when nothing above kept it. */
#include "shell_int.h"

/* ---- the help ---- */

/* The help's page turned by delta (0: the page as it is, after opening it
 * or a change of size), traced "help page P of N cut C": C counts the rows
 * not shown whole (0 but in a window too small to read). */
static void help_turn(Shell *sh, int delta)
{
    Game *g = &sh->game;
    int pages = 1, cut = 0;
    if (sh->plat.help_pages)
        sh->plat.help_pages(sh->plat.ctx, &pages, &cut);
    if (pages < 1)
        pages = 1;
    int p = (g->help_page < 0 ? 0 : g->help_page >= pages ? pages - 1 : g->help_page) + delta;
    g->help_page = p < 0 ? 0 : p >= pages ? pages - 1 : p;
    game_trace(g, "help page %d of %d cut %d", g->help_page + 1, pages, cut);
}

/* A key that turns the help's pages: -1 back, +1 on, 0 none. */
static int help_page_key(const ShellKey *k)
{
    static const char *const on[] = {"PageDown", "Right", "Down", "Keypad 6", "Keypad 2", "Keypad 3"};
    static const char *const back[] = {"PageUp", "Left", "Up", "Keypad 4", "Keypad 8", "Keypad 9"};
    for (size_t i = 0; i < sizeof on / sizeof on[0]; i++) {
        if (shell_key_is(k, on[i]))
            return +1;
        if (shell_key_is(k, back[i]))
            return -1;
    }
    return 0;
}

static void help_show(Shell *sh, bool on)
{
    shell_set_layer(sh, on ? SHELL_HELP : SHELL_PLAY);
    sh->game.help_page = 0;
    if (on)
        help_turn(sh, 0);
}

bool shell_help_event(Shell *sh, const ShellEvent *e, const ShellKey *k)
{
    switch (e->kind) {
    case SHELL_EV_KEY_DOWN:
    case SHELL_EV_ACTION_DOWN:
        if (!help_page_key(k))
            return false; /* the play's keys work under it (Esc and H close it) */
        help_turn(sh, help_page_key(k));
        return true;
    case SHELL_EV_POINTER_DOWN: {
        if (e->button != SHELL_BUTTON_LEFT)
            return false;
        /* its arrows turn the page; elsewhere a click closes it, as Esc does */
        int turn = sh->plat.help_arrow ? sh->plat.help_arrow(sh->plat.ctx, e->x, e->y) : 0;
        if (turn)
            help_turn(sh, turn);
        else
            help_show(sh, false);
        return true;
    }
    case SHELL_EV_WHEEL:
        if (e->wheel)
            help_turn(sh, e->wheel > 0 ? -1 : +1);
        return true;
    default:
        return false;
    }
}

/* ---- the play's actions ---- */

/* An action on what is shown: the minimap, the cones, the camera, the
 * walls; panning and zooming. Other actions do nothing here. */
static void view_action(Game *g, BindAction a)
{
    ScreenPos mid = {g->screen_w / 2.0, g->screen_h / 2.0};
    switch (a) {
    case BIND_MINIMAP: g->show_minimap = !g->show_minimap; break;
    case BIND_CONES: g->show_cones = !g->show_cones; break;
    case BIND_CAMERA: game_toggle_follow(g); break;
    case BIND_WALLS:
        g->walls_down = !g->walls_down;
        game_say(g, 2.0, g->walls_down ? "Walls down: T raises them again." : "Walls up.");
        break;
    case BIND_PAN_UP: game_pan(g, 0, 48); break;
    case BIND_PAN_DOWN: game_pan(g, 0, -48); break;
    case BIND_PAN_LEFT: game_pan(g, 48, 0); break;
    case BIND_PAN_RIGHT: game_pan(g, -48, 0); break;
    case BIND_ZOOM_IN: game_zoom_at(g, mid, 1.25); break;
    case BIND_ZOOM_OUT: game_zoom_at(g, mid, 0.8); break;
    default: break;
    }
}

/* Back, in play: the help closed, the aim dropped, the plan dropped, the
 * editor left, else the pause panel. */
static void play_back(Shell *sh)
{
    Game *g = &sh->game;
    if (shell_is_open(sh, SHELL_HELP))
        help_show(sh, false);
    else if (g->aiming)
        game_aim(g, false);
    else if (g->plan.count > 0)
        game_plan_drop(g);
    else if (g->editing)
        game_edit_toggle(g);
    else
        shell_open_menu(sh, MENU_PAUSE);
}

/* An action of the platform's: the frame rate, the sound, fullscreen. */
static void platform_action(Shell *sh, BindAction a)
{
    const ShellPlatform *p = &sh->plat;
    if (a == BIND_FRAME_RATE) {
        sh->debug = !sh->debug;
    } else if (a == BIND_SOUND) {
        bool muted = p->muted && p->muted(p->ctx);
        if (p->set_muted)
            p->set_muted(p->ctx, !muted);
        muted = p->muted && p->muted(p->ctx);
        game_say(&sh->game, 2.0, muted ? "Sound off (K turns it on)." : "Sound on.");
    } else if (a == BIND_FULLSCREEN) {
        if (p->fullscreen && p->set_fullscreen)
            p->set_fullscreen(p->ctx, !p->fullscreen(p->ctx));
        sh->settings.fullscreen = p->fullscreen && p->fullscreen(p->ctx);
        shell_settings_keep(sh);
    }
}

/* An action of the play or the editor (not a step, not a panel's, not the question's). */
static void play_action(Shell *sh, BindAction a)
{
    Game *g = &sh->game;
    switch (a) {
    case BIND_SAVE: game_save(g); break;
    case BIND_UNDO: game_undo(g); break;
    case BIND_REDO: game_redo(g); break;
    case BIND_LURE: game_aim(g, !g->aiming); break;
    case BIND_PLAN_WAIT: game_plan_wait(g, ORDER_WAIT_STEP); break;
    case BIND_PLAN_UNWAIT: game_plan_wait(g, -ORDER_WAIT_STEP); break;
    case BIND_CONFIRM: game_plan_run(g); break;
    case BIND_BACK: play_back(sh); break;
    case BIND_PAUSE:
        if (!g->editing)
            game_set_pause(g, GAME_PAUSE_PLAYER, !(g->pause & GAME_PAUSE_PLAYER));
        break;
    case BIND_REWIND:
        if (!g->editing && game_rewind(g))
            shell_release_held(sh, false);
        break;
    case BIND_EDITOR: game_edit_toggle(g); break;
    case BIND_RESTART:
        if (!g->editing) {
            shell_unpause_player(sh);
            game_restart(g);
        }
        break;
    case BIND_NEXT_LEVEL: game_request_switch(g, +1); break;
    case BIND_PREV_LEVEL: game_request_switch(g, -1); break;
    case BIND_HELP: help_show(sh, !shell_is_open(sh, SHELL_HELP)); break;
    case BIND_FRAME_RATE:
    case BIND_SOUND:
    case BIND_FULLSCREEN: platform_action(sh, a); break;
    default: view_action(g, a); break;
    }
}

static bool is_step(BindAction a)
{
    return a == BIND_STEP_UP || a == BIND_STEP_DOWN || a == BIND_STEP_LEFT || a == BIND_STEP_RIGHT ||
           a == BIND_STEP_UP_LEFT || a == BIND_STEP_UP_RIGHT || a == BIND_STEP_DOWN_LEFT || a == BIND_STEP_DOWN_RIGHT;
}

/* The editor's palette: the digit keys 1..9, 0 (without Ctrl or Alt) pick a brush. */
static bool palette_key(Shell *sh, const ShellKey *k)
{
    if (!sh->game.editing || !k->name || (k->mods & (BIND_MOD_CTRL | BIND_MOD_ALT)))
        return false;
    if (k->name[0] < '0' || k->name[0] > '9' || k->name[1])
        return false;
    int i = k->name[0] == '0' ? 9 : k->name[0] - '1';
    game_edit_brush(&sh->game, GAME_PALETTE[i]);
    return true;
}

bool shell_play_key(Shell *sh, const ShellKey *k)
{
    Game *g = &sh->game;
    BindAction a = shell_key_action(sh, k, g->editing ? BIND_IN_EDITOR : BIND_IN_PLAY);
    if (!g->editing && is_step(a)) {
        shell_direction_key(sh, k, true);
        return true;
    }
    if (!g->editing && g->sim.state.status == SIM_WON && (a == BIND_CONFIRM || a == BIND_PAUSE)) {
        shell_unpause_player(sh);
        game_go_on(g);
        return true;
    }
    if (!palette_key(sh, k))
        play_action(sh, a);
    return true;
}

/* ---- the pointer ---- */

static bool pick_tile(const Shell *sh, int x, int y, NavPos *t)
{
    return game_pick(&sh->game, (ScreenPos){x + 0.5, y + 0.5}, t);
}

static bool minimap_tile(const Shell *sh, int x, int y, NavPos *t)
{
    return sh->plat.minimap_tile && sh->plat.minimap_tile(sh->plat.ctx, x, y, t);
}

static bool palette_glyph(const Shell *sh, int x, int y, char *glyph)
{
    return sh->plat.palette_glyph && sh->plat.palette_glyph(sh->plat.ctx, x, y, glyph);
}

/* A left click on the level in play: a lure thrown (aiming), a leg added
 * (Shift), the plan run (its last walk this), or a walk (held: followed). */
static void play_click(Shell *sh, NavPos t, bool shift)
{
    Game *g = &sh->game;
    if (g->aiming && shift) {
        game_plan_lure(g, t);
    } else if (g->aiming) {
        game_lure(g, t);
    } else if (shift) {
        game_plan_walk(g, t);
    } else if (g->plan.count > 0) { /* the plan, with this walk last, runs */
        if (!nav_pos_eq(t, game_plan_origin(g)))
            game_plan_walk(g, t);
        game_plan_run(g);
    } else {
        game_click_tile(g, t);
        sh->mouse_held = g->sim.state.status == SIM_PLAYING;
        sh->held_tile = t;
    }
}

/* Is Shift held (for a click that adds to the plan)? The modifiers at the
 * press, or a Shift key pressed by a script (its events reach no keyboard). */
static bool shift_held(const Shell *sh, unsigned mods)
{
    return (mods & BIND_MOD_SHIFT) || sh->shift_down;
}

bool shell_play_pointer_down(Shell *sh, const ShellEvent *e)
{
    Game *g = &sh->game;
    NavPos t;
    char glyph;
    bool left = e->button == SHELL_BUTTON_LEFT;
    if (left && g->editing && palette_glyph(sh, e->x, e->y, &glyph)) {
        game_edit_brush(g, glyph);
    } else if (left && minimap_tile(sh, e->x, e->y, &t)) {
        if (g->editing) /* the minimap moves the camera while editing */
            game_look_at_tile(g, t);
        else
            game_click_tile(g, t);
    } else if (left) {
        if (!pick_tile(sh, e->x, e->y, &t))
            return true;
        if (g->editing)
            game_edit_press(g, t, false);
        else
            play_click(sh, t, shift_held(sh, e->mods));
    } else if (e->button == SHELL_BUTTON_RIGHT && g->editing) {
        if (pick_tile(sh, e->x, e->y, &t))
            game_edit_press(g, t, true);
    } else {
        sh->dragging = true;
        sh->drag_x = e->x;
        sh->drag_y = e->y;
        sh->right_click = e->button == SHELL_BUTTON_RIGHT && !g->editing;
        sh->right_x = e->x;
        sh->right_y = e->y;
    }
    return true;
}

void shell_play_pointer_up(Shell *sh, const ShellEvent *e)
{
    if (e->button == SHELL_BUTTON_LEFT) {
        game_edit_release(&sh->game);
        if (sh->mouse_held)
            game_command(&sh->game, (SimCmd){SIM_CMD_RELEASE, 0, 0});
        sh->mouse_held = false;
        return;
    }
    sh->dragging = false;
    NavPos t;
    if (e->button == SHELL_BUTTON_RIGHT && sh->right_click && pick_tile(sh, sh->right_x, sh->right_y, &t)) {
        if (shift_held(sh, e->mods))
            game_plan_lure(&sh->game, t);
        else
            game_lure(&sh->game, t);
    }
    sh->right_click = false;
}

bool shell_play_pointer_move(Shell *sh, const ShellEvent *e)
{
    NavPos t;
    if (sh->game.painting && pick_tile(sh, e->x, e->y, &t))
        game_edit_drag(&sh->game, t);
    shell_hover_at(sh, e->x, e->y);
    shell_follow_pointer(sh);
    return true;
}

bool shell_play_wheel(Shell *sh, const ShellEvent *e)
{
    game_zoom_at(&sh->game, (ScreenPos){e->x, e->y}, e->wheel > 0 ? 1.15 : 1 / 1.15);
    return true;
}

/* The tile the pointer is over: none while a panel covers the world; on
 * the minimap the tile a click there walks to (none while editing, where it
 * moves the camera); on the palette none; else the tile of the world under it. */
void shell_hover_at(Shell *sh, int x, int y)
{
    Game *g = &sh->game;
    NavPos t = {0, 0};
    char glyph;
    bool valid;
    if (shell_covers_world(sh))
        valid = false;
    else if (minimap_tile(sh, x, y, &t))
        valid = !g->editing;
    else if (g->editing && palette_glyph(sh, x, y, &glyph))
        valid = false;
    else
        valid = pick_tile(sh, x, y, &t);
    game_hover(g, valid, t);
}

/* ---- held input ---- */

/* Screen directions (sx right, sy down) to a grid step: screen up is grid
 * north-west, screen up-right grid north, and so on round the compass. */
static void screen_to_grid_step(int sx, int sy, int *dx, int *dy)
{
    int gx = sx + sy, gy = sy - sx;
    *dx = gx > 0 ? 1 : gx < 0 ? -1 : 0;
    *dy = gy > 0 ? 1 : gy < 0 ? -1 : 0;
}

/* The held direction keys changed: tell the rules the direction now held. */
static void send_push(Shell *sh)
{
    int sx = sh->pad_dx + (sh->key_right ? 1 : 0) - (sh->key_left ? 1 : 0);
    int sy = sh->pad_dy + (sh->key_down ? 1 : 0) - (sh->key_up ? 1 : 0);
    int dx, dy;
    screen_to_grid_step(sx, sy, &dx, &dy);
    if (dx == sh->push_dx && dy == sh->push_dy)
        return;
    sh->push_dx = dx;
    sh->push_dy = dy;
    game_command(&sh->game, (SimCmd){SIM_CMD_PUSH, dx, dy});
}

bool shell_direction_key(Shell *sh, const ShellKey *k, bool down)
{
    static const struct {
        BindAction a;
        int sx, sy;
    } diag[] = {{BIND_STEP_DOWN_LEFT, -1, 1}, {BIND_STEP_DOWN_RIGHT, 1, 1}, {BIND_STEP_UP_LEFT, -1, -1},
                {BIND_STEP_UP_RIGHT, 1, -1}};
    BindAction a = shell_key_action(sh, k, sh->game.editing ? BIND_IN_EDITOR : BIND_IN_PLAY);
    switch (a) {
    case BIND_STEP_UP: sh->key_up = down; break;
    case BIND_STEP_DOWN: sh->key_down = down; break;
    case BIND_STEP_LEFT: sh->key_left = down; break;
    case BIND_STEP_RIGHT: sh->key_right = down; break;
    default: {
        size_t i = 0;
        while (i < sizeof diag / sizeof diag[0] && diag[i].a != a)
            i++;
        if (i == sizeof diag / sizeof diag[0])
            return false;
        if (down) {
            sh->pad_dx = diag[i].sx;
            sh->pad_dy = diag[i].sy;
        } else if (sh->pad_dx == diag[i].sx && sh->pad_dy == diag[i].sy) {
            sh->pad_dx = sh->pad_dy = 0;
        }
    }
    }
    if (!sh->game.editing && sh->game.ask == GAME_ASK_NONE)
        send_push(sh);
    return true;
}

void shell_follow_pointer(Shell *sh)
{
    NavPos t;
    if (!sh->mouse_held || sh->game.editing || !pick_tile(sh, sh->mouse_x, sh->mouse_y, &t))
        return;
    if (nav_pos_eq(t, sh->held_tile))
        return;
    sh->held_tile = t;
    game_command(&sh->game, (SimCmd){SIM_CMD_HOLD, t.x, t.y});
}

void shell_release_held(Shell *sh, bool tell)
{
    sh->key_up = sh->key_down = sh->key_left = sh->key_right = false;
    sh->pad_dx = sh->pad_dy = 0;
    if (tell && !sh->game.editing && sh->game.ask == GAME_ASK_NONE)
        send_push(sh);
    sh->push_dx = sh->push_dy = 0;
    if (sh->mouse_held && tell)
        game_command(&sh->game, (SimCmd){SIM_CMD_RELEASE, 0, 0});
    sh->mouse_held = false;
}
