"""``rulebook serve``: a live preview of the site for authors.

Builds a preview of the web pages (both languages) into ``build/preview``,
serves it on localhost, watches ``docs/``, ``figures/`` and the package's
sources (polling), rebuilds on every change and reloads the pages open in the
browser.  A failed build replaces every page by its one-line errors until a
change fixes it.

The preview is the published build without its PDFs (the pages' PDF links
answer with a note), made with the same record, translation and caption
checks.  Each build runs in a fresh Python process, so a change to an engine
or a drawing takes effect, and reads again only the pages that changed (or
whose records or catalogs changed); after a change to the package's code or
a failed page, every page (of that language) is read again.  ``build/site``, the folder to publish, is only ever
made by ``rulebook build``.

The reload script is added to each page as it is served, never to the files.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .build import Project

PREVIEW = "preview"
CACHE = ".preview-cache"
VERSION_PATH = "/__rulebook__/version"
POLL_SECONDS = 0.5

RELOAD_SCRIPT = f"""<script data-rulebook-serve>
(function () {{
  var seen = null;
  setInterval(function () {{
    fetch("{VERSION_PATH}", {{cache: "no-store"}}).then(function (r) {{ return r.json(); }})
      .then(function (state) {{
        if (seen !== null && state.version !== seen) location.reload();
        seen = state.version;
      }}).catch(function () {{}});
  }}, 700);
}})();
</script>
"""


# --- the preview build, run in a child process ---------------------------------

def preview_build(project: Project, fresh: bool) -> str:
    """Check records and translations, then the HTML of each language into
    ``build/preview``; returns the summary line (raises RulebookError)."""
    from .build import (LANGUAGES, BuildError, _lock, _sphinx, check_records,
                        check_translations, write_language_chooser)
    from .play.site import write_play_files

    started = time.perf_counter()
    out, cache = project.build / PREVIEW, project.build / CACHE
    project.build.mkdir(exist_ok=True)
    with _lock(project.build):
        if fresh:
            shutil.rmtree(cache, ignore_errors=True)
        records, claims = check_records(project)
        check_translations(project, cache / "gettext")
        for lang in LANGUAGES:
            doctrees = cache / "doctrees" / lang
            try:
                _sphinx(project, "html", lang, out / lang, doctrees, cache / "figures",
                        fresh=fresh)
            except BuildError:
                # Sphinx keeps a page that failed as read: read them all next time,
                # or its errors would vanish from the preview without a fix.
                (doctrees / "environment.pickle").unlink(missing_ok=True)
                raise
        write_language_chooser(out)
        write_play_files(out, project.docs)  # the play pages' runtime and engine
    return (f"Preview built: {claims} claims in {records} records checked; "
            f"{time.perf_counter() - started:.1f} s.")


def _child(root: str, fresh: str) -> int:
    """The child process: one preview build; errors on stderr, one per line."""
    from .errors import RulebookError

    try:
        print(preview_build(Project(Path(root)), fresh == "fresh"))
    except RulebookError as error:
        print(error, file=sys.stderr)
        return 1
    except Exception as error:  # a bug in an engine or a drawing: say what, not a traceback
        print(f"the build failed: {error!r} (run rulebook build --debug for the traceback)",
              file=sys.stderr)
        return 1
    return 0


# --- watching --------------------------------------------------------------------

def snapshot(folders: list[Path]) -> dict[Path, tuple[int, int]]:
    """Every source file's modification time and size."""
    files = {}
    for folder in folders:
        for path in folder.rglob("*"):
            if (path.suffix in {".mo", ".pyc"} or "__pycache__" in path.parts
                    or not path.is_file()):
                continue
            try:
                stat = path.stat()
            except OSError:  # removed while we looked
                continue
            files[path] = (stat.st_mtime_ns, stat.st_size)
    return files


def changed_paths(before: dict, after: dict) -> list[Path]:
    return sorted({p for p in before.keys() | after.keys() if before.get(p) != after.get(p)})


# --- serving -----------------------------------------------------------------------

@dataclass
class BuildState:
    """What the server shows: the latest build's number and its errors, if it failed."""

    version: int = 0
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def finished(self, errors: list[str]) -> None:
        with self.lock:
            self.errors = errors
            self.version += 1


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
        path = self.path.split("?")[0].split("#")[0]
        if path == VERSION_PATH:
            with self.state.lock:
                body = json.dumps({"version": self.state.version, "ok": not self.state.errors})
            return self._send(200, "application/json", body)
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


def run_build(project: Project, fresh: bool) -> tuple[list[str], str]:
    """One preview build in a child process: (errors, summary line)."""
    done = subprocess.run([sys.executable, "-c", "import sys; from rulebook.serve import _child; "
                           "sys.exit(_child(*sys.argv[1:]))", str(project.root),
                           "fresh" if fresh else "update"],
                          capture_output=True, text=True, env={**os.environ})
    if done.returncode == 0:
        return [], done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    root = str(project.root) + os.sep
    errors = [line.replace(root, "") for line in done.stderr.splitlines() if line.strip()]
    return errors or [f"the build stopped with status {done.returncode}"], ""


def serve(project: Project, port: int = 8000, say=print) -> None:
    """Serve the preview and rebuild it on every change, until interrupted."""
    import rulebook

    package = Path(rulebook.__file__).resolve().parent
    folders = [project.docs, project.figures, package]
    state = BuildState()
    out = project.build / PREVIEW
    out.mkdir(parents=True, exist_ok=True)
    handler = partial(PreviewHandler, state=state, directory=str(out))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    say(f"Serving http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop); "
        f"watching docs/, figures/ and {package}", flush=True)
    fresh = True
    seen = snapshot(folders)
    try:
        while True:
            started = time.perf_counter()
            errors, summary = run_build(project, fresh)
            state.finished(errors)
            if errors:
                say(f"Build failed ({time.perf_counter() - started:.1f} s):", flush=True)
                for line in errors:
                    say(f"  {line}", flush=True)
            else:
                say(summary, flush=True)
            while True:
                time.sleep(POLL_SECONDS)
                if changed_paths(seen, snapshot(folders)):
                    time.sleep(POLL_SECONDS)  # let an editor finish saving
                    previous, seen = seen, snapshot(folders)
                    changed = changed_paths(previous, seen)
                    if changed:
                        break
            fresh = any(package in path.parents for path in changed)  # code: read all again
            names = ", ".join(_short(path, project.root) for path in changed[:3])
            more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
            say(f"Changed: {names}{more}; rebuilding", flush=True)
    finally:
        server.shutdown()
        server.server_close()


def _short(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)
