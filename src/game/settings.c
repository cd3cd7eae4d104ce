/* SPDX-License-Identifier: MIT */
/* settings.c - the settings file: a version line, then one "NAME = VALUE"
 * (or "NAME: VALUE") line a setting. Each line is read on its own (a damaged
 * one is named and ignored, an unknown one kept for the next save, the rest
 * read); a save locks FILE.lock, reads the file as it is, puts this game's
 * changes over it, keeps a damaged file aside under a free FILE.bad[.N] name
 * and writes the whole file with fileio_write_atomic. No SDL: key names go
 * through the caller's check. */
#define _POSIX_C_SOURCE 200809L
#include "settings.h"

#include "fileio.h"
#include "num.h"
#include "text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SETTINGS_HEADER "# isodroid settings" /* then the version: "# isodroid settings 1" */

/* the longest line the writer writes is a key line of BIND_KEYS_MAX longest
 * names, and a file of every setting fits what the reader reads */
enum { LONGEST_NAME = 24, SETTINGS_WRITTEN_MAX = 8 * 64 + BIND_COUNT * (LONGEST_NAME + 8 + BIND_KEYS_MAX * (BIND_NAME_MAX + 4)) };
_Static_assert(sizeof "key. = " + LONGEST_NAME + BIND_KEYS_MAX * (BIND_NAME_MAX - 1) + (BIND_KEYS_MAX - 1) * 4 <
                   SETTINGS_LINE_MAX,
               "a key line fits SETTINGS_LINE_MAX");
_Static_assert((long)SETTINGS_WRITTEN_MAX < (long)SETTINGS_MAX_BYTES, "a full settings file fits SETTINGS_MAX_BYTES");

const char *settings_language_code(SettingsLanguage l)
{
    static const char *const codes[SETTINGS_LANG_COUNT] = {"system", "en", "de"};
    return l < SETTINGS_LANG_COUNT ? codes[l] : "system";
}

void settings_default(Settings *s)
{
    memset(s, 0, sizeof *s);
    s->master_volume = SETTINGS_VOLUME_MAX;
    s->effects_volume = SETTINGS_VOLUME_MAX;
    s->music_volume = SETTINGS_MUSIC_DEFAULT;
    s->fullscreen = false;
    s->window_w = 1280;
    s->window_h = 720;
    s->minimap = true;
    s->text_size = 100;
}

char *settings_path_default(void)
{
    return fileio_user_path("XDG_CONFIG_HOME", "/isodroid/settings", "/.config/isodroid/settings");
}

/* ---- reading ------------------------------------------------------------- */

typedef enum FileState {
    FILE_ABSENT,   /* no file: the defaults */
    FILE_WHOLE,    /* every line read */
    FILE_LINES,    /* read, but some lines were damaged and ignored */
    FILE_UNREAD,   /* a regular file that does not read at all: kept aside before a save */
    FILE_NOT_FILE, /* a folder, a named pipe, a device, a socket: ignored, never moved or written over */
} FileState;

typedef struct Reading {
    FileState state;
    int bad_lines;
    char first[300]; /* FILE_LINES: "LINE: message" of the first; FILE_UNREAD / FILE_NOT_FILE: why */
    char *unknown;   /* when not NULL (room for the whole text): the lines of unknown settings, each with its '\n' */
    size_t unknown_len;
} Reading;

/* One setting's name and what it reads; each is set once in a file. The
 * keys of action a are setting SET_KEYS + a. */
enum {
    SET_MASTER, SET_EFFECTS, SET_MUSIC, SET_FULLSCREEN, SET_WINDOW, SET_MINIMAP, SET_TEXT, SET_COLOURS, SET_LANGUAGE, SET_KEYS,
    SET_COUNT = SET_KEYS + BIND_COUNT
};
_Static_assert((int)SET_KEYS == (int)SETTINGS_NUMBERS, "Settings.base holds a number for each setting before the keys");
static const char *const setting_names[SET_KEYS] = {"master_volume", "effects_volume", "music_volume", "fullscreen",
                                                    "window_size",   "minimap",        "text_size",    "colours",
                                                    "language"};

