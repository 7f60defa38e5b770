"""The drawing modules' calls, recorded as a description of what to draw.

Each game's ``drawing.py`` draws a position by calling a few matplotlib
methods: the browser's drawing vocabulary, declared once in
:data:`VOCABULARY` (``ax.plot``, ``ax.text``, ``ax.add_patch`` of a
``Rectangle``, ``Circle``, ``Polygon``, ``Wedge`` or ``FancyArrowPatch``, and
a few more).  :class:`SceneAxes` accepts the same calls and keeps each as a
plain dict (a *scene item*: kind, points in data units, colours, widths in
points, z-order), so the same drawing code gives the books' figures through
matplotlib and the browser's board through ``play.js``, which renders the
items as SVG.  Print and play cannot drift apart: there is one drawing per
game.

In the browser, where matplotlib is absent, :func:`install` registers stand-in
modules ``matplotlib.patches``, ``matplotlib.patheffects`` and
``rulebook.figure_style`` (the palette and ``font``) so the drawing modules
import unchanged.  A name outside the vocabulary (``RegularPolygon``,
``ax.scatter``) is an error that names it and the vocabulary, in the browser
as under ``rulebook check``, which draws every panel this way
(:mod:`rulebook.verify`).  Standard library only.
"""

from __future__ import annotations

import sys
import types

from . import palette
from .errors import RulebookError

# The browser's drawing vocabulary: all a drawing module (and a legend mark's
# swatch) may use of matplotlib, since the play page draws without it.  The
# stand-in modules, SceneAxes and its artists are made from this, and the
# authoring guide lists it (tests/test_scene.py holds them to it).
VOCABULARY = {
    "matplotlib.patches": ("Rectangle", "Circle", "Polygon", "Wedge", "FancyArrowPatch"),
    "matplotlib.patheffects": ("withStroke",),
    "Axes": ("plot", "text", "add_patch", "set_xlim", "set_ylim", "set_aspect", "set_axis_off",
             "get_figure", "get_position"),
    "artist": ("set_clip_on", "set_path_effects"),  # of what plot, text and add_patch return
}


class OutsideVocabulary(RulebookError, AttributeError):
    """A drawing used something the browser's stand-ins do not have: an
    author's error, an ``AttributeError`` (``ax.scatter``, ``patch.set_alpha``)."""


class OutsideVocabularyImport(RulebookError, ImportError):
    """The same from a stand-in module (``from matplotlib.patches import
    RegularPolygon``): an ImportError, since ``from module import name`` would
    put a message of its own in place of an AttributeError's."""


def vocabulary_text(*sections: str) -> str:
    """These sections of the vocabulary (default: all) in one line."""
    return "; ".join(f"{where}: {', '.join(VOCABULARY[where])}"
                     for where in sections or VOCABULARY)


def _refuse(where: str, name: str, *sections: str, error=OutsideVocabulary):
    """What a stand-in's ``__getattr__`` answers for a name it lacks: an error
    that names it and the part of the vocabulary it could have used."""
    if name.startswith("__"):  # Python's own protocols (copy, pickle): the usual answer
        raise AttributeError(name)
    raise error(f"{where}.{name} is outside the browser's drawing vocabulary "
                f"({vocabulary_text(*sections)}; rulebook.scene.VOCABULARY)")


def _refusal(module: str, *sections: str):
    """A stand-in module's ``__getattr__``: an ImportError subclass, so that
    ``from module import name`` keeps the message."""
    return lambda name: _refuse(module, name, *sections, error=OutsideVocabularyImport)


PATCH_Z, LINE_Z, TEXT_Z = 1, 2, 3  # matplotlib's default z-orders
DEFAULT_COLOUR = "#1f77b4"  # matplotlib's C0, for a call that names no colour


class FontSpec:
    """What ``figure_style.font(size)`` stands for: a size in points."""

    def __init__(self, size: float = 10):
        self.size = size

    def get_size(self) -> float:
        return self.size


