/* game.c - game state and rules: planning with the core's A*, walking with
 * the core's mover, the editor on the core's edit history, hot reload, level
 * switching, the camera and the trace. No SDL here: the platform layer calls
 * in with tiles, screen points and time. */
#define _POSIX_C_SOURCE 200809L
#include "game.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

static void trace(Game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void trace(Game *g, const char *fmt, ...)
{
    if (!g->trace)
        return;
    va_list ap;
    va_start(ap, fmt);
    vfprintf(g->trace, fmt, ap);
    va_end(ap);
    fputc('\n', g->trace);
    fflush(g->trace);
}

static FileStamp file_stamp(const char *path)
{
    struct stat sb;
    FileStamp s = {0, 0, 0, 0, 0, false};
    if (stat(path, &sb) == 0)
        s = (FileStamp){(long long)sb.st_dev, (long long)sb.st_ino, (long long)sb.st_size,
                        (long long)sb.st_mtim.tv_sec, (long long)sb.st_mtim.tv_nsec, true};
    return s;
}

static bool stamp_eq(FileStamp a, FileStamp b)
{
    return a.exists == b.exists && a.dev == b.dev && a.ino == b.ino && a.size == b.size && a.sec == b.sec &&
           a.nsec == b.nsec;
}

static void refresh_preview(Game *g);

/* Puts a freshly loaded level (taking its memory) in place of the current
 * one, read from path. keep_droid: the droid stays on its tile when that is
 * still walkable, else it goes to the start. False, with nothing changed and
 * nl freed, when memory runs out. */
static bool adopt_level(Game *g, Level *nl, const char *path, bool keep_droid)
{
    Grid ng;
    if (!level_build_grid(nl, &ng)) {
        level_free(nl);
        return false;
    }
    if (!g->search || ng.w != g->grid.w || ng.h != g->grid.h) {
        PathState *ns = path_create(ng.w, ng.h);
        if (!ns) {
            grid_deinit(&ng);
            level_free(nl);
            return false;
        }
        path_destroy(g->search);
        g->search = ns;
    }
    grid_deinit(&g->grid);
    g->grid = ng;
    level_free(&g->level);
    g->level = *nl;
    if (path != g->path)
        snprintf(g->path, sizeof g->path, "%s", path);
    g->level_version++;

    TilePos at = g->droid.tile;
    if (!keep_droid || !grid_walkable(&g->grid, at.x, at.y))
        at = g->level.start;
    mover_place(&g->droid, at);
    g->walking = g->has_target = false;
    g->route.count = g->route_done = 0;
    if (g->hover_valid && !grid_in_bounds(&g->grid, g->hover.x, g->hover.y))
        g->hover_valid = false;

    edit_reset(&g->edits);
    g->painting = false;
    g->loaded = g->seen = file_stamp(g->path);
    g->disk_changed = g->overwrite_armed = false;
    g->file_error[0] = '\0';
    refresh_preview(g);
    return true;
}

bool game_init(Game *g, const char *path, int screen_w, int screen_h, Diags *d)
{
    memset(g, 0, sizeof *g);
    mover_init(&g->droid, tile_pos(0, 0), GAME_DROID_SPEED);
    edit_init(&g->edits);
    Level nl;
    if (!level_load(path, &nl, d)) {
        game_deinit(g);
        return false;
    }
    if (!adopt_level(g, &nl, path, false)) {
        diag_add(d, path, 0, 0, "out of memory");
        game_deinit(g);
        return false;
    }
    char dir[512];
    levelset_dir_of(path, dir, sizeof dir);
    levelset_scan(&g->levels, dir); /* an unreadable folder: just no switching */
    g->level_index = levelset_find(&g->levels, path);
    g->view = iso_view(64, 32);
    g->show_minimap = true;
    g->brush = '#';
    game_resize(g, screen_w, screen_h);
    game_frame_level(g);
    game_say(g, 6.0, "Click a tile to walk there. E edits the level, H for help.");
    return true;
}

void game_deinit(Game *g)
{
    path_destroy(g->search);
    mover_deinit(&g->droid);
    grid_deinit(&g->grid);
    level_free(&g->level);
    levelset_free(&g->levels);
    edit_deinit(&g->edits);
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
    trace(g, "path %d %.6f", r->steps, r->length);
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

/* Hot reload: looks at the level file every GAME_RELOAD_POLL seconds. */
static void watch_file(Game *g, double dt)
{
    g->poll_left -= dt;
    if (g->poll_left > 0)
        return;
    g->poll_left = GAME_RELOAD_POLL;
    FileStamp now = file_stamp(g->path);
    if (!now.exists) /* mid-rename, or deleted: the level in memory stays */
        return;
    bool fresh = !stamp_eq(now, g->seen);
    g->seen = now;
    if (stamp_eq(now, g->loaded)) { /* back to the version we have */
        g->file_error[0] = '\0';
        g->disk_changed = false;
        return;
    }
    if (edit_dirty(&g->edits)) {
        if (fresh)
            game_say(g, 8.0, "%s changed on disk. Your edits are kept: Ctrl+S overwrites it, undoing them all loads it.",
                     g->path);
        g->disk_changed = true;
        return;
    }
    if (!fresh && g->file_error[0]) /* this version was tried already */
        return;
    Level nl;
    Diags d;
    diag_clear(&d);
    if (!level_load(g->path, &nl, &d)) {
        int more = diag_total(&d) - 1;
        if (more > 0)
            snprintf(g->file_error, sizeof g->file_error, "%s (and %d more)", d.msg[0], more);
        else
            snprintf(g->file_error, sizeof g->file_error, "%s", d.count ? d.msg[0] : "cannot load");
        trace(g, "reload-error %s", g->file_error);
        return;
    }
    if (!adopt_level(g, &nl, g->path, true)) {
        snprintf(g->file_error, sizeof g->file_error, "out of memory loading the new version");
        return;
    }
    trace(g, "reload %s", g->path);
    game_say(g, 3.0, "Reloaded %s.", g->path);
}

void game_update(Game *g, double dt)
{
    g->clock += dt;
    watch_file(g, dt);
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
    game_camera_update(g, dt);
}

/* ---- the editor ------------------------------------------------------------ */

static void sync_tile(Game *g, int index)
{
    int x = index % g->level.w, y = index / g->level.w;
    grid_set(&g->grid, x, y, tile_info(level_kind(&g->level, x, y))->cost);
}

static void stop_walking(Game *g)
{
    mover_set_path(&g->droid, &g->grid, NULL, 0);
    g->has_target = false;
    g->route.count = g->route_done = 0;
}

/* After tiles changed (painting, or undo while playing): a walk planned on
 * the old tiles stops at the next tile, a droid on a tile that became
 * blocked goes to the start, and the preview follows at the next update
 * (a drag paints many tiles between two frames). */
static void after_edit(Game *g)
{
    g->level_version++;
    if (g->has_target)
        stop_walking(g);
    TilePos at = mover_plan_tile(&g->droid);
    if (!grid_walkable(&g->grid, at.x, at.y)) {
        mover_place(&g->droid, g->level.start);
        stop_walking(g);
    }
    g->preview_from = tile_pos(-1, -1); /* replanned once, at the next update */
}

void game_edit_toggle(Game *g)
{
    game_edit_release(g);
    g->editing = !g->editing;
    if (g->editing) {
        stop_walking(g);
        game_say(g, 6.0, "Editing: 1-0 pick a tile, drag to paint, right click wall/floor, Ctrl+S saves. E plays.");
    } else {
        game_say(g, 2.0, "Playing.");
    }
}

void game_edit_brush(Game *g, char glyph)
{
    TileKind k;
    if (tile_from_glyph(glyph, &k))
        g->brush = glyph;
}

static void paint(Game *g, TilePos t, char glyph)
{
    int old_start = g->level.start.y * g->level.w + g->level.start.x;
    EditResult r = edit_paint(&g->edits, &g->level, t, glyph);
    if (r == EDIT_CHANGED) {
        sync_tile(g, t.y * g->level.w + t.x);
        if (glyph == '@')
            sync_tile(g, old_start);
        trace(g, "edit %d %d %c", t.x, t.y, glyph);
        after_edit(g);
    } else if (r != EDIT_SAME) {
        game_say(g, 4.0, "Not painted at %d,%d: %s.", t.x, t.y, edit_result_text(r));
    }
}

void game_edit_press(Game *g, TilePos t, bool right)
{
    if (!g->editing || !grid_in_bounds(&g->grid, t.x, t.y))
        return;
    game_edit_release(g);
    if (right) {
        paint(g, t, level_glyph(&g->level, t.x, t.y) == '#' ? '.' : '#');
        return;
    }
    edit_begin(&g->edits);
    g->painting = true;
    g->paint_last = t;
    paint(g, t, g->brush);
}

void game_edit_drag(Game *g, TilePos t)
{
    if (!g->painting)
        return;
    /* every tile on the line from the last one, so a fast drag leaves no gaps */
    int x = g->paint_last.x, y = g->paint_last.y;
    int dx = abs(t.x - x), dy = -abs(t.y - y), sx = x < t.x ? 1 : -1, sy = y < t.y ? 1 : -1, err = dx + dy;
    while (x != t.x || y != t.y) {
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
        if (grid_in_bounds(&g->grid, x, y))
            paint(g, tile_pos(x, y), g->brush);
    }
    g->paint_last = t;
}

void game_edit_release(Game *g)
{
    if (g->painting)
        edit_end(&g->edits);
    g->painting = false;
}

static void apply_history(Game *g, int n, const EditChange *c, const char *what)
{
    if (n == 0) {
        game_say(g, 2.0, "Nothing to %s.", what);
        return;
    }
    for (int i = 0; i < n; i++)
        sync_tile(g, c[i].index);
    trace(g, "%s %d", what, n);
    after_edit(g);
    game_say(g, 2.0, "%s: %d tile%s (%d left to undo, %d to redo).", what, n, n == 1 ? "" : "s",
             edit_undo_count(&g->edits), edit_redo_count(&g->edits));
}

void game_undo(Game *g)
{
    game_edit_release(g);
    const EditChange *c = NULL;
    int n = edit_undo(&g->edits, &g->level, &c);
    apply_history(g, n, c, "undo");
}

void game_redo(Game *g)
{
    game_edit_release(g);
    const EditChange *c = NULL;
    int n = edit_redo(&g->edits, &g->level, &c);
    apply_history(g, n, c, "redo");
}

bool game_dirty(const Game *g)
{
    return edit_dirty(&g->edits);
}

bool game_save(Game *g)
{
    game_edit_release(g);
    if (!edit_dirty(&g->edits)) {
        game_say(g, 3.0, "No unsaved edits.");
        return true;
    }
    FileStamp disk = file_stamp(g->path);
    if (disk.exists && !stamp_eq(disk, g->loaded) && !g->overwrite_armed) {
        g->overwrite_armed = true;
        game_say(g, 8.0, "%s changed on disk since it was loaded: Ctrl+S again overwrites it.", g->path);
        return false;
    }
    char err[DIAG_LEN];
    if (!level_save(&g->level, g->path, err, sizeof err)) {
        trace(g, "save-failed %s", err);
        game_say(g, 10.0, "Not saved: %s", err);
        return false;
    }
    edit_mark_saved(&g->edits);
    g->loaded = g->seen = file_stamp(g->path);
    g->disk_changed = g->overwrite_armed = false;
    g->file_error[0] = '\0';
    trace(g, "save %s", g->path);
    game_say(g, 3.0, "Saved %s.", g->path);
    return true;
}

/* ---- leaving a level ---------------------------------------------------------- */

static void switch_level(Game *g, int delta)
{
    if (g->levels.count == 0) {
        game_say(g, 3.0, "No other levels beside %s.", g->path);
        return;
    }
    /* a file that does not load is skipped (and named), so one bad file
     * never blocks the way to the levels after it */
    int n = g->levels.count, at = g->level_index >= 0 ? g->level_index : (delta > 0 ? -1 : 0);
    char path[sizeof g->path], skipped[DIAG_LEN] = "";
    Level nl;
    int i = at;
    bool loaded = false;
    for (int tries = 0; tries < n && !loaded; tries++) {
        i = ((i + delta) % n + n) % n;
        if (i == g->level_index)
            break; /* back where we started */
        levelset_path(&g->levels, i, path, sizeof path);
        Diags d;
        diag_clear(&d);
        loaded = level_load(path, &nl, &d);
        if (!loaded && !skipped[0])
            snprintf(skipped, sizeof skipped, "%s", d.count ? d.msg[0] : "cannot load");
    }
    if (!loaded) {
        if (skipped[0])
            game_say(g, 8.0, "No other level loads: %s", skipped);
        else
            game_say(g, 3.0, "No other levels beside %s.", g->path);
        return;
    }
    if (!adopt_level(g, &nl, path, false)) {
        game_say(g, 4.0, "Cannot open %s: out of memory.", path);
        return;
    }
    g->level_index = i;
    game_frame_level(g);
    trace(g, "level %s", g->path);
    if (skipped[0])
        game_say(g, 8.0, "Skipped a file that does not load: %s", skipped);
    else
        game_say(g, 3.0, "Level %d of %d: %s", i + 1, n, g->level.name);
}

bool game_request_quit(Game *g)
{
    game_edit_release(g);
    if (!edit_dirty(&g->edits))
        return true;
    g->ask = GAME_ASK_QUIT;
    return false;
}

void game_request_switch(Game *g, int delta)
{
    game_edit_release(g);
    if (edit_dirty(&g->edits)) {
        g->ask = GAME_ASK_SWITCH;
        g->ask_delta = delta;
        return;
    }
    switch_level(g, delta);
}

bool game_answer(Game *g, GameAnswer a)
{
    GameAsk ask = g->ask;
    g->ask = GAME_ASK_NONE;
    if (ask == GAME_ASK_NONE || a == GAME_ANSWER_CANCEL)
        return false;
    if (a == GAME_ANSWER_SAVE && !game_save(g))
        return false;
    if (ask == GAME_ASK_QUIT)
        return true;
    switch_level(g, g->ask_delta);
    return false;
}