/* What a line is. */
typedef enum LineRead { LINE_SET, LINE_DAMAGED, LINE_UNKNOWN } LineRead;

/* text for a message: control bytes escaped, cut after 60 bytes */
static const char *shown(const char *s, char *out, size_t size)
{
    char cut[64];
    size_t n = strlen(s);
    if (n > 60) {
        memcpy(cut, s, 57);
        memcpy(cut + 57, "...", 4);
        s = cut;
    }
    return text_escape(s, out, size);
}

static bool parse_bool(const char *v, bool *out)
{
    static const char *const yes[] = {"yes", "true", "on", "1"}, *const no[] = {"no", "false", "off", "0"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        if (!strcasecmp(v, yes[i]))
            return *out = true, true;
        if (!strcasecmp(v, no[i]))
            return *out = false, true;
    }
    return false;
}

/* a whole number in [min, max], a '%' after it allowed */
static bool parse_percent(const char *v, int min, int max, int *out)
{
    char num[32];
    size_t n = strlen(v);
    if (n > 0 && v[n - 1] == '%')
        n--;
    if (n == 0 || n >= sizeof num)
        return false;
    memcpy(num, v, n);
    num[n] = '\0';
    return num_parse_int(num, min, max, out) == NUM_OK;
}

static bool parse_size(const char *v, int *w, int *h)
{
    const char *end;
    long x, y;
    if (num_scan_long(v, &end, SETTINGS_WINDOW_MIN, SETTINGS_WINDOW_MAX, &x) != NUM_OK || (*end != 'x' && *end != 'X'))
        return false;
    if (num_parse_long(end + 1, SETTINGS_WINDOW_MIN, SETTINGS_WINDOW_MAX, &y) != NUM_OK)
        return false;
    *w = (int)x;
    *h = (int)y;
    return true;
}

/* Splits "Space or P" in place at each " or " (any case); how many names,
 * max + 1 when there are more. */
static int split_keys(char *v, char *names[], int max)
{
    int n = 0;
    for (char *s = v;;) {
        if (n == max)
            return max + 1;
        names[n++] = s;
        char *sep = NULL;
        for (char *c = s; *c && !sep; c++)
            if (!strncasecmp(c, " or ", 4))
                sep = c;
        if (!sep)
            return n;
        *sep = '\0';
        s = sep + 4;
    }
}

/* A name a later version may give a setting: letters, digits, '_', '.'
 * and '-', from a letter. */
static bool setting_name_ok(const char *name)
{
    if (!((*name >= 'a' && *name <= 'z') || (*name >= 'A' && *name <= 'Z')))
        return false;
    for (const char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' ||
              *c == '.' || *c == '-'))
            return false;
    return true;
}

