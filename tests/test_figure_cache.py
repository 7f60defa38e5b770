"""The figure cache: a figure is drawn once per content, and what the cache gives
back is byte for byte what drawing it anew gives (the build's output too)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulebook import cache, figure_cache
from rulebook.build import Project, build
from rulebook.records import load_record

from conftest import ROOT, copy_project

RECORD = ROOT / "figures" / "qttt" / "both-lines.toml"


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    folder = tmp_path / "figure-cache"
    monkeypatch.setenv("RULEBOOK_FIGURE_CACHE", str(folder))
    return folder


def test_a_figure_is_drawn_once_and_the_cache_gives_back_the_same_bytes(empty_cache, monkeypatch):
    from rulebook.figure_style import render_panels

    record = load_record(RECORD, ROOT / "figures")
    drawn = render_panels(record, "ja")
    first = figure_cache.rendered_panels(record, "ja")
    assert first[0] == drawn[0] and [m.key for m in first[1]] == [m.key for m in drawn[1]]
    assert list(empty_cache.glob("figures/*/*"))  # kept

    def never(*args):
        raise AssertionError("drawn again although the cache holds it")

    monkeypatch.setattr("rulebook.figure_style.render_panels", never)
    again = figure_cache.rendered_panels(record, "ja")
    assert again[0] == drawn[0] and [m.key for m in again[1]] == [m.key for m in drawn[1]]
    with pytest.raises(AssertionError, match="drawn again"):
        figure_cache.rendered_panels(record, "ja", cache=False)  # no cache: always drawn


def test_the_key_changes_with_everything_that_shapes_the_figure(tmp_path):
    record = load_record(RECORD, ROOT / "figures")
    key = figure_cache.figure_key(record, "en")
    assert figure_cache.figure_key(record, "ja") != key  # the language
    edited = tmp_path / "qttt" / "both-lines.toml"
    edited.parent.mkdir()
    edited.write_text(RECORD.read_text() + "\n# a comment\n")
    assert figure_cache.figure_key(load_record(edited, tmp_path), "en") != key  # the record
    # the game's engine and drawing, and every module of the package they import
    closure = {p.relative_to(cache.PACKAGE).as_posix() for p in
               cache.source_closure(cache.PACKAGE / "figure_style.py", cache.PACKAGE / "records.py",
                                    cache.PACKAGE / "games" / "qttt")}
    assert {"games/qttt/drawing.py", "games/qttt/rules.py", "figure_style.py", "palette.py",
            "game.py", "records.py", "games/__init__.py"} <= closure
    assert not closure & {"cli.py", "serve.py", "build.py", "sphinxext/__init__.py"}


def test_a_changed_module_changes_the_hash_of_the_sources(tmp_path, monkeypatch):
    package = tmp_path / "rulebook"
    shutil.copytree(cache.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "PACKAGE", package)
    roots = (package / "figure_style.py", package / "games" / "necto")
    before = cache.sources_digest(*roots)
    palette = package / "palette.py"  # imported by the drawing, not in the game's folder
    palette.write_text(palette.read_text().replace('BLUE = "#0072B2"', 'BLUE = "#0072B3"'))
    assert cache.sources_digest(*roots) != before
    cli = package / "cli.py"  # shapes no figure
    after = cache.sources_digest(*roots)
    cli.write_text(cli.read_text() + "\n# unrelated\n")
    assert cache.sources_digest(*roots) == after
    # compiled files, in __pycache__ or beside the sources, are not sources
    compiled = [package / "games" / "necto" / "__pycache__" / "rules.cpython-311.pyc",
                package / "games" / "necto" / "rules.pyc"]
    for path in compiled:
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"compiled, then stale")
    assert cache.sources_digest(*roots) == after
    assert not set(compiled) & set(cache.source_closure(*roots))


def test_a_cache_entry_is_written_whole_or_not_at_all(empty_cache, monkeypatch):
    store = cache.Store("figures")
    store.put("ab" * 32, b"whole")
    assert store.get("ab" * 32) == b"whole"

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cache.os, "replace", full_disk)
    store.put("cd" * 32, b"never seen")  # best effort: no error, nothing left
    assert store.get("cd" * 32) is None
    assert not [p for p in empty_cache.rglob("*") if p.is_file() and p.name.endswith(".tmp")]


def test_prune_keeps_the_most_recently_used_entries(empty_cache):
    import os

    store = cache.Store("figures")
    for number in range(4):
        store.put(f"{number:02d}" * 32, b"x" * 100)
        os.utime(store.path(f"{number:02d}" * 32), (1000 + number, 1000 + number))
    store.get("00" * 32)  # used just now
    cache.prune(keep_bytes=200)
    assert [store.get(f"{n:02d}" * 32) is not None for n in range(4)] == [True, False, False, True]


def test_prune_lets_another_build_remove_an_entry_first(empty_cache, monkeypatch):
    """The cache is shared by every project's builds: an entry another build prunes
    between this one's listing and its removal is already gone, not an error."""
    import os
    from pathlib import Path

    store = cache.Store("figures")
    for number in range(3):
        store.put(f"{number:02d}" * 32, b"x" * 100)
        os.utime(store.path(f"{number:02d}" * 32), (1000 + number, 1000 + number))
    oldest, listed = store.path("00" * 32), Path.stat

    def stat_then_gone(path, *args, **kwargs):
        found = listed(path, *args, **kwargs)
        if path == oldest:
            path.unlink()  # the other build's prune, just after this one looked
        return found

    monkeypatch.setattr(Path, "stat", stat_then_gone)
    cache.prune(keep_bytes=100)
    monkeypatch.undo()
    assert [store.get(f"{n:02d}" * 32) is not None for n in range(3)] == [False, False, True]


