"""Necto's diagrams as a reader sees them: legends, greyscale tints, the
highlighted loop, and the facts the captions quote."""

import math
from collections import Counter
from pathlib import Path

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from rulebook.errors import OptionError  # noqa: E402
from rulebook.figure_style import Legend, render_panels, render_swatch  # noqa: E402
from rulebook.games import make_game  # noqa: E402
from rulebook.games.necto import drawing  # noqa: E402
from rulebook.games.necto.tiles import TILES  # noqa: E402
from rulebook.games.necto.board import cell_name  # noqa: E402
from rulebook.records import find_records, load_record  # noqa: E402

import necto_reference as ref  # noqa: E402
from svg_paint import painted  # noqa: E402

FIGURES = Path(__file__).resolve().parents[2] / "figures"
RECORDS = [p for p in find_records(FIGURES) if p.parent.name == "necto"]


def _luminance(colour) -> float:
    """WCAG relative luminance of a colour (what greyscale print keeps)."""
    r, g, b = matplotlib.colors.to_rgb(colour)
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _panel_states(record):
    """(state, view) for each panel of a record, found by replaying it."""
    states = record.replay()
    for panel in record.panels:
        line = record.variation(panel.after, panel.then, None)
        yield line[-1], {**drawing.VIEW_OPTIONS, **panel.view}
    del states


def _edge_pairs(size):
    """The pairs of edge cells one frame half circle joins."""
    for k in range(0, size, 2):
        yield k, k + 1  # bottom edge
        yield size * (size - 1) + k, size * (size - 1) + k + 1  # top
        yield k * size, (k + 1) * size  # left
        yield k * size + size - 1, (k + 1) * size + size - 1  # right


def _expected_marks(state, view, lang):
    """The kinds of mark a panel shows, worked out from the position itself."""
    if view["show"] == "tiles":
        return {"crossing"}
    kinds = set()
    codes = state.codes
    if any(code is None for code in codes):
        kinds.add("empty")
    if view["tint"]:
        owners = {state.owners[i] for i, code in enumerate(codes) if code is not None}
        kinds |= {("tile-first", "tile-second")[o] for o in owners}
    if any(code is not None and TILES[code].crossings for code in codes):
        kinds.add("crossing")
    if any(codes[a] is None and codes[b] is None for a, b in _edge_pairs(state.size)):
        kinds.add("frame")
    if view["highlight"] and state.last_move is not None:
        kinds.add("last-move")
    traced = None
    if view["trace"]:
        cell, side = view["trace"].split()
        index = "ABCDEFGH".index(cell[0]) + (int(cell[1:]) - 1) * state.size
        traced = state.line_at(index, side).key
        kinds.add("traced")
    if view["labels"]:
        for line in state.loops:
            if traced is None or line.key == traced:
                kind = state.knot(line).kind
                kinds.add({"unknot": "unknot", "named": "named"}.get(kind, f"complex-{lang}"))
    for scored in state.scored:
        if traced is None or scored.key == traced:
            kinds.add({(0,): "scored-first", (1,): "scored-second",
                       (0, 1): "scored-both"}[scored.players])
    if view["loop"]:
        kinds.add("loop")
    if view["marks"] and state.stage == "replacing":  # by brute force, not state.marks()
        kinds |= {{"+": "mark-plus", "−": "mark-minus", "±": "mark-even"}[text[0]]
                  for text in ref.marks(state.size, state.codes, state.owners, state.to_move).values()}
    return kinds


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_legend_lists_exactly_the_kinds_of_mark_drawn(path, lang):
    record = load_record(path, FIGURES)
    expected = set()
    for state, view in _panel_states(record):
        expected |= _expected_marks(state, view, lang)
    if any(panel.attempt for panel in record.panels):
        expected.add("refused")  # a move the rules refuse, crossed out
    _, marks = render_panels(record, lang)
    assert {m.key for m in marks} == expected
    order = [m.key for m in drawing.MARKS]
    assert [m.key for m in marks] == sorted((m.key for m in marks), key=order.index)


