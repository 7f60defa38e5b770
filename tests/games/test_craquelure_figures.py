"""Craquelure's figures: legends, greyscale cues, badges, highlights, and the facts captions use."""

from __future__ import annotations

import math
import random
from pathlib import Path

import matplotlib
import numpy as np

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Polygon  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from rulebook.errors import OptionError  # noqa: E402
from rulebook.figure_style import Legend, render_panels  # noqa: E402
from rulebook.games import make_game  # noqa: E402
from rulebook.games.craquelure import drawing  # noqa: E402
from rulebook.games.craquelure.rules import is_settled  # noqa: E402
from rulebook.plane import distance_to_polyline  # noqa: E402
from rulebook.records import find_records, load_record  # noqa: E402

FIGURES = Path(__file__).resolve().parents[2] / "figures"
RECORDS = [p for p in find_records(FIGURES) if p.parent.name == "craquelure"]


def play(state, *moves):
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


def draw(state, **view):
    legend = Legend(drawing.MARKS)
    figure = plt.figure(figsize=drawing.PANEL_SIZE)
    ax = figure.add_axes((0, 0, 1, 1))
    artists = drawing.draw(ax, state, lang="en", legend=legend,
                           **{**drawing.VIEW_OPTIONS, **view})
    plt.close(figure)
    return artists, {mark.key for mark in legend.marks()}


def luma(rgba) -> float:
    r, g, b = rgba[:3]
    return 255 * (0.2126 * r + 0.7152 * g + 0.0722 * b)


def fills_by_kind(state, artists) -> dict[str, set[float]]:
    """The luma of every filled region patch, grouped by what owns the region under it."""
    kinds: dict[str, set[float]] = {}
    for artist in artists:
        if isinstance(artist, Polygon) and artist.get_fill():
            xy = artist.get_xy()[:-1]
            region = state.region_at(*(sum(c) / len(xy) for c in zip(*xy)))
            owner = "neutral" if region.owner is None else ("Blue", "Red")[region.owner]
            if region.id in state.winning_group:
                owner = "win-" + owner
            kinds.setdefault(owner, set()).add(round(luma(artist.get_facecolor()), 1))
    return kinds


# --- legends -----------------------------------------------------------------------


def expected_marks(record, panel) -> set[str]:
    """The kinds of mark a panel must show, worked out from the position and the view."""
    view = {**drawing.VIEW_OPTIONS, **panel.view}
    state = record.variation(panel.after, panel.then, None)[-1]
    marks = set()
    if view["lines"]:
        for region in state.regions.values():
            colour = None if region.owner is None else ("blue", "red")[region.owner]
            winning = view["dark_winner"] and region.id in state.winning_group
            marks.add("neutral" if colour is None else ("win-" if winning else "") + colour)
            if view["mark_settled"] and is_settled(region, state.settings):
                marks.add("settled")
        last = state.last
        marks |= {"handed"} if view["mark_handed"] and last and last.handed_over else set()
        marks |= {"cut"} if view["mark_cut"] and last else set()
        marks |= {"part"} if view["part_numbers"] and last else set()
    marks |= {"highlight"} if view["highlight"] else set()
    marks |= {"point"} if view["mark_points"] else set()
    marks |= {"area"} if view["areas"] else set()
    marks |= {"arc"} if view["arcs"] else set()
    marks |= {"grid"} if view["grid"] else set()
    marks |= {"refused"} if panel.attempt else set()
    return marks


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_legend_lists_exactly_the_marks_drawn(path):
    record = load_record(path, FIGURES)
    _, marks = render_panels(record, "en")
    expected = set().union(*(expected_marks(record, panel) for panel in record.panels))
    assert [m.key for m in marks] == [m.key for m in drawing.MARKS if m.key in expected]


def test_every_mark_has_a_name_in_both_languages_and_a_distinct_key():
    keys = [mark.key for mark in drawing.MARKS]
    assert len(keys) == len(set(keys))
    for mark in drawing.MARKS:
        assert mark.names["en"].strip() and mark.names["ja"].strip()


def test_a_mark_turned_off_leaves_the_legend():
    state = play(make_game("craquelure").initial_state(), "(0.86,0.1) 80 B1 R2")
    _, shown = draw(state)
    assert {"arc", "cut", "handed", "settled"} <= shown
    artists, hidden = draw(state, arcs=False, mark_cut=False, mark_handed=False,
                           mark_settled=False)
    assert not {"arc", "cut", "handed", "settled"} & hidden
    assert not any(isinstance(a, Text) and a.get_text() in "ABC" for a in artists)


# --- greyscale ---------------------------------------------------------------------


