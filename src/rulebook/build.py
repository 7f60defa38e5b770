"""The whole build: check records, check translations, HTML and PDF per language.

The output is one folder to publish, ``build/site``::

    index.html              sends a visitor to their language
    en/, ja/                the web pages (index.html is each language's catalog)
    pdf/<game>-<lang>.pdf   the PDF rulebooks (A4), and beside them
    pdf/<game>-<lang>-{letter,booklet,card}.pdf  their other print formats
    pdf/<game>-<sheet>.pdf  print-and-play sheets (rulebook.pdf.sheets)
    schema/record.schema.json  the JSON Schema of records, for authors' editors
    play/                   the play pages' runtime, engine and script (rulebook.play.site)

The site is built in a staging folder and swapped into place with one rename
only when every step has succeeded, so a failed or interrupted build leaves the
previous site whole.  A stamp of every input (pages, catalogs, records,
studies and their stored results, the package itself) lets a build with
nothing changed return at once.
"""

from __future__ import annotations

import fcntl
import io
import os
import re
import shutil
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .cache import digest
from .errors import RulebookError, counted
from .play.site import write_play_files
from .workers import workers
from .records import LANGUAGES, find_records, load_record

SITE_TITLES = {"en": "Rulebooks", "ja": "ルールブック"}
SITE = "site"
PACKAGE = Path(__file__).resolve().parent  # its code shapes the output too
PARTIAL_SEARCH = "search index couldn't be loaded, but not all documents will be built"


class BuildError(RulebookError):
    """A build step failed; the message lists what went wrong, one line each."""


@dataclass
class Project:
    root: Path

    @property
    def docs(self) -> Path:
        return self.root / "docs"

    @property
    def figures(self) -> Path:
        return self.root / "figures"

    @property
    def build(self) -> Path:
        return self.root / "build"

    @classmethod
    def find(cls, start: Path | None = None) -> "Project":
        here = (start or Path.cwd()).resolve()
        for folder in (here, *here.parents):
            if (folder / "docs" / "conf.py").exists() and (folder / "figures").is_dir():
                return cls(folder)
        raise RulebookError(f"{here}: not inside a rulebook project (no docs/conf.py and figures/)")


@dataclass
class Summary:
    pages: int = 0
    pdfs: int = 0
    figures: int = 0
    claims: int = 0
    records: int = 0
    seconds: float = 0.0
    up_to_date: bool = False
    where: str = f"build/{SITE}"

    def line(self) -> str:
        if self.up_to_date:
            return f"Up to date: nothing changed since the last build ({self.seconds:.1f} s)."
        return (f"Built {self.where}: {counted(self.pages, 'page')}, {counted(self.pdfs, 'PDF')}, "
                f"{counted(self.figures, 'figure')}; {counted(self.claims, 'claim')} in "
                f"{counted(self.records, 'record')} checked; {self.seconds:.1f} s.")


def check_records(project: Project, game: str | None = None) -> tuple[int, int]:
    """Replay every record (of ``game``) and check every claim; returns (records, claims)."""
    records = claims = 0
    for path in find_records(project.figures):
        if game is not None and path.parent.name != game:
            continue
        claims += load_record(path).check()
        records += 1
    return records, claims


def check_studies(project: Project) -> None:
    """Fail, one line per study, if a stored study result is missing or stale
    (its study file, the engine or the runner changed since it was computed)."""
    from .studies import stale_studies

    problems = stale_studies(project.figures)
    if problems:
        raise BuildError("\n".join(p.replace(str(project.root) + os.sep, "") for p in problems))


def input_stamp(project: Project) -> str:
    """A hash of everything that shapes the output: each file's folder, name and bytes,
    kept apart (a letter moved from a name into its file changes it)."""
    parts = []
    for name, folder in (("docs", project.docs), ("figures", project.figures), ("package", PACKAGE)):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix not in {".mo", ".pyc"} and "__pycache__" not in path.parts:
                parts += [f"{name}/{path.relative_to(folder).as_posix()}", path.read_bytes()]
    return digest(*parts)


