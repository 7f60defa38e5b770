"""inpHeXion speed on the 7×7 board: legal moves, applying a move, random playouts.

Run:  PYTHONPATH=src python benchmarks/bench_inphexion.py [--games N]

Prints the median and worst time per call of ``legal_moves()`` and ``play()``
over the positions of seeded random games, and how many random games the fast
playout loop (rulebook.games.inphexion.playout) finishes per second on one core
(target: at least 2,000).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rulebook.games import make_game
from rulebook.games.inphexion.playout import random_game


def positions(games: int, seed: int = 1):
    """(state, a legal move) pairs from seeded random games through the checked engine."""
    game = make_game("inphexion")
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = game.initial_state()
        while not state.is_over():
            move = state.random_move(rng)
            found.append((state, move))
            state = state.play(move)
    return found


def timed(function, items, repeat=5):
    """Per-item times in microseconds (best of ``repeat`` calls for each item)."""
    times = []
    for item in items:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            function(item)
            best = min(best, time.perf_counter() - start)
        times.append(best * 1e6)
    return times


def report(label, times, unit="µs"):
    print(f"{label:<28} median {statistics.median(times):9.1f} {unit}   "
          f"worst {max(times):9.1f} {unit}   ({len(times)} positions)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="random playouts to time")
    parser.add_argument("--positions-from", type=int, default=40,
                        help="random games whose positions time legal_moves and play")
    args = parser.parse_args()

    pairs = positions(args.positions_from)
    report("legal_moves()", timed(lambda p: p[0].legal_moves(), pairs))
    report("play(move) (checked)", timed(lambda p: p[0].play(p[1]), pairs))

    rng = random.Random(2014)
    lengths = []
    start = time.perf_counter()
    rounds = []
    for _ in range(args.games):
        begin = time.perf_counter()
        moves, _, _ = random_game(7, rng=rng)
        rounds.append(time.perf_counter() - begin)
        lengths.append(len(moves))
    elapsed = time.perf_counter() - start
    print(f"random 7×7 playouts          {args.games / elapsed:9.0f} games/s   "
          f"median game {statistics.median(rounds) * 1e6:.0f} µs, worst "
          f"{max(rounds) * 1e6:.0f} µs, mean length {statistics.mean(lengths):.1f} moves")


if __name__ == "__main__":
    main()
