/* camera.c - the game's camera: the iso view's zoom and offset, following
 * the droid, panning, zooming around a point, framing a new level. No SDL;
 * it only moves g->view and reads the screen size and the droid. */
#include "game.h"

#include <math.h>

/* Zoom and centre for a newly opened level: small levels fill most of the screen. */
void game_frame_level(Game *g)
{
    double iso_w = (g->sim.grid.w + g->sim.grid.h) * 32.0, iso_h = (g->sim.grid.w + g->sim.grid.h) * 16.0 + 40.0;
    double fit = fmin(0.85 * g->screen_w / iso_w, 0.8 * g->screen_h / iso_h);
    g->view.zoom = fmax(1.0, fmin(2.0, fit));
    g->follow = true;
    game_center_on_droid(g);
}

/* Eases the camera towards the droid while it follows. */
void game_camera_update(Game *g, double dt)
{
    if (!g->follow || g->screen_w <= 0)
        return;
    ScreenPos at = iso_world_to_screen(&g->view, g->sim.droid.pos);
    double k = 1.0 - exp(-dt * 6.0);
    g->view.off_x += (g->screen_w * 0.5 - at.x) * k;
    g->view.off_y += (g->screen_h * 0.5 - at.y) * k;
}

void game_resize(Game *g, int w, int h)
{
    g->screen_w = w > 1 ? w : 1;
    g->screen_h = h > 1 ? h : 1;
}

void game_center_on_droid(Game *g)
{
    ScreenPos c = {g->screen_w * 0.5, g->screen_h * 0.5};
    iso_look_at(&g->view, g->sim.droid.pos, c);
}

void game_pan(Game *g, double dx, double dy)
{
    g->follow = false;
    g->view.off_x += dx;
    g->view.off_y += dy;
}

void game_zoom_at(Game *g, ScreenPos anchor, double factor)
{
    if (g->follow)
        anchor = (ScreenPos){g->screen_w * 0.5, g->screen_h * 0.5};
    iso_zoom_at(&g->view, anchor, g->view.zoom * factor, GAME_ZOOM_MIN, GAME_ZOOM_MAX);
}

void game_look_at_tile(Game *g, TilePos t)
{
    g->follow = false;
    iso_look_at(&g->view, (WorldPos){t.x + 0.5, t.y + 0.5}, (ScreenPos){g->screen_w * 0.5, g->screen_h * 0.5});
}

void game_toggle_follow(Game *g)
{
    g->follow = !g->follow;
    if (g->follow)
        game_center_on_droid(g);
    game_say(g, 2.0, g->follow ? "Camera follows the droid." : "Camera free: drag or WASD to pan.");
}

