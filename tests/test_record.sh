#!/bin/sh
# SPDX-License-Identifier: MIT
# test_record.sh - recordings never lost or wrong: --record refuses to write
# over the level being played and an unwritable path before the game
# starts; a headless run stopped by SIGTERM or SIGINT exits 128+N with its
# recording ended; a level line that does not load fails the replay with
# its place; leaving the editor or a hot reload ends the recording there,
# and the replay reaches the game's state hash; control bytes in a level's
# name or path are shown escaped. Prints TAP.
game=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"
XDG_DATA_HOME="$tmp/data"
export XDG_DATA_HOME

# waits (up to 60 s) for a condition; never a fixed sleep for the game
wait_for() { # shell condition
    i=0
    while ! eval "$1"; do
        i=$((i + 1))
        [ $i -gt 600 ] && return 1
        sleep 0.1
    done
}

cp levels/01_tutorial.txt "$tmp/lvl.txt"
printf 'wait 100\nquit\n' >"$tmp/q.txt"
"$game" "$tmp/lvl.txt" --headless --script "$tmp/q.txt" --record "$tmp/lvl.txt" 2>"$tmp/err"
rc=$?
check "--record onto the level being played: refused, the level intact" \
    '[ $rc -ne 0 ] && grep -q "is the level being played" "$tmp/err" && cmp -s "$tmp/lvl.txt" levels/01_tutorial.txt'
"$game" "$tmp/lvl.txt" --headless --script "$tmp/q.txt" --record "$tmp/no/such/dir/rec" --trace >"$tmp/out" 2>"$tmp/err"
rc=$?
check "an unwritable --record path: an error before the game starts" \
    '[ $rc -ne 0 ] && grep -q "cannot write the recording" "$tmp/err" && [ ! -s "$tmp/out" ]'

# a long headless run, stopped by a signal once it has recorded its first input
for sig in 15 2; do # SIGTERM, SIGINT
    { echo "clicktile 6 8"; i=0; while [ $i -lt 200 ]; do echo "wait 3600000"; i=$((i + 1)); done; } >"$tmp/long.txt"
    rm -f "$tmp/sig.rec"
    "$game" "$tmp/lvl.txt" --headless --script "$tmp/long.txt" --record "$tmp/sig.rec" >/dev/null 2>&1 &
    pid=$!
    wait_for 'grep -q " goto 6 8" "$tmp/sig.rec" 2>/dev/null'
    kill -$sig $pid
    wait $pid
    rc=$?
    want=$((128 + sig))
    check "signal $sig stops a headless run: exit $want, the recording flushed and ended" \
        '[ $rc -eq $want ] && grep -q " goto 6 8$" "$tmp/sig.rec" && tail -1 "$tmp/sig.rec" | grep -q " end$"'
done

printf 'isodroid-replay 1\nlevel %s\n10 goto 3 3\n\n20 level %s/missing.txt\n30 end\n' "$tmp/lvl.txt" "$tmp" >"$tmp/badlevel.rec"
"$game" --headless --replay "$tmp/badlevel.rec" >/dev/null 2>"$tmp/err"
rc=$?
check "a replay's level line that does not load: exit 1, FILE:LINE named" \
    '[ $rc -eq 1 ] && grep -q "badlevel.rec:5: the level .*missing.txt does not load" "$tmp/err"'

printf 'isodroid-replay 1\nlevel %s\n10 goto 3 3\n200 end\n' "$tmp/lvl.txt" >"$tmp/old.rec"
"$game" --headless --replay "$tmp/old.rec" >/dev/null 2>"$tmp/err"
rc=$?
check "a 0.9.0 recording plays, with a word that its walks may differ" \
    '[ $rc -eq 0 ] && grep -q "old.rec: recorded by Isodroid 0.9.0" "$tmp/err" && head -1 "$tmp/sig.rec" | grep -qx "isodroid-replay 2"'

# leaving the editor ends the recording there, and its replay is the game up to then
cat >"$tmp/edit.txt" <<'S'
clicktile 6 8
wait 1000
key e
rclicktile 4 4
key e
clicktile 2 2
wait 1000
quit
S
"$game" "$tmp/lvl.txt" --headless --script "$tmp/edit.txt" --record "$tmp/edit.rec" --trace >"$tmp/trace" 2>"$tmp/err"
check "the editor during a recording: the recording ends when it opens" \
    '[ "$(grep -c " end$" "$tmp/edit.rec")" -eq 1 ] && ! grep -q "goto 2 2" "$tmp/edit.rec"'
"$game" --headless --replay "$tmp/edit.rec" --trace >"$tmp/replay" 2>&1
check "its replay walks what was recorded" '[ "$(grep -c "^arrive" "$tmp/replay")" -ge 3 ]'
# a level's name or path with control bytes never reaches the terminal raw
printf 'name: a\033[2Jb\n#####\n#@..#\n#####\n' >"$tmp/esc.txt"
"${ISOPATH:-bin/isopath}" check "$tmp/esc.txt" >"$tmp/out" 2>&1
check "isopath check shows a name's control bytes escaped" \
    'grep -qF "'"'"'a\\x1b[2Jb'"'"'" "$tmp/out" && ! grep -q "$(printf "\033")" "$tmp/out"'
mkdir -p "$tmp/pack"
cp levels/01_tutorial.txt "$tmp/pack/01 first.txt"
cp levels/01_tutorial.txt "$tmp/pack/02	tab.txt"
printf 'key PageDown\nwait 100\nquit\n' >"$tmp/next.txt"
"$game" "$tmp/pack/01 first.txt" --headless --script "$tmp/next.txt" --trace >"$tmp/out" 2>&1
check "the trace shows a tab in a level's path escaped" 'grep -q "^level .*02\\\\x09tab.txt$" "$tmp/out"'
tap_end
