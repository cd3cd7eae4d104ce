/* SPDX-License-Identifier: MIT */
/* test_edit.c - the editor's history: random stroke sequences undone and
 * redone against snapshots, the start that moves and comes back, refusals,
 * the redo branch, the saved mark, and the undo depth. */
#include "testlib.h"

#include "edit.h"
#include "level.h"

static const char room[] = "; a room\n"
                           "name: Room\n"
                           "##########\n"
                           "#@.......#\n"
                           "#........#\n"
                           "#..,,....#\n"
                           "##########\n";

static void load(Level *l, const char *text)
{
    NavDiags d;
    nav_diag_clear(&d);
    assert_true(level_parse(text, strlen(text), "room.txt", l, &d));
}

/* The room and an empty history, for most tests. */
typedef struct Fixture {
    Level l;
    EditHistory h;
} Fixture;

static int setup_room(void **state)
{
    Fixture *fx = calloc(1, sizeof *fx);
    if (!fx)
        return -1;
    load(&fx->l, room);
    edit_init(&fx->h);
    *state = fx;
    return 0;
}

static int teardown_room(void **state)
{
    Fixture *fx = *state;
    edit_deinit(&fx->h);
    level_free(&fx->l);
    free(fx);
    return 0;
}

/* The glyphs and the start: what a snapshot compares. */
static char *snapshot(const Level *l)
{
    size_t n = (size_t)l->w * (size_t)l->h;
    char *s = malloc(n + 2);
    assert_non_null(s);
    memcpy(s, l->glyphs, n);
    s[n] = (char)(l->start.x * 16 + l->start.y); /* small levels: one byte is enough */
    s[n + 1] = '\0';
    return s;
}

static void assert_level_is(const Level *l, const char *snap)
{
    char *now = snapshot(l);
    assert_memory_equal(now, snap, (size_t)l->w * (size_t)l->h + 1);
    free(now);
}

static int count_starts(const Level *l)
{
    int n = 0;
    for (int i = 0; i < l->w * l->h; i++)
        n += l->glyphs[i] == '@';
    return n;
}

/* Random strokes (random glyphs at random tiles, '@' among them), each
 * undone and redone through the whole history against snapshots. */
static void test_random_strokes_undo_redo(void **state)
{
    (void)state;
    static const char glyphs[] = "#.,+~*>S@ ";
    uint64_t seed = 7;
    for (int round = 0; round < 20; round++) {
        Level l;
        load(&l, room);
        EditHistory h;
        edit_init(&h);
        enum { STROKES = 40 };
        char *snap[STROKES + 1];
        snap[0] = snapshot(&l);
        int made = 0;
        for (int s = 0; s < STROKES; s++) {
            edit_begin(&h);
            int n = 1 + (int)(test_rand(&seed) % 6);
            for (int k = 0; k < n; k++) {
                NavPos t = nav_pos((int)(test_rand(&seed) % (unsigned)l.w), (int)(test_rand(&seed) % (unsigned)l.h));
                edit_paint(&h, &l, t, glyphs[test_rand(&seed) % 10]);
                assert_int_equal(count_starts(&l), 1);
                assert_int_equal(l.glyphs[l.start.y * l.w + l.start.x], '@');
            }
            edit_end(&h);
            if (edit_undo_count(&h) > made) /* the stroke changed something */
                snap[++made] = snapshot(&l);
        }
        assert_int_equal(edit_undo_count(&h), made);
        assert_true(made > 20);
        const EditChange *c;
        for (int i = made; i > 0; i--) {
            assert_true(edit_undo(&h, &l, &c) > 0);
            assert_level_is(&l, snap[i - 1]);
            assert_int_equal(count_starts(&l), 1);
        }
        assert_int_equal(edit_undo(&h, &l, &c), 0);
        assert_false(edit_dirty(&h));
        for (int i = 1; i <= made; i++) {
            assert_true(edit_redo(&h, &l, &c) > 0);
            assert_level_is(&l, snap[i]);
        }
        assert_int_equal(edit_redo(&h, &l, &c), 0);
        assert_true(edit_dirty(&h));
        for (int i = 0; i <= made; i++)
            free(snap[i]);
        edit_deinit(&h);
        level_free(&l);
    }
}

static void test_start_moves_and_comes_back(void **state)
{
    Fixture *fx = *state;
    Level *l = &fx->l;
    EditHistory *h = &fx->h;
    assert_int_equal(edit_paint(h, l, nav_pos(5, 2), '@'), EDIT_CHANGED);
    assert_int_equal(l->start.x, 5);
    assert_int_equal(l->start.y, 2);
    assert_int_equal(level_glyph(l, 1, 1), '.');
    /* the start is moved, never painted over, and never vanishes */
    assert_int_equal(edit_paint(h, l, nav_pos(5, 2), '#'), EDIT_START);
    assert_int_equal(edit_paint(h, l, nav_pos(5, 2), '@'), EDIT_SAME);
    const EditChange *c;
    assert_int_equal(edit_undo(h, l, &c), 2);
    assert_int_equal(l->start.x, 1);
    assert_int_equal(l->start.y, 1);
    assert_int_equal(level_glyph(l, 5, 2), '.');
    assert_int_equal(count_starts(l), 1);
}

