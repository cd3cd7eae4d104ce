/* SPDX-License-Identifier: MIT */
/* app_front.c - the screens around the play (front.h: title, level select,
 * settings, keys, generated levels made on a thread, ending) and the pause
 * panel with its quit question: their input glue, the settings kept in the
 * settings file, and every reason the play stands paused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "fileio.h"
#include "gen.h"

void settings_keep(App *app)
{
    if (app->settings_path && !settings_save(&app->settings, app->settings_path))
        game_say(&app->game, 8.0, "%s", app->settings.error);
}

/* What the settings say, made so: the volumes, the text size, fullscreen. */
void settings_apply(App *app)
{
    const Settings *set = &app->settings;
    sound_set_volume(app->sound, set->master_volume, set->effects_volume, set->music_volume);
    app->game.text_size = set->text_size;
    if (app->window && set->fullscreen != is_fullscreen(app))
        toggle_fullscreen(app);
}

/* A volume a step of 10 up or down, within 0..100. */
static int volume_step(int v, int delta)
{
    v += 10 * delta;
    return v < 0 ? 0 : v > SETTINGS_VOLUME_MAX ? SETTINGS_VOLUME_MAX : v;
}

/* Setting `item` of the settings screen changed by delta (-1 or +1). */
static void settings_change(App *app, int item, int delta)
{
    Settings *set = &app->settings;
    switch (item) {
    case FRONT_SET_MASTER: set->master_volume = volume_step(set->master_volume, delta); break;
    case FRONT_SET_EFFECTS: set->effects_volume = volume_step(set->effects_volume, delta); break;
    case FRONT_SET_MUSIC: set->music_volume = volume_step(set->music_volume, delta); break;
    case FRONT_SET_FULLSCREEN:
        set->fullscreen = !set->fullscreen;
        break;
    case FRONT_SET_MINIMAP:
        set->minimap = !set->minimap;
        break;
    case FRONT_SET_COLOURS:
        set->colour_blind = !set->colour_blind;
        break;
    case FRONT_SET_TEXT: {
        int t = set->text_size + 10 * delta;
        set->text_size = t < SETTINGS_TEXT_MIN ? SETTINGS_TEXT_MIN : t > SETTINGS_TEXT_MAX ? SETTINGS_TEXT_MAX : t;
        break;
    }
    default:
        return;
    }
    game_trace(&app->game, "setting %d master %d effects %d music %d fullscreen %d minimap %d text %d colours %s", item,
               set->master_volume, set->effects_volume, set->music_volume, set->fullscreen, set->minimap, set->text_size,
               set->colour_blind ? "colour-blind" : "standard");
    settings_apply(app);
    settings_keep(app);
}

/* The window's size as the player left it (not while fullscreen). */
void settings_note_window(App *app)
{
    if (!app->window || is_fullscreen(app))
        return;
    int w, h;
    SDL_GetWindowSize(app->window, &w, &h);
    if (w >= SETTINGS_WINDOW_MIN && h >= SETTINGS_WINDOW_MIN) {
        app->settings.window_w = w;
        app->settings.window_h = h;
    }
}

void request_quit(App *app)
{
    if (game_request_quit(&app->game))
        app->quit = true;
}

/* Every reason the play stands, as it is now: the help, a panel or
 * question open, the window in the background (the player's own pause,
 * Space, is toggled where it is asked for). */
void sync_pause(App *app)
{
    Game *g = &app->game;
    const struct {
        unsigned why;
        bool on;
    } now[] = {
        {GAME_PAUSE_HELP, g->show_help},
        {GAME_PAUSE_MENU, app->menu != MENU_NONE || g->ask != GAME_ASK_NONE || app->front.screen != FRONT_PLAY},
        {GAME_PAUSE_FOCUS, app->focus_lost || app->minimized},
    };
    for (size_t i = 0; i < sizeof now / sizeof now[0]; i++)
        if (((g->pause & now[i].why) != 0) != now[i].on)
            game_set_pause(g, now[i].why, now[i].on);
}