def test_ownership_differs_in_luminance_not_only_hue():
    record = load_record(FIGURES / "craquelure" / "ai-game.toml", FIGURES)
    state = record.replay()[-1]
    artists, _ = draw(state)
    kinds = fills_by_kind(state, artists)
    assert {"neutral", "Blue", "Red", "win-Red"} <= set(kinds)
    levels = {kind: values.pop() for kind, values in kinds.items() if len(values) == 1}
    assert len(levels) == len(kinds)  # one fill per kind
    ordered = sorted(levels.values())
    assert all(b - a >= 40 for a, b in zip(ordered, ordered[1:])), levels


def test_settled_regions_are_hatched_and_others_not():
    record = load_record(FIGURES / "craquelure" / "ai-game.toml", FIGURES)
    state = record.replay()[-1]
    artists, _ = draw(state)
    lines = [a for a in artists if isinstance(a, Line2D) and len(a.get_xydata()) == 2]
    hatched = set()
    for line in lines:
        (x0, y0), (x1, y1) = line.get_xydata()
        if abs((x1 - x0) - (y1 - y0)) < 1e-9:  # a 45-degree segment
            region = state.region_at((x0 + x1) / 2, (y0 + y1) / 2)
            if region is not None:
                hatched.add(region.id)
    settled = {r.id for r in state.regions.values() if is_settled(r, state.settings)}
    assert settled and hatched == settled


def test_the_hatching_stands_out_from_the_fill_it_is_drawn_on():
    """A settled region's hatch lines are light on a dark fill and dark on a light one:
    at least half the lightness scale apart, in every settled region of the cover game."""
    from matplotlib.colors import to_rgba

    record = load_record(FIGURES / "craquelure" / "ai-game.toml", FIGURES)
    state = record.replay()[-1]
    artists, _ = draw(state)
    fills = [a for a in artists if isinstance(a, Polygon) and a.get_fill()]
    checked = set()
    for line in artists:
        if not (isinstance(line, Line2D) and len(line.get_xydata()) == 2):
            continue
        (x0, y0), (x1, y1) = line.get_xydata()
        if abs((x1 - x0) - (y1 - y0)) > 1e-9:
            continue
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        under = [a for a in fills if a.get_path().contains_point(middle, a.get_patch_transform())]
        fill = max(under, key=lambda a: a.get_zorder()).get_facecolor()
        assert abs(luma(to_rgba(line.get_color())) - luma(fill)) >= 255 / 2, (middle, fill)
        checked.add(state.region_at(*middle).id)
    assert len(checked) >= 2


# --- badges and highlights ---------------------------------------------------------------


def badge_centres(artists) -> dict[str, tuple[float, float]]:
    return {a.get_text(): a.get_position() for a in artists
            if isinstance(a, Text) and a.get_text() in {"1", "2", "3"}}


def test_a_small_part_keeps_its_badge_outside_with_a_leader():
    state = play(make_game("craquelure").initial_state(), "(0.86,0.1) 80 B1 R2")
    small = state.regions[state.last.parts[2]]
    assert small.share() < 0.015  # the part the handover figure is about
    artists, _ = draw(state, part_numbers=True)
    centre = badge_centres(artists)["3"]
    outline = drawing.outline(small)
    assert not small.contains(*centre)
    assert distance_to_polyline(centre, outline, closed=True) > drawing.BADGE_RADIUS
    leaders = [a for a in artists if isinstance(a, Line2D)
               and tuple(a.get_xydata()[0]) == tuple(centre)]
    assert len(leaders) == 1 and small.contains(*leaders[0].get_xydata()[1])


def test_a_large_part_has_its_badge_inside():
    state = play(make_game("craquelure").initial_state(), "(0.1,-0.05) 100 B1 R2")
    artists, _ = draw(state, part_numbers=True)
    for number, centre in badge_centres(artists).items():
        assert state.regions[state.last.parts[int(number) - 1]].contains(*centre)


def test_highlight_outlines_the_region_holding_the_point():
    state = play(make_game("craquelure").initial_state(), "(0,0.74) 112.88 B3 R2")
    strip = state.region_at(0.0, 0.87)
    artists, marks = draw(state, highlight=[[0.0, 0.87]])
    ring = drawing.outline(strip)
    heavy = [a for a in artists if isinstance(a, Line2D) and a.get_linewidth() >= 1.4
             and len(a.get_xydata()) == len(ring) + 1]
    assert "highlight" in marks and heavy
    # every point of the ring is on the strip's boundary: within a hair of the region,
    # never deep inside it (the region's own test, not the outline the drawing used)
    points = heavy[0].get_xydata()
    nudges = (-1e-7, 0.0, 1e-7)
    assert all(any(strip.contains(x + dx, y + dy) for dx in nudges for dy in nudges)
               for x, y in points)
    assert not any(strip.contains(x, y, 1e-4) for x, y in points)
    with pytest.raises(OptionError):
        draw(state, highlight=[[2.0, 2.0]])


