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
