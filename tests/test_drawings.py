"""What every game's drawing paints, read back from the SVG it writes.

Each player's pieces must be painted in the colour that player's legend entry
shows (and not in the other player's), and that colour must fit the player's
name: Craquelure's Blue and Red, inpHeXion's White and Black, Necto's dark and
light tints (each game says where its pieces are and which legend entries and
words are its players' in its play.py: a game without them fails).  Quantum
Tic-Tac-Toe and Necto follow Craquelure's colours: the player who moves first
(X, First) blue, the second (O, Second) vermilion.

A drawing must not depend on when it is drawn: the same records rendered in
two processes whose clocks differ give the same bytes, and no date.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable

import matplotlib.pyplot as plt
import pytest

from rulebook.figure_style import INK, STYLE, Legend, _save, drawing_module, render_swatch
from rulebook.games import available_games, game_play, make_game

from conftest import played
from other_clock import outputs_at_two_times
from svg_paint import colours, contrast, luma, painted, rgb

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in the board's own units


@dataclass(frozen=True)
class Players:
    """A game's players' colours, as its play.py declares them (``COLOURS``, ``pieces``)."""

    moves: tuple[str, ...]
    marks: tuple[str, str]  # each player's legend entry for a piece
    pieces: Callable  # state -> [(player, box around one of that player's pieces)]
    named: tuple[str, str]  # what each player's name says of the colour
    paint: str = "fill"


def players(slug: str) -> Players:
    """Required of every game: a game without them fails (its play.py is missing, or
    lacks ``COLOURS`` or ``pieces``)."""
    play = game_play(slug)
    return Players(pieces=play.pieces, **play.COLOURS)


@contextmanager
def panel(slug: str, state):
    """One panel at the game's panel size, drawn as render_panels draws it: its figure
    and axes, in the figures' style while the block runs."""
    module = drawing_module(slug)
    with plt.rc_context(STYLE):
        figure = plt.figure(figsize=module.PANEL_SIZE)
        ax = figure.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        ax.set_aspect("equal")
        module.draw(ax, state, lang="en", legend=Legend(module.MARKS), **module.VIEW_OPTIONS)
        yield figure, ax


def draw(slug: str, state):
    """The panel's SVG, and where a point of the board lands in it (as render_panels draws)."""
    width, height = drawing_module(slug).PANEL_SIZE
    with panel(slug, state) as (figure, ax):
        svg = _save(figure)  # drawing applies the aspect: the transform is final after it

    def to_svg(box: Box) -> Box:
        corners = figure.transFigure.inverted().transform(ax.transData.transform(
            [box[:2], box[2:]]))
        (x0, y0), (x1, y1) = corners * (72 * width, 72 * height)
        return (x0, 72 * height - y1, x1, 72 * height - y0)  # SVG's y runs down

    return svg, to_svg


def legend_colours(slug: str, key: str, paint: str) -> set[str]:
    mark = next(m for m in drawing_module(slug).MARKS if m.key == key)
    return colours(render_swatch(mark), paint)


@pytest.mark.parametrize("slug", available_games())
def test_each_players_pieces_are_painted_in_the_colour_of_their_legend_entry(slug):
    spec = players(slug)
    state = played(make_game(slug), *spec.moves)
    svg, to_svg = draw(slug, state)
    shapes = painted(svg)
    legend = [legend_colours(slug, key, spec.paint) for key in spec.marks]
    assert legend[0] and legend[1] and not legend[0] & legend[1]
    pieces = spec.pieces(state)
    assert {player for player, _ in pieces} == {0, 1}  # both players have pieces to look at
    for player, box in pieces:
        x0, y0, x1, y1 = to_svg(box)
        here = {getattr(shape, spec.paint) for shape in shapes
                if x0 <= shape.centre[0] <= x1 and y0 <= shape.centre[1] <= y1}
        assert here & legend[player], (player, box, here, legend)
        assert not here & legend[1 - player], (player, box, here, legend)


def looks(colour: str, name: str) -> bool:
    """Whether ``colour`` fits a word of a player's name."""
    r, g, b = rgb(colour)
    return {"blue": b > r + 30, "red": r > b + 30, "light": min(r, g, b) > 200,
            "dark": max(r, g, b) < 80}[name]


