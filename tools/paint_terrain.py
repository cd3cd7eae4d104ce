#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""paint_terrain.py - paints the game's weighted tiles on a Moving AI map, for
benchmarks on weighted grids (bench/weighted/README.md):

    tools/paint_terrain.py IN.map SEED [--rough PCT] [--doors N] > OUT.map

Doors first: '+' (cost 5) on N one-tile-wide chokepoints, walkable tiles
whose two neighbours on one axis are blocked (or off the map) and whose two
on the other axis are walkable, drawn at random with no two doors touching
(not even diagonally). N defaults to 200 per 512 x 512 tiles of map, rounded;
a map with fewer chokepoints gets them all.

Then rough ground: ',' (cost 3) in blobs until PCT percent (default 30) of
the walkable tiles, the doors included, are rough; the last blob stops at
exactly that count. A blob is a disc round a random tile not yet painted
with 1 to 3 smaller discs overlapping it; the radii are drawn log-uniform
from 1 to a sixteenth of the map's shorter side (32 on 512 x 512), so there
are many small patches and a few large ones. Only tiles of cost 1 ('.', 'G',
'S') are painted; walls and doors stay as they are.

Blocked glyphs are kept. The output is the map with a plain header
(type octile, height, width, map); what was painted goes to stderr. The
same map, SEED and options give the same file, byte for byte (Python's
random.Random with that seed, nothing drawn from sets or the clock).
"""
import math
import random
import sys

from make_scen import COST, read_map

ROUGH, DOOR = ",", "+"


def chokepoints(w, h, rows):
    """Every one-tile-wide chokepoint, in row order."""
    def open_(x, y):
        return 0 <= x < w and 0 <= y < h and rows[y][x] in COST

    found = []
    for y in range(h):
        for x in range(w):
            if not open_(x, y):
                continue
            ew = open_(x - 1, y), open_(x + 1, y)
            ns = open_(x, y - 1), open_(x, y + 1)
            if (ew == (False, False) and ns == (True, True)) or (ns == (False, False) and ew == (True, True)):
                found.append((x, y))
    return found


def paint_doors(w, h, g, count, rng):
    """Doors on count chokepoints of g (lists of glyphs), none touching
    another; returns how many there were to choose from."""
    rows = ["".join(r) for r in g]
    spots = chokepoints(w, h, rows)
    rng.shuffle(spots)
    placed = 0
    for x, y in spots:
        if placed == count:
            break
        near = (g[y + dy][x + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                if 0 <= x + dx < w and 0 <= y + dy < h)
        if DOOR in near:
            continue
        g[y][x] = DOOR
        placed += 1
    return placed, len(spots)


def paint_rough(w, h, g, target, rng):
    """Blobs of rough ground on tiles of cost 1 until target are rough."""
    plain = [(x, y) for y in range(h) for x in range(w) if COST.get(g[y][x]) == 1]
    rmax = max(1.0, min(w, h) / 16)
    painted = 0

    def disc(cx, cy, r):
        nonlocal painted
        ri = int(r)
        for y in range(max(0, cy - ri), min(h, cy + ri + 1)):
            for x in range(max(0, cx - ri), min(w, cx + ri + 1)):
                if painted < target and (x - cx) ** 2 + (y - cy) ** 2 <= r * r and COST.get(g[y][x]) == 1:
                    g[y][x] = ROUGH
                    painted += 1

    while painted < target and plain:
        # a random tile still plain (the list is pruned as it is drawn from)
        k = rng.randrange(len(plain))
        cx, cy = plain[k]
        plain[k] = plain[-1]
        plain.pop()
        if COST.get(g[cy][cx]) != 1:
            continue
        r = math.exp(rng.uniform(0.0, math.log(rmax)))
        disc(cx, cy, r)
        for _ in range(rng.randint(1, 3)):
            a = rng.uniform(0.0, 2 * math.pi)
            d = rng.uniform(0.3, 1.0) * r
            disc(cx + round(d * math.cos(a)), cy + round(d * math.sin(a)), r * rng.uniform(0.4, 0.8))
    return painted


def main():
    args = sys.argv[1:]
    opts = {"--rough": 30.0, "--doors": None}
    for name in opts:
        if name in args:
            k = args.index(name)
            opts[name] = float(args[k + 1]) if name == "--rough" else int(args[k + 1])
            del args[k:k + 2]
    if len(args) != 2 or not 0 <= opts["--rough"] <= 100 or (opts["--doors"] or 0) < 0:
        sys.exit("usage: tools/paint_terrain.py IN.map SEED [--rough PCT] [--doors N] > OUT.map")
    path, seed = args[0], int(args[1])
    w, h, rows = read_map(path)
    rng = random.Random(seed)
    g = [list(r) for r in rows]
    doors = opts["--doors"]
    if doors is None:
        doors = round(200 * w * h / (512 * 512))
    doors, spots = paint_doors(w, h, g, doors, rng)
    walkable = sum(1 for r in g for c in r if c in COST)
    target = round(walkable * opts["--rough"] / 100)
    rough = paint_rough(w, h, g, target, rng)
    out = [f"type octile\nheight {h}\nwidth {w}\nmap\n"] + ["".join(r) + "\n" for r in g]
    sys.stdout.write("".join(out))
    print(f"{path}: {w}x{h}, {walkable} walkable tiles: {rough} rough ({100 * rough / max(walkable, 1):.1f}%), "
          f"{doors} doors on {spots} chokepoints, seed {seed}", file=sys.stderr)


if __name__ == "__main__":
    main()
