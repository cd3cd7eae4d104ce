#!/bin/sh
# SPDX-License-Identifier: MIT
# test_game.sh - the game without a display: scripted clicks walk the droid
# to the target along walkable tiles, retargets never jump, screenshots show
# the droid, and bad input gets a clear message. Prints TAP.
# ISODROID names the binary, PNGCHECK the screenshot checker.
game=${ISODROID:-bin/isodroid}
pngcheck=${PNGCHECK:-build/san/tests/pngcheck}
here=$(pwd)
. "$(dirname "$0")/tap.sh"
XDG_DATA_HOME="$tmp/data" # progress goes here, never to the real one
export XDG_DATA_HOME

# every "arrive X Y" is a walkable tile of the level, and each is next to the one before
walk_ok() { # trace level start_x start_y
    awk -v sx="$3" -v sy="$4" '
        NR == FNR { if ($0 !~ /^;/ && $0 !~ /^[a-z_]+(\[[a-z]+\])?:/) rows[r++] = $0; next }
        $1 == "arrive" {
            x = $2; y = $3; c = substr(rows[y], x + 1, 1)
            if (c == "" || c == "#" || c == "~" || c == " ") { print "blocked " x "," y; bad = 1 }
            dx = x - px; dy = y - py; if (dx < 0) dx = -dx; if (dy < 0) dy = -dy
            if (dx > 1 || dy > 1) { print "jump to " x "," y; bad = 1 }
            px = x; py = y
        }
        BEGIN { px = sx; py = sy }
        END { exit bad }' "$2" "$1"
}

cat >"$tmp/walk.txt" <<'S'
wait 200
clicktile 6 8
wait 4000
screenshot SHOT
quit
S
sed -i "s#SHOT#$tmp/walk.png#" "$tmp/walk.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/walk.txt" --trace >"$tmp/trace" 2>"$tmp/err"
rc=$?
check "scripted click: exit 0, nothing on stderr" '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ]'
check "trace: the pointer on the tile first, then the click and the planned path" \
    'head -1 "$tmp/trace" | grep -qx "hover 6 8" && grep -A1 "^click 6 8" "$tmp/trace" | tr "\n" " " | grep -q "^click 6 8 path 9 10.242641 $"'
check "trace: arrives at the target and idles there" 'grep -v "^state \|^energy " "$tmp/trace" | tail -2 | tr "\n" " " | grep -q "^arrive 6 8 idle 6 8 $"'
check "trace: one arrive per step" '[ "$(grep -c ^arrive "$tmp/trace")" -eq 9 ]'
check "trajectory never enters a blocked tile" 'walk_ok "$tmp/trace" levels/01_tutorial.txt 2 2'
"$pngcheck" "$tmp/walk.png" 560 280 720 440 >"$tmp/png"
check "screenshot is not blank and shows the droid at the centre" \
    'awk "{ exit !(\$1 == \"1280x720\" && \$3 > 500 && \$5 > 3) }" "$tmp/png"'

# a real click in screen space: the camera starts centred on the droid at 2,2
printf 'click 640 360\nwait 100\nclick 10000 10000\nquit\n' >"$tmp/click.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/click.txt" --trace >"$tmp/trace"
check "click on a pixel picks the tile under it" 'grep -qx "click 2 2" "$tmp/trace" && ! grep -q "click 10000" "$tmp/trace"'

# a wall as target: the droid walks to the nearest tile
printf 'clicktile 0 0\nwait 2000\nquit\n' >"$tmp/wall.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/wall.txt" --trace >"$tmp/trace"
check "blocked target: walks to the nearest reachable tile" 'grep -v "^state " "$tmp/trace" | tail -1 | grep -qx "idle 1 1"'

# retarget mid-walk: arrivals stay adjacent and walkable, and end at the new target
printf 'clicktile 6 8\nwait 330\nclicktile 7 1\nwait 170\nclicktile 1 8\nwait 5000\nquit\n' >"$tmp/re.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/re.txt" --trace >"$tmp/trace"
check "retargets: no jumps, no blocked tiles, ends at the last target" \
    'walk_ok "$tmp/trace" levels/01_tutorial.txt 2 2 && grep -v "^state " "$tmp/trace" | tail -1 | grep -qx "idle 1 8" && [ "$(grep -c ^click "$tmp/trace")" -eq 3 ]'

