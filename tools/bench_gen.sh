#!/bin/sh
# SPDX-License-Identifier: MIT
# bench_gen.sh - isopath gen over seeds 1..SEEDS at each difficulty asked:
# per difficulty the median and the longest processor time of one run
# (generation plus the whole proof, process start included; user and
# system time, which a machine busy with other work does not inflate, and
# the wall clock beside it), the candidates the runs took and those the
# solver ran on (mean and most), how the wait-for-green player's plays
# ended, the solver's margins (least, median, most) and how many plans
# throw a lure. Every level written is checked from outside the generator
# against its difficulty's test (--verify below); a level that fails it is
# named and the exit status is 1. Build the binary first (make
# build/bench/bin/isopath for the -O3 bench build, or bin/isopath).
#   tools/bench_gen.sh [ISOPATH] [SEEDS] [WxH] [DIFFICULTY...]
# defaults: build/bench/bin/isopath, 50 seeds, 24x16, difficulties 1 to 5;
# BENCH_GEN_SEEDS=1 prints a line for every seed too.
#   tools/bench_gen.sh --verify ISOPATH FILE DIFFICULTY
# checks one level file against a difficulty's test (docs/generator.md,
# "Difficulty"): isopath solve --margin wins it unseen with a margin of 15
# ticks or more (30 at most at difficulty 5 unless the plan throws a lure),
# the margin and lures its proof comment states; isopath naive wins it at
# difficulty 1 and loses it from 3 on.
# Prints "ok: ..." (exit 0) or "FAIL: ..." (exit 1). Figures in
# docs/generator.md.
set -u

# verify ISOPATH FILE DIFFICULTY: one line, ok or FAIL, and the status
verify() {
    naive=$("$1" naive "$2" 2>/dev/null)
    solved=$("$1" solve "$2" --margin 2>"${TMPDIR:-/tmp}/bench_gen.$$")
    lures=$(sed -n 's/^isopath: .* commands (\([0-9]*\) lures*).*/\1/p' "${TMPDIR:-/tmp}/bench_gen.$$")
    rm -f "${TMPDIR:-/tmp}/bench_gen.$$"
    margin=$(echo "$solved" | awk '$1 == "solved" { print $6 }')
    stated=$(sed -n 's/^; Proven: .*margin \([0-9]*\) ticks.*/\1/p' "$2")
    stated_lures=$(sed -n 's/^; Proven: .* \([0-9]*\) lures*, margin.*/\1/p' "$2")
    why=''
    case $naive in won*|lost*) ;; *) why="isopath naive said '$naive'" ;; esac
    if [ -z "$margin" ]; then
        why="${why:+$why; }not solved unseen ($solved)"
    else
        [ "$margin" -ge 15 ] || why="${why:+$why; }margin $margin under 15"
        [ "$3" -lt 5 ] || [ "$margin" -le 30 ] || [ "${lures:-0}" -gt 0 ] ||
            why="${why:+$why; }margin $margin over 30 and no lure at difficulty 5"
        [ "$margin" = "$stated" ] || why="${why:+$why; }margin $margin, the proof states '$stated'"
        [ "${lures:-0}" = "${stated_lures:-0}" ] ||
            why="${why:+$why; }${lures:-0} lures, the proof states '$stated_lures'"
    fi
    [ "$3" -ne 1 ] || case $naive in won*) ;; *) why="${why:+$why; }difficulty 1: the wait-for-green player $naive" ;; esac
    [ "$3" -lt 3 ] || case $naive in lost*) ;; *) why="${why:+$why; }difficulty $3: the wait-for-green player $naive" ;; esac
    if [ -n "$why" ]; then
        echo "FAIL: $2: $why"
        return 1
    fi
    echo "ok: $2: naive $naive; margin $margin, ${lures:-0} lures"
}

# cpu_ms: the processor time (user and system) the shell's children had
# used at the last `times >"$dir/times"`, in milliseconds (the shell's own
# `times`: no other tool, and unlike the wall clock not shared with
# whatever else the machine runs)
cpu_ms() {
    awk 'NR == 2 {
        split($1, u, /[ms]/); split($2, s, /[ms]/)
        printf "%d\n", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1000 + 0.5 }' "$dir/times"
}

