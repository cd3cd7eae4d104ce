/* SPDX-License-Identifier: MIT */
/* render_help.c - the help over the play (H), laid out from the window's
 * size and the text size: four sections (the play's keys with the goal, the
 * editor's keys, the sentries' rules with their badges and the stars, the
 * minimap's legend), each under its heading, flowed down columns (as many
 * as the width holds) and over pages. Every row is wrapped whole, never cut
 * short: what does not fit goes to the next column or page, and the footer
 * says which page this is, with arrows to click. The binding table's rows
 * give the keys (the player's own). Decides nothing: the page shown is
 * sc->frame.help_page, clamped here (render_help_info says how many there are). */
#include "render_int.h"

#include "bindings.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

enum {
    HELP_LINES = 10,   /* the most lines one row's keys or description may take */
    HELP_ENTRIES = 72, /* headings, rows and the legend */
    HELP_PLACED = 112, /* the entries placed, with the headings repeated over a column that goes on */
};

typedef enum HelpSection { SEC_CONTROLS, SEC_EDITOR, SEC_SENTRIES, SEC_MINIMAP, SEC_COUNT } HelpSection;
static const char *const section_title[SEC_COUNT] = {N_("Controls"), N_("In the editor"),
                                                     N_("Sentries and stars"), N_("On the minimap")};

typedef struct HelpRow {
    const char *keys, *what;
    int badge; /* a Badge drawn before the keys, or -1 */
} HelpRow;

typedef enum EntryKind { ENTRY_HEAD, ENTRY_ROW, ENTRY_LEGEND } EntryKind;
typedef struct HelpEntry {
    EntryKind kind;
    HelpSection sec;
    HelpRow row; /* ENTRY_ROW */
} HelpEntry;

static const HelpRow help_sentries[] = {
    {N_("Sight"), N_("a 120\xc2\xb0 cone 8 tiles deep; walls, void and closed doors block it (V shows the cones)"), BADGE_EYE},
    {N_("Hearing"), N_("each step is heard within a path cost of 6 (8 onto rough ground, 9 into a door): the ripple "
                "round the droid shows how far"),
     BADGE_RIPPLE},
    {N_("Alert"), N_("\"!\" when it saw the droid, sound waves when it heard it; half a second later it gives chase"), BADGE_ALERT},
    {N_("Caught"), N_("a chasing sentry that reaches the droid ends the level (Backspace goes back 3 s)"), -1},
    {N_("Your route"), N_("red from where a sentry would notice it: an eye (sight) or sound waves (hearing) there "
                   "and over that sentry; a tick if none would"),
     BADGE_CHECK},
    {N_("Safe to go"), N_("how long the route stays unseen if you wait, or how long until it is; the bar's dim part has "
                   "gone by"),
     -1},
    {N_("Patrols"), N_("dotted lines through the waypoints, with V or the pointer on a sentry"), -1},
    {N_("Paused clicks"), N_("a click given while paused happens exactly as previewed: the preview runs the real "
                      "simulation, which is deterministic"),
     -1},
    {N_("Stars"),
     /* xgettext:no-c-format */
     N_("a win, energy within 110% of par, unseen: a sentry's notice counts until R restarts, "
              "rewinds or not; time earns none"),
     -1},
};

static const MiniMarker legend[] = {MARK_DROID, MARK_TARGET, MARK_PATH, MARK_EXIT, MARK_CELL, MARK_DOOR, MARK_SENTRY};

/* The help's entries in order: each section's heading, then its rows (the
 * keys' from the binding table, with the player's keys: the play's under
 * Controls, the editor's own under theirs), then the legend. The keys'
 * texts live in static storage: one help is laid out at a time. */
