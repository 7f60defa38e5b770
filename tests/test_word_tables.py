"""Every table of words the package writes in both languages (a module-level dict with
"en" and "ja" tables: the PDF's, the site's chrome, the play page's, the charts', the
diff report's...), found by walking the package: the same entries in both, the same
placeholders in each entry, English with no Japanese and Japanese with no English word."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import string

import pytest

import rulebook

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
# by design: the switch names the other language in that language; the games' outcome
# reasons in Japanese are the book's own words (values.po), not the play page's
OTHER_LANGUAGE = {("switch",)}
ENGLISH_ONLY = {"reasons"}


def word_tables() -> dict[str, dict]:
    found = {}
    for info in pkgutil.walk_packages(rulebook.__path__, "rulebook."):
        if info.name.endswith(("__main__", ".snapshot")):  # scripts run as such
            continue
        module = importlib.import_module(info.name)
        source = inspect.getsource(module)
        for name, value in vars(module).items():
            if (isinstance(value, dict) and {"en", "ja"} <= set(value)
                    and all(isinstance(value[lang], dict) for lang in ("en", "ja"))
                    and re.search(rf"^{re.escape(name)}\b[^=\n]*=", source, re.M)):  # its own
                found[f"{info.name}.{name}"] = value
    return found


def leaves(table, path=()):
    if isinstance(table, dict):
        for key, value in table.items():
            yield from leaves(value, (*path, key))
    elif isinstance(table, (list, tuple)):
        for index, value in enumerate(table):
            yield from leaves(value, (*path, index))
    else:
        yield path, table


def fields(text: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


TABLES = word_tables()


def test_the_walk_finds_the_tables():
    assert {"rulebook.pdf.translator.WORDS", "rulebook.sphinxext.directives.CHROME",
            "rulebook.play.words.WORDS", "rulebook.studies.chart.WORDS",
            "rulebook.diff.report.WORDS", "rulebook.games.necto.play.WORDS"} <= set(TABLES)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_table_says_the_same_things_in_both_languages(name):
    en, ja = (dict(leaves(TABLES[name][lang])) for lang in ("en", "ja"))
    assert {k for k in en if k[0] not in ENGLISH_ONLY} == set(ja), name
    for key, japanese in ja.items():
        english = en[key]
        if not isinstance(english, str):
            assert type(japanese) is type(english), (name, key)
            continue
        assert fields(english) == fields(japanese), (name, key, english, japanese)
        if key in OTHER_LANGUAGE:
            continue
        assert not JAPANESE.search(english), (name, key, english)
        latin = re.sub(r"\{[^}]*\}", "", japanese)
        assert JAPANESE.search(japanese) or not re.search(r"[A-Za-z]{3,}", latin), (
            name, key, japanese)


# A direction named in English and the Japanese for it: an entry naming one names the
# same in the other language (a pair swapped reads as the opposite way).
DIRECTIONS = [  # (English word, Japanese words), the more specific first
    (r"\banticlockwise\b|\bcounter-?clockwise\b", ("反時計", "左に回")),
    (r"\bclockwise\b", ("時計回り", "右に回")),
    (r"\bleft\b", ("左",)), (r"\bright\b", ("右",)),
    (r"\btop\b|\bup\b", ("上",)), (r"\bbottom\b|\bdown\b", ("下",)),
]


def direction_of(english: str, japanese: str):
    """(the direction the English names first, whether the Japanese names it), or None."""
    for pattern, words in DIRECTIONS:
        if re.search(pattern, english, re.I):
            return pattern, any(word in japanese for word in words)
    return None


@pytest.mark.parametrize("name", sorted(TABLES))
def test_an_entry_naming_a_direction_names_the_same_one_in_japanese(name):
    en, ja = (dict(leaves(TABLES[name][lang])) for lang in ("en", "ja"))
    wrong = []
    for key, japanese in ja.items():
        english = en.get(key)
        if not isinstance(english, str) or key in OTHER_LANGUAGE:
            continue
        found = direction_of(english, japanese)
        if found is not None and not found[1]:
            wrong.append((key, english, japanese))
    assert not wrong, (name, wrong)


def test_the_direction_check_reads_a_swapped_pair_as_wrong():
    assert direction_of("Turn the rays anticlockwise", "線を右に回す") == (DIRECTIONS[0][0], False)
    assert direction_of("Turn the rays clockwise", "線を右に回す") == (DIRECTIONS[1][0], True)
    assert direction_of("right", "右") == (DIRECTIONS[3][0], True)


def test_a_game_s_play_words_name_its_terms_as_its_glossary_has_them_in_japanese():
    """Each game's own play-page words (its play.py: options, aids, prompts): an entry
    whose English names a term of the game's glossary (spooky mark, relocate, cut...)
    names it in Japanese too, as the glossary writes it (its stem: 置き直す as
    置き直し), so an entry whose Japanese says something else (two prompts swapped, a
    word left out) is found."""
    from pathlib import Path

    from rulebook.games import available_games
    from rulebook.i18n import load_glossary

    folder = Path(__file__).resolve().parents[1] / "docs" / "locale" / "ja" / "glossary"
    checked, wrong = 0, []
    for slug in available_games():
        table = TABLES.get(f"rulebook.games.{slug}.play.WORDS")
        if table is None:
            continue
        en, ja = (dict(leaves(table[lang])) for lang in ("en", "ja"))
        for term in load_glossary(folder / f"{slug}.toml"):
            english = re.sub(r"\s*\(.*\)", "", term.en).lower()
            stem = re.sub(r"[\u3040-\u309f]+$", "", term.ja)  # less its inflected ending
            if len(stem) < 2:
                continue
            for key, japanese in ja.items():
                text = en.get(key)
                if isinstance(text, str) and re.search(rf"\b{re.escape(english)}", text.lower()):
                    checked += 1
                    if stem not in japanese:
                        wrong.append((slug, key, term.en, text, japanese))
    assert not wrong, wrong
    assert checked >= 20, checked


# Entries whose Japanese names its values in another order than the English, on purpose:
# Japanese says the whole before the part (10手中3手目, "of 10, the 3rd") and the old value
# before the new (Aではなく Bになりました, "not A, it became B").
REORDERED = {
    ("rulebook.diff.report.WORDS", ("e_value",)), ("rulebook.diff.report.WORDS", ("e_study",)),
    ("rulebook.play.words.WORDS", ("stepped_back",)),
    ("rulebook.play.words.WORDS", ("stepped_back_one",)),
    ("rulebook.sphinxext.directives.CHROME", ("panel",)),
}


def order(text: str) -> list[str]:
    """The placeholders of ``text`` in the order it first names them."""
    named = [name for _, name, _, _ in string.Formatter().parse(text) if name]
    return list(dict.fromkeys(named))


def test_an_entry_names_its_values_in_the_english_order_unless_japanese_turns_it():
    """Every entry of every table with two values or more: the Japanese names them in
    the English order, except the entries REORDERED lists, which must turn it (a
    Japanese "{new} ではなく {old}", two values swapped, reads as the opposite)."""
    found, several = set(), 0
    for name, table in TABLES.items():
        en, ja = (dict(leaves(table[lang])) for lang in ("en", "ja"))
        for key, japanese in ja.items():
            english = en.get(key)
            if isinstance(english, str) and len(order(english)) >= 2:
                several += 1
                if order(english) != order(japanese):
                    found.add((name, key))
    assert several >= 30, several
    assert found == REORDERED
