"""Exact plane geometry of convex regions of the unit disk.

A region's boundary is a counter-clockwise ring of vertices ``pts`` and, for
each edge ``pts[i] -> pts[i+1]``, a label ``edges[i]``: a region id (> 0) for a
straight edge shared with that region, or ``-1, -2, -3`` for an arc of the rim
lying on goal arc A, B or C.  Every vertex of the arrangement that lies on the
boundary is in ``pts``, including T-junctions where another region's line ends
on this region's straight edge, and the arc boundaries on the rim.  Shared
edges therefore match exactly (same end points, reversed), which makes
adjacency combinatorial instead of a tolerance test.

Every region is convex: both starts are, and a part of a cut is a convex region
intersected with a 120-degree wedge.  Convexity is what lets a ray from an
interior point leave through exactly one edge, and a region be the disk cut by
the half-planes of its straight edges.

Areas are exact: the polygon of the vertices (shoelace) plus a circular segment
``(t - sin t) / 2`` for every arc edge of central angle ``t``.  No polygonal
approximation of the rim is ever used to decide a rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]

# Two points closer than this are the same vertex; a point closer than this to
# a line is on it.  Far below any distance a player writes (6 decimals).
EPS = 1e-9
DISK_AREA = math.pi


def is_arc(label: int) -> bool:
    return label < 0


def arc_index(label: int) -> int:
    """0, 1, 2 for goal arcs A, B, C."""
    return -label - 1


def arc_label(index: int) -> int:
    return -index - 1


def arc_angle(a: Point, b: Point) -> float:
    """Central angle of the counter-clockwise rim arc from ``a`` to ``b`` (both on the rim)."""
    angle = math.atan2(a[0] * b[1] - a[1] * b[0], a[0] * b[0] + a[1] * b[1])
    return angle if angle > 0 else angle + 2 * math.pi


def area(pts: tuple[Point, ...], edges: tuple[int, ...]) -> float:
    """Exact area of a region: its vertex polygon plus a circular segment per arc edge."""
    twice = 0.0
    segments = 0.0
    n = len(pts)
    for i in range(n):
        ax, ay = pts[i]
        bx, by = pts[(i + 1) % n]
        twice += ax * by - ay * bx
        if edges[i] < 0:
            t = arc_angle(pts[i], pts[(i + 1) % n])
            segments += t - math.sin(t)
    return (twice + segments) / 2


def contains(pts, edges, x: float, y: float, margin: float = 0.0) -> bool:
    """Whether (x, y) is inside the region by at least ``margin`` from its boundary."""
    if x * x + y * y >= (1 - margin) ** 2:
        return False
    n = len(pts)
    for i in range(n):
        if edges[i] < 0:
            continue
        ax, ay = pts[i]
        bx, by = pts[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        if ex * (y - ay) - ey * (x - ax) <= margin * math.hypot(ex, ey):
            return False
    return True


def bounding_box(pts, edges) -> tuple[float, float, float, float]:
    """(xmin, ymin, xmax, ymax), widened to the rim where an arc edge bulges out."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    n = len(pts)
    for i in range(n):
        if edges[i] < 0:
            a, b = pts[i], pts[(i + 1) % n]
            start = math.atan2(a[1], a[0])
            sweep = arc_angle(a, b)
            for k in range(4):  # the rim's extreme points at 0, 90, 180, 270 degrees
                axis = k * math.pi / 2
                if (axis - start) % (2 * math.pi) < sweep:
                    xs.append(math.cos(axis))
                    ys.append(math.sin(axis))
    return min(xs), min(ys), max(xs), max(ys)


def is_convex(pts, edges, tolerance: float = 1e-12) -> bool:
    """No right turn at any vertex (collinear T-junction vertices are allowed)."""
    n = len(pts)
    for i in range(n):
        ax, ay = pts[i - 1]
        bx, by = pts[i]
        cx, cy = pts[(i + 1) % n]
        if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) < -tolerance:
            return False
    return True


