/* SPDX-License-Identifier: MIT */
/* test_shell.c - the shell (src/game/shell.h) driven by abstract events on
 * the null platform, with no SDL linked: the title, the level select, play,
 * the pause panel, its quit question and back to the title; the settings'
 * arrows; a key rebound on the keys' screen; the help over the play; the
 * game's unsaved-edits question on top of the stack; clicks answered by a
 * platform table's hit-tests. Each step checks the
 * mode stack and the --trace lines it wrote. */
#include "testlib.h"

#include "shell.h"

typedef struct Fixture {
    char dir[64];
    Shell sh;
    char *trace;    /* open_memstream's buffer */
    size_t trace_len;
    size_t seen;    /* the trace read so far (expect_trace) */
} Fixture;

static void write_level(const char *dir, const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static int setup(void **state)
{
    Fixture *fx = calloc(1, sizeof *fx);
    if (!fx)
        return -1;
    snprintf(fx->dir, sizeof fx->dir, "/tmp/isodroid-shell-XXXXXX");
    if (!mkdtemp(fx->dir))
        return -1;
    write_level(fx->dir, "01_first.txt", "name: First\n######\n#@..>#\n######\n");
    write_level(fx->dir, "02_second.txt", "name: Second\n######\n#>..@#\n######\n");
    char first[128];
    snprintf(first, sizeof first, "%s/01_first.txt", fx->dir);
    NavDiags d;
    nav_diag_clear(&d);
    if (!game_init(&fx->sh.game, first, 1280, 720, &d))
        return -1;
    shell_init(&fx->sh, shell_platform_null());
    settings_default(&fx->sh.settings); /* settings_path NULL: never written */
    fx->sh.game.trace = open_memstream(&fx->trace, &fx->trace_len);
    fx->sh.game.campaign = true;
    shell_start_campaign(&fx->sh, 20240101);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    Fixture *fx = *state;
    fclose(fx->sh.game.trace);
    fx->sh.game.trace = NULL;
    shell_deinit(&fx->sh);
    free(fx->trace);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", fx->dir);
    int rc = system(cmd);
    free(fx);
    return rc == 0 ? 0 : -1;
}

static void key(Fixture *fx, const char *name)
{
    shell_event(&fx->sh, &(ShellEvent){.kind = SHELL_EV_KEY_DOWN, .key = name});
    shell_event(&fx->sh, &(ShellEvent){.kind = SHELL_EV_KEY_UP, .key = name});
}

static void action(Fixture *fx, BindAction a)
{
    shell_event(&fx->sh, &(ShellEvent){.kind = SHELL_EV_ACTION_DOWN, .action = a});
    shell_event(&fx->sh, &(ShellEvent){.kind = SHELL_EV_ACTION_UP, .action = a});
}

/* The stack is exactly these modes, bottom first (SHELL_MODES ends the list). */
static void expect_stack(const Shell *sh, ...)
{
    va_list ap;
    va_start(ap, sh);
    int n = 0;
    for (int m; (m = va_arg(ap, int)) != SHELL_MODES; n++) {
        assert_true(n < sh->depth);
        assert_int_equal(sh->stack[n], m);
    }
    va_end(ap);
    assert_int_equal(sh->depth, n);
}

/* The trace written since the last look holds line (a whole line). */
static void expect_trace(Fixture *fx, const char *line)
{
    fflush(fx->sh.game.trace);
    char want[200];
    snprintf(want, sizeof want, "%s\n", line);
    const char *at = strstr(fx->trace + fx->seen, want);
    if (!at)
        fail_msg("no \"%s\" in the trace since the last look:\n%s", line, fx->trace + fx->seen);
    fx->seen = (size_t)(at - fx->trace) + strlen(want);
}

static void test_title_to_play_and_back(void **state)
{
    Fixture *fx = *state;
    Shell *sh = &fx->sh;
    expect_stack(sh, SHELL_PLAY, SHELL_TITLE, SHELL_MODES);
    assert_int_equal(sh->front.count, 2); /* the folder's levels, read at once (no threads) */
    key(fx, "Down");
    key(fx, "Return"); /* Levels */
    expect_stack(sh, SHELL_PLAY, SHELL_LEVELS, SHELL_MODES);
    expect_trace(fx, "screen levels");
    assert_true(game_paused(&sh->game)); /* the screens stand the play */
    key(fx, "Return"); /* the first level not won */
    expect_stack(sh, SHELL_PLAY, SHELL_MODES);
    expect_trace(fx, "screen play");
    assert_false(game_paused(&sh->game));
    key(fx, "Escape"); /* the pause panel */
    expect_stack(sh, SHELL_PLAY, SHELL_PAUSE, SHELL_MODES);
    expect_trace(fx, "screen pause");
    assert_int_equal(shell_menu(sh), MENU_PAUSE);
    /* a click where the null platform has no panel item: the panel keeps it, nothing happens */
    shell_event(sh, &(ShellEvent){.kind = SHELL_EV_POINTER_DOWN, .x = 640, .y = 360, .button = SHELL_BUTTON_LEFT});
    expect_stack(sh, SHELL_PLAY, SHELL_PAUSE, SHELL_MODES);
    key(fx, "Q"); /* asks: leave the level? */
    expect_stack(sh, SHELL_PLAY, SHELL_QUESTION, SHELL_MODES);
    expect_trace(fx, "screen question");
    assert_string_equal(shell_screen_name(sh), "question");
    key(fx, "N"); /* no: back to the panel */
    expect_stack(sh, SHELL_PLAY, SHELL_PAUSE, SHELL_MODES);
    key(fx, "Q");
    key(fx, "Y"); /* yes: the title */
    expect_stack(sh, SHELL_PLAY, SHELL_TITLE, SHELL_MODES);
    expect_trace(fx, "screen title");
    assert_false(sh->quit);
    key(fx, "Escape"); /* Back on the title quits */
    assert_true(sh->quit);
}

static void test_settings_arrows(void **state)
{
    Fixture *fx = *state;
    Shell *sh = &fx->sh;
    for (int i = 0; i < FRONT_TITLE_SETTINGS; i++)
        key(fx, "Down");
    key(fx, "Return");
    expect_stack(sh, SHELL_PLAY, SHELL_SETTINGS, SHELL_MODES);
    expect_trace(fx, "screen settings");
    int master = sh->settings.master_volume;
    key(fx, "Left");
    assert_int_equal(sh->settings.master_volume, master - 10);
    char line[200];
    snprintf(line, sizeof line, "setting 0 master %d effects %d music %d fullscreen 0 minimap 1 text 100 colours standard",
             master - 10, sh->settings.effects_volume, sh->settings.music_volume);
    expect_trace(fx, line);
    action(fx, BIND_STEP_RIGHT); /* an action, no key: the same as Right */
    assert_int_equal(sh->settings.master_volume, master);
    for (int i = FRONT_SET_MASTER; i < FRONT_SET_TEXT; i++)
        shell_event(sh, &(ShellEvent){.kind = SHELL_EV_WHEEL, .wheel = -1}); /* the wheel moves the rows */
    assert_int_equal(sh->front.sel, FRONT_SET_TEXT);
    key(fx, "Right");
    assert_int_equal(sh->settings.text_size, 110);
    assert_int_equal(sh->game.text_size, 110); /* applied to the game */
    key(fx, "Escape");
    expect_stack(sh, SHELL_PLAY, SHELL_TITLE, SHELL_MODES);
    assert_int_equal(sh->front.sel, FRONT_TITLE_SETTINGS);
}

static void test_rebinding(void **state)
{
    Fixture *fx = *state;
    Shell *sh = &fx->sh;
    for (int i = 0; i < FRONT_TITLE_SETTINGS; i++)
        key(fx, "Down");
    key(fx, "Return");
    for (int i = 0; i < FRONT_SET_KEYS; i++)
        key(fx, "Down");
    key(fx, "Return");
    expect_stack(sh, SHELL_PLAY, SHELL_KEYS, SHELL_MODES);
    expect_trace(fx, "screen keys");
    BindAction a = (BindAction)sh->front.key_action[0];
    key(fx, "Return"); /* waits for the key */
    assert_true(sh->front.capturing);
    shell_event(sh, &(ShellEvent){.kind = SHELL_EV_KEY_DOWN, .key = "F7", .mods = BIND_MOD_CTRL});
    assert_false(sh->front.capturing);
    char line[120];
    snprintf(line, sizeof line, "key %s Ctrl+F7", bindings_info(a)->name);
    expect_trace(fx, line);
    assert_true(bindings_key_is(&sh->settings, a, "Ctrl+F7"));
    key(fx, "Delete"); /* back to its own keys */
    assert_false(bindings_key_is(&sh->settings, a, "Ctrl+F7"));
    key(fx, "Escape");
    expect_stack(sh, SHELL_PLAY, SHELL_SETTINGS, SHELL_MODES);
}

static void test_help_and_unsaved_question(void **state)
{
    Fixture *fx = *state;
    Shell *sh = &fx->sh;
    Game *g = &sh->game;
    key(fx, "Return"); /* Start */
    expect_stack(sh, SHELL_PLAY, SHELL_MODES);
    key(fx, "H");
    expect_stack(sh, SHELL_PLAY, SHELL_HELP, SHELL_MODES);
    expect_trace(fx, "help page 1 of 1 cut 0");
    assert_true(g->pause & GAME_PAUSE_HELP);
    key(fx, "Escape"); /* closes the help, not the panel */
    expect_stack(sh, SHELL_PLAY, SHELL_MODES);
    assert_false(game_paused(g));
    /* an edit left unsaved: going to the next level asks first */
    action(fx, BIND_EDITOR);
    assert_true(g->editing);
    game_edit_press(g, nav_pos(2, 1), true);
    game_edit_release(g);
    assert_true(game_dirty(g));
    action(fx, BIND_NEXT_LEVEL);
    expect_stack(sh, SHELL_PLAY, SHELL_UNSAVED, SHELL_MODES);
    expect_trace(fx, "screen unsaved");
    key(fx, "H"); /* the question has every key: no help under it */
    expect_stack(sh, SHELL_PLAY, SHELL_UNSAVED, SHELL_MODES);
    key(fx, "Escape"); /* go back */
    expect_stack(sh, SHELL_PLAY, SHELL_MODES);
    assert_int_equal(g->ask, GAME_ASK_NONE);
    assert_true(g->editing);
}

/* Levels on the pause panel with an edit unsaved: the question first, and
 * Discard goes on to the level select (it used to quit the game). */
static void test_levels_after_unsaved_question(void **state)
{
    Fixture *fx = *state;
    Shell *sh = &fx->sh;
    Game *g = &sh->game;
    key(fx, "Return"); /* Start */
    action(fx, BIND_EDITOR);
    game_edit_press(g, nav_pos(2, 1), true);
    game_edit_release(g);
    assert_true(game_dirty(g));
    key(fx, "Escape"); /* out of the editor, the edit still unsaved */
    assert_false(g->editing);
    assert_true(game_dirty(g));
    key(fx, "Escape"); /* the pause panel */
    expect_stack(sh, SHELL_PLAY, SHELL_PAUSE, SHELL_MODES);
    while (sh->menu_sel != MENU_LEVELS)
        key(fx, "Down");
    key(fx, "Return");
    expect_stack(sh, SHELL_PLAY, SHELL_UNSAVED, SHELL_MODES);
    action(fx, BIND_ASK_DISCARD);
    assert_false(sh->quit);
    assert_int_equal(shell_top(sh), SHELL_LEVELS);
}

/* A platform whose layout has one thing under every point: what the test says. */
typedef struct FakeLayout {
    int row, item, calls;
} FakeLayout;

static int fake_row(void *ctx, int x, int y)
{
    (void)x, (void)y;
    FakeLayout *f = ctx;
    f->calls++;
    return f->row;
}

static int fake_item(void *ctx, int x, int y)
{
    (void)x, (void)y;
    FakeLayout *f = ctx;
    f->calls++;
    return f->item;
}

static void click(Fixture *fx)
{
    shell_event(&fx->sh, &(ShellEvent){.kind = SHELL_EV_POINTER_MOVE, .x = 100, .y = 100});
    shell_event(&fx->sh, &(ShellEvent){.kind = SHELL_EV_POINTER_DOWN, .x = 100, .y = 100, .button = SHELL_BUTTON_LEFT});
    shell_event(&fx->sh, &(ShellEvent){.kind = SHELL_EV_POINTER_UP, .x = 100, .y = 100, .button = SHELL_BUTTON_LEFT});
}

static void test_clicks_through_the_table(void **state)
{
    Fixture *fx = *state;
    Shell *sh = &fx->sh;
    FakeLayout lay = {FRONT_TITLE_LEVELS, MENU_RESUME, 0};
    sh->plat.ctx = &lay;
    sh->plat.front_row = fake_row;
    sh->plat.menu_item = fake_item;
    click(fx); /* the title's Levels row */
    expect_stack(sh, SHELL_PLAY, SHELL_LEVELS, SHELL_MODES);
    lay.row = 1;
    click(fx); /* the second level */
    expect_stack(sh, SHELL_PLAY, SHELL_MODES);
    assert_non_null(strstr(sh->game.path, "02_second.txt"));
    key(fx, "Escape");
    expect_stack(sh, SHELL_PLAY, SHELL_PAUSE, SHELL_MODES);
    int before = lay.calls;
    click(fx); /* the panel's Resume */
    assert_true(lay.calls > before);
    expect_stack(sh, SHELL_PLAY, SHELL_MODES);
    expect_trace(fx, "screen pause");
    expect_trace(fx, "screen play");
    assert_false(game_paused(&sh->game));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_title_to_play_and_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_settings_arrows, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rebinding, setup, teardown),
        cmocka_unit_test_setup_teardown(test_help_and_unsaved_question, setup, teardown),
        cmocka_unit_test_setup_teardown(test_levels_after_unsaved_question, setup, teardown),
        cmocka_unit_test_setup_teardown(test_clicks_through_the_table, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
