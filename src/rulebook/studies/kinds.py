"""The registry of study kinds: every module of this package with a ``KIND``.

A new kind is a module here defining ``KIND``, an instance of
:class:`~rulebook.studies.base.Kind`; nothing else needs to change.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from .base import Kind


def _discover() -> dict[str, Kind]:
    kinds = {}
    for module in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda m: m.name):
        if module.name in {"base", "kinds", "chart"}:
            continue
        kind = getattr(importlib.import_module(f"{__package__}.{module.name}"), "KIND", None)
        if isinstance(kind, Kind):
            kinds[kind.name] = kind
    return kinds


KINDS: dict[str, Kind] = _discover()
