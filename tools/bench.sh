#!/bin/sh
# SPDX-License-Identifier: MIT
# bench.sh - make bench: mean us/query of A*, JPS and the prepared planner
# (route) on every Moving AI map that has a scenario, and the ms JPS's tables
# (jump table, 8 landmarks) and route's preparation took before timing.
#   tools/bench.sh ISOPATH MAPDIR [REPEAT]
set -u
isopath=$1
dir=$2
repeat=${3:-1}
if [ ! -d "$dir" ]; then
    echo "bench: no map folder '$dir' (set MOVINGAI_DIR=...)" >&2
    exit 2
fi
status=0
printf '%-20s %8s %12s %12s %12s %12s %14s\n' map queries astar_us jps_us route_us jps_prep_ms route_prep_ms
for scen in "$dir"/*.map.scen; do
    map=${scen%.scen}
    name=$(basename "$map" .map)
    a=$("$isopath" bench "$map" "$scen" --algo astar --repeat "$repeat" | tail -1) || status=1
    jout=$("$isopath" bench "$map" "$scen" --algo jps --repeat "$repeat") || status=1
    rout=$("$isopath" bench "$map" "$scen" --algo route --repeat "$repeat") || status=1
    j=$(echo "$jout" | tail -1)
    r=$(echo "$rout" | tail -1)
    jp=$(echo "$jout" | head -1 | sed -n 's/.* built in \([0-9.]*\) ms$/\1/p')
    rp=$(echo "$rout" | head -1 | sed -n 's/.* prepared in \([0-9.]*\) ms:.*/\1/p')
    q=$(echo "$a" | sed 's/ queries.*//')
    am=$(echo "$a" | sed 's/.*mean \([0-9.]*\).*/\1/')
    jm=$(echo "$j" | sed 's/.*mean \([0-9.]*\).*/\1/')
    rm_=$(echo "$r" | sed 's/.*mean \([0-9.]*\).*/\1/')
    printf '%-20s %8s %12s %12s %12s %12s %14s\n' "$name" "$q" "$am" "$jm" "$rm_" "$jp" "$rp"
done
exit $status