def ray_exit(pts, edges, px: float, py: float, dx: float, dy: float):
    """Where the ray from the interior point P in direction d (a unit vector) leaves.

    Returns (edge index, exit point).  The region is the disk cut by the
    half-planes of its straight edges (it is convex), and P is inside every one
    of those half-planes, so the ray leaves through the straight edge whose end
    points, seen from P, bracket its direction (a test of signs, exact even for
    a ray grazing a line).  If there is none, it leaves through the rim, on the
    arc edge around the point where it meets the circle.
    """
    n = len(pts)
    for i in range(n):
        if edges[i] < 0:
            continue
        ax, ay = pts[i][0] - px, pts[i][1] - py
        bx, by = pts[(i + 1) % n][0] - px, pts[(i + 1) % n][1] - py
        if ax * dy - ay * dx >= 0 and dx * by - dy * bx > 0:
            ex, ey = bx - ax, by - ay
            t = (ax * ey - ay * ex) / (dx * ey - dy * ex)
            return i, (px + t * dx, py + t * dy)
    along = px * dx + py * dy
    t = -along + math.sqrt(along * along - (px * px + py * py) + 1)
    x, y = px + t * dx, py + t * dy
    best, best_miss = None, math.inf
    for i in range(n):
        if edges[i] < 0:
            a, b = pts[i], pts[(i + 1) % n]
            sweep = arc_angle(a, b)
            into = arc_angle(a, (x, y)) if math.hypot(x - a[0], y - a[1]) > 1e-15 else 0.0
            miss = 0.0 if into <= sweep else min(into - sweep, 2 * math.pi - into)
            if miss < best_miss:
                best, best_miss = i, miss
    if best is None:
        raise ValueError("the ray does not leave the region through an edge")
    return best, (x, y)


def ring_area_from(centre: Point, x: Point, pts, edges, i: int, j: int, y: Point) -> float:
    """Area of the part running centre -> x (on edge i) -> ... -> y (on edge j) -> centre.

    The same ring as ``split`` builds, summed without building it (searches call
    this thousands of times).
    """
    n = len(pts)
    cx, cy = centre
    twice = (cx * x[1] - cy * x[0]) + (y[0] * cy - y[1] * cx)
    segments = 0.0
    previous = x
    index = i
    while True:
        nxt = y if index == j else pts[(index + 1) % n]
        twice += previous[0] * nxt[1] - previous[1] * nxt[0]
        if edges[index] < 0:
            t = arc_angle(previous, nxt)
            segments += t - math.sin(t)
        if index == j:
            break
        previous = nxt
        index = (index + 1) % n
    return (twice + segments) / 2


def split(pts, edges, centre: Point, exits, part_ids):
    """The three parts of a region cut by rays from ``centre``.

    ``exits`` are the (edge index, exit point) of the rays in counter-clockwise
    order; part k lies between ray k and ray k+1 and gets id ``part_ids[k]``.
    Returns the parts as (pts, edges) and, for updating neighbours, a map from
    each directed piece of the old boundary to the part that now owns it, and
    the exit points lying on each old edge.
    """
    n = len(pts)
    parts = []
    owner_of_piece: dict[tuple[Point, Point], int] = {}
    for k in range(3):
        i, x = exits[k]
        j, y = exits[(k + 1) % 3]
        ring = [centre, x]
        labels = [part_ids[(k - 1) % 3]]  # centre -> x runs along ray k
        previous = x
        index = i
        while index != j:
            nxt = pts[(index + 1) % n]
            ring.append(nxt)
            labels.append(edges[index])
            owner_of_piece[(previous, nxt)] = part_ids[k]
            previous = nxt
            index = (index + 1) % n
        labels.append(edges[j])  # previous -> y along edge j
        owner_of_piece[(previous, y)] = part_ids[k]
        labels.append(part_ids[(k + 1) % 3])  # y -> centre runs along ray k+1
        ring.append(y)
        parts.append((tuple(ring), tuple(labels)))
    exits_on_edge: dict[int, list[Point]] = {}
    for i, x in exits:
        exits_on_edge.setdefault(i, []).append(x)
    return parts, owner_of_piece, exits_on_edge


