"""Mutation testing: how many small changes to the code the tests notice.

Runs mutmut (3.x) over each target on a copy of the project, with the tests
that target's behaviour is specified by, and prints the kill rate per module:
killed (a test failed), timed out (the mutant looped; also caught), survived
(no test noticed: a gap in the tests or an equivalent mutant).  A survivor
shown equivalent (it changes nothing a caller can see, and
``benchmarks/data/equivalent-mutants.toml`` says why) is counted in the
``equiv.`` column; ``rate*`` is the kill rate over the other mutants.

    python benchmarks/mutation.py                 # every target
    python benchmarks/mutation.py qttt records    # some of them
    python benchmarks/mutation.py gates --survivors   # and show the diffs that survived
    python benchmarks/mutation.py craquelure --sample 150   # a seeded random sample

Needs the ``bench`` extra: ``.venv/bin/pip install -e '.[bench]'``.

Targets: each game's rules; ``records`` (records.py: loading, replaying and
checking claims); ``gates``, the build gates: everything that stops a build
from publishing an unchecked fact -- the caption gate (sphinxext/gate.py,
literals.py), the figure directive replaying its record and checking every
claim (sphinxext/directives.py: its run, cached_record and the two roles), the
claim values resolved (ResolveClaimValues), the translation gate (i18n.py), and
build.py's record check, Sphinx-warnings-are-errors and change-detection stamp
(check_records, input_stamp, build, _sphinx, _tidy, check_translations; not
its folder swapping or language chooser).  The gates run without the tests
marked ``site`` (the whole site built once, about 50 s).

A target's tests are a subset of the README's test command, so the rates are
lower bounds of what the whole suite catches.  Timing on this 2-core machine
(idle to lightly loaded): records about 16 minutes, the gates about 35, QTTT
and inpHeXion 20 to 30; Necto's and Craquelure's slowest mutants each run
most of their game's tests (about 30 s of CPU), so a whole run of either takes
hours.  ``--sample N`` runs a seeded random sample of N of a target's mutants
instead (the same N for the same seed and code) and prints the kill rate with
its 95 % interval (Wilson), which is what a sample can say.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from project_copy import project_copy

PACKAGE = "src/rulebook"

ENGINE_TESTS = ["tests/test_interface.py", "tests/test_move_shapes.py", "tests/test_players.py"]

# target: (modules to mutate, tests that specify them[, extra]).  extra:
#   "only": {module: [function or Class.method, ...]}: of that module, only the
#       mutants of these functions are run and counted (the rest is not this
#       target's behaviour: the gates target takes build.py's stamp and checks,
#       not its folder swapping or language chooser);
#   "pytest": more pytest arguments (the gates leave out the tests that need the
#       whole site built, about 50 s each run: too slow to rerun per mutant).
# The engine targets leave out the tests that build the whole site: a mutated
# engine makes the stored studies stale (their fingerprint covers the engine's
# code), so that build fails for every mutant and would count each as killed.
NO_SITE = {"pytest": ["-m", "not site"]}

# Besides the site tests, the gates leave out two tests that check the whole
# project's pages, and the studies' runs on workers and a Dask cluster (not gates,
# and minutes for each mutant of the caption gate's literals).
GATES_LEFT_OUT = [
    "tests/test_i18n.py::test_the_projects_catalogs_are_complete",
    "tests/test_site.py::test_an_untranslated_paragraph_fails_the_build",
    "tests/test_studies.py::test_result_is_byte_identical_with_one_two_workers_and_a_dask_cluster",
    "tests/test_studies.py::test_check_studies_recomputes_and_finds_a_tampered_value",
    "tests/test_studies.py::test_a_worker_with_other_engine_code_is_refused",
]


def deselect(tests) -> list[str]:
    return [arg for test in tests for arg in ("--deselect", test)]


TARGETS = {
    "qttt": (["games/qttt/rules.py"],
             ["tests/test_qttt.py", "tests/games/test_qttt_*.py", *ENGINE_TESTS], NO_SITE),
    "inphexion": (["games/inphexion/rules.py"],
                  ["tests/games/test_inphexion*.py", *ENGINE_TESTS], NO_SITE),
    "necto": (["games/necto/rules.py"],
              ["tests/games/test_necto*.py", *ENGINE_TESTS], NO_SITE),
    "craquelure": (["games/craquelure/rules.py"],
                   ["tests/games/test_craquelure*.py", *ENGINE_TESTS], NO_SITE),
    "records": (["records.py"],
                ["tests/test_records*.py", "tests/test_fuzz_records.py", "tests/test_errors.py",
                 "tests/test_views.py", "tests/test_interface.py"]),
    # The build gates: what stops a build that would publish an unchecked fact.
    # The caption gate (a number or player name in a figure's text that no claim
    # produced), the figure directive replaying its record and checking every
    # claim, the claim role resolved to its checked value, the translation gate
    # (claim order, glossary, strict PO reading), and the build's record check,
    # its failing on any Sphinx warning and its change-detection stamp.
    "gates": (["sphinxext/gate.py", "literals.py", "i18n.py", "build.py",
               "sphinxext/directives.py", "sphinxext/transforms.py", "errors.py"],
              ["tests/test_gate.py", "tests/test_i18n.py", "tests/test_site.py",
               "tests/test_records_robust.py", "tests/test_errors.py",
               "tests/test_studies.py"],  # claims quoting a study's stored result
              {"only": {"build.py": ["check_records", "input_stamp", "build", "_sphinx", "_tidy",
                                     "check_translations"],
                        "sphinxext/directives.py": ["cached_record", "RulebookFigureDirective.run",
                                                    "claim_role", "unchecked_role"],
                        "sphinxext/transforms.py": ["ResolveClaimValues.apply"],
                        "errors.py": ["toml_error"]},  # a glossary's TOML error
               "pytest": ["-m", "not site", *deselect(GATES_LEFT_OUT)]}),
}

# mutmut's exit codes for a mutant
KILLED, SURVIVED = 1, 0
TIMEOUTS = {-24, 24, 36, -9}


def let_drawings_import_mutmut(copy: Path) -> None:
    """In the copy, the drawings' browser-only child (verify.BROWSER_ONLY) lets mutmut's
    trampolines import mutmut: else every module the browser loads fails ``rulebook
    check`` there, mutant or not, and mutmut cannot even collect its statistics."""
    verify = copy / PACKAGE / "verify.py"
    text = verify.read_text(encoding="utf-8")
    allowed = 'top != "rulebook"'
    if allowed not in text:
        sys.exit(f"mutation.py: verify.py's browser-only check changed; update {__file__}")
    verify.write_text(text.replace(allowed, 'top not in ("rulebook", "mutmut")'), encoding="utf-8")


def configure(copy: Path, modules, tests, extra):
    selection = sorted({str(p.relative_to(copy)) for pattern in tests
                        for p in copy.glob(pattern)})
    config = {
        "source_paths": [PACKAGE],
        "only_mutate": [f"{PACKAGE}/{m}" for m in modules],
        "also_copy": ["figures", "docs", "benchmarks"],
        "pytest_add_cli_args_test_selection": selection,
        # in mutmut's own process: it sees which tests reach which function (no xdist workers)
        "pytest_add_cli_args": ["-p", "no:cacheprovider", "-p", "no:xdist", "-q",
                                *extra.get("pytest", [])],
    }
    lines = ["", "[tool.mutmut]"] + [f"{k} = {json.dumps(v)}" for k, v in config.items()]
    with open(copy / "pyproject.toml", "a", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def mutant_patterns(module: str, functions) -> list[str]:
    """mutmut's names of the mutants of ``functions`` in ``module`` (all: None)."""
    dotted = "rulebook." + module.removesuffix(".py").replace("/", ".")
    if functions is None:
        return [f"{dotted}.*"]
    return [f"{dotted}.{'xǁ' + name.replace('.', 'ǁ') if '.' in name else 'x_' + name}__mutmut_*"
            for name in functions]


