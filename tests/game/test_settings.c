/* SPDX-License-Identifier: MIT */
/* test_settings.c - the settings file: the defaults; what is saved reads
 * back the same, and the file is what the reader takes (numbers within
 * their ranges, no key the reader would refuse); CRLF, a byte-order mark,
 * trailing spaces, comments and "NAME: VALUE" read as the same settings; a
 * damaged line is named FILE:LINE and ignored, the rest read; a file that
 * does not read is named and ignored; either is kept aside under numbered
 * names before a save, never over an older one; a named pipe or a folder at
 * the path is refused at once; XDG_CONFIG_HOME (else HOME) places the file
 * and saving makes its folder; another game holding the lock is waited for;
 * two games saving in turn keep each other's changes; a later version's
 * settings are no damage and are written back as they were. */
#include "testlib.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "settings.h"

static void expect_file(const TestDir *d, const char *suffix, const char *text)
{
    size_t len = 0;
    char *got = test_read_file(test_dir_at(d, suffix), &len);
    if (!got)
        fail_msg("no file %s", test_dir_at(d, suffix));
    if (len != strlen(text) || memcmp(got, text, len))
        fail_msg("%s holds:\n%s\nnot:\n%s", test_dir_at(d, suffix), got, text);
    free(got);
}

static void expect_in(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("'%s' is not in '%s'", part, text);
}

/* The key names SDL would know, without SDL: a few, in SDL's spelling. */
static bool known_key(const char *name, char *canon, size_t size)
{
    static const char *const names[] = {"Space", "P", "R", "Q", "Z", "Y", "F1", "F2", "PageDown", "Keypad 8", "+",
                                        "=", "Escape", "Up", "1", "X"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcasecmp(name, names[i])) {
            snprintf(canon, size, "%s", names[i]);
            return true;
        }
    return false;
}

static void expect_equal(const Settings *a, const Settings *b)
{
    assert_int_equal(a->master_volume, b->master_volume);
    assert_int_equal(a->effects_volume, b->effects_volume);
    assert_int_equal(a->fullscreen, b->fullscreen);
    assert_int_equal(a->window_w, b->window_w);
    assert_int_equal(a->window_h, b->window_h);
    assert_int_equal(a->minimap, b->minimap);
    assert_int_equal(a->text_size, b->text_size);
    for (int i = 0; i < BIND_COUNT; i++) {
        assert_int_equal(a->keys[i].set, b->keys[i].set);
        if (!a->keys[i].set)
            continue;
        assert_int_equal(a->keys[i].count, b->keys[i].count);
        for (int k = 0; k < a->keys[i].count; k++)
            assert_string_equal(a->keys[i].key[k], b->keys[i].key[k]);
    }
}

/* Loads the file again: it must read whole and equal want. */
static void expect_clean(const TestDir *d, const Settings *want)
{
    Settings s;
    assert_int_equal(settings_load(&s, d->file, known_key, NULL), SETTINGS_READ);
    assert_string_equal(s.error, "");
    expect_equal(&s, want);
}

static void test_defaults(void **state)
{
    (void)state;
    Settings s;
    settings_default(&s);
    assert_int_equal(s.master_volume, 100);
    assert_int_equal(s.effects_volume, 100);
    assert_false(s.fullscreen);
    assert_int_equal(s.window_w, 1280);
    assert_int_equal(s.window_h, 720);
    assert_true(s.minimap);
    assert_int_equal(s.text_size, 100);
    for (int a = 0; a < BIND_COUNT; a++)
        assert_false(s.keys[a].set);
    assert_string_equal(s.error, "");
    /* no file (and no path): the defaults, no error */
    TestDir d;
    test_dir_make(&d, "settings");
    Settings t;
    assert_int_equal(settings_load(&t, d.file, known_key, NULL), SETTINGS_READ);
    assert_string_equal(t.error, "");
    expect_equal(&s, &t);
    assert_true(t.key_check == known_key);
    assert_int_equal(settings_load(&t, NULL, NULL, NULL), SETTINGS_READ);
    expect_equal(&s, &t);
    /* an empty file, or one of the header alone, is the defaults */
    test_dir_put_text(&d, "", "");
    expect_clean(&d, &s);
    test_dir_put_text(&d, "", "# isodroid settings 1\n");
    expect_clean(&d, &s);
    test_dir_remove(&d);
}

/* Saved, then read back: the same settings, the file as documented; the
 * folder is made by the save. */
