"""Where the test suite's CPU goes, Chromium included: a pytest plugin and its report.

    PYTHONPATH=benchmarks pytest -p tree_cpu            # writes build/tree-cpu/<worker>.jsonl
    python benchmarks/tree_cpu.py [build/tree-cpu]     # the modules and tests that cost most

Each test's CPU is that of its xdist worker's whole process tree over the test:
the worker itself, the children it waited for, and every live descendant
(utime + stime + their waited children, from /proc).  The worker is made a
child subreaper, so Chromium's renderers, which would be reparented to init
(and missed by ``time`` and getrusage), stay in its tree.  Linux only.
"""

from __future__ import annotations

import collections
import json
import os
import resource
import sys
import time
from pathlib import Path

import pytest

FOLDER = Path(os.environ.get("TREE_CPU_DIR", "build/tree-cpu"))
TICK = os.sysconf("SC_CLK_TCK")
_out = None


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                children = [int(k) for k in Path(f"/proc/{parent}/task/{task}/children").read_text().split()]
            except OSError:
                continue
            found += children
            todo += children
    return found


def tree_seconds() -> float:
    """CPU seconds of this process, its waited children and its live descendants."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    waited = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = own.ru_utime + own.ru_stime + waited.ru_utime + waited.ru_stime
    for pid in _descendants(os.getpid()):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(x) for x in fields[11:15]) / TICK  # utime stime cutime cstime
    return total


def pytest_configure(config):
    import ctypes

    ctypes.CDLL(None).prctl(36, 1)  # PR_SET_CHILD_SUBREAPER


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    global _out
    if _out is None:
        FOLDER.mkdir(parents=True, exist_ok=True)
        _out = open(FOLDER / f"{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.jsonl", "a")
    started, before = time.time(), tree_seconds()
    yield
    _out.write(json.dumps({"id": item.nodeid, "start": started, "end": time.time(),
                           "cpu": tree_seconds() - before}) + "\n")
    _out.flush()


def report(folder: Path, top: int = 30) -> None:
    rows = [json.loads(line) for path in sorted(folder.glob("*.jsonl")) for line in path.open()]
    print(f"{len(rows)} tests, {sum(r['cpu'] for r in rows):.0f} CPU-s")
    modules = collections.defaultdict(lambda: [0.0, 0])
    for row in rows:
        entry = modules[row["id"].split("::")[0]]
        entry[0] += row["cpu"]
        entry[1] += 1
    print("\nCPU-s  tests  module")
    for name, (cpu, count) in sorted(modules.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{cpu:6.1f} {count:6d}  {name}")
    print("\nCPU-s   wall  test")
    for row in sorted(rows, key=lambda r: -r["cpu"])[:top]:
        print(f"{row['cpu']:6.1f} {row['end'] - row['start']:6.1f}  {row['id']}")


if __name__ == "__main__":
    report(Path(sys.argv[1]) if len(sys.argv) > 1 else FOLDER)