/* Setting id's value (action: a key.NAME's) into s; false with the reason in why. */
static bool parse_value(Settings *s, int id, BindAction action, const char *name, char *value, char *why,
                        size_t why_size)
{
    bool ok = true;
    char a[200], b[200];
    switch (id) {
    case SET_MASTER:
    case SET_EFFECTS:
    case SET_MUSIC:
        ok = parse_percent(value, 0, SETTINGS_VOLUME_MAX,
                           id == SET_MASTER ? &s->master_volume
                           : id == SET_EFFECTS ? &s->effects_volume
                                               : &s->music_volume);
        if (!ok)
            text_format(why, why_size, "%s wants a whole number from 0 to %d, not '%s'", name, SETTINGS_VOLUME_MAX,
                shown(value, a, sizeof a));
        break;
    case SET_FULLSCREEN:
    case SET_MINIMAP:
        ok = parse_bool(value, id == SET_FULLSCREEN ? &s->fullscreen : &s->minimap);
        if (!ok)
            text_format(why, why_size, "%s wants yes or no, not '%s'", name, shown(value, a, sizeof a));
        break;
    case SET_WINDOW:
        ok = parse_size(value, &s->window_w, &s->window_h);
        if (!ok)
            text_format(why, why_size, "%s wants WxH from %dx%d to %dx%d, not '%s'", name, SETTINGS_WINDOW_MIN,
                SETTINGS_WINDOW_MIN, SETTINGS_WINDOW_MAX, SETTINGS_WINDOW_MAX, shown(value, a, sizeof a));
        break;
    case SET_COLOURS:
        ok = !strcasecmp(value, "standard") || !strcasecmp(value, "colour-blind") || !strcasecmp(value, "color-blind");
        if (ok)
            s->colour_blind = strcasecmp(value, "standard") != 0;
        else
            text_format(why, why_size, "%s wants standard or colour-blind, not '%s'", name, shown(value, a, sizeof a));
        break;
    case SET_LANGUAGE:
        ok = false;
        for (int l = 0; l < SETTINGS_LANG_COUNT && !ok; l++)
            if (!strcasecmp(value, settings_language_code((SettingsLanguage)l))) {
                s->language = (SettingsLanguage)l;
                ok = true;
            }
        if (!ok)
            text_format(why, why_size, "%s wants system, en or de, not '%s'", name, shown(value, a, sizeof a));
        break;
    case SET_TEXT:
        ok = parse_percent(value, SETTINGS_TEXT_MIN, SETTINGS_TEXT_MAX, &s->text_size);
        if (!ok)
            text_format(why, why_size, "%s wants a whole number (percent) from %d to %d, not '%s'", name, SETTINGS_TEXT_MIN,
                SETTINGS_TEXT_MAX, shown(value, a, sizeof a));
        break;
    default: {
        char *names[BIND_KEYS_MAX + 1];
        int n = 0;
        if (!value[0]) {
            text_format(why, why_size, "%s wants key names joined by ' or ' ('none': no key)", name);
            return false;
        }
        if (strcasecmp(value, "none") && (n = split_keys(value, names, BIND_KEYS_MAX)) > BIND_KEYS_MAX) {
            text_format(why, why_size, "%s: at most %d keys", name, BIND_KEYS_MAX);
            return false;
        }
        char err[240];
        ok = bindings_set(s, action, (const char *const *)names, n, NULL, err, sizeof err);
        if (!ok)
            text_format(why, why_size, "%s: %s", name, shown(err, b, sizeof b));
        break;
    }
    }
    return ok;
}

/* One "NAME = VALUE" line (trimmed, NUL-terminated, cut in place) into s;
 * LINE_DAMAGED with the reason in why, LINE_UNKNOWN (nothing read) for a
 * setting this version does not know. seen[] holds the line each setting
 * was first set on. */
