"""What the engines and the play page say of positions is what was last read and
approved (tests/approved_positions.py)."""

from __future__ import annotations

import difflib

from approved_positions import APPROVED, positions, read_approved


def test_what_is_said_of_positions_of_random_games_is_the_approved_text():
    """Every fact without arguments (or of a player), the computer's choice, the text
    and the play page's view, at positions of seeded random games of every variant."""
    found, approved = positions(), read_approved()
    assert len(found) > 2500
    changed = list(difflib.unified_diff(approved, found, "approved", "now", n=0, lineterm=""))
    assert not changed, (
        f"what is said of positions differs from {APPROVED.name}:\n" + "\n".join(changed[:60])
        + "\nRead it; if it is right: .venv/bin/python tests/approved_positions.py --approve")
