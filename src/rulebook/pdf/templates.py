"""Page layout: A4 document template, footer with the game name, "n / N" page numbers,
and the PDF outline (bookmarks) driven by ``afterFlowable``."""

from __future__ import annotations

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from .styles import FONT, MUTED, RULE

PAGE_SIZE = A4
MARGIN_LEFT = MARGIN_RIGHT = 20 * mm
MARGIN_TOP = 18 * mm
MARGIN_BOTTOM = 22 * mm
FOOTER_Y = 12 * mm
FRAME_WIDTH = PAGE_SIZE[0] - MARGIN_LEFT - MARGIN_RIGHT
FRAME_HEIGHT = PAGE_SIZE[1] - MARGIN_TOP - MARGIN_BOTTOM


def numbered_canvas(footer_text: str):
    """A Canvas class that draws the footer once the page count is known.

    Pages are kept until ``save()``, then each gets "footer_text ... n / N"."""

    class NumberedCanvas(Canvas):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._pages = []

        def showPage(self):
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._pages)
            for number, page in enumerate(self._pages, start=1):
                self.__dict__.update(page)
                self._draw_footer(number, total)
                super().showPage()
            super().save()

        def _draw_footer(self, number: int, total: int):
            width = PAGE_SIZE[0]
            self.saveState()
            self.setStrokeColor(RULE)
            self.setLineWidth(0.5)
            self.line(MARGIN_LEFT, FOOTER_Y + 10, width - MARGIN_RIGHT, FOOTER_Y + 10)
            self.setFont(FONT, 8)
            self.setFillColor(MUTED)
            self.drawString(MARGIN_LEFT, FOOTER_Y, footer_text)
            self.drawRightString(width - MARGIN_RIGHT, FOOTER_Y, f"{number} / {total}")
            self.restoreState()

    return NumberedCanvas


class RulebookDocTemplate(BaseDocTemplate):
    """One A4 frame per page; flowables carrying ``outline = (key, text, level)`` become bookmarks."""

    def __init__(self, target, *, title: str, author: str, lang: str):
        super().__init__(
            target,
            pagesize=PAGE_SIZE,
            leftMargin=MARGIN_LEFT,
            rightMargin=MARGIN_RIGHT,
            topMargin=MARGIN_TOP,
            bottomMargin=MARGIN_BOTTOM,
            title=title,
            author=author,
            creator="rulebook",
            producer="rulebook (ReportLab)",
            lang=lang,
            invariant=1,
            initialFontName=FONT,  # else every page names Helvetica
        )
        self.footer_text = title
        frame = Frame(MARGIN_LEFT, MARGIN_BOTTOM, FRAME_WIDTH, FRAME_HEIGHT, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate(id="page", frames=[frame])])

    def afterFlowable(self, flowable):
        outline = getattr(flowable, "outline", None)
        if outline:
            key, text, level = outline
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(text, key, level=level, closed=level > 0)

    def build(self, flowables):
        super().build(flowables, canvasmaker=numbered_canvas(self.footer_text))
