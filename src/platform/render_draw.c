/* SPDX-License-Identifier: MIT */
/* render_draw.c - what every part of the renderer draws with: sprites as
 * scaled for the zoom, text (rendered once, kept in a cache while it is
 * used; cut or wrapped to a width), panels, shapes and the badges of what
 * the sentries notice. It calls no other part. */
#include "render_int.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* Draws sprite i with its top-left at (x, y), rounded to whole pixels. */
void render_blit(Renderer *r, int i, const SDL_Rect *src, double x, double y, int w, int h)
{
    SDL_Rect d = {(int)lround(x), (int)lround(y), w, h};
    if (r->sprite[i].tex)
        SDL_RenderCopy(r->sdl, r->sprite[i].tex, src, &d);
}

/* ---- text: rendered once, kept while it is used ---------------------------------- */

/* Empties the text cache (the fonts changed size, or the renderer goes). */
void render_text_flush(Renderer *r)
{
    for (int i = 0; i < TEXT_CACHE; i++) {
        if (r->text[i].tex)
            SDL_DestroyTexture(r->text[i].tex);
        r->text[i].tex = NULL;
    }
}

TextEntry *render_text_get(Renderer *r, TTF_Font *font, const char *s, SDL_Color c)
{
    TextEntry *free_slot = NULL, *oldest = &r->text[0];
    for (int i = 0; i < TEXT_CACHE; i++) {
        TextEntry *e = &r->text[i];
        if (e->tex && e->font == font && !memcmp(&e->color, &c, sizeof c) && !strcmp(e->s, s)) {
            e->used = r->frame;
            return e;
        }
        if (!e->tex && !free_slot)
            free_slot = e;
        if (e->used < oldest->used)
            oldest = e;
    }
    TextEntry *e = free_slot ? free_slot : oldest;
    if (e->tex)
        SDL_DestroyTexture(e->tex);
    e->tex = NULL;
    SDL_Surface *surf = TTF_RenderUTF8_Blended(font, s[0] ? s : " ", c);
    if (!surf)
        return NULL;
    e->tex = SDL_CreateTextureFromSurface(r->sdl, surf);
    e->w = surf->w;
    e->h = surf->h;
    SDL_FreeSurface(surf);
    snprintf(e->s, sizeof e->s, "%s", s);
    e->font = font;
    e->color = c;
    e->used = r->frame;
    return e->tex ? e : NULL;
}

int render_text(Renderer *r, TTF_Font *font, int x, int y, SDL_Color c, const char *s)
{
    SDL_Color black = {0, 0, 0, 200};
    TextEntry *sh = render_text_get(r, font, s, black);
    if (sh) {
        SDL_Rect d = {x + 1, y + 1, sh->w, sh->h};
        SDL_RenderCopy(r->sdl, sh->tex, NULL, &d);
    }
    TextEntry *e = render_text_get(r, font, s, c);
    if (!e)
        return 0;
    SDL_Rect d = {x, y, e->w, e->h};
    SDL_RenderCopy(r->sdl, e->tex, NULL, &d);
    return e->w;
}

int render_text_width(TTF_Font *font, const char *s)
{
    int w = 0, h = 0;
    if (TTF_SizeUTF8(font, s, &w, &h) != 0)
        return (int)strlen(s) * 8;
    return w;
}

static const char ellipsis[] = "\xe2\x80\xa6"; /* U+2026 */

/* The byte length of the longest prefix of s (whole UTF-8 characters) that fits
 * in max_w pixels; measured with the font's own advance. */
static int fit_prefix(TTF_Font *font, const char *s, int max_w)
{
    int extent = 0, count = 0;
    if (max_w <= 0 || TTF_MeasureUTF8(font, s, max_w, &extent, &count) != 0)
        return 0;
    /* count is in characters: walk that many UTF-8 sequences */
    int bytes = 0;
    for (int i = 0; i < count && s[bytes]; i++) {
        bytes++;
        while ((s[bytes] & 0xC0) == 0x80)
            bytes++;
    }
    return bytes;
}

void render_text_fit(TTF_Font *font, const char *s, int max_w, char *out, size_t n)
{
    if (render_text_width(font, s) <= max_w) {
        snprintf(out, n, "%s", s);
        return;
    }
    int keep = fit_prefix(font, s, max_w - render_text_width(font, ellipsis));
    while (keep > 0 && s[keep - 1] == ' ')
        keep--;
    snprintf(out, n, "%.*s%s", keep, s, ellipsis);
}

