/* SPDX-License-Identifier: MIT */
/* test_bindings.c - the one binding table: README.md's control tables are
 * its rows (every row of the table there, with its keys and the start of its
 * text, and nothing else); no two actions of a same place share a default
 * key; every default key is an SDL key name as SDL spells it; chords are
 * spelt one way; a key press finds its action (Shift and Alt dropped when
 * nothing has the chord); the player's keys replace the defaults and take a
 * key from another action's defaults, never from a fixed action, the
 * palette or another player's key. */
#include "testlib.h"

#include <SDL.h>
#include <strings.h>

#include "bindings.h"
#include "settings.h"

/* ---- README.md ------------------------------------------------------------ */

enum { README_ROWS = 128 };

typedef struct ReadmeRow {
    char keys[256], text[1024];
    int line;
} ReadmeRow;

/* Every row of every "| control | action |" table of the README. */
static int readme_rows(ReadmeRow *rows, int max)
{
    const char *path = getenv("README") ? getenv("README") : "README.md";
    char *text = test_read_file(path, NULL);
    if (!text)
        fail_msg("cannot read %s (run from the repository's top folder)", path);
    int n = 0, line_no = 0;
    bool in_table = false;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        line_no++;
        if (!strcmp(line, "| control | action |")) {
            in_table = true;
            continue;
        }
        if (!in_table)
            continue;
        if (line[0] != '|') {
            in_table = false;
            continue;
        }
        if (!strcmp(line, "| --- | --- |"))
            continue;
        size_t len = strlen(line);
        char *sep = strstr(line, " | ");
        if (len < 4 || strncmp(line, "| ", 2) || strcmp(line + len - 2, " |") || !sep)
            fail_msg("README.md: a control table's row is not '| keys | text |': %s", line);
        if (n == max)
            fail_msg("README.md: more than %d control rows", max);
        ReadmeRow *r = &rows[n++];
        snprintf(r->keys, sizeof r->keys, "%.*s", (int)(sep - line - 2), line + 2);
        snprintf(r->text, sizeof r->text, "%.*s", (int)(line + len - 2 - (sep + 3)), sep + 3);
        r->line = line_no;
    }
    free(text);
    return n;
}

static bool row_matches(const ReadmeRow *r, const char *keys, const char *help)
{
    return !strcmp(r->keys, keys) && !strncmp(r->text, help, strlen(help));
}

/* Every row of the binding table is in the README: its keys as they are,
 * its text at the start of the README's (which may say more); every row of
 * the README's control tables is one of the binding table's. A README row
 * missing is shown as it should read. */
static void test_readme_control_tables_are_the_binding_table(void **state)
{
    (void)state;
    static ReadmeRow readme[README_ROWS];
    int nr = readme_rows(readme, README_ROWS);
    assert_true(nr > 0);
    BindRow rows[BIND_COUNT];
    int nb = bindings_rows(rows, BIND_COUNT);
    assert_true(nb > 0 && nb <= BIND_COUNT);
    int missing = 0;
    bool used[README_ROWS] = {false};
    for (int i = 0; i < nb; i++) {
        char keys[BIND_TEXT_MAX];
        bindings_row_text(NULL, &rows[i], keys, sizeof keys);
        assert_true(keys[0] != '\0');
        bool found = false;
        for (int j = 0; j < nr; j++)
            if (row_matches(&readme[j], keys, rows[i].help))
                found = used[j] = true;
        if (!found) {
            print_error("README.md has no row '| %s | %s ... |'\n", keys, rows[i].help);
            missing++;
        }
    }
    int strays = 0;
    for (int j = 0; j < nr; j++)
        if (!used[j]) {
            print_error("README.md:%d: '| %s | ...' is no row of the binding table (src/game/bindings.c)\n",
                        readme[j].line, readme[j].keys);
            strays++;
        }
    assert_int_equal(missing, 0);
    assert_int_equal(strays, 0);
}

/* ---- the table ------------------------------------------------------------ */

/* Every action: a name and a label; keys, or another input; a row; fixed
 * when it has no key to change. Names are unique and found back. */
