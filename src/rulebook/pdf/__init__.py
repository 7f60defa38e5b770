"""PDF rulebooks: a Sphinx builder that renders the game pages with ReportLab.

Add ``"rulebook.pdf"`` to ``extensions`` and list the pages in
``rulebook_pdf_documents``; then ``sphinx-build -b rulebookpdf``.
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


def setup(app):
    from .builder import RulebookPDFBuilder

    app.add_config_value("rulebook_pdf_documents", [], "", types=frozenset({list, tuple}))
    # The date printed in the colophon when the sources are not in git (ISO, "2026-12-01").
    app.add_config_value("rulebook_pdf_date", "", "", types=frozenset({str}))
    app.add_builder(RulebookPDFBuilder)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
