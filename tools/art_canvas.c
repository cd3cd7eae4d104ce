/* SPDX-License-Identifier: MIT */
/* art_canvas.c - the art generator's canvas: supersampled RGBA painting
 * (polygons, ellipses, glows), the PNG writer, and the effects painted as
 * light (the pickup burst, the alert). art.h says what each does. */
#include <SDL.h>
#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "art.h"


RGBA rgba(int r, int g, int b, float a)
{
    RGBA c = {r / 255.0f, g / 255.0f, b / 255.0f, a};
    return c;
}

RGBA shade(RGBA c, float k)
{
    RGBA o = {fminf(c.r * k, 1), fminf(c.g * k, 1), fminf(c.b * k, 1), c.a};
    return o;
}

RGBA mix(RGBA a, RGBA b, float t)
{
    RGBA o = {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t};
    return o;
}

Canvas canvas_new(int w, int h)
{
    Canvas c = {w, h, calloc((size_t)w * h * SS * SS * 4, sizeof(float))};
    return c;
}

/* Blends colour over the supersampled pixel (x, y). */
void plot(Canvas *c, int x, int y, RGBA col)
{
    if (x < 0 || y < 0 || x >= c->w * SS || y >= c->h * SS || col.a <= 0)
        return;
    float *p = c->px + ((size_t)y * c->w * SS + x) * 4;
    float a = col.a;
    p[0] = col.r * a + p[0] * (1 - a);
    p[1] = col.g * a + p[1] * (1 - a);
    p[2] = col.b * a + p[2] * (1 - a);
    p[3] = a + p[3] * (1 - a);
}

/* Deterministic noise in [0, 1). */
float hash2(int x, int y, int seed)
{
    uint32_t h = (uint32_t)x * 374761393u + (uint32_t)y * 668265263u + (uint32_t)seed * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return (float)((h ^ (h >> 16)) & 0xFFFF) / 65536.0f;
}


/* Fills the convex polygon (final-pixel coordinates) with paint(u, v), where
 * (u, v) are the pixel's coordinates relative to the polygon's bounding box in [0,1]. */
void fill_poly(Canvas *c, const float *xy, int n, Paint paint, void *ctx)
{
    float minx = 1e9f, miny = 1e9f, maxx = -1e9f, maxy = -1e9f;
    for (int i = 0; i < n; i++) {
        minx = fminf(minx, xy[2 * i]);
        maxx = fmaxf(maxx, xy[2 * i]);
        miny = fminf(miny, xy[2 * i + 1]);
        maxy = fmaxf(maxy, xy[2 * i + 1]);
    }
    for (int y = (int)(miny * SS); y <= (int)(maxy * SS); y++)
        for (int x = (int)(minx * SS); x <= (int)(maxx * SS); x++) {
            float fx = (x + 0.5f) / SS, fy = (y + 0.5f) / SS;
            int sign = 0;
            bool inside = true;
            for (int i = 0; i < n && inside; i++) {
                float ax = xy[2 * i], ay = xy[2 * i + 1];
                float bx = xy[2 * ((i + 1) % n)], by = xy[2 * ((i + 1) % n) + 1];
                float cr = (bx - ax) * (fy - ay) - (by - ay) * (fx - ax);
                int s = cr > 0 ? 1 : cr < 0 ? -1 : 0;
                if (s && sign && s != sign)
                    inside = false;
                if (s)
                    sign = s;
            }
            if (inside)
                plot(c, x, y, paint((fx - minx) / fmaxf(maxx - minx, 1e-6f), (fy - miny) / fmaxf(maxy - miny, 1e-6f),
                                    (int)fx, (int)fy, ctx));
        }
}

void fill_ellipse(Canvas *c, float cx, float cy, float rx, float ry, Paint paint, void *ctx)
{
    for (int y = (int)((cy - ry) * SS); y <= (int)((cy + ry) * SS); y++)
        for (int x = (int)((cx - rx) * SS); x <= (int)((cx + rx) * SS); x++) {
            float fx = (x + 0.5f) / SS, fy = (y + 0.5f) / SS;
            float dx = (fx - cx) / rx, dy = (fy - cy) / ry;
            if (dx * dx + dy * dy <= 1)
                plot(c, x, y, paint((dx + 1) / 2, (dy + 1) / 2, (int)fx, (int)fy, ctx));
        }
}

