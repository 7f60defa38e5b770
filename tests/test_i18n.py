"""Translations: every message of every page translated, none fuzzy, none stale.

Sphinx falls back to English silently; these checks (and the build) don't."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.build import Project, _sphinx
from rulebook.i18n import catalog_problems

from conftest import ROOT
from small_project import PO_HEADER, make_project, write_po

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


# The translation gate: claims, strict reading, the glossary.

def claim_catalogs(tmp_path, source, translation, comment="", glossary=None):
    """A one-message template and its catalog; the problems found in them."""
    pot_dir, po_dir = tmp_path / "pot", tmp_path / "locale" / "ja" / "LC_MESSAGES"
    pot_dir.mkdir(parents=True)
    po_dir.mkdir(parents=True)
    entry = 'msgid "{}"\nmsgstr "{}"\n'
    (pot_dir / "page.pot").write_text(PO_HEADER + entry.format(source, ""), encoding="utf-8")
    (po_dir / "page.po").write_text(PO_HEADER + comment + entry.format(source, translation),
                                    encoding="utf-8")
    for name, text in (glossary or {}).items():
        folder = tmp_path / "locale" / "ja" / "glossary"
        folder.mkdir(exist_ok=True)
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return catalog_problems(pot_dir, tmp_path / "locale", "ja")


SOURCE = "After :claim:`moves` moves, :claim:`pairs` pairs; :claim:`chooser` chooses."
SAME = "\\\\ :claim:`moves`\\\\ 手で\\\\ :claim:`pairs`\\\\ 組、\\\\ :claim:`chooser`\\\\ が選びます。"
PO_LINE = r"locale/ja/LC_MESSAGES/page\.po:5: 'After :claim:`moves` moves, "


@pytest.mark.parametrize("translation, found", [
    ("\\\\ :claim:`moves`\\\\ 手で\\\\ :claim:`pairs`\\\\ 組、Oが選びます。", r"\[moves, pairs\]"),
    ("\\\\ :claim:`pairs`\\\\ 組、\\\\ :claim:`moves`\\\\ 手で\\\\ :claim:`chooser`\\\\ が選びます。",
     r"\[pairs, moves, chooser\]"),
    ("\\\\ :claim:`moves`\\\\ 手で4組、\\\\ :claim:`chooser`\\\\ が選びます。", r"\[moves, chooser\]"),
], ids=["dropped", "swapped", "hard-coded"])
def test_a_translation_must_keep_its_sources_claims_in_order(tmp_path, translation, found):
    problems = claim_catalogs(tmp_path / "bad", SOURCE, translation)
    assert len(problems) == 1
    assert re.search(PO_LINE + r".*claims " + found + r" in the translation, "
                     r"\[moves, pairs, chooser\] in the source", problems[0])
    assert claim_catalogs(tmp_path / "good", SOURCE, SAME) == []


def test_claims_reordered_allows_another_order_but_not_another_set(tmp_path):
    swapped = "\\\\ :claim:`pairs`\\\\ 組、\\\\ :claim:`moves`\\\\ 手で\\\\ :claim:`chooser`\\\\ が選びます。"
    dropped = "\\\\ :claim:`pairs`\\\\ 組、\\\\ :claim:`moves`\\\\ 手でOが選びます。"
    comment = "# claims-reordered\n"
    assert claim_catalogs(tmp_path / "a", SOURCE, swapped, comment) == []
    assert "claims [pairs, moves]" in claim_catalogs(tmp_path / "b", SOURCE, dropped, comment)[0]
    assert "remove the comment" in claim_catalogs(tmp_path / "c", SOURCE, SAME, comment)[0]


@pytest.mark.parametrize("body, line, message", [
    ('msgid "Moves"\nmsgstr "手番\n\nmsgid "Winning"\nmsgstr "勝ち方"\n', 6,
     "unterminated or malformed string"),
    ('msgid "Moves"\nmsgstr "手番"\nmsgstr "手"\n', 7, "msgstr cannot follow msgstr"),
    ('msgid "Moves"\nmsgstr "手番" and more\n', 6, "unterminated or malformed string"),
    ('msgid "Moves"\nmsgstr "手番"\n\nmsgid "Moves"\nmsgstr "手"\n', 8,
     "a second entry for the same msgid"),
], ids=["unterminated", "two-msgstr", "junk", "duplicate"])
def test_a_malformed_catalog_is_one_line_naming_file_and_line(tmp_path, body, line, message):
    problems = write_catalogs(tmp_path, body)
    assert len(problems) == 1 and "\n" not in problems[0]
    assert problems[0].startswith(f"{tmp_path}/locale/ja/LC_MESSAGES/page.po:{line}: {message}")


def test_a_catalog_that_is_not_utf8_is_one_line_naming_file_and_line(tmp_path):
    write_catalogs(tmp_path, 'msgid "Moves"\nmsgstr "手番"\n\nmsgid "Winning"\nmsgstr "勝ち方"\n')
    po = tmp_path / "locale" / "ja" / "LC_MESSAGES" / "page.po"
    po.write_bytes(po.read_bytes().replace("勝ち方".encode(), "勝ち方".encode("shift_jis")))
    problems = catalog_problems(tmp_path / "pot", tmp_path / "locale", "ja")
    assert problems == [f"{po}:9: not UTF-8 (byte 0x8f); save the catalog as UTF-8"]


GLOSSARY = '''\
[[term]]
en = "You need (info box)"
ja = "必要な道具"
avoid = ["用意するもの", "必要なもの"]
'''


def test_an_avoided_glossary_variant_fails_naming_the_term_to_use(tmp_path):
    bad = claim_catalogs(tmp_path / "bad", "You need", "用意するもの", glossary={"common": GLOSSARY})
    assert len(bad) == 1
    assert re.search(r"page\.po:5: '用意するもの' in the translation of 'You need': say "
                     r"'必要な道具' for 'You need \(info box\)' \(glossary .*common\.toml:1\)", bad[0])
    assert claim_catalogs(tmp_path / "good", "You need", "必要な道具",
                          glossary={"common": GLOSSARY}) == []


def test_a_pages_own_glossary_applies_to_that_page(tmp_path):
    own = '[[term]]\nen = "opposite edges"\nja = "対辺"\navoid = ["2辺"]\n'
    bad = claim_catalogs(tmp_path / "bad", "Join opposite edges.", "2辺をつなぐ。",
                         glossary={"common": GLOSSARY, "page": own})
    assert len(bad) == 1 and "say '対辺' for 'opposite edges' (glossary" in bad[0]
    other = claim_catalogs(tmp_path / "other", "Join opposite edges.", "2辺をつなぐ。",
                           glossary={"common": GLOSSARY, "another-page": own})
    assert other == []


@pytest.mark.parametrize("translation, fault", [
    ("八種類のタイルがあります。", "八種類: write 8種類"),
    ("盤が六面。", "六面: write 6面"),
    ("十二枚のタイル。", "十二枚: write 12枚"),
    ("一手目に置きます。", "一手: write 1手"),  # an ordinal, as 2手目
    ("二手目に置きます。", "二手: write 2手"),
])
def test_a_japanese_count_in_kanji_numerals_fails_with_its_arabic_form(tmp_path, translation, fault):
    """One numeral style: counts and ordinals in Arabic digits, so that a caption's
    numbers are all ones the caption gate sees (a kanji count would slip past it)."""
    bad = claim_catalogs(tmp_path / "bad", "Some tiles.", translation)
    assert len(bad) == 1 and "\n" not in bad[0]
    assert re.search(r"page\.po:5: 'Some tiles\.': " + re.escape(fault)
                     + r" \(counts in Arabic numerals: one numeral style\)", bad[0]), bad[0]


@pytest.mark.parametrize("translation, fault", [
    ("輪を閉じな\\\\ **かった**\\\\ 側が選びます。", "な**かった**: the emphasis starts inside a word"),
    ("組は\\\\ *もつれ*\\\\ ています。", "*もつれ*て: the emphasis ends inside a word"),
])
def test_a_japanese_emphasis_that_cuts_a_word_fails(tmp_path, translation, fault):
    bad = claim_catalogs(tmp_path / "bad", "Some *words*.", translation)
    assert len(bad) == 1 and "\n" not in bad[0]
    assert re.search(r"page\.po:5: 'Some \*words\*\.': " + re.escape(fault)
                     + r" \(emphasise whole words\)", bad[0]), bad[0]


@pytest.mark.parametrize("before, kind", [("閉", "kanji"), ("ネ", "katakana"), ("な", "hiragana")])
def test_an_emphasis_starting_with_hiragana_after_any_word_s_character_cuts_the_word(before, kind):
    """A word of Japanese is written in kanji, katakana and hiragana together: an
    emphasis that starts with hiragana right after any of them (not a particle) cuts
    a word (閉**じた**, ネ**じれ**, な**かった**); after a particle or a space it does not."""
    from rulebook.i18n import emphasis_problems

    assert emphasis_problems(f"輪を{before}**じた**側") == [
        f"{before}**じた**: the emphasis starts inside a word"], kind
    for free in ("を", "が", " "):
        assert emphasis_problems(f"輪{free}**じた**側") == [], free


# characters of each kind a Japanese sentence mixes: hiragana (the particles among
# them), kanji, katakana, a space and punctuation
JAPANESE_CHARACTERS = "じたっなりをがにの閉輪側ネジレ 。、"


@settings(max_examples=300, deadline=None)
@given(st.text(JAPANESE_CHARACTERS, max_size=3), st.text(JAPANESE_CHARACTERS.strip(" 。、"),
       min_size=1, max_size=3), st.text(JAPANESE_CHARACTERS, max_size=3),
       st.sampled_from(["*", "**"]))
def test_an_emphasis_cuts_a_word_exactly_where_its_neighbours_say(before, inside, after, stars):
    """One emphasis in a sentence, anywhere (at its start and its end too): it starts
    inside a word where it begins with hiragana right after a word's character that is
    not a particle; else it ends inside one where it ends with hiragana right before
    hiragana that is not a particle; nothing stands before the sentence's start or
    after its end."""
    from rulebook.i18n import emphasis_problems

    def word(char):
        return char not in " 。、"

    def hiragana(char):
        return char in "じたっなりをがにの"

    particles = "をがにの"
    span = f"{stars}{inside}{stars}"
    if hiragana(inside[0]) and before and word(before[-1]) and before[-1] not in particles:
        expected = [f"{before[-1]}{span}: the emphasis starts inside a word"]
    elif hiragana(inside[-1]) and after and hiragana(after[0]) and after[0] not in particles:
        expected = [f"{span}{after[0]}: the emphasis ends inside a word"]
    else:
        expected = []
    assert emphasis_problems(f"{before}{span}{after}") == expected


@pytest.mark.parametrize("translation", [
    "輪を\\\\ **閉じなかった**\\\\ 側が選びます。", "組は\\\\ *もつれ*\\\\ の状態にあります。",
    "閉じた\\\\ *輪*\\\\ が収縮します。", "\\\\ *確定*\\\\ します。"])
def test_a_japanese_emphasis_of_whole_words_passes(tmp_path, translation):
    assert claim_catalogs(tmp_path / "good", "Some *words*.", translation) == []


@pytest.mark.parametrize("translation", [
    "8種類のタイルがあります。", "一つ、二つ、三つ。", "一手ごとに置きます。", "一局を指します。",
    "三回ねじれ結び目です。", "三目並べのように。", "百のワーカー。"])
def test_counting_with_tsu_a_as_ichi_and_names_keep_their_kanji(tmp_path, translation):
    assert claim_catalogs(tmp_path / "good", "Some tiles.", translation) == []


@pytest.mark.parametrize("text, line, message", [
    ('[[term]]\nen = "You need"\nja = "必要な道具"\navoid = ["用意するもの"\n', 4, "Unclosed array"),
    ('[[term]]\nen = "You need"\nja = "必要な道具"\navod = ["用意するもの"]\n', 1,
     "term 'You need': unknown key 'avod'"),
    ('[[term]]\nen = "Players"\nja = "人数"\navoid = []\n\n[[term]]\nen = "You need"\navoid = ["x"]\n', 6,
     "term 'You need': ja is missing or empty"),
    ('[[term]]\nen = "You need"\nja = "必要な道具"\navoid = "用意するもの"\n', 1,
     "term 'You need': avoid must be a list"),
    ('[[term]]\nen = "Players"\nja = "人数"\n', 1, "term 'Players': avoid is missing"),
])
def test_a_malformed_glossary_is_one_line_naming_file_and_line(tmp_path, text, line, message):
    problems = claim_catalogs(tmp_path, "You need", "必要な道具", glossary={"common": text})
    assert len(problems) == 1 and "\n" not in problems[0]
    assert problems[0].startswith(f"{tmp_path}/locale/ja/glossary/common.toml:{line}: {message}")


def test_the_build_reports_a_swapped_claim_in_a_small_project(tmp_path, monkeypatch):
    from rulebook.build import BuildError, check_translations

    monkeypatch.chdir(tmp_path)  # the check writes nothing outside its staging folder

    caption = "The cycle links :claim:`pairs` pairs, so :claim:`chooser` chooses."
    project = make_project(tmp_path / "project", caption, translations={
        "Cycles": "輪", "Pairs of marks form a cycle.": "マークの組が輪になる。",
        caption: "\\ :claim:`chooser`\\ が選ぶ輪は\\ :claim:`pairs`\\ 組をつなぎます。"})
    with pytest.raises(BuildError) as error:
        check_translations(project, tmp_path / "staging")
    assert re.fullmatch(r"docs/locale/ja/LC_MESSAGES/index\.po:\d+: 'The cycle links :claim:`pairs` "
                        r"pairs, so :claim:`chooser`\.\.\.': claims \[chooser, pairs\] in the "
                        r"translation, \[pairs, chooser\] in the source: .*", str(error.value))
    (project.docs / "locale" / "ja" / "glossary").mkdir()
    (project.docs / "locale" / "ja" / "glossary" / "common.toml").write_text(
        '[[term]]\nen = "cycle"\nja = "輪"\navoid = ["選ぶ"]\n', encoding="utf-8")
    with pytest.raises(BuildError) as error:  # two problems: two lines
        check_translations(project, tmp_path / "staging")
    lines = str(error.value).split("\n")
    assert len(lines) == 2 and "claims [chooser, pairs]" in lines[0], lines
    assert lines[1].startswith("docs/locale/ja/LC_MESSAGES/index.po:") and "'選ぶ'" in lines[1]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["project", "staging"]


def test_the_stale_catalog_hint_is_a_command_that_works(tmp_path):
    """Run the command the message prints, from the project root, as an author would;
    it keeps the translator comment that allows claims in another order."""
    caption = "The cycle links :claim:`pairs` pairs, so :claim:`chooser` chooses."
    reordered = "\\ :claim:`chooser`\\ が選ぶ輪は\\ :claim:`pairs`\\ 組をつなぎます。"
    project = make_project(tmp_path / "project", caption)
    write_po(project.root, {"Cycles": "輪", caption: reordered},
             comments={caption: "# claims-reordered\n"})
    project.docs.joinpath("index.rst").write_text(
        project.docs.joinpath("index.rst").read_text() + "\nA new paragraph.\n")
    pot = tmp_path / "pot"
    _sphinx(project, "gettext", "en", pot, tmp_path / "doctrees", tmp_path / "figs", fresh=True)
    problems = catalog_problems(pot, project.docs / "locale", "ja")
    stale = [p for p in problems if "stale catalog, no entry for 'A new paragraph.'" in p]
    command = re.search(r"\(run: (.*)\)$", stale[0]).group(1)
    bin_dir = Path(sys.executable).parent
    for step in command.split(" && "):
        program, *args = shlex.split(step)
        subprocess.run([str(bin_dir / program), *args], cwd=project.root, check=True,
                       capture_output=True)
    po = project.docs / "locale" / "ja" / "LC_MESSAGES" / "index.po"
    updated = po.read_text(encoding="utf-8")
    assert 'msgid "A new paragraph."' in updated
    assert '# claims-reordered\nmsgid "The cycle links' in updated


# The strict PO reader, on its own: each error is one exact line; valid forms pass.

def po_error(text: str) -> str | None:
    from rulebook.i18n import CatalogError, check_po_syntax

    try:
        check_po_syntax(Path("x.po"), text.encode())
    except CatalogError as error:
        return str(error)
    return None


@pytest.mark.parametrize("text, message", [
    ('"orphan"\n', "x.po:1: a string outside any entry"),
    ('msgstr "b"\n', "x.po:1: msgstr cannot follow the start of the file"),
    ('msgid "a"\nmsgstr "b"\nmsgid_plural "as"\n', "x.po:3: msgid_plural cannot follow msgstr"),
    ('msgid "a"\nmsgstr "b"\n\n# note\nmsgid "c"\nfoo bar\n',
     "x.po:6: cannot read 'foo bar': expected a comment, msgid, msgstr or a quoted string"),
    ('msgid "a"\nmsgstr "b"\nThis line is far longer than forty characters, so it is cut.\n',
     "x.po:3: cannot read 'This line is far longer than forty chara': expected a comment, "
     "msgid, msgstr or a quoted string"),
    ('msgid "a"\nmsgstr ""\n"unterminated continuation of a msgstr that goes on\n',
     "x.po:3: unterminated or malformed string '\"unterminated continuation of a msgstr t': "
     "no closing quote"),
    ('msgid "a"\nmsgstr "an unterminated msgstr that goes on and on\n',
     "x.po:2: unterminated or malformed string 'msgstr \"an unterminated msgstr that goes': "
     "no closing quote"),
    ('msgid "a"\nmsgstr "\\ :claim:`x`\\ です"\n',
     "x.po:2: unterminated or malformed string 'msgstr \"\\\\ :claim:`x`\\\\ です\"': invalid escape "
     "'\\ ' at column 9 (in a catalog, the escaped space before inline markup is written "
     "'\\\\ ')"),
    ('msgid "a"\nmsgstr "a "quoted" word"\n',
     "x.po:2: unterminated or malformed string 'msgstr \"a \"quoted\" word\"': text after the "
     "closing quote (a quote inside a string is written '\\\"')"),
    ('msgid "a"\nmsgstr b\n',
     "x.po:2: unterminated or malformed string 'msgstr b': no opening quote"),
    ('msgid "a"\nmsgstr "tab\\t, hex \\x41 then \\q"\n',  # the valid escapes are skipped
     "x.po:2: unterminated or malformed string 'msgstr \"tab\\\\t, hex \\\\x41 then \\\\q\"': "
     "invalid escape '\\q' at column 30"),
    ('msgid "a"\nmsgstr "abc" d\n',
     "x.po:2: unterminated or malformed string 'msgstr \"abc\" d': text after the closing quote "
     "(a quote inside a string is written '\\\"')"),
    ('msgid "a"\nmsgstr[0] "b"\nmsgstr "c"\n', "x.po:3: msgstr cannot follow msgstr"),
    ('msgid "a"\nmsgstr "b"\n\nmsgid "c"\n', "x.po:4: the last entry has no msgstr"),
    ('msgctxt "k"\nmsgid "a"\nmsgstr "x"\n\nmsgctxt "k"\nmsgid "a"\nmsgstr "y"\n',
     "x.po:5: a second entry for the same msgid (the first is at line 1)"),
    ('msgid ""\n"one "\n"two"\nmsgstr "x"\n\nmsgid ""\n"one "\n"two"\nmsgstr "y"\n',
     "x.po:6: a second entry for the same msgid (the first is at line 1)"),
], ids=["orphan-string", "msgstr-first", "plural-late", "junk", "junk-cut", "string-cut",
        "msgstr-cut", "single-backslash-space", "inner-quote", "no-opening-quote",
        "bad-escape-after-good-ones", "after-closing-quote", "msgstr-after-plural", "no-msgstr", "same-context", "same-lines"])
def test_each_po_syntax_error_is_one_exact_line(text, message):
    assert po_error(text) == message


@pytest.mark.parametrize("text", [
    "",
    "# only a comment\n",
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ja\\n"\n',
    'msgid "mark"\nmsgid_plural "marks"\nmsgstr[0] "a"\nmsgstr[1] "b"\n\nmsgid "c"\nmsgstr "d"\n',
    'msgctxt "one"\nmsgid "a"\nmsgstr "x"\n\nmsgctxt "two"\nmsgid "a"\nmsgstr "y"\n'
    '\nmsgid "a"\nmsgstr "z"\n',
    'msgid ""\n"a "\n"same"\nmsgstr "x"\n\nmsgid ""\n"b "\n"same"\nmsgstr "y"\n',
    'msgid "a"\nmsgstr ""\n"same"\n\nmsgid "b"\nmsgstr ""\n"same"\n',
    'msgid "tab\\t, quote\\", octal \\101, hex \\x41"\nmsgstr "ok"\n',
    'msgctxt ""\n"one"\nmsgid "a"\nmsgstr "x"\n\nmsgctxt ""\n"two"\nmsgid "a"\nmsgstr "y"\n',
], ids=["empty", "comment", "header", "plural", "contexts", "continued-ids",
        "continued-strs", "escapes", "continued-contexts"])
def test_valid_po_forms_pass_the_strict_reader(text):
    assert po_error(text) is None


# The translation gate's messages, exactly: one line each, naming file and line.

SHORT_SOURCE = "'After :claim:`moves` moves, :claim:`pairs` pairs; :claim:...'"  # cut at 57 + ...


@pytest.mark.parametrize("translation, comment, problem", [
    ("\\\\ :claim:`moves`\\\\ 手で\\\\ :claim:`pairs`\\\\ 組。", "",
     "claims [moves, pairs] in the translation, [moves, pairs, chooser] in the source: use the "
     "same claims in the same order (a typed value is never checked; mark a needed reordering "
     "with # claims-reordered)"),
    ("3手で4組、Oが選びます。", "",
     "claims none in the translation, [moves, pairs, chooser] in the source: use the same claims "
     "in the same order (a typed value is never checked; mark a needed reordering with "
     "# claims-reordered)"),
    ("\\\\ :claim:`pairs`\\\\ 組、\\\\ :claim:`moves`\\\\ 手。", "# claims-reordered\n",
     "claims [pairs, moves] in the translation, [moves, pairs, chooser] in the source: use the "
     "same claims (a typed value is never checked)"),
    (SAME, "# claims-reordered\n",
     "'# claims-reordered' but the claims are in the source's order: remove the comment"),
], ids=["dropped", "none", "reordered-dropped", "reordered-needlessly"])
def test_each_claim_problem_is_one_exact_line(tmp_path, translation, comment, problem):
    problems = claim_catalogs(tmp_path, SOURCE, translation, comment)
    po = tmp_path / "locale" / "ja" / "LC_MESSAGES" / "page.po"
    line = 6 if comment else 5
    assert problems == [f"{po}:{line}: {SHORT_SOURCE}: {problem}"]


def test_untranslated_plural_and_long_messages_are_named_in_short(tmp_path):
    sixty = "Sixty characters exactly, this sentence is just long enough."
    longer = sixty + " And more."
    pot_dir, po_dir = tmp_path / "pot", tmp_path / "locale" / "ja" / "LC_MESSAGES"
    pot_dir.mkdir(parents=True)
    po_dir.mkdir(parents=True)
    template = (f'msgid "{sixty}"\nmsgstr ""\n\nmsgid "{longer}"\nmsgstr ""\n\n'
                'msgid "one mark"\nmsgid_plural "marks"\nmsgstr[0] ""\nmsgstr[1] ""\n\n'
                'msgid "one cell"\nmsgid_plural "cells"\nmsgstr[0] ""\nmsgstr[1] ""\n')
    (pot_dir / "page.pot").write_text(PO_HEADER + template, encoding="utf-8")
    catalog = (f'msgid "{sixty}"\nmsgstr ""\n\nmsgid "{longer}"\nmsgstr ""\n\n'
               'msgid "one mark"\nmsgid_plural "marks"\nmsgstr[0] "印"\nmsgstr[1] ""\n')
    po = po_dir / "page.po"
    po.write_text(PO_HEADER + catalog, encoding="utf-8")
    assert catalog_problems(pot_dir, tmp_path / "locale", "ja") == [
        f"{po}:5: untranslated '{sixty}'",
        f"{po}:8: untranslated 'Sixty characters exactly, this sentence is just long enou...'",
        f"{po}:11: untranslated 'one mark'",
        f"{po}: stale catalog, no entry for 'one cell' (run: rulebook translate)"]


VALID_TERM = '[[term]]\nen = "You need"\nja = "必要な道具"\navoid = ["用意するもの"]\n'


@pytest.mark.parametrize("text, line, problem", [
    (b'[[term]]\nen = "You need \xff"\n', None, "not UTF-8: invalid start byte"),
    ('[[term]]\nen = "You need\n', 2, "Illegal character '\\n'"),
    ('[[term]]\nen = "You need"\nja = ', 3, "Invalid value"),
    ('[[term]]\nen = "You need"\nja = "必要な道具"\navoid = ["用意するもの"\n', 4, "Unclosed array"),
    ('[[term]]\nen = "You need"\nen = "Need"\nja = "必要な道具"\navoid = []\n', 3,
     "Cannot overwrite a value"),
    ('title = "Glossary"\n' + VALID_TERM, None, "a glossary holds only [[term]] tables"),
    ('term = [1, 2]\n', None, "a glossary holds only [[term]] tables"),
    ('[[term]]\nja = "必要な道具"\navoid = []\n', 1, "term '?': en is missing or empty"),
    ('[[term]]\nen = "You need"\nja = "  "\navoid = []\n', 1,
     "term 'You need': ja is missing or empty"),
    ('[[term]]\nen = "You need"\nja = "必要な道具"\navod = []\n', 1,
     "term 'You need': unknown key 'avod' (keys: en, ja, avoid, note)"),
    ('[[term]]\nen = "You need"\nja = "必要な道具"\navoid = []\nnote = 5\n', 1,
     "term 'You need': note must be a str"),
    ('[[term]]\nen = "You need"\nja = "必要な道具"\navoid = [""]\n', 1,
     "term 'You need': every avoided variant must be a non-empty string"),
    ('[[term]]\nen = "You need"\nja = "必要な道具"\navoid = [1]\n', 1,
     "term 'You need': every avoided variant must be a non-empty string"),
    ('[[term]]\nen = "You need"\nja = "必要な道具"\navoid = ["必要な道具"]\n', 1,
     "term 'You need': avoids its own term '必要な道具'"),
    ('term = [{ en = "You need", ja = "必要な道具" }]\n', None,
     "term 'You need': avoid is missing (avoid = [] when there is no variant to avoid)"),
], ids=["not-utf8", "newline-in-string", "end-of-document", "unclosed", "twice", "other-key",
        "not-tables", "no-en", "blank-ja", "unknown-key", "wrong-type", "empty-variant",
        "variant-not-string", "avoids-itself", "inline-no-line"])
def test_each_glossary_problem_is_one_exact_line(tmp_path, text, line, problem):
    data = text if isinstance(text, bytes) else text.encode()
    folder = tmp_path / "locale" / "ja" / "glossary"
    folder.mkdir(parents=True)
    (folder / "common.toml").write_bytes(data)
    problems = claim_catalogs(tmp_path, "You need", "必要な道具")
    where = f"{folder / 'common.toml'}:{line}" if line else f"{folder / 'common.toml'}"
    assert problems == [f"{where}: {problem}"]


@pytest.mark.parametrize("glossary, where", [
    (VALID_TERM, ":1"), ("# no terms yet\n", None),
    ('term = [{ en = "You need", ja = "必要な道具", avoid = ["用意するもの"] }]\n', ""),
], ids=["table", "empty", "inline-table"])
def test_a_valid_glossary_reports_its_variants_only(tmp_path, glossary, where):
    good = claim_catalogs(tmp_path / "good", "You need", "必要な道具は用意済み",
                          glossary={"common": glossary})
    bad = claim_catalogs(tmp_path / "bad", "You need", "必要な道具と用意するもの",
                         glossary={"common": glossary})
    assert good == []
    if where is None:
        assert bad == []
    else:
        po = tmp_path / "bad" / "locale" / "ja" / "LC_MESSAGES" / "page.po"
        common = tmp_path / "bad" / "locale" / "ja" / "glossary" / "common.toml"
        assert bad == [f"{po}:5: '用意するもの' in the translation of 'You need': say '必要な道具' "
                       f"for 'You need' (glossary {common}{where})"]


def test_a_variant_inside_the_term_itself_is_not_reported(tmp_path):
    glossary = '[[term]]\nen = "You need"\nja = "必要な道具"\navoid = ["道具"]\n'
    assert claim_catalogs(tmp_path / "good", "You need", "必要な道具を揃える",
                          glossary={"common": glossary}) == []
    bad = claim_catalogs(tmp_path / "bad", "You need", "必要な道具と道具箱",
                         glossary={"common": glossary})
    assert len(bad) == 1 and "'道具' in the translation of 'You need'" in bad[0]


def test_every_kanji_numeral_under_ten_thousand_reads_as_its_number():
    """The numeral check's suggestion (十二種類: write 12種類) for every number from 1 to
    9,999, each written in kanji the usual way (no 一 before 十, 百 or 千)."""
    from rulebook.literals import arabic

    digits = dict(enumerate("一二三四五六七八九", start=1))

    def kanji(n):
        out = ""
        for value, sign in ((1000, "千"), (100, "百"), (10, "十")):
            count, n = divmod(n, value)
            out += (digits[count] if count > 1 else "") + sign if count else ""
        return out + (digits[n] if n else "")

    assert [kanji(n) for n in (8, 12, 205, 1010)] == ["八", "十二", "二百五", "千十"]
    assert [n for n in range(1, 10000) if arabic(kanji(n)) != str(n)] == []


# Words the catalogues write after an Arabic number that are no count a kanji numeral
# could slip into: 十分 is "enough", 一度 "once", years and ratios are names and parts,
# 以上 and 未満 bound a number, 分割 and 等分 are verbs, loanword units are not counted in
# kanji; each checked to be met, so that the list stays what the catalogues write.
NOT_COUNTS = ("分", "年", "度", "次", "割", "以上", "以下", "未満", "以外", "分割", "等分", "進数",
              "程度", "兆分", "度未", "分半", "項目", "時間", "巡")


def test_every_counter_the_catalogues_write_after_a_digit_is_refused_after_a_kanji_numeral():
    """The numeral style, derived from what the project writes: every counter the
    Japanese catalogues put after an Arabic number (5マス, 2局, 3手目), written after a
    kanji numeral instead (五マス), is refused by the check, which names its Arabic form."""
    from collections import Counter

    from rulebook.i18n import read_catalog
    from rulebook.literals import numeral_problems

    written = Counter()
    for path in (Path(__file__).resolve().parents[1] / "docs" / "locale" / "ja").rglob("*.po"):
        for message in read_catalog(path):
            for match in re.finditer(r"(?<![A-Za-z\d_.])\d+([\u4e00-\u9fff]{1,2}|[\u30a0-\u30fc]+)",
                                     message.string):
                written[match.group(1)] += 1
    counters = [word for word in written if word not in NOT_COUNTS
                and re.fullmatch(r"[\u4e00-\u9fff]+|マス", word)]
    assert {"マス", "局", "手目", "本", "個"} <= set(counters), sorted(written)
    assert set(NOT_COUNTS) <= set(written), set(NOT_COUNTS) - set(written)
    found = {word: numeral_problems(f"五{word}") for word in counters}
    missed = {word: problems for word, problems in found.items()
              if len(problems) != 1 or not re.fullmatch(r"五(\S+): write 5\1", problems[0])}
    assert missed == {}, missed


def _word_on_a_page(words):
    from rulebook.games import make_game
    from rulebook.sphinxext.transforms import _word

    return _word("cycle", make_game("qttt"), "ja", words)


def _word_in_a_study(words):
    from rulebook.studies.present import _translated

    return _translated("cycle", words, "qttt")


def _word_in_the_errata(words, monkeypatch=None):
    from types import SimpleNamespace

    import rulebook.i18n
    from rulebook.diff.report import claim_values

    monkeypatch.setattr(rulebook.i18n, "claim_words", lambda locale, lang: words)
    side = SimpleNamespace(root=Path("."), snapshot={"records": {
        "qttt/x": {"game": "qttt", "claims": [{"id": "c", "expect": "cycle"}]}}})
    return claim_values(side, "qttt", "ja")["qttt/x#c"]


@pytest.mark.parametrize("where", [_word_on_a_page, _word_in_a_study, _word_in_the_errata])
def test_a_game_s_own_translation_of_a_claim_word_wins_over_every_game_s(where, monkeypatch):
    """values.po may translate a word for one game (its slug as context) and for every
    game: wherever a claim's word is printed (a page's claims, a study's verdicts and
    players, the errata), the game's own translation is used, the other one elsewhere,
    the English word where neither is."""
    call = (lambda words: where(words, monkeypatch)) if where is _word_in_the_errata else where
    both = {("qttt", "cycle"): "循環", (None, "cycle"): "輪", ("necto", "cycle"): "周回"}
    assert call(both) == "循環"
    assert call({(None, "cycle"): "輪", ("necto", "cycle"): "周回"}) == "輪"
    assert call({("necto", "cycle"): "周回"}) == "cycle"


def test_english_words_are_never_translated_even_by_an_english_catalogue(tmp_path):
    """English is the language the claims are written in: an English values.po or
    engine.po (sphinx-intl makes one if asked for ``-l en``) is not read, and Japanese's is."""
    from rulebook.i18n import ENGINE, VALUES, claim_words, engine_messages

    entry = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n' \
            'msgid "cycle"\nmsgstr "{}"\n'
    for lang, word in (("en", "loop"), ("ja", "循環")):
        (tmp_path / lang).mkdir()
        for name in (VALUES, ENGINE):
            (tmp_path / lang / name).write_text(entry.format(word), encoding="utf-8")
    assert claim_words(tmp_path, "ja") == {(None, "cycle"): "循環"}
    assert ("cycle", "循環") in engine_messages(tmp_path, "ja", "qttt")
    assert claim_words(tmp_path, "en") == {}
    assert engine_messages(tmp_path, "en", "qttt") == []


