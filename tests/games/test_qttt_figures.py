"""Quantum Tic-Tac-Toe facts for captions, and figures that explain themselves.

The facts are checked on positions worked out by hand from the rules; the
legend of every record's figure is checked against what its positions hold
(read from the engine's state, not from the drawing), and the cues that must
survive greyscale print are measured.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from matplotlib.figure import Figure

from rulebook.errors import RulebookError
from rulebook.figure_style import Legend, render_panels
from rulebook.games import make_game
from rulebook.games.qttt import drawing
from rulebook.records import find_records, load_record

from conftest import ROOT, played
FIGURES = ROOT / "figures"
RECORDS = sorted(p for p in find_records(FIGURES) if p.parent.name == "qttt")
GAME = make_game("qttt")


def play(*moves):
    return played(GAME, *moves)


def fact(state, name, **args):
    return GAME.facts[name].compute(state, **args)


# --- facts ----------------------------------------------------------------------

def test_mark_cells_follow_a_mark_from_spooky_to_classical():
    state = play("a1-b2")
    assert fact(state, "mark_cells", mark=1) == ["a1", "b2"]
    assert fact(state, "mark_cells", mark=2) == []  # not made yet
    state = play("c3-a1", "a1-c3", "@a1")  # O's mark 2 settles in a1, pushing X1 to c3
    assert fact(state, "mark_cells", mark=2) == ["a1"]
    assert fact(state, "mark_cells", mark=1) == ["c3"]


def test_owner_and_name_of_a_mark():
    state = play("a1-b2", "b2-c3")
    assert [fact(state, "owner", mark=n) for n in (1, 2, 9)] == ["X", "O", "X"]
    assert fact(state, "mark_name", mark=2) == "O2"
    assert fact(state, "mark_name", mark=3) == "none"  # not made yet
    for wrong in (0, 10, "3", True):
        with pytest.raises(RulebookError):
            fact(state, "owner", mark=wrong)


def test_free_cells_and_the_pending_mark():
    state = play("a1-b2", "a1-b2")
    assert fact(state, "pending_mark") == 2
    assert len(fact(state, "free_cells")) == 9
    state = state.play(state.parse_move("@b2"))
    assert fact(state, "pending_mark") == 0
    assert fact(state, "free_cells") == ["a2", "a3", "b1", "b3", "c1", "c2", "c3"]


def test_group_follows_chains_of_pairs_only():
    state = play("a1-a2", "b2-c2", "a2-a3")
    assert fact(state, "group", cell="a3") == ["a1", "a2", "a3"]
    assert fact(state, "group", cell="c2") == ["b2", "c2"]
    assert fact(state, "group", cell="c3") == ["c3"]  # no pair touches it


def test_winning_line_and_line_count():
    state = play("a1-a2", "b2-c2", "a2-a3", "a1-c2", "a1-a3")  # cycle a1-a2-a3 of X's marks
    assert fact(state, "winning_line") == [] and fact(state, "line_count", player="X") == 0
    state = state.play(state.parse_move("@a1"))
    assert fact(state, "winning_line") == ["a1", "a2", "a3"]
    assert fact(state, "line_count", player="X") == 1
    assert fact(state, "line_count", player="O") == 0
    # both players have a line: the winner's is the one finished first (X's, by mark 5)
    state = play("b1-b3", "a3-b3", "a1-b2", "a1-a2", "b2-b3", "a2-a3", "@a2")
    assert fact(state, "winning_line") == ["b1", "b2", "b3"]


# --- legends --------------------------------------------------------------------

def kinds_in(state, view) -> set[str]:
    """What a panel shows, from the position and its view options alone."""
    kinds = set()
    letters = {0: "x", 1: "o"}
    for mark, _, _ in state.spooky:
        kinds.add("spooky-" + letters[(mark + 1) % 2])
    for mark in state.classical:
        if mark is not None:
            kinds.add("classical-" + letters[(mark + 1) % 2])
    if view["entanglement"] and state.spooky:
        kinds.add("entanglement")
    if view["show_cycle"] and state.pending is not None:
        kinds.add("cycle")
    if view["highlight"]:
        kinds.add("highlight")
    if view["show_lines"]:
        kinds |= {"line-" + letters[p] for p, found in state.lines().items() if found}
    return kinds


def test_every_kind_of_mark_has_a_name_in_both_languages():
    keys = [mark.key for mark in drawing.MARKS]
    assert len(keys) == len(set(keys))
    for mark in drawing.MARKS:
        assert mark.names["en"] and mark.names["ja"] and mark.names["en"] != mark.names["ja"]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_legend_lists_exactly_what_the_panels_show(path):
    record = load_record(path, FIGURES)
    record.replay()
    expected = set()
    for panel in record.panels:
        state = record.variation(panel.after, panel.then, None)[-1]
        expected |= kinds_in(state, {**drawing.VIEW_OPTIONS, **panel.view})
        if panel.attempt:  # the mark the refused move would write, crossed out
            written = (GAME.facts["pending_mark"].compute(state)
                       if panel.attempt.startswith("@") else 0) or state.next_mark
            expected |= {"refused", "spooky-" + "xo"[written % 2 == 0]}
    images, marks = render_panels(record, "en")
    assert {mark.key for mark in marks} == expected
    svg = b"".join(images).decode()
    # The cues are in the pictures exactly when the legend names them.
    assert (drawing.HIGHLIGHT_FILL.lower() in svg.lower()) == ("highlight" in expected)
    assert (drawing.CYCLE_EDGE.lower() in svg.lower()) == ("cycle" in expected)


def test_a_board_without_a_cycle_has_no_cycle_entry():
    for state in (GAME.initial_state(), play("a1-b2", "b2-c3")):
        legend = Legend(drawing.MARKS)
        ax = Figure().add_subplot()
        drawing.draw(ax, state, lang="en", legend=legend, **drawing.VIEW_OPTIONS)
        assert "cycle" not in {mark.key for mark in legend.marks()}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_highlighted_cells_are_cells_the_claims_name(path):
    record = load_record(path, FIGURES)
    named = set()

    def collect(value):
        if isinstance(value, str):
            named.update(re.findall(r"\b[a-c][1-3]\b", value))
        elif isinstance(value, (list, tuple)):
            for item in value:
                collect(item)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)

    for claim in record.claims:
        collect(claim.expect)
        collect(list(claim.args.values()))
    for panel in record.panels:
        assert set(panel.view.get("highlight", [])) <= named


# --- greyscale ------------------------------------------------------------------

def luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b  # what a greyscale conversion keeps


def test_cycle_and_highlight_stay_apart_and_visible_in_grey():
    assert luminance(drawing.HIGHLIGHT_FILL) < 0.93  # a visible tint on white paper
    assert luminance(drawing.CYCLE_EDGE) < 0.5  # the cycle's dashed frame is dark
    # the highlight is a plain tint, the cycle a pale fill inside a dark frame
    assert abs(luminance(drawing.CYCLE_FILL) - luminance(drawing.HIGHLIGHT_FILL)) > 0.03


def test_the_players_differ_by_letter_or_luminance():
    state = play("a1-b2", "a1-b2", "@a1", "b1-c1", "c2-c3")  # classical and spooky of both
    ax = Figure().add_subplot()
    drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS), **drawing.VIEW_OPTIONS)
    letters = {colour: set() for colour in drawing.COLOURS}
    for text in ax.texts:
        if text.get_text().isalpha() and text.get_color() in letters:
            letters[text.get_color()].add(text.get_text().upper())
    x_letters, o_letters = (letters[c] for c in drawing.COLOURS)
    assert x_letters and o_letters
    apart_by_grey = abs(luminance(drawing.COLOURS[0]) - luminance(drawing.COLOURS[1])) > 0.2
    assert apart_by_grey or not (x_letters & o_letters)


def test_a_cells_spooky_marks_read_in_order_from_its_top_left_and_stay_inside_it():
    """The nine places of a cell's spooky marks: mark 1 top left, then along each row
    and down, like text; every one inside the cell, clear of its edges and of each
    other (the drawn numbers are where these places say)."""
    for cell in range(9):
        left, bottom = cell % 3, cell // 3  # row 1 (a1..c1) at the bottom
        places = [drawing.slot(cell, mark) for mark in range(1, 10)]
        for x, y in places:
            assert left + 0.15 <= x <= left + 0.85 and bottom + 0.15 <= y <= bottom + 0.85
        assert sorted(places, key=lambda p: (-round(p[1], 6), p[0])) == places  # text order
        assert min(abs(p[0] - q[0]) + abs(p[1] - q[1])
                   for k, p in enumerate(places) for q in places[k + 1:]) >= 0.25
    # a star of eight pairs round b2: each number drawn at its mark's place in b2
    state = play("b2-a1", "b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2", "b2-c3")
    figure = Figure()
    ax = figure.add_subplot()
    drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS))
    numbers = {(round(t.get_position()[0] - 0.07, 6), round(t.get_position()[1] + 0.07, 6)):
               t.get_text() for t in ax.texts if t.get_text().isdigit()}
    for mark in range(1, 9):
        x, y = drawing.slot(4, mark)
        assert numbers[round(x, 6), round(y, 6)] == str(mark)


def test_each_line_is_struck_through_all_three_of_its_cells_in_its_player_s_colour():
    """At the end of random games, every line a player has is drawn as one stroke, in
    the player's line colour, passing through the centres of its three cells."""
    import math

    from matplotlib.colors import to_hex

    from conftest import random_steps

    struck = 0
    for seed, _, _, state in random_steps(GAME, range(40)):
        if not state.is_over() or not any(state.lines().values()):
            continue
        figure = Figure()
        ax = figure.add_subplot()
        drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS))
        for player, lines in state.lines().items():
            colour = to_hex(drawing.tint(drawing.COLOURS[player], 0.5))
            strokes = [line for line in ax.lines if to_hex(line.get_color()) == colour]
            for line in lines:
                centres = [drawing.centre(cell) for cell in line]

                def on(stroke, point):
                    (x0, x1), (y0, y1) = stroke.get_xdata(), stroke.get_ydata()
                    t = ((point[0] - x0) * (x1 - x0) + (point[1] - y0) * (y1 - y0)) / \
                        ((x1 - x0) ** 2 + (y1 - y0) ** 2)
                    return -1e-9 <= t <= 1 + 1e-9 and math.dist(
                        point, (x0 + t * (x1 - x0), y0 + t * (y1 - y0))) < 1e-6

                assert any(all(on(s, c) for c in centres) for s in strokes), (seed, line)
                struck += 1
    assert struck >= 10, struck


