"""Searching the cuts of a region: random cuts, the best balanced cut, settledness.

For a fixed angle, the area of part k as a function of the cut point P is
f_k(P) = area(R & (P + W_k)) for a convex region R and a 120-degree wedge W_k.
Because W_k + W_k = W_k, Brunn-Minkowski makes sqrt(f_k) concave, so
min_k f_k is unimodal in P: a nested golden-section search (over x, and over y
on the region's chord at x) finds its maximum, the most balanced cut.  The
angle is searched on a coarse grid, then refined.
"""

from __future__ import annotations

import math
from decimal import Decimal

from . import geometry as geo

GOLDEN = (math.sqrt(5) - 1) / 2


def decimal6(value: float) -> Decimal:
    """A float as a short decimal of at most 6 places, as a player would write it."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return Decimal("0" if text in ("-0", "") else text)


def _golden_max(f, lo: float, hi: float, steps: int):
    """(argmax, max) of a unimodal function on [lo, hi]."""
    a, b = lo, hi
    c, d = b - GOLDEN * (b - a), a + GOLDEN * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc >= fd:
            b, d, fd = d, c, fc
            c = b - GOLDEN * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + GOLDEN * (b - a)
            fd = f(d)
    return (c, fc) if fc >= fd else (d, fd)


def smallest_part(region, point, angle: float) -> float:
    """The smallest part's area of the cut, or -1 if it is no cut (a ray on a vertex)."""
    if not region.contains(point[0], point[1], geo.EPS):
        return -1.0
    plan = geo.plan_cut(region, point, angle)
    return -1.0 if isinstance(plan, str) else min(plan.areas)


