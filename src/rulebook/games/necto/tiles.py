"""The eight Necto tiles: which sides their two strands join, and how they cross.

A tile is a unit square with a line end at the middle of each side, named by
the side: N (top), E (right), S (bottom), W (left).  Two strands join the four
ends in pairs.  There are three pairings:

* ``NE|SW`` (strands N–E and S–W) and ``NW|SE`` (strands N–W and S–E): the two
  strands can stay apart (a *curve*) or clasp each other twice (a *twist*);
* ``NS|EW`` (a vertical and a horizontal strand): they must cross an odd number
  of times, here once (a *cross*).

The codes (the demo's):

====  =======  ====================================================================
code  pairing  what it looks like
====  =======  ====================================================================
c1    NE|SW    two quarter circles, round the NE and the SW corner; no crossing
c2    NW|SE    two quarter circles, round the NW and the SE corner; no crossing
x1    NS|EW    one crossing; the vertical strand (N–S) on top
x2    NS|EW    one crossing; the horizontal strand (E–W) on top
t1    NE|SW    two crossings; each strand, followed from its N or S end, goes over first
t2    NE|SW    two crossings; each strand, followed from its N or S end, goes under first
t3    NW|SE    two crossings; each strand, followed from its N or S end, goes over first
t4    NW|SE    two crossings; each strand, followed from its N or S end, goes under first
====  =======  ====================================================================

In a twist the N–E strand bulges towards the SW corner and the S–W strand
towards the NE corner (for ``NW|SE`` likewise mirrored), so they cross twice,
once on each side of the tile's centre, over at one crossing and under at the
other: the strands wind round each other twice.  ``t2`` is ``t1`` with both
crossings changed (its mirror image), ``t4`` likewise of ``t3``.

The shapes are cubic Bézier curves sampled as polylines; the crossings, the
order in which a strand meets them and the directions there (which give the
crossing signs) are computed from those shapes, so drawing and rules share one
geometry.  This module has no matplotlib in it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

SIDES = "NESW"
END_POINT = {"N": (0.5, 1.0), "E": (1.0, 0.5), "S": (0.5, 0.0), "W": (0.0, 0.5)}
SAMPLES = 48  # polyline segments per strand


@dataclass(frozen=True)
class Event:
    """A strand meeting one of its tile's crossings."""

    crossing: int  # 0 or 1 within the tile
    over: bool
    at: float  # index along the strand's polyline (fractional), for drawing
    direction: tuple[float, float]  # unit tangent, strand followed from ends[0]


@dataclass(frozen=True)
class Strand:
    ends: tuple[str, str]  # the sides it joins, in the direction of ``path``
    path: tuple[tuple[float, float], ...]  # polyline in the unit cell
    events: tuple[Event, ...]  # in order along ``path``


@dataclass(frozen=True)
class Tile:
    code: str
    kind: str  # "curve", "cross" or "twist"
    strands: tuple[Strand, Strand]
    points: tuple[tuple[float, float], ...]  # where the crossings are
    # For each side (index into SIDES), the strand entering there, for tracing:
    # (exit side index, strand index, forward, events as (crossing, over, dx, dy)
    # in the order met).  Precomputed because tracing is the inner loop.
    flow: tuple = ()

    @property
    def crossings(self) -> int:
        return len(self.points)

    @property
    def pairing(self) -> frozenset:
        """Which sides the strands join, e.g. {{N, E}, {S, W}} for c1, t1 and t2."""
        return frozenset(frozenset(strand.ends) for strand in self.strands)

    def strand_at(self, side: str) -> int:
        """Index of the strand with an end on ``side``."""
        return 0 if side in self.strands[0].ends else 1

    def exit(self, side: str) -> str:
        """The side where the strand entering at ``side`` leaves."""
        a, b = self.strands[self.strand_at(side)].ends
        return b if side == a else a


