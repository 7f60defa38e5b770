"""The print edition: every PDF's title page (credits, where to play, a QR code of it),
no phrase that only makes sense on a screen, pages that are filled."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pypdf
import pytest
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

from rulebook.credits import game_credits
from rulebook.games import available_games
from rulebook.pdf import play_url
from rulebook.pdf.webonly import WEB_ONLY_PHRASES, web_only_phrases

LANGS = ("en", "ja")
PLAY_BASE = "https://play.example.net/books/"

CONF = """
extensions = ["rulebook.sphinxext", "rulebook.pdf", "panels"]
project = "Edition test"
author = "Tester"
copyright = "Test copyright holder"
rulebook_pdf_documents = ["inphexion"]
rulebook_pdf_date = "2026-11-30"
rulebook_play_url = {play!r}
language = {lang!r}
"""

PAGE = """
inpHeXion
=========

.. game-info:: inphexion

   :Year: 2014
   :Players: 2

   A connection game.

Rules
-----

{body}
"""


# A figure's drawing 400 points tall, of a fill colour of its own.
TALL_SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="300pt" height="400pt" viewBox="0 0 300 400">
  <rect x="0" y="0" width="300" height="400" fill="#3b7d2a"/>
</svg>
"""


# ``.. panels:: COUNT``: a figure of COUNT panels (150 points square, three to a row), as
# rulebook-figure makes them, with a caption.
PANELS_EXT = """
from docutils import nodes
from sphinx.util.docutils import SphinxDirective

class PanelsDirective(SphinxDirective):
    required_arguments = 1
    optional_arguments = 1  # the panels' SVGs, comma-separated, if not panel.svg
    has_content = True

    def run(self):
        figure = nodes.figure(classes=["rulebook-figure"])
        uris = self.arguments[1].split(",") if len(self.arguments) > 1 else ["panel.svg"]
        for index in range(int(self.arguments[0])):  # the SVGs given, in turn
            figure += nodes.image(uri=uris[index % len(uris)], classes=["rulebook-panel"])
        figure += nodes.caption("", " ".join(self.content))
        return [figure]

class LegendPanelsDirective(PanelsDirective):  # the same, with a legend of one mark

    def run(self):
        from rulebook.sphinxext.nodes import figure_legend, legend_entry

        [figure] = super().run()
        legend = figure_legend()
        legend += legend_entry("", nodes.image(uri="swatch.svg"), nodes.paragraph("", "LEGEND-ENTRY"))
        figure += legend
        return [figure]

def setup(app):
    app.add_directive("panels", PanelsDirective)
    app.add_directive("legendpanels", LegendPanelsDirective)
    return {"parallel_read_safe": True}
"""
PANEL_SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="150pt" height="150pt" viewBox="0 0 150 150">
  <rect x="0" y="0" width="150" height="150" fill="#6a2c91"/>
