#!/bin/sh
# SPDX-License-Identifier: MIT
# test_isopath_json.sh - isopath for scripts: --json on path, check, tour,
# solve and bench gives one object on stdout that parses, whose values are
# the text output's (levels and Moving AI maps), with its strings escaped,
# its problems placed, and the exit codes of the text (0, 1, 2, 3, 4).
# Prints TAP. ISOPATH names the binary; without python3 it skips.
isopath=${ISOPATH:-bin/isopath}
. "$(dirname "$0")/tap.sh"
arena=tests/data/movingai/arena.map
arena_scen=tests/data/movingai/arena.map.scen
tut=levels/01_tutorial.txt

# jcheck FILE EXPR: FILE holds exactly one JSON object d, and the Python
# expression EXPR of it is true; placed(p, FILE, LINE, COL) says a problem
# p is {"file", "line", "col", "message"} with that place and a message
jcheck() {
    python3 -c 'import json, sys
def placed(p, f, l, c):
    return p["file"] == f and p["line"] == l and p["col"] == c and p["message"] != ""
d = json.load(open(sys.argv[1], encoding="utf-8"))
sys.exit(0 if isinstance(d, dict) and eval(sys.argv[2]) else 1)' "$1" "$2" 2>/dev/null
}

if ! command -v python3 >/dev/null 2>&1; then
    skip "python3 not found: the --json outputs are not parsed (tools/deps.sh test installs it)"
    tap_end
    exit
fi

# ---- path -------------------------------------------------------------------------
"$isopath" path $tut 2,2 3,6 >"$tmp/text" 2>&1
"$isopath" path $tut 2,2 3,6 --json >"$tmp/out" 2>"$tmp/err"
rc=$?
python3 -c 'import sys; print("\n".join(",".join(map(str, t)) for t in __import__("json").load(open(sys.argv[1]))["path"]))' \
    "$tmp/out" >"$tmp/tiles" 2>/dev/null
check "path --json: one object, status found, exit 0, nothing on stderr" \
    '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && jcheck "$tmp/out" "d[\"status\"] == \"found\" and d[\"why\"] == \"\" and d[\"algo\"] == \"astar\""'
check "path --json: the text's length, steps, expanded and tiles" \
    'jcheck "$tmp/out" "\"length %.6f steps %d expanded %d\" % (d[\"length\"], d[\"steps\"], d[\"expanded\"]) == \"$(tail -1 "$tmp/text")\"" &&
     [ "$(head -n -1 "$tmp/text")" = "$(cat "$tmp/tiles")" ]'
check "path --json: start, goal, end, size, kind; the length to the last bit (5 + sqrt 2)" \
    'jcheck "$tmp/out" "d[\"start\"] == [2, 2] and d[\"goal\"] == [3, 6] and d[\"end\"] == [3, 6] and d[\"width\"] == 9 and d[\"height\"] == 10 and d[\"kind\"] == \"level\" and d[\"length\"] == 5 + 2 ** 0.5 and d[\"problems\"] == []"'

"$isopath" path $tut 2,2 0,0 --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "path --json, blocked goal: status none, exit 1, no tiles, the reason; stderr says no path" \
    '[ $rc -eq 1 ] && grep -q "^isopath: no path" "$tmp/err" && jcheck "$tmp/out" "d[\"status\"] == \"none\" and d[\"path\"] == [] and d[\"length\"] is None and d[\"end\"] is None and d[\"why\"] == \"goal is blocked\""'
"$isopath" path $tut 2,2 0,0 --nearest --json >"$tmp/out" 2>/dev/null
rc=$?
check "path --json --nearest: status nearest, exit 0, ends next to the wall" \
    '[ $rc -eq 0 ] && jcheck "$tmp/out" "d[\"status\"] == \"nearest\" and d[\"end\"] == [1, 1] and d[\"path\"][-1] == [1, 1] and len(d[\"path\"]) == d[\"steps\"] + 1"'
"$isopath" path $tut 1,1 7,8 --max-expand 1 --json >"$tmp/out" 2>/dev/null
rc=$?
check "path --json --max-expand 1: status limit, exit 1" '[ $rc -eq 1 ] && jcheck "$tmp/out" "d[\"status\"] == \"limit\""'
"$isopath" path $tut 1,1 7,8 --algo jps --json >"$tmp/jps" 2>/dev/null &&
    "$isopath" path $tut 1,1 7,8 --algo route --json >"$tmp/route" 2>/dev/null
