/* SPDX-License-Identifier: MIT */
/* game_level.c - the level's file around the play (game.h): opening a level
 * and starting its play, the editor on the core's edit history and saving,
 * hot reload, and switching levels through the background loader. Play
 * itself is game.c's. No SDL here. */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */
#include "game.h"

#include "game_int.h"
#include "fileio.h"
#include "i18n.h"
#include "replay.h"
#include "text.h"
#include "tour.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* Whether path (resolved) is in folder dir (resolved) or a folder inside it. */
static bool path_in(const char *path, const char *dir)
{
    if (!dir || !path)
        return false;
    char *real = realpath(path, NULL);
    if (!real)
        return false;
    size_t n = strlen(dir);
    bool in = !strncmp(real, dir, n) && (real[n] == '/' || (n > 0 && dir[n - 1] == '/'));
    free(real);
    return in;
}

/* Which folder the level's file is in (path_shipped, path_own). */
static void place_path(Game *g)
{
    g->path_shipped = path_in(g->path, g->shipped_dir);
    g->path_own = path_in(g->path, g->own_dir);
}

static void set_path(Game *g, const char *path)
{
    if (path == g->path)
        return;
    char *copy = strdup(path);
    if (!copy)
        return; /* keeps the old name; only messages and reload use it */
    free(g->path);
    g->path = copy;
    place_path(g);
}

void game_set_level_folders(Game *g, const char *shipped, const char *own)
{
    free(g->shipped_dir);
    free(g->own_dir);
    g->shipped_dir = shipped ? realpath(shipped, NULL) : NULL;
    g->own_dir = NULL;
    if (own) { /* made when the first copy is saved: resolved as far as it exists */
        char *real = realpath(own, NULL);
        g->own_dir = real ? real : strdup(own);
    }
    place_path(g);
}

/* The play leaves what a recording can hold (the level changed under it):
 * the recording ends here, said once. */
static void end_recording(Game *g, const char *why)
{
    if (!g->record)
        return;
    fprintf(g->record, "%llu end\n", (unsigned long long)g->sim.state.tick);
    fflush(g->record);
    g->record = NULL;
    game_say(g, 8.0, _("The recording ends here: %s."), _(why));
}

/* the background load (leaving a level, below) */
static void load_end(Game *g);
static void reload_adopt(Game *g, Level *nl, Sim *ready, Sim *start, const NavDiags *d, FileStamp stamp);
static void switch_level(Game *g, int delta);

/* Puts a freshly loaded level (taking its memory) in place of the current
 * one, read from path, and starts play. keep_droid: the droid stays on its
 * tile when that is still walkable, else it goes to the start. False, with
 * nothing changed and nl freed, when memory runs out. */
bool game_adopt_level(Game *g, Level *nl, Sim *ready, Sim *start, const char *path, bool keep_droid)
{
    NavQuery *ns = NULL;
    if (!g->search || nl->w != g->level.w || nl->h != g->level.h) {
        if (!(ns = nav_query_create(nl->w, nl->h))) {
            level_free(nl);
            if (ready)
                sim_deinit(ready);
            if (start)
                sim_deinit(start);
            return false;
        }
    }
    NavPos at = g->sim.state.droid.tile;
    Level old = g->level;
    g->level = *nl;
    if (ready) { /* built by a loader: moved in (its terrain owns its level) */
        sim_deinit(&g->sim);
        g->sim = *ready;
    } else if (!sim_reset(&g->sim, &g->level)) {
        g->level = old;
        nav_query_destroy(ns);
        level_free(nl);
        sim_reset(&g->sim, &g->level);
        return false;
    }
    level_free(&old);
    if (ns) {
        nav_query_destroy(g->search);
        g->search = ns;
    }
    set_path(g, path);
    if (!tour_least_energy(&g->level, &g->par_energy))
        g->par_energy = 0;
    g->level_version++;
    g->level_loads++;
    if (keep_droid && nav_grid_walkable(&g->sim.terrain->grid, at.x, at.y) && !nav_pos_eq(at, g->sim.state.droid.tile)) {
        mover_place(&g->sim.state.droid, at);
        if (start) { /* the start is not the loaded one: the history copies it */
            sim_deinit(start);
            start = NULL;
        }
    }
    if (g->hover_valid && !nav_grid_in_bounds(&g->sim.terrain->grid, g->hover.x, g->hover.y))
        g->hover_valid = false;
    g->frame_event_count = 0;
    scene_cues_taken(&g->scene_anim);
    game_begin_history(g, start);

    edit_reset(&g->edits);
    g->painting = false;
    g->loaded = g->seen = file_stamp(g->path);
    g->disk_changed = g->overwrite_armed = false;
    g->file_error[0] = '\0';
    game_refresh_preview(g);
    return true;
}