# deterministic: the same script gives the same trace
"$game" levels/01_tutorial.txt --headless --script "$tmp/re.txt" --trace >"$tmp/trace2"
check "replays are deterministic" 'cmp -s "$tmp/trace" "$tmp/trace2"'

# hover events and the help overlay
printf 'move 640 360\nmove 641 361\nmove 700 380\nscreenshot %s/a.png\nkey H\nscreenshot %s/b.png\nkey Escape\nkey M\nscreenshot %s/c.png\nquit\n' \
    "$tmp" "$tmp" "$tmp" >"$tmp/keys.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/keys.txt" --trace >"$tmp/trace"
check "hover traced once per tile change (none while the help covers the world)" \
    '[ "$(sed "/^pause$/q" "$tmp/trace" | grep -c ^hover)" -eq 2 ] && head -1 "$tmp/trace" | grep -qx "hover 2 2" &&
     [ "$(grep -A1 "^pause$" "$tmp/trace" | tail -1)" = "resume" ]'
check "H shows help, M hides the minimap (screenshots differ)" '! cmp -s "$tmp/a.png" "$tmp/b.png" && ! cmp -s "$tmp/a.png" "$tmp/c.png"'

# the editor through scripted input: paint, right-click toggle, move the
# start, undo/redo, save; the saved file is what was drawn and loads again
mkdir -p "$tmp/lv"
cp levels/01_tutorial.txt "$tmp/lv/room.txt"
printf 'key e\nkey 3\nclicktile 3 3\nclicktile 5 3\nrclicktile 6 6\nkey 9\nclicktile 7 1\nkey ctrl+z\nkey ctrl+z\nkey ctrl+y\nkey ctrl+s\nquit\n' >"$tmp/edit.txt"
"$game" "$tmp/lv/room.txt" --headless --script "$tmp/edit.txt" --trace >"$tmp/trace" 2>"$tmp/err"
rc=$?
awk 'NR == 13 { $0 = "#..,#,..#" } NR == 16 { $0 = "#.....#.#" } { print }' levels/01_tutorial.txt >"$tmp/want.txt"
check "edit, undo, redo, save: the file holds exactly the edits" \
    '[ $rc -eq 0 ] && grep -q "^save " "$tmp/trace" && cmp -s "$tmp/lv/room.txt" "$tmp/want.txt"'
check "trace: edits, two undos, one redo" \
    '[ "$(grep -c "^edit " "$tmp/trace")" -eq 4 ] && [ "$(grep -c "^undo 1" "$tmp/trace")" -eq 1 ] && grep -q "^undo 2" "$tmp/trace" && grep -q "^redo 1" "$tmp/trace"'
"${ISOPATH:-bin/isopath}" check "$tmp/lv/room.txt" >"$tmp/out" 2>&1
check "the saved level passes isopath check" 'grep -q "ok, .Tutorial room., 9x10" "$tmp/out"'
printf "clicktile 3 3\\nwait 2000\\nquit\\n" >"$tmp/walk2.txt"
"$game" "$tmp/lv/room.txt" --headless --script "$tmp/walk2.txt" --trace >"$tmp/trace" 2>"$tmp/err"
check "the saved level plays: the droid walks onto the painted rough ground" '[ $? -eq 0 ] && grep -v "^state \\|^energy " "$tmp/trace" | tail -1 | grep -qx "idle 3 3"'

# a left drag paints a connected line of tiles (the droid start is kept)
cp levels/01_tutorial.txt "$tmp/lv/room.txt"
printf 'key e\nkey 1\ndrag 560 400 760 400\nkey ctrl+s\nquit\n' >"$tmp/drag.txt"
"$game" "$tmp/lv/room.txt" --headless --script "$tmp/drag.txt" --trace >"$tmp/trace" 2>"$tmp/err"
check "drag: several tiles painted, each next to the one before" \
    'awk "\$1 == \"edit\" { if (n++ && ((\$2 - x) ^ 2 > 1 || (\$3 - y) ^ 2 > 1)) bad = 1; x = \$2; y = \$3 } END { exit bad || n < 3 }" "$tmp/trace"'
