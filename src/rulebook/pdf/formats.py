"""Print formats beside each A4 book: US Letter, an A5 booklet, a quick-reference card.

``sphinx-build -b rulebookformats -D rulebook_pdf_format=letter`` (or
``booklet``, ``card``) writes ``<docname>-<lang>-<format>.pdf`` for every
document in ``rulebook_pdf_documents``, from the same doctree as the A4 book:

- ``letter``: the book set on US Letter pages;
- ``booklet``: the book set on A5 pages, imposed two to a landscape A4 sheet
  for saddle stitching (:mod:`rulebook.pdf.imposition`);
- ``card``: the game's name and the book's quick reference (its section of
  class ``quick-reference``) alone on one A5 page, shrunk to fit if it must.
"""

from __future__ import annotations

import io
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.platypus import KeepInFrame
from sphinx.util import logging

from ..files import write_file
from . import FORMATS, format_filename
from .builder import RulebookPDFBuilder
from .imposition import impose_booklet
from .pages import A5_BOOK, LETTER_BOOK
from .templates import RulebookDocTemplate

logger = logging.getLogger(__name__)

CARD_PAGE = A5_BOOK


class RulebookFormatsBuilder(RulebookPDFBuilder):
    name = "rulebookformats"
    epilog = "The PDF files are in %(outdir)s."

    def init(self) -> None:
        super().init()
        self.print_format = self.config.rulebook_pdf_format
        if self.print_format not in FORMATS:
            raise ValueError(f"rulebook_pdf_format: {self.print_format!r} is none of {FORMATS}")
        self.page_format = {"letter": LETTER_BOOK, "booklet": A5_BOOK, "card": CARD_PAGE}[
            self.print_format]

    def target_path(self, docname: str):
        return Path(self.outdir) / format_filename(docname, self.pdf_language, self.print_format)

    def create_translator(self, *args):
        self.translator = super().create_translator(*args)  # the card reads its quick reference
        return self.translator

    def write_atomically(self, target: Path, story: list, info: dict) -> None:
        if self.print_format == "card":
            story = self.card()
            if not story:
                return
        if self.print_format != "booklet":
            return super().write_atomically(target, story, info)
        pages = io.BytesIO()
        RulebookDocTemplate(pages, lang=self.pdf_language, page=self.page_format,
                            **info).build_document(story)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_file(target, impose_booklet(pages.getvalue()), sync=False)
        target.chmod(0o644)

    def card(self) -> list:
        """The game's name and the quick reference of the book just translated, alone on
        one page; empty (and a warning) if the book has none."""
        content = self.translator.quick_reference
        if not content:
            logger.warning("rulebookformats: %s has no section of class quick-reference, so no card",
                           self.current_docname, location=self.current_docname, type="rulebookpdf")
            return []
        title = self.translator.para(escape(self.translator.game_name or self.config.project),
                                     "title")
        page = self.page_format
        # (a shrunk block is drawn from the frame's top left: ReportLab's hAlign and vAlign
        # defaults, LEFT and a packer's hint no frame reads)
        return [KeepInFrame(page.frame_width, page.frame_height - 1, [title, *content],
                            mode="shrink")]


def setup(app):
    app.add_config_value("rulebook_pdf_format", "letter", "", types=frozenset({str}))
    app.add_builder(RulebookFormatsBuilder)
