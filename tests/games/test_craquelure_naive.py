"""Craquelure checked against a deliberately naive second model built with shapely.

The naive model draws each region as a polygon with its rim arcs finely
divided (error ~1e-9 of the area), and finds adjacency, point location and
connections geometrically (unions of polygons, with tolerances), independent of
the engine's exact areas and its edge labels.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings, strategies as st
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import unary_union

from rulebook.games import make_game
from rulebook.games.craquelure import geometry as geo

STEPS_PER_TURN = 100_000  # arc points per full circle


def polygon(region, steps_per_turn: int = STEPS_PER_TURN) -> Polygon:
    return Polygon(geo.boundary_points(region, 2 * math.pi / steps_per_turn))


def goal_arc(index: int) -> LineString:
    start = math.radians(30 + 120 * index)
    return LineString([(math.cos(start + math.radians(120) * k / 2000),
                        math.sin(start + math.radians(120) * k / 2000)) for k in range(2001)])


def random_states(seed, **options):
    rng = random.Random(seed)
    state = make_game("craquelure", **options).initial_state()
    states = [state]
    while not state.is_over():
        state = state.play(state.random_move(rng))
        states.append(state)
    return states


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["pinwheel", "sectors"]))
def test_areas_match_the_fine_polygons(seed, start):
    state = random_states(seed, start=start)[-1]
    for region in state.regions.values():
        assert region.area == pytest.approx(polygon(region).area, abs=1e-8)
    assert sum(r.area for r in state.regions.values()) == pytest.approx(math.pi, abs=1e-12)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6))
def test_adjacency_matches_geometry(seed):
    state = random_states(seed)[-1]
    shapes = {i: polygon(r, 2000) for i, r in state.regions.items()}
    grown = {i: shape.buffer(1e-9) for i, shape in shapes.items()}
    for i, region in state.regions.items():
        touching = set()
        for j, other in grown.items():
            if j != i and shapes[i].boundary.intersection(other).length > 1e-7:
                touching.add(j)
        assert region.neighbours() == touching


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_point_location_matches_geometry(seed, point_seed):
    state = random_states(seed)[-1]
    shapes = {i: polygon(r, 2000).buffer(-1e-7) for i, r in state.regions.items()}
    rng = random.Random(point_seed)
    for _ in range(50):
        x, y = rng.uniform(-1, 1), rng.uniform(-1, 1)
        region = state.region_at(x, y)
        holders = [i for i, shape in shapes.items() if shape.contains(Point(x, y))]
        if holders:
            assert region is not None and region.id == holders[0]


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_winner_matches_unions_of_polygons(seed):
    final = random_states(seed)[-1]
    arcs = [goal_arc(k).buffer(1e-6) for k in range(3)]
    connected = []
    for colour in (0, 1):
        union = unary_union([polygon(r, 20_000) for r in final.regions.values()
                             if r.owner == colour])
        pieces = getattr(union, "geoms", [union])
        for piece in pieces:
            if all(piece.boundary.intersection(arc).length > 1e-5 for arc in arcs):
                connected.append(colour)
    assert connected == [final.winner]
    winning = unary_union([polygon(final.regions[i], 20_000) for i in final.winning_group])
    assert winning.geom_type == "Polygon"
