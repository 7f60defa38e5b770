"""Drawing a Craquelure position with matplotlib.

Ownership is told by luminance as well as hue, so it survives greyscale print:
neutral regions are near white, Red's a light tint, Blue's a mid tint, and the
winning group a dark shade of its colour.  Settled regions are hatched (the
hatch is drawn as plain line segments, clipped by hand to the convex region, so
every SVG renderer shows it); regions just handed over have a heavy dashed
outline; a region the caption names (``highlight``) has a heavy ink outline
with a yellow halo outside it.  Every kind of mark is in ``MARKS``, named in
both languages for the legend, and ``draw`` reports each one it draws.  The goal arcs run just outside the rim with their letters;
the last cut's point is a yellow dot.  A part too small to hold its number
badge gets the badge outside it, on a leader line.  Rim arcs are drawn as fine
polylines (drawing only: the rules use exact areas).
"""

from __future__ import annotations

import math

from matplotlib.patches import Circle, Polygon, Rectangle

from ...errors import OptionError
from ...figure_style import BLUE, INK, PAPER, VERMILION, YELLOW, Mark, font, mix, tint
from ...palette import refused_cross, refused_mark
from ...plane import distance_to_polyline
from ...views import defaults
from . import geometry as geo
from .moves import Swap
from .rules import is_settled
from .starts import ARC_BOUNDARIES, ARC_NAMES
from .views import VIEW_OPTIONS as VIEWS

PANEL_SIZE = (2.8, 2.8)
VIEW_OPTIONS = defaults(VIEWS)  # the view options a record may set: views.py
VIEW_SPAN = 2.6  # the whole-disk view runs from -1.3 to 1.3

# Fills, from light to dark, each at least MARK_CONTRAST in CIE L* from the next in
# colour, in greyscale and to colour-blind readers (CIE L* about 99, 76, 46, 19;
# tests/test_marks.py): neutral, Red's, Blue's, and the winning group's.
NEUTRAL_FILL = "#FCFCFC"
OWNED_FILLS = (BLUE, tint(VERMILION, 0.5))  # Blue, Red
WINNING_FILLS = (mix(BLUE, "#000000", 0.55), mix(VERMILION, "#000000", 0.7))
HATCH_STEP = 0.05  # data units between hatch lines on the whole-disk view
BADGE_RADIUS = 0.08  # a part number's badge, data units on the whole-disk view
SMALL_SHARE = 0.03  # a region under this share of the disk may hide under a badge


def fill_of(owner, winning: bool):
    if owner is None:
        return NEUTRAL_FILL
    return (WINNING_FILLS if winning else OWNED_FILLS)[owner]


