"""Every package the code and the tests import is declared in pyproject.toml.

An undeclared import works on the machine that happens to have the package and
fails (or, through ``pytest.importorskip``, silently skips) on a fresh install.
The package's own code may import only ``[project] dependencies``; the tests
also what the ``test`` extra adds (the README installs ``.[test]``).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

from rulebook.games import available_games

from conftest import ROOT

DYNAMIC = {("pytest", "importorskip"), ("importlib", "import_module")}
# What the browser lacks: the play pages run the engines under Pyodide with the
# standard library only (tests/test_scene.py draws under this blocker too).
BLOCKED = ("matplotlib", "sphinx", "reportlab", "numpy", "shapely", "sympy", "docutils", "babel",
           "fontTools", "svglib", "budoux", "matplotlib_fontja")
BLOCKER = f"""
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {BLOCKED!r}:
            raise ImportError(f"{{name}} is blocked: engines use the standard library only")
sys.meta_path.insert(0, Block())
"""


def imported_modules(path: Path) -> dict[str, int]:
    """The top-level modules ``path`` imports (statements, ``pytest.importorskip``
    and ``importlib.import_module`` of a literal name), each with its first line."""
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module] if node.module and not node.level else []
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and isinstance(node.func.value, ast.Name)
              and (node.func.value.id, node.func.attr) in DYNAMIC
              and node.args and isinstance(node.args[0], ast.Constant)):
            names = [node.args[0].value]
        else:
            continue
        for name in names:
            found.setdefault(name.split(".")[0], node.lineno)
    return found


def normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(*groups: str) -> set[str]:
    """The distributions named in pyproject.toml's dependencies and these extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for group in groups:
        requirements += project["optional-dependencies"][group]
    return {normalised(re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", r).group()) for r in requirements}


def local_modules(folder: Path) -> set[str]:
    """Modules and packages that live in ``folder`` (test helpers, the package)."""
    return {p.stem for p in folder.rglob("*.py")} | {p.name for p in folder.rglob("*") if p.is_dir()}


def undeclared(folder: Path, allowed: set[str]) -> list[str]:
    providers = packages_distributions()
    local = local_modules(folder) | {"rulebook"}
    problems = []
    for path in sorted(folder.rglob("*.py")):
        for module, line in imported_modules(path).items():
            if module in sys.stdlib_module_names or module in local:
                continue
            given_by = {normalised(d) for d in providers.get(module, [])}
            if not given_by & allowed:
                what = ", ".join(sorted(given_by)) or "no installed distribution"
                problems.append(f"{path.relative_to(ROOT)}:{line}: {module} ({what})")
    return problems


def test_the_package_imports_only_its_declared_dependencies():
    problems = undeclared(ROOT / "src", declared())
    assert not problems, "undeclared in [project] dependencies:\n" + "\n".join(problems)


def test_the_tests_import_only_declared_dependencies_and_test_extras():
    problems = undeclared(ROOT / "tests", declared("test"))
    assert not problems, "undeclared in dependencies or the test extra:\n" + "\n".join(problems)


def test_the_import_scan_sees_every_kind_of_import(tmp_path):
    """The scan itself: each form of import is found, relative ones are not."""
    source = tmp_path / "example.py"
    source.write_text("import a.b, c\nfrom d.e import f\nfrom . import g\nfrom .h import i\n"
                      "def k():\n    pytest.importorskip('j')\n    importlib.import_module('m.n')\n"
                      "    other.importorskip('o')\n")
    assert imported_modules(source) == {"a": 1, "c": 1, "d": 2, "j": 6, "m": 7}
    assert declared("test") >= {"pytest", "hypothesis", "database-knotinfo", "sphinx"}
    assert "pytest" not in declared()


@pytest.mark.parametrize("workers", [[], ["-p", "xdist", "-n", "1"]],
                         ids=["one process", "xdist workers"])
def test_under_ci_a_skipped_test_fails_the_run(tmp_path, workers):
    """A test dependency missing from a fresh install makes its tests skip
    (``pytest.importorskip``); under CI that must fail the run, not pass it,
    also when the tests run on xdist's workers (the plain ``pytest``: conftest.py
    turns them on wherever pytest-xdist is loaded)."""
    import os
    import shutil
    import subprocess

    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_example.py").write_text(
        "import pytest\n\n\ndef test_runs():\n    pass\n\n\n"
        "def test_needs_a_missing_package():\n"
        "    pytest.importorskip('a_package_that_is_not_installed')\n")

    def run(**env):
        base = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS")}
        return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               *workers, str(tmp_path)], cwd=tmp_path,
                              env={**base, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", **env},
                              capture_output=True, text=True)

    outside, under_ci = run(), run(CI="true")
    assert outside.returncode == 0 and "1 passed, 1 skipped" in outside.stdout, outside.stdout
    assert under_ci.returncode == 1, under_ci.stdout
    assert "CI: 1 test(s) skipped; under CI every test must run" in under_ci.stdout
    assert ("bringing up nodes" in under_ci.stdout) == bool(workers), under_ci.stdout  # xdist's


def test_every_engine_imports_with_the_heavy_packages_blocked():
    """The browser has only the standard library: each engine, its notation,
    facts, views, clicks and (through the stand-ins) drawing, and the bridge."""
    script = BLOCKER + """
from rulebook.games import available_games, make_game
from rulebook.play import bridge
for slug in available_games():
    session = bridge.Session(slug)
    session.play(session.legal_moves()[0])
    view = session.view("en")
    assert view["scene"]["items"] and view["targets"], slug
    print(slug, len(view["legal"]))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(line.split()[0] for line in done.stdout.splitlines()) == sorted(
        available_games())


def test_the_blocker_blocks():
    """The check above can fail: importing matplotlib under the blocker is an error."""
    done = subprocess.run([sys.executable, "-c", BLOCKER + "import matplotlib.pyplot"],
                          capture_output=True, text=True)
    assert done.returncode != 0 and "blocked" in done.stderr


def test_the_slowest_modules_named_for_the_workers_exist_and_go_first(request):
    """conftest's SLOWEST_FIRST names test modules that exist (a renamed module would
    silently lose its place, and a long one started last ends the run alone), and this
    run's tests come in its order, before every other module's."""
    from conftest import SLOWEST_FIRST

    modules = {path.stem for path in (ROOT / "tests").rglob("test_*.py")}
    assert set(SLOWEST_FIRST) <= modules, sorted(set(SLOWEST_FIRST) - modules)
    assert len(set(SLOWEST_FIRST)) == len(SLOWEST_FIRST)
    order = list(dict.fromkeys(Path(item.path).stem for item in request.session.items))
    named = [name for name in SLOWEST_FIRST if name in order]
    assert order[:len(named)] == named, order[:len(named) + 1]
