"""Drawing a Craquelure position with matplotlib.

Regions are filled in a light tint of their owner's colour (neutral: pale
grey); the winning group is drawn dark.  The goal arcs run just outside the rim
with their letters; the last cut's point is a yellow dot.  Rim arcs are drawn
as fine polylines (drawing only: the rules use exact areas).
"""

from __future__ import annotations

import math

from matplotlib.patches import Circle, Polygon

from ...figure_style import BLUE, INK, PAPER, VERMILION, YELLOW, font, mix
from . import geometry as geo
from .starts import ARC_BOUNDARIES, ARC_NAMES

PANEL_SIZE = (2.8, 2.8)
VIEW_OPTIONS = {
    "arcs": True,  # the goal arcs A, B, C outside the rim
    "areas": False,  # each region's area in percent of the disk
    "decimals": 2,  # places for the areas
    "mark_cut": True,  # the last cut's point (yellow) and its rays
    "part_numbers": False,  # number the last cut's parts 1, 2, 3
    "mark_handed": True,  # outline parts handed over at the end of the last turn
    "dark_winner": True,  # the winning group in a dark shade
    "mark_points": [],  # extra yellow points [[x, y], ...], e.g. a cut about to be made
    "window": [],  # [xmin, ymin, xmax, ymax] to show a detail instead of the whole disk
}
NEUTRAL_FILL = "#F4F4F4"
COLOURS = (BLUE, VERMILION)


def fill_of(owner, winning: bool):
    if owner is None:
        return NEUTRAL_FILL
    if winning:
        return mix(COLOURS[owner], "#000000", 0.35)
    return mix(COLOURS[owner], PAPER, 0.45)


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


def draw(ax, state, *, lang, previous=None, move=None, arcs=True, areas=False, decimals=2,
         mark_cut=True, part_numbers=False, mark_handed=True, dark_winner=True,
         mark_points=(), window=()):
    artists = []
    scale = (window[2] - window[0]) / 2.6 if window else 1.0  # dots keep their size on paper
    regions = sorted(state.regions.values(), key=lambda r: r.id)
    for region in regions:
        winning = dark_winner and region.id in state.winning_group
        patch = Polygon(outline(region), closed=True, facecolor=fill_of(region.owner, winning),
                        edgecolor=INK, linewidth=0.6, joinstyle="round")
        ax.add_patch(patch)
        artists.append(patch)
    artists.append(ax.add_patch(Circle((0, 0), 1, fill=False, edgecolor=INK, linewidth=1.0)))
    last = state.last
    if mark_handed and last:
        for region_id in last.handed_over:
            patch = Polygon(outline(state.regions[region_id]), closed=True, fill=False,
                            edgecolor=INK, linewidth=1.6, linestyle=(0, (2, 1.2)))
            artists.append(ax.add_patch(patch))
    if mark_cut and last:
        for end in last.ray_ends:
            artists += ax.plot([last.centre[0], end[0]], [last.centre[1], end[1]], color=INK,
                               linewidth=1.4, solid_capstyle="round")
        artists.append(_dot(ax, last.centre, 0.045 * scale))
    for point in mark_points:
        artists.append(_dot(ax, point, 0.045 * scale))
    if part_numbers and last:
        for number, region_id in enumerate(last.parts, start=1):
            if region_id in state.regions:
                x, y = label_point(state.regions[region_id])
                artists.append(ax.text(x, y, str(number), ha="center", va="center",
                                       fontproperties=font(9), color=INK, zorder=6,
                                       bbox=dict(boxstyle="circle,pad=0.15", facecolor=PAPER,
                                                 edgecolor="none", alpha=0.85)))
    if areas:
        for region in regions:
            x, y = label_point(region)
            text = f"{100 * region.share():.{decimals}f}%"
            artists.append(ax.text(x, y, text, ha="center", va="center", fontproperties=font(7.5),
                                   color=INK))
    if arcs:
        artists += _goal_arcs(ax)
    if window:
        xmin, ymin, xmax, ymax = window
        ax.set_xlim(xmin, xmax)
        ax.set_ylim(ymin, ymax)
        for artist in artists:
            artist.set_clip_on(True)
    else:
        ax.set_xlim(-1.3, 1.3)
        ax.set_ylim(-1.3, 1.3)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return artists


def _dot(ax, point, radius=0.045):
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
