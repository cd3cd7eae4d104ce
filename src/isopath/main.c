/* SPDX-License-Identifier: MIT */
/* isopath - the headless path tool: plans paths on level files and Moving
 * AI maps, validates them, prints flow fields, runs Moving AI benchmarks
 * and generates levels; path, check, tour, bench, solve and naive can
 * answer in JSON (--json, json.h). Links only the core library, libc and
 * libm. Exit codes (ISOPATH_EXIT_*, isopath.h): 0 ok; 1 no path, not
 * winnable, unsolved, lost; 2 usage; 3 bad input; 4 bench not optimal; 5 out
 * of memory or stdout not written (checked after every command). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "i18n.h"
#include "fileio.h"
#include "isopath.h"
#include "landmark.h"
#include "level.h"
#include "num.h"
#include "query.h"
#include "text.h"

static const char usage[] = N_(
    "usage:\n"
    "  isopath path LEVEL SX,SY GX,GY [--draw | --json] [--topology 8|4|hex] [--algo astar|jps|route]\n"
    "                                 [--landmarks K] [--nearest] [--max-cost C] [--max-expand N]\n"
    "      prints the path one x,y per line (start and goal included), then\n"
    "      'length L steps N expanded E'. --draw first prints the level with the\n"
    "      path over it (s start, o path, g goal). Unreachable: 'no path' on\n"
    "      stderr and exit 1. --nearest walks to the reachable tile nearest an\n"
    "      unreachable goal instead. --landmarks K (0 to 16; JPS, and route up to 8)\n"
    "      places K landmarks first, whose distances sharpen the search's estimate\n"
    "      (as many as fit in 256 MiB: 7 on 2048x2048, 1 on 4096x4096).\n"
    "      --algo route prepares the map first (trees, jump table, landmarks; on a\n"
    "      map of several costs, or a maze, a contraction hierarchy, seconds on\n"
    "      512x512) and answers from that; other options (--nearest, limits) run\n"
    "      A* instead.\n"
    "      LEVEL may be a Moving AI map (below), which --draw shows as '.' and '@'.\n"
    "  isopath check LEVEL... [--json]\n"
    "      validates level files and Moving AI maps: one FILE:LINE:COL: message per\n"
    "      problem (exit 3), or a summary per file: a level's walkable tiles and\n"
    "      those '@' cannot reach, a map's walkable tiles and connected regions.\n"
    "  isopath tour LEVEL... [--json]\n"
    "      proves each level winnable: an order of its energy cells, then the exit,\n"
    "      whose optimal legs the energy covers (exact up to 12 cells; sentries ignored).\n"
    "  isopath field LEVEL GX,GY\n"
    "      prints the flow field towards GX,GY: the step each tile takes.\n"
    "  isopath bench MAP SCEN [--algo astar|jps|route] [--landmarks K] [--repeat N] [--json]\n"
    "      runs a Moving AI scenario and checks every length against the optimum;\n"
    "      last line 'N queries, M optimal, mean X.XX us/query'; exit 4 if M < N.\n"
    "      JPS and route place 8 landmarks unless told otherwise; what they prepare\n"
    "      is made before the timing starts, which the first line reports. On a\n"
    "      terminal a progress line on stderr is redrawn in place, then cleared.\n");
/* the usage goes on in parts: a string literal longer than 4095 bytes is not portable C */
static const char usage_game[] = N_(
    "  isopath simbench LEVEL TICKS [--seed N] [--near R] [--alarm] [--hash N] [--predict N [--plan K]]\n"
    "      times the game's simulation (sentries included) for TICKS ticks while the\n"
    "      droid walks a fixed pseudo-random tour (within R tiles of its start);\n"
    "      prints the median, 95th percentile and worst tick and the chasers.\n"
    "      --alarm alerts every sentry at the start. Catches do not stop the run.\n"
    "      --hash N gives a new goal every N ticks, mid-step too, and prints\n"
    "      'state TICK HASH' then (the state hash: the same on every build).\n"
    "      --predict N times the hover preview's prediction every N ticks instead;\n"
    "      --plan K predicts a plan of K walks with a second's wait between them.\n"
    "  isopath solve LEVEL [--out FILE] [--margin] [--time SECONDS] [--no-lures] [--json]\n"
    "      searches for a win no sentry notices: an order of the cells, routes that\n"
    "      may go by waypoint tiles, and waits, against the sentries' schedules;\n"
    "      lures too when a plan without them falls short (not with --no-lures).\n"
    "      Prints 'solved SECONDS STEPS ENERGY margin TICKS' (exit 0) or\n"
    "      'unsolved REASON' (exit 1: no-exit, exhausted, budget; 5: memory). Every plan\n"
    "      is replayed in the game's simulation first. --margin measures the margin\n"
    "      (moving any one command up to TICKS ticks either way still wins unseen;\n"
    "      up to 120) and keeps searching for one of at least 15; without it TICKS\n"
    "      is '-'. --out writes the plan, its gotos and lures, as a recording\n"
    "      (bin/isodroid --replay FILE).\n"
    "      --time caps the processor time (default 60 s; the work is capped too).\n"
    "  isopath naive LEVEL [--json] [--out FILE]\n"
    "      plays as a player who trusts the route preview: the cells in tour's order,\n"
    "      then the exit; each leg goes to the first cell (in that order) whose goto\n"
    "      is predicted unseen, waiting for one up to 20 s in steps of 0.1 s.\n"
    "      Prints 'won SECONDS' (exit 0) or 'lost REASON' (exit 1: seen, caught,\n"
    "      energy, no-safe-departure, no-exit, not-winnable). --out writes the\n"
    "      gotos as a recording (bin/isodroid --replay FILE), won or lost.\n"
    "  isopath replay RECORDING [--trace]\n"
    "      plays a recording (isodroid --record, solve and naive --out) with no\n"
    "      window and prints 'state HASH' at its end, the same line as\n"
    "      'isodroid --headless --replay RECORDING --trace'; --trace first prints\n"
    "      the game's trace, as that does. Exit 1 when it cannot be played to its end.\n"
    "  isopath gen --seed N [--size WxH] [--difficulty 1-5] [--out FILE]\n"
    "              [--candidates C] [--work TICKS]\n"
    "      makes a level (rooms, doors, rough ground, water, cells, an exit, sentries\n"
    "      that guard or patrol; more and faster ones at a higher difficulty) and\n"
    "      proves it: every tile reachable, winnable on its energy (tour) and won\n"
    "      unseen with a margin of at least 15 ticks (solve); its energy is the\n"
    "      tour's least plus a slack that shrinks with the difficulty. The same\n"
    "      arguments always give the same bytes. N is 0 to 9223372036854775807;\n"
    "      sides 12 to 32 (default 24x16); difficulty default 2. Candidates are\n"
    "      proven in turn (at most C, default 64), each with at most TICKS ticks of\n"
    "      solving (default 500000, more on a larger level); when none passes, exit 1.\n"
    "      Writes to stdout, or atomically to FILE; what the proof found on stderr.\n");
