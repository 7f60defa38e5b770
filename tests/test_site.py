"""The whole build: one folder to publish (``build/site``) with pages and PDFs
in both languages, byte-identical rebuilds, and failures that name the example
and leave the previous output untouched."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from pypdf import PdfReader

from rulebook.build import BuildError, Project, _sphinx, build
from rulebook.errors import RulebookError
from rulebook.games import available_games

from conftest import copy_project
from types import SimpleNamespace

LANGS = ("en", "ja")


def game_pages(project):
    return [slug for slug in available_games() if (project.docs / f"{slug}.rst").exists()]


def site(project) -> Path:
    return project.build / "site"


CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""")


class Links(HTMLParser):
    """Every ``href`` and ``src`` of a page (and ``url()`` in its styles), and
    the ``<a>`` elements in order."""

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []
        self.anchors: list[dict] = []
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        self.urls += [attrs[key] for key in ("href", "src") if attrs.get(key)]
        if tag == "a" and attrs.get("href"):
            self.anchors.append(attrs)

    def handle_data(self, data):
        if self.lasttag == "style":
            self.urls += CSS_URL.findall(data)


def links_of(page: Path) -> Links:
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def resolve(page: Path, url: str) -> Path | None:
    """The file a relative link of ``page`` points to; None for an absolute or in-page link."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    return Path(os.path.normpath(page.parent / unquote(parts.path)))


def test_build_writes_every_page_and_pdf(built_site):
    project = built_site
    games = game_pages(project)
    assert "qttt" in games
    for lang in LANGS:
        assert (site(project) / lang / "index.html").exists()
        for slug in games:
            assert (site(project) / lang / f"{slug}.html").exists()
            assert (site(project) / "pdf" / f"{slug}-{lang}.pdf").exists()


def test_the_site_has_exactly_the_expected_pages_and_pdfs(built_site):
    project = built_site
    pages = {path.stem for path in project.docs.glob("*.rst")} | {"search"}
    for lang in LANGS:
        assert {p.stem for p in (site(project) / lang).glob("*.html")} == pages
        # in subfolders only the play pages, one per game
        assert {p.relative_to(site(project) / lang).as_posix()
                for p in (site(project) / lang).glob("*/**/*.html")} == \
            {f"play/{slug}.html" for slug in available_games()}
    assert {p.name for p in (site(project) / "pdf").iterdir()} == expected_pdfs(available_games())
    assert {p.name for p in site(project).glob("*.html")} == {"index.html"}
    assert {p.name for p in (site(project) / "play").iterdir()} == {
        "engine.zip", "play.css", "worker.js", "pyodide", "play.js",  # play.js imports the others
        "aim.js", "controls.js", "dom.js", "engine.js", "input.js", "scene.js", "state.js",
        "storage.js", "words.js"}


def expected_pdfs(games) -> set[str]:
    """The A4 books, their letter, booklet and card formats, and the two print-and-play sheets."""
    return ({f"{slug}-{lang}{fmt}.pdf" for slug in games for lang in LANGS
             for fmt in ("", "-letter", "-booklet", "-card")}
            | {"inphexion-board.pdf", "necto-tiles.pdf"})


def print_formats(project, slug: str, lang: str) -> set[Path]:
    """The other print formats a game page in ``lang`` links, and its game's sheet."""
    sheets = {"inphexion": "inphexion-board.pdf", "necto": "necto-tiles.pdf"}
    folder = site(project) / "pdf"
    return ({folder / f"{slug}-{lang}-{fmt}.pdf" for fmt in ("letter", "booklet", "card")}
            | ({folder / sheets[slug]} if slug in sheets else set()))


def test_every_relative_link_resolves_inside_the_site(built_site):
    project = built_site
    root = site(project).resolve()
    pages = sorted(root.rglob("*.html"))
    assert len(pages) > 2 * len(game_pages(project))
    checked = 0
    for page in pages + sorted(root.rglob("*.css")):
        urls = (links_of(page).urls if page.suffix == ".html" else
                CSS_URL.findall(page.read_text(encoding="utf-8")))
        for url in urls:
            target = resolve(page, url)
            if target is None:
                continue
            where = f"{page.relative_to(root)}: {url}"
            assert target.is_relative_to(root), f"{where} leaves the site"
            assert target.is_file() or (target / "index.html").is_file(), f"{where} is missing"
            checked += 1
    assert checked > 500


def test_root_page_links_both_languages(built_site):
    project = built_site
    index = site(project) / "index.html"
    hrefs = {resolve(index, a["href"]) for a in links_of(index).anchors}
    assert hrefs == {site(project) / lang / "index.html" for lang in LANGS}
    assert "navigator.language" in index.read_text(encoding="utf-8")


def test_each_game_page_links_both_its_pdfs_near_the_top(built_site):
    project = built_site
    for lang in LANGS:
        for slug in game_pages(project):
            page = site(project) / lang / f"{slug}.html"
            parser = links_of(page)
            pdfs = [resolve(page, a["href"]) for a in parser.anchors if a["href"].endswith(".pdf")]
            own = site(project) / "pdf" / f"{slug}-{lang}.pdf"
            assert pdfs[0] == own  # the page's own language first
            books = {site(project) / "pdf" / f"{slug}-{pdf}.pdf" for pdf in LANGS}
            assert set(pdfs[:2]) == books  # then the other print formats, and the sheet
            assert set(pdfs[2:]) == print_formats(project, slug, lang)
            assert all(pdf.is_file() for pdf in pdfs)
            # before the first section heading and the first figure: in the title block
            tags = [tag for tag, _ in parser.tags]
            first_pdf = next(i for i, (tag, attrs) in enumerate(parser.tags)
                             if tag == "a" and attrs.get("href", "").endswith(".pdf"))
            assert first_pdf < tags.index("h2") and first_pdf < tags.index("figure")


def test_catalog_lists_every_game_with_links(built_site):
    project = built_site
    for lang in LANGS:
        index = site(project) / lang / "index.html"
        targets = {resolve(index, a["href"]) for a in links_of(index).anchors}
        for slug in game_pages(project):
            assert site(project) / lang / f"{slug}.html" in targets
            for pdf_lang in LANGS:
                assert site(project) / "pdf" / f"{slug}-{pdf_lang}.pdf" in targets
            assert print_formats(project, slug, lang) <= targets
    ja = (site(project) / "ja" / "index.html").read_text(encoding="utf-8")
    assert "量子三目並べ" in ja and "りょうしさんもくならべ" in ja
    for lang in LANGS:  # in the order of the titles the page shows, in its language
        index = (site(project) / lang / "index.html").read_text(encoding="utf-8")
        titles = re.findall(r'<h2><a class="reference internal" href="[^"]+">([^<]+)</a>'
                            r'<a class="headerlink" href="#catalog-', index)
        assert len(titles) == len(game_pages(project))
        assert titles == sorted(titles, key=str.casefold), (lang, titles)


