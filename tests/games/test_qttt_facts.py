"""Every fact of Quantum Tic-Tac-Toe against the naive model and the rules page.

Each fact a record's claims can ask (``make_game('qttt').facts``) is computed at
every position of seeded random games, for every value of its argument (all
nine cells, both players, marks 1 to 9, every move text), and compared with
the answer worked out here from the naive model of test_qttt_oracle.py (which
imports nothing from rulebook.games) and the rules page
(the designer's quantum-tictactoe-page.txt), written plainly below:

* X has the odd marks, O the even ones; a mark is spooky in two cells until a
  cycle collapses it, then classical in one;
* the newest pair may close a cycle: the player who did not close it chooses
  where it collapses; the cycle is the loop the newest pair closes, the
  marks hanging off it are not on it;
* only classical marks make a line; a line is complete at its largest mark;
  lines of both players in one collapse: the line completed first wins; a
  full board with no line is a draw.

Half the games are uniformly random; the other half steer X's pairs into two
crossing lines, so that the winner often has two lines completed at
different marks (only X can: two lines take five marks, and O makes four).
Each test counts the rare cases its fact depends on and asserts they
occurred, so none passes on positions that cannot tell.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from differential import game_count
from rulebook.errors import RulebookError
from rulebook.games import make_game
from test_qttt_oracle import LINES, NAMES, NaiveQttt, player_of, unordered

GAME = make_game("qttt")
PLAYERS = ("X", "O")
MARKS = range(1, 10)


def fact(state, name, **args):
    return GAME.facts[name].compute(state, **args)


def other(player: str) -> str:
    return "O" if player == "X" else "X"


def written(mark: int) -> str:
    """A mark by its player's letter and number: X1, O2, ..."""
    return player_of(mark) + str(mark)


# --- the games -----------------------------------------------------------------------

def steer_into(area: set[str]):
    """X plays its pairs inside ``area`` (nine times out of ten), O outside it."""
    def choose(rng, moves, naive):
        def cells(move):
            return set(move.lstrip("@").split("-"))

        if naive.turn() == "X":
            wanted = [m for m in moves if cells(m) <= area]
        else:
            wanted = [m for m in moves if not cells(m) & area]
        return rng.choice(wanted if wanted and rng.random() < 0.9 else moves)
    return choose


def uniformly(rng, moves, naive):
    return rng.choice(moves)


