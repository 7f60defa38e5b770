"""Drawing an inpHeXion position with matplotlib.

Hexagonal cells of a rhombus (row 1 at the top, each row shifted half a cell
to the right), framed by the players' edges: White's (top and bottom) as
light grey bands with a dark outline, Black's (left and right) as near-black
bands, so the two stay apart on white paper and in greyscale.  A panel can
show a move in four steps, like the designer's pages: ``step = "before"`` (the
position before the move), ``"push"`` (the enemy disc moved aside),
``"place"`` (the mover's disc placed; surrounded lone discs double-ringed) and
``"after"`` (relocations done, shown as dashed arrows from dashed circles).
Every step shows the push as an arrow from the cell of the placement.

View options: ``chain`` marks a shortest chain joining a player's edges: the
winner's (true, once the game is over) or a named player's ("White" or
"Black", e.g. a chain that did not win); ``highlight`` shades the cells a
caption points at; ``supply`` stacks each player's discs beside the board.
Every kind of mark is in ``MARKS``, named in both languages for the figure's
legend.
"""

from __future__ import annotations


from matplotlib.patches import Circle, FancyArrowPatch, Wedge
from matplotlib.patheffects import withStroke

from ...figure_style import BLUE, GREEN, INK, LIGHT, ORANGE, PAPER, VERMILION, Mark, tint
from ...kits import hexdraw
from ...kits.hexgrid import HEX_RADIUS, ROW
from ...kits.hexgrid import centre as lattice
from ...palette import refused_cross, refused_mark
from ...views import defaults
from .facts import shortest_chain
from .rules import BLACK, WHITE
from .views import VIEW_OPTIONS as VIEWS

PANEL_SIZE = (3.3, 2.35)
VIEW_OPTIONS = defaults(VIEWS)  # the view options a record may set: views.py
DISC_FILL = {WHITE: PAPER, BLACK: "#1B1B1B"}
DISC_EDGE = {WHITE: INK, BLACK: "#1B1B1B"}
EDGE_FILL = {WHITE: "#C8C8C8", BLACK: "#1B1B1B"}  # the players' edges (bands)
CELL_FILL = tint(LIGHT, 0.5)
HIGHLIGHT_FILL = ORANGE  # CIE L* at least 20 below the cells', however seen
DISC_RADIUS = 0.36
# points: three panels a row print at about 0.65 of their size in the PDF, and the
# coordinates must print at 6 pt there (tests/test_site.py)
COORDINATE_SIZE = 9.5


def centre(geo, cell: int) -> tuple[float, float]:
    return lattice(*geo.column_row(cell))


def draw(ax, state, *, lang, legend, previous=None, move=None, coordinates=True,
         step="after", marks=True, chain=True, highlight=(), supply=False, attempt=None):
    geo = state.geo
    parsed = previous.parse_move(move) if previous is not None and move else None
    discs, neutral, owed = state.discs, state.neutral, []
    if attempt is not None:  # a refused move, drawn on the position it is tried in
        parsed, previous = state.parse_move(attempt), state
        step = "place" if parsed.relocations and previous.steps(parsed) else "before"
    if parsed is not None and step != "after":
        stages = previous.steps(parsed)
        if step == "before" or not stages:
            discs, neutral = previous.discs, previous.neutral
        else:
            discs, neutral = stages[step]
        if step == "place" and stages:  # a move with no push (the first, a swap) has no steps
            owed = [s for s, _ in parsed.relocations] or previous.owed_relocations(
                parsed.target, parsed.push)
    elif parsed is not None and parsed.push is not None and not parsed.relocations:
        owed = previous.owed_relocations(parsed.target, parsed.push)  # no room: they stay
    shaded = {geo.by_name[name] for name in highlight}
    artists = _board(ax, geo, shaded, legend)
    if coordinates:
        artists += hexdraw.coordinates(ax, geo.size, COORDINATE_SIZE)
    for cell in geo.cells:
        for player in (WHITE, BLACK):
            if discs[player] >> cell & 1:
                artists += _disc(ax, centre(geo, cell), player)
                legend.use(DISC_MARK[player])
        if neutral >> cell & 1:
            artists += _neutral(ax, centre(geo, cell))
            legend.use("neutral")
    if supply:
        artists += _supply(ax, geo, legend)
    if attempt is not None:
        # relocations as written (the engine pairs them in its own order: discs are alike)
        written = [state.parse_move(pair) for pair in attempt.split()[1:]]
        artists += _attempt(ax, geo, parsed, [(m.target, m.push) for m in written], step,
                            owed, legend)
    elif marks and parsed is not None:
        artists += _move_marks(ax, geo, parsed, step, owed, legend)
    path = _chain(state, chain) if step == "after" and attempt is None else []
    if path:
        artists += _chain_line(ax, [centre(geo, c) for c in path])
        legend.use("chain")
    n = geo.size
    x0, _ = lattice(-1.3, 0)
    x1, _ = lattice(n + 0.2, n - 1)
    ax.set_xlim(x0, x1)
    ax.set_ylim(-ROW * (n - 0.1), hexdraw.TOP)
    return artists


