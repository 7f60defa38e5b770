"""What the build adds for the play pages: the pinned runtime, checked by its
hash, the engine archive, and the page's words (src/rulebook/play/)."""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest

from rulebook.games import available_games, game_class, game_part, game_play
from rulebook.i18n import ENGLISH_WORD, read_catalog
from rulebook.play import site
from rulebook.play.words import WORDS, game_tables
from rulebook.sphinxext.play import page_words

LOCALE = Path(__file__).resolve().parent.parent / "docs" / "locale"


def fake_tarball(path, files=site.RUNTIME_FILES):
    with tarfile.open(path, "w:gz") as archive:
        for name in files:
            data = f"contents of {name}".encode()
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_runtime_whose_hash_differs_is_refused_and_removed(tmp_path):
    tarball = tmp_path / f"pyodide-{site.PYODIDE_VERSION}.tgz"
    fake_tarball(tarball)
    with pytest.raises(site.RuntimeUnavailable) as error:
        site.runtime_tarball(tmp_path)
    assert "sha256" in str(error.value) and site.PYODIDE_SHA256 in str(error.value)
    assert "\n" not in str(error.value)
    assert not tarball.exists()  # the next build fetches it again


def test_the_runtime_files_come_from_a_tarball_with_the_pinned_hash(tmp_path, monkeypatch):
    tarball = tmp_path / f"pyodide-{site.PYODIDE_VERSION}.tgz"
    monkeypatch.setattr(site, "PYODIDE_SHA256", fake_tarball(tarball))
    site.extract_runtime(site.runtime_tarball(tmp_path), tmp_path / "out")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(site.RUNTIME_FILES)
    assert (tmp_path / "out" / "pyodide.mjs").read_text() == "contents of pyodide.mjs"


def test_without_npm_the_build_says_so_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(site.shutil, "which", lambda name: None)
    with pytest.raises(site.RuntimeUnavailable) as error:
        site.runtime_tarball(tmp_path / "cache")
    assert "npm is not installed" in str(error.value) and "\n" not in str(error.value)


def test_a_runtime_not_cached_yet_is_fetched_with_npm_pack_into_the_cache(tmp_path, monkeypatch):
    """With no tarball cached, the pinned Pyodide is packed by npm (found on the PATH
    as ``npm``) into the cache, made with its parents (a fresh account has no ~/.cache),
    then checked and used."""
    from types import SimpleNamespace

    cache, ran = tmp_path / "home" / ".cache" / "rulebook", []
    tarball = cache / f"pyodide-{site.PYODIDE_VERSION}.tgz"
    made = tmp_path / "made.tgz"
    monkeypatch.setattr(site, "PYODIDE_SHA256", fake_tarball(made))
    monkeypatch.setattr(site.shutil, "which", lambda name: "/bin/npm" if name == "npm" else None)

    def run(command, **options):
        ran.append(command)
        tarball.write_bytes(made.read_bytes())
        return SimpleNamespace(returncode=0, stdout="", stderr="")

    monkeypatch.setattr(site.subprocess, "run", run)
    assert site.runtime_tarball(cache) == tarball
    assert ran == [["/bin/npm", "pack", f"pyodide@{site.PYODIDE_VERSION}", "--silent",
                    "--pack-destination", str(cache)]]


def test_the_engine_archive_is_the_same_bytes_each_time_and_ships_no_heavy_module():
    first, second = site.engine_zip(), site.engine_zip()
    assert first == second
    names = zipfile.ZipFile(io.BytesIO(first)).namelist()
    assert "rulebook/play/bridge.py" in names and "rulebook/scene.py" in names
    for slug in available_games():
        assert f"rulebook/games/{slug}/rules.py" in names
        assert f"rulebook/games/{slug}/clicks.py" in names
    assert not [n for n in names if n.startswith(("rulebook/sphinxext/", "rulebook/pdf/"))
                or n == "rulebook/figure_style.py"]


def test_every_language_has_the_same_words():
    assert all(words.keys() == WORDS["en"].keys() for words in WORDS.values())


