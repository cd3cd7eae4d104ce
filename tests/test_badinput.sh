#!/bin/sh
# SPDX-License-Identifier: MIT
# test_badinput.sh - the bad-input matrix of both binaries: every case runs
# under a timeout and must give exactly its message (the whole of stderr)
# and its exit code; nothing hangs, grows without bound or exits 0 after an
# error. Prints TAP. ISOPATH and ISODROID name the binaries.
isopath=${ISOPATH:-bin/isopath}
game=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"
arena=tests/data/movingai/arena.map
arena_scen=tests/data/movingai/arena.map.scen
tut=levels/01_tutorial.txt
mkdir -p "$tmp/dir" "$tmp/lv"
printf 'quit\n' >"$tmp/q.txt"
# what a reader says of a path that is not a regular file (a named pipe, a
# device): strerror(FILEIO_ENOTREG), src/rules/fileio.h
notreg="not a regular file"

# expect LABEL RC MESSAGE COMMAND...: stderr must be MESSAGE (T stands for
# the scratch folder), the exit code RC, within 60 seconds (or $limit)
expect() {
    label=$1 want_rc=$2
    if [ -n "$3" ]; then printf '%s\n' "$3" | sed "s#T/#$tmp/#g"; fi >"$tmp/want"
    shift 3
    timeout "${limit:-60}" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    check "$label: exit $want_rc${3:+, }$(head -1 "$tmp/want" | sed "s#$tmp/##g")" \
        '[ $rc -eq $want_rc ] && cmp -s "$tmp/err" "$tmp/want"'
    if [ $rc -ne "$want_rc" ] || ! cmp -s "$tmp/err" "$tmp/want"; then
        echo "#   exit $rc, stderr:"
        head -5 "$tmp/err" | sed 's/^/#   /'
    fi
}

run_script() { # LABEL RC MESSAGE SCRIPT-TEXT [LEVEL]: runs the text as T/s.txt
    printf '%s' "$4" | sed "s#T/#$tmp/#g" >"$tmp/s.txt"
    expect "$1" "$2" "$3" "$game" "${5:-$tut}" --headless --script "$tmp/s.txt"
}

# ---- isopath: Moving AI files ------------------------------------------------
expect "bench: a folder as the map" 3 "isopath: T/dir: is a folder, not a map file" \
    "$isopath" bench "$tmp/dir" "$arena_scen"
expect "bench: a folder as the scenario" 3 "isopath: T/dir: is a folder, not a scenario file" \
    "$isopath" bench "$arena" "$tmp/dir"
expect "bench: /dev/zero as the map" 3 "/dev/zero:1: line longer than 8192 bytes" \
    "$isopath" bench /dev/zero "$arena_scen"
expect "bench: /dev/zero as the scenario" 3 "/dev/zero:1: line longer than 8192 bytes" \
    "$isopath" bench "$arena" /dev/zero
expect "bench: /dev/null as the scenario" 3 \
    "isopath: /dev/null: no queries: a scenario needs lines of bucket map width height sx sy gx gy length" \
    "$isopath" bench "$arena" /dev/null
: >"$tmp/empty.scen"
expect "bench: an empty scenario" 3 \
    "isopath: T/empty.scen: no queries: a scenario needs lines of bucket map width height sx sy gx gy length" \
    "$isopath" bench "$arena" "$tmp/empty.scen"
expect "bench: a missing map" 3 "isopath: /nonexistent.map: cannot open: No such file or directory" \
    "$isopath" bench /nonexistent.map "$arena_scen"

printf 'type octile\nheight 4294967297\nwidth 1\nmap\n.\n' >"$tmp/wrap.map"
expect "bench: height 2^32 + 1 does not wrap to 1" 3 \
    "T/wrap.map:2:8: height must be a whole number from 1 to 4096, not '4294967297' (out of range)" \
    "$isopath" bench "$tmp/wrap.map" "$arena_scen"
