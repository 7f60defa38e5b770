"""The benchmarks' data follows the code: each deliberate bug still breaks the line it
was written for, names test files that exist, and each mutant shown equivalent still
has its line in its module (else benchmarks/deliberate_bugs.py stops at the first
stale bug, and mutation.py counts a survivor as equivalent by a line long gone)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "data"
BUGS = tomllib.loads((DATA / "deliberate-bugs.toml").read_text(encoding="utf-8"))["bug"]
EQUIVALENT = tomllib.loads((DATA / "equivalent-mutants.toml").read_text(encoding="utf-8"))["equivalent"]


def test_each_bug_has_its_own_id():
    ids = [bug["id"] for bug in BUGS]
    assert len(ids) == len(set(ids))


def test_each_deliberate_bug_still_breaks_one_line_and_names_tests_that_exist():
    stale = []
    for bug in BUGS:
        text = (ROOT / bug["file"]).read_text(encoding="utf-8")
        if text.count(bug["old"]) != 1 or bug["new"] == bug["old"]:
            stale.append(f"{bug['id']}: its old text is not in {bug['file']} once")
        stale += [f"{bug['id']}: no test file {test}" for test in bug.get("tests", [])
                  if not (ROOT / test.split("::")[0]).is_file()]
    assert not stale, "\n".join(stale)


def test_each_equivalent_mutant_s_line_is_still_in_its_module():
    gone = []
    for entry in EQUIVALENT:
        source = (ROOT / "src" / "rulebook" / entry["module"]).read_text(encoding="utf-8")
        if " ".join(entry["old"].split()) not in " ".join(source.split()) or not entry["why"].strip():
            gone.append(f"{entry['module']}: {entry['old']}")
    assert not gone, "\n".join(gone)
