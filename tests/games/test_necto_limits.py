"""Necto's honest limits: the knots its Alexander rule misnames, and a knotted
loop on an 8×8 board that it counts as unknotted.

Independent sources: KnotInfo (the database-knotinfo package) for every knot of
up to 10 crossings (PD codes, Alexander and Jones polynomials), and sympy for a
second computation of the Jones polynomial (the plain sum over all 2ⁿ states)
and of the Alexander polynomial (an exact determinant).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from pathlib import Path

import pytest
import sympy
from pypdf import PdfReader
from sympy.polys.matrices import DomainMatrix

from rulebook.games import make_game
from rulebook.games.necto import jones, knots
from rulebook.games.necto.facts import line_through
from rulebook.games.necto.misnamed import MAX_CROSSINGS, MISNAMED
from rulebook.games.necto.tiles import CODES, transformed
from rulebook.records import load_record
from rulebook.sphinxext.knot_table import HEADER, rows

pytest.importorskip("database_knotinfo")

from knotinfo_tables import alexander, diagram, knots_up_to, laurent  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "figures" / "necto" / "alexander-one.toml"
T = sympy.Symbol("t")


def _as_laurent(polynomial) -> dict[int, int]:
    """jones.jones's (lowest power, coefficients) as {power: coefficient}."""
    low, coefficients = polynomial
    return {low + i: c for i, c in enumerate(coefficients) if c}


def _of_expression(expression) -> dict[int, int]:
    """A sympy Laurent polynomial in t as {power: coefficient}."""
    result = {}
    for term, coefficient in sympy.expand(expression).as_coefficients_dict().items():
        power = 0 if term == 1 else term.as_base_exp()[1]
        result[int(power)] = int(coefficient)
    return {p: c for p, c in result.items() if c}


# --- the list of misnamed knots -------------------------------------------------------

def _misnamed_by(type_of_row, rows_):
    """Each knot the rule gets wrong: counted as another named knot or as unknotted,
    or named though not a named knot."""
    wrong = []
    for row in rows_:
        given = type_of_row(row)
        if given.kind != "complex" and given.name != row["name"]:
            wrong.append((row["name"], given.name))
    return wrong


def test_the_misnamed_table_is_what_the_rule_makes_of_knotinfo():
    rows_ = knots_up_to(MAX_CROSSINGS)
    assert len(rows_) == 249
    # once from the published Alexander polynomials, once from the PD codes
    published = _misnamed_by(lambda r: knots.type_of(alexander(r["alexander_polynomial"])), rows_)
    from_diagrams = _misnamed_by(lambda r: knots.classify(*diagram(r)), rows_)
    assert published == from_diagrams == list(MISNAMED)


def test_the_seed_issues_examples_are_in_the_table():
    table = dict(MISNAMED)
    assert table["9_2"] == "7_4" and table["8_20"] == "3_1#3_1" and table["9_46"] == "6_1"
    assert sum(knot.startswith("10_") for knot in table) >= 2


def test_no_knot_of_up_to_10_crossings_has_alexander_polynomial_1():
    """The page says the smallest knots with Δ = 1 have 11 crossings."""
    ones = [r for r in knots_up_to(11) if alexander(r["alexander_polynomial"]) == (1,)]
    assert min(int(r["crossing_number"]) for r in ones) == 11
    assert {r["name"] for r in ones if r["crossing_number"] == "11"} == {"11n_34", "11n_42"}


def test_the_page_table_lists_exactly_the_misnamed_knots():
    expected = _misnamed_by(lambda r: knots.classify(*diagram(r)), knots_up_to(MAX_CROSSINGS))
    table = rows()
    assert [(knot, given) for knot, given, _ in table] == expected
    for knot, given, points in table:
        assert points == knots.NAMED[given].value


def _page(project, lang):
    return (project.build / "site" / lang / "necto.html").read_text(encoding="utf-8")


