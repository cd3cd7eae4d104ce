/* SPDX-License-Identifier: MIT */
/* cmd_simbench.c - isopath simbench: times the game's simulation, sentries
 * and all, tick by tick on a level, with the droid walking from one tile to
 * the next of a fixed pseudo-random tour. Reports the median, 95th
 * percentile and worst tick and how many sentries chased. --near R keeps
 * the tour within R tiles of the start; --alarm alerts every sentry towards
 * the droid at the first tick, the chase's worst case. A catch does not
 * end the run: the bench sets the play going again so the chase goes on
 * (the only thing it changes in the rules); running out of energy is
 * counted apart and starts the level again (a droid without energy would
 * only lose again every tick). --predict N times the hover
 * preview's prediction instead (predict.h, run to its end): the droid stands
 * at the start, the sentries go their ways, and every N ticks a goto to a
 * tile of the tour is predicted; with --plan K, a plan of K walks to tiles
 * of the tour with a second's wait between them (orders.h). --window N
 * times the departure window as the game looks at it (window.h): the
 * droid stands likewise, every N ticks a goto to a tile of the tour is
 * hovered anew, and every tick the look is moved along and run
 * GAME_WINDOW_FRAME_WORK units, as a frame of the game does; it reports
 * the ticks' times and how many ticks a new hover took to settle. --hash N
 * gives the droid a new goal of the tour every N ticks even mid-step (so it
 * often turns back) and prints
 * "state TICK HASH" (sim_hash) then: the same on every build, for
 * comparing them. Links the core only. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game.h"
#include "isopath.h"
#include "num.h"
#include "orders.h"
#include "predict.h"
#include "sim.h"
#include "window.h"

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The next walkable tile of the tour: a fixed linear congruential
 * sequence, within `near` tiles of the start when near > 0. */
static NavPos next_goal(const Sim *s, uint64_t *seed, NavPos start, int near)
{
    for (int tries = 0; tries < 100000; tries++) {
        *seed = *seed * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
        int x = (int)((*seed >> 33) % (uint64_t)s->terrain->w), y = (int)((*seed >> 13) % (uint64_t)s->terrain->h);
        if (near > 0) {
            x = start.x - near + (int)((*seed >> 33) % (uint64_t)(2 * near + 1));
            y = start.y - near + (int)((*seed >> 13) % (uint64_t)(2 * near + 1));
        }
        if (nav_grid_walkable(&s->terrain->grid, x, y))
            return nav_pos(x, y);
    }
    return s->state.droid.tile;
}

/* The command line: TICKS and the options. */
typedef struct Options {
    long ticks;
    uint64_t seed;
    int near, predict_every, window_every, hash_every;
    int plan_legs; /* --plan K: predict a plan of K walks, a second's wait between them */
    bool alarm;
} Options;

