"""Necto's heuristics for the computer (rulebook.computer): what a move scores at once."""

from __future__ import annotations

from .notation import Move
from .rules import NectoState


def gain(state: NectoState, move: Move) -> int:
    """The points the move scores for its mover, net of those it gives the opponent
    (placements score nothing)."""
    if move.kind != "replace":
        return 0
    gains = state.replacement_result(move.cell, move.code)[0]
    return gains[state.to_move] - gains[1 - state.to_move]
