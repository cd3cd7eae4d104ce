#!/bin/sh
# SPDX-License-Identifier: MIT
# test_isopath.sh - the isopath command line: exact outputs, exit codes and
# messages, path and check on Moving AI maps, bench's progress line on a
# terminal (script(1)) and nowhere else; the conventions: CMD --help, '-'
# for standard input, '--', 'isopath: ' before every message. Prints TAP. ISOPATH names the
# binary (default bin/isopath). The --json outputs: test_isopath_json.sh.
isopath=${ISOPATH:-bin/isopath}
. "$(dirname "$0")/tap.sh"

"$isopath" --help >"$tmp/out" 2>&1
rc=$?
check "--help exits 0 and shows usage" '[ $rc -eq 0 ] && grep -q "isopath path LEVEL SX,SY GX,GY" "$tmp/out"'

"$isopath" path levels/01_tutorial.txt 2,2 3,6 >"$tmp/out" 2>"$tmp/err"
rc=$?
cat >"$tmp/want" <<'OUT'
2,2
1,3
1,4
1,5
1,6
2,6
3,6
length 6.414214 steps 6 expanded 14
OUT
check "tutorial path goes round the inner wall" 'cmp -s "$tmp/out" "$tmp/want" && [ ! -s "$tmp/err" ]'

"$isopath" path levels/01_tutorial.txt 2,2 3,6 --draw >"$tmp/out"
rc=$?
check "--draw prints the level with the path first" \
    'head -7 "$tmp/out" | tail -3 | tr -d "\n" | grep -q "#o###...##oog....#" && tail -1 "$tmp/out" | grep -q "^length 6.414214 steps 6"'

"$isopath" path levels/01_tutorial.txt 2,2 0,0 >"$tmp/out" 2>"$tmp/err"
rc=$?
check "blocked goal: no path on stderr, exit 1" '[ $rc -eq 1 ] && [ ! -s "$tmp/out" ] && grep -q "^isopath: no path.*goal is blocked" "$tmp/err"'

"$isopath" path levels/01_tutorial.txt 2,2 20,3 >"$tmp/out" 2>"$tmp/err"
rc=$?
check "goal outside: no path, exit 1" '[ $rc -eq 1 ] && grep -q "no path.*goal outside the map" "$tmp/err"'

"$isopath" path levels/01_tutorial.txt 2,2 0,0 --nearest >"$tmp/out" 2>"$tmp/err"
rc=$?
check "--nearest walks next to a wall goal" '[ $rc -eq 0 ] && tail -2 "$tmp/out" | head -1 | grep -qx "1,1" && grep -q "goal is blocked" "$tmp/err"'

for args in "path" "path levels/01_tutorial.txt 2,2" "path levels/01_tutorial.txt 2x2 1,1" \
    "path levels/01_tutorial.txt 2,2 1,1 --topology 6" "path levels/01_tutorial.txt 2,2 1,1 --bogus" "frobnicate" \
    "path levels/01_tutorial.txt 2,2 1,1 --algo jps --landmarks 17" "bench a.map a.scen --landmarks four"; do
    # shellcheck disable=SC2086
    "$isopath" $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "bad arguments ($args): exit 2 with a message" '[ $rc -eq 2 ] && grep -q "^isopath: " "$tmp/err" && grep -q -- "--help" "$tmp/err"'
done

"$isopath" path levels/01_tutorial.txt 1,1 7,8 --topology 4 >"$tmp/out"
rc=$?
check "4-way path has no diagonal step" 'tail -1 "$tmp/out" | grep -q "^length 13.000000 steps 13"'
"$isopath" path levels/01_tutorial.txt 1,1 7,8 --algo jps >"$tmp/out"
rc=$?
"$isopath" path levels/01_tutorial.txt 1,1 7,8 >"$tmp/out2"
rc=$?
check "JPS and A* agree on the length" '[ "$(tail -1 "$tmp/out" | cut -d" " -f2)" = "$(tail -1 "$tmp/out2" | cut -d" " -f2)" ]'
"$isopath" path levels/01_tutorial.txt 1,1 7,8 --algo jps --landmarks 3 >"$tmp/out"
rc=$?
check "JPS with landmarks: same length" '[ $rc -eq 0 ] && [ "$(tail -1 "$tmp/out" | cut -d" " -f2)" = "$(tail -1 "$tmp/out2" | cut -d" " -f2)" ]'