def sidebar_sections(page: Path) -> list[tuple[str, list[Path]]]:
    """The menu of a page: (caption, [the pages it links, in order]) per toctree."""
    html = page.read_text(encoding="utf-8")
    tree = html[html.index('class="sidebar-tree"'):]
    tree = tree[:tree.index("</aside>")]
    sections = []
    for caption, body in re.findall(r'<p class="caption"[^>]*><span class="caption-text">([^<]*)</span></p>'
                                    r'(.*?)(?=<p class="caption"|$)', tree, re.S):
        sections.append((caption, [page if href.startswith("#") else resolve(page, href) for href in
                                   re.findall(r'<li class="toctree-l1[^"]*"><a class="[^"]*reference internal[^"]*" '
                                              r'href="([^"]+)"', body)]))
    return sections


def test_the_menu_holds_the_games_and_their_play_pages_then_the_authors_section(built_site):
    project = built_site
    authors = {"authoring", "adding-a-game", "sweeps"}
    for lang in LANGS:
        root = site(project) / lang
        for page in [root / "index.html", root / "qttt.html", root / "play" / "necto.html", root / "sweeps.html"]:
            (games_caption, games), (authors_caption, guide) = sidebar_sections(page)
            expected = [root / f"{name}.html" for slug in game_pages(project)
                        for name in (slug, f"play/{slug}")]
            assert games == expected, page
            assert {path.stem for path in guide} == authors, page
            assert (games_caption, authors_caption) == {"en": ("Games", "For authors"),
                                                        "ja": ("ゲーム", "ルールブックを書く人へ")}[lang]
        # the guide is reached from the catalog's foot: after the last game's entry
        index = (root / "index.html").read_text(encoding="utf-8")
        article = index[index.index("<article"):]
        last_game = max(article.index(f'id="catalog-{slug}"') for slug in game_pages(project))
        assert article.index('href="authoring.html"', last_game) > last_game


def test_next_and_previous_stay_inside_the_readers_or_the_authors_section(built_site):
    project = built_site
    readers = {name for slug in game_pages(project) for name in (slug, f"play/{slug}")}
    crossings = []
    for lang in LANGS:
        root = site(project) / lang
        for page in sorted(root.rglob("*.html")):
            name = page.relative_to(root).with_suffix("").as_posix()
            if name in ("index", "search", "genindex") or name.startswith("_"):
                continue
            for kind in ("next-page", "prev-page"):
                link = re.search(f'class="{kind}" href="([^"]+)"', page.read_text(encoding="utf-8"))
                if link is None:
                    continue
                other = resolve(page, link.group(1)).relative_to(root).with_suffix("").as_posix()
                if other != "index" and (other in readers) != (name in readers):
                    crossings.append(f"{lang}/{name} -> {other}")
    assert not crossings
    qttt = (site(project) / "en" / "qttt.html").read_text(encoding="utf-8")
    assert 'class="next-page" href="play/qttt.html"' in qttt  # a game leads to its play page


def test_pages_link_to_their_other_language(built_site):
    project = built_site
    for lang, other in (("en", "ja"), ("ja", "en")):
        for page in (site(project) / lang).glob("*.html"):
            targets = {resolve(page, a["href"]) for a in links_of(page).anchors}
            assert site(project) / other / page.name in targets, page
        html = (site(project) / lang / "qttt.html").read_text(encoding="utf-8")
        assert re.search(f'<html[^>]* lang="{lang}"', html)


def test_japanese_page_is_translated_and_quotes_checked_claims(built_site):
    project = built_site
    html = (site(project) / "ja" / "qttt.html").read_text(encoding="utf-8")
    assert "収縮と、誰が選ぶか" in html
    assert ":claim:" not in html
    text = re.sub(r"<[^>]+>", "", html)
    assert "Xのラインは手数5のマークで完成していましたが、Oのラインは手数6のマークでようやく完成したので、Xの勝ちです。" in text


def pdf_text(path: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(path).pages)


def test_pdfs_hold_the_text_in_both_languages_and_embed_the_font(built_site):
    project = built_site
    english = pdf_text(site(project) / "pdf" / "qttt-en.pdf")
    japanese = pdf_text(site(project) / "pdf" / "qttt-ja.pdf")
    assert "Collapse and who chooses" in english and "Allan Goff" in english
    assert "収縮と、誰が選ぶか" in japanese and "アラン・ゴフ" in japanese
    for lang in LANGS:
        reader = PdfReader(site(project) / "pdf" / f"qttt-{lang}.pdf")
        fonts = set()
        for page in reader.pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                descriptor = font.get("/FontDescriptor")
                if descriptor is not None:
                    assert "/FontFile2" in descriptor.get_object()
                fonts.add(str(font["/BaseFont"]).split("+")[-1])
        # Source Sans Pro for Latin text, IPAexGothic for Japanese; DejaVu (from matplotlib) for code
        assert {"IPAexGothic", "SourceSansPro-Regular"} <= fonts <= {
            "IPAexGothic", "SourceSansPro-Regular", "SourceSansPro-It", "SourceSansPro-Semibold", "DejaVuSansMono"}


