/* SPDX-License-Identifier: MIT */
/* render_front.c - the title, the level select and the ending (front.h),
 * drawn over the level behind them, darkened; and which item is under a
 * point, from the same layout. */
#include "render_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bindings.h"
#include "i18n.h"
#include "text.h"

static const SDL_Color GOOD = {120, 230, 150, 255};

enum { FRONT_ROWS_MAX = 64 };

/* Where everything of the open screen goes. */
typedef struct FrontLayout {
    SDL_Rect panel;
    int title_y, note_y;          /* the heading and the line under it */
    SDL_Rect item[FRONT_ROWS_MAX]; /* the buttons (title) or rows shown (select) */
    int items, first;             /* how many, and the level of the first row */
    int count;                    /* the rows of a list (levels, keys): shown or not */
    SDL_Rect up, down;            /* a list's "more" marks above and below its rows (h 0: a list that fits) */
    int foot_y;                   /* the keys' hint */
} FrontLayout;

static FrontLayout front_layout(const Scene *sc, const Front *f)
{
    Layout L = render_layout(&sc->frame);
    FrontLayout F;
    memset(&F, 0, sizeof F);
    int m = render_px(L.ui, 22), gap = render_px(L.ui, 8);
    int w = (int)fmin((f->screen == FRONT_TITLE || f->screen == FRONT_ENDING ? 420 : 720) * L.ui,
                      sc->frame.screen_w - 2 * L.pad);
    bool list = f->screen == FRONT_LEVELS || f->screen == FRONT_KEYS;
    int ih = list ? L.line + render_px(L.ui, 8) : L.line + render_px(L.ui, 16);
    int head = L.big_line + L.line + render_px(L.ui, 16), foot = L.line + render_px(L.ui, 10);
    int room = sc->frame.screen_h - 2 * L.pad - 2 * m - head - foot;
    int rows = 0, mark = 0;
    if (f->screen == FRONT_SETTINGS && FRONT_SET_ITEMS * (ih + gap) - gap + 2 * L.line + gap > room) {
        list = true; /* too tall for the room (large text, a small window): rows closer, scrolled */
        ih = L.line + render_px(L.ui, 4);
    }
    if (f->screen == FRONT_TITLE) {
        rows = FRONT_TITLE_ITEMS;
    } else if (f->screen == FRONT_GENERATED) {
        rows = FRONT_GEN_ITEMS;
    } else if (f->screen == FRONT_SETTINGS && !list) {
        rows = FRONT_SET_ITEMS;
    } else if (list) {
        int count = f->screen == FRONT_LEVELS ? f->count : f->screen == FRONT_KEYS ? f->key_count : FRONT_SET_ITEMS;
        if (f->screen != FRONT_LEVELS)
            room -= 2 * L.line + gap; /* the note under the rows: two lines */
        F.count = count;
        if (room / (ih + gap / 2) < count) { /* a list longer than the room: marks for what is above and below */
            mark = L.line;
            room -= 2 * mark;
        }
        rows = room / (ih + (gap / 2));
        rows = rows < 1 ? 1 : rows > count ? count : rows;
        rows = rows > FRONT_ROWS_MAX ? FRONT_ROWS_MAX : rows;
        int first = f->sel - rows / 2;
        first = first > count - rows ? count - rows : first;
        F.first = first < 0 ? 0 : first;
    } else { /* the ending: its lines */
        rows = 0;
    }
    int step = list ? ih + gap / 2 : ih + gap;
    int body = f->screen == FRONT_ENDING ? 7 * L.line : rows * step - (rows ? step - ih : 0);
    if (f->screen == FRONT_SETTINGS || f->screen == FRONT_GENERATED)
        body += 2 * L.line + gap; /* the notes under the items */
    if (f->screen == FRONT_KEYS)
        body += 2 * L.line + gap;
    body += 2 * mark;
    int h = 2 * m + head + body + foot;
    SDL_Rect p = {(sc->frame.screen_w - w) / 2, (sc->frame.screen_h - h) / 2, w, h};
    if (p.y < L.pad)
        p.y = L.pad;
    F.panel = p;
    F.title_y = p.y + m - render_px(L.ui, 6);
    F.note_y = F.title_y + L.big_line + render_px(L.ui, 2);
    int y = p.y + m + head;
    F.items = rows;
    F.up = (SDL_Rect){p.x + m, y, w - 2 * m, mark};
    y += mark;
    for (int i = 0; i < rows; i++, y += step)
        F.item[i] = (SDL_Rect){p.x + m, y, w - 2 * m, ih};
    if (rows)
        F.down = (SDL_Rect){p.x + m, F.item[rows - 1].y + ih, w - 2 * m, mark};
    F.foot_y = p.y + h - m - L.line + render_px(L.ui, 4);
    return F;
}

