"""How fast the play pages are: time until playable, and the computer's time per move.

Serves ``build/site`` (run ``rulebook build`` first) on a loopback port and
opens each game's play page in headless Chromium:

- cold: a fresh browser profile (nothing cached);
- cached: the same profile opening the page again (HTTP cache and V8's code
  cache warm, the engine's memory snapshot that the first visit kept in
  IndexedDB: worker.js, and the game it saved, with the page's drawing of
  it: storage.js);
- the computer at the default strength: it plays one side of a game against
  random moves; the time of each of its moves, as play.js measures it.

Each visit is timed twice.  Until playable, ``rulebookPlay.ready``: the board
is drawn and takes clicks, what the visitor sees.  On a later visit that is
before the engine is ready: the game saved is drawn from the page's last
drawing of it, and a move clicked then is played once the engine is (play.js).
Until the engine is ready, ``rulebookPlay.engineReady``: the engine started
and given the first game (on a first visit, the same moment as playable).

Prints medians and worst cases of the wall time until playable and until the
engine is ready, and the CPU time the browser's processes used meanwhile (on
a machine shared with other work, wall time stretches; CPU time says what an
idle machine would wait, roughly), and the median cold and cached start by
part, as the page and its worker measure them: until the runtime is loaded,
until the engine is imported (both from the worker's start, first thing in
the page's head), until playable and until the engine is ready (both from
play.js's start).  ``--site`` times another built site (an older build, to
compare).  Usage::

    python benchmarks/bench_play.py [--runs 3] [--moves 10] [--site FOLDER] [GAME ...]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder: Path) -> str:
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def cpu_seconds(marker: str) -> float:
    """User and system CPU time of the processes whose command line holds ``marker``."""
    total = 0
    tick = os.sysconf("SC_CLK_TCK")
    for proc in Path("/proc").iterdir():
        try:
            if marker in (proc / "cmdline").read_bytes().decode(errors="replace"):
                fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            continue
    return total / tick


def open_ready(context, url: str, marker: str) -> tuple[float, float, float, float, object]:
    """(wall seconds, browser CPU seconds) until the page is playable, the same
    until its engine is ready, and the page."""
    page = context.new_page()
    cpu = cpu_seconds(marker)
    started = time.perf_counter()
    page.goto(url)
    page.evaluate("() => window.rulebookPlay.ready")
    playable, playable_cpu = time.perf_counter() - started, cpu_seconds(marker) - cpu
    page.evaluate("() => window.rulebookPlay.engineReady")
    engine, engine_cpu = time.perf_counter() - started, cpu_seconds(marker) - cpu
    assert page.evaluate("() => window.rulebookPlay.timings.playable") > 0
    return playable, playable_cpu, engine, engine_cpu, page


PARTS = ("runtime", "engine", "playable", "engine_ready")  # rulebookPlay.timings, in ms


def part_seconds(timings: dict, part: str) -> float:
    """A part of the page's start, in seconds.  (A site built before the page was
    playable ahead of its engine has no engine_ready: it was playable only then.)"""
    return timings.get(part, timings["playable"]) / 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["qttt", "necto", "craquelure", "inphexion"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=10, help="computer moves timed per game")
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site",
                        help="the built site to time (default: build/site)")
    args = parser.parse_args()
    site = args.site
    if not (site / "play" / "pyodide").is_dir():
        print(f"{site} has no play pages: run rulebook build first", file=sys.stderr)
        return 2
    base = serve(site)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as playwright:
        for slug in args.games:
            url = f"{base}/en/play/{slug}.html"
            cold, cached, cold_cpu, cached_cpu, thinking = [], [], [], [], []
            engine = {"cold": [], "cached": []}  # (wall, CPU) until the engine is ready
            parts = {part: [] for part in PARTS}
            cached_parts = {part: [] for part in PARTS}
            for run in range(args.runs):
                with tempfile.TemporaryDirectory() as profile:
                    context = playwright.chromium.launch_persistent_context(
                        profile, executable_path=chromium, args=ARGS)
                    seconds, cpu, *until_engine, page = open_ready(context, url, profile)
                    cold.append(seconds)
                    cold_cpu.append(cpu)
                    engine["cold"].append(until_engine)
                    timings = page.evaluate("() => window.rulebookPlay.timings")
                    for part in PARTS:
                        parts[part].append(part_seconds(timings, part))
                    page.evaluate("() => window.rulebookPlay.saved")  # the snapshot, for the next
                    page.close()
                    seconds, cpu, *until_engine, page = open_ready(context, url, profile)
                    cached.append(seconds)
                    cached_cpu.append(cpu)
                    engine["cached"].append(until_engine)
                    timings = page.evaluate("() => window.rulebookPlay.timings")
                    for part in PARTS:
                        cached_parts[part].append(part_seconds(timings, part))
                    if run == 0:
                        thinking = computer_times(page, args.moves)
                    context.close()
            print(f"{slug:11} until playable: cold median {statistics.median(cold):.2f} s "
                  f"(worst {max(cold):.2f}; browser CPU {statistics.median(cold_cpu):.2f} s), "
                  f"cached median {statistics.median(cached):.2f} s (worst {max(cached):.2f}; "
                  f"browser CPU {statistics.median(cached_cpu):.2f} s); "
                  f"computer at the default strength: median "
                  f"{statistics.median(thinking):.2f} s a move (worst {max(thinking):.2f}, "
                  f"{len(thinking)} moves)", flush=True)
            for name in ("cold", "cached"):
                walls = [wall for wall, _ in engine[name]]
                print(f"{'':11} until the engine is ready: {name} median "
                      f"{statistics.median(walls):.2f} s (worst {max(walls):.2f}; browser CPU "
                      f"{statistics.median(cpu for _, cpu in engine[name]):.2f} s)", flush=True)
            for name, by_part in (("cold", parts), ("cached", cached_parts)):
                print(f"{'':11} {name}, median by part: runtime loaded "
                      f"{statistics.median(by_part['runtime']):.2f} s, engine imported "
                      f"{statistics.median(by_part['engine']):.2f} s (from the worker's start), "
                      f"playable {statistics.median(by_part['playable']):.2f} s, engine ready "
                      f"{statistics.median(by_part['engine_ready']):.2f} s (from play.js's "
                      f"start)", flush=True)
    return 0


def computer_times(page, moves: int) -> list[float]:
    """The computer (default strength, moving first) against random replies."""
    rng = random.Random(1)
    page.evaluate("() => window.rulebookPlay.newGame({opponent: 'computer', computer: 0})")
    while True:
        page.evaluate("() => window.rulebookPlay.computerMove()")
        times = page.evaluate("() => window.rulebookPlay.computerTimes")
        if len(times) >= moves or page.evaluate("() => window.rulebookPlay.outcome()"):
            return [t / 1000 for t in times]
        legal = page.evaluate("() => window.rulebookPlay.legalMoves()")
        page.evaluate("(move) => window.rulebookPlay.play(move)", rng.choice(legal))


if __name__ == "__main__":
    sys.exit(main())