static const char usage_more[] = N_(
    "  isopath render LEVEL [--path SX,SY GX,GY] [--field GX,GY] [--scale N] --out FILE.png\n"
    "      draws the level from above into a PNG (no display needed) in the minimap's\n"
    "      colours and marks. --path draws the optimal path over it (none: 'no path'\n"
    "      on stderr, exit 1, no file); --field colours each tile by its cost to GX,GY\n"
    "      (light near, dark far; the tiles that cannot reach it keep their colour).\n"
    "      N pixels a tile, 1 to 32 (default: the long side within 1024 pixels).\n"
    "  isopath CMD --help | help CMD | --help | --version\n"
    "      CMD --help (or -h) prints that command's usage alone; --help, all of it.\n"
    "Coordinates are 0-based: x is the column, y the row (row 0 at the top).\n"
    "'-' for a level or a map (bench: the map or the scenario) reads it from\n"
    "  standard input, whole (at most 64 MiB), named '-' in messages. '--' ends the\n"
    "  options: a file named after it may start with '--' (messages say ./NAME).\n"
    "Messages: every line on stderr starts with 'isopath: ', but a problem at a\n"
    "  place in a file, which reads FILE:LINE:COL: message (as compilers write it).\n");

/* and what the exit status says */
static const char usage_output[] = N_(
    "Moving AI maps: path and check read a regular file as one when its name ends\n"
    "  in .map or its first line starts with the word 'type' ('type octile'); each\n"
    "  walkable tile ('.', 'G', 'S') costs 1. Anything else is a level file.\n"
    "--json (path, check, tour, bench, solve, naive): one JSON object on stdout,\n"
    "  nothing else there (messages stay on stderr). Tiles are [x,y]; null where a\n"
    "  value does not apply; every command, and each file of check and tour, has\n"
    "  \"problems\": [{\"file\",\"line\",\"col\",\"message\"}] (line, col null if none).\n"
    "    path   file kind width height status (found|nearest|limit|none|error) start\n"
    "           goal end length steps expanded algo (astar|jps|route) path why\n"
    "    check  ok files: [{file ok kind (level|movingai) width height walkable;\n"
    "           a level's name start unreachable; a map's regions largest_region}]\n"
    "    tour   ok levels: [{file verdict (winnable|not-winnable|no-exit|error) cells\n"
    "           exact length energy energy_left tightest order exit why}]\n"
    "    bench  status (optimal|not-optimal|error) map scen width height algo\n"
    "           landmarks repeat queries optimal mean_us expanded_mean prepare_ms\n"
    "           prepared wrong: [{line start goal length optimal}]\n"
    "    solve  file status (solved|unsolved|error) reason seconds ticks steps\n"
    "           energy margin plan: [{tick cmd to}] nodes work lures plans out\n"
    "    naive  file verdict (won|lost|error) reason seconds ticks steps energy\n"
    "           wait_ticks wait_seconds sentry legs: [{to exit waited depart end}]\n"
    "           predictions work why out\n"
    "  isopath(1) describes every field.\n"
    "Exit status: 0 success; 1 no path, not winnable, unsolved, lost, no level made;\n"
    "  2 bad arguments; 3 bad input: a file missing, malformed or past a limit, or\n"
    "  an output file not written; 4 bench: a length is not the scenario's optimum;\n"
    "  5 out of memory, stdout not written or another failure. With several files,\n"
    "  the highest.\n");