static int render_front_pick_in(const Scene *sc, const Front *f, int x, int y)
{
    if (!f || f->screen == FRONT_PLAY || f->screen == FRONT_ENDING || f->generating)
        return -1;
    FrontLayout F = front_layout(sc, f);
    SDL_Point pt = {x, y};
    for (int i = 0; i < F.items; i++)
        if (SDL_PointInRect(&pt, &F.item[i]))
            return F.first + i;
    return -1;
}

/* The value shown at the right of row i of the settings or the generated
 * levels' screen, into out; true when it has arrows to click (a value that
 * Left and Right change), false for a plain value ("" for none). */
static bool row_value(const Front *f, const Settings *set, int i, char *out, size_t n)
{
    static const char arrows[] = "\xe2\x97\x80  %d%s  \xe2\x96\xb6";
    out[0] = '\0';
    if (f->screen == FRONT_GENERATED) {
        if (i == FRONT_GEN_DAY)
            snprintf(out, n, _("seed %llu"), f->day_seed);
        else if (i == FRONT_GEN_SEED)
            snprintf(out, n, "%s", f->seed_text[0] ? f->seed_text : _("type its digits"));
        else if (i == FRONT_GEN_DIFFICULTY)
            snprintf(out, n, arrows, f->gen_difficulty ? f->gen_difficulty : 2, _(" of 5"));
        return i == FRONT_GEN_DIFFICULTY;
    }
    if (f->screen != FRONT_SETTINGS || !set)
        return false;
    switch (i) {
    case FRONT_SET_MASTER: snprintf(out, n, arrows, set->master_volume, "%"); return true;
    case FRONT_SET_EFFECTS: snprintf(out, n, arrows, set->effects_volume, "%"); return true;
    case FRONT_SET_MUSIC: snprintf(out, n, arrows, set->music_volume, "%"); return true;
    case FRONT_SET_TEXT: snprintf(out, n, arrows, set->text_size, "%"); return true;
    case FRONT_SET_FULLSCREEN: snprintf(out, n, "%s", set->fullscreen ? _("on") : _("off")); return false;
    case FRONT_SET_MINIMAP: snprintf(out, n, "%s", set->minimap ? _("shown") : _("hidden")); return false;
    case FRONT_SET_COLOURS: snprintf(out, n, "%s", set->colour_blind ? _("colour-blind safe") : _("standard")); return false;
    case FRONT_SET_LANGUAGE: /* each language in its own words */
        snprintf(out, n, "\xe2\x97\x80  %s  \xe2\x96\xb6",
                 set->language == SETTINGS_LANG_EN   ? "English"
                 : set->language == SETTINGS_LANG_DE ? "Deutsch"
                                                     : _("as the system"));
        return true;
    default: snprintf(out, n, _("Enter: change \xe2\x96\xb6")); return false;
    }
}

