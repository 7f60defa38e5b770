"""Times of `rulebook build` (cold and no-op) and `rulebook check`.

Runs on a copy of the project so the real build/ is untouched.  Prints the
median and the worst of a few runs of each.

    python benchmarks/bench_build.py [--runs 3]
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


def timed(command, cwd) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def report(name, times):
    print(f"{name:28} median {statistics.median(times):7.2f} s   worst {max(times):7.2f} s"
          f"   ({len(times)} runs)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    rulebook = [sys.executable, "-m", "rulebook.cli"]
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder)
        for part in ("docs", "figures"):
            shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("*.mo"))
        cold, noop, check = [], [], []
        for _ in range(runs):
            shutil.rmtree(copy / "build", ignore_errors=True)
            cold.append(timed(rulebook + ["build", "--quiet"], copy))
            noop.append(timed(rulebook + ["build", "--quiet"], copy))
            check.append(timed(rulebook + ["check"], copy))
    report("rulebook build (cold)", cold)
    report("rulebook build (no-op)", noop)
    report("rulebook check", check)


if __name__ == "__main__":
    main()
