#!/bin/sh
# SPDX-License-Identifier: MIT
# test_files.sh - the files both binaries open and write: a named pipe or a
# device in place of an asset (a sprite, a font, the window's icon) is
# refused at once with its name, never waited on; an --out that names the
# level read (the same path, a symbolic or a hard link) is refused before
# anything is written; output that stdout loses (a full disk, /dev/full, a
# closed stdout) fails the run with a message, in every isopath command and
# in isodroid --trace. Every run under a timeout. Prints TAP. ISOPATH and
# ISODROID name the binaries.
isopath=${ISOPATH:-bin/isopath}
game=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"
tut=levels/01_tutorial.txt
here=$(pwd)
limit=20 # seconds: a run that waits on a pipe never ends on its own
printf 'quit\n' >"$tmp/q.txt"

# ---- assets: a named pipe or a device in place of any file loaded --------------
# a data folder of links to the real one; one file at a time is replaced
mkdir -p "$tmp/data/assets"
for f in assets/*; do ln -s "$here/$f" "$tmp/data/assets/"; done
ln -s "$here/levels" "$tmp/data/levels"
# what the game loads: every sprite of assets.c's table, and the two fonts
images=$(sed -n 's/^ *\[IMAGE_[A-Z_]*\] = "\([a-z_]*\.png\)",$/\1/p' src/platform/assets.c)
check "the sprites' names are read from assets.c (16)" '[ "$(echo "$images" | wc -l)" -eq 16 ]'
# and an area's tile sheet (each is loaded the same way: one stands for all)
for name in $images area-cistern.png DejaVuSans.ttf DejaVuSans-Bold.ttf; do
    case $name in *.ttf) what=font ;; *) what=image ;; esac
    rm "$tmp/data/assets/$name"
    mkfifo "$tmp/data/assets/$name"
    timeout $limit "$game" $tut --data "$tmp/data" --headless --script "$tmp/q.txt" --no-progress \
        >/dev/null 2>"$tmp/err" </dev/null
    rc=$?
    check "a named pipe as assets/$name: exit 1 at once, the file named" \
        '[ $rc -eq 1 ] && [ "$(head -1 "$tmp/err")" = "isodroid: $tmp/data/assets/$name: cannot load $what: not a regular file" ]'
    rm "$tmp/data/assets/$name"
    ln -s "$here/assets/$name" "$tmp/data/assets/$name"
done
rm "$tmp/data/assets/wall.png"
ln -s /dev/zero "$tmp/data/assets/wall.png"
timeout $limit "$game" $tut --data "$tmp/data" --headless --script "$tmp/q.txt" --no-progress \
    >/dev/null 2>"$tmp/err" </dev/null
rc=$?
check "a link to /dev/zero as assets/wall.png: exit 1, never read" \
    '[ $rc -eq 1 ] && grep -q "assets/wall.png: cannot load image: not a regular file" "$tmp/err"'
rm "$tmp/data/assets/wall.png"
ln -s "$here/assets/wall.png" "$tmp/data/assets/wall.png"

# the window's icon (loaded only with a window: SDL's dummy driver, asked for)
rm "$tmp/data/assets/icon-64.png"
mkfifo "$tmp/data/assets/icon-64.png"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout $limit "$game" $tut --data "$tmp/data" \
    --script "$tmp/q.txt" --no-progress --mute >/dev/null 2>"$tmp/err" </dev/null
rc=$?
check "a named pipe as assets/icon-64.png: named, the game plays without the icon" \
    '[ $rc -eq 0 ] && grep -q "assets/icon-64.png: cannot load image: not a regular file" "$tmp/err"'

# ---- --out naming the level read: refused, the level kept ------------------------
cp $tut "$tmp/lvl.txt"
ln -s lvl.txt "$tmp/sym.txt"
ln "$tmp/lvl.txt" "$tmp/hard.txt"
for cmd in solve naive render; do
    for out in lvl.txt sym.txt hard.txt; do
        timeout $limit "$isopath" $cmd "$tmp/lvl.txt" --out "$tmp/$out" >/dev/null 2>"$tmp/err" </dev/null
        rc=$?
        check "$cmd --out $out (the level, or a link to it): exit 2, refused, the level intact" \
            '[ $rc -eq 2 ] && cmp -s "$tmp/lvl.txt" $tut && [ -L "$tmp/sym.txt" ] &&
             [ "$(head -1 "$tmp/err")" = "isopath: --out $tmp/$out is the level $tmp/lvl.txt; name another file" ]'
    done
done
timeout $limit "$isopath" solve "$tmp/sym.txt" --out "$tmp/hard.txt" >/dev/null 2>"$tmp/err" </dev/null
rc=$?
check "solve of a link to the level, --out another link to it: refused" \
    '[ $rc -eq 2 ] && cmp -s "$tmp/lvl.txt" $tut && grep -q "is the level $tmp/sym.txt; name another file" "$tmp/err"'
rm -f "$tmp/plan" "$tmp/pic.png"
timeout $limit "$isopath" solve "$tmp/lvl.txt" --out "$tmp/plan" >/dev/null 2>&1 </dev/null
rc=$?
timeout $limit "$isopath" render "$tmp/lvl.txt" --out "$tmp/pic.png" >/dev/null 2>&1 </dev/null
rc2=$?
check "another file as --out is written as before" \
    '[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && [ -s "$tmp/plan" ] && [ -s "$tmp/pic.png" ] && cmp -s "$tmp/lvl.txt" $tut'
timeout $limit "$game" "$tmp/lvl.txt" --headless --script "$tmp/q.txt" --no-progress --record "$tmp/hard.txt" \
    >/dev/null 2>"$tmp/err" </dev/null
rc=$?
check "isodroid --record onto a hard link to the level: refused (the same check)" \
    '[ $rc -eq 1 ] && grep -q "is the level being played" "$tmp/err" && cmp -s "$tmp/lvl.txt" $tut'

# ---- stdout lost: a full disk or a closed stdout fails the run ------------------
if [ -w /dev/full ]; then
    full() { # LABEL RC MESSAGE COMMAND...: COMMAND >/dev/full exits RC with MESSAGE last on stderr
        label=$1 want_rc=$2 want=$3
        shift 3
        timeout $limit "$@" >/dev/full 2>"$tmp/err" </dev/null
        rc=$?
        check "$label >/dev/full: exit $want_rc, said" '[ $rc -eq $want_rc ] && [ "$(tail -1 "$tmp/err")" = "$want" ]'
        [ $rc -eq "$want_rc" ] || tail -3 "$tmp/err" | sed 's/^/#   /'
    }
    lost="isopath: cannot write the output to stdout: No space left on device"
    arena=tests/data/movingai/arena.map
    full "isopath path" 5 "$lost" "$isopath" path $tut 2,2 3,6
    full "isopath path --draw" 5 "$lost" "$isopath" path $tut 2,2 3,6 --draw
    full "isopath check" 5 "$lost" "$isopath" check $tut
    full "isopath check, a Moving AI map" 5 "$lost" "$isopath" check $arena
    full "isopath tour" 5 "$lost" "$isopath" tour $tut
    full "isopath field" 5 "$lost" "$isopath" field $tut 3,6
    full "isopath bench" 5 "$lost" "$isopath" bench $arena $arena.scen
    full "isopath simbench" 5 "$lost" "$isopath" simbench $tut 100
    full "isopath naive" 5 "$lost" "$isopath" naive $tut
    full "isopath solve" 5 "$lost" "$isopath" solve $tut
    full "isopath --help" 5 "$lost" "$isopath" --help
    full "isopath --version" 5 "$lost" "$isopath" --version
    full "isopath check --json" 5 "isopath: cannot write the JSON to stdout" "$isopath" check $tut --json
    full "isopath gen" 5 "isopath: cannot write the level to stdout: No space left on device" \
        "$isopath" gen --seed 1
    printf 'clicktile 6 8\nwait 500\nquit\n' >"$tmp/walk.txt"
    full "isodroid --trace" 1 "isodroid: cannot write to stdout: No space left on device" \
        "$game" $tut --headless --script "$tmp/walk.txt" --no-progress --trace
    full "isodroid --help" 1 "isodroid: cannot write to stdout: No space left on device" "$game" --help
else
    skip "no writable /dev/full: output to a full disk is not tried"
fi
timeout $limit "$isopath" check $tut >&- 2>"$tmp/err" </dev/null
rc=$?
check "isopath check with stdout closed: exit 5, said" \
    '[ $rc -eq 5 ] && grep -qx "isopath: cannot write the output to stdout: Bad file descriptor" "$tmp/err"'
timeout $limit "$isopath" check $tut >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
check "isopath check to a file: exit 0, nothing on stderr" '[ $rc -eq 0 ] && [ -s "$tmp/out" ] && [ ! -s "$tmp/err" ]'
timeout $limit "$game" $tut --headless --script "$tmp/q.txt" --no-progress --trace >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
check "isodroid --trace to a file: exit 0, the state hash last" '[ $rc -eq 0 ] && tail -1 "$tmp/out" | grep -q "^state "'

tap_end
