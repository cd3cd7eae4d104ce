/* SPDX-License-Identifier: MIT */
/* test_state_fields.c - a field added to SimState with one line of its
 * table (tests/rules/state_fields.h, compiled into this test's own build of
 * the rules) is copied by sim_copy and hashed by sim_hash, with no other
 * line written: the table, not a list kept by hand, makes both. */
#include "testlib.h"
#include "testlevel.h"

#include "sim.h"

static void test_added_field_is_copied_and_hashed(void **state)
{
    (void)state;
    Level l = test_level_from_text("#######\n#@.*.>#\n#######\n");
    Sim s, c;
    memset(&c, 0, sizeof c);
    assert_true(sim_init(&s, &l));
    assert_int_equal(s.state.test_extra, 0); /* started zeroed */
    uint64_t before = sim_hash(&s);
    s.state.test_extra = 0x5eed;
    assert_true(sim_hash(&s) != before); /* hashed */
    assert_true(sim_copy(&c, &s));
    assert_int_equal(c.state.test_extra, 0x5eed); /* copied */
    assert_true(sim_hash(&c) == sim_hash(&s));
    c.state.test_extra++;
    assert_true(sim_hash(&c) != sim_hash(&s));
    sim_deinit(&c);
    sim_deinit(&s);
    level_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_added_field_is_copied_and_hashed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