check "drag: one undo step" 'grep -q "^save " "$tmp/trace" && "${ISOPATH:-bin/isopath}" check "$tmp/lv/room.txt" >/dev/null'

# unsaved edits: quitting (Esc, Q in the pause panel) asks about them and
# nothing else; Esc goes back, D quits without saving
cp levels/01_tutorial.txt "$tmp/lv/room.txt"
printf 'key e\nrclicktile 6 6\nkey Escape\nkey Escape\nkey q\nscreenshot %s/ask.png\nkey Escape\nkey Escape\nkey q\nkey d\nscreenshot %s/never.png\n' \
    "$tmp" "$tmp" >"$tmp/ask.txt"
"$game" "$tmp/lv/room.txt" --headless --script "$tmp/ask.txt" >"$tmp/out" 2>"$tmp/err"
check "quit with unsaved edits asks first, D leaves the file alone" \
    '[ -f "$tmp/ask.png" ] && [ ! -f "$tmp/never.png" ] && cmp -s "$tmp/lv/room.txt" levels/01_tutorial.txt'

# ... and by the mouse: its buttons (Go back, then Quit, not saved)
cp levels/01_tutorial.txt "$tmp/lv/room.txt"
printf '%s\n' "key e" "rclicktile 6 6" "key Escape" "key Escape" "key q" "wait 50" "click 828 387" "wait 50" "key Escape" \
    "key q" "wait 50" "click 639 387" "wait 50" "screenshot $tmp/never2.png" >"$tmp/askm.txt"
"$game" "$tmp/lv/room.txt" --headless --trace --no-progress --script "$tmp/askm.txt" >"$tmp/askm.trace" 2>"$tmp/err"
check "the unsaved-edits question by the mouse: Go back stays, Quit, not saved quits and leaves the file alone ($(grep '^screen' "$tmp/askm.trace" | tr '\n' ' '))" \
    '[ ! -f "$tmp/never2.png" ] && cmp -s "$tmp/lv/room.txt" levels/01_tutorial.txt &&
     [ "$(grep "^screen" "$tmp/askm.trace" | tr "\n" " ")" = "screen pause screen unsaved screen play screen pause screen unsaved screen play " ]'

# a failed save says why and keeps the file byte for byte
chmod 444 "$tmp/lv/room.txt"
printf 'key e\nrclicktile 6 6\nkey ctrl+s\nscreenshot %s/ro.png\nquit\n' "$tmp" >"$tmp/ro.txt"
"$game" "$tmp/lv/room.txt" --headless --script "$tmp/ro.txt" --trace >"$tmp/trace" 2>"$tmp/err"
check "save to a read-only file: refused, reason traced, file intact" \
    'grep -q "^save-failed .*room.txt: the file is read-only" "$tmp/trace" && cmp -s "$tmp/lv/room.txt" levels/01_tutorial.txt'
chmod 644 "$tmp/lv/room.txt"

# ---- pause, the pause panel, quitting, rewinding ---------------------------------------

# between "pause" and "resume" lines of a trace: the lines of another kind (none wanted)
while_paused() { # trace kind
    awk -v k="$2" '$1 == "pause" { p = 1 } $1 == "resume" { p = 0 } p && $1 == k { n++ } END { print n + 0 }' "$1"
}
# colour NAME R G B TOL: pixels of that colour in the whole screenshot $tmp/NAME.png
colour() {
    "$pngcheck" "$tmp/$1.png" 0 0 1279 719 "$2" "$3" "$4" "$5" | awk '{ print $7 }'
}

