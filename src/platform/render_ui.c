/* SPDX-License-Identifier: MIT */
/* render_ui.c - everything drawn over the world, laid out from the window's
 * size: the HUD (render_hud.c), banners, the pause banner, the message bar (kept off the droid and the
 * destination), the help (render_help.c), the editor's palette, the
 * unsaved-edits question, the pause panel and the quit question, and the
 * won / lost panel (kept off the droid and the sentry that caught it).
 * Decides nothing. */
#include "render_int.h"

#include "bindings.h"

#include "i18n.h"
#include "text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>


/* ---- the editor's palette ------------------------------------------------------------ */

static SDL_Rect swatch_rect(const Layout *L, int i)
{
    int m = render_px(L->ui, 8);
    SDL_Rect q = {L->palette.x + m + i * L->swatch, L->palette.y + L->palette.h - m - L->swatch, L->swatch - 4,
                  L->swatch};
    return q;
}

static bool render_palette_pick_in(const Scene *sc, int px_, int py, char *glyph)
{
    Layout L = render_layout(&sc->frame);
    SDL_Rect p = L.palette;
    if (!sc->frame.editing || px_ < p.x || py < p.y || px_ >= p.x + p.w || py >= p.y + p.h)
        return false;
    *glyph = sc->frame.brush; /* the panel's margin keeps the brush */
    for (int i = 0; i < GAME_PALETTE_SIZE; i++) {
        SDL_Rect q = swatch_rect(&L, i);
        if (px_ >= q.x && py >= q.y && px_ < q.x + q.w && py < q.y + q.h)
            *glyph = GAME_PALETTE[i];
    }
    return true;
}

void render_icon(Renderer *r, AssetImage i, const SDL_Rect *src, int cx, int bottom, int w)
{
    if (!r->icon[i] && !(r->icon[i] = SDL_CreateTextureFromSurface(r->sdl, r->assets->image[i])))
        return;
    SDL_SetTextureBlendMode(r->icon[i], SDL_BLENDMODE_BLEND);
    int sw = src ? src->w : r->assets->image[i]->w, sh = src ? src->h : r->assets->image[i]->h;
    int h = sh * w / sw;
    SDL_Rect d = {cx - w / 2, bottom - h, w, h};
    SDL_RenderCopy(r->sdl, r->icon[i], src, &d);
}

static void draw_palette(Renderer *r, const Scene *sc)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font;
    SDL_Rect p = L->palette;
    render_panel(r, p, 215);
    TileKind bk = TILE_VOID;
    tile_from_glyph(sc->frame.brush, &bk);
    char line[TEXT_LEN], fit[TEXT_LEN];
    snprintf(line, sizeof line, _("Paint: %s"), _(tile_info(bk)->name));
    render_text_fit(f, line, p.w - 2 * render_px(L->ui, 10), fit, sizeof fit);
    render_text(r, f, p.x + render_px(L->ui, 10), p.y + render_px(L->ui, 7), HEAD, fit);
    for (int i = 0; i < GAME_PALETTE_SIZE; i++) {
        SDL_Rect q = swatch_rect(L, i);
        char glyph = GAME_PALETTE[i];
        TileKind k = TILE_VOID;
        tile_from_glyph(glyph, &k);
        bool chosen = glyph == sc->frame.brush;
        SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
        SDL_SetRenderDrawColor(r->sdl, chosen ? 70 : 30, chosen ? 80 : 36, 50, 255);
        SDL_RenderFillRect(r->sdl, &q);
        int cx = q.x + q.w / 2, bottom = q.y + q.h - 4, w = q.w - 8;
        int ground = r->assets->ground[k];
        if (ground >= 0)
            render_icon(r, (AssetImage)ground, NULL, cx, bottom, w);
        if (k == TILE_WALL)
            render_icon(r, IMAGE_WALL, NULL, cx, bottom, w);
        else if (k == TILE_CELL)
            render_icon(r, IMAGE_CELL, NULL, cx, bottom - w / 6, w / 2);
        else if (k == TILE_START) {
            SDL_Rect src = {0, DIR_S * DROID_FRAME_H, DROID_FRAME_W, DROID_FRAME_H};
            render_icon(r, IMAGE_DROID, &src, cx, bottom - w / 10, w * 2 / 3);
        } else if (k == TILE_SENTRY) {
            render_minimap_marker(r, MARK_SENTRY, (float)cx, (float)(bottom - w / 3), (float)w / 3, NULL);
        } else if (k == TILE_VOID) {
            int tw = render_text_width(f, "void");
            render_text(r, f, cx - tw / 2, bottom - L->line, (SDL_Color){120, 130, 150, 255}, _("void"));
        }
        SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r->sdl, chosen ? 255 : 90, chosen ? 220 : 110, chosen ? 120 : 150, 255);
        SDL_RenderDrawRect(r->sdl, &q);
        char num[4];
        snprintf(num, sizeof num, "%d", (i + 1) % 10);
        render_text(r, f, q.x + 3, q.y + 1, BODY, num);
    }
}