@pytest.mark.parametrize("lang", sorted(WORDS))
@pytest.mark.parametrize("slug", available_games())
def test_the_page_has_words_for_every_reason_option_choice_aid_and_prompt(slug, lang):
    """Every game's play.py names its own options, choices, aids and click prompts in
    every language, and its outcome reasons in English (in Japanese, the book's own
    words: values.po); the page would show the engine's bare keys."""
    own = game_play(slug).WORDS
    assert own.keys() == WORDS.keys()
    assert set(own[lang]) <= set(game_tables(lang)), sorted(own[lang])
    words = page_words(slug, lang, LOCALE)
    assert words.keys() == page_words(slug, "en", LOCALE).keys()
    game = game_class(slug)
    for reason in game.reasons:  # in Japanese, the book's own words (values.po)
        assert reason in words["reasons"], reason
        assert lang == "en" or not ENGLISH_WORD.search(words["reasons"][reason]), reason
    for parameter in game.parameters:
        assert parameter.name in words["options"], parameter.name
        for choice in parameter.choices or ():
            if isinstance(choice, str):
                assert choice in words["choices"], choice
    aids = game_play(slug).AIDS
    for aid in aids:
        assert aid in words["aid_names"], aid
    for key in prompt_keys(slug):
        assert key in words["prompts"], key
    # the settings' and aids' tooltips: the options' docs, as the authors' guide words them
    # (a project without that guide, as rulebook new's tests make, has them in English)
    if lang != "en" and (LOCALE / lang / "LC_MESSAGES" / "authoring.po").exists():
        views = getattr(game_part(slug, "views"), "VIEW_OPTIONS", {})
        for doc in [p.doc for p in game.parameters] + [views[a].doc for a in aids]:
            assert words["docs"].get(doc), doc


def prompt_keys(slug: str) -> set[str]:
    """The prompts the game's clicks.py asks for, over a few random games."""
    import random

    clicks = game_part(slug, "clicks")
    if not hasattr(clicks, "prompt"):
        return set()
    keys, rng = set(), random.Random(3)
    for _ in range(3):
        state = game_class(slug)().initial_state()
        while state.outcome() is None:
            legal = state.legal_moves()
            for taps in range(4):
                keys.add(clicks.prompt(state, taps))
            state = state.play(rng.choice(legal))
    return keys - {None, ""}


def test_the_runtime_is_cached_per_user_and_a_project_without_play_pages_needs_none(
        tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)  # by default under the home folder
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert site.cache_folder() == tmp_path / "home" / ".cache" / "rulebook"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert site.cache_folder() == tmp_path / "cache" / "rulebook"
    monkeypatch.setattr(site.shutil, "which", lambda name: None)  # no npm: would fail if asked
    (tmp_path / "docs").mkdir()
    site.write_play_files(tmp_path / "site", tmp_path / "docs")
    assert not (tmp_path / "site").exists()
    (tmp_path / "docs" / "play").mkdir()
    with pytest.raises(site.RuntimeUnavailable):
        site.write_play_files(tmp_path / "site", tmp_path / "docs")


def test_the_site_ships_the_runtime_s_standard_library_as_bytecode_with_the_pinned_hash(
        built_site):
    """Each module compiled (no source to compile on a first visit), by the runtime
    itself: one magic number, unchecked hash-based .pyc files."""
    project = built_site
    shipped = project.build / "site" / "play" / "pyodide" / "python_stdlib.zip"
    assert hashlib.sha256(shipped.read_bytes()).hexdigest() == site.PYODIDE_STDLIB_SHA256
    with tarfile.open(site.runtime_tarball(site.cache_folder())) as archive:
        original = zipfile.ZipFile(io.BytesIO(
            archive.extractfile("package/python_stdlib.zip").read())).namelist()
    with zipfile.ZipFile(shipped) as archive:
        names = archive.namelist()
        headers = {archive.read(n)[:8] for n in names if n.endswith(".pyc")}
    assert [n[:-3] + ".pyc" if n.endswith(".py") else n for n in original] == names
    assert len(headers) == 1  # one magic number (the runtime's Python), flags 0b01: hash, unchecked
    assert next(iter(headers))[4:] == (1).to_bytes(4, "little")


