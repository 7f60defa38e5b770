"""Page layout: A4 document template, footer with the game name and "n / N" page numbers,
the PDF outline (bookmarks) and the table of contents, both driven by ``afterFlowable``.

The document is built in passes (``multiBuild``) until the table of contents and
the page count stop changing; each pass's footers print the previous pass's count.
"""

from __future__ import annotations

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, CondPageBreak, Frame, PageBreak, PageTemplate
from reportlab.platypus.doctemplate import ActionFlowable, FrameActionFlowable

from .drawings import define_forms
from .styles import FONT, LATIN_FONT, MUTED, RULE
from .webonly import flowable_texts, web_only_phrases

PAGE_SIZE = A4
MARGIN_LEFT = MARGIN_RIGHT = 20 * mm
MARGIN_TOP = 18 * mm
MARGIN_BOTTOM = 22 * mm
FOOTER_Y = 12 * mm
FRAME_WIDTH = PAGE_SIZE[0] - MARGIN_LEFT - MARGIN_RIGHT
FRAME_HEIGHT = PAGE_SIZE[1] - MARGIN_TOP - MARGIN_BOTTOM
TOC_LEVELS = 2  # outline levels 1 and 2 (the page's sections and subsections) are listed


class RulebookDocTemplate(BaseDocTemplate):
    """One A4 frame per page.

    A flowable carrying ``outlines = [(key, text, level), ...]`` (a heading whose
    paragraph holds the anchor ``<a name="key"/>``, or a page holding headings)
    gets a bookmark per entry and, for levels 1 to TOC_LEVELS, an entry of the
    table of contents.
    """

    def __init__(self, target, *, title: str, author: str, subject: str, lang: str):
        super().__init__(
            target,
            pagesize=PAGE_SIZE,
            leftMargin=MARGIN_LEFT,
            rightMargin=MARGIN_RIGHT,
            topMargin=MARGIN_TOP,
            bottomMargin=MARGIN_BOTTOM,
            title=title,
            author=author,
            subject=subject,
            creator="rulebook",
            producer="rulebook (ReportLab)",
            lang=lang,
            invariant=1,
            initialFontName=FONT,  # else every page names Helvetica
        )
        self.text_lang = lang
        self.web_only: list[tuple[int, str]] = []  # (page, phrase) of this pass (.webonly)
        self.page_total: int | None = None  # pages in the previous pass
        self._previous_total: int | None = None
        frame = Frame(MARGIN_LEFT, MARGIN_BOTTOM, FRAME_WIDTH, FRAME_HEIGHT, id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=self.draw_footer)])

    def draw_footer(self, canvas, doc):
        width = PAGE_SIZE[0]
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN_LEFT, FOOTER_Y + 10, width - MARGIN_RIGHT, FOOTER_Y + 10)
        canvas.setFont(FONT if self.text_lang == "ja" else LATIN_FONT, 8)
        canvas.setFillColor(MUTED)
        canvas.drawString(MARGIN_LEFT, FOOTER_Y, self.title)
        canvas.drawRightString(width - MARGIN_RIGHT, FOOTER_Y, f"{doc.page} / {self.page_total or '?'}")
        canvas.restoreState()

    def filterFlowables(self, flowables):
        """A figure that does not fit in what is left of the page lets the flowable after it
        go first (so text fills the page and the figure goes where it fits, at the latest at
        the top of the next page); figures keep their order, and none floats past a frame
        action or into the next section."""
        if len(flowables) < 2 or not getattr(flowables[0], "floats", False) or self.frame._atTop:
            return
        figure = flowables[0]
        after = 1  # past the figures queued behind it, in their order
        while after < len(flowables) and getattr(flowables[after], "floats", False):
            after += 1
        if after == len(flowables):
            return
        following = flowables[after]
        if isinstance(following, (ActionFlowable, FrameActionFlowable, CondPageBreak, PageBreak)):
            return
        if getattr(following, "starts_section", False):
            return
        room = self.frame._y - self.frame._y1p - figure.getSpaceBefore()
        figure.canv, figure._frame = self.canv, self.frame  # as Frame.add sets them before wrap
        _, height = figure.wrap(self.frame._getAvailableWidth(), room)
        if height > room:
            flowables.insert(0, flowables.pop(after))

    def afterFlowable(self, flowable):
        for text in flowable_texts(flowable):
            self.web_only += [(self.page, phrase) for phrase in web_only_phrases(text, self.text_lang)]
        for key, text, level in getattr(flowable, "outlines", ()):
            self.canv.addOutlineEntry(text, key, level=level, closed=level > 0)
            if 1 <= level <= TOC_LEVELS:  # (the translator lists the same entries in advance)
                self.notify("TOCEntry", (level - 1, text, self.page, key))

    def build(self, flowables, **kwargs):
        """One pass; ``page_total`` keeps its page count for the next pass's footers."""
        self._previous_total = self.page_total
        self.web_only = []
        super().build(flowables, **kwargs)
        self.page_total = self.page

    def _allSatisfied(self):
        """Whether this pass is the last; if so, its figures are drawn (into their
        forms) now, just before the pass is saved."""
        satisfied = super()._allSatisfied() and self.page_total == self._previous_total
        if satisfied:
            define_forms(self.canv)
        return satisfied

    def build_document(self, flowables) -> int:
        """Build in as many passes as it takes; return their number."""
        return self.multiBuild(flowables)
