/* SPDX-License-Identifier: MIT */
/* bindings.c - the action table and the key rules: the defaults, the
 * player's keys taking over, chords spelt one way, look-ups by key, the keys
 * as text for the help and the settings screen, and the checks that keep two
 * actions of a same place off one key. No SDL; allocates nothing. */
#define _POSIX_C_SOURCE 200809L
#include "bindings.h"

#include "i18n.h"
#include "settings.h"
#include "text.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

enum {
    P = BIND_IN_PLAY,
    E = BIND_IN_EDITOR,
    M = BIND_IN_MENU,
    A = BIND_IN_ASK,
};

/* The table. A row's text ("help") is the help screen's and the start of the
 * README's row; actions with help NULL join the row above, their keys after
 * a " / " in the order the text names them. */
static const BindInfo table[BIND_COUNT] = {
    [BIND_WALK] = {"walk", N_("Walk to a tile"), {NULL}, N_("Left click"),
                   N_("walk to the tile, or to the nearest reachable one"), P, true},
    [BIND_FOLLOW] = {"follow", N_("Follow the pointer"), {NULL}, N_("Hold the left button"),
                     N_("the droid follows the tile under the pointer"), P, true},
    [BIND_LURE] = {"lure", N_("Throw a lure"), {"F"}, N_("Right click"),
                   N_("aim a lure, then click a tile in sight within 8 (3 energy): sentries that hear it go to look"),
                   P, false},
    [BIND_PLAN_LEG] = {"plan_leg", N_("Add a walk to the plan"), {NULL}, N_("Shift+click"),
                       N_("add a walk to the plan (Shift+right click: a lure); Enter or a click runs it, Esc drops it"),
                       P, true},
    [BIND_PLAN_WAIT] = {"plan_wait", N_("Add a wait to the plan"), {"X"}, NULL,
                        N_("add / take off half a second of waiting at the plan's end"), P, false},
    [BIND_PLAN_UNWAIT] = {"plan_unwait", N_("Shorten the plan's wait"), {"Shift+X"}, NULL, NULL, P, false},
    [BIND_STEP_UP] = {"step_up", N_("Step up"), {"Up", "Keypad 8"}, NULL,
                      N_("step one tile up / down the screen (two keys at once: diagonally; held: walk on)"), P | M,
                      false},
    [BIND_STEP_DOWN] = {"step_down", N_("Step down"), {"Down", "Keypad 2"}, NULL, NULL, P | M, false},
    [BIND_STEP_LEFT] = {"step_left", N_("Step left"), {"Left", "Keypad 4"}, NULL,
                        N_("step one tile left / right on the screen"), P, false},
    [BIND_STEP_RIGHT] = {"step_right", N_("Step right"), {"Right", "Keypad 6"}, NULL, NULL, P, false},
    [BIND_STEP_UP_LEFT] = {"step_up_left", N_("Step up-left"), {"Keypad 7"}, NULL,
                           N_("step one tile up-left / up-right / down-left / down-right"), P, false},
    [BIND_STEP_UP_RIGHT] = {"step_up_right", N_("Step up-right"), {"Keypad 9"}, NULL, NULL, P, false},
    [BIND_STEP_DOWN_LEFT] = {"step_down_left", N_("Step down-left"), {"Keypad 1"}, NULL, NULL, P, false},
    [BIND_STEP_DOWN_RIGHT] = {"step_down_right", N_("Step down-right"), {"Keypad 3"}, NULL, NULL, P, false},
    [BIND_PAUSE] = {"pause", N_("Pause / resume"), {"Space", "P"}, NULL,
                    N_("pause / resume; paused, you can still look around and plan"), P | M, false},
    [BIND_REWIND] = {"rewind", N_("Go back 3 seconds"), {"Backspace"}, NULL,
                     N_("go back 3 seconds, also after being caught"), P, false},
    [BIND_RESTART] = {"restart", N_("Restart the level"), {"R"}, NULL, N_("restart the level"), P | M, false},
    [BIND_CONFIRM] = {"confirm", N_("Confirm / next level"), {"Return", "Keypad Enter"}, NULL,
                      N_("after a win, the next level (the pause keys too); with a plan, run it; in a panel, the chosen item"), P | M,
                      false},
    [BIND_SOUND] = {"sound", N_("Sound on / off"), {"K"}, NULL, N_("sound on / off"), P | E, false},
    [BIND_MINIMAP_WALK] = {"minimap_walk", N_("Walk by the minimap"), {NULL}, N_("Click on the minimap"), N_("walk there"), P,
                           true},
    [BIND_PAN_UP] = {"pan_up", N_("Pan up"), {"W"}, N_("Right or middle drag"),
                     N_("pan up / left / down / right (in the editor, drag with the middle button)"), P | E | M,
                     false},
    [BIND_PAN_LEFT] = {"pan_left", N_("Pan left"), {"A"}, NULL, NULL, P | E, false},
    [BIND_PAN_DOWN] = {"pan_down", N_("Pan down"), {"S"}, NULL, NULL, P | E | M, false},
    [BIND_PAN_RIGHT] = {"pan_right", N_("Pan right"), {"D"}, NULL, NULL, P | E, false},
    [BIND_ZOOM_IN] = {"zoom_in", N_("Zoom in"), {"+", "=", "Keypad +"}, N_("Mouse wheel"),
                      N_("zoom in / out (the wheel around the pointer, the keys around the middle)"), P | E, false},
    [BIND_ZOOM_OUT] = {"zoom_out", N_("Zoom out"), {"-", "Keypad -"}, NULL, NULL, P | E, false},
    [BIND_CAMERA] = {"camera", N_("Camera follows the droid"), {"C"}, NULL, N_("camera follows the droid / stays put"),
                     P | E, false},
    [BIND_WALLS] = {"walls", N_("Walls down / up"), {"T"}, NULL,
                    N_("walls down / up: every wall a low block, to read the level"), P | E, false},
    [BIND_CONES] = {"cones", N_("View cones"), {"V"}, NULL, N_("the sentries' view cones and patrols on / off"), P | E,
                    false},
    [BIND_MINIMAP] = {"minimap", N_("Minimap on / off"), {"M"}, NULL, N_("minimap on / off"), P | E, false},
    [BIND_NEXT_LEVEL] = {"next_level", N_("Next level"), {"PageDown", "N"}, NULL,
                         N_("next / previous level of the folder"), P | E, false},
    [BIND_PREV_LEVEL] = {"previous_level", N_("Previous level"), {"PageUp"}, NULL, NULL, P | E, false},
    [BIND_EDITOR] = {"editor", N_("Edit the level"), {"E"}, NULL, N_("edit the level / play again (from the start)"), P | E,
                     false},
    [BIND_HELP] = {"help", N_("Help"), {"H", "F1"}, NULL,
                   N_("help: the keys, how sentries see, hear and catch, the marks; the play waits while it is open"),
                   P | E, false},
    [BIND_FRAME_RATE] = {"frame_rate", N_("Frame rate"), {"F3"}, NULL, N_("the frame rate in the HUD"), P | E, false},
    [BIND_FULLSCREEN] = {"fullscreen", N_("Fullscreen"), {"F11"}, NULL, N_("fullscreen / window"), P | E, false},
    [BIND_SCREENSHOT] = {"screenshot", N_("Screenshot"), {"F12"}, NULL,
                         N_("a screenshot into your pictures folder (Pictures/Isodroid), in play, the editor and the menus"),
                         P | E | M | A, false},
    [BIND_BACK] = {"back", N_("Back"), {"Escape"}, NULL,
                   N_("close the help, stop editing, else the pause panel (resume, restart, levels, settings, quit); in "
                   "a panel, a question or a screen of the title, back"),
                   P | E | M | A, true},
    [BIND_MENU_NEXT] = {"menu_next", N_("Next item"), {"Tab"}, NULL,
                        N_("in a panel, the next item (the step keys and W, S move up and down too)"), M, false},
    [BIND_QUIT] = {"quit", N_("Quit"), {"Q"}, NULL,
                   N_("in the pause panel, quit (asks once); started from the title, back to the title"), M, false},
    [BIND_LEVELS] = {"levels", N_("Level select"), {"L"}, NULL, N_("in the pause panel, the level select"), M, false},
    [BIND_YES] = {"yes", N_("Yes"), {"Y"}, NULL, N_("yes / no when asked whether to quit"), M, false},
    [BIND_NO] = {"no", N_("No"), {"N"}, NULL, NULL, M, false},
    [BIND_ASK_SAVE] = {"ask_save", N_("Save the edits"), {"S", "Y"}, NULL,
                       N_("save / discard / keep the unsaved edits when leaving asks"), A, false},
    [BIND_ASK_DISCARD] = {"ask_discard", N_("Discard the edits"), {"D", "N"}, NULL, NULL, A, false},
    [BIND_ASK_CANCEL] = {"ask_cancel", N_("Keep editing"), {"C"}, NULL, NULL, A, false},
    [BIND_PAINT] = {"paint", N_("Paint"), {NULL}, N_("Left click / left drag"),
                    N_("paint the picked tile (one undo step a drag); with 9 picked, move the droid start"), E, true},
    [BIND_TOGGLE_WALL] = {"toggle_wall", N_("Toggle wall"), {NULL}, N_("Right click"), N_("toggle wall and floor"), E, true},
    [BIND_PALETTE] = {"palette", N_("Pick a tile"), {NULL}, N_("1 to 9, 0 or a click on the palette"),
                      N_("pick what to paint (9 moves the start)"), E, true},
    [BIND_UNDO] = {"undo", N_("Undo"), {"Ctrl+Z"}, NULL, N_("undo / redo"), E, false},
    [BIND_REDO] = {"redo", N_("Redo"), {"Ctrl+Y", "Ctrl+Shift+Z"}, NULL, NULL, E, false},
    [BIND_SAVE] = {"save", N_("Save the level"), {"Ctrl+S"}, NULL, N_("save the level file"), E, false},
};

