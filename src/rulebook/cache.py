"""The user's cache folder, and content-addressed entries kept in it across builds.

Everything a build can reuse lives in ``$XDG_CACHE_HOME/rulebook`` (by default
``~/.cache/rulebook``): the play
pages' runtime, the rendered figures (:mod:`rulebook.figure_cache`) and the
figures converted for the PDFs (:mod:`rulebook.pdf.drawings`); the figures can
be kept elsewhere (``RULEBOOK_FIGURE_CACHE``, which benchmarks set).  An entry is
named by a hash of everything that shapes it, so a stale entry is never
found, only left unused; :func:`prune` removes the oldest unused ones.

Entries are written to a temporary file and renamed into place, so two builds
at once, or a build killed half-way, never leave a half-written entry.
"""

from __future__ import annotations

import ast
import hashlib
import os
from functools import lru_cache
from pathlib import Path

from .files import write_file

PACKAGE = Path(__file__).resolve().parent  # src/rulebook
KINDS = ("figures", "pdf-drawings", "fonts")  # what the figure cache holds
KEEP_BYTES = 1 << 30  # prune() keeps the most recently used entries up to this size


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/rulebook`` (by default ``~/.cache/rulebook``)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "rulebook"


def figure_cache_folder() -> Path:
    """Where figures are kept: ``RULEBOOK_FIGURE_CACHE``, else :func:`cache_folder`."""
    return Path(os.environ.get("RULEBOOK_FIGURE_CACHE") or cache_folder())


def digest(*parts: bytes | str) -> str:
    """A hash of ``parts`` that no other sequence of parts gives."""
    hashed = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        hashed.update(len(data).to_bytes(8, "big"))
        hashed.update(data)
    return hashed.hexdigest()


class Store:
    """Byte strings by key, in ``cache_folder() / kind``; ``enabled=False`` keeps nothing."""

    def __init__(self, kind: str, enabled: bool = True):
        self.folder = figure_cache_folder() / kind
        self.enabled = enabled

    def path(self, key: str) -> Path:
        return self.folder / key[:2] / key

    def get(self, key: str) -> bytes | None:
        if not self.enabled:
            return None
        path = self.path(key)
        try:
            data = path.read_bytes()
        except OSError:
            return None
        try:
            os.utime(path)  # recently used: prune() keeps it
        except OSError:
            pass
        return data

    def put(self, key: str, data: bytes) -> None:
        """Keep ``data`` (best effort: a cache that cannot be written is only slower)."""
        if not self.enabled:
            return
        target = self.path(key)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_file(target, data, sync=False)
        except OSError:
            pass


def prune(keep_bytes: int = KEEP_BYTES) -> None:
    """Remove the least recently used entries of :data:`KINDS` beyond ``keep_bytes``."""
    entries = []
    for kind in KINDS:
        for path in (figure_cache_folder() / kind).glob("*/*"):
            try:
                stat = path.stat()
            except OSError:
                continue
            entries.append((stat.st_mtime, stat.st_size, path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries, key=lambda entry: entry[0]):
        if total <= keep_bytes:
            break
        path.unlink(missing_ok=True)
        total -= size


# --- which sources shape an output -------------------------------------------------

def _module_file(name: str) -> Path | None:
    """The file of module ``name`` of this package (``rulebook.x.y``), if there is one."""
    parts = name.split(".")
    if parts[0] != PACKAGE.name:
        return None
    base = PACKAGE.joinpath(*parts[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
    return ".".join(parts)


def _imports(path: Path) -> tuple[Path, ...]:
    """The package's modules that ``path`` imports (statically, at any depth of its code)."""
    return _imports_of(path, path.read_bytes())


@lru_cache(maxsize=None)
def _imports_of(path: Path, source: bytes) -> tuple[Path, ...]:
    """(keyed on the source itself: an edit is read again, whatever its size and time)"""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source, str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for imported in names:
            # a package's __init__ runs before any of its modules
            pieces = imported.split(".")
            for end in range(1, len(pieces) + 1):
                file = _module_file(".".join(pieces[:end]))
                if file is not None:
                    found.append(file)
    return tuple(sorted(set(found)))


def source_closure(*roots: Path) -> list[Path]:
    """Every file of the package that the modules or folders ``roots`` import, at any
    remove, with the roots' own files (a folder stands for all of its files)."""
    pending = []
    for root in roots:
        pending += sorted(p for p in root.rglob("*") if p.is_file()) if root.is_dir() else [root]
    seen: set[Path] = set()
    while pending:
        path = pending.pop()
        if path in seen or "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        seen.add(path)
        if path.suffix == ".py":
            pending += _imports(path)
    return sorted(seen)


def sources_digest(*roots: Path) -> str:
    """A hash of the names and contents of :func:`source_closure` of ``roots``."""
    parts = []
    for path in source_closure(*roots):
        parts += [str(path.relative_to(PACKAGE)), path.read_bytes()]
    return digest(*parts)
