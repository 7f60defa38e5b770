"""Throughput of ``rulebook study`` at 1 and 2 local workers and on a Dask LocalCluster.

Run: PYTHONPATH=src python benchmarks/bench_studies.py [--study necto/balance-4]
     [--games 24] [--repeats 1]

Runs the study (with ``games`` replacing its own count, and nothing written)
once per setting, and prints for each the wall-clock time, items per second,
and the result's hash (the same for every setting, or the runner is broken).
The overheads printed apart: starting a pool of processes, starting a
LocalCluster, and one empty round trip of a task through each.  Other work
on the machine stretches wall-clock times, so the process time (CPU) per game of
each setting is printed too: what parallel running adds to the work itself.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import resource
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rulebook.studies import load_study, run_study, study_path

ROOT = Path(__file__).resolve().parent.parent


def _nothing(x):
    return x


def cpu_seconds() -> float:
    """Process time of this process and of its finished child processes (pool
    workers, and the LocalCluster's nannies with their workers, once closed)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(label: str, run, repeats: int) -> float:
    times, digest = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        text = run()
        times.append(time.perf_counter() - started)
        digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    median = statistics.median(times)
    print(f"{label:28} {median:7.1f} s (worst {max(times):.1f} s)  result {digest}", flush=True)
    return median


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--study", default="necto/balance-4")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    game, name = args.study.split("/")
    study = load_study(study_path(ROOT / "figures", game, name))
    study = dataclasses.replace(study, spec={**study.spec, "games": args.games})

    def run(**how):
        return run_study(study, progress=False, write=False, **how)[0]

    cpu = [cpu_seconds()]
    one = timed("1 local worker", lambda: run(workers=1), args.repeats)
    cpu.append(cpu_seconds())
    two = timed("2 local workers", lambda: run(workers=2), args.repeats)
    cpu.append(cpu_seconds())
    from distributed import Client, LocalCluster

    started = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        cluster_start = time.perf_counter() - started
        started = time.perf_counter()
        client.submit(_nothing, 1).result()
        dask_trip = time.perf_counter() - started
        dask = timed("Dask LocalCluster, 2 workers", lambda: run(scheduler=client), args.repeats)
    cpu.append(cpu_seconds())  # with the cluster's start and stop
    started = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        pool.submit(_nothing, 1).result()
    pool_start = time.perf_counter() - started

    items = args.games * args.repeats
    spent = [b - a for a, b in zip(cpu, cpu[1:])]
    print(f"\n{args.games} games of {args.study}, {args.repeats} run(s) per setting")
    for label, seconds, used in (("1 worker", one, spent[0]), ("2 workers", two, spent[1]),
                                 ("Dask, 2 workers", dask, spent[2])):
        print(f"{label:16} {args.games / seconds:6.2f} games/s  speed-up {one / seconds:4.2f}  "
              f"CPU {used / items:5.2f} s per game ({used / items / (spent[0] / items):4.2f} "
              "times the serial run's)")
    print(f"overheads: process pool start + first task {pool_start:.2f} s; LocalCluster start "
          f"{cluster_start:.2f} s; first Dask task round trip {dask_trip * 1000:.0f} ms")


if __name__ == "__main__":
    main()
