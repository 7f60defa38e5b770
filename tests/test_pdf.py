"""The rulebookpdf builder on a small Sphinx project, in English and Japanese."""

from __future__ import annotations

import io
import itertools
import re
import sys
from collections import Counter
from pathlib import Path

import pypdf
import pytest
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

from rulebook.pdf.styles import EXTRA_CANNOT_START, install_kinsoku, stylesheet

# An SVG of shapes only; its unusual fill colour is looked for in the page's drawing operators.
SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="240pt" height="120pt" viewBox="0 0 240 120">
  <rect x="0" y="0" width="240" height="120" fill="#ffffff"/>
  <rect x="10" y="10" width="100" height="100" fill="#13579b" stroke="#222222"/>
  <circle cx="175" cy="60" r="45" fill="none" stroke="#d55e00" stroke-width="6"/>
</svg>
"""
SVG_FILL = (0x13 / 255, 0x57 / 255, 0x9B / 255)

# A figure's panel: a 200 pt square of a colour of its own (three side by side are wider than
# the frame, so they must shrink to fit one row).
PANEL_SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="200pt" height="200pt" viewBox="0 0 200 200">
  <rect x="0" y="0" width="200" height="200" fill="{fill}"/>
</svg>
"""
SWATCH_SVG = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="20pt" height="20pt" viewBox="0 0 20 20">
  <rect x="0" y="0" width="20" height="20" fill="#7a1f5c"/>
</svg>
"""


def panel_fill(index: int) -> str:
    return f"#{0x21 + 16 * index:02x}a4{0x31 + index:02x}"

CONF = """
extensions = ["rulebook.sphinxext", "rulebook.pdf", "testext"]
project = "PDF test"
author = "Tester"
rulebook_pdf_documents = ["game"]
copyright = "Test copyright holder"
rulebook_pdf_date = "2026-11-30"
rulebook_play_url = "https://play.example.net/games/"
"""

# A node type the PDF translator has never heard of: it must warn with its location.
TEST_EXT = """
from docutils import nodes
from sphinx.util.docutils import SphinxDirective

class mystery(nodes.General, nodes.Element):
    pass

class MysteryDirective(SphinxDirective):
    def run(self):
        node = mystery()
        self.set_source_info(node)
        node += nodes.paragraph(text="SECRET-MYSTERY-TEXT")
        return [node]

# The figure shape rulebook-figure makes: panels, a caption, a legend of swatches.
class PanelFigureDirective(SphinxDirective):
    required_arguments = 2  # the first panel's number, the number of panels
    has_content = True

    def run(self):
        from rulebook.sphinxext.nodes import figure_legend, legend_entry

        figure = nodes.figure(classes=["rulebook-figure"])
        self.set_source_info(figure)
        first, count = map(int, self.arguments)
        for index in range(first, first + count):
            image = nodes.image(uri=f"panel{index}.svg", classes=["rulebook-panel"])
            figure += nodes.reference("", "", image, refuri=f"panel{index}.svg") if index % 2 else image
        figure += nodes.caption("", " ".join(self.content))
        legend = figure_legend()
        for name in ("SWATCH-ONE", "SWATCH-TWO"):
            legend += legend_entry("", nodes.image(uri="swatch.svg"), nodes.paragraph("", name))
        figure += legend
        return [figure]

def setup(app):
    app.add_node(mystery, html=(lambda self, node: None, lambda self, node: None))
    app.add_directive("mystery", MysteryDirective)
    app.add_directive("panelfigure", PanelFigureDirective)
    return {"parallel_read_safe": True}
"""

FILLER = {
    "en": "Each filler paragraph makes the page longer so that the document needs more than one page. ",
    "ja": "この段落はページを長くするための文章で、文書が二ページ以上になるようにしています。",
}

PAGES = {
    "en": """
Test Game
=========

.. game-info:: testgame

   :Reading: TEST-game
   :Designer: Ada Example
   :Year: 1997
   :Players: 2
   :You need: paper and pencil
   :Playing time: 10 minutes

   A tiny game whose only purpose is to exercise the PDF builder.

Rules
-----

Plain words with *emphasis*, **strong words**, ``X1 a1 /nɛ/``, a link to
`the example site <https://example.com/>`_ and a reference to :ref:`scoring`.
For the hard cases see :ref:`clarifications`. Or jump
`straight there <#clarifications>`_.

- first bullet
- second bullet

  1. nested one
  2. nested two

Term
   Its definition.

.. note:: Remember this note.

.. _scoring:

Scoring
~~~~~~~

.. list-table:: Points
   :header-rows: 1

   * - Outcome
     - Points
     - Explanation
   * - Win
     - 1
     - Three marks in a row, unquestionably
   * - Draw
     - 0
     - Neither player completes a line

.. figure:: board.svg
   :alt: A board

   The board after the first move.

.. panelfigure:: 0 3

   THREE-PANELS caption.

.. panelfigure:: 3 6

   SIX-PANELS caption.

.. code-block:: text

   X1 a1 b2

