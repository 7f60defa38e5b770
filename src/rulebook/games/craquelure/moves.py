"""The two kinds of move: a cut, and the swap of the pie rule.

Coordinates and angles are kept as the Decimals they were written as, so a
move prints back exactly as written ("0.30" stays "0.30"); the geometry works
with their float values.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

BLUE, RED = 0, 1
NEUTRAL = None
LETTERS = ("B", "R")  # a part's new owner in the notation, by player index


@dataclass(frozen=True)
class Cut:
    """Cut the region holding (x, y) with rays at angle, angle+120, angle+240 degrees.

    Part k (1, 2, 3) lies counter-clockwise between the ray at
    ``angle + 120*(k-1)`` and the next ray.  ``parts`` are the written
    (letter, part) pairs, e.g. (("B", 1), ("R", 3)): the parts not named stay
    neutral (cutting a neutral region) or the opponent's (cutting theirs).
    ``region`` is the region id if the move names it (checked, optional).
    """

    x: Decimal
    y: Decimal
    angle: Decimal
    parts: tuple[tuple[str, int], ...]
    region: int | None = None

    @property
    def point(self) -> tuple[float, float]:
        return float(self.x), float(self.y)

    def owner_of_part(self, part: int):
        """The player index a written part goes to, or None if the move does not name it."""
        for letter, number in self.parts:
            if number == part:
                return LETTERS.index(letter)
        return None


@dataclass(frozen=True)
class Swap:
    """Red takes over Blue's first move (pie rule)."""


SWAP = Swap()
