#!/bin/sh
# SPDX-License-Identifier: MIT
# test_pad.sh - a gamepad through SDL's virtual joystick, driving the game
# as a player would: plugged in (hot-plug, traced "pad added"), the D-pad
# and A through the title and the level select, B back, the D-pad stepping
# the droid, Start opening the pause panel, pulled out ("pad removed").
# Prints TAP. ISODROID names the binary.
game=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"

root=$(pwd)
case $game in /*) bin=$game ;; *) bin=$root/$game ;; esac
mkdir -p "$tmp/run/levels"
ln -s "$root/assets" "$tmp/run/assets"
cp levels/01_tutorial.txt "$tmp/run/levels/"
printf '%s\n' "wait 100" "pad plug" "wait 50" "pad down" "pad a" "wait 50" "pad b" "wait 50" "pad up" "pad a" \
    "wait 200" "pad right" "wait 600" "pad start" "wait 50" "pad unplug" "wait 50" quit >"$tmp/pad.txt"
(cd "$tmp/run" && "$bin" --headless --trace --no-progress --script "$tmp/pad.txt" >"$tmp/trace" 2>"$tmp/err")
rc=$?
if grep -q "the virtual gamepad cannot" "$tmp/err"; then
    skip "SDL offers no virtual gamepad here: $(cat "$tmp/err")"
else
    seq=$(grep -E '^(pad|screen|arrive|pause$)' "$tmp/trace" | tr '\n' ' ')
    check "plugged in, down and A open the levels, B goes back, up and A play, right steps, Start pauses, pulled out ($seq)" \
        '[ $rc -eq 0 ] && [ "$seq" = "pause screen title pad added Virtual Controller screen levels screen title screen play arrive 3 1 pause screen pause pad removed " ]'
fi
printf 'pad z\n' >"$tmp/bad.txt"
"$game" levels/01_tutorial.txt --headless --no-progress --script "$tmp/bad.txt" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "an unknown pad input is located" '[ $rc -ne 0 ] && grep -q "bad.txt:1:1: unknown pad input .z." "$tmp/err"'

tap_end
