"""Necto's knot types, checked against KnotInfo and by symmetry.

KnotInfo (the database-knotinfo package) is an independent source: its PD codes
are read with knots.from_pd and the Alexander polynomials we compute must equal
the published ones for every knot of up to 10 crossings.  What the rule gets
wrong (the knots it misnames, a knot it counts as unknotted) is tested in
test_necto_limits.py.
"""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.games import make_game
from rulebook.games.necto import knots
from rulebook.games.necto.board import trace_all
from rulebook.games.necto.tiles import CODES, SIDES, TILES, transformed

pytest.importorskip("database_knotinfo")

from knotinfo_tables import alexander, diagram, knots_up_to  # noqa: E402


@pytest.fixture(scope="module")
def knotinfo():
    return {row["name"]: row for row in knots_up_to(10)}


def test_knotinfo_has_every_knot_up_to_10_crossings(knotinfo):
    assert len(knotinfo) == 249


def test_alexander_polynomials_match_knotinfo(knotinfo):
    wrong = []
    for name, row in knotinfo.items():
        code, signs = diagram(row)
        published = alexander(row["alexander_polynomial"])
        if knots.polynomial(code, signs) != published:
            wrong.append(name)
        if knots.classify(code, signs) != knots.type_of(published):
            wrong.append(f"{name} (fast)")
    assert wrong == []


def test_simplification_keeps_the_polynomial(knotinfo):
    for name in ["3_1", "5_2", "7_4", "8_17", "9_42", "10_132", "10_161"]:
        code, signs = diagram(knotinfo[name])
        assert knots.polynomial(code, signs, reduce=False) == knots.polynomial(code, signs)


def test_named_table_matches_knotinfo(knotinfo):
    for name, knot in knots.NAMED.items():
        if "#" in name:
            continue
        assert knot.alexander == alexander(knotinfo[name]["alexander_polynomial"])
        assert knot.value == int(knotinfo[name]["crossing_number"])


def test_composite_knots_multiply_their_factors():
    def times(a, b):
        product = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                product[i + j] += x * y
        return knots.normalise(product)

    trefoil, figure_eight = knots.NAMED["3_1"].alexander, knots.NAMED["4_1"].alexander
    assert knots.NAMED["3_1#3_1"].alexander == times(trefoil, trefoil)
    assert knots.NAMED["3_1#4_1"].alexander == times(trefoil, figure_eight)


def test_a_kink_and_an_overlap_are_removed():
    # a trefoil 1 2 3 with a kink (crossing 9) and a removable overlap (7, 8) spliced in
    trefoil = [(1, True), (2, False), (3, True), (1, False), (2, True), (3, False)]
    signs = {1: 1, 2: 1, 3: 1, 7: 1, 8: -1, 9: 1}
    code = trefoil[:2] + [(9, True), (9, False), (7, True), (8, True)] + trefoil[2:4] \
        + [(8, False), (7, False)] + trefoil[4:]
    simplified, _ = knots.simplify(code, signs)
    assert sorted({c for c, _ in simplified}) == [1, 2, 3]
    assert knots.classify(code, signs).name == "3_1"
    # with equal signs 7 and 8 are a clasp, not an overlap: not removed
    clasp = {**signs, 8: 1}
    assert {c for c, _ in knots.simplify(code, clasp)[0]} == {1, 2, 3, 7, 8}


def _random_board(size, rng, codes=CODES):
    game = make_game("necto", size=size)
    cells = size * size
    return dataclasses.replace(game.initial_state(),
                               codes=tuple(rng.choice(codes) for _ in range(cells)),
                               owners=tuple(rng.randrange(2) for _ in range(cells)))


def _knot_types(state):
    return sorted(state.knot(line).name for line in state.loops)


# side maps of the cell: a quarter turn anticlockwise, and a reflection left-right
QUARTER_TURN = {"N": "W", "W": "S", "S": "E", "E": "N"}
MIRROR = {"N": "N", "S": "S", "E": "W", "W": "E"}


def _transform_board(state, kind):
    """The board turned a quarter, mirrored left-right, or with every crossing changed."""
    size = state.size
    codes, owners = [None] * size ** 2, [None] * size ** 2
    for cell, code in enumerate(state.codes):
        x, y = cell % size, cell // size
        if kind == "turn":  # (x, y) -> (size-1-y, x), anticlockwise
            target, new = x * size + (size - 1 - y), transformed(code, QUARTER_TURN)
        elif kind == "mirror":
            target, new = y * size + (size - 1 - x), transformed(code, MIRROR)
        else:  # "flip": over and under exchanged everywhere (the mirror image in space)
            target, new = cell, transformed(code, {s: s for s in SIDES}, flip=True)
        codes[target], owners[target] = new, state.owners[cell]
    return dataclasses.replace(state, codes=tuple(codes), owners=tuple(owners))


