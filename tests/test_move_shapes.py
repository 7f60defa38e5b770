"""Move objects built in Python are checked like parsed ones: a malformed move
is refused with the rule it breaks, never applied (which could create or
destroy pieces)."""

from __future__ import annotations

import pytest

from rulebook.errors import IllegalMoveError
from rulebook.games import make_game
from rulebook.games.inphexion.rules import Move
from rulebook.games.qttt.rules import Classical, Collapse, Spooky


@pytest.mark.parametrize("move", [Spooky((-1, 3)), Spooky((0, 9)), Spooky((0, 1, 2)),
                                  Spooky(("a1", "b2")), Collapse(10), Classical(-1), "a1-b2",
                                  None])
def test_qttt_refuses_malformed_moves(move):
    state = make_game("qttt").initial_state()
    with pytest.raises(IllegalMoveError, match="not a move of this game"):
        state.play(move)


def test_qttt_a_pair_is_one_move_whichever_cell_is_written_first():
    state = make_game("qttt").initial_state()
    assert state.parse_move("b3-b1") == state.parse_move("b1-b3")
    assert state.play(Spooky((7, 1))).spooky == state.play(Spooky((1, 7))).spooky


START = """
turn: White
    a b c d e f g
 1  . B B W . . .
 2  W W W . . . .
 3  . . . . . . .
 4  . . . . . . .
 5  . . . . . . .
 6  . . . . . . .
 7  . . . . . . .
"""


@pytest.mark.parametrize("relocations", [
    (("a1", "e5"), ("c1", "e5")),   # two discs to one cell
    (("a1", "e5"), ("a1", "f5")),   # one disc relocated twice
])
def test_inphexion_refuses_relocations_that_would_create_or_destroy_discs(relocations):
    state = make_game("inphexion").parse_position(START)
    cell = state.geo.by_name.__getitem__
    move = Move(cell("b1"), cell("a1"), tuple((cell(a), cell(b)) for a, b in relocations))
    with pytest.raises(IllegalMoveError, match="relocated once"):
        state.play(move)


@pytest.mark.parametrize("move", [Move(target=99), Move(target=3, push=-5), Move(target=7), Move(swap=1),
                                  Move(target=3, swap=True), "d4"])
def test_inphexion_refuses_malformed_moves(move):
    state = make_game("inphexion").initial_state()
    with pytest.raises(IllegalMoveError):
        state.play(move)