static int help_entries(const Settings *set, HelpEntry *e, int max)
{
    static char keys[HELP_ENTRIES][BIND_TEXT_MAX];
    BindRow b[BIND_COUNT];
    int nb = bindings_rows(b, BIND_COUNT), n = 0;
    Settings defaults;
    if (!set) {
        settings_default(&defaults);
        set = &defaults;
    }
    e[n++] = (HelpEntry){ENTRY_HEAD, SEC_CONTROLS, {NULL, NULL, -1}};
    e[n++] = (HelpEntry){ENTRY_ROW, SEC_CONTROLS, {_("Goal"), _("collect every energy cell, then walk into the exit"), -1}};
    e[n++] = (HelpEntry){ENTRY_ROW, SEC_CONTROLS,
                         {_("Energy"), _("a step costs its length; standing still costs 1 a second once the clock runs"), -1}};
    for (int pass = 0; pass < 2; pass++) { /* the play's rows, then the editor's own */
        if (pass == 1 && n < max)
            e[n++] = (HelpEntry){ENTRY_HEAD, SEC_EDITOR, {NULL, NULL, -1}};
        for (int i = 0; i < nb && n < max; i++) {
            bool play = b[i].where & BIND_IN_PLAY, editor = b[i].where & BIND_IN_EDITOR;
            if (pass == 0 ? !play : play || !editor)
                continue; /* the panels' and the questions' own keys are said there */
            bindings_row_text(set, &b[i], keys[n], sizeof keys[n]);
            e[n] = (HelpEntry){ENTRY_ROW, pass ? SEC_EDITOR : SEC_CONTROLS, {keys[n], b[i].help, -1}};
            n++;
        }
    }
    if (n < max)
        e[n++] = (HelpEntry){ENTRY_HEAD, SEC_SENTRIES, {NULL, NULL, -1}};
    for (size_t i = 0; i < sizeof help_sentries / sizeof help_sentries[0] && n < max; i++)
        e[n++] = (HelpEntry){ENTRY_ROW, SEC_SENTRIES,
                             {_(help_sentries[i].keys), _(help_sentries[i].what), help_sentries[i].badge}};
    if (n + 1 < max) {
        e[n++] = (HelpEntry){ENTRY_HEAD, SEC_MINIMAP, {NULL, NULL, -1}};
        e[n++] = (HelpEntry){ENTRY_LEGEND, SEC_MINIMAP, {NULL, NULL, -1}};
    }
    return n;
}

/* One entry where the layout put it: its page, column and height from the column's top. */
typedef struct Placed {
    int entry;
    int page, col, y, h;
    bool cont; /* a heading repeated at the top of a column its section goes on in */
} Placed;

/* Where everything of the help goes, for one window size and text size. */
typedef struct HelpLayout {
    SDL_Rect panel;
    int m, gap, col_gap, sec_gap, row_gap;
    int cols, col_w, key_w, badge_w;
    bool stacked;            /* a narrow column: each row's keys over its description */
    bool repeat_heads;       /* room for a section's heading again where it goes on */
    int x0, top, room;       /* the first column's left, the columns' top, their height */
    int pages, page;
    HelpEntry entry[HELP_ENTRIES];
    int count;
    Placed placed[HELP_PLACED];
    int nplaced;
    int cut;                 /* rows not shown whole */
    int foot_y, foot_h;
    SDL_Rect prev, next;     /* the footer's arrows (w 0: one page) */
} HelpLayout;