static int render_front_arrow_in(Renderer *r, const Scene *sc, const HudStats *hs, int x, int y)
{
    const Front *f = hs->front;
    int item = render_front_pick_in(sc, f, x, y);
    if (item < 0 || (f->screen != FRONT_SETTINGS && f->screen != FRONT_GENERATED))
        return 0;
    char value[64];
    if (!row_value(f, hs->settings, item, value, sizeof value))
        return 0;
    r->lay = render_layout(&sc->frame);
    render_fonts_for_layout(r, &r->lay);
    const Layout *L = &r->lay;
    TTF_Font *font = r->assets->font;
    FrontLayout F = front_layout(sc, f);
    SDL_Rect b = F.item[item - F.first];
    int vw = render_text_width(font, value), aw = render_text_width(font, "\xe2\x97\x80  ");
    int vx = b.x + b.w - render_px(L->ui, 10) - vw, pad = render_px(L->ui, 8);
    if (x >= vx - pad && x < vx + aw)
        return -1;
    if (x >= vx + vw - aw)
        return +1;
    return 0;
}

static int render_front_more_in(const Scene *sc, const Front *f, int x, int y)
{
    if (!f || (f->screen != FRONT_LEVELS && f->screen != FRONT_KEYS && f->screen != FRONT_SETTINGS) || f->generating)
        return -1;
    FrontLayout F = front_layout(sc, f);
    SDL_Point pt = {x, y};
    if (F.up.h && F.first > 0 && SDL_PointInRect(&pt, &F.up))
        return F.first - F.items / 2 - 1 < 0 ? 0 : F.first - F.items / 2 - 1;
    int last = F.first + F.items - 1;
    if (F.down.h && last < F.count - 1 && SDL_PointInRect(&pt, &F.down))
        return last + F.items / 2 + 1 > F.count - 1 ? F.count - 1 : last + F.items / 2 + 1;
    return -1;
}

/* A list's marks: how many rows are above and below the ones shown. */
static void draw_more(Renderer *r, const FrontLayout *F)
{
    const Layout *L = &r->lay;
    TTF_Font *font = r->assets->font;
    char s[64];
    int above = F->first, below = F->count - F->first - F->items;
    if (F->up.h && above > 0) {
        snprintf(s, sizeof s, _("\xe2\x96\xb2  %d more above"), above);
        render_text(r, font, F->up.x + (F->up.w - render_text_width(font, s)) / 2, F->up.y + render_px(L->ui, 1), KEY, s);
    }
    if (F->down.h && below > 0) {
        snprintf(s, sizeof s, _("\xe2\x96\xbc  %d more below"), below);
        render_text(r, font, F->down.x + (F->down.w - render_text_width(font, s)) / 2,
                    F->down.y + render_px(L->ui, 1), KEY, s);
    }
}

static void button(Renderer *r, SDL_Rect b, bool sel)
{
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, sel ? 52 : 28, sel ? 84 : 36, sel ? 138 : 52, 255);
    SDL_RenderFillRect(r->sdl, &b);
    SDL_SetRenderDrawColor(r->sdl, sel ? 150 : 70, sel ? 210 : 90, 255, sel ? 255 : 160);
    SDL_RenderDrawRect(r->sdl, &b);
}

static void centred(Renderer *r, TTF_Font *font, const SDL_Rect *p, int y, SDL_Color c, const char *s)
{
    render_text(r, font, p->x + (p->w - render_text_width(font, s)) / 2, y, c, s);
}

static void format_time(double s, char *out, size_t n)
{
    int m = (int)(s / 60);
    snprintf(out, n, "%d:%04.1f", m, s - 60.0 * m);
}

