"""Facts a record may claim in every game, beside the game's own.

The engines' facts live with the engines (``games/<game>/facts.py`` and the
common ones in :mod:`rulebook.game`); the stored studies fingerprint those files,
so a fact that needs nothing from an engine but its public interface lives
here instead, and the claims, ``rulebook find``, the schema and the record
reference read a game's facts through :func:`claim_facts`.

``refusal``: why the engine refuses a move, in its own words (the rule that
``IllegalMoveError`` names).  A figure panel's ``attempt`` draws such a move,
refused by the same function (:func:`refusal`).

Standard library only (records are read in the browser's drawing check too).
"""

from __future__ import annotations

from functools import lru_cache

from .errors import IllegalMoveError, RulebookError
from .game import FactSet, Game, State

RECORD_FACTS = FactSet()


class AcceptedMoveError(RulebookError):
    """A move shown or claimed as refused that the engine accepts."""


def refusal(state: State, move: str) -> str:
    """The engine's reason for refusing ``move`` (in the game's notation) here.

    A move that cannot be read is a NotationError, as anywhere; a move the
    engine accepts is an :class:`AcceptedMoveError`.
    """
    parsed = state.parse_move(move)
    try:
        state.play(parsed)
    except IllegalMoveError as error:
        return error.rule
    raise AcceptedMoveError(f"the engine accepts {move!r} here, so it shows no refused move "
                            "(a refusal needs a move the rules forbid)")


@RECORD_FACTS.fact("refusal", "The engine's own reason for refusing a move written in the "
                              "game's notation (the rule it names). A claim on a move the "
                              "engine accepts fails.", args=("move",))
def _refusal(state: State, move: str) -> str:
    return refusal(state, move)


@lru_cache(maxsize=None)
def _merged(game_class: type) -> FactSet:
    return FactSet(game_class.facts, RECORD_FACTS)


def claim_facts(game: Game) -> FactSet:
    """Every fact a claim may ask about ``game``: its own and the records' own."""
    return _merged(type(game))
