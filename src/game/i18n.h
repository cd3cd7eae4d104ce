/* SPDX-License-Identifier: MIT */
/* i18n.h - the player's language: every player-facing string goes through
 * gettext (glibc's; libintl is part of libc) in the text domain "isodroid".
 * _("...") translates at once; N_("...") marks a string in a static table
 * for xgettext and leaves it as it is, to be passed through _() where it
 * is shown; ngettext(one, many, n) picks the plural form. make pot gathers
 * the marked strings into po/isodroid.pot; po/LANG.po holds a translation
 * and the Makefile builds it into LANG/LC_MESSAGES/isodroid.mo.
 *
 * Where the catalogues are found (i18n_start): beside the program in the
 * source tree (build/locale, as bin/ or build/VARIANT/bin/ see it), the
 * installed folder seen from the program's folder (a moved install), and
 * the folder make install wrote them to (LOCALEDIR). Translations are in
 * UTF-8 whatever the locale's character set (SDL_ttf wants UTF-8).
 *
 * Only LC_MESSAGES is taken from the environment: numbers are read and
 * written in the C locale everywhere (level files, settings, recordings).
 * State: gettext's own, process-wide; call from the main thread. SDL-free,
 * for src/game, src/platform and src/isopath. */
#ifndef ISODROID_I18N_H
#define ISODROID_I18N_H

#include <libintl.h>

#define _(s) gettext(s)
#define N_(s) s

/* The text domain bound and the system's language taken (LC_MESSAGES from
 * LC_ALL, LC_MESSAGES or LANG; a language whose locale is not installed is
 * still taken, through LANGUAGE). argv0 helps find the program's folder
 * when /proc/self/exe cannot be read. Call once, first thing in main. */
void i18n_start(const char *argv0);

/* The language setting: "system" (what i18n_start found), "en" (the
 * untranslated text) or a language code such as "de". Takes effect for every
 * later _() call. */
void i18n_set_language(const char *lang);

/* The language in use: the "Language:" of the catalogue gettext reads
 * (e.g. "de"), or "en" when none is read. Points to static storage, valid
 * until the next i18n_set_language. */
const char *i18n_language(void);

/* The folder the catalogues were bound to ("" before i18n_start). */
const char *i18n_locale_dir(void);

#endif
