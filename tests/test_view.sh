#!/bin/sh
# SPDX-License-Identifier: MIT
# test_view.sh - what the player sees, checked on headless screenshots: the
# path and the pointer are not hidden by walls, T lowers them all, the
# minimap's view outline, markers and destination, the pointer on the
# minimap, the sentries' patrols and what a hovered route would meet, the
# message bar, the camera's limits, and a UI that fits windows from 200x150
# to 3840x2160.
# With Xvfb and xdotool it also plays a real window: zooming around the
# pointer while following, F11 with no window manager, and the pause when
# another window takes the focus. Prints TAP.
# ISODROID names the binary, PNGCHECK the screenshot checker.
game=${ISODROID:-bin/isodroid}
pngcheck=${PNGCHECK:-build/san/tests/pngcheck}
. "$(dirname "$0")/tap.sh"

# shot LEVEL SIZE NAME COMMANDS...: runs the commands, then screenshots $tmp/NAME.png
shot() {
    lv=$1 size=$2 name=$3
    shift 3
    printf '%s\n' "$@" "screenshot $tmp/$name.png" quit >"$tmp/$name.txt"
    "$game" "$lv" --headless --size "$size" --script "$tmp/$name.txt" >"$tmp/$name.out" 2>"$tmp/$name.err"
}
# count NAME X0 Y0 X1 Y1 R G B TOL: pixels of that colour in the box
count() {
    "$pngcheck" "$tmp/$1.png" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9" | awk '{ print $7 }'
}
# bbox NAME X0 Y0 X1 Y1 R G B TOL: their bounding box, "X0 Y0 X1 Y1"
bbox() {
    "$pngcheck" "$tmp/$1.png" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$9" | awk '{ print $9, $10, $11, $12 }'
}
eye() { # NAME X0 Y0 X1 Y1: red droid-eye pixels in the box
    "$pngcheck" "$tmp/$1.png" "$2" "$3" "$4" "$5" | awk '{ print $5 }'
}

# ---- walls never hide the path, the droid or the pointer --------------------------

# the corridors, walking to the exit: the path's cyan shows along the corridors
shot levels/extra/corridors.txt 1280x720 corridors "wait 100" "clicktile 23 13" "wait 2500"
px=$(count corridors 0 240 1279 719 70 225 255 40)
check "corridors: the path shows between the walls ($px path pixels)" '[ "$px" -gt 2000 ]'
px=$(eye corridors 560 240 720 440)
check "corridors: the droid shows between the walls" '[ "$px" -gt 3 ]'

# the tutorial, pointer on 6,8 behind the front wall: its outline shows
shot levels/01_tutorial.txt 1280x720 hover "wait 100" "move 532 627" "wait 300"
px=$(count hover 460 590 605 665 255 240 150 40)
check "tutorial: the hovered tile 6,8 behind a wall is outlined ($px pixels)" '[ "$px" -gt 200 ]'

# a hovered wall is outlined on its top, where it is seen
shot levels/01_tutorial.txt 1280x720 hoverwall "wait 100" "move 696 444" "wait 300"
px=$(count hoverwall 600 300 800 480 255 110 90 35)
check "tutorial: a hovered wall is outlined where it is seen ($px pixels)" '[ "$px" -gt 200 ]'

# T: walls down, their light tops give way to low dark blocks
shot levels/01_tutorial.txt 1280x720 up "wait 100" "move 5 5" "wait 100"
shot levels/01_tutorial.txt 1280x720 down "wait 100" "move 5 5" "key T" "wait 1000"
a=$(count up 0 150 1279 719 190 180 165 25)
b=$(count down 0 150 1279 719 190 180 165 25)
check "T lowers every wall (wall tops $a -> $b pixels)" '[ "$a" -gt 5000 ] && [ "$b" -lt $((a / 10)) ]'

# zoomed out, where cells are drawn into cached blocks: after the droid takes
# a cell and walks away, the cell's part of the picture is exactly what a
# level without that cell shows (the first screenshots fill the cache)
set -- "wait 100" "move 5 5"
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do set -- "$@" "key -"; done
awk '!/^;/ && !/^[a-z]+:/ && y++ == 25 { $0 = substr($0, 1, 6) "." substr($0, 8) } { print }' \
    levels/extra/expanse.txt >"$tmp/nocell.txt"
