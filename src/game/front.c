/* SPDX-License-Identifier: MIT */
/* front.c - the title, the level select and the ending (front.h). */
#include "front.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bindings.h"
#include "diag.h"
#include "i18n.h"

/* Level entry e of the catalog, with its bests from progress, into fl;
 * counted into the campaign's totals when `campaign`. */
static void scan_level(Front *f, FrontLevel *fl, const CatalogEntry *e, const Progress *progress, bool campaign)
{
    snprintf(fl->name, sizeof fl->name, "%s", e->ready ? catalog_name_in(&e->info, i18n_language()) : e->file);
    fl->reading = !e->ready;
    fl->loads = e->ready && e->info.loads;
    if (fl->loads) {
        fl->free_play = e->info.free_play;
        fl->par = e->info.par;
        const ProgressEntry *pe = progress_get(progress, e->info.key, e->path);
        if (pe) {
            fl->won = true;
            fl->best_time = pe->best_time;
            fl->best_steps = pe->best_steps;
            fl->best_energy = pe->best_energy;
            fl->unseen = pe->unseen;
        }
        fl->stars = front_stars(fl->won, fl->best_energy, fl->unseen, fl->par);
    }
    if (campaign) {
        f->won += fl->won;
        f->stars += fl->stars;
    }
}

bool front_scan(Front *f, const Catalog *c, const Progress *progress)
{
    free(f->level); /* the list made again; the screens' own state stays */
    f->level = NULL;
    f->count = f->campaign = f->extras = f->won = f->stars = f->next = 0;
    if (c->count == 0)
        return true;
    f->level = calloc((size_t)c->count, sizeof *f->level);
    if (!f->level)
        return false;
    f->count = c->count;
    f->campaign = c->campaign;
    f->extras = c->extras;
    f->next = -1;
    for (int i = 0; i < f->count; i++) {
        bool campaign = i < c->campaign;
        scan_level(f, &f->level[i], &c->entry[i], progress, campaign);
        if (campaign && f->next < 0 && f->level[i].loads && !f->level[i].won)
            f->next = i;
    }
    if (f->next < 0)
        f->next = 0;
    return true;
}

void front_free(Front *f)
{
    free(f->level);
    memset(f, 0, sizeof *f);
}

void front_open(Front *f, FrontScreen s)
{
    f->screen = s;
    f->sel = s == FRONT_LEVELS ? f->next : 0;
    f->capturing = false;
    f->key_note[0] = '\0';
    f->gen_cancelled = false;
    if (s == FRONT_KEYS) { /* the actions of play and the editor whose keys can change */
        f->key_count = 0;
        for (int a = 0; a < BIND_COUNT && f->key_count < (int)(sizeof f->key_action / sizeof f->key_action[0]); a++) {
            const BindInfo *b = bindings_info((BindAction)a);
            if (!b->fixed && b->keys[0] && (b->where & (BIND_IN_PLAY | BIND_IN_EDITOR)))
                f->key_action[f->key_count++] = a;
        }
    }
}

const char *front_title_label(const Front *f, int i)
{
    switch (i) {
    case FRONT_TITLE_CONTINUE:
        return f->won == 0 ? _("Start") : f->won == f->campaign ? _("Play again") : _("Continue");
    case FRONT_TITLE_LEVELS:
        return _("Levels");
    case FRONT_TITLE_GENERATED:
        return _("Generated levels");
    case FRONT_TITLE_SETTINGS:
        return _("Settings");
    case FRONT_TITLE_QUIT:
        return _("Quit");
    default:
        return "";
    }
}

