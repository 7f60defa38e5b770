"""Necto's rules against a second, naive model written from the rules page.

necto_reference.py checks the knot maths (Alexander polynomials, scoring by
brute force) but takes its tiles and its loops' knot diagrams from the engine.
The model below imports nothing from rulebook.games: its own tiles (which
sides each strand joins, and at each crossing which strand is on top and
which way each runs), its own tracing through the tiles and the frame, its own
knot diagrams (Gauss codes), simplified by Reidemeister moves I and II and
named by an Alexander polynomial it computes itself (determinants modulo a
prime at enough points to interpolate), and the rules page's stages, turns,
replacements, scoring and end.

The rules page: the board starts empty; while a cell is empty the player to
move places any of the 8 tiles on one (nobody scores); then the player to move
replaces a tile by one of fewer crossings (twist -> cross or curve, cross ->
curve), which becomes theirs; when a loop through that cell becomes a named
knot that no loop through it was just before, its value goes to whoever placed
more of its self-crossings (both on a tie); turns alternate throughout; the
game ends when the player to move has nothing to replace, and the higher score
wins (equal: a draw).  Named knots: those of up to 7 crossings, two trefoils,
a trefoil with a figure-eight; worth their crossing number.
"""

from __future__ import annotations

import pytest

from differential import compare_random_games, game_count
from rulebook.games import make_game

# --- the tiles, from the rules page (and tiles.py's description of the twists) -------
# A strand: (end, end, passes), each pass (crossing, on top?, direction going from the
# first end to the second).  In a twist the N-E strand bulges towards the SW corner and
# the S-W strand towards the NE corner; they cross at A (north-west of the centre) and B
# (south-east); each strand, followed from its N or S end, meets first A, then B (N-E)
# or first B, then A (S-W); t1 and t3: each goes over first; t2 and t4: under first.
# NW|SE twists are the NE|SW ones mirrored left to right.


def _twist(over_first: bool, mirrored: bool):
    def d(x, y):
        return (-x, y) if mirrored else (x, y)

    down_left, right, up_right, left = d(-0.2, -0.7), d(0.7, 0.2), d(0.2, 0.7), d(-0.7, -0.2)
    east, west = ("W", "E") if mirrored else ("E", "W")
    return (("N", east, ((0, over_first, down_left), (1, not over_first, right))),
            ("S", west, ((1, over_first, up_right), (0, not over_first, left))))


TILES = {
    "c1": (("N", "E", ()), ("S", "W", ())),
    "c2": (("N", "W", ()), ("S", "E", ())),
    "x1": (("N", "S", ((0, True, (0, -1)),)), ("E", "W", ((0, False, (-1, 0)),))),
    "x2": (("N", "S", ((0, False, (0, -1)),)), ("E", "W", ((0, True, (-1, 0)),))),
    "t1": _twist(True, False),
    "t2": _twist(False, False),
    "t3": _twist(True, True),
    "t4": _twist(False, True),
}
CROSSINGS = {"c1": 0, "c2": 0, "x1": 1, "x2": 1, "t1": 2, "t2": 2, "t3": 2, "t4": 2}
STEP = {"N": (0, 1, "S"), "S": (0, -1, "N"), "E": (1, 0, "W"), "W": (-1, 0, "E")}

# Named knots: Alexander polynomials from the knot tables (Rolfsen), lowest power first,
# and their crossing numbers; a connected sum's polynomial is the product.
NAMED = {
    (1, -1, 1): ("3_1", 3), (1, -3, 1): ("4_1", 4), (1, -1, 1, -1, 1): ("5_1", 5),
    (2, -3, 2): ("5_2", 5), (2, -5, 2): ("6_1", 6), (1, -3, 3, -3, 1): ("6_2", 6),
    (1, -3, 5, -3, 1): ("6_3", 6), (1, -1, 1, -1, 1, -1, 1): ("7_1", 7), (3, -5, 3): ("7_2", 7),
    (2, -3, 3, -3, 2): ("7_3", 7), (4, -7, 4): ("7_4", 7), (2, -4, 5, -4, 2): ("7_5", 7),
    (1, -5, 7, -5, 1): ("7_6", 7), (1, -5, 9, -5, 1): ("7_7", 7),
    (1, -2, 3, -2, 1): ("3_1#3_1", 6), (1, -4, 5, -4, 1): ("3_1#4_1", 7),
}
PRIME = (1 << 31) - 1  # a named knot's coefficients are tiny: a false match is a coincidence
# modulo this prime in every coefficient


