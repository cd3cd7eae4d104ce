#!/bin/sh
# SPDX-License-Identifier: MIT
# test_example.sh - the navigation library as a program outside the project
# sees it: make install-nav into a scratch prefix installs the public headers,
# an archive exporting only nav_ names and isonav.pc; examples/ builds
# find_path against them with pkg-config alone (warnings as errors) and it
# finds the Moving AI scenario's optimal lengths with every algorithm. Done
# twice, each in a scratch copy of the sources: with plain flags, and with
# the distributions' LTO flags (dpkg-buildflags with
# DEB_BUILD_MAINT_OPTIONS=optimize=+lto, what Debian, Ubuntu and Fedora build
# with) for the library and the example alike; that half is skipped without
# dpkg-buildflags (dpkg-dev). Prints TAP.
. "$(dirname "$0")/tap.sh"

if ! command -v pkg-config >/dev/null 2>&1; then
    skip "pkg-config is not installed"
    tap_end
    exit
fi
version=$(sed -n "s/^VERSION := //p" Makefile)

# try NAME CFLAGS CPPFLAGS LDFLAGS: install-nav from a copy of the sources
# built with those flags, then examples/ built with them against it
try() {
    name=$1 cflags=$2 cppflags=$3 ldflags=$4
    src=$tmp/$name/src root=$tmp/$name/root
    mkdir -p "$src"
    cp -R Makefile src dist examples "$src/"
    check "$name: make install-nav installs into a scratch prefix" \
        'env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$src" install-nav DESTDIR="$root" PREFIX=/usr DEPS=no \
            CFLAGS="$cflags" CPPFLAGS="$cppflags" LDFLAGS="$ldflags" >"$tmp/make.log" 2>&1'
    sed 's/^/# /' "$tmp/make.log" | tail -5
    check "$name: the public headers are installed, the internal ones are not" \
        '[ -f "$root/usr/include/isonav/nav.h" ] && [ -f "$root/usr/include/isonav/query.h" ] &&
         [ -f "$root/usr/include/isonav/prepared.h" ] && [ ! -e "$root/usr/include/isonav/scratch.h" ] &&
         [ ! -e "$root/usr/include/isonav/heap.h" ] && [ ! -e "$root/usr/include/isonav/route_int.h" ]'
    check "$name: the installed archive exports only nav_ names" \
        'nm -g --defined-only "$root/usr/lib/libisonav.a" | awk "NF == 3 { print \$3 }" >"$tmp/syms" &&
         [ -s "$tmp/syms" ] && ! grep -v "^nav_" "$tmp/syms"'
    check "$name: pkg-config finds isonav at the Makefile's version" \
        '[ "$(PKG_CONFIG_PATH="$root/usr/lib/pkgconfig" pkg-config --modversion isonav)" = "$version" ]'
    check "$name: examples/ builds find_path against the installed library alone" \
        'PKG_CONFIG_PATH="$root/usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root" \
            env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$src/examples" find_path \
            CFLAGS="$cflags -Werror" CPPFLAGS="$cppflags" LDFLAGS="$ldflags" >"$tmp/cc.log" 2>&1'
    sed 's/^/# /' "$tmp/cc.log" | head -8
    fp=$src/examples/find_path
    [ -x "$fp" ] || fp=false # the checks below then fail without a word

    # a few of the shipped scenario's queries: bucket map w h sx sy gx gy length
    scen=tests/data/movingai/arena.map.scen
    for algo in astar jps route; do
        check "$name: find_path $algo gives the scenario's optimal lengths" \
            'awk "NR > 1 && NR % 20 == 2 { print \$5, \$6, \$7, \$8, \$9 }" "$scen" | {
                ok=1
                while read sx sy gx gy want; do
                    got=$("$fp" tests/data/movingai/arena.map $sx $sy $gx $gy '$algo' | sed -n "s/^length \([0-9.]*\),.*/\1/p")
                    awk -v a="$got" -v b="$want" "BEGIN { exit !(a != \"\" && a - b < 1e-4 && b - a < 1e-4) }" || ok=0
                done
                [ $ok = 1 ]; }'
    done
    check "$name: find_path names the planner that answered" \
        '"$fp" tests/data/movingai/arena.map 1 11 47 11 jps | grep -q "by jps:" &&
         "$fp" tests/data/movingai/arena.map 1 11 47 11 route | grep -q "by route:"'
    check "$name: a start off the map: bad input, exit status 2" \
        '"$fp" tests/data/movingai/arena.map -1 0 1 11 2>"$tmp/err" >/dev/null; [ $? = 2 ] &&
         grep -q "start outside the map" "$tmp/err"'
    check "$name: a wall as the goal: no path, exit status 1" \
        '"$fp" tests/data/movingai/arena.map 1 11 0 0 >/dev/null; [ $? = 1 ]'
    check "$name: a missing map: its name in the message, exit status 2" \
        '"$fp" "$tmp/none.map" 1 1 2 2 2>"$tmp/err"; [ $? = 2 ] && grep -q "none.map" "$tmp/err"'
}

try plain "-O2 -g" "" ""
if command -v dpkg-buildflags >/dev/null 2>&1; then
    export DEB_BUILD_MAINT_OPTIONS="optimize=+lto hardening=+all"
    lto_cflags=$(dpkg-buildflags --get CFLAGS)
    echo "# dpkg-buildflags CFLAGS: $lto_cflags"
    case $lto_cflags in
    *-flto*) try lto "$lto_cflags" "$(dpkg-buildflags --get CPPFLAGS)" "$(dpkg-buildflags --get LDFLAGS)" ;;
    *) skip "dpkg-buildflags gives no -flto here" ;;
    esac
else
    skip "dpkg-buildflags is not installed (dpkg-dev): the LTO build is not tried"
fi
tap_end
