#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make_flat.py - writes a large featureless Isodroid level, to time the
rules' tick or a frame where only the map's size or its number of doors
or cells can cost: every tile the same glyph, the droid's start in the
middle, no sentries; or, to time the solver's set-up on a big map, open
floor with one guard in the north-west corner and the exit in the
south-east one.

    tools/make_flat.py floor WIDTH HEIGHT > level.txt   # open floor
    tools/make_flat.py doors WIDTH HEIGHT > level.txt   # every tile a door
    tools/make_flat.py cells WIDTH HEIGHT > level.txt   # every tile an energy cell
    tools/make_flat.py guard WIDTH HEIGHT > level.txt   # open floor, a sentry, an exit

(docs/performance.md, "The rules' tick on big maps", "Minimap markers"
and "Solving a 4096x4096 level"; tests/test_isopath.sh, tests/test_minimap.sh,
tests/test_solve_clock.sh.)
"""
import sys


def main():
    kinds = {"floor": (".", "Floor"), "doors": ("+", "Doors"), "cells": ("*", "Cells"), "guard": (".", "Guarded")}
    if len(sys.argv) != 4 or sys.argv[1] not in kinds:
        sys.exit("usage: make_flat.py floor|doors|cells|guard WIDTH HEIGHT")
    kind, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if not (1 <= w <= 4096 and 1 <= h <= 4096) or (kind == "guard" and (w < 3 or h < 3)):
        sys.exit("make_flat.py: sides from 1 (guard: 3) to 4096")
    glyph, name = kinds[kind]
    out = sys.stdout
    out.write(f"name: {name} {w}x{h}\n")
    sx, sy = w // 2, h // 2
    for y in range(h):
        row = [glyph] * w
        if y == sy:
            row[sx] = "@"
        if kind == "guard" and y == 0:
            row[0] = "S"
        if kind == "guard" and y == h - 1:
            row[w - 1] = ">"
        out.write("".join(row) + "\n")


if __name__ == "__main__":
    main()