# Space pauses: the droid stands while paused, then walks on to its goal
printf 'clicktile 6 8\nwait 600\nkey space\nwait 1500\nscreenshot %s/paused.png\nkey space\nwait 4000\nquit\n' "$tmp" >"$tmp/pause.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/pause.txt" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
rc=$?
check "Space pauses and resumes (traced), nothing moves while paused, the walk ends at its goal afterwards" \
    '[ $rc -eq 0 ] && [ "$(grep -c "^pause$" "$tmp/trace")" -eq 1 ] && [ "$(grep -c "^resume$" "$tmp/trace")" -eq 1 ] &&
     [ "$(while_paused "$tmp/trace" arrive)" -eq 0 ] && grep -B1 "^pause$" "$tmp/trace" | grep -q "^arrive\|^energy" &&
     grep -v "^state \|^energy " "$tmp/trace" | tail -1 | grep -qx "idle 6 8"'
check "paused: the banner says so" '[ "$(colour paused 30 52 96 4)" -gt 2000 ]'

# Esc opens the pause panel instead of quitting; Esc again resumes; the play goes on
printf 'key Escape\nwait 200\nscreenshot %s/menu.png\nkey Escape\nclicktile 6 8\nwait 3000\nscreenshot %s/after.png\nquit\n' \
    "$tmp" "$tmp" >"$tmp/esc.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/esc.txt" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
rc=$?
check "Esc opens the pause panel (the play stands), Esc resumes, the game goes on" \
    '[ $rc -eq 0 ] && [ -f "$tmp/after.png" ] && grep -v "^screen " "$tmp/trace" | head -2 | tr "\n" " " | grep -qx "pause resume " &&
     grep -q "^arrive 6 8" "$tmp/trace"'
check "the pause panel shows, its first item lit" '[ "$(colour menu 52 84 138 3)" -gt 3000 ]'

# quitting from the panel asks once: Esc Q asks, Esc goes back to the panel,
# which Esc closes; later Esc Q Enter quits
printf 'key Escape\nkey q\nscreenshot %s/q1.png\nkey Escape\nkey Escape\nclicktile 3 3\nwait 1000\nkey Escape\nkey q\nkey Return\nscreenshot %s/q2.png\n' \
    "$tmp" "$tmp" >"$tmp/quit.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/quit.txt" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
rc=$?
check "quit asks once: Esc Q asks, Esc goes back, Esc Q Enter quits" \
    '[ $rc -eq 0 ] && [ -f "$tmp/q1.png" ] && [ ! -f "$tmp/q2.png" ] && grep -q "^arrive 3 3" "$tmp/trace" &&
     ! cmp -s "$tmp/q1.png" "$tmp/menu.png"'
printf 'key Escape\nkey Down\nkey Down\nkey Down\nkey Down\nkey Return\nkey y\nscreenshot %s/q3.png\n' "$tmp" >"$tmp/quit2.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/quit2.txt" --no-progress >"$tmp/out" 2>"$tmp/err"
rc=$?
check "the panel by the arrow keys: the fifth item quits, Y answers yes" '[ $rc -eq 0 ] && [ ! -f "$tmp/q3.png" ]'

# the panel takes clicks: the item under the lit one (Restart) restarts the level
printf 'clicktile 6 8\nwait 1000\nkey Escape\nscreenshot %s/menu2.png\nquit\n' "$tmp" >"$tmp/m1.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/m1.txt" --no-progress >/dev/null 2>&1
read -r mx0 my0 mx1 my1 <<EOF
$("$pngcheck" "$tmp/menu2.png" 0 0 1279 719 52 84 138 3 | awk '{ print $9, $10, $11, $12 }')
EOF
printf 'clicktile 6 8\nwait 1000\nkey Escape\nclick %d %d\nwait 100\nquit\n' $((mx0 + 20)) $((my1 + (my1 - my0) / 2 + 6)) >"$tmp/m2.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/m2.txt" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
check "a click on the panel's Restart restarts the level and closes the panel" \
    '[ "$mx0" -gt 0 ] && grep -v "^hover \|^preview \|^screen " "$tmp/trace" | grep -A2 "^pause$" | tr "\n" " " | grep -q "^pause restart resume "'

# the help pauses while it is open
printf 'clicktile 6 8\nwait 500\nkey h\nwait 1000\nkey Escape\nwait 3000\nquit\n' >"$tmp/help.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/help.txt" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
check "the help pauses the play while it is open" \
    '[ "$(grep -c "^pause$" "$tmp/trace")" -eq 1 ] && [ "$(while_paused "$tmp/trace" arrive)" -eq 0 ] && grep -q "^arrive 6 8" "$tmp/trace"'

