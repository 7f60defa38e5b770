"""Plane geometry that the games' drawing and click modules share (standard library
only: it runs in the play pages' browser too)."""

from __future__ import annotations

import math


def distance_to_polyline(point, points, closed: bool = False) -> float:
    """How far ``point`` is from the polyline through ``points`` (back to its first
    point too if ``closed``: an outline)."""
    px, py = point
    points = list(points)
    ends = points[1:] + points[:1] if closed else points[1:]
    best = math.inf
    for (ax, ay), (bx, by) in zip(points, ends):
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
        best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    return best
