/* SPDX-License-Identifier: MIT */
/* stop.c - asking a RulesStop, and a whole-map flow field built in slices
 * with the question between them (stop.h). */
#include "stop.h"

bool stop_asked(const RulesStop *stop)
{
    return stop && stop->asked && stop->asked(stop->ctx);
}

NavStatus stop_field_init(NavField *f, const NavGrid *g, NavPos goal, const RulesStop *stop)
{
    if (!stop || !stop->asked)
        return nav_field_init(f, g, goal, NAV_TOPO_8);
    NavStatus st = nav_field_begin(f, g, goal, NAV_TOPO_8);
    while (st == NAV_IN_PROGRESS) {
        if (stop_asked(stop)) {
            nav_field_deinit(f);
            return NAV_LIMIT;
        }
        st = nav_field_build_step(f, g, STOP_FIELD_SLICE);
    }
    return st;
}
