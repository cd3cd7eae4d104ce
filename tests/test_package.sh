#!/bin/sh
# SPDX-License-Identifier: MIT
# test_package.sh - the release as a packager takes it. make dist writes the
# tarball: the committed files (git ls-tree HEAD) less those marked
# export-ignore, nothing of build/ or bin/, the same bytes when made again
# (skipped outside a git checkout: then a copy of this tree stands in for
# it). Unpacked elsewhere it builds with the distribution's flags
# (dpkg-buildflags with DEB_BUILD_MAINT_OPTIONS=optimize=+lto, plain -O2
# without dpkg-dev) in Debian's layout (README.md: /usr/games,
# /usr/share/games/isodroid, the multiarch LIBDIR, the system's fonts), and
# make install into a staging folder puts every file where that layout
# says; the staged game, started from an empty folder, finds its data
# beside itself and draws with the system's fonts; its isopath checks the
# levels and runs a Moving AI scenario. A .deb made from the staging folder
# (tests/data/deb/control, stripped as dh_strip does) is built by dpkg-deb
# and lintian finds no error in it (each skipped without the tool). The
# whole make test of the unpacked tree is what a release is checked with
# (README.md); this keeps to the fast part.
# Prints TAP.
. "$(dirname "$0")/tap.sh"
version=$(sed -n 's/^VERSION := //p' Makefile)
name=isodroid-$version
src=$tmp/unpacked/$name
unmake() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make "$@"; }

# ---- the tarball ----
mkdir -p "$tmp/unpacked"
if command -v git >/dev/null 2>&1 && git rev-parse --verify -q HEAD >/dev/null 2>&1; then
    check "make dist writes the tarball" 'unmake -s dist DIST_TARBALL="$tmp/$name.tar.gz" >"$tmp/dist.log" 2>&1'
    sed 's/^/# /' "$tmp/dist.log"
    tar tzf "$tmp/$name.tar.gz" | grep -v '/$' | LC_ALL=C sort >"$tmp/tar.list"
    git ls-tree -r --name-only HEAD | git check-attr --stdin export-ignore |
        awk -F': ' '$3 != "set" { print "'"$name"'/" $1 }' | LC_ALL=C sort >"$tmp/git.list"
    check "it holds every committed file under $name/ but those marked export-ignore ($(wc -l <"$tmp/tar.list") files)" \
        'cmp -s "$tmp/tar.list" "$tmp/git.list"'
    diff "$tmp/git.list" "$tmp/tar.list" | grep '^[<>]' | head -5 | sed 's/^/# /'
    check "nothing of build/ or bin/, nor this repository's CI" \
        '! grep -qE "^$name/(build|bin|\.ci)/" "$tmp/tar.list"'
    check "made again, it is the same, byte for byte" \
        'unmake -s dist DIST_TARBALL="$tmp/again.tar.gz" >/dev/null 2>&1 && cmp -s "$tmp/$name.tar.gz" "$tmp/again.tar.gz"'
    tar xzf "$tmp/$name.tar.gz" -C "$tmp/unpacked"
else
    skip "not a git checkout: no tarball; a copy of this tree is built instead"
    mkdir -p "$src"
    for f in * .gitignore; do
        case $f in build | bin | isodroid-*.tar.gz) ;; *) cp -R "$f" "$src/" ;; esac
    done
fi

# ---- built and installed in Debian's layout ----
if command -v dpkg-buildflags >/dev/null 2>&1; then
    export DEB_BUILD_MAINT_OPTIONS="optimize=+lto hardening=+all"
    cflags=$(cd "$src" && dpkg-buildflags --get CFLAGS)
    cppflags=$(dpkg-buildflags --get CPPFLAGS)
    ldflags=$(dpkg-buildflags --get LDFLAGS)
else
    skip "dpkg-buildflags is not installed (dpkg-dev): built with -O2 -g, not the distribution's flags"
    cflags="-O2 -g" cppflags="" ldflags=""
fi
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || ${CC:-cc} -print-multiarch 2>/dev/null)
fonts=/usr/share/fonts/truetype/dejavu
layout="PREFIX=/usr BINDIR=/usr/games GAME_DATADIR=/usr/share/games/isodroid LIBDIR=/usr/lib/${multiarch:-x}
    USE_SYSTEM_FONTS=1 DEPS=no"
echo "# CFLAGS=$cflags;" $layout
start=$(date +%s)
check "the unpacked tree builds and installs into a staging folder in Debian's layout" \
    'unmake -s -j2 -C "$src" all $layout CFLAGS="$cflags" CPPFLAGS="$cppflags" LDFLAGS="$ldflags" >"$tmp/build.log" 2>&1 &&
     unmake -s -C "$src" install $layout DESTDIR="$tmp/stage" CFLAGS="$cflags" CPPFLAGS="$cppflags" \
        LDFLAGS="$ldflags" >>"$tmp/build.log" 2>&1'
