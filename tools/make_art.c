/* SPDX-License-Identifier: MIT */
/* make_art.c - draws every Isodroid image in assets/ and writes it as PNG
 * (run by 'make art'; the PNGs are committed, the layouts are in assets.h).
 * Tiles are painted flat; the droid, the sentry, doors, the exit and the cell
 * are ray-marched 3-D models; the burst and the alert are painted light. All
 * is drawn at 4x and box-filtered down, so edges are anti-aliased, and the
 * output is the same on every run.   make_art OUTDIR */
#include <SDL.h>
#include <SDL_image.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "art.h"

/* ---- upright sprites: a small ray-marcher ---------------------------------- */
/* The droid, the sentry, the door and the exit are modelled as signed distance
 * fields and ray-marched in the game's own projection, so each facing is a
 * true rotation of one model and its shading follows the tiles' light. World
 * units are pixels of length: x and y run along the grid (a tile's edge is
 * TILE_U long), z is up, and
 *   screen x = (x - y) * ISO_K,   screen y = (x + y) * ISO_K / 2 - z * ISO_Z. */
#define ISO_K 0.70710678f
#define ISO_Z 0.8660254f
#define TILE_U 45.254834f

typedef struct V3 {
    float x, y, z;
} V3;

static V3 v3(float x, float y, float z)
{
    V3 v = {x, y, z};
    return v;
}
static V3 vadd(V3 a, V3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static V3 vsub(V3 a, V3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static V3 vscale(V3 a, float k) { return v3(a.x * k, a.y * k, a.z * k); }
static float vdot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static float vlen(V3 a) { return sqrtf(vdot(a, a)); }
static V3 vnorm(V3 a) { return vscale(a, 1.0f / fmaxf(vlen(a), 1e-9f)); }
static V3 rot_z(V3 p, float a) { return v3(cosf(a) * p.x - sinf(a) * p.y, sinf(a) * p.x + cosf(a) * p.y, p.z); }
static float smooth(float e0, float e1, float x)
{
    float t = clampf((x - e0) / (e1 - e0), 0, 1);
    return t * t * (3 - 2 * t);
}

/* towards the viewer, and towards the light (the tiles' left faces are lit) */
static const V3 VIEW = {0.61237244f, 0.61237244f, 0.5f};
static const V3 LIGHT = {0.1511f, 0.4937f, 0.8563f};

static void project(V3 w, float *sx, float *sy)
{
    *sx = (w.x - w.y) * ISO_K;
    *sy = (w.x + w.y) * ISO_K * 0.5f - w.z * ISO_Z;
}

/* distance primitives; c is a centre, h half sizes, r a rounding radius */
static float sd_box(V3 p, V3 c, V3 h, float r)
{
    float qx = fabsf(p.x - c.x) - h.x + r, qy = fabsf(p.y - c.y) - h.y + r, qz = fabsf(p.z - c.z) - h.z + r;
    float out = vlen(v3(fmaxf(qx, 0), fmaxf(qy, 0), fmaxf(qz, 0)));
    return out + fminf(fmaxf(qx, fmaxf(qy, qz)), 0) - r;
}

static float sd_sphere(V3 p, V3 c, float r) { return vlen(vsub(p, c)) - r; }

static float sd_ellipsoid(V3 p, V3 c, V3 r)
{
    V3 q = vsub(p, c);
    float k0 = vlen(v3(q.x / r.x, q.y / r.y, q.z / r.z));
    float k1 = vlen(v3(q.x / (r.x * r.x), q.y / (r.y * r.y), q.z / (r.z * r.z)));
    return k1 > 1e-6f ? k0 * (k0 - 1) / k1 : -fminf(r.x, fminf(r.y, r.z));
}

static float sd_capsule(V3 p, V3 a, V3 b, float r)
{
    V3 pa = vsub(p, a), ba = vsub(b, a);
    float h = clampf(vdot(pa, ba) / vdot(ba, ba), 0, 1);
    return vlen(vsub(pa, vscale(ba, h))) - r;
}

/* a capped cylinder from a to b */
static float sd_cylinder(V3 p, V3 a, V3 b, float r)
{
    V3 ba = vsub(b, a), pa = vsub(p, a);
    float baba = vdot(ba, ba), paba = vdot(pa, ba);
    float x = vlen(vsub(vscale(pa, baba), vscale(ba, paba))) - r * baba;
    float y = fabsf(paba - baba * 0.5f) - baba * 0.5f;
    float x2 = x * x, y2 = y * y * baba;
    float d = fmaxf(x, y) < 0 ? -fminf(x2, y2) : (x > 0 ? x2 : 0) + (y > 0 ? y2 : 0);
    return copysignf(sqrtf(fabsf(d)), d) / baba;
}

/* an upright cylinder with rounded rims, from z0 to z1 */
static float sd_post(V3 p, float cx, float cy, float r, float z0, float z1, float round)
{
    float dr = hypotf(p.x - cx, p.y - cy) - r + round;
    float dz = fabsf(p.z - (z0 + z1) * 0.5f) - (z1 - z0) * 0.5f + round;
    return fminf(fmaxf(dr, dz), 0) + hypotf(fmaxf(dr, 0), fmaxf(dz, 0)) - round;
}

/* a ring lying flat around the upright axis through c */
static float sd_torus(V3 p, V3 c, float big, float small)
{
    V3 q = vsub(p, c);
    return hypotf(hypotf(q.x, q.y) - big, q.z) - small;
}

/* keeps the nearer of two surfaces and its material */
static void take(float *d, int *mat, float d2, int mat2)
{
    if (d2 < *d) {
        *d = d2;
        *mat = mat2;
    }
}

typedef struct Surf {
    RGBA col;
    float emit; /* 0 lit by the light, 1 glows with its own colour */
    float spec; /* strength of the highlight */
} Surf;

static Surf surf(RGBA col, float emit, float spec)
{
    Surf s = {col, emit, spec};
    return s;
}

/* A point of glowing air: strength k at its centre, falling off over radius r. */
typedef struct Glow {
    V3 at;
    float r;
    RGBA col;
    float k;
} Glow;

enum { MAX_GLOWS = 8 };

typedef struct Model {
    float (*sdf)(V3 p, const void *ctx, int *mat);
    Surf (*paint)(V3 p, V3 n, int mat, const void *ctx);
    const void *ctx;
    float yaw; /* the model's +x axis points along (cos yaw, sin yaw) in the grid */
    V3 at;     /* the model's origin in world units from the anchor */
    V3 lo, hi; /* bounds of everything it draws, in its own axes */
    Glow glow[MAX_GLOWS];
    int glows;
    /* glowing air that is not points (light per unit length at p), inside field_lo .. field_hi */
    V3 (*field)(V3 p, const void *ctx);
    V3 field_lo, field_hi;
} Model;

static Model model(float (*sdf)(V3, const void *, int *), Surf (*paint)(V3, V3, int, const void *), const void *ctx,
                   float yaw, V3 at, V3 lo, V3 hi)
{
    Model m;
    memset(&m, 0, sizeof m);
    m.sdf = sdf, m.paint = paint, m.ctx = ctx, m.yaw = yaw, m.at = at, m.lo = lo, m.hi = hi;
    return m;
}

static void model_glow(Model *m, V3 at, float r, RGBA col, float k)
{
    if (m->glows < MAX_GLOWS) {
        Glow g = {at, r, col, k};
        m->glow[m->glows++] = g;
    }
}

/* where the ray o + t dir (t0 < t < t1) is inside the box lo .. hi; false if nowhere */
static bool ray_box(V3 o, V3 dir, V3 lo, V3 hi, float *t0, float *t1)
{
    const float oo[3] = {o.x, o.y, o.z}, dd[3] = {dir.x, dir.y, dir.z};
    const float l[3] = {lo.x, lo.y, lo.z}, h[3] = {hi.x, hi.y, hi.z};
    for (int k = 0; k < 3; k++) {
        if (fabsf(dd[k]) < 1e-6f) {
            if (oo[k] < l[k] || oo[k] > h[k])
                return false;
            continue;
        }
        float ta = (l[k] - oo[k]) / dd[k], tb = (h[k] - oo[k]) / dd[k];
        *t0 = fmaxf(*t0, fminf(ta, tb));
        *t1 = fminf(*t1, fmaxf(ta, tb));
    }
    return *t0 < *t1;
}

static V3 model_to_world(const Model *m, V3 p) { return vadd(rot_z(p, m->yaw), m->at); }

/* Ray-marches m into the frame (fx, fy, fw, fh) of c, the world origin at
 * (ax, ay); all in final pixels. Drawn over what is there. */
static void render_model(Canvas *c, int fx, int fy, int fw, int fh, float ax, float ay, const Model *m)
{
    float minx = 1e9f, miny = 1e9f, maxx = -1e9f, maxy = -1e9f;
    for (int i = 0; i < 8; i++) {
        V3 corner = v3(i & 1 ? m->hi.x : m->lo.x, i & 2 ? m->hi.y : m->lo.y, i & 4 ? m->hi.z : m->lo.z);
        float sx, sy;
        project(model_to_world(m, corner), &sx, &sy);
        minx = fminf(minx, sx), maxx = fmaxf(maxx, sx), miny = fminf(miny, sy), maxy = fmaxf(maxy, sy);
    }
    int x0 = (int)floorf((ax + minx) * SS) - 1, x1 = (int)ceilf((ax + maxx) * SS) + 1;
    int y0 = (int)floorf((ay + miny) * SS) - 1, y1 = (int)ceilf((ay + maxy) * SS) + 1;
    x0 = x0 < fx * SS ? fx * SS : x0, y0 = y0 < fy * SS ? fy * SS : y0;
    x1 = x1 > (fx + fw) * SS ? (fx + fw) * SS : x1, y1 = y1 > (fy + fh) * SS ? (fy + fh) * SS : y1;
    V3 dir = rot_z(VIEW, -m->yaw), light = rot_z(LIGHT, -m->yaw);
    V3 half = vnorm(vadd(light, dir));
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            float sx = (x + 0.5f) / SS - ax, sy = (y + 0.5f) / SS - ay;
            float a = sx / ISO_K, b = 2 * sy / ISO_K; /* x - y and x + y on the ground */
            V3 o = rot_z(vsub(v3((a + b) * 0.5f, (b - a) * 0.5f, 0), m->at), -m->yaw);
            float t0 = -1e9f, t1 = 1e9f;
            if (!ray_box(o, dir, m->lo, m->hi, &t0, &t1))
                continue;
            /* from the viewer's side inwards */
            float t = t1;
            int mat = 0;
            bool hit = false;
            for (int i = 0; i < 200 && t > t0; i++) {
                float d = m->sdf(vadd(o, vscale(dir, t)), m->ctx, &mat);
                if (d < 0.01f) {
                    hit = true;
                    break;
                }
                t -= fmaxf(d * 0.9f, 0.004f);
            }
            float *px = c->px + ((size_t)y * c->w * SS + x) * 4;
            if (hit) {
                V3 p = vadd(o, vscale(dir, t));
                const float e = 0.02f;
                int dummy;
                float d1 = m->sdf(vadd(p, v3(e, -e, -e)), m->ctx, &dummy);
                float d2 = m->sdf(vadd(p, v3(-e, -e, e)), m->ctx, &dummy);
                float d3 = m->sdf(vadd(p, v3(-e, e, -e)), m->ctx, &dummy);
                float d4 = m->sdf(vadd(p, v3(e, e, e)), m->ctx, &dummy);
                V3 n = vnorm(v3(d1 - d2 - d3 + d4, -d1 - d2 + d3 + d4, -d1 + d2 - d3 + d4));
                Surf s = m->paint(p, n, mat, m->ctx);
                float diff = fmaxf(vdot(n, light), 0);
                float amb = 0.5f + 0.1f * n.z;
                float hl = s.spec * powf(fmaxf(vdot(n, half), 0), 30);
                float rim = 0.12f * powf(1 - fmaxf(vdot(n, dir), 0), 3);
                float k = amb + 0.55f * diff;
                RGBA lit = {s.col.r * k + hl + rim, s.col.g * k + hl + rim, s.col.b * k + hl + rim, s.col.a};
                RGBA out = mix(lit, s.col, s.emit);
                out.a = s.col.a;
                plot(c, x, y, out);
            }
            /* light from glowing air in front of the surface */
            float tend = hit ? t : t0, g[3] = {0, 0, 0};
            for (int i = 0; i < m->glows; i++) {
                /* a gaussian along the ray integrates to a difference of erfs */
                const Glow *gl = &m->glow[i];
                V3 oc = vsub(gl->at, o);
                float tc = vdot(oc, dir), perp2 = vdot(oc, oc) - tc * tc;
                float k = gl->k * expf(-perp2 / (gl->r * gl->r)) * gl->r * 0.88622693f *
                          (erff((t1 - tc) / gl->r) - erff((tend - tc) / gl->r));
                g[0] += gl->col.r * k, g[1] += gl->col.g * k, g[2] += gl->col.b * k;
            }
            float f0 = tend, f1 = t1;
            if (m->field && ray_box(o, dir, m->field_lo, m->field_hi, &f0, &f1)) {
                const int steps = 40;
                float dt = (f1 - f0) / steps;
                for (int i = 0; i < steps; i++) {
                    V3 q = m->field(vadd(o, vscale(dir, f1 - (i + 0.5f) * dt)), m->ctx);
                    g[0] += q.x * dt, g[1] += q.y * dt, g[2] += q.z * dt;
                }
            }
            float gm = fmaxf(g[0], fmaxf(g[1], g[2]));
            if (gm > 0) {
                px[0] += g[0], px[1] += g[1], px[2] += g[2];
                px[3] = fminf(1, px[3] + gm * (1 - px[3]));
            }
        }
}

/* ---- the droid ------------------------------------------------------------- */
/* A white, dome-headed service robot on two treads. Row d of the sheet faces
 * grid direction d (E SE S SW W NW N NE): the model turns so that its red eye,
 * its chest panel and its treads point that way, with the antenna and the
 * battery pack behind. Column 0 is idle, columns 1-4 a walk cycle (treads
 * rolling, the body bobbing, the antenna swaying). The feet rest at
 * (DROID_FEET_X, DROID_FEET_Y) of each frame. */
enum { FW = 48, FH = 64, FRAMES = 5, FEET_X = 24, FEET_Y = 56 };

enum { M_BODY = 1, M_HEAD, M_BLUE, M_DARK, M_TREAD, M_METAL, M_RIM, M_EYE, M_TIP };

typedef struct DroidPose {
    float bob;   /* body lift */
    float roll;  /* tread travel */
    float sway;  /* antenna tip, forwards */
} DroidPose;

static const V3 DROID_HEAD = {0, 0, 27.5f};
#define DROID_EYE_DIR v3(0.87f, 0, 0.49f)

static float droid_sdf(V3 p, const void *ctx, int *mat)
{
    const DroidPose *pose = ctx;
    float d = 1e9f;
    *mat = 0;
    /* treads and hubs stay on the ground */
    for (int side = -1; side <= 1; side += 2)
        take(&d, mat, sd_box(p, v3(0.5f, side * 7.8f, 4.2f), v3(9.6f, 3.3f, 4.2f), 3.2f), M_TREAD);
    take(&d, mat, sd_post(p, 0, 0, 9.5f, 5, 10.5f, 1), M_DARK);
    V3 q = v3(p.x, p.y, p.z - pose->bob);
    if (q.z > 6) {
        take(&d, mat, sd_post(q, 0, 0, 11.8f, 9.5f, 28, 2), M_BODY);
        take(&d, mat, sd_sphere(q, DROID_HEAD, 11.8f), M_HEAD);
        take(&d, mat, sd_torus(q, v3(0, 0, 27.8f), 11.9f, 1.15f), M_BLUE);
        /* shoulders */
        take(&d, mat, sd_cylinder(q, v3(0, -13.3f, 20), v3(0, 13.3f, 20), 3.4f), M_METAL);
        /* battery pack on the back */
        take(&d, mat, sd_box(q, v3(-11.5f, 0, 17), v3(3.2f, 6.2f, 6.5f), 1.6f), M_BLUE);
        /* the eye: a lens in a dark housing on the front of the dome */
        V3 e = DROID_EYE_DIR;
        take(&d, mat,
             sd_cylinder(q, vadd(DROID_HEAD, vscale(e, 8)), vadd(DROID_HEAD, vscale(e, 13.4f)), 4.3f), M_RIM);
        take(&d, mat, sd_sphere(q, vadd(DROID_HEAD, vscale(e, 12.6f)), 3.2f), M_EYE);
        /* a blue cap and the antenna, behind */
        take(&d, mat, sd_post(q, -1.5f, 0, 4.6f, 37.5f, 40.6f, 1.2f), M_BLUE);
        V3 tip = v3(-8.5f + pose->sway, 0, 48);
        take(&d, mat, sd_capsule(q, v3(-7, 0, 34), tip, 0.75f), M_METAL);
        take(&d, mat, sd_sphere(q, tip, 1.9f), M_TIP);
    }
    return d;
}

static Surf droid_paint(V3 p, V3 n, int mat, const void *ctx)
{
    const DroidPose *pose = ctx;
    float z = p.z - pose->bob;
    switch (mat) {
    case M_BODY: {
        float ang = atan2f(p.y, p.x);
        if (z > 21.5f && z < 24.5f)
            return surf(rgba(40, 110, 210, 1), 0, 0.3f);
        if (fabsf(ang) < 0.5f && z > 12 && z < 19.5f) {
            if (z > 15.2f && z < 16.4f && fabsf(ang) < 0.36f)
                return surf(rgba(120, 230, 255, 1), 0.8f, 0);
            return surf(rgba(40, 110, 210, 1), 0, 0.3f);
        }
        if (z < 11.5f)
            return surf(rgba(185, 190, 200, 1), 0, 0.3f);
        return surf(rgba(232, 234, 240, 1), 0, 0.45f);
    }
    case M_HEAD:
        return surf(rgba(200, 208, 222, 1), 0, 0.6f);
    case M_BLUE: {
        RGBA b = rgba(40, 110, 210, 1);
        if (p.x < -13.5f && fmodf(z + 100, 2.6f) < 1.1f) /* vents on the pack */
            b = rgba(25, 60, 120, 1);
        return surf(b, 0, 0.3f);
    }
    case M_DARK:
        return surf(rgba(90, 95, 105, 1), 0, 0.2f);
    case M_TREAD: {
        RGBA t = rgba(62, 65, 74, 1);
        if (fabsf(n.y) > 0.8f) { /* the outer face: wheel hubs */
            for (int w = -1; w <= 1; w++)
                if (hypotf(p.x - 0.5f - w * 6.2f, p.z - 4.2f) < 2.0f)
                    return surf(rgba(150, 155, 165, 1), 0, 0.4f);
        }
        if (fmodf(p.x + pose->roll + 60, 3.0f) < 1.1f)
            t = rgba(35, 37, 43, 1);
        return surf(t, 0, 0.15f);
    }
    case M_METAL:
        return surf(rgba(150, 155, 166, 1), 0, 0.5f);
    case M_RIM:
        return surf(rgba(34, 36, 46, 1), 0, 0.6f);
    case M_EYE: {
        /* a bright core and a white glint */
        V3 c = vadd(v3(0, 0, pose->bob), vadd(DROID_HEAD, vscale(DROID_EYE_DIR, 12.6f)));
        V3 r = vsub(p, c);
        float off = hypotf(r.y, r.z - 0.9f);
        if (off < 0.8f && r.x > 0)
            return surf(rgba(255, 235, 225, 1), 1, 0);
        return surf(rgba(255, 62, 40, 1), 0.85f, 0.5f);
    }
    case M_TIP:
        return surf(rgba(255, 205, 60, 1), 0.85f, 0);
    }
    return surf(rgba(255, 0, 255, 1), 1, 0);
}


static const int GRID_DIR[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

static float facing_yaw(int d) { return atan2f((float)GRID_DIR[d][1], (float)GRID_DIR[d][0]); }

static void draw_droid(Canvas *c, int ox, int oy, int d, int frame)
{
    float phase = frame == 0 ? 0 : (frame - 1) * PI_F / 2;
    DroidPose pose = {frame == 0 ? 0 : 0.9f * fabsf(sinf(phase)), frame == 0 ? 0 : (frame - 1) * 0.75f,
                      frame == 0 ? 0 : -1.6f * sinf(phase)};
    float fx = ox + (float)FEET_X, fy = oy + (float)FEET_Y;
    RGBA shadow = rgba(0, 0, 0, 0.36f);
    fill_ellipse(c, fx, fy, 15, 6.5f, paint_solid, &shadow);
    Model m = model(droid_sdf, droid_paint, &pose, facing_yaw(d), v3(0, 0, 0), v3(-17, -15, 0), v3(19, 15, 52));
    model_glow(&m, vadd(v3(0, 0, pose.bob), vadd(DROID_HEAD, vscale(DROID_EYE_DIR, 14.5f))), 3.2f, rgba(255, 70, 40, 1), 0.10f);
    model_glow(&m, v3(-8.5f + pose.sway, 0, 48 + pose.bob), 2.4f, rgba(255, 200, 60, 1), 0.05f);
    render_model(c, ox, oy, FW, FH, fx, fy, &m);
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

/* ---- the sentry ------------------------------------------------------------ */
/* A red hovering sentinel: a round hull with one yellow lens on a barrel that
 * points where it looks, a swept-back fin on top, an engine pod on either
 * side and a glowing vent at the back. Same sheet layout as the droid: row d
 * faces grid direction d, column 0 hovers still, columns 1-4 cruise (bobbing,
 * pitched forward, engines flaring). The point under it on the ground is at
 * (FEET_X, FEET_Y) of each frame. */
enum { S_HULL = 1, S_DARK, S_LENS, S_POD, S_CAP };
/* The sentry's frames: larger than the droid's, for a model drawn at
 * SENTRY_SCALE x its modelled size (as tall as the droid, and wider). */
enum { SFW = 64, SFH = 80, SFEET_X = 32, SFEET_Y = 70 };
#define SENTRY_SCALE 1.3f

typedef struct SentryPose {
    float hz;    /* height of the hull's centre */
    float pitch; /* nose down, radians */
    float flare; /* engine glow */
} SentryPose;

/* p in the hull's own axes: origin at its centre, pitched with it, in the
 * model's units (SENTRY_SCALE of the world's) */
static V3 sentry_local(V3 p, const SentryPose *pose)
{
    V3 q = vscale(v3(p.x, p.y, p.z - pose->hz), 1.0f / SENTRY_SCALE);
    float c = cosf(pose->pitch), s = sinf(pose->pitch);
    return v3(c * q.x - s * q.z, q.y, s * q.x + c * q.z);
}

static float sentry_sdf(V3 p, const void *ctx, int *mat)
{
    V3 q = sentry_local(p, ctx);
    float d = 1e9f;
    *mat = 0;
    take(&d, mat, sd_ellipsoid(q, v3(0, 0, 0), v3(11.5f, 11.5f, 9.2f)), S_HULL);
    take(&d, mat, sd_sphere(q, v3(-1, 0, 6.2f), 5.6f), S_CAP);
    /* the fin: a slab with its leading edge swept back */
    float fin = sd_box(q, v3(-5, 0, 11), v3(5.5f, 1.2f, 6.5f), 0.9f);
    fin = fmaxf(fin, ((q.x - 1.5f) * 9 + (q.z - 6) * 8) / 12.04f);
    take(&d, mat, fin, S_HULL);
    /* the lens on its barrel */
    take(&d, mat, sd_cylinder(q, v3(6, 0, 0.5f), v3(14.5f, 0, 0.5f), 4.4f), S_DARK);
    take(&d, mat, sd_cylinder(q, v3(14, 0, 0.5f), v3(15.2f, 0, 0.5f), 5.2f), S_DARK);
    take(&d, mat, sd_sphere(q, v3(13.6f, 0, 0.5f), 3.6f), S_LENS);
    /* engine pods on struts */
    take(&d, mat, sd_cylinder(q, v3(-2, -12, -2), v3(-2, 12, -2), 1.6f), S_DARK);
    for (int side = -1; side <= 1; side += 2)
        take(&d, mat, sd_capsule(q, v3(-8, side * 12.8f, -2), v3(3.5f, side * 12.8f, -2), 3.3f), S_POD);
    /* the nozzle underneath */
    take(&d, mat, sd_capsule(q, v3(0, 0, -6), v3(0, 0, -11.5f), 2.8f), S_DARK);
    return d * SENTRY_SCALE;
}

static Surf sentry_paint(V3 p, V3 n, int mat, const void *ctx)
{
    const SentryPose *pose = ctx;
    V3 q = sentry_local(p, pose);
    (void)n;
    RGBA dark = rgba(62, 58, 66, 1);
    switch (mat) {
    case S_HULL:
        if (fabsf(q.z) < 1.3f && q.y * q.y + q.x * q.x > 60)
            return surf(dark, 0, 0.3f);
        if (q.x < -8.5f && fabsf(q.z) < 4.5f && fabsf(q.y) < 5.5f) { /* the vent at the back */
            if (fmodf(q.z + 100, 2.2f) < 1.0f)
                return surf(rgba(255, 120, 40, 1), 0.75f * pose->flare + 0.25f, 0);
            return surf(dark, 0, 0.2f);
        }
        return surf(rgba(214, 64, 40, 1), 0, 0.55f);
    case S_CAP:
        return surf(rgba(80, 76, 86, 1), 0, 0.6f);
    case S_DARK:
        return surf(dark, 0, 0.35f);
    case S_POD:
        if (q.x < -8.6f)
            return surf(rgba(255, 170, 60, 1), pose->flare, 0);
        if (q.x > 1.5f)
            return surf(rgba(214, 64, 40, 1), 0, 0.5f);
        return surf(rgba(96, 92, 102, 1), 0, 0.4f);
    case S_LENS: {
        float off = hypotf(q.y + 0.9f, q.z - 1.6f);
        if (off < 0.9f && q.x > 14)
            return surf(rgba(255, 255, 230, 1), 1, 0);
        if (hypotf(q.y, q.z - 0.5f) < 1.5f)
            return surf(rgba(255, 250, 190, 1), 1, 0);
        return surf(rgba(255, 205, 40, 1), 0.9f, 0.4f);
    }
    }
    return surf(rgba(255, 0, 255, 1), 1, 0);
}

/* the inverse of sentry_local */
static V3 sentry_model(V3 q, const SentryPose *pose)
{
    float c = cosf(pose->pitch), s = sinf(pose->pitch);
    V3 p = vscale(v3(c * q.x + s * q.z, q.y, -s * q.x + c * q.z), SENTRY_SCALE);
    return v3(p.x, p.y, p.z + pose->hz);
}

static void draw_sentry(Canvas *c, int ox, int oy, int d, int frame)
{
    float phase = frame == 0 ? 0 : (frame - 1) * PI_F / 2;
    SentryPose pose = {28 + (frame == 0 ? 0 : 1.6f * sinf(phase)), frame == 0 ? 0 : 0.16f,
                       frame == 0 ? 0.35f : 0.7f + 0.3f * cosf(phase * 2)};
    float fx = ox + (float)SFEET_X, fy = oy + (float)SFEET_Y, k = SENTRY_SCALE;
    RGBA shadow = rgba(0, 0, 0, 0.3f);
    fill_ellipse(c, fx, fy, 12 * k, 5.5f * k, paint_solid, &shadow);
    add_glow(c, fx, fy, 7 * k, 3.5f * k, rgba(255, 140, 50, 1), 0.25f + 0.15f * pose.flare);
    Model m = model(sentry_sdf, sentry_paint, &pose, facing_yaw(d), v3(0, 0, 0), v3(-16 * k, -17 * k, 28 - 18 * k),
                    v3(21 * k, 17 * k, 28 + 20 * k));
    model_glow(&m, sentry_model(v3(16.5f, 0, 0.5f), &pose), 3.4f * k, rgba(255, 200, 50, 1), 0.09f);
    model_glow(&m, sentry_model(v3(0, 0, -14), &pose), 3.2f * k, rgba(255, 150, 50, 1), 0.05f + 0.05f * pose.flare);
    render_model(c, ox, oy, SFW, SFH, fx, fy, &m);
}

static bool make_sentry(const char *dir)
{
    Canvas c = canvas_new(SFW * FRAMES, SFH * 8);
    for (int d = 0; d < 8; d++)
        for (int f = 0; f < FRAMES; f++)
            draw_sentry(&c, f * SFW, d * SFH, d, f);
    bool ok = save(&c, dir, "sentry.png");
    free(c.px);
    return ok;
}

/* ---- doors and the exit ---------------------------------------------------- */
/* Both stand on a tile and are drawn in frames of OW x OH pixels with the
 * tile's top corner at (OW / 2, OTOP); their models are centred on the tile. */
enum { OW = 64, OH = 88, OTOP = 56, DOOR_FRAMES = 5, EXIT_FRAMES = 6 };

#define HALF_TILE (TILE_U / 2)
#define DOOR_H 55.4f    /* the frame's height: 48 pixels on screen */
#define DOOR_POST 7.2f  /* a post's width along the wall */
#define DOOR_LINTEL 9.6f

enum { D_POST = 1, D_LINTEL, D_LEAF_L, D_LEAF_R, D_LAMP, D_SILL };

/* A sliding door in a frame: two posts and a lintel, two leaves that part in
 * the middle and slide into the posts. The model's x axis runs along the wall. */
typedef struct DoorPose {
    float open;  /* 0 closed .. 1 open */
    bool front;  /* only what is in front of a droid in the doorway: near post and lintel */
    RGBA state;  /* the lamps: red shut, amber moving, green open */
} DoorPose;

static float door_leaf_width(const DoorPose *pose) { return (HALF_TILE - DOOR_POST) * (1 - pose->open); }

static float door_sdf(V3 p, const void *ctx, int *mat)
{
    const DoorPose *pose = ctx;
    float d = 1e9f, in = HALF_TILE - DOOR_POST;
    *mat = 0;
    take(&d, mat, sd_box(p, v3(HALF_TILE - DOOR_POST / 2, 0, DOOR_H / 2), v3(DOOR_POST / 2, 7.5f, DOOR_H / 2), 1.2f), D_POST);
    take(&d, mat, sd_box(p, v3(0, 0, DOOR_H - DOOR_LINTEL / 2), v3(in + 0.5f, 6.6f, DOOR_LINTEL / 2), 1.0f), D_LINTEL);
    take(&d, mat, sd_sphere(p, v3(0, 6.4f, DOOR_H - DOOR_LINTEL / 2), 2.0f), D_LAMP);
    if (pose->front)
        return d;
    take(&d, mat, sd_box(p, v3(DOOR_POST / 2 - HALF_TILE, 0, DOOR_H / 2), v3(DOOR_POST / 2, 7.5f, DOOR_H / 2), 1.2f), D_POST);
    take(&d, mat, sd_sphere(p, v3(0, -6.4f, DOOR_H - DOOR_LINTEL / 2), 2.0f), D_LAMP);
    take(&d, mat, sd_box(p, v3(0, 0, 0.5f), v3(in, 4.2f, 0.6f), 0.4f), D_SILL);
    float w = door_leaf_width(pose);
    if (w > 0.3f) {
        float lh = (DOOR_H - DOOR_LINTEL) / 2;
        take(&d, mat, sd_box(p, v3(-in + w / 2, 0, lh + 0.3f), v3(w / 2, 1.9f, lh - 0.3f), 0.5f), D_LEAF_L);
        take(&d, mat, sd_box(p, v3(in - w / 2, 0, lh + 0.3f), v3(w / 2, 1.9f, lh - 0.3f), 0.5f), D_LEAF_R);
    }
    return d;
}

static Surf door_paint(V3 p, V3 n, int mat, const void *ctx)
{
    const DoorPose *pose = ctx;
    float in = HALF_TILE - DOOR_POST;
    RGBA yellow = rgba(236, 186, 44, 1), black = rgba(38, 34, 30, 1);
    switch (mat) {
    case D_POST:
        /* a light strip down the front and back of each post, by the opening */
        if (fabsf(n.y) > 0.7f && fabsf(fabsf(p.x) - in - 2.4f) < 0.9f && p.z > 5 && p.z < DOOR_H - 12)
            return surf(pose->state, 0.85f, 0);
        if (p.z < 6)
            return surf(fmodf(p.z - fabsf(p.x) + 100, 4.0f) < 2 ? yellow : black, 0, 0.2f);
        return surf(rgba(96, 102, 116, 1), 0, 0.4f);
    case D_LINTEL:
        if (fabsf(n.y) > 0.7f && fabsf(p.z - (DOOR_H - DOOR_LINTEL / 2)) < 2.6f && fabsf(p.x) > 4)
            return surf(fmodf(p.x * (p.y > 0 ? 1 : -1) - p.z + 100, 5.0f) < 2.5f ? yellow : black, 0, 0.2f);
        return surf(rgba(96, 102, 116, 1), 0, 0.4f);
    case D_LAMP:
        return surf(pose->state, 0.9f, 0.5f);
    case D_SILL:
        return surf(fabsf(p.y) > 2.6f ? (fmodf(p.x + 100, 3.0f) < 1.5f ? yellow : black) : rgba(70, 72, 80, 1), 0, 0.3f);
    case D_LEAF_L:
    case D_LEAF_R: {
        /* e: distance from the leaf's meeting edge; the pattern slides with the leaf */
        float e = mat == D_LEAF_L ? (-in + door_leaf_width(pose)) - p.x : p.x - (in - door_leaf_width(pose));
        if (fabsf(n.y) < 0.7f && fabsf(n.z) < 0.7f)
            return surf(rgba(70, 60, 44, 1), 0, 0.2f);
        if (e < 3.6f)
            return surf(fmodf(e + p.z * 0.9f + 100, 4.4f) < 2.2f ? yellow : black, 0, 0.3f);
        if (e > 6.5f && e < 12.5f && p.z > 28 && p.z < 38)
            return surf(rgba(60, 110, 140, 1), 0.15f, 0.9f);
        RGBA brass = rgba(184, 136, 62, 1);
        if (fabsf(p.z - 14) < 0.6f || fabsf(p.z - 25.5f) < 0.6f)
            brass = rgba(110, 80, 40, 1);
        return surf(brass, 0, 0.45f);
    }
    }
    return surf(rgba(255, 0, 255, 1), 1, 0);
}


static bool make_doors(const char *dir)
{
    Canvas c = canvas_new(OW * DOOR_FRAMES, OH * 4);
    for (int row = 0; row < 4; row++)
        for (int f = 0; f < DOOR_FRAMES; f++) {
            float open = (float)f / (DOOR_FRAMES - 1);
            RGBA state = f == 0 ? rgba(255, 60, 40, 1) : f == DOOR_FRAMES - 1 ? rgba(70, 255, 130, 1) : rgba(255, 170, 40, 1);
            DoorPose pose = {open, row >= 2, state};
            Model m = model(door_sdf, door_paint, &pose, row % 2 ? PI_F / 2 : 0, v3(HALF_TILE, HALF_TILE, 0),
                       v3(-HALF_TILE - 1, -12, 0), v3(HALF_TILE + 1, 12, DOOR_H + 2));
            model_glow(&m, v3(0, 9, DOOR_H - DOOR_LINTEL / 2), 3.0f, state, 0.07f);
            if (!pose.front)
                model_glow(&m, v3(0, -9, DOOR_H - DOOR_LINTEL / 2), 3.0f, state, 0.07f);
            render_model(&c, f * OW, row * OH, OW, OH, f * OW + OW / 2.0f, row * OH + (float)OTOP, &m);
        }
    bool ok = save(&c, dir, "door_frames.png");
    free(c.px);
    return ok;
}

/* The exit: a round pad with four beacon posts around an iris. Locked, the
 * iris is shut, the lights are off and one small red lamp shows it is barred;
 * open, the iris is a well of light with a beam rising from it, rings of light
 * climbing the beam and three sparks circling it (EXIT_FRAMES frames, a loop). */
enum { X_BASE = 1, X_RING, X_IRIS, X_POST, X_BEACON };

typedef struct ExitPose {
    bool open;
    float phase; /* 0 .. 1 through the loop */
} ExitPose;

static const float EXIT_POSTS[4][2] = {{-11.8f, -11.8f}, {11.8f, -11.8f}, {-11.8f, 11.8f}, {11.8f, 11.8f}};

static float exit_sdf(V3 p, const void *ctx, int *mat)
{
    const ExitPose *pose = ctx;
    float d = 1e9f;
    *mat = 0;
    take(&d, mat, sd_post(p, 0, 0, 17.5f, 0, 3.4f, 1.2f), X_BASE);
    take(&d, mat, sd_torus(p, v3(0, 0, 3.3f), 12.6f, 1.1f), X_RING);
    if (!pose->open)
        take(&d, mat, sd_post(p, 0, 0, 11.4f, 2.0f, 3.9f, 0.8f), X_IRIS);
    for (int i = 0; i < 4; i++) {
        take(&d, mat, sd_post(p, EXIT_POSTS[i][0], EXIT_POSTS[i][1], 2.0f, 0, 14, 0.6f), X_POST);
        take(&d, mat, sd_sphere(p, v3(EXIT_POSTS[i][0], EXIT_POSTS[i][1], 15.2f), 2.4f), X_BEACON);
    }
    return d;
}

static Surf exit_paint(V3 p, V3 n, int mat, const void *ctx)
{
    const ExitPose *pose = ctx;
    float r = hypotf(p.x, p.y), ang = atan2f(p.y, p.x);
    switch (mat) {
    case X_BASE:
        if (n.z > 0.8f && r > 13.8f && r < 16.4f) { /* a striped band round the top */
            bool stripe = fmodf(ang / (2 * PI_F) * 16 + 100, 1.0f) < 0.5f;
            RGBA y = pose->open ? rgba(236, 186, 44, 1) : rgba(150, 122, 48, 1);
            return surf(stripe ? y : rgba(40, 38, 36, 1), 0, 0.2f);
        }
        if (!pose->open || r > 11)
            return surf(rgba(74, 80, 92, 1), 0, 0.35f);
        /* the open well: white at the heart, green-cyan to the rim */
        return surf(mix(rgba(240, 255, 250, 1), rgba(60, 230, 170, 1), r / 11), 1, 0);
    case X_RING:
        return pose->open ? surf(rgba(110, 255, 200, 1), 1, 0) : surf(rgba(150, 36, 30, 1), 0.55f, 0.4f);
    case X_IRIS: {
        /* six curved blades meeting in the middle, and the red lamp that says barred */
        if (r < 1.6f)
            return surf(rgba(255, 50, 40, 1), 0.9f, 0);
        float blade = fmodf((ang + r * 0.11f) / (2 * PI_F) * 6 + 100, 1.0f);
        RGBA col = rgba(58, 62, 72, 1);
        if (blade < 0.08f)
            col = rgba(24, 26, 32, 1);
        else
            col = shade(col, 0.85f + 0.3f * blade);
        return surf(col, 0, 0.5f);
    }
    case X_POST:
        return surf(rgba(96, 102, 116, 1), 0, 0.4f);
    case X_BEACON:
        return pose->open ? surf(rgba(110, 255, 170, 1), 1, 0) : surf(rgba(60, 40, 42, 1), 0, 0.7f);
    }
    return surf(rgba(255, 0, 255, 1), 1, 0);
}

static V3 exit_beam(V3 p, const void *ctx)
{
    const ExitPose *pose = ctx;
    float r = hypotf(p.x, p.y);
    RGBA beam = rgba(90, 255, 190, 1);
    /* the beam: brightest at its core and its foot, fading out towards the top */
    float k = (0.11f * expf(-r * r / 26) + 0.02f * expf(-r * r / 90)) * (1 - smooth(6, 62, p.z)) * (p.z > 2.5f);
    /* rings of light climbing it */
    float climb = fmodf(p.z / 14 - pose->phase + 100, 1.0f);
    k += 0.08f * expf(-powf((r - 7.5f) / 1.6f, 2)) * expf(-powf((climb - 0.5f) / 0.07f, 2)) * (1 - smooth(10, 58, p.z));
    return v3(beam.r * k, beam.g * k, beam.b * k);
}

static bool make_exit(const char *dir, bool open)
{
    int frames = open ? EXIT_FRAMES : 1;
    Canvas c = canvas_new(OW * frames, OH);
    for (int f = 0; f < frames; f++) {
        ExitPose pose = {open, (float)f / frames};
        float ax = f * OW + OW / 2.0f, ay = (float)OTOP;
        if (open) /* light on the floor round the pad */
            add_glow(&c, ax, ay + 16, 27, 13.5f, rgba(90, 255, 190, 1), 0.22f);
        Model m = model(exit_sdf, exit_paint, &pose, 0, v3(HALF_TILE, HALF_TILE, 0), v3(-19, -19, 0), v3(19, 19, open ? 64 : 18));
        if (open) {
            m.field = exit_beam, m.field_lo = v3(-13, -13, 2.5f), m.field_hi = v3(13, 13, 64);
            /* three sparks circling the beam, and the beacons */
            for (int i = 0; i < 3; i++) {
                float a = pose.phase * 2 * PI_F / 3 + i * 2 * PI_F / 3;
                model_glow(&m, v3(9.5f * cosf(a), 9.5f * sinf(a), 12 + 10 * i + 4 * sinf(a * 3)), 1.7f,
                           rgba(230, 255, 200, 1), 0.35f);
            }
            for (int i = 0; i < 4; i++)
                model_glow(&m, v3(EXIT_POSTS[i][0], EXIT_POSTS[i][1], 15.2f), 3.2f, rgba(110, 255, 170, 1), 0.07f);
        } else {
            model_glow(&m, v3(0, 0, 4.5f), 2.8f, rgba(255, 50, 40, 1), 0.06f);
        }
        render_model(&c, f * OW, 0, OW, OH, ax, ay, &m);
    }
    bool ok = save(&c, dir, open ? "exit_open.png" : "exit_locked.png");
    free(c.px);
    return ok;
}

/* ---- the energy cell ------------------------------------------------------- */
/* A glass cell between two steel caps, its core glowing yellow-green, floating
 * over the middle of its tile: the tile's top corner is at (16, 16) of the
 * 32 x 40 image, its middle at (16, 32). */
enum { C_CAP = 1, C_GLASS, C_BAND, C_NUB };

static float cell_sdf(V3 p, const void *ctx, int *mat)
{
    (void)ctx;
    float d = 1e9f;
    *mat = 0;
    take(&d, mat, sd_post(p, 0, 0, 6.6f, 4, 8.5f, 1.4f), C_CAP);
    take(&d, mat, sd_post(p, 0, 0, 5.5f, 8, 21.5f, 0.5f), C_GLASS);
    take(&d, mat, sd_post(p, 0, 0, 6.6f, 21, 25.5f, 1.4f), C_CAP);
    take(&d, mat, sd_post(p, 0, 0, 6.8f, 5.4f, 7.0f, 0.5f), C_BAND);
    take(&d, mat, sd_post(p, 0, 0, 2.4f, 24.5f, 27.5f, 0.7f), C_NUB);
    return d;
}

static Surf cell_paint(V3 p, V3 n, int mat, const void *ctx)
{
    (void)ctx;
    switch (mat) {
    case C_CAP:
        return surf(rgba(170, 176, 188, 1), 0, 0.6f);
    case C_BAND:
        return surf(rgba(236, 186, 44, 1), 0, 0.4f);
    case C_NUB:
        return surf(rgba(210, 170, 60, 1), 0, 0.7f);
    case C_GLASS: {
        /* the core shows through the glass: bright in the middle, with coils */
        float facing = fmaxf(vdot(n, VIEW), 0);
        RGBA core = mix(rgba(60, 160, 60, 1), rgba(220, 255, 150, 1), facing * facing);
        if (fmodf(p.z + 100, 3.2f) < 0.9f)
            core = mix(core, rgba(255, 255, 220, 1), 0.5f);
        return surf(core, 0.8f, 1.0f);
    }
    }
    return surf(rgba(255, 0, 255, 1), 1, 0);
}


static bool make_cell(const char *dir)
{
    Canvas c = canvas_new(32, 40);
    RGBA shadow = rgba(0, 0, 0, 0.32f);
    fill_ellipse(&c, 16, 32, 8, 3.6f, paint_solid, &shadow);
    add_glow(&c, 16, 32, 11, 5.5f, rgba(200, 255, 110, 1), 0.3f);
    Model m = model(cell_sdf, cell_paint, NULL, 0, v3(0, 0, 0), v3(-14, -14, 0), v3(14, 14, 30));
    model_glow(&m, v3(0, 0, 14), 8.0f, rgba(200, 255, 110, 1), 0.03f);
    render_model(&c, 0, 0, 32, 40, 16, 32, &m);
    bool ok = save(&c, dir, "cell.png");
    free(c.px);
    return ok;
}

/* ---- the application icon --------------------------------------------------- */
/* The droid at rest, facing the viewer, on a floor plate over a dark rounded
 * square: drawn once on a 64-pixel canvas and written at every hicolor size
 * its supersampled side divides into (icon-16.png ... icon-256.png). */
static RGBA paint_icon_back(float u, float v, int x, int y, void *ctx)
{
    (void)x, (void)y, (void)ctx;
    return mix(rgba(38, 52, 78, 1), rgba(16, 22, 36, 1), 0.5f * (u + v));
}

static bool make_icons(const char *dir)
{
    enum { SIDE = 64 };
    Canvas c = canvas_new(SIDE, SIDE);
    /* the square, its corners cut round: a polygon of 8 points a corner */
    float back[64];
    const float r = 10, lo = 1, hi = SIDE - 1;
    const float cx[4] = {hi - r, lo + r, lo + r, hi - r}, cy[4] = {hi - r, hi - r, lo + r, lo + r};
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 8; i++) {
            float a = (float)k * (PI_F / 2) + (float)i * (PI_F / 2) / 7.0f;
            back[2 * (k * 8 + i)] = cx[k] + r * cosf(a);
            back[2 * (k * 8 + i) + 1] = cy[k] + r * sinf(a);
        }
    fill_poly(&c, back, 32, paint_icon_back, NULL);
    const float plate[8] = {32, 47, 50, 55.5f, 32, 64, 14, 55.5f};
    RGBA steel = rgba(128, 138, 152, 1);
    fill_poly(&c, plate, 4, paint_solid, &steel);
    draw_droid(&c, 8, 0, 1, 0); /* its frame (48 x 64) within the canvas */
    bool ok = true;
    for (int size = 16; size <= SIDE * SS; size *= 2) {
        char name[32];
        snprintf(name, sizeof name, "icon-%d.png", size);
        ok &= save_box(&c, SIDE * SS / size, dir, name);
    }
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
    draw_slab(&wall, 0, 40, (Surface){rgba(150, 142, 134, 1), 5}, stone, SIDE_BRICKS);
    ok &= save(&wall, dir, "wall.png");
    free(wall.px);
    ok &= make_areas(dir);
    ok &= make_edges(dir);
    ok &= make_cell(dir);
    ok &= make_droid(dir);
    ok &= make_sentry(dir);
    ok &= make_doors(dir);
    ok &= make_exit(dir, false);
    ok &= make_exit(dir, true);
    ok &= make_sparkle(dir);
    ok &= make_alert(dir);
    ok &= make_logo(dir);
    ok &= make_icons(dir);
    IMG_Quit();
    return ok ? 0 : 1;
}
