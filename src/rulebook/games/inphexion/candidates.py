"""Moves the notation can write on a small board, legal or not: what the
conformance test (tests/test_conformance.py) offers ``play`` to check that
``legal_moves`` forgets none of the moves it accepts."""

from __future__ import annotations

from itertools import combinations, product


# the options the conformance test plays with: small boards, every variant
OPTION_SETS = ({"size": 3}, {"size": 3, "pie": True}, {"size": 3, "neutral": True},
               {"size": 3, "pie": True, "neutral": True})

def candidates(state, most_relocated: int = 2) -> list[str]:
    """The swap; a disc on every cell; every push from every cell to every cell; and for
    each push from a disc to an empty cell, every relocation of up to ``most_relocated``
    discs (from the cells holding one after the push) to the cells empty before it.

    The board is read (which cells hold discs), the rules are not.
    """
    names = state.geo.names
    cells = sorted(names)
    occupied = [cell for cell in cells if state.occupied >> cell & 1]
    empty = [cell for cell in cells if not state.occupied >> cell & 1]
    found = ["swap", *(names[cell] for cell in cells)]
    for target, push in product(cells, cells):
        base = f"{names[target]}>{names[push]}"
        found.append(base)
        if target not in occupied or push not in empty:
            continue
        holding = sorted({*occupied, push})
        for count in range(1, most_relocated + 1):
            for sources in combinations(holding, count):
                for destinations in combinations(empty, count):
                    found.append(" ".join([base, *(f"{names[s]}>{names[d]}"
                                                   for s, d in zip(sources, destinations))]))
    return found