static void test_write_then_read_back(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "settings");
    Settings s;
    settings_default(&s);
    s.key_check = known_key;
    s.master_volume = 35;
    s.effects_volume = 0;
    s.music_volume = 40;
    s.fullscreen = true;
    s.window_w = 1920;
    s.window_h = 1080;
    s.minimap = false;
    s.text_size = 125;
    s.colour_blind = true;
    s.language = SETTINGS_LANG_DE;
    char err[200];
    const char *restart[] = {"p", "ctrl+r"}, *zoom[] = {"+", "=", "keypad 8"};
    assert_true(bindings_set(&s, BIND_RESTART, restart, 2, NULL, err, sizeof err));
    assert_true(bindings_set(&s, BIND_HELP, NULL, 0, NULL, err, sizeof err));
    assert_true(bindings_set(&s, BIND_ZOOM_IN, zoom, 3, NULL, err, sizeof err));
    assert_true(settings_save(&s, d.file));
    assert_string_equal(s.error, "");
    expect_file(&d, "",
                "# isodroid settings 1\n"
                "master_volume = 35\n"
                "effects_volume = 0\n"
                "music_volume = 40\n"
                "fullscreen = yes\n"
                "window_size = 1920x1080\n"
                "minimap = no\n"
                "text_size = 125\n"
                "colours = colour-blind\n"
                "language = de\n"
                "key.restart = P or Ctrl+R\n"
                "key.zoom_in = + or = or Keypad 8\n"
                "key.help = none\n");
    expect_clean(&d, &s);
    /* the keys act as they did: P restarts, Space still pauses */
    Settings t;
    settings_load(&t, d.file, known_key, NULL);
    assert_true(t.colour_blind);
    assert_int_equal(t.music_volume, 40);
    assert_int_equal(t.language, SETTINGS_LANG_DE);
    assert_int_equal(bindings_action_for_key(&t, "P", BIND_IN_PLAY), BIND_RESTART);
    assert_int_equal(bindings_action_for_key(&t, "Space", BIND_IN_PLAY), BIND_PAUSE);
    assert_int_equal(bindings_action_for_key(&t, "F1", BIND_IN_PLAY), BIND_NONE);
    /* saved again unchanged: the same bytes */
    size_t len;
    char *before = test_read_file(d.file, &len);
    assert_true(settings_save(&t, d.file));
    expect_file(&d, "", before);
    free(before);
    /* the defaults: no key lines */
    settings_default(&t);
    assert_true(settings_save(&t, d.file));
    expect_file(&d, "",
                "# isodroid settings 1\n"
                "master_volume = 100\n"
                "effects_volume = 100\n"
                "music_volume = 60\n"
                "fullscreen = no\n"
                "window_size = 1280x720\n"
                "minimap = yes\n"
                "text_size = 100\n"
                "colours = standard\n");
    test_dir_remove(&d);
}

/* The writer writes what the reader takes: numbers past their ranges are
 * written at the bound; keys the reader would refuse make the save refuse,
 * with the reason, and leave the file as it was. */
static void test_writer_writes_what_the_reader_takes(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "settings");
    Settings s;
    settings_default(&s);
    s.master_volume = 500;
    s.effects_volume = -3;
    s.window_w = 10;
    s.window_h = 100000;
    s.text_size = 20;
    assert_true(settings_save(&s, d.file));
    Settings t;
    assert_int_equal(settings_load(&t, d.file, NULL, NULL), SETTINGS_READ);
    assert_int_equal(t.master_volume, 100);
    assert_int_equal(t.effects_volume, 0);
    assert_int_equal(t.window_w, SETTINGS_WINDOW_MIN);
    assert_int_equal(t.window_h, SETTINGS_WINDOW_MAX);
    assert_int_equal(t.text_size, SETTINGS_TEXT_MIN);
    size_t len;
    char *before = test_read_file(d.file, &len);
    /* keys set by hand past the checks */
    const struct {
        BindAction a;
        const char *key;
        const char *why;
    } bad[] = {
        {BIND_PAUSE, "Bogus", "'Bogus' is no key name"},
        {BIND_BACK, "X", "cannot be changed"},
        {BIND_UNDO, "1", "picks the palette"},
        {BIND_REWIND, "Escape", "Back's already"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        settings_default(&s);
        s.key_check = known_key;
        s.keys[bad[i].a] = (SettingsKeys){true, 1, {{0}}};
        snprintf(s.keys[bad[i].a].key[0], BIND_NAME_MAX, "%s", bad[i].key);
        assert_false(settings_save(&s, d.file));
        expect_in(s.error, "settings not saved: key.");
        expect_in(s.error, bad[i].why);
        expect_file(&d, "", before);
    }
    /* two actions of a place on one key */
    settings_default(&s);
    s.keys[BIND_PAUSE] = (SettingsKeys){true, 1, {"Q"}};
    s.keys[BIND_RESTART] = (SettingsKeys){true, 1, {"q"}};
    assert_false(settings_save(&s, d.file));
    expect_in(s.error, "key.restart: Restart the level: q is Pause / resume's already");
    s.keys[BIND_PAUSE].count = BIND_KEYS_MAX + 1;
    assert_false(settings_save(&s, d.file));
    expect_file(&d, "", before);
    free(before);
    test_dir_remove(&d);
}

