#!/bin/sh
# SPDX-License-Identifier: MIT
# test_levels.sh - the shipped level sets: the campaign in levels/ (played in
# file-name order) and the extras in levels/extra/. Every level passes
# 'isopath check' with every walkable tile reachable, every level with an
# exit is proven winnable by 'isopath tour', every campaign level with an
# exit and every extra with sentries and an exit is won unseen by 'isopath
# solve' with a margin of at least 15 ticks and its plan replays in the game
# to a win no sentry notices (and 'isopath replay', with no window, prints
# the game's trace and state line for line); a campaign level's par_time is the solver's
# time (one with sentries must have one; without, the game's par is the
# least-energy walk, which the solver's win cannot beat). The campaign
# starts with the tutorial and holds at least 20 designed levels (none
# generated), each with a name, an author, a one-line description, an
# energy budget and a size that fits a screen or two; the generated levels
# (the expanse, the stress level) are extras, and the expanse is what
# tools/make_level.py makes. The wait-for-green player (isopath naive)
# loses at least 9 of the levels with sentries, each as its "; naive:"
# comment says. Prints TAP. ISOPATH and ISODROID name the binaries.
isopath=${ISOPATH:-bin/isopath}
isodroid=${ISODROID:-bin/isodroid}
. "$(dirname "$0")/tap.sh"

for f in levels/*.txt levels/extra/*.txt; do
    "$isopath" check "$f" >"$tmp/out" 2>&1
    rc=$?
    check "$f passes isopath check, nothing unreachable" '[ $rc -eq 0 ] && grep -q ", 0 unreachable from" "$tmp/out"'
done

# every level with an exit can be won: an order of its cells whose legs the energy covers
for f in $(grep -l ">" levels/*.txt levels/extra/*.txt); do
    "$isopath" tour "$f" >"$tmp/out" 2>&1
    rc=$?
    check "$f is proven winnable (isopath tour)" '[ $rc -eq 0 ] && grep -q ": winnable" "$tmp/out"'
done
# and the proof can fail: the tutorial with too little energy is not winnable
sed 's/^energy: .*/energy: 2/' levels/01_tutorial.txt >"$tmp/short.txt"
"$isopath" tour "$tmp/short.txt" >"$tmp/out" 2>&1
rc=$?
check "too little energy: isopath tour says not winnable, exit 1" '[ $rc -eq 1 ] && grep -q "NOT winnable" "$tmp/out"'

# every campaign level with an exit, and every extra with sentries and an
# exit, is won unseen, with timing slack, and the plan is a recording the
# game plays to the same win (grid rows: glyphs only)
solved=0
campaign=0
campaign_solved=0
campaign_sentries=0
for f in levels/*.txt levels/extra/*.txt; do
    grep -qE '^[#., +~*@S]*>[#., +~*>@S]*$' "$f" || continue # an exit (not the stress level)
    sentries=0
    grep -qE '^[#., +~*>@]*S[#., +~*>@S]*$' "$f" && sentries=1
    case $f in
    levels/extra/*) [ $sentries -eq 1 ] || continue ;; # the extras without sentries are big
    *) campaign=$((campaign + 1)) ;;
    esac
    "$isopath" solve "$f" --margin --out "$tmp/plan" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    margin=$(sed -n 's/^solved .* margin \([0-9][0-9]*\)$/\1/p' "$tmp/out")
    check "$f is won unseen with a margin of at least 15 ticks: $(cat "$tmp/out")" \
        '[ $rc -eq 0 ] && [ -n "$margin" ] && [ "$margin" -ge 15 ]'
    if [ $rc -eq 0 ]; then
        solved=$((solved + 1))
        case $f in levels/extra/*) ;; *)
            campaign_solved=$((campaign_solved + 1))
            campaign_sentries=$((campaign_sentries + sentries))
            ;;
        esac
    fi
    "$isodroid" "$f" --headless --replay "$tmp/plan" --trace --no-progress >"$tmp/trace" 2>"$tmp/err"
    won=$(sed -n 's/^win //p' "$tmp/trace")
    check "$f: the plan replays in the game to a win no sentry notices" \
        '[ -n "$won" ] && ! grep -q "^alert " "$tmp/trace"'
    "$isopath" replay "$tmp/plan" --trace >"$tmp/itrace" 2>"$tmp/ierr"
    check "$f: isopath replay (no window, no SDL in the play) prints the game's trace and state line for line" \
        'cmp -s "$tmp/trace" "$tmp/itrace" && [ ! -s "$tmp/ierr" ]'
    case $f in
    levels/extra/*) ;; # the extras keep their files as they were
    *)
        par=$(sed -n 's/^par_time: //p' "$f")
        time=$(sed -n 's/^solved \([0-9.]*\) .*/\1/p' "$tmp/out")
        if [ $sentries -eq 1 ] || [ -n "$par" ]; then
            check "$f: its par_time: ($par s) is the time of the solver's unseen win" \
                '[ -n "$par" ] && [ "$par" = "$time" ]'
        else
            # the game's par: the least-energy walk (tour) at 4 floor steps a
            # second; the solver's win waits between its walks for its margin
            least=$("$isopath" tour "$f" 2>/dev/null | sed -n 's/.*: winnable .*length \([0-9.]*\).*/\1/p')
            check "$f: no par_time; the solver's win ($time s) is no shorter than the least-energy walk ($least floor steps at 4 a second)" \
                '[ -n "$least" ] && [ -n "$time" ] && awk -v t="$time" -v l="$least" "BEGIN { exit !(t * 4 >= l - 0.01) }"'
        fi
        ;;
    esac
    check "$f: the game's win is the one solve printed ($won)" \
        '[ "solved $won" = "$(sed "s/ margin.*//" "$tmp/out")" ]'
