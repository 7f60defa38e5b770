"""A game's credits, kept with the game: ``games/<slug>/credits.toml``.

One table per language (``[en]``, ``[ja]``), each with the keys of
:class:`Credits`, all optional.  They come from the game's seed (its designer's
own page): the designer or inventor, a byline, the copyright line exactly as the
seed gives it, and the sources and papers in full.  The PDF's title page prints
them (``rulebook.pdf``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from importlib import resources

from .errors import RulebookError, toml_error


class CreditsError(RulebookError):
    """A credits file that cannot be read or holds a key or value it should not."""


@dataclass(frozen=True)
class Credits:
    designer: str = ""  # the designer or inventor, as a name (the PDF's author)
    byline: str = ""  # the title page's line under the game's name
    copyright: str = ""  # the seed's copyright line, verbatim
    sources: tuple[str, ...] = ()  # each source or paper, in full


def game_credits(slug: str, lang: str) -> Credits | None:
    """The credits of game ``slug`` in ``lang`` (else English), or None if it has no file."""
    path = resources.files("rulebook.games").joinpath(slug, "credits.toml")
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    where = f"src/rulebook/games/{slug}/credits.toml"
    try:
        tables = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, message = toml_error(error, text)
        raise CreditsError(f"{where}:{line}: {message}") from None
    name = lang if lang in tables else "en"  # the table read: the language's, else English
    table = tables.get(name)
    if not isinstance(table, dict):
        wanted = "[en]" if lang == "en" else f"[{lang}] or [en]"
        raise CreditsError(f"{where}: no {wanted} table of credits")
    known = {field.name: field for field in fields(Credits)}
    for key, value in table.items():
        if key not in known:
            raise CreditsError(f"{where}: [{name}]: unknown key {key!r} (keys: {', '.join(known)})")
        wanted = list if key == "sources" else str
        if not isinstance(value, wanted) or wanted is list and not all(isinstance(v, str) for v in value):
            kind = "a list of strings" if wanted is list else "a string"
            raise CreditsError(f"{where}: [{name}]: {key} must be {kind}")
    return Credits(**{key: tuple(value) if key == "sources" else value for key, value in table.items()})
