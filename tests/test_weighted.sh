#!/bin/sh
# SPDX-License-Identifier: MIT
# test_weighted.sh - weighted Moving AI maps (',' rough ground 3, '+' door 5):
# every tenth query of each bench/weighted/ scenario is solved optimally by
# A*, JPS and route (the contraction hierarchy there; its preparation takes
# 25 to 30 s on random512-10-0-w and Berlin_0_512-w, so route is checked on
# the other three here and on all five by make bench); a map painted here and given
# lengths by tools/make_scen.py's own Dijkstra is too; the committed maps are what their README's commands
# make (when the source maps are present); path --draw shows the doors.
# Prints TAP. ISOPATH names the binary (default bin/isopath); without
# python3 the tools' checks skip.
isopath=${ISOPATH:-bin/isopath}
. "$(dirname "$0")/tap.sh"
movingai=${MOVINGAI_DIR:-../shared/data/movingai}

for scen in bench/weighted/*.map.scen; do
    map=${scen%.scen}
    name=$(basename "$map" .map)
    { head -1 "$scen"; grep '^[0-9]' "$scen" | awk 'NR % 10 == 1'; } >"$tmp/$name.scen"
    algos="astar jps route"
    case $name in random512-10-0-w|Berlin_0_512-w) algos="astar jps" ;; esac
    for algo in $algos; do
        "$isopath" bench "$map" "$tmp/$name.scen" --algo $algo >"$tmp/out" 2>"$tmp/err"
        rc=$?
        check "bench $name ($algo): every tenth query optimal" \
            '[ $rc -eq 0 ] && tail -1 "$tmp/out" | grep -q "^20 queries, 20 optimal"'
    done
done

if command -v python3 >/dev/null 2>&1; then
    # two walls across a room, with one-tile gaps: 3 in one, 4 in the other
    { printf 'type octile\nheight 10\nwidth 12\nmap\n@@@@@@@@@@@@\n'
      printf '............\n............\n@@.@@.@@.@@@\n............\n............\n'
      printf '@.@@.@@.@@.@\n............\n............\n@@@@@@@@@@@@\n'; } >"$tmp/gaps.map"
    tools/paint_terrain.py "$tmp/gaps.map" 1 --rough 0 --doors 5 >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "paint_terrain: 5 doors in the gaps, nothing else painted" \
        '[ $rc -eq 0 ] && grep -q "0 rough (0.0%), 5 doors on 7 chokepoints" "$tmp/err" &&
         [ "$(grep -o + "$tmp/out" | wc -l)" -eq 5 ] && [ "$(grep -n + "$tmp/out" | cut -d: -f1 | sort -nu | tr "\n" " ")" = "8 11 " ] &&
         sed "s/+/./g" "$tmp/out" | cmp -s - "$tmp/gaps.map"'
    "$isopath" path "$tmp/out" 1,1 10,8 --draw >"$tmp/drawn" 2>&1
    rc=$?
    check "path --draw shows the doors, and the path goes round them" \
        '[ $rc -eq 0 ] && [ "$(head -10 "$tmp/drawn" | tr -cd + | wc -c)" -eq 5 ] &&
         tail -1 "$tmp/drawn" | grep -q "^length 16.242641 steps 15"'
    tools/paint_terrain.py tests/data/movingai/arena.map 7 --rough 40 >"$tmp/arena-w.map" 2>"$tmp/err"
    rc=$?
    check "paint_terrain: 40% of arena rough, its one chokepoint a door" \
        '[ $rc -eq 0 ] && grep -q "arena.map: 49x49, 2054 walkable tiles: 822 rough (40.0%), 1 doors on 1 chokepoints" "$tmp/err" &&
         [ "$(grep -o , "$tmp/arena-w.map" | wc -l)" -eq 822 ]'
    tools/paint_terrain.py tests/data/movingai/arena.map 7 --rough 40 2>/dev/null | cmp -s - "$tmp/arena-w.map"
    rc=$?
    check "paint_terrain: the same seed paints the same map" '[ $rc -eq 0 ]'
    tools/make_scen.py "$tmp/arena-w.map" 60 3 >"$tmp/arena-w.scen"
    "$isopath" bench "$tmp/arena-w.map" "$tmp/arena-w.scen" --algo astar >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check "make_scen's lengths on a painted arena are A*'s" \
        '[ $rc -eq 0 ] && tail -1 "$tmp/out" | grep -q "^60 queries, 60 optimal"'
    for m in den520d Berlin_0_512; do
        if [ -f "$movingai/$m.map" ]; then
            tools/paint_terrain.py "$movingai/$m.map" 1 --rough 30 2>/dev/null | cmp -s - "bench/weighted/$m-w.map"
            rc=$?
            check "bench/weighted/$m-w.map is what its README's command paints" '[ $rc -eq 0 ]'
        else
            skip "$m: map not found at $movingai/$m.map"
        fi
    done
else
    skip "python3 not found: the tools are not checked"
fi
tap_end