RGBA paint_solid(float u, float v, int x, int y, void *ctx)
{
    (void)u, (void)v, (void)x, (void)y;
    return *(RGBA *)ctx;
}

/* Writes c box-filtered by `box` supersampled pixels a side (SS: at its
 * final size; less: larger, down to 1, the supersampled pixels themselves). */
bool save_box(const Canvas *c, int box, const char *dir, const char *name)
{
    int w = c->w * SS / box, h = c->h * SS / box;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float acc[4] = {0};
            for (int sy = 0; sy < box; sy++)
                for (int sx = 0; sx < box; sx++) {
                    const float *p = c->px + ((size_t)(y * box + sy) * c->w * SS + x * box + sx) * 4;
                    for (int k = 0; k < 4; k++)
                        acc[k] += p[k];
                }
            float a = acc[3] / (float)(box * box);
            uint8_t *o = (uint8_t *)s->pixels + y * s->pitch + x * 4;
            for (int k = 0; k < 3; k++)
                o[k] = (uint8_t)lrintf(a > 0 ? fminf(acc[k] / acc[3], 1) * 255 : 0);
            o[3] = (uint8_t)lrintf(a * 255);
        }
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int rc = IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
    if (rc != 0)
        fprintf(stderr, "make_art: %s: %s\n", path, IMG_GetError());
    return rc == 0;
}

bool save(const Canvas *c, const char *dir, const char *name)
{
    return save_box(c, SS, dir, name);
}

/* Adds light: a soft round glow of colour col and peak strength k. */
void add_glow(Canvas *c, float cx, float cy, float rx, float ry, RGBA col, float k)
{
    for (int y = (int)((cy - ry) * SS); y <= (int)((cy + ry) * SS); y++)
        for (int x = (int)((cx - rx) * SS); x <= (int)((cx + rx) * SS); x++) {
            if (x < 0 || y < 0 || x >= c->w * SS || y >= c->h * SS)
                continue;
            float dx = ((x + 0.5f) / SS - cx) / rx, dy = ((y + 0.5f) / SS - cy) / ry;
            float r2 = dx * dx + dy * dy;
            if (r2 >= 1)
                continue;
            float g = k * (1 - r2) * (1 - r2);
            float *px = c->px + ((size_t)y * c->w * SS + x) * 4;
            px[0] += col.r * g, px[1] += col.g * g, px[2] += col.b * g;
            px[3] = fminf(1, px[3] + g * fmaxf(col.r, fmaxf(col.g, col.b)) * (1 - px[3]));
        }
}

/* ---- effects ---------------------------------------------------------------- */

/* Adds light along the segment a-b: a soft line of half width w. */
static void add_streak(Canvas *c, float ax, float ay, float bx, float by, float w, RGBA col, float k)
{
    float minx = fminf(ax, bx) - w, maxx = fmaxf(ax, bx) + w, miny = fminf(ay, by) - w, maxy = fmaxf(ay, by) + w;
    float dx = bx - ax, dy = by - ay, len2 = fmaxf(dx * dx + dy * dy, 1e-6f);
    for (int y = (int)(miny * SS); y <= (int)(maxy * SS); y++)
        for (int x = (int)(minx * SS); x <= (int)(maxx * SS); x++) {
            if (x < 0 || y < 0 || x >= c->w * SS || y >= c->h * SS)
                continue;
            float px = (x + 0.5f) / SS, py = (y + 0.5f) / SS;
            float t = clampf(((px - ax) * dx + (py - ay) * dy) / len2, 0, 1);
            float ex = px - ax - t * dx, ey = py - ay - t * dy;
            float r = sqrtf(ex * ex + ey * ey) / w;
            if (r >= 1)
                continue;
            /* brightest in the middle of the segment, tapering to its ends */
            float g = k * (1 - r) * (1 - r) * (1 - fabsf(2 * t - 1) * 0.7f);
            float *p = c->px + ((size_t)y * c->w * SS + x) * 4;
            p[0] += col.r * g, p[1] += col.g * g, p[2] += col.b * g;
            p[3] = fminf(1, p[3] + g * fmaxf(col.r, fmaxf(col.g, col.b)) * (1 - p[3]));
        }
}

/* The pickup burst: a flash, a ring and a star of rays spreading out, and
 * sparks flying off, yellow and cyan, over SPARK_FRAMES frames of SPARK_W x
 * SPARK_W pixels centred on (SPARK_W / 2, SPARK_W / 2). Drawn as light, it
 * looks right blended normally or added. */
