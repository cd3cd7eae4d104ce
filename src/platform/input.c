/* SPDX-License-Identifier: MIT */
/* input.c - SDL events to the game: a gamepad's as keys (pad.h), the window's,
 * and keys and mouse buttons to whichever has them: the unsaved-edits
 * question, the screens around the play, the pause panel, or the play and
 * the editor (the bindings table's actions). */
#include "app.h"

#include <stdlib.h>

/* The unsaved-edits question answered (a key or a click on its button). */
static void answer_with(App *app, GameAnswer answer)
{
    bool to_title = app->leave_to_title;
    app->leave_to_title = false;
    if (!game_answer(&app->game, answer))
        return;
    if (to_title) /* the pause panel's "Quit to the title", asked about unsaved edits */
        set_screen(app, FRONT_TITLE);
    else
        app->quit = true;
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
    answer_with(app, answer);
}

/* The help's page turned by delta (0: the page as it is, after opening it
 * or a change of size), traced "help page P of N cut C": C counts the rows
 * not shown whole (render.h: 0 but in a window too small to read). */
static void help_turn(App *app, int delta)
{
    Game *g = &app->game;
    HudStats hs = hud_stats(app);
    HelpInfo h = render_help_info(app->render, g, &hs);
    int p = h.page + delta;
    g->help_page = p < 0 ? 0 : p >= h.pages ? h.pages - 1 : p;
    game_trace(g, "help page %d of %d cut %d", g->help_page + 1, h.pages, h.cut);
}

/* A key that turns the help's pages: -1 back, +1 on, 0 none. */
static int help_page_key(SDL_Keycode k)
{
    switch (k) {
    case SDLK_PAGEDOWN: case SDLK_RIGHT: case SDLK_DOWN: case SDLK_KP_6: case SDLK_KP_2: case SDLK_KP_3:
        return +1;
    case SDLK_PAGEUP: case SDLK_LEFT: case SDLK_UP: case SDLK_KP_4: case SDLK_KP_8: case SDLK_KP_9:
        return -1;
    default:
        return 0;
    }
}

/* An action on what is shown: the help, the minimap, the cones, the
 * camera, the walls; panning and zooming. Other actions do nothing here. */
