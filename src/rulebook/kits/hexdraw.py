"""Drawing a Hex rhombus (see :mod:`.hexgrid` for its cells and units): the cells,
the players' edges as bands along the four sides, the coordinates."""

from __future__ import annotations

from matplotlib.patches import Polygon

from ..figure_style import INK, font
from .hexgrid import HEX_RADIUS, LETTERS, ROW, centre, corners

CELL_EDGE = "#9A9A9A"
# the column letters' row above row 1, clear of the top edge band and its outline
# (9 pt wide: at 9.5 pt, letters at 1.2 rows touched it and g's tail crossed it), and
# the top of the drawing above them (tests/games/test_inphexion_figures.py)
LETTER_ROW = 1.32
TOP = ROW * 1.62


def frame(size: int, across: float = 0.62, down: float = 0.74) -> dict[str, tuple]:
    """The four sides of a frame just outside the cells, each a pair of (x, y) ends:
    ``top`` and ``bottom`` along rows 1 and n, ``left`` and ``right`` along the first
    and last columns."""
    n = size
    ends = [centre(-across, -down), centre(n - 1 + across, -down),
            centre(n - 1 + across, n - 1 + down), centre(-across, n - 1 + down)]
    top, right, bottom, left = zip(ends, ends[1:] + ends[:1])
    return {"top": top, "bottom": bottom, "left": left, "right": right}


def edge_band(ax, ends, fill: str, width: float = 1.0) -> list:
    """A player's edge along ``ends``: a band of ``fill`` with a dark outline."""
    xs, ys = zip(*ends)
    return (ax.plot(xs, ys, color=INK, lw=9 * width, solid_capstyle="butt", zorder=1)
            + ax.plot(xs, ys, color=fill, lw=6.5 * width, solid_capstyle="butt", zorder=1.1))


def hexagon(ax, xy, facecolor: str, radius: float = HEX_RADIUS) -> list:
    """One cell around ``xy``."""
    return [ax.add_patch(Polygon(corners(*xy, radius), closed=True, zorder=2, lw=0.8,
                                 edgecolor=CELL_EDGE, facecolor=facecolor))]


def coordinates(ax, size: int, fontsize: float, colour: str = INK) -> list:
    """The column letters above row 1 and the row numbers left of column a."""
    text = dict(ha="center", va="center", fontproperties=font(fontsize), color=colour)
    return ([ax.text(c, ROW * LETTER_ROW, LETTERS[c], **text) for c in range(size)]
            + [ax.text(*centre(-1.15, r), str(r + 1), **text) for r in range(size)])
