/* make_art.c - draws Isodroid's sprites and writes them as PNG into assets/
 * (run by 'make art'; the PNGs are committed). Every sprite is rendered at 4x
 * and box-filtered down, so edges are anti-aliased. Tiles are 2:1 diamonds of
 * 64 x 32 pixels; colours and shapes are the constants below.
 *   make_art OUTDIR */
#include <SDL.h>
#include <SDL_image.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SS 4 /* supersampling */

typedef struct Canvas {
    int w, h; /* final size */
    float *px; /* (w*SS) x (h*SS) x RGBA, premultiplied */
} Canvas;

typedef struct RGBA {
    float r, g, b, a;
} RGBA;

static RGBA rgba(int r, int g, int b, float a)
{
    RGBA c = {r / 255.0f, g / 255.0f, b / 255.0f, a};
    return c;
}

static RGBA shade(RGBA c, float k)
{
    RGBA o = {fminf(c.r * k, 1), fminf(c.g * k, 1), fminf(c.b * k, 1), c.a};
    return o;
}

static RGBA mix(RGBA a, RGBA b, float t)
{
    RGBA o = {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t};
    return o;
}

static Canvas canvas_new(int w, int h)
{
    Canvas c = {w, h, calloc((size_t)w * h * SS * SS * 4, sizeof(float))};
    return c;
}

/* Blends colour over the supersampled pixel (x, y). */
static void plot(Canvas *c, int x, int y, RGBA col)
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
static float hash2(int x, int y, int seed)
{
    uint32_t h = (uint32_t)x * 374761393u + (uint32_t)y * 668265263u + (uint32_t)seed * 2246822519u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return (float)((h ^ (h >> 16)) & 0xFFFF) / 65536.0f;
}

typedef RGBA (*Paint)(float u, float v, int x, int y, void *ctx);

/* Fills the convex polygon (final-pixel coordinates) with paint(u, v), where
 * (u, v) are the pixel's coordinates relative to the polygon's bounding box in [0,1]. */
static void fill_poly(Canvas *c, const float *xy, int n, Paint paint, void *ctx)
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

static void fill_ellipse(Canvas *c, float cx, float cy, float rx, float ry, Paint paint, void *ctx)
{
    for (int y = (int)((cy - ry) * SS); y <= (int)((cy + ry) * SS); y++)
        for (int x = (int)((cx - rx) * SS); x <= (int)((cx + rx) * SS); x++) {
            float fx = (x + 0.5f) / SS, fy = (y + 0.5f) / SS;
            float dx = (fx - cx) / rx, dy = (fy - cy) / ry;
            if (dx * dx + dy * dy <= 1)
                plot(c, x, y, paint((dx + 1) / 2, (dy + 1) / 2, (int)fx, (int)fy, ctx));
        }
}

static RGBA paint_solid(float u, float v, int x, int y, void *ctx)
{
    (void)u, (void)v, (void)x, (void)y;
    return *(RGBA *)ctx;
}