A claim with a footnote [#f1]_ and some math :math:`n^2`.

   A quoted passage.

   -- Someone

:Field: A field outside the title block.

+--------+-----------------+
| Spans  | Across columns  |
+========+========+========+
| a      | b      | c      |
+--------+--------+--------+

a. lettered item
b. another

.. warning:: Do not touch.

.. [#f1] The footnote text.

.. mystery::

{filler}

.. _clarifications:

Clarifications
--------------

{filler}

Edge cases
~~~~~~~~~~

An edge case explained in one paragraph.

.. rst-class:: quick-reference

Quick reference
---------------

QUICK-REFERENCE-START

{quick}

QUICK-REFERENCE-END

Knots
-----

.. list-table:: Knot values
   :header-rows: 1

   * - Knot
     - Value
   * - 3₁
     - 8₂₀
""",
    "ja": """
テストゲーム
============

.. game-info:: testgame

   :読み: てすとげーむ
   :考案者: 例 太郎
   :発表年: 1997
   :人数: 2人
   :用意するもの: 紙と鉛筆
   :プレイ時間: 10分

   PDFビルダーを試すためだけの小さなゲームです。

ルール
------

*強調* と **重要な語** と ``X1 a1``\\ 、そして\\ `例のサイト <https://example.com/>`_\\ への
リンクと :ref:`scoring` への参照。難しい場合は\\ :ref:`clarifications`\\ を見てください。

- 最初の項目
- 二つ目の項目

用語
   その定義。

.. note:: この注意を覚えておきましょう！

.. _scoring:

得点
~~~~

.. list-table:: 得点表
   :header-rows: 1

   * - 結果
     - 点数
     - 説明
   * - 勝ち
     - 1
     - 三つの印が一列に並んだとき
   * - 引き分け
     - 0
     - どちらも列を作れなかったとき

.. figure:: board.svg
   :alt: 盤面

   最初の手の後の盤面。

.. panelfigure:: 0 3

   THREE-PANELS の説明。

.. panelfigure:: 3 6

   SIX-PANELS の説明。

.. code-block:: text

   X1 a1 b2

.. mystery::

{filler}

.. _clarifications:

補足
----

{filler}

特別な場合
~~~~~~~~~~

特別な場合を一段落で説明します。コード ``コード例 a1`` も書けます。

.. rst-class:: quick-reference

早見表
------

QUICK-REFERENCE-START

{quick}

QUICK-REFERENCE-END

結び目
------

.. list-table:: 結び目の値
   :header-rows: 1

   * - 結び目
     - 値
   * - 3₁
     - 8₂₀
""",
}


def make_project(root: Path, lang: str) -> Path:
    src = root / f"src-{lang}"
    src.mkdir(parents=True)
    (src / "conf.py").write_text(CONF + f"language = {lang!r}\n", encoding="utf-8")
    (src / "testext.py").write_text(TEST_EXT, encoding="utf-8")
    (src / "index.rst").write_text("Index\n=====\n\n.. toctree::\n\n   game\n", encoding="utf-8")
    filler = "\n\n".join(f"{i}. {FILLER[lang] * 3}" for i in range(1, 26))
    quick = "\n\n".join(f"- {FILLER[lang]}" for _ in range(70))  # more than a page: shrunk to fit
    page = PAGES[lang].replace("{filler}", filler).replace("{quick}", quick)
    (src / "game.rst").write_text(page, encoding="utf-8")
    (src / "board.svg").write_text(SVG, encoding="utf-8")
    for index in range(9):
        (src / f"panel{index}.svg").write_text(PANEL_SVG.format(fill=panel_fill(index)), encoding="utf-8")
    (src / "swatch.svg").write_text(SWATCH_SVG, encoding="utf-8")
    return src


def build(src: Path, out: Path, fmt: str | None = None,
          cache: bool = True) -> tuple[bytes | None, str]:
    """The small project built as its A4 book, or in print format ``fmt``
    (``letter``, ``booklet``, ``card``): (the PDF's bytes, or None if the build
    wrote none; the warnings).  ``cache=False``: every SVG's drawing and the font
    subset made anew, none taken from the user's cache."""
    warnings = io.StringIO()
    overrides = {"rulebook_cache": cache, **({"rulebook_pdf_format": fmt} if fmt else {})}
    sys.path.insert(0, str(src))  # the project's local extension
    try:
        with docutils_namespace():  # each build registers its directives and nodes afresh
            app = Sphinx(str(src), str(src), str(out), str(out / ".doctrees"),
                         "rulebookformats" if fmt else "rulebookpdf", confoverrides=overrides,
                         status=None, warning=warnings, freshenv=True)
            app.build(force_all=True)
    finally:
        sys.path.remove(str(src))
    path = out / (f"game-{app.config.language}" + (f"-{fmt}" if fmt else "") + ".pdf")
    return (path.read_bytes() if path.exists() else None), warnings.getvalue()


def build_each(root: Path, formats=(None,), again=("en",)) -> dict:
    """{(lang, fmt): build(...)} of the small project in each language and format,
    and ("again", fmt) for English, ("again-ja", fmt) for Japanese if in ``again``: the
    book built again, in a folder of its own and without the cache (the first took
    what it could from the cache)."""
    result = {}
    for lang in ("en", "ja"):
        src = make_project(root, lang)
        for fmt in formats:
            result[lang, fmt] = build(src, root / f"out-{lang}", fmt)
    for lang in again:
        for fmt in formats:
            result["again" if lang == "en" else f"again-{lang}", fmt] = build(
                root / f"src-{lang}", root / f"out-again-{lang}", fmt, cache=False)
    return result


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    made = build_each(tmp_path_factory.mktemp("pdfproject"))
    return {"en": made["en", None], "ja": made["ja", None], "en-again": made["again", None]}


def reader(data: bytes):
    return pypdf.PdfReader(io.BytesIO(data))


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in reader(data).pages]


@pytest.mark.parametrize("lang, expected", [
    ("en", ["Test Game", "Ada Example", "Playing time", "exercise the PDF builder", "emphasis",
            "strong words", "the example site", "Its definition", "Note", "Remember this note",
            "unquestionably", "The board after the first move", "X1 a1 b2", "The footnote text",
            "n^2", "A quoted passage", "Someone", "A field outside", "Across columns",
            "lettered item", "Warning", "Do not touch"]),
    ("ja", ["テストゲーム", "例 太郎", "プレイ時間", "PDFビルダーを試す", "重要な語", "例のサイト",
            "その定義", "注釈", "この注意を覚えておきましょう！", "三つの印が一列に並んだとき",
            "最初の手の後の盤面", "X1 a1 b2"]),
])
def test_text_of_the_page_is_in_the_pdf(built, lang, expected):
    text = re.sub(r"\s+", "", "".join(page_texts(built[lang][0])))
    for phrase in expected:
        assert re.sub(r"\s+", "", phrase) in text, phrase


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_only_our_fonts_are_used_and_they_are_embedded(built, lang):
    fonts = {}
    for page in reader(built[lang][0]).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts
    for base_name, font in fonts.items():
        assert re.search(r"\+(IPAexGothic(-Strong|-Emphasis)?|SourceSansPro-(Regular|It|Semibold)|DejaVuSansMono)$",
                         base_name), base_name
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, base_name


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_is_numbered_and_has_the_game_name(built, lang):
    texts = page_texts(built[lang][0])
    assert len(texts) >= 2
    name = {"en": "Test Game", "ja": "テストゲーム"}[lang]
    for number, text in enumerate(texts, start=1):
        assert f"{number} / {len(texts)}" in text
        assert name in text


def test_rebuild_is_byte_identical(built):
    """Built again, with no cache: the same bytes."""
    assert built["en"][0] == built["en-again"][0]


AT_ANOTHER_TIME = """
import sys, tempfile
from pathlib import Path
from test_pdf import build, make_project

root = Path(tempfile.mkdtemp(dir=sys.argv[1]))
sys.stdout.buffer.write(build(make_project(root, "en"), root / "out")[0])
"""


def test_builds_at_other_times_are_byte_identical(built, tmp_path):
    """No creation date or other trace of the clock in the file: builds in processes whose
    clocks (and time zones) are years apart give this build's bytes."""
    from other_clock import outputs_at_two_times

    assert outputs_at_two_times(AT_ANOTHER_TIME, str(tmp_path)) == [built["en"][0]] * 2


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_svg_figure_becomes_vector_drawing(built, lang):
    pdf = reader(built[lang][0])
    found = False
    for page in pdf.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        assert not [x for x in xobjects.values() if x.get_object().get("/Subtype") == "/Image"]
        content = page.get_contents().get_data().decode("latin-1")
        for match in re.finditer(r"([\d.]+) ([\d.]+) ([\d.]+) rg", content):
            if all(abs(float(v) - e) < 0.01 for v, e in zip(match.groups(), SVG_FILL)):
                found = " re" in content or " l " in content
    assert found, "the SVG's fill colour was not drawn as a vector path"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_unknown_node_warns_with_location_and_is_skipped(built, lang):
    data, warnings = built[lang]
    assert warnings.count("WARNING") == 1, warnings  # and nothing else warns
    assert re.search(r"game\.rst:\d+: WARNING: rulebookpdf: no PDF rendering for node type 'mystery'",
                     warnings), warnings
    assert "SECRET-MYSTERY-TEXT" not in "".join(page_texts(data))


def test_outline_has_the_sections(built):
    outline = reader(built["en"][0]).outline
    titles = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                titles.append(item.title)

    walk(outline)
    assert titles[:3] == ["Test Game", "Rules", "Scoring"]


def _line_texts(paragraph) -> list[str]:
    lines = paragraph.blPara.lines
    if paragraph.blPara.kind == 0:
        return ["".join(line[1]) for line in lines]
    return ["".join(getattr(word, "text", "") for word in line.words) for line in lines]


@pytest.mark.parametrize("markup", [
    "あいうえおかきくけこ！さしすせそ",  # one text fragment (textsplit.wordSplit)
    "あいうえお<font color='red'>かきくけこ</font>！さしすせそ",  # several (paragraph.cjkFragSplit)
])
def test_full_width_exclamation_never_starts_a_line(markup, monkeypatch):
    from reportlab.lib import textsplit
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph, paragraph

    install_kinsoku()
    style = stylesheet("ja")["body"]
    width = stringWidth("あ" * 10, style.fontName, style.fontSize) + 0.5  # ten characters a line

    # Without the added characters, ReportLab would start the second line with ！ ...
    for module in (textsplit, paragraph):
        stock = "".join(c for c in module.ALL_CANNOT_START if c not in EXTRA_CANNOT_START)
        monkeypatch.setattr(module, "ALL_CANNOT_START", stock)
    stock_lines = _line_texts(_wrapped(Paragraph(markup, style), width))
    assert any(line.startswith("！") for line in stock_lines), stock_lines
    monkeypatch.undo()

    # ... with them, ！ hangs at the end of the first line.
    lines = _line_texts(_wrapped(Paragraph(markup, style), width))
    assert not any(line[:1] in EXTRA_CANNOT_START for line in lines), lines
    assert lines[0].endswith("！")


def _wrapped(paragraph, width):
    paragraph.wrap(width, 1000)
    return paragraph


def test_misspelled_style_keyword_is_refused():
    from rulebook.pdf.styles import make_style

    with pytest.raises(TypeError, match="fontsize"):
        make_style("bad", fontsize=12)


def test_english_table_words_are_not_split(built):
    # Text extraction finds each word of a cell whole (a split word would have a line break).
    words = set(re.findall(r"\S+", "\n".join(page_texts(built["en"][0]))))
    for word in ("unquestionably", "Explanation", "Across", "columns", "completes"):
        assert word in words or word + "," in words, word


def test_failed_build_leaves_no_file(tmp_path):
    from types import SimpleNamespace

    from rulebook.pdf.builder import RulebookPDFBuilder

    class Broken:  # a flowable whose drawing fails half-way through the build
        def __getattr__(self, name):
            raise RuntimeError("broken flowable")

    builder = SimpleNamespace(pdf_language="en")
    target = tmp_path / "game-en.pdf"
    with pytest.raises(RuntimeError, match="broken flowable"):
        RulebookPDFBuilder.write_atomically(builder, target, [Broken()],
                                            {"title": "Game", "author": "Author", "subject": "Rules"})
    assert list(tmp_path.iterdir()) == []


def test_a_book_is_written_into_folders_that_do_not_exist_yet(tmp_path):
    """A document in a folder of the pages (``games/necto``) gets its book in the same
    folder under the output, made with its parents, and only the book is left there."""
    from types import SimpleNamespace

    from reportlab.platypus import Paragraph

    from rulebook.pdf.builder import RulebookPDFBuilder

    target = tmp_path / "pdf" / "games" / "necto-en.pdf"
    RulebookPDFBuilder.write_atomically(SimpleNamespace(pdf_language="en"), target,
                                        [Paragraph("Necto", stylesheet("en")["body"])],
                                        {"title": "Necto", "author": "A", "subject": "Rules"})
    assert "Necto" in page_texts(target.read_bytes())[0]
    assert list(target.parent.iterdir()) == [target]


def test_japanese_outline_titles(built):
    titles = [item.title for item in reader(built["ja"][0]).outline if not isinstance(item, list)]
    assert titles[0] == "テストゲーム"


def test_unicode_subscript_digits_become_sub_markup():
    """IPAexGothic has no ₀-₉: knot names like 3₁ must not turn into empty boxes."""
    from rulebook.pdf.translator import SUB, _subscripts

    assert _subscripts("3₁#4₁, 8₂₀") == f"3{SUB}1</sub>#4{SUB}1</sub>, 8{SUB}20</sub>"
    assert _subscripts("no subscripts 31") == "no subscripts 31"


def test_superscript_exponents_become_super_markup_in_plain_digits():
    """A knot polynomial's exponents (t⁻⁹) are raised by markup, not drawn from glyphs
    the fonts may lack; the minus sign among them is a true minus."""
    from rulebook.pdf.translator import SUPER, _subscripts

    assert _subscripts("−t⁻⁹ + t² + t") == f"−t{SUPER}\u22129</super> + t{SUPER}2</super> + t"


def test_characters_the_font_cannot_draw_are_found():
    """The builder warns (and so fails the -W build) instead of printing empty boxes."""
    from rulebook.pdf.styles import missing_glyphs

    assert missing_glyphs("Necto ネクト 3×3！") == []
    assert missing_glyphs("/ˈnɛktoʊ/") == ["ɛ"]


def filled_rectangles(page) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(fill colour "#rrggbb", (x0, y0, x1, y1) on the page) of every rectangle the page fills,
    also inside the form XObjects it draws (the builder draws each figure as one)."""
    from pypdf.generic import ContentStream

    def times(m, n):
        a, b, c, d, e, f = m
        a2, b2, c2, d2, e2, f2 = n
        return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
                e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)

    found = []

    def walk(contents, resources, ctm, fill):
        stack = []
        for operands, operator in ContentStream(contents, page.pdf).operations:
            values = [float(v) for v in operands if isinstance(v, (int, float))]
            if operator == b"q":
                stack.append((ctm, fill))
            elif operator == b"Q":
                ctm, fill = stack.pop()
            elif operator == b"cm":
                ctm = times(values, ctm)
            elif operator == b"rg":
                fill = "#" + "".join(f"{round(v * 255):02x}" for v in values)
            elif operator == b"re":
                x, y, w, h = values
                corners = [(x + dx, y + dy) for dx in (0, w) for dy in (0, h)]
                a, b, c, d, e, f = ctm
                xs = [a * px + c * py + e for px, py in corners]
                ys = [b * px + d * py + f for px, py in corners]
                found.append((fill, (min(xs), min(ys), max(xs), max(ys))))
            elif operator == b"Do":
                form = resources["/XObject"][operands[0]].get_object()
                if form.get("/Subtype") == "/Form":
                    matrix = tuple(float(v) for v in form.get("/Matrix", (1, 0, 0, 1, 0, 0)))
                    walk(form, form.get("/Resources", resources), times(matrix, ctm), fill)

    walk(page.get_contents(), page["/Resources"], (1, 0, 0, 1, 0, 0), "#000000")
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("count, rows", [(3, 1), (6, 2)])
def test_figure_panels_share_rows_scaled_to_the_frame_with_caption_and_legend(built, lang, count, rows):
    from rulebook.pdf.templates import FRAME_WIDTH, MARGIN_LEFT

    pdf = reader(built[lang][0])
    caption = {3: "THREE-PANELS", 6: "SIX-PANELS"}[count]
    pages = [page for page in pdf.pages if caption in page.extract_text()]
    assert len(pages) == 1
    page = pages[0]
    text = page.extract_text()
    assert "SWATCH-ONE" in text and "SWATCH-TWO" in text  # the legend, on the figure's page
    boxes = {}
    for fill, box in filled_rectangles(page):
        boxes.setdefault(fill, box)
    first = {3: 0, 6: 3}[count]
    panels = [boxes[panel_fill(index)] for index in range(first, first + count)]  # all on this page
    assert "#7a1f5c" in boxes  # the swatch
    for x0, y0, x1, y1 in panels:
        assert MARGIN_LEFT - 0.5 <= x0 and x1 <= MARGIN_LEFT + FRAME_WIDTH + 0.5
        assert x1 - x0 >= 100 and abs((x1 - x0) - (y1 - y0)) < 0.5  # shrunk, not distorted
        assert x1 - x0 < 200
    tops = sorted({round(y1) for _, _, _, y1 in panels}, reverse=True)
    assert len(tops) == rows
    per_row = count // rows
    for row in range(rows):
        in_row = panels[row * per_row:(row + 1) * per_row]
        assert {round(y1) for _, _, _, y1 in in_row} == {tops[row]}
        assert all(a[2] < b[0] for a, b in zip(in_row, in_row[1:]))  # left to right, no overlap
    bottom = min(y0 for _, y0, _, _ in panels)
    swatches = [box for fill, box in filled_rectangles(page) if fill == "#7a1f5c"]
    assert any(bottom - 40 < y1 < bottom for _, _, _, y1 in swatches)  # the legend right under
    assert all(x1 - x0 <= 12 for x0, _, x1, _ in swatches)


# -- navigation, layout and typography of the PDF edition -----------------------------------

def outline_tree(pdf):
    """The outline as [(title, destination page index, [children...]), ...]."""
    def walk(items):
        tree = []
        for item in items:
            if isinstance(item, list):
                tree[-1][2].extend(walk(item))
            else:
                tree.append((item.title, pdf.get_destination_page_number(item), []))
        return tree
    return walk(pdf.outline)


def heading_pages(pdf, title: str) -> list[int]:
    """Pages that show ``title`` as a heading (in type of 11 points or more)."""
    return [number for number, page in enumerate(pdf.pages)
            if any(r["text"].strip() == title and r["size"] >= 11 for r in text_runs(page))]


HEADINGS = {
    "en": ("Test Game", [("Rules", [("Scoring", [])]), ("Clarifications", [("Edge cases", [])]),
                         ("Quick reference", []), ("Knots", [])]),
    "ja": ("テストゲーム", [("ルール", [("得点", [])]), ("補足", [("特別な場合", [])]),
                           ("早見表", []), ("結び目", [])]),
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_bookmarks_nest_like_the_sections_and_land_on_their_headings_pages(built, lang):
    pdf = reader(built[lang][0])
    tree = outline_tree(pdf)

    def shape(nodes_):
        return [(title, shape(children)) for title, _, children in nodes_]

    title, sections = HEADINGS[lang]
    assert shape(tree) == [(title, sections)]

    def check(nodes_):
        for heading, page, children in nodes_:
            assert page == heading_pages(pdf, heading)[0], heading
            check(children)

    check(tree)
    assert max(page for _, page, _ in tree[0][2]) >= 3  # the test reaches well past page 1


def link_targets(pdf, page) -> list[tuple[tuple[float, float, float, float], int]]:
    """(rectangle, destination page) of each internal link on ``page``."""
    names = pdf.named_destinations
    links = []
    for annotation in page.get("/Annots", []):
        annotation = annotation.get_object()
        if annotation.get("/Subtype") != "/Link":
            continue
        dest = annotation.get("/Dest")
        if dest is None and "/A" in annotation:
            dest = annotation["/A"].get("/D")
        if dest is None:
            continue  # a web link
        if isinstance(dest, str):
            target = pdf.get_destination_page_number(names[dest])
        else:
            target = pdf.get_page_number(dest[0].get_object())
        links.append((tuple(float(v) for v in annotation["/Rect"]), target))
    return links


def link_targets_on_line(pdf, page, words: str, **run_filter) -> set[int]:
    """Destinations of the links on the line(s) that show ``words``."""
    lines = [r["y"] for r in text_runs(page) if words in r["text"]
             and all(test(r[key]) for key, test in run_filter.items())]
    assert lines, words
    return {target for (x0, y0, x1, y1), target in link_targets(pdf, page)
            if any(y0 <= y + 2 <= y1 for y in lines)}  # a point inside the line's letters


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_table_of_contents_lists_the_sections_with_their_pages_and_links_to_them(built, lang):
    pdf = reader(built[lang][0])
    contents_page = pdf.pages[1]  # after the title page
    title, sections = HEADINGS[lang]
    contents = {"en": "Contents", "ja": "目次"}[lang]
    assert contents in contents_page.extract_text()
    entries = [name for name, children in sections for name in [name] + [c for c, _ in children]]
    runs = text_runs(contents_page)
    for name in entries:
        entry = [r for r in runs if r["text"].strip() == name and r["size"] < 11][0]
        number = [r["text"].strip().split()[-1] for r in runs
                  if abs(r["y"] - entry["y"]) < 1 and r["x"] > entry["x"] and r["text"].strip()[-1:].isdigit()]
        assert number == [str(heading_pages(pdf, name)[0] + 1)], name
    # a section's entry at the margin, each of its subsections' indented below it
    x_of = {name: [r for r in runs if r["text"].strip() == name and r["size"] < 11][0]["x"]
            for name in entries}
    assert len({x_of[name] for name, _ in sections}) == 1
    margin = x_of[sections[0][0]]
    children = [c for _, kids in sections for c, _ in kids]
    assert children and all(x_of[c] > margin + 5 for c in children), x_of
    # the contents end above the first section's heading (the same words may follow in the text)
    rules_heading = max(r["y"] for r in runs if r["text"].strip() == sections[0][0] and r["size"] >= 11)

    def above_the_rules(y):
        return y > rules_heading

    for name in entries:
        assert link_targets_on_line(pdf, contents_page, name, size=lambda size: size < 11, y=above_the_rules,
                                    text=lambda text, name=name: text.strip() == name) == {
            heading_pages(pdf, name)[0]}, name


@pytest.mark.parametrize("lang, phrase, label, heading", [
    ("en", "the hard cases see", "Clarifications", "Clarifications"),  # :ref: (refid)
    ("en", "the hard cases see", "straight", "Clarifications"),  # refuri="#clarifications"
    ("ja", "難しい場合は", "補足", "補足"),
])
def test_cross_reference_is_a_link_to_its_section(built, lang, phrase, label, heading):
    pdf = reader(built[lang][0])
    pages = [page for page in pdf.pages if phrase in page.extract_text()]
    assert pages
    page = heading_pages(pdf, heading)[0]
    in_text = link_targets_on_line(pdf, pages[0], label, text=lambda text: text.strip() != label)
    assert page in in_text  # (a line of text, not of the table of contents)
    assert page >= 2  # a real jump, not to the page it is on


def test_headings_stay_with_what_follows_them():
    """A heading with only a little room left on the page moves over with its figure, its
    indented definition or its text, instead of staying behind at the foot of the page."""
    from reportlab.platypus import Indenter, KeepTogether, Paragraph, Spacer

    from rulebook.pdf.flowables import keep_with_next
    from rulebook.pdf.templates import FRAME_HEIGHT, RulebookDocTemplate

    styles = stylesheet("en")

    def story(follower):
        heading = Paragraph("STRANDED-HEADING", styles["h1"])
        return [Spacer(1, FRAME_HEIGHT - 60), heading, *follower()]

    followers = [
        lambda: [KeepTogether([Spacer(1, 4), Spacer(1, 200), Paragraph("FOLLOWER", styles["caption"])])],
        lambda: [Indenter(left=16), Paragraph("FOLLOWER " * 40, styles["body"]), Indenter(left=-16)],
        lambda: [Spacer(1, 4), Paragraph("FOLLOWER " * 200, styles["body"])],
    ]

    def heading_page(flowables) -> tuple[int, int]:
        out = io.BytesIO()
        RulebookDocTemplate(out, title="T", author="A", subject="S", lang="en").build_document(flowables)
        texts = page_texts(out.getvalue())
        return ([i for i, t in enumerate(texts) if "STRANDED-HEADING" in t][0],
                [i for i, t in enumerate(texts) if "FOLLOWER" in t][0])

    for follower in followers:
        alone = heading_page(story(follower))
        kept = heading_page(keep_with_next(story(follower), max_height=FRAME_HEIGHT / 4))
        assert alone[0] == 0 and alone[1] == 1  # what ReportLab alone does: stranded
        assert kept == (1, 1)
    # a heading that ends the story (a section with nothing in it yet, glue after it) is
    # kept as it is, on the page it fits on
    last = [Paragraph("FOLLOWER", styles["body"]), Paragraph("STRANDED-HEADING", styles["h1"]),
            Spacer(1, 4)]
    assert heading_page(keep_with_next(last, max_height=FRAME_HEIGHT / 4)) == (0, 0)


_RUNS: dict[int, tuple] = {}  # id(page): (page, its runs); the page is kept, so its id stays its own


def text_runs(page) -> list[dict]:
    """Every piece of text the page shows: text, x, y (baseline, with text rise), font, size,
    fill colour and text render mode (read once per page object: the tests ask many
    times; do not change the list)."""
    if id(page) not in _RUNS:
        _RUNS[id(page)] = (page, _read_runs(page))
    return _RUNS[id(page)][1]


def _read_runs(page) -> list[dict]:
    state = {"rise": 0.0, "fill": (0.0, 0.0, 0.0), "mode": 0}
    stack, runs, shown = [], [], []  # shown: the state at each text-showing operator not yet reported

    def before(operator, operands, cm, tm):
        if operator == b"q":
            stack.append(dict(state))
        elif operator == b"Q" and stack:
            state.update(stack.pop())
        elif operator == b"Ts":
            state["rise"] = float(operands[0])
        elif operator == b"rg":
            state["fill"] = tuple(round(float(v), 3) for v in operands)
        elif operator == b"g":
            state["fill"] = (round(float(operands[0]), 3),) * 3
        elif operator == b"Tr":
            state["mode"] = int(operands[0])
        elif operator in (b"Tj", b"TJ", b"'", b'"'):
            shown.append(dict(state))

    def text(text, cm, tm, font, size):
        # pypdf reports text when a later operator ends it: use the state it was shown in
        at = shown[0] if shown else state
        shown.clear()
        if text.strip() and font is not None:
            runs.append({"text": text, "x": tm[4] * cm[0] + tm[5] * cm[2] + cm[4],
                         "y": tm[4] * cm[1] + tm[5] * cm[3] + cm[5] + at["rise"],
                         "font": str(font.get("/BaseFont", "")), "size": size, **at})

    page.extract_text(visitor_operand_before=before, visitor_text=text)
    return runs


def horizontal_rules(page) -> list[tuple[float, float, float]]:
    """(x0, x1, y) of every horizontal line segment the page strokes."""
    from pypdf.generic import ContentStream

    ctm, stack, start, found = (1, 0, 0, 1, 0, 0), [], None, []

    def apply(x, y):
        a, b, c, d, e, f = ctm
        return a * x + c * y + e, b * x + d * y + f

    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        values = [float(v) for v in operands if isinstance(v, (int, float))]
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            a, b, c, d, e, f = values
            a2, b2, c2, d2, e2, f2 = ctm
            ctm = (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
                   e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)
        elif operator == b"m":
            start = apply(*values)
        elif operator == b"l" and start:
            end = apply(*values)
            if abs(end[1] - start[1]) < 0.01:
                found.append((min(start[0], end[0]), max(start[0], end[0]), start[1]))
            start = end
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_subscripts_stay_clear_of_the_table_rule_under_them(built, lang):
    pdf = reader(built[lang][0])
    page = [p for p in pdf.pages if "8" in p.extract_text() and "20" in p.extract_text()
            and ("Knot values" in p.extract_text() or "結び目の値" in p.extract_text())][0]
    runs = text_runs(page)
    rules = horizontal_rules(page)
    for base, sub in (("3", "1"), ("8", "20")):
        base_run = [r for r in runs if r["text"].strip() == base][-1]
        sub_run = [r for r in runs if r["text"].strip() == sub and r["x"] >= base_run["x"]
                   and abs(r["x"] - base_run["x"]) < 15][0]
        assert sub_run["size"] < base_run["size"] and sub_run["y"] < base_run["y"]  # a subscript
        below = max(y for x0, x1, y in rules if x0 <= sub_run["x"] <= x1 and y < sub_run["y"])
        # the subscript's digits sit well above the rule, and lower the base less than a third
        assert sub_run["y"] - below >= 2.0, (sub, sub_run["y"], below)
        assert base_run["y"] - sub_run["y"] <= base_run["size"] / 3


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_inline_code_is_monospaced_and_japanese_in_it_is_not_tofu(built, lang):
    pdf = reader(built[lang][0])
    runs = [r for page in pdf.pages for r in text_runs(page)]
    code = [r for r in runs if "X1" in r["text"]]
    assert code and all(r["font"].endswith("DejaVuSansMono") for r in code)
    if lang == "ja":
        # (a run ends where IPAexGothic's characters pass from one subset of 256 to the next)
        japanese = [r for r in runs if "コード例" in r["text"]
                    or r["text"].strip() and set(r["text"].strip()) <= set("コード例")]
        assert japanese and all(r["font"].endswith("IPAexGothic") for r in japanese)
        assert "コード例 a1" in "".join(page_texts(built[lang][0]))


def test_code_in_a_latin_face_is_not_checked_against_the_japanese_font(built):
    """``/nɛ/``: DejaVu Sans Mono draws the ɛ that IPAexGothic lacks, so no warning."""
    assert "nɛ" in "".join(page_texts(built["en"][0]))
    assert "no glyph" not in built["en"][1], built["en"][1]


def test_emphasis_and_strong_are_in_neutral_ink_and_strong_is_heavier(built):
    from rulebook.pdf.styles import INK

    ink = tuple(round(v, 3) for v in (INK.red, INK.green, INK.blue))
    runs = [r for page in reader(built["en"][0]).pages for r in text_runs(page)]
    body = [r for r in runs if "Plain words with" in r["text"]][0]
    strong = [r for r in runs if "strong words" in r["text"]][0]
    emphasis = [r for r in runs if r["text"].strip() == "emphasis"][0]
    assert body["fill"] == strong["fill"] == emphasis["fill"] == ink
    # Latin text in Source Sans Pro: strong in its semibold, emphasis in its real italic
    assert body["font"].endswith("+SourceSansPro-Regular") and body["mode"] == 0
    assert strong["font"].endswith("+SourceSansPro-Semibold") and strong["mode"] == 0
    assert emphasis["font"].endswith("+SourceSansPro-It") and emphasis["mode"] == 0


def test_japanese_strong_is_heavier_and_emphasis_never_slanted_and_latin_runs_are_latin(built):
    runs = [r for page in reader(built["ja"][0]).pages for r in text_runs(page)]
    fonts = {r["font"].split("+")[-1] for r in runs}
    assert "SourceSansPro-It" not in {r["font"].split("+")[-1] for r in runs if re.search("[ぁ-んァ-ン一-龯]", r["text"])}
    strong = [r for r in runs if r["text"].strip() == "重要な語"]  # **重要な語**: by weight
    emphasis = [r for r in runs if r["text"].strip() == "強調"]  # *強調*: by weight too, not slanted
    assert strong and all(r["mode"] == 2 and r["font"].endswith("IPAexGothic") for r in strong)
    assert emphasis and all(r["mode"] == 2 and r["font"].endswith("IPAexGothic") for r in emphasis)
    latin = [r for r in runs if r["text"].strip() == "PDF"]  # 「PDFビルダー…」
    assert latin and all(r["font"].endswith("+SourceSansPro-Regular") for r in latin)
    assert "IPAexGothic" in fonts and "SourceSansPro-Regular" in fonts


JAPANESE = "駒はいつでも最大6つまで動かせます（ただし角の駒は除きます）。盤の「中央」から始めます。"


def test_a_paragraph_wrapped_again_at_the_same_widths_is_split_once(monkeypatch):
    """A PDF is laid out in passes: each paragraph's lines are worked out once per
    width, and the lines are the same as working them out again."""
    import rulebook.pdf.paragraph as paragraph

    install_kinsoku()
    style = stylesheet("ja")["body"]
    calls = []
    split = paragraph.phrase_split
    monkeypatch.setattr(paragraph, "phrase_split", lambda *a: calls.append(a) or split(*a))
    kept = paragraph.RulebookParagraph(JAPANESE, style)
    lines = [_line_texts(_wrapped(kept, width)) for width in (120, 120, 200, 120)]
    assert len(calls) == 2  # once at 120 points, once at 200
    fresh = [_line_texts(_wrapped(paragraph.RulebookParagraph(JAPANESE, style), width))
             for width in (120, 120, 200, 120)]
    assert lines == fresh and lines[0] != lines[2]


@pytest.mark.parametrize("markup", [
    JAPANESE,
    JAPANESE.replace("角の駒", "<font color='red'>角の駒</font>"),  # several fragments
])
def test_japanese_lines_break_between_phrases(markup):
    import budoux
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

    from rulebook.pdf.paragraph import CANNOT_END, RulebookParagraph

    install_kinsoku()
    style = stylesheet("ja")["body"]
    phrases = budoux.load_default_japanese_parser().parse(JAPANESE)

    def bad_breaks(lines, characters):
        found = []
        for line, following in zip(lines, lines[1:]):
            if line[-1] in CANNOT_END:
                found.append(f"ends with {line[-1]}")
            if following[0] in EXTRA_CANNOT_START:
                found.append(f"starts with {following[0]}")
            if line[-1].isdigit():
                found.append(f"splits {line[-1]}/{following[0]}")
        starts = {sum(len(line) for line in lines[:i]) for i in range(1, len(lines))}
        offset = 0
        for phrase in phrases:  # a phrase that fits on a line is never split
            if len(phrase) <= characters and any(offset < k < offset + len(phrase) for k in starts):
                found.append(f"splits phrase {phrase}")
            offset += len(phrase)
        return found

    stock_problems = []
    for characters in range(6, 16):
        width = stringWidth("あ" * characters, style.fontName, style.fontSize) + 0.5
        lines = _line_texts(_wrapped(RulebookParagraph(markup, style), width))
        assert "".join(lines) == JAPANESE
        assert bad_breaks(lines, characters) == [], (characters, lines)
        stock_problems += bad_breaks(_line_texts(_wrapped(Paragraph(markup, style), width)), characters)
    # ReportLab's own CJK wrapping does each of these somewhere
    assert any(p.startswith("ends with （") for p in stock_problems)
    assert any(p.startswith("splits 6/つ") for p in stock_problems)
    assert any(p.startswith("splits phrase") for p in stock_problems)


def test_each_japanese_line_but_the_last_is_as_full_as_the_breaks_allow():
    """A line ends at the last phrase that fits: the next line's first phrase, with the
    closing mark after it hanging in the margin (one: "）。" hangs its "。" alone),
    would not fit on it.  Over the game
    pages' own Japanese sentences (plain text, in the catalogs), each wrapped at widths
    of 8 to 24 characters; some of those lines do end on a hanging closing mark."""
    from babel.messages.pofile import read_po
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import paragraph as rl_paragraph

    from rulebook.pdf.paragraph import RulebookParagraph, break_opportunities

    install_kinsoku()
    style = stylesheet("ja")["body"]
    cannot_start = rl_paragraph.ALL_CANNOT_START
    from conftest import ROOT

    catalogs = ROOT / "docs" / "locale" / "ja" / "LC_MESSAGES"
    sentences = sorted({message.string for slug in ("qttt", "necto", "craquelure", "inphexion")
                        for message in read_po((catalogs / f"{slug}.po").open("rb"))
                        if isinstance(message.string, str) and len(message.string) > 40
                        and re.fullmatch(r"[^\s*`:<>\\|_]+", message.string)})
    assert len(sentences) >= 20, len(sentences)

    def width(text):
        return stringWidth(text, style.fontName, style.fontSize)

    hanging = 0
    for text in sentences:
        breaks = break_opportunities(text)
        for characters in (8, 11, 15, 24):
            room = width("あ" * characters) + 0.5
            lines = _line_texts(_wrapped(RulebookParagraph(text, style), room))
            assert "".join(lines) == text, (text, lines)
            start = 0
            for line, following in zip(lines, lines[1:]):
                start += len(line)
                hanging += width(line) > room
                ahead = next((k for k in sorted(breaks) if k > start), len(text)) - start
                phrase = following[:ahead]
                phrase = phrase[:-1] if phrase[-1] in cannot_start else phrase  # one may hang
                if len(line) > 1 and phrase:  # (a phrase cut between characters aside)
                    assert width(line + phrase) > room, (characters, line, following[:ahead])
    assert hanging >= 5, hanging


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_quick_reference_is_one_page_of_its_own(built, lang):
    pdf = reader(built[lang][0])
    texts = page_texts(built[lang][0])
    start = [i for i, t in enumerate(texts) if "QUICK-REFERENCE-START" in t]
    end = [i for i, t in enumerate(texts) if "QUICK-REFERENCE-END" in t]
    assert start == end and len(start) == 1  # all of it on one page, though it is long
    page = start[0]
    title = {"en": "Quick reference", "ja": "早見表"}[lang]
    before = {"en": "An edge case explained", "ja": "特別な場合を一段落"}[lang]
    after = {"en": "Knot values", "ja": "結び目の値"}[lang]
    assert before in texts[page - 1] and before not in texts[page]
    assert after not in texts[page] and after in texts[page + 1]
    assert heading_pages(pdf, title) == [page]
    bottom = min(r["y"] for r in text_runs(pdf.pages[page]) if r["size"] > 4 and r["y"] > 50)
    from rulebook.pdf.templates import MARGIN_BOTTOM
    assert bottom >= MARGIN_BOTTOM - 1  # shrunk to fit the frame, not cut off


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_metadata_and_title_page_credits(built, lang):
    pdf = reader(built[lang][0])
    title = {"en": "Test Game", "ja": "テストゲーム"}[lang]
    designer = {"en": "Ada Example", "ja": "例 太郎"}[lang]
    assert pdf.metadata.title == title
    assert pdf.metadata.author == designer
    assert title in pdf.metadata.subject
    assert pdf.trailer["/Root"]["/Lang"] == lang
    from importlib import metadata
    first, *rest = [re.sub(r"\s+", " ", text) for text in page_texts(built[lang][0])]
    for expected in (title, designer, "© 2026 Test copyright holder", metadata.version("rulebook"), "2026-11-30",
                     "https://play.example.net/games/" + lang + "/play/testgame.html"):
        assert expected in first, expected
    assert not any("Test copyright holder" in text for text in rest)  # no colophon at the end


def test_colophon_date_is_the_newest_commit_of_the_sources(tmp_path):
    """In a git checkout the date is the last commit's (not the clock, not conf.py's)."""
    import os
    import shutil
    import subprocess

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    src = make_project(tmp_path, "en")
    env = {**os.environ, "GIT_AUTHOR_DATE": "2024-02-03T10:00:00Z", "GIT_COMMITTER_DATE": "2024-02-03T10:00:00Z",
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    for command in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "sources"]):
        subprocess.run(["git", *command], cwd=src, env=env, check=True)
    data, _ = build(src, tmp_path / "out")
    first = re.sub(r"\s+", " ", page_texts(data)[0])
    commit = subprocess.run(["git", "log", "-1", "--format=%h"], cwd=src, capture_output=True, text=True,
                            check=True).stdout.strip()
    assert "2024-02-03" in first and "2026-11-30" not in first
    assert "© 2024 Test copyright holder" in first
    assert f"(commit {commit})" in first


@pytest.mark.parametrize("room_lines, first_page_lines", [(3, 2), (1, 0)])
def test_no_single_line_of_a_paragraph_is_left_alone_at_a_page_top_or_foot(room_lines, first_page_lines):
    """Four lines with room for three: two and two (no widow); room for one: all on the next
    page (no orphan)."""
    from reportlab.platypus import Spacer

    from rulebook.pdf.paragraph import RulebookParagraph
    from rulebook.pdf.templates import FRAME_HEIGHT, FRAME_WIDTH, RulebookDocTemplate

    style = stylesheet("en")["body"]
    count = 1
    while True:  # the fewest words that make four lines
        words = " ".join(["word"] * count)
        paragraph = RulebookParagraph(words, style)
        paragraph.wrap(FRAME_WIDTH, 10_000)
        if len(paragraph.blPara.lines) == 4:
            break
        count += 5
    lines = 4
    room = room_lines * style.leading + 2
    out = io.BytesIO()
    RulebookDocTemplate(out, title="T", author="A", subject="S", lang="en").build_document(
        [Spacer(1, FRAME_HEIGHT - room), RulebookParagraph(words, style)])
    texts = page_texts(out.getvalue())
    first = len([line for line in texts[0].splitlines() if "word" in line])
    second = len([line for line in texts[1].splitlines() if "word" in line])
    assert (first, second) == (first_page_lines, lines - first_page_lines), (first, second, lines)


@pytest.mark.parametrize("lang, text", [
    ("en", "Do this:\n\n- one\n- two\n\nNot this.\n\n- three\n\nNor: this.\n"),
    ("ja", "こうします：\n\n- 一\n- 二\n\nこうしません。\n\n- 三\n\nこれも：しません。\n"),
    ("ja", "こうします:\n\n- 一\n- 二\n\nこうしません。\n\n- 三\n\nこれも:しません。\n"),
])
def test_a_paragraph_ending_in_a_colon_is_kept_with_what_it_introduces(lang, text):
    """In each language, with each colon the language writes (the full-width one in
    Japanese, and the ASCII one)."""
    from docutils.core import publish_doctree

    from rulebook.pdf.translator import _introduces

    doctree = publish_doctree(text)
    paragraphs = list(doctree.findall(lambda n: n.tagname == "paragraph" and n.parent is doctree))
    assert [_introduces(p) for p in paragraphs] == [True, False, False]


def test_a_translated_paragraph_whose_source_ends_in_a_colon_is_kept_with_what_it_introduces():
    """Japanese often ends an introduction with 。 where the English source has a colon:
    the translated paragraph (Sphinx keeps its source) is kept with its list all the
    same, and one whose source introduces nothing is not."""
    from docutils.core import publish_doctree

    from rulebook.pdf.translator import _introduces

    doctree = publish_doctree("次のとおりです。\n\n- 一\n\nここまでです。\n\n- 二\n")
    introducing, other = doctree.findall(lambda n: n.tagname == "paragraph" and n.parent is doctree)
    for paragraph, source in ((introducing, "It goes as follows:"), (other, "That is all.")):
        paragraph.rawsource, paragraph["translated"] = source, True
    assert [_introduces(introducing), _introduces(other)] == [True, False]
    introducing["translated"] = False  # an untranslated paragraph: its own text alone
    assert not _introduces(introducing)


def test_ids_left_at_the_end_of_the_document_are_each_a_link_destination():
    """Targets with no paragraph after them (the end of a document) are carried by an Anchor:
    a link to any of its ids, not only the first, lands on the page where the document ends."""
    from reportlab.platypus import PageBreak, Paragraph

    from rulebook.pdf.flowables import Anchor
    from rulebook.pdf.templates import RulebookDocTemplate

    styles = stylesheet("en")
    story = [Paragraph('To <a href="#late-one">the first</a>.', styles["body"]),
             Paragraph('To <a href="#late-two">the second</a>.', styles["body"]),
             PageBreak(), Paragraph("The last page.", styles["body"]),
             Anchor(["late-one", "late-two"])]
    out = io.BytesIO()
    RulebookDocTemplate(out, title="T", author="A", subject="S", lang="en").build_document(story)
    pdf = reader(out.getvalue())
    assert len(pdf.pages) == 2
    assert link_targets_on_line(pdf, pdf.pages[0], "the first") == {1}
    assert link_targets_on_line(pdf, pdf.pages[0], "the second") == {1}


def test_every_japanese_text_of_the_project_may_break_only_where_the_phrase_rules_allow():
    """Over every Japanese message of the project's catalogues: a line may break at
    each phrase boundary BudouX finds and after each space, except before a character
    that cannot start a line, after an opening bracket, inside a Latin word or a
    number, and between a number and its counter (6つ, 25個); and the rules leave
    breaks before numbers, after spaces and between phrases, where they allow them."""
    import budoux
    from reportlab.platypus import paragraph as rl_paragraph

    from rulebook.i18n import read_catalog
    from rulebook.pdf.paragraph import CANNOT_END, break_opportunities

    install_kinsoku()
    parser = budoux.load_default_japanese_parser()
    latin = re.compile(r"[0-9A-Za-z０-９Ａ-Ｚａ-ｚ]")
    digit = re.compile(r"[0-9０-９]")
    kinds = Counter()
    locale = Path(__file__).resolve().parents[1] / "docs" / "locale" / "ja"
    texts = {message.string for path in locale.rglob("*.po")
             for message in read_catalog(path) if message.string}
    assert len(texts) > 200
    for text in texts:
        ends = set(itertools.accumulate(len(p) for p in parser.parse(text)))
        ends |= {k + 1 for k, c in enumerate(text) if c.isspace()}
        expected = set()
        for k in sorted(ends):
            if not 0 < k < len(text):
                continue
            before, after = text[k - 1], text[k]
            if (after in rl_paragraph.ALL_CANNOT_START or before in CANNOT_END
                    or (after.isspace() and not before.isspace())
                    or (latin.match(before) and latin.match(after)) or digit.match(before)):
                continue
            expected.add(k)
            kinds["before a number" if digit.match(after) else
                  "after a space" if before.isspace() else "between phrases"] += 1
        assert break_opportunities(text) == expected, text
    assert min(kinds.values()) > 5 and len(kinds) == 3, kinds


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("contents", [False, True])
def test_every_page_s_footer_counts_the_whole_document_with_or_without_contents(lang, contents):
    """A document laid out in one pass (no contents to settle) or in several: each
    page's footer gives its number and the number of pages the saved file has."""
    from reportlab.platypus import PageBreak, Paragraph
    from reportlab.platypus.tableofcontents import TableOfContents

    from rulebook.pdf.templates import RulebookDocTemplate

    install_kinsoku()
    style = stylesheet(lang)["body"]
    story = [TableOfContents()] if contents else []
    for page in range(3):
        story += [Paragraph(f"Page {page + 1} ページ", style), PageBreak()]
    stream = io.BytesIO()
    RulebookDocTemplate(stream, title="Footers", author="A", subject="S",
                        lang=lang).build_document(story)
    texts = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(stream.getvalue())).pages]
    assert len(texts) >= 3
    for number, text in enumerate(texts, start=1):
        assert f"{number} / {len(texts)}" in text, (number, text)


