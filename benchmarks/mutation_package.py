"""Mutation testing over the whole package: a seeded sample of each module's mutants.

``benchmarks/mutation.py`` runs mutmut's own runner over chosen targets (the
engines, the records, the build gates): mutmut first runs every test of the
target under its trampolines to learn which tests reach which function.  Over the
whole package that first run alone takes longer than half an hour (every call of
every module goes through a trampoline), so this script samples instead:

1. mutmut makes every mutant of every module no whole target already covers
   (about 37,000), nothing run yet;
2. of each module, ``--sample K`` mutants are drawn (seeded: the same mutants for
   the same seed and code);
3. each is applied to a plain copy of the project (``mutmut apply``: the real
   code, no trampolines, so the command-line tests' child processes run it too)
   and the module's tests are run against it, stopping at the first failure:
   killed (a test failed), timed out (also caught) or survived.

A module's tests are those that name it (import it by its dotted name, or by
``from rulebook.pkg import module``; a game's part also by ``game_part(slug,
"part")``), those named after it or its folder
(``tests/games/test_necto*.py`` for ``games/necto/drawing.py``), and those
:data:`EXTRA_TESTS` lists for modules only reached through others.  The tests
that need the whole site built are left out (``-m "not site"``, about 50 s a
run).  So the rates are lower bounds of what the README's test command catches;
with ``--approved``, a mutant those tests miss then meets the approved outputs
(``tests/test_approved_*.py``: the site the mutant builds, byte for byte, its PDFs
as read, the positions' facts, the commands' effects, the play pages' visit), with the
stored studies taken as fresh, so an engine's mutant is not caught by their
fingerprints alone (about two minutes a surviving mutant).

    python benchmarks/mutation_package.py --sample 2            # 2 a module
    python benchmarks/mutation_package.py --sample 3 --only pdf/   # modules under pdf/
    python benchmarks/mutation_package.py --sample 2 --survivors   # and their diffs
    python benchmarks/mutation_package.py --sample 1 --approved    # as the whole suite would
    python benchmarks/mutation_package.py --sample 2 --progress --resume earlier.log
    python benchmarks/mutation_package.py --sample 10 --coverage     # per-module figures

With ``--coverage`` (needs pytest-cov), the suite without its site tests is first run
once under coverage with a context per test, each test timed (about 10 minutes on two
cores); each mutant then meets first the tests that ran the statement it changes, the
quickest first, and only if they all pass, its module's test files as above.  Most
mutants fail one of the first tests that reach them, in seconds; the survivors get
exactly the treatment they got before, so the figures mean the same.

A failure catches a mutant only if the first failed test fails again when run alone:
a run of 2026-12-06 beside the studies counted three known equivalent mutants as
caught by the approved outputs, which pass with them on a quiet machine.

Survivors shown equivalent are listed in benchmarks/data/equivalent-mutants.toml
(as for mutation.py) and counted apart (``equiv.``; ``rate*`` is over the others).
"""

from __future__ import annotations

import argparse
import ast
import difflib
import fnmatch
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from mutation import PACKAGE, TARGETS, changed_lines, equivalents, wilson
from project_copy import ROOT, project_copy

# Modules (fnmatch patterns) no test names: the tests that reach them through the module
# that uses them.
EXTRA_TESTS = {
    "cache.py": ["tests/test_play_site.py"],  # the play runtime's cache folder (play/site.py)
    "editions.py": ["tests/test_pdf_edition.py", "tests/test_diff.py"],
    "pdf/rules_index.py": ["tests/test_coverage.py"],  # a small book's index, built
    "snapshot.py": ["tests/test_diff.py"],  # run by rulebook diff, in each side's checkout
    "verify.py": ["tests/test_check.py", "tests/test_drawings.py"],
    "record_facts.py": ["tests/test_refusals.py"],  # the refusal fact, through records
    "sphinxext/catalog.py": ["tests/test_site.py", "tests/test_scaffold.py"],
    "sphinxext/gate.py": ["tests/test_studies.py"],  # the study charts' captions
    "games/*/ruleset.py": ["tests/test_coverage.py"],  # read by rule_coverage.ruleset(slug)
    "games/*/play.py": ["tests/test_drawings.py"],  # read by game_play(slug)
    "sphinxext/directives.py": ["tests/test_gate.py", "tests/test_site.py", "tests/test_check.py"],
    "sphinxext/html.py": ["tests/test_site.py", "tests/test_browser.py"],
    "sphinxext/reference.py": ["tests/test_site.py", "tests/test_pdf.py"],
    "sphinxext/rules_index.py": ["tests/test_site.py", "tests/test_pdf.py"],
}

