"""Differential testing of an engine against a second, naive model of its game.

Not a test module: the ``test_*_oracle.py`` files use it.  A naive model is a
position with

* ``moves()``: its legal moves, in the game's notation (a list of strings);
* ``play(text)``: the position after one of them (a new object);
* ``view()``: what the rules decide about the position, as plain values
  (whose turn, the outcome, the board), compared with the engine's view of
  its own position (a function the test gives).

:func:`compare_random_games` plays seeded random games through both and
asserts, at every position reached, the same set of legal moves, the same
view, and the same view after every legal move (not only the one played).
A failure names the seed and the moves, so it can be replayed.
"""

from __future__ import annotations

import os
import random
from typing import Any, Callable

GAMES_VARIABLE = "RULEBOOK_DIFFERENTIAL_GAMES"


def game_count(default: int) -> int:
    """How many random games a test plays: ``default``, or ``$RULEBOOK_DIFFERENTIAL_GAMES``
    times ``default`` / 100 (``RULEBOOK_DIFFERENTIAL_GAMES=1000`` plays ten times as many)."""
    scale = os.environ.get(GAMES_VARIABLE)
    return default if not scale else max(1, default * int(scale) // 100)


class Disagreement(AssertionError):
    pass


def compare_random_games(engine_start: Callable[[], Any], naive_start: Callable[[], Any],
                         engine_view: Callable[[Any], Any], games: int, seed: int = 0,
                         every_move: bool = True, canonical: Callable[[str], Any] = str,
                         max_moves: int | None = None,
                         choose: Callable[[random.Random, list, Any], Any] | None = None
                         ) -> dict[str, int]:
    """Play ``games`` random games (game ``g`` from ``random.Random(seed + g)``) through
    the engine and the naive model; ``canonical`` maps a move's text to what makes two
    writings of one move equal; ``choose(rng, keys, state)`` picks the move played
    among the legal moves' sorted keys in the engine's ``state`` (default: uniformly),
    to steer games towards rarer positions.  Returns how many positions and moves were compared."""
    counts = {"games": 0, "positions": 0, "moves": 0}
    for number in range(seed, seed + games):
        rng = random.Random(number)
        state, naive, history = engine_start(), naive_start(), []

        def check(condition, what):
            if not condition:
                raise Disagreement(f"game seed {number}, after {' '.join(history) or 'no move'}: "
                                   f"{what}\n{state}")

        while True:
            counts["positions"] += 1
            written = {canonical(state.format_move(m)): m for m in state.legal_moves()}
            naive_moves = {canonical(text): text for text in naive.moves()}
            check(set(written) == set(naive_moves),
                  f"legal moves differ: engine only {sorted(set(written) - set(naive_moves))[:5]}, "
                  f"naive only {sorted(set(naive_moves) - set(written))[:5]}")
            mine, theirs = engine_view(state), naive.view()
            check(mine == theirs, f"positions differ:\nengine {mine}\nnaive  {theirs}")
            if not written or (max_moves is not None and len(history) >= max_moves):
                break
            if every_move:
                for key, move in written.items():
                    counts["moves"] += 1
                    after, naive_after = engine_view(state.play(move)), naive.play(naive_moves[key])
                    check(after == naive_after.view(),
                          f"{state.format_move(move)} leads to different positions:\n"
                          f"engine {after}\nnaive  {naive_after.view()}")
            key = (choose(rng, sorted(written), state) if choose
                   else rng.choice(sorted(written)))
            history.append(state.format_move(written[key]))
            state, naive = state.play(written[key]), naive.play(naive_moves[key])
        counts["games"] += 1
    return counts