/* argv[3] and the options after it into o: 0, or a usage error's exit status. */
static int parse_options(int argc, char **argv, Options *o)
{
    long seed_arg;
    *o = (Options){.seed = 1};
    if (num_parse_long(argv[3], 1, 10000000, &o->ticks) != NUM_OK)
        return isopath_usage_error("TICKS must be a whole number from 1 to 10000000, not '%s'", argv[3]);
    for (int i = 4; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (num_parse_long(argv[++i], 0, LONG_MAX, &seed_arg) != NUM_OK)
                return isopath_usage_error("--seed wants a whole number from 0 to 9223372036854775807, not '%s'",
                                           argv[i]);
            o->seed = (uint64_t)seed_arg;
        } else if (strcmp(argv[i], "--near") == 0 && i + 1 < argc) {
            if (num_parse_int(argv[++i], 0, NAV_GRID_MAX_SIDE, &o->near) != NUM_OK)
                return isopath_usage_error("--near wants a whole number from 0 to 4096, not '%s'", argv[i]);
        } else if (strcmp(argv[i], "--predict") == 0 && i + 1 < argc) {
            if (num_parse_int(argv[++i], 1, 1000000, &o->predict_every) != NUM_OK)
                return isopath_usage_error("--predict wants a whole number of ticks from 1 to 1000000, not '%s'",
                                           argv[i]);
        } else if (strcmp(argv[i], "--plan") == 0 && i + 1 < argc) {
            if (num_parse_int(argv[++i], 1, ORDERS_MAX / 2, &o->plan_legs) != NUM_OK)
                return isopath_usage_error("--plan wants a whole number of walks from 1 to 8, not '%s'", argv[i]);
        } else if (strcmp(argv[i], "--window") == 0 && i + 1 < argc) {
            if (num_parse_int(argv[++i], 1, 1000000, &o->window_every) != NUM_OK)
                return isopath_usage_error("--window wants a whole number of ticks from 1 to 1000000, not '%s'",
                                           argv[i]);
        } else if (strcmp(argv[i], "--hash") == 0 && i + 1 < argc) {
            if (num_parse_int(argv[++i], 1, 1000000, &o->hash_every) != NUM_OK)
                return isopath_usage_error("--hash wants a whole number of ticks from 1 to 1000000, not '%s'",
                                           argv[i]);
        } else if (strcmp(argv[i], "--alarm") == 0) {
            o->alarm = true;
        } else {
            return isopath_usage_error("unknown simbench option '%s'", argv[i]);
        }
    }
    return 0;
}

/* A run: the play, the times its ticks and predictions took, and what
 * happened in it. */
typedef struct Run {
    Sim s;
    Predictor pr;
    WindowScan win;
    Orders hovered;
    long hovered_at, hovers, settled;   /* --window: the hover's tick; hovers, and those settled */
    bool predicting;                    /* --window: the hover's prediction is under way, as in the game */
    double *times, *ptimes, *wtimes, *wsettle, *both;
    long predictions, outcomes[PREDICT_NOWALK + 1];
    long chasing, catches, out_of_energy;
    int most;
    NavPos start;
    uint64_t seed, hover_seed;
} Run;

/* A lost or won play made to go on: out of energy starts the level again
 * (the alarm with it), a catch or a win only resumes play. */
static void run_go_on(Run *r, bool alarm)
{
    Sim *s = &r->s;
    if (s->state.status == SIM_LOST && s->state.lose == SIM_LOSE_ENERGY) {
        r->out_of_energy++;
        SimCmd again = {SIM_CMD_RESTART, 0, 0};
        sim_command(s, &again);
        if (alarm)
            sentries_alarm(&s->state.sentries, r->start);
    } else if (s->state.status == SIM_LOST) {
        r->catches++;
        s->state.status = SIM_PLAYING;
        s->state.lose = SIM_LOSE_NONE;
    }
    if (s->state.status == SIM_WON) {
        s->state.status = SIM_PLAYING;
    }
}

/* Tick t: the state's hash, the droid's next goal or a timed prediction
 * when it is their turn, the timed tick, then the play made to go on. */
