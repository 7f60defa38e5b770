"""What a click on the board means when playing in the browser.

A move is picked by its cells in the order the notation writes them: the
cell to play on, the cell the pushed disc goes to, then each relocation's
from and to cells.  ``swap`` is a button.  See ``rulebook.play.bridge``.
"""

from __future__ import annotations

from ...kits import hexgrid


def targets(state) -> list[dict]:
    return hexgrid.targets(state.geo.size)


def tokens(state, move: str) -> list[list[str]]:
    return [move.replace(">", " ").split()]


def prompt(state, picked: int) -> str | None:
    """What the next tap is for, after ``picked`` taps (a key of the page's words)."""
    if picked == 0:
        return "place"
    if picked == 1:
        return "push_to"
    return ("relocate_from", "relocate_to")[picked % 2]