static void test_table_is_whole(void **state)
{
    (void)state;
    BindRow rows[BIND_COUNT];
    int nb = bindings_rows(rows, BIND_COUNT);
    assert_int_equal(rows[0].first, 0);
    assert_int_equal(rows[nb - 1].last, BIND_COUNT - 1);
    for (int i = 1; i < nb; i++)
        assert_int_equal(rows[i].first, rows[i - 1].last + 1);
    for (int a = 0; a < BIND_COUNT; a++) {
        const BindInfo *b = bindings_info((BindAction)a);
        assert_non_null(b);
        assert_true(b->name && b->name[0] && b->label && b->label[0]);
        assert_true(b->keys[0] || b->other);
        assert_true(b->keys[0] || b->fixed);
        assert_true(b->where != 0 && (b->where & ~(unsigned)BIND_IN_ALL) == 0);
        assert_int_equal(bindings_by_name(b->name), a);
        for (const char *c = b->name; *c; c++)
            assert_true((*c >= 'a' && *c <= 'z') || *c == '_');
    }
    assert_null(bindings_info(BIND_NONE));
    assert_null(bindings_info(BIND_COUNT));
    assert_int_equal(bindings_by_name("nothing"), BIND_NONE);
}

/* No two actions acting in a same place share a default key, and no
 * editor action has a digit (the palette's). */
static void test_defaults_never_clash(void **state)
{
    (void)state;
    for (int a = 0; a < BIND_COUNT; a++) {
        const BindInfo *x = bindings_info((BindAction)a);
        for (int i = 0; i < BIND_KEYS_MAX && x->keys[i]; i++) {
            if (x->where & BIND_IN_EDITOR)
                assert_false(x->keys[i][0] >= '0' && x->keys[i][0] <= '9' && !x->keys[i][1]);
            for (int b = 0; b < BIND_COUNT; b++) {
                const BindInfo *y = bindings_info((BindAction)b);
                if (!(x->where & y->where))
                    continue;
                for (int j = 0; j < BIND_KEYS_MAX && y->keys[j]; j++)
                    if ((a != b || i != j) && !strcasecmp(x->keys[i], y->keys[j]))
                        fail_msg("%s and %s share %s", x->name, y->name, x->keys[i]);
            }
            assert_int_equal(bindings_conflict(NULL, (BindAction)a, x->keys[i]), BIND_NONE);
        }
    }
}

/* Every default key is a key SDL knows, spelt as SDL spells it (after the
 * modifiers), so a key event's name finds it and the settings file's
 * canonical names equal the defaults. */
static void test_defaults_are_sdl_key_names(void **state)
{
    (void)state;
    for (int a = 0; a < BIND_COUNT; a++) {
        const BindInfo *x = bindings_info((BindAction)a);
        for (int i = 0; i < BIND_KEYS_MAX && x->keys[i]; i++) {
            char norm[BIND_NAME_MAX], err[200];
            assert_true(bindings_normalize(x->keys[i], NULL, norm, sizeof norm, err, sizeof err));
            assert_string_equal(norm, x->keys[i]);
            const char *key = x->keys[i];
            for (const char *p; (p = strchr(key, '+')) && p[1];)
                key = p + 1; /* past "Ctrl+" and "Shift+" */
            SDL_Keycode k = SDL_GetKeyFromName(key);
            if (k == SDLK_UNKNOWN)
                fail_msg("%s: '%s' is no SDL key name", x->name, key);
            assert_string_equal(SDL_GetKeyName(k), key);
        }
    }
}

/* ---- keys ------------------------------------------------------------------- */

static bool sdl_check(const char *name, char *canon, size_t size)
{
    SDL_Keycode k = SDL_GetKeyFromName(name);
    if (k == SDLK_UNKNOWN)
        return false;
    snprintf(canon, size, "%s", SDL_GetKeyName(k));
    return true;
}

