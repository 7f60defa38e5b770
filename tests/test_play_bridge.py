"""The play page's Python side (rulebook.play.bridge.Session) holds to the rules: a
move the notation reads but the rules refuse is refused with the rule's reason, and
the game on the board stays as it was."""

from __future__ import annotations

import random

import pytest

from rulebook.errors import IllegalMoveError, RulebookError
from rulebook.games import available_games
from rulebook.play.bridge import Session


@pytest.mark.parametrize("slug", available_games())
def test_a_well_written_move_the_rules_refuse_is_refused_and_changes_nothing(slug):
    """Random games played through a session; after each move, the moves that were
    legal just before it, written again (a cell taken, a region already cut, a mark
    already made, the game over...): each one the notation reads and the engine's
    checked play refuses is refused by the session with the same reason, and the game
    stays as it was."""
    refused = 0
    for seed in range(4):
        rng, session = random.Random(seed), Session(slug)
        for _ in range(12):
            before = session.state
            if before.is_over():
                break
            session.play(before.format_move(before.random_move(rng)))
            after, shown = session.state, list(session.moves)
            for other in before.legal_moves()[:20]:
                text = before.format_move(other)
                try:
                    parsed = after.parse_move(text)
                except RulebookError:
                    continue  # the notation refuses it: not what this test is about
                try:
                    after.play(parsed)
                    continue  # legal here too
                except IllegalMoveError as refusal:
                    reason = str(refusal)
                with pytest.raises(RulebookError) as error:
                    session.play(text)
                assert str(error.value) == reason, (seed, text)
                assert session.moves == shown and session.state is after
                refused += 1
    assert refused >= 10, refused
