"""Craquelure's rules against answers worked out independently: areas by exact
integration (sympy), the minimum area on both sides of its bound, the grids and
direction steps by hand, and the position's text and JSON from the rules page.
"""

from __future__ import annotations

import functools
import math
import random
from decimal import Decimal

import pytest
import sympy as sp

from rulebook.errors import IllegalMoveError
from rulebook.games import make_game
from rulebook.games.craquelure.moves import SWAP, Cut
from rulebook.games.craquelure.rules import owner_name

X, S = sp.symbols("x s", real=True)


def game(**options):
    return make_game("craquelure", **options)


def illegal(state, text) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        state.play(state.parse_move(text))
    return str(caught.value)


# --- exact areas ------------------------------------------------------------------

def _segment(a, b):
    """½∮(x dy − y dx) along the segment a -> b, integrated by sympy."""
    x, y = a[0] + S * (b[0] - a[0]), a[1] + S * (b[1] - a[1])
    return sp.integrate((x * sp.diff(y, S) - y * sp.diff(x, S)) / 2, (S, 0, 1))


def _arc(a, b):
    """The same along the rim counter-clockwise from a to b (both on the unit circle)."""
    start, end = sp.atan2(a[1], a[0]), sp.atan2(b[1], b[0])
    if sp.N(end - start) < 0:
        end += 2 * sp.pi
    x, y = sp.cos(S), sp.sin(S)
    return sp.integrate((x * sp.diff(y, S) - y * sp.diff(x, S)) / 2, (S, start, end))


@functools.cache
def _strip_cut(a):
    """The sectors start cut at (a, 1/2) at 90 degrees, in the right-hand sector
    (from 330 to 90 degrees): the three parts' exact areas.

    Ray 1 runs straight up to the rim at E1; ray 2 (210 degrees) meets the radius
    at 90 degrees at Q; ray 3 (330 degrees) runs parallel to the radius at 330
    degrees to the rim at E3.  Part 1 is the thin strip between the radius and
    ray 1, also integrated directly over x as a check of the boundary integrals.
    """
    b = sp.Rational(1, 2)
    p = (a, b)
    e1 = (a, sp.sqrt(1 - a ** 2))
    q = (sp.Integer(0), b - a / sp.sqrt(3))
    s = sp.solve((a + S * sp.sqrt(3) / 2) ** 2 + (b - S / 2) ** 2 - 1, S)
    s = max(s, key=lambda v: sp.N(v))
    e3 = (a + s * sp.sqrt(3) / 2, b - s / 2)
    top, origin, rim330 = (sp.Integer(0), sp.Integer(1)), (0, 0), (sp.sqrt(3) / 2, -b)
    part1 = _segment(p, e1) + _arc(e1, top) + _segment(top, q) + _segment(q, p)
    part2 = (_segment(p, q) + _segment(q, origin) + _segment(origin, rim330)
             + _arc(rim330, e3) + _segment(e3, p))
    part3 = _segment(p, e3) + _arc(e3, e1) + _segment(e1, p)
    direct = sp.integrate(sp.sqrt(1 - X ** 2) - (b - (a - X) / sp.sqrt(3)), (X, 0, a))
    assert sp.N(part1 - direct, 30) == 0 or abs(sp.N(part1 - direct, 30)) < 1e-25
    assert abs(sp.N(part1 + part2 + part3 - sp.pi / 3, 30)) < 1e-25
    return part1, part2, part3


def _percent(area) -> float:
    return float(sp.N(100 * area / sp.pi, 20))


def test_the_starts_are_exact_quarters_and_thirds():
    # the pinwheel's triangle: equilateral with inradius d = sqrt(pi / (12 sqrt 3))
    d = sp.sqrt(sp.pi / (12 * sp.sqrt(3)))
    assert sp.simplify(3 * sp.sqrt(3) * d ** 2 - sp.pi / 4) == 0
    state = game().initial_state()
    triangle = state.regions[4]
    for corner in triangle.pts:  # the corners are at twice the inradius from the centre
        assert math.hypot(*corner) == pytest.approx(float(2 * d), abs=1e-12)
    for region in state.regions.values():
        assert region.area == pytest.approx(float(sp.pi / 4), abs=1e-14)
    for region in game(start="sectors").initial_state().regions.values():
        assert region.area == pytest.approx(float(sp.pi / 3), abs=1e-14)
        assert region.share() == pytest.approx(1 / 3, abs=1e-14)


