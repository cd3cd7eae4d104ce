#!/bin/sh
# SPDX-License-Identifier: MIT
# test_install.sh - the game finds its data from any folder: started in /
# with --data DIR or ISODROID_DATA naming a copy of the data (laid out as
# make install lays it), it shows the title and Start plays the data's
# first level; a relative LEVEL stays relative to the working folder; a
# named folder without the data is an error naming it, never a fallback;
# with no data reachable it lists every place it tried, the compiled-in
# installed folder last. When bin/ is up to date (nothing to build), make
# install into a scratch folder, for the data folder bin/ was built with,
# puts the data where the installed game looks and the installed game plays
# from there. Prints TAP. ISODROID names the binary, PNGCHECK the
# screenshot checker.
game=${ISODROID:-bin/isodroid}
pngcheck=${PNGCHECK:-build/san/tests/pngcheck}
. "$(dirname "$0")/tap.sh"
unset ISODROID_DATA

root=$(pwd)
case $game in /*) bin=$game ;; *) bin=$root/$game ;; esac
case $pngcheck in /*) ;; *) pngcheck=$root/$pngcheck ;; esac
mkdir -p "$tmp/data" "$tmp/empty" "$tmp/bin" "$tmp/mine"
cp -R assets levels "$tmp/data/"
# the data folder, the programs' folder and the system fonts' folder the
# objects were last built for (Makefile: GAME_DATADIR, BINDIR, FONTDIR)
installed=$(sed -n 1p build/datadir.txt 2>/dev/null)
bindir=$(sed -n 2p build/datadir.txt 2>/dev/null)
fontdir=$(sed -n 3p build/datadir.txt 2>/dev/null)
printf '%s\n' "wait 100" "key Return" "wait 200" "screenshot $tmp/shot.png" quit >"$tmp/start.txt"

starts() { # DATA TRACE: the title, then Start plays DATA's first level
    first="$1/levels/$(cd "$1/levels" && LC_ALL=C ls -- *.txt | head -1)"
    [ "$(grep -E '^(screen|level) ' "$2" | tr '\n' ' ')" = "screen title level $first screen play " ]
}
run_from() { # FOLDER NAME ARGS...: the game started in FOLDER, headless; NAME.out, NAME.err, NAME.rc
    dir=$1
    name=$2
    shift 2
    (cd "$dir" && "$@" >"$tmp/$name.out" 2>"$tmp/$name.err")
    echo $? >"$tmp/$name.rc"
}
ok_run() { # NAME: exit 0, nothing on stderr
    [ "$(cat "$tmp/$1.rc")" -eq 0 ] && [ ! -s "$tmp/$1.err" ]
}

run_from / a "$bin" --data "$tmp/data" --headless --no-progress --trace --script "$tmp/start.txt"
check "--data DIR, started in /: the title, then Start plays its first level ($(tr '\n' ' ' <"$tmp/a.err"))" \
    'ok_run a && starts "$tmp/data" "$tmp/a.out"'
"$pngcheck" "$tmp/shot.png" 0 0 1280 720 >"$tmp/png" 2>&1
check "... drawn with its assets ($(cat "$tmp/png"))" 'awk "{ exit !(\$1 == \"1280x720\" && \$3 > 500) }" "$tmp/png"'

run_from / b env ISODROID_DATA="$tmp/data" "$bin" --headless --no-progress --trace --script "$tmp/start.txt"
check "ISODROID_DATA, started in /: the title, then Start plays its first level ($(tr '\n' ' ' <"$tmp/b.err"))" \
    'ok_run b && starts "$tmp/data" "$tmp/b.out"'

run_from / both env ISODROID_DATA="$tmp/empty" "$bin" --data "$tmp/data" --headless --no-progress --trace \
    --script "$tmp/start.txt"
check "--data goes before ISODROID_DATA" 'ok_run both && starts "$tmp/data" "$tmp/both.out"'

# an installed tree moved elsewhere: bin/isodroid finds ../share/isodroid
mkdir -p "$tmp/moved/bin" "$tmp/moved/share/isodroid"
cp "$bin" "$tmp/moved/bin/isodroid"
cp -R assets levels "$tmp/moved/share/isodroid/"
run_from "$tmp/empty" mv "$tmp/moved/bin/isodroid" --headless --no-progress --trace --script "$tmp/start.txt"
check "a moved install, started elsewhere: its ../share/isodroid ($(tr '\n' ' ' <"$tmp/mv.err"))" \
    'ok_run mv && starts "$tmp/moved/bin/../share/isodroid" "$tmp/mv.out"'

cp levels/01_tutorial.txt "$tmp/mine/mine.txt"
printf 'quit\n' >"$tmp/quit.txt"
run_from "$tmp/mine" rel "$bin" mine.txt --data "$tmp/data" --headless --no-progress --script "$tmp/quit.txt" \
    --record "$tmp/rel.rec"
check "a relative LEVEL is read from the working folder, not the data folder" \
    'ok_run rel && grep -qx "level mine.txt" "$tmp/rel.rec"'

msg="isodroid: --data $tmp/empty: no game data there (no assets/floor.png)"
run_from "$root" d "$bin" --data "$tmp/empty" --headless --no-progress --script "$tmp/quit.txt"
check "--data naming a folder without the data: exit 1 naming it, even where the working folder has data" \
    '[ "$(cat "$tmp/d.rc")" -eq 1 ] && [ "$(cat "$tmp/d.err")" = "$msg" ]'
run_from "$root" de env ISODROID_DATA="$tmp/empty" "$bin" --headless --no-progress --script "$tmp/quit.txt"
check "ISODROID_DATA naming a folder without the data: exit 1 naming it" \
    '[ "$(cat "$tmp/de.rc")" -eq 1 ] && [ "$(cat "$tmp/de.err")" = "isodroid: ISODROID_DATA=$tmp/empty: no game data there (no assets/floor.png)" ]'
run_from / dn "$bin" --data "$tmp/nothing" --headless --no-progress --script "$tmp/quit.txt"
check "--data naming no folder: exit 1 naming it" \
    '[ "$(cat "$tmp/dn.rc")" -eq 1 ] && [ "$(cat "$tmp/dn.err")" = "isodroid: --data $tmp/nothing: no such folder" ]'

# nothing reachable: the binary alone in a folder, started in an empty one
if [ -z "$installed" ] || [ -e "$installed" ]; then
    skip "the compiled-in data folder ${installed:-(build/datadir.txt)} exists here or is unknown"
else
    cp "$bin" "$tmp/bin/isodroid"
    here=$(cd "$tmp/bin" && pwd -P)
    run_from "$tmp/empty" c "$tmp/bin/isodroid" --headless --no-progress --script "$tmp/quit.txt"
    tried="./ (working folder), $here, $here/.., $here/../share/isodroid, $installed"
    check "no data anywhere: exit 1, every place tried named ($(cat "$tmp/c.err"))" \
        '[ "$(cat "$tmp/c.rc")" -eq 1 ] && [ "$(cat "$tmp/c.err")" = "isodroid: no game data (assets/ and levels/) found; tried: $tried; give --data DIR or set ISODROID_DATA" ]'
fi

# the real install, only when it builds nothing: a clean tree would build
# the whole release here, and another data folder would relink bin/
stale() { # BINARY FILES...: missing, or older than one of FILES (folders: their files)
    b=$1
    shift
    [ ! -x "$b" ] || [ -n "$(find "$@" -newer "$b" 2>/dev/null | head -1)" ]
}
if ! command -v make >/dev/null 2>&1 || [ -z "$installed" ]; then
    skip "make install: no make, or no build/datadir.txt (nothing built yet)"
elif stale bin/isodroid src build/datadir.txt || stale bin/isopath src; then
    skip "make install: bin/ is not up to date (make all first)"
else
    start=$(date +%s)
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s install DESTDIR="$tmp/inst" GAME_DATADIR="$installed" \
        BINDIR="$bindir" USE_SYSTEM_FONTS=${fontdir:+1} SYSTEM_FONTDIR="$fontdir" DEPS=no >"$tmp/install.out" 2>&1
    rc=$?
    echo "# make install took $(($(date +%s) - start)) s"
    check "make install DESTDIR=...: exit 0, the data where the game looks ($installed)" \
        '[ $rc -eq 0 ] && [ -f "$tmp/inst$installed/assets/floor.png" ] && [ -f "$tmp/inst$installed/levels/01_tutorial.txt" ]'
    check "... the programs in BINDIR ($bindir), LICENSE in the data folder, nothing in a doc folder" \
        '[ -x "$tmp/inst$bindir/isodroid" ] && [ -x "$tmp/inst$bindir/isopath" ] &&
         [ -f "$tmp/inst$installed/LICENSE" ] && [ -z "$(find "$tmp/inst" -path "*/doc/*")" ]'
    if [ -n "$fontdir" ]; then
        check "... built with USE_SYSTEM_FONTS=1: no font installed" '[ -z "$(find "$tmp/inst" -name "*.ttf")" ]'
    else
        check "... the fonts with the assets" '[ -f "$tmp/inst$installed/assets/DejaVuSans.ttf" ]'
    fi
    igame=$tmp/inst$bindir/isodroid
    run_from / inst "$igame" --data "$tmp/inst$installed" --headless --no-progress --trace --script "$tmp/start.txt"
    check "the installed game, started in / with --data: the title, then its first level ($(tr '\n' ' ' <"$tmp/inst.err"))" \
        'ok_run inst && starts "$tmp/inst$installed" "$tmp/inst.out"'
fi
tap_end