def luma(colour: str) -> float:
    """Greyscale brightness 0..255 of a hex colour (Rec. 709 weights, as printers use)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


# --- swatches: each mark as the legend shows it --------------------------------


def _square(fill, **style):
    def swatch(ax):
        ax.add_patch(Rectangle((0.1, 0.1), 0.8, 0.8, facecolor=fill, edgecolor=INK,
                               linewidth=0.6, **style))
    return swatch


def _settled_swatch(ax):
    _square(NEUTRAL_FILL)(ax)
    square = [(0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9)]
    for segment in _hatch_segments(square, 0.2):
        ax.plot(*zip(*segment), color=INK, linewidth=0.5)


def _handed_swatch(ax):
    ax.add_patch(Rectangle((0.15, 0.15), 0.7, 0.7, facecolor=OWNED_FILLS[1], edgecolor=INK,
                           linewidth=1.6, linestyle=(0, (2, 1.2))))


def _highlight_swatch(ax):
    corners = [(0.15, 0.15), (0.85, 0.15), (0.85, 0.85), (0.15, 0.85), (0.15, 0.15)]
    ax.plot(*zip(*corners), color=YELLOW, linewidth=4.5, solid_joinstyle="round")
    ax.plot(*zip(*corners), color=INK, linewidth=1.4, solid_joinstyle="round")


def _cut_swatch(ax):
    centre = (0.5, 0.45)
    for degrees in (90, 210, 330):
        a = math.radians(degrees)
        ax.plot([centre[0], centre[0] + 0.42 * math.cos(a)],
                [centre[1], centre[1] + 0.42 * math.sin(a)], color=INK, linewidth=1.4)
    _dot(ax, centre, 0.12)


def _grid_swatch(ax):
    for x in (0.2, 0.5, 0.8):
        for y in (0.2, 0.5, 0.8):
            ax.add_patch(Circle((x, y), 0.055, facecolor=INK, edgecolor="none"))


def _refused_swatch(ax):
    _rays(ax, (0.5, 0.45), 90, [0.42] * 3)
    refused_cross(ax, 0.5, 0.45, 0.17, width=1.8)


def _part_swatch(ax):
    _badge(ax, (0.5, 0.5), "1", 9)


def _area_swatch(ax):
    ax.text(0.5, 0.5, "%", ha="center", va="center", fontproperties=font(8), color=INK)


def _arc_swatch(ax):
    """A stretch of goal arc with its letter outside it, as arc A sits on the board."""
    angles = [math.radians(50 + 80 * k / 30) for k in range(31)]
    ax.plot([0.5 + 0.6 * math.cos(a) for a in angles],
            [-0.1 + 0.6 * math.sin(a) for a in angles], color=INK, linewidth=2.2,
            solid_capstyle="butt")
    ax.text(0.5, 0.8, "A", ha="center", va="center", fontproperties=font(7), color=INK)


MARKS = (
    Mark("neutral", {"en": "Neutral region", "ja": "中立の領域"}, _square(NEUTRAL_FILL),
         colour=NEUTRAL_FILL),
    Mark("blue", {"en": "Blue's region", "ja": "青の領域"}, _square(OWNED_FILLS[0]),
         colour=OWNED_FILLS[0]),
    Mark("red", {"en": "Red's region", "ja": "赤の領域"}, _square(OWNED_FILLS[1]),
         colour=OWNED_FILLS[1]),
    Mark("win-blue", {"en": "Blue's winning group", "ja": "青の勝ちを決めたまとまり"},
         _square(WINNING_FILLS[0]), colour=WINNING_FILLS[0]),
    Mark("win-red", {"en": "Red's winning group", "ja": "赤の勝ちを決めたまとまり"},
         _square(WINNING_FILLS[1]), colour=WINNING_FILLS[1]),
    Mark("settled", {"en": "Settled: can no longer be cut", "ja": "確定した領域（もう割れない）"},
         _settled_swatch, distinct_by="hatching"),
    Mark("handed", {"en": "Settled region just handed to the opponent",
                    "ja": "手番の終わりに相手に渡った確定した領域"}, _handed_swatch,
         distinct_by="heavy dashed outline"),
    Mark("highlight", {"en": "The region the caption points at", "ja": "説明文が指す領域"},
         _highlight_swatch, distinct_by="heavy outline in a halo"),
    Mark("cut", {"en": "The last cut: its point and rays", "ja": "直前の分割：その点と線"},
         _cut_swatch, distinct_by="dot and rays"),
    Mark("point", {"en": "Point of the next cut", "ja": "次に割る点"},
         lambda ax: _dot(ax, (0.5, 0.5), 0.16), distinct_by="outlined dot"),
    Mark("part", {"en": "Part number of the last cut", "ja": "直前の分割でできた片の番号"},
         _part_swatch, distinct_by="number in a circle"),
    Mark("area", {"en": "Area as a share of the disk", "ja": "面積（円盤全体に対する割合）"},
         _area_swatch, distinct_by="percentage"),
    Mark("arc", {"en": "Goal arc and its letter", "ja": "目標の弧とその名前"}, _arc_swatch,
         distinct_by="lettered arc outside the rim"),
    Mark("grid", {"en": "Grid point: a cut's point must be one", "ja": "グリッドの点（分割の点はこのどれか）"},
         _grid_swatch, distinct_by="small dots in a lattice"),
    refused_mark(_refused_swatch),
)
# one winner: a figure shows at most one of these
EXCLUSIVE = (frozenset({"win-blue", "win-red"}),)


# --- geometry for the drawing ------------------------------------------------


def outline(region, degrees_per_step: float = 1.0) -> list[tuple[float, float]]:
    return geo.boundary_points(region, math.radians(degrees_per_step))


def label_point(region) -> tuple[float, float]:
    """A point well inside the region for a label: the centroid of its outline."""
    points = outline(region, 5.0)
    area = cx = cy = 0.0
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        cross = ax * by - ay * bx
        area += cross
        cx += (ax + bx) * cross
        cy += (ay + by) * cross
    return cx / (3 * area), cy / (3 * area)


def _hatch_segments(points, step: float):
    """Lines at 45 degrees, ``step`` apart, clipped to the convex polygon ``points``."""
    # Along u = x - y the polygon spans [lo, hi]; each line u = c meets its boundary twice.
    us = [x - y for x, y in points]
    lo, hi = min(us), max(us)
    segments = []
    c = (math.floor(lo / step) + 1) * step
    while c < hi:
        hits = []
        for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
            ua, ub = ax - ay, bx - by
            if (ua - c) * (ub - c) < 0:
                t = (c - ua) / (ub - ua)
                hits.append((ax + t * (bx - ax), ay + t * (by - ay)))
        if len(hits) >= 2:
            hits.sort()
            segments.append((hits[0], hits[-1]))
        c += step
    return segments


# --- the drawing ---------------------------------------------------------------


def draw(ax, state, *, lang, legend, previous=None, move=None, arcs=True, lines=True,
         areas=False, decimals=2, mark_cut=True, part_numbers=False, mark_handed=True,
         mark_settled=True, dark_winner=True, mark_points=(), highlight=(), window=(),
         attempt=None, grid=False):
    artists = []
    scale = (window[2] - window[0]) / VIEW_SPAN if window else 1.0  # marks keep their size
    regions = sorted(state.regions.values(), key=lambda r: r.id) if lines else []
    outlines = {region.id: outline(region) for region in regions}

    def paint(region, zorder):
        """The region's fill (its owner's, dark in the winning group), hatched if settled."""
        winning = dark_winner and region.id in state.winning_group
        legend.use("neutral" if region.owner is None else
                   ("win-" if winning else "") + ("blue", "red")[region.owner])
        return _region(ax, outlines[region.id], fill_of(region.owner, winning),
                       mark_settled and is_settled(region, state.settings), legend, scale,
                       zorder)

    for region in regions:
        artists += paint(region, 1)
    for point in highlight if lines else ():
        region = state.region_at(*point)
        if region is None:
            raise OptionError(f"craquelure: highlight: no region holds the point {point}")
        # A halo outside the region only: drawn over its neighbours, then the region on top.
        legend.use("highlight")
        ring = outlines[region.id] + outlines[region.id][:1]
        artists += ax.plot(*zip(*ring), color=YELLOW, linewidth=5, solid_joinstyle="round",
                           zorder=1.5)
        artists += paint(region, 1.6)
        artists += ax.plot(*zip(*ring), color=INK, linewidth=1.4, solid_joinstyle="round",
                           zorder=3)
    artists.append(ax.add_patch(Circle((0, 0), 1, fill=False, edgecolor=INK, linewidth=1.0,
                                       zorder=2)))
    last = state.last if lines else None
    if mark_handed and last:
        for region_id in last.handed_over:
            legend.use("handed")
            patch = Polygon(outlines[region_id], closed=True, fill=False, edgecolor=INK,
                            linewidth=1.6, linestyle=(0, (2, 1.2)), zorder=3)
            artists.append(ax.add_patch(patch))
    if mark_cut and last:
        legend.use("cut")
        for end in last.ray_ends:
            artists += ax.plot([last.centre[0], end[0]], [last.centre[1], end[1]], color=INK,
                               linewidth=1.4, solid_capstyle="round", zorder=4)
        artists.append(_dot(ax, last.centre, 0.035 * scale))
    if grid:
        artists += _grid_points(ax, state, window, scale)
        legend.use("grid")
    for point in mark_points:
        legend.use("point")
        artists.append(_dot(ax, point, 0.035 * scale))
    if attempt is not None:
        legend.use("refused")
        artists += _attempt(ax, state, state.parse_move(attempt), outlines, scale)
    if part_numbers and last:
        legend.use("part")
        artists += _part_badges(ax, state, last, outlines, scale, window, arcs)
    if areas:
        legend.use("area")
        for region in regions:
            x, y = label_point(region)
            text = f"{100 * region.share():.{decimals}f}%"
            artists.append(ax.text(x, y, text, ha="center", va="center", fontproperties=font(7.5),
                                   color=INK))
    if arcs:
        legend.use("arc")
        artists += _goal_arcs(ax)
    if window:
        xmin, ymin, xmax, ymax = window
        ax.set_xlim(xmin, xmax)
        ax.set_ylim(ymin, ymax)
        for artist in artists:
            artist.set_clip_on(True)
    else:
        ax.set_xlim(-VIEW_SPAN / 2, VIEW_SPAN / 2)
        ax.set_ylim(-VIEW_SPAN / 2, VIEW_SPAN / 2)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return artists


def _region(ax, points, fill, settled, legend, scale, zorder) -> list:
    """A region's fill and edge, hatched if settled."""
    artists = [ax.add_patch(Polygon(points, closed=True, facecolor=fill, edgecolor=INK,
                                    linewidth=0.6, joinstyle="round", zorder=zorder))]
    if settled:
        legend.use("settled")
        hatch = PAPER if luma(fill) < 110 else INK
        for segment in _hatch_segments(points, HATCH_STEP * scale):
            artists += ax.plot(*zip(*segment), color=hatch, linewidth=0.45, zorder=zorder + 0.05)
    return artists