# --- knots ------------------------------------------------------------------------------

def simplified(code):
    """A Gauss code ((crossing, over, sign), ...) after Reidemeister I (a crossing met
    twice in a row) and II (two crossings met one after the other, both over, and
    again one after the other, both under) until neither applies."""
    code = list(code)
    while True:
        n = len(code)
        kink = next((i for i in range(n) if code[i][0] == code[(i + 1) % n][0]), None)
        if kink is not None:
            gone = {code[kink][0]}
        else:
            pairs = {}
            for i in range(n):
                a, b = code[i], code[(i + 1) % n]
                pairs.setdefault(frozenset((a[0], b[0])), []).append((a[1], b[1]))
            gone = next((set(k) for k, seen in pairs.items() if len(k) == 2 and len(seen) == 2
                         and {seen[0], seen[1]} == {(True, True), (False, False)}), None)
            if gone is None:
                return code
        code = [p for p in code if p[0] not in gone]


def determinant(rows, p):
    rows = [row[:] for row in rows]
    result = 1
    for col in range(len(rows)):
        pivot = next((r for r in range(col, len(rows)) if rows[r][col] % p), None)
        if pivot is None:
            return 0
        if pivot != col:
            rows[col], rows[pivot] = rows[pivot], rows[col]
            result = -result
        result = result * rows[col][col] % p
        inverse = pow(rows[col][col], p - 2, p)
        for r in range(col + 1, len(rows)):
            factor = rows[r][col] * inverse % p
            if factor:
                rows[r] = [(x - factor * y) % p for x, y in zip(rows[r], rows[col])]
    return result % p


