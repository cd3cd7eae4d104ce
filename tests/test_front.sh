#!/bin/sh
# SPDX-License-Identifier: MIT
# test_front.sh - the screens around play, when isodroid starts without a
# level: the title, the level select, play, the pause panel's way back to
# the title and to the level select, Continue going on at the first level
# not won (kept across runs in the progress file), the ending after the
# last level is won, the stars of a win, the settings kept, and the
# generated levels (a typed seed, the level of the day, Esc or quitting while
# one is made). Scripts drive it headless and
# read the "screen NAME", "level FILE" and "stars N" lines of --trace.
# Prints TAP. ISODROID and ISOPATH name the binaries.
game=${ISODROID:-bin/isodroid}
isopath=${ISOPATH:-bin/isopath}
. "$(dirname "$0")/tap.sh"

root=$(pwd)
# a folder of its own: two small levels (no cells: each exit is open), the assets
mkdir -p "$tmp/run/levels" "$tmp/data"
ln -s "$root/assets" "$tmp/run/assets"
printf 'name: First\n######\n#@..>#\n######\n' >"$tmp/run/levels/01_first.txt"
printf 'name: Second\n######\n#>..@#\n######\n' >"$tmp/run/levels/02_second.txt"
case $game in /*) bin=$game ;; *) bin=$root/$game ;; esac
play() { # NAME COMMANDS...: runs them from the title, the trace's screens and levels in NAME.out ($cfg: the settings' folder)
    name=$1
    shift
    printf '%s\n' "$@" quit >"$tmp/$name.txt"
    (cd "$tmp/run" && XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="${cfg:-$tmp/cfg}" "$bin" --headless --trace \
        --script "$tmp/$name.txt" >"$tmp/$name.trace" 2>"$tmp/$name.err")
    grep -E '^(screen|level|win) ' "$tmp/$name.trace" | sed 's/^win .*/win/' | tr '\n' ' ' >"$tmp/$name.out"
}

play first "wait 100" "key Down" "key Return" "wait 100" "key Escape" "wait 100" "key Up" "key Return" "wait 100" \
    "clicktile 4 1" "wait 2000" "key Escape" "key q" "wait 100"
check "title, level select, back, Start, a win, the pause panel's Quit goes to the title ($(cat "$tmp/first.out"))" \
    '[ "$(cat "$tmp/first.out")" = "screen title screen levels screen title level levels/01_first.txt screen play win screen result screen pause screen title " ]'

# the whole way of a new player: title, Start, play, pause and back, a win, the result, Enter: the next level
printf '%s\n' "wait 100" "key Return" "wait 100" "key Escape" "wait 50" "key Escape" "wait 50" "clicktile 4 1" \
    "wait 2000" "key Return" "wait 100" quit >"$tmp/way.txt"
(cd "$tmp/run" && XDG_DATA_HOME="$tmp/waydata" XDG_CONFIG_HOME="$tmp/waycfg" "$bin" --headless --trace \
    --script "$tmp/way.txt" >"$tmp/way.trace" 2>&1)
way=$(grep -E '^(screen|level|win) ' "$tmp/way.trace" | sed 's/^win .*/win/' | tr '\n' ' ')
check "title, play, pause, play, a win, the result, Enter: the next level ($way)" \
    '[ "$way" = "screen title level levels/01_first.txt screen play screen pause screen play win screen result level levels/02_second.txt screen play " ]'

# Q on the pause panel mid-level asks once (as the README says): N goes back
# to the panel, Q Y leaves for the title; after a win it leaves at once (above)
play askq "wait 100" "key Return" "wait 100" "key Escape" "key q" "wait 50" "key n" "wait 50" "key q" "wait 50" "key y" \
    "wait 100"
check "Q mid-level asks before leaving the level: No stays, Yes goes to the title ($(cat "$tmp/askq.out"))" \
    '[ "$(sed "s/level [^ ]* /level L /" "$tmp/askq.out")" = "screen title level L screen play screen pause screen question screen pause screen question screen title " ]'

play again "wait 100" "key Return" "wait 100" "clicktile 1 1" "wait 2000" "key Escape" "key l" "wait 100" \
    "key Return" "wait 100"
check "Continue goes on at the first level not won; L on the pause panel opens the levels, at the first not won (all won: the first) ($(cat "$tmp/again.out"))" \
    '[ "$(cat "$tmp/again.out")" = "screen title level levels/02_second.txt screen play win screen result screen pause screen levels level levels/01_first.txt screen play " ]'

