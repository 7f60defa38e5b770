"""A second, plain model of Necto for the tests, written from the rules page.

Not a test module: test_necto*.py import it.  Nothing here calls the rules
engine (rules.py):

* :func:`components` finds the loops by joining strand ends that meet at the
  same point, and the frame's pairs of ends (union-find), not by tracing;
* :func:`alexander` computes a diagram's Alexander polynomial exactly with
  sympy: Fox derivatives of the Wirtinger relations, then a determinant over
  Z[t, 1/t] (not the engine's matrix or its modular determinants);
* :func:`knot_name` names a polynomial from the published knot tables below;
* :func:`replacement_gains` and :func:`marks` apply the scoring rule and the
  demo's marks to those loops by brute force.

What it takes from the engine: the tiles (tiles.py), the knot diagram of each
loop in Gauss-code form (board.py's tracing) and, for the brute force, the
knot identification (knots.py), which other tests check.
"""

from __future__ import annotations

import sympy
from sympy.polys.matrices import DomainMatrix

from rulebook.games.necto.board import trace_all
from rulebook.games.necto.knots import classify
from rulebook.games.necto.tiles import CODES, END_POINT, TILES

T = sympy.Symbol("t")

# Alexander polynomials of the named knots as printed in the knot tables
# (Rolfsen; KnotInfo), and their values (the crossing number).
PUBLISHED = {
    "3_1": ("1 - t + t**2", 3),
    "4_1": ("1 - 3*t + t**2", 4),
    "5_1": ("1 - t + t**2 - t**3 + t**4", 5),
    "5_2": ("2 - 3*t + 2*t**2", 5),
    "6_1": ("2 - 5*t + 2*t**2", 6),
    "6_2": ("1 - 3*t + 3*t**2 - 3*t**3 + t**4", 6),
    "6_3": ("1 - 3*t + 5*t**2 - 3*t**3 + t**4", 6),
    "7_1": ("1 - t + t**2 - t**3 + t**4 - t**5 + t**6", 7),
    "7_2": ("3 - 5*t + 3*t**2", 7),
    "7_3": ("2 - 3*t + 3*t**2 - 3*t**3 + 2*t**4", 7),
    "7_4": ("4 - 7*t + 4*t**2", 7),
    "7_5": ("2 - 4*t + 5*t**2 - 4*t**3 + 2*t**4", 7),
    "7_6": ("1 - 5*t + 7*t**2 - 5*t**3 + t**4", 7),
    "7_7": ("1 - 5*t + 9*t**2 - 5*t**3 + t**4", 7),
    # connected sums: the product of the factors' polynomials
    "3_1#3_1": ("(1 - t + t**2)**2", 6),
    "3_1#4_1": ("(1 - t + t**2)*(1 - 3*t + t**2)", 7),
}


def normalised(expression) -> tuple[int, ...]:
    """A Laurent polynomial in t up to units ±t^k: coefficients, lowest power
    first, with no zero ends and the first one positive."""
    terms = sympy.Poly(sympy.expand(expression * T ** 1000), T).all_coeffs()[::-1]
    coefficients = [int(c) for c in terms]
    while coefficients and coefficients[0] == 0:
        coefficients.pop(0)
    if coefficients and coefficients[0] < 0:
        coefficients = [-c for c in coefficients]
    return tuple(coefficients)


NAMES = {normalised(sympy.sympify(text, locals={"t": T})): (name, value)
         for name, (text, value) in PUBLISHED.items()}


# --- the Alexander polynomial by Fox calculus -------------------------------------

def _fox(word, generator):
    """The Fox derivative of a word (a list of (generator, ±1)), abelianised: every
    generator goes to t."""
    total, prefix = 0, 0  # prefix: the exponent of t the word so far maps to
    for letter, power in word:
        if letter == generator:
            total += T ** prefix if power == 1 else -T ** (prefix - 1)
        prefix += power
    return total


def alexander(code, signs) -> tuple[int, ...]:
    """Δ(t) of a diagram (Gauss code, crossing signs), normalised.

    Arcs run between under-passes.  At a crossing with over arc k, incoming
    under arc i and outgoing under arc j the Wirtinger relation is
    x_j = x_k x_i x_k⁻¹ (positive) or x_k⁻¹ x_i x_k (negative); the Jacobian of
    the relators x_j⁻¹·(...) with one row and one column deleted has determinant
    ±t^k Δ(t).  (The opposite convention for the signs gives the mirror image,
    whose Δ is the same.)
    """
    unders = [index for index, (_, over) in enumerate(code) if not over]
    if not unders:
        return (1,)
    arcs = len(unders)

    def arc_at(index):  # the arc a position of the code lies on
        return sum(1 for u in unders if u < index) % arcs

    over_arc, in_arc, out_arc = {}, {}, {}
    for index, (crossing, over) in enumerate(code):
        if over:
            over_arc[crossing] = arc_at(index)
        else:
            in_arc[crossing] = arc_at(index)
            out_arc[crossing] = (arc_at(index) + 1) % arcs
    rows = []
    for crossing in sorted(over_arc):
        k, i, j = over_arc[crossing], in_arc[crossing], out_arc[crossing]
        e = 1 if signs[crossing] > 0 else -1
        relator = [(j, -1), (k, e), (i, 1), (k, -e)]
        # times t² (a unit): the entries become polynomials
        rows.append([sympy.expand(T ** 2 * _fox(relator, generator)) for generator in range(arcs)])
    if arcs == 1:
        return (1,)
    ring = sympy.ZZ[T]
    minor = DomainMatrix([[ring.from_sympy(entry) for entry in row[1:]] for row in rows[1:]],
                         (arcs - 1, arcs - 1), ring)
    return normalised(ring.to_sympy(minor.det()))


