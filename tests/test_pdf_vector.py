"""The figures' SVG drawn into the PDFs by rulebook.pdf.vector: the same picture the
browser draws from the same SVG (Chromium, the web pages' reader, is the reference),
and an SVG outside the part of SVG it reads still drawn, through svglib."""

from __future__ import annotations

import io

import numpy as np
import pytest
from chromium import skip_unless_installed

skip_unless_installed()

from PIL import Image  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from rulebook.pdf import drawings, vector  # noqa: E402

SCALE = 3  # pixels a point, in both renderings


def pdf_picture(data: bytes) -> Image.Image:
    """The SVG drawn by the PDF builder's way (a form, drawn once), rasterised by PDFium."""
    import pypdfium2

    from rulebook.pdf.styles import register_font

    register_font()  # svglib's drawings start in the PDFs' font
    figure = drawings._convert(data)
    figure.__dict__["rulebook_form"] = "figure"
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(figure.width, figure.height), invariant=1)
    drawings.draw_once(canvas, figure)
    drawings.define_forms(canvas)
    canvas.showPage()
    canvas.save()
    page = pypdfium2.PdfDocument(out.getvalue())[0]
    return page.render(scale=SCALE).to_pil().convert("L")


@pytest.fixture(scope="module")
def screen(browser):
    """One page to draw the SVGs on, at SCALE pixels a point (a page for each would
    start a renderer for each)."""
    context = browser.new_context(device_scale_factor=SCALE * 0.75)
    yield context.new_page()
    context.close()


def browser_picture(screen, data: bytes, width: float, height: float) -> Image.Image:
    screen.set_viewport_size({"width": round(width / 0.75), "height": round(height / 0.75)})
    screen.set_content('<html><body style="margin:0;background:#fff">'
                       + data.decode().split("?>", 1)[-1] + "</body></html>")
    return Image.open(io.BytesIO(screen.screenshot())).convert("L")