# the level files are read once a run (shell_jobs.c): the title, the level
# select, back, play, the pause panel's way to the title and to the level
# select read each of the two files once
check "each level file is read once however often the screens list them ($(grep -c '^catalog ' "$tmp/first.trace") reads)" \
    '[ "$(grep -c "^catalog " "$tmp/first.trace")" -eq 2 ] && [ "$(grep -c "^catalog " "$tmp/again.trace")" -eq 2 ]'

play ending "wait 100" "key Down" "key Return" "key Down" "key Return" "wait 100" "clicktile 1 1" "wait 2000" \
    "key Return" "wait 100" "key Return" "wait 100"
check "winning the last level ends in the ending, and Enter goes back to the title ($(cat "$tmp/ending.out"))" \
    '[ "$(cat "$tmp/ending.out")" = "screen title screen levels level levels/02_second.txt screen play win screen result screen ending screen title " ]'

# a click after the last win goes on as Enter does: to the ending (one
# decision, game_go_on)
play ending_click "wait 100" "key Down" "key Return" "key Down" "key Return" "wait 100" "clicktile 1 1" "wait 2000" \
    "clicktile 2 1" "wait 100"
check "a click after the campaign's last win goes to the ending, as Enter does ($(cat "$tmp/ending_click.out"))" \
    '[ "$(cat "$tmp/ending_click.out")" = "screen title screen levels level levels/02_second.txt screen play win screen result screen ending " ]'

# stars: won, within 110% of the energy par (the least energy a win needs,
# here the 3 steps to the exit), unseen (no sentry here): straight to the
# exit is three, a detour of two steps (5 of 3) two
check "the straight win has three stars ($(grep '^stars' "$tmp/first.trace"))" 'grep -qx "stars 3" "$tmp/first.trace"'
printf 'name: Third\n######\n#@..>#\n######\n' >"$tmp/run/levels/03_third.txt"
play detour "wait 100" "key Down" "key Return" "key Down" "key Down" "key Return" "wait 100" "clicktile 2 1" \
    "wait 1000" "clicktile 1 1" "wait 1000" "clicktile 4 1" "wait 2000"
check "a win 5 energy over a par of 3 has two stars ($(grep '^stars' "$tmp/detour.trace"))" \
    'grep -qx "stars 2" "$tmp/detour.trace" && grep -q "^level levels/03_third.txt" "$tmp/detour.trace"'

# the extras (levels/extra/) come after the campaign in the level select, not in its count
mkdir -p "$tmp/run/levels/extra"
printf 'name: Extra\n#####\n#@.>#\n#####\n' >"$tmp/run/levels/extra/big.txt"
play extra "wait 100" "key Down" "key Return" "key Up" "key Return" "wait 100" "clicktile 3 1" "wait 1500"
check "an extra is listed after the campaign and plays ($(cat "$tmp/extra.out"))" \
    '[ "$(cat "$tmp/extra.out")" = "screen title screen levels level levels/extra/big.txt screen play win screen result " ]'

# settings: changed on their screen, written at once, read back by the next run
play set1 "wait 100" "key Down" "key Down" "key Down" "key Return" "wait 50" "key Left" "key Left" "key Down" "key Down" \
    "key Down" "key Down" "key Return" "key Escape" "wait 50"
check "settings: volume down twice, minimap off, written ($(tr '\n' ' ' <"$tmp/cfg/isodroid/settings"))" \
    'grep -qx "master_volume = 80" "$tmp/cfg/isodroid/settings" && grep -qx "minimap = no" "$tmp/cfg/isodroid/settings" &&
     grep -q "^screen settings" "$tmp/set1.trace"'
play set2 "wait 100" "key Down" "key Down" "key Down" "key Return" "wait 50" "key Left" "key Escape" "wait 50"
check "settings: the next run starts from them ($(grep ^setting "$tmp/set2.trace"))" \
    'grep -q "^setting 0 master 70 effects 100 music 60 fullscreen 0 minimap 0 " "$tmp/set2.trace"'
# a damaged file: named on screen, ignored, kept aside when they are next written
printf 'not settings at all\n' >"$tmp/cfg/isodroid/settings"
play set3 "wait 100" "key Down" "key Down" "key Down" "key Return" "wait 50" "key Right" "key Escape" "wait 50"
check "settings: a damaged file is ignored (the defaults) and kept aside as settings.bad" \
    'grep -q "^setting 0 master 100 effects 100 music 60 fullscreen 0 minimap 1 " "$tmp/set3.trace" &&
     [ "$(cat "$tmp/cfg/isodroid/settings.bad")" = "not settings at all" ]'