def _sphinx(project: Project, builder: str, lang: str, out: Path, doctrees: Path,
            figures: Path, fresh: bool, cache: bool = True, game: str | None = None,
            settings: dict | None = None):
    """One Sphinx run; ``game``: write only that game's pages (and PDF), and draw
    no other game's figures (their records are still checked); ``settings``: more
    configuration values."""
    from sphinx import locale
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    # Sphinx keeps its own words' translators per process: drop them so an
    # English build after a Japanese one does not keep the Japanese labels.
    locale.translators.clear()

    warnings = io.StringIO()
    overrides = {"language": lang, "project": SITE_TITLES[lang], "html_title": SITE_TITLES[lang],
                 "rulebook_figure_output": str(figures), "rulebook_cache": cache, **(settings or {})}
    pages = None
    if game is not None:
        overrides.update(rulebook_only_game=game, rulebook_pdf_documents=[game])
        pages = [str(page) for page in game_pages(project, game)]
    # Every warning is collected (none stops the build half-way, so all of them are
    # reported at once) and any of them fails the build.
    with patch_docutils(project.docs), docutils_namespace():
        app = Sphinx(str(project.docs), str(project.docs), str(out), str(doctrees), builder,
                     confoverrides=overrides, status=None, warning=warnings, freshenv=fresh)
        if pages is None or builder.startswith("rulebook"):  # rulebookpdf, rulebookformats
            app.build(force_all=fresh)
        else:  # every catalog, not only those of its pages: the others' titles are
            app.builder.compile_all_catalogs()  # read too (the menu, the next page's link)
            app.build(force_all=False, filenames=pages)
    said = warnings.getvalue()
    if pages is not None:  # one game's pages: the search page holds only theirs, as intended
        said = "\n".join(line for line in said.splitlines() if PARTIAL_SEARCH not in line)
    if said.strip() or app.statuscode:
        raise BuildError(_tidy(said, project.root) or f"{builder} ({lang}) failed")
    return app


def run_jobs(pool, jobs: list, project: Project) -> list:
    """``pool.run(jobs)``, with the paths in their errors relative to the project."""
    try:
        return pool.run(jobs)
    except BuildError as error:
        raise BuildError(str(error).replace(str(project.root) + os.sep, "")) from None


def _tidy(text: str, root: Path) -> str:
    """Sphinx's warnings, one per line, with paths relative to the project."""
    lines = [line.replace(str(root) + os.sep, "") for line in text.splitlines() if line.strip()]
    lines = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in lines]
    return "\n".join(lines)


def check_translations(project: Project | str, staging: Path | str, fresh: bool = True,
                       read: bool = True) -> None:
    """Fail, one line per problem, if a catalog is not in step with the pages
    (``fresh=False``: read again only the pages that changed since the last check
    into ``staging``; ``read=False``: the pages did not change since then, only
    catalogs did)."""
    from .i18n import catalog_problems

    project, staging = Project(Path(project)) if isinstance(project, str) else project, Path(staging)
    pot = staging / "gettext"
    if read or not pot.is_dir():
        _sphinx(project, "gettext", "en", pot, staging / "doctrees" / "gettext",
                staging / "figures", fresh=fresh)
    for lang in LANGUAGES[1:]:
        problems = catalog_problems(pot, project.docs / "locale", lang)
        if problems:
            problems = [p.replace(str(project.root) + os.sep, "") for p in problems]
            raise BuildError("\n".join(problems))


def game_pages(project: Project, game: str) -> list[Path]:
    """A game's own pages: its rulebook page and its play page."""
    return [page for page in (project.docs / f"{game}.rst", project.docs / "play" / f"{game}.rst")
            if page.exists()]


def build(project: Project, force: bool = False,
          progress: Callable[[str], None] = print, game: str | None = None,
          pdf: bool = True, cache: bool = True, formats: bool = True) -> Summary:
    """Build the site into ``build/site`` (unless nothing changed since the last build).

    ``game``: build that game alone, into ``build/games/<game>`` (its pages, and
    its PDFs unless ``pdf`` is false; only its A4 books if ``formats`` is false),
    always anew.  ``cache=False``: draw every figure anew instead of taking it from
    the user's cache (the output is the same).
    """
    started = time.perf_counter()
    summary = Summary()
    if game is not None and not game_pages(project, game):
        raise BuildError(f"--game {game}: no page docs/{game}.rst in {project.root}")
    if not pdf and game is None:
        raise BuildError("--no-pdf builds one game (--game GAME): the site to publish always "
                         "has its PDFs")
    if not formats and game is None:
        raise BuildError("--no-formats builds one game (--game GAME): the site to publish "
                         "always has every print format")
    site = project.build / SITE if game is None else project.build / "games" / game
    stamp_file = project.build / ".stamp"
    stamp = input_stamp(project)
    project.build.mkdir(exist_ok=True)
    with _lock(project.build):
        _remove_leftovers(project.build)  # of killed builds, even when nothing changed
        if (force or game is not None or not site.is_dir() or not stamp_file.exists()
                or stamp_file.read_text() != stamp):
            _build_site(project, site, stamp if game is None else None, summary, progress,
                        _Options(game, pdf, cache, formats))
            summary.where = site.relative_to(project.root).as_posix()
        else:
            summary.up_to_date = True
    summary.seconds = time.perf_counter() - started
    return summary