def _part_badges(ax, state, last, outlines, scale, window, arcs) -> list:
    """Number the last cut's parts; a part too small for its badge gets it outside, on a leader."""
    radius = BADGE_RADIUS * scale
    box = window or (-VIEW_SPAN / 2, -VIEW_SPAN / 2, VIEW_SPAN / 2, VIEW_SPAN / 2)
    anchors = {number: label_point(state.regions[region_id])
               for number, region_id in enumerate(last.parts, start=1)}
    parts = [(number, region_id) for number, region_id in enumerate(last.parts, start=1)
             if box[0] <= anchors[number][0] <= box[2] and box[1] <= anchors[number][1] <= box[3]]
    small = [r for r in state.regions.values() if r.share() < SMALL_SHARE]
    placed = {}  # number -> badge centre
    leaders = {}
    for number, region_id in parts:
        anchor = anchors[number]
        if (state.regions[region_id].contains(*anchor)
                and distance_to_polyline(anchor, outlines[region_id], closed=True) >= 1.1 * radius):
            placed[number] = anchor
    for number, region_id in parts:
        if number in placed:
            continue
        anchor = anchors[number]
        away = math.atan2(anchor[1] - last.centre[1], anchor[0] - last.centre[0])
        taken = list(placed.values()) + [last.centre]

        def fits(point):
            x, y = point
            if not (box[0] + radius <= x <= box[2] - radius
                    and box[1] + radius <= y <= box[3] - radius):
                return False
            if state.regions[region_id].contains(x, y) or \
                    distance_to_polyline(point, outlines[region_id], closed=True) < 1.3 * radius:
                return False  # the badge would cover the part it names
            if arcs and not window and 0.95 <= math.hypot(x, y) <= 1.15 + radius:
                return False  # on the ring of goal arcs
            if any((r.contains(x, y) or distance_to_polyline(
                    point, outlines[r.id], closed=True) < 1.2 * radius) for r in small):
                return False  # it would hide another small region
            return all(math.hypot(x - u, y - v) >= 2.3 * radius for u, v in taken)

        candidates = [(anchor[0] + d * radius * math.cos(away + turn),
                       anchor[1] + d * radius * math.sin(away + turn))
                      for d in (2.5, 3.5, 5.0, 7.0)
                      for turn in sorted((math.radians(15 * k) for k in range(-12, 13)), key=abs)]
        spot = next((c for c in candidates if fits(c)), candidates[0])
        placed[number] = spot
        leaders[number] = anchor
    artists = []
    for number, (x, y) in sorted(placed.items()):
        if number in leaders:
            ax_, ay_ = leaders[number]
            artists += ax.plot([x, ax_], [y, ay_], color=INK, linewidth=0.7, zorder=6)
            artists.append(ax.add_patch(Circle((ax_, ay_), 0.012 * scale, facecolor=INK,
                                               edgecolor="none", zorder=6)))
        artists.append(_badge(ax, (x, y), str(number), 9))
    return artists


