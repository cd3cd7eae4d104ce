#!/bin/sh
# run.sh - runs every test program (cmocka, TAP output) and test script (TAP)
# given as arguments, echoes their output and ends with "N passed, N failed".
# A program that dies without reporting counts as one failure.
set -u
passed=0
failed=0
skipped=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for t in "$@"; do
    echo "# $t"
    CMOCKA_MESSAGE_OUTPUT=TAP "$t" >"$out" 2>&1
    rc=$?
    cat "$out"
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
