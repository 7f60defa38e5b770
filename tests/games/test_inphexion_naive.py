"""inpHeXion against a second, deliberately naive engine.

The naive engine below shares no code with rulebook.games.inphexion: a dict
of (column, row) -> 'W' / 'B' / 'N' / None, neighbours by offsets, the
surround rule by scanning every disc before and after the move, connections by
breadth-first search, moves as strings.  The perft table in
data/inphexion_perft.toml was produced by the naive engine; these tests count
its shallower depths again with the naive engine (run this file to re-count it
all) and check the fast engine against it.
"""

from __future__ import annotations

import tomllib
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.games import make_game
from rulebook.games.inphexion.rules import perft

from conftest import legal_games

PERFT = tomllib.loads((Path(__file__).parent / "data" / "inphexion_perft.toml").read_text())
OFFSETS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def name(cell):
    c, r = cell
    return "abcdefghijklmnopqrstuvwxyz"[c] + str(r + 1)


class Naive:
    """One position; ``moves()`` lists move strings, ``play(text)`` returns the next."""

    def __init__(self, size, discs, pie=False, neutral=False):
        self.size = size
        self.board = {(c, r): None for r in range(size) for c in range(size)}
        if neutral:
            self.board[(size // 2, size // 2)] = "N"
        self.to_move = "W"
        self.hand = {"W": discs, "B": discs}
        self.count = 0
        self.pie = pie
        self.winner = None
        self.reason = None

    def copy(self):
        other = object.__new__(Naive)
        other.__dict__ = {**self.__dict__, "board": dict(self.board), "hand": dict(self.hand)}
        other.__dict__.pop("listed", None)
        return other

    def near(self, cell):
        c, r = cell
        return [(c + dc, r + dr) for dc, dr in OFFSETS if (c + dc, r + dr) in self.board]

    def lone_surrounded(self, board, cell, by):
        """The disc on cell is not ``by``'s and every neighbour holds a disc of ``by``."""
        return board[cell] not in (None, by) and all(board[n] == by for n in self.near(cell))

    def joined(self, board, colour):
        size = self.size
        if colour == "W":
            start = [(c, 0) for c in range(size)]
            is_goal = lambda cell: cell[1] == size - 1  # noqa: E731
        else:
            start = [(0, r) for r in range(size)]
            is_goal = lambda cell: cell[0] == size - 1  # noqa: E731
        seen = {cell for cell in start if board[cell] == colour}
        queue = list(seen)
        while queue:
            cell = queue.pop()
            if is_goal(cell):
                return True
            for n in self.near(cell):
                if board[n] == colour and n not in seen:
                    seen.add(n)
                    queue.append(n)
        return False

    def pushes(self):
        """(target, push, board after the push and placement, owed cells)."""
        me = self.to_move
        for target, disc in sorted(self.board.items()):
            if disc in (None, me):
                continue
            for push in self.near(target):
                if self.board[push] is None:
                    yield (target, push, *self.push(target, push))

    def push(self, target, push):
        """The board after pushing the disc on target to push and placing there, and
        the cells of the discs surrounded by this move (not before it)."""
        me = self.to_move
        after = dict(self.board)
        after[push], after[target] = self.board[target], me
        owed = []
        for cell, held in after.items():
            came_from = target if cell == push else cell
            if (self.lone_surrounded(after, cell, me)
                    and not self.lone_surrounded(self.board, came_from, me)):
                owed.append(cell)
        return after, owed

    def moves(self):
        """The legal moves, listed once (``play`` finishes the position before asking)."""
        if "listed" not in self.__dict__:
            self.listed = self.list_moves()
        return self.listed

    def list_moves(self):
        if self.winner is not None or self.hand[self.to_move] == 0:
            return []
        if all(v is None for v in self.board.values()):
            return [name(cell) for cell in sorted(self.board)]
        found = []
        for target, push, after, owed in self.pushes():
            base = f"{name(target)}>{name(push)}"
            empties = [cell for cell, held in after.items() if held is None]
            if not owed or len(empties) < len(owed):
                found.append(base)
                continue
            for landing in combinations(empties, len(owed)):
                found.append(" ".join([base] + [f"{name(s)}>{name(d)}"
                                                for s, d in zip(owed, landing)]))
        if self.pie and self.count == 1:
            found.append("swap")
        return found

    def play(self, text):
        nxt = self.copy()
        me = self.to_move
        them = "B" if me == "W" else "W"
        nxt.to_move, nxt.count = them, self.count + 1
        words = text.split()
        cells = {name(cell): cell for cell in self.board}
        if words == ["swap"]:
            colour = {"W": "B", "B": "W", "N": "N", None: None}
            nxt.board = {(r, c): colour[held] for (c, r), held in self.board.items()}
            nxt.hand = {"W": self.hand["B"], "B": self.hand["W"]}
            nxt.to_move = "W"
            return nxt
        nxt.hand[me] -= 1
        if ">" not in words[0]:
            nxt.board[cells[words[0]]] = me
            return nxt
        target, push = (cells[w] for w in words[0].split(">"))
        after, owed = self.push(target, push)
        nxt.board = after
        if owed and len(words) == 1:
            nxt.winner, nxt.reason = them, "no empty cell for a relocation"
            return nxt
        for word in words[1:]:
            source, destination = (cells[w] for w in word.split(">"))
            nxt.board[destination] = after[source]
        for word in words[1:]:
            source = cells[word.split(">")[0]]
            if source not in [cells[w.split(">")[1]] for w in words[1:]]:
                nxt.board[source] = None
        if self.joined(nxt.board, me):
            nxt.winner, nxt.reason = me, "connection"
        elif self.joined(nxt.board, them):
            nxt.winner, nxt.reason = them, "connection"
        elif not nxt.moves():
            nxt.winner = me
            nxt.reason = "no discs in hand" if nxt.hand[them] == 0 else "no legal move"
        return nxt

    def rows(self):
        symbol = {"W": "W", "B": "B", "N": "N", None: "."}
        return ["".join(symbol[self.board[(c, r)]] for c in range(self.size))
                for r in range(self.size)]


def naive_perft(position, depth):
    """How many move sequences of 1, 2, ..., depth moves start here (one walk of the tree)."""
    counts = [0] * depth

    def walk(here, played):
        moves = here.moves()
        counts[played] += len(moves)
        if played + 1 < depth:
            for move in moves:
                walk(here.play(move), played + 1)

    walk(position, 0)
    return counts


def canonical(text):
    """A move with its relocations as sets: pairing does not matter."""
    words = text.split()
    sources = frozenset(w.split(">")[0] for w in words[1:])
    destinations = frozenset(w.split(">")[1] for w in words[1:])
    return words[0], sources, destinations


def naive_for(case):
    options = PERFT[case]["options"]
    size = options.get("size", 7)
    discs = options.get("discs", 0) or (size * size + 1) // 2
    return Naive(size, discs, options.get("pie", False), options.get("neutral", False))


@pytest.mark.parametrize("case", sorted(PERFT))
def test_fast_engine_matches_the_perft_table(case):
    game = make_game("inphexion", **PERFT[case]["options"])
    table = PERFT[case]["counts"]
    for depth, expected in enumerate(table[:PERFT[case]["fast_depth"]], start=1):
        assert perft(game.initial_state(), depth) == expected, f"{case} depth {depth}"


@pytest.mark.parametrize("case", sorted(PERFT))
def test_naive_engine_matches_the_perft_table(case):
    depth = PERFT[case]["naive_depth"]
    assert naive_perft(naive_for(case), depth) == PERFT[case]["counts"][:depth]


def compare_games(options, moves):
    """A game through both engines: same moves, boards and results at every step."""
    game = make_game("inphexion", **options)
    size = game.options["size"]
    naive = Naive(size, game.discs, game.options["pie"], game.options["neutral"])
    state = game.initial_state()
    for move in [*moves, None]:
        fast_moves = {canonical(state.format_move(m)) for m in state.legal_moves()}
        assert fast_moves == {canonical(m) for m in naive.moves()}, str(state)
        if move is None:
            return state, naive
        state, naive = state.play(move), naive.play(state.format_move(move))
        assert ["".join(row) for row in state.grid()] == naive.rows()
        outcome = state.outcome()
        assert (None if outcome is None else ("WB"[outcome.winner], outcome.reason)) == (
            None if naive.winner is None else (naive.winner, naive.reason))


@settings(max_examples=15, deadline=None)
@given(legal_games("inphexion", st.fixed_dictionaries({
    "size": st.sampled_from([3, 4]), "pie": st.booleans(), "neutral": st.booleans()}),
    max_moves=12))
def test_perft_agrees_with_the_naive_engine_from_any_position(game):
    moves, final = game
    state, naive = compare_games(final.game.options, moves)
    assert [perft(state, depth) for depth in (0, 1, 2)] == [1, *naive_perft(naive, 2)]


SMALL_OPTIONS = st.fixed_dictionaries({"size": st.sampled_from([4, 5]), "pie": st.booleans(),
                                       "neutral": st.booleans()})


@settings(max_examples=12, deadline=None)
@given(legal_games("inphexion", SMALL_OPTIONS, max_moves=None))
def test_random_games_agree_with_the_naive_engine(game):
    moves, final = game
    state, _ = compare_games(final.game.options, moves)
    assert state.is_over()


@settings(max_examples=3, deadline=None)
@given(legal_games("inphexion", max_moves=None))
def test_random_7x7_games_agree_with_the_naive_engine(game):
    moves, _ = game
    state, _ = compare_games({}, moves)
    assert state.is_over()


@settings(max_examples=5, deadline=None)
@given(legal_games("inphexion", {"size": 5, "discs": 4}, max_moves=None))
def test_scarce_discs_end_the_game_as_the_naive_engine_says(game):
    moves, _ = game
    finished, _ = compare_games({"size": 5, "discs": 4}, moves)
    # four discs cannot join five rows or columns: the game ends for want of a move
    assert finished.outcome().reason in ("no discs in hand", "no legal move")


if __name__ == "__main__":  # re-count the whole perft table with the naive engine
    for case in sorted(PERFT):
        counted = naive_perft(naive_for(case), len(PERFT[case]["counts"]))
        verdict = "as in the table" if counted == PERFT[case]["counts"] else "DIFFERS"
        print(f"{case}: {counted} {verdict}")
