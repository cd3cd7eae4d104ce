#!/bin/sh
# SPDX-License-Identifier: MIT
# bench_maps.sh - the generated benchmark set (tools/gen_maps.c) in
# build/maps: 512x512 perfect mazes with corridors 1, 2, 4, 8, 16 and 32
# tiles wide (walls 1 thick, as Moving AI's maze512-C-N) and 1024x1024
# StarCraft-like open maps with chokes, three seeds each, 400 queries a
# map. Also builds build/gen_maps and build/nav_choice (against the bench
# library: make build/bench/bin/isopath first). Maps already made are kept.
#   tools/bench_maps.sh [OUTDIR]
set -eu
out=${1:-build/maps}
mkdir -p "$out"
cc -O2 -std=c11 -D_DEFAULT_SOURCE -o build/gen_maps tools/gen_maps.c -lm
if [ -f build/bench/libisonav.a ]; then
    cc -O3 -march=native -DNDEBUG -std=c11 -Isrc/nav -o build/nav_choice tools/nav_choice.c build/bench/libisonav.a -lm
fi
make_one() { # NAME then gen_maps arguments
    name=$1
    shift
    [ -s "$out/$name.map" ] || build/gen_maps "$@" > "$out/$name.map"
    [ -s "$out/$name.map.scen" ] || build/gen_maps scen "$out/$name.map" 400 7 > "$out/$name.map.scen"
}
for s in 1 2 3; do
    for c in 1 2 4 8 16 32; do
        make_one "maze512c$c-s$s" maze 512 512 "$c" "$s"
    done
    make_one "sc1024-s$s" sc 1024 1024 "$s"
done
ls "$out"/*.map | wc -l
