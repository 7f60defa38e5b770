"""inpHeXion's players and moves, as the rules and the notation both name them."""

from __future__ import annotations

from dataclasses import dataclass

WHITE, BLACK = 0, 1  # player indices


@dataclass(frozen=True, order=True)
class Move:
    """Place on ``target``; push the disc there to ``push`` (None on the first move).

    ``relocations`` pairs the cells of the surrounded discs (sorted) with the
    empty cells receiving them (sorted).  ``swap`` is the pie rule's move.
    """

    target: int = -1
    push: int | None = None
    relocations: tuple[tuple[int, int], ...] = ()
    swap: bool = False


SWAP = Move(swap=True)


def pair_relocations(sources, destinations) -> tuple[tuple[int, int], ...]:
    return tuple(zip(sorted(sources), sorted(destinations)))
