/* SPDX-License-Identifier: MIT */
/* render_hud.c - the HUD, top left over the world: a list of lines by
 * importance (the level, the counters, the plan, the hovered route and what
 * the sentries would make of it, the keys), wrapped, the least needed
 * dropped first when the window is short. Decides nothing. */
#include "render_int.h"
#include "bindings.h"
#include "i18n.h"
#include "text.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const SDL_Color SHORT = {255, 170, 40, 255}; /* energy short of a walk, a lure refused */

/* ---- the HUD: lines by importance -------------------------------------------------- */

enum { HUD_MAX = 12 };

typedef struct HudLine {
    char text[TEXT_LEN];
    SDL_Color color;
    bool big;
    int keep;   /* 0 always kept; higher numbers are dropped first when room runs out */
    double bar; /* 0..1: a bar after the text, filled that far; < 0 none */
    double bar_from;        /* the fill starts there (0..bar) */
    SDL_Color bar_color;    /* the fill's colour (alpha 0: the text's) */
    SDL_Color bar_before;   /* the part before bar_from (alpha 0: the bar's ground) */
} HudLine;

static int hud_add(HudLine *lines, int n, bool big, SDL_Color c, int keep, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static int hud_add(HudLine *lines, int n, bool big, SDL_Color c, int keep, const char *fmt, ...)
{
    if (n >= HUD_MAX)
        return n;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lines[n].text, TEXT_LEN, fmt, ap);
    va_end(ap);
    lines[n].color = c;
    lines[n].big = big;
    lines[n].keep = keep;
    lines[n].bar = -1;
    lines[n].bar_from = 0;
    lines[n].bar_color = lines[n].bar_before = (SDL_Color){0, 0, 0, 0};
    return n + 1;
}

/* The verdicts' colours, yes and no, of the palette the settings chose (mapcolor.h). */
typedef struct HudInk {
    SDL_Color good, warn;
} HudInk;

/* What the prediction says of the hovered walk, in words; "" while it is
 * not known (or on a level without sentries). */
static void prediction_words(const Scene *sc, char *out, size_t n, SDL_Color *c, const HudInk *ink)
{
    out[0] = '\0';
    if (!render_prediction_shown(sc))
        return;
    const Prediction *p = &sc->predict;
    if (p->outcome == PREDICT_SEEN) {
        *c = ink->warn;
        if (sc->predict_step < 0)
            snprintf(out, n, "%s", p->heard ? _("A sentry would hear the droid at once") : _("A sentry would see the droid at once"));
        else
            snprintf(out, n, p->heard ? _("A sentry would hear the droid at step %d") : _("A sentry would see the droid at step %d"),
                     sc->predict_step + 1);
    } else if (p->outcome == PREDICT_UNSEEN) {
        *c = ink->good;
        snprintf(out, n, _("No sentry would notice this route"));
    } else {
        *c = DIM;
        snprintf(out, n, _("Unseen as far as it was looked at"));
    }
}

/* Seconds of play for the HUD: tenths, hundredths under half a second. */
static void hud_seconds(char *out, size_t n, int ticks)
{
    double s = (double)ticks / SIM_TICK_HZ;
    snprintf(out, n, s < 0.5 ? "%.2f\xc2\xa0s" : "%.1f\xc2\xa0s", s);
}

/* The departure window (game_window.c) under the prediction: how long the
 * route stays safe to go, or how long until it is, with a bar of the window
 * (a dim part gone by, a bright part still to come; before a window, the
 * wait as the bar's ground). */
static int window_line(const Scene *sc, HudLine *l, int n, const HudInk *ink)
{
    const Window *w = &sc->window;
    char len[24], at[24];
    hud_seconds(len, sizeof len, w->length);
    hud_seconds(at, sizeof at, w->start);
    const char *more = w->open ? _(" or more") : "";
    if (w->says == WINDOW_NOW) {
        bool late = !w->open && w->elapsed > w->length;
        n = hud_add(l, n, false, late ? SHORT : ink->good, 1, _("Safe to go for %s%s%s"), len, more, late ? _(", late") : "");
        l[n - 1].bar = 1;
        l[n - 1].bar_from = (double)w->elapsed / (double)(w->elapsed + w->length);
        SDL_Color c = l[n - 1].color;
        l[n - 1].bar_before = (SDL_Color){(Uint8)(c.r * 2 / 5), (Uint8)(c.g * 2 / 5), (Uint8)(c.b * 2 / 5), 255};
    } else if (w->says == WINDOW_LATER) {
        n = hud_add(l, n, false, BODY, 1, _("Safe in %s, for %s%s"), at, len, more);
        l[n - 1].bar = 1;
        l[n - 1].bar_from = (double)w->start / (double)(w->start + w->length);
        l[n - 1].bar_color = ink->good;
    } else if (w->says == WINDOW_NONE) { /* as far as it was looked at: up to the horizon once settled */
        if (w->settled)
            n = hud_add(l, n, false, ink->warn, 1, _("No safe start in the next %d\xc2\xa0s"),
                        WINDOW_HORIZON / SIM_TICK_HZ);
        else
            n = hud_add(l, n, false, ink->warn, 1, _("No safe start in the next %s"), len);
    }
    return n;
}