/* ---- banners and the message bar --------------------------------------------------- */

/* A panel of wrapped text centred on cx; top-left at y. Returns its height. */
static int text_box(Renderer *r, int cx, int y, int max_w, SDL_Color back, SDL_Color fore, const char *msg,
                    bool draw, SDL_Rect *out)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font;
    int m = render_px(L->ui, 10), mv = render_px(L->ui, 6);
    char lines[4][TEXT_LEN];
    int n = render_text_wrap(f, msg, max_w - 2 * m, lines, L->box_lines), w = 0;
    for (int i = 0; i < n; i++) {
        int lw = render_text_width(f, lines[i]);
        w = lw > w ? lw : w;
    }
    SDL_Rect box = {cx - (w + 2 * m) / 2, y, w + 2 * m, n * L->line + 2 * mv};
    if (out)
        *out = box;
    if (!draw)
        return box.h;
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, back.r, back.g, back.b, back.a);
    SDL_RenderFillRect(r->sdl, &box);
    for (int i = 0; i < n; i++) {
        int lw = render_text_width(f, lines[i]);
        render_text(r, f, cx - lw / 2, y + mv + i * L->line, fore, lines[i]);
    }
    return box.h;
}

/* A banner at the top: centred on the screen when it clears the HUD and the
 * minimap, else centred in the gap between them (the short text when the
 * long one does not fit there), else under them, wrapped. Returns the y under it. */
static int banner(Renderer *r, const Scene *sc, int y, SDL_Color back, SDL_Color fore, const char *msg,
                  const char *brief)
{
    const Layout *L = &r->lay;
    int left = L->hud.x + L->hud.w + L->pad;
    int right = sc->frame.show_minimap && L->minimap_panel.w ? L->minimap_panel.x - L->pad : sc->frame.screen_w - L->pad;
    TTF_Font *f = r->assets->font;
    int m = 2 * render_px(L->ui, 10);
    if (y < L->hud.y + L->hud.h) { /* beside the HUD */
        const char *texts[2] = {msg, brief};
        for (int k = 0; k < 2; k++) {
            if (!texts[k])
                continue;
            int w = render_text_width(f, texts[k]) + m;
            int cx = sc->frame.screen_w / 2;
            if (cx - w / 2 < left || cx + w / 2 > right)
                cx = (left + right) / 2;
            if (cx - w / 2 >= left && cx + w / 2 <= right)
                return y + text_box(r, cx, y, right - left, back, fore, texts[k], true, NULL) + render_px(L->ui, 4);
        }
        int below = L->hud.y + L->hud.h;
        if (sc->frame.show_minimap && L->minimap_panel.h && L->minimap_panel.y + L->minimap_panel.h > below)
            below = L->minimap_panel.y + L->minimap_panel.h;
        y = below + L->pad;
    }
    const char *text = brief && sc->frame.screen_h < 400 ? brief : msg; /* a small window keeps the view */
    return y + text_box(r, sc->frame.screen_w / 2, y, sc->frame.screen_w - 2 * L->pad, back, fore, text, true, NULL) + render_px(L->ui, 4);
}

