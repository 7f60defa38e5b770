"""Moves the notation can write, legal or not, for the conformance test
(tests/test_conformance.py), which offers them to ``play`` to check that
``legal_moves`` forgets no kind of move that ``play`` accepts.

Cuts are continuous, so ``legal_moves`` lists one cut per cuttable region and
allowed angle with every way of handing out its parts: two moves are of one
kind (:func:`move_kind`) when they cut the same region and hand out the same
parts.
"""

from __future__ import annotations

import random
from itertools import combinations

from .moves import Swap

PARTS = ("B1", "B2", "B3", "R1", "R2", "R3")


# the options the conformance test plays with
OPTION_SETS = ({"pie": True},)

def candidates(state, points: int = 12, seed: int = 0) -> list[str]:
    """The swap, and at the points of the listed cuts and at random points of the disk,
    at their angles, every writing of up to two parts (the parts named, any letters)."""
    rng = random.Random(seed)
    spots = {(str(move.x), str(move.y), str(move.angle)) for move in state.legal_moves()
             if not isinstance(move, Swap)}
    while len(spots) < points + 1:
        x, y = rng.uniform(-1, 1), rng.uniform(-1, 1)
        if x * x + y * y < 0.98:
            spots.add((f"{x:.4f}", f"{y:.4f}", rng.choice(("0", "30", "45", "90"))))
    writings = [" ".join(parts) for count in (1, 2) for parts in combinations(PARTS, count)]
    return ["swap"] + [f"({x},{y}) {angle} {parts}" for x, y, angle in sorted(spots)
                       for parts in writings]


def move_kind(state, move):
    """What makes two moves of one kind: the swap; or the region cut and the parts named."""
    if isinstance(move, Swap):
        return "swap"
    region = state.region_at(*move.point)
    return (None if region is None else region.id, tuple(sorted(move.parts)))
