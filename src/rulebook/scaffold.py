"""``rulebook new SLUG``: a new game in the project, complete enough to build.

The files come from the templates shipped in the package
(``rulebook/templates/game/``), a tree that mirrors the project's: each
``*.tmpl`` file is written to the same path without the suffix, with
``__slug__`` in its path replaced by the slug and ``${...}`` placeholders in its
text filled in (:class:`string.Template`).  They make a small complete game
(an engine implementing ``rulebook/game.py``, its notation, facts, view
options and drawing), its English page and Japanese catalog and glossary, one
record with a figure and claims, and its tests.  The registry finds the game
by its package folder.  One kind of template adds to a file instead: a
``*.po.add.tmpl`` holds catalog entries (the Japanese of the game's options,
facts and position format, which the authoring guide's record reference
prints) added to the existing catalog of that name, those it lacks only.

Everything is checked and rendered before the first file is written, and the
files written so far are removed if writing fails, so a refused or failed
``new`` leaves the project as it was.
"""

from __future__ import annotations

import json
import keyword
import re
import string
import unicodedata
from pathlib import Path

from .build import Project
from .errors import RulebookError

TEMPLATES = Path(__file__).resolve().parent / "templates" / "game"
SLUG = re.compile(r"[a-z][a-z0-9_]{1,29}")
# Characters a name cannot hold: they would need escaping in reST, Python, TOML or PO.
NAME_FORBIDDEN = set('"\\`*|') | {chr(c) for c in range(32)}


class ScaffoldError(RulebookError):
    """``rulebook new`` refused: a bad or taken slug, a bad name, another package."""


def _width(text: str) -> int:
    """Columns ``text`` takes in a fixed-width font (a title's underline must cover it)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _check_name(option: str, name: str) -> str:
    name = name.strip()
    bad = sorted(set(name) & NAME_FORBIDDEN)
    if not name or bad:
        what = "is empty" if not name else f"cannot contain {', '.join(map(repr, bad))}"
        raise ScaffoldError(f"{option} {name!r} {what}")
    return name


def template_values(slug: str, name: str, name_ja: str) -> dict[str, str]:
    camel = "".join(part.capitalize() for part in slug.split("_"))
    return {"slug": slug, "Camel": camel, "name": name, "name_ja": name_ja,
            "underline": "=" * _width(name),
            "name_py": json.dumps(name, ensure_ascii=False),
            "name_ja_py": json.dumps(name_ja, ensure_ascii=False)}


def planned_files(project: Project, slug: str, values: dict[str, str]) -> dict[Path, str]:
    """Every file ``new`` would write, with its text."""
    files = {}
    for template in sorted(TEMPLATES.rglob("*.tmpl")):
        relative = template.relative_to(TEMPLATES).as_posix().replace("__slug__", slug)
        text = string.Template(template.read_text(encoding="utf-8")).substitute(values)
        files[project.root / relative.removesuffix(".tmpl")] = text
    return files


def added_entries(catalog: Path, entries: str) -> str:
    """The text of ``catalog`` with those of ``entries`` (PO entries separated by blank
    lines) whose ``msgid`` line it does not have yet."""
    text = catalog.read_text(encoding="utf-8")
    have = set(text.splitlines())
    new = [entry for entry in entries.strip().split("\n\n")
           if next(line for line in entry.splitlines() if line.startswith("msgid ")) not in have]
    return text.rstrip("\n") + "".join(f"\n\n{entry}" for entry in new) + "\n"


def check_slug(project: Project, slug: str) -> None:
    from . import games

    if not SLUG.fullmatch(slug) or keyword.iskeyword(slug):
        raise ScaffoldError(f"{slug!r} is not a valid game slug: 2 to 30 lower-case letters, "
                            "digits and '_', starting with a letter (it names the package, "
                            "the page and the records' folder)")
    if slug in games.available_games():
        raise ScaffoldError(f"game {slug!r} already exists "
                            f"({Path(games.__file__).parent / slug})")
    package = (project.root / "src" / "rulebook").resolve()
    running = Path(games.__file__).resolve().parent.parent
    if package != running:
        raise ScaffoldError(f"{project.root / 'src' / 'rulebook'} is not the rulebook package "
                            f"that runs ({running}): install the project with "
                            "'pip install -e .' first, so the new game is found")


def new_game(project: Project, slug: str, name: str | None = None,
             name_ja: str | None = None) -> list[Path]:
    """Write the new game's files; returns their paths (refuses, writing nothing, if any exists)."""
    check_slug(project, slug)
    name = _check_name("--name", name if name is not None else slug.replace("_", " ").title())
    name_ja = _check_name("--name-ja", name_ja if name_ja is not None else name)
    files = planned_files(project, slug, template_values(slug, name, name_ja))
    additions = {path.with_suffix(""): files.pop(path) for path in list(files)
                 if path.suffix == ".add"}
    # a catalog the project does not have (no such page) needs none of its entries
    additions = {path: added_entries(path, entries) for path, entries in additions.items()
                 if path.exists()}
    taken = [path for path in (project.figures / slug, *files) if path.exists()]
    if taken:
        raise ScaffoldError(f"{taken[0]} already exists: choose another slug, or remove "
                            f"{len(taken)} file(s) of an earlier {slug!r}")
    written: list[Path] = []
    made: list[Path] = []
    originals = {path: path.read_bytes() for path in additions}
    try:
        for path, text in additions.items():
            path.write_text(text, encoding="utf-8")
        for path, text in files.items():
            missing = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
            path.parent.mkdir(parents=True, exist_ok=True)
            made += reversed(missing)
            path.write_text(text, encoding="utf-8")
            written.append(path)
    except BaseException:
        for path, data in originals.items():
            path.write_bytes(data)
        for path in written:
            path.unlink(missing_ok=True)
        for folder in reversed(made):
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        raise
    return [*additions, *written]
