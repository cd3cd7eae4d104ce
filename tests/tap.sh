# SPDX-License-Identifier: MIT
# tap.sh - sourced by the shell suites: TAP output through check, a scratch
# folder $tmp removed on exit, and tap_end for the plan line and exit status.
n=0
fails=0
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

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
