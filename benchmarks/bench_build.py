"""Times of `rulebook build`, this code and an earlier one side by side, and
`rulebook check`; checks that the builds' outputs are byte-identical.

    python benchmarks/bench_build.py [--old REV] [--runs 1] [--no-old]

Every build runs on its own copy of the project (the real build/ is untouched)
with its own empty figure cache (RULEBOOK_FIGURE_CACHE), so nothing is shared:

- old, cold:   the code at REV (default OLD below: main before the figure
               cache and the parallel build), run from a git worktree;
               ReportLab's C accelerators (rl-accel, added with the cache) are
               hidden from it, as they were not installed then;
- cold:        this code, empty figure cache;
- warm cache:  this code, a fresh copy of the project, the cache left by "cold";
- no change:   this code, the same copy built again;
- no cache:    this code, ``--no-cache`` (every figure drawn anew, nothing kept);
- check:       ``rulebook check`` on the whole project.

The outputs of cold, warm and no-cache builds must be byte-identical (SVGs,
PDFs, pages); the script says so, or names the first file that differs.
Prints each time's median and worst, and the CPU time (all processes).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from project_copy import project_copy

ROOT = Path(__file__).resolve().parent.parent
OLD = "ace7a7c"  # main before the figure cache and the parallel build


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command, cwd: Path, env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one command."""
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{done.stderr[-3000:]}")
    return time.perf_counter() - start, children_cpu() - cpu


def report(name: str, runs: list[tuple[float, float]]) -> None:
    walls = [wall for wall, _ in runs]
    cpus = [cpu for _, cpu in runs]
    print(f"{name:24} median {statistics.median(walls):7.2f} s   worst {max(walls):7.2f} s   "
          f"CPU {statistics.median(cpus):7.1f} s   ({len(runs)} run{'s' * (len(runs) > 1)})",
          flush=True)


OUTPUTS = ("site/pdf/*.pdf", "site/*/_images/*.svg", "site/*/*.html", "site/*.html",
           "site/schema/*.json")


def differences(first: Path, second: Path) -> str | None:
    """The first output file that differs between two projects' builds, or None."""
    for pattern in OUTPUTS:
        a, b = sorted(first.glob(f"build/{pattern}")), sorted(second.glob(f"build/{pattern}"))
        if [p.name for p in a] != [p.name for p in b]:
            return f"{pattern}: different files"
        for x, y in zip(a, b):
            if x.read_bytes() != y.read_bytes():
                return str(x.relative_to(first))
    return None


def old_worktree(folder: Path, revision: str) -> Path:
    tree = folder / "old-code"
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), revision], cwd=ROOT,
                   check=True, capture_output=True)
    hidden = folder / "no-rl-accel"
    hidden.mkdir()
    (hidden / "_rl_accel.py").write_text("raise ImportError('hidden by bench_build.py')\n")
    return tree


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", default=OLD, help=f"the earlier code's git revision ({OLD})")
    parser.add_argument("--no-old", action="store_true", help="don't time the earlier code")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    rulebook = [sys.executable, "-m", "rulebook.cli"]
    times: dict[str, list] = {}
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        old_env = None
        if not args.no_old:
            tree = old_worktree(scratch, args.old)
            old_env = {**env, "PYTHONPATH": f"{scratch / 'no-rl-accel'}{os.pathsep}{tree / 'src'}"}
        try:
            for run in range(args.runs):
                base = scratch / f"run-{run}"
                if old_env is not None:  # its own pages and records, and studies' results
                    old = project_copy(base / "old", scratch / "old-code")
                    times.setdefault("old code, cold", []).append(
                        timed(rulebook + ["build", "--quiet"], old, old_env))
                cache = base / "cache"
                new_env = {**env, "RULEBOOK_FIGURE_CACHE": str(cache)}
                cold = project_copy(base / "cold")
                times.setdefault("cold (empty cache)", []).append(
                    timed(rulebook + ["build", "--quiet"], cold, new_env))
                warm = project_copy(base / "warm")
                times.setdefault("warm cache", []).append(
                    timed(rulebook + ["build", "--quiet"], warm, new_env))
                times.setdefault("no change", []).append(
                    timed(rulebook + ["build", "--quiet"], warm, new_env))
                uncached = project_copy(base / "uncached")
                times.setdefault("no cache (--no-cache)", []).append(
                    timed(rulebook + ["build", "--quiet", "--no-cache"], uncached,
                          {**env, "RULEBOOK_FIGURE_CACHE": str(base / "unused-cache")}))
                times.setdefault("rulebook check", []).append(
                    timed(rulebook + ["check"], warm, new_env))
                for other in (warm, uncached):
                    differ = differences(cold, other)
                    print(f"outputs of {cold.name} and {other.name}: "
                          + ("byte-identical" if differ is None else f"DIFFER at {differ}"),
                          flush=True)
                shutil.rmtree(base)
        finally:
            if old_env is not None:
                subprocess.run(["git", "worktree", "remove", "--force", str(scratch / "old-code")],
                               cwd=ROOT, capture_output=True)
    for name, runs in times.items():
        report(name, runs)
    if "old code, cold" in times:
        old = statistics.median(wall for wall, _ in times["old code, cold"])
        new = statistics.median(wall for wall, _ in times["cold (empty cache)"])
        print(f"cold build: {old / new:.1f}x as fast as the old code")


if __name__ == "__main__":
    main()
