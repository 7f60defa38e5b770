"""What the engines and the play page say of positions is what was last read and
approved (tests/approved_positions.py)."""

from __future__ import annotations

import approved_positions
from approved_text import changes


def test_what_is_said_of_positions_of_random_games_is_the_approved_text():
    """Every fact without arguments (or of a player), the computer's choice, the text
    and the play page's view, at positions of seeded random games of every variant."""
    found = approved_positions.positions()
    assert len(found) > 2500
    assert not (diff := changes(approved_positions.APPROVED.name, found, "approved_positions.py")), diff
