"""Quantum Tic-Tac-Toe: one test per rule, property tests over random games,
and the collapse checked against a brute-force search for consistent
assignments (a second method, independent of the engine's cascade)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.errors import IllegalMoveError, NotationError
from rulebook.game import Outcome
from rulebook.games import make_game
from rulebook.games.qttt.notation import cell_name, parse_cell
from rulebook.games.qttt.rules import CELLS, Classical, Collapse, QtttState, Spooky, connected

from conftest import legal_games, played

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


def test_simultaneous_lines_go_to_o_when_o_completed_first():
    state = play("c1-a2", "a3-c3", "b1-c1", "a2-a3", "c2-a3", "a1-c2", "a1-b1", "@b1",
                 "b2-b3", "b2-b3", "@b2")
    row_2, row_3 = (3, 4, 5), (6, 7, 8)
    assert state.lines() == {0: [row_2], 1: [row_3]}
    assert [state.classical[c] for c in row_2] == [1, 9, 5]  # X's line completes at mark 9
    assert [state.classical[c] for c in row_3] == [4, 8, 2]  # O's at mark 8: first
    assert state.outcome() == Outcome(1, "simultaneous lines")


def test_two_lines_of_one_player_are_one_win():
    # Each pair is repeated by O and collapsed by X to put X's mark in the first cell;
    # X's plain 9th mark on a1 then completes row 1 and column a at once.
    state = play("b1-b2", "b1-b2", "@b2", "c1-c2", "c1-c2", "@c2", "a2-b3", "a2-b3", "@b3",
                 "a3-c3", "a3-c3", "@c3")
    assert state.outcome() is None and state.free_cells() == [cell("a1")]
    state = state.play(state.parse_move("a1"))
    row_1, column_a = (0, 1, 2), (0, 3, 6)
    assert sorted(state.lines()[0]) == [row_1, column_a] and state.lines()[1] == []
    assert state.outcome() == Outcome(0, "line")


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


def rule_broken(state, move):
    """The rule ``state.play(move)`` refuses ``move`` with, exactly as the player reads it."""
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    return error.value.rule


def test_each_illegal_move_names_its_rule():
    start = GAME.initial_state()
    cycle = play("a1-b2", "a1-b2")  # O's mark 2 closed the cycle: X chooses
    assert rule_broken(cycle, Spooky((cell("c1"), cell("c2")))) == (
        "mark 2 closed a cycle: X must first choose where it collapses")
    assert rule_broken(play("a1-b2", "b2-c3", "c3-a1"), Classical(cell("c1"))) == (
        "mark 3 closed a cycle: O must first choose where it collapses")
    assert rule_broken(cycle, Collapse(cell("c1"))) == (
        "mark 2 can only collapse into one of its own two cells")
    assert rule_broken(start, Collapse(cell("a1"))) == "there is no cycle to collapse"
    assert rule_broken(start, Classical(cell("a1"))) == (
        "a plain (classical) mark is only played on the last empty cell")
    assert rule_broken(start, Spooky((cell("b2"), cell("b2")))) == (
        "the two spooky marks must go in two different cells")
    settled = play("a1-b2", "a1-b2", "@a1")  # O2 in a1, X1 in b2
    for pair in ("a1-c3", "a2-b2"):  # the classical cell first, then second
        assert rule_broken(settled, settled.parse_move(pair)) == (
            "spooky marks cannot go in a cell that holds a classical mark")


def test_the_ninth_mark_goes_only_on_the_last_cell():
    state = play("b1-a3", "a3-c3", "a2-c2", "b2-c3", "a1-b2", "c2-c3", "b1-b3", "b1-c3", "@c3")
    rule = "with one cell left, X's 9th move is a plain mark on that cell"
    assert state.free_cells() == [cell("c1")]
    assert rule_broken(state, Classical(cell("a1"))) == rule  # a classical cell, not the last
    assert rule_broken(state, Spooky((cell("c1"), cell("a1")))) == rule


@pytest.mark.parametrize("move", [
    "a1", Spooky((0,)), Spooky((0, 9)), Spooky((-1, 0)), Spooky([0, 1]), Spooky((0, True)),
    Spooky((0.0, 1)), Collapse(9), Classical(-1), Classical(True), Classical("a1"),
])
def test_a_malformed_move_object_is_not_a_move_of_this_game(move):
    for state in (GAME.initial_state(), play("a1-b2", "a1-b2")):
        assert rule_broken(state, move) == f"not a move of this game: {move!r}"


def test_a_pair_is_the_same_move_in_either_order():
    assert Spooky((cell("b2"), cell("a1"))) == Spooky((cell("a1"), cell("b2")))
    assert Spooky((cell("b2"), cell("a1"))).cells == (cell("a1"), cell("b2"))
    assert Spooky((9, 0)).cells == (9, 0)  # not cells: left as written, then refused


def test_the_cycle_is_its_loop_without_the_branches():
    assert play("a1-b2").cycle_cells() == []
    # a1-b2-c3 loop (marks 1, 2, 5), with c3-c1-c2 hanging off it and a2-b1 apart
    state = play("a1-b2", "b2-c3", "c3-c1", "c1-c2", "a2-b1", "c3-a1")
    assert state.pending == 6
    assert state.cycle_cells() == sorted(cell(c) for c in ("a1", "b2", "c3"))
    # a loop of four cells with a branch at two of its corners
    state = play("a1-b1", "b1-b2", "b2-a2", "b2-c3", "a1-c1", "a2-a1")
    assert state.cycle_cells() == sorted(cell(c) for c in ("a1", "a2", "b1", "b2"))


def test_json_lists_the_position_with_names():
    state = play("a1-b2", "b2-c3", "c3-a1")
    assert state.to_json() == {
        "game": "qttt", "moves_played": 3, "marks_placed": 3, "turn": "O",
        "classical": {},
        "spooky": [{"mark": "X1", "cells": ["a1", "b2"]}, {"mark": "O2", "cells": ["b2", "c3"]},
                   {"mark": "X3", "cells": ["a1", "c3"]}],
        "pending_collapse": "X3", "winner": None, "reason": None,
    }
    state = play("a1-b2", "b2-c3", "c3-a1", "@c3", "b1-c1")
    assert state.to_json() == {
        "game": "qttt", "moves_played": 5, "marks_placed": 4, "turn": "X",
        "classical": {"a1": "X1", "b2": "O2", "c3": "X3"},
        "spooky": [{"mark": "O4", "cells": ["b1", "c1"]}],
        "pending_collapse": None, "winner": None, "reason": None,
    }
    won = play("a1-a3", "b1-a3", "b1-a2", "c1-b3", "a1-a3", "@a1").to_json()
    assert (won["turn"], won["winner"], won["reason"]) == (None, "X", "line")
    drawn = play("b1-a3", "b1-b3", "b2-a3", "a3-c3", "a1-b2", "b1-c1", "c2-a3", "a1-a2",
                 "c2-c3", "@c2").to_json()
    assert (drawn["turn"], drawn["winner"], drawn["reason"]) == (None, "draw", "full board")


# --- notation -------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("", "empty"), ("a4-b1", "not a cell"), ("a1-", "not a cell"), ("@d2", "not a cell"),
    ("x", "expected a pair"), ("a1b2", "expected a pair"),
])
def test_notation_errors_quote_the_input(text, message):
    with pytest.raises(NotationError, match=message) as error:
        GAME.initial_state().parse_move(text)
    assert repr(text) in str(error.value)


@pytest.mark.parametrize("text, column", [
    ("a4-b1", 1), ("a1-d2", 4), ("a1-", 4), ("b2-a1-c3", 4), ("@d2", 2), ("@", 2),
    ("x", 1), ("a1b2", 1), ("d1", 1), ("  a1-c9", 6), (" @a0", 3), ("\tq", 2),
])
def test_notation_errors_name_the_column(text, column):
    with pytest.raises(NotationError) as error:
        GAME.initial_state().parse_move(text)
    assert error.value.column == column
    assert f" at column {column}: " in str(error.value)


def test_an_empty_move_has_no_column():
    with pytest.raises(NotationError) as error:
        GAME.initial_state().parse_move("  ")
    assert error.value.column is None and "column" not in str(error.value)


def test_cell_names_run_left_to_right_and_bottom_to_top():
    assert [cell_name(c) for c in (0, 2, 6, 8)] == ["a1", "c1", "a3", "c3"]


# --- properties over random legal games -------------------------------------------

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


def cells_on_a_cycle(spooky) -> list[int]:
    """Brute force: a cell is on a cycle when one of its marks' other cell still
    reaches it without that mark."""
    def reach(start, goal, marks):
        seen, frontier = {start}, [start]
        while frontier:
            here = frontier.pop()
            for _, a, b in marks:
                for there in ((b,) if here == a else (a,) if here == b else ()):
                    if there not in seen:
                        seen.add(there)
                        frontier.append(there)
        return goal in seen

    return sorted({c for m, a, b in spooky for c in (a, b)
                   if reach(a, b, [s for s in spooky if s[0] != m])})


@settings(max_examples=200, deadline=None)
@given(legal_games(GAME, max_moves=20))
def test_random_games_keep_the_invariants(game):
    moves, _ = game
    state = GAME.initial_state()
    for move in moves:
        after = state.play(move)
        if state.pending is not None:
            # The cascade agrees with the only consistent assignment.
            assert consistent_collapses(state.spooky, state.classical, state.pending,
                                        move.cell) == [after.classical]
        state = after
        classical = sum(m is not None for m in state.classical)
        assert classical + len(state.spooky) == state.marks_placed
        assert state.marks_placed <= 9
        assert state.cycle_cells() == (cells_on_a_cycle(state.spooky) if state.pending else [])
        if state.pending is None:
            assert spooky_graph_is_a_forest(state), "a cycle was left uncollapsed"
        else:
            assert state.turn != (0 if state.pending % 2 else 1)  # the other player chooses
        for move in state.legal_moves():
            assert state.parse_move(state.format_move(move)) == move
    if state.is_over():
        assert state.marks_placed <= 9


@settings(max_examples=100, deadline=None)
@given(legal_games(GAME, max_moves=None))
def test_every_game_ends_by_move_nine(game):
    _, state = game
    assert state.is_over()
    assert state.marks_placed <= 9
    if state.outcome().winner is None:
        assert all(m is not None for m in state.classical)


@settings(max_examples=200, deadline=None)
@given(legal_games(GAME, max_moves=None))
def test_what_a_position_carries_over_agrees_with_working_it_out_afresh(game):
    """A position made by a move carries its free cells, outcome and spooky groups over
    or updates them; made afresh from the same marks it works them out from scratch."""
    moves, _ = game
    state = GAME.initial_state()
    for move in moves:
        after = state.play(move)
        if isinstance(move, Spooky):  # a cycle is closed exactly when the cells were joined
            assert (after.pending is not None) == connected(state.spooky, *move.cells)
        state = after
        fresh = QtttState(GAME, state.spooky, state.classical, state.marks_placed,
                          state.pending, state.moves_played)
        assert fresh == state
        assert (state.free_cells(), state.outcome(), state.turn, state.legal_moves()) == (
            fresh.free_cells(), fresh.outcome(), fresh.turn, fresh.legal_moves())
        assert state.free_cells() == [c for c in CELLS if state.classical[c] is None]
        assert [[bool(state._groups[c] >> d & 1) for d in CELLS] for c in CELLS] == [
            [connected(state.spooky, c, d) for d in CELLS] for c in CELLS]


def test_positions_are_equal_and_hash_alike_exactly_when_their_fields_are_equal():
    """Positions are dictionary keys (the solver's tables, the computer's search tree):
    the same moves give equal positions with equal hashes; different positions are
    unequal, and their hashes differ too (a constant hash would be correct but slow)."""
    import random

    rng = random.Random(7)
    seen = {}
    for _ in range(40):
        state, moves = GAME.initial_state(), ()
        while not state.is_over():
            move = rng.choice(sorted(state.legal_moves(), key=state.format_move))
            state, moves = state.play(move), moves + (state.format_move(move),)
            seen.setdefault(moves, state)
    assert len(seen) > 200
    for moves, state in list(seen.items())[:60]:
        again = play(*moves)
        assert again == state and hash(again) == hash(state)
    fields = lambda s: (s.spooky, s.classical, s.marks_placed, s.pending, s.moves_played)
    distinct = {fields(s): s for s in seen.values()}
    assert len(set(seen.values())) == len(distinct)
    assert len({hash(s) for s in distinct.values()}) == len(distinct)
    first, second = play("a1-b2"), play("a1-c3")
    assert first != second and first != fields(first)


def test_a_positions_repr_shows_each_of_its_fields():
    state = play("a1-b2", "b2-c3", "c3-a1")
    text = repr(state)
    assert text.startswith("QtttState(") and text.endswith(")")
    shown = ", ".join(f"{name}={getattr(state, name)!r}"
                      for name in ("spooky", "classical", "marks_placed", "pending", "moves_played"))
    assert text == f"QtttState({shown})"


def test_the_play_page_s_prompts_say_what_each_tap_is_for_and_nothing_after_a_pair():
    from rulebook.games.qttt.clicks import prompt

    state = make_game("qttt").initial_state()
    assert [prompt(state, taps) for taps in range(4)] == ["pair_first", "pair_second", None, None]
    cycle = state.play(state.parse_move("a1-b2")).play(state.parse_move("a1-b2"))
    assert [prompt(cycle, taps) for taps in range(3)] == ["collapse"] * 3  # whatever was tapped


def test_two_cells_tapped_in_either_order_pick_their_pair_and_nothing_else():
    """On the play page a spooky pair is picked by tapping its two cells, whichever
    first; a collapse by tapping its cell.  Over random positions, every two taps pick
    exactly the legal moves they name (as the page's input.js matches a move's token
    sequences against the taps made)."""
    from conftest import random_steps

    from rulebook.games.qttt.clicks import tokens

    cells = [f"{c}{r}" for r in "123" for c in "abc"]
    for seed, _, move, state in random_steps(make_game("qttt"), range(6)):
        if state.is_over():
            continue
        legal = {state.format_move(m): tokens(state, state.format_move(m))  # as the page has them
                 for m in state.legal_moves()}

        def picked(*taps):
            return sorted(m for m, sequences in legal.items() if list(taps) in sequences)

        for a in cells:
            if state.pending is not None:
                assert picked(a) == [m for m in legal if m == f"@{a}"], (seed, a)
                continue
            for b in cells:
                pair = {f"{a}-{b}", f"{b}-{a}"} & set(legal) if a != b else set()
                assert picked(a, b) == sorted(pair), (seed, a, b)


def test_line_completed_at_is_the_largest_mark_of_a_players_earliest_line():
    """Read off the classical marks by hand: a player's lines are the rows, columns and
    diagonals of three of their marks; each was complete at its largest mark; the fact
    gives the earliest (0 for none).  Over the ends of random games, some with two lines
    for one player."""
    from conftest import random_steps

    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    fact, doubles = make_game("qttt").facts["line_completed_at"], 0
    for seed, _, _, state in random_steps(make_game("qttt"), range(120)):
        if not state.is_over():
            continue
        for index, player in enumerate("XO"):
            marks = [[state.classical[c] for c in line] for line in lines]
            mine = [max(m) for m in marks
                    if None not in m and all((n - 1) % 2 == index for n in m)]
            doubles += len(mine) > 1
            assert fact.compute(state, player=player) == min(mine, default=0), (seed, player)
    assert doubles >= 3, doubles


def test_the_text_board_shows_each_cell_under_its_column_in_its_row_top_row_first():
    """The text board (the play page's text view) reads like the figures: row 3 at the
    top and row 1 at the bottom, columns a to c left to right; each cell shows its
    classical mark in brackets, or its spooky marks; under a cycle that waits, the
    mark that closed it and the player who chooses its collapse (the other one)."""
    from conftest import random_steps

    pending = 0
    for seed, _, _, state in random_steps(make_game("qttt"), range(8)):
        lines = str(state).splitlines()
        assert [line[0] for line in lines[:3]] == ["3", "2", "1"]
        assert lines[3].split() == ["a", "b", "c"]
        for line in lines[:3]:
            row = int(line[0])
            for column, shown in enumerate(line[2:].split("|")):
                cell = parse_cell(f"{'abc'[column]}{row}", "", 1)
                words = shown.split()
                classical = state.classical[cell]
                if classical is not None:
                    assert words == [f"[{'XO'[(classical - 1) % 2]}{classical}]"], (seed, line)
                else:
                    spooky = sorted(m for m, a, b in state.spooky if cell in (a, b))
                    assert words == ([f"{'xo'[(m - 1) % 2]}{m}" for m in spooky] or ["."]), \
                        (seed, line)
        # a cycle waiting: the mark that closed it, and the other player chooses
        marks = [m for m, _, _ in state.spooky]
        if state.pending is None:
            assert len(lines) == 4, (seed, lines)
            continue
        closer = max(marks)  # the latest spooky mark closed the cycle
        other = "OX"[(closer - 1) % 2]  # odd marks are X's
        assert lines[4] == f"mark {'XO'[(closer - 1) % 2]}{closer} closed a cycle; " \
                           f"{other} chooses (@cell)", (seed, lines[4])
        pending += 1
    assert pending >= 3, pending