/* A fresh start (restart, another level) is not paused by the player. */
void unpause_player(App *app)
{
    if (app->game.pause & GAME_PAUSE_PLAYER)
        game_set_pause(&app->game, GAME_PAUSE_PLAYER, false);
}

void open_menu(App *app, MenuKind m)
{
    app->menu = m;
    app->menu_sel = 0;
    sync_pause(app);
}

/* ---- the title, the level select and the ending (front.h) ---- */

/* Shows screen s (FRONT_PLAY: the play), traced "screen NAME"; the title,
 * the level select and the ending list the levels with the progress as it
 * is (a file changed since it was read is read again, app_scan.c). */
void set_screen(App *app, FrontScreen s)
{
    Game *g = &app->game;
    if (s == FRONT_TITLE || s == FRONT_LEVELS || s == FRONT_ENDING)
        scan_levels(app);
    front_open(&app->front, s);
    app->menu = MENU_NONE;
    g->show_help = false;
    release_held(app, true);
    sync_pause(app);
}

/* The screen shown now, by name: a screen of the title, else the pause
 * panel, the result panel, or the play. */
static const char *screen_now(const App *app)
{
    if (app->front.screen != FRONT_PLAY)
        return front_screen_name(app->front.screen);
    if (app->game.ask != GAME_ASK_NONE)
        return "unsaved"; /* the unsaved edits: save, discard, go back */
    if (app->menu == MENU_QUIT)
        return "question"; /* Quit? (or leave the level?) Yes / No */
    if (app->menu != MENU_NONE)
        return "pause";
    return game_screen_name(&app->game);
}

/* --trace: "screen NAME" each time the screen shown changes (looked at once a frame). */
void trace_screen(App *app)
{
    const char *now = screen_now(app);
    if (!app->screen_traced || strcmp(now, app->screen_traced))
        game_trace(&app->game, "screen %s", now);
    app->screen_traced = now;
}

/* Plays level i of the level select (the campaign's, the extras', then the player's own) from its start. */
static void play_level(App *app, int i)
{
    Game *g = &app->game;
    char path[4096];
    int c = app->front.campaign, e = app->front.extras;
    const LevelSet *set = i < c ? &g->levels : i < c + e ? &app->extras : &app->own;
    if (!levelset_path(set, i < c ? i : i < c + e ? i - c : i - c - e, path, sizeof path) ||
        !game_open(g, path)) /* opened afresh, welcomed (the one shown behind the title too) */
        return;              /* game_open said why */
    unpause_player(app);
    set_screen(app, FRONT_PLAY);
}

static void gen_start(App *app); /* below: generated levels */
static void gen_cancel(App *app);

void front_do(App *app, FrontInput in)
{
    int index = 0;
    FrontScreen was = app->front.screen;
    FrontChoice c = front_input(&app->front, in, &index);
    if (c == FRONT_PLAY_LEVEL)
        play_level(app, index);
    else if (c == FRONT_QUIT)
        request_quit(app);
    else if (c == FRONT_CHANGE)
        settings_change(app, index, app->front.delta);
    else if (c == FRONT_GENERATE)
        gen_start(app);
    else if (c == FRONT_CANCEL_GENERATE)
        gen_cancel(app);
    else if (app->front.screen != was)
        sync_pause(app);
}

/* --trace: what the Keys screen's note says now ("key-note TEXT"). */
static void trace_key_note(const App *app)
{
    game_trace(&app->game, "key-note %s", app->front.key_note);
}

