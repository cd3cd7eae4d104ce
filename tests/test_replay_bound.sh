#!/bin/sh
# SPDX-License-Identifier: MIT
# test_replay_bound.sh - a recording bounds the ticks it makes the game play
# in all, not only each line's: a small file of lines that each play five
# hours again (rewinds to 0, restarts, level lines) is refused when it is
# read, before anything plays, with FILE:LINE:COL and exit 1, well within a
# deadline; rewinds that play much again are counted as they play, and
# stop the replay where they pass the bound (test_rewind.sh replays a game
# with a few rewinds, under the same bound, to its state hash).
# Prints TAP.
game=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"
XDG_DATA_HOME="$tmp/data"
export XDG_DATA_HOME

lvl=levels/01_tutorial.txt
for kind in rewind restart level; do
    case $kind in
    rewind) line="1080000 rewind 0" ;;
    restart) line="1080000 restart 0 0" ;;
    level) line="1080000 level $lvl" ;;
    esac
    rec="$tmp/$kind.rec"
    {
        printf 'isodroid-replay 2\nlevel %s\n' "$lvl"
        i=0
        while [ $i -lt 150 ]; do
            echo "$line"
            i=$((i + 1))
        done
        echo "0 end"
    } >"$rec"
    # a deadline, not a sleep: before the bound these ran five hours of play a line
    timeout 20 "$game" --headless --replay "$rec" --trace >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "150 lines of '$line' ($(wc -c <"$rec" | tr -d ' ') bytes): refused when read, exit 1, line 7 named" \
        '[ $rc -eq 1 ] && grep -q "^$rec:7:1: .* ticks in all" "$tmp/err" && [ ! -s "$tmp/out" ]'
done

# rewinds that play little forward but much again: five hours played, then
# back to just before the history's oldest copies but the start, again and
# again (each plays about five hours again from tick 0): the replay stops
# at the rewind that would pass the bound, with its place
{
    printf 'isodroid-replay 2\nlevel %s\n1080000 rewind 1074000\n' "$lvl"
    i=0
    while [ $i -lt 150 ]; do
        echo "1074001 rewind 1074000"
        i=$((i + 1))
    done
    echo "1074001 end"
} >"$tmp/again.rec"
timeout 20 "$game" --headless --replay "$tmp/again.rec" >/dev/null 2>"$tmp/err"
rc=$?
check "150 rewinds that each play five hours again: stopped at the fourth, exit 1, its line named" \
    '[ $rc -eq 1 ] && grep -q "^$tmp/again.rec:6:1: going back to tick 1074000 plays [0-9]* ticks again.* ticks in all" "$tmp/err"'

tap_end
