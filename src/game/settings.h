/* SPDX-License-Identifier: MIT */
/* settings.h - the player's settings: volumes, fullscreen, the window's
 * size, the minimap shown at the start, the text size, the colours and the
 * key bindings,
 * kept in a small text file ($XDG_CONFIG_HOME/isodroid/settings, else
 * ~/.config/isodroid/settings) written atomically. No SDL: keys are SDL key
 * names as text (bindings.h). The caller owns the Settings (plain values, no
 * allocation); settings_path_default's path is malloc'd.
 *
 * The file, one setting a line, "NAME = VALUE" or "NAME: VALUE":
 *   # isodroid settings 1
 *   master_volume = 100          0 to 100 (a '%' after it is allowed)
 *   effects_volume = 100         0 to 100
 *   music_volume = 60            0 to 100
 *   fullscreen = no              yes/no (true/false, on/off, 1/0)
 *   window_size = 1280x720       64x64 to 8192x8192, as --size
 *   minimap = yes                the minimap shown when a level starts
 *   text_size = 100              80 to 150 (%)
 *   colours = standard           standard or colour-blind (mapcolor.h's palettes)
 *   language = system            system (LANG, LC_MESSAGES), en or de (written only when not system)
 *   key.pause = Space or P       an action's keys (bindings.h names), up to
 *                                BIND_KEYS_MAX joined by " or "; "none": no key
 * Only the actions the player rebound have a "key." line; the others take
 * the table's defaults, so new defaults reach them.
 *
 * Reading is lenient where nothing is lost: a byte-order mark, CRLF line
 * ends, trailing spaces, blank lines and '#' comment lines are no damage,
 * and neither is a setting this version does not know (a later version's:
 * a NAME of letters, digits, '_', '.' and '-', from a letter, "key." and an
 * action it does not know included): it is not read, and each save writes
 * its line back as it was, after the known settings. A line that is
 * damaged (no NAME = VALUE, a NAME of other bytes, a bad value, a setting
 * given twice, a key another action has) is named FILE:LINE and ignored;
 * the other lines are read. A file that does not read at all (no "# isodroid settings"
 * line first, a NUL byte, too large, unreadable) is named and ignored: the
 * defaults stand. Either file is never written over: before new settings are
 * saved it is moved aside to FILE.bad, or when that is taken FILE.bad.1,
 * FILE.bad.2 ... up to SETTINGS_BAD_MAX names (never over an older one);
 * when all are taken the settings are not saved and the error says which
 * files to remove. A folder, a named pipe, a device or a socket at the path
 * is refused at once, without waiting on it, when reading (ignored) and when
 * saving (not saved); it is not moved.
 *
 * The writer never writes what the reader refuses: numbers are written
 * within their ranges, and keys that bindings_set or the reader would refuse
 * make settings_save refuse, with the reason.
 *
 * Two games may share the file. A save takes FILE.lock (as the progress
 * file does), reads the file as it is then and writes, atomically, the
 * settings this game changed since it last read or wrote the file over
 * what the file holds, so one game never writes its stale values over
 * another's change. A Settings remembers what it last read or wrote
 * (Settings.base) to tell its changes; one made by settings_default alone,
 * never read, writes every setting. */
#ifndef ISODROID_SETTINGS_H
#define ISODROID_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bindings.h"
#include "diag.h"

enum {
    SETTINGS_VERSION = 1,            /* "# isodroid settings 1"; a later version is read as far as it is known */
    SETTINGS_MAX_BYTES = 64 << 10,   /* the file: a larger one is not read */
    SETTINGS_LINE_MAX = 1024,        /* bytes of a line: a longer one is damaged */
    SETTINGS_BAD_MAX = 10,           /* damaged files kept aside: FILE.bad, FILE.bad.1 ... FILE.bad.9 */
    SETTINGS_LOCK_WAIT_MS = 1000,    /* how long a save waits for another game's lock */
    SETTINGS_ERROR_MAX = 512,        /* bytes of Settings.error */
    SETTINGS_VOLUME_MAX = 100,       /* volumes 0 to 100 */
    SETTINGS_MUSIC_DEFAULT = 60,     /* the music a little under the effects */
    SETTINGS_WINDOW_MIN = 64,        /* window sides 64 to 8192, as isodroid --size */
    SETTINGS_WINDOW_MAX = 8192,
    SETTINGS_TEXT_MIN = 80,          /* text size, percent */
    SETTINGS_TEXT_MAX = 150,
    SETTINGS_NUMBERS = 9,            /* the settings not keys: volumes, fullscreen, window, minimap, text, colours, language */
};

