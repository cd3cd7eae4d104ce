/* SPDX-License-Identifier: MIT */
/* test_num.c - the checked number parser: whole numbers in range, junk and
 * overflow refused (never wrapped), the prefix scan, decimals without
 * nan/inf/hex. */
#include "testlib.h"

#include <limits.h>

#include "num.h"

static void test_long(void **state)
{
    (void)state;
    long v = 7;
    assert_int_equal(num_parse_long("42", 0, 100, &v), NUM_OK);
    assert_int_equal(v, 42);
    assert_int_equal(num_parse_long("-5", -10, 10, &v), NUM_OK);
    assert_int_equal(v, -5);
    assert_int_equal(num_parse_long("+5", -10, 10, &v), NUM_OK);
    assert_int_equal(v, 5);
    assert_int_equal(num_parse_long("0", 0, 0, &v), NUM_OK);
    v = 7;
    assert_int_equal(num_parse_long("", 0, 100, &v), NUM_EMPTY);
    assert_int_equal(num_parse_long(" 4", 0, 100, &v), NUM_EMPTY);
    assert_int_equal(num_parse_long("-", 0, 100, &v), NUM_EMPTY);
    assert_int_equal(num_parse_long("x4", 0, 100, &v), NUM_EMPTY);
    assert_int_equal(num_parse_long("4 ", 0, 100, &v), NUM_JUNK);
    assert_int_equal(num_parse_long("4junk", 0, 100, &v), NUM_JUNK);
    assert_int_equal(num_parse_long("0x10", 0, 100, &v), NUM_JUNK);
    assert_int_equal(num_parse_long("1e3", 0, 10000, &v), NUM_JUNK);
    assert_int_equal(num_parse_long("101", 0, 100, &v), NUM_RANGE);
    assert_int_equal(num_parse_long("-1", 0, 100, &v), NUM_RANGE);
    /* beyond long: refused, never wrapped or clamped */
    assert_int_equal(num_parse_long("99999999999999999999", LONG_MIN, LONG_MAX, &v), NUM_RANGE);
    assert_int_equal(num_parse_long("-99999999999999999999", LONG_MIN, LONG_MAX, &v), NUM_RANGE);
    assert_int_equal(v, 7); /* untouched on every failure */
    assert_int_equal(num_parse_long("9223372036854775807", LONG_MIN, LONG_MAX, &v), NUM_OK);
    assert_true(v == LONG_MAX);
}

static void test_int(void **state)
{
    (void)state;
    int v = 3;
    /* 4294967297 = 2^32 + 1 would be 1 in an int */
    assert_int_equal(num_parse_int("4294967297", INT_MIN, INT_MAX, &v), NUM_RANGE);
    assert_int_equal(num_parse_int("4294967296", 0, INT_MAX, &v), NUM_RANGE);
    assert_int_equal(num_parse_int("2147483648", INT_MIN, INT_MAX, &v), NUM_RANGE);
    assert_int_equal(v, 3);
    assert_int_equal(num_parse_int("2147483647", INT_MIN, INT_MAX, &v), NUM_OK);
    assert_int_equal(v, INT_MAX);
    assert_int_equal(num_parse_int("-2147483648", INT_MIN, INT_MAX, &v), NUM_OK);
    assert_int_equal(v, INT_MIN);
}

static void test_scan(void **state)
{
    (void)state;
    const char *s = "640x480", *end;
    long v = 0;
    assert_int_equal(num_scan_long(s, &end, 1, 10000, &v), NUM_OK);
    assert_int_equal(v, 640);
    assert_string_equal(end, "x480");
    assert_int_equal(num_scan_long("x1", &end, 0, 9, &v), NUM_EMPTY);
    assert_string_equal(end, "x1");
    assert_int_equal(num_scan_long("4294967360x100", &end, 1, 8192, &v), NUM_RANGE);
    assert_string_equal(end, "x100");
    assert_int_equal(v, 640);
}

static void test_double(void **state)
{
    (void)state;
    double v = 1;
    assert_int_equal(num_parse_double("10.89949493", 0, 1e9, &v), NUM_OK);
    assert_true(v > 10.8994949 && v < 10.899495);
    assert_int_equal(num_parse_double("4", 0, 1e9, &v), NUM_OK);
    assert_true(v == 4.0);
    assert_int_equal(num_parse_double(".5", 0, 1e9, &v), NUM_OK);
    assert_int_equal(num_parse_double("1e-3", 0, 1e9, &v), NUM_OK);
    v = 1;
    assert_int_equal(num_parse_double("nan", 0, 1e9, &v), NUM_EMPTY);
    assert_int_equal(num_parse_double("inf", 0, 1e9, &v), NUM_EMPTY);
    assert_int_equal(num_parse_double("0x10", 0, 1e9, &v), NUM_JUNK);
    assert_int_equal(num_parse_double("1.5.2", 0, 1e9, &v), NUM_JUNK);
    assert_int_equal(num_parse_double("1e999", 0, 1e300, &v), NUM_RANGE);
    assert_int_equal(num_parse_double("-0.5", 0, 1e9, &v), NUM_RANGE);
    assert_int_equal(num_parse_double(" 1", 0, 1e9, &v), NUM_EMPTY);
    assert_true(v == 1);
    assert_string_equal(num_status_text(NUM_RANGE), "out of range");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_long),
        cmocka_unit_test(test_int),
        cmocka_unit_test(test_scan),
        cmocka_unit_test(test_double),
    };
    return cmocka_run_group_tests_name("num", tests, NULL, NULL);
}
