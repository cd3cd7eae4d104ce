#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make_scen.py - writes a Moving AI scenario (version 1) for a map that ships
without one. Lengths come from a plain Dijkstra written here in Python, from
the rules alone (8-way, diagonal sqrt 2, no corner cutting), so they check
the C pathfinder independently.

    tools/make_scen.py MAP COUNT SEED > MAP.scen
"""
import heapq
import math
import random
import sys


def load(path):
    with open(path, newline="") as f:
        lines = f.read().replace("\r", "").split("\n")
    h = w = None
    i = 0
    while lines[i].strip() != "map":
        k, _, v = lines[i].partition(" ")
        if k == "height":
            h = int(v)
        elif k == "width":
            w = int(v)
        i += 1
    rows = lines[i + 1:i + 1 + h]
    return w, h, [[c in ".GS" for c in row[:w]] for row in rows]


def dijkstra(w, h, ok, s, t):
    dist = {s: 0.0}
    heap = [(0.0, s)]
    while heap:
        d, (x, y) = heapq.heappop(heap)
        if (x, y) == t:
            return d
        if d > dist[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (dx or dy) and 0 <= nx < w and 0 <= ny < h and ok[ny][nx]:
                    if dx and dy and not (ok[y][nx] and ok[ny][x]):
                        continue
                    nd = d + (math.sqrt(2) if dx and dy else 1.0)
                    if nd < dist.get((nx, ny), 1e300):
                        dist[(nx, ny)] = nd
                        heapq.heappush(heap, (nd, (nx, ny)))
    return None


def main():
    path, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    w, h, ok = load(path)
    rng = random.Random(seed)
    cells = [(x, y) for y in range(h) for x in range(w) if ok[y][x]]
    name = path.rsplit("/", 1)[-1]
    print("version 1")
    made = 0
    while made < count:
        s, t = rng.choice(cells), rng.choice(cells)
        d = dijkstra(w, h, ok, s, t)
        if d is None:
            continue
        print(f"{made % 10}\t{name}\t{w}\t{h}\t{s[0]}\t{s[1]}\t{t[0]}\t{t[1]}\t{d:.8f}")
        made += 1


if __name__ == "__main__":
    main()
