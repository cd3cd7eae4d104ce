/* SPDX-License-Identifier: MIT */
/* test_text.c - text.c: words split in place, and control bytes escaped for
 * display (a level's name, a file's path) so they never reach a terminal raw. */
#include "testlib.h"

#include "text.h"

static void test_escape(void **state)
{
    (void)state;
    char out[64];
    assert_string_equal(text_escape("plain name", out, sizeof out), "plain name");
    assert_string_equal(text_escape("a\033[2Jb\tc\nd\x7f", out, sizeof out), "a\\x1b[2Jb\\x09c\\x0ad\\x7f");
    assert_string_equal(text_escape("caf\xc3\xa9", out, sizeof out), "caf\xc3\xa9"); /* UTF-8 stays */
    /* cut to fit, never half an escape */
    char small[6];
    assert_string_equal(text_escape("ab\033cd", small, sizeof small), "ab");
    assert_string_equal(text_escape("abcdefgh", small, sizeof small), "abcde");
}

static void test_split_words(void **state)
{
    (void)state;
    char line[] = "  one\ttwo  three ";
    char *w[4];
    assert_int_equal(text_split_words(line, w, 4), 3);
    assert_string_equal(w[0], "one");
    assert_string_equal(w[2], "three");
}

/* A message is cut to its buffer (never past it), a NULL or empty buffer
 * is left alone; a path's base name is what follows its last slash. */
static void test_format_and_base_name(void **state)
{
    (void)state;
    char out[8] = "xxxxxxx";
    text_format(out, sizeof out, "%s:%d", "levels/a.txt", 12);
    assert_string_equal(out, "levels/");
    text_format(NULL, 0, "%d", 1);
    text_format(out, 0, "%d", 1);
    assert_string_equal(out, "levels/");
    assert_string_equal(text_base_name("levels/extra/doors.txt"), "doors.txt");
    assert_string_equal(text_base_name("doors.txt"), "doors.txt");
    assert_string_equal(text_base_name("levels/"), "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_escape), cmocka_unit_test(test_split_words),
                                       cmocka_unit_test(test_format_and_base_name)};
    return cmocka_run_group_tests_name("text", tests, NULL, NULL);
}
