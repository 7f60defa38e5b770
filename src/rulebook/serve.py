"""``rulebook serve``: a live preview of the site for authors.

Builds a preview of the web pages (both languages) into ``build/preview``,
serves it on localhost, watches ``docs/``, ``figures/`` and the package's
sources (watchfiles: the operating system says when a file changes), rebuilds
on every change and reloads the pages open in the browser at once (each page
listens to ``/__rulebook__/events``, a stream of server-sent events).  A failed
build replaces every page by its one-line errors until a change fixes it.

The preview is the published build without its PDFs (the pages' PDF links
answer with a note), made with the same record, translation and caption
checks.  Each build runs in a fresh Python process, so a change to an engine
or a drawing takes effect; that process is started while the server waits for
the next change, with Sphinx, matplotlib and the extension already imported,
so an edit waits for no start-up.  It reads again only the pages that changed
(or whose records or catalogs changed), builds only the languages a change
can touch (a Japanese catalog: the Japanese pages), side by side, checks the
translations as far as the change needs (:func:`scope_of`), and takes
unchanged figures from the figure cache; after a change to the package's code
or a failed build, every page (of that language) is read again.  ``build/site``, the folder to publish, is only
ever made by ``rulebook build``.

The reload script is added to each page as it is served, never to the files.
"""

from __future__ import annotations

import html
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .build import Project
from .errors import RulebookError, counted

PREVIEW = "preview"
CACHE = ".preview-cache"
VERSION_PATH = "/__rulebook__/version"
EVENTS_PATH = "/__rulebook__/events"

RELOAD_SCRIPT = f"""<script data-rulebook-serve>
(function () {{
  var seen = null;
  function look(state) {{
    if (seen !== null && state.version !== seen) location.reload();
    seen = state.version;
  }}
  if (window.EventSource) {{
    new EventSource("{EVENTS_PATH}").onmessage = function (event) {{ look(JSON.parse(event.data)); }};
  }} else {{
    setInterval(function () {{
      fetch("{VERSION_PATH}", {{cache: "no-store"}}).then(function (r) {{ return r.json(); }})
        .then(look).catch(function () {{}});
    }}, 700);
  }}
}})();
</script>
"""


# --- the preview build, run in a child process ---------------------------------

class RecordsFailed(RulebookError):
    """A preview build stopped at its records, before any page was read."""


RECORDS_FAILED = 3  # the child's exit status then: no page's state changed


@dataclass(frozen=True)
class Scope:
    """What a preview build does again: ``fresh`` (everything, from nothing), or the
    languages whose pages it builds and how it checks the translations: ``read``
    (the changed pages read again), ``catalogs`` (only catalogs changed) or ``none``."""

    fresh: bool = True
    languages: tuple[str, ...] = ()
    translations: str = "read"
    records: bool = True  # whether the records are replayed and checked again

    def order(self) -> str:
        if self.fresh:
            return "fresh"
        return (f"update {','.join(self.languages)} {self.translations} "
                f"{'records' if self.records else 'no-records'}")

    @classmethod
    def from_order(cls, order: str) -> "Scope | None":
        words = order.split()
        if words == ["fresh"]:
            return cls()
        if len(words) == 4 and words[0] == "update":
            return cls(False, tuple(words[1].split(",")), words[2], words[3] == "records")
        return None


def scope_after(changed: list[Path], project: Project, package: Path, failed: bool,
                reached_pages: bool) -> Scope:
    """The scope of the build after one that ``failed`` or not, at its pages or before
    them (at its records): a failed page's errors must stay until fixed, so all is
    read again after one; false records are checked until they hold."""
    return scope_of(changed, project, package, after_failure=failed and reached_pages,
                    records_failed=failed and not reached_pages)


