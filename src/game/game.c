/* SPDX-License-Identifier: MIT */
/* game.c - the game around the rules: input as sim commands (recorded and
 * traced), the sim's events traced and kept for sounds and effects, the hover
 * preview and its prediction, pause and rewind, progress. The level's file
 * (opening, the editor, hot reload, switching) is game_level.c's. No SDL
 * here: the platform layer calls in with tiles, screen points and ticks. */
#define _POSIX_C_SOURCE 200809L
#include "game.h"

#include "buf.h"
#include "front.h"
#include "game_int.h"
#include "i18n.h"
#include "mood.h"
#include "replay.h"

#include <ctype.h>
#include <math.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static bool list_copy_path(TileList *l, const NavQuery *st)
{
    int n = nav_query_copy_tiles(st, &l->tiles, &l->cap);
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

void game_trace(const Game *g, const char *fmt, ...)
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

static void preview_step(Game *g, long work);
static void preview_afford(Game *g);

static void forget_prediction(Game *g);
static void plan_clear(Game *g);

/* The play (re)started: its past begins here, and a new attempt at the
 * stars (no rewinds, no sentry has noticed the droid yet). */
void game_begin_history(Game *g, Sim *first)
{
    if (first) {
        history_start_from(&g->history, first);
    } else {
        history_start(&g->history, &g->sim);
    }
    g->rewinds = 0;
    g->noticed = false;
    plan_clear(g);
    forget_prediction(g);
    game_window_forget(g);
}

/* Before the play's tiles are edited: the copies made of it (the history,
 * the prediction, the departure window) are of no more use, and let go of
 * what they share with it (sim_drop_shared), so that the edit changes the
 * play's memory in place rather than making level-sized memory anew and
 * freeing the old after it (tens of milliseconds on 4096x4096). */
void game_drop_copies(Game *g)
{
    history_drop(&g->history);
    forget_prediction(g);
    sim_drop_shared(&g->predictor.sim);
    game_window_forget(g);
    sim_drop_shared(&g->window_scan.stand);
    sim_drop_shared(&g->window_scan.back);
    sim_drop_shared(&g->window_scan.predictor.sim);
}

/* Starts play of g->level afresh (the file's state): every change of its
 * tiles went to the Sim as well (sync_tile), so only what play changed is
 * put back. */
void game_start_play(Game *g)
{
    if (!sim_restart(&g->sim))
        game_say(g, 6.0, _("Out of memory starting the level."));
    game_begin_history(g, NULL);
    g->frame_event_count = 0;
    scene_cues_taken(&g->scene_anim);
    g->preview_from = nav_pos(-1, -1);
    g->new_best = false;
}

bool game_init(Game *g, const char *path, int screen_w, int screen_h, NavDiags *d)
{
    memset(g, 0, sizeof *g);
    scene_init(&g->scene, &g->scene_anim);
    edit_init(&g->edits);
    history_init(&g->history);
    predict_init(&g->predictor);
    window_init(&g->window_scan);
    Level nl;
    if (!level_load(path, &nl, d)) {
        game_deinit(g);
        return false;
    }
    if (!game_adopt_level(g, &nl, NULL, NULL, path, false)) {
        nav_diag_add(d, path, 0, 0, "%s", _("out of memory"));
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
    game_welcome(g);
    return true;
}

void game_deinit(Game *g)
{
    if (g->load.job)
        g->loader.drop(g->load.job);
    free(g->load.path);
    nav_query_destroy(g->search);
    predict_deinit(&g->predictor);
    window_deinit(&g->window_scan);
    history_deinit(&g->history);
    sim_deinit(&g->sim);
    level_free(&g->level);
    levelset_free(&g->levels);
    edit_deinit(&g->edits);
    progress_free(&g->progress);
    free(g->preview.tiles);
    free(g->lure_pulled);
    free(g->plan_tiles.tiles);
    free(g->path);
    free(g->shipped_dir);
    free(g->own_dir);
    scene_deinit(&g->scene, &g->scene_anim);
    memset(g, 0, sizeof *g);
}

static void absorb_events(Game *g);

void game_command(Game *g, SimCmd c)
{
    if (!g->replaying)
        game_replay_command(g, c);
}

/* Does a command of the player's take over from a running plan? Letting go
 * of keys or the mouse does not. */
static bool takes_over(SimCmd c)
{
    return c.type != SIM_CMD_RELEASE && (c.type != SIM_CMD_PUSH || c.x || c.y);
}

void game_replay_command(Game *g, SimCmd c)
{
    if (!g->giving && g->running.count > 0 && takes_over(c)) {
        g->running.count = 0;
        game_trace(g, "plan stop");
    }
    if (!g->giving) /* the play leaves the course the departure window looked along */
        game_window_forget(g);
    uint64_t tick = g->sim.state.tick;
    if (g->record)
        replay_write_cmd(g->record, tick, &c);
    if (c.type == SIM_CMD_GOTO)
        game_trace(g, "click %d %d", c.x, c.y);
    sim_command(&g->sim, &c);
    if (c.type == SIM_CMD_RESTART)
        game_begin_history(g, NULL);
    else
        history_command(&g->history, tick, &c);
    scene_anim_events(&g->scene_anim, g);
    absorb_events(g);
}

void game_click_tile(Game *g, NavPos t)
{
    if (g->sim.state.status != SIM_PLAYING) {
        game_go_on(g); /* after a win */
        return;
    }
    game_command(g, (SimCmd){SIM_CMD_GOTO, t.x, t.y});
}

void game_lure(Game *g, NavPos t)
{
    game_aim(g, false);
    if (g->sim.state.status == SIM_PLAYING && !g->editing)
        game_command(g, (SimCmd){SIM_CMD_LURE, t.x, t.y});
}

void game_aim(Game *g, bool on)
{
    if (on == g->aiming)
        return;
    g->aiming = on && !g->editing && g->sim.state.status == SIM_PLAYING;
    g->lure_pull_count = 0;
    game_trace(g, "aim %s", g->aiming ? "on" : "off");
}

/* ---- a plan of several legs ------------------------------------------------------- */

NavPos game_plan_origin(const Game *g)
{
    NavPos at = mover_plan_tile(&g->sim.state.droid);
    return g->plan.count > 0 ? orders_end(&g->plan, at) : at;
}

/* Forgets the plan built and the plan running. */
static void plan_clear(Game *g)
{
    g->plan.count = 0;
    g->plan_tiles.count = 0;
    g->plan_cost = 0;
    g->running.count = 0;
    g->aiming = false;
}

/* The plan changed: the hover's walk and the prediction are made again. */
static void plan_changed(Game *g)
{
    g->preview_from = nav_pos(-1, -1);
    g->predict_wait = 0;
    g->predicting = false;
}

/* Adds a leg, its walk's tiles (from the plan's end) already in plan_tiles. */
static bool plan_add(Game *g, Order leg)
{
    if (g->editing || g->sim.state.status != SIM_PLAYING)
        return false;
    if (!orders_add(&g->plan, leg)) {
        game_say(g, 3.0, _("A plan holds %d legs: Enter runs it."), ORDERS_MAX);
        return false;
    }
    g->plan_leg_end[g->plan.count - 1] = g->plan_tiles.count;
    plan_changed(g);
    return true;
}

void game_plan_walk(Game *g, NavPos t)
{
    if (g->editing || g->sim.state.status != SIM_PLAYING || g->plan.count >= ORDERS_MAX)
        return;
    NavPos from = game_plan_origin(g), end;
    if (sim_plan(&g->sim, g->search, from, t, &end) == NAV_NO_PATH || nav_pos_eq(end, from)) {
        game_say(g, 3.0, _("No way there from the plan's end."));
        return;
    }
    int n = nav_query_result(g->search)->steps, have = g->plan_tiles.count;
    if (n > 0 && !buf_grow_int(&g->plan_tiles.tiles, &g->plan_tiles.cap, sizeof *g->plan_tiles.tiles,
                               (size_t)have + (size_t)n, 2 * (have + n)))
        return;
    for (int i = 0; i < n; i++)
        g->plan_tiles.tiles[g->plan_tiles.count++] = nav_query_tile(g->search, i);
    double length = nav_query_result(g->search)->length;
    if (!plan_add(g, (Order){ORDER_GOTO, end, 0})) {
        g->plan_tiles.count = have;
        return;
    }
    g->plan_cost += length;
    game_trace(g, "plan walk %d %d", end.x, end.y);
}

void game_plan_lure(Game *g, NavPos t)
{
    g->aiming = false;
    if (plan_add(g, (Order){ORDER_LURE, t, 0}))
        game_trace(g, "plan lure %d %d", t.x, t.y);
}

void game_plan_wait(Game *g, int ticks)
{
    if (ticks < 0) {
        if (!orders_shorten_wait(&g->plan, -ticks))
            return;
        if (g->plan.count > 0)
            g->plan_leg_end[g->plan.count - 1] = g->plan_tiles.count;
        plan_changed(g);
    } else if (!plan_add(g, (Order){ORDER_WAIT, game_plan_origin(g), ticks})) {
        return;
    }
    game_trace(g, "plan wait %d", ticks);
}

void game_plan_run(Game *g)
{
    if (g->plan.count == 0 || g->sim.state.status != SIM_PLAYING || g->editing)
        return;
    g->running = g->plan;
    g->run = (OrdersRun){0};
    g->plan.count = 0;
    g->plan_tiles.count = 0;
    g->plan_cost = 0;
    plan_changed(g);
    game_trace(g, "plan run");
}

void game_plan_drop(Game *g)
{
    if (g->plan.count == 0)
        return;
    g->plan.count = 0;
    g->plan_tiles.count = 0;
    g->plan_cost = 0;
    plan_changed(g);
    game_trace(g, "plan drop");
}

/* Before a tick: the running plan's commands that are due. */
static void plan_give(Game *g)
{
    if (g->running.count == 0 || g->replaying)
        return;
    SimCmd c;
    OrdersNext n = ORDERS_BUSY;
    g->giving = true;
    while (g->running.count > 0 && (n = orders_next(&g->running, &g->run, &g->sim, &c)) == ORDERS_GIVE)
        game_command(g, c);
    g->giving = false;
    if (g->running.count > 0 && n == ORDERS_DONE) {
        g->running.count = 0;
        game_trace(g, "plan done");
    }
}

/* The aimed lure's verdict on the hovered tile, and who would go, as the play stands now. */
static void lure_preview(Game *g)
{
    const Sim *s = &g->sim;
    g->lure_pull_count = 0;
    if (!g->aiming || !g->hover_valid)
        return;
    g->lure_check = sim_lure_check(s, g->hover);
    if (s->state.sentries.count > g->lure_pulled_cap) {
        bool *m = realloc(g->lure_pulled, (size_t)s->state.sentries.count * sizeof *m);
        if (!m)
            return;
        g->lure_pulled = m;
        g->lure_pulled_cap = s->state.sentries.count;
    }
    if (g->lure_check == SIM_LURE_OK && s->state.sentries.count > 0)
        g->lure_pull_count = sim_lure_hears(s, g->hover, g->lure_pulled);
}

void game_restart(Game *g)
{
    game_command(g, (SimCmd){SIM_CMD_RESTART, 0, 0});
}

bool game_unseen(const Game *g)
{
    return !g->noticed && g->sim.state.noticed == 0;
}

bool game_pick(const Game *g, ScreenPos s, NavPos *out)
{
    return iso_screen_to_tile(&g->view, s, g->sim.terrain->grid.w, g->sim.terrain->grid.h, out);
}

/* What a click on the hovered tile would walk, and how much of it the
 * energy covers (cells on the way add theirs). Begun again only when the
 * droid's plan tile, the hovered tile or the tiles change, and searched
 * GAME_PREVIEW_FRAME_WORK tiles a frame (preview_step), so that no hover
 * stalls a frame on a big maze. */
void game_refresh_preview(Game *g)
{
    Sim *s = &g->sim;
    g->preview.count = 0;
    g->preview_serial++;
    g->preview_afford = 0;
    g->preview_cost = 0;
    g->preview_gain = 0;
    g->preview_from = game_plan_origin(g);
    g->preview_steps = s->state.steps;
    g->previewing = false;
    g->predict_wait = 0; /* predicted again from the next update */
    g->predicting = false;
    if (!g->hover_valid || s->state.status != SIM_PLAYING) {
        forget_prediction(g);
        return;
    }
    if (!sim_regions_ready(s)) { /* labelled over the next frames after an edit: the preview waits */
        g->preview_from = nav_pos(-1, -1);
        return;
    }
    if (sim_plan_begin(s, g->search, g->preview_from, g->hover, &g->preview_end) == NAV_NO_PATH)
        return;
    g->previewing = true;
    preview_step(g, GAME_PREVIEW_FRAME_WORK);
}

/* Goes on with the preview's search; once it is found, the walk, what the
 * energy covers and what a cell hovered at its end gives. */
static void preview_step(Game *g, long work)
{
    if (!g->previewing)
        return;
    nav_query_step(g->search, work);
    NavStatus r = sim_plan_status(g->search, g->hover, g->preview_end);
    if (r == NAV_IN_PROGRESS)
        return;
    g->previewing = false;
    bool copied = r != NAV_NO_PATH && list_copy_path(&g->preview, g->search);
    g->preview_serial++;
    if (!copied)
        return;
    g->preview_cost = nav_query_result(g->search)->length;
    const Sim *s = &g->sim;
    if (s->state.limited && nav_pos_eq(g->preview_end, g->hover) && sim_kind(s, g->hover.x, g->hover.y) == TILE_CELL)
        g->preview_gain = s->state.cell_energy;
    preview_afford(g);
}

/* How much of the preview the energy in hand covers, and what it leaves;
 * made again whenever the energy changes (standing drains it, sim.h). */
static void preview_afford(Game *g)
{
    Sim *s = &g->sim;
    g->preview_energy = s->state.energy;
    int64_t e = s->state.energy;
    for (int i = 0; i < g->plan.count && s->state.limited; i++) { /* from the plan's end: what its legs take */
        const Order *o = &g->plan.leg[i];
        e -= o->kind == ORDER_WAIT ? o->ticks * SIM_STAND_DRAIN : o->kind == ORDER_LURE ? SIM_LURE_COST : 0;
    }
    if (g->plan.count > 0)
        e -= (int64_t)(g->plan_cost * (double)NAV_UNIT_STRAIGHT);
    if (s->state.limited && s->state.droid.moving)
        e -= (int64_t)(s->state.droid.need - s->state.droid.done);
    NavPos at = g->preview_from;
    g->preview_afford = g->preview.count;
    for (int i = 0; s->state.limited && i < g->preview.count; i++) {
        NavPos t = g->preview.tiles[i];
        e -= (int64_t)mover_step_cost(&s->terrain->grid, at, t);
        if (e < 0) {
            g->preview_afford = i;
            break;
        }
        if (sim_kind(s, t.x, t.y) == TILE_CELL)
            e = sim_energy_gain(e, s->state.cell_energy);
        at = t;
    }
    g->preview_left = e < 0 ? 0 : e;
}

void game_hover(Game *g, bool valid, NavPos t)
{
    if (valid == g->hover_valid && (!valid || nav_pos_eq(t, g->hover)))
        return;
    g->hover_valid = valid;
    g->hover = t;
    if (valid)
        game_trace(g, "hover %d %d", t.x, t.y);
    game_refresh_preview(g);
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
        game_trace(g, "preview %d %d seen %d %d %d %d", p->goal.x, p->goal.y, p->at.x, p->at.y, p->sentry, p->ticks);
        break;
    case PREDICT_UNSEEN: game_trace(g, "preview %d %d unseen", p->goal.x, p->goal.y); break;
    case PREDICT_CUT: game_trace(g, "preview %d %d unknown %d", p->goal.x, p->goal.y, p->ticks); break;
    default: break;
    }
}

bool game_prediction_orders(const Game *g, Orders *o)
{
    *o = g->plan; /* the plan built, then the hovered walk */
    if (g->hover_valid && g->preview.count > 0 && !g->aiming)
        orders_add(o, (Order){ORDER_GOTO, g->hover, 0});
    return o->count > 0 && !g->editing && g->sim.state.status == SIM_PLAYING;
}

/* Starts predicting the plan being built and a click on the hovered tile
 * after it, from the play as it stands. */
static void start_prediction(Game *g)
{
    g->predict_wait = GAME_PREDICT_EVERY;
    g->predicting = false;
    Orders o;
    if (!game_prediction_orders(g, &o)) {
        forget_prediction(g);
        return;
    }
    if (!predict_begin_orders(&g->predictor, &g->sim, &o)) {
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
        game_trace(g, "%s", g->pause ? "pause" : "resume");
}

/* The play back at tick `to` (its past since then forgotten). */
static bool rewind_to(Game *g, uint64_t to)
{
    uint64_t was = g->sim.state.tick;
    if (!history_rewind(&g->history, &g->sim, to)) {
        if (!g->sim.terrain) { /* out of memory half way: the level starts again */
            game_start_play(g);
            game_say(g, 6.0, _("Out of memory while rewinding: the level starts again."));
        }
        return false;
    }
    game_trace(g, "rewind %llu", (unsigned long long)to);
    plan_clear(g);
    g->rewinds++;
    g->frame_event_count = 0;
    scene_cues_taken(&g->scene_anim);
    g->preview_from = nav_pos(-1, -1);
    forget_prediction(g);
    game_window_forget(g);
    if (g->noticed && g->sim.state.noticed == 0) /* back before the notice: it still counts */
        game_say(g, 4.0, _("Back %.1f seconds. The sentry's notice still costs the unseen star: R starts afresh."),
                 (double)(was - to) / SIM_TICK_HZ);
    else
        game_say(g, 2.0, _("Back %.1f seconds."), (double)(was - to) / SIM_TICK_HZ);
    return true;
}

bool game_rewind(Game *g)
{
    if (g->replaying || g->editing)
        return false;
    uint64_t first = history_first(&g->history);
    if (first == UINT64_MAX || g->sim.state.tick <= first) {
        game_say(g, 2.0, "%s", first == UINT64_MAX ? _("Rewinding is not available (out of memory).") : _("This is the start."));
        return false;
    }
    /* after a win or a loss: back from the moment it happened, not from now */
    uint64_t from = g->sim.state.status != SIM_PLAYING ? g->sim.state.end_tick : g->sim.state.tick;
    uint64_t to = from > first + GAME_REWIND_TICKS ? from - GAME_REWIND_TICKS : first;
    if (g->record)
        replay_write_rewind(g->record, g->sim.state.tick, to);
    if (!rewind_to(g, to))
        return false;
    /* the keys and the mouse are not held as they were then */
    if (g->sim.state.push_dx || g->sim.state.push_dy || g->sim.state.pending_dx || g->sim.state.pending_dy)
        game_command(g, (SimCmd){SIM_CMD_PUSH, 0, 0});
    if (g->sim.state.holding)
        game_command(g, (SimCmd){SIM_CMD_RELEASE, 0, 0});
    return true;
}

bool game_replay_rewind(Game *g, uint64_t to)
{
    return rewind_to(g, to);
}

static void keep_event(Game *g, const SimEvent *e)
{
    if (g->frame_event_count < GAME_FRAME_EVENTS)
        g->frame_events[g->frame_event_count++] = *e;
}

static void record_win(Game *g)
{
    const Sim *s = &g->sim;
    bool unseen = game_unseen(g);
    game_trace(g, "stars %d", front_stars(true, sim_units((int64_t)s->state.energy_used), unseen, g->par_energy));
    if (!g->progress.path)
        return;
    bool best = false;
    if (!progress_record(&g->progress, level_content_hash(&g->level), g->path, (double)s->state.play_ticks / SIM_TICK_HZ,
                         (long)s->state.steps, sim_units((int64_t)s->state.energy_used), unseen, &best))
        game_say(g, 8.0, "%s", g->progress.error);
    g->new_best = best;
}

/* The trace's line for one of the sim's events (none for a step). */
static void trace_event(const Game *g, const SimEvent *e)
{
    const Sim *s = &g->sim;
    switch (e->type) {
    case SIM_EV_PATH: game_trace(g, "path %lld %.6f", (long long)e->a, e->length); break;
    case SIM_EV_ARRIVE: game_trace(g, "arrive %d %d", e->x, e->y); break;
    case SIM_EV_IDLE: game_trace(g, "idle %d %d", e->x, e->y); break;
    case SIM_EV_BUMP: game_trace(g, "bump %d %d", e->x, e->y); break;
    case SIM_EV_PICKUP:
        if (e->a >= 0)
            game_trace(g, "pickup %d %d %.2f", e->x, e->y, sim_units(e->a));
        else
            game_trace(g, "pickup %d %d unlimited", e->x, e->y);
        break;
    case SIM_EV_ENERGY: game_trace(g, "energy %.2f", sim_units(e->a)); break;
    case SIM_EV_DOOR: game_trace(g, "door %d %d %s", e->x, e->y, e->a ? "open" : "closed"); break;
    case SIM_EV_EXIT_OPEN: game_trace(g, "exit-open %d %d", e->x, e->y); break;
    case SIM_EV_WIN:
        game_trace(g, "win %.3f %lld %.2f", (double)s->state.play_ticks / SIM_TICK_HZ, (long long)s->state.steps,
                   sim_units((int64_t)s->state.energy_used));
        break;
    case SIM_EV_LOSE: game_trace(g, "lose %s", sim_lose_name((SimLose)e->a)); break;
    case SIM_EV_RESTART: game_trace(g, "restart"); break;
    case SIM_EV_SENTRY:
        game_trace(g, "sentry %lld %s %d %d", (long long)e->a, sentry_state_name((SentryState)e->b), e->x, e->y);
        break;
    case SIM_EV_ALERT: game_trace(g, "alert %lld %d %d", (long long)e->a, e->x, e->y); break;
    case SIM_EV_LURE: game_trace(g, "lure %d %d", e->x, e->y); break;
    case SIM_EV_NOLURE:
        game_trace(g, "nolure %d %d %s", e->x, e->y, sim_lure_check_name((SimLureCheck)e->a));
        break;
    case SIM_EV_INVESTIGATE: game_trace(g, "sentry %lld investigate %d %d", (long long)e->a, e->x, e->y); break;
    case SIM_EV_NOPATH:
    case SIM_EV_STEP: break;
    }
}

/* The game's answer to one of the sim's events: messages, effects, the clock's marks. */
static void react_event(Game *g, const SimEvent *e)
{
    Sim *s = &g->sim;
    switch (e->type) {
    case SIM_EV_PATH:
        if (e->x != s->state.hold.x || e->y != s->state.hold.y) {
            const TileInfo *k = tile_info(sim_kind(s, s->state.hold.x, s->state.hold.y));
            if (k->cost)
                game_say(g, 4.0, _("That tile is out of reach: the droid goes as close as it can."));
            else
                game_say(g, 4.0, _("%c%s is in the way: the droid goes as close as it can."),
                         (char)toupper((unsigned char)_(k->name)[0]), _(k->name) + 1);
        } else {
            g->message_left = 0;
        }
        break;
    case SIM_EV_NOPATH: game_say(g, 4.0, _("No way there from here.")); break;
    case SIM_EV_ARRIVE: g->noise_since = g->clock; break;
    case SIM_EV_PICKUP:
        g->effects[g->effect_next] = (GameEffect){nav_pos(e->x, e->y), g->clock};
        g->effect_next = (g->effect_next + 1) % GAME_EFFECTS;
        if (s->state.cells_left > 0)
            game_say(g, 3.0, _("Energy cell: %d left."), s->state.cells_left);
        break;
    case SIM_EV_EXIT_OPEN: game_say(g, 5.0, _("All cells collected: the exit is open.")); break;
    case SIM_EV_WIN:
        g->status_since = g->clock;
        g->message_left = 0;
        record_win(g);
        break;
    case SIM_EV_LOSE:
        g->status_since = g->clock;
        g->message_left = 0;
        break;
    case SIM_EV_RESTART:
        g->preview_from = nav_pos(-1, -1);
        game_say(g, 2.0, _("Restarted."));
        break;
    case SIM_EV_ALERT: g->noticed = true; break; /* for this attempt, rewinds or not */
    case SIM_EV_LURE:
        g->lure_at = nav_pos(e->x, e->y);
        g->lure_since = g->clock;
        if (e->a > 0)
            game_say(g, 3.0,
                     ngettext("Lure thrown: %lld sentry is coming to look.",
                              "Lure thrown: %lld sentries are coming to look.", (unsigned long)e->a),
                     (long long)e->a);
        else
            game_say(g, 3.0, _("Lure thrown: no sentry heard it."));
        break;
    case SIM_EV_NOLURE: game_say(g, 3.0, _("No lure: %s."), _(sim_lure_check_words((SimLureCheck)e->a))); break;
    default: break;
    }
}

/* Traces the sim's events, answers them and keeps them for the SDL side (sounds, effects). */
static void absorb_events(Game *g)
{
    Sim *s = &g->sim;
    for (int i = 0; i < s->work.event_count; i++) {
        const SimEvent *e = &s->work.events[i];
        keep_event(g, e);
        trace_event(g, e);
        react_event(g, e);
    }
    sim_clear_events(s);
}

void game_update(Game *g)
{
    double dt = 1.0 / SIM_TICK_HZ;
    g->clock += dt;
    game_load_poll(g);
    game_watch_file(g, dt);
    if (g->message_left > 0)
        g->message_left -= dt;
    bool ticked = !g->editing && !game_paused(g);
    if (ticked) {
        plan_give(g);
        scene_anim_follow(&g->scene_anim, g);
        sim_tick(&g->sim);
        scene_anim_tick(&g->scene_anim, g);
        history_tick(&g->history, &g->sim);
        absorb_events(g);
    } else {
        g->noise_since += dt; /* the last step's ripple stands still too */
        if (!sim_regions_ready(&g->sim)) /* the preview waits for them (game_refresh_preview) */
            sim_regions_prepare(&g->sim, SIM_REGION_TICK_WORK);
    }
    if (!nav_pos_eq(game_plan_origin(g), g->preview_from) || g->preview_steps != g->sim.state.steps)
        game_refresh_preview(g);
    else
        preview_step(g, GAME_PREVIEW_FRAME_WORK);
    if (!g->previewing && g->preview.count > 0 && g->preview_energy != g->sim.state.energy)
        preview_afford(g);
    if (g->aiming && (g->editing || g->sim.state.status != SIM_PLAYING))
        game_aim(g, false);
    lure_preview(g);
    game_window_update(g, GAME_WINDOW_FRAME_WORK);
    /* the prediction is kept current as the sentries move (while paused it stays true) */
    if (ticked && g->predict_wait > 0)
        g->predict_wait--;
    if (!g->predicting && g->predict_wait <= 0)
        start_prediction(g);
    run_prediction(g, GAME_PREDICT_FRAME_WORK, false);
    game_camera_update(g, dt);
    MusicMood mood = mood_of_game(g);
    if (mood != g->mood) {
        g->mood = mood;
        game_trace(g, "music %s", music_mood_name(mood));
    }
}


/* ---- what drawing and sound are given ---- */

const Scene *game_scene(Game *g)
{
    scene_build(&g->scene, &g->scene_anim, g);
    return &g->scene;
}

const Scene *game_scene_last(const Game *g)
{
    return &g->scene;
}

SceneFrame game_scene_frame(const Game *g)
{
    return scene_frame_of(g);
}

void game_scene_cues_played(Game *g)
{
    scene_cues_taken(&g->scene_anim);
}
