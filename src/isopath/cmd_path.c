/* SPDX-License-Identifier: MIT */
/* cmd_path.c - 'isopath path': one search on a level file or a Moving AI
 * map (input.c), printed as the path's tiles and a summary line (--draw:
 * the map with the path over it first), or as one JSON object (--json). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isopath.h"
#include "movingai.h"

typedef struct PathArgs {
    const char *file;
    NavPos start, goal;
    bool draw, json;
    NavQueryOptions opt;
} PathArgs;

static int parse_path_args(int argc, char **argv, PathArgs *a)
{
    const char *pos[2] = {NULL, NULL};
    int npos = 0;
    a->opt = nav_query_options_default();
    for (int i = 2; i < argc; i++) {
        bool handled;
        if (!isopath_parse_options(argc, argv, &i, &a->opt, &handled))
            return ISOPATH_EXIT_USAGE;
        if (handled)
            continue;
        if (strcmp(argv[i], "--draw") == 0)
            a->draw = true;
        else if (strcmp(argv[i], "--json") == 0)
            a->json = true;
        else if (argv[i][0] == '-' && argv[i][1] == '-')
            return isopath_usage_error("unknown option '%s'", argv[i]);
        else if (!a->file)
            a->file = argv[i];
        else if (npos < 2)
            pos[npos++] = argv[i];
        else
            return isopath_usage_error("unexpected argument '%s'", argv[i]);
    }
    if (!a->file || npos < 2)
        return isopath_usage_error("%s", "path needs LEVEL SX,SY GX,GY");
    if (!isopath_parse_xy(pos[0], &a->start))
        return isopath_usage_error("bad start '%s': expected X,Y such as 2,3", pos[0]);
    if (!isopath_parse_xy(pos[1], &a->goal))
        return isopath_usage_error("bad goal '%s': expected X,Y such as 2,3", pos[1]);
    if (a->draw && a->json)
        return isopath_usage_error("%s", "--draw and --json do not go together");
    return ISOPATH_EXIT_OK;
}

/* The level's glyphs, or a Moving AI map's as '@' (blocked), ',' and '+'
 * (the rough ground's and the door's costs) and '.' (any other cost). */
static char *map_canvas(const IsopathInput *in)
{
    const NavGrid *g = &in->grid;
    char *canvas = malloc((size_t)g->w * (size_t)g->h);
    if (!canvas)
        return NULL;
    if (!in->movingai) {
        memcpy(canvas, in->level.glyphs, (size_t)g->w * (size_t)g->h);
        return canvas;
    }
    for (int y = 0; y < g->h; y++)
        for (int x = 0; x < g->w; x++) {
            uint8_t c = nav_grid_cost(g, x, y);
            canvas[(size_t)y * (size_t)g->w + (size_t)x] =
                !c ? '@' : c == NAV_MOVINGAI_ROUGH_COST ? ',' : c == NAV_MOVINGAI_DOOR_COST ? '+' : '.';
        }
    return canvas;
}

static void draw_path(const IsopathInput *in, const NavQuery *st)
{
    const NavQueryResult *r = nav_query_result(st);
    int w = in->grid.w;
    char *canvas = map_canvas(in);
    if (!canvas)
        return;
    for (int i = 0; i < r->steps; i++) {
        NavPos t = nav_query_tile(st, i);
        canvas[(size_t)t.y * (size_t)w + (size_t)t.x] = i + 1 == r->steps ? 'g' : 'o';
    }
    canvas[(size_t)r->start.y * (size_t)w + (size_t)r->start.x] = 's';
    for (int y = 0; y < in->grid.h; y++) {
        int n = w;
        const char *row = canvas + (size_t)y * (size_t)w;
        while (n > 0 && row[n - 1] == ' ')
            n--;
        printf("%.*s\n", n, row);
    }
    printf("\n");
    free(canvas);
}

/* The JSON status of a search that ended with s. */
static const char *status_name(NavStatus s)
{
    switch (s) {
    case NAV_DONE: return "found";
    case NAV_PARTIAL: return "nearest";
    case NAV_LIMIT: return "limit";
    case NAV_NO_PATH:
    case NAV_INVALID: return "none"; /* a tile off the map (the why says) */
    default: return "error";
    }
}

/* The planner that answered, as --algo names it (the hierarchy is route's). */
static const char *algo_name(const NavQueryResult *r)
{
    switch (r->planner) {
    case NAV_PLANNER_ROUTE:
    case NAV_PLANNER_HIER: return "route";
    case NAV_PLANNER_JPS: return "jps";
    default: return "astar";
    }
}