@st.composite
def _drawn_boards(draw):
    """A full board of a drawn size, drawn tile by tile (so a failure shrinks to c1s)."""
    size = draw(st.sampled_from([4, 6, 8]))
    cells = size * size
    codes = draw(st.lists(st.sampled_from(CODES), min_size=cells, max_size=cells))
    owners = draw(st.lists(st.sampled_from([0, 1]), min_size=cells, max_size=cells))
    return dataclasses.replace(make_game("necto", size=size).initial_state(),
                               codes=tuple(codes), owners=tuple(owners))


@settings(max_examples=40, deadline=None)
@given(state=_drawn_boards(), kind=st.sampled_from(["turn", "mirror", "flip"]))
def test_turning_or_mirroring_the_board_keeps_the_knot_types(state, kind):
    assert _knot_types(_transform_board(state, kind)) == _knot_types(state)


def test_a_quarter_turn_four_times_is_the_same_board():
    state = _random_board(6, random.Random(5))
    turned = state
    for _ in range(4):
        turned = _transform_board(turned, "turn")
    assert turned.codes == state.codes


def _rotate_code(code, shift):
    return code[shift:] + code[:shift]


@settings(max_examples=40, deadline=None)
@given(state=_drawn_boards(), data=st.data())
def test_a_loops_type_does_not_depend_on_where_its_tracing_starts(state, data):
    for line in state.loops:
        code, signs = line.diagram
        if not code:
            continue
        shift = data.draw(st.integers(0, len(code) - 1))
        expected = knots.classify(code, signs)
        assert knots.classify(_rotate_code(code, shift), signs) == expected
        # the other direction: the same loop followed backwards
        backwards = tuple(reversed(code))
        back_signs = dict(signs)  # reversing the loop reverses both strands: signs stay
        assert knots.classify(backwards, back_signs) == expected


def test_tracing_from_any_end_finds_the_same_loop():
    state = _random_board(6, random.Random(9))
    for line in state.loops:
        types = set()
        for cell, strand, _ in line.passes[:: max(1, len(line.passes) // 5)]:
            end = TILES[state.codes[cell]].strands[strand].ends[1]
            other = state.line_at(cell, end)
            assert other.key == line.key
            types.add(state.knot(other).name)
        assert len(types) == 1


def test_fast_classification_agrees_with_the_exact_polynomial():
    rng = random.Random(21)
    checked = 0
    for size in (4, 6, 8):
        for _ in range(8):
            state = _random_board(size, rng)
            for line in state.loops:
                code, signs = line.diagram
                if len(code) > 60:
                    continue
                assert knots.classify(code, signs) == knots.type_of(knots.polynomial(code, signs))
                if len(code) <= 24:
                    assert knots.polynomial(code, signs, reduce=False) == knots.polynomial(code, signs)
                checked += 1
    assert checked > 100


def test_every_line_of_a_full_board_is_closed_and_covers_every_strand():
    state = _random_board(8, random.Random(2))
    lines = trace_all(state.size, state.tiles)
    assert all(line.closed for line in lines)
    assert sum(len(line.key) for line in lines) == 2 * 64


@pytest.mark.parametrize("pd", [[[2, 2, 1, 1]], [[1, 1, 2, 2]], [[1, 2, 2, 1]], [[2, 1, 1, 2]]])
def test_a_one_crossing_kink_reads_as_the_unknot(pd):
    """A single kink (Reidemeister I) in each of its four PD forms: once a KeyError."""
    code, signs = knots.from_pd(pd)
    assert sorted(code) == [(0, False), (0, True)] and set(signs) == {0}
    assert knots.classify(code, signs).kind == "unknot"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_kind_of_knot_is_labelled_apart_from_the_others_in_each_language(lang):
    """An unknotted loop, a named knot and a knot too complex to name: three labels
    in each language, none of them another kind's (a reader tells them apart on the
    board); only the complex one's says a word, so only it differs by language."""
    from rulebook.games.necto.knots import NAMED, UNKNOT, KnotType

    complex_knot = KnotType("K", "K", 0, "complex", None)
    named = next(iter(NAMED.values()))
    labels = {kind.kind: kind.label_in(lang) for kind in (UNKNOT, named, complex_knot)}
    assert len(set(labels.values())) == 3, labels
    assert labels["unknot"] == UNKNOT.label_in("en") and labels["named"] == named.label
    assert labels["complex"] == {"en": "K", "ja": "結"}[lang]
