"""Figures drawn once per content: a record's panels, kept across builds.

A figure is named by a hash of everything that shapes it (:func:`figure_key`):
the record's text, the language, the game's package (engine, facts, drawing)
and every module of rulebook they import, matplotlib's version and the font.
A build looks the figure up before drawing it and keeps what it draws, in the
user's cache folder (:mod:`rulebook.cache`), so an unchanged figure is never
drawn twice, by any build of any copy of the project.  What comes out of the
cache is byte for byte what :func:`rulebook.figure_style.render_panels` gives
(the build's tests compare a build with the cache and one without).
"""

from __future__ import annotations

import json
from functools import lru_cache

from .cache import PACKAGE, Store, digest, sources_digest

FORMAT = "1"  # raise when what an entry holds changes


@lru_cache(maxsize=None)
def _shaping(slug: str, drawn_by: str = "figure_style.py") -> str:
    """A hash of what shapes every figure of ``slug`` that the module ``drawn_by``
    draws, but the record (or results) and the language."""
    import matplotlib

    from .figure_style import font_path
    from .games import GAME_MODULES

    with open(font_path(), "rb") as stream:
        font = stream.read()
    game = PACKAGE / "games" / GAME_MODULES[slug]
    return digest(FORMAT, matplotlib.__version__, font,
                  sources_digest(PACKAGE / drawn_by, PACKAGE / "records.py", game))


def figure_key(record, lang: str) -> str:
    return digest(_shaping(record.game.slug), lang, record.path.read_bytes())


class WatchedLanguage(str):
    """A language code that notes whether the drawing looked at it (compared it,
    looked it up, formatted it, called a method of it)."""

    looked = False

    def __getattribute__(self, name):
        if name != "looked":
            str.__setattr__(self, "looked", True)
        return str.__getattribute__(self, name)


def _looking(name):
    def method(self, *args):
        str.__setattr__(self, "looked", True)
        return getattr(str, name)(self, *args)
    return method


for _name in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__",
              "__str__", "__repr__", "__format__", "__getitem__", "__len__", "__iter__",
              "__contains__", "__add__", "__radd__", "__mul__", "__rmul__", "__mod__",
              "__rmod__"):
    setattr(WatchedLanguage, _name, _looking(_name))


def rendered_panels(record, lang: str, cache: bool = True):
    """``render_panels(record, lang)``, from the cache when it holds the figure:
    each panel's SVG and the legend marks the panels use.

    A figure whose drawing never looked at the language it was drawn in, and whose
    panels have no labels, is the same in every language: drawn in the first, it
    is kept for the others too (the build draws the first language first).  With
    ``cache=False`` every language is drawn, so a build without the cache checks
    the reuse (the build's tests and benchmarks/bench_build.py compare the two)."""
    from .figure_style import drawing_module, render_panels
    from .records import LANGUAGES

    store = Store("figures", enabled=cache)
    key = figure_key(record, lang)
    kept = store.get(key)
    if kept is None and lang != LANGUAGES[0] and not any(p.label for p in record.panels):
        first = store.get(figure_key(record, LANGUAGES[0]))
        if first is not None and json.loads(first).get("any_language"):
            kept = first
    if kept is not None:
        entry = json.loads(kept)
        marks = {mark.key: mark for mark in drawing_module(record.game.slug).MARKS}
        return [svg.encode() for svg in entry["svgs"]], [marks[key] for key in entry["marks"]]
    watched = WatchedLanguage(lang)
    svgs, marks = render_panels(record, watched)
    store.put(key, json.dumps({"svgs": [svg.decode() for svg in svgs],
                               "marks": [mark.key for mark in marks],
                               "any_language": not watched.looked}).encode())
    return svgs, marks


def rendered_swatch(slug: str, mark, cache: bool = True) -> bytes:
    """``render_swatch(mark)`` (a legend's sample of a mark of game ``slug``), from
    the cache when it holds it: a mark is drawn by its game's drawing module."""
    from .figure_style import render_swatch

    store = Store("figures", enabled=cache)
    key = digest(_shaping(slug), "swatch", mark.key)
    kept = store.get(key)
    if kept is None:
        kept = render_swatch(mark)
        store.put(key, kept)
    return kept


def rendered_chart(game, results: list[tuple[dict, dict]], lang: str, cache: bool = True):
    """``balance_panels(game, results, lang)`` (the panels of a study chart), from the
    cache when it holds them."""
    from .studies.chart import balance_panels

    store = Store("figures", enabled=cache)
    key = digest(_shaping(game.slug, "studies/chart.py"), lang, repr(game.options),
                 json.dumps(results, sort_keys=True, ensure_ascii=False))
    kept = store.get(key)
    if kept is not None:
        return [svg.encode() for svg in json.loads(kept)]
    svgs = balance_panels(game, results, lang)
    store.put(key, json.dumps([svg.decode() for svg in svgs]).encode())
    return svgs
