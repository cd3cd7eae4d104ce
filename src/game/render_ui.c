/* render_ui.c - everything drawn over the world, laid out from the window's
 * size: the HUD (a list of lines, the least needed dropped first), banners,
 * the message bar (kept off the droid and the destination), the help (a
 * list of rows and the minimap's legend), the editor's palette, the
 * unsaved-edits question and the won / lost panel. Decides nothing. */
#include "render_int.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const SDL_Color HEAD = {255, 220, 120, 255}, BODY = {225, 230, 240, 255}, DIM = {150, 165, 185, 255},
                       KEY = {140, 210, 255, 255};

/* ---- the layout ---------------------------------------------------------------------- */

static int px(double ui, double v)
{
    return (int)lround(v * ui);
}

Layout render_layout(const Game *g)
{
    Layout L;
    int w = g->screen_w, h = g->screen_h;
    /* text and panels scale with the window, in eighths, never below what reads */
    double ui = floor(fmin(w / 1280.0, h / 720.0) * 8.0) / 8.0;
    L.ui = ui < 0.75 ? 0.75 : ui > 3.0 ? 3.0 : ui;
    L.font_px = px(L.ui, 14);
    L.big_px = px(L.ui, 20);
    L.line = px(L.ui, 20);
    L.big_line = px(L.ui, 28);
    L.pad = px(L.ui, 10);
    L.box_lines = h / (8 * L.line);
    L.box_lines = L.box_lines < 1 ? 1 : L.box_lines > 4 ? 4 : L.box_lines;

    /* the minimap: top right, at most a third of the width and of the height */
    int rim = px(L.ui, 6);
    double size = fmin(200 * L.ui, fmin(0.3 * w, 0.36 * h) - 2 * rim);
    double scale = fmin(size / g->sim.grid.w, size / g->sim.grid.h);
    int mw = (int)fmax(1, ceil(g->sim.grid.w * scale)), mh = (int)fmax(1, ceil(g->sim.grid.h * scale));
    L.minimap = (SDL_Rect){w - mw - L.pad - rim, L.pad + rim, mw, mh};
    L.minimap_panel = (SDL_Rect){L.minimap.x - rim, L.minimap.y - rim, mw + 2 * rim, mh + 2 * rim};
    if (size < 8) /* no room: no minimap */
        L.minimap.w = L.minimap.h = L.minimap_panel.w = L.minimap_panel.h = 0;

    /* the HUD: top left, at most 40% of the height, clear of the minimap and of
     * the middle column, where the droid stands while the camera follows it */
    int right = g->show_minimap && L.minimap_panel.w ? L.minimap_panel.x - L.pad : w - L.pad;
    int middle = w / 2 - px(L.ui, 32);
    L.hud = (SDL_Rect){L.pad, L.pad, (int)fmin(300 * L.ui, fmin(right, middle) - L.pad - L.pad),
                       (int)fmin(200 * L.ui, 0.4 * h)};
    if (L.hud.w < 0)
        L.hud.w = 0;

    /* the palette: bottom left, ten cells across at most the width */
    L.swatch = (int)fmin(58 * L.ui, (w - 2 * L.pad - px(L.ui, 16)) / (double)GAME_PALETTE_SIZE);
    if (L.swatch < 8)
        L.swatch = 8;
    int ph = L.swatch + L.line + px(L.ui, 16);
    L.palette = (SDL_Rect){L.pad, h - ph - L.pad, GAME_PALETTE_SIZE * L.swatch + px(L.ui, 16), ph};
    return L;
}

/* ---- the editor's palette ------------------------------------------------------------ */

static SDL_Rect swatch_rect(const Layout *L, int i)
{
    int m = px(L->ui, 8);
    SDL_Rect q = {L->palette.x + m + i * L->swatch, L->palette.y + L->palette.h - m - L->swatch, L->swatch - 4,
                  L->swatch};
    return q;
}