@pytest.mark.parametrize("a", ["0.0309", "0.25"])
def test_the_parts_of_a_cut_have_the_exact_areas(a):
    exact = _strip_cut(sp.Rational(a))
    state = game(start="sectors").initial_state()
    after = state.play(state.parse_move(f"({a},0.5) 90 B1 R2"))
    parts = [after.regions[i] for i in after.last.parts]
    assert [p.area for p in parts] == pytest.approx([float(v) for v in exact], abs=1e-13)
    assert [p.owner for p in parts] == [0, 1, None]
    assert after.last.region == 3 and 3 not in after.regions


def test_a_part_just_under_the_minimum_area_is_refused_and_one_just_over_allowed():
    """The minimum is 0.5% of the disk (rules page).  At x = 0.0308 the strip is
    0.4988% of the disk, at x = 0.0309 it is 0.5004%: both over half the minimum,
    so a rule with half the minimum would allow both."""
    under, over = (_percent(_strip_cut(sp.Rational(a))[0]) for a in ("0.0308", "0.0309"))
    assert 0.25 < under < 0.5 < over
    state = game(start="sectors").initial_state()
    message = illegal(state, "(0.0308,0.5) 90 B1 R2")
    assert message.endswith(f"part 1 would be {under:.4g}% of the disk, under the minimum "
                            f"area 0.5%")
    after = state.play(state.parse_move("(0.0309,0.5) 90 B1 R2"))
    assert 100 * after.regions[after.last.parts[0]].share() == pytest.approx(over, abs=1e-10)
    # with another minimum the bound moves with it
    assert "under the minimum area 0.4%" not in illegal(
        game(start="sectors", min_area_percent=0.6).initial_state(), "(0.0309,0.5) 90 B1 R2")
    assert game(start="sectors", min_area_percent=0.4).initial_state().play(
        state.parse_move("(0.0308,0.5) 90 B1 R2"))


def test_a_region_under_three_minimum_areas_is_settled_and_handed_over():
    """The strip of 0.5004% stays neutral (part 3 of this cut) if over three minima,
    else goes to the opponent at the end of the turn."""
    state = game(start="sectors").initial_state()
    assert illegal(state, "(0.0309,0.5) 90 R1").endswith(
        "Blue is to move and must name the part they take (B1, B2 or B3)")
    after = state.play(state.parse_move("(0.0309,0.5) 90 B2 R3"))
    strip = after.regions[after.last.parts[0]]
    assert strip.area < 3 * 0.005 * math.pi
    assert strip.owner == 1 and after.last.handed_over == (strip.id,)
    (line,) = [ln for ln in str(after).splitlines() if ln.startswith(f"#{strip.id} ")]
    assert line.startswith(f"#{strip.id:<3} Red ") and line.endswith(" settled")


# --- the position as text and JSON, from the rules page's start ------------------------

def test_the_pinwheel_start_as_text():
    """Four neutral quarters; the outer ones touch two arcs each (A top, B lower left,
    C lower right), the triangle none and borders all three."""
    assert str(game().initial_state()).splitlines() == [
        "#1   neutral  25.000%  arcs AB  next to 2,3,4",
        "#2   neutral  25.000%  arcs BC  next to 1,3,4",
        "#3   neutral  25.000%  arcs AC  next to 1,2,4",
        "#4   neutral  25.000%  arcs -   next to 1,2,3",
        "Blue to move",
    ]


def test_the_pinwheel_start_as_json():
    data = game().initial_state().to_json()
    assert (data["turn"], data["move_number"], data["swapped"], data["winner"],
            data["winning_group"]) == ("Blue", 0, False, None, [])
    assert [r["id"] for r in data["regions"]] == [1, 2, 3, 4]
    for region in data["regions"]:
        assert region["owner"] == "neutral" and region["settled"] is False
        assert region["area_percent"] == pytest.approx(25, abs=1e-12)
    assert [r["edges"] for r in data["regions"]] == [
        ["A", "B", 2, 4, 3], ["B", "C", 3, 4, 1], ["C", "A", 1, 4, 2], [1, 2, 3]]
    top = data["regions"][0]["vertices"]
    assert top[0] == pytest.approx([0, 1], abs=1e-15) and len(top) == 5
    assert data["regions"][0]["vertices"][1] == pytest.approx([-math.sqrt(3) / 2, 0.5], abs=1e-15)


