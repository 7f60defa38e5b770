"""Drawings in the PDF (rulebook.pdf.drawings): a conversion kept between builds is
reused only by the converters that made it; a drawing's form holds all of it."""

from __future__ import annotations

import pytest

from rulebook.pdf import drawings

SVG = (b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" '
       b'viewBox="0 0 20 10"><rect x="1" y="1" width="8" height="8" fill="#336699"/></svg>')


def test_a_kept_conversion_is_not_reused_by_another_svglib_or_reportlab(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(drawings, "_converted", {})  # this process's own, too
    drawings._converters.cache_clear()
    converted = []
    convert = drawings._convert
    monkeypatch.setattr(drawings, "_convert", lambda data: converted.append(data) or convert(data))
    assert drawings.svg_drawing(SVG) is not None and len(converted) == 1
    monkeypatch.setattr(drawings, "_converted", {})
    drawings.svg_drawing(SVG)
    assert len(converted) == 1  # kept on the disk: not converted again
    real = drawings.metadata.version
    monkeypatch.setattr(drawings.metadata, "version",
                        lambda name: "0.0-older" if name == "svglib" else real(name))
    drawings._converters.cache_clear()
    monkeypatch.setattr(drawings, "_converted", {})
    try:
        drawings.svg_drawing(SVG)
    finally:
        drawings._converters.cache_clear()
    assert len(converted) == 2  # another svglib: converted anew


@pytest.mark.parametrize("width, height", [(300, 40), (40, 300)])
def test_a_drawing_s_form_holds_the_whole_drawing_however_it_is_shaped(width, height):
    """A figure drawn once as a form and shown by reference: the form's box is the
    drawing's own (a wide one is not cut at its height, a tall one at its width), so a
    page shows its ink out to both far corners."""
    import io

    import pypdf
    import pypdfium2
    from reportlab.pdfgen.canvas import Canvas

    from rulebook.pdf.drawings import VectorFigure, define_forms, draw_once

    operators = f"0 0 0 rg 0 0 {width} {height} re f"  # the drawing filled black
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width + 40, height + 40))
    canvas.translate(20, 20)
    draw_once(canvas, VectorFigure(width, height, operators, "corner"))
    canvas.showPage()
    define_forms(canvas)
    canvas.save()
    page = pypdf.PdfReader(io.BytesIO(buffer.getvalue())).pages[0]
    [form] = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    assert [float(v) for v in form["/BBox"]] == [0, 0, width, height]
    image = pypdfium2.PdfDocument(buffer.getvalue())[0].render(scale=1).to_pil().convert("L")
    # PDF y grows upwards, the image's downwards: each corner of the drawing is inked
    for x, y in ((4, 4), (width - 4, 4), (4, height - 4), (width - 4, height - 4)):
        assert image.getpixel((20 + x, 20 + y)) < 128, (x, y)


def test_each_copy_of_a_drawing_is_scaled_alone_and_shown_at_its_own_size():
    """``fresh_svg_drawing`` of the same SVG twice (as a legend's swatch and a panel
    reuse one): one copy scaled to half, the other left as it is; drawn on two pages,
    the first page shows the drawing at half size and the second at its full size."""
    import io
    import re

    import pypdf
    from reportlab.pdfgen.canvas import Canvas

    from rulebook.pdf.drawings import define_forms, fresh_svg_drawing

    half, whole = fresh_svg_drawing(SVG), fresh_svg_drawing(SVG)
    half.scale(0.5, 0.5)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(100, 100), invariant=1)
    for drawing in (half, whole):
        drawing.drawOn(canvas, 10, 10)
        canvas.showPage()
    define_forms(canvas)
    canvas.save()
    scales = []
    for page in pypdf.PdfReader(io.BytesIO(buffer.getvalue())).pages:
        content = page.get_contents().get_data().decode("latin-1")
        found = re.findall(r"([\d.]+) 0 0 ([\d.]+) [-\d.]+ [-\d.]+ cm\s+/FormXob", content)
        scales.append({(float(a), float(d)) for a, d in found} - {(1.0, 1.0)})
    assert scales == [{(0.5, 0.5)}, set()], scales
