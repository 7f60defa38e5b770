"""``rulebook new``: a scaffolded game builds, its tests pass, and a refused
``new`` writes nothing.

The new game is made in a copy of the project that holds the package's
sources (the game is a package beside the others) and only the pages the
site needs (the front page and the new game's), so its build takes seconds;
every command runs as an author runs it, in a subprocess of the copy.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook import scaffold
from rulebook.build import Project

from conftest import ROOT

SRC = Path(scaffold.__file__).resolve().parent.parent  # the package under test


def small_copy(target: Path) -> Path:
    """The package, the front page with its catalog and glossary (not its section for
    authors: the guides are not copied), the tests' helpers."""
    ignore = shutil.ignore_patterns("*.mo", "__pycache__", "*.egg-info")
    shutil.copytree(SRC, target / "src", ignore=ignore)
    docs = target / "docs"
    for name in ("_static", "_templates"):
        shutil.copytree(ROOT / "docs" / name, docs / name)
    shutil.copy(ROOT / "docs" / "conf.py", docs)
    for part in ("LC_MESSAGES/index.po", "glossary/common.toml"):
        (docs / "locale" / "ja" / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "docs" / "locale" / "ja" / part, docs / "locale" / "ja" / part)
    without_guides(docs)
    (target / "figures").mkdir()
    (target / "tests").mkdir()
    for name in ("conftest.py", "test_interface.py"):
        shutil.copy(ROOT / "tests" / name, target / "tests")
    shutil.copy(ROOT / "pyproject.toml", target)
    return target


def without_guides(docs: Path) -> None:
    """The front page without its section for authors, and its catalog without that
    section's messages (the guides are not in the copy)."""
    from babel.messages.pofile import read_po, write_po

    front = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    kept, guides = front.split(".. rubric:: For authors")
    (docs / "index.rst").write_text(kept, encoding="utf-8")
    path = docs / "locale" / "ja" / "LC_MESSAGES" / "index.po"
    with path.open("rb") as stream:
        catalog = read_po(stream)
    flat = " ".join(kept.split())
    for message in list(catalog):
        if message.id and message.id not in flat and message.id[:30] in " ".join(guides.split()) + " For authors":
            catalog.delete(message.id, message.context)
    with path.open("wb") as stream:
        write_po(stream, catalog)


