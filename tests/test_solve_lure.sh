#!/bin/sh
# SPDX-License-Identifier: MIT
# test_solve_lure.sh - isopath solve throws lures: a level won unseen only
# with a lure is solved with one and a margin of at least 15 ticks, its
# --out recording ('TICK lure X Y') replays in the game to the same win no
# sentry notices, --json names each command, and --no-lures finds it
# unsolved; a campaign level that needs no lure is solved as with
# --no-lures, plan for plan. Prints TAP. ISOPATH and ISODROID name the
# binaries.
isopath=${ISOPATH:-bin/isopath}
isodroid=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"

# the guard in the alcove hears every step along the corridor near it; a
# lure into the dead end along the top, which the droid sees across the
# water, sends it away
cat >"$tmp/lure.txt" <<'EOF'
#######################
#####.......###########
#####~#####.###########
#####~#####S###########
#####~#####.###########
#....@...............>#
#######################
EOF

"$isopath" solve "$tmp/lure.txt" --margin --out "$tmp/plan" >"$tmp/out" 2>"$tmp/err"
rc=$?
margin=$(sed -n 's/^solved .* margin \([0-9][0-9]*\)$/\1/p' "$tmp/out")
check "a level won only with a lure is solved, margin at least 15: $(cat "$tmp/out")" \
    '[ $rc -eq 0 ] && [ -n "$margin" ] && [ "$margin" -ge 15 ]'
check "its plan throws a lure into the dead end ('TICK lure X 1')" \
    'grep -Eq "^[0-9]+ lure [5-8] 1$" "$tmp/plan" && grep -Eq "^[0-9]+ goto 21 5$" "$tmp/plan"'
check "the summary counts the lures" 'grep -Eq "^isopath: [0-9]+ commands \([1-9][0-9]* lures?\);" "$tmp/err"'
"$isodroid" "$tmp/lure.txt" --headless --replay "$tmp/plan" --trace --no-progress >"$tmp/trace" 2>/dev/null
won=$(sed -n 's/^win //p' "$tmp/trace")
check "the plan replays in the game to the same win, the guard sent and never alerted" \
    '[ "solved $won" = "$(sed "s/ margin.*//" "$tmp/out")" ] && grep -q "^sentry 0 investigate " "$tmp/trace" &&
     ! grep -q "^alert " "$tmp/trace"'

"$isopath" solve "$tmp/lure.txt" --margin --no-lures >"$tmp/out" 2>/dev/null
rc=$?
check "with --no-lures it is unsolved exhausted, exit 1" '[ $rc -eq 1 ] && grep -qx "unsolved exhausted" "$tmp/out"'

if command -v python3 >/dev/null 2>&1; then
    "$isopath" solve "$tmp/lure.txt" --margin --json >"$tmp/json" 2>/dev/null
    check "--json: each command of the plan named, the lures counted, as in the recording" \
        'python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
cmds = [c[\"cmd\"] for c in d[\"plan\"]]
sys.exit(0 if d[\"status\"] == \"solved\" and set(cmds) <= {\"goto\", \"lure\"} and
         d[\"lures\"] == cmds.count(\"lure\") >= 1 and len(cmds) == int(sys.argv[2]) else 1)" \
         "$tmp/json" "$(grep -Ec "^[0-9]+ (goto|lure) " "$tmp/plan")"'
else
    skip "python3 not found: --json is not parsed"
fi

# a level with a guard that needs no lure: the same plan, found by the same work
f=levels/07_watchman.txt
"$isopath" solve "$f" --margin --out "$tmp/with" >"$tmp/out1" 2>"$tmp/err1"
"$isopath" solve "$f" --margin --no-lures --out "$tmp/without" >"$tmp/out2" 2>"$tmp/err2"
check "$f needs no lure: solved without one, as with --no-lures ($(cat "$tmp/out1"))" \
    'grep -q "^solved " "$tmp/out1" && cmp -s "$tmp/out1" "$tmp/out2" && cmp -s "$tmp/with" "$tmp/without" &&
     cmp -s "$tmp/err1" "$tmp/err2" && grep -q "(0 lures)" "$tmp/err1" && ! grep -q " lure " "$tmp/with"'

tap_end