shot levels/extra/expanse.txt 1280x720 cellA "$@" "wait 600"
shot levels/extra/expanse.txt 1280x720 cellB "$@" "wait 300" "screenshot $tmp/cell0.png" "clicktile 6 25" "wait 14000" \
    "screenshot $tmp/cell1.png" "clicktile 9 10" "wait 15000"
shot "$tmp/nocell.txt" 1280x720 cellC "$@" "wait 600"
gone=$("$pngcheck" "$tmp/cellB.png" 486 392 506 414 diff "$tmp/cellA.png" | awk '{ print $7 }')
same=$("$pngcheck" "$tmp/cellB.png" 486 392 506 414 diff "$tmp/cellC.png" | awk '{ print $7 }')
check "zoomed out: a cell taken is gone from the cached picture ($gone pixels changed, $same left over)" \
    '[ "$gone" -gt 20 ] && [ "$same" -eq 0 ]'

# ---- the minimap ------------------------------------------------------------------------

# zoomed far out the screen holds the whole map: the outline is the map's
# border (corners white), with no line across it
set -- "wait 100"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do set -- "$@" "key -"; done
shot levels/01_tutorial.txt 1280x720 out "$@"
corners=0
for xy in "1084 16" "1263 16" "1263 215" "1084 215"; do
    # shellcheck disable=SC2086
    [ "$(count out $xy $xy 255 255 255 40)" -eq 1 ] && corners=$((corners + 1))
done
px=$(count out 1150 90 1225 170 255 255 255 40) # clear of the markers
check "minimap: zoomed out, the view outline is the map's border ($corners corners, $px inner pixels)" \
    '[ "$corners" -eq 4 ] && [ "$px" -eq 0 ]'

# the droid is white, not yellow like the cells
shot levels/extra/corridors.txt 1280x720 marks "wait 100"
check "minimap: the droid's marker is white, the cell's yellow" \
    '[ "$(count marks 1072 24 1080 32 255 255 255 20)" -gt 20 ] && [ "$(count marks 1072 24 1080 32 255 220 60 30)" -eq 0 ] &&
     [ "$(count marks 1216 56 1224 64 255 228 60 40)" -gt 5 ]'
# walking to the exit: the exit stays green under the path, ringed as the destination
# (the exit is locked until the cell is taken: dark green, bright once open)
check "minimap: the exit shows above the path, ringed as the destination" \
    '[ $(($(count corridors 1248 120 1256 128 90 235 140 40) + $(count corridors 1248 120 1256 128 70 120 90 25))) -gt 20 ] &&
     [ "$(count corridors 1244 116 1260 132 70 225 255 40)" -gt 20 ]'

# a pointer resting on the minimap hovers the tile a click there walks to,
# not the world behind the minimap as the camera moves
printf '%s\n' "move 1150 100" "keydown Down" "wait 1500" "keyup Down" "wait 500" quit >"$tmp/minihover2.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/minihover2.txt" --trace >"$tmp/minihover.trace" 2>&1
check "minimap: the pointer on it hovers its tile, which stays put while the camera follows ($(grep ^hover "$tmp/minihover.trace" | sort -u | tr '\n' ' '))" \
    '[ "$(grep -c "^hover " "$tmp/minihover.trace")" -eq 1 ] && grep -qx "hover 3 4" "$tmp/minihover.trace" && grep -q "^arrive " "$tmp/minihover.trace"'

# ---- the sentries: patrols, view cones, what the hovered route would meet ------------------