/* What the HUD says, top to bottom. */
/* The title and where the level comes from (no file name is shown). */
static int hud_head(const Scene *sc, HudLine *l, int n)
{
    char name[4 * LEVEL_NAME_MAX];
    n = hud_add(l, n, true, HEAD, 0, "%s%s", text_escape(sc->level_name, name, sizeof name), sc->dirty ? " *" : "");
    char from[96];
    scene_level_label(sc, from, sizeof from);
    if (from[0])
        n = hud_add(l, n, false, DIM, 5, "%s", from);
    return n;
}

/* The editor's counters, or the play's: time, steps, energy, sentries;
 * then the cells and the exit (or what editing means). */
static int hud_status(const Scene *sc, HudLine *l, int n, const HudInk *ink)
{
    if (sc->frame.editing) {
        n = hud_add(l, n, false, BODY, 2, _("Droid start at %d,%d"), sc->start.x, sc->start.y);
        n = hud_add(l, n, false, BODY, 3, _("Undo %d, redo %d%s"), sc->undo_count,
                    sc->redo_count, sc->dirty ? _(", not saved") : "");
    } else {
        double secs = (double)sc->play_ticks / SIM_TICK_HZ;
        n = hud_add(l, n, false, BODY, 3, _("Time %d:%04.1f   Steps %lld"), (int)(secs / 60), fmod(secs, 60.0),
                    (long long)sc->steps);
        if (sc->limited) { /* the energy bar: full at the level's start energy (or more) */
            double e = sim_units(sc->energy), full = fmax((double)sc->level_energy, e);
            /* standing drains it once the clock runs (sim.h): said while it does */
            bool draining = sc->started && sc->status == SIM_PLAYING && !sc->droid.moving && !sc->paused;
            n = hud_add(l, n, false, e < 5 ? ink->warn : (SDL_Color){140, 230, 255, 255}, 1, _("Energy %.1f%s"), e,
                        draining ? _("   standing \xe2\x88\x92" "1/s") : "");
            l[n - 1].bar = full > 0 ? e / full : 0;
        }
        if (sc->sentry_count > 0)
            n = hud_add(l, n, false, sc->sentries_alerted ? ink->warn : DIM, 2, _("Sentries %d, alerted %d"),
                        sc->sentry_count, sc->sentries_alerted);
    }
    if (sc->frame.editing && sc->path_shipped) /* what saving will do, not the play's counters */
        n = hud_add(l, n, false, (SDL_Color){255, 214, 120, 255}, 1, _("Editing a copy: saved as your own level"));
    else if (sc->frame.editing)
        n = hud_add(l, n, false, DIM, 1, _("Editing: Ctrl+S saves this level"));
    else if (!sc->has_exit)
        n = hud_add(l, n, false, DIM, 1, _("Free play: this level has no exit"));
    else if (sc->cells_total > 0)
        n = hud_add(l, n, false, sc->exit_open ? ink->good : BODY, 1, _("Cells %d of %d   Exit %s"),
                    sc->cells_total - sc->cells_left, sc->cells_total, sc->exit_open ? _("open") : _("locked"));
    else
        n = hud_add(l, n, false, ink->good, 1, _("Exit open: walk into it"));
    return n;
}

