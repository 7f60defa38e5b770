"""What a click on the board means when playing in the browser.

A cut is picked by clicking the region to cut, then one of its cuts (listed
as buttons, written in the notation); any other cut can be typed, and the
click writes its point into the move box to start from (``point``).  ``swap``
is a button.  See ``rulebook.play.bridge``.
"""

from __future__ import annotations


def targets(state) -> list[dict]:
    return [{"token": f"#{r.id}", "label": f"#{r.id}", "point": True,
             "points": [list(map(float, p)) for p in r.pts]}
            for r in sorted(state.regions.values(), key=lambda r: r.id)]


def tokens(state, move: str) -> list[list[str]]:
    parsed = state.parse_move(move)
    if not hasattr(parsed, "x"):
        return [[move]]
    region = state.region_at(float(parsed.x), float(parsed.y))
    return [[f"#{region.id}", move]] if region is not None else [[move]]
