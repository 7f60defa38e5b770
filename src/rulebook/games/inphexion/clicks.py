"""What a click on the board means when playing in the browser.

A move is picked by its cells in the order the notation writes them: the
cell to play on, the cell the pushed disc goes to, then each relocation's
from and to cells.  ``swap`` is a button.  See ``rulebook.play.bridge``.
"""

from __future__ import annotations

import math

from .drawing import HEX_RADIUS, centre


def targets(state) -> list[dict]:
    geo = state.geo
    found = []
    for cell in geo.cells:
        x, y = centre(geo, cell)
        corners = [[x + HEX_RADIUS * math.cos(math.radians(90 + 60 * k)),
                    y + HEX_RADIUS * math.sin(math.radians(90 + 60 * k))] for k in range(6)]
        found.append({"token": geo.names[cell], "label": geo.names[cell], "points": corners})
    return found


def tokens(state, move: str) -> list[list[str]]:
    return [move.replace(">", " ").split()]


def prompt(state, picked: int) -> str | None:
    """What the next tap is for, after ``picked`` taps (a key of the page's words)."""
    if picked == 0:
        return "place"
    if picked == 1:
        return "push_to"
    return ("relocate_from", "relocate_to")[picked % 2]
