"""``rulebook serve``: the preview follows the sources, and a failed build shows
its errors on the page instead of a stale site.

Runs the command as an author does, in a subprocess, on a one-page project
(``small_project``) and a free port."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from rulebook import serve

from small_project import make_project

CAPTION = "The cycle links :claim:`pairs` pairs, so :claim:`chooser` chooses."
TRANSLATIONS = {
    "Cycles": "輪",
    "Pairs of marks form a cycle.": "マークの組が輪をつくります。",
    CAPTION: "輪は\\ :claim:`pairs`\\ 組をつなぐので、\\ :claim:`chooser`\\ が選びます。",
}
SRC = Path(serve.__file__).resolve().parent.parent
ROOT = Path(__file__).resolve().parents[1]  # the project these tests are of (its data)


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def text(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


@pytest.fixture
def served(tmp_path):
    project = make_project(tmp_path / "project", CAPTION, TRANSLATIONS)
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    process = subprocess.Popen([sys.executable, "-m", "rulebook.cli", "serve", "--port", "0"],
                               cwd=project.root, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    try:
        first = process.stdout.readline()
        url = re.search(r"Serving (http://127\.0\.0\.1:\d+/)", first).group(1)
        yield project, url, process
    finally:
        process.terminate()
        process.wait(timeout=10)


def next_build(url: str, after: int, timeout: float = 60) -> dict:
    """Wait for the build after build number ``after``; its state."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = json.loads(get(url + serve.VERSION_PATH.lstrip("/"))[1])
        if state["version"] > after:
            return state
        time.sleep(0.2)
    pytest.fail(f"no build after build {after} within {timeout} s")


def test_an_edit_is_rebuilt_an_error_is_shown_and_a_fix_brings_the_page_back(served):
    project, url, process = served
    state = next_build(url, 0)
    assert state["ok"]
    status, page = get(url + "en/index.html")
    assert status == 200 and "The cycle links 3 pairs, so O chooses." in text(page)
    assert "data-rulebook-serve" in page  # the reload script, added as it is served
    status, japanese = get(url + "ja/index.html")
    assert status == 200 and "輪は3組をつなぐので、Oが選びます。" in text(japanese)
    built = list((project.root / "build" / serve.PREVIEW).rglob("*.html"))
    assert built and not any("data-rulebook-serve" in p.read_text(encoding="utf-8")
                             for p in built)  # ... and never written into the files
    assert not (project.root / "build" / "site").exists()  # only rulebook build makes it
    status, body = get(url + "pdf/index-en.pdf")
    assert status == 404 and "rulebook build" in body

    record = project.figures / "qttt" / "cycle.toml"
    good = record.read_text()
    record.write_text(good.replace("expect = 3\n", "expect = 4\n", 1))  # a false claim
    started = time.monotonic()
    state = next_build(url, state["version"])
    latency = time.monotonic() - started
    assert not state["ok"]
    status, page = get(url + "en/index.html")
    assert status == 500 and "Build failed" in page and "data-rulebook-serve" in page
    assert re.search(r"<code>figures/qttt/cycle\.toml:\d+: claim #1 'pairs' \(spooky_count\) "
                     r"is false: expected 4, engine says 3</code>", html.unescape(page))
    print(f"\nrebuild after an edit, to the error on the page: {latency:.1f} s")

    # The record fixed; the Japanese caption now states a number no claim checks,
    # which only the Japanese page's own build finds.
    po = project.docs / "locale" / "ja" / "LC_MESSAGES" / "index.po"
    translated = po.read_text(encoding="utf-8")
    record.write_text(good)
    po.write_text(translated.replace("組をつなぐので", "組（3組）をつなぐので"), encoding="utf-8")
    state = next_build(url, state["version"])
    gate = "figure qttt/cycle (ja, translated in"
    assert not state["ok"] and gate in html.unescape(get(url + "ja/index.html")[1])
    # A change elsewhere: the failed page is read again, so its error stays.
    glossary = project.docs / "locale" / "ja" / "glossary" / "common.toml"
    glossary.parent.mkdir()
    glossary.write_text('[[term]]\nen = "cycle"\nja = "輪"\navoid = []\n', encoding="utf-8")
    state = next_build(url, state["version"])
    assert not state["ok"] and gate in html.unescape(get(url + "ja/index.html")[1])

    po.write_text(translated, encoding="utf-8")
    state = next_build(url, state["version"])
    assert state["ok"]
    status, page = get(url + "ja/index.html")
    assert status == 200 and "輪は3組をつなぐので、Oが選びます。" in text(page)

    # The console told each build's end as it came: a good build by its summary (the
    # first with the records' counts), a failed one by "Build failed" and its errors.
    process.terminate()
    process.wait(timeout=10)
    console = process.stdout.read().splitlines()
    ends = [line for line in console if line.startswith(("Preview built: ", "Build failed ("))]
    assert [line.split(":")[0].split(" (")[0] for line in ends] == \
        ["Preview built", "Build failed", "Build failed", "Build failed", "Preview built"], console
    assert re.fullmatch(r"Preview built: 3 claims in 1 record checked; [\d.]+ s "
                        r"\(translations [\d.]+ s, en [\d.]+ s, ja [\d.]+ s\)\.", ends[0]), ends[0]
    failed = console.index(ends[1])
    assert "figures/qttt/cycle.toml" in console[failed + 1] and "is false" in console[failed + 1]


