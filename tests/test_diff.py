"""``rulebook diff``: a rule change between two commits, and the same change as ``--option``.

A small copy of the project is made a git repository: its Craquelure studies cut to
eight games each between random players (so they run in a second), then Craquelure's
minimum area raised from 0.5 % to 1 % of the disk and the studies run again.  The records that change, and
how, are found here independently: each record replayed in this process under both
defaults with the engine's own ``play``; the figures' pages from the captions'
text in the earlier PDF; the studies' intervals from their stored results.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from rulebook.errors import RulebookError
from rulebook.games import make_game
from rulebook.record_facts import claim_facts
from rulebook.records import find_records, load_record, normalise

ROOT = Path(__file__).resolve().parent.parent

GIT = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c",
       "commit.gpgsign=false"]
STUDIES = ("pinwheel", "pinwheel-no-swap", "sectors", "sectors-no-swap")
OLD, NEW = 0.5, 1.0
SWAP = "After Blue's first move, and only then, Red may swap instead of cutting."
SWAP_JA = "青の最初の1手のあと、その1回に限り、赤は割る代わりに交代を選べます。"
PARAGRAPH = [  # (file, before, after): the page's English, and its catalogue in both languages
    ("docs/craquelure.rst", "and only then,", "and at no other time,"),
    ("docs/locale/ja/LC_MESSAGES/craquelure.po", "and only then,", "and at no other time,"),
    ("docs/locale/ja/LC_MESSAGES/craquelure.po", "その1回に限り、", "そのとき一度だけ、"),
]


def rulebook(project: Path, *args: str) -> subprocess.CompletedProcess:
    """The project's own rulebook (its ``src``), as its author would run it."""
    env = {**os.environ, "PYTHONPATH": str(project / "src")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return subprocess.run([sys.executable, "-m", "rulebook.cli", *args], cwd=project, env=env,
                          capture_output=True, text=True, timeout=900)


def git(project: Path, *args: str) -> str:
    return subprocess.run([*GIT, *args], cwd=project, check=True, capture_output=True,
                          text=True).stdout


def project_copy(folder: Path, *only: str) -> Path:
    """This working tree's files, committed or not (not the ignored: build, .venv);
    ``only``: those under these folders."""
    folder.mkdir(parents=True)
    subprocess.run("git ls-files -co --exclude-standard -z " + " ".join(only) + " "
                   "| tar --null --ignore-failed-read -T - -cf - "
                   f"| tar -xf - -C '{folder}'", shell=True, cwd=ROOT, check=True)
    return folder


def run_studies(project: Path) -> None:
    for name in STUDIES:
        done = rulebook(project, "study", "craquelure", name, "--workers", "1", "-q")
        assert done.returncode == 0, done.stderr


@pytest.fixture(scope="module")
def history(tmp_path_factory) -> Path:
    """Two commits: small Craquelure studies, then the minimum area at 1 %."""
    project = project_copy(tmp_path_factory.mktemp("diff") / "project")
    for name in STUDIES:  # random players: the diff reads studies, it does not judge players
        path = project / "figures" / "craquelure" / "studies" / f"{name}.toml"
        text = re.sub(r"(?m)^games = \d+", "games = 8", path.read_text())
        path.write_text(re.sub(r"(?m)^players = .*$", 'players = { type = "random" }', text))
    run_studies(project)
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "small studies")
    rules = project / "src" / "rulebook" / "games" / "craquelure" / "rules.py"
    text = rules.read_text()
    changed = text.replace(f'Parameter("min_area_percent", {OLD},',
                           f'Parameter("min_area_percent", {NEW},')
    assert changed != text
    rules.write_text(changed)
    run_studies(project)
    for path, before, after in PARAGRAPH:  # and one rule's paragraph reworded, translated
        path = project / path
        text = path.read_text()
        assert text.count(before) == 1, (path, before)
        path.write_text(text.replace(before, after))
    git(project, "commit", "-qam", "minimum area 1 %")
    return project


@pytest.fixture(scope="module")
def reported(history) -> dict:
    done = rulebook(history, "diff", "HEAD~1", "-q")
    assert done.returncode == 0, done.stderr
    return json.loads((history / "build" / "diff" / "diff.json").read_text())


# --- what should change, found without rulebook diff --------------------------------------

def replayed(path: Path, minimum: float) -> tuple[dict | None, dict]:
    """The first move refused with Craquelure's default minimum area at ``minimum`` (its
    number and rule), and every claim's value (None after the refused move)."""
    record = load_record(path, path.parent.parent)
    options = tomllib.loads(path.read_text()).get("options", {})
    game = make_game("craquelure", **{"min_area_percent": minimum, **options})
    state = game.parse_position(record.start) if record.start else game.initial_state()
    states, refused = [state], None
    for number, text in enumerate(record.moves, start=1):
        try:
            state = state.play(state.parse_move(text))
        except RulebookError as error:
            refused = {"move": number, "text": text, "reason": error.rule}
            break
        states.append(state)
    values = {}
    for claim in record.claims:
        at = len(record.moves) if claim.after is None else claim.after
        value = None
        if at < len(states):
            position = states[at]
            for move in claim.then:
                position = position.play(position.parse_move(move))
            try:  # a claim the engine cannot answer here (a refusal of a move now allowed)
                value = normalise(claim_facts(game)[claim.fact].compute(position, **claim.args))
            except RulebookError:
                value = None
        values[claim.id or f"#{claim.index}"] = value
    return refused, values


def expected_changes(project: Path) -> dict:
    changes = {}
    for path in sorted((project / "figures" / "craquelure").glob("*.toml")):
        (old_refused, old), (new_refused, new) = replayed(path, OLD), replayed(path, NEW)
        claims = sorted(key for key in old if old[key] != new[key])
        if claims or old_refused != new_refused:
            changes[f"craquelure/{path.stem}"] = {"claims": claims, "illegal": new_refused}
    return changes


def caption_opening(project: Path, record: str) -> str:
    """The first words of the caption under ``record``'s figure, spaces removed."""
    text = (project / "docs" / "craquelure.rst").read_text()
    block = text.split(f".. rulebook-figure:: {record}\n", 1)[1]
    lines = [line.strip() for line in block.splitlines()[1:]]
    caption = []
    for line in lines:
        if line.startswith(":"):
            continue
        if not line:
            if caption:
                break
            continue
        caption.append(line)
    words = re.split(r":[a-z-]+:`", " ".join(caption))[0]
    return "".join(words.split())[:24]


# --- the tests ---------------------------------------------------------------------------

def test_the_diff_lists_exactly_the_records_and_claims_that_changed(history, reported):
    expected = expected_changes(history)
    assert expected, "the raised minimum changes no record: the test would prove nothing"
    records = reported["records"]
    assert {name for name in records if name.startswith("craquelure/")} >= set(expected)
    for name, change in records.items():
        if name not in expected:  # only a drawing may change without a claim or a move
            assert not change["claims"] and not change["illegal"] and change["panels"], name
            continue
        assert sorted(change["claims"]) == expected[name]["claims"], name
        assert change["illegal"] == expected[name]["illegal"], name
    assert not any(name.split("/")[0] != "craquelure" for name in records)
    assert reported["modules"] == {"craquelure": ["src/rulebook/games/craquelure/rules.py (changed)"]}


def test_a_refused_move_leaves_the_panels_after_it_changed(reported):
    for name, change in reported["records"].items():
        if change["illegal"]:
            assert change["panels"], name  # drawn before, not any more
            assert all(langs == ["en", "ja"] for langs in change["panels"].values())


