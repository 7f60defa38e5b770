"""Print formats beside the A4 book (US Letter, the A5 booklet imposed for saddle
stitching, the quick-reference card) and the print-and-play sheets at true size."""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pypdf
import pytest
from pypdf.generic import ContentStream, DecodedStreamObject, NameObject
from reportlab.lib.pagesizes import A4, A5, LETTER, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from rulebook.pdf.imposition import booklet_sides, impose_booklet, padded
from rulebook.pdf.sheets import MARK_LENGTH, MARK_OFFSET, MARK_WIDTH, write_sheet

from test_pdf import build, build_each, make_project, page_texts, text_runs

FOOTER = re.compile(r"(\d+) / (\d+)")


@pytest.fixture(scope="module")
def formats(tmp_path_factory):
    """{(lang, fmt): PDF bytes} of the small project, and ("again", fmt),
    ("again-ja", fmt): the English and Japanese ones built again."""
    made = build_each(tmp_path_factory.mktemp("formats"), ("letter", "booklet", "card"),
                      again=("en", "ja"))
    return {key: pdf for key, (pdf, _) in made.items()}


def reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def size(page) -> tuple[float, float]:
    return float(page.mediabox.width), float(page.mediabox.height)


def close(a, b, tolerance=0.01) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_letter_book_is_set_on_us_letter_pages(formats, lang):
    pdf = reader(formats[lang, "letter"])
    assert all(close(size(page), LETTER) for page in pdf.pages)
    texts = page_texts(formats[lang, "letter"])
    for number, text in enumerate(texts, start=1):
        assert f"{number} / {len(texts)}" in text  # every page numbered, of the right count
    whole = re.sub(r"\s+", "", "".join(texts))
    for phrase in ("QUICK-REFERENCE-START", "QUICK-REFERENCE-END", "X1a1b2"):
        assert phrase in whole
    # the footer's rule spans the letter page's frame (20 mm margins), wider than A4's
    for page in pdf.pages:
        rules = [s for s in strokes(page) if s["width"] == 0.5 and s["from"][1] == s["to"][1]
                 and s["from"][1] < 20 * mm]
        spans = [(round(s["from"][0], 2), round(s["to"][0], 2)) for s in rules]
        assert (round(20 * mm, 2), round(LETTER[0] - 20 * mm, 2)) in spans


def times(a, b) -> tuple:
    """The PDF matrix [a b c d e f] ``a``, then ``b``."""
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def placements(page):
    """Each XObject the page draws (``Do``), with the transformation in force then:
    ``(matrix, object)``."""
    ctm, stack = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), []
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = times(tuple(float(v) for v in operands), ctm)
        elif operator == b"Do":
            yield ctm, page["/Resources"]["/XObject"][operands[0]].get_object()


def drawn_objects(page) -> list[tuple[float, float, float, float]]:
    """The box (left, bottom, right, top) on the page of each figure or image it draws
    (each form XObject or image, through the transforms in force)."""
    boxes = []
    for ctm, thing in placements(page):
        if thing["/Subtype"] == "/Form":
            x0, y0, x1, y1 = (float(v) for v in thing["/BBox"])
            matrix = times(tuple(float(v) for v in thing.get("/Matrix", [1, 0, 0, 1, 0, 0])), ctm)
        else:
            x0, y0, x1, y1, matrix = 0, 0, 1, 1, ctm
        corners = [(matrix[0] * x + matrix[2] * y + matrix[4],
                    matrix[1] * x + matrix[3] * y + matrix[5])
                   for x in (x0, x1) for y in (y0, y1)]
        boxes.append((min(x for x, _ in corners), min(y for _, y in corners),
                      max(x for x, _ in corners), max(y for _, y in corners)))
    return boxes


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_figure_of_the_letter_book_lies_inside_its_pages_frame(formats, lang):
    """A format sizes its figures to its own frame (the paper's width less its margins,
    not its height): every figure and image drawn on every page of the US Letter book
    lies inside the frame."""
    from rulebook.pdf.pages import LETTER_BOOK as frame

    fmt = "letter"
    width, height = frame.size
    drawn = 0
    for page in reader(formats[lang, fmt]).pages:
        assert close(size(page), frame.size)
        for left, bottom, right, top in drawn_objects(page):
            assert left >= frame.margin_left - 0.5 and right <= width - frame.margin_right + 0.5, \
                (fmt, lang, left, right)
            assert bottom >= frame.margin_bottom - 0.5 and top <= height - frame.margin_top + 0.5
            drawn += 1
    assert drawn, "no figure drawn"


