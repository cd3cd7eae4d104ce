/* game.c - game state and rules: planning with the core's A*, walking with
 * the core's mover, the camera, and the trace. No SDL here: the platform
 * layer calls in with tiles, screen points and time. */
#define _POSIX_C_SOURCE 200809L
#include "game.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static bool list_copy_path(TileList *l, const PathState *st)
{
    int n = path_result(st)->steps;
    if (n > l->cap) {
        TilePos *t = realloc(l->tiles, (size_t)n * sizeof *t);
        if (!t)
            return false;
        l->tiles = t;
        l->cap = n;
    }
    for (int i = 0; i < n; i++)
        l->tiles[i] = path_tile(st, i);
    l->count = n;
    return true;
}

void game_say(Game *g, double seconds, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->message, sizeof g->message, fmt, ap);
    va_end(ap);
    g->message_left = seconds;
}

static void trace(Game *g, const char *fmt, int a, int b)
{
    if (g->trace) {
        fprintf(g->trace, fmt, a, b);
        fputc('\n', g->trace);
        fflush(g->trace);
    }
}

bool game_init(Game *g, const char *path, int screen_w, int screen_h, Diags *d)
{
    memset(g, 0, sizeof *g);
    if (!level_load(path, &g->level, d))
        return false;
    if (!level_build_grid(&g->level, &g->grid) || !(g->search = path_create(g->grid.w, g->grid.h))) {
        diag_add(d, path, 0, 0, "out of memory");
        game_deinit(g);
        return false;
    }
    snprintf(g->path, sizeof g->path, "%s", path);
    mover_init(&g->droid, g->level.start, GAME_DROID_SPEED);
    g->view = iso_view(64, 32);
    g->follow = true;
    g->show_minimap = true;
    game_resize(g, screen_w, screen_h);
    /* small levels start zoomed in to fill most of the screen */
    double iso_w = (g->grid.w + g->grid.h) * 32.0, iso_h = (g->grid.w + g->grid.h) * 16.0 + 40.0;
    double fit = fmin(0.85 * g->screen_w / iso_w, 0.8 * g->screen_h / iso_h);
    g->view.zoom = fmax(1.0, fmin(2.0, fit));
    game_center_on_droid(g);
    game_say(g, 6.0, "Click a tile to walk there. H for help.");
    return true;
}

void game_deinit(Game *g)
{
    path_destroy(g->search);
    mover_deinit(&g->droid);
    grid_deinit(&g->grid);
    level_free(&g->level);
    free(g->route.tiles);
    free(g->preview.tiles);
    memset(g, 0, sizeof *g);
}

static double now_micros(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static PathStatus plan(Game *g, TilePos goal)
{
    PathOptions opt = path_options_default();
    opt.nearest = true;
    return path_find(g->search, &g->grid, mover_plan_tile(&g->droid), goal, &opt, NULL);
}

void game_click_tile(Game *g, TilePos t)
{
    trace(g, "click %d %d", t.x, t.y);
    double t0 = now_micros();
    PathStatus s = plan(g, t);
    double us = now_micros() - t0;
    const PathResult *r = path_result(g->search);
    g->plan = (PlanInfo){r->steps, r->length, r->expanded, us, true};
    if (s != PATH_FOUND && s != PATH_NEAREST) {
        game_say(g, 4.0, "No way to %d,%d: %s.", t.x, t.y, r->why);
        return;
    }
    if (!list_copy_path(&g->route, g->search) ||
        !mover_set_path(&g->droid, &g->grid, g->route.tiles, g->route.count)) {
        game_say(g, 4.0, "Cannot walk there (out of memory).");
        return;
    }
    g->route_done = 0;
    g->has_target = true;
    g->target = t;
    if (g->trace) {
        fprintf(g->trace, "path %d %.6f\n", r->steps, r->length);
        fflush(g->trace);
    }
    if (s == PATH_NEAREST) {
        const TileInfo *k = tile_info(level_kind(&g->level, t.x, t.y));
        if (!k->cost)
            game_say(g, 4.0, "%d,%d is %s: going as close as I can, to %d,%d.", t.x, t.y, k->name, r->end.x,
                     r->end.y);
        else
            game_say(g, 4.0, "%d,%d cannot be reached: going as close as I can, to %d,%d.", t.x, t.y, r->end.x,
                     r->end.y);
    } else {
        g->message_left = 0;
    }
}

bool game_pick(const Game *g, ScreenPos s, TilePos *out)
{
    return iso_screen_to_tile(&g->view, s, g->grid.w, g->grid.h, out);
}

static void refresh_preview(Game *g)
{
    g->preview.count = 0;
    g->preview_from = mover_plan_tile(&g->droid);
    if (!g->hover_valid)
        return;
    PathStatus s = plan(g, g->hover);
    if (s == PATH_FOUND || s == PATH_NEAREST)
        list_copy_path(&g->preview, g->search);
}

void game_hover(Game *g, bool valid, TilePos t)
{
    if (valid == g->hover_valid && (!valid || tile_pos_eq(t, g->hover)))
        return;
    g->hover_valid = valid;
    g->hover = t;
    if (valid)
        trace(g, "hover %d %d", t.x, t.y);
    refresh_preview(g);
}

void game_update(Game *g, double dt)
{
    g->clock += dt;
    if (g->message_left > 0)
        g->message_left -= dt;
    MoverEvent ev[64];
    int n = mover_update(&g->droid, dt, ev, 64);
    for (int i = 0; i < n; i++) {
        if (ev[i].type == MOVER_ARRIVE) {
            trace(g, "arrive %d %d", ev[i].tile.x, ev[i].tile.y);
            if (g->route_done < g->route.count && tile_pos_eq(g->route.tiles[g->route_done], ev[i].tile))
                g->route_done++;
        } else if (ev[i].type == MOVER_IDLE) {
            trace(g, "idle %d %d", ev[i].tile.x, ev[i].tile.y);
            g->has_target = false;
            g->route.count = g->route_done = 0;
        }
    }
    g->walking = g->droid.moving;
    if (g->walking)
        g->walk_time += dt;
    if (!tile_pos_eq(mover_plan_tile(&g->droid), g->preview_from))
        refresh_preview(g);
    if (g->follow && g->screen_w > 0) {
        /* ease the camera towards the droid */
        ScreenPos at = iso_world_to_screen(&g->view, g->droid.pos);
        double k = 1.0 - exp(-dt * 6.0);
        g->view.off_x += (g->screen_w * 0.5 - at.x) * k;
        g->view.off_y += (g->screen_h * 0.5 - at.y) * k;
    }
}

void game_resize(Game *g, int w, int h)
{
    g->screen_w = w > 1 ? w : 1;
    g->screen_h = h > 1 ? h : 1;
}

void game_center_on_droid(Game *g)
{
    ScreenPos c = {g->screen_w * 0.5, g->screen_h * 0.5};
    iso_look_at(&g->view, g->droid.pos, c);
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

void game_toggle_follow(Game *g)
{
    g->follow = !g->follow;
    if (g->follow)
        game_center_on_droid(g);
    game_say(g, 2.0, g->follow ? "Camera follows the droid." : "Camera free: drag or WASD to pan.");
}