/* The title's input: a screen opened, the next level played, or quit. */
static FrontChoice title_input(Front *f, FrontInput in, int *index)
{
    if (in == FRONT_BACK)
        return FRONT_QUIT;
    if (in != FRONT_CONFIRM)
        return FRONT_NOTHING;
    if (f->sel == FRONT_TITLE_QUIT)
        return FRONT_QUIT;
    if (f->sel == FRONT_TITLE_LEVELS) {
        front_open(f, FRONT_LEVELS);
        return FRONT_NOTHING;
    }
    if (f->sel == FRONT_TITLE_GENERATED) {
        front_open(f, FRONT_GENERATED);
        return FRONT_NOTHING;
    }
    if (f->sel == FRONT_TITLE_SETTINGS) {
        front_open(f, FRONT_SETTINGS);
        f->back = FRONT_TITLE;
        return FRONT_NOTHING;
    }
    if (f->campaign == 0)
        return FRONT_NOTHING;
    *index = f->next;
    return FRONT_PLAY_LEVEL;
}

/* The level select's input: the chosen level played, or back to the title. */
static FrontChoice levels_input(Front *f, FrontInput in, int *index)
{
    if (in == FRONT_BACK) {
        front_open(f, FRONT_TITLE);
        f->sel = FRONT_TITLE_LEVELS;
        return FRONT_NOTHING;
    }
    if (in != FRONT_CONFIRM || f->sel < 0 || f->sel >= f->count || !f->level[f->sel].loads)
        return FRONT_NOTHING;
    *index = f->sel;
    return FRONT_PLAY_LEVEL;
}

/* The generated levels' input: the difficulty changed, or the day's or the
 * typed seed's level generated. */
static FrontChoice generated_input(Front *f, FrontInput in)
{
    if (in == FRONT_BACK) {
        front_open(f, FRONT_TITLE);
        f->sel = FRONT_TITLE_GENERATED;
        return FRONT_NOTHING;
    }
    int d = f->gen_difficulty ? f->gen_difficulty : 2;
    if (f->sel == FRONT_GEN_DIFFICULTY && (in == FRONT_LEFT || in == FRONT_RIGHT)) {
        d += in == FRONT_LEFT ? -1 : 1;
        f->gen_difficulty = d < 1 ? 1 : d > 5 ? 5 : d;
        return FRONT_NOTHING;
    }
    if (in != FRONT_CONFIRM)
        return FRONT_NOTHING;
    f->gen_difficulty = d;
    f->gen_cancelled = false;
    if (f->sel == FRONT_GEN_DAY) {
        f->gen_seed = f->day_seed;
    } else if (f->seed_text[0]) {
        f->gen_seed = strtoull(f->seed_text, NULL, 10);
    } else {
        f->sel = FRONT_GEN_SEED; /* type a seed first */
        return FRONT_NOTHING;
    }
    return FRONT_GENERATE;
}

/* The settings' input: a setting changed, the keys' screen opened, or back. */
static FrontChoice settings_input(Front *f, FrontInput in, int *index)
{
    if (in == FRONT_BACK) {
        FrontScreen to = f->back;
        front_open(f, to);
        if (to == FRONT_TITLE)
            f->sel = FRONT_TITLE_SETTINGS;
        return FRONT_NOTHING;
    }
    if (f->sel == FRONT_SET_KEYS) {
        if (in == FRONT_CONFIRM) {
            FrontScreen back = f->back;
            front_open(f, FRONT_KEYS);
            f->back = back;
        }
        return FRONT_NOTHING;
    }
    if (in == FRONT_LEFT || in == FRONT_RIGHT || in == FRONT_CONFIRM) {
        f->delta = in == FRONT_LEFT ? -1 : +1;
        *index = f->sel;
        return FRONT_CHANGE;
    }
    return FRONT_NOTHING;
}

