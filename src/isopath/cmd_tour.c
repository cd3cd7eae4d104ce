/* SPDX-License-Identifier: MIT */
/* cmd_tour.c - isopath tour LEVEL... [--json]: proves each level winnable
 * (tour.h): the order of the cells, the walk's length and the energy it
 * leaves, as text or as one JSON object for all the levels. */
#include "isopath.h"
#include "tour.h"

#include <stdio.h>
#include <string.h>

static const char *verdict_name(TourVerdict v)
{
    switch (v) {
    case TOUR_WINNABLE: return "winnable";
    case TOUR_NOT_WINNABLE: return "not-winnable";
    case TOUR_NO_EXIT: return "no-exit";
    case TOUR_ERROR: break;
    case TOUR_STOPPED: return "stopped";
    }
    return "error";
}

static void print_tour(const char *file, const Level *l, const TourResult *t)
{
    switch (t->verdict) {
    case TOUR_NO_EXIT:
        printf("%s: free play (no exit)\n", file);
        break;
    case TOUR_WINNABLE:
        printf("%s: winnable (%s order of %d cell%s): length %.2f", file, t->exact ? "exact" : "heuristic",
               t->cells, t->cells == 1 ? "" : "s", t->length);
        if (l->energy > 0)
            printf(", energy left %.2f, tightest %.2f", t->energy_left, t->tightest);
        printf("\n  order:");
        for (int c = 0; c <= t->cells; c++)
            printf(" %d,%d", t->order[c].x, t->order[c].y);
        printf(" (exit)\n");
        break;
    case TOUR_NOT_WINNABLE:
        printf("%s: NOT winnable: %s\n", file, t->why);
        break;
    case TOUR_ERROR:
    case TOUR_STOPPED: /* never: isopath tour gives no stop */
        break;
    }
}

/* One member of "levels": t is NULL when the level did not load (d says why). */
static void json_tour(Json *j, const char *file, const Level *l, const TourResult *t, const NavDiags *d)
{
    bool won = t && t->verdict == TOUR_WINNABLE;
    bool limited = t && l->energy > 0;
    json_object_begin(j);
    json_member_string(j, "file", file);
    json_member_string(j, "verdict", t ? verdict_name(t->verdict) : "error");
    json_key(j, "cells");
    t ? json_int(j, t->cells) : json_null(j);
    json_key(j, "exact");
    won ? json_bool(j, t->exact) : json_null(j);
    json_key(j, "length");
    won ? json_double(j, t->length) : json_null(j);
    json_key(j, "energy");
    limited ? json_int(j, l->energy) : json_null(j);
    json_key(j, "energy_left");
    won && limited ? json_double(j, t->energy_left) : json_null(j);
    json_key(j, "tightest");
    won && limited ? json_double(j, t->tightest) : json_null(j);
    json_key(j, "order");
    json_array_begin(j);
    for (int c = 0; won && c < t->cells; c++)
        json_pair(j, t->order[c].x, t->order[c].y);
    json_array_end(j);
    json_key(j, "exit");
    won ? json_pair(j, t->order[t->cells].x, t->order[t->cells].y) : json_null(j);
    json_key(j, "why");
    t && (t->verdict == TOUR_NOT_WINNABLE || t->verdict == TOUR_ERROR) ? json_string(j, t->why) : json_null(j);
    isopath_json_problems(j, file, d);
    json_object_end(j);
}

/* Proves one level, printing what it found; the exit code. */
static int tour_file(const char *file, Json *j)
{
    IsopathInput in;
    NavDiags d;
    int rc = isopath_input_load(file, false, &in, &d);
    if (rc) {
        isopath_print_diags(file, &d);
        if (j)
            json_tour(j, file, NULL, NULL, &d);
        return rc;
    }
    TourResult t;
    switch (tour_plan(&in.level, &t)) {
    case TOUR_NOT_WINNABLE:
        rc = ISOPATH_EXIT_NO;
        break;
    case TOUR_ERROR: /* past TOUR_MAX_CELLS, else out of memory */
        nav_diag_add(&d, file, 0, 0, "%s", t.why);
        isopath_print_diags(file, &d);
        rc = t.cells > TOUR_MAX_CELLS ? ISOPATH_EXIT_INPUT : ISOPATH_EXIT_FAILURE;
        break;
    default:
        break;
    }
    if (j)
        json_tour(j, file, &in.level, &t, &d);
    else
        print_tour(file, &in.level, &t);
    tour_free(&t);
    isopath_input_free(&in);
    return rc;
}

int isopath_tour(int argc, char **argv)
{
    return isopath_each_file(argc, argv, "tour needs LEVEL...", "levels", tour_file);
}
