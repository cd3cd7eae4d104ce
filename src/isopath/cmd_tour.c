/* cmd_tour.c - isopath tour LEVEL...: proves each level winnable (tour.h):
 * the order of the cells, the walk's length and the energy it leaves.
 * Exit 1 when a level is not winnable, 3 when one does not load or has more
 * cells than tour plans, 5 out of memory: the highest of them. */
#include "isopath.h"
#include "tour.h"

#include <stdio.h>

int isopath_tour(int argc, char **argv)
{
    if (argc < 3)
        return isopath_usage_error("%s", "tour needs LEVEL...");
    int rc = 0;
    for (int i = 2; i < argc; i++) {
        Level l;
        NavGrid g;
        if (!isopath_load_level(argv[i], &l, &g)) {
            rc = isopath_exit_max(rc, ISOPATH_EXIT_INPUT);
            continue;
        }
        nav_grid_deinit(&g);
        TourResult t;
        switch (tour_plan(&l, &t)) {
        case TOUR_NO_EXIT:
            printf("%s: free play (no exit)\n", argv[i]);
            break;
        case TOUR_WINNABLE:
            printf("%s: winnable (%s order of %d cell%s): length %.2f", argv[i], t.exact ? "exact" : "heuristic",
                   t.cells, t.cells == 1 ? "" : "s", t.length);
            if (l.energy > 0)
                printf(", energy left %.2f, tightest %.2f", t.energy_left, t.tightest);
            printf("\n  order:");
            for (int c = 0; c <= t.cells; c++)
                printf(" %d,%d", t.order[c].x, t.order[c].y);
            printf(" (exit)\n");
            break;
        case TOUR_NOT_WINNABLE:
            printf("%s: NOT winnable: %s\n", argv[i], t.why);
            rc = isopath_exit_max(rc, ISOPATH_EXIT_NO);
            break;
        case TOUR_ERROR: /* past TOUR_MAX_CELLS, else out of memory */
            fprintf(stderr, "%s: %s\n", argv[i], t.why);
            rc = isopath_exit_max(rc, t.cells > TOUR_MAX_CELLS ? ISOPATH_EXIT_INPUT : ISOPATH_EXIT_FAILURE);
            break;
        }
        tour_free(&t);
        level_free(&l);
    }
    return rc;
}