def _supply(ax, geo, legend):
    """A short stack of each player's discs in the empty corner right of the top rows."""
    artists = []
    for player, x in ((WHITE, geo.size + 1.6), (BLACK, geo.size + 2.6)):
        for k in range(3):
            artists += _disc(ax, (x, -ROW * 1.8 + 0.14 * k), player,
                             edge=LIGHT if player == BLACK else None)  # discs apart
        legend.use(DISC_MARK[player])
    return artists


def _chain(state, chain) -> list[int]:
    """The cells of the chain to mark for the view option ``chain``."""
    if chain is True:
        outcome = state.outcome()
        if outcome is None or outcome.winner is None:
            return []
        return shortest_chain(state, outcome.winner)
    if not chain:
        return []
    return shortest_chain(state, state.game.player_index(str(chain)))


def _board(ax, geo, shaded, legend):
    artists = []
    sides = hexdraw.frame(geo.size)
    for side, player in (("top", WHITE), ("bottom", WHITE), ("left", BLACK), ("right", BLACK)):
        artists += _edge(ax, sides[side], player)
    legend.use("white-edge")
    legend.use("black-edge")
    for cell in geo.cells:
        artists += _hexagon(ax, centre(geo, cell), cell in shaded)
    if shaded:
        legend.use("highlight")
    return artists


def _edge(ax, ends, player, width=1.0):
    """A player's edge: a band in the player's edge colour with a dark outline."""
    return hexdraw.edge_band(ax, ends, EDGE_FILL[player], width)


def _hexagon(ax, xy, shaded=False, radius=HEX_RADIUS):
    return hexdraw.hexagon(ax, xy, HIGHLIGHT_FILL if shaded else CELL_FILL, radius)


def _disc(ax, xy, player, radius=DISC_RADIUS, edge=None):
    return [ax.add_patch(Circle(xy, radius, facecolor=DISC_FILL[player],
                                edgecolor=edge or DISC_EDGE[player], lw=1.1, zorder=4))]


def _neutral(ax, xy, radius=DISC_RADIUS):
    """The neutral double disc: a white and a black half under one outline."""
    return [ax.add_patch(Wedge(xy, radius, 90, 270, facecolor=PAPER, lw=0, zorder=4)),
            ax.add_patch(Wedge(xy, radius, 270, 90, facecolor=DISC_FILL[BLACK], lw=0,
                               zorder=4)),
            ax.add_patch(Circle(xy, radius, facecolor="none", edgecolor=INK, lw=1.1,
                                zorder=4.1)),
            ax.add_patch(Circle(xy, radius * 0.55, facecolor="none", edgecolor=GREEN,
                                lw=1.2, zorder=4.2))]


def _halo(lw):
    """A paper-white outline under a mark, so that it shows on black discs in greyscale."""
    return [withStroke(linewidth=lw + 1.6, foreground=PAPER)]


def _ring(ax, xy, colour, dashed=False, radius=DISC_RADIUS + 0.09, lw=2.0):
    return [ax.add_patch(Circle(xy, radius, facecolor="none", edgecolor=colour, lw=lw,
                                linestyle=(0, (2, 1.5)) if dashed else "-", zorder=5,
                                path_effects=_halo(lw)))]


PLACED_WIDTH = 2.6  # the placed disc's one ring, heavier than the surrounded disc's two


def _double_ring(ax, xy, radius=DISC_RADIUS + 0.06):
    """A surrounded lone disc: two thin rings, unlike the single ring of the placed disc."""
    return (_ring(ax, xy, VERMILION, radius=radius, lw=1.3)
            + _ring(ax, xy, VERMILION, radius=radius + 0.09, lw=1.3))


def _arrow(ax, start, end, colour, dashed=False, bend=0.0, scale=12):
    return [ax.add_patch(FancyArrowPatch(
        start, end, arrowstyle="-|>", mutation_scale=scale, color=colour, lw=2.0,
        linestyle=(0, (3, 2)) if dashed else "-", shrinkA=2, shrinkB=5,
        connectionstyle=f"arc3,rad={bend}", zorder=7, path_effects=_halo(2.0)))]


def _chain_line(ax, points, lw=3.2, radius=0.12):
    """A joining chain: a green line through its discs and a green dot on each (no
    ring, so the ring of the disc just placed, or of a surrounded disc, still shows)."""
    xs, ys = zip(*points)
    artists = ax.plot(xs, ys, color=GREEN, lw=lw, solid_capstyle="round", zorder=3)
    for xy in points:
        artists.append(ax.add_patch(Circle(xy, radius, facecolor=GREEN, edgecolor=PAPER,
                                           lw=1.2, zorder=6)))
    return artists


def _move_marks(ax, geo, move, step, owed, legend):
    """The push arrow, the placed disc's ring, surrounded discs and relocations."""
    artists = []
    if move.swap:
        return artists
    target = centre(geo, move.target)
    if step in ("place", "after"):
        artists += _ring(ax, target, BLUE, lw=PLACED_WIDTH)
        legend.use("placed")
    if move.push is None:
        return artists
    artists += _arrow(ax, target, centre(geo, move.push), BLUE)
    legend.use("push")
    for cell in owed:
        artists += _double_ring(ax, centre(geo, cell))
        legend.use("surrounded")
    if step == "after":
        for source, destination in move.relocations:
            start, end = centre(geo, source), centre(geo, destination)
            artists += _ring(ax, start, VERMILION, dashed=True)
            artists += _arrow(ax, start, end, VERMILION, dashed=True, bend=0.2)
            legend.use("relocation")
    return artists


