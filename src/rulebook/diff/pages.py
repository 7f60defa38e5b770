"""Where the earlier edition printed what changed: page numbers for the errata.

The earlier revision's books are built by its own code (``rulebook build --game
GAME`` in the exported tree, a child Python with that tree's ``src`` on
``PYTHONPATH``), once per commit and game, and kept in
``build/diff-editions/<commit>/<game>/``.  A figure is found by its panels:
each panel's SVG is drawn in the PDFs from a form XObject named after the
SVG's hash (:func:`rulebook.pdf.drawings.form_name`, computed by the earlier
code too), so the page whose content draws the form is the figure's page, and
the order in which the page draws its figures says which figure on the page it
is.  A paragraph is found by its opening words in the page's text.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from ..records import LANGUAGES

# run in the earlier tree: each panel SVG's form name, as that tree's PDFs name it
FORMS = """
import json, sys
from pathlib import Path
from rulebook.pdf.drawings import form_name
print(json.dumps({str(p): form_name(p.read_bytes()) for p in map(Path, sys.argv[1:])}))
"""
DRAWN = re.compile(rb"/FormXob\.(rulebook[0-9a-f]+) Do")


def _child(root: Path, args: list[str]) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL)


def edition(old_root: Path, commit: str, game: str, store: Path, progress) -> Path | None:
    """The earlier edition's books of ``game`` with its forms' names (``forms.json``):
    built once per commit, then kept.  None if that revision cannot build them."""
    kept = store / commit / game
    if (kept / "forms.json").exists():
        return kept
    progress(f"building the {game} books of {commit[:7]} (for the errata's page numbers)")
    build = ["-m", "rulebook.cli", "build", "--game", game, "-q"]
    built = _child(old_root, [*build, "--no-formats"])  # the A4 books are all it reads
    if built.returncode == 2 and "--no-formats" in built.stderr:  # a rulebook before the option
        built = _child(old_root, build)
    site = old_root / "build" / "games" / game
    if built.returncode != 0 or not (site / "pdf").is_dir():
        last = (built.stderr.strip().splitlines() or ["no PDFs"])[-1]
        progress(f"  the earlier {game} books do not build ({last}); the errata give no pages")
        return None
    svgs = sorted(site.glob("*/_images/*.svg"))
    forms = _child(old_root, ["-c", FORMS, *map(str, svgs)])
    try:
        names = json.loads(forms.stdout)
    except ValueError:
        names = {}
    staging = store / commit / f".{game}-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    for lang in LANGUAGES:
        book = site / "pdf" / f"{game}-{lang}.pdf"
        if book.exists():
            shutil.copyfile(book, staging / book.name)
    table = {}
    for path, form in names.items():
        found = re.fullmatch(rf"{re.escape(game)}-(.+)-({'|'.join(LANGUAGES)})-(\d+)\.svg",
                             Path(path).name)
        if found:
            table[form] = {"record": f"{game}/{found.group(1)}", "lang": found.group(2)}
    (staging / "forms.json").write_text(json.dumps(table, sort_keys=True))
    shutil.rmtree(kept, ignore_errors=True)
    staging.rename(kept)
    return kept


def figure_pages(book: Path, forms: dict) -> dict[str, tuple[int, int]]:
    """record -> (page, which figure on the page), from the first page drawing it."""
    from pypdf import PdfReader

    found: dict[str, tuple[int, int]] = {}
    for number, page in enumerate(PdfReader(book).pages, start=1):
        contents = page.get_contents()
        data = contents.get_data() if contents is not None else b""
        order: list[str] = []
        for name in DRAWN.findall(data):
            record = forms.get(name.decode(), {}).get("record")
            if record and record not in order:
                order.append(record)
        for nth, record in enumerate(order, start=1):
            found.setdefault(record, (number, nth))
    return found


def plain(text: str) -> str:
    """The longest run of a message printed as written (no role, no markup), without
    spaces: what to look for in a page's text."""
    runs = re.split(r":[a-z-]+:`[^`]*`|``[^`]*``|\\ |[`*|]", text)
    return max(("".join(run.split()) for run in runs), key=len, default="")


def text_pages(book: Path) -> list[str]:
    """Each page's text without spaces; read once (slow, for the Japanese font's text)
    and kept beside the book."""
    from pypdf import PdfReader

    kept = book.with_suffix(".pages.json")
    if kept.exists():
        return json.loads(kept.read_text(encoding="utf-8"))
    texts = ["".join((page.extract_text() or "").split()) for page in PdfReader(book).pages]
    kept.write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
    return texts


def find_pages(diff, store: Path, progress) -> None:
    """Fill ``diff.pages`` and ``diff.message_pages`` from the earlier edition's books."""
    if diff.old.revision is None:
        return
    games = {r.game for r in diff.records if r.status != "added"}
    games |= {m.page for m in diff.messages if m.old is not None and m.page in diff.games}
    for game in sorted(games):
        kept = edition(diff.old.root, diff.old.revision, game, store, progress)
        if kept is None:
            continue
        forms = json.loads((kept / "forms.json").read_text())
        for lang in LANGUAGES:
            book = kept / f"{game}-{lang}.pdf"
            if not book.exists():
                continue
            for record, where in figure_pages(book, forms).items():
                diff.pages[lang, record] = where
            texts = None
            for message in diff.messages:
                old = message.old if lang == "en" else message.old_ja
                if message.page != game or not old:
                    continue
                texts = texts if texts is not None else text_pages(book)
                opening = plain(old)[:30 if lang == "en" else 14]
                if len(opening) >= (12 if lang == "en" else 6):
                    page = next((n for n, t in enumerate(texts, start=1) if opening in t), None)
                    if page is not None:
                        diff.message_pages[lang, message.old] = page

