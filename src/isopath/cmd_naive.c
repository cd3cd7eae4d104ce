/* SPDX-License-Identifier: MIT */
/* cmd_naive.c - isopath naive LEVEL [--json] [--out FILE]: plays the level
 * as the wait-for-green player does (naive.h) and prints "won SECONDS"
 * (exit 0) or "lost REASON" (exit 1; 3 past the tour's cell limit, 5 when
 * out of memory or a walk predicted unseen did not end), or one JSON
 * object. --out writes the gotos it gave as a recording the game replays
 * (--replay FILE), won or lost. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "isopath.h"
#include "naive.h"
#include "replay.h"
#include "sim.h"

typedef struct NaiveArgs {
    const char *file, *out;
    bool json;
} NaiveArgs;

static int parse_naive_args(int argc, char **argv, NaiveArgs *a)
{
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--json")) {
            a->json = true;
        } else if (!strcmp(s, "--out")) {
            if (i + 1 >= argc)
                return isopath_usage_error("%s needs a value", s);
            a->out = argv[++i];
        } else if (s[0] == '-' && s[1] == '-') {
            return isopath_usage_error("unknown option '%s'", s);
        } else if (!a->file) {
            a->file = s;
        } else {
            return isopath_usage_error("unexpected argument '%s'", s);
        }
    }
    if (!a->file)
        return isopath_usage_error("%s", "naive needs LEVEL");
    return 0;
}

/* The gotos as a recording: header, one goto a line, "TICK end" a tick
 * after the play stopped. Closes f; a failure goes to d. */
static bool write_moves(FILE *f, const NaiveArgs *a, const NaiveResult *r, NavDiags *d)
{
    bool ok = replay_write_header(f, a->file);
    for (int i = 0; ok && i < r->count; i++) {
        SimCmd c = {SIM_CMD_GOTO, r->leg[i].to.x, r->leg[i].to.y};
        replay_write_cmd(f, r->leg[i].depart, &c);
    }
    fprintf(f, "%llu end\n", (unsigned long long)r->end_tick + 1);
    ok = ok && !ferror(f);
    if (fclose(f) != 0)
        ok = false;
    if (!ok)
        nav_diag_add(d, a->out, 0, 0, "cannot write the moves");
    return ok;
}

static int exit_code(NaiveEnd e)
{
    switch (e) {
    case NAIVE_WON: return ISOPATH_EXIT_OK;
    case NAIVE_TOO_MANY_CELLS: return ISOPATH_EXIT_INPUT;
    case NAIVE_NO_MEMORY:
    case NAIVE_STOPPED: /* never: isopath naive gives no stop */
    case NAIVE_STUCK: return ISOPATH_EXIT_FAILURE;
    default: return ISOPATH_EXIT_NO;
    }
}

static const char *verdict_name(const NaiveResult *r)
{
    if (!r || r->end == NAIVE_TOO_MANY_CELLS || r->end == NAIVE_NO_MEMORY)
        return "error";
    return r->end == NAIVE_WON ? "won" : "lost";
}

/* The one object of --json: r NULL when the level did not load or --out
 * could not be opened; out_ok says the recording was written. */
