/* SPDX-License-Identifier: MIT */
/* render_help.c - the help over the play (H), laid out from the window's
 * size: the keys (the binding table's rows with the player's keys), the
 * sentries' rules with their badges, what a paused click does and the stars,
 * and the minimap's legend; in two columns with room, else one, cut to the
 * rows that fit. Decides nothing. */
#include "render_int.h"

#include "bindings.h"

#include <stdio.h>

/* ---- the help: the keys, the sentries, the minimap's legend ---------------------------- */

enum { HELP_WRAP = 3, HELP_ROWS = 32 };

typedef struct HelpRow {
    const char *keys, *what;
    int badge; /* a Badge drawn before the keys, or -1 */
} HelpRow;

/* The keys' rows of the help: the goal, then the binding table's rows
 * (bindings.h) that act in play or in the editor, with the player's keys;
 * the editor's own rows indented. Filled on each drawing (the texts live in
 * static storage: one help is drawn at a time). */
static int help_keys(const Settings *set, HelpRow *rows, int max)
{
    static char keys[HELP_ROWS][BIND_TEXT_MAX + 2];
    BindRow b[BIND_COUNT];
    int nb = bindings_rows(b, BIND_COUNT), n = 0;
    Settings defaults;
    if (!set) {
        settings_default(&defaults);
        set = &defaults;
    }
    rows[n++] = (HelpRow){"Goal", "collect every energy cell, then walk into the exit", -1};
    rows[n++] = (HelpRow){"Energy", "a step costs its length; standing still costs 1 a second once the clock runs", -1};
    for (int i = 0; i < nb && n < max && n < HELP_ROWS; i++) {
        if (!(b[i].where & (BIND_IN_PLAY | BIND_IN_EDITOR)))
            continue; /* the panels' and the questions' own keys: said there */
        bool editor_only = !(b[i].where & BIND_IN_PLAY);
        char text[BIND_TEXT_MAX];
        bindings_row_text(set, &b[i], text, sizeof text);
        snprintf(keys[n], sizeof keys[n], "%s%s", editor_only ? "  " : "", text);
        rows[n] = (HelpRow){keys[n], b[i].help, -1};
        n++;
    }
    return n;
}

static const HelpRow help_sentries[] = {
    {"Sight", "a 120\xc2\xb0 cone 8 tiles deep; walls, void and closed doors block it (V shows the cones)", BADGE_EYE},
    {"Hearing", "each step is heard within a path cost of 6 (8 onto rough ground, 9 into a door): the ripple "
                "round the droid shows how far",
     BADGE_RIPPLE},
    {"Alert", "\"!\" when it saw the droid, sound waves when it heard it; half a second later it gives chase", BADGE_ALERT},
    {"Caught", "a chasing sentry that reaches the droid ends the level (Backspace goes back 3 s)", -1},
    {"Your route", "red from where a sentry would notice it: an eye (sight) or sound waves (hearing) there "
                   "and over that sentry; a tick if none would",
     BADGE_CHECK},
    {"Safe to go", "how long the route stays unseen if you wait, or how long until it is; the bar's dim part has "
                   "gone by",
     -1},
    {"Patrols", "dotted lines through the waypoints, with V or the pointer on a sentry", -1},
    {"Paused clicks", "a click given while paused happens exactly as previewed: the preview runs the real "
                      "simulation, which is deterministic",
     -1},
    {"Stars", "a win, energy within 110% of par, unseen: a sentry's notice counts until R restarts, "
              "rewinds or not; time earns none",
     -1},
};

/* The second table's title (cut to its column when the window is narrow). */
static const char sentries_title[] = "Sentries and stars";

static const MiniMarker legend[] = {MARK_DROID, MARK_TARGET, MARK_PATH, MARK_EXIT, MARK_CELL, MARK_DOOR, MARK_SENTRY};

/* One table of the help: rows of keys (or a badge and a name) and their
 * description, wrapped; the widths of its columns; the rows that fit. */
typedef struct HelpTable {
    const HelpRow *rows;
    int count, shown;
    int key_w, what_w, badge_w;
    char wrapped[HELP_ROWS][HELP_WRAP][TEXT_LEN];
    int nwrap[HELP_ROWS];
    int h;
} HelpTable;

