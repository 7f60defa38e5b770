"""Print formats beside each A4 book: US Letter, an A5 booklet, a quick-reference card.

``sphinx-build -b rulebookformats -D rulebook_pdf_format=letter`` (or
``booklet``, ``card``) writes ``<docname>-<lang>-<format>.pdf`` for every
document in ``rulebook_pdf_documents``, from the same doctree as the A4 book:

- ``letter``: the book set on US Letter pages;
- ``booklet``: the book set on A5 pages, imposed two to a landscape A4 sheet
  for saddle stitching (:mod:`rulebook.pdf.imposition`);
- ``card``: the book's quick reference (its section of class
  ``quick-reference``) alone, on one A5 page, shrunk to fit if it must.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.platypus import KeepInFrame

from . import FORMATS, format_filename
from .builder import RulebookPDFBuilder
from .pages import A5_BOOK, LETTER_BOOK

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

    def write_doc(self, docname, doctree) -> None:
        if self.print_format != "card":
            return super().write_doc(docname, doctree)
        self.current_docname = docname
        translator = self.create_translator(doctree, self)
        doctree.walkabout(translator)
        if not translator.quick_reference:
            from sphinx.util import logging

            logging.getLogger(__name__).warning(
                "rulebookformats: %s has no section of class quick-reference, so no card",
                docname, location=docname, type="rulebookpdf")
            return
        page = self.page_format
        card = [KeepInFrame(page.frame_width, page.frame_height - 1, translator.quick_reference,
                            mode="shrink", hAlign="LEFT", vAlign="TOP")]
        title = translator.game_name or self.config.project
        info = {"title": title, "author": translator.designer or self.config.author or title,
                "subject": translator.words["subject"].format(game=title)}
        self.write_atomically(self.target_path(docname), card, info)

    def write_atomically(self, target, story, info) -> None:
        if self.print_format != "booklet":
            return super().write_atomically(target, story, info)
        import io

        from ..files import write_file
        from .imposition import impose_booklet
        from .templates import RulebookDocTemplate

        pages = io.BytesIO()
        RulebookDocTemplate(pages, lang=self.pdf_language, page=self.page_format,
                            **info).build_document(story)
        target.parent.mkdir(parents=True, exist_ok=True)
        write_file(target, impose_booklet(pages.getvalue()), sync=False)
        target.chmod(0o644)


def setup(app):
    app.add_config_value("rulebook_pdf_format", "letter", "", types=frozenset({str}))
    app.add_builder(RulebookFormatsBuilder)