def scope_of(changed: list[Path], project: Project, package: Path, after_failure: bool,
             records_failed: bool = False) -> Scope:
    """The least a preview build must do after ``changed``: the package's code, and
    nothing less than everything after a failed build (its errors must stay until
    fixed); a catalog or glossary: its language, its catalogs checked; a record or
    study: every language; a page: every language, the catalogs checked against it."""
    from .records import LANGUAGES

    if any(package in path.parents for path in changed):
        return Scope()
    if after_failure:
        return Scope(False, tuple(LANGUAGES), "read")
    locale = project.docs / "locale"
    languages, translations = set(), "none"
    # a page or a catalog cannot make a record false: its claims are checked by the
    # pages that quote them, which are read again
    # (after a build that failed at its records, they are checked until they hold)
    records = records_failed or any(project.figures in path.parents for path in changed)
    for path in changed:
        if locale in path.parents:
            lang = path.relative_to(locale).parts[0]
            languages.add(lang if lang in LANGUAGES else LANGUAGES[-1])
            translations = "read" if translations == "read" else "catalogs"
        elif project.docs in path.parents:
            languages.update(LANGUAGES)
            translations = "read"
        else:  # records and studies: no message of a page comes from them
            languages.update(LANGUAGES)
    return Scope(False, tuple(lang for lang in LANGUAGES if lang in languages), translations,
                 records)


def preview_build(project: Project, scope: Scope) -> str:
    """Check records and translations, then the HTML of each language into
    ``build/preview``, the languages side by side, as far as ``scope`` says;
    returns the summary line (raises RulebookError)."""
    from .build import BuildError, _lock, check_records, write_language_chooser
    from .play.site import write_play_files
    from .records import LANGUAGES
    from .workers import workers

    started = time.perf_counter()
    out, cache = project.build / PREVIEW, project.build / CACHE
    project.build.mkdir(exist_ok=True)
    languages = LANGUAGES if scope.fresh else scope.languages
    with _lock(project.build):
        if scope.fresh:
            shutil.rmtree(cache, ignore_errors=True)
        try:
            records, claims = check_records(project) if scope.records else (0, 0)
        except RulebookError as error:
            raise RecordsFailed(str(error)) from None
        root = str(project.root)
        jobs = [(_preview_language, root, lang) for lang in languages]
        names = list(languages)
        if scope.translations != "none":
            jobs.insert(0, (_preview_translations, root, scope.translations == "read"))
            names.insert(0, "translations")
        # one process each: the translations and the languages (their reads wait on files too)
        with workers(len(jobs), error=BuildError) as pool:
            seconds = pool.run(jobs)
        if scope.fresh:
            write_language_chooser(out)
            write_play_files(out, project.docs)  # the play pages' runtime and engine
    parts = ", ".join(f"{name} {spent:.1f} s" for name, spent in zip(names, seconds))
    checked = (f"{counted(claims, 'claim')} in {counted(records, 'record')} checked; "
               if scope.records else "")
    return f"Preview built: {checked}{time.perf_counter() - started:.1f} s ({parts})."


def _preview_translations(root: str, read: bool) -> float:
    from .build import check_translations

    started = time.perf_counter()
    project = Project(Path(root))
    check_translations(project, project.build / CACHE / "gettext", fresh=False, read=read)
    return time.perf_counter() - started


def _preview_language(root: str, lang: str) -> float:
    from .build import BuildError, _sphinx

    started = time.perf_counter()
    project = Project(Path(root))
    out, cache = project.build / PREVIEW, project.build / CACHE
    doctrees = cache / "doctrees" / lang
    try:
        _sphinx(project, "html", lang, out / lang, doctrees, cache / "figures", fresh=False)
    except BuildError:
        # Sphinx keeps a page that failed as read: read them all next time,
        # or its errors would vanish from the preview without a fix.
        (doctrees / "environment.pickle").unlink(missing_ok=True)
        raise
    return time.perf_counter() - started


WARM_UP = ("sphinx.application", "sphinx.builders.html", "docutils.parsers.rst", "furo",
           "rulebook.sphinxext", "rulebook.figure_cache", "rulebook.figure_style",
           "matplotlib.pyplot", "rulebook.build", "rulebook.i18n")


