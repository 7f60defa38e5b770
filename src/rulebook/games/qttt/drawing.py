"""Drawing a Quantum Tic-Tac-Toe position with matplotlib.

Classical marks are large letters with their move number; spooky marks are
small, each in the slot of its move number (a 3x3 grid inside the cell, as in
Goff's own diagrams), so the same mark sits in the same place in both cells.
X and O differ by their letters as well as their colours, so print in grey
loses nothing; the cycle waiting to collapse has a dashed frame and highlighted cells
are a plain tint, darker than the paper however it is seen, so the two stay apart in
grey too; X's line is solid and O's dashed.
"""

from __future__ import annotations

from matplotlib.patches import FancyArrowPatch, Rectangle

from ...figure_style import BLUE, INK, ORANGE, PAPER, SKY, VERMILION, YELLOW, Mark, font, mix, tint
from ...kits import squaredraw
from ...palette import refused_cross, refused_mark
from ...views import defaults
from .notation import parse_cell
from .moves import Collapse, Spooky
from .rules import O, X, owner
from .views import VIEW_OPTIONS as VIEWS

PANEL_SIZE = (2.6, 2.6)
VIEW_OPTIONS = defaults(VIEWS)  # the view options a record may set: views.py
COLOURS = (BLUE, VERMILION)
SYMBOLS = ("X", "O")
KEYS = ("x", "o")
CYCLE_FILL = tint(YELLOW, 0.35)
CYCLE_EDGE = mix(ORANGE, INK, 0.35)
HIGHLIGHT_FILL = tint(SKY, 0.8)  # CIE L* at least 20 below the paper's, however seen


def centre(cell: int) -> tuple[float, float]:
    return cell % 3 + 0.5, cell // 3 + 0.5


def slot(cell: int, mark: int) -> tuple[float, float]:
    """Where spooky mark ``mark`` sits inside ``cell``: slot mark-1 of a 3x3 grid."""
    column, row = (mark - 1) % 3, (mark - 1) // 3
    return cell % 3 + 0.2 + 0.3 * column, cell // 3 + 0.8 - 0.3 * row


# --- the pieces of a drawing, shared by the board and the legend's swatches ---

def _highlight(ax, x, y, size=1.0):
    return [ax.add_patch(Rectangle((x, y), size, size, color=HIGHLIGHT_FILL, lw=0))]


def _cycle(ax, x, y, size=1.0):
    """A pale square inside a dashed frame (kept off the marks, which stay readable)."""
    inset = 0.06 * size
    return [ax.add_patch(Rectangle((x, y), size, size, color=CYCLE_FILL, lw=0)),
            ax.add_patch(Rectangle((x + inset, y + inset), size - 2 * inset, size - 2 * inset,
                                   fill=False, edgecolor=CYCLE_EDGE, lw=1.6, linestyle=(0, (3, 2))))]


def _spooky(ax, x, y, mark, size=1.0, spread=1.0):
    """Spooky mark ``mark``: a small letter and its number; ``size`` scales the font,
    ``spread`` the gap between letter and number (in data units)."""
    colour = COLOURS[owner(mark)]
    return [ax.text(x - 0.03 * spread, y, SYMBOLS[owner(mark)].lower(), ha="center",
                    va="center", color=colour, fontproperties=font(11 * size)),
            ax.text(x + 0.07 * spread, y - 0.07 * spread, str(mark), ha="center", va="center",
                    color=colour, fontproperties=font(7.5 * size))]  # 6 pt printed three a row


def _classical(ax, x, y, mark, size=1.0, spread=1.0):
    colour = COLOURS[owner(mark)]
    return [ax.text(x - 0.05 * spread, y, SYMBOLS[owner(mark)], ha="center", va="center",
                    color=colour, fontproperties=font(30 * size)),
            ax.text(x + 0.3 * spread, y - 0.28 * spread, str(mark), ha="center", va="center",
                    color=colour, fontproperties=font(11 * size))]


def _link(ax, start, end, player, shrink=6):
    return [ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-", connectionstyle="arc3,rad=0.25",
                                         color=tint(COLOURS[player], 0.6), lw=0.8,
                                         shrinkA=shrink, shrinkB=shrink))]


LINE_STYLES = ("-", (0, (1.5, 1.2)))  # X's line solid, O's dashed: alike in grey otherwise


def _line(ax, start, end, player):
    return ax.plot([start[0], end[0]], [start[1], end[1]], color=tint(COLOURS[player], 0.5), lw=4,
                   zorder=1.5, solid_capstyle="butt", linestyle=LINE_STYLES[player])