</svg>
"""


def build_book(root: Path, lang: str, body: str = "Plain rules.", play: str = PLAY_BASE,
               files: dict[str, str] | None = None) -> tuple[bytes, str]:
    """A one-page project whose page is the game ``inphexion``'s (so it has its credits),
    with ``files`` (name: text) beside it."""
    src = root / f"src-{lang}"
    src.mkdir(parents=True)
    for name, text in (files or {}).items():
        (src / name).write_text(text, encoding="utf-8")
    (src / "conf.py").write_text(CONF.format(play=play, lang=lang), encoding="utf-8")
    (src / "index.rst").write_text("Index\n=====\n\n.. toctree::\n\n   inphexion\n", encoding="utf-8")
    (src / "inphexion.rst").write_text(PAGE.format(body=body), encoding="utf-8")
    (src / "tall.svg").write_text(TALL_SVG, encoding="utf-8")
    (src / "panel.svg").write_text(PANEL_SVG, encoding="utf-8")
    (src / "wide.svg").write_text(PANEL_SVG.replace("150", "400"), encoding="utf-8")
    (src / "panels.py").write_text(PANELS_EXT, encoding="utf-8")
    (src / "swatch.svg").write_text(PANEL_SVG.replace("150", "12"), encoding="utf-8")
    warnings = io.StringIO()
    out = root / f"out-{lang}"
    sys.path.insert(0, str(src))  # the project's local extension
    try:
        with docutils_namespace():
            app = Sphinx(str(src), str(src), str(out), str(out / ".doctrees"), "rulebookpdf",
                         status=None, warning=warnings, freshenv=True)
            app.build(force_all=True)
    finally:
        sys.path.remove(str(src))
        sys.modules.pop("panels", None)
    return (out / f"inphexion-{lang}.pdf").read_bytes(), warnings.getvalue()


def reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def flat(text: str) -> str:
    """``text`` without white space (a line may break inside Japanese, where no space was)."""
    return re.sub(r"\s+", "", text)


def qr_modules(page) -> set[tuple[int, int]]:
    """(row, column) of every dark module of the QR code drawn on ``page``: its black
    rectangles (one per horizontal run of modules), on a grid of the smallest one's height."""
    fill, stack, rects = [None], [], []

    def visit(operator, operands, cm, tm):
        if operator == b"q":
            stack.append(fill[0])
        elif operator == b"Q" and stack:
            fill[0] = stack.pop()
        elif operator == b"rg":
            fill[0] = tuple(round(float(v), 3) for v in operands)
        elif operator == b"g":
            fill[0] = (round(float(operands[0]), 3),) * 3
        elif operator == b"re" and fill[0] == (0.0, 0.0, 0.0):
            x, y, w, h = map(float, operands)
            a, b, c, d, e, f = cm
            rects.append((a * x + e, d * y + f, a * w, d * h))

    page.extract_text(visitor_operand_before=visit)
    assert rects, "no QR code on the page"
    box = min(abs(h) for _, _, _, h in rects)
    rects = [r for r in rects if abs(r[3]) < 1.5 * box]  # not the code's outline (its quiet zone)
    left = min(x for x, _, _, _ in rects)
    top = max(y + h for _, y, _, h in rects)
    cells = set()
    for x, y, w, h in rects:
        row, column = round((top - (y + h)) / box), round((x - left) / box)
        cells.update((row, column + k) for k in range(round(w / box)))
    return cells


