"""What a click on the board means when playing in the browser.

A cut is picked by clicking the region to cut, then one of its cuts (listed
as buttons, written in the notation); any other cut can be typed, and the
click writes its point into the move box to start from (``point``).  ``swap``
is a button.  See ``rulebook.play.bridge``.
"""

from __future__ import annotations


import math

from ...errors import RulebookError
from .geometry import arc_angle

ARC_STEP = math.radians(2)  # a rim arc, drawn as chords this close to it (1.5e-4 of the radius)


def outline(region) -> list[list[float]]:
    """The region's true shape as a polygon: its vertices, and along each rim arc
    points every ARC_STEP (a strip between a chord and the rim is clickable all over)."""
    points = []
    n = len(region.pts)
    for i in range(n):
        a, b = region.pts[i], region.pts[(i + 1) % n]
        points.append([float(a[0]), float(a[1])])
        if region.edges[i] < 0:  # counter-clockwise along the rim from a to b
            start, sweep = math.atan2(float(a[1]), float(a[0])), arc_angle(a, b)
            steps = max(1, math.ceil(sweep / ARC_STEP))
            points += [[math.cos(start + sweep * k / steps), math.sin(start + sweep * k / steps)]
                       for k in range(1, steps)]
    return points


def targets(state) -> list[dict]:
    return [{"token": f"#{r.id}", "label": f"#{r.id}", "point": True, "points": outline(r)}
            for r in sorted(state.regions.values(), key=lambda r: r.id)]


def tokens(state, move: str) -> list[list[str]]:
    parsed = state.parse_move(move)
    if not hasattr(parsed, "x"):
        return [[move]]
    region = state.region_at(float(parsed.x), float(parsed.y))
    return [[f"#{region.id}", move]] if region is not None else [[move]]


def _number(value: float) -> str:
    """A coordinate or angle as the notation writes it: 6 decimals at most."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def aim(state, x: float, y: float, angle: float) -> dict:
    """A cut aimed by hand at (x, y) and ``angle`` (degrees), before it is played:
    snapped to the grid and the direction step if the game has them; the region
    it cuts; each part's outline and share of the disk; and the engine's reason
    if it would be refused (``reason``).  The page draws it live, lets the
    player tap the parts to say whose each becomes (``mover`` must be named,
    ``opponent`` too when the region is neutral) and plays ``point angle``
    followed by the parts named."""
    from .moves import LETTERS

    settings = state.settings
    if settings.grid != "none":
        s = settings.grid_spacing
        near = settings.grid_points_in((x - s, y - s, x + s, y + s))
        x, y = min(near, key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2)
    if settings.directions:
        angle = min(settings.cut_angles(),
                    key=lambda a: abs((a - angle + 180) % 360 - 180))
    angle %= 360
    point, written_angle = f"({_number(x)},{_number(y)})", _number(angle)
    mover = state.colour_to_move
    region = state.region_at(x, y)
    out = {"x": x, "y": y, "angle": angle, "point": point, "angle_text": written_angle,
           "region": None if region is None else region.id, "mover": LETTERS[mover],
           "opponent": None, "parts": [], "reason": None,
           "step": 360 / settings.directions if settings.directions else None}
    if region is None:
        out["reason"] = f"the cut point {point} lies on a line or outside the disk"
        return out
    if region.owner is None:
        out["opponent"] = LETTERS[1 - mover]
    # played with a naming that the rules accept (part 1 the mover's, 2 the opponent's):
    # the engine's own verdict, and the parts as it makes them
    named = f"{LETTERS[mover]}1" + (f" {LETTERS[1 - mover]}2" if out["opponent"] else "")
    try:
        after = state.play(state.parse_move(f"{point} {written_angle} {named}"))
    except RulebookError as error:
        out["reason"] = getattr(error, "rule", str(error))
        return out
    for k in range(3):
        part = after.regions[state.next_id + k]
        out["parts"].append({"number": k + 1, "outline": outline(part),
                             "percent": 100 * part.area / math.pi})
    return out