def test_the_studies_that_left_their_interval_are_flagged(history, reported):
    flagged = {}
    for name in STUDIES:
        path = f"figures/craquelure/studies/{name}.json"
        old = json.loads(git(history, "show", f"HEAD~1:{path}"))["result"]
        new = json.loads((history / path).read_text())["result"]
        inside = (old["first_win_low"] <= new["first_win_rate"] <= old["first_win_high"]
                  and new["first_win_low"] <= old["first_win_rate"] <= new["first_win_high"])
        flagged[f"craquelure/{name}"] = (old != new, not inside)
    studies = reported["studies"]
    assert {name: (s["status"] == "moved", s["beyond"]) for name, s in studies.items()
            if name.startswith("craquelure/")} == flagged
    assert all(s["status"] == "same" for name, s in studies.items()
               if not name.startswith("craquelure/"))


def test_the_errata_give_each_change_its_page_in_the_earlier_pdf(history, reported):
    from pypdf import PdfReader

    commit = git(history, "rev-parse", "HEAD~1").strip()
    book = history / "build" / "diff-editions" / commit / "craquelure" / "craquelure-en.pdf"
    pages = ["".join((page.extract_text() or "").split()) for page in PdfReader(book).pages]
    errata = (history / "build" / "diff" / "errata-en.md").read_text()
    japanese = (history / "build" / "diff" / "errata-ja.md").read_text()
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    document = pdfium.PdfDocument(book)
    drawings = [sum(o.type == raw.FPDF_PAGEOBJ_FORM for o in page.get_objects(max_depth=1))
                for page in document]  # the figures' panels drawn on each page, counted apart
    document.close()
    for name, change in reported["records"].items():
        page, nth = change["pages"]["en"]
        assert caption_opening(history, name) in pages[page - 1], (name, page)
        assert 1 <= nth <= drawings[page - 1], (name, page, nth)  # counted from 1, on that page
        where = f"p. {page}, figure {nth} on the page"
        if change["illegal"]:
            move = change["illegal"]
            assert f"- {where}: move {move['move']} ({move['text']}) is no longer allowed: " \
                   f"{move['reason']}." in errata
        if change["panels"]:
            assert f"- {where}: panel" in errata
        ja_page, ja_nth = change["pages"]["ja"]
        assert f"- {ja_page}ページ、そのページの{ja_nth}番目の図：" in japanese
    for name, study in reported["studies"].items():
        if study["status"] == "moved":
            label = tomllib.loads((history / "figures" / "craquelure" / "studies" /
                                   f"{name.split('/')[1]}.toml").read_text())["label"]["en"]
            assert f"The study “{label}”" in errata


def test_a_reworded_paragraph_is_found_on_its_page_in_each_language(history, reported):
    """The swap rule's paragraph, reworded in both languages: each book's errata give the
    page of the earlier PDF that prints it (found here by its words), and the report
    lists it under the game's page text."""
    from pypdf import PdfReader

    commit = git(history, "rev-parse", "HEAD~1").strip()
    kept = history / "build" / "diff-editions" / commit / "craquelure"
    words = {"en": "Redmayswapinsteadofcutting", "ja": SWAP_JA[10:]}
    after = {"en": SWAP.replace("and only then,", "and at no other time,"),
             "ja": SWAP_JA.replace("その1回に限り、", "そのとき一度だけ、")}
    heading = {"en": "Page text", "ja": "本文"}
    page_html = (history / "build" / "diff" / "index.html").read_text()
    for lang in ("en", "ja"):
        texts = ["".join((page.extract_text() or "").split())
                 for page in PdfReader(kept / f"craquelure-{lang}.pdf").pages]
        printed = [n for n, text in enumerate(texts, start=1) if words[lang] in text]
        assert len(printed) == 1, (lang, printed)
        errata = (history / "build" / "diff" / f"errata-{lang}.md").read_text()
        line = next(line for line in errata.splitlines() if after[lang] in line)
        where = f"p. {printed[0]}: " if lang == "en" else f"{printed[0]}ページ："
        assert line.startswith(f"- {where}"), line
        # the paragraph as the reader of that book knew it: its opening words, its language
        opening = {"en": SWAP[:40], "ja": SWAP_JA[:16]}[lang]
        assert f"“{opening}…”" in line or f"「{opening}…」" in line, line
        section = page_html.split(f'<section lang="{lang}"', 1)[1].split("</section>", 1)[0]
        game = section.split(f'id="{lang}-craquelure">', 1)[1].split("<h2", 1)[0]
        under = game.split(f"<h3>{heading[lang]}</h3>", 1)[1].split("<h3>", 1)[0]
        assert f"<ins>{html.escape(after[lang])}" in under


def test_the_report_shows_the_changed_panels_before_and_after(history, reported):
    page = (history / "build" / "diff" / "index.html").read_text()
    scenes = json.loads(re.search(r'<script type="application/json" id="scenes">(.*?)</script>',
                                  page, re.S).group(1))
    drawn = sum(len(c["panels"]) for c in reported["records"].values() if not c["illegal"]) * 4
    refused = sum(len(c["panels"]) for c in reported["records"].values() if c["illegal"]) * 2
    assert len(scenes) >= drawn + refused > 0  # both languages, each panel before (and after)
    assert page.count('class="pair"') == sum(len(c["panels"]) for c in
                                             reported["records"].values()) * 2
    assert "function sceneSvg" in page and "<section lang=\"ja\"" in page
    # a record the new rule refuses (found here by replaying it): each of its changed
    # panels drawn before, under "before"; after, under "after", drawn or missing (those
    # past the refused move), some missing
    refused = {name for name, change in expected_changes(history).items() if change["illegal"]}
    assert refused
    missing = 0
    for lang, before, after in (("en", "before", "after"), ("ja", "変更前", "変更後")):
        section = page.split(f'<section lang="{lang}"', 1)[1].split("</section>", 1)[0]
        for name in refused:
            part = section.split(f"<code>{name}</code>", 1)[1].split("<h4>", 1)[0]
            pairs = part.split('<div class="pair">')[1:]
            assert len(pairs) == len(reported["records"][name]["panels"]), name
            for pair in pairs:
                first, second = pair.split("<figure>")[1:3]
                assert "data-scene=" in first and f"{before}</figcaption>" in first, (name, first)
                assert f"{after}</figcaption>" in second, name
                missing += 'class="missing"' in second
    assert missing


def tree_digest(project: Path) -> dict[str, str]:
    return {path.relative_to(project).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(project.rglob("*")) if path.is_file()
            and path.relative_to(project).parts[0] not in ("build", ".git")
            and "__pycache__" not in path.parts}


def test_an_option_reports_the_same_changes_and_changes_nothing(history, reported, tmp_path):
    earlier = tmp_path / "earlier"
    subprocess.run([*GIT, "clone", "-q", str(history), str(earlier)], check=True)
    git(earlier, "checkout", "-q", "HEAD~1")
    before = tree_digest(earlier)
    done = rulebook(earlier, "diff", "--option", f"craquelure:min_area_percent={NEW}",
                    "--workers", "1", "-q")
    assert done.returncode == 0, done.stderr
    assert tree_digest(earlier) == before
    assert git(earlier, "status", "--porcelain") == ""
    option = json.loads((earlier / "build" / "diff" / "diff.json").read_text())
    keep = ("status", "illegal", "claims", "panels")
    assert ({n: {k: c[k] for k in keep} for n, c in option["records"].items()}
            == {n: {k: c[k] for k in keep} for n, c in reported["records"].items()})
    assert ({n: (s["status"], s["beyond"]) for n, s in option["studies"].items()}
            == {n: (s["status"], s["beyond"]) for n, s in reported["studies"].items()
                if n.startswith("craquelure/")})


