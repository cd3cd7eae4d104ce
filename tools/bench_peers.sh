#!/bin/sh
# SPDX-License-Identifier: MIT
# bench_peers.sh - route against published planners built outside the
# repository, side by side: RUNS rounds, each map by map, every planner in
# turn, one process at a time. Route is `isopath bench --algo route` (its
# preparation timed apart, 8 landmarks); a peer is PEERS/PEER/run, the GPPC
# start kit's binary, driven by RUNNER (PEERS/run_peer.sh: preprocesses
# once, then prints 'PEER MAP prep_s=.. us=.. optimal=N/M'). One line a
# planner and round:  RUN MAP PLANNER us=.. optimal=.. prep=..
#   tools/bench_peers.sh ISOPATH RUNS MAP... (each MAP with MAP.scen beside it)
#   PEERS=/work/peers-build PEER_LIST="NSUB 2019-SGCH-JPD"
set -u
isopath=$1
runs=$2
shift 2
peers=${PEERS:-/work/peers-build}
list=${PEER_LIST:-NSUB 2019-SGCH-JPD}
run=1
while [ "$run" -le "$runs" ]; do
    for map in "$@"; do
        name=$(basename "$map" .map)
        out=$("$isopath" bench "$map" "$map.scen" --algo route)
        first=$(echo "$out" | head -1)
        last=$(echo "$out" | tail -1)
        us=$(echo "$last" | sed -n 's/.*mean \([0-9.]*\) us.*/\1/p')
        opt=$(echo "$last" | sed -n 's/^\([0-9]*\) queries, \([0-9]*\) optimal.*/\2\/\1/p')
        prep=$(echo "$first" | sed -n 's/.*prepared in \([0-9.]*\) ms.*/\1ms/p')
        bpt=$(echo "$first" | sed -n 's/.* \([0-9.]*\) bytes\/tile.*/\1/p')
        case $first in *hierarchy*) who=route/hier ;; *) who=route ;; esac
        echo "$run $name $who us=$us optimal=$opt prep=$prep bytes/tile=$bpt"
        for p in $list; do
            r=$("$peers/run_peer.sh" "$p" "$map" "$map.scen")
            echo "$run $name $p $(echo "$r" | sed 's/^[^ ]* [^ ]* //')"
        done
    done
    run=$((run + 1))
done