# large text: the settings' rows close up so that every row and the keys'
# hint fit 1280x720 at 150%; in 320x240 they scroll, and the last row is
# reached and shown (read back by OCR when tesseract is there)
mkdir -p "$tmp/bigtext/isodroid"
printf '# isodroid settings 1\ntext_size = 150\n' >"$tmp/bigtext/isodroid/settings"
printf '%s\n' "wait 100" "key Down" "key Down" "key Down" "key Return" "wait 50" "screenshot $tmp/set150.png" \
    "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "wait 20" \
    "screenshot $tmp/set320.png" \
    "key Return" "wait 20" quit >"$tmp/big.txt"
XDG_CONFIG_HOME="$tmp/bigtext" "$game" --headless --trace --script "$tmp/big.txt" >"$tmp/big150.trace" 2>&1
sed -i "s#set150.png#set150b.png#; s#set320.png#set320a.png#" "$tmp/big.txt"
XDG_CONFIG_HOME="$tmp/bigtext" "$game" --headless --size 320x240 --trace --script "$tmp/big.txt" >"$tmp/big320.trace" 2>&1
check "settings at 150% text: Down eight times reaches Keys in 1280x720 and in 320x240" \
    'grep -q "^screen keys" "$tmp/big150.trace" && grep -q "^screen keys" "$tmp/big320.trace"'
if command -v tesseract >/dev/null 2>&1; then
    OMP_THREAD_LIMIT=1 tesseract "$tmp/set150.png" - 2>/dev/null >"$tmp/set150.ocr"
    OMP_THREAD_LIMIT=1 tesseract "$tmp/set320a.png" - 2>/dev/null >"$tmp/set320.ocr"
    all_read() { # file words...: each word is in the file
        f=$1
        shift
        for w in "$@"; do grep -q "$w" "$f" || return 1; done
    }
    check "settings at 150% text: the rows and the hint on screen; in 320x240 the rows scrolled to the last ($(tr '\n' ' ' <"$tmp/set320.ocr"))" \
        'all_read "$tmp/set150.ocr" Effects Music Fullscreen Minimap "Text size" Colours Language Keys "Esc: back" &&
         all_read "$tmp/set320.ocr" Language "more above"'
else
    skip "tesseract not installed: the settings at 150% are not read by OCR"
fi

# the pause panel's Settings, during play with a level given: Esc goes back to the play
printf '%s\n' "wait 100" "key Escape" "key Down" "key Down" "key Down" "key Return" "wait 50" "key Right" \
    "key Escape" "wait 50" "clicktile 5 2" "wait 1000" quit >"$tmp/ps.txt"
XDG_CONFIG_HOME="$tmp/cfg2" "$game" levels/01_tutorial.txt --headless --trace --no-progress --script "$tmp/ps.txt" \
    >"$tmp/ps.trace" 2>&1
check "the pause panel's Settings: changed there, Esc goes back to the play, which goes on ($(grep -E '^(screen|pause|resume|pickup)' "$tmp/ps.trace" | tr '\n' ' '))" \
    '[ "$(grep -E "^(screen|pause|resume|pickup)" "$tmp/ps.trace" | tr "\n" " ")" = "pause screen pause screen settings resume screen play pickup 5 2 47.00 " ]'

# generated levels: a seed typed in (4, 2, Backspace, 7: 47) at difficulty 3,
# made and played; the file is what isopath gen makes of that seed; the
# level of the day's seed is the date
play gen "wait 100" "key Down" "key Down" "key Return" "wait 50" "key 4" "key 2" "key Backspace" "key 7" \
    "key Down" "key Right" "key Return" "wait 200"
genfile="$tmp/data/isodroid/generated/seed-47-d3.txt"
"$isopath" gen --seed 47 --difficulty 3 >"$tmp/gen47.txt" 2>/dev/null
check "a typed seed's level is made, proven and played: the one isopath gen makes ($(grep -E '^(generating|level)' "$tmp/gen.trace" | tr '\n' ' '))" \
    'grep -qx "generating 47 3" "$tmp/gen.trace" && grep -q "^level .*generated/seed-47-d3.txt" "$tmp/gen.trace" &&
     cmp -s "$genfile" "$tmp/gen47.txt"'
play day "wait 100" "key Down" "key Down" "key Return" "wait 50" "key Return" "wait 200"
check "the level of the day's seed is the date ($(grep '^generating' "$tmp/day.trace"))" \
    'grep -qx "generating $(date +%Y%m%d) 2" "$tmp/day.trace" && grep -q "^screen play" "$tmp/day.trace"'

