"""What a click on the board means when playing in the browser.

A move is picked by its cell, then its tile, from a palette of the eight tiles
(``PALETTE``: each drawn as it would lie in that cell, the ones the rules allow
there enabled).  See ``rulebook.play.bridge`` for how the tokens are used.
"""

from __future__ import annotations

from ...plane import distance_to_polyline
from .board import cell_name
from .tiles import CODES

PALETTE = CODES  # the second token of every move: each tile, drawn as placed


def targets(state) -> list[dict]:
    size = state.size
    found = []
    for cell in range(size * size):
        x, y = cell % size, cell // size
        name = cell_name(cell, size)
        code = state.codes[cell]
        found.append({"token": name, "label": f"{name} {code}" if code else name,
                      "points": [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]]})
    return found


def tokens(state, move: str) -> list[list[str]]:
    cell, _, code = move.replace(">", "=").partition("=")
    return [[cell, code]]


def line_at(state, x: float, y: float) -> str | None:
    """The line end ("C3 N") of the line drawn nearest the point (x, y) of the board
    (the drawing's units: a cell is 1 wide, A1 at the bottom left), among the two
    strands of the tile under it: the demo's "trace a line", which follows the line
    the player clicks.  None off the board or on an empty cell."""
    size = state.size
    column, row = int(x // 1), int(y // 1)
    if not (0 <= column < size and 0 <= row < size):
        return None
    cell = row * size + column
    tile = state.tiles[cell]
    if tile is None:
        return None
    point = (x - column, y - row)
    nearest = min(tile.strands, key=lambda strand: distance_to_polyline(point, strand.path))
    return f"{cell_name(cell, size)} {nearest.ends[0]}"


def lines_through(state, token: str) -> list[dict]:
    """The lines through a cell (its token, "C3"), one for each strand of its tile
    (a line that passes twice once): each as its line end ("C3 N", as ``line_at``
    names it) and the two sides its strand there joins.  From the keys, "trace a
    line" chooses among them.  None through an empty cell or off the board."""
    size = state.size
    cell = next((c for c in range(size * size) if cell_name(c, size) == token), None)
    tile = None if cell is None else state.tiles[cell]
    if tile is None:
        return []
    found, seen = [], set()
    for strand in tile.strands:
        key = state.line_at(cell, strand.ends[0]).key
        if key not in seen:
            seen.add(key)
            found.append({"end": f"{token} {strand.ends[0]}", "sides": list(strand.ends)})
    return found

