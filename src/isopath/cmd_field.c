/* SPDX-License-Identifier: MIT */
/* cmd_field.c - 'isopath field': prints a flow field as one arrow per tile
 * (the step a droid there takes towards the goal) and a summary line. */
#include <stdio.h>
#include <string.h>

#include "field.h"
#include "isopath.h"

static const char *arrow(const NavField *f, int x, int y)
{
    static const char *const arrows8[8] = {"→", "↘", "↓", "↙", "←", "↖", "↑", "↗"};
    static const char *const arrows4[4] = {"→", "↓", "←", "↑"};
    static const char *const arrowshex[6] = {"→", "↗", "↑", "←", "↙", "↓"};
    int d = f->next[(size_t)y * (size_t)f->w + (size_t)x];
    switch (f->topology) {
    case NAV_TOPO_4: return arrows4[d];
    case NAV_TOPO_HEX: return arrowshex[d];
    case NAV_TOPO_8: default: return arrows8[d];
    }
}

int isopath_field(int argc, char **argv)
{
    const char *file = NULL, *goal_arg = NULL;
    NavQueryOptions opt = nav_query_options_default();
    for (int i = 2; i < argc; i++) {
        bool handled;
        if (!isopath_parse_options(argc, argv, &i, &opt, &handled))
            return 2;
        if (handled)
            continue;
        if (argv[i][0] == '-' && argv[i][1] == '-')
            return isopath_usage_error("unknown option '%s'", argv[i]);
        if (!file)
            file = argv[i];
        else if (!goal_arg)
            goal_arg = argv[i];
        else
            return isopath_usage_error("unexpected argument '%s'", argv[i]);
    }
    NavPos goal;
    if (!file || !goal_arg)
        return isopath_usage_error("%s", "field needs LEVEL GX,GY");
    if (!isopath_parse_xy(goal_arg, &goal))
        return isopath_usage_error("bad goal '%s': expected X,Y such as 2,3", goal_arg);
    Level l;
    NavGrid g;
    if (!isopath_load_level(file, &l, &g))
        return ISOPATH_EXIT_INPUT;
    NavField f;
    int rc = 0;
    if (nav_field_init(&f, &g, goal, opt.topology) != NAV_DONE) {
        fprintf(stderr, "isopath: no field towards %d,%d: %s\n", goal.x, goal.y,
                nav_grid_in_bounds(&g, goal.x, goal.y) ? "the goal is blocked" : "the goal is outside the level");
        rc = ISOPATH_EXIT_NO;
    } else {
        long reach = 0, unreachable = 0;
        double far = 0;
        NavPos far_at = goal;
        for (int y = 0; y < l.h; y++) {
            for (int x = 0; x < l.w; x++) {
                double dist = nav_field_distance(&f, nav_pos(x, y));
                if (x == goal.x && y == goal.y)
                    fputs("G", stdout);
                else if (!nav_grid_walkable(&g, x, y))
                    putchar(level_glyph(&l, x, y));
                else if (dist < 0) {
                    putchar('?');
                    unreachable++;
                } else
                    fputs(arrow(&f, x, y), stdout);
                if (dist >= 0) {
                    reach++;
                    if (dist > far) {
                        far = dist;
                        far_at = nav_pos(x, y);
                    }
                }
            }
            putchar('\n');
        }
        printf("goal %d,%d: %ld tiles reach it, %ld walkable tiles cannot (?); farthest %d,%d at cost %.6f\n",
               goal.x, goal.y, reach, unreachable, far_at.x, far_at.y, far);
        nav_field_deinit(&f);
    }
    nav_grid_deinit(&g);
    level_free(&l);
    return rc;
}