/* A byte-order mark, CRLF, trailing spaces and tabs, leading spaces, blank
 * and comment lines, "NAME: VALUE", any case in yes/no and key names: the
 * same settings, no error, nothing kept aside on saving. */
static void test_lenient_reading(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "settings");
    const char *clean = "# isodroid settings 1\n"
                        "master_volume = 40\n"
                        "fullscreen = yes\n"
                        "window_size = 800x600\n"
                        "text_size = 90\n"
                        "key.pause = P or Space\n";
    const char *edited = "\xEF\xBB\xBF# isodroid settings 1  \r\n"
                         "\r\n"
                         "# my settings\r\n"
                         "   master_volume:40%\t \r\n"
                         "fullscreen = Yes\r\n"
                         "  \t\r\n"
                         "window_size: 800X600\r\n"
                         "text_size = 90 %\r\n" /* a space before the % is not taken */
                         "key.pause: p OR space \r\n";
    Settings want;
    settings_load(&want, NULL, known_key, NULL);
    want.master_volume = 40;
    want.fullscreen = true;
    want.window_w = 800;
    want.window_h = 600;
    want.text_size = 90;
    char err[200];
    const char *pause[] = {"P", "Space"};
    assert_true(bindings_set(&want, BIND_PAUSE, pause, 2, NULL, err, sizeof err));
    test_dir_put_text(&d, "", clean);
    expect_clean(&d, &want);
    test_dir_put_text(&d, "", edited);
    Settings s;
    NavDiags diags;
    nav_diag_clear(&diags);
    assert_int_equal(settings_load(&s, d.file, known_key, &diags), SETTINGS_PARTLY);
    assert_int_equal(nav_diag_total(&diags), 1);
    char where[200];
    snprintf(where, sizeof where, "%s:8: text_size wants", d.file);
    expect_in(diags.msg[0], where);
    want.text_size = 100;
    expect_equal(&s, &want);
    /* without the bad line: read whole; saved: written clean, nothing aside */
    const char *fixed = "\xEF\xBB\xBF# isodroid settings 1  \r\n"
                        "   master_volume:40%\t \r\n"
                        "fullscreen = Yes\r\n"
                        "window_size: 800X600\r\n"
                        "text_size = 90%\r\n"
                        "key.pause: p OR space \r\n";
    test_dir_put_text(&d, "", fixed);
    want.text_size = 90;
    expect_clean(&d, &want);
    assert_int_equal(settings_load(&s, d.file, known_key, NULL), SETTINGS_READ);
    assert_true(settings_save(&s, d.file));
    assert_int_equal(access(test_dir_at(&d, ".bad"), F_OK), -1);
    expect_file(&d, "",
                "# isodroid settings 1\n"
                "master_volume = 40\n"
                "effects_volume = 100\n"
                "music_volume = 60\n"
                "fullscreen = yes\n"
                "window_size = 800x600\n"
                "minimap = yes\n"
                "text_size = 90\n"
                "colours = standard\n"
                "key.pause = P or Space\n");
    test_dir_remove(&d);
}

/* A name no setting has or could have, bad values, a setting twice, keys
 * the rules refuse: each line named FILE:LINE and ignored, every other line
 * read (a later version's setting is no damage). The file is kept aside
 * whole before the next save, and the new file reads clean, the later
 * version's setting in it as it was. */