def test_a_rebuild_is_byte_identical(built_site, tmp_path, monkeypatch):
    """A second build, in a copy of the project, gives the same bytes as the
    project's own: every page, SVG and schema, every A4 book, quick-reference card
    and print-and-play sheet.  (Set again, the Letter and booklet formats, which take
    as long as the A4 books, are the small project's of test_formats, in both
    languages.  A build without the cache gives the same bytes too:
    test_figure_cache's one-game build for the figures, test_pdf's and test_formats'
    second builds for the books.)  The copy is outside git, where a book's edition
    line would fall back on ``rulebook_pdf_date``: it is given the commit and the
    edition (git tag) the project's own build found (its sources are that commit's)."""
    from types import SimpleNamespace

    from rulebook import build as building
    from rulebook.pdf.builder import RulebookPDFBuilder

    project = built_site
    jobs = building.print_format_jobs
    monkeypatch.setattr(building, "print_format_jobs", lambda *args: [
        job for job in jobs(*args) if job[0] is not building.build_print_format
        or job[4] == "card"])
    found = RulebookPDFBuilder.sources_date

    def as_in_the_project(builder):
        return found(SimpleNamespace(srcdir=str(project.docs), config=SimpleNamespace(
            rulebook_figures_dir=str(project.figures),
            rulebook_pdf_date=builder.config.rulebook_pdf_date)))

    monkeypatch.setattr(RulebookPDFBuilder, "sources_date", as_in_the_project)
    edition = RulebookPDFBuilder.sources_edition(SimpleNamespace(srcdir=str(project.docs)))
    monkeypatch.setattr(RulebookPDFBuilder, "sources_edition", lambda builder: edition)
    again = Project(copy_project(tmp_path))
    summary = build(again, progress=lambda line: None)
    # what the build says it made: every page and PDF, and its only leftovers
    games = game_pages(again)
    made = {p.name for p in again.build.glob("site/pdf/*.pdf")}
    assert made == {name for name in expected_pdfs(games)
                    if not name.endswith(("-letter.pdf", "-booklet.pdf"))}
    assert summary.pdfs == len(made)
    # its counts, found here: every record and claim, a page per source a language, and a
    # figure per record a language (its panels' files, published)
    from rulebook.records import find_records, load_record

    records = find_records(again.figures)
    assert (summary.records, summary.claims) == (
        len(records), sum(len(load_record(path, again.figures).claims) for path in records))
    assert summary.pages == 2 * len([p for p in again.docs.rglob("*.rst")
                                     if "locale" not in p.parts])
    published = {p.name.rsplit("-", 1)[0] for lang in ("en", "ja")
                 for p in (again.build / "site" / lang / "_images").glob("*.svg")
                 if not p.name.startswith("legend-")}
    assert summary.figures == len(published) >= 12
    assert sorted(p.name for p in again.build.iterdir()) == [".lock", ".stamp", "site"]
    compared = 0
    for pattern in ("site/pdf/*.pdf", "site/*/_images/*.svg", "site/*/*.html", "site/*.html",
                    "site/schema/*.json"):
        second = sorted(again.build.glob(pattern))
        first = sorted(path for path in project.build.glob(pattern)
                       if not pattern.startswith("site/pdf/") or path.name in made)
        assert [p.name for p in first] == [p.name for p in second]
        for a, b in zip(first, second):
            assert a.read_bytes() == b.read_bytes(), f"{a.relative_to(project.build)} differs"
            compared += 1
    assert compared >= 10


def test_a_false_claim_fails_the_build_and_keeps_the_old_output(built_site, tmp_path):
    project = Project(copy_project(tmp_path))
    previous = site(project) / "pdf" / "qttt-en.pdf"  # stands for an earlier build's output
    previous.parent.mkdir(parents=True)
    previous.write_bytes(b"earlier output")
    record = project.figures / "qttt" / "both-lines.toml"
    record.write_text(record.read_text().replace('expect = "X"', 'expect = "O"'))
    with pytest.raises(RulebookError) as error:
        build(project, progress=lambda line: None)
    assert "figures/qttt/both-lines.toml" in str(error.value)
    assert "claim #" in str(error.value) and "expected 'O', engine says 'X'" in str(error.value)
    assert previous.read_bytes() == b"earlier output"
    assert [p.name for p in site(project).rglob("*")] == ["pdf", "qttt-en.pdf"]
    assert sorted(p.name for p in project.build.iterdir()) == [".lock", "site"]


def test_an_untranslated_paragraph_fails_the_build(tmp_path):
    project = Project(copy_project(tmp_path))
    page = project.docs / "qttt.rst"
    page.write_text(page.read_text() + "\nA new paragraph nobody has translated yet.\n")
    with pytest.raises(BuildError, match="stale catalog, no entry for 'A new paragraph"):
        build(project, progress=lambda line: None)
    assert not site(project).exists()


def fake_sphinx(project, builder, lang, out, doctrees, figures, fresh, **options):
    """Stands for a Sphinx run: one file per output folder."""
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{builder}-{lang}.txt").write_text("new")
    return SimpleNamespace(env=SimpleNamespace(found_docs={"index"}))


def no_figure(*args):
    """Stands for a figure drawn, or a print-and-play sheet written (a job: picklable)."""


@pytest.fixture
def quick_build(monkeypatch):
    """``build`` without Sphinx, records, figures and sheets: only the folders and
    the stamp are real."""
    import rulebook.build as building

    monkeypatch.setattr(building, "_sphinx", fake_sphinx)
    monkeypatch.setattr(building, "check_records", lambda project, game=None: (0, 0))
    monkeypatch.setattr(building, "draw_figures", no_figure)
    monkeypatch.setattr(building, "write_sheet", no_figure)
    return building


def test_the_build_checks_every_record_before_any_page(tmp_path, monkeypatch):
    """A record no page shows, with no claims and no figure, is still replayed:
    an illegal move in it stops the build, with the record's line."""
    import rulebook.build as building
    from small_project import RECORD, make_project

    monkeypatch.setattr(building, "_sphinx", fake_sphinx)
    project = make_project(tmp_path, "The marks form a cycle.")
    (project.figures / "qttt" / "other.toml").write_text(
        'game = "qttt"\nmoves = ["a1-b2"]\n[[claims]]\nfact = "turn"\nexpect = "O"\n')
    summary = building.build(project, progress=lambda line: None)
    assert (summary.records, summary.claims) == (2, RECORD.count("[[claims]]") + 1)
    unused = project.figures / "qttt" / "unused.toml"
    unused.write_text('game = "qttt"\nmoves = ["a1-b2",\n  "a1-a1"]\n')
    with pytest.raises(RulebookError) as error:
        building.build(project, progress=lambda line: None)
    assert str(error.value).startswith(f"{unused}:3: move 2: illegal move 'a1-a1'")


def test_sphinx_warnings_become_one_line_each_relative_to_the_project(tmp_path):
    from rulebook.build import _tidy

    root = tmp_path / "project"
    warnings = (f"\x1b[91m{root}/docs/qttt.rst:12: ERROR: first\x1b[39;49;00m\n\n"
                f"  \n{root}/figures/qttt/x.toml: second [rulebook.claim]\n")
    assert _tidy(warnings, root) == ("docs/qttt.rst:12: ERROR: first\n"
                                     "figures/qttt/x.toml: second [rulebook.claim]")


