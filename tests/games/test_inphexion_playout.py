"""The fast playout loop plays legal games and reaches the results the checked engine reaches."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rulebook.games import make_game
from rulebook.games.inphexion.rules import Move


def replay(options, moves):
    """Play the playout's moves through the checked engine (IllegalMoveError if one is illegal)."""
    game = make_game("inphexion", **options)
    state = game.initial_state()
    for target, push, relocations in moves:
        state = state.play(Move(target, push, relocations))
    return state


@pytest.mark.parametrize("options", [{}, {"neutral": True}, {"size": 5}, {"size": 4},
                                     {"size": 5, "discs": 5}, {"size": 9, "neutral": True}])
def test_playouts_are_legal_games_with_the_same_result(options):
    from rulebook.games.inphexion.playout import random_game

    rng = random.Random(11)
    reasons = Counter()
    for _ in range(60):
        moves, winner, reason = random_game(rng=rng, **options)
        final = replay(options, moves)
        outcome = final.outcome()
        assert outcome is not None, "the playout stopped before the game was over"
        assert (outcome.winner, outcome.reason) == (winner, reason)
        reasons[reason] += 1
    if "discs" not in options:  # with enough discs random games mostly end joined
        assert reasons["connection"] > 0


def test_playouts_cover_every_ending():
    """Over many small games every way of ending turns up, so the checks above meet them all."""
    from rulebook.games.inphexion.playout import random_game

    rng = random.Random(5)
    reasons = Counter()
    for options in ({"size": 4}, {"size": 4, "discs": 5}, {"size": 3, "neutral": True}):
        for _ in range(400):
            moves, winner, reason = random_game(rng=rng, **options)
            reasons[reason] += 1
            if reason != "connection":
                outcome = replay(options, moves).outcome()
                assert (outcome.winner, outcome.reason) == (winner, reason)
    assert set(reasons) == {"connection", "no empty cell for a relocation", "no legal move",
                            "no discs in hand"}, reasons


def test_playouts_are_deterministic_for_a_seed():
    from rulebook.games.inphexion.playout import random_game

    first = random_game(rng=random.Random(3))
    assert random_game(rng=random.Random(3)) == first
    assert make_game("inphexion").initial_state() is not None


@pytest.mark.parametrize("options", [{"size": 4}, {"size": 3, "neutral": True}])
def test_playouts_push_each_legal_pair_equally_often(options):
    """The random player picks a push uniformly among the legal (disc, empty neighbour)
    pairs, early (more empty cells than discs to push) and late alike.  So each cell is
    pushed from, and pushed onto, as often as the legal pairs of the positions met say:
    the sum over the moves of (pairs with that cell) / (pairs).  Counted apart for the
    two ways the loop samples, every cell of the board, corners and edges included."""
    from rulebook.games.inphexion.playout import random_game

    rng = random.Random(8)
    observed, expected = Counter(), Counter()
    for _ in range(500):
        moves, _, _ = random_game(rng=rng, **options)
        state = make_game("inphexion", **options).initial_state()
        for target, push, relocations in moves:
            if push is not None:
                pairs = {(m.target, m.push) for m in state.legal_moves() if m.push is not None}
                assert (target, push) in pairs
                late = bin(state.empty).count("1") < len({t for t, _ in pairs})
                for t, p in pairs:
                    expected["late" if late else "early", "from", t] += 1 / len(pairs)
                    expected["late" if late else "early", "onto", p] += 1 / len(pairs)
                observed["late" if late else "early", "from", target] += 1
                observed["late" if late else "early", "onto", push] += 1
            state = state.play(Move(target, push, relocations))
    # every pair the positions offered was taken some time: a cell never reached is a bug
    assert {key for key in expected} == {key for key in observed}
    assert min(key[2] for key in observed if key[1] == "onto") == 0
    for key, mean in expected.items():
        if mean >= 20:  # compared where a cell's share is large enough to tell
            assert abs(observed[key] - mean) <= 4 * mean ** 0.5 + 2, (key, observed[key], mean)
    compared = Counter(key[0] for key, mean in expected.items() if mean >= 20)
    assert compared["early"] >= 8 and compared["late"] >= 4, compared
