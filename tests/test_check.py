"""``rulebook check``: every error a build would find, one line each, nothing written.

A copy of the project, with a copy of the package beside it (the check draws
the panels in a child Python, as the browser does, so a planted drawing must
be on disk), gets five author errors at once and is checked once, as an
author runs it; each test below reads the line of its own error.  The check
reports them all, not the first: that is part of what is tested.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rulebook
from rulebook.cli import main

from conftest import copy_project
from small_project import make_project

PACKAGE = Path(rulebook.__file__).resolve().parent  # the package under test
DRAWING_FILE = r"(src/)?rulebook/games/{game}/drawing\.py"


def plant(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` in ``path`` by ``new``; the 1-based line it is on."""
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text[:at].count("\n") + 1


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    """The project with seven author errors, checked once: (root, lines planted, result)."""
    root = copy_project(tmp_path_factory.mktemp("broken"))
    shutil.copytree(PACKAGE, root / "src" / "rulebook",
                    ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    games = root / "src" / "rulebook" / "games"
    lines = {}
    # a mistyped claim id in a caption (and in its Japanese message, so the catalog is in step)
    plant(root / "docs" / "qttt.rst", "After :claim:`placed` moves", "After :claim:`placd` moves")
    po = root / "docs" / "locale" / "ja" / "LC_MESSAGES" / "qttt.po"
    plant(po, "After :claim:`placed` moves", "After :claim:`placd` moves")
    text = po.read_text(encoding="utf-8")
    start = text.index("After :claim:`placd` moves")
    message = text.index("msgstr", start)
    po.write_text(text[:message] + text[message:].replace("`placed`", "`placd`", 1),
                  encoding="utf-8")
    # a Japanese translation that drops one of its message's claims
    lines["necto.po"] = plant(root / "docs" / "locale" / "ja" / "LC_MESSAGES" / "necto.po",
                              "\\\\ :claim:`trefoil`\\\\ になりました", "になりました")
    # a drawing that raises
    lines["qttt"] = plant(games / "qttt" / "drawing.py", "    artists = []\n",
                          "    artists = []\n    len(state)  # planted\n") + 1
    # a patch outside the browser's vocabulary (imported), and an Axes method outside it (called)
    lines["inphexion"] = plant(games / "inphexion" / "drawing.py", "FancyArrowPatch, Wedge",
                               "FancyArrowPatch, RegularPolygon, Wedge")
    draw = (games / "craquelure" / "drawing.py").read_text(encoding="utf-8").index("\ndef draw(")
    body = (games / "craquelure" / "drawing.py").read_text(encoding="utf-8").index(":\n", draw)
    text = (games / "craquelure" / "drawing.py").read_text(encoding="utf-8")
    lines["craquelure"] = text[:body].count("\n") + 2
    (games / "craquelure" / "drawing.py").write_text(
        text[:body + 2] + "    ax.scatter([0], [0])  # planted\n" + text[body + 2:],
        encoding="utf-8")
    # two records that cannot be read: a folder, and a link to nothing
    (root / "figures" / "qttt" / "folder.toml").mkdir()
    (root / "figures" / "qttt" / "dangling.toml").symlink_to(root / "figures" / "nothing.toml")
    done = subprocess.run([sys.executable, "-m", "rulebook.cli", "check", "--project", str(root)],
                          cwd=root, env={**os.environ, "PYTHONPATH": str(root / "src")},
                          capture_output=True, text=True, timeout=300)
    return root, lines, done


def only_line(done, pattern: str, mentions: str) -> re.Match:
    """The one line of the check's errors that mentions ``mentions``, matching ``pattern``."""
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    found = [line for line in done.stderr.splitlines() if mentions in line]
    assert len(found) == 1, found
    match = re.fullmatch(pattern, found[0])
    assert match, found[0]
    return match


def test_a_mistyped_claim_id_in_a_caption_is_one_line(broken):
    _, _, done = broken
    only_line(done, r"docs/qttt\.rst:\d+: ERROR: figures/qttt/[\w-]+\.toml: no claim with id "
                    r"'placd' \(ids: .*\) \[rulebook\.claim\]", "'placd'")


def test_a_claim_dropped_in_a_japanese_message_is_one_line(broken):
    _, lines, done = broken
    match = only_line(done, r"docs/locale/ja/LC_MESSAGES/necto\.po:(\d+): .*: claims \[.*\] in "
                            r"the translation, \[.*trefoil.*\] in the source: .*", "necto.po")
    assert int(match[1]) in (lines["necto.po"] - 1, lines["necto.po"])  # the msgid or msgstr


def test_a_drawing_that_raises_is_one_line_with_the_record_panel_and_drawing_line(broken):
    _, lines, done = broken
    match = only_line(done, r"figures/qttt/[\w-]+\.toml:\d+: panel 1: "
                            + DRAWING_FILE.format(game="qttt")
                            + r":(\d+): TypeError: object of type '\w+' has no len\(\)",
                      "qttt/drawing.py")
    assert int(match[2]) == lines["qttt"]


def test_a_patch_outside_the_browsers_vocabulary_is_one_line(broken):
    _, lines, done = broken
    match = only_line(done, DRAWING_FILE.format(game="inphexion")
                      + r":(\d+): matplotlib\.patches\.RegularPolygon is outside the browser's "
                        r"drawing vocabulary \(matplotlib\.patches: Rectangle, Circle, Polygon, "
                        r"Wedge, FancyArrowPatch; .*\) \(importing the inphexion drawing .*\)",
                      "inphexion/drawing.py")
    assert int(match[2]) == lines["inphexion"]


def test_an_axes_method_outside_the_browsers_vocabulary_is_one_line(broken):
    _, lines, done = broken
    match = only_line(done, r"figures/craquelure/[\w-]+\.toml:\d+: panel 1: "
                            + DRAWING_FILE.format(game="craquelure")
                            + r":(\d+): ax\.scatter is outside the browser's drawing vocabulary "
                              r"\(Axes: plot, text, add_patch, .*\)", "craquelure/drawing.py")
    assert int(match[2]) == lines["craquelure"]


def test_a_record_that_cannot_be_read_is_one_line_and_the_others_are_checked(broken):
    """A record file that is a folder, or a link to nothing: each is one of the records'
    problems, naming the file as the build does, and every other record is checked."""
    root, _, done = broken
    only_line(done, r"figures/qttt/folder\.toml: cannot read the record: Is a directory",
              "folder.toml")
    only_line(done, r"figures/qttt/dangling\.toml: cannot read the record: No such file or "
                    r"directory", "dangling.toml")
    records = len(list((root / "figures").glob("*/*.toml")))
    assert f"{records - 2} of {records} records hold;" in done.stdout, done.stdout


def test_the_check_reports_every_error_once_and_a_summary(broken):
    _, _, done = broken
    assert len(done.stderr.splitlines()) == 7, done.stderr
    assert re.fullmatch(r"7 problems \(2 in records, 1 in pages, 1 in translations, 3 in "
                        r"drawings\); [\d.]+ s\.", done.stdout.splitlines()[-1])


def test_the_project_checks_clean_and_nothing_is_written_into_it(tmp_path, capsys):
    root = copy_project(tmp_path)
    before = {p for p in root.rglob("*")}
    assert main(["check", "--project", str(root)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    # its counts, found here: the records and their claims, the studies, the pages (a
    # source each), every panel of every record in both languages
    from rulebook.records import find_records, load_record

    figures = root / "figures"
    records = [load_record(path, figures) for path in find_records(figures)]
    studies = len(list(figures.glob("*/studies/*.toml")))
    pages = len([p for p in (root / "docs").rglob("*.rst") if "locale" not in p.parts])
    lines = out.splitlines()
    assert lines[:5] == [
        f"{len(records)} of {len(records)} records hold; "
        f"{sum(len(r.claims) for r in records)} claims checked.",
        f"{studies} of {studies} studies are up to date.",
        f"{pages} pages read in en, ja.",
        f"{pages} pages' messages checked against their translations (ja).",
        f"{2 * sum(len(r.panels) for r in records)} panels drawn as the browser draws them "
        "(en, ja).",
    ], lines
    assert len(lines) == 6 and lines[-1].startswith("Everything holds"), lines
    # Sphinx compiles the Japanese catalogs (.mo) beside them, as a build does; nothing else
    assert {p for p in root.rglob("*") if p.suffix != ".mo"} == before
    assert not (root / "build").exists()


def test_checking_one_record_draws_its_panels_and_checks_their_labels(tmp_path, capsys):
    path = tmp_path / "qttt" / "labelled.toml"
    path.parent.mkdir()
    path.write_text('game = "qttt"\nmoves = ["a1-b2"]\n[figure]\n[[figure.panels]]\nafter = 1\n'
                    'label = { en = "After the first move" }\n', encoding="utf-8")
    assert main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert err.splitlines() == [f"{path}: panel 1: label has no 'ja' text"]
    path.write_text(path.read_text().replace('" }', '", ja = "初手のあと" }'),
                    encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out, err = capsys.readouterr()
    # each part that checked something says so in a line; the others say nothing
    lines = out.splitlines()
    assert lines[:2] == ["1 of 1 records hold; 0 claims checked.",
                         "2 panels drawn as the browser draws them (en, ja)."], lines
    assert len(lines) == 3 and lines[-1].startswith("Everything holds"), lines
    path.write_text('game = "qttt"\nmoves = ["a1-b2"]\n', encoding="utf-8")  # no figure
    assert main(["check", str(path)]) == 0
    lines = capsys.readouterr()[0].splitlines()
    assert len(lines) == 2 and lines[0] == "1 of 1 records hold; 0 claims checked.", lines


@pytest.mark.parametrize("others", ["unlabelled", "labelled"])
def test_a_label_missing_a_language_is_refused_on_any_panel_whatever_the_others(tmp_path,
                                                                               others):
    """The check reads every panel's labels, not only those of figures whose panels are
    all labelled: a label without its Japanese, on the first, a middle or the last of
    three panels, the others unlabelled or labelled in both languages, is refused naming
    that panel; with its Japanese, the record holds."""
    from rulebook.verify import check_records

    path = tmp_path / "figures" / "qttt" / "labelled.toml"
    path.parent.mkdir(parents=True)
    full = 'label = { en = "A move", ja = "一手" }\n' if others == "labelled" else ""
    for bad in range(3):
        panels = "".join(f"[[figure.panels]]\nafter = {k + 1}\n"
                         + ('label = { en = "This one" }\n' if k == bad else full)
                         for k in range(3))
        path.write_text('game = "qttt"\nmoves = ["a1-b2", "b2-c3", "c3-a2"]\n[figure]\n' + panels,
                        encoding="utf-8")
        part, records = check_records([path], path.parent.parent, cached=False)
        assert part.problems == [f"{path}: panel {bad + 1}: label has no 'ja' text"], (bad, others)
        assert records == []
        path.write_text(path.read_text().replace('"This one" }', '"This one", ja = "この手" }'),
                        encoding="utf-8")
        part, records = check_records([path], path.parent.parent, cached=False)
        assert part.problems == [] and len(records) == 1, (bad, others)


def test_drawing_a_figure_refuses_a_label_missing_its_language_naming_the_panel(tmp_path):
    """render_panels, which the build and the figure cache call, refuses a panel whose
    label lacks the language being drawn, as the check does, naming the panel."""
    from rulebook.errors import RecordError
    from rulebook.figure_style import render_panels
    from rulebook.records import load_record

    path = tmp_path / "qttt" / "labelled.toml"
    path.parent.mkdir()
    path.write_text('game = "qttt"\nmoves = ["a1-b2", "b2-c3"]\n[figure]\n'
                    '[[figure.panels]]\nafter = 1\nlabel = { en = "First", ja = "初手" }\n'
                    '[[figure.panels]]\nafter = 2\nlabel = { en = "Second" }\n', encoding="utf-8")
    record = load_record(path)
    assert len(render_panels(record, "en")[0]) == 2
    with pytest.raises(RecordError) as error:
        render_panels(record, "ja")
    assert str(error.value) == f"{path}: panel 2: label has no 'ja' text"


# --- the build: a drawing's error is the same one line --------------------------------------

@pytest.fixture
def small(tmp_path):
    """A one-figure project that builds (its page translated)."""
    return make_project(tmp_path / "project", "The chooser is :claim:`chooser`.", translations={
        "Cycles": "輪", "Pairs of marks form a cycle.": "マークの組が輪になる。",
        "The chooser is :claim:`chooser`.": "選ぶのは\\ :claim:`chooser`\\ です。"})


def broken_ink(monkeypatch):
    """QTTT's drawing given a colour matplotlib refuses: it raises inside ax.plot."""
    from rulebook.figure_style import drawing_module

    monkeypatch.setattr(drawing_module("qttt"), "INK", "no-such-colour")


@pytest.mark.parametrize("options", [[], ["--no-cache"]], ids=["cache", "no-cache"])
def test_a_drawing_that_raises_fails_the_build_in_one_line(small, options, tmp_path, monkeypatch,
                                                          capsys):
    """Drawn before the pages into the cache (an empty one), or as each page is read."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    broken_ink(monkeypatch)
    assert main(["build", "--quiet", *options, "--project", str(small.root)]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert re.fullmatch(r"rulebook: (docs/index\.rst:\d+: ERROR: )?"  # relative to the project
                        r"figures/qttt/cycle\.toml: panel 1: " + DRAWING_FILE.format(game="qttt")
                        + r":\d+: ValueError: .*no-such-colour[^\n]*\n", err), err
    assert not (small.build / "site").exists()


def test_a_drawing_module_that_cannot_be_imported_fails_the_build_in_one_line(
        small, tmp_path, monkeypatch, capsys):
    import rulebook.figure_style as style

    drawing = PACKAGE / "games" / "qttt" / "drawing.py"

    def unimportable(slug):
        raise SyntaxError("invalid syntax", (str(drawing), 12, 5, "def draw(ax state):\n"))

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(style, "drawing_module", unimportable)
    assert main(["build", "--quiet", "--project", str(small.root)]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert re.fullmatch(r"rulebook: figures/qttt/cycle\.toml: panel 1: "
                        + DRAWING_FILE.format(game="qttt") + r":12: SyntaxError: invalid syntax.*\n",
                        err), err


def test_debug_keeps_a_drawings_traceback(small, monkeypatch):
    from rulebook.drawing_errors import DEBUG
    from rulebook.errors import RecordError
    from rulebook.figure_style import render_panels
    from rulebook.records import load_record

    broken_ink(monkeypatch)
    record = load_record(small.figures / "qttt" / "cycle.toml")
    with pytest.raises(RecordError) as error:
        render_panels(record, "en")
    assert isinstance(error.value.__cause__, ValueError)  # --debug shows it, chained
    monkeypatch.setenv(DEBUG, "1")
    with pytest.raises(ValueError, match="no-such-colour"):
        render_panels(record, "en")


@pytest.mark.parametrize("child, debug, said", [
    ("raise ValueError('the drawing module broke')", False,
     "drawing for the browser failed: ValueError: the drawing module broke"),
    ("import os; os._exit(3)", False, "drawing for the browser failed: exit status 3"),
    ("import sys; print('warming up', file=sys.stderr); raise MemoryError", False,
     "drawing for the browser failed: MemoryError"),
    ("raise ValueError('the drawing module broke')", True, "Traceback (most recent call last):"),
], ids=["traceback", "silent", "said-something-first", "debugging"])
def test_a_drawing_child_that_dies_is_one_line_naming_its_error(monkeypatch, child, debug, said):
    """The check's child that draws the panels as the browser does, dying before it
    answers: one problem naming what killed it, the traceback's last line (or its exit
    status when it said nothing), not the traceback's first; the whole traceback only
    when the author asks for it (RULEBOOK_DEBUG)."""
    from rulebook import drawing_errors
    from rulebook.verify import finish_drawings

    if debug:
        monkeypatch.setenv(drawing_errors.DEBUG, "1")
    else:
        monkeypatch.delenv(drawing_errors.DEBUG, raising=False)
    process = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    part = finish_drawings(process)
    assert len(part.problems) == 1
    if debug:
        assert part.problems[0].startswith(said) and part.problems[0].count("\n") >= 2
    else:
        assert part.problems == [said]
    assert part.summary == "The drawings for the browser were not checked."
