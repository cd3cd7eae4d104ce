/* SPDX-License-Identifier: MIT */
/* cmd_check.c - 'isopath check FILE...': validates level files and Moving
 * AI maps (input.c). Each problem is a FILE:LINE:COL: message on stderr;
 * each good file gets a summary line on stdout (a level: its size, walkable
 * tiles and those '@' cannot reach; a map: its size, walkable tiles and
 * connected regions), or, with --json, all of it in one object. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isopath.h"
#include "region.h"
#include "text.h"

/* What check found in one good file. */
typedef struct CheckSummary {
    long walkable;
    long unreachable;  /* level: walkable tiles '@' cannot reach */
    long regions;      /* map: connected regions of walkable tiles */
    long largest;      /* map: tiles of the largest one */
} CheckSummary;

/* The regions of a map and the largest one's tiles; false when out of memory. */
static bool count_regions(const NavGrid *g, CheckSummary *s)
{
    NavRegion r;
    if (nav_region_init(&r, g) != NAV_DONE)
        return false;
    long *size = calloc((size_t)r.count + 1, sizeof *size);
    if (!size) {
        nav_region_deinit(&r);
        return false;
    }
    for (size_t i = 0; i < (size_t)g->w * (size_t)g->h; i++)
        size[r.label[i]]++;
    s->regions = (long)r.count;
    s->largest = 0;
    for (uint32_t k = 1; k <= r.count; k++)
        if (size[k] > s->largest)
            s->largest = size[k];
    free(size);
    nav_region_deinit(&r);
    return true;
}

static void print_summary(const char *file, const IsopathInput *in, const CheckSummary *s)
{
    const Level *l = &in->level;
    if (in->movingai) {
        printf("%s: ok, Moving AI map, %dx%d, %ld walkable tiles in %ld region%s (the largest %ld)\n", file,
               in->grid.w, in->grid.h, s->walkable, s->regions, s->regions == 1 ? "" : "s", s->largest);
        return;
    }
    char name[4 * LEVEL_NAME_MAX];
    printf("%s: ok, '%s', %dx%d, %ld walkable tiles, %ld unreachable from '@' at %d,%d\n", file,
           text_escape(l->name, name, sizeof name), l->w, l->h, s->walkable, s->unreachable, l->start.x,
           l->start.y);
}

static void json_summary(Json *j, const IsopathInput *in, const CheckSummary *s)
{
    json_member_int(j, "width", in->grid.w);
    json_member_int(j, "height", in->grid.h);
    json_member_int(j, "walkable", s->walkable);
    if (in->movingai) {
        json_member_int(j, "regions", s->regions);
        json_member_int(j, "largest_region", s->largest);
        return;
    }
    json_member_string(j, "name", in->level.name);
    json_member_pair(j, "start", in->level.start.x, in->level.start.y);
    json_member_int(j, "unreachable", s->unreachable);
}

/* Checks one file, printing what it found (j: as a member of the "files"
 * array, else as text); the exit code. */
static int check_file(const char *file, Json *j)
{
    IsopathInput in;
    NavDiags d;
    CheckSummary s = {0};
    int rc = isopath_input_load(file, true, &in, &d);
    if (rc == ISOPATH_EXIT_OK) {
        s.walkable = nav_grid_count_walkable(&in.grid);
        if (!in.movingai)
            s.unreachable = s.walkable - nav_grid_count_reachable(&in.grid, in.level.start.x, in.level.start.y);
        else if (!count_regions(&in.grid, &s)) {
            nav_diag_add(&d, file, 0, 0, "out of memory");
            rc = ISOPATH_EXIT_FAILURE;
        }
    }
    isopath_print_diags(file, &d);
    if (!j && rc == ISOPATH_EXIT_OK)
        print_summary(file, &in, &s);
    if (j) {
        json_object_begin(j);
        json_member_string(j, "file", file);
        json_member_bool(j, "ok", rc == ISOPATH_EXIT_OK);
        json_member_string(j, "kind", in.movingai ? "movingai" : "level");
        if (rc == ISOPATH_EXIT_OK)
            json_summary(j, &in, &s);
        isopath_json_problems(j, file, &d);
        json_object_end(j);
    }
    isopath_input_free(&in);
    return rc;
}

int isopath_check(int argc, char **argv)
{
    return isopath_each_file(argc, argv, "check needs at least one LEVEL file", "files", check_file);
}
