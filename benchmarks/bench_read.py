"""How long reading a record takes as it grows to the input limit: linear, or not.

Run: PYTHONPATH=src python benchmarks/bench_read.py [--repeats 5]

Each shape of record (a long comment; moves that are found; moves written with
escapes, so that the text search for them fails; many claims; many panels; a
multi-line string of moves) is made at a quarter, a half and all of
``files.MAX_INPUT_BYTES`` and read by the loader (``records.read_record``, what
``rulebook check`` and ``replay`` run, without replaying).  Prints the median
and worst time per size, and the ratio of the full size's median to the
quarter's: about 4 for linear reading (it was over 100 for escaped moves before
issue 24: each failed search read the rest of the file).
"""

from __future__ import annotations

import argparse
import statistics
import time

from rulebook.errors import RulebookError
from rulebook.files import MAX_INPUT_BYTES
from rulebook.records import read_record

SHAPES = {
    "comment": lambda n: 'game = "qttt"\n' + "#" * (n - 20) + "\n",
    "moves": lambda n: 'game = "qttt"\nmoves = [\n' + ",\n".join(['"a1-b2"'] * (n // 9)) + "]\n",
    "escaped moves": lambda n: 'game = "qttt"\nmoves = [' + ",".join(['"a\\u0031-b2"'] * (n // 14))
    + "]\n",
    "claims": lambda n: 'game = "qttt"\n' + '[[claims]]\nfact = "winner"\nexpect = "X"\n'
    * (n // 42),
    "panels": lambda n: 'game = "qttt"\n[figure]\n' + "[[figure.panels]]\nafter = 0\n" * (n // 28),
    "move string": lambda n: 'game = "qttt"\nmoves = """\n' + "a1-b2; " * (n // 7) + '\n"""\n',
}


def seconds(text: str) -> float:
    started = time.perf_counter()
    try:
        read_record(text, "bench.toml")
    except RulebookError:
        pass  # a refused record is read as far as a kept one
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    sizes = [MAX_INPUT_BYTES // 4, MAX_INPUT_BYTES // 2, MAX_INPUT_BYTES - 100]
    print(f"{'shape':14} " + " ".join(f"{s / 1e6:>5.2f} MB median/worst" for s in sizes)
          + "  ratio")
    for name, make in SHAPES.items():
        medians, cells = [], []
        for size in sizes:
            text = make(size)
            times = [seconds(text) for _ in range(args.repeats)]
            medians.append(statistics.median(times))
            cells.append(f"{medians[-1]:>8.3f}/{max(times):<8.3f} s")
        print(f"{name:14} " + " ".join(f"{c:>22}" for c in cells)
              + f"  {medians[-1] / medians[0]:5.1f}")


if __name__ == "__main__":
    main()
