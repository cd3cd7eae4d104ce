#!/bin/sh
# SPDX-License-Identifier: MIT
# test_naive.sh - isopath naive, the wait-for-green player: a level with no
# sentry is won without waiting; one whose only way passes beside a guard
# is lost with no safe departure, one where a patrol walks up to the droid
# is lost seen while standing; one crossed behind a patrol is won after a
# wait; every recording it writes (--out) replays in the game to the same
# end, on these levels and on the whole campaign; usage errors exit 2, a
# missing file 3. Prints TAP. ISOPATH and ISODROID name the binaries.
isopath=${ISOPATH:-bin/isopath}
isodroid=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"

# json_int FILE KEY: the whole number KEY's first appearance holds in the one-line object
json_int() { sed -n "s/.*\"$2\":\([0-9][0-9]*\).*/\1/p" "$1"; }
# replay LEVEL PLAN: the game's trace of the recording, headless
replay() { "$isodroid" "$1" --headless --replay "$2" --trace --no-progress 2>/dev/null; }

# ---- no sentry: won, no wait ---------------------------------------------------------
printf '##########\n#*.....*.#\n#.##@###.#\n#....*..>#\n##########\n' >"$tmp/plain.txt"
"$isopath" naive "$tmp/plain.txt" --out "$tmp/plain.rec" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "no sentry: won SECONDS, exit 0, what it did on stderr: $(cat "$tmp/out")" \
    '[ $rc -eq 0 ] && grep -Eqx "won [0-9]+\.[0-9]{3}" "$tmp/out" && grep -q "^isopath: 4 walks, 0.000 s of standing" "$tmp/err"'
check "no sentry: one goto per leg in the recording, then the end" \
    '[ "$(grep -c " goto " "$tmp/plain.rec")" -eq 4 ] && tail -1 "$tmp/plain.rec" | grep -Eqx "[0-9]+ end"'
replay "$tmp/plain.txt" "$tmp/plain.rec" >"$tmp/trace"
check "no sentry: the recording replays in the game to the same win" \
    '[ "won $(sed -n "s/^win \([0-9.]*\) .*/\1/p" "$tmp/trace")" = "$(cat "$tmp/out")" ]'

# ---- always watched: lost, exit 1 -------------------------------------------------------
printf '###########\n#@.......*#\n#####S###>#\n###########\n' >"$tmp/watched.txt"
"$isopath" naive "$tmp/watched.txt" --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "the only way beside a guard: lost, no safe departure, exit 1, 20 s of waiting" \
    '[ $rc -eq 1 ] && grep -q "\"verdict\":\"lost\",\"reason\":\"no-safe-departure\"" "$tmp/out" &&
     [ "$(json_int "$tmp/out" wait_ticks)" -eq 1200 ] && grep -q "\"legs\":\[\]" "$tmp/out"'
"$isopath" naive "$tmp/watched.txt" >"$tmp/out" 2>/dev/null
check "the text says the same: lost no-safe-departure" 'grep -qx "lost no-safe-departure" "$tmp/out"'

# ---- a patrol walks up to the droid: seen while standing --------------------------------
printf 'patrol: 10,1 2,1\n############\n#@........S#\n#########.##\n#########*##\n#########>##\n############\n' \
    >"$tmp/trap.txt"
"$isopath" naive "$tmp/trap.txt" --out "$tmp/trap.rec" >"$tmp/out" 2>/dev/null
rc=$?
replay "$tmp/trap.txt" "$tmp/trap.rec" >"$tmp/trace"
check "a patrol comes to the waiting droid: lost seen, exit 1; the game's replay shows the alert" \
    '[ $rc -eq 1 ] && grep -qx "lost seen" "$tmp/out" && grep -q "^alert 0 " "$tmp/trace" && ! grep -q "^win " "$tmp/trace"'

