"""Shared fixtures: the project's paths, a site built from a copy of it, served, and a browser."""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import sys
import threading
from pathlib import Path

# Python's bytecode cache is written even where PYTHONDONTWRITEBYTECODE is set
# (as on the CI machine).  The suite starts some forty Python processes (the
# xdist workers, builds, command-line runs, studies' workers), and without the
# cache each compiles every module it imports from source, sphinx's and
# matplotlib's included, and pytest rewrites every test module again: collecting
# the tests took 24 s a process instead of 8 s.  (Set before the workers start,
# so they and every subprocess inherit it.)
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

import pytest
from filelock import FileLock
from hypothesis import settings
from hypothesis import strategies as st

# Property tests: reproducible under CI (derandomised: the same examples every run),
# exploring under a developer's hand.  HYPOTHESIS_PROFILE picks another profile.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

ROOT = Path(__file__).resolve().parent.parent


def played(game, *moves):
    """The position after ``moves`` (in the game's notation) from the start."""
    state = game.initial_state()
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


def random_steps(game, seeds, max_moves=None):
    """Each move of seeded random games of ``game`` (a Game), one game a seed:
    ``(seed, position before, move, position after)``, to the end or ``max_moves``."""
    import random

    for seed in seeds:
        rng, state = random.Random(seed), game.initial_state()
        for _ in iter(int, 1) if max_moves is None else range(max_moves):
            if state.is_over():
                break
            move = state.random_move(rng)
            after = state.play(move)
            yield seed, state, move, after
            state = after


def random_walk(game, rng, moves: int):
    """Up to ``moves`` random moves of ``game`` from its start (fewer if it ends): the
    position reached and the moves as written."""
    state, texts = game.initial_state(), []
    for _ in range(moves):
        if state.is_over():
            break
        move = state.random_move(rng)
        texts.append(state.format_move(move))
        state = state.play(move)
    return state, texts


def legal_games(game, options=None, max_moves=40, moves=None):
    """A hypothesis strategy of played games: ``(moves, final state)``.

    ``game`` is a slug (made with ``options``, a dict or a strategy of dicts) or a
    Game.  Each move is drawn from the position's legal moves, sorted by their
    notation (``moves(state)`` instead of ``state.legal_moves()`` if given), for a
    drawn number of moves up to ``max_moves`` or until the game is over
    (``max_moves=None``: always to the end), so a failure shrinks to a short game
    of early-listed moves.
    """
    from rulebook.games import make_game

    @st.composite
    def played_games(draw):
        chosen = draw(options) if isinstance(options, st.SearchStrategy) else options or {}
        state = (make_game(game, **chosen) if isinstance(game, str) else game).initial_state()
        length = None if max_moves is None else draw(st.integers(0, max_moves))
        history = []
        while (length is None or len(history) < length) and not state.is_over():
            choices = moves(state) if moves else state.legal_moves()
            move = draw(st.sampled_from(sorted(choices, key=state.format_move)))
            history.append(move)
            state = state.play(move)
        return history, state

    return played_games()


@pytest.fixture(autouse=True)
def environment_kept():
    """Each test leaves the environment as it found it (``monkeypatch.setenv``
    restores it): a variable one test leaves set changes what the later tests on
    its worker do, in an order that differs from run to run.  (``rulebook --debug``
    run in-process once left RULEBOOK_DEBUG set, and a test elsewhere failed.)"""
    before = dict(os.environ)
    yield
    after = dict(os.environ)
    changed = sorted(name for name in before.keys() | after.keys()
                     if before.get(name) != after.get(name) and name != "PYTEST_CURRENT_TEST")
    assert not changed, f"the test left these environment variables changed: {changed}"


def copy_project(target: Path) -> Path:
    """A copy of the project's sources (pages, catalogs, records) to build in."""
    ignore = shutil.ignore_patterns("*.mo", "_build", "__pycache__")
    shutil.copytree(ROOT / "docs", target / "docs", ignore=ignore)
    shutil.copytree(ROOT / "figures", target / "figures", ignore=ignore)
    return target


@pytest.fixture(scope="session")
def built_site(pytestconfig, tmp_path_factory):
    """The project's own site and every PDF, ``build/site``, brought up to date once
    per test run, as ``rulebook build`` does (nothing changed since the README's
    build: 0.2 s).  So it is read-only: a test that changes the project or its
    output works on a copy of it (``copy_project``); ``test_site`` builds such a
    copy and compares it byte for byte with this one.

    Under xdist the first worker that needs it builds it, holding a lock in the
    run's own folder (the parent of the workers' temporary folders); the others
    wait for it and find it up to date.
    """
    from rulebook.build import Project, build

    project = Project(ROOT)
    if not hasattr(pytestconfig, "workerinput"):  # not an xdist worker
        build(project, progress=lambda line: None)
        return project
    root = tmp_path_factory.getbasetemp().parent  # one per run, shared by its workers
    done, failure = root / "site.done", root / "site.failed"
    with FileLock(root / "site.lock"):
        if not done.exists() and not failure.exists():
            try:
                build(project, progress=lambda line: None)
            except BaseException as error:
                failure.write_text(f"{type(error).__name__}: {error}")
                raise
            done.touch()
    if failure.exists():
        raise RuntimeError(f"the site's build failed in another worker: {failure.read_text()}")
    return project