@dataclass(frozen=True)
class _Options:
    game: str | None
    pdf: bool
    cache: bool
    formats: bool = True  # the books' other print formats and the sheets, beside the A4 books


def _build_site(project: Project, site: Path, stamp: str | None, summary: Summary,
                progress: Callable[[str], None], options: _Options) -> None:
    """Every step in a staging folder, then the new site swapped into place.

    The records are checked first; then figures are drawn (those the cache lacks)
    and the translations checked on every core; then each language's pages and
    PDFs are made, the languages side by side."""
    stamp_file = project.build / ".stamp"
    staging = project.build / f".staging-{os.getpid()}"
    try:
        progress("[1/4] replaying records, checking claims and studies' results")
        summary.records, summary.claims = check_records(project, options.game)
        check_studies(project)
        figures = staging / "figures"
        new_site = staging / SITE
        root = str(project.root)
        with workers(error=BuildError) as pool:
            progress("[2/4] drawing figures and checking translations "
                     f"({counted(pool.size, 'process', 'processes')})")
            jobs = [(check_translations, root, str(staging))]
            if options.cache:  # else each page's figures are drawn as its page is read
                # one language after the other: a panel with no words is the same SVG in
                # both, converted for the PDFs once
                jobs += [(draw_figures, root, str(path), lang, options.pdf)
                         for lang in LANGUAGES for path in figure_records(project, options.game)]
            run_jobs(pool, jobs, project)
            made = "web pages and PDF rulebooks" if options.pdf else "web pages"
            progress(f"[3/4] {made} ({', '.join(LANGUAGES)} side by side)")
            summary.pages = sum(run_jobs(pool, [(build_language, root, lang, str(staging), options)
                                                for lang in LANGUAGES], project))
            if options.pdf and options.formats:  # from the doctrees the pages were made from
                run_jobs(pool, print_format_jobs(project, staging, options), project)
        write_language_chooser(new_site)
        write_record_schema(new_site)
        progress("[4/4] play pages: the Python runtime and the engines")
        write_play_files(new_site, project.docs)
        # one file per panel, <record>-<lang>-<k>.svg, and legend-<game>-<mark>.svg swatches
        summary.figures = len({path.name.rsplit("-", 1)[0] for path in figures.glob("*.svg")
                               if not path.name.startswith("legend-")})
        summary.pdfs = len(list((new_site / "pdf").glob("*.pdf")))
        if stamp is not None:
            stamp_file.unlink(missing_ok=True)  # an interrupted swap must not look up to date
        site.parent.mkdir(parents=True, exist_ok=True)
        _swap_into_place(new_site, site)
        if stamp is not None:
            stamp_file.write_text(stamp)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


# --- the jobs run side by side (each in a worker process) ---------------------------

def figure_records(project: Project, game: str | None = None) -> list[Path]:
    """The records with a figure (of ``game``), the longest first (they take longest)."""
    paths = [path for path in find_records(project.figures)
             if game is None or path.parent.name == game]
    return sorted(paths, key=lambda path: (-path.stat().st_size, path))


def draw_figures(root: str, path: str, lang: str, pdf: bool) -> None:
    """Draw a record's figure into the cache (unless it is there), and convert its
    panels for the PDFs."""
    from .figure_cache import rendered_panels

    record = load_record(path, Path(root) / "figures")
    if not record.panels:
        return
    svgs, _ = rendered_panels(record, lang)
    if pdf:
        from .pdf.drawings import keep_converted

        for svg in svgs:
            keep_converted(svg)


def build_language(root: str, lang: str, staging: str, options: _Options) -> int:
    """One language's web pages, then its PDFs; returns the number of pages."""
    project, staging = Project(Path(root)), Path(staging)
    doctrees, figures = staging / "doctrees" / lang, staging / "figures"
    out = staging / SITE
    app = _sphinx(project, "html", lang, out / lang, doctrees, figures, fresh=True,
                  cache=options.cache, game=options.game)
    pages = len(app.env.found_docs) if options.game is None else len(game_pages(project,
                                                                                options.game))
    if options.pdf:
        _sphinx(project, "rulebookpdf", lang, out / "pdf", doctrees, figures, fresh=False,
                cache=options.cache, game=options.game)
    return pages