def test_a_won_position_as_text_and_json():
    state = game(start="sectors").initial_state()
    rng = random.Random(5)
    while not state.is_over():
        state = state.play(state.random_move(rng))
    colour = ("Blue", "Red")[state.winner]
    text = str(state).splitlines()
    assert text[-1] == f"{colour} wins (connection)"
    starred = {int(line.split()[0][1:]) for line in text[:-1] if line.endswith(" *")}
    assert starred == set(state.winning_group)
    data = state.to_json()
    assert data["turn"] is None and data["winner"] == colour
    assert data["winning_group"] == sorted(state.winning_group)
    assert {r["owner"] for r in data["regions"] if r["id"] in state.winning_group} == {colour}
    assert owner_name(None) == "neutral" and owner_name(0) == "Blue" and owner_name(1) == "Red"


# --- grids and direction steps, worked by hand ------------------------------------------

def test_square_grid_points_and_snapping():
    settings = game(grid="square", grid_steps=4).settings  # step 0.5
    assert settings.grid_spacing == 0.5
    points = settings.grid_points_in((-0.6, -0.1, 0.6, 1.0))
    assert sorted(points) == sorted((x, y) for x in (-0.5, 0.0, 0.5) for y in (0.0, 0.5, 1.0))
    assert settings.grid_points_in((0.1, 0.1, 0.4, 0.4)) == []
    assert settings.grid_point(0.5000004, -0.4999996) == (0.5, -0.5)
    assert settings.grid_point(0.500001, 0.5) is None
    assert settings.grid_point(0.5, 0.499999) is None


def test_triangular_grid_points_and_snapping():
    settings = game(grid="triangular", grid_steps=2).settings  # step 1, rows sqrt(3)/2 apart
    h = math.sqrt(3) / 2
    points = settings.grid_points_in((-1.2, -1.0, 1.2, 1.0))
    expected = [(-1.0, 0.0), (0.0, 0.0), (1.0, 0.0), (-0.5, -h), (0.5, -h), (-0.5, h), (0.5, h)]
    flat = [c for point in sorted(points) for c in point]
    assert flat == pytest.approx([c for point in sorted(expected) for c in point], abs=1e-15)
    assert settings.grid_point(0.5, 0.866025) == pytest.approx((0.5, h), abs=1e-15)
    assert settings.grid_point(0.0, 0.866025) is None  # odd rows are shifted by half a step
    assert settings.grid_point(1.0000004, 0.0) == (1.0, 0.0)
    assert settings.grid_point(0.5, 0.86603) is None
    fine = game(grid="triangular", grid_steps=10).settings  # step 0.2: row 3 is shifted
    assert fine.grid_point(0.1, 0.519615) == pytest.approx((0.1, 3 * 0.2 * h), abs=1e-15)
    assert fine.grid_point(0.75, 0.433013) is None
    assert game(grid="triangular", grid_steps=4).settings.grid_point(0.75, 0.433013) == \
        pytest.approx((0.75, 0.5 * h), abs=1e-15)


def test_direction_steps():
    settings = game(directions=6, first_direction=90.0).settings
    assert settings.cut_angles() == pytest.approx([90, 150, 210, 270, 330, 30])
    assert settings.allowed_angle(30.0) == pytest.approx(30)
    assert settings.allowed_angle(330.0000000001) == pytest.approx(330)
    assert settings.allowed_angle(45.0) is None and settings.allowed_angle(30.001) is None
    wrap = game(directions=3, first_direction=0.0).settings
    assert wrap.allowed_angle(359.9999999999) == 0.0  # 360 is 0 degrees
    assert wrap.allowed_angle(120.0) == 120.0 and wrap.allowed_angle(60.0) is None
    assert "the angle 45 is not one of the 6 allowed directions (90 degrees and every 60 " \
        "degrees from it)" in illegal(game(directions=6).initial_state(), "(0,0) 45 B1 R2")


@pytest.mark.parametrize("options", [dict(directions=3), dict(directions=9), dict(directions=360),
                                     dict(grid_steps=2), dict(grid_steps=1000),
                                     dict(first_direction=0.0), dict(first_direction=359.5),
                                     dict(min_area_percent=8.3),  # three parts of a quarter
                                     dict(start="sectors", min_area_percent=11.1)])  # of a third