rc=$?
check "path --json: algo says jps and route when they answered" \
    '[ $rc -eq 0 ] && jcheck "$tmp/jps" "d[\"algo\"] == \"jps\"" && jcheck "$tmp/route" "d[\"algo\"] == \"route\""'

printf 'name: bad\n#@X\n#\t@\n' >"$tmp/bad.txt"
"$isopath" path "$tmp/bad.txt" 1,1 1,1 --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "path --json, bad level: exit 3, status error, each problem with its file, line and column" \
    '[ $rc -eq 3 ] && [ "$(wc -l <"$tmp/err")" -eq 3 ] && jcheck "$tmp/out" "d[\"status\"] == \"error\" and len(d[\"problems\"]) == 3 and placed(d[\"problems\"][0], \"$tmp/bad.txt\", 2, 3) and placed(d[\"problems\"][2], \"$tmp/bad.txt\", 3, 3) and d[\"problems\"][0][\"message\"].startswith(\"unknown glyph\")"'
"$isopath" path /nonexistent.txt 1,1 1,1 --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "path --json, missing file: exit 3, a problem without line or column" \
    '[ $rc -eq 3 ] && jcheck "$tmp/out" "placed(d[\"problems\"][0], \"/nonexistent.txt\", None, None) and d[\"problems\"][0][\"message\"].startswith(\"cannot open\")"'
"$isopath" path $tut 2,2 3,6 --draw --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "path --draw --json: exit 2, nothing on stdout" '[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q -- "--help" "$tmp/err"'

# a file name with a quote, a backslash, a line feed, a control byte, UTF-8
# and a byte that is no UTF-8 (written as U+FFFD)
name=$(printf '%s/a"b\\c\nd\001e\303\251f\377.txt' "$tmp")
cp $tut "$name"
"$isopath" path "$name" 2,2 3,6 --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "path --json: a file name's quote, backslash, line feed and control byte escaped" \
    '[ $rc -eq 0 ] && grep -qF "a\\\"b\\\\c\\u000ad\\u0001e" "$tmp/out" && [ "$(wc -l <"$tmp/out")" -eq 1 ] &&
     python3 -c "import json, sys