/* The plan being built: its legs, the leg where a sentry would notice. */
static int hud_plan(const Scene *sc, HudLine *l, int n, const HudInk *ink)
{
    if (sc->plan->count == 0 || sc->frame.editing || sc->status != SIM_PLAYING)
        return n;
    n = hud_add(l, n, false, (SDL_Color){255, 214, 120, 255}, 1, 
                ngettext("Plan: %d leg, walks %.1f, waits %.1f s", "Plan: %d legs, walks %.1f, waits %.1f s",
                         (unsigned long)sc->plan->count),
                sc->plan->count, sc->plan_cost,
                (double)orders_wait_ticks(sc->plan) / SIM_TICK_HZ);
    const Prediction *p = &sc->predict;
    if (p->outcome == PREDICT_SEEN && !p->already && p->seen_leg < sc->plan->count)
        n = hud_add(l, n, false, ink->warn, 1, 
                    p->heard ? _("Leg %d: a sentry would hear the droid") : _("Leg %d: a sentry would see the droid"),
                    p->seen_leg + 1);
    return hud_add(l, n, false, DIM, 2, _("Enter runs it, Esc drops it"));
}

/* A lure aimed: what it would do on the hovered tile. */
static int hud_lure(const Scene *sc, HudLine *l, int n, const HudInk *ink)
{
    if (!sc->hover_valid)
        return hud_add(l, n, false, BODY, 1, _("Lure: point at a tile the droid sees (Esc: stop aiming)"));
    if (sc->lure_check != SIM_LURE_OK)
        return hud_add(l, n, false, SHORT, 1, _("No lure: %s"), _(sim_lure_check_words(sc->lure_check)));
    if (sc->lure_pull_count > 0)
        return hud_add(l, n, false, ink->good, 1, 
                       ngettext("Lure here: %d sentry would come to look (3 energy)",
                                "Lure here: %d sentries would come to look (3 energy)", (unsigned long)sc->lure_pull_count),
                       sc->lure_pull_count);
    return hud_add(l, n, false, DIM, 1, _("Lure here: no sentry would hear it (3 energy)"));
}

/* The hovered route: its cost, what it leaves, what the sentries would make of it. */
static int hud_route(const Scene *sc, HudLine *l, int n, const HudInk *ink)
{
    char gain[48] = ""; /* the hovered energy cell's energy, beside the cost */
    if (sc->preview_gain > 0)
        snprintf(gain, sizeof gain, ", +%.0f\xc2\xa0" "energy", sim_units(sc->preview_gain));
    if (sc->limited && sc->preview_afford == sc->preview_count)
        n = hud_add(l, n, false, BODY, 1, 
                    ngettext("Route %d step, cost %.1f, leaves %.1f%s", "Route %d steps, cost %.1f, leaves %.1f%s",
                             (unsigned long)sc->preview_count),
                    sc->preview_count, sc->preview_cost, sim_units(sc->preview_left), gain);
    else
        n = hud_add(l, n, false, BODY, 1, 
                    ngettext("Route %d step, cost %.1f%s", "Route %d steps, cost %.1f%s", (unsigned long)sc->preview_count),
                    sc->preview_count, sc->preview_cost, gain);
    if (sc->preview_afford < sc->preview_count)
        n = hud_add(l, n, false, SHORT, 1, 
                    ngettext("Not enough energy: it runs out after %d step", "Not enough energy: it runs out after %d steps",
                             (unsigned long)sc->preview_afford),
                    sc->preview_afford);
    char says[TEXT_LEN];
    SDL_Color c = BODY;
    prediction_words(sc, says, sizeof says, &c, ink);
    if (says[0]) {
        n = hud_add(l, n, false, c, 1, "%s", says);
        n = window_line(sc, l, n, ink);
    }
    return n;
}

/* The HUD's lines, most needed first (keep: which go first when room runs out). */
static int hud_lines(const Renderer *r, const Scene *sc, const HudStats *hs, HudLine *l)
{
    const HudInk palette_ink = {render_map_color(r, MAPCOLOR_GOOD), render_map_color(r, MAPCOLOR_WARN)};
    const HudInk *ink = &palette_ink;
    int n = hud_head(sc, l, 0);
    n = hud_status(sc, l, n, ink);
    n = hud_plan(sc, l, n, ink);
    if (sc->hover_valid && sc->frame.editing) {
        n = hud_add(l, n, false, DIM, 2, _("Pointer on %d,%d: %s"), sc->hover.x, sc->hover.y,
                    _(tile_info(scene_kind(sc, sc->hover.x, sc->hover.y))->name));
    } else if (sc->status != SIM_PLAYING) {
        /* the result panel says what now */
    } else if (sc->frame.aiming) {
        n = hud_lure(sc, l, n, ink);
    } else if (sc->hover_valid && sc->preview_count > 0) {
        n = hud_route(sc, l, n, ink);
    } else if (sc->hover_valid) {
        bool here = nav_pos_eq(sc->hover, sc->plan_tile);
        n = hud_add(l, n, false, DIM, 2, "%s", here ? _("The droid is here") : _("No way there"));
    }
    char fps[32] = "";
    if (hs->debug)
        snprintf(fps, sizeof fps, "%.0f\xc2\xa0" "fps   ", hs->fps);
    /* the keys stay with their words when the line wraps (no-break spaces) */
    return hud_add(l, n, false, DIM, 4, _("%sH\xc2\xa0help   %s"), fps,
                   sc->frame.editing ? _("E\xc2\xa0play") : _("Space\xc2\xa0pause   Esc\xc2\xa0menu"));
}