def _rays(ax, point, degrees, lengths, zorder=4):
    """A cut's three rays, dashed: from ``point`` at ``degrees`` and every 120 degrees
    on, each as long as the next of ``lengths``."""
    artists = []
    for k, length in enumerate(lengths):
        a = math.radians(degrees + 120 * k)
        artists += ax.plot([point[0], point[0] + length * math.cos(a)],
                           [point[1], point[1] + length * math.sin(a)], color=INK,
                           linewidth=1.4, linestyle=(0, (3, 2)), zorder=zorder)
    return artists


def _ray_length(point, degrees, points) -> float:
    """How far a ray from ``point`` inside the convex polygon ``points`` runs to its edge."""
    dx, dy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    best = math.inf
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        ex, ey = bx - ax, by - ay
        denominator = dx * ey - dy * ex
        if abs(denominator) < 1e-12:
            continue
        t = ((ax - point[0]) * ey - (ay - point[1]) * ex) / denominator
        u = ((ax - point[0]) * dy - (ay - point[1]) * dx) / denominator
        if t > 1e-9 and -1e-9 <= u <= 1 + 1e-9:
            best = min(best, t)
    return best if best < math.inf else 0.0


def _attempt(ax, state, move, outlines, scale):
    """A refused cut: its point crossed out and its rays dashed, each to the edge of the
    region it starts in (to the rim when the point is on no region's inside); a refused
    swap: a cross in the middle of the disk."""
    if isinstance(move, Swap):
        return refused_cross(ax, 0.0, 0.0, 0.25 * scale, width=3.0)
    point, degrees = move.point, float(move.angle)
    region = state.region_at(*point)
    edge = outlines.get(region.id) if region is not None else None
    lengths = [_ray_length(point, degrees + 120 * k, edge) if edge else
               _rim_distance(point, degrees + 120 * k) for k in range(3)]
    return _rays(ax, point, degrees, lengths, zorder=5.5) + refused_cross(
        ax, *point, 0.06 * scale, width=2.2)


