/* SPDX-License-Identifier: MIT */
/* i18n.c - the text domain, its folder and the player's language (i18n.h). */
#define _POSIX_C_SOURCE 200809L
#include "i18n.h"

#include <dirent.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DOMAIN "isodroid"

#ifndef ISODROID_LOCALEDIR
#define ISODROID_LOCALEDIR "/usr/local/share/locale"
#endif
#ifndef ISODROID_LOCALE_FROM_BIN
#define ISODROID_LOCALE_FROM_BIN "../share/locale"
#endif

enum { I18N_PATH_MAX = 4096, I18N_LANG_MAX = 64 };

static char locale_dir[I18N_PATH_MAX];
/* LC_MESSAGES and LANGUAGE as the system gave them (LANGUAGE derived from
 * LANG when its locale is not installed); has_language: LANGUAGE set */
static char system_messages[I18N_LANG_MAX] = "C";
static char system_language[I18N_LANG_MAX];
static bool has_system_language;
static char language_in_use[I18N_LANG_MAX];

/* A folder holding a catalogue of ours: some LANG/LC_MESSAGES/isodroid.mo. */
static bool holds_catalogues(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    bool found = false;
    struct dirent *e;
    while (!found && (e = readdir(d))) {
        char mo[I18N_PATH_MAX];
        struct stat sb;
        if (e->d_name[0] != '.' &&
            snprintf(mo, sizeof mo, "%s/%s/LC_MESSAGES/" DOMAIN ".mo", dir, e->d_name) < (int)sizeof mo &&
            stat(mo, &sb) == 0 && S_ISREG(sb.st_mode))
            found = true;
    }
    closedir(d);
    return found;
}

/* The program's folder into dir (no trailing slash); false when unknown. */
static bool program_folder(const char *argv0, char *dir, size_t n)
{
    char exe[I18N_PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0)
        exe[len] = '\0';
    else if (argv0 && strchr(argv0, '/') && strlen(argv0) < sizeof exe)
        strcpy(exe, argv0);
    else
        return false;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = '\0';
    return snprintf(dir, n, "%s", exe[0] ? exe : "/") < (int)n;
}

static void find_locale_dir(const char *argv0)
{
    snprintf(locale_dir, sizeof locale_dir, "%s", ISODROID_LOCALEDIR);
    char bin[I18N_PATH_MAX];
    if (!program_folder(argv0, bin, sizeof bin))
        return;
    /* bin/ and build/VARIANT/bin/ in the source tree, then a moved install */
    static const char *const from_bin[] = {"../build/locale", "../../locale", ISODROID_LOCALE_FROM_BIN};
    for (size_t i = 0; i < sizeof from_bin / sizeof from_bin[0]; i++) {
        char dir[I18N_PATH_MAX];
        if (snprintf(dir, sizeof dir, "%s/%s", bin, from_bin[i]) < (int)sizeof dir && holds_catalogues(dir)) {
            snprintf(locale_dir, sizeof locale_dir, "%s", dir);
            return;
        }
    }
}

/* The locale the environment names for messages (LC_ALL, LC_MESSAGES, LANG). */
static const char *messages_env(void)
{
    static const char *const vars[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && v[0])
            return v;
    }
    return NULL;
}

static bool is_c_locale(const char *name)
{
    return !name || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0;
}

/* gettext ignores LANGUAGE under the C locale: C.UTF-8 is not "C". */
static void messages_not_c(void)
{
    if (is_c_locale(setlocale(LC_MESSAGES, NULL)))
        setlocale(LC_MESSAGES, "C.UTF-8");
}

void i18n_start(const char *argv0)
{
    const char *got = setlocale(LC_MESSAGES, "");
    const char *env = messages_env();
    const char *language = getenv("LANGUAGE");
    if (language && language[0]) {
        has_system_language = true;
        snprintf(system_language, sizeof system_language, "%s", language);
    }
    if (!got && env && !is_c_locale(env)) {
        /* a language whose locale is not installed: its catalogue still
         * serves, through LANGUAGE ("de_DE.UTF-8" as "de_DE") */
        messages_not_c();
        if (!has_system_language) {
            snprintf(system_language, sizeof system_language, "%.*s", (int)strcspn(env, ".@"), env);
            has_system_language = true;
            setenv("LANGUAGE", system_language, 1);
        }
    }
    snprintf(system_messages, sizeof system_messages, "%s", setlocale(LC_MESSAGES, NULL));
    find_locale_dir(argv0);
    bindtextdomain(DOMAIN, locale_dir);
    bind_textdomain_codeset(DOMAIN, "UTF-8");
    textdomain(DOMAIN);
}

void i18n_set_language(const char *lang)
{
    if (!lang || strcmp(lang, "system") == 0) {
        setlocale(LC_MESSAGES, system_messages);
        if (has_system_language)
            setenv("LANGUAGE", system_language, 1);
        else
            unsetenv("LANGUAGE");
    } else {
        messages_not_c();
        setenv("LANGUAGE", lang, 1);
    }
    textdomain(DOMAIN); /* gettext forgets the translations it looked up */
}

const char *i18n_language(void)
{
    static const char header_id[] = ""; /* a variable: xgettext takes no empty msgid */
    const char *header = gettext(header_id);
    const char *at = header[0] ? strstr(header, "Language: ") : NULL;
    if (!at) {
        snprintf(language_in_use, sizeof language_in_use, "en");
    } else {
        at += strlen("Language: ");
        snprintf(language_in_use, sizeof language_in_use, "%.*s", (int)strcspn(at, "\n_"), at);
    }
    return language_in_use;
}

const char *i18n_locale_dir(void)
{
    return locale_dir;
}
