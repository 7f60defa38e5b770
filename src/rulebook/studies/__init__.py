"""Studies: seeded, reproducible computations whose stored results pages quote.

A study is a TOML file beside the records, ``figures/<game>/studies/<name>.toml``::

    kind = "balance"                     # a registered kind (see KINDS)
    label = { en = "6 × 6", ja = "6×6" } # how charts name it
    options = { size = 6 }               # the game's options
    games = 60                           # kind-specific keys ...
    seed = 1
    players = { type = "mcts", playouts = 4 }

``rulebook study GAME NAME`` runs it (:func:`run_study`) and writes the result
beside it as canonical JSON, ``<name>.json``, with a fingerprint of its
inputs: the study file's bytes, the source of every module the computation
uses (the game's engine, the common interface, the players, the kind) and
:data:`RUNNER_VERSION`.  The build quotes the stored result and refuses it,
in one line, once any of these changed (:func:`stale_reason`).

The work is split into seeded tasks: item ``i`` (a game, a first move) draws
its randomness from ``(seed, i)`` alone, and results are combined in item
order, so the stored bytes are the same whatever ran them: one process, a pool
of local processes, or a Dask cluster.  Nothing about time or hosts is stored.
"""

from __future__ import annotations

import ast
import hashlib
import json
import math
import os
import re
import signal
import threading
import time
import tomllib
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

from ..errors import RulebookError, counted, one_line, toml_error
from ..files import InputTooLarge, read_limited, write_file
from ..games import GAME_MODULES, make_game
from ..workers import core_count, end_with_parent
from .kinds import KINDS, Kind

# Bump when the seeding, splitting or combining of tasks changes.
RUNNER_VERSION = "1"
PACKAGE = Path(__file__).resolve().parent.parent
# Modules of a game package that play no part in a game: what a player sees (drawing,
# figures' view options, clicks, the play page's aids and words: play.py), what the
# conformance test offers play (candidates.py), strategy.py, the levels and heuristics
# of the play pages' computer (rulebook.computer: only the kinds that may play it,
# Kind.uses_computer, fingerprint it and computer.py), and ruleset.py, the rules named for the rules index
# (rulebook.rule_coverage).
NOT_ENGINE = {"drawing.py", "views.py", "clicks.py", "play.py", "candidates.py", "strategy.py",
              "ruleset.py"}
STUDY_KEYS = {"kind", "label"}
WORKERS_PER_CORE = 4  # more local processes than this many per core only slow a study down
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")  # a study's name: a file name, no folder
# A Dask scheduler's address: [protocol://]host:port (the protocols distributed speaks).
SCHEDULER = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?(?:\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+)"
                       r":(\d{1,5})")


class StudyError(RulebookError):
    """A study file that cannot be run, or a stored result that cannot be used."""


@dataclass(frozen=True)
class Study:
    path: Path  # figures/<game>/studies/<name>.toml
    name: str  # "<game>/<name>"
    game: str
    kind: Kind
    label: dict
    spec: dict  # the kind's own keys, checked by the kind

    @property
    def result_path(self) -> Path:
        return self.path.with_suffix(".json")

    def command(self) -> str:
        return f"rulebook study {self.game} {self.name.split('/', 1)[1]}"


def study_path(figures: Path, game: str, name: str) -> Path:
    """``figures/<game>/studies/<name>.toml``; a name that is not a plain file name
    (``../other/studies/x``) or a game that is not one is refused."""
    if game not in GAME_MODULES:
        raise StudyError(f"{game!r} is not a game ({', '.join(GAME_MODULES)})")
    if not NAME.fullmatch(name) or name.endswith(".toml"):
        raise StudyError(f"study name {name!r}: write the name of a file in "
                         f"figures/{game}/studies/ without its .toml (letters, digits, "
                         "'.', '-' and '_'; no folder)")
    return Path(figures) / game / "studies" / f"{name}.toml"


def check_scheduler(address: str) -> str:
    """A Dask scheduler's address as given, if it is one (an empty or local one would
    start a cluster on this machine instead)."""
    found = SCHEDULER.fullmatch(address)
    if not found or not 1 <= int(found.group(1)) <= 65535:
        raise StudyError(f"--scheduler {address!r}: write the address of a Dask scheduler, "
                         "[tcp://]HOST:PORT with a port from 1 to 65535, e.g. "
                         "tcp://10.0.0.5:8786")
    return address


