/* SPDX-License-Identifier: MIT */
/* cmd_bench.c - 'isopath bench': runs every query of a Moving AI scenario,
 * times the searches alone and checks each length against the optimum;
 * prints a summary, or one JSON object (--json). On a terminal a progress
 * line on stderr is redrawn in place a few times a second and cleared at
 * the end; stdout is the same either way, and the drawing is not timed. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "isopath.h"
#include "hier.h"
#include "movingai.h"
#include "num.h"
#include "route.h"

/* Benchmark maps never change, so JPS gets landmarks unless told otherwise.
 * On a terminal the clock is read every PROGRESS_QUERIES queries for the
 * progress line (a read a query would add its own time to a sub-microsecond
 * search's), which is drawn again after PROGRESS_EVERY seconds. */
enum { BENCH_LANDMARKS = 8, PROGRESS_QUERIES = 16 };
#define PROGRESS_EVERY 0.25

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- the progress line ------------------------------------------------------ */

typedef struct Progress {
    bool on;          /* stderr is a terminal */
    double start;     /* when the queries began */
    double next;      /* when the line may be drawn again */
    int width;        /* characters of the widest line drawn, to clear */
} Progress;

static void progress_begin(Progress *p)
{
    p->on = isatty(STDERR_FILENO) == 1;
    p->start = now_seconds();
    p->next = p->start + PROGRESS_EVERY; /* a run shorter than that draws nothing */
    p->width = 0;
}

/* Draws "  DONE/TOTAL queries  M:SS" over the line before when its time has
 * come; returns the seconds that took (0 when it did not draw). */
static double progress_show(Progress *p, long long done, long long total)
{
    double now = now_seconds();
    if (now < p->next)
        return 0.0;
    p->next = now + PROGRESS_EVERY;
    long s = (long)(now - p->start);
    int n = fprintf(stderr, "\r  %lld/%lld queries  %ld:%02ld", done, total, s / 60, s % 60);
    if (n - 1 > p->width)
        p->width = n - 1;
    return now_seconds() - now;
}

static void progress_end(const Progress *p)
{
    if (p->width > 0)
        fprintf(stderr, "\r%*s\r", p->width, "");
}

/* ---- the run ------------------------------------------------------------------ */

typedef struct BenchArgs {
    const char *map, *scen;
    long repeat;
    bool json;
    NavQueryOptions opt;
} BenchArgs;

/* What the queries came to. */
typedef struct BenchRun {
    double *len;        /* each query's length (first round), -1 when none was found */
    double expanded;    /* nodes expanded in the first round */
    double elapsed;     /* seconds of searching in all */
    double prep;        /* seconds nav_prepared_make took */
    bool jps, route;    /* what answered */
    bool hier;          /* route, on a weighted map: the contraction hierarchy */
    int optimal;        /* queries whose length is the file's */
} BenchRun;

static int parse_bench_args(int argc, char **argv, BenchArgs *a)
{
    a->repeat = 1;
    a->opt = nav_query_options_default();
    a->opt.landmarks = BENCH_LANDMARKS;
    for (int i = 2; i < argc; i++) {
        bool handled;
        if (strcmp(argv[i], "--repeat") == 0) {
            if (i + 1 >= argc)
                return isopath_usage_error("%s", "--repeat needs a value");
            if (num_parse_long(argv[++i], 1, ISOPATH_REPEAT_MAX, &a->repeat) != NUM_OK)
                return isopath_usage_error("--repeat wants a positive whole number, not '%s'", argv[i]);
            continue;
        }
        if (strcmp(argv[i], "--json") == 0) {
            a->json = true;
            continue;
        }
        if (!isopath_parse_options(argc, argv, &i, &a->opt, &handled))
            return ISOPATH_EXIT_USAGE;
        if (handled)
            continue;
        if (argv[i][0] == '-' && argv[i][1] == '-')
            return isopath_usage_error("unknown option '%s'", argv[i]);
        if (!a->map)
            a->map = argv[i];
        else if (!a->scen)
            a->scen = argv[i];
        else
            return isopath_usage_error("unexpected argument '%s'", argv[i]);
    }
    if (!a->map || !a->scen)
        return isopath_usage_error("%s", "bench needs MAP SCEN");
    return ISOPATH_EXIT_OK;
}

/* Every query, a->repeat times; each round is timed, less the progress
 * line's drawing. */
