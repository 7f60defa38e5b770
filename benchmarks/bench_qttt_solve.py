"""Quantum Tic-Tac-Toe solved, both ways of judging simultaneous lines: run time and results.

Run:  PYTHONPATH=src python benchmarks/bench_qttt_solve.py [--runs N] [--workers W] [--json]

Solves the game ``--runs`` times per variant (the seed's rules, then the
complete win), prints the median and worst wall-clock and CPU time (target:
under 60 s each on the 2-core machine), checks that every run gives the same
result, and prints the result: the value, the winning first moves, the mark
with which the win comes, each first-move class and the principal variation,
and whether figures/qttt/perfect-play.toml still records that variation.
Every class's best line is replayed with the engine, which must end it as
its value says.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import tomllib
from pathlib import Path

from rulebook.games import make_game
from rulebook.games.qttt.solve import WIN, first_move_classes, pair_name, solve_classes, summary

RECORD = Path(__file__).resolve().parent.parent / "figures" / "qttt" / "perfect-play.toml"


def solve(complete_win: bool, workers: int) -> dict:
    """The whole game solved, as the solve study stores it (:func:`summary`), with the
    rules' name and the positions searched (``nodes``) and kept (``positions``).
    ``workers`` > 1 shares the first-move classes among processes, each with its own
    table: only the node and position counts change."""
    classes = first_move_classes()
    if workers <= 1:
        parts = [solve_classes(complete_win, classes)]
    else:
        from concurrent.futures import ProcessPoolExecutor

        shares = [classes[i::workers] for i in range(workers)]
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(solve_classes, [complete_win] * workers, shares))
    by_first = {c["moves"][0]: c for part in parts for c in part[0]}
    found = [by_first[pair_name(group[0])] for group in classes]
    return {"rules": "complete win" if complete_win else "seed", **summary(complete_win, found),
            "nodes": sum(part[1] for part in parts), "positions": sum(part[2] for part in parts)}


def timed_runs(complete_win: bool, runs: int, workers: int):
    walls, cpus, results = [], [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        results.append(solve(complete_win, workers))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)  # this process only (workers not counted)
    if any(r != results[0] for r in results):
        raise SystemExit("the runs disagree: the solver is not deterministic")
    return walls, cpus, results[0]


def replayed_value(line: list[str], complete_win: bool) -> int:
    """The value to X, on the solver's scale, of a line played out by the engine."""
    state = make_game("qttt").initial_state()
    for text in line:
        state = state.play(state.parse_move(text))
    outcome = state.outcome()
    if outcome is None:
        raise SystemExit(f"the line {' '.join(line)} does not end the game")
    if outcome.winner is None or (complete_win and outcome.reason == "simultaneous lines"):
        return 0
    return (WIN - state.marks_placed) * (1 if outcome.winner == 0 else -1)


def report(result: dict) -> str:
    rows = [f"rules: {result['rules']}   value (to X) {result['value']}: "
            f"{result['winner']}" + (f", with mark {result['ends_with_mark']}"
                                     if result["ends_with_mark"] else ""),
            f"winning first moves: {', '.join(result['winning_first_moves']) or 'none'}",
            f"nodes {result['nodes']:,}, positions kept {result['positions']:,}",
            "first-move classes (value, result, moves):"]
    for c in result["first_move_classes"]:
        end = f" with mark {c['ends_with_mark']}" if c["ends_with_mark"] else ""
        rows.append(f"  {c['value']:+d} {c['winner']}{end}: {' '.join(c['moves'])}")
    rows.append("principal variation: " + " ".join(result["principal_variation"]))
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the results as JSON too")
    args = parser.parse_args()
    for complete_win in (False, True):
        walls, cpus, result = timed_runs(complete_win, args.runs, args.workers)
        print(f"== {result['rules']} rules, {args.runs} runs, {args.workers} worker(s): "
              f"wall median {statistics.median(walls):.1f} s, worst {max(walls):.1f} s; "
              f"CPU median {statistics.median(cpus):.1f} s, worst {max(cpus):.1f} s")
        print(report(result))
        wrong = [c["moves"][0] for c in result["first_move_classes"]
                 if replayed_value(c["line"], complete_win) != c["value"]]
        print("the engine ends every best line as its value says: "
              + ("yes" if not wrong else "NO: " + ", ".join(wrong)))
        if not complete_win:
            recorded = tomllib.loads(RECORD.read_text(encoding="utf-8"))["moves"]
            same = recorded == result["principal_variation"]
            print(f"{RECORD.name} records the principal variation: {'yes' if same else 'NO'}")
        if args.json:
            print(json.dumps(result, indent=1))
        print(flush=True)


if __name__ == "__main__":
    main()
