"""inpHeXion figures: the facts captions quote, legends, greyscale cues and the view options."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Circle, FancyArrowPatch, Polygon, Wedge  # noqa: E402

from rulebook.figure_style import BLUE, GREEN, INK, VERMILION, Legend, PAPER, render_panels  # noqa: E402
from rulebook.games import make_game  # noqa: E402
from rulebook.games.inphexion import drawing  # noqa: E402
from rulebook.records import load_record  # noqa: E402

from svg_paint import painted  # noqa: E402

FIGURES = Path(__file__).resolve().parents[2] / "figures" / "inphexion"
RECORDS = sorted(FIGURES.glob("*.toml"))

from test_inphexion import SURROUND  # noqa: E402  (one position for both files)


def facts_of(state, **args):
    game = state.game
    return {name: game.facts[name].compute(state, **args.get(name, {}))
            for name in ("mover", "placed", "pushed_to", "relocated_from", "relocated_to")}


def cells_that(before, after, was, now):
    """Cells whose content went from ``was`` to ``now`` (read with the 'cell' fact)."""
    fact = before.game.facts["cell"]
    names = sorted(before.geo.by_name, key=lambda n: (n[0], int(n[1:])))
    return [n for n in names if fact.compute(before, cell=n) == was
            and fact.compute(after, cell=n) == now]


# --- facts for captions -------------------------------------------------------------
def test_move_facts_agree_with_the_cells_that_changed():
    before = make_game("inphexion").parse_position(SURROUND)
    after = before.play(before.parse_move("e4>f4 d4>a6"))
    found = facts_of(after)
    assert found["mover"] == before.game.facts["turn"].compute(before) == "White"
    assert [found["placed"]] == cells_that(before, after, "Black", "White")
    # the pushed and the relocated discs both land on empty cells: tell them apart
    landed = cells_that(before, after, "empty", "Black")
    assert sorted([found["pushed_to"]] + found["relocated_to"]) == landed
    geo = before.geo
    assert geo.by_name[found["pushed_to"]] in geo.neighbours[geo.by_name[found["placed"]]]
    assert found["relocated_from"] == cells_that(before, after, "Black", "empty")


def test_move_facts_of_a_first_move_a_swap_and_the_start():
    start = make_game("inphexion", pie=True).initial_state()
    first = start.play(start.parse_move("b3"))
    swapped = first.play(first.parse_move("swap"))
    assert facts_of(start) == {"mover": "none", "placed": "none", "pushed_to": "none",
                               "relocated_from": [], "relocated_to": []}
    assert facts_of(first)["placed"] == "b3" and facts_of(first)["pushed_to"] == "none"
    assert facts_of(first)["mover"] == "White"
    assert facts_of(swapped)["mover"] == "Black" and facts_of(swapped)["placed"] == "none"


def test_hand_neutral_and_cell_count():
    game = make_game("inphexion", neutral=True, size=5)
    start = game.initial_state()
    facts = game.facts
    assert facts["cell_count"].compute(start) == 25
    assert facts["neutral"].compute(start) == "c3"
    after = start.play(start.parse_move("c3>c2"))
    assert facts["neutral"].compute(after) == "c2"
    assert facts["hand"].compute(after, player="White") == game.discs - 1
    assert facts["hand"].compute(after, player="Black") == game.discs
    assert make_game("inphexion").facts["neutral"].compute(
        make_game("inphexion").initial_state()) == "none"


# --- legends: exactly the kinds of mark drawn ---------------------------------------
def _is(colour, expected):
    return matplotlib.colors.to_hex(colour).lower() == expected.lower()


def _dashed(artist):
    return artist.get_linestyle() not in ("-", "solid")


def _hex(colour) -> str:
    return matplotlib.colors.to_hex(colour).lower()


def kinds_in(artists) -> set[str]:
    """The kinds of mark found among the artists, read from their shapes and colours."""
    found = set()
    for a in artists:
        if isinstance(a, Wedge):
            found.add("neutral")
        elif isinstance(a, Circle) and a.get_fill() and _is(a.get_facecolor(), GREEN):
            found.add("chain")  # the dot on each disc of a chain
        elif isinstance(a, Circle) and a.get_fill() and a.get_facecolor()[3] > 0:
            colour = matplotlib.colors.to_hex(a.get_facecolor())
            found.add({"#ffffff": "white-disc", "#1b1b1b": "black-disc"}[colour])
        elif isinstance(a, Circle):
            edge = a.get_edgecolor()
            if _is(edge, BLUE):
                found.add("placed")
            elif _is(edge, VERMILION):
                found.add("relocation" if _dashed(a) else "surrounded")
        elif isinstance(a, FancyArrowPatch):
            found.add("relocation" if _dashed(a) else "push")
        elif isinstance(a, Line2D):
            colour = matplotlib.colors.to_hex(a.get_color()).upper()
            if colour == drawing.EDGE_FILL[0].upper():
                found.add("white-edge")
            elif colour == drawing.EDGE_FILL[1].upper():
                found.add("black-edge")
            elif _is(colour, GREEN):
                found.add("chain")
            elif _is(colour, INK) and a.get_linewidth() < 5:  # the edges' outline is wider
                found.add("refused")  # the cross on a move the rules refuse
        elif isinstance(a, Polygon) and _is(a.get_facecolor(), drawing.HIGHLIGHT_FILL):
            found.add("highlight")
    return found


def draw_panel(record, panel):
    """The artists one panel draws (through the production path) and its marks."""
    from rulebook.figure_style import _draw_panel

    legend = Legend(drawing.MARKS)
    figure, ax = plt.subplots()
    _draw_panel(ax, record, drawing, panel, "en", legend)
    artists = list(ax.patches) + list(ax.lines) + list(ax.texts) + list(ax.collections)
    plt.close(figure)
    return artists, {m.key for m in legend.marks()}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_each_panel_lists_exactly_the_marks_it_draws(path):
    record = load_record(path)
    drawn = set()
    for panel in record.panels:
        artists, used = draw_panel(record, panel)
        assert used == kinds_in(artists)
        drawn |= used
    _, marks = render_panels(record, "en")
    assert [m.key for m in marks] == [m.key for m in drawing.MARKS if m.key in drawn]


def test_legends_follow_the_records():
    """What a record asks for (not what the drawing did) decides some marks."""
    for path in RECORDS:
        record = load_record(path)
        keys = {m.key for m in render_panels(record, "en")[1]}
        views = [{**drawing.VIEW_OPTIONS, **p.view} for p in record.panels]
        attempts = [p.attempt for p in record.panels if p.attempt]
        shown = [record.moves[p.after - 1] for p in record.panels if p.after] + attempts
        after_steps = [record.moves[p.after - 1] for p, v in zip(record.panels, views)
                       if p.after and v["step"] == "after"]
        assert ("highlight" in keys) == any(v["highlight"] for v in views), path.stem
        assert ("neutral" in keys) == bool(record.game.options["neutral"]), path.stem
        assert ("relocation" in keys) == any(len(m.split()) > 1
                                             for m in after_steps + attempts), path.stem
        assert ("refused" in keys) == bool(attempts), path.stem
        assert ("push" in keys) == any(">" in m.split()[0] for m in shown), path.stem
        assert {"white-edge", "black-edge"} <= keys


def test_every_mark_has_both_names_and_a_swatch():
    from rulebook.figure_style import render_swatch

    assert len({m.key for m in drawing.MARKS}) == len(drawing.MARKS)
    for mark in drawing.MARKS:
        assert mark.names["en"] and mark.names["ja"] and mark.names["en"] != mark.names["ja"]
        assert len(painted(render_swatch(mark))) > 1, mark.key  # more than its background


# --- greyscale ----------------------------------------------------------------------
def luminance(colour: str) -> float:
    r, g, b = matplotlib.colors.to_rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_edges_and_highlights_survive_greyscale():
    white, black = (luminance(drawing.EDGE_FILL[p]) for p in (0, 1))
    paper = luminance(PAPER)
    assert paper - white > 0.15 and white - black > 0.4
    assert abs(luminance(drawing.CELL_FILL) - white) > 0.1  # the band stands out from the cells
    assert luminance(drawing.CELL_FILL) - luminance(drawing.HIGHLIGHT_FILL) > 0.12


def test_both_edges_are_drawn_in_their_colours_with_a_dark_outline():
    """Each player's two bands, in the player's colour, run along the two sides the
    rules make that player join (the cells nearest each band are one of them)."""
    import math

    record = load_record(FIGURES / "board.toml")
    artists, _ = draw_panel(record, record.panels[0])
    lines = [a for a in artists if isinstance(a, Line2D)]
    geo = record.replay()[0].geo
    for player in (0, 1):
        bands = [a for a in lines if _is(a.get_color(), drawing.EDGE_FILL[player])]
        assert len(bands) == 2  # two opposite edges each
        nearest = []
        for band in bands:
            (x0, x1), (y0, y1) = band.get_xdata(), band.get_ydata()

            def away(cell):
                x, y = drawing.centre(geo, cell)
                return abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / math.hypot(x1 - x0, y1 - y0)

            closest = min(map(away, geo.cells))
            nearest.append(sum(1 << cell for cell in geo.cells if away(cell) < closest + 0.1))
        assert sorted(nearest) == sorted(geo.sides[player]), player
        for band in bands:
            outline = [a for a in lines if a.get_linewidth() > band.get_linewidth()
                       and list(a.get_xdata()) == list(band.get_xdata())]
            assert outline and luminance(outline[0].get_color()) < 0.2


def test_column_letters_clear_the_top_edge_band():
    """Each column letter, descender included, sits at least 1 pt above the outline of
    White's top band and inside the panel, drawn at the panel's size as the build does
    (at 1.2 rows the letters touched the band and g's tail crossed it)."""
    from rulebook.kits import hexdraw
    from rulebook.kits.hexgrid import LETTERS
    from test_drawings import panel

    state = make_game("inphexion").initial_state()
    with panel("inphexion", state) as (figure, ax):
        renderer = figure._get_renderer()
        point = figure.dpi / 72
        (_, band_y), _ = (ax.transData.transform(end) for end in hexdraw.frame(state.geo.size)["top"])
        outline_top = band_y + ax.lines[0].get_linewidth() / 2 * point  # the widest line: an outline
        assert max(line.get_linewidth() for line in ax.lines) == ax.lines[0].get_linewidth()
        letters = [t for t in ax.texts if t.get_text() in LETTERS[:state.geo.size]]
        assert len(letters) == state.geo.size
        for letter in letters:
            extent = letter.get_window_extent(renderer)
            assert (extent.y0 - outline_top) / point >= 1, letter.get_text()
            assert extent.y1 <= figure.bbox.y1, letter.get_text()
        plt.close(figure)


# --- view options -------------------------------------------------------------------
def test_a_named_chain_is_marked_even_when_it_did_not_win():
    record = load_record(FIGURES / "no-room.toml")
    state = record.replay()[-1]
    length = state.game.facts["chain_length"].compute(state, player="White")
    assert state.game.facts["winner"].compute(state) == "Black" and length > 0
    for chain, dots in (("White", length), (True, 0), (False, 0)):
        legend = Legend(drawing.MARKS)
        figure, ax = plt.subplots()
        artists = drawing.draw(ax, state, lang="en", legend=legend, previous=record.replay()[0],
                               move=record.moves[0], chain=chain)
        plt.close(figure)
        green = [a for a in artists if isinstance(a, Circle) and a.get_fill()
                 and _is(a.get_facecolor(), GREEN)]
        assert len(green) == dots


def test_a_surrounded_disc_that_could_not_be_relocated_stays_marked_after_the_move():
    record = load_record(FIGURES / "no-room.toml")
    artists, used = draw_panel(record, record.panels[0])
    assert "surrounded" in used
    ringed = {(round(a.center[0], 3), round(a.center[1], 3)) for a in artists
              if isinstance(a, Circle) and _is(a.get_edgecolor(), VERMILION)}
    state = record.replay()[0]
    owed = state.game.facts["owed"].compute(state, push=record.moves[0])
    assert ringed == {tuple(round(v, 3) for v in drawing.centre(state.geo, state.geo.by_name[c]))
                      for c in owed}


def test_highlight_shades_exactly_the_named_cells():
    state = make_game("inphexion").parse_position(SURROUND)
    legend = Legend(drawing.MARKS)
    figure, ax = plt.subplots()
    artists = drawing.draw(ax, state, lang="en", legend=legend, highlight=["d4", "a1"])
    plt.close(figure)
    shaded = [a for a in artists if isinstance(a, Polygon)
              and _is(a.get_facecolor(), drawing.HIGHLIGHT_FILL)]
    centres = sorted(tuple(round(v, 3) for v in a.get_xy()[:-1].mean(axis=0)) for a in shaded)
    expected = sorted(tuple(round(v, 3) for v in drawing.centre(state.geo, state.geo.by_name[c]))
                      for c in ("d4", "a1"))
    assert centres == expected


@pytest.mark.parametrize("moves, options", [(["d4"], ""), (["d4", "swap"], "options = { pie = true }\n")],
                         ids=["first move", "swap"])
def test_every_step_of_a_move_that_pushes_nothing_draws(tmp_path, moves, options):
    """The first move and a swap push nothing: their "push" step is the board before
    the move, and their "place" step draws too (it asked for discs a push surrounds)."""
    panels = "".join(f'[[figure.panels]]\nafter = {len(moves)}\nview = {{ step = "{step}" }}\n'
                     for step in ("before", "push", "place"))
    path = tmp_path / "no-push.toml"
    path.write_text(f'game = "inphexion"\n{options}moves = {moves!r}\n'.replace("'", '"') + panels)
    before, push, place = render_panels(load_record(path), "en")[0]
    assert push == before and place.startswith(b"<?xml")


def test_discs_and_move_marks_stand_on_the_cells_the_position_and_the_move_name():
    """Seeded random games, each move drawn at each of its four steps.  The discs are
    the position before the move ("before"), then with the enemy disc moved from the
    placing cell to the cell the move's text pushes it to ("push"), then with the
    mover's disc on the placing cell ("place"), then the position after the move
    ("after"), read with the ``cell`` fact.  At every step the blue arrow runs from
    the placing cell to the pushed-to cell; the placed ring is on the placing cell from
    "place" on; the dashed relocation arrows, each from its written source to its
    destination, and their dashed rings only "after"; the surrounded discs a move
    relocates double-ringed at "place" only.  Cells are located by the play page's
    click targets (named by the notation)."""
    import math
    import random
    import re

    from rulebook.kits.hexgrid import targets

    game = make_game("inphexion", size=5)
    middle = {t["token"]: tuple(sum(p[i] for p in t["points"]) / len(t["points"])
                                for i in (0, 1)) for t in targets(5)}
    fact = game.facts["cell"]

    def cell_at(xy):
        name = min(middle, key=lambda n: (middle[n][0] - xy[0]) ** 2 + (middle[n][1] - xy[1]) ** 2)
        assert math.dist(middle[name], xy) < 1e-6, xy
        return name

    def discs_of(state):
        return {name: fact.compute(state, cell=name) for name in middle
                if fact.compute(state, cell=name) in ("White", "Black")}

    colour = {_hex(drawing.DISC_FILL[p]): name for p, name in ((0, "White"), (1, "Black"))}
    relocated = 0
    figure, ax = plt.subplots()
    for seed in range(6):
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_over():
            previous, move = state, state.random_move(rng)
            text = state.format_move(move)
            state = state.play(move)
            written = [re.fullmatch(r"([a-z]\d+)>([a-z]\d+)", word) for word in text.split()]
            pushes = all(written)  # not a first move or a swap
            moved = []
            if pushes:
                (place, push), *moved = [w.groups() for w in written]
                discs = discs_of(previous)
                pushed = {**discs, push: discs[place]}
                del pushed[place]
                expected = {"before": discs, "push": pushed,
                            "place": {**pushed, place: game.player_name(previous.turn)},
                            "after": discs_of(state)}
            every_step = pushes and (seed == 0 or (moved and seed < 3))  # (each step: slow)
            for step in ("before", "push", "place", "after") if every_step else ("after",):
                legend = Legend(drawing.MARKS)
                ax.cla()
                artists = drawing.draw(ax, state, lang="en", legend=legend, previous=previous,
                                       move=text, chain=False, step=step)
                drawn = {cell_at(a.center): colour[_hex(a.get_facecolor())] for a in artists
                         if isinstance(a, Circle) and _hex(a.get_facecolor()) in colour
                         and a.get_radius() == drawing.DISC_RADIUS}
                arrows = [(cell_at(a._posA_posB[0]), cell_at(a._posA_posB[1]), _dashed(a))
                          for a in artists if isinstance(a, FancyArrowPatch)]
                if not pushes:
                    assert drawn == discs_of(state) and not arrows, text
                    continue
                assert drawn == expected[step], (text, step)
                assert (place, push, False) in arrows, (text, step, arrows)
                rings = [cell_at(a.center) for a in artists if isinstance(a, Circle)
                         and a.get_linewidth() == drawing.PLACED_WIDTH]
                assert rings == ([place] if step in ("place", "after") else []), (text, step)
                assert ("placed" in [m.key for m in legend.marks()]) == bool(rings)
                after = step == "after"
                assert sorted((a, b) for a, b, dashed in arrows if dashed) == \
                    (sorted(moved) if after else []), (text, step)
                left = [cell_at(a.center) for a in artists if isinstance(a, Circle) and _dashed(a)]
                assert sorted(left) == (sorted(source for source, _ in moved) if after else []), \
                    (text, step)
                # the surrounded discs' double rings: where they stand once the disc is
                # placed, gone once they are relocated
                doubled = sorted(cell_at(a.center) for a in artists if isinstance(a, Circle)
                                 and not _dashed(a) and a.get_radius() == drawing.DISC_RADIUS + 0.06)
                if moved:
                    assert doubled == (sorted(s for s, _ in moved) if step == "place" else []), \
                        (text, step, doubled)
            relocated += pushes and bool(moved)
    plt.close(figure)
    assert relocated >= 3


def test_a_refused_relocation_is_crossed_out_half_way_along_its_arrow():
    """no-trade.toml's refused trade (two discs trading places): each relocation's
    arrow, as matplotlib draws it (its curve read back from the drawn figure, in data
    units), has its own cross, drawn with it, on it and half way along it."""
    import numpy as np

    from rulebook.figure_style import _draw_panel

    record = load_record(FIGURES / "no-trade.toml")
    figure, ax = plt.subplots()
    ax.set_aspect("equal")
    _draw_panel(ax, record, drawing, record.panels[0], "en", Legend(drawing.MARKS))
    figure.canvas.draw()
    arrows = [p for p in ax.patches if isinstance(p, FancyArrowPatch)
              and p.get_linestyle() not in ("-", "solid")]
    # a cross: two ink strokes with the same middle
    middles = {}
    for line in ax.lines:
        if line.get_color() == INK and len(line.get_xydata()) == 2:
            key = tuple(np.round(line.get_xydata().mean(axis=0), 6))
            middles[key] = middles.get(key, 0) + 1
    crosses = [np.array(k) for k, n in middles.items() if n == 2]
    assert len(arrows) == 2 and len(crosses) == 2
    for arrow, cross in zip(arrows, crosses):  # each drawn with its arrow, in turn
        start, control, end = arrow.get_path().vertices[:3]  # its quadratic curve, as drawn
        t = np.linspace(0, 1, 401)[:, None]
        curve = (1 - t) ** 2 * start + 2 * t * (1 - t) * control + t ** 2 * end
        steps = np.hypot(*np.diff(curve, axis=0).T)
        along = np.concatenate([[0], np.cumsum(steps)]) / steps.sum()
        nearest = np.hypot(*(curve - cross).T).argmin()
        assert np.hypot(*(curve[nearest] - cross)) < 0.03, "the cross is on its arrow"
        assert 0.4 < along[nearest] < 0.6, along[nearest]
    plt.close(figure)


def test_the_supply_stacks_show_each_disc_apart_and_on_the_paper():
    """The supply view's two stacks of overlapping discs: each disc's outline stands
    out from its own fill (so the discs of a stack read apart, in grey too) and from
    the paper (so the stack shows on the page), for both players."""
    from svg_paint import contrast

    figure = plt.figure(figsize=drawing.PANEL_SIZE)
    ax = figure.add_axes((0, 0, 1, 1))
    state = make_game("inphexion", size=5).initial_state()
    drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS), supply=True)
    plt.close(figure)
    discs = [p for p in ax.patches if isinstance(p, Circle) and p.get_facecolor()[3] > 0]
    fills = {tuple(p.get_facecolor()) for p in discs}
    assert len(discs) == 6 and len(fills) == 2  # three of each player's, on an empty board
    for disc in discs:
        edge, fill = disc.get_edgecolor(), disc.get_facecolor()
        assert contrast(edge, fill) >= 3, (fill, edge)
        assert max(contrast(edge, PAPER), contrast(fill, PAPER)) >= 3, (fill, edge)


