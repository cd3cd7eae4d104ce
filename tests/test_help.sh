#!/bin/sh
# SPDX-License-Identifier: MIT
# test_help.sh - the help (H) fits: at 1280x720, at the text sizes of the
# settings (100% and 150%) and in small windows, every row is shown whole on
# some page, never cut to "…". Two checks: the layout's own count of rows
# not shown whole (--trace "help page P of N cut C", which must stay 0,
# and the pages turned with PageDown and Left and a click on the footer's
# arrows), and what a reader sees: the pages' screenshots read by tesseract
# (OCR), where every section's heading is found on some page and no "…"
# (nor "...", which the OCR makes of it) appears. Without tesseract the OCR
# checks are skipped (tools/deps.sh test installs it). Prints TAP.
game=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"

# pages SIZE TEXT NAME: the help's pages screenshotted ($tmp/NAME-1.png ...), the trace in $tmp/NAME.trace
pages() {
    size=$1 text=$2 name=$3
    mkdir -p "$tmp/$name-cfg/isodroid"
    printf '# isodroid settings 1\ntext_size = %s\n' "$text" >"$tmp/$name-cfg/isodroid/settings"
    {
        echo "wait 100"
        echo "key h"
        echo "wait 50"
        for i in $(seq 24); do
            echo "screenshot $tmp/$name-$i.png"
            echo "key PageDown"
            echo "wait 50"
        done
        echo quit
    } >"$tmp/$name.txt"
    XDG_CONFIG_HOME="$tmp/$name-cfg" XDG_DATA_HOME="$tmp/data" "$game" levels/01_tutorial.txt --headless --trace \
        --size "$size" --script "$tmp/$name.txt" >"$tmp/$name.trace" 2>"$tmp/$name.err"
}
# count NAME: the pages the help has ("help page P of N": N), 0 when never traced
count() {
    grep '^help page' "$tmp/$1.trace" | head -1 | awk '{ print $5 + 0 }'
}
# cut NAME: the rows the layout could not show whole, the most any page said
cut() {
    grep '^help page' "$tmp/$1.trace" | awk 'BEGIN { m = -1 } { if ($7 > m) m = $7 } END { print m }'
}

if command -v tesseract >/dev/null 2>&1; then ocr=yes; else ocr=; fi

for run in "1280x720 100 help100" "1280x720 150 help150" "320x240 100 small" "1920x1080 200 big"; do
    set -- $run
    pages "$1" "$2" "$3" # size, text, name
    np=$(count "$name")
    check "$size at $text% text: the help is laid out in pages with no row cut ($(grep -c '^help page' "$tmp/$name.trace") lines, $np pages, cut $(cut "$name"))" \
        '[ -n "$np" ] && [ "$np" -ge 1 ] && [ "$(cut "$name")" -eq 0 ] && [ ! -s "$tmp/$name.err" ]'
    check "$size at $text%: PageDown turns through every page and stops at the last" \
        '[ "$(grep "^help page" "$tmp/$name.trace" | tail -1 | awk "{ print \$3 }")" = "$np" ] &&
         [ "$(grep "^help page" "$tmp/$name.trace" | awk "{ print \$3 }" | sort -un | wc -l)" -eq "$np" ]'
    # what a reader sees, at the two sizes a player meets first
    [ "$size" = 1280x720 ] || continue
    if [ -z "$ocr" ]; then
        skip "tesseract not installed: the help's pages at $text% are not read by OCR"
        continue
    fi
    : >"$tmp/$name.ocr"
    i=1
    while [ "$i" -le "${np:-1}" ]; do # (at least the first page)
        OMP_THREAD_LIMIT=1 tesseract "$tmp/$name-$i.png" - 2>/dev/null >>"$tmp/$name.ocr"
        i=$((i + 1))
    done
    missing=""
    for head in "Controls" "In the editor" "Sentries and stars" "On the minimap"; do
        grep -q "$head" "$tmp/$name.ocr" || missing="$missing '$head'"
    done
    check "1280x720 at $text%: OCR finds every section's heading on some page (missing:${missing:- none})" '[ -z "$missing" ]'
    cuts=$(grep -c -e '…' -e '\.\.\.' -e 'more in a larger window' "$tmp/$name.ocr")
    check "1280x720 at $text%: OCR finds no text cut short ($cuts lines with an ellipsis)" '[ "$cuts" -eq 0 ]'
    check "1280x720 at $text%: the Goal line is read whole" \
        'tr "\n" " " <"$tmp/$name.ocr" | grep -q "collect every energy cell, then walk into the exit"'
done

# the footer's arrows: a click on the right one turns on, the left one back;
# a click elsewhere closes the help; the arrow keys turn them too
mkdir -p "$tmp/click-cfg"
printf '%s\n' "wait 100" "key h" "wait 50" "click 700 682" "wait 50" "click 578 682" "wait 50" "key Right" "wait 50" \
    "key Left" "wait 50" "click 300 300" "wait 50" quit >"$tmp/click.txt"
XDG_CONFIG_HOME="$tmp/click-cfg" XDG_DATA_HOME="$tmp/data" "$game" levels/01_tutorial.txt --headless --trace \
    --size 1280x720 --script "$tmp/click.txt" >"$tmp/click.trace" 2>&1
got=$(grep '^help page' "$tmp/click.trace" | awk '{ print $3 }' | tr '\n' ' ')
check "the footer's arrows and the arrow keys turn the pages ($got)" '[ "$got" = "1 2 1 2 1 " ]'
printf '%s\n' "wait 100" "key h" "wait 50" "click 300 300" "wait 50" "key h" "wait 50" quit >"$tmp/close.txt"
XDG_CONFIG_HOME="$tmp/click-cfg" XDG_DATA_HOME="$tmp/data" "$game" levels/01_tutorial.txt --headless --trace \
    --size 1280x720 --script "$tmp/close.txt" >"$tmp/close.trace" 2>&1
check "a click off the arrows closes the help (H opens it again at its first page)" \
    '[ "$(grep -c "^help page 1 " "$tmp/close.trace")" -eq 2 ]'

tap_end
