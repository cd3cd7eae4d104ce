#!/bin/sh
# SPDX-License-Identifier: MIT
# test_dist.sh - what a packager takes: the desktop entry and the AppStream
# metainfo pass their validators, the man pages render without a warning,
# and every place that states the version agrees with the Makefile's VERSION
# (isopath and isodroid --version, the metainfo's release, the man pages, the
# changelog); the game's window carries the desktop entry's class (under
# Xvfb when it is installed).
# Prints TAP.
isopath=${ISOPATH:-bin/isopath}
game=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"

version=$(sed -n 's/^VERSION := //p' Makefile)
check "the Makefile states a version ($version)" 'echo "$version" | grep -qE "^[0-9]+\.[0-9]+\.[0-9]+$"'
check "isopath --version prints it" '[ "$("$isopath" --version)" = "isopath $version" ]'
check "isodroid --version prints it (no display needed)" '[ "$("$game" --version)" = "isodroid $version" ]'
check "the metainfo's latest release is it" \
    'grep -m1 "<release " dist/org.isodroid.Isodroid.metainfo.xml | grep -q "version=\"$version\""'
check "the metainfo names the developer" \
    'grep -q "<developer_name>[^<][^<]*</developer_name>" dist/org.isodroid.Isodroid.metainfo.xml &&
     grep -q "<developer id=" dist/org.isodroid.Isodroid.metainfo.xml'
check "every release in the metainfo has notes with text" \
    'python3 -c "import sys, xml.etree.ElementTree as E
rs = E.parse(sys.argv[1]).getroot().findall(\"releases/release\")
sys.exit(not rs or any(not \"\".join(r.itertext()).strip() for r in rs))" dist/org.isodroid.Isodroid.metainfo.xml'
check "both man pages name it" \
    'grep -q "^\.TH ISODROID 6 .*\"Isodroid $version\"" man/isodroid.6 && grep -q "^\.TH ISOPATH 1 .*\"Isodroid $version\"" man/isopath.1'
check "the changelog has its entry" 'grep -q "^## $version - " CHANGELOG.md'
check "every source file, test and tool names its licence (SPDX-License-Identifier: MIT)" \
    'find src tests tools examples -type f \( -name "*.c" -o -name "*.h" -o -name "*.sh" -o -name "*.py" \) \
         ! -path "*/data/*" | while read -r f; do
         head -3 "$f" | grep -q "SPDX-License-Identifier: MIT" || echo "$f"; done >"$tmp/nospdx"; [ ! -s "$tmp/nospdx" ]'
sed 's/^/# no licence line: /' "$tmp/nospdx"
check "the desktop entry's icon is the one make install puts in hicolor" \
    'grep -qx "Icon=org.isodroid.Isodroid" dist/org.isodroid.Isodroid.desktop'

# the window's class is what the desktop entry says it is (StartupWMClass),
# so that a desktop matches the running game to its launcher
wmclass=$(sed -n 's/^StartupWMClass=//p' dist/org.isodroid.Isodroid.desktop)
check "the desktop entry names the window's class, its own id (StartupWMClass=$wmclass)" \
    '[ "$wmclass" = org.isodroid.Isodroid ]'
if command -v xvfb-run >/dev/null 2>&1 && command -v xprop >/dev/null 2>&1 && command -v xwininfo >/dev/null 2>&1; then
    # the game's window on a virtual display, its WM_CLASS read while it waits
    printf 'wait 4000\nquit\n' >"$tmp/wait.txt"
    cat >"$tmp/wm.sh" <<'W'
"$1" --no-progress --mute --script "$2" >/dev/null 2>&1 &
i=0
while [ $i -lt 40 ]; do
    id=$(xwininfo -root -tree 2>/dev/null | awk '/"Isodroid"/ { print $1; exit }')
    [ -n "$id" ] && xprop -id "$id" WM_CLASS && break
    sleep 0.25
    i=$((i + 1))
done
wait
W
    env -u SDL_VIDEO_X11_WMCLASS -u SDL_VIDEODRIVER xvfb-run -a sh "$tmp/wm.sh" "$game" "$tmp/wait.txt" >"$tmp/wm" 2>&1
    check "under Xvfb the game's window has that class ($(cat "$tmp/wm"))" \
        'grep -qx "WM_CLASS(STRING) = \"$wmclass\", \"$wmclass\"" "$tmp/wm"'
else
    skip "no xvfb-run, xprop or xwininfo (xvfb, x11-utils): the window's class is read from the source"
    check "the game asks SDL for that class (SDL_VIDEO_X11_WMCLASS, src/platform/app_open.c)" \
        'grep -q "setenv(\"SDL_VIDEO_X11_WMCLASS\", APP_ID, 0)" src/platform/app_open.c &&
         grep -q "define APP_ID \"$wmclass\"" src/platform/app_open.c'
fi

if command -v desktop-file-validate >/dev/null 2>&1; then
    check "desktop-file-validate passes on the desktop entry" \
        'desktop-file-validate dist/org.isodroid.Isodroid.desktop >"$tmp/dfv" 2>&1 && [ ! -s "$tmp/dfv" ]'
else
    skip "desktop-file-validate is not installed (desktop-file-utils)"
fi
if command -v appstreamcli >/dev/null 2>&1; then
    check "appstreamcli validate passes on the metainfo" \
        'appstreamcli validate --no-net dist/org.isodroid.Isodroid.metainfo.xml >"$tmp/asv" 2>&1'
    [ -s "$tmp/asv" ] && grep -E "^[EW]:" "$tmp/asv" | sed 's/^/# /'
else
    skip "appstreamcli is not installed (appstream)"
fi
if command -v groff >/dev/null 2>&1; then
    for m in man/isodroid.6 man/isopath.1; do
        check "$m renders without a warning" \
            'LC_ALL=C groff -man -Tutf8 -ww -z "$m" >"$tmp/groff" 2>&1 && [ ! -s "$tmp/groff" ]'
    done
else
    skip "groff is not installed: the man pages are not rendered"
fi
tap_end
