/* SPDX-License-Identifier: MIT */
/* edit.c - the editor's strokes of glyph changes and their undo/redo history.
 * Pure C; grows its two arrays as needed and keeps at most EDIT_UNDO_MAX strokes. */
#include "edit.h"
#include "words.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

void edit_init(EditHistory *h)
{
    memset(h, 0, sizeof *h);
}

void edit_deinit(EditHistory *h)
{
    free(h->changes);
    free(h->stroke_end);
    memset(h, 0, sizeof *h);
}

void edit_reset(EditHistory *h)
{
    h->change_count = h->strokes = h->stroke_total = h->saved = 0;
    h->open = h->open_changed = false;
}

static int stroke_first(const EditHistory *h, int stroke)
{
    return stroke > 0 ? h->stroke_end[stroke - 1] : 0;
}

/* Writes a glyph, keeping the level's start in step with its '@'. */
static void put(Level *l, int index, char glyph)
{
    l->glyphs[index] = glyph;
    if (glyph == '@')
        l->start = nav_pos(index % l->w, index / l->w);
}

void edit_begin(EditHistory *h)
{
    edit_end(h);
    h->open = true;
    h->open_changed = false;
}

/* Room for n more changes and for closing the open stroke. */
static bool reserve(EditHistory *h, int n)
{
    return buf_grow_int(&h->changes, &h->change_cap, sizeof *h->changes, (size_t)h->change_count + (size_t)n, 256) &&
           buf_grow_int(&h->stroke_end, &h->stroke_cap, sizeof *h->stroke_end, (size_t)h->strokes + 1, 64);
}

/* Applies and records one change; reserve() made room. */
static void change(EditHistory *h, Level *l, int index, char after)
{
    if (!h->open_changed) {
        /* the first change of a stroke makes the redo steps unreachable */
        h->change_count = stroke_first(h, h->strokes);
        h->stroke_total = h->strokes;
        if (h->saved > h->strokes)
            h->saved = -1;
        h->open_changed = true;
    }
    h->changes[h->change_count++] = (EditChange){index, l->glyphs[index], after};
    put(l, index, after);
}

/* True when the tiles of row y (or column x) other than (x, y) are all void. */
static bool only_void_besides(const Level *l, int x, int y, bool row)
{
    int n = row ? l->w : l->h;
    for (int i = 0; i < n; i++) {
        int tx = row ? i : x, ty = row ? y : i;
        if ((tx != x || ty != y) && level_glyph(l, tx, ty) != ' ')
            return false;
    }
    return true;
}

EditResult edit_paint(EditHistory *h, Level *l, NavPos t, char glyph)
{
    TileKind kind;
    if (!tile_from_glyph(glyph, &kind))
        return EDIT_BAD_GLYPH;
    if (t.x < 0 || t.y < 0 || t.x >= l->w || t.y >= l->h)
        return EDIT_SAME;
    int index = t.y * l->w + t.x;
    char before = l->glyphs[index];
    if (before == glyph)
        return EDIT_SAME;
    if (before == '@')
        return EDIT_START;
    /* the file stores neither leading void rows, trailing void rows nor
     * trailing void columns: keep the outer ones from emptying */
    if (glyph == ' ' && (((t.y == 0 || t.y == l->h - 1) && only_void_besides(l, t.x, t.y, true)) ||
                         (t.x == l->w - 1 && only_void_besides(l, t.x, t.y, false))))
        return EDIT_EDGE;
    bool single = !h->open;
    if (single)
        edit_begin(h);
    bool ok = reserve(h, 2);
    if (ok) {
        if (glyph == '@')
            change(h, l, l->start.y * l->w + l->start.x, '.');
        change(h, l, index, glyph);
    }
    if (single)
        edit_end(h);
    return ok ? EDIT_CHANGED : EDIT_NO_MEMORY;
}

static void drop_oldest(EditHistory *h)
{
    int n0 = h->stroke_end[0];
    memmove(h->changes, h->changes + n0, (size_t)(h->change_count - n0) * sizeof *h->changes);
    h->change_count -= n0;
    for (int i = 1; i < h->stroke_total; i++)
        h->stroke_end[i - 1] = h->stroke_end[i] - n0;
    h->strokes--;
    h->stroke_total--;
    h->saved = h->saved > 0 ? h->saved - 1 : -1;
}

void edit_end(EditHistory *h)
{
    if (!h->open)
        return;
    h->open = false;
    if (!h->open_changed)
        return;
    h->stroke_end[h->strokes++] = h->change_count;
    h->stroke_total = h->strokes;
    if (h->strokes > EDIT_UNDO_MAX)
        drop_oldest(h);
}

int edit_undo(EditHistory *h, Level *l, const EditChange **changes)
{
    edit_end(h);
    if (h->strokes == 0)
        return 0;
    h->strokes--;
    int first = stroke_first(h, h->strokes), end = h->stroke_end[h->strokes];
    for (int i = end - 1; i >= first; i--)
        put(l, h->changes[i].index, h->changes[i].before);
    *changes = h->changes + first;
    return end - first;
}

int edit_redo(EditHistory *h, Level *l, const EditChange **changes)
{
    edit_end(h);
    if (h->strokes == h->stroke_total)
        return 0;
    int first = stroke_first(h, h->strokes), end = h->stroke_end[h->strokes];
    for (int i = first; i < end; i++)
        put(l, h->changes[i].index, h->changes[i].after);
    h->strokes++;
    *changes = h->changes + first;
    return end - first;
}

int edit_undo_count(const EditHistory *h)
{
    return h->strokes;
}

int edit_redo_count(const EditHistory *h)
{
    return h->stroke_total - h->strokes;
}

bool edit_dirty(const EditHistory *h)
{
    return h->strokes != h->saved || (h->open && h->open_changed);
}

void edit_mark_saved(EditHistory *h)
{
    edit_end(h);
    h->saved = h->strokes;
}

const char *edit_result_text(EditResult r)
{
    switch (r) {
    case EDIT_CHANGED: return N_("changed");
    case EDIT_SAME: return N_("no change");
    case EDIT_START: return N_("the droid start can only be moved: pick @ and click its new tile");
    case EDIT_EDGE: return N_("the outer row or column would be all void and the level would shrink");
    case EDIT_BAD_GLYPH: return N_("unknown glyph");
    case EDIT_NO_MEMORY: return N_("out of memory");
    }
    return "?";
}
