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
 * tile of the tour is predicted. --hash N gives the droid a new goal of the
 * tour every N ticks even mid-step (so it often turns back) and prints
 * "state TICK HASH" (sim_hash) then: the same on every build, for
 * comparing them. Links the core only. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isopath.h"
#include "num.h"
#include "predict.h"
#include "sim.h"

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
        int x = (int)((*seed >> 33) % (uint64_t)s->w), y = (int)((*seed >> 13) % (uint64_t)s->h);
        if (near > 0) {
            x = start.x - near + (int)((*seed >> 33) % (uint64_t)(2 * near + 1));
            y = start.y - near + (int)((*seed >> 13) % (uint64_t)(2 * near + 1));
        }
        if (nav_grid_walkable(&s->grid, x, y))
            return nav_pos(x, y);
    }
    return s->droid.tile;
}

int isopath_simbench(int argc, char **argv)
{
    if (argc < 4)
        return isopath_usage_error("%s", "simbench wants LEVEL TICKS");
    long ticks, seed_arg;
    if (num_parse_long(argv[3], 1, 10000000, &ticks) != NUM_OK)
        return isopath_usage_error("TICKS must be a whole number from 1 to 10000000, not '%s'", argv[3]);
    uint64_t seed = 1;
    int near = 0;
    bool alarm = false;
    int predict_every = 0, hash_every = 0;
    for (int i = 4; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            if (num_parse_long(argv[++i], 0, LONG_MAX, &seed_arg) != NUM_OK)
                return isopath_usage_error("--seed wants a whole number from 0 to 9223372036854775807, not '%s'",
                                           argv[i]);
            seed = (uint64_t)seed_arg;
        } else if (strcmp(argv[i], "--near") == 0 && i + 1 < argc) {
            if (num_parse_int(argv[++i], 0, NAV_GRID_MAX_SIDE, &near) != NUM_OK)
                return isopath_usage_error("--near wants a whole number from 0 to 4096, not '%s'", argv[i]);
        } else if (strcmp(argv[i], "--predict") == 0 && i + 1 < argc) {
            if (num_parse_int(argv[++i], 1, 1000000, &predict_every) != NUM_OK)
                return isopath_usage_error("--predict wants a whole number of ticks from 1 to 1000000, not '%s'",
                                           argv[i]);
        } else if (strcmp(argv[i], "--hash") == 0 && i + 1 < argc) {
            if (num_parse_int(argv[++i], 1, 1000000, &hash_every) != NUM_OK)
                return isopath_usage_error("--hash wants a whole number of ticks from 1 to 1000000, not '%s'",
                                           argv[i]);
        } else if (strcmp(argv[i], "--alarm") == 0) {
            alarm = true;
        } else {
            return isopath_usage_error("unknown simbench option '%s'", argv[i]);
        }
    }
    Level l;
    NavGrid g;
    if (!isopath_load_level(argv[2], &l, &g))
        return ISOPATH_EXIT_INPUT;
    nav_grid_deinit(&g);
    Sim s;
    double t0 = now_us();
    if (!sim_init(&s, &l)) {
        fprintf(stderr, "isopath: out of memory\n");
        level_free(&l);
        return ISOPATH_EXIT_FAILURE;
    }
    double setup = now_us() - t0;
    double *times = malloc((size_t)ticks * sizeof *times);
    long predictions = 0;
    double *ptimes = predict_every ? malloc((size_t)(ticks / predict_every + 1) * sizeof *ptimes) : NULL;
    long outcomes[PREDICT_NOWALK + 1] = {0};
    Predictor pr;
    predict_init(&pr);
    uint64_t hover_seed = seed ^ UINT64_C(0x9e3779b97f4a7c15);
    if (!times || (predict_every && !ptimes)) {
        fprintf(stderr, "isopath: out of memory\n");
        free(times);
        free(ptimes);
        sim_deinit(&s);
        level_free(&l);
        return ISOPATH_EXIT_FAILURE;
    }
    long chasing = 0, catches = 0, out_of_energy = 0;
    int most = 0;
    NavPos start = s.droid.tile;
    if (alarm)
        sentries_alarm(&s.sentries, start);
    for (long t = 0; t < ticks; t++) {
        if (hash_every && t % hash_every == 0)
            printf("state %ld %016llx\n", t, (unsigned long long)sim_hash(&s));
        bool retarget = hash_every && t % hash_every == 0 && t > 0;
        if (!predict_every && (retarget || (!s.planning && !s.droid.moving && mover_remaining(&s.droid) == 0))) {
            SimCmd c = {SIM_CMD_GOTO, 0, 0};
            NavPos goal = next_goal(&s, &seed, start, near);
            c.x = goal.x;
            c.y = goal.y;
            sim_command(&s, &c);
        }
        if (predict_every && t % predict_every == 0) {
            NavPos hover = next_goal(&s, &hover_seed, start, near);
            double p0 = now_us();
            predict_begin(&pr, &s, hover);
            predict_run(&pr, 0);
            ptimes[predictions++] = now_us() - p0;
            outcomes[pr.result.outcome]++;
        }
        double a = now_us();
        sim_tick(&s);
        times[t] = now_us() - a;
        if (s.status == SIM_LOST && s.lose == SIM_LOSE_ENERGY) {
            out_of_energy++;
            SimCmd again = {SIM_CMD_RESTART, 0, 0};
            sim_command(&s, &again);
            if (alarm)
                sentries_alarm(&s.sentries, start);
        } else if (s.status == SIM_LOST) {
            catches++;
            s.status = SIM_PLAYING;
            s.lose = SIM_LOSE_NONE;
        }
        if (s.status == SIM_WON) {
            s.status = SIM_PLAYING;
        }
        chasing += s.sentries.chasers;
        if (s.sentries.chasers > most)
            most = s.sentries.chasers;
    }
    if (hash_every)
        printf("state %ld %016llx\n", ticks, (unsigned long long)sim_hash(&s));
    double total = 0;
    for (long t = 0; t < ticks; t++)
        total += times[t];
    qsort(times, (size_t)ticks, sizeof *times, by_value);
    printf("%s: %dx%d, %d sentries, set-up %.1f ms\n", argv[2], s.w, s.h, s.sentries.count, setup / 1000.0);
    printf("chasers: mean %.1f, most %d; ticks ending in a catch %ld (play went on); out of energy %ld times "
           "(the level started again)\n",
           (double)chasing / (double)ticks, most, catches, out_of_energy);
    printf("%ld ticks: median %.1f us, 95th percentile %.1f us, worst %.1f us, mean %.1f us\n", ticks,
           times[ticks / 2], times[(ticks * 95) / 100], times[ticks - 1], total / (double)ticks);
    if (predictions > 0) {
        double ptotal = 0;
        for (long i = 0; i < predictions; i++)
            ptotal += ptimes[i];
        qsort(ptimes, (size_t)predictions, sizeof *ptimes, by_value);
        printf("%ld predictions (every %d ticks; %ld seen, %ld unseen, %ld cut, %ld no walk): median %.1f us, "
               "95th percentile %.1f us, worst %.1f us; %.1f us a tick on average\n",
               predictions, predict_every, outcomes[PREDICT_SEEN], outcomes[PREDICT_UNSEEN], outcomes[PREDICT_CUT],
               outcomes[PREDICT_NOWALK], ptimes[predictions / 2], ptimes[(predictions * 95) / 100],
               ptimes[predictions - 1], ptotal / (double)ticks);
    }
    predict_deinit(&pr);
    free(ptimes);
    free(times);
    sim_deinit(&s);
    level_free(&l);
    return 0;
}
