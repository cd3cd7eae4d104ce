/* SPDX-License-Identifier: MIT */
/* find_path.c - the navigation library from the outside: reads a Moving AI
 * .map, prepares the map data the chosen planner reads (a NavPrepared,
 * made once and shared by any number of queries), finds the shortest
 * 8-way path between two tiles (never cutting a wall's corner) with a
 * NavQuery (a search's scratch) and prints its length, the planner that
 * answered and its tiles. It uses only what `make install` puts in place:
 * <isonav/nav.h> and libisonav through pkg-config (examples/Makefile).
 *
 *     find_path MAP SX SY GX GY [astar|jps|route]
 *
 * Exit status: 0 a path, 1 no path, 2 bad input. */
#include <isonav/nav.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fprintf(stderr, "usage: find_path MAP SX SY GX GY [astar|jps|route]\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc != 6 && argc != 7)
        return usage();
    NavQueryOptions opt = nav_query_options_default();
    if (argc == 7) {
        const char *names[] = {"astar", "jps", "route"};
        const NavAlgo algos[] = {NAV_ASTAR, NAV_JPS, NAV_ROUTE};
        int i = 0;
        while (i < 3 && strcmp(argv[6], names[i]) != 0)
            i++;
        if (i == 3)
            return usage();
        opt.algo = algos[i];
    }
    NavPos start = nav_pos(atoi(argv[2]), atoi(argv[3]));
    NavPos goal = nav_pos(atoi(argv[4]), atoi(argv[5]));

    NavDiags diags;
    nav_diag_clear(&diags);
    NavGrid grid;
    if (nav_movingai_load_map(argv[1], &grid, &diags) != NAV_DONE) {
        for (int i = 0; i < diags.count; i++)
            fprintf(stderr, "%s\n", diags.msg[i]);
        return 2;
    }
    /* the data (made once, shared) and the query (one search's scratch) */
    NavPrepared *data = nav_prepared_create(grid.w, grid.h);
    NavQuery *search = nav_query_create(grid.w, grid.h);
    if (!data || !search) {
        fprintf(stderr, "find_path: out of memory\n");
        nav_prepared_destroy(data);
        nav_query_destroy(search);
        nav_grid_deinit(&grid);
        return 2;
    }
    opt.prepared = data;
    /* JPS and the prepared planner read data made first; A* needs none */
    NavStatus st = nav_prepared_make(data, &grid, &opt);
    if (st == NAV_DONE) {
        const char *planners[] = {"none", "astar", "jps", "route", "hierarchy"};
        NavQueryResult res;
        st = nav_query_find(search, &grid, start, goal, &opt, &res);
        if (nav_status_ok(st)) {
            printf("length %.6f, %d steps, %ld expanded, by %s:", res.length, res.steps, res.expanded,
                   planners[res.planner]);
            for (int i = 0; i < res.steps; i++) {
                NavPos t = nav_query_tile(search, i);
                printf(" %d,%d", t.x, t.y);
            }
            printf("\n");
        } else if (st == NAV_INVALID) {
            fprintf(stderr, "find_path: %s\n", res.why); /* a tile off the map */
        } else {
            printf("no path: %s\n", res.why);
        }
    } else {
        fprintf(stderr, "find_path: cannot prepare the planner (out of memory)\n");
    }
    nav_query_destroy(search);
    nav_prepared_destroy(data);
    nav_grid_deinit(&grid);
    return st == NAV_DONE ? 0 : st == NAV_NO_PATH ? 1 : 2;
}