# --- the facts the captions use ------------------------------------------------------------


def test_seat_colours_and_swapper_follow_the_swap():
    game = make_game("craquelure")
    first = play(game.initial_state(), "(0.1,-0.05) 100 B1 R2")
    fact = {name: game.facts[name].compute for name in ("swapper", "seat_colour", "turn")}
    assert fact["swapper"](first) == "none"
    assert (fact["seat_colour"](first, "first"), fact["seat_colour"](first, "second")) == \
        ("Blue", "Red")
    swapped = play(first, "swap")
    assert fact["swapper"](swapped) == "Red"
    assert (fact["seat_colour"](swapped, "first"), fact["seat_colour"](swapped, "second")) == \
        ("Red", "Blue")
    # the player who opened moves next, in the colour the fact names
    assert swapped.turn == 0 and fact["turn"](swapped) == fact["seat_colour"](swapped, "first")
    with pytest.raises(OptionError):
        fact["seat_colour"](swapped, "third")


def test_part_numbers_follow_the_notation():
    game = make_game("craquelure")
    state = play(game.initial_state(), "(0.1,-0.05) 100 B3 R1")
    numbers = {}
    for region_id in state.last.parts:
        region = state.regions[region_id]
        x, y = drawing.label_point(region)
        numbers[region.owner] = game.facts["part_number_at"].compute(state, [x, y])
    assert numbers == {0: 3, 1: 1, None: 2}
    assert game.facts["part_number_at"].compute(state, [-0.6, 0.4]) == 0  # an outer region, not cut


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_no_badge_covers_a_settled_region(path):
    record = load_record(path, FIGURES)
    for panel in record.panels:
        view = {**drawing.VIEW_OPTIONS, **panel.view}
        if not view["part_numbers"]:
            continue
        state = record.variation(panel.after, panel.then, None)[-1]
        artists, _ = draw(state, **panel.view)
        window = view["window"]
        radius = drawing.BADGE_RADIUS * ((window[2] - window[0]) / drawing.VIEW_SPAN
                                         if window else 1.0)
        for region in state.regions.values():
            if not is_settled(region, state.settings):
                continue
            ring = drawing.outline(region)
            for number, centre in badge_centres(artists).items():
                inside = region.contains(*centre)
                if inside and state.last.parts[int(number) - 1] == region.id:
                    assert distance_to_polyline(centre, ring, closed=True) >= radius  # it fits
                else:
                    assert not inside and distance_to_polyline(centre, ring, closed=True) >= radius


def test_the_whole_game_is_the_game_on_the_cover():
    # the page says the move-by-move game is the one whose end opens the page
    cover = load_record(FIGURES / "craquelure" / "ai-game.toml", FIGURES)
    whole = load_record(FIGURES / "craquelure" / "whole-game.toml", FIGURES)
    assert whole.moves == cover.moves
    assert str(whole.replay()[-1]) == str(cover.replay()[-1])


def test_a_ray_from_inside_the_disk_runs_forward_to_the_rim():
    """drawing._rim_distance: from any point inside the unit disk, in any direction, the
    length along the ray to the rim (positive, and the end is on the circle)."""
    from rulebook.games.craquelure.drawing import _rim_distance

    rng = random.Random(2)
    for _ in range(500):
        radius, turn = math.sqrt(rng.random()) * 0.999, rng.uniform(0, 2 * math.pi)
        x, y, degrees = radius * math.cos(turn), radius * math.sin(turn), rng.uniform(0, 360)
        length = _rim_distance((x, y), degrees)
        end = (x + length * math.cos(math.radians(degrees)),
               y + length * math.sin(math.radians(degrees)))
        assert length > 0 and math.isclose(math.hypot(*end), 1.0, abs_tol=1e-9), (x, y, degrees)


@pytest.mark.parametrize("decimals", [0, 2])
def test_the_area_labels_are_the_areas_the_claims_quote(decimals):
    """With the ``areas`` view, each region is labelled with its share of the disk as the
    areas fact (which captions quote) writes it, to the decimals asked."""
    from conftest import random_steps

    game = make_game("craquelure")
    for seed, _, _, state in random_steps(game, range(3), max_moves=5):
        artists, marks = draw(state, areas=True, decimals=decimals)
        labels = sorted(a.get_text() for a in artists
                        if hasattr(a, "get_text") and a.get_text().endswith("%"))
        assert "area" in marks
        assert labels == sorted(game.facts["areas"].compute(state, decimals=decimals)), seed