static void print_usage(void)
{
    fputs(_(usage), stdout);
    fputs(_(usage_game), stdout);
    fputs(_(usage_more), stdout);
    fputs(_(usage_output), stdout);
}

/* One command's part of the usage: its lines from "  isopath CMD " up to the
 * next command's; false when there is none of that name. */
static bool print_command_usage(const char *cmd)
{
    const char *const parts[] = {_(usage), _(usage_game), _(usage_more)};
    char head[64];
    int n = snprintf(head, sizeof head, "  isopath %s ", cmd);
    if (n < 0 || (size_t)n >= sizeof head || strchr(cmd, '-'))
        return false;
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
        const char *at = strstr(parts[k], head);
        if (!at || (at != parts[k] && at[-1] != '\n'))
            continue;
        const char *end = strstr(at + 1, "\n  isopath ");
        int len = end ? (int)(end + 1 - at) : (int)strlen(at);
        fputs(_("usage:\n"), stdout);
        printf("%.*s", len, at);
        puts(_("Coordinates are 0-based: x is the column, y the row (row 0 at the top).\n"
               "'-' for a level or a map reads it from standard input; '--' ends the options.\n"
               "'isopath --help' describes every command, --json and the exit status."));
        return true;
    }
    return false;
}

/* the command being run, for the usage hint ("isopath CMD --help") */
static const char *current_command;

static void usage_hint(void)
{
    if (current_command)
        fprintf(stderr, _("isopath: run 'isopath %s --help' for its usage\n"), current_command);
    else
        fprintf(stderr, _("isopath: run 'isopath --help' for usage\n"));
}

int isopath_usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "isopath: ");
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    usage_hint();
    return 2;
}

int isopath_out_not_input(const char *out, const char *input, const char *what)
{
    if (!out || !fileio_same_file(out, input))
        return 0;
    fprintf(stderr, "isopath: --out %s is %s %s; name another file\n", out, what, input);
    usage_hint();
    return ISOPATH_EXIT_USAGE;
}

static bool stdout_failure_said;

