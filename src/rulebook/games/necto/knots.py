"""Knot types of single loops, from the Alexander polynomial.

A loop is given as a knot diagram in Gauss-code form: ``code`` lists its
crossings in the order the loop meets them, as (crossing id, over) pairs, each
crossing twice (once over, once under); ``signs`` maps each crossing id to +1
or −1.  (:mod:`.board` produces these; :func:`from_pd` reads KnotInfo's PD codes.)

The rule (from the game): a loop's type is decided by its Alexander polynomial
Δ(t) alone.  Δ = 1 is unknotted; the polynomial of a prime knot of up to 7
crossings, of two trefoils (granny or square knot) or of a trefoil with a
figure-eight knot names that knot; any other polynomial is a knot too complex
to name.  (So 8₂₀, 8₂₁ and 9₄₆, whose polynomials are those of 3₁#3₁, 3₁#4₁
and 6₁, count as those; knots with Δ = 1 count as unknotted.)

How it is computed, quickly even for loops of 100+ crossings:

1. :func:`simplify` removes kinks (Reidemeister I) and removable overlaps
   (Reidemeister II).  Both are Tietze moves on the knot group, so Δ is kept.
2. The Alexander matrix (one row per crossing, one column per arc) with one
   row and column deleted has determinant ±tᵏΔ(t).
3. :func:`classify` evaluates that determinant modulo a large prime at t = −1
   (giving ±Δ(−1), the knot determinant).  Every named knot has a determinant of
   at most 21, so almost every complex loop is settled here.  Otherwise the
   determinant is compared with each candidate's ±tᵏC(t) at four points modulo
   two primes (a polynomial identity test: a wrong match would need all four
   to hit roots of a nonzero polynomial, or its coefficients to be divisible by
   both primes).
4. :func:`polynomial` finds Δ exactly (for display) by evaluating the
   determinant at enough points modulo enough primes to interpolate and
   reconstruct every coefficient (the Chinese remainder theorem, with a
   Hadamard-type bound on the coefficients).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import lru_cache

PRIMES = (2147483647, 2147483629, 2147483587, 2147483579, 2147483563, 2147483549,
          2147483543, 2147483497, 2147483489, 2147483477, 2147483423, 2147483399)
# fixed points for the identity test: (prime, point)
TEST_POINTS = ((PRIMES[0], 123456789), (PRIMES[0], 987654321),
               (PRIMES[1], 555555557), (PRIMES[1], 1000000007))


@dataclass(frozen=True)
class KnotType:
    name: str  # "0_1", "3_1", ..., "3_1#3_1", or "K" for too complex to name
    label: str  # as drawn: "○", "3₁", "3₁#3₁", "K"
    value: int  # points: the crossing number of a named knot, else 0
    kind: str  # "unknot", "named" or "complex"
    alexander: tuple[int, ...] | None  # normalised Δ (see normalise), None if complex

    def label_in(self, lang: str) -> str:
        return "結" if self.kind == "complex" and lang == "ja" else self.label

    @property
    def named(self) -> bool:
        return self.kind == "named"


def _subscript(name: str) -> str:
    digits = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
    return "#".join(f"{part.split('_')[0]}{part.split('_')[1].translate(digits)}"
                    for part in name.split("#"))


# Alexander polynomials (lowest power first), from the knot tables; the test
# suite checks each against KnotInfo.
_NAMED = {
    "3_1": ((1, -1, 1), 3),
    "4_1": ((1, -3, 1), 4),
    "5_1": ((1, -1, 1, -1, 1), 5),
    "5_2": ((2, -3, 2), 5),
    "6_1": ((2, -5, 2), 6),
    "6_2": ((1, -3, 3, -3, 1), 6),
    "6_3": ((1, -3, 5, -3, 1), 6),
    "7_1": ((1, -1, 1, -1, 1, -1, 1), 7),
    "7_2": ((3, -5, 3), 7),
    "7_3": ((2, -3, 3, -3, 2), 7),
    "7_4": ((4, -7, 4), 7),
    "7_5": ((2, -4, 5, -4, 2), 7),
    "7_6": ((1, -5, 7, -5, 1), 7),
    "7_7": ((1, -5, 9, -5, 1), 7),
    "3_1#3_1": ((1, -2, 3, -2, 1), 6),
    "3_1#4_1": ((1, -4, 5, -4, 1), 7),
}

UNKNOT = KnotType("0_1", "○", 0, "unknot", (1,))
COMPLEX = KnotType("K", "K", 0, "complex", None)
NAMED = {name: KnotType(name, _subscript(name), value, "named", poly)
         for name, (poly, value) in _NAMED.items()}
BY_POLYNOMIAL = {t.alexander: t for t in [UNKNOT, *NAMED.values()]}


def normalise(coefficients) -> tuple[int, ...]:
    """Δ up to units ±tᵏ: no zero ends, first coefficient positive."""
    c = list(coefficients)
    while c and c[-1] == 0:
        c.pop()
    start = 0
    while start < len(c) and c[start] == 0:
        start += 1
    c = c[start:]
    if not c:
        return (0,)
    if c[0] < 0:
        c = [-x for x in c]
    return tuple(c)


def type_of(alexander: tuple[int, ...]) -> KnotType:
    """The knot type the rule gives a (normalised) Alexander polynomial."""
    return BY_POLYNOMIAL.get(normalise(alexander), COMPLEX)


def format_polynomial(coefficients, low: int = 0) -> str:
    """E.g. (1, -1, 1) -> "1 - t + t^2"; ``low`` is the power of the first
    coefficient (negative powers are written t^-2)."""
    terms = []
    for index, c in enumerate(coefficients):
        if c == 0:
            continue
        power = low + index
        variable = "" if power == 0 else "t" if power == 1 else f"t^{power}"
        magnitude = abs(c)
        body = str(magnitude) if not variable else (variable if magnitude == 1 else f"{magnitude}{variable}")
        if not terms:
            terms.append(body if c > 0 else f"-{body}")
        else:
            terms.append(f"+ {body}" if c > 0 else f"- {body}")
    return " ".join(terms) or "0"


# --- simplification ------------------------------------------------------------

def simplify(code, signs):
    """Remove kinks (R I) and removable overlaps (R II) until none is left.

    R II here: crossings a and b met one right after the other twice, once both
    over and once both under, with opposite signs.  The over-passes lie on one
    arc, so the under-strand is conjugated by that arc's generator and then by
    its inverse: the two relations cancel, whatever else the diagram holds.
    """
    code = list(code)
    while True:
        code = _remove_kinks(code)
        bigons = _bigons(code, signs)
        if not bigons:
            break
        code = [entry for entry in code if entry[0] not in bigons]
    return tuple(code), {c: signs[c] for c, _ in code}


def _remove_kinks(code):
    stack = []
    for entry in code:
        if stack and stack[-1][0] == entry[0]:
            stack.pop()
        else:
            stack.append(entry)
    start, end = 0, len(stack)  # the code is cyclic: cancel across its ends too
    while end - start >= 2 and stack[start][0] == stack[end - 1][0]:
        start, end = start + 1, end - 1
    return stack[start:end]


def _bigons(code, signs) -> set:
    """Crossings of a set of disjoint removable overlaps (R II), maybe empty."""
    length = len(code)
    over_pairs, under_pairs = {}, {}
    for i in range(length):
        (a, over_a), (b, over_b) = code[i], code[(i + 1) % length]
        if a != b and over_a == over_b and signs[a] != signs[b]:
            key = (a, b) if a < b else (b, a)
            (over_pairs if over_a else under_pairs)[key] = True
    removed: set = set()
    for key in over_pairs:
        if key in under_pairs and key[0] not in removed and key[1] not in removed:
            removed.update(key)
    return removed


# --- the Alexander matrix and its determinant ----------------------------------

def alexander_matrix(code, signs) -> list[list[tuple[int, int, int]]]:
    """The Alexander matrix with its last row and column deleted, sparse.

    Arcs run from one under-pass to the next; crossing ``c`` with over arc k,
    incoming arc i and outgoing arc j gives the row (1−t) at k, and t at i, −1 at
    j if positive (−1 at i, t at j if negative).  Each row is a list of
    (column, constant coefficient, coefficient of t), columns distinct.
    """
    rows = {}
    for c, _ in code:
        rows.setdefault(c, len(rows))
    m = len(rows)
    over_arc, in_arc, out_arc = {}, {}, {}
    arc = 0
    for c, over in code:
        if over:
            over_arc[c] = arc % m  # after the last under-pass: arc 0 again
        else:
            in_arc[c] = arc
            arc += 1
            out_arc[c] = arc % m
    matrix = [None] * (m - 1)
    for c, r in rows.items():
        if r == m - 1:
            continue
        entries: dict[int, list[int]] = {}
        k, i, j = over_arc[c], in_arc[c], out_arc[c]
        for column, a0, a1 in ((k, 1, -1), (i, 0, 1) if signs[c] > 0 else (i, -1, 0),
                               (j, -1, 0) if signs[c] > 0 else (j, 0, 1)):
            if column != m - 1:
                entry = entries.setdefault(column, [0, 0])
                entry[0] += a0
                entry[1] += a1
        matrix[r] = [(column, a0, a1) for column, (a0, a1) in entries.items() if a0 or a1]
    return matrix


def determinant(matrix, x, p) -> int:
    """det(A0 + x·A1) mod p for a sparse matrix from :func:`alexander_matrix`.

    Sparse Gaussian elimination: each step pivots on a shortest row, in its
    column with the fewest entries (keeps fill-in low on these matrices).  In
    the order of the pivots the matrix becomes triangular, so the determinant is
    the product of the pivots times the sign of the permutation row -> column.
    """
    n = len(matrix)
    rows = []
    col_rows: list = [set() for _ in range(n)]
    for r, entries in enumerate(matrix):
        row = {}
        for column, a0, a1 in entries:
            value = (a0 + a1 * x) % p
            if value:
                row[column] = value
                col_rows[column].add(r)
        rows.append(row)
    det = 1
    pivot_column = [0] * n
    done = [False] * n
    # rows by length, lazily: an entry is stale once the row has changed length
    queue = [(len(row), r) for r, row in enumerate(rows)]
    heapq.heapify(queue)
    for _ in range(n):
        while True:
            length, r = heapq.heappop(queue)
            if not done[r] and length == len(rows[r]):
                break
        row = rows[r]
        if not row:
            return 0
        c = min(row, key=lambda j: len(col_rows[j]))
        pivot = row.pop(c)
        pivot_column[r] = c
        det = det * pivot % p
        done[r] = True
        for column in row:
            col_rows[column].discard(r)
        targets = col_rows[c]
        targets.discard(r)
        if targets:
            inverse = 1 if pivot == 1 else p - 1 if pivot == p - 1 else pow(pivot, -1, p)
            items = list(row.items())
            for r2 in targets:
                other = rows[r2]
                factor = other.pop(c) * inverse % p
                for column, value in items:
                    new = (other.get(column, 0) - factor * value) % p
                    if new:
                        if column not in other:
                            col_rows[column].add(r2)
                        other[column] = new
                    elif column in other:
                        del other[column]
                        col_rows[column].discard(r2)
                heapq.heappush(queue, (len(other), r2))
        col_rows[c] = None
    return det if _is_even(pivot_column) else (-det) % p


def _is_even(permutation) -> bool:
    seen = [False] * len(permutation)
    transpositions = 0
    for start in range(len(permutation)):
        length = 0
        i = start
        while not seen[i]:
            seen[i] = True
            i = permutation[i]
            length += 1
        transpositions += max(length - 1, 0)
    return transpositions % 2 == 0


# --- deciding the type ------------------------------------------------------------

def _key(code, signs):
    return tuple(code), tuple(sorted(signs.items()))


def classify(code, signs) -> KnotType:
    """The loop's knot type under the game's rule (see the module docstring)."""
    return _classify(*_key(code, signs))


@lru_cache(maxsize=1 << 16)
def _classify(code, sign_items) -> KnotType:
    code, signs = simplify(code, dict(sign_items))
    if len(code) < 6:
        return UNKNOT  # Δ has degree below the crossing count, and Δ(t) = Δ(1/t)
    matrix = alexander_matrix(code, signs)
    p = PRIMES[0]
    at_minus_1 = determinant(matrix, -1, p)
    knot_determinant = min(at_minus_1, p - at_minus_1)  # |Δ(−1)|, small if named
    candidates = [t for t in BY_POLYNOMIAL.values() if _knot_determinant(t.alexander) == knot_determinant]
    if not candidates:
        return COMPLEX
    values = {(prime, x): determinant(matrix, x, prime) for prime, x in TEST_POINTS}
    for candidate in candidates:
        if _matches(candidate.alexander, values, len(matrix)):
            return candidate
    return COMPLEX


def _knot_determinant(poly):
    return abs(sum(c * (-1) ** i for i, c in enumerate(poly)))


def _matches(poly, values, degree_room) -> bool:
    """Whether det(x) = ε·x^k·poly(x) at every test point, for one sign ε and one k."""
    for sign in (1, -1):
        for k in range(degree_room - len(poly) + 2):
            if all((d - sign * pow(x, k, p) * _evaluate(poly, x, p)) % p == 0
                   for (p, x), d in values.items()):
                return True
    return False


def _evaluate(poly, x, p):
    value = 0
    for c in reversed(poly):
        value = (value * x + c) % p
    return value


# --- the exact polynomial ----------------------------------------------------------

def polynomial(code, signs, reduce=True) -> tuple[int, ...]:
    """The loop's Alexander polynomial, exactly, normalised (see :func:`normalise`).

    ``reduce=False`` skips :func:`simplify` (slower; the tests compare both).
    """
    return _polynomial(*_key(code, signs), reduce)


@lru_cache(maxsize=1024)
def _polynomial(code, sign_items, reduce) -> tuple[int, ...]:
    signs = dict(sign_items)
    if reduce:
        code, signs = simplify(code, signs)
    if not code:
        return (1,)
    matrix = alexander_matrix(code, signs)
    n = len(matrix)
    bound = 1  # every coefficient of the determinant is at most this in size
    for row in matrix:
        bound *= max(1, sum(abs(a0) + abs(a1) for _, a0, a1 in row))
    points = list(range(n + 1))  # the determinant has degree at most n
    modulus, residues = 1, [0] * (n + 1)
    for p in PRIMES:
        if modulus > 2 * bound:
            break
        coefficients = _interpolate(points, [determinant(matrix, x, p) for x in points], p)
        residues = [_crt(r, modulus, c, p) for r, c in zip(residues, coefficients)]
        modulus *= p
    if modulus <= 2 * bound:
        raise ValueError("loop too large for the exact polynomial")
    exact = [r - modulus if r > modulus // 2 else r for r in residues]
    return normalise(exact)


def _crt(r1, m1, r2, m2):
    """x with x = r1 mod m1 and x = r2 mod m2, in [0, m1*m2)."""
    t = (r2 - r1) * pow(m1, -1, m2) % m2
    return r1 + m1 * t


def _interpolate(xs, ys, p):
    """Coefficients (lowest first) of the polynomial through (xs, ys), mod p."""
    n = len(xs)
    coef = list(ys)  # Newton divided differences
    for j in range(1, n):
        for i in range(n - 1, j - 1, -1):
            coef[i] = (coef[i] - coef[i - 1]) * pow(xs[i] - xs[i - j], -1, p) % p
    result = [0] * n  # expand the Newton form
    for i in range(n - 1, -1, -1):
        # result = result * (t - xs[i]) + coef[i]
        shifted = [0] + result[:-1]
        result = [(s - xs[i] * r) % p for s, r in zip(shifted, result)]
        result[0] = (result[0] + coef[i]) % p
    return result


# --- KnotInfo's PD codes -----------------------------------------------------------

def from_pd(pd) -> tuple[tuple[tuple[int, bool], ...], dict[int, int]]:
    """A (code, signs) diagram from a PD code (KnotInfo's convention).

    Each crossing X[i, j, k, l] lists its four edges counterclockwise starting
    from the incoming under-edge i (k is the outgoing under-edge); the edges are
    numbered 1..2n along the knot.  The over strand runs j -> l when l follows j.
    """
    edges = 2 * len(pd)
    following = {}  # edge -> (crossing, over) met at the edge's end
    signs = {}
    for index, (i, j, k, l) in enumerate(pd):
        following[i] = (index, False)
        # over strand runs j -> l when l follows j; with one crossing (two edges) both
        # ways differ by one, and the over strand cannot enter on the under strand's edge i
        if (l - j) % edges == 1 and j != i:
            following[j] = (index, True)
            signs[index] = -1
        else:  # over strand runs l -> j
            following[l] = (index, True)
            signs[index] = 1
    code = tuple(following[e] for e in range(1, edges + 1))
    return code, signs
