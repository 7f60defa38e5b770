"""How long an edit takes to show in ``rulebook serve``: from the file's write to the
open page showing the change, in headless Chromium.

    python benchmarks/bench_serve.py [--edits 5]

Serves a copy of the project (its figures from the user's figure cache, as an
author's are) and makes, ``edits`` times each, the edits an author makes: a
record's panel label (its figure is drawn again), a claim made false (the page
gives way to the error naming the record) and fixed again, and a caption's
Japanese translation in its catalog.  Prints each kind's median and worst time,
and the first (fresh) preview build's.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from project_copy import project_copy

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from chromium import ARGS, CHROMIUM  # noqa: E402
from test_serve import shown_after_edit as shown_after  # noqa: E402  (the test's own timing)


def version(url: str) -> dict:
    with urllib.request.urlopen(url + "__rulebook__/version", timeout=10) as response:
        return json.loads(response.read())


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--edits", type=int, default=5)
    args = parser.parse_args()
    if args.edits < 1:
        parser.error("--edits must be at least 1")
    times: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        project = project_copy(Path(scratch))
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        started = time.monotonic()
        server = subprocess.Popen([sys.executable, "-m", "rulebook.cli", "serve", "--port", "0"],
                                  cwd=project, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True)
        try:
            url = re.search(r"(http://127\.0\.0\.1:\d+/)", server.stdout.readline()).group(1)
            while version(url)["version"] == 0:
                time.sleep(0.1)
            print(f"first (fresh) preview build: {time.monotonic() - started:.1f} s", flush=True)
            record = project / "figures" / "qttt" / "both-lines.toml"
            catalog = project / "docs" / "locale" / "ja" / "LC_MESSAGES" / "qttt.po"
            claim = 'id = "closer"\nfact = "owner"\nafter = 6\nmark = 6\nexpect = "{}"'
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page()
                for edit in range(args.edits):
                    time.sleep(1)  # the next builder gets ready, as between an author's edits
                    page.goto(url + "en/qttt.html")
                    label = "The cycle closes" + " again" * edit  # no number: labels quote no claim
                    old = "A cycle closes" if edit == 0 else "The cycle closes" + " again" * (edit - 1)
                    times.setdefault("record (label)", []).append(
                        shown_after(page, record, f'en = "{old}"', f'en = "{label}"', label))
                    time.sleep(1)
                    times.setdefault("claim made false", []).append(
                        shown_after(page, record, claim.format("O"), claim.format("X"),
                                    "figures/qttt/both-lines.toml"))
                    time.sleep(1)
                    times.setdefault("claim fixed", []).append(
                        shown_after(page, record, claim.format("X"), claim.format("O"), label))
                    time.sleep(1)
                    page.goto(url + "ja/qttt.html")
                    before = "輪と、両者に" + "同時に" * edit + "ライン"
                    after = "輪と、両者に" + "同時に" * (edit + 1) + "ライン"
                    times.setdefault("catalog message (ja)", []).append(
                        shown_after(page, catalog, before, after, after))
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
    for name, seconds in times.items():
        print(f"{name:24} median {statistics.median(seconds):5.2f} s   worst {max(seconds):5.2f} s"
              f"   ({len(seconds)} edits)")


if __name__ == "__main__":
    main()