def test_the_winning_chain_is_drawn_only_once_the_winning_move_is_made():
    """The last move of seeded random games won by a connection, drawn at each of its
    steps: the winning chain (and its legend entry) only "after", never over a board
    where the move is not yet made; a game not won by a connection has none."""
    import random

    game = make_game("inphexion", size=4)
    figure, ax = plt.subplots()
    won = 0
    for seed in range(8):
        rng, state = random.Random(seed), game.initial_state()
        while not state.is_over():
            previous, move = state, state.random_move(rng)
            state = state.play(move)
        connected = game.facts["reason"].compute(state) == "connection"
        won += connected
        for step in ("before", "push", "place", "after"):
            legend = Legend(drawing.MARKS)
            ax.cla()
            drawing.draw(ax, state, lang="en", legend=legend, previous=previous,
                         move=previous.format_move(move), step=step)
            drawn = "chain" in {m.key for m in legend.marks()}
            assert drawn == (connected and step == "after"), (seed, step)
    plt.close(figure)
    assert won >= 3


@pytest.mark.parametrize("size", [4, 5, 6, 7])
def test_a_refused_swap_is_crossed_out_on_the_middle_of_the_board(size):
    """A refused swap has no cell of its own: its cross stands on the board's middle,
    the mean of every cell's centre, on boards of odd and even size."""
    import numpy as np

    import random

    state, rng = make_game("inphexion", size=size).initial_state(), random.Random(size)
    for _ in range(3):  # past the first two moves, where a swap is refused
        state = state.play(state.random_move(rng))
    figure, ax = plt.subplots()
    drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS), attempt="swap")
    middles = {}
    for line in ax.lines:  # a cross: two ink strokes with the same middle
        if line.get_color() == INK and len(line.get_xydata()) == 2:
            key = tuple(np.round(line.get_xydata().mean(axis=0), 6))
            middles[key] = middles.get(key, 0) + 1
    plt.close(figure)
    crosses = [k for k, n in middles.items() if n == 2]
    board = np.mean([drawing.centre(state.geo, cell) for cell in state.geo.cells], axis=0)
    assert len(crosses) == 1 and np.allclose(crosses[0], board, atol=1e-6), (crosses, board)