MARKS = (
    Mark("spooky-x", {"en": "Spooky mark of X, with its move number",
                      "ja": "Xのスプーキーマーク（手数つき）"},
         lambda ax: _spooky(ax, 0.45, 0.55, 1, size=1.2, spread=3), distinct_by="small x"),
    Mark("spooky-o", {"en": "Spooky mark of O, with its move number",
                      "ja": "Oのスプーキーマーク（手数つき）"},
         lambda ax: _spooky(ax, 0.45, 0.55, 2, size=1.2, spread=3), distinct_by="small o"),
    Mark("classical-x", {"en": "Classical mark of X", "ja": "Xのクラシカルマーク"},
         lambda ax: _classical(ax, 0.45, 0.55, 1, size=0.6, spread=1.2), distinct_by="large X"),
    Mark("classical-o", {"en": "Classical mark of O", "ja": "Oのクラシカルマーク"},
         lambda ax: _classical(ax, 0.45, 0.55, 2, size=0.6, spread=1.2), distinct_by="large O"),
    Mark("entanglement", {"en": "Entanglement: the two cells of one pair",
                          "ja": "もつれ：1組のマークが入った2つのマス"},
         lambda ax: _link(ax, (0.05, 0.25), (0.95, 0.25), X, shrink=0), distinct_by="thin curve"),
    Mark("cycle", {"en": "Cycle waiting to collapse", "ja": "収縮を待つ輪"},
         lambda ax: _cycle(ax, 0.1, 0.1, 0.8), distinct_by="dashed frame"),
    Mark("highlight", {"en": "Cells the caption names", "ja": "説明文が挙げるマス"},
         lambda ax: _highlight(ax, 0.1, 0.1, 0.8), colour=HIGHLIGHT_FILL, on=PAPER),
    Mark("line-x", {"en": "Line of X", "ja": "Xのライン"},
         lambda ax: _line(ax, (0.15, 0.5), (0.85, 0.5), X), distinct_by="solid band"),
    Mark("line-o", {"en": "Line of O", "ja": "Oのライン"},
         lambda ax: _line(ax, (0.15, 0.5), (0.85, 0.5), O), distinct_by="dashed band"),
    refused_mark(),
)


def draw(ax, state, *, lang, legend, previous=None, move=None, coordinates=True,
         entanglement=False, highlight=(), show_cycle=True, show_lines=True, attempt=None):
    artists = []
    for cell in sorted({parse_cell(str(name).lower(), str(name), 1) for name in highlight}):
        artists += _highlight(ax, cell % 3, cell // 3)
        legend.use("highlight")
    for cell in state.cycle_cells() if show_cycle else ():
        artists += _cycle(ax, cell % 3, cell // 3)
        legend.use("cycle")
    artists += squaredraw.grid(ax, 3, lw=2, outer=False, colour=INK)
    for cell, mark in enumerate(state.classical):
        if mark is not None:
            artists += _classical(ax, *centre(cell), mark)
            legend.use("classical-" + KEYS[owner(mark)])
    for mark, a, b in state.spooky:
        for cell in (a, b):
            artists += _spooky(ax, *slot(cell, mark), mark)
        legend.use("spooky-" + KEYS[owner(mark)])
        if entanglement:
            artists += _link(ax, slot(a, mark), slot(b, mark), owner(mark))
            legend.use("entanglement")
    if show_lines:
        for player, lines in state.lines().items():
            for line in lines:
                artists += _line(ax, centre(line[0]), centre(line[-1]), player)
                legend.use("line-" + KEYS[player])
    if attempt is not None:
        artists += _attempt(ax, state, state.parse_move(attempt), legend)
    if coordinates:
        artists += squaredraw.coordinates(ax, 3, below=0.18, left=0.15)
    ax.set_xlim(-0.3, 3.05)
    ax.set_ylim(-0.3, 3.05)
    return artists


def _attempt(ax, state, move, legend):
    """A refused move: the mark it would write, in the slot of its number in each cell
    it names, crossed out (a collapse: the pending mark in the cell it cannot go to)."""
    if isinstance(move, Spooky):
        mark, cells = state.next_mark, move.cells
    elif isinstance(move, Collapse):
        mark, cells = state.pending or state.next_mark, (move.cell,)
    else:  # Classical
        mark, cells = state.next_mark, (move.cell,)
    legend.use("spooky-" + KEYS[owner(mark)])
    legend.use("refused")
    artists = []
    for cell in cells:
        x, y = slot(cell, mark)
        artists += _spooky(ax, x, y, mark, size=1.3, spread=1.3)
        artists += refused_cross(ax, x, y, 0.19, width=1.0, halo=False)
    return artists