static void draw_title(Renderer *r, const Scene *sc, const Front *f, const FrontLayout *F)
{
    const Layout *L = &r->lay;
    TTF_Font *font = r->assets->font, *big = r->assets->font_big;
    /* the logo over the panel where the window leaves room for it (half its
     * pixels a point: it is drawn at twice its size), else the word */
    const SDL_Surface *logo = r->assets->image[IMAGE_LOGO];
    int lw = (int)fmin(logo->w / 2.0 * L->ui, sc->frame.screen_w - 2 * L->pad), lh = logo->h * lw / logo->w;
    int gap = render_px(L->ui, 18);
    if (F->panel.y - gap - lh >= L->pad / 2) {
        render_icon(r, IMAGE_LOGO, NULL, F->panel.x + F->panel.w / 2, F->panel.y - gap, lw);
        centred(r, font, &F->panel, F->title_y + (L->big_line - L->line) / 2, BODY,
                _("Take every cell, reach the exit, stay unseen."));
    } else {
        centred(r, big, &F->panel, F->title_y, HEAD, "ISODROID");
    }
    char note[96];
    if (f->campaign == 0)
        snprintf(note, sizeof note, _("No levels found"));
    else
        snprintf(note, sizeof note, _("%d of %d levels won, %d of %d stars"), f->won, f->campaign, f->stars,
                 FRONT_STARS * f->campaign);
    centred(r, font, &F->panel, F->note_y, DIM, note);
    for (int i = 0; i < F->items; i++) {
        SDL_Rect b = F->item[i];
        bool sel = i == f->sel;
        button(r, b, sel);
        const char *label = front_title_label(f, i);
        char line[LEVEL_NAME_MAX * 4 + 64];
        if (i == FRONT_TITLE_CONTINUE && f->campaign > 0) {
            char name[LEVEL_NAME_MAX * 4 + 1];
            text_escape(f->level[f->next].name, name, sizeof name);
            snprintf(line, sizeof line, "%s: %s", label, name);
        } else {
            snprintf(line, sizeof line, "%s", label);
        }
        char fit[TEXT_LEN];
        render_text_fit(font, line, b.w - render_px(L->ui, 20), fit, sizeof fit);
        render_text(r, font, b.x + render_px(L->ui, 10), b.y + (b.h - L->line) / 2 + render_px(L->ui, 1),
                    sel ? (SDL_Color){255, 255, 255, 255} : BODY, fit);
    }
    centred(r, font, &F->panel, F->foot_y, DIM, _("Up, Down: choose    Enter: go    Esc: quit"));
}

static void draw_levels(Renderer *r, const Front *f, const FrontLayout *F)
{
    const Layout *L = &r->lay;
    TTF_Font *font = r->assets->font, *big = r->assets->font_big;
    render_text(r, big, F->panel.x + render_px(L->ui, 22), F->title_y, HEAD, _("Levels"));
    char note[96];
    snprintf(note, sizeof note, _("%d of %d won, %d of %d stars (won; energy within 110%% of par; unseen). Every level is open."),
             f->won, f->campaign, f->stars, FRONT_STARS * f->campaign);
    if (render_text_width(font, note) > F->panel.w - render_px(L->ui, 44)) /* a narrow window: the counts alone */
        snprintf(note, sizeof note, _("%d of %d won, %d of %d stars"), f->won, f->campaign, f->stars, FRONT_STARS * f->campaign);
    render_text(r, font, F->panel.x + render_px(L->ui, 22), F->note_y, DIM, note);
    for (int k = 0; k < F->items; k++) {
        int i = F->first + k;
        const FrontLevel *fl = &f->level[i];
        SDL_Rect b = F->item[k];
        bool sel = i == f->sel;
        button(r, b, sel);
        int ty = b.y + (b.h - L->line) / 2 + render_px(L->ui, 1), x = b.x + render_px(L->ui, 10);
        char num[16], name[LEVEL_NAME_MAX * 4 + 1], fit[TEXT_LEN], best[96];
        if (i < f->campaign)
            snprintf(num, sizeof num, "%2d", i + 1);
        else if (i < f->campaign + f->extras)
            snprintf(num, sizeof num, "x%d", i - f->campaign + 1); /* an extra */
        else
            snprintf(num, sizeof num, " \xe2\x9c\x8e"); /* the player's own: a pencil */
        render_text(r, font, x, ty, DIM, num);
        x += render_text_width(font, "000") + render_px(L->ui, 6);
        /* the right-hand column: won and the best, or why it cannot be played */
        if (fl->reading) {
            snprintf(best, sizeof best, _("reading\xe2\x80\xa6"));
        } else if (!fl->loads) {
            snprintf(best, sizeof best, _("does not load"));
        } else if (fl->won) {
            char t[32], row[4 * FRONT_STARS + 1] = "";
            format_time(fl->best_time, t, sizeof t);
            for (int s = 0; s < FRONT_STARS; s++)
                strcat(row, s < fl->stars ? "\xe2\x98\x85" : "\xe2\x98\x86");
            snprintf(best, sizeof best, _("%s   best %s, %ld steps"), row, t, fl->best_steps);
        } else {
            snprintf(best, sizeof best, "%s", fl->free_play ? _("free play: no exit") : _("not won yet"));
        }
        int bw = render_text_width(font, best);
        render_text(r, font, b.x + b.w - render_px(L->ui, 10) - bw, ty, fl->won ? GOOD : DIM, best);
        text_escape(fl->name, name, sizeof name);
        render_text_fit(font, name, b.x + b.w - render_px(L->ui, 24) - bw - x, fit, sizeof fit);
        render_text(r, font, x, ty, sel ? (SDL_Color){255, 255, 255, 255} : BODY, fit);
    }
    draw_more(r, F);
    centred(r, font, &F->panel, F->foot_y, DIM, _("Up, Down: choose    Enter: play    Esc: back"));
}