def print_format_jobs(project: Project, staging: Path, options: _Options) -> list:
    """The jobs that set the books in their other print formats, and the
    print-and-play sheets of the games with a page (of ``options.game``, if one)."""
    from .pdf import FORMATS
    from .pdf.sheets import SHEETS

    root = str(project.root)
    jobs = [(build_print_format, root, lang, str(staging), fmt, options)
            for fmt in FORMATS for lang in LANGUAGES]
    return jobs + [(write_sheet, game, str(staging / SITE / "pdf")) for game in SHEETS
                   if options.game in (None, game) and (project.docs / f"{game}.rst").exists()]


def build_print_format(root: str, lang: str, staging: str, fmt: str, options: _Options) -> None:
    """One language's books in print format ``fmt`` (rulebook.pdf.formats)."""
    project, staging = Project(Path(root)), Path(staging)
    _sphinx(project, "rulebookformats", lang, staging / SITE / "pdf", staging / "doctrees" / lang,
            staging / "figures", fresh=False, cache=options.cache, game=options.game,
            settings={"rulebook_pdf_format": fmt})


def write_sheet(game: str, folder: str) -> None:
    from .pdf.sheets import write_sheet as write

    write(game, Path(folder))


@contextmanager
def _lock(folder: Path):
    """Hold ``folder/.lock`` for the whole build: a second build in the same
    project stops at once instead of racing the first one's renames.  The
    operating system releases the lock when a build dies, however it dies."""
    with open(folder / ".lock", "w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BuildError(f"{folder / '.lock'}: another build is running in this "
                             "project; wait for it to finish") from None
        yield


def _remove_leftovers(folder: Path) -> None:
    """Clean up after builds that were killed (the lock says none is running).

    A staging folder is removed.  An old site is removed, unless the build was
    killed between the two renames of the swap and the site is missing: then
    it is put back, so the folder to publish is always a whole site.
    """
    for path in folder.glob(".staging-*"):
        shutil.rmtree(path, ignore_errors=True)
    site = folder / SITE
    for path in sorted(folder.glob(f".old-{SITE}-*")):
        if not site.exists():
            path.rename(site)
        else:
            shutil.rmtree(path, ignore_errors=True)


def _swap_into_place(source: Path, target: Path) -> None:
    """Replace the folder ``target`` by ``source``: the new site arrives whole,
    with one rename, and the old one is deleted only after it."""
    old = target.with_name(f".old-{target.name}-{os.getpid()}")
    if target.exists():
        target.rename(old)
    source.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def write_record_schema(site: Path) -> None:
    """``site/schema/record.schema.json``, which the authoring guide links to."""
    from .schema import schema_text

    (site / "schema").mkdir()
    (site / "schema" / "record.schema.json").write_text(schema_text(), encoding="utf-8")


CHOOSER_WORDS = {"en": "English", "ja": "日本語"}


def write_language_chooser(site: Path) -> None:
    """``site/index.html``: links to each language's catalog that work without
    JavaScript, and a one-line script that follows the browser's language."""
    links = "\n".join(f'    <li><a href="{lang}/index.html" hreflang="{lang}" lang="{lang}">'
                      f"{SITE_TITLES[lang]} ({CHOOSER_WORDS[lang]})</a></li>"
                      for lang in LANGUAGES)
    (site / "index.html").write_text(f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width,initial-scale=1">
  <title>{SITE_TITLES["en"]} / {SITE_TITLES["ja"]}</title>
  <script>
    var lang = ((navigator.languages || [])[0] || navigator.language || "").toLowerCase();
    location.replace((lang.split("-")[0] === "ja" ? "ja" : "en") + "/index.html");
  </script>
  <style>
    @font-face {{ font-family: "IPAexGothic"; src: url("ja/_static/ipaexg.ttf") format("truetype"); }}
    body {{ font-family: system-ui, "IPAexGothic", sans-serif; margin: 3em auto; max-width: 30em;
      padding: 0 1em; }}
    a {{ display: block; font-size: 1.3em; padding: 0.6em 0; }}
    ul {{ list-style: none; padding: 0; }}
  </style>
</head>
<body>
  <ul>
{links}
  </ul>
</body>
</html>
""", encoding="utf-8")
