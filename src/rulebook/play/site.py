"""What the build adds to the site for the play pages, in ``<site>/play/``::

    pyodide/   the Python runtime compiled to WebAssembly (Pyodide, pinned below)
    engine.zip the package's engine modules, loaded into the runtime
    play.js, play.css  the page's script and style (plain files, no build step)
    worker.js  the Web Worker that runs the runtime and the engine for play.js

The runtime is the npm package ``pyodide`` at :data:`PYODIDE_VERSION`, fetched
once with ``npm pack`` into the user's cache folder (:func:`cache_folder`, shared
by every project and build) and checked against
:data:`PYODIDE_SHA256` before anything is taken from it; the published folder
then needs no network.  Only the files the core runtime loads are copied, and
its standard library is shipped compiled to bytecode (:func:`compiled_stdlib`,
checked against :data:`PYODIDE_STDLIB_SHA256`).
"""

from __future__ import annotations

import functools
import hashlib
import io
import os
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from pathlib import Path

from ..cache import cache_folder
from ..errors import RulebookError

PYODIDE_VERSION = "314.0.8"
PYODIDE_SHA256 = "9a52704e0ae5b07aaacb8e4fed9f1658e8024694a078695ea45ac79dee4cefcb"
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
# The tarball's python_stdlib.zip holds the standard library as source, so a first
# visit compiled the 125 modules that Pyodide's own start imports (asyncio, ast,
# typing, zipfile...), most of its start-up.  The build ships it compiled instead:
# each module's bytecode (an unchecked hash-based .pyc, no source), made by the
# pinned runtime itself, run once by Node.js with a fixed hash seed, so the same
# bytes on every machine, pinned here.  Raise STDLIB_FORMAT when _COMPILE changes.
STDLIB_FORMAT = 1
PYODIDE_STDLIB_SHA256 = "b1533b9e9db5642189b2abea0b3de63f1b19ffd3c0b553162db4a2fe3eef6ad5"
# What a play page's engine snapshot is keyed by (worker.js): the runtime as shipped.
RUNTIME_KEY = f"{PYODIDE_SHA256}/{PYODIDE_STDLIB_SHA256}"
PACKAGE = Path(__file__).resolve().parent.parent  # src/rulebook
STATIC = Path(__file__).resolve().parent / "static"
# Parts of the package the browser never runs (they need Sphinx, ReportLab,
# matplotlib or the file system of a project); everything else is shipped.
NOT_SHIPPED = {"sphinxext", "pdf", "templates", "figure_style.py", "build.py", "cli.py",
               "serve.py", "i18n.py", "translate.py", "scaffold.py", "schema.py", "cache.py",
               "figure_cache.py", "diff", "snapshot.py", "editions.py"}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


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
    digest = _sha256(tarball)
    if digest != PYODIDE_SHA256:
        tarball.unlink()  # the next build fetches it again
        raise RuntimeUnavailable(f"{tarball}: sha256 {digest} is not the pinned {PYODIDE_SHA256} "
                            f"of Pyodide {PYODIDE_VERSION}; the file was removed")
    return tarball


# Run by Node.js: the runtime in the folder argv[1] runs argv[3] (Python), which
# writes /stdlib.zip, copied to argv[2].
_NODE = """
import {writeFileSync} from "node:fs";
import {pathToFileURL} from "node:url";
const [runtime, out, code] = process.argv.slice(1);
const {loadPyodide} = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const pyodide = await loadPyodide({indexURL: runtime + "/", env: {PYTHONHASHSEED: "0"}});
pyodide.runPython(code);
writeFileSync(out, pyodide.FS.readFile("/stdlib.zip"));
"""

# Every module of the runtime's own standard library zip, compiled as its import
# would compile it (the same file name, so tracebacks name the same place), in the
# zip's order, with fixed dates; every other entry as it is.
_COMPILE = """
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
stdlib = next(p for p in sys.path if p.endswith(".zip"))
with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile("/stdlib.zip", "w") as target:
    for info in source.infolist():
        name, data = info.filename, source.read(info)
        if name.endswith(".py"):
            code = compile(data, f"{stdlib}/{name}", "exec", dont_inherit=True, optimize=0)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            name = name[:-3] + ".pyc"
        entry = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
        entry.external_attr = info.external_attr
        entry.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
        target.writestr(entry, data)
"""


def compiled_stdlib(tarball: Path, cache: Path) -> Path:
    """The runtime's standard library compiled to bytecode, from the cache or made
    (once: Node.js runs the runtime of ``tarball``), checked by its pinned hash."""
    target = cache / f"pyodide-{PYODIDE_VERSION}-stdlib-{STDLIB_FORMAT}.zip"
    if target.exists():
        if _sha256(target) == PYODIDE_STDLIB_SHA256:
            return target
        target.unlink()  # not the pinned bytes: made again
    node = shutil.which("node")
    if node is None:
        raise RuntimeUnavailable(f"the play pages need Pyodide {PYODIDE_VERSION}'s standard library "
                                 "compiled, once, and Node.js is not installed to run it (install "
                                 "Node.js, then build again)")
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        extract_runtime(tarball, folder)
        made = folder / "stdlib.zip"
        done = subprocess.run([node, "--input-type=module", "-e", _NODE, str(folder), str(made),
                               _COMPILE], capture_output=True, text=True)
        if done.returncode != 0 or not made.exists():
            why = (done.stderr.strip().splitlines() or ["no zip written"])[-1]
            raise RuntimeUnavailable(f"compiling Pyodide {PYODIDE_VERSION}'s standard library with "
                                     f"Node.js failed: {why}")
        digest = _sha256(made)
        if digest != PYODIDE_STDLIB_SHA256:
            raise RuntimeUnavailable(f"Pyodide {PYODIDE_VERSION}'s standard library compiled to sha256 "
                                     f"{digest}, not the pinned {PYODIDE_STDLIB_SHA256}")
        cache.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        shutil.copyfile(made, partial)
        partial.replace(target)
    return target


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


@functools.cache  # (a build runs in a process of its own: the sources do not change in it)
def engine_digest() -> str:
    """The SHA-256 of :func:`engine_zip`'s bytes."""
    return hashlib.sha256(engine_zip()).hexdigest()


def drawn_key(words_json: str) -> str:
    """What a play page keeps its drawing of the game saved under (storage.js's
    keepDrawn), for a later visit to draw at once, before its engine has started:
    a digest of the runtime, the engine and the page's words (its language and the
    engine's messages in it), whose view of a game is that drawing."""
    parts = (RUNTIME_KEY, engine_digest(), words_json)
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def write_play_files(site: Path, docs: Path, cache: Path | None = None) -> None:
    """The play pages' files, if the project has play pages (``docs/play/``)."""
    if not (docs / "play").is_dir():
        return
    cache = cache_folder() if cache is None else cache
    play = site / "play"
    tarball = runtime_tarball(cache)
    extract_runtime(tarball, play / "pyodide")
    shutil.copyfile(compiled_stdlib(tarball, cache), play / "pyodide" / "python_stdlib.zip")
    (play / "engine.zip").write_bytes(engine_zip())
    for path in sorted(STATIC.iterdir()):
        shutil.copyfile(path, play / path.name)
