#!/bin/sh
# SPDX-License-Identifier: MIT
# test_gen.sh - isopath gen. At the default size and difficulty, 12 seeds,
# each passing check (nothing unreachable), tour (winnable on its energy)
# and solve --margin (won unseen, margin at least 15 ticks), the same bytes
# again from the same arguments (also through --out), different levels
# from different seeds, the solver's plan replayed in the game to the same
# unseen win. The difficulty's test (docs/generator.md, "Difficulty"),
# checked from outside by tools/bench_gen.sh --verify on a sample (4 seeds
# at difficulty 1, one each at 3 and 4, two at 5; make bench checks 50
# seeds of each): the wait-for-green player (isopath naive) wins at 1 and
# loses from 3 on, the plan's margin at 5 is 30 ticks at most; and the
# check fails levels that break it. Then the header, the difficulty, and
# the errors: bad arguments exit 2, no candidate passing exits 1, an --out
# that cannot be written 3. Prints TAP. ISOPATH and ISODROID name the
# binaries.
isopath=${ISOPATH:-bin/isopath}
isodroid=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"
verify="$(dirname "$0")/../tools/bench_gen.sh"

seeds=$(seq 1 12)
gen_fail='' check_fail='' tour_fail='' solve_fail='' same_fail='' play_fail='' par_fail=''
for s in $seeds; do
    f="$tmp/g$s.txt"
    if ! "$isopath" gen --seed "$s" >"$f" 2>"$tmp/err"; then
        gen_fail="$gen_fail $s"
        continue
    fi
    "$isopath" check "$f" 2>&1 | grep -q ": ok, .*, 0 unreachable from" || check_fail="$check_fail $s"
    "$isopath" tour "$f" >/dev/null 2>&1 || tour_fail="$tour_fail $s"
    "$isopath" solve "$f" --margin --out "$tmp/plan" >"$tmp/solved" 2>/dev/null
    margin=$(awk '$1 == "solved" { print $6 }' "$tmp/solved")
    [ -n "$margin" ] && [ "$margin" -ge 15 ] || solve_fail="$solve_fail $s"
    [ "$(sed -n 's/^par_time: //p' "$f")" = "$(awk '$1 == "solved" { print $2 }' "$tmp/solved")" ] ||
        par_fail="$par_fail $s"
    "$isodroid" "$f" --headless --replay "$tmp/plan" --trace --no-progress >"$tmp/trace" 2>/dev/null
    [ "solved $(sed -n 's/^win //p' "$tmp/trace")" = "$(sed 's/ margin.*//' "$tmp/solved")" ] &&
        ! grep -q "^alert " "$tmp/trace" || play_fail="$play_fail $s"
    "$isopath" gen --seed "$s" --out "$tmp/again.txt" 2>/dev/null && cmp -s "$f" "$tmp/again.txt" ||
        same_fail="$same_fail $s"
done
check "12 seeds: every one generates${gen_fail:+ (failed:$gen_fail)}" '[ -z "$gen_fail" ]'
check "12 seeds: every level passes check with nothing unreachable${check_fail:+ (failed:$check_fail)}" '[ -z "$check_fail" ]'
check "12 seeds: every level is winnable on its energy by tour${tour_fail:+ (failed:$tour_fail)}" '[ -z "$tour_fail" ]'
check "12 seeds: every level is solved unseen with a margin of 15 ticks or more${solve_fail:+ (failed:$solve_fail)}" \
    '[ -z "$solve_fail" ]'
check "12 seeds: the solver's plan replays in the game to the same win, unseen${play_fail:+ (failed:$play_fail)}" \
    '[ -z "$play_fail" ]'
check "12 seeds: generating again (with --out) gives the same bytes${same_fail:+ (failed:$same_fail)}" '[ -z "$same_fail" ]'
check "12 seeds: the par_time: written is the solver's unseen win's time${par_fail:+ (failed:$par_fail)}" '[ -z "$par_fail" ]'
distinct=$(for s in $seeds; do grep -v '^;\|^name:' "$tmp/g$s.txt" | cksum; done | sort -u | wc -l)
check "different seeds give different levels ($distinct distinct of 12)" '[ "$distinct" -eq 12 ]'

