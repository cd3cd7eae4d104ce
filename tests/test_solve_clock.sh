#!/bin/sh
# SPDX-License-Identifier: MIT
# test_solve_clock.sh - isopath solve --time S holds on a big level: the
# solver's clock covers its set-up (the whole-map distance fields, the
# tour's fields, the waypoints), not only its search. A 4096x4096 level of
# open floor with one sentry (tools/make_flat.py guard, made here, never
# committed) is solved with --time 1; the processor time it takes (user +
# sys, counted by the shell's `times`) must stay under what reading the
# level costs (isopath check, timed the same way) plus three times the
# budget plus a fixed allowance: generous on a loaded machine, far under
# the set-up's own cost (about 30 s under the sanitizers before the clock
# covered it). Prints TAP. ISOPATH names the binary.
isopath=${ISOPATH:-bin/isopath}
. "$(dirname "$0")/tap.sh"

# cpu COMMAND...: runs it (its output in $tmp/cpu.out, .err, its status in
# $tmp/cpu.rc) and prints its processor seconds, user + sys
cpu() {
    (
        "$@" >"$tmp/cpu.out" 2>"$tmp/cpu.err"
        echo $? >"$tmp/cpu.rc"
        times
    ) | awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); t += p[1] * 60 + p[2] }
                       printf "%.2f\n", t }'
}

if ! command -v python3 >/dev/null 2>&1; then
    skip "python3 not found: tools/make_flat.py not run"
    tap_end
    exit
fi
tools/make_flat.py guard 4096 4096 >"$tmp/guard.txt"
load=$(cpu "$isopath" check "$tmp/guard.txt")
check "the 4096x4096 level with one sentry reads ($load s)" \
    '[ "$(cat "$tmp/cpu.rc")" -eq 0 ] && grep -q "4096x4096" "$tmp/cpu.out"'
budget=1
allowance=2
solve=$(cpu "$isopath" solve "$tmp/guard.txt" --time $budget)
check "solve --time $budget stops on the clock: unsolved budget, exit 1" \
    '[ "$(cat "$tmp/cpu.rc")" -eq 1 ] && grep -qx "unsolved budget" "$tmp/cpu.out"'
check "solve --time $budget takes $solve s of processor time: at most reading it ($load s) + 3 x $budget + $allowance s" \
    'awk -v s="$solve" -v l="$load" -v b=$budget -v a=$allowance "BEGIN { exit !(s <= l + 3 * b + a) }"'
tap_end
