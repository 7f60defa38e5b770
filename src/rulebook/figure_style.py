"""Figure style and deterministic rendering of records into SVG diagrams.

Every diagram goes through :func:`render_svg`: the same record and language
give byte-identical SVG (fixed hash salt, no date, glyphs as paths so no viewer
font is needed).  Games draw with ``games/<game>/drawing.py``, which provides::

    PANEL_SIZE = (width, height)      # inches per panel
    VIEW_OPTIONS = {"name": default}  # the view options a record may set
    def draw(ax, state, *, lang, previous=None, move=None, **view) -> list[Artist]

Colours are the Okabe-Ito palette (safe for colour-blind readers).
"""

from __future__ import annotations

import importlib
import io
import warnings
from functools import lru_cache

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


def _view_for(record, module, panel) -> dict:
    unknown = set(panel.view) - set(module.VIEW_OPTIONS)
    if unknown:
        offered = ", ".join(sorted(module.VIEW_OPTIONS)) or "none"
        raise RecordError(record.path, None, f"unknown view option {sorted(unknown)[0]!r} "
                                             f"for {record.game.slug} (view options: {offered})")
    return {**module.VIEW_OPTIONS, **panel.view}


def render_svg(record, lang: str) -> bytes:
    """The record's figure in one language, as SVG bytes."""
    module = drawing_module(record.game.slug)
    states = record.replay()
    panels = record.panels
    if not panels:
        raise RecordError(record.path, None, "the record has no [figure] to draw")
    columns = max(1, min(record.columns, len(panels)))
    rows = -(-len(panels) // columns)
    width, height = record.panel_size or module.PANEL_SIZE
    has_labels = any(p.label for p in panels)
    label_room = 0.45 if has_labels else 0.0
    with plt.rc_context(STYLE), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure = plt.figure(figsize=(width * columns, (height + label_room) * rows))
        for index, panel in enumerate(panels):
            row, column = divmod(index, columns)
            left = column / columns
            bottom = 1 - (row + 1) / rows
            cell_h = 1 / rows
            label_h = label_room / ((height + label_room) * rows)
            ax = figure.add_axes((left, bottom + label_h, 1 / columns, cell_h - label_h))
            ax.set_axis_off()
            ax.set_aspect("equal")
            line = record.variation(panel.after, panel.then, None)
            moves = record.moves[: panel.after] + list(panel.then)
            state = line[-1]
            previous = line[-2] if len(line) > 1 else (states[panel.after - 1] if panel.after else None)
            move = moves[-1] if moves else None
            module.draw(ax, state, lang=lang, previous=previous, move=move,
                        **_view_for(record, module, panel))
            if panel.label:
                if lang not in panel.label:
                    raise RecordError(record.path, None,
                                      f"panel {index + 1}: label has no {lang!r} text")
                figure.text(left + 0.5 / columns, bottom + label_h * 0.45, panel.label[lang],
                            ha="center", va="center", fontproperties=font(10), color=INK)
        out = io.BytesIO()
        figure.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
        plt.close(figure)
    missing = [str(w.message) for w in caught if "missing from font" in str(w.message)]
    if missing:  # the glyph would be drawn as an empty box
        raise RecordError(record.path, None, f"figure ({lang}): {missing[0]}")
    return out.getvalue()
