"""The rulebookpdf builder on a small Sphinx project, in English and Japanese."""

from __future__ import annotations

import io
import re
import sys
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

Plain words with *emphasis*, **strong words**, ``X1 a1``, a link to
`the example site <https://example.com/>`_ and a reference to :ref:`scoring`.

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
""",
    "ja": """
テストゲーム
============

.. game-info:: testgame

   :読み: てすとげーむ
   :作者: 例 太郎
   :発表年: 1997
   :人数: 2人
   :用意するもの: 紙と鉛筆
   :プレイ時間: 10分

   PDFビルダーを試すためだけの小さなゲームです。

ルール
------

*強調* と **重要な語** と ``X1 a1``\\ 、そして\\ `例のサイト <https://example.com/>`_\\ への
リンクと :ref:`scoring` への参照。

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
""",
}


def make_project(root: Path, lang: str) -> Path:
    src = root / f"src-{lang}"
    src.mkdir(parents=True)
    (src / "conf.py").write_text(CONF + f"language = {lang!r}\n", encoding="utf-8")
    (src / "testext.py").write_text(TEST_EXT, encoding="utf-8")
    (src / "index.rst").write_text("Index\n=====\n\n.. toctree::\n\n   game\n", encoding="utf-8")
    filler = "\n\n".join(f"{i}. {FILLER[lang] * 3}" for i in range(1, 26))
    (src / "game.rst").write_text(PAGES[lang].replace("{filler}", filler), encoding="utf-8")
    (src / "board.svg").write_text(SVG, encoding="utf-8")
    for index in range(9):
        (src / f"panel{index}.svg").write_text(PANEL_SVG.format(fill=panel_fill(index)), encoding="utf-8")
    (src / "swatch.svg").write_text(SWATCH_SVG, encoding="utf-8")
    return src


def build(src: Path, out: Path) -> tuple[bytes, str]:
    warnings = io.StringIO()
    sys.path.insert(0, str(src))  # the project's local extension
    try:
        with docutils_namespace():  # each build registers its directives and nodes afresh
            app = Sphinx(str(src), str(src), str(out), str(out / ".doctrees"), "rulebookpdf",
                         status=None, warning=warnings, freshenv=True)
            app.build(force_all=True)
    finally:
        sys.path.remove(str(src))
    lang = app.config.language
    return (out / f"game-{lang}.pdf").read_bytes(), warnings.getvalue()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("pdfproject")
    result = {}
    for lang in ("en", "ja"):
        src = make_project(root, lang)
        result[lang] = build(src, root / f"out-{lang}")
    result["en-again"] = build(root / "src-en", root / "out-en-again")
    return result


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
def test_only_ipaexgothic_is_used_and_it_is_embedded(built, lang):
    fonts = {}
    for page in reader(built[lang][0]).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts
    for base_name, font in fonts.items():
        assert base_name.endswith("IPAexGothic"), base_name
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
    assert built["en"][0] == built["en-again"][0]


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
        RulebookPDFBuilder.write_atomically(builder, target, [Broken()], "Game", "Author")
    assert list(tmp_path.iterdir()) == []


def test_japanese_outline_titles(built):
    titles = [item.title for item in reader(built["ja"][0]).outline if not isinstance(item, list)]
    assert titles[0] == "テストゲーム"


def test_unicode_subscript_digits_become_sub_markup():
    """IPAexGothic has no ₀-₉: knot names like 3₁ must not turn into empty boxes."""
    from rulebook.pdf.translator import _subscripts

    assert _subscripts("3₁#4₁, 8₂₀") == "3<sub>1</sub>#4<sub>1</sub>, 8<sub>20</sub>"
    assert _subscripts("no subscripts 31") == "no subscripts 31"


def test_characters_the_font_cannot_draw_are_found():
    """The builder warns (and so fails the -W build) instead of printing empty boxes."""
    from rulebook.pdf.styles import missing_glyphs

    assert missing_glyphs("Necto ネクト 3×3！") == []
    assert missing_glyphs("/ˈnɛktoʊ/") == ["ɛ"]


def filled_rectangles(page) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(fill colour "#rrggbb", (x0, y0, x1, y1) on the page) of every rectangle the page fills."""
    from pypdf.generic import ContentStream

    def times(m, n):
        a, b, c, d, e, f = m
        a2, b2, c2, d2, e2, f2 = n
        return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
                e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)

    ctm, fill, stack, found = (1, 0, 0, 1, 0, 0), "#000000", [], []
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
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