if [ "${1:-}" = --verify ]; then
    [ $# -eq 4 ] || { echo "usage: bench_gen.sh --verify ISOPATH FILE DIFFICULTY" >&2; exit 2; }
    verify "$2" "$3" "$4"
    exit
fi

isopath=${1:-build/bench/bin/isopath}
seeds=${2:-50}
size=${3:-24x16}
[ $# -gt 3 ] && shift 3 || set -- 1 2 3 4 5
if [ ! -x "$isopath" ]; then
    echo "bench_gen: no binary '$isopath' (make build/bench/bin/isopath)" >&2
    exit 2
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0
for difficulty in "$@"; do
    : >"$dir/rows"
    s=1
    while [ "$s" -le "$seeds" ]; do
        f="$dir/level.txt"
        times >"$dir/times"
        c0=$(cpu_ms)
        t0=$(date +%s%N)
        if "$isopath" gen --seed "$s" --size "$size" --difficulty "$difficulty" --out "$f" 2>"$dir/err"; then
            t1=$(date +%s%N)
            times >"$dir/times"
            c1=$(cpu_ms)
            line=$(cat "$dir/err")
            cand=$(echo "$line" | sed -n 's/^isopath: candidate \([0-9]*\) of .*/\1/p')
            runs=$(echo "$line" | sed -n 's/^isopath: candidate .*(the solver ran on \([0-9]*\)).*/\1/p')
            naive=$(echo "$line" | sed -n 's/.*wait-for-green player [a-z]* (\([a-z-]*\),.*/\1/p')
            margin=$(echo "$line" | sed -n 's/.*margin \([0-9]*\) ticks.*/\1/p')
            lured=$(echo "$line" | sed -n 's/.* \([0-9]*\) lures*, margin.*/\1/p')
            echo "$((c1 - c0)) ${cand:-0} ${naive:-?} ${margin:-0} $(((t1 - t0) / 1000000)) ${runs:-0} ${lured:-0}" \
                >>"$dir/rows"
            [ -z "${BENCH_GEN_SEEDS:-}" ] || echo "seed $s difficulty $difficulty: $((c1 - c0)) ms, candidate" \
                "${cand:-?} (solved ${runs:-?}), ${naive:-?}, margin ${margin:-?}, ${lured:-?} lures"
            if ! verify "$isopath" "$f" "$difficulty" >"$dir/check"; then
                echo "bench_gen: seed $s: $(cat "$dir/check")" >&2
                status=1
            fi
        else
            echo "bench_gen: seed $s difficulty $difficulty: $(cat "$dir/err")" >&2
            status=1
        fi
        s=$((s + 1))
    done
    [ -s "$dir/rows" ] || continue
    margins=$(awk '{ print $4 }' "$dir/rows" | sort -n | awk '
        { m[NR] = $1 } END { printf "%d / %g / %d", m[1], NR % 2 ? m[(NR + 1) / 2] : (m[NR / 2] + m[NR / 2 + 1]) / 2, m[NR] }')
    walls=$(awk '{ print $5 }' "$dir/rows" | sort -n | awk '
        { m[NR] = $1 } END { printf "%g / %d", NR % 2 ? m[(NR + 1) / 2] : (m[NR / 2] + m[NR / 2 + 1]) / 2, m[NR] }')
    sort -n "$dir/rows" | awk -v size="$size" -v d="$difficulty" -v n="$seeds" -v margins="$margins" -v walls="$walls" '
        { t[NR] = $1; c += $2; if ($2 > cm) cm = $2; v[$3]++; r += $6; if ($6 > rm) rm = $6; lured += $7 > 0 }
        END {
            med = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
            verdicts = ""
            for (e in v) verdicts = verdicts sprintf("%s%s %d", verdicts == "" ? "" : ", ", e, v[e])
            printf "gen %s difficulty %d, %d of %d seeds: processor time median %g ms, max %d ms (wall clock %s ms); " \
                   "candidates mean %.2f, max %d (solved mean %.2f, max %d); wait-for-green player: %s; " \
                   "margin %s ticks (least / median / most); plans with a lure %d\n",
                size, d, NR, n, med, t[NR], walls, c / NR, cm, r / NR, rm, verdicts, margins, lured
        }'
done
exit $status