def _flow(tile: Tile):
    result = []
    for side in SIDES:
        index = tile.strand_at(side)
        strand = tile.strands[index]
        forward = strand.ends[0] == side
        out = strand.ends[1] if forward else strand.ends[0]
        events = strand.events if forward else tuple(reversed(strand.events))
        sign = 1 if forward else -1
        result.append((SIDES.index(out), index, forward,
                       tuple((e.crossing, e.over, sign * e.direction[0], sign * e.direction[1])
                             for e in events)))
    return tuple(result)


def _bezier(p0, p1, p2, p3, samples=SAMPLES):
    points = []
    for i in range(samples + 1):
        u = i / samples
        v = 1 - u
        points.append((
            v ** 3 * p0[0] + 3 * v * v * u * p1[0] + 3 * v * u * u * p2[0] + u ** 3 * p3[0],
            v ** 3 * p0[1] + 3 * v * v * u * p1[1] + 3 * v * u * u * p2[1] + u ** 3 * p3[1],
        ))
    return tuple(points)


def _pull(side, depth):
    """A Bézier control point ``depth`` inwards from the end on ``side``."""
    x, y = END_POINT[side]
    dx, dy = {"N": (0, -1), "S": (0, 1), "E": (-1, 0), "W": (1, 0)}[side]
    return (x + dx * depth, y + dy * depth)


def _strand_path(a, b, kind):
    pa, pb = END_POINT[a], END_POINT[b]
    if kind == "cross":
        return _bezier(pa, _pull(a, 1 / 3), _pull(b, 1 / 3), pb)
    if kind == "curve":  # a quarter circle is close to a Bézier with handles 0.5 * 0.5523
        return _bezier(pa, _pull(a, 0.276), _pull(b, 0.276), pb)
    # A twist: the strand from the N or S end crosses the other strand, swings
    # round the far corner and crosses it again on the other side.  The two
    # crossings sit on the diagonal that does not hold this strand's corner.
    corner = (pa[0] + pb[0] - 0.5, pa[1] + pb[1] - 0.5)  # the corner its ends are next to
    far = (1 - corner[0], 1 - corner[1])
    def towards(point, target, amount):
        return (point[0] + (target[0] - point[0]) * amount, point[1] + (target[1] - point[1]) * amount)
    centre = (0.5, 0.5)
    # crossing points: the centre pushed along the other diagonal, shared by both strands
    other = (corner[0], 1 - corner[1])
    first, second = towards(centre, other, 0.34), towards(centre, (1 - other[0], 1 - other[1]), 0.34)
    if math.dist(first, pa) > math.dist(second, pa):
        first, second = second, first
    swing = towards(centre, far, 0.6)
    return _spline([_outside(a, pa), pa, first, swing, second, pb, _outside(b, pb)])


def _outside(side, point):
    """A phantom point beyond an end, so the strand leaves the side at a right angle."""
    dx, dy = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}[side]
    return (point[0] + 0.3 * dx, point[1] + 0.3 * dy)


def _spline(points, samples=12):
    """A Catmull-Rom spline through points[1:-1] (the first and last set the end tangents)."""
    result = [points[1]]
    for i in range(1, len(points) - 2):
        p0, p1, p2, p3 = points[i - 1], points[i], points[i + 1], points[i + 2]
        for step in range(1, samples + 1):
            u = step / samples
            result.append(tuple(
                0.5 * (2 * p1[d] + (-p0[d] + p2[d]) * u + (2 * p0[d] - 5 * p1[d] + 4 * p2[d] - p3[d]) * u * u
                       + (-p0[d] + 3 * p1[d] - 3 * p2[d] + p3[d]) * u ** 3)
                for d in (0, 1)))
    return tuple(result)


def _intersections(p, q):
    """(index along p, index along q, point, tangent p, tangent q) of each crossing."""
    found = []
    for i in range(len(p) - 1):
        (x1, y1), (x2, y2) = p[i], p[i + 1]
        for j in range(len(q) - 1):
            (x3, y3), (x4, y4) = q[j], q[j + 1]
            d = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3)
            if abs(d) < 1e-12:
                continue
            s = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / d
            r = ((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1)) / d
            if 0 <= s <= 1 and 0 <= r <= 1:
                point = (x1 + s * (x2 - x1), y1 + s * (y2 - y1))
                if any(math.dist(point, f[2]) < 1e-6 for f in found):
                    continue  # met at a shared vertex of two segments
                found.append((i + s, j + r, point, _unit(x2 - x1, y2 - y1), _unit(x4 - x3, y4 - y3)))
    return found


