"""What a click on the board means when playing in the browser.

``targets(state)``: the board's clickable places (a token, its outline in the
drawing's data units, a label for screen readers).  ``tokens(state, move)``:
the sequences of tokens that pick a move (a pair's two cells in either order;
a collapse or a classical mark: its cell).
"""

from __future__ import annotations

from ...kits import squaregrid


def targets(state) -> list[dict]:
    return squaregrid.targets(3)


def tokens(state, move: str) -> list[list[str]]:
    if "-" in move:
        a, b = move.split("-")
        return [[a, b], [b, a]]
    return [[move.lstrip("@")]]


def prompt(state, picked: int) -> str | None:
    """What the next tap is for, after ``picked`` taps (a key of the page's words)."""
    moves = [state.format_move(m) for m in state.legal_moves()]
    if any(m.startswith("@") for m in moves):
        return "collapse"  # the newest mark made a cycle: its owner's opponent picks the cell
    return ("pair_first", "pair_second")[picked] if picked < 2 else None
