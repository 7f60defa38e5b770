"""The figures' colours and the legend's marks, with no plotting library.

The drawing modules take their colours from here, through
:mod:`rulebook.figure_style` for the books and directly in the browser
(:mod:`rulebook.scene`), so print and play use the same palette.

Colours are the Okabe-Ito palette (safe for colour-blind readers).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

# Okabe-Ito colours; games pick player colours from here.
BLUE = "#0072B2"
VERMILION = "#D55E00"
ORANGE = "#E69F00"
SKY = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
PURPLE = "#CC79A7"
INK = "#222222"
GREY = "#888888"
LIGHT = "#DDDDDD"
PAPER = "#FFFFFF"


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` with ``share`` (0..1) of ``other`` mixed in, as a hex colour."""
    a, b = ([int(c[i:i + 2], 16) for i in (1, 3, 5)] for c in (colour, other))
    return "#" + "".join(f"{round((1 - share) * x + share * y):02X}" for x, y in zip(a, b))


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white (amount 1 = the colour itself).

    Use this instead of alpha: svglib, which puts the figures into the PDFs,
    ignores SVG opacity, so a translucent fill would come out solid.
    """
    return mix(colour, PAPER, 1 - amount)


@dataclass(frozen=True)
class Mark:
    """One kind of mark a drawing makes, named in both languages for the legend.

    ``swatch(ax)`` draws a sample of the mark inside the unit square
    (0..1 on both axes), as it looks on the board.

    How a reader tells it from the game's other marks without seeing hue (in
    greyscale print, or with a colour-vision deficiency; tests/test_marks.py):
    ``colour`` is the colour that tells it (its fill, its line), ``distinct_by``
    its shape or pattern ("double ring", "dashed line", "letter X"), and ``on``
    the colour it is drawn over, if it must stand out from that (a shaded cell).
    Marks of the same ``distinct_by`` (all plain fills, say) must differ in
    lightness (CIE L*) by at least MARK_CONTRAST, and a mark from its ``on``.
    """

    key: str
    names: Mapping[str, str]  # {"en": ..., "ja": ...}
    swatch: Callable
    colour: str | None = None
    distinct_by: str = ""
    on: str | None = None


# CIE L* between marks told apart by lightness alone, in colour, in greyscale and
# under simulated deuteranopia, protanopia and tritanopia
MARK_CONTRAST = 20


class Legend:
    """The marks a figure's drawing used, in the order the game lists them."""

    def __init__(self, marks: Sequence[Mark] = ()):
        self._marks = {mark.key: mark for mark in marks}  # in the game's order
        self._used: set[str] = set()

    def use(self, key: str) -> None:
        if key not in self._marks:
            raise KeyError(f"legend mark {key!r} is not in the drawing module's MARKS")
        self._used.add(key)

    def marks(self) -> list[Mark]:
        return [mark for key, mark in self._marks.items() if key in self._used]


# A move the rules refuse (a record panel's ``attempt``): each game draws the move
# its own way and crosses out where it breaks a rule with this heavy cross, ink on
# a paper-white outline, so that it shows on any fill, in colour and in greyscale.
REFUSED_NAMES = {"en": "A move the rules refuse (crossed out)",
                 "ja": "ルールで認められない手（×印）"}


def refused_cross(ax, x: float, y: float, half: float, width: float = 2.4,
                  zorder: float = 20, halo: bool = True) -> list:
    """A heavy ✕ centred on (x, y), ``half`` data units from the centre to each tip
    (without ``halo``, no paper-white outline: a mark under it stays legible)."""
    artists = []
    for colour, extra, z in ((PAPER, 2.2, zorder), (INK, 0.0, zorder + 0.1))[not halo:]:
        for dy in (half, -half):
            artists += ax.plot([x - half, x + half], [y - dy, y + dy], color=colour,
                               linewidth=width + extra, solid_capstyle="round", zorder=z)
    return artists


def refused_mark(swatch: Callable | None = None) -> Mark:
    """The legend's mark for a refused move; ``swatch`` draws it, by default the cross."""
    return Mark("refused", REFUSED_NAMES,
                swatch or (lambda ax: refused_cross(ax, 0.5, 0.5, 0.3, width=1.8)),
                distinct_by="heavy cross")