# the rooms behind doors, the camera on the droid at 1,1 (zoom 1): the sentry
# stands on 12,3 at (928, 568); 10,4 (at 832, 552) is seen from it; 3,3 (640, 424) is not
pc() { count "$1" 0 0 1279 719 255 225 190 3; }      # patrol dots and waypoints
red() { count "$1" 0 0 1279 719 255 70 60 3; }       # the rings of the eye and sound-wave marks
tick() { count "$1" 0 0 1279 719 90 230 150 3; }     # the ring of the "unseen" tick
shot levels/extra/doors.txt 1280x720 sentry_off "wait 100"
shot levels/extra/doors.txt 1280x720 sentry_v "wait 100" "key V" "wait 200"
shot levels/extra/doors.txt 1280x720 sentry_hover "wait 100" "move 928 568" "wait 200"
check "V shows the patrol, dotted with its waypoints ($(pc sentry_off) -> $(pc sentry_v) pixels)" \
    '[ "$(pc sentry_off)" -eq 0 ] && [ "$(pc sentry_v)" -gt 200 ]'
check "the pointer on a sentry shows its patrol too ($(pc sentry_hover) pixels)" '[ "$(pc sentry_hover)" -gt 200 ]'
shot levels/extra/doors.txt 1280x720 route_seen "wait 100" "move 832 552" "wait 300"
shot levels/extra/doors.txt 1280x720 route_unseen "wait 100" "move 640 424" "wait 300"
check "a hovered route a sentry would notice: marks on the route and over the sentry ($(red route_seen) pixels), no tick" \
    '[ "$(red route_seen)" -gt 200 ] && [ "$(tick route_seen)" -eq 0 ]'
check "a hovered route no sentry would notice: the tick ($(tick route_unseen) pixels), no marks" \
    '[ "$(tick route_unseen)" -gt 40 ] && [ "$(red route_unseen)" -eq 0 ]'
# Colours: colour-blind safe (the settings file): the same marks in orange and the tick in blue, no red, no green
mkdir -p "$tmp/cbcfg/isodroid"
printf '# isodroid settings 1\ncolours = colour-blind\n' >"$tmp/cbcfg/isodroid/settings"
(export XDG_CONFIG_HOME="$tmp/cbcfg"
 shot levels/extra/doors.txt 1280x720 cb_seen "wait 100" "move 832 552" "wait 300"
 shot levels/extra/doors.txt 1280x720 cb_unseen "wait 100" "move 640 424" "wait 300")
orange() { count "$1" 0 0 1279 719 255 140 0 3; }
blue() { count "$1" 0 0 1279 719 70 160 255 3; }
check "colour-blind colours: a seen route's marks orange ($(orange cb_seen) pixels, $(red cb_seen) red), the tick blue ($(blue cb_unseen) pixels, $(tick cb_unseen) green)" \
    '[ "$(orange cb_seen)" -gt 200 ] && [ "$(red cb_seen)" -eq 0 ] && [ "$(blue cb_unseen)" -gt 40 ] && [ "$(tick cb_unseen)" -eq 0 ] && [ "$(orange route_seen)" -eq 0 ]'
shot levels/01_tutorial.txt 1280x720 route_nosentry "wait 100" "move 640 424" "wait 300"
check "a level without sentries: no tick and no marks on the route" \
    '[ "$(tick route_nosentry)" -eq 0 ] && [ "$(red route_nosentry)" -eq 0 ]'

# the frame rate is for F3 only: the HUD is the same with or without it until F3
shot levels/01_tutorial.txt 1280x720 hud_plain "wait 100"
shot levels/01_tutorial.txt 1280x720 hud_f3 "wait 100" "key F3"
shot levels/01_tutorial.txt 1280x720 hud_f3off "wait 100" "key F3" "key F3"
d_on=$("$pngcheck" "$tmp/hud_f3.png" 0 0 320 240 diff "$tmp/hud_plain.png" | awk '{ print $7 }')
d_off=$("$pngcheck" "$tmp/hud_f3off.png" 0 0 320 240 diff "$tmp/hud_plain.png" | awk '{ print $7 }')
check "F3 shows the frame rate in the HUD and hides it again ($d_on, $d_off pixels changed)" '[ "$d_on" -gt 50 ] && [ "$d_off" -eq 0 ]'

# ---- the destination and the message bar -------------------------------------------------

# a wall clicked near the bottom: the message would sit on the destination, so it goes up
shot levels/01_tutorial.txt 1280x720 msg "wait 100" "key c" "key w" "clicktile 8 8" "wait 300"
check "the destination has a marker, and the message bar keeps off it" \
    '[ "$(count msg 500 560 700 719 140 240 255 30)" -gt 200 ] && [ "$(count msg 300 600 1000 719 255 236 180 30)" -eq 0 ] &&
     [ "$(count msg 300 100 1000 400 255 236 180 30)" -gt 100 ]'