def test_leftovers_of_killed_builds_are_removed(quick_build, tmp_path):
    project = Project(copy_project(tmp_path))
    quick_build.build(project, progress=lambda line: None)
    leftovers = [project.build / ".staging-123", project.build / ".old-site-123"]
    for folder in leftovers:
        (folder / "en").mkdir(parents=True)
    assert quick_build.build(project, progress=lambda line: None).up_to_date
    assert not any(folder.exists() for folder in leftovers)  # even when nothing is rebuilt
    assert (site(project) / "en" / "html-en.txt").read_text() == "new"


def test_a_build_leaves_no_staging_folder_whether_it_succeeds_or_fails(quick_build, tmp_path,
                                                                      monkeypatch):
    """The staging folder (doctrees, figures, the site before its swap) is gone when the
    build ends, built or refused: nothing grows in build/ from one build to the next."""
    project = Project(copy_project(tmp_path))
    quick_build.build(project, progress=lambda line: None)
    assert not list(project.build.glob(".staging-*"))
    def failing(*args, **options):
        raise RulebookError("docs/qttt.rst:3: a page that fails")

    monkeypatch.setattr(quick_build, "_sphinx", failing)
    page = project.docs / "qttt.rst"
    page.write_text(page.read_text(encoding="utf-8") + "\nMore words.\n", encoding="utf-8")
    with pytest.raises(RulebookError, match="a page that fails"):
        quick_build.build(project, progress=lambda line: None)
    assert not list(project.build.glob(".staging-*"))


def test_a_build_killed_between_the_renames_gets_the_previous_site_back(quick_build, tmp_path,
                                                                       monkeypatch):
    """Killed after the old site moved aside and before the new one moved in:
    the next build puts the old site back before anything else, so the folder
    to publish is whole even if that build fails too."""
    project = Project(copy_project(tmp_path))
    quick_build.build(project, progress=lambda line: None)
    (site(project) / "marker.txt").write_text("previous")
    site(project).rename(project.build / ".old-site-123")  # as a killed swap leaves it

    def broken_records(project, game=None):
        raise quick_build.BuildError("a record is broken")

    monkeypatch.setattr(quick_build, "check_records", broken_records)
    with pytest.raises(quick_build.BuildError):
        quick_build.build(project, force=True, progress=lambda line: None)
    assert (site(project) / "marker.txt").read_text() == "previous"
    assert not (project.build / ".old-site-123").exists()


def test_a_second_build_at_the_same_time_stops_with_one_line(quick_build, tmp_path,
                                                              monkeypatch):
    """A first build, held halfway (checking the records) in another thread, and a
    second build of the same project: the second stops at once with one line, and the
    first goes on to finish; then the project builds again."""
    import threading

    project = Project(copy_project(tmp_path))
    halfway, go_on, calls = threading.Event(), threading.Event(), []

    def slow_first_check(project, game=None):
        calls.append(game)
        if len(calls) == 1:  # the first build waits here, holding whatever it holds
            halfway.set()
            assert go_on.wait(60)
        return 0, 0

    monkeypatch.setattr(quick_build, "check_records", slow_first_check)
    finished = []
    first = threading.Thread(target=lambda: finished.append(
        quick_build.build(project, force=True, progress=lambda line: None)))
    first.start()
    try:
        assert halfway.wait(60)
        with pytest.raises(quick_build.BuildError, match="another build is running") as error:
            quick_build.build(project, force=True, progress=lambda line: None)
        assert "\n" not in str(error.value)
        assert len(calls) == 1  # the second build did not begin
    finally:
        go_on.set()
        first.join(60)
    assert finished and site(project).is_dir()  # the first build finished
    quick_build.build(project, force=True, progress=lambda line: None)  # free again
    assert len(calls) == 2