printf 'type octile\nheight 99999999999\nwidth 1\nmap\n.\n' >"$tmp/big.map"
expect "bench: height 99999999999 is named as given" 3 \
    "T/big.map:2:8: height must be a whole number from 1 to 4096, not '99999999999' (out of range)" \
    "$isopath" bench "$tmp/big.map" "$arena_scen"
{
    echo "type octile"
    i=0
    while [ $i -lt 40 ]; do echo "bogus $i"; i=$((i + 1)); done
} >"$tmp/many.map"
timeout 60 "$isopath" bench "$tmp/many.map" "$arena_scen" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "bench: 40 bad header lines: 32 shown, then '(and 8 more)'" \
    '[ $rc -eq 3 ] && [ "$(wc -l <"$tmp/err")" -eq 33 ] && tail -1 "$tmp/err" | grep -qx "isopath: $tmp/many.map: (and 8 more)"'

printf 'version 1\n0\tarena.map\t49\t49\t4294967297\t11\t1\t12\t1\n' >"$tmp/wrap.scen"
expect "bench: a scenario x of 2^32 + 1 does not wrap to 1" 3 \
    "T/wrap.scen:2:19: start x must be a whole number from 0 to 48, not '4294967297' (out of range)" \
    "$isopath" bench "$arena" "$tmp/wrap.scen"
printf 'version 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1\tjunk\n' >"$tmp/junk.scen"
expect "bench: junk after column 9" 3 "T/junk.scen:2:31: more than 9 columns: 'junk' after the length" \
    "$isopath" bench "$arena" "$tmp/junk.scen"
printf '\n\nversion 1\n0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n' >"$tmp/late.scen"
expect "bench: 'version' after blank lines is still the version line" 0 "" \
    "$isopath" bench "$arena" "$tmp/late.scen"

# ---- isopath: arguments (one checked parser: no wrap, no junk) ----------------
hint() { echo "isopath: run 'isopath $1 --help' for its usage"; } # after every usage error of isopath CMD
expect "path: --max-expand beyond long" 2 "isopath: --max-expand wants a positive whole number, not '99999999999999999999'
$(hint path)" "$isopath" path $tut 2,2 3,6 --max-expand 99999999999999999999
expect "path: --max-expand with junk" 2 "isopath: --max-expand wants a positive whole number, not '5k'
$(hint path)" "$isopath" path $tut 2,2 3,6 --max-expand 5k
expect "path: --max-cost inf" 2 "isopath: --max-cost wants a positive number, not 'inf'
$(hint path)" "$isopath" path $tut 2,2 3,6 --max-cost inf
expect "path: --max-cost 1e999" 2 "isopath: --max-cost wants a positive number, not '1e999'
$(hint path)" "$isopath" path $tut 2,2 3,6 --max-cost 1e999
expect "path: a coordinate of 2^32 + 2" 2 "isopath: bad start '4294967298,2': expected X,Y such as 2,3
$(hint path)" "$isopath" path $tut 4294967298,2 3,6
expect "path: a coordinate with junk" 2 "isopath: bad goal '3,6junk': expected X,Y such as 2,3
$(hint path)" "$isopath" path $tut 2,2 3,6junk
expect "path: a coordinate with a space" 2 "isopath: bad goal '3, 6': expected X,Y such as 2,3
$(hint path)" "$isopath" path $tut 2,2 "3, 6"
expect "bench: --repeat beyond long (ran for ever)" 2 "isopath: --repeat wants a positive whole number, not '99999999999999999999'
$(hint bench)" "$isopath" bench "$arena" "$arena_scen" --repeat 99999999999999999999
expect "simbench: --near 2^32 + 1 (atoi wrapped it)" 2 "isopath: --near wants a whole number from 0 to 4096, not '4294967297'
$(hint simbench)" "$isopath" simbench $tut 10 --near 4294967297
expect "simbench: --seed with junk (read as 12)" 2 "isopath: --seed wants a whole number from 0 to 9223372036854775807, not '12abc'
$(hint simbench)" "$isopath" simbench $tut 10 --seed 12abc
expect "path: --landmarks 17" 2 "isopath: --landmarks wants a whole number from 0 to 16, not '17'
$(hint path)" "$isopath" path $tut 2,2 3,6 --algo jps --landmarks 17