int render_text_wrap(TTF_Font *font, const char *s, int max_w, char (*lines)[TEXT_LEN], int max_lines)
{
    int count = 0;
    while (*s && count < max_lines) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        const char *nl = strchr(s, '\n'); /* a line break in the text ends the line */
        int len = nl ? (int)(nl - s) : (int)strlen(s);
        int fit = fit_prefix(font, s, max_w);
        fit = fit > len ? len : fit;
        if (fit < len) {
            /* break at the last space that fits, else mid-word */
            int cut = fit;
            while (cut > 0 && s[cut] != ' ')
                cut--;
            fit = cut > 0 ? cut : (fit > 0 ? fit : 1);
        }
        if (count == max_lines - 1 && fit < len) {
            render_text_fit(font, s, max_w, lines[count++], TEXT_LEN);
            break;
        }
        snprintf(lines[count++], TEXT_LEN, "%.*s", fit < TEXT_LEN ? fit : TEXT_LEN - 1, s);
        s += fit;
        if (*s == '\n')
            s++;
    }
    return count;
}

/* ---- panels and shapes ---------------------------------------------------------- */

void render_panel(Renderer *r, SDL_Rect rect, Uint8 alpha)
{
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, 12, 16, 26, alpha);
    SDL_RenderFillRect(r->sdl, &rect);
    SDL_SetRenderDrawColor(r->sdl, 90, 120, 170, 160);
    SDL_RenderDrawRect(r->sdl, &rect);
}

/* A convex polygon, as a fan of triangles. */
void render_fill_polygon(Renderer *r, const SDL_FPoint *p, int n, SDL_Color c)
{
    enum { MAX = 24 };
    if (n < 3 || n > MAX)
        return;
    SDL_Vertex v[MAX];
    int idx[3 * (MAX - 2)];
    for (int i = 0; i < n; i++)
        v[i] = (SDL_Vertex){p[i], c, {0, 0}};
    for (int i = 0; i < n - 2; i++) {
        idx[3 * i] = 0;
        idx[3 * i + 1] = i + 1;
        idx[3 * i + 2] = i + 2;
    }
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND); /* untextured geometry blends as the draw colour does */
    SDL_RenderGeometry(r->sdl, NULL, v, n, idx, 3 * (n - 2));
}

void render_fill_circle(Renderer *r, float cx, float cy, float radius, SDL_Color c)
{
    enum { SIDES = 16 };
    SDL_FPoint p[SIDES];
    for (int i = 0; i < SIDES; i++) {
        double a = 6.283185307179586 * i / SIDES;
        p[i] = (SDL_FPoint){cx + radius * (float)cos(a), cy + radius * (float)sin(a)};
    }
    render_fill_polygon(r, p, SIDES, c);
}

void render_line(Renderer *r, SDL_FPoint a, SDL_FPoint b, float thick, SDL_Color c)
{
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    if (len < 0.01f)
        return;
    float nx = -dy / len * thick * 0.5f, ny = dx / len * thick * 0.5f;
    SDL_FPoint q[4] = {{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny}, {a.x - nx, a.y - ny}};
    render_fill_polygon(r, q, 4, c);
}

void render_arc(Renderer *r, float cx, float cy, float rad, double a0, double a1, float thick, SDL_Color c)
{
    enum { MAX = 48 };
    int n = (int)ceil(fabs(a1 - a0) * (rad + 2) / 3.0);
    n = n < 6 ? 6 : n > MAX ? MAX : n;
    float ri = rad - thick * 0.5f, ro = rad + thick * 0.5f;
    SDL_Vertex v[2 * (MAX + 1)];
    int idx[6 * MAX];
    for (int i = 0; i <= n; i++) {
        double a = a0 + (a1 - a0) * i / n;
        float ca = (float)cos(a), sa = (float)sin(a);
        v[2 * i] = (SDL_Vertex){{cx + ri * ca, cy + ri * sa}, c, {0, 0}};
        v[2 * i + 1] = (SDL_Vertex){{cx + ro * ca, cy + ro * sa}, c, {0, 0}};
    }
    for (int i = 0; i < n; i++) {
        int k = 6 * i, b = 2 * i;
        idx[k] = b;
        idx[k + 1] = b + 1;
        idx[k + 2] = b + 3;
        idx[k + 3] = b;
        idx[k + 4] = b + 3;
        idx[k + 5] = b + 2;
    }
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_RenderGeometry(r->sdl, NULL, v, 2 * (n + 1), idx, 6 * n);
}

