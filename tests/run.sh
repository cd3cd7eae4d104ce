#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - runs every test program (cmocka, TAP output) and test script (TAP)
# given as arguments, echoes their output and ends with "N passed, N failed".
# A program that dies without reporting counts as one failure; each one's
# wall time is echoed ("# NAME took N s"). The tests
# see settings and progress folders of their own (XDG_CONFIG_HOME, XDG_DATA_HOME).
set -u
passed=0
failed=0
skipped=0
out=$(mktemp)
# the player's own settings and progress never reach a test, nor a test them
home=$(mktemp -d)
trap 'rm -f "$out"; rm -rf "$home"' EXIT
XDG_CONFIG_HOME="$home/config"
XDG_DATA_HOME="$home/data"
export XDG_CONFIG_HOME XDG_DATA_HOME
for t in "$@"; do
    echo "# $t"
    started=$(date +%s)
    CMOCKA_MESSAGE_OUTPUT=TAP "$t" >"$out" 2>&1
    rc=$?
    cat "$out"
    echo "# $t took $(($(date +%s) - started)) s"
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
