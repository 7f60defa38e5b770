"""inpHeXion against its naive engine (test_inphexion_naive.py's, which imports
nothing from rulebook.games), through the differential harness: seeded random
games on small boards, every variant, compared at every position (legal moves,
whose turn, discs in hand, the board, the outcome) and after every legal move."""

from __future__ import annotations

import pytest

from differential import compare_random_games, game_count
from rulebook.games import make_game
from test_inphexion_naive import Naive, canonical


def naive_view(naive):
    over = naive.winner is not None or not naive.moves()
    return (None if over else naive.to_move, naive.winner, naive.reason, dict(naive.hand),
            naive.rows())


class Viewed(Naive):
    def view(self):
        return naive_view(self)

    def play(self, text):
        after = super().play(text)
        after.__class__ = Viewed
        return after


def engine_view(state):
    outcome = state.outcome()
    return (None if outcome else "WB"[state.to_move],
            None if outcome is None else "WB"[outcome.winner],
            None if outcome is None else outcome.reason,
            {"W": state.hand[0], "B": state.hand[1]},
            ["".join(row) for row in state.grid()])


@pytest.mark.parametrize("options, games", [
    ({"size": 3}, 80), ({"size": 3, "pie": True, "neutral": True}, 80),
    ({"size": 4, "pie": True}, 20), ({"size": 4, "neutral": True}, 20),
    ({"size": 5, "discs": 5}, 10),
], ids=lambda value: "-".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, dict) else str(value))
def test_inphexion_random_games_agree_with_the_naive_engine_after_every_move(options, games):
    game = make_game("inphexion", **options)

    def naive_start():
        naive = Viewed(game.options["size"], game.discs, game.options["pie"],
                       game.options["neutral"])
        return naive

    counts = compare_random_games(game.initial_state, naive_start, engine_view,
                                  game_count(games), seed=7, canonical=canonical)
    assert counts["moves"] > counts["positions"]