def relabel_neighbour(pts, edges, old_id: int, old_pts, exits_on_edge, owner_of_piece):
    """A neighbour's boundary after the region ``old_id`` beside it was cut.

    Its edges along the old region are split at the rays' exit points (new
    T-junctions) and relabelled with the part now across each piece.
    """
    n_old = len(old_pts)
    index_of_edge = {(old_pts[i], old_pts[(i + 1) % n_old]): i for i in range(n_old)}
    new_pts: list[Point] = []
    new_edges: list[int] = []
    n = len(pts)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        new_pts.append(a)
        if edges[i] != old_id:
            new_edges.append(edges[i])
            continue
        # In the old region this edge runs b -> a.
        inner = exits_on_edge.get(index_of_edge[(b, a)], [])
        inner = sorted(inner, key=lambda p: (p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2)
        chain = [a, *inner, b]
        for step, (p, q) in enumerate(zip(chain, chain[1:])):
            if step:
                new_pts.append(p)
            new_edges.append(owner_of_piece[(q, p)])
    return tuple(new_pts), tuple(new_edges)


def boundary_points(region, radians_per_step: float) -> list[tuple[float, float]]:
    """The region's boundary as points, its rim arcs divided every ``radians_per_step``.

    For drawing and for polygon models in tests, never for areas (see ``area``).
    """
    points = []
    n = len(region.pts)
    for i in range(n):
        a, b = region.pts[i], region.pts[(i + 1) % n]
        points.append(a)
        if region.edges[i] < 0:
            start = math.atan2(a[1], a[0])
            sweep = arc_angle(a, b)
            steps = max(2, int(sweep / radians_per_step))
            points.extend((math.cos(start + sweep * k / steps), math.sin(start + sweep * k / steps))
                          for k in range(1, steps))
    return points


# --- a cut of a region -------------------------------------------------------


@dataclass(frozen=True)
class CutPlan:
    """A cut worked out geometrically: where it is, and its parts' shapes and areas."""

    region: object  # the region of the rules that is cut
    centre: tuple[float, float]
    angle: float  # degrees, the exact allowed direction
    exits: tuple  # (edge index, point) per ray
    areas: tuple[float, float, float]


def plan_cut(region, centre, angle: float):
    """The cut's plan, or the geometric rule it breaks (a string).

    ``region`` is a region of the rules (anything with ``pts`` and ``edges``).
    """
    px, py = centre
    exits = []
    for k in range(3):
        radians = math.radians(angle + 120 * k)
        i, point = ray_exit(region.pts, region.edges, px, py, math.cos(radians),
                            math.sin(radians))
        a, b = region.pts[i], region.pts[(i + 1) % len(region.pts)]
        for vertex in (a, b):
            if math.hypot(point[0] - vertex[0], point[1] - vertex[1]) <= EPS:
                where = "an arc boundary" if _is_arc_boundary(vertex) else "an existing vertex"
                return (f"ray {k + 1} (at {degrees_text(angle + 120 * k)} degrees) ends on {where} "
                        f"at ({vertex[0]:.6g}, {vertex[1]:.6g}); rays must end on an edge "
                        f"between vertices")
        exits.append((i, point))
    areas = tuple(ring_area_from(centre, exits[k][1], region.pts, region.edges, exits[k][0],
                                 exits[(k + 1) % 3][0], exits[(k + 1) % 3][1])
                  for k in range(3))
    return CutPlan(region, centre, angle, tuple(exits), areas)


def _is_arc_boundary(point) -> bool:
    if abs(math.hypot(*point) - 1) > 1e-9:
        return False
    degrees = math.degrees(math.atan2(point[1], point[0])) % 360
    return any(abs(degrees - b) < 1e-6 for b in (30.0, 150.0, 270.0))


def degrees_text(value: float) -> str:
    """An angle in degrees as the rules' messages write it (0 to 360, 6 digits)."""
    return f"{value % 360:.6g}"