def test_the_last_cut_is_drawn_as_three_rays_from_its_written_point_at_its_angles():
    """After each cut of seeded random games, the cut mark is three straight strokes,
    each from the point the move's text names, at the text's angle plus 0, 120 and 240
    degrees (read from the text here, not from the engine's move)."""
    import re

    written = re.compile(r"\((?P<x>[-\d.]+),(?P<y>[-\d.]+)\) (?P<angle>[\d.]+) ")
    cuts = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = make_game("craquelure").initial_state()
        for _ in range(8):
            if state.is_over():
                break
            move = state.random_move(rng)
            text = state.format_move(move)
            state = state.play(move)
            found = written.match(text)
            if not found:  # the swap
                continue
            x, y, angle = float(found["x"]), float(found["y"]), float(found["angle"])
            artists, _ = draw(state, mark_cut=True)
            rays = []
            for line in artists:
                if isinstance(line, Line2D) and len(line.get_xdata()) == 2:
                    (x0, x1), (y0, y1) = line.get_xdata(), line.get_ydata()
                    if math.isclose(x0, x, abs_tol=1e-6) and math.isclose(y0, y, abs_tol=1e-6):
                        rays.append(math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360)
            assert len(rays) == 3, (seed, text, rays)
            for k in range(3):
                want = (angle + 120 * k) % 360
                assert any(min(abs(got - want), 360 - abs(got - want)) < 0.01
                           for got in rays), (seed, text, rays)
            cuts += 1
    assert cuts >= 20


def test_owned_count_reads_the_owner_in_any_case_and_counts_every_region_once():
    """On the cover game's last position: 'Blue', 'blue' and 'BLUE' count the same; Blue,
    Red and neutral together count every region, each by its owner's colour."""
    record = load_record(FIGURES / "craquelure" / "ai-game.toml", FIGURES)
    state = record.replay()[-1]
    fact = state.game.facts["owned_count"]
    names = {0: "Blue", 1: "Red", None: "neutral"}
    for owner, name in names.items():
        counted = sum(r.owner == owner for r in state.regions.values())
        assert [fact.compute(state, owner=n) for n in (name, name.lower(), name.upper())] == [
            counted] * 3, name
    assert sum(fact.compute(state, owner=n) for n in names.values()) == len(state.regions)


def test_each_ray_of_a_refused_cut_is_drawn_to_the_edge_of_its_region():
    """A refused cut (a panel's ``attempt``) is drawn as its point and three dashed
    rays: in positions of random games, at cuts tried at random points and angles,
    each ray ends where the engine's geometry says it leaves the region (within the
    drawn outline's straightening of the rim)."""
    from rulebook.games.craquelure.geometry import ray_exit

    rng = random.Random(21)
    game = make_game("craquelure")
    checked = 0
    for _ in range(5):
        state = game.initial_state()
        for _ in range(rng.randrange(1, 7)):
            if state.is_over():
                break
            state = state.play(state.random_move(rng))
        for _ in range(3):
            move = state.random_move(rng) if not state.is_over() else None
            if move is None or not hasattr(move, "point"):
                continue
            region = state.region_at(*move.point)
            text = state.format_move(move)
            figure = plt.figure(figsize=drawing.PANEL_SIZE)
            ax = figure.add_axes((0, 0, 1, 1))
            drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS), attempt=text)
            plt.close(figure)
            rays = [line.get_xydata() for line in ax.lines
                    if line.get_zorder() == 5.5 and len(line.get_xydata()) == 2]
            assert len(rays) == 3, text
            for k, ray in enumerate(rays):
                assert math.dist(ray[0], move.point) < 1e-9
                angle = math.radians(float(move.angle) + 120 * k)
                _, exit_point = ray_exit(region.pts, region.edges, *move.point,
                                         math.cos(angle), math.sin(angle))
                assert math.dist(ray[1], exit_point) < 0.02, (text, k, ray[1], exit_point)
            checked += 1
    assert checked >= 10, checked


