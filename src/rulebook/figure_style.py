"""Figure style and deterministic rendering of records into SVG diagrams.

Every diagram goes through :func:`render_panels`: the same record and language
give byte-identical SVG (fixed hash salt, no date, glyphs as paths so no viewer
font is needed).  Games draw with ``games/<game>/drawing.py``, which provides::

    PANEL_SIZE = (width, height)      # inches per panel
    VIEW_OPTIONS = {"name": default}  # defaults of the view options (declared in views.py)
    MARKS = (Mark(...), ...)          # every kind of mark it can draw, in legend order
    def draw(ax, state, *, lang, legend, previous=None, move=None, **view) -> list[Artist]

``draw`` calls ``legend.use(key)`` for each kind of mark it actually draws, so
the legend under a figure lists exactly the marks its panels show, in the
game's own words in both languages.  On the web each panel is its own image
(:func:`render_panels`), so a row of panels reflows on a narrow screen.

Colours are the Okabe-Ito palette (safe for colour-blind readers).
"""

from __future__ import annotations

import importlib
import io
import warnings
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Mapping, Sequence

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.font_manager import FontProperties, fontManager  # noqa: E402

from .errors import RecordError  # noqa: E402

# Okabe-Ito colours; games pick player colours from here.
BLUE = "#0072B2"
VERMILION = "#D55E00"
ORANGE = "#E69F00"
SKY = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
PURPLE = "#CC79A7"
INK = "#222222"
GREY = "#888888"
LIGHT = "#DDDDDD"
PAPER = "#FFFFFF"


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` with ``share`` (0..1) of ``other`` mixed in, as a hex colour."""
    a, b = ([int(c[i:i + 2], 16) for i in (1, 3, 5)] for c in (colour, other))
    return "#" + "".join(f"{round((1 - share) * x + share * y):02X}" for x, y in zip(a, b))


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white (amount 1 = the colour itself).

    Use this instead of alpha: svglib, which puts the figures into the PDFs,
    ignores SVG opacity, so a translucent fill would come out solid.
    """
    return mix(colour, PAPER, 1 - amount)


@lru_cache(maxsize=1)
def font_path() -> str:
    """IPAexGothic from matplotlib-fontja: one TrueType font with Latin and Japanese."""
    import matplotlib_fontja

    path = matplotlib_fontja.get_font_ttf_path()
    fontManager.addfont(path)
    return path


def font(size: float = 10) -> FontProperties:
    return FontProperties(fname=font_path(), size=size)


@dataclass(frozen=True)
class Mark:
    """One kind of mark a drawing makes, named in both languages for the legend.

    ``swatch(ax)`` draws a sample of the mark inside the unit square
    (0..1 on both axes), as it looks on the board.
    """

    key: str
    names: Mapping[str, str]  # {"en": ..., "ja": ...}
    swatch: Callable


class Legend:
    """The marks a figure's drawing used, in the order the game lists them."""

    def __init__(self, marks: Sequence[Mark] = ()):
        self._marks = {mark.key: mark for mark in marks}  # in the game's order
        self._used: set[str] = set()

    def use(self, key: str) -> None:
        if key not in self._marks:
            raise KeyError(f"legend mark {key!r} is not in the drawing module's MARKS")
        self._used.add(key)

    def marks(self) -> list[Mark]:
        return [mark for key, mark in self._marks.items() if key in self._used]


STYLE = {
    "svg.hashsalt": "rulebook",
    "svg.fonttype": "path",
    "svg.id": None,
    "path.simplify": False,
    "font.size": 10,
    "axes.unicode_minus": False,
}


def drawing_module(slug: str):
    from .games import GAME_MODULES

    return importlib.import_module(f"rulebook.games.{GAME_MODULES[slug]}.drawing")


def _draw_panel(ax, record, module, panel, lang: str, legend: Legend) -> None:
    """Draw one panel of ``record`` into ``ax``."""
    states = record.replay()
    line = record.variation(panel.after, panel.then, panel.line)
    moves = record.moves[: panel.after] + list(panel.then)
    state = line[-1]
    previous = line[-2] if len(line) > 1 else (states[panel.after - 1] if panel.after else None)
    move = moves[-1] if moves else None
    view = {**module.VIEW_OPTIONS, **panel.view}  # checked when the record was loaded
    module.draw(ax, state, lang=lang, legend=legend, previous=previous, move=move, **view)


def _panel_label(record, index: int, panel, lang: str) -> str | None:
    if not panel.label:
        return None
    if lang not in panel.label:
        raise RecordError(record.path, None, f"panel {index + 1}: label has no {lang!r} text")
    return panel.label[lang]


def _save(figure) -> bytes:
    out = io.BytesIO()
    figure.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(figure)
    return out.getvalue()


def _check_glyphs(record, lang: str, caught) -> None:
    missing = [str(w.message) for w in caught if "missing from font" in str(w.message)]
    if missing:  # the glyph would be drawn as an empty box
        raise RecordError(record.path, None, f"figure ({lang}): {missing[0]}")


def render_panels(record, lang: str) -> tuple[list[bytes], list[Mark]]:
    """Each panel of the record's figure as its own SVG, and the marks they used."""
    module = drawing_module(record.game.slug)
    record.replay()
    if not record.panels:
        raise RecordError(record.path, None, "the record has no [figure] to draw")
    width, height = record.panel_size or module.PANEL_SIZE
    legend = Legend(module.MARKS)
    has_labels = any(p.label for p in record.panels)
    label_room = 0.45 if has_labels else 0.0
    images = []
    with plt.rc_context(STYLE), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for index, panel in enumerate(record.panels):
            figure = plt.figure(figsize=(width, height + label_room))
            label_h = label_room / (height + label_room)
            ax = figure.add_axes((0, label_h, 1, 1 - label_h))
            ax.set_axis_off()
            ax.set_aspect("equal")
            _draw_panel(ax, record, module, panel, lang, legend)
            label = _panel_label(record, index, panel, lang)
            if label:
                figure.text(0.5, label_h * 0.45, label, ha="center", va="center",
                            fontproperties=font(10), color=INK)
            images.append(_save(figure))
    _check_glyphs(record, lang, caught)
    return images, legend.marks()


def render_swatch(mark: Mark, size: float = 0.3) -> bytes:
    """A legend sample of ``mark``: a small square SVG."""
    with plt.rc_context(STYLE):
        figure = plt.figure(figsize=(size, size))
        ax = figure.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_aspect("equal")
        mark.swatch(ax)
        return _save(figure)
