"""Drawing an inpHeXion position with matplotlib.

Hexagonal cells of a rhombus (row 1 at the top, each row shifted half a cell
to the right), framed by the players' sides: White's (top and bottom) as
white bands, Black's (left and right) as near-black bands.  A panel can show
a move in four steps, like the designer's pages: ``step = "before"`` (the
position before the move, with the push as an arrow), ``"push"`` (the enemy
disc moved aside), ``"place"`` (the mover's disc placed; surrounded lone discs
ringed) and ``"after"`` (relocations done, shown as dashed arrows).

Colours: the move (push arrow, placed disc) blue; surrounded discs and
relocations vermilion; a joining chain green; ``highlight`` purple.
"""

from __future__ import annotations

import math

from matplotlib.patches import Circle, FancyArrowPatch, Polygon, Wedge

from ...figure_style import BLUE, GREEN, INK, LIGHT, PAPER, PURPLE, VERMILION, font, tint
from .facts import shortest_chain
from .rules import BLACK, WHITE

PANEL_SIZE = (3.3, 2.35)
VIEW_OPTIONS = {
    "coordinates": True,  # column letters and row numbers
    "step": "after",  # before | push | place | after: how far into the move to draw
    "marks": True,  # arrows and rings for the move that led here
    "chain": True,  # when a player's sides are joined, mark a shortest joining chain
    "highlight": [],  # cells to ring, e.g. ["e3", "e4"]
}
STEPS = ("before", "push", "place", "after")
DISC_FILL = {WHITE: PAPER, BLACK: "#1B1B1B"}
DISC_EDGE = {WHITE: INK, BLACK: "#1B1B1B"}
ROW = math.sqrt(3) / 2  # vertical distance between rows
HEX_RADIUS = 1 / math.sqrt(3)  # centre to corner of a cell one unit wide
DISC_RADIUS = 0.36


def centre(geo, cell: int) -> tuple[float, float]:
    c, r = geo.column_row(cell)
    return c + 0.5 * r, -ROW * r


def lattice(u: float, v: float) -> tuple[float, float]:
    """A point given in (column, row) units, which need not be a cell."""
    return u + 0.5 * v, -ROW * v


def draw(ax, state, *, lang, previous=None, move=None, coordinates=True, step="after",
         marks=True, chain=True, highlight=()):
    if step not in STEPS:
        raise ValueError(f"inphexion view option step={step!r}: one of {', '.join(STEPS)}")
    geo = state.geo
    parsed = previous.parse_move(move) if previous is not None and move else None
    discs, neutral, owed = state.discs, state.neutral, []
    if parsed is not None and step != "after":
        stages = previous.steps(parsed)
        if step == "before" or not stages:
            discs, neutral = previous.discs, previous.neutral
        else:
            discs, neutral = stages[step]
        if step == "place":
            owed = [s for s, _ in parsed.relocations] or previous.owed_relocations(
                parsed.target, parsed.push)
    artists = _board(ax, geo)
    if coordinates:
        artists += _coordinates(ax, geo)
    for cell in geo.cells:
        for player in (WHITE, BLACK):
            if discs[player] >> cell & 1:
                artists += _disc(ax, centre(geo, cell), DISC_FILL[player], DISC_EDGE[player])
        if neutral >> cell & 1:
            artists += _neutral(ax, centre(geo, cell))
    for name in highlight:
        artists += _ring(ax, centre(geo, geo.by_name[name]), PURPLE, dashed=True)
    if marks and parsed is not None:
        artists += _move_marks(ax, geo, parsed, step, owed)
    if chain and step == "after" and state.outcome() is not None:
        winner = state.outcome().winner
        path = shortest_chain(state, winner) if winner is not None else []
        if path:
            xs, ys = zip(*(centre(geo, c) for c in path))
            artists += ax.plot(xs, ys, color=GREEN, lw=3.2, solid_capstyle="round", zorder=3)
            for c in path:
                artists += _ring(ax, centre(geo, c), GREEN)
    n = geo.size
    x0, _ = lattice(-1.3, 0)
    x1, _ = lattice(n + 0.2, n - 1)
    ax.set_xlim(x0, x1)
    ax.set_ylim(-ROW * (n - 0.1), ROW * 1.5)
    return artists