def test_each_cell_shows_the_marks_the_facts_give_it():
    """At every position of seeded random games, the letters and numbers drawn inside
    each cell (located by the play page's click targets, named by the notation) are
    its classical mark (capital letter and number) or its spooky marks (small letter
    and number each), as the ``classical`` and ``spooky`` facts give them; the cycle's
    shading covers exactly the ``cycle`` fact's cells, and a highlight the cells named."""
    from matplotlib.colors import to_hex
    from matplotlib.patches import Rectangle

    from conftest import random_steps
    from rulebook.kits.squaregrid import targets

    boxes = {t["token"]: (min(p[0] for p in t["points"]), min(p[1] for p in t["points"]),
                          max(p[0] for p in t["points"]), max(p[1] for p in t["points"]))
             for t in targets(3)}
    seen = 0
    names = sorted(boxes)

    def shaded(ax, colour):
        return sorted(n for a in ax.patches if isinstance(a, Rectangle) and a.get_fill()
                      and to_hex(a.get_facecolor()) == to_hex(colour)
                      for n, box in boxes.items() if tuple(a.get_xy()) == box[:2])

    cycles = 0
    for seed, _, _, state in random_steps(GAME, range(12)):
        figure = Figure()
        ax = figure.add_subplot()
        named = [names[(seed * 3 + k * 4) % 9] for k in range(seed % 3)]
        drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS), highlight=named)
        assert shaded(ax, drawing.CYCLE_FILL) == GAME.facts["cycle"].compute(state)
        assert shaded(ax, drawing.HIGHLIGHT_FILL) == sorted(named)
        cycles += bool(GAME.facts["cycle"].compute(state))
        drawn = {name: [] for name in boxes}
        for text in ax.texts:
            x, y = text.get_position()
            inside = [n for n, (x0, y0, x1, y1) in boxes.items() if x0 < x < x1 and y0 < y < y1]
            if inside:
                drawn[inside[0]].append(text.get_text())
        for name in boxes:
            classical = GAME.facts["classical"].compute(state, cell=name)
            marks = [] if classical == "none" else [classical[0], classical[1:]]
            for mark in GAME.facts["spooky"].compute(state, cell=name):
                marks += [mark[0].lower(), mark[1:]]
            assert sorted(drawn[name]) == sorted(marks), (seed, name, drawn[name], marks)
            seen += len(marks)
    assert seen > 100 and cycles > 5


