/* SPDX-License-Identifier: MIT */
/* isodroid - the game: main and the frame loop. main reads the command line
 * (src/game/args.c), opens the App (app_open.c), plays and closes it; the loop runs a
 * fixed timestep: the input of the frame (SDL's events, or a --script's
 * commands, script_run.c), the ticks due (a --replay's inputs fed at their
 * ticks), the sounds of what happened, and the frame drawn (display.c).
 * The rules live in src/game and the drawing in render*.c; app.h lists
 * the files between, and the exit codes. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "i18n.h"

/* The scene's sound cues of the last frames and the play's mood to the
 * music (calm on the front screens); the no-audio notice once. */
static void play_sounds(App *app)
{
    Game *g = &app->shell.game;
    const Scene *sc = game_scene(g);
    sound_play_cues(app->sound, sc->cues, sc->cue_count);
    game_scene_cues_played(g);
    sound_set_mood(app->sound, shell_on_front(&app->shell) ? MOOD_CALM : sc->mood);
    /* said once, after the level's own message, which matters more */
    if (!app->said_sound && sound_status(app->sound)[0] && !app->opt.headless && sc->message_left <= 0) {
        game_say(g, 6.0, "%s", sound_status(app->sound));
        app->said_sound = true;
    }
}

/* SIGTERM, SIGINT or SIGHUP in a run without a window: it stops at the next
 * frame (the recording ended and closed) and exits 128 + the signal. */
static volatile sig_atomic_t stop_signal;

static void on_stop_signal(int sig)
{
    stop_signal = sig;
}

static void catch_stop_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}

/* The frame loop's state between frames. */
typedef struct Loop {
    Script script;          /* --script, or none (count 0) */
    long wait_frames;       /* frames until the script's next command */
    FrameStats stats;       /* --frame-stats */
    int stats_line, stats_cmd; /* the script command the frame followed (0, -1: none) */
    Uint64 freq, last;      /* the performance counter's rate, and the last frame's start */
    double acc;             /* real time not yet stepped, seconds */
    int rc;                 /* the exit code */
} Loop;

/* The script's commands up to its next wait; false after a script error. */
static bool loop_script(App *app, Loop *l)
{
    if ((l->wait_frames = script_step(app, &l->script)) == SCRIPT_FAILED) {
        l->rc = EXIT_SCRIPT;
        return false;
    }
    for (l->stats_cmd = l->script.next - 1; l->stats_cmd >= 0 && l->script.cmd[l->stats_cmd].op == SCRIPT_WAIT;)
        l->stats_cmd--;
    l->stats_line = l->stats_cmd >= 0 ? l->script.cmd[l->stats_cmd].line : 0;
    return true;
}

/* The ticks due this frame: headless runs step once a frame; a window keeps real time. */
static int loop_steps_due(App *app, Loop *l)
{
    if (app->opt.headless) {
        app->fps = 60;
        return 1;
    }
    Uint64 now = SDL_GetPerformanceCounter();
    double dt = (double)(now - l->last) / (double)l->freq;
    l->last = now;
    app->fps = app->fps * 0.9 + (dt > 0 ? 0.1 / dt : 0);
    l->acc += dt > 0.25 ? 0.25 : dt;
    int steps = (int)(l->acc / STEP);
    l->acc -= steps * STEP;
    return steps;
}

/* Steps the game `steps` ticks, a replay's inputs fed at theirs. */
static void loop_ticks(App *app, Loop *l, int steps)
{
    for (int i = 0; i < steps && !app->shell.quit; i++) {
        GameReplayFeed fed = shell_replay_feed(&app->shell, &app->replay, app->opt.replay, stderr);
        if (fed == GAME_FEED_FAILED) {
            l->rc = 1;
            app->shell.quit = true;
            break;
        }
        if (fed == GAME_FEED_ENDED) {
            if (app->opt.headless && l->script.count == 0)
                app->shell.quit = true;
            else
                game_say(&app->shell.game, 4.0, "The recording has ended: your turn.");
            break;
        }
        shell_tick(&app->shell);
        if (l->wait_frames > 0)
            l->wait_frames--;
    }
}