def _child(root: str) -> int:
    """The child process: imports what a build needs, then waits for a line on
    standard input (a :class:`Scope`'s order) and makes one preview build; errors
    on stderr, one per line."""
    import importlib

    from .workers import end_with_parent

    end_with_parent()  # a serve stopped at any moment leaves no build holding the lock
    for name in WARM_UP:
        importlib.import_module(name)
    print("ready", flush=True)
    scope = Scope.from_order(sys.stdin.readline())
    if scope is None:
        return 0  # the server stopped, or no longer needs this one
    try:
        print(preview_build(Project(Path(root)), scope), flush=True)
    except RecordsFailed as error:
        print(error, file=sys.stderr)
        return RECORDS_FAILED
    except RulebookError as error:
        print(error, file=sys.stderr)
        return 1
    except Exception as error:  # a bug in an engine or a drawing: say what, not a traceback
        print(f"the build failed: {error!r} (run rulebook build --debug for the traceback)",
              file=sys.stderr)
        return 1
    return 0


class Builder:
    """A child process ready to build (started ahead of the change it builds)."""

    def __init__(self, project: Project):
        self.process = subprocess.Popen(
            # once its answer is written, it ends at once (a Python's teardown is slow)
            [sys.executable, "-c", "import os, sys; from rulebook.serve import _child; "
             "status = _child(sys.argv[1]); sys.stdout.flush(); sys.stderr.flush(); "
             "os._exit(status)", str(project.root)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ})
        self.root = str(project.root) + os.sep

    def build(self, scope: Scope) -> tuple[list[str], str, bool]:
        """(errors, summary line, whether it got as far as the pages) of one preview build."""
        out, err = self.process.communicate(scope.order() + "\n")
        if self.process.returncode == 0:
            lines = [line for line in out.splitlines() if line.strip() and line != "ready"]
            return [], lines[-1] if lines else "", True
        errors = [line.replace(self.root, "") for line in err.splitlines() if line.strip()]
        return (errors or [f"the build stopped with status {self.process.returncode}"], "",
                self.process.returncode != RECORDS_FAILED)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            try:
                stream.close()
            except OSError:
                pass


# --- watching --------------------------------------------------------------------

def _watched(change, path: str) -> bool:
    name = Path(path)
    return not (name.suffix in {".mo", ".pyc"} or "__pycache__" in name.parts
                or name.name.startswith(".#") or name.name.endswith("~"))


# --- serving -----------------------------------------------------------------------

@dataclass
class BuildState:
    """What the server shows: the latest build's number and its errors, if it failed."""

    version: int = 0
    errors: list[str] = field(default_factory=list)
    lock: threading.Condition = field(default_factory=threading.Condition)

    def finished(self, errors: list[str]) -> None:
        with self.lock:
            self.errors = errors
            self.version += 1
            self.lock.notify_all()

    def as_json(self) -> str:
        with self.lock:
            return json.dumps({"version": self.version, "ok": not self.errors})

    def wait_past(self, version: int, timeout: float) -> int:
        """Wait up to ``timeout`` seconds for a build after ``version``; the version then."""
        with self.lock:
            self.lock.wait_for(lambda: self.version != version, timeout)
            return self.version


def error_page(errors: list[str]) -> str:
    items = "\n".join(f"<li><code>{html.escape(line)}</code></li>" for line in errors)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Build failed</title>
