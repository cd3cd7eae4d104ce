#!/bin/sh
# SPDX-License-Identifier: MIT
# test_fuzz_corpus.sh - replays every fuzz target's committed corpus and
# crash files (tests/fuzz/corpus/NAME, tests/fuzz/crashes/NAME) through the
# plain drivers make test builds under ASan + UBSan (build/san/fuzz/replay_NAME).
# Prints TAP. FUZZ_REPLAY_DIR names the drivers' folder.
dir=${FUZZ_REPLAY_DIR:-build/san/fuzz}
. "$(dirname "$0")/tap.sh"

for name in level movingai script edit; do
    bin=$dir/replay_$name
    if [ ! -x "$bin" ]; then
        check "fuzz_$name: replay driver built ($bin)" false
        continue
    fi
    "$bin" >"$tmp/out" 2>&1
    rc=$?
    check "fuzz_$name: corpus and crash files replay cleanly" '[ $rc -eq 0 ]'
    sed 's/^/#   /' "$tmp/out"
done

tap_end
