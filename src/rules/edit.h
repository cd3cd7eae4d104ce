/* SPDX-License-Identifier: MIT */
/* edit.h - the level editor's changes and their undo history: glyph changes
 * grouped into strokes (one drag, one click), applied to a Level and undone or
 * redone a stroke at a time. Pure C. The caller owns the EditHistory
 * (edit_init / edit_deinit); it borrows the Level only during each call. */
#ifndef ISODROID_EDIT_H
#define ISODROID_EDIT_H

#include <stdbool.h>

#include "coord.h"
#include "level.h"

enum { EDIT_UNDO_MAX = 1000 }; /* strokes kept; the oldest go first */

typedef struct EditChange {
    int index;          /* y * level width + x */
    char before, after;
} EditChange;

typedef struct EditHistory {
    EditChange *changes;   /* every kept stroke's changes, oldest first */
    int change_count, change_cap;
    int *stroke_end;       /* stroke i is changes [stroke_end[i-1], stroke_end[i]) */
    int strokes;           /* strokes applied: undo goes back from here */
    int stroke_total;      /* strokes recorded: those past `strokes` can be redone */
    int stroke_cap;
    bool open;             /* a stroke is being painted */
    bool open_changed;     /* ... and has changed something */
    int saved;             /* `strokes` when the file last matched; -1 when that state is gone */
} EditHistory;

typedef enum EditResult {
    EDIT_CHANGED,     /* the level changed */
    EDIT_SAME,        /* the tile already holds the glyph */
    EDIT_START,       /* refused: the droid start can only be moved, not painted over */
    EDIT_EDGE,        /* refused: the outer row or column would hold only void, and the file would shrink */
    EDIT_BAD_GLYPH,   /* refused: not a glyph of the tile table */
    EDIT_NO_MEMORY
} EditResult;

void edit_init(EditHistory *h);
void edit_deinit(EditHistory *h); /* accepts a zeroed history */
/* Forgets everything (after the level was replaced); the new level counts as saved. */
void edit_reset(EditHistory *h);

/* Strokes: edit_begin, any number of edit_paint, edit_end. A stroke that
 * changed nothing leaves no undo step. Beginning a stroke drops the redo steps
 * once it changes something. */
void edit_begin(EditHistory *h);
/* Puts glyph on tile t. '@' moves the droid start there (the old start
 * becomes floor). Outside a stroke it makes a stroke of its own. */
EditResult edit_paint(EditHistory *h, Level *l, NavPos t, char glyph);
void edit_end(EditHistory *h);

/* Undoes or redoes one stroke; returns the tiles it touched (valid until the
 * next call) in *changes and their number, 0 when there is nothing to do. */
int edit_undo(EditHistory *h, Level *l, const EditChange **changes);
int edit_redo(EditHistory *h, Level *l, const EditChange **changes);
int edit_undo_count(const EditHistory *h);
int edit_redo_count(const EditHistory *h);

/* Unsaved changes: the level differs from what was last loaded or saved. */
bool edit_dirty(const EditHistory *h);
void edit_mark_saved(EditHistory *h);

/* What a refusal means, for the HUD. */
const char *edit_result_text(EditResult r);

#endif