static void view_action(Game *g, BindAction a)
{
    switch (a) {
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

/* An action of the play or the editor (not a step, not the panel's, not the question's). */
static void play_action(App *app, BindAction a)
{
    Game *g = &app->game;
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
    case BIND_LURE:
        game_aim(g, !g->aiming);
        break;
    case BIND_PLAN_WAIT:
        game_plan_wait(g, ORDER_WAIT_STEP);
        break;
    case BIND_PLAN_UNWAIT:
        game_plan_wait(g, -ORDER_WAIT_STEP);
        break;
    case BIND_CONFIRM:
        game_plan_run(g);
        break;
    case BIND_BACK:
        if (g->show_help)
            g->show_help = false;
        else if (g->aiming)
            game_aim(g, false);
        else if (g->plan.count > 0)
            game_plan_drop(g);
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
        g->help_page = 0;
        if (g->show_help)
            help_turn(app, 0);
        break;
    case BIND_FULLSCREEN:
        toggle_fullscreen(app);
        app->settings.fullscreen = is_fullscreen(app);
        settings_keep(app);
        break;
    default:
        view_action(g, a);
        break;
    }
}

/* A key pressed: to the open question, the screen around the play, the
 * open panel, or the play (a step, the next level after a win, the
 * editor's palette, an action). */
static void key_down(App *app, SDL_Keycode k, Uint16 mod)
{
    Game *g = &app->game;
    char chord[BIND_NAME_MAX];
    if (!app->front.capturing && bindings_chord(SDL_GetKeyName(k), key_mods(mod), chord, sizeof chord) &&
        bindings_key_is(&app->settings, BIND_SCREENSHOT, chord)) { /* everywhere, but a key being rebound */
        screenshot_key(app);
        return;
    }
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
    if (g->show_help && help_page_key(k)) { /* the help's pages, while it is open */
        help_turn(app, help_page_key(k));
        return;
    }
    BindAction a = key_action(app, k, mod);
    if (!g->editing && (a == BIND_STEP_UP || a == BIND_STEP_DOWN || a == BIND_STEP_LEFT || a == BIND_STEP_RIGHT ||
                        a == BIND_STEP_UP_LEFT || a == BIND_STEP_UP_RIGHT || a == BIND_STEP_DOWN_LEFT ||
                        a == BIND_STEP_DOWN_RIGHT)) {
        direction_key(app, k, mod, true);
        return;
    }
    if (!g->editing && g->sim.state.status == SIM_WON && (a == BIND_CONFIRM || a == BIND_PAUSE)) {
        unpause_player(app);
        game_go_on(g);
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
    play_action(app, a);
}

/* Is Shift held (for a click that adds to the plan)? The keyboard's state, or
 * a Shift key pressed by a script (its events do not reach that state). */
static bool shift_held(const App *app)
{
    return (SDL_GetModState() & KMOD_SHIFT) || app->shift_down;
}

/* A click on a screen around the play: a row's arrows change its value, a
 * row with arrows is highlighted, any other row is chosen (as Enter); a
 * list's "more" marks scroll it; a click on the ending goes on. */
static void front_click(App *app, int button, int px, int py)
{
    Game *g = &app->game;
    Front *f = &app->front;
    if (button != SDL_BUTTON_LEFT)
        return;
    if (f->screen == FRONT_ENDING) {
        front_do(app, FRONT_CONFIRM);
        return;
    }
    int more = render_front_more(g, f, px, py), item = render_front_pick(g, f, px, py);
    if (more >= 0 && !f->capturing) {
        f->sel = more;
        return;
    }
    if (item < 0)
        return;
    HudStats hs = hud_stats(app);
    int arrow = render_front_arrow(app->render, g, &hs, px, py);
    f->sel = item;
    if (arrow)
        front_do(app, arrow < 0 ? FRONT_LEFT : FRONT_RIGHT);
    else if (!front_row_adjusts(f, item))
        front_do(app, FRONT_CONFIRM);
}

static void mouse_down(App *app, int button, int px, int py)
{
    Game *g = &app->game;
    NavPos t;
    char glyph;
    if (g->ask != GAME_ASK_NONE) { /* the unsaved-edits question: its buttons */
        int answer = button == SDL_BUTTON_LEFT ? render_question_pick(app->render, g, px, py) : -1;
        if (answer >= 0)
            answer_with(app, (GameAnswer)answer);
        return;
    }
    if (app->front.screen != FRONT_PLAY) { /* the screens around the play */
        front_click(app, button, px, py);
        return;
    }
    if (g->show_help && button == SDL_BUTTON_LEFT) { /* its arrows turn the page; elsewhere a click closes it, as Esc does */
        HudStats hs = hud_stats(app);
        int turn = render_help_pick(app->render, g, &hs, px, py);
        if (turn)
            help_turn(app, turn);
        else
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
        bool shift = shift_held(app);
        if (g->editing) {
            game_edit_press(g, t, false);
        } else if (g->aiming && shift) {
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
            app->mouse_held = g->sim.state.status == SIM_PLAYING;
            app->held_tile = t;
        }
    } else if (button == SDL_BUTTON_RIGHT && g->editing) {
        if (pick_tile(app, px, py, &t))
            game_edit_press(g, t, true);
    } else {
        app->dragging = true;
        app->drag_x = px;
        app->drag_y = py;
        app->right_click = button == SDL_BUTTON_RIGHT && !g->editing;
        app->right_x = px;
        app->right_y = py;
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
        NavPos t;
        if (button == SDL_BUTTON_RIGHT && app->right_click && pick_tile(app, app->right_x, app->right_y, &t)) {
            if (shift_held(app))
                game_plan_lure(&app->game, t);
            else
                game_lure(&app->game, t);
        }
        app->right_click = false;
    }
}

static void mouse_move(App *app, int px, int py)
{
    Game *g = &app->game;
    if (app->dragging) {
        if (abs(px - app->right_x) + abs(py - app->right_y) > 4)
            app->right_click = false; /* a drag pans: no lure */
        game_pan(g, px - app->drag_x, py - app->drag_y);
        app->drag_x = px;
        app->drag_y = py;
    }
    NavPos t;
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
void handle_event(App *app, const SDL_Event *e)
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
        if (note)
            game_trace(g, "%s", note);
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
            app->shift_down = false;
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
        if (e->key.keysym.sym == SDLK_LSHIFT || e->key.keysym.sym == SDLK_RSHIFT)
            app->shift_down = true;
        key_down(app, e->key.keysym.sym, e->key.keysym.mod);
        sync_pause(app);
        if (app->pointer_in)
            hover_at(app, app->mouse_x, app->mouse_y); /* the view or the level may have changed under it */
        break;
    case SDL_KEYUP:
        if (e->key.keysym.sym == SDLK_LSHIFT || e->key.keysym.sym == SDLK_RSHIFT)
            app->shift_down = false;
        direction_key(app, e->key.keysym.sym, 0, false);
        break;
    case SDL_MOUSEBUTTONDOWN: {
        int px = e->button.x, py = e->button.y; /* window points: renderer pixels */
        event_pixels(app, e->button.windowID, &px, &py);
        mouse_down(app, e->button.button, px, py);
        break;
    }
    case SDL_MOUSEBUTTONUP:
        mouse_up(app, e->button.button);
        break;
    case SDL_MOUSEMOTION: {
        int px = e->motion.x, py = e->motion.y;
        event_pixels(app, e->motion.windowID, &px, &py);
        mouse_move(app, px, py);
        break;
    }
    case SDL_MOUSEWHEEL: {
        if (app->front.screen != FRONT_PLAY) { /* the screens' rows */
            if (e->wheel.y)
                front_move(&app->front, e->wheel.y > 0 ? -1 : +1);
            break;
        }
        if (g->show_help && app->front.screen == FRONT_PLAY && app->menu == MENU_NONE) { /* the help's pages */
            if (e->wheel.y)
                help_turn(app, e->wheel.y > 0 ? -1 : +1);
            break;
        }
        int mx, my;
        SDL_GetMouseState(&mx, &my); /* in the window's points, as the events' */
        event_pixels(app, e->wheel.windowID, &mx, &my);
        game_zoom_at(g, (ScreenPos){mx, my}, e->wheel.y > 0 ? 1.15 : 1 / 1.15);
        break;
    }
    default:
        break;
    }
    sync_pause(app);
}

/* Handles the events SDL has now (a headless run polls none of its own). */
void pump_events(App *app)
{
    SDL_Event e;
    while (SDL_PollEvent(&e))
        handle_event(app, &e);
}
