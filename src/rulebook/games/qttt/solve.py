"""Quantum Tic-Tac-Toe solved: perfect play by exact search (standard library only).

The solver has its own compact model of a position, checked against the
engine (rules.py) by the tests:

- ``cls``: a tuple of 9 ints, the number of the classical mark in each cell
  (0: none);
- ``sp``: the spooky marks, a tuple of ``(mark, a, b)`` with ``a < b``, in mark
  order.  They are the edges of a forest on the free cells (a cycle collapses
  at once), so the next mark is ``1 + len(sp) + classical marks``.

A pair inside one tree of the forest closes a cycle, and the collapse
settles the whole tree: the newest mark goes to the cell the chooser picks
(the *root*), and every other cell of the tree takes the mark of the pair
leading to it from the root.  So the outcome depends on the root only, and a
closing pair is good for its maker when both its cells are bad roots for the
chooser, who then moves next.

Values are from the point of view of the player to move (negamax) and
capture how soon the game ends: a win ending with mark ``k`` is worth
``10 - k``, a loss ``k - 10``, a draw 0; so a winner hurries and a loser holds
out.  The search answers tests "is the value at least t?" (each a boolean
alpha-beta search), and keeps in a table, for each position in canonical form
under the 8 board symmetries, the bounds on its value the tests have proved.

How one collapse that completes lines for both players is judged:

- the seed's rule (the engine's): the line whose largest mark number is
  smaller wins ("narrow win" in Ishizeki and Matsuura's paper);
- ``complete_win=True``: only a line the other player does not also have
  wins; lines for both players in one collapse end the game drawn (the
  paper's "complete win").  Mark numbers then never matter, so positions are
  compared by whose marks are where.
"""

from __future__ import annotations

import time
from itertools import combinations

from .rules import LINES

X, O = 0, 1
WIN = 10  # a win that ends the game with mark k is worth WIN - k to the winner
LINE_MASKS = tuple(sum(1 << c for c in line) for line in LINES)
EDGES = tuple(combinations(range(9), 2))  # the 36 pairs of cells
EDGE = {pair: i for i, pair in enumerate(EDGES)}


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the board, each as the image of cells 0..8."""
    maps = set()
    for turn in range(4):
        for mirror in (False, True):
            perm = []
            for cell in range(9):
                r, c = divmod(cell, 3)
                if mirror:
                    c = 2 - c
                for _ in range(turn):
                    r, c = c, 2 - r
                perm.append(r * 3 + c)
            maps.add(tuple(perm))
    return tuple(sorted(maps))


SYMMETRIES = _symmetries()


def _code_images() -> tuple[tuple[int, ...], ...]:
    """Per symmetry, the image of each mark code: a cell 0..8 (classical) or 9 + a pair."""
    images = []
    for perm in SYMMETRIES:
        cells = list(perm)
        pairs = [9 + EDGE[tuple(sorted((perm[a], perm[b])))] for a, b in EDGES]
        images.append(tuple(cells + pairs))
    return tuple(images)


CODE_IMAGES = _code_images()


# --- the model ------------------------------------------------------------------

def initial() -> tuple:
    return (0,) * 9, ()


def next_mark(pos) -> int:
    cls, sp = pos
    return 10 - cls.count(0) + len(sp)


def owner(mark: int) -> int:
    """X makes the odd-numbered marks, O the even ones."""
    return X if mark % 2 else O


def moves(pos) -> list[tuple[int, ...]]:
    """The marks that can be made: pairs ``(a, b)``, or ``(c,)`` for X's 9th on the last cell."""
    free = [c for c in range(9) if not pos[0][c]]
    if len(free) == 1:
        return [(free[0],)]
    return list(combinations(free, 2))


def trees(pos) -> dict[int, list[int]]:
    """The free cells grouped by the spooky pairs joining them: each cell -> its group."""
    group = {c: [c] for c in range(9) if not pos[0][c]}
    for _, a, b in pos[1]:
        if group[a] is not group[b]:
            merged = group[a] + group[b]
            for c in merged:
                group[c] = merged
    return group


def settle(pos, root: int) -> tuple:
    """Collapse the newest mark into ``root``: the position once its tree is classical.

    The newest mark is the last of ``pos[1]``; its pair lies in one tree (plus
    that pair, a cycle).  Every mark of the tree goes to its cell away from the root.
    """
    cls, sp = pos
    board = list(cls)
    mark = sp[-1][0]
    rest = list(sp[:-1])
    board[root] = mark
    frontier = [root]
    while frontier:
        cell = frontier.pop()
        keep = []
        for edge in rest:
            m, a, b = edge
            if a == cell or b == cell:
                other = b if a == cell else a
                board[other] = m
                frontier.append(other)
            else:
                keep.append(edge)
        rest = keep
    return tuple(board), tuple(rest)


def play(pos, move) -> tuple[tuple, bool]:
    """Make the next mark: ``(position, whether it closed a cycle)``.  After a cycle,
    :func:`settle` the newest mark into one of its two cells."""
    cls, sp = pos
    mark = next_mark(pos)
    if len(move) == 1:
        board = list(cls)
        board[move[0]] = mark
        return (tuple(board), sp), False
    a, b = sorted(move)
    group = trees(pos)
    return (cls, sp + ((mark, a, b),)), group[a] is group[b]