static void heading_text(const HelpEntry *e, bool cont, char *out, size_t n)
{
    snprintf(out, n, "%s%s", _(section_title[e->sec]), cont ? _(", continued") : "");
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

/* An entry's height in a column (and, when draw, the entry drawn at x, y);
 * *cut set when a text of it takes more than HELP_LINES lines. */
static int entry_do(Renderer *r, const HelpLayout *H, const HelpEntry *e, bool cont, int x, int y, bool draw,
                    bool *cut)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    char lines[HELP_LINES + 1][TEXT_LEN];
    *cut = false;
    if (e->kind == ENTRY_HEAD) {
        char title[96];
        heading_text(e, cont, title, sizeof title);
        int n = render_text_wrap(fb, title, H->col_w, lines, HELP_LINES + 1);
        *cut = n > HELP_LINES;
        n = n > HELP_LINES ? HELP_LINES : n < 1 ? 1 : n;
        for (int k = 0; draw && k < n; k++)
            render_text(r, fb, x, y + k * L->big_line, cont ? DIM : HEAD, lines[k]);
        return n * L->big_line + render_px(L->ui, 2);
    }
    if (e->kind == ENTRY_LEGEND) {
        if (draw)
            legend_draw(r, x, y, H->col_w, H->gap);
        return legend_lines(r, H->col_w, H->gap) * L->line + H->row_gap;
    }
    const HelpRow *row = &e->row;
    int bw = row->badge >= 0 ? H->badge_w : 0;
    int nk = render_text_wrap(f, row->keys, (H->stacked ? H->col_w : H->key_w) - bw, lines, HELP_LINES + 1);
    *cut = nk > HELP_LINES;
    nk = nk > HELP_LINES ? HELP_LINES : nk < 1 ? 1 : nk;
    if (draw) {
        if (row->badge >= 0)
            render_badge(r, (Badge)row->badge, (float)(x + L->line / 2), (float)(y + L->line / 2), (float)L->line);
        for (int k = 0; k < nk; k++)
            render_text(r, f, x + bw, y + k * L->line, KEY, lines[k]);
    }
    int indent = render_px(L->ui, 12); /* stacked: the description under its keys, indented */
    int what_x = H->stacked ? indent : H->key_w + H->gap, what_y = H->stacked ? nk * L->line : 0;
    int nw = render_text_wrap(f, row->what, H->col_w - what_x, lines, HELP_LINES + 1);
    *cut = *cut || nw > HELP_LINES;
    nw = nw > HELP_LINES ? HELP_LINES : nw < 1 ? 1 : nw;
    for (int k = 0; draw && k < nw; k++)
        render_text(r, f, x + what_x, y + what_y + k * L->line, BODY, lines[k]);
    return (H->stacked ? nk + nw : nk > nw ? nk : nw) * L->line + H->row_gap;
}

static void place(HelpLayout *H, int entry, int page, int col, int y, int h, bool cont)
{
    if (H->nplaced < HELP_PLACED)
        H->placed[H->nplaced++] = (Placed){entry, page, col, y, h, cont};
}

/* The help's entries and its measures for r's layout: margins, the
 * columns and their width, the keys' column, the room a column has. */
static void help_measure(Renderer *r, const Scene *sc, const HudStats *hs, HelpLayout *H)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font;
    memset(H, 0, sizeof *H);
    int side = sc->frame.screen_w < sc->frame.screen_h ? sc->frame.screen_w : sc->frame.screen_h;
    H->m = render_px(L->ui, 20) < side / 30 ? render_px(L->ui, 20) : side / 30 < 4 ? 4 : side / 30; /* less in a tiny window */
    H->gap = render_px(L->ui, 16);
    H->col_gap = render_px(L->ui, 36);
    H->sec_gap = render_px(L->ui, 12);
    H->row_gap = render_px(L->ui, 3);
    H->count = help_entries(hs ? hs->settings : NULL, H->entry, HELP_ENTRIES);
    int avail_w = sc->frame.screen_w - 2 * L->pad - 2 * H->m, avail_h = sc->frame.screen_h - 2 * L->pad - 2 * H->m;
    int max_w = render_px(L->ui, 1240); /* lines no longer than read well */
    avail_w = avail_w > max_w ? max_w : avail_w < 1 ? 1 : avail_w;
    H->cols = (avail_w + H->col_gap) / (render_px(L->ui, 400) + H->col_gap);
    H->cols = H->cols < 1 ? 1 : H->cols > 3 ? 3 : H->cols;
    H->col_w = (avail_w - (H->cols - 1) * H->col_gap) / H->cols;
    H->badge_w = L->line + render_px(L->ui, 4);
    int key_w = 0;
    for (int i = 0; i < H->count; i++) {
        const HelpEntry *e = &H->entry[i];
        if (e->kind != ENTRY_ROW)
            continue;
        int w = render_text_width(f, e->row.keys) + (e->row.badge >= 0 ? H->badge_w : 0);
        key_w = w > key_w ? w : key_w;
    }
    int key_max = H->col_w * 36 / 100 < render_px(L->ui, 230) ? H->col_w * 36 / 100 : render_px(L->ui, 230);
    H->key_w = key_w > key_max ? key_max : key_w; /* the widest keys wrap */
    H->stacked = H->col_w < render_px(L->ui, 340);
    H->foot_h = L->line + render_px(L->ui, 12);
    H->room = avail_h - H->foot_h;
    if (H->room < L->big_line + L->line)
        H->room = L->big_line + L->line;
    H->repeat_heads = H->room >= L->big_line + 6 * L->line;
}