@pytest.mark.skipif(not shutil.which("node") and not os.environ.get("CI"),
                    reason="Node.js is not installed")
def test_node_compiles_the_runtime_s_standard_library_to_the_pinned_bytes(tmp_path):
    """Made afresh (another cache folder): the same bytes as the pin, so on any machine."""
    tarball = site.runtime_tarball(site.cache_folder())
    made = site.compiled_stdlib(tarball, tmp_path / "cache")
    assert hashlib.sha256(made.read_bytes()).hexdigest() == site.PYODIDE_STDLIB_SHA256
    assert made.parent == tmp_path / "cache" and not list(tmp_path.glob("cache/*.partial"))


def test_a_compiled_standard_library_not_of_the_pinned_bytes_is_not_used(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    cache.mkdir()
    stale = cache / f"pyodide-{site.PYODIDE_VERSION}-stdlib-{site.STDLIB_FORMAT}.zip"
    stale.write_bytes(b"not the compiled standard library")
    monkeypatch.setattr(site.shutil, "which", lambda name: None)  # no Node.js to make it again
    with pytest.raises(site.RuntimeUnavailable) as error:
        site.compiled_stdlib(cache / "unused.tgz", cache)
    assert str(error.value) == (  # what is missing, and what to do
        f"the play pages need Pyodide {site.PYODIDE_VERSION}'s standard library compiled, once, "
        "and Node.js is not installed to run it (install Node.js, then build again)")
    assert not stale.exists()  # the next build with Node.js makes it again


def book_text(slug: str, lang: str) -> str:
    """The game's rulebook page as its reader reads it in ``lang``, in lower case."""
    docs = LOCALE.parent
    if lang == "en":
        return (docs / f"{slug}.rst").read_text(encoding="utf-8").lower()
    return " ".join(m.string for m in read_catalog(LOCALE / lang / "LC_MESSAGES" / f"{slug}.po")
                    if m.id).lower()


@pytest.mark.parametrize("lang", sorted(WORDS))
@pytest.mark.parametrize("slug", available_games())
def test_the_settings_are_named_as_the_game_s_rulebook_names_them(slug, lang):
    """Each option's name on the play page (before its explanation in brackets or
    after a colon) is the book's own word for it, in the page's language."""
    book = book_text(slug, lang)
    words = page_words(slug, lang, LOCALE)
    for parameter in game_class(slug).parameters:
        name = re.split(r" \(|（|:|：", words["options"][parameter.name])[0].lower()
        assert name in book, (slug, parameter.name, name)
        for choice in parameter.choices or ():
            if isinstance(choice, str):
                assert words["choices"][choice].lower() in book, (slug, choice)


def test_a_page_s_saved_drawing_is_kept_apart_for_each_language_and_words(monkeypatch):
    """Where a play page keeps its drawing for the next visit (storage.js's key): the
    same for the same words, runtime and engine; another for the other language's
    words, another when a word changes, and another when the engine changes."""
    import json

    from rulebook.play import site
    from rulebook.sphinxext.play import page_words

    locale = Path(__file__).resolve().parents[1] / "docs" / "locale"
    words = {lang: json.dumps(page_words("qttt", lang, locale), sort_keys=True)
             for lang in ("en", "ja")}
    keys = {lang: site.drawn_key(text) for lang, text in words.items()}
    assert keys["en"] == site.drawn_key(words["en"]) and keys["en"] != keys["ja"]
    changed = words["en"].replace("\"Undo\"", "\"Take back\"")
    assert changed != words["en"] and site.drawn_key(changed) != keys["en"]
    monkeypatch.setattr(site, "engine_digest", lambda: "another engine")
    assert site.drawn_key(words["en"]) != keys["en"]