static void test_damaged_lines_named_and_the_rest_kept(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "settings");
    const char *text = "# isodroid settings 1\n"
                       "master_volume = 30\n"
                       "colour scheme = red\n"      /* 3: no setting's name */
                       "effects_volume = 101\n"     /* 4: out of range */
                       "fullscreen = maybe\n"       /* 5 */
                       "window_size = 10x10\n"      /* 6 */
                       "window_size = 1024x768\n"
                       "text_size = 200\n"          /* 8 */
                       "minimap = no\n"
                       "master_volume = 50\n"       /* 10: again */
                       "key.pause = Bogus\n"        /* 11: no key */
                       "key.back = X\n"             /* 12: fixed */
                       "key.restart = P\n"
                       "key.rewind = p\n"           /* 14: restart's now */
                       "key.undo = 1\n"             /* 15: the palette's */
                       "key.nothing = P\n"          /* 16: a later version's action: kept */
                       "just words\n"               /* 17: no '=' */
                       "key.help = F1 or F2 or Q or R\n" /* 18: four keys */
                       "key.sound = \n"             /* 19: no value */
                       "key.cones = none\n"
                       "key.zoom_in = Escape\n"     /* 21: back's */
                       "colours = pink\n"           /* 22 */
                       "language = klingon\n";      /* 23 */
    test_dir_put_text(&d, "", text);
    Settings s;
    NavDiags diags;
    nav_diag_clear(&diags);
    assert_int_equal(settings_load(&s, d.file, known_key, &diags), SETTINGS_PARTLY);
    assert_int_equal(s.master_volume, 30);
    assert_int_equal(s.effects_volume, 100);
    assert_false(s.fullscreen);
    assert_int_equal(s.window_w, 1024);
    assert_int_equal(s.window_h, 768);
    assert_int_equal(s.text_size, 100);
    assert_false(s.minimap);
    assert_false(s.colour_blind);
    assert_true(s.keys[BIND_RESTART].set);
    assert_false(s.keys[BIND_PAUSE].set);
    assert_false(s.keys[BIND_REWIND].set);
    assert_true(s.keys[BIND_CONES].set && s.keys[BIND_CONES].count == 0);
    static const struct {
        int line;
        const char *what;
    } want[] = {
        {3, "unknown setting 'colour scheme'"},
        {4, "effects_volume wants a whole number from 0 to 100, not '101'"},
        {5, "fullscreen wants yes or no, not 'maybe'"},
        {6, "window_size wants WxH from 64x64 to 8192x8192, not '10x10'"},
        {8, "text_size wants a whole number (percent) from 80 to 150, not '200'"},
        {10, "master_volume is set again (first on line 2)"},
        {11, "key.pause: 'Bogus' is no key name"},
        {12, "key.back: Back: its keys cannot be changed"},
        {14, "key.rewind: Go back 3 seconds: P is Restart the level's already"},
        {15, "key.undo: Undo: in the editor, 1 picks the palette"},
        {17, "'just words' is no setting (NAME = VALUE)"},
        {18, "key.help: at most 3 keys"},
        {19, "key.sound wants key names"},
        {21, "key.zoom_in: Zoom in: Escape is Back's already (it cannot change)"},
        {22, "colours wants standard or colour-blind, not 'pink'"},
        {23, "language wants system, en or de, not 'klingon'"},
    };
    int n = (int)(sizeof want / sizeof want[0]);
    assert_int_equal(nav_diag_total(&diags), n);
    for (int i = 0; i < n; i++) {
        char where[300];
        snprintf(where, sizeof where, "%s:%d: %s", d.file, want[i].line, want[i].what);
        expect_in(diags.msg[i], where);
    }
    char first[300];
    snprintf(first, sizeof first, "settings %s:3: unknown setting 'colour scheme'; %d lines are ignored (that is the first), "
             "the rest is read; the file is kept as settings.bad when settings are next saved", d.file, n);
    assert_string_equal(s.error, first);
    expect_file(&d, "", text); /* loading never touches it */
    assert_true(settings_save(&s, d.file));
    expect_file(&d, ".bad", text);
    expect_clean(&d, &s);
    size_t len;
    char *saved = test_read_file(d.file, &len);
    expect_in(saved, "\nkey.cones = none\nkey.nothing = P\n");
    free(saved);
    /* one damaged line: that line alone is named */
    test_dir_put_text(&d, "", "# isodroid settings 1\ntext_size = 81\nminimap = perhaps\n");
    assert_int_equal(settings_load(&s, d.file, known_key, NULL), SETTINGS_PARTLY);
    snprintf(first, sizeof first, "settings %s:3: minimap wants yes or no, not 'perhaps'; that line is ignored, the "
             "rest is read; the file is kept as settings.bad.1 when settings are next saved", d.file);
    assert_string_equal(s.error, first);
    assert_int_equal(s.text_size, 81);
    /* a line past SETTINGS_LINE_MAX */
    char *big = malloc(SETTINGS_LINE_MAX + 100);
    snprintf(big, SETTINGS_LINE_MAX + 100, "# isodroid settings 1\nmaster_volume = 7\nkey.pause = %0*d\n",
             SETTINGS_LINE_MAX, 0);
    test_dir_put_text(&d, "", big);
    free(big);
    nav_diag_clear(&diags);
    assert_int_equal(settings_load(&s, d.file, known_key, &diags), SETTINGS_PARTLY);
    expect_in(diags.msg[0], ":3: line longer than 1024 bytes");
    assert_int_equal(s.master_volume, 7);
    test_dir_remove(&d);
}