@pytest.mark.parametrize("frame, rows", [(420, 1), (260, 2), (100, 4)])
def test_panels_wrap_only_when_one_row_would_print_their_text_under_the_minimum(frame, rows):
    """PanelRow's rule, alone: four panels 100 points wide whose smallest text is 10 pt
    at natural size, at least 6 pt in print.  One row while that keeps the text at 6 pt
    or more (a 420-point frame: scale 0.99); else the fewest rows that do (260: one row
    would be 0.59, two rows are 1.0; 100: two would be 0.46, so one panel a row)."""
    from reportlab.platypus import Spacer

    from rulebook.pdf.flowables import PanelRow

    grid = PanelRow([Spacer(100, 80) for _ in range(4)], min_width=10, max_height=1000,
                    text=10, min_text=6)
    grid.wrap(frame, 1000)
    assert len(grid.rows) == rows, (frame, grid.rows, grid.scale)
    assert 0.6 <= grid.scale <= 1.0


def test_a_raster_image_is_drawn_at_its_natural_or_requested_width(tmp_path):
    """A PNG on a page (the books draw SVG, but an author may add a photograph) is set
    at its size in pixels as points, or at the width the page asks for, in proportion:
    an inch in each unit CSS and docutils name it in (72 points: 1in, 2.54cm, 25.4mm,
    96px, 72pt) is an inch."""
    from PIL import Image as PILImage
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    src = make_project(tmp_path, "en")
    PILImage.new("RGB", (200, 100), (200, 40, 40)).save(src / "photo.png")
    page = src / "game.rst"
    page.write_text(page.read_text(encoding="utf-8") + "\n\nPhotographs\n-----------\n\n"
                    ".. image:: photo.png\n\n.. image:: photo.png\n   :width: 100pt\n"
                    + "".join(f"\n.. image:: photo.png\n   :width: {inch}\n"
                              for inch in ("1in", "2.54cm", "25.4mm", "96px", "72pt")),
                    encoding="utf-8")
    data, warnings = build(src, tmp_path / "out")
    assert data is not None and "photo" not in warnings, warnings
    sizes = []
    for pdf_page in pypdfium2.PdfDocument(data):
        for found in pdf_page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE]):
            left, bottom, right, top = found.get_bounds()
            sizes.append((round(right - left, 1), round(top - bottom, 1)))
    assert sorted(sizes) == [(72.0, 36.0)] * 5 + [(100.0, 50.0), (200.0, 100.0)], sizes


