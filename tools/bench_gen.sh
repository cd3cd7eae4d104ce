#!/bin/sh
# SPDX-License-Identifier: MIT
# bench_gen.sh - times isopath gen (generation plus the whole proof) over
# seeds 1..N: the median and the longest wall-clock time of one run, and how
# many candidates the runs took (the mean and the most). Build the binary
# first (make build/bench/bin/isopath for the -O3 bench build, or bin/isopath).
#   tools/bench_gen.sh [ISOPATH] [SEEDS] [WxH] [DIFFICULTY]
# defaults: build/bench/bin/isopath, 50 seeds, 24x16, 2. Figures in
# docs/generator.md.
set -u
isopath=${1:-build/bench/bin/isopath}
seeds=${2:-50}
size=${3:-24x16}
difficulty=${4:-2}
if [ ! -x "$isopath" ]; then
    echo "bench_gen: no binary '$isopath' (make build/bench/bin/isopath)" >&2
    exit 2
fi
err=$(mktemp)
times=$(mktemp)
trap 'rm -f "$err" "$times"' EXIT
status=0
s=1
while [ "$s" -le "$seeds" ]; do
    t0=$(date +%s%N)
    "$isopath" gen --seed "$s" --size "$size" --difficulty "$difficulty" >/dev/null 2>"$err" || {
        echo "bench_gen: seed $s: $(cat "$err")" >&2
        status=1
    }
    t1=$(date +%s%N)
    cand=$(sed -n 's/^isopath: candidate \([0-9]*\) of .*/\1/p' "$err")
    echo "$(((t1 - t0) / 1000)) ${cand:-0}" >>"$times"
    s=$((s + 1))
done
sort -n "$times" | awk -v n="$seeds" -v size="$size" -v d="$difficulty" '
    { t[NR] = $1; c += $2; if ($2 > cm) cm = $2 }
    END {
        med = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
        printf "gen %s difficulty %d, %d seeds: median %.1f ms, max %.1f ms; candidates mean %.2f, max %d\n",
            size, d, n, med / 1000, t[NR] / 1000, c / NR, cm
    }'
exit $status