def encodes(cells: set[tuple[int, int]], value: str) -> bool:
    """Whether ``cells`` are the dark modules of a QR code of ``value`` (at any error level)."""
    from reportlab.graphics.barcode.qr import QrCodeWidget

    for level in "LMQH":
        code = QrCodeWidget(value, barLevel=level).qr
        code.make()
        expected = {(r, c) for r, row in enumerate(code.modules) for c, dark in enumerate(row) if dark}
        if expected == cells:
            return True
    return False


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    root = tmp_path_factory.mktemp("edition")
    return {lang: build_book(root, lang) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_title_page_has_the_seeds_credits_the_edition_and_where_to_play(books, lang):
    data, warnings = books[lang]
    assert not warnings.strip(), warnings
    pdf = reader(data)
    first = flat(pdf.pages[0].extract_text())
    credits = game_credits("inphexion", lang)
    from importlib import metadata
    url = f"{PLAY_BASE}{lang}/play/inphexion.html"
    for expected in (credits.byline, credits.copyright, *credits.sources, url,
                     metadata.version("rulebook"), "2026-11-30",
                     {"en": "may be printed and copied", "ja": "印刷・複製してかまいません"}[lang]):
        assert flat(expected) in first, expected
    assert flat("Copyright © Masahiro Nakajima 2014, www.nakajim.net 2014, All rights reserved.") in first
    assert "Test copyright holder" not in first  # the designer's copyright, not the project's
    assert pdf.metadata.author == credits.designer
    assert encodes(qr_modules(pdf.pages[0]), url)
    assert not encodes(qr_modules(pdf.pages[0]), url.replace(lang, "xx"))  # the check can fail
    # the book's bookmark leads to its title page; the rules start on the next page
    assert pdf.get_destination_page_number(pdf.outline[0]) == 0
    assert "A connection game." not in first and "A connection game." in pdf.pages[1].extract_text()


def test_play_address_follows_the_configured_site(tmp_path):
    data, _ = build_book(tmp_path, "en", play="https://elsewhere.example.com/site")
    pdf = reader(data)
    url = "https://elsewhere.example.com/site/en/play/inphexion.html"
    assert url in flat(pdf.pages[0].extract_text())
    assert encodes(qr_modules(pdf.pages[0]), url)
    assert play_url("https://a.example/", "necto", "ja") == "https://a.example/ja/play/necto.html"


@pytest.mark.parametrize("lang, body, phrase", [
    ("en", "The examples on this\npage are checked.", "this page"),
    ("en", "Click a cell to play.", "click"),
    ("ja", "このページの例は確かめてあります。", "このページ"),
    ("ja", "マスをクリックして打ちます。", "クリック"),
])
def test_a_web_only_phrase_fails_the_pdf_with_its_page_and_phrase(tmp_path, lang, body, phrase):
    filler = "\n\n".join(["Filler text of the rules, long enough to fill a page. " * 8] * 12)
    data, warnings = build_book(tmp_path, lang, body=f"{filler}\n\n{body}")
    lines = [line for line in warnings.splitlines() if "web-only" in line]
    assert len(lines) == 1, warnings
    page = int(re.search(rf"inphexion-{lang}\.pdf: page (\d+): web-only phrase '{phrase}'", lines[0]).group(1))
    texts = [p.extract_text() for p in reader(data).pages]
    assert page > 2  # after the title page and the page the filler fills
    assert [number for number, text in enumerate(texts, 1) if phrase in web_only_phrases(text, lang)] == [page]


def test_web_only_phrases_are_found_across_line_breaks_and_case():
    assert web_only_phrases("Shown on This\n  Page.", "en") == ["this page"]
    assert web_only_phrases("この\nページの例", "ja") == ["このページ"]
    assert web_only_phrases("Marks linked to the cycle; in this rulebook.", "en") == []
    assert all(phrase == phrase.lower() for phrases in WEB_ONLY_PHRASES.values() for phrase in phrases)


# -- the eight books of the project ------------------------------------------------

def site_pdfs(project):
    folder = project.build / "site" / "pdf"
    return [(slug, lang, folder / f"{slug}-{lang}.pdf") for slug in available_games() for lang in LANGS]


def test_every_book_opens_with_its_credits_and_a_qr_code_of_its_play_page(built_site):
    project = built_site
    namespace = {"__file__": str(project.docs / "conf.py")}
    exec((project.docs / "conf.py").read_text(encoding="utf-8"), namespace)
    base = namespace["rulebook_play_url"]
    assert base.startswith("https://")
    for slug, lang, path in site_pdfs(project):
        pdf = pypdf.PdfReader(path)
        first = flat(pdf.pages[0].extract_text())
        url = play_url(base, slug, lang)
        assert url in first, path.name
        assert encodes(qr_modules(pdf.pages[0]), url), path.name
        credits = game_credits(slug, lang)
        assert credits is not None, slug
        for expected in (credits.byline, credits.copyright, *credits.sources):
            assert flat(expected) in first, (path.name, expected)


def pdfium_texts(path: Path) -> list[str]:
    """Each page's text as PDFium reads it (ten times faster than pypdf)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def test_no_book_prints_a_web_only_phrase(built_site):
    project = built_site
    found = []
    for slug, lang, path in site_pdfs(project):
        texts = pdfium_texts(path)
        assert sum(map(len, texts)) > 3000, path.name  # the text was read
        for number, text in enumerate(texts, 1):
            found += [(path.name, number, phrase) for phrase in web_only_phrases(text, lang)]
    assert found == []


# -- figures kept whole -----------------------------------------------------------

def site_figures(html: str, folder: Path) -> list[dict]:
    """The figures of a built web page, in order: their panels' and legend swatches' form
    names (as the PDF names the forms it draws them from) and their caption's text."""
    from html import unescape

    from rulebook.pdf.drawings import form_name

    def forms(sources):
        return [form_name((folder / source).read_bytes()) for source in sources]

    figures = []
    for figure in re.findall(r'<figure class="rulebook-figure.*?</figure>', html, re.S):
        images = re.findall(r'<img [^>]*>', figure)
        source = [re.search(r'src="([^"]+)"', image).group(1) for image in images]
        swatch = ["legend-swatch" in image for image in images]
        caption = re.search(r'<span class="caption-text">(.*?)</span>(?=<a class="headerlink")', figure, re.S)
        figures.append({
            "panels": forms(s for s, is_swatch in zip(source, swatch) if not is_swatch),
            "swatches": forms(s for s, is_swatch in zip(source, swatch) if is_swatch),
            "caption": unescape(re.sub(r"<[^>]+>", "", caption.group(1))) if caption else "",
        })
    return figures


def drawn_forms_of(page) -> list[str]:
    """The name of every form ``page`` draws, in order."""
    return [str(operands[0]).rsplit(".", 1)[-1]
            for operands, operator in page.get_contents().operations if operator == b"Do"]


def drawn_forms(pdf: pypdf.PdfReader) -> list[tuple[int, str]]:
    """(page number, form name) of every form the book's pages draw, in order."""
    return [(number, form) for number, page in enumerate(pdf.pages, 1) for form in drawn_forms_of(page)]


def letters(text: str) -> str:
    """Only the letters and digits of ``text``, compatibility forms folded (a subscript ₂
    is printed as a small 2): what every PDF reader extracts alike."""
    import unicodedata

    return "".join(character for character in unicodedata.normalize("NFKC", text) if character.isalnum())


def separated_figures(html: str, folder: Path, pdf_path: Path) -> list[tuple]:
    """Each figure whose legend or caption a page break separates from its panels:
    (caption's start, what is where).  A figure split between rows of panels must
    repeat its legend under the first rows."""
    from collections import Counter

    pdf = pypdf.PdfReader(pdf_path)
    drawn = drawn_forms(pdf)
    texts = [letters(text) for text in pdfium_texts(pdf_path)]
    found, cursor = [], 0
    for figure in site_figures(html, folder):
        name = figure["caption"][:40]
        remaining, pages = Counter(figure["panels"]), set()
        i = cursor
        while remaining.total() and i < len(drawn):  # up to its last panel
            page, form = drawn[i]
            if remaining[form]:
                remaining[form] -= 1
                pages.add(page)
            i += 1
        assert not remaining.total(), (pdf_path.name, name, "panels not drawn")
        last = max(pages)
        legend = drawn[i:i + len(figure["swatches"])]
        if sorted(form for _, form in legend) != sorted(figure["swatches"]):
            found.append((name, "the legend does not follow the panels"))
        elif {page for page, _ in legend} - {last}:
            found.append((name, f"panels end on page {last}, legend on {sorted({p for p, _ in legend})}"))
        for page in pages:  # every page with some of its panels shows its whole legend
            here = {form for number, form in drawn if number == page}
            if not set(figure["swatches"]) <= here:
                found.append((name, f"panels on page {page} without their legend"))
        caption = letters(figure["caption"])[:30]
        if caption and caption not in texts[last - 1]:
            found.append((name, f"caption not on page {last} with the last panels"))
        cursor = i + len(legend)
    return found


def test_every_figure_of_every_book_has_its_caption_and_legend_on_its_page(built_site):
    """A4 and Letter, read from the PDFs as printed: the forms each page draws (panels,
    then the legend's swatches) and each page's text (the caption)."""
    project = built_site
    found = []
    for slug, lang, path in site_pdfs(project):
        folder = project.build / "site" / lang
        html = (folder / f"{slug}.html").read_text(encoding="utf-8")
        for book in (path, path.with_name(f"{slug}-{lang}-letter.pdf")):  # (not the imposed booklet)
            found += [(book.name, *problem) for problem in separated_figures(html, folder, book)]
    assert found == []


# -- page fill --------------------------------------------------------------------

FILL_DPI = 36  # one pixel is two points


def page_fills(path: Path) -> list[float]:
    """Each page's share of the text frame that its ink reaches down to (0 to 1): the page
    rendered (PDFium), its lowest non-white row above the footer."""
    import pypdfium2

    from rulebook.pdf.templates import FRAME_HEIGHT, MARGIN_BOTTOM, PAGE_SIZE

    fills = []
    document = pypdfium2.PdfDocument(str(path))
    try:
        for page in document:
            image = page.render(scale=FILL_DPI / 72, grayscale=True).to_pil().convert("L")
            scale = image.height / PAGE_SIZE[1]  # pixels per point
            top = round((PAGE_SIZE[1] - MARGIN_BOTTOM - FRAME_HEIGHT) * scale)
            foot = round((PAGE_SIZE[1] - MARGIN_BOTTOM + 2) * scale)  # the footer is below
            frame = image.crop((0, top, image.width, foot)).point(lambda v: 255 if v < 245 else 0)
            box = frame.getbbox()
            fills.append(0.0 if box is None else box[3] / (FRAME_HEIGHT * scale))
    finally:
        document.close()
    return fills


def filler(count: int, word: str = "FILLER") -> str:
    return "\n\n".join(f"{word}-{i} " + "Words of the rules that fill the page line after line. " * 7
                       for i in range(count))


def test_a_figure_that_does_not_fit_lets_the_text_after_it_fill_the_page(tmp_path):
    body = f"{filler(7)}\n\n.. figure:: tall.svg\n\n   FIGURE-CAPTION\n\n{filler(6, 'AFTER')}\n"
    data, warnings = build_book(tmp_path, "en", body=body)
    assert not warnings.strip(), warnings
    texts = [flat(page.extract_text()) for page in reader(data).pages]
    figure_page = next(i for i, text in enumerate(texts) if "FIGURE-CAPTION" in text)
    assert figure_page == 2 and "FILLER-6" in texts[1]  # it did not fit after the text before it
    assert "AFTER-0" in texts[1]  # the text after it went first, on the page it left
    fills = page_fills_of(data, tmp_path)
    assert fills[1] > 0.9, fills


def test_a_figure_floats_no_further_than_the_next_section(tmp_path):
    body = (f"{filler(7)}\n\n.. figure:: tall.svg\n\n   FIGURE-CAPTION\n\n"
            "Next section\n------------\n\nSECTION-TEXT\n")
    data, warnings = build_book(tmp_path, "en", body=body)
    assert not warnings.strip(), warnings
    texts = [flat(page.extract_text()) for page in reader(data).pages]
    figure_page = next(i for i, text in enumerate(texts) if "FIGURE-CAPTION" in text)
    assert figure_page == 2 and "SECTION-TEXT" in texts[2]
    assert texts[2].index("FIGURE-CAPTION") < texts[2].index("SECTION-TEXT")


def page_fills_of(data: bytes, folder: Path) -> list[float]:
    path = folder / "book.pdf"
    path.write_bytes(data)
    return page_fills(path)


def test_a_figure_that_cannot_float_splits_between_its_rows_rather_than_leave_half_a_page(tmp_path):
    """Three rows of panels after a lead-in, then a new section: the first rows stay under
    the lead-in, the rest and the caption start the next page."""
    body = (f"{filler(1)}\n\nLEAD-IN paragraph.\n\n.. panels:: 9\n\n   PANELS-CAPTION\n\n"
            "Next section\n------------\n\nSECTION-TEXT\n")
    data, warnings = build_book(tmp_path, "en", body=body)
    assert not warnings.strip(), warnings
    pdf = reader(data)
    texts = [flat(page.extract_text()) for page in pdf.pages]
    lead_in = next(i for i, text in enumerate(texts) if "LEAD-IN" in text)
    caption = next(i for i, text in enumerate(texts) if "PANELS-CAPTION" in text)
    assert caption == lead_in + 1
    assert page_fills_of(data, tmp_path)[lead_in] > 0.7
    # panels on both pages, nine in all (each drawn from a form)
    drawn = [sum(1 for op in page.get_contents().operations if op[1] == b"Do") for page in pdf.pages]
    assert drawn[lead_in] >= 3 and drawn[caption] >= 3 and drawn[lead_in] + drawn[caption] == 9


def text_panel(size: float) -> str:
    """A 400 x 150 pt panel with a run of text at ``size`` points, as matplotlib draws
    text (glyph paths in a group scaled by size / 100)."""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
            'width="400pt" height="150pt" viewBox="0 0 400 150">\n'
            '  <rect x="0" y="0" width="400" height="150" fill="#dddddd"/>\n'
            f'  <g transform="translate(20 80) scale({size / 100:g} -{size / 100:g})">'
            '<path d="M 0 0 L 60 0 L 60 70 Z" fill="#000000"/></g>\n</svg>\n')