static bool rect_hits(SDL_Rect a, SDL_FRect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* ---- what no panel may cover ----------------------------------------------------------- */

enum { PROTECT_MAX = 4 };

/* On screen, grown by margin: the droid, and after a catch the sentry that
 * caught it. Returns how many. */
static int protected_rects(const Scene *sc, int margin, SDL_Rect *out)
{
    int n = 0;
    double z = sc->frame.view.zoom;
    ScreenPos d = iso_world_to_screen(&sc->frame.view, sc->droid.pos);
    out[n++] = (SDL_Rect){(int)(d.x - 22 * z) - margin, (int)(d.y - 60 * z) - margin, (int)(44 * z) + 2 * margin,
                          (int)(66 * z) + 2 * margin};
    int id = render_catcher(sc);
    if (id >= 0) {
        ScreenPos s = iso_world_to_screen(&sc->frame.view, sc->sentries[id].body.pos);
        out[n++] = (SDL_Rect){(int)(s.x - 26 * z) - margin, (int)(s.y - 92 * z) - margin, (int)(52 * z) + 2 * margin,
                              (int)(98 * z) + 2 * margin};
    }
    return n;
}

static int overlap_area(SDL_Rect a, SDL_Rect b)
{
    SDL_Rect o;
    return SDL_IntersectRect(&a, &b, &o) ? o.w * o.h : 0;
}

/* Where a box w x h goes: the first of the candidate places that is inside
 * the window and clear of the HUD, the minimap and avoid[]; else the one
 * that covers the least of avoid[]. */
static SDL_Rect place_box(const Renderer *r, const Scene *sc, const SDL_Rect *cand, int nc, const SDL_Rect *avoid,
                          int na)
{
    const Layout *L = &r->lay;
    SDL_Rect hud = L->hud;
    int best = 0, best_cost = -1;
    for (int k = 0; k < nc; k++) {
        SDL_Rect b = cand[k];
        if (b.x < 0 || b.y < 0 || b.x + b.w > sc->frame.screen_w || b.y + b.h > sc->frame.screen_h)
            continue;
        int cost = 0;
        for (int i = 0; i < na; i++)
            cost += overlap_area(b, avoid[i]);
        bool ui_clear = !SDL_HasIntersection(&b, &hud) &&
                        !(sc->frame.show_minimap && L->minimap_panel.w && SDL_HasIntersection(&b, &L->minimap_panel));
        if (cost == 0 && ui_clear)
            return b;
        if (best_cost < 0 || cost < best_cost) {
            best_cost = cost;
            best = k;
        }
    }
    SDL_Rect b = cand[best];
    b.x = b.x + b.w > sc->frame.screen_w ? sc->frame.screen_w - b.w : b.x;
    b.y = b.y + b.h > sc->frame.screen_h ? sc->frame.screen_h - b.h : b.y;
    b.x = b.x < 0 ? 0 : b.x;
    b.y = b.y < 0 ? 0 : b.y;
    return b;
}

/* The usual places for a panel w x h: the middle, the bottom, under the HUD
 * and the minimap, the left and right edges, the top. Returns how many. */
static int panel_places(const Renderer *r, const Scene *sc, int w, int h, SDL_Rect *out)
{
    const Layout *L = &r->lay;
    int W = sc->frame.screen_w, H = sc->frame.screen_h;
    int below = L->hud.y + L->hud.h;
    if (sc->frame.show_minimap && L->minimap_panel.h && L->minimap_panel.y + L->minimap_panel.h > below)
        below = L->minimap_panel.y + L->minimap_panel.h;
    below += L->pad;
    int n = 0;
    out[n++] = (SDL_Rect){(W - w) / 2, (H - h) / 2, w, h};
    out[n++] = (SDL_Rect){(W - w) / 2, H - L->pad - h, w, h};
    out[n++] = (SDL_Rect){(W - w) / 2, below, w, h};
    out[n++] = (SDL_Rect){L->pad, (H - h) / 2 > below ? (H - h) / 2 : below, w, h};
    out[n++] = (SDL_Rect){W - L->pad - w, (H - h) / 2 > below ? (H - h) / 2 : below, w, h};
    out[n++] = (SDL_Rect){(W - w) / 2, L->pad, w, h};
    return n;
}

/* ---- the pause banner ----------------------------------------------------------------- */

/* While the play stands (and no panel says so already): a banner with a
 * pause sign, at the top beside the HUD, or wherever it keeps off the droid.
 * Returns its place (w 0 when none). */
static SDL_Rect draw_pause(Renderer *r, const Scene *sc, const HudStats *hs, int top)
{
    SDL_Rect none = {0, 0, 0, 0};
    ShellMode open = shell_top(hs->shell); /* a panel or a question says so already */
    if (!sc->paused || (open != SHELL_PLAY && open != SHELL_HELP) || sc->frame.editing ||
        (sc->pause & (GAME_PAUSE_PLAYER | GAME_PAUSE_FOCUS)) == 0)
        return none;
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font_big;
    const char *say = (sc->pause & GAME_PAUSE_PLAYER) ? _("Paused \xe2\x80\x94 Space to resume")
                                                     : _("Paused while the window is in the background");
    int m = render_px(L->ui, 12), sign = L->big_line - render_px(L->ui, 8);
    char fit[TEXT_LEN];
    render_text_fit(f, say, sc->frame.screen_w - 2 * L->pad - 3 * m - sign, fit, sizeof fit);
    int w = render_text_width(f, fit) + 3 * m + sign, h = L->big_line + render_px(L->ui, 10);
    int left = L->hud.x + L->hud.w + L->pad;
    int right = sc->frame.show_minimap && L->minimap_panel.w ? L->minimap_panel.x - L->pad : sc->frame.screen_w - L->pad;
    SDL_Rect cand[8];
    int n = 0;
    cand[n++] = (SDL_Rect){(sc->frame.screen_w - w) / 2, top, w, h};
    cand[n++] = (SDL_Rect){(left + right - w) / 2, top, w, h};
    SDL_Rect more[6];
    int k = panel_places(r, sc, w, h, more);
    for (int i = 2; i < k; i++) /* under the HUD, the edges, ... */
        if (i != 3 && i != 4)
            cand[n++] = more[i];
    cand[n++] = more[1]; /* the bottom */
    SDL_Rect avoid[PROTECT_MAX];
    int na = protected_rects(sc, render_px(L->ui, 6), avoid);
    SDL_Rect b = place_box(r, sc, cand, n, avoid, na);
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, 30, 52, 96, 255);
    SDL_RenderFillRect(r->sdl, &b);
    SDL_SetRenderDrawColor(r->sdl, 140, 190, 255, 255);
    SDL_RenderDrawRect(r->sdl, &b);
    /* the pause sign: two bars */
    int sy = b.y + (b.h - sign) / 2, bw = sign / 3;
    SDL_Rect bar1 = {b.x + m, sy, bw, sign}, bar2 = {b.x + m + sign - bw, sy, bw, sign};
    SDL_SetRenderDrawColor(r->sdl, 255, 255, 255, 255);
    SDL_RenderFillRect(r->sdl, &bar1);
    SDL_RenderFillRect(r->sdl, &bar2);
    render_text(r, f, b.x + 2 * m + sign, b.y + (b.h - L->big_line) / 2 + render_px(L->ui, 3), (SDL_Color){255, 255, 255, 255},
                fit);
    return b;
}

