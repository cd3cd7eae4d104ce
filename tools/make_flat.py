#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make_flat.py - writes a large featureless Isodroid level, to time the
rules' tick or a frame where only the map's size or its number of doors
or cells can cost: every tile the same glyph, the droid's start in the
middle, no sentries.

    tools/make_flat.py floor WIDTH HEIGHT > level.txt   # open floor
    tools/make_flat.py doors WIDTH HEIGHT > level.txt   # every tile a door
    tools/make_flat.py cells WIDTH HEIGHT > level.txt   # every tile an energy cell

(docs/performance.md, "The rules' tick on big maps" and "Minimap markers";
tests/test_isopath.sh, tests/test_minimap.sh.)
"""
import sys


def main():
    kinds = {"floor": (".", "Floor"), "doors": ("+", "Doors"), "cells": ("*", "Cells")}
    if len(sys.argv) != 4 or sys.argv[1] not in kinds:
        sys.exit("usage: make_flat.py floor|doors|cells WIDTH HEIGHT")
    kind, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if not (1 <= w <= 4096 and 1 <= h <= 4096):
        sys.exit("make_flat.py: sides from 1 to 4096")
    glyph, name = kinds[kind]
    out = sys.stdout
    out.write(f"name: {name} {w}x{h}\n")
    row = glyph * w + "\n"
    sx, sy = w // 2, h // 2
    for y in range(h):
        if y == sy:
            out.write(glyph * sx + "@" + glyph * (w - sx - 1) + "\n")
        else:
            out.write(row)


if __name__ == "__main__":
    main()