@pytest.fixture(scope="module")
def site(built_site):
    """The built site served on a loopback port: (project, base URL)."""
    project = built_site
    handler = functools.partial(_QuietHandler, directory=str(project.build / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield project, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def browser():
    """Headless chromium, started once per worker for the modules it runs
    (tests/chromium.py); each module makes its own contexts (profiles) in it."""
    from playwright.sync_api import sync_playwright

    from chromium import ARGS, CHROMIUM

    assert CHROMIUM, "chromium is needed for this test (apt-get install chromium)"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads these options
def pytest_cmdline_main(config):
    """A plain ``pytest`` runs a worker a core (pytest-xdist), each test module on one
    worker (``--dist loadscope``): a module's browser, served site and shared browser
    context start once, and its tests run in their order.  More workers than cores
    only fight over them: the browser tests and the builds' tests keep every core
    busy with their own processes, and a test that waits (a page polled, a build
    awaited) spends CPU on polling the longer it is starved.  Measured on two cores
    with benchmarks/tree_cpu.py (the whole suite, Chromium included): 2 workers, 8 min
    45 s and 992 CPU-s; 3 workers, 10 min 24 s and 1,187 CPU-s (and earlier, with
    ``time``: 4 workers cost 17 % more CPU than 3).  ``-n 0`` or ``-p no:xdist`` runs
    them in this one process.  (Set here rather than in ``addopts``, where ``-n``
    would be an unknown option under ``-p no:xdist``.)"""
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return
    if config.option.numprocesses is None:
        config.option.numprocesses = os.cpu_count() or 1
    if config.option.dist == "no" and config.option.numprocesses != 0:
        config.option.dist = "loadscope"
        config.option.loadscopereorder = False  # SLOWEST_FIRST's order, not by test count


# The modules that take longest, longest first (measured with benchmarks/tree_cpu.py:
# each module's time on its worker, in a whole run).  The workers take modules in
# collection order, so these go first and the short ones fill in around them; a
# module that starts last ends the run alone (test_diff once did, for 40 s).  Out of
# date, the list only costs time.
SLOWEST_FIRST = ["test_play_travel", "test_site", "test_players", "test_browser", "test_play",
                 "test_serve", "test_diff", "test_approved_play", "test_pdf_edition",
                 "test_scaffold", "test_drawings", "test_figure_cache", "test_necto_figures",
                 "test_pdf", "test_studies", "test_inphexion_figures", "test_check",
                 "test_play_messages", "test_necto_limits", "test_approved_commands"]


@pytest.hookimpl(tryfirst=True)  # before pytest's own -k, which one_game replaces
def pytest_collection_modifyitems(config, items):
    """The slowest modules first (``SLOWEST_FIRST``), each module's tests in their order;
    ``-k SLUG`` selects one game's tests (:func:`one_game`).

    Tests that need the whole site built (``built_site``) are marked ``site``:
    ``-m "not site"`` leaves them out of a quick run (mutation testing)."""
    one_game(config, items)
    rank = {name: place for place, name in enumerate(SLOWEST_FIRST)}
    items.sort(key=lambda item: rank.get(Path(item.path).stem, len(rank)))
    for item in items:
        if "built_site" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.site)


def one_game(config, items):
    """``-k SLUG``, a game's slug alone, selects the tests that name that game as a
    whole word in their id (module, class, test or parameters: ``test_hex.py``,
    ``[hex-desktop]``), not every id that contains it, so ``-k hex`` is not also
    inpHeXion's.  Every test about one game names it so (parametrize ids)."""
    from rulebook.games import available_games

    slug = config.option.keyword.strip().lower()
    if slug not in available_games():
        return  # any other expression: pytest's own -k, by substrings
    named = re.compile(rf"(?<![a-z0-9]){re.escape(slug)}(?![a-z0-9])", re.IGNORECASE)
    kept = [item for item in items if named.search(item.nodeid)]
    deselected = [item for item in items if not named.search(item.nodeid)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
    items[:] = kept
    config.option.keyword = ""  # selected: pytest's -k would select by substring again


def pytest_sessionfinish(session, exitstatus):
    """Under CI a skipped test is a failure: CI must not be green by accident."""
    if not os.environ.get("CI") or exitstatus != 0:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if skipped:
        reporter.write_line(f"CI: {len(skipped)} test(s) skipped; under CI every test must run",
                            red=True)
        session.exitstatus = 1
