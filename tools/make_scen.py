#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make_scen.py - writes a Moving AI scenario (version 1) for a map that ships
without one, or for a weighted map (tools/paint_terrain.py). Lengths come
from a plain Dijkstra written here in Python, from the rules alone, so they
check the C pathfinder independently:

  - tiles '.', 'G' and 'S' cost 1, ',' (rough ground) 3, '+' (a door) 5;
    every other glyph is blocked;
  - 8-way steps; a step costs 1 straight or sqrt 2 diagonal, times the cost
    of the tile it enters;
  - no corner cutting: a diagonal needs both orthogonal neighbours walkable.

    tools/make_scen.py MAP COUNT SEED [--per-start K] > MAP.scen

The queries start on random tiles of the map's largest connected area, K
(default 5) from each start: one Dijkstra from the start gives the cost of
every tile, and the K goals are drawn from K equal bands of those costs,
from near to the farthest tile, so the lengths are spread like Moving AI's
buckets. Lines are sorted by length; the bucket column is the length // 4,
as in Moving AI's files; lengths have 8 decimals. The same map, COUNT, SEED
and K give the same file.
"""
import bisect
import heapq
import math
import random
import sys

# the cost of entering each walkable glyph (docs/levels.md, src/nav/movingai.h)
COST = {".": 1, "G": 1, "S": 1, ",": 3, "+": 5}
SQRT2 = math.sqrt(2)


def read_map(path):
    """Returns (width, height, rows) of a Moving AI map: rows are strings of glyphs."""
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
    rows = [row[:w] for row in lines[i + 1:i + 1 + h]]
    if w is None or h is None or len(rows) != h or any(len(r) != w for r in rows):
        sys.exit(f"{path}: not a {w}x{h} Moving AI map")
    return w, h, rows


class Grid:
    """Costs in one flat list with a blocked border of one tile, so a
    neighbour is an index offset and never outside."""

    def __init__(self, w, h, rows):
        self.w, self.h, self.stride = w, h, w + 2
        self.cost = [0] * ((w + 2) * (h + 2))
        for y, row in enumerate(rows):
            base = (y + 1) * self.stride + 1
            for x, c in enumerate(row):
                self.cost[base + x] = COST.get(c, 0)
        s = self.stride
        # (offset, length, the two orthogonal offsets a diagonal needs open)
        self.steps = [(1, 1.0, 0, 0), (-1, 1.0, 0, 0), (s, 1.0, 0, 0), (-s, 1.0, 0, 0)]
        self.steps += [(dy * s + dx, SQRT2, dx, dy * s) for dx in (-1, 1) for dy in (-1, 1)]

    def index(self, x, y):
        return (y + 1) * self.stride + x + 1

    def tile(self, i):
        return i % self.stride - 1, i // self.stride - 1

    def walkable(self):
        return [i for i, c in enumerate(self.cost) if c]

    def costs_from(self, start):
        """Dijkstra: the cost of the cheapest path from start to every tile
        (by index; math.inf where none reaches)."""
        cost, steps = self.cost, self.steps
        dist = [math.inf] * len(cost)
        dist[start] = 0.0
        heap = [(0.0, start)]
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, i = pop(heap)
            if d > dist[i]:
                continue  # a stale entry: i was reached more cheaply since
            for off, step, a, b in steps:
                j = i + off
                c = cost[j]
                if not c or (a and not (cost[i + a] and cost[i + b])):
                    continue
                nd = d + step * c
                if nd < dist[j]:
                    dist[j] = nd
                    push(heap, (nd, j))
        return dist

    def largest_area(self):
        """The tiles of the largest set that 8-way steps without corner
        cutting connect (a step's cost does not matter here)."""
        seen, best = set(), []
        for i in self.walkable():
            if i in seen:
                continue
            seen.add(i)
            area, todo = [i], [i]
            while todo:
                k = todo.pop()
                for off, _, a, b in self.steps:
                    j = k + off
                    if self.cost[j] and j not in seen and (not a or (self.cost[k + a] and self.cost[k + b])):
                        seen.add(j)
                        area.append(j)
                        todo.append(j)
            if len(area) > len(best):
                best = area
        return sorted(best)


def goals_by_band(dist, start, k, rng):
    """k goals from k equal bands of cost, 0 to the farthest tile's; a band
    with no tile gives the tile nearest to its upper end."""
    far = sorted((d, i) for i, d in enumerate(dist) if d < math.inf and i != start)
    if not far:
        return []
    top = far[-1][0]
    keys = [d for d, _ in far]
    goals = []
    for band in range(k):
        lo = bisect.bisect_right(keys, top * band / k)
        hi = bisect.bisect_right(keys, top * (band + 1) / k)
        goals.append(far[rng.randrange(lo, hi)] if hi > lo else far[min(lo, len(far) - 1)])
    return goals


def main():
    args = sys.argv[1:]
    per_start = 5
    if "--per-start" in args:
        k = args.index("--per-start")
        per_start = int(args[k + 1])
        del args[k:k + 2]
    if len(args) != 3 or per_start < 1:
        sys.exit("usage: tools/make_scen.py MAP COUNT SEED [--per-start K] > MAP.scen")
    path, count, seed = args[0], int(args[1]), int(args[2])
    w, h, rows = read_map(path)
    g = Grid(w, h, rows)
    area = g.largest_area()
    if len(area) < 2:
        sys.exit(f"{path}: no two connected walkable tiles")
    rng = random.Random(seed)
    name = path.rsplit("/", 1)[-1]
    queries = []
    while len(queries) < count:
        start = rng.choice(area)
        dist = g.costs_from(start)
        for d, goal in goals_by_band(dist, start, min(per_start, count - len(queries)), rng):
            queries.append((d, g.tile(start), g.tile(goal)))
    queries.sort()
    print("version 1")
    for d, (sx, sy), (gx, gy) in queries:
        print(f"{int(d // 4)}\t{name}\t{w}\t{h}\t{sx}\t{sy}\t{gx}\t{gy}\t{d:.8f}")


if __name__ == "__main__":
    main()
