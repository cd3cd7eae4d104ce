#!/bin/sh
# SPDX-License-Identifier: MIT
# test_nosound.sh - a real window (under Xvfb) on a machine with no sound
# card: the game plays silently and says so in one line of its own
# ("isodroid: no sound device; playing silently"), never with the sound
# library's own error lines ("ALSA lib ...") nor SDL's words. Where the
# machine has a sound device, stderr stays empty. Prints TAP; skips without
# Xvfb. ISODROID names the binary.
game=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"
XDG_DATA_HOME="$tmp/data"
XDG_CONFIG_HOME="$tmp/cfg"
export XDG_DATA_HOME XDG_CONFIG_HOME

if ! command -v Xvfb >/dev/null; then
    skip "Xvfb missing: no window to open"
    tap_end
    exit
fi
Xvfb -displayfd 3 -screen 0 640x480x24 3>"$tmp/dpy" 2>/dev/null &
xvfb=$!
i=0
while [ ! -s "$tmp/dpy" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
DISPLAY=:$(cat "$tmp/dpy")
export DISPLAY
printf 'wait 300\nquit\n' >"$tmp/q.txt"
# the sound library as a player's machine has it: SDL picks the driver (under
# AddressSanitizer the window's system libraries, D-Bus's among them, leave
# blocks behind at exit: not the game's, and not this test's concern)
env -u SDL_AUDIODRIVER ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    "$game" levels/01_tutorial.txt --size 640x480 --script "$tmp/q.txt" >"$tmp/out" 2>"$tmp/err"
rc=$?
kill $xvfb
wait $xvfb 2>/dev/null
check "no 'ALSA lib' nor 'ALSA:' line on stderr ($(grep -c 'ALSA' "$tmp/err") lines)" '[ $rc -eq 0 ] && ! grep -q "ALSA" "$tmp/err"'
check "stderr is empty, or the one line that says the game plays silently ($(head -c 200 "$tmp/err" | tr '\n' '|'))" \
    '[ ! -s "$tmp/err" ] || [ "$(cat "$tmp/err")" = "isodroid: no sound device; playing silently" ]'
tap_end