def check_workers(workers: int | None) -> int:
    """The number of local processes to run on: ``workers``, or every core."""
    cores = core_count()
    if workers is None:
        return cores
    most = WORKERS_PER_CORE * cores
    if not 1 <= workers <= most:
        raise StudyError(f"--workers {workers}: must be from 1 to {most} "
                         f"({WORKERS_PER_CORE} per core, {cores} core(s) here)")
    return workers


def find_studies(figures: Path) -> list[Path]:
    return sorted(Path(figures).glob("*/studies/*.toml"))


def load_study(path: Path) -> Study:
    path = Path(path)
    try:
        text = read_limited(path).decode("utf-8")
    except FileNotFoundError:
        raise StudyError(f"{path}: no such study") from None
    except InputTooLarge as error:
        raise StudyError(f"{path}: cannot read the study: {error}") from None
    except OSError as error:
        raise StudyError(f"{path}: cannot read the study: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise StudyError(f"{path}: cannot read the study: {error}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, message = toml_error(error, text)
        raise StudyError(f"{path}:{line}: not valid TOML: {message}") from None
    game = path.parent.parent.name
    if game not in GAME_MODULES:
        raise StudyError(f"{path}: the folder {game!r} is not a game ({', '.join(GAME_MODULES)})")
    kind_name = data.get("kind")
    if kind_name not in KINDS:
        raise StudyError(f"{path}: 'kind' must be one of {', '.join(sorted(KINDS))}, "
                         f"not {kind_name!r}")
    kind = KINDS[kind_name]
    label = data.get("label", {})
    if (not isinstance(label, dict) or set(label) != {"en", "ja"}
            or not all(isinstance(v, str) for v in label.values())):
        raise StudyError(f"{path}: 'label' must be a table with the strings en and ja")
    if found := _not_finite(data):
        raise StudyError(f"{path}: {found[0]} = {found[1]!r}: a study's numbers must be "
                         "finite")
    spec = {k: v for k, v in data.items() if k not in STUDY_KEYS}
    try:
        spec = kind.check(game, spec)
    except RulebookError as error:
        raise StudyError(f"{path}: {one_line(str(error))}") from None
    return Study(path, f"{game}/{path.stem}", game, kind, label, spec)


def _not_finite(value, where: str = "") -> tuple[str, float] | None:
    """The key (``players.exploration``) and value of the first NaN or infinity in
    ``value``, or None."""
    if isinstance(value, float) and not math.isfinite(value):
        return where, value
    if isinstance(value, dict):
        items = ((f"{where}.{k}" if where else k, v) for k, v in value.items())
    elif isinstance(value, list):
        items = ((f"{where}[{n}]", v) for n, v in enumerate(value))
    else:
        return None
    return next((found for key, item in items if (found := _not_finite(item, key))), None)


# --- fingerprints -----------------------------------------------------------


def engine_files(study_kind: Kind, game: str) -> list[Path]:
    """The source files whose code shapes a study's result."""
    package = PACKAGE / "games" / GAME_MODULES[game]
    files = [PACKAGE / "game.py", PACKAGE / "players.py",
             PACKAGE / "studies" / "base.py", PACKAGE / "studies" / f"{study_kind.module}.py"]
    files += [p for p in sorted(package.glob("*.py")) if p.name not in NOT_ENGINE]
    files += sorted({PACKAGE / "kits" / f"{kit}.py" for path in files[4:]
                     for kit in kits_imported(path)})
    if getattr(study_kind, "uses_computer", False):  # a kind whose players may be the computer
        files += [PACKAGE / "computer.py"] + sorted(package.glob("strategy.py"))
    return files


def kits_imported(path: Path) -> frozenset[str]:
    """The board kits (``rulebook.kits.<name>``) a module imports."""
    return _kits_in_source(path.read_bytes())


@lru_cache(maxsize=256)
def _kits_in_source(source: bytes) -> frozenset[str]:
    """(Kept by the module's text: a build asks for every study a page quotes, and
    parsing the games' modules again each time was a third of a build's time.)"""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[-1] == "kits":
                found |= {alias.name for alias in node.names}
            elif len(parts) > 1 and parts[-2] == "kits":
                found.add(parts[-1])
    return frozenset(found)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def code_hashes(kind: Kind, game: str) -> dict[str, str]:
    return {p.relative_to(PACKAGE.parent).as_posix(): _sha(p.read_bytes())
            for p in engine_files(kind, game)}


def code_digest(code: dict[str, str]) -> str:
    return _sha(json.dumps(code, sort_keys=True).encode())


def fingerprint(study: Study) -> dict:
    """What the result depends on: the study file, the code, the runner's version."""
    return {"study": _sha(study.path.read_bytes()), "code": code_hashes(study.kind, study.game),
            "runner": RUNNER_VERSION}


@lru_cache(maxsize=None)
def _worker_code(kind: str, game: str) -> str:
    """The code fingerprint as the process that runs a task sees it."""
    return code_digest(code_hashes(KINDS[kind], game))


# --- stored results ---------------------------------------------------------


def canonical(value: Any) -> Any:
    """Floats rounded to 6 decimals (so the text is the same on every machine)."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"a study result cannot hold {value!r}")
        return round(value, 6)
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    return value


def result_text(study: Study, result: dict, inputs: dict | None = None) -> str:
    """The stored form of ``result``: canonical JSON with the fingerprint of the
    ``inputs`` it was computed from (by default, the files as they are now)."""
    stored = {"study": study.name, "kind": study.kind.name,
              "fingerprint": inputs or fingerprint(study), "result": canonical(result)}
    return json.dumps(stored, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def read_stored(study: Study) -> dict | None:
    try:
        return json.loads(study.result_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        raise StudyError(f"{study.result_path}: cannot read the stored result ({error}); "
                         f"run {study.command()}") from None


def stale_reason(study: Study, stored: dict | None) -> str | None:
    """Why the stored result no longer belongs to its study, or None if it does."""
    if stored is None:
        return "no stored result"
    old, new = stored.get("fingerprint", {}), fingerprint(study)
    changed = []
    if old.get("study") != new["study"]:
        changed.append(study.path.name)
    old_code = old.get("code", {})
    changed += [f"src/{name}" for name in sorted(set(old_code) | set(new["code"]))
                if old_code.get(name) != new["code"].get(name)]
    if old.get("runner") != new["runner"]:
        changed.append("the study runner")
    if not changed:
        return None
    shown = ", ".join(changed[:3]) + (f" and {len(changed) - 3} more" if len(changed) > 3 else "")
    return f"changed since it was computed: {shown}"


def fresh_result(study: Study) -> dict:
    """The stored result, or a one-line StudyError if it is missing or stale."""
    stored = read_stored(study)
    if stored is None:
        raise StudyError(f"{study.path}: no stored result ({study.result_path.name}); "
                         f"run {study.command()}")
    why = stale_reason(study, stored)
    if why is not None:
        raise StudyError(f"{study.path}: the stored result is stale ({why}); "
                         f"run {study.command()}")
    return stored["result"]


def stale_studies(figures: Path) -> list[str]:
    """One line per study whose stored result is missing or stale."""
    problems = []
    for path in find_studies(figures):
        try:
            fresh_result(load_study(path))
        except StudyError as error:
            problems.append(str(error))
    return problems


# --- running ----------------------------------------------------------------


def run_items(kind: str, game: str, spec: dict, items: Sequence[int]) -> tuple[str, list]:
    """One task: the results of ``items``, and the code fingerprint it ran with."""
    kind_ = KINDS[kind]
    context = kind_.context(game, spec)
    return _worker_code(kind, game), [kind_.run_item(context, spec, i) for i in items]


def chunks(count: int, workers: int) -> list[range]:
    """Items split into about eight tasks per worker (the split never changes a result).

    Each task is a range, a few bytes to send: a pool's feeder blocked sending a
    long task into a full pipe would hang the pool's terminate()."""
    size = max(1, count // (8 * max(1, workers)))
    return [range(start, min(count, start + size)) for start in range(0, count, size)]


@dataclass
class RunReport:
    seconds: float
    items: int
    workers: int
    where: str


def run_study(study: Study, workers: int | None = None, scheduler: Any = None,
              progress: bool = True, write: bool = True) -> tuple[str, RunReport]:
    """Run ``study``; returns the canonical result text (written beside the study
    unless ``write`` is false) and how long it took.

    ``scheduler``: a Dask scheduler address, or a ``distributed.Client``; else
    ``workers`` local processes (default: every core).
    """
    if isinstance(scheduler, str):
        check_scheduler(scheduler)
    elif scheduler is None:
        workers = check_workers(workers)
    kind = study.kind
    count = kind.item_count(study.spec)
    inputs = fingerprint(study)  # before the run: a file edited meanwhile makes it stale
    expected = code_digest(inputs["code"])
    started = time.perf_counter()
    bar = _progress_bar(count, study.name, progress)
    if scheduler is not None:
        results, workers, where = _run_dask(study, count, scheduler, bar)
    else:
        results, where = _run_local(study, count, workers, bar), f"{counted(workers, 'local process', 'local processes')}"
    bar.close()
    items = []
    for digest, part in results:
        if digest != expected:
            raise StudyError(f"{study.path}: a worker ran different engine code than this "
                             "project's; install the same version on every worker")
        items += part
    text = result_text(study, kind.combine(study.game, study.spec, items), inputs)
    if write:
        write_file(study.result_path, text)
    return text, RunReport(time.perf_counter() - started, count, workers, where)


def _progress_bar(total: int, name: str, enabled: bool):
    from tqdm import tqdm

    return tqdm(total=total, desc=name, unit=" items", disable=not enabled, smoothing=0.1)


def _run_local(study: Study, count: int, workers: int, bar) -> list:
    args = (study.kind.name, study.game, study.spec)
    tasks = chunks(count, workers)
    if workers == 1:
        results = []
        for task in tasks:
            results.append(run_items(*args, task))
            bar.update(len(task))
        return results
    results: list = [None] * len(tasks)
    with _pool(workers) as pool:
        jobs = [(n, args, task) for n, task in enumerate(tasks)]
        for n, part in pool.imap_unordered(_run_task, jobs):
            results[n] = part
            bar.update(len(tasks[n]))
    return results


def _run_task(job) -> tuple[int, tuple[str, list]]:
    n, args, task = job
    return n, run_items(*args, task)


@contextmanager
def _pool(workers: int):
    """A pool of ``workers`` processes that no signal leaves behind.

    A SIGINT or SIGTERM that comes while the pool starts is held back (a pool
    interrupted half-started hangs the exit) and raised as KeyboardInterrupt once
    it has started; in the block both raise it (SIGTERM too, instead of ending
    the process at once); leaving the block in any way terminates the workers, and
    one that comes while they end is acted on afterwards. The workers are born
    with both blocked, so one told to end before it has set up its own handlers
    (:func:`_start_worker`) ends as soon as it has, instead of running the
    parent's. A parent killed outright (SIGKILL) takes them with it.
    """
    import multiprocessing

    if threading.current_thread() is not threading.main_thread():  # no signals here
        with multiprocessing.Pool(workers, _start_worker, (os.getpid(),)) as pool:
            yield pool
        return
    came: list[int] = []

    def hold() -> None:
        for number in _HELD:
            signal.signal(number, lambda number, frame: came.append(number))

    previous = {number: signal.getsignal(number) for number in _HELD}
    hold()
    signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)  # inherited by the workers
    try:
        pool = multiprocessing.Pool(workers, _start_worker, (os.getpid(),))
        try:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            signal.signal(signal.SIGTERM, _interrupt)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)  # one blocked is raised here
            if came:
                raise KeyboardInterrupt
            yield pool
        finally:
            hold()
            came.clear()
            pool.terminate()
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
        for number, handler in previous.items():
            signal.signal(number, handler)
        for number in dict.fromkeys(came):
            signal.raise_signal(number)