def test_the_legend_of_random_positions_lists_exactly_the_kinds_of_mark_drawn():
    """The records' positions are few and chosen (each has a line crossing itself, say):
    the legend must follow the marks drawn in any position a game reaches."""
    from conftest import random_steps

    game = make_game("necto", size=4)
    view = {"labels": True, "marks": True}  # and the defaults: tints, the last move
    for seed, _, _, state in random_steps(game, range(3), 22):
        options = {**drawing.VIEW_OPTIONS, **view}
        figure, ax = plt.subplots(figsize=drawing.PANEL_SIZE)
        legend = Legend(drawing.MARKS)
        drawing.draw(ax, state, lang="en", legend=legend, **view)
        plt.close(figure)
        assert {m.key for m in legend.marks()} == _expected_marks(state, options, "en"), \
            (seed, state.move_number)


def test_every_half_circle_of_the_frame_is_drawn_once_a_line_or_idle():
    """An open line runs through the half circle at each of its ends that leaves the
    board, whichever end the engine reads it from; only a half circle between two
    empty cells is idle (grey)."""
    from conftest import random_steps

    game = make_game("necto", size=4)
    for seed, _, _, state in random_steps(game, range(2), 18):
        artists, _ = _draw(state)
        for (a, b), side in zip(_edge_pairs(state.size), "SNWE" * state.size):
            (cx, cy), start = drawing._frame_arc(state.size, a, side)
            assert drawing._frame_arc(state.size, b, side) == ((cx, cy), start)
            apex = (cx + 0.5 * math.cos(math.radians(start + 90)),
                    cy + 0.5 * math.sin(math.radians(start + 90)))
            colours = {matplotlib.colors.to_hex(artist.get_color()) for artist in artists
                       if isinstance(artist, Line2D) and _strokes_near([artist], apex)}
            idle = state.codes[a] is None and state.codes[b] is None
            grey = matplotlib.colors.to_hex(drawing.GREY)
            assert colours and (colours == {grey}) == idle, (seed, state.move_number, a, b)


def test_every_mark_is_named_in_both_languages_and_has_a_sample():
    keys = [m.key for m in drawing.MARKS]
    assert len(keys) == len(set(keys))
    for mark in drawing.MARKS:
        assert mark.names["en"].strip() and mark.names["ja"].strip()
        assert len(painted(render_swatch(mark))) > 1, mark.key  # more than its background


def test_the_refused_moves_sample_shows_the_dashed_cell_the_board_draws():
    """The caption of a refused move points at "the outlined cell": the legend's sample
    shows that dashed outline as well as the cross (it showed the cross alone)."""
    record = load_record(FIGURES / "necto" / "refused-replacement.toml", FIGURES)
    panel, _ = render_panels(record, "en")
    sample = render_swatch(next(m for m in drawing.MARKS if m.key == "refused"))
    for svg in (panel[0], sample):
        assert b"stroke-dasharray" in svg


def test_the_two_tile_tints_differ_in_greyscale_and_keep_lines_readable():
    first, second = (_luminance(t) for t in drawing.TINTS)
    assert abs(first - second) >= 0.2
    ink = _luminance(drawing.INK)
    for tint in (first, second):
        assert (tint + 0.05) / (ink + 0.05) >= 4.5  # dark lines stay readable on both


def _draw(state, **view):
    figure, ax = plt.subplots(figsize=drawing.PANEL_SIZE)
    legend = Legend(drawing.MARKS)
    artists = drawing.draw(ax, state, lang="en", legend=legend, **view)
    plt.close(figure)
    return artists, legend