static void run_tick(Run *r, const Options *o, long t)
{
    Sim *s = &r->s;
    if (o->hash_every && t % o->hash_every == 0)
        printf("state %ld %016llx\n", t, (unsigned long long)sim_hash(s));
    bool retarget = o->hash_every && t % o->hash_every == 0 && t > 0;
    bool standing = o->predict_every || o->window_every; /* the droid stands: hovers only */
    if (!standing && (retarget || (!s->state.planning && !s->state.droid.moving && mover_remaining(&s->state.droid) == 0))) {
        SimCmd c = {SIM_CMD_GOTO, 0, 0};
        NavPos goal = next_goal(s, &r->seed, r->start, o->near);
        c.x = goal.x;
        c.y = goal.y;
        sim_command(s, &c);
    }
    if (o->predict_every && t % o->predict_every == 0) {
        Orders plan = {0}; /* one walk, or --plan's walks with a second's wait after each but the last */
        for (int k = 0; k < (o->plan_legs ? o->plan_legs : 1); k++) {
            if (k > 0)
                orders_add(&plan, (Order){ORDER_WAIT, nav_pos(0, 0), SIM_TICK_HZ});
            orders_add(&plan, (Order){ORDER_GOTO, next_goal(s, &r->hover_seed, r->start, o->near), 0});
        }
        double p0 = now_us();
        predict_begin_orders(&r->pr, s, &plan);
        predict_run(&r->pr, 0);
        r->ptimes[r->predictions++] = now_us() - p0;
        r->outcomes[r->pr.result.outcome]++;
    }
    if (o->window_every) { /* as a frame of the game: a new hover now and then, the look moved on and run */
        double w0 = now_us();
        if (t % o->window_every == 0) {
            r->hovered = (Orders){.count = 1};
            r->hovered.leg[0] = (Order){ORDER_GOTO, next_goal(s, &r->hover_seed, r->start, o->near), 0};
            window_begin(&r->win, s, &r->hovered, NULL, NULL);
            r->hovered_at = t;
            r->hovers++;
        } else if (!window_advance(&r->win, s->state.tick) && !r->win.cut) { /* behind, or the level restarted */
            window_begin(&r->win, s, &r->hovered, NULL, NULL);
        }
        window_run(&r->win, GAME_WINDOW_FRAME_WORK);
        bool settled = window_read(&r->win).settled;
        double w1 = now_us();
        r->wtimes[t] = w1 - w0;
        /* and the route's own prediction, every GAME_PREDICT_EVERY ticks */
        if (!r->predicting && t % GAME_PREDICT_EVERY == 0)
            r->predicting = predict_begin_orders(&r->pr, s, &r->hovered);
        if (r->predicting && predict_run(&r->pr, GAME_PREDICT_FRAME_WORK) != PREDICT_RUNNING)
            r->predicting = false;
        r->both[t] = r->wtimes[t] + now_us() - w1;
        if (settled && r->hovered_at >= 0) {
            r->wsettle[r->settled++] = (double)(t - r->hovered_at);
            r->hovered_at = -1;
        }
    }
    double a = now_us();
    sim_tick(s);
    r->times[t] = now_us() - a;
    run_go_on(r, o->alarm);
    r->chasing += s->state.sentries.chasers;
    if (s->state.sentries.chasers > r->most)
        r->most = s->state.sentries.chasers;
}

/* The report: the level, the chase, the ticks' times and the predictions'. */
static void run_report(Run *r, const Options *o, const char *file, double setup)
{
    long ticks = o->ticks;
    double total = 0;
    for (long t = 0; t < ticks; t++)
        total += r->times[t];
    qsort(r->times, (size_t)ticks, sizeof *r->times, by_value);
    printf("%s: %dx%d, %d sentries, set-up %.1f ms\n", file, r->s.terrain->w, r->s.terrain->h, r->s.state.sentries.count, setup / 1000.0);
    printf("chasers: mean %.1f, most %d; ticks ending in a catch %ld (play went on); out of energy %ld times "
           "(the level started again)\n",
           (double)r->chasing / (double)ticks, r->most, r->catches, r->out_of_energy);
    printf("%ld ticks: median %.1f us, 95th percentile %.1f us, worst %.1f us, mean %.1f us\n", ticks,
           r->times[ticks / 2], r->times[(ticks * 95) / 100], r->times[ticks - 1], total / (double)ticks);
    long predictions = r->predictions;
    if (predictions > 0) {
        double ptotal = 0;
        for (long i = 0; i < predictions; i++)
            ptotal += r->ptimes[i];
        qsort(r->ptimes, (size_t)predictions, sizeof *r->ptimes, by_value);
        printf("%ld predictions (every %d ticks; %ld seen, %ld unseen, %ld cut, %ld no walk): median %.1f us, "
               "95th percentile %.1f us, worst %.1f us; %.1f us a tick on average\n",
               predictions, o->predict_every, r->outcomes[PREDICT_SEEN], r->outcomes[PREDICT_UNSEEN],
               r->outcomes[PREDICT_CUT], r->outcomes[PREDICT_NOWALK], r->ptimes[predictions / 2],
               r->ptimes[(predictions * 95) / 100], r->ptimes[predictions - 1], ptotal / (double)ticks);
    }
    if (o->window_every) {
        qsort(r->wtimes, (size_t)ticks, sizeof *r->wtimes, by_value);
        qsort(r->both, (size_t)ticks, sizeof *r->both, by_value);
        qsort(r->wsettle, (size_t)r->settled, sizeof *r->wsettle, by_value);
        printf("departure window (a new hover every %d ticks, %d units a tick): median %.1f us, 95th percentile "
               "%.1f us, 99th %.1f us, worst %.1f us a tick; %ld of %ld hovers settled, in a median of %.0f "
               "ticks (worst %.0f)\n",
               o->window_every, GAME_WINDOW_FRAME_WORK, r->wtimes[ticks / 2], r->wtimes[(ticks * 95) / 100],
               r->wtimes[(ticks * 99) / 100], r->wtimes[ticks - 1], r->settled, r->hovers,
               r->settled ? r->wsettle[r->settled / 2] : 0.0, r->settled ? r->wsettle[r->settled - 1] : 0.0);
        printf("the preview (the window and the route's prediction every %d ticks): median %.1f us, 95th "
               "percentile %.1f us, 99th %.1f us, worst %.1f us a tick\n",
               GAME_PREDICT_EVERY, r->both[ticks / 2], r->both[(ticks * 95) / 100], r->both[(ticks * 99) / 100],
               r->both[ticks - 1]);
    }
}