SPANNING = """\
+-----+-----+-----+-----+
| a   | b two cols| c   |
+-----+-----+-----+-----+
| d   | e   | f 2x2     |
| two +-----+           |
| rows| h   |           |
+-----+-----+-----+-----+
| j   | k   | l   | m   |
+-----+-----+-----+-----+
"""


def test_a_table_cell_spanning_rows_or_columns_is_one_cell_of_the_pdf(tmp_path):
    """Each cell of a grid table as docutils reads it (its ``morecols`` and
    ``morerows``) is one cell of the PDF's table, as wide as the columns and as tall
    as the rows it spans, and no other cell is drawn in its place."""
    from docutils import nodes
    from docutils.core import publish_doctree

    from rulebook.pdf.styles import stylesheet
    from reportlab.platypus import Paragraph

    from rulebook.pdf.translator import _TableModel

    styles = stylesheet("en")
    table = publish_doctree(SPANNING, settings_overrides={"report_level": 5}).next_node(nodes.table)
    model, expected = _TableModel(), []
    model.columns = len(list(table.findall(nodes.colspec)))
    for r, row in enumerate(table.findall(nodes.row)):
        model.start_row()
        for entry in row.findall(nodes.entry):
            model.add_cell([Paragraph(entry.astext(), styles["cell"])], entry)
            expected.append((" ".join(entry.astext().split()), entry.get("morecols", 0),
                             entry.get("morerows", 0)))
    built = model.build(styles, 400)
    built.wrap(400, 800)
    widths, heights = built._colWidths, built._rowHeights
    found = 0
    for r, cells in enumerate(built._cellvalues):
        for c, value in enumerate(cells):
            if not value:
                continue
            text, right, down = next(e for e in expected
                                     if e[0] == " ".join(value[0].getPlainText().split()))
            rect = built._spanRects.get((c, r))
            if right or down:  # one cell over the columns and rows it spans
                assert rect[2:] == pytest.approx(  # (x, y, width, height)
                    (sum(widths[c:c + right + 1]), sum(heights[r:r + down + 1]))), text
                assert all(built._spanRects.get((cc, rr), 0) is None  # and nothing under it
                           for cc in range(c, c + right + 1) for rr in range(r, r + down + 1)
                           if (cc, rr) != (c, r)), text
            else:
                assert rect is None or rect[2:] == pytest.approx((widths[c], heights[r])), text
            found += 1
    assert found == len(expected) == 11
    assert sum(1 for e in expected if e[1] or e[2]) == 3