def test_a_build_folder_that_cannot_be_written_is_one_line(tmp_path):
    project = Project(copy_project(tmp_path))
    project.build.write_text("not a folder")
    result = subprocess.run([sys.executable, "-m", "rulebook.cli", "build", "--project",
                             str(project.root)], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("rulebook: "), result.stderr
    assert "Traceback" not in result.stderr


def test_an_interrupted_swap_leaves_no_stamp(quick_build, tmp_path, monkeypatch):
    """Killed right after the new site moved in, the next build must not call
    the site up to date: the stamp goes before the swap, comes back after it."""
    project = Project(copy_project(tmp_path))
    quick_build.build(project, progress=lambda line: None)
    assert (project.build / ".stamp").exists()
    swap = quick_build._swap_into_place

    def swap_then_die(source, target):
        swap(source, target)
        raise KeyboardInterrupt

    monkeypatch.setattr(quick_build, "_swap_into_place", swap_then_die)
    with pytest.raises(KeyboardInterrupt):
        quick_build.build(project, force=True, progress=lambda line: None)
    assert not (project.build / ".stamp").exists()
    assert (site(project) / "index.html").exists()
    monkeypatch.setattr(quick_build, "_swap_into_place", swap)
    assert not quick_build.build(project, progress=lambda line: None).up_to_date
    assert quick_build.build(project, progress=lambda line: None).up_to_date


@pytest.fixture
def stamped(quick_build, tmp_path, monkeypatch):
    """A project built once (quick_build), its package a copy the test may edit."""
    import shutil

    package = tmp_path / "package"
    shutil.copytree(quick_build.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(quick_build, "PACKAGE", package)
    project = Project(copy_project(tmp_path / "project"))
    quick_build.build(project, progress=lambda line: None)
    (site(project) / "marker.txt").write_text("the previous build's")
    return project, package


def rebuilt(building, project) -> bool:
    """Build; whether it built the site anew (and the next build calls it up to date)."""
    summary = building.build(project, progress=lambda line: None)
    fresh = not (site(project) / "marker.txt").exists()
    assert summary.up_to_date is not fresh and 0 < summary.seconds < 60
    assert building.build(project, progress=lambda line: None).up_to_date
    return fresh


INPUTS = {  # one file of each kind the stamp must cover
    "record": lambda project, package: project.figures / "qttt" / "both-lines.toml",
    "page": lambda project, package: project.docs / "qttt.rst",
    "catalog": lambda project, package: project.docs / "locale" / "ja" / "LC_MESSAGES" / "qttt.po",
    "package": lambda project, package: package / "sphinxext" / "gate.py",
}


@pytest.mark.parametrize("kind", INPUTS)
def test_editing_any_input_rebuilds_the_site(stamped, quick_build, kind):
    """An edit that keeps the file's size and date (one letter for another), then one
    that adds a line: each rebuilds."""
    project, package = stamped
    path = INPUTS[kind](project, package)
    data, times = path.read_bytes(), path.stat()
    at = re.search(rb"[a-y]", data).start()
    path.write_bytes(data[:at] + bytes([data[at] + 1]) + data[at + 1:])
    os.utime(path, ns=(times.st_atime_ns, times.st_mtime_ns))
    assert rebuilt(quick_build, project)
    path.write_bytes(path.read_bytes() + b"\n")
    assert rebuilt(quick_build, project)


@pytest.mark.parametrize("kind", INPUTS)
def test_renaming_or_adding_an_input_rebuilds_the_site(stamped, quick_build, kind):
    project, package = stamped
    path = INPUTS[kind](project, package)
    path.rename(path.with_name("renamed" + path.suffix))  # the same bytes under another name
    assert rebuilt(quick_build, project)
    (path.parent / "new").mkdir()
    (path.parent / "new" / path.name).write_text("")  # an empty file in a new folder
    assert rebuilt(quick_build, project)


@pytest.mark.parametrize("kind", INPUTS)
def test_a_letter_moved_from_a_file_s_name_into_its_bytes_rebuilds_the_site(stamped,
                                                                             quick_build, kind):
    """``both-lines.toml`` holding ``X`` and ``both-lines.tom`` holding ``lX`` are two
    inputs, though their names and bytes run together into the same text."""
    project, package = stamped
    path = INPUTS[kind](project, package)
    data = path.read_bytes()
    path.unlink()
    path.with_name(path.name[:-1]).write_bytes(path.name[-1:].encode() + data)
    assert rebuilt(quick_build, project)


def test_a_one_game_build_leaves_the_site_to_the_next_full_build(stamped, quick_build):
    """``build --game`` builds its game aside and leaves the site and its stamp as
    they were: after an edit, a one-game build does not make the next full build
    call the old site up to date."""
    project, package = stamped
    record = INPUTS["record"](project, package)
    record.write_bytes(record.read_bytes() + b"\n")
    quick_build.build(project, game="qttt", progress=lambda line: None)
    assert (site(project) / "marker.txt").exists()  # the site untouched
    assert rebuilt(quick_build, project)


def test_what_a_build_writes_into_its_inputs_is_not_an_input(stamped, quick_build):
    """Sphinx compiles each catalog into a .mo next to it, Python caches bytecode:
    neither may make every build look changed."""
    project, package = stamped
    catalogs = project.docs / "locale" / "ja" / "LC_MESSAGES"
    (catalogs / "qttt.mo").write_bytes(b"compiled catalog")
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "gate.cpython-311.pyc.140234").write_bytes(b"being written")
    (package / "stray.pyc").write_bytes(b"bytecode")
    assert not rebuilt(quick_build, project)
    assert (site(project) / "marker.txt").exists()


def test_a_forced_or_missing_site_or_stamp_rebuilds(stamped, quick_build):
    project, _ = stamped
    assert quick_build.build(project, force=True, progress=lambda line: None).up_to_date is False
    assert not (site(project) / "marker.txt").exists()
    (project.build / ".stamp").unlink()
    assert not quick_build.build(project, progress=lambda line: None).up_to_date
    quick_build.shutil.rmtree(site(project))
    assert not quick_build.build(project, progress=lambda line: None).up_to_date
    assert (site(project) / "en" / "html-en.txt").read_text() == "new"


def test_every_file_published_is_as_readable_as_a_new_file_is_here(built_site):
    """A web server (another user) serves the site: every file and folder the build
    publishes, the PDFs written through a private temporary file included, is readable
    (folders also searchable) by whoever this user's umask lets read a new file."""
    umask = os.umask(0)
    os.umask(umask)
    readable = 0o444 & ~umask  # who may read a new file here
    private = [str(path.relative_to(built_site.build)) for path in site(built_site).rglob("*")
               if path.stat().st_mode & readable != readable
               or path.is_dir() and path.stat().st_mode & (0o111 & ~umask) != 0o111 & ~umask]
    assert readable and not private, private


def test_a_build_with_nothing_changed_does_nothing(built_site, tmp_path):
    import shutil

    project = Project(copy_project(tmp_path))  # the built site is shared: a copy of it
    shutil.copytree(site(built_site), site(project))
    shutil.copy2(built_site.build / ".stamp", project.build / ".stamp")
    (project.figures / "qttt" / "spooky-marks.toml").touch()  # same content
    assert build(project, progress=lambda line: None).up_to_date


def test_japanese_paragraphs_have_no_stray_line_breaks(tmp_path):
    """A newline beside a Japanese character, before or after it, would show as a space
    in browsers; between Latin words it is a space."""
    from rulebook.sphinxext.transforms import CJK_NEWLINE

    assert CJK_NEWLINE.sub("", "輪が\n閉じる") == "輪が閉じる"
    assert CJK_NEWLINE.sub("", "Xの\n  勝ち") == "Xの勝ち"
    assert CJK_NEWLINE.sub("", "Necto\nの盤") == "Nectoの盤"  # Latin, then Japanese
    assert CJK_NEWLINE.sub("", "盤は\n  A1") == "盤はA1"  # Japanese, then Latin
    assert CJK_NEWLINE.sub("", "two\nwords") == "two\nwords"


def test_no_japanese_page_breaks_a_line_beside_a_japanese_character(built_site):
    """In the built Japanese pages' paragraphs, no line break touches a Japanese
    character (a browser would show it as a space)."""
    from rulebook.sphinxext.transforms import CJK

    stray = re.compile(rf"[{CJK}][ \t]*\n|\n[ \t]*[{CJK}]")
    pages = sorted((site(built_site) / "ja").glob("*.html"))
    assert len(pages) >= 5
    for page in pages:
        for paragraph in re.findall(r"<p>(.*?)</p>", page.read_text(encoding="utf-8"), re.S):
            text = re.sub(r"<[^>]+>", "", paragraph).strip()  # (at a block's ends: no space)
            assert not stray.search(text), (page.name, text[:200])


def test_claim_values_name_players_in_the_page_language():
    from rulebook.games import make_game
    from rulebook.sphinxext.transforms import format_value

    game = make_game("craquelure")
    assert format_value("Blue", game, "ja") == "青"
    assert format_value(["Red", "Blue"], game, "ja") == "赤、青"
    assert format_value("Blue", game, "en") == "Blue"
    assert format_value("draw", game, "ja") == "引き分け"
    assert format_value(3.0, game, "ja") == "3" and format_value(True) == "true"


FIGURE_ALT = re.compile(r"^\.\. rulebook-figure:: (\S+)\n(?:\s+:\w+:.*\n)*?(\s+):alt: (.*)\n"
                        r"((?:\2\s+\S.*\n)*)", re.M)


def figure_alts(project, page: str) -> dict[str, dict[str, str]]:
    """{record: {lang: alt text}} of a page's figures, from its source and catalog."""
    source = (project.docs / f"{page}.rst").read_text()
    alts = {}
    for match in FIGURE_ALT.finditer(source):
        english = " ".join((match[3] + " " + match[4]).split())
        po = project.docs / "locale" / "ja" / "LC_MESSAGES" / f"{page}.po"
        alts[match[1]] = {"en": english, "ja": as_text(translation(po, english))}
    return alts


def as_text(message: str) -> str:
    """A message's text as a reader sees it: roles by their text, escaped spaces gone."""
    return re.sub(r":[\w-]+:`([^`]*)`", r"\1", message.replace("\\ ", ""))


def test_figure_alt_text_is_translated(built_site):
    """Every panel's alt text starts with its figure's :alt: in the page's language."""
    project = built_site
    checked = 0
    for page in game_pages(project):
        alts = figure_alts(project, page)
        for lang in LANGS:
            html = site(project) / lang / f"{page}.html"
            images = [attrs for tag, attrs in links_of(html).tags
                      if tag == "img" and "rulebook-panel" in attrs.get("class", "")]
            for record, alt in alts.items():
                stem = f"_images/{record.replace('/', '-')}-{lang}-"
                panels = [image for image in images if image["src"].startswith(stem)]
                assert panels and all(image["alt"].startswith(alt[lang]) for image in panels), \
                    (record, lang, [image["alt"] for image in panels])
                checked += 1
            assert "rulebook-alt" not in html.read_text(encoding="utf-8")  # the carrier is gone
    assert checked >= 20


def translation(po: Path, msgid: str) -> str:
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        return read_po(handle)[msgid].string


def test_each_panel_is_its_own_linked_image_with_its_own_alt_text(built_site):
    """A multi-panel figure: one ``img.rulebook-panel`` per panel, each linked to
    its full-size file, its alt text the figure's (translated) plus which panel."""
    project = built_site
    record = tomllib.loads((project.figures / "qttt" / "both-lines.toml").read_text())
    labels = [panel["label"] for panel in record["figure"]["panels"]]
    alts = figure_alts(project, "qttt")["qttt/both-lines"]
    for lang in LANGS:
        page = site(project) / lang / "qttt.html"
        panels = [(tag, attrs) for tag, attrs in links_of(page).tags if tag in ("a", "img")
                  and "_images/qttt-both-lines" in attrs.get("src", attrs.get("href", ""))]
        assert [tag for tag, _ in panels] == ["a", "img"] * len(labels)
        for k, ((_, link), (_, image)) in enumerate(zip(panels[::2], panels[1::2]), start=1):
            assert "rulebook-panel" in image["class"].split()
            assert resolve(page, link["href"]) == resolve(page, image["src"])
            assert resolve(page, image["src"]).read_bytes().startswith(b"<?xml")
            assert image["alt"].startswith(alts[lang]) and alts[lang] != image["alt"]
            assert labels[k - 1][lang] in image["alt"]
            assert (f"panel {k} of {len(labels)}" if lang == "en"
                    else f"{len(labels)}枚中{k}枚目") in image["alt"]


def figures_of(page: Path) -> list[tuple[int | None, list[Path]]]:
    """(the record's columns, the panels' SVG files) of each figure of a built page."""
    figures = []
    for tag, attrs in links_of(page).tags:
        classes = attrs.get("class", "").split()
        if tag == "figure" and "rulebook-figure" in classes:
            columns = [int(c.rsplit("-", 1)[1]) for c in classes if c.startswith("rulebook-columns-")]
            figures.append((columns[0] if columns else None, []))
        elif tag == "img" and "rulebook-panel" in classes:
            figures[-1][1].append(resolve(page, attrs["src"]))
    return [figure for figure in figures if figure[1]]


@pytest.mark.parametrize("columns, panels", [(3, 2), (2, 3), (1, 2)])
def test_a_figure_is_laid_out_in_its_columns_or_as_many_as_it_has_panels(
        tmp_path, columns, panels):
    """A figure's web page (and so its book) lays its panels out in rows of the
    record's columns, or of as many as it has panels where they are fewer (a row with
    empty places would make each panel narrower than it need be)."""
    from small_project import RECORD, make_project

    record = RECORD.replace("columns = 1", f"columns = {columns}") + "".join(
        f"\n[[figure.panels]]\nafter = {k}\n" for k in range(1, panels + 1))
    project = make_project(tmp_path / "book", "Three pairs.", record=record)
    out = tmp_path / "out"
    _sphinx(project, "html", "en", out, out / "doctrees", out / "figures", fresh=True)
    [(shown, files)] = figures_of(out / "index.html")
    assert len(files) == panels and shown == min(columns, panels), (shown, files)


def test_every_figures_text_prints_at_least_6_pt_in_the_pdf(built_site):
    """Each figure of every page laid out as the PDF lays it out (rows of at most
    the record's columns, on the frame's full width): its smallest text (coordinates,
    scores, move numbers, labels) prints at 6 pt or more."""
    from reportlab.platypus import Flowable

    from rulebook.pdf.drawings import smallest_text
    from rulebook.pdf.templates import FRAME_HEIGHT, FRAME_WIDTH
    from rulebook.pdf.translator import MIN_FIGURE_TEXT, panel_row

    class Panel(Flowable):  # a stand-in of the panel's natural size
        def __init__(self, svg: bytes):
            super().__init__()
            self.size = tuple(float(re.search(rf'{side}="([\d.]+)pt"', svg.decode()).group(1))
                              for side in ("width", "height"))

        def wrap(self, availWidth, availHeight):
            return self.size

    assert MIN_FIGURE_TEXT >= 6
    project = built_site
    problems, figures = [], 0
    for lang in LANGS:
        for page in sorted((site(project) / lang).glob("*.html")):
            for columns, files in figures_of(page):
                svgs = [path.read_bytes() for path in files]
                texts = [size for size in map(smallest_text, svgs) if size is not None]
                if not texts:
                    continue
                figures += 1
                panels = [Panel(svg) for svg in svgs]
                row = panel_row(panels, columns=columns, text=min(texts), max_height=0.6 * FRAME_HEIGHT)
                row.wrap(FRAME_WIDTH, FRAME_HEIGHT)
                by_columns = panel_row(panels, columns=columns, text=None, max_height=0.6 * FRAME_HEIGHT)
                by_columns.wrap(FRAME_WIDTH, FRAME_HEIGHT)
                if row.rows != by_columns.rows:  # the drawing's text is too small for its layout
                    problems.append(f"{lang}/{page.name}: {files[0].name}: wraps to "
                                    f"{len(row.rows)} rows to print its text at 6 pt")
                if any(len(r) > columns for r in row.rows):
                    problems.append(f"{lang}/{page.name}: {files[0].name}: rows {row.rows} "
                                    f"over {columns} columns")
                printed = min(texts) * row.scale
                if printed < 6:
                    problems.append(f"{lang}/{page.name}: {files[0].name}: text of "
                                    f"{printed:.1f} pt ({len(row.rows)} rows at {row.scale:.2f})")
    assert figures > 40
    assert not problems, "\n".join(problems)


def forms_drawn(content: bytes) -> list[tuple[str, float]]:
    """(name, scale) of each form XObject a page's content stream draws, the scale
    from the transformation in force (``q``/``Q`` and ``cm`` tracked; ReportLab
    writes each of them on a line of its own)."""
    matrix, stack, drawn = (1.0, 0.0, 0.0, 1.0), [], []
    for line in content.splitlines():
        words = line.split()
        if words == [b"q"]:
            stack.append(matrix)
        elif words == [b"Q"] and stack:
            matrix = stack.pop()
        elif len(words) == 7 and words[-1] == b"cm":
            a, b, c, d = map(float, words[:4])
            m = matrix
            matrix = (a * m[0] + b * m[2], a * m[1] + b * m[3], c * m[0] + d * m[2], c * m[1] + d * m[3])
        elif len(words) == 2 and words[1] == b"Do" and words[0].startswith(b"/FormXob."):
            drawn.append((words[0].decode().removeprefix("/FormXob."),
                          abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]) ** 0.5))
    return drawn


