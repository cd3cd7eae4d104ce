/* SPDX-License-Identifier: MIT */
/* scene.c - the scene drawing and sound read (scene.h): its animation
 * state kept tick by tick, its change journal, and the frame's copy of the
 * play. The one file of the drawing side that reads the Sim and the Game. */
#include "scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "i18n.h"
#include "game.h"
#include "hash.h"

void scene_init(Scene *sc, SceneAnim *a)
{
    memset(sc, 0, sizeof *sc);
    memset(a, 0, sizeof *a);
    sc->catcher = -1;
}

void scene_deinit(Scene *sc, SceneAnim *a)
{
    free(sc->sentry_buf_);
    free(a->door);
    free(a->door_moving);
    free(a->walked);
    free(a->was);
    free(a->was_next);
    free(a->was_moving);
    free(a->look);
    free(a->watch);
    memset(sc, 0, sizeof *sc);
    memset(a, 0, sizeof *a);
}

/* ---- the animation: doors, distances walked, alerts ------------------------------ */

static const Mover *mover_of(const Sim *s, int i)
{
    return i == 0 ? &s->state.droid : &s->state.sentries.list[i - 1].mover;
}

/* The mover's place now: its last tile centre, or part way to the next. */
static WorldPos mover_place_now(const Mover *m)
{
    WorldPos a = iso_tile_center(m->tile);
    if (!m->moving || m->need == 0)
        return a;
    WorldPos b = iso_tile_center(m->next);
    double t = (double)m->done / (double)m->need;
    return (WorldPos){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}

static double distance(WorldPos a, WorldPos b)
{
    return hypot(b.x - a.x, b.y - a.y);
}

/* Everything as the play stands: doors at rest, distances kept (a new
 * level: from 0). False when out of memory (then the
 * animation shows doors shut and nothing walked). */
static bool anim_snap(SceneAnim *a, const Sim *s, bool new_level)
{
    int doors = s->state.door_count, movers = 1 + s->state.sentries.count;
    if (doors > a->door_cap) {
        int32_t *d = realloc(a->door, (size_t)doors * sizeof *d);
        if (d)
            a->door = d;
        int *m = d ? realloc(a->door_moving, (size_t)doors * sizeof *m) : NULL;
        if (m)
            a->door_moving = m;
        if (!d || !m) {
            a->door_count = a->door_moving_count = 0;
            return false;
        }
        a->door_cap = doors;
    }
    a->door_count = doors;
    a->door_moving_count = 0;
    for (int i = 0; i < doors; i++)
        a->door[i] = s->state.doors[i].open ? SCENE_DOOR_TICKS : 0;
    if (movers > a->mover_cap) {
        size_t n = (size_t)movers;
        double *w = realloc(a->walked, n * sizeof *w);
        if (w)
            a->walked = w;
        WorldPos *p = w ? realloc(a->was, n * sizeof *p) : NULL;
        if (p)
            a->was = p;
        NavPos *nx = p ? realloc(a->was_next, n * sizeof *nx) : NULL;
        if (nx)
            a->was_next = nx;
        bool *mv = nx ? realloc(a->was_moving, n * sizeof *mv) : NULL;
        if (mv)
            a->was_moving = mv;
        if (!mv) {
            a->mover_count = 0;
            return false;
        }
        for (int i = a->mover_cap; i < movers; i++)
            a->walked[i] = 0;
        a->mover_cap = movers;
    }
    if (new_level || movers != a->mover_count)
        for (int i = 0; i < movers; i++)
            a->walked[i] = 0;
    a->mover_count = movers;
    for (int i = 0; i < movers; i++) {
        const Mover *m = mover_of(s, i);
        a->was[i] = mover_place_now(m);
        a->was_next[i] = m->next;
        a->was_moving[i] = m->moving;
    }
    a->walk_key++;
    a->tick = s->state.tick;
    return true;
}

static void door_moves(SceneAnim *a, int i)
{
    for (int k = 0; k < a->door_moving_count; k++)
        if (a->door_moving[k] == i)
            return;
    a->door_moving[a->door_moving_count++] = i;
}

/* One tick of the doors: each one not at rest a frame nearer to open or shut. */
static void anim_doors(SceneAnim *a, const Sim *s)
{
    int kept = 0;
    for (int k = 0; k < a->door_moving_count; k++) {
        int i = a->door_moving[k];
        bool open = s->state.doors[i].open;
        if (open && a->door[i] < SCENE_DOOR_TICKS)
            a->door[i]++;
        else if (!open && a->door[i] > 0)
            a->door[i]--;
        if (a->door[i] != (open ? SCENE_DOOR_TICKS : 0))
            a->door_moving[kept++] = i;
    }
    a->door_moving_count = kept;
}

/* One tick of walking: the path's length since the last tick (through the
 * tile centre it passed, if any). */
static void anim_walk(SceneAnim *a, const Sim *s)
{
    for (int i = 0; i < a->mover_count; i++) {
        const Mover *m = mover_of(s, i);
        WorldPos now = mover_place_now(m);
        bool passed = a->was_moving[i] && nav_pos_eq(m->tile, a->was_next[i]); /* reached the tile it entered */
        if (passed) {
            WorldPos c = iso_tile_center(a->was_next[i]);
            a->walked[i] += distance(a->was[i], c) + distance(c, now);
        } else {
            a->walked[i] += distance(a->was[i], now);
        }
        a->was[i] = now;
        a->was_next[i] = m->next;
        a->was_moving[i] = m->moving;
    }
}

static void cue(SceneAnim *a, SceneCue c)
{
    if (a->cue_count < SCENE_CUES)
        a->cue[a->cue_count++] = c;
}

/* What the tick's events change of the animation, and the sounds they make. */
static void anim_events(SceneAnim *a, const Sim *s)
{
    for (int i = 0; i < s->work.event_count; i++) {
        const SimEvent *e = &s->work.events[i];
        switch (e->type) {
        case SIM_EV_DOOR: {
            const SimDoor *d = sim_door_at(s, e->x, e->y);
            if (d && d - s->state.doors < a->door_count)
                door_moves(a, (int)(d - s->state.doors));
            cue(a, e->a ? SOUND_DOOR_OPEN : SOUND_DOOR_CLOSE);
            break;
        }
        case SIM_EV_PATH: a->walk_key++; break;
        case SIM_EV_ALERT: cue(a, SOUND_ALERT); break;
        case SIM_EV_STEP:
            cue(a, e->a == TILE_ROUGH ? SOUND_STEP_ROUGH : e->a == TILE_DOOR ? SOUND_STEP_DOOR : SOUND_STEP_FLOOR);
            break;
        case SIM_EV_PICKUP: cue(a, SOUND_PICKUP); break;
        case SIM_EV_EXIT_OPEN: cue(a, SOUND_EXIT_OPEN); break;
        case SIM_EV_WIN: cue(a, SOUND_WIN); break;
        case SIM_EV_LOSE: cue(a, SOUND_LOSE); break;
        case SIM_EV_BUMP: cue(a, SOUND_BUMP); break;
        case SIM_EV_RESTART: a->walk_key++; break;
        default: break;
        }
    }
}

/* The animation is for this play, one tick on from the last: else it snaps. */
static bool anim_current(SceneAnim *a, const Game *g)
{
    const Sim *s = &g->sim;
    uint64_t level = (uint64_t)g->level_loads + 1;
    if (a->level != level || a->door_count != s->state.door_count || a->mover_count != 1 + s->state.sentries.count ||
        s->state.tick < a->tick || s->state.tick > a->tick + 1) {
        bool new_level = a->level != level;
        a->level = level;
        anim_snap(a, s, new_level);
        return false;
    }
    return true;
}

void scene_anim_tick(SceneAnim *a, const Game *g)
{
    const Sim *s = &g->sim;
    bool current = anim_current(a, g);
    anim_events(a, s); /* after a snap the sounds still play */
    if (!current)
        return;
    anim_doors(a, s);
    anim_walk(a, s);
    a->tick = s->state.tick;
}

void scene_anim_follow(SceneAnim *a, const Game *g)
{
    anim_current(a, g);
}

void scene_anim_events(SceneAnim *a, const Game *g)
{
    anim_events(a, &g->sim);
}

void scene_cues_taken(SceneAnim *a)
{
    a->cue_count = 0;
}

/* ---- the journal: the tiles whose look changed ----------------------------------------- */

/* How a tile looks: its kind, a door's open amount, whether the exit is open. */
static uint8_t tile_look(const SceneAnim *a, const Sim *s, int x, int y)
{
    TileKind k = sim_kind(s, x, y);
    if (k == TILE_DOOR) {
        const SimDoor *d = sim_door_at(s, x, y);
        int i = d ? (int)(d - s->state.doors) : -1;
        return (uint8_t)(k | (i >= 0 && i < a->door_count ? a->door[i] : 0) << 4);
    }
    if (k == TILE_EXIT)
        return (uint8_t)(k | (s->state.exit_open ? 0x80 : 0));
    return (uint8_t)k;
}

static void journal_push(SceneJournal *j, NavPos t)
{
    j->tile[j->gen % SCENE_JOURNAL] = t;
    j->gen++;
    if (j->gen - j->floor > SCENE_JOURNAL)
        j->floor = j->gen - SCENE_JOURNAL;
}

static void look_set(SceneAnim *a, const Sim *s, NavPos t)
{
    if (t.x >= 0 && t.y >= 0 && t.x < a->look_w && t.y < a->look_h)
        a->look[(size_t)t.y * (size_t)a->look_w + (size_t)t.x] = tile_look(a, s, t.x, t.y);
}

static void look_check(SceneAnim *a, const Sim *s, NavPos t)
{
    if (t.x < 0 || t.y < 0 || t.x >= a->look_w || t.y >= a->look_h)
        return;
    uint8_t *at = &a->look[(size_t)t.y * (size_t)a->look_w + (size_t)t.x];
    uint8_t lk = tile_look(a, s, t.x, t.y);
    if (*at != lk) {
        *at = lk;
        journal_push(&a->journal, t);
    }
}

static void watch_add(SceneAnim *a, NavPos t)
{
    if (buf_grow_int(&a->watch, &a->watch_cap, sizeof *a->watch, (size_t)a->watch_count + 1, 64))
        a->watch[a->watch_count++] = t;
}

/* Every tile looked at anew: the views draw everything again. */
static void journal_restart(SceneAnim *a, const Game *g)
{
    const Sim *s = &g->sim;
    const SimTerrain *t = s->terrain;
    if (!a->look || a->look_w != t->w || a->look_h != t->h) {
        free(a->look);
        a->look = malloc((size_t)t->w * (size_t)t->h);
        a->look_w = a->look ? t->w : 0;
        a->look_h = a->look ? t->h : 0;
    }
    a->journal.gen++; /* a generation of its own: every view read up to before it lost track */
    a->journal.floor = a->journal.gen;
    a->watch_count = 0;
    if (!a->look) /* out of memory: journal_update loses track every frame */
        return;
    memcpy(a->look, t->kind, (size_t)t->w * (size_t)t->h); /* a kind is its look ... */
    for (int i = 0; i < s->state.taken_count; i++)        /* ... but a cell taken's, a door's, the exit's */
        look_set(a, s, t->cells[s->state.taken[i]]);
    for (int i = 0; i < t->door_count; i++)
        look_set(a, s, t->doors[i]);
    if (t->has_exit)
        look_set(a, s, t->exit);
}

/* The journal brought up to the play: the tiles edited since the last
 * build, and those play can change (cells taken, doors open or moving, the
 * exit) now and at the last build (so that one put back is seen too). */
static void journal_update(SceneAnim *a, const Game *g, bool new_level)
{
    const Sim *s = &g->sim;
    unsigned edits = g->edit_serial - a->edit_serial;
    const SimTerrain *t = s->terrain;
    if (new_level || !a->look || a->look_w != t->w || a->look_h != t->h || edits > GAME_EDIT_RING) {
        journal_restart(a, g);
    } else {
        for (unsigned k = a->edit_serial; k != g->edit_serial; k++)
            look_check(a, s, g->edit_ring[k % GAME_EDIT_RING]);
        for (int i = 0; i < a->watch_count; i++)
            look_check(a, s, a->watch[i]);
    }
    a->edit_serial = g->edit_serial;
    a->watch_count = 0;
    const SimState *st = &s->state;
    for (int i = 0; i < st->taken_count; i++)
        if (st->taken[i] >= 0 && st->taken[i] < t->cell_count)
            watch_add(a, t->cells[st->taken[i]]);
    for (int k = 0; k < st->door_active_count + st->door_entered; k++)
        if (st->door_active[k] < t->door_count)
            watch_add(a, t->doors[st->door_active[k]]);
    for (int k = 0; k < a->door_moving_count; k++)
        if (a->door_moving[k] < t->door_count)
            watch_add(a, t->doors[a->door_moving[k]]);
    if (t->has_exit)
        watch_add(a, t->exit);
    for (int i = 0; i < a->watch_count; i++)
        look_check(a, s, a->watch[i]);
}

/* ---- the frame's scene ------------------------------------------------------------------- */

SceneFrame scene_frame_of(const Game *g)
{
    return (SceneFrame){
        .screen_w = g->screen_w,
        .screen_h = g->screen_h,
        .text_size = g->text_size,
        .view = g->view,
        .show_minimap = g->show_minimap,
        .show_cones = g->show_cones,
        .walls_down = g->walls_down,
        .help_page = g->help_page,
        .editing = g->editing,
        .aiming = g->aiming,
        .ask = (int)g->ask,
        .brush = g->brush,
        .campaign = g->campaign,
        .w = g->sim.terrain ? g->sim.terrain->w : 0,
        .h = g->sim.terrain ? g->sim.terrain->h : 0,
    };
}

static SceneActor actor_of(const SceneAnim *a, const Mover *m, int i)
{
    return (SceneActor){mover_place_now(m), m->tile, m->next, m->moving, m->facing,
                        i < a->mover_count ? a->walked[i] : 0};
}

/* The sentries as drawn; false when out of memory (none are then). */
static bool build_sentries(Scene *sc, const SceneAnim *a, const Sim *s)
{
    const Sentries *ss = &s->state.sentries;
    if (ss->count > sc->sentry_cap_) {
        SceneSentry *b = realloc(sc->sentry_buf_, (size_t)ss->count * sizeof *b);
        if (!b) {
            sc->sentry_count = 0;
            return false;
        }
        sc->sentry_buf_ = b;
        sc->sentry_cap_ = ss->count;
    }
    for (int i = 0; i < ss->count; i++) {
        const Sentry *e = &ss->list[i];
        sc->sentry_buf_[i] = (SceneSentry){actor_of(a, &e->mover, i + 1), e->state, e->alert_heard,
                                           ss->points + e->patrol_first, e->patrol_count};
    }
    sc->sentries = sc->sentry_buf_;
    sc->sentry_count = ss->count;
    sc->sentries_alerted = ss->alerted;
    return true;
}

static void build_play(Scene *sc, const SceneAnim *a, const Game *g)
{
    const Sim *s = &g->sim;
    const SimState *st = &s->state;
    const SimTerrain *t = s->terrain;
    sc->level_kind = t->kind;
    sc->grid = &t->grid;
    sc->start = g->level.start;
    sc->level_name = level_name_in(&g->level, i18n_language());
    sc->area = g->level.area;
    sc->level_energy = g->level.energy;
    sc->droid = actor_of(a, &st->droid, 0);
    sc->plan_tile = mover_plan_tile(&st->droid);
    build_sentries(sc, a, s);
    sc->catcher = st->status == SIM_LOST && st->lose == SIM_LOSE_CAUGHT ? st->caught_by : -1;
    sc->walk_left = mover_remaining(&st->droid);
    /* a walk planned, or one of another length or ends: another key */
    const Mover *d = &st->droid;
    uint64_t key = HASH_BASIS;
    hash_u64(&key, a->walk_key);
    hash_u64(&key, (uint64_t)d->queue_len);
    if (d->queue_len > 0) {
        hash_tile(&key, d->queue[0]);
        hash_tile(&key, d->queue[d->queue_len - 1]);
    }
    sc->walk_key = key;
    sc->walk_queue = d->queue;
    sc->walk_queue_len = d->queue_len;
    sc->walk_queue_head = d->queue_head;
    sc->has_destination = st->has_target && sc->walk_left > 0;
    sc->destination = st->target;
    sc->status = st->status;
    sc->lose = st->lose;
    sc->limited = st->limited;
    sc->exit_open = st->exit_open;
    sc->has_exit = t->has_exit;
    sc->exit = t->exit;
    sc->cells_total = t->cells_total;
    sc->cells_left = st->cells_left;
    sc->energy = st->energy;
    sc->energy_used = (int64_t)st->energy_used;
    sc->steps = (int64_t)st->steps;
    sc->play_ticks = st->play_ticks;
    sc->started = st->started;
}

static void build_hover(Scene *sc, const Game *g)
{
    sc->hover_valid = g->hover_valid;
    sc->hover = g->hover;
    sc->preview = g->preview.tiles;
    sc->preview_count = g->preview.count;
    sc->preview_afford = g->preview_afford;
    sc->preview_serial = g->preview_serial;
    sc->preview_from = g->preview_from;
    sc->preview_cost = g->preview_cost;
    sc->preview_left = g->preview_left;
    sc->preview_gain = g->preview_gain;
    sc->predict = g->predict;
    sc->window = g->window;
    sc->predict_step = g->predict_step;
    const Prediction *p = &g->predict;
    sc->prediction_shown = g->hover_valid && !g->editing && g->preview.count > 0 && g->sim.state.sentries.count > 0 &&
                           g->sim.state.status == SIM_PLAYING && nav_pos_eq(p->goal, g->hover) &&
                           (p->outcome == PREDICT_SEEN || p->outcome == PREDICT_UNSEEN || p->outcome == PREDICT_CUT);
    sc->lure_check = g->lure_check;
    sc->lure_pulled = g->lure_pulled;
    sc->lure_pulled_cap = g->lure_pulled_cap;
    sc->lure_pull_count = g->lure_pull_count;
    sc->lure_at = g->lure_at;
    sc->lure_since = g->lure_since;
    sc->plan = &g->plan;
    sc->plan_tiles = g->plan_tiles.tiles;
    sc->plan_tile_count = g->plan_tiles.count;
    sc->plan_cost = g->plan_cost;
}

static void build_around(Scene *sc, const SceneAnim *a, const Game *g)
{
    sc->clock = g->clock;
    sc->status_since = g->status_since;
    sc->noise_since = g->noise_since;
    for (int i = 0; i < SCENE_EFFECTS && i < GAME_EFFECTS; i++)
        sc->effect_buf_[i] = (SceneEffect){g->effects[i].at, g->effects[i].start};
    sc->effects = sc->effect_buf_;
    sc->pause = g->pause;
    sc->paused = game_paused(g);
    sc->rewinds = g->rewinds;
    sc->new_best = g->new_best;
    sc->path_shipped = g->path_shipped;
    sc->unseen = game_unseen(g);
    sc->dirty = game_dirty(g);
    sc->par_energy = g->par_energy;
    sc->message = g->message;
    sc->message_left = g->message_left;
    sc->file_error = g->file_error;
    sc->path = g->path;
    sc->progress_path = g->progress.path;
    sc->undo_count = edit_undo_count(&g->edits);
    sc->redo_count = edit_redo_count(&g->edits);
    sc->level_version = g->level_version;
    sc->mood = g->mood;
    sc->cues = a->cue;
    sc->cue_count = a->cue_count;
    sc->journal = &a->journal;
}

void scene_build(Scene *sc, SceneAnim *a, const Game *g)
{
    uint64_t was_level = a->level;
    anim_current(a, g);
    journal_update(a, g, a->level != was_level);
    sc->game_ = g;
    sc->frame = scene_frame_of(g);
    build_play(sc, a, g);
    build_hover(sc, g);
    build_around(sc, a, g);
}

/* ---- queries -------------------------------------------------------------------------------- */

TileKind scene_kind(const Scene *sc, int x, int y)
{
    return sim_kind(&sc->game_->sim, x, y);
}

NavPos scene_walk_tile(const Scene *sc, int i)
{
    if (sc->droid.moving) {
        if (i == 0)
            return sc->droid.next;
        i--;
    }
    return sc->walk_queue[sc->walk_queue_head + i];
}

int scene_door_frame(const Scene *sc, NavPos t, int frames)
{
    const Sim *s = &sc->game_->sim;
    const SimDoor *d = sim_door_at(s, t.x, t.y);
    const SceneAnim *a = &sc->game_->scene_anim;
    int i = d ? (int)(d - s->state.doors) : -1;
    int anim = i >= 0 && i < a->door_count ? a->door[i] : 0;
    return (anim * (frames - 1) + SCENE_DOOR_TICKS / 2) / SCENE_DOOR_TICKS;
}

bool scene_opaque(const Scene *sc, int x, int y)
{
    return sim_opaque(&sc->game_->sim, x, y);
}

bool scene_sentry_sees(const Scene *sc, int id, NavPos t)
{
    return sim_sentry_sees(&sc->game_->sim, id, t);
}

bool scene_hears_at(const Scene *sc, NavPos t)
{
    return sim_hears_at(&sc->game_->sim, t);
}

void scene_level_label(const Scene *sc, char *out, size_t n)
{
    game_level_label(sc->game_, out, n);
}

bool scene_loading(const Scene *sc, const char **path, double *progress)
{
    return game_loading(sc->game_, path, progress);
}

const ProgressEntry *scene_best(const Scene *sc)
{
    const Game *g = sc->game_;
    return progress_get(&g->progress, level_content_hash(&g->level), g->path);
}