@pytest.mark.parametrize("args, message", [
    (["no-such-revision"], "'no-such-revision': no such revision"),
    (["--option", "craquelure:no_such=1"], "craquelure has no option 'no_such'"),
    (["--option", "craquelure:min_area_percent=yes"], "option min_area_percent must be a number, not 'yes'"),
    (["--option", "craquelure:min_area_percent=50"], "option min_area_percent=50.0: must be"),
    (["--option", "craquelure-min_area_percent=1"], "write GAME:NAME=VALUE"),
    (["--option", "chess:pie=true"], "unknown game 'chess'"),
    (["HEAD", "--option", "craquelure:pie=false"], "give no revision with it"),
    (["--option", "craquelure:pie=true"], "'craquelure:pie=true': true is already the default"),
    (["HEAD", "no-such-later"], "'no-such-later': no such revision"),
    (["--", "-x"], "'-x': not a revision"),
    (["", "HEAD"], "give the earlier revision before the later one"),
])
def test_bad_input_is_one_line_and_writes_nothing(history, tmp_path, args, message):
    project = tmp_path / "project"
    subprocess.run([*GIT, "clone", "-q", str(history), str(project)], check=True)
    done = rulebook(project, "diff", *args)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and message in done.stderr, done.stderr
    assert not (project / "build").exists()


def test_a_project_outside_git_has_no_revision_to_compare_with_in_one_line(history, tmp_path):
    import shutil

    project = tmp_path / "project"
    shutil.copytree(history, project, ignore=shutil.ignore_patterns(".git", "build"))
    done = rulebook(project, "diff")
    assert done.returncode == 2
    assert done.stderr == (f"rulebook: {project}: not a git repository, so there is no "
                           "revision to compare with\n"), done.stderr
    assert not (project / "build").exists()


def test_a_revision_that_is_no_project_is_one_line(history, tmp_path):
    project = tmp_path / "project"
    subprocess.run([*GIT, "clone", "-q", str(history), str(project)], check=True)
    empty = git(project, "hash-object", "-t", "tree", "/dev/null").strip()
    commit = git(project, "commit-tree", empty, "-m", "nothing yet").strip()
    done = rulebook(project, "diff", commit)
    assert done.returncode == 2
    assert done.stderr == f"rulebook: {commit[:7]}: not a rulebook project at that revision " \
                          "(no docs/conf.py, src/rulebook or figures)\n"
    assert not (project / "build").exists()


def test_an_edition_names_its_tag_and_where_its_errata_are(history, tmp_path):
    """Tagged v1 (the small studies) and v2 (the same sources, a new README): ``rulebook
    diff v1 v2`` writes v2's errata where v2's colophon says they are; v1's colophon
    names v1 and no errata (it is the first edition): on its page, and in its book given
    that edition (test_pdf_edition's first edition)."""
    from pypdf import PdfReader

    project = tmp_path / "project"
    subprocess.run([*GIT, "clone", "-q", str(history), str(project)], check=True)
    if (history / "build" / "diff-editions").is_dir():  # the earlier books, built once
        shutil.copytree(history / "build" / "diff-editions", project / "build" / "diff-editions")
    git(project, "tag", "v1", "HEAD~1")
    git(project, "checkout", "-q", "HEAD~1", "--", ".")
    (project / "README.md").write_text("The second edition.\n")
    git(project, "commit", "-qam", "second edition")
    git(project, "tag", "v2")
    done = rulebook(project, "diff", "v1", "v2", "-q")
    assert done.returncode == 0, done.stderr
    out = project / "build" / "diff"
    for lang in ("en", "ja"):
        errata = (out / "errata" / f"v2-{lang}.md").read_text()
        assert errata == (out / f"errata-{lang}.md").read_text()
    assert errata.startswith("# 正誤表：v1 (")

    def build(*options: str) -> None:
        built = rulebook(project, "build", "--game", "craquelure", "-q", *options)
        assert built.returncode == 0, built.stderr

    def colophon() -> str:
        build("--no-formats")  # the A4 books alone, whose colophon is read here
        books = project / "build" / "games" / "craquelure" / "pdf"
        assert sorted(p.name for p in books.iterdir()) == ["craquelure-en.pdf", "craquelure-ja.pdf"]
        book = books / "craquelure-en.pdf"
        return " ".join(PdfReader(book).pages[0].extract_text().split())

    def web(lang: str) -> str:
        page = project / "build" / "games" / "craquelure" / lang / "craquelure.html"
        return re.search(r'<p class="game-edition">.*?</p>', page.read_text()).group(0)

    second = colophon()
    assert "Edition v2: rulebook" in second
    assert "What changed since edition v1: https://rulebook.example.org/errata/v2-en.md" in second
    assert web("en") == ('<p class="game-edition">Edition v2 · <a class="reference external" '
                         'href="https://rulebook.example.org/errata/v2-en.md">what changed since '
                         'edition v1</a></p>')
    assert "v1版からの変更点" in web("ja") and "errata/v2-ja.md" in web("ja")
    # v1, the first edition: its edition and no errata, as the same line of its pages
    # would say it (the page's line as built is checked above; a first edition's book:
    # test_pdf_edition, from the same Edition)
    from types import SimpleNamespace

    from rulebook.sphinxext.html import _edition, edition_line

    git(project, "checkout", "-q", "v1")
    _edition.cache_clear()
    for lang, words in (("en", "Edition v1"), ("ja", "v1版")):
        config = SimpleNamespace(language=lang, rulebook_play_url="https://rulebook.example.org/")
        line = edition_line(config, project / "docs")
        assert line.startswith('<p class="game-edition">') and "errata" not in line, line
        assert words in line, line
    _edition.cache_clear()


def test_a_revision_whose_records_do_not_load_is_one_line(tmp_path):
    """(A project of the code and one record: the records are replayed, each side's by
    its own code, before anything else is compared.)"""
    project = project_copy(tmp_path / "project", "src", "docs/conf.py")
    for game in ("qttt", "craquelure"):
        (project / "figures" / game).mkdir(parents=True)
    shutil.copy(ROOT / "figures" / "qttt" / "both-lines.toml", project / "figures" / "qttt")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "the code and a record")
    broken = project / "figures" / "craquelure" / "broken.toml"
    broken.write_text('game = "craquelure"\nmoves = [1]\n')
    git(project, "add", "-A")
    git(project, "commit", "-qm", "a record that does not load")
    broken.unlink()
    done = rulebook(project, "diff", "HEAD")
    assert done.returncode == 2
    head = git(project, "rev-parse", "--short=7", "HEAD").strip()
    assert done.stderr.startswith(f"rulebook: {head}: the project does not build at that "
                                  "revision: figures/craquelure/broken.toml:2: ")
    assert done.stderr.count("\n") == 1
    assert not (project / "build").exists()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_summary_counts_each_kind_of_change(lang):
    """The report's first line: records changed (their claims and panels), studies moved
    (beyond their interval or not) and stale, messages whose English changed, modules."""
    from types import SimpleNamespace as Of

    from rulebook.diff.report import summary_text

    diff = Of(records=[Of(claims=[1, 2], panels=[1]), Of(claims=[3], panels=[])],
              studies=[Of(status="moved", beyond=True), Of(status="moved", beyond=False),
                       Of(status="stale", beyond=False), Of(status="stale", beyond=False),
                       Of(status="stale", beyond=False), Of(status="same", beyond=False),
                       Of(status="same", beyond=False)],
              messages=[Of(old="a", new="b"), Of(old="c", new="c")],
              engines={"qttt": ["rules.py", "facts.py"], "necto": []})
    numbers = [int(n) for n in re.findall(r"\d+", summary_text(diff, lang).replace("95", ""))]
    # records, claims, panels, moved, beyond, stale, messages, modules
    assert numbers == [2, 3, 1, 2, 1, 3, 1, 2]
    if lang == "en":  # each count with its noun, one or many
        assert summary_text(diff, lang).startswith(
            "2 records changed (3 claims, 1 panel); 2 studies moved")
        assert "1 English message changed; 2 modules changed." in summary_text(diff, lang)
        one = Of(records=diff.records[1:], studies=diff.studies[:1], messages=[],
                 engines={"qttt": ["rules.py"]})
        assert summary_text(one, lang) == (
            "1 record changed (1 claim, 0 panels); 1 study moved (1 beyond the 95 % interval), "
            "0 stale; 0 English messages changed; 1 module changed.")