/* What to do here, said when a level opens. */
void game_welcome(Game *g)
{
    const Sim *s = &g->sim;
    char name[4 * LEVEL_NAME_MAX];
    const char *lang = i18n_language(); /* the level's name and words in the player's language */
    text_escape(level_name_in(&g->level, lang), name, sizeof name);
    if (level_description_in(&g->level, lang)[0]) { /* the level's own words: the idea it brings in */
        char what[4 * LEVEL_DESCRIPTION_MAX];
        text_escape(level_description_in(&g->level, lang), what, sizeof what);
        game_say(g, 12.0, _("%s: %s  (H for help)"), name, what);
    } else if (!s->terrain->has_exit)
        game_say(g, 8.0, _("%s: free play (no exit). Click a tile to walk there; H for help."), name);
    else if (s->terrain->cells_total == 1)
        game_say(g, 10.0, _("%s: collect the energy cell to open the exit, then walk into it. H for help."),
                 name);
    else if (s->terrain->cells_total > 0)
        game_say(g, 10.0, _("%s: collect the %d energy cells to open the exit, then walk into it. H for help."),
                 name, s->terrain->cells_total);
    else
        game_say(g, 10.0, _("%s: the exit is open, walk into it. Click a tile to walk there; H for help."),
                 name);
}

/* Hot reload: looks at the level file every GAME_RELOAD_POLL seconds. */
void game_watch_file(Game *g, double dt)
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
            game_say(g, 8.0, _("The level's file changed on disk. Your edits are kept: Ctrl+S overwrites it, undoing "
                             "them all loads it."));
        g->disk_changed = true;
        return;
    }
    if (fresh) /* changed since the last look: taken once it has stayed so for a look (not half written) */
        return;
    if (g->file_error[0] && stamp_eq(now, g->tried)) /* this version was tried already */
        return;
    if (g->load.kind != GAME_LOADING_NONE) /* a switch or a reload is under way */
        return;
    g->tried = now;
    if (g->loader.start) { /* in the background: game_load_poll adopts it */
        g->load.kind = GAME_LOADING_RELOAD;
        g->load.stamp = now;
        g->load.path = strdup(g->path);
        if (g->load.path && (g->load.job = g->loader.start(g->loader.ctx, g->path))) {
            char shown[4 * 1024];
            game_trace(g, "loading %s", text_escape(g->load.path, shown, sizeof shown));
            return;
        }
        load_end(g);
    }
    Level nl;
    NavDiags d;
    nav_diag_clear(&d);
    bool ok = level_load(g->path, &nl, &d);
    reload_adopt(g, ok ? &nl : NULL, NULL, NULL, &d, now);
}

/* ---- the editor ------------------------------------------------------------ */

static void sync_tile(Game *g, int index)
{
    int x = index % g->level.w, y = index / g->level.w;
    game_drop_copies(g); /* after the first tile, nothing left to drop */
    sim_edit_tile(&g->sim, x, y, level_glyph(&g->level, x, y));
    g->edit_ring[g->edit_serial++ % GAME_EDIT_RING] = nav_pos(x, y);
}

/* After the file's tiles changed (painting, or undo while playing): while
 * editing the droid stands on the start; in play the level starts again,
 * since play is always of the file's level. The preview follows at the next
 * update (a drag paints many tiles between two frames). */
