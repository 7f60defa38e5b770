"""Quantum Tic-Tac-Toe against a second, naive model written from the rules page.

The naive model below imports nothing from rulebook.games: cells are names
("a1".."c3"), a spooky mark is (number, {two cell names}), a cycle is found by
walking the marks from one cell of the new pair to the other, a collapse
repeats "a mark with a cell taken must go to its other cell" until nothing
changes, and lines are looked up in a list of the eight written out by hand.
Moves are strings in the rulebook's notation ("a1-b2", "@a1", "c3").

The rules page (paraphrased): X has the odd marks, O the even ones; a move
puts the next mark in two different cells without a classical mark; a pair
that closes a cycle of marks must collapse, and the player who did not close
it chooses which of its two cells the newest mark takes, the marks tied to it
following, then plays their own move; only classical marks count; the game
ends after a collapse that leaves a line, or when every cell is classical;
lines of both players in one collapse: the line whose largest mark is
smaller wins; with one cell left, X's 9th move is a plain mark there; a full
board with no line is a draw.
"""

from __future__ import annotations

import pytest

from differential import compare_random_games, game_count
from rulebook.games import make_game

NAMES = [column + row for row in "123" for column in "abc"]
LINES = [["a1", "b1", "c1"], ["a2", "b2", "c2"], ["a3", "b3", "c3"],
         ["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"],
         ["a1", "b2", "c3"], ["c1", "b2", "a3"]]


def player_of(mark: int) -> str:
    return "X" if mark % 2 == 1 else "O"


class NaiveQttt:
    def __init__(self):
        self.classical = {}  # cell name -> mark number
        self.spooky = []  # (mark number, frozenset of two cell names)
        self.marks = 0  # marks placed so far
        self.pending = None  # the mark that closed a cycle, awaiting its collapse

    def copy(self):
        other = NaiveQttt()
        other.classical, other.spooky = dict(self.classical), list(self.spooky)
        other.marks, other.pending = self.marks, self.pending
        return other

    # --- what the rules say about the position ----------------------------------
    def winner_and_reason(self):
        if not hasattr(self, "result"):  # worked out once: a position is not changed
            self.result = self.work_out_result()  # once it is shown
        return self.result

    def work_out_result(self):
        completed = {"X": [], "O": []}  # per player: the largest mark of each line
        for line in LINES:
            if all(cell in self.classical for cell in line):
                owners = {player_of(self.classical[cell]) for cell in line}
                if len(owners) == 1:
                    completed[owners.pop()].append(max(self.classical[cell] for cell in line))
        if completed["X"] and completed["O"]:
            first = "X" if min(completed["X"]) < min(completed["O"]) else "O"
            return first, "simultaneous lines"
        for player in "XO":
            if completed[player]:
                return player, "line"
        if len(self.classical) == 9:
            return None, "full board"
        return "none"

    def over(self):
        return self.winner_and_reason() != "none"

    def turn(self):
        if self.over():
            return None
        if self.pending is not None:  # the player who did not close the cycle
            return "O" if player_of(self.pending) == "X" else "X"
        return player_of(self.marks + 1)

    def view(self):
        return (self.turn(), self.winner_and_reason(), sorted(self.classical.items()),
                sorted((mark, sorted(cells)) for mark, cells in self.spooky), self.pending)

    # --- moves --------------------------------------------------------------------
    def free(self):
        return [cell for cell in NAMES if cell not in self.classical]

    def moves(self):
        if self.over():
            return []
        if self.pending is not None:
            cells = next(cells for mark, cells in self.spooky if mark == self.pending)
            return ["@" + cell for cell in sorted(cells)]
        free = self.free()
        if len(free) == 1:
            return [free[0]]
        return [f"{a}-{b}" for a in free for b in free if a < b]

    def joined(self, start, goal):
        """Whether a chain of spooky marks leads from cell ``start`` to cell ``goal``."""
        reached, todo = {start}, [start]
        while todo:
            cell = todo.pop()
            for _, cells in self.spooky:
                if cell in cells:
                    for other in cells - {cell}:
                        if other not in reached:
                            reached.add(other)
                            todo.append(other)
        return goal in reached

    def play(self, text):
        after = self.copy()
        if text.startswith("@"):
            after.collapse(self.pending, text[1:])
            after.pending = None
        elif "-" in text:
            a, b = text.split("-")
            after.marks += 1
            closes = self.joined(a, b)
            after.spooky.append((after.marks, frozenset((a, b))))
            if closes:
                after.pending = after.marks
        else:
            after.marks += 1
            after.classical[text] = after.marks
        return after

    def collapse(self, mark, cell):
        self.classical[cell] = mark
        self.spooky = [(m, cells) for m, cells in self.spooky if m != mark]
        moved = True
        while moved:  # a mark one of whose cells is taken goes to the other one
            moved = False
            for m, cells in list(self.spooky):
                taken = [c for c in cells if c in self.classical]
                if taken:
                    (other,) = cells - {taken[0]}
                    self.classical[other] = m
                    self.spooky.remove((m, cells))
                    moved = True


