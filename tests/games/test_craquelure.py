"""Craquelure rules: starts, cuts, the vertex and area rules, settling, the pie rule, winning."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings

from rulebook.errors import IllegalMoveError, OptionError
from rulebook.games import make_game
from rulebook.games.craquelure import geometry as geo
from rulebook.games.craquelure.rules import connected_group, arcs_of, is_settled
from rulebook.games.craquelure.search import best_cut, find_legal_cut, smallest_part
from rulebook.games.craquelure.starts import PINWHEEL_OFFSET

from conftest import random_steps
from craquelure_games import played_games

PI = math.pi


def game(**options):
    return make_game("craquelure", **options)


def play(state, *moves):
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


def random_game(seed, **options):
    """Every position of one random game."""
    rng = random.Random(seed)
    state = game(**options).initial_state()
    states = [state]
    while not state.is_over():
        state = state.play(state.random_move(rng))
        states.append(state)
    return states


def illegal(state, text) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        state.play(state.parse_move(text))
    return str(caught.value)


# --- the starts ---------------------------------------------------------------


def test_pinwheel_has_four_equal_quarters():
    state = game().initial_state()
    assert len(state.regions) == 4
    for region in state.regions.values():
        assert abs(region.area - PI / 4) < 1e-12 * PI


def test_pinwheel_triangle_matches_the_measured_shape():
    triangle = game().initial_state().regions[4]
    corners = triangle.pts
    sides = [math.dist(corners[i], corners[(i + 1) % 3]) for i in range(3)]
    for side in sides:
        assert side == pytest.approx(math.sqrt(PI / math.sqrt(3)), abs=1e-12)
    assert PINWHEEL_OFFSET == pytest.approx(0.388780, abs=1e-6)
    # each side lies on a line at that distance from the centre, and the centre is inside
    assert triangle.contains(0.0, 0.0, 0.1)


def test_outer_regions_touch_two_arcs_and_the_triangle_none():
    state = game().initial_state()
    assert [sorted(state.regions[i].arcs()) for i in (1, 2, 3)] == [[0, 1], [1, 2], [0, 2]]
    assert state.regions[4].arcs() == set()
    assert state.regions[4].neighbours() == {1, 2, 3}


def test_sectors_are_thirds():
    state = game(start="sectors").initial_state()
    assert len(state.regions) == 3
    for region in state.regions.values():
        assert abs(region.area - PI / 3) < 1e-12 * PI
        assert len(region.arcs()) == 2


# --- cutting ------------------------------------------------------------------


def test_neutral_cut_gives_one_part_to_each_and_keeps_one_neutral():
    state = play(game().initial_state(), "(0,0) 90 B1 R2")
    owners = sorted(str(r.owner) for r in state.regions.values() if r.id > 4)
    assert owners == ["0", "1", "None"]
    assert 4 not in state.regions
    assert sum(r.area for r in state.regions.values()) == pytest.approx(PI, abs=1e-12)


def _interior_point(region):
    from rulebook.games.craquelure.search import decimal6, vertex_centroid

    cx, cy = vertex_centroid(region)
    return decimal6(cx), decimal6(cy)


def test_cut_of_opponents_region():
    state = play(game().initial_state(), "(0,0) 90 B1 R2")
    blue = next(r for r in state.regions.values() if r.owner == 0)
    x, y = _interior_point(blue)
    after = play(state, f"({x},{y}) 0 R3")
    parts = [after.regions[i] for i in (8, 9, 10)]
    assert [p.owner for p in parts] == [0, 0, 1]
    assert sum(p.area for p in parts) == pytest.approx(blue.area, abs=1e-14)


def test_you_may_not_cut_your_own_region():
    state = play(game().initial_state(), "(0,0) 90 B1 R2", "(0.5,0.3) 10 R1 B2")
    blue = next(r for r in state.regions.values() if r.owner == 0)
    x, y = _interior_point(blue)
    assert "Blue's own" in illegal(state, f"({x},{y}) 0 B1")


def test_point_outside_the_disk_or_on_a_line():
    state = game(start="sectors").initial_state()
    assert "not inside the disk" in illegal(state, "(0.8,0.6) 0 B1 R2")
    assert "lies on a line" in illegal(state, "(0,0.5) 0 B1 R2")  # on the radius at 90 degrees


def test_ray_may_not_end_on_a_vertex_or_an_arc_boundary():
    state = game(start="sectors").initial_state()
    assert "existing vertex" in illegal(state, "(-0.5,0.5) 315 B1 R2")  # aims at the centre
    assert "arc boundary" in illegal(state, "(0,-0.5) 270 B1 R2")  # aims at 270 degrees


def test_ray_may_not_end_on_a_t_junction():
    state = play(game(start="sectors").initial_state(), "(-0.5,0.5) 0 B1 R2")
    # the first ray ended on the radius at (0, 0.5): now a vertex of the right sector too
    right = state.regions[3]
    assert any(math.dist(p, (0.0, 0.5)) < 1e-12 for p in right.pts)
    assert "existing vertex" in illegal(state, "(0.5,0.5) 180 R1 B2")


def test_ray_may_not_end_where_a_line_meets_the_rim():
    # the pinwheel's line from the top meets the rim at (0, 1); a ray at 45 degrees from
    # (-0.3, 0.7) runs to exactly that line end, and one a degree off lands on the rim
    state = game().initial_state()
    assert "existing vertex" in illegal(state, "(-0.3,0.7) 45 B1 R2")
    assert play(state, "(-0.3,0.7) 46 B1 R2")


def test_parts_must_reach_the_minimum_area():
    # a strip 0.01 wide beside the radius at 90 degrees: about 0.16% of the disk
    state = game(start="sectors").initial_state()
    message = illegal(state, "(0.01,0.5) 90 B1 R2")
    assert "part 1 would be 0.16" in message and "under the minimum area 0.5%" in message
    assert play(game(start="sectors", min_area=False).initial_state(), "(0.01,0.5) 90 B1 R2")


def test_assignment_rules():
    state = game().initial_state()
    assert "part for Red" in illegal(state, "(0,0) 90 B1")
    assert "must name the part they take" in illegal(state, "(0,0) 90 R1 R2".replace("R2", ""))
    state = play(state, "(0,0) 90 B1 R2")
    blue = next(r for r in state.regions.values() if r.owner == 0)
    x, y = _interior_point(blue)
    assert "name only your part" in illegal(state, f"({x},{y}) 0 R1 B2")


def test_region_id_in_the_move_is_checked():
    state = game().initial_state()
    assert play(state, "#4 (0,0) 90 B1 R2")
    assert "in region 4, not region 2" in illegal(state, "#2 (0,0) 90 B1 R2")


# --- settled regions and the end of the turn ----------------------------------


def test_settled_neutral_part_goes_to_the_opponent():
    handed = 0
    for seed in range(10):
        states = random_game(seed)
        for before, after in zip(states, states[1:]):
            if after.last is None:
                continue
            for region_id in after.last.handed_over:
                part = after.regions[region_id]
                assert part.owner == 1 - before.colour_to_move
                assert part.area < 3 * after.settings.min_area
                handed += 1
            for region_id in after.last.parts:
                part = after.regions.get(region_id)
                if part is not None and part.owner is None:
                    assert not is_settled(part, after.settings)
    assert handed >= 3


@settings(max_examples=3, deadline=None)
@given(played_games(options={"start": "pinwheel"}))
def test_settled_means_under_three_minimum_areas(game):
    """Standard settings: every region of at least 3 minimum areas has an equal split.

    The search is independent of the engine's shortcut (area alone): it looks
    for the most balanced cut and finds its smallest part is a third of the region.
    """
    _, _, states = game
    regions = sorted(states[-1].regions.values(), key=lambda r: -r.area)
    checked = 0
    for region in (regions[0], regions[len(regions) // 2]):
        value, point, angle = best_cut(region)
        assert value == pytest.approx(region.area / 3, rel=1e-4)
        # the cut it names is the one it measured: its point and angle give that split
        assert smallest_part(region, point, angle) == pytest.approx(value, rel=1e-9)
        checked += 1
    assert checked >= 2


def test_equal_split_of_extreme_shapes():
    """Thin slivers and a near-triangle: the most balanced cut is still an equal split."""
    state = game(min_area=False).initial_state()
    state = play(state, "(0.6,0.53) 90 B1 R2")  # a sliver along the rim and the line
    for region in (state.regions[i] for i in state.last.parts):
        value, point, angle = best_cut(region)
        assert value == pytest.approx(region.area / 3, rel=1e-4)
        assert smallest_part(region, point, angle) == pytest.approx(value, rel=1e-9)
        for allowed in ((0.0, 45.0), (30.0,)):  # only these first-ray angles
            value, point, angle = best_cut(region, angles=allowed)
            assert angle in allowed
            assert smallest_part(region, point, angle) == pytest.approx(value, rel=1e-9)


def test_grid_settledness_is_searched():
    # a coarse grid: regions without a grid point inside cannot be cut however large
    options = dict(grid="square", grid_steps=4, directions=6)
    state = game(**options).initial_state()
    assert "not on the square grid" in illegal(state, "(0.1,0) 90 B1 R2")
    assert "not one of the 6 allowed directions" in illegal(state, "(0,0) 45 B1 R2")
    after = play(state, "(0,0) 90 B1 R2")
    for region in after.regions.values():
        found = find_legal_cut(region, after.settings)
        points = [p for p in after.settings.grid_points_in(region.box)
                  if region.contains(*p, geo.EPS)]
        if not points:
            assert found is None and is_settled(region, after.settings)
        if found is not None:
            (x, y), angle = found
            assert (x, y) in points and angle in after.settings.cut_angles()


def test_direction_step_with_free_points_is_searched():
    state = game(directions=3, first_direction=90.0).initial_state()
    assert "allowed directions" in illegal(state, "(0,0) 30 B1 R2")
    after = play(state, "(0,0) 210 B1 R2")
    for region in after.regions.values():
        found = find_legal_cut(region, after.settings)
        assert (found is None) == is_settled(region, after.settings)


def test_triangular_grid_points():
    state = game(grid="triangular", grid_steps=10).initial_state()
    # rows are sqrt(3)/2 * 0.2 apart; odd rows are shifted by half a step
    assert play(state, "(0.1,0.173205) 90 B1 R2")
    assert "not on the triangular grid" in illegal(state, "(0,0.173205) 90 B1 R2")


# --- the pie rule ---------------------------------------------------------------


def test_swap_once_after_blues_first_move():
    state = game().initial_state()
    assert "pie rule" in illegal(state, "swap")
    first = play(state, "(0,0) 90 B1 R2")
    assert first.turn == 1 and first.colour_to_move == 1
    swapped = play(first, "swap")
    # the seats trade colours: seat 0 made the first move and now plays Red, to move
    assert swapped.turn == 0 and swapped.colour_to_move == 1
    assert swapped.regions == first.regions
    assert "pie rule" in illegal(swapped, "swap")
    later = play(first, "(0.7,0.2) 0 R1 B2")
    assert "pie rule" in illegal(later, "swap")


def test_without_the_pie_rule_red_may_never_swap():
    """With ``pie = false`` the swap is refused where the pie rule would allow it (Red's
    reply to Blue's first move), by a reason that says the rule is off, and it is
    never among the moves listed or drawn."""
    first = play(game(pie=False).initial_state(), "(0,0) 90 B1 R2")
    assert illegal(first, "swap").endswith(
        "swap is not allowed: this game is played without the pie rule")
    assert "swap" not in {first.format_move(move) for move in first.legal_moves()}
    rng = random.Random(5)
    assert "swap" not in {first.format_move(first.random_move(rng)) for _ in range(100)}


def test_after_a_swap_the_winner_is_the_seat_holding_the_colour():
    rng = random.Random(3)
    for _ in range(20):
        state = play(game().initial_state(), "(0,0) 90 B1 R2", "swap")
        while not state.is_over():
            state = state.play(state.random_move(rng))
        assert state.outcome().winner == state.seat_of(state.winner)
        assert state.seat_of(state.winner) != state.winner


# --- winning --------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(played_games(max_moves=100))
def test_random_games_end_in_exactly_one_connection(game):
    _, _, states = game
    for state in states:
        for region in state.regions.values():
            assert geo.is_convex(region.pts, region.edges)
            # each edge borders a region of the board or lies on goal arc A, B or C
            assert set(region.edges) <= (set(state.regions) - {region.id}) | {-1, -2, -3}
        assert sum(r.area for r in state.regions.values()) == pytest.approx(PI, abs=1e-12)
        connected = set()
        for region in state.regions.values():
            if region.owner is not None:
                group = connected_group(state.regions, region.id)
                if len(arcs_of(state.regions, group)) == 3:
                    connected.add(region.owner)
        assert len(connected) <= 1  # never both at once
        if state.is_over():
            assert connected == {state.winner} and state is states[-1]
            assert len(arcs_of(state.regions, state.winning_group)) == 3
        else:
            assert connected == set()


def test_every_ray_ends_on_the_edge_it_is_said_to_leave_by():
    rng = random.Random(11)
    for seed in range(5):
        for state in random_game(seed)[:-1]:
            for _ in range(5):
                move = state.random_move(rng)
                if not hasattr(move, "angle"):
                    continue
                plan = state._plan(move)
                region = plan.region
                n = len(region.pts)
                for i, (x, y) in plan.exits:
                    a, b = region.pts[i], region.pts[(i + 1) % n]
                    if region.edges[i] < 0:
                        assert math.hypot(x, y) == pytest.approx(1, abs=1e-12)
                        assert geo.arc_angle(a, (x, y)) <= geo.arc_angle(a, b)
                    else:
                        ex, ey = b[0] - a[0], b[1] - a[1]
                        u = ((x - a[0]) * ex + (y - a[1]) * ey) / (ex * ex + ey * ey)
                        assert 0 < u < 1
                        assert abs(ex * (y - a[1]) - ey * (x - a[0])) < 1e-12


def test_a_move_can_make_the_opponent_win():
    found = 0
    for seed in range(150):
        states = random_game(seed)
        last, before = states[-1], states[-2]
        if last.winner != before.colour_to_move:
            found += 1
            assert last.outcome().winner == last.seat_of(last.winner)
    assert found >= 1


# --- options ----------------------------------------------------------------------


@pytest.mark.parametrize("options", [dict(directions=7), dict(directions=4),
                                     dict(grid="hex"), dict(min_area_percent=40.0),
                                     dict(first_direction=360.0), dict(grid_steps=1)])
def test_bad_options(options):
    with pytest.raises(OptionError):
        game(**options)


def test_random_moves_are_deterministic():
    a = [s.last.centre for s in random_game(42)[1:] if s.last]
    b = [s.last.centre for s in random_game(42)[1:] if s.last]
    assert a == b


def test_an_angle_is_written_at_least_0_and_under_360():
    from decimal import Decimal

    from rulebook.games.craquelure.search import angle6

    assert angle6(359.9999997) == 0 and angle6(360.0) == 0 and angle6(-1e-7) == 0
    assert angle6(359.999999) == Decimal("359.999999") and angle6(720.5) == Decimal("0.5")


def test_the_random_cut_s_last_resort_writes_a_move_a_record_can_hold(monkeypatch):
    """The last resort of random_cut takes the search's cut; an angle found just under
    360 (or past it) is written under 360, so the move reads back from its notation."""
    from rulebook.games.craquelure import search

    real = search.find_legal_cut

    def found_just_under_a_turn(region, settings):
        cut = real(region, settings)
        return None if cut is None else (cut[0], cut[1] + 360 - 4e-8)

    monkeypatch.setattr(search, "_try", lambda *args: None)
    monkeypatch.setattr(search, "find_legal_cut", found_just_under_a_turn)
    state = play(game().initial_state(), "(0,0) 90 B1 R2")
    move = search.random_cut(state, random.Random(3))
    assert 0 <= move.angle < 360
    assert state.parse_move(state.format_move(move)) == move


def test_the_middle_of_a_disk_segment_is_between_its_two_vertices():
    from types import SimpleNamespace

    from rulebook.games.craquelure.search import middle, vertex_centroid

    segment = SimpleNamespace(pts=[(1.0, 0.0), (0.0, 1.0)])  # its vertex polygon has no area
    with pytest.raises(ZeroDivisionError):
        vertex_centroid(segment)
    assert middle(segment) == (0.5, 0.5)


def test_the_rules_index_tells_a_neutral_cut_from_an_opponent_s_by_the_region_cut():
    """The rules index (ruleset.py) says which figures show "cutting a neutral region"
    and "cutting the opponent's region": checked by whose region the cut's point lay in
    just before (found by the point, not by the move's region id); never the mover's own,
    and the swap is neither."""
    from rulebook.games.craquelure.ruleset import RULES

    applied = {rule.id: rule.applied for rule in RULES
               if rule.id in ("neutral-cut", "opponent-cut")}
    assert len(applied) == 2, [rule.id for rule in RULES]
    seen = {"neutral-cut": 0, "opponent-cut": 0}
    for seed, state, move, after in random_steps(make_game("craquelure"), range(25), 30):
        if after.last is not None and after.last is not state.last:  # a cut
            owner = state.region_at(*after.last.centre).owner
            assert owner != state.colour_to_move, (seed, owner)
            kind = "neutral-cut" if owner is None else "opponent-cut"
            for rule, holds in applied.items():
                assert holds(state, move, after) == (rule == kind), (seed, rule, owner)
            seen[kind] += 1
        else:  # the swap: neither rule
            assert not any(holds(state, move, after) for holds in applied.values())
    assert all(seen.values()), seen


def test_a_cut_aimed_by_hand_always_answers_every_field_the_page_reads():
    """clicks.aim, what the play page draws while a cut is aimed: the same fields
    whether the point is off the disk, the cut refused or playable; a playable cut's
    three parts share exactly the region cut."""
    from rulebook.games.craquelure.clicks import aim

    state = make_game("craquelure").initial_state()
    keys = {"x", "y", "angle", "point", "angle_text", "region", "mover", "opponent", "parts",
            "reason", "step"}
    outside = aim(state, 1.5, 0.0, 30)
    assert set(outside) == keys and outside["parts"] == [] and "outside the disk" in outside["reason"]
    rng, playable = random.Random(1), None
    while playable is None:
        x, y, angle = rng.uniform(-0.9, 0.9), rng.uniform(-0.9, 0.9), rng.uniform(0, 360)
        if x * x + y * y < 0.8:
            found = aim(state, x, y, angle)
            assert set(found) == keys
            if found["reason"] is None:
                playable = found
            else:
                assert found["parts"] == []
    region = state.region_at(playable["x"], playable["y"])
    assert len(playable["parts"]) == 3
    assert math.isclose(sum(part["percent"] for part in playable["parts"]),
                        100 * region.area / math.pi, rel_tol=1e-9)
    # a neutral region: the mover names their part and the opponent's, whoever moves
    assert (playable["mover"], playable["opponent"]) == ("B", "R")
    after = state.play(state.parse_move(f"{playable['point']} {playable['angle_text']} B1 R2"))
    while True:
        x, y, angle = rng.uniform(-0.9, 0.9), rng.uniform(-0.9, 0.9), rng.uniform(0, 360)
        found = aim(after, x, y, angle)
        region = after.region_at(found["x"], found["y"])
        if found["reason"] is None and region is not None and region.owner is None:
            break
    assert (found["mover"], found["opponent"]) == ("R", "B")


@pytest.mark.parametrize("options", [dict(directions=6), dict(directions=9, first_direction=10.0),
                                     dict(grid="square", grid_steps=8, directions=12)])
def test_an_aimed_cut_snaps_to_the_nearest_allowed_direction_and_grid_point(options):
    """With a direction step, the angle aimed at snaps to the allowed direction nearest
    it round the circle (355 degrees is 5 from 0, not 355); on a grid, the point to the
    nearest grid point."""
    from rulebook.games.craquelure.clicks import aim

    state = make_game("craquelure", **options).initial_state()
    settings = state.settings
    allowed = settings.cut_angles()
    rng = random.Random(2)
    points = settings.grid_points_in((-1, -1, 1, 1)) if settings.grid != "none" else None
    for angle in [0.0, 359.0, 355.0, 1.0, 180.0] + [rng.uniform(0, 360) for _ in range(20)]:
        x, y = rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6)
        found = aim(state, x, y, angle)

        def around(a, b):
            d = abs(a - b) % 360
            return min(d, 360 - d)

        assert around(found["angle"], angle) == pytest.approx(min(around(a, angle) for a in allowed))
        assert any(around(found["angle"], a) < 1e-9 for a in allowed)
        if points:
            nearest = min(math.dist(p, (x, y)) for p in points)
            assert math.dist((found["x"], found["y"]), (x, y)) == pytest.approx(nearest)


def test_the_areas_fact_lists_every_region_from_the_smallest():
    """As its description says: one entry a region, from the smallest share to the
    largest, together the whole disk."""
    from conftest import random_steps

    areas = make_game("craquelure").facts["areas"]
    for seed, _, _, state in random_steps(make_game("craquelure"), range(4), max_moves=8):
        listed = areas.compute(state, decimals=6)
        shares = [float(text.rstrip("%")) for text in listed]
        assert shares == sorted(shares), (seed, listed)
        assert sorted(shares) == pytest.approx(sorted(100 * r.area / geo.DISK_AREA
                                                      for r in state.regions.values()), abs=1e-6)
        assert sum(shares) == pytest.approx(100, abs=1e-4)


def test_a_share_of_the_disk_is_printed_as_a_percentage_of_its_area():
    from rulebook.games.craquelure.facts import _percent

    assert _percent(geo.DISK_AREA / 4, 2) == "25.00%"
    assert _percent(geo.DISK_AREA, 0) == "100%"
    assert _percent(geo.DISK_AREA * 0.123456, 3) == "12.346%"
    with pytest.raises(OptionError, match="'decimals' must be a whole number 0-12"):
        _percent(1.0, 13)


def test_every_legal_cut_aimed_by_hand_is_playable_as_the_page_names_its_parts():
    """Aimed at the point and angle of each legal cut of random games, in neutral
    regions and the opponent's: the aim is playable (no reason), it asks for the
    opponent's part exactly when the region is neutral (a cut of the opponent's
    region names only the mover's part), and the move it makes the page play is legal."""
    from rulebook.games.craquelure.clicks import aim
    from rulebook.games.craquelure.moves import Cut
    from rulebook.games.craquelure.rules import NEUTRAL

    rng = random.Random(4)
    owners = set()
    for _ in range(6):
        state = make_game("craquelure").initial_state()
        while not state.is_over() and state.move_number < 14:
            cuts = [m for m in state.legal_moves() if isinstance(m, Cut)]
            for move in rng.sample(cuts, min(6, len(cuts))):
                found = aim(state, float(move.x), float(move.y), float(move.angle))
                region = state.region_at(found["x"], found["y"])
                owner = ("neutral" if region.owner is NEUTRAL else
                         "mover" if region.owner == state.colour_to_move else "opponent")
                owners.add(owner)
                assert found["reason"] is None, (owner, found["reason"])
                assert (found["opponent"] is not None) == (owner == "neutral"), owner
                named = f"{found['mover']}1" + (f" {found['opponent']}2" if found["opponent"] else "")
                state.play(state.parse_move(f"{found['point']} {found['angle_text']} {named}"))
            state = state.play(state.random_move(rng))
    assert owners == {"neutral", "opponent"}, owners


def test_the_rules_index_calls_a_cut_a_gift_exactly_when_the_other_player_wins_by_it():
    """"A cut that completes the opponent's group": the game ends with it and the
    player who did not make it wins, told apart by seat, also after a swap changed
    the seats' colours (random games with the pie rule, swapped and not)."""
    from rulebook.games.craquelure.ruleset import RULES

    [gift] = [rule.applied for rule in RULES if rule.id == "opponent-connection"]
    rng = random.Random(3)
    seen = Counter()
    for game_number in range(160):
        state = make_game("craquelure", pie=True).initial_state()
        swapped = game_number % 2 == 0
        moves = 0
        while not state.is_over():
            move = (state.parse_move("swap") if swapped and moves == 1 else state.random_move(rng))
            after = state.play(move)
            mover = state.turn
            outcome = after.outcome()
            gave = outcome is not None and outcome.winner is not None and outcome.winner != mover
            assert gift(state, move, after) == gave, (game_number, moves)
            if outcome is not None:
                seen[swapped, gave] += 1
            state, moves = after, moves + 1
    assert seen[True, True] and seen[True, False] and seen[False, False], seen


def test_the_computer_judges_a_move_by_the_colour_its_mover_plays_after_it():
    """The strategy's mover colour: the colour the player making a move plays once it
    is made, as the position after it says (its seat's colour there): a cut keeps the
    mover's colour, the swap gives them the other one."""
    from rulebook.games.craquelure.facts import SEATS
    from rulebook.games.craquelure.moves import Swap
    from rulebook.games.craquelure.strategy import mover_colour

    facts = make_game("craquelure", pie=True).facts
    colours = {"Blue": 0, "Red": 1}
    rng = random.Random(6)
    kinds = Counter()
    for _ in range(10):
        state = make_game("craquelure", pie=True).initial_state()
        for _ in range(4):
            if state.is_over():
                break
            for move in state.legal_moves()[:8]:
                after = state.play(move)
                seat = SEATS[state.turn]
                plays = colours[facts["seat_colour"].compute(after, seat=seat)]
                assert mover_colour(state, move) == plays, (state.move_number, move)
                kinds["swap" if isinstance(move, Swap) else "cut"] += 1
            state = state.play(state.random_move(rng))
    assert kinds["swap"] >= 5 and kinds["cut"] >= 50, kinds