def _strokes_near(artists, point, reach=0.04):
    """The directions (unit vectors) of the drawn line segments that pass within
    ``reach`` of ``point``."""
    import math

    found = []
    for artist in artists:
        if not isinstance(artist, Line2D):
            continue
        xs, ys = artist.get_data()
        for (ax_, ay), (bx, by) in zip(zip(xs, ys), list(zip(xs, ys))[1:]):
            dx, dy = bx - ax_, by - ay
            length = math.hypot(dx, dy)
            if not length:
                continue
            t = max(0.0, min(1.0, ((point[0] - ax_) * dx + (point[1] - ay) * dy) / length ** 2))
            if math.dist(point, (ax_ + t * dx, ay + t * dy)) < reach:
                found.append((dx / length, dy / length))
    return found


@pytest.mark.parametrize("code", [c for c in TILES if TILES[c].crossings])
@pytest.mark.parametrize("where", ["board", "tiles"])
def test_at_each_crossing_only_the_strand_on_top_is_drawn_through(code, where):
    """At every crossing of a tile, on the board and in the catalog of tiles, the
    strand the rules put on top is drawn through the crossing, and the one under it
    stops short of it on both sides (the engine's over and under, not the drawing's)."""
    tile = TILES[code]
    if where == "board":
        state = make_game("necto", size=4).initial_state()
        state = state.play(state.parse_move(f"B2={code}"))
        artists, _ = _draw(state)
        origin = (1, 1)  # B2's lower left corner
    else:
        artists, _ = _draw(make_game("necto", size=4).initial_state(), show="tiles")
        index = list(TILES).index(code)
        origin = ((index % 4) * 1.4, -(index // 4) * 1.9)
    for crossing, (px, py) in enumerate(tile.points):
        point = (origin[0] + px, origin[1] + py)
        (over,) = [s for s in tile.strands for e in s.events if e.crossing == crossing and e.over]
        path = over.path
        nearest = min(range(len(path) - 1), key=lambda k: (path[k][0] - px) ** 2 + (path[k][1] - py) ** 2)
        (ax_, ay), (bx, by) = path[nearest], path[nearest + 1]
        strokes = _strokes_near(artists, point)
        assert strokes, (code, where, crossing)
        for dx, dy in strokes:  # all along the strand on top
            assert abs(dx * (by - ay) - dy * (bx - ax_)) < 0.35 * ((bx - ax_) ** 2 + (by - ay) ** 2) ** 0.5, \
                (code, where, crossing)


def test_tiles_are_filled_by_owner_with_different_lightness():
    game = make_game("necto", size=4)
    state = game.initial_state()
    for move in ("A1=t1", "B1=c1", "C1=x2", "D1=c2"):
        state = state.play(state.parse_move(move))
    artists, legend = _draw(state)
    fills = {}
    for artist in artists:
        if isinstance(artist, Rectangle) and artist.get_width() == 1 and artist.get_fill():
            x, y = artist.get_xy()
            fills[int(y) * 4 + int(x)] = _luminance(artist.get_facecolor())
    assert fills[0] == fills[2] and fills[1] == fills[3]  # A1, C1 First's; B1, D1 Second's
    assert abs(fills[0] - fills[1]) >= 0.2
    assert {"tile-first", "tile-second", "empty"} <= {m.key for m in legend.marks()}


def test_loop_option_marks_the_loop_through_the_given_end_and_nothing_else():
    record = load_record(FIGURES / "necto" / "kept-knot.toml", FIGURES)
    state = record.replay()[0]
    cells = _fact(state, "traced_cells", cell="A3", side="S")
    inside = {("ABCD".index(c[0]), int(c[1]) - 1) for c in cells}
    artists, legend = _draw(state, loop="A3 S")
    band = [a for a in artists if isinstance(a, Line2D) and a.get_color() == drawing.BAND]
    assert band and "loop" in {m.key for m in legend.marks()}
    touched = set()
    for artist in band:
        for x, y in zip(*artist.get_data()):
            if 0 < x < 4 and 0 < y < 4 and x % 1 and y % 1:
                touched.add((int(x), int(y)))
    assert touched == inside
    plain, legend = _draw(state)
    assert not [a for a in plain if isinstance(a, Line2D) and a.get_color() == drawing.BAND]
    assert "loop" not in {m.key for m in legend.marks()}


@pytest.mark.parametrize("spec, message", [("A3", "cell and a side"), ("E9 N", "E9")])
def test_loop_option_errors_name_the_problem(spec, message):
    """Checked when the record loads (views.py), before anything is drawn."""
    from rulebook.views import view_problem

    assert message in view_problem(make_game("necto", size=4), {"loop": spec})


def test_loop_option_on_an_empty_cell_is_an_option_error():
    state = make_game("necto", size=4).initial_state()
    with pytest.raises(OptionError, match="A3 is empty"):
        _draw(state, loop="A3 N")


# --- facts the captions quote ---------------------------------------------------

def _fact(state, name, **args):
    return state.game.facts[name].compute(state, **args)


def test_move_facts_follow_the_moves_played():
    state = make_game("necto", size=4).initial_state()
    assert [_fact(state, f) for f in ("last_move", "last_cell", "mover", "move_count")] \
        == ["none", "none", "none", 0]
    for text, mover in (("A1=t1", "First"), ("B2=x2", "Second"), ("C1=c1", "First")):
        state = state.play(state.parse_move(text))
        assert _fact(state, "last_move") == text
        assert _fact(state, "last_cell") == text[:2]
        assert _fact(state, "mover") == mover
        assert _fact(state, "owner", cell=text[:2]) == mover
        assert _fact(state, "code", cell=text[:2]) == text[3:]
    assert _fact(state, "move_count") == 3
    assert _fact(state, "empty_cells") == 13
    assert [_fact(state, "tile_count", kind=k) for k in ("curve", "cross", "twist")] == [1, 1, 1]
    assert _fact(state, "code", cell="D4") == "empty"
    with pytest.raises(OptionError):
        _fact(state, "tile_count", kind="knot")


def test_scoring_facts_agree_with_the_points_and_crossings():
    record = load_record(FIGURES / "necto" / "short-game.toml", FIGURES)
    for state in record.replay()[17:]:
        gains = state.gains
        assert _fact(state, "total_points") == sum(gains)
        assert _fact(state, "scorers") == [n for n, g in zip(("First", "Second"), gains) if g]


def test_majority_counts_the_loops_own_crossings_by_owner():
    # a single trefoil-free loop: one twist on an otherwise curved 4×4 board,
    # placed by Second, so Second laid both of its crossings
    state = make_game("necto", size=4).initial_state()
    moves = ["A1=c1", "B1=t1"] + [f"{c}{r}=c1" for r in "1234" for c in "ABCD"
                                  if f"{c}{r}" not in ("A1", "B1")]
    for text in moves:
        state = state.play(state.parse_move(text))
    assert _fact(state, "owner", cell="B1") == "Second"
    # the twist's two crossings are between two different loops: none is the loop's own,
    # so neither player laid more of them (the record necto/replacing claims a "Second")
    assert _fact(state, "self_crossings", cell="B1", side="N", player="Second") == 0
    assert _fact(state, "majority", cell="B1", side="N") == "tie"


def test_marks_and_cells_marked_match_the_brute_force():
    """The facts against the second model's marks (every replacement scored by
    retracing the board), not against the engine's own marks."""
    record = load_record(FIGURES / "necto" / "marks.toml", FIGURES)
    state = record.replay()[0]
    expected = {cell_name(c, 4): text
                for c, text in ref.marks(4, state.codes, state.owners, state.to_move).items()}
    assert len(set(expected.values())) == 3  # a "+", a "−" and a "±" mark
    assert _fact(state, "marks") == expected
    for text in set(expected.values()):
        assert _fact(state, "cells_marked", mark=text) == \
            sorted((c for c, m in expected.items() if m == text), key=lambda c: (c[1], c[0]))
        assert _fact(state, "mark", cell=next(c for c, m in expected.items() if m == text)) == text
    assert _fact(state, "cells_marked", mark="+99") == []


def test_scoring_marks_are_drawn_in_the_colour_of_whom_they_favour():
    """The demo's marks: +N (the player to move gains) in that player's colour, the
    colour of their tiles; −N (the opponent gains) in the opponent's; ± in ink."""
    import random

    from matplotlib.colors import to_hex, to_rgb

    from rulebook.palette import INK

    # each player's colour: the hue of their tiles' tint (First's tiles are blue, Second's red)
    tiles = {player: to_hex(colour) for player, colour in enumerate(drawing.PLAYER_COLOURS)}
    for player, colour in enumerate(drawing.PLAYER_COLOURS):
        (r, _, b), (tr, _, tb) = to_rgb(colour), to_rgb(drawing.TINTS[player])
        assert (b > r) == (tb > tr)
    rng, seen, wanted = random.Random(3), set(), {("+", 0), ("+", 1), ("-", 0), ("-", 1)}
    for _ in range(40):
        state = make_game("necto", size=4).initial_state()
        while not state.is_over() and not wanted <= seen:
            marks = state.marks() if state.stage == "replacing" else {}
            if {(mark.kind, state.to_move) for mark in marks.values()} - seen:  # news to draw
                figure = plt.figure(figsize=drawing.PANEL_SIZE)
                ax = figure.add_axes((0, 0, 1, 1))
                drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS),
                             **{**drawing.VIEW_OPTIONS, "marks": True})
                drawn = {t.get_text(): to_hex(t.get_bbox_patch().get_edgecolor())
                         for t in ax.texts if t.get_bbox_patch() is not None}
                plt.close(figure)
                for mark in marks.values():
                    expected = {"+": tiles[state.to_move], "-": tiles[1 - state.to_move],
                                "±": INK.lower()}[mark.kind]
                    assert drawn[mark.text] == expected, (mark, state.to_move)
                    seen.add((mark.kind, state.to_move))
            state = state.play(state.random_move(rng))
    assert wanted <= seen