static bool save(const Canvas *c, const char *dir, const char *name)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, c->w, c->h, 32, SDL_PIXELFORMAT_RGBA32);
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++) {
            float acc[4] = {0};
            for (int sy = 0; sy < SS; sy++)
                for (int sx = 0; sx < SS; sx++) {
                    const float *p = c->px + ((size_t)(y * SS + sy) * c->w * SS + x * SS + sx) * 4;
                    for (int k = 0; k < 4; k++)
                        acc[k] += p[k];
                }
            float a = acc[3] / (SS * SS);
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

/* ---- tiles -------------------------------------------------------------- */

enum { TW = 64, TH = 32 };

typedef struct Surface {
    RGBA base;
    int style; /* 0 plates, 1 gravel, 2 water, 3 door, 4 exit, 5 wall top */
} Surface;

static RGBA paint_top(float u, float v, int x, int y, void *ctx)
{
    Surface *s = ctx;
    RGBA c = s->base;
    float n = hash2(x, y, s->style);
    /* diamond-local coordinates: a along +x (down-right), b along +y (down-left) */
    float a = (u - 0.5f) + (v - 0.5f) + 0.5f, b = (v - 0.5f) - (u - 0.5f) + 0.5f;
    switch (s->style) {
    case 0: { /* metal plates: four panels, seams, rivets, a soft sheen */
        c = shade(c, 0.94f + 0.1f * n);
        float pa = fmodf(a * 2, 1), pb = fmodf(b * 2, 1);
        if (pa < 0.05f || pb < 0.05f)
            c = shade(c, 0.72f);
        else if (pa > 0.95f || pb > 0.95f)
            c = shade(c, 1.18f);
        float ra = fabsf(pa - 0.15f), rb = fabsf(pb - 0.15f);
        if (ra < 0.05f && rb < 0.05f)
            c = shade(c, 1.35f);
        c = shade(c, 1.05f - 0.15f * v);
        break;
    }
    case 1: { /* rough ground: gravel speckles */
        float m = hash2(x / 2, y / 2, 7);
        c = shade(c, 0.78f + 0.4f * m);
        if (n > 0.93f)
            c = mix(c, rgba(60, 45, 35, 1), 0.6f);
        break;
    }
    case 2: { /* water: bands of light */
        float w = sinf((a * 9 + b * 3) * 3.14159f) * 0.5f + 0.5f;
        c = mix(c, rgba(120, 200, 255, 1), 0.25f * w * w);
        c = shade(c, 0.92f + 0.12f * n);
        c.a = 0.93f;
        break;
    }
    case 3: { /* door: two brass leaves with a seam and hazard chevrons */
        c = shade(c, 0.9f + 0.12f * n);
        if (fabsf(a - 0.5f) < 0.025f)
            c = rgba(40, 30, 15, 1);
        float stripe = fmodf((b * 6 + a * 2), 1.0f);
        if (b < 0.16f || b > 0.84f)
            c = stripe < 0.5f ? rgba(230, 180, 40, 1) : rgba(35, 30, 25, 1);
        break;
    }
    case 4: { /* exit: dark pad with a glowing ring */
        float r = hypotf(a - 0.5f, b - 0.5f);
        c = shade(c, 0.9f + 0.1f * n);
        float ring = expf(-powf((r - 0.3f) / 0.05f, 2));
        c = mix(c, rgba(120, 255, 170, 1), 0.9f * ring);
        if (r < 0.22f)
            c = mix(c, rgba(40, 120, 80, 1), 0.6f);
        break;
    }
    case 5: { /* wall top: bevelled stone cap */
        c = shade(c, 0.95f + 0.1f * n);
        if (a < 0.08f || b < 0.08f)
            c = shade(c, 1.2f);
        if (a > 0.92f || b > 0.92f)
            c = shade(c, 0.8f);
        break;
    }
    }
    return c;
}

typedef struct Side {
    RGBA base;
    bool bricks;
    float height;
} Side;

static RGBA paint_side(float u, float v, int x, int y, void *ctx)
{
    Side *s = ctx;
    RGBA c = shade(s->base, 0.92f + 0.12f * hash2(x, y, 3));
    if (s->bricks) {
        float row = v * s->height / 8.0f;
        int r = (int)row;
        float off = (r % 2) ? 0.5f : 0.0f;
        float col = u * 4 + off;
        if (row - r < 0.14f || fmodf(col, 1.0f) < 0.06f)
            c = shade(c, 0.62f);
    }
    return shade(c, 1.0f - 0.25f * v);
}

/* A slab: the diamond top at y0 with sides of the given thickness. */
static void draw_slab(Canvas *c, float y0, float thick, Surface top, RGBA side, bool bricks)
{
    float left[] = {0, y0 + TH / 2.0f, TW / 2.0f, y0 + TH, TW / 2.0f, y0 + TH + thick, 0, y0 + TH / 2.0f + thick};
    float right[] = {TW / 2.0f, y0 + TH, TW, y0 + TH / 2.0f, TW, y0 + TH / 2.0f + thick, TW / 2.0f, y0 + TH + thick};
    Side ls = {shade(side, 0.78f), bricks, thick}, rs = {shade(side, 0.58f), bricks, thick};
    if (thick > 0) {
        fill_poly(c, left, 4, paint_side, &ls);
        fill_poly(c, right, 4, paint_side, &rs);
    }
    float d[] = {TW / 2.0f, y0, TW, y0 + TH / 2.0f, TW / 2.0f, y0 + TH, 0, y0 + TH / 2.0f};
    fill_poly(c, d, 4, paint_top, &top);
}

static bool make_tile(const char *dir, const char *name, Surface top, RGBA side, float thick)
{
    Canvas c = canvas_new(TW, TH + 8);
    draw_slab(&c, 8 - thick, thick, top, side, false);
    bool ok = save(&c, dir, name);
    free(c.px);
    return ok;
}

/* ---- objects -------------------------------------------------------------- */

static RGBA paint_glow(float u, float v, int x, int y, void *ctx)
{
    (void)x, (void)y;
    RGBA c = *(RGBA *)ctx;
    float r = hypotf(u - 0.5f, v - 0.5f) * 2;
    c.a *= fmaxf(0, 1 - r) * fmaxf(0, 1 - r);
    return c;
}

static RGBA paint_body(float u, float v, int x, int y, void *ctx)
{
    (void)x, (void)y;
    RGBA c = *(RGBA *)ctx;
    /* light from the upper left */
    float l = 1.25f - 0.6f * u - 0.35f * v;
    if (hypotf(u - 0.32f, v - 0.28f) < 0.12f)
        l += 0.35f;
    return shade(c, l);
}

static bool make_cell(const char *dir)
{
    Canvas c = canvas_new(32, 40);
    RGBA glow = rgba(255, 230, 90, 0.55f);
    fill_ellipse(&c, 16, 24, 16, 14, paint_glow, &glow);
    RGBA shadow = rgba(0, 0, 0, 0.35f);
    fill_ellipse(&c, 16, 34, 8, 3, paint_solid, &shadow);
    RGBA body = rgba(70, 200, 120, 1);
    float can[] = {10, 12, 22, 12, 22, 33, 10, 33};
    fill_poly(&c, can, 4, paint_body, &body);
    fill_ellipse(&c, 16, 33, 6, 2.5f, paint_body, &body);
    RGBA top = rgba(200, 210, 220, 1);
    fill_ellipse(&c, 16, 12, 6, 2.5f, paint_body, &top);
    RGBA cap = rgba(230, 200, 60, 1);
    float bolt[] = {17, 15, 13, 23, 16, 23, 14, 30, 19, 21, 16, 21};
    fill_poly(&c, bolt, 3, paint_solid, &cap);
    fill_poly(&c, bolt + 6, 3, paint_solid, &cap);
    bool ok = save(&c, dir, "cell.png");
    free(c.px);
    return ok;
}

/* The droid: a dome-headed service robot on two treads. Row d of the sheet
 * faces grid direction d (E SE S SW W NW N NE); its eye points along that
 * direction projected to the screen, (dx - dy, (dx + dy) / 2). Column 0 is
 * idle, columns 1-4 a walk cycle. The feet rest at (24, 58) of each frame. */
enum { FW = 48, FH = 64, FRAMES = 5 };

static void draw_droid(Canvas *c, int ox, int oy, int d, int frame)
{
    static const int gdir[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    float sx = (float)(gdir[d][0] - gdir[d][1]), sy = (gdir[d][0] + gdir[d][1]) * 0.5f;
    float len = hypotf(sx, sy);
    sx /= len;
    sy /= len;
    float phase = frame == 0 ? 0 : (frame - 1) * 1.5707963f;
    float bob = frame == 0 ? 0 : fabsf(sinf(phase)) * 2.0f;
    float cx = ox + 24.0f, feet = oy + 58.0f;

    RGBA shadow = rgba(0, 0, 0, 0.38f);
    fill_ellipse(c, cx, feet, 15, 5.5f, paint_solid, &shadow);
    /* treads, left and right of the heading, stepping in turn */
    float px = -sy, py = sx * 0.5f;
    RGBA tread = rgba(55, 58, 66, 1);
    for (int side = -1; side <= 1; side += 2) {
        float step = frame == 0 ? 0 : sinf(phase + (side > 0 ? 3.14159f : 0)) * 3.0f;
        float tx = cx + side * px * 9 + sx * step, ty = feet - 3 + side * py * 9 + sy * step * 0.5f;
        fill_ellipse(c, tx, ty, 5.5f, 4, paint_body, &tread);
    }
    /* body */
    float top = feet - 36 - bob;
    RGBA body = rgba(225, 228, 235, 1);
    float torso[] = {cx - 13, top + 12, cx + 13, top + 12, cx + 12, feet - 8 - bob, cx - 12, feet - 8 - bob};
    fill_poly(c, torso, 4, paint_body, &body);
    fill_ellipse(c, cx, feet - 8 - bob, 12, 4.5f, paint_body, &body);
    /* a blue band and panel on the side that faces the viewer */
    RGBA band = rgba(40, 110, 210, 1);
    float bandy = top + 20;
    float bandp[] = {cx - 13, bandy, cx + 13, bandy, cx + 13, bandy + 4, cx - 13, bandy + 4};
    fill_poly(c, bandp, 4, paint_body, &band);
    if (sy > -0.2f) {
        float pxc = cx + sx * 7;
        float panel[] = {pxc - 4, bandy + 7, pxc + 4, bandy + 7, pxc + 4, bandy + 14, pxc - 4, bandy + 14};
        fill_poly(c, panel, 4, paint_body, &band);
    }
    /* dome head */
    RGBA dome = rgba(190, 200, 215, 1);
    fill_ellipse(c, cx, top + 12, 13, 11, paint_body, &dome);
    RGBA cap = rgba(40, 110, 210, 1);
    fill_ellipse(c, cx, top + 5, 6, 3, paint_body, &cap);
    /* the eye, visible unless the droid faces away */
    if (sy > -0.6f) {
        float ex = cx + sx * 8, ey = top + 11 + sy * 3;
        RGBA glow = rgba(255, 80, 60, 0.6f);
        fill_ellipse(c, ex, ey, 6, 6, paint_glow, &glow);
        RGBA lens = rgba(30, 30, 40, 1);
        fill_ellipse(c, ex, ey, 3.6f, 3.6f, paint_solid, &lens);
        RGBA red = rgba(255, 70, 50, 1);
        fill_ellipse(c, ex, ey, 2.2f, 2.2f, paint_solid, &red);
    }
    /* antenna */
    RGBA ant = rgba(90, 95, 105, 1);
    float a[] = {cx - sx * 5 - 0.8f, top - 6, cx - sx * 5 + 0.8f, top - 6, cx - sx * 5 + 0.8f, top + 4, cx - sx * 5 - 0.8f, top + 4};
    fill_poly(c, a, 4, paint_solid, &ant);
    RGBA tip = rgba(255, 200, 60, 1);
    fill_ellipse(c, cx - sx * 5, top - 6, 1.8f, 1.8f, paint_solid, &tip);
}

static bool make_droid(const char *dir)
{
    Canvas c = canvas_new(FW * FRAMES, FH * 8);
    for (int d = 0; d < 8; d++)
        for (int f = 0; f < FRAMES; f++)
            draw_droid(&c, f * FW, d * FH, d, f);
    bool ok = save(&c, dir, "droid.png");
    free(c.px);
    return ok;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "assets";
    if (IMG_Init(IMG_INIT_PNG) == 0) {
        fprintf(stderr, "make_art: SDL_image: %s\n", IMG_GetError());
        return 1;
    }
    RGBA steel = rgba(120, 128, 142, 1), dirt = rgba(130, 104, 74, 1), stone = rgba(112, 104, 98, 1);
    bool ok = true;
    ok &= make_tile(dir, "floor.png", (Surface){rgba(128, 138, 152, 1), 0}, steel, 8);
    ok &= make_tile(dir, "rough.png", (Surface){rgba(150, 118, 80, 1), 1}, dirt, 8);
    ok &= make_tile(dir, "door.png", (Surface){rgba(176, 132, 60, 1), 3}, rgba(120, 90, 50, 1), 8);
    ok &= make_tile(dir, "water.png", (Surface){rgba(40, 100, 170, 1), 2}, rgba(30, 60, 100, 1), 4);
    ok &= make_tile(dir, "exit.png", (Surface){rgba(60, 72, 80, 1), 4}, steel, 8);
    Canvas wall = canvas_new(TW, TH + 40);
    draw_slab(&wall, 0, 40, (Surface){rgba(150, 142, 134, 1), 5}, stone, true);
    ok &= save(&wall, dir, "wall.png");
    free(wall.px);
    ok &= make_cell(dir);
    ok &= make_droid(dir);
    IMG_Quit();
    return ok ? 0 : 1;
}
