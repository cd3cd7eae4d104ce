/* SPDX-License-Identifier: MIT */
/* cmd_solve.c - isopath solve LEVEL [--out FILE] [--margin] [--time SECONDS]
 * [--no-lures] [--json]: searches for a win no sentry notices (solve.h) and
 * prints "solved SECONDS STEPS ENERGY margin TICKS" (exit 0; TICKS is "-"
 * without --margin) or "unsolved REASON" (exit 1; 5 when out of memory or
 * the plan did not replay), or one JSON object. --out writes the plan, its
 * gotos and lures, as a recording the game replays (--replay FILE). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "isopath.h"
#include "num.h"
#include "replay.h"
#include "sim.h"
#include "solve.h"

/* The plan as a recording: header, one goto or lure a line, "TICK end" a
 * tick after the win. Closes f; a failure goes to d. */
static bool write_plan(FILE *f, const char *path, const char *level, const SolveResult *r, uint64_t end,
                       NavDiags *d)
{
    replay_write_header(f, level);
    for (int i = 0; i < r->count; i++) {
        SimCmd c = {r->cmd[i].type, r->cmd[i].to.x, r->cmd[i].to.y};
        replay_write_cmd(f, r->cmd[i].tick, &c);
    }
    fprintf(f, "%llu end\n", (unsigned long long)end);
    bool ok = !ferror(f);
    if (fclose(f) != 0)
        ok = false;
    if (!ok)
        nav_diag_add(d, path, 0, 0, "cannot write the plan");
    return ok;
}

typedef struct SolveArgs {
    const char *file, *out;
    bool json;
    SolveOptions o;
} SolveArgs;

static int parse_solve_args(int argc, char **argv, SolveArgs *s)
{
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--margin")) {
            s->o.margin = true;
        } else if (!strcmp(a, "--json")) {
            s->json = true;
        } else if (!strcmp(a, "--no-lures")) {
            s->o.lures = false;
        } else if (!strcmp(a, "--out") || !strcmp(a, "--time")) {
            if (i + 1 >= argc)
                return isopath_usage_error("%s needs a value", a);
            const char *v = argv[++i];
            if (!strcmp(a, "--out"))
                s->out = v;
            else if (num_parse_double(v, 0.1, 3600, &s->o.max_seconds) != NUM_OK)
                return isopath_usage_error("--time wants seconds from 0.1 to 3600, not '%s'", v);
        } else if (a[0] == '-' && a[1] == '-') {
            return isopath_usage_error("unknown option '%s'", a);
        } else if (!s->file) {
            s->file = a;
        } else {
            return isopath_usage_error("unexpected argument '%s'", a);
        }
    }
    if (!s->file)
        return isopath_usage_error("%s", "solve needs LEVEL");
    return 0;
}

/* The result line of a win replayed from the level's start (check). */
static void print_solved(const SolveResult *r, const SolveOutcome *check)
{
    printf("solved %.3f %lld %.2f margin ", (double)check->play_ticks / SIM_TICK_HZ, (long long)check->steps,
           sim_units((int64_t)check->energy_used));
    if (r->margin >= 0)
        printf("%d\n", r->margin);
    else
        printf("-\n");
}

/* The one object of --json: r NULL when the level never got searched,
 * check NULL unless the win replayed, reason the unsolved one's. */