def test_each_goal_arc_s_letter_stands_outside_the_middle_of_the_arc_the_rules_name_so():
    """The letters A, B and C are drawn once each, outside the rim at the middle of
    the arc the engine gives that name (between its two boundaries), and a tick
    marks each boundary."""
    from rulebook.games.craquelure.starts import ARC_BOUNDARIES, ARC_NAMES

    state = make_game("craquelure").initial_state()
    figure, ax = plt.subplots()
    drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS), **drawing.VIEW_OPTIONS)
    letters = {t.get_text(): t.get_position() for t in ax.texts if t.get_text() in ARC_NAMES}
    plt.close(figure)
    assert sorted(letters) == sorted(ARC_NAMES)
    for name, boundary in zip(ARC_NAMES, ARC_BOUNDARIES):
        x, y = letters[name]
        assert math.hypot(x, y) > 1.05, name
        angle = math.degrees(math.atan2(y, x)) % 360
        middle = (boundary + 60) % 360
        assert min(abs(angle - middle), 360 - abs(angle - middle)) < 1, (name, angle, middle)


def test_every_region_is_outlined_all_the_way_round():
    """Each region is drawn as a closed shape: its edge is stroked from its last
    corner back to its first too (an open outline leaves one side of the region
    without its line), and the outline's corners are the region's own."""
    from matplotlib.path import Path as MplPath

    record = load_record(FIGURES / "craquelure" / "ai-game.toml", FIGURES)
    state = record.replay()[-1]
    artists, _ = draw(state)
    shapes = [a for a in artists if isinstance(a, Polygon) and a.get_edgecolor()[3] > 0]
    outlined = 0
    for region in state.regions.values():
        mine = [s for s in shapes if len(s.get_xy()) >= 3 and state.region_at(
            *np.mean(s.get_xy()[:-1], axis=0)) is region]
        for shape in mine:
            codes = shape.get_path().codes
            assert codes is not None and codes[-1] == MplPath.CLOSEPOLY, region.id
            outlined += 1
    assert outlined >= len(state.regions) // 2, outlined


def test_every_dot_keeps_its_size_on_paper_in_a_detail_window():
    """A ``window`` magnifies the disk, not the marks: the last cut's dot, the points of
    ``mark_points`` and the grid's points are as large on paper in a window of a
    quarter of the view as in the whole view (their radius in the disk's units scaled
    by the window's share of it)."""
    from matplotlib.patches import Circle

    rng = random.Random(4)
    state = make_game("craquelure", grid="square", grid_steps=10).initial_state()
    for _ in range(3):
        state = state.play(state.random_move(rng))
    x, y = state.last.centre
    span = drawing.VIEW_SPAN / 4
    window = (x - span / 2, y - span / 2, x + span / 2, y + span / 2)
    point = (x + span / 5, y - span / 5)

    def dots(**view) -> list[tuple[str, float]]:
        artists, _ = draw(state, mark_points=[point], grid=True, **view)
        return sorted((str(artist.get_facecolor()), round(artist.get_radius(), 6))
                      for artist in artists if isinstance(artist, Circle)
                      and artist.get_radius() < 0.1)

    whole, detail = dots(), dots(window=window)
    scale = span / drawing.VIEW_SPAN
    assert {kind for kind, _ in detail} == {kind for kind, _ in whole} and len(detail) >= 2
    sizes = {kind: radius for kind, radius in whole}
    for kind, radius in detail:
        assert radius == pytest.approx(sizes[kind] * scale, abs=1e-6), (kind, radius)


@pytest.mark.parametrize("grid, steps", [("square", 10), ("square", 5), ("triangular", 4),
                                         ("triangular", 10)])
def test_the_grid_s_dots_are_its_points_inside_the_rim_and_none_on_it(grid, steps):
    """A figure drawn with ``grid``: a dot on each grid point strictly inside the disk,
    where a cut may be made, and none on the rim (a 10-step square grid has (1, 0) and
    (0.6, 0.8) on it), nor outside."""
    from matplotlib.patches import Circle as Dot

    from rulebook.figure_style import INK

    state = make_game("craquelure", grid=grid, grid_steps=steps).initial_state()
    figure, ax = plt.subplots()
    drawing.draw(ax, state, lang="en", legend=Legend(drawing.MARKS), grid=True)
    plt.close(figure)
    ink = matplotlib.colors.to_rgba(INK)
    dots = sorted((round(p.center[0], 9), round(p.center[1], 9)) for p in ax.patches
                  if isinstance(p, Dot) and p.get_facecolor() == ink and p.radius < 0.02)
    lattice = state.settings.grid_points_in((-1.0, -1.0, 1.0, 1.0))
    inside = sorted((round(x, 9), round(y, 9)) for x, y in lattice if math.hypot(x, y) < 1 - 1e-9)
    on_rim = [p for p in lattice if abs(math.hypot(*p) - 1) < 1e-9]
    assert dots == inside and len(inside) > 10
    if (grid, steps) == ("square", 10):
        assert len(on_rim) >= 8  # (so the rim's points were there to leave out)