def test_panels_of_one_row_are_centred_on_the_row_s_middle_line(tmp_path):
    """Panels of different heights in one row (a drawing with a legend beside another
    without): each is drawn with its middle on the row's middle line, and the row's
    panels side by side, centred across the frame, a gap apart."""
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Flowable

    from rulebook.pdf.flowables import PANEL_GAP, PanelRow

    placed = []

    class Panel(Flowable):
        def __init__(self, width, height):
            super().__init__()
            self.width, self.height = width, height

        def wrap(self, *args):
            return self.width, self.height

        def draw(self):
            a, b, c, d, e, f = self.canv._currentMatrix
            placed.append((e, f, self.width * a, self.height * d))

    row = PanelRow([Panel(100, 80), Panel(100, 40), Panel(60, 60)], min_width=10,
                   max_height=1000, text=10, min_text=6)
    width, height = row.wrap(400, 1000)
    canvas = Canvas(str(tmp_path / "row.pdf"))
    row.drawOn(canvas, 0, 0)
    assert len(row.rows) == 1 and len(placed) == 3
    middles = [f + h / 2 for _, f, _, h in placed]
    assert middles == pytest.approx([height / 2] * 3), (placed, height)
    lefts, rights = [e for e, *_ in placed], [e + w for e, _, w, _ in placed]
    gaps = [b - a for a, b in zip(rights, lefts[1:])]
    assert gaps == pytest.approx([PANEL_GAP] * 2)
    assert lefts[0] == pytest.approx(width - rights[-1])  # centred across
