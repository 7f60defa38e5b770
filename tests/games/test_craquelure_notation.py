"""Craquelure notation: exact round trips and one precise error per mistake."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.errors import IllegalMoveError, NotationError
from rulebook.games import make_game
from rulebook.games.craquelure.moves import SWAP, Cut
from rulebook.games.craquelure.notation import format_move, parse_move


def test_a_cut_reads_as_written():
    move = parse_move("#4 (0.250,-0.1) 30.0 B1 R3")
    assert move == Cut(Decimal("0.250"), Decimal("-0.1"), Decimal("30.0"),
                       (("B", 1), ("R", 3)), 4)
    assert format_move(move) == "#4 (0.250,-0.1) 30.0 B1 R3"  # digits kept as written
    assert parse_move("swap") is SWAP and format_move(SWAP) == "swap"


def test_spaces_are_allowed_and_normalised():
    assert format_move(parse_move("  ( 0.5 , 0.25 )  90   R2  B1 ")) == "(0.5,0.25) 90 R2 B1"


numbers = st.decimals(min_value=-1, max_value=1, places=6, allow_nan=False, allow_infinity=False)
angles = st.decimals(min_value=0, max_value=Decimal("359.999999"), places=6)


@settings(max_examples=200, deadline=None)
@given(numbers, numbers, angles, st.permutations([1, 2, 3]), st.booleans(),
       st.one_of(st.none(), st.integers(1, 999)), st.sampled_from(["BR", "RB"]))
def test_round_trip(x, y, angle, order, two, region, letters):
    parts = ((letters[0], order[0]), (letters[1], order[1])) if two else ((letters[0], order[0]),)
    move = Cut(x, y, angle, parts, region)
    text = format_move(move)
    assert parse_move(text) == move
    assert format_move(parse_move(text)) == text


@pytest.mark.parametrize("text, message, column", [
    ("", "expected a cut like '(0.25,-0.1) 30 B1 R3' or 'swap'", 1),
    ("cut (0,0) 90 B1 R2", "expected a cut like '(0.25,-0.1) 30 B1 R3' or 'swap'", 1),
    ("(0.5 0.2) 90 B1 R2", "expected ',' between the coordinates, found '0'", 6),
    ("(abc,0) 90 B1 R2", "the x coordinate 'abc' is not a decimal number", 2),
    ("(0,1e-3) 90 B1 R2", "the y coordinate '1e-3' is not a decimal number", 4),
    ("(.5,0) 90 B1 R2", "the x coordinate '.5' is not a decimal number", 2),
    ("(0,0 90 B1 R2", "expected ')' after the point, found '9'", 6),
    ("(0,0) 9o B1 R2", "the angle '9o' is not a number of degrees (0 to under 360)", 7),
    ("(0,0) -30 B1 R2", "the angle '-30' is not a number of degrees (0 to under 360)", 7),
    ("(0,0) 360 B1 R2", "the angle 360 must be under 360 degrees", 7),
    ("(0,0)", "expected the angle of the first ray, in degrees (0 to under 360)", 6),
    ("(0,0) 90",
     "name the part you take, e.g. 'B1' (and for a neutral region the part you give, e.g. 'R2')", 9),
    ("(0,0) 90 B4 R2", "'B4' names no part: a cut makes parts 1, 2 and 3", 10),
    ("(0,0) 90 B0", "'B0' names no part: a cut makes parts 1, 2 and 3", 10),
    ("(0,0) 90 N3 B1",
     "'N3': parts left unnamed stay neutral; name only the parts going to B (Blue) or R (Red)", 10),
    ("(0,0) 90 B1 n2",  # the neutral part in either case, first or second
     "'n2': parts left unnamed stay neutral; name only the parts going to B (Blue) or R (Red)", 13),
    ("(0,0) 90 G1", "'G1' is not a part: write B or R and the part's number, e.g. 'B1'", 10),
    ("(0,0) 90 B1 R1", "'R1': part 1 is already given", 13),
    ("(0,0) 90 B1 B2", "'B2': a player gets only one part of a cut", 13),
    ("#x (0,0) 90 B1", "region id 'x' is not a positive whole number", 2),
    ("#0 (0,0) 90 B1", "region id '0' is not a positive whole number", 2),
    ("#-1 (0,0) 90 B1", "region id '-1' is not a positive whole number", 2),
    ("#04 (0,0) 90 B1", "region id '04' has a leading zero: write '#4'", 2),
])
def test_notation_errors(text, message, column):
    with pytest.raises(NotationError) as caught:
        parse_move(text)
    assert caught.value.message == message  # word for word: what the player reads
    assert caught.value.column == column
    assert "\n" not in str(caught.value) and repr(text) in str(caught.value)


def test_errors_name_the_move_and_the_rule():
    state = make_game("craquelure").initial_state()
    with pytest.raises(IllegalMoveError) as caught:
        state.play(parse_move("(1.2,0) 0 B1 R2"))
    assert str(caught.value) == ("illegal move '(1.2,0) 0 B1 R2': the cut point (1.2, 0) is "
                                 "not inside the disk (radius 1)")
    with pytest.raises(IllegalMoveError) as caught:
        state.play(SWAP)
    assert "swap is allowed only once, as Red's reply to Blue's first move" in str(caught.value)