static bool valid(BindAction a)
{
    return a >= 0 && a < BIND_COUNT;
}

const BindInfo *bindings_info(BindAction a)
{
    return valid(a) ? &table[a] : NULL;
}

BindAction bindings_by_name(const char *name)
{
    for (int a = 0; a < BIND_COUNT; a++)
        if (!strcmp(table[a].name, name))
            return (BindAction)a;
    return BIND_NONE;
}

static bool same_key(const char *x, const char *y)
{
    return !strcasecmp(x, y);
}

static bool user_set(const Settings *s, BindAction a)
{
    return s && s->keys[a].set;
}

/* Whether an action b other than a, acting in a place of a's, has chord as
 * the user's key: it takes chord from a's defaults. */
static bool taken_by_user(const Settings *s, BindAction a, const char *chord)
{
    if (!s)
        return false;
    for (int b = 0; b < BIND_COUNT; b++) {
        if (b == (int)a || !s->keys[b].set || !(table[b].where & table[a].where))
            continue;
        for (int i = 0; i < s->keys[b].count; i++)
            if (same_key(s->keys[b].key[i], chord))
                return true;
    }
    return false;
}

/* The keys an action has now: s's when set there, else the defaults no
 * user's key of another action took (s may be NULL: the defaults). Returns
 * how many (at most BIND_KEYS_MAX); keys[i] point into s or the table. */