# ---- levels: bytes, sizes, folders; saving through links and long names ------
expect "check: /dev/zero as a level (no regular file)" 3 "isopath: /dev/zero: cannot open: $notreg" "$isopath" check /dev/zero
expect "check: a folder as a level" 3 "isopath: T/dir: is a folder, not a level file" "$isopath" check "$tmp/dir"
printf '; keep\000this\n#@#\n' >"$tmp/nul.txt"
expect "check: a NUL byte in a comment (loaded, then cut on save)" 3 \
    "T/nul.txt:1:7: NUL byte (0x00) in a comment: level files are text" "$isopath" check "$tmp/nul.txt"
printf 'author:\000x\n#@#\n' >"$tmp/nul.txt"
expect "check: a NUL byte in a header" 3 \
    "T/nul.txt:1:8: NUL byte (0x00) in a header line: level files are text" "$isopath" check "$tmp/nul.txt"

mkdir -p "$tmp/real"
cp $tut "$tmp/real/room.txt"
chmod 640 "$tmp/real/room.txt"
ln -s real/room.txt "$tmp/link.txt"
printf 'key e\nrclicktile 6 6\nkey ctrl+s\nquit\n' >"$tmp/save.txt"
"$game" "$tmp/link.txt" --headless --script "$tmp/save.txt" --trace >"$tmp/out" 2>"$tmp/err"
rc=$?
check "saving a level opened through a symbolic link edits the linked file, keeps the link and the mode" \
    '[ $rc -eq 0 ] && [ -L "$tmp/link.txt" ] && ! cmp -s "$tmp/real/room.txt" $tut && [ "$(stat -c %a "$tmp/real/room.txt")" = 640 ]'
long=$tmp/$(printf '%0246d' 0 | tr 0 n).txt
cp $tut "$long"
"$game" "$long" --headless --script "$tmp/save.txt" --trace >"$tmp/out" 2>"$tmp/err"
rc=$?
check "a level whose file name has 250 characters saves" '[ $rc -eq 0 ] && grep -q "^save " "$tmp/out" && ! cmp -s "$long" $tut'

# ---- isodroid: scripts (exit 3 for every script error) -------------------------
cmds="click, rclick, drag, move, mousedown, mouseup, clicktile, rclicktile, key, keydown, keyup, wait, screenshot, quit, pad"
nocmd="no commands: a script needs at least one ($cmds)"
run_script "an empty script (ran for ever)" 3 "T/s.txt: $nocmd" ""
run_script "a script of comments and blank lines (ran for ever)" 3 "T/s.txt: $nocmd" "# one
   # two

"
expect "/dev/null as the script (no regular file)" 3 "/dev/null: cannot open script: $notreg" \
    "$game" $tut --headless --script /dev/null
expect "a folder as the script (ran for ever)" 3 "T/dir: is a folder, not a script" \
    "$game" $tut --headless --script "$tmp/dir"
expect "/dev/zero as the script (read for ever)" 3 "/dev/zero: cannot open script: $notreg" \
    "$game" $tut --headless --script /dev/zero
expect "a missing script (exit 0)" 3 "/nonexistent/s.txt: cannot open script: No such file or directory" \
    "$game" $tut --headless --script /nonexistent/s.txt
run_script "an unknown command (exit 0)" 3 "T/s.txt:2:3: unknown command 'clik' ($cmds)" "wait 10
  clik 1 2
"
run_script "an unknown key (exit 0)" 3 \
    "T/s.txt:2:1: unknown key 'Bogus' (SDL key names: E, 3, Escape, PageDown, F1; ctrl+, shift+, alt+ before)" \
    "key e
