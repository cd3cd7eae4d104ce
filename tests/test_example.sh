#!/bin/sh
# SPDX-License-Identifier: MIT
# test_example.sh - the navigation library as a program outside the project
# sees it: make install-nav into a scratch prefix installs the public headers,
# an archive exporting only nav_ names and isonav.pc; examples/find_path.c
# builds against them with pkg-config alone (warnings as errors) and finds
# the Moving AI scenario's optimal lengths with every algorithm. Prints TAP.
. "$(dirname "$0")/tap.sh"

root=$tmp/root
if ! command -v pkg-config >/dev/null 2>&1; then
    skip "pkg-config is not installed"
    tap_end
    exit
fi
check "make install-nav installs into a scratch prefix" \
    'make -s install-nav DESTDIR="$root" PREFIX=/usr DEPS=no >"$tmp/make.log" 2>&1'
sed 's/^/# /' "$tmp/make.log" | tail -5
check "the public headers are installed, the internal ones are not" \
    '[ -f "$root/usr/include/isonav/nav.h" ] && [ -f "$root/usr/include/isonav/query.h" ] &&
     [ -f "$root/usr/include/isonav/prepared.h" ] && [ ! -e "$root/usr/include/isonav/scratch.h" ] &&
     [ ! -e "$root/usr/include/isonav/heap.h" ] && [ ! -e "$root/usr/include/isonav/route_int.h" ]'
check "the installed archive exports only nav_ names" \
    'nm -g --defined-only "$root/usr/lib/libisonav.a" | awk "NF == 3 { print \$3 }" >"$tmp/syms" &&
     [ -s "$tmp/syms" ] && ! grep -v "^nav_" "$tmp/syms"'

export PKG_CONFIG_PATH="$root/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root"
check "pkg-config finds isonav at the Makefile's version" \
    '[ "$(pkg-config --modversion isonav)" = "$(sed -n "s/^VERSION := //p" Makefile)" ]'
check "examples/find_path.c builds against the installed library alone" \
    '${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags isonav) -o "$tmp/find_path" \
        examples/find_path.c $(pkg-config --libs isonav) 2>"$tmp/cc.log"'
sed 's/^/# /' "$tmp/cc.log"

# a few of the shipped scenario's queries: bucket map w h sx sy gx gy length
scen=tests/data/movingai/arena.map.scen
for algo in astar jps route; do
    check "find_path $algo gives the scenario's optimal lengths" \
        'awk "NR > 1 && NR % 20 == 2 { print \$5, \$6, \$7, \$8, \$9 }" "$scen" | {
            ok=1
            while read sx sy gx gy want; do
                got=$("$tmp/find_path" tests/data/movingai/arena.map $sx $sy $gx $gy '$algo' | sed -n "s/^length \([0-9.]*\),.*/\1/p")
                awk -v a="$got" -v b="$want" "BEGIN { exit !(a != \"\" && a - b < 1e-4 && b - a < 1e-4) }" || ok=0
            done
            [ $ok = 1 ]; }'
done
check "find_path names the planner that answered" \
    '"$tmp/find_path" tests/data/movingai/arena.map 1 11 47 11 jps | grep -q "by jps:" &&
     "$tmp/find_path" tests/data/movingai/arena.map 1 11 47 11 route | grep -q "by route:"'
check "a start off the map: bad input, exit status 2" \
    '"$tmp/find_path" tests/data/movingai/arena.map -1 0 1 11 2>"$tmp/err" >/dev/null; [ $? = 2 ] &&
     grep -q "start outside the map" "$tmp/err"'
check "a wall as the goal: no path, exit status 1" \
    '"$tmp/find_path" tests/data/movingai/arena.map 1 11 0 0 >/dev/null; [ $? = 1 ]'
check "a missing map: its name in the message, exit status 2" \
    '"$tmp/find_path" "$tmp/none.map" 1 1 2 2 2>"$tmp/err"; [ $? = 2 ] && grep -q "none.map" "$tmp/err"'
tap_end
