"""The figures' SVG as PDF drawing operators, without svglib.

Matplotlib writes a small part of SVG: paths (``M L Q C z``), rectangles,
groups, ``use`` of glyphs and markers defined once, clip paths, a hatch
pattern, inline styles and one universal CSS rule (``*{stroke-linejoin: …}``).
:func:`pdf_operators` turns exactly that part into the operators of a PDF
content stream, in the SVG's own coordinates (the caller flips and places
them), ten times faster than svglib builds a ReportLab drawing which is then
rendered again.  Anything outside that part (text elements, images,
gradients, opacity, other CSS) raises :class:`Unsupported`, and the caller
falls back on svglib, so a figure is never drawn wrongly, only more slowly.

The SVG's painting model is kept: properties are inherited from the parent
(a ``use`` is the parent of what it shows), the universal rule applies to
every element unless its own style says otherwise, a fill is painted before
the stroke, a pattern fill is its tile repeated over the shape (clipped to
it), and a clip path is in the user space of the element it clips.
"""

from __future__ import annotations

import functools
import math
import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"[A-Za-z]|{NUMBER}")
_TRANSFORM = re.compile(r"\s*(\w+)\s*\(([^)]*)\)\s*,?")
_URL = re.compile(r"url\(#([^)]+)\)")

# painted or structural elements, and what is only ever referred to
PAINTED = {"path", "rect", "g", "use", "svg"}
SKIPPED = {"defs", "clipPath", "pattern", "metadata", "title", "desc", "style"}
# attributes that change nothing drawn
QUIET = {"id", "version", "viewBox", "width", "height", "x", "y", "d", "transform", "style",
         "clip-path", XLINK_HREF, "href", "patternUnits", "type"}
INHERITED = {"fill", "stroke", "stroke-width", "stroke-linejoin", "stroke-linecap",
             "stroke-dasharray", "stroke-dashoffset", "stroke-miterlimit"}
JOINS = {"miter": "0", "round": "1", "bevel": "2"}
CAPS = {"butt": "0", "round": "1", "square": "2"}
NAMED = {"black": "#000000", "white": "#ffffff"}
DEFAULTS = {"fill": "#000000", "stroke": "none", "stroke-width": "1", "stroke-linejoin": "miter",
            "stroke-linecap": "butt", "stroke-dasharray": "none", "stroke-dashoffset": "0",
            "stroke-miterlimit": "4"}


class Unsupported(ValueError):
    """The SVG uses something outside matplotlib's part of SVG."""


