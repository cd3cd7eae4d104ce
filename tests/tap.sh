# SPDX-License-Identifier: MIT
# tap.sh - sourced by the shell suites: TAP output through check, a scratch
# folder $tmp removed on exit (the game's XDG folders inside it), and tap_end
# for the plan line and exit status.
n=0
fails=0
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
# the game's settings and progress of the suite's own, never the user's (a
# window size left in ~/.config would move every click); a suite that
# wants other folders sets them per run
export XDG_CONFIG_HOME="$tmp/xdg-config" XDG_DATA_HOME="$tmp/xdg-data"

check() { # name, then a shell condition
    n=$((n + 1))
    label=$1
    shift
    if eval "$@"; then echo "ok $n - $label"; else echo "not ok $n - $label"; fails=$((fails + 1)); fi
}

skip() { # why
    n=$((n + 1))
    echo "ok $n - # SKIP $1"
}

tap_end() {
    echo "1..$n"
    [ "$fails" -eq 0 ]
}
