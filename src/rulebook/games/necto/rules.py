"""Necto's rules: placing, replacing, scoring named knots, the end.

Placing stage: while cells are empty, the player to move puts any of the eight
tiles on an empty cell.  Replacing stage: the player to move replaces a tile
with one of fewer crossings (twist -> cross or curve, cross -> curve, any
orientation); the new tile is theirs.  Turns alternate throughout.

Scoring (replacing stage only): after a replacement on cell X, every loop
through X whose type is a named knot scores its value, unless that type was
already the type of a loop through X just before the replacement (see
:meth:`NectoState.replacement_result`).  The points go to whoever placed more
of that loop's self-crossings, to both players on a tie, and are kept whatever
happens to the loop later.  The game ends when the board is full and every tile
is a curve (the player to move has nothing to replace).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from ...game import Game, Outcome, Parameter, State
from . import notation
from .board import Line, cell_name, trace, trace_all
from .facts import FACTS
from .knots import KnotType, classify, format_polynomial, polynomial
from .notation import Move
from .tiles import CODES, TILES, Tile, replacements

NO_TILE_TO_REPLACE = "no tile to replace"  # the one outcome reason: the board is full

FIRST, SECOND = 0, 1


@dataclass(frozen=True)
class Scored:
    """A loop that a move made into a new named knot, and who got its points."""

    key: frozenset  # the loop's (cell, strand) pairs
    knot: KnotType
    counts: tuple[int, int]  # its self-crossings placed by First, by Second
    players: tuple[int, ...]  # who scored its value


@dataclass(frozen=True)
class Mark:
    """The scoring mark of one tile for the player to move (the demo's aid)."""

    kind: str  # "+", "-" or "±"
    value: int  # "+": net points you gain; "-": net points the opponent gains; "±": each
    best: Move  # a replacement that achieves it

    @property
    def text(self) -> str:
        return {"+": f"+{self.value}", "-": f"−{self.value}", "±": "±"}[self.kind]


@dataclass(frozen=True, eq=False)
class NectoState(State):
    game: NectoGame
    codes: tuple[str | None, ...]  # per cell (row * size + column)
    owners: tuple[int | None, ...]  # who placed or last replaced each tile
    to_move: int
    scores: tuple[int, int] = (0, 0)
    moves_played: int = 0
    gains: tuple[int, int] = (0, 0)  # points the last move scored
    scored: tuple[Scored, ...] = ()  # loops the last move scored
    last_move: Move | None = None

    # --- the board -------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.game.options["size"]

    @cached_property
    def tiles(self) -> tuple[Tile | None, ...]:
        return tuple(None if c is None else TILES[c] for c in self.codes)

    @cached_property
    def lines(self) -> list[Line]:
        """Every line (closed loops and, while placing, open lines)."""
        return trace_all(self.size, self.tiles)

    @cached_property
    def _line_of(self) -> dict:
        return {part: line for line in self.lines for part in line.key}

    def line_at(self, cell: int, side: str) -> Line:
        tile = self.tiles[cell]
        if tile is None:
            raise ValueError(f"{cell_name(cell, self.size)} is empty: no line runs there")
        return self._line_of[(cell, tile.strand_at(side))]

    def lines_through(self, cell: int) -> list[Line]:
        """The one or two lines through a filled cell (strand 0's first)."""
        found = []
        for strand in (0, 1):
            line = self._line_of[(cell, strand)]
            if line not in found:
                found.append(line)
        return found

    def tangled_with(self, line: Line) -> list[Line]:
        """The other lines that ``line`` crosses: with :meth:`line_at`, the
        demo's "trace a line" aid (show one line, and what it is wound with)."""
        crossed = line.crossed
        return [other for other in self.lines
                if other is not line and any(event[0] in crossed for event in other.events)]

    @property
    def loops(self) -> list[Line]:
        return [line for line in self.lines if line.closed]

    def knot(self, line: Line) -> KnotType:
        return classify(*line.diagram)

    def alexander(self, line: Line) -> str:
        return format_polynomial(polynomial(*line.diagram))

    def crossing_counts(self, line: Line) -> tuple[int, int]:
        """How many of the line's self-crossings First and Second placed."""
        return _owner_counts(line, self.owners)

    def majority(self, line: Line) -> tuple[int, ...]:
        """Who would score the line as a new knot: whoever laid more of its crossings."""
        return majority(self.crossing_counts(line))

    @property
    def stage(self) -> str:
        if any(code is None for code in self.codes):
            return "placing"
        if any(TILES[code].crossings for code in self.codes):
            return "replacing"
        return "over"

    # --- the State interface --------------------------------------------------------
    @property
    def turn(self):
        return None if self.stage == "over" else self.to_move

    @property
    def move_number(self) -> int:
        return self.moves_played

    def outcome(self):
        if self.stage != "over":
            return None
        first, second = self.scores
        winner = FIRST if first > second else SECOND if second > first else None
        return Outcome(winner, NO_TILE_TO_REPLACE, self.scores)

    def _legal_moves(self):
        if self.stage == "placing":
            for cell, code in enumerate(self.codes):
                if code is None:
                    for new in CODES:
                        yield Move("place", cell, new)
        else:
            for cell, code in enumerate(self.codes):
                for new in replacements(code):
                    yield Move("replace", cell, new)

    def _illegal_reason(self, move: Move):
        where = cell_name(move.cell, self.size)
        if move.kind == "place":
            if self.stage != "placing":
                return ("the board is full, so tiles are replaced now, not placed "
                        f"(write {where}>{move.code} to replace)")
            if self.codes[move.cell] is not None:
                return f"{where} already holds {self.codes[move.cell]}: tiles are placed on empty cells"
            return None
        if self.stage == "placing":
            empty = sum(code is None for code in self.codes)
            return (f"replacing starts once the board is full (cells still empty: {empty}; "
                    f"write {where}={move.code} to place)")
        old = self.codes[move.cell]
        if TILES[move.code].crossings >= TILES[old].crossings:
            return (f"a replacement must have fewer crossings: {move.code} "
                    f"({_crossings(move.code)}) cannot replace {old} ({_crossings(old)})")
        return None

    def _apply(self, move: Move) -> NectoState:
        codes = list(self.codes)
        owners = list(self.owners)
        codes[move.cell] = move.code
        owners[move.cell] = self.to_move
        gains, scored = (0, 0), ()
        if move.kind == "replace":
            gains, scored = self.replacement_result(move.cell, move.code)
        return NectoState(self.game, tuple(codes), tuple(owners), 1 - self.to_move,
                          (self.scores[0] + gains[0], self.scores[1] + gains[1]),
                          self.moves_played + 1, gains, scored, move)

    # --- scoring -----------------------------------------------------------------
    def replacement_result(self, cell: int, code: str) -> tuple[tuple[int, int], tuple[Scored, ...]]:
        """Points each player would score if the player to move put ``code`` on ``cell``.

        A loop through the cell scores when it is a named knot after the
        replacement and no loop through the cell had that type just before.
        Comparing with every loop through the cell (rather than with "the same
        loop", which a replacement may split or join) is what makes the rule
        well defined: when a loop splits, the part keeping its knot does not
        score again; when two loops join, a knot already there does not score
        again.
        """
        gains, scored, _ = self._replacement(cell, code)
        return gains, scored

    def _replacement(self, cell, code):
        """(gains, scored, how many distinct loops run through the cell after)."""
        through = self.lines_through(cell)
        if len(through) == 2 and self.tiles[cell].pairing == TILES[code].pairing:
            # Same connections, and the crossings taken away were between two
            # different loops: both loops keep their paths and self-crossings,
            # so their types are unchanged and nothing new can score.
            return (0, 0), (), 2
        before = {self.knot(line).name for line in through}
        tiles = list(self.tiles)
        tiles[cell] = TILES[code]
        tiles = tuple(tiles)
        owners = list(self.owners)
        owners[cell] = self.to_move
        gains = [0, 0]
        scored = []
        seen = set()
        for strand in tiles[cell].strands:
            line = trace(self.size, tiles, cell, strand.ends[0])
            if line.key in seen:
                continue
            seen.add(line.key)
            knot = classify(*line.diagram)
            if not knot.named or knot.name in before:
                continue
            counts = _owner_counts(line, owners)
            players = majority(counts)
            for player in players:
                gains[player] += knot.value
            scored.append(Scored(line.key, knot, counts, players))
        return (gains[0], gains[1]), tuple(scored), len(seen)

    def marks(self) -> dict[int, Mark]:
        """The scoring mark of each tile for the player to move (replacing stage).

        For each tile the best replacement is the one with the largest net gain
        (your points minus the opponent's), and among those the one moving
        most points.  "+N": it nets you N.  "−N": every replacement there
        gives the opponent more than you, the least bad by N.  "±": the best
        one gives both players the same nonzero points.  Tiles where the best
        replacement moves no points get no mark.
        """
        if self.stage != "replacing":
            return {}
        me = self.to_move
        result = {}
        for cell, code in enumerate(self.codes):
            best = None
            apart = {}  # pairing -> gains, when the new tile's strands are on two loops
            for new in replacements(code):
                pairing = TILES[new].pairing
                if pairing in apart:  # x1 and x2 then differ only at a crossing of
                    gains = apart[pairing]  # two different loops: same result
                else:
                    gains, _, loops = self._replacement(cell, new)
                    if loops == 2:
                        apart[pairing] = gains
                key = (gains[me] - gains[1 - me], gains[me])
                if best is None or key > best[0]:
                    best = (key, Move("replace", cell, new))
            if best is None or best[0] == (0, 0):
                continue
            (net, mine), move = best
            if net > 0:
                result[cell] = Mark("+", net, move)
            elif net < 0:
                result[cell] = Mark("-", -net, move)
            else:
                result[cell] = Mark("±", mine, move)
        return result

    # --- notation and output ---------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        return notation.parse_move(text, self.size)

    def format_move(self, move: Move) -> str:
        return notation.format_move(move, self.size)

    def to_json(self) -> dict:
        return {
            "size": self.size,
            "stage": self.stage,
            "tiles": {cell_name(i, self.size): [code, self.game.player_name(self.owners[i])]
                      for i, code in enumerate(self.codes) if code is not None},
            "turn": None if self.turn is None else self.game.player_name(self.turn),
            "scores": list(self.scores),
            "loops": [{"cells": [cell_name(c, self.size) for c in line.cells],
                       "knot": self.knot(line).name,
                       "self_crossings": list(self.crossing_counts(line))}
                      for line in self.loops],
        }

    def __str__(self) -> str:
        return notation.format_position(self)

    def __eq__(self, other):
        return (isinstance(other, NectoState) and self.size == other.size
                and (self.codes, self.owners, self.to_move, self.scores)
                == (other.codes, other.owners, other.to_move, other.scores))

    def __hash__(self):
        return hash((self.codes, self.owners, self.to_move, self.scores))


def majority(counts: tuple[int, int]) -> tuple[int, ...]:
    """Who scores a new knot, from the loop's crossings laid by each player:
    whoever laid more of them, both on a tie."""
    first, second = counts
    return (FIRST,) if first > second else (SECOND,) if second > first else (FIRST, SECOND)


def _owner_counts(line: Line, owners) -> tuple[int, int]:
    counts = [0, 0]
    for crossing in line.self_crossings:  # crossing id = cell * 2 + index
        counts[owners[crossing // 2]] += 1
    return counts[0], counts[1]


def _crossings(code: str) -> str:
    n = TILES[code].crossings
    return f"{n} crossing" if n == 1 else f"{n} crossings"


class NectoGame(Game):
    slug = "necto"
    names: ClassVar[dict[str, str]] = {"en": "Necto", "ja": "ネクト"}
    players = ({"en": "First", "ja": "先手"}, {"en": "Second", "ja": "後手"})
    parameters = (
        Parameter("size", 6, "cells along each side of the square board", choices=(4, 6, 8)),
    )
    reasons = (NO_TILE_TO_REPLACE,)
    position_format = notation.POSITION_FORMAT
    position_example = notation.POSITION_EXAMPLE

    def initial_state(self) -> NectoState:
        cells = self.options["size"] ** 2
        return NectoState(self, (None,) * cells, (None,) * cells, FIRST)

    def parse_position(self, text: str) -> NectoState:
        return notation.parse_position(text, self)

    facts = FACTS
