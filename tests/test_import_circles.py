"""No two rulebook modules import each other, directly or round a longer circle.

Read statically (the AST of every module under ``src/rulebook``, the
scaffold's templates included), so an import inside a function, which only
runs later, counts as much as one at the top: a circle that works today
because one side imports lazily breaks as soon as someone moves that import
up.  A module's own ancestor packages are not counted: Python imports them
before the module in any case (``rulebook.pdf.builder`` reading a name from
``rulebook.pdf`` is a package and its part, not a circle).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conftest import ROOT

SOURCE = ROOT / "src"
TEMPLATE = SOURCE / "rulebook" / "templates" / "game" / "src"


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1].removesuffix(".py") == "__init__":
        parts.pop()
    return ".".join(part.removesuffix(".py") for part in parts)


def import_graph(root: Path, pattern: str = "*.py") -> dict[str, dict[str, int]]:
    """Module -> {module it imports: first line}, for the modules under ``root/rulebook``
    (``from . import x`` and ``from .x import y`` name the module x, or its
    submodule y when there is one)."""
    paths = {module_name(p, root): p for p in (root / "rulebook").rglob(pattern)}
    graph = {}
    for name, path in paths.items():
        package = name if path.stem.startswith("__init__") else name.rpartition(".")[0]
        edges: dict[str, int] = {}
        # a template's ${placeholders} stand for names: any name parses
        text = re.sub(r"\$\{\w+\}", "Placeholder", path.read_text(encoding="utf-8"))
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(base + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths else base
                           for alias in node.names]
            else:
                continue
            for target in targets:
                ancestor = name.startswith(target + ".")
                if target in paths and target != name and not ancestor:
                    edges.setdefault(target, node.lineno)
        graph[name] = edges
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Every group of modules that import one another round a circle (the strongly
    connected components of more than one module, by Tarjan's algorithm), each
    sorted, the groups in order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module):
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def described(graph, group) -> str:
    """A circle as its imports: ``a -> b (line 12)``, one per edge inside the group."""
    return "; ".join(f"{a} imports {b} (line {graph[a][b]})"
                     for a in group for b in sorted(graph[a]) if b in group)


def test_no_import_circles_among_rulebook_modules():
    graph = import_graph(SOURCE)
    assert "rulebook.games.qttt.rules" in graph and graph["rulebook.cli"]  # it read them
    found = circles(graph)
    assert not found, "import circles: " + " | ".join(described(graph, g) for g in found)


def test_no_import_circles_in_the_scaffolded_game():
    graph = import_graph(TEMPLATE, "*.py.tmpl")
    assert "rulebook.games.__slug__.rules" in graph
    found = circles(graph)
    assert not found, "import circles: " + " | ".join(described(graph, g) for g in found)


@pytest.mark.parametrize("lazy", [False, True], ids=["at-the-top", "inside-a-function"])
def test_a_circle_is_found(tmp_path, lazy):
    """Two modules of a game that import each other, one of them from inside a function
    (the shape of the circles this test was written against), and one longer circle."""
    game = tmp_path / "rulebook" / "games" / "toy"
    game.mkdir(parents=True)
    for package in (tmp_path / "rulebook", game.parent, game):
        (package / "__init__.py").write_text("")
    (game / "rules.py").write_text(
        "from ...game import State\n\n"
        + ("def parse(text):\n    from .notation import parse_move\n    return parse_move(text)\n"
           if lazy else "from . import notation\n"))
    (game / "notation.py").write_text("from .rules import Move\n")
    (game / "drawing.py").write_text("from .notation import x\n")  # on the circle's edge
    (tmp_path / "rulebook" / "game.py").write_text("")
    (tmp_path / "rulebook" / "a.py").write_text("from . import b\n")
    (tmp_path / "rulebook" / "b.py").write_text("from .c import thing\n")
    (tmp_path / "rulebook" / "c.py").write_text("import rulebook.a\n")
    graph = import_graph(tmp_path)
    assert circles(graph) == [["rulebook.a", "rulebook.b", "rulebook.c"],
                              ["rulebook.games.toy.notation", "rulebook.games.toy.rules"]]
    assert "rulebook.games.toy.notation imports rulebook.games.toy.rules (line 1)" in described(
        graph, circles(graph)[1])


def test_a_package_and_its_own_part_are_not_a_circle(tmp_path):
    package = tmp_path / "rulebook" / "pdf"
    package.mkdir(parents=True)
    (tmp_path / "rulebook" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("def build():\n    from .builder import Builder\n")
    (package / "builder.py").write_text("from . import pdf_filename\n")
    assert circles(import_graph(tmp_path)) == []
