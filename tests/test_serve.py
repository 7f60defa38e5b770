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
