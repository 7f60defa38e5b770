"""Page layout: A4 document template, footer with the game name and "n / N" page numbers,
the PDF outline (bookmarks) and the table of contents, both driven by ``afterFlowable``.

The document is built in passes (``multiBuild``) until the table of contents and
the page count stop changing; each pass's footers print the previous pass's count.
"""

from __future__ import annotations

from reportlab.platypus import BaseDocTemplate, CondPageBreak, Frame, PageBreak, PageTemplate
from reportlab.platypus.doctemplate import ActionFlowable, FrameActionFlowable

from .drawings import define_forms
from .pages import A4_BOOK, PageFormat
from .styles import FONT, LATIN_FONT, MUTED, RULE
from .webonly import flowable_texts, web_only_phrases

# The A4 book's page (other formats: rulebook.pdf.pages)
PAGE_SIZE = A4_BOOK.size
MARGIN_LEFT, MARGIN_RIGHT = A4_BOOK.margin_left, A4_BOOK.margin_right
MARGIN_TOP, MARGIN_BOTTOM = A4_BOOK.margin_top, A4_BOOK.margin_bottom
FOOTER_Y = A4_BOOK.footer_y
FRAME_WIDTH, FRAME_HEIGHT = A4_BOOK.frame_width, A4_BOOK.frame_height
TOC_LEVELS = 2  # outline levels 1 and 2 (the page's sections and subsections) are listed


class RulebookDocTemplate(BaseDocTemplate):
    """One frame per page, A4 unless ``page`` says otherwise.

    A flowable carrying ``outlines = [(key, text, level), ...]`` (a heading whose
    paragraph holds the anchor ``<a name="key"/>``, or a page holding headings)
    gets a bookmark per entry and, for levels 1 to TOC_LEVELS, an entry of the
    table of contents.
    """

    def __init__(self, target, *, title: str, author: str, subject: str, lang: str,
                 page: PageFormat = A4_BOOK):
        self.page_format = page
        super().__init__(
            target,
            pagesize=page.size,
            leftMargin=page.margin_left,
            rightMargin=page.margin_right,
            topMargin=page.margin_top,
            bottomMargin=page.margin_bottom,
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
        frame = Frame(page.margin_left, page.margin_bottom, page.frame_width, page.frame_height,
                      id="body",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=self.draw_footer)])

    def draw_footer(self, canvas, doc):
        page = self.page_format
        left, right, y = page.margin_left, page.size[0] - page.margin_right, page.footer_y
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(left, y + 10, right, y + 10)
        canvas.setFont(FONT if self.text_lang == "ja" else LATIN_FONT, 8)
        canvas.setFillColor(MUTED)
        canvas.drawString(left, y, self.title)
        canvas.drawRightString(right, y, f"{doc.page} / {self.page_total or '?'}")
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