int isopath_stdout_failed(const char *what, int errnum)
{
    if (!stdout_failure_said)
        fprintf(stderr, "isopath: cannot write %s to stdout%s%s\n", what, errnum ? ": " : "",
                errnum ? strerror(errnum) : "");
    stdout_failure_said = true;
    return ISOPATH_EXIT_FAILURE;
}

/* What a command printed, all of it written? rc, or ISOPATH_EXIT_FAILURE
 * when stdout failed (a full disk, a closed stdout) and rc was lower: a
 * command whose output was lost never exits 0. */
static int stdout_finished(int rc)
{
    errno = 0;
    int errnum = fflush(stdout) != 0 ? errno : 0;
    if (errnum || ferror(stdout))
        rc = isopath_exit_max(rc, isopath_stdout_failed("the output", errnum));
    return rc;
}

bool isopath_parse_xy(const char *s, NavPos *out)
{
    const char *end;
    long x, y;
    if (num_scan_long(s, &end, -ISOPATH_COORD_MAX, ISOPATH_COORD_MAX, &x) != NUM_OK || *end != ',' ||
        num_parse_long(end + 1, -ISOPATH_COORD_MAX, ISOPATH_COORD_MAX, &y) != NUM_OK)
        return false;
    *out = nav_pos((int)x, (int)y);
    return true;
}

void isopath_fit_landmarks(NavQueryOptions *opt, const NavGrid *g)
{
    int fit = landmark_max_count(g->w, g->h);
    if (opt->algo != NAV_JPS || opt->landmarks <= fit)
        return;
    fprintf(stderr, "isopath: %d landmarks on a %dx%d map would pass the %zu MiB budget; placing %d\n",
            opt->landmarks, g->w, g->h, LANDMARK_BUDGET_BYTES >> 20, fit);
    opt->landmarks = fit;
}

bool isopath_parse_options(int argc, char **argv, int *i, NavQueryOptions *opt, bool *handled)
{
    const char *a = argv[*i];
    *handled = true;
    if (strcmp(a, "--topology") == 0 || strcmp(a, "--algo") == 0 || strcmp(a, "--max-cost") == 0 ||
        strcmp(a, "--max-expand") == 0 || strcmp(a, "--landmarks") == 0) {
        if (*i + 1 >= argc) {
            isopath_usage_error("%s needs a value", a);
            return false;
        }
        const char *v = argv[++*i];
        if (strcmp(a, "--topology") == 0) {
            if (strcmp(v, "8") == 0)
                opt->topology = NAV_TOPO_8;
            else if (strcmp(v, "4") == 0)
                opt->topology = NAV_TOPO_4;
            else if (strcmp(v, "hex") == 0)
                opt->topology = NAV_TOPO_HEX;
            else {
                isopath_usage_error("unknown topology '%s' (8, 4 or hex)", v);
                return false;
            }
        } else if (strcmp(a, "--algo") == 0) {
            if (strcmp(v, "astar") == 0)
                opt->algo = NAV_ASTAR;
            else if (strcmp(v, "jps") == 0)
                opt->algo = NAV_JPS;
            else if (strcmp(v, "route") == 0)
                opt->algo = NAV_ROUTE;
            else {
                isopath_usage_error("unknown algorithm '%s' (astar, jps or route)", v);
                return false;
            }
        } else if (strcmp(a, "--max-cost") == 0) {
            if (num_parse_double(v, 0, ISOPATH_COST_MAX, &opt->cost_limit) != NUM_OK || !(opt->cost_limit > 0)) {
                isopath_usage_error("--max-cost wants a positive number, not '%s'", v);
                return false;
            }
        } else if (strcmp(a, "--landmarks") == 0) {
            long k;
            if (num_parse_long(v, 0, LANDMARK_MAX, &k) != NUM_OK) {
                fprintf(stderr, "isopath: --landmarks wants a whole number from 0 to %d, not '%s'\n", LANDMARK_MAX, v);
                usage_hint();
                return false;
            }
            opt->landmarks = (int)k;
        } else {
            if (num_parse_long(v, 1, ISOPATH_EXPAND_MAX, &opt->expansion_limit) != NUM_OK) {
                isopath_usage_error("--max-expand wants a positive whole number, not '%s'", v);
                return false;
            }
        }
        return true;
    }
    if (strcmp(a, "--nearest") == 0) {
        opt->nearest = true;
        return true;
    }
    *handled = false;
    return true;
}

