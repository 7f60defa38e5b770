"""Reading KnotInfo (the database-knotinfo package) for the Necto knot tests.

Not a test module: test_necto_knots.py and test_necto_limits.py import it.
"""

from __future__ import annotations

import json
import re
from functools import cache

from rulebook.games.necto import knots

_TERM = re.compile(r"(?P<sign>[+-]?)(?P<number>\d+)?(?:(?P<over>/)?\*?t(?:\^\(?(?P<power>-?\d+)\)?)?)?")


def knots_up_to(crossings: int) -> list[dict]:
    """KnotInfo's rows of the knots with at most ``crossings`` crossings, unknot left out."""
    return [row for row in _rows() if row["name"] != "0_1" and int(row["crossing_number"]) <= crossings]


@cache
def _rows():
    import database_knotinfo

    return tuple(database_knotinfo.link_list()[1:])  # the first row describes the columns


def diagram(row):
    """The knot's PD code as a (code, signs) diagram of knots.from_pd."""
    return knots.from_pd(json.loads(row["pd_notation"]))


def laurent(text: str) -> dict[int, int]:
    """A KnotInfo polynomial as {power of t: coefficient}.  KnotInfo writes them as
    '1-3*t+ t^2', 't^(-2)-t^(-1)+ 1' or, from 12 crossings on, '-2 + t^(-5) - 3/t^4'."""
    text = text.replace(" ", "")
    result: dict[int, int] = {}
    position = 0
    for match in _TERM.finditer(text):
        if match.start() != position:
            raise ValueError(f"cannot read {text!r} at {position}")
        if match.end() == match.start():
            continue
        position = match.end()
        coefficient = int(match["number"] or 1) * (-1 if match["sign"] == "-" else 1)
        power = 0 if "t" not in match.group(0) else int(match["power"] or 1) * (-1 if match["over"] else 1)
        result[power] = result.get(power, 0) + coefficient
    if position != len(text):
        raise ValueError(f"cannot read {text!r} at {position}")
    return {p: c for p, c in result.items() if c}


def alexander(text: str) -> tuple[int, ...]:
    """A KnotInfo Alexander polynomial, normalised like knots.normalise."""
    terms = laurent(text)
    return knots.normalise(terms.get(p, 0) for p in range(min(terms), max(terms) + 1))
