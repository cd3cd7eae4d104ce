#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - runs every test program (cmocka, TAP output) and test script (TAP)
# given as arguments, echoes their output and ends with "N passed, N failed".
# A program that dies without reporting counts as one failure; each one's
# wall time is echoed ("# NAME took N s"). Each test sees settings and
# progress folders of its own (XDG_CONFIG_HOME, XDG_DATA_HOME), never the
# player's nor another test's.
#
# The tests run in TEST_JOBS lanes at once (default: 2 on a machine of two
# or more processors, else 1), each lane taking the next test of the list
# when it is done with one, so the list's long tests are best given first;
# each test's output is echoed whole when it ends. TEST_JOBS=1 runs them one
# after the other in the order given.
set -u
passed=0
failed=0
skipped=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${TEST_JOBS:-}" ]; then
    TEST_JOBS=1
    [ "$(nproc 2>/dev/null || echo 1)" -ge 2 ] && TEST_JOBS=2
fi

total=0
for t in "$@"; do
    total=$((total + 1))
    printf '%s\n' "$t" >"$work/name.$total"
done
echo 0 >"$work/next"

# a lock is a folder: mkdir is atomic
lock() { while ! mkdir "$work/$1.lock" 2>/dev/null; do sleep 0.05; done; }
unlock() { rmdir "$work/$1.lock"; }

# the next test's number, or nothing when every one is taken
claim() {
    lock next
    k=$(($(cat "$work/next") + 1))
    echo "$k" >"$work/next"
    unlock next
    [ "$k" -le "$total" ] && echo "$k"
}

lane() {
    while k=$(claim) && [ -n "$k" ]; do
        t=$(cat "$work/name.$k")
        mkdir -p "$work/home.$k/config" "$work/home.$k/data"
        started=$(date +%s)
        XDG_CONFIG_HOME="$work/home.$k/config" XDG_DATA_HOME="$work/home.$k/data" CMOCKA_MESSAGE_OUTPUT=TAP \
            "$t" >"$work/out.$k" 2>&1
        echo $? >"$work/rc.$k"
        took=$(($(date +%s) - started))
        lock print
        echo "# $t"
        cat "$work/out.$k"
        echo "# $t took $took s"
        unlock print
    done
}

lanes=0
while [ "$lanes" -lt "$TEST_JOBS" ]; do
    lane &
    lanes=$((lanes + 1))
done
wait

k=0
while [ "$k" -lt "$total" ]; do
    k=$((k + 1))
    out=$work/out.$k
    [ -f "$out" ] || : >"$out"
    t=$(cat "$work/name.$k")
    rc=$(cat "$work/rc.$k" 2>/dev/null || echo 127)
    # a skip is "ok N - name # SKIP why" (TAP), or "not ok N # SKIP name" (cmocka)
    p=$(grep '^ok ' "$out" | grep -vc '# SKIP')
    s=$(grep -E '^(not )?ok ' "$out" | grep -c '# SKIP')
    f=$(grep '^not ok ' "$out" | grep -vc '# SKIP')
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "not ok - $t exited with status $rc"
        f=1
    fi
    passed=$((passed + p))
    skipped=$((skipped + s))
    failed=$((failed + f))
done
[ "$skipped" -eq 0 ] || echo "# $skipped skipped (see the SKIP lines above)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