# Backspace goes back 3 seconds: traced, and the droid, back mid-walk, walks
# the rest of it again
printf 'clicktile 6 8\nwait 4000\nkey BackSpace\nwait 3000\nquit\n' >"$tmp/rw.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/rw.txt" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
check "Backspace rewinds (traced) and the walk goes on from there" \
    'grep -q "^rewind [1-9]" "$tmp/trace" && [ "$(grep -c "^arrive 6 8" "$tmp/trace")" -eq 2 ] &&
     grep -v "^state \|^energy " "$tmp/trace" | tail -1 | grep -qx "idle 6 8"'

# caught by a sentry, then Backspace: the play goes on from before the catch
printf 'wait 200\nclicktile 12 4\nwait 6000\nscreenshot %s/caught.png\nkey BackSpace\nwait 200\nkey BackSpace\nwait 100\nclicktile 2 5\nwait 4000\nquit\n' \
    "$tmp" >"$tmp/catch.txt"
"$game" levels/extra/doors.txt --headless --script "$tmp/catch.txt" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
check "after a catch, Backspace goes back and the droid walks on" \
    'grep -q "^lose caught" "$tmp/trace" && grep -A30 "^lose caught" "$tmp/trace" | grep -q "^rewind " &&
     grep -A400 "^lose caught" "$tmp/trace" | grep -q "^arrive 2 5"'
check "clicktile traces the route's prediction before the click" \
    'grep -B2 "^click 12 4" "$tmp/trace" | grep -q "^preview 12 4 seen "'
# the result panel keeps off the middle, where the camera shows the droid and the sentry
read -r tx0 ty0 tx1 ty1 <<EOF
$("$pngcheck" "$tmp/caught.png" 0 0 1279 719 255 120 100 0 | awk '{ print $9, $10, $11, $12 }')
EOF
check "caught: the result panel keeps off the droid and the sentry in the middle (title at $tx0 $ty0 $tx1 $ty1)" \
    '[ "$ty0" -ge 0 ] && { [ "$ty0" -gt 420 ] || [ "$ty1" -lt 240 ]; }'

# PageDown walks the folder in name order and wraps
printf 'name: B\n#@#\n' >"$tmp/lv/b.txt"
printf 'key PageDown\nkey n\nkey PageUp\nquit\n' >"$tmp/sw.txt"
"$game" "$tmp/lv" --headless --script "$tmp/sw.txt" --trace >"$tmp/trace" 2>"$tmp/err"
check "a folder argument plays its levels; PageDown, N and PageUp switch" \
    '[ "$(grep ^level "$tmp/trace" | tr "\n" " ")" = "level $tmp/lv/room.txt level $tmp/lv/b.txt level $tmp/lv/room.txt " ]'

# in real time (a window, or --frame-stats) a level loads on a thread: traced
# "loading" first, the play stands still meanwhile, then "level" (a script
# without --frame-stats loads at once, so that it plays the same every time)
printf 'key PageDown\nwait 3000\nquit\n' >"$tmp/sw2.txt"
"$game" "$tmp/lv" --headless --frame-stats --script "$tmp/sw2.txt" --trace >"$tmp/trace" 2>"$tmp/err"
check "in real time a level loads in the background: loading, pause, resume, level" \
    '[ "$(grep -E "^(loading|pause|resume|level) " "$tmp/trace" | tr "\n" " ")" = "loading $tmp/lv/room.txt level $tmp/lv/room.txt " ] &&
     grep -A1 "^loading " "$tmp/trace" | grep -qx pause'

# bad input
printf 'clik 1 2\nwait -5\n' >"$tmp/bad.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/bad.txt" >"$tmp/out" 2>"$tmp/err"
check "bad script lines are located" 'grep -q "bad.txt:1:1: unknown command .clik." "$tmp/err" && grep -q "bad.txt:2:1: .wait. takes MS" "$tmp/err"'

