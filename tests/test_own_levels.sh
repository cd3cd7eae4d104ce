#!/bin/sh
# SPDX-License-Identifier: MIT
# test_own_levels.sh - the editor never writes into the game's own levels:
# editing a level of the data folder's levels/ (the campaign's or an
# extra) and saving writes a copy among the player's own levels
# ($XDG_DATA_HOME/isodroid/levels/NAME.txt, then NAME-2.txt ...), which
# loads, plays, and is listed last in the level select; the HUD says what
# editing means there instead of the cells. Scripts drive the game headless
# in a copy of the data folder whose levels are checksummed before and after.
# Prints TAP. ISODROID and ISOPATH name the binaries.
game=${ISODROID:-bin/isodroid}
isopath=${ISOPATH:-bin/isopath}
. "$(dirname "$0")/tap.sh"

root=$(pwd)
case $game in /*) bin=$game ;; *) bin=$root/$game ;; esac
mkdir -p "$tmp/run"
cp -r levels "$tmp/run/levels"
ln -s "$root/assets" "$tmp/run/assets"
sums() { (cd "$tmp/run" && find levels -type f | sort | xargs sha256sum); }
sums >"$tmp/before.sums"
repo_before=$(git status --porcelain levels/ 2>/dev/null)

# run NAME ARGS... (after the commands in $tmp/NAME.txt): from the data
# folder's copy, with the player's folders in $tmp
run() {
    name=$1
    shift
    (cd "$tmp/run" && XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/cfg" "$bin" "$@" --headless --trace \
        --script "$tmp/$name.txt" >"$tmp/$name.trace" 2>"$tmp/$name.err")
}

printf '%s\n' "key e" "wait 50" "rclicktile 3 2" "wait 50" "screenshot $tmp/editing.png" "key ctrl+s" "wait 50" \
    "rclicktile 4 2" "key ctrl+s" "wait 50" quit >"$tmp/edit.txt"
run edit levels/07_watchman.txt
copy=$tmp/data/isodroid/levels/07_watchman.txt
check "saving an edited campaign level leaves levels/ as it was ($(grep '^save' "$tmp/edit.trace" | tr '\n' ' '))" \
    'sums | cmp -s - "$tmp/before.sums"'
check "the edits are saved as the player's own level, both saves to the copy" \
    '[ "$(grep -c "^save $copy\$" "$tmp/edit.trace")" -eq 2 ] && [ -f "$copy" ] && [ ! -s "$tmp/edit.err" ]'
check "the copy differs from the level only where it was edited" \
    '[ "$(diff levels/07_watchman.txt "$copy" | grep -c "^[<>]")" -ge 2 ] &&
     [ "$(diff levels/07_watchman.txt "$copy" | grep -c "^[<>]")" -le 4 ]'
"$isopath" check "$copy" >"$tmp/check.out" 2>&1
check "the copy is a level that loads (isopath check)" 'grep -q ": ok, " "$tmp/check.out"'
printf '%s\n' "wait 100" quit >"$tmp/open.txt"
run open "$copy"
check "the copy opens and plays in the game" '[ ! -s "$tmp/open.err" ] && grep -q "^state " "$tmp/open.trace"'

# an extra too; a second copy of one level takes the next free name
printf '%s\n' "key e" "rclicktile 3 2" "key ctrl+s" "wait 50" quit >"$tmp/edit2.txt"
run edit2 levels/07_watchman.txt
run edit2 levels/extra/corridors.txt
check "a second copy is NAME-2.txt, an extra's copy its own name; levels/ stays as it was" \
    '[ -f "$tmp/data/isodroid/levels/07_watchman-2.txt" ] && [ -f "$tmp/data/isodroid/levels/corridors.txt" ] &&
     sums | cmp -s - "$tmp/before.sums"'
check "the repository's levels/ were never touched" '[ "$(git status --porcelain levels/ 2>/dev/null)" = "$repo_before" ]'

# the level select lists the player's levels last: Up from the first row is the last one
printf '%s\n' "wait 100" "key Down" "key Return" "wait 50" "key Up" "key Return" "wait 100" quit >"$tmp/select.txt"
run select
check "the level select lists the player's own levels after the campaign and the extras, and plays them ($(grep '^level' "$tmp/select.trace"))" \
    'grep -qx "level $tmp/data/isodroid/levels/corridors.txt" "$tmp/select.trace"'
printf '%s\n' "wait 100" "key Down" "key Return" "wait 50" "key Up" "key Up" "key Return" "wait 100" quit >"$tmp/select2.txt"
run select2
check "... the copy of the campaign's level among them ($(grep '^level' "$tmp/select2.trace"))" \
    'grep -qx "level $copy" "$tmp/select2.trace"'

# what the HUD says while editing: what saving does, not the cells
if command -v tesseract >/dev/null 2>&1; then
    OMP_THREAD_LIMIT=1 tesseract "$tmp/editing.png" - 2>/dev/null >"$tmp/editing.ocr"
    check "the HUD while editing a level of the game says it is a copy, and no cells counter" \
        'grep -q "Editing a copy" "$tmp/editing.ocr" && ! grep -q "Cells" "$tmp/editing.ocr"'
else
    skip "tesseract not installed: the HUD's words while editing are not read"
fi

# with --no-progress the game keeps no files of the player's: not saved, saying why
printf '%s\n' "key e" "rclicktile 3 2" "key ctrl+s" "wait 50" quit >"$tmp/nop.txt"
run nop levels/07_watchman.txt --no-progress
check "--no-progress: a level of the game is not saved, and levels/ stay as they were" \
    'grep -q "^save-failed" "$tmp/nop.trace" && sums | cmp -s - "$tmp/before.sums"'

tap_end