/* The message bar: at the bottom, unless it would cover the droid, the
 * destination, the hovered tile or a panel (taken); then at the top under
 * the banners. */
static void draw_message(Renderer *r, const Scene *sc, int top, const SDL_Rect *taken, int nt)
{
    const Layout *L = &r->lay;
    SDL_Color back = {12, 16, 26, 215}, fore = {255, 236, 180, 255};
    int max_w = sc->frame.screen_w - 2 * L->pad;
    SDL_Rect box;
    text_box(r, sc->frame.screen_w / 2, 0, max_w, back, fore, sc->message, false, &box);
    int bottom = (sc->frame.editing ? L->palette.y : sc->frame.screen_h) - L->pad - box.h;
    /* what it must not cover, on screen */
    SDL_FRect avoid[3 + 4];
    int n = 0;
    double z = sc->frame.view.zoom;
    ScreenPos d = iso_world_to_screen(&sc->frame.view, sc->droid.pos);
    avoid[n++] = (SDL_FRect){(float)(d.x - 20 * z), (float)(d.y - 56 * z), (float)(40 * z), (float)(60 * z)};
    NavPos e;
    if (render_destination(sc, &e)) {
        ScreenPos c = iso_world_to_screen(&sc->frame.view, (WorldPos){e.x + 0.5, e.y + 0.5});
        avoid[n++] = (SDL_FRect){(float)(c.x - 32 * z), (float)(c.y - 50 * z), (float)(64 * z), (float)(66 * z)};
    }
    if (sc->hover_valid) {
        ScreenPos c = iso_world_to_screen(&sc->frame.view, (WorldPos){sc->hover.x + 0.5, sc->hover.y + 0.5});
        avoid[n++] = (SDL_FRect){(float)(c.x - 32 * z), (float)(c.y - 16 * z), (float)(64 * z), (float)(32 * z)};
    }
    int things = n;
    for (int i = 0; i < nt && n < 7; i++)
        if (taken[i].w > 0)
            avoid[n++] = (SDL_FRect){(float)taken[i].x, (float)taken[i].y, (float)taken[i].w, (float)taken[i].h};
    /* the first place clear of the banners, the panels and what matters;
     * else the one that covers least: a panel or banner weighs most */
    int candidates[2] = {bottom, top}, y = bottom > top ? bottom : top, best = -1;
    for (int k = 0; k < 2; k++) {
        box.y = candidates[k];
        int cost = box.y >= top ? 0 : 100;
        for (int i = 0; i < n; i++)
            cost += rect_hits(box, avoid[i]) ? (i < things ? 1 : 10) : 0;
        if (best < 0 || cost < best) {
            best = cost;
            y = box.y;
        }
    }
    text_box(r, sc->frame.screen_w / 2, y, max_w, back, fore, sc->message, true, NULL);
}

