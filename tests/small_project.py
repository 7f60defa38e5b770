"""A one-page rulebook project with one QTTT figure, for testing the gates.

The record's claims: ``pairs`` (3 spooky pairs), ``placed`` (3 marks made),
``chooser`` (O chooses the collapse).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from rulebook.build import BuildError, Project, _sphinx

RECORD = '''\
game = "qttt"
moves = ["a1-b2", "b2-c3", "c3-a1"]

[figure]
columns = 1

[[claims]]
id = "pairs"
fact = "spooky_count"
expect = 3

[[claims]]
id = "placed"
fact = "marks_placed"
expect = 3

[[claims]]
id = "chooser"
fact = "chooser"
expect = "O"
'''

CONF = '''\
extensions = ["rulebook.sphinxext"]
language = "en"
locale_dirs = ["locale/"]
gettext_compact = False
gettext_location = False
gettext_uuid = False
exclude_patterns = ["locale"]
smartquotes = False
rulebook_figures_dir = {figures!r}
'''

PO_HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'


def po_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def make_project(root: Path, caption: str, translations: dict[str, str] | None = None,
                 extra: str = "", alt: str = "Pairs of marks form a cycle.",
                 record: str = RECORD) -> Project:
    """A project whose page holds one figure with ``caption`` (and ``extra``
    paragraphs after it) of ``record``; ``translations`` maps source messages
    to Japanese."""
    docs, figures = root / "docs", root / "figures"
    (figures / "qttt").mkdir(parents=True)
    (figures / "qttt" / "cycle.toml").write_text(record, encoding="utf-8")
    docs.mkdir(parents=True)
    (docs / "conf.py").write_text(CONF.format(figures=str(figures)), encoding="utf-8")
    content = textwrap.indent(caption + (f"\n\n{extra}" if extra else ""), "   ")
    page = ("Cycles\n======\n\n.. rulebook-figure:: qttt/cycle\n"
            f"   :alt: {alt}\n\n" + content + "\n")
    (docs / "index.rst").write_text(page, encoding="utf-8")
    if translations is not None:
        write_po(root, translations)
    return Project(root)


def write_po(root: Path, translations: dict[str, str], comments: dict[str, str] | None = None):
    catalogs = root / "docs" / "locale" / "ja" / "LC_MESSAGES"
    catalogs.mkdir(parents=True, exist_ok=True)
    entries = [f"{(comments or {}).get(source, '')}msgid {po_string(source)}\n"
               f"msgstr {po_string(target)}\n" for source, target in translations.items()]
    path = catalogs / "index.po"
    path.write_text(PO_HEADER + "\n".join(entries), encoding="utf-8")
    return path


def build_page(project: Project, lang: str, out: Path) -> str:
    """Read and write the page in ``lang``; the build's errors, or '' if none."""
    try:
        _sphinx(project, "dummy", lang, out / lang, out / f"doctrees-{lang}", out / "figures",
                fresh=True)
    except BuildError as error:
        return str(error)
    return ""