/* The keys' screen waits for a key: it becomes the action's (Esc: no change). */
static void rebind_key(App *app, SDL_Keycode k, Uint16 mod)
{
    Front *f = &app->front;
    f->capturing = false;
    BindAction a = (BindAction)f->key_action[f->sel];
    if (k == SDLK_ESCAPE) {
        snprintf(f->key_note, sizeof f->key_note, "Kept as it was.");
        return;
    }
    char chord[BIND_NAME_MAX], err[120];
    const char *keys[1] = {bindings_chord(SDL_GetKeyName(k), key_mods(mod), chord, sizeof chord)};
    BindAction other = BIND_NONE;
    bool had[BIND_COUNT]; /* which actions of the list had a key before */
    for (int i = 0; i < f->key_count; i++)
        had[i] = bindings_key_count(&app->settings, (BindAction)f->key_action[i]) > 0;
    if (!keys[0] || !bindings_set(&app->settings, a, keys, 1, &other, err, sizeof err)) {
        snprintf(f->key_note, sizeof f->key_note, "Not changed: %s", keys[0] ? err : "no such key");
        trace_key_note(app);
        return;
    }
    BindAction lost = BIND_NONE; /* an action the key was taken from, left with none */
    for (int i = 0; i < f->key_count && lost == BIND_NONE; i++)
        if (had[i] && f->key_action[i] != (int)a && bindings_key_count(&app->settings, (BindAction)f->key_action[i]) == 0)
            lost = (BindAction)f->key_action[i];
    if (lost != BIND_NONE)
        snprintf(f->key_note, sizeof f->key_note, "%s: %s.  \"%s\" has no key now: choose it to give it one, or "
                 "Delete for its own", bindings_info(a)->label, chord, bindings_info(lost)->label);
    else
        snprintf(f->key_note, sizeof f->key_note, "%s: %s", bindings_info(a)->label, chord);
    game_trace(&app->game, "key %s %s", bindings_info(a)->name, chord);
    trace_key_note(app);
    settings_keep(app);
}

/* A key on a screen around play: the Keys screen's capture and Delete,
 * the seed's digits, else the binding table's action. */
void front_key(App *app, SDL_Keycode k, Uint16 mod)
{
    if (app->front.capturing) {
        rebind_key(app, k, mod);
        return;
    }
    if (app->front.screen == FRONT_KEYS && k == SDLK_DELETE) {
        int index = 0;
        if (front_input(&app->front, FRONT_LEFT, &index) == FRONT_RESET_KEYS) {
            BindAction a = (BindAction)app->front.key_action[index];
            bindings_reset(&app->settings, a);
            snprintf(app->front.key_note, sizeof app->front.key_note, "%s: back to its keys", bindings_info(a)->label);
            trace_key_note(app);
            settings_keep(app);
        }
        return;
    }
    if ((k >= SDLK_0 && k <= SDLK_9 && front_type_digit(&app->front, (int)(k - SDLK_0))) ||
        (k >= SDLK_KP_1 && k <= SDLK_KP_0 && app->front.screen == FRONT_GENERATED &&
         front_type_digit(&app->front, k == SDLK_KP_0 ? 0 : (int)(k - SDLK_KP_1) + 1)) ||
        (k == SDLK_BACKSPACE && front_type_digit(&app->front, -1)))
        return;
    /* the binding table's keys: a panel's, else the play's (its steps, pans
     * and zooms move the choice and change a value, as they move the view) */
    BindAction a = key_action_in(app, k, mod, BIND_IN_MENU);
    if (a == BIND_NONE)
        a = key_action_in(app, k, mod, BIND_IN_PLAY);
    switch (a) {
    case BIND_STEP_UP:
    case BIND_PAN_UP: front_input(&app->front, FRONT_UP, NULL); break;
    case BIND_STEP_DOWN:
    case BIND_PAN_DOWN:
    case BIND_MENU_NEXT: front_input(&app->front, FRONT_DOWN, NULL); break;
    case BIND_STEP_LEFT:
    case BIND_PAN_LEFT:
    case BIND_ZOOM_OUT: front_do(app, FRONT_LEFT); break;
    case BIND_STEP_RIGHT:
    case BIND_PAN_RIGHT:
    case BIND_ZOOM_IN: front_do(app, FRONT_RIGHT); break;
    case BIND_CONFIRM:
    case BIND_PAUSE: front_do(app, FRONT_CONFIRM); break;
    case BIND_BACK:
    case BIND_REWIND: front_do(app, FRONT_BACK); break;
    default: break;
    }
}

/* ---- generated levels (gen.h), made on a thread of their own ---- */

/* The thread writes result and then done; the main thread reads result
 * only after done is set and the thread joined. cancel is the other way:
 * the main thread sets it, gen_level (on the thread) reads it. */
