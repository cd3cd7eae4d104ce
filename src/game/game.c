/* SPDX-License-Identifier: MIT */
/* game.c - the game around the rules: input as sim commands (recorded and
 * traced), the sim's events traced and kept for sounds and effects, the hover
 * preview, the editor on the core's edit history, hot reload, level
 * switching, progress. No SDL here: the platform layer calls in with tiles,
 * screen points and ticks. */
#define _POSIX_C_SOURCE 200809L
#include "game.h"

#include "front.h"
#include "replay.h"
#include "text.h"
#include "tour.h"

#include <ctype.h>
#include <math.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool list_copy_path(TileList *l, const NavPath *st)
{
    int n = nav_path_copy_tiles(st, &l->tiles, &l->cap);
    l->count = n > 0 ? n : 0;
    return n >= 0;
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
static void preview_step(Game *g, long work);

static void set_path(Game *g, const char *path)
{
    if (path == g->path)
        return;
    char *copy = strdup(path);
    if (!copy)
        return; /* keeps the old name; only messages and reload use it */
    free(g->path);
    g->path = copy;
}

static void forget_prediction(Game *g);

/* The play leaves what a recording can hold (the level changed under it):
 * the recording ends here, said once. */
static void end_recording(Game *g, const char *why)
{
    if (!g->record)
        return;
    fprintf(g->record, "%llu end\n", (unsigned long long)g->sim.tick);
    fflush(g->record);
    g->record = NULL;
    game_say(g, 8.0, "The recording ends here: %s.", why);
}

/* The play (re)started: its past begins here. */
static void begin_history(Game *g, Sim *first)
{
    if (first) {
        first->level = &g->level;
        history_start_from(&g->history, first);
    } else {
        history_start(&g->history, &g->sim);
    }
    g->rewinds = 0;
    forget_prediction(g);
}

/* Starts play of g->level afresh (the file's state): every change of its
 * tiles went to the Sim as well (sync_tile), so only what play changed is
 * put back. */
static void start_play(Game *g)
{
    if (!sim_restart(&g->sim))
        game_say(g, 6.0, "Out of memory starting the level.");
    begin_history(g, NULL);
    g->frame_event_count = 0;
    g->preview_from = nav_pos(-1, -1);
    g->new_best = false;
}

/* Puts a freshly loaded level (taking its memory) in place of the current
 * one, read from path, and starts play. keep_droid: the droid stays on its
 * tile when that is still walkable, else it goes to the start. False, with
 * nothing changed and nl freed, when memory runs out. */
static bool adopt_level(Game *g, Level *nl, Sim *ready, Sim *start, const char *path, bool keep_droid)
{
    NavPath *ns = NULL;
    if (!g->search || nl->w != g->level.w || nl->h != g->level.h) {
        if (!(ns = nav_path_create(nl->w, nl->h))) {
            level_free(nl);
            if (ready)
                sim_deinit(ready);
            if (start)
                sim_deinit(start);
            return false;
        }
    }
    NavPos at = g->sim.droid.tile;
    Level old = g->level;
    g->level = *nl;
    if (ready) { /* built by a loader: moved in, pointed at the level's new place */
        sim_deinit(&g->sim);
        g->sim = *ready;
        g->sim.level = &g->level;
    } else if (!sim_reset(&g->sim, &g->level)) {
        g->level = old;
        nav_path_destroy(ns);
        level_free(nl);
        sim_reset(&g->sim, &g->level);
        return false;
    }
    level_free(&old);
    if (ns) {
        nav_path_destroy(g->search);
        g->search = ns;
    }
    set_path(g, path);
    if (!tour_least_energy(&g->level, &g->par_energy))
        g->par_energy = 0;
    g->par_time = g->level.par_time > 0                              ? g->level.par_time
                  : g->sim.sentries.count == 0 && g->par_energy > 0 ? g->par_energy / SIM_DROID_SPEED
                                                                    : 0;
    g->level_version++;
    g->level_loads++;
    if (keep_droid && nav_grid_walkable(&g->sim.grid, at.x, at.y) && !nav_pos_eq(at, g->sim.droid.tile)) {
        mover_place(&g->sim.droid, at);
        if (start) { /* the start is not the loaded one: the history copies it */
            sim_deinit(start);
            start = NULL;
        }
    }
    if (g->hover_valid && !nav_grid_in_bounds(&g->sim.grid, g->hover.x, g->hover.y))
        g->hover_valid = false;
    g->frame_event_count = 0;
    begin_history(g, start);

    edit_reset(&g->edits);
    g->painting = false;
    g->loaded = g->seen = file_stamp(g->path);
    g->disk_changed = g->overwrite_armed = false;
    g->file_error[0] = '\0';
    refresh_preview(g);
    return true;
}

/* What to do here, said when a level opens. */
static void welcome(Game *g)
{
    const Sim *s = &g->sim;
    char name[4 * LEVEL_NAME_MAX];
    text_escape(g->level.name, name, sizeof name);
    if (g->level.description[0]) { /* the level's own words: the idea it brings in */
        char what[4 * LEVEL_DESCRIPTION_MAX];
        text_escape(g->level.description, what, sizeof what);
        game_say(g, 12.0, "%s: %s  (H for help)", name, what);
    } else if (!s->has_exit)
        game_say(g, 8.0, "%s: free play (no exit). Click a tile to walk there; H for help.", name);
    else if (s->cells_total == 1)
        game_say(g, 10.0, "%s: collect the energy cell to open the exit, then walk into it. H for help.",
                 name);
    else if (s->cells_total > 0)
        game_say(g, 10.0, "%s: collect the %d energy cells to open the exit, then walk into it. H for help.",
                 name, s->cells_total);
    else
        game_say(g, 10.0, "%s: the exit is open, walk into it. Click a tile to walk there; H for help.",
                 name);
}

bool game_init(Game *g, const char *path, int screen_w, int screen_h, NavDiags *d)
{
    memset(g, 0, sizeof *g);
    edit_init(&g->edits);
    history_init(&g->history);
    predict_init(&g->predictor);
    Level nl;
    if (!level_load(path, &nl, d)) {
        game_deinit(g);
        return false;
    }
    if (!adopt_level(g, &nl, NULL, NULL, path, false)) {
        nav_diag_add(d, path, 0, 0, "out of memory");
        game_deinit(g);
        return false;
    }
    char *dir = levelset_dir_new(path);
    if (dir)
        levelset_scan(&g->levels, dir); /* an unreadable folder: just no switching */
    free(dir);
    g->level_index = levelset_find(&g->levels, path);
    g->view = iso_view(64, 32);
    g->show_minimap = true;
    g->brush = '#';
    game_resize(g, screen_w, screen_h);
    game_frame_level(g);
    welcome(g);
    return true;
}

void game_deinit(Game *g)
{
    if (g->load.job)
        g->loader.drop(g->load.job);
    free(g->load.path);
    nav_path_destroy(g->search);
    predict_deinit(&g->predictor);
    history_deinit(&g->history);
    sim_deinit(&g->sim);
    level_free(&g->level);
    levelset_free(&g->levels);
    edit_deinit(&g->edits);
    progress_free(&g->progress);
    free(g->preview.tiles);
    free(g->path);
    memset(g, 0, sizeof *g);
}

static void absorb_events(Game *g);
/* the background load (leaving a level, below) */
static void load_end(Game *g);
static void load_poll(Game *g);
static void reload_adopt(Game *g, Level *nl, Sim *ready, Sim *start, const NavDiags *d, FileStamp stamp);
static void switch_level(Game *g, int delta);

void game_command(Game *g, SimCmd c)
{
    if (!g->replaying)
        game_replay_command(g, c);
}

void game_replay_command(Game *g, SimCmd c)
{
    uint64_t tick = g->sim.tick;
    if (g->record)
        replay_write_cmd(g->record, tick, &c);
    if (c.type == SIM_CMD_GOTO)
        trace(g, "click %d %d", c.x, c.y);
    sim_command(&g->sim, &c);
    if (c.type == SIM_CMD_RESTART)
        begin_history(g, NULL);
    else
        history_command(&g->history, tick, &c);
    absorb_events(g);
}

void game_click_tile(Game *g, NavPos t)
{
    if (g->sim.status != SIM_PLAYING) {
        if (g->sim.status == SIM_WON)
            game_next_level(g);
        return;
    }
    game_command(g, (SimCmd){SIM_CMD_GOTO, t.x, t.y});
}

void game_restart(Game *g)
{
    game_command(g, (SimCmd){SIM_CMD_RESTART, 0, 0});
}

bool game_pick(const Game *g, ScreenPos s, NavPos *out)
{
    return iso_screen_to_tile(&g->view, s, g->sim.grid.w, g->sim.grid.h, out);
}

/* What a click on the hovered tile would walk, and how much of it the
 * energy covers (cells on the way add theirs). Begun again only when the
 * droid's plan tile, the hovered tile or the tiles change, and searched
 * GAME_PREVIEW_FRAME_WORK tiles a frame (preview_step), so that no hover
 * stalls a frame on a big maze. */
static void refresh_preview(Game *g)
{
    Sim *s = &g->sim;
    g->preview.count = 0;
    g->preview_serial++;
    g->preview_afford = 0;
    g->preview_cost = 0;
    g->preview_from = mover_plan_tile(&s->droid);
    g->preview_steps = s->steps;
    g->previewing = false;
    g->predict_wait = 0; /* predicted again from the next update */
    g->predicting = false;
    if (!g->hover_valid || s->status != SIM_PLAYING) {
        forget_prediction(g);
        return;
    }
    if (sim_plan_begin(s, g->search, g->preview_from, g->hover, &g->preview_end) == NAV_NO_PATH)
        return;
    g->previewing = true;
    preview_step(g, GAME_PREVIEW_FRAME_WORK);
}

/* Goes on with the preview's search; once it is found, the walk and what
 * the energy covers. */
static void preview_step(Game *g, long work)
{
    if (!g->previewing)
        return;
    nav_path_step(g->search, work);
    NavStatus r = sim_plan_status(g->search, g->hover, g->preview_end);
    if (r == NAV_IN_PROGRESS)
        return;
    g->previewing = false;
    bool copied = r != NAV_NO_PATH && list_copy_path(&g->preview, g->search);
    g->preview_serial++;
    if (!copied)
        return;
    Sim *s = &g->sim;
    g->preview_cost = nav_path_result(g->search)->length;
    int64_t e = s->energy;
    if (s->limited && s->droid.moving)
        e -= (int64_t)(s->droid.need - s->droid.done);
    NavPos at = g->preview_from;
    g->preview_afford = g->preview.count;
    for (int i = 0; s->limited && i < g->preview.count; i++) {
        NavPos t = g->preview.tiles[i];
        e -= (int64_t)mover_step_cost(&s->grid, at, t);
        if (e < 0) {
            g->preview_afford = i;
            break;
        }
        if (sim_kind(s, t.x, t.y) == TILE_CELL)
            e = sim_energy_gain(e, s->cell_energy);
        at = t;
    }
}

void game_hover(Game *g, bool valid, NavPos t)
{
    if (valid == g->hover_valid && (!valid || nav_pos_eq(t, g->hover)))
        return;
    g->hover_valid = valid;
    g->hover = t;
    if (valid)
        trace(g, "hover %d %d", t.x, t.y);
    refresh_preview(g);
}

/* ---- the prediction of the hovered walk ------------------------------------- */

static void forget_prediction(Game *g)
{
    g->predicting = false;
    g->predict_wait = 0;
    g->predict = (Prediction){.outcome = PREDICT_NOWALK, .sentry = -1};
    g->predict_step = g->preview.count;
}

/* Two predictions say the same thing (the notice at the same tick of play). */
static bool same_prediction(const Prediction *a, const Prediction *b)
{
    if (a->outcome != b->outcome || !nav_pos_eq(a->goal, b->goal))
        return false;
    if (a->outcome != PREDICT_SEEN)
        return true;
    if (a->already || b->already) /* after the droid already: the same while it is the same sentry */
        return a->already == b->already && a->sentry == b->sentry && nav_pos_eq(a->at, b->at);
    return nav_pos_eq(a->at, b->at) && a->sentry == b->sentry && a->heard == b->heard &&
           a->from_tick + (uint64_t)a->ticks == b->from_tick + (uint64_t)b->ticks;
}

/* A finished prediction becomes the one shown; traced when it says
 * something new (or always with force). */
static void publish_prediction(Game *g, bool force)
{
    const Prediction *p = &g->predictor.result;
    bool changed = !same_prediction(p, &g->predict);
    g->predict = *p;
    g->predicting = false;
    g->predict_step = g->preview.count;
    if (p->outcome == PREDICT_SEEN) {
        g->predict_step = -1;
        for (int i = 0; i < g->preview.count; i++)
            if (nav_pos_eq(g->preview.tiles[i], p->at)) {
                g->predict_step = i;
                break;
            }
    }
    if (!changed && !force)
        return;
    switch (p->outcome) {
    case PREDICT_SEEN:
        trace(g, "preview %d %d seen %d %d %d %d", p->goal.x, p->goal.y, p->at.x, p->at.y, p->sentry, p->ticks);
        break;
    case PREDICT_UNSEEN: trace(g, "preview %d %d unseen", p->goal.x, p->goal.y); break;
    case PREDICT_CUT: trace(g, "preview %d %d unknown %d", p->goal.x, p->goal.y, p->ticks); break;
    default: break;
    }
}

/* Starts predicting a click on the hovered tile from the play as it stands. */
static void start_prediction(Game *g)
{
    g->predict_wait = GAME_PREDICT_EVERY;
    g->predicting = false;
    if (!g->hover_valid || g->editing || g->sim.status != SIM_PLAYING || g->preview.count == 0) {
        forget_prediction(g);
        return;
    }
    if (!predict_begin(&g->predictor, &g->sim, g->hover)) {
        forget_prediction(g);
        return;
    }
    g->predicting = true;
}

/* Runs the prediction under way by work units (<= 0: to its end). */
static void run_prediction(Game *g, long work, bool force)
{
    if (g->predicting && predict_run(&g->predictor, work) != PREDICT_RUNNING)
        publish_prediction(g, force);
}

void game_predict_now(Game *g, bool force)
{
    preview_step(g, LONG_MAX);
    start_prediction(g);
    run_prediction(g, 0, force);
}

/* ---- pause and rewind ------------------------------------------------------------ */

bool game_paused(const Game *g)
{
    return g->pause != 0;
}

void game_set_pause(Game *g, unsigned why, bool on)
{
    bool was = g->pause != 0;
    g->pause = on ? g->pause | why : g->pause & ~why;
    if (was != (g->pause != 0))
        trace(g, "%s", g->pause ? "pause" : "resume");
}

/* The play back at tick `to` (its past since then forgotten). */
static bool rewind_to(Game *g, uint64_t to)
{
    uint64_t was = g->sim.tick;
    if (!history_rewind(&g->history, &g->sim, to)) {
        if (!g->sim.kind) { /* out of memory half way: the level starts again */
            start_play(g);
            game_say(g, 6.0, "Out of memory while rewinding: the level starts again.");
        }
        return false;
    }
    trace(g, "rewind %llu", (unsigned long long)to);
    g->rewinds++;
    g->frame_event_count = 0;
    g->preview_from = nav_pos(-1, -1);
    forget_prediction(g);
    game_say(g, 2.0, "Back %.1f seconds.", (double)(was - to) / SIM_TICK_HZ);
    return true;
}

bool game_rewind(Game *g)
{
    if (g->replaying || g->editing)
        return false;
    uint64_t first = history_first(&g->history);
    if (first == UINT64_MAX || g->sim.tick <= first) {
        game_say(g, 2.0, first == UINT64_MAX ? "Rewinding is not available (out of memory)." : "This is the start.");
        return false;
    }
    /* after a win or a loss: back from the moment it happened, not from now */
    uint64_t from = g->sim.status != SIM_PLAYING ? g->sim.end_tick : g->sim.tick;
    uint64_t to = from > first + GAME_REWIND_TICKS ? from - GAME_REWIND_TICKS : first;
    if (g->record)
        replay_write_rewind(g->record, g->sim.tick, to);
    if (!rewind_to(g, to))
        return false;
    /* the keys and the mouse are not held as they were then */
    if (g->sim.push_dx || g->sim.push_dy || g->sim.pending_dx || g->sim.pending_dy)
        game_command(g, (SimCmd){SIM_CMD_PUSH, 0, 0});
    if (g->sim.holding)
        game_command(g, (SimCmd){SIM_CMD_RELEASE, 0, 0});
    return true;
}

bool game_replay_rewind(Game *g, uint64_t to)
{
    return rewind_to(g, to);
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
    if (fresh) /* changed since the last look: taken once it has stayed so for a look (not half written) */
        return;
    if (g->file_error[0] && stamp_eq(now, g->tried)) /* this version was tried already */
        return;
    if (g->load.kind != GAME_LOADING_NONE) /* a switch or a reload is under way */
        return;
    g->tried = now;
    if (g->loader.start) { /* in the background: load_poll adopts it */
        g->load.kind = GAME_LOADING_RELOAD;
        g->load.stamp = now;
        g->load.path = strdup(g->path);
        if (g->load.path && (g->load.job = g->loader.start(g->loader.ctx, g->path))) {
            char shown[4 * 1024];
            trace(g, "loading %s", text_escape(g->load.path, shown, sizeof shown));
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

static void keep_event(Game *g, const SimEvent *e)
{
    if (g->frame_event_count < GAME_FRAME_EVENTS)
        g->frame_events[g->frame_event_count++] = *e;
}

static void record_win(Game *g)
{
    const Sim *s = &g->sim;
    trace(g, "stars %d", front_stars(true, sim_units((int64_t)s->energy_used), s->noticed == 0, g->par_energy));
    if (!g->progress.path)
        return;
    bool best = false;
    if (!progress_record(&g->progress, level_content_hash(&g->level), g->path, (double)s->play_ticks / SIM_TICK_HZ,
                         (long)s->steps, sim_units((int64_t)s->energy_used), s->noticed == 0, &best))
        game_say(g, 8.0, "%s", g->progress.error);
    g->new_best = best;
}

/* Traces the sim's events and keeps them for the SDL side (sounds, effects). */
static void absorb_events(Game *g)
{
    Sim *s = &g->sim;
    for (int i = 0; i < s->event_count; i++) {
        const SimEvent *e = &s->events[i];
        keep_event(g, e);
        switch (e->type) {
        case SIM_EV_PATH:
            trace(g, "path %lld %.6f", (long long)e->a, e->length);
            if (e->x != s->hold.x || e->y != s->hold.y) {
                const TileInfo *k = tile_info(sim_kind(s, s->hold.x, s->hold.y));
                if (k->cost)
                    game_say(g, 4.0, "That tile is out of reach: the droid goes as close as it can.");
                else
                    game_say(g, 4.0, "%c%s is in the way: the droid goes as close as it can.",
                             (char)toupper((unsigned char)k->name[0]), k->name + 1);
            } else {
                g->message_left = 0;
            }
            break;
        case SIM_EV_NOPATH:
            game_say(g, 4.0, "No way there from here.");
            break;
        case SIM_EV_ARRIVE:
            trace(g, "arrive %d %d", e->x, e->y);
            g->noise_since = g->clock;
            break;
        case SIM_EV_IDLE: trace(g, "idle %d %d", e->x, e->y); break;
        case SIM_EV_BUMP: trace(g, "bump %d %d", e->x, e->y); break;
        case SIM_EV_PICKUP:
            if (e->a >= 0)
                trace(g, "pickup %d %d %.2f", e->x, e->y, sim_units(e->a));
            else
                trace(g, "pickup %d %d unlimited", e->x, e->y);
            g->effects[g->effect_next] = (GameEffect){nav_pos(e->x, e->y), g->clock};
            g->effect_next = (g->effect_next + 1) % GAME_EFFECTS;
            if (s->cells_left > 0)
                game_say(g, 3.0, "Energy cell: %d left.", s->cells_left);
            break;
        case SIM_EV_ENERGY: trace(g, "energy %.2f", sim_units(e->a)); break;
        case SIM_EV_DOOR: trace(g, "door %d %d %s", e->x, e->y, e->a ? "open" : "closed"); break;
        case SIM_EV_EXIT_OPEN:
            trace(g, "exit-open %d %d", e->x, e->y);
            game_say(g, 5.0, "All cells collected: the exit is open.");
            break;
        case SIM_EV_WIN:
            trace(g, "win %.3f %lld %.2f", (double)s->play_ticks / SIM_TICK_HZ, (long long)s->steps,
                  sim_units((int64_t)s->energy_used));
            g->status_since = g->clock;
            g->message_left = 0;
            record_win(g);
            break;
        case SIM_EV_LOSE:
            trace(g, "lose %s", sim_lose_name((SimLose)e->a));
            g->status_since = g->clock;
            g->message_left = 0;
            break;
        case SIM_EV_RESTART:
            trace(g, "restart");
                    g->preview_from = nav_pos(-1, -1);
            game_say(g, 2.0, "Restarted.");
            break;
        case SIM_EV_SENTRY:
            trace(g, "sentry %lld %s %d %d", (long long)e->a, sentry_state_name((SentryState)e->b), e->x, e->y);
            break;
        case SIM_EV_ALERT: trace(g, "alert %lld %d %d", (long long)e->a, e->x, e->y); break;
        case SIM_EV_STEP:
            break;
        }
    }
    sim_clear_events(s);
}

void game_update(Game *g)
{
    double dt = 1.0 / SIM_TICK_HZ;
    g->clock += dt;
    load_poll(g);
    watch_file(g, dt);
    if (g->message_left > 0)
        g->message_left -= dt;
    bool ticked = !g->editing && !game_paused(g);
    if (ticked) {
        sim_tick(&g->sim);
        history_tick(&g->history, &g->sim);
        absorb_events(g);
    } else {
        g->noise_since += dt; /* the last step's ripple stands still too */
    }
    if (!nav_pos_eq(mover_plan_tile(&g->sim.droid), g->preview_from) || g->preview_steps != g->sim.steps)
        refresh_preview(g);
    else
        preview_step(g, GAME_PREVIEW_FRAME_WORK);
    /* the prediction is kept current as the sentries move (while paused it stays true) */
    if (ticked && g->predict_wait > 0)
        g->predict_wait--;
    if (!g->predicting && g->predict_wait <= 0)
        start_prediction(g);
    run_prediction(g, GAME_PREDICT_FRAME_WORK, false);
    game_camera_update(g, dt);
}

/* ---- the editor ------------------------------------------------------------ */

static void sync_tile(Game *g, int index)
{
    int x = index % g->level.w, y = index / g->level.w;
    sim_edit_tile(&g->sim, x, y, level_kind(&g->level, x, y));
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
        mover_place(&g->sim.droid, g->level.start);
    } else {
        end_recording(g, "the level was changed");
        start_play(g);
    }
    g->preview_from = nav_pos(-1, -1);
}

/* Entering the editor shows the file's level; leaving it starts play again. */
void game_edit_toggle(Game *g)
{
    game_edit_release(g);
    if (!g->editing)
        end_recording(g, "the editor changes the level");
    g->editing = !g->editing;
    start_play(g);
    g->level_version++;
    if (g->editing)
        game_say(g, 6.0, "Editing: 1-0 pick a tile, drag to paint, right click wall/floor, Ctrl+S saves. E plays.");
    else
        game_say(g, 2.0, "Playing from the start.");
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
        trace(g, "edit %d %d %c", t.x, t.y, glyph);
        after_edit(g);
    } else if (r != EDIT_SAME) {
        game_say(g, 4.0, "Not painted at %d,%d: %s.", t.x, t.y, edit_result_text(r));
    }
}

void game_edit_press(Game *g, NavPos t, bool right)
{
    if (!g->editing || !nav_grid_in_bounds(&g->sim.grid, t.x, t.y))
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
        if (nav_grid_in_bounds(&g->sim.grid, x, y))
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
    char err[NAV_DIAG_LEN];
    if (!level_save(&g->level, g->path, err, sizeof err)) {
        trace(g, "save-failed %s", err);
        game_say(g, 10.0, "Not saved: %s", err);
        return false;
    }
    edit_mark_saved(&g->edits);
    g->loaded = g->seen = file_stamp(g->path);
    g->disk_changed = g->overwrite_armed = false;
    g->file_error[0] = '\0';
    char path[4 * 1024];
    trace(g, "save %s", text_escape(g->path, path, sizeof path));
    game_say(g, 3.0, "Saved %s.", g->path);
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
        snprintf(g->load.skipped, sizeof g->load.skipped, "%s", d->count ? d->msg[0] : "cannot load");
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
    bool adopted = adopt_level(g, nl, ready, start, path, false);
    if (!adopted)
        game_say(g, 4.0, "Cannot open %s: out of memory.", path);
    free(path);
    if (!adopted)
        return;
    g->level_index = index;
    game_frame_level(g);
    char shown[4 * 1024];
    trace(g, "level %s", text_escape(g->path, shown, sizeof shown));
    if (g->record && !replay_write_level(g->record, left_at, g->path))
        end_recording(g, "this level's file name holds a line break");
    if (skipped[0])
        game_say(g, 8.0, "Skipped a file that does not load: %s", skipped);
    else
        welcome(g);
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
            trace(g, "loading %s", text_escape(g->load.path, shown, sizeof shown));
            game_set_pause(g, GAME_PAUSE_LOADING, true);
            return; /* load_poll goes on */
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
        game_say(g, 8.0, "No other level loads: %s", g->load.skipped);
    else
        game_say(g, 3.0, "No other levels beside %s.", g->path);
    load_end(g);
}

static void switch_level(Game *g, int delta)
{
    if (g->levels.count == 0) {
        game_say(g, 3.0, "No other levels beside %s.", g->path);
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
    g->load.left_at = g->sim.tick;
    switch_run(g);
}

/* A reload's file loaded (nl, ready) or not (nl NULL, d says why). Edits
 * begun while it loaded win: the file is then "changed on disk". */
static void reload_adopt(Game *g, Level *nl, Sim *ready, Sim *start, const NavDiags *d, FileStamp stamp)
{
    if (!nl) {
        int more = nav_diag_total(d) - 1;
        if (more > 0)
            snprintf(g->file_error, sizeof g->file_error, "%s (and %d more)", d->msg[0], more);
        else
            snprintf(g->file_error, sizeof g->file_error, "%s", d->count ? d->msg[0] : "cannot load");
        trace(g, "reload-error %s", g->file_error);
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
    if (!adopt_level(g, nl, ready, start, g->path, true)) {
        snprintf(g->file_error, sizeof g->file_error, "out of memory loading the new version");
        return;
    }
    g->loaded = g->seen = stamp; /* the version loaded, even if it changed again since */
    end_recording(g, "the level file changed");
    char path[4 * 1024];
    trace(g, "reload %s", text_escape(g->path, path, sizeof path));
    game_say(g, 3.0, "Reloaded %s.", g->path);
}

/* The background load: once its job has ended, what it made is adopted
 * (or the next file of a switch tried). */
static void load_poll(Game *g)
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
        game_say(g, 8.0, "%s", d.count ? d.msg[0] : "cannot load");
        return false;
    }
    if (!adopt_level(g, &nl, NULL, NULL, path, false))
        return false;
    g->level_index = levelset_find(&g->levels, path);
    game_frame_level(g);
    char shown[4 * 1024];
    trace(g, "level %s", text_escape(g->path, shown, sizeof shown));
    welcome(g);
    return true;
}

void game_next_level(Game *g)
{
    game_request_switch(g, +1);
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