"$isopath" check levels/*.txt levels/extra/*.txt >"$tmp/out" 2>"$tmp/err"
rc=$?
check "every shipped level passes check" '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(grep -c ": ok, " "$tmp/out")" -eq "$(ls levels/*.txt levels/extra/*.txt | wc -l)" ]'
check "check reports unreachable tiles" 'grep -q "01_tutorial.txt: ok, .Tutorial room., 9x10, 49 walkable tiles, 0 unreachable" "$tmp/out"'

printf '#####\n#@#.#\n#####\n' >"$tmp/island.txt"
"$isopath" check "$tmp/island.txt" >"$tmp/out"
rc=$?
check "check counts an unreachable island" 'grep -q "2 walkable tiles, 1 unreachable" "$tmp/out"'

printf 'name: bad\n#@X\n#\t@\n' >"$tmp/bad.txt"
"$isopath" check "$tmp/bad.txt" levels/01_tutorial.txt >"$tmp/out" 2>"$tmp/err"
rc=$?
check "bad level: one FILE:LINE:COL line per problem, exit 3" \
    '[ $rc -eq 3 ] && [ "$(wc -l <"$tmp/err")" -eq 3 ] && grep -q "bad.txt:2:3: unknown glyph .X." "$tmp/err" && grep -q "bad.txt:3:2: tab character" "$tmp/err" && grep -q "bad.txt:3:3: second droid start" "$tmp/err" && grep -q "01_tutorial.txt: ok" "$tmp/out"'

"$isopath" check /nonexistent.txt >"$tmp/out" 2>"$tmp/err"
rc=$?
check "missing file is named, exit 3" '[ $rc -eq 3 ] && grep -qx "isopath: /nonexistent.txt: cannot open: No such file or directory" "$tmp/err"'

"$isopath" field levels/01_tutorial.txt 3,6 >"$tmp/out"
rc=$?
check "field prints arrows and a summary" '[ $rc -eq 0 ] && sed -n 7p "$tmp/out" | grep -q "^#→→G←←←←#$" && tail -1 "$tmp/out" | grep -q "^goal 3,6: 49 tiles reach it, 0 walkable tiles cannot"'
"$isopath" field levels/01_tutorial.txt 0,0 >"$tmp/out" 2>"$tmp/err"
rc=$?
check "field towards a wall is refused" '[ $rc -eq 1 ] && grep -q "goal is blocked" "$tmp/err"'

"$isopath" bench tests/data/movingai/arena.map tests/data/movingai/arena.map.scen --algo jps >"$tmp/out"
rc=$?
check "bench: every arena query optimal (JPS)" '[ $rc -eq 0 ] && tail -1 "$tmp/out" | grep -Eq "^160 queries, 160 optimal, mean [0-9]+\.[0-9]{2} us/query$"'
check "bench: JPS places 8 landmarks first" 'head -1 "$tmp/out" | grep -Eq "jps, mean [0-9]+ expanded/query, jump table and 8 landmarks built in [0-9.]+ ms$"'
"$isopath" bench tests/data/movingai/arena.map tests/data/movingai/arena.map.scen --algo jps --landmarks 0 >"$tmp/out"
rc=$?
check "bench: every arena query optimal (JPS, no landmarks)" '[ $rc -eq 0 ] && head -1 "$tmp/out" | grep -Eq "jump table built in [0-9.]+ ms$" && tail -1 "$tmp/out" | grep -q "^160 queries, 160 optimal"'
"$isopath" bench tests/data/movingai/arena.map tests/data/movingai/arena.map.scen --algo route >"$tmp/out"
rc=$?
check "bench: route says the rule that chose its planner (the passage width, the sample searches, why)" \
    '[ $rc -eq 0 ] && head -1 "$tmp/out" | grep -Eq "; passage width [0-9]+, sample searches [0-9]+ expanded: .+$" &&
     tail -1 "$tmp/out" | grep -q "^160 queries, 160 optimal"'
"$isopath" bench tests/data/movingai/arena.map tests/data/movingai/arena.map.scen --repeat 2 >"$tmp/out"
rc=$?
check "bench: every arena query optimal (A*)" '[ $rc -eq 0 ] && tail -1 "$tmp/out" | grep -q "^160 queries, 160 optimal"'

# a scenario that lies: one length too short must be reported and fail
sed '2s/\t[0-9.]*$/\t0.5/' tests/data/movingai/arena.map.scen >"$tmp/lie.scen"
"$isopath" bench tests/data/movingai/arena.map "$tmp/lie.scen" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "bench: a wrong optimum is reported, exit 4" '[ $rc -eq 4 ] && tail -1 "$tmp/out" | grep -q "^160 queries, 159 optimal" && grep -q "lie.scen:2: 1,11 -> 1,12: length 1.00000000, file says 0.50000000" "$tmp/err"'

# the maps that ship without a scenario: our own queries (lengths from an
# independent Python Dijkstra, tools/make_scen.py), when the maps are present
for scen in tests/data/movingai/*.map.scen; do
    map=${MOVINGAI_DIR:-../shared/data/movingai}/$(basename "$scen" .scen)
    name=$(basename "$scen" .map.scen)
    [ "$name" = arena ] && continue
    if [ ! -f "$map" ]; then
        skip "$name: map not found at $map"
        continue
    fi
    for algo in astar jps; do
        "$isopath" bench "$map" "$scen" --algo $algo >"$tmp/out" 2>"$tmp/err"
        rc=$?
        check "bench $name ($algo): all of our own queries optimal" '[ $rc -eq 0 ]'
    done
done

# the prepared planner on the smallest maps: one tile, and every tile its own region
printf '@\n' >"$tmp/one.txt"
"$isopath" path "$tmp/one.txt" 0,0 0,0 --algo route >"$tmp/out" 2>&1
rc=$?
check "route on a one-tile level: the empty path, no overflow" '[ $rc -eq 0 ] && grep -q "^length 0.000000 steps 0" "$tmp/out"'
printf '@#.\n#.#\n.#.\n' >"$tmp/islands.txt"
"$isopath" path "$tmp/islands.txt" 0,0 2,2 --algo route >"$tmp/out" 2>&1
rc=$?
check "route where every tile is its own region: unreachable, exit 1" '[ $rc -eq 1 ] && grep -q "goal unreachable" "$tmp/out"'

# more 'S' than the sentries' limit: an error where the first one past it stands
awk 'BEGIN { s = sprintf("%1024s", ""); gsub(/ /, "S", s); for (i = 0; i < 1024; i++) print s; print "S@" }' \
    >"$tmp/crowd.txt"
"$isopath" check "$tmp/crowd.txt" >"$tmp/out" 2>&1
rc=$?
check "check: 1048577 sentries is an error at FILE:LINE:COL, exit 3" \
    '[ $rc -eq 3 ] && grep -qx "$tmp/crowd.txt:1025:1: sentry 1048577: a level has at most 1048576 sentries (.S.)" "$tmp/out"'

# simbench: running out of energy is not a catch; the level starts again
{ printf 'energy: 3\n'; printf '%s\n' '########' '#@.....#' '#......#' '#......#' '########'; } >"$tmp/low.txt"
"$isopath" simbench "$tmp/low.txt" 600 >"$tmp/out" 2>&1
rc=$?
check "simbench: losses by energy said as such, not as catches" \
    '[ $rc -eq 0 ] && grep -q "ticks ending in a catch 0 (play went on); out of energy [1-9][0-9]* times (the level started again)" "$tmp/out"'

# tour: its documented cell limit
awk 'BEGIN { s = sprintf("%4096s", ""); gsub(/ /, "*", s); print "@>"; print s; print "*" }' >"$tmp/cells.txt"
"$isopath" tour "$tmp/cells.txt" >"$tmp/out" 2>&1
rc=$?
check "tour: more than 4096 cells is refused, exit 3" '[ $rc -eq 3 ] && grep -q "4097 cells: at most 4096 are planned" "$tmp/out"'

# ---- Moving AI maps in path and check: a regular file named .map, or one
# whose first line starts with 'type'; every walkable tile costs 1
arena=tests/data/movingai/arena.map
arena_scen=tests/data/movingai/arena.map.scen
walkable=$(awk 'go { n += gsub(/[.GS]/, "") } $1 == "map" { go = 1 } END { print n }' $arena)
"$isopath" check $arena >"$tmp/out" 2>"$tmp/err"
rc=$?
check "check on a Moving AI map: its size and walkable tiles ($walkable), one region" \
    '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && grep -qx "$arena: ok, Moving AI map, 49x49, $walkable walkable tiles in 1 region (the largest $walkable)" "$tmp/out"'
printf 'type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n@@@.T\n' >"$tmp/two.map"
"$isopath" check "$tmp/two.map" >"$tmp/out"
rc=$?
check "check on a map of two regions" '[ $rc -eq 0 ] && grep -qx "$tmp/two.map: ok, Moving AI map, 5x3, 9 walkable tiles in 2 regions (the largest 5)" "$tmp/out"'
printf 'type octile\nheight 2\nwidth 3\nmap\n...\n....\n' >"$tmp/wide.map"
"$isopath" check "$tmp/wide.map" levels/01_tutorial.txt >"$tmp/out" 2>"$tmp/err"
rc=$?
check "check on a bad map: the map reader's FILE:LINE:COL, exit 3; the level after it still checked" \
    '[ $rc -eq 3 ] && grep -qx "$tmp/wide.map:6:4: row is 4 tiles wide; the header says width 3" "$tmp/err" && grep -q "01_tutorial.txt: ok" "$tmp/out"'
cp $arena "$tmp/arena.txt"
"$isopath" check "$tmp/arena.txt" >"$tmp/out" 2>&1
rc=$?
check "a map by its first line 'type octile' whatever its name" '[ $rc -eq 0 ] && grep -q "arena.txt: ok, Moving AI map" "$tmp/out"'
mkfifo "$tmp/pipe.map"
timeout 10 "$isopath" check "$tmp/pipe.map" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "a named pipe called .map: refused at once, exit 3" '[ $rc -eq 3 ] && grep -qx "isopath: $tmp/pipe.map: cannot open: not a regular file" "$tmp/err"'
# the longest query of the arena scenario: the path's length is the file's
# shellcheck disable=SC2046
set -- $(sort -t "$(printf '\t')" -k9 -g $arena_scen | tail -1)
sx=$5 sy=$6 gx=$7 gy=$8 opt=$9
"$isopath" path $arena "$sx,$sy" "$gx,$gy" >"$tmp/out" 2>"$tmp/err"
rc=$?
len=$(tail -1 "$tmp/out" | cut -d" " -f2)
check "path on a Moving AI map: $sx,$sy -> $gx,$gy is $len, the scenario's $opt" \
    '[ $rc -eq 0 ] && head -1 "$tmp/out" | grep -qx "$sx,$sy" && tail -2 "$tmp/out" | head -1 | grep -qx "$gx,$gy" &&
     awk -v a="$len" -v b="$opt" "BEGIN { exit !(a - b < 1e-4 && b - a < 1e-4) }"'
"$isopath" path "$tmp/two.map" 3,2 4,0 --draw >"$tmp/out" 2>&1
rc=$?
printf '..@.g\n..@o.\n@@@s@\n\n3,2\n3,1\n4,0\nlength 2.414214 steps 2 expanded 2\n' >"$tmp/want"
check "path --draw on a map: '.' walkable, '@' blocked, the path over it" '[ $rc -eq 0 ] && cmp -s "$tmp/out" "$tmp/want"'
"$isopath" path "$tmp/two.map" 0,0 4,0 >"$tmp/out" 2>"$tmp/err"
rc=$?
check "path on a map across regions: no path, exit 1" '[ $rc -eq 1 ] && grep -q "goal unreachable" "$tmp/err"'

# ---- bench's progress line: on a terminal only --------------------------------
# long enough (over 0.25 s) to be drawn at least once
long="tests/data/movingai/arena.map tests/data/movingai/arena.map.scen --algo astar --repeat 3000"
# shellcheck disable=SC2086
"$isopath" bench $long >"$tmp/plain" 2>"$tmp/err"
rc=$?
check "bench without a terminal: no progress line, no carriage return on stderr" \
    '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && ! grep -q "$(printf "\r")" "$tmp/err"'
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1 </dev/null; then
    script -qec "\"$isopath\" bench $long >\"$tmp/ttyout\"" /dev/null >"$tmp/tty" 2>&1 </dev/null
    cr=$(printf '\r')
    check "bench on a terminal: '  N/480000 queries  M:SS' redrawn in place on stderr, then cleared" \
        'grep -Eq "^$cr  [0-9]+/480000 queries  [0-9]+:[0-5][0-9]$cr" "$tmp/tty" && tr "\r" "\n" <"$tmp/tty" | tail -1 | grep -Eq "^ +$"'
    check "bench on a terminal: stdout as without one" \
        '[ "$(sed "s/[0-9.]* ms$//; s/mean [0-9.]* us/mean/" "$tmp/ttyout")" = "$(sed "s/[0-9.]* ms$//; s/mean [0-9.]* us/mean/" "$tmp/plain")" ]'
else
    skip "script(1) of util-linux not found: the progress line on a terminal is not tried"
fi

# the featureless levels the tick is timed on (docs/performance.md)
if command -v python3 >/dev/null; then
    tools/make_flat.py doors 64 48 >"$tmp/doors.txt" && tools/make_flat.py floor 40 30 >"$tmp/floor.txt"
    "$isopath" simbench "$tmp/doors.txt" 300 >"$tmp/out" 2>&1 && "$isopath" simbench "$tmp/floor.txt" 300 >>"$tmp/out" 2>&1
    rc=$?
    check "tools/make_flat.py: levels of doors and of floor that simbench runs" \
        '[ $rc -eq 0 ] && grep -q "doors.txt: 64x48, 0 sentries" "$tmp/out" && grep -q "floor.txt: 40x30, 0 sentries" "$tmp/out"'
else
    skip "python3 not found: tools/make_flat.py not run"
fi

# isopath links no SDL (render's PNG files are libpng's): no SDL library is
# among what the binary needs
needed=$(readelf -d "$isopath" 2>/dev/null | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' ')
check "isopath needs no SDL library ($needed)" '[ -n "$needed" ] && ! echo "$needed" | grep -qi sdl'

# ---- the command line's conventions (isopath(1): CONVENTIONS) ----
# CMD --help: that command's usage alone, never another's
for cmd in path check tour field bench simbench solve naive replay gen render; do
    "$isopath" $cmd --help >"$tmp/h" 2>&1
    rc=$?
    others=$(grep -c "^  isopath " "$tmp/h")
    check "$cmd --help: exit 0, its own usage alone ($(wc -l <"$tmp/h") lines)" \
        '[ $rc -eq 0 ] && [ "$(sed -n 2p "$tmp/h" | cut -d" " -f3-4)" = "isopath $cmd" ] && [ "$others" -eq 1 ] &&
         [ "$(wc -l <"$tmp/h")" -lt 30 ]'
done
"$isopath" path levels/01_tutorial.txt 2,2 -h >"$tmp/h" 2>&1
check "path ... -h: the same as path --help" '"$isopath" path --help | cmp -s - "$tmp/h"'
"$isopath" help check >"$tmp/h" 2>&1
check "help check: check's usage" '"$isopath" check --help | cmp -s - "$tmp/h"'
"$isopath" --help >"$tmp/h" 2>&1
check "--help alone: every command's usage" '[ "$(grep -c "^  isopath " "$tmp/h")" -ge 11 ]'

# '-': standard input where a level or a map is read, parsed as the file is
"$isopath" path levels/01_tutorial.txt 2,2 3,6 >"$tmp/file.out" 2>&1
"$isopath" path - 2,2 3,6 <levels/01_tutorial.txt >"$tmp/out" 2>"$tmp/err"
rc=$?
check "path - reads the level from standard input: the same path as from the file" \
    '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && cmp -s "$tmp/out" "$tmp/file.out"'
"$isopath" check - <tests/data/movingai/arena.map >"$tmp/out" 2>"$tmp/err"
rc=$?
check "check - reads a Moving AI map from standard input (its first word is 'type')" \
    '[ $rc -eq 0 ] && grep -q "^-: ok, Moving AI map, 49x49" "$tmp/out"'
"$isopath" tour - <levels/01_tutorial.txt >"$tmp/out" 2>"$tmp/err"
rc=$?
check "tour - reads the level from standard input" '[ $rc -eq 0 ] && grep -q "winnable" "$tmp/out"'
"$isopath" bench - tests/data/movingai/arena.map.scen <tests/data/movingai/arena.map >"$tmp/out" 2>"$tmp/err"
rc=$?
check "bench - SCEN reads the map from standard input" '[ $rc -eq 0 ] && tail -1 "$tmp/out" | grep -q "160 queries, 160 optimal"'
printf '#####\n#@.x#\n#####\n' | "$isopath" check - >"$tmp/out" 2>"$tmp/err"
rc=$?
check "a bad level on standard input: -:LINE:COL: message, exit 3 ($(cat "$tmp/err"))" \
    '[ $rc -eq 3 ] && grep -q "^-:2:4: unknown glyph" "$tmp/err"'
"$isopath" check - </dev/null >"$tmp/out" 2>"$tmp/err"
rc=$?
check "an empty standard input reads as an empty level file: -:1:1, exit 3 ($(cat "$tmp/err"))" \
    '[ $rc -eq 3 ] && grep -qx -- "-:1:1: no grid rows: a level needs rows of tiles" "$tmp/err"'

# '--' ends the options: a file whose name starts with '--' is read after it
cp levels/01_tutorial.txt "$tmp/--odd.txt"
case $isopath in /*) abs=$isopath ;; *) abs=$(pwd)/$isopath ;; esac
(cd "$tmp" && "$abs" check -- --odd.txt) >"$tmp/out" 2>"$tmp/err"
rc=$?
check "check -- --odd.txt: the file is read, not taken for an option" \
    '[ $rc -eq 0 ] && grep -q "odd.txt: ok" "$tmp/out"'
(cd "$tmp" && "$abs" check --odd.txt) >"$tmp/out" 2>"$tmp/err"
rc=$?
check "without '--' it is an unknown option, exit 2" '[ $rc -eq 2 ] && grep -q "unknown option '"'"'--odd.txt'"'"'" "$tmp/err"'
"$isopath" path -- levels/01_tutorial.txt 2,2 3,6 >"$tmp/out" 2>&1
check "path -- LEVEL SX,SY GX,GY: as without '--'" 'cmp -s "$tmp/out" "$tmp/file.out"'
(cd "$tmp" && "$abs" check -- --help) >"$tmp/out" 2>"$tmp/err"
rc=$?
check "check -- --help: a file named --help (missing), not the usage" \
    '[ $rc -eq 3 ] && grep -q "^isopath: ./--help: cannot open" "$tmp/err"'

# every line on stderr starts with 'isopath: ', but a FILE:LINE:COL: diagnostic
allprefixed() { ! grep -v "^isopath: " "$1" | grep -qv "^[^ :]*:[0-9][0-9]*:"; }
"$isopath" path /nonexistent 1,1 2,2 >/dev/null 2>"$tmp/err"
check "a missing file: 'isopath: /nonexistent: cannot open: ...' ($(cat "$tmp/err"))" \
    'grep -qx "isopath: /nonexistent: cannot open: No such file or directory" "$tmp/err" && allprefixed "$tmp/err"'
"$isopath" path levels/01_tutorial.txt 2,2 0,0 >/dev/null 2>"$tmp/err"
check "no path: 'isopath: no path from ...' ($(cat "$tmp/err"))" \
    'grep -q "^isopath: no path from 2,2 to 0,0" "$tmp/err" && allprefixed "$tmp/err"'
for args in "path" "check --bogus x" "frob" "path levels/01_tutorial.txt 2,2" "bench /nonexistent.map x.scen" \
    "tour /nonexistent" "render levels/01_tutorial.txt" "gen --seed x" "solve levels/01_tutorial.txt --out levels/01_tutorial.txt"; do
    # shellcheck disable=SC2086
    "$isopath" $args >/dev/null 2>"$tmp/err"
    check "isopath $args: every line of stderr starts with 'isopath: ' ($(head -1 "$tmp/err"))" \
        '[ -s "$tmp/err" ] && allprefixed "$tmp/err"'
done
"$isopath" path levels/01_tutorial.txt 2,2 --max-cost x >/dev/null 2>"$tmp/err"
check "a usage error names the command's help: isopath: run 'isopath path --help'" \
    'grep -qx "isopath: run '"'"'isopath path --help'"'"' for its usage" "$tmp/err"'

tap_end