key Bogus
"
run_script "a clicktile outside the level (exit 0)" 3 "T/s.txt:2:1: tile 20,3 is outside the 9x10 level" "wait 10
clicktile 20 3
screenshot T/never.png
"
check "... and the run stops there" '[ ! -f "$tmp/never.png" ]'
run_script "a failed screenshot (exit 0)" 3 \
    "T/s.txt:1:1: screenshot /nonexistent/dir/x.png: Couldn't open /nonexistent/dir/x.png" \
    "screenshot /nonexistent/dir/x.png
"
run_script "wait 2^32 (waited 0 ms)" 3 \
    "T/s.txt:1:1: 'wait' takes MS (0 to 3600000); '4294967296': out of range" "wait 4294967296
"
run_script "wait with junk" 3 "T/s.txt:1:1: 'wait' takes MS (0 to 3600000); '5ms': junk after the number" "wait 5ms
"
run_script "click with a third number" 3 "T/s.txt:1:1: 'click' takes PX PY (pixels, -1000000 to 1000000)" "click 1 2 3
"
printf 'wait 1\000\nquit\n' >"$tmp/nul.txt"
expect "a NUL byte mid-line" 3 "T/nul.txt:1:7: NUL byte (0x00): scripts are text" \
    "$game" $tut --headless --script "$tmp/nul.txt"

# a comment longer than the old 512-byte line buffer: its tail saved the level
cp $tut "$tmp/lv/room.txt"
long=$(printf '%0510d' 0 | tr 0 x)
run_script "a 520-byte comment's tail is no command" 0 "" "key e
rclicktile 6 6
#${long}key ctrl+s
quit
" "$tmp/lv/room.txt"
check "... and the level was not saved" 'cmp -s "$tmp/lv/room.txt" $tut'
long=$(printf '%08200d' 0)
run_script "a line over 8192 bytes is refused; the next keeps its number" 3 \
    "T/s.txt:2: line too long (more than 8192 bytes)
T/s.txt:3:1: unknown command 'clik' ($cmds)" "wait 1
#$long
clik
"

# the held-input commands: keydown/keyup and mousedown/mouseup act like key and drag
cp $tut "$tmp/lv/room.txt"
printf 'keydown e\nkeyup e\nkey 1\nmousedown 560 400\nmove 660 400\nmove 760 400\nmouseup 760 400\nquit\n' >"$tmp/held.txt"
printf 'key e\nkey 1\ndrag 560 400 760 400\nquit\n' >"$tmp/drag.txt"
"$game" "$tmp/lv/room.txt" --headless --script "$tmp/held.txt" --trace >"$tmp/held.trace" 2>"$tmp/err"
rc=$?
"$game" "$tmp/lv/room.txt" --headless --script "$tmp/drag.txt" --trace >"$tmp/drag.trace" 2>&1
check "keydown/keyup, mousedown, move, mouseup: paint from the press to the release like a drag" \
    '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(grep "^edit " "$tmp/held.trace" | sed -n "1p;\$p")" = "$(grep "^edit " "$tmp/drag.trace" | sed -n "1p;\$p")" ]'

# ---- named pipes: refused at once, never waited on (the open blocked for ever) --
mkfifo "$tmp/fifo"
limit=10
expect "check: a named pipe as a level" 3 "isopath: T/fifo: cannot open: $notreg" "$isopath" check "$tmp/fifo"
expect "a named pipe as the level" 1 "T/fifo: cannot open: $notreg" \
    "$game" "$tmp/fifo" --headless --script "$tmp/q.txt" --no-progress
expect "a named pipe as the script" 3 "T/fifo: cannot open script: $notreg" \
    "$game" $tut --headless --script "$tmp/fifo" --no-progress
expect "a named pipe as the recording" 1 "T/fifo: cannot open the recording: $notreg" \
    "$game" --headless --replay "$tmp/fifo" --no-progress