def test_an_incremental_build_keeps_the_catalog_in_step_with_its_games(tmp_path):
    """Only the changed game page is read again, and the front page, whose toctree
    lists it, is written again with the catalog made from the new game info."""
    from rulebook.build import _sphinx

    project = make_project(tmp_path / "project", CAPTION)
    (project.docs / "index.rst").write_text(
        "Games\n=====\n\n.. game-catalog::\n\n.. toctree::\n   :hidden:\n\n   qttt\n",
        encoding="utf-8")
    game = project.docs / "qttt.rst"
    info = "Quantum\n=======\n\n.. game-info:: qttt\n\n   :Players: 2\n\n   {}\n"
    game.write_text(info.format("Marks in two cells at once."), encoding="utf-8")

    def build() -> str:
        _sphinx(project, "html", "en", tmp_path / "out", tmp_path / "doctrees", tmp_path / "f",
                fresh=False)
        return text((tmp_path / "out" / "index.html").read_text(encoding="utf-8"))

    assert "Marks in two cells at once." in build()
    time.sleep(0.01)
    game.write_text(info.format("Every mark is written twice."), encoding="utf-8")
    catalog = build()
    assert "Every mark is written twice." in catalog and "two cells at once" not in catalog


# --- an edit shows in seconds, in the real project, in a real browser ---------------

# From the file's write to the page showing the change.  On a quiet machine an
# edit shows in under 3 s (benchmarks/bench_serve.py measures it: speed is a
# benchmark's to measure); here the suite runs on every core at once, so the bound
# is the "seconds, not minutes": it fails if an edit waits for a full build
# (a minute or more while the suite runs; an edit took up to 17 s then).
EDIT_SECONDS = 30.0