static int json_naive(const NaiveArgs *a, const NaiveResult *r, bool out_ok, const NavDiags *level_d,
                      const NavDiags *out_d)
{
    bool played = r && r->played;
    Json j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_member_string(&j, "file", a->file);
    json_member_string(&j, "verdict", verdict_name(r));
    if (r) {
        json_member_string(&j, "reason", r->end == NAIVE_WON ? NULL : naive_end_name(r->end));
        json_key(&j, "seconds");
        r->end == NAIVE_WON ? json_double(&j, (double)r->play_ticks / SIM_TICK_HZ) : json_null(&j);
        json_key(&j, "ticks");
        played ? json_int(&j, (long long)r->play_ticks) : json_null(&j);
        json_key(&j, "steps");
        played ? json_int(&j, (long long)r->steps) : json_null(&j);
        json_key(&j, "energy");
        played ? json_double(&j, sim_units((int64_t)r->energy_used)) : json_null(&j);
        json_key(&j, "wait_ticks");
        played ? json_int(&j, (long long)r->wait_ticks) : json_null(&j);
        json_key(&j, "wait_seconds");
        played ? json_double(&j, (double)r->wait_ticks / SIM_TICK_HZ) : json_null(&j);
        json_key(&j, "sentry");
        r->sentry >= 0 ? json_int(&j, r->sentry) : json_null(&j);
        json_key(&j, "legs");
        json_array_begin(&j);
        for (int i = 0; i < r->count; i++) {
            const NaiveLeg *g = &r->leg[i];
            json_object_begin(&j);
            json_member_pair(&j, "to", g->to.x, g->to.y);
            json_member_bool(&j, "exit", g->exit);
            json_member_int(&j, "waited", g->waited);
            json_member_int(&j, "depart", (long long)g->depart);
            json_member_int(&j, "end", (long long)g->end);
            json_object_end(&j);
        }
        json_array_end(&j);
        json_member_int(&j, "predictions", r->predictions);
        json_member_int(&j, "work", r->work);
        json_key(&j, "why");
        r->why[0] ? json_string(&j, r->why) : json_null(&j);
        json_member_string(&j, "out", out_ok ? a->out : NULL);
    }
    json_key(&j, "problems");
    json_array_begin(&j);
    isopath_json_diags(&j, a->file, level_d);
    isopath_json_diags(&j, a->out, out_d);
    json_array_end(&j);
    json_object_end(&j);
    return isopath_json_finish(&j);
}

/* Plays the level, writes the moves to f (when given; closed here) and
 * reports; the exit code. */
static int play(const NaiveArgs *a, const Level *l, FILE *f)
{
    NaiveResult r;
    NavDiags d;
    nav_diag_clear(&d);
    naive_play(l, &r);
    int rc = exit_code(r.end);
    bool out_ok = false;
    if (f && r.played) {
        out_ok = write_moves(f, a, &r, &d);
        if (!out_ok)
            rc = isopath_exit_max(rc, ISOPATH_EXIT_INPUT);
    } else if (f) { /* nothing was played: no recording */
        fclose(f);
        remove(a->out);
    }
    if (r.why[0])
        fprintf(stderr, "isopath: %s: %s\n", a->file, r.why);
    else if (r.end == NAIVE_NO_MEMORY)
        fprintf(stderr, "isopath: out of memory\n");
    if (r.played)
        fprintf(stderr, "isopath: %d walk%s, %.3f s of standing; %ld departures predicted, %ld ticks simulated\n",
                r.count, r.count == 1 ? "" : "s", (double)r.wait_ticks / SIM_TICK_HZ, r.predictions, r.work);
    isopath_print_diags(a->out, &d);
    if (a->json)
        rc = isopath_exit_max(rc, json_naive(a, &r, out_ok, NULL, &d));
    else if (r.end == NAIVE_WON)
        printf("won %.3f\n", (double)r.play_ticks / SIM_TICK_HZ);
    else if (strcmp(verdict_name(&r), "lost") == 0) /* an error says so on stderr alone */
        printf("lost %s\n", naive_end_name(r.end));
    naive_result_free(&r);
    return rc;
}

int isopath_naive(int argc, char **argv)
{
    NaiveArgs a = {NULL, NULL, false};
    int rc = parse_naive_args(argc, argv, &a);
    if (!rc)
        rc = isopath_out_not_input(a.out, a.file, "the level");
    if (rc)
        return rc;
    IsopathInput in;
    NavDiags d, out_d;
    nav_diag_clear(&out_d);
    rc = isopath_input_load(a.file, false, &in, &d);
    FILE *f = NULL;
    if (rc == ISOPATH_EXIT_OK && a.out && !(f = fopen(a.out, "w"))) { /* opened first: moves never go unwritten */
        nav_diag_add(&out_d, a.out, 0, 0, "%s", strerror(errno));
        rc = ISOPATH_EXIT_INPUT;
    }
    if (rc) {
        isopath_print_diags(a.file, &d);
        isopath_print_diags(a.out, &out_d);
        if (a.json)
            rc = isopath_exit_max(rc, json_naive(&a, NULL, false, &d, &out_d));
        isopath_input_free(&in);
        return rc;
    }
    rc = play(&a, &in.level, f);
    isopath_input_free(&in);
    return rc;
}
