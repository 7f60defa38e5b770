"""The benchmarks' data follows the code: each deliberate bug still breaks the line it
was written for, names test files that exist, and each mutant shown equivalent still
has its line in its module (else benchmarks/deliberate_bugs.py stops at the first
stale bug, and mutation.py counts a survivor as equivalent by a line long gone)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "data"
BUGS = tomllib.loads((DATA / "deliberate-bugs.toml").read_text(encoding="utf-8"))["bug"]
EQUIVALENT = tomllib.loads((DATA / "equivalent-mutants.toml").read_text(encoding="utf-8"))["equivalent"]


def test_each_bug_has_its_own_id():
    ids = [bug["id"] for bug in BUGS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("bug", BUGS, ids=[bug["id"] for bug in BUGS])
def test_each_deliberate_bug_still_breaks_one_line_and_names_tests_that_exist(bug):
    text = (ROOT / bug["file"]).read_text(encoding="utf-8")
    assert text.count(bug["old"]) == 1, f"{bug['file']}: the bug's old text is not there once"
    assert bug["new"] != bug["old"]
    for test in bug.get("tests", []):
        assert (ROOT / test.split("::")[0]).is_file(), test


@pytest.mark.parametrize("entry", EQUIVALENT, ids=[f"{e['module']}:{e['old'][:30]}" for e in EQUIVALENT])
def test_each_equivalent_mutant_s_line_is_still_in_its_module(entry):
    source = (ROOT / "src" / "rulebook" / entry["module"]).read_text(encoding="utf-8")
    assert " ".join(entry["old"].split()) in " ".join(source.split()), entry["module"]
    assert entry["why"].strip()
