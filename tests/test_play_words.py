"""A game's own play-page words (rulebook.play.words.game_words): merged into the page's
tables, and a table the page has not refused with one line naming the game and why."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rulebook.errors import RulebookError
from rulebook.play import words


def with_words(monkeypatch, own):
    monkeypatch.setattr(words, "game_play", lambda slug: SimpleNamespace(WORDS=own))


def test_a_game_s_words_are_added_to_the_page_s_tables(monkeypatch):
    with_words(monkeypatch, {"en": {"prompts": {"first": "Tap a cell"}}})
    merged = words.game_words("g", "en")
    assert merged["prompts"]["first"] == "Tap a cell"
    assert merged["new_game"] == words.WORDS["en"]["new_game"]  # the common words kept


@pytest.mark.parametrize("lang, own, message", [
    ("en", {"nonsense": {}}, "g/play.py: WORDS['en'] has 'nonsense', which is not a table of "
                             "the page's words (reasons, options, choices, aid_names, prompts)"),
    ("ja", {"reasons": {}}, "g/play.py: WORDS['ja'] has 'reasons', but the outcome reasons in "
                            "it are the book's own words, from values.po"),
    ("ja", {"zzz": {}, "reasons": {}}, "g/play.py: WORDS['ja'] has 'reasons', but"),
    ("en", {"zzz": {}, "aaa": {}}, "g/play.py: WORDS['en'] has 'aaa', which is not"),
])
def test_a_table_the_page_does_not_have_is_one_line_naming_it(monkeypatch, lang, own, message):
    with_words(monkeypatch, {lang: own})
    with pytest.raises(RulebookError) as error:
        words.game_words("g", lang)
    assert str(error.value).startswith(message) and "\n" not in str(error.value), str(error.value)


def prompting_games() -> list[str]:
    from rulebook.games import available_games, game_part

    return [slug for slug in sorted(available_games())
            if hasattr(game_part(slug, "clicks"), "prompt")]


@pytest.mark.parametrize("slug", prompting_games())
def test_every_prompt_a_game_gives_is_worded_in_both_languages(slug):
    """Whatever the position and however many taps were made, a tap's prompt is a key of
    the page's prompts in English and in Japanese (else the page would show nothing)."""
    import random

    from rulebook.games import game_part, make_game

    clicks = game_part(slug, "clicks")
    worded = [set(words.game_words(slug, lang)["prompts"]) for lang in ("en", "ja")]
    asked = set()
    for seed in range(10):
        rng, state = random.Random(seed), make_game(slug).initial_state()
        for _ in range(12):
            if state.is_over():
                break
            for taps in range(8):
                key = clicks.prompt(state, taps)
                if key is not None:
                    asked.add(key)
                    assert all(key in table for table in worded), (slug, key, taps)
            state = state.play(state.random_move(rng))
    assert asked


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_sides_a_traced_line_joins_are_named_where_the_board_draws_them(lang):
    """Necto's "trace a line" names the sides of a tile its strand joins ("its top and
    right sides"): each side's name is where the drawing puts that side's end point
    in a cell (y up, as the board is drawn), in the page's language."""
    from rulebook.games.necto.tiles import END_POINT

    place = {(0.5, 1.0): "top", (1.0, 0.5): "right", (0.5, 0.0): "bottom", (0.0, 0.5): "left"}
    japanese = {"top": "上", "right": "右", "bottom": "下", "left": "左"}
    sides = words.game_words("necto", lang)["sides"]
    assert set(sides) == set(END_POINT)
    for side, point in END_POINT.items():
        name = place[point]
        assert sides[side] == (name if lang == "en" else japanese[name]), (side, sides[side])


@pytest.mark.parametrize("slug", sorted(__import__("rulebook.games", fromlist=["x"])
                                        .available_games()))
def test_words_that_differ_in_english_differ_in_each_language(slug):
    """Two of the page's words for two different things (two prompts, two options, two
    buttons) that English says differently are not said alike in Japanese either: a
    translation copied from the entry next to it would tell the player the wrong step
    (the game's words merged with the page's, every table; a count's words for one and
    for many, ``x_one`` and ``x``, are one thing to a language without plurals)."""
    from test_word_tables import leaves

    def _entries(table):
        return ((path, text) for path, text in leaves(table) if isinstance(text, str))

    english = dict(_entries(words.game_words(slug, "en")))
    for lang in ("ja",):
        translated = dict(_entries(words.game_words(slug, lang)))
        said = {}
        for path, text in translated.items():
            if path in english:  # (a count's one and many: one entry in a language without)
                many = (*path[:-1], str(path[-1]).removesuffix("_one"))
                said.setdefault(text, set()).add(english.get(many, english[path]))
        alike = {text: sorted(sources) for text, sources in said.items() if len(sources) > 1}
        assert not alike, (slug, lang, alike)