@pytest.fixture(scope="module")
def served_project(tmp_path_factory):
    """``rulebook serve`` on a copy of the whole project, its first build done."""
    from conftest import copy_project

    project = copy_project(tmp_path_factory.mktemp("served"))
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    process = subprocess.Popen([sys.executable, "-m", "rulebook.cli", "serve", "--port", "0"],
                               cwd=project, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    try:
        url = re.search(r"Serving (http://127\.0\.0\.1:\d+/)", process.stdout.readline()).group(1)
        assert next_build(url, 0, timeout=300)["ok"]
        yield project, url
    finally:
        process.terminate()
        process.wait(timeout=20)


def shown_after_edit(page, path: Path, old: str, new: str, expected: str) -> float:
    """Replace ``old`` by ``new`` in ``path``; seconds until the open page (reloaded
    by the server) shows ``expected`` (in its text or its images' alt text)."""
    page.evaluate("() => { window.beforeEdit = true; }")  # gone once the page reloads
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    started = time.monotonic()
    page.wait_for_function("expected => !window.beforeEdit && (document.body.innerText"
                           " + [...document.images].map(i => i.alt).join(' ')).includes(expected)",
                           arg=expected, timeout=60_000, polling=20)
    return time.monotonic() - started


def test_the_preview_s_pages_are_the_site_s_byte_for_byte(served_project, built_site):
    """What ``serve`` first builds (into build/preview, before any edit) is what ``rulebook
    build`` publishes: every page of the site, in each language, the same bytes (the
    reload script is added as a page is served, not written)."""
    project, url = served_project
    site, preview = built_site.build / "site", project / "build" / serve.PREVIEW
    pages = sorted(p.relative_to(site) for lang in ("en", "ja") for p in (site / lang).rglob("*.html"))
    assert len(pages) >= 20
    differ = [str(page) for page in pages
              if not (preview / page).is_file() or (preview / page).read_bytes() != (site / page).read_bytes()]
    assert not differ, differ


def test_an_edited_record_or_catalog_message_shows_in_the_open_page_within_seconds(
        served_project, browser):
    project, url = served_project
    record = project / "figures" / "qttt" / "both-lines.toml"
    catalog = project / "docs" / "locale" / "ja" / "LC_MESSAGES" / "qttt.po"
    times = {}
    page = browser.new_page()
    page.goto(url + "en/qttt.html")
    # a record's panel label: the figure is drawn again
    times["record"] = shown_after_edit(page, record, 'en = "A cycle closes"',
                                       'en = "The cycle closes"', "The cycle closes")
    # a claim made false: the page gives way to the error, naming the record
    times["false claim"] = shown_after_edit(
        page, record, 'id = "closer"\nfact = "owner"\nafter = 6\nmark = 6\nexpect = "O"',
        'id = "closer"\nfact = "owner"\nafter = 6\nmark = 6\nexpect = "X"',
        "figures/qttt/both-lines.toml")
    times["claim fixed"] = shown_after_edit(
        page, record, 'mark = 6\nexpect = "X"', 'mark = 6\nexpect = "O"', "The cycle closes")
    # a caption's translation in the catalog
    page.goto(url + "ja/qttt.html")
    times["catalog"] = shown_after_edit(page, catalog, "輪と、両者にラインができる収縮。",
                                        "輪と、両者に同時にラインができる収縮。",
                                        "輪と、両者に同時にラインができる収縮。")
    page.close()
    print("\nfrom the write to the page showing it: "
          + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in times.items()))
    assert all(seconds < EDIT_SECONDS for seconds in times.values()), times


def test_each_change_rebuilds_only_what_it_can_touch(tmp_path):
    project = make_project(tmp_path / "project", CAPTION)
    package = SRC / "rulebook"
    po = project.docs / "locale" / "ja" / "LC_MESSAGES" / "index.po"
    record = project.figures / "qttt" / "cycle.toml"
    page = project.docs / "index.rst"

    def scope(*paths, after_failure=False):
        return serve.scope_of(list(paths), project, package, after_failure)

    assert scope(package / "games" / "qttt" / "drawing.py").fresh
    assert scope(po) == serve.Scope(False, ("ja",), "catalogs", records=False)
    assert scope(record) == serve.Scope(False, ("en", "ja"), "none", records=True)
    assert scope(page) == serve.Scope(False, ("en", "ja"), "read", records=False)
    assert scope(po, page) == serve.Scope(False, ("en", "ja"), "read", records=False)
    assert scope(po, record) == serve.Scope(False, ("en", "ja"), "catalogs", records=True)
    assert scope(po, after_failure=True) == serve.Scope(False, ("en", "ja"), "read")
    # a false record keeps being checked, whatever changes next, until it holds
    assert serve.scope_of([page], project, package, False, records_failed=True).records
    for made in (serve.Scope(), scope(po), scope(record)):
        assert serve.Scope.from_order(made.order()) == made
    # after the build before: a success, a failure at the pages, one at the records
    after = {(failed, pages): serve.scope_after([po], project, package, failed, pages)
             for failed, pages in ((False, True), (True, True), (True, False))}
    assert after[False, True] == scope(po)  # only what the change can touch
    assert after[True, True] == serve.Scope(False, ("en", "ja"), "read")  # all read again
    assert after[True, False] == serve.Scope(False, ("ja",), "catalogs", records=True)