/* Files that do not read at all: named, ignored (the defaults stand, not
 * a value read before the damage showed), kept aside on saving. */
static void test_unreadable_file_named_and_kept_aside(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "settings");
    Settings defaults, s;
    settings_default(&defaults);
    static const struct {
        const char *text;
        size_t len;
        const char *why;
    } cases[] = {
        {"master_volume = 5\n", 18, "is no settings file (its first line is not '# isodroid settings 1')"},
        {"# isodroid settings\nmaster_volume = 5\n", 38, "is no settings file"},
        {"# isodroid settings 0\n", 22, "is no settings file"},
        {"# isodroid settings 1\nmaster_volume = 5\n\0\n", 42, "holds a NUL byte: not a text file"},
        {"\x89PNG\r\n\x1a\n", 8, "is no settings file"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        test_dir_put(&d, "", cases[i].text, cases[i].len);
        NavDiags diags;
        nav_diag_clear(&diags);
        assert_int_equal(settings_load(&s, d.file, known_key, &diags), SETTINGS_IGNORED);
        expect_equal(&s, &defaults);
        char want[300];
        snprintf(want, sizeof want, "settings file %s %s", d.file, cases[i].why);
        expect_in(s.error, want);
        expect_in(s.error, "ignored, the defaults stand; it is kept as settings.bad when settings are next saved");
        assert_int_equal(nav_diag_total(&diags), 1);
        expect_in(diags.msg[0], cases[i].why);
        assert_true(settings_save(&s, d.file));
        size_t len;
        char *kept = test_read_file(test_dir_at(&d, ".bad"), &len);
        assert_non_null(kept);
        assert_int_equal(len, cases[i].len);
        assert_memory_equal(kept, cases[i].text, len);
        free(kept);
        expect_clean(&d, &defaults);
        unlink(test_dir_at(&d, ".bad"));
    }
    /* a later version: read as far as it is known, the rest is no damage */
    test_dir_put_text(&d, "", "# isodroid settings 2\nmaster_volume = 5\nnew_thing = 1\n");
    assert_int_equal(settings_load(&s, d.file, known_key, NULL), SETTINGS_READ);
    assert_int_equal(s.master_volume, 5);
    assert_string_equal(s.error, "");
    /* too large */
    size_t n = SETTINGS_MAX_BYTES + 1;
    char *big = malloc(n);
    memset(big, '#', n);
    test_dir_put(&d, "", big, n);
    free(big);
    assert_int_equal(settings_load(&s, d.file, known_key, NULL), SETTINGS_IGNORED);
    expect_in(s.error, "is larger than 65536 bytes: ignored");
    test_dir_remove(&d);
}

/* A second damaged file is kept as FILE.bad.1, never over the first kept
 * as FILE.bad; with all SETTINGS_BAD_MAX names taken, nothing is saved and
 * the file stays as it is. */
static void test_damaged_files_kept_under_numbered_names(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "settings");
    const char *first = "garbage\n", *second = "# isodroid settings 1\nfullscreen = loud\n";
    Settings s;
    test_dir_put_text(&d, "", first);
    settings_load(&s, d.file, known_key, NULL);
    assert_true(settings_save(&s, d.file));
    expect_file(&d, ".bad", first);

    test_dir_put_text(&d, "", second);
    assert_int_equal(settings_load(&s, d.file, known_key, NULL), SETTINGS_PARTLY);
    expect_in(s.error, "kept as settings.bad.1 when");
    assert_true(settings_save(&s, d.file));
    expect_file(&d, ".bad", first);
    expect_file(&d, ".bad.1", second);
    Settings defaults;
    settings_default(&defaults);
    expect_clean(&d, &defaults);

    /* FILE.bad.2 ... FILE.bad.9 taken as well: the tenth is not written over */
    char suffix[32];
    for (int k = 2; k < SETTINGS_BAD_MAX; k++) {
        snprintf(suffix, sizeof suffix, ".bad.%d", k);
        test_dir_put_text(&d, suffix, "kept\n");
    }
    const char *third = "not settings\n";
    test_dir_put_text(&d, "", third);
    settings_load(&s, d.file, known_key, NULL);
    expect_in(s.error, "not written over: 10 damaged copies are kept already (settings.bad to settings.bad.9); "
                       "remove some");
    assert_false(settings_save(&s, d.file));
    expect_in(s.error, "settings not saved");
    expect_in(s.error, "remove some");
    expect_file(&d, "", third);
    snprintf(suffix, sizeof suffix, ".bad.%d", SETTINGS_BAD_MAX);
    assert_int_equal(access(test_dir_at(&d, suffix), F_OK), -1);
    expect_file(&d, ".bad", first);
    /* one removed: the save goes through, into the free name */
    unlink(test_dir_at(&d, ".bad.4"));
    assert_true(settings_save(&s, d.file));
    expect_file(&d, ".bad.4", third);
    test_dir_remove(&d);
}