def _rim_distance(point, degrees) -> float:
    """How far a ray from ``point`` inside the unit disk runs to its rim."""
    dx, dy = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    along = point[0] * dx + point[1] * dy
    return -along + math.sqrt(max(along * along - (point[0] ** 2 + point[1] ** 2 - 1), 0.0))


def _badge(ax, point, text, size):
    return ax.text(point[0], point[1], text, ha="center", va="center", fontproperties=font(size),
                   color=INK, zorder=7,
                   bbox=dict(boxstyle="circle,pad=0.15", facecolor=PAPER, edgecolor=INK,
                             linewidth=0.6))


def _grid_points(ax, state, window, scale) -> list:
    """The grid's points inside the disk (or the window), as small dots."""
    if state.settings.grid == "none":
        raise OptionError("craquelure: grid: the record's options set no grid to draw")
    box = window or (-1.0, -1.0, 1.0, 1.0)
    return [ax.add_patch(Circle(point, 0.012 * scale, facecolor=INK, edgecolor="none",
                                zorder=4.5))
            for point in state.settings.grid_points_in(box) if math.hypot(*point) < 1]


def _dot(ax, point, radius=0.035):
    return ax.add_patch(Circle(point, radius, facecolor=YELLOW, edgecolor=INK, linewidth=0.8,
                               zorder=5))


def _goal_arcs(ax) -> list:
    """Each goal arc as a thick arc just outside the rim, ticks at its ends, its letter."""
    artists = []
    radius = 1.08
    gap = 3.0  # degrees left open at each boundary so the three arcs read as separate
    for index, name in enumerate(ARC_NAMES):
        start = ARC_BOUNDARIES[index] + gap
        end = ARC_BOUNDARIES[index] + 120 - gap
        angles = [math.radians(start + (end - start) * k / 60) for k in range(61)]
        artists += ax.plot([radius * math.cos(a) for a in angles],
                           [radius * math.sin(a) for a in angles],
                           color=INK, linewidth=2.2, solid_capstyle="butt")
        middle = math.radians(ARC_BOUNDARIES[index] + 60)
        artists.append(ax.text(1.2 * math.cos(middle), 1.2 * math.sin(middle), name,
                               ha="center", va="center", fontproperties=font(10), color=INK))
    for boundary in ARC_BOUNDARIES:
        a = math.radians(boundary)
        artists += ax.plot([0.97 * math.cos(a), 1.12 * math.cos(a)],
                           [0.97 * math.sin(a), 1.12 * math.sin(a)], color=INK, linewidth=0.8)
    return artists