enum { SPARK_W = 48, SPARK_FRAMES = 6 };

bool make_sparkle(const char *dir)
{
    Canvas c = canvas_new(SPARK_W * SPARK_FRAMES, SPARK_W);
    RGBA yellow = rgba(255, 220, 70, 1), cyan = rgba(70, 230, 255, 1), white = rgba(255, 255, 230, 1);
    for (int f = 0; f < SPARK_FRAMES; f++) {
        float t = (f + 0.5f) / SPARK_FRAMES, fade = 1 - t;
        float cx = f * SPARK_W + SPARK_W / 2.0f, cy = SPARK_W / 2.0f;
        /* the flash: a white-hot core going out fast in a yellow halo */
        add_glow(&c, cx, cy, 5 + 4 * t, 5 + 4 * t, white, 2.2f * fade * fade * fade);
        add_glow(&c, cx, cy, 8 + 9 * t, 8 + 9 * t, yellow, 0.55f * fade * fade);
        /* the ring, thinning as it spreads */
        float rr = 4 + 15 * sqrtf(t);
        for (int i = 0; i < 48; i++) {
            float a0 = i * 2 * PI_F / 48, a1 = (i + 1) * 2 * PI_F / 48;
            add_streak(&c, cx + rr * cosf(a0), cy + rr * sinf(a0), cx + rr * cosf(a1), cy + rr * sinf(a1),
                       1.2f + 1.2f * fade, cyan, 1.1f * fade);
        }
        /* the rays: four long, four short, turning */
        float len = 4 + 12 * sinf(PI_F * (0.15f + 0.85f * t)) * fade + 3 * fade;
        for (int i = 0; i < 8; i++) {
            float a = i * PI_F / 4 + t * 0.5f, l = i % 2 ? len * 0.55f : len;
            add_streak(&c, cx, cy, cx + l * cosf(a), cy + l * sinf(a), 1.8f, i % 2 ? cyan : yellow, 1.3f * fade);
        }
        /* the sparks, each on its own heading and speed, twinkling at their heads */
        for (int i = 0; i < 12; i++) {
            float a = i * 2 * PI_F / 12 + hash2(i, 1, 40) * 0.5f, v = 0.7f + 0.5f * hash2(i, 2, 40);
            float r1 = 5 + 14 * v * sqrtf(t), r0 = r1 - 2 - 4 * fade;
            RGBA col = i % 2 ? yellow : cyan;
            float hx = cx + r1 * cosf(a), hy = cy + r1 * sinf(a), k = 1.6f * sqrtf(fade);
            add_streak(&c, cx + r0 * cosf(a), cy + r0 * sinf(a), hx, hy, 1.2f, col, k);
            float tw = 1.5f + 1.5f * fade;
            add_streak(&c, hx - tw, hy, hx + tw, hy, 0.9f, white, k * 0.8f);
            add_streak(&c, hx, hy - tw, hx, hy + tw, 0.9f, white, k * 0.8f);
        }
    }
    bool ok = save(&c, dir, "sparkle.png");
    free(c.px);
    return ok;
}

/* The alert: a yellow "!" edged in red and outlined dark, with a red halo,
 * ALERT_W x ALERT_H pixels; the outlined dot ends at (ALERT_W / 2, ALERT_H - 2). */
enum { ALERT_W = 20, ALERT_H = 32 };

bool make_alert(const char *dir)
{
    Canvas c = canvas_new(ALERT_W, ALERT_H);
    float cx = ALERT_W / 2.0f;
    add_glow(&c, cx, 16, 9, 14, rgba(255, 60, 30, 1), 0.35f);
    for (int y = 0; y < ALERT_H * SS; y++)
        for (int x = 0; x < ALERT_W * SS; x++) {
            float px = (x + 0.5f) / SS, py = (y + 0.5f) / SS;
            /* the bar: a wedge from y 4.5 to 19.5, 3.2 wide at the top, 1.8 at the bottom */
            float t = clampf((py - 4.5f) / 15, 0, 1), hw = 3.2f - 1.4f * t;
            float ex = fabsf(px - cx) - hw, ey = fmaxf(4.5f - py, py - 19.5f);
            float bar = ex > 0 && ey > 0 ? hypotf(ex, ey) : fmaxf(ex, ey);
            float dot = hypotf(px - cx, py - 24.6f) - 2.6f;
            float d = fminf(bar, dot) - 0.6f;
            RGBA col;
            if (d < 0)
                col = mix(rgba(255, 246, 150, 1), rgba(255, 190, 30, 1), clampf(py / 28, 0, 1));
            else if (d < 1.5f)
                col = rgba(220, 38, 30, 1);
            else if (d < 2.4f)
                col = rgba(40, 12, 10, 0.9f);
            else
                continue;
            plot(&c, x, y, col);
        }
    bool ok = save(&c, dir, "alert.png");
    free(c.px);
    return ok;
}