def test_every_panel_and_legend_swatch_prints_its_text_at_least_6_pt(built_site):
    """In every book and print format, each figure panel and legend swatch is drawn
    large enough that its smallest text (a coordinate, a score, a mark's letter or
    number) prints at 6 pt or more: read from the PDF, the form each is drawn from and
    the scale it is drawn at (whatever the layout meant to do)."""
    from rulebook.pdf.drawings import form_name, smallest_text

    project = built_site
    texts = {}
    for lang in LANGS:
        for path in (site(project) / lang / "_images").glob("*.svg"):
            data = path.read_bytes()
            if smallest_text(data) is not None:
                texts[form_name(data)] = (path.name, smallest_text(data))
    assert sum(name.startswith("legend-") for name, _ in texts.values()) >= 10, texts
    small, drawn = [], set()
    for book in sorted((site(project) / "pdf").glob("*-??*.pdf")):
        for number, page in enumerate(PdfReader(book).pages, start=1):
            for name, scale in forms_drawn(page.get_contents().get_data()):
                if name in texts:
                    svg, text = texts[name]
                    drawn.add(svg)
                    if text * scale < 6:
                        small.append(f"{book.name} p. {number}: {svg}: {text * scale:.1f} pt")
    assert len([svg for svg in drawn if svg.startswith("legend-")]) >= 10, drawn
    assert len([svg for svg in drawn if not svg.startswith(("legend-", "study-"))]) >= 100, drawn
    assert not small, "\n".join(small)


