"""A rhombus of hexagonal cells, ``size`` by ``size``, as Hex is played on.

A cell is (column, row), both from 0, named by its column letter and row
number: ``a1`` is at the top left corner, and each lower row is shifted half a
cell to the right, so (c, r) touches (c±1, r), (c, r±1), (c+1, r−1) and
(c−1, r+1).  The drawing's units: cells one unit apart, rows ``ROW`` apart
(``centre``).  Standard library only: engines use it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable

from ..errors import NotationError
from ..game import is_number

LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
SWAP = "swap"  # the pie rule's move: the second player takes the first player's place
ROW = math.sqrt(3) / 2  # vertical distance between rows
HEX_RADIUS = 1 / math.sqrt(3)  # centre to corner of a cell one unit wide
_CELL = re.compile(r"([a-z])(\d+)$")

Cell = tuple[int, int]


def cell_name(column: int, row: int) -> str:
    return f"{LETTERS[column]}{row + 1}"


def parse_cell(token: str, size: int, text: str | None = None,
               column: int | None = None) -> Cell:
    """The (column, row) named ``token``; a NotationError quoting ``text`` (the whole
    move) at ``column`` if it is not a cell of the board."""
    text = token if text is None else text
    match = _CELL.match(token)
    if not match:
        raise NotationError(text, f"{token!r} is not a cell (a column letter and a row "
                                  "number, like d4)", column)
    cell = LETTERS.index(match[1]), int(match[2]) - 1
    if not (cell[0] < size and 0 <= cell[1] < size) or cell_name(*cell) != token:
        raise NotationError(text, f"cell {token} is off the {size}×{size} board "
                                  f"(columns a–{LETTERS[size - 1]}, rows 1–{size})", column)
    return cell


def parse_swap(text: str) -> bool:
    """Whether the move ``text`` is the pie rule's ``swap`` (alone, any case)."""
    words = list(re.finditer(r"\S+", text))
    if not words or words[0].group().lower() != SWAP:
        return False
    if len(words) > 1:
        raise NotationError(text, "'swap' stands alone", words[1].start() + 1)
    return True


def neighbours(cell: Cell, size: int) -> list[Cell]:
    """The cells next to ``cell`` (two to six of them)."""
    c, r = cell
    return [(c + dc, r + dr) for dc, dr in DIRECTIONS
            if 0 <= c + dc < size and 0 <= r + dr < size]


def sides(size: int, axis: str) -> tuple[set[Cell], set[Cell]]:
    """A pair of opposite edges: ``"rows"``, the top row and the bottom row; ``"columns"``,
    the left column and the right column."""
    if axis == "rows":
        return {(c, 0) for c in range(size)}, {(c, size - 1) for c in range(size)}
    return {(0, r) for r in range(size)}, {(size - 1, r) for r in range(size)}


def chain(cells: Iterable[Cell], size: int, axis: str) -> list[Cell]:
    """A shortest chain of ``cells`` joining the pair of edges ``axis`` names (see
    :func:`sides`), from the first edge to the second; empty if they join none."""
    cells = set(cells)
    start, end = sides(size, axis)
    came: dict[Cell, Cell | None] = {cell: None for cell in sorted(cells & start)}
    frontier = list(came)
    while frontier:
        reached = []
        for cell in frontier:
            if cell in end:
                path = [cell]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return path[::-1]
            for near in neighbours(cell, size):
                if near in cells and near not in came:
                    came[near] = cell
                    reached.append(near)
        frontier = reached
    return []


# --- the position text: one line per row, shifted like the board -------------------

def rows_text(rows: list[list[str]]) -> list[str]:
    """The board's rows of symbols as lines: a line of column letters, then each row
    numbered and indented half a cell more than the one above."""
    size = len(rows)
    lines = [" " * 4 + " ".join(LETTERS[:size])]
    for r, row in enumerate(rows, start=1):
        lines.append(f"{r:>2} " + " " * (r - 1) + " " + " ".join(row))
    return lines


def read_rows(text: str, size: int, symbols: Iterable[str], meanings: str,
              keyed: Callable[[str, list[str]], bool] = lambda line, words: False
              ) -> list[list[str]]:
    """The rows of symbols of a position text (as :func:`rows_text` writes them; row
    numbers, the letters' line and indentation optional); ``keyed(line, words)`` reads
    a line of the game's own (such as ``turn: Black``) and says whether it did.  A
    NotationError names the line and what is wrong (``meanings``: the symbols')."""
    letters, allowed = list(LETTERS[:size]), set(symbols)
    rows: list[list[str]] = []
    for line in text.splitlines():
        words = line.split()
        if not words or keyed(line, words) or words == letters:
            continue
        if is_number(words[0]):
            if int(words[0]) != len(rows) + 1:
                raise NotationError(line, f"row {words[0]} is out of order "
                                          f"(expected row {len(rows) + 1})")
            words = words[1:]
        if words and is_number(words[-1]):
            words = words[:-1]
        bad = [w for w in words if w not in allowed]
        if bad:
            raise NotationError(line, f"row {len(rows) + 1}: {bad[0]!r} is not a cell symbol "
                                      f"({meanings})")
        if len(words) != size:
            raise NotationError(line, f"row {len(rows) + 1}: a row has {size} cells on the "
                                      f"{size}×{size} board, this one has {len(words)}")
        rows.append(words)
    if len(rows) != size:
        raise NotationError(None, f"the {size}×{size} board has {size} rows, the position "
                                  f"{len(rows)}")
    return rows


# --- geometry: the drawing's units, and the play page's click targets --------------

def centre(column: float, row: float) -> tuple[float, float]:
    """The middle of cell (column, row) in the drawing's units (need not be a cell)."""
    return column + 0.5 * row, -ROW * row


def corners(x: float, y: float, radius: float = HEX_RADIUS) -> list[tuple[float, float]]:
    """A hexagon's corners, pointed at the top, around (x, y)."""
    return [(x + radius * math.cos(math.radians(90 + 60 * k)),
             y + radius * math.sin(math.radians(90 + 60 * k))) for k in range(6)]


def targets(size: int) -> list[dict]:
    """Every cell as a click target of the play page: its name, a label for screen
    readers, its outline; row by row."""
    return [{"token": cell_name(c, r), "label": cell_name(c, r),
             "points": [list(p) for p in corners(*centre(c, r))]}
            for r in range(size) for c in range(size)]
