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
prints, and of the words its claims print) added to the existing catalog of
that name, those it lacks only.  The language's ``values.po`` (the words claims
print, and the play page's outcome reasons) is made if the project has none.

Everything is checked and rendered before the first file is written, and the
files written so far are removed if writing fails, so a refused or failed
``new`` leaves the project as it was.
"""

from __future__ import annotations

import json
import keyword
import re
import string
import sys
import unicodedata
from pathlib import Path

import pathspec

from .build import Project
from .errors import RulebookError
from .files import write_file
from .i18n import VALUES

TEMPLATES = Path(__file__).resolve().parent / "templates" / "game"
# Each board's templates overlay the game's: a file of the same path replaces the
# game's, a new one is added, and ``<path>.omit`` leaves the game's ``<path>.tmpl`` out.
BOARD_TEMPLATES = Path(__file__).resolve().parent / "templates" / "boards"
BOARDS = ("square", "hex", "none")
SLUG = re.compile(r"[a-z][a-z0-9_]{1,29}")
# Characters a name cannot hold: they would need escaping in reST, Python, TOML or PO.
NAME_FORBIDDEN = set('"\\`*|') | {chr(c) for c in range(32)}
# Pages every Sphinx HTML build makes itself: a game's page of the same name would clash.
SPHINX_PAGES = {"genindex", "search", "searchindex", "modindex", "py-modindex"}
PACKAGE = Path(__file__).resolve().parent


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
    if (read := _as_rest(name)) != name:
        shows = f"the page would show {read!r}" if read else "not plain text on the page"
        raise ScaffoldError(f"{option} {name!r} is reST markup ({shows}): write the name as "
                            "plain words")
    return name


def _as_rest(text: str) -> str | None:
    """What reST makes of ``text`` written alone on a line, as the page's title is:
    the same text if it is plain words; else what it shows, or None if it is not
    one paragraph of text (a list, a comment, a section line, a reference...)."""
    from docutils import nodes
    from docutils.core import publish_doctree

    tree = publish_doctree(text, settings_overrides={"report_level": 5, "halt_level": 5,
                                                     "file_insertion_enabled": False,
                                                     "raw_enabled": False})
    if len(tree.children) != 1 or not isinstance(tree.children[0], nodes.paragraph):
        return None
    paragraph = tree.children[0]
    if not all(isinstance(child, nodes.Text) for child in paragraph.children):
        return None
    return paragraph.astext()


def module_names() -> set[str]:
    """Names a game's package would shadow: every module and package of rulebook
    (at any depth) and of Python's standard library."""
    own = {p.stem for p in PACKAGE.rglob("*.py") if p.stem != "__init__"}
    own |= {p.parent.name for p in PACKAGE.rglob("__init__.py")}
    return own | set(sys.stdlib_module_names)


def ignored_by(project: Project, paths) -> tuple[Path, str] | None:
    """The first of ``paths`` that the project's .gitignore hides, with the pattern that
    hides it, as git reads them (pathspec's gitignore rules: wildcards that stop at a
    slash, ``**``, anchored patterns, ``!`` again, the last match winning), and as git
    walks the tree: a file in a hidden folder stays hidden whatever a later pattern
    says of the file itself."""
    try:
        lines = (project.root / ".gitignore").read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, UnicodeDecodeError):
        return None
    spec = pathspec.GitIgnoreSpec.from_lines(lines)
    for path in paths:
        parts = Path(path).relative_to(project.root).parts
        for depth in range(1, len(parts) + 1):  # each folder on the way, then the file
            name = "/".join(parts[:depth]) + ("/" if depth < len(parts) else "")
            found = spec.check_file(name)
            if found.include:
                return Path(path), lines[found.index].strip()
    return None


def template_values(slug: str, name: str, name_ja: str) -> dict[str, str]:
    camel = "".join(part.capitalize() for part in slug.split("_"))
    return {"slug": slug, "Camel": camel, "name": name, "name_ja": name_ja,
            "underline": "=" * _width(name),
            "play_underline": "=" * _width(f"Play {name}"),
            "name_py": json.dumps(name, ensure_ascii=False),
            "name_ja_py": json.dumps(name_ja, ensure_ascii=False)}


def planned_paths(project: Project, slug: str, board: str = "square") -> dict[Path, Path]:
    """Every file ``new`` would write (or add to), with its template."""
    templates = {t.relative_to(TEMPLATES).as_posix(): t for t in TEMPLATES.rglob("*.tmpl")}
    overlay = BOARD_TEMPLATES / board
    for path in sorted(overlay.rglob("*")) if overlay.is_dir() else ():
        relative = path.relative_to(overlay).as_posix()
        if path.suffix == ".omit":
            templates.pop(relative.removesuffix(".omit") + ".tmpl")
        elif path.suffix == ".tmpl":
            templates[relative] = path
    return {project.root / relative.replace("__slug__", slug).removesuffix(".tmpl"): template
            for relative, template in sorted(templates.items())}


def planned_files(project: Project, slug: str, values: dict[str, str],
                  board: str = "square") -> dict[Path, str]:
    """Every file ``new`` would write, with its text."""
    return {path: string.Template(template.read_text(encoding="utf-8")).substitute(values)
            for path, template in planned_paths(project, slug, board).items()}


def added_entries(catalog: Path, entries: str) -> str:
    """The text of ``catalog`` with those of ``entries`` (PO entries separated by blank
    lines) whose ``msgctxt`` and ``msgid`` lines it does not have yet."""
    text = catalog.read_text(encoding="utf-8")
    have = {_entry_key(entry) for entry in text.split("\n\n")}
    new = [entry for entry in entries.strip().split("\n\n") if _entry_key(entry) not in have]
    return text.rstrip("\n") + "".join(f"\n\n{entry}" for entry in new) + "\n"