/* A HUD line as it is drawn: wrapped to two lines at most (the title and a
 * line with a bar keep to one, cut short). */
static int hud_wrap(TTF_Font *f, const HudLine *l, int text_w, char (*out)[TEXT_LEN])
{
    if (l->big || l->bar >= 0) {
        render_text_fit(f, l->text, text_w, out[0], TEXT_LEN);
        return 1;
    }
    return render_text_wrap(f, l->text, text_w, out, 2);
}

void render_hud(Renderer *r, const Scene *sc, const HudStats *hs)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    int inner = render_px(L->ui, 10), text_w = L->hud.w - 2 * inner;
    if (text_w < 20)
        return;
    HudLine lines[HUD_MAX];
    char wrapped[HUD_MAX][2][TEXT_LEN];
    int rows[HUD_MAX];
    int n = hud_lines(r, sc, hs, lines);
    for (int i = 0; i < n; i++)
        rows[i] = hud_wrap(lines[i].big ? fb : f, &lines[i], text_w, wrapped[i]);
    /* drop the least needed lines, one at a time (of the same need, the
     * lower first), until the rest fit the HUD's height */
    bool keep[HUD_MAX];
    int hgt = 2 * inner - render_px(L->ui, 4);
    for (int i = 0; i < n; i++) {
        keep[i] = true;
        hgt += lines[i].big ? L->big_line : rows[i] * L->line;
    }
    while (hgt > L->hud.h) {
        int drop = -1;
        for (int i = 0; i < n; i++)
            if (keep[i] && lines[i].keep > 0 && (drop < 0 || lines[i].keep >= lines[drop].keep))
                drop = i;
        if (drop < 0)
            break;
        keep[drop] = false;
        hgt -= lines[drop].big ? L->big_line : rows[drop] * L->line;
    }
    SDL_Rect p = {L->hud.x, L->hud.y, L->hud.w, hgt};
    render_panel(r, p, 190);
    int y = p.y + inner - render_px(L->ui, 4);
    for (int i = 0; i < n; i++) {
        if (!keep[i])
            continue;
        int tw = 0;
        for (int k = 0; k < rows[i]; k++)
            tw = render_text(r, lines[i].big ? fb : f, p.x + inner, y + k * L->line + (lines[i].big ? render_px(L->ui, 2) : 0),
                             lines[i].color, wrapped[i][k]);
        if (lines[i].bar >= 0) { /* the rest of the line */
            SDL_Rect bar = {p.x + inner + tw + render_px(L->ui, 8), y + L->line / 4, text_w - tw - render_px(L->ui, 8), L->line / 2};
            if (bar.w > 4) {
                SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
                SDL_SetRenderDrawColor(r->sdl, 40, 50, 66, 255);
                SDL_RenderFillRect(r->sdl, &bar);
                const HudLine *h = &lines[i];
                int from = (int)(bar.w * fmax(0.0, fmin(h->bar_from, h->bar))), to = (int)(bar.w * fmin(1.0, h->bar));
                SDL_Color c = h->bar_color.a ? h->bar_color : h->color;
                if (h->bar_before.a && from > 0) { /* the part gone by */
                    SDL_SetRenderDrawColor(r->sdl, h->bar_before.r, h->bar_before.g, h->bar_before.b, 255);
                    SDL_RenderFillRect(r->sdl, &(SDL_Rect){bar.x, bar.y, from, bar.h});
                }
                SDL_SetRenderDrawColor(r->sdl, c.r, c.g, c.b, 255);
                SDL_RenderFillRect(r->sdl, &(SDL_Rect){bar.x + from, bar.y, to - from, bar.h});
            }
        }
        y += lines[i].big ? L->big_line : rows[i] * L->line;
    }
    r->lay.hud.h = hgt; /* what the banners avoid */
}
