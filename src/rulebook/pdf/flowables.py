"""Flowables of our own: a figure's row of panels, a scaled swatch, anchors; keeping
headings with what follows them."""

from __future__ import annotations

import copy

from reportlab.platypus import Flowable, Indenter, KeepInFrame, KeepTogether, Spacer

from .drawings import draw_once

PANEL_GAP = 8  # points between panels (and between rows of panels)
# A figure that neither floats nor splits may shrink to this share of its size to fit a page
# that would otherwise be left nearly half empty.
MIN_SHRINK = 0.85
EMPTY_ENOUGH = 0.4  # of the frame's height left empty: a page that a figure splits or shrinks to fill


class PanelRow(Flowable):
    """A figure's panels side by side, one common scale, centred.

    At most ``columns`` panels a row (the record's ``columns``).  The panels keep
    their natural size if they fit the frame; otherwise they shrink together to
    fit it in one row, and wrap into more rows (the fewest that keep each panel
    at least ``min_width`` wide and their smallest text, ``text`` points at
    natural size, at least ``min_text`` points) only when one row would make
    them smaller than that.  Height is capped at ``max_height``.
    """

    def __init__(self, panels: list, *, min_width: float, max_height: float,
                 columns: int | None = None, text: float | None = None, min_text: float = 0):
        super().__init__()
        self.panels = panels
        self.sizes = [panel.wrap(1e6, 1e6) for panel in panels]  # natural sizes
        self.min_width = min_width
        self.max_height = max_height
        self.columns = columns or len(panels)
        self.min_scale = min_text / text if text else 0.0
        self.rows: list[list[int]] = [list(range(len(panels)))]
        self.scale = 1.0
        self.fixed = False  # a part of a split row of panels: its rows and scale are its own

    def split(self, availWidth, availHeight, keep: int = 0):
        """The rows that fit in ``availHeight`` and the rest, each at the same scale, the rest
        at least ``keep`` rows; nothing if not even one row fits (or there is one row)."""
        self.wrap(availWidth, availHeight)
        heights = [max(self.sizes[i][1] for i in row) * self.scale for row in self.rows]
        used, count = 0.0, 0
        for height in heights[:len(heights) - keep]:
            if used + height > availHeight + 1e-6:
                break
            used += height + PANEL_GAP
            count += 1
        if not 0 < count < len(self.rows):
            return []
        return [self._part(self.rows[:count]), self._part(self.rows[count:])]

    def shrunk(self, factor: float) -> "PanelRow":
        """The same rows at ``factor`` times the scale (call after ``wrap``)."""
        part = self._part(self.rows)
        part.scale = self.scale * factor
        return part

    def _part(self, rows):
        part = PanelRow.__new__(PanelRow)
        Flowable.__init__(part)
        part.panels, part.sizes = self.panels, self.sizes
        part.min_width, part.max_height = self.min_width, self.max_height
        part.rows, part.scale, part.fixed = rows, self.scale, True
        part.min_scale = self.min_scale
        return part

    def _layout(self, width: float, columns: int) -> tuple[list[list[int]], float]:
        rows = [list(range(start, min(start + columns, len(self.panels))))
                for start in range(0, len(self.panels), columns)]
        scale = min(1.0, *((width - PANEL_GAP * (len(row) - 1)) / sum(self.sizes[i][0] for i in row)
                           for row in rows))
        height = sum(max(self.sizes[i][1] for i in row) for row in rows)
        scale = min(scale, (self.max_height - PANEL_GAP * (len(rows) - 1)) / height)
        return rows, scale

    def wrap(self, availWidth, availHeight):
        if self.fixed:
            self.width = availWidth
            self.height = self._row_heights_total()
            return self.width, self.height
        narrowest = min(w for w, _ in self.sizes)
        count = len(self.panels)
        # one row, two rows, ...: as many panels in each row as the number of rows allows
        columns = sorted({-(-count // rows) for rows in range(1, count + 1)
                          if -(-count // rows) <= self.columns}, reverse=True)
        layouts = [self._layout(availWidth, n) for n in columns]
        fitting = [layout for layout in layouts if layout[1] >= self.min_scale
                   and (narrowest * layout[1] >= self.min_width or layout[1] >= 1.0)]
        self.rows, self.scale = fitting[0] if fitting else max(layouts, key=lambda layout: layout[1])
        self.width = availWidth
        self.height = self._row_heights_total()
        return self.width, self.height

    def _row_heights_total(self) -> float:
        return (sum(max(self.sizes[i][1] for i in row) for row in self.rows) * self.scale
                + PANEL_GAP * (len(self.rows) - 1))

    def draw(self):
        canvas = self.canv
        top = self.height
        for row in self.rows:
            row_width = sum(self.sizes[i][0] for i in row) * self.scale + PANEL_GAP * (len(row) - 1)
            row_height = max(self.sizes[i][1] for i in row) * self.scale
            x = (self.width - row_width) / 2
            for i in row:
                w, h = self.sizes[i]
                canvas.saveState()
                canvas.translate(x, top - row_height + (row_height - h * self.scale) / 2)
                canvas.scale(self.scale, self.scale)
                draw_once(canvas, self.panels[i])
                canvas.restoreState()
                x += w * self.scale + PANEL_GAP
            top -= row_height + PANEL_GAP


class Scaled(Flowable):
    """Another flowable drawn at ``scale`` times its natural size (a legend swatch)."""

    def __init__(self, inner, scale: float):
        super().__init__()
        self.inner = inner
        self.scale = scale
        width, height = inner.wrap(1e6, 1e6)
        self.width, self.height = width * scale, height * scale

    def wrap(self, availWidth, availHeight):
        return self.width, self.height

    def draw(self):
        self.canv.scale(self.scale, self.scale)
        draw_once(self.canv, self.inner)


class Anchor(Flowable):
    """Link destinations with nothing to show (ids left at the end of the document)."""

    def __init__(self, names: list[str]):
        super().__init__()
        self.names = list(names)
        self.width = self.height = 0

    def wrap(self, availWidth, availHeight):
        return 0, 0

    def draw(self):
        for name in self.names:
            self.canv.bookmarkHorizontal(name, 0, 0)


# The styles of headings that open a section: a figure floats no further than them.
SECTION_STYLES = {"title", "h1"}
# Flowables that take no room of their own: a heading keeps them and what follows them.
_GLUE = (Indenter, Anchor, Spacer)


def keep_with_next(flowables: list, *, max_height: float | None) -> list:
    """Each run of keep-with-next flowables (headings) in one KeepTogether with what follows.

    ReportLab's own keepWithNext gives up when a heading is followed by a figure (a
    KeepTogether), an Indenter or a Spacer, and leaves the heading at the foot of a page.
    Here a heading joins the figure's KeepTogether; otherwise, when the group does not fit,
    it moves to the next page only if less than ``max_height`` is left on this one (so a
    heading followed by a long list or table starts it on the same page when there is room).
    """
    result, i, count = [], 0, len(flowables)
    while i < count:
        flowable = flowables[i]
        if not flowable.getKeepWithNext():
            result.append(flowable)
            i += 1
            continue
        group = []
        while i < count and (flowables[i].getKeepWithNext() or isinstance(flowables[i], _GLUE)):
            group.append(flowables[i])
            i += 1
        limit = max_height
        if i < count and not flowables[i].isIndexing():
            following = flowables[i]
            i += 1
            if type(following) in (KeepTogether, Figure):
                group += following._content
                limit = None
            else:
                group.append(following)
        for member in group:
            if member.getKeepWithNext():
                member.keepWithNext = 0  # handled here; ReportLab's handling would undo it
        kept = _KeepHeading(group, room=limit)
        kept.starts_section = any(getattr(getattr(member, "style", None), "name", "") in SECTION_STYLES
                                  for member in group)
        result.append(kept)
    return result


class _KeepHeading(KeepTogether):
    """KeepTogether that splits where it stands when at least ``room`` is left on the page."""

    def __init__(self, flowables, room: float | None):
        super().__init__(flowables)
        self.room = room

    def split(self, aW, aH):
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        if self.room is not None and self._H > aH and aH >= self.room:
            return self._content[:]
        return super().split(aW, aH)


class Figure(KeepTogether):
    """A figure (its panels, caption and legend, kept together) that may float: when it does
    not fit in what is left of a page, the text after it moves up to fill the page
    (``RulebookDocTemplate.filterFlowables``) and the figure goes where it fits.

    Its caption and legend never leave its panels: a page shows no mark without the
    legend that names it, and no caption away from what it describes."""

    floats = True

    def split(self, aW, aH):
        """Where it could not float and would leave the page nearly half empty (EMPTY_ENOUGH):
        a figure of several rows of panels splits between them (the caption and the legend go
        with the last rows, and the legend is repeated under the first); a figure that still
        does not fit shrinks a little (to MIN_SHRINK), caption and legend included, if that
        makes it fit; otherwise it goes whole to the next page."""
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        frame = getattr(self, "_frame", None)
        if self._H > aH and frame is not None and aH >= EMPTY_ENOUGH * frame._height:
            parts = self._content[:]
            k = next((i for i, part in enumerate(parts) if isinstance(part, PanelRow)), None)
            if k is not None:
                fitted = self._between_rows(parts, k, aW, aH) or self._shrunk(parts, k, aW, aH)
                if fitted:
                    return fitted
        return super().split(aW, aH)

    def _between_rows(self, parts, k, aW, aH):
        """The first rows that fit above a copy of the legend (in one block, on this page),
        then the rest of the figure (at least its last row) kept together; None if not even
        one row fits (or there is one row)."""
        legend = [part for part in parts[k + 1:] if getattr(part, "figure_legend", False)]
        room = aH - sum(_height(part, aW, aH) for part in parts[:k] + legend)
        rows = parts[k].split(aW, room, keep=1)  # the caption goes on with the last row
        if not rows:
            return None
        first = parts[:k] + [rows[0]] + [copy.copy(part) for part in legend]
        return [_nothing(), KeepInFrame(aW, aH, first, mode="shrink"),
                KeepTogether([Spacer(1, PANEL_GAP), rows[1]] + parts[k + 1:])]

    def _shrunk(self, parts, k, aW, aH):
        """The whole figure in one block on this page, its panels a little smaller (and, if
        measuring was a little off, everything a hair smaller); None if its panels would
        have to be smaller than MIN_SHRINK, or their text smaller than the row's minimum."""
        row = parts[k]
        height = row.wrap(aW, 1e6)[1]
        factor = (height - (self._H - aH)) / height
        if factor < MIN_SHRINK or row.scale * factor < row.min_scale:
            return None
        shrunk = parts[:k] + [parts[k].shrunk(factor)] + parts[k + 1:]
        return [_nothing(), KeepInFrame(aW, aH, shrunk, mode="shrink")]


def _nothing() -> Spacer:
    """What a figure's split parts start with (ReportLab wants a first part that fits)."""
    return Spacer(1, 0)


def _height(flowable, aW, aH) -> float:
    """The height ``flowable`` takes in a frame, its space before and after included."""
    return flowable.wrap(aW, aH)[1] + flowable.getSpaceBefore() + flowable.getSpaceAfter()


class WholeBlock(KeepInFrame):
    """A block kept on one page, where the page has room for it, else on the next: shrunk to
    fit an empty page if it is taller than that, never to fit what is left of one."""

    def wrap(self, availWidth, availHeight):
        return super().wrap(availWidth, self.maxHeight)

    def split(self, availWidth, availHeight):
        return []
