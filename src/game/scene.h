/* SPDX-License-Identifier: MIT */
/* scene.h - what drawing and sound are given of the game each frame: a
 * read-only Scene built by the game (game_scene, game.h) from its play and
 * its view, and the scene's own animation state (SceneAnim: doors' open
 * amounts, how far each mover has walked, the droid's walk key, the sound
 * cues of the events since the sound last looked) and its change journal
 * (the tiles whose look changed since a generation), which the game keeps
 * up as it ticks. The rules know nothing of either: the animation follows
 * the play and snaps to it after a rewind, a restart or a new level.
 *
 * Costs: a build copies the actors (O(sentries)) and looks at the tiles
 * play can change (the cells taken, the doors open or moving, the exit) and
 * those edited since the last build; a new level copies its tile kinds
 * once. A tick's animation is O(movers + doors in motion + events).
 *
 * Ownership and lifetimes: the Scene and its arrays belong to the Game
 * (scene_init / scene_deinit); a Scene's pointers (tiles, walks, patrols,
 * the grid) point into the game and stay valid until the next game_* call
 * that changes the game. Drawing and sound read only this and the scene_*
 * queries below; only scene.c reads the Sim and the Game. */
#ifndef ISODROID_SCENE_H
#define ISODROID_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "coord.h"
#include "grid.h"
#include "iso.h"
#include "level.h"
#include "mover.h"
#include "music.h"
#include "orders.h"
#include "predict.h"
#include "progress.h"
#include "sentry.h"
#include "sim.h"
#include "synth.h"
#include "window.h"

struct Game;

enum {
    SCENE_JOURNAL = 4096, /* tile changes remembered; a view further behind draws every tile again */
    SCENE_CUES = 64,      /* sound cues kept between two looks of the sound */
    SCENE_EFFECTS = 16,   /* sparkles (cells picked up) */
    SCENE_DOOR_TICKS = 12, /* ticks a door takes from shut to open, or back */
};

/* A sound to play, decided by the game from the play's events. */
typedef SoundId SceneCue;

/* A sparkle where a cell was picked up, and when (Scene.clock). */
typedef struct SceneEffect {
    NavPos at;
    double start;
} SceneEffect;

/* Something that moves between tiles: where it is (tile centres at +0.5),
 * the tile it stands on and the one it enters, its facing, and the
 * distance it has walked (the walk's animation frame). */
typedef struct SceneActor {
    WorldPos pos;
    NavPos tile, next;
    bool moving;
    Dir8 facing;
    double walked;
} SceneActor;

typedef struct SceneSentry {
    SceneActor body;
    SentryState state;
    bool alert_heard;        /* its last alert came from hearing (else from sight) */
    const NavPos *patrol;    /* its waypoints, post first (patrol_count 0: none) */
    int patrol_count;
} SceneSentry;

/* The window and the view: what the layout and the pickers need, cheap to
 * take by value at any time (game_scene_frame). */
typedef struct SceneFrame {
    int screen_w, screen_h;
    int text_size;           /* percent (0: 100) */
    IsoView view;
    bool show_minimap, show_cones, walls_down; /* (the help is the shell's: shell_is_open) */
    int help_page;
    bool editing, aiming;
    int ask;                 /* GameAsk */
    char brush;
    bool campaign;           /* the folder is played as a campaign */
    int w, h;                /* the level's size */
} SceneFrame;

/* The tiles changed since a generation (scene_journal_*). */
typedef struct SceneJournal {
    uint64_t gen;            /* changes so far: the next one gets this number */
    uint64_t floor;          /* changes before it are not known (a new level, an overflow) */
    NavPos tile[SCENE_JOURNAL];
} SceneJournal;

/* The scene's animation state and bookkeeping, kept by the game
 * (scene_anim_tick after each tick, scene_build each frame); private to
 * scene.c. Owned arrays, freed by scene_deinit. */
typedef struct SceneAnim {
    int32_t *door;           /* per door of the Sim: 0 shut .. SCENE_DOOR_TICKS open */
    int *door_moving;        /* the doors not at rest */
    int door_count, door_moving_count, door_cap;
    double *walked;          /* per mover: the droid, then each sentry */
    WorldPos *was;           /* and where it was at the last tick */
    NavPos *was_next;
    bool *was_moving;
    int mover_count, mover_cap;
    uint64_t walk_key;       /* the droid's walk: changes with each walk planned */
    uint64_t tick;           /* the play's tick the animation is at */
    uint64_t level;          /* the level (Game.level_loads + 1) it is for; 0: none */
    /* the journal's bookkeeping: the look of every tile as last journaled */
    uint8_t *look;
    int look_w, look_h;
    NavPos *watch;           /* tiles whose look play can change, as of the last build */
    int watch_count, watch_cap;
    unsigned edit_serial;    /* Game.edit_serial looked at */
    SceneJournal journal;
    SceneCue cue[SCENE_CUES];
    int cue_count;
} SceneAnim;

