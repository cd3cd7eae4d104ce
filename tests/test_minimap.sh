#!/bin/sh
# SPDX-License-Identifier: MIT
# test_minimap.sh - the minimap's markers of cells, doors and the exit: a
# cell taken is gone from it and only that changed (the picture equals a
# fresh one of the level without the cell, on a small map and on one whose
# tiles are smaller than a minimap pixel), rewinding and restarting bring
# the cell and the locked exit back; and a frame does not pay for every
# marker of the level (a level of cells costs at most twice an empty one
# of the same size, timed side by side, with the cells off the screen: on
# the minimap and, on a big level, near the world's view). Prints TAP.
# ISODROID names the binary, PNGCHECK the screenshot checker.
game=${ISODROID:-bin/isodroid}
pngcheck=${PNGCHECK:-build/san/tests/pngcheck}
. "$(dirname "$0")/tap.sh"

# play LEVEL NAME COMMANDS...: runs the commands, drawing every frame (the trace in NAME.out)
play() {
    lv=$1 name=$2
    shift 2
    printf '%s\n' "$@" quit >"$tmp/$name.txt"
    "$game" "$lv" --headless --size 1280x720 --frame-stats --trace --no-progress --script "$tmp/$name.txt" \
        >"$tmp/$name.out" 2>"$tmp/$name.err"
}
# count NAME X0 Y0 X1 Y1 R G B TOL: pixels of that colour in the box
count() {
    "$pngcheck" "$tmp/$1.png" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9" | awk '{ print $7 }'
}
# differ A B X0 Y0 X1 Y1: pixels of the box that differ between two screenshots
differ() {
    "$pngcheck" "$tmp/$1.png" "$3" "$4" "$5" "$6" diff "$tmp/$2.png" | awk '{ print $7 }'
}

# ---- the corridors: one cell at 19,5, the exit at 23,13 ---------------------------------

# the minimap (1280x720): its panel within 1060..1279 x 0..150, the cell's
# marker within 1212..1228 x 52..68, the exit's within 1244..1260 x 116..132
cell() { count "$1" 1212 52 1228 68 255 228 60 40; }
locked() { count "$1" 1244 116 1260 132 70 120 90 25; }
open() { count "$1" 1244 116 1260 132 90 235 140 40; }
awk '!/^;/ && !/^[a-z]+:/ && y++ == 5 { $0 = substr($0, 1, 19) "." substr($0, 21) } { print }' \
    levels/extra/corridors.txt >"$tmp/corridors_nocell.txt"
set -- "wait 100" "screenshot $tmp/c0.png" "clicktile 19 5" "wait 12500" "screenshot $tmp/c1.png" \
    "key Backspace" "wait 50" "screenshot $tmp/c2.png" "wait 3000" "screenshot $tmp/c3.png" \
    "key R" "wait 50" "screenshot $tmp/c4.png"
play levels/extra/corridors.txt corridors "$@"
play "$tmp/corridors_nocell.txt" nocell "wait 100" "screenshot $tmp/n0.png" "clicktile 19 5" "wait 12500" \
    "screenshot $tmp/n1.png" "key Backspace" "wait 50" "screenshot $tmp/n2.png" "wait 3000" \
    "screenshot $tmp/n3.png" "key R" "wait 50" "screenshot $tmp/n4.png"
picked=$(grep -c '^pickup' "$tmp/corridors.out")
check "corridors: the cell and the locked exit show at the start ($(cell c0) cell, $(locked c0) locked exit pixels)" \
    '[ "$(cell c0)" -gt 5 ] && [ "$(locked c0)" -gt 20 ] && [ "$(open c0)" -eq 0 ]'
check "corridors: once the cell is taken the minimap is the one of the level without it ($(differ c1 n1 1060 0 1279 150) pixels differ)" \
    '[ "$(differ c1 n1 1060 0 1279 150)" -eq 0 ] && [ "$(cell c1)" -eq 0 ] && [ "$(open c1)" -gt 20 ]'
check "corridors: rewound before the pickup, the cell and the locked exit are back ($(cell c2) cell, $(locked c2) locked exit pixels)" \
    '[ "$(cell c2)" -gt 5 ] && [ "$(locked c2)" -gt 20 ] && [ "$(open c2)" -eq 0 ]'