/* Column widths for a table `width` wide: the keys as wide as the widest (at most 45%). */
static void table_widths(Renderer *r, HelpTable *t, int width, int gap)
{
    TTF_Font *f = r->assets->font;
    t->badge_w = 0;
    int key_w = 0;
    for (int i = 0; i < t->count; i++) {
        if (t->rows[i].badge >= 0)
            t->badge_w = r->lay.line + render_px(r->lay.ui, 4);
        int kw = render_text_width(f, t->rows[i].keys);
        key_w = kw > key_w ? kw : key_w;
    }
    key_w += t->badge_w;
    t->key_w = key_w > width * 45 / 100 ? width * 45 / 100 : key_w;
    t->what_w = width - t->key_w - gap;
}

/* The rows that fit in max_h with descriptions wrapped to `wrap` lines
 * (leaving a line for "... more" when some are left out). */
static void table_fit(Renderer *r, HelpTable *t, int wrap, int max_h)
{
    TTF_Font *f = r->assets->font;
    int line = r->lay.line;
    t->h = 0;
    t->shown = 0;
    for (int i = 0; i < t->count && i < HELP_ROWS; i++) {
        int lines = render_text_wrap(f, t->rows[i].what, t->what_w, t->wrapped[i], wrap);
        t->nwrap[i] = lines < 1 ? 1 : lines;
        if (t->h + t->nwrap[i] * line + (i < t->count - 1 ? line : 0) > max_h)
            break;
        t->h += t->nwrap[i] * line;
        t->shown++;
    }
}

/* Fits with descriptions wrapped; when that leaves rows out, one line each (cut short), which shows more. */
static void table_fit_best(Renderer *r, HelpTable *t, int max_h)
{
    table_fit(r, t, HELP_WRAP, max_h);
    if (t->shown < t->count)
        table_fit(r, t, 1, max_h);
}

static int table_draw(Renderer *r, const HelpTable *t, int x, int y, int gap)
{
    TTF_Font *f = r->assets->font;
    int line = r->lay.line;
    for (int i = 0; i < t->shown; i++) {
        const HelpRow *row = &t->rows[i];
        if (row->badge >= 0)
            render_badge(r, (Badge)row->badge, (float)(x + line / 2), (float)(y + line / 2), (float)line);
        char fit[TEXT_LEN];
        render_text_fit(f, row->keys, t->key_w - t->badge_w, fit, sizeof fit);
        render_text(r, f, x + t->badge_w, y, KEY, fit);
        for (int k = 0; k < t->nwrap[i]; k++)
            render_text(r, f, x + t->key_w + gap, y + k * line, BODY, t->wrapped[i][k]);
        y += t->nwrap[i] * line;
    }
    if (t->shown < t->count) {
        char note[TEXT_LEN], fit[TEXT_LEN];
        snprintf(note, sizeof note, "... %d more in a larger window", t->count - t->shown);
        render_text_fit(f, note, t->key_w + gap + t->what_w, fit, sizeof fit);
        render_text(r, f, x, y, DIM, fit);
        y += line;
    }
    return y;
}

/* The legend's lines for a width, and drawing it at (x, y). */
static int legend_lines(Renderer *r, int width, int gap)
{
    TTF_Font *f = r->assets->font;
    int mk = render_px(r->lay.ui, 14), lines = 1, x = 0;
    for (size_t i = 0; i < sizeof legend / sizeof legend[0]; i++) {
        int w = mk + render_px(r->lay.ui, 6) + render_text_width(f, render_minimap_marker_name(legend[i])) + gap;
        if (x > 0 && x + w - gap > width) {
            lines++;
            x = 0;
        }
        x += w;
    }
    return lines;
}

static void legend_draw(Renderer *r, int x0, int y, int width, int gap)
{
    TTF_Font *f = r->assets->font;
    const Layout *L = &r->lay;
    int mk = render_px(L->ui, 14), x = 0;
    render_text(r, f, x0, y, HEAD, "On the minimap");
    y += L->line;
    for (size_t i = 0; i < sizeof legend / sizeof legend[0]; i++) {
        const char *name = render_minimap_marker_name(legend[i]);
        int item_w = mk + render_px(L->ui, 6) + render_text_width(f, name) + gap;
        if (x > 0 && x + item_w - gap > width) {
            y += L->line;
            x = 0;
        }
        render_minimap_marker(r, legend[i], (float)(x0 + x + mk / 2), (float)(y + L->line / 2 - 1), (float)mk, NULL);
        render_text(r, f, x0 + x + mk + render_px(L->ui, 6), y, BODY, name);
        x += item_w;
    }
}

/* The help in one screen: with room, the keys on the left and the sentries
 * and the legend on the right; else one column, keys first, cut to the rows
 * that fit with a line saying how many are left out. */