def test_a_paragraph_is_looked_for_by_an_opening_long_enough_to_be_its_own(tmp_path):
    """English needs 12 letters of a paragraph, Japanese 6 characters, to name its page:
    a shorter paragraph is not looked for (its words are on many pages), a long
    enough one is found on the first page that prints its opening (English: its first
    30 letters, Japanese: its first 14 characters)."""
    from types import SimpleNamespace as Of

    from pypdf import PdfWriter

    from rulebook.diff.pages import find_pages

    kept = tmp_path / "store" / "abc123" / "craquelure"
    kept.mkdir(parents=True)
    (kept / "forms.json").write_text("{}")
    pages = {"en": ["Rules", "Adisk.Disksturnred", "Adisk.Disksturnred",
                    "Disksturnredwhencutinhalf.", "Disksturnredwhenplacedinthemiddleoftheboard."],
             "ja": ["ルール", "盤は丸い。", "盤は丸い。盤は丸いです。",
                    "ルール。盤の中央に置かれた円盤は赤くな", "り、その後は動きません。"]}
    for lang, texts in pages.items():
        writer = PdfWriter()
        for _ in texts:
            writer.add_blank_page(100, 100)
        writer.write(kept / f"craquelure-{lang}.pdf")
        (kept / f"craquelure-{lang}.pages.json").write_text(json.dumps(texts, ensure_ascii=False))
    messages = [Of(page="craquelure", old="Disks turn red", old_ja="盤は丸いです"),  # 12, 6
                Of(page="craquelure", old="A disk.", old_ja="盤は丸い。"),
                # English: 30 letters tell apart paragraphs that begin alike (14 would
                # not); Japanese: 14 characters find a paragraph on the page it starts
                # on, when the page ends inside it (30 would find it nowhere)
                Of(page="craquelure", old="Disks turn red when placed in the middle of the board.",
                   old_ja="盤の中央に置かれた円盤は赤くなり、その後は動きません。")]
    diff = Of(old=Of(revision="abc123", root=tmp_path), records=[], messages=messages,
              games=["craquelure"], pages={}, message_pages={})
    find_pages(diff, tmp_path / "store", progress=lambda text: None)
    middle = "Disks turn red when placed in the middle of the board."
    assert diff.message_pages == {("en", "Disks turn red"): 2, ("ja", "Disks turn red"): 3,
                                  ("en", middle): 5, ("ja", middle): 4}


def test_the_revision_compared_with_is_the_latest_tag_else_the_commit_before(tmp_path):
    from rulebook.diff import default_revision

    git(tmp_path, "init", "-q")
    for number in (1, 2, 3):
        (tmp_path / "page.rst").write_text(f"{number}\n")
        git(tmp_path, "add", "-A")
        git(tmp_path, "commit", "-qm", f"commit {number}")
        assert default_revision(tmp_path) == "HEAD~1"  # no tag yet
    git(tmp_path, "tag", "v1", "HEAD~2")
    git(tmp_path, "tag", "v2", "HEAD~1")
    assert default_revision(tmp_path) == "v2"


def test_the_errata_say_each_paragraph_change_in_the_language_its_book_prints(tmp_path):
    """Per book: a reworded paragraph (its old opening, its new text, in that book's
    language); a change of the Japanese alone only in the Japanese errata; a change
    whose translation is now stale as gone from the Japanese book (it prints no
    translation of it); a guide's page in no book."""
    from types import SimpleNamespace as Of

    from rulebook.diff.report import errata_lines

    side = Of(root=tmp_path, snapshot={})
    messages = [
        Of(page="craquelure", old="Red may swap.", new="Red may swap once.", old_ja="赤は交代できる。",
           new_ja="赤は一度だけ交代できる。", stale=False),
        Of(page="craquelure", old="Blue starts.", new="Blue starts.", old_ja="青が先手。",
           new_ja="青から始めます。", stale=False),
        Of(page="craquelure", old="Cut.", new="Cut three rays.", old_ja="割る。", new_ja="割る。",
           stale=True),
        Of(page="authoring", old="Write a record.", new="Write records.", old_ja="記録を書く。",
           new_ja="記録を書きます。", stale=False),
    ]
    diff = Of(old=side, new=side, records=[], studies=[], messages=messages,
              games=["craquelure"], pages={}, message_pages={("en", "Red may swap."): 3,
                                                            ("ja", "Red may swap."): 4})
    assert errata_lines(diff, "en") == {"craquelure": [
        "p. 3: the paragraph beginning “Red may swap.…” now reads: “Red may swap once.”",
        "the rules: the paragraph beginning “Cut.…” now reads: “Cut three rays.”"]}
    assert errata_lines(diff, "ja") == {"craquelure": [
        "4ページ：「赤は交代できる。…」で始まる段落は次のようになりました：「赤は一度だけ交代できる。」",
        "ルール本文：「青が先手。…」で始まる段落は次のようになりました：「青から始めます。」",
        "ルール本文：「割る。…」で始まる段落はなくなりました。"]}


@pytest.mark.parametrize("old, new", [("X", "O"), (3, 4)])
def test_a_claim_s_new_value_is_what_each_language_says_it_became(old, new):
    """A claim the earlier edition printed whose value moved: the errata say the value
    it became as the new one, and the one printed as the old, in both books (English
    "now NEW, not OLD", Japanese 「OLD ではなく NEW になりました」), each at its own page
    and figure; a claim without an id (the page cannot quote it) is not listed."""
    from types import SimpleNamespace as Of

    from rulebook.diff import ClaimChange, RecordChange
    from rulebook.diff.report import errata_lines

    side = Of(root=Path("."), snapshot={})
    quoted = ClaimChange("who", "who", "winner", {"value": old, "expect": old, "holds": True},
                         {"value": new, "expect": old, "holds": False})
    unquoted = ClaimChange("#2", None, "winner", quoted.old, quoted.new)
    diff = Of(old=side, new=side, studies=[], messages=[], games=["qttt"], message_pages={},
              records=[RecordChange("qttt/end", "qttt", "changed", claims=[quoted, unquoted])],
              pages={("en", "qttt/end"): (3, 1), ("ja", "qttt/end"): (4, 2)})
    assert errata_lines(diff, "en") == {"qttt": [
        f"p. 3, figure 1 on the page: now {new}, not {old} (winner)."]}
    assert errata_lines(diff, "ja") == {"qttt": [
        f"4ページ、そのページの2番目の図：{old} ではなく {new} になりました（winner）。"]}