def test_a_figure_drawn_without_looking_at_its_language_is_drawn_once_for_both(
        empty_cache, monkeypatch):
    free = load_record(ROOT / "figures" / "qttt" / "spooky-marks.toml", ROOT / "figures")
    labelled = load_record(RECORD, ROOT / "figures")  # its panels have labels in each language
    english = figure_cache.rendered_panels(free, "en")[0]
    figure_cache.rendered_panels(labelled, "en")

    def never(*args):
        raise AssertionError("drawn again")

    monkeypatch.setattr("rulebook.figure_style.render_panels", never)
    assert figure_cache.rendered_panels(free, "ja")[0] == english
    with pytest.raises(AssertionError, match="drawn again"):
        figure_cache.rendered_panels(labelled, "ja")


def unlabelled_figures():
    """Each record with panels and no panel label: ``(record, its English panels, whether
    drawing them looked at the language)``."""
    from rulebook.figure_style import render_panels
    from rulebook.records import find_records

    for path in find_records(ROOT / "figures"):
        record = load_record(path, ROOT / "figures")
        if record.panels and not any(panel.label for panel in record.panels):
            watched = figure_cache.WatchedLanguage("en")
            english = render_panels(record, watched)[0]
            yield record, english, watched.looked


def test_every_figure_kept_for_both_languages_is_the_one_drawn_in_each():
    """The drawing that did not look at the language gives the same bytes in Japanese."""
    from rulebook.figure_style import render_panels

    shared = 0
    for record, english, looked in unlabelled_figures():
        if not looked:
            assert render_panels(record, "ja")[0] == english, record.name
            shared += 1
    assert shared >= 5


def test_a_figure_whose_drawing_looks_at_its_language_is_drawn_in_each(empty_cache):
    """An unlabelled figure whose drawing looked at the language (a mark's letter, 結
    for K) is drawn again in Japanese, not taken from the English kept in the cache."""
    from rulebook.figure_style import render_panels

    for record, english, looked in unlabelled_figures():
        japanese = render_panels(record, "ja")[0] if looked else english
        if japanese != english:
            break  # one is enough to show it; looking for more draws every record twice
    else:
        pytest.fail("no unlabelled figure whose drawing looks at the language")
    assert figure_cache.rendered_panels(record, "en")[0] == english  # kept in the cache
    assert figure_cache.rendered_panels(record, "ja")[0] == japanese, record.name


