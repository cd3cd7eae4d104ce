/* cmd_solve.c - isopath solve LEVEL [--out FILE] [--margin] [--time SECONDS]:
 * searches for a win no sentry notices (solve.h) and prints
 * "solved SECONDS STEPS ENERGY margin TICKS" (exit 0; TICKS is "-" without
 * --margin) or "unsolved REASON" (exit 1; 5 when out of memory or the plan
 * did not replay). --out writes the plan as a recording the game replays
 * (--replay FILE); a level that does not load or an --out that cannot be
 * written is exit 3. */
#include <stdio.h>
#include <string.h>

#include "isopath.h"
#include "num.h"
#include "replay.h"
#include "sim.h"
#include "solve.h"

/* The plan as a recording: header, one goto a line, "TICK end" a tick
 * after the win. Closes f. */
static bool write_plan(FILE *f, const char *path, const char *level, const SolveResult *r, uint64_t end)
{
    replay_write_header(f, level);
    for (int i = 0; i < r->count; i++) {
        SimCmd c = {SIM_CMD_GOTO, r->cmd[i].to.x, r->cmd[i].to.y};
        replay_write_cmd(f, r->cmd[i].tick, &c);
    }
    fprintf(f, "%llu end\n", (unsigned long long)end);
    bool ok = !ferror(f);
    if (fclose(f) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "isopath: %s: cannot write the plan\n", path);
    return ok;
}

static int parse_solve_args(int argc, char **argv, const char **file, const char **out, SolveOptions *o)
{
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--margin")) {
            o->margin = true;
        } else if (!strcmp(a, "--out") || !strcmp(a, "--time")) {
            if (i + 1 >= argc)
                return isopath_usage_error("%s needs a value", a);
            const char *v = argv[++i];
            if (!strcmp(a, "--out"))
                *out = v;
            else if (num_parse_double(v, 0.1, 3600, &o->max_seconds) != NUM_OK)
                return isopath_usage_error("--time wants seconds from 0.1 to 3600, not '%s'", v);
        } else if (a[0] == '-' && a[1] == '-') {
            return isopath_usage_error("unknown option '%s'", a);
        } else if (!*file) {
            *file = a;
        } else {
            return isopath_usage_error("unexpected argument '%s'", a);
        }
    }
    if (!*file)
        return isopath_usage_error("%s", "solve needs LEVEL");
    return 0;
}

/* Prints the result line from a replay of the plan from the level's start;
 * false when the replay does not win unseen. */
static bool print_solved(const Level *l, const SolveResult *r, SolveOutcome *check)
{
    if (r->status != SOLVE_SOLVED || !solve_replay(l, r->cmd, r->count, check, NULL))
        return false;
    printf("solved %.3f %lld %.2f margin ", (double)check->play_ticks / SIM_TICK_HZ, (long long)check->steps,
           sim_units((int64_t)check->energy_used));
    if (r->margin >= 0)
        printf("%d\n", r->margin);
    else
        printf("-\n");
    fprintf(stderr, "isopath: %d commands; %ld nodes, %ld ticks simulated, %d wins looked at\n", r->count, r->nodes,
            r->work, r->plans);
    return true;
}

int isopath_solve(int argc, char **argv)
{
    const char *file = NULL, *out = NULL;
    SolveOptions o = solve_options_default();
    int rc = parse_solve_args(argc, argv, &file, &out, &o);
    if (rc)
        return rc;
    Level l;
    NavGrid g;
    if (!isopath_load_level(file, &l, &g))
        return ISOPATH_EXIT_INPUT;
    nav_grid_deinit(&g);
    FILE *f = out ? fopen(out, "w") : NULL; /* opened first: a plan never goes unwritten */
    if (out && !f) {
        perror(out);
        level_free(&l);
        return ISOPATH_EXIT_INPUT;
    }
    SolveResult r;
    solve_level(&l, &o, &r);
    SolveOutcome check;
    if (print_solved(&l, &r, &check)) {
        rc = f && !write_plan(f, out, file, &r, check.end_tick + 1) ? ISOPATH_EXIT_INPUT : ISOPATH_EXIT_OK;
    } else {
        printf("unsolved %s\n", r.status == SOLVE_SOLVED ? "unverified" : solve_status_name(r.status));
        fprintf(stderr, "isopath: %ld nodes, %ld ticks simulated\n", r.nodes, r.work);
        if (f) {
            fclose(f);
            remove(out);
        }
        rc = r.status == SOLVE_SOLVED || r.status == SOLVE_NO_MEMORY ? ISOPATH_EXIT_FAILURE : ISOPATH_EXIT_NO;
    }
    solve_result_free(&r);
    level_free(&l);
    return rc;
}
