"""The computer's levels as a ladder: each level against the one below, the weakest against random.

Run: PYTHONPATH=src python benchmarks/bench_ladder.py [--games 200] [--workers 2]
     [--game necto] [--option size=8] [--pairs 3-2,2-1,1-r]

For each game and each pair (``3-2``: the strongest against the default,
``2-1``: the default against the weakest, ``1-r``: the weakest against
uniformly random moves, :class:`rulebook.players.RandomPlayer`), plays
``--games`` games, the colours alternating (game ``i``: the stronger player
moves first when ``i`` is even), every player seeded by the game's index, and
prints the stronger player's score (a win 1, a draw 1/2) as a share with its
95 % Wilson interval, and the goal it must reach (65 % for a level over the one
below, 90 % over random).  Then the time per move of each level (median and
worst, over every move it made), wall-clock and the worker's CPU time: other
work on the machine stretches the first, not the second (on a quiet machine
they are the same).  The games are shared out over ``--workers`` processes;
the numbers do not depend on how many.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from rulebook.computer import computer
from rulebook.games import available_games, make_game
from rulebook.players import RandomPlayer
from rulebook.studies.base import wilson_interval

GOALS = {"3-2": 0.65, "2-1": 0.65, "1-r": 0.90}


def make_player(name: str, state, seed: int):
    return RandomPlayer(seed) if name == "r" else computer(state, int(name), seed)


def one_game(task):
    """(stronger's score, {level: [(wall, CPU) seconds of each move]}) of game ``index``
    of a pair."""
    slug, options, pair, index = task
    game = make_game(slug, **options)
    state = game.initial_state()
    strong, weak = pair.split("-")
    seat = index % 2  # the stronger player's seat
    names = [None, None]
    names[seat], names[1 - seat] = strong, weak
    players = [make_player(names[i], state, 1000 * index + i) for i in (0, 1)]
    times: dict[str, list[tuple[float, float]]] = {strong: [], weak: []}
    while not state.is_over():
        mover = state.turn
        wall, cpu = time.perf_counter(), time.process_time()
        move = players[mover].choose(state)
        times[names[mover]].append((time.perf_counter() - wall, time.process_time() - cpu))
        state = state.play(move)
    winner = state.outcome().winner
    score = 0.5 if winner is None else float(winner == seat)
    times.pop("r", None)
    return score, times


def ms(seconds: float) -> str:
    return f"{1000 * seconds:.0f} ms"


def parse_options(texts: list[str]) -> dict:
    options = {}
    for text in texts:
        name, _, value = text.partition("=")
        options[name] = int(value) if value.lstrip("-").isdigit() else (
            {"true": True, "false": False}.get(value, value))
    return options


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair (default 200)")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--game", action="append", choices=available_games(),
                        help="a game (repeatable; default: every game)")
    parser.add_argument("--option", action="append", default=[],
                        help="a game option NAME=VALUE (e.g. size=8)")
    parser.add_argument("--pairs", default="3-2,2-1,1-r", help="pairs to play (default 3-2,2-1,1-r)")
    args = parser.parse_args(argv)
    options = parse_options(args.option)
    pairs = args.pairs.split(",")
    if unknown := [p for p in pairs if p not in GOALS]:
        parser.error(f"unknown pair {unknown[0]!r} (pairs: {', '.join(GOALS)})")
    slugs = args.game or available_games()
    failed = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for slug in slugs:
            chosen = {k: v for k, v in options.items()
                      if any(p.name == k for p in make_game(slug).parameters)}
            print(f"== {slug} {chosen or ''} ({args.games} games a pair)", flush=True)
            move_times: dict[str, list[tuple[float, float]]] = {}
            started = time.perf_counter()
            for pair in pairs:
                tasks = [(slug, chosen, pair, i) for i in range(args.games)]
                scores = []
                for score, times in pool.map(one_game, tasks):
                    scores.append(score)
                    for level, seconds in times.items():
                        move_times.setdefault(level, []).extend(seconds)
                total = sum(scores)
                # the interval of a score with draws: draws counted as half a win each
                low, high = wilson_interval(total, len(scores))
                share = total / len(scores)
                ok = share >= GOALS[pair]
                failed += not ok
                draws = scores.count(0.5)
                print(f"  {pair}: {100 * share:5.1f} % [{100 * low:.1f}, {100 * high:.1f}] "
                      f"({draws} draws; goal {100 * GOALS[pair]:.0f} %: {'met' if ok else 'NOT met'})",
                      flush=True)
            for level in sorted(move_times):
                wall, cpu = zip(*move_times[level])
                print(f"  level {level} move: median {ms(statistics.median(wall))} wall, "
                      f"{ms(statistics.median(cpu))} CPU; worst {ms(max(wall))} wall, "
                      f"{ms(max(cpu))} CPU ({len(wall)} moves)")
            print(f"  ({time.perf_counter() - started:.0f} s)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
