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
O's 8th mark, the last with a choice of pairs, is valued without a search
(:meth:`Solver.last_two`); X's 9th needs none.

How one collapse that completes lines for both players is judged:

- the seed's rule (the engine's): the line whose largest mark number is
  smaller wins ("narrow win" in Ishizeki and Matsuura's paper);
- ``complete_win=True``: only a line the other player does not also have
  wins; lines for both players in one collapse end the game drawn (the
  paper's "complete win").  Mark numbers then never matter, so positions are
  compared by whose marks are where.
"""

from __future__ import annotations

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


def _code_images() -> tuple[bytes, ...]:
    """Per symmetry, a ``bytes.translate`` table of mark codes: a classical mark's
    cell 0..8 or 9 + its pair's index, plus 45 for O's marks."""
    images = []
    for perm in SYMMETRIES:
        codes = list(perm) + [9 + EDGE[tuple(sorted((perm[a], perm[b])))] for a, b in EDGES]
        table = codes + [45 + c for c in codes]
        images.append(bytes(table + list(range(len(table), 256))))
    return tuple(images)


CODE_IMAGES = _code_images()


# --- the model ------------------------------------------------------------------

def initial() -> tuple:
    return (0,) * 9, ()


def position(state) -> tuple:
    """The solver's model of an engine position (rules.QtttState)."""
    return tuple(m or 0 for m in state.classical), tuple(state.spooky)


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


def settlements(cls, sp, tree: list[int], mark: int) -> dict[int, tuple[list[int], int, int]]:
    """For each cell of ``tree`` as the root: the board once ``mark`` is classical
    there and the tree settles, and the cells of X's and of O's classical marks
    (bit masks).

    That is the collapse when ``mark``, the newest, closed a cycle in ``tree``
    (the pairs ``sp`` do not hold it): every other mark of the tree goes to its
    cell away from the root.  Moving the root across one pair changes just the
    two cells of that pair.
    """
    inside = set(tree)
    links = {c: [] for c in tree}
    for m, a, b in sp:
        if a in inside:
            links[a].append((b, m))
            links[b].append((a, m))
    first = tree[0]
    board = list(cls)
    board[first] = mark
    parent = {first: first}
    order = [first]
    for cell in order:  # breadth first from the first root
        for other, m in links[cell]:
            if other not in parent:
                parent[other] = cell
                board[other] = m
                order.append(other)
    found = {first: (board, *masks(board))}
    new_x = mark & 1
    for cell in order[1:]:
        above = parent[cell]
        before, x, o = found[above]
        moved = before[:]
        m = moved[cell]
        moved[above], moved[cell] = m, mark
        both = BITS[above] | BITS[cell]
        x, o = x & ~both, o & ~both
        if m & 1:
            x |= BITS[above]
        else:
            o |= BITS[above]
        if new_x:
            x |= BITS[cell]
        else:
            o |= BITS[cell]
        found[cell] = (moved, x, o)
    return found


def settle(pos, root: int) -> tuple:
    """The position once the newest mark (it closed a cycle) is classical in ``root``."""
    cls, sp = pos
    tree = trees((cls, sp[:-1]))[root]
    inside = set(tree)
    board = settlements(cls, sp[:-1], tree, sp[-1][0])[root][0]
    return tuple(board), tuple(s for s in sp if s[1] not in inside)


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


def _has_line(mask: int) -> bool:
    return any(mask & line == line for line in LINE_MASKS)


BITS = tuple(1 << c for c in range(9))
HAS_LINE = tuple(_has_line(mask) for mask in range(512))  # cells mask -> holds a line?


def _lines_in(mask: int) -> tuple[tuple[int, int, int], ...]:
    return tuple(line for line, cells in zip(LINES, LINE_MASKS) if mask & cells == cells)


LINES_IN = tuple(_lines_in(mask) for mask in range(512))  # cells mask -> the lines it holds


def first_line(cls, cells: int) -> int:
    """When the first of the lines held by ``cells`` was complete: its largest mark."""
    return min(max(cls[a], cls[b], cls[c]) for a, b, c in LINES_IN[cells])


def masks(cls) -> tuple[int, int]:
    """The cells of X's and of O's classical marks, as bit masks."""
    x = o = 0
    for bit, m in zip(BITS, cls):
        if m:
            if m & 1:
                x |= bit
            else:
                o |= bit
    return x, o


def result(cls, complete_win: bool = False, x: int | None = None, o: int | None = None):
    """None while the game goes on, else ``(winner or None, reason)`` as the engine says.
    ``x`` and ``o``, if given, are :func:`masks` of ``cls``."""
    if x is None:
        x, o = masks(cls)
    if HAS_LINE[x] and HAS_LINE[o]:
        if complete_win:
            return None, "simultaneous lines"
        return (X if first_line(cls, x) < first_line(cls, o) else O), "simultaneous lines"
    if HAS_LINE[x] or HAS_LINE[o]:
        return (X if HAS_LINE[x] else O), "line"
    if x | o == 511:
        return None, "full board"
    return None


def end_value(cls, mark: int, player: int, complete_win: bool, x=None, o=None):
    """The value to ``player`` of the game once mark ``mark`` is settled, or None if it goes on."""
    if x is not None and not (HAS_LINE[x] or HAS_LINE[o]) and x | o != 511:
        return None  # the common case, quickly
    end = result(cls, complete_win, x, o)
    if end is None:
        return None
    if end[0] is None:
        return 0
    return WIN - mark if end[0] == player else mark - WIN


def codes(pos) -> bytearray:
    """Each mark's code, by number: see :data:`CODE_IMAGES`."""
    cls, sp = pos
    found = bytearray(next_mark(pos) - 1)
    for c, m in enumerate(cls):
        if m:
            found[m - 1] = c if m & 1 else 45 + c
    for m, a, b in sp:
        found[m - 1] = (9 if m & 1 else 54) + EDGE[a, b]
    return found


def key(pos, complete_win: bool = False) -> bytes:
    """The position's canonical key: its least image under the 8 symmetries.

    The mark codes in number order, or, for the complete win, sorted: then
    mark numbers never matter, only whose marks are where.
    """
    marks = bytes(codes(pos))
    if complete_win:
        return min([bytes(sorted(marks.translate(image))) for image in CODE_IMAGES])
    return min([marks.translate(image) for image in CODE_IMAGES])


# --- the search -----------------------------------------------------------------

class Solver:
    """Exact values of positions; ``nodes`` counts the positions whose moves were searched."""

    def __init__(self, complete_win: bool = False):
        self.complete_win = complete_win
        self.bounds: dict[bytes, tuple[int, int]] = {}  # key -> (lowest, highest) value
        self.nodes = 0
        self.history: dict[tuple[int, int, int], int] = {}  # (mark, a, b) -> times it passed

    def value(self, pos) -> int:
        """The exact value of a position to the player to move."""
        if self.at_least(pos, 0):
            v = 0
            while self.at_least(pos, v + 1):
                v += 1
            return v
        v = -1
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
        if mark == 9:  # X's last mark: quicker to work out than to look up
            self.nodes += 1
            return self._search(pos, mark, t)
        k = key(pos, self.complete_win)
        low, high = self.bounds.get(k, (-WIN, WIN))
        if low >= t:
            return True
        if high < t:
            return False
        self.nodes += 1
        if mark == 8:  # O's last mark: work out the exact value
            v = self.last_two(pos)
            self.bounds[k] = (v, v)
            return v >= t
        found = self._search(pos, mark, t)
        self.bounds[k] = (t, high) if found else (low, t - 1)
        return found

    def _search(self, pos, mark: int, t: int) -> bool:
        cls, sp = pos
        group = trees(pos)
        if len(group) == 1:  # X's 9th mark, on the last cell
            board = list(cls)
            board[next(iter(group))] = mark
            return end_value(board, mark, X, self.complete_win) >= t
        # Cycles first, in the largest trees first: a pair in a tree passes the
        # test if both its cells are roots where the chooser, who moves next,
        # stays below 1 - t.
        for tree in sorted({id(tree): tree for tree in group.values()}.values(),
                           key=len, reverse=True):
            if len(tree) > 1 and self._good_cycle(pos, mark, tree, 1 - t):
                return True
        # Then pairs joining two trees, those that passed most often first.
        history = self.history
        joins = [(a, b) for a, b in combinations(sorted(group), 2) if group[a] is not group[b]]
        joins.sort(key=lambda pair: -history.get((mark, *pair), 0))
        for a, b in joins:
            if not self.at_least((cls, sp + ((mark, a, b),)), 1 - t):
                history[mark, a, b] = history.get((mark, a, b), 0) + 1
                return True
        return False

    def last_two(self, pos) -> int:
        """The exact value to O of O's 8th mark, worked out without a search.

        Two trees are left (each maybe a single cell).  Settling a tree from a
        root with mark 8 or 9 there gives the same cells whatever happens in the
        other tree, so every ending joins one settlement of each tree:

        - O closes a cycle in one tree, X picks the root of mark 8 and (unless
          a line ends the game there) makes mark 9 in the other tree: a plain
          mark on a single cell, else a pair whose root O picks;
        - O joins the trees with a pair (a, b): X's 9th closes a cycle in the
          whole, and if O then picks a root r in one tree, mark 8 goes to the end
          of O's pair in the other tree, whatever the other end.

        Who makes a pair and leaves the choice of its root to the other gets
        the second best of the roots' values (the chooser takes the worse one).
        """
        cls, sp = pos
        cw = self.complete_win
        left = list({id(tree): tree for tree in trees(pos).values()}.values())
        eight = [list(settlements(cls, sp, tree, 8).items()) for tree in left]
        nine = []  # the same with mark 9 (X's) at the root
        for found in eight:
            nine.append([(board[:root] + [9] + board[root + 1:], x | BITS[root], o & ~BITS[root])
                         for root, (board, x, o) in found])

        def final(one, other) -> int:
            """X's value of the full board that joins two settlements."""
            x, o = one[1] | other[1], one[2] | other[2]
            if HAS_LINE[x] != HAS_LINE[o]:
                return 1 if HAS_LINE[x] else -1
            if not HAS_LINE[x] or cw:
                return 0
            whole = [p or q for p, q in zip(one[0], other[0])]
            return 1 if first_line(whole, x) < first_line(whole, o) else -1

        # rows[i][a]: with mark 8 at a in tree i and mark 9 in the other tree,
        # X's values of the full board by the root of mark 9, best first
        rows = [[sorted([final(settled, other) for other in nine[1 - i]], reverse=True)
                 for _, settled in eight[i]] for i in (0, 1)]
        best = -WIN
        for i in (0, 1):
            if len(left[i]) < 2:
                continue
            # O closes a cycle in tree i: X's value for each root of mark 8 there
            to_x = []
            for (_, settled), row in zip(eight[i], rows[i]):
                v = end_value(settled[0], 8, X, cw, settled[1], settled[2])
                if v is None:  # X's 9th: plain on a single cell, else a pair O picks from
                    v = row[1] if len(row) > 1 else row[0]
                to_x.append(v)
            to_x.sort()
            best = max(best, -to_x[1])  # X picks the better root of O's pair
        # O joins the trees with (a, b): X's roots in tree 1 are valued as with
        # mark 8 at a, those in tree 0 as with mark 8 at b
        for in_second in rows[0]:
            for in_first in rows[1]:
                best = max(best, -sorted(in_first[:2] + in_second[:2])[-2])
        return best

    def _good_cycle(self, pos, mark: int, tree: list[int], goal: int) -> bool:
        """Whether a pair in ``tree`` keeps the chooser below ``goal`` whichever cell they pick."""
        cls, sp = pos
        chooser = 1 - owner(mark)
        inside = set(tree)
        rest = tuple(s for s in sp if s[1] not in inside)
        later = []
        bad = 0  # roots where the chooser fails
        for board, x, o in settlements(cls, sp, tree, mark).values():
            v = end_value(board, mark, chooser, self.complete_win, x, o)
            if v is None:
                later.append((tuple(board), rest))
            elif v < goal:
                bad += 1
                if bad == 2:
                    return True
        left = len(later)
        if bad + left < 2:
            return False
        for after in later:
            left -= 1
            if not self.at_least(after, goal):
                bad += 1
                if bad == 2:
                    return True
            elif bad + left < 2:
                return False
        return False

    # --- perfect play, move by move ---------------------------------------------

    def best_line(self, pos) -> list[tuple[str, int | tuple[int, ...]]]:
        """A principal variation from ``pos``: the first move in search order that keeps
        the value, then the chooser's best collapse, to the end of the game.

        Entries are ``("pair", (a, b))``, ``("collapse", cell)`` or ``("plain", (cell,))``.
        """
        line = []
        while result(pos[0], self.complete_win) is None:
            v = self.value(pos)
            mark = next_mark(pos)
            cls, sp = pos
            group = trees(pos)
            if len(group) == 1:
                cell = next(iter(group))
                line.append(("plain", (cell,)))
                board = list(cls)
                board[cell] = mark
                pos = (tuple(board), sp)
                continue
            step = self._keeping_move(pos, mark, group, v)
            line.append(("pair", step[0]))
            if step[1] is None:
                pos = (cls, sp + ((mark, *step[0]),))
                continue
            # the chooser takes the root worth -v to them (the first such, in cell order)
            for root in step[0]:
                after = step[1][root]
                value = end_value(after[0], mark, 1 - owner(mark), self.complete_win)
                if value == -v or (value is None and self.at_least(after, -v)):
                    break
            line.append(("collapse", root))
            pos = after
        return line

    def _keeping_move(self, pos, mark, group, v):
        """A pair worth ``v`` to the player to move, and the settled positions by root
        if it closes a cycle (else None)."""
        cls, sp = pos
        done = set()
        for tree in group.values():
            if len(tree) < 2 or id(tree) in done:
                continue
            done.add(id(tree))
            inside = set(tree)
            rest = tuple(s for s in sp if s[1] not in inside)
            bad = {}
            for root, (board, _, _) in sorted(settlements(cls, sp, tree, mark).items()):
                after = (tuple(board), rest)
                value = end_value(board, mark, 1 - owner(mark), self.complete_win)
                if value is None:
                    worse = not self.at_least(after, 1 - v)
                else:
                    worse = value < 1 - v
                if worse:
                    bad[root] = after
            if len(bad) >= 2:
                pair = tuple(sorted(bad)[:2])
                return pair, bad
        for a, b in combinations(sorted(group), 2):
            if group[a] is not group[b] and not self.at_least((cls, sp + ((mark, a, b),)), 1 - v):
                return (a, b), None
        raise AssertionError("no move keeps the value")  # the values are inconsistent


# --- the game solved ------------------------------------------------------------

VALUE_SCALE = ("the value to X: 10 - k if X wins with mark k (X's line is complete once "
               "mark k is settled), k - 10 if O wins so, 0 for a draw")


def pair_name(move) -> str:
    from .notation import cell_name

    return "-".join(cell_name(c) for c in move)


def notation(line) -> list[str]:
    """A best line in the engine's notation (``a1-b2``, ``@a1``, ``c3``), ready for a record."""
    from .notation import cell_name

    return ["@" + cell_name(arg) if kind == "collapse" else pair_name(arg) for kind, arg in line]


def perfect_play(state, complete_win: bool = False) -> list[str]:
    """A best line from an engine position to the end, in the engine's notation
    (a record made of a game's moves and these replays with ``rulebook check``)."""
    if state.pending is not None:
        raise ValueError("perfect_play needs a position without a collapse waiting")
    if state.is_over():
        return []
    return notation(Solver(complete_win).best_line(position(state)))


def first_move_classes() -> list[list[tuple[int, int]]]:
    """X's 36 first pairs grouped by symmetry, each group sorted, groups by their first pair."""
    groups: dict[bytes, list] = {}
    for move in moves(initial()):
        groups.setdefault(key(play(initial(), move)[0]), []).append(move)
    return sorted(groups.values())


def solve_classes(complete_win: bool, classes) -> tuple[list[dict], int, int]:
    """Exact values (to X) and best lines for some first-move classes, in one solver.

    ``classes`` are groups of X's first pairs, as :func:`first_move_classes` makes
    them; each group is solved from its first pair.  Returns ``(found, nodes,
    positions)``: for each group, in order, a dict with its ``moves`` (the pairs'
    names), ``value`` (to X, on :data:`VALUE_SCALE`) and a best ``line`` (in the
    engine's notation); then the positions searched and kept in the table, which
    depend on which groups shared the solver.
    """
    solver = Solver(complete_win)
    found = []
    for group in classes:
        after = play(initial(), group[0])[0]
        value = -solver.value(after)
        line = [("pair", group[0])] + solver.best_line(after)
        found.append({"moves": [pair_name(m) for m in group], "value": value,
                      "line": notation(line)})
    return found, solver.nodes, len(solver.bounds)


def outcome_of(value: int) -> dict:
    """The game's result under perfect play from a solver value (to X): ``winner``
    ("X", "O" or "draw") and ``ends_with_mark``, the mark that completes the winning
    line (None for a draw)."""
    if value == 0:
        return {"winner": "draw", "ends_with_mark": None}
    return {"winner": "X" if value > 0 else "O", "ends_with_mark": WIN - abs(value)}


def summary(complete_win: bool, found: list[dict]) -> dict:
    """What the solved first-move classes (:func:`solve_classes`'s ``found``, in
    order) say of the game: its ``value`` to X and outcome, X's best, winning and
    drawing first moves, each class with its outcome, and the principal variation
    (the first best class's line).  The solve study stores exactly this."""
    value = max(c["value"] for c in found)
    best = next(c for c in found if c["value"] == value)
    first_moves = {move: c["value"] for c in found for move in c["moves"]}
    return {
        "complete_win": complete_win, "value_scale": VALUE_SCALE,
        "value": value, **outcome_of(value),
        "best_first_moves": sorted(m for m, v in first_moves.items() if v == value),
        "winning_first_moves": sorted(m for m, v in first_moves.items() if v > 0),
        "drawing_first_moves": sorted(m for m, v in first_moves.items() if v == 0),
        "first_move_classes": [{**c, **outcome_of(c["value"])} for c in found],
        "first_move_count": len(first_moves),
        "principal_variation": best["line"],
    }
