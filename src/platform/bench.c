/* SPDX-License-Identifier: MIT */
/* bench.c - frame timing: --bench-frames (N frames drawn, the median and the
 * 95th percentile) and --frame-stats (every frame of a run, the longest and
 * the script line before it). */
#include <stdio.h>
#include <stdlib.h>

#include "app.h"
#include "buf.h"

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_frames(App *app)
{
    long n = app->opt.bench_frames;
    double *ms = malloc((size_t)n * sizeof *ms), *sim = malloc((size_t)n * sizeof *sim);
    if (!ms || !sim) {
        free(ms);
        free(sim);
        fprintf(stderr, "isodroid: out of memory for %ld frame times\n", n);
        return;
    }
    Game *g = &app->shell.game;
    if (app->opt.bench_zoom > 0) { /* the middle of the level, where the screen is full of it */
        SceneFrame f = game_scene_frame(g);
        game_look_at_tile(g, nav_pos(f.w / 2, f.h / 2));
        game_zoom_at(g, (ScreenPos){f.screen_w * 0.5, f.screen_h * 0.5}, app->opt.bench_zoom / f.view.zoom);
    }
    Uint64 freq = SDL_GetPerformanceFrequency();
    for (long i = 0; i < n; i++) {
        Uint64 t0 = SDL_GetPerformanceCounter();
        game_update(&app->shell.game);
        Uint64 t1 = SDL_GetPerformanceCounter();
        draw(app);
        ms[i] = (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)freq;
        sim[i] = (double)(t1 - t0) * 1000.0 / (double)freq;
    }
    qsort(ms, (size_t)n, sizeof *ms, compare_doubles);
    qsort(sim, (size_t)n, sizeof *sim, compare_doubles);
    long p95 = (long)(n * 0.95) < n ? (long)(n * 0.95) : n - 1;
    printf("%s: %ld frames at %dx%d: median %.2f ms, p95 %.2f ms (zoom %.2f); the rules alone: median %.3f ms, "
           "p95 %.3f ms a tick\n",
           game_scene(g)->path, n, app->opt.w, app->opt.h, ms[n / 2], ms[p95], game_scene_frame(g).view.zoom,
           sim[n / 2], sim[p95]);
    free(ms);
    free(sim);
}

void frame_stats_add(FrameStats *f, double ms, int line, int cmd)
{
    if (f->after && cmd >= 0 && ms > f->after[cmd])
        f->after[cmd] = ms;
    size_t cap = f->cap > 0 ? (size_t)f->cap : 0;
    if (!buf_room(&f->ms, &cap, sizeof *f->ms, (size_t)f->count + 1, 1024, LONG_MAX))
        return;
    f->cap = (long)cap;
    if (ms > f->longest) {
        f->longest = ms;
        f->longest_frame = f->count;
        f->longest_line = line;
    }
    f->ms[f->count++] = ms;
}

void frame_stats_print(FrameStats *f, const Script *s)
{
    if (f->count == 0)
        return;
    qsort(f->ms, (size_t)f->count, sizeof *f->ms, compare_doubles);
    fprintf(stderr, "frames: %ld, median %.2f ms, longest %.2f ms (frame %ld", f->count, f->ms[f->count / 2],
            f->longest, f->longest_frame);
    if (f->longest_line > 0)
        fprintf(stderr, ", after %s:%d", s->file, f->longest_line);
    fprintf(stderr, ")\n");
    for (int i = 0; f->after && i < s->count; i++)
        if (s->cmd[i].op != SCRIPT_WAIT)
            fprintf(stderr, "  %s:%d: longest frame after it %.2f ms\n", s->file, s->cmd[i].line, f->after[i]);
    free(f->ms);
    free(f->after);
}