@cache
def positions() -> tuple:
    """Every position of the seeded games: (seed, moves so far, engine state, naive model)."""
    found = []
    crossing = [(a, b) for a in LINES for b in LINES if a < b and set(a) & set(b)]
    for seed in range(game_count(200)):
        rng = random.Random(seed)
        if seed % 2:
            first, second = crossing[seed // 2 % len(crossing)]
            choose = steer_into(set(first) | set(second))
        else:
            choose = uniformly
        state, naive, history = GAME.initial_state(), NaiveQttt(), ()
        while True:
            found.append((seed, history, state, naive))
            moves = sorted(naive.moves())
            if not moves:
                break
            move = choose(rng, moves, naive)
            state, naive = state.play(state.parse_move(move)), naive.play(move)
            history += (move,)
    return tuple(found)


def complete_lines(naive) -> dict[str, list[list[str]]]:
    """Each player's lines of three classical marks, each line's cells sorted."""
    found = {"X": [], "O": []}
    for line in LINES:
        if all(cell in naive.classical for cell in line):
            owners = {player_of(naive.classical[cell]) for cell in line}
            if len(owners) == 1:
                found[owners.pop()].append(sorted(line))
    return found


def completed_at(naive, line) -> int:
    return max(naive.classical[cell] for cell in line)


def result(naive):
    """(winner or None, reason), or None while the game goes on."""
    found = naive.winner_and_reason()
    return None if found == "none" else found


# --- the result ----------------------------------------------------------------------

def test_winner_over_turn_reason_and_scores_follow_the_rules_result():
    """``winner``, ``over``, ``turn``, ``reason``: the naive model's result and player to
    move; ``scores``: none (the rulebook's game has one result, no points)."""
    seen = Counter()
    for seed, history, state, naive in positions():
        ended = result(naive)
        where = (seed, history)
        if ended is None:
            assert fact(state, "winner") == "none", where
            assert fact(state, "reason") == "none", where
        else:
            winner, reason = ended
            assert fact(state, "winner") == (winner or "draw"), where
            assert fact(state, "reason") == reason, where
            seen[winner, reason] += 1
        assert fact(state, "over") is (ended is not None), where
        assert fact(state, "turn") == (naive.turn() or "none"), where
        assert fact(state, "scores") is None, where
        seen["turn", naive.turn()] += 1
    for case in [("X", "line"), ("O", "line"), ("X", "simultaneous lines"),
                 ("O", "simultaneous lines"), (None, "full board"), ("turn", "X"), ("turn", "O")]:
        assert seen[case] >= 3, (case, seen)


def test_the_result_of_any_classical_board_is_the_rules_result():
    """The result worked out from the classical marks alone, over random boards of
    five to nine classical marks (any marks, reachable or not): the naive model's,
    with lines of both players at once won by each of them, and X's two lines at
    once.  (A player with two lines and the other with one cannot happen: two
    crossing lines leave no line among the four cells left, checked here too; so
    "the line completed first" always compares one line of each.)"""
    from rulebook.games.qttt.notation import parse_cell
    from rulebook.games.qttt.rules import classical_outcome

    crossing = [(a, b) for a in LINES for b in LINES if a < b and len(set(a) & set(b)) == 1]
    assert not [(a, b) for a, b in crossing for line in LINES
                if not set(line) & (set(a) | set(b))]
    rng, seen = random.Random(3), Counter()
    for n in range(3000):
        naive = NaiveQttt()
        if n % 2:  # any marks on any cells
            cells = rng.sample(NAMES, rng.randint(5, 9))
            naive.classical = dict(zip(cells, rng.sample(range(1, 10), len(cells))))
        else:  # X's five marks on two crossing lines, O's anywhere else
            first, second = rng.choice(crossing)
            xs = sorted(set(first) | set(second))
            naive.classical = dict(zip(xs, rng.sample([1, 3, 5, 7, 9], 5)))
            rest = [cell for cell in NAMES if cell not in xs]
            naive.classical.update(zip(rng.sample(rest, rng.randint(0, 4)), [2, 4, 6, 8]))
        classical = [None] * 9
        for cell, mark in naive.classical.items():
            classical[parse_cell(cell, cell, 1)] = mark
        ended = classical_outcome(classical)
        found = None if ended is None else (
            None if ended.winner is None else PLAYERS[ended.winner], ended.reason)
        assert found == result(naive), naive.classical
        lines = {p: sum(all(c in naive.classical and player_of(naive.classical[c]) == p
                            for c in line) for line in LINES) for p in PLAYERS}
        seen[found, lines["X"], lines["O"]] += 1
    for case in [(("X", "simultaneous lines"), 1, 1), (("O", "simultaneous lines"), 1, 1),
                 (("X", "line"), 2, 0), (("X", "line"), 1, 0), (("O", "line"), 0, 1)]:
        assert seen[case] >= 20, (case, seen)


# --- cells and marks -----------------------------------------------------------------

def test_classical_and_spooky_give_each_cells_marks_in_move_order_and_the_counts_add_up():
    """``classical``: a cell's classical mark or 'none'; ``spooky``: its spooky marks, in
    move order; ``classical_count``, ``spooky_count``, ``marks_placed``: how many."""
    crowded = 0
    for seed, history, state, naive in positions():
        for cell in NAMES:
            mark = naive.classical.get(cell)
            assert fact(state, "classical", cell=cell) == (
                "none" if mark is None else written(mark)), (seed, history, cell)
            marks = sorted(m for m, cells in naive.spooky if cell in cells)
            assert fact(state, "spooky", cell=cell) == [written(m) for m in marks], \
                (seed, history, cell)
            crowded += len(marks) >= 3
        assert fact(state, "classical_count") == len(naive.classical), (seed, history)
        assert fact(state, "spooky_count") == len(naive.spooky), (seed, history)
        assert fact(state, "marks_placed") == naive.marks, (seed, history)
    assert crowded >= 50, crowded  # cells holding three or more spooky marks


def test_each_marks_owner_name_and_cells_follow_it_from_unmade_to_spooky_to_classical():
    """For marks 1 to 9: ``owner`` (X odd, O even), ``mark_name`` ('none' until it is
    made), ``mark_cells`` (none before it is made, its two cells while spooky, its one
    cell once classical)."""
    seen = Counter()
    for seed, history, state, naive in positions():
        spooky = {m: sorted(cells) for m, cells in naive.spooky}
        classical = {m: cell for cell, m in naive.classical.items()}
        for mark in MARKS:
            where = (seed, history, mark)
            assert fact(state, "owner", mark=mark) == ("X" if mark % 2 else "O"), where
            made = mark <= naive.marks
            assert fact(state, "mark_name", mark=mark) == (written(mark) if made else "none"), \
                where
            cells = [classical[mark]] if mark in classical else spooky.get(mark, [])
            assert fact(state, "mark_cells", mark=mark) == cells, where
            seen["classical" if mark in classical else "spooky" if mark in spooky
                 else "unmade"] += 1
            assert made == (mark in classical or mark in spooky), where
    assert min(seen.values()) >= 100, seen
    for wrong in (0, 10, "3", True):  # not marks: refused, as the claims' checker reports
        for name in ("owner", "mark_name", "mark_cells"):
            try:
                fact(GAME.initial_state(), name, mark=wrong)
            except RulebookError as error:
                if type(wrong) is int:  # the number the claim gave, quoted as written
                    assert str(error) == f"cannot read '{wrong}': a mark is numbered 1 to 9"
                continue
            raise AssertionError(f"{name} answered for mark {wrong!r}")


def test_free_cells_are_the_cells_without_a_classical_mark():
    sizes = Counter()
    for seed, history, state, naive in positions():
        free = sorted(cell for cell in NAMES if cell not in naive.classical)
        assert fact(state, "free_cells") == free, (seed, history)
        sizes[len(free)] += 1
    assert {0, 1, 9} <= set(sizes) and len(sizes) >= 6, sizes


def test_group_is_every_cell_reached_through_chains_of_spooky_pairs():
    """``group``: the cells a walk along spooky pairs reaches from a cell, the cell
    itself included; just the cell when no pair touches it."""
    sizes = Counter()
    for seed, history, state, naive in positions():
        for cell in NAMES:
            reached, todo = {cell}, [cell]
            while todo:
                here = todo.pop()
                for _, cells in naive.spooky:
                    if here in cells:
                        for there in cells - reached:
                            reached.add(there)
                            todo.append(there)
            assert fact(state, "group", cell=cell) == sorted(reached), (seed, history, cell)
            sizes[len(reached)] += 1
    assert all(sizes[n] >= 20 for n in range(1, 7)), sizes


# --- cycles and collapses --------------------------------------------------------------

def loop_closed_by(naive) -> list[str]:
    """The cells of the cycle the pending mark closed: before it the spooky marks had no
    cycle, so the cycle is the pending mark's two cells and the one path joining them
    through the other marks."""
    if naive.pending is None:
        return []
    (start, goal) = sorted(next(cells for m, cells in naive.spooky if m == naive.pending))
    came_from, todo = {start: None}, [start]
    while todo:
        here = todo.pop(0)
        for mark, cells in naive.spooky:
            if mark != naive.pending and here in cells:
                for there in cells - came_from.keys():
                    came_from[there] = here
                    todo.append(there)
    path, cell = [], goal
    while cell is not None:
        path.append(cell)
        cell = came_from[cell]
    return sorted(path)


def test_chooser_and_pending_mark_name_the_cycle_the_newest_mark_closed():
    """``pending_mark``: the mark that closed the cycle waiting to collapse (0 if none);
    ``chooser``: the player who did not close it ('none' if no cycle waits)."""
    seen = Counter()
    for seed, history, state, naive in positions():
        pending = naive.pending
        assert fact(state, "pending_mark") == (pending or 0), (seed, history)
        expected = "none" if pending is None else other(player_of(pending))
        assert fact(state, "chooser") == expected, (seed, history)
        seen[expected] += 1
    assert seen["X"] >= 20 and seen["O"] >= 20, seen


def test_cycle_is_the_loop_the_newest_mark_closes_without_the_marks_hanging_off_it():
    """``cycle``: the cells of the loop waiting to collapse, sorted, the branches (marks
    tied to the loop but not on it) left out; [] when no cycle waits."""
    seen = Counter()
    for seed, history, state, naive in positions():
        loop = loop_closed_by(naive)
        assert fact(state, "cycle") == loop, (seed, history)
        if loop:
            group = {c for _, cells in naive.spooky for c in cells if naive.joined(loop[0], c)}
            seen["with branches" if len(group) > len(loop) else "bare"] += 1
            seen[len(loop)] += 1
    assert seen["with branches"] >= 20 and seen["bare"] >= 20, seen
    assert seen[2] >= 10 and seen[3] >= 10 and seen[4] >= 5, seen


# --- lines -------------------------------------------------------------------------------

def test_lines_and_line_count_are_each_players_rows_of_three_classical_marks():
    """``lines``: each player's rows, columns and diagonals of three classical marks of
    theirs (compared as sets of lines); ``line_count``: how many."""
    seen = Counter()
    for seed, history, state, naive in positions():
        expected = complete_lines(naive)
        found = fact(state, "lines")
        assert set(found) == set(PLAYERS), (seed, history)
        for player in PLAYERS:
            assert sorted(sorted(line) for line in found[player]) == sorted(expected[player]), \
                (seed, history, player)
            assert fact(state, "line_count", player=player) == len(expected[player]), \
                (seed, history, player)
            seen[player, len(expected[player])] += 1
        seen["both"] += bool(expected["X"] and expected["O"])
    assert seen["X", 2] >= 10 and seen["O", 1] >= 10 and seen["both"] >= 10, seen


def test_line_completed_at_is_the_largest_mark_of_the_players_earliest_line():
    """``line_completed_at``: for each player, the smallest over their lines of the line's
    largest mark (0 without a line), at every position, the loser's lines included."""
    seen = Counter()
    for seed, history, state, naive in positions():
        for player in PLAYERS:
            ends = [completed_at(naive, line) for line in complete_lines(naive)[player]]
            assert fact(state, "line_completed_at", player=player) == min(ends, default=0), \
                (seed, history, player)
            if len(set(ends)) > 1:
                seen["earliest listed first" if ends[0] == min(ends) else "earliest later"] += 1
            if ends and result(naive)[0] != player:
                seen["loser's line"] += 1
    assert min(seen.values(), default=0) >= 5 and len(seen) == 3, seen


def test_winning_line_is_the_winners_earliest_completed_line():
    """``winning_line``: the cells, sorted, of the winner's line completed first (the
    smallest largest mark), not the loser's line; [] while the game goes on and in a
    draw."""
    seen = Counter()
    for seed, history, state, naive in positions():
        ended = result(naive)
        if ended is None or ended[0] is None:
            assert fact(state, "winning_line") == [], (seed, history)
            seen["draw" if ended else "going on"] += 1
            continue
        winner = ended[0]
        mine = complete_lines(naive)[winner]
        earliest = min(mine, key=lambda line: completed_at(naive, line))
        assert fact(state, "winning_line") == earliest, (seed, history)
        ends = [completed_at(naive, line) for line in mine]
        if len(set(ends)) > 1:
            seen["two lines, earliest listed first" if ends[0] == min(ends)
                 else "two lines, earliest listed later"] += 1
        if complete_lines(naive)[other(winner)]:
            seen[f"both have lines, {winner} won"] += 1
    assert min(seen.values()) >= 4 and len(seen) == 6, seen


# --- moves -----------------------------------------------------------------------------

def every_move_text():
    """Every text of a move's shape on the board: pairs (either way round, and a cell
    paired with itself), collapse choices and plain marks on each cell."""
    return ([f"{a}-{b}" for a in NAMES for b in NAMES] + ["@" + cell for cell in NAMES]
            + list(NAMES))


def test_legal_move_count_and_is_legal_agree_with_the_naive_models_moves():
    """``legal_move_count``: how many moves the naive model lists (a pair either way round
    is one move); ``is_legal``: true exactly for the texts of those moves, among every
    pair, collapse and plain mark of the board, and false for anything after the end."""
    texts, seen = every_move_text(), Counter()
    for seed, history, state, naive in positions():
        legal = {unordered(move) for move in naive.moves()}
        assert fact(state, "legal_move_count") == len(legal), (seed, history)
        for text in texts:
            assert fact(state, "is_legal", move=text) is (unordered(text) in legal), \
                (seed, history, text)
        kind = ("over" if naive.over() else "collapse" if naive.pending is not None
                else "plain ninth" if len(naive.free()) == 1 else "pairs")
        seen[kind] += 1
    assert min(seen.values()) >= 10 and len(seen) == 4, seen
