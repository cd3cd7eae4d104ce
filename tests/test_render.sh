#!/bin/sh
# SPDX-License-Identifier: MIT
# test_render.sh - isopath render: a shipped level with a path and a flow
# field drawn into a PNG without a display (its size, the colours of a wall,
# a path tile and the goal's ring; the heat lighter at every step towards
# the goal), --scale and its limit, an unreachable path (exit 1, no file),
# a bad level (FILE:LINE:COL, exit 3), a missing folder (exit 3) and bad arguments, a
# file replaced whole, and the README's picture made by its command. Prints TAP. ISOPATH names the binary, PNGCHECK the
# PNG reader (tests/pngcheck.c).
isopath=${ISOPATH:-bin/isopath}
pngcheck=${PNGCHECK:-build/san/tests/pngcheck}
. "$(dirname "$0")/tap.sh"

# pixel FILE X Y: "R G B A" of a pixel
pixel() {
    "$pngcheck" "$1" "$2" "$3" | awk '{ print $3, $4, $5, $6 }'
}
# tile FILE TX TY [SCALE]: the pixel at a tile's centre (32 pixels a tile unless told)
tile() {
    s=${4:-32}
    pixel "$1" $(($2 * s + s / 2)) $(($3 * s + s / 2))
}
size() {
    "$pngcheck" "$1" 0 0 | awk '{ print $1 }'
}
lightness() { # R G B A -> a number that grows with the lightness
    echo $((2126 * $1 + 7152 * $2 + 722 * $3))
}
# path_colour FILE SCALE: are the tiles 1,3 1,4 1,5 in the path's colour?
path_colour() {
    for t in "1 3" "1 4" "1 5"; do
        # shellcheck disable=SC2086
        [ "$(tile "$1" $t "$2")" = "70 225 255 255" ] || return 1
    done
}

# ---- the tutorial (9x10): the path 2,2 1,3 1,4 1,5 1,6 2,6 3,6 over the field to 3,6 ----
env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER \
    "$isopath" render levels/01_tutorial.txt --path 2,2 3,6 --field 3,6 --out "$tmp/t.png" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "render with a path and a field, no display: exit 0, nothing printed" \
    '[ $rc -eq 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && [ -f "$tmp/t.png" ]'
check "the default scale: 32 pixels a tile, 288x320 ($(size "$tmp/t.png"))" '[ "$(size "$tmp/t.png")" = 288x320 ]'
check "a wall in the minimap's wall colour ($(tile "$tmp/t.png" 0 0))" '[ "$(tile "$tmp/t.png" 0 0)" = "150 142 134 255" ]'
check "the path's tiles in the path's colour" 'path_colour "$tmp/t.png" 32'
check "the goal's ring: dark in its middle ($(tile "$tmp/t.png" 3 6))" '[ "$(tile "$tmp/t.png" 3 6)" = "8 12 20 255" ]'
check "the droid's start marked: a blue core at 2,2 ($(tile "$tmp/t.png" 2 2))" '[ "$(tile "$tmp/t.png" 2 2)" = "40 120 255 255" ]'
check "off the path, the heat map: not the floor's colour ($(tile "$tmp/t.png" 6 3))" \
    '[ "$(tile "$tmp/t.png" 6 3)" != "62 70 86 255" ] && [ "$(tile "$tmp/t.png" 6 3)" != "70 225 255 255" ]'

"$isopath" render levels/01_tutorial.txt --field 3,6 --scale 4 --out "$tmp/f.png" 2>"$tmp/err"
rc=$?
last=-1 rising=yes
for t in "1 3" "1 4" "1 5" "1 6" "2 6"; do
    # shellcheck disable=SC2046
    l=$(lightness $(tile "$tmp/f.png" $t 4))
    [ "$l" -gt "$last" ] || rising=no
    last=$l
done
check "--scale 4: 36x40 ($(size "$tmp/f.png")); along the path the heat grows lighter towards the goal" \
    '[ $rc -eq 0 ] && [ "$(size "$tmp/f.png")" = 36x40 ] && [ $rising = yes ]'
check "without --path no path is drawn" '[ "$(tile "$tmp/f.png" 1 4 4)" != "70 225 255 255" ]'

# ---- a bigger level: the default scale keeps it within 1024 pixels --------------------------
"$isopath" render levels/extra/expanse.txt --out "$tmp/e.png" 2>"$tmp/err"
rc=$?
check "the expanse (256x256) at 4 pixels a tile: 1024x1024 ($(size "$tmp/e.png"))" \
    '[ $rc -eq 0 ] && [ "$(size "$tmp/e.png")" = 1024x1024 ]'
tools/make_flat.py floor 600 600 >"$tmp/flat.txt"
"$isopath" render "$tmp/flat.txt" --scale 32 --out "$tmp/flat.png" 2>"$tmp/err"
rc=$?
check "600x600 at --scale 32 would pass 2^26 pixels: exit 2, the largest scale named, no file" \
    '[ $rc -eq 2 ] && grep -q "at most --scale 13" "$tmp/err" && [ ! -e "$tmp/flat.png" ]'