@pytest.mark.parametrize("look", [lambda lang: lang == "ja", lambda lang: {"en": 1}.get(lang),
                                  lambda lang: f"label-{lang}", lambda lang: lang.upper(),
                                  lambda lang: "ja" == lang, lambda lang: "%s" % lang],
                         ids=["==", "lookup", "f-string", "method", "reflected ==", "%"])
def test_every_way_of_looking_at_the_language_is_noted(look):
    watched = figure_cache.WatchedLanguage("en")
    assert not watched.looked
    look(watched)
    assert watched.looked


def test_one_game_builds_alone_into_its_own_folder(built_site, tmp_path, monkeypatch, capsys):
    """``build --game GAME --no-pdf --no-cache``: that game's pages in both languages
    (its figures drawn, other games' not), no PDF, the site to publish untouched,
    and nothing read from or kept in the cache: every figure, legend swatch and
    chart the same bytes as the project's own build, which took them from the cache."""
    from rulebook.cli import main

    unused = tmp_path / "cache"
    monkeypatch.setenv("RULEBOOK_FIGURE_CACHE", str(unused))
    project = Project(copy_project(tmp_path / "project"))
    assert main(["build", "--quiet", "--game", "qttt", "--no-pdf", "--no-cache",
                 "--project", str(project.root)]) == 0
    assert not [path for path in unused.rglob("*") if path.is_file()]
    said = re.search(r"Built build/games/qttt: (\d+) pages", capsys.readouterr().out)
    own = [page for page in (project.docs / "qttt.rst", project.docs / "play" / "qttt.rst")
           if page.exists()]
    assert said and int(said.group(1)) == 2 * len(own) == 4  # its pages, in each language
    built = project.build / "games" / "qttt"
    pages = {p.relative_to(built).as_posix() for p in built.glob("*/**/*.html")}
    assert {"en/qttt.html", "ja/qttt.html", "en/play/qttt.html", "ja/play/qttt.html"} <= pages
    others = {f"{lang}/{game}.html" for lang in ("en", "ja")
              for game in ("necto", "craquelure", "inphexion", "authoring")}
    assert not pages & others  # no other game's page (Sphinx adds its index and search)
    assert not (built / "pdf").exists() and not (project.build / "site").exists()
    images = [p.name for p in built.glob("*/_images/*.svg")]
    assert images and all(name.startswith(("qttt-", "legend-qttt-", "study-qttt-"))
                          for name in images), images  # no other game's figure was drawn
    kinds = {name.split("-")[0] for name in images}
    assert kinds == {"qttt", "legend", "study"}, kinds
    site = built_site.build / "site"
    for path in built.glob("*/_images/*.svg"):
        assert path.read_bytes() == (site / path.relative_to(built)).read_bytes(), path.name
    # and the game's own pages are the whole site's, byte for byte
    for page in ("en/qttt.html", "ja/qttt.html", "en/play/qttt.html", "ja/play/qttt.html"):
        assert (built / page).read_bytes() == (site / page).read_bytes(), page


