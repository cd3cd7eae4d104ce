/* SPDX-License-Identifier: MIT */
/* render.h - draws the game's Scene (scene.h) with an SDL_Renderer: the world (walls lowered
 * around what the player must see), the minimap, the HUD, help, the editor's
 * palette, questions and the result, laid out from the window's size.
 * render_create keeps scaled sprites, a text cache, cached blocks of the
 * world and the minimap image; it borrows the SDL renderer and the assets,
 * which must outlive it, and sets the assets' font sizes to the window's. */
#ifndef ISODROID_RENDER_H
#define ISODROID_RENDER_H

#include <SDL.h>

#include "assets.h"
#include "front.h"
#include "game.h"
#include "settings.h"
#include "shell.h"

typedef struct Renderer Renderer;

/* What the SDL side shows besides the game: the frame rate (F3) and the
 * pause panel (Esc) or the quit question (MenuKind, shell.h), with its
 * highlighted item; the shell, whose mode stack says what is open. */
typedef struct HudStats {
    double fps;
    bool debug;        /* F3: the frame rate in the HUD */
    MenuKind menu;
    int menu_sel;      /* the highlighted item */
    const Front *front; /* the title, level select, settings or ending over the level (FRONT_PLAY: none) */
    bool campaign;      /* started from the title: the pause panel's Quit goes back to it */
    const Settings *settings; /* what the settings screen shows */
    const char *settings_path; /* where they are kept (NULL: nowhere) */
    const Shell *shell; /* what is open, drawn bottom up (shell_is_open, shell_top) */
} HudStats;

Renderer *render_create(SDL_Renderer *sdl, Assets *assets);
void render_destroy(Renderer *r); /* accepts NULL */
/* Draws the frame's scene (game_scene): the renderer reads nothing else of
 * the game. The hit tests below take the Game, and read the scene it last
 * built (game_scene_last) with its window as it is now (game_scene_frame). */
void render_frame(Renderer *r, const Scene *sc, const HudStats *hs);
/* Where the minimap sits on screen (from g's window size), and the tile under a point of it. */
SDL_Rect render_minimap_rect(const Game *g);
bool render_minimap_pick(const Game *g, int px, int py, NavPos *out);
/* In edit mode, true when a point is on the palette, with the glyph under it
 * (or the current brush on the panel's margin). */
bool render_palette_pick(const Game *g, int px, int py, char *glyph);
/* The answer (GameAnswer) of the unsaved-edits question's button under a
 * point, or -1 (none, or no question asked). */
int render_question_pick(Renderer *r, const Game *g, int px, int py);
/* The item of the open panel (hs->menu) under a point, or -1. */
int render_menu_pick(const Game *g, const HudStats *hs, int px, int py);
/* The title's item or the level select's level under a point, or -1. */
int render_front_pick(const Game *g, const Front *f, int px, int py);
/* On a row of the settings or the generated levels' screen whose value has
 * arrows (a volume, the text size, the difficulty): -1 when the point is on
 * its left arrow, +1 on its right one, else 0. Measures the value's text. */
/* On a list's "more" mark (the level select's, the keys'): the row to
 * highlight, half a list's height past the rows shown; else -1. */
int render_front_more(const Game *g, const Front *f, int px, int py);
int render_front_arrow(Renderer *r, const Game *g, const HudStats *hs, int px, int py);

/* The help (H) as laid out for g's window and text size: it is paged, so
 * that every row is shown whole at any size. pages >= 1; page is
 * the scene's help_page clamped to them; cut counts the rows that do not fit whole
 * even on a page of their own (0 but in a window too small to read).
 * Costs a layout of the help's text (its widths); draws nothing. */
typedef struct HelpInfo {
    int pages, page, cut;
} HelpInfo;
HelpInfo render_help_info(Renderer *r, const Game *g, const HudStats *hs);
/* What a click at a point of the open help does: -1 the page before (its
 * arrow), +1 the page after, 0 anything else (closes it). */
int render_help_pick(Renderer *r, const Game *g, const HudStats *hs, int px, int py);

#endif
