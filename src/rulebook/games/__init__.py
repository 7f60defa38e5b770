"""The game registry: slug -> Game class, imported on first use."""

from __future__ import annotations

import importlib

from ..errors import OptionError
from ..game import Game

# slug -> module under rulebook.games whose GAME attribute is the Game class
GAME_MODULES = {
    "qttt": "qttt",
    "necto": "necto",
    "craquelure": "craquelure",
    "inphexion": "inphexion",
}


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