def _attempt(ax, geo, move, relocations, step, owed, legend):
    """A refused move: a swap crossed out in the board's middle; a move that relocates,
    shown once placed (its surrounded discs double-ringed) with each of its
    ``relocations`` (pairs of cells) crossed out mid-way; any other, its push arrow
    and its placement crossed out."""
    legend.use("refused")
    if move.swap:
        middle = (geo.size - 1) / 2
        return refused_cross(ax, *lattice(middle, middle), 0.45, width=3.0)
    artists = _move_marks(ax, geo, move, step, owed, legend)
    if step == "place":
        bend = 0.6  # wide arcs, so that two discs trading places show two arrows
        for source, destination in relocations:
            (x0, y0), (x1, y1) = start, end = centre(geo, source), centre(geo, destination)
            artists += _ring(ax, start, VERMILION, dashed=True)
            artists += _arrow(ax, start, end, VERMILION, dashed=True, bend=bend)
            # the arc's middle (matplotlib's arc3: a quadratic curve), where it is crossed out
            middle = ((x0 + x1) / 2 + bend / 2 * (y1 - y0), (y0 + y1) / 2 - bend / 2 * (x1 - x0))
            artists += refused_cross(ax, *middle, 0.13, width=2.0)
        legend.use("relocation")
        return artists
    return artists + refused_cross(ax, *centre(geo, move.target), 0.2)


# --- the legend -------------------------------------------------------------------
# Swatches draw in the unit square; board marks are drawn at about a cell's size.
_MIDDLE = (0.5, 0.5)


def _swatch_disc(player):
    return lambda ax: _disc(ax, _MIDDLE, player, radius=0.36)


def _swatch_edge(player):
    return lambda ax: _edge(ax, ((0.02, 0.5), (0.98, 0.5)), player, width=0.8)


def _swatch_relocation(ax):
    _ring(ax, (0.27, 0.3), VERMILION, dashed=True, radius=0.16, lw=1.2)
    _arrow(ax, (0.27, 0.3), (0.95, 0.85), VERMILION, dashed=True, bend=0.2, scale=7)


MARKS = (
    Mark("white-disc", {"en": "White's disc", "ja": "白の駒"}, _swatch_disc(WHITE),
         colour=DISC_FILL[WHITE], distinct_by="disc"),
    Mark("black-disc", {"en": "Black's disc", "ja": "黒の駒"}, _swatch_disc(BLACK),
         colour=DISC_FILL[BLACK], distinct_by="disc"),
    Mark("neutral", {"en": "The neutral disc", "ja": "中立駒"},
         lambda ax: _neutral(ax, _MIDDLE, radius=0.36), distinct_by="half white, half black disc"),
    Mark("white-edge", {"en": "White's edges", "ja": "白の辺"}, _swatch_edge(WHITE),
         colour=EDGE_FILL[WHITE], distinct_by="edge band"),
    Mark("black-edge", {"en": "Black's edges", "ja": "黒の辺"}, _swatch_edge(BLACK),
         colour=EDGE_FILL[BLACK], distinct_by="edge band"),
    Mark("push", {"en": "A push: the enemy disc moves aside", "ja": "相手の駒をどける向き"},
         lambda ax: _arrow(ax, (0.05, 0.5), (0.98, 0.5), BLUE, scale=7), distinct_by="arrow"),
    Mark("placed", {"en": "The disc just placed", "ja": "置いた駒"},
         lambda ax: _ring(ax, _MIDDLE, BLUE, radius=0.4, lw=PLACED_WIDTH * 0.8),
         distinct_by="heavy single ring"),
    Mark("surrounded", {"en": "A surrounded lone disc", "ja": "囲まれた孤立した駒"},
         lambda ax: _double_ring(ax, _MIDDLE, radius=0.3), distinct_by="double ring"),
    Mark("relocation", {"en": "A relocated disc: from the dashed circle along the arrow",
                        "ja": "移動させた駒：破線の円から矢印の先へ"}, _swatch_relocation,
         distinct_by="dashed ring and dashed arrow"),
    Mark("chain", {"en": "A chain joining a player's edges", "ja": "対辺をつなぐ駒の列"},
         lambda ax: _chain_line(ax, [(0.22, 0.25), (0.78, 0.75)], lw=1.6, radius=0.09),
         distinct_by="line with a dot on each disc"),
    Mark("highlight", {"en": "Cells the caption points at", "ja": "説明文が指すマス"},
         lambda ax: _hexagon(ax, _MIDDLE, shaded=True, radius=0.48), colour=HIGHLIGHT_FILL,
         on=CELL_FILL),
    refused_mark(),
)
DISC_MARK = {WHITE: "white-disc", BLACK: "black-disc"}