def _board(ax, geo):
    n = geo.size
    artists = []
    across, down = 0.62, 0.74  # the frame runs just outside the cells, in (column, row) units
    corners = [lattice(-across, -down), lattice(n - 1 + across, -down),
               lattice(n - 1 + across, n - 1 + down), lattice(-across, n - 1 + down)]
    top, right, bottom, left = zip(corners, corners[1:] + corners[:1])
    for (a, b), player in ((top, WHITE), (bottom, WHITE), (left, BLACK), (right, BLACK)):
        xs, ys = (a[0], b[0]), (a[1], b[1])
        if player == WHITE:
            artists += ax.plot(xs, ys, color=INK, lw=9, solid_capstyle="butt", zorder=1)
            artists += ax.plot(xs, ys, color=PAPER, lw=6.5, solid_capstyle="butt", zorder=1.1)
        else:
            artists += ax.plot(xs, ys, color=DISC_FILL[BLACK], lw=7.5, solid_capstyle="butt",
                               zorder=1)
    for cell in geo.cells:
        x, y = centre(geo, cell)
        hexagon = [(x + HEX_RADIUS * math.cos(math.radians(90 + 60 * k)),
                    y + HEX_RADIUS * math.sin(math.radians(90 + 60 * k))) for k in range(6)]
        artists.append(ax.add_patch(Polygon(hexagon, closed=True, facecolor=tint(LIGHT, 0.5),
                                            edgecolor="#9A9A9A", lw=0.8, zorder=2)))
    return artists


def _coordinates(ax, geo):
    artists = []
    for c in range(geo.size):
        x, y = c, ROW * 1.2  # straight above the cells of row 1
        artists.append(ax.text(x, y, "abcdefghijklmnopqrstuvwxyz"[c], ha="center", va="center",
                               fontproperties=font(7), color=INK))
    for r in range(geo.size):
        x, y = lattice(-1.15, r)
        artists.append(ax.text(x, y, str(r + 1), ha="center", va="center",
                               fontproperties=font(7), color=INK))
    return artists


def _disc(ax, xy, fill, edge):
    return [ax.add_patch(Circle(xy, DISC_RADIUS, facecolor=fill, edgecolor=edge, lw=1.1,
                                zorder=4))]


def _neutral(ax, xy):
    """The neutral double disc: a white and a black half under one outline."""
    return [ax.add_patch(Wedge(xy, DISC_RADIUS, 90, 270, facecolor=PAPER, lw=0, zorder=4)),
            ax.add_patch(Wedge(xy, DISC_RADIUS, 270, 90, facecolor=DISC_FILL[BLACK], lw=0,
                               zorder=4)),
            ax.add_patch(Circle(xy, DISC_RADIUS, facecolor="none", edgecolor=INK, lw=1.1,
                                zorder=4.1)),
            ax.add_patch(Circle(xy, DISC_RADIUS * 0.55, facecolor="none", edgecolor=GREEN,
                                lw=1.2, zorder=4.2))]


def _ring(ax, xy, colour, dashed=False):
    return [ax.add_patch(Circle(xy, DISC_RADIUS + 0.09, facecolor="none", edgecolor=colour,
                                lw=2.0, linestyle=(0, (2, 1.5)) if dashed else "-", zorder=5))]


def _arrow(ax, start, end, colour, dashed=False, bend=0.0):
    return [ax.add_patch(FancyArrowPatch(
        start, end, arrowstyle="-|>", mutation_scale=12, color=colour, lw=2.0,
        linestyle=(0, (3, 2)) if dashed else "-", shrinkA=2, shrinkB=5,
        connectionstyle=f"arc3,rad={bend}", zorder=7))]


def _move_marks(ax, geo, move, step, owed):
    """The push arrow, the placed disc's ring, surrounded discs and relocations."""
    artists = []
    if move.swap:
        return artists
    target = centre(geo, move.target)
    if move.push is None:
        return artists + _ring(ax, target, BLUE) if step != "before" else artists
    push = centre(geo, move.push)
    if step in ("before", "push"):
        artists += _arrow(ax, target, push, BLUE)
    if step == "push":
        artists += _ring(ax, target, BLUE, dashed=True)
    if step in ("place", "after"):
        artists += _ring(ax, target, BLUE)
    for cell in owed:
        artists += _ring(ax, centre(geo, cell), VERMILION)
    if step == "after":
        for source, destination in move.relocations:
            start, end = centre(geo, source), centre(geo, destination)
            artists += _ring(ax, start, VERMILION, dashed=True)
            artists += _arrow(ax, start, end, VERMILION, dashed=True, bend=0.2)
    return artists