/* The game loop; returns the exit code (EXIT_SCRIPT after a script error). */
static int run(App *app)
{
    Loop l = {0};
    l.stats_cmd = -1;
    if (app->opt.script && !script_ready(app->opt.script, &l.script))
        return EXIT_SCRIPT;
    l.freq = SDL_GetPerformanceFrequency();
    l.last = SDL_GetPerformanceCounter();
    bool scripted = l.script.count > 0;
    if (app->opt.frame_stats && scripted)
        l.stats.after = calloc((size_t)l.script.count, sizeof *l.stats.after);
    while (!app->shell.quit) {
        Uint64 frame_start = SDL_GetPerformanceCounter();
        if (stop_signal) {
            l.rc = 128 + stop_signal;
            break;
        }
        if (!app->opt.headless)
            pump_events(app);
        shell_frame(&app->shell); /* a level made, files read, the ending, the screen traced */
        if (scripted && l.wait_frames == 0 && !app->shell.quit && !loop_script(app, &l))
            break;
        if (app->shell.quit)
            break;
        int steps = loop_steps_due(app, &l);
        shell_sync_pause(&app->shell); /* a question the game opened itself, the help closed by a script */
        loop_ticks(app, &l, steps);
        play_sounds(app);
        bool minimized = app->window && (SDL_GetWindowFlags(app->window) & SDL_WINDOW_MINIMIZED);
        if (minimized)
            SDL_Delay(50);
        else if (!app->opt.headless || app->opt.frame_stats)
            draw(app);
        if (app->opt.frame_stats)
            frame_stats_add(&l.stats, (double)(SDL_GetPerformanceCounter() - frame_start) * 1000.0 / (double)l.freq,
                            l.stats_line, l.stats_cmd);
    }
    if (app->opt.frame_stats)
        frame_stats_print(&l.stats, &l.script);
    script_free(&l.script);
    return l.rc;
}

/* The opened game played: benchmarked or run; the recording ended and the
 * state's hash traced. Returns the exit code. */
static int play(App *app)
{
    int rc = 0;
    if (app->opt.bench_frames)
        bench_frames(app);
    else
        rc = run(app);
    shell_end(&app->shell, !app->opt.bench_frames); /* the recording's end, the trace's state line */
    return rc;
}

/* What went to stdout (--trace, --frame-stats, --bench-frames, --help),
 * all of it written? rc, or 1 when it was 0 and stdout failed (a full disk,
 * a closed stdout), said on stderr: a trace lost is never a success. */
static int stdout_finished(int rc)
{
    errno = 0;
    int errnum = fflush(stdout) != 0 ? errno : 0;
    if (!errnum && !ferror(stdout))
        return rc;
    if (!errnum) { /* a line written earlier failed (the trace flushes each line): ask again, for why */
        clearerr(stdout);
        errno = 0;
        if (fputc('\n', stdout) == EOF || fflush(stdout) != 0)
            errnum = errno;
    }
    fprintf(stderr, "isodroid: cannot write to stdout%s%s\n", errnum ? ": " : "", errnum ? strerror(errnum) : "");
    return rc ? rc : 1;
}

int main(int argc, char **argv)
{
    App app;
    memset(&app, 0, sizeof app);
    i18n_start(argv[0]);
    int rc = args_parse(argc, argv, &app.opt);
    if (rc >= 0)
        return stdout_finished(rc);
    if (!datadir_find(app.opt.data, app.data_dir, sizeof app.data_dir) || !app_read_replay(&app))
        return 1;
    char *level = args_level(app.opt.level, app.data_dir);
    if (!level) {
        replay_free(&app.replay);
        return 1;
    }
    app_read_settings(&app);
    int window_w = app.shell.settings.window_w, window_h = app.shell.settings.window_h;
    if (!sdl_start(app.opt.headless)) {
        free(level);
        return 1;
    }
    FILE *record = NULL; /* --record: owned here; the game writes to it (shell_begin) */
    if (app.opt.record && !(record = open_record(app.opt.record, level))) {
        sdl_stop();
        free(level);
        replay_free(&app.replay);
        return 1;
    }
    if (app.opt.headless)
        catch_stop_signals();
    rc = 1;
    if (app_open(&app, level)) {
        app_begin(&app, record);
        rc = play(&app);
    }
    if (record && fclose(record) != 0) {
        fprintf(stderr, "isodroid: the recording %s was not written completely\n", app.opt.record);
        rc = rc ? rc : 1;
    }
    note_window(&app); /* the window's size as the player left it, kept */
    if (app.shell.settings.window_w != window_w || app.shell.settings.window_h != window_h)
        shell_settings_keep(&app.shell);
    app_close(&app);
    sdl_stop();
    free(level);
    return stdout_finished(rc);
}