def test_what_a_batch_of_changes_rebuilds_does_not_hang_on_their_order(tmp_path):
    """The watcher hands over the files changed since the last build in whatever order
    they were seen: every order of every batch of a catalog, a record, a page and the
    package's code gives the same scope, the union of what each needs."""
    import itertools

    project = make_project(tmp_path / "project", CAPTION)
    package = SRC / "rulebook"
    kinds = [project.docs / "locale" / "ja" / "LC_MESSAGES" / "index.po",
             project.figures / "qttt" / "cycle.toml", project.docs / "index.rst",
             package / "games" / "qttt" / "drawing.py"]
    for size in range(2, len(kinds) + 1):
        for batch in itertools.combinations(kinds, size):
            scopes = {serve.scope_of(list(order), project, package, False)
                      for order in itertools.permutations(batch)}
            assert len(scopes) == 1, (batch, scopes)
            (scope,) = scopes
            alone = [serve.scope_of([path], project, package, False) for path in batch]
            if any(a.fresh for a in alone):
                assert scope.fresh
                continue
            assert set(scope.languages) == {lang for a in alone for lang in a.languages}
            assert scope.records == any(a.records for a in alone)
            assert scope.translations == max((a.translations for a in alone),
                                             key=["none", "catalogs", "read"].index)


def held(lock) -> bool:
    """Whether another process holds the lock (ours is let go at once if we got it)."""
    import fcntl

    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    fcntl.flock(lock, fcntl.LOCK_UN)
    return False


