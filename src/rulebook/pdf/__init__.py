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


def pdf_filename(docname: str, lang: str) -> str:
    """The PDF of page ``docname`` in ``lang``: the builder writes it, pages link it."""
    return f"{docname}-{lang}.pdf"


def play_url(base: str, slug: str, lang: str) -> str:
    """The address of a game's play page on the site published at ``base`` ("" if none)."""
    if not base:
        return ""
    return f"{base.rstrip('/')}/{lang}/play/{slug}.html"


def setup(app):
    from .builder import RulebookPDFBuilder

    app.add_config_value("rulebook_pdf_documents", [], "", types=frozenset({list, tuple}))
    # The date printed in the colophon when the sources are not in git (ISO, "2026-12-01").
    app.add_config_value("rulebook_pdf_date", "", "", types=frozenset({str}))
    # Where the site is published ("https://example.org/rulebook/"): each PDF's title page
    # prints its game's play page there, <lang>/play/<game>.html, and a QR code of it.
    app.add_config_value("rulebook_play_url", "", "", types=frozenset({str}))
    app.add_builder(RulebookPDFBuilder)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
