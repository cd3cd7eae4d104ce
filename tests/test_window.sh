#!/bin/sh
# SPDX-License-Identifier: MIT
# test_window.sh - the departure window of the hovered route, headless: a
# clicktile traces "window X Y ..." before its click, and what it says comes
# true in the play to the tick: on a hall a patrol walks up and down, the
# window traced 2.5 s in says the walk to the cell is safe from tick 201 to
# tick 426; a click at 200 or 427 is seen, one at 201 or 426 is not. The HUD
# line moves on while the play runs and stands still while it is paused.
# Prints TAP. ISODROID names the binary, PNGCHECK the screenshot checker.
game=${ISODROID:-bin/isodroid}
pngcheck=${PNGCHECK:-build/san/tests/pngcheck}
. "$(dirname "$0")/tap.sh"
XDG_DATA_HOME="$tmp/data"
export XDG_DATA_HOME

# the patrol walks the long hall; the way to the cell crosses it at the gap
cat >"$tmp/hall.txt" <<'L'
patrol: 1,3 25,3
###########################
#..@......................#
#############.#############
#S........................#
#############.#############
#.....*..................>#
###########################
L

# click_at TICKS: the trace of a clicktile on the cell after TICKS ticks of
# standing (a wait of MS rounds to the nearest tick, a 60th of a second),
# then the walk
click_at() {
    printf 'wait %d\nclicktile 6 5\nwait 6000\nquit\n' $((($1 * 1000 + 30) / 60)) >"$tmp/click.txt"
    "$game" "$tmp/hall.txt" --headless --script "$tmp/click.txt" --trace --no-progress 2>"$tmp/err" |
        grep -v '^state \|^energy '
}
# the first window and preview lines, and whether the walk was noticed before it ended
verdict() {
    w=$(grep -m1 '^window ' "$1")
    p=$(grep -m1 '^preview ' "$1" | cut -d' ' -f1-4)
    a=$(sed -n '/^click /,/^idle 6 5/p' "$1" | grep -c '^alert ')
    echo "$w / $p / alerts $a"
}

click_at 150 >"$tmp/t150"
check "2.5 s in: the window is traced before the click: safe after 51 ticks, for 226 ($(verdict "$tmp/t150"))" \
    'grep -B1 "^click 6 5" "$tmp/t150" | head -1 | grep -qx "window 6 5 after 51 for 226" && [ ! -s "$tmp/err" ]'
click_at 200 >"$tmp/t200"
check "a tick before the window: after 1 tick, and the walk is seen ($(verdict "$tmp/t200"))" \
    '[ "$(verdict "$tmp/t200")" = "window 6 5 after 1 for 226 / preview 6 5 seen / alerts 1" ]'
click_at 201 >"$tmp/t201"
check "the window's first tick: safe for 226, and the walk is unseen ($(verdict "$tmp/t201"))" \
    '[ "$(verdict "$tmp/t201")" = "window 6 5 safe 226 / preview 6 5 unseen / alerts 0" ]'
click_at 426 >"$tmp/t426"
check "its last tick: safe for 1, and the walk is unseen ($(verdict "$tmp/t426"))" \
    '[ "$(verdict "$tmp/t426")" = "window 6 5 safe 1 / preview 6 5 unseen / alerts 0" ]'
click_at 427 >"$tmp/t427"
check "a tick after it: no safe start, and the walk is seen ($(verdict "$tmp/t427"))" \
    '[ "$(verdict "$tmp/t427")" = "window 6 5 none / preview 6 5 seen / alerts 1" ]'

# the pointer on the cell (the camera centres the droid's tile, 3,1): the
# HUD's window line changes as the play runs, and not while it is paused
cat >"$tmp/pause.txt" <<S
move 608 472
wait 500
screenshot $tmp/run1.png
wait 500
screenshot $tmp/run2.png
key space
wait 100
screenshot $tmp/pause1.png
wait 1000
screenshot $tmp/pause2.png
key space
wait 500
quit
S
"$game" "$tmp/hall.txt" --headless --script "$tmp/pause.txt" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
check "hovered, the window is traced once settled; none while paused" \
    'grep -q "^hover 6 5" "$tmp/trace" && grep -q "^window 6 5 " "$tmp/trace" &&
     [ -z "$(sed -n "/^pause$/,/^resume$/p" "$tmp/trace" | grep "^window ")" ] && [ ! -s "$tmp/err" ]'
# the HUD's panel, top left (nothing else in it changes: the clock has not started)
running=$("$pngcheck" "$tmp/run1.png" 0 0 300 200 diff "$tmp/run2.png" | awk '{ print $NF }')
paused=$("$pngcheck" "$tmp/pause1.png" 0 0 300 200 diff "$tmp/pause2.png" | awk '{ print $NF }')
check "the HUD moves on while the play runs ($running pixels) and stands while paused ($paused)" \
    '[ "$running" -gt 0 ] && [ "$paused" -eq 0 ]'

tap_end
