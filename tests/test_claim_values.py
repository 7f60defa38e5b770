"""Claim values in the page's language: every word a claim can print (booleans,
none, outcome reasons, stages and the other enumerations of the games' facts)
has its Japanese in ``docs/locale/ja/values.po``, and a Japanese page whose
claim would print an English word fails the build."""

from __future__ import annotations

import re
import shutil

import pytest

from rulebook.build import BuildError, Project, _sphinx
from rulebook.games import available_games, make_game
from rulebook.i18n import ENGLISH_WORD, claim_words
from rulebook.records import load_record
from rulebook.sphinxext.transforms import format_value

from conftest import ROOT

LOCALE = ROOT / "docs" / "locale"


def values_of(slug: str):
    """Every value the game's facts declare they answer, and every value a record claims."""
    game = make_game(slug)
    values = [True, False]
    for fact in game.facts:
        if fact.values is not None:
            values += list(fact.values(game))
    for path in sorted((ROOT / "figures" / slug).glob("*.toml")):
        values += [claim.expect for claim in load_record(path, ROOT / "figures").claims]
    return game, values


@pytest.mark.parametrize("slug", sorted(available_games()))
def test_every_value_a_claim_can_print_has_its_japanese(slug):
    game, values = values_of(slug)
    words = claim_words(LOCALE, "ja")
    english = {repr(value): format_value(value, game, "ja", words) for value in values}
    assert not {value: text for value, text in english.items() if ENGLISH_WORD.search(text)}


def test_words_are_translated_whole_then_word_by_word_and_english_stays_english():
    words = claim_words(LOCALE, "ja")
    inphexion, necto = make_game("inphexion"), make_game("necto")
    assert format_value("connection", inphexion, "ja", words) == "対辺の接続"
    assert format_value("connection", make_game("craquelure"), "ja", words) == "つながり"
    assert format_value(True, None, "ja", words) == "はい"
    assert format_value(["none", False], inphexion, "ja", words) == "なし、いいえ"
    assert format_value("x2 Second", necto, "ja", words) == "x2 後手"
    assert format_value({"White": 2, "Black": 1}, inphexion, "ja", words) == "白：2、黒：1"
    assert format_value({"White": 2, "Black": 1}, inphexion, "en", {}) == "White: 2, Black: 1"
    assert format_value("connection", inphexion, "en", claim_words(LOCALE, "en")) == "connection"
    assert claim_words(LOCALE, "en") == {}


def test_a_games_own_translation_of_a_value_comes_before_the_one_for_every_game():
    """values.po may translate a word for one game (msgctxt: the slug) and for every game
    (no msgctxt): a game's page prints its own, the other games the common one."""
    words = {("qttt", "line"): "三目並び", (None, "line"): "線", (None, "cycle"): "輪"}
    assert format_value("line", make_game("qttt"), "ja", words) == "三目並び"
    assert format_value("line", make_game("necto"), "ja", words) == "線"
    assert format_value("cycle", make_game("qttt"), "ja", words) == "輪"
    assert format_value(["line", "cycle"], make_game("qttt"), "ja", words) == "三目並び、輪"


