"""Craquelure speed, and the computer player's strength against random play.

    PYTHONPATH=src python benchmarks/bench_craquelure.py            # timings
    PYTHONPATH=src python benchmarks/bench_craquelure.py --match 100  # + 100 games vs random

Prints the median and worst time to check and apply a cut, to decide the
settledness of every region of a position, to check for a win, to play a whole
random game, and the computer player's playouts per second.  Targets on the
development machine: a cut under 0.2 ms median, a random game under 10 ms median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rulebook.games import make_game
from rulebook.games.craquelure.rules import arcs_of, connected_group, is_settled
from rulebook.players import MonteCarloPlayer, RandomPlayer, play_game, playout


def report(name: str, seconds: list[float], unit: str = "ms") -> None:
    scale = 1000 if unit == "ms" else 1e6
    print(f"{name:40} median {statistics.median(seconds) * scale:9.3f} {unit}   "
          f"worst {max(seconds) * scale:9.3f} {unit}   ({len(seconds)} runs)")


def positions(game, count: int, seed: int):
    """Positions from random games, with one random legal move for each."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        while not state.is_over() and len(found) < count:
            move = state.random_move(rng)
            found.append((state, move))
            state = state.play(move)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", type=int, default=0, help="games against a random player")
    parser.add_argument("--playouts", type=int, default=150, help="computer player's playouts")
    args = parser.parse_args()
    game = make_game("craquelure")

    cuts = []
    for state, move in positions(game, 2000, seed=1):
        fresh = type(state)(state.game, state.regions, state.next_id, state._turn,
                            state.move_number, state.swapped)  # no cached plan
        start = time.perf_counter()
        fresh.play(move)
        cuts.append(time.perf_counter() - start)
    report("check and apply a move", cuts)

    settled, wins = [], []
    for state, _ in positions(game, 500, seed=2):
        regions = list(state.regions.values())
        for region in regions:
            region._settled = None  # forget the cached answer
        start = time.perf_counter()
        for region in regions:
            is_settled(region, state.settings)
        settled.append(time.perf_counter() - start)
        start = time.perf_counter()
        for colour in (0, 1):
            seen = set()
            for region in regions:
                if region.owner == colour and region.id not in seen:
                    group = connected_group(state.regions, region.id)
                    seen |= group
                    arcs_of(state.regions, group)
        wins.append(time.perf_counter() - start)
    report("settledness of every region", settled)
    report("win check, every group of both colours", wins)

    rng = random.Random(3)
    games = []
    for _ in range(300):
        start = time.perf_counter()
        playout(game.initial_state(), rng)
        games.append(time.perf_counter() - start)
    report("whole random game", games)
    print(f"{'playouts per second (from the start)':40} {len(games) / sum(games):9.1f}")

    if args.match:
        wins, start = 0, time.perf_counter()
        for index in range(args.match):
            seat = index % 2  # the computer plays first in even games
            players = [None, None]
            players[seat] = MonteCarloPlayer(playouts=args.playouts, seed=index)
            players[1 - seat] = RandomPlayer(seed=10_000 + index)
            _, final = play_game(game.initial_state(), players)
            wins += final.outcome().winner == seat
        seconds = time.perf_counter() - start
        print(f"computer player ({args.playouts} playouts) beat random play in {wins} of "
              f"{args.match} games ({100 * wins / args.match:.0f}%), {seconds:.0f} s")


if __name__ == "__main__":
    main()
