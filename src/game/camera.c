/* SPDX-License-Identifier: MIT */
/* camera.c - the game's camera: the iso view's zoom and offset, following
 * the droid, panning, zooming around a point, framing a new level, window
 * size changes; the screen's middle always stays over the level. No SDL; it
 * only moves g->view and reads the screen size and the droid.
 *
 * Follow and zoom: the wheel zooms around the pointer, so the tile under it
 * stays put, also while the camera follows the droid; following then keeps
 * the droid where the zoom left it on the screen (follow_dx/dy from the
 * middle) instead of pulling it back to the middle, as long as that is in
 * the middle 80% of the screen. C centres it again. After a catch the
 * camera first brings the droid and the sentry that caught it together
 * into the middle. */
#include "game.h"

#include <math.h>

#define FOLLOW_REACH 0.4 /* the droid's offset from the middle, at most, as a share of the screen */

static ScreenPos screen_middle(const Game *g)
{
    return (ScreenPos){g->screen_w * 0.5, g->screen_h * 0.5};
}

/* Moves the view the least so that the screen's middle is over the level:
 * panning and zooming can never lose the level. */
static void keep_level_on_screen(Game *g)
{
    ScreenPos c = screen_middle(g);
    WorldPos w = iso_screen_to_world(&g->view, c);
    WorldPos k = {fmax(0.0, fmin((double)g->sim.terrain->grid.w, w.x)), fmax(0.0, fmin((double)g->sim.terrain->grid.h, w.y))};
    if (k.x != w.x || k.y != w.y)
        iso_look_at(&g->view, k, c);
}

/* Where following keeps the droid on the screen. */
static ScreenPos follow_point(const Game *g)
{
    ScreenPos c = screen_middle(g);
    double rx = g->screen_w * FOLLOW_REACH, ry = g->screen_h * FOLLOW_REACH;
    return (ScreenPos){c.x + fmax(-rx, fmin(rx, g->follow_dx)), c.y + fmax(-ry, fmin(ry, g->follow_dy))};
}

/* Zoom and centre for a newly opened level: small levels fill most of the screen. */
void game_frame_level(Game *g)
{
    double iso_w = (g->sim.terrain->grid.w + g->sim.terrain->grid.h) * 32.0, iso_h = (g->sim.terrain->grid.w + g->sim.terrain->grid.h) * 16.0 + 40.0;
    double fit = fmin(0.85 * g->screen_w / iso_w, 0.8 * g->screen_h / iso_h);
    g->view.zoom = fmax(1.0, fmin(GAME_ZOOM_MAX, fit));
    g->follow = true;
    game_center_on_droid(g);
}

/* After a catch: the middle between the droid and the sentry that caught it
 * (Sim.caught_by), for the first CATCH_FRAME seconds. */
#define CATCH_FRAME 1.2
static bool catch_view(const Game *g, WorldPos *mid)
{
    const Sim *s = &g->sim;
    int best = s->state.status == SIM_LOST && s->state.lose == SIM_LOSE_CAUGHT ? s->state.caught_by : -1;
    if (best < 0 || best >= s->state.sentries.count || g->clock - g->status_since > CATCH_FRAME)
        return false;
    WorldPos e = s->state.sentries.list[best].mover.pos;
    *mid = (WorldPos){(e.x + s->state.droid.pos.x) * 0.5, (e.y + s->state.droid.pos.y) * 0.5};
    return true;
}

/* Eases the camera towards keeping the droid at its follow point; after a
 * catch, towards showing the droid and the sentry that caught it. */
void game_camera_update(Game *g, double dt)
{
    WorldPos mid;
    if (g->screen_w > 0 && catch_view(g, &mid)) {
        ScreenPos at = iso_world_to_screen(&g->view, mid), want = screen_middle(g);
        double k = 1.0 - exp(-dt * 8.0);
        g->view.off_x += (want.x - at.x) * k;
        g->view.off_y += (want.y - at.y) * k;
        keep_level_on_screen(g);
        /* following then keeps the droid where this leaves it */
        ScreenPos d = iso_world_to_screen(&g->view, g->sim.state.droid.pos);
        g->follow_dx = d.x - want.x;
        g->follow_dy = d.y - want.y;
        return;
    }
    if (!g->follow || g->screen_w <= 0)
        return;
    ScreenPos at = iso_world_to_screen(&g->view, g->sim.state.droid.pos), want = follow_point(g);
    double k = 1.0 - exp(-dt * 6.0);
    g->view.off_x += (want.x - at.x) * k;
    g->view.off_y += (want.y - at.y) * k;
    keep_level_on_screen(g);
}

/* A new window size: the droid keeps its place while following, else the
 * tile in the middle of the screen stays in the middle. */
void game_resize(Game *g, int w, int h)
{
    WorldPos mid = iso_screen_to_world(&g->view, screen_middle(g));
    bool had_size = g->screen_w > 0 && g->screen_h > 0;
    g->screen_w = w > 1 ? w : 1;
    g->screen_h = h > 1 ? h : 1;
    if (!had_size || !g->sim.terrain->grid.w)
        return;
    if (g->follow)
        iso_look_at(&g->view, g->sim.state.droid.pos, follow_point(g));
    else
        iso_look_at(&g->view, mid, screen_middle(g));
    keep_level_on_screen(g);
}

void game_center_on_droid(Game *g)
{
    g->follow_dx = g->follow_dy = 0;
    iso_look_at(&g->view, g->sim.state.droid.pos, screen_middle(g));
}

void game_pan(Game *g, double dx, double dy)
{
    g->follow = false;
    g->view.off_x += dx;
    g->view.off_y += dy;
    keep_level_on_screen(g);
}

void game_zoom_at(Game *g, ScreenPos anchor, double factor)
{
    iso_zoom_at(&g->view, anchor, g->view.zoom * factor, GAME_ZOOM_MIN, GAME_ZOOM_MAX);
    if (g->follow) {
        ScreenPos at = iso_world_to_screen(&g->view, g->sim.state.droid.pos), c = screen_middle(g);
        g->follow_dx = at.x - c.x;
        g->follow_dy = at.y - c.y;
    }
    keep_level_on_screen(g);
}

void game_look_at_tile(Game *g, NavPos t)
{
    g->follow = false;
    iso_look_at(&g->view, (WorldPos){t.x + 0.5, t.y + 0.5}, screen_middle(g));
}

void game_toggle_follow(Game *g)
{
    g->follow = !g->follow;
    if (g->follow)
        game_center_on_droid(g);
    game_say(g, 2.0, g->follow ? "Camera follows the droid." : "Camera free: drag or WASD to pan.");
}