/* A named pipe at the path would block a plain open until a writer came: it
 * is refused at once when reading (ignored) and when saving (not saved), and
 * stays where it is. So is a folder. A hang fails the test (the alarm). */
static void test_named_pipe_refused_at_once(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "settings");
    char folder[100];
    snprintf(folder, sizeof folder, "%s/isodroid", d.path);
    assert_int_equal(mkdir(folder, 0755), 0);
    assert_int_equal(mkfifo(d.file, 0600), 0);
    alarm(10);
    Settings s;
    assert_int_equal(settings_load(&s, d.file, known_key, NULL), SETTINGS_IGNORED);
    expect_in(s.error, "is not a regular file: ignored, the defaults stand");
    assert_null(strstr(s.error, "kept as"));
    s.master_volume = 3;
    assert_false(settings_save(&s, d.file));
    alarm(0);
    expect_in(s.error, "settings not saved: ");
    expect_in(s.error, "is not a regular file");
    struct stat sb;
    assert_int_equal(lstat(d.file, &sb), 0);
    assert_true(S_ISFIFO(sb.st_mode));
    assert_int_equal(access(test_dir_at(&d, ".bad"), F_OK), -1);
    unlink(d.file);
    /* a folder */
    assert_int_equal(mkdir(d.file, 0755), 0);
    assert_int_equal(settings_load(&s, d.file, known_key, NULL), SETTINGS_IGNORED);
    expect_in(s.error, "is a folder: ignored");
    assert_false(settings_save(&s, d.file));
    expect_in(s.error, "is a folder");
    /* a link to a named pipe */
    rmdir(d.file);
    char pipe_path[200];
    snprintf(pipe_path, sizeof pipe_path, "%s/pipe", d.path);
    assert_int_equal(mkfifo(pipe_path, 0600), 0);
    assert_int_equal(symlink(pipe_path, d.file), 0);
    alarm(10);
    assert_false(settings_save(&s, d.file));
    alarm(0);
    expect_in(s.error, "is not a regular file");
    test_dir_remove(&d);
}

/* $XDG_CONFIG_HOME/isodroid/settings, else ~/.config/isodroid/settings; a
 * relative XDG_CONFIG_HOME is ignored (the XDG rule); neither: no path.
 * Saving there makes the folders. */
static void test_xdg_config_home(void **state)
{
    (void)state;
    char *old_xdg = getenv("XDG_CONFIG_HOME") ? strdup(getenv("XDG_CONFIG_HOME")) : NULL;
    char *old_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    TestDir d;
    test_dir_make(&d, "settings");
    char xdg[128];
    snprintf(xdg, sizeof xdg, "%s/config", d.path);
    setenv("XDG_CONFIG_HOME", xdg, 1);
    setenv("HOME", "/nonexistent-home", 1);
    char *path = settings_path_default();
    char want[200];
    snprintf(want, sizeof want, "%s/config/isodroid/settings", d.path);
    assert_string_equal(path, want);
    Settings s;
    settings_default(&s);
    s.text_size = 120;
    assert_true(settings_save(&s, path)); /* config/isodroid/ made */
    Settings t;
    assert_int_equal(settings_load(&t, path, NULL, NULL), SETTINGS_READ);
    assert_int_equal(t.text_size, 120);
    free(path);

    unsetenv("XDG_CONFIG_HOME");
    path = settings_path_default();
    assert_string_equal(path, "/nonexistent-home/.config/isodroid/settings");
    free(path);
    setenv("XDG_CONFIG_HOME", "relative/config", 1);
    path = settings_path_default();
    assert_string_equal(path, "/nonexistent-home/.config/isodroid/settings");
    free(path);
    setenv("XDG_CONFIG_HOME", "", 1);
    unsetenv("HOME");
    assert_null(settings_path_default());

    if (old_xdg)
        setenv("XDG_CONFIG_HOME", old_xdg, 1);
    else
        unsetenv("XDG_CONFIG_HOME");
    if (old_home)
        setenv("HOME", old_home, 1);
    free(old_xdg);
    free(old_home);
    test_dir_remove(&d);
}