static void test_chords_spelt_one_way(void **state)
{
    (void)state;
    char out[BIND_NAME_MAX], err[200];
    assert_string_equal(bindings_chord("Z", BIND_MOD_CTRL | BIND_MOD_SHIFT, out, sizeof out), "Ctrl+Shift+Z");
    assert_string_equal(bindings_chord("S", BIND_MOD_ALT | BIND_MOD_CTRL, out, sizeof out), "Ctrl+Alt+S");
    assert_string_equal(bindings_chord("+", 0, out, sizeof out), "+");
    assert_string_equal(bindings_chord("+", BIND_MOD_CTRL, out, sizeof out), "Ctrl++");
    char tiny[4];
    assert_string_equal(bindings_chord("Space", 0, tiny, sizeof tiny), "");
    static const char *const cases[][2] = {
        {"ctrl+shift+z", "Ctrl+Shift+Z"}, {"SHIFT+CTRL+z", "Ctrl+Shift+Z"}, {"alt+ctrl+pagedown", "Ctrl+Alt+PageDown"},
        {"space", "Space"},               {"keypad 8", "Keypad 8"},         {"p", "P"},
        {"+", "+"},                       {"ctrl++", "Ctrl++"},             {"=", "="},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (!bindings_normalize(cases[i][0], sdl_check, out, sizeof out, err, sizeof err))
            fail_msg("%s: %s", cases[i][0], err);
        assert_string_equal(out, cases[i][1]);
    }
    static const char *const bad[] = {"", "Ctrl+", "Bogus", "Page Down", "Space,P", " P", "P ", "Ctrl+Ctrl+P",
                                      "tab\there"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (bindings_normalize(bad[i], sdl_check, out, sizeof out, err, sizeof err))
            fail_msg("'%s' taken as '%s'", bad[i], out);
    /* without a check any printable name is taken, modifiers in order */
    assert_true(bindings_normalize("shift+Whatever Key", NULL, out, sizeof out, err, sizeof err));
    assert_string_equal(out, "Shift+Whatever Key");
    char longname[BIND_NAME_MAX + 8];
    memset(longname, 'x', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    assert_false(bindings_normalize(longname, NULL, out, sizeof out, err, sizeof err));
}

/* A key press finds its action in the place it acts in. */
static void test_keys_find_their_actions(void **state)
{
    (void)state;
    static const struct {
        const char *chord;
        unsigned where;
        BindAction a;
    } cases[] = {
        {"Space", BIND_IN_PLAY, BIND_PAUSE},
        {"space", BIND_IN_PLAY, BIND_PAUSE},
        {"P", BIND_IN_PLAY, BIND_PAUSE},
        {"Space", BIND_IN_EDITOR, BIND_NONE},          /* no pause while editing */
        {"Space", BIND_IN_MENU, BIND_PAUSE},           /* resume from the pause panel */
        {"Shift+R", BIND_IN_PLAY, BIND_RESTART},       /* Shift dropped: nothing has Shift+R */
        {"Alt+R", BIND_IN_PLAY, BIND_RESTART},
        {"Ctrl+R", BIND_IN_PLAY, BIND_NONE},           /* Ctrl stays */
        {"Shift+=", BIND_IN_PLAY, BIND_ZOOM_IN},       /* + on a US keyboard */
        {"+", BIND_IN_EDITOR, BIND_ZOOM_IN},
        {"Keypad -", BIND_IN_PLAY, BIND_ZOOM_OUT},
        {"Ctrl+Z", BIND_IN_EDITOR, BIND_UNDO},
        {"Ctrl+Shift+Z", BIND_IN_EDITOR, BIND_REDO},   /* the chord itself first */
        {"ctrl+y", BIND_IN_EDITOR, BIND_REDO},
        {"Ctrl+Alt+S", BIND_IN_EDITOR, BIND_SAVE},
        {"Ctrl+S", BIND_IN_PLAY, BIND_NONE},
        {"N", BIND_IN_PLAY, BIND_NEXT_LEVEL},
        {"N", BIND_IN_MENU, BIND_NO},
        {"N", BIND_IN_ASK, BIND_ASK_DISCARD},
        {"Y", BIND_IN_ASK, BIND_ASK_SAVE},
        {"S", BIND_IN_ASK, BIND_ASK_SAVE},
        {"S", BIND_IN_PLAY, BIND_PAN_DOWN},
        {"S", BIND_IN_MENU, BIND_PAN_DOWN},            /* the choice down */
        {"Up", BIND_IN_MENU, BIND_STEP_UP},
        {"Keypad 8", BIND_IN_PLAY, BIND_STEP_UP},
        {"Keypad 3", BIND_IN_PLAY, BIND_STEP_DOWN_RIGHT},
        {"Left", BIND_IN_MENU, BIND_NONE},
        {"Escape", BIND_IN_PLAY, BIND_BACK},
        {"Escape", BIND_IN_ASK, BIND_BACK},
        {"Return", BIND_IN_PLAY, BIND_CONFIRM},
        {"Keypad Enter", BIND_IN_MENU, BIND_CONFIRM},
        {"Tab", BIND_IN_MENU, BIND_MENU_NEXT},
        {"pagedown", BIND_IN_EDITOR, BIND_NEXT_LEVEL},
        {"F1", BIND_IN_PLAY, BIND_HELP},
        {"1", BIND_IN_EDITOR, BIND_NONE},              /* the palette's, outside the table */
        {"Bogus", BIND_IN_ALL, BIND_NONE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        BindAction got = bindings_action_for_key(NULL, cases[i].chord, cases[i].where);
        if (got != cases[i].a)
            fail_msg("%s in %u: %d, not %d", cases[i].chord, cases[i].where, got, cases[i].a);
        if (got != BIND_NONE)
            assert_true(bindings_key_is(NULL, got, cases[i].chord));
    }
    assert_true(bindings_key_is(NULL, BIND_PAN_UP, "W"));
    assert_false(bindings_key_is(NULL, BIND_PAN_UP, "Ctrl+W"));
    assert_true(bindings_key_is(NULL, BIND_REDO, "Ctrl+Shift+Z"));
    assert_false(bindings_key_is(NULL, BIND_UNDO, "Ctrl+Shift+Z")); /* redo has the chord */
    assert_false(bindings_key_is(NULL, BIND_NONE, "W"));
}

static void test_keys_as_text(void **state)
{
    (void)state;
    char out[BIND_TEXT_MAX];
    assert_string_equal(bindings_keys_text(NULL, BIND_PAUSE, out, sizeof out), "Space or P");
    assert_string_equal(bindings_keys_text(NULL, BIND_ZOOM_IN, out, sizeof out), "+ or = or Keypad +");
    assert_string_equal(bindings_keys_text(NULL, BIND_WALK, out, sizeof out), "Left click");
    assert_string_equal(bindings_keys_text(NULL, BIND_PAN_UP, out, sizeof out), "W");
    BindRow rows[BIND_COUNT];
    int nb = bindings_rows(rows, BIND_COUNT);
    const BindRow *zoom = NULL, *pan = NULL, *level = NULL;
    for (int i = 0; i < nb; i++) {
        zoom = rows[i].first == BIND_ZOOM_IN ? &rows[i] : zoom;
        pan = rows[i].first == BIND_PAN_UP ? &rows[i] : pan;
        level = rows[i].first == BIND_NEXT_LEVEL ? &rows[i] : level;
    }
    assert_non_null(zoom);
    assert_int_equal(zoom->last, BIND_ZOOM_OUT);
    assert_string_equal(bindings_row_text(NULL, zoom, out, sizeof out), "Mouse wheel, + or = or Keypad + / - or Keypad -");
    assert_string_equal(bindings_row_text(NULL, pan, out, sizeof out), "Right or middle drag, W / A / S / D");
    assert_string_equal(bindings_row_text(NULL, level, out, sizeof out), "PageDown or N / PageUp");
    assert_int_equal(pan->where, BIND_IN_PLAY | BIND_IN_EDITOR | BIND_IN_MENU);
    char small[8];
    assert_string_equal(bindings_row_text(NULL, zoom, small, sizeof small), "");
    /* fewer rows asked for: as many filled, the count all the same */
    BindRow two[2];
    assert_int_equal(bindings_rows(two, 2), nb);
    assert_int_equal(two[1].first, rows[1].first);
    assert_int_equal(two[1].last, rows[1].last);
}

/* The player's keys replace the defaults; one taken from another action's
 * defaults leaves that action its other keys, and the text says so. */
static void test_player_keys_replace_and_take(void **state)
{
    (void)state;
    Settings s;
    settings_default(&s);
    s.key_check = sdl_check;
    char out[BIND_TEXT_MAX], err[200];
    BindAction other;
    const char *p[] = {"p"};
    assert_int_equal(bindings_conflict(&s, BIND_RESTART, "P"), BIND_PAUSE);
    assert_true(bindings_set(&s, BIND_RESTART, p, 1, &other, err, sizeof err));
    assert_string_equal(s.keys[BIND_RESTART].key[0], "P");
    assert_int_equal(bindings_action_for_key(&s, "P", BIND_IN_PLAY), BIND_RESTART);
    assert_int_equal(bindings_action_for_key(&s, "R", BIND_IN_PLAY), BIND_NONE);
    assert_int_equal(bindings_action_for_key(&s, "Space", BIND_IN_PLAY), BIND_PAUSE);
    assert_string_equal(bindings_keys_text(&s, BIND_PAUSE, out, sizeof out), "Space");
    assert_string_equal(bindings_keys_text(&s, BIND_RESTART, out, sizeof out), "P");
    /* another action cannot take the player's key: refused, named, s unchanged */
    assert_false(bindings_set(&s, BIND_REWIND, p, 1, &other, err, sizeof err));
    assert_int_equal(other, BIND_RESTART);
    assert_non_null(strstr(err, "Restart the level"));
    assert_false(s.keys[BIND_REWIND].set);
    /* but in a place the player's key does not act in it is free */
    const char *y[] = {"Y"};
    assert_true(bindings_set(&s, BIND_FRAME_RATE, y, 1, &other, err, sizeof err));
    assert_int_equal(bindings_action_for_key(&s, "Y", BIND_IN_MENU), BIND_YES);
    /* no key at all */
    assert_true(bindings_set(&s, BIND_HELP, NULL, 0, NULL, err, sizeof err));
    assert_string_equal(bindings_keys_text(&s, BIND_HELP, out, sizeof out), "no key");
    assert_int_equal(bindings_action_for_key(&s, "F1", BIND_IN_PLAY), BIND_NONE);
    /* back to the defaults: P pauses again */
    bindings_reset(&s, BIND_RESTART);
    assert_int_equal(bindings_action_for_key(&s, "P", BIND_IN_PLAY), BIND_PAUSE);
    assert_string_equal(bindings_keys_text(&s, BIND_PAUSE, out, sizeof out), "Space or P");

    /* refused: a fixed action, its key, a digit in the editor, too many keys,
     * a key twice, a name SDL does not know */
    const char *esc[] = {"Escape"}, *one[] = {"1"}, *four[] = {"A", "B", "C", "D"}, *twice[] = {"J", "j"},
               *bogus[] = {"Bogus"};
    assert_false(bindings_set(&s, BIND_BACK, p, 1, NULL, err, sizeof err));
    assert_non_null(strstr(err, "cannot be changed"));
    assert_false(bindings_set(&s, BIND_PAUSE, esc, 1, &other, err, sizeof err));
    assert_int_equal(other, BIND_BACK);
    assert_false(bindings_set(&s, BIND_UNDO, one, 1, &other, err, sizeof err));
    assert_int_equal(other, BIND_PALETTE);
    assert_true(bindings_set(&s, BIND_REWIND, one, 1, NULL, err, sizeof err)); /* play only: free */
    assert_false(bindings_set(&s, BIND_PAUSE, four, 4, NULL, err, sizeof err));
    assert_false(bindings_set(&s, BIND_PAUSE, twice, 2, NULL, err, sizeof err));
    assert_false(bindings_set(&s, BIND_PAUSE, bogus, 1, NULL, err, sizeof err));
    assert_non_null(strstr(err, "'Bogus' is no key name"));
    assert_false(s.keys[BIND_PAUSE].set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_readme_control_tables_are_the_binding_table),
        cmocka_unit_test(test_table_is_whole),
        cmocka_unit_test(test_defaults_never_clash),
        cmocka_unit_test(test_defaults_are_sdl_key_names),
        cmocka_unit_test(test_chords_spelt_one_way),
        cmocka_unit_test(test_keys_find_their_actions),
        cmocka_unit_test(test_keys_as_text),
        cmocka_unit_test(test_player_keys_replace_and_take),
    };
    return cmocka_run_group_tests_name("bindings", tests, NULL, NULL);
}