echo "# built and installed in $(($(date +%s) - start)) s"
grep -iE 'warning|error' "$tmp/build.log" | head -5 | sed 's/^/# /'
st=$tmp/stage
check "the programs in /usr/games, the data in /usr/share/games/isodroid with LICENSE, no font, no doc folder" \
    '[ -x "$st/usr/games/isodroid" ] && [ -x "$st/usr/games/isopath" ] && [ ! -e "$st/usr/bin" ] &&
     [ -f "$st/usr/share/games/isodroid/levels/01_tutorial.txt" ] && [ -f "$st/usr/share/games/isodroid/LICENSE" ] &&
     [ -z "$(find "$st" -name "*.ttf" -o -path "*/doc/*")" ]'
check "the library and isonav.pc in the multiarch folder, which isonav.pc names" \
    '[ -f "$st/usr/lib/$multiarch/libisonav.a" ] &&
     grep -qx "libdir=/usr/lib/$multiarch" "$st/usr/lib/$multiarch/pkgconfig/isonav.pc"'
if [ -f "$fonts/DejaVuSans.ttf" ] && [ -f "$fonts/DejaVuSans-Bold.ttf" ]; then
    mkdir -p "$tmp/empty"
    printf 'wait 100\nquit\n' >"$tmp/quit.txt"
    (cd "$tmp/empty" && "$st/usr/games/isodroid" --headless --no-progress --trace --script "$tmp/quit.txt" \
        >"$tmp/game.out" 2>"$tmp/game.err")
    check "the staged game, started in an empty folder: its data from ../share/games/isodroid, the system's fonts ($(head -c 300 "$tmp/game.err"))" \
        '[ ! -s "$tmp/game.err" ] && grep -qx "screen title" "$tmp/game.out"'
else
    skip "no DejaVu fonts in $fonts (fonts-dejavu-core): the staged game is not started"
fi
# what the unpacked tree built, at work: its isopath reads every shipped
# level and finds the optimal length of each Moving AI query
check "the staged isopath checks every shipped level" \
    '"$st/usr/games/isopath" check "$st"/usr/share/games/isodroid/levels/*.txt >"$tmp/check.log" 2>&1'
check "the staged isopath runs the Moving AI scenario, every length optimal" \
    '"$st/usr/games/isopath" bench "$src/tests/data/movingai/arena.map" "$src/tests/data/movingai/arena.map.scen" \
        >"$tmp/bench.log" 2>&1'
tail -1 "$tmp/bench.log" | sed 's/^/# /'

# ---- the Debian package ----
if ! command -v dpkg-deb >/dev/null 2>&1 || [ ! -x "$st/usr/games/isodroid" ]; then
    skip "dpkg-deb is not installed, or nothing was staged: no .deb"
    tap_end
    exit
fi
deb=$tmp/deb
cp -R "$st" "$deb"
mkdir -p "$deb/DEBIAN" "$deb/usr/share/doc/isodroid"
# what debhelper adds: stripped programs and library, compressed man
# pages, the copyright and the changelog
for f in "$deb"/usr/games/*; do strip --remove-section=.comment --remove-section=.note --strip-unneeded "$f"; done
strip --strip-debug --remove-section=.comment --remove-section=.note --enable-deterministic-archives \
    "$deb/usr/lib/$multiarch/libisonav.a"
gzip -9n "$deb"/usr/share/man/man*/*
{
    printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n'
    printf 'Upstream-Name: isodroid\n\nFiles: *\nCopyright: the Isodroid developers\nLicense: MIT\n'
    sed 's/^$/./; s/^/ /' LICENSE
} >"$deb/usr/share/doc/isodroid/copyright"
printf 'isodroid (%s-1) unstable; urgency=medium\n\n  * Built by tests/test_package.sh.\n\n -- Isodroid developers <isodroid@example.org>  %s\n' \
    "$version" "Tue, 24 Nov 2026 00:00:00 +0000" | gzip -9n >"$deb/usr/share/doc/isodroid/changelog.Debian.gz"
(cd "$deb" && find usr -type f -exec md5sum {} + >DEBIAN/md5sums)
sed -e "s/@VERSION@/$version/; s/@ARCH@/$(dpkg --print-architecture)/; s/@SIZE@/$(du -sk "$st" | cut -f1)/" \
    tests/data/deb/control >"$deb/DEBIAN/control"
check "dpkg-deb builds isodroid_${version}-1.deb from the staging folder" \
    'dpkg-deb --root-owner-group --build "$deb" "$tmp/isodroid.deb" >"$tmp/deb.log" 2>&1'
sed 's/^/# /' "$tmp/deb.log"
if command -v lintian >/dev/null 2>&1; then
    start=$(date +%s)
    lintian --tag-display-limit 0 -I --pedantic "$tmp/isodroid.deb" >"$tmp/lintian" 2>&1
    echo "# lintian took $(($(date +%s) - start)) s; its tags:"
    grep -E '^[EWIP]:' "$tmp/lintian" | sed -E 's/ \[.*//' | sort | uniq -c | sed 's/^/# /'
    check "lintian finds no error in it" '! grep -q "^E:" "$tmp/lintian"'
    grep '^E:' "$tmp/lintian" | sed 's/^/# /'
else
    skip "lintian is not installed: the .deb is not checked"
fi
tap_end