def mutant_codes(copy: Path, module: str, patterns) -> dict:
    """mutmut's exit code for each of the module's mutants that match ``patterns``
    (None: not run)."""
    meta = copy / "mutants" / PACKAGE / f"{module}.meta"
    codes = json.loads(meta.read_text())["exit_code_by_key"] if meta.exists() else {}
    return {key: code for key, code in codes.items()
            if any(fnmatch.fnmatchcase(key, pattern) for pattern in patterns)}


def wilson(caught: int, total: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a kill rate measured on a sample."""
    if not total:
        return 0.0, 0.0
    z, p = 1.96, caught / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def tally(copy: Path, module: str, patterns, sample=None) -> dict:
    codes = mutant_codes(copy, module, patterns)
    if sample is not None:
        codes = {key: code for key, code in codes.items() if key in sample}
    counts = {"mutants": len(codes), "killed": 0, "timeout": 0, "survived": 0, "untested": 0}
    survivors = []
    for key, code in codes.items():
        if code == KILLED:
            counts["killed"] += 1
        elif code in TIMEOUTS:
            counts["timeout"] += 1
        elif code == SURVIVED:
            counts["survived"] += 1
            survivors.append(key)
        else:
            counts["untested"] += 1
            survivors.append(key)
    caught = counts["killed"] + counts["timeout"]
    counts["rate"] = caught / counts["mutants"] if counts["mutants"] else 0.0
    return counts, survivors


def draw_sample(copy: Path, modules, patterns, size: int, seed: int, env) -> list[str]:
    """A seeded random sample of the target's mutants.  mutmut makes the mutants (and
    its per-test statistics, kept for the real run) before it looks at the names it
    is given, so a run for a name that matches nothing lists them all."""
    subprocess.run([sys.executable, "-m", "mutmut", "run", "rulebook.no_such_module.x_none"],
                   cwd=copy, capture_output=True, text=True, env=env)
    names = sorted(key for module in modules for key in mutant_codes(copy, module, patterns[module]))
    if not names:
        sys.exit("mutmut made no mutants to sample from")
    return sorted(random.Random(seed).sample(names, min(size, len(names))))


EQUIVALENT = Path(__file__).parent / "data" / "equivalent-mutants.toml"


def equivalents() -> set[tuple[str, str, str]]:
    """(module, line before, line after) of the mutants shown equivalent, whitespace
    ignored (benchmarks/data/equivalent-mutants.toml)."""
    with open(EQUIVALENT, "rb") as f:
        entries = tomllib.load(f)["equivalent"]
    return {(e["module"], " ".join(e["old"].split()), " ".join(e["new"].split())) for e in entries}


def changed_lines(diff: str) -> tuple[str, str]:
    """The line a mutant removes and the one it adds (mutmut show's diff), whitespace
    ignored."""
    removed = [l[1:] for l in diff.splitlines() if l.startswith("-") and not l.startswith("---")]
    added = [l[1:] for l in diff.splitlines() if l.startswith("+") and not l.startswith("+++")]
    return " ".join(" ".join(removed).split()), " ".join(" ".join(added).split())


def run_target(name, max_children, show, sample_size=None, seed=0) -> list:
    modules, tests, extra = (*TARGETS[name], {})[:3]
    only = extra.get("only", {})
    patterns = {module: mutant_patterns(module, only.get(module)) for module in modules}
    # property tests draw the same examples every run: a mutant's fate is reproducible
    env = {**os.environ, "HYPOTHESIS_PROFILE": "ci"}
    with tempfile.TemporaryDirectory(prefix=f"mutation-{name}-") as folder:
        copy = project_copy(Path(folder))
        let_drawings_import_mutmut(copy)
        configure(copy, modules, tests, extra)
        start = time.perf_counter()
        names = [p for module in modules for p in patterns[module]] if only else []
        sample = None
        if sample_size:
            names = sample = draw_sample(copy, modules, patterns, sample_size, seed, env)
        done = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children",
                               str(max_children), *names], cwd=copy, capture_output=True,
                              text=True, env=env)
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            sys.exit(f"mutmut failed on {name}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
        rows = []
        for module in modules:
            counts, survivors = tally(copy, module, patterns[module], sample)
            known = equivalents()
            counts["equivalent"] = 0
            for key in list(survivors):
                diff = subprocess.run([sys.executable, "-m", "mutmut", "show", key],
                                      cwd=copy, capture_output=True, text=True).stdout
                if (module, *changed_lines(diff)) in known:
                    counts["equivalent"] += 1
                    survivors.remove(key)
            label = module + (" (part)" if module in only else "")
            if sample is not None:
                label += f" (sample of {len(mutant_codes(copy, module, patterns[module]))})"
            rows.append((name, label, counts, seconds))
            if show:
                for key in survivors:
                    diff = subprocess.run([sys.executable, "-m", "mutmut", "show", key],
                                          cwd=copy, capture_output=True, text=True).stdout
                    print(f"--- survived: {key}\n{diff}")
        return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("targets", nargs="*", metavar="TARGET",
                        help=f"some of: {', '.join(TARGETS)} (default: all)")
    parser.add_argument("--max-children", type=int, default=2)
    parser.add_argument("--survivors", action="store_true", help="print each surviving mutant")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="run a seeded random sample of N mutants of each target")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    options = parser.parse_args()
    if options.sample is not None and options.sample < 1:
        parser.error("--sample needs at least 1 mutant")
    unknown = set(options.targets) - set(TARGETS)
    if unknown:
        parser.error(f"unknown target {sorted(unknown)[0]!r}; choose from {', '.join(TARGETS)}")
    print(f"{'target':11} {'module':28} {'mutants':>7} {'killed':>7} {'timeout':>7} "
          f"{'survived':>8} {'equiv.':>6} {'untested':>8} {'rate':>6} {'rate*':>6}  time",
          flush=True)
    total = {"mutants": 0, "killed": 0, "timeout": 0, "equivalent": 0}
    for name in options.targets or TARGETS:  # each target's rows as soon as it is done
        for name, module, c, seconds in run_target(name, options.max_children, options.survivors,
                                                   options.sample, options.seed):
            caught, others = c["killed"] + c["timeout"], c["mutants"] - c["equivalent"]
            interval = ""
            if options.sample:
                low, high = wilson(caught, others)
                interval = f"  (rate*: 95 % interval {low:.1%} to {high:.1%})"
            print(f"{name:11} {module:28} {c['mutants']:7} {c['killed']:7} {c['timeout']:7} "
                  f"{c['survived']:8} {c['equivalent']:6} {c['untested']:8} {c['rate']:6.1%} "
                  f"{caught / max(others, 1):6.1%}  {seconds:5.0f} s{interval}", flush=True)
            for key in total:
                total[key] += c[key]
    caught = total["killed"] + total["timeout"]
    others = total["mutants"] - total["equivalent"]
    print(f"{'all':40} {total['mutants']:7} {caught:>15} caught, {total['equivalent']} "
          f"equivalent: {caught / max(total['mutants'], 1):6.1%} of all, "
          f"{caught / max(others, 1):6.1%} of the others (rate*)")


if __name__ == "__main__":
    main()