# ---- a patrol to wait for: won after waiting -------------------------------------------
cat >"$tmp/wait.txt" <<'LEVEL'
patrol: 1,3 25,3
###########################
#..@......................#
#############.#############
#S........................#
#############.#############
#.....*..................>#
###########################
LEVEL
"$isopath" naive "$tmp/wait.txt" >"$tmp/text" 2>/dev/null
"$isopath" naive "$tmp/wait.txt" --json --out "$tmp/wait.rec" >"$tmp/out" 2>"$tmp/err"
rc=$?
waited=$(sed -n 's/.*"legs":\[{[^}]*"waited":\([0-9]*\).*/\1/p' "$tmp/out")
check "behind a patrol: won after waiting (first leg waited $waited ticks, $(json_int "$tmp/out" wait_ticks) in all)" \
    '[ $rc -eq 0 ] && grep -q "\"verdict\":\"won\",\"reason\":null" "$tmp/out" && [ -n "$waited" ] && [ "$waited" -gt 0 ] &&
     [ "$(json_int "$tmp/out" wait_ticks)" -ge "$waited" ] && [ $((waited % 6)) -eq 0 ]'
check "behind a patrol: the JSON's ticks are the text's seconds ($(cat "$tmp/text"))" \
    '[ "$(cat "$tmp/text")" = "won $(awk -v t="$(json_int "$tmp/out" ticks)" "BEGIN { printf \"%.3f\", t / 60 }")" ]'
check "behind a patrol: the first goto leaves at the tick waited" \
    'sed -n 3p "$tmp/wait.rec" | grep -qx "$waited goto 6 5" && grep -q "\"out\":\"$tmp/wait.rec\"" "$tmp/out"'
replay "$tmp/wait.txt" "$tmp/wait.rec" >"$tmp/trace"
check "behind a patrol: the recording replays in the game to the same win, no sentry noticing" \
    '[ "won $(sed -n "s/^win \([0-9.]*\) .*/\1/p" "$tmp/trace")" = "$(cat "$tmp/text")" ] && ! grep -q "^alert " "$tmp/trace"'

# ---- the campaign: every recording replays to the naive player's end -----------------
# (won: the same win line's time; seen: an alert; energy or caught: that loss;
# no safe departure: neither a win nor a loss)
differ=''
for f in levels/*.txt; do
    "$isopath" naive "$f" --out "$tmp/c.rec" >"$tmp/out" 2>/dev/null
    replay "$f" "$tmp/c.rec" >"$tmp/trace"
    got=$(sed -n 's/^win \([0-9.]*\) .*/won \1/p; s/^lose \(.*\)/lost \1/p' "$tmp/trace" | head -1)
    grep -q "^alert " "$tmp/trace" && got="lost seen"
    [ -n "$got" ] || got="lost no-safe-departure"
    [ "$got" = "$(cat "$tmp/out")" ] || differ="$differ $f($(cat "$tmp/out") / game: $got)"
done
check "every campaign level: the naive recording plays in the game to the same end${differ:+:$differ}" '[ -z "$differ" ]'

# ---- free play, usage, files -----------------------------------------------------------
printf '#####\n#@.*#\n#####\n' >"$tmp/free.txt"
"$isopath" naive "$tmp/free.txt" --out "$tmp/free.rec" >"$tmp/out" 2>/dev/null
rc=$?
check "free play: lost no-exit, exit 1, no recording left" \
    '[ $rc -eq 1 ] && grep -qx "lost no-exit" "$tmp/out" && [ ! -e "$tmp/free.rec" ]'
for args in "naive" "naive $tmp/plain.txt $tmp/plain.txt" "naive $tmp/plain.txt --bogus" "naive $tmp/plain.txt --out"; do
    # shellcheck disable=SC2086
    "$isopath" $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "bad arguments ($args): exit 2 with a message" \
        '[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^isopath: " "$tmp/err" && grep -q -- "--help" "$tmp/err"'
done
"$isopath" naive "$tmp/nonexistent.txt" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "a missing level: exit 3, the file named as every command names it" \
    '[ $rc -eq 3 ] && [ ! -s "$tmp/out" ] && grep -qx "isopath: $tmp/nonexistent.txt: cannot open: No such file or directory" "$tmp/err"'
"$isopath" naive "$tmp/plain.txt" --out "$tmp/nodir/plain.rec" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "an --out that cannot be opened: exit 3, named, nothing played" \
    '[ $rc -eq 3 ] && [ ! -s "$tmp/out" ] && grep -q "^isopath: $tmp/nodir/plain.rec: " "$tmp/err"'

tap_end
