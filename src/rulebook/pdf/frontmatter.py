"""The title page of every PDF: the game's name and byline at the top; at the foot,
where to play it (its address and a QR code of it) and the credits: copyright,
sources in full, the permission to print, the edition."""

from __future__ import annotations

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Flowable

from .styles import FONT

QR_SIZE = 82  # points (29 mm): a phone reads it from a printed page at arm's length


def qr_code(value: str, size: float = QR_SIZE) -> Drawing:
    """A QR code of ``value``, ``size`` points square (quiet zone included), as a Drawing."""
    widget = QrCodeWidget(value, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    drawing.initialFontName = FONT  # renderPDF would start with Helvetica (and embed it)
    return drawing


class FrontPage(Flowable):
    """A page of its own: ``top`` set down from the frame's top, ``bottom`` up from its foot.

    It takes the whole frame (it is the first thing in the book); if the two do not
    both fit, ``bottom`` simply follows ``top``."""

    def __init__(self, top: list, bottom: list):
        super().__init__()
        self.top, self.bottom = top, bottom

    def _stack(self, flowables, width):
        sizes = [flowable.wrap(width, 1e6) for flowable in flowables]
        gaps = [flowable.getSpaceBefore() + flowable.getSpaceAfter() for flowable in flowables]
        return sizes, sum(height for _, height in sizes) + sum(gaps)

    def wrap(self, availWidth, availHeight):
        self.width = availWidth
        self._top = self._stack(self.top, availWidth)
        self._bottom = self._stack(self.bottom, availWidth)
        self.height = max(availHeight, self._top[1] + self._bottom[1])
        return self.width, self.height

    def split(self, availWidth, availHeight):
        return []

    def _draw_stack(self, flowables, sizes, y):
        for flowable, (width, height) in zip(flowables, sizes):
            y -= flowable.getSpaceBefore() + height
            align = getattr(flowable, "hAlign", "LEFT")
            x = {"CENTER": (self.width - width) / 2, "RIGHT": self.width - width}.get(align, 0)
            flowable.drawOn(self.canv, x, y)
            y -= flowable.getSpaceAfter()

    def draw(self):
        self._draw_stack(self.top, self._top[0], self.height)
        self._draw_stack(self.bottom, self._bottom[0], self._bottom[1])