@pytest.mark.parametrize("slug", available_games())
def test_the_legend_colours_fit_the_players_names(slug):
    spec = players(slug)
    tones = []
    for key, named in zip(spec.marks, spec.named):
        found = legend_colours(slug, key, spec.paint)
        words = named.split()
        for word in words:
            if word in ("light", "dark") and len(words) > 1:
                continue  # a tint: lighter or darker than the other player's
            assert all(looks(colour, word) for colour in found), (key, named, found)
        tones.append(found)
    if "dark" in spec.named[0]:
        assert max(map(luma, tones[0])) < min(map(luma, tones[1]))


@pytest.mark.parametrize("slug", available_games())
def test_every_legend_sample_paints_a_picture_of_its_own(slug):
    samples = {mark.key: painted(render_swatch(mark)) for mark in drawing_module(slug).MARKS}
    assert all(len(shapes) > 1 for shapes in samples.values())  # more than the background
    assert len({tuple(shapes) for shapes in samples.values()}) == len(samples)


def test_necto_scored_loops_are_in_the_scorers_colours():
    first, second = (legend_colours("necto", key, "stroke") - {INK.lower()}
                     for key in ("scored-first", "scored-second"))
    assert first and all(looks(c, "blue") for c in first)
    assert second and all(looks(c, "red") for c in second)


# --- no clock in the drawings -------------------------------------------------------------

RENDER = """
import json, sys

from rulebook.figure_style import render_panels, render_swatch
from rulebook.records import load_record
from conftest import ROOT

out = {}
for path in ("qttt/cycle-two", "necto/frame", "craquelure/handover", "inphexion/regular-move"):
    record = load_record(ROOT / "figures" / (path + ".toml"), ROOT / "figures")
    images, marks = render_panels(record, "en")
    out[path] = [svg.decode() for svg in images]
    out[f"{path} legend"] = [render_swatch(mark).decode() for mark in marks]
json.dump(out, sys.stdout)
"""

DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{4}/\d{2}/\d{2}")


def test_drawings_are_the_same_bytes_whenever_they_are_drawn_and_carry_no_date():
    first, second = (json.loads(out) for out in outputs_at_two_times(RENDER))
    assert first and first == second
    for name, images in first.items():
        for svg in images:
            text = re.sub(r'"https?://[^"]*"', '""', svg)  # (namespaces are dated: 1999/02/22)
            assert not DATE.search(text), (name, DATE.search(text).group())


def view_variants(slug: str) -> list[dict]:
    """Every view option a drawing has turned away from its default, one at a time: a
    flag flipped, each choice of a listed option (besides the default)."""
    from rulebook.views import view_options

    variants = []
    for name, option in view_options(slug).items():
        if isinstance(option.default, bool):
            variants.append({name: not option.default})
        for choice in option.choices or ():
            if choice != option.default:
                variants.append({name: choice})
    return variants