# ---- the camera ---------------------------------------------------------------------------

set -- "wait 100"
for i in $(seq 100); do set -- "$@" "key d"; done
shot levels/01_tutorial.txt 1280x720 pan "$@" "wait 100"
bg=$(count pan 330 240 1060 640 22 26 36 6)
check "panning keeps the level on screen ($bg of 293131 pixels background)" '[ "$bg" -lt 270000 ]'

# ---- a UI that fits every window ------------------------------------------------------------

printf 'name: One tile\n@\n' >"$tmp/one.txt"
for size in 200x150 320x240 640x480 1280x720 3840x2160; do
    w=${size%x*} h=${size#*x}
    shot levels/01_tutorial.txt "$size" "play$w" "wait 100"
    shot "$tmp/one.txt" "$size" "help$w" "wait 100" "key M" "key H"
    shot levels/01_tutorial.txt "$size" "edit$w" "wait 100" "key E"
    ok=1
    for f in "play$w" "help$w" "edit$w"; do [ -s "$tmp/$f.err" ] && ok=0; done
    check "$size: runs at that size, nothing on stderr" '[ "$ok" -eq 1 ]'
    read -r mx0 my0 mx1 my1 <<EOF
$(bbox "play$w" 0 0 $((w - 1)) $((h - 1)) 255 236 180 20)
EOF
    check "$size: the welcome message is whole, inside the window ($mx0 $my0 $mx1 $my1)" \
        '[ "$mx0" -ge 6 ] && [ "$mx1" -le $((w - 7)) ] && [ "$my1" -le $((h - 4)) ]'
    check "$size: the HUD leaves the droid in view" '[ "$(eye "play$w" $((w / 2 - 60)) $((h / 2 - 120)) $((w / 2 + 60)) $((h / 2 + 20)))" -gt 3 ]'
    # the help is centred and nothing of it touches a border: its text's right
    # margin is the left one (keys start the lines, descriptions end them)
    read -r kx0 ky0 kx1 ky1 <<EOF
$(bbox "help$w" 0 0 $((w - 1)) $((h - 1)) 140 210 255 20)
EOF
    read -r bx0 by0 bx1 by1 <<EOF
$(bbox "help$w" 0 0 $((w - 1)) $((h - 1)) 230 232 240 20)
EOF
    check "$size: the help fits, its text as far from the right border as from the left ($kx0 .. $bx1, down to $by1)" \
        '[ "$kx0" -ge 4 ] && [ "$bx1" -le $((w - 5)) ] && [ "$by1" -le $((h - 5)) ] && [ $((w - 1 - bx1)) -ge $((kx0 - 4)) ]'
    check "$size: the EDITING banner stays off the palette" '[ "$(count "edit$w" 0 $((h * 3 / 4)) $((w - 1)) $((h - 1)) 120 70 20 12)" -eq 0 ]'
done
read -r t0 t1 t2 small <<EOF
$(bbox play1280 0 0 640 240 255 220 120 20)
EOF
read -r t0 u1 t2 big <<EOF
$(bbox play3840 0 0 1920 720 255 220 120 20)
EOF
check "3840x2160: the text is scaled up with the window (title $((small - t1)) -> $((big - u1)) px)" '[ $((big - u1)) -ge $(((small - t1) * 5 / 2)) ]'

# ---- F12: a screenshot into the pictures folder ----------------------------------------------

# F12 twice in play and once in the pause panel: three PNGs in $HOME/Pictures/Isodroid, named
# by the date and time, none overwritten (-2 ... within one second), each traced; the HUD names the short path
mkdir -p "$tmp/shothome" "$tmp/shotconf"
printf '%s\n' "wait 100" "key F12" "key F12" "key Escape" "key F12" "key Escape" "wait 50" \
    "screenshot $tmp/shot_hud.png" quit >"$tmp/shot.txt"
HOME="$tmp/shothome" XDG_CONFIG_HOME="$tmp/shotconf" "$game" levels/01_tutorial.txt --headless --size 640x400 \
    --script "$tmp/shot.txt" --trace >"$tmp/shot.trace" 2>&1
shots=$(ls "$tmp/shothome/Pictures/Isodroid/" 2>/dev/null | tr '\n' ' ')
valid=0
for f in "$tmp"/shothome/Pictures/Isodroid/isodroid-*.png; do
    "$pngcheck" "$f" 0 0 639 399 2>/dev/null | grep -Eq '^640x400 colours [0-9]{3,} eye [1-9]' && valid=$((valid + 1))
done
traced=0
for f in "$tmp"/shothome/Pictures/Isodroid/isodroid-*.png; do
    grep -qxF "screenshot $f" "$tmp/shot.trace" && traced=$((traced + 1))
done
check "F12: three screenshots in Pictures/Isodroid, valid PNGs of the level, none overwritten, each traced ($shots)" \
    '[ $valid -eq 3 ] && [ $traced -eq 3 ] && ls "$tmp/shothome/Pictures/Isodroid/" | grep -Eq "^isodroid-[0-9]{4}-[0-9]{2}-[0-9]{2}_[0-9]{2}-[0-9]{2}-[0-9]{2}-2\.png$"'
# the HUD's message (bottom middle) is there on the frame after the last shot
d_msg=$("$pngcheck" "$tmp/shot_hud.png" 100 360 540 399 diff "$(ls "$tmp"/shothome/Pictures/Isodroid/isodroid-*.png | head -1)" | awk '{ print $7 }')
check "F12: the HUD says the screenshot was saved ($d_msg pixels of the message bar changed)" '[ "${d_msg:-0}" -gt 500 ]'

# the XDG user dirs' pictures folder ($HOME/... in user-dirs.dirs) over ~/Pictures
mkdir -p "$tmp/shothome2" "$tmp/shotconf2"
printf 'XDG_DESKTOP_DIR="$HOME/Desktop"\nXDG_PICTURES_DIR="$HOME/Bilder"\n' >"$tmp/shotconf2/user-dirs.dirs"
printf '%s\n' "wait 50" "key F12" quit >"$tmp/shot2.txt"
HOME="$tmp/shothome2" XDG_CONFIG_HOME="$tmp/shotconf2" "$game" levels/01_tutorial.txt --headless --size 320x240 \
    --script "$tmp/shot2.txt" --trace >"$tmp/shot2.trace" 2>&1
f2=$(ls "$tmp"/shothome2/Bilder/Isodroid/isodroid-*.png 2>/dev/null | head -1)
check "F12: XDG_PICTURES_DIR from user-dirs.dirs is the folder ($(grep ^screenshot "$tmp/shot2.trace"))" \
    '[ -n "$f2" ] && [ ! -e "$tmp/shothome2/Pictures" ] && grep -qxF "screenshot $f2" "$tmp/shot2.trace" && "$pngcheck" "$f2" 0 0 319 239 | grep -q "^320x240 "'

# ---- --bench-zoom ------------------------------------------------------------------------

"$game" levels/01_tutorial.txt --headless --bench-frames 10 --bench-zoom 0.25 --size 320x240 >"$tmp/bench" 2>&1
check "--bench-zoom: the frames are drawn at that zoom" 'grep -Eq "10 frames at 320x240: median [0-9.]+ ms, p95 [0-9.]+ ms \(zoom 0.25\)" "$tmp/bench"'
"$game" levels/01_tutorial.txt --headless --bench-frames 10 --bench-zoom 9 >"$tmp/out" 2>"$tmp/err"
rc=$?
check "--bench-zoom out of range: exit 2 with a message" '[ $rc -eq 2 ] && grep -q "bench-zoom" "$tmp/err"'

# ---- a real window, under Xvfb with no window manager -----------------------------------------

if command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v xwininfo >/dev/null &&
    command -v import >/dev/null; then
    Xvfb -displayfd 3 -screen 0 1280x720x24 3>"$tmp/dpy" 2>/dev/null &
    xvfb=$!
    for i in $(seq 50); do [ -s "$tmp/dpy" ] && break; sleep 0.1; done
    DISPLAY=:$(cat "$tmp/dpy")
    export DISPLAY
    # Never a fixed sleep for the game: each step waits for what it needs, up
    # to a deadline of 20 s (a loaded machine is slow, not wrong).
    # window GAME_PID: the game's window id, once it is mapped and viewable
    window() {
        for i in $(seq 200); do
            id=$(xdotool search --all --pid "$1" --name Isodroid 2>/dev/null | head -1)
            [ -n "$id" ] && xwininfo -id "$id" 2>/dev/null | grep -q "IsViewable" && { echo "$id"; return; }
            sleep 0.1
        done
    }
    # until_true CONDITION: waits for a shell condition
    until_true() {
        for i in $(seq 200); do
            eval "$1" && return 0
            sleep 0.1
        done
        return 1
    }
    geom() { awk '/Absolute upper-left X/ { x = $4 } /Absolute upper-left Y/ { y = $4 } /Width:/ { w = $2 } /Height:/ { h = $2 } END { print x, y, w, h }' "$1"; }

    # the wheel over 7,2 while following the droid: 7,2 stays under the pointer
    "$game" levels/01_tutorial.txt --trace >"$tmp/xtrace" 2>&1 &
    pid=$!
    win=$(window $pid)
    # the window's first frames may still lay it out (a busy machine): the
    # pointer is moved until the game names 7,2 under it, then the wheel turns
    until_true 'xdotool mousemove --window "$win" 906 492 mousemove --window "$win" 907 493; grep -q "^hover 7 2$" "$tmp/xtrace"'
    for i in 1 2 3; do xdotool click 4; done
    xdotool mousemove --window "$win" 908 494
    until_true '[ "$(grep ^hover "$tmp/xtrace" | tail -1)" = "hover 7 2" ] && [ "$(grep -c ^hover "$tmp/xtrace")" -ge 2 ]'
    kill $pid
    wait $pid 2>/dev/null
    check "window: the wheel zooms around the pointer while following (hovers: $(grep ^hover "$tmp/xtrace" | tr '\n' ' '))" \
        'grep -q "^hover 7 2$" "$tmp/xtrace" && [ "$(grep ^hover "$tmp/xtrace" | tail -1)" = "hover 7 2" ]'

    # F11 twice with no window manager: the window covers the screen, then comes back
    "$game" levels/01_tutorial.txt --size 960x540 >/dev/null 2>&1 &
    pid=$!
    win=$(window $pid)
    xdotool key --window "$win" F11
    until_true 'xwininfo -id "$win" >"$tmp/full"; [ "$(geom "$tmp/full")" = "0 0 1280 720" ] &&
        import -window root "$tmp/full.png" && [ "$(count full 0 0 300 60 255 220 120 20)" -gt 100 ]'
    xdotool key --window "$win" F11
    until_true 'xwininfo -id "$win" >"$tmp/back"; [ "$(geom "$tmp/back")" = "160 90 960 540" ] &&
        import -window root "$tmp/back.png" && [ "$(count back 160 90 460 150 255 220 120 20)" -gt 100 ]'
    kill $pid
    wait $pid 2>/dev/null
    check "window: F11 covers the screen ($(geom "$tmp/full")), the HUD at its top left" \
        '[ "$(geom "$tmp/full")" = "0 0 1280 720" ] && [ "$(count full 0 0 300 60 255 220 120 20)" -gt 100 ]'
    check "window: F11 again gives the window back ($(geom "$tmp/back")), the HUD at its top left" \
        '[ "$(geom "$tmp/back")" = "160 90 960 540" ] && [ "$(count back 160 90 460 150 255 220 120 20)" -gt 100 ]'

    # another window taking the focus pauses the game; the focus back resumes it
    # until FILE PATTERN: waits (at most 20 s: two games start under the
    # sanitizers) for the last pause or resume line of FILE to match
    until_last() {
        for i in $(seq 200); do
            grep -E '^(pause|resume)$' "$1" | tail -n 1 | grep -qx "$2" && return 0
            sleep 0.1
        done
        return 1
    }
    "$game" levels/01_tutorial.txt --trace --mute >"$tmp/ftrace" 2>/dev/null &
    pid=$!
    win=$(window $pid)
    "$game" levels/01_tutorial.txt --size 320x240 --mute >/dev/null 2>&1 &
    pid2=$!
    win2=$(window $pid2)
    xdotool windowfocus "$win"
    until_last "$tmp/ftrace" resume
    back=$?
    xdotool windowfocus "$win2"
    until_last "$tmp/ftrace" pause
    lost=$?
    xdotool windowfocus "$win"
    until_last "$tmp/ftrace" resume
    again=$?
    kill $pid $pid2
    wait $pid $pid2 2>/dev/null
    check "window: losing the focus pauses the game, the focus back resumes it ($(grep -c "^pause$" "$tmp/ftrace") pauses)" \
        '[ -n "$win" ] && [ -n "$win2" ] && [ "$win" != "$win2" ] && [ $back -eq 0 ] && [ $lost -eq 0 ] && [ $again -eq 0 ]'
    kill $xvfb
    wait $xvfb 2>/dev/null
else
    skip "Xvfb, xdotool, xwininfo or import (imagemagick) missing: no real-window checks"
    skip "Xvfb, xdotool, xwininfo or import (imagemagick) missing: no F11 check"
    skip "Xvfb, xdotool, xwininfo or import (imagemagick) missing: no F11 check"
    skip "Xvfb, xdotool, xwininfo or import (imagemagick) missing: no focus check"
fi

# ---- areas: each has its own tiles; wall tops have a rim where no wall is ------------------

# the same room in the ducts (no area:) and in the cistern: the cistern's
# blue-green flags instead of the steel plates, the plates gone
room='#########\n#@......#\n#.......#\n#.......#\n#.......#\n#.......#\n#########\n'
printf "$room" >"$tmp/ducts.txt"
printf "area: cistern\n$room" >"$tmp/cistern.txt"
shot "$tmp/ducts.txt" 1280x720 area_ducts "wait 30" "move 5 5"
shot "$tmp/cistern.txt" 1280x720 area_cistern "wait 30" "move 5 5"
plates_d=$(count area_ducts 0 150 1279 719 128 138 152 14)
plates_c=$(count area_cistern 0 150 1279 719 128 138 152 14)
flags_d=$(count area_ducts 0 150 1279 719 98 122 124 12)
flags_c=$(count area_cistern 0 150 1279 719 98 122 124 12)
check "area: cistern draws its own floor (plates $plates_d -> $plates_c, flags $flags_d -> $flags_c pixels)" \
    '[ "$plates_d" -gt 3000 ] && [ "$plates_c" -lt $((plates_d / 5)) ] && [ "$flags_c" -gt 3000 ] && [ "$flags_d" -lt $((flags_c / 5)) ]'
# the maze: a light rim runs along every wall top's edge on a corridor; T's low blocks have none
shot levels/02_ducts.txt 1280x720 rim_up "wait 30" "move 5 5"
shot levels/02_ducts.txt 1280x720 rim_down "wait 30" "move 5 5" "key T" "wait 1000"
rim_up=$(count rim_up 0 150 1279 719 236 242 255 22)
rim_down=$(count rim_down 0 150 1279 719 236 242 255 22)
check "a maze's wall tops are rimmed where a corridor runs ($rim_up pixels), lowered walls are not ($rim_down)" \
    '[ "$rim_up" -gt 1500 ] && [ "$rim_down" -lt $((rim_up / 10)) ]'

# the title: the logo over the menu where the window has room, the word where it has not
for size in 1280x720 320x240; do
    printf '%s\n' "wait 30" "screenshot $tmp/title_$size.png" quit >"$tmp/title.txt"
    "$game" --headless --size "$size" --script "$tmp/title.txt" --no-progress >/dev/null 2>&1
done
logo_big=$(count title_1280x720 0 0 1279 180 236 132 52 30)
logo_small=$(count title_320x240 0 0 319 239 236 132 52 30)
check "the title's logo: drawn over the menu at 1280x720 ($logo_big pixels), the word at 320x240 ($logo_small)" \
    '[ "$logo_big" -gt 1000 ] && [ "$logo_small" -lt 100 ]'

tap_end
