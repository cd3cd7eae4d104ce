/* SPDX-License-Identifier: MIT */
/* front.h - the screens around play, without SDL: the title (Continue,
 * Levels, Quit), the level select (every level of the folder with its
 * name, whether it is won and its bests, none locked) and the ending after
 * the last level (the totals and the credits), and the settings. The extras (a folder
 * "extra" beside the levels: big or odd levels out of the campaign) are
 * listed after the campaign, not counted in it. The shell (shell_front.c)
 * turns keys and clicks into FrontInput and does what a choice asks
 * (FrontChoice); the platform draws it (render_front.c).
 *
 * Memory: front_scan fills Front.level (owned; front_free frees it). */
#ifndef ISODROID_FRONT_H
#define ISODROID_FRONT_H

#include <stdbool.h>

#include "catalog.h"
#include "level.h"
#include "progress.h"

typedef enum FrontScreen {
    FRONT_PLAY, FRONT_TITLE, FRONT_LEVELS, FRONT_GENERATED, FRONT_SETTINGS, FRONT_KEYS, FRONT_ENDING
} FrontScreen;

enum {
    FRONT_TITLE_CONTINUE, FRONT_TITLE_LEVELS, FRONT_TITLE_GENERATED, FRONT_TITLE_SETTINGS, FRONT_TITLE_QUIT,
    FRONT_TITLE_ITEMS
};
/* The generated levels' screen: the level of the day (its seed from the
 * date), a seed typed in (digits, Backspace), the difficulty. */
enum { FRONT_GEN_DAY, FRONT_GEN_SEED, FRONT_GEN_DIFFICULTY, FRONT_GEN_ITEMS };
enum { FRONT_SEED_DIGITS = 18 }; /* a typed seed: up to 18 digits (below GEN_SEED_MAX) */
/* The settings screen's items (Left and Right, or Enter, change one). */
enum {
    FRONT_SET_MASTER, FRONT_SET_EFFECTS, FRONT_SET_MUSIC, FRONT_SET_FULLSCREEN, FRONT_SET_MINIMAP, FRONT_SET_TEXT, FRONT_SET_COLOURS,
    FRONT_SET_LANGUAGE, FRONT_SET_KEYS,
    FRONT_SET_ITEMS
};

/* One level of the folder, as the level select shows it. */
typedef struct FrontLevel {
    char name[LEVEL_NAME_MAX + 1]; /* its name: file name when it does not load */
    bool reading;       /* not read yet (catalog.h): only its file name is known */
    bool loads;
    bool free_play;     /* no exit: nothing to win */
    bool won;
    double best_time;   /* seconds, when won */
    long best_steps;
    double best_energy; /* floor steps of energy used */
    bool unseen;        /* won with no sentry noticing */
    double par;         /* the energy par (tour_least_energy), 0: none known */
    int stars;          /* front_stars */
} FrontLevel;

typedef struct Front {
    FrontScreen screen;
    int sel;            /* the highlighted item (title) or level (select) */
    FrontLevel *level;  /* the campaign's levels in its order, then the extras' */
    int count;          /* all of them */
    int campaign;       /* the campaign's: level[0 .. campaign) */
    int extras;         /* the extras': level[campaign .. campaign + extras); the player's own after them */
    int next;           /* the first level of the campaign not won (0 when all are won) */
    int won;            /* levels of the campaign won */
    int stars;          /* stars of the campaign's levels */
    int delta;          /* FRONT_CHANGE: -1 or +1 */
    FrontScreen back;   /* where Back leaves the settings for (the title, or play) */
    /* the generated levels' screen */
    unsigned long long day_seed; /* the level of the day's seed (YYYYMMDD), set by the caller */
    char seed_text[FRONT_SEED_DIGITS + 1]; /* the seed typed so far ("" none) */
    int gen_difficulty; /* 1 to 5 (0: 2) */
    unsigned long long gen_seed; /* FRONT_GENERATE: the seed chosen */
    bool generating;    /* the caller is making it: input waits, but Back (FRONT_CANCEL_GENERATE) */
    bool gen_cancelled; /* the last level asked for was cancelled before it was made (the screen says so) */
    /* the keys' screen: the actions whose keys can be changed (bindings.h) */
    int key_action[64];
    int key_count;
    bool capturing;     /* waiting for the key to give key_action[sel] */
    char key_note[256]; /* what the last change did ("" none) */
} Front;

typedef enum FrontInput { FRONT_UP, FRONT_DOWN, FRONT_LEFT, FRONT_RIGHT, FRONT_CONFIRM, FRONT_BACK } FrontInput;
typedef enum FrontChoice {
    FRONT_NOTHING,      /* the screen changed or nothing happened */
    FRONT_PLAY_LEVEL,   /* play level *index */
    FRONT_QUIT,
    FRONT_CHANGE,       /* setting *index to change by Front.delta (-1 or +1) */
    FRONT_GENERATE,     /* play the generated level of Front.gen_seed at Front.gen_difficulty */
    FRONT_CANCEL_GENERATE, /* Back while it is being made: stop making it (the caller clears generating) */
    FRONT_REBIND,       /* the keys' screen: the next key pressed becomes action Front.key_action[*index]'s */
    FRONT_RESET_KEYS,   /* ... or its keys go back to the defaults */
} FrontChoice;

/* Lists the catalog's levels (the campaign's, then the extras': what was
 * read of each, catalog.h) with their bests from progress; reads no file.
 * False when memory runs out (f then lists nothing). */
bool front_scan(Front *f, const Catalog *c, const Progress *progress);
void front_free(Front *f);
/* Opens screen s with its first sensible item highlighted. */
void front_open(Front *f, FrontScreen s);
/* Whether row i of the open screen has a value Left and Right change (a
 * volume, the text size, the difficulty): a click on its arrows does that,
 * a click elsewhere on it only highlights it. */
bool front_row_adjusts(const Front *f, int i);
/* The highlight moved by delta rows, stopping at the first and the last (the
 * mouse wheel); nothing while a level is made. */
void front_move(Front *f, int delta);
/* What input does on the screen open; *index receives a level to play. */
FrontChoice front_input(Front *f, FrontInput in, int *index);
/* A level's stars, 0 to FRONT_STARS: one for winning it, one for a win
 * within FRONT_PAR_SLACK of its energy par (none when no par is known),
 * one for a win no sentry noticed. */
#define FRONT_PAR_SLACK 1.10
enum { FRONT_STARS = 3 };
int front_stars(bool won, double best_energy, bool unseen, double par);
/* Whether energy used is within FRONT_PAR_SLACK of the par (false with no par). */
bool front_within_par(double energy, double par);
/* A digit typed on the generated levels' screen (the seed), or Backspace
 * (digit < 0); false when the screen is not open. */
bool front_type_digit(Front *f, int digit);
/* The lowercase name --trace prints for a screen ("screen title"). */
const char *front_screen_name(FrontScreen s);
/* The label of title item i. */
const char *front_title_label(const Front *f, int i);

#endif