def chord_at(region, x: float) -> tuple[float, float] | None:
    """The interval of y where the vertical line at x crosses the region."""
    if abs(x) >= 1:
        return None
    half = math.sqrt(1 - x * x)
    low, high = -half, half
    pts, edges = region.pts, region.edges
    n = len(pts)
    for i in range(n):
        if edges[i] < 0:
            continue
        ax, ay = pts[i]
        bx, by = pts[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        # inside: ex * (y - ay) - ey * (x - ax) > 0
        if abs(ex) < 1e-15:
            if -ey * (x - ax) <= 0:
                return None
            continue
        bound = ay + ey * (x - ax) / ex
        if ex > 0:
            low = max(low, bound)
        else:
            high = min(high, bound)
    return (low, high) if low < high else None


def best_point(region, angle: float, steps: int = 24):
    """The cut point with the largest smallest part at this angle: (value, point)."""
    xmin, _, xmax, _ = region.box
    best = {}

    def along_chord(x):
        chord = chord_at(region, x)
        if chord is None:
            return 0.0
        y, value = _golden_max(lambda y: smallest_part(region, (x, y), angle), *chord, steps)
        best[x] = y
        return value

    x, value = _golden_max(along_chord, xmin, xmax, steps)
    return value, (x, best.get(x, 0.0))


def best_cut(region, angles=None, steps: int = 24):
    """The most balanced cut: (smallest part's area, point, angle).

    ``angles``: the allowed first-ray angles, or None for any angle.
    """
    if angles is not None:
        return max(((*best_point(region, a, steps), a) for a in angles), key=lambda t: t[0])
    coarse = [i * 10.0 for i in range(12)]  # the three rays repeat every 120 degrees
    value, point, angle = max(((*best_point(region, a, steps), a) for a in coarse),
                              key=lambda t: t[0])
    found = {}

    def at_angle(a):
        v, p = best_point(region, a, steps)
        found[a] = p
        return v

    refined, refined_value = _golden_max(at_angle, angle - 10, angle + 10, 12)
    if refined_value > value:
        value, point, angle = refined_value, found[refined], refined % 360
    return value, point, angle


def _best_angle_at(region, point, steps: int = 20):
    """For a fixed point and any angle: (smallest part, angle) of the best of 24 + refinement."""
    value, angle = max((smallest_part(region, point, a), a) for a in (i * 5.0 for i in range(24)))
    refined, refined_value = _golden_max(lambda a: smallest_part(region, point, a),
                                         angle - 5, angle + 5, steps)
    return (refined_value, refined % 360) if refined_value > value else (value, angle)


def vertex_centroid(region):
    """The centroid of the region's vertex polygon (close to its balance point)."""
    pts = region.pts
    n = len(pts)
    area = cx = cy = 0.0
    for i in range(n):
        ax, ay = pts[i]
        bx, by = pts[(i + 1) % n]
        cross = ax * by - ay * bx
        area += cross
        cx += (ax + bx) * cross
        cy += (ay + by) * cross
    return cx / (3 * area), cy / (3 * area)


def middle(region):
    """A point in the middle of the region, to search outwards from: the centroid of its
    vertex polygon, or the vertices' mean when that polygon has no area (a segment of
    the disk has two vertices)."""
    try:
        return vertex_centroid(region)
    except ZeroDivisionError:
        pts = region.pts
        return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


def angle6(angle: float) -> Decimal:
    """An angle as a move writes it: at most 6 places, at least 0 and under 360 (an angle
    just under 360 rounds to 0, not to 360, which no record may hold)."""
    return decimal6(angle % 360) % 360


def find_legal_cut(region, settings):
    """A legal (point, angle) for cutting the region under the settings, or None.

    With a grid, every grid point inside is tried (nearest the middle first); with
    a direction step, every allowed angle.  Any point with any angle is the
    rules' standard case, decided by area alone; it is searched here only for tests.
    """
    minimum = settings.part_minimum
    if region.area < 3 * minimum:
        return None
    angles = None
    if settings.directions:
        angles = settings.cut_angles()[: settings.directions // 3]
    if settings.grid == "none":
        # Most regions have a legal cut at one of the first angles tried: stop there.
        for angle in angles if angles is not None else [i * 10.0 for i in range(12)]:
            value, point = best_point(region, angle)
            if value >= minimum and (found := _exact(point, angle, region, settings, minimum)):
                return found
        if angles is not None:
            return None
        value, point, angle = best_cut(region)
        return _exact(point, angle, region, settings, minimum) if value >= minimum else None
    cx, cy = middle(region)
    points = [p for p in settings.grid_points_in(region.box) if region.contains(*p, geo.EPS)]
    points.sort(key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p))
    for point in points:
        if angles is None:
            value, angle = _best_angle_at(region, point)
            if value >= minimum:
                found = _exact(point, angle, region, settings, minimum)
                if found:
                    return found
            continue
        for angle in angles:
            value = smallest_part(region, point, angle)
            if value >= minimum:
                return point, angle
    return None


def _exact(point, angle, region, settings, minimum):
    """The found cut with its numbers rounded as a move writes them, if still legal."""
    x, y = float(decimal6(point[0])), float(decimal6(point[1]))
    if settings.grid != "none":
        x, y = point
    a = angle if settings.directions else float(angle6(angle))
    if smallest_part(region, (x, y), a) >= minimum:
        return (x, y), a
    return None


def random_cut(state, rng, attempts: int = 40):
    """A random legal cut for the player to move, as a complete move.

    Regions are picked in proportion to their area (a random point of the
    cuttable area), the point uniformly in the region (or among its grid points)
    and the angle uniformly (or among the allowed directions).  If many tries
    miss the minimum area, the most balanced cut of a cuttable region is used.
    """
    settings = state.settings
    regions = sorted(state.cuttable(), key=lambda r: r.id)
    if not regions:
        raise ValueError("no region can be cut")
    weights = [r.area for r in regions]
    for _ in range(attempts):
        region = rng.choices(regions, weights)[0]
        move = _try(state, region, _random_point(region, settings, rng), rng)
        if move is not None:
            return move
    # Small regions have few balanced cuts: look near each one's middle.
    for region in sorted(regions, key=lambda r: (-r.area, r.id)):
        cx, cy = middle(region)
        spread = 0.2 * math.sqrt(region.area)
        for _ in range(10):
            point = (cx + rng.gauss(0, spread), cy + rng.gauss(0, spread))
            if settings.grid != "none":
                point = _nearest_grid_point(point, settings)
            move = _try(state, region, (decimal6(point[0]), decimal6(point[1])), rng)
            if move is not None:
                return move
    for region in sorted(regions, key=lambda r: (-r.area, r.id)):
        found = find_legal_cut(region, settings)
        if found is not None:
            (x, y), angle = found
            move = state.random_assignment(region, decimal6(x), decimal6(y), angle6(angle), rng)
            if state._illegal_reason(move) is None:
                return move
    raise ValueError("no legal cut found in a region that should be cuttable")


def _try(state, region, point, rng):
    """A random angle and assignment at ``point``, if that makes a legal move."""
    if point is None:
        return None
    settings = state.settings
    if settings.directions:
        angle = decimal6(rng.choice(settings.cut_angles()))
    else:
        angle = angle6(rng.uniform(0, 360))
    move = state.random_assignment(region, point[0], point[1], angle, rng)
    return move if state._illegal_reason(move) is None else None


def _nearest_grid_point(point, settings):
    best = None
    s = settings.grid_spacing
    box = (point[0] - s, point[1] - s, point[0] + s, point[1] + s)
    for p in settings.grid_points_in(box):
        d = (p[0] - point[0]) ** 2 + (p[1] - point[1]) ** 2
        if best is None or d < best[0]:
            best = (d, p)
    return best[1] if best else point


def _random_point(region, settings, rng):
    if settings.grid != "none":
        inside = [p for p in settings.grid_points_in(region.box) if region.contains(*p, geo.EPS)]
        if not inside:
            return None
        x, y = rng.choice(inside)
        return decimal6(x), decimal6(y)
    xmin, ymin, xmax, ymax = region.box
    for _ in range(20):
        x, y = decimal6(rng.uniform(xmin, xmax)), decimal6(rng.uniform(ymin, ymax))
        if region.contains(float(x), float(y), geo.EPS):
            return x, y
    return None


def representative_cuts(region, settings):
    """A few deterministic legal cuts of the region: (x, y, angle) as Decimals."""
    found = []
    cx, cy = middle(region)
    minimum = settings.part_minimum
    if settings.grid == "none":
        angles = settings.cut_angles()[:settings.directions // 3] if settings.directions else [
            0.0, 30.0, 60.0, 90.0]
        for angle in angles:
            x, y = decimal6(cx), decimal6(cy)
            if smallest_part(region, (float(x), float(y)), angle) >= minimum:
                found.append((x, y, angle6(angle)))
    if not found:
        cut = find_legal_cut(region, settings)
        if cut is not None:
            (x, y), angle = cut
            found.append((decimal6(x), decimal6(y), angle6(angle)))
    return found
