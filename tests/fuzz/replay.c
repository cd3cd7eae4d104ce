/* SPDX-License-Identifier: MIT */
/* replay.c - runs the committed corpus and crash files of one fuzz target
 * through its LLVMFuzzerTestOneInput, without libFuzzer or clang: the
 * regression half of fuzzing, built under ASan + UBSan by make test.
 * With no arguments it reads tests/fuzz/corpus/NAME and tests/fuzz/crashes/NAME
 * (NAME compiled in as FUZZ_NAME); otherwise the files and folders given.
 * Prints TAP, one line per folder or file. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

#ifndef FUZZ_NAME
#error "build with -DFUZZ_NAME='\"target\"'"
#endif

/* Feeds one file; false when it cannot be read. */
static bool replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    bool ok = buf != NULL;
    while (ok) {
        if (len == cap) {
            uint8_t *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                ok = false;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            ok = !ferror(f);
            break;
        }
    }
    fclose(f);
    if (ok) {
        /* an exact-size copy, so ASan sees a read past the input's end */
        uint8_t *exact = malloc(len ? len : 1);
        if (!exact) {
            free(buf);
            return false;
        }
        memcpy(exact, buf, len);
        LLVMFuzzerTestOneInput(exact, len);
        free(exact);
    }
    free(buf);
    return ok;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Feeds every file of a folder in name order (dot files skipped); returns
 * how many, or -1 when one cannot be read. */
static int replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    char **names = NULL;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || !strcmp(e->d_name, "README"))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **bigger = realloc(names, (size_t)cap * sizeof *bigger);
            if (!bigger)
                abort();
            names = bigger;
        }
        if (!(names[n++] = strdup(e->d_name)))
            abort();
    }
    closedir(d);
    if (n > 0)
        qsort(names, (size_t)n, sizeof *names, compare_names);
    int done = 0;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *path = malloc(len);
        if (!path)
            abort();
        snprintf(path, len, "%s/%s", dir, names[i]);
        if (done >= 0 && replay_file(path))
            done++;
        else if (done >= 0) {
            fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errno));
            done = -1;
        }
        free(path);
        free(names[i]);
    }
    free(names);
    return done;
}

int main(int argc, char **argv)
{
    const char *defaults[] = {"tests/fuzz/corpus/" FUZZ_NAME, "tests/fuzz/crashes/" FUZZ_NAME};
    const char *const *paths = argc > 1 ? (const char *const *)argv + 1 : defaults;
    int count = argc > 1 ? argc - 1 : 2, failed = 0, t = 0;
    for (int i = 0; i < count; i++) {
        struct stat sb;
        if (stat(paths[i], &sb) != 0) {
            if (argc > 1 || i == 0) { /* the corpus must be there; crash files may not */
                printf("not ok %d - %s: %s\n", ++t, paths[i], strerror(errno));
                failed++;
            }
            continue;
        }
        if (S_ISDIR(sb.st_mode)) {
            int n = replay_dir(paths[i]);
            printf("%sok %d - fuzz_%s: %d inputs from %s replayed\n", n < 0 ? "not " : "", ++t, FUZZ_NAME, n,
                   paths[i]);
            failed += n < 0;
        } else {
            bool ok = replay_file(paths[i]);
            printf("%sok %d - fuzz_%s: %s replayed\n", ok ? "" : "not ", ++t, FUZZ_NAME, paths[i]);
            failed += !ok;
        }
    }
    printf("1..%d\n", t);
    return failed ? 1 : 0;
}