/* The object of a search that ended with s; d holds its problems (NULL: none). */
static int json_path(const PathArgs *a, const IsopathInput *in, const NavQuery *st, NavStatus s, bool walked,
                     const NavDiags *d)
{
    const NavQueryResult *r = nav_query_result(st);
    Json j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_member_string(&j, "file", a->file);
    json_member_string(&j, "kind", in->movingai ? "movingai" : "level");
    json_member_int(&j, "width", in->grid.w);
    json_member_int(&j, "height", in->grid.h);
    json_member_string(&j, "status", status_name(s));
    json_member_pair(&j, "start", a->start.x, a->start.y);
    json_member_pair(&j, "goal", a->goal.x, a->goal.y);
    json_key(&j, "end");
    walked ? json_pair(&j, r->end.x, r->end.y) : json_null(&j);
    json_key(&j, "length");
    walked ? json_double(&j, r->length) : json_null(&j);
    json_member_int(&j, "steps", walked ? r->steps : 0);
    json_member_int(&j, "expanded", r->expanded);
    json_member_string(&j, "algo", algo_name(r));
    json_key(&j, "path");
    json_array_begin(&j);
    for (int i = -1; walked && i < r->steps; i++) {
        NavPos t = i < 0 ? a->start : nav_query_tile(st, i);
        json_pair(&j, t.x, t.y);
    }
    json_array_end(&j);
    json_member_string(&j, "why", r->why ? r->why : "");
    isopath_json_problems(&j, a->file, d);
    json_object_end(&j);
    return isopath_json_finish(&j);
}

/* The object of a path that never searched: a file that did not load. */
static int json_path_error(const PathArgs *a, const NavDiags *d)
{
    Json j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_member_string(&j, "file", a->file);
    json_member_string(&j, "status", "error");
    json_member_pair(&j, "start", a->start.x, a->start.y);
    json_member_pair(&j, "goal", a->goal.x, a->goal.y);
    isopath_json_problems(&j, a->file, d);
    json_object_end(&j);
    return isopath_json_finish(&j);
}

static void print_path(const PathArgs *a, const IsopathInput *in, const NavQuery *st)
{
    const NavQueryResult *r = nav_query_result(st);
    if (a->draw)
        draw_path(in, st);
    printf("%d,%d\n", a->start.x, a->start.y);
    for (int i = 0; i < r->steps; i++) {
        NavPos t = nav_query_tile(st, i);
        printf("%d,%d\n", t.x, t.y);
    }
    printf("length %.6f steps %d expanded %ld\n", r->length, r->steps, r->expanded);
}

/* Searches and reports; the exit code. */
static int search(const PathArgs *a, const IsopathInput *in, NavQuery *st, NavPrepared *pd)
{
    NavQueryOptions opt = a->opt;
    isopath_fit_landmarks(&opt, &in->grid);
    opt.prepared = pd;
    nav_prepared_make(pd, &in->grid, &opt); /* JPS's table, --landmarks, route's planners; out of memory: the search does without */
    NavStatus s = nav_query_find(st, &in->grid, a->start, a->goal, &opt, NULL);
    const NavQueryResult *r = nav_query_result(st);
    bool walked = nav_status_ok(s) || r->steps > 0; /* a limit's nearest tile too */
    /* a start or goal off the map (NAV_INVALID) is the user's: no path, and why */
    bool failed = nav_status_failed(s) && s != NAV_INVALID;
    NavDiags d;
    nav_diag_clear(&d);
    if (walked && s != NAV_DONE)
        fprintf(stderr, "isopath: %s; walking to %d,%d\n", r->why, r->end.x, r->end.y);
    if (failed) {
        const char *what = s == NAV_OUT_OF_MEMORY ? "out of memory" : "the search failed";
        nav_diag_add(&d, a->file, 0, 0, "%s", what);
        fprintf(stderr, "isopath: %s\n", what);
    } else if (!walked) {
        fprintf(stderr, "isopath: no path from %d,%d to %d,%d in %s (%dx%d): %s\n", a->start.x, a->start.y, a->goal.x,
                a->goal.y, a->file, in->grid.w, in->grid.h, r->why);
    }
    int rc = walked ? ISOPATH_EXIT_OK : failed ? ISOPATH_EXIT_FAILURE : ISOPATH_EXIT_NO;
    if (a->json)
        rc = isopath_exit_max(rc, json_path(a, in, st, s, walked, &d));
    else if (walked)
        print_path(a, in, st);
    return rc;
}

int isopath_path(int argc, char **argv)
{
    PathArgs a = {0};
    int rc = parse_path_args(argc, argv, &a);
    if (rc)
        return rc;
    IsopathInput in;
    NavDiags d;
    rc = isopath_input_load(a.file, true, &in, &d);
    if (rc) {
        isopath_print_diags(a.file, &d);
        if (a.json)
            rc = isopath_exit_max(rc, json_path_error(&a, &d));
        return rc;
    }
    NavQuery *st = nav_query_create(in.grid.w, in.grid.h);
    NavPrepared *pd = nav_prepared_create(in.grid.w, in.grid.h);
    if (!st || !pd) {
        fprintf(stderr, "isopath: out of memory\n");
        nav_diag_add(&d, a.file, 0, 0, "out of memory");
        rc = ISOPATH_EXIT_FAILURE;
        if (a.json)
            rc = isopath_exit_max(rc, json_path_error(&a, &d));
    } else {
        rc = search(&a, &in, st, pd);
    }
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    isopath_input_free(&in);
    return rc;
}
