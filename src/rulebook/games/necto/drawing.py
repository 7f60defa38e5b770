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
``loop``      a line end such as "A3 N", or a list of them: draw the loop through
              it thicker, on a yellow band (the loop a caption points at)
``scores``    the players' scores above the board

Loops that the last move scored are drawn in the scorer's colour (both
colours, dashed, when both players scored).  The two players' tile tints, and
the colours of their scored loops, differ in lightness as well as hue, so they
survive greyscale print and colour-blind eyes.
Every kind of mark is listed in ``MARKS``; ``draw`` reports the kinds it drew
to the legend.
"""

from __future__ import annotations

import math

from matplotlib.patches import Rectangle

from ...figure_style import BLUE, GREY, INK, LIGHT, PAPER, VERMILION, YELLOW, Mark, font, tint
from ...palette import mix, refused_cross, refused_mark
from ...views import defaults
from .facts import line_through
from .tiles import CODES, END_POINT, TILES
from .views import VIEW_OPTIONS as VIEWS

PANEL_SIZE = (3.4, 3.4)
VIEW_OPTIONS = defaults(VIEWS)  # the view options a record may set: views.py
# text: the scores and the scoring marks; Second's vermilion a shade darker, so that
# small text reads on white (WCAG's 4.5:1; the palette's vermilion gives 3.9)
PLAYER_COLOURS = (BLUE, mix(VERMILION, INK, 0.15))
# Loops scored: Second's a light vermilion, so that they differ from First's blue
# (and the two-colour dashes of a loop scored for both show) in greyscale and to
# colour-blind readers: CIE L* about 46 and 73 (tests/test_marks.py).
LOOP_COLOURS = (BLUE, tint(VERMILION, 0.55))
# placed tiles: First's tint is clearly darker than Second's (CIE L* about 69 and 93)
TINTS = (tint(BLUE, 0.55), tint(VERMILION, 0.15))
BAND = YELLOW  # under the loop a caption points at
POINTED = 1.5  # ... which is drawn this much thicker
GAP = 0.13  # half the gap left in an under-strand at a crossing (cell units)
MARGIN = 1.25  # room round the board for the frame, labels and coordinates


# --- the legend: every kind of mark, with a sample of it -----------------------------

def _tile_swatch(colour, dashed=False):
    def swatch(ax):
        ax.add_patch(Rectangle((0.1, 0.1), 0.8, 0.8, facecolor=colour, edgecolor=GREY,
                               linewidth=0.8, linestyle=(0, (2, 2)) if dashed else "-"))
    return swatch


def _strand_swatch(colours, faded=None):
    def swatch(ax):
        if faded:
            ax.plot([0.05, 0.95], [0.25, 0.25], color=faded, linewidth=2.2)
        for index, colour in enumerate(colours):
            ax.plot([0.05, 0.95], [0.6, 0.6] if faded else [0.5, 0.5], color=colour, linewidth=2.6,
                    linestyle="-" if index == 0 else (0, (2, 2)), solid_capstyle="butt")
    return swatch


def _band_swatch(ax):
    ax.plot([0.1, 0.9], [0.5, 0.5], color=BAND, linewidth=7.5, solid_capstyle="round")
    ax.plot([0.0, 1.0], [0.5, 0.5], color=INK, linewidth=2.2 * POINTED)


def _crossing_swatch(ax):
    ax.plot([0.5, 0.5], [0.0, 1.0], color=INK, linewidth=2.2)
    for ys in ([0.0, 0.5 - GAP * 1.6], [0.5 + GAP * 1.6, 1.0]):
        ax.plot(ys, [0.5, 0.5], color=INK, linewidth=2.2, solid_capstyle="butt")


def _frame_swatch(ax):
    xs, ys = zip(*_arc_points((0.5, 0.2), 0))
    ax.plot(xs, ys, color=GREY, linewidth=1.2)
    ax.plot([0.0, 1.0], [0.2, 0.2], color=GREY, linewidth=1.0)


def _label_swatch(text, colour=INK, linestyle="-", boxstyle="round,pad=0.1", edge=None, size=12):
    def swatch(ax):
        ax.text(0.5, 0.5, text, ha="center", va="center", color=colour, fontproperties=font(size),
                bbox={"boxstyle": boxstyle, "facecolor": PAPER, "linewidth": 0.8,
                      "edgecolor": edge or colour, "linestyle": linestyle})
    return swatch


def _last_move_swatch(ax):
    ax.add_patch(Rectangle((0.15, 0.15), 0.7, 0.7, fill=False, edgecolor=INK, linewidth=2.0))


def _mark(key, en, ja, swatch, **apart):
    return Mark(key, {"en": en, "ja": ja}, swatch, **apart)


def _refused_swatch(ax):
    """The refused move as the board shows it: a dashed cell with the cross at its
    corner (the cross alone left the caption's "outlined cell" without a legend)."""
    ax.add_patch(Rectangle((0.1, 0.1), 0.66, 0.66, fill=False, edgecolor=INK,
                           linewidth=1.3, linestyle=(0, (2.5, 1.5))))
    refused_cross(ax, 0.78, 0.78, 0.15, width=1.6)


MARKS = (
    _mark("tile-first", "Tile placed by First (dark tint)", "先手が置いたタイル（濃い地）",
          _tile_swatch(TINTS[0]), colour=TINTS[0]),
    _mark("tile-second", "Tile placed by Second (light tint)", "後手が置いたタイル（薄い地）",
          _tile_swatch(TINTS[1]), colour=TINTS[1]),
    _mark("empty", "Empty cell", "空きマス", _tile_swatch(PAPER, dashed=True),
          distinct_by="dashed outline"),
    _mark("crossing", "Crossing: the broken strand passes under",
          "交差（途切れている線が下をくぐる）", _crossing_swatch, distinct_by="broken strand"),
    _mark("frame", "Frame joining two line ends", "線の端を2つずつつなぐ枠", _frame_swatch,
          distinct_by="thin half circle"),
    _mark("last-move", "Cell of the last move", "直前の手のマス", _last_move_swatch,
          distinct_by="heavy square"),
    _mark("named", "Named knot, with its type", "名前の付く結び目とその型",
          _label_swatch("$3_{1}$"), distinct_by="boxed knot type"),
    _mark("complex-en", "Knot too complex to name", "名前の付かない複雑な結び目",
          _label_swatch("K", linestyle=(0, (2, 1.5))), distinct_by="K in a dashed box"),
    _mark("complex-ja", "Knot too complex to name", "名前の付かない複雑な結び目",
          _label_swatch("結", linestyle=(0, (2, 1.5))), distinct_by="結 in a dashed box"),
    _mark("unknot", "Unknotted loop", "ほどける輪", _label_swatch("○", edge="none"),
          distinct_by="○"),
    _mark("scored-first", "Loop the last move scored for First", "直前の手で先手が得点した輪",
          _strand_swatch([LOOP_COLOURS[0]]), colour=LOOP_COLOURS[0], distinct_by="line"),
    _mark("scored-second", "Loop the last move scored for Second", "直前の手で後手が得点した輪",
          _strand_swatch([LOOP_COLOURS[1]]), colour=LOOP_COLOURS[1], distinct_by="line"),
    _mark("scored-both", "Loop the last move scored for both players",
          "直前の手で両方のプレイヤーが得点した輪", _strand_swatch(list(LOOP_COLOURS)),
          distinct_by="line dashed dark and light"),
    _mark("loop", "The loop the caption points at", "説明文が指している輪", _band_swatch,
          distinct_by="thick line on a band"),
    _mark("traced", "Traced line (the other lines faded)", "たどっている線（ほかの線は薄く）",
          _strand_swatch([INK], faded=LIGHT), distinct_by="line, the others faded"),
    _mark("mark-plus", "+N: the player to move can gain N points here",
          "+N：手番のプレイヤーがここでN点の得をする", _label_swatch("+N", size=9),
          distinct_by="+N"),
    _mark("mark-minus", "−N: any replacement here gives the opponent N points more",
          "−N：ここではどう置き直しても相手がN点多く得る", _label_swatch("−N", size=9),
          distinct_by="−N"),
    _mark("mark-even", "±: the best replacement here scores the same for both",
          "±：ここでいちばん得な置き直しは両者に同じ点", _label_swatch("±"), distinct_by="±"),
    refused_mark(_refused_swatch),
)
EXCLUSIVE = (frozenset({"complex-en", "complex-ja"}),)  # one language a figure


def draw(ax, state, *, lang, legend, previous=None, move=None, attempt=None, **view):
    options = {**VIEW_OPTIONS, **view}
    if options["show"] == "tiles":
        return _draw_catalog(ax, lang, legend)
    size = state.size
    # line widths and text shrink on larger boards and in smaller panels
    scale = 4 / size * min(1.0, _panel_inches(ax) / PANEL_SIZE[0])
    artists = []
    ax.set_xlim(-MARGIN, size + MARGIN)
    ax.set_ylim(-MARGIN, size + MARGIN)

    traced = None
    if options["trace"]:
        traced = _line_at_end(state, options["trace"]).key
        legend.use("traced")
    loops = options["loop"]
    pointed = {_line_at_end(state, end).key
               for end in ([loops] if isinstance(loops, str) else loops) if end.strip()}

    # tiles: background, grid
    for cell, code in enumerate(state.codes):
        x, y = cell % size, cell // size
        owner = state.owners[cell]
        face = TINTS[owner] if (code is not None and options["tint"]) else PAPER
        if code is None:
            legend.use("empty")
        elif options["tint"]:
            legend.use(("tile-first", "tile-second")[owner])
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
        if faded:
            colours = [LIGHT]
        elif line.key in scorer:
            colours = [LOOP_COLOURS[p] for p in scorer[line.key]]
            legend.use(_SCORED[tuple(scorer[line.key])])
        strength = width
        if line.key in pointed:
            legend.use("loop")
            artists += _draw_band(ax, state, line, width)
            strength = width * POINTED
        if line.events:
            legend.use("crossing")
        artists += _draw_line(ax, state, line, colours, strength, zorder=5 if not faded else 3)

    idle = _draw_idle_frame(ax, state)
    if idle:
        legend.use("frame")
    artists += idle

    if options["highlight"] and state.last_move is not None:
        cell = state.last_move.cell
        legend.use("last-move")
        artists.append(ax.add_patch(Rectangle((cell % size, cell // size), 1, 1, fill=False,
                                              edgecolor=INK, linewidth=2.2 * scale + 0.4, zorder=8)))
    if options["labels"]:
        artists += _draw_labels(ax, state, lang, scale, scorer, traced, legend)
    if attempt is not None:
        artists += _draw_attempt(ax, state, state.parse_move(attempt), scale)
        legend.use("refused")
    if options["marks"]:
        artists += _draw_marks(ax, state, scale, legend)
    if options["coords"]:
        for i in range(size):
            artists.append(ax.text(i + 0.5, -MARGIN + 0.2, chr(ord("A") + i), ha="center",
                                   va="center", color=GREY, fontproperties=font(11 * scale + 2)))
            artists.append(ax.text(-MARGIN + 0.2, i + 0.5, str(i + 1), ha="center", va="center",
                                   color=GREY, fontproperties=font(11 * scale + 2)))
    if options["scores"]:
        names = [state.game.player_name(p, lang) for p in (0, 1)]
        for p, x in ((0, size * 0.25), (1, size * 0.75)):
            artists.append(ax.text(x, size + MARGIN - 0.3, f"{names[p]} {state.scores[p]}",
                                   ha="center", va="center", color=PLAYER_COLOURS[p],
                                   fontproperties=font(13)))
    return artists


_SCORED = {(0,): "scored-first", (1,): "scored-second", (0, 1): "scored-both"}


def _line_at_end(state, end: str):
    """The line through a line end written "C3 N" (a view option, checked at load)."""
    text = end.replace(" ", "")
    return line_through(state, text[:-1], text[-1].upper())


def _line_pieces(state, line, gaps=True):
    """The polylines that draw ``line``: its strands (cut where it passes under
    another strand, unless ``gaps`` is false) and its frame arcs."""
    size = state.size
    pieces = []
    for cell, strand_index, _ in line.passes:
        tile = state.tiles[cell]
        strand = tile.strands[strand_index]
        x0, y0 = cell % size, cell // size
        under = [tile.points[e.crossing] for e in strand.events if not e.over] if gaps else []
        for piece in _split_at(strand.path, under):
            pieces.append([(x0 + px, y0 + py) for px, py in piece])
    for step in _frame_steps(state, line):
        pieces.append(_arc_points(*_frame_arc(size, *step)))
    return pieces


def _frame_steps(state, line) -> list[tuple[int, str]]:
    """The ends (cell, side) by which ``line`` runs into the frame's half circles.

    The engine's ``Line.frame`` names the ends its passes leave by; an open line
    also runs, from its first end, through the half circle that joins that end to
    the empty edge cell where it stops (as its last end does into its own).
    """
    steps = [step for step in line.frame if step is not None]
    if not line.closed:
        cell, strand, forward = line.passes[0]
        side = state.tiles[cell].strands[strand].ends[0 if forward else 1]
        x, y, last = cell % state.size, cell // state.size, state.size - 1
        if {"N": y == last, "S": y == 0, "W": x == 0, "E": x == last}[side]:
            steps.append((cell, side))
    return steps


def _draw_band(ax, state, line, width):
    """A yellow band under ``line`` (which is also drawn thicker, for greyscale)."""
    artists = []
    for piece in _line_pieces(state, line, gaps=False):
        xs, ys = zip(*piece)
        artists += ax.plot(xs, ys, color=BAND, linewidth=width * 4.0, solid_capstyle="round",
                           zorder=4)
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
    used = {_frame_arc(size, *step) for line in state.lines for step in _frame_steps(state, line)}
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
    artists = []
    pieces = _line_pieces(state, line)
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


def _draw_labels(ax, state, lang, scale, scorer, traced, legend):
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
        legend.use("unknot" if knot.kind == "unknot" else "named" if knot.named
                   else f"complex-{lang}")
        artists.append(ax.text(x, y, knot_text(knot, lang), ha="center", va="center", color=colour,
                               fontproperties=font(9 * scale + 5), bbox=box, zorder=9))
    return artists


def knot_text(knot, lang) -> str:
    """A knot's label for the figure: named knots as mathtext (3$_1$), since
    IPAexGothic has no subscript digits; K / 結 and ○ as plain text."""
    if not knot.named:
        return knot.label_in(lang)
    parts = [f"{number}_{{{index}}}" for number, index in
             (part.split("_") for part in knot.name.split("#"))]
    return "$" + r"\#".join(parts) + "$"


def _draw_marks(ax, state, scale, legend):
    artists = []
    me = state.to_move
    for cell, mark in sorted(state.marks().items()):
        legend.use({"+": "mark-plus", "-": "mark-minus", "±": "mark-even"}[mark.kind])
        colour = {"+": PLAYER_COLOURS[me], "-": PLAYER_COLOURS[1 - me], "±": INK}[mark.kind]
        x, y = cell % state.size + 0.5, cell // state.size + 0.5
        artists.append(ax.text(x, y, mark.text, ha="center", va="center", color=colour,
                               fontproperties=font(11 * scale + 3),
                               bbox={"boxstyle": "round,pad=0.2", "facecolor": PAPER,
                                         "edgecolor": colour, "linewidth": 1.2},
                               zorder=10))
    return artists


def _draw_attempt(ax, state, move, scale):
    """A refused move: its cell in a heavy dashed outline, the code of the tile it
    tried in a box on the cell's top edge, and the cross beside it in the corner (a
    cross over the whole cell would read as a cross tile and hide the tile there)."""
    x, y = move.cell % state.size, move.cell // state.size
    return [ax.add_patch(Rectangle((x, y), 1, 1, fill=False, edgecolor=INK, zorder=19,
                                   linewidth=2.2 * scale + 0.4, linestyle=(0, (3, 2)))),
            ax.text(x + 0.42, y + 0.84, move.code, ha="center", va="center", color=INK,
                    fontproperties=font(10 * scale + 4), zorder=20,
                    bbox={"boxstyle": "round,pad=0.15", "facecolor": PAPER, "edgecolor": INK,
                          "linewidth": 1.0})] + refused_cross(ax, x + 0.84, y + 0.84, 0.11,
                                                              width=1.8 * scale + 0.6,
                                                              zorder=21)


def _draw_catalog(ax, lang, legend):
    """The eight tiles in two rows of four, each with its code underneath (two rows
    keep the codes readable when the figure is a phone's width)."""
    legend.use("crossing")
    artists = []
    per_row = 4
    rows = -(-len(CODES) // per_row)
    ax.set_xlim(-0.2, per_row * 1.4 - 0.2)
    ax.set_ylim(-0.75 - 1.9 * (rows - 1), 1.15)
    for index, code in enumerate(CODES):
        x0, y0 = (index % per_row) * 1.4, -(index // per_row) * 1.9
        tile = TILES[code]
        artists.append(ax.add_patch(Rectangle((x0, y0), 1, 1, facecolor=PAPER, edgecolor=GREY,
                                              linewidth=1.0, zorder=1)))
        for strand in tile.strands:
            under = [tile.points[e.crossing] for e in strand.events if not e.over]
            for piece in _split_at(strand.path, under):
                xs, ys = zip(*[(x0 + px, y0 + py) for px, py in piece])
                artists += ax.plot(xs, ys, color=INK, linewidth=2.6, solid_capstyle="butt", zorder=5)
        for (px, py) in END_POINT.values():
            artists += ax.plot([x0 + px], [y0 + py], marker="o", markersize=3, color=GREY, zorder=6)
        artists.append(ax.text(x0 + 0.5, y0 - 0.38, code, ha="center", va="center", color=INK,
                               fontproperties=font(13)))
    del lang  # the codes are the same in every language
    return artists

