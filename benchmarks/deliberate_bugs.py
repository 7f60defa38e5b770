"""Deliberate bugs: does the README's test command catch each of them?

Each bug in ``benchmarks/data/deliberate-bugs.toml`` is one small edit of the
package.  For each, a copy of the project gets the edit and runs the README's
test command (``pytest``, with ``CI`` set as ``.ci/run`` does, stopping at the
first failure); the bug is caught when the tests fail.  Prints one line a bug
and the share caught.

    python benchmarks/deliberate_bugs.py                  # every bug, two at a time
    python benchmarks/deliberate_bugs.py necto-tie-to-first --jobs 1
    python benchmarks/deliberate_bugs.py --file fresh.toml   # a new list, not yet in the data

A bug whose ``old`` text is not in its file stops the run: the list must follow
the code.  A bug may name ``tests``, a few of the suite's test files to run
first: if they fail, the whole suite fails too (they are part of it), so the
bug is caught without running the rest; if they pass, the whole suite runs.
A caught bug takes a minute or two; a missed one the whole suite.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from project_copy import ROOT, project_copy

BUGS = ROOT / "benchmarks" / "data" / "deliberate-bugs.toml"


def load_bugs(names, path: Path = BUGS) -> list[dict]:
    bugs = tomllib.loads(path.read_text(encoding="utf-8"))["bug"]
    for bug in bugs:
        count = (ROOT / bug["file"]).read_text(encoding="utf-8").count(bug["old"])
        if count != 1:
            sys.exit(f"{path.name}: bug {bug['id']}: its old text occurs {count} times "
                     f"in {bug['file']} (must be once)")
    unknown = set(names) - {bug["id"] for bug in bugs}
    if unknown:
        sys.exit(f"unknown bug {sorted(unknown)[0]!r}")
    return [bug for bug in bugs if not names or bug["id"] in names]


def first_failure(output: str) -> str:
    for line in output.splitlines():
        if line.startswith(("FAILED ", "ERROR ")):
            return line.split(" ", 1)[1].split(" - ")[0]
    return ""


def try_bug(bug: dict) -> tuple[dict, int, float, str]:
    with tempfile.TemporaryDirectory(prefix=f"bug-{bug['id']}-") as folder:
        copy = project_copy(Path(folder))
        target = copy / bug["file"]
        target.write_text(target.read_text(encoding="utf-8").replace(bug["old"], bug["new"]),
                          encoding="utf-8")
        env = {**os.environ, "CI": "true", "PYTHONPATH": str(copy / "src")}
        start = time.perf_counter()
        pytest = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
        done = None
        if bug.get("tests"):  # a part of the suite first; the whole suite if it passes
            done = subprocess.run(pytest + bug["tests"], cwd=copy, env=env,
                                  capture_output=True, text=True)
        # passed (0), or pytest could not run them (4: usage, 5: none collected); 1 and
        # 2 are failures (2: -x under xdist stops the session, or a collection error)
        if done is None or done.returncode in (0, 4, 5):
            done = subprocess.run(pytest, cwd=copy, env=env, capture_output=True, text=True)
        return bug, done.returncode, time.perf_counter() - start, first_failure(done.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bugs", nargs="*", metavar="BUG", help="ids of some bugs (default: all)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--file", type=Path, default=BUGS,
                        help="a list of bugs in the same form (default: %(default)s)")
    options = parser.parse_args()
    bugs = load_bugs(options.bugs, options.file)
    caught = 0
    with ThreadPoolExecutor(options.jobs) as pool:
        for bug, code, seconds, test in pool.map(try_bug, bugs):
            verdict = {0: "MISSED", 1: "caught"}.get(code, f"caught (pytest exit {code})")
            caught += code != 0
            print(f"{verdict:8} {bug['id']:30} {bug['kind']:12} {seconds:5.0f} s  "
                  f"{test or bug['what']}", flush=True)
    print(f"caught {caught} of {len(bugs)} ({caught / len(bugs):.0%})")


if __name__ == "__main__":
    main()