/* ---- the logo ---------------------------------------------------------------- */
/* ISODROID in letters of small blocks, each a square face with its top and
 * right sides drawn back up and to the right, as the game's walls stand:
 * the word reads straight on, built of the game's own material. Letters are
 * 5 x 7 cells. logo.png: LOGO_W x LOGO_H (assets.h), drawn at twice the
 * size it is shown at on a 1x screen. */
enum { LOGO_CELL = 18, LOGO_DEPTH = 9, LOGO_PAD = 6, LOGO_GAP = 1 };

static const char *const logo_letters[] = {
    /* I */ "#####..#....#....#....#....#..#####",
    /* S */ ".#####....#.....###.....#....######.",
    /* O */ ".###.#...##...##...##...##...#.###.",
    /* D */ "####.#...##...##...##...##...#####.",
    /* R */ "####.#...##...#####.#.#..#..#.#...#",
};
static const char logo_word[] = "ISODROID";

static int logo_letter(char ch)
{
    return ch == 'I' ? 0 : ch == 'S' ? 1 : ch == 'O' ? 2 : ch == 'D' ? 3 : 4;
}

/* One block: its right side, its top, then its face (with a darker rim), the
 * face's colour going from light at the word's top to warm at its foot. */
static void logo_block(Canvas *c, float x, float y, float t)
{
    float s = LOGO_CELL, d = LOGO_DEPTH;
    RGBA face = mix(rgba(255, 226, 140, 1), rgba(236, 132, 52, 1), t);
    RGBA top = rgba(255, 244, 206, 1), side = mix(rgba(150, 92, 44, 1), rgba(110, 60, 30, 1), t);
    RGBA rim = rgba(70, 40, 22, 1);
    float right[] = {x + s, y, x + s + d, y - d, x + s + d, y + s - d, x + s, y + s};
    float upper[] = {x, y, x + d, y - d, x + s + d, y - d, x + s, y};
    float square[] = {x, y, x + s, y, x + s, y + s, x, y + s};
    float inner[] = {x + 1.2f, y + 1.2f, x + s - 1.2f, y + 1.2f, x + s - 1.2f, y + s - 1.2f, x + 1.2f, y + s - 1.2f};
    fill_poly(c, right, 4, paint_solid, &side);
    fill_poly(c, upper, 4, paint_solid, &top);
    fill_poly(c, square, 4, paint_solid, &rim);
    fill_poly(c, inner, 4, paint_solid, &face);
}

bool make_logo(const char *dir)
{
    int letters = (int)sizeof logo_word - 1;
    int cols = letters * 5 + (letters - 1) * LOGO_GAP;
    Canvas c = canvas_new(cols * LOGO_CELL + LOGO_DEPTH + 2 * LOGO_PAD, 7 * LOGO_CELL + LOGO_DEPTH + 2 * LOGO_PAD);
    float x0 = LOGO_PAD, y0 = LOGO_PAD + LOGO_DEPTH;
    /* a soft glow under the word, the exit's green */
    add_glow(&c, c.w / 2.0f, y0 + 7 * LOGO_CELL * 0.55f, c.w * 0.55f, 7 * LOGO_CELL * 0.75f, rgba(90, 220, 170, 1),
             0.10f);
    /* blocks by col - row, from the bottom left: each one's sides go behind
     * the blocks above it and to its right, drawn after it */
    for (int k = -6; k < cols; k++)
        for (int row = 0; row < 7; row++) {
            int col = k + row;
            if (col < 0 || col >= cols)
                continue;
            int letter = col / (5 + LOGO_GAP), lx = col % (5 + LOGO_GAP);
            if (lx >= 5 || logo_letters[logo_letter(logo_word[letter])][row * 5 + lx] != '#')
                continue;
            logo_block(&c, x0 + col * LOGO_CELL, y0 + row * LOGO_CELL, row / 6.0f);
        }
    bool ok = save(&c, dir, "logo.png");
    free(c.px);
    return ok;
}