/* ---- the unsaved-edits question ---------------------------------------------------------- */

/* The unsaved-edits question: its panel, its words wrapped, and a button
 * for each answer (GameAnswer's order), from the window's size alone (a
 * click finds the same buttons). */
typedef struct AskLayout {
    SDL_Rect panel, button[3];
    int m, nb;
    char body[3][TEXT_LEN];
} AskLayout;

static const char *const ask_labels[2][3] = {
    {N_("Save and quit (S)"), N_("Quit, not saved (D)"), N_("Go back (Esc)")},
    {N_("Save and go on (S)"), N_("Go on, not saved (D)"), N_("Go back (Esc)")},
};

static void ask_layout(const Scene *sc, TTF_Font *f, AskLayout *A)
{
    Layout L = render_layout(&sc->frame);
    A->m = render_px(L.ui, 20);
    int w = (int)fmin(600 * L.ui, sc->frame.screen_w - 2 * L.pad), tw = w - 2 * A->m;
    char name[4 * LEVEL_NAME_MAX], body[TEXT_LEN];
    snprintf(body, sizeof body, _("%s has changes that are not saved."), text_escape(sc->level_name, name, sizeof name));
    A->nb = render_text_wrap(f, body, tw, A->body, 3);
    int bh = L.line + render_px(L.ui, 12), gap = render_px(L.ui, 8);
    bool row = tw >= render_px(L.ui, 480); /* three across, or one under another */
    int h = 2 * A->m + L.big_line + A->nb * L.line + render_px(L.ui, 12) + (row ? bh : 3 * bh + 2 * gap);
    A->panel = (SDL_Rect){(sc->frame.screen_w - w) / 2, (sc->frame.screen_h - h) / 2, w, h};
    int y = A->panel.y + A->m - render_px(L.ui, 4) + L.big_line + render_px(L.ui, 4) + A->nb * L.line + render_px(L.ui, 10);
    for (int i = 0; i < 3; i++) {
        if (row)
            A->button[i] = (SDL_Rect){A->panel.x + A->m + i * (tw + gap) / 3, y, (tw - 2 * gap) / 3, bh};
        else
            A->button[i] = (SDL_Rect){A->panel.x + A->m, y + i * (bh + gap), tw, bh};
    }
}

static int render_question_pick_in(Renderer *r, const Scene *sc, int x, int y)
{
    if (sc->frame.ask == GAME_ASK_NONE)
        return -1;
    r->lay = render_layout(&sc->frame);
    render_fonts_for_layout(r, &r->lay);
    AskLayout A;
    ask_layout(sc, r->assets->font, &A);
    SDL_Point pt = {x, y};
    for (int i = 0; i < 3; i++)
        if (SDL_PointInRect(&pt, &A.button[i]))
            return i;
    return -1;
}

static void draw_question(Renderer *r, const Scene *sc)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    AskLayout A;
    ask_layout(sc, f, &A);
    render_panel(r, A.panel, 245);
    int y = A.panel.y + A.m - render_px(L->ui, 4);
    render_text(r, fb, A.panel.x + A.m, y, HEAD, _("Unsaved edits"));
    y += L->big_line + render_px(L->ui, 4);
    for (int i = 0; i < A.nb; i++, y += L->line)
        render_text(r, f, A.panel.x + A.m, y, BODY, A.body[i]);
    for (int i = 0; i < 3; i++) {
        SDL_Rect b = A.button[i];
        bool first = i == GAME_ANSWER_SAVE;
        SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r->sdl, first ? 52 : 28, first ? 84 : 36, first ? 138 : 52, 255);
        SDL_RenderFillRect(r->sdl, &b);
        SDL_SetRenderDrawColor(r->sdl, first ? 150 : 70, first ? 210 : 90, 255, first ? 255 : 160);
        SDL_RenderDrawRect(r->sdl, &b);
        const char *label = ask_labels[sc->frame.ask == GAME_ASK_QUIT ? 0 : 1][i];
        char fit[TEXT_LEN];
        render_text_fit(f, label, b.w - render_px(L->ui, 12), fit, sizeof fit);
        render_text(r, f, b.x + (b.w - render_text_width(f, fit)) / 2, b.y + (b.h - L->line) / 2 + render_px(L->ui, 1),
                    first ? (SDL_Color){255, 255, 255, 255} : BODY, fit);
    }
}