def legend_project(folder: Path) -> Project:
    """A one-page project with one multi-panel figure, for the legend tests."""
    from conftest import ROOT

    docs = folder / "docs"
    docs.mkdir(parents=True)
    (docs / "conf.py").write_text(f'extensions = ["rulebook.sphinxext"]\n'
                                  f'rulebook_figures_dir = {str(ROOT / "figures")!r}\n')
    (docs / "index.rst").write_text("Legend\n======\n\n.. rulebook-figure:: qttt/both-lines\n\n"
                                    "   A caption.\n")
    (folder / "figures").mkdir()
    return Project(folder)


def test_the_legend_lists_the_marks_the_panels_used(tmp_path, monkeypatch):
    from matplotlib.patches import Circle

    import rulebook.figure_style as style

    marks = [style.Mark("ring", {"en": "Ring of a cycle", "ja": "輪の印"},
                        lambda ax: ax.add_patch(Circle((0.5, 0.5), 0.3))),
             style.Mark("dot", {"en": "Last move", "ja": "直前の手"},
                        lambda ax: ax.add_patch(Circle((0.5, 0.5), 0.1)))]
    draw = style.render_panels
    monkeypatch.setattr(style, "render_panels", lambda record, lang: (draw(record, lang)[0], marks))
    project = legend_project(tmp_path)
    for lang in LANGS:
        out = tmp_path / lang
        _sphinx(project, "html", lang, out, tmp_path / "doctrees" / lang, tmp_path / "figs", True,
                cache=False)  # drawn by the patched render_panels, not taken from the cache
        page = out / "index.html"
        html = page.read_text(encoding="utf-8")
        legend = html[html.index('<ul class="figure-legend'):html.index("</ul>")]
        assert html.index("<figcaption>") < html.index('<ul class="figure-legend')
        entries = re.findall(r"<li.*?</li>", legend, re.S)
        assert [re.sub(r"<[^>]+>", "", entry).strip() for entry in entries] == \
            [mark.names[lang] for mark in marks]
        swatches = [attrs for tag, attrs in links_of(page).tags
                    if tag == "img" and "legend-swatch" in attrs.get("class", "")]
        assert len(swatches) == len(marks)
        files = [resolve(page, attrs["src"]) for attrs in swatches]
        assert all(f.read_bytes().startswith(b"<?xml") for f in files) and len(set(files)) == 2


def test_a_figure_without_marks_has_no_legend(tmp_path, monkeypatch):
    import rulebook.figure_style as style

    draw = style.render_panels
    monkeypatch.setattr(style, "render_panels", lambda record, lang: (draw(record, lang)[0], []))
    project = legend_project(tmp_path)
    _sphinx(project, "html", "en", tmp_path / "out", tmp_path / "doctrees", tmp_path / "figs", True,
            cache=False)
    html = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert html.count('class="rulebook-panel"') == 2 and "figure-legend" not in html


