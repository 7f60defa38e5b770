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

Colours and marks: :mod:`rulebook.palette`.
"""

from __future__ import annotations

import importlib
import io
import warnings
import xml.etree.ElementTree as ET
from contextlib import contextmanager
from functools import lru_cache

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.font_manager import FontProperties, fontManager  # noqa: E402

from .drawing_errors import drawing_reported  # noqa: E402
from .errors import RecordError  # noqa: E402
# the colours and the legend's marks live in palette.py (no matplotlib: the browser draws with them too)
from .palette import (BLUE, GREEN, GREY, INK, LIGHT, ORANGE, PAPER, PURPLE, SKY,  # noqa: E402,F401
                      VERMILION, YELLOW, Legend, Mark, mix, tint)
from .scene import panel_arguments  # noqa: E402


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


def _draw_panel(ax, record, module, panel, lang: str, legend: Legend) -> None:
    """Draw one panel of ``record`` into ``ax`` (as the browser does: scene.draw_panel);
    a drawing that fails is one line naming the record, the panel and the code."""
    state, arguments = panel_arguments(record, module, panel)
    with drawing_reported(record, panel, module):
        module.draw(ax, state, lang=lang, legend=legend, **arguments)


@contextmanager
def _limits_once(ax):
    """matplotlib grows an axes' data limits with every line and patch added (a sixth
    of drawing a panel), for autoscaling; the drawing modules set their limits, so
    the limits are worked out once, at the end, and only if a drawing set none."""
    ax._update_line_limits = ax._update_patch_limits = lambda artist: None
    try:
        yield
    finally:
        del ax._update_line_limits, ax._update_patch_limits
    if ax.get_autoscalex_on() or ax.get_autoscaley_on():
        ax.relim()
        ax.autoscale_view()


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
    return shared_clips(out.getvalue())


SVG_NS, XLINK_NS = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)
_CLIP = "clip-path"
_NOT_DRAWN = {f"{{{SVG_NS}}}{tag}" for tag in ("g", "defs", "clipPath", "style", "metadata")}


def _sole_clip(element) -> str | None:
    """The clip every shape drawn in ``element`` has, if they all have the same one
    (and no group inside clips them on its own); shapes kept in ``<defs>`` are not drawn."""
    in_defs = {id(node) for defs in element.iter(f"{{{SVG_NS}}}defs") for node in defs.iter()}
    clips = set()
    for node in element.iter():
        if id(node) in in_defs or not isinstance(node.tag, str):  # not drawn, or a comment
            continue
        if node.tag in _NOT_DRAWN:
            if node.get(_CLIP) is not None:
                return None
            continue
        clips.add(node.get(_CLIP))
    return clips.pop() if len(clips) == 1 else None


def _flatten_plain_groups(root) -> None:
    """matplotlib wraps each artist in a group that only names it (``<g id=...>``);
    one around a single shape is replaced by that shape, which takes its name."""
    group = f"{{{SVG_NS}}}g"
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag != group or set(child.attrib) - {"id"}:
                continue
            shapes = [node for node in child if isinstance(node.tag, str)]
            if len(shapes) != 1 or "id" in shapes[0].attrib:
                continue
            at = list(parent).index(child)
            parent.remove(child)
            for offset, node in enumerate(child):  # the shape, and the comments beside it
                parent.insert(at + offset, node)
            if "id" in child.attrib:
                shapes[0].set("id", child.get("id"))


def shared_clips(svg: bytes) -> bytes:
    """matplotlib clips each artist of an axes on its own (a ``clip-path`` on every
    shape), each in a group of its own; the groups that only name one shape give
    way to it, and the consecutive artists that share a clip are clipped once, as
    one group.  The same picture, drawn the same way by a browser, but svglib
    converts it (for the PDFs) in a fraction of the time (each level of groups is
    a level it looks up every inherited attribute through) and the PDFs clip once
    per group."""
    # matplotlib's comments say which text each glyph group spells: kept
    root = ET.fromstring(svg, ET.XMLParser(target=ET.TreeBuilder(insert_comments=True)))
    _flatten_plain_groups(root)
    for axes in root.iter(f"{{{SVG_NS}}}g"):
        if not (axes.get("id") or "").startswith("axes_"):
            continue
        children, runs = list(axes), []
        for child in children:
            clip = _sole_clip(child)
            if clip is not None and runs and runs[-1][0] == clip:
                runs[-1][1].append(child)
            else:
                runs.append((clip, [child]))
        for clip, members in runs:
            if clip is None:
                continue
            group = ET.Element(f"{{{SVG_NS}}}g", {_CLIP: clip})
            axes.insert(list(axes).index(members[0]), group)
            for member in members:
                axes.remove(member)
                for node in member.iter():
                    node.attrib.pop(_CLIP, None)
                group.append(member)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _check_glyphs(record, lang: str, caught) -> None:
    missing = [str(w.message) for w in caught if "missing from font" in str(w.message)]
    if missing:  # the glyph would be drawn as an empty box
        raise RecordError(record.path, None, f"figure ({lang}): {missing[0]}")


def render_panels(record, lang: str) -> tuple[list[bytes], list[Mark]]:
    """Each panel of the record's figure as its own SVG, and the marks they used."""
    record.replay()
    if not record.panels:
        raise RecordError(record.path, None, "the record has no [figure] to draw")
    with drawing_reported(record, record.panels[0]):  # a drawing module that cannot be imported
        module = drawing_module(record.game.slug)
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
            with _limits_once(ax):
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