def japanese_project(folder, values: bool, study: bool = False) -> Project:
    """A one-page Japanese project whose figure's caption quotes an outcome reason (and,
    if ``study``, whose text quotes who played a study of the project's own)."""
    docs = folder / "docs"
    (docs / "locale" / "ja" / "LC_MESSAGES").mkdir(parents=True)
    (docs / "conf.py").write_text(f'extensions = ["rulebook.sphinxext"]\n'
                                  f'rulebook_figures_dir = {str(ROOT / "figures")!r}\n'
                                  f'locale_dirs = ["locale/"]\ngettext_compact = False\n')
    (docs / "index.rst").write_text("Reason\n======\n\n.. rulebook-figure:: inphexion/connection\n\n"
                                    "   The game ends by :claim:`reason`.\n")
    (docs / "locale" / "ja" / "LC_MESSAGES" / "index.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Reason"\nmsgstr "理由"\n\n'
        'msgid "The game ends by :claim:`reason`."\nmsgstr "終わった理由：:claim:`reason`。"\n'
        + ('\nmsgid "Played by :claim:`qttt/random#player`, :claim:`qttt/random#games` games."\n'
           'msgstr "対局者：:claim:`qttt/random#player`。対局数：:claim:`qttt/random#games`。"\n'
           if study else ""),
        encoding="utf-8")
    if study:
        page = docs / "index.rst"
        page.write_text(page.read_text() + "\nPlayed by :claim:`qttt/random#player`, "
                        ":claim:`qttt/random#games` games.\n")
    if values:
        shutil.copy(LOCALE / "ja" / "values.po", docs / "locale" / "ja" / "values.po")
    (folder / "figures").mkdir()
    return Project(folder)


def test_a_japanese_page_prints_the_catalogs_word_and_fails_on_an_english_one(tmp_path):
    project = japanese_project(tmp_path / "with", values=True)
    out = tmp_path / "with-out"
    _sphinx(project, "html", "ja", out, tmp_path / "doctrees", tmp_path / "figs", True, cache=False)
    assert "終わった理由：対辺の接続。" in (out / "index.html").read_text(encoding="utf-8")

    project = japanese_project(tmp_path / "without", values=False)
    with pytest.raises(BuildError, match=r"claim 'reason' prints 'connection', English on a ja "
                                         r"page: add its translation to docs/locale/ja/values\.po "
                                         r"\(msgctxt 'inphexion', or none for every game\) "
                                         r"\[rulebook\.claim\]$"):
        _sphinx(project, "html", "ja", tmp_path / "without-out", tmp_path / "doctrees2",
                tmp_path / "figs2", True, cache=False)


def test_a_japanese_page_quoting_a_study_prints_the_catalogs_words_and_fails_on_english(
        tmp_path):
    """A study's value quoted on a Japanese page (who played it) is gated as a record's
    claim is: in the values catalog's Japanese, else the build fails naming the claim."""
    project = japanese_project(tmp_path / "with", values=True, study=True)
    out = tmp_path / "with-out"
    _sphinx(project, "html", "ja", out, tmp_path / "doctrees", tmp_path / "figs", True, cache=False)
    text = (out / "index.html").read_text(encoding="utf-8")
    played = re.search(r"対局者：(.*?)。", text).group(1)
    assert played and not re.search(r"[A-Za-z]{2}", played), played

    project = japanese_project(tmp_path / "without", values=False, study=True)
    with pytest.raises(BuildError, match=r"claim 'qttt/random#player' prints 'uniformly random "
                                         r"moves', English on a ja page: add its translation "
                                         r"to docs/locale/ja/values\.po"):
        _sphinx(project, "html", "ja", tmp_path / "without-out", tmp_path / "doctrees2",
                tmp_path / "figs2", True, cache=False)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_polynomial_prints_with_raised_exponents_and_minus_signs(lang):
    """Necto's knot polynomials, written "-t^-2 + 1" by the engine, print as mathematics
    is printed; other values that merely hold digits or a "t" are left alone."""
    necto = make_game("necto")
    assert format_value("-t^-9 + 2t^-8 - 1 + t", necto, lang) == "\u2212t⁻⁹ + 2t⁻⁸ \u2212 1 + t"
    assert format_value("1 - t + t^2", necto, lang) == "1 \u2212 t + t²"
    assert format_value("t1", necto, lang) == "t1"  # a tile
    assert format_value("x2 Second", necto, "en") == "x2 Second"


