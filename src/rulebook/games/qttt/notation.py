"""Quantum Tic-Tac-Toe notation.

Cells: ``a1``..``c3``, columns a-c from left to right, rows 1-3 from bottom
to top.  Moves, one record entry each:

- ``a1-b2``  a spooky pair (the mark's number is the next one: X odd, O even);
- ``@a1``    the collapse choice: the newest mark becomes classical in a1;
- ``c3``     X's 9th move, a plain mark on the last empty cell.
"""

from __future__ import annotations

from ...errors import NotationError
from ...kits import squaregrid
from .moves import Classical, Collapse, Spooky, owner

SIZE = 3


def cell_name(cell: int) -> str:
    return squaregrid.cell_name(cell, SIZE)


def mark_name(mark: int) -> str:
    return ("X", "O")[owner(mark)] + str(mark)


def parse_cell(text: str, whole: str, column: int) -> int:
    return squaregrid.parse_cell(text, SIZE, whole, column)


def parse_move(text: str):
    """Read a move; a NotationError names the column (1-based, in ``text``) where it fails."""
    move = text.strip().lower()
    if not move:
        raise NotationError(text, "empty move")
    start = len(text) - len(text.lstrip()) + 1  # the column of the move's first character
    if move.startswith("@"):
        return Collapse(parse_cell(move[1:], text, start + 1))
    if "-" in move:
        first, _, second = move.partition("-")
        a = parse_cell(first, text, start)
        b = parse_cell(second, text, start + len(first) + 1)
        return Spooky((a, b))
    if squaregrid.is_cell(move, SIZE):
        return Classical(parse_cell(move, text, start))
    raise NotationError(text, "expected a pair 'a1-b2', a collapse '@a1' or a single cell 'c3'",
                        start)


def format_move(move) -> str:
    if isinstance(move, Collapse):
        return "@" + cell_name(move.cell)
    if isinstance(move, Classical):
        return cell_name(move.cell)
    return "-".join(cell_name(c) for c in move.cells)


def cell_text(state, cell: int) -> str:
    mark = state.classical[cell]
    if mark is not None:
        return "[" + mark_name(mark) + "]"
    return " ".join(mark_name(m).lower() for m in state.spooky_in(cell)) or "."


def board_text(state) -> str:
    rows = []
    for row in (2, 1, 0):
        cells = [cell_text(state, row * 3 + column).ljust(12) for column in range(3)]
        rows.append(f"{row + 1} " + "|".join(cells).rstrip())
    rows.append("  " + "".join(c.ljust(13) for c in "abc").rstrip())
    if state.pending is not None:
        chooser = state.game.player_name(state.turn)
        rows.append(f"mark {mark_name(state.pending)} closed a cycle; {chooser} chooses (@cell)")
    return "\n".join(rows)