def font(size: float = 10) -> FontSpec:
    return FontSpec(size)


def _colour(value):
    if value is None or value == "none":
        return None if value is None else "none"
    if isinstance(value, (tuple, list)):  # an RGB(A) tuple
        return "#" + "".join(f"{round(255 * c):02X}" for c in value[:3])
    return value


def _dash(style, width: float):
    """A matplotlib line style as an SVG dash array in points (dashes scale with the width)."""
    if style in (None, "-", "solid"):
        return None
    named = {"--": (3.7, 1.6), "dashed": (3.7, 1.6), ":": (1, 1.65), "dotted": (1, 1.65),
             "-.": (6.4, 1.6, 1, 1.6), "dashdot": (6.4, 1.6, 1, 1.6)}
    pattern = named.get(style) if isinstance(style, str) else style[1]
    return [round(p * max(width, 1e-9), 3) for p in pattern]


def _common(kwargs, z: float) -> dict:
    width = kwargs.get("linewidth", kwargs.get("lw"))
    return {"z": kwargs.get("zorder", z), "width": width,
            "style": kwargs.get("linestyle", kwargs.get("ls")),
            "halo": [effect.__dict__ for effect in kwargs.get("path_effects", ())]}


class _Artist:
    """What the drawing calls on a line, text or patch: VOCABULARY["artist"]."""

    def __getattr__(self, name):
        _refuse(type(self).__name__.lstrip("_"), name, "artist")

    def set_clip_on(self, _on):
        pass  # the SVG clips everything to its view box


class _Patch(_Artist):
    kind = "patch"

    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def set_path_effects(self, effects):
        self.kwargs["path_effects"] = effects

    def item(self) -> dict:
        k = self.kwargs
        face = _colour(k.get("facecolor", k.get("fc", k.get("color"))))
        edge = _colour(k.get("edgecolor", k.get("ec", k.get("color"))))
        if k.get("fill", True) is False:
            face = "none"
        elif face is None:
            face = DEFAULT_COLOUR
        if edge is None:  # matplotlib draws no edge on a filled patch unless told
            edge = "none" if face != "none" else "#000000"
        common = _common(k, PATCH_Z)
        width = 1.0 if common["width"] is None else common["width"]
        return {**common, "width": width, "dash": _dash(common.pop("style"), width),
                "fill": face, "stroke": edge, "join": k.get("joinstyle", "miter"),
                **self.geometry()}


class Rectangle(_Patch):
    def __init__(self, xy, width, height, **kwargs):
        super().__init__(**kwargs)
        self.xy, self.w, self.h = xy, width, height

    def geometry(self):
        x, y = self.xy
        return {"kind": "polygon", "points": [[x, y], [x + self.w, y], [x + self.w, y + self.h],
                                              [x, y + self.h]]}


class Polygon(_Patch):
    def __init__(self, xy, closed=True, **kwargs):
        super().__init__(**kwargs)
        self.xy, self.closed = [list(map(float, p)) for p in xy], closed

    def geometry(self):
        return {"kind": "polygon" if self.closed else "polyline", "points": self.xy}


class Circle(_Patch):
    def __init__(self, xy, radius=5, **kwargs):
        super().__init__(**kwargs)
        self.xy, self.r = xy, radius

    def geometry(self):
        return {"kind": "circle", "centre": list(self.xy), "r": self.r}


class Wedge(_Patch):
    def __init__(self, center, r, theta1, theta2, **kwargs):
        super().__init__(**kwargs)
        self.args = (center, r, theta1, theta2)

    def geometry(self):
        centre, r, theta1, theta2 = self.args
        return {"kind": "wedge", "centre": list(centre), "r": r, "from": theta1, "to": theta2}


