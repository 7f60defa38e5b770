"""``rulebook translate``: the catalogs follow the English pages, translations kept."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from rulebook.build import BuildError, check_translations
from rulebook.cli import main

from small_project import make_project

CAPTION = "The cycle links :claim:`pairs` pairs, so :claim:`chooser` chooses."
TRANSLATIONS = {
    "Cycles": "輪",
    "Pairs of marks form a cycle.": "マークの組が輪をつくります。",
    CAPTION: "輪は\\ :claim:`pairs`\\ 組をつなぐので、\\ :claim:`chooser`\\ が選びます。",
    "Every pair is written in two cells.": "組はどれも2つのマスに書きます。",
}


@pytest.fixture
def project(tmp_path):
    project = make_project(tmp_path / "project", CAPTION, TRANSLATIONS,
                           extra="Every pair is written in two cells.")
    check_translations(project, tmp_path / "staging")  # the catalog starts complete
    return project


def catalog(project):
    path = project.docs / "locale" / "ja" / "LC_MESSAGES" / "index.po"
    return path, {m.id: m for m in read_po(path.open("rb")) if m.id}


def run(project, capsys):
    assert main(["translate", "--project", str(project.root)]) == 0
    return capsys.readouterr().out


def test_a_changed_paragraph_becomes_fuzzy_and_the_build_names_it(project, capsys, tmp_path):
    page = project.docs / "index.rst"
    page.write_text(page.read_text().replace("Every pair is written in two cells.",
                                             "Every pair is written in two different cells."))
    out = run(project, capsys)
    path, messages = catalog(project)
    changed = messages["Every pair is written in two different cells."]
    assert changed.fuzzy  # the old translation kept as a starting point, flagged
    assert "Every pair is written in two cells." not in messages
    assert messages[CAPTION].string == TRANSLATIONS[CAPTION] and not messages[CAPTION].fuzzy
    assert (f"index.po:{changed.lineno}: fuzzy 'Every pair is written in two different cells.'\n"
            in out)  # an edit: no "copied from" another message
    with pytest.raises(BuildError) as error:
        check_translations(project, tmp_path / "again")
    assert (f"index.po:{changed.lineno}: fuzzy translation of "
            "'Every pair is written in two different cells.'") in str(error.value)


def test_a_new_paragraph_is_added_untranslated_and_a_removed_one_is_obsolete(project, capsys,
                                                                          tmp_path):
    page = project.docs / "index.rst"
    page.write_text(page.read_text().replace("Every pair is written in two cells.",
                                             "Quantum moves come in twos, always.")
                    + "\nA brand new paragraph.\n")
    out = run(project, capsys)
    path, messages = catalog(project)
    assert messages["A brand new paragraph."].string == ""
    assert not messages["A brand new paragraph."].fuzzy
    assert "Every pair is written in two cells." not in messages
    assert "#~ msgid \"Every pair is written in two cells.\"" in path.read_text(encoding="utf-8")
    assert "obsolete 'Every pair is written in two cells.'" in out
    with pytest.raises(BuildError, match="untranslated 'A brand new paragraph.'"):
        check_translations(project, tmp_path / "again")


def test_a_page_that_only_lost_a_paragraph_has_its_catalog_rewritten(project, capsys,
                                                                   tmp_path):
    """Nothing new, one paragraph gone: its entry is kept as an obsolete #~ entry (not a
    live one), the report names it, and the catalog still passes the build's check."""
    page = project.docs / "index.rst"
    page.write_text(page.read_text().replace("Every pair is written in two cells.", ""))
    out = run(project, capsys)
    path, messages = catalog(project)
    assert "Every pair is written in two cells." not in messages
    assert "#~ msgid \"Every pair is written in two cells.\"" in path.read_text(encoding="utf-8")
    assert "obsolete 'Every pair is written in two cells.'" in out
    check_translations(project, tmp_path / "again")