def run(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    done = subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True,
                          text=True, timeout=300)
    if check and done.returncode:
        pytest.fail(f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done


def rulebook(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    return run(root, "-m", "rulebook.cli", *args, check=check)


def tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory):
    root = small_copy(tmp_path_factory.mktemp("scaffold"))
    started = time.perf_counter()
    made = rulebook(root, "new", "tiny_lines", "--name", "Tiny Lines", "--name-ja", "小さな並べ")
    built = rulebook(root, "build")
    print(f"\nnew + build of the scaffolded game: {time.perf_counter() - started:.1f} s")
    return root, made.stdout, built.stdout


def test_a_new_game_builds_both_languages_and_its_pdfs(scaffolded):
    root, made, built = scaffolded
    for path in ("src/rulebook/games/tiny_lines/rules.py", "docs/tiny_lines.rst",
                 "docs/locale/ja/LC_MESSAGES/tiny_lines.po", "figures/tiny_lines/first-row.toml",
                 "tests/games/test_tiny_lines.py", "docs/play/tiny_lines.rst",
                 "docs/locale/ja/LC_MESSAGES/play/tiny_lines.po",
                 "src/rulebook/games/tiny_lines/play.py"):
        assert f"wrote {path}" in made
        assert (root / path).is_file()
    site = root / "build" / "site"
    english = " ".join((site / "en" / "tiny_lines.html").read_text(encoding="utf-8").split())
    japanese = (site / "ja" / "tiny_lines.html").read_text(encoding="utf-8")
    assert "<h1>Tiny Lines" in english and "<h1>小さな並べ" in japanese
    # the caption's claims, resolved by the new engine in each language
    assert "First places a stone there and wins with a2, b2, c2." in english
    assert "先手はそこに石を置き、a2、b2、c2の並びで勝ちます。" in japanese
    assert "Tiny Lines" in (site / "en" / "index.html").read_text(encoding="utf-8")  # catalog
    # its play page, in both languages
    assert "<h1>Play Tiny Lines" in (site / "en" / "play" / "tiny_lines.html").read_text(
        encoding="utf-8")
    assert "<h1>小さな並べで遊ぶ" in (site / "ja" / "play" / "tiny_lines.html").read_text(
        encoding="utf-8")
    assert {p.name for p in (site / "pdf").glob("*.pdf")} == {
        f"tiny_lines-{lang}{fmt}.pdf" for lang in ("en", "ja")
        for fmt in ("", "-letter", "-booklet", "-card")}  # the card from its quick reference
    assert "in 1 record checked" in built


def test_the_new_game_s_classes_are_named_in_capwords_from_its_slug(scaffolded):
    """PEP 8's class names: the slug's words joined, each capitalised (tiny_lines:
    TinyLinesGame), in every file written; and the values the templates get likewise
    for any slug."""
    root, _, _ = scaffolded
    package = root / "src" / "rulebook" / "games" / "tiny_lines"
    classes = [name for path in package.glob("*.py")
               for name in re.findall(r"^class (\w+)", path.read_text(encoding="utf-8"), re.M)]
    assert "TinyLinesGame" in classes
    assert all(re.fullmatch(r"(?:[A-Z][a-z0-9]*)+", name) for name in classes), classes
    assert "GAME = TinyLinesGame" in (package / "__init__.py").read_text(encoding="utf-8")
    for slug, camel in (("go", "Go"), ("my_game", "MyGame"), ("a_b_c2", "ABC2"),
                        ("dots_and_boxes", "DotsAndBoxes")):
        assert scaffold.template_values(slug, "N", "N")["Camel"] == camel


def test_the_new_game_passes_its_own_tests_and_the_conformance_test(scaffolded):
    root, _, _ = scaffolded
    done = run(root, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
               "tests/games/test_tiny_lines.py", "tests/test_interface.py", "-k",
               "tiny_lines or test_every_record", check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    passed = int(done.stdout.strip().splitlines()[-1].split(" passed")[0].split()[-1])
    assert passed >= 15


@pytest.mark.parametrize("slug, message", [
    ("tiny_lines", "game 'tiny_lines' already exists"),
    ("qttt", "game 'qttt' already exists"),
    ("Tiny", "'Tiny' is not a valid game slug"),
    ("9men", "'9men' is not a valid game slug"),
    ("class", "'class' is not a valid game slug"),
    ("index", "docs/index.rst already exists: choose another slug, or remove 2 file(s) of an "
              "earlier 'index'"),
    ("taken", "figures/taken already exists: choose another slug, or remove 1 file(s) of an "
              "earlier 'taken'"),
    ("tiny", "one of it and 'tiny_lines' is a word of the other, so 'pytest -k tiny'"),
    ("tiny_lines_two", "one of it and 'tiny_lines' is a word of the other"),
    ("quick_qttt", "one of it and 'qttt' is a word of the other"),
    ("tests", "'pytest -k tests' would select them all"),
    ("test", "every test's id holds the word 'test'"),
    ("genindex", "Sphinx makes a page genindex.html of its own"),
    ("search", "Sphinx makes a page search.html of its own"),
    ("py-modindex", "not a valid game slug"),
])
def test_a_taken_or_bad_slug_is_refused_in_one_line_writing_nothing(scaffolded, slug, message):
    root, _, _ = scaffolded
    (root / "figures" / "taken").mkdir(exist_ok=True)  # records of a game not written yet
    before = tree(root)
    done = rulebook(root, "new", slug, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and message in done.stderr
    assert tree(root) == before


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab_z09-.Zé ", min_size=0, max_size=32))
def test_a_slug_taken_is_a_name_python_imports_and_a_file_name_anywhere(slug):
    """Whatever the author types, a slug accepted names a package Python imports
    (``rulebook.games.<slug>``), a page and a folder on any system: ASCII lower-case
    letters, digits and '_', a letter first, 2 to 30 of them, no keyword."""
    import keyword

    try:
        scaffold.check_slug(Project(ROOT), slug)
    except scaffold.ScaffoldError as error:
        assert "\n" not in str(error) and repr(slug) in str(error)
        return
    assert slug.isidentifier() and slug.isascii() and slug == slug.lower(), slug
    assert slug[0].isalpha() and 2 <= len(slug) <= 30 and not keyword.iskeyword(slug), slug


def test_a_name_that_would_need_escaping_is_refused(scaffolded):
    root, _, _ = scaffolded
    done = rulebook(root, "new", "quoted", "--name", 'The "Best" Game', check=False)
    assert done.returncode == 2 and "--name 'The \"Best\" Game' cannot contain '\"'" in done.stderr
    assert not (root / "src" / "rulebook" / "games" / "quoted").exists()


@pytest.mark.parametrize("option", ["--name", "--name-ja"])
@pytest.mark.parametrize("value, fault", [
    ('The "Best" Game', "cannot contain '\"'"), ("  ", "is empty"),
    ("Name_", "is reST markup")])
def test_a_bad_name_is_refused_naming_the_option_that_gave_it(tmp_path, option, value, fault):
    """Each name option is checked as itself: a bad --name-ja is blamed on --name-ja
    (with a good --name), a bad --name on --name, and nothing is written."""
    root = small_copy(tmp_path)
    before = tree(root)
    names = {"name": "Good Name", "name_ja": "よい名前"}
    names[option.removeprefix("--").replace("-", "_")] = value
    with pytest.raises(scaffold.ScaffoldError) as error:
        scaffold.new_game(Project(root), "tiny", **names)
    assert str(error.value).startswith(f"{option} {value.strip()!r} {fault}"), str(error.value)
    assert tree(root) == before


def test_a_new_game_needs_the_projects_own_package(tmp_path):
    """A project whose src/ is not the package that runs would never see the game."""
    root = small_copy(tmp_path)
    before = tree(root)
    with pytest.raises(scaffold.ScaffoldError, match="is not the rulebook package that runs"):
        scaffold.new_game(Project(root), "tiny")
    assert tree(root) == before


def test_a_write_that_fails_halfway_leaves_nothing_behind(tmp_path, monkeypatch):
    root = tmp_path / "project"
    for folder in ("docs", "figures", "src/rulebook/games"):
        (root / folder).mkdir(parents=True)
    before = tree(root)
    monkeypatch.setattr(scaffold, "check_slug", lambda project, slug: None)
    monkeypatch.setattr(scaffold, "check_package", lambda project: None)
    written = []
    real = scaffold.write_file

    def flaky(path, *args, **kwargs):
        if len(written) == 4:
            raise OSError(28, "No space left on device", str(path))
        written.append(path)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(scaffold, "write_file", flaky)
    with pytest.raises(OSError):
        scaffold.new_game(Project(root), "tiny")
    assert len(written) == 4  # it did get halfway
    assert tree(root) == before


def test_what_new_says_it_wrote_is_every_file_it_made_or_changed(tmp_path):
    """Its "wrote PATH" lines, against the project's files before and after: the files
    it made and the existing catalogs it added entries to, no more and no fewer."""
    root = small_copy(tmp_path / "project")
    values = Path("docs/locale/ja/values.po")  # a catalog new adds the game's words to
    shutil.copy(ROOT / values, root / values)

    def files() -> dict[str, bytes]:
        return {path: (root / path).read_bytes() for path in tree(root) if (root / path).is_file()}

    before = files()
    made = rulebook(root, "new", "tiny", "--name", "Tiny", "--name-ja", "小さな")
    after = files()
    changed = {path for path, data in after.items() if before.get(path) != data}
    said = {line.removeprefix("wrote ") for line in made.stdout.splitlines()
            if line.startswith("wrote ")}
    assert said == changed
    assert values.as_posix() in said and values.as_posix() in before


def test_catalog_entries_are_added_once_and_only_those_missing(tmp_path):
    """The template's authoring-catalog entries go into the project's catalog: the
    ones it lacks, and never a second time (a duplicate msgid breaks the catalog)."""
    catalog = tmp_path / "authoring.po"
    catalog.write_text('msgid ""\nmsgstr ""\n\nmsgid "Kept."\nmsgstr "そのまま。"\n',
                       encoding="utf-8")
    entries = 'msgid "Kept."\nmsgstr "別の訳。"\n\nmsgid "New."\nmsgstr "新しい。"\n'
    once = scaffold.added_entries(catalog, entries)
    assert once.count('msgid "Kept."') == 1 and "そのまま。" in once and "別の訳。" not in once
    assert once.endswith('msgid "New."\nmsgstr "新しい。"\n')
    catalog.write_text(once, encoding="utf-8")
    assert scaffold.added_entries(catalog, entries) == once
    # the same msgid in another context (another game's word) is another entry
    catalog.write_text('msgctxt "qttt"\nmsgid "line"\nmsgstr "ライン"\n', encoding="utf-8")
    added = scaffold.added_entries(catalog, 'msgctxt "tiny"\nmsgid "line"\nmsgstr "並び"\n\n'
                                            'msgctxt "qttt"\nmsgid "line"\nmsgstr "別"\n')
    assert added.count('msgid "line"') == 2 and "並び" in added and "別" not in added


@pytest.mark.parametrize("board", scaffold.BOARDS)
def test_the_templates_catalog_entries_translate_what_the_reference_prints_of_the_new_game(board):
    """Each option, fact and the position format of the template game, which the
    authoring guide's record reference prints, has its Japanese in the template
    (so ``new`` then ``build`` passes the translation gate on the full project)."""
    import ast
    import re
    import string
    from types import SimpleNamespace

    values = scaffold.template_values("tinyline", "Tiny Line", "Tiny Line")
    planned = {path.relative_to("/p").as_posix(): template for path, template in
               scaffold.planned_paths(SimpleNamespace(root=Path("/p")), "tinyline",
                                      board).items()}
    described = []  # the prose argument of each declaration (which argument it is, by kind)
    position = {"FACTS.fact": 1, "Parameter": 2, "ViewOption": 1}
    for name, template in planned.items():
        if not name.startswith("src/rulebook/games/tinyline/"):
            continue
        tree = ast.parse(string.Template(template.read_text(encoding="utf-8")).substitute(values))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and ast.unparse(node.func) in position:
                described.append(node.args[position[ast.unparse(node.func)]].value)
            if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "POSITION_FORMAT":
                described.append(node.value.value)
    catalog = "".join(
        path.read_text(encoding="utf-8") for path in (
            ROOT / "docs" / "locale" / "ja" / "LC_MESSAGES" / "authoring.po",
            planned["docs/locale/ja/LC_MESSAGES/authoring.po.add"]))
    known = {m.replace('\\"', '"') for m in re.findall(r'^msgid "(.*)"$', catalog, re.M)}
    assert len(described) >= 10
    missing = [d for d in described if d not in known]
    assert not missing, f"add these to authoring.po.add.tmpl: {missing}"


def test_k_slug_selects_exactly_the_games_tests_even_inside_another_slug(tmp_path):
    """``pytest -k SLUG`` selects the tests that name the game as a word (its test
    module, its parameters), all of them and no other game's: a new ``hex`` beside
    ``inphexion`` (whose slug contains it) gets its own tests only, and the other
    way round (tests/conftest.py's ``one_game``)."""
    root = small_copy(tmp_path)
    rulebook(root, "new", "hex", "--name", "Hex")

    def collected(*args):
        done = run(root, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                   "-p", "no:xdist", "tests", *args)
        return [line for line in done.stdout.splitlines() if "::" in line]

    everything = collected()
    hex_tests = collected("-k", "hex")
    assert hex_tests == [t for t in everything
                         if "test_hex.py" in t or "[hex]" in t or "[hex-" in t]
    assert len(hex_tests) >= 15 and not [t for t in hex_tests if "inphexion" in t]
    inphexion = collected("-k", "inphexion")
    assert inphexion and all("inphexion" in t and "test_hex.py" not in t for t in inphexion)


# The framework's tests a new game must pass besides its own (the browser's aside).
FRAMEWORK_TESTS = ("test_interface.py", "test_conformance.py", "test_drawings.py",
                   "test_marks.py", "test_play_site.py", "test_kits.py")
HELPERS = ("svg_paint.py", "other_clock.py", "chromium.py", "view_values.py")


GUIDE = ROOT / "docs" / "adding-a-game.rst"


def guide_blocks(language: str) -> list[tuple[str | None, str]]:
    """The guide's code blocks in ``language``: (their caption, their code)."""
    blocks = []
    for match in re.finditer(rf"^\.\. code-block:: {language}\n((?:   :\w+:.*\n)*)\n"
                             r"((?:(?:   .*)?\n)+)", GUIDE.read_text(encoding="utf-8"), re.M):
        caption = re.search(r":caption: (\S+)", match[1])
        code = "\n".join(line[3:] for line in match[2].splitlines()).strip("\n")
        blocks.append((caption[1] if caption else None, code))
    return blocks


def test_the_guides_hex_is_built_and_passes_every_test_that_names_it(tmp_path):
    """The guide's "Adding a game" walks through Hex on the hex kit: its ``rulebook
    new`` command, run as written, scaffolds the game; it builds in both languages
    with its play page and passes its own tests and the framework's; and each of
    the guide's code blocks is the code of the file its caption names."""
    root = small_copy(tmp_path)
    for name in FRAMEWORK_TESTS + HELPERS:
        shutil.copy(ROOT / "tests" / name, root / "tests")
    commands = [line for _, code in guide_blocks("sh") for line in code.splitlines()]
    new = next(line for line in commands if line.startswith("rulebook new "))
    made = rulebook(root, *shlex.split(new)[1:])
    slug = shlex.split(new)[2]
    assert f"wrote src/rulebook/games/{slug}/rules.py" in made.stdout
    assert "first-row" not in made.stdout  # the square game's record is left out
    rulebook(root, "build")
    site = root / "build" / "site"
    for lang, title in (("en", "<h1>Hex"), ("ja", "<h1>ヘックス")):
        assert title in (site / lang / f"{slug}.html").read_text(encoding="utf-8")
        assert (site / lang / "play" / f"{slug}.html").is_file()
    test = next(line for line in commands if line.startswith("pytest "))
    done = run(root, "-m", *shlex.split(test), "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
               "tests", check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    passed = int(done.stdout.strip().splitlines()[-1].split(" passed")[0].split()[-1])
    assert passed >= 25 and "inphexion" not in done.stdout
    quoted = [(caption, code) for caption, code in guide_blocks("python") if caption]
    assert len(quoted) >= 6
    for caption, code in quoted:
        assert code in (root / caption).read_text(encoding="utf-8"), caption
    source = (root / "src" / "rulebook" / "games" / slug / "rules.py").read_text()
    assert "from ...kits import hexgrid" in source and "inphexion" not in source


def test_a_board_that_is_not_a_kit_is_refused_writing_nothing(scaffolded):
    root, _, _ = scaffolded
    before = tree(root)
    done = rulebook(root, "new", "octo", "--board", "octagon", check=False)
    assert done.returncode == 2 and "invalid choice: 'octagon'" in done.stderr
    assert tree(root) == before


@pytest.mark.parametrize("name", ["Tiny Lines", "Gō 囲碁", "小さな並べ", "ＡＢＣ lines"])
def test_every_title_of_a_new_games_pages_is_underlined_across_its_width(name):
    """A title's underline must be at least as wide as the title in a fixed-width font,
    or Sphinx warns and the build fails: wide (East Asian) characters count twice, by
    docutils' own measure."""
    import re
    from types import SimpleNamespace

    from docutils.utils import column_width

    values = scaffold.template_values("tinyline", name, "小さな並べ")
    titles = 0
    for path, text in scaffold.planned_files(SimpleNamespace(root=Path("/p")), "tinyline",
                                             values).items():
        if path.suffix != ".rst":
            continue
        lines = text.splitlines()
        for title, under in zip(lines, lines[1:]):
            if title.strip() and re.fullmatch(r"([=\-~^\"'`#*+])\1{2,}", under):
                assert len(under) >= column_width(title), (path.name, title, under)
                titles += name in title
    assert titles >= 2


def test_without_a_name_the_game_is_named_after_its_slug_in_title_case(tmp_path):
    """``rulebook new tiny_grid`` with no ``--name``: the page's title, the play page's
    and the game's own English and Japanese names are "Tiny Grid"."""
    root = small_copy(tmp_path)
    rulebook(root, "new", "tiny_grid")
    assert (root / "docs" / "tiny_grid.rst").read_text().startswith("Tiny Grid\n=========\n")
    assert "Play Tiny Grid\n" in (root / "docs" / "play" / "tiny_grid.rst").read_text()
    done = run(root, "-c", "from rulebook.games import game_class; "
                           "print(game_class('tiny_grid').names)")
    assert done.stdout.strip() == "{'en': 'Tiny Grid', 'ja': 'Tiny Grid'}", done.stderr


@pytest.mark.parametrize("patterns, path, hidden", [
    ("*.po", "docs/locale/ja/LC_MESSAGES/knots.po", "*.po"),  # the file's own name
    ("knots.rst", "docs/knots.rst", "knots.rst"),
    ("docs/", "docs/knots.rst", "docs/"),  # a folder on the way
    ("knots/", "figures/knots/first.toml", "knots/"),
    ("knots.rst/", "docs/knots.rst", None),  # only a folder of that name
    ("/knots.rst", "docs/knots.rst", None),  # anchored at the top
    ("docs/knots.rst", "docs/knots.rst", "docs/knots.rst"),
    ("*.rst\n!knots.rst", "docs/knots.rst", None),  # the last match wins
    ("!knots.rst\n*.rst", "docs/knots.rst", "*.rst"),
    ("# knots.rst\n\nother", "docs/knots.rst", None),
])
def test_a_new_game_s_file_the_gitignore_hides_is_found_as_git_would(
        tmp_path, patterns, path, hidden):
    """Each of the patterns git reads hides a game's file, or does not, as git says
    (checked with git itself: ``git check-ignore``)."""
    import subprocess
    from types import SimpleNamespace

    from rulebook.scaffold import ignored_by

    (tmp_path / ".gitignore").write_text(patterns + "\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    git_says = subprocess.run(["git", "check-ignore", "-q", "--no-index", path],
                              cwd=tmp_path).returncode == 0
    assert git_says == (hidden is not None)  # the cases are git's
    found = ignored_by(SimpleNamespace(root=tmp_path), [tmp_path / path])
    assert found == (None if hidden is None else (tmp_path / path, hidden))


def gitignore_patterns(path: str) -> list[str]:
    """Patterns of every form git reads that might hide ``path`` or not: each part of
    it as a name, as a folder (``part/``), anchored at the top (``/a/b``, ``/a/b/``) or
    with a slash inside (``a/b``), with wildcards, and negated after a pattern that
    hides it."""
    parts = path.split("/")
    found = []
    for depth in range(1, len(parts) + 1):
        name, prefix = parts[depth - 1], "/".join(parts[:depth])
        found += [name, f"{name}/", f"/{prefix}", f"/{prefix}/", f"{name[:2]}*", f"*{name[-2:]}"]
        if depth > 1:
            found += [prefix, f"{prefix}/", f"*/{name}", f"/{parts[0]}/**/{name}"]
    found += ["/" + name for name in parts[1:]]  # anchored, but not at the top
    return found + [f"{pattern}\n!{parts[-1]}" for pattern in found[:6]]


@pytest.mark.parametrize("path", ["figures/tiny/first.toml", "src/rulebook/games/tiny/rules.py",
                                  "docs/tiny.rst"])
def test_every_form_of_gitignore_pattern_hides_a_game_s_file_as_git_says(tmp_path, path):
    """Each pattern of every form (:func:`gitignore_patterns`), alone in a .gitignore,
    hides a new game's file exactly when git itself says it does (``git check-ignore``)."""
    import subprocess
    from types import SimpleNamespace

    from rulebook.scaffold import ignored_by

    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    disagree, hidden = [], 0
    for patterns in gitignore_patterns(path):
        (tmp_path / ".gitignore").write_text(patterns + "\n", encoding="utf-8")
        git_says = subprocess.run(["git", "check-ignore", "-q", "--no-index", path],
                                  cwd=tmp_path).returncode == 0
        found = ignored_by(SimpleNamespace(root=tmp_path), [tmp_path / path])
        if (found is not None) != git_says:
            disagree.append((patterns, git_says))
        hidden += git_says
    assert not disagree, disagree
    assert 10 < hidden < len(gitignore_patterns(path))
