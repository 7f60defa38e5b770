"""The Jones polynomial of a loop, from the Kauffman bracket (standard library only).

The game decides knot types by the Alexander polynomial alone (:mod:`.knots`),
so a knotted loop whose Alexander polynomial is 1 counts as unknotted.  The
Jones polynomial is 1 for the unknot too, so a loop whose Jones polynomial is
not 1 is certainly knotted: that is how the rulebook proves that such a loop
is a knot.

Input is the (code, signs) diagram of :mod:`.knots`.  Every passage of the
loop through a crossing starts an *edge* running to the next passage; edge
``e`` has a tail end ``2e`` and a head end ``2e + 1``.  Smoothing a crossing
joins its four edge ends in pairs: the A-smoothing of a positive crossing is
the oriented one (incoming over end to outgoing under end, incoming under end
to outgoing over end), its B-smoothing the other one (the two incoming ends,
the two outgoing ends); for a negative crossing the two are exchanged.  This
needs no drawing of the diagram, only the code and the signs.

Rather than summing over all 2ⁿ states, the crossings are smoothed one at a
time, keeping for each way of joining the open edge ends so far (a matching)
the bracket of what is already closed, as a Laurent polynomial in A.  The
crossings are taken in an order that keeps few edge ends open.

⟨D⟩ = Σ A^(a−b) d^(loops−1) with d = −A² − A⁻², and V(t) = (−A³)^(−w) ⟨D⟩ at
A = t^(−1/4), w being the writhe (the sum of the signs).
"""

from __future__ import annotations

from functools import lru_cache

from .knots import _key, format_polynomial, simplify

Laurent = dict  # exponent -> nonzero integer coefficient


def jones(code, signs) -> tuple[int, tuple[int, ...]]:
    """V(t) of the loop as (lowest power of t, coefficients from that power up).

    E.g. the right-handed trefoil gives (1, (1, 0, 1, -1)): t + t³ − t⁴.  The
    unknot gives (0, (1,)).
    """
    return _jones(*_key(code, signs))


@lru_cache(maxsize=256)
def _jones(code, sign_items):
    code, signs = simplify(code, dict(sign_items))  # Reidemeister moves keep V(t)
    if not code:
        return 0, (1,)
    writhe = sum(signs.values())
    bracket = kauffman_bracket(code, signs)
    # (−A³)^(−w) ⟨D⟩, then A^k = t^(−k/4)
    factor = -1 if writhe % 2 else 1
    powers = {}
    for exponent, coefficient in bracket.items():
        k = exponent - 3 * writhe
        if k % 4:
            raise ArithmeticError("a knot's Jones polynomial has integer powers of t")
        powers[-k // 4] = factor * coefficient
    low, high = min(powers), max(powers)
    return low, tuple(powers.get(p, 0) for p in range(low, high + 1))


def kauffman_bracket(code, signs) -> Laurent:
    """⟨D⟩ as {power of A: coefficient}, normalised so that a circle gives 1."""
    length = len(code)
    passages: dict[int, list[int]] = {}  # crossing -> [position over, position under]
    for position, (crossing, over) in enumerate(code):
        passages.setdefault(crossing, [0, 0])[0 if over else 1] = position
    ends = {}  # crossing -> (in over, out over, in under, out under) edge ends
    for crossing, (over, under) in passages.items():
        ends[crossing] = (2 * ((over - 1) % length) + 1, 2 * over,
                          2 * ((under - 1) % length) + 1, 2 * under)
    states = {(): {0: 1}}  # matching of open ends -> polynomial of closed loops so far
    for crossing in _order(code, passages):
        in_over, out_over, in_under, out_under = ends[crossing]
        oriented = ((in_over, out_under), (in_under, out_over))
        other = ((in_over, in_under), (out_over, out_under))
        a_pairs, b_pairs = (oriented, other) if signs[crossing] > 0 else (other, oriented)
        new_states: dict = {}
        for matching, polynomial in states.items():
            for pairs, shift in ((a_pairs, 1), (b_pairs, -1)):
                key, loops = _join(matching, pairs)
                result = {e + shift: c for e, c in polynomial.items()}
                for _ in range(loops):
                    result = _times_d(result)
                _add_into(new_states.setdefault(key, {}), result)
        states = {k: v for k, v in new_states.items() if v}
    (total,) = states.values()  # every end is joined: one empty matching left
    return _divide_by_d(total)


def _join(matching, pairs):
    """Join the pairs of ends; returns the new matching and how many loops closed.

    ``matching`` lists (end, partner) for the open ends whose partner is not
    simply the other end of their own edge (``end ^ 1``).
    """
    partner = dict(matching)
    loops = 0
    for x, y in pairs:
        a = partner.pop(x, x ^ 1)
        if a == y:
            partner.pop(y, None)
            loops += 1
            continue
        b = partner.pop(y, y ^ 1)
        partner[a], partner[b] = b, a
    return tuple(sorted(partner.items())), loops


def _order(code, passages):
    """Crossings in an order that keeps few edges half smoothed.

    Greedy: next, the crossing with the most edges to crossings already taken
    (fewest new open edges), starting from the first crossing of the code.
    """
    neighbours: dict[int, list[int]] = {c: [] for c in passages}
    length = len(code)
    for position, (crossing, _) in enumerate(code):
        following = code[(position + 1) % length][0]
        neighbours[crossing].append(following)
        neighbours[following].append(crossing)
    done: set[int] = set()
    order = []
    score = {c: 0 for c in passages}  # edges to taken crossings
    current = code[0][0]
    while True:
        order.append(current)
        done.add(current)
        for n in neighbours[current]:
            if n not in done:
                score[n] += 1
        if len(done) == len(passages):
            return order
        current = max((c for c in passages if c not in done),
                      key=lambda c: (2 * score[c] - len(neighbours[c]), -c))


def _times_d(polynomial: Laurent) -> Laurent:
    """Multiplied by d = −A² − A⁻²."""
    result: Laurent = {}
    for exponent, coefficient in polynomial.items():
        for shift in (2, -2):
            result[exponent + shift] = result.get(exponent + shift, 0) - coefficient
    return {e: c for e, c in result.items() if c}


def _add_into(target: Laurent, polynomial: Laurent) -> None:
    for exponent, coefficient in polynomial.items():
        value = target.get(exponent, 0) + coefficient
        if value:
            target[exponent] = value
        else:
            target.pop(exponent, None)


def _divide_by_d(polynomial: Laurent) -> Laurent:
    """Exact division by d = −A² − A⁻² (from the highest power down)."""
    remainder = dict(polynomial)
    lowest = min(polynomial)
    quotient: Laurent = {}
    while remainder:
        top = max(remainder)
        if top - 2 < lowest + 2:
            raise ArithmeticError("the bracket sum is not divisible by d")
        coefficient = -remainder[top]  # leading term of d is −A²
        quotient[top - 2] = coefficient
        for shift in (2, -2):
            exponent = top - 2 + shift
            value = remainder.get(exponent, 0) + coefficient
            if value:
                remainder[exponent] = value
            else:
                remainder.pop(exponent, None)
    return quotient


def format_jones(jones_polynomial) -> str:
    """E.g. (1, (1, 0, 1, -1)) -> "t + t^3 - t^4"; negative powers as t^-2."""
    low, coefficients = jones_polynomial
    return format_polynomial(coefficients, low)
