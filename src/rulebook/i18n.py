"""Translation completeness: Sphinx falls back to English silently, we don't.

``catalog_problems`` compares the message templates of a fresh ``gettext``
build with the language's catalogs and lists every message that is missing
(stale catalog), untranslated or fuzzy, and every catalog entry that no longer
exists in the pages (obsolete ones marked ``#~`` are ignored).
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po


def _messages(path: Path):
    with path.open("rb") as handle:
        catalog = read_po(handle)
    return {(m.context, m.id): m for m in catalog if m.id}


def _short(text) -> str:
    text = text if isinstance(text, str) else text[0]
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def catalog_problems(pot_dir: Path, locale_dir: Path, lang: str) -> list[str]:
    problems = []
    catalogs = Path(locale_dir) / lang / "LC_MESSAGES"
    for pot in sorted(Path(pot_dir).rglob("*.pot")):
        po = catalogs / pot.relative_to(pot_dir).with_suffix(".po")
        if not po.exists():
            problems.append(f"{po}: missing catalog for {pot.stem} "
                            f"(run sphinx-intl update -l {lang})")
            continue
        wanted, have = _messages(pot), _messages(po)
        for key in wanted:
            message = have.get(key)
            if message is None:
                problems.append(f"{po}: stale catalog, no entry for {_short(key[1])!r} "
                                f"(run sphinx-intl update -l {lang} -w 0)")
            elif message.fuzzy:
                problems.append(f"{po}:{message.lineno}: fuzzy translation of {_short(key[1])!r}")
            elif not (message.string if isinstance(message.string, str) else all(message.string)):
                problems.append(f"{po}:{message.lineno}: untranslated {_short(key[1])!r}")
        for key, message in have.items():
            if key not in wanted:
                problems.append(f"{po}:{message.lineno}: obsolete entry {_short(key[1])!r} "
                                f"is no longer in the page")
    return problems