static void test_refusals(void **state)
{
    (void)state;
    Level l;
    load(&l, " #\n@#\n #\n");
    EditHistory h;
    edit_init(&h);
    /* the last column, the first and the last row keep a tile: the file would shrink */
    assert_int_equal(edit_paint(&h, &l, nav_pos(1, 0), ' '), EDIT_EDGE);
    assert_int_equal(edit_paint(&h, &l, nav_pos(1, 2), ' '), EDIT_EDGE);
    assert_int_equal(edit_paint(&h, &l, nav_pos(1, 1), ' '), EDIT_CHANGED);
    assert_int_equal(edit_paint(&h, &l, nav_pos(0, 0), 'Q'), EDIT_BAD_GLYPH);
    assert_int_equal(edit_paint(&h, &l, nav_pos(9, 9), '#'), EDIT_SAME);
    assert_int_equal(edit_undo_count(&h), 1);
    assert_non_null(strstr(edit_result_text(EDIT_EDGE), "shrink"));
    /* what the editor allows always saves and loads back the same */
    char *text = level_format(&l, NULL);
    Level back;
    load(&back, text);
    assert_int_equal(back.w, l.w);
    assert_int_equal(back.h, l.h);
    assert_memory_equal(back.glyphs, l.glyphs, (size_t)(l.w * l.h));
    free(text);
    level_free(&back);
    edit_deinit(&h);
    level_free(&l);
}

/* A new stroke after undo drops the redo steps; a stroke that changes
 * nothing leaves no step and keeps them. */
static void test_redo_branch(void **state)
{
    Fixture *fx = *state;
    Level *l = &fx->l;
    EditHistory *h = &fx->h;
    const EditChange *c;
    edit_paint(h, l, nav_pos(2, 2), '#');
    edit_paint(h, l, nav_pos(3, 2), '#');
    edit_undo(h, l, &c);
    assert_int_equal(edit_redo_count(h), 1);
    edit_begin(h);
    edit_paint(h, l, nav_pos(2, 2), '#'); /* already a wall */
    edit_end(h);
    assert_int_equal(edit_redo_count(h), 1);
    edit_paint(h, l, nav_pos(4, 2), '~');
    assert_int_equal(edit_redo_count(h), 0);
    assert_int_equal(edit_undo_count(h), 2);
    assert_int_equal(edit_redo(h, l, &c), 0);
    assert_int_equal(level_glyph(l, 3, 2), '.');
}

static void test_saved_mark(void **state)
{
    Fixture *fx = *state;
    Level *l = &fx->l;
    EditHistory *h = &fx->h;
    const EditChange *c;
    assert_false(edit_dirty(h));
    edit_begin(h);
    edit_paint(h, l, nav_pos(2, 2), '#');
    assert_true(edit_dirty(h)); /* mid-stroke already */
    edit_end(h);
    edit_mark_saved(h);
    assert_false(edit_dirty(h));
    edit_undo(h, l, &c);
    assert_true(edit_dirty(h));
    edit_redo(h, l, &c);
    assert_false(edit_dirty(h));
    /* undo, then a different change: the saved state cannot come back by redo */
    edit_undo(h, l, &c);
    edit_paint(h, l, nav_pos(3, 3), '#');
    assert_true(edit_dirty(h));
    edit_undo(h, l, &c);
    assert_true(edit_dirty(h));
    edit_reset(h);
    assert_false(edit_dirty(h));
    assert_int_equal(edit_undo_count(h), 0);
}

/* More strokes than the history keeps: the newest EDIT_UNDO_MAX undo in order. */
static void test_undo_depth(void **state)
{
    Fixture *fx = *state;
    Level *l = &fx->l;
    EditHistory *h = &fx->h;
    assert_true(EDIT_UNDO_MAX >= 100);
    int total = EDIT_UNDO_MAX + 50;
    for (int i = 0; i < total; i++)
        assert_int_equal(edit_paint(h, l, nav_pos(2 + i % 2, 2), (i / 2) % 2 ? '.' : (i % 2 ? ',' : '#')),
                         EDIT_CHANGED);
    assert_int_equal(edit_undo_count(h), EDIT_UNDO_MAX);
    const EditChange *c;
    int undone = 0;
    while (edit_undo(h, l, &c) > 0)
        undone++;
    assert_int_equal(undone, EDIT_UNDO_MAX);
    /* back to the state after the 50 forgotten strokes: 50 = 4*12 + 2 */
    assert_int_equal(level_glyph(l, 2, 2), '#');
    assert_int_equal(level_glyph(l, 3, 2), ',');
    assert_true(edit_dirty(h)); /* the loaded state is beyond reach */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_strokes_undo_redo),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test_setup_teardown(test_start_moves_and_comes_back, setup_room, teardown_room),
        cmocka_unit_test_setup_teardown(test_redo_branch, setup_room, teardown_room),
        cmocka_unit_test_setup_teardown(test_saved_mark, setup_room, teardown_room),
        cmocka_unit_test_setup_teardown(test_undo_depth, setup_room, teardown_room),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
