"""Throughput of ``rulebook study`` at 1 and 2 local workers and on a Dask LocalCluster.

Run: PYTHONPATH=src python benchmarks/bench_studies.py [--study necto/balance-4]
     [--games 24] [--repeats 1]

Runs the study (with ``games`` replacing its own count, and nothing written)
``repeats`` times per setting, the settings taking turns, and prints for each
the median and worst wall-clock time, items per second, and the result's hash
(the same for every setting, or the runner is broken).  The overheads printed
apart: starting a pool of processes, starting a LocalCluster (once, before the
runs), and one empty round trip of a task through each.  Other work on the
machine stretches wall-clock times, so the process time (CPU) per game of each
setting is printed too: what parallel running adds to the work itself (the
cluster's includes its start and stop).
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

from rulebook.errors import RulebookError
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


SETTINGS = ("1 local worker", "2 local workers", "Dask LocalCluster, 2 workers")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--study", default="necto/balance-4")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    game, name = args.study.partition("/")[::2]
    study = load_study(study_path(ROOT / "figures", game, name))
    study = dataclasses.replace(study, spec={**study.spec, "games": args.games})
    from distributed import Client, LocalCluster

    started = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        pool.submit(_nothing, 1).result()
    pool_start = time.perf_counter() - started

    before_cluster = cpu_seconds()
    started = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        cluster_start = time.perf_counter() - started
        started = time.perf_counter()
        client.submit(_nothing, 1).result()
        dask_trip = time.perf_counter() - started
        how = dict(zip(SETTINGS, ({"workers": 1}, {"workers": 2}, {"scheduler": client})))
        times = {label: [] for label in SETTINGS}
        cpu = dict.fromkeys(SETTINGS[:2], 0.0)  # the cluster's is known once it is closed
        digests = set()
        # The settings take turns, round after round, each round in a new order, so
        # that a slower spell of a shared machine falls on all of them alike.
        for round_ in range(args.repeats):
            for k in range(len(SETTINGS)):
                label = SETTINGS[(k + round_) % len(SETTINGS)]
                spent, started = cpu_seconds(), time.perf_counter()
                text = run_study(study, progress=False, write=False, **how[label])[0]
                times[label].append(time.perf_counter() - started)
                if label in cpu:
                    cpu[label] += cpu_seconds() - spent  # its pool is closed by now
                digests.add(hashlib.sha256(text.encode()).hexdigest()[:12])
    # the cluster's processes, with their start and stop, and everything in this process
    cpu[SETTINGS[2]] = cpu_seconds() - before_cluster - sum(cpu.values())

    items = args.games * args.repeats
    one = statistics.median(times[SETTINGS[0]])
    print(f"{args.games} games of {args.study}, {args.repeats} run(s) per setting, "
          f"the settings in turn; result {' '.join(sorted(digests))}"
          + ("" if len(digests) == 1 else "  RESULTS DIFFER"))
    for label in SETTINGS:
        seconds = statistics.median(times[label])
        print(f"{label:29} {seconds:6.1f} s (worst {max(times[label]):5.1f} s)  "
              f"{args.games / seconds:6.2f} games/s  speed-up {one / seconds:4.2f}  "
              f"CPU {cpu[label] / items:5.2f} s per game")
    print(f"overheads: process pool start + first task {pool_start:.2f} s; LocalCluster start "
          f"{cluster_start:.2f} s (not in the runs above); first Dask task round trip "
          f"{dask_trip * 1000:.0f} ms")
    if len(digests) != 1:
        raise SystemExit("the settings stored different results")


if __name__ == "__main__":
    try:
        main()
    except RulebookError as error:  # a study that is not there, or not valid
        raise SystemExit(f"bench_studies.py: {error}") from None
