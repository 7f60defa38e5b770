"""inpHeXion speed on the 7×7 board: legal moves, applying a move, random games, perft.

Run:  PYTHONPATH=src python benchmarks/bench_inphexion.py [--checked-games N] [--rounds R]

Pinned to one core, prints
* the median and worst time per call of ``legal_moves()`` and ``play()`` over
  the positions of seeded random games;
* how many uniformly random games per second the checked engine plays
  (``state.play(state.random_move(rng))`` until the game is over; median and
  worst of ``rounds`` rounds; target: at least 3,000), and one game's median
  and worst time;
* the median and worst time of perft(6) from the initial position
  (1,344,376 move sequences; target: under 2 s), counted by rules.perft:
  ``_legal_moves`` and ``_apply`` down to the last ply, which
  ``count_legal_moves`` counts without listing it;
* how many random games the fast playout loop (rulebook.games.inphexion.playout)
  finishes per second (target: at least 2,000).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from random_games import pin_to_one_core, report_random_games
from rulebook.games import make_game
from rulebook.games.inphexion.playout import random_game
from rulebook.games.inphexion.rules import perft

RANDOM_GAMES_TARGET = 3_000
PERFT_DEPTH, PERFT_COUNT, PERFT_TARGET = 6, 1_344_376, 2.0  # seconds


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
    parser.add_argument("--checked-games", type=int, default=1000,
                        help="random games per round through the checked play")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of checked random games")
    parser.add_argument("--perft-repeat", type=int, default=3, help="times to count perft(6)")
    parser.add_argument("--core", type=int, default=None, help="the core to run on")
    args = parser.parse_args()
    print(f"pinned to core {pin_to_one_core(args.core)}")

    pairs = positions(args.positions_from)
    report("legal_moves()", timed(lambda p: p[0].legal_moves(), pairs))
    report("play(move) (checked)", timed(lambda p: p[0].play(p[1]), pairs))

    game = make_game("inphexion")
    report_random_games("checked 7×7 random games", game, args.checked_games, args.rounds,
                        RANDOM_GAMES_TARGET)

    seconds = []
    for _ in range(args.perft_repeat):
        start = time.process_time()  # CPU time, as in random_games.py
        count = perft(game.initial_state(), PERFT_DEPTH)
        seconds.append(time.process_time() - start)
        if count != PERFT_COUNT:
            sys.exit(f"perft({PERFT_DEPTH}) = {count:,}, not {PERFT_COUNT:,}")
    verdict = "meets" if statistics.median(seconds) < PERFT_TARGET else "MISSES"
    print(f"perft({PERFT_DEPTH}) = {PERFT_COUNT:,}: median {statistics.median(seconds):.2f} s, "
          f"worst {max(seconds):.2f} s (of {args.perft_repeat}; {verdict} the target of "
          f"under {PERFT_TARGET:g} s)")

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
