"""PDF rulebooks: a Sphinx builder that renders the game pages with ReportLab.

Add ``"rulebook.pdf"`` to ``extensions`` and list the pages in
``rulebook_pdf_documents``; then ``sphinx-build -b rulebookpdf`` (the A4 books) or
``-b rulebookformats`` (their other print formats, :mod:`rulebook.pdf.formats`).
"""

from __future__ import annotations

from reportlab import rl_config

# ReportLab checks every attribute set on a shape (a quarter of the time svglib
# takes to convert a figure, and of drawing it) unless told before its shapes
# are imported; the figures come from svglib, which sets them right.
rl_config.shapeChecking = 0


def _fast_pdfdoc_encoding() -> None:
    """ReportLab encodes every content stream through its own charmap codec
    ('extpdfdoc', a Python-level mapping: 0.3 s for a megabyte, and the figures'
    streams are megabytes); for ASCII text that codec accepts (not the control
    characters 24 to 31) its bytes are the ASCII bytes, made 1,000 times faster."""
    import re

    from reportlab.pdfbase import pdfdoc

    refused = re.compile("[\x18-\x1f]")
    slow = pdfdoc.pdfdocEnc

    def pdfdoc_encoded(x):
        if isinstance(x, str) and x.isascii() and not refused.search(x):
            return x.encode("ascii")
        return slow(x)

    pdfdoc.pdfdocEnc = pdfdoc_encoded


_fast_pdfdoc_encoding()


def pdf_filename(docname: str, lang: str) -> str:
    """The PDF of page ``docname`` in ``lang``: the builder writes it, pages link it."""
    return f"{docname}-{lang}.pdf"


FORMATS = ("letter", "booklet", "card")  # the books' other print formats (.formats)


def format_filename(docname: str, lang: str, fmt: str) -> str:
    """The PDF of page ``docname`` in ``lang`` and print format ``fmt`` (one of FORMATS)."""
    return f"{docname}-{lang}-{fmt}.pdf"


def play_url(base: str, slug: str, lang: str) -> str:
    """The address of a game's play page on the site published at ``base`` ("" if none)."""
    if not base:
        return ""
    return f"{base.rstrip('/')}/{lang}/play/{slug}.html"


def setup(app):
    from .builder import RulebookPDFBuilder
    from .formats import setup as setup_formats

    app.add_config_value("rulebook_pdf_documents", [], "", types=frozenset({list, tuple}))
    # The date printed in the colophon when the sources are not in git (ISO, "2026-12-01").
    app.add_config_value("rulebook_pdf_date", "", "", types=frozenset({str}))
    # Where the site is published ("https://example.org/rulebook/"): each PDF's title page
    # prints its game's play page there, <lang>/play/<game>.html, and a QR code of it.
    app.add_config_value("rulebook_play_url", "", "", types=frozenset({str}))
    app.add_builder(RulebookPDFBuilder)
    setup_formats(app)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
