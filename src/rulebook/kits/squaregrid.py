"""A board of square cells, ``size`` by ``size``.

Cell ``row * size + column`` (both from 0) is named by its column letter and
row number, ``a1`` at the bottom left: row 1 is the bottom row in diagrams.
Standard library only: engines use it.
"""

from __future__ import annotations

import re

from ..errors import NotationError

LETTERS = "abcdefghijklmnopqrstuvwxyz"
_CELL = re.compile(r"([a-z])([1-9][0-9]*)")
# across, up, and the two diagonals: a line runs in one of these from its first cell
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (-1, 1))


def cell_name(cell: int, size: int) -> str:
    return LETTERS[cell % size] + str(cell // size + 1)


def is_cell(token: str, size: int) -> bool:
    """Whether ``token`` names a cell of the board."""
    match = _CELL.fullmatch(token)
    return bool(match) and LETTERS.index(match[1]) < size and int(match[2]) <= size


def parse_cell(token: str, size: int, text: str | None = None, column: int | None = None) -> int:
    """The cell named ``token``; a NotationError quoting ``text`` (the whole move) at
    ``column`` if it names none of the board's cells."""
    if not is_cell(token, size):
        raise NotationError(text if text is not None else token,
                            f"{token!r} is not a cell (a1..{cell_name(size * size - 1, size)})",
                            column)
    return (int(token[1:]) - 1) * size + LETTERS.index(token[0])


def neighbours(cell: int, size: int, diagonal: bool = False) -> list[int]:
    """The cells next to ``cell``: across and up or down, and with ``diagonal`` corner to
    corner too; in board order."""
    column, row = cell % size, cell // size
    found = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and (diagonal or not (dx and dy)) \
                    and 0 <= column + dx < size and 0 <= row + dy < size:
                found.append((row + dy) * size + column + dx)
    return found


def lines(size: int, length: int) -> tuple[tuple[int, ...], ...]:
    """Every line of ``length`` cells in a row: across, then up, then diagonally up to
    the right and up to the left; in each direction in the order of their first cells."""
    return tuple(tuple((y + dy * k) * size + x + dx * k for k in range(length))
                 for dx, dy in DIRECTIONS for y in range(size) for x in range(size)
                 if 0 <= x + dx * (length - 1) < size and y + dy * (length - 1) < size)


def targets(size: int) -> list[dict]:
    """Every cell as a click target of the play page: its name, a label for screen
    readers, its outline (the unit square of column, row)."""
    return [{"token": cell_name(c, size), "label": cell_name(c, size),
             "points": [[c % size, c // size], [c % size + 1, c // size],
                        [c % size + 1, c // size + 1], [c % size, c // size + 1]]}
            for c in range(size * size)]
