"""Quantum Tic-Tac-Toe rules: spooky pairs, entanglement cycles, collapse.

Cells are numbered 0..8, ``row * 3 + column``, named a1..c3 by notation.py
(columns a-c left to right, rows 1-3 bottom to top).  Marks are numbered by
the move that placed them: X has the odd numbers, O the even ones.

A position keeps the spooky marks (number, two cells), the classical mark of
each cell, and at most one pending collapse: the newest mark closed a cycle
and the other player must choose which of its two cells it goes to.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from operator import itemgetter

from ...game import Game, Outcome, State
from ...kits import squaregrid
from . import notation
from .moves import O, X, Classical, Collapse, Spooky, is_cell, owner

# Outcome reasons
LINE, SIMULTANEOUS_LINES, FULL_BOARD = "line", "simultaneous lines", "full board"

CELLS = range(9)
LINES = squaregrid.lines(3, 3)  # the rows, the columns, the two diagonals
LINE_MARKS = tuple(itemgetter(*line) for line in LINES)  # a line's three cells' marks


def _shape_problem(move) -> str | None:
    """Why ``move`` is not a well-formed QTTT move (built in Python, not parsed)."""
    if isinstance(move, Spooky):
        cells = move.cells  # two cells (is_cell, written out: every move is checked)
        ok = (isinstance(cells, tuple) and len(cells) == 2
              and type(cells[0]) is int and type(cells[1]) is int
              and 0 <= cells[0] < 9 and 0 <= cells[1] < 9)
    else:
        ok = isinstance(move, (Collapse, Classical)) and is_cell(move.cell)
    return None if ok else f"not a move of this game: {move!r}"


class QtttState(State):
    """An immutable position (its attributes are read, never set, once it is made).

    Besides the position itself it keeps what every move asks of it, worked
    out once when it is made: the free cells, the outcome, and the spooky
    groups (``groups[cell]``: the bitmask of the cells joined to ``cell`` by
    chains of spooky marks, ``cell`` included).
    """

    __slots__ = ("game", "spooky", "classical", "marks_placed", "pending", "moves_played",
                 "_free", "_outcome", "_groups")

    def __init__(self, game: "Game", spooky: tuple[tuple[int, int, int], ...] = (),
                 classical: tuple[int | None, ...] = (None,) * 9, marks_placed: int = 0,
                 pending: int | None = None, moves_played: int = 0):
        self.game = game
        self.spooky = spooky  # (mark, cell, cell), in mark order
        self.marks_placed = marks_placed
        self.pending = pending  # the mark whose cycle awaits a collapse choice
        # record entries: pairs, collapse choices, the classical 9th
        self.moves_played = moves_played
        self._groups = spooky_groups(spooky)
        self._set_classical(classical)

    def _set_classical(self, classical: tuple[int | None, ...]) -> None:
        """The mark in each cell, and what follows from them alone."""
        self.classical = classical
        self._free = free = tuple(c for c in CELLS if classical[c] is None)
        # a line needs three classical marks: with at most two the game goes on
        self._outcome = None if len(free) > 6 else classical_outcome(classical)

    def _next(self, spooky, marks_placed, pending, groups, classical=None) -> "QtttState":
        """The position after one move; the free cells and the outcome only change
        with ``classical``, so they are carried over when it is not given."""
        state = object.__new__(QtttState)
        state.game = self.game
        state.spooky = spooky
        state.marks_placed = marks_placed
        state.pending = pending
        state.moves_played = self.moves_played + 1
        state._groups = groups
        if classical is None:
            state.classical, state._free, state._outcome = self.classical, self._free, self._outcome
        else:
            state._set_classical(classical)
        return state

    def _fields(self) -> tuple:
        return (self.game, self.spooky, self.classical, self.marks_placed, self.pending,
                self.moves_played)

    def __eq__(self, other) -> bool:
        return type(other) is QtttState and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        names = ("spooky", "classical", "marks_placed", "pending", "moves_played")
        return "QtttState(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in names) + ")"

    # --- queries -----------------------------------------------------------
    @property
    def move_number(self) -> int:
        return self.moves_played

    @property
    def next_mark(self) -> int:
        return self.marks_placed + 1

    @property
    def turn(self) -> int | None:
        if self._outcome is not None:
            return None
        if self.pending is not None:
            return 1 - owner(self.pending)  # the player who did not close the cycle
        return owner(self.next_mark)

    def free_cells(self) -> list[int]:
        return list(self._free)

    def spooky_in(self, cell: int) -> list[int]:
        return [m for m, a, b in self.spooky if cell in (a, b)]

    def cycle_cells(self) -> list[int]:
        """The cells of the pending cycle (empty when no collapse is due)."""
        if self.pending is None:
            return []
        # Drop tree-like branches: repeatedly remove cells linked by one mark.
        edges = [(a, b) for _, a, b in self.spooky]
        cells = {c for e in edges for c in e}
        while True:
            degree = {c: sum(e.count(c) for e in edges) for c in cells}
            leaves = {c for c, d in degree.items() if d <= 1}
            if not leaves:
                break
            cells -= leaves
            edges = [e for e in edges if not (set(e) & leaves)]
        return sorted(cells)

    def lines(self) -> dict[int, list[tuple[int, int, int]]]:
        """Complete classical lines of each player."""
        return classical_lines(self.classical)

    def line_completed_at(self, line) -> int:
        return completed_at(self.classical, line)

    def outcome(self) -> Outcome | None:
        return self._outcome

    def is_over(self) -> bool:
        return self._outcome is not None

    # --- moves -------------------------------------------------------------
    def random_move(self, rng):
        """A legal move chosen as State.random_move chooses it (``rng.choice`` of the
        legal moves in order; none once the game is over), without copying the list."""
        return rng.choice(() if self._outcome is not None else self._legal_moves())

    def _legal_moves(self):
        if self.pending is not None:
            _, a, b = self.spooky[-1]
            return [COLLAPSE[a], COLLAPSE[b]]
        free = self._free
        if len(free) == 1:
            return [CLASSICAL[free[0]]]
        return spooky_moves(free)

    def _illegal_reason(self, move) -> str | None:
        if (problem := _shape_problem(move)) is not None:
            return problem
        if self.pending is not None:
            if not isinstance(move, Collapse):
                chooser = self.game.player_name(self.turn)
                return (f"mark {self.pending} closed a cycle: {chooser} must first choose "
                        f"where it collapses")
            _, a, b = self.spooky[-1]
            if move.cell not in (a, b):
                return f"mark {self.pending} can only collapse into one of its own two cells"
            return None
        if isinstance(move, Collapse):
            return "there is no cycle to collapse"
        free = self._free
        if len(free) == 1:
            if not isinstance(move, Classical) or move.cell != free[0]:
                return "with one cell left, X's 9th move is a plain mark on that cell"
            return None
        if isinstance(move, Classical):
            return "a plain (classical) mark is only played on the last empty cell"
        a, b = move.cells
        if a == b:
            return "the two spooky marks must go in two different cells"
        if self.classical[a] is not None or self.classical[b] is not None:
            return "spooky marks cannot go in a cell that holds a classical mark"
        return None

    def _apply(self, move) -> "QtttState":
        mark = self.marks_placed + 1  # the next mark
        if isinstance(move, Spooky):  # the most common move first
            a, b = move.cells  # in order (Spooky sorts them)
            groups = self._groups
            closes = groups[a] >> b & 1
            return self._next(self.spooky + ((mark, a, b),), mark, mark if closes else None,
                              groups if closes else joined(groups, a, b))
        if isinstance(move, Collapse):
            classical = collapse(self.spooky, self.classical, self.pending, move.cell)
            settled = set(classical)
            # Marks outside the cycle's group stay spooky.
            spooky = tuple(s for s in self.spooky if s[0] not in settled)
            return self._next(spooky, self.marks_placed, None, spooky_groups(spooky), classical)
        classical = list(self.classical)  # a Classical move
        classical[move.cell] = mark
        return self._next(self.spooky, mark, None, self._groups, tuple(classical))

    # --- notation and output -----------------------------------------------
    def parse_move(self, text: str):
        return notation.parse_move(text)

    def format_move(self, move) -> str:
        return notation.format_move(move)

    def to_json(self) -> dict:
        cell_name, mark_name = notation.cell_name, notation.mark_name
        outcome = self.outcome()
        return {
            "game": "qttt",
            "moves_played": self.moves_played,
            "marks_placed": self.marks_placed,
            "turn": None if self.turn is None else self.game.player_name(self.turn),
            "classical": {cell_name(c): mark_name(m) for c, m in enumerate(self.classical)
                          if m is not None},
            "spooky": [{"mark": mark_name(m), "cells": [cell_name(a), cell_name(b)]}
                       for m, a, b in self.spooky],
            "pending_collapse": None if self.pending is None else mark_name(self.pending),
            "winner": None if outcome is None else self.game.player_name(outcome.winner),
            "reason": None if outcome is None else outcome.reason,
        }

    def __str__(self) -> str:
        return notation.board_text(self)


def connected(spooky, a: int, b: int) -> bool:
    """Whether cells a and b are already joined by a chain of spooky marks."""
    seen, frontier = {a}, [a]
    while frontier:
        cell = frontier.pop()
        for _, p, q in spooky:
            if cell in (p, q):
                other = q if cell == p else p
                if other not in seen:
                    seen.add(other)
                    frontier.append(other)
    return b in seen


def collapse(spooky, classical, mark: int, cell: int) -> tuple:
    """Make ``mark`` classical in ``cell`` and cascade through every tied mark.

    A mark forced out of a cell goes to its other cell, which pushes the marks
    there in turn, until every mark of the cycle's group is classical.  Once
    ``mark`` is placed, the other marks of its group form a tree (the spooky
    marks had no cycle before it), so each is reached once.
    """
    board = list(classical)
    board[cell] = mark
    waiting = [s for s in spooky if s[0] != mark]  # the marks not yet classical
    reached = [cell]  # cells that just received a mark: they push the others there
    while reached:
        target = reached.pop()
        still = []
        for pair in waiting:
            other, a, b = pair
            if a == target or b == target:
                forced = b if a == target else a
                board[forced] = other
                reached.append(forced)
            else:
                still.append(pair)
        waiting = still
    return tuple(board)


def classical_lines(classical) -> dict[int, list[tuple[int, int, int]]]:
    """Complete classical lines of each player."""
    found = {X: [], O: []}
    for line, marks in zip(LINES, LINE_MARKS):
        a, b, c = marks(classical)
        if a is not None and b is not None and c is not None and a % 2 == b % 2 == c % 2:
            found[owner(a)].append(line)
    return found


def completed_at(classical, line) -> int:
    """A line is complete once its largest-numbered mark is placed."""
    return max(classical[c] for c in line)


def classical_outcome(classical) -> Outcome | None:
    """How the game ended, from the classical marks alone (None while it goes on)."""
    lines = classical_lines(classical)
    if not (lines[X] or lines[O]):
        return None if None in classical else Outcome(None, FULL_BOARD)
    best = {p: min(completed_at(classical, line) for line in ls) for p, ls in lines.items() if ls}
    if len(best) == 2:
        return Outcome(min(best, key=best.get), SIMULTANEOUS_LINES)
    if best:
        return Outcome(next(iter(best)), LINE)
    if None not in classical:
        return Outcome(None, FULL_BOARD)
    return None


def joined(groups: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    """The spooky groups (see QtttState) after a spooky mark joins cells a and b."""
    union = groups[a] | groups[b]
    joined = list(groups)
    for cell in CELLS:
        if union >> cell & 1:
            joined[cell] = union
    return tuple(joined)


SEPARATE = tuple(1 << cell for cell in CELLS)  # the groups with no spooky mark


def spooky_groups(spooky) -> tuple[int, ...]:
    """The spooky groups of a set of spooky marks (see QtttState)."""
    groups = SEPARATE
    for _, a, b in spooky:
        groups = joined(groups, a, b)
    return groups


# The move objects, made once: moves are immutable values, so positions share them.
COLLAPSE = tuple(Collapse(cell) for cell in CELLS)
CLASSICAL = tuple(Classical(cell) for cell in CELLS)
SPOOKY = {pair: Spooky(pair) for pair in combinations(CELLS, 2)}


@lru_cache(maxsize=None)
def spooky_moves(free: tuple[int, ...]) -> tuple[Spooky, ...]:
    """Every spooky move on the ``free`` cells, in the order of itertools.combinations."""
    return tuple(SPOOKY[pair] for pair in combinations(free, 2))


class QuantumTicTacToe(Game):
    slug = "qttt"
    names = {"en": "Quantum Tic-Tac-Toe", "ja": "量子三目並べ"}
    players = ({"en": "X", "ja": "X"}, {"en": "O", "ja": "O"})
    parameters = ()
    reasons = (LINE, SIMULTANEOUS_LINES, FULL_BOARD)

    def initial_state(self) -> QtttState:
        return QtttState(self)