def engine_view(state):
    def cell(index):
        return "abc"[index % 3] + "123"[index // 3]

    outcome = state.outcome()
    players = ("X", "O")
    result = "none" if outcome is None else (
        None if outcome.winner is None else players[outcome.winner], outcome.reason)
    return (None if state.turn is None else players[state.turn], result,
            sorted((cell(c), m) for c, m in enumerate(state.classical) if m is not None),
            sorted((m, sorted((cell(a), cell(b)))) for m, a, b in state.spooky), state.pending)


def unordered(move: str) -> str:
    """A pair written either way round is one move."""
    return "-".join(sorted(move.split("-")))


def test_qttt_random_games_agree_with_the_naive_model():
    counts = compare_random_games(lambda: make_game("qttt").initial_state(), NaiveQttt,
                                  engine_view, game_count(200), canonical=unordered)
    assert counts["positions"] > 10 * counts["games"]


def test_qttt_games_steered_to_one_players_cycles_agree_with_the_naive_model():
    """Uniformly random games seldom close a cycle of one player's marks alone, or
    collapse one into a line while few marks are classical.  Here each game gives X a
    line of its own to crowd its pairs into and O the other cells (mostly), so such
    cycles, collapses and early lines come often."""
    def steered(line):
        def choose(rng, keys, state):
            def cells(key):
                return set(key.lstrip("@").split("-"))

            if state.turn == 0:  # X: inside its line
                wanted = [k for k in keys if cells(k) <= line]
            else:  # O: away from it
                wanted = [k for k in keys if not cells(k) & line]
            return rng.choice(wanted if wanted and rng.random() < 0.9 else keys)
        return choose

    positions = 0
    for seed in range(game_count(80)):
        positions += compare_random_games(
            lambda: make_game("qttt").initial_state(), NaiveQttt, engine_view, 1,
            seed=1000 + seed, canonical=unordered,
            choose=steered(set(LINES[seed % len(LINES)])))["positions"]
    assert positions > 5 * game_count(80)


@pytest.mark.parametrize("moves, view", [
    # O closes a two-cycle on a1 and b1, so X chooses where mark 2 goes
    (["a1-b1", "a1-b1"], ("X", "none", [], [(1, ["a1", "b1"]), (2, ["a1", "b1"])], 2)),
    (["a1-b1", "a1-b1", "@a1"], ("X", "none", [("a1", 2), ("b1", 1)], [], None)),
    # X closes the cycle a1-b2-c3 with mark 5; O collapses it into X's diagonal
    (["a1-b2", "a2-a3", "b2-c3", "b1-c1", "a1-c3", "@a1"],
     (None, ("X", "line"), [("a1", 5), ("b2", 1), ("c3", 3)],
      [(2, ["a2", "a3"]), (4, ["b1", "c1"])], None)),
])
def test_the_naive_qttt_model_and_the_engine_follow_the_rules_page(moves, view):
    """The naive model, and the engine, on positions worked out by hand."""
    naive, state = NaiveQttt(), make_game("qttt").initial_state()
    for move in moves:
        assert move in naive.moves()
        naive, state = naive.play(move), state.play(state.parse_move(move))
    assert naive.view() == view
    assert engine_view(state) == view
