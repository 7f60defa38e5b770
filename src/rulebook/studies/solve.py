"""Solve: Quantum Tic-Tac-Toe under perfect play, by the exact solver
(:mod:`rulebook.games.qttt.solve`).

Study keys::

    complete_win = false   # the seed's rule for a double line (the engine's); true: the
                           # paper's "complete win" (a double line is a draw)

An item is one class of X's first moves (the 36 pairs fall into a few
classes under the board's symmetries), solved by a solver of its own, so the
values and lines do not depend on which items shared a process; node counts,
which do, are not stored.
"""

from __future__ import annotations

from ..errors import RulebookError
from .base import Kind, check_keys


class Solve(Kind):
    name = "solve"
    module = "solve"

    def check(self, game: str, spec: dict) -> dict:
        if game != "qttt":
            raise RulebookError("a solve study is for qttt only (the solver is Quantum "
                                "Tic-Tac-Toe's)")
        check_keys(spec, {"complete_win": bool}, set())
        return {"complete_win": spec.get("complete_win", False)}

    def item_count(self, spec: dict) -> int:
        return len(self.context("qttt", spec))

    def context(self, game: str, spec: dict):
        from ..games.qttt.solve import first_move_classes

        return first_move_classes()

    def run_item(self, classes, spec: dict, index: int) -> dict:
        from ..games.qttt.solve import solve_classes

        found, _, _ = solve_classes(spec["complete_win"], [classes[index]])
        return found[0]

    def combine(self, game: str, spec: dict, items: list) -> dict:
        from ..games.qttt.solve import summary

        return summary(spec["complete_win"], items)


KIND = Solve()