bool render_palette_pick(const Game *g, int px_, int py, char *glyph)
{
    Layout L = render_layout(g);
    SDL_Rect p = L.palette;
    if (!g->editing || px_ < p.x || py < p.y || px_ >= p.x + p.w || py >= p.y + p.h)
        return false;
    *glyph = g->brush; /* the panel's margin keeps the brush */
    for (int i = 0; i < GAME_PALETTE_SIZE; i++) {
        SDL_Rect q = swatch_rect(&L, i);
        if (px_ >= q.x && py >= q.y && px_ < q.x + q.w && py < q.y + q.h)
            *glyph = GAME_PALETTE[i];
    }
    return true;
}

/* Image i scaled to width w, its bottom centre at (cx, bottom). */
static void icon(Renderer *r, AssetImage i, const SDL_Rect *src, int cx, int bottom, int w)
{
    if (!r->icon[i] && !(r->icon[i] = SDL_CreateTextureFromSurface(r->sdl, r->assets->image[i])))
        return;
    SDL_SetTextureBlendMode(r->icon[i], SDL_BLENDMODE_BLEND);
    int sw = src ? src->w : r->assets->image[i]->w, sh = src ? src->h : r->assets->image[i]->h;
    int h = sh * w / sw;
    SDL_Rect d = {cx - w / 2, bottom - h, w, h};
    SDL_RenderCopy(r->sdl, r->icon[i], src, &d);
}

static void draw_palette(Renderer *r, const Game *g)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font;
    SDL_Rect p = L->palette;
    render_panel(r, p, 215);
    TileKind bk = TILE_VOID;
    tile_from_glyph(g->brush, &bk);
    char line[TEXT_LEN], fit[TEXT_LEN];
    snprintf(line, sizeof line, "Paint: %s", tile_info(bk)->name);
    render_text_fit(f, line, p.w - 2 * px(L->ui, 10), fit, sizeof fit);
    render_text(r, f, p.x + px(L->ui, 10), p.y + px(L->ui, 7), HEAD, fit);
    for (int i = 0; i < GAME_PALETTE_SIZE; i++) {
        SDL_Rect q = swatch_rect(L, i);
        char glyph = GAME_PALETTE[i];
        TileKind k = TILE_VOID;
        tile_from_glyph(glyph, &k);
        bool chosen = glyph == g->brush;
        SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
        SDL_SetRenderDrawColor(r->sdl, chosen ? 70 : 30, chosen ? 80 : 36, 50, 255);
        SDL_RenderFillRect(r->sdl, &q);
        int cx = q.x + q.w / 2, bottom = q.y + q.h - 4, w = q.w - 8;
        int ground = r->assets->ground[k];
        if (ground >= 0)
            icon(r, (AssetImage)ground, NULL, cx, bottom, w);
        if (k == TILE_WALL)
            icon(r, IMAGE_WALL, NULL, cx, bottom, w);
        else if (k == TILE_CELL)
            icon(r, IMAGE_CELL, NULL, cx, bottom - w / 6, w / 2);
        else if (k == TILE_START) {
            SDL_Rect src = {0, DIR_S * DROID_FRAME_H, DROID_FRAME_W, DROID_FRAME_H};
            icon(r, IMAGE_DROID, &src, cx, bottom - w / 10, w * 2 / 3);
        } else if (k == TILE_SENTRY) {
            render_minimap_marker(r, MARK_SENTRY, (float)cx, (float)(bottom - w / 3), (float)w / 3, NULL);
        } else if (k == TILE_VOID) {
            int tw = render_text_width(f, "void");
            render_text(r, f, cx - tw / 2, bottom - L->line, (SDL_Color){120, 130, 150, 255}, "void");
        }
        SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r->sdl, chosen ? 255 : 90, chosen ? 220 : 110, chosen ? 120 : 150, 255);
        SDL_RenderDrawRect(r->sdl, &q);
        char num[4];
        snprintf(num, sizeof num, "%d", (i + 1) % 10);
        render_text(r, f, q.x + 3, q.y + 1, BODY, num);
    }
}