@pytest.mark.parametrize("order", ["fine,bold,bold", "bold,fine,bold", "bold,bold,fine"])
def test_a_figure_whose_panels_text_differs_prints_the_smallest_at_6_pt(tmp_path, order):
    """Three wide panels, one with 10 pt text and two with 20 pt, wherever the small one
    stands: one row would print it at 4 pt, so the figure takes two rows, and every
    panel's text prints at 6 pt or more (read from the PDF: each panel's form and the
    scale it is drawn at)."""
    from rulebook.pdf.drawings import form_name, smallest_text
    from test_site import forms_drawn

    panels = {"fine.svg": text_panel(10), "bold.svg": text_panel(20)}
    text = {form_name(svg.encode()): smallest_text(svg.encode()) for svg in panels.values()}
    assert sorted(text.values()) == [10, 20]
    data, warnings = build_book(tmp_path, "en", files=panels,
                                body=f".. panels:: 3 {order.replace('fine', 'fine.svg').replace('bold', 'bold.svg')}"
                                     "\n\n   PANELS-CAPTION\n")
    assert not warnings.strip(), warnings
    drawn = [(name, scale) for page in reader(data).pages
             for name, scale in forms_drawn(page.get_contents().get_data()) if name in text]
    assert len(drawn) == 3, drawn
    assert min(text[name] * scale for name, scale in drawn) >= 6, drawn