/* The language setting: the system's, or one the game has a translation for (i18n.h). */
typedef enum SettingsLanguage { SETTINGS_LANG_SYSTEM, SETTINGS_LANG_EN, SETTINGS_LANG_DE, SETTINGS_LANG_COUNT } SettingsLanguage;
/* "system", "en", "de": the file's word, and i18n_set_language's. */
const char *settings_language_code(SettingsLanguage l);

/* An action's keys as the player set them. */
typedef struct SettingsKeys {
    bool set;                             /* the player's keys; false: the action's defaults */
    int count;                            /* 0 to BIND_KEYS_MAX (0: no key) */
    char key[BIND_KEYS_MAX][BIND_NAME_MAX]; /* bindings_normalize's spelling */
} SettingsKeys;

struct Settings {
    int master_volume;   /* 0 to 100 */
    int effects_volume;  /* 0 to 100 */
    int music_volume;    /* 0 to 100 */
    bool fullscreen;
    int window_w, window_h; /* the window's size, remembered */
    bool minimap;        /* shown when a level starts */
    int text_size;       /* percent, 80 to 150 */
    bool colour_blind;   /* the colour-blind safe palette (mapcolor.h) */
    SettingsLanguage language; /* the text's language */
    SettingsKeys keys[BIND_COUNT];
    BindKeyCheck key_check; /* names the key names read or set (settings_load's; NULL: any printable name) */
    /* What the file held as this game last read or wrote it: a save writes
     * the settings that differ from it over the file as it is then. */
    struct SettingsBase {
        bool known;                        /* false: never read (settings_default): a save writes every setting */
        int64_t number[SETTINGS_NUMBERS];  /* each setting that is not keys as one number (settings.c) */
        SettingsKeys keys[BIND_COUNT];
    } base;
    char error[SETTINGS_ERROR_MAX]; /* "" or what reading ignored, or why saving failed: for the screen */
};

/* What settings_load found. */
typedef enum SettingsLoad {
    SETTINGS_READ,    /* the file read whole, or there is none (the defaults) */
    SETTINGS_PARTLY,  /* some lines were damaged and ignored; the rest is read */
    SETTINGS_IGNORED, /* the file did not read at all: the defaults stand */
} SettingsLoad;

/* The defaults: volumes 100 (music 60), a 1280x720 window, not fullscreen, the minimap
 * shown, text at 100%, every action on its default keys, no key_check. */
void settings_default(Settings *s);
/* The default file; malloc'd, or NULL when neither XDG_CONFIG_HOME (an
 * absolute path) nor HOME is set. */
char *settings_path_default(void);
/* Reads path into s: the defaults, then what the file sets. A missing file
 * is no error. Always leaves s usable; s->error says what was ignored, the
 * first damaged line as "PATH:LINE: message" and how many more. diags (may be
 * NULL) gets every damaged line's message. key_check is kept in s (for
 * bindings_set and settings_save), and what was read as s->base. */
SettingsLoad settings_load(Settings *s, const char *path, BindKeyCheck key_check, NavDiags *diags);
/* Writes s to path atomically (fileio_write_atomic), making its folder,
 * under FILE.lock: the settings s changed since s->base over the file as it
 * is now (every setting of s when s was never read, or when the file is
 * absent or does not read), and the lines of settings this version does not
 * know as they are; s's own values stay as they are. Where the file's keys
 * and s's changed keys clash, s's keys are written. A damaged file there is
 * kept aside first (see above). False, with why in s->error, when it cannot
 * (path NULL: there is no place for settings); s->error "" and s->base what
 * s holds on success. */
bool settings_save(Settings *s, const char *path);

#endif