static int bindings_keys(const Settings *s, BindAction a, const char *keys[BIND_KEYS_MAX])
{
    if (!valid(a))
        return 0;
    int n = 0;
    if (user_set(s, a) && !table[a].fixed) {
        for (int i = 0; i < s->keys[a].count && i < BIND_KEYS_MAX; i++)
            keys[n++] = s->keys[a].key[i];
        return n;
    }
    for (int i = 0; i < BIND_KEYS_MAX && table[a].keys[i]; i++)
        if (table[a].fixed || !taken_by_user(s, a, table[a].keys[i]))
            keys[n++] = table[a].keys[i];
    return n;
}

int bindings_key_count(const Settings *s, BindAction a)
{
    const char *keys[BIND_KEYS_MAX];
    return bindings_keys(s, a, keys);
}

static bool has_key(const Settings *s, BindAction a, const char *chord)
{
    const char *keys[BIND_KEYS_MAX];
    int n = bindings_keys(s, a, keys);
    for (int i = 0; i < n; i++)
        if (same_key(keys[i], chord))
            return true;
    return false;
}

/* ---- chords ------------------------------------------------------------ */

static const struct {
    const char *prefix;
    unsigned mod;
} mods[] = {{"Ctrl+", BIND_MOD_CTRL}, {"Shift+", BIND_MOD_SHIFT}, {"Alt+", BIND_MOD_ALT}};
enum { MODS = sizeof mods / sizeof mods[0] };

const char *bindings_chord(const char *key, unsigned held, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < MODS; i++) {
        if (!(held & mods[i].mod))
            continue;
        size_t n = strlen(mods[i].prefix);
        if (len + n >= size)
            return out[0] = '\0', out;
        memcpy(out + len, mods[i].prefix, n);
        len += n;
    }
    size_t n = strlen(key);
    if (len + n >= size)
        return out[0] = '\0', out;
    memcpy(out + len, key, n + 1);
    return out;
}