static void after_edit(Game *g)
{
    g->level_version++;
    if (g->editing) {
        mover_place(&g->sim.state.droid, g->level.start);
    } else {
        end_recording(g, N_("the level was changed"));
        game_start_play(g);
    }
    g->preview_from = nav_pos(-1, -1);
}

/* Entering the editor shows the file's level; leaving it starts play again. */
void game_edit_toggle(Game *g)
{
    game_edit_release(g);
    if (!g->editing)
        end_recording(g, N_("the editor changes the level"));
    g->editing = !g->editing;
    game_start_play(g);
    g->level_version++;
    if (g->editing && g->path_shipped)
        game_say(g, 8.0, _("Editing a copy: this level came with the game, so Ctrl+S saves it as your own level. "
                         "1-0 pick a tile, drag to paint, right click wall/floor. E plays."));
    else if (g->editing)
        game_say(g, 6.0, _("Editing: 1-0 pick a tile, drag to paint, right click wall/floor, Ctrl+S saves. E plays."));
    else
        game_say(g, 2.0, _("Playing from the start."));
}

void game_edit_brush(Game *g, char glyph)
{
    TileKind k;
    if (tile_from_glyph(glyph, &k))
        g->brush = glyph;
}

static void paint(Game *g, NavPos t, char glyph)
{
    int old_start = g->level.start.y * g->level.w + g->level.start.x;
    EditResult r = edit_paint(&g->edits, &g->level, t, glyph);
    if (r == EDIT_CHANGED) {
        sync_tile(g, t.y * g->level.w + t.x);
        if (glyph == '@')
            sync_tile(g, old_start);
        game_trace(g, "edit %d %d %c", t.x, t.y, glyph);
        after_edit(g);
    } else if (r != EDIT_SAME) {
        game_say(g, 4.0, _("Not painted at %d,%d: %s."), t.x, t.y, _(edit_result_text(r)));
    }
}

void game_edit_press(Game *g, NavPos t, bool right)
{
    if (!g->editing || !nav_grid_in_bounds(&g->sim.terrain->grid, t.x, t.y))
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

void game_edit_drag(Game *g, NavPos t)
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
        if (nav_grid_in_bounds(&g->sim.terrain->grid, x, y))
            paint(g, nav_pos(x, y), g->brush);
    }
    g->paint_last = t;
}

void game_edit_release(Game *g)
{
    if (g->painting)
        edit_end(&g->edits);
    g->painting = false;
}

static void apply_history(Game *g, int n, const EditChange *c, bool undo)
{
    if (n == 0) {
        game_say(g, 2.0, "%s", undo ? _("Nothing to undo.") : _("Nothing to redo."));
        return;
    }
    for (int i = 0; i < n; i++)
        sync_tile(g, c[i].index);
    game_trace(g, "%s %d", undo ? "undo" : "redo", n);
    after_edit(g);
    game_say(g, 2.0,
             undo ? ngettext("undo: %d tile (%d left to undo, %d to redo).",
                             "undo: %d tiles (%d left to undo, %d to redo).", n)
                  : ngettext("redo: %d tile (%d left to undo, %d to redo).",
                             "redo: %d tiles (%d left to undo, %d to redo).", n),
             n, edit_undo_count(&g->edits), edit_redo_count(&g->edits));
}

void game_undo(Game *g)
{
    game_edit_release(g);
    const EditChange *c = NULL;
    int n = edit_undo(&g->edits, &g->level, &c);
    apply_history(g, n, c, true);
}

void game_redo(Game *g)
{
    game_edit_release(g);
    const EditChange *c = NULL;
    int n = edit_redo(&g->edits, &g->level, &c);
    apply_history(g, n, c, false);
}

bool game_dirty(const Game *g)
{
    return edit_dirty(&g->edits);
}

/* A free file in own_dir for a copy of the level open: its file's name,
 * else NAME-2.txt ... NAME-99.txt; malloc'd, NULL when none is free or
 * memory runs out. */