# ---- the difficulty's test, on a sample ------------------------------------------------
# seed:difficulty; the rest of the 50 seeds of each difficulty: make bench
for sd in 1:1 2:1 3:1 4:1 2:3 3:4 3:5 4:5; do
    s=${sd%:*} d=${sd#*:}
    f="$tmp/d$d-$s.txt"
    "$isopath" gen --seed "$s" --difficulty "$d" --out "$f" 2>"$tmp/err"
    rc=$?
    sh "$verify" --verify "$isopath" "$f" "$d" >"$tmp/verified"
    vrc=$?
    check "difficulty $d, seed $s: $(sed "s|$tmp/||" "$tmp/verified")" '[ $rc -eq 0 ] && [ $vrc -eq 0 ]'
done
check "difficulty 1: the proof says the wait-for-green player wins; from 3 on, that it loses" \
    'grep -q "^; Proven: .*; the wait-for-green player wins (won)$" "$tmp/d1-1.txt" &&
     grep -q "^; Proven: .*; the wait-for-green player loses ([a-z-]*)$" "$tmp/d3-2.txt" &&
     grep -q "^; Proven: .*; the wait-for-green player loses ([a-z-]*)$" "$tmp/d5-3.txt"'
# the check fails what breaks the test: a level the player wins is no difficulty 3,
# one it loses no difficulty 1, a margin over 30 ticks no difficulty 5
sh "$verify" --verify "$isopath" "$tmp/d1-1.txt" 3 >"$tmp/out"
rc=$?
check "a level the wait-for-green player wins fails difficulty 3's test" \
    '[ $rc -eq 1 ] && grep -q "^FAIL: .*difficulty 3: the wait-for-green player won" "$tmp/out"'
sh "$verify" --verify "$isopath" "$tmp/d3-2.txt" 1 >"$tmp/out"
rc=$?
check "a level it loses fails difficulty 1's test" \
    '[ $rc -eq 1 ] && grep -q "^FAIL: .*difficulty 1: the wait-for-green player lost" "$tmp/out"'
wide=$(grep -l "^; Proven: .* 0 lures, margin \(3[1-9]\|[4-9][0-9]\|1[0-9][0-9]\) ticks" "$tmp"/d1-*.txt | head -1)
sh "$verify" --verify "$isopath" "$wide" 5 >"$tmp/out"
rc=$?
check "a plan with a window over 30 ticks and no lure fails difficulty 5's test" \
    '[ -n "$wide" ] && [ $rc -eq 1 ] && grep -q "^FAIL: .*over 30 and no lure at difficulty 5" "$tmp/out"'
sed 's/^energy: .*/energy: 1/' "$tmp/d1-2.txt" >"$tmp/starved.txt"
sh "$verify" --verify "$isopath" "$tmp/starved.txt" 1 >"$tmp/out"
rc=$?
check "a level not won unseen fails every difficulty's test" \
    '[ $rc -eq 1 ] && grep -q "^FAIL: .*not solved unseen" "$tmp/out"'

f="$tmp/g7.txt"
check "the header names the seed and the command, the author, the description, the energy" \
    'grep -qx "name: Generated #7" "$f" && grep -qx "; Generated by isopath gen --seed 7 --size 24x16 --difficulty 2" "$f" &&
     grep -qx "author: isopath gen" "$f" && grep -q "^description: .* rooms, .* energy cell" "$f" &&
     grep -q "^energy: [0-9][0-9]*$" "$f" &&
     grep -q "^; Proven: .*, [0-9]* lures*, margin [0-9]* ticks; the wait-for-green player [a-z]* ([a-z-]*)$" "$f"'
check "a level has rooms, doors, cells, an exit and sentries" \
    'grep -q "+" "$f" && grep -q "[*]" "$f" && grep -q ">" "$f" && grep -q "S" "$f"'
kinds=$(cat "$tmp"/g*.txt "$tmp"/d*.txt | grep -v '^;\|^[a-z_]*:' | grep -c '[,]')
water=$(cat "$tmp"/g*.txt "$tmp"/d*.txt | grep -v '^;\|^[a-z_]*:' | grep -c '[~]')
patrols=$(cat "$tmp"/g*.txt "$tmp"/d*.txt | grep -c '^patrol: ')
check "over the seeds: rough ground, water and patrols appear" '[ "$kinds" -gt 0 ] && [ "$water" -gt 0 ] && [ "$patrols" -gt 0 ]'

s1=$(grep -v '^;\|^[a-z_]*:' "$tmp/d1-3.txt" | tr -cd S | wc -c)
s5=$(grep -v '^;\|^[a-z_]*:' "$tmp/d5-3.txt" | tr -cd S | wc -c)
check "difficulty 5 has more sentries than 1 ($s5 > $s1), and faster ones" \
    '[ "$s5" -gt "$s1" ] && grep -qx "sentry_speed: 2" "$tmp/d1-3.txt" && grep -qx "sentry_speed: 3.5" "$tmp/d5-3.txt"'
"$isopath" gen --seed 4 --size 32x20 >"$tmp/big.txt" 2>/dev/null
rc=$?
margin=$("$isopath" solve "$tmp/big.txt" --margin 2>/dev/null | awk '$1 == "solved" { print $6 }')
check "--size 32x20: a 32x20 level, proven" \
    '[ $rc -eq 0 ] && "$isopath" check "$tmp/big.txt" | grep -q "32x20, .* 0 unreachable" && [ -n "$margin" ] && [ "$margin" -ge 15 ]'

for args in "--size 0x0" "--size 33x16" "--size 24" "--difficulty 9" "--difficulty 0" "--seed abc" "--seed -1" \
    "--seed" "--candidates 0" "--work 0" "--bogus 1" "extra"; do
    case $args in --seed*) all="$args" ;; *) all="--seed 1 $args" ;; esac
    # shellcheck disable=SC2086
    "$isopath" gen $all >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "bad arguments (gen $all): exit 2 with a message" \
        '[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^isopath: " "$tmp/err" && grep -q -- "--help" "$tmp/err"'
done
"$isopath" gen --size 24x16 >"$tmp/out" 2>"$tmp/err"
rc=$?
check "gen without --seed: exit 2, says so" '[ $rc -eq 2 ] && grep -q "gen needs --seed N" "$tmp/err"'
"$isopath" gen --seed 1 --size 0x0 2>"$tmp/err" >/dev/null
check "--size 0x0 names the range" 'grep -q "each side from 12 to 32" "$tmp/err"'

"$isopath" gen --seed 1 --candidates 1 --work 1 --out "$tmp/none.txt" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "no candidate passing: exit 1, a clear message, no file" \
    '[ $rc -eq 1 ] && [ ! -e "$tmp/none.txt" ] && [ ! -s "$tmp/out" ] && grep -q "no level: none of 1 candidate passed its proof" "$tmp/err"'
"$isopath" gen --seed 1 --out "$tmp/nodir/x.txt" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "an unwritable --out: exit 3, the path named" '[ $rc -eq 3 ] && grep -q "nodir/x.txt" "$tmp/err"'

tap_end