def test_the_last_move_and_the_scoring_marks_stand_on_the_cells_they_name():
    """Seeded random games on a 4×4 board, drawn after each move: the last move's frame
    is the square of the cell its text names, and each scoring mark stands in the
    middle of the cell the ``marks`` fact gives it; each column's letter stands under its
    column and each row's number level with its row.  Squares are read from the names as
    the notation defines them (column letter, row number, A1 at the bottom left, a
    cell one unit wide)."""
    import random

    from matplotlib.patches import Rectangle

    def square(name):
        return "ABCDEFGH".index(name[0].upper()), int(name[1:]) - 1

    framed = marked = 0
    coordinates = set()
    for seed in range(3):
        rng, state = random.Random(seed), make_game("necto", size=4).initial_state()
        while not state.is_over():
            move = state.random_move(rng)
            text = state.format_move(move)
            state = state.play(move)
            figure = plt.figure(figsize=drawing.PANEL_SIZE)
            ax = figure.add_axes((0, 0, 1, 1))
            artists = drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS),
                                   **{**drawing.VIEW_OPTIONS, "highlight": True, "marks": True})
            plt.close(figure)
            frames = [a.get_xy() for a in artists if isinstance(a, Rectangle)
                      and a.get_zorder() > 5 and not a.get_fill()]
            assert [tuple(map(float, xy)) for xy in frames] == [square(text[:2])], text
            framed += 1
            # the coordinates: each column's letter under its column, each row's number
            # level with its row, both outside the board
            for label in ax.texts:
                (px, py), name = label.get_position(), label.get_text()
                if name in "ABCD" and name:
                    assert abs(px - square(name + "1")[0] - 0.5) < 0.1 and py < 0, (name, px, py)
                    coordinates.add(name)
                elif name in "1234" and name:
                    assert abs(py - square("A" + name)[1] - 0.5) < 0.1 and px < 0, (name, px, py)
                    coordinates.add(name)
            marks = _fact(state, "marks") if state.stage == "replacing" else {}
            for cell, mark in marks.items():
                x, y = square(cell)
                assert any(text == mark and max(abs(px - x - 0.5), abs(py - y - 0.5)) < 1e-9
                           for text, (px, py) in [(t.get_text(), t.get_position())
                                                  for t in ax.texts]), (cell, mark)
                marked += 1
    assert framed > 20 and marked > 10 and coordinates == set("ABCD1234")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_knot_label_on_the_board_is_the_one_its_legend_entry_shows(lang):
    """Unknotted loops and knots too complex to name are labelled on the board with the
    text their legend entry shows in the figure's language (K in English, 結 in
    Japanese): the label drawn for each kind of knot, read against the legend's sample."""
    from rulebook.games.necto.knots import KnotType

    marks = {mark.key: mark for mark in drawing.MARKS}
    for kind, key in (("complex", f"complex-{lang}"), ("unknot", "unknot")):
        knot = KnotType("K" if kind == "complex" else "0_1", "K" if kind == "complex" else "○",
                        0, kind, None)
        figure, ax = plt.subplots()
        marks[key].swatch(ax)
        sample = [t.get_text() for t in ax.texts]
        plt.close(figure)
        assert sample == [drawing.knot_text(knot, lang)], (kind, lang, sample)