def test_a_new_paragraph_close_to_another_says_whose_translation_it_was_given(project, capsys):
    page = project.docs / "index.rst"
    page.write_text(page.read_text() + "\nEvery pair is written in two cells, always.\n")
    out = run(project, capsys)
    path, messages = catalog(project)
    new = messages["Every pair is written in two cells, always."]
    assert new.fuzzy and new.string == TRANSLATIONS["Every pair is written in two cells."]
    assert not messages["Every pair is written in two cells."].fuzzy  # the other one untouched
    assert (f"index.po:{new.lineno}: fuzzy 'Every pair is written in two cells, always.' "
            "(its translation is copied from 'Every pair is written in two cells.': "
            "rewrite it)") in out
    assert "1 new, 0 obsolete" in out


def test_an_updated_catalog_keeps_its_header_date(project, capsys):
    """Only the messages change: two branches that each translate a new paragraph of
    the same page must not conflict on the header's date."""
    path, _ = catalog(project)
    page = project.docs / "index.rst"
    page.write_text(page.read_text() + "\nA brand new paragraph.\n")
    run(project, capsys)
    old = "POT-Creation-Date: 2020-01-02 03:04+0000"
    text, count = re.subn(r"POT-Creation-Date: [^\\]*", old, path.read_text(encoding="utf-8"))
    assert count == 1
    path.write_text(text, encoding="utf-8")
    page.write_text(page.read_text() + "\nAnother new paragraph.\n")
    run(project, capsys)
    text = path.read_text(encoding="utf-8")
    assert 'msgid "Another new paragraph."' in text and old in text


def test_an_up_to_date_catalog_is_not_rewritten(project, capsys):
    path, _ = catalog(project)
    before = path.read_bytes()
    out = run(project, capsys)
    assert path.read_bytes() == before
    assert out.strip().endswith("0 of 1 catalogs updated; 0 messages to translate.")


def test_a_catalog_holding_obsolete_entries_is_up_to_date_on_the_next_run(project, capsys):
    """An obsolete entry is reported once, when its paragraph goes: the next run finds
    the catalog up to date, names no obsolete entry again and rewrites nothing."""
    page = project.docs / "index.rst"
    page.write_text(page.read_text().replace("Every pair is written in two cells.", ""))
    assert "obsolete 'Every pair is written in two cells.'" in run(project, capsys)
    path, _ = catalog(project)
    before = path.read_bytes()
    again = run(project, capsys)
    assert "obsolete '" not in again and path.read_bytes() == before
    assert again.strip().endswith("0 of 1 catalogs updated; 0 messages to translate.")


def test_a_missing_catalog_is_created_and_its_messages_listed(project, capsys, tmp_path):
    path, _ = catalog(project)
    path.unlink()
    with pytest.raises(BuildError, match=r"missing catalog for index \(run: rulebook translate\)"):
        check_translations(project, tmp_path / "before")
    out = run(project, capsys)
    _, messages = catalog(project)
    assert set(messages) == {*TRANSLATIONS} and not any(m.string for m in messages.values())
    assert "index.po: created, 4 messages" in out


def test_a_broken_catalog_is_reported_with_its_line_and_left_alone(project, capsys):
    path, _ = catalog(project)
    broken = path.read_text(encoding="utf-8").replace('msgstr "輪"', 'msgstr "輪')
    path.write_text(broken, encoding="utf-8")
    assert main(["translate", "--project", str(project.root)]) == 2
    line = broken.splitlines().index('msgstr "輪') + 1
    assert f"index.po:{line}: unterminated" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == broken