def test_panels_and_claims_added_removed_or_changed_are_each_one_change():
    """A record's panels compared index by index: a panel added at the end, or removed
    from it, is a change in both languages; a panel redrawn in one language, in that
    one.  Claims compared by key: added, removed and changed ones, in the record's
    order."""
    from rulebook.diff import _claims, _panels

    a, b, c = ({"en": {"items": [k]}, "ja": {"items": [k]}} for k in (1, 2, 3))
    redrawn = {"en": {"items": [2]}, "ja": {"items": [9]}}
    panels = lambda *scenes: [{"scenes": s} for s in scenes]  # noqa: E731
    assert _panels(panels(a, b), panels(a, b)) == []
    added = _panels(panels(a, b), panels(a, b, c))
    assert [(p.index, p.langs, p.old, p.new) for p in added] == [(3, ["en", "ja"], None, c)]
    removed = _panels(panels(a, b, c), panels(a, b))
    assert [(p.index, p.langs, p.old, p.new) for p in removed] == [(3, ["en", "ja"], c, None)]
    changed = _panels(panels(a, b), panels(a, redrawn))
    assert [(p.index, p.langs) for p in changed] == [(2, ["ja"])]

    def claim(key, value, holds=True):
        return {"key": key, "id": key, "fact": "over", "value": value, "holds": holds}

    old = [claim("x", 1), claim("gone", 2), claim("same", 3), claim("fails", 4)]
    new = [claim("x", 5), claim("same", 3), claim("fails", 4, holds=False), claim("new", 6)]
    assert [(c.key, c.old and c.old["value"], c.new and c.new["value"])
            for c in _claims(old, new)] == [("x", 1, 5), ("gone", 2, None), ("fails", 4, 4),
                                           ("new", None, 6)]


def test_an_earlier_edition_left_half_kept_is_built_again_in_its_place(tmp_path, monkeypatch):
    """The earlier books are kept per commit and game once their forms' table is
    written; a folder a stopped run left without it is replaced whole, nothing of it
    left over, and the next run takes what was kept without building again."""
    from types import SimpleNamespace

    from rulebook.diff import pages

    old_root, store = tmp_path / "old", tmp_path / "store"
    site = old_root / "build" / "games" / "qttt"
    calls = []

    def child(root, args):
        calls.append(args[:2])
        if "build" in args:
            (site / "pdf").mkdir(parents=True, exist_ok=True)
            for lang in ("en", "ja"):
                (site / "pdf" / f"qttt-{lang}.pdf").write_bytes(b"%PDF " + lang.encode())
            return SimpleNamespace(returncode=0, stdout="", stderr="")
        return SimpleNamespace(returncode=0, stdout="{}", stderr="")

    monkeypatch.setattr(pages, "_child", child)
    half = store / "abc1234" / "qttt"
    half.mkdir(parents=True)
    (half / "qttt-en.pdf").write_bytes(b"from a stopped run")
    (half / "stray.tmp").write_bytes(b"")
    kept = pages.edition(old_root, "abc1234", "qttt", store, progress=lambda line: None)
    assert kept == half
    assert sorted(p.name for p in kept.iterdir()) == ["forms.json", "qttt-en.pdf", "qttt-ja.pdf"]
    assert (kept / "qttt-en.pdf").read_bytes() == b"%PDF en"
    assert [p.name for p in (store / "abc1234").iterdir()] == ["qttt"]  # no staging left
    built = len(calls)
    assert pages.edition(old_root, "abc1234", "qttt", store, progress=lambda line: None) == half
    assert len(calls) == built  # kept: not built again


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_record_s_refused_move_is_reported_when_it_changed_and_only_then(lang):
    """A move refused now and not before is reported as refused; a move refused before
    and allowed now as allowed; the same move refused before and now as neither (it is
    no change), each in the page's language with its number and text."""
    from rulebook.diff import RecordChange
    from rulebook.diff.report import WORDS, _Html

    move = {"move": 3, "text": "b2-c3", "reason": "the cell is taken"}
    other = {"move": 5, "text": "a1-a2", "reason": "the game is over"}
    refused, allowed = WORDS[lang]["illegal"], WORDS[lang]["legal"]

    def report(**change):
        html = _Html(None)
        html.record(RecordChange("r", "qttt", "changed", **change), lang)
        return "".join(html.out)

    assert refused.format(**move) in report(illegal=move)
    assert refused.format(**move) in report(illegal=move, was_illegal=other)
    assert allowed.format(**move) in report(was_illegal=move)
    same = report(illegal=move, was_illegal=move)
    assert refused.format(**move) not in same and allowed.format(**move) not in same


def test_a_move_refused_now_is_the_change_s_refused_move_and_one_refused_before_its_earlier():
    """compare_records, of two snapshots of one record: the move the later engine
    refuses is the change's refused move, the one the earlier refused its earlier
    one; a record the change mended (refused before, all allowed now) has no refused
    move now."""
    from rulebook.diff import compare_records

    refused = {"move": 2, "text": "a1-a1", "reason": "a pair needs two cells"}
    plain = {"game": "qttt", "moves": ["a1-b2", "a1-a1"], "illegal": None,
             "claims": [], "panels": []}
    broken = {**plain, "illegal": refused}
    [now] = compare_records({"r": plain}, {"r": broken})
    assert (now.illegal, now.was_illegal) == (refused, None)
    [mended] = compare_records({"r": broken}, {"r": plain})
    assert (mended.illegal, mended.was_illegal) == (None, refused)
    assert compare_records({"r": broken}, {"r": broken}) == []


def test_a_record_that_stops_loading_is_broken_one_that_loads_again_mended():
    """compare_records, of a record whose snapshot is an error (it no longer loads): the
    change says so with the error of each side, and nothing else about the record."""
    from rulebook.diff import compare_records

    plain = {"game": "qttt", "moves": ["a1-b2"], "illegal": None, "claims": [], "panels": []}
    failing = {"game": "qttt", "error": "r.toml:3: claim winner: no such fact"}
    other = {"game": "qttt", "error": "r.toml:4: after = 9, but the record has 1 move"}
    [broken] = compare_records({"r": plain}, {"r": failing})
    assert (broken.status, broken.old_error, broken.new_error) == (
        "broken", None, failing["error"])
    [mended] = compare_records({"r": failing}, {"r": plain})
    assert (mended.status, mended.old_error, mended.new_error) == (
        "mended", failing["error"], None)
    [moved] = compare_records({"r": failing}, {"r": other})
    assert (moved.old_error, moved.new_error) == (failing["error"], other["error"])
    assert compare_records({"r": failing}, {"r": failing}) == []