class FancyArrowPatch(_Patch):
    def __init__(self, posA=None, posB=None, **kwargs):
        super().__init__(**kwargs)
        self.ends = (posA, posB)

    def item(self):
        k = self.kwargs
        common = _common(k, PATCH_Z)
        width = 1.0 if common["width"] is None else common["width"]
        style = k.get("connectionstyle", "arc3")
        rad = float(style.split("rad=")[1]) if "rad=" in style else 0.0
        return {**common, "kind": "arc", "width": width, "dash": _dash(common.pop("style"), width),
                "stroke": _colour(k.get("color", k.get("edgecolor", "#000000"))), "rad": rad,
                "start": list(self.ends[0]), "end": list(self.ends[1]),
                "arrow": k.get("arrowstyle", "simple"), "mutation": k.get("mutation_scale", 1),
                "shrink": [k.get("shrinkA", 2), k.get("shrinkB", 2)]}


class withStroke:  # noqa: N801 (matplotlib's name)
    def __init__(self, linewidth=3, foreground="#000000", **_):
        self.linewidth, self.foreground = linewidth, _colour(foreground)


class _Line(_Artist):
    def __init__(self, item):
        self.item = item

    def set_path_effects(self, effects):
        self.item["halo"] = [effect.__dict__ for effect in effects]


class _Figure:
    def __init__(self, size):
        self.size = size

    def get_figwidth(self):
        return self.size[0]

    def get_figheight(self):
        return self.size[1]


class _Box:
    x0, y0, width, height = 0.0, 0.0, 1.0, 1.0


class SceneAxes:
    """Stands in for a matplotlib Axes and keeps what is drawn as scene items."""

    def __init__(self, size=(3.0, 3.0)):
        self.size = tuple(size)  # the panel in inches, as the books print it
        self.items: list[dict] = []
        self.xlim, self.ylim = [0.0, 1.0], [0.0, 1.0]

    def __getattr__(self, name):  # only for names the class lacks: VOCABULARY["Axes"] has them
        _refuse("ax", name, "Axes")

    def set_xlim(self, low, high=None):
        self.xlim = [float(v) for v in (low if high is None else (low, high))]

    def set_ylim(self, low, high=None):
        self.ylim = [float(v) for v in (low if high is None else (low, high))]

    def set_aspect(self, *_args, **_kwargs):
        pass

    def set_axis_off(self):
        pass

    def get_figure(self):
        return _Figure(self.size)

    def get_position(self):
        return _Box()

    def add_patch(self, patch):
        if not isinstance(patch, _Patch):
            raise TypeError(f"SceneAxes records rulebook.scene's patches, not {type(patch)}: "
                            "the drawing module was imported with matplotlib present")
        self.items.append(patch.item())
        return patch

    def plot(self, xs, ys, *args, **kwargs):
        common = _common(kwargs, LINE_Z)
        width = 1.5 if common["width"] is None else common["width"]
        marker = kwargs.get("marker")
        item = {**common, "kind": "line", "width": width, "dash": _dash(common.pop("style"), width),
                "points": [[float(x), float(y)] for x, y in zip(xs, ys)],
                "stroke": _colour(kwargs.get("color", kwargs.get("c", DEFAULT_COLOUR))),
                "cap": kwargs.get("solid_capstyle", "projecting"),
                "marker": marker, "markersize": kwargs.get("markersize", kwargs.get("ms", 6)),
                "nolines": marker is not None and "linestyle" not in kwargs and len(xs) == 1}
        self.items.append(item)
        return [_Line(item)]

    def text(self, x, y, text, **kwargs):
        props = kwargs.get("fontproperties")
        bbox = kwargs.get("bbox")
        if bbox:
            bbox = {"style": bbox.get("boxstyle", "square"),
                    "fill": _colour(bbox.get("facecolor", bbox.get("fc", "#FFFFFF"))),
                    "stroke": _colour(bbox.get("edgecolor", bbox.get("ec", "#000000"))),
                    "width": bbox.get("linewidth", bbox.get("lw", 1.0)),
                    "dash": _dash(bbox.get("linestyle", bbox.get("ls")),
                                  bbox.get("linewidth", bbox.get("lw", 1.0)))}
        item = {"kind": "text", "x": float(x), "y": float(y), "text": str(text),
                "size": props.get_size() if props else kwargs.get("fontsize", 10),
                "colour": _colour(kwargs.get("color", "#000000")),
                "ha": kwargs.get("ha", kwargs.get("horizontalalignment", "left")),
                "va": kwargs.get("va", kwargs.get("verticalalignment", "baseline")),
                "z": kwargs.get("zorder", TEXT_Z), "bbox": bbox,
                "halo": [effect.__dict__ for effect in kwargs.get("path_effects", ())]}
        self.items.append(item)
        return _Line(item)

    def scene(self) -> dict:
        """The items in drawing order (by z-order, then as drawn), with the view box."""
        order = sorted(range(len(self.items)), key=lambda i: (self.items[i]["z"], i))
        return {"xlim": self.xlim, "ylim": self.ylim, "size": list(self.size),
                "items": [self.items[i] for i in order]}