/* The keys' screen input: an action's key captured or reset, or back to the settings. */
static FrontChoice keys_input(Front *f, FrontInput in, int *index)
{
    if (in == FRONT_BACK) {
        FrontScreen back = f->back;
        front_open(f, FRONT_SETTINGS);
        f->back = back;
        f->sel = FRONT_SET_KEYS;
        return FRONT_NOTHING;
    }
    if (f->sel < 0 || f->sel >= f->key_count)
        return FRONT_NOTHING;
    *index = f->sel;
    if (in == FRONT_CONFIRM) {
        f->capturing = true;
        snprintf(f->key_note, sizeof f->key_note, _("Press the key for \"%s\" (Esc: keep it as it is)"),
                 _(bindings_info((BindAction)f->key_action[f->sel])->label));
        return FRONT_REBIND;
    }
    if (in == FRONT_LEFT) /* (the caller sends it for Delete) */
        return FRONT_RESET_KEYS;
    return FRONT_NOTHING;
}

/* The rows of the open screen. */
static int front_rows(const Front *f)
{
    return f->screen == FRONT_TITLE       ? FRONT_TITLE_ITEMS
           : f->screen == FRONT_LEVELS    ? f->count
           : f->screen == FRONT_SETTINGS  ? FRONT_SET_ITEMS
           : f->screen == FRONT_GENERATED ? FRONT_GEN_ITEMS
           : f->screen == FRONT_KEYS      ? f->key_count
                                          : 0;
}

bool front_row_adjusts(const Front *f, int i)
{
    if (f->screen == FRONT_SETTINGS)
        return i == FRONT_SET_MASTER || i == FRONT_SET_EFFECTS || i == FRONT_SET_MUSIC || i == FRONT_SET_TEXT ||
               i == FRONT_SET_LANGUAGE;
    return f->screen == FRONT_GENERATED && i == FRONT_GEN_DIFFICULTY;
}

void front_move(Front *f, int delta)
{
    int n = front_rows(f);
    if (f->generating || f->capturing || n == 0)
        return;
    int s = f->sel + delta;
    f->sel = s < 0 ? 0 : s >= n ? n - 1 : s;
}

FrontChoice front_input(Front *f, FrontInput in, int *index)
{
    int n = front_rows(f);
    if (f->generating)
        return in == FRONT_BACK && f->screen == FRONT_GENERATED ? FRONT_CANCEL_GENERATE : FRONT_NOTHING;
    if ((in == FRONT_UP || in == FRONT_DOWN) && n > 0) {
        f->sel = ((f->sel + (in == FRONT_DOWN ? 1 : -1)) % n + n) % n;
        return FRONT_NOTHING;
    }
    switch (f->screen) {
    case FRONT_TITLE: return title_input(f, in, index);
    case FRONT_LEVELS: return levels_input(f, in, index);
    case FRONT_GENERATED: return generated_input(f, in);
    case FRONT_SETTINGS: return settings_input(f, in, index);
    case FRONT_KEYS: return keys_input(f, in, index);
    case FRONT_ENDING:
        if (in == FRONT_CONFIRM || in == FRONT_BACK)
            front_open(f, FRONT_TITLE);
        return FRONT_NOTHING;
    case FRONT_PLAY:
        break;
    }
    return FRONT_NOTHING;
}

bool front_type_digit(Front *f, int digit)
{
    if (f->screen != FRONT_GENERATED || f->generating)
        return false;
    size_t n = strlen(f->seed_text);
    if (digit < 0) {
        if (n > 0)
            f->seed_text[n - 1] = '\0';
    } else if (n < FRONT_SEED_DIGITS && !(n == 0 && digit == 0)) {
        f->seed_text[n] = (char)('0' + digit);
        f->seed_text[n + 1] = '\0';
    }
    f->sel = FRONT_GEN_SEED;
    return true;
}

bool front_within_par(double energy, double par)
{
    return par > 0 && energy <= par * FRONT_PAR_SLACK + 1e-9;
}

int front_stars(bool won, double best_energy, bool unseen, double par)
{
    if (!won)
        return 0;
    return 1 + (front_within_par(best_energy, par) ? 1 : 0) + (unseen ? 1 : 0);
}

const char *front_screen_name(FrontScreen s)
{
    static const char *const names[] = {"play", "title", "levels", "generated", "settings", "keys", "ending"};
    return s <= FRONT_ENDING ? names[s] : "";
}