def test_the_edges_of_the_allowed_options(options):
    state = game(**options).initial_state()
    assert state.play(state.random_move(random.Random(0)))


@pytest.mark.parametrize("options, message", [
    (dict(directions=-3), "must be 0 (any real angle) or a divisor of 360 that is a multiple of 3"),
    (dict(directions=8), "must be 0 (any real angle) or a divisor of 360 that is a multiple of 3"),
    (dict(grid_steps=1001), "must be from 2 to 1000"),
    (dict(min_area_percent=0.0), "must be above 0 and under 33.3"),
    (dict(min_area_percent=100 / 3), "must be above 0 and under 33.3"),
    (dict(first_direction=-1.0), "must be at least 0 and under 360"),
    (dict(min_area_percent=8.4), "with start=pinwheel, min_area_percent=8.4, no region of the "
                                 "start can be cut into three parts of the minimum area"),
    (dict(start="sectors", min_area_percent=11.2), "so the game could not begin"),
])
def test_option_errors_say_what_is_allowed(options, message):
    from rulebook.errors import OptionError

    with pytest.raises(OptionError) as caught:
        game(**options)
    assert message in str(caught.value)


# --- rules' messages, each naming its rule ------------------------------------------------

def test_each_illegal_cut_names_its_rule_exactly():
    state = game(start="sectors").initial_state()
    assert illegal(state, "(0.8,0.6) 0 B1 R2").endswith(
        "the cut point (0.8, 0.6) is not inside the disk (radius 1)")
    assert illegal(state, "(0,0.5) 0 B1 R2").endswith(
        "the cut point (0, 0.5) lies on a line; it must be strictly inside a region")
    assert illegal(state, "#1 (0.5,0.1) 0 B1 R2").endswith(
        "the cut point (0.5, 0.1) is in region 3, not region 1")
    assert illegal(state, "(0.5,0.1) 0 B1").endswith(
        "cutting neutral region 3 gives one part to each player: name the part for Red too")
    assert illegal(state, "(-0.5,0.5) 315 B1 R2").endswith(
        "ray 1 (at 315 degrees) ends on an existing vertex at (0, 0); rays must end on an "
        "edge between vertices")
    assert illegal(state, "(-0.5,-0.5) 285 B1 R2").endswith(  # 285 + 120 = 405: 45 degrees
        "ray 2 (at 45 degrees) ends on an existing vertex at (0, 0); rays must end on an edge "
        "between vertices")
    assert illegal(state, "(0,-0.5) 150 B1 R2").endswith(
        "ray 2 (at 270 degrees) ends on an arc boundary at (-1.83697e-16, -1); rays must end "
        "on an edge between vertices")
    after = state.play(state.parse_move("(0.5,0.1) 0 B1 R2"))
    blue = after.regions[after.last.parts[0]]
    assert blue.owner == 0
    x, y = (sum(p[i] for p in blue.pts) / len(blue.pts) for i in (0, 1))
    text = f"({x:.6f},{y:.6f}) 0"
    assert illegal(after, f"{text} R1 B2").endswith(
        f"cutting Blue's region {blue.id}, name only your part; the other two stay Blue's")
    red = after.regions[after.last.parts[1]]
    rx, ry = (sum(p[i] for p in red.pts) / len(red.pts) for i in (0, 1))
    assert illegal(after, f"({rx:.6f},{ry:.6f}) 0 R1 B2").endswith(
        f"region {red.id} is Red's own; you may cut only a neutral region or your opponent's")
    assert illegal(after.play(SWAP), "swap").endswith(
        "swap is allowed only once, as Red's reply to Blue's first move (pie rule)")


def test_a_ray_ending_on_each_arc_boundary_is_refused():
    state = game(start="sectors", min_area=False).initial_state()
    # level rays at height 1/2 meet the rim at 30 and 150 degrees, the arc boundaries;
    # a degree off, the ray lands on the rim between vertices
    for point, angle, where in (((0.3, 0.5), 0, "(0.866025, 0.5)"),
                                ((-0.3, 0.5), 180, "(-0.866025, 0.5)")):
        cut = Cut(Decimal(str(point[0])), Decimal(str(point[1])), Decimal(angle), (("B", 1), ("R", 2)))
        reason = state._illegal_reason(cut)
        assert reason == (f"ray 1 (at {angle} degrees) ends on an arc boundary at {where}; "
                          "rays must end on an edge between vertices")
        moved = Cut(cut.x, cut.y, Decimal(angle + 1), cut.parts)
        assert state._illegal_reason(moved) is None