def _table_rows(html):
    table = re.search(r'<table[^>]*necto-misnamed.*?</table>', html, re.S).group(0)
    body = table.split("<tbody", 1)[1]
    result = []
    for row in re.findall(r"<tr.*?</tr>", body, re.S):
        cells = [re.sub(r"<sub>(.*?)</sub>", r"_\1", cell) for cell in re.findall(r"<td.*?>(.*?)</td>", row, re.S)]
        cells = [re.sub(r"<[^>]+>", "", cell).strip() for cell in cells]
        result.append(tuple(cells))
    return result


def test_both_built_pages_quote_the_list(built_site):
    project = built_site
    expected = [(knot, given, str(knots.NAMED[given].value)) for knot, given in
                _misnamed_by(lambda r: knots.classify(*diagram(r)), knots_up_to(MAX_CROSSINGS))]
    for lang in ("en", "ja"):
        html = _page(project, lang)
        assert _table_rows(html) == expected, lang
        table = re.search(r'<table[^>]*necto-misnamed.*?</table>', html, re.S).group(0)
        header = re.findall(r"<th.*?>(.*?)</th>", table, re.S)
        assert tuple(re.sub(r"<[^>]+>", "", cell).strip() for cell in header) == HEADER[lang]
        # in the PDF each row reads "10132", "51", "5" (subscripts run on), in order
        pdf = project.build / "site" / "pdf" / f"necto-{lang}.pdf"
        text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
        position = 0
        for row in expected:
            cells = "\n".join(cell.replace("_", "") for cell in row)
            position = text.index(cells, position) + len(cells)


# --- the Jones polynomial --------------------------------------------------------------

def test_jones_polynomials_match_knotinfo():
    """Exactly, chirality included, for all 249 knots of up to 10 crossings."""
    wrong = [r["name"] for r in knots_up_to(10)
             if _as_laurent(jones.jones(*diagram(r))) != laurent(r["jones_polynomial"])]
    assert wrong == []


def _jones_by_states(code, signs) -> sympy.Expr:
    """V(t) by the plain state sum: 2ⁿ smoothings, loops counted by union-find on edges."""
    length = len(code)
    position = {}
    for index, (crossing, over) in enumerate(code):
        position[(crossing, over)] = index
    crossings = sorted(signs)
    histogram = Counter()
    for state in range(1 << len(crossings)):
        parent = list(range(length))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        a_count = 0
        for bit, crossing in enumerate(crossings):
            over, under = position[(crossing, True)], position[(crossing, False)]
            in_over, in_under = (over - 1) % length, (under - 1) % length
            oriented = state >> bit & 1 == (signs[crossing] > 0)
            a_count += state >> bit & 1
            pairs = ((in_over, under), (in_under, over)) if oriented else ((in_over, in_under), (over, under))
            for x, y in pairs:
                parent[find(x)] = find(y)
        loops = len({find(x) for x in range(length)})
        histogram[(2 * a_count - len(crossings), loops)] += 1
    a = sympy.Symbol("A")
    d = -a ** 2 - a ** -2
    bracket = sum(count * a ** k * d ** (loops - 1) for (k, loops), count in histogram.items())
    writhe = sum(signs.values())
    return sympy.expand(sympy.expand((-a ** 3) ** -writhe * bracket).subs(a, T ** sympy.Rational(-1, 4)))


def _random_loops(rng, boards, most):
    for _ in range(boards):
        size = rng.choice([4, 6])
        state = dataclasses.replace(make_game("necto", size=size).initial_state(),
                                    codes=tuple(rng.choice(CODES) for _ in range(size * size)),
                                    owners=(0,) * size * size)
        for line in state.loops:
            code, signs = line.diagram
            if 0 < len(signs) <= most:
                yield code, signs