@pytest.mark.parametrize("size", [4, 6])
def test_the_frame_s_half_circles_bulge_out_of_the_board_on_every_side(size):
    """The frame joins the lines leaving the board in pairs by half circles outside it:
    drawn on an empty board (every half circle idle), every point of every one lies
    on or outside the board's edge, and each side has its half circles."""
    state = make_game("necto", size=size).initial_state()
    figure, ax = plt.subplots()
    artists = drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS),
                           **drawing.VIEW_OPTIONS)
    plt.close(figure)
    arcs = [a.get_xydata() for a in artists if hasattr(a, "get_xydata")
            and len(a.get_xydata()) == 25]
    sides = Counter()
    for points in arcs:
        assert all(x <= 1e-9 or x >= size - 1e-9 or y <= 1e-9 or y >= size - 1e-9
                   for x, y in points), points[12]
        x, y = points[12]  # the middle of the half circle: beyond the side it belongs to
        sides["W" if x < 0 else "E" if x > size else "S" if y < 0 else "N"] += 1
    assert sides == {side: size // 2 for side in "NESW"}, sides


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_each_loop_s_label_sits_on_its_own_line_outside_the_tiles(path):
    """A closed loop's label sits where the loop runs: at the outermost point of one of
    its own frame half circles (the middle of the drawn arc, beyond the board's edge),
    or, for a loop that never leaves the board, at a point of its own tile path."""
    record = load_record(path)
    for state, view in _panel_states(record):
        if not state.loops or view.get("show") == "tiles":
            continue
        artists, _ = _draw(state, **view)
        labels = [(a.get_position(), a.get_text()) for a in artists
                  if hasattr(a, "get_text") and a.get_text() and a.get_bbox_patch() is not None
                  and a.get_zorder() == 9]
        drawn = [a.get_xydata() for a in artists if hasattr(a, "get_xydata")]
        middles = [tuple(points[12]) for points in drawn if len(points) == 25]
        size = state.size
        for (x, y), text in labels:
            outside = x < 0 or y < 0 or x > size or y > size
            if outside:
                assert min(math.dist((x, y), m) for m in middles) < 1e-6, (path.stem, text, x, y)
            else:
                assert min(math.dist((x, y), tuple(p)) for points in drawn for p in points) < 1e-6, \
                    (path.stem, text, x, y)
            assert not any(abs(v - edge) < 0.05 for v in (x, y) for edge in (0, size)), \
                (path.stem, text, x, y, "on the board's edge")