# --- moves listed, the pie rule's seats, random moves ---------------------------------------

def test_listed_moves_hand_out_the_parts_every_way():
    state = game().initial_state()
    cuts = [m for m in state.legal_moves() if m is not SWAP]
    assert SWAP not in state.legal_moves()
    by_cut = {}
    for move in cuts:
        by_cut.setdefault((move.x, move.y, move.angle), []).append(move.parts)
    for parts in by_cut.values():  # a neutral region: mine and theirs, distinct
        assert sorted(parts) == sorted((("B", m), ("R", t)) for m in (1, 2, 3) for t in (1, 2, 3) if m != t)
    after = state.play(cuts[0])
    assert SWAP in after.legal_moves()
    red_to_move = after.play(SWAP)
    blue = [r for r in red_to_move.regions.values() if r.owner == 0]
    owned = [m for m in red_to_move.legal_moves()
             if red_to_move.region_at(*m.point).owner == 0]
    assert blue and owned and {m.parts for m in owned} == {(("R", k),) for k in (1, 2, 3)}


def test_after_a_swap_seats_are_named_by_the_colour_they_play():
    first = game().initial_state().play(game().initial_state().parse_move("(0,0) 90 B1 R2"))
    assert [first.player_name(s) for s in (0, 1)] == ["Blue", "Red"]
    swapped = first.play(SWAP)
    assert [swapped.player_name(s) for s in (0, 1)] == ["Red", "Blue"]
    assert swapped.player_name(0, "ja") == "赤" and swapped.player_name(None) == game().player_name(None)
    assert (swapped.turn, swapped.move_number, swapped.swapped) == (0, 2, True)
    assert swapped.next_id == first.next_id and swapped.regions is first.regions


def test_random_moves_swap_about_half_the_time_and_stop_at_the_end():
    first = game().initial_state().play(game().initial_state().parse_move("(0,0) 90 B1 R2"))
    rng = random.Random(1)
    swaps = sum(first.random_move(rng) is SWAP for _ in range(200))
    assert 60 < swaps < 140
    later = first.play(first.parse_move("(0.7,0.2) 0 R1 B2"))
    assert all(later.random_move(rng) is not SWAP for _ in range(20))
    state = game(start="sectors").initial_state()
    while not state.is_over():
        state = state.play(state.random_move(rng))
    with pytest.raises(ValueError, match="the game is over"):
        state.random_move(rng)
    assert state.legal_moves() == [] and state.turn is None


def test_cuttable_regions_are_the_unsettled_ones_not_the_movers():
    state = game(start="sectors").initial_state()
    after = state.play(state.parse_move("(0.0309,0.5) 90 B2 R3"))  # Red to move
    cuttable = {r.id for r in after.cuttable()}
    expected = {r.id for r in after.regions.values() if r.owner != 1 and r.area >= 3 * 0.005 * math.pi}
    assert cuttable == expected and after.last.parts[0] not in cuttable
    assert {r.id for r in after.cuttable(0)} == {r.id for r in after.regions.values()
                                                 if r.owner != 0 and r.area >= 3 * 0.005 * math.pi}


