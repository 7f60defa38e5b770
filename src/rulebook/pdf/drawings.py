"""SVG figures in the PDFs: converted once, drawn once per PDF.

A figure's SVG (matplotlib's) becomes PDF operators (:mod:`.vector`, a
:class:`VectorFigure`); an SVG outside the part of SVG that module reads
becomes a ReportLab drawing through svglib (ten times slower).  Either is
kept, by a hash of the SVG's bytes, in memory and in the user's cache folder
(:mod:`rulebook.cache`).

A PDF is laid out in several passes (the table of contents and the page count
must settle) and only the last is kept, so a figure is drawn as a reference to
a form XObject (:func:`draw_once`), and each form's drawing is made once, on
the kept pass's canvas, just before it is saved (:func:`define_forms`).  A
legend swatch used under ten figures is then one form drawn ten times.
"""

from __future__ import annotations

import copy
import functools
import io
import pickle
import re
from importlib import metadata
from pathlib import Path

from reportlab.platypus import Flowable

from ..cache import Store, digest
from . import vector

FORMAT = "2"  # raise when the kept drawings change
_converted: dict[str, object] = {}  # key -> VectorFigure or Drawing, for this process


class VectorFigure(Flowable):
    """An SVG figure as the PDF operators that draw it (:mod:`.vector`), shown as a
    reference to its form; :meth:`scale` scales where it is shown, not the form."""

    def __init__(self, width: float, height: float, operators: str, form: str):
        super().__init__()
        self.width, self.height = width, height
        self.operators = operators
        self.rulebook_form = form
        self.scales = (1.0, 1.0)

    def wrap(self, availWidth, availHeight):
        return self.width, self.height

    def scale(self, sx: float, sy: float) -> None:
        self.scales = (sx, sy)

    def draw(self):
        self.canv.scale(*self.scales)
        draw_once(self.canv, self)


@functools.cache
def _converters() -> str:
    """What the conversions depend on besides the SVG (asking for a package's version
    reads its metadata from the disk: once per process)."""
    return digest(FORMAT, Path(vector.__file__).read_bytes(), metadata.version("svglib"),
                  metadata.version("reportlab"))


def _key(data: bytes) -> str:
    return digest(_converters(), data)


def form_name(data: bytes) -> str:
    """The name of the form XObject the SVG ``data`` is drawn from in the PDFs
    (ReportLab lists it as ``/FormXob.<name>``)."""
    return f"rulebook{_key(data)[:24]}"


def svg_drawing(data: bytes, cache: bool = True):
    """The SVG ``data`` as a :class:`VectorFigure` (or a ReportLab Drawing; None if
    neither reader can read it).

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
    drawing.__dict__["rulebook_form"] = form_name(data)
    _converted[key] = drawing
    return drawing


def fresh_svg_drawing(data: bytes, cache: bool = True):
    """Like :func:`svg_drawing`, but a copy the caller may scale."""
    drawing = svg_drawing(data, cache)
    if drawing is None:
        return None
    if isinstance(drawing, VectorFigure):  # scaled where it is shown: the same form
        return copy.copy(drawing)
    copy_ = pickle.loads(pickle.dumps(drawing, protocol=pickle.HIGHEST_PROTOCOL))
    copy_.__dict__.pop("rulebook_form")  # scaled, it is not the form of that name
    return copy_


def _convert(data: bytes):
    try:
        width, height, operators = vector.pdf_operators(data)
        return VectorFigure(width, height, operators, form="")
    except vector.Unsupported:
        pass
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
        if isinstance(drawing, VectorFigure):
            canvas._code.append(drawing.operators)  # what canvas methods append to, in a form
        else:
            drawing.drawOn(canvas, 0, 0)
        canvas.endForm()
