#!/bin/sh
# SPDX-License-Identifier: MIT
# test_rewind.sh - rewinding (Backspace) from the player's side: the trace
# says "rewind TICK", a recording holds the rewinds and its replay reaches
# the recorded game's state hash; the clock the trace's win shows is the
# simulation's (from the first command); a sentry's notice costs the unseen
# star even after a rewind back before it, until a restart. Prints TAP.
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

# The unseen star. A sentry guards the lower room; the droid walks down to
# it, is noticed, then goes back (Backspace: to the click, before the
# notice) or restarts (R), and walks the top row to the exit unseen. The
# energy is the par's, so a win has its first two stars either way.
cat >"$tmp/stars.txt" <<'L'
name: Stars
energy: 100
##############
#@..........>#
#............#
#.############
#.############
#.############
#.############
#............#
#.........S..#
##############
L
# star_run NAME KEY: noticed, then KEY, then the win; trace, recording and progress in $tmp/NAME.*
star_run() {
    printf 'wait 500\nclicktile 9 7\nwait 3000\nkey %s\nwait 200\nclicktile 12 1\nwait 5000\nquit\n' "$2" >"$tmp/$1.script"
    XDG_DATA_HOME="$tmp/$1.data" "$game" "$tmp/stars.txt" --headless --script "$tmp/$1.script" --trace \
        --record "$tmp/$1.rec" >"$tmp/$1.trace" 2>"$tmp/$1.err"
}
# the events that matter, in order, on one line
star_events() {
    awk '$1 ~ /^(alert|rewind|restart|win|stars)$/ { printf "%s%s", sep, ($1 == "win" ? "win" : $0); sep = ", " }' "$1"
}
# the UNSEEN field of the level's progress line
star_kept() {
    awk -F '\t' '$1 == "best" { print $7 }' "$tmp/$1.data/isodroid/progress"
}
star_run rewound Backspace
check "noticed, rewound to before the notice, won: exit 0, nothing on stderr" \
    '[ -s "$tmp/rewound.trace" ] && [ ! -s "$tmp/rewound.err" ]'
check "noticed, rewound to before the notice, won: 2 stars, not the unseen one ($(star_events "$tmp/rewound.trace"))" \
    '[ "$(star_events "$tmp/rewound.trace")" = "alert 0 10 8, rewind 30, win, stars 2" ]'
check "the progress file keeps that win as not unseen" '[ "$(star_kept rewound)" = 0 ]'
"$game" --headless --replay "$tmp/rewound.rec" --trace >"$tmp/rewound.replay" 2>"$tmp/rewound.err2"
check "its replay gives the same verdict: 2 stars, the same state hash" \
    '[ ! -s "$tmp/rewound.err2" ] && [ "$(star_events "$tmp/rewound.replay")" = "$(star_events "$tmp/rewound.trace")" ] &&
     [ "$(grep "^state " "$tmp/rewound.replay")" = "$(grep "^state " "$tmp/rewound.trace")" ]'
star_run restarted R
check "noticed, restarted, won: 3 stars ($(star_events "$tmp/restarted.trace"))" \
    '[ ! -s "$tmp/restarted.err" ] && [ "$(star_events "$tmp/restarted.trace")" = "alert 0 10 8, restart, win, stars 3" ]'
check "the progress file keeps that win as unseen" '[ "$(star_kept restarted)" = 1 ]'
"$game" --headless --replay "$tmp/restarted.rec" --trace >"$tmp/restarted.replay" 2>/dev/null
check "its replay gives the same verdict: 3 stars" \
    '[ "$(star_events "$tmp/restarted.replay")" = "$(star_events "$tmp/restarted.trace")" ]'
tap_end