@pytest.mark.parametrize("grid", ["square", "triangular"])
@pytest.mark.parametrize("steps", [3, 5, 8, 20])
def test_grid_points_in_a_box_are_the_lattice_points_and_each_snaps_to_itself(grid, steps):
    """Against the lattice enumerated by brute force (rows of the triangular grid
    sqrt(3)/2 steps apart, every other row shifted by half a step), in boxes
    around and away from the origin: the points listed are exactly the lattice
    points inside, each one is a grid point, and a point between them is not."""
    settings = game(grid=grid, grid_steps=steps).settings
    s = 2 / steps
    h = s * math.sqrt(3) / 2 if grid == "triangular" else s
    lattice = [((i + (row / 2 if grid == "triangular" else 0)) * s, row * h)
               for row in range(-2 * steps, 2 * steps + 1) for i in range(-2 * steps, 2 * steps + 1)]
    for box in [(-1.0, -1.0, 1.0, 1.0), (0.13, 0.21, 0.97, 0.88), (-0.9, -0.7, -0.05, 0.4)]:
        inside = sorted((x, y) for x, y in lattice
                        if box[0] <= x <= box[2] and box[1] <= y <= box[3])
        listed = sorted(settings.grid_points_in(box))
        assert len(listed) == len(inside) > 0
        assert [c for p in listed for c in p] == pytest.approx([c for p in inside for c in p],
                                                               abs=1e-12)
        for x, y in inside:
            assert settings.grid_point(x, y) == pytest.approx((x, y), abs=1e-12)
            assert settings.grid_point(x + s / 2, y + h / 2) is None  # between rows and columns
            assert settings.grid_point(x + 1e-6, y) is None
            assert settings.grid_point(x, y - 1e-6) is None


def test_a_part_of_exactly_the_minimum_area_is_allowed():
    """"At least the minimum": with the minimum set to the very share a cut's smallest
    part has (as exact as floats carry it), the cut is allowed, and a minimum a hair
    larger refuses it."""
    import math

    cut = "(0.0309,0.5) 90 B1 R2"
    after = game(start="sectors").initial_state().play(
        game(start="sectors").initial_state().parse_move(cut))
    percent = 100 * after.regions[after.last.parts[0]].share()
    state = game(start="sectors", min_area_percent=percent).initial_state()
    assert state.play(state.parse_move(cut))
    larger = game(start="sectors", min_area_percent=percent * (1 + 1e-9)).initial_state()
    assert "under the minimum area" in illegal(larger, cut)
    assert math.isclose(percent, 0.5004058, rel_tol=1e-6)


def test_a_ray_leaves_a_region_through_the_edge_it_names_at_the_point_it_names():
    """geometry.ray_exit, the rays' ends of every cut: from points inside the regions of
    random games (regions with one rim arc, with two, with none), in random directions,
    the exit point is ahead on the ray, inside the region all the way to it, and on
    the edge named: on its segment for a straight edge, on the rim between the arc's
    ends (counter-clockwise) for an arc."""
    from rulebook.games.craquelure.geometry import ray_exit

    rng = random.Random(12)
    game = make_game("craquelure")
    arcs_seen = set()
    checked = 0
    for _ in range(6):
        state = game.initial_state()
        for _ in range(8):
            if state.is_over():
                break
            state = state.play(state.random_move(rng))
        for region in state.regions.values():
            pts, edges = region.pts, region.edges
            arcs_seen.add(sum(e < 0 for e in edges))
            inside = [(x, y) for x, y in ((rng.uniform(-1, 1), rng.uniform(-1, 1)) for _ in range(400))
                      if region.contains(x, y, 1e-9) and math.hypot(x, y) < 0.999][:6]
            for px, py in inside:
                angle = rng.uniform(0, 2 * math.pi)
                dx, dy = math.cos(angle), math.sin(angle)
                i, (x, y) = ray_exit(pts, edges, px, py, dx, dy)
                t = (x - px) * dx + (y - py) * dy
                assert t > 0 and math.hypot(px + t * dx - x, py + t * dy - y) < 1e-9
                for share in (0.25, 0.5, 0.9):
                    assert region.contains(px + share * t * dx, py + share * t * dy, 1e-9)
                a, b = pts[i], pts[(i + 1) % len(pts)]
                if edges[i] >= 0:  # straight: on the segment from a to b
                    ex, ey = b[0] - a[0], b[1] - a[1]
                    s = ((x - a[0]) * ex + (y - a[1]) * ey) / (ex * ex + ey * ey)
                    assert -1e-9 <= s <= 1 + 1e-9
                    assert abs((x - a[0]) * ey - (y - a[1]) * ex) / math.hypot(ex, ey) < 1e-9
                else:  # on the rim, counter-clockwise from a no further than b
                    assert abs(math.hypot(x, y) - 1) < 1e-9
                    turn = (math.atan2(y, x) - math.atan2(a[1], a[0])) % (2 * math.pi)
                    span = (math.atan2(b[1], b[0]) - math.atan2(a[1], a[0])) % (2 * math.pi)
                    assert turn <= span + 1e-9 or turn > 2 * math.pi - 1e-9, (turn, span)
                checked += 1
    assert checked >= 100 and {0, 1, 2} <= arcs_seen, (checked, arcs_seen)