static LineRead parse_line(Settings *s, char *line, int line_no, int seen[], char *why, size_t why_size)
{
    char a[200];
    char *sep = line + strcspn(line, "=:");
    if (!*sep) {
        text_format(why, why_size, "'%s' is no setting (NAME = VALUE)", shown(line, a, sizeof a));
        return LINE_DAMAGED;
    }
    char *name = line, *value = sep + 1, *end = sep;
    while (end > name && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    *end = '\0';
    while (*value == ' ' || *value == '\t')
        value++;
    int id = -1;
    BindAction action = BIND_NONE;
    for (int i = 0; i < SET_KEYS; i++)
        if (!strcmp(name, setting_names[i]))
            id = i;
    if (id < 0 && !strncmp(name, "key.", 4) && (action = bindings_by_name(name + 4)) != BIND_NONE)
        id = SET_KEYS + action;
    if (id < 0 && setting_name_ok(name))
        return LINE_UNKNOWN; /* a later version's: kept as it is */
    if (id < 0) {
        text_format(why, why_size, "unknown setting '%s'", shown(name, a, sizeof a));
        return LINE_DAMAGED;
    }
    if (seen[id]) {
        text_format(why, why_size, "%s is set again (first on line %d)", name, seen[id]);
        return LINE_DAMAGED;
    }
    if (!parse_value(s, id, action, name, value, why, why_size))
        return LINE_DAMAGED;
    seen[id] = line_no;
    return LINE_SET;
}

/* The header: "# isodroid settings N", N a version from 1 on. */
static bool header_ok(const char *line)
{
    size_t n = strlen(SETTINGS_HEADER);
    int version;
    return !strncmp(line, SETTINGS_HEADER, n) && line[n] == ' ' &&
           num_parse_int(line + n + 1, 1, 1000000, &version) == NUM_OK;
}

/* The whole text of path into *text; false, with why in r (FILE_ABSENT,
 * FILE_NOT_FILE or FILE_UNREAD), when it cannot be read. */
static bool read_text(const char *path, char **text, size_t *len, Reading *r)
{
    int err = 0;
    switch (fileio_read_all(path, SETTINGS_MAX_BYTES, text, len, &err)) {
    case FILEIO_READ_OK: break;
    case FILEIO_READ_CANNOT_OPEN:
        if (err == ENOENT) {
            r->state = FILE_ABSENT;
            break;
        }
        r->state = err == FILEIO_ENOTREG ? FILE_NOT_FILE : FILE_UNREAD;
        text_format(r->first, sizeof r->first, err == FILEIO_ENOTREG ? "is %s" : "cannot be read (%s)", fileio_strerror(err));
        break;
    case FILEIO_READ_FOLDER:
        r->state = FILE_NOT_FILE;
        text_format(r->first, sizeof r->first, "is a folder");
        break;
    case FILEIO_READ_TOO_LARGE:
        r->state = FILE_UNREAD;
        text_format(r->first, sizeof r->first, "is larger than %d bytes", SETTINGS_MAX_BYTES);
        break;
    case FILEIO_READ_FAILED:
        r->state = FILE_UNREAD;
        text_format(r->first, sizeof r->first, "cannot be read (%s)", strerror(err));
        break;
    case FILEIO_READ_NO_MEMORY:
        r->state = FILE_UNREAD;
        text_format(r->first, sizeof r->first, "cannot be read (out of memory)");
        break;
    }
    return r->state == FILE_WHOLE;
}

/* A setting's line (blanks cut, n bytes) into s; a bad one is counted in r,
 * the first kept as r->first, each told to diags; an unknown one kept in
 * r->unknown as it is. */
static void read_setting(Settings *s, char *line, size_t n, int line_no, int *seen, const char *path,
                         NavDiags *diags, Reading *r)
{
    char why[240];
    LineRead got = LINE_DAMAGED;
    if (n > SETTINGS_LINE_MAX) {
        text_format(why, sizeof why, "line longer than %d bytes", SETTINGS_LINE_MAX);
    } else {
        if (r->unknown) { /* kept before parse_line cuts it, dropped unless it is unknown */
            memcpy(r->unknown + r->unknown_len, line, n);
            r->unknown[r->unknown_len + n] = '\n';
        }
        got = parse_line(s, line, line_no, seen, why, sizeof why);
        if (got == LINE_UNKNOWN && r->unknown)
            r->unknown_len += n + 1;
    }
    if (got == LINE_DAMAGED) {
        if (r->bad_lines++ == 0)
            text_format(r->first, sizeof r->first, "%d: %s", line_no, why);
        if (diags)
            nav_diag_add(diags, path, line_no, 0, "%s", why);
    }
}

/* The text's lines into s: the header first, then comments and settings;
 * a text that is not a settings file leaves r FILE_UNREAD. The text is
 * cut into lines in place. */
static void read_lines(Settings *s, char *text, size_t len, const char *path, NavDiags *diags, Reading *r)
{
    char *p = text, *end = text + len;
    if (len >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
        p += 3; /* a byte-order mark, as some editors save */
    if (memchr(p, '\0', (size_t)(end - p))) {
        r->state = FILE_UNREAD;
        text_format(r->first, sizeof r->first, "holds a NUL byte: not a text file");
    }
    int seen[SET_KEYS + BIND_COUNT] = {0};
    bool header = false;
    for (int line_no = 1; p < end && r->state == FILE_WHOLE; line_no++) {
        char *nl = memchr(p, '\n', (size_t)(end - p)), *stop = nl ? nl : end, *line = p;
        p = nl ? nl + 1 : end;
        size_t n = (size_t)(stop - line);
        while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
            n--; /* CRLF and trailing blanks */
        line[n] = '\0';
        while (*line == ' ' || *line == '\t')
            line++, n--;
        if (n == 0)
            continue; /* a blank line holds nothing */
        if (!header) {
            header = true; /* the first line that holds something */
            if (!header_ok(line)) {
                r->state = FILE_UNREAD;
                text_format(r->first, sizeof r->first, "is no settings file (its first line is not '%s %d')", SETTINGS_HEADER,
                    SETTINGS_VERSION);
            }
            continue;
        }
        if (line[0] == '#')
            continue; /* a comment */
        read_setting(s, line, n, line_no, seen, path, diags, r);
    }
}

/* Reads path into s (which holds the defaults). diags may be NULL. With
 * `unknown`, the lines of unknown settings are kept in r.unknown (malloc'd,
 * or NULL when the file does not read). */
static Reading read_file(Settings *s, const char *path, NavDiags *diags, bool unknown)
{
    Reading r = {FILE_WHOLE, 0, "", NULL, 0};
    char *text = NULL;
    size_t len = 0;
    if (!read_text(path, &text, &len, &r)) {
        if (r.state != FILE_ABSENT && diags)
            nav_diag_add(diags, path, 0, 0, "%s", r.first);
        return r;
    }
    if (unknown && !(r.unknown = malloc(len + 1))) { /* a line and its '\n' take at most its bytes and one */
        r.state = FILE_UNREAD;
        text_format(r.first, sizeof r.first, "cannot be read (out of memory)");
        free(text);
        return r;
    }
    read_lines(s, text, len, path, diags, &r);
    free(text);
    if (r.state == FILE_UNREAD && diags)
        nav_diag_add(diags, path, 0, 0, "%s", r.first);
    if (r.state == FILE_WHOLE && r.bad_lines)
        r.state = FILE_LINES;
    return r;
}

/* ---- damaged files kept aside ------------------------------------------- */

/* What stands in the way of keeping path aside, when all names are taken. */
static void all_taken(char *out, size_t n, const char *path)
{
    const char *base = text_base_name(path);
    text_format(out, n, "%d damaged copies are kept already (%s.bad to %s.bad.%d); remove some", SETTINGS_BAD_MAX, base,
        base, SETTINGS_BAD_MAX - 1);
}

/* "kept as settings.bad when settings are next saved", or what stands in the way. */
static void kept_as(const char *path, char *out, size_t n)
{
    int err;
    char *name = fileio_free_bad_name(path, SETTINGS_BAD_MAX, &err);
    if (name)
        text_format(out, n, "kept as %s when settings are next saved", text_base_name(name));
    else if (err)
        text_format(out, n, "not written over (%s)", strerror(err));
    else {
        char why[200];
        all_taken(why, sizeof why, path);
        text_format(out, n, "not written over: %s", why);
    }
    free(name);
}

static void describe(Settings *s, const char *path, const Reading *r)
{
    char kept[300];
    if (r->state == FILE_NOT_FILE) {
        text_format(s->error, sizeof s->error, "settings file %s %s: ignored, the defaults stand", path, r->first);
        return;
    }
    kept_as(path, kept, sizeof kept);
    if (r->state == FILE_UNREAD)
        text_format(s->error, sizeof s->error, "settings file %s %s: ignored, the defaults stand; it is %s", path, r->first,
            kept);
    else if (r->bad_lines == 1)
        text_format(s->error, sizeof s->error, "settings %s:%s; that line is ignored, the rest is read; the file is %s", path,
            r->first, kept);
    else
        text_format(s->error, sizeof s->error,
            "settings %s:%s; %d lines are ignored (that is the first), the rest is read; the file is %s", path,
            r->first, r->bad_lines, kept);
}

/* ---- what this game changed --------------------------------------------- */

/* Setting id (below SET_KEYS) as one number. */
static int64_t setting_number(const Settings *s, int id)
{
    switch (id) {
    case SET_MASTER: return s->master_volume;
    case SET_EFFECTS: return s->effects_volume;
    case SET_MUSIC: return s->music_volume;
    case SET_FULLSCREEN: return s->fullscreen;
    case SET_WINDOW: return (int64_t)s->window_w * ((int64_t)1 << 32) + (uint32_t)s->window_h;
    case SET_MINIMAP: return s->minimap;
    case SET_COLOURS: return s->colour_blind;
    case SET_LANGUAGE: return s->language;
    default: return s->text_size;
    }
}

static bool keys_same(const SettingsKeys *a, const SettingsKeys *b)
{
    if (a->set != b->set || (a->set && a->count != b->count))
        return false;
    for (int i = 0; a->set && i < a->count && i < BIND_KEYS_MAX; i++)
        if (strncmp(a->key[i], b->key[i], BIND_NAME_MAX))
            return false;
    return true;
}

/* Has this game changed setting id since it last read or wrote the file? */
static bool changed(const Settings *s, int id)
{
    if (!s->base.known)
        return true;
    if (id < SET_KEYS)
        return setting_number(s, id) != s->base.number[id];
    return !keys_same(&s->keys[id - SET_KEYS], &s->base.keys[id - SET_KEYS]);
}

/* What s holds is what the file holds (s read it, or wrote it). */
static void note_base(Settings *s)
{
    s->base.known = true;
    for (int id = 0; id < SET_KEYS; id++)
        s->base.number[id] = setting_number(s, id);
    memcpy(s->base.keys, s->keys, sizeof s->keys);
}

/* Setting id of to as from has it. */
static void take_setting(Settings *to, const Settings *from, int id)
{
    switch (id) {
    case SET_MASTER: to->master_volume = from->master_volume; break;
    case SET_EFFECTS: to->effects_volume = from->effects_volume; break;
    case SET_MUSIC: to->music_volume = from->music_volume; break;
    case SET_FULLSCREEN: to->fullscreen = from->fullscreen; break;
    case SET_WINDOW: to->window_w = from->window_w, to->window_h = from->window_h; break;
    case SET_MINIMAP: to->minimap = from->minimap; break;
    case SET_TEXT: to->text_size = from->text_size; break;
    case SET_COLOURS: to->colour_blind = from->colour_blind; break;
    case SET_LANGUAGE: to->language = from->language; break;
    default: to->keys[id - SET_KEYS] = from->keys[id - SET_KEYS]; break;
    }
}

SettingsLoad settings_load(Settings *s, const char *path, BindKeyCheck key_check, NavDiags *diags)
{
    settings_default(s);
    s->key_check = key_check;
    SettingsLoad got = SETTINGS_READ;
    Reading r = {FILE_ABSENT, 0, "", NULL, 0};
    if (path)
        r = read_file(s, path, diags, false);
    switch (r.state) {
    case FILE_ABSENT:
    case FILE_WHOLE: break;
    case FILE_LINES:
        describe(s, path, &r);
        got = SETTINGS_PARTLY;
        break;
    case FILE_UNREAD:
    case FILE_NOT_FILE:
        settings_default(s); /* nothing of it stands */
        s->key_check = key_check;
        describe(s, path, &r);
        got = SETTINGS_IGNORED;
        break;
    }
    note_base(s);
    return got;
}

/* ---- writing ------------------------------------------------------------- */

static int clamp(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The file's text (malloc'd, *len bytes): s's settings, then the `extra`
 * lines (unknown settings, extra_len bytes) as they are; or NULL with why in
 * s->error: the keys are replayed as the reader will read them, so what it
 * refuses is not written, nor a file larger than it reads. */
static char *format(Settings *s, const char *extra, size_t extra_len, size_t *len)
{
    Settings check;
    settings_default(&check);
    check.key_check = s->key_check;
    size_t cap = SETTINGS_WRITTEN_MAX + extra_len, n = 0;
    char *text = malloc(cap);
    if (!text) {
        text_format(s->error, sizeof s->error, "settings not saved: out of memory");
        return NULL;
    }
    n += (size_t)snprintf(text + n, cap - n,
                          "%s %d\n"
                          "master_volume = %d\n"
                          "effects_volume = %d\n"
                          "music_volume = %d\n"
                          "fullscreen = %s\n"
                          "window_size = %dx%d\n"
                          "minimap = %s\n"
                          "text_size = %d\n"
                          "colours = %s\n",
                          SETTINGS_HEADER, SETTINGS_VERSION, clamp(s->master_volume, 0, SETTINGS_VOLUME_MAX),
                          clamp(s->effects_volume, 0, SETTINGS_VOLUME_MAX),
                          clamp(s->music_volume, 0, SETTINGS_VOLUME_MAX), s->fullscreen ? "yes" : "no",
                          clamp(s->window_w, SETTINGS_WINDOW_MIN, SETTINGS_WINDOW_MAX),
                          clamp(s->window_h, SETTINGS_WINDOW_MIN, SETTINGS_WINDOW_MAX), s->minimap ? "yes" : "no",
                          clamp(s->text_size, SETTINGS_TEXT_MIN, SETTINGS_TEXT_MAX),
                          s->colour_blind ? "colour-blind" : "standard");
    if (s->language != SETTINGS_LANG_SYSTEM && s->language < SETTINGS_LANG_COUNT) /* the default unwritten */
        n += (size_t)snprintf(text + n, cap - n, "language = %s\n", settings_language_code(s->language));
    for (int a = 0; a < BIND_COUNT; a++) {
        const SettingsKeys *k = &s->keys[a];
        if (!k->set)
            continue;
        const char *names[BIND_KEYS_MAX];
        int count = k->count;
        char err[240];
        bool ok = count >= 0 && count <= BIND_KEYS_MAX;
        for (int i = 0; ok && i < count; i++) {
            ok = memchr(k->key[i], '\0', sizeof k->key[i]) != NULL;
            names[i] = k->key[i];
        }
        if (!ok)
            text_format(err, sizeof err, "more keys than %d, or a name too long", BIND_KEYS_MAX);
        else
            ok = bindings_set(&check, (BindAction)a, names, count, NULL, err, sizeof err);
        if (!ok) {
            char e[300];
            text_format(s->error, sizeof s->error, "settings not saved: key.%s: %s", bindings_info((BindAction)a)->name,
                shown(err, e, sizeof e));
            free(text);
            return NULL;
        }
        n += (size_t)snprintf(text + n, cap - n, "key.%s = ", bindings_info((BindAction)a)->name);
        for (int i = 0; i < count; i++)
            n += (size_t)snprintf(text + n, cap - n, "%s%s", i ? " or " : "", check.keys[a].key[i]);
        n += (size_t)snprintf(text + n, cap - n, "%s\n", count ? "" : "none");
    }
    if (n + extra_len > SETTINGS_MAX_BYTES) {
        text_format(s->error, sizeof s->error,
            "settings not saved: with the %zu bytes of settings this version does not know, the file would be "
            "larger than %d bytes", extra_len, SETTINGS_MAX_BYTES);
        free(text);
        return NULL;
    }
    if (extra_len)
        memcpy(text + n, extra, extra_len);
    *len = n + extra_len;
    return text;
}

/* The text to write (malloc'd, *len bytes) under the lock: the settings s
 * changed over `now`, the file as it is (read as r), and its unknown
 * settings; every setting of s when there is nothing to put them over.
 * Where now's keys clash with s's changed ones, s's keys stand, all of
 * them. NULL with why in s->error. */
static char *merge(Settings *s, const Settings *now, const Reading *r, size_t *len)
{
    bool over = s->base.known && (r->state == FILE_WHOLE || r->state == FILE_LINES);
    Settings out = *s;
    for (int id = 0; over && id < SET_COUNT; id++)
        if (!changed(s, id))
            take_setting(&out, now, id);
    const char *extra = over ? r->unknown : NULL;
    size_t extra_len = over ? r->unknown_len : 0;
    char *text = format(&out, extra, extra_len, len);
    if (!text && over) { /* now's keys and s's clash: s's keys, which format takes, stand */
        memcpy(out.keys, s->keys, sizeof out.keys);
        text = format(&out, extra, extra_len, len);
    }
    if (!text)
        memcpy(s->error, out.error, sizeof s->error);
    return text;
}

/* Moves the damaged file aside to the first free FILE.bad[.N], never over
 * another one kept before. */
static bool keep_damaged(Settings *s, const char *path)
{
    int err;
    char *bad = fileio_free_bad_name(path, SETTINGS_BAD_MAX, &err);
    if (!bad) {
        char why[200];
        if (err)
            text_format(why, sizeof why, "cannot keep it aside (%s)", strerror(err));
        else
            all_taken(why, sizeof why, path);
        text_format(s->error, sizeof s->error, "settings not saved: %s is damaged and %s", path, why);
        return false;
    }
    char *real = fileio_beside(path, "");
    bool ok = real && (rename(real, bad) == 0 || errno == ENOENT);
    if (!ok)
        text_format(s->error, sizeof s->error, "settings not saved: cannot keep the damaged %s as %s (%s)", path, bad,
            real ? strerror(errno) : "out of memory");
    free(real);
    free(bad);
    return ok;
}

/* A folder, a named pipe, a device or a socket at path (after its links):
 * refused before anything is opened or waited on. */
static bool not_a_file(Settings *s, const char *path)
{
    char err[200];
    char *real = fileio_resolve(path, err, sizeof err);
    if (!real) {
        text_format(s->error, sizeof s->error, "settings not saved: %s", err);
        return true;
    }
    struct stat sb;
    bool refused = stat(real, &sb) == 0 && !S_ISREG(sb.st_mode);
    if (refused)
        text_format(s->error, sizeof s->error, "settings not saved: %s is %s", path,
            S_ISDIR(sb.st_mode) ? "a folder" : "not a regular file");
    free(real);
    return refused;
}

bool settings_save(Settings *s, const char *path)
{
    s->error[0] = '\0';
    if (!path) {
        text_format(s->error, sizeof s->error, "settings not saved: no place for them (neither XDG_CONFIG_HOME nor HOME)");
        return false;
    }
    size_t len = 0;
    char *text = format(s, NULL, 0, &len); /* what s holds must be writable before the file is touched */
    if (!text)
        return false;
    free(text);
    text = NULL;
    bool ok = !not_a_file(s, path);
    if (ok && !(ok = fileio_make_dirs_for(path)))
        text_format(s->error, sizeof s->error, "settings not saved: cannot make the folder of %s (%s)", path,
            strerror(errno));
    char why[300] = "";
    int fd = ok ? fileio_lock_beside(path, SETTINGS_LOCK_WAIT_MS, why, sizeof why) : -1;
    if (ok && fd == -1)
        text_format(s->error, sizeof s->error, "settings not saved: %s", why);
    if (fd == -1)
        ok = false;
    if (ok) {
        /* the file as it is now: this game's changes go over it (another
         * game may have written it since); damaged (by hand, or by another
         * version), it is kept aside once the new text is made */
        Settings now;
        settings_default(&now);
        now.key_check = s->key_check;
        Reading r = read_file(&now, path, NULL, true);
        if (r.state == FILE_NOT_FILE)
            ok = !not_a_file(s, path); /* came meanwhile */
        ok = ok && (text = merge(s, &now, &r, &len)) != NULL;
        if (ok && (r.state == FILE_LINES || r.state == FILE_UNREAD))
            ok = keep_damaged(s, path);
        free(r.unknown);
    }
    char err[300];
    if (ok && !(ok = fileio_write_atomic(path, text, len, err, sizeof err)))
        text_format(s->error, sizeof s->error, "settings not saved: %s", err);
    if (fd >= 0)
        close(fd); /* unlocks */
    free(text);
    if (ok)
        note_base(s);
    return ok;
}