/* ---- won or lost ------------------------------------------------------------------------ */

/* What happened, the figures, and what the keys do now; placed clear of the
 * droid (and of the sentry that caught it), the HUD and the minimap.
 * Returns its place (w 0 when not shown). */
static SDL_Rect draw_result(Renderer *r, const Scene *sc)
{
    double t = sc->clock - sc->status_since;
    SDL_Rect none = {0, 0, 0, 0};
    if (sc->frame.editing || sc->status == SIM_PLAYING || t < 0.4)
        return none;
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    bool won = sc->status == SIM_WON;
    char lines[3][TEXT_LEN];
    SDL_Color colors[3] = {BODY, DIM, KEY};
    char title[TEXT_LEN];
    if (won) {
        /* the stars of this win: won, within the energy par, unseen (since the last restart) */
        double used = sim_units((int64_t)sc->energy_used);
        bool unseen = sc->unseen;
        int stars = front_stars(true, used, unseen, sc->par_energy);
        char row[4 * FRONT_STARS + 1] = "";
        for (int i = 0; i < FRONT_STARS; i++)
            strcat(row, i < stars ? "\xe2\x98\x85" : "\xe2\x98\x86"); /* black and white stars */
        snprintf(title, sizeof title, _("Level complete!  %s%s"), row, sc->new_best ? _("  New best") : "");
        char par[64] = "no par";
        if (sc->par_energy > 0)
            snprintf(par, sizeof par, _("par %.1f"), sc->par_energy);
        bool thrifty = front_within_par(used, sc->par_energy);
        char text[2 * TEXT_LEN];
        snprintf(text, sizeof text,
                 _("Time %.2f s    Steps %lld    Energy used %.1f (%s)    Rewinds %d\nStars: won \xe2\x9c\x93    "
                 "energy within 110%% of par %s    unseen %s"),
                 (double)sc->play_ticks / SIM_TICK_HZ, (long long)sc->steps, used, par, sc->rewinds,
                 thrifty ? "\xe2\x9c\x93" : "\xe2\x9c\x97", unseen ? "\xe2\x9c\x93" : "\xe2\x9c\x97");
        snprintf(lines[0], TEXT_LEN, "%.*s", TEXT_LEN - 1, text);
        const ProgressEntry *b = scene_best(sc);
        if (b)
            snprintf(lines[1], TEXT_LEN, _("Best so far: %.1f s, %ld steps, %.1f energy"), b->best_time, b->best_steps,
                     b->best_energy);
        else
            snprintf(lines[1], TEXT_LEN, "%s", sc->progress_path ? "" : _("Progress is not kept in this run."));
        snprintf(lines[2], TEXT_LEN, _("Enter, Space or a click: next level     R: play it again"));
    } else {
        snprintf(title, sizeof title, "%s", sc->lose == SIM_LOSE_CAUGHT ? _("Caught by a sentry") : _("Out of energy"));
        snprintf(lines[0], TEXT_LEN, "%s",
                 sc->lose == SIM_LOSE_CAUGHT ? _("A sentry reached the droid.") : _("The droid stopped where its energy ran out."));
        snprintf(lines[1], TEXT_LEN, _("Rewinds so far: %d"), sc->rewinds);
        snprintf(lines[2], TEXT_LEN, _("Backspace: go back 3 s     R: restart     PageDown: skip the level"));
    }
    int m = render_px(L->ui, 24), w = (int)fmin(520 * L->ui, sc->frame.screen_w - 2 * L->pad), tw = w - 2 * m;
    char wrapped[3][3][TEXT_LEN];
    int nw[3], h = 2 * m + L->big_line + render_px(L->ui, 10);
    for (int i = 0; i < 3; i++) {
        nw[i] = lines[i][0] ? render_text_wrap(f, lines[i], tw, wrapped[i], 3) : 0;
        h += nw[i] * L->line + (nw[i] ? render_px(L->ui, 8) : 0);
    }
    SDL_Rect cand[6], avoid[PROTECT_MAX];
    int nc = panel_places(r, sc, w, h, cand), na = protected_rects(sc, render_px(L->ui, 8), avoid);
    SDL_Rect p = place_box(r, sc, cand, nc, avoid, na);
    render_panel(r, p, 235);
    int y = p.y + m - render_px(L->ui, 6);
    char fit[TEXT_LEN];
    render_text_fit(fb, title, tw, fit, sizeof fit);
    render_text(r, fb, p.x + m, y, won ? (SDL_Color){120, 255, 170, 255} : (SDL_Color){255, 120, 100, 255}, fit);
    y += L->big_line + render_px(L->ui, 10);
    for (int i = 0; i < 3; i++) {
        for (int k = 0; k < nw[i]; k++, y += L->line)
            render_text(r, f, p.x + m, y, colors[i], wrapped[i][k]);
        if (nw[i])
            y += render_px(L->ui, 8);
    }
    return p;
}