/* Splits name into its modifiers (any order and case, each once) and the key. */
static const char *split_mods(const char *name, unsigned *held)
{
    *held = 0;
    for (bool more = true; more;) {
        more = false;
        for (int i = 0; i < MODS; i++) {
            size_t n = strlen(mods[i].prefix);
            /* "+" alone, or "Ctrl++", is the key +: a prefix needs a key after it */
            if (strlen(name) > n && !strncasecmp(name, mods[i].prefix, n) && !(*held & mods[i].mod)) {
                *held |= mods[i].mod;
                name += n;
                more = true;
            }
        }
    }
    return name;
}

bool bindings_normalize(const char *name, BindKeyCheck check, char *out, size_t size, char *err, size_t err_size)
{
    unsigned held;
    const char *key = split_mods(name, &held);
    if (!key[0]) {
        text_format(err, err_size, "%s", _("no key name"));
        return false;
    }
    for (const unsigned char *c = (const unsigned char *)name; *c; c++)
        if (*c < 0x20 || *c == 0x7f) {
            text_format(err, err_size, "%s", _("a key name holds no control characters"));
            return false;
        }
    if (key[0] == ' ' || key[strlen(key) - 1] == ' ') {
        text_format(err, err_size, _("'%s': a key name starts and ends with no space"), key);
        return false;
    }
    char canon[BIND_NAME_MAX];
    if (strlen(key) >= sizeof canon) {
        text_format(err, err_size, _("'%.40s...' is no key name (too long)"), key);
        return false;
    }
    if (check) {
        canon[0] = '\0';
        if (!check(key, canon, sizeof canon) || !canon[0]) {
            text_format(err, err_size, _("'%s' is no key name (SDL key names: A, 3, Space, PageDown, Keypad 8, F1)"), key);
            return false;
        }
    } else {
        memcpy(canon, key, strlen(key) + 1);
    }
    if (!bindings_chord(canon, held, out, size)[0]) {
        text_format(err, err_size, _("'%s' is too long for a key name"), name);
        return false;
    }
    return true;
}

/* chord without Shift and Alt into out; false when it had neither */
static bool strip_mods(const char *chord, char *out, size_t size)
{
    unsigned held;
    const char *key = split_mods(chord, &held);
    if (!(held & (BIND_MOD_SHIFT | BIND_MOD_ALT)))
        return false;
    return bindings_chord(key, held & BIND_MOD_CTRL, out, size)[0] != '\0';
}

static BindAction find_exact(const Settings *s, const char *chord, unsigned where)
{
    for (int a = 0; a < BIND_COUNT; a++)
        if ((table[a].where & where) && has_key(s, (BindAction)a, chord))
            return (BindAction)a;
    return BIND_NONE;
}

BindAction bindings_action_for_key(const Settings *s, const char *chord, unsigned where)
{
    BindAction a = find_exact(s, chord, where);
    char bare[BIND_NAME_MAX];
    if (a == BIND_NONE && strip_mods(chord, bare, sizeof bare))
        a = find_exact(s, bare, where);
    return a;
}

bool bindings_key_is(const Settings *s, BindAction a, const char *chord)
{
    if (!valid(a))
        return false;
    if (has_key(s, a, chord))
        return true;
    char bare[BIND_NAME_MAX];
    return find_exact(s, chord, table[a].where) == BIND_NONE && strip_mods(chord, bare, sizeof bare) &&
           has_key(s, a, bare);
}

/* ---- as text ----------------------------------------------------------- */

/* Appends text to out (len bytes used of size); false when it does not fit. */
static bool append(char *out, size_t size, size_t *len, const char *text)
{
    size_t n = strlen(text);
    if (*len + n >= size)
        return false;
    memcpy(out + *len, text, n + 1);
    *len += n;
    return true;
}

/* a's keys joined by " or " after out's len bytes */
static bool append_keys(const Settings *s, BindAction a, char *out, size_t size, size_t *len)
{
    const char *keys[BIND_KEYS_MAX];
    int n = bindings_keys(s, a, keys);
    if (n == 0)
        return append(out, size, len, _("no key"));
    for (int i = 0; i < n; i++)
        if ((i && !append(out, size, len, _(" or "))) || !append(out, size, len, keys[i]))
            return false;
    return true;
}

