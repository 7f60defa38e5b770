"""Quantum Tic-Tac-Toe speed: uniformly random games through the checked ``play``.

Run:  PYTHONPATH=src python benchmarks/bench_qttt.py [--games N] [--rounds R]

Pinned to one core, plays ``rounds`` rounds of ``games`` random games (each move
``state.random_move(rng)``, then ``state.play(move)``, until the game is over)
and prints the median and the worst round's games per second, and the median
and worst time of one game.  Target: at least 15,000 games per second.
"""

from __future__ import annotations

import argparse

from random_games import pin_to_one_core, report_random_games
from rulebook.games import make_game

TARGET = 15_000


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="random games per round")
    parser.add_argument("--rounds", type=int, default=7, help="rounds to time")
    parser.add_argument("--core", type=int, default=None, help="the core to run on")
    args = parser.parse_args()
    print(f"pinned to core {pin_to_one_core(args.core)}")
    report_random_games("QTTT random games", make_game("qttt"), args.games, args.rounds, TARGET)


if __name__ == "__main__":
    main()