/* ---- the pause panel (Esc) and the quit question ------------------------------------------ */

typedef struct MenuLayout {
    SDL_Rect panel;
    SDL_Rect item[MENU_PAUSE_ITEMS];
    int items;
    int title_y, note_y;   /* the title's and (quit) the note's top */
} MenuLayout;

static const char *const pause_items[MENU_PAUSE_ITEMS][2] = {
    {N_("Resume"), "Esc"}, {N_("Restart the level"), "R"}, {N_("Levels"), "L"}, {N_("Settings"), ""}, {N_("Quit"), "Q"}};
static const char *const quit_items[MENU_QUIT_ITEMS][2] = {{N_("Yes, quit"), "Enter, Y"}, {N_("No, go back"), "Esc, N"}};

/* From the window's size and the droid's place alone (so a click finds the
 * same items): centred, or beside the droid when the middle would cover it. */
static MenuLayout menu_layout(const Scene *sc, const HudStats *hs)
{
    Layout L = render_layout(&sc->frame);
    MenuLayout M;
    memset(&M, 0, sizeof M);
    M.items = hs->menu == MENU_QUIT ? MENU_QUIT_ITEMS : MENU_PAUSE_ITEMS;
    int m = render_px(L.ui, 18), ih = L.line + render_px(L.ui, 14), gap = render_px(L.ui, 8);
    int w = (int)fmin(360 * L.ui, sc->frame.screen_w - 2 * L.pad);
    int h = 2 * m + L.big_line + render_px(L.ui, 8) + (hs->menu == MENU_QUIT ? L.line + gap : 0) + M.items * (ih + gap) - gap;
    SDL_Rect droid[PROTECT_MAX];
    protected_rects(sc, render_px(L.ui, 8), droid);
    int cx = (sc->frame.screen_w - w) / 2, cy = (sc->frame.screen_h - h) / 2;
    SDL_Rect p = {cx, cy, w, h};
    if (SDL_HasIntersection(&p, &droid[0])) { /* beside the droid, on the side with more room */
        int lx = droid[0].x - L.pad - w, rx = droid[0].x + droid[0].w + L.pad;
        p.x = droid[0].x > sc->frame.screen_w - (droid[0].x + droid[0].w) ? lx : rx;
        if (p.x < L.pad || p.x + w > sc->frame.screen_w - L.pad)
            p.x = cx;
    }
    M.panel = p;
    M.title_y = p.y + m - render_px(L.ui, 6);
    int y = M.title_y + L.big_line + render_px(L.ui, 8);
    if (hs->menu == MENU_QUIT) {
        M.note_y = y;
        y += L.line + gap;
    }
    for (int i = 0; i < M.items; i++, y += ih + gap)
        M.item[i] = (SDL_Rect){p.x + m, y, w - 2 * m, ih};
    return M;
}

static int render_menu_pick_in(const Scene *sc, const HudStats *hs, int x, int y)
{
    if (hs->menu == MENU_NONE)
        return -1;
    MenuLayout M = menu_layout(sc, hs);
    SDL_Point pt = {x, y};
    for (int i = 0; i < M.items; i++)
        if (SDL_PointInRect(&pt, &M.item[i]))
            return i;
    return -1;
}