def test_a_side_whose_records_cannot_be_read_is_told_by_its_last_error_line(tmp_path):
    """The child that replays a revision's records fails: the error names the side and
    quotes the last line the child wrote (the error itself, not a traceback's first
    line); a child that wrote nothing, by its exit status."""
    from types import SimpleNamespace

    from rulebook.diff import DiffError, finish_snapshot

    output = tmp_path / "side"
    output.with_suffix(".out").write_text("")
    output.with_suffix(".err").write_text(
        'Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n'
        "ValueError: figures/qttt/x.toml: not a record\n")
    child = SimpleNamespace(wait=lambda: 1, returncode=1, output=output)
    side = SimpleNamespace(label="abc1234", snapshot=None)
    with pytest.raises(DiffError) as error:
        finish_snapshot(side, child)
    assert str(error.value) == ("abc1234: the project's records cannot be read there "
                                "(ValueError: figures/qttt/x.toml: not a record)")
    output.with_suffix(".err").write_text("")
    child.returncode = 3
    with pytest.raises(DiffError, match=r"\(exit status 3\)$"):
        finish_snapshot(side, child)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_study_s_errata_give_its_new_rate_or_the_figures_that_moved(lang):
    """A moved study's errata line: the first player's win rate before and after when it
    moved; else the names of the result's figures that moved (not its inputs, options
    and players); a study that did not move gives none."""
    from types import SimpleNamespace as Of

    from rulebook.diff import StudyChange
    from rulebook.diff.report import errata_lines

    label = {"en": "Balance at four", "ja": "四人での釣り合い"}
    rate = StudyChange("qttt/balance", "qttt", label, "moved",
                       [("first_win_rate", 0.25, 0.5), ("mean_length", 9, 8)])
    other = StudyChange("necto/length", "necto", label, "moved",
                        [("mean_length", 30, 31), ("options", {}, {"size": 5}),
                         ("players", "a", "b"), ("longest", 40, 44)])
    same = StudyChange("craquelure/x", "craquelure", label, "same")
    diff = Of(records=[], messages=[], studies=[rate, other, same], pages={}, games=[])
    books = errata_lines(diff, lang)
    assert set(books) == {"qttt", "necto"}
    [rated], [moved] = books["qttt"], books["necto"]
    assert label[lang] in rated and label[lang] in moved
    new_first = lang == "en"  # "wins 50.0 %, not 25.0 %"; "25.0 % ではなく 50.0 %"
    assert re.findall(r"\d+\.\d %", rated) == (["50.0 %", "25.0 %"] if new_first
                                                 else ["25.0 %", "50.0 %"])
    from rulebook.diff.report import RESULT_WORDS

    words = RESULT_WORDS[lang]
    assert words["mean_length"] in moved and words["longest"] in moved
    assert moved.index(words["mean_length"]) < moved.index(words["longest"])  # as they moved
    bare = moved
    for name in words.values():
        bare = bare.replace(name, "")
    assert not re.search(r"mean_length|longest|options|players", bare), moved  # no raw key


def test_every_figure_a_study_stores_has_its_words_in_each_language():
    """The errata name a moved study's figures in the reader's words: every key the
    project's stored results hold (but the inputs) has them in both languages, the
    Japanese in Japanese, no two figures of a result under one name unless they are
    one interval's ends."""
    import json

    from rulebook.diff.report import RESULT_WORDS

    keys = {key for path in (ROOT / "figures").glob("*/studies/*.json")
            for key in json.loads(path.read_text())["result"]} - {"options", "players"}
    assert len(keys) > 20
    for lang in ("en", "ja"):
        words = RESULT_WORDS[lang]
        assert keys <= set(words), (lang, sorted(keys - set(words)))
        named = {}
        for key, name in words.items():
            named.setdefault(name, set()).add(key)
        assert [keys for keys in named.values() if len(keys) > 1] == [
            {"first_win_low", "first_win_high"}]
    assert not [name for name in RESULT_WORDS["ja"].values() if re.search("[A-Za-z]", name)]
    assert RESULT_WORDS["en"].keys() == RESULT_WORDS["ja"].keys()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_claim_id_that_several_records_share_is_not_resolved_by_id_alone(lang):
    """What the errata print for a ``:claim:``: each claim by ``record#id``; by its bare
    id only where one record of the game has it (a figure's own claim).  An id two records
    share is left unresolved, not given one of their values; other games' claims are not
    the page's."""
    from types import SimpleNamespace as Of

    from rulebook.diff.report import claim_values, readable

    def record(game, *claims):
        return {"game": game, "claims": [{"id": id_, "expect": value} for id_, value in claims]}

    snapshot = {"records": {
        "qttt/one": record("qttt", ("marks", 3), ("shared", 1), ("", 9)),
        "qttt/two": record("qttt", ("shared", 2), ("turns", 5)),
        "necto/three": record("necto", ("elsewhere", 4), ("marks", 8)),
    }}
    side = Of(root=ROOT, snapshot=snapshot)
    values = claim_values(side, "qttt", lang)
    assert values == {"qttt/one#marks": "3", "qttt/one#shared": "1", "qttt/two#shared": "2",
                      "qttt/two#turns": "5", "marks": "3", "turns": "5"}
    assert readable(":claim:`shared` and :claim:`qttt/two#shared`", values) == "[shared] and 2"


def test_an_unknown_option_is_refused_listing_the_game_s_options_or_saying_it_has_none():
    from rulebook.diff import DiffError, parse_options
    from rulebook.games import game_class

    names = ", ".join(p.name for p in game_class("craquelure").parameters)
    assert "min_area_percent" in names
    for text, options in (("craquelure:no_such=1", names), ("qttt:no_such=1", "none")):
        with pytest.raises(DiffError) as error:
            parse_options([text])
        game = text.split(":")[0]
        assert str(error.value) == (f"--option {text!r}: {game} has no option 'no_such' "
                                    f"(options: {options})")


@pytest.mark.parametrize("returncode, stderr, said", [
    (2, "rulebook: building…\nrulebook: docs/qttt.rst:3: ERROR: no such record\n",
     "rulebook: docs/qttt.rst:3: ERROR: no such record"),  # the build's last word
    (0, "", "no PDFs"),  # it built, but that revision made no books
])
def test_an_earlier_edition_that_cannot_build_its_books_gives_no_pages_and_says_why(
        tmp_path, monkeypatch, returncode, stderr, said):
    from rulebook.diff import pages

    monkeypatch.setattr(pages, "_child", lambda root, args: subprocess.CompletedProcess(
        args, returncode, "", stderr))
    told = []
    assert pages.edition(tmp_path, "0123456789abcdef", "qttt", tmp_path / "store", told.append) is None
    assert told[-1] == f"  the earlier qttt books do not build ({said}); the errata give no pages"
    assert not (tmp_path / "store").exists()


@pytest.mark.parametrize("old, new, beyond", [
    ((0.55, 0.45, 0.65), (0.56, 0.46, 0.66), False),  # each rate in the other's interval
    ((0.55, 0.45, 0.65), (0.62, 0.60, 0.64), True),   # the old rate outside the new interval only
    ((0.55, 0.54, 0.56), (0.60, 0.40, 0.80), True),   # the new rate outside the old interval only
    ((0.30, 0.25, 0.35), (0.70, 0.65, 0.75), True),   # each outside the other's
    ((0.50, 0.45, 0.55), (0.55, 0.50, 0.60), False),  # on the edges: still within
])
def test_a_study_moves_beyond_chance_when_either_run_leaves_the_other_s_interval(old, new, beyond):
    """The errata's "beyond its 95 % interval": a first-player win rate outside the other
    run's interval, whichever run's; a rate on an interval's edge is within it."""
    from rulebook.diff import result_moves

    def result(rate, low, high):
        return {"first_win_rate": rate, "first_win_low": low, "first_win_high": high, "games": 400}

    moves, found = result_moves(result(*old), result(*new))
    assert found is beyond
    assert [key for key, _, _ in moves] == sorted(k for k in result(*old)
                                                 if result(*old)[k] != result(*new)[k])


def test_an_exact_result_that_moves_at_all_is_beyond_chance():
    from rulebook.diff import result_moves

    assert result_moves({"value": 1, "moves": 5}, {"value": 1, "moves": 5}) == ([], False)
    assert result_moves({"value": 1}, {"value": 0}) == ([("value", 1, 0)], True)