done
check "every campaign level with an exit is solved ($campaign_solved of $campaign, $solved with the extras)" \
    '[ "$campaign" -ge 20 ] && [ "$campaign_solved" -eq "$campaign" ]'
check "at least twelve campaign levels with sentries are solved ($campaign_sentries)" '[ "$campaign_sentries" -ge 12 ]'
# the wait-for-green player (isopath naive) loses the campaign's levels with
# sentries: each says what naive does in a comment line "; naive: wins" (a
# level that introduces an idea may let it win) or "; naive: loses"; both
# verdicts are checked, so a level edited into a waiting game fails here
naive_lost=0
naive_levels=0
for f in levels/*.txt; do
    grep -qE '^[#., +~*>@]*S[#., +~*>@S]*$' "$f" || continue # a sentry
    grep -qE '^[#., +~*@S]*>[#., +~*>@S]*$' "$f" || continue # an exit
    naive_levels=$((naive_levels + 1))
    want=$(sed -n 's/^; naive: \(wins\|loses\)$/\1/p' "$f")
    "$isopath" naive "$f" >"$tmp/naive" 2>/dev/null
    got=$(cat "$tmp/naive")
    case $got in lost*) naive_lost=$((naive_lost + 1)) ;; esac
    case $want in
    wins) check "$f: the wait-for-green player wins, as its comment says ($got)" '[ "${got%% *}" = won ]' ;;
    loses) check "$f: the wait-for-green player loses, as its comment says ($got)" '[ "${got%% *}" = lost ]' ;;
    *) check "$f: a comment line '; naive: wins' or '; naive: loses' says what the wait-for-green player does" false ;;
    esac
done
check "the wait-for-green player loses at least 9 of the campaign's $naive_levels levels with sentries ($naive_lost)" \
    '[ "$naive_lost" -ge 9 ]'

# and it can say no: the only cell lies in a guard's hearing
printf '##############\n#@..........S#\n###########*##\n###########>##\n##############\n' >"$tmp/stare.txt"
"$isopath" solve "$tmp/stare.txt" >"$tmp/out" 2>&1
rc=$?
check "a cell in a guard's hearing: unsolved exhausted, exit 1" '[ $rc -eq 1 ] && grep -qx "unsolved exhausted" "$tmp/out"'

# ---- the campaign ---------------------------------------------------------------------

check "the tutorial comes first" '[ "$(ls levels/*.txt | head -1)" = levels/01_tutorial.txt ]'
generated=$(grep -l "^; Generated by tools/make_" levels/*.txt | wc -l)
check "no generated level in the campaign ($generated)" '[ "$generated" -eq 0 ]'
designed=$(ls levels/*.txt | wc -l)
check "at least 20 designed levels in the campaign ($designed)" '[ "$designed" -ge 20 ]'
for f in levels/*.txt; do
    # the header, before the first grid row; the grid's size
    header=$(awk '/^;/ || /^$/ { next } /^[a-z_]+(\[[a-z]+\])?: / { print; next } { exit }' "$f")
    size=$(awk '/^;/ { next } !grid && (/^[a-z_]+(\[[a-z]+\])?: / || /^$/) { next } { grid = 1; n++; if (length($0) > w) w = length($0) }
                END { print w, n }' "$f")
    w=${size% *} h=${size#* }
    check "$f: a name, a one-line description and an energy budget, the name and description in German too" \
        'echo "$header" | grep -q "^name: ." && echo "$header" | grep -q "^description: ..........." &&
         echo "$header" | grep -q "^energy: [0-9]" && echo "$header" | grep -q "^name\[de\]: ." &&
         echo "$header" | grep -q "^description\[de\]: ..........."'
    [ "$f" = levels/01_tutorial.txt ] ||
        check "$f: author Isodroid and a comment on top saying what it teaches" \
            'echo "$header" | grep -qx "author: Isodroid" && head -1 "$f" | grep -q "^; " && [ "$(sed -n "/^[^;]/q;p" "$f" | wc -l)" -ge 3 ]'
    check "$f: ${w}x$h, no bigger than 40x30" '[ "$w" -le 40 ] && [ "$h" -le 30 ]'
done

# ---- the extras ------------------------------------------------------------------------

generated=$(grep -l "^; Generated by tools/make_level.py" levels/extra/*.txt | head -1)
check "a generated level ships among the extras" '[ -n "$generated" ]'
if [ -n "$generated" ]; then
    # shellcheck disable=SC2046
    set -- $(sed -n 's/^; Generated by tools\/make_level.py //p' "$generated")
    gw=$1 gh=$2 seed=$3
    name=$(sed -n 's/^name: //p' "$generated")
    check "the generated level is at least 256x256 (${gw}x$gh)" '[ "$gw" -ge 256 ] && [ "$gh" -ge 256 ]'
    if command -v python3 >/dev/null; then
        python3 tools/make_level.py "$gw" "$gh" "$seed" "$name" >"$tmp/gen.txt"
        check "the generated level is the generator's output" 'cmp -s "$tmp/gen.txt" "$generated"'
    else
        skip "python3 not found: generator output not compared"
    fi
fi

tap_end