def difference(a: Image.Image, b: Image.Image) -> np.ndarray:
    """Per-pixel difference after a 3-pixel box blur (anti-aliasing differs between
    renderers), at the best of the shifts by up to a pixel (so does where a renderer
    puts a fraction of a pixel)."""
    size = (min(a.width, b.width) - 2, min(a.height, b.height) - 2)
    a, b = (np.asarray(image, dtype=float) for image in (a, b))

    def blur(x):
        k = 3
        padded = np.pad(x, k // 2, mode="edge")
        return sum(padded[i:i + x.shape[0], j:j + x.shape[1]] for i in range(k) for j in range(k)) / k ** 2

    a, b = blur(a), blur(b)
    shifted = [np.abs(a[1:1 + size[1], 1:1 + size[0]] - b[dy:dy + size[1], dx:dx + size[0]])
               for dy in range(3) for dx in range(3)]
    return min(shifted, key=np.mean)


def sample_figures(project) -> list:
    """Some panels of every game's figures (the same every run), and every chart with a hatch."""
    images = sorted((project.build / "site" / "en" / "_images").glob("*.svg"))
    by_game: dict[str, list] = {}
    for path in images:
        by_game.setdefault(path.name.split("-")[0], []).append(path)
    chosen = [path for paths in by_game.values() for path in paths[::max(1, len(paths) // 3)]]
    return chosen + [path for path in images if b"<pattern" in path.read_bytes() and path not in chosen]


@pytest.mark.site
def test_every_figure_is_read_without_svglib(built_site):
    project = built_site
    for lang in ("en", "ja"):
        for path in sorted((project.build / "site" / lang / "_images").glob("*.svg")):
            try:
                vector.pdf_operators(path.read_bytes())
            except vector.Unsupported as error:
                pytest.fail(f"{path.name}: {error} (the PDF would draw it through svglib, slowly)")


@pytest.mark.site
def test_the_pdf_draws_the_picture_the_browser_draws(built_site, screen):
    project = built_site
    figures = sample_figures(project)
    assert len(figures) >= 12 and any(b"<pattern" in path.read_bytes() for path in figures)
    for path in figures:
        data = path.read_bytes()
        width, height, _ = vector.pdf_operators(data)
        diff = difference(pdf_picture(data), browser_picture(screen, data, width, height))
        assert diff.mean() < 4 and (diff > 60).mean() < 0.002, \
            f"{path.name}: mean difference {diff.mean():.2f}, {(diff > 60).mean():.2%} of pixels far off"


HATCHED = b"""<?xml version='1.0'?><svg xmlns="http://www.w3.org/2000/svg" width="40pt" height="40pt"
 viewBox="0 0 40 40"><defs><style type="text/css">*{stroke-linejoin: round; stroke-linecap: butt}</style>
 <pattern id="h" patternUnits="userSpaceOnUse" x="0" y="0" width="8" height="8">
 <rect x="0" y="0" width="9" height="9" fill="#dddddd"/>
 <path d="M -4 4 L 4 -4 M 0 8 L 8 0 M 4 12 L 12 4" style="fill: #333333; stroke: #333333; stroke-width: 1.5"/>
 </pattern></defs>
 <path d="M 5 5 L 35 5 L 35 35 L 5 35 z" style="fill: url(#h); stroke: #000000; stroke-width: 1"/>
 <g transform="translate(20 20) scale(0.5 -0.5)"><path d="M 0 0 Q 10 20 20 0 z" style="fill: #c03000"/></g>
</svg>"""


def test_a_hatch_a_curve_and_a_transform_match_the_browser(screen):
    width, height, _ = vector.pdf_operators(HATCHED)
    pdf = pdf_picture(HATCHED)
    diff = difference(pdf, browser_picture(screen, HATCHED, width, height))
    assert diff.mean() < 4 and (diff > 60).mean() < 0.002
    inside = np.asarray(pdf)[10 * SCALE:30 * SCALE, 10 * SCALE:18 * SCALE]
    assert inside.min() < 100 and inside.max() > 200  # the hatch's dark lines on its light ground


@pytest.mark.parametrize("transform", [
    "translate(6 -3)", "scale(0.6)", "scale(1.2 0.7)", "rotate(-90 20 20)", "rotate(30 20 20)",
    "matrix(0.8 0.3 -0.2 0.9 4 2)", "translate(40 0) scale(-1 1)",
    "translate(20 20) rotate(45) translate(-20 -20)"])
def test_each_transform_form_read_matches_the_browser(screen, transform):
    """Each form of ``transform`` the conversion reads, on a shape that shows which
    way it was turned or flipped (an L with a dot off one arm): the PDF's picture is
    the browser's."""
    svg = ('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40pt" '
           f'height="40pt" viewBox="0 0 40 40"><g transform="{transform}">'
           '<path d="M 8 6 L 14 6 L 14 26 L 30 26 L 30 32 L 8 32 z" style="fill: #000000"/>'
           '<path d="M 24 8 L 30 8 L 30 14 L 24 14 z" style="fill: #404040"/></g></svg>').encode()
    width, height, _ = vector.pdf_operators(svg)
    diff = difference(pdf_picture(svg), browser_picture(screen, svg, width, height))
    assert diff.mean() < 4 and (diff > 60).mean() < 0.002, (transform, diff.mean())


def test_an_svg_outside_the_part_read_is_drawn_through_svglib():
    text = HATCHED.replace(b"</svg>", b'<rect x="2" y="2" width="10" height="10" style="fill: #0000ff; '
                                      b'fill-opacity: 0.5"/></svg>')
    with pytest.raises(vector.Unsupported, match="fill-opacity"):
        vector.pdf_operators(text)
    figure = drawings._convert(text)
    assert not isinstance(figure, drawings.VectorFigure)
    assert np.asarray(pdf_picture(text)).min() < 100  # drawn, not left blank


@pytest.mark.parametrize("svg, reason", [
    (b'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><text x="1" y="5">a</text></svg>',
     "element <text>"),
    (b'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><path d="M 0 0 A 1 1 0 0 1 5 5"/></svg>',
     "path command 'A'"),
    (b'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><g transform="skewX(3)"/></svg>',
     "transform"),
    (b'<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><defs><style>path{fill:red}</style>'
     b'</defs></svg>', "CSS selector"),
    (b"not xml", "not XML"),
])
def test_what_is_not_read_is_named(svg, reason):
    with pytest.raises(vector.Unsupported, match=reason.replace("(", r"\(").replace(")", r"\)")):
        vector.pdf_operators(svg)


def test_numbers_in_exponent_form_become_pdf_numbers():
    _, _, operators = vector.pdf_operators(
        b'<svg xmlns="http://www.w3.org/2000/svg" width="9pt" height="9pt" viewBox="0 0 9 9">'
        b'<path d="M 1e-05 2 L 3.5E+00 4 z"/></svg>')
    assert "0 2 m" in operators and "3.5 4 l" in operators and "e" not in operators.replace("re", "")


@pytest.mark.parametrize("colour", ["#a0b0c0", "#A0B0C0", "#abc", "#ABC", "#aBc"])
def test_a_colour_in_six_or_three_hex_digits_of_either_case_is_one_fill(colour):
    """SVG colours as any writer spells them (matplotlib writes #rrggbb; a hand-made
    figure may write #abc): each reads as the same PDF fill, #abc as #aabbcc."""
    full = "".join(c * (2 if len(colour) == 4 else 1) for c in colour[1:]).lower()
    expected = " ".join(f"{int(full[i:i + 2], 16) / 255:.4g}".rstrip("0").rstrip(".")
                        for i in (0, 2, 4))
    _, _, operators = vector.pdf_operators(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="9pt" height="9pt" viewBox="0 0 9 9">'
        f'<path d="M 1 1 L 5 5 z" style="fill: {colour}"/></svg>'.encode())
    assert f"{expected} rg" in operators, operators


@pytest.mark.parametrize("dashes, offset, expected", [
    ("3.7,1.6", "0", "[3.7 1.6] 0 d"), ("2 1 0.5 1", "1.5", "[2 1 0.5 1] 1.5 d"),
    ("none", "0", "[] 0 d"),
])
def test_a_stroke_s_dashes_are_the_pdf_s_dash_pattern(dashes, offset, expected):
    """A dashed stroke (matplotlib writes stroke-dasharray and stroke-dashoffset) is
    drawn with the same dashes and phase in the PDF; a solid one, solid."""
    _, _, operators = vector.pdf_operators(
        b'<svg xmlns="http://www.w3.org/2000/svg" width="9pt" height="9pt" viewBox="0 0 9 9">'
        b'<path d="M 1 1 L 8 8" style="fill: none; stroke: #000000; stroke-width: 1; '
        + f"stroke-dasharray: {dashes}; stroke-dashoffset: {offset}".encode() + b'"/></svg>')
    assert expected in operators, operators


@pytest.mark.parametrize("own, expected", [("round", "1 J"), ("square", "2 J"), (None, "0 J")])
def test_a_shape_s_own_style_wins_over_the_sheet_s_rule_for_every_element(own, expected):
    """matplotlib's SVG sets caps and joins for every element in a style sheet
    (``*{stroke-linecap: butt}``) and a shape's own where it differs: as in a browser,
    the shape's own style wins; without one, the sheet's rule holds."""
    style = "fill: none; stroke: #000000; stroke-width: 2" + (f"; stroke-linecap: {own}" if own else "")
    _, _, operators = vector.pdf_operators(
        b'<svg xmlns="http://www.w3.org/2000/svg" width="9pt" height="9pt" viewBox="0 0 9 9">'
        b'<defs><style type="text/css">*{stroke-linejoin: round; stroke-linecap: butt}</style></defs>'
        + f'<path d="M 1 1 L 8 8" style="{style}"/></svg>'.encode())
    assert expected in operators, operators
    assert "1 j" in operators  # the sheet's join, which the shape leaves alone


SPILLING = b"""<?xml version='1.0'?><svg xmlns="http://www.w3.org/2000/svg" width="40pt" height="40pt"
 viewBox="0 0 40 40"><defs>
 <pattern id="s" patternUnits="userSpaceOnUse" x="0" y="0" width="10" height="12">
 <path d="M 5 3 L 16 3 M 3 5 L 3 18" style="fill: none; stroke: #000000; stroke-width: 2"/>
 </pattern></defs>
 <rect x="0" y="0" width="40" height="40" style="fill: url(#s)"/>
</svg>"""


def test_a_pattern_tile_is_cut_at_its_edges(screen):
    """A pattern's tile shows only what falls inside it, as SVG says: its strokes
    leaving it to the right and down do not reach into the next tile (this one's
    first five points of each row and column stay blank)."""
    width, height, _ = vector.pdf_operators(SPILLING)
    pdf = pdf_picture(SPILLING)
    diff = difference(pdf, browser_picture(screen, SPILLING, width, height))
    assert diff.mean() < 4 and (diff > 60).mean() < 0.002
    pixels = np.asarray(pdf)
    for k in (1, 2):  # the second and third tiles along the row 3 points down, and down
        x, y = 10 * k, 12 * k  # the column 3 points right (the tiles are 10 by 12 points)
        row = pixels[3 * SCALE - 2:3 * SCALE + 2, (x + 1) * SCALE:(x + 2) * SCALE]
        column = pixels[(y + 1) * SCALE:(y + 2) * SCALE, 3 * SCALE - 2:3 * SCALE + 2]
        assert row.min() > 200 and column.min() > 200  # blank where the last tile's would spill
        assert pixels[3 * SCALE, (x + 7) * SCALE] < 100 and pixels[(y + 7) * SCALE, 3 * SCALE] < 100
