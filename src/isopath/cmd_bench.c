/* cmd_bench.c - 'isopath bench': runs every query of a Moving AI scenario,
 * times the searches alone and checks each length against the optimum. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isopath.h"
#include "movingai.h"
#include "num.h"
#include "route.h"

/* Benchmark maps never change, so JPS gets landmarks unless told otherwise. */
enum { BENCH_LANDMARKS = 8 };

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int isopath_bench(int argc, char **argv)
{
    const char *map = NULL, *scen = NULL;
    long repeat = 1;
    NavPathOptions opt = nav_path_options_default();
    opt.landmarks = BENCH_LANDMARKS;
    for (int i = 2; i < argc; i++) {
        bool handled;
        if (strcmp(argv[i], "--repeat") == 0) {
            if (i + 1 >= argc)
                return isopath_usage_error("%s", "--repeat needs a value");
            if (num_parse_long(argv[++i], 1, ISOPATH_REPEAT_MAX, &repeat) != NUM_OK)
                return isopath_usage_error("--repeat wants a positive whole number, not '%s'", argv[i]);
            continue;
        }
        if (!isopath_parse_options(argc, argv, &i, &opt, &handled))
            return 2;
        if (handled)
            continue;
        if (argv[i][0] == '-' && argv[i][1] == '-')
            return isopath_usage_error("unknown option '%s'", argv[i]);
        if (!map)
            map = argv[i];
        else if (!scen)
            scen = argv[i];
        else
            return isopath_usage_error("unexpected argument '%s'", argv[i]);
    }
    if (!map || !scen)
        return isopath_usage_error("%s", "bench needs MAP SCEN");

    NavDiags d;
    nav_diag_clear(&d);
    NavGrid g;
    NavScenario s;
    NavStatus loaded = nav_movingai_load_map(map, &g, &d);
    if (loaded != NAV_DONE) {
        isopath_print_diags(map, &d);
        return isopath_load_exit(loaded);
    }
    loaded = nav_movingai_load_scen(scen, &s, &d);
    if (loaded != NAV_DONE) {
        isopath_print_diags(scen, &d);
        nav_grid_deinit(&g);
        return isopath_load_exit(loaded);
    }
    if (s.count > 0 && (s.map_w != g.w || s.map_h != g.h))
        fprintf(stderr, "%s: warning: scenario is for a %dx%d map, %s is %dx%d\n", scen, s.map_w, s.map_h, map,
                g.w, g.h);
    NavPath *st = nav_path_create(g.w, g.h);
    double *len = malloc(((size_t)s.count + 1) * sizeof *len);
    if (!st || !len) {
        fprintf(stderr, "isopath: out of memory\n");
        nav_path_destroy(st);
        free(len);
        nav_movingai_scen_free(&s);
        nav_grid_deinit(&g);
        return ISOPATH_EXIT_FAILURE;
    }
    /* the jump table and landmarks are map preparation, like loading: timed on their own */
    isopath_fit_landmarks(&opt, &g);
    double t_prep = now_seconds();
    nav_path_prepare(st, &g, &opt);
    t_prep = now_seconds() - t_prep;
    double elapsed = 0, expanded = 0;
    bool jps = false, route = false;
    for (long r = 0; r < repeat; r++) {
        double t0 = now_seconds();
        for (int i = 0; i < s.count; i++) {
            NavPathResult res;
            NavStatus st_ = nav_path_find(st, &g, s.q[i].start, s.q[i].goal, &opt, &res);
            if (r == 0) {
                len[i] = st_ == NAV_DONE ? res.length : -1.0;
                expanded += (double)res.expanded;
            }
            jps = res.used_jps;
            route = res.used_route;
        }
        elapsed += now_seconds() - t0;
    }
    int optimal = 0;
    for (int i = 0; i < s.count; i++) {
        const NavScenQuery *q = &s.q[i];
        if (len[i] >= 0 && nav_movingai_length_matches(q, len[i])) {
            optimal++;
            continue;
        }
        if (len[i] < 0)
            fprintf(stderr, "%s:%d: %d,%d -> %d,%d: no path found, file says %.8f\n", scen, q->line, q->start.x,
                    q->start.y, q->goal.x, q->goal.y, q->optimal);
        else
            fprintf(stderr, "%s:%d: %d,%d -> %d,%d: length %.8f, file says %.8f\n", scen, q->line, q->start.x,
                    q->start.y, q->goal.x, q->goal.y, len[i], q->optimal);
    }
    double mean = s.count ? elapsed * 1e6 / ((double)s.count * (double)repeat) : 0.0;
    printf("%s: %dx%d, %s, mean %.0f expanded/query", map, g.w, g.h, route ? "route" : jps ? "jps" : "astar",
           s.count ? expanded / s.count : 0.0);
    if (route) {
        NavRouteInfo ri;
        nav_route_info(nav_path_route(st), &ri);
        printf(", prepared in %.2f ms: %ld walkable tiles (%ld core, %ld in trees, %ld regions), %ld corners "
               "(diagonals %s), %d landmarks, %.1f bytes/tile",
               t_prep * 1e3, ri.walkable, ri.core, ri.tree, ri.regions, ri.corners,
               ri.scan ? "followed through" : "stop at jump points", ri.landmarks,
               (double)ri.bytes / ((double)g.w * g.h));
    } else if (jps && nav_path_landmark_bytes(st))
        printf(", jump table and %d landmarks built in %.2f ms", opt.landmarks, t_prep * 1e3);
    else if (jps)
        printf(", jump table built in %.2f ms", t_prep * 1e3);
    printf("\n");
    printf("%d queries, %d optimal, mean %.2f us/query\n", s.count, optimal, mean);
    int rc = optimal < s.count ? ISOPATH_EXIT_NOT_OPTIMAL : ISOPATH_EXIT_OK;
    free(len);
    nav_path_destroy(st);
    nav_movingai_scen_free(&s);
    nav_grid_deinit(&g);
    return rc;
}