static void run_queries(const BenchArgs *a, const NavGrid *g, const NavScenario *s, NavQuery *st, BenchRun *b)
{
    Progress p;
    progress_begin(&p);
    long long total = (long long)s->count * a->repeat, done = 0;
    for (long r = 0; r < a->repeat; r++) {
        double t0 = now_seconds(), drawing = 0.0;
        for (int i = 0; i < s->count; i++) {
            NavQueryResult res;
            NavStatus found = nav_query_find(st, g, s->q[i].start, s->q[i].goal, &a->opt, &res);
            if (r == 0) {
                b->len[i] = found == NAV_DONE ? res.length : -1.0;
                b->expanded += (double)res.expanded;
            }
            b->jps = res.planner == NAV_PLANNER_JPS;
            b->route = res.planner == NAV_PLANNER_ROUTE || res.planner == NAV_PLANNER_HIER;
            b->hier = res.planner == NAV_PLANNER_HIER;
            if (p.on && ++done % PROGRESS_QUERIES == 0)
                drawing += progress_show(&p, done, total);
        }
        b->elapsed += now_seconds() - t0 - drawing;
    }
    progress_end(&p);
}

/* Counts the optimal lengths, naming every other one on stderr. */
static void check_lengths(const BenchArgs *a, const NavScenario *s, BenchRun *b)
{
    for (int i = 0; i < s->count; i++) {
        const NavScenQuery *q = &s->q[i];
        if (b->len[i] >= 0 && nav_movingai_length_matches(q, b->len[i])) {
            b->optimal++;
            continue;
        }
        if (b->len[i] < 0)
            fprintf(stderr, "%s:%d: %d,%d -> %d,%d: no path found, file says %.8f\n", a->scen, q->line, q->start.x,
                    q->start.y, q->goal.x, q->goal.y, q->optimal);
        else
            fprintf(stderr, "%s:%d: %d,%d -> %d,%d: length %.8f, file says %.8f\n", a->scen, q->line, q->start.x,
                    q->start.y, q->goal.x, q->goal.y, b->len[i], q->optimal);
    }
}

/* ---- the report ----------------------------------------------------------------- */

static double mean_us(const BenchRun *b, int count, long repeat)
{
    return count ? b->elapsed * 1e6 / ((double)count * (double)repeat) : 0.0;
}

static const char *algo_name(const BenchRun *b)
{
    return b->route ? "route" : b->jps ? "jps" : "astar";
}

/* Landmarks the searches had. */
static int landmarks_used(const BenchArgs *a, const NavPrepared *pd, const BenchRun *b)
{
    if (b->hier)
        return 0;
    if (b->route) {
        NavRouteInfo ri;
        nav_route_info(nav_prepared_route(pd), &ri);
        return ri.landmarks;
    }
    return b->jps && nav_prepared_landmark_bytes(pd) ? a->opt.landmarks : 0;
}

static void print_bench(const BenchArgs *a, const NavGrid *g, const NavScenario *s, const NavPrepared *pd,
                        const BenchRun *b)
{
    printf("%s: %dx%d, %s, mean %.0f expanded/query", a->map, g->w, g->h, algo_name(b),
           s->count ? b->expanded / s->count : 0.0);
    if (b->hier) {
        NavHierInfo hi;
        nav_hier_info(nav_prepared_hier(pd), &hi);
        printf(", prepared in %.2f ms: a hierarchy of %ld walkable tiles, %ld steps, %ld shortcuts, %.1f bytes/tile",
               b->prep * 1e3, hi.nodes, hi.steps, hi.shortcuts, (double)hi.bytes / ((double)g->w * g->h));
        if (nav_grid_uniform(g)) {
            NavRouteInfo ri;
            nav_route_info(nav_prepared_route(pd), &ri);
            printf(" (made after the planner for uniform costs, %.1f bytes/tile, whose searches worked hard)",
                   (double)ri.bytes / ((double)g->w * g->h));
        }
    } else if (b->route) {
        NavRouteInfo ri;
        nav_route_info(nav_prepared_route(pd), &ri);
        printf(", prepared in %.2f ms: %ld walkable tiles (%ld core, %ld in trees, %ld regions), %ld corners "
               "(diagonals %s), %ld in corridors (%s), %d landmarks, %.1f bytes/tile",
               b->prep * 1e3, ri.walkable, ri.core, ri.tree, ri.regions, ri.corners,
               ri.scan ? "followed through" : "stop at jump points", ri.corridor,
               ri.corridors ? "followed through" : "not followed", ri.landmarks,
               (double)ri.bytes / ((double)g->w * g->h));
    } else if (b->jps && nav_prepared_landmark_bytes(pd))
        printf(", jump table and %d landmarks built in %.2f ms", a->opt.landmarks, b->prep * 1e3);
    else if (b->jps)
        printf(", jump table built in %.2f ms", b->prep * 1e3);
    NavPreparedChoice choice;
    nav_prepared_choice(pd, &choice);
    if (b->route && choice.made) /* the rule that chose the planner, on a uniform map */
        printf("; passage width %d, sample searches %.0f expanded: %s", choice.width, choice.expanded, choice.why);
    printf("\n");
    printf("%d queries, %d optimal, mean %.2f us/query\n", s->count, b->optimal, mean_us(b, s->count, a->repeat));
}