def _entry_key(entry: str) -> tuple[str, ...]:
    return tuple(line for line in entry.strip().splitlines()
                 if line.startswith(("msgctxt ", "msgid ")))


def check_slug(project: Project, slug: str) -> None:
    from . import games

    if not SLUG.fullmatch(slug) or keyword.iskeyword(slug):
        raise ScaffoldError(f"{slug!r} is not a valid game slug: 2 to 30 lower-case letters, "
                            "digits and '_', starting with a letter (it names the package, "
                            "the page and the records' folder)")
    if slug in games.available_games():
        raise ScaffoldError(f"game {slug!r} already exists "
                            f"({Path(games.__file__).parent / slug})")
    if slug in ("test", "tests"):
        raise ScaffoldError(f"{slug!r} cannot be a game slug: every test's id holds the word "
                            f"{slug!r}, so 'pytest -k {slug}' would select them all")
    if clash := next((other for other in games.available_games()
                      if _as_word(slug, other) or _as_word(other, slug)), None):
        raise ScaffoldError(f"{slug!r} cannot be a game slug: one of it and {clash!r} is a "
                            f"word of the other, so 'pytest -k {slug}' or 'pytest -k {clash}' "
                            "would select both games' tests: choose a slug apart from it")
    if slug in SPHINX_PAGES:
        raise ScaffoldError(f"{slug!r} cannot be a game slug: Sphinx makes a page {slug}.html "
                            "of its own, which the game's page would replace")
    if slug in module_names():
        where = "Python's standard library" if slug in sys.stdlib_module_names else "rulebook"
        raise ScaffoldError(f"{slug!r} cannot be a game slug: it is the name of a module of "
                            f"{where}, which the game's package would shadow")
    if hidden := ignored_by(project, [project.figures / slug, *planned_paths(project, slug)]):
        raise ScaffoldError(f"{slug!r} cannot be a game slug: the project's .gitignore hides "
                            f"{hidden[0].relative_to(project.root)} (pattern {hidden[1]!r}), so "
                            "the game would never be committed")


def _as_word(slug: str, text: str) -> bool:
    """Whether ``text`` names ``slug`` as a word (not inside letters or digits), as
    ``pytest -k SLUG`` selects a game's tests (tests/conftest.py)."""
    return re.search(rf"(?<![a-z0-9]){re.escape(slug)}(?![a-z0-9])", text) is not None


def check_package(project: Project) -> None:
    from . import games

    package = (project.root / "src" / "rulebook").resolve()
    running = Path(games.__file__).resolve().parent.parent
    if package != running:
        raise ScaffoldError(f"{project.root / 'src' / 'rulebook'} is not the rulebook package "
                            f"that runs ({running}): install the project with "
                            "'pip install -e .' first, so the new game is found")


def new_game(project: Project, slug: str, name: str | None = None,
             name_ja: str | None = None, board: str = "square") -> list[Path]:
    """Write the new game's files, started from ``board``'s kit (``BOARDS``); returns their
    paths (refuses, writing nothing, if any exists)."""
    if board not in BOARDS:
        raise ScaffoldError(f"no board kit {board!r} (boards: {', '.join(BOARDS)})")
    check_slug(project, slug)
    name = _check_name("--name", name if name is not None else slug.replace("_", " ").title())
    name_ja = _check_name("--name-ja", name_ja if name_ja is not None else name)
    check_package(project)
    files = planned_files(project, slug, template_values(slug, name, name_ja), board)
    additions = {path.with_suffix(""): files.pop(path) for path in list(files)
                 if path.suffix == ".add"}
    # the language's catalog of the words claims print and of the play page's outcome
    # reasons is made if the project has none (the game's reasons are only there)
    for path in [p for p in additions if p.name == VALUES and not p.exists()]:
        files[path] = (f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                       f'"Language: {path.parent.name}\\n"\n\n{additions.pop(path).strip()}\n')
    # a page's catalog the project does not have (no such page) needs none of its entries
    additions = {path: added_entries(path, entries) for path, entries in additions.items()
                 if path.exists()}
    taken = [path for path in (project.figures / slug, *files) if path.exists()]
    if taken:
        raise ScaffoldError(f"{taken[0]} already exists: choose another slug, or remove "
                            f"{len(taken)} file(s) of an earlier {slug!r}")
    written: list[Path] = []
    added: list[Path] = []
    made: list[Path] = []
    originals = {path: path.read_bytes() for path in additions}
    try:
        # the records' folder, made first, claims the slug: a second ``new`` of it
        # started meanwhile finds it taken
        (project.figures / slug).mkdir()
        made.append(project.figures / slug)
        for path, text in additions.items():
            write_file(path, text)
            added.append(path)
        for path, text in files.items():
            missing = [p for p in (path.parent, *path.parent.parents) if not p.exists()]
            path.parent.mkdir(parents=True, exist_ok=True)
            made += reversed(missing)
            write_file(path, text, overwrite=False)
            written.append(path)
    except FileExistsError as error:
        _undo(added, originals, written, made)
        raise ScaffoldError(f"{error.filename} already exists: another 'rulebook new {slug}' "
                            "got there first") from None
    except BaseException:
        _undo(added, originals, written, made)
        raise
    return [*additions, *written]


def _undo(added: list[Path], originals: dict[Path, bytes], written: list[Path],
          made: list[Path]) -> None:
    """Put back what a failed ``new`` changed."""
    for path in added:
        try:
            write_file(path, originals[path])
        except OSError:  # left whole with the entries added; the first error is the news
            pass
    for path in written:
        path.unlink(missing_ok=True)
    for folder in reversed(made):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
