/* SPDX-License-Identifier: MIT */
/* cmd_gen.c - isopath gen --seed N [--size WxH] [--difficulty 1-5]
 * [--out FILE] [--candidates C] [--work TICKS]: makes a level and proves it
 * (gen.h), then writes it to stdout or, atomically, to FILE; a line on
 * stderr says what the proof found. Exit 0; 1 when no candidate passed; 2
 * on bad arguments; 3 when FILE cannot be written; 5 out of memory or
 * stdout failing. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fileio.h"
#include "gen.h"
#include "isopath.h"
#include "num.h"

/* "WxH", each side GEN_SIDE_MIN..GEN_SIDE_MAX. */
static bool parse_size(const char *s, int *w, int *h)
{
    const char *end;
    long x, y;
    if (num_scan_long(s, &end, GEN_SIDE_MIN, GEN_SIDE_MAX, &x) != NUM_OK || *end != 'x' ||
        num_parse_long(end + 1, GEN_SIDE_MIN, GEN_SIDE_MAX, &y) != NUM_OK)
        return false;
    *w = (int)x;
    *h = (int)y;
    return true;
}

/* A seed: decimal digits only, 0..GEN_SEED_MAX. Not num_parse_long: a
 * long is 32 bits on some builds, and a seed is the same on all of them. */
static bool parse_seed(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (!*s)
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > ((uint64_t)GEN_SEED_MAX - (uint64_t)(*s - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return true;
}

static int parse_gen_args(int argc, char **argv, GenOptions *o, const char **out)
{
    bool seeded = false;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--seed") && strcmp(a, "--size") && strcmp(a, "--difficulty") && strcmp(a, "--out") &&
            strcmp(a, "--candidates") && strcmp(a, "--work")) {
            if (a[0] == '-' && a[1] == '-')
                return isopath_usage_error("unknown option '%s'", a);
            return isopath_usage_error("unexpected argument '%s'", a);
        }
        if (i + 1 >= argc)
            return isopath_usage_error("%s needs a value", a);
        const char *v = argv[++i];
        if (!strcmp(a, "--seed")) {
            if (!parse_seed(v, &o->seed))
                return isopath_usage_error("--seed wants a whole number from 0 to 9223372036854775807, not '%s'", v);
            seeded = true;
        } else if (!strcmp(a, "--size")) {
            if (!parse_size(v, &o->w, &o->h))
                return isopath_usage_error("--size wants WxH, each side from 12 to 32 tiles, not '%s'", v);
        } else if (!strcmp(a, "--difficulty")) {
            if (num_parse_int(v, GEN_DIFFICULTY_MIN, GEN_DIFFICULTY_MAX, &o->difficulty) != NUM_OK)
                return isopath_usage_error("--difficulty wants a whole number from 1 to 5, not '%s'", v);
        } else if (!strcmp(a, "--candidates")) {
            if (num_parse_int(v, 1, GEN_CANDIDATES_MAX, &o->candidates) != NUM_OK)
                return isopath_usage_error("--candidates wants a whole number from 1 to 1000, not '%s'", v);
        } else if (!strcmp(a, "--work")) {
            if (num_parse_long(v, 1, GEN_SOLVE_WORK_MAX, &o->solve_work) != NUM_OK)
                return isopath_usage_error("--work wants a whole number of ticks from 1 to 400000000, not '%s'", v);
        } else {
            *out = v;
        }
    }
    if (!seeded)
        return isopath_usage_error("%s", "gen needs --seed N");
    return 0;
}

int isopath_gen(int argc, char **argv)
{
    GenOptions o = gen_options_default(0);
    const char *out = NULL;
    int rc = parse_gen_args(argc, argv, &o, &out);
    if (rc)
        return rc;
    GenResult r;
    if (gen_level(&o, &r) != GEN_OK) {
        fprintf(stderr, "isopath: gen --seed %llu --size %dx%d --difficulty %d: %s%s%s\n",
                (unsigned long long)o.seed, o.w, o.h, o.difficulty, gen_status_name(r.status), r.why[0] ? ": " : "",
                r.why);
        rc = r.status == GEN_NO_LEVEL ? ISOPATH_EXIT_NO
             : r.status == GEN_BAD_OPTIONS ? ISOPATH_EXIT_USAGE : ISOPATH_EXIT_FAILURE;
        gen_result_free(&r);
        return rc;
    }
    if (out) {
        char err[512];
        if (!fileio_write_atomic(out, r.text, r.len, err, sizeof err)) {
            fprintf(stderr, "isopath: %s\n", err);
            rc = ISOPATH_EXIT_INPUT;
        }
    } else if (fwrite(r.text, 1, r.len, stdout) != r.len || fflush(stdout) != 0) {
        rc = isopath_stdout_failed("the level", errno);
    }
    if (rc == 0)
        fprintf(stderr,
                "isopath: candidate %d of %d (the solver ran on %d): %d rooms, %d cell%s, %d sentr%s; least energy "
                "%ld (a walk of %.2f), the plan's %ld, budget %ld; won unseen in %.2f s, %d lure%s, margin %d ticks; "
                "the wait-for-green player %s (%s, %.2f s, %.2f s standing); %ld ticks simulated; rejected %d "
                "layout, %d tour, %d unseen, %d margin, %d easy, %d hard, %d wide\n",
                r.candidate + 1, o.candidates, r.solver_runs, r.rooms, r.cells, r.cells == 1 ? "" : "s", r.sentries,
                r.sentries == 1 ? "y" : "ies", r.energy_least, r.tour_length, r.energy_plan, r.energy,
                (double)r.solve_ticks / 60.0, r.lures, r.lures == 1 ? "" : "s", r.margin,
                r.naive == NAIVE_WON ? "won" : "lost", naive_end_name(r.naive), (double)r.naive_ticks / 60.0, (double)r.naive_wait / 60.0, r.work,
                r.rejected[GEN_REJECT_LAYOUT], r.rejected[GEN_REJECT_TOUR], r.rejected[GEN_REJECT_UNSEEN],
                r.rejected[GEN_REJECT_MARGIN], r.rejected[GEN_REJECT_EASY], r.rejected[GEN_REJECT_HARD],
                r.rejected[GEN_REJECT_WIDE]);
    gen_result_free(&r);
    return rc;
}