static void draw_ending(Renderer *r, const Front *f, const FrontLayout *F)
{
    const Layout *L = &r->lay;
    TTF_Font *font = r->assets->font, *big = r->assets->font_big;
    bool all = f->won == f->campaign;
    centred(r, big, &F->panel, F->title_y, HEAD, all ? _("The way out is yours") : _("The end of the campaign"));
    centred(r, font, &F->panel, F->note_y, DIM,
            all ? _("Every level of the campaign is won.") : _("The levels not won yet wait for you under Levels."));
    double time = 0, energy = 0;
    long steps = 0;
    for (int i = 0; i < f->campaign; i++)
        if (f->level[i].won) {
            time += f->level[i].best_time;
            energy += f->level[i].best_energy;
            steps += f->level[i].best_steps;
        }
    char t[32], line[160];
    format_time(time, t, sizeof t);
    int y = F->panel.y + render_px(L->ui, 22) + L->big_line + L->line + render_px(L->ui, 16);
    snprintf(line, sizeof line, _("Levels won: %d of %d, stars: %d of %d"), f->won, f->campaign, f->stars,
             FRONT_STARS * f->campaign);
    centred(r, font, &F->panel, y, BODY, line);
    snprintf(line, sizeof line, _("Your best times add up to %s, over %ld steps"), t, steps);
    centred(r, font, &F->panel, y += L->line, BODY, line);
    snprintf(line, sizeof line, _("Energy used at your best: %.1f"), energy);
    centred(r, font, &F->panel, y += L->line, BODY, line);
    centred(r, font, &F->panel, y += 2 * L->line, HEAD, "Isodroid");
    centred(r, font, &F->panel, y += L->line, DIM, _("Made by the Isodroid team. Text in DejaVu Sans."));
    centred(r, font, &F->panel, y += L->line, DIM, _("Thank you for playing."));
    centred(r, font, &F->panel, F->foot_y, DIM, _("Enter: back to the title"));
}