void isopath_print_diags(const char *file, const NavDiags *d)
{
    for (int k = 0; k < d->count; k++)
        fprintf(stderr, "%s%s\n", isopath_diag_at_line(d->msg[k]) ? "" : "isopath: ", d->msg[k]);
    if (d->dropped)
        fprintf(stderr, "isopath: %s: (and %d more)\n", file, d->dropped);
}

bool isopath_load_level(const char *path, Level *l, NavGrid *g)
{
    IsopathInput in;
    NavDiags d;
    if (isopath_input_load(path, false, &in, &d) != ISOPATH_EXIT_OK) {
        isopath_print_diags(path, &d);
        return false;
    }
    *l = in.level;
    *g = in.grid;
    return true;
}

/* the commands, for the messages that name them */
#define COMMANDS "path, check, field, bench, tour, simbench, solve, naive, replay, gen, render"

/* argv[operands_from] on are operands: what followed "--" */
static int operands_from = 1 << 30;

/* "--" ends the options: it is taken out, and an argument after it that
 * starts with "--" (a file of that name) becomes "./--NAME", which no
 * command takes for an option; "-" stays standard input. argv's strings
 * stay the caller's; *made, when not NULL, is the one allocated (free it).
 * False when out of memory. */
static bool end_options(int *argc, char **argv, char **made)
{
    *made = NULL;
    int at = 2;
    while (at < *argc && strcmp(argv[at], "--") != 0)
        at++;
    if (at == *argc)
        return true;
    size_t need = 0;
    for (int i = at + 1; i < *argc; i++)
        if (strncmp(argv[i], "--", 2) == 0)
            need += strlen(argv[i]) + 3;
    char *buf = need ? malloc(need) : NULL;
    if (need && !buf)
        return false;
    *made = buf;
    for (int i = at + 1; i < *argc; i++) {
        argv[i - 1] = argv[i];
        if (strncmp(argv[i], "--", 2) == 0) {
            size_t n = strlen(argv[i]) + 3;
            snprintf(buf, n, "./%s", argv[i]);
            argv[i - 1] = buf;
            buf += n;
        }
    }
    argv[--*argc] = NULL;
    operands_from = at;
    return true;
}

static int run(int argc, char **argv)
{
    if (argc < 2)
        return isopath_usage_error("%s", "missing command (" COMMANDS ")");
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        print_usage();
        return 0;
    }
    if (strcmp(cmd, "help") == 0) { /* help [CMD] */
        if (argc > 2 && !print_command_usage(argv[2]))
            return isopath_usage_error("no command '%s' (" COMMANDS ")", argv[2]);
        if (argc <= 2)
            print_usage();
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("isopath %s\n", ISODROID_VERSION); /* the Makefile's VERSION */
        return 0;
    }
    static const struct {
        const char *name;
        int (*run)(int argc, char **argv);
    } commands[] = {
        {"path", isopath_path},         {"check", isopath_check}, {"field", isopath_field},
        {"bench", isopath_bench},       {"tour", isopath_tour},   {"simbench", isopath_simbench},
        {"solve", isopath_solve},       {"gen", isopath_gen},     {"render", isopath_render},
        {"naive", isopath_naive},       {"replay", isopath_replay},
    };
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
        if (strcmp(cmd, commands[k].name) != 0)
            continue;
        current_command = cmd;
        /* CMD --help (or -h) anywhere before "--": that command's usage alone */
        for (int i = 2; i < argc && i < operands_from; i++)
            if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
                print_command_usage(cmd);
                return 0;
            }
        return commands[k].run(argc, argv);
    }
    return isopath_usage_error("unknown command '%s' (" COMMANDS ")", cmd);
}

int main(int argc, char **argv)
{
    char *made;
    i18n_start(argv[0]);
    if (!end_options(&argc, argv, &made)) {
        fprintf(stderr, "isopath: out of memory\n");
        return ISOPATH_EXIT_FAILURE;
    }
    int rc = stdout_finished(run(argc, argv));
    free(made);
    isopath_stdin_free();
    return rc;
}
