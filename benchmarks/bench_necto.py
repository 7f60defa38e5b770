"""How fast Necto classifies loops and computes the scoring marks.

Run: PYTHONPATH=src python benchmarks/bench_necto.py [--boards N]

Prints the median and worst time, over random full boards of each size (tiles
drawn uniformly from the eight), of
* classifying every loop of a board (tracing included), and
* computing the scoring marks for the whole board (every replacement tried);
and the same classification on 8×8 boards of twists only: random ones, and
ones grown (by keeping random changes that do not shrink it) until a loop has
100 or more self-crossings.  Caches are cleared before each timed board.

Targets (2-core machine): random 8×8 classification < 2 ms median; all-twist
8×8 < 20 ms median and < 200 ms worst; marks for an 8×8 board < 100 ms median.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time

from rulebook.games import make_game
from rulebook.games.necto import knots
from rulebook.games.necto.tiles import CODES

TWISTS = ("t1", "t2", "t3", "t4")


def board(size, codes, rng):
    state = make_game("necto", size=size).initial_state()
    return dataclasses.replace(state, codes=tuple(codes),
                               owners=tuple(rng.randrange(2) for _ in codes))


def random_board(size, rng, tiles=CODES):
    return board(size, [rng.choice(tiles) for _ in range(size * size)], rng)


def largest_loop(state) -> int:
    return max(len(line.diagram[1]) for line in state.loops)


def grown_twist_board(rng, target=100):
    """An all-twist 8×8 board with a loop of at least ``target`` self-crossings."""
    codes = [rng.choice(TWISTS) for _ in range(64)]
    best = largest_loop(board(8, codes, rng))
    while best < target:
        cell = rng.randrange(64)
        old, codes[cell] = codes[cell], rng.choice(TWISTS)
        size = largest_loop(board(8, codes, rng))
        if size >= best:
            best = size
        else:
            codes[cell] = old
    return board(8, codes, rng)


def _fresh(state):
    """The same board without cached tracing, and with empty knot caches."""
    knots._classify.cache_clear()
    return dataclasses.replace(state)


def time_classify(state) -> float:
    state = _fresh(state)
    start = time.perf_counter()
    for line in state.loops:
        state.knot(line)
    return time.perf_counter() - start


def time_marks(state) -> float:
    state = _fresh(state)
    start = time.perf_counter()
    state.marks()
    return time.perf_counter() - start


def report(label, times, extra=""):
    ms = [t * 1000 for t in times]
    print(f"{label:<44} median {statistics.median(ms):8.2f} ms   worst {max(ms):8.2f} ms"
          f"   ({len(ms)} boards{extra})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40, help="boards per measurement")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    for size in (4, 6, 8):
        boards = [random_board(size, rng) for _ in range(args.boards)]
        biggest = max(largest_loop(b) for b in boards)
        report(f"classify all loops, random {size}×{size}", [time_classify(b) for b in boards],
               f", largest loop {biggest} self-crossings")
    boards = [random_board(8, rng, TWISTS) for _ in range(args.boards)]
    report("classify all loops, all-twist 8×8", [time_classify(b) for b in boards],
           f", largest loop {max(largest_loop(b) for b in boards)} self-crossings")
    boards = [grown_twist_board(rng) for _ in range(max(5, args.boards // 4))]
    report("classify all loops, all-twist 8×8, loop ≥ 100", [time_classify(b) for b in boards],
           f", largest loop {max(largest_loop(b) for b in boards)} self-crossings")
    for size in (4, 6, 8):
        boards = [random_board(size, rng) for _ in range(max(5, args.boards // 2))]
        report(f"scoring marks, random {size}×{size}", [time_marks(b) for b in boards])


if __name__ == "__main__":
    main()