static char *copy_path(const Game *g)
{
    const char *slash = strrchr(g->path, '/'), *base = slash ? slash + 1 : g->path;
    const char *dot = strrchr(base, '.');
    int stem = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
    size_t n = strlen(g->own_dir) + strlen(base) + 16;
    char *path = malloc(n);
    if (!path)
        return NULL;
    for (int k = 1; k < 100; k++) {
        if (k == 1)
            snprintf(path, n, "%s/%.*s.txt", g->own_dir, stem, base);
        else
            snprintf(path, n, "%s/%.*s-%d.txt", g->own_dir, stem, base, k);
        struct stat sb;
        if (stat(path, &sb) != 0)
            return path;
    }
    free(path);
    return NULL;
}

bool game_save(Game *g)
{
    game_edit_release(g);
    if (!edit_dirty(&g->edits)) {
        game_say(g, 3.0, _("No unsaved edits."));
        return true;
    }
    char err[NAV_DIAG_LEN], *copy = NULL;
    if (g->path_shipped) { /* the game's own level: never written, a copy is the player's */
        if (!g->own_dir) {
            game_trace(g, "save-failed no folder for your own levels");
            game_say(g, 10.0, _("Not saved: a level that came with the game is saved as a copy of your own, and "
                              "this run keeps no files of yours."));
            return false;
        }
        if (!(copy = copy_path(g)) || !fileio_make_dirs_for(copy)) {
            game_trace(g, "save-failed cannot make a copy in the folder of your own levels");
            game_say(g, 10.0, _("Not saved: no room for a copy among your own levels."));
            free(copy);
            return false;
        }
        if (!level_save(&g->level, copy, err, sizeof err)) {
            game_trace(g, "save-failed %s", err);
            game_say(g, 10.0, _("Not saved: %s"), err);
            free(copy);
            return false;
        }
        set_path(g, copy);
        free(copy);
        g->level_index = -1; /* no longer one of the folder's */
        g->level_version++;
    } else {
        FileStamp disk = file_stamp(g->path);
        if (disk.exists && !stamp_eq(disk, g->loaded) && !g->overwrite_armed) {
            g->overwrite_armed = true;
            game_say(g, 8.0, _("The level's file changed on disk since it was loaded: Ctrl+S again overwrites it."));
            return false;
        }
        if (!level_save(&g->level, g->path, err, sizeof err)) {
            game_trace(g, "save-failed %s", err);
            game_say(g, 10.0, _("Not saved: %s"), err);
            return false;
        }
    }
    edit_mark_saved(&g->edits);
    g->loaded = g->seen = file_stamp(g->path);
    g->disk_changed = g->overwrite_armed = false;
    g->file_error[0] = '\0';
    char path[4 * 1024];
    game_trace(g, "save %s", text_escape(g->path, path, sizeof path));
    game_say(g, 4.0, g->path_own ? "Saved as your own level: the level select lists it after the others."
                                 : "Saved.");
    return true;
}

/* ---- leaving a level ---------------------------------------------------------- */

/* Ends the background load, if any (its results, if not taken, are dropped). */
static void load_end(Game *g)
{
    if (g->load.job)
        g->loader.drop(g->load.job);
    free(g->load.path);
    g->load = (GameLoad){0};
    game_set_pause(g, GAME_PAUSE_LOADING, false);
}

/* Steps a switch to the next file of the folder (g->load.path): false when
 * it has come round to the level played or tried them all. */
static bool switch_next_file(Game *g)
{
    int n = g->levels.count;
    if (g->load.tries >= n)
        return false;
    g->load.tries++;
    g->load.index = ((g->load.index + g->load.delta) % n + n) % n;
    if (g->load.index == g->level_index)
        return false; /* back where we started */
    free(g->load.path);
    g->load.path = levelset_path_new(&g->levels, g->load.index);
    return g->load.path != NULL;
}

