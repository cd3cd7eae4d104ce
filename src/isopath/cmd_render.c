/* SPDX-License-Identifier: MIT */
/* cmd_render.c - 'isopath render': a level drawn from above into a PNG
 * (picture.h), with an optimal path (the game's 8-way rule, no corner
 * cutting, the level's costs) and a flow field's costs as a heat map over
 * it. The pixels are picture.c's; the file is written atomically by
 * isopath_png_save (png.c). No display is needed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "isopath.h"
#include "num.h"
#include "picture.h"

typedef struct RenderArgs {
    const char *level, *out;
    bool path, field;
    NavPos start, goal, field_goal;
    int scale; /* 0: picture_default_scale */
} RenderArgs;

static int scale_error(const char *v)
{
    fprintf(stderr, "isopath: --scale wants a whole number from 1 to %d, not '%s'\n", PICTURE_SCALE_MAX, v);
    fprintf(stderr, "run 'isopath --help' for usage\n");
    return 2;
}

/* The option at argv[*i] and its values; 0, or 2 after a usage error. */
static int parse_option(int argc, char **argv, int *i, RenderArgs *a)
{
    const char *o = argv[*i];
    int want = strcmp(o, "--path") == 0 ? 2 : 1;
    if (*i + want >= argc)
        return isopath_usage_error(want == 2 ? "%s needs SX,SY GX,GY" : "%s needs a value", o);
    const char *v = argv[++*i];
    if (strcmp(o, "--path") == 0) {
        if (!isopath_parse_xy(v, &a->start))
            return isopath_usage_error("bad start '%s': expected X,Y such as 2,3", v);
        v = argv[++*i];
        if (!isopath_parse_xy(v, &a->goal))
            return isopath_usage_error("bad goal '%s': expected X,Y such as 2,3", v);
        a->path = true;
    } else if (strcmp(o, "--field") == 0) {
        if (!isopath_parse_xy(v, &a->field_goal))
            return isopath_usage_error("bad field goal '%s': expected X,Y such as 2,3", v);
        a->field = true;
    } else if (strcmp(o, "--scale") == 0) {
        long s;
        if (num_parse_long(v, 1, PICTURE_SCALE_MAX, &s) != NUM_OK)
            return scale_error(v);
        a->scale = (int)s;
    } else {
        a->out = v;
    }
    return 0;
}

static int parse_args(int argc, char **argv, RenderArgs *a)
{
    *a = (RenderArgs){0};
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i];
        if (strcmp(o, "--path") == 0 || strcmp(o, "--field") == 0 || strcmp(o, "--scale") == 0 ||
            strcmp(o, "--out") == 0) {
            int rc = parse_option(argc, argv, &i, a);
            if (rc)
                return rc;
        } else if (o[0] == '-' && o[1] == '-') {
            return isopath_usage_error("unknown option '%s'", o);
        } else if (!a->level) {
            a->level = o;
        } else {
            return isopath_usage_error("unexpected argument '%s'", o);
        }
    }
    if (!a->level)
        return isopath_usage_error("%s", "render needs LEVEL");
    if (!a->out)
        return isopath_usage_error("%s", "render needs --out FILE.png");
    return 0;
}

/* The optimal walk, its start first (*walk malloc'd, *n tiles); an exit
 * code, after saying why on stderr: 1 no path, 5 out of memory. */