def install() -> None:
    """Let the drawing modules import where matplotlib is absent (the browser)."""
    try:
        import matplotlib  # noqa: F401
        return  # the real thing: figure_style works as it is
    except ImportError:
        pass
    patches, effects = (stand_in_module(name) for name in ("matplotlib.patches",
                                                            "matplotlib.patheffects"))
    package = types.ModuleType("matplotlib")
    package.patches, package.patheffects = patches, effects
    package.__getattr__ = _refusal("matplotlib", "matplotlib.patches", "matplotlib.patheffects")
    style = types.ModuleType("rulebook.figure_style")
    for name in dir(palette):
        if not name.startswith("_"):
            setattr(style, name, getattr(palette, name))
    style.font = font
    sys.modules.update({"matplotlib": package, "matplotlib.patches": patches,
                        "matplotlib.patheffects": effects, "rulebook.figure_style": style})


def stand_in_module(name: str) -> types.ModuleType:
    """The stand-in for the module ``name`` of :data:`VOCABULARY`: its names, and
    an :class:`OutsideVocabularyImport` error for any other."""
    module = types.ModuleType(name)
    for attribute in VOCABULARY[name]:
        setattr(module, attribute, globals()[attribute])
    module.__getattr__ = _refusal(name, name)
    return module


def panel_arguments(record, module, panel) -> tuple:
    """What ``module.draw`` is given for a record's panel: the position, and
    ``previous``, ``move`` and the view options (checked when the record loaded),
    and ``attempt`` (a move the rules refuse there, in notation) if it has one."""
    states = record.replay()
    line = record.variation(panel.after, panel.then, panel.line)
    moves = record.moves[: panel.after] + list(panel.then)
    previous = line[-2] if len(line) > 1 else (states[panel.after - 1] if panel.after else None)
    attempt = {} if panel.attempt is None else {"attempt": panel.attempt}
    return line[-1], {"previous": previous, "move": moves[-1] if moves else None,
                      **module.VIEW_OPTIONS, **panel.view, **attempt}


def draw_panel(record, module, panel, lang: str) -> tuple[dict, list]:
    """A record's panel as the browser draws it: (scene, legend marks used); a
    drawing that fails is a one-line RecordError (:mod:`rulebook.drawing_errors`)."""
    from .drawing_errors import drawing_reported

    state, arguments = panel_arguments(record, module, panel)
    with drawing_reported(record, panel, module):
        return draw_scene(module, state, lang=lang, **arguments)


def draw_scene(module, state, *, lang: str, **view) -> tuple[dict, list]:
    """A position drawn by a game's drawing module: (scene, legend marks used)."""
    ax = SceneAxes(module.PANEL_SIZE)
    legend = palette.Legend(module.MARKS)
    module.draw(ax, state, lang=lang, legend=legend, **{**module.VIEW_OPTIONS, **view})
    return ax.scene(), legend.marks()


def swatch_scene(mark) -> dict:
    """A legend mark's sample (drawn in the unit square), as a scene."""
    ax = SceneAxes((0.3, 0.3))
    mark.swatch(ax)
    return ax.scene()
