/* SPDX-License-Identifier: MIT */
/* fuzz_level.c - level files: any bytes load or are refused with messages,
 * never half-loaded; what loads formats to canonical text that loads to the
 * same level and formats to the same bytes, in memory and through a real
 * save and load (level_save, level_load). */
#include <string.h>

#include "fuzz.h"
#include "level.h"

static void same_level(const Level *a, const Level *b)
{
    FUZZ_CHECK(a->w == b->w && a->h == b->h);
    FUZZ_CHECK(memcmp(a->glyphs, b->glyphs, (size_t)a->w * (size_t)a->h) == 0);
    FUZZ_CHECK(a->start.x == b->start.x && a->start.y == b->start.y);
    FUZZ_CHECK(strcmp(a->name, b->name) == 0);
    FUZZ_CHECK(a->line_count == b->line_count);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Level l, again, loaded;
    NavDiags d;
    nav_diag_clear(&d);
    if (!level_parse((const char *)data, size, "fuzz.txt", &l, &d)) {
        FUZZ_CHECK(nav_diag_total(&d) > 0);
        FUZZ_CHECK(l.glyphs == NULL && l.lines == NULL && l.w == 0 && l.h == 0);
        return 0;
    }
    FUZZ_CHECK(nav_diag_total(&d) == 0);
    FUZZ_CHECK(l.w >= 1 && l.h >= 1 && l.w <= LEVEL_MAX_SIDE && l.h <= LEVEL_MAX_SIDE);
    FUZZ_CHECK(level_glyph(&l, l.start.x, l.start.y) == '@');

    size_t len1, len2;
    char *text1 = level_format(&l, &len1);
    FUZZ_CHECK(text1 != NULL);
    FUZZ_CHECK(memchr(text1, '\0', len1) == NULL);
    FUZZ_CHECK(level_parse(text1, len1, "fuzz.txt", &again, &d));
    same_level(&l, &again);
    char *text2 = level_format(&again, &len2);
    FUZZ_CHECK(text2 != NULL && len1 == len2 && memcmp(text1, text2, len1) == 0);

    /* the same through the atomic save */
    const char *path = fuzz_scratch_path("fuzz.txt");
    char err[512];
    FUZZ_CHECK(level_save(&l, path, err, sizeof err));
    FUZZ_CHECK(level_load(path, &loaded, &d));
    same_level(&l, &loaded);

    free(text1);
    free(text2);
    level_free(&l);
    level_free(&again);
    level_free(&loaded);
    return 0;
}