d = json.load(open(sys.argv[1], encoding=\"utf-8\"))
sys.exit(d[\"file\"] != sys.argv[2].encode(\"utf-8\", \"surrogateescape\").decode(\"utf-8\", \"replace\"))" "$tmp/out" "$name"'
"$isopath" check "$name" --json >"$tmp/out" 2>/dev/null
check "check --json: the same name escaped in files[].file" \
    'jcheck "$tmp/out" "d[\"files\"][0][\"file\"].endswith(\"a\\\"b\\\\c\\nd\\u0001e\\u00e9f\\ufffd.txt\") and d[\"ok\"]"'

# ---- check ------------------------------------------------------------------------
"$isopath" check $tut "$tmp/bad.txt" --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "check --json: a good and a bad level, exit 3; the messages still on stderr" \
    '[ $rc -eq 3 ] && grep -q "bad.txt:2:3: unknown glyph" "$tmp/err" && jcheck "$tmp/out" "not d[\"ok\"] and len(d[\"files\"]) == 2 and d[\"files\"][0][\"ok\"] and not d[\"files\"][1][\"ok\"] and placed(d[\"files\"][1][\"problems\"][1], \"$tmp/bad.txt\", 3, 2)"'
check "check --json: the text summary's numbers" \
    'jcheck "$tmp/out" "(lambda f: f[\"name\"] == \"Tutorial room\" and f[\"width\"] == 9 and f[\"height\"] == 10 and f[\"walkable\"] == 49 and f[\"unreachable\"] == 0 and f[\"start\"] == [2, 2] and f[\"kind\"] == \"level\" and f[\"problems\"] == [])(d[\"files\"][0])"'
"$isopath" check $tut --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "check --json, all good: exit 0, ok true" '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && jcheck "$tmp/out" "d[\"ok\"]"'
awk 'BEGIN { print "@"; for (i = 0; i < 40; i++) print "#X" }' >"$tmp/many.txt"
"$isopath" check "$tmp/many.txt" --json >"$tmp/out" 2>/dev/null
check "check --json: past 32 problems, one more saying how many were left out" \
    'jcheck "$tmp/out" "(lambda p: len(p) == 33 and p[32][\"message\"] == \"(and 8 more)\" and p[32][\"line\"] is None)(d[\"files\"][0][\"problems\"])"'

# ---- Moving AI maps in path and check ----------------------------------------------
printf 'type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n@@@.T\n' >"$tmp/two.map"
"$isopath" check "$tmp/two.map" --json >"$tmp/out"
rc=$?
check "check --json on a map of two regions: 9 walkable tiles, the larger 5" \
    '[ $rc -eq 0 ] && jcheck "$tmp/out" "(lambda f: f[\"kind\"] == \"movingai\" and f[\"walkable\"] == 9 and f[\"regions\"] == 2 and f[\"largest_region\"] == 5)(d[\"files\"][0])"'
printf 'type octile\nheight 2\nwidth 3\nmap\n...\n....\n' >"$tmp/wide.map"
"$isopath" check "$tmp/wide.map" --json >"$tmp/out" 2>/dev/null
rc=$?
check "check --json on a bad map: the map reader's place, exit 3" \
    '[ $rc -eq 3 ] && jcheck "$tmp/out" "placed(d[\"files\"][0][\"problems\"][0], \"$tmp/wide.map\", 6, 4) and not d[\"ok\"]"'
# the longest query of the arena scenario: the path's length is the file's
# shellcheck disable=SC2046
set -- $(sort -t "$(printf '\t')" -k9 -g $arena_scen | tail -1)
sx=$5 sy=$6 gx=$7 gy=$8 opt=$9
"$isopath" path $arena "$sx,$sy" "$gx,$gy" --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "path --json on a Moving AI map: $sx,$sy -> $gx,$gy is the scenario's $opt" \
    '[ $rc -eq 0 ] && jcheck "$tmp/out" "d[\"kind\"] == \"movingai\" and abs(d[\"length\"] - $opt) < 1e-4 and d[\"path\"][0] == [$sx, $sy] and d[\"path\"][-1] == [$gx, $gy]"'

# ---- tour -------------------------------------------------------------------------
"$isopath" tour $tut >"$tmp/text"
"$isopath" tour $tut --json >"$tmp/out"
rc=$?
order=$(sed -n 's/^  order: \(.*\) (exit)$/\1/p' "$tmp/text")
check "tour --json: winnable, the text's order, length and energy" \
    '[ $rc -eq 0 ] && jcheck "$tmp/out" "(lambda l: d[\"ok\"] and l[\"verdict\"] == \"winnable\" and \" \".join(\"%d,%d\" % tuple(t) for t in l[\"order\"] + [l[\"exit\"]]) == \"$order\" and len(l[\"order\"]) == l[\"cells\"] and (\"length %.2f, energy left %.2f, tightest %.2f\" % (l[\"length\"], l[\"energy_left\"], l[\"tightest\"])) in \"$(head -1 "$tmp/text")\" and l[\"energy\"] == 40)(d[\"levels\"][0])"'
sed 's/^energy: .*/energy: 2/' $tut >"$tmp/short.txt"
"$isopath" tour "$tmp/short.txt" /nonexistent.txt $tut --json >"$tmp/out" 2>/dev/null
rc=$?
check "tour --json: not winnable, missing, winnable: exit 3 (the highest), one entry each" \
    '[ $rc -eq 3 ] && jcheck "$tmp/out" "[l[\"verdict\"] for l in d[\"levels\"]] == [\"not-winnable\", \"error\", \"winnable\"] and d[\"levels\"][0][\"why\"] and d[\"levels\"][0][\"order\"] == [] and d[\"levels\"][1][\"problems\"][0][\"file\"] == \"/nonexistent.txt\""'
"$isopath" tour "$tmp/short.txt" --json >"$tmp/out" 2>/dev/null
rc=$?
check "tour --json, not winnable alone: exit 1" '[ $rc -eq 1 ] && jcheck "$tmp/out" "not d[\"ok\"]"'

# ---- solve ------------------------------------------------------------------------
lv=levels/07_watchman.txt
"$isopath" solve $lv --margin >"$tmp/text" 2>/dev/null
"$isopath" solve $lv --margin --json --out "$tmp/plan" >"$tmp/out" 2>/dev/null
rc=$?
check "solve --json: solved, the text's seconds, steps, energy and margin; the plan's commands" \
    '[ $rc -eq 0 ] && jcheck "$tmp/out" "\"solved %.3f %d %.2f margin %d\" % (d[\"seconds\"], d[\"steps\"], d[\"energy\"], d[\"margin\"]) == \"$(cat "$tmp/text")\" and d[\"status\"] == \"solved\" and d[\"reason\"] is None and len(d[\"plan\"]) == $(grep -c " goto " "$tmp/plan") and d[\"ticks\"] == round(d[\"seconds\"] * 60)"'
printf '##############\n#@..........S#\n###########*##\n###########>##\n##############\n' >"$tmp/stare.txt"
"$isopath" solve "$tmp/stare.txt" --json >"$tmp/out" 2>/dev/null
rc=$?
check "solve --json, unsolved: exit 1, the reason, no plan" \
    '[ $rc -eq 1 ] && jcheck "$tmp/out" "d[\"status\"] == \"unsolved\" and d[\"reason\"] == \"exhausted\" and d[\"plan\"] == [] and d[\"seconds\"] is None"'
"$isopath" solve $lv --json --out "$tmp/nodir/plan" >"$tmp/out" 2>"$tmp/err"
rc=$?
check "solve --json, an --out that cannot be opened: exit 3, the problem names it" \
    '[ $rc -eq 3 ] && grep -q "nodir/plan: No such file" "$tmp/err" && jcheck "$tmp/out" "d[\"status\"] == \"error\" and d[\"problems\"][0][\"file\"] == \"$tmp/nodir/plan\""'

if [ -w /dev/full ]; then
    "$isopath" solve $lv --json --out /dev/full >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "solve --json, a plan that cannot be written (/dev/full): solved, exit 3, out null, the problem named" \
        '[ $rc -eq 3 ] && grep -qx "isopath: /dev/full: cannot write the plan" "$tmp/err" && jcheck "$tmp/out" "d[\"status\"] == \"solved\" and d[\"out\"] is None and d[\"problems\"][0][\"file\"] == \"/dev/full\""'
else
    skip "no /dev/full: a plan that cannot be written is not tried"
fi

# ---- bench ------------------------------------------------------------------------
"$isopath" bench $arena $arena_scen --algo jps --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "bench --json on arena: optimal == queries == 160, exit 0" \
    '[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && jcheck "$tmp/out" "d[\"status\"] == \"optimal\" and d[\"queries\"] == 160 and d[\"optimal\"] == 160 and d[\"wrong\"] == [] and d[\"algo\"] == \"jps\" and d[\"landmarks\"] == 8"'
check "bench --json: times and sizes" \
    'jcheck "$tmp/out" "d[\"mean_us\"] > 0 and d[\"prepare_ms\"] >= 0 and d[\"expanded_mean\"] > 0 and d[\"width\"] == 49 and d[\"repeat\"] == 1 and d[\"prepared\"] is None"'
walkable=$(awk 'go { n += gsub(/[.GS]/, "") } $1 == "map" { go = 1 } END { print n }' $arena)
"$isopath" bench $arena $arena_scen --algo route --json >"$tmp/out" 2>/dev/null
check "bench --json --algo route: what was prepared ($walkable walkable tiles)" \
    'jcheck "$tmp/out" "d[\"algo\"] == \"route\" and d[\"prepared\"][\"walkable\"] == $walkable and d[\"prepared\"][\"landmarks\"] == 8"'
# not optimal: one length changed in a copy of the scenario
awk -F '\t' -v OFS='\t' 'NR == 3 { $9 = $9 + 1 } { print }' $arena_scen >"$tmp/lie.scen"
# shellcheck disable=SC2046
set -- $(sed -n 3p $arena_scen)
sx=$5 sy=$6
"$isopath" bench $arena "$tmp/lie.scen" --json >"$tmp/out" 2>"$tmp/err"
rc=$?
check "bench --json, a length that is not the optimum: exit 4, status not-optimal, the query named" \
    '[ $rc -eq 4 ] && grep -q "lie.scen:3: " "$tmp/err" && jcheck "$tmp/out" "d[\"status\"] == \"not-optimal\" and d[\"optimal\"] == 159 and len(d[\"wrong\"]) == 1 and d[\"wrong\"][0][\"line\"] == 3 and d[\"wrong\"][0][\"start\"] == [$sx, $sy] and abs(d[\"wrong\"][0][\"optimal\"] - d[\"wrong\"][0][\"length\"] - 1) < 1e-4"'
"$isopath" bench $arena "$tmp/lie.scen" >"$tmp/out" 2>/dev/null
rc=$?
check "bench, not optimal, as text: exit 4" '[ $rc -eq 4 ] && tail -1 "$tmp/out" | grep -q "^160 queries, 159 optimal"'
printf 'type octile\nheight 4294967297\nwidth 1\nmap\n.\n' >"$tmp/wrap.map"
"$isopath" bench "$tmp/wrap.map" $arena_scen --json >"$tmp/out" 2>/dev/null
rc=$?
check "bench --json, a bad map: exit 3, status error, the problem's place" \
    '[ $rc -eq 3 ] && jcheck "$tmp/out" "d[\"status\"] == \"error\" and placed(d[\"problems\"][0], \"$tmp/wrap.map\", 2, 8)"'

tap_end
