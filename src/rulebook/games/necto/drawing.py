"""Necto diagrams: the board and its frame, tiles tinted by owner, loops labelled.

View options (a record's ``[figure] view``):

``show``      "board" (default) or "tiles" (the eight tiles with their codes)
``labels``    label each loop: a named knot (3₁) boxed, K / 結 in a dashed box,
              ○ for an unknotted loop
``tint``      tint each tile with the colour of whoever placed it
``marks``     the scoring marks for the player to move (the demo's aid)
``trace``     a line end such as "C3 N": draw that line strongly, fade the rest
``coords``    column letters and row numbers
``highlight`` outline the cell of the last move
``scores``    the players' scores above the board

Loops that the last move scored are drawn in the scorer's colour (both
colours, dashed, when both players scored).
"""

from __future__ import annotations

import math

from matplotlib.patches import Rectangle

from ...figure_style import BLUE, GREY, INK, LIGHT, PAPER, VERMILION, font
from .notation import parse_cell
from .tiles import CODES, END_POINT, TILES

PANEL_SIZE = (3.4, 3.4)
VIEW_OPTIONS = {
    "show": "board",
    "labels": True,
    "tint": True,
    "marks": False,
    "trace": "",
    "coords": True,
    "highlight": True,
    "scores": False,
}
PLAYER_COLOURS = (BLUE, VERMILION)
TINTS = ("#D6E6F2", "#F6DCC8")  # light blue, light vermilion (placed tiles)
GAP = 0.13  # half the gap left in an under-strand at a crossing (cell units)
MARGIN = 1.25  # room round the board for the frame, labels and coordinates


