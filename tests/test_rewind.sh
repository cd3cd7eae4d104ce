#!/bin/sh
# SPDX-License-Identifier: MIT
# test_rewind.sh - rewinding (Backspace) from the player's side: the trace
# says "rewind TICK", a recording holds the rewinds and its replay reaches
# the recorded game's state hash; the clock the trace's win shows is the
# simulation's (from the first command). Prints TAP.
game=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"
XDG_DATA_HOME="$tmp/data"
export XDG_DATA_HOME

# walk, rewind twice (once after walking on), walk again
cat >"$tmp/play.txt" <<'S'
wait 500
clicktile 2 16
wait 2000
key Backspace
wait 3000
clicktile 10 16
wait 3000
key Backspace
key Backspace
wait 300
clicktile 5 19
wait 3000
quit
S
"$game" levels/14_detour.txt --headless --script "$tmp/play.txt" --trace --record "$tmp/rec" >"$tmp/trace" 2>"$tmp/err"
rc=$?
check "a game with rewinds: exit 0, nothing on stderr" '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ]'
check "the trace says each rewind and the tick it went back to" \
    '[ "$(grep "^rewind" "$tmp/trace" | tr "\n" " ")" = "rewind 0 rewind 180 rewind 0 " ]'
check "the first rewind goes back 3 s from where it was (2.5 s in: to the start)" 'grep -m1 "^rewind" "$tmp/trace" | grep -qx "rewind 0"'
check "the recording holds the rewinds" '[ "$(grep -c " rewind " "$tmp/rec")" -eq 3 ]'
"$game" --headless --replay "$tmp/rec" --trace >"$tmp/replay" 2>"$tmp/err2"
rc=$?
check "its replay: exit 0, nothing on stderr" '[ $rc -eq 0 ] && [ ! -s "$tmp/err2" ]'
check "its replay reaches the recorded game's state hash" \
    '[ "$(grep "^state " "$tmp/trace")" = "$(grep "^state " "$tmp/replay")" ]'
check "its replay rewinds where the game did" \
    '[ "$(grep "^rewind" "$tmp/trace")" = "$(grep "^rewind" "$tmp/replay")" ]'

# a bad rewind line is refused with its place
printf 'isodroid-replay 1\nlevel levels/14_detour.txt\n50 rewind 60\n60 end\n' >"$tmp/bad"
"$game" --headless --replay "$tmp/bad" >/dev/null 2>"$tmp/err3"
rc=$?
check "a rewind to a later tick is refused: FILE:3:COL" '[ $rc -ne 0 ] && grep -q "bad:3:[0-9]*: .rewind. wants" "$tmp/err3"'

# the clock starts with the first command: waiting first does not count
cat >"$tmp/win.txt" <<'S'
wait 3000
clicktile 4 1
wait 3000
quit
S
printf 'name: t\n######\n#@..>#\n######\n' >"$tmp/lvl.txt"
"$game" "$tmp/lvl.txt" --headless --script "$tmp/win.txt" --trace --no-progress >"$tmp/wtrace" 2>&1
check "the win's time counts from the first command, not from the load" \
    'awk "\$1 == \"win\" { found = 1; exit !(\$2 > 0.5 && \$2 < 2.5) } END { exit !found }" "$tmp/wtrace"'
tap_end
