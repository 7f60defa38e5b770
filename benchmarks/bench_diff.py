"""Time ``rulebook diff`` on the whole project (no studies run: ``--studies`` not given).

In a scratch clone of this repository (its committed history), ``rulebook diff
REV`` is run twice: cold (the earlier edition's books are built for every game
with a change a reader sees, to give the errata their pages) and warm (those
books kept in ``build/diff-editions``).  Target: under 2 minutes cold.

    python benchmarks/bench_diff.py [REV]      # default HEAD~5 (measured: a revision
                                               # whose pages of three games changed)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    revision = sys.argv[1] if len(sys.argv) > 1 else "HEAD~5"
    with tempfile.TemporaryDirectory(prefix="bench-diff-") as scratch:
        clone = Path(scratch) / "project"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        env = {**os.environ, "PYTHONPATH": str(clone / "src")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for run in ("cold", "warm"):
            started = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "rulebook.cli", "diff", revision, "-q"],
                                  cwd=clone, env=env, capture_output=True, text=True)
            seconds = time.perf_counter() - started
            if done.returncode != 0:
                sys.exit(done.stderr)
            report = json.loads((clone / "build" / "diff" / "diff.json").read_text())
            books = len(list((clone / "build" / "diff-editions").glob("*/*/forms.json")))
            print(f"{run}: {seconds:.1f} s ({len(report['records'])} records changed, "
                  f"{len(report['messages'])} messages, {books} earlier books built) "
                  f"{done.stdout.splitlines()[0]}")


if __name__ == "__main__":
    main()