/* Another game saving holds FILE.lock: a save waits for it; held for longer
 * than SETTINGS_LOCK_WAIT_MS, the save gives up, says so and leaves the
 * file as it was. */
static void test_a_save_waits_for_the_lock(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "settings");
    test_dir_put_text(&d, "", "# isodroid settings 1\n");
    for (int round = 0; round < 2; round++) {
        int ready[2];
        assert_int_equal(pipe(ready), 0);
        pid_t child = fork();
        assert_true(child >= 0);
        if (child == 0) {
            int fd = open(test_dir_at(&d, ".lock"), O_RDWR | O_CREAT, 0644);
            if (fd < 0 || flock(fd, LOCK_EX) != 0)
                _exit(1);
            (void)!write(ready[1], "L", 1);
            if (round == 0) {
                nanosleep(&(struct timespec){0, 200 * 1000000L}, NULL);
                _exit(0); /* unlocks */
            }
            pause(); /* until killed */
            _exit(0);
        }
        char c;
        assert_int_equal(read(ready[0], &c, 1), 1);
        Settings s;
        settings_default(&s);
        s.master_volume = 10 + round;
        if (round == 0) {
            assert_true(settings_save(&s, d.file));
            expect_clean(&d, &s);
        } else {
            assert_false(settings_save(&s, d.file));
            expect_in(s.error, "another game holds");
            Settings t;
            settings_load(&t, d.file, NULL, NULL);
            assert_int_equal(t.master_volume, 10);
            kill(child, SIGKILL);
        }
        waitpid(child, NULL, 0);
        close(ready[0]);
        close(ready[1]);
    }
    test_dir_remove(&d);
}

/* Two games share the file: each save writes what that game changed over
 * the file as it is then, so neither writes its stale values back over the
 * other's change; saving again with nothing changed changes nothing. */
static void test_two_games_keep_each_others_changes(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "settings");
    test_dir_put_text(&d, "", "# isodroid settings 1\nmaster_volume = 40\ntext_size = 90\n");
    Settings a, b, c;
    assert_int_equal(settings_load(&a, d.file, known_key, NULL), SETTINGS_READ);
    assert_int_equal(settings_load(&b, d.file, known_key, NULL), SETTINGS_READ);
    char err[200];
    const char *pause[] = {"P"}, *restart[] = {"Z"};
    a.master_volume = 70;
    assert_true(bindings_set(&a, BIND_PAUSE, pause, 1, NULL, err, sizeof err));
    assert_true(settings_save(&a, d.file));
    b.text_size = 120;
    assert_true(bindings_set(&b, BIND_RESTART, restart, 1, NULL, err, sizeof err));
    assert_true(settings_save(&b, d.file));
    assert_int_equal(settings_load(&c, d.file, known_key, NULL), SETTINGS_READ);
    assert_int_equal(c.master_volume, 70); /* a's */
    assert_int_equal(c.text_size, 120);    /* b's */
    assert_int_equal(bindings_action_for_key(&c, "P", BIND_IN_PLAY), BIND_PAUSE);
    assert_int_equal(bindings_action_for_key(&c, "Z", BIND_IN_PLAY), BIND_RESTART);
    /* b saved again, nothing changed: a's change stands */
    assert_true(settings_save(&b, d.file));
    a.minimap = false; /* and a's next change keeps b's */
    assert_true(settings_save(&a, d.file));
    assert_int_equal(settings_load(&c, d.file, known_key, NULL), SETTINGS_READ);
    assert_int_equal(c.master_volume, 70);
    assert_int_equal(c.text_size, 120);
    assert_false(c.minimap);
    assert_int_equal(bindings_action_for_key(&c, "P", BIND_IN_PLAY), BIND_PAUSE);
    assert_int_equal(bindings_action_for_key(&c, "Z", BIND_IN_PLAY), BIND_RESTART);
    /* a setting both change: the later save's stands; b's own values stay b's */
    b.master_volume = 55;
    assert_true(settings_save(&b, d.file));
    assert_true(b.minimap);
    assert_int_equal(settings_load(&c, d.file, known_key, NULL), SETTINGS_READ);
    assert_int_equal(c.master_volume, 55);
    assert_int_equal(c.text_size, 120);
    assert_false(c.minimap);
    /* a binds a key b then binds to another action: b's keys stand, whole */
    const char *y[] = {"Y"};
    assert_true(bindings_set(&a, BIND_REWIND, y, 1, NULL, err, sizeof err));
    assert_true(settings_save(&a, d.file));
    assert_true(bindings_set(&b, BIND_RESTART, y, 1, NULL, err, sizeof err));
    assert_true(settings_save(&b, d.file));
    assert_int_equal(settings_load(&c, d.file, known_key, NULL), SETTINGS_READ);
    assert_int_equal(bindings_action_for_key(&c, "Y", BIND_IN_PLAY), BIND_RESTART);
    assert_false(c.keys[BIND_REWIND].set);
    assert_false(c.keys[BIND_PAUSE].set); /* a's too: b never had it */
    assert_int_equal(c.master_volume, 55); /* the numbers merged still */
    assert_false(c.minimap);
    /* a Settings never read (settings_default alone) writes all it holds */
    settings_default(&c);
    c.effects_volume = 20;
    assert_true(settings_save(&c, d.file));
    assert_int_equal(settings_load(&c, d.file, known_key, NULL), SETTINGS_READ);
    assert_int_equal(c.effects_volume, 20);
    assert_int_equal(c.master_volume, 100);
    assert_true(c.minimap);
    assert_false(c.keys[BIND_PAUSE].set);
    test_dir_remove(&d);
}