/* ---- the HUD: lines by importance -------------------------------------------------- */

enum { HUD_MAX = 10 };

typedef struct HudLine {
    char text[TEXT_LEN];
    SDL_Color color;
    bool big;
    int keep;   /* 0 always kept; higher numbers are dropped first when room runs out */
    double bar; /* 0..1: a bar after the text, filled that far; < 0 none */
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
    return n + 1;
}

static const SDL_Color WARN = {255, 110, 90, 255}, GOOD = {120, 255, 170, 255};

/* What the HUD says, top to bottom. */
static int hud_lines(const Game *g, const HudStats *hs, HudLine *l)
{
    const Sim *sim = &g->sim;
    int n = 0;
    n = hud_add(l, n, true, HEAD, 0, "%s%s", g->level.name, game_dirty(g) ? " *" : "");
    if (g->level_index >= 0)
        n = hud_add(l, n, false, DIM, 4, "Level %d of %d", g->level_index + 1, g->levels.count);
    else
        n = hud_add(l, n, false, DIM, 4, "%s", g->path);
    if (g->editing) {
        n = hud_add(l, n, false, BODY, 2, "Droid start %d,%d", g->level.start.x, g->level.start.y);
        n = hud_add(l, n, false, BODY, 3, "Undo %d, redo %d%s", edit_undo_count(&g->edits),
                    edit_redo_count(&g->edits), game_dirty(g) ? ", not saved" : "");
    } else {
        double secs = (double)sim->play_ticks / SIM_TICK_HZ;
        n = hud_add(l, n, false, BODY, 2, "Time %d:%04.1f   Steps %lld", (int)(secs / 60), fmod(secs, 60.0),
                    (long long)sim->steps);
        if (sim->limited) { /* the energy bar: full at the level's start energy (or more) */
            double e = sim_units(sim->energy), full = fmax((double)g->level.energy, e);
            n = hud_add(l, n, false, e < 5 ? WARN : (SDL_Color){140, 230, 255, 255}, 1, "Energy %.1f", e);
            l[n - 1].bar = full > 0 ? e / full : 0;
        }
        if (sim->sentries.count > 0)
            n = hud_add(l, n, false, sim->sentries.alerted ? WARN : DIM, 2, "Sentries %d, alerted %d",
                        sim->sentries.count, sim->sentries.alerted);
    }
    if (!sim->has_exit)
        n = hud_add(l, n, false, DIM, 1, "Free play: this level has no exit");
    else if (sim->cells_total > 0)
        n = hud_add(l, n, false, sim->exit_open ? GOOD : BODY, 1, "Cells %d of %d   Exit %s",
                    sim->cells_total - sim->cells_left, sim->cells_total, sim->exit_open ? "open" : "locked");
    else
        n = hud_add(l, n, false, GOOD, 1, "Exit open: walk into it");
    if (g->hover_valid && g->preview.count > 0 && !g->editing) {
        bool short_of = g->preview_afford < g->preview.count;
        n = hud_add(l, n, false, short_of ? (SDL_Color){255, 120, 100, 255} : BODY, 2, "Route %d steps, cost %.1f%s",
                    g->preview.count, g->preview_cost, short_of ? ": not enough energy" : "");
    } else if (g->hover_valid) {
        n = hud_add(l, n, false, DIM, 2, "Cursor %d,%d %s", g->hover.x, g->hover.y,
                    tile_info(sim_kind(sim, g->hover.x, g->hover.y))->name);
    }
    n = hud_add(l, n, false, DIM, 3, "%.0f fps   H help   R restart   %s", hs->fps, g->editing ? "E play" : "E edit");
    return n;
}

