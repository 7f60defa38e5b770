"""Time ``rulebook check`` on a copy of the whole project: the median and the worst of N runs.

    python benchmarks/bench_check.py [--runs 3]

Each run is a fresh process, as an author runs it (issue 21 asks for under
15 s on this 2-core machine).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    if runs < 1:
        parser.error("--runs must be at least 1")
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder)
        for part in ("docs", "figures"):
            shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("*.mo"))
        seconds = []
        for _ in range(runs):
            started = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "rulebook.cli", "check"], cwd=copy,
                                  capture_output=True, text=True)
            seconds.append(time.perf_counter() - started)
            if done.returncode:
                raise SystemExit(f"rulebook check failed:\n{done.stdout}{done.stderr}")
    print(f"rulebook check, whole project, {runs} runs: median {statistics.median(seconds):.1f} s, "
          f"worst {max(seconds):.1f} s ({', '.join(f'{s:.1f}' for s in seconds)})")


if __name__ == "__main__":
    main()