@pytest.mark.parametrize("arguments, message", [
    (["--no-pdf"], "--no-pdf builds one game (--game GAME)"),
    (["--no-formats"], "--no-formats builds one game (--game GAME)"),
    (["--game", "chess"], "--game chess: no page docs/chess.rst"),
])
def test_a_game_build_asked_wrongly_is_one_line(tmp_path, capsys, arguments, message):
    from rulebook.cli import main

    project = Project(copy_project(tmp_path / "project"))
    assert main(["build", "--quiet", *arguments, "--project", str(project.root)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_study_chart_is_kept_for_each_language_apart(empty_cache):
    """A balance chart drawn in English and then asked for in Japanese is drawn again,
    in Japanese (its labels, title and axes are words), and each is then kept."""
    import json
    import tomllib

    from rulebook.games import make_game
    from rulebook.studies.chart import balance_panels

    study = ROOT / "figures" / "craquelure" / "studies" / "pinwheel"
    label = tomllib.loads(study.with_suffix(".toml").read_text(encoding="utf-8"))["label"]
    results = [(label, json.loads(study.with_suffix(".json").read_text(encoding="utf-8"))["result"])]
    game = make_game("craquelure")
    english = figure_cache.rendered_chart(game, results, "en")
    japanese = figure_cache.rendered_chart(game, results, "ja")
    assert japanese == balance_panels(game, results, "ja") != english
    assert label["ja"].encode() in japanese[0] or label["ja"] in japanese[0].decode()
    assert figure_cache.rendered_chart(game, results, "en") == english  # from the cache


@pytest.mark.parametrize("slug", ["necto", "craquelure", "inphexion", "qttt"])
def test_a_game_s_sources_hold_every_module_python_loads_for_its_drawings(slug):
    """The cache's key covers every module of the package that importing the game's
    modules and the figure machinery loads, however it is imported (``import a.b``,
    ``from . import b``, ``from ..kits import hexdraw``): found by Python itself, in a
    fresh process, against the closure the key is made of."""
    import json
    import subprocess
    import sys

    folder = cache.PACKAGE / "games" / slug
    modules = [f"rulebook.games.{slug}.{p.stem}" for p in sorted(folder.glob("*.py"))
               if p.stem != "__init__"]
    script = ("import importlib, json, sys\n"
              f"for name in {modules!r} + ['rulebook.figure_style']:\n"
              "    importlib.import_module(name)\n"
              "print(json.dumps(sorted(m.__file__ for n, m in sys.modules.items()\n"
              "                        if n.startswith('rulebook') and getattr(m, '__file__', None))))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    loaded = {Path(p).resolve() for p in json.loads(done.stdout)}
    closure = {p.resolve() for p in cache.source_closure(cache.PACKAGE / "figure_style.py", folder)}
    assert any(p.parent.name == "kits" for p in loaded) == (slug in ("inphexion", "qttt"))
    assert loaded - closure == set(), sorted(str(p) for p in loaded - closure)


@pytest.mark.parametrize("slug", ["necto", "craquelure", "inphexion", "qttt"])
def test_the_figure_key_covers_every_module_python_loads_to_read_and_draw_a_record(slug):
    """What the key hashes (the roots ``_shaping`` itself gives ``sources_digest``,
    caught as it is called, not restated here) holds every module of the package
    that loading a record of the game and drawing its panels loads, in a fresh
    process: a change to any of them (the record loader included) draws anew."""
    import json
    import subprocess
    import sys

    record = next(path for path in sorted((ROOT / "figures" / slug).glob("*.toml")))
    script = f"""
import json, sys
from pathlib import Path
from rulebook import cache, figure_cache
roots = []
real = figure_cache.sources_digest
figure_cache.sources_digest = lambda *given: roots.extend(given) or real(*given)
figure_cache._shaping({slug!r})
from rulebook.figure_style import render_panels
from rulebook.records import load_record
render_panels(load_record({str(record)!r}, {str(ROOT / 'figures')!r}), "en")
closure = [str(p.resolve()) for p in cache.source_closure(*roots)]
loaded = sorted(str(Path(m.__file__).resolve()) for n, m in sys.modules.items()
                if n.startswith("rulebook") and getattr(m, "__file__", None))
print(json.dumps([closure, loaded]))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    closure, loaded = map(set, json.loads(done.stdout.splitlines()[-1]))
    package = str(cache.PACKAGE.resolve())
    needed = {p for p in loaded if p.startswith(package)
              and not p.endswith(("/figure_cache.py", "/cache.py"))}
    assert {str((cache.PACKAGE / "records.py").resolve())} <= needed  # the loader was used
    assert needed - closure == set(), sorted(needed - closure)