@pytest.mark.parametrize("slug", ["necto", "inphexion", "qttt"])
def test_a_cell_named_in_a_claim_is_read_as_the_notation_reads_it_in_any_case(slug):
    """Every fact that takes a cell answers the same for the cell's name in lower case
    and in capitals, as a move naming it reads it: on positions
    of random games, for every cell of the board (the names the notation accepts)."""
    import random
    import string

    from rulebook.errors import RulebookError
    from rulebook.games import make_game

    game = make_game(slug)
    facts = [fact for fact in game.facts if fact.args == ("cell",)]
    assert facts, slug
    rng = random.Random(11)
    names = [f"{letter}{number}" for letter in string.ascii_lowercase[:8] for number in range(1, 9)]
    checked = 0
    for _ in range(4):
        state = game.initial_state()
        for _ in range(rng.randrange(2, 12)):
            if state.outcome() is not None:
                break
            state = state.play(rng.choice(list(state.legal_moves())))
        for fact in facts:
            for name in names:
                try:
                    expected = fact.compute(state, name)
                except RulebookError:
                    continue
                for written in (name.upper(), name[0].upper() + name[1:]):
                    assert fact.compute(state, written) == expected, (slug, fact.name, written)
                checked += 1
    assert checked > 50, checked


@pytest.mark.parametrize("slug", ["necto", "inphexion", "qttt", "craquelure"])
def test_a_fact_s_bad_argument_is_refused_quoting_the_value_given(slug):
    """Every fact that takes arguments, given a value of the right type that names
    nothing in the game, is refused with an error that quotes the value, so the
    designer sees which argument of which claim to fix (``is_legal`` answers
    instead: a move it cannot read is not legal)."""
    from rulebook.errors import RulebookError
    from rulebook.games import make_game

    game = make_game(slug)
    bad = {int: 99, float: 1e9, str: "zz99", list: ["zz99"]}
    tried = 0
    for fact in game.facts:
        if not fact.args or fact.name == "is_legal":
            continue
        given = {arg: bad[fact.arg_type(arg)] for arg in fact.args}
        with pytest.raises(RulebookError) as error:
            fact.compute(game.initial_state(), **given)
        assert any(str(value).strip("[]'") in str(error.value) for value in given.values()), \
            (fact.name, str(error.value))
        tried += 1
    assert tried >= 5, tried


@pytest.mark.parametrize("text, english", [
    ("no", True), ("OK", True), ("a draw", True), ("b2、c3", False), ("X", False),
    ("O の勝ち", False), ("3₁", False), ("結び目", False), ("12.5%", False), ("N 中立", False),
])
def test_a_japanese_page_s_claim_value_of_two_latin_letters_or_more_is_english(text, english):
    """What the build refuses on a Japanese page: any run of two Latin letters or more
    (no, OK), not a lone letter (a player's X, a disc's N) nor a cell (b2)."""
    from rulebook.i18n import ENGLISH_WORD

    assert bool(ENGLISH_WORD.search(text)) == english


from hypothesis import given, settings, strategies as st  # noqa: E402

NUMBERS = st.one_of(st.integers(-10**9, 10**9), st.floats(allow_nan=False, allow_infinity=False,
                                                        min_value=-1e9, max_value=1e9))


@settings(max_examples=300, deadline=None)
@given(value=NUMBERS, lang=st.sampled_from(["en", "ja"]))
def test_a_number_a_caption_prints_reads_back_as_the_claims_value(value, lang):
    """A number a claim checked is printed so that it reads back as that very number, in
    either language, alone, in a list and as a count in a table (a whole float without
    its ".0"; never rounded, truncated or cut at its point)."""
    game, separator = make_game("inphexion"), "、" if lang == "ja" else ", "
    alone = format_value(value, game, lang, {})
    assert float(alone) == value and ("." in alone or "e" in alone) == (
        isinstance(value, float) and not value.is_integer()), alone
    listed = format_value([value, 1], game, lang, {}).split(separator)
    assert float(listed[0]) == value and listed[1] == "1", listed
    colon = "：" if lang == "ja" else ": "
    counted = format_value({"White": value}, game, lang, {}).split(colon)[1]
    assert float(counted) == value, counted