static void draw_hud(Renderer *r, const Game *g, const HudStats *hs)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    int inner = px(L->ui, 10), text_w = L->hud.w - 2 * inner;
    if (text_w < 20)
        return;
    HudLine lines[HUD_MAX];
    int n = hud_lines(g, hs, lines);
    /* drop the least needed lines until the rest fit the HUD's height */
    bool keep[HUD_MAX];
    for (int i = 0; i < n; i++)
        keep[i] = true;
    for (int level = 5; level > 0; level--) {
        int hgt = 2 * inner - px(L->ui, 4);
        for (int i = 0; i < n; i++)
            if (keep[i])
                hgt += lines[i].big ? L->big_line : L->line;
        if (hgt <= L->hud.h)
            break;
        for (int i = 0; i < n; i++)
            if (lines[i].keep == level)
                keep[i] = false;
    }
    int hgt = 2 * inner - px(L->ui, 4);
    for (int i = 0; i < n; i++)
        if (keep[i])
            hgt += lines[i].big ? L->big_line : L->line;
    SDL_Rect p = {L->hud.x, L->hud.y, L->hud.w, hgt};
    render_panel(r, p, 190);
    int y = p.y + inner - px(L->ui, 4);
    for (int i = 0; i < n; i++) {
        if (!keep[i])
            continue;
        char fit[TEXT_LEN];
        render_text_fit(lines[i].big ? fb : f, lines[i].text, text_w, fit, sizeof fit);
        int tw = render_text(r, lines[i].big ? fb : f, p.x + inner, y + (lines[i].big ? px(L->ui, 2) : 0),
                             lines[i].color, fit);
        if (lines[i].bar >= 0) { /* the rest of the line */
            SDL_Rect bar = {p.x + inner + tw + px(L->ui, 8), y + L->line / 4, text_w - tw - px(L->ui, 8), L->line / 2};
            if (bar.w > 4) {
                SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
                SDL_SetRenderDrawColor(r->sdl, 40, 50, 66, 255);
                SDL_RenderFillRect(r->sdl, &bar);
                bar.w = (int)(bar.w * fmin(1.0, lines[i].bar));
                SDL_SetRenderDrawColor(r->sdl, lines[i].color.r, lines[i].color.g, lines[i].color.b, 255);
                SDL_RenderFillRect(r->sdl, &bar);
            }
        }
        y += lines[i].big ? L->big_line : L->line;
    }
    r->lay.hud.h = hgt; /* what the banners avoid */
}

/* ---- banners and the message bar --------------------------------------------------- */

/* A panel of wrapped text centred on cx; top-left at y. Returns its height. */
static int text_box(Renderer *r, int cx, int y, int max_w, SDL_Color back, SDL_Color fore, const char *msg,
                    bool draw, SDL_Rect *out)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font;
    int m = px(L->ui, 10), mv = px(L->ui, 6);
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
static int banner(Renderer *r, const Game *g, int y, SDL_Color back, SDL_Color fore, const char *msg,
                  const char *brief)
{
    const Layout *L = &r->lay;
    int left = L->hud.x + L->hud.w + L->pad;
    int right = g->show_minimap && L->minimap_panel.w ? L->minimap_panel.x - L->pad : g->screen_w - L->pad;
    TTF_Font *f = r->assets->font;
    int m = 2 * px(L->ui, 10);
    if (y < L->hud.y + L->hud.h) { /* beside the HUD */
        const char *texts[2] = {msg, brief};
        for (int k = 0; k < 2; k++) {
            if (!texts[k])
                continue;
            int w = render_text_width(f, texts[k]) + m;
            int cx = g->screen_w / 2;
            if (cx - w / 2 < left || cx + w / 2 > right)
                cx = (left + right) / 2;
            if (cx - w / 2 >= left && cx + w / 2 <= right)
                return y + text_box(r, cx, y, right - left, back, fore, texts[k], true, NULL) + px(L->ui, 4);
        }
        int below = L->hud.y + L->hud.h;
        if (g->show_minimap && L->minimap_panel.h && L->minimap_panel.y + L->minimap_panel.h > below)
            below = L->minimap_panel.y + L->minimap_panel.h;
        y = below + L->pad;
    }
    const char *text = brief && g->screen_h < 400 ? brief : msg; /* a small window keeps the view */
    return y + text_box(r, g->screen_w / 2, y, g->screen_w - 2 * L->pad, back, fore, text, true, NULL) + px(L->ui, 4);
}

