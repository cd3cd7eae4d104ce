/* game.h - the game's state and rules, without SDL: the level and its grid,
 * the droid's mover, click-to-move planning, the hover preview, the camera
 * and the trace of events. The SDL side (main.c, render.c) feeds it input
 * and draws it. game_init/game_deinit own everything inside. */
#ifndef ISODROID_GAME_H
#define ISODROID_GAME_H

#include <stdbool.h>
#include <stdio.h>

#include "coord.h"
#include "grid.h"
#include "iso.h"
#include "level.h"
#include "mover.h"
#include "path.h"

enum { GAME_MESSAGE_LEN = 160 };
#define GAME_DROID_SPEED 4.0   /* tiles per second */
#define GAME_ZOOM_MIN 0.25
#define GAME_ZOOM_MAX 3.0

typedef struct TileList {
    TilePos *tiles;
    int count, cap;
} TileList;

typedef struct PlanInfo {
    int steps;
    double length;
    long expanded;
    double micros;
    bool valid;
} PlanInfo;

typedef struct Game {
    char path[512];        /* the level file */
    Level level;
    Grid grid;
    PathState *search;
    Mover droid;
    bool walking;          /* animating a walk (for the sprite) */
    double walk_time;

    TileList route;        /* the active path, start excluded; route_done of it walked */
    int route_done;
    TileList preview;      /* what a click on the hovered tile would walk */
    bool has_target;
    TilePos target;        /* fixed at click time */
    PlanInfo plan;

    bool hover_valid;
    TilePos hover;
    TilePos preview_from;  /* plan tile the preview was made from */

    IsoView view;
    bool follow;           /* camera follows the droid */
    int screen_w, screen_h;

    bool show_minimap, show_help;
    char message[GAME_MESSAGE_LEN];
    double message_left;   /* seconds */
    double clock;          /* seconds of game time */

    FILE *trace;           /* --trace: one event a line, or NULL */
} Game;

/* Loads the level at path; on failure writes every problem into d and
 * leaves g zeroed. */
bool game_init(Game *g, const char *path, int screen_w, int screen_h, Diags *d);
void game_deinit(Game *g);

/* Plans from the droid to tile t and walks there (to the nearest reachable
 * tile when t is blocked or cut off). Traces "click X Y" and "path STEPS LENGTH". */
void game_click_tile(Game *g, TilePos t);
/* The tile under a screen point; false off the level. */
bool game_pick(const Game *g, ScreenPos s, TilePos *out);
/* Hover over a screen point (or nothing): updates the preview; traces "hover X Y". */
void game_hover(Game *g, bool valid, TilePos t);
/* Advances the droid and timers by dt seconds; traces "arrive X Y" / "idle X Y". */
void game_update(Game *g, double dt);

/* Camera. */
void game_resize(Game *g, int w, int h);
void game_center_on_droid(Game *g);
void game_pan(Game *g, double dx, double dy);      /* screen pixels; stops following */
void game_zoom_at(Game *g, ScreenPos anchor, double factor);
void game_toggle_follow(Game *g);

void game_say(Game *g, double seconds, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
