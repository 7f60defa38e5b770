"""Random games through the public interface, timed on one core (for the bench_* scripts).

A random game starts from the initial position and plays
``state.play(state.random_move(rng))`` (the checked ``play``) until the game is
over: what sweeps, studies and computer players do.

Times are this process's CPU time (``time.process_time``): on a machine shared
with other work, the time the core spent on something else does not count; on
an idle core it is the wall time.
"""

from __future__ import annotations

import os
import random
import statistics
import time


def pin_to_one_core(core: int | None = None) -> int | None:
    """Run this process on one core (the last one allowed unless ``core`` is given);
    returns the core, or None where the system cannot pin."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    chosen = max(os.sched_getaffinity(0)) if core is None else core
    os.sched_setaffinity(0, {chosen})
    return chosen


def play_random_game(game, rng: random.Random) -> int:
    """Play one uniformly random game through the checked ``play``; returns its length."""
    state = game.initial_state()
    moves = 0
    while not state.is_over():
        state = state.play(state.random_move(rng))
        moves += 1
    return moves


def random_game_rates(game, games: int, rounds: int, seed: int = 1):
    """Games per second of each of ``rounds`` rounds of ``games`` random games, every
    game's time in seconds, and the games' lengths."""
    rng = random.Random(seed)
    rates, times, lengths = [], [], []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(games):
            begin = time.process_time()
            lengths.append(play_random_game(game, rng))
            times.append(time.process_time() - begin)
        rates.append(games / (time.process_time() - start))
    return rates, times, lengths


def report_random_games(label: str, game, games: int, rounds: int, target: float) -> None:
    rates, times, lengths = random_game_rates(game, games, rounds)
    verdict = "meets" if statistics.median(rates) >= target else "MISSES"
    print(f"{label}: {statistics.median(rates):,.0f} games/s median, {min(rates):,.0f} worst "
          f"(of {rounds} rounds of {games:,} games; {verdict} the target of {target:,.0f})")
    print(f"{'':{len(label)}}  one game: median {statistics.median(times) * 1e6:.0f} µs, worst "
          f"{max(times) * 1e6:.0f} µs; mean length {statistics.mean(lengths):.1f} moves")