static int find_walk(const NavGrid *g, const RenderArgs *a, NavPos **walk, int *n)
{
    NavQuery *st = nav_query_create(g->w, g->h);
    if (!st) {
        fprintf(stderr, "isopath: out of memory\n");
        return ISOPATH_EXIT_FAILURE;
    }
    NavQueryOptions opt = nav_query_options_default();
    NavStatus s = nav_query_find(st, g, a->start, a->goal, &opt, NULL);
    int rc = ISOPATH_EXIT_OK;
    if (s != NAV_DONE) {
        fprintf(stderr, "isopath: no path from %d,%d to %d,%d in %s (%dx%d): %s\n", a->start.x, a->start.y, a->goal.x,
                a->goal.y, a->level, g->w, g->h,
                s == NAV_OUT_OF_MEMORY ? "out of memory" : nav_query_result(st)->why);
        rc = s == NAV_OUT_OF_MEMORY ? ISOPATH_EXIT_FAILURE : ISOPATH_EXIT_NO;
    } else {
        const NavQueryResult *r = nav_query_result(st);
        *walk = malloc(((size_t)r->steps + 1) * sizeof **walk);
        if (!*walk) {
            fprintf(stderr, "isopath: out of memory\n");
            rc = ISOPATH_EXIT_FAILURE;
        } else {
            (*walk)[0] = a->start;
            for (int i = 0; i < r->steps; i++)
                (*walk)[i + 1] = nav_query_tile(st, i);
            *n = r->steps + 1;
        }
    }
    nav_query_destroy(st);
    return rc;
}

/* The flow field towards a->field_goal; an exit code, after saying why on
 * stderr: 1 no field (the goal blocked or outside), 5 out of memory. */
static int make_field(const NavGrid *g, const RenderArgs *a, NavField *f)
{
    NavPos t = a->field_goal;
    NavStatus s = nav_field_init(f, g, t, NAV_TOPO_8);
    if (s == NAV_DONE)
        return ISOPATH_EXIT_OK;
    fprintf(stderr, "isopath: no field towards %d,%d: %s\n", t.x, t.y,
            s == NAV_OUT_OF_MEMORY              ? "out of memory"
            : !nav_grid_in_bounds(g, t.x, t.y) ? "the goal is outside the level"
                                               : "the goal is blocked");
    return s == NAV_OUT_OF_MEMORY ? ISOPATH_EXIT_FAILURE : ISOPATH_EXIT_NO;
}

/* The level with what was asked for over it; an exit code (pic made when 0). */
static int draw(const Level *l, const RenderArgs *a, const NavField *field, const NavPos *walk, int n, Picture *pic)
{
    int scale = a->scale ? a->scale : picture_default_scale(l->w, l->h);
    if (!picture_init(pic, l->w, l->h, scale)) {
        fprintf(stderr, "isopath: out of memory for a %dx%d picture\n", l->w * scale, l->h * scale);
        return ISOPATH_EXIT_FAILURE;
    }
    PictureLayers layers = {field, walk, n};
    picture_draw(pic, l, &layers);
    return 0;
}

static int save(const Picture *pic, const char *out)
{
    char err[512];
    if (isopath_png_save(pic, out, err, sizeof err))
        return 0;
    fprintf(stderr, "isopath: %s\n", err);
    return ISOPATH_EXIT_INPUT;
}

int isopath_render(int argc, char **argv)
{
    RenderArgs a;
    int rc = parse_args(argc, argv, &a);
    if (!rc)
        rc = isopath_out_not_input(a.out, a.level, "the level");
    if (rc)
        return rc;
    Level l;
    NavGrid g;
    if (!isopath_load_level(a.level, &l, &g))
        return ISOPATH_EXIT_INPUT;
    int most = picture_max_scale(l.w, l.h);
    if (a.scale > most) {
        fprintf(stderr, "isopath: --scale %d makes %s (%dx%d) bigger than a picture may be: at most --scale %d\n",
                a.scale, a.level, l.w, l.h, most);
        rc = ISOPATH_EXIT_USAGE;
    }
    NavPos *walk = NULL;
    int n = 0;
    NavField f = {0};
    if (!rc && a.path)
        rc = find_walk(&g, &a, &walk, &n);
    if (!rc && a.field)
        rc = make_field(&g, &a, &f);
    nav_grid_deinit(&g);
    Picture pic = {0};
    if (!rc)
        rc = draw(&l, &a, a.field ? &f : NULL, walk, n, &pic);
    nav_field_deinit(&f); /* what the saving needs is the picture alone */
    free(walk);
    if (!rc)
        rc = save(&pic, a.out);
    picture_deinit(&pic);
    level_free(&l);
    return rc;
}