/* ---- the badges: what the sentries notice ------------------------------------------ */

#define PI 3.14159265358979323846

static void badge_eye(Renderer *r, float cx, float cy, float s)
{
    enum { N = 9 };
    SDL_FPoint p[2 * N - 2];
    float w = 0.72f * s, h = 0.42f * s;
    int k = 0;
    for (int i = 0; i < N; i++) { /* the upper lid, left to right */
        float t = (float)i / (N - 1);
        p[k++] = (SDL_FPoint){cx - w / 2 + w * t, cy - h / 2 * (float)sin(PI * t)};
    }
    for (int i = N - 2; i >= 1; i--) { /* the lower lid, back */
        float t = (float)i / (N - 1);
        p[k++] = (SDL_FPoint){cx - w / 2 + w * t, cy + h / 2 * (float)sin(PI * t)};
    }
    render_fill_polygon(r, p, k, (SDL_Color){250, 250, 245, 255});
    render_fill_circle(r, cx, cy, 0.16f * s, (SDL_Color){220, 40, 40, 255});
    render_fill_circle(r, cx, cy, 0.07f * s, (SDL_Color){20, 10, 10, 255});
}

static void badge_ear(Renderer *r, float cx, float cy, float s)
{
    SDL_Color c = {250, 250, 245, 255};
    float x = cx - 0.2f * s, t = fmaxf(1.5f, 0.075f * s);
    render_fill_circle(r, x, cy, 0.08f * s, c);
    for (int i = 1; i <= 3; i++)
        render_arc(r, x, cy, 0.13f * s * (float)i, -0.9, 0.9, t, c);
}

void render_badge(Renderer *r, Badge b, float cx, float cy, float s)
{
    const SDL_Color ring[] = { /* seen and unseen: the palette's (mapcolor.h) */
        [BADGE_EYE] = render_map_color(r, MAPCOLOR_BADGE_SEEN),
        [BADGE_EAR] = render_map_color(r, MAPCOLOR_BADGE_SEEN),
        [BADGE_CHECK] = render_map_color(r, MAPCOLOR_BADGE_UNSEEN),
        [BADGE_CUT] = {160, 170, 190, 255},
        [BADGE_RIPPLE] = {150, 200, 255, 255},
        [BADGE_ALERT] = {255, 200, 40, 255},
    };
    render_fill_circle(r, cx, cy, s * 0.5f, (SDL_Color){16, 20, 30, 235});
    render_arc(r, cx, cy, s * 0.5f - fmaxf(1.0f, 0.04f * s), 0, 2 * PI, fmaxf(1.5f, 0.08f * s), ring[b]);
    SDL_Color light = {250, 250, 245, 255};
    float t = fmaxf(1.5f, 0.1f * s);
    switch (b) {
    case BADGE_EYE: badge_eye(r, cx, cy, s); break;
    case BADGE_EAR: badge_ear(r, cx, cy, s); break;
    case BADGE_CHECK: {
        SDL_FPoint a = {cx - 0.22f * s, cy + 0.0f}, m = {cx - 0.06f * s, cy + 0.16f * s}, e = {cx + 0.24f * s, cy - 0.17f * s};
        render_line(r, a, m, t, ring[b]);
        render_line(r, m, e, t, ring[b]);
        render_fill_circle(r, m.x, m.y, t * 0.5f, ring[b]);
        break;
    }
    case BADGE_CUT:
        for (int i = -1; i <= 1; i++)
            render_fill_circle(r, cx + 0.2f * s * (float)i, cy, 0.06f * s + 0.5f, light);
        break;
    case BADGE_RIPPLE:
        render_fill_circle(r, cx, cy, 0.07f * s + 0.5f, ring[b]);
        render_arc(r, cx, cy, 0.2f * s, 0, 2 * PI, fmaxf(1.2f, 0.05f * s), ring[b]);
        render_arc(r, cx, cy, 0.33f * s, 0, 2 * PI, fmaxf(1.2f, 0.05f * s), ring[b]);
        break;
    case BADGE_ALERT: {
        SDL_FPoint q[4] = {{cx - 0.06f * s, cy - 0.3f * s}, {cx + 0.06f * s, cy - 0.3f * s}, {cx + 0.035f * s, cy + 0.08f * s},
                           {cx - 0.035f * s, cy + 0.08f * s}};
        render_fill_polygon(r, q, 4, ring[b]);
        render_fill_circle(r, cx, cy + 0.21f * s, 0.055f * s + 0.5f, ring[b]);
        break;
    }
    }
}
