"""``rulebook translate``: bring the translation catalogs up to date with the pages.

What ``sphinx-build -b gettext`` + ``sphinx-intl update -w 0`` do, in one
command run from anywhere in the project: the English pages' message templates
are extracted into a temporary folder, and each language's catalog
``docs/locale/<lang>/LC_MESSAGES/<page>.po`` is updated from them (with
sphinx-intl's own catalog functions, so translator comments such as
``# claims-reordered`` stay).  Existing translations are kept; a message whose
English changed a little keeps its old translation marked fuzzy (so does a new
message close to another message of the pages: it gets that message's
translation, which the report names, as a starting point); a message no page has any more becomes an
obsolete ``#~`` entry.  A catalog whose
messages did not change is not rewritten, and the header of one that did keeps
its date, so that only the messages change.

The report lists every entry that needs a translator, with its file and line.
"""

from __future__ import annotations

import io
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.pofile import write_po
from sphinx_intl.catalog import load_po

from .build import Project, _sphinx
from .errors import counted
from .files import write_file
from .i18n import read_catalog, shortened
from .records import LANGUAGES

WIDTH = 0  # no re-wrapping: a changed message is one changed line in a diff


@dataclass
class CatalogUpdate:
    """What changed in one catalog, and what a translator must still do there."""

    path: Path
    created: bool = False
    added: int = 0  # messages new in the pages
    obsolete: list[str] = field(default_factory=list)  # messages no page has any more
    todo: list[tuple[int, str, str]] = field(default_factory=list)  # (line, "untranslated"/"fuzzy", id)
    guessed_from: dict[str, str] = field(default_factory=dict)  # fuzzy id -> id whose translation it got

    @property
    def changed(self) -> bool:
        return self.created or bool(self.added or self.obsolete)


def update_catalog(pot: Path, po: Path, lang: str) -> CatalogUpdate:
    """Update (or create) ``po`` from the template ``pot``."""
    template = load_po(str(pot))
    report = CatalogUpdate(po, created=not po.exists())
    if report.created:
        template.locale = lang
        catalog = template
        report.added = sum(1 for m in template if m.id)
    else:
        catalog = read_catalog(po)  # strict: a syntax error names its line
        before = {m.id for m in catalog if m.id}
        # sphinx-intl's update_with_fuzzy, but keeping the header's creation date: a
        # date that changed at every update would make two branches that both
        # translated a page conflict on that line
        catalog.update(template, update_creation_date=False)
        after = {m.id for m in catalog if m.id}
        # a new message given the translation of another message still in the pages (not
        # of the message it replaces, which is what an edit looks like)
        report.guessed_from = {str(m.id): str(m.previous_id[0]) for m in catalog
                               if m.id and m.fuzzy and m.id not in before
                               and m.previous_id and m.previous_id[0] in after}
        report.added = len(after - before)
        report.obsolete = [shortened(str(m.id)) for m in catalog.obsolete.values()
                           if m.id in before]
    if report.changed:
        po.parent.mkdir(parents=True, exist_ok=True)
        text = io.BytesIO()  # as sphinx-intl's dump_po writes it, but aside, then moved
        write_po(text, catalog, width=WIDTH)
        write_file(po, text.getvalue())
    for message in read_catalog(po):  # as written, for the line numbers
        if message.id and (message.fuzzy or not message.string):
            kind = "fuzzy" if message.fuzzy else "untranslated"
            report.todo.append((message.lineno, kind, str(message.id)))
    return report


def translate(project: Project) -> list[CatalogUpdate]:
    """Update every language's catalogs from the current English pages."""
    with tempfile.TemporaryDirectory(prefix="rulebook-gettext-") as scratch:
        scratch = Path(scratch)
        pot_dir = scratch / "gettext"
        _sphinx(project, "gettext", "en", pot_dir, scratch / "doctrees", scratch / "figures",
                fresh=True)
        updates = []
        for lang in LANGUAGES[1:]:
            catalogs = project.docs / "locale" / lang / "LC_MESSAGES"
            for pot in sorted(pot_dir.rglob("*.pot")):
                po = catalogs / pot.relative_to(pot_dir).with_suffix(".po")
                updates.append(update_catalog(pot, po, lang))
    return updates


def report_lines(updates: list[CatalogUpdate], root: Path) -> list[str]:
    """A line per catalog that changed, then one per entry a translator must look at."""
    lines = []
    for update in updates:
        where = os.path.relpath(update.path, root)
        if update.created:
            lines.append(f"{where}: created, {counted(update.added, 'message')}")
        elif update.changed:
            lines.append(f"{where}: {update.added} new, {len(update.obsolete)} obsolete")
        for text in update.obsolete:
            lines.append(f"{where}: obsolete {text!r} (kept as a #~ entry)")
        for line, kind, text in update.todo:
            guess = update.guessed_from.get(text) if kind == "fuzzy" else None
            lines.append(f"{where}:{line}: {kind} {shortened(text)!r}"
                         + (f" (its translation is copied from {shortened(guess)!r}: rewrite it)"
                            if guess else ""))
    changed = sum(u.changed for u in updates)
    todo = sum(len(u.todo) for u in updates)
    lines.append(f"{changed} of {len(updates)} catalogs updated; {counted(todo, 'message')} "
                 "to translate"
                 + (" (translate them, and remove each fuzzy flag once the translation is "
                    "right)" if todo else "."))
    return lines
