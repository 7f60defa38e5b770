"""The two starting shapes, as region boundaries (see geometry.py for the format).

Both put the rim points of their lines at 90, 210 and 330 degrees and the goal
arc boundaries at 30, 150 and 270 degrees, the middle of each outer rim.  Goal
arc A runs from 30 to 150 degrees (top), B from 150 to 270 (lower left) and C
from 270 to 30 (lower right).

Pinwheel: each line is at distance d = sqrt(pi / (12 sqrt 3)) from the centre,
so the central equilateral triangle (inradius d, area 3 sqrt(3) d^2) is exactly
pi/4, a quarter of the disk, and by symmetry so is each outer region.  The line
from the top runs down passing the centre on its right-hand side as drawn (it
crosses the x axis at x > 0); the other two are it turned by 120 and 240
degrees, so the pinwheel turns clockwise.  Each line runs from the rim past one
corner of the triangle (where the previous line ends on it, a T-junction),
along one side, and ends on the next line.

Region ids: the outer regions are 1, 2, 3 counter-clockwise from the one
holding the rim between 90 and 210 degrees; the central triangle is 4.  The
three sectors are 1, 2, 3 in the same order.
"""

from __future__ import annotations

import math

from .geometry import Point, arc_label

PINWHEEL_OFFSET = math.sqrt(math.pi / (12 * math.sqrt(3)))  # each line's distance from the centre
ARC_BOUNDARIES = (30.0, 150.0, 270.0)  # degrees; arc k runs from boundary k to boundary k+1
ARC_NAMES = ("A", "B", "C")
CENTRE_ID = 4  # the pinwheel's central triangle


def _polar(degrees: float) -> Point:
    radians = math.radians(degrees)
    return (math.cos(radians), math.sin(radians))


def _turn(point: Point, k: int) -> Point:
    """``point`` turned counter-clockwise by 120 * k degrees."""
    c, s = math.cos(2 * math.pi * k / 3), math.sin(2 * math.pi * k / 3)
    return (c * point[0] - s * point[1], s * point[0] + c * point[1])


def _rim(k: int) -> Point:
    return _polar(90.0 + 120.0 * k)


def _arc_middle(k: int) -> Point:
    """The goal arc boundary in the middle of outer rim k (150, 270, 30 degrees)."""
    return _polar(150.0 + 120.0 * k)


def _outer_arcs(k: int) -> tuple[int, int]:
    """Labels of the two arc edges of outer rim k: (first half, second half)."""
    return arc_label(k), arc_label((k + 1) % 3)


def pinwheel() -> dict[int, tuple[tuple[Point, ...], tuple[int, ...]]]:
    d = PINWHEEL_OFFSET
    s = math.sqrt(1 - d * d)  # from the rim point to the foot of the perpendicular
    h = math.sqrt(3) * d  # half the triangle's side
    corners = []  # corner k: where line k passes the triangle (and line k+1 ends)
    for k in range(3):
        rx, ry = _rim(k)
        ux, uy = _turn((d, -s), k)
        corners.append((rx + (s - h) * ux, ry + (s - h) * uy))
    regions = {}
    for k in range(3):
        nxt = (k + 1) % 3
        first, second = _outer_arcs(k)
        pts = (_rim(k), _arc_middle(k), _rim(nxt), corners[nxt], corners[k])
        edges = (first, second, 1 + nxt, CENTRE_ID, 1 + (k - 1) % 3)
        regions[1 + k] = (pts, edges)
    regions[CENTRE_ID] = (tuple(corners), (1, 2, 3))
    return regions


def sectors() -> dict[int, tuple[tuple[Point, ...], tuple[int, ...]]]:
    centre = (0.0, 0.0)
    regions = {}
    for k in range(3):
        nxt = (k + 1) % 3
        first, second = _outer_arcs(k)
        pts = (centre, _rim(k), _arc_middle(k), _rim(nxt))
        edges = (1 + (k - 1) % 3, first, second, 1 + nxt)
        regions[1 + k] = (pts, edges)
    return regions


STARTS = {"pinwheel": pinwheel, "sectors": sectors}