check "corridors: taken again after the rewind, gone again ($(differ c3 n3 1060 0 1279 150) pixels differ)" \
    '[ "$(differ c3 n3 1060 0 1279 150)" -eq 0 ] && [ "$(cell c3)" -eq 0 ]'
check "corridors: restarted, the cell and the locked exit are back ($(cell c4) cell, $(locked c4) locked exit pixels; pickups $picked)" \
    '[ "$(cell c4)" -gt 5 ] && [ "$(locked c4)" -gt 20 ] && [ "$(open c4)" -eq 0 ] && [ "$picked" -eq 2 ]'

# ---- a 200x200 level of cells: tiles smaller than a minimap pixel ------------------------

# the droid walks from 100,100 up to 100,90 and takes the ten cells on the
# way; the level with those ten as floor, the same walk, the same picture
tools/make_flat.py cells 200 200 >"$tmp/cells200.txt"
awk 'NR > 1 && NR - 2 >= 90 && NR - 2 <= 99 { $0 = substr($0, 1, 100) "." substr($0, 102) } { print }' \
    "$tmp/cells200.txt" >"$tmp/cells200b.txt"
play "$tmp/cells200.txt" walk "wait 100" "clicktile 100 90" "wait 4000" "screenshot $tmp/walk.png"
play "$tmp/cells200b.txt" walkb "wait 100" "clicktile 100 90" "wait 4000" "screenshot $tmp/walkb.png"
picked=$(grep -c '^pickup' "$tmp/walk.out")
check "200x200 of cells: after taking $picked cells one by one the minimap is the level's without them ($(differ walk walkb 1000 0 1279 260) pixels differ)" \
    '[ "$picked" -eq 10 ] && [ "$(differ walk walkb 1000 0 1279 260)" -eq 0 ]'

# ---- the frame does not pay per marker --------------------------------------------------

# Levels with the droid in the middle of 33x33 tiles of floor (what the
# screen shows at 640x360): one all floor, one with an energy cell on every
# tile outside that. The world draws none of the cells, the minimap all of
# them. At 64x64 (3007 cells) the minimap's markers are what is timed; at
# 512x512 (261055 cells) the world's looks for the cells, walls and paths
# near the screen too. Five runs of each, interleaved; the median of their
# medians.
hole() { # KIND SIZE: floor or cells
    awk -v k="$1" -v n="$2" 'BEGIN { c = n / 2; printf "name: %s\n", k
        for (y = 0; y < n; y++) { s = ""
            for (x = 0; x < n; x++) { d = x - c < 0 ? c - x : x - c; e = y - c < 0 ? c - y : y - c
                g = k == "cells" && (d > 16 || e > 16) ? "*" : "."; s = s (x == c && y == c ? "@" : g) }
            print s } }'
}
bench() { # KIND SIZE: prints the median frame in ms
    "$game" "$tmp/hole_$1_$2.txt" --headless --bench-frames 30 --size 640x360 --no-progress 2>&1 |
        sed -n 's/.*frames at [0-9x]*: median \([0-9.]*\) ms.*/\1/p'
}
mid() { printf '%s\n' "$@" | sort -n | sed -n 3p; }
for size in 64 512; do
    hole floor $size >"$tmp/hole_floor_$size.txt"
    hole cells $size >"$tmp/hole_cells_$size.txt"
    floor=""
    cells=""
    for i in 1 2 3 4 5; do
        floor="$floor $(bench floor $size)"
        cells="$cells $(bench cells $size)"
    done
    # shellcheck disable=SC2086
    f=$(mid $floor) c=$(mid $cells)
    check "${size}x$size: a frame with $(grep -o '[*]' "$tmp/hole_cells_$size.txt" | wc -l) cells off screen is at most 2x an empty level's (medians: floor$floor ms, cells$cells ms)" \
        '[ -n "$f" ] && [ -n "$c" ] && awk -v f="$f" -v c="$c" "BEGIN { exit !(c <= 2 * f) }"'
done

tap_end