def test_a_page_in_a_subfolder_has_its_own_catalog_in_that_subfolder(project, capsys):
    """docs/play/cycles.rst's messages go to LC_MESSAGES/play/cycles.po (as the play pages'
    catalogs), not into another page's catalog."""
    page = project.docs / "index.rst"
    page.write_text(page.read_text() + "\n.. toctree::\n\n   play/cycles\n", encoding="utf-8")
    (project.docs / "play").mkdir()
    (project.docs / "play" / "cycles.rst").write_text(
        "Play cycles\n===========\n\nTap two cells to write a pair.\n", encoding="utf-8")
    (project.docs / "cycles.rst").write_text("Cycles too\n==========\n\nAnother page.\n",
                                             encoding="utf-8")  # a page of the same name
    page.write_text(page.read_text() + "   cycles\n", encoding="utf-8")
    run(project, capsys)
    folder = project.docs / "locale" / "ja" / "LC_MESSAGES"
    ids = {path.relative_to(folder).as_posix(): {m.id for m in read_po(path.open("rb")) if m.id}
           for path in folder.rglob("*.po")}
    assert ids["play/cycles.po"] == {"Play cycles", "Tap two cells to write a pair."}
    assert ids["cycles.po"] == {"Cycles too", "Another page."}
    assert "Tap two cells to write a pair." not in ids["index.po"]


def test_the_report_names_only_the_catalogs_that_changed_and_each_message_whole_to_60(tmp_path):
    """``rulebook translate``'s report, line by line, for catalogs in every state: a
    line per catalog created or changed and none for one up to date (even one with
    messages still to translate, which are listed); a message quoted whole up to 60
    characters (blanks run together), cut to 57 and "..." beyond."""
    from rulebook.translate import CatalogUpdate, report_lines

    sixty, sixty_one = "x" * 58 + " y", "x" * 59 + " y"
    updates = [CatalogUpdate(tmp_path / "same.po", todo=[(7, "untranslated", sixty)]),
               CatalogUpdate(tmp_path / "new.po", created=True, added=2,
                             todo=[(5, "untranslated", "One\n  cell.")]),
               CatalogUpdate(tmp_path / "edited.po", added=2, obsolete=["Old."],  # new: 2 of
                             todo=[(9, "fuzzy", sixty_one), (12, "untranslated", "Two."),
                                   (14, "untranslated", "Three.")],  # the 3 to translate
                             guessed_from={sixty_one: "Old."}),
               CatalogUpdate(tmp_path / "quiet.po")]
    assert report_lines(updates, tmp_path) == [
        f"same.po:7: untranslated '{sixty}'",
        "new.po: created, 2 messages",
        "new.po:5: untranslated 'One cell.'",
        "edited.po: 2 new, 1 obsolete",
        "edited.po: obsolete 'Old.' (kept as a #~ entry)",
        f"edited.po:9: fuzzy '{sixty_one[:57]}...' (its translation is copied from 'Old.': "
        "rewrite it)",
        "edited.po:12: untranslated 'Two.'",
        "edited.po:14: untranslated 'Three.'",
        "2 of 4 catalogs updated; 5 messages to translate (translate them, and remove each "
        "fuzzy flag once the translation is right)"]


@pytest.mark.parametrize("fresh", [True, False])
def test_a_check_into_the_same_folder_reads_the_pages_again(project, tmp_path, fresh):
    """The check that ``rulebook serve`` repeats into one folder after each edit: a page
    changed since the last check is read again (``fresh=False``: that page alone),
    so its new paragraph is found untranslated, and its translation then passes."""
    check_translations(project, tmp_path / "staging", fresh=fresh)  # the same folder again
    page = project.docs / "index.rst"
    page.write_text(page.read_text() + "\nA paragraph written since.\n")
    with pytest.raises(BuildError, match="'A paragraph written since.'"):
        check_translations(project, tmp_path / "staging", fresh=fresh)
    path, _ = catalog(project)
    path.write_text(path.read_text(encoding="utf-8") + '\nmsgid "A paragraph written since."\n'
                    'msgstr "その後に書いた段落。"\n', encoding="utf-8")
    check_translations(project, tmp_path / "staging", fresh=fresh)
