/* SPDX-License-Identifier: MIT */
/* state_fields.h - the one line test_state_fields adds to SimState: the
 * build of that test compiles the rules with this header first
 * (-include, Makefile). */
#define SIM_STATE_TEST_FIELDS(X) X(uint64_t, test_extra, INT)
