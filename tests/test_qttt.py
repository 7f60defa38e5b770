"""Quantum Tic-Tac-Toe: one test per rule, property tests over random games,
and the collapse checked against a brute-force search for consistent
assignments (a second method, independent of the engine's cascade)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.errors import IllegalMoveError, NotationError
from rulebook.games import make_game
from rulebook.games.qttt.notation import cell_name, parse_cell

from conftest import played

GAME = make_game("qttt")


def play(*moves):
    return played(GAME, *moves)


def cell(name):
    return parse_cell(name, name, 1)


# --- the rules, one by one ----------------------------------------------------

def test_x_moves_first_and_marks_alternate():
    state = GAME.initial_state()
    assert state.turn == 0
    state = play("a1-b2")
    assert state.turn == 1
    assert state.spooky == ((1, cell("a1"), cell("b2")),)
    state = play("a1-b2", "c1-c2")
    assert [m for m, _, _ in state.spooky] == [1, 2]


def test_a_pair_needs_two_different_cells():
    with pytest.raises(IllegalMoveError, match="two different cells"):
        play("a1-a1")


def test_no_spooky_mark_in_a_classical_cell():
    state = play("a1-b2", "a1-b2", "@a1")
    assert state.classical[cell("b2")] == 1
    with pytest.raises(IllegalMoveError, match="classical mark"):
        state.play(state.parse_move("b2-c3"))


def test_a_cell_may_hold_several_spooky_marks():
    state = play("a1-b2", "a1-c3", "a1-b3")
    assert state.spooky_in(cell("a1")) == [1, 2, 3]
    assert state.pending is None


def test_same_two_cells_close_a_cycle_and_the_other_player_chooses():
    state = play("a1-b2", "a1-b2")
    assert state.pending == 2
    assert state.turn == 0  # O closed it, X chooses
    assert state.cycle_cells() == [cell("a1"), cell("b2")]


def test_a_longer_cycle_is_detected():
    state = play("a1-b2", "b2-c3", "c3-a1")
    assert state.pending == 3 and state.turn == 1


def test_no_ordinary_move_before_the_collapse():
    state = play("a1-b2", "a1-b2")
    with pytest.raises(IllegalMoveError, match="must first choose"):
        state.play(state.parse_move("c1-c2"))
    with pytest.raises(IllegalMoveError, match="one of its own two cells"):
        state.play(state.parse_move("@c1"))


def test_collapse_choice_without_a_cycle_is_illegal():
    with pytest.raises(IllegalMoveError, match="no cycle"):
        play("a1-b2", "@a1")


def test_collapse_cascades_through_the_cycle_and_its_branches_only():
    state = play("a1-b2", "b2-c3", "c3-c1", "a2-b1", "a1-c3", "@a1")
    assert state.classical[cell("a1")] == 5
    assert state.classical[cell("b2")] == 1
    assert state.classical[cell("c3")] == 2
    assert state.classical[cell("c1")] == 3  # a branch hanging off the cycle
    assert state.spooky == ((4, cell("b1"), cell("a2")),)  # not tied: stays spooky


def test_the_chooser_then_makes_their_own_move():
    state = play("a1-b2", "b2-c3", "c3-a1", "@a1")  # X closed, O chose
    assert state.turn == 1 and state.next_mark == 4
    state = state.play(state.parse_move("b1-c1"))
    assert state.spooky[-1][0] == 4


def test_only_classical_marks_make_a_line():
    state = play("a1-b1", "a2-b2", "a3-b3")
    assert state.outcome() is None  # X has spooky marks on all of column a


def test_a_collapse_that_leaves_a_line_ends_the_game():
    state = play("a1-a3", "b1-a3", "b1-a2", "c1-b3", "a1-a3", "@a1")
    outcome = state.outcome()
    assert outcome.winner == 0 and outcome.reason == "line"
    assert state.turn is None and state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="already over"):
        state.play(state.parse_move("c2-c3"))


def test_simultaneous_lines_go_to_the_smaller_largest_number():
    state = play("b1-b3", "a3-b3", "a1-b2", "a1-a2", "b2-b3", "a2-a3", "@a2")
    lines = state.lines()
    assert lines[0] and lines[1]
    assert max(state.classical[c] for c in lines[0][0]) == 5
    assert max(state.classical[c] for c in lines[1][0]) == 6
    assert state.outcome().winner == 0
    assert state.outcome().reason == "simultaneous lines"


def test_two_lines_of_one_player_are_one_win():
    # Search random games for a collapse giving one player two lines at once.
    for seed in range(20000):
        state = random_game(random.Random(seed))
        lines = state.lines()
        if len(lines[0]) >= 2 or len(lines[1]) >= 2:
            player = 0 if len(lines[0]) >= 2 else 1
            if not lines[1 - player]:
                assert state.outcome().winner == player
                assert state.outcome().reason == "line"
                return
    pytest.fail("no double line found in 20000 random games")


def test_ninth_move_is_a_plain_mark_on_the_last_cell():
    state = play("b1-a3", "a3-c3", "a2-c2", "b2-c3", "a1-b2", "c2-c3", "b1-b3", "b1-c3", "@c3")
    assert state.free_cells() == [cell("c1")]
    assert [state.format_move(m) for m in state.legal_moves()] == ["c1"]
    with pytest.raises(IllegalMoveError, match="plain mark"):
        state.play(state.parse_move("c1-a1"))
    state = state.play(state.parse_move("c1"))
    assert state.classical[cell("c1")] == 9


def test_a_plain_mark_is_only_for_the_last_cell():
    with pytest.raises(IllegalMoveError, match="last empty cell"):
        play("a1")


def test_full_board_without_a_line_is_a_draw():
    state = play("b1-a3", "b1-b3", "b2-a3", "a3-c3", "a1-b2", "b1-c1", "c2-a3", "a1-a2",
                 "c2-c3", "@c2")
    assert all(m is not None for m in state.classical)
    assert state.outcome().winner is None and state.outcome().reason == "full board"


# --- notation -------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("", "empty"), ("a4-b1", "not a cell"), ("a1-", "not a cell"), ("@d2", "not a cell"),
    ("x", "expected a pair"), ("a1b2", "expected a pair"),
])
def test_notation_errors_quote_the_input(text, message):
    with pytest.raises(NotationError, match=message) as error:
        GAME.initial_state().parse_move(text)
    assert repr(text) in str(error.value)


def test_cell_names_run_left_to_right_and_bottom_to_top():
    assert [cell_name(c) for c in (0, 2, 6, 8)] == ["a1", "c1", "a3", "c3"]


# --- properties over random legal games -------------------------------------------

def random_game(rng, stop_at=None):
    state = GAME.initial_state()
    while not state.is_over() and (stop_at is None or state.move_number < stop_at):
        state = state.play(state.random_move(rng))
    return state


def spooky_graph_is_a_forest(state) -> bool:
    parent = {c: c for c in range(9)}

    def find(c):
        while parent[c] != c:
            c = parent[c]
        return c

    for _, a, b in state.spooky:
        ra, rb = find(a), find(b)
        if ra == rb:
            return False
        parent[ra] = rb
    return True


def consistent_collapses(spooky, classical, mark, cell_):
    """Brute force: every way to put each tied mark in one of its cells, one mark per cell."""
    tied = {mark}
    changed = True
    while changed:
        changed = False
        cells = {c for m, a, b in spooky if m in tied for c in (a, b)}
        for m, a, b in spooky:
            if m not in tied and (a in cells or b in cells):
                tied.add(m)
                changed = True
    pairs = [(m, a, b) for m, a, b in spooky if m in tied]
    solutions = []
    for choice in itertools.product(*[(a, b) for _, a, b in pairs]):
        if len(set(choice)) != len(choice):
            continue
        placed = dict(zip([m for m, _, _ in pairs], choice))
        if placed[mark] != cell_:
            continue
        board = list(classical)
        for m, c in placed.items():
            board[c] = m
        solutions.append(tuple(board))
    return solutions


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 20))
def test_random_games_keep_the_invariants(seed, stop_at):
    rng = random.Random(seed)
    state = GAME.initial_state()
    while not state.is_over() and state.move_number < stop_at:
        move = state.random_move(rng)
        after = state.play(move)
        if state.pending is not None:
            # The cascade agrees with the only consistent assignment.
            assert consistent_collapses(state.spooky, state.classical, state.pending,
                                        move.cell) == [after.classical]
        state = after
        classical = sum(m is not None for m in state.classical)
        assert classical + len(state.spooky) == state.marks_placed
        assert state.marks_placed <= 9
        if state.pending is None:
            assert spooky_graph_is_a_forest(state), "a cycle was left uncollapsed"
        else:
            assert state.turn != (0 if state.pending % 2 else 1)  # the other player chooses
        for move in state.legal_moves():
            assert state.parse_move(state.format_move(move)) == move
    if state.is_over():
        assert state.marks_placed <= 9


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_game_ends_by_move_nine(seed):
    state = random_game(random.Random(seed))
    assert state.is_over()
    assert state.marks_placed <= 9
    if state.outcome().winner is None:
        assert all(m is not None for m in state.classical)
