/* SPDX-License-Identifier: MIT */
/* bindings.h - the one table of the game's actions: what each does, its
 * default keys, its label for the settings screen and the row it shows in on
 * the help screen and in README.md's control tables. Input, the help, the
 * settings screen and tests/platform/test_bindings.c (which checks the README against
 * it) all read this table. No SDL: keys are SDL key NAMES as text ("Space",
 * "P", "PageDown", "Keypad 8"), with "Ctrl+", "Shift+" and "Alt+" before the
 * name for a chord ("Ctrl+Shift+Z"); the SDL side turns a key event into such
 * a name (SDL_GetKeyName and bindings_chord) and a name into a key
 * (SDL_GetKeyFromName). Names compare without regard to case, as SDL's do.
 *
 * Where an action acts: a mask of BIND_IN_* (playing, the editor, a panel or
 * question, the unsaved-edits question). Two actions that act in a same place
 * never share a key: the defaults are made so (tested), and a user's binding
 * that would is refused (bindings_set, settings_load).
 *
 * The user's keys (Settings.keys, set in the settings file or the settings
 * screen) replace an action's defaults. A user's key also takes that key from
 * the defaults of any other action acting in a same place: binding P to
 * Restart leaves Pause with Space alone. Fixed actions (BIND_BACK, so there
 * is always a way out, and those of the mouse alone) cannot be rebound, nor
 * can their keys be taken; in the editor the digits pick the palette.
 *
 * Allocates nothing; the table is static. */
#ifndef ISODROID_BINDINGS_H
#define ISODROID_BINDINGS_H

#include <stdbool.h>
#include <stddef.h>

enum {
    BIND_KEYS_MAX = 3,  /* keys an action has: zoom in takes +, = (where + is Shift+=) and Keypad + */
    BIND_NAME_MAX = 48, /* bytes of a key's name with its modifiers, NUL included ("Ctrl+Shift+Alt+" + 32) */
    BIND_TEXT_MAX = 192, /* bytes of an action's or a row's keys as text (bindings_keys_text, bindings_row_text) */
};

/* Where an action acts. */
enum {
    BIND_IN_PLAY = 1,   /* playing, the result panel included */
    BIND_IN_EDITOR = 2, /* the level editor */
    BIND_IN_MENU = 4,   /* the pause panel, the quit question (and the other panels to come) */
    BIND_IN_ASK = 8,    /* the unsaved-edits question */
    BIND_IN_ALL = 15,
};

/* Modifiers held, for bindings_chord. */
enum { BIND_MOD_CTRL = 1, BIND_MOD_SHIFT = 2, BIND_MOD_ALT = 4 };

/* The actions, in the order of the help and the README. Consecutive actions
 * whose rows join (BindInfo.help NULL) show in one row. */
typedef enum BindAction {
    BIND_NONE = -1,
    BIND_WALK,          /* left click: walk to the tile */
    BIND_FOLLOW,        /* the left button held: follow the pointer */
    BIND_LURE,          /* aim a lure (then a left click throws it); a right click throws one at once */
    BIND_PLAN_LEG,      /* Shift+click: a walk added to the plan (Shift+right click: a lure) */
    BIND_PLAN_WAIT,     /* half a second of waiting added to the plan */
    BIND_PLAN_UNWAIT,   /* ... taken off */
    BIND_STEP_UP,       /* step one tile, in screen directions; in a panel, the choice up */
    BIND_STEP_DOWN,     /* ... the choice down */
    BIND_STEP_LEFT,
    BIND_STEP_RIGHT,
    BIND_STEP_UP_LEFT,
    BIND_STEP_UP_RIGHT,
    BIND_STEP_DOWN_LEFT,
    BIND_STEP_DOWN_RIGHT,
    BIND_PAUSE,         /* pause / resume; after a win, the next level; in the pause panel, resume */
    BIND_REWIND,        /* go back 3 seconds */
    BIND_RESTART,       /* restart the level (also in the pause panel) */
    BIND_CONFIRM,       /* after a win, the next level; with a plan, it runs; in a panel, the chosen item */
    BIND_SOUND,         /* sound on / off */
    BIND_MINIMAP_WALK,  /* a click on the minimap: walk there */
    BIND_PAN_UP,        /* pan (mouse: right or middle drag); in a panel, W and S move the choice */
    BIND_PAN_LEFT,
    BIND_PAN_DOWN,
    BIND_PAN_RIGHT,
    BIND_ZOOM_IN,       /* zoom (mouse: the wheel) */
    BIND_ZOOM_OUT,
    BIND_CAMERA,        /* the camera follows the droid / stays put */
    BIND_WALLS,         /* walls down / up */
    BIND_CONES,         /* the sentries' view cones */
    BIND_MINIMAP,       /* minimap on / off */
    BIND_NEXT_LEVEL,
    BIND_PREV_LEVEL,
    BIND_EDITOR,        /* edit the level / play again */
    BIND_HELP,
    BIND_FRAME_RATE,
    BIND_FULLSCREEN,
    BIND_SCREENSHOT,    /* a screenshot into the pictures folder (shotpath.h), everywhere */
    BIND_BACK,          /* Escape, fixed: close the help, stop editing, else the pause panel; back */
    BIND_MENU_NEXT,     /* in a panel, the next item */
    BIND_QUIT,          /* in the pause panel: quit (asks once), or back to the title */
    BIND_LEVELS,        /* in the pause panel: the level select */
    BIND_YES,           /* the quit question */
    BIND_NO,
    BIND_ASK_SAVE,      /* the unsaved-edits question */
    BIND_ASK_DISCARD,
    BIND_ASK_CANCEL,
    BIND_PAINT,         /* editor, mouse: paint the picked tile */
    BIND_TOGGLE_WALL,   /* editor, mouse: toggle wall and floor */
    BIND_PALETTE,       /* editor, fixed: 1 ... 9, 0 pick the tile to paint */
    BIND_UNDO,
    BIND_REDO,
    BIND_SAVE,          /* editor: save the level file */
    BIND_COUNT
} BindAction;

