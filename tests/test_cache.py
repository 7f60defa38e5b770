"""rulebook.cache: which sources shape an output, checked by a second method.

A cached figure is reused while the sources it was drawn with are unchanged, so the
modules a file imports must all be found, or an edit of one leaves stale figures.
Python's own resolution (``importlib.util.resolve_name`` for relative imports,
``find_spec`` for the file) is the second method, over every module of the package."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.cache import PACKAGE, _imports, digest

MODULES = sorted(PACKAGE.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_files(path: Path) -> set[Path]:
    """The package's files that ``path``'s import statements name, as Python finds them
    (a submodule imported by ``from package import name`` included)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    wanted = []
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            wanted += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = importlib.util.resolve_name("." * node.level + (node.module or ""), package) \
                if node.level else node.module
            wanted += [base] + [f"{base}.{alias.name}" for alias in node.names]
    found = set()
    for dotted in wanted:
        if not dotted.startswith("rulebook"):
            continue
        try:
            spec = importlib.util.find_spec(dotted)
        except (ImportError, ValueError):  # a name imported from a module, not a module
            spec = None
        if spec is not None and spec.origin:
            found.add(Path(spec.origin).resolve())
    return found


def test_the_package_has_relative_imports_in_modules_and_in_packages():
    """(So the test below meets both kinds of anchor.)"""
    kinds = {p.name == "__init__.py" for p in MODULES
             if any(isinstance(n, ast.ImportFrom) and n.level
                    for n in ast.walk(ast.parse(p.read_bytes())))}
    assert kinds == {True, False}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_module_a_file_imports_is_among_its_sources(path):
    found = {p.resolve() for p in _imports(path)}
    missing = imported_files(path) - found
    assert not missing, sorted(str(p.relative_to(PACKAGE)) for p in missing)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text("ab", max_size=3), max_size=4), st.lists(st.text("ab", max_size=3), max_size=4))
def test_a_key_s_parts_are_kept_apart_so_no_two_sequences_share_it(one, other):
    """The cache's key of a sequence of parts (a figure's record, language, sources...)
    is another sequence's only when the parts are the same: ("ab", "c") and ("a", "bc"),
    or ("a", "") and ("a",), share no key, else one figure would be served for another.
    Checked over short parts of a two-letter alphabet, where the parts of different
    sequences often join to the same text."""
    assert (digest(*one) == digest(*other)) == (one == other)
    assert digest("ab", "c") != digest("a", "bc") and digest("a", "") != digest("a")
