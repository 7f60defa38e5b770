"""Search random 8×8 Necto boards for a knotted loop that the game counts as unknotted.

Run: PYTHONPATH=src python benchmarks/necto_alexander_one.py [--seed 1] [--boards 20000]

The game decides a loop's type by its Alexander polynomial Δ alone, so a knot
with Δ = 1 counts as unknotted (○).  This fills boards with tiles drawn
uniformly from the eight (seeded), and for every loop with Δ = 1 computes its
Jones polynomial V: V ≠ 1 proves the loop knotted (V of the unknot is 1).

Of the finds it keeps the loop with the fewest self-crossings and then plainens
its board greedily: it replaces tiles with tiles of fewer crossings (each a
legal Necto replacement) as long as some loop keeps Δ = 1 and V ≠ 1, so the
example is as easy to follow as the search can make it.  It prints the board
in record notation, a line end on the loop, its crossings, Δ and V, and the
time taken; then how fast V is computed for every loop of random boards.
``figures/necto/alexander-one.toml`` holds the board this printed with the
default arguments.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time

from rulebook.games import make_game
from rulebook.games.necto import jones, knots
from rulebook.games.necto.board import cell_name, trace_all
from rulebook.games.necto.tiles import CODES, TILES, replacements

SIZE = 8
UNKNOT_JONES = (0, (1,))


def knotted_unknots(codes):
    """The loops of a full board with Δ = 1 and V ≠ 1, as (line, V)."""
    found = []
    for line in trace_all(SIZE, tuple(TILES[c] for c in codes)):
        code, signs = line.diagram
        if len(code) < 2 * 11:  # no knot of fewer than 11 crossings has Δ = 1
            continue
        if knots.classify(code, signs) is knots.UNKNOT:
            polynomial = jones.jones(code, signs)
            if polynomial != UNKNOT_JONES:
                found.append((line, polynomial))
    return found


def self_crossings(line):
    return len(line.diagram[1])


def search(rng, boards):
    best = None
    finds = 0
    for index in range(boards):
        codes = [rng.choice(CODES) for _ in range(SIZE * SIZE)]
        for line, _ in knotted_unknots(codes):
            finds += 1
            if best is None or self_crossings(line) < self_crossings(best[1]):
                best = (codes, line, index)
    return best, finds


def plainen(codes):
    """Replace tiles with fewer-crossing ones while a knotted loop with Δ = 1 remains."""
    codes = list(codes)
    changed = True
    while changed:
        changed = False
        for cell in range(len(codes)):
            for new in sorted(replacements(codes[cell]), key=lambda c: TILES[c].crossings):
                trial = codes[:cell] + [new] + codes[cell + 1:]
                if knotted_unknots(trial):
                    codes, changed = trial, True
                    break
    return codes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boards", type=int, default=20000)
    args = parser.parse_args()

    start = time.perf_counter()
    best, finds = search(random.Random(args.seed), args.boards)
    print(f"searched {args.boards} random {SIZE}×{SIZE} boards (seed {args.seed}) in "
          f"{time.perf_counter() - start:.1f} s: {finds} knotted loops with Δ = 1")
    if best is None:
        return
    codes, line, index = best
    print(f"fewest self-crossings: board {index}, {self_crossings(line)} self-crossings")

    start = time.perf_counter()
    codes = plainen(codes)
    line, polynomial = min(knotted_unknots(codes), key=lambda found: self_crossings(found[0]))
    print(f"plainened in {time.perf_counter() - start:.1f} s: "
          f"{sum(TILES[c].crossings for c in codes)} crossings left on the board")

    # owners: half the tiles each, as after a placing stage (they do not matter here)
    owners = [0, 1] * (SIZE * SIZE // 2)
    random.Random(args.seed).shuffle(owners)
    state = dataclasses.replace(make_game("necto", size=SIZE).initial_state(),
                                codes=tuple(codes), owners=tuple(owners))
    print(state)
    # name the loop by a line end on its first tile with a crossing
    cell, strand, forward = next(p for p in line.passes if TILES[codes[p[0]]].crossings)
    side = TILES[codes[cell]].strands[strand].ends[0 if forward else 1]
    code, signs = line.diagram
    print(f"the loop through {cell_name(cell, SIZE)} {side}: {self_crossings(line)} self-crossings, "
          f"{len(knots.simplify(code, signs)[0]) // 2} once kinks and removable overlaps are gone")
    print("the game's type:", knots.classify(code, signs).label)
    print("Alexander polynomial:", knots.format_polynomial(knots.polynomial(code, signs)))
    print("Jones polynomial:", jones.format_jones(polynomial))
    print(f"Jones polynomial of this loop: {1000 * jones_time(code, signs):.1f} ms")
    jones_speed(random.Random(args.seed))


def jones_time(code, signs) -> float:
    jones._jones.cache_clear()
    start = time.perf_counter()
    jones.jones(code, signs)
    return time.perf_counter() - start


def jones_speed(rng, boards=20):
    """How fast the Jones polynomial is on every loop of random 8×8 boards."""
    for label, tiles in (("tiles drawn uniformly", CODES), ("twists only", ("t1", "t2", "t3", "t4"))):
        timed = []
        for _ in range(boards):
            for line in trace_all(SIZE, tuple(TILES[rng.choice(tiles)] for _ in range(SIZE * SIZE))):
                code, signs = line.diagram
                timed.append((jones_time(code, signs), len(knots.simplify(code, signs)[0]) // 2))
        worst, crossings = max(timed)
        print(f"Jones polynomial, {len(timed)} loops of {boards} boards ({label}): median "
              f"{1000 * statistics.median(t for t, _ in timed):.2f} ms, worst {1000 * worst:.1f} ms "
              f"({crossings} crossings after removing kinks and overlaps; most "
              f"{max(c for _, c in timed)})")


if __name__ == "__main__":
    main()