def draw(ax, state, *, lang, previous=None, move=None, **view):
    options = {**VIEW_OPTIONS, **view}
    if options["show"] == "tiles":
        return _draw_catalog(ax, lang)
    size = state.size
    # line widths and text shrink on larger boards and in smaller panels
    scale = 4 / size * min(1.0, _panel_inches(ax) / PANEL_SIZE[0])
    artists = []
    ax.set_xlim(-MARGIN, size + MARGIN)
    ax.set_ylim(-MARGIN, size + MARGIN)

    traced = None
    if options["trace"]:
        text = options["trace"].replace(" ", "")
        cell = parse_cell(text[:-1], size, text, 1)
        traced = state.line_at(cell, text[-1].upper()).key

    # tiles: background, grid
    for cell, code in enumerate(state.codes):
        x, y = cell % size, cell // size
        owner = state.owners[cell]
        face = TINTS[owner] if (code is not None and options["tint"]) else PAPER
        artists.append(ax.add_patch(Rectangle((x, y), 1, 1, facecolor=face, edgecolor=LIGHT,
                                              linewidth=0.8 * scale + 0.2,
                                              linestyle="-" if code else (0, (2, 2)), zorder=1)))
    artists.append(ax.add_patch(Rectangle((0, 0), size, size, fill=False, edgecolor=GREY,
                                          linewidth=1.0, zorder=2)))

    # lines
    scorer = {}
    for scored in state.scored:
        scorer[scored.key] = scored.players
    width = 2.6 * scale + 0.6
    for line in state.lines:
        faded = traced is not None and line.key != traced
        colours = [INK]
        if line.key in scorer:
            colours = [PLAYER_COLOURS[p] for p in scorer[line.key]]
        if faded:
            colours = [LIGHT]
        artists += _draw_line(ax, state, line, colours, width, zorder=5 if not faded else 3)

    artists += _draw_idle_frame(ax, state)

    if options["highlight"] and state.last_move is not None:
        cell = state.last_move.cell
        artists.append(ax.add_patch(Rectangle((cell % size, cell // size), 1, 1, fill=False,
                                              edgecolor=INK, linewidth=2.2 * scale + 0.4, zorder=8)))
    if options["labels"]:
        artists += _draw_labels(ax, state, lang, scale, scorer, traced)
    if options["marks"]:
        artists += _draw_marks(ax, state, scale)
    if options["coords"]:
        for i in range(size):
            artists.append(ax.text(i + 0.5, -MARGIN + 0.2, chr(ord("A") + i), ha="center",
                                   va="center", color=GREY, fontproperties=font(11 * scale + 2)))
            artists.append(ax.text(-MARGIN + 0.2, i + 0.5, str(i + 1), ha="center", va="center",
                                   color=GREY, fontproperties=font(11 * scale + 2)))
    if options["scores"]:
        names = [state.game.player_name(p, lang) for p in (0, 1)]
        for p, x in ((0, size * 0.25), (1, size * 0.75)):
            artists.append(ax.text(x, size + MARGIN - 0.15, f"{names[p]} {state.scores[p]}",
                                   ha="center", va="center", color=PLAYER_COLOURS[p],
                                   fontproperties=font(13)))
    return artists


def _panel_inches(ax) -> float:
    figure = ax.get_figure()
    return ax.get_position().width * figure.get_figwidth()


def _frame_arc(size, cell, side):
    """Centre and start angle of the frame's half circle leaving ``cell`` at ``side``."""
    x, y = cell % size, cell // size
    if side in "NS":
        centre = (x + 1 if x % 2 == 0 else x, size if side == "N" else 0)
        return centre, (0 if side == "N" else 180)
    centre = (size if side == "E" else 0, y + 1 if y % 2 == 0 else y)
    return centre, (270 if side == "E" else 90)


def _arc_points(centre, start):
    angles = [math.radians(start + 180 * i / 24) for i in range(25)]
    return [(centre[0] + 0.5 * math.cos(a), centre[1] + 0.5 * math.sin(a)) for a in angles]


def _draw_idle_frame(ax, state):
    """The frame's half circles that no line runs through yet (thin, grey)."""
    size = state.size
    used = {_frame_arc(size, *step) for line in state.lines for step in line.frame if step}
    artists = []
    for k in range(size):
        for cell, side in ((k, "S"), (size * (size - 1) + k, "N"), (k * size, "W"),
                           (k * size + size - 1, "E")):
            arc = _frame_arc(size, cell, side)
            if arc not in used and (k % 2 == 0):
                xs, ys = zip(*_arc_points(*arc))
                artists += ax.plot(xs, ys, color=GREY, linewidth=1.0, zorder=2)
    return artists


def _draw_line(ax, state, line, colours, width, zorder):
    size = state.size
    artists = []
    pieces = []
    for cell, strand_index, _ in line.passes:
        tile = state.tiles[cell]
        strand = tile.strands[strand_index]
        x0, y0 = cell % size, cell // size
        under = [tile.points[e.crossing] for e in strand.events if not e.over]
        for piece in _split_at(strand.path, under):
            pieces.append([(x0 + px, y0 + py) for px, py in piece])
    for step in line.frame:
        if step is not None:
            pieces.append(_arc_points(*_frame_arc(size, *step)))
    for index, colour in enumerate(colours):
        style = "-" if index == 0 else (0, (3, 3))
        for piece in pieces:
            xs, ys = zip(*piece)
            # a white halo keeps the gaps of crossings clear of other lines
            if index == 0:
                artists += ax.plot(xs, ys, color=PAPER, linewidth=width + 2.2, solid_capstyle="butt",
                                   zorder=zorder)
            artists += ax.plot(xs, ys, color=colour, linewidth=width, linestyle=style,
                               solid_capstyle="butt", zorder=zorder + 0.5)
    return artists


def _split_at(path, gaps):
    """The polyline ``path`` with the parts within GAP of each point in ``gaps`` cut out."""
    pieces, current = [], []
    for point in path:
        if any(math.dist(point, g) < GAP for g in gaps):
            if len(current) > 1:
                pieces.append(current)
            current = []
        else:
            current.append(point)
    if len(current) > 1:
        pieces.append(current)
    return pieces


def _label_point(state, line):
    """Where a loop's label goes: on its first frame arc, else mid-way through a tile."""
    size = state.size
    for step in line.frame:
        if step is not None:
            (cx, cy), start = _frame_arc(size, *step)
            angle = math.radians(start + 90)
            return cx + 0.5 * math.cos(angle), cy + 0.5 * math.sin(angle)
    cell, strand_index, _ = line.passes[0]
    path = state.tiles[cell].strands[strand_index].path
    px, py = path[len(path) // 2]
    return cell % size + px, cell // size + py


def _draw_labels(ax, state, lang, scale, scorer, traced):
    artists = []
    for line in state.loops:
        if traced is not None and line.key != traced:
            continue
        knot = state.knot(line)
        colour = PLAYER_COLOURS[scorer[line.key][0]] if line.key in scorer else INK
        x, y = _label_point(state, line)
        box = {"boxstyle": "round,pad=0.25", "facecolor": PAPER, "edgecolor": colour,
                   "linewidth": 1.0, "linestyle": "-" if knot.named else (0, (2, 1.5))}
        if knot.kind == "unknot":
            box = {"boxstyle": "circle,pad=0.1", "facecolor": PAPER, "edgecolor": "none"}
        artists.append(ax.text(x, y, knot_text(knot, lang), ha="center", va="center", color=colour,
                               fontproperties=font(10 * scale + 3), bbox=box, zorder=9))
    return artists


def knot_text(knot, lang) -> str:
    """A knot's label for the figure: named knots as mathtext (3$_1$), since
    IPAexGothic has no subscript digits; K / 結 and ○ as plain text."""
    if not knot.named:
        return knot.label_in(lang)
    parts = [f"{number}_{{{index}}}" for number, index in
             (part.split("_") for part in knot.name.split("#"))]
    return "$" + r"\#".join(parts) + "$"


def _draw_marks(ax, state, scale):
    artists = []
    me = state.to_move
    for cell, mark in sorted(state.marks().items()):
        colour = {"+": PLAYER_COLOURS[me], "-": PLAYER_COLOURS[1 - me], "±": INK}[mark.kind]
        x, y = cell % state.size + 0.5, cell // state.size + 0.5
        artists.append(ax.text(x, y, mark.text, ha="center", va="center", color=colour,
                               fontproperties=font(11 * scale + 3),
                               bbox={"boxstyle": "round,pad=0.2", "facecolor": PAPER,
                                         "edgecolor": colour, "linewidth": 1.2},
                               zorder=10))
    return artists


def _draw_catalog(ax, lang):
    """The eight tiles in a row, each with its code underneath."""
    artists = []
    ax.set_xlim(-0.2, len(CODES) * 1.4 - 0.2)
    ax.set_ylim(-0.75, 1.15)
    for index, code in enumerate(CODES):
        x0 = index * 1.4
        tile = TILES[code]
        artists.append(ax.add_patch(Rectangle((x0, 0), 1, 1, facecolor=PAPER, edgecolor=GREY,
                                              linewidth=1.0, zorder=1)))
        for strand in tile.strands:
            under = [tile.points[e.crossing] for e in strand.events if not e.over]
            for piece in _split_at(strand.path, under):
                xs, ys = zip(*[(x0 + px, py) for px, py in piece])
                artists += ax.plot(xs, ys, color=INK, linewidth=2.6, solid_capstyle="butt", zorder=5)
        for (px, py) in END_POINT.values():
            artists += ax.plot([x0 + px], [py], marker="o", markersize=3, color=GREY, zorder=6)
        artists.append(ax.text(x0 + 0.5, -0.38, code, ha="center", va="center", color=INK,
                               fontproperties=font(13)))
    del lang  # the codes are the same in every language
    return artists