int isopath_simbench(int argc, char **argv)
{
    if (argc < 4)
        return isopath_usage_error("%s", "simbench wants LEVEL TICKS");
    Options o;
    int usage = parse_options(argc, argv, &o);
    if (usage)
        return usage;
    Level l;
    NavGrid g;
    if (!isopath_load_level(argv[2], &l, &g))
        return ISOPATH_EXIT_INPUT;
    nav_grid_deinit(&g);
    Run r = {.seed = o.seed, .hover_seed = o.seed ^ UINT64_C(0x9e3779b97f4a7c15)};
    double t0 = now_us();
    if (!sim_init(&r.s, &l)) {
        fprintf(stderr, "isopath: out of memory\n");
        level_free(&l);
        return ISOPATH_EXIT_FAILURE;
    }
    double setup = now_us() - t0;
    r.times = malloc((size_t)o.ticks * sizeof *r.times);
    r.ptimes = o.predict_every ? malloc((size_t)(o.ticks / o.predict_every + 1) * sizeof *r.ptimes) : NULL;
    r.wtimes = o.window_every ? malloc((size_t)o.ticks * sizeof *r.wtimes) : NULL;
    r.wsettle = o.window_every ? malloc((size_t)(o.ticks / o.window_every + 1) * sizeof *r.wsettle) : NULL;
    r.both = o.window_every ? malloc((size_t)o.ticks * sizeof *r.both) : NULL;
    r.hovered_at = -1;
    predict_init(&r.pr);
    window_init(&r.win);
    if (!r.times || (o.predict_every && !r.ptimes) || (o.window_every && (!r.wtimes || !r.wsettle || !r.both))) {
        fprintf(stderr, "isopath: out of memory\n");
        free(r.times);
        free(r.ptimes);
        free(r.wtimes);
        free(r.wsettle);
        free(r.both);
        sim_deinit(&r.s);
        level_free(&l);
        return ISOPATH_EXIT_FAILURE;
    }
    r.start = r.s.state.droid.tile;
    if (o.alarm)
        sentries_alarm(&r.s.state.sentries, r.start);
    for (long t = 0; t < o.ticks; t++)
        run_tick(&r, &o, t);
    if (o.hash_every)
        printf("state %ld %016llx\n", o.ticks, (unsigned long long)sim_hash(&r.s));
    run_report(&r, &o, argv[2], setup);
    predict_deinit(&r.pr);
    window_deinit(&r.win);
    free(r.wtimes);
    free(r.wsettle);
    free(r.both);
    free(r.ptimes);
    free(r.times);
    sim_deinit(&r.s);
    level_free(&l);
    return 0;
}
