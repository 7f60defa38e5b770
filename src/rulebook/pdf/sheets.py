"""Print-and-play sheets at true size, with crop marks: a game's board or tiles to
print at 100 % (actual size), cut out along the marks and play on.

- ``inphexion-board.pdf``: the 7 × 7 board on a landscape A4 sheet, cells
  :data:`HEX_CELL` across (room for discs up to 22 mm, such as Go stones),
  drawn from the game's own board geometry and colours
  (:mod:`rulebook.games.inphexion.board`, ``drawing``);
- ``necto-tiles.pdf``: :data:`TILES_EACH` of each of the eight tiles, enough
  for any position of a 4 × 4 game, :data:`TILE` square, drawn from the tiles'
  own strands (:mod:`rulebook.games.necto.tiles`), cut where a strand passes
  under as the diagrams cut them; each carries its code in a corner, so a game
  can be written down.

Each sheet's cut lines are its PDF trim box; crop marks stand :data:`MARK_OFFSET`
outside them, :data:`MARK_LENGTH` long.  Every sheet carries a bar of
:data:`SCALE_BAR` to check the printer kept the size.
"""

from __future__ import annotations

import math
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..files import write_file
from .styles import FONT, register_font

MARK_OFFSET = 3 * mm  # from the cut line to the start of its crop mark
MARK_LENGTH = 5 * mm
MARK_WIDTH = 0.25  # points
SCALE_BAR = 50 * mm
HEX_CELL = 23 * mm  # inpHeXion: from one cell's centre to the next's (across the flats)
TILE = 30 * mm  # Necto: a tile's side
TILES_EACH = 16  # of each Necto tile: a 4 x 4 board's worth
TILE_COLUMNS, TILE_ROWS = 6, 8  # per sheet
INK = colors.HexColor("#222222")
MUTED = colors.HexColor("#5A5A5A")


def sheet_filename(game: str) -> str:
    """The file of ``game``'s print-and-play sheet (a key of :data:`SHEETS`)."""
    return f"{game}-{SHEETS[game][0]}.pdf"


def crop_marks(canvas: Canvas, left: float, bottom: float, right: float, top: float,
               xs=(), ys=()) -> None:
    """Crop marks outside the rectangle for its edges and the cut lines ``xs``
    (vertical) and ``ys`` (horizontal) inside it; the rectangle becomes the page's
    trim box."""
    canvas.saveState()
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(MARK_WIDTH)
    start, end = MARK_OFFSET, MARK_OFFSET + MARK_LENGTH
    for x in (left, *xs, right):
        canvas.line(x, top + start, x, top + end)
        canvas.line(x, bottom - start, x, bottom - end)
    for y in (bottom, *ys, top):
        canvas.line(left - start, y, left - end, y)
        canvas.line(right + start, y, right + end, y)
    canvas.restoreState()
    canvas.setTrimBox((left, bottom, right, top))


def scale_bar(canvas: Canvas, x: float, y: float, label: str) -> None:
    """A bar :data:`SCALE_BAR` long from (x, y), with end ticks and ``label`` after it."""
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    canvas.line(x, y, x + SCALE_BAR, y)
    for end in (x, x + SCALE_BAR):
        canvas.line(end, y - 1.5 * mm, end, y + 1.5 * mm)
    canvas.setFont(FONT, 7)
    canvas.setFillColor(MUTED)
    canvas.drawString(x + SCALE_BAR + 2 * mm, y - 2.4, label)
    canvas.restoreState()


def _canvas(target, pagesize, title: str) -> Canvas:
    register_font()
    canvas = Canvas(target, pagesize=pagesize, invariant=1, initialFontName=FONT)
    canvas.setTitle(title)
    canvas.setAuthor("rulebook")
    canvas.setCreator("rulebook")
    canvas.setSubject(title)
    return canvas