def test_a_refused_move_is_drawn_as_the_mark_it_would_write():
    """A panel's refused move (``attempt``) shows, crossed out, the mark the move would
    write: a spooky pair or a classical mark, the next mark; a collapse onto a cell
    off the cycle, the pending mark (the ``pending_mark`` fact), whose player's spooky
    mark the legend then lists."""
    import random

    fact = GAME.facts["pending_mark"]
    collapses = pairs = 0
    for seed in range(30):
        rng, state = random.Random(seed), GAME.initial_state()
        while not state.is_over() and (collapses < 6 or pairs < 6):
            pending = fact.compute(state)
            if pending:
                cycle = set(GAME.facts["cycle"].compute(state))
                off = [c for c in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")
                       if c not in cycle]
                attempt, mark = (f"@{off[0]}" if off else None), pending
                collapses += bool(off)
            else:
                attempt, mark = "a1-a1", GAME.facts["marks_placed"].compute(state) + 1
                pairs += 1
            if attempt:
                counts, drawn = [], []
                for tried in (None, attempt):
                    legend, ax = Legend(drawing.MARKS), Figure().add_subplot()
                    drawing.draw(ax, state, lang="en", legend=legend,
                                 **{**drawing.VIEW_OPTIONS, "attempt": tried})
                    counts.append([t.get_text() for t in ax.texts].count(str(mark)))
                    drawn.append(Counter((t.get_text(), *t.get_position()) for t in ax.texts))
                keys = {m.key for m in legend.marks()}
                assert counts[1] == counts[0] + (1 if attempt.startswith("@") else 2), \
                    (attempt, mark, counts)
                # its letter in the slot of its number in each cell the move names: the
                # slots run left to right, top row first, a third of the cell apart
                letters = sorted((x, y) for text, x, y in (drawn[1] - drawn[0]).elements()
                                 if text.lower() in "xo")
                named = [attempt[1:]] if attempt.startswith("@") else attempt.split("-")
                slots = sorted(("abc".index(cell[0]) + 0.2 + 0.3 * ((mark - 1) % 3),
                                int(cell[1]) - 1 + 0.8 - 0.3 * ((mark - 1) // 3))
                               for cell in named)
                assert len(letters) == len(slots) and all(
                    abs(x - sx) < 0.06 and abs(y - sy) < 0.06
                    for (x, y), (sx, sy) in zip(letters, slots)), (attempt, mark, letters, slots)
                assert "spooky-" + "xo"[mark % 2 == 0] in keys and "refused" in keys
            state = state.play(state.random_move(rng))
    assert collapses >= 6 and pairs >= 6


def test_each_mark_s_letter_and_number_are_drawn_centred_where_the_cell_places_them():
    """Rendered, every letter and number of a mark has its middle where it is placed
    (the number just below and right of its letter, whose middle is the mark's place):
    a text set off to one side crowds the next mark of the row.  Spooky marks in a full
    cell and classical marks, at the figure size the book prints (3 cm a panel)."""
    import numpy as np

    star = ("b2-a1", "b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2", "b2-c3")
    letters = digits = 0
    for state in (play(*star), play(*star, "a1-c3", "@a1")):  # 16 spooky, then 9 classical
        figure = Figure(figsize=(1.2, 1.2), dpi=200)
        ax = figure.add_axes((0, 0, 1, 1))
        drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS), coordinates=False)
        renderer = figure._get_renderer()
        for text in ax.texts:
            if not re.fullmatch(r"[xoXO]|\d", text.get_text()):
                continue
            box = text.get_window_extent(renderer)
            middle = np.array([(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2])
            placed = ax.transData.transform(text.get_position())
            assert np.abs(middle - placed).max() < 1.0, (text.get_text(), middle, placed)
            letters += text.get_text().isalpha()
            digits += text.get_text().isdigit()
    assert letters == digits == 16 + 9


def test_a_cycle_waiting_to_collapse_is_framed_unless_a_record_turns_the_frame_off():
    """The rules make the other player choose where a closed cycle collapses, so a
    reader must see which marks form it: every panel of the project's records whose
    position waits for that choice frames the cycle, unless its record's view says
    ``show_cycle = false`` in so many words."""
    framed = 0
    for path in RECORDS:
        record = load_record(path, FIGURES)
        record.replay()
        for index, panel in enumerate(record.panels):
            state = record.variation(panel.after, panel.then, None)[-1]
            if state.pending is None or panel.view.get("show_cycle") is False:
                continue
            ax = Figure().subplots()
            legend = Legend(drawing.MARKS)
            view = {**drawing.VIEW_OPTIONS, **panel.view}  # as the books draw it
            drawing.draw(ax, state, lang="en", legend=legend, **view)
            assert "cycle" in {mark.key for mark in legend.marks()}, (path.stem, index)
            framed += 1
    assert framed >= 3, framed