@pytest.mark.parametrize("count", [2, 9])
def test_a_figure_that_cannot_float_keeps_its_caption_and_legend_with_its_last_panels(tmp_path, count):
    """Text before a figure (one row, or three) that does not fit and cannot float: wherever
    it breaks, the caption is on the page of the last panels and every page with panels
    shows the legend."""
    from rulebook.pdf.drawings import form_name

    panel = form_name(PANEL_SVG.encode())
    failures = []
    for lines in range(2, 40):
        body = ("\n\n".join(["A short line of text."] * lines) + "\n\nLEAD-IN paragraph.\n\n"
                f".. legendpanels:: {count}\n\n   PANELS-CAPTION\n\nNext section\n------------\n\nSECTION-TEXT\n")
        data, warnings = build_book(tmp_path / str(lines), "en", body=body)
        assert not warnings.strip(), warnings
        pdf = reader(data)
        texts = [flat(page.extract_text()) for page in pdf.pages]
        panels = [sum(1 for form in drawn_forms_of(page) if form == panel) for page in pdf.pages]
        shown = [i for i, number in enumerate(panels) if number]
        if "PANELS-CAPTION" not in texts[shown[-1]]:
            failures.append((lines, "caption not with the last panels"))
        failures += [(lines, f"panels on page {i + 1} without the legend") for i in shown
                     if "LEGEND-ENTRY" not in texts[i]]
    assert failures == []


