/* cmd_simbench.c - isopath simbench: times the game's simulation, sentries
 * and all, tick by tick on a level, with the droid walking from one tile to
 * the next of a fixed pseudo-random tour. Reports the median, 95th
 * percentile and worst tick and how many sentries chased. --near R keeps
 * the tour within R tiles of the start; --alarm alerts every sentry towards
 * the droid at the first tick, the chase's worst case. A catch does not
 * end the run: the bench sets the play going again so the chase goes on
 * (the only thing it changes in the rules). Links the core only. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isopath.h"
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
static TilePos next_goal(const Sim *s, uint64_t *seed, TilePos start, int near)
{
    for (int tries = 0; tries < 100000; tries++) {
        *seed = *seed * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
        int x = (int)((*seed >> 33) % (uint64_t)s->w), y = (int)((*seed >> 13) % (uint64_t)s->h);
        if (near > 0) {
            x = start.x - near + (int)((*seed >> 33) % (uint64_t)(2 * near + 1));
            y = start.y - near + (int)((*seed >> 13) % (uint64_t)(2 * near + 1));
        }
        if (grid_walkable(&s->grid, x, y))
            return tile_pos(x, y);
    }
    return s->droid.tile;
}

int isopath_simbench(int argc, char **argv)
{
    if (argc < 4)
        return isopath_usage_error("%s", "simbench wants LEVEL TICKS");
    char *end;
    long ticks = strtol(argv[3], &end, 10);
    if (*end || ticks < 1 || ticks > 10000000)
        return isopath_usage_error("TICKS must be a whole number from 1 to 10000000, not '%s'", argv[3]);
    uint64_t seed = 1;
    int near = 0;
    bool alarm = false;
    for (int i = 4; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--near") == 0 && i + 1 < argc)
            near = atoi(argv[++i]);
        else if (strcmp(argv[i], "--alarm") == 0)
            alarm = true;
        else
            return isopath_usage_error("unknown simbench option '%s'", argv[i]);
    }
    Level l;
    Grid g;
    if (!isopath_load_level(argv[2], &l, &g))
        return 1;
    grid_deinit(&g);
    Sim s;
    double t0 = now_us();
    if (!sim_init(&s, &l)) {
        fprintf(stderr, "isopath: out of memory\n");
        level_free(&l);
        return 1;
    }
    double setup = now_us() - t0;
    double *times = malloc((size_t)ticks * sizeof *times);
    if (!times) {
        sim_deinit(&s);
        level_free(&l);
        return 1;
    }
    long chasing = 0, catches = 0;
    int most = 0;
    TilePos start = s.droid.tile;
    if (alarm)
        sentries_alarm(&s.sentries, start);
    for (long t = 0; t < ticks; t++) {
        if (!s.droid.moving && mover_remaining(&s.droid) == 0) {
            SimCmd c = {SIM_CMD_GOTO, 0, 0};
            TilePos goal = next_goal(&s, &seed, start, near);
            c.x = goal.x;
            c.y = goal.y;
            sim_command(&s, &c);
        }
        double a = now_us();
        sim_tick(&s);
        times[t] = now_us() - a;
        if (s.status == SIM_LOST) {
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
    double total = 0;
    for (long t = 0; t < ticks; t++)
        total += times[t];
    qsort(times, (size_t)ticks, sizeof *times, by_value);
    printf("%s: %dx%d, %d sentries, set-up %.1f ms\n", argv[2], s.w, s.h, s.sentries.count, setup / 1000.0);
    printf("chasers: mean %.1f, most %d; ticks ending in a catch %ld (play went on)\n", (double)chasing / (double)ticks, most,
           catches);
    printf("%ld ticks: median %.1f us, 95th percentile %.1f us, worst %.1f us, mean %.1f us\n", ticks,
           times[ticks / 2], times[(ticks * 95) / 100], times[ticks - 1], total / (double)ticks);
    free(times);
    sim_deinit(&s);
    level_free(&l);
    return 0;
}
