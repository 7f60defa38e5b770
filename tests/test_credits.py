"""A game's credits file (rulebook.credits): read, and refused with its file and key."""

from __future__ import annotations

import pytest

from rulebook import credits as credits_module
from rulebook.credits import Credits, CreditsError, game_credits


@pytest.fixture
def games_folder(tmp_path, monkeypatch):
    """A stand-in for the package's games folder: credits files written into it are read."""
    monkeypatch.setattr(credits_module.resources, "files", lambda package: tmp_path)

    def write(slug: str, text: str):
        (tmp_path / slug).mkdir()
        (tmp_path / slug / "credits.toml").write_text(text, encoding="utf-8")

    return write


def test_a_language_without_its_table_falls_back_on_english(games_folder):
    games_folder("g", '[en]\ndesigner = "A. Designer"\nsources = ["One", "Two"]\n')
    assert game_credits("g", "ja") == Credits(designer="A. Designer", sources=("One", "Two"))
    assert game_credits("other", "en") is None  # no file: no credits


def test_each_language_reads_its_own_table(games_folder):
    games_folder("g", '[en]\ndesigner = "A. Designer"\nbyline = "Rules by A."\n'
                      '[ja]\ndesigner = "デザイナーA"\nbyline = "ルール：A"\n')
    assert game_credits("g", "en").designer == "A. Designer"
    assert game_credits("g", "ja") == Credits(designer="デザイナーA", byline="ルール：A")


@pytest.mark.parametrize("text, message", [
    ('[en]\nsources = ["One", 2]\n', "[en]: sources must be a list of strings"),
    ('[en]\nsources = "One"\n', "[en]: sources must be a list of strings"),
    ('[en]\nbyline = ["One"]\n', "[en]: byline must be a string"),
    ('[en]\ndesigner = 3\n', "[en]: designer must be a string"),
    ('[en]\nauthor = "A"\n', "[en]: unknown key 'author'"),
    ('designer = "A"\n', "no [en] table of credits"),
    ('[en]\ndesigner = "A\n', "credits.toml:2: "),
    # TOML's own words and line, not the file's last line
    ('[en]\ndesigner = "A\nbyline = "B"\n', "credits.toml:2: Illegal character '\\n'"),
    # an error TOML places at the end of the document: the file's last line
    ('[en]\ndesigner = "A"\nbyline =', "credits.toml:3: Invalid value"),
])
def test_a_bad_credits_file_is_refused_naming_its_file_and_key(games_folder, text, message):
    games_folder("g", text)
    with pytest.raises(CreditsError) as error:
        game_credits("g", "en")
    assert str(error.value).startswith("src/rulebook/games/g/credits.toml")
    assert message in str(error.value), str(error.value)


def test_a_language_read_from_the_english_table_names_that_table(games_folder):
    """Japanese credits that fall back on the English table name [en] in their errors
    (the table the author must edit), and a file with neither names both."""
    games_folder("g", '[en]\nauthor = "A"\n')
    with pytest.raises(CreditsError, match=r"credits.toml: \[en\]: unknown key 'author'"):
        game_credits("g", "ja")
    games_folder("h", '[fr]\n')
    with pytest.raises(CreditsError, match=r"credits.toml: no \[ja\] or \[en\] table"):
        game_credits("h", "ja")
