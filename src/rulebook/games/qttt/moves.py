"""Quantum Tic-Tac-Toe's players, marks and moves, as the rules and the notation
both name them (cells are numbered 0..8, ``row * 3 + column``)."""

from __future__ import annotations

from dataclasses import dataclass

X, O = 0, 1


def owner(mark: int) -> int:
    """X owns the odd-numbered marks, O the even ones."""
    return X if mark % 2 else O


@dataclass(frozen=True, order=True)
class Spooky:
    """A spooky pair: mark ``number`` in two different cells."""

    cells: tuple[int, int]

    def __post_init__(self):
        # a1-b2 and b2-a1 are one move: keep the two cells in order
        if isinstance(self.cells, tuple) and all(is_cell(c) for c in self.cells):
            object.__setattr__(self, "cells", tuple(sorted(self.cells)))


def is_cell(cell) -> bool:
    return type(cell) is int and 0 <= cell < 9


@dataclass(frozen=True, order=True)
class Collapse:
    """The chooser's decision: the newest mark becomes classical in ``cell``."""

    cell: int


@dataclass(frozen=True, order=True)
class Classical:
    """X's 9th move when only one cell is left: a plain mark there."""

    cell: int