typedef struct Scene {
    SceneFrame frame;
    double clock;            /* seconds of game time */
    /* the level: its tile kinds as placed (w*h TileKind: a cell taken is
     * still a cell here, scene_kind says how a tile stands), step costs */
    const uint8_t *level_kind;
    const NavGrid *grid;
    NavPos start;            /* the level's droid start */
    const char *level_name;
    LevelArea area;          /* the level's tile set (level.h) */
    double level_energy;     /* the level's energy (units; 0: unlimited) */
    /* the actors */
    SceneActor droid;
    NavPos plan_tile;        /* where a walk given now starts from */
    const SceneSentry *sentries;
    int sentry_count, sentries_alerted;
    int catcher;             /* the sentry that caught the droid, or -1 */
    /* the droid's walk: walk_left tiles (scene_walk_tile), walk_key changes with it */
    int walk_left;
    uint64_t walk_key;
    const NavPos *walk_queue; /* the queued part (after the tile entered): walk_queue_len */
    int walk_queue_len, walk_queue_head;
    bool has_destination;
    NavPos destination;
    /* the state of play, as the HUD shows it */
    SimStatus status;
    SimLose lose;
    bool limited, exit_open, has_exit;
    NavPos exit;
    int cells_total, cells_left;
    int64_t energy, energy_used, steps;
    uint64_t play_ticks;
    bool started;
    double status_since, noise_since, lure_since;
    NavPos lure_at;
    /* the hover and what it previews */
    bool hover_valid;
    NavPos hover;
    const NavPos *preview; /* the walk a click would take */
    int preview_count, preview_afford;
    unsigned preview_serial;
    NavPos preview_from;
    double preview_cost;
    int64_t preview_left, preview_gain;
    Prediction predict;
    Window window;           /* the departure window of the prediction's plan */
    int predict_step;
    bool prediction_shown;   /* the prediction speaks of the hovered walk, on a level with sentries */
    SimLureCheck lure_check;
    const bool *lure_pulled; /* lure_pulled_cap entries, one a sentry */
    int lure_pulled_cap, lure_pull_count;
    /* the plan being built */
    const Orders *plan;
    const NavPos *plan_tiles;
    int plan_tile_count;
    double plan_cost;
    /* the game around the play */
    const SceneEffect *effects;
    unsigned pause;
    int rewinds;
    bool new_best, path_shipped, unseen, dirty, paused;
    double par_energy;
    const char *message;
    double message_left;
    const char *file_error;
    const char *path;
    const char *progress_path;
    int undo_count, redo_count;
    unsigned level_version;
    MusicMood mood;          /* what the music says of the play (mood.h) */
    /* the sounds of the frame (scene_cues) and the journal */
    const SceneCue *cues;
    int cue_count;
    const SceneJournal *journal;
    /* private: only scene.c reads them */
    const struct Game *game_;
    SceneSentry *sentry_buf_;
    SceneEffect effect_buf_[SCENE_EFFECTS];
    int sentry_cap_;
} Scene;

void scene_init(Scene *sc, SceneAnim *a);
void scene_deinit(Scene *sc, SceneAnim *a);

/* ---- kept by the game (game.c) ---- */
/* After each tick of play: the doors' open amounts, the distances walked
 * and the walk key, from the Sim and its events of the tick;
 * the sound cues of those events. A rewind, a restart or a new level
 * snaps the animation to the play. */
void scene_anim_tick(SceneAnim *a, const struct Game *g);
/* Before a tick: the animation snapped to the play if it is not the one it
 * followed (a new level, a rewind, a restart), so the tick's walking counts. */
void scene_anim_follow(SceneAnim *a, const struct Game *g);
/* The events of a command given between ticks (a walk planned, a lure). */
void scene_anim_events(SceneAnim *a, const struct Game *g);
/* This frame's scene of g: the journal brought up to date (cost: the tiles
 * play can change, the edits since the last build; a new level looks at
 * every tile once), the actors and the HUD's figures copied. */
void scene_build(Scene *sc, SceneAnim *a, const struct Game *g);
/* The window's part of it, by value (no allocation). */
SceneFrame scene_frame_of(const struct Game *g);
/* The sound cues played (or dropped: a rewind, a new level, a replay with
 * no one to hear them): the list starts anew. */
void scene_cues_taken(SceneAnim *a);

/* ---- read by drawing ---- */
/* The tile as it stands (a cell taken is floor); TILE_VOID outside. */
TileKind scene_kind(const Scene *sc, int x, int y);
/* The i-th tile the droid still walks (0: the one it enters), i < walk_left. */
NavPos scene_walk_tile(const Scene *sc, int i);
/* A door's frame: 0 shut .. frames - 1 open (0 when t is no door). */
int scene_door_frame(const Scene *sc, NavPos t, int frames);
/* Does the tile block sight (walls, void, closed doors)? */
bool scene_opaque(const Scene *sc, int x, int y);
/* Does sentry id see tile t now? (For the cones: costs a line of sight.) */
bool scene_sentry_sees(const Scene *sc, int id, NavPos t);
/* Would a sentry on t hear the droid's step now? */
bool scene_hears_at(const Scene *sc, NavPos t);
/* The level's "Level N of M" or the like (game_level_label). */
void scene_level_label(const Scene *sc, char *out, size_t n);
/* The level loading in the background, and how far (game_loading). */
bool scene_loading(const Scene *sc, const char **path, double *progress);
/* The best recorded for this level (progress_get; costs a hash of the
 * level's tiles): NULL when none. */
const ProgressEntry *scene_best(const Scene *sc);

/* The journal: the changes a view has not seen (from its generation
 * `since`): false when they are lost (draw everything again); else
 * scene_journal_tile(sc, k) for k in [since, sc->journal->gen). */
static inline bool scene_journal_known(const Scene *sc, uint64_t since)
{
    return since >= sc->journal->floor && since <= sc->journal->gen && sc->journal->gen - since <= SCENE_JOURNAL;
}
static inline NavPos scene_journal_tile(const Scene *sc, uint64_t k)
{
    return sc->journal->tile[k % SCENE_JOURNAL];
}

#endif