static bool rect_hits(SDL_Rect a, SDL_FRect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* The message bar: at the bottom, unless it would cover the droid, the
 * destination or the hovered tile; then at the top under the banners. */
static void draw_message(Renderer *r, const Game *g, int top)
{
    const Layout *L = &r->lay;
    SDL_Color back = {12, 16, 26, 215}, fore = {255, 236, 180, 255};
    int max_w = g->screen_w - 2 * L->pad;
    SDL_Rect box;
    text_box(r, g->screen_w / 2, 0, max_w, back, fore, g->message, false, &box);
    int bottom = (g->editing ? L->palette.y : g->screen_h) - L->pad - box.h;
    /* what it must not cover, on screen */
    SDL_FRect avoid[3];
    int n = 0;
    double z = g->view.zoom;
    ScreenPos d = iso_world_to_screen(&g->view, g->sim.droid.pos);
    avoid[n++] = (SDL_FRect){(float)(d.x - 20 * z), (float)(d.y - 56 * z), (float)(40 * z), (float)(60 * z)};
    TilePos e;
    if (render_destination(g, &e)) {
        ScreenPos c = iso_world_to_screen(&g->view, (WorldPos){e.x + 0.5, e.y + 0.5});
        avoid[n++] = (SDL_FRect){(float)(c.x - 32 * z), (float)(c.y - 50 * z), (float)(64 * z), (float)(66 * z)};
    }
    if (g->hover_valid) {
        ScreenPos c = iso_world_to_screen(&g->view, (WorldPos){g->hover.x + 0.5, g->hover.y + 0.5});
        avoid[n++] = (SDL_FRect){(float)(c.x - 32 * z), (float)(c.y - 16 * z), (float)(64 * z), (float)(32 * z)};
    }
    /* the first place clear of the banners and of what matters, else the first clear of the banners */
    int candidates[2] = {bottom, top}, y = bottom > top ? bottom : top;
    for (int k = 1; k >= 0; k--) {
        box.y = candidates[k];
        bool clear = box.y >= top;
        for (int i = 0; i < n && clear; i++)
            clear = !rect_hits(box, avoid[i]);
        if (clear)
            y = box.y;
    }
    text_box(r, g->screen_w / 2, y, max_w, back, fore, g->message, true, NULL);
}

/* ---- the help: rows of keys, then the minimap's legend -------------------------------- */

typedef struct HelpRow {
    const char *keys, *what;
} HelpRow;

static const HelpRow help_rows[] = {
    {"Goal", "collect every energy cell, then walk into the exit"},
    {"Left click", "walk to a tile (or to the nearest reachable one)"},
    {"Hold the left button", "the droid follows the pointer"},
    {"Arrow keys, keypad", "step; two arrows: diagonal; hold: walk on"},
    {"R", "restart the level"},
    {"K", "sound on / off"},
    {"Click the minimap", "walk there"},
    {"Right / middle drag, W A S D", "pan the camera"},
    {"Mouse wheel, + / -", "zoom around the cursor"},
    {"C", "camera follows the droid / stays put"},
    {"T", "walls down: every wall a low block, to read the level"},
    {"V", "sentries' view cones on / off"},
    {"M", "show or hide the minimap"},
    {"PageDown / PageUp, N / P", "next / previous level of the folder"},
    {"E", "edit the level / play again"},
    {"  1 ... 9, 0 or the palette", "pick what to paint (9 moves the start)"},
    {"  Left drag / right click", "paint / toggle wall and floor"},
    {"  Ctrl+Z, Ctrl+Y", "undo, redo"},
    {"  Ctrl+S", "save the level file"},
    {"H or F1", "this help"},
    {"F11", "fullscreen"},
    {"Esc", "close this help, stop editing, or quit"},
};

static const MiniMarker legend[] = {MARK_DROID, MARK_TARGET, MARK_PATH, MARK_EXIT, MARK_CELL, MARK_DOOR, MARK_SENTRY};

enum { HELP_WRAP = 3 };

static void draw_help(Renderer *r, const Game *g)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    int rows = (int)(sizeof help_rows / sizeof help_rows[0]);
    int m = px(L->ui, 20), gap = px(L->ui, 18);
    int avail_w = g->screen_w - 2 * L->pad - 2 * m, avail_h = g->screen_h - 2 * L->pad;
    /* the keys' column as wide as its widest entry (at most 45%), the rest wraps */
    int key_w = 0, what_w = 0;
    for (int i = 0; i < rows; i++) {
        int kw = render_text_width(f, help_rows[i].keys), ww = render_text_width(f, help_rows[i].what);
        key_w = kw > key_w ? kw : key_w;
        what_w = ww > what_w ? ww : what_w;
    }
    if (key_w > avail_w * 45 / 100)
        key_w = avail_w * 45 / 100;
    if (key_w + gap + what_w > avail_w)
        what_w = avail_w - key_w - gap;
    int inner_w = key_w + gap + what_w;
    /* the legend: marker and name pairs, flowing into lines */
    int mk = px(L->ui, 14), legend_lines = 1, x = 0;
    int title_w = render_text_width(fb, "Controls");
    for (size_t i = 0; i < sizeof legend / sizeof legend[0]; i++) {
        int w = mk + px(L->ui, 6) + render_text_width(f, render_minimap_marker_name(legend[i])) + gap;
        if (x > 0 && x + w - gap > inner_w) {
            legend_lines++;
            x = 0;
        }
        x += w;
    }
    int legend_h = L->line + legend_lines * L->line + px(L->ui, 6);
    int head_h = L->big_line + px(L->ui, 10);
    /* rows that fit, descriptions wrapped; when that leaves rows out, one
     * line each (cut short), which shows more; a last line says how many are missing */
    char wrapped[sizeof help_rows / sizeof help_rows[0]][HELP_WRAP][TEXT_LEN];
    int nwrap[sizeof help_rows / sizeof help_rows[0]];
    int body_h = 0, shown = 0;
    for (int wrap = HELP_WRAP; wrap >= 1; wrap -= HELP_WRAP - 1) {
        int h_try = 0, n_try = 0;
        for (int i = 0; i < rows; i++) {
            int lines = render_text_wrap(f, help_rows[i].what, what_w, wrapped[i], wrap);
            nwrap[i] = lines < 1 ? 1 : lines;
            /* every row but the last still needs a line for "... more" */
            int need = head_h + h_try + nwrap[i] * L->line + 2 * m + (i < rows - 1 ? L->line : 0);
            if (need > avail_h)
                break;
            h_try += nwrap[i] * L->line;
            n_try++;
        }
        body_h = h_try;
        shown = n_try;
        if (shown == rows)
            break;
    }
    /* the legend only when every row is there */
    bool more = shown < rows, with_legend = !more && head_h + body_h + legend_h + 2 * m <= avail_h;
    if (more)
        body_h += L->line;
    int h = 2 * m - px(L->ui, 6) + head_h + body_h + (with_legend ? legend_h : 0);
    int w = (inner_w > title_w ? inner_w : title_w) + 2 * m;
    SDL_Rect p = {(g->screen_w - w) / 2, (g->screen_h - h) / 2, w, h};
    if (p.y < L->pad)
        p.y = L->pad;
    render_panel(r, p, 235);
    int y = p.y + m - px(L->ui, 6);
    render_text(r, fb, p.x + m, y, HEAD, "Controls");
    y += head_h;
    for (int i = 0; i < shown; i++) {
        char fit[TEXT_LEN];
        render_text_fit(f, help_rows[i].keys, key_w, fit, sizeof fit);
        render_text(r, f, p.x + m, y, KEY, fit);
        for (int k = 0; k < nwrap[i]; k++)
            render_text(r, f, p.x + m + key_w + gap, y + k * L->line, BODY, wrapped[i][k]);
        y += nwrap[i] * L->line;
    }
    if (more) {
        char note[TEXT_LEN], fit[TEXT_LEN];
        snprintf(note, sizeof note, "... %d more in a larger window", rows - shown);
        render_text_fit(f, note, inner_w, fit, sizeof fit);
        render_text(r, f, p.x + m, y, DIM, fit);
        y += L->line;
    }
    if (!with_legend)
        return;
    y += px(L->ui, 6);
    render_text(r, f, p.x + m, y, HEAD, "On the minimap");
    y += L->line;
    x = 0;
    for (size_t i = 0; i < sizeof legend / sizeof legend[0]; i++) {
        const char *name = render_minimap_marker_name(legend[i]);
        int item_w = mk + px(L->ui, 6) + render_text_width(f, name) + gap;
        if (x > 0 && x + item_w - gap > inner_w) {
            y += L->line;
            x = 0;
        }
        render_minimap_marker(r, legend[i], (float)(p.x + m + x + mk / 2), (float)(y + L->line / 2 - 1), (float)mk, NULL);
        render_text(r, f, p.x + m + x + mk + px(L->ui, 6), y, BODY, name);
        x += item_w;
    }
}

