"""What a click on the board means when playing in the browser.

A move is picked by its cell, then its tile, from a palette of the eight tiles
(``PALETTE``: each drawn as it would lie in that cell, the ones the rules allow
there enabled).  See ``rulebook.play.bridge`` for how the tokens are used.
"""

from __future__ import annotations

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
