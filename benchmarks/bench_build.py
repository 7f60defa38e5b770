"""Times of `rulebook build` (cold and no-op) and `rulebook check`, and the
size of the folder to publish (`build/site`).

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


def site_size(site: Path) -> str:
    """Files and megabytes of the published folder, and of its PDFs and images."""
    def megabytes(paths):
        return sum(p.stat().st_size for p in paths if p.is_file()) / 1e6

    files = [p for p in site.rglob("*") if p.is_file()]
    return (f"{len(files)} files, {megabytes(files):.1f} MB "
            f"(PDFs {megabytes(site.glob('pdf/*.pdf')):.1f} MB, "
            f"figures {megabytes(site.glob('*/_images/*')):.1f} MB, "
            f"font {megabytes(site.glob('*/_static/*.ttf')):.2f} MB)")


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
        size = site_size(copy / "build" / "site")
    report("rulebook build (cold)", cold)
    report("rulebook build (no-op)", noop)
    report("rulebook check", check)
    print(f"{'build/site':28} {size}")


if __name__ == "__main__":
    main()
