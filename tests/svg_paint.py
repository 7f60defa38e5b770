"""What an SVG file paints, read from the file alone (not from the code that drew it).

Enough of SVG for what matplotlib writes: ``<path d>`` with absolute commands,
``<use>`` of a path in ``<defs>`` (glyphs, markers), ``transform`` on groups and
elements, ``style`` with ``fill`` and ``stroke`` (a group's fill is inherited).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"
HREF = "{http://www.w3.org/1999/xlink}href"
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e-?\d+)?")


@dataclass(frozen=True)
class Painted:
    """One shape as painted: its fill and stroke ('none' or '#rrggbb') and bounding box."""

    fill: str
    stroke: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in the SVG's own units

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return (x0 + x1) / 2, (y0 + y1) / 2


def _matrix(text: str | None):
    """The affine matrix (a, b, c, d, e, f) of an SVG transform attribute."""
    m = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(n) for n in NUMBER.findall(args)]
        if name == "translate":
            step = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            step = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            a = math.radians(v[0])
            step = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0, 0)
        elif name == "matrix":
            step = tuple(v)
        else:
            raise ValueError(f"transform {name!r} is not handled")
        m = _compose(m, step)
    return m


def _compose(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _style(element) -> dict[str, str]:
    style = dict(part.split(":", 1) for part in (element.get("style") or "").split(";")
                 if ":" in part)
    style = {k.strip(): v.strip().lower() for k, v in style.items()}
    for name in ("fill", "stroke"):
        if element.get(name):
            style[name] = element.get(name).lower()
    return style


def painted(svg: bytes | str) -> list[Painted]:
    """Every shape the file paints, in painting order (later ones on top)."""
    root = ET.fromstring(svg)
    defs = {e.get("id"): e for e in root.iter() if e.get("id")}
    shapes: list[Painted] = []

    def box(points, m):
        xs, ys = [], []
        for x, y in points:
            a, b, c, d, e, f = m
            xs.append(a * x + c * y + e)
            ys.append(b * x + d * y + f)
        return (min(xs), min(ys), max(xs), max(ys)) if xs else None

    def points_of(path):
        numbers = [float(n) for n in NUMBER.findall(path.get("d", ""))]
        return list(zip(numbers[::2], numbers[1::2]))

    def walk(element, m, fill, stroke):
        tag = element.tag.removeprefix(SVG)
        if tag in ("defs", "clipPath", "metadata", "style"):
            return
        m = _compose(m, _matrix(element.get("transform")))
        style = _style(element)
        fill, stroke = style.get("fill", fill), style.get("stroke", stroke)
        if tag == "path":
            found = box(points_of(element), m)
        elif tag == "use":
            target = defs[element.get(HREF).removeprefix("#")]
            at = _compose(m, (1, 0, 0, 1, float(element.get("x", 0)), float(element.get("y", 0))))
            found = box(points_of(target), _compose(at, _matrix(target.get("transform"))))
        else:
            found = None
            for child in element:
                walk(child, m, fill, stroke)
        if found:
            shapes.append(Painted(fill, stroke, found))

    walk(root, (1, 0, 0, 1, 0, 0), "#000000", "none")  # SVG's default paint
    return shapes


def colours(svg: bytes | str, paint: str = "fill") -> set[str]:
    """Every fill (or stroke) colour the file paints, but its background (the first shape)."""
    return {getattr(shape, paint) for shape in painted(svg)[1:]} - {"none"}


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def luma(colour: str) -> float:
    """Greyscale brightness 0..255 (Rec. 709 weights)."""
    r, g, b = rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG's contrast ratio of two colours (1 to 21; 4.5 for body text)."""
    from matplotlib.colors import to_rgb

    def luminance(colour):
        channels = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
                    for c in to_rgb(colour)]
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
