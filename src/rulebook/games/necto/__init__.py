"""Necto: fill the board with tiles, then replace tiles to tie named knots.

Modules: :mod:`.tiles` (the eight tiles), :mod:`.board` (cells, frame, tracing
lines), :mod:`.knots` (knot types from Alexander polynomials), :mod:`.rules`
(the game), :mod:`.notation`, :mod:`.facts` (for claims), :mod:`.drawing`;
:mod:`.jones` (the Jones polynomial, which shows what the Alexander rule
misses) and :mod:`.misnamed` (the knots it misnames).
"""

from .rules import NectoGame, NectoState

GAME = NectoGame

__all__ = ["GAME", "NectoGame", "NectoState"]
