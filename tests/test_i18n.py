"""Translations: every message of every page translated, none fuzzy, none stale.

Sphinx falls back to English silently; these checks (and the build) don't."""

from __future__ import annotations

import textwrap

from rulebook.build import Project, _sphinx
from rulebook.i18n import catalog_problems

from conftest import ROOT

POT = '''\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Moves"
msgstr ""

msgid "Winning"
msgstr ""
'''


def write_catalogs(tmp_path, po_body):
    pot_dir = tmp_path / "pot"
    pot_dir.mkdir()
    (pot_dir / "page.pot").write_text(POT, encoding="utf-8")
    po_dir = tmp_path / "locale" / "ja" / "LC_MESSAGES"
    po_dir.mkdir(parents=True)
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    (po_dir / "page.po").write_text(header + textwrap.dedent(po_body), encoding="utf-8")
    return catalog_problems(pot_dir, tmp_path / "locale", "ja")


def test_complete_catalog_has_no_problems(tmp_path):
    assert write_catalogs(tmp_path, '''\
        msgid "Moves"
        msgstr "手番"

        msgid "Winning"
        msgstr "勝ち方"
    ''') == []


def test_untranslated_fuzzy_stale_and_obsolete_are_all_reported(tmp_path):
    problems = write_catalogs(tmp_path, '''\
        #, fuzzy
        msgid "Moves"
        msgstr "手"

        msgid "Scoring"
        msgstr "得点"

        #~ msgid "Old text"
        #~ msgstr "古い"
    ''')
    assert any("fuzzy translation of 'Moves'" in p for p in problems)
    assert any("stale catalog, no entry for 'Winning'" in p for p in problems)
    assert any("obsolete entry 'Scoring'" in p for p in problems)
    assert not any("Old text" in p for p in problems)  # marked obsolete: ignored
    assert len(problems) == 3


def test_empty_translation_is_reported(tmp_path):
    problems = write_catalogs(tmp_path, '''\
        msgid "Moves"
        msgstr ""

        msgid "Winning"
        msgstr "勝ち方"
    ''')
    assert len(problems) == 1 and "untranslated 'Moves'" in problems[0]


def test_missing_catalog_is_reported(tmp_path):
    (tmp_path / "pot").mkdir()
    (tmp_path / "pot" / "page.pot").write_text(POT, encoding="utf-8")
    problems = catalog_problems(tmp_path / "pot", tmp_path / "locale", "ja")
    assert len(problems) == 1 and "missing catalog" in problems[0]


def test_the_projects_catalogs_are_complete(tmp_path):
    project = Project(ROOT)
    _sphinx(project, "gettext", "en", tmp_path / "pot", tmp_path / "doctrees",
            tmp_path / "figures", fresh=True)
    assert list((tmp_path / "pot").glob("*.pot"))
    assert catalog_problems(tmp_path / "pot", ROOT / "docs" / "locale", "ja") == []