void render_help(Renderer *r, const Game *g, const HudStats *hs)
{
    const Layout *L = &r->lay;
    TTF_Font *fb = r->assets->font_big;
    int m = render_px(L->ui, 20), gap = render_px(L->ui, 18), col_gap = render_px(L->ui, 34);
    int avail_w = g->screen_w - 2 * L->pad - 2 * m, avail_h = g->screen_h - 2 * L->pad - 2 * m;
    int head_h = L->big_line + render_px(L->ui, 10);
    static HelpTable keys, sentries; /* large; one help is drawn at a time */
    static HelpRow key_rows[HELP_ROWS];
    keys = (HelpTable){.rows = key_rows, .count = help_keys(hs->settings, key_rows, HELP_ROWS)};
    sentries = (HelpTable){.rows = help_sentries, .count = (int)(sizeof help_sentries / sizeof help_sentries[0])};
    bool two = avail_w >= render_px(L->ui, 880);
    int left_w = two ? (avail_w - col_gap) * 53 / 100 : avail_w, right_w = two ? avail_w - col_gap - left_w : avail_w;
    int legend_h = 0;
    if (two) {
        table_widths(r, &keys, left_w, gap);
        table_widths(r, &sentries, right_w, gap);
        table_fit_best(r, &keys, avail_h - head_h);
        legend_h = L->line + legend_lines(r, right_w, gap) * L->line + render_px(L->ui, 10);
        table_fit_best(r, &sentries, avail_h - head_h - legend_h);
        two = keys.shown == keys.count && sentries.shown == sentries.count;
        if (!two)
            left_w = right_w = avail_w;
    }
    bool with_legend = two;
    int inner_w, inner_h;
    if (two) {
        /* the columns as wide as what they hold */
        int lw = keys.key_w + gap + keys.what_w, rw = sentries.key_w + gap + sentries.what_w;
        inner_w = lw + col_gap + rw;
        int hl = keys.h, hr = sentries.h + legend_h;
        inner_h = head_h + (hl > hr ? hl : hr);
    } else {
        /* one column: the keys, then the sentries under their own title */
        table_widths(r, &keys, avail_w, gap);
        table_widths(r, &sentries, avail_w, gap);
        table_fit_best(r, &keys, avail_h - head_h);
        int h = head_h + keys.h + (keys.shown < keys.count ? L->line : 0);
        if (keys.shown == keys.count && avail_h - h - head_h > 0)
            table_fit_best(r, &sentries, avail_h - h - head_h);
        else
            sentries.shown = 0, sentries.h = 0;
        bool any = sentries.shown > 0;
        h += any ? head_h + sentries.h + (sentries.shown < sentries.count ? L->line : 0) : 0;
        legend_h = L->line + legend_lines(r, avail_w, gap) * L->line + render_px(L->ui, 10);
        with_legend = any && sentries.shown == sentries.count && h + legend_h <= avail_h;
        inner_h = h + (with_legend ? legend_h : 0);
        int kw = keys.key_w + gap + keys.what_w;
        inner_w = kw;
        (void)right_w;
    }
    int title_w = render_text_width(fb, "Controls");
    int w = (inner_w > title_w ? inner_w : title_w) + 2 * m, h = inner_h + 2 * m - render_px(L->ui, 6);
    SDL_Rect p = {(g->screen_w - w) / 2, (g->screen_h - h) / 2, w, h};
    if (p.y < L->pad)
        p.y = L->pad;
    render_panel(r, p, 238);
    int top = p.y + m - render_px(L->ui, 6), x = p.x + m;
    render_text(r, fb, x, top, HEAD, "Controls");
    int y = table_draw(r, &keys, x, top + head_h, gap);
    if (two) {
        int rx = x + keys.key_w + gap + keys.what_w + col_gap;
        char fit[TEXT_LEN];
        render_text_fit(fb, sentries_title, sentries.key_w + gap + sentries.what_w, fit, sizeof fit);
        render_text(r, fb, rx, top, HEAD, fit);
        y = table_draw(r, &sentries, rx, top + head_h, gap);
        legend_draw(r, rx, y + render_px(L->ui, 10), sentries.key_w + gap + sentries.what_w, gap);
        return;
    }
    if (sentries.shown == 0)
        return;
    char fit[TEXT_LEN];
    render_text_fit(fb, sentries_title, w - 2 * m, fit, sizeof fit);
    render_text(r, fb, x, y + render_px(L->ui, 4), HEAD, fit);
    y = table_draw(r, &sentries, x, y + head_h, gap);
    if (with_legend)
        legend_draw(r, x, y + render_px(L->ui, 10), inner_w, gap);
}