def knot_name(polynomial: tuple[int, ...]) -> str:
    """The rule's name for a loop with this Δ: "0_1", a named knot, or "K"."""
    if polynomial == (1,):
        return "0_1"
    return NAMES.get(polynomial, ("K", 0))[0]


def value(name: str) -> int:
    """Points for a knot of this name: its crossing number if named, else 0."""
    return PUBLISHED[name][1] if name in PUBLISHED else 0


# --- loops, by joining ends that meet ----------------------------------------------

def components(size, codes) -> list[frozenset]:
    """The lines of a board as sets of (cell, strand index): strand ends meeting at
    one point are joined, and the frame joins ends 1-2, 3-4, ... along each edge."""
    parent = {}

    def find(a):
        while parent.setdefault(a, a) != a:
            a = parent[a]
        return a

    points = {}
    for cell, code in enumerate(codes):
        if code is None:
            continue
        x, y = cell % size, cell // size
        for index, strand in enumerate(TILES[code].strands):
            find((cell, index))
            for side in strand.ends:
                px, py = END_POINT[side]
                points.setdefault((2 * (x + px), 2 * (y + py)), []).append((cell, index))
    for strands in points.values():
        for other in strands[1:]:
            parent[find(other)] = find(strands[0])
    # the frame, in doubled coordinates: ends at 1 and 3, 5 and 7, ... on each edge
    for k in range(0, size, 2):
        a, b = 2 * k + 1, 2 * k + 3
        for pair in (((a, 0), (b, 0)), ((a, 2 * size), (b, 2 * size)),
                     ((0, a), (0, b)), ((2 * size, a), (2 * size, b))):
            if pair[0] in points and pair[1] in points:
                parent[find(points[pair[1]][0])] = find(points[pair[0]][0])
    groups = {}
    for part in parent:
        groups.setdefault(find(part), set()).add(part)
    return sorted((frozenset(g) for g in groups.values()), key=sorted)


def self_crossings(loop, codes, owners) -> tuple[int, int]:
    """A loop's self-crossings placed by First and by Second: every crossing of a
    tile lies between its two strands, so it is the loop's own when both are on it."""
    counts = [0, 0]
    for cell, code in enumerate(codes):
        if (cell, 0) in loop and (cell, 1) in loop:
            counts[owners[cell]] += TILES[code].crossings
    return counts[0], counts[1]


def loop_names(size, codes) -> dict[frozenset, str]:
    """The type of every loop of a full board, by the engine's knot identification
    (knots.py: checked against KnotInfo and against :func:`alexander` by other
    tests; the sympy determinant is too slow for every loop of a brute force)."""
    lines = trace_all(size, tuple(TILES[c] for c in codes))
    return {line.key: classify(*line.diagram).name for line in lines}


# --- scoring and marks by brute force -----------------------------------------------

def replacement_gains(size, codes, owners, mover, cell, new) -> tuple[int, int]:
    """Points each player scores when ``mover`` replaces the tile on ``cell`` by ``new``:
    every loop through the cell that is now a named knot no loop through it was
    before scores its value for whoever placed more of its self-crossings (both
    on a tie)."""
    def through(names):
        return {loop: name for loop, name in names.items() if (cell, 0) in loop or (cell, 1) in loop}

    before = set(through(loop_names(size, codes)).values())
    codes = codes[:cell] + (new,) + codes[cell + 1:]
    owners = owners[:cell] + (mover,) + owners[cell + 1:]
    gains = [0, 0]
    for loop, name in through(loop_names(size, codes)).items():
        if value(name) and name not in before:
            first, second = self_crossings(loop, codes, owners)
            for player, mine, theirs in ((0, first, second), (1, second, first)):
                if mine >= theirs:
                    gains[player] += value(name)
    return gains[0], gains[1]


def marks(size, codes, owners, mover) -> dict[int, str]:
    """The demo's marks for the player to move: for each tile, the replacement with
    the best net gain (then the most points for the mover); "+N" if it nets N,
    "−N" if the opponent nets N, "±" if both score alike; none if no points move."""
    result = {}
    for cell, code in enumerate(codes):
        options = []
        for new in CODES:
            if TILES[new].crossings < TILES[code].crossings:
                gains = replacement_gains(size, codes, owners, mover, cell, new)
                options.append((gains[mover] - gains[1 - mover], gains[mover]))
        if not options or max(options) == (0, 0):
            continue
        net, mine = max(options)
        result[cell] = f"+{net}" if net > 0 else f"−{-net}" if net < 0 else "±"
    return result