static int json_solve(const SolveArgs *a, const SolveResult *r, const SolveOutcome *check, const char *reason,
                      const NavDiags *level_d, const NavDiags *out_d)
{
    Json j;
    json_init(&j, stdout);
    json_object_begin(&j);
    json_member_string(&j, "file", a->file);
    json_member_string(&j, "status", !r ? "error" : check ? "solved" : "unsolved");
    if (r) {
        json_member_string(&j, "reason", reason);
        json_key(&j, "seconds");
        check ? json_double(&j, (double)check->play_ticks / SIM_TICK_HZ) : json_null(&j);
        json_key(&j, "ticks");
        check ? json_int(&j, (long long)check->play_ticks) : json_null(&j);
        json_key(&j, "steps");
        check ? json_int(&j, (long long)check->steps) : json_null(&j);
        json_key(&j, "energy");
        check ? json_double(&j, sim_units((int64_t)check->energy_used)) : json_null(&j);
        json_key(&j, "margin");
        check && r->margin >= 0 ? json_int(&j, r->margin) : json_null(&j);
        json_key(&j, "plan");
        json_array_begin(&j);
        for (int i = 0; check && i < r->count; i++) {
            json_object_begin(&j);
            json_member_int(&j, "tick", (long long)r->cmd[i].tick);
            json_member_string(&j, "cmd", sim_cmd_name(r->cmd[i].type));
            json_member_pair(&j, "to", r->cmd[i].to.x, r->cmd[i].to.y);
            json_object_end(&j);
        }
        json_array_end(&j);
        json_member_int(&j, "nodes", r->nodes);
        json_member_int(&j, "work", r->work);
        json_member_int(&j, "lures", check ? solve_lure_count(r->cmd, r->count) : 0);
        json_member_int(&j, "plans", r->plans);
        json_member_string(&j, "out", check && (!out_d || out_d->count == 0) ? a->out : NULL);
    }
    json_key(&j, "problems");
    json_array_begin(&j);
    isopath_json_diags(&j, a->file, level_d);
    isopath_json_diags(&j, a->out, out_d);
    json_array_end(&j);
    json_object_end(&j);
    return isopath_json_finish(&j);
}

/* Searches the level, writes the plan to f (when given; closed here) and
 * reports; the exit code. */
static int solve(const SolveArgs *a, const Level *l, FILE *f)
{
    SolveResult r;
    SolveOutcome check;
    NavDiags d;
    nav_diag_clear(&d);
    solve_level(l, &a->o, &r);
    bool won = r.status == SOLVE_SOLVED && solve_replay(l, r.cmd, r.count, &check, NULL);
    const char *reason = NULL;
    int rc = ISOPATH_EXIT_OK;
    if (won) {
        if (f && !write_plan(f, a->out, a->file, &r, check.end_tick + 1, &d))
            rc = ISOPATH_EXIT_INPUT;
        int lures = solve_lure_count(r.cmd, r.count);
        fprintf(stderr, "isopath: %d commands (%d lure%s); %ld nodes, %ld ticks simulated, %d wins looked at\n",
                r.count, lures, lures == 1 ? "" : "s", r.nodes, r.work, r.plans);
    } else {
        reason = r.status == SOLVE_SOLVED ? "unverified" : solve_status_name(r.status);
        rc = r.status == SOLVE_SOLVED || r.status == SOLVE_NO_MEMORY ? ISOPATH_EXIT_FAILURE : ISOPATH_EXIT_NO;
        fprintf(stderr, "isopath: %ld nodes, %ld ticks simulated\n", r.nodes, r.work);
        if (f) {
            fclose(f);
            remove(a->out);
        }
    }
    isopath_print_diags(a->out, &d);
    if (a->json)
        rc = isopath_exit_max(rc, json_solve(a, &r, won ? &check : NULL, reason, NULL, &d));
    else if (won)
        print_solved(&r, &check);
    else
        printf("unsolved %s\n", reason);
    solve_result_free(&r);
    return rc;
}

int isopath_solve(int argc, char **argv)
{
    SolveArgs a = {NULL, NULL, false, solve_options_default()};
    int rc = parse_solve_args(argc, argv, &a);
    if (!rc)
        rc = isopath_out_not_input(a.out, a.file, "the level");
    if (rc)
        return rc;
    IsopathInput in;
    NavDiags d, out_d;
    nav_diag_clear(&out_d);
    rc = isopath_input_load(a.file, false, &in, &d);
    FILE *f = NULL;
    if (rc == ISOPATH_EXIT_OK && a.out && !(f = fopen(a.out, "w"))) { /* opened first: a plan never goes unwritten */
        nav_diag_add(&out_d, a.out, 0, 0, "%s", strerror(errno));
        rc = ISOPATH_EXIT_INPUT;
    }
    if (rc) {
        isopath_print_diags(a.file, &d);
        isopath_print_diags(a.out, &out_d);
        if (a.json)
            rc = isopath_exit_max(rc, json_solve(&a, NULL, NULL, NULL, &d, &out_d));
        isopath_input_free(&in);
        return rc;
    }
    rc = solve(&a, &in.level, f);
    isopath_input_free(&in);
    return rc;
}