def test_the_earlier_books_opened_are_those_of_games_whose_records_were_there(
        tmp_path, monkeypatch):
    """Page numbers of the earlier edition are looked up in the books of every game with
    a record removed or changed (they were in those books), never built for a game whose
    records were only added (not in any earlier book)."""
    from types import SimpleNamespace as Of

    from rulebook.diff import pages

    opened = []
    monkeypatch.setattr(pages, "edition",
                        lambda root, commit, game, store, progress: opened.append(game))
    records = [Of(game="qttt", status="removed"), Of(game="necto", status="added"),
               Of(game="inphexion", status="changed"), Of(game="craquelure", status="added")]
    diff = Of(old=Of(revision="abc123", root=tmp_path), records=records, messages=[],
              games=["craquelure", "inphexion", "necto", "qttt"], pages={}, message_pages={})
    pages.find_pages(diff, tmp_path / "store", progress=lambda text: None)
    assert opened == ["inphexion", "qttt"]


def test_each_changed_module_is_listed_under_its_game_or_the_shared_ones(tmp_path):
    """Every module of the package, changed alone between two trees (and added, and
    removed): listed under the game whose folder holds it (``games/<game>/...``), else
    among the shared modules (``""``: the package's own, ``games/__init__.py`` and
    any other module beside the games' folders), as the file it is, once."""
    from rulebook.diff import compare_engines

    package = ROOT / "src" / "rulebook"
    modules = sorted(p.relative_to(package.parent).as_posix() for p in package.rglob("*.py"))
    old, new = tmp_path / "old", tmp_path / "new"
    for root in (old, new):
        for name in modules:
            (root / "src" / name).parent.mkdir(parents=True, exist_ok=True)
            (root / "src" / name).write_text("")
    games = 0
    for number, name in enumerate(modules):
        parts = name.split("/")
        folder = parts[2] if parts[1] == "games" and (package / "games" / parts[2]).is_dir() else ""
        games += folder != ""
        (new / "src" / name).write_text("changed")
        assert compare_engines(old, new) == {folder: [f"src/{name} (changed)"]}, name
        if number % 4 == 0 or len(parts) < 4:  # (each reads every file: a sample of the rest)
            (new / "src" / name).unlink()
            assert compare_engines(old, new) == {folder: [f"src/{name} (removed)"]}, name
            assert compare_engines(new, old) == {folder: [f"src/{name} (added)"]}, name
        (new / "src" / name).write_text("")
    assert compare_engines(old, new) == {}
    assert 20 < games < len(modules), games  # the games' modules and the shared ones


@pytest.mark.parametrize("text", ["craquelure:=1.0", "craquelure: =1.0", ":min_area_percent=1.0",
                                  " :min_area_percent=1.0", "craquelure:min_area_percent",
                                  "min_area_percent=1.0", "", "=", ":="])
def test_an_option_with_a_part_missing_is_refused_naming_the_form(text):
    """--option GAME:NAME=VALUE with its game, its name or its '=' missing or blank."""
    from rulebook.diff import DiffError, parse_options

    with pytest.raises(DiffError) as error:
        parse_options([text])
    assert str(error.value) == (f"--option {text!r}: write GAME:NAME=VALUE "
                                "(e.g. craquelure:min_area_percent=1.0)")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_language_s_errata_name_what_changed_in_that_language_and_only_its_panels(lang):
    """One book's errata (``errata_lines``), for a change of every kind a reader of one
    language sees: a study names its label in the book's language (its rate moved, or
    another of its figures), a record's panels are those drawn differently in that
    language only (one in both, one in each alone)."""
    from types import SimpleNamespace as Of

    from rulebook.diff.report import errata_lines

    labels = [{"en": "Random play", "ja": "ランダムな着手"}, {"en": "Perfect play", "ja": "完全な読み"}]
    panels = [Of(index=1, langs=["en", "ja"]), Of(index=2, langs=["en"]), Of(index=3, langs=["ja"])]
    diff = Of(records=[Of(name="qttt/cycle", status="changed", game="qttt", illegal=None,
                          was_illegal=None, panels=panels, claims=[]),
                       Of(name="qttt/new-one", status="added", game="qttt")],
              messages=[], pages={}, message_pages={}, games=["qttt"],
              studies=[Of(status="moved", game="qttt", name="qttt/random", label=labels[0],
                          moves=[("first_win_rate", 0.5, 0.625)]),
                       Of(status="moved", game="qttt", name="qttt/solve", label=labels[1],
                          moves=[("winner", "X", "draw"), ("options", {}, {})]),
                       Of(status="same", game="qttt", name="qttt/other", label=labels[0], moves=[])])
    lines = errata_lines(diff, lang)["qttt"]
    other = "ja" if lang == "en" else "en"
    text = "\n".join(lines)
    for label in labels:
        assert text.count(f"{label[lang]}") == 1 and label[other] not in text, text
    drawn = [line for line in lines if "cycle" in line]
    assert len(drawn) == 1, lines
    mine = [p.index for p in panels if lang in p.langs]
    assert re.findall(r"\d+", drawn[0].split("cycle", 1)[1]) == [str(k) for k in mine], drawn
    from rulebook.diff.report import RESULT_WORDS

    assert "62.5 %" in text and "50.0 %" in text and "options" not in text
    assert RESULT_WORDS[lang]["winner"] in text and ("winner" in text) == (lang == "en")


@pytest.mark.parametrize("knows_the_option", [True, False])
def test_an_earlier_edition_s_books_are_built_as_a4_alone_by_any_rulebook(
        tmp_path, monkeypatch, knows_the_option):
    """The earlier revision's books, for the errata's page numbers, are built with
    ``--no-formats`` (the A4 books are all the errata read); a revision whose
    rulebook predates the option refuses it, and is asked again without it."""
    from rulebook.diff import pages

    old = tmp_path / "old"
    calls = []

    def child(root, args):
        calls.append(args)
        if args[:2] == ["-m", "rulebook.cli"]:
            if "--no-formats" in args and not knows_the_option:
                return subprocess.CompletedProcess(args, 2, "", "rulebook: error: "
                                                   "unrecognized arguments: --no-formats")
            books = old / "build" / "games" / "qttt" / "pdf"
            books.mkdir(parents=True, exist_ok=True)
            for lang in ("en", "ja"):
                (books / f"qttt-{lang}.pdf").write_bytes(b"%PDF " + lang.encode())
            return subprocess.CompletedProcess(args, 0, "", "")
        return subprocess.CompletedProcess(args, 0, "{}", "")

    monkeypatch.setattr(pages, "_child", child)
    kept = pages.edition(old, "abc1234", "qttt", tmp_path / "store", lambda line: None)
    builds = [args for args in calls if args[:2] == ["-m", "rulebook.cli"]]
    first = ["-m", "rulebook.cli", "build", "--game", "qttt", "-q", "--no-formats"]
    assert builds == ([first] if knows_the_option else [first, first[:-1]])
    assert sorted(p.name for p in kept.iterdir()) == ["forms.json", "qttt-en.pdf", "qttt-ja.pdf"]