def alexander(code) -> tuple[int, ...]:
    """Δ(t) of a knot diagram, up to ±t^k: lowest power first, first coefficient positive."""
    unders = [i for i, (_, over, _) in enumerate(code) if not over]
    n = len(unders)
    if n <= 1:
        return (1,)
    arc = [sum(1 for u in unders if u < i) % n for i in range(len(code))]
    rows = {}
    for i, (crossing, over, sign) in enumerate(code):
        row = rows.setdefault(crossing, {"over": None, "in": None, "out": None, "sign": sign})
        if over:
            row["over"] = arc[i]
        else:
            row["in"], row["out"] = arc[i], (arc[i] + 1) % n

    def matrix(t):
        built = []
        for row in rows.values():
            entries = [0] * n
            entries[row["over"]] += 1 - t
            incoming, outgoing = (t, -1) if row["sign"] > 0 else (-1, t)
            entries[row["in"]] += incoming
            entries[row["out"]] += outgoing
            built.append([e % PRIME for e in entries[:-1]])
        return built[:-1]

    # det of the minor is a polynomial of degree < n: its values at n points fix it
    points = list(range(1, n + 1))
    values = [determinant(matrix(x), PRIME) for x in points]
    coefficients = [0] * n
    for j, xj in enumerate(points):  # Lagrange: sum of values[j] * prod (t - xm) / (xj - xm)
        basis, scale = [1], 1
        for m, xm in enumerate(points):
            if m != j:
                basis = [(a - xm * b) % PRIME for a, b in zip([0] + basis, basis + [0])]
                scale = scale * (xj - xm) % PRIME
        factor = values[j] * pow(scale, PRIME - 2, PRIME) % PRIME
        coefficients = [(c + factor * b) % PRIME for c, b in zip(coefficients, basis)]
    signed = [c - PRIME if c > PRIME // 2 else c for c in coefficients]
    while signed and signed[-1] == 0:
        signed.pop()
    while signed and signed[0] == 0:
        signed.pop(0)
    if signed and signed[0] < 0:
        signed = [-c for c in signed]
    return tuple(signed)


def relabelled(code) -> tuple:
    """The same diagram, started where its code is least, crossings numbered in the
    order met: one key for a knot diagram wherever it lies on the board."""
    best = None
    for start in range(len(code)):
        turned, numbers = code[start:] + code[:start], {}
        key = tuple((numbers.setdefault(c, len(numbers)), over, sign) for c, over, sign in turned)
        best = key if best is None or key < best else best
    return best or ()


KNOWN = {}


def knot(code) -> str:
    """The rule's name for a loop: "0_1" (Δ = 1), a named knot, or "K"."""
    key = relabelled(simplified(code))
    if key not in KNOWN:
        polynomial = alexander(key)
        KNOWN[key] = "0_1" if polynomial == (1,) else NAMED.get(polynomial, ("K", 0))[0]
    return KNOWN[key]


def value(name: str) -> int:
    return next((points for known, points in NAMED.values() if known == name), 0)


# --- the game ---------------------------------------------------------------------------

class NaiveNecto:
    def __init__(self, size):
        self.size = size
        self.tiles = {}  # (column, row) -> (code, owner 0 First / 1 Second); row 0 at the bottom
        self.to_move = 0
        self.scores = [0, 0]

    def name(self, cell):
        return "ABCDEFGH"[cell[0]] + str(cell[1] + 1)

    def cells(self):
        return [(c, r) for r in range(self.size) for c in range(self.size)]

    def stage(self):
        if len(self.tiles) < self.size ** 2:
            return "placing"
        if any(CROSSINGS[code] for code, _ in self.tiles.values()):
            return "replacing"
        return "over"

    def moves(self):
        if self.stage() == "placing":
            return [f"{self.name(cell)}={code}" for cell in self.cells() if cell not in self.tiles
                    for code in TILES]
        if self.stage() == "replacing":
            return [f"{self.name(cell)}>{code}" for cell in self.cells() for code in TILES
                    if CROSSINGS[code] < CROSSINGS[self.tiles[cell][0]]]
        return []

    def view(self):
        over = self.stage() == "over"
        first, second = self.scores
        outcome = "none" if not over else (
            0 if first > second else 1 if second > first else None, "no tile to replace",
            (first, second))
        return (None if over else self.to_move, outcome, tuple(self.scores),
                sorted((self.name(cell), tile) for cell, tile in self.tiles.items()))

    def copy(self):
        other = NaiveNecto(self.size)
        other.tiles, other.to_move, other.scores = dict(self.tiles), self.to_move, list(self.scores)
        return other

    # --- loops ------------------------------------------------------------------------
    def loop(self, cell, strand):
        """The loop through strand ``strand`` of the tile on ``cell``: the set of
        (cell, strand) it runs through and its passes at crossings, in order."""
        parts, passes = [], []
        here, index = cell, strand
        entered = TILES[self.tiles[cell][0]][strand][0]
        while True:
            code = self.tiles[here][0]
            index = next(i for i, s in enumerate(TILES[code]) if entered in s[:2])
            first, second, along = TILES[code][index]
            forward = entered == first
            if (here, index, forward) in parts:
                break
            parts.append((here, index, forward))
            for crossing, over, (dx, dy) in (along if forward else reversed(along)):
                passes.append(((here, crossing), over, (dx, dy) if forward else (-dx, -dy)))
            leaving = second if forward else first
            dx, dy, opposite = STEP[leaving]
            c, r = here[0] + dx, here[1] + dy
            if (c, r) in self.tiles:
                here, entered = (c, r), opposite
            else:  # the frame joins this end to its neighbour's on the same edge
                if leaving in "NS":
                    here = (here[0] ^ 1, here[1])
                else:
                    here = (here[0], here[1] ^ 1)
                entered = leaving
        return {(part[0], part[1]) for part in parts}, passes

    def loop_facts(self, cell, strand):
        """(the loop's parts, its knot's name, its self-crossings by First and by Second)."""
        parts, passes = self.loop(cell, strand)
        met = {}
        for crossing, over, direction in passes:
            met.setdefault(crossing, []).append((over, direction))
        own = {crossing for crossing, seen in met.items() if len(seen) == 2}
        signs = {}
        for crossing in own:
            (o, top), (_, bottom) = sorted(met[crossing], key=lambda pass_: not pass_[0])
            signs[crossing] = 1 if top[0] * bottom[1] - top[1] * bottom[0] > 0 else -1
        code = [(crossing, over, signs[crossing]) for crossing, over, _ in passes if crossing in own]
        counts = [0, 0]
        for crossing in own:
            counts[self.tiles[crossing[0]][1]] += 1
        return frozenset(parts), knot(code), counts

    def through(self, cell):
        found = {}
        for strand in (0, 1):
            parts, name, counts = self.loop_facts(cell, strand)
            found[parts] = (name, counts)
        return found

    def play(self, text):
        after = self.copy()
        name, code = text.replace(">", "=").split("=")
        cell = ("ABCDEFGH".index(name[0]), int(name[1:]) - 1)
        after.tiles[cell] = (code, self.to_move)
        after.to_move = 1 - self.to_move
        if ">" in text:
            before = {name for name, _ in self.through(cell).values()}
            for name, (first, second) in after.through(cell).values():
                if value(name) and name not in before:
                    for player, mine, theirs in ((0, first, second), (1, second, first)):
                        if mine >= theirs:
                            after.scores[player] += value(name)
        return after


def engine_view(state):
    size = state.size
    outcome = state.outcome()

    def name(index):
        return "ABCDEFGH"[index % size] + str(index // size + 1)

    return (state.turn,
            "none" if outcome is None else (outcome.winner, outcome.reason, outcome.scores),
            tuple(state.scores),
            sorted((name(i), (code, owner)) for i, (code, owner)
                   in enumerate(zip(state.codes, state.owners)) if code is not None))


@pytest.mark.parametrize("size, games, every_move", [(4, 8, True), (6, 6, False)],
                         ids=["4x4-every-move", "6x6-moves-played"])
def test_necto_random_games_agree_with_the_naive_model(size, games, every_move):
    """On 4 x 4 the result of every legal move is compared; on 6 x 6 (slower: long
    loops) the moves played."""
    counts = compare_random_games(lambda: make_game("necto", size=size).initial_state(),
                                  lambda: NaiveNecto(size), engine_view, game_count(games),
                                  seed=1000 * size, every_move=every_move)
    assert counts["positions"] > size * size * counts["games"]


def braid_closure(word):
    """The Gauss code of a closed braid (generators 1, 2, ...; negative: inverse), its
    strands running down: a positive generator takes the strand at its left over to
    the right; the signs come from the directions, as for the tiles."""
    code, position = [], 0
    while True:
        for k, generator in enumerate(word):
            left = abs(generator) - 1
            if position not in (left, left + 1):
                continue
            going_right = position == left
            over = going_right == (generator > 0)
            mine = (1, -1) if going_right else (-1, -1)
            other = (-mine[0], -1)
            top, bottom = (mine, other) if over else (other, mine)
            sign = 1 if top[0] * bottom[1] - top[1] * bottom[0] > 0 else -1
            code.append((k, over, sign))
            position = left + 1 if going_right else left
        if position == 0:
            break
    assert len(code) == 2 * len(word), "the braid closes into more than one loop"
    return code


def knotinfo_braids():
    import database_knotinfo

    rows = [row for row in database_knotinfo.link_list()[1:]
            if row["name"] != "0_1" and int(row["crossing_number"]) <= 7]
    return [(row["name"], [int(g) for g in row["braid_notation"].strip("[]{}").split(",")])
            for row in rows]


def test_the_naive_knot_names_of_knotinfo_s_braids():
    """The naive model's own knot maths against KnotInfo's braid words, every knot of
    up to 7 crossings (read here, not at collection: the database takes each of the
    suite's processes 2 s to load)."""
    braids = knotinfo_braids()
    assert len(braids) >= 14, braids
    named = [(name, knot(braid_closure(word))) for name, word in braids]
    assert all(ours == theirs for theirs, ours in named), named


@pytest.mark.parametrize("name, word", [
    ("3_1#3_1", [1, 1, 1, 2, 2, 2]),  # granny knot
    ("3_1#3_1", [1, 1, 1, -2, -2, -2]),  # square knot
    ("3_1#4_1", [1, 1, 1, 2, -3, 2, -3]),
    ("K", [1, 1, 1, 1, 1, 1, 1, 1, 1]),  # the torus knot 9_1: too many crossings to name
    ("0_1", [1, 2, 3]),
])
def test_the_naive_knot_names_of_sums_and_of_too_many_crossings(name, word):
    """The naive model's own knot maths on braid words of sums, a knot past its
    names, and the unknot."""
    assert knot(braid_closure(word)) == name