# a level being made (seed 2 at difficulty 5: seconds of work) is stopped by
# Esc, at once: the screen stays, says so, and Esc again goes back to the
# title; quitting while one is made stops it too. In real time (--frame-stats)
# it is made on a thread, as in a window; Esc comes in the frame that started it.
genstop() { # NAME COMMANDS...: as play, in real time
    name=$1
    shift
    printf '%s\n' "$@" quit >"$tmp/$name.txt"
    (cd "$tmp/run" && XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/cfg" "$bin" --headless --frame-stats --trace \
        --script "$tmp/$name.txt" >"$tmp/$name.trace" 2>"$tmp/$name.err")
    grep -E '^(screen|level|generating) ' "$tmp/$name.trace" | tr '\n' ' ' >"$tmp/$name.out"
}
genstop stop "wait 100" "key Down" "key Down" "key Return" "wait 50" "key 2" "key Down" "key Right" "key Right" \
    "key Right" "key Return" "key Escape" "wait 100" "key Escape" "wait 50"
check "Esc while a level is made stops it: no level, the screen stays, Esc again goes to the title ($(cat "$tmp/stop.out"))" \
    '[ "$(cat "$tmp/stop.out")" = "screen title screen generated generating 2 5 generating cancelled screen title " ] &&
     [ ! -e "$tmp/data/isodroid/generated/seed-2-d5.txt" ]'
genstop quit "wait 100" "key Down" "key Down" "key Return" "wait 50" "key 2" "key Down" "key Right" "key Right" \
    "key Right" "key Return" "wait 50"
check "quitting while a level is made stops it ($(cat "$tmp/quit.out"))" \
    '[ "$(cat "$tmp/quit.out")" = "screen title screen generated generating 2 5 generating cancelled " ]'

# the mouse on every row: the settings' arrows change a value by a step each
# way, a click on such a row elsewhere only highlights it (Left then
# changes it); the text size last, since it changes where everything is
cfg=$tmp/mousecfg1
play mouse1 "wait 100" "key Down" "key Down" "key Down" "key Return" "wait 50" "click 895 176" "wait 50" \
    "click 400 220" "wait 50" "key Left" "wait 50" "click 640 440" "wait 50" "click 962 396" "wait 50"
check "settings by the mouse: Volume's left arrow, Effects' row then Left, Colours' row, Text size's right arrow ($(grep '^setting' "$tmp/mouse1.trace" | tr '\n' ' '))" \
    '[ "$(grep "^setting" "$tmp/mouse1.trace" | tr "\n" " ")" = "setting 0 master 90 effects 100 music 60 fullscreen 0 minimap 1 text 100 colours standard setting 1 master 90 effects 90 music 60 fullscreen 0 minimap 1 text 100 colours standard setting 6 master 90 effects 90 music 60 fullscreen 0 minimap 1 text 100 colours colour-blind setting 5 master 90 effects 90 music 60 fullscreen 0 minimap 1 text 110 colours colour-blind " ] &&
     grep -qx "colours = colour-blind" "$tmp/mousecfg1/isodroid/settings"'
cfg=$tmp/mousecfg2
# the generated levels: the difficulty's left arrow; a click on its row keeps
# the highlight there (Left then lowers it), it does not jump to "Your seed"
play mouse2 "wait 100" "key Down" "key Down" "key Return" "wait 50" "click 895 396" "wait 50" "key 7" "key Return" \
    "wait 200"
play mouse3 "wait 100" "key Down" "key Down" "key Return" "wait 50" "click 400 396" "wait 50" "key Left" "key 7" \
    "key Return" "wait 200"
check "generated levels by the mouse: the difficulty's arrow, and a click on its row then Left ($(grep -h '^generating' "$tmp/mouse2.trace" "$tmp/mouse3.trace" | tr '\n' ' '))" \
    'grep -qx "generating 7 1" "$tmp/mouse2.trace" && grep -qx "generating 7 1" "$tmp/mouse3.trace"'
# the Keys list is longer than the screen: marks say what is below and above,
# and a click on one scrolls (Delete then names the action highlighted)
play mouse4 "wait 100" "key Down" "key Down" "key Down" "key Return" "key Up" "key Return" "wait 50" \
    "screenshot $tmp/keylist.png" "click 640 584" "wait 50" "key Delete" "wait 50" "click 640 120" "wait 50" "key Delete"
check "the Keys list's marks scroll it by the mouse ($(grep '^key-note' "$tmp/mouse4.trace" | tr '\n' ' '))" \
    '[ "$(grep -c "^key-note" "$tmp/mouse4.trace")" -eq 2 ] && ! grep -q "^key-note Throw a lure" "$tmp/mouse4.trace" &&
     [ "$(grep "^key-note" "$tmp/mouse4.trace" | sort -u | wc -l)" -eq 2 ]'
cfg=

# the settings' Keys screen: Restart (the 14th) given X, written, then Delete gives R back
play keys1 "wait 100" "key Down" "key Down" "key Down" "key Return" "key Up" "key Return" "wait 50" \
    "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" \
    "key Down" "key Down" "key Down" "key Return" "key x" "wait 50"
check "the Keys screen: Enter and a key give an action that key, kept in the settings ($(grep '^key ' "$tmp/keys1.trace"))" \
    'grep -qx "key restart X" "$tmp/keys1.trace" && grep -qx "key.restart = X" "$tmp/cfg/isodroid/settings"'
play keys2 "wait 100" "key Down" "key Down" "key Down" "key Return" "key Up" "key Return" "wait 50" \
    "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" \
    "key Down" "key Down" "key Down" "key Delete" "wait 50"
check "the Keys screen: Delete gives the action its default keys back" '! grep -q "^key.restart" "$tmp/cfg/isodroid/settings"'

# a key taken from another action leaves it none: the note says so (W is Pan up's)
play keys3 "wait 100" "key Down" "key Down" "key Down" "key Return" "key Up" "key Return" "wait 50" \
    "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" "key Down" \
    "key Down" "key Down" "key Down" "key Return" "key w" "wait 50"
check "the Keys screen warns when a rebinding leaves an action without a key ($(grep '^key-note' "$tmp/keys3.trace"))" \
    'grep -q "^key-note Restart the level: W\. .*\"Pan up\" has no key now" "$tmp/keys3.trace"'

# the keys are the binding table's, the player's own over the defaults:
# restart moved to X, so R does nothing and X restarts
mkdir -p "$tmp/keys/isodroid"
printf '# isodroid settings 1\nkey.restart = X\n' >"$tmp/keys/isodroid/settings"
printf '%s\n' "clicktile 5 2" "wait 500" "key r" "wait 100" "key x" "wait 100" quit >"$tmp/keys.txt"
XDG_CONFIG_HOME="$tmp/keys" XDG_DATA_HOME="$tmp/data" "$game" levels/01_tutorial.txt --headless --trace \
    --script "$tmp/keys.txt" >"$tmp/keys.trace" 2>&1
check "a key set in the settings acts (X restarts) and the default it replaced does not (R) ($(grep -c '^restart' "$tmp/keys.trace") restarts)" \
    '[ "$(grep -c "^restart" "$tmp/keys.trace")" -eq 1 ] && [ "$(grep -n "^restart" "$tmp/keys.trace" | cut -d: -f1)" -gt "$(grep -n "^arrive" "$tmp/keys.trace" | tail -1 | cut -d: -f1)" ]'

# the screens read the binding table too: Step down given J moves the
# title's choice down (to Levels), as Down did
mkdir -p "$tmp/jkeys/isodroid"
printf '# isodroid settings 1\nkey.step_down = J\n' >"$tmp/jkeys/isodroid/settings"
printf '%s\n' "wait 100" "key j" "key Return" "wait 100" quit >"$tmp/jkeys.txt"
(cd "$tmp/run" && XDG_CONFIG_HOME="$tmp/jkeys" XDG_DATA_HOME="$tmp/jdata" "$bin" --headless --trace \
    --script "$tmp/jkeys.txt" >"$tmp/jkeys.trace" 2>&1)
check "the screens take the player's keys: Step down given J moves the title's choice ($(grep -E '^(screen|level) ' "$tmp/jkeys.trace" | tr '\n' ' '))" \
    '[ "$(grep -E "^(screen|level) " "$tmp/jkeys.trace" | tr "\n" " ")" = "screen title screen levels " ]'

# a level argument still starts play at once, with no title
(cd "$tmp/run" && printf 'quit\n' >"$tmp/direct.txt" && XDG_DATA_HOME="$tmp/data" "$bin" levels/01_first.txt \
    --headless --trace --script "$tmp/direct.txt" >"$tmp/direct.trace" 2>&1)
check "a level argument plays at once: no title, no screen line before a change" '! grep -q "^screen " "$tmp/direct.trace"'
check "no errors on the way" '[ ! -s "$tmp/first.err" ] && [ ! -s "$tmp/again.err" ] && [ ! -s "$tmp/ending.err" ]'

tap_end
