"""What every kind of study provides, and the helpers they share.

A kind splits its work into numbered items (a game, a first move), computes
each from the study's settings and its index alone (:meth:`Kind.run_item`),
and combines the items' results, in index order, into the stored result
(:meth:`Kind.combine`).  This module and the kinds' modules hold only the
computation (their source is part of every result's fingerprint); how pages
quote and draw results is in :mod:`.present`.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..errors import RulebookError
from ..record_format import type_problem

Z95 = 1.959963984540054  # the standard normal quantile for a 95 % interval


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if trials <= 0:
        raise ValueError("the interval of a proportion needs at least one trial")
    p = successes / trials
    spread = z * z / trials
    centre = (p + spread / 2) / (1 + spread)
    half = z * math.sqrt(p * (1 - p) / trials + spread / (4 * trials)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def item_rng(seed: int, index: int) -> random.Random:
    """The random source of item ``index`` of a study seeded ``seed``: the same
    in every process and on every machine (a string seed is hashed with SHA-512)."""
    return random.Random(f"rulebook-study/{seed}/{index}")


class Kind:
    """A kind of study; subclasses set ``name`` and ``module`` and implement the hooks."""

    name: str
    module: str  # the module's file name in rulebook/studies (for the fingerprint)

    def check(self, game: str, spec: dict) -> dict:
        """The study's own keys, checked, with defaults filled in."""
        raise NotImplementedError

    def item_count(self, spec: dict) -> int:
        raise NotImplementedError

    def context(self, game: str, spec: dict) -> Any:
        """What every item of a task shares (the game object); made once per task."""
        return None

    def run_item(self, context: Any, spec: dict, index: int) -> Any:
        raise NotImplementedError

    def combine(self, game: str, spec: dict, items: list) -> dict:
        raise NotImplementedError


def check_keys(spec: dict, allowed: dict[str, type], required: set[str]) -> None:
    """Unknown, missing or mistyped keys of a study, as one-line errors."""
    for key in spec:
        if key not in allowed:
            raise RulebookError(f"unknown key {key!r} (keys: kind, label, "
                                f"{', '.join(sorted(allowed))})")
    for key in sorted(required - set(spec)):
        raise RulebookError(f"missing {key!r}")
    for key, value in spec.items():
        if why := type_problem(value, allowed[key]):
            raise RulebookError(f"{key!r} {why}")