def result(cls, complete_win: bool = False):
    """None while the game goes on, else ``(winner or None, reason)`` as the engine says."""
    masks = [0, 0]
    for c, m in enumerate(cls):
        if m:
            masks[m & 1 ^ 1] |= 1 << c  # odd marks are X's (index 0)
    found = [[line for line, mask in zip(LINES, LINE_MASKS) if masks[p] & mask == mask]
             for p in (X, O)]
    if found[X] and found[O]:
        if complete_win:
            return None, "simultaneous lines"
        first = [min(max(cls[c] for c in line) for line in found[p]) for p in (X, O)]
        return (X if first[X] < first[O] else O), "simultaneous lines"
    if found[X] or found[O]:
        return (X if found[X] else O), "line"
    if 0 not in cls:
        return None, "full board"
    return None


def end_value(cls, mark: int, player: int, complete_win: bool):
    """The value to ``player`` of the game once mark ``mark`` is settled, or None if it goes on."""
    end = result(cls, complete_win)
    if end is None:
        return None
    if end[0] is None:
        return 0
    return WIN - mark if end[0] == player else mark - WIN


def codes(pos) -> list[int]:
    """Each mark's code by number: its cell (classical) or 9 + its pair's index."""
    cls, sp = pos
    found = [0] * (next_mark(pos) - 1)
    for c, m in enumerate(cls):
        if m:
            found[m - 1] = c
    for m, a, b in sp:
        found[m - 1] = 9 + EDGE[a, b]
    return found


def key(pos, complete_win: bool = False) -> int:
    """The position's canonical key: the least image under the 8 symmetries.

    By mark number (the code of mark 1 in the lowest bits), or, for the complete
    win, as the set of (player, code) pairs, whose numbers then never matter.
    """
    marks = codes(pos)
    best = None
    for image in CODE_IMAGES:
        k = 0
        if complete_win:
            for i, code in enumerate(marks):
                k |= 1 << (image[code] + 45 * (i & 1))
        else:
            for code in reversed(marks):
                k = k << 6 | image[code]
        if best is None or k < best:
            best = k
    return best


# --- the search -----------------------------------------------------------------

class Solver:
    """Exact values of positions; ``nodes`` counts the positions whose moves were searched."""

    def __init__(self, complete_win: bool = False):
        self.complete_win = complete_win
        self.bounds: dict[int, tuple[int, int]] = {}  # key -> (lowest, highest) value
        self.nodes = 0

    def value(self, pos) -> int:
        """The exact value of a position to the player to move."""
        if self.at_least(pos, 1):
            v = 1
            while self.at_least(pos, v + 1):
                v += 1
            return v
        v = 0
        while not self.at_least(pos, v):
            v -= 1
        return v

    def at_least(self, pos, t: int) -> bool:
        """Whether the player to move can make the value at least ``t``."""
        mark = next_mark(pos)
        if t <= mark - WIN:  # the game ends with mark ``mark`` at the soonest
            return True
        if t > WIN - mark:
            return False
        k = key(pos, self.complete_win)
        low, high = self.bounds.get(k, (-WIN, WIN))
        if low >= t:
            return True
        if high < t:
            return False
        self.nodes += 1
        found = self._search(pos, mark, t)
        self.bounds[k] = (t, high) if found else (low, t - 1)
        return found

    def _search(self, pos, mark: int, t: int) -> bool:
        cls, sp = pos
        player = owner(mark)
        group = trees(pos)
        if len(group) == 1:  # X's 9th mark, on the last cell
            board = list(cls)
            board[next(iter(group))] = mark
            return end_value(tuple(board), mark, player, self.complete_win) >= t
        # Cycles first: a tree's pair wins the test if two of its cells are roots
        # where the chooser stays below 1 - t.
        seen = set()
        for cell, tree in group.items():
            if len(tree) < 2 or id(tree) in seen:
                continue
            seen.add(id(tree))
            if self._good_cycle(pos, mark, tree, 1 - t):
                return True
        for a, b in combinations(sorted(group), 2):
            if group[a] is not group[b]:
                if not self.at_least((cls, sp + ((mark, a, b),)), 1 - t):
                    return True
        return False

    def _good_cycle(self, pos, mark: int, tree: list[int], goal: int) -> bool:
        """Whether a pair in ``tree`` keeps the chooser below ``goal`` whichever cell they pick."""
        cls, sp = pos
        a, b = tree[0], tree[1]
        closed = (cls, sp + ((mark, min(a, b), max(a, b)),))
        chooser = 1 - owner(mark)
        later = []
        bad = 0  # roots where the chooser fails
        for root in tree:
            after = settle(closed, root)
            v = end_value(after[0], mark, chooser, self.complete_win)
            if v is None:
                later.append(after)
            elif v < goal:
                bad += 1
        if bad >= 2:
            return True
        if bad + len(later) < 2:
            return False
        left = len(later)
        for after in later:
            left -= 1
            if not self.at_least(after, goal):
                bad += 1
                if bad == 2:
                    return True
            elif bad + left < 2:
                return False
        return False