def test_no_page_of_any_book_but_its_last_is_less_than_half_filled(built_site):
    project = built_site
    thin = []
    for slug, lang, path in site_pdfs(project):
        fills = page_fills(path)
        thin += [(path.name, number, round(fill, 2)) for number, fill in enumerate(fills[:-1], 1) if fill < 0.5]
    assert thin == []


# -- typography ---------------------------------------------------------------------

JAPANESE_PARAGRAPH = ("盤の上の駒はどれも、隣のマスが空いていれば押し出されて動きます。" * 9) + "終わり。"


def line_ends(page) -> list[tuple[float, float]]:
    """(baseline y, right end x) of every line of text shown on ``page`` in one run."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from rulebook.pdf.styles import register_font

    register_font()
    state = {"Tc": 0.0}
    ends = []

    def visit(operator, operands, cm, tm):
        if operator == b"Tc":
            state["Tc"] = float(operands[0])

    def text(shown, cm, tm, font, size):
        if not shown.strip() or not font:
            return
        name = font.get("/BaseFont", "").split("+")[-1].removesuffix("-Regular")  # as registered
        size = size * tm[0] * cm[0]
        width = stringWidth(shown.rstrip("\n"), name, size) + state["Tc"] * (len(shown.rstrip("\n")))
        ends.append((round(tm[5] * cm[3] + cm[5], 1), tm[4] * cm[0] + cm[4] + width))

    page.extract_text(visitor_operand_before=visit, visitor_text=text)
    return ends


def test_japanese_lines_are_justified_but_a_paragraphs_last_line_is_not(tmp_path):
    from rulebook.pdf.templates import FRAME_WIDTH, MARGIN_BOTTOM, MARGIN_LEFT

    data, warnings = build_book(tmp_path, "ja", body=JAPANESE_PARAGRAPH)
    assert not warnings.strip(), warnings
    page = reader(data).pages[1]
    lines = [end for y, end in line_ends(page) if y > MARGIN_BOTTOM]  # not the footer
    body = lines[-5:]  # the paragraph's last lines (it has more than five; nothing follows it)
    right = MARGIN_LEFT + FRAME_WIDTH
    # every full line ends at the frame's right edge, within a quarter of a character (a
    # closing mark may hang a little further); the last one ends short of it
    assert all(abs(end - right) < 2.5 for end in body[:-1]), (body, right)
    assert body[-1] < right - 20


def test_latin_lines_in_a_japanese_book_are_justified_but_a_paragraphs_last_line_is_not(tmp_path):
    """A paragraph of Latin words in the Japanese book (justified, as its body is): its
    lines are spread to the margin between their characters (Tc), and its last line is
    spread neither so nor between its words (Tw): it ends where its words end."""
    body = ("Every disc on the board may be pushed out of its cell when a neighbour is "
            "empty, and the player who moves it chooses where it goes. " * 6) + "The end."
    data, warnings = build_book(tmp_path, "ja", body=body)
    assert not warnings.strip(), warnings
    spacing, shown = {b"Tc": 0.0, b"Tw": 0.0}, []  # the spacing each run is shown with
    for args, op in reader(data).pages[1].get_contents().operations:
        if op in spacing:
            spacing[op] = float(args[0])
        elif op in (b"Tj", b"TJ"):
            text = args[0] if op == b"Tj" else "".join(a for a in args[0] if isinstance(a, str))
            shown.append((str(text), spacing[b"Tc"], spacing[b"Tw"]))
    lines = [line for line in shown if "disc" in line[0] or "end." in line[0]]
    assert len(lines) >= 4 and lines[-1][0].rstrip().endswith("The end."), lines
    assert all(tc > 0 for _, tc, _ in lines[:-1]), lines
    assert lines[-1][1:] == (0, 0), lines[-1]


def test_a_one_row_figure_that_cannot_float_shrinks_a_little_rather_than_leave_half_a_page(tmp_path):
    """However much text comes before it, the page it does not fit on is at least half filled
    (lines of text before a figure of one row, 400 points tall, and then a new section)."""
    fills, shrunk = [], 0
    for count in range(4, 13):
        body = ("\n\n".join(["A short line of text."] * count) + "\n\nLEAD-IN paragraph.\n\n"
                ".. panels:: 1 wide.svg\n\n   WIDE-CAPTION\n\nNext section\n------------\n\nSECTION-TEXT\n")
        data, warnings = build_book(tmp_path / str(count), "en", body=body)
        assert not warnings.strip(), warnings
        texts = [flat(page.extract_text()) for page in reader(data).pages]
        lead_in = next(i for i, text in enumerate(texts) if "LEAD-IN" in text)
        fills.append(round(page_fills_of(data, tmp_path / str(count))[lead_in], 2))
        drawn = reader(data).pages[lead_in].get_contents().operations
        shrunk += "WIDE-CAPTION" in texts[lead_in] and any(
            op == b"cm" and 0.85 <= float(args[0]) < 0.999 for args, op in drawn)
    assert min(fills) >= 0.5, fills
    assert shrunk, fills  # at some length the figure fitted only shrunk


@pytest.mark.parametrize("lang, body, faces", [
    # English: the quotation marks, dashes and ellipsis are the Latin face's own
    ("en", "A “knot” — a closed loop… ‘twisted’.",
     {"“": "SourceSansPro", "—": "SourceSansPro", "…": "SourceSansPro", "k": "SourceSansPro"}),
    # Japanese: those marks are the Japanese face's (full width); Latin letters stay Latin
    ("ja", "結び目“knot”——閉じた輪…。",
     {"“": "IPAexGothic", "—": "IPAexGothic", "…": "IPAexGothic", "k": "SourceSansPro",
      "結": "IPAexGothic"}),
])
def test_each_language_prints_punctuation_in_its_own_face(tmp_path, lang, body, faces):
    data, warnings = build_book(tmp_path, lang, body=body)
    assert not warnings.strip(), warnings
    printed = {}

    def text(shown, cm, tm, font, size):
        if font and shown.strip() and shown.strip() in body:  # a run of the paragraph
            name = font.get("/BaseFont", "").split("+")[-1].removesuffix("-Regular")
            for character in shown:
                printed.setdefault(character, set()).add(name)

    for page in reader(data).pages:
        page.extract_text(visitor_text=text)
    for character, face in faces.items():
        assert printed.get(character) == {face}, (character, printed.get(character))


def test_a_numbered_list_keeps_its_numbering_its_start_its_kind_and_its_marks(tmp_path):
    """A list that begins at 3 is numbered 3, 4; letters and roman numerals, with their
    brackets, are printed as written."""
    body = ("3. third item\n4. fourth item\n\nSome words between.\n\n"
            "b) second letter\nc) third letter\n\nMore words.\n\n"
            "iv. four in roman\nv. five in roman\n\nStill more.\n\n"
            "(C) upper letter\n(D) next upper letter\n")
    data, warnings = build_book(tmp_path, "en", body=body)
    assert not warnings.strip(), warnings
    text = flat("".join(page.extract_text() for page in reader(data).pages))
    for item in ("3.thirditem", "4.fourthitem", "b)secondletter", "c)thirdletter",
                 "iv.fourinroman", "v.fiveinroman", "(C)upperletter", "(D)nextupperletter"):
        assert item in text, (item, text[-400:])


@pytest.mark.parametrize("play", ["https://elsewhere.example.com/site",
                                  "https://elsewhere.example.com/site/"])
def test_a_second_edition_names_where_its_errata_are_under_the_configured_site(
        tmp_path, monkeypatch, play):
    """From the second edition on, the colophon gives the errata's address under the
    site the books point to, with or without its final slash, in each language."""
    from rulebook import editions
    from rulebook.pdf import builder

    monkeypatch.setattr(builder.RulebookPDFBuilder, "sources_edition",
                        lambda self: editions.Edition("v2", "v1"))
    for lang in ("en", "ja"):
        data, warnings = build_book(tmp_path / lang, lang, play=play)
        assert not warnings.strip(), warnings
        text = flat("".join(page.extract_text() for page in reader(data).pages))
        url = f"https://elsewhere.example.com/site/errata/v2-{lang}.md"
        sentence = {"en": f"What changed since edition v1: {url}", "ja": f"v1版からの変更点：{url}"}
        assert flat(sentence[lang]) in text, text[-600:]  # the edition before, by its tag


def test_a_first_edition_is_named_and_points_to_no_errata(tmp_path, monkeypatch):
    """The first edition's colophon names it, and says nothing of what changed (there
    is no edition before it); a book of no edition gives only the version and date."""
    from rulebook import editions
    from rulebook.pdf import builder

    for edition, named in ((editions.Edition("v1", None), True),
                           (editions.Edition(None, None), False)):
        monkeypatch.setattr(builder.RulebookPDFBuilder, "sources_edition",
                            lambda self, edition=edition: edition)
        data, warnings = build_book(tmp_path / str(named), "en")
        assert not warnings.strip(), warnings
        first = " ".join(reader(data).pages[0].extract_text().split())
        assert ("Edition v1: rulebook" in first) == named, first
        assert ("Edition: rulebook" in first) != named, first  # the version and date only
        assert "What changed" not in first and "errata" not in first, first


@pytest.mark.parametrize("history", ["no git", "no commit", "commits elsewhere", "pages committed"])
def test_the_colophon_date_is_the_pages_newest_commit_else_the_configured_date(
        tmp_path, monkeypatch, history):
    """The book's date and commit (``sources_date``): the newest commit that touched the
    pages or the figures, its date and short hash; with git but no such commit (a fresh
    repository, or commits of other files only), or no repository at all, the
    configured ``rulebook_pdf_date`` and no hash, never an empty date."""
    import subprocess
    from types import SimpleNamespace

    from rulebook.pdf.builder import RulebookPDFBuilder

    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "figures").mkdir()
    (project / "docs" / "index.rst").write_text("Rules\n=====\n")
    (project / "README.md").write_text("A book.\n")
    git = ["git", "-c", "user.name=a", "-c", "user.email=a@b", "-c", "commit.gpgsign=false"]
    environment = {"GIT_COMMITTER_DATE": "2024-03-05T10:00:00",
                   "GIT_AUTHOR_DATE": "2024-03-05T10:00:00", "PATH": "/usr/bin:/bin"}
    run = lambda *args: subprocess.run(git + list(args), cwd=project, check=True,  # noqa: E731
                                       capture_output=True, env=environment)
    if history != "no git":
        run("init", "-q")
    if history == "commits elsewhere":
        run("add", "README.md")
        run("commit", "-qm", "readme")
    if history == "pages committed":
        run("add", "-A")
        run("commit", "-qm", "pages")
    builder = SimpleNamespace(srcdir=str(project / "docs"), config=SimpleNamespace(
        rulebook_figures_dir="../figures", rulebook_pdf_date="2023-01-01"))
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # no repository above it
    date, commit = RulebookPDFBuilder.sources_date(builder)
    if history == "pages committed":
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=project,
                              capture_output=True, text=True, check=True).stdout.strip()
        assert (date, commit) == ("2024-03-05", head)
    else:
        assert (date, commit) == ("2023-01-01", "")