def test_the_site_publishes_the_record_schema_and_the_guide_links_it(built_site):
    """Editors read the schema from the site: it validates the project's records and
    refuses a record with a misspelt key; both guides link to it."""
    import json
    import tomllib

    import jsonschema

    project = built_site
    published = site(project) / "schema" / "record.schema.json"
    validator = jsonschema.Draft202012Validator(json.loads(published.read_text(encoding="utf-8")))
    for path in sorted(project.figures.glob("*/*.toml")):
        assert validator.is_valid(tomllib.loads(path.read_text(encoding="utf-8"))), path
    assert not validator.is_valid({"game": "qttt", "move": ["a1-b2"]})
    for lang in LANGS:
        guide = site(project) / lang / "authoring.html"
        targets = [resolve(guide, url) for url in links_of(guide).urls]
        assert published.resolve() in [t.resolve() for t in targets if t is not None]


def test_the_record_reference_is_written_in_each_page_s_language(built_site):
    """The guide's record reference labels each option's default, choices and each
    fact's answer in the page's language, with that language's colon ("default: ",
    "既定値："), and never with the other language's words."""
    from rulebook.sphinxext.reference import WORDS

    for lang, other in zip(LANGS, reversed(LANGS)):
        guide = (site(built_site) / lang / "authoring.html").read_text(encoding="utf-8")
        text = html.unescape(re.sub(r"<[^>]+>", "", guide))
        colon = "：" if lang == "ja" else ": "
        for word in ("default", "one of", "answer"):
            assert f"{WORDS[lang][word]}{colon}" in text, (lang, word)
            assert f"{WORDS[other][word]}{'：' if other == 'ja' else ': '}" not in text, (lang, word)


def test_each_game_s_pages_books_and_figures_speak_only_their_own_language(built_site):
    """A Japanese game page (its text, outside code), its book and every figure it
    shows never name a player in English (White, Black, Blue, Red, First, Second); an
    English one never has Japanese but the link to the Japanese pages and the game's
    Japanese name."""
    from rulebook.games import available_games, game_class

    from test_pdf_edition import pdfium_texts

    english = re.compile(r"\b(?:White|Black|Blue|Red|First|Second)\b")
    names = {game_class(slug).names["ja"] for slug in available_games()}
    allowed = re.compile("|".join(map(re.escape, ["日本語", *names])))
    japanese = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
    foreign = {"ja": english.search, "en": lambda text: japanese.search(allowed.sub("", text))}
    checked = 0
    for lang in LANGS:
        for slug in available_games():
            page = site(built_site) / lang / f"{slug}.html"
            html_text = page.read_text(encoding="utf-8")
            texts = {"page": re.sub(r"<[^>]+>", " ", re.sub(
                r"<(pre|code|script|style)[^>]*>.*?</\1>", "", html_text, flags=re.S))}
            book = site(built_site) / "pdf" / f"{slug}-{lang}.pdf"
            texts["book"] = "\n".join(pdfium_texts(book))
            for source in re.findall(r'<img[^>]+src="([^"]+\.svg)"', html_text):
                svg = (page.parent / source).read_text(encoding="utf-8")
                texts[source] = "\n".join(re.findall(r"<!-- (.*?) -->", svg))  # each text drawn
            for where, text in texts.items():
                found = foreign[lang](html.unescape(text))
                assert not found, (lang, slug, where, found.group(0) if found else None)
            checked += len(texts)
    assert checked > 400


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_legend_shows_the_sample_its_own_game_draws_of_the_mark_it_names(built_site, lang):
    """Games share some marks' names (a refused move, a highlight, neutral): on each
    game's page, every legend entry's sample is the one that game's drawing makes of
    the mark the entry names, not another game's of the same name."""
    from rulebook.figure_style import drawing_module, render_swatch

    shared, drawn = set(), {}  # (each mark drawn once: a swatch repeats in each legend)
    checked = 0
    for slug in game_pages(built_site):
        module = drawing_module(slug)
        other = {"en": "ja", "ja": "en"}[lang]  # (a mark drawn for one language only)
        by_name = {mark.names[lang]: mark for mark in module.MARKS
                   if not mark.key.endswith(f"-{other}")}
        page = (site(built_site) / lang / f"{slug}.html").read_text(encoding="utf-8")
        for src, name in re.findall(r'<img alt="" class="legend-swatch" src="([^"]+)" />\s*'
                                    r"<p>(.*?)</p>", page):
            mark = by_name[html.unescape(name)]
            data = (site(built_site) / lang / src).read_bytes()
            if (slug, mark.key) not in drawn:
                drawn[slug, mark.key] = render_swatch(mark)
            assert data == drawn[slug, mark.key], (slug, lang, mark.key, src)
            checked += 1
        shared |= {(mark.key, slug) for mark in module.MARKS}
    keys = [key for key, _ in shared]
    assert checked >= 20 and any(keys.count(key) > 1 for key in keys)


# English a Japanese page may print: names of people, works and tools, written as
# they are (the credits, the authoring guide's editor), not words of the site.
ENGLISH_NAMES = ("Stephen Tavener", "American Journal of Physics", "Best Combinatorial",
                 "Player Game of", "Even Better TOML", "JSON Schema", "VS Code")


def test_no_japanese_page_has_an_english_phrase_outside_code(built_site):
    """Every page of the Japanese site (the games' pages, the guides, search, the play
    pages), its text outside code and the words of its attributes (aria-label, title,
    alt, placeholder), has no run of two English words or more but the names of people,
    works and tools: the theme's words, the pages' and the figures' are all in
    Japanese (file names, dotted keys and coordinates such as ``x, y`` aside)."""
    phrase = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[ ,.] ?[A-Za-z][A-Za-z'’-]*)+")
    pages = sorted((site(built_site) / "ja").rglob("*.html"))
    found = []
    for page in pages:
        text = re.sub(r"<(pre|code|script|style|kbd|tt)[^>]*>.*?</\1>", " ",
                      page.read_text(encoding="utf-8"), flags=re.S)
        words = re.findall(r'(?:aria-label|title|alt|placeholder)="([^"]*)"', text)
        for chunk in map(html.unescape, words + [re.sub(r"<[^>]+>", "\n", text)]):
            found += [(page.name, run) for run in phrase.findall(chunk)
                      if run not in ENGLISH_NAMES
                      and not re.fullmatch(r"[a-z_]+(?:\.[a-z_]+)+|[xy](?:min|max)?(?:, [xy](?:min|max)?)+",
                                           run)]
    assert len(pages) >= 12 and not found, found
