"""The QTTT solver (rulebook.games.qttt.solve) against the engine.

Its position model must agree with the engine on random games; its values
must agree with a plain minimax over the engine's public interface from
positions near the end; its canonical keys must not depend on the board's
orientation and must tell apart positions that are not images of each other.
The whole game is solved by benchmarks/bench_qttt_solve.py, not here.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.games import make_game
from rulebook.games.qttt import solve
from rulebook.games.qttt.rules import Collapse, Spooky

from conftest import legal_games

GAME = make_game("qttt")


def engine_result(state, complete_win):
    """The engine's outcome, with the complete win's reading of simultaneous lines."""
    outcome = state.outcome()
    if outcome is None:
        return None
    if complete_win and outcome.reason == "simultaneous lines":
        return None, outcome.reason
    return outcome.winner, outcome.reason


# --- the position model -------------------------------------------------------

@settings(max_examples=100, deadline=None)
@given(legal_games(GAME, max_moves=None), st.booleans())
def test_the_model_follows_the_engine_through_random_games(game, complete_win):
    moves, _ = game
    state = GAME.initial_state()
    pos = solve.initial()
    for move in moves:
        assert solve.position(state) == pos
        assert solve.result(pos[0], complete_win) == engine_result(state, complete_win)
        if state.pending is None:
            expected = sorted(m.cells if isinstance(m, Spooky) else (m.cell,)
                              for m in state.legal_moves())
            assert sorted(solve.moves(pos)) == expected
            assert solve.next_mark(pos) == state.next_mark
            assert solve.owner(solve.next_mark(pos)) == state.turn
            pos, closed = solve.play(pos, move.cells if isinstance(move, Spooky) else (move.cell,))
            state = state.play(move)
            assert closed == (state.pending is not None)
        else:
            assert isinstance(move, Collapse)
            state = state.play(move)
            pos = solve.settle(pos, move.cell)
    assert solve.position(state) == pos
    assert solve.result(pos[0], complete_win) == engine_result(state, complete_win)


# --- values against a plain minimax over the engine ------------------------------

def brute_value(state, complete_win, seen=None) -> int:
    """The value to X, on the solver's scale, by minimax over the engine's moves
    (remembering the engine positions already valued)."""
    seen = {} if seen is None else seen
    here = (state.classical, state.spooky, state.pending)
    if here not in seen:
        if state.is_over():
            winner = engine_result(state, complete_win)[0]
            ends = solve.WIN - state.marks_placed
            seen[here] = 0 if winner is None else ends if winner == 0 else -ends
        else:
            values = [brute_value(state.play(m), complete_win, seen) for m in state.legal_moves()]
            seen[here] = max(values) if state.turn == 0 else min(values)
    return seen[here]


def near_the_end(seed: int, marks: int, few_cycles: bool = False):
    """A random engine position with ``marks`` marks made, no collapse due and the game on.

    ``few_cycles``: pairs that close no cycle are preferred, so large trees of
    spooky marks are left for the end.
    """
    rng = random.Random(seed)
    while True:
        state = GAME.initial_state()
        while not state.is_over() and (state.marks_placed < marks or state.pending is not None):
            moves = state.legal_moves()
            if few_cycles:
                moves = [m for m in moves if not state.play(m).pending] or moves
            state = state.play(rng.choice(moves))
        if not state.is_over():
            return state


@pytest.mark.parametrize("seed,marks,few_cycles,complete_win",
                         [(s, 7, s % 2, w) for s in range(12) for w in (False, True)]
                         + [(1, 6, True, False), (0, 6, False, True), (2, 6, False, False)])
def test_values_agree_with_a_plain_minimax_over_the_engine(seed, marks, few_cycles, complete_win):
    state = near_the_end(seed, marks, few_cycles)
    solver = solve.Solver(complete_win)
    v = solver.value(solve.position(state))
    to_x = v if state.turn == 0 else -v
    assert to_x == brute_value(state, complete_win)


@pytest.mark.parametrize("complete_win", [False, True])
@pytest.mark.parametrize("seed", range(30))
def test_o_s_last_mark_worked_out_agrees_with_the_minimax(seed, complete_win):
    state = near_the_end(100 + seed, 7, few_cycles=seed % 2)
    assert state.next_mark == 8
    v = solve.Solver(complete_win).last_two(solve.position(state))
    assert -v == brute_value(state, complete_win)


@pytest.mark.parametrize("complete_win", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_a_best_line_replays_in_the_engine_to_its_value(seed, complete_win):
    state = near_the_end(200 + seed, 6)
    v = solve.Solver(complete_win).value(solve.position(state))
    mover = state.turn
    for text in solve.perfect_play(state, complete_win):
        state = state.play(state.parse_move(text))
    end = engine_result(state, complete_win)
    assert end is not None
    got = 0 if end[0] is None else solve.WIN - state.marks_placed
    assert (got if end[0] == mover else -got) == v


# --- symmetry ------------------------------------------------------------------

def image(pos, perm):
    cls, sp = pos
    board = [0] * 9
    for c in range(9):
        board[perm[c]] = cls[c]
    return tuple(board), tuple((m, *sorted((perm[a], perm[b]))) for m, a, b in sp)


def images(pos):
    return {image(pos, perm) for perm in solve.SYMMETRIES}


def test_the_symmetries_are_the_eight_of_the_square():
    assert len(set(solve.SYMMETRIES)) == 8
    lines = {frozenset(line) for line in solve.LINES}
    for perm in solve.SYMMETRIES:
        assert {frozenset(perm[c] for c in line) for line in lines} == lines
        assert perm[4] == 4


@settings(max_examples=60, deadline=None)
@given(legal_games(GAME, max_moves=14), legal_games(GAME, max_moves=14), st.booleans())
def test_keys_are_the_same_exactly_for_images(first, second, complete_win):
    a, b = (solve.position(game[1]) for game in (first, second))
    if complete_win:  # numbers aside, only whose marks are where counts
        def strip(pos):
            return (tuple(m and 2 - m % 2 for m in pos[0]),
                    tuple(sorted((2 - m % 2, p, q) for m, p, q in pos[1])))
        same = any(strip(i) == strip(b) for i in images(a))
    else:
        same = b in images(a)
    assert (solve.key(a, complete_win) == solve.key(b, complete_win)) == same
    for i in images(a):
        assert solve.key(i, complete_win) == solve.key(a, complete_win)


@pytest.mark.parametrize("complete_win", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_the_eight_images_of_a_position_have_one_value(seed, complete_win):
    pos = solve.position(near_the_end(300 + seed, 6))
    values = {solve.Solver(complete_win).value(i) for i in
              (image(pos, perm) for perm in solve.SYMMETRIES)}
    assert len(values) == 1


def test_first_moves_fall_into_eight_classes():
    classes = solve.first_move_classes()
    assert sorted(m for group in classes for m in group) == sorted(solve.moves(solve.initial()))
    assert sorted(len(group) for group in classes) == [2, 2, 4, 4, 4, 4, 8, 8]


# --- the record of perfect play -----------------------------------------------------

def test_the_perfect_play_record_ends_in_perfect_play():
    """From X's 7th mark on, every position of figures/qttt/perfect-play.toml is worth
    to X a win with mark 9 (the whole line is checked by the benchmark)."""
    from rulebook.records import load_record

    from conftest import ROOT

    record = load_record(ROOT / "figures" / "qttt" / "perfect-play.toml")
    solver = solve.Solver()
    state, checked = GAME.initial_state(), 0
    for text in record.moves:
        state = state.play(state.parse_move(text))
        if state.marks_placed >= 6 and state.pending is None and not state.is_over():
            v = solver.value(solve.position(state))
            assert (v if state.turn == 0 else -v) == solve.WIN - 9
            checked += 1
    assert checked >= 3 and state.outcome().winner == 0 and state.marks_placed == 9


def test_a_solve_study_s_result_is_combined_from_its_first_move_classes():
    """The solve study's stored result, combined again from its own first-move classes
    (each class: its moves, value and best line): the best value, the moves of each
    value, and the principal variation, the line of a class of the best value."""
    import json
    from pathlib import Path

    from rulebook.studies.solve import KIND

    root = Path(__file__).resolve().parents[2] / "figures" / "qttt" / "studies"
    for name in ("solve", "solve-complete-win"):
        stored = json.loads((root / f"{name}.json").read_text(encoding="utf-8"))["result"]
        items = [{key: item[key] for key in ("moves", "value", "line")}
                 for item in stored["first_move_classes"]]
        combined = KIND.combine("qttt", {"complete_win": stored["complete_win"]}, items)
        assert combined == stored, name
        best = [item for item in items if item["value"] == combined["value"]]
        assert combined["principal_variation"] == best[0]["line"]
        assert combined["principal_variation"][0] in combined["best_first_moves"]
        assert combined["first_move_count"] == len({m for item in items for m in item["moves"]})


def test_a_solve_study_item_is_one_first_move_class_solved_as_stored():
    """The solve study's item: the class of X's first pairs at that index, solved by a
    solver of its own, gives the moves, value and line the stored study holds (the
    class through the centre, quick to solve, under both rules)."""
    import json
    from pathlib import Path

    from rulebook.studies.solve import KIND

    root = Path(__file__).resolve().parents[2] / "figures" / "qttt" / "studies"
    classes = solve.first_move_classes()
    index = next(i for i, group in enumerate(classes) if solve.pair_name(group[0]) == "a1-b2")
    for name, complete_win in (("solve", False), ("solve-complete-win", True)):
        stored = json.loads((root / f"{name}.json").read_text(encoding="utf-8"))["result"]
        item = KIND.run_item(classes, {"complete_win": complete_win}, index)
        assert {k: stored["first_move_classes"][index][k] for k in ("moves", "value", "line")} \
            == item, name