/* A switch's file does not load: named once, and skipped. */
static void switch_skip(Game *g, const NavDiags *d)
{
    if (!g->load.skipped[0])
        snprintf(g->load.skipped, sizeof g->load.skipped, "%s", d->count ? d->msg[0] : _("cannot load"));
}

/* A switch's file loaded: it is played from now on. */
static void switch_adopt(Game *g, Level *nl, Sim *ready, Sim *start)
{
    uint64_t left_at = g->load.left_at; /* on the old level's clock, so a replay leaves it when the player did */
    char *path = g->load.path, skipped[NAV_DIAG_LEN];
    int index = g->load.index, queued = g->load.queued;
    snprintf(skipped, sizeof skipped, "%s", g->load.skipped);
    g->load.path = NULL;
    load_end(g);
    bool adopted = game_adopt_level(g, nl, ready, start, path, false);
    if (!adopted)
        game_say(g, 4.0, _("Cannot open %s: out of memory."), path);
    free(path);
    if (!adopted)
        return;
    g->level_index = index;
    game_frame_level(g);
    char shown[4 * 1024];
    game_trace(g, "level %s", text_escape(g->path, shown, sizeof shown));
    if (g->record && !replay_write_level(g->record, left_at, g->path))
        end_recording(g, N_("this level's file name holds a line break"));
    if (skipped[0])
        game_say(g, 8.0, _("Skipped a file that does not load: %s"), skipped);
    else
        game_welcome(g);
    if (queued)
        switch_level(g, queued);
}

/* Goes on with a switch: the next files load at once, or a job starts on
 * one (the play stands still meanwhile: GAME_PAUSE_LOADING), until one
 * loads or none is left. A file that does not load is skipped (and named),
 * so one bad file never blocks the way to the levels after it. */
static void switch_run(Game *g)
{
    while (switch_next_file(g)) {
        if (g->loader.start && (g->load.job = g->loader.start(g->loader.ctx, g->load.path))) {
            char shown[4 * 1024];
            game_trace(g, "loading %s", text_escape(g->load.path, shown, sizeof shown));
            game_set_pause(g, GAME_PAUSE_LOADING, true);
            return; /* game_load_poll goes on */
        }
        Level nl;
        NavDiags d;
        nav_diag_clear(&d);
        if (level_load(g->load.path, &nl, &d)) {
            switch_adopt(g, &nl, NULL, NULL);
            return;
        }
        switch_skip(g, &d);
    }
    if (g->load.skipped[0])
        game_say(g, 8.0, _("No other level loads: %s"), g->load.skipped);
    else
        game_say(g, 3.0, _("No other levels in this level's folder."));
    load_end(g);
}

static void switch_level(Game *g, int delta)
{
    if (g->levels.count == 0) {
        game_say(g, 3.0, _("No other levels in this level's folder."));
        return;
    }
    if (g->load.kind == GAME_LOADING_SWITCH) { /* pressed again while it loads: moves on after it */
        g->load.queued += delta;
        return;
    }
    load_end(g); /* a reload gives way */
    g->load.kind = GAME_LOADING_SWITCH;
    g->load.delta = delta;
    g->load.index = g->level_index >= 0 ? g->level_index : (delta > 0 ? -1 : 0);
    g->load.left_at = g->sim.state.tick;
    switch_run(g);
}

/* A reload's file loaded (nl, ready) or not (nl NULL, d says why). Edits
 * begun while it loaded win: the file is then "changed on disk". */