@pytest.mark.parametrize("options", [
    {"grid": "square", "grid_steps": 6}, {"grid": "triangular", "grid_steps": 6},
    {"grid": "triangular", "grid_steps": 2},  # coarse: corners leave neighbours uncuttable
    {"directions": 6}, {"grid": "square", "grid_steps": 8, "directions": 12},
], ids=["square", "triangular", "coarse", "directions", "both"])
def test_no_neutral_region_is_left_that_nobody_may_cut(options):
    """The rules page: a neutral region that can no longer be cut goes to the player
    who did not make it so, at the end of the turn.  With a grid or a direction step a
    cut can leave a neighbour uncuttable too (a new corner on its edge), so after every
    move of random games, every region still neutral has a legal cut; and the game is
    won exactly when, looking at every region (not only those the cut made or handed
    over), a colour's regions joined by shared edges reach all three arcs."""
    from rulebook.games.craquelure.rules import NEUTRAL, is_settled

    rng = random.Random(5)
    positions = 0
    for _ in range(6):
        state = game(**options).initial_state()
        while not state.is_over():
            state = state.play(state.random_move(rng))
            positions += 1
            for region in state.regions.values():
                if region.owner is NEUTRAL:
                    assert not is_settled(region, state.settings), (options, state.move_number,
                                                                    region.id)
            assert state.winner == winner_of_every_group(state.regions), (options,
                                                                          state.move_number)
    assert positions >= 6  # (a coarse grid's game may end at its first cut)


def winner_of_every_group(regions):
    """The colour whose regions, joined by shared edges, reach all three goal arcs,
    found by walking every group of every colour (None: nobody's yet)."""
    winners, seen = set(), set()
    for start, region in regions.items():
        if start in seen or region.owner is None:
            continue
        group, todo, arcs = {start}, [start], set()
        while todo:
            here = regions[todo.pop()]
            arcs |= here.arcs()
            for other in here.neighbours() - group:
                if regions[other].owner == region.owner:
                    group.add(other)
                    todo.append(other)
        seen |= group
        if arcs == {0, 1, 2}:
            winners.add(region.owner)
    assert len(winners) <= 1, winners
    return next(iter(winners), None)


def test_a_neighbour_handed_over_that_completes_a_connection_wins(monkeypatch):
    """At the end of a turn every settled neutral region goes to the opponent, a
    neighbour of the cut region too (with a grid or a direction step a cut can leave
    it uncuttable; random games seldom meet it, so here ``is_settled`` says so of one
    neighbour): where that region joins the opponent's regions to the third arc, the
    opponent has won, though no part of the cut is joined to it.  (The group is found
    with the engine's ``connected_group``; test_no_neutral_region_is_left_that_nobody_may_cut
    checks every winner against a walk of every group.)"""
    from rulebook.games.craquelure import rules

    settled, met = rules.is_settled, 0
    rng = random.Random(8)
    for _ in range(12):
        state = game().initial_state()
        while not state.is_over() and met < 6:
            opponent = 1 - state.colour_to_move
            for move in [m for m in state.legal_moves() if isinstance(m, Cut)][:12]:
                old = state.region_at(float(move.x), float(move.y))
                after = state.play(move)
                for neighbour in sorted(old.neighbours()):
                    if after.regions[neighbour].owner is not None or after.winner is not None:
                        continue
                    regions = {**after.regions,
                               neighbour: after.regions[neighbour].with_owner(opponent)}
                    joined = rules.connected_group(regions, neighbour)
                    if len(rules.arcs_of(regions, joined)) < 3 or set(joined) & set(after.last.parts):
                        continue  # (the parts' own win is found by them)
                    monkeypatch.setattr(rules, "is_settled", lambda region, settings: (
                        region.id == neighbour or settled(region, settings)))
                    handed = state.play(move)
                    monkeypatch.setattr(rules, "is_settled", settled)
                    assert neighbour in handed.last.handed_over
                    assert handed.winner == opponent, (str(state), state.format_move(move))
                    met += 1
            state = state.play(state.random_move(rng))
    assert met >= 6, met