def test_a_serve_killed_during_a_rebuild_leaves_no_build_holding_the_lock(tmp_path):
    """The build's process ends with the server, however the server ends: the
    lock is free at once, not when that build would have finished (a record of
    3,000 cuts takes it several seconds to replay)."""
    import fcntl
    import signal

    project = make_project(tmp_path / "project", CAPTION, TRANSLATIONS)
    cuts = (ROOT / "benchmarks" / "data" / "craquelure-10000-cuts.toml").read_text().splitlines()
    process = subprocess.Popen([sys.executable, "-m", "rulebook.cli", "serve", "--port", "0"],
                               cwd=project.root, env={**os.environ, "PYTHONPATH": str(SRC)},
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = re.search(r"Serving (http://127\.0\.0\.1:\d+/)", process.stdout.readline()).group(1)
        assert next_build(url, 0, timeout=120)["ok"]
        (project.figures / "craquelure").mkdir()  # a long record, added: the rebuild replays it
        (project.figures / "craquelure" / "long.toml").write_text(
            "\n".join(cuts[:3003]) + '\n"""\n', encoding="utf-8")
        while "rebuilding" not in process.stdout.readline():  # the rebuild has started
            pass
        with open(project.root / "build" / ".lock", "w") as lock:
            deadline = time.monotonic() + 60
            while not held(lock):  # the rebuild replays the long record, holding the lock
                assert time.monotonic() < deadline, "the rebuild never took the lock"
                time.sleep(0.02)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
    killed = time.monotonic()
    with open(project.root / "build" / ".lock", "w") as lock:
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                # well under the seconds the replay still needs (more under load)
                assert time.monotonic() - killed < 5, "a child of the killed serve holds the lock"
                time.sleep(0.05)


def test_the_failed_build_page_shows_each_error_line_as_written():
    """An error may quote markup or '&' (a caption's text, a TOML value): the page shows
    each line as text, character for character, and adds no element of its own."""
    from html.parser import HTMLParser

    lines = ["docs/index.rst:3: ERROR: '<b>X</b> & O' in caption", "a < b && c > d", "plain"]

    class Codes(HTMLParser):
        def __init__(self):
            super().__init__()
            self.codes, self.tags, self.inside = [], [], False

        def handle_starttag(self, tag, attrs):
            self.tags.append(tag)
            if tag == "code":
                self.inside = True
                self.codes.append("")

        def handle_endtag(self, tag):
            self.inside = self.inside and tag != "code"

        def handle_data(self, data):
            if self.inside:
                self.codes[-1] += data

    page = Codes()
    page.feed(serve.error_page(lines))
    assert page.codes == lines
    assert "b" not in page.tags


# every way a browser or an author may ask for one page: a folder, a query (a cache
# buster, a play page's settings), a fragment, a letter percent-encoded
PAGE_ADDRESSES = ("en/index.html", "en/", "en/index.html?x=1", "en/?lang=ja", "en/index.html#rules",
                  "en/%69ndex.html", "en/index%2Ehtml?x=1#top")


def test_each_request_gets_the_answer_of_the_build_state_it_meets(tmp_path):
    """Before the first build a page is 'Building' (503) that reloads itself; once
    built, the page with the reload script added; after a failed build, the errors
    (500); a folder's index.html; other files as they are; no PDFs; the version."""
    import threading
    from functools import partial

    out = tmp_path / "preview"
    state = serve.BuildState()
    handler = partial(serve.PreviewHandler, state=state, directory=str(out))
    server = serve._Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        out.mkdir()
        status, page = get(url + "en/index.html")
        assert status == 503 and "Building the preview" in page and "data-rulebook-serve" in page
        assert get(url + "en/")[0] == 503
        assert get(url + "_static/play.css")[0] == 404  # not a page: no "Building" for it
        assert json.loads(get(url + serve.VERSION_PATH.lstrip("/"))[1]) == {"version": 0,
                                                                            "ok": True}

        (out / "en").mkdir()
        (out / "en" / "index.html").write_text("<html><body><p>Rules</p></body></html>")
        (out / "en" / "style.css").write_text("p { color: red }")
        state.finished([])
        for address in PAGE_ADDRESSES:
            status, page = get(url + address)
            assert status == 200 and page.startswith("<html><body><p>Rules</p>"), address
            assert page.index("data-rulebook-serve") < page.index("</body>"), address
        for address in ("en/style.css", "en/style.css?v=2", "en/style%2Ecss"):
            assert get(url + address) == (200, "p { color: red }"), address  # no script in it
        assert get(url + "en/missing.html")[0] == 404
        status, body = get(url + "pdf/rules-en.pdf")
        assert status == 404 and body == serve.PDF_NOTE

        state.finished(["figures/qttt/a.toml:3: claim #1 is false"])
        for address in PAGE_ADDRESSES:
            status, page = get(url + address)
            assert status == 500, address
            assert "<code>figures/qttt/a.toml:3: claim #1 is false</code>" in page, address
        assert get(url + "en/style.css") == (200, "p { color: red }")
        assert json.loads(get(url + serve.VERSION_PATH.lstrip("/"))[1]) == {"version": 2,
                                                                            "ok": False}
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("count, said", [
    (1, "Changed: docs/p0.rst; rebuilding"),
    (3, "Changed: docs/p0.rst, docs/p1.rst, docs/p2.rst; rebuilding"),
    (4, "Changed: docs/p0.rst, docs/p1.rst, docs/p2.rst and 1 more; rebuilding"),
    (9, "Changed: docs/p0.rst, docs/p1.rst, docs/p2.rst and 6 more; rebuilding"),
])
def test_serve_names_the_first_three_changes_and_counts_the_rest(tmp_path, count, said):
    changed = [tmp_path / "docs" / f"p{k}.rst" for k in range(count)]
    assert serve.changed_line(changed, tmp_path) == said
    assert serve.changed_line([Path("/elsewhere/x.rst")], tmp_path) == \
        "Changed: /elsewhere/x.rst; rebuilding"  # outside the project: as it is


@pytest.mark.parametrize("path, rebuilds", [
    ("docs/qttt.rst", True),
    ("figures/qttt/cycle.toml", True),
    ("src/rulebook/games/qttt/rules.py", True),
    ("docs/locale/ja/LC_MESSAGES/qttt.po", True),
    ("docs/locale/ja/LC_MESSAGES/qttt.mo", False),  # the build compiles it: no loop
    ("src/rulebook/__pycache__/game.cpython-311.pyc", False),
    ("src/rulebook/__pycache__/README", False),
    ("docs/.#qttt.rst", False),  # Emacs's lock file of an open page
    ("figures/qttt/cycle.toml~", False),  # an editor's backup
    ("docs/notes.rst~draft", True),
])
def test_serve_rebuilds_for_an_author_s_files_not_for_what_tools_write_beside_them(path, rebuilds):
    assert serve._watched(None, str(Path("/book") / path)) is rebuilds
