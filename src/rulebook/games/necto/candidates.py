"""Every move the notation can write on the board, legal or not: what the
conformance test (tests/test_conformance.py) offers ``play`` to check that
``legal_moves`` forgets none of the moves it accepts."""

from __future__ import annotations

from .board import cell_name
from .tiles import CODES


# the options the conformance test plays with: a small board
OPTION_SETS = ({"size": 4},)

def candidates(state) -> list[str]:
    """Placing and replacing every tile on every cell."""
    cells = [cell_name(cell, state.size) for cell in range(state.size ** 2)]
    return [f"{cell}{sign}{code}" for cell in cells for sign in "=>" for code in CODES]
