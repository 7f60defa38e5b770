"""Flowables of our own: a figure's row of panels, a scaled swatch."""

from __future__ import annotations

from reportlab.platypus import Flowable

PANEL_GAP = 8  # points between panels (and between rows of panels)


class PanelRow(Flowable):
    """A figure's panels side by side, one common scale, centred.

    The panels keep their natural size if they fit the frame; otherwise they
    shrink together to fit it in one row, and wrap into more rows (the fewest
    that keep each panel at least ``min_width`` wide) only when one row would
    make them smaller than that.  Height is capped at ``max_height``.
    """

    def __init__(self, panels: list, *, min_width: float, max_height: float):
        super().__init__()
        self.panels = panels
        self.sizes = [panel.wrap(1e6, 1e6) for panel in panels]  # natural sizes
        self.min_width = min_width
        self.max_height = max_height
        self.rows: list[list[int]] = [list(range(len(panels)))]
        self.scale = 1.0

    def _layout(self, width: float, columns: int) -> tuple[list[list[int]], float]:
        rows = [list(range(start, min(start + columns, len(self.panels))))
                for start in range(0, len(self.panels), columns)]
        scale = min(1.0, *((width - PANEL_GAP * (len(row) - 1)) / sum(self.sizes[i][0] for i in row)
                           for row in rows))
        height = sum(max(self.sizes[i][1] for i in row) for row in rows)
        scale = min(scale, (self.max_height - PANEL_GAP * (len(rows) - 1)) / height)
        return rows, scale

    def wrap(self, availWidth, availHeight):
        narrowest = min(w for w, _ in self.sizes)
        count = len(self.panels)
        # one row, two rows, ...: as many panels in each row as the number of rows allows
        columns = sorted({-(-count // rows) for rows in range(1, count + 1)}, reverse=True)
        layouts = [self._layout(availWidth, n) for n in columns]
        fitting = [layout for layout in layouts if narrowest * layout[1] >= self.min_width or layout[1] >= 1.0]
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
                self.panels[i].drawOn(canvas, 0, 0)
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
        self.inner.drawOn(self.canv, 0, 0)
