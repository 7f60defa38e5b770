"""rulebook.plane, checked against shapely (a second, independent implementation)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import LinearRing, LineString, Point

from rulebook.plane import distance_to_polyline

coordinate = st.floats(-10, 10, allow_nan=False)
points = st.tuples(coordinate, coordinate)


@given(point=points, line=st.lists(points, min_size=2, max_size=6))
def test_the_distance_to_a_polyline_is_shapely_s(point, line):
    assert math.isclose(distance_to_polyline(point, line), LineString(line).distance(Point(point)),
                        rel_tol=1e-9, abs_tol=1e-9)


@given(point=points, outline=st.lists(points, min_size=3, max_size=6))
def test_the_distance_to_a_closed_outline_counts_its_closing_side(point, outline):
    expected = LinearRing(outline).distance(Point(point))
    assert math.isclose(distance_to_polyline(point, outline, closed=True), expected,
                        rel_tol=1e-9, abs_tol=1e-9)


def test_a_point_beside_a_side_s_middle_is_as_far_as_its_foot():
    assert distance_to_polyline((1, 1), [(0, 0), (2, 0)]) == 1.0
    # nearer the closing side (y = x) than either drawn one
    assert math.isclose(distance_to_polyline((1, 0.5), [(0, 0), (2, 0), (2, 2)], closed=True),
                        0.5 / math.sqrt(2))