/* ---- the unsaved-edits question ---------------------------------------------------------- */

static void draw_question(Renderer *r, const Game *g)
{
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    int m = px(L->ui, 20), w = (int)fmin(560 * L->ui, g->screen_w - 2 * L->pad), tw = w - 2 * m;
    char body[TEXT_LEN];
    snprintf(body, sizeof body, "%s has changes that are not saved.", g->level.name);
    const char *keys = g->ask == GAME_ASK_QUIT ? "S: save and quit    D: quit without saving    Esc: go back"
                                               : "S: save and go on    D: go on without saving    Esc: go back";
    char lb[3][TEXT_LEN], lk[3][TEXT_LEN];
    int nb = render_text_wrap(f, body, tw, lb, 3), nk = render_text_wrap(f, keys, tw, lk, 3);
    int h = 2 * m + L->big_line + (nb + nk) * L->line + px(L->ui, 10);
    SDL_Rect p = {(g->screen_w - w) / 2, (g->screen_h - h) / 2, w, h};
    render_panel(r, p, 240);
    int y = p.y + m - px(L->ui, 4);
    render_text(r, fb, p.x + m, y, HEAD, "Unsaved edits");
    y += L->big_line + px(L->ui, 4);
    for (int i = 0; i < nb; i++, y += L->line)
        render_text(r, f, p.x + m, y, BODY, lb[i]);
    y += px(L->ui, 10);
    for (int i = 0; i < nk; i++, y += L->line)
        render_text(r, f, p.x + m, y, KEY, lk[i]);
}

