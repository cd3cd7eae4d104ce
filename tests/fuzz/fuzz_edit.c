/* SPDX-License-Identifier: MIT */
/* fuzz_edit.c - the editor: strokes, undo and redo in any order on a
 * level, then the level still saves and loads back the same size with one
 * '@'; undoing everything gives the level back, redoing everything the
 * edited one. The input is an optional level text and a NUL byte (else a
 * built-in room), then 4 bytes an operation: kind, x, y, glyph. */
#include <string.h>

#include "edit.h"
#include "fuzz.h"
#include "level.h"

static const char room[] = "name: Fuzz room\n"
                           "#########\n"
                           "#..,....#\n"
                           "#.@..~~.#\n"
                           "#...#+..#\n"
                           "  #*>S..#\n"
                           "#########\n";
static const char palette[] = "#.,+~*>S@ "; /* the game's palette */
enum { OPS_MAX = EDIT_UNDO_MAX }; /* so no stroke is forgotten */

static int count_starts(const Level *l)
{
    int n = 0;
    for (size_t i = 0; i < (size_t)l->w * (size_t)l->h; i++)
        n += l->glyphs[i] == '@';
    return n;
}

static void check_saves(const Level *l)
{
    size_t len;
    char *text = level_format(l, &len);
    FUZZ_CHECK(text != NULL);
    Level back;
    NavDiags d;
    nav_diag_clear(&d);
    FUZZ_CHECK(level_parse(text, len, "fuzz.txt", &back, &d));
    FUZZ_CHECK(back.w == l->w && back.h == l->h && count_starts(&back) == 1);
    FUZZ_CHECK(memcmp(back.glyphs, l->glyphs, (size_t)l->w * (size_t)l->h) == 0);
    level_free(&back);
    free(text);
    const char *path = fuzz_scratch_path("edit.txt");
    char err[512];
    FUZZ_CHECK(level_save(l, path, err, sizeof err));
    FUZZ_CHECK(level_load(path, &back, &d));
    FUZZ_CHECK(back.w == l->w && back.h == l->h && count_starts(&back) == 1);
    FUZZ_CHECK(level_glyph(&back, back.start.x, back.start.y) == '@');
    level_free(&back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, '\0', size);
    Level l;
    NavDiags d;
    nav_diag_clear(&d);
    const uint8_t *ops = data;
    if (nul) {
        ops = nul + 1;
        if (!level_parse((const char *)data, (size_t)(nul - data), "fuzz.txt", &l, &d))
            return 0;
    } else {
        FUZZ_CHECK(level_parse(room, sizeof room - 1, "fuzz.txt", &l, &d));
    }
    size_t n = (size_t)(data + size - ops) / 4, cells = (size_t)l.w * (size_t)l.h;
    if (n > OPS_MAX)
        n = OPS_MAX;
    char *before = malloc(cells);
    FUZZ_CHECK(before != NULL);
    memcpy(before, l.glyphs, cells);

    EditHistory h;
    edit_init(&h);
    for (size_t i = 0; i < n; i++) {
        const uint8_t *op = ops + 4 * i;
        /* a tile on the level or one step off it; a palette glyph, or now and then any byte */
        NavPos t = nav_pos(op[1] % (l.w + 2) - 1, op[2] % (l.h + 2) - 1);
        char glyph = op[3] < 240 ? palette[op[3] % (sizeof palette - 1)] : (char)op[3];
        const EditChange *ch;
        switch (op[0] % 6) {
        case 0: edit_begin(&h); break;
        case 1:
        case 2: edit_paint(&h, &l, t, glyph); break;
        case 3: edit_end(&h); break;
        case 4: edit_undo(&h, &l, &ch); break;
        case 5: edit_redo(&h, &l, &ch); break;
        }
        FUZZ_CHECK(count_starts(&l) == 1);
        FUZZ_CHECK(level_glyph(&l, l.start.x, l.start.y) == '@');
    }
    edit_end(&h);
    check_saves(&l);

    /* undo everything: the level as it came; redo everything: as edited */
    char *after = malloc(cells);
    FUZZ_CHECK(after != NULL);
    memcpy(after, l.glyphs, cells);
    const EditChange *ch;
    int redo_before = edit_redo_count(&h);
    int undone = 0;
    while (edit_undo(&h, &l, &ch) > 0)
        undone++;
    FUZZ_CHECK(memcmp(l.glyphs, before, cells) == 0);
    FUZZ_CHECK(edit_redo_count(&h) == undone + redo_before);
    for (int i = 0; i < undone; i++)
        FUZZ_CHECK(edit_redo(&h, &l, &ch) > 0);
    FUZZ_CHECK(memcmp(l.glyphs, after, cells) == 0);
    check_saves(&l);

    edit_deinit(&h);
    free(before);
    free(after);
    level_free(&l);
    return 0;
}
