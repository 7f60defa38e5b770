"""The built site as it was last looked at and approved: its figures, pages and PDFs.

Like matplotlib's baseline images, or a compiler's expected-diagnostics files, the
approved outputs catch what no rule of a test names: a label moved, a word swapped,
a line broken elsewhere, a page run over.  ``test_approved_output`` compares the
built site with ``tests/approved/site.txt``, one line an output:
``<digest>  <what>``.  What is compared is what the build *makes*, never a copy of a
source (the play page's scripts, the engine's zip: their tests are elsewhere):

- each figure (SVG), byte for byte: the build is deterministic;
- each generated page (HTML, the search index, the record schema), with the
  fingerprints of copied files (``?v=…`` and other hexadecimal runs) left out;
- each PDF page, as what a reader sees: every run of text with its place, and the
  place of every drawing on the page.  The edition line (date and commit of the
  sources) is read without its date and commit, which change with every commit.

When a change to the output is meant, look at it (``pdftoppm``, a browser), then
approve it::

    .venv/bin/python tests/approved_output.py --approve

and commit ``tests/approved/site.txt`` with the change: its diff names every
output the change touched.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

APPROVED = Path(__file__).resolve().parent / "approved" / "site.txt"

# what changes with every commit of the sources, and nothing else: the edition
# line's date and short hash (the whole line is read as one, its runs' widths
# change with its digits), and the year of the copyright line
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_SOURCES = re.compile(r"\d{4}-\d{2}-\d{2}|\b[0-9a-f]{7,40}\b")
_YEAR = re.compile(r"(?<=©)\s*\d{4}")
# fingerprints of copied files in generated pages (``?v=1a2b3c4d``, ``data-drawn-key``,
# ``data-runtime``): a copied source is not an output
_FINGERPRINT = re.compile(rb"[0-9a-f]{8,}")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _pdf_pages(path: Path):
    """Each page of a PDF as lines a reader sees: text runs and drawings, placed."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    document = pdfium.PdfDocument(path)
    try:
        for number, page in enumerate(document, 1):
            lines = [f"size {page.get_width():.1f} {page.get_height():.1f}"]
            text = page.get_textpage()
            runs = [(*text.get_rect(index), text.get_text_bounded(*text.get_rect(index)))
                    for index in range(text.count_rects())]
            editions = [bottom for _, bottom, _, _, run in runs if _DATE.search(run)]
            for left, bottom, right, top, run in runs:
                if any(abs(bottom - line) < 3 for line in editions):
                    lines.append(f"edition {_SOURCES.sub('#', run)}")  # its words, not their places
                else:
                    lines.append(f"text {left:.1f} {bottom:.1f} {right:.1f} {top:.1f} {_YEAR.sub('#', run)}")
            for item in page.get_objects(max_depth=1):
                if item.type == raw.FPDF_PAGEOBJ_TEXT:
                    continue  # read above, as text
                bounds = " ".join(f"{value:.1f}" for value in item.get_bounds())
                inside = (f" holding {raw.FPDFFormObj_CountObjects(item.raw)}"
                          if item.type == raw.FPDF_PAGEOBJ_FORM else "")
                lines.append(f"object {item.type} {bounds}{inside}")
            yield number, "\n".join(lines)
    finally:
        document.close()


def outputs(site: Path) -> dict[str, str]:
    """``{what: digest}`` for every output of a built site (``build/site``)."""
    found: dict[str, str] = {}
    for path in sorted(site.glob("*/_images/*.svg")):
        found[f"figure {path.relative_to(site)}"] = _digest(path.read_bytes())
    pages = [*site.glob("*.html"), *site.glob("*/*.html"), *site.glob("*/play/*.html"),
             *site.glob("*/searchindex.js"), *site.glob("schema/*.json")]
    for path in sorted(pages):
        found[f"page {path.relative_to(site)}"] = _digest(_FINGERPRINT.sub(b"#", path.read_bytes()))
    for path in sorted(site.glob("pdf/*.pdf")):
        for number, page in _pdf_pages(path):
            found[f"pdf {path.relative_to(site)} page {number}"] = _digest(page.encode())
    return found


# What the build draws and sets its outputs with, and pdfium, which reads the PDFs here:
# the approved digests hold for these versions (like matplotlib's baseline images, which
# hold for one FreeType).  ``environment`` finds the distributions they load; the
# ``test`` extra of pyproject.toml pins each to its approved version, so the README's
# install compares the outputs byte for byte whatever PyPI has released since.
SHAPERS = ["rulebook.build", "rulebook.figure_style", "rulebook.pdf.builder", "rulebook.sphinxext",
           "matplotlib.pyplot", "reportlab.pdfgen.canvas", "svglib.svglib", "pypdf", "sphinx.application",
           "furo", "pygments", "budoux", "shapely", "sympy", "fontTools.subset", "pypdfium2"]


def environment() -> str:
    """``name==version`` of every distribution whose modules the shapers load, in a
    fresh process: what the approved digests hold for.  Not rulebook, nor setuptools,
    whose start-up hook (``_distutils_hack``) a virtual environment of Python 3.11
    loads into every process: it shapes nothing, and Python 3.12's venvs lack it."""
    import subprocess

    script = ("import importlib, sys\n"
              f"for name in {SHAPERS!r}:\n    importlib.import_module(name)\n"
              "from importlib import metadata\n"
              "found = metadata.packages_distributions()\n"
              "tops = {m.split('.')[0] for m in sys.modules}\n"
              "names = {d for top in tops for d in found.get(top, ())} - {'rulebook', 'setuptools'}\n"
              "print(' '.join(sorted(f'{n}=={metadata.version(n)}' for n in names)))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def read_approved(path: Path = APPROVED) -> tuple[str, dict[str, str]]:
    """The environment the outputs were approved in, and ``{what: digest}``."""
    approved, versions = {}, ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# versions: "):
            versions = line.removeprefix("# versions: ")
        elif line and not line.startswith("#"):
            digest, _, what = line.partition("  ")
            approved[what] = digest
    return versions, approved


def write_approved(found: dict[str, str], versions: str, path: Path = APPROVED) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# The built site's outputs as last approved (tests/approved_output.py).",
             f"# versions: {versions}"]
    lines += [f"{digest}  {what}" for what, digest in sorted(found.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def differences(approved: dict[str, str], found: dict[str, str]) -> list[str]:
    """One line per output that changed, appeared or disappeared, in order."""
    lines = []
    for what in sorted(approved.keys() | found.keys()):
        if what not in found:
            lines.append(f"gone: {what}")
        elif what not in approved:
            lines.append(f"new: {what}")
        elif approved[what] != found[what]:
            lines.append(f"changed: {what}")
    return lines


if __name__ == "__main__":
    root = Path(__file__).resolve().parent.parent
    if sys.argv[1:] != ["--approve"]:
        sys.exit("usage: tests/approved_output.py --approve")
    sys.path.insert(0, str(root / "src"))
    from rulebook.build import Project, build

    build(Project(root), progress=print)  # up to date first: what is approved is what the sources make
    found = outputs(root / "build" / "site")
    changed = differences(read_approved()[1], found) if APPROVED.exists() else ["(first approval)"]
    write_approved(found, environment())
    print(f"approved {len(found)} outputs of build/site; {len(changed)} changed:")
    print("\n".join(f"  {line}" for line in changed[:50]))