/* The hierarchy's figures (route on a weighted map, or a maze). */
static void json_hier(Json *j, const NavGrid *g, const NavPrepared *pd)
{
    NavHierInfo hi;
    nav_hier_info(nav_prepared_hier(pd), &hi);
    json_key(j, "prepared");
    json_object_begin(j);
    json_member_int(j, "walkable", hi.nodes);
    json_member_int(j, "steps", hi.steps);
    json_member_int(j, "shortcuts", hi.shortcuts);
    json_member_double(j, "bytes_per_tile", (double)hi.bytes / ((double)g->w * g->h));
    json_object_end(j);
}

static void json_prepared(Json *j, const NavGrid *g, const NavPrepared *pd)
{
    NavRouteInfo ri;
    nav_route_info(nav_prepared_route(pd), &ri);
    json_key(j, "prepared");
    json_object_begin(j);
    json_member_int(j, "walkable", ri.walkable);
    json_member_int(j, "core", ri.core);
    json_member_int(j, "tree", ri.tree);
    json_member_int(j, "regions", ri.regions);
    json_member_int(j, "corners", ri.corners);
    json_member_bool(j, "diagonals_followed", ri.scan);
    json_member_int(j, "corridor", ri.corridor);
    json_member_bool(j, "corridors_followed", ri.corridors);
    json_member_int(j, "landmarks", ri.landmarks);
    json_member_double(j, "bytes_per_tile", (double)ri.bytes / ((double)g->w * g->h));
    json_object_end(j);
}

/* The queries whose length is not the file's. */
static void json_wrong(Json *j, const NavScenario *s, const BenchRun *b)
{
    json_key(j, "wrong");
    json_array_begin(j);
    for (int i = 0; i < s->count; i++) {
        const NavScenQuery *q = &s->q[i];
        if (b->len[i] >= 0 && nav_movingai_length_matches(q, b->len[i]))
            continue;
        json_object_begin(j);
        json_member_int(j, "line", q->line);
        json_member_pair(j, "start", q->start.x, q->start.y);
        json_member_pair(j, "goal", q->goal.x, q->goal.y);
        json_key(j, "length");
        b->len[i] >= 0 ? json_double(j, b->len[i]) : json_null(j);
        json_member_double(j, "optimal", q->optimal);
        json_object_end(j);
    }
    json_array_end(j);
}

/* The object of a run; g, s, pd and b are NULL when a file did not load
 * (d, of `file`, says why). */
static int json_bench(const BenchArgs *a, const NavGrid *g, const NavScenario *s, const NavPrepared *pd,
                      const BenchRun *b, const char *file, const NavDiags *d)
{
    Json j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_member_string(&j, "status", !b ? "error" : b->optimal < s->count ? "not-optimal" : "optimal");
    json_member_string(&j, "map", a->map);
    json_member_string(&j, "scen", a->scen);
    if (b) {
        json_member_int(&j, "width", g->w);
        json_member_int(&j, "height", g->h);
        json_member_string(&j, "algo", algo_name(b));
        json_member_int(&j, "landmarks", landmarks_used(a, pd, b));
        json_member_int(&j, "repeat", a->repeat);
        json_member_int(&j, "queries", s->count);
        json_member_int(&j, "optimal", b->optimal);
        json_member_double(&j, "mean_us", mean_us(b, s->count, a->repeat));
        json_member_double(&j, "expanded_mean", s->count ? b->expanded / s->count : 0.0);
        json_member_double(&j, "prepare_ms", b->prep * 1e3);
        if (b->hier)
            json_hier(&j, g, pd);
        else if (b->route)
            json_prepared(&j, g, pd);
        else
            json_member_null(&j, "prepared");
        json_wrong(&j, s, b);
    }
    isopath_json_problems(&j, file, d);
    json_object_end(&j);
    return isopath_json_finish(&j);
}