PYTEST = ["-x", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", "-m", "not site"]

# --approved: a mutant the module's tests miss meets the approved outputs too (the site
# built by the mutant, its PDFs, positions, commands, diagnostics and play pages), as the
# README's test command would; with the stored studies' fingerprint check out of the way,
# so an engine's mutant is not caught only because the studies look stale (issue 24).
APPROVED = sorted(f"tests/{path.name}" for path in (ROOT / "tests").glob("test_approved_*.py"))
STALE_CHECK = ('    """Why the stored result no longer belongs to its study, or None if it does."""\n')
STUDIES = "studies/__init__.py"


def without_stale_check(module: str, text: str) -> str:
    """``text`` of ``module`` with the stored studies always taken as fresh."""
    if module != STUDIES or STALE_CHECK not in text:
        return text
    return text.replace(STALE_CHECK, STALE_CHECK + "    return None  # mutation_package --approved\n")


def package_modules() -> list[str]:
    """The modules no target of mutation.py mutates whole (the gates take theirs in part)."""
    whole = {module for name, (modules, *_) in TARGETS.items() if name != "gates"
             for module in modules}
    root = ROOT / PACKAGE
    return sorted(path.relative_to(root).as_posix() for path in root.rglob("*.py")
                  if path.relative_to(root).as_posix() not in whole)


def module_tests(module: str, tests: dict[Path, str]) -> list[str]:
    """The test files that name ``module`` (see the module's docstring)."""
    parts = list(Path(module).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    dotted = ".".join(["rulebook", *parts])
    patterns = [re.escape(dotted) + r"(?![.\w])"]  # rulebook.games, not rulebook.games.qttt
    if parts:
        patterns.append(rf"from {re.escape('.'.join(['rulebook', *parts[:-1]]))} import "
                        rf"[^\n]*\b{re.escape(parts[-1])}\b")
    if len(parts) == 3 and parts[0] == "games":  # a game's part, reached as game_part(slug, part)
        patterns.append(rf'game_part\([^)]*"{re.escape(parts[2])}"')
    found = {str(path) for path, text in tests.items()
             if any(path.name.startswith(f"test_{part}") for part in parts)
             or any(re.search(pattern, text) for pattern in patterns)}
    return sorted(found.union(*(tests for pattern, tests in EXTRA_TESTS.items()
                                if fnmatch.fnmatchcase(module, pattern))))


def make_mutants(copy: Path, modules: list[str]) -> dict[str, list[str]]:
    """Every mutant of ``modules`` made in ``copy`` (mutmut's generation step alone):
    module -> its mutants' names."""
    config = {"source_paths": [PACKAGE], "only_mutate": [f"{PACKAGE}/{m}" for m in modules]}
    with open(copy / "pyproject.toml", "a", encoding="utf-8") as f:
        f.write("\n[tool.mutmut]\n" + "".join(f"{k} = {json.dumps(v)}\n"
                                              for k, v in config.items()))
    generate = ("import os\nfrom mutmut.__main__ import copy_src_dir, create_mutants\n"
                "from mutmut.mutation.trampoline import set_mutant_under_test\n"
                "set_mutant_under_test('mutant_generation')\n"
                "os.makedirs('mutants', exist_ok=True)\ncopy_src_dir()\ncreate_mutants(2)\n")
    done = subprocess.run([sys.executable, "-c", generate], cwd=copy, capture_output=True,
                          text=True)
    if done.returncode:
        sys.exit(f"mutmut could not make the mutants:\n{done.stderr[-3000:]}")
    names = {}
    for module in modules:
        meta = copy / "mutants" / PACKAGE / f"{module}.meta"
        names[module] = sorted(json.loads(meta.read_text())["exit_code_by_key"]) if meta.exists() else []
    return names


class Mutator:
    """Applies one mutant at a time in the copy mutmut made them in, and gives back the
    module's text and the mutant's (the copy's module restored at once)."""

    def __init__(self, copy: Path):
        self.copy, self.lock = copy, threading.Lock()

    def mutated(self, module: str, name: str) -> tuple[str, str]:
        """The module's text, and the mutant's."""
        path = self.copy / PACKAGE / module
        with self.lock:
            original = path.read_text(encoding="utf-8")
            try:
                subprocess.run([sys.executable, "-m", "mutmut", "apply", name], cwd=self.copy,
                               check=True, capture_output=True)
                return original, path.read_text(encoding="utf-8")
            finally:
                path.write_text(original, encoding="utf-8")

    def diff(self, name: str) -> str:
        return subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=self.copy,
                              capture_output=True, text=True).stdout


def run_mutant(copy: Path, module: str, text: str, tests: list[str], timeout: float,
               approved: bool = False, reaching: list[str] = ()) -> str:
    """The mutant's fate: its module replaced in ``copy``, the tests run, then restored;
    with ``reaching`` (test ids), those run first, and only if they all pass the module's
    tests; with ``approved``, a mutant they miss meets the approved outputs ("approved":
    caught)."""
    path = copy / PACKAGE / module
    studies = copy / PACKAGE / STUDIES
    original, studies_text = path.read_text(encoding="utf-8"), studies.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    forget_bytecode(path)  # a mutant of the same size, written in the same second
    env = {**os.environ, "PYTHONPATH": str(copy / "src"), "HYPOTHESIS_PROFILE": "ci"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def outcome(options: list[str], paths: list[str], env: dict = env) -> int:
        """pytest's exit status over ``paths``, but a failure (1, 2 a collection error, 3)
        counts only if the first failed test fails again alone: a test that fails only
        on a loaded machine (a browser's time limit) catches no mutant (0)."""
        done = subprocess.run([sys.executable, "-m", "pytest", *options, *paths], cwd=copy,
                              capture_output=True, text=True, timeout=timeout, env=env)
        if done.returncode not in (1, 2, 3):
            return done.returncode
        failed = re.search(r"^(?:FAILED|ERROR) (.+?::.+?)(?: - .*)?$", done.stdout, re.MULTILINE)
        if failed:  # (none: a collection error, the mutant broke an import)
            again = subprocess.run([sys.executable, "-m", "pytest", *options, failed[1]],
                                   cwd=copy, capture_output=True, text=True, timeout=timeout,
                                   env=env)
            if again.returncode in (0, 5):  # (4: the id not read back whole; trust the first)
                return 0
        return 1

    try:
        if reaching and outcome(PYTEST, reaching) == 1:
            return "killed"
        fate = {0: "survived", 5: "untested"}.get(outcome(PYTEST, tests), "killed")
        if fate != "killed" and approved:  # the module's tests ran with the check in place
            studies.write_text(without_stale_check(STUDIES, studies.read_text(encoding="utf-8")),
                               encoding="utf-8")
            forget_bytecode(studies)
            if outcome(["-x", "-q", "-p", "no:cacheprovider"], APPROVED, {**env, "CI": "true"}) == 1:
                fate = "approved"
        return fate
    except subprocess.TimeoutExpired:
        return "timeout"
    finally:
        studies.write_text(studies_text, encoding="utf-8")
        path.write_text(original, encoding="utf-8")
        forget_bytecode(studies)
        forget_bytecode(path)


def covering_tests(copy: Path, data_file: Path) -> tuple[dict[str, dict[int, set[str]]],
                                                         dict[str, float]]:
    """Run the suite without its site tests under coverage, a context per test: module ->
    line -> the ids of the tests that ran it (pytest-cov's ``--cov-context=test``), and
    each test's seconds (its setup, call and teardown)."""
    from coverage import CoverageData

    env = {**os.environ, "PYTHONPATH": str(copy / "src"), "HYPOTHESIS_PROFILE": "ci",
           "COVERAGE_FILE": str(data_file)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # -n is given here: pytest-cov chooses its xdist mode before tests/conftest.py sets -n
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", str(os.cpu_count() or 1),
                           "-p", "no:cacheprovider", "-m", "not site", "--cov=rulebook",
                           "--cov-context=test", "--cov-report=", "--durations=0",
                           "--durations-min=0"], cwd=copy, env=env, capture_output=True, text=True)
    seconds: dict[str, float] = {}
    for found in re.finditer(r"^\s*([\d.]+)s (?:setup|call|teardown) +(\S.*?)\s*$", done.stdout,
                             re.MULTILINE):
        seconds[found[2]] = seconds.get(found[2], 0.0) + float(found[1])
    data = CoverageData(str(data_file))
    data.read()
    root = copy / PACKAGE
    lines = {}
    for filename in data.measured_files():
        path = Path(filename)
        if not path.is_relative_to(root):
            continue
        by_line = lines[path.relative_to(root).as_posix()] = {}
        for number, contexts in data.contexts_by_lineno(filename).items():
            tests = {context.rsplit("|", 1)[0] for context in contexts if "::" in context}
            if tests:
                by_line[number] = tests
    return lines, seconds


def changed_statement_lines(original: str, mutated: str) -> set[int]:
    """The lines (of ``original``) of every statement the mutant changes: a multi-line
    statement is traced on whichever of its lines Python reports."""
    changed = set()
    matcher = difflib.SequenceMatcher(None, original.splitlines(), mutated.splitlines(),
                                      autojunk=False)
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag != "equal":
            changed.update(range(i1 + 1, max(i2, i1 + 1) + 1))
    statements = [node for node in ast.walk(ast.parse(original)) if isinstance(node, ast.stmt)
                  and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    def own_lines(node):  # a compound statement's own lines end where its body starts
        body = getattr(node, "body", None)
        end = node.end_lineno if not body else max(node.lineno, body[0].lineno - 1)
        return range(node.lineno, end + 1)

    lines = set(changed)
    for number in changed:
        around = [node for node in statements if number in own_lines(node)]
        if around:
            lines.update(own_lines(min(around, key=lambda node: node.end_lineno - node.lineno)))
    return lines


def resumed(log: Path) -> dict[str, str]:
    """Mutant name -> fate of the mutants an earlier run's ``--progress`` lines say it caught."""
    lines = log.read_text(encoding="utf-8").splitlines()
    return {m[2]: m[1] for line in lines
            if (m := re.fullmatch(r"  (killed|timeout|approved) +(\S+)", line))}


def forget_bytecode(path: Path) -> None:
    """Python trusts a module's bytecode while the source's size and mtime (seconds) match."""
    for cached in path.parent.glob(f"__pycache__/{path.stem}.*.pyc"):
        cached.unlink()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=2, metavar="K",
                        help="mutants drawn of each module (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", metavar="PREFIXES",
                        help="only the modules whose path starts with one of these "
                             "(comma-separated: pdf/,games/necto/)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=900, help="seconds a mutant (timed out: caught)")
    parser.add_argument("--approved", action="store_true",
                        help="a mutant the module's tests miss meets the approved outputs too")
    parser.add_argument("--coverage", action="store_true",
                        help="each mutant meets the tests that ran its statement first "
                             "(measured once under coverage; needs pytest-cov)")
    parser.add_argument("--survivors", action="store_true", help="print each surviving mutant")
    parser.add_argument("--progress", action="store_true", help="print each mutant's fate as it comes")
    parser.add_argument("--resume", type=Path, metavar="LOG",
                        help="a stopped run's --progress output: the mutants it caught are "
                             "not run again (its survivors are, against today's tests)")
    options = parser.parse_args()
    if options.sample < 1 or options.workers < 1:
        parser.error("--sample and --workers need at least 1")
    modules = [m for m in package_modules() if m.startswith(tuple(options.only.split(",")))]
    if not modules:
        parser.error(f"no module of the package starts with {options.only!r}")
    tests_text = {path.relative_to(ROOT): path.read_text(encoding="utf-8")
                  for path in (ROOT / "tests").rglob("test_*.py")}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mutation-package-") as folder:
        folder = Path(folder)
        maker = project_copy(folder / "maker")
        names = make_mutants(maker, modules)
        copies = [project_copy(folder / f"copy-{k}") for k in range(options.workers)]
        rng = random.Random(options.seed)
        drawn = {module: sorted(rng.sample(names[module], min(options.sample, len(names[module]))))
                 for module in modules}
        # every module's first mutant, then every module's second...: a run stopped early
        # has measured each module as evenly as it could; within a round, the modules
        # with the fewest test files first (a surviving mutant runs all of them)
        tests = {module: module_tests(module, tests_text) for module in modules}
        jobs = [(module, draws[k]) for k in range(options.sample)
                for module, draws in sorted(drawn.items(), key=lambda item: len(tests[item[0]]))
                if k < len(draws)]
        print(f"{sum(map(len, names.values()))} mutants in {len(modules)} modules; "
              f"{len(jobs)} drawn ({time.perf_counter() - started:.0f} s)", flush=True)
        done = resumed(options.resume) if options.resume else {}
        reached, seconds = covering_tests(copies[0], folder / "coverage.db") if options.coverage else ({}, {})
        if options.coverage:
            print(f"coverage: {len(reached)} modules reached by the tests, {len(seconds)} tests "
                  f"timed ({time.perf_counter() - started:.0f} s)", flush=True)
        mutator, free = Mutator(maker), list(copies)
        free_lock = threading.Lock()

        def run(job):
            module, name = job
            if name in done:  # caught by an earlier run (--resume)
                if options.progress:
                    print(f"  {done[name]:8} {name}\n", flush=True)
                return done[name]
            original, text = mutator.mutated(module, name)
            by_line = reached.get(module, {})
            reaching = set().union(*(by_line.get(number, ())
                                     for number in changed_statement_lines(original, text)))
            # the quickest first: most mutants fail the first test that runs their line
            reaching = sorted(reaching, key=lambda test: (seconds.get(test, 60.0), test))
            with free_lock:
                copy = free.pop()
            try:
                fate = run_mutant(copy, module, text, tests[module], options.timeout,
                                  options.approved, reaching)
                if options.progress:
                    shown = mutator.diff(name) if fate in ("survived", "untested") else ""
                    print(f"  {fate:8} {name}\n{shown}", end="" if shown else "\n", flush=True)
                return fate
            finally:
                with free_lock:
                    free.append(copy)

        with ThreadPoolExecutor(options.workers) as pool:
            fates = dict(zip(jobs, pool.map(run, jobs)))
        known = equivalents()
        rows, survivors = {}, []
        for (module, name), fate in fates.items():
            row = rows.setdefault(module, {"mutants": 0, "killed": 0, "timeout": 0,
                                           "approved": 0, "survived": 0, "untested": 0, "equivalent": 0})
            row["mutants"] += 1
            if fate in ("survived", "untested"):
                diff = mutator.diff(name)
                if (module, *changed_lines(diff)) in known:
                    row["equivalent"] += 1
                    continue
                survivors.append((module, name, fate, diff))
            row[fate] += 1
    seconds = time.perf_counter() - started
    print(f"{'module':34} {'of':>5} {'drawn':>5} {'killed':>6} {'timeout':>7} {'approved':>8} {'survived':>8} "
          f"{'equiv.':>6} {'untested':>8}  rate*")
    total = {"drawn": 0, "caught": 0, "others": 0}
    for module in modules:
        row = rows.get(module)
        if not row:
            continue
        caught = row["killed"] + row["timeout"] + row["approved"]
        others = row["mutants"] - row["equivalent"]
        total["drawn"] += row["mutants"]
        total["caught"] += caught
        total["others"] += others
        print(f"{module:34} {len(names[module]):5} {row['mutants']:5} {row['killed']:6} "
              f"{row['timeout']:7} {row['approved']:8} {row['survived']:8} {row['equivalent']:6} {row['untested']:8}"
              f"  {caught / max(others, 1):6.1%}")
    low, high = wilson(total["caught"], total["others"])
    print(f"all: {total['caught']} of {total['others']} caught ({total['drawn']} drawn, "
          f"{total['drawn'] - total['others']} equivalent): {total['caught'] / max(total['others'], 1):.1%}"
          f", 95 % interval {low:.1%} to {high:.1%}; {seconds / 60:.0f} min")
    if options.survivors:
        for module, name, fate, diff in survivors:
            print(f"--- {fate}: {name}\n{diff}")


if __name__ == "__main__":
    main()