mkdir -p "$tmp/pdata/isodroid"
mkfifo "$tmp/pdata/isodroid/progress"
expect "a named pipe as the progress file: named, ignored, the game plays" 0 "" \
    env XDG_DATA_HOME="$tmp/pdata" "$game" $tut --headless --script "$tmp/q.txt"
limit=
check "... and the pipe is still there" '[ -p "$tmp/pdata/isodroid/progress" ]'

# ---- isodroid: arguments ------------------------------------------------------
ghint="run 'isodroid --help' for usage"
expect "--size 4294967360x100 (ran as 64x100)" 2 "isodroid: --size wants WxH between 64x64 and 8192x8192, not '4294967360x100'
$ghint" "$game" $tut --headless --script "$tmp/q.txt" --size 4294967360x100
expect "--size 640x480junk (accepted)" 2 "isodroid: --size wants WxH between 64x64 and 8192x8192, not '640x480junk'
$ghint" "$game" $tut --headless --script "$tmp/q.txt" --size 640x480junk
expect "--size 10x10 headless: the minimum is said" 2 "isodroid: --size 10x10 is below the minimum 64x64
$ghint" "$game" $tut --headless --script "$tmp/q.txt" --size 10x10
expect "--size 63x100 for a window: the minimum is said" 2 "isodroid: --size 63x100 is below the minimum 64x64
$ghint" "$game" $tut --size 63x100
expect "--bench-zoom 0x1p0 (strtod read hexadecimal)" 2 "isodroid: --bench-zoom wants a zoom from 0.25 to 3, not '0x1p0'
$ghint" "$game" $tut --headless --bench-frames 5 --bench-zoom 0x1p0
expect "--bench-frames 99999999999999 (failed silently, exit 0)" 2 \
    "isodroid: --bench-frames wants a whole number from 1 to 1000000, not '99999999999999'
$ghint" "$game" $tut --headless --bench-frames 99999999999999
expect "--size 64x64 headless runs" 0 "" "$game" $tut --headless --script "$tmp/q.txt" --size 64x64

# ---- isodroid: level folders and paths ----------------------------------------
mkdir -p "$tmp/nolevels"
expect "an empty level folder (qsort on NULL)" 1 "isodroid: T/nolevels: no level files (*.txt) in this folder" \
    "$game" "$tmp/nolevels" --headless --script "$tmp/q.txt"
deep=$tmp
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do deep=$deep/ddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd; done
mkdir -p "$deep"
cp $tut "$deep/level.txt"
expect "a level path of 1100+ characters loads (was cut at 1023)" 0 "" \
    "$game" "$deep/level.txt" --headless --script "$tmp/q.txt"
expect "a folder path of 1100+ characters plays its first level" 0 "" \
    "$game" "$deep" --headless --script "$tmp/q.txt"

# ---- isodroid: drags are clipped to the window --------------------------------
cp $tut "$tmp/lv/room.txt"
run_script "drag -2147483648 0 2147483647 0 (signed overflow)" 3 \
    "T/s.txt:2:1: 'drag' takes PX PY PX2 PY2 (pixels, -1000000 to 1000000); '-2147483648': out of range" "key e
drag -2147483648 0 2147483647 0
"
run_script "drag across a million pixels (overflowed; 2000000000 took 22 s)" 0 "" "key e
drag -1000000 400 1000000 400
" "$tmp/lv/room.txt"
printf 'key e\nkey 1\ndrag 560 400 1000000 400\nquit\n' >"$tmp/far.txt"
printf 'key e\nkey 1\ndrag 560 400 1279 400\nquit\n' >"$tmp/edge.txt"
"$game" "$tmp/lv/room.txt" --headless --script "$tmp/far.txt" --trace >"$tmp/far.trace" 2>&1
"$game" "$tmp/lv/room.txt" --headless --script "$tmp/edge.txt" --trace >"$tmp/edge.trace" 2>&1
check "a drag past the window paints what a drag to its edge paints" \
    'grep -q "^edit " "$tmp/edge.trace" && cmp -s "$tmp/far.trace" "$tmp/edge.trace"'

tap_end