/* Prepares, runs and reports; the exit code. */
static int bench(BenchArgs *a, const NavGrid *g, const NavScenario *s)
{
    NavQuery *st = nav_query_create(g->w, g->h);
    NavPrepared *pd = nav_prepared_create(g->w, g->h);
    BenchRun b = {0};
    b.len = malloc(((size_t)s->count + 1) * sizeof *b.len);
    int rc = ISOPATH_EXIT_FAILURE;
    if (!st || !pd || !b.len) {
        NavDiags d;
        nav_diag_clear(&d);
        nav_diag_add(&d, a->map, 0, 0, "out of memory");
        fprintf(stderr, "isopath: out of memory\n");
        if (a->json)
            json_bench(a, NULL, NULL, NULL, NULL, a->map, &d);
    } else {
        /* the jump table and landmarks are map preparation, like loading: timed on their own */
        isopath_fit_landmarks(&a->opt, g);
        a->opt.prepared = pd;
        double t = now_seconds();
        nav_prepared_make(pd, g, &a->opt);
        b.prep = now_seconds() - t;
        /* the query's own scratch (the prepared planners' search state) is
         * made by its first search, once: not timed, as the data is not */
        if (s->count > 0)
            nav_query_find(st, g, s->q[0].start, s->q[0].goal, &a->opt, NULL);
        run_queries(a, g, s, st, &b);
        check_lengths(a, s, &b);
        rc = b.optimal < s->count ? ISOPATH_EXIT_NOT_OPTIMAL : ISOPATH_EXIT_OK;
        if (a->json)
            rc = isopath_exit_max(rc, json_bench(a, g, s, pd, &b, a->map, NULL));
        else
            print_bench(a, g, s, pd, &b);
    }
    free(b.len);
    nav_query_destroy(st);
    nav_prepared_destroy(pd);
    return rc;
}

/* A map or scenario that did not load (s): its problems; the exit code. */
static int load_failed(const BenchArgs *a, const char *file, const NavDiags *d, NavStatus s)
{
    isopath_print_diags(file, d);
    int rc = isopath_load_exit(s);
    if (a->json)
        rc = isopath_exit_max(rc, json_bench(a, NULL, NULL, NULL, NULL, file, d));
    return rc;
}

/* Standard input, for a map or a scenario named "-"; NULL with *st the
 * failure (out of memory, or standard input unusable). */
static FILE *bench_stdin(NavDiags *d, NavStatus *st)
{
    int rc;
    FILE *f = isopath_stdin_open(d, &rc);
    if (!f)
        *st = rc == ISOPATH_EXIT_FAILURE ? NAV_OUT_OF_MEMORY : NAV_INVALID;
    return f;
}

/* The map and the scenario from their files, or from standard input ("-"). */
static NavStatus load_map(const char *path, NavGrid *g, NavDiags *d)
{
    if (strcmp(path, "-") != 0)
        return nav_movingai_load_map(path, g, d);
    NavStatus st;
    FILE *f = bench_stdin(d, &st);
    if (f) {
        st = nav_movingai_read_map(f, "-", g, d);
        fclose(f);
    }
    return st;
}

static NavStatus load_scen(const char *path, NavScenario *s, NavDiags *d)
{
    if (strcmp(path, "-") != 0)
        return nav_movingai_load_scen(path, s, d);
    NavStatus st;
    FILE *f = bench_stdin(d, &st);
    if (f) {
        st = nav_movingai_read_scen(f, "-", s, d);
        fclose(f);
    }
    return st;
}

int isopath_bench(int argc, char **argv)
{
    BenchArgs a = {0};
    int rc = parse_bench_args(argc, argv, &a);
    if (rc)
        return rc;
    const char *map = a.map, *scen = a.scen;
    NavDiags d;
    nav_diag_clear(&d);
    NavGrid g;
    NavScenario s;
    if (strcmp(map, "-") == 0 && strcmp(scen, "-") == 0)
        return isopath_usage_error("%s", "standard input ('-') can be the map or the scenario, not both");
    NavStatus loaded = load_map(map, &g, &d);
    if (loaded != NAV_DONE)
        return load_failed(&a, map, &d, loaded);
    loaded = load_scen(scen, &s, &d);
    if (loaded != NAV_DONE) {
        nav_grid_deinit(&g);
        return load_failed(&a, scen, &d, loaded);
    }
    if (s.count > 0 && (s.map_w != g.w || s.map_h != g.h))
        fprintf(stderr, "isopath: %s: warning: scenario is for a %dx%d map, %s is %dx%d\n", scen, s.map_w, s.map_h, map,
                g.w, g.h);
    rc = bench(&a, &g, &s);
    nav_movingai_scen_free(&s);
    nav_grid_deinit(&g);
    return rc;
}
