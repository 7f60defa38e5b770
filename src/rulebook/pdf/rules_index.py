"""The rules index of a PDF book: each rule with the figures that show it, linked, and the
page each figure is printed on (:mod:`rulebook.sphinxext.rules_index` finds them).

Pages are known only once the book is laid out: each figure carries a
:class:`FigurePage` mark, drawn with its panels, that tells the document the page
it lands on; the index is an indexing flowable (as the table of contents is), so
the document is laid out again until every page it prints is the page its figure
is on.
"""

from __future__ import annotations

from reportlab.platypus import ListFlowable, ListItem
from reportlab.platypus.tableofcontents import IndexingFlowable

from .flowables import Anchor

EVENT = "RulebookFigurePage"
PAGE = {"en": ", p.\u00a0{page}", "ja": "（{page}ページ）"}  # after the figure's name
UNKNOWN = "?"  # the first pass's pages


class FigurePage(Anchor):
    """Nothing to see: tells the document which page a figure (its ids) is drawn on."""

    def draw(self):
        doc = getattr(self.canv, "_doctemplate", None)
        if doc is not None:
            for ident in self.names:
                doc.notify(EVENT, (ident, doc.page))


class RulesIndex(IndexingFlowable):
    """A bullet list of rules; ``entries`` are ``(markup, [figure id, ...])`` where the
    markup holds ``{0}``, ``{1}``... where the pages of those figures go (PAGE)."""

    def __init__(self, entries: list[tuple[str, list[str]]], make_paragraph, lang: str, bullets: dict):
        super().__init__()
        self.entries = entries
        self.make_paragraph = make_paragraph  # markup -> a paragraph of the book's body style
        self.lang = lang
        self.bullets = bullets  # ListFlowable's keywords
        self.pages: dict[str, int] = {}  # this pass's, as figures are drawn
        self.printed: dict[str, int] = {}  # the pages the index prints (the previous pass's)
        self._list = None

    def notify(self, kind, stuff):
        if kind == EVENT:
            ident, page = stuff
            self.pages.setdefault(ident, page)

    def beforeBuild(self):
        self.printed, self.pages = self.pages, {}

    def isSatisfied(self):
        return self.printed == self.pages

    def page_text(self, ident: str) -> str:
        page = self.printed.get(ident)
        return PAGE.get(self.lang, PAGE["en"]).format(page=UNKNOWN if page is None else page)

    def _make(self):
        items = [ListItem([self.make_paragraph(markup.format(*(self.page_text(i) for i in ids)))])
                 for markup, ids in self.entries]
        return ListFlowable(items, **self.bullets)

    def wrap(self, availWidth, availHeight):
        self._list = self._make()
        return self._list.wrapOn(self.canv, availWidth, availHeight)

    def split(self, availWidth, availHeight):
        self._list = self._list or self._make()
        return self._list.splitOn(self.canv, availWidth, availHeight)

    def drawOn(self, canvas, x, y, _sW=0):
        self._list.drawOn(canvas, x, y, _sW)