@pytest.mark.parametrize("header", ["[[term]]", "  [[term]]", "[[term]]   ", "[[ term ]]",
                                    '[["term"]]', "[[term]]  # the tools", "\t[[ 'term' ]]"])
def test_each_term_s_problem_names_the_line_of_its_own_header_however_written(tmp_path, header):
    """A glossary's problem names the line of the header of the term it is about, the
    second or third term's as well as the first, however TOML lets the header be
    written (indented, blanks inside its brackets, its name quoted, a comment after)."""
    terms = ['en = "You need"\nja = "必要な道具"\navoid = []\n',
             '# the board\nen = "Board"\nja = "盤"\navoid = []\n',
             'en = "Cell"\nja = "  "\navoid = []\n']
    text = "# a glossary\n\n" + "\n".join(f"{header}\n{term}" for term in terms)
    folder = tmp_path / "locale" / "ja" / "glossary"
    folder.mkdir(parents=True)
    (folder / "common.toml").write_text(text, encoding="utf-8")
    line = text.splitlines().index(header) + 1 + sum(len(term.splitlines()) + 2 for term in terms[:2])
    assert text.splitlines()[line - 1] == header
    problems = claim_catalogs(tmp_path, "You need", "必要な道具")
    assert problems == [f"{folder / 'common.toml'}:{line}: term 'Cell': ja is missing or empty"]


def test_the_values_catalog_edited_in_place_is_read_again_even_at_the_same_size_and_time(
        tmp_path):
    """The words claims print are read once per content (``rulebook serve`` builds again
    and again in one process): a translation edited keeping the catalog's size and its
    modification time is the one printed next."""
    import os

    from rulebook.i18n import claim_words

    folder = tmp_path / "ja"
    folder.mkdir()
    path = folder / "values.po"
    text = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
            'msgid "draw"\nmsgstr "引き分け"\n')
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    assert claim_words(tmp_path, "ja")[None, "draw"] == "引き分け"
    path.write_text(text.replace("引き分け", "あいこで"), encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert path.stat().st_size == stat.st_size and path.stat().st_mtime_ns == stat.st_mtime_ns
    assert claim_words(tmp_path, "ja")[None, "draw"] == "あいこで"