typedef struct GenJob {
    GenOptions opt;     /* opt.cancel points at cancel */
    GenResult result;
    SDL_Thread *thread; /* NULL: made at once */
    SDL_atomic_t done;
    atomic_int cancel;  /* set: gen_level returns GEN_CANCELLED within a slice of its work */
} GenJob;

static int gen_job_run(void *data)
{
    GenJob *j = data;
    gen_level(&j->opt, &j->result);
    SDL_AtomicSet(&j->done, 1);
    return 0;
}

/* Where a generated level's file goes: beside the progress file
 * (generated/seed-N-dD.txt), else in the temporary folder. malloc'd. */
static char *gen_file(const App *app, uint64_t seed, int difficulty)
{
    const char *progress = app->game.progress.path, *tmp = getenv("TMPDIR");
    char name[96];
    snprintf(name, sizeof name, "seed-%llu-d%d.txt", (unsigned long long)seed, difficulty);
    size_t n = (progress ? strlen(progress) : strlen(tmp ? tmp : "/tmp")) + sizeof "/generated/" + sizeof name;
    char *path = malloc(n);
    if (!path)
        return NULL;
    if (progress) {
        const char *slash = strrchr(progress, '/');
        int dir = slash ? (int)(slash - progress) : 1;
        snprintf(path, n, "%.*s/generated/%s", dir, slash ? progress : ".", name);
    } else {
        snprintf(path, n, "%s/isodroid-generated/%s", tmp ? tmp : "/tmp", name);
    }
    return path;
}

/* Starts making the level Front asks for: on a thread when the game keeps
 * real time, at once in a headless script (the same every run). */
static void gen_start(App *app)
{
    if (app->gen)
        return;
    GenJob *j = calloc(1, sizeof *j);
    if (!j)
        return;
    j->opt = gen_options_default(app->front.gen_seed);
    j->opt.difficulty = app->front.gen_difficulty;
    atomic_init(&j->cancel, 0);
    j->opt.cancel = &j->cancel;
    app->gen = j;
    app->front.generating = true;
    game_trace(&app->game, "generating %llu %d", app->front.gen_seed, j->opt.difficulty);
    if (!app->opt.headless || app->opt.frame_stats)
        j->thread = SDL_CreateThread(gen_job_run, "level-gen", j);
    if (!j->thread)
        gen_job_run(j);
}

/* Once the level is made: written to its file and played. */
void gen_poll(App *app)
{
    GenJob *j = app->gen;
    if (!j || !SDL_AtomicGet(&j->done))
        return;
    if (j->thread)
        SDL_WaitThread(j->thread, NULL);
    app->gen = NULL;
    app->front.generating = false;
    Game *g = &app->game;
    char err[300] = "";
    char *path = j->result.status == GEN_OK ? gen_file(app, j->opt.seed, j->opt.difficulty) : NULL;
    if (j->result.status != GEN_OK)
        snprintf(err, sizeof err, "no level made from seed %llu: %s", (unsigned long long)j->opt.seed,
                 gen_status_name(j->result.status));
    else if (!path || !fileio_make_dirs_for(path) ||
             !fileio_write_atomic(path, j->result.text, j->result.len, err, sizeof err))
        snprintf(err + strlen(err), sizeof err - strlen(err), "%s(cannot write %s)", err[0] ? " " : "",
                 path ? path : "the level");
    else if (game_open(g, path))
        set_screen(app, FRONT_PLAY);
    if (err[0])
        game_say(g, 10.0, "%s", err);
    free(path);
    gen_result_free(&j->result);
    free(j);
}

/* Stops making the level (its thread told to stop, then joined: it
 * answers within a slice of its work, docs/performance.md, "Cancelling a
 * generated level") and forgets it; traced, and timed on stderr with
 * --frame-stats. Nothing when none is made. */