static void reload_adopt(Game *g, Level *nl, Sim *ready, Sim *start, const NavDiags *d, FileStamp stamp)
{
    if (!nl) {
        int more = nav_diag_total(d) - 1;
        if (more > 0)
            snprintf(g->file_error, sizeof g->file_error, _("%s (and %d more)"), d->msg[0], more);
        else
            snprintf(g->file_error, sizeof g->file_error, "%s", d->count ? d->msg[0] : _("cannot load"));
        game_trace(g, "reload-error %s", g->file_error);
        return;
    }
    if (edit_dirty(&g->edits)) {
        level_free(nl);
        if (ready)
            sim_deinit(ready);
        if (start)
            sim_deinit(start);
        g->seen = (FileStamp){0}; /* looked at again: "changed on disk, your edits are kept" */
        return;
    }
    if (!game_adopt_level(g, nl, ready, start, g->path, true)) {
        snprintf(g->file_error, sizeof g->file_error, "%s", _("out of memory loading the new version"));
        return;
    }
    g->loaded = g->seen = stamp; /* the version loaded, even if it changed again since */
    end_recording(g, N_("the level file changed"));
    char path[4 * 1024];
    game_trace(g, "reload %s", text_escape(g->path, path, sizeof path));
    game_say(g, 3.0, _("Reloaded: the level's file changed."));
}

/* The background load: once its job has ended, what it made is adopted
 * (or the next file of a switch tried). */
void game_load_poll(Game *g)
{
    if (!g->load.job)
        return;
    GameLoadState st = g->loader.poll(g->load.job);
    if (st == GAME_LOAD_RUNNING)
        return;
    Level nl = {0};
    Sim ns = {0}, start = {0};
    NavDiags d;
    nav_diag_clear(&d);
    bool ok = g->loader.take(g->load.job, &nl, &ns, &start, &d);
    g->loader.drop(g->load.job);
    g->load.job = NULL;
    if (g->load.kind == GAME_LOADING_SWITCH) {
        if (ok) {
            switch_adopt(g, &nl, &ns, &start);
        } else {
            switch_skip(g, &d);
            switch_run(g);
        }
        return;
    }
    FileStamp stamp = g->load.stamp;
    load_end(g);
    reload_adopt(g, ok ? &nl : NULL, ok ? &ns : NULL, ok ? &start : NULL, &d, stamp);
}

void game_set_loader(Game *g, GameLoader loader)
{
    load_end(g);
    g->loader = loader;
}

bool game_loading(const Game *g, const char **path, double *progress)
{
    if (!g->load.job)
        return false;
    if (path)
        *path = g->load.path;
    if (progress)
        *progress = g->loader.progress(g->load.job);
    return true;
}

bool game_open(Game *g, const char *path)
{
    load_end(g);
    Level nl;
    NavDiags d;
    nav_diag_clear(&d);
    if (!level_load(path, &nl, &d)) {
        game_say(g, 8.0, "%s", d.count ? d.msg[0] : _("cannot load"));
        return false;
    }
    if (!game_adopt_level(g, &nl, NULL, NULL, path, false))
        return false;
    g->level_index = g->path_own ? -1 : levelset_find(&g->levels, path); /* a copy has its original's file name */
    game_frame_level(g);
    char shown[4 * 1024];
    game_trace(g, "level %s", text_escape(g->path, shown, sizeof shown));
    game_welcome(g);
    return true;
}

void game_next_level(Game *g)
{
    game_request_switch(g, +1);
}

void game_level_label(const Game *g, char *out, size_t n)
{
    unsigned long long seed;
    int difficulty;
    char tail;
    if (g->path && sscanf(text_base_name(g->path), "seed-%llu-d%d.tx%c", &seed, &difficulty, &tail) == 3 &&
        tail == 't') /* the name the Generated levels screen gives its files, whatever else is beside them */
        snprintf(out, n, _("Generated, seed %llu, difficulty %d"), seed, difficulty);
    else if (g->path_own)
        snprintf(out, n, "%s", _("Your own level"));
    else if (g->level_index >= 0)
        snprintf(out, n, _("Level %d of %d"), g->level_index + 1, g->levels.count);
    else if (n > 0)
        out[0] = '\0';
}

bool game_campaign_over(const Game *g)
{
    return g->campaign && g->levels.count > 0 && g->level_index == g->levels.count - 1;
}

void game_go_on(Game *g)
{
    if (g->sim.state.status != SIM_WON)
        return;
    if (game_campaign_over(g))
        g->ending_due = true;
    else
        game_next_level(g);
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
