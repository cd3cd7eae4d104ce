#!/bin/sh
# SPDX-License-Identifier: MIT
# test_determinism32.sh - the rules give the same game on every build: the
# core and isopath built 32-bit with x87 floating point (-m32 -mfpmath=387
# -O2, into build/x87/) play every level in levels/ and levels/extra/ with 'isopath simbench
# --hash' (a new goal every few ticks, mid-step too, so the droid turns back
# often; the sentries calm and alarmed) and print the same state hashes,
# tick for tick, as the native build. Skipped when gcc -m32 cannot link
# (Debian's gcc-multilib; tools/deps.sh test installs it). Prints TAP.
isopath=${ISOPATH:-bin/isopath}
cc32=${CC32:-gcc}
. "$(dirname "$0")/tap.sh"

printf 'int main(void) { return 0; }\n' >"$tmp/m32.c"
if ! "$cc32" -m32 -o "$tmp/m32" "$tmp/m32.c" -lm >/dev/null 2>&1 || ! "$tmp/m32"; then
    skip "$cc32 -m32 cannot link (install gcc-multilib): the x87 build is not compared"
    tap_end
    exit
fi

# the Makefile's NAV_SRC, RULES_SRC, GAME_SRC and TOOL_SRC; no -Werror: a 32-bit build may warn
# where the native one does not, and this compares the rules, not warnings
out=build/x87
mkdir -p "$out/nav" "$out/rules" "$out/game" "$out/isopath" "$out/bin"
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
srcs=$(printf '%s\n' src/nav/*.c src/rules/*.c src/game/*.c src/isopath/*.c | grep -v '^src/isopath/png.c$')
objs=$(echo "$srcs" | sed "s|^src/|$out/|; s|\\.c\$|.o|")
version=$(sed -n 's/^VERSION := //p' Makefile)
rm -f "$out/bin/isopath" # never a binary of an earlier run
export cc32 out version
echo "$srcs" | xargs -P "$jobs" -n 1 sh -c \
    'o="$out/${1#src/}"; "$cc32" -std=c11 -D_POSIX_C_SOURCE=200809L -m32 -mfpmath=387 -O2 -w -DISODROID_VERSION="\"$version\"" -Isrc/nav -Isrc/rules -Isrc/game -c "$1" -o "${o%.c}.o"' \
    sh 2>"$tmp/cc.err"
rc=$?
# isopath render's PNG writer is libpng's (not there in 32 bits): a
# stand-in that refuses, which the rules never call
printf '#include <stdio.h>\n#include "isopath.h"\n%s\n' \
    'bool isopath_png_save(const Picture *p, const char *path, char *err, size_t n) { (void)p; snprintf(err, n, "%s: no PNG files in the x87 build", path); return false; }' \
    >"$tmp/nopng.c"
[ $rc -eq 0 ] && "$cc32" -std=c11 -m32 -w -Isrc/nav -Isrc/rules -Isrc/game -Isrc/isopath -c "$tmp/nopng.c" -o "$out/nopng.o" 2>>"$tmp/cc.err"
rc=$?
# shellcheck disable=SC2046
[ $rc -eq 0 ] && "$cc32" -m32 -o "$out/bin/isopath" $objs "$out/nopng.o" -lm 2>>"$tmp/cc.err"
rc=$?
check "the libraries and isopath build 32-bit with x87 floating point" '[ $rc -eq 0 ] && [ -x "$out/bin/isopath" ]'
[ -s "$tmp/cc.err" ] && sed 's/^/# /' "$tmp/cc.err" | head -20
check "the x87 build is 32-bit" 'od -An -tx1 -j4 -N1 "$out/bin/isopath" | grep -q "01"'

for level in levels/*.txt levels/extra/*.txt; do
    for alarm in "" --alarm; do
        "$isopath" simbench "$level" 3000 --hash 7 $alarm >"$tmp/native" 2>&1
        rc1=$?
        "$out/bin/isopath" simbench "$level" 3000 --hash 7 $alarm >"$tmp/x87" 2>&1
        rc2=$?
        grep '^state ' "$tmp/native" >"$tmp/native.h"
        grep '^state ' "$tmp/x87" >"$tmp/x87.h"
        check "$level${alarm:+ $alarm}: the x87 build's state hashes are the native build's, tick for tick" \
            '[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && [ "$(wc -l <"$tmp/native.h")" -eq 430 ] && cmp -s "$tmp/native.h" "$tmp/x87.h"'
        cmp -s "$tmp/native.h" "$tmp/x87.h" ||
            diff "$tmp/native.h" "$tmp/x87.h" | sed -n '1,3s/^/# /p'
    done
done
tap_end