static void gen_stop(App *app)
{
    GenJob *j = app->gen;
    if (!j)
        return;
    Uint64 asked = SDL_GetPerformanceCounter();
    atomic_store(&j->cancel, 1);
    if (j->thread)
        SDL_WaitThread(j->thread, NULL);
    if (app->opt.frame_stats) /* measured: docs/performance.md */
        fprintf(stderr, "level generation stopped: %.2f ms from the flag to its thread's end\n",
                (double)(SDL_GetPerformanceCounter() - asked) * 1000.0 / (double)SDL_GetPerformanceFrequency());
    game_trace(&app->game, "generating cancelled");
    gen_result_free(&j->result);
    free(j);
    app->gen = NULL;
    app->front.generating = false;
}

/* Back while the level is made: no level, the screen as it was, saying so. */
static void gen_cancel(App *app)
{
    gen_stop(app);
    app->front.gen_cancelled = true;
}

void gen_free(App *app)
{
    gen_stop(app); /* quitting while a level is made */
}

/* Each frame: the ending, once the player went on after the campaign's last win. */
void ending_poll(App *app)
{
    if (!app->game.ending_due)
        return;
    app->game.ending_due = false;
    set_screen(app, FRONT_ENDING);
}

/* An item of the open panel chosen (Enter, its key or a click). */
void menu_choose(App *app, int item)
{
    Game *g = &app->game;
    if (app->menu == MENU_QUIT) {
        if (item == MENU_YES && app->game.campaign)
            set_screen(app, FRONT_TITLE); /* the level left, back to the title */
        else if (item == MENU_YES)
            request_quit(app);
        else
            open_menu(app, MENU_PAUSE);
        return;
    }
    switch (item) {
    case MENU_RESUME:
        app->menu = MENU_NONE;
        break;
    case MENU_RESTART:
        app->menu = MENU_NONE;
        unpause_player(app);
        game_restart(g);
        break;
    case MENU_LEVELS:
        if (game_request_quit(g)) { /* unsaved edits ask first */
            app->game.campaign = true;
            set_screen(app, FRONT_LEVELS);
        } else {
            app->menu = MENU_NONE;
        }
        break;
    case MENU_SETTINGS:
        set_screen(app, FRONT_SETTINGS);
        app->front.back = FRONT_PLAY; /* Esc: back to the play */
        break;
    case MENU_LEAVE:
        if (game_dirty(g)) { /* unsaved edits have their own question */
            app->menu = MENU_NONE;
            app->leave_to_title = app->game.campaign;
            request_quit(app);
        } else if (app->game.campaign && (g->editing || g->sim.state.status != SIM_PLAYING)) {
            set_screen(app, FRONT_TITLE); /* nothing of the level is lost: no question */
        } else {
            open_menu(app, MENU_QUIT); /* asks once: quit Isodroid, or leave the level mid-play */
        }
        break;
    default:
        break;
    }
    sync_pause(app);
}

/* A key while the pause panel or the quit question is open (the binding table's panel keys). */
void menu_key(App *app, SDL_Keycode k, Uint16 mod)
{
    int items = app->menu == MENU_QUIT ? MENU_QUIT_ITEMS : MENU_PAUSE_ITEMS;
    BindAction a = key_action_in(app, k, mod, BIND_IN_MENU);
    if (app->menu == MENU_QUIT) {
        if (a == BIND_YES)
            menu_choose(app, MENU_YES);
        else if (a == BIND_BACK || a == BIND_NO)
            menu_choose(app, MENU_NO);
        else if (a == BIND_CONFIRM)
            menu_choose(app, app->menu_sel);
    } else if (a == BIND_BACK || a == BIND_PAUSE) {
        menu_choose(app, MENU_RESUME);
    } else if (a == BIND_RESTART) {
        menu_choose(app, MENU_RESTART);
    } else if (a == BIND_QUIT) {
        menu_choose(app, MENU_LEAVE);
    } else if (a == BIND_LEVELS) {
        menu_choose(app, MENU_LEVELS);
    } else if (a == BIND_CONFIRM) {
        menu_choose(app, app->menu_sel);
    }
    if (a == BIND_STEP_UP || a == BIND_PAN_UP)
        app->menu_sel = (app->menu_sel + items - 1) % items;
    else if (a == BIND_STEP_DOWN || a == BIND_PAN_DOWN || a == BIND_MENU_NEXT)
        app->menu_sel = (app->menu_sel + 1) % items;
}