# ---- the README's picture is what the command beside it makes ------------------------------
# (a build that fuses multiplies and adds may shade a few edge pixels otherwise)
cmd="bin/isopath render levels/14_detour.txt --path 15,19 19,19 --field 19,19 --out docs/render-example.png"
"$isopath" render levels/14_detour.txt --path 15,19 19,19 --field 19,19 --out "$tmp/readme.png" 2>"$tmp/err"
rc=$?
differ=$("$pngcheck" "$tmp/readme.png" 0 0 1014 637 diff docs/render-example.png | awk '{ print $7 }')
check "docs/render-example.png is what README.md's command makes ($differ pixels differ)" \
    '[ $rc -eq 0 ] && grep -qF "\`$cmd\`" README.md && [ "$differ" -lt 1000 ] && [ "$(du -k docs/render-example.png | cut -f1)" -lt 200 ]'

# ---- what fails leaves no file --------------------------------------------------------------
printf 'name: Island\n#######\n#@..>.#\n#######\n#.#\n###\n' >"$tmp/island.txt"
"$isopath" render "$tmp/island.txt" --path 1,1 1,3 --out "$tmp/np.png" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "an unreachable goal: 'no path' on stderr, exit 1, no file" \
    '[ $rc -eq 1 ] && grep -q "^isopath: no path from 1,1 to 1,3" "$tmp/err" && [ ! -e "$tmp/np.png" ] && [ ! -s "$tmp/out" ]'
"$isopath" render "$tmp/island.txt" --field 0,0 --out "$tmp/np.png" 2>"$tmp/err"
rc=$?
check "a field towards a wall: exit 1, said, no file" \
    '[ $rc -eq 1 ] && grep -q "^isopath: no field towards 0,0: the goal is blocked" "$tmp/err" && [ ! -e "$tmp/np.png" ]'
printf '####\n#@x#\n####\n' >"$tmp/bad.txt"
"$isopath" render "$tmp/bad.txt" --out "$tmp/bad.png" 2>"$tmp/err"
rc=$?
check "a bad level: exit 3 with FILE:LINE:COL, no file" \
    '[ $rc -eq 3 ] && grep -q "bad.txt:2:3: unknown glyph" "$tmp/err" && [ ! -e "$tmp/bad.png" ]'
"$isopath" render levels/01_tutorial.txt --out "$tmp/nowhere/t.png" 2>"$tmp/err"
rc=$?
check "--out into a missing folder: exit 3, 'isopath: FILE: ...', no folder made" \
    '[ $rc -eq 3 ] && grep -q "^isopath: $tmp/nowhere/t.png: " "$tmp/err" && [ ! -e "$tmp/nowhere" ]'
"$isopath" render levels/01_tutorial.txt --out "$tmp" 2>"$tmp/err"
rc=$?
check "--out a folder: exit 3, said" '[ $rc -eq 3 ] && grep -q "^isopath: $tmp: not a regular file" "$tmp/err"'

# ---- a file replaced whole -----------------------------------------------------------------
cp "$tmp/t.png" "$tmp/r.png"
ln -s r.png "$tmp/link.png"
before=$(ls -A "$tmp")
"$isopath" render levels/01_tutorial.txt --scale 1 --out "$tmp/link.png" 2>"$tmp/err"
rc=$?
after=$(ls -A "$tmp")
check "rendering over a file through a link replaces the file, keeps the link, leaves no temporary file" \
    '[ $rc -eq 0 ] && [ -L "$tmp/link.png" ] && [ "$(size "$tmp/r.png")" = 9x10 ] && [ "$before" = "$after" ]'

# ---- bad arguments: exit 2 with a message --------------------------------------------------
for args in "render" "render levels/01_tutorial.txt" "render --out $tmp/u.png" \
    "render levels/01_tutorial.txt --scale 0 --out $tmp/u.png" "render levels/01_tutorial.txt --scale 33 --out $tmp/u.png" \
    "render levels/01_tutorial.txt --path 1,1 --out" "render levels/01_tutorial.txt --field 1x1 --out $tmp/u.png" \
    "render levels/01_tutorial.txt --frobnicate --out $tmp/u.png" "render levels/01_tutorial.txt x --out $tmp/u.png"; do
    # shellcheck disable=SC2086
    "$isopath" $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "bad arguments ($args): exit 2 with a message, no file" \
        '[ $rc -eq 2 ] && grep -q "^isopath: " "$tmp/err" && [ ! -e "$tmp/u.png" ]'
done
"$isopath" --help >"$tmp/out"
check "--help shows render" 'grep -q "isopath render LEVEL \[--path SX,SY GX,GY\] \[--field GX,GY\] \[--scale N\] --out FILE.png" "$tmp/out"'

tap_end
