"""The game registry: slug -> Game class, imported on first use.

A game is registered by being here: every package ``rulebook/games/<slug>/``
whose ``GAME`` attribute is its :class:`~rulebook.game.Game` class (what
``rulebook new`` scaffolds), listed in alphabetical order.  Everything about a
game is in its folder: besides its engine and drawing, its ``play.py`` says
what its play page offers and says (its aids and words) and what the
framework's tests play and look at (:func:`game_play`); nothing outside the
folder holds a table of games.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..errors import OptionError, RulebookError
from ..game import Game

# slug -> module under rulebook.games whose GAME attribute is the Game class
GAME_MODULES = {module.name: module.name
                for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name)
                if module.ispkg}


def game_class(slug: str) -> type[Game]:
    if slug not in GAME_MODULES:
        raise OptionError(f"unknown game {slug!r} (games: {', '.join(GAME_MODULES)})")
    module = importlib.import_module(f"{__name__}.{GAME_MODULES[slug]}")
    return module.GAME


def make_game(slug: str, **options) -> Game:
    return game_class(slug)(**options)


def available_games() -> list[str]:
    """Every registered game's slug."""
    return list(GAME_MODULES)


def game_part(slug: str, part: str):
    """The module ``part`` of the game's folder (``strategy``, ``candidates`` ...),
    or None if the game has none (an error inside the module is raised)."""
    name = f"{__name__}.{GAME_MODULES[slug]}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return None


def game_play(slug: str):
    """The game's ``play.py``, which every game has: its play page's aids (``AIDS``)
    and words (``WORDS``), and for the framework's tests the options of a random
    game (``TEST_OPTIONS``), a record where every aid shows something
    (``AID_RECORD``) and its players' colours (``COLOURS``, ``pieces``)."""
    module = game_part(slug, "play")
    if module is None:
        raise RulebookError(f"game {slug!r} has no play.py in its folder (rulebook/games/"
                            f"{GAME_MODULES[slug]}/): it declares the play page's aids and "
                            "words (see the guide's \"Adding a game\")")
    return module
