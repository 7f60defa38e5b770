"""Drawing a board of square cells (see :mod:`.squaregrid`): cell (column, row) is
the unit square from (column, row); the grid's lines and the coordinates."""

from __future__ import annotations

from ..figure_style import GREY, INK, font
from .squaregrid import LETTERS


def grid(ax, size: int, lw: float = 1.2, outer: bool = True, colour: str = INK) -> list:
    """The lines between the cells, and with ``outer`` the board's outline too."""
    artists = []
    for i in range(size + 1) if outer else range(1, size):
        artists += ax.plot([i, i], [0, size], color=colour, lw=lw, solid_capstyle="butt")
        artists += ax.plot([0, size], [i, i], color=colour, lw=lw, solid_capstyle="butt")
    return artists


def coordinates(ax, size: int, below: float = 0.25, left: float = 0.25, fontsize: float = 8,
                colour: str = GREY) -> list:
    """The column letters ``below`` the board and the row numbers ``left`` of it."""
    text = dict(ha="center", va="center", color=colour, fontproperties=font(fontsize))
    return ([ax.text(column + 0.5, -below, LETTERS[column], **text) for column in range(size)]
            + [ax.text(-left, row + 0.5, str(row + 1), **text) for row in range(size)])