const char *bindings_keys_text(const Settings *s, BindAction a, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    if (!valid(a))
        return out;
    bool ok = true;
    if (table[a].other && !table[a].keys[0])
        ok = append(out, size, &len, _(table[a].other));
    else
        ok = append_keys(s, a, out, size, &len);
    if (!ok)
        out[0] = '\0';
    return out;
}

int bindings_rows(BindRow *rows, int max)
{
    int n = 0;
    for (int a = 0; a < BIND_COUNT; a++) {
        if (table[a].help) {
            if (n < max)
                rows[n] = (BindRow){(BindAction)a, (BindAction)a, _(table[a].help), 0};
            n++;
        }
        if (n > 0 && n <= max) {
            rows[n - 1].last = (BindAction)a;
            rows[n - 1].where |= table[a].where;
        }
    }
    return n;
}

const char *bindings_row_text(const Settings *s, const BindRow *row, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    bool ok = true, keys = false;
    for (int a = row->first; a <= row->last && ok && valid((BindAction)a); a++) {
        if (table[a].other)
            ok = (len == 0 || append(out, size, &len, ", ")) && append(out, size, &len, _(table[a].other));
        keys = keys || table[a].keys[0];
    }
    for (int a = row->first; a <= row->last && ok && keys && valid((BindAction)a); a++) {
        const char *sep = a == row->first ? (len ? ", " : "") : " / ";
        ok = append(out, size, &len, sep) && append_keys(s, (BindAction)a, out, size, &len);
    }
    if (!ok)
        out[0] = '\0';
    return out;
}

/* ---- checks -------------------------------------------------------------- */

/* A digit alone: the editor's palette keys. */
static bool palette_key(const char *chord)
{
    return chord[0] >= '0' && chord[0] <= '9' && chord[1] == '\0';
}

BindAction bindings_conflict(const Settings *s, BindAction a, const char *chord)
{
    if (!valid(a))
        return BIND_NONE;
    if ((table[a].where & BIND_IN_EDITOR) && palette_key(chord))
        return BIND_PALETTE;
    for (int b = 0; b < BIND_COUNT; b++)
        if (b != (int)a && (table[b].where & table[a].where) && has_key(s, (BindAction)b, chord))
            return (BindAction)b;
    return BIND_NONE;
}

/* Whether a may take chord: not from a fixed action or the palette, nor
 * from another action's user keys. *other: the action in the way. */
static bool may_take(const Settings *s, BindAction a, const char *chord, BindAction *other)
{
    *other = bindings_conflict(s, a, chord);
    return *other == BIND_NONE || (!table[*other].fixed && !user_set(s, *other));
}

bool bindings_set(Settings *s, BindAction a, const char *const *keys, int n, BindAction *conflict, char *err,
                  size_t err_size)
{
    BindAction other = BIND_NONE;
    if (conflict)
        *conflict = BIND_NONE;
    if (!valid(a)) {
        text_format(err, err_size, "%s", _("no such action"));
        return false;
    }
    if (table[a].fixed) {
        text_format(err, err_size, _("%s: its keys cannot be changed"), _(table[a].label));
        return false;
    }
    if (n < 0 || n > BIND_KEYS_MAX) {
        text_format(err, err_size, _("%s: at most %d keys"), _(table[a].label), BIND_KEYS_MAX);
        return false;
    }
    SettingsKeys k = {true, n, {{0}}};
    for (int i = 0; i < n; i++) {
        if (!bindings_normalize(keys[i], s->key_check, k.key[i], sizeof k.key[i], err, err_size))
            return false;
        for (int j = 0; j < i; j++)
            if (same_key(k.key[j], k.key[i])) {
                text_format(err, err_size, _("%s: %s twice"), _(table[a].label), k.key[i]);
                return false;
            }
        if (!may_take(s, a, k.key[i], &other)) {
            if (conflict)
                *conflict = other;
            if (other == BIND_PALETTE)
                text_format(err, err_size, _("%s: in the editor, %s picks the palette"), _(table[a].label), k.key[i]);
            else
                text_format(err, err_size,
                            table[other].fixed ? _("%s: %s is %s's already (it cannot change)") : _("%s: %s is %s's already"),
                            _(table[a].label), k.key[i], _(table[other].label));
            return false;
        }
    }
    s->keys[a] = k;
    return true;
}

void bindings_reset(Settings *s, BindAction a)
{
    if (valid(a))
        memset(&s->keys[a], 0, sizeof s->keys[a]);
}