@pytest.mark.parametrize("slug", available_games())
def test_every_text_a_drawing_prints_is_in_the_page_s_language(slug):
    """Drawn with every view option each way, in positions of a random game (its start,
    its middle, its end), a Japanese panel prints no English word (three or more
    Latin letters running: a player's name, a label) and an English panel no Japanese."""
    import random

    from rulebook.errors import OptionError

    module = drawing_module(slug)
    game = make_game(slug, **{"necto": {"size": 4}, "inphexion": {"size": 5}}.get(slug, {}))
    rng = random.Random(3)
    states, moves = [game.initial_state()], [None]
    while not states[-1].is_over() and len(states) < 400:
        move = states[-1].random_move(rng)
        moves.append(states[-1].format_move(move))
        states.append(states[-1].play(move))
    positions = [(states[0], None), (states[len(states) // 2], len(states) // 2),
                 (states[-1], len(states) - 1)]
    japanese = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
    english = re.compile(r"[A-Za-z]{3,}")
    drawn = 0
    for view in [{}, *view_variants(slug)]:
        for state, at in positions:
            previous, move = (states[at - 1], moves[at]) if at else (None, None)
            for lang, foreign in (("en", japanese), ("ja", english)):
                with plt.rc_context(STYLE):
                    figure = plt.figure(figsize=module.PANEL_SIZE)
                    ax = figure.add_axes((0, 0, 1, 1))
                    try:
                        module.draw(ax, state, lang=lang, legend=Legend(module.MARKS),
                                    previous=previous, move=move,
                                    **{**module.VIEW_OPTIONS, **view})
                    except OptionError:  # a view this game's options have nothing for
                        continue
                    finally:
                        plt.close(figure)
                texts = [t.get_text() for t in ax.texts]
                assert not [t for t in texts if foreign.search(t)], (slug, view, lang, texts)
                for text in ax.texts:  # a text set in a box (a badge, a label) reads on it
                    box = text.get_bbox_patch()
                    if box is not None and text.get_text().strip():
                        ratio = contrast(text.get_color(), box.get_facecolor())
                        assert ratio >= 4.5, (slug, view, text.get_text(), ratio)
                drawn += len(texts)
    assert drawn


def drawn_marks(ax) -> tuple:
    """What a panel draws, as a comparable summary: every line's points, every patch's
    kind, colours and extent, every text and where it stands."""
    def rounded(values):
        return tuple(round(float(v), 3) for v in values)

    lines = sorted((rounded(line.get_xydata().ravel()), str(line.get_color()),
                    line.get_linewidth()) for line in ax.lines)
    patches = sorted((type(p).__name__, str(p.get_facecolor()), str(p.get_edgecolor()),
                      rounded(p.get_extents().bounds), p.get_linewidth()) for p in ax.patches)
    texts = sorted((t.get_text(), rounded(t.get_position()), str(t.get_color()))
                   for t in ax.texts)
    return tuple(lines), tuple(patches), tuple(texts)


@pytest.mark.parametrize("slug", available_games())
def test_every_view_flag_changes_the_drawing_somewhere_in_a_game(slug):
    """Each on/off view option, turned the other way, changes what is drawn in at least
    one position of a few random games (an option the drawing ignores would not)."""
    import random

    module = drawing_module(slug)
    flags = [name for name, value in module.VIEW_OPTIONS.items() if isinstance(value, bool)]
    assert flags
    # small boards; Craquelure on a grid, which its grid flag draws
    game = make_game(slug, **{"necto": {"size": 4}, "inphexion": {"size": 5},
                              "craquelure": {"grid": "square", "grid_steps": 10}}.get(slug, {}))
    unchanged = set(flags)
    for seed in range(3):
        rng, state, previous, move = random.Random(seed), game.initial_state(), None, None
        while unchanged:
            drawn = state.move_number % 3 == 1 or state.is_over()  # (every third, and the end)
            for name in list(unchanged) if drawn else ():
                summaries = []
                for value in (module.VIEW_OPTIONS[name], not module.VIEW_OPTIONS[name]):
                    with plt.rc_context(STYLE):
                        figure = plt.figure(figsize=module.PANEL_SIZE)
                        ax = figure.add_axes((0, 0, 1, 1))
                        module.draw(ax, state, lang="en", legend=Legend(module.MARKS),
                                    previous=previous, move=move,
                                    **{**module.VIEW_OPTIONS, name: value})
                        summaries.append(drawn_marks(ax))
                        plt.close(figure)
                if summaries[0] != summaries[1]:
                    unchanged.discard(name)
            if state.is_over():
                break
            choice = state.random_move(rng)
            previous, move, state = state, state.format_move(choice), state.play(choice)
        if not unchanged:
            break
    assert not unchanged, f"{slug}: no position drawn differently with {sorted(unchanged)}"


@pytest.mark.parametrize("slug", available_games())
def test_every_view_the_loader_accepts_draws(slug):
    """Every value of every view option that a record may give (the loader accepts it:
    of the kinds and shapes of tests/view_values.py) draws a position of a
    random game, at its last move: what ``rulebook check`` lets through, the build
    draws, or refuses as the position's own problem (a loop traced from an empty cell:
    a RulebookError, one line), never with a traceback."""
    import random

    from view_values import VIEW_VALUES
    from rulebook.errors import RulebookError
    from rulebook.views import view_problem

    module, game = drawing_module(slug), make_game(slug)
    rng, state, previous, move = random.Random(5), game.initial_state(), None, None
    for _ in range(6):
        if state.is_over():
            break
        choice = state.random_move(rng)
        previous, move, state = state, state.format_move(choice), state.play(choice)
    accepted = [(name, value) for name in sorted(module.VIEW_OPTIONS) for value in VIEW_VALUES
                if value != module.VIEW_OPTIONS[name] and view_problem(game, {name: value}) is None]
    assert len(accepted) >= 5
    for name, value in accepted:
        with plt.rc_context(STYLE):
            figure = plt.figure(figsize=module.PANEL_SIZE)
            try:
                module.draw(figure.add_axes((0, 0, 1, 1)), state, lang="en",
                            legend=Legend(module.MARKS), previous=previous, move=move,
                            **{**module.VIEW_OPTIONS, name: value})
            except RulebookError:
                pass  # the position's own problem, told in one line
            except Exception as error:  # noqa: BLE001: any other error is the finding
                pytest.fail(f"view {name} = {value!r}: {type(error).__name__}: {error}")
            finally:
                plt.close(figure)


def test_every_text_a_figure_shows_lies_wholly_inside_it(monkeypatch):
    """Every panel of every record, drawn as the books and pages draw it (in English
    and in Japanese, a record each in turn): a text that shows in the panel at all
    (the scores, labels, coordinates, badges) shows whole, none cut by the edge."""
    from pathlib import Path

    import rulebook.figure_style as figure_style
    from rulebook.records import find_records, load_record

    cut = []

    def save(figure):
        figure.canvas.draw()
        renderer, width, height = figure._get_renderer(), figure.bbox.width, figure.bbox.height
        for ax in figure.axes:
            for text in ax.texts:
                if not text.get_visible() or not text.get_text().strip():
                    continue
                b = text.get_window_extent(renderer)
                shows = b.x1 > 0 and b.y1 > 0 and b.x0 < width and b.y0 < height
                whole = b.x0 >= -0.5 and b.y0 >= -0.5 and b.x1 <= width + 0.5 and b.y1 <= height + 0.5
                if shows and not whole:
                    cut.append((name, text.get_text(), [round(v) for v in b.extents],
                                (round(width), round(height))))
        figure_style.plt.close(figure)
        return b""  # (measured as drawn above: its SVG is not needed)

    monkeypatch.setattr(figure_style, "_save", save)
    figures = Path(__file__).resolve().parent.parent / "figures"
    drawn = 0
    for index, path in enumerate(find_records(figures)):
        record = load_record(path, figures)
        name = path.stem
        if record.panels:
            figure_style.render_panels(record, ("en", "ja")[index % 2])
            drawn += 1
    assert drawn >= 40 and not cut, cut


@pytest.mark.parametrize("slug", available_games())
def test_a_panel_is_filled_by_its_drawing_with_no_band_of_empty_paper(slug):
    """A panel's limits fit what it draws: at the start, the middle and the end of a
    random game, the marks drawn reach to within an eighth of the panel of each of its
    four sides, and none passes a side."""
    import random

    from matplotlib.transforms import Bbox

    module = drawing_module(slug)
    game = make_game(slug)
    rng = random.Random(1)
    states = [game.initial_state()]
    while not states[-1].is_over() and len(states) < 60:
        states.append(states[-1].play(states[-1].random_move(rng)))
    for state in (states[0], states[len(states) // 2], states[-1]):
        with panel(slug, state) as (figure, ax):
            figure.canvas.draw()
            renderer = figure._get_renderer()
            drawn = Bbox.union([artist.get_window_extent(renderer) for artist in
                                [*ax.patches, *ax.lines, *ax.texts, *ax.collections]
                                if artist.get_visible()])
            area = ax.get_window_extent(renderer).frozen()
            plt.close(figure)
        width, height = area.width, area.height
        gaps = (drawn.x0 - area.x0, drawn.y0 - area.y0, area.x1 - drawn.x1, area.y1 - drawn.y1)
        assert all(-1 <= gap <= size / 8 for gap, size in zip(gaps, (width, height) * 2)), (
            slug, [round(g) for g in gaps], (round(width), round(height)))