/* Every entry flowed down the columns and over pages (a heading never
 * ends a column; a section going on repeats its heading, dimmed); the
 * tallest column's height. */
static int help_flow(Renderer *r, const Scene *sc, HelpLayout *H)
{
    int page = 0, col = 0, y = 0, tallest = 0;
    for (int i = 0; i < H->count; i++) {
        const HelpEntry *e = &H->entry[i];
        bool cut, cut2;
        int h = entry_do(r, H, e, false, 0, 0, false, &cut);
        int lead = e->kind == ENTRY_HEAD && y > 0 ? H->sec_gap : 0;
        int need = lead + h;
        if (e->kind == ENTRY_HEAD && i + 1 < H->count) /* kept with its first row */
            need += entry_do(r, H, &H->entry[i + 1], false, 0, 0, false, &cut2);
        if (y > 0 && y + need > H->room) { /* the next column, or the next page */
            if (++col == H->cols) {
                col = 0;
                page++;
            }
            y = 0;
            lead = 0;
            if (e->kind != ENTRY_HEAD && H->repeat_heads) { /* its section goes on here: its heading again, dimmed */
                HelpEntry head = {ENTRY_HEAD, e->sec, {NULL, NULL, -1}};
                int hh = entry_do(r, H, &head, true, 0, 0, false, &cut2);
                for (int k = i - 1; k >= 0; k--)
                    if (H->entry[k].kind == ENTRY_HEAD && H->entry[k].sec == e->sec) {
                        place(H, k, page, col, 0, hh, true);
                        break;
                    }
                y = hh;
            }
        }
        y += lead;
        place(H, i, page, col, y, h, false);
        if (cut || y + h > H->room)
            H->cut++;
        y += h;
        tallest = y > tallest ? y : tallest;
    }
    H->pages = page + 1;
    H->page = sc->frame.help_page < 0 ? 0 : sc->frame.help_page >= H->pages ? H->pages - 1 : sc->frame.help_page;
    return tallest;
}

/* The panel: as high as the columns on one page, the whole height over
 * several; the page's arrows either side of "Page N of M". */
static void help_panel(Renderer *r, const Scene *sc, HelpLayout *H, int tallest)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    int inner_h = H->pages > 1 ? H->room : (tallest < H->room ? tallest : H->room);
    int used_cols = H->pages > 1 ? H->cols : H->pages == 1 ? (H->nplaced ? H->placed[H->nplaced - 1].col + 1 : 1) : H->cols;
    int inner_w = used_cols * H->col_w + (used_cols - 1) * H->col_gap;
    int w = inner_w + 2 * H->m, h = inner_h + H->foot_h + 2 * H->m;
    H->panel = (SDL_Rect){(sc->frame.screen_w - w) / 2, (sc->frame.screen_h - h) / 2, w, h};
    if (H->panel.y < L->pad)
        H->panel.y = L->pad;
    if (H->panel.x < L->pad)
        H->panel.x = L->pad;
    H->x0 = H->panel.x + H->m;
    H->top = H->panel.y + H->m - render_px(L->ui, 4);
    H->foot_y = H->panel.y + H->panel.h - H->m - L->line + render_px(L->ui, 4);
    if (H->pages > 1) { /* the arrows either side of "Page N of M", centred */
        char mid[48];
        snprintf(mid, sizeof mid, _("Page %d of %d"), H->page + 1, H->pages);
        int aw = render_text_width(fb, "\xe2\x97\x80"), mw = render_text_width(f, mid), sp = render_px(L->ui, 14);
        int cx = H->panel.x + H->panel.w / 2, pad = render_px(L->ui, 6);
        H->prev = (SDL_Rect){cx - mw / 2 - sp - aw - pad, H->foot_y - pad, aw + 2 * pad, L->line + 2 * pad};
        H->next = (SDL_Rect){cx + mw / 2 + sp - pad, H->foot_y - pad, aw + 2 * pad, L->line + 2 * pad};
    }
}