static void draw_settings(Renderer *r, const Front *f, const FrontLayout *F, const Settings *set, const char *path)
{
    const Layout *L = &r->lay;
    TTF_Font *font = r->assets->font, *big = r->assets->font_big;
    render_text(r, big, F->panel.x + render_px(L->ui, 22), F->title_y, HEAD, _("Settings"));
    render_text(r, font, F->panel.x + render_px(L->ui, 22), F->note_y, DIM, _("Kept for the next time, as soon as changed."));
    static const char *const labels[FRONT_SET_ITEMS] = {N_("Volume"), N_("Effects volume"), N_("Music volume"),
                                                        N_("Fullscreen"), N_("Minimap when a level starts"),
                                                        N_("Text size"), N_("Colours"), N_("Language"), N_("Keys")};
    for (int k = 0; k < F->items && set; k++) {
        int i = F->first + k;
        SDL_Rect b = F->item[k];
        bool sel = i == f->sel;
        button(r, b, sel);
        int ty = b.y + (b.h - L->line) / 2 + render_px(L->ui, 1);
        render_text(r, font, b.x + render_px(L->ui, 10), ty, sel ? (SDL_Color){255, 255, 255, 255} : BODY, _(labels[i]));
        char value[64];
        row_value(f, set, i, value, sizeof value);
        int vw = render_text_width(font, value);
        render_text(r, font, b.x + b.w - render_px(L->ui, 10) - vw, ty, sel ? HEAD : DIM, value);
    }
    draw_more(r, F);
    int y = F->item[F->items - 1].y + F->item[F->items - 1].h + F->down.h + render_px(L->ui, 10);
    char line[TEXT_LEN], fit[TEXT_LEN];
    snprintf(line, sizeof line, _("The window's size is remembered as you leave it (%dx%d)."), set ? set->window_w : 0,
             set ? set->window_h : 0);
    render_text_fit(font, line, F->panel.w - render_px(L->ui, 44), fit, sizeof fit);
    render_text(r, font, F->panel.x + render_px(L->ui, 22), y, DIM, fit);
    if (set && set->error[0]) { /* what went wrong with the settings' file, else whether there is none */
        render_text_fit(font, set->error, F->panel.w - render_px(L->ui, 44), fit, sizeof fit);
        render_text(r, font, F->panel.x + render_px(L->ui, 22), y + L->line, (SDL_Color){255, 140, 120, 255}, fit);
    } else if (!path) { /* where they are kept is no player's business; that they are not, is */
        render_text(r, font, F->panel.x + render_px(L->ui, 22), y + L->line, DIM,
                    _("This run keeps no settings: changes last until you quit."));
    }
    render_text_fit(font, _("Up, Down: choose    Left, Right, Enter: change    Esc: back"),
                    F->panel.w - render_px(L->ui, 20), fit, sizeof fit);
    centred(r, font, &F->panel, F->foot_y, DIM, fit);
}

static void draw_generated(Renderer *r, const Front *f, const FrontLayout *F)
{
    const Layout *L = &r->lay;
    TTF_Font *font = r->assets->font, *big = r->assets->font_big;
    render_text(r, big, F->panel.x + render_px(L->ui, 22), F->title_y, HEAD, _("Generated levels"));
    render_text(r, font, F->panel.x + render_px(L->ui, 22), F->note_y, DIM,
                _("Made from a seed and proven winnable unseen; a seed always makes the same level."));
    for (int i = 0; i < F->items; i++) {
        SDL_Rect b = F->item[i];
        bool sel = i == f->sel;
        button(r, b, sel);
        int ty = b.y + (b.h - L->line) / 2 + render_px(L->ui, 1);
        static const char *const labels[FRONT_GEN_ITEMS] = {N_("Level of the day"), N_("Your seed"), N_("Difficulty")};
        render_text(r, font, b.x + render_px(L->ui, 10), ty, sel ? (SDL_Color){255, 255, 255, 255} : BODY, _(labels[i]));
        char value[64];
        row_value(f, NULL, i, value, sizeof value);
        int vw = render_text_width(font, value);
        render_text(r, font, b.x + b.w - render_px(L->ui, 10) - vw, ty, sel ? HEAD : DIM, value);
    }
    int y = F->item[F->items - 1].y + F->item[F->items - 1].h + render_px(L->ui, 10);
    render_text(r, font, F->panel.x + render_px(L->ui, 22), y, f->generating || f->gen_cancelled ? HEAD : DIM,
                f->generating      ? _("Making the level and proving it \xe2\x80\xa6 (Esc: stop)")
                : f->gen_cancelled ? _("Stopped: no level made. Enter makes it again.")
                                   : _("Bests are kept for each level made, as for the campaign's."));
    centred(r, font, &F->panel, F->foot_y, DIM,
            _("Up, Down: choose    0-9: seed    Left, Right: difficulty    Enter: play    Esc: back"));
}