def test_a_figure_s_page_is_the_first_that_draws_it_and_its_place_among_that_page_s_figures(
        tmp_path):
    """``figure_pages`` over PDFs whose pages draw panels' forms in random orders (a
    figure whose panels run over pages, one drawn again later): each record's page is
    the first that draws one of its panels, and its place is its rank among the records
    that page draws, in drawing order; worked out here from the plan of the PDF."""
    import io
    import random

    from reportlab.pdfgen.canvas import Canvas

    from rulebook.diff.pages import figure_pages

    rng = random.Random(8)
    forms = {f"rulebook{n:02x}": {"record": f"game/r{n % 4}", "lang": "en"} for n in range(8)}
    for trial in range(20):
        plan = [rng.choices(list(forms), k=rng.randrange(0, 4)) for _ in range(rng.randrange(1, 7))]
        out = io.BytesIO()
        canvas = Canvas(out, invariant=1)
        for name in forms:
            canvas.beginForm(name)
            canvas.rect(0, 0, 10, 10)
            canvas.endForm()
        for names in plan:
            for name in names:
                canvas.doForm(name)
            canvas.showPage()
        canvas.save()
        book = tmp_path / f"book-{trial}.pdf"
        book.write_bytes(out.getvalue())
        expected = {}
        for number, names in enumerate(plan, start=1):
            order = list(dict.fromkeys(forms[name]["record"] for name in names))
            for nth, record in enumerate(order, start=1):
                expected.setdefault(record, (number, nth))
        assert figure_pages(book, forms) == expected, plan


# --- records replayed once where both sides would replay them alike -----------------------

def test_records_whose_replay_reads_the_same_on_both_sides_are_replayed_once(
        history, tmp_path, monkeypatch):
    """Only Craquelure's rules changed between the history's two commits: of the
    records of Craquelure and QTTT, the earlier side replays Craquelure's alone and
    takes QTTT's from the later side, which are what its own replay gives."""
    from rulebook import diff as diffing

    asked, start = [], diffing.start_snapshot
    monkeypatch.setattr(diffing, "start_snapshot", lambda side, output, games=None: (
        asked.append((side.root, games)) or start(side, output, games)))
    old, new = diffing.sides(history, tmp_path, "HEAD~1", None, [])
    diffing.snapshot_both(old, new, tmp_path, ["craquelure", "qttt"])
    assert asked == [(old.root, ["craquelure"]), (history, ["craquelure", "qttt"])]
    shared = old.snapshot["records"]
    assert {name.split("/")[0] for name in shared} == {"craquelure", "qttt"}
    assert len(shared) == len([path for path in find_records(old.root / "figures")
                               if path.parent.name in ("craquelure", "qttt")])
    alone = diffing.finish_snapshot(old, start(old, tmp_path / "qttt", ["qttt"]))["records"]
    assert alone and {name: shared[name] for name in shared if name.startswith("qttt/")} == alone


def test_a_record_that_does_not_load_on_both_sides_is_read_by_each(history, tmp_path):
    """A record that does not load names its side's own path, so a folder holding one
    is replayed by both sides even where their inputs are the same."""
    from rulebook import diff as diffing

    project = tmp_path / "project"
    subprocess.run([*GIT, "clone", "-q", str(history), str(project)], check=True)
    for game in ("necto", "craquelure", "inphexion"):
        shutil.rmtree(project / "figures" / game)
    (project / "figures" / "qttt" / "broken.toml").write_text('game = "qttt"\nmoves = ["a1"]\n'
                                                              '[[claim]]\nfact = "no_such"\n')
    git(project, "add", "-A")
    git(project, "commit", "-qm", "a broken record")
    old, new = diffing.sides(project, tmp_path / "scratch", "HEAD", None, [])
    diffing.snapshot_both(old, new, tmp_path, None)
    for side in (old, new):
        error = side.snapshot["records"]["qttt/broken"]["error"]
        assert str(side.root / "figures") in error, (side.label, error)
    assert old.snapshot["records"]["qttt/cycle-two"] == new.snapshot["records"]["qttt/cycle-two"]


def test_what_replaying_a_folder_reads_is_its_records_the_package_and_their_games_options(
        tmp_path):
    """``replay_inputs``: a folder's records, every module but the other games' own
    folders (a record may name a game other than its folder's), and the defaults of
    the games its records name; an unreadable record makes it unknown (None)."""
    from rulebook.diff import Side, replay_inputs

    root = tmp_path / "project"
    files = {"src/rulebook/game.py": "shared", "src/rulebook/games/__init__.py": "registry",
             "src/rulebook/games/a/rules.py": "a", "src/rulebook/games/b/rules.py": "b",
             "src/rulebook/games/c/rules.py": "c", "figures/a/one.toml": 'game = "a"\n',
             "figures/b/one.toml": 'game = "b"\n', "figures/a/studies/s.toml": "games = 1\n"}
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    side = Side(root, "here")
    first = replay_inputs(side, "a")

    def changed(name, text=None, defaults=None) -> bool:
        path = root / name
        before = path.read_text() if path.exists() else None
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text if text is not None else (before or "") + "# edited\n")
        side.defaults = defaults or {}
        try:
            return replay_inputs(side, "a") != first
        finally:
            path.unlink() if before is None else path.write_text(before)
            side.defaults = {}

    for name in ("src/rulebook/game.py", "src/rulebook/games/__init__.py",
                 "src/rulebook/games/a/rules.py", "src/rulebook/games/a/new.py",
                 "figures/a/one.toml", "figures/a/studies/s.toml", "src/rulebook/kits/new.py"):
        assert changed(name), name
    for name in ("src/rulebook/games/b/rules.py", "figures/b/one.toml",
                 "src/rulebook/games/a/__pycache__/rules.cpython-311.pyc",
                 "src/rulebook.egg-info/PKG-INFO", "docs/index.rst"):
        assert not changed(name), name
    assert changed("src/rulebook/game.py", "shared", {"a": {"size": 5}})
    assert not changed("src/rulebook/game.py", "shared", {"b": {"size": 5}})
    (root / "figures" / "a" / "two.toml").write_text('game = "b"\n')
    first = replay_inputs(side, "a")
    assert changed("src/rulebook/games/b/rules.py")
    assert not changed("src/rulebook/games/c/rules.py")
    for bad in ("moves = [\n", "moves = []\n", "game = 3\n", "\udcff"):
        (root / "figures" / "a" / "two.toml").write_text(bad, errors="surrogateescape")
        assert replay_inputs(side, "a") is None, bad


@pytest.mark.parametrize("fuzzy, translated, stale", [
    (False, True, False), (True, True, True), (False, False, True), (True, False, True)])
def test_a_changed_or_new_paragraph_s_japanese_is_stale_when_fuzzy_or_missing(
        tmp_path, fuzzy, translated, stale):
    """A paragraph whose English changed, and one that is new: its Japanese is stale
    (the errata leave it out) when it is marked fuzzy or missing, and not otherwise."""
    from rulebook.diff import compare_pages

    def catalog(root, *entries):
        path = root / "docs" / "locale" / "ja" / "LC_MESSAGES" / "page.po"
        path.parent.mkdir(parents=True)
        path.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                        + "".join(f'{"#, fuzzy" + chr(10) if flag else ""}msgid "{en}"\n'
                                  f'msgstr "{ja}"\n\n' for en, ja, flag in entries),
                        encoding="utf-8")

    japanese = "新しい訳。" if translated else ""
    catalog(tmp_path / "old", ("Kept.", "そのまま。", False), ("Changed.", "前の訳。", False))
    catalog(tmp_path / "new", ("Kept.", "そのまま。", False),
            ("Changed now.", japanese, fuzzy), ("Added.", japanese, fuzzy))
    changes = compare_pages(tmp_path / "old", tmp_path / "new")
    assert [(c.old, c.new, c.stale) for c in changes] == [
        ("Changed.", "Changed now.", stale), (None, "Added.", stale)], changes
