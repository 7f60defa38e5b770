"""``rulebook check``: every error a build would find, in seconds, and nothing written.

A build stops at its first failing step; a check runs every part and reports
every problem, one line each, with paths relative to the project:

- records: every record replayed, every claim checked (as the build's first step);
- studies: every stored result up to date (``--studies``: recomputed and compared);
- translations: a gettext read of the pages and the catalogs' gate
  (:func:`rulebook.i18n.catalog_problems`), as ``build.check_translations``;
- pages: a Sphinx read of every page in each language with the rulebook
  extension (its ``rulebookcheck`` builder: Sphinx's ``dummy``, for which the
  figure directives draw nothing), so the caption gate, the claim ids and every warning the build
  would log are reported as the build reports them (``build._sphinx``);
- drawings: every panel of every record, in each language, drawn the way the
  play page's browser draws it, into :class:`rulebook.scene.SceneAxes` in a
  child Python that can import only the standard library and rulebook (as
  Pyodide), so a drawing that raises, or that steps outside the browser's
  drawing vocabulary (:data:`rulebook.scene.VOCABULARY`), is one line
  (:mod:`rulebook.drawing_errors`); and every legend mark's swatch.

The parts run in parallel: the drawings' child from the start, the three
Sphinx reads in the build's worker processes (:mod:`rulebook.workers`, one per
core), forked once Sphinx is imported and the records are replayed (so they
replay none again).  Sphinx writes only into temporary
folders (and, as in a build, compiles the Japanese catalogs to ``.mo`` files
beside them).  What only a build's matplotlib and PDF steps can find (a glyph
missing from the font, a PDF writer's warning) a check does not.

With explicit records (``rulebook check RECORD...``), only those records:
replayed, claims checked and drawn for the browser.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .errors import counted
from .records import LANGUAGES

PACKAGE = Path(__file__).resolve().parent


@dataclass
class Part:
    """One part of the check: its problems (one line each) and a summary line."""

    name: str
    problems: list[str] = field(default_factory=list)
    summary: str = ""


@dataclass
class Report:
    parts: list[Part]
    seconds: float = 0.0

    @property
    def problems(self) -> list[str]:
        return [line for part in self.parts for line in part.problems]

    def line(self) -> str:
        count = len(self.problems)
        if not count:
            return f"Everything holds ({self.seconds:.1f} s)."
        where = ", ".join(f"{len(p.problems)} in {p.name}" for p in self.parts if p.problems)
        return f"{count} problem{'s' * (count != 1)} ({where}); {self.seconds:.1f} s."


# --- records and studies: in this process -------------------------------------------------

def check_records(paths: list[Path], figures: Path, cached: bool) -> tuple[Part, list]:
    """Replay each record and check its claims; ``cached``: through the Sphinx
    extension's record cache, so the pages' reads forked later replay none."""
    from .errors import RulebookError

    if cached:
        from .sphinxext.directives import cached_record as load
    else:
        from .records import load_record as load
    part, records, claims = Part("records"), [], 0
    for path in paths:
        try:
            record = load(path, figures)
            claims += record.check()
            labels(record)
            records.append(record)
        except (RulebookError, OSError) as error:
            part.problems.append(str(error))
    part.summary = f"{len(records)} of {len(paths)} records hold; {counted(claims, 'claim')} checked."
    return part, records


def labels(record) -> None:
    """Every panel label in every language (a figure draws it; the browser does not)."""
    if any(panel.label for panel in record.panels):
        from .figure_style import _panel_label

        for index, panel in enumerate(record.panels):
            for lang in LANGUAGES:
                _panel_label(record, index, panel, lang)


def check_studies(project, recompute: bool, workers: int | None, scheduler=None) -> Part:
    """Stale studies (and, with ``recompute``, results a fresh run does not reproduce)."""
    from .studies import StudyError, compare_with_stored, find_studies, load_study, stale_studies

    paths = find_studies(project.figures)
    part = Part("studies", stale_studies(project.figures))
    recompute = recompute and not part.problems  # a stale result is not run again
    if recompute:
        for path in paths:
            print(f"recomputing {path.relative_to(project.root)}", flush=True)
            try:
                difference = compare_with_stored(load_study(path), workers, progress=True,
                                                 scheduler=scheduler)
            except StudyError as error:
                difference = str(error)
            if difference:
                part.problems.append(difference)
    done = "recomputed and match" if recompute else "are up to date"
    part.summary = f"{len(paths) - len(part.problems)} of {len(paths)} studies {done}."
    return part


# --- the pages: Sphinx reads in forked processes ------------------------------------------

def read_pages(project, lang: str) -> tuple[list[str], int]:
    """A read of every page in ``lang``: its warnings, and how many pages."""
    from .build import BuildError, _sphinx

    with tempfile.TemporaryDirectory(prefix="rulebook-check-") as scratch:
        scratch = Path(scratch)
        try:
            app = _sphinx(project, "rulebookcheck", lang, scratch / "out", scratch / "doctrees",
                          scratch / "figures", fresh=True)
        except BuildError as error:
            return str(error).splitlines(), len(list(project.docs.rglob("*.rst")))
        return [], len(app.env.found_docs)


def read_translations(project) -> tuple[list[str], int]:
    """The translation gate: a gettext read of the pages (its warnings), then
    every catalog against the messages it found (even when the read warned)."""
    from .build import BuildError, _sphinx
    from .i18n import catalog_problems

    problems = []
    with tempfile.TemporaryDirectory(prefix="rulebook-check-") as scratch:
        pot = Path(scratch) / "gettext"
        try:
            _sphinx(project, "gettext", "en", pot, Path(scratch) / "doctrees",
                    Path(scratch) / "figures", fresh=True)
        except BuildError as error:
            problems += str(error).splitlines()
        for lang in LANGUAGES[1:]:
            problems += catalog_problems(pot, project.docs / "locale", lang)
        return problems, len(list(pot.rglob("*.pot")))


def warm_up() -> None:
    """Import what every Sphinx read needs, once, before the reads are forked."""
    import sphinx.application  # noqa: F401
    import sphinx.builders.gettext  # noqa: F401

    import rulebook.pdf  # noqa: F401
    import rulebook.sphinxext  # noqa: F401


# --- the drawings: in a child Python with the browser's modules only -----------------------

# The child's first lines: only the standard library and rulebook can be imported,
# as in the browser (Pyodide and engine.zip), so matplotlib is replaced by
# rulebook.scene's stand-ins exactly as there.
BROWSER_ONLY = """
import importlib.abc, sys
class BrowserOnly(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        top = name.partition(".")[0]
        if top not in sys.stdlib_module_names and top != "rulebook":
            raise ImportError(f"{name} is not in the browser, which has the standard library "
                              "and rulebook only (drawings: rulebook.scene.VOCABULARY)")
sys.meta_path.insert(0, BrowserOnly())
"""
CHILD = BROWSER_ONLY + """
import json
from rulebook.verify import browser_drawings
print(json.dumps(browser_drawings(json.loads(sys.argv[1]))))
"""


def browser_drawings(job: dict) -> dict:
    """Run in the child: every panel of ``job["records"]`` in each language, and
    every mark's swatch of ``job["games"]``, drawn into scenes.  Returns the
    problems (one line each; records that do not load are left to the records
    part) and how many panels were drawn."""
    from .drawing_errors import describe, where_in_games
    from .errors import RecordError, RulebookError
    from .play.bridge import _module
    from .records import load_record
    from .scene import draw_panel, swatch_scene

    problems, seen, modules, panels = [], set(), {}, 0

    def report(line: str, key) -> None:  # one line per error, not one per panel it breaks
        if key not in seen:
            seen.add(key)
            problems.append(line)

    def drawing(slug: str):
        if slug not in modules:
            try:
                modules[slug] = _module(slug, "drawing")
            except Exception as error:  # noqa: BLE001 - whatever the import raised, one line
                modules[slug] = None
                report(f"{describe(error)} (importing the {slug} drawing as the browser does)",
                       slug)
        return modules[slug]

    for slug in job["games"]:
        module = drawing(slug)
        for mark in getattr(module, "MARKS", ()):
            try:
                swatch_scene(mark)
            except Exception as error:  # noqa: BLE001
                report(f"{describe(error, module)} (the {slug} legend mark {mark.key!r}'s "
                       "swatch)", (slug, mark.key))
    for path in job["records"]:
        try:
            record = load_record(path, job["figures"])
            record.replay()
        except (RulebookError, OSError):
            continue  # the records part says why
        module = drawing(record.game.slug)
        if module is None:
            continue
        for lang in LANGUAGES:
            for panel in record.panels:
                try:
                    draw_panel(record, module, panel, lang)
                    panels += 1
                except RecordError as error:  # a bug's message may differ from panel to panel
                    cause = error.__cause__ or error  # (none: the record's own error)
                    report(str(error), (where_in_games(cause, module), type(cause),
                                        str(cause) if isinstance(cause, RulebookError) else ""))
    return {"problems": problems, "panels": panels}


def start_drawings(paths: list[Path], figures: Path, games: list[str]) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(PACKAGE.parent), os.environ.get("PYTHONPATH")]))}
    job = json.dumps({"records": [str(p) for p in paths], "figures": str(figures),
                      "games": games})
    return subprocess.Popen([sys.executable, "-c", CHILD, job], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def finish_drawings(child: subprocess.Popen) -> Part:
    out, err = child.communicate()
    part = Part("drawings")
    try:
        result = json.loads(out)
    except ValueError:
        from .drawing_errors import debugging

        last = err.strip().splitlines()[-1:] or [f"exit status {child.returncode}"]
        part.problems.append(err.strip() if debugging() else
                             f"drawing for the browser failed: {last[0]}")
        part.summary = "The drawings for the browser were not checked."
        return part
    part.problems = result["problems"]
    part.summary = (f"{counted(result['panels'], 'panel')} drawn as the browser draws them "
                    f"({', '.join(LANGUAGES)}).")
    return part


# --- the whole check ----------------------------------------------------------------------

def check(project, records: list[Path] | None = None, recompute_studies: bool = False,
          workers: int | None = None, scheduler=None) -> Report:
    """Check the project (or only ``records``); nothing is written into it."""
    from .games import available_games
    from .records import find_records
    from .workers import workers as processes

    started = time.perf_counter()
    root = project.root.resolve()
    figures = project.figures.resolve()
    whole = not records
    paths = find_records(figures) if whole else [Path(p) for p in records]
    games = available_games() if whole else []
    drawings = start_drawings(paths, figures, games)
    if not whole:
        part, loaded = check_records(paths, figures, cached=False)
        drawn = finish_drawings(drawings)
        drawn.summary = drawn.summary if any(r.panels for r in loaded) else ""
        return _report([part, drawn], root, started)
    warm_up()
    parts = [check_records(paths, figures, cached=True)[0],
             check_studies(project, recompute_studies, workers, scheduler)]
    with processes() as pool:  # forked: Sphinx imported, the records replayed
        # the longest first (the Japanese read re-parses every translated message), so
        # that the other two share the second process
        japanese, translations, english = pool.run([
            (read_pages, project, "ja"), (read_translations, project), (read_pages, project, "en")])
    read = [english, japanese]
    parts.append(Part("pages", [line for lines, _ in read for line in lines],
                      f"{counted(max(count for _, count in read), 'page')} read in "
                      f"{', '.join(LANGUAGES)}."))
    pages = "1 page's" if translations[1] == 1 else f"{translations[1]} pages'"
    parts.append(Part("translations", translations[0], f"{pages} messages "
                      f"checked against their translations ({', '.join(LANGUAGES[1:])})."))
    parts.append(finish_drawings(drawings))
    return _report(parts, root, started)


def _report(parts: list[Part], root: Path, started: float) -> Report:
    """Paths relative to the project; each problem once.  The pages' reads meet a
    record's error again (the records part has said it), and an error in English
    text again in the Japanese read, where the text is the English one untranslated
    or translated (Sphinx's location ``page.rst:12:<translated>:1``)."""
    from .build import _tidy

    seen: set[str] = set()
    records = [_tidy(line, root) for line in parts[0].problems]
    for part in parts:
        lines = _tidy("\n".join(part.problems), root).splitlines()
        if part is not parts[0]:
            lines = [line for line in lines if not any(record in line for record in records)]
        kept = []
        for line in lines:
            key = re.sub(r":<translated>:\d+:", ":", line)
            if key not in seen:
                seen.add(key)
                kept.append(line)
        part.problems = kept
    return Report(parts, time.perf_counter() - started)
