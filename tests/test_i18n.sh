#!/bin/sh
# SPDX-License-Identifier: MIT
# test_i18n.sh - the German translation: po/de.po complete (every message
# translated, none fuzzy, msgfmt --check passes) and po/isodroid.pot what
# make pot makes of the sources now; isodroid --help and isopath --help in
# German (and still in English without a language); with language = de in
# the settings, the help's pages have no row cut at 1280x720 and 320x240
# (its trace "help page P of N cut C"), and the title, level select,
# generated levels, settings, keys, play, help, pause panel, quit question,
# result and ending screens at 1280x720 read by OCR (tesseract, German when
# tesseract-ocr-deu is there) show German words, none of the English
# screen's, and no text cut to "…". Their screenshots are kept in
# $I18N_SHOTS when it is set (docs/de/ is made so). Prints TAP.
game=${ISODROID:-bin/isodroid}
isopath=${ISOPATH:-bin/isopath}
. "$(dirname "$0")/tap.sh"
root=$(pwd)
case $game in /*) bin=$game ;; *) bin=$root/$game ;; esac

# ---- the catalogues ----
check "po/de.po passes msgfmt --check ($(msgfmt --check --statistics -o /dev/null po/de.po 2>&1 | tr '\n' ' '))" \
    'msgfmt --check -o /dev/null po/de.po'
check "po/de.po: every message translated, none fuzzy" \
    '[ -z "$(msgattrib --untranslated --no-obsolete po/de.po)" ] && [ -z "$(msgattrib --only-fuzzy --no-obsolete po/de.po)" ] &&
     ! grep -q "^#~" po/de.po'
make -s pot POT="$tmp/now.pot" DEPS=no >/dev/null 2>&1
check "po/isodroid.pot is current: make pot makes it again from the sources (but its date)" \
    'diff -I "^\"POT-Creation-Date" po/isodroid.pot "$tmp/now.pot" >/dev/null'
check "po/de.po holds every message of po/isodroid.pot (make po was run)" \
    '[ "$(msgcmp po/de.po po/isodroid.pot 2>&1)" = "" ]'

# ---- the command lines ----
LANGUAGE=de LANG=de_DE.UTF-8 "$game" --help >"$tmp/game.help" 2>&1
LANGUAGE=de LANG=de_DE.UTF-8 "$isopath" --help >"$tmp/tool.help" 2>&1
LANGUAGE=de LANG=de_DE.UTF-8 "$isopath" solve --help >"$tmp/solve.help" 2>&1
check "isodroid --help in German (LANG=de_DE.UTF-8, its locale installed or not)" \
    'head -1 "$tmp/game.help" | grep -q "^Aufruf: isodroid" && grep -q "Im Spiel zeigt H die Steuerung" "$tmp/game.help"'
check "isopath --help and isopath solve --help in German" \
    'head -1 "$tmp/tool.help" | grep -q "^Aufruf:" && grep -q "^Exit-Status:" "$tmp/tool.help" &&
     head -1 "$tmp/solve.help" | grep -q "^Aufruf:" && grep -q "^  isopath solve " "$tmp/solve.help" &&
     ! grep -q "isopath naive" "$tmp/solve.help"'
check "without a language both stay in English" \
    'LANGUAGE= LANG=C LC_ALL= "$game" --help | head -1 | grep -q "^usage: isodroid" &&
     LANGUAGE= LANG=C LC_ALL= "$isopath" --help | head -1 | grep -q "^usage:"'

# ---- the game in German ----
mkdir -p "$tmp/cfg/isodroid" "$tmp/data" "$tmp/run/levels"
printf '# isodroid settings 1\nlanguage = de\n' >"$tmp/cfg/isodroid/settings"
ln -s "$root/assets" "$tmp/run/assets"
printf 'name: One\nname[de]: Eins\ndescription: Walk into the exit.\ndescription[de]: Geh in den Ausgang.\n######\n#@..>#\n######\n' \
    >"$tmp/run/levels/01_one.txt"
# run NAME SIZE DIR COMMANDS...: a script from the title in DIR, its trace in NAME.trace
run() {
    name=$1 size=$2 dir=$3
    shift 3
    printf '%s\n' "$@" quit >"$tmp/$name.txt"
    (cd "$dir" && XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/cfg" "$bin" --headless --trace --size "$size" \
        --script "$tmp/$name.txt" >"$tmp/$name.trace" 2>"$tmp/$name.err")
}
for size in 1280x720 320x240; do
    s=$tmp/$size
    run "help-$size" "$size" "$root" "wait 100" "key Return" "wait 100" "key h" "wait 50" \
        "key PageDown" "wait 50" "key PageDown" "wait 50" "key PageDown" "wait 50" "key PageDown" "wait 50" \
        "key PageDown" "wait 50" "key PageDown" "wait 50" "key PageDown" "wait 50" "key PageDown" "wait 50" \
        "key PageDown" "wait 50" "key PageDown" "wait 50" "key PageDown" "wait 50" "key PageDown" "wait 50"
    run "screens-$size" "$size" "$root" "wait 100" "screenshot $s-title.png" \
        "key Down" "key Return" "wait 300" "screenshot $s-levels.png" "key Escape" "wait 50" \
        "key Down" "key Return" "wait 50" "screenshot $s-generated.png" "key Escape" "wait 50" \
        "key Down" "key Return" "wait 50" "screenshot $s-settings.png" "key Up" "key Return" "wait 50" \
        "screenshot $s-keys.png" "key Escape" "key Escape" "wait 50" "key Up" "key Up" "key Up" "key Return" \
        "wait 500" "screenshot $s-play.png" "key h" "wait 50" "screenshot $s-help.png" "key Escape" "wait 50" \
        "key Escape" "wait 50" "screenshot $s-pause.png" "key q" "wait 50" "screenshot $s-quit.png" "key n" "key Escape"
    run "end-$size" "$size" "$tmp/run" "wait 100" "key Return" "wait 100" "clicktile 4 1" "wait 2000" \
        "screenshot $s-result.png" "key Return" "wait 100" "screenshot $s-ending.png"
done
# pages NAME: the help's page count, and cut: the most rows any page could not show whole
pages() { grep '^help page' "$tmp/$1.trace" | head -1 | awk '{ print $5 + 0 }'; }
help_cut() { grep '^help page' "$tmp/$1.trace" | awk 'BEGIN { m = -1 } { if ($7 > m) m = $7 } END { print m }'; }
for size in 1280x720 320x240; do
    check "German help at $size: $(pages "help-$size") pages, no row cut (cut $(help_cut "help-$size"))" \
        '[ "$(pages "help-$size")" -ge 1 ] && [ "$(help_cut "help-$size")" -eq 0 ] && [ ! -s "$tmp/help-$size.err" ]'
done
check "the German game's screens: title, levels, generated, settings, keys, play, pause, result, ending" \
    '[ ! -s "$tmp/screens-1280x720.err" ] && [ ! -s "$tmp/end-1280x720.err" ] &&
     grep -q "^screen ending" "$tmp/end-1280x720.trace" && grep -q "^screen keys" "$tmp/screens-1280x720.trace"'

if command -v tesseract >/dev/null 2>&1; then
    lang=eng
    tesseract --list-langs 2>/dev/null | grep -qx deu && lang=deu
    for shot in title levels generated settings keys play help pause quit result ending; do
        OMP_THREAD_LIMIT=1 tesseract -l "$lang" "$tmp/1280x720-$shot.png" - 2>/dev/null | tr '\n' ' ' >"$tmp/$shot.ocr"
    done
    # a German word each screen shows, and English ones it must not
    for pair in "title Einstellungen" "levels gewonnen" "generated Schwierigkeit" "settings Sprache" \
        "keys Tasten" "play Energie" "help Steuerung" "pause neu.starten" "quit verlassen" "result geschafft" "ending Kampagne"; do
        shot=${pair% *} word=${pair#* }
        check "German $shot screen at 1280x720 ($lang OCR: $(cut -c1-160 "$tmp/$shot.ocr"))" \
            'grep -Eq "$word" "$tmp/$shot.ocr" && ! grep -Eq "Settings|choose|Esc: back|Volume|Quit|Paused|Level complete|Press" "$tmp/$shot.ocr" &&
             ! grep -q "\.\.\.\|…" "$tmp/$shot.ocr"'
    done
else
    skip "tesseract not installed: the German screens are not read by OCR"
fi

# the screenshots for docs/de/ (I18N_SHOTS=docs/de bash tests/test_i18n.sh)
if [ -n "${I18N_SHOTS:-}" ]; then
    mkdir -p "$I18N_SHOTS"
    for f in "$tmp"/1280x720-*.png "$tmp"/320x240-*.png; do cp "$f" "$I18N_SHOTS/"; done
fi
tap_end
