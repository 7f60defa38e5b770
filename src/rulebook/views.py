"""View options: what a record's ``[figure] view`` may set, declared once.

Each game declares its options in ``games/<game>/views.py`` (standard library
only, so records are checked without loading matplotlib): a default, a line of
documentation, the accepted types and values.  The record loader validates
every panel's view against them, so a wrong name, type or value is a one-line
error at ``rulebook check`` time, naming the record and the line; the drawing
module takes the defaults.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from .errors import RulebookError
from .record_format import KIND_NAMES, kind_of, quoted  # noqa: F401 (kind_of: views' users)


@dataclass(frozen=True)
class ViewOption:
    default: Any
    doc: str
    kinds: tuple[type, ...] = ()  # accepted types; by default the default's type
    choices: tuple = ()  # for a string option: the values it accepts
    check: Callable[[Any, Any], str | None] | None = None  # (value, game) -> why it is wrong

    def problem(self, value, game) -> str | None:
        kinds = self.kinds or (type(self.default),)
        if type(value) not in kinds:
            names = " or ".join(KIND_NAMES[k] for k in kinds)
            return f"must be {names}, not {quoted(value)}"
        if self.choices and value not in self.choices:
            return f"{quoted(value)} is not one of {', '.join(map(repr, self.choices))}"
        if self.check is not None:
            try:
                return self.check(value, game)
            except RulebookError as error:
                return str(error)
        return None


def view_options(slug: str) -> dict[str, ViewOption]:
    from .games import GAME_MODULES

    return importlib.import_module(f"rulebook.games.{GAME_MODULES[slug]}.views").VIEW_OPTIONS


def defaults(options: dict[str, ViewOption]) -> dict[str, Any]:
    return {name: option.default for name, option in options.items()}


def view_problem(game, view: dict) -> str | None:
    """Why ``view`` is not a valid view of ``game``'s figures, or None."""
    options = view_options(game.slug)
    for name, value in view.items():
        if name not in options:
            offered = ", ".join(sorted(options)) or "none"
            return f"unknown view option {name!r} for {game.slug} (view options: {offered})"
        if (why := options[name].problem(value, game)) is not None:
            return f"view option {name}: {why}"
    return None


def each(check: Callable[[Any, Any], str | None]) -> Callable[[list, Any], str | None]:
    """A check of a list option that applies ``check`` to every item."""
    def check_all(values, game):
        for value in values:
            if (why := check(value, game)) is not None:
                return why
        return None
    return check_all


def point(value, game) -> str | None:
    """A point [x, y] of numbers."""
    ok = (isinstance(value, list) and len(value) == 2
          and all(type(v) in (int, float) for v in value))
    return None if ok else f"{quoted(value)} is not a point [x, y]"
