"""Drawing a Quantum Tic-Tac-Toe position with matplotlib.

Classical marks are large letters with their move number; spooky marks are
small, each in the slot of its move number (a 3x3 grid inside the cell, as in
Goff's own diagrams), so the same mark sits in the same place in both cells.
"""

from __future__ import annotations

from matplotlib.patches import FancyArrowPatch, Rectangle

from ...figure_style import BLUE, GREY, INK, VERMILION, YELLOW, font, tint
from .rules import owner

PANEL_SIZE = (2.6, 2.6)
VIEW_OPTIONS = {
    "coordinates": True,  # column letters and row numbers around the board
    "entanglement": False,  # a thin curve joining the two cells of each spooky mark
    "highlight": [],  # cells to shade, e.g. ["a1", "b2"]
    "show_cycle": True,  # shade the cycle waiting to collapse
    "show_lines": True,  # strike through complete lines
}
COLOURS = (BLUE, VERMILION)
SYMBOLS = ("X", "O")


def centre(cell: int) -> tuple[float, float]:
    return cell % 3 + 0.5, cell // 3 + 0.5


def slot(cell: int, mark: int) -> tuple[float, float]:
    """Where spooky mark ``mark`` sits inside ``cell``: slot mark-1 of a 3x3 grid."""
    column, row = (mark - 1) % 3, (mark - 1) // 3
    return cell % 3 + 0.2 + 0.3 * column, cell // 3 + 0.8 - 0.3 * row


def draw(ax, state, *, lang, previous=None, move=None, coordinates=True, entanglement=False,
         highlight=(), show_cycle=True, show_lines=True):
    artists = []
    shaded = {c for c in state.cycle_cells()} if show_cycle else set()
    shaded |= {"abc".index(h[0]) + (int(h[1]) - 1) * 3 for h in highlight}
    for cell in sorted(shaded):
        artists.append(ax.add_patch(Rectangle((cell % 3, cell // 3), 1, 1, color=tint(YELLOW, 0.45),
                                              lw=0)))
    for i in (1, 2):
        artists += ax.plot([i, i], [0, 3], color=INK, lw=2, solid_capstyle="butt")
        artists += ax.plot([0, 3], [i, i], color=INK, lw=2, solid_capstyle="butt")
    for cell, mark in enumerate(state.classical):
        if mark is None:
            continue
        x, y = centre(cell)
        colour = COLOURS[owner(mark)]
        artists.append(ax.text(x - 0.05, y, SYMBOLS[owner(mark)], ha="center", va="center",
                               color=colour, fontproperties=font(30)))
        artists.append(ax.text(x + 0.3, y - 0.28, str(mark), ha="center", va="center",
                               color=colour, fontproperties=font(11)))
    for mark, a, b in state.spooky:
        colour = COLOURS[owner(mark)]
        for cell in (a, b):
            x, y = slot(cell, mark)
            artists.append(ax.text(x - 0.03, y, SYMBOLS[owner(mark)].lower(), ha="center",
                                   va="center", color=colour, fontproperties=font(11)))
            artists.append(ax.text(x + 0.07, y - 0.07, str(mark), ha="center", va="center",
                                   color=colour, fontproperties=font(6.5)))
        if entanglement:
            start, end = slot(a, mark), slot(b, mark)
            artists.append(ax.add_patch(FancyArrowPatch(
                start, end, arrowstyle="-", connectionstyle="arc3,rad=0.25", color=tint(colour, 0.6),
                lw=0.8, shrinkA=6, shrinkB=6)))
    if show_lines:
        for player, lines in state.lines().items():
            for line in lines:
                (x0, y0), (x1, y1) = centre(line[0]), centre(line[-1])
                artists += ax.plot([x0, x1], [y0, y1], color=tint(COLOURS[player], 0.5), lw=4,
                                   zorder=1.5, solid_capstyle="round")
    if coordinates:
        for column in range(3):
            artists.append(ax.text(column + 0.5, -0.18, "abc"[column], ha="center", va="center",
                                   color=GREY, fontproperties=font(8)))
        for row in range(3):
            artists.append(ax.text(-0.15, row + 0.5, str(row + 1), ha="center", va="center",
                                   color=GREY, fontproperties=font(8)))
    ax.set_xlim(-0.3, 3.05)
    ax.set_ylim(-0.3, 3.05)
    return artists