static void draw_menu(Renderer *r, const Scene *sc, const HudStats *hs)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    MenuLayout M = menu_layout(sc, hs);
    bool quit = hs->menu == MENU_QUIT;
    render_panel(r, M.panel, 242);
    int x = M.item[0].x;
    render_text(r, fb, x, M.title_y, HEAD, !quit ? _("Paused") : hs->campaign ? _("Leave this level?") : _("Quit Isodroid?"));
    if (quit)
        render_text(r, f, x, M.note_y, BODY, _("Enter or Y: yes     Esc or N: no"));
    for (int i = 0; i < M.items; i++) {
        SDL_Rect b = M.item[i];
        bool sel = i == hs->menu_sel;
        SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r->sdl, sel ? 52 : 28, sel ? 84 : 36, sel ? 138 : 52, 255);
        SDL_RenderFillRect(r->sdl, &b);
        SDL_SetRenderDrawColor(r->sdl, sel ? 150 : 70, sel ? 210 : 90, 255, sel ? 255 : 160);
        SDL_RenderDrawRect(r->sdl, &b);
        const char *const *item = quit ? quit_items[i] : pause_items[i];
        int ty = b.y + (b.h - L->line) / 2 + render_px(L->ui, 1), inner = render_px(L->ui, 10);
        const char *label = !quit && i == MENU_LEAVE && hs->campaign ? _("Quit to the title")
                            : quit && i == MENU_YES && hs->campaign ? _("Yes, to the title")
                                                                      : _(item[0]);
        render_text(r, f, b.x + inner, ty, sel ? (SDL_Color){255, 255, 255, 255} : BODY, label);
        int kw = render_text_width(f, item[1]);
        render_text(r, f, b.x + b.w - inner - kw, ty, DIM, item[1]);
    }
}

void render_ui(Renderer *r, const Scene *sc, const HudStats *hs)
{
    const Layout *L = &r->lay;
    if (sc->frame.editing)
        draw_palette(r, sc);
    render_hud(r, sc, hs);
    int top = L->pad;
    if (sc->frame.editing) {
        char line[TEXT_LEN];
        snprintf(line, sizeof line, _("EDITING   Ctrl+Z undo (%d)   Ctrl+Y redo (%d)   Ctrl+S save   E play"),
                 sc->undo_count, sc->redo_count);
        top = banner(r, sc, top, (SDL_Color){120, 70, 20, 225}, (SDL_Color){255, 236, 200, 255}, line, _("EDITING"));
    }
    if (sc->file_error[0]) {
        SDL_Color back = {130, 20, 24, 235}, fore = {255, 225, 225, 255};
        top = banner(r, sc, top, back, fore, sc->file_error, NULL);
        top = banner(r, sc, top, back, fore, _("The file has errors: playing the last good version until it is fixed."),
                     _("Playing the last good version."));
    }
    const char *loading;
    double share;
    if (scene_loading(sc, &loading, &share)) { /* a big level loads in the background (its name is not known yet) */
        char line[TEXT_LEN];
        snprintf(line, sizeof line, _("Loading the level \xe2\x80\xa6 %d%%"), (int)(share * 100 + 0.5));
        top = banner(r, sc, top, (SDL_Color){24, 64, 110, 230}, (SDL_Color){225, 240, 255, 255}, line, _("Loading\xe2\x80\xa6"));
    }
    SDL_Rect taken[2];
    taken[0] = draw_pause(r, sc, hs, top);
    if (taken[0].w > 0 && taken[0].y <= top + render_px(L->ui, 4))
        top = taken[0].y + taken[0].h + render_px(L->ui, 4);
    taken[1] = draw_result(r, sc);
    if (sc->message_left > 0 && sc->message[0]) {
        int under = top > L->hud.y + L->hud.h ? top : L->hud.y + L->hud.h + L->pad;
        if (sc->frame.show_minimap && L->minimap_panel.h && L->minimap_panel.y + L->minimap_panel.h + L->pad > under)
            under = L->minimap_panel.y + L->minimap_panel.h + L->pad;
        draw_message(r, sc, under, taken, 2);
    }
    ShellMode open = shell_top(hs->shell); /* what is open over the play, from the shell's stack */
    if (shell_is_open(hs->shell, SHELL_HELP))
        render_help(r, sc, hs);
    if (open == SHELL_PAUSE || open == SHELL_QUESTION)
        draw_menu(r, sc, hs);
    if (open == SHELL_UNSAVED)
        draw_question(r, sc);
}

/* ---- the hit tests the shell asks (render.h), on the scene last drawn ---- */

bool render_palette_pick(const Game *g, int px_, int py, char *glyph)
{
    Scene sc = render_pick_scene(g);
    return render_palette_pick_in(&sc, px_, py, glyph);
}

int render_question_pick(Renderer *r, const Game *g, int x, int y)
{
    Scene sc = render_pick_scene(g);
    return render_question_pick_in(r, &sc, x, y);
}

int render_menu_pick(const Game *g, const HudStats *hs, int x, int y)
{
    Scene sc = render_pick_scene(g);
    return render_menu_pick_in(&sc, hs, x, y);
}