def _lines(canvas: Canvas, x: float, y: float, lines: list[str], size: float = 8) -> None:
    canvas.setFont(FONT, size)
    canvas.setFillColor(INK)
    for k, line in enumerate(lines):
        canvas.drawString(x, y - k * size * 1.45, line)


# --- inpHeXion: the board ---------------------------------------------------------------

def inphexion_board(target) -> None:
    from ..games.inphexion.board import Geometry
    from ..games.inphexion.drawing import (CELL_FILL, EDGE_FILL, HEX_RADIUS, ROW, centre,
                                           lattice)
    from ..games.inphexion.rules import BLACK, WHITE

    geo = Geometry(7)
    n = geo.size
    page = landscape(A4)
    canvas = _canvas(target, page, "inpHeXion: 7 × 7 board")
    across, down = 0.62, 0.74  # the frame just outside the cells, as the diagrams draw it
    corners = [lattice(-across, -down), lattice(n - 1 + across, -down),
               lattice(n - 1 + across, n - 1 + down), lattice(-across, n - 1 + down)]
    labels_up = ROW * 1.2  # the column letters, above row 1
    xs = [x for x, _ in corners] + [lattice(-1.15, 0)[0] - 0.3]
    ys = [y for _, y in corners] + [labels_up + 0.3]
    band = 5 * mm  # the players' edges; half of one reaches past the corners
    width, height = (max(xs) - min(xs)) * HEX_CELL + band, (max(ys) - min(ys)) * HEX_CELL + band
    left, bottom = (page[0] - width) / 2, (page[1] - height) / 2
    right, top = left + width, bottom + height

    def at(point):  # board units (y up) to the page
        return (left + band / 2 + (point[0] - min(xs)) * HEX_CELL,
                bottom + band / 2 + (point[1] - min(ys)) * HEX_CELL)

    for (a, b), player in zip(zip(corners, corners[1:] + corners[:1]), (WHITE, BLACK, WHITE, BLACK)):
        (x0, y0), (x1, y1) = at(a), at(b)
        for colour, lw in ((INK, band), (colors.HexColor(EDGE_FILL[player]), band * 0.72)):
            canvas.setStrokeColor(colour)
            canvas.setLineWidth(lw)
            canvas.setLineCap(0)
            canvas.line(x0, y0, x1, y1)
    canvas.setLineWidth(0.8)
    canvas.setStrokeColor(colors.HexColor("#9A9A9A"))
    canvas.setFillColor(colors.HexColor(CELL_FILL))
    for cell in geo.cells:
        cx, cy = centre(geo, cell)
        path = canvas.beginPath()
        for k in range(6):
            angle = math.radians(90 + 60 * k)
            point = at((cx + HEX_RADIUS * math.cos(angle), cy + HEX_RADIUS * math.sin(angle)))
            (path.moveTo if k == 0 else path.lineTo)(*point)
        path.close()
        canvas.drawPath(path, stroke=1, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(FONT, 12)
    for c in range(n):
        x, y = at((c, labels_up))
        canvas.drawCentredString(x, y - 4, "abcdefghijklmnopqrstuvwxyz"[c])
    for r in range(n):
        x, y = at(lattice(-1.15, r))
        canvas.drawCentredString(x, y - 4, str(r + 1))
    # the words in the empty corner right of the top rows, the bar in the one below
    x, y = at((7.5, 0.3))
    _lines(canvas, x, y, [
        "inpHeXion: the 7 × 7 board",
        "Print at 100 % (actual size):",
        f"cells {HEX_CELL / mm:.0f} mm across.",
        "White: the top and bottom edges",
        "Black: the left and right edges",
        "",
        "inpHeXion：7×7 の盤",
        "原寸（100 %）で印刷：",
        f"マスの幅 {HEX_CELL / mm:.0f} mm",
    ])
    x, y = at((-1.2, -5.65))
    scale_bar(canvas, x, y, "50 mm")
    crop_marks(canvas, left, bottom, right, top)
    canvas.showPage()
    canvas.save()


# --- Necto: the tiles -------------------------------------------------------------------

def necto_tiles(target) -> None:
    from ..games.necto.drawing import _split_at
    from ..games.necto.tiles import CODES, TILES

    page = A4
    per_sheet = TILE_COLUMNS * TILE_ROWS
    tiles = [code for code in CODES for _ in range(TILES_EACH)]
    width, height = TILE_COLUMNS * TILE, TILE_ROWS * TILE
    left, bottom = (page[0] - width) / 2, (page[1] - height) / 2 - 4 * mm
    right, top = left + width, bottom + height
    canvas = _canvas(target, page, "Necto: tiles for a 4 × 4 game")
    sheets = -(-len(tiles) // per_sheet)
    for sheet in range(sheets):
        for index, code in enumerate(tiles[sheet * per_sheet:(sheet + 1) * per_sheet]):
            column, row = index % TILE_COLUMNS, index // TILE_COLUMNS
            _tile(canvas, TILES[code], _split_at, left + column * TILE,
                  top - (row + 1) * TILE)
        _lines(canvas, left, top + MARK_OFFSET + MARK_LENGTH + 12 * mm, [
            f"Necto: {TILES_EACH} of each of the {len(CODES)} tiles, enough for a 4 × 4 game "
            f"(sheet {sheet + 1} of {sheets}). Print at 100 % (actual size): each tile "
            f"{TILE / mm:.0f} mm. Cut along the marks.",
            f"Necto：8種類のタイルを各{TILES_EACH}枚（4×4 の盤に足りる数）。"
            f"原寸（100 %）で印刷：タイルは一辺 {TILE / mm:.0f} mm。印に沿って切る。"
            f"（{sheets}枚中{sheet + 1}枚目）",
        ])
        scale_bar(canvas, left, bottom - MARK_OFFSET - MARK_LENGTH - 8 * mm, "50 mm")
        crop_marks(canvas, left, bottom, right, top,
                   xs=[left + k * TILE for k in range(1, TILE_COLUMNS)],
                   ys=[bottom + k * TILE for k in range(1, TILE_ROWS)])
        canvas.showPage()
    canvas.save()


def _tile(canvas: Canvas, tile, split_at, x0: float, y0: float) -> None:
    """One tile with its lower left corner at (x0, y0): its outline (where it is cut),
    its strands cut where they pass under, and its code."""
    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.setStrokeColor(colors.HexColor("#BBBBBB"))
    canvas.rect(x0, y0, TILE, TILE, stroke=1, fill=0)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(TILE * 0.055)
    canvas.setLineCap(0)
    canvas.setLineJoin(1)
    for strand in tile.strands:
        under = [tile.points[e.crossing] for e in strand.events if not e.over]
        for piece in split_at(strand.path, under):
            path = canvas.beginPath()
            path.moveTo(x0 + piece[0][0] * TILE, y0 + piece[0][1] * TILE)
            for px, py in piece[1:]:
                path.lineTo(x0 + px * TILE, y0 + py * TILE)
            canvas.drawPath(path, stroke=1, fill=0)
    canvas.setFont(FONT, 6)
    canvas.setFillColor(MUTED)
    canvas.drawString(x0 + 1.5 * mm, y0 + 1.5 * mm, tile.code)
    canvas.restoreState()


# game: (the sheet's name in its file name, the function that draws it)
SHEETS = {"inphexion": ("board", inphexion_board), "necto": ("tiles", necto_tiles)}


def write_sheet(game: str, folder: Path) -> Path:
    """Write ``game``'s sheet into ``folder``; returns its path."""
    import io

    out = io.BytesIO()
    SHEETS[game][1](out)
    folder.mkdir(parents=True, exist_ok=True)
    return write_file(folder / sheet_filename(game), out.getvalue(), sync=False)