def test_jones_agrees_with_the_plain_state_sum_on_board_loops():
    checked = Counter()
    for code, signs in _random_loops(random.Random(8), 120, 9):
        assert _as_laurent(jones.jones(code, signs)) == _of_expression(_jones_by_states(code, signs))
        checked[knots.simplify(code, signs)[0] != ()] += 1
    assert checked[True] >= 10 and checked[False] >= 10  # knotted-looking and trivial ones


def test_mirror_image_turns_t_into_1_over_t():
    for code, signs in _random_loops(random.Random(3), 30, 30):
        mirrored = tuple((c, not over) for c, over in code), {c: -s for c, s in signs.items()}
        low, coefficients = jones.jones(code, signs)
        assert jones.jones(*mirrored) == (-(low + len(coefficients) - 1), tuple(reversed(coefficients)))


def test_jones_is_the_same_for_a_turned_board():
    """A quarter turn of the whole board moves every loop but keeps its knot."""
    turn = {"N": "W", "W": "S", "S": "E", "E": "N"}
    rng = random.Random(4)
    for _ in range(10):
        size = 6
        codes = [rng.choice(CODES) for _ in range(size * size)]
        turned = [None] * (size * size)
        for cell, code in enumerate(codes):
            x, y = cell % size, cell // size
            turned[x * size + (size - 1 - y)] = transformed(code, turn)
        game = make_game("necto", size=size)

        def polynomials(tiles):
            state = dataclasses.replace(game.initial_state(), codes=tuple(tiles), owners=(0,) * size * size)
            return sorted(jones.jones(*line.diagram) for line in state.loops)

        assert polynomials(codes) == polynomials(turned)


def test_format_jones():
    assert jones.format_jones((1, (1, 0, 1, -1))) == "t + t^3 - t^4"
    assert jones.format_jones((-2, (1, -1, 1, -1, 1))) == "t^-2 - t^-1 + 1 - t + t^2"
    assert jones.format_jones((0, (1,))) == "1"


# --- the example on an 8×8 board ----------------------------------------------------------

def _example():
    record = load_record(EXAMPLE, ROOT / "figures")
    claim = record.claim_by_id("jones")
    state = record.state_after(claim.after, claim.line)
    line = line_through(state, claim.args["cell"], claim.args["side"])
    return record, state, line


def test_the_example_is_an_8x8_board_whose_loop_the_game_counts_as_unknotted():
    record, state, line = _example()
    assert state.size == 8 and line.closed
    assert state.knot(line) is knots.UNKNOT
    assert record.claim_by_id("type").expect == knots.UNKNOT.label


def test_the_example_loop_has_alexander_polynomial_1_by_an_exact_determinant():
    """The Alexander matrix's determinant over Z[t] (sympy), not modulo primes."""
    _, _, line = _example()
    matrix = knots.alexander_matrix(*line.diagram)
    ring = sympy.ZZ[T]
    entries = [[ring.zero] * len(matrix) for _ in matrix]
    for r, row in enumerate(matrix):
        for column, a0, a1 in row:
            entries[r][column] = ring.from_sympy(a0 + a1 * T)
    determinant = DomainMatrix(entries, (len(matrix), len(matrix)), ring).det()
    terms = _of_expression(ring.to_sympy(determinant))
    assert len(terms) == 1 and abs(next(iter(terms.values()))) == 1  # ±t^k: Δ = 1


def test_the_example_loop_is_knotted_its_jones_polynomial_is_not_1():
    record, _, line = _example()
    by_states = _of_expression(_jones_by_states(*line.diagram))
    assert by_states != {0: 1}
    # what the page prints, read back
    stated = record.claim_by_id("jones").expect
    assert laurent(re.sub(r"\^(-?\d+)", r"^(\1)", stated)) == by_states


def test_the_example_has_more_crossings_than_any_knot_in_the_tables():
    """Its claims (checked with every record) say 8 × 8 and its crossings; here: a loop
    with Δ = 1 needs at least eleven crossings, so the example must have as many."""
    _, _, line = _example()
    assert len(line.self_crossings) >= 11