def _unit(dx, dy):
    length = math.hypot(dx, dy)
    return (dx / length, dy / length)


def _over_first_from_n_or_s(strand_ends):
    return strand_ends[0] in "NS"


# code: (kind, pairing as strand end pairs, rule deciding which strand is over)
_DEFINITIONS = {
    "c1": ("curve", (("N", "E"), ("S", "W")), None),
    "c2": ("curve", (("N", "W"), ("S", "E")), None),
    "x1": ("cross", (("N", "S"), ("E", "W")), "vertical"),
    "x2": ("cross", (("N", "S"), ("E", "W")), "horizontal"),
    "t1": ("twist", (("N", "E"), ("S", "W")), "over first"),
    "t2": ("twist", (("N", "E"), ("S", "W")), "under first"),
    "t3": ("twist", (("N", "W"), ("S", "E")), "over first"),
    "t4": ("twist", (("N", "W"), ("S", "E")), "under first"),
}


def _make_tile(code):
    kind, pairing, rule = _DEFINITIONS[code]
    paths = [_strand_path(a, b, kind) for a, b in pairing]
    hits = _intersections(paths[0], paths[1]) if rule else []
    # crossings numbered in the order strand 0 (followed from N) meets them
    hits.sort(key=lambda h: h[0])
    order_on_1 = sorted(range(len(hits)), key=lambda k: hits[k][1])
    over0 = []
    for k in range(len(hits)):
        if rule == "vertical":
            over0.append(True)  # strand 0 is the N–S strand
        elif rule == "horizontal":
            over0.append(False)
        else:  # strand 0 starts at N: over at its first crossing, or under first
            first = rule == "over first"
            over0.append(first if k == 0 else not first)
    events0 = tuple(Event(k, over0[k], hits[k][0], hits[k][3]) for k in range(len(hits)))
    events1 = tuple(Event(k, not over0[k], hits[k][1], hits[k][4]) for k in order_on_1)
    strands = (Strand(pairing[0], paths[0], events0), Strand(pairing[1], paths[1], events1))
    expected = {"curve": 0, "cross": 1, "twist": 2}[kind]
    assert len(hits) == expected, (code, len(hits))
    tile = Tile(code, kind, strands, tuple(h[2] for h in hits))
    return replace(tile, flow=_flow(tile))


TILES: dict[str, Tile] = {code: _make_tile(code) for code in _DEFINITIONS}
CODES = tuple(TILES)



def replacements(code: str) -> tuple[str, ...]:
    """The tiles that may replace ``code``: every tile with fewer crossings."""
    return tuple(c for c in CODES if TILES[c].crossings < TILES[code].crossings)


def signature(tile: Tile, side_map=None, flip=False):
    """What a tile is up to isotopy: each strand's ends and its over/under sequence.

    ``side_map`` renames sides (a rotation or reflection of the cell) and
    ``flip`` exchanges over and under; comparing signatures finds which code a
    transformed tile is (used to rotate and mirror whole boards).
    """
    result = set()
    for strand in tile.strands:
        a, b = strand.ends
        if side_map:
            a, b = side_map[a], side_map[b]
        seq = tuple(e.over != flip for e in strand.events)
        result.add((a, b, seq))
        result.add((b, a, tuple(reversed(seq))))
    return frozenset(result)


def transformed(code: str, side_map: dict[str, str], flip: bool = False) -> str:
    """The code of tile ``code`` after renaming its sides and maybe flipping crossings."""
    wanted = signature(TILES[code], side_map, flip)
    for other in CODES:
        if signature(TILES[other]) == wanted:
            return other
    raise AssertionError(f"no tile matches {code} transformed by {side_map}")