<style>body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em;
  padding: 0 1em; }} li {{ margin: 0.6em 0; overflow-wrap: anywhere; }}
  h1 {{ color: #b00020; }}</style></head>
<body><h1>Build failed</h1>
<p>Fix these and save: the page comes back when the build passes.</p>
<ul class="rulebook-build-errors">
{items}
</ul>
{RELOAD_SCRIPT}</body></html>
"""


PDF_NOTE = ("The preview has no PDFs: run rulebook build to make them "
            "(build/site/pdf).")


class PreviewHandler(SimpleHTTPRequestHandler):
    """Serves the preview folder, with the reload script in every page."""

    state: BuildState

    def __init__(self, *args, state: BuildState, **kwargs):
        self.state = state
        super().__init__(*args, **kwargs)

    def do_GET(self):
        path = unquote(urlsplit(self.path).path)  # without a query or fragment, decoded
        if path == VERSION_PATH:
            return self._send(200, "application/json", self.state.as_json())
        if path == EVENTS_PATH:
            return self._events()
        if path.startswith("/pdf/"):
            return self._send(404, "text/plain; charset=utf-8", PDF_NOTE)
        page = path.endswith((".html", "/"))
        with self.state.lock:
            errors = list(self.state.errors)
        if page and errors:
            return self._send(500, "text/html; charset=utf-8", error_page(errors))
        file = Path(self.translate_path(path))
        if file.is_dir():
            file = file / "index.html"
        if page and file.is_file():
            text = file.read_text(encoding="utf-8")
            cut = text.rfind("</body>")
            cut = cut if cut >= 0 else len(text)
            return self._send(200, "text/html; charset=utf-8",
                              text[:cut] + RELOAD_SCRIPT + text[cut:])
        if page and self.state.version == 0:
            return self._send(503, "text/html; charset=utf-8",
                              "<!doctype html><title>Building</title><p>Building the preview..."
                              + RELOAD_SCRIPT)
        return super().do_GET()

    def _events(self) -> None:
        """Server-sent events: the build state now, then after every build."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        version = None
        try:
            while not self.server.stopping:
                if version is None or self.state.wait_past(version, 15) != version:
                    body = self.state.as_json()
                    version = json.loads(body)["version"]
                    self.wfile.write(f"data: {body}\n\n".encode())
                else:
                    self.wfile.write(b": still here\n\n")  # finds a closed page
                self.wfile.flush()
        except OSError:  # the page went away
            pass

    def _send(self, status: int, kind: str, body: str) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")  # an edited page is never stale
        super().end_headers()

    def log_message(self, format, *args):  # the console is for builds
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # an open event stream does not hold up the end
    stopping = False


def serve(project: Project, port: int = 8000, say=print) -> None:
    """Serve the preview and rebuild it on every change, until interrupted."""
    import watchfiles

    import rulebook

    package = Path(rulebook.__file__).resolve().parent
    folders = [project.docs, project.figures, package]
    state = BuildState()
    out = project.build / PREVIEW
    out.mkdir(parents=True, exist_ok=True)
    handler = partial(PreviewHandler, state=state, directory=str(out))
    server = _Server(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    say(f"Serving http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop); "
        f"watching docs/, figures/ and {package}", flush=True)
    stop, changes = threading.Event(), queue.Queue()

    def watch() -> None:  # from before the first build, so no edit is missed
        for found in watchfiles.watch(*folders, watch_filter=_watched, debounce=400, step=30,
                                      stop_event=stop, raise_interrupt=False):
            changes.put(found)

    threading.Thread(target=watch, daemon=True).start()
    scope, builder = Scope(), Builder(project)
    try:
        while True:
            started = time.perf_counter()
            errors, summary, reached_pages = builder.build(scope)
            state.finished(errors)
            if errors:
                say(f"Build failed ({time.perf_counter() - started:.1f} s):", flush=True)
                for line in errors:
                    say(f"  {line}", flush=True)
            else:
                say(summary, flush=True)
            builder = Builder(project)  # ready for the next change
            found = changes.get()
            while not changes.empty():  # all that changed while the build ran
                found |= changes.get()
            changed = sorted({Path(path) for _, path in found})
            scope = scope_after(changed, project, package, bool(errors), reached_pages)
            if scope.fresh:  # the waiting builder imported the old code
                builder.stop()
                builder = Builder(project)
            say(changed_line(changed, project.root), flush=True)
    finally:
        stop.set()
        builder.stop()
        server.stopping = True
        server.shutdown()
        server.server_close()


def changed_line(changed: list[Path], root: Path) -> str:
    """What serve says of the files that changed: the first three, and how many more."""
    names = ", ".join(_short(path, root) for path in changed[:3])
    more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
    return f"Changed: {names}{more}; rebuilding"


def _short(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)
