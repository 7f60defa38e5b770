"""Cost of long and huge inputs (issue 9): memory and time of replaying a
10,000-cut Craquelure record, and counting a 26x26 inpHeXion position's
1.4 million legal moves.

    .venv/bin/python benchmarks/bench_long_records.py [--runs 3]

Each measurement runs in a fresh process; prints the median and the worst.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPLAY = """
import resource, sys, time
from rulebook.records import load_record
started = time.perf_counter()
record = load_record(sys.argv[1])
record.check()
states = record.replay()
assert len(states) == len(record.moves) + 1
print(time.perf_counter() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""
COUNT = """
import resource, sys, time
sys.path.insert(0, sys.argv[1])
from test_inphexion_count import pockets_position
from rulebook.games import make_game
game = make_game("inphexion", size=26)
text, _ = pockets_position(game, [f"{c}{r}" for c in "emu" for r in (5, 12, 19)])
started = time.perf_counter()
state = game.parse_position(text)
count = state.count_legal_moves()
print(time.perf_counter() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def measure(code: str, argument: str, runs: int) -> None:
    seconds, megabytes = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code, argument], check=True,
                             capture_output=True, text=True).stdout.split()
        seconds.append(float(out[0]))
        megabytes.append(float(out[1]))
    print(f"  time   median {statistics.median(seconds):.2f} s, worst {max(seconds):.2f} s")
    print(f"  memory median {statistics.median(megabytes):.0f} MB, worst {max(megabytes):.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    print("Craquelure record of 10,000 cuts: load, replay, check (target: under 200 MB)")
    measure(REPLAY, str(HERE / "data" / "craquelure-10000-cuts.toml"), runs)
    print("inpHeXion 26x26 legal_move_count, 1.4 million moves (target: under 5 s)")
    measure(COUNT, str(HERE.parent / "tests" / "games"), runs)


if __name__ == "__main__":
    main()
