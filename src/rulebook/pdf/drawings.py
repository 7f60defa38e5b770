"""SVG figures as ReportLab drawings: converted once, drawn once per PDF.

Converting an SVG with svglib is the slowest step of a PDF (about 0.1 s a
panel), so each conversion is kept, by a hash of the SVG's bytes, in memory
and in the user's cache folder (:mod:`rulebook.cache`).

A PDF is laid out in several passes (the table of contents and the page count
must settle) and only the last is kept, so a figure is drawn as a reference to
a form XObject (:func:`draw_once`), and each form's drawing is made once, on
the kept pass's canvas, just before it is saved (:func:`define_forms`).  A
legend swatch used under ten figures is then one form drawn ten times.
"""

from __future__ import annotations

import io
import pickle
import re
from importlib import metadata

from ..cache import Store, digest

FORMAT = "1"  # raise when the kept drawings change
_converted: dict[str, object] = {}  # key -> Drawing, for this process


def _key(data: bytes) -> str:
    return digest(FORMAT, metadata.version("svglib"), metadata.version("reportlab"), data)


def svg_drawing(data: bytes, cache: bool = True):
    """The SVG ``data`` as a ReportLab Drawing (None if svglib cannot read it).

    The drawing is shared: don't scale or change it (``fresh_svg_drawing`` gives
    one of your own)."""
    key = _key(data)
    if key in _converted:
        return _converted[key]
    store = Store("pdf-drawings", enabled=cache)
    kept = store.get(key)
    if kept is not None:
        drawing = pickle.loads(kept)
    else:
        drawing = _convert(data)
        if drawing is None:
            return None
        store.put(key, pickle.dumps(drawing, protocol=pickle.HIGHEST_PROTOCOL))
    # its form XObject's name (Drawing checks attributes it is given; this one it need not know)
    drawing.__dict__["rulebook_form"] = f"rulebook{key[:24]}"
    _converted[key] = drawing
    return drawing


def fresh_svg_drawing(data: bytes, cache: bool = True):
    """Like :func:`svg_drawing`, but a copy the caller may scale."""
    drawing = svg_drawing(data, cache)
    if drawing is None:
        return None
    copy = pickle.loads(pickle.dumps(drawing, protocol=pickle.HIGHEST_PROTOCOL))
    copy.__dict__.pop("rulebook_form")  # scaled, it is not the form of that name
    return copy


def _convert(data: bytes):
    from svglib.svglib import svg2rlg

    from .styles import FONT

    drawing = svg2rlg(io.BytesIO(data))
    if drawing is not None:
        drawing.initialFontName = FONT  # renderPDF would start with Helvetica
    return drawing


# matplotlib draws text as glyph paths (figure_style.STYLE, "svg.fonttype": "path"), each run
# of glyphs a group scaled by (font size / 100) in the SVG's own units, which are points
_GLYPH_SCALE = re.compile(rb"scale\(([\d.]+) -\1\)")


def smallest_text(data: bytes) -> float | None:
    """The smallest font size (points, at the SVG's natural size) of the text in a
    figure's SVG ``data``, or None if it has no text."""
    sizes = [100 * float(match) for match in _GLYPH_SCALE.findall(data)]
    return min(sizes) if sizes else None


def keep_converted(data: bytes) -> None:
    """Convert the SVG ``data`` now and keep it (a build does this while it draws figures)."""
    svg_drawing(data)


def draw_once(canvas, drawing) -> None:
    """Draw ``drawing`` at the origin: by reference to its form, made at save time."""
    name = drawing.__dict__.get("rulebook_form")
    if name is None:
        drawing.drawOn(canvas, 0, 0)
        return
    canvas.__dict__.setdefault("_rulebook_forms", {}).setdefault(name, drawing)
    canvas.doForm(name)


def define_forms(canvas) -> None:
    """Make the form of every drawing :func:`draw_once` referred to on ``canvas``."""
    forms = canvas.__dict__.pop("_rulebook_forms", {})
    for name in sorted(forms):
        drawing = forms[name]
        canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        drawing.drawOn(canvas, 0, 0)
        canvas.endForm()