/* A later version's settings (names this one does not know) are no damage:
 * the file is read whole, not kept aside, and a save writes them back as
 * they were, after this version's. */
static void test_unknown_settings_kept(void **state)
{
    (void)state;
    TestDir d;
    test_dir_make(&d, "settings");
    test_dir_put_text(&d, "", "# isodroid settings 1\nmaster_volume = 40\nfuture_thing = 3\nkey.future_action = F2\n");
    Settings s;
    NavDiags diags;
    nav_diag_clear(&diags);
    assert_int_equal(settings_load(&s, d.file, known_key, &diags), SETTINGS_READ);
    assert_string_equal(s.error, "");
    assert_int_equal(nav_diag_total(&diags), 0);
    assert_int_equal(s.master_volume, 40);
    s.master_volume = 60;
    assert_true(settings_save(&s, d.file));
    assert_string_equal(s.error, "");
    assert_int_equal(access(test_dir_at(&d, ".bad"), F_OK), -1);
    expect_file(&d, "",
                "# isodroid settings 1\n"
                "master_volume = 60\n"
                "effects_volume = 100\n"
                "music_volume = 60\n"
                "fullscreen = no\n"
                "window_size = 1280x720\n"
                "minimap = yes\n"
                "text_size = 100\n"
                "colours = standard\n"
                "future_thing = 3\n"
                "key.future_action = F2\n");
    assert_int_equal(settings_load(&s, d.file, known_key, NULL), SETTINGS_READ);
    assert_int_equal(s.master_volume, 60);
    /* so many that the file would grow past what the reader reads: not
     * saved, said so, the file as it was */
    size_t cap = SETTINGS_MAX_BYTES, n = 0;
    char *big = malloc(cap);
    n += (size_t)snprintf(big, cap, "# isodroid settings 1\n");
    for (int i = 0; n + 56 <= cap; i++) /* 56 bytes a line */
        n += (size_t)snprintf(big + n, cap - n, "future_%05d = %040d\n", i, i);
    test_dir_put(&d, "", big, n);
    assert_int_equal(settings_load(&s, d.file, known_key, NULL), SETTINGS_READ);
    s.text_size = 110;
    assert_false(settings_save(&s, d.file));
    expect_in(s.error, "settings not saved: with the ");
    expect_in(s.error, "bytes of settings this version does not know, the file would be larger than 65536 bytes");
    size_t len;
    char *now = test_read_file(d.file, &len);
    assert_int_equal(len, n);
    assert_memory_equal(now, big, n);
    free(now);
    free(big);
    test_dir_remove(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_write_then_read_back),
        cmocka_unit_test(test_writer_writes_what_the_reader_takes),
        cmocka_unit_test(test_lenient_reading),
        cmocka_unit_test(test_damaged_lines_named_and_the_rest_kept),
        cmocka_unit_test(test_unreadable_file_named_and_kept_aside),
        cmocka_unit_test(test_damaged_files_kept_under_numbered_names),
        cmocka_unit_test(test_named_pipe_refused_at_once),
        cmocka_unit_test(test_xdg_config_home),
        cmocka_unit_test(test_a_save_waits_for_the_lock),
        cmocka_unit_test(test_two_games_keep_each_others_changes),
        cmocka_unit_test(test_unknown_settings_kept),
    };
    return cmocka_run_group_tests_name("settings", tests, NULL, NULL);
}
