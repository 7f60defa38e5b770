"""Necto's levels and heuristics for the computer (rulebook.computer): what a move scores
at once, and what it leaves the opponent to score."""

from __future__ import annotations

from ...computer import Level
from .notation import Move
from .rules import NectoState

# Level 1 takes the largest immediate gain, levels 2 and 3 look two plies ahead; a
# Necto playout runs to a full board, so level 3 searches little.
LEVELS = {1: Level(0, wins_first=False, safe=0), 2: Level(0, lookahead=True),
          3: Level(16, lookahead=True)}


def gain(state: NectoState, move: Move) -> int:
    """The points the move scores for its mover, net of those it gives the opponent
    (placements score nothing)."""
    if move.kind != "replace":
        return 0
    gains = state.replacement_result(move.cell, move.code)[0]
    return gains[state.to_move] - gains[1 - state.to_move]


def value(state: NectoState, move: Move) -> int:
    """Two plies: the move's net gain less the most the opponent can then net at once
    (nothing while the board is still being filled)."""
    after = state.play(move)
    if after.stage != "replacing":
        return gain(state, move)
    return gain(state, move) - max(gain(after, reply) for reply in after.legal_moves())