/* ---- won or lost ------------------------------------------------------------------------ */

/* What happened, the figures, and what the keys do now. */
static void draw_result(Renderer *r, const Game *g)
{
    const Sim *s = &g->sim;
    double t = g->clock - g->status_since;
    if (g->editing || s->status == SIM_PLAYING || t < 0.4)
        return;
    const Layout *L = &r->lay;
    TTF_Font *f = r->assets->font, *fb = r->assets->font_big;
    bool won = s->status == SIM_WON;
    char lines[3][TEXT_LEN];
    SDL_Color colors[3] = {BODY, DIM, KEY};
    char title[TEXT_LEN];
    if (won) {
        snprintf(title, sizeof title, "Level complete!%s", g->new_best ? "  New best" : "");
        snprintf(lines[0], TEXT_LEN, "Time %.2f s    Steps %lld    Energy used %.1f", (double)s->play_ticks / SIM_TICK_HZ,
                 (long long)s->steps, sim_units((int64_t)s->energy_used));
        const ProgressEntry *b = progress_get(&g->progress, g->path);
        if (b)
            snprintf(lines[1], TEXT_LEN, "Best so far: %.1f s, %ld steps, %.1f energy", b->best_time, b->best_steps,
                     b->best_energy);
        else
            snprintf(lines[1], TEXT_LEN, "%s", g->progress.path ? "" : "Progress is not kept in this run.");
        snprintf(lines[2], TEXT_LEN, "Enter or click: next level     R: play it again");
    } else {
        snprintf(title, sizeof title, "%s", s->lose == SIM_LOSE_CAUGHT ? "Caught by a sentry" : "Out of energy");
        snprintf(lines[0], TEXT_LEN, "%s",
                 s->lose == SIM_LOSE_CAUGHT ? "A sentry reached the droid." : "The droid stopped where its energy ran out.");
        lines[1][0] = '\0';
        snprintf(lines[2], TEXT_LEN, "R: restart the level     PageDown: skip it");
    }
    int m = px(L->ui, 24), w = (int)fmin(520 * L->ui, g->screen_w - 2 * L->pad), tw = w - 2 * m;
    char wrapped[3][3][TEXT_LEN];
    int nw[3], h = 2 * m + L->big_line + px(L->ui, 10);
    for (int i = 0; i < 3; i++) {
        nw[i] = lines[i][0] ? render_text_wrap(f, lines[i], tw, wrapped[i], 3) : 0;
        h += nw[i] * L->line + (nw[i] ? px(L->ui, 8) : 0);
    }
    SDL_Rect p = {(g->screen_w - w) / 2, (g->screen_h - h) / 2, w, h};
    render_panel(r, p, 235);
    int y = p.y + m - px(L->ui, 6);
    char fit[TEXT_LEN];
    render_text_fit(fb, title, tw, fit, sizeof fit);
    render_text(r, fb, p.x + m, y, won ? GOOD : (SDL_Color){255, 120, 100, 255}, fit);
    y += L->big_line + px(L->ui, 10);
    for (int i = 0; i < 3; i++) {
        for (int k = 0; k < nw[i]; k++, y += L->line)
            render_text(r, f, p.x + m, y, colors[i], wrapped[i][k]);
        if (nw[i])
            y += px(L->ui, 8);
    }
}