def number(value: float, places: int = 4) -> str:
    """A PDF number: fixed point, no trailing zeros."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _pdf_number(token: str) -> str:
    return number(float(token)) if "e" in token or "E" in token else token


def _colour(value: str) -> tuple[str, str, str]:
    value = NAMED.get(value, value)
    if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        channels = [int(value[i:i + 2], 16) for i in (1, 3, 5)]
    elif re.fullmatch(r"#[0-9a-fA-F]{3}", value):
        channels = [int(c * 2, 16) for c in value[1:]]
    else:
        raise Unsupported(f"colour {value!r}")
    return tuple(number(c / 255) for c in channels)


def _style(text: str) -> dict[str, str]:
    style = {}
    for declaration in text.split(";"):
        if declaration.strip():
            name, _, value = declaration.partition(":")
            name, value = name.strip(), value.strip()
            if name in ("opacity", "fill-opacity", "stroke-opacity") and float(value) == 1:
                continue
            if name not in INHERITED:
                raise Unsupported(f"style property {name!r}")
            style[name] = value
    return style


def _matrix(text: str) -> list[float]:
    """The transform attribute as one matrix (a b c d e f)."""
    total = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    end = 0
    for match in _TRANSFORM.finditer(text):
        if match.start() != end:
            raise Unsupported(f"transform {text!r}")
        end = match.end()
        name, values = match.group(1), [float(v) for v in re.findall(NUMBER, match.group(2))]
        if name == "translate":
            step = [1, 0, 0, 1, values[0], values[1] if len(values) > 1 else 0]
        elif name == "scale":
            step = [values[0], 0, 0, values[1] if len(values) > 1 else values[0], 0, 0]
        elif name == "matrix" and len(values) == 6:
            step = values
        elif name == "rotate" and len(values) in (1, 3):  # about the origin, or (cx, cy)
            cos, sin = math.cos(math.radians(values[0])), math.sin(math.radians(values[0]))
            cx, cy = values[1:] or (0.0, 0.0)
            step = [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy]
        else:
            raise Unsupported(f"transform {match.group(0)!r}")
        a, b, c, d, e, f = total
        a2, b2, c2, d2, e2, f2 = step
        total = [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
                 a * e2 + c * f2 + e, b * e2 + d * f2 + f]
    if text[end:].strip():
        raise Unsupported(f"transform {text!r}")
    return total


@functools.lru_cache(maxsize=4096)  # a glyph or a marker is used many times
def _path(d: str) -> str:
    """The path data as PDF path construction (quadratic curves made cubic)."""
    out = []
    tokens = _TOKEN.findall(d)
    x = y = start_x = start_y = 0.0
    i, command = 0, None
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "zZ":
                out.append("h")
                x, y = start_x, start_y
                continue
        if command == "M" or command == "L":
            tx, ty = tokens[i:i + 2]
            out.append(f"{_pdf_number(tx)} {_pdf_number(ty)} {'m' if command == 'M' else 'l'}")
            x, y = float(tx), float(ty)
            if command == "M":
                start_x, start_y = x, y
                command = "L"  # further pairs are lines
            i += 2
        elif command == "C":
            values = tokens[i:i + 6]
            out.append(" ".join(map(_pdf_number, values)) + " c")
            x, y = float(values[4]), float(values[5])
            i += 6
        elif command == "Q":
            qx, qy, ex, ey = map(float, tokens[i:i + 4])
            out.append(" ".join(number(v) for v in (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                                                    ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey),
                                                    ex, ey)) + " c")
            x, y = ex, ey
            i += 4
        else:
            raise Unsupported(f"path command {command!r}")
    return "\n".join(out)


def _rect(element) -> str:
    if element.get("rx") or element.get("ry"):
        raise Unsupported("rounded rectangle")
    values = [float(element.get(name, 0)) for name in ("x", "y", "width", "height")]
    return " ".join(map(number, values)) + " re"


def _size(value: str) -> float:
    match = re.fullmatch(rf"({NUMBER})(pt|px)?", value.strip())
    if not match:
        raise Unsupported(f"size {value!r}")
    return float(match.group(1)) * (0.75 if match.group(2) == "px" else 1)


class _Writer:
    def __init__(self, root):
        self.ids = {element.get("id"): element for element in root.iter() if element.get("id")}
        self.universal: dict[str, str] = {}
        for sheet in root.iter(f"{SVG}style"):
            for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", sheet.text or ""):
                if selector.strip() != "*":
                    raise Unsupported(f"CSS selector {selector.strip()!r}")
                self.universal.update(_style(body))
        self.out: list[str] = []
        self.shown: list[dict[str, str]] = [{}]  # the state PDF holds, per q level

    # -- the graphics state: set only what differs from what PDF holds --------------------
    def save(self):
        self.out.append("q")
        self.shown.append(dict(self.shown[-1]))

    def restore(self):
        self.out.append("Q")
        self.shown.pop()

    def set(self, operator: str, operands: str):
        if self.shown[-1].get(operator) != operands:
            self.out.append(f"{operands} {operator}")
            self.shown[-1][operator] = operands

    # -- elements -------------------------------------------------------------------------
    def style_of(self, element, inherited: dict[str, str]) -> dict[str, str]:
        for name in element.attrib:
            if name not in QUIET and name not in INHERITED and name not in ("rx", "ry"):
                raise Unsupported(f"attribute {name!r} on <{element.tag.removeprefix(SVG)}>")
        style = dict(inherited)  # then presentation attributes, the CSS rule, the inline style
        style.update({name: element.get(name) for name in INHERITED if element.get(name)})
        style.update(self.universal)
        style.update(_style(element.get("style", "")))
        return style

    def element(self, element, inherited: dict[str, str]):
        tag = element.tag.removeprefix(SVG)
        if tag in SKIPPED:
            return
        if tag not in PAINTED:
            raise Unsupported(f"element <{tag}>")
        style = self.style_of(element, inherited)
        transform = element.get("transform")
        clip = element.get("clip-path")
        use_offset = tag == "use" and (element.get("x") or element.get("y"))
        local = bool(transform or clip or use_offset)
        if local:
            self.save()
            if transform:
                self.out.append(" ".join(number(v, 6) for v in _matrix(transform)) + " cm")
            if use_offset:
                self.out.append(f"1 0 0 1 {number(float(element.get('x', 0)))} "
                                f"{number(float(element.get('y', 0)))} cm")
            if clip:
                self.clip(clip)
        if tag in ("g", "svg"):
            for child in element:
                self.element(child, style)
        elif tag == "use":
            target = self.reference(element.get(XLINK_HREF) or element.get("href") or "")
            self.element(target, style)
        else:
            self.paint(_path(element.get("d", "")) if tag == "path" else _rect(element), style)
        if local:
            self.restore()

    def reference(self, link: str):
        if not link.startswith("#") or link[1:] not in self.ids:
            raise Unsupported(f"reference {link!r}")
        return self.ids[link[1:]]

    def clip(self, value: str):
        match = _URL.fullmatch(value.strip())
        clip = self.ids.get(match.group(1)) if match else None
        if clip is None or clip.tag != f"{SVG}clipPath" or clip.get("clipPathUnits", "userSpaceOnUse") != "userSpaceOnUse":
            raise Unsupported(f"clip-path {value!r}")
        shapes = list(clip)
        if len(shapes) != 1 or shapes[0].get("clip-path"):
            raise Unsupported("a clip path of several shapes")
        shape = shapes[0]
        tag = shape.tag.removeprefix(SVG)
        if tag not in ("rect", "path"):
            raise Unsupported(f"clip shape <{tag}>")
        geometry = _path(shape.get("d", "")) if tag == "path" else _rect(shape)
        if shape.get("transform"):  # a transformed clip shape: its own q level cannot hold the clip
            raise Unsupported("a transformed clip shape")
        self.out.append(f"{geometry}\nW n")

    def paint(self, geometry: str, style: dict[str, str]):
        fill, stroke = style["fill"], style["stroke"]
        pattern = _URL.fullmatch(fill)
        if pattern:
            self.pattern_fill(geometry, self.reference("#" + pattern.group(1)), style)
            fill = "none"
        stroke_width = float(style["stroke-width"])
        stroked = stroke != "none" and stroke_width > 0
        if fill != "none":
            self.set("rg", " ".join(_colour(fill)))
        if stroked:
            self.set("RG", " ".join(_colour(stroke)))
            self.set("w", number(stroke_width))
            self.set("j", JOINS[style["stroke-linejoin"]])
            self.set("J", CAPS[style["stroke-linecap"]])
            self.set("M", number(float(style["stroke-miterlimit"])))
            dashes = style["stroke-dasharray"]
            dash = "[] 0" if dashes == "none" else (
                "[" + " ".join(number(float(v)) for v in re.findall(NUMBER, dashes)) + "] "
                + number(float(style["stroke-dashoffset"])))
            self.set("d", dash)
        operator = {(True, True): "B", (True, False): "f", (False, True): "S"}.get((fill != "none", stroked))
        if operator:
            self.out.append(f"{geometry}\n{operator}")

    def pattern_fill(self, geometry: str, pattern, style: dict[str, str]):
        """The pattern's tile repeated over the shape's box (the shape clips it)."""
        if pattern.tag != f"{SVG}pattern" or pattern.get("patternUnits") != "userSpaceOnUse" or \
                pattern.get("patternTransform") or pattern.get("viewBox"):
            raise Unsupported("a pattern fill other than matplotlib's hatch")
        x0, y0 = float(pattern.get("x", 0)), float(pattern.get("y", 0))
        width, height = float(pattern.get("width")), float(pattern.get("height"))
        points = [float(v) for v in re.findall(NUMBER, geometry)]  # the box of every number pair
        xs, ys = points[0::2], points[1::2]
        if "re" in geometry.split():  # x y width height
            xs, ys = [points[0], points[0] + points[2]], [points[1], points[1] + points[3]]
        self.save()
        self.out.append(f"{geometry}\nW n")
        for column in range(math.floor((min(xs) - x0) / width), math.ceil((max(xs) - x0) / width)):
            for row in range(math.floor((min(ys) - y0) / height), math.ceil((max(ys) - y0) / height)):
                self.save()
                self.out.append(f"1 0 0 1 {number(x0 + column * width)} {number(y0 + row * height)} cm")
                self.out.append(f"0 0 {number(width)} {number(height)} re\nW n")
                for child in pattern:
                    self.element(child, dict(DEFAULTS))
                self.restore()
        self.restore()


def pdf_operators(data: bytes) -> tuple[float, float, str]:
    """(width, height in points, the PDF operators that draw the SVG ``data`` in a box of
    that size with its origin at the bottom left).  Raises :class:`Unsupported`."""
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        raise Unsupported(f"not XML: {error}") from None
    if root.tag != f"{SVG}svg":
        raise Unsupported("not an SVG")
    width, height = _size(root.get("width", "0")), _size(root.get("height", "0"))
    view = [float(v) for v in re.findall(NUMBER, root.get("viewBox", ""))] or [0, 0, width, height]
    if len(view) != 4 or not width or not height or not view[2] or not view[3]:
        raise Unsupported("no size")
    writer = _Writer(root)
    sx, sy = width / view[2], height / view[3]
    writer.out.append(f"{number(sx, 6)} 0 0 {number(-sy, 6)} {number(-view[0] * sx, 6)} "
                      f"{number(height + view[1] * sy, 6)} cm")
    writer.set("M", "4")  # SVG's miter limit (PDF's is 10)
    writer.element(root, dict(DEFAULTS))
    return width, height, "\n".join(writer.out)