_HELD = {signal.SIGINT, signal.SIGTERM}


def _interrupt(number, frame):
    raise KeyboardInterrupt


def _start_worker(parent: int) -> None:
    """A pool worker's start: Ctrl-C is the parent's to handle (it ends the pool),
    SIGTERM ends the worker, and so does its parent's death, however it dies
    (:func:`rulebook.workers.end_with_parent`; Linux). The worker was born with
    both signals blocked (:func:`_pool`): one that came before this is acted on
    when they are let through, at the end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    end_with_parent(parent)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


def _run_dask(study: Study, count: int, scheduler, bar) -> tuple[list, int, str]:
    try:
        from distributed import Client, as_completed
    except ImportError:  # declared, but a trimmed install may lack it
        raise StudyError("--scheduler needs the distributed package (pip install distributed)") \
            from None
    own = not hasattr(scheduler, "submit")
    try:
        client = Client(scheduler, timeout=10) if own else scheduler
    except (OSError, ValueError, TypeError) as error:  # unreachable, or not an address
        raise StudyError(f"cannot reach the Dask scheduler at {scheduler!r}: "
                         f"{one_line(str(error))} (write an address such as "
                         "tcp://10.0.0.5:8786)") from None
    try:
        workers = max(1, sum(client.nthreads().values()))
        tasks = chunks(count, workers)
        args = (study.kind.name, study.game, study.spec)
        futures = [client.submit(run_items, *args, task, pure=False) for task in tasks]
        index = {future.key: n for n, future in enumerate(futures)}
        results: list = [None] * len(tasks)
        for future in as_completed(futures):
            n = index[future.key]
            results[n] = future.result()
            bar.update(len(tasks[n]))
        return results, workers, f"Dask cluster at {client.scheduler.address} ({workers} threads)"
    finally:
        if own:
            client.close()


def compare_with_stored(study: Study, workers: int | None = None, progress: bool = False,
                        scheduler: Any = None) -> str | None:
    """Recompute ``study``; a one-line difference from the stored result, or None."""
    text, _ = run_study(study, workers, scheduler, progress=progress, write=False)
    stored = read_stored(study)
    if stored is None:
        return f"{study.path}: no stored result; run {study.command()}"
    computed = json.loads(text)
    if computed == stored:
        return None
    where = first_difference(stored, computed) or "the file's text"
    return (f"{study.result_path}: the stored result differs from a fresh run ({where}); "
            f"run {study.command()}")


_ABSENT = object()  # a key one result has and the other lacks (not the same as null)


def first_difference(stored, computed, path: str = "") -> str | None:
    """Where two results first differ, as ``path: stored X, computed Y``; None if equal."""
    if isinstance(stored, dict) and isinstance(computed, dict):
        for key in sorted(set(stored) | set(computed)):
            found = first_difference(stored.get(key, _ABSENT), computed.get(key, _ABSENT),
                                     f"{path}.{key}" if path else key)
            if found:
                return found
        return None
    if isinstance(stored, list) and isinstance(computed, list) and len(stored) == len(computed):
        for n, (a, b) in enumerate(zip(stored, computed)):
            if found := first_difference(a, b, f"{path}[{n}]"):
                return found
        return None
    if stored is _ABSENT or computed is _ABSENT or stored != computed:
        def said(value) -> str:
            return "nothing" if value is _ABSENT else json.dumps(value)[:40]
        return f"{path}: stored {said(stored)}, computed {said(computed)}"
    return None


# --- quoting ----------------------------------------------------------------


def quote(figures: Path, reference: str, lang: str, words: dict | None = None) -> str:
    """The text of ``:claim:`<game>/<study>#<key>``` in ``lang``; ``words``: the
    language's values catalog (:func:`rulebook.i18n.claim_words`), for the values
    that are words (a verdict, the players)."""
    name, _, key = reference.partition("#")
    game, _, stem = name.partition("/")
    if not (game and stem and key):
        raise StudyError(f"study claim {reference!r}: write <game>/<study>#<key>")
    study = load_study(study_path(figures, game, stem))
    result = fresh_result(study)
    from .present import QUOTES

    game_ = make_game(study.game, **study.spec.get("options", {}))
    return QUOTES[study.kind.name](game_, result, key, lang, reference, words)