static void draw_keys(Renderer *r, const Front *f, const FrontLayout *F, const Settings *set)
{
    const Layout *L = &r->lay;
    TTF_Font *font = r->assets->font, *big = r->assets->font_big;
    render_text(r, big, F->panel.x + render_px(L->ui, 22), F->title_y, HEAD, _("Keys"));
    render_text(r, font, F->panel.x + render_px(L->ui, 22), F->note_y, DIM,
                _("Kept with the settings. Esc, the editor's digits and the mouse stay as they are."));
    for (int k = 0; k < F->items && set; k++) {
        int i = F->first + k;
        BindAction a = (BindAction)f->key_action[i];
        SDL_Rect b = F->item[k];
        bool sel = i == f->sel;
        button(r, b, sel);
        int ty = b.y + (b.h - L->line) / 2 + render_px(L->ui, 1);
        render_text(r, font, b.x + render_px(L->ui, 10), ty, sel ? (SDL_Color){255, 255, 255, 255} : BODY,
                    _(bindings_info(a)->label));
        char keys[BIND_TEXT_MAX];
        const char *shown = sel && f->capturing ? _("press a key \xe2\x80\xa6") : bindings_keys_text(set, a, keys, sizeof keys);
        int kw = render_text_width(font, shown);
        bool none = !(sel && f->capturing) && bindings_key_count(set, a) == 0; /* left without a key: said so */
        render_text(r, font, b.x + b.w - render_px(L->ui, 10) - kw, ty,
                    none ? (SDL_Color){255, 140, 120, 255} : sel ? HEAD : DIM, shown);
    }
    draw_more(r, F);
    int y = F->items ? F->item[F->items - 1].y + F->item[F->items - 1].h + F->down.h + render_px(L->ui, 8)
                     : F->note_y + L->line;
    char note[2][TEXT_LEN];
    int lines = render_text_wrap(font, f->key_note, F->panel.w - render_px(L->ui, 44), note, 2);
    for (int i = 0; i < lines; i++)
        render_text(r, font, F->panel.x + render_px(L->ui, 22), y + i * L->line, HEAD, note[i]);
    centred(r, font, &F->panel, F->foot_y, DIM, _("Up, Down: choose    Enter: set a key    Delete: its default keys    Esc: back"));
}

void render_front(Renderer *r, const Scene *sc, const HudStats *hs)
{
    const Front *f = hs->front;
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, 10, 12, 20, 150); /* the level behind, darkened */
    SDL_RenderFillRect(r->sdl, NULL);
    FrontLayout F = front_layout(sc, f);
    render_panel(r, F.panel, 240);
    if (f->screen == FRONT_TITLE)
        draw_title(r, sc, f, &F);
    else if (f->screen == FRONT_LEVELS)
        draw_levels(r, f, &F);
    else if (f->screen == FRONT_SETTINGS)
        draw_settings(r, f, &F, hs->settings, hs->settings_path);
    else if (f->screen == FRONT_GENERATED)
        draw_generated(r, f, &F);
    else if (f->screen == FRONT_KEYS)
        draw_keys(r, f, &F, hs->settings);
    else if (f->screen == FRONT_ENDING)
        draw_ending(r, f, &F);
}

/* ---- the hit tests the shell asks (render.h), on the scene last drawn ---- */

int render_front_pick(const Game *g, const Front *f, int x, int y)
{
    Scene sc = render_pick_scene(g);
    return render_front_pick_in(&sc, f, x, y);
}

int render_front_arrow(Renderer *r, const Game *g, const HudStats *hs, int x, int y)
{
    Scene sc = render_pick_scene(g);
    return render_front_arrow_in(r, &sc, hs, x, y);
}

int render_front_more(const Game *g, const Front *f, int x, int y)
{
    Scene sc = render_pick_scene(g);
    return render_front_more_in(&sc, f, x, y);
}