/* The help laid out for r's layout (set from g). */
static void help_layout(Renderer *r, const Scene *sc, const HudStats *hs, HelpLayout *H)
{
    r->lay = render_layout(&sc->frame);
    render_fonts_for_layout(r, &r->lay);
    help_measure(r, sc, hs, H);
    help_panel(r, sc, H, help_flow(r, sc, H));
}

static HelpInfo render_help_info_in(Renderer *r, const Scene *sc, const HudStats *hs)
{
    static HelpLayout H; /* large; one help is laid out at a time */
    help_layout(r, sc, hs, &H);
    return (HelpInfo){H.pages, H.page, H.cut};
}

static int render_help_pick_in(Renderer *r, const Scene *sc, const HudStats *hs, int px, int py)
{
    static HelpLayout H;
    help_layout(r, sc, hs, &H);
    SDL_Point pt = {px, py};
    if (H.pages > 1 && SDL_PointInRect(&pt, &H.prev))
        return -1;
    if (H.pages > 1 && SDL_PointInRect(&pt, &H.next))
        return +1;
    return 0;
}

/* The footer: the page and its arrows (dim where there is no page that
 * way), the keys that turn it and close the help, where they fit. */
static void footer_draw(Renderer *r, const HelpLayout *H)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    int y = H->foot_y, left = H->panel.x + H->m, right = H->panel.x + H->panel.w - H->m;
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, 90, 120, 170, 90);
    SDL_RenderDrawLine(r->sdl, left, y - render_px(L->ui, 7), right, y - render_px(L->ui, 7));
    const char *close = H->pages > 1 ? _("Esc: close") : _("Esc or a click: close");
    if (H->pages == 1) {
        render_text(r, f, right - render_text_width(f, close), y, DIM, close);
        return;
    }
    char mid[48];
    snprintf(mid, sizeof mid, _("Page %d of %d"), H->page + 1, H->pages);
    int mw = render_text_width(f, mid), cx = H->panel.x + H->panel.w / 2, pad = render_px(L->ui, 6);
    int ay = y + (L->line - L->big_line) / 2;
    render_text(r, fb, H->prev.x + pad, ay, H->page > 0 ? HEAD : DIM, "\xe2\x97\x80");
    render_text(r, f, cx - mw / 2, y, BODY, mid);
    render_text(r, fb, H->next.x + pad, ay, H->page < H->pages - 1 ? HEAD : DIM, "\xe2\x96\xb6");
    const char *turn = _("PageUp, PageDown, arrows, wheel: turn");
    int room = H->prev.x - left - render_px(L->ui, 12);
    if (render_text_width(f, turn) <= room)
        render_text(r, f, left, y, DIM, turn);
    if (render_text_width(f, close) <= right - (H->next.x + H->next.w) - render_px(L->ui, 12))
        render_text(r, f, right - render_text_width(f, close), y, DIM, close);
}

void render_help(Renderer *r, const Scene *sc, const HudStats *hs)
{
    static HelpLayout H;
    help_layout(r, sc, hs, &H);
    render_panel(r, H.panel, 255);
    SDL_Rect clip = {H.panel.x, H.panel.y, H.panel.w, H.foot_y - render_px(r->lay.ui, 8) - H.panel.y};
    SDL_RenderSetClipRect(r->sdl, &clip); /* a row too tall for any page stays inside (counted as cut) */
    for (int i = 0; i < H.nplaced; i++) {
        const Placed *p = &H.placed[i];
        if (p->page != H.page)
            continue;
        bool cut;
        entry_do(r, &H, &H.entry[p->entry], p->cont, H.x0 + p->col * (H.col_w + H.col_gap), H.top + p->y, true,
                 &cut);
    }
    SDL_RenderSetClipRect(r->sdl, NULL);
    footer_draw(r, &H);
}

/* ---- the hit tests the shell asks (render.h), on the scene last drawn ---- */

HelpInfo render_help_info(Renderer *r, const Game *g, const HudStats *hs)
{
    Scene sc = render_pick_scene(g);
    return render_help_info_in(r, &sc, hs);
}

int render_help_pick(Renderer *r, const Game *g, const HudStats *hs, int px, int py)
{
    Scene sc = render_pick_scene(g);
    return render_help_pick_in(r, &sc, hs, px, py);
}