printf '#@Q\n' >"$tmp/badlevel.txt"
"$game" "$tmp/badlevel.txt" --headless --script "$tmp/keys.txt" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "bad level: FILE:LINE:COL and exit 1" '[ $rc -eq 1 ] && grep -q "badlevel.txt:1:3: unknown glyph .Q." "$tmp/err"'

for args in "--size 10x10 --headless" "--bogus" "--headless" "--bench-frames 5" "a.txt b.txt"; do
    # shellcheck disable=SC2086
    "$game" $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "bad arguments ($args): exit 2 with a message" '[ $rc -eq 2 ] && grep -q "^isodroid: " "$tmp/err"'
done

mkdir -p "$tmp/run/assets"
cp assets/* "$tmp/run/assets/"
rm "$tmp/run/assets/droid.png"
(cd "$tmp/run" && "$here/$game" "$here/levels/01_tutorial.txt" --headless --script "$tmp/wall.txt" >"$tmp/out" 2>"$tmp/err")
rc=$?
check "missing asset is named, exit 1" '[ $rc -eq 1 ] && grep -q "assets/droid.png: cannot load image" "$tmp/err"'
cp assets/droid.png "$tmp/run/assets/"
echo "not a png" >"$tmp/run/assets/wall.png"
(cd "$tmp/run" && "$here/$game" "$here/levels/01_tutorial.txt" --headless --script "$tmp/wall.txt" >"$tmp/out" 2>"$tmp/err")
rc=$?
check "corrupt asset is named, exit 1" '[ $rc -eq 1 ] && grep -q "assets/wall.png: cannot load image" "$tmp/err"'

env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER= "$game" levels/01_tutorial.txt >"$tmp/out" 2>"$tmp/err"
rc=$?
check "no display: says so and points to --headless" '[ $rc -eq 1 ] && grep -q -- "--headless" "$tmp/err"'

"$game" levels/01_tutorial.txt --headless --bench-frames 20 --size 640x360 >"$tmp/out"
rc=$?
check "--bench-frames prints median and p95" '[ $rc -eq 0 ] && grep -Eq "20 frames at 640x360: median [0-9.]+ ms, p95 [0-9.]+ ms" "$tmp/out"'

# the game: both cells, the exit opens, walking into it wins, progress is kept
printf 'clicktile 5 2\nwait 2000\nclicktile 1 7\nwait 4000\nclicktile 7 8\nwait 4000\nquit\n' >"$tmp/win.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/win.txt" --trace >"$tmp/trace" 2>"$tmp/err"
rc=$?
check "scripted win: two pickups, the exit opens after the last, then win" \
    '[ $rc -eq 0 ] && [ "$(grep -c "^pickup " "$tmp/trace")" -eq 2 ] && grep -A3 "^pickup 1 7" "$tmp/trace" | grep -q "^exit-open 7 8" && grep -q "^win " "$tmp/trace"'
check "the exit stays locked until the last cell" \
    '[ "$(grep -n "^exit-open" "$tmp/trace" | cut -d: -f1)" -gt "$(grep -n "^pickup 5 2" "$tmp/trace" | cut -d: -f1)" ]'
check "the win is kept in the progress file, unseen (no sentry)" 'grep -Eq "^best	[0-9a-f]{16}	.*	01_tutorial.txt	1$" "$tmp/data/isodroid/progress"'
printf 'clicktile 7 8\nwait 4000\nquit\n' >"$tmp/locked.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/locked.txt" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
check "walking onto the locked exit does not win" 'grep -q "^arrive 7 8" "$tmp/trace" && ! grep -q "^win" "$tmp/trace"'

# losing: out of energy, then R restarts
printf 'energy: 3\n#########\n#@......#\n#########\n' >"$tmp/short.txt"
printf 'clicktile 7 1\nwait 3000\nkey r\nwait 100\nquit\n' >"$tmp/lose.txt"
"$game" "$tmp/short.txt" --headless --script "$tmp/lose.txt" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
check "scripted loss: out of energy after three steps, R restarts" \
    'grep -q "^lose energy" "$tmp/trace" && grep -q "^restart" "$tmp/trace" && [ "$(grep -c "^arrive" "$tmp/trace")" -eq 3 ] && grep -q "^energy 0.00" "$tmp/trace"'
check "play never changes the level file" 'cmp -s "$tmp/short.txt" - <<EOF
energy: 3
#########
#@......#
#########
EOF'

# record and replay: the same state hash, twice
printf 'clicktile 5 2\nwait 700\nkey Right\nwait 900\nclicktile 1 7\nwait 1500\nkey r\nwait 300\nclicktile 6 6\nwait 2000\nquit\n' >"$tmp/rec.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/rec.txt" --trace --no-progress --record "$tmp/game.rec" >"$tmp/trace1" 2>"$tmp/err"
"$game" --headless --replay "$tmp/game.rec" --trace --no-progress >"$tmp/trace2" 2>>"$tmp/err"
"$game" --headless --replay "$tmp/game.rec" --trace --no-progress >"$tmp/trace3" 2>>"$tmp/err"
h1=$(tail -1 "$tmp/trace1") h2=$(tail -1 "$tmp/trace2") h3=$(tail -1 "$tmp/trace3")
check "a recording replays to the recorded state hash, twice" \
    'case $h1 in state\ *) true ;; *) false ;; esac && [ "$h1" = "$h2" ] && [ "$h2" = "$h3" ] && [ ! -s "$tmp/err" ]'
check "the replay walks the same steps" '[ "$(grep -c ^arrive "$tmp/trace1")" = "$(grep -c ^arrive "$tmp/trace2")" ] && grep -q "^restart" "$tmp/trace2"'
# across a win and a switch to the next level: the win is replayed where it happened
printf 'clicktile 5 2\nwait 2000\nclicktile 1 7\nwait 4000\nclicktile 7 8\nwait 3000\nkey Return\nwait 500\nclicktile 3 1\nwait 1000\nquit\n' >"$tmp/next.txt"
"$game" levels/01_tutorial.txt --headless --script "$tmp/next.txt" --trace --no-progress --record "$tmp/next.rec" >"$tmp/trace1" 2>"$tmp/err"
"$game" --headless --replay "$tmp/next.rec" --trace --no-progress >"$tmp/trace2" 2>>"$tmp/err"
check "a recording across a win and the next level replays both, to the same hash" \
    '[ "$(tail -n 1 "$tmp/trace1")" = "$(tail -n 1 "$tmp/trace2")" ] && grep -q "^win " "$tmp/trace2" && grep -A20 "^level levels/02_ducts.txt" "$tmp/trace2" | grep -q "^arrive 3 1" && [ ! -s "$tmp/err" ]'
sed '3s/.*/12 goto 1 oops/' "$tmp/game.rec" >"$tmp/bad.rec"
"$game" --headless --replay "$tmp/bad.rec" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "a broken recording: FILE:LINE:COL message, exit 1" '[ $rc -eq 1 ] && grep -q "bad.rec:3:4: .goto. wants two whole numbers" "$tmp/err"'
printf 'isodroid-replay 1\nlevel levels/01_tutorial.txt\n0 goto 4294967299 2\n' >"$tmp/wrap.rec"
"$game" --headless --replay "$tmp/wrap.rec" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "a recording's numbers never wrap (4294967299 is refused, not read as 3)" '[ $rc -eq 1 ] && grep -q "wrap.rec:3:3: .goto. wants two whole numbers" "$tmp/err"'

# the music follows the play: danger once the guard notices the droid, calm
# again once the level is lost (the trace says each change of mood)
printf '###########\n#@.......*#\n#####S###>#\n###########\n' >"$tmp/watched.txt"
printf '%s\n' "wait 30" "clicktile 8 1" "wait 1500" quit >"$tmp/watched.scr"
"$game" "$tmp/watched.txt" --headless --trace --no-progress --script "$tmp/watched.scr" >"$tmp/mood.trace" 2>&1
check "the music's mood: danger when the guard notices, calm once lost ($(grep -E '^(alert|music|lose|screen)' "$tmp/mood.trace" | tr '\n' ' '))" \
    '[ "$(grep -E "^(alert|music|lose|screen)" "$tmp/mood.trace" | cut -d" " -f1-2 | tr "\n" " ")" = "alert 0 music danger lose caught music calm screen result " ]'

tap_end
