"""Necto's levels and heuristics for the computer (rulebook.computer).

What decides a Necto game is who owns the crossings: a loop that becomes a named
knot scores for whoever laid more of its self-crossings, whoever made it a knot.
So every level lays twists while the board is filled (two crossings of its own
per tile, where a cross gives one and a curve none), and in the replacing stage:

- level 1 (:func:`glance`) takes the replacement that nets the most points at
  once, any of them on a tie;
- level 2 (:func:`weigh`) breaks those ties by its *stake*: on the loops that
  could still score (three self-crossings or more; a knotted one counts most),
  how many more of their crossings it owns than the opponent after the move
  (replacing the opponent's twist with a cross of one's own takes a loop over,
  replacing one's own gives a crossing up);
- level 3 (:func:`value`) looks two plies ahead among the moves level 2 rates
  best: the move's net points less the most the opponent can then net at once,
  its stake breaking ties, so it does not pass a gain without a reason and
  does not set up the opponent's knots.

The levels search nothing: their moves are decided by these looks alone (a
playout to the end of a Necto game costs too much for a search to help within
the time a move may take).
"""

from __future__ import annotations

import dataclasses
import math

from ...computer import Level
from .notation import Move
from .rules import NectoState
from .tiles import TILES

SHORTLIST = 4  # how many of level 2's best moves level 3 looks at two plies deep
STAKE_SCALE = 100  # a stake is worth less than a point: points first, the stake breaks ties


def gain(state: NectoState, move: Move) -> int:
    """The points the move scores for its mover, net of those it gives the opponent
    (placements score nothing)."""
    return _looks(state).gain(move)


def laid(move: Move) -> float:
    """A placement's preference: the crossings it lays (a twist's two first)."""
    return TILES[move.code].crossings / 10 if move.kind == "place" else 0.0


def glance(state: NectoState, move: Move) -> float:
    """Level 1: the net points of a replacement, the crossings of a placement."""
    return gain(state, move) + laid(move)


def weigh(state: NectoState, move: Move) -> float:
    """Level 2: the net points, then the stake the move leaves its mover."""
    if move.kind == "place":
        return laid(move)
    looks = _looks(state)
    return looks.gain(move) + looks.stake(move) / STAKE_SCALE


def value(state: NectoState, move: Move) -> float:
    """Level 3: two plies, the move's net points less the most the opponent can then
    net at once (their reply's points), then its stake; only the :data:`SHORTLIST`
    moves that :func:`weigh` rates best are looked at (the rest rate -inf).  The
    look is exact for every move of the largest gain, so a gain is passed over only
    for a move rated higher."""
    looks = _looks(state)
    if move.kind == "place" and state.codes.count(None) > 1:
        return laid(move)  # the board is not filled yet: no reply can score
    if move not in looks.shortlist():
        return -math.inf
    return looks.gain(move) - looks.reply(move) + looks.stake(move) / STAKE_SCALE + laid(move)


# --- the looks at one position, worked out once for all its moves --------------------


class _Looks:
    """What the levels work out about the moves of one position."""

    def __init__(self, state: NectoState):
        self.state = state
        self.after: dict[Move, NectoState] = {}
        self.stakes: dict[Move, float] = {}
        self.theirs: dict[Move, int] | None = None
        self._shortlist: set[Move] | None = None

    def play(self, move: Move) -> NectoState:
        if move not in self.after:
            self.after[move] = self.state.play(move)
        return self.after[move]

    def gain(self, move: Move) -> int:
        return _net(self.state, self.play(move).gains)

    def stake(self, move: Move) -> float:
        """How the move changes its mover's stake in the loops through its cell."""
        if move not in self.stakes:
            state, after, me = self.state, self.play(move), self.state.to_move
            before = [] if state.codes[move.cell] is None else state.lines_through(move.cell)
            self.stakes[move] = (sum(_stake(after, line, me) for line in after.lines_through(move.cell))
                                 - sum(_stake(state, line, me) for line in before))
        return self.stakes[move]

    def shortlist(self) -> set[Move]:
        if self._shortlist is None:
            moves = self.state.legal_moves()
            rated = sorted(moves, key=lambda m: weigh(self.state, m), reverse=True)
            self._shortlist = set(rated[:SHORTLIST])
        return self._shortlist

    def reply(self, move: Move) -> int:
        """The most the opponent can net at once after ``move`` (0 while placing).

        A reply on a cell whose loops do not run through the move's cell (before or
        after it) scores as it would now, with the opponent to move; only the
        replies on those loops are worked out afresh."""
        state, after = self.state, self.play(move)
        if after.stage != "replacing":
            return 0
        if self.theirs is None:
            if state.stage == "replacing":
                other = dataclasses.replace(state, to_move=1 - state.to_move)
                self.theirs = {reply: _scores(other, reply) for reply in other.legal_moves()}
            else:
                self.theirs = {}
        touched = {cell for position in (state, after) if position.codes[move.cell] is not None
                   for line in position.lines_through(move.cell) for cell in line.cells}
        return max(_scores(after, reply) if reply.cell in touched or reply not in self.theirs
                   else self.theirs[reply] for reply in after.legal_moves())


def _scores(state: NectoState, move: Move) -> int:
    """:func:`gain` worked out afresh (for the replies, not kept)."""
    if move.kind != "replace":
        return 0
    return _net(state, state.replacement_result(move.cell, move.code)[0])


def _net(state: NectoState, gains: tuple[int, int]) -> int:
    return gains[state.to_move] - gains[1 - state.to_move]


_last: list = [None, None]  # the position last looked at, and its looks


def _looks(state: NectoState) -> _Looks:
    if _last[0] is not state:
        _last[0], _last[1] = state, _Looks(state)
    return _last[1]


def _stake(state: NectoState, line, me: int) -> float:
    """One loop's worth to player ``me``: how many more of its self-crossings ``me``
    owns than the opponent (at most 2 either way), counted fully on a knotted loop,
    0.4 on an unknotted one of three or more (it may knot as crossings go), not on
    smaller ones (they cannot knot)."""
    if not line.closed or len(line.self_crossings) < 3:
        return 0.0
    first, second = state.crossing_counts(line)
    lead = max(-2, min(2, first - second if me == 0 else second - first))
    return lead * (0.4 if state.knot(line).kind == "unknot" else 1.0)


# Each level decides by its own look, defined above: level 1 glances (the net gain),
# level 2 weighs (the gain, then its stake), level 3 looks two plies deep.
LEVELS = {1: Level(0, wins_first=False, safe=0, lookahead=True, value=glance),
          2: Level(0, lookahead=True, value=weigh),
          3: Level(0, lookahead=True, value=value)}
