"""Page formats of the PDF books: the paper size and the margins round the one frame.

The A4 book is the edition; the same story is also set on US Letter and on A5
(the pages of the saddle-stitched booklet, :mod:`rulebook.pdf.imposition`).  The
translator sizes figures and the quick reference to the format's frame, so a
book is translated once per format.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, A5, LETTER
from reportlab.lib.units import mm


@dataclass(frozen=True)
class PageFormat:
    name: str
    size: tuple[float, float]  # width, height in points
    margin_left: float
    margin_right: float
    margin_top: float
    margin_bottom: float
    footer_y: float  # the baseline of the footer's words

    @property
    def frame_width(self) -> float:
        return self.size[0] - self.margin_left - self.margin_right

    @property
    def frame_height(self) -> float:
        return self.size[1] - self.margin_top - self.margin_bottom


A4_BOOK = PageFormat("a4", A4, 20 * mm, 20 * mm, 18 * mm, 22 * mm, 12 * mm)
LETTER_BOOK = PageFormat("letter", LETTER, 20 * mm, 20 * mm, 16 * mm, 20 * mm, 11 * mm)
A5_BOOK = PageFormat("a5", A5, 14 * mm, 14 * mm, 13 * mm, 17 * mm, 9 * mm)
