"""What the build adds to the site for the play pages, in ``<site>/play/``::

    pyodide/   the Python runtime compiled to WebAssembly (Pyodide, pinned below)
    engine.zip the package's engine modules, loaded into the runtime
    play.js, play.css  the page's script and style (plain files, no build step)
    worker.js  the Web Worker that runs the runtime and the engine for play.js

The runtime is the npm package ``pyodide`` at :data:`PYODIDE_VERSION`, fetched
once with ``npm pack`` into the user's cache folder (:func:`cache_folder`, shared
by every project and build) and checked against
:data:`PYODIDE_SHA256` before anything is taken from it; the published folder
then needs no network.  Only the files the core runtime loads are copied.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import subprocess
import tarfile
import zipfile
from pathlib import Path

from ..errors import RulebookError

PYODIDE_VERSION = "314.0.8"
PYODIDE_SHA256 = "9a52704e0ae5b07aaacb8e4fed9f1658e8024694a078695ea45ac79dee4cefcb"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
PACKAGE = Path(__file__).resolve().parent.parent  # src/rulebook
STATIC = Path(__file__).resolve().parent / "static"
# Parts of the package the browser never runs (they need Sphinx, ReportLab,
# matplotlib or the file system of a project); everything else is shipped.
NOT_SHIPPED = {"sphinxext", "pdf", "templates", "figure_style.py", "build.py", "cli.py",
               "serve.py", "i18n.py", "translate.py", "scaffold.py", "schema.py"}


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/rulebook`` (by default ``~/.cache/rulebook``)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "rulebook"


class RuntimeUnavailable(RulebookError):
    """The Python runtime for the play pages could not be obtained."""


def runtime_tarball(cache: Path) -> Path:
    """The pinned Pyodide package, from the cache or fetched with npm; checked by its hash."""
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeUnavailable(f"the play pages need Pyodide {PYODIDE_VERSION} and npm is not "
                                "installed to fetch it (install Node.js and npm, then build again)")
        cache.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent",
                               "--pack-destination", str(cache)],
                              capture_output=True, text=True)
        if done.returncode != 0 or not tarball.exists():
            why = (done.stderr.strip().splitlines() or ["no tarball written"])[-1]
            raise RuntimeUnavailable(f"npm pack pyodide@{PYODIDE_VERSION} failed: {why}")
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    if digest != PYODIDE_SHA256:
        tarball.unlink()  # the next build fetches it again
        raise RuntimeUnavailable(f"{tarball}: sha256 {digest} is not the pinned {PYODIDE_SHA256} "
                            f"of Pyodide {PYODIDE_VERSION}; the file was removed")
    return tarball


def extract_runtime(tarball: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        for name in RUNTIME_FILES:
            member = archive.getmember(f"package/{name}")
            (target / name).write_bytes(archive.extractfile(member).read())


def engine_zip() -> bytes:
    """The package's modules the browser runs, as a zip with fixed dates (byte-identical builds)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(PACKAGE.rglob("*.py")):
            inside = path.relative_to(PACKAGE)
            if inside.parts[0] in NOT_SHIPPED or "__pycache__" in inside.parts:
                continue
            info = zipfile.ZipInfo(str(Path("rulebook") / inside), date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return out.getvalue()


def write_play_files(site: Path, docs: Path, cache: Path | None = None) -> None:
    """The play pages' files, if the project has play pages (``docs/play/``)."""
    if not (docs / "play").is_dir():
        return
    cache = cache_folder() if cache is None else cache
    play = site / "play"
    extract_runtime(runtime_tarball(cache), play / "pyodide")
    (play / "engine.zip").write_bytes(engine_zip())
    for path in sorted(STATIC.iterdir()):
        shutil.copyfile(path, play / path.name)