void render_ui(Renderer *r, const Game *g, const HudStats *hs)
{
    const Layout *L = &r->lay;
    if (g->editing)
        draw_palette(r, g);
    draw_hud(r, g, hs);
    int top = L->pad;
    if (g->editing) {
        char line[TEXT_LEN];
        snprintf(line, sizeof line, "EDITING   Ctrl+Z undo (%d)   Ctrl+Y redo (%d)   Ctrl+S save   E play",
                 edit_undo_count(&g->edits), edit_redo_count(&g->edits));
        top = banner(r, g, top, (SDL_Color){120, 70, 20, 225}, (SDL_Color){255, 236, 200, 255}, line, "EDITING");
    }
    if (g->file_error[0]) {
        SDL_Color back = {130, 20, 24, 235}, fore = {255, 225, 225, 255};
        top = banner(r, g, top, back, fore, g->file_error, NULL);
        top = banner(r, g, top, back, fore, "The file has errors: playing the last good version until it is fixed.",
                     "Playing the last good version.");
    }
    if (g->message_left > 0 && g->message[0]) {
        int under = top > L->hud.y + L->hud.h ? top : L->hud.y + L->hud.h + L->pad;
        if (g->show_minimap && L->minimap_panel.h && L->minimap_panel.y + L->minimap_panel.h + L->pad > under)
            under = L->minimap_panel.y + L->minimap_panel.h + L->pad;
        draw_message(r, g, under);
    }
    draw_result(r, g);
    if (g->show_help)
        draw_help(r, g);
    if (g->ask != GAME_ASK_NONE)
        draw_question(r, g);
}