def test_booklet_sides_follow_saddle_stitch_order():
    assert booklet_sides(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    assert booklet_sides(5) == [(None, 1), (2, None), (None, 3), (4, 5)]  # blanks at the end
    assert [padded(n) for n in (1, 4, 5, 13)] == [4, 4, 8, 16]
    for pages in range(1, 30):
        sides = booklet_sides(pages)
        assert len(sides) % 2 == 0 and len(sides) == padded(pages) // 2
        printed = sorted(n for side in sides for n in side if n is not None)
        assert printed == list(range(1, pages + 1))  # each page once


def numbered_pages(count: int, page_size=A5) -> bytes:
    """A PDF of ``count`` pages, each showing "PAGE k" near its bottom left corner."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=page_size, invariant=1)
    for k in range(1, count + 1):
        canvas.setFont("Helvetica", 12)
        canvas.drawString(20, 30, f"PAGE {k}")
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def placed_pages(side) -> list[tuple[tuple, str]]:
    """What a printed side draws: (its transformation, the text of the page drawn) per
    form it places (the imposed book's pages), each placed once, at the A5 page's size."""
    found = []
    for ctm, form in placements(side):
        assert [float(v) for v in form["/BBox"]] == pytest.approx([0, 0, *A5], abs=0.01)
        found.append((ctm, form_text(form)))
    return found


def form_text(form) -> str:
    """The text a form XObject shows (drawn alone on a page of its own)."""
    page = pypdf.PdfWriter().add_blank_page(*A5)
    page[NameObject("/Resources")] = form["/Resources"]
    contents = DecodedStreamObject()
    contents.set_data(form.get_data())
    page.replace_contents(contents)
    return page.extract_text()


def sides_shown(pdf, pattern) -> list[tuple]:
    """Per printed side, the numbers (``pattern``'s group 1) of the pages on its left and
    right halves, None for a blank half; checks each page is placed at its true size,
    centred on its half with its fold edge on the middle of the sheet."""
    sheet = landscape(A4)
    middle = sheet[0] / 2
    shown = []
    for side in pdf.pages:
        assert close(size(side), sheet)
        halves = {"left": None, "right": None}
        for (a, b, c, d, x, y), text in placed_pages(side):
            assert (a, b, c, d) == (1, 0, 0, 1)  # not scaled
            assert y == pytest.approx((sheet[1] - A5[1]) / 2, abs=0.01)
            assert x == pytest.approx(middle - A5[0], abs=0.01) or x == pytest.approx(middle, abs=0.01)
            halves["left" if x < middle - A5[0] / 2 else "right"] = int(pattern.search(text)[1])
        shown.append((halves["left"], halves["right"]))
    return shown


def test_impose_booklet_puts_each_page_on_its_half_at_true_size():
    book = numbered_pages(6)
    imposed = reader(impose_booklet(book))
    assert len(imposed.pages) == 4  # 6 pages padded to 8: two sheets, both sides
    assert sides_shown(imposed, re.compile(r"PAGE (\d+)")) == [(None, 1), (2, None), (6, 3), (4, 5)]
    assert impose_booklet(book) == impose_booklet(book)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_booklet_is_the_a5_book_imposed_two_to_a_landscape_a4_sheet(formats, lang):
    pdf = reader(formats[lang, "booklet"])
    assert len(pdf.pages) % 2 == 0  # both sides of every sheet
    # the A5 pages' footers ("k / N") say which page stands on which half
    total = max(int(m[2]) for side in pdf.pages for _, text in placed_pages(side)
                for m in FOOTER.finditer(text))
    assert total > 8  # more A5 pages than A4 ones
    assert len(pdf.pages) == padded(total) // 2
    assert sides_shown(pdf, re.compile(rf"(\d+) / {total}")) == booklet_sides(total)


@pytest.mark.parametrize("fmt", ["letter", "booklet", "card"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_format_carries_the_book_s_title_author_subject_and_language(formats, lang, fmt):
    """(As test_pdf's A4 book does: what a PDF viewer shows and a screen reader speaks.)"""
    pdf = reader(formats[lang, fmt])
    title = {"en": "Test Game", "ja": "テストゲーム"}[lang]
    assert pdf.metadata.title == title
    assert pdf.metadata.author == {"en": "Ada Example", "ja": "例 太郎"}[lang]
    assert title in pdf.metadata.subject
    assert pdf.trailer["/Root"]["/Lang"] == lang


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_card_is_the_quick_reference_alone_on_one_a5_page(formats, lang):
    pdf = reader(formats[lang, "card"])
    assert len(pdf.pages) == 1 and close(size(pdf.pages[0]), A5)
    text = re.sub(r"\s+", "", page_texts(formats[lang, "card"])[0])
    assert "QUICK-REFERENCE-START" in text and "QUICK-REFERENCE-END" in text
    others = {"en": ["Knotvalues", "Anedgecase", "Contents"], "ja": ["結び目の値", "目次"]}[lang]
    assert not any(phrase in text for phrase in others)
    name = {"en": "Test Game", "ja": "テストゲーム"}[lang]  # at its head, large
    assert max(r["size"] for r in text_runs(pdf.pages[0]) if r["text"].strip() == name) >= 20
    # longer than an A5 page's frame, the quick reference is shrunk to fit it: every
    # line of it lies inside the page's margins, the last one too
    from rulebook.pdf.formats import CARD_PAGE as margins

    runs = [r for r in text_runs(pdf.pages[0]) if r["text"].strip()
            and not FOOTER.search(r["text"]) and r["text"].strip() != name]  # not the footer's
    assert min(r["y"] for r in runs) >= margins.margin_bottom - 1, min(r["y"] for r in runs)
    assert max(r["y"] + r["size"] for r in runs) <= size(pdf.pages[0])[1] - margins.margin_top + 1


def test_print_formats_are_byte_identical_run_to_run(formats):
    for fmt in ("letter", "booklet", "card"):
        assert formats["en", fmt] == formats["again", fmt], fmt
        assert formats["ja", fmt] == formats["again-ja", fmt], fmt


def test_a_page_without_quick_reference_gets_no_card_and_a_warning(tmp_path):
    src = make_project(tmp_path, "en")
    page = src / "game.rst"
    page.write_text(page.read_text(encoding="utf-8").replace(".. rst-class:: quick-reference", ""),
                    encoding="utf-8")
    pdf, warnings = build(src, tmp_path / "out", "card")
    assert pdf is None
    assert "game has no section of class quick-reference, so no card" in warnings


# --- print-and-play sheets ------------------------------------------------------------

def strokes(page) -> list[dict]:
    """Every straight stroked segment of the page: its ends and line width (no transforms
    but the page's own, which the sheets do not change)."""
    operations = ContentStream(page.get_contents(), page.pdf).operations
    width, stack, path, found = 1.0, [], [], []
    for operands, operator in operations:
        if operator == b"q":
            stack.append(width)
        elif operator == b"Q":
            width = stack.pop()
        elif operator == b"w":
            width = float(operands[0])
        elif operator == b"m":
            path = [[tuple(map(float, operands))]]
        elif operator == b"l":
            path[-1].append(tuple(map(float, operands)))
        elif operator in (b"S", b"B", b"f", b"b", b"n"):
            if operator == b"S":
                for points in path:
                    found += [{"from": a, "to": b, "width": width} for a, b in zip(points, points[1:])]
            path = []
    return found


def polygons(page, corners: int) -> list[list[tuple[float, float]]]:
    """The closed paths of ``corners`` points (a hexagon: 6)."""
    found, points = [], []
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        if operator == b"m":
            points = [tuple(map(float, operands))]
        elif operator == b"l":
            points.append(tuple(map(float, operands)))
        elif operator == b"h":
            if len(points) == corners:
                found.append(points)
            points = []
    return found


def crop_marks(page) -> list[dict]:
    return [s for s in strokes(page) if abs(s["width"] - MARK_WIDTH) < 1e-6]


def check_crop_marks(page, xs, ys):
    """Crop marks outside the trim box at each cut line ``xs`` (vertical) and ``ys``
    (horizontal), MARK_OFFSET from the trim and MARK_LENGTH long, and no others."""
    left, bottom, right, top = (float(v) for v in page.trimbox)
    expected = set()
    start, end = MARK_OFFSET, MARK_OFFSET + MARK_LENGTH
    for x in xs:
        expected |= {((x, top + start), (x, top + end)), ((x, bottom - start), (x, bottom - end))}
    for y in ys:
        expected |= {((left - start, y), (left - end, y)), ((right + start, y), (right + end, y))}
    found = [(s["from"], s["to"]) for s in crop_marks(page)]
    assert len(found) == len(expected)
    for mark in expected:
        assert any(all(math.dist(a, b) < 0.01 for a, b in zip(mark, other)) for other in found), mark


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sheets")
    return {game: reader(write_sheet(game, folder).read_bytes())
            for game in ("inphexion", "necto")}


def test_inphexion_board_is_true_size_with_crop_marks(sheets):
    pdf = sheets["inphexion"]
    assert len(pdf.pages) == 1
    page = pdf.pages[0]
    assert close(size(page), landscape(A4))
    left, bottom, right, top = (float(v) for v in page.trimbox)
    assert 0 < left < right < landscape(A4)[0] and 0 < bottom < top < landscape(A4)[1]
    check_crop_marks(page, [left, right], [bottom, top])
    # 49 hexagonal cells whose neighbours' centres stand 23 mm apart (across the flats)
    cells = polygons(page, 6)
    assert len(cells) == 49
    centres = [(sum(x for x, _ in c) / 6, sum(y for _, y in c) / 6) for c in cells]
    nearest = [min(math.dist(a, b) for b in centres if b is not a) for a in centres]
    assert all(abs(d - 23 * mm) < 0.01 for d in nearest)
    for cell in cells:  # inside the cut lines
        assert all(left < x < right and bottom < y < top for x, y in cell)
    text = page.extract_text()
    assert "actual size" in text
    # the size the sheet states is the size drawn
    stated = re.findall(r"cells (\d+) mm across", re.sub(r"\s+", " ", text))
    assert stated == [str(round(nearest[0] / mm))] == ["23"], stated
    from rulebook.games import game_class

    name = game_class("inphexion").names["en"]  # the game's name as it spells it
    assert f"{name}: the 7 × 7 board" in re.sub(r"\s+", " ", text), text


@pytest.mark.parametrize("game, stated", [
    ("inphexion", [r"cells (\d+) mm across", r"マスの幅 (\d+) mm"]),
    ("necto", [r"each tile (\d+) mm", r"タイルは一辺 (\d+) mm"]),
])
def test_every_size_a_sheet_states_in_either_language_is_the_size_it_draws(sheets, game,
                                                                          stated):
    """On every page of a print-and-play sheet, each size in mm it states, in English
    and in Japanese, is one it draws: inpHeXion's cells from centre to centre, Necto's
    tiles from cut mark to cut mark, and the scale bar's length (its 0.6 pt stroke)."""
    for page in sheets[game].pages:
        text = re.sub(r"\s+", " ", page.extract_text())
        if game == "inphexion":
            centres = [(sum(x for x, _ in c) / 6, sum(y for _, y in c) / 6)
                       for c in polygons(page, 6)]
            piece = min(math.dist(centres[0], b) for b in centres[1:])
        else:
            left, _, right, _ = (float(v) for v in page.trimbox)
            piece = (right - left) / 6  # six tiles across, between the cut marks
        bars = [math.dist(s["from"], s["to"]) for s in strokes(page)
                if abs(s["width"] - 0.6) < 0.01 and s["from"][1] == s["to"][1]
                and math.dist(s["from"], s["to"]) > 10 * mm]
        assert len(bars) == 1, bars
        for pattern in stated:  # each language says the piece's size once
            assert re.findall(pattern, text) == [str(round(piece / mm))], (pattern, text)
        said = {int(n) for n in re.findall(r"(\d+) ?mm", text)}
        assert said == {round(piece / mm), round(bars[0] / mm)}, (said, text)


def test_necto_tiles_are_16_of_each_at_30_mm_with_crop_marks_at_every_cut(sheets):
    from rulebook.games.necto.tiles import CODES

    pdf = sheets["necto"]
    assert len(pdf.pages) == 3  # 128 tiles, 48 to a sheet
    codes = []
    for page in pdf.pages:
        assert close(size(page), A4)
        left, bottom, right, top = (float(v) for v in page.trimbox)
        assert abs(right - left - 6 * 30 * mm) < 0.01 and abs(top - bottom - 8 * 30 * mm) < 0.01
        check_crop_marks(page, [left + k * 30 * mm for k in range(7)],
                         [bottom + k * 30 * mm for k in range(9)])
        codes += [r["text"].strip() for r in text_runs(page) if r["text"].strip() in CODES]
    assert {code: codes.count(code) for code in CODES} == {code: 16 for code in CODES}


def test_each_necto_tile_is_printed_inside_the_square_its_cut_marks_make(sheets):
    """Every tile's strands lie inside the trim box and its code sits at the lower left
    of one 30 mm square between the cut lines: cut along the marks, each piece is one
    whole tile with its code (the square's lower left corner read from the code's
    place)."""
    from rulebook.games.necto.tiles import CODES

    cell = 30 * mm
    for page in sheets["necto"].pages:
        left, bottom, right, top = (float(v) for v in page.trimbox)
        strands = [s for s in strokes(page) if abs(s["width"] - 0.055 * cell) < 0.01]
        assert strands
        for stroke in strands:
            for x, y in (stroke["from"], stroke["to"]):
                assert left - 0.01 <= x <= right + 0.01 and bottom - 0.01 <= y <= top + 0.01
        squares = []
        for run in text_runs(page):
            if run["text"].strip() not in CODES:
                continue
            column, row = (run["x"] - left) / cell, (run["y"] - bottom) / cell
            assert 0 <= column < 6 and 0 <= row < 8, run
            squares.append((int(column), int(row)))
            assert (column - int(column)) * cell < 5 * mm and (row - int(row)) * cell < 5 * mm
        assert len(squares) == len(set(squares))


def test_sheets_are_byte_identical_run_to_run(tmp_path):
    for game in ("inphexion", "necto"):
        first = write_sheet(game, tmp_path / "a").read_bytes()
        assert write_sheet(game, tmp_path / "b").read_bytes() == first


def test_the_build_sets_each_format_and_sheet_as_a_job_of_its_worker_pool(tmp_path):
    """One job per language and format, and one per sheet of a game with a page (of the
    one game built, with --game), so the pool runs them side by side."""
    from conftest import copy_project
    from rulebook.build import Project, _Options, build_print_format, print_format_jobs
    from rulebook.build import write_sheet as sheet_job

    project = Project(copy_project(tmp_path))
    staging = tmp_path / "staging"

    def jobs(game):
        made = print_format_jobs(project, staging, _Options(game, True, True))
        return ({(job[2], job[4]) for job in made if job[0] is build_print_format},
                {job[1] for job in made if job[0] is sheet_job}, len(made))

    every = {(lang, fmt) for lang in ("en", "ja") for fmt in ("letter", "booklet", "card")}
    assert jobs(None) == (every, {"inphexion", "necto"}, 8)
    assert jobs("necto") == (every, {"necto"}, 7)
    assert jobs("qttt") == (every, set(), 6)
    (project.docs / "necto.rst").unlink()  # no page, no sheet
    assert jobs(None) == (every, {"inphexion"}, 7)


def test_inphexion_board_s_edges_are_coloured_for_the_sides_each_player_joins(sheets):
    """White joins the first row to the last (the engine refuses, as a start, a column
    of White discs: already joined; a row of them is not): on the sheet, White's edge
    colour runs along the top (by the column letters, row 1) and the bottom, Black's
    along the slanted left and right sides, as in the diagrams."""
    from matplotlib.colors import to_rgb

    from rulebook.errors import NotationError
    from rulebook.games import make_game
    from rulebook.games.inphexion.drawing import EDGE_FILL

    game = make_game("inphexion", size=3)
    board = "turn: Black\n    a b c\n 1  {} . .\n 2   {} . .\n 3    {} . .\n"
    with pytest.raises(NotationError, match="White's sides are already joined"):
        game.parse_position(board.format("W", "W", "W"))  # a column: from row 1 to row 3
    game.parse_position(board.replace("{} . .", "{} {} {}", 1).format("W", "W", "W", ".", "."))

    page = sheets["inphexion"].pages[0]
    colour, width, stack, edges = None, 1.0, [], {0: [], 1: []}
    fills = {player: tuple(round(v, 3) for v in to_rgb(EDGE_FILL[player])) for player in (0, 1)}
    path = []
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        if operator == b"q":
            stack.append((colour, width))
        elif operator == b"Q":
            colour, width = stack.pop()
        elif operator == b"RG":
            colour = tuple(round(float(v), 3) for v in operands)
        elif operator == b"w":
            width = float(operands[0])
        elif operator == b"m":
            path = [tuple(map(float, operands))]
        elif operator == b"l":
            path.append(tuple(map(float, operands)))
        elif operator == b"S":
            for player, fill in fills.items():
                if colour == fill and width > 2 * mm:
                    edges[player] += list(zip(path, path[1:]))
            path = []
    cells = [point for cell in polygons(page, 6) for point in cell]
    top, bottom = max(y for _, y in cells), min(y for _, y in cells)
    assert len(edges[0]) == 2 and len(edges[1]) == 2, edges
    for (x0, y0), (x1, y1) in edges[0]:  # White: level, one above the cells, one below
        assert abs(y0 - y1) < 0.01
    levels = sorted(y for (_, y), _ in edges[0])
    assert levels[0] < bottom and levels[1] > top, (levels, bottom, top)
    for (x0, y0), (x1, y1) in edges[1]:  # Black: the slanted sides
        assert abs(y0 - y1) > 10 * mm


def test_each_necto_sheet_says_which_of_the_sheets_it_is_in_both_languages(sheets):
    pages = sheets["necto"].pages
    for number, page in enumerate(pages, start=1):
        text = re.sub(r"\s+", "", page.extract_text())
        assert f"(sheet{number}of{len(pages)})" in text, text[:300]
        assert f"（{len(pages)}枚中{number}枚目）" in text, text[-300:]
