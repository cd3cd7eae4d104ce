#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - 'make fuzz': runs each libFuzzer target for SECONDS, starting from
# its committed seed corpus (tests/fuzz/corpus/NAME) plus what earlier runs
# found (build/fuzz/corpus/NAME, where new inputs go). A crash, leak,
# sanitizer report, timeout or out-of-memory input is written to
# tests/fuzz/crashes/NAME/ (make test replays that folder) and fails the run.
# Prints one line per target: seconds, executions, new corpus inputs, result.
#   tests/fuzz/run.sh SECONDS NAME...
set -u
seconds=$1
shift
failed=0
for name in "$@"; do
    bin=build/fuzz/fuzz_$name
    mkdir -p "build/fuzz/corpus/$name" "tests/fuzz/crashes/$name"
    log=build/fuzz/$name.log
    before=$(ls "tests/fuzz/crashes/$name" | wc -l)
    start=$(date +%s)
    "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="tests/fuzz/crashes/$name/" \
        "build/fuzz/corpus/$name" "tests/fuzz/corpus/$name" >"$log" 2>&1
    rc=$?
    took=$(($(date +%s) - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    new=$(ls "build/fuzz/corpus/$name" | wc -l)
    after=$(ls "tests/fuzz/crashes/$name" | wc -l)
    if [ "$rc" -ne 0 ] || [ "$after" -gt "$before" ]; then
        echo "fuzz_$name: ${took} s, ${execs:-?} executions, FAILED (exit $rc); see $log and tests/fuzz/crashes/$name/"
        grep -m5 -E "ERROR|SUMMARY|fuzz property failed" "$log" | sed 's/^/    /'
        failed=1
    else
        echo "fuzz_$name: ${took} s, ${execs:-?} executions, $new inputs in build/fuzz/corpus/$name, no findings"
    fi
    rmdir "tests/fuzz/crashes/$name" 2>/dev/null # only folders with crash files stay
done
exit $failed