typedef struct BindInfo {
    const char *name;                /* in the settings file: "key.NAME = ..." */
    const char *label;               /* for the settings screen: "Pause / resume" */
    const char *keys[BIND_KEYS_MAX]; /* the default keys, SDL names; NULL after the last */
    const char *other;               /* inputs that are no key and never change ("Left click"), or NULL */
    const char *help;                /* the row's text on the help screen and in the README; NULL: the
                                      * action joins the row of the action before it */
    unsigned where;                  /* BIND_IN_* where it acts */
    bool fixed;                      /* its keys cannot be changed (nor taken by another action) */
} BindInfo;

typedef struct Settings Settings;

/* Checks a key's name (without modifiers) for the settings file and
 * bindings_set: true when it names a key, with its canonical spelling written
 * to canon (size bytes; the SDL side: SDL_GetKeyFromName, then
 * SDL_GetKeyName). NULL as a check takes any name of printable characters. */
typedef bool (*BindKeyCheck)(const char *name, char *canon, size_t size);

/* The action's entry in the table (a valid action), or NULL. */
const BindInfo *bindings_info(BindAction a);
/* The action of a settings file name ("pause"), or BIND_NONE. */
BindAction bindings_by_name(const char *name);
/* The chord of a key and the modifiers held (BIND_MOD_*), as the table
 * spells it: "Ctrl+Shift+Z". Returns out, "" when it does not fit. */
const char *bindings_chord(const char *key, unsigned mods, char *out, size_t size);
/* Puts name ("ctrl+shift+z", "alt+ctrl+Page Down"...) into the table's
 * spelling: the modifiers "Ctrl+", "Shift+", "Alt+" in that order, the key
 * through check (NULL: as it is). False, with why in err, when it is no
 * key name: empty, too long, control characters, a modifier alone, a name
 * check refuses. */
bool bindings_normalize(const char *name, BindKeyCheck check, char *out, size_t size, char *err, size_t err_size);

/* The action a key press acts as, in the places of `where` (one BIND_IN_*
 * at a time), or BIND_NONE. chord is bindings_chord's: the chord is looked
 * up as it is, then, when no action has it, without Shift and Alt (Shift+R
 * restarts as R does, and = with Shift for + still zooms); Ctrl stays. On a
 * key release, look the key up without modifiers: they may have changed
 * since it went down. */
BindAction bindings_action_for_key(const Settings *s, const char *chord, unsigned where);
/* Whether a key press acts as a, wherever a acts (the same rules as
 * bindings_action_for_key): for code that asks about one action. */
bool bindings_key_is(const Settings *s, BindAction a, const char *chord);

/* How many keys action a has now (s's, else the defaults no key of s's
 * took): 0 when rebinding others left it without one. */
int bindings_key_count(const Settings *s, BindAction a);
/* An action's keys as text: "Space or P"; "no key" when it has none;
 * an action of the mouse alone: its input ("Left click"). Returns out. */
const char *bindings_keys_text(const Settings *s, BindAction a, char *out, size_t size);

/* A row of the help screen and of the README's control tables: the actions
 * first ... last (consecutive), its text, where its actions act. */
typedef struct BindRow {
    BindAction first, last;
    const char *help;
    unsigned where;
} BindRow;
/* Fills rows (at most max) in the table's order; returns how many there are. */
int bindings_rows(BindRow *rows, int max);
/* The row's inputs as text: the other inputs, then each action's keys
 * ("Space or P") joined by " / " in the order of the row's text: "Mouse
 * wheel, + or = or Keypad + / - or Keypad -". Returns out. */
const char *bindings_row_text(const Settings *s, const BindRow *row, char *out, size_t size);

/* The action other than a that would lose chord, or refuse it, if a took it
 * (acting in a same place), or BIND_NONE. */
BindAction bindings_conflict(const Settings *s, BindAction a, const char *chord);
/* Makes keys[0 .. n-1] a's keys (n = 0: no key), as the user's. Each is put
 * through bindings_normalize with s->key_check. False, s unchanged and why
 * in err, for a fixed action, more than BIND_KEYS_MAX keys, a bad or repeated
 * name, a key of a fixed action, a digit in the editor, or a key another
 * action has as the user's (*conflict, when not NULL, is that action). A key
 * that was only another action's default is taken from it. */
bool bindings_set(Settings *s, BindAction a, const char *const *keys, int n, BindAction *conflict, char *err,
                  size_t err_size);
/* a's keys back to the defaults. */
void bindings_reset(Settings *s, BindAction a);

#endif
